"""The library's exceptions: every failure a user can cause is a ``SubwordError``.

The CLI turns these into a one-line message and exit code 1; the GUI into a
message box. Anything else escaping the library is a bug.
"""

from __future__ import annotations


class SubwordError(Exception):
    """Base class of every error raised on bad input or an impossible request."""


class TokenizerFileError(SubwordError):
    """A ``tokenizer.json`` is missing, unreadable, malformed or of the wrong shape."""


class UnsupportedComponentError(TokenizerFileError):
    """A ``tokenizer.json`` names a component type this library does not implement."""

    def __init__(self, kind: str, type_name: object) -> None:
        super().__init__(f"unsupported {kind} type {type_name!r}")
        self.kind = kind
        self.type_name = type_name


class CorpusError(SubwordError):
    """A corpus cannot be read: missing, empty, binary or of an unknown format."""


class TrainingError(SubwordError):
    """A training request is impossible (e.g. a vocabulary size below the alphabet)."""


class EncodingError(SubwordError):
    """Text cannot be encoded with this tokenizer (e.g. no unknown token to fall back on)."""


class DecodingError(SubwordError):
    """Ids cannot be decoded as asked (e.g. a stream whose text stopped extending its prefix)."""


class CustomComponentError(SubwordError):
    """A Python component (``Normalizer.custom(...)``...) raised; the message names its error."""
