"""HF ``tokenizers.implementations``: the ready-made tokenizers, built from subword_core parts.

:class:`BaseTokenizer` wraps a :class:`~subword_core.Tokenizer`; the recipes in
:mod:`.recipes` build HF's pipelines and train them with HF's trainer settings.

Example:
    >>> tok = ByteLevelBPETokenizer()
    >>> tok.train_from_iterator(["A first sentence", "Another sentence"], show_progress=False)
    >>> tok.encode("A sentence").tokens
    ['A', 'Ġsentence']
"""

from __future__ import annotations

from .base import BaseTokenizer
from .recipes import (
    BertWordPieceTokenizer,
    ByteLevelBPETokenizer,
    CharBPETokenizer,
    SentencePieceBPETokenizer,
    SentencePieceUnigramTokenizer,
)

__all__ = [
    "BaseTokenizer",
    "BertWordPieceTokenizer",
    "ByteLevelBPETokenizer",
    "CharBPETokenizer",
    "SentencePieceBPETokenizer",
    "SentencePieceUnigramTokenizer",
]
