"""Read ``tokenizer.json`` in small steps, for a GUI's worker thread.

``json.loads`` of a 10 MB ``tokenizer.json`` (Llama 3, Qwen) is one C call that
holds the interpreter lock for 0.2-0.5 s: a worker thread parsing it freezes the
GUI thread for that long. :func:`loads` parses the same JSON with C calls on *small*
pieces only, walking the few outer objects and arrays in Python, so the lock is handed
back between two pieces. The big containers (the vocabulary, the merges) are read
:data:`CHUNK` characters at a time: the chunk is cut at a comma and parsed by one
``json.loads`` call, which only succeeds when the cut falls between two entries (a
cut inside a string or a nested value leaves it unterminated); otherwise that stretch
is read entry by entry. It returns a value equal to ``json.loads``'s, about as fast.
:func:`tokenizer_from_file` / :func:`tokenizer_from_str` are
``Tokenizer.from_file`` / ``from_str`` built on it,
with the same checks and the same error messages (anything malformed is read again
by ``Tokenizer.from_str``, which raises the usual :class:`~.errors.TokenizerFileError`).

Example:
    >>> loads('{"model": {"vocab": {"a": 0, "b": 1}, "merges": [["a", "b"]]}}')
    {'model': {'vocab': {'a': 0, 'b': 1}, 'merges': [['a', 'b']]}}
"""

from __future__ import annotations

import json
import os
import re
import threading
from json import decoder, scanner
from json.decoder import JSONDecodeError
from typing import Any

from . import serialization
from .errors import TokenizerFileError
from .tokenizer import Tokenizer

_scan = scanner.make_scanner(json.JSONDecoder())
_scanstring = decoder.scanstring
_WS = re.compile(r"[ \t\n\r]*").match
#: Objects and arrays nested less deep than this are walked in Python; deeper values
#: (a vocabulary entry, a merge) are parsed in chunks (or one small C call each).
SPLIT_DEPTH = 3
#: Characters of a big container parsed by one C call (about a millisecond of work).
CHUNK = 1 << 16
_MIN_CHUNK = 1 << 10  # below this, a stretch that does not cut cleanly is read entry by entry
_ONE_BY_ONE = 64  # entries read one by one before chunks are tried (again): small containers


def loads(s: str) -> Any:
    """``json.loads(s)`` in small steps (see the module docstring)."""
    idx = _WS(s, 0).end()
    value, end = _value(s, idx, 0)
    end = _WS(s, end).end()
    if end != len(s):
        raise JSONDecodeError("Extra data", s, end)
    return value


def tokenizer_from_file(path: str | os.PathLike[str]) -> Any:
    """``Tokenizer.from_file(path)``, parsing the JSON with :func:`loads`."""
    return tokenizer_from_str(serialization.read_text(path))


def tokenizer_from_str(text: str) -> Any:
    """``Tokenizer.from_str(text)``, parsing the JSON with :func:`loads`."""
    with serialization.paused_gc():  # as in Tokenizer.from_str: nothing to collect meanwhile
        try:
            data = _parse(text) if text.strip() else None
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict) or data.get("version", serialization.VERSION) != \
                serialization.VERSION or data.get("model") is None or \
                serialization.has_unpaired_surrogate(text, data):
            del data
            return Tokenizer.from_str(text)  # raises the library's own message for this file
        try:
            tokenizer = Tokenizer.from_parsed(data)
        except RecursionError:
            raise TokenizerFileError("tokenizer.json is nested too deeply") from None
        del data
    return tokenizer


def _parse(text: str) -> Any:
    """:func:`loads` in a thread other than the main one (a GUI's worker); ``json.loads`` in
    the main thread (a script, a pool process), where no other thread waits for the GIL:
    it is as fast or faster (a nested array such as Qwen's merges makes many chunks fail)."""
    if threading.current_thread() is threading.main_thread():
        return json.loads(text)
    return loads(text)


