"""``tokenizer.json`` text: read it defensively, write it the way HF writes it.

Reading turns every problem (missing file, bad UTF-8, truncated or malformed JSON,
a value of the wrong shape, an unknown version) into a one-line
:class:`~subword_core.errors.TokenizerFileError`. The components themselves are read
by :func:`subword_core.components.component_from_dict`; :class:`Tokenizer` puts it
all together (``Tokenizer.from_str`` / ``from_file`` / ``to_str``).

Writing reproduces ``serde_json``'s layout: compact, or pretty with two-space
indentation; non-ASCII characters unescaped; floats in Rust's shortest form
(``0.00001``, ``1e-7``, ``1e+16``), so a file we save diffs cleanly against one HF saved.

Example:
    >>> dumps({"version": "1.0", "scores": [-1e-07, 2.5]})
    '{"version":"1.0","scores":[-1e-7,2.5]}'
"""

from __future__ import annotations

import json
import math
import operator
import os
import re
from json.encoder import encode_basestring
from typing import Any

from ._gc import paused_gc  # noqa: F401  (loading and Tokenizer.from_str use it from here)
from .added_tokens import AddedToken
from .errors import TokenizerFileError

VERSION = "1.0"
# Top-level keys in the order HF writes them.
TOP_LEVEL_KEYS = ("version", "truncation", "padding", "added_tokens", "normalizer",
                  "pre_tokenizer", "post_processor", "decoder", "model")


# ------------------------------------------------------------------------ reading
def read_text(path: str | os.PathLike) -> str:
    """The UTF-8 text of a tokenizer file, or a TokenizerFileError saying why not."""
    name = os.fspath(path)
    return decode_utf8(read_bytes(name), name)


def read_bytes(path: str | os.PathLike, what: str = "tokenizer file") -> bytes:
    """A tokenizer file's bytes, or a one-line TokenizerFileError (``"<what> not found:
    PATH"``, not a file, cannot read) saying why not."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise TokenizerFileError(f"{what} not found: {name}") from None
    except IsADirectoryError:
        raise TokenizerFileError(f"not a file: {name}") from None
    except OSError as exc:
        raise TokenizerFileError(f"cannot read {name}: {exc.strerror or exc}") from None


def unpickled_json(owner: object, state: bytes | str, error: type[Exception]) -> Any:
    """The JSON value of an HF-style pickled state (compact JSON bytes or text), or a one-line
    ``error`` naming ``owner``'s class when it is not JSON (components and trainers)."""
    try:
        return json.loads(state)
    except (ValueError, TypeError) as exc:
        raise error(f"Error while attempting to unpickle {type(owner).__name__}: {exc}") from None


