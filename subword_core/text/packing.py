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
from itertools import chain
from typing import Any

from ..encoding import Encoding, Offsets

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


def pack_offsets(offsets: Iterable[Offsets]) -> array:
    """``(start, end)`` pairs as one flat array (4 bytes a number for texts under 2 GB)."""
    flat = list(chain.from_iterable(offsets))
    try:
        return array("i", flat)
    except OverflowError:
        return array("q", flat)


def unpack_offsets(packed: array) -> list[Offsets]:
    """The list :func:`pack_offsets` packed."""
    return list(zip(packed[0::2].tolist(), packed[1::2].tolist()))


def pack_encodings(encodings: list[Encoding]) -> tuple:
    """Encodings as concatenated columns (:func:`unpack_encodings` makes them again);
    an ``overflowing`` encoding that is one of ``encodings`` travels as its index."""
    where = {id(e): k for k, e in enumerate(encodings)}
    flat = encodings
    offsets = [o for e in flat for o in e.offsets]
    overflowing = [[where[id(o)] for o in e.overflowing] if all(id(o) in where
                   for o in e.overflowing) else list(e.overflowing) for e in flat]
    tokens = [t for e in flat for t in e.tokens]
    return (array("q", [len(e) for e in flat]),
            array("q", [i for e in flat for i in e.ids]),
            array("q", [i for e in flat for i in e.type_ids]),
            pack_strings(tokens),
            optional_ints(w for e in flat for w in e.word_ids),
            array("q", [s for s, _ in offsets]), array("q", [e for _, e in offsets]),
            array("q", [m for e in flat for m in e.special_tokens_mask]),
            array("q", [m for e in flat for m in e.attention_mask]),
            [dict(e.sequence_ranges) for e in flat], overflowing)


def _unpack_encodings(lengths: array, ids: array, type_ids: array, tokens: Any,
                      word_ids: array, starts: array, ends: array, special: array,
                      attention: array, ranges: list[dict], overflowing: list) -> list[Encoding]:
    words = from_optional_ints(word_ids)
    token_list = unpack_strings(tokens, len(ids))
    out, at = [], 0
    for n, seq_ranges in zip(lengths, ranges):
        end = at + n
        out.append(Encoding(ids[at:end].tolist(), type_ids[at:end].tolist(), token_list[at:end],
                            words[at:end], list(zip(starts[at:end], ends[at:end])),
                            special[at:end].tolist(), attention[at:end].tolist(), [],
                            seq_ranges))
        at = end
    for enc, over in zip(out, overflowing):
        enc.overflowing = [out[k] if isinstance(k, int) else k for k in over]
    return out


def unpack_encodings(packed: tuple) -> list[Encoding]:
    """The encodings :func:`pack_encodings` packed."""
    return _unpack_encodings(*packed)


__all__ = ["from_optional_ints", "optional_ints", "pack_encodings", "pack_strings",
           "unpack_encodings", "unpack_strings"]
