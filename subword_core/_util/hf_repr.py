"""HF's ``repr``/``str`` of tokenizers and components, from their ``tokenizer.json`` objects.

HF prints a component by running its serde serialization through a Python-looking
serializer (``bindings/python/src/utils/serde_pyo3.rs``): a struct is
``Name(field=value, ...)`` (its ``"type"`` field left out), a map ``{"key":value, ...}``,
a list ``[a, b]``, a tuple ``(a, b)``, a unit enum variant bare (``prepend_scheme=always``),
a newtype variant ``Name(value)`` (``pattern=String("a")``), ``None``/``True``/``False``,
strings in double quotes with nothing escaped, numbers as Rust prints them.
``repr`` shows up to 99 items of a list or map, then ``...``; ``str`` shows 5 and cuts
strings after 100 bytes.

The JSON object does not say which strings are enum variants or which lists are Rust
tuples, so the field names do: that is the only knowledge of HF's types kept here.
"""

from __future__ import annotations

import math
import struct
from decimal import Decimal
from typing import Any

#: (items shown + 1, longest string in UTF-8 bytes) for ``repr`` and for ``str``.
REPR_LIMITS = (100, None)
STR_LIMITS = (6, 100)

#: Fields whose string value is a unit enum variant, printed bare.
_ENUM_FIELDS = frozenset({"prepend_scheme", "behavior", "direction", "strategy"})
#: Fields holding a Rust tuple, or a list of tuples.
_TUPLE_FIELDS = frozenset({"sep", "cls"})
_TUPLE_LIST_FIELDS = frozenset({"merges"})
#: Fields that are objects without a "type" field: the Rust struct they print as.
_STRUCT_FIELDS = {"truncation": "TruncationParams", "padding": "PaddingParams"}
#: Fields that are ``f32`` in HF: printed widened to f64 (0.1 -> 0.10000000149011612).
_F32_FIELDS = frozenset({"dropout"})


class Verbatim(str):
    """Text printed as it is (a component that has no JSON of its own)."""


def hf_repr(value: Any, *, short: bool = False) -> str:
    """HF's ``repr`` (or, with ``short``, its ``str``) of a ``tokenizer.json`` value."""
    printer = _Printer(*(STR_LIMITS if short else REPR_LIMITS))
    printer.value(value)
    return "".join(printer.out)


class _Printer:
    def __init__(self, max_items: int, max_string: int | None) -> None:
        self.max_items = max_items
        self.max_string = max_string
        self.out: list[str] = []

    # -- values ----------------------------------------------------------------------
    def value(self, value: Any, field: str | None = None, parent: str | None = None) -> None:
        if isinstance(value, Verbatim):
            self.out.append(value)
        elif value is None:
            self.out.append("None")
        elif isinstance(value, bool):
            self.out.append("True" if value else "False")
        elif isinstance(value, int):
            self.out.append(str(value))
        elif isinstance(value, float):
            self.out.append(rust_float(_as_f32(value) if field in _F32_FIELDS else value))
        elif isinstance(value, str):
            bare = field in _ENUM_FIELDS or (parent == "Sequence" and field == "id")
            self.out.append(value if bare else self.string(value))
        elif isinstance(value, dict):
            self.mapping(value, field, parent)
        elif isinstance(value, (list, tuple)):
            self.sequence(value, field, parent)
        else:
            self.out.append(repr(value))

    def string(self, text: str) -> str:
        limit = self.max_string
        if limit is not None and len(text) > limit // 4:
            data = text.encode("utf-8", errors="surrogatepass")
            if len(data) > limit:
                # HF slices at byte 100 (and panics inside a character): cut before it
                text = data[:limit].decode("utf-8", errors="ignore") + "..."
        return f'"{text}"'

    def mapping(self, value: dict, field: str | None, parent: str | None) -> None:
        if isinstance(value.get("type"), str):
            self.struct(value["type"], value)
        elif field in _STRUCT_FIELDS:
            self.struct(_STRUCT_FIELDS[field], value)
        elif parent == "TemplateProcessing" and field == "special_tokens":
            self.items("{", "}", [(k, ("SpecialToken", v)) for k, v in value.items()])
        elif len(value) == 1 and field in ("pattern", "strategy"):
            ((name, inner),) = value.items()  # a newtype variant: String("a"), Fixed(4)
            self.out.append(f"{name}(")
            self.value(inner)
            self.out.append(")")
        elif len(value) == 1 and parent == "TemplateProcessing" and field in ("single", "pair"):
            ((name, inner),) = value.items()  # a struct variant: SpecialToken(id=..., ...)
            self.struct(name, inner)
        else:
            self.items("{", "}", list(value.items()))

    def struct(self, name: str, fields: dict) -> None:
        # Struct fields are never cut short, only lists, tuples and maps are.
        self.out.append(f"{name}(")
        first = True
        for key, item in fields.items():
            if key == "type":
                continue
            if not first:
                self.out.append(", ")
            first = False
            self.out.append(f"{key}=")
            self.value(item, key, name)
        self.out.append(")")

    def sequence(self, value: list | tuple, field: str | None, parent: str | None) -> None:
        if field in _TUPLE_FIELDS or isinstance(value, tuple):
            self.elements("(", ")", value, None, parent)
        elif field in _TUPLE_LIST_FIELDS or (parent == "Unigram" and field == "vocab"):
            self.elements("[", "]", [_merge_pair(v) for v in value], None, parent)
        else:
            # the items of "single"/"pair" and nested lists keep the field for context
            self.elements("[", "]", value, field, parent)

    def elements(self, open_: str, close: str, items: Any, field: str | None,
                 parent: str | None) -> None:
        self.out.append(open_)
        for count, item in enumerate(items, 1):
            if count >= self.max_items:
                self.out.append(", ...")
                break
            if count > 1:
                self.out.append(", ")
            self.value(item, field, parent)
        self.out.append(close)

    def items(self, open_: str, close: str, pairs: list) -> None:
        self.out.append(open_)
        for count, (key, item) in enumerate(pairs, 1):
            if count >= self.max_items:
                self.out.append(", ...")
                break
            if count > 1:
                self.out.append(", ")
            self.value(key)
            self.out.append(":")
            if isinstance(item, tuple) and len(item) == 2 and item[0] == "SpecialToken":
                self.struct("SpecialToken", item[1])
            else:
                self.value(item)
        self.out.append(close)


def _merge_pair(value: Any) -> Any:
    # merges are ["a", "b"] pairs (or "a b" strings in old files); vocab items [piece, score]
    if isinstance(value, str) and " " in value:
        return tuple(value.split(" ", 1))
    return tuple(value) if isinstance(value, list) else value


def _as_f32(value: float) -> float:
    try:
        return struct.unpack("f", struct.pack("f", value))[0]
    except OverflowError:
        return value


def rust_float(value: float) -> str:
    """``value`` as Rust's ``Display`` prints an f64: shortest digits, never an exponent."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = format(Decimal(repr(value)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


__all__ = ["Verbatim", "hf_repr", "rust_float"]