def read_json_object(path: str | os.PathLike, shape: str = " must hold a JSON object") -> dict:
    """The JSON object in the file at ``path`` (a vocab.json, a tokenizer_config.json), or a
    one-line TokenizerFileError naming the file: unreadable, not UTF-8, malformed (with the
    line and column), or not an object (``f"{PATH}{shape}"``)."""
    name = os.fspath(path)
    text = decode_utf8(read_bytes(name, "file"), name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError(f"{name}: {json_error(exc)}") from None
    except RecursionError:
        raise TokenizerFileError(f"{name}: malformed JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise TokenizerFileError(f"{name}{shape}")
    return data


def json_error(exc: json.JSONDecodeError) -> str:
    """A JSON parse error as one complete line: where, and what went wrong.

    Python's own messages point at a position after their last word ("Unterminated
    string starting at"); a file cut short is the common case, and says so.

    Example:
        >>> try:
        ...     json.loads('{"vocab": {"ab')
        ... except json.JSONDecodeError as exc:
        ...     print(json_error(exc))
        malformed JSON at line 1 column 15: unexpected end of file inside the string that \
starts at line 1 column 12
    """
    text = exc.doc if isinstance(exc.doc, str) else ""
    end = len(text.rstrip())
    if exc.msg.startswith("Unterminated string"):
        line, column = _line_column(text, len(text))
        return (f"malformed JSON at line {line} column {column}: unexpected end of file inside "
                f"the string that starts at line {exc.lineno} column {exc.colno}")
    if exc.pos >= end or (exc.msg == "Expecting value"  # a literal cut short: "nu" for null
                          and _PARTIAL_LITERAL.fullmatch(text, exc.pos, end)):
        line, column = _line_column(text, end)
        return f"malformed JSON at line {line} column {column}: unexpected end of file"
    if exc.msg.startswith("Invalid control character"):
        detail = "a control character (a raw tab or line break) inside a string"
    else:
        detail = exc.msg
    return f"malformed JSON at line {exc.lineno} column {exc.colno}: {detail}"


_PARTIAL_LITERAL = re.compile(r"[a-z0-9.+\-]+", re.IGNORECASE)


def _line_column(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of ``text[pos]`` (as ``JSONDecodeError`` counts them)."""
    line = text.count("\n", 0, pos) + 1
    return line, pos - text.rfind("\n", 0, pos)


def decode_utf8(data: bytes, source: str = "tokenizer.json") -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(
            f"{source} is not UTF-8 text (invalid byte at offset {exc.start})"
        ) from None


def parse_json(text: str) -> dict[str, Any]:
    """Parse the top-level object of ``tokenizer.json`` and check its version."""
    if not isinstance(text, str):
        raise TypeError(f"expected the JSON text as str, got {type(text).__name__}")
    if not text.strip():
        raise TokenizerFileError("empty tokenizer.json")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError(json_error(exc)) from None
    except RecursionError:
        raise TokenizerFileError("malformed JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise TokenizerFileError(
            f"tokenizer.json must hold a JSON object, not {_json_type(data)}"
        )
    if has_unpaired_surrogate(text, data):
        # Python accepts "\ud800" escapes; serde_json (and UTF-8 output) does not.
        raise TokenizerFileError("tokenizer.json contains an unpaired surrogate escape")
    version = data.get("version", VERSION)
    if version != VERSION:
        raise TokenizerFileError(f"Unknown tokenizer version {version!r}")
    if data.get("model") is None:
        raise TokenizerFileError("tokenizer.json has no model")
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def has_unpaired_surrogate(text: str, data: Any) -> bool:
    """Whether ``data``, parsed from the JSON ``text``, holds a lone surrogate escape
    (``"\\ud800"``): Python accepts one, serde_json and UTF-8 output do not."""
    return _SURROGATE_ESCAPE.search(text) is not None and _has_lone_surrogate(data)


def _has_lone_surrogate(data: Any) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if any("\ud800" <= c <= "\udfff" for c in item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_added_tokens(data: Any) -> list[AddedToken]:
    """The ``added_tokens`` array. Ids are checked but, as in HF, re-derived on load."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise TokenizerFileError(f"added_tokens must be an array, not {_json_type(data)}")
    return [_added_token(i, item) for i, item in enumerate(data)]


_ADDED_TOKEN_KEYS = ("id", "content", "single_word", "lstrip", "rstrip", "normalized", "special")
_ADDED_TOKEN_TYPES = (int, str, bool, bool, bool, bool, bool)
_added_token_fields = operator.itemgetter(*_ADDED_TOKEN_KEYS)


def _added_token(index: int, item: Any) -> AddedToken:
    # Fast path for a well-formed entry (exact types, one tuple comparison); anything
    # else is checked field by field below, which names the first bad field.
    if type(item) is dict:
        try:
            fields = _added_token_fields(item)
        except KeyError:
            pass
        else:
            if tuple(map(type, fields)) == _ADDED_TOKEN_TYPES and fields[0] >= 0:
                return AddedToken(*fields[1:])
    return _added_token_checked(index, item)


def _added_token_checked(index: int, item: Any) -> AddedToken:
    where = f"added_tokens[{index}]"
    if not isinstance(item, dict):
        raise TokenizerFileError(f"{where} must be an object, not {_json_type(item)}")
    for key, kind in (("id", int), ("content", str), ("single_word", bool), ("lstrip", bool),
                      ("rstrip", bool), ("normalized", bool), ("special", bool)):
        if key not in item:
            raise TokenizerFileError(f"{where} has no {key!r} field")
        value = item[key]
        # bool is a subclass of int: reject true/false as an id.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TokenizerFileError(f"{where}.{key} must be {_kind_name(kind)}")
    if item["id"] < 0:
        raise TokenizerFileError(f"{where}.id must be a non-negative integer")
    return AddedToken(item["content"], item["single_word"], item["lstrip"], item["rstrip"],
                      item["normalized"], item["special"])


def _kind_name(kind: type) -> str:
    return {int: "an integer", str: "a string", bool: "true or false"}[kind]


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


# ------------------------------------------------------------------------ writing
def dumps(obj: Any, pretty: bool = False) -> str:
    """Serialize like ``serde_json::to_string`` (or ``to_string_pretty``)."""
    out: list[str] = []
    _write(obj, out, "\n" if pretty else "", pretty)
    return "".join(out)


def _write(obj: Any, out: list[str], newline: str, pretty: bool) -> None:
    # `newline` carries the current indentation ("" when compact).
    if isinstance(obj, str):
        out.append(encode_basestring(obj))
    elif obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, float):
        out.append(format_float(obj))
    elif isinstance(obj, dict):
        _write_container(obj.items(), "{", "}", out, newline, pretty, is_object=True)
    elif isinstance(obj, (list, tuple)):
        _write_container(obj, "[", "]", out, newline, pretty, is_object=False)
    else:
        raise TypeError(f"cannot serialize {type(obj).__name__} to JSON")


def _write_container(items, open_: str, close: str, out: list[str], newline: str,
                     pretty: bool, is_object: bool) -> None:
    if not items:
        out.append(open_ + close)
        return
    inner = newline + "  " if pretty else ""
    separator = ": " if pretty else ":"
    out.append(open_)
    first = True
    for item in items:
        if not first:
            out.append(",")
        first = False
        out.append(inner)
        if is_object:
            key, value = item
            out.append(encode_basestring(key))
            out.append(separator)
            _write(value, out, inner, pretty)
        else:
            _write(item, out, inner, pretty)
    out.append(newline)
    out.append(close)


def format_float(x: float) -> str:
    """Rust ``ryu`` layout of the shortest round-trip digits (what serde_json prints)."""
    if math.isnan(x) or math.isinf(x):
        return "null"  # serde_json writes non-finite floats as null
    text = repr(x)
    sign = "-" if text.startswith("-") else ""
    mantissa, _, exponent = text.lstrip("-").partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    if not digits:
        return sign + "0.0"
    k = int(exponent or 0) - len(fraction)  # value = int(digits) * 10**k
    stripped = digits.rstrip("0")
    k += len(digits) - len(stripped)
    digits = stripped
    length = len(digits)
    kk = length + k  # 10**(kk-1) <= value < 10**kk
    if 0 <= k and kk <= 16:
        return f"{sign}{digits}{'0' * k}.0"
    if 0 < kk <= 16:
        return f"{sign}{digits[:kk]}.{digits[kk:]}"
    if -5 < kk <= 0:
        return f"{sign}0.{'0' * -kk}{digits}"
    exp = f"e{kk - 1:+d}" if kk > 0 else f"e{kk - 1}"  # serde_json writes "1e+16", "1e-7"
    if length == 1:
        return f"{sign}{digits}{exp}"
    return f"{sign}{digits[0]}.{digits[1:]}{exp}"
