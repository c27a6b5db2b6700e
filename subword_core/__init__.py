"""subword_core: train, apply and explain subword tokenizers, compatible with HF ``tokenizer.json``.

Pure Python (plus ``regex``); never imports Qt. The app in ``app/`` is a lens on it.

The package root imports nothing: each public name below, and each subpackage
(``subword_core.models``, ``subword_core.normalizers``...), loads on first use. So
``import subword_core.errors`` (what every spawned worker pays) loads two modules, and
``Tokenizer.from_file`` loads the pipeline without the trainers, the corpus reader or the
file formats. The layers and their rules: docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Each public name -> the module that defines it (imported on first use).
_NAMES = {
    "AddedToken": "added_tokens",
    "CorpusError": "errors",
    "Encoding": "encoding",
    "EncodingError": "errors",
    "NormalizedString": "text.normalized",
    "PreTokenizedString": "text.pretokenized",
    "Split": "text.pretokenized",
    "SplitDelimiterBehavior": "text.normalized",
    "SubwordError": "errors",
    "Token": "text.pretokenized",
    "Tokenizer": "tokenizer",
    "TokenizerFileError": "errors",
    "TrainingError": "errors",
    "UnsupportedComponentError": "errors",
    "count_words": "corpus",
    "open_tokenizer": "formats",
    "read_counts": "corpus",
}

__all__ = [
    "AddedToken", "CorpusError", "Encoding", "EncodingError", "NormalizedString",
    "PreTokenizedString", "Split", "SplitDelimiterBehavior", "SubwordError", "Token", "Tokenizer",
    "TokenizerFileError", "TrainingError", "UnsupportedComponentError", "count_words",
    "open_tokenizer", "read_counts",
]  # the keys of _NAMES (spelled out for linters)

if TYPE_CHECKING:  # what the names are, for type checkers and editors
    from .added_tokens import AddedToken
    from .corpus import count_words, read_counts
    from .encoding import Encoding
    from .errors import (
        CorpusError,
        EncodingError,
        SubwordError,
        TokenizerFileError,
        TrainingError,
        UnsupportedComponentError,
    )
    from .formats import open_tokenizer
    from .text.normalized import NormalizedString, SplitDelimiterBehavior
    from .text.pretokenized import PreTokenizedString, Split, Token
    from .tokenizer import Tokenizer


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value  # once: later lookups skip this function
        return value
    if not name.startswith("__"):
        # a subpackage used as an attribute after a bare `import subword_core`
        # (HF style: subword_core.models.BPE)
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_NAMES))
