"""Packed columns: many small Python values as a few flat objects, for sending between processes.

The app computes vocabulary- and corpus-sized results in worker processes and sends them to
the window's process. Pickled as they are, 130k strings or a dict of 128k ids are 130k
objects that ``pickle.loads`` rebuilds in one C call holding the receiver's GIL (measured
0.2-0.3 s for a Llama 3 vocabulary table: the window froze that long). Packed, they are one
string and one ``array`` each, which unpickle as two memory copies; turning them back into a
list is one ``str.split`` (a C call of a few ms).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

#: Separators tried in turn; a list whose strings hold all of them travels as lengths.
_SEPARATORS = ("\0", "\x1f", "\uffff")


def pack_strings(strings: Sequence[str]) -> tuple[str, str | array]:
    """``strings`` as ``(text, how)``: ``how`` is the separator joining them, or an array of
    their lengths when every separator occurs in some string. See :func:`unpack_strings`."""
    n = len(strings)
    for sep in _SEPARATORS:
        text = sep.join(strings)
        if text.count(sep) == max(n - 1, 0):  # no string holds the separator
            return text, sep
    return "".join(strings), array("q", map(len, strings))


def unpack_strings(packed: tuple[str, str | array], n: int) -> list[str]:
    """The list :func:`pack_strings` packed (``n`` strings)."""
    text, how = packed
    if n == 0:
        return []
    if isinstance(how, str):
        return text.split(how)
    out, at = [], 0
    for length in how:
        out.append(text[at:at + length])
        at += length
    return out


def optional_ints(values: Iterable[int | None]) -> array:
    """Non-negative ints or None as one array (None is -1)."""
    return array("q", (-1 if v is None else v for v in values))


def from_optional_ints(column: array) -> list[int | None]:
    """The list :func:`optional_ints` packed."""
    return [None if v < 0 else v for v in column]


__all__ = ["from_optional_ints", "optional_ints", "pack_strings", "unpack_strings"]
