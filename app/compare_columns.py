"""What the Compare view draws of an alignment, code point by code point (no Qt here).

:class:`~app.widgets.compare_view.CompareView` draws the head of an
:class:`~subword_core.analysis.compare.Alignment` (``MAX_DRAWN_CHARS``) one column per code
point. Which tokens cover each column, the runs of equal covers, where a line may start and
which glyph each column shows are per-code-point loops over every row: done on the GUI
thread when the Compare job's rows arrived, they stalled the window for 70-90 ms with four
real tokenizers and a 50k-character text (issue 20). The Compare text job
(:func:`app.compare_jobs.compare_text_job`) computes them in its pool process with
:func:`drawn_columns`; the view only measures the distinct glyphs and wraps the lines.

Each code point is one column, except inside a grapheme cluster
(``subword_core.text.graphemes``): the cluster is drawn whole in its first code point's
column (the others show no glyph) and every code point of it carries the union of its
tokens, so byte tokens that share a glyph never cut it into pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from subword_core.analysis import visible_text
from subword_core.text.graphemes import joined_spans

from . import encoding_layout

#: Characters drawn at most (the tables still use the whole text).
MAX_DRAWN_CHARS = 4000
#: What a whitespace character is drawn as: the Encoding pane's markers, and a line break.
MARKERS = {**encoding_layout.MARKERS, "\n": "↵"}

Cover = tuple[int, ...]
Run = tuple[int, int, Cover]


@dataclass(frozen=True)
class DrawnColumns:
    """Per drawn code point of an alignment's head, everything but its width in pixels."""

    text: str                    # the drawn head of the alignment's text
    not_drawn: int               # characters of the text after it
    glyphs: list[str]            # what each column shows ("" inside a cluster)
    cluster_end: list[int]       # the end of each code point's grapheme cluster
    covers: list[list[Cover]]    # per row, per code point: the tokens covering it
    runs: list[list[Run]]        # per row: ``(start, end, tokens)`` runs of equal covers
    breakable: list[bool]        # per code point: may a line start here
    words: list[bool]            # per code point: a word starts or ends here
    newlines: list[int]          # code points just after a newline
    differing: tuple[int, ...]   # the alignment's differing boundaries (the whole text)


def runs(cover: list[Cover]) -> list[Run]:
    """``(start, end, tokens)`` runs of code points covered by the same tokens.

    Example:
        >>> runs([(0,), (0,), (), (1, 2)])
        [(0, 2, (0,)), (2, 3, ()), (3, 4, (1, 2))]
    """
    out, start = [], 0
    for c in range(1, len(cover) + 1):
        if c == len(cover) or cover[c] != cover[start]:
            out.append((start, c, cover[start]))
            start = c
    return out


def break_points(covers: list[list[Cover]], glyphs: list[str]) -> list[bool]:
    """Per code point: may a line start there? Only where no row has a token on both
    sides, and not inside a grapheme cluster (its other code points have no glyph).

    Example:
        >>> break_points([[(0,), (0,), (1,)]], ["a", "b", "c"])
        [True, False, True]
    """
    breakable = [bool(g) for g in glyphs]
    if breakable:
        breakable[0] = True
    for cover in covers:
        for c in range(1, len(glyphs)):
            if breakable[c] and cover[c] and not set(cover[c - 1]).isdisjoint(cover[c]):
                breakable[c] = False
    return breakable


def row_cover(segments: Any, length: int, clusters: list[tuple[int, int]]) -> list[Cover]:
    """Per code point of the first ``length``: the tokens of the segment covering it, a
    cluster's code points all carrying the union of the cluster's tokens."""
    cover: list[Cover] = [()] * length
    for seg in segments:
        end = min(seg.end, length)
        if seg.start < end:
            cover[seg.start:end] = [seg.tokens] * (end - seg.start)
    for start, end in clusters:
        union = tuple(sorted({t for c in range(start, end) for t in cover[c]}))
        cover[start:end] = [union] * (end - start)
    return cover


def drawn_columns(alignment: Any, limit: int = MAX_DRAWN_CHARS) -> DrawnColumns:
    """The columns of the first ``limit`` characters of ``alignment`` (a
    ``compare.Alignment``), as :class:`~app.widgets.compare_view.CompareView` draws them."""
    text = alignment.text[:limit]
    clusters = joined_spans(text)
    covers = [row_cover(row.segments, len(text), clusters) for row in alignment.rows]
    glyphs = [MARKERS.get(c, c) for c in text]
    cluster_end = list(range(1, len(text) + 1))
    for start, end in clusters:
        glyphs[start] = text[start:end]
        glyphs[start + 1:end] = [""] * (end - start - 1)
        cluster_end[start:end] = [end] * (end - start)
    words = [c > 0 and (text[c - 1].isspace() or text[c].isspace()) for c in range(len(text))]
    return DrawnColumns(
        text=text,
        not_drawn=len(alignment.text) - len(text),
        glyphs=glyphs,
        cluster_end=cluster_end,
        covers=covers,
        runs=[runs(cover) for cover in covers],
        breakable=break_points(covers, glyphs),
        words=words,
        newlines=[i + 1 for i, g in enumerate(glyphs) if g == "↵"],
        differing=alignment.differing,
    )


def boundary_records(alignment: Any) -> list[dict]:
    """One record per differing boundary of a ``compare.Alignment`` (the Compare view's
    boundary table): its position, the text around it, and which rows cut there."""
    if alignment is None:
        return []
    text = alignment.text
    return [
        {
            "p": p,
            "context": f"{visible_text(text[max(0, p - 8) : p])} | {visible_text(text[p : p + 8])}",
            "cuts": [p in row.boundaries for row in alignment.rows],
        }
        for p in alignment.differing
    ]


__all__ = ["MARKERS", "MAX_DRAWN_CHARS", "DrawnColumns", "boundary_records", "break_points",
           "drawn_columns", "row_cover", "runs"]
