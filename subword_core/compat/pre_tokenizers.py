"""``tokenizers.pre_tokenizers`` (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from .. import pre_tokenizers as _pre_tokenizers
from ..components import PreTokenizer
from ._names import alias

__all__ = alias(globals(), (
    "BertPreTokenizer", "ByteLevel", "CharDelimiterSplit", "Digits", "FixedLength", "Metaspace",
    "PreTokenizer", "Punctuation", "Sequence", "Split", "UnicodeScripts", "Whitespace",
    "WhitespaceSplit",
), _pre_tokenizers, PreTokenizer=PreTokenizer)
