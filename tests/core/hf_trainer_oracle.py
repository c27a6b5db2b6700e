"""Test helpers: train HF ``tokenizers`` on word counts, and generate word-count corpora.

Imported by the trainer parity tests only after ``pytest.importorskip("tokenizers")``.
HF trains from text, so the counts are fed as whitespace-separated repetitions
through a ``WhitespaceSplit`` pre-tokenizer; words must not contain whitespace.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping

import tokenizers as tk

from subword_core.trainers import _pairs


def _texts(word_counts: Mapping[str, int]) -> Iterator[str]:
    for word, count in word_counts.items():
        assert word and not any(ch.isspace() for ch in word), word
        for start in range(0, count, 500):
            yield " ".join([word] * min(500, count - start))


def hf_model(word_counts: Mapping[str, int], trainer: object) -> dict:
    """Train an HF BPE/WordPiece model; return its ``tokenizer.json`` ``"model"`` object."""
    model = tk.models.WordPiece(unk_token="[UNK]") if isinstance(
        trainer, tk.trainers.WordPieceTrainer) else tk.models.BPE()
    tok = tk.Tokenizer(model)
    tok.pre_tokenizer = tk.pre_tokenizers.WhitespaceSplit()
    tok.train_from_iterator(_texts(word_counts), trainer)
    return json.loads(tok.to_str())["model"]


def hf_bpe(word_counts: Mapping[str, int], **options: object) -> tuple[dict, list[tuple]]:
    """HF ``BpeTrainer`` on these counts: ``(vocab, merges)``."""
    model = hf_model(word_counts, tk.trainers.BpeTrainer(show_progress=False, **options))
    return model["vocab"], [tuple(m) for m in model["merges"]]


def use_hf_variant_order(monkeypatch, hf_vocab: Mapping[str, int]) -> None:
    """Number prefix/suffix variants as HF did in this run (HF uses hash-map order)."""
    monkeypatch.setattr(_pairs, "order_variants",
                        lambda tokens: sorted(tokens, key=hf_vocab.__getitem__))


BYTE_ALPHABET = tk.pre_tokenizers.ByteLevel.alphabet()
_BYTE_LEVEL = tk.pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)


def byte_level(text: str) -> str:
    """``text`` as HF's byte-level symbols (GPT-2 ``bytes_to_unicode``), one word."""
    return "".join(piece for piece, _ in _BYTE_LEVEL.pre_tokenize_str(text))


def byte_level_counts(texts: Mapping[str, int]) -> dict[str, int]:
    """Re-key word counts by their byte-level form."""
    out: dict[str, int] = {}
    for text, count in texts.items():
        key = byte_level(text)
        out[key] = out.get(key, 0) + count
    return out


def random_counts(seed: int, n_words: int = 200, alphabet: str = "abcdefgh",
                  max_len: int = 9, max_count: int = 40, zipf: bool = True) -> dict[str, int]:
    """A reproducible word-count corpus: Zipf-ish counts over random words."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for rank in range(1, n_words + 1):
        word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, max_len)))
        count = max(1, int(max_count / rank ** 0.8)) if zipf else rng.randint(1, max_count)
        counts[word] = counts.get(word, 0) + count
    return counts


def text_counts(text: str) -> dict[str, int]:
    """Whitespace word counts of a text, in first-seen order."""
    counts: dict[str, int] = {}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    return counts
