"""Component families and the ``"type"`` registry that ``tokenizer.json`` relies on.

Every normalizer, pre-tokenizer, model, post-processor and decoder is a small class
registered under the ``"type"`` name HF uses in ``tokenizer.json``. ``to_dict`` writes
exactly HF's JSON fields; ``from_dict`` reads them. :func:`component_from_dict` turns
any failure to read a component into a one-line :class:`TokenizerFileError`. Python objects
become components through HF's ``Normalizer.custom(obj)`` (and ``PreTokenizer.custom``,
``Decoder.custom``): the ``Custom*`` classes at the end.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from ._util.hf_repr import hf_repr
from .encoding import Encoding
from .errors import (
    CustomComponentError,
    SubwordError,
    TokenizerFileError,
    UnsupportedComponentError,
)
from .serialization import dumps, unpickled_json
from .text.normalized import NormalizedString
from .text.pretokenized import PreTokenizedString, Token

KINDS = ("normalizer", "pre_tokenizer", "model", "post_processor", "decoder")
_REGISTRY: dict[str, dict[str, type]] = {kind: {} for kind in KINDS}

C = TypeVar("C", bound=type)


#: True while components are read from a tokenizer.json: a string there is never a file
#: name (the models' constructors read files named by the caller, as HF's do).
READING_JSON: ContextVar[bool] = ContextVar("READING_JSON", default=False)


def register(kind: str, type_name: str | None = None) -> Callable[[C], C]:
    """Class decorator: make ``cls`` loadable from ``{"type": type_name, ...}``."""

    def decorate(cls: C) -> C:
        name = type_name or cls.__name__
        cls.type_name = name
        _REGISTRY[kind][name] = cls
        return cls

    return decorate


def registered_types(kind: str) -> list[str]:
    return sorted(_REGISTRY[kind])


def component_from_dict(kind: str, data: Any):
    """Build a component of ``kind`` from its JSON object; ``None`` stays ``None``."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise TokenizerFileError(f"{kind} must be a JSON object, got {type(data).__name__}")
    type_name = data.get("type")
    if kind == "model" and type_name is None:
        type_name = _guess_model_type(data)
    # subtle: a malformed file may hold a list or object as "type"; it must not reach the dict.
    cls = _REGISTRY[kind].get(type_name) if isinstance(type_name, str) else None
    if cls is None:
        raise UnsupportedComponentError(kind.replace("_", "-"), type_name)
    reading = READING_JSON.set(True)
    try:
        return cls.from_dict(data)
    except SubwordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
        raise TokenizerFileError(f"invalid {type_name} {kind.replace('_', '-')}: {detail}") from None
    finally:
        READING_JSON.reset(reading)


def components_from_list(kind: str, items: Any, field: str) -> list:
    """The members of a ``Sequence``: a JSON list of component objects, none of them null."""
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise TokenizerFileError(f"Sequence {kind.replace('_', '-')}: '{field}' must be a list of objects")
    return [component_from_dict(kind, item) for item in items]


def _guess_model_type(data: dict) -> str | None:
    # Old tokenizer.json files omit the model "type"; HF guesses from the fields.
    if "merges" in data:
        return "BPE"
    if "continuing_subword_prefix" in data or "max_input_chars_per_word" in data:
        return "WordPiece"
    if isinstance(data.get("vocab"), list):
        return "Unigram"
    if "vocab" in data:
        return "WordLevel"
    return None


