"""HF ``tokenizers``' Python namespace, served by subword_core: a drop-in for its API.

Use it where code expects ``tokenizers``::

    import subword_core.compat as tokenizers
    from subword_core.compat.models import BPE
    from subword_core.compat.trainers import BpeTrainer

The names and submodules are HF's (``models``, ``normalizers``, ``pre_tokenizers``,
``decoders``, ``processors``, ``trainers``, ``implementations``); the objects are
subword_core's own classes, so a tokenizer built here is a :class:`subword_core.Tokenizer`.
Where a default differs between subword_core and HF, the HF default is the one used here
(see :mod:`.trainers`). ``bench/hf_binding_tests.py`` runs HF's own binding tests against
this namespace (imported as ``tokenizers``) and reports what still differs.

Deliberate differences from HF (each where HF's behaviour is a limit or a bug):

- no thread pool, so nothing deadlocks in a forked child (``TOKENIZERS_PARALLELISM``);
- ``normalizers.Replace.pattern`` is readable (HF: "Cannot get pattern"); setting it
  raises in both;
- offsets are characters everywhere, also in the ``Token`` objects a Python
  ``PreTokenizedString.tokenize`` callback returns (HF: bytes);
  ``get_splits("normalized", "char")`` counts normalized characters (HF converts through
  the original text); a numpy ``dtype="U"`` array of words is read as its strings (HF
  reads the raw UCS-4 buffer); negative ``NormalizedString`` indices and ``Sequence``
  indices count from the end (HF: bytes, resp. an OverflowError);
- Python components: their ``repr`` and ``tokenizer.normalizer`` (...) do not raise, and
  a Python decoder may sit in a decoder ``Sequence``;
- where HF panics (``str()`` cutting a character at byte 100, sampling weights it cannot
  draw from, a sampled Unigram with no unknown token...) a one-line ``SubwordError`` is
  raised or the text is cut before the character;
- trainers print as dataclasses, not as HF's serde structs.
"""

from __future__ import annotations

from enum import Enum
from typing import List, Tuple, Union  # noqa: UP035 (HF's public aliases are spelled so)

from .. import AddedToken, Encoding, NormalizedString, PreTokenizedString, Token, Tokenizer
from ..text.normalized import SplitDelimiterBehavior
from ..text.onig import Regex
from . import decoders, implementations, models, normalizers, pre_tokenizers, processors, trainers
from .implementations import (
    BertWordPieceTokenizer,
    ByteLevelBPETokenizer,
    CharBPETokenizer,
    SentencePieceBPETokenizer,
    SentencePieceUnigramTokenizer,
)

#: The ``tokenizers`` release whose Python API this namespace follows.
__version__ = "0.23.2"

#: The submodules, as ``tokenizers.<name>`` (what a ``tokenizers`` shim aliases).
SUBMODULES = ("models", "normalizers", "pre_tokenizers", "decoders", "processors", "trainers",
              "implementations")

Offsets = Tuple[int, int]  # noqa: UP006
TextInputSequence = str
PreTokenizedInputSequence = Union[List[str], Tuple[str]]  # noqa: UP006, UP007
TextEncodeInput = Union[  # noqa: UP007
    TextInputSequence,
    Tuple[TextInputSequence, TextInputSequence],  # noqa: UP006
    List[TextInputSequence],  # noqa: UP006
]
PreTokenizedEncodeInput = Union[  # noqa: UP007
    PreTokenizedInputSequence,
    Tuple[PreTokenizedInputSequence, PreTokenizedInputSequence],  # noqa: UP006
    List[PreTokenizedInputSequence],  # noqa: UP006
]
InputSequence = Union[TextInputSequence, PreTokenizedInputSequence]  # noqa: UP007
EncodeInput = Union[TextEncodeInput, PreTokenizedEncodeInput]  # noqa: UP007


class OffsetReferential(Enum):
    """Which text offsets refer to (``PreTokenizedString.get_splits``)."""

    ORIGINAL = "original"
    NORMALIZED = "normalized"


class OffsetType(Enum):
    """Offsets in bytes or in characters (``PreTokenizedString.get_splits``)."""

    BYTE = "byte"
    CHAR = "char"


__all__ = [
    "AddedToken", "BertWordPieceTokenizer", "ByteLevelBPETokenizer", "CharBPETokenizer",
    "EncodeInput", "Encoding", "InputSequence", "NormalizedString", "OffsetReferential",
    "OffsetType", "Offsets", "PreTokenizedEncodeInput", "PreTokenizedInputSequence",
    "PreTokenizedString", "Regex", "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer",
    "SplitDelimiterBehavior", "TextEncodeInput", "TextInputSequence", "Token", "Tokenizer",
    "__version__", "decoders", "implementations", "models", "normalizers", "pre_tokenizers",
    "processors", "trainers",
]