# -- the walk: outer containers in Python, small values in C ------------------------------
def _value(s: str, idx: int, depth: int) -> tuple[Any, int]:
    if depth < SPLIT_DEPTH:
        c = s[idx:idx + 1]
        if c == "{":
            return _object(s, idx + 1, depth + 1)
        if c == "[":
            return _array(s, idx + 1, depth + 1)
    try:
        return _scan(s, idx)
    except StopIteration as e:
        raise JSONDecodeError("Expecting value", s, e.value) from None


def _chunks(s: str, idx: int, brackets: str, add: Any) -> int:
    """Parse whole entries of a container from ``idx`` (an entry's start), chunk by chunk.

    ``add`` receives each chunk's parsed list or dict. Returns the start of the next
    entry, which the caller reads on its own (as it reads the entries after it, until
    it tries chunks again).
    """
    size, ws = CHUNK, _WS
    while size >= _MIN_CHUNK:
        cut = s.rfind(",", idx + 1, idx + size)  # at least one character: one entry or more
        if cut < 0:
            return idx
        try:
            # subtle: valid only if the comma separates two entries of this container.
            add(json.loads(brackets[0] + s[idx:cut] + brackets[1]))
        except (ValueError, RecursionError):
            size //= 2  # e.g. the window ran past the container's end
            continue
        idx = ws(s, cut + 1).end()
    return idx


def _object(s: str, idx: int, depth: int) -> tuple[dict[str, Any], int]:
    out = {}
    ws = _WS
    idx = ws(s, idx).end()
    if s[idx:idx + 1] == "}":
        return out, idx + 1
    one_by_one = _ONE_BY_ONE if depth >= SPLIT_DEPTH else -1
    while True:
        if not one_by_one:
            idx, one_by_one = _chunks(s, idx, "{}", out.update), _ONE_BY_ONE
        one_by_one -= 1
        if s[idx:idx + 1] != '"':
            raise JSONDecodeError("Expecting property name enclosed in double quotes", s, idx)
        key, idx = _scanstring(s, idx + 1, True)
        if s[idx:idx + 1] != ":":
            idx = ws(s, idx).end()
            if s[idx:idx + 1] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", s, idx)
        idx = ws(s, idx + 1).end()
        if depth < SPLIT_DEPTH and s[idx:idx + 1] in ("{", "["):
            value, idx = _value(s, idx, depth)
        else:
            try:
                value, idx = _scan(s, idx)
            except StopIteration as e:
                raise JSONDecodeError("Expecting value", s, e.value) from None
        out[key] = value
        c = s[idx:idx + 1]
        if c != "," and c != "}":
            idx = ws(s, idx).end()
            c = s[idx:idx + 1]
        if c == "}":
            return out, idx + 1
        if c != ",":
            raise JSONDecodeError("Expecting ',' delimiter", s, idx)
        idx = ws(s, idx + 1).end()


def _array(s: str, idx: int, depth: int) -> tuple[list[Any], int]:
    out = []
    ws = _WS
    idx = ws(s, idx).end()
    if s[idx:idx + 1] == "]":
        return out, idx + 1
    append = out.append
    one_by_one = _ONE_BY_ONE if depth >= SPLIT_DEPTH else -1
    while True:
        if not one_by_one:
            idx, one_by_one = _chunks(s, idx, "[]", out.extend), _ONE_BY_ONE
        one_by_one -= 1
        if depth < SPLIT_DEPTH and s[idx:idx+1] in ("{", "["):
            value, idx = _value(s, idx, depth)
        else:
            try:
                value, idx = _scan(s, idx)
            except StopIteration as e:
                raise JSONDecodeError("Expecting value", s, e.value) from None
        append(value)
        c = s[idx:idx + 1]
        if c != "," and c != "]":
            idx = ws(s, idx).end()
            c = s[idx:idx + 1]
        if c == "]":
            return out, idx + 1
        if c != ",":
            raise JSONDecodeError("Expecting ',' delimiter", s, idx)
        idx = ws(s, idx + 1).end()


__all__ = ["loads", "tokenizer_from_file", "tokenizer_from_str"]
