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


class VocabSizeError(TrainingError):
    """The vocabulary size asked is below what the vocabulary always holds (its alphabet and
    special tokens). Every algorithm refuses it the same way; ``minimum`` is the smallest
    size that trains.

    Example:
        >>> str(VocabSizeError(5, 9, "the 8 symbols and 1 special token", "bpe"))
        'vocab size 5 is too small for bpe: the 8 symbols and 1 special token need at least 9'
    """

    def __init__(self, vocab_size: int, minimum: int, holds: str, algorithm: str = "") -> None:
        where = f" for {algorithm}" if algorithm else ""
        super().__init__(f"vocab size {vocab_size:,} is too small{where}: {holds} need at least "
                         f"{minimum:,}")
        self.vocab_size, self.minimum, self.holds, self.algorithm = (
            vocab_size, minimum, holds, algorithm)

    def __reduce__(self) -> tuple:  # picklable across the training process boundary
        return (type(self), (self.vocab_size, self.minimum, self.holds, self.algorithm))

    def for_algorithm(self, algorithm: str) -> VocabSizeError:
        """The same error naming ``algorithm`` (a trainer does not know its preset's name)."""
        return VocabSizeError(self.vocab_size, self.minimum, self.holds, algorithm)


def special_tokens_phrase(n: int) -> str:
    """``"1 special token"``, ``"5 special tokens"``: the wording of VocabSizeError's messages."""
    return f"{n:,} special token{'' if n == 1 else 's'}"


class EncodingError(SubwordError):
    """Text cannot be encoded with this tokenizer (e.g. no unknown token to fall back on)."""


class DecodingError(SubwordError):
    """Ids cannot be decoded as asked (e.g. a stream whose text stopped extending its prefix)."""


class CustomComponentError(SubwordError):
    """A Python component (``Normalizer.custom(...)``...) raised; the message names its error."""