class Component:
    """Shared JSON plumbing: subclasses list their fields in ``to_dict``."""

    type_name: str = ""

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        fields = {k: v for k, v in data.items() if k != "type"}
        return cls(**fields)

    def __repr__(self) -> str:
        """HF's ``repr``: ``Name(field=value, ...)`` from the JSON object (see ``_hf_repr``)."""
        return self._hf_text(short=False)

    def __str__(self) -> str:
        """HF's ``str``: as ``repr``, lists and maps cut after 5 items, strings after 100 bytes."""
        return self._hf_text(short=True)

    def _hf_text(self, short: bool) -> str:
        try:
            data = self.to_dict()
        except SubwordError:  # a component with no tokenizer.json form
            return f"{type(self).__name__}(...)"
        return hf_repr(data, short=short)

    # -- HF's pickling: the state is the component's JSON (compact, as bytes) ---------
    def __getstate__(self) -> bytes | dict[str, Any]:
        """HF's state: the ``tokenizer.json`` object as compact JSON bytes.

        A component that has no JSON form (subword-nmt's vocabulary, TFDS) pickles its
        attributes instead.
        """
        try:
            data = self.to_dict()
        except SubwordError:
            return dict(self.__dict__)
        return dumps(data).encode("utf-8")

    def __setstate__(self, state: bytes | str | dict[str, Any]) -> None:
        """Become the component of ``state`` (JSON bytes or text, as ``__getstate__`` gives).

        Raises:
            TokenizerFileError: the JSON is malformed or is not a component of this class.
        """
        if isinstance(state, dict):
            self.__dict__.update(state)
            return
        data = unpickled_json(self, state, TokenizerFileError)
        kind = next((k for k in KINDS if isinstance(self, _FAMILIES[k])), None)
        rebuilt = component_from_dict(kind, data) if kind else type(self).from_dict(data)
        if not isinstance(rebuilt, type(self)):
            raise TokenizerFileError(f"Error while attempting to unpickle {type(self).__name__}:"
                                     f" the state is a {type(rebuilt).__name__}")
        self.__dict__.clear()
        self.__dict__.update(rebuilt.__dict__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_dict() == self.to_dict()

    __hash__ = None  # type: ignore[assignment]


class MemberList:
    """``seq[i]``, ``seq[i] = component``, ``len(seq)`` and iteration for a ``Sequence``.

    ``seq[i]`` is the member itself, so setting its attributes changes the sequence, as
    in HF. Subclasses name the list attribute and the family its members belong to.
    """

    _members_attr: str = ""
    _member_family: type = object

    def _members(self) -> list:
        return getattr(self, self._members_attr)

    def __len__(self) -> int:
        return len(self._members())

    def __getitem__(self, index: int) -> Any:
        members = self._members()
        position = self._position(index, len(members))
        return members[position]

    def __setitem__(self, index: int, value: Any) -> None:
        members = self._members()
        position = self._position(index, len(members))
        if not isinstance(value, self._member_family):
            raise TypeError(f"'{type(value).__name__}' object is not an instance of "
                            f"'{self._member_family.__name__}'")
        members[position] = value

    def __iter__(self):
        return iter(list(self._members()))

    @staticmethod
    def _position(index: Any, size: int) -> int:
        position = operator.index(index)  # a slice or a str is a TypeError, as in HF
        if position < 0:
            position += size  # Python's counting from the end (HF refuses negatives)
        if not 0 <= position < size:
            raise IndexError("Index not found")
        return position


class Normalizer(Component):
    @staticmethod
    def custom(normalizer: Any) -> Normalizer:
        """A normalizer running ``normalizer.normalize(normalized)`` (HF's Python normalizer;
        see :class:`CustomNormalizer`)."""
        return CustomNormalizer(normalizer)

    def normalize(self, normalized: NormalizedString) -> None:
        raise NotImplementedError

    def normalize_str(self, text: str) -> str:
        n = NormalizedString(text)
        self.normalize(n)
        return n.normalized


class PreTokenizer(Component):
    @staticmethod
    def custom(pre_tokenizer: Any) -> PreTokenizer:
        """A pre-tokenizer running ``pre_tokenizer.pre_tokenize(pretokenized)`` (HF's Python
        pre-tokenizer; see :class:`CustomPreTokenizer`)."""
        return CustomPreTokenizer(pre_tokenizer)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        raise NotImplementedError

    def pre_tokenize_str(self, text: str) -> list[tuple[str, tuple[int, int]]]:
        """The pieces of ``text`` with their character offsets in ``text``."""
        pts = PreTokenizedString(text)
        self.pre_tokenize(pts)
        return [(piece, offsets) for piece, offsets, _ in pts.get_splits()]


class Model(Component):
    """Turns one normalized, pre-tokenized piece into tokens (offsets are into the piece)."""

    def tokenize(self, sequence: str) -> list[Token]:
        raise NotImplementedError

    def token_to_id(self, token: str) -> int | None:
        raise NotImplementedError

    def id_to_token(self, id: int) -> str | None:
        raise NotImplementedError

    def get_vocab(self) -> dict[str, int]:
        raise NotImplementedError

    def get_vocab_size(self) -> int:
        return len(self.get_vocab())

    def save(self, folder: str | os.PathLike, prefix: str | None = None) -> list[str]:
        """Write the model's own files into ``folder`` (HF's ``Model.save``: ``vocab.json`` +
        ``merges.txt`` for BPE...; see :mod:`subword_core.models._files`); their paths.

        Raises:
            TokenizerFileError: the model has no files of its own (the models that have
                mix in ``models._files.ModelFiles``).
        """
        raise TokenizerFileError(f"a {type(self).__name__} model has no files of its own")


class PostProcessor(Component):
    def added_tokens(self, is_pair: bool) -> int:
        raise NotImplementedError

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool) -> list[Encoding]:
        raise NotImplementedError

    def process(
        self, encoding: Encoding, pair: Encoding | None = None, add_special_tokens: bool = True
    ) -> Encoding:
        encodings = [encoding] if pair is None else [encoding, pair]
        for i, enc in enumerate(encodings):
            # As HF: tag the overflowing windows too, and give sequence i type id i.
            enc.set_sequence_id(i)
            for overflow in enc.overflowing:
                overflow.set_sequence_id(i)
            enc.type_ids = [i] * len(enc)
        return Encoding.merge(self.process_encodings(encodings, add_special_tokens))


