"""``tokenizers.implementations`` (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from ..implementations import (
    BaseTokenizer,
    BertWordPieceTokenizer,
    ByteLevelBPETokenizer,
    CharBPETokenizer,
    SentencePieceBPETokenizer,
    SentencePieceUnigramTokenizer,
)

__all__ = ["BaseTokenizer", "BertWordPieceTokenizer", "ByteLevelBPETokenizer",
           "CharBPETokenizer", "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer"]
