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
from .normalized import NormalizedString, SplitDelimiterBehavior
from .pretokenized import PreTokenizedString, Split, Token

__all__ = [
    "CorpusError",
    "Encoding",
    "EncodingError",
    "NormalizedString",
    "PreTokenizedString",
    "Split",
    "SplitDelimiterBehavior",
    "SubwordError",
    "Token",
    "TokenizerFileError",
    "TrainingError",
    "UnsupportedComponentError",
]
