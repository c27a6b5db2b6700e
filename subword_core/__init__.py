"""subword_core: train, apply and explain subword tokenizers, compatible with HF ``tokenizer.json``.

Pure Python (plus ``regex``); never imports Qt. The app in ``app/`` is a lens on it.
"""

from .encoding import Encoding
from .errors import (
    CorpusError,
    EncodingError,
    SubwordError,
    TokenizerFileError,
    TrainingError,
    UnsupportedComponentError,
)
from .text.normalized import NormalizedString, SplitDelimiterBehavior
from .text.pretokenized import PreTokenizedString, Split, Token
from .added_tokens import AddedToken  # noqa: E402  (after the foundation it builds on)
from .tokenizer import Tokenizer  # noqa: E402  (it imports every component family)
from .formats import open_tokenizer  # noqa: E402  (readers build Tokenizers)

#: Names imported on first use: word counting loads the corpus layer, which encoding never needs.
_LAZY = {"count_words": "corpus", "read_counts": "corpus"}

__all__ = [
    "AddedToken",
    "CorpusError",
    "Encoding",
    "EncodingError",
    "NormalizedString",
    "PreTokenizedString",
    "Split",
    "SplitDelimiterBehavior",
    "SubwordError",
    "Token",
    "Tokenizer",
    "TokenizerFileError",
    "TrainingError",
    "UnsupportedComponentError",
    "count_words",
    "open_tokenizer",
    "read_counts",
]


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
