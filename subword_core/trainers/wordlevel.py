"""WordLevelTrainer: a vocabulary of whole words, the most frequent first (HF's trainer).

HF ``models/wordlevel/trainer.rs``: the special tokens in order, then the words sorted
by count (highest first; equal counts by the word's code points), keeping the words
counted at least ``min_frequency`` times, up to ``vocab_size`` entries in all. A word
equal to a special token takes the later id, as in HF's map (the vocabulary then has a
gap where the special token was).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..models import WordLevel
from ._pairs import special_contents
from .base import TrainerBase, TrainGenerator, check_word_counts
from .events import StageProgress, StageStarted


@dataclass(kw_only=True)
class WordLevelTrainer(TrainerBase):
    """Train a WordLevel model from word counts (HF ``WordLevelTrainer``).

    ``limit_alphabet`` and ``initial_alphabet`` are not used (HF's trainer has none).

    Example:
        >>> trainer = WordLevelTrainer(vocab_size=4, special_tokens=["[UNK]"])
        >>> model, _ = trainer.train({"b": 2, "a": 2, "c": 5, "d": 1})
        >>> model.get_vocab()
        {'[UNK]': 0, 'c': 1, 'a': 2, 'b': 3}
    """

    def iter_train(self, word_counts: Mapping[str, int]) -> TrainGenerator:
        """Yield the stages; return ``(WordLevel model, TrainingHistory)``."""
        self.validate()
        check_word_counts(word_counts)
        history = self.new_history()
        yield StageStarted("count_words", len(word_counts))
        ranked = sorted(word_counts.items(), key=lambda item: (-item[1], item[0]))
        kept = [word for word, count in ranked if count >= self.min_frequency]
        yield StageProgress("count_words", len(word_counts), len(word_counts))
        yield StageStarted("finalize", None)
        vocab: dict[str, int] = {}
        for index, token in enumerate((special_contents(self.special_tokens) + kept)
                                      [:self.vocab_size]):
            vocab[token] = index  # a repeated token keeps its last id, as in HF
        return WordLevel(vocab), history

    def hf_state(self) -> dict:
        """HF's ``__getstate__`` object: ``{"WordLevelTrainer": {...}}``."""
        return {"WordLevelTrainer": {
            "min_frequency": self.min_frequency, "vocab_size": self.vocab_size,
            "show_progress": self.show_progress, "special_tokens": self.hf_special_tokens(),
            "words": {}}}


__all__ = ["WordLevelTrainer"]
