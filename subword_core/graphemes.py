"""Extended grapheme clusters: the characters a reader sees as one glyph.

Offsets are code points (Python ``str`` indices), but a flag (🇰🇷, two regional
indicators), a ZWJ family (👨‍👩‍👧, five code points) or ``e`` + a combining accent is
one glyph. Byte-level tokenizers often split such a glyph between several tokens; a
view that colours code points one by one would then break the glyph into pieces.
These helpers give the cluster boundaries (Unicode UAX #29, ``regex``'s ``\\X``) and
the tokens that share each cluster, so views can draw every cluster whole.

Example:
    >>> grapheme_spans("a🇰🇷!")
    [(0, 1), (1, 3), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

_CLUSTER = regex.compile(r"\X", regex.DOTALL)
# only these can join code points into one cluster: anything else is one code point each
_JOINERS = regex.compile(r"[^\x00-\x7f]|\r\n")


def grapheme_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` code point spans of the extended grapheme clusters of ``text``."""
    if not _JOINERS.search(text):  # ASCII without CR LF: one cluster per code point (fast path)
        return [(i, i + 1) for i in range(len(text))]
    return [m.span() for m in _CLUSTER.finditer(text)]


def joined_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the clusters made of two or more code points (the ones a view could break).

    Example:
        >>> joined_spans("ok 🇰🇷 e\u0301")
        [(3, 5), (6, 8)]
    """
    if not _JOINERS.search(text):
        return []
    return [m.span() for m in _CLUSTER.finditer(text) if m.end() - m.start() > 1]


def cluster_covers(spans: Sequence[tuple[int, int]],
                   covers: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The tokens covering each cluster: the union of its code points' tokens, in order.

    Args:
        spans: grapheme spans, relative to the start of ``covers``.
        covers: for each code point, the indices of the tokens that cover it.

    Example:
        >>> cluster_covers([(0, 2)], [(3, 4), (4, 5)])
        [(3, 4, 5)]
    """
    out = []
    for start, end in spans:
        if end - start == 1:
            out.append(covers[start])
        else:
            out.append(tuple(sorted({t for c in range(start, end) for t in covers[c]})))
    return out