class Decoder(Component):
    @staticmethod
    def custom(decoder: Any) -> Decoder:
        """A decoder running ``decoder.decode(tokens)`` / ``decoder.decode_chain(tokens)``
        (HF's Python decoder; see :class:`CustomDecoder`)."""
        return CustomDecoder(decoder)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        raise NotImplementedError

    def decode(self, tokens: list[str]) -> str:
        return "".join(self.decode_chain(list(tokens)))


#: The family class of each kind (for ``Component.__setstate__``).
_FAMILIES = {"normalizer": Normalizer, "pre_tokenizer": PreTokenizer, "model": Model,
             "post_processor": PostProcessor, "decoder": Decoder}


# ----------------------------------------------------------------------- attributes
def _one_char(value: str, name: str) -> str:
    # HF's messages (pyo3's char extraction): TypeError for a non-str, else ValueError
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str of one character, got {type(value).__name__}")
    if len(value) != 1:
        raise ValueError(f"expected a string of length 1 for {name}, got {value!r}")
    return value


class OneChar:
    """An attribute holding one character, checked on every assignment (HF's setters check
    it too: ``Metaspace().replacement = ""`` raises ValueError)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.slot = name, "_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self if obj is None else obj.__dict__[self.slot]

    def __set__(self, obj: Any, value: str) -> None:
        obj.__dict__[self.slot] = _one_char(value, self.name)


# ----------------------------------------------------------------- Python components
# Python components: HF's ``Normalizer.custom(obj)``, ``PreTokenizer.custom(obj)``,
# ``Decoder.custom(obj)``.
#
# ``obj`` is any object with the family's method: ``normalize(normalized)``,
# ``pre_tokenize(pretokenized)`` or ``decode_chain(tokens) -> list[str]``. As in HF:
#
# - the string a Python normalizer or pre-tokenizer receives is only valid during the call
#   (a ``NormalizedStringRefMut`` / ``PreTokenizedStringRefMut``); kept and used later,
#   it raises "Cannot use a NormalizedStringRefMut outside `normalize`";
# - an exception of the Python code comes out as one error whose message starts with its
#   type, e.g. ``TypeError: ...normalize() missing 1 required positional argument``
#   (a :class:`~subword_core.errors.CustomComponentError`, chained to the original);
# - such components have no ``tokenizer.json`` form: saving or pickling a tokenizer
#   holding one raises "Custom Normalizer cannot be serialized".
#
# Unlike HF, their ``repr`` does not raise (``Normalizer.custom(<the object>)``),
# ``tokenizer.normalizer`` gives the component back, and a Python decoder may sit in a
# decoder ``Sequence`` (HF panics: "not implemented").


class _RefMut:
    """A view of a string being processed that stops working when the call returns."""

    __slots__ = ("_target",)
    _error = ""

    def __init__(self, target: Any) -> None:
        object.__setattr__(self, "_target", target)

    def _live(self) -> Any:
        target = object.__getattribute__(self, "_target")
        if target is None:
            raise RuntimeError(type(self)._error)
        return target

    def _close(self) -> None:
        object.__setattr__(self, "_target", None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._live(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'{type(self).__name__}' object attributes are read-only")

    def __repr__(self) -> str:
        return repr(self._live())

    def __str__(self) -> str:
        return str(self._live())


class NormalizedStringRefMut(_RefMut):
    """The :class:`~subword_core.NormalizedString` a Python normalizer works on."""

    __slots__ = ()
    _error = "Cannot use a NormalizedStringRefMut outside `normalize`"

    def __getitem__(self, index: Any) -> Any:
        return self._live()[index]

    def __len__(self) -> int:
        return len(self._live())


class PreTokenizedStringRefMut(_RefMut):
    """The :class:`~subword_core.PreTokenizedString` a Python pre-tokenizer works on."""

    __slots__ = ()
    _error = "Cannot use a PreTokenizedStringRefMut outside `pre_tokenize`"


def _call(family: str, obj: Any, method: str, *args: Any) -> Any:
    try:
        return getattr(obj, method)(*args)
    except SubwordError:
        raise
    except Exception as exc:  # noqa: BLE001 - the caller's code: any error, reported as HF does
        raise CustomComponentError(f"{type(exc).__name__}: {exc}") from exc


class _Custom:
    """What the three families share: the wrapped object, no JSON, identity equality."""

    family = ""

    def __init__(self, custom: Any) -> None:
        self.custom = custom

    def to_dict(self) -> dict[str, Any]:
        raise SubwordError(f"Custom {self.family} cannot be serialized")

    def __getstate__(self) -> Any:
        raise SubwordError(f"Error while attempting to pickle {self.family}: "
                           f"Custom {self.family} cannot be serialized")

    def __repr__(self) -> str:
        return f"{self.family}.custom({self.custom!r})"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and getattr(other, "custom", None) is self.custom

    __hash__ = None  # type: ignore[assignment]


class CustomNormalizer(_Custom, Normalizer):
    """A normalizer whose ``normalize`` is the Python object's."""

    family = "Normalizer"

    def normalize(self, normalized: Any) -> None:
        ref = NormalizedStringRefMut(normalized)
        try:
            _call(self.family, self.custom, "normalize", ref)
        finally:
            ref._close()


class CustomPreTokenizer(_Custom, PreTokenizer):
    """A pre-tokenizer whose ``pre_tokenize`` is the Python object's."""

    family = "PreTokenizer"

    def pre_tokenize(self, pretokenized: Any) -> None:
        ref = PreTokenizedStringRefMut(pretokenized)
        try:
            _call(self.family, self.custom, "pre_tokenize", ref)
        finally:
            ref._close()


class CustomDecoder(_Custom, Decoder):
    """A decoder whose ``decode_chain`` is the Python object's (``decode`` joins its pieces:
    HF never calls the object's own ``decode``)."""

    family = "Decoder"

    def decode_chain(self, tokens: list[str]) -> list[str]:
        pieces = _call(self.family, self.custom, "decode_chain", list(tokens))
        if not isinstance(pieces, list) or not all(isinstance(p, str) for p in pieces):
            raise CustomComponentError("TypeError: decode_chain must return a list of str")
        return pieces
