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


# Code points that can join a neighbour into one cluster (UAX #29 rules GB3-GB12): every
# joining pair has one of these on at least one side, so two adjacent others never join.
_TRIGGERS = regex.compile(r"[\p{GCB=Extend}\p{GCB=ZWJ}\p{GCB=SpacingMark}\p{GCB=Prepend}"
                          r"\p{GCB=Regional_Indicator}\p{GCB=L}\p{GCB=V}\p{GCB=T}\r\n]+")


def joined_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the clusters made of two or more code points (the ones a view could break).

    Only windows around the code points that can join (a combining mark, a ZWJ, a regional
    indicator, a Hangul jamo, CR LF …), widened by one code point each side, are segmented:
    their edges are cluster boundaries (two non-joining code points never join), and most
    text has few of them (7x faster than segmenting all of a Latin text).

    Example:
        >>> joined_spans("ok 🇰🇷 e\u0301")
        [(3, 5), (6, 8)]
    """
    if not _JOINERS.search(text):
        return []
    out: list[tuple[int, int]] = []
    for start, end in _windows(text):
        out.extend(m.span() for m in _CLUSTER.finditer(text, start, end)
                   if m.end() - m.start() > 1)
    return out


def _windows(text: str) -> list[tuple[int, int]]:
    """Runs of joining code points, one code point wider each side, merged where they touch."""
    windows: list[tuple[int, int]] = []
    for m in _TRIGGERS.finditer(text):
        start, end = max(m.start() - 1, 0), min(m.end() + 1, len(text))
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    return windows


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
