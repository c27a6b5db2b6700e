"""textkit: a tiny sample package used as a code corpus for tokenizer training."""

from .counting import count_pairs, count_words, most_common
from .merging import merge_pair, train_merges

__all__ = ["count_pairs", "count_words", "merge_pair", "most_common", "train_merges"]
