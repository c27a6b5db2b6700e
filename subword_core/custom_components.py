"""Python components: HF's ``Normalizer.custom(obj)``, ``PreTokenizer.custom(obj)``,
``Decoder.custom(obj)``.

``obj`` is any object with the family's method: ``normalize(normalized)``,
``pre_tokenize(pretokenized)`` or ``decode_chain(tokens) -> list[str]``. As in HF:

- the string a Python normalizer or pre-tokenizer receives is only valid during the call
  (a ``NormalizedStringRefMut`` / ``PreTokenizedStringRefMut``); kept and used later,
  it raises "Cannot use a NormalizedStringRefMut outside `normalize`";
- an exception of the Python code comes out as one error whose message starts with its
  type, e.g. ``TypeError: ...normalize() missing 1 required positional argument``
  (a :class:`~subword_core.errors.CustomComponentError`, chained to the original);
- such components have no ``tokenizer.json`` form: saving or pickling a tokenizer
  holding one raises "Custom Normalizer cannot be serialized".

Unlike HF, their ``repr`` does not raise (``Normalizer.custom(<the object>)``),
``tokenizer.normalizer`` gives the component back, and a Python decoder may sit in a
decoder ``Sequence`` (HF panics: "not implemented").
"""

from __future__ import annotations

from typing import Any

from .components import Decoder, Normalizer, PreTokenizer
from .errors import CustomComponentError, SubwordError


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


__all__ = ["CustomDecoder", "CustomNormalizer", "CustomPreTokenizer", "NormalizedStringRefMut",
           "PreTokenizedStringRefMut"]
