"""CompareView: several encodings of one text, one row each, aligned character by character.

The view draws a :class:`subword_core.analysis.compare.Alignment`: every character gets one
column, the same in every row, so a cut one tokenizer makes and another does not
lines up vertically. In each row the tokens are coloured spans (unknown tokens in
the unknown colour, characters shared by several byte tokens in the shared
colour); a boundary the tokenizers disagree on is a red line through the whole
block (solid where the row cuts there, dashed where it does not) with a marker on
top. Long texts wrap into blocks, only where no row has a token across the break (a
token is never cut in two); a run wider than the view widens it, and the scroll area
around it scrolls. The view computes nothing: segments, boundaries and the differing set
come from the core, and what each column shows and where a line may start from
:func:`app.compare_columns.drawn_columns` (the Compare job computes them in its pool
process; the view measures the distinct glyphs, wraps the lines and paints the lines in
sight).

Each code point is one column (offsets are code points), except inside a grapheme
cluster (``subword_core.text.graphemes``): a flag 🇰🇷, a ZWJ family 👨‍👩‍👧 or an emoji with
a skin tone is drawn whole in its first code point's column (the others are zero
wide) and coloured with the union of the tokens of all its code points, so byte
tokens that share the glyph never cut it into pieces; the tooltip lists them all.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAccessible, QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from subword_core.analysis import visible_token

from .. import style
from ..compare_columns import DrawnColumns, drawn_columns
from .accessible import TokenNavigation, paint_focus_ring, token_name
from .hit_tooltips import HitTooltips

_PAD, _TOP, _GAP, _MIN_CELL = 4.0, 9.0, 12.0, 7.0


def _widest_run(widths: list[float], breakable: list[bool]) -> float:
    """The width of the widest stretch between two places a line may start."""
    widest = run = 0.0
    for w, can in zip(widths, breakable):
        if can:
            run = 0.0
        run += w
        widest = max(widest, run)
    return widest


def wrap_lines(widths: list[float], breakable: list[bool], avail: float,
               newlines: Sequence[int] = (), words: Sequence[bool] = ()
               ) -> list[tuple[int, int]]:
    """``(start, end)`` lines of at most ``avail`` wide, each starting where ``breakable``
    allows: the last such place that fits, preferring one where ``words`` says a word
    starts or ends, or (a stretch wider than ``avail``) the next one. A line also ends
    after a newline when the next line may start there.

    Example:
        >>> wrap_lines([1.0] * 6, [True, False, False, True, False, True], 4.0)
        [(0, 3), (3, 6)]
        >>> wrap_lines([1.0] * 6, [True] * 6, 4.0, words=[0, 0, 1, 0, 0, 0])
        [(0, 2), (2, 6)]
    """
    ends = {n for n in newlines if n < len(widths) and breakable[n]}
    lines, start, x = [], 0, 0.0
    last = word = None  # the latest break point in this line, and the latest at a word
    i = 0
    while i < len(widths):
        if i > start and breakable[i] and (i in ends or x + widths[i] > avail):
            back = i if i in ends or word is None else word
            lines.append((start, back))  # at the newline, else at the last word that fits
            start, x, last, word, i = back, 0.0, None, None, back
        elif i > start and x + widths[i] > avail and last is not None:
            back = last if word is None else word
            lines.append((start, back))  # back to the last break that fits
            start, x, last, word, i = back, 0.0, None, None, back
        elif i > start and breakable[i]:
            last = i
            if i < len(words) and words[i]:
                word = i
        x += widths[i]
        i += 1
    if start < len(widths) or not lines:
        lines.append((start, len(widths)))
    return lines


def _cut_color() -> QColor:
    return QColor("#ff5252" if style.is_dark() else "#d11f1f")


class CompareView(TokenNavigation, HitTooltips, QWidget):
    """Rows of token spans over the same characters; ``token_clicked(row, token index)``.

    Accessible as a tree: one item per row (tokenizer), one child per token of its encoding.
    The arrow keys move a focus ring (Up/Down to the other rows), Enter selects the token.
    """

    token_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareView")
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self._alignment: Any = None
        self._labels: list[str] = []
        self._byte_level: list[bool] = []
        self._message = ""
        self._text = ""  # the drawn head of the alignment's text
        self._covers: list[list[tuple[int, ...]]] = []
        self._runs: list[list[tuple[int, int, tuple[int, ...]]]] = []  # per row: same-cover runs
        self._run_starts: list[list[int]] = []  # per row: where each run starts (bisected)
        self._cluster_end: list[int] = []  # per code point: the end of its grapheme cluster
        self._glyphs: list[str] = []
        self._widths: list[float] = []
        self._lines: list[tuple[int, int]] = []
        self._x: list[float] = []  # left edge of each character in its line
        self._breakable: list[bool] = []  # per code point: a line may start here
        self._words: list[bool] = []  # per code point: a word starts or ends here
        self._newlines: list[int] = []  # code points just after a newline
        self._differing: tuple[int, ...] = ()  # the alignment's differing boundaries
        self._differing_set: frozenset[int] = frozenset()
        self._widest_run = 0.0  # the widest stretch with no place to break
        self._gutter_width = 14.0  # the row labels' column
        self._span: tuple[int, int] | None = None
        self._not_drawn = 0
        self._layout_width = -1
        self.setFont(style.text_font(12))  # (after the fields: a font change measures again)
        self.init_navigation()

    # -- content -------------------------------------------------------------------------------
    def set_alignment(
        self,
        alignment: Any,
        labels: list[str] | None = None,
        byte_level: list[bool] | None = None,
        message: str = "",
        columns: DrawnColumns | None = None,
    ) -> None:
        """Show ``alignment`` (None: only ``message``); ``labels`` name the rows.

        ``columns`` are ``compare_columns.drawn_columns(alignment)``, computed off the GUI
        thread (the Compare job does); without them they are computed here.
        """
        self._alignment = alignment
        self._message = message
        rows = alignment.rows if alignment is not None else ()
        self._labels = labels or [r.name for r in rows]
        self._byte_level = byte_level or [False] * len(rows)
        if alignment is not None and columns is None:
            columns = drawn_columns(alignment)
        if columns is None:
            self._text, self._not_drawn, self._differing = "", 0, ()
            self._covers, self._runs, self._glyphs, self._cluster_end = [], [], [], []
            self._breakable, self._words, self._newlines = [], [], []
        else:
            self._text, self._not_drawn = columns.text, columns.not_drawn
            self._covers, self._runs = columns.covers, columns.runs
            self._glyphs, self._cluster_end = columns.glyphs, columns.cluster_end
            self._breakable, self._words = columns.breakable, columns.words
            self._newlines, self._differing = columns.newlines, columns.differing
        self._differing_set = frozenset(self._differing)
        self._run_starts = [[start for start, _, _ in runs] for runs in self._runs]
        self._measure()
        self.navigation_changed()
        self.update()

    def _measure(self) -> None:
        """Widths in this font (each distinct glyph measured once), then the lines again."""
        metrics = QFontMetricsF(self.font())
        width = {g: max(metrics.horizontalAdvance(g), _MIN_CELL) + _PAD if g else 0.0
                 for g in set(self._glyphs)}
        self._widths = [width[g] for g in self._glyphs]
        self._widest_run = _widest_run(self._widths, self._breakable)
        self._gutter_width = max((metrics.horizontalAdvance(label) for label in self._labels),
                                 default=0) + 14
        self._layout_width = -1
        self._relayout()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.FontChange:
            self._measure()
        super().changeEvent(event)

    def set_highlight_span(self, span: tuple[int, int] | None) -> None:
        if span != self._span:
            self._span = span
            self.update()
            self.selection_changed()

    @property
    def alignment(self) -> Any:
        return self._alignment

    # -- geometry ------------------------------------------------------------------------------
    def _row_height(self) -> float:
        return QFontMetricsF(self.font()).height() + 8

    def _gutter(self) -> float:
        # measured with the labels and the widths (_measure): painting asks per character
        return self._gutter_width

    def _block_height(self) -> float:
        return _TOP + len(self._covers) * self._row_height() + _GAP

    def _relayout(self) -> None:
        width = self.width()
        if width == self._layout_width:
            return
        self._layout_width = width
        avail = max(80.0, width - self._gutter() - 8, self._widest_run)
        self._lines = wrap_lines(self._widths, self._breakable, avail, self._newlines,
                                 self._words)
        self._x = [0.0] * len(self._glyphs)
        for start, end in self._lines:
            x = 0.0
            for i in range(start, end):
                self._x[i] = x
                x += self._widths[i]
        height = int(len(self._lines) * self._block_height() + 24)
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)
        # a token wider than the view: the view widens (its scroll area scrolls) rather
        # than cut the token
        least = int(self._gutter() + self._widest_run + 8) if self._widest_run > 80 else 0
        if self.minimumWidth() != least:
            self.setMinimumWidth(least)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(max(600, self.minimumWidth()), self.minimumHeight())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._relayout()
        super().resizeEvent(event)

    def _char_x(self, line: tuple[int, int], p: int) -> float:
        """x of the left edge of character ``p`` (``p == end`` gives the line's right edge)."""
        start, end = line
        if p < end:
            return self._gutter_width + self._x[p]
        return (
            self._gutter_width + self._x[end - 1] + self._widths[end - 1]
            if end > start
            else self._gutter_width
        )

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._alignment is None or not self._covers:
            painter.setPen(style.marker_color())
            painter.drawText(
                self.rect().adjusted(8, 8, -8, -8), Qt.AlignmentFlag.AlignTop, self._message
            )
            return
        block, h = self._block_height(), self._row_height()
        colors = self._colors()
        span = self._span
        selected = [set(row.encoding.tokens_in_span(*span)) if span else set()
                    for row in self._alignment.rows]
        for k, line in enumerate(self._lines):
            top = k * block
            if top > event.rect().bottom() or top + block < event.rect().top():
                continue
            for r in range(len(self._covers)):
                self._paint_row(painter, line, r, top + _TOP + r * h, colors, selected[r])
            self._paint_differing(painter, line, top, colors["cut"])
        ring = self.focus_ring_rect()
        if ring is not None:
            paint_focus_ring(painter, ring, self)
        if self._not_drawn:
            painter.setPen(colors["marker"])
            painter.drawText(QPointF(8, len(self._lines) * block + 14),
                             self.tr("… {n} more characters not drawn").format(
                                 n=f"{self._not_drawn:,}"))
        painter.end()

    def _colors(self) -> dict[str, Any]:
        """The colours of one paint, looked up once (each look-up reads the palette)."""
        text, marker = self.palette().text().color(), style.marker_color()
        return {"text": text, "marker": marker, "text_pen": QPen(text), "marker_pen": QPen(marker),
                "cut": _cut_color(), "outline": QPen(style.selection_color(), 2),
                "no_pen": QPen(Qt.PenStyle.NoPen), "center": Qt.AlignmentFlag.AlignCenter,
                "multi": style.multi_token_color(), "unknown": style.unknown_color(),
                "tokens": [style.token_color(i) for i in range(style.PALETTE_SIZE)]}

    def _paint_row(self, painter: QPainter, line: tuple[int, int], r: int, y: float,
                   colors: dict[str, Any], selected: set[int]) -> None:
        row, h = self._alignment.rows[r], self._row_height()
        painter.setPen(colors["text"])
        painter.drawText(
            QRectF(4, y, self._gutter_width - 8, h), Qt.AlignmentFlag.AlignVCenter,
            self._labels[r]
        )
        start, end = line
        runs = self._runs[r]
        first = max(0, bisect_right(self._run_starts[r], start) - 1)  # the run holding start
        no_pen, outline = colors["no_pen"], colors["outline"]
        for seg_start, seg_end, tokens in runs[first:bisect_left(self._run_starts[r], end)]:
            if seg_end <= start or not tokens:
                continue
            x0, x1 = (
                self._char_x(line, max(seg_start, start)),
                self._char_x(line, min(seg_end, end)),
            )
            rect = QRectF(x0 + 1, y + 1, x1 - x0 - 2, h - 2)
            painter.setPen(outline if selected and not selected.isdisjoint(tokens) else no_pen)
            painter.setBrush(self._segment_color(row, tokens, colors))
            painter.drawRoundedRect(rect, 3, 3)
        glyphs, text, covers, x, widths = (self._glyphs, self._text, self._covers[r], self._x,
                                           self._widths)
        gutter, center = self._gutter_width, colors["center"]
        pens = (colors["text_pen"], colors["marker_pen"])
        shown = None  # the pen set last: set again only when it changes
        for c in range(start, end):
            glyph = glyphs[c]
            if not glyph:
                continue  # inside a cluster: drawn whole with its first code point
            # a whitespace marker, a cluster or an uncovered character: dimmed
            pen = pens[glyph != text[c] or not covers[c]]
            if pen is not shown:
                painter.setPen(pen)
                shown = pen
            painter.drawText(QRectF(gutter + x[c], y, widths[c], h), center, glyph)

    @staticmethod
    def _segment_color(row: Any, tokens: tuple[int, ...], colors: dict[str, Any]) -> QColor:
        if len(tokens) > 1:
            return colors["multi"]
        if tokens[0] in row.unknown:
            return colors["unknown"]
        palette = colors["tokens"]
        return palette[tokens[0] % len(palette)]

    def _paint_differing(self, painter: QPainter, line: tuple[int, int], top: float,
                         cut: QColor) -> None:
        start, end = line
        h = self._row_height()
        differing = self._differing
        for p in differing[bisect_right(differing, start):bisect_left(differing, end)]:
            x = self._char_x(line, p)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(cut)
            painter.drawPolygon(
                [QPointF(x - 4, top + 1), QPointF(x + 4, top + 1), QPointF(x, top + _TOP - 1)]
            )
            for r, row in enumerate(self._alignment.rows):
                y = top + _TOP + r * h
                cuts = p in row.boundaries
                pen = QPen(cut, 2.5 if cuts else 1.2)
                pen.setStyle(Qt.PenStyle.SolidLine if cuts else Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.drawLine(QPointF(x, y), QPointF(x, y + h))

    # -- hit testing ---------------------------------------------------------------------------
    def hit(self, pos: QPointF) -> tuple[int, int] | None:
        """``(row, character)`` under a widget position."""
        if self._alignment is None or not self._lines:
            return None
        block, h = self._block_height(), self._row_height()
        k = int(pos.y() // block)
        if not 0 <= k < len(self._lines):
            return None
        r = int((pos.y() - k * block - _TOP) // h)
        if not 0 <= r < len(self._covers):
            return None
        start, end = self._lines[k]
        for c in range(start, end):
            x = self._char_x(self._lines[k], c)
            if x <= pos.x() < x + self._widths[c]:
                return r, c
        return None

    def char_position(self, row: int, char: int) -> QPointF:
        """Centre of ``char`` in ``row`` (for automation and tests)."""
        k = next(i for i, (s, e) in enumerate(self._lines) if s <= char < e)
        x = self._char_x(self._lines[k], char) + self._widths[char] / 2
        return QPointF(x, k * self._block_height() + _TOP + (row + 0.5) * self._row_height())

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        found = self.hit(event.position())
        if found is not None and event.button() == Qt.MouseButton.LeftButton:
            r, c = found
            if self._covers[r][c]:
                self.set_focus_path((r, self._covers[r][c][0]), scroll=False)
                self.token_clicked.emit(r, self._covers[r][c][0])
        super().mousePressEvent(event)

    def describe(self, r: int, c: int) -> str:
        """The tooltip of character ``c`` (its whole cluster) in row ``r``."""
        row = self._alignment.rows[r]
        enc = row.encoding
        text = self._alignment.text
        cluster = text[c:self._cluster_end[c]]
        what = self.tr("character {c} {text}").format(c=c, text=repr(cluster)) \
            if len(cluster) == 1 else self.tr("characters {c}–{last} {text} (one glyph)").format(
                c=c, last=self._cluster_end[c] - 1, text=repr(cluster))
        lines = [f"{self._labels[r]} — {what}"]
        for i in self._covers[r][c]:
            shown = visible_token(enc.tokens[i], self._byte_level[r])
            unknown = "  " + self.tr("(unknown)") if i in row.unknown else ""
            lines.append(self.tr("  {shown}   raw {raw}  id {id}  {offsets}{unknown}").format(
                shown=shown, raw=repr(enc.tokens[i]), id=enc.ids[i],
                offsets=tuple(enc.offsets[i]), unknown=unknown))
        if c in self._differing_set:
            cut = [
                self._labels[k] for k, rw in enumerate(self._alignment.rows) if c in rw.boundaries
            ]
            lines.append(self.tr("cut before this character by: {names}").format(
                names=", ".join(cut)))
        return "\n".join(lines)

    # -- accessibility and the keyboard (app.widgets.accessible) ---------------------------------
    def a11y_count(self, path: tuple[int, ...]) -> int:
        """Children: the rows; a row's children: the tokens of its encoding."""
        if self._alignment is None or not self._covers:
            return 0
        if not path:
            return len(self._alignment.rows)
        return len(self._alignment.rows[path[0]].encoding) if len(path) == 1 else 0

    def a11y_role(self, path: tuple[int, ...]) -> QAccessible.Role:
        return QAccessible.Role.TreeItem if path else QAccessible.Role.Tree

    def a11y_texts(self, path: tuple[int, ...]) -> tuple[str, str, str]:
        """Name, value and description of the view, a row or a token."""
        if not path:
            return (self.tr("Tokenizers compared"), self._alignment.text if self._alignment
                    else self._message,
                    self.tr("One row per tokenizer over the same characters. The arrow keys "
                            "move through the tokens, Up and Down to the other rows, Enter "
                            "selects one."))
        row = self._alignment.rows[path[0]]
        enc = row.encoding
        if len(path) == 1:
            differing = len(self._differing)
            return (self._labels[path[0]], " ".join(visible_token(t, self._byte_level[path[0]])
                                                     for t in enc.tokens),
                    self.tr("{n} tokens; {d} cuts differ between the tokenizers")
                    .format(n=len(enc), d=differing))
        i = path[1]
        start, end = enc.offsets[i]
        name = token_name(visible_token(enc.tokens[i], self._byte_level[path[0]]), enc.ids[i],
                          start, end)
        value = self._alignment.text[start:end] if start < end else enc.tokens[i]
        if i in row.unknown:
            name += self.tr(", unknown")
        described = self.describe(path[0], start) if start < min(end, len(self._glyphs)) else ""
        return name, value, described

    def a11y_selected(self, path: tuple[int, ...]) -> bool:
        if len(path) != 2 or self._span is None:
            return False
        return path[1] in self._alignment.rows[path[0]].encoding.tokens_in_span(*self._span)

    def a11y_stops(self) -> list[tuple[int, ...]]:
        """Row by row, the tokens that cover drawn characters, by position."""
        stops = []
        for r, row in enumerate(self._alignment.rows if self._covers else ()):
            offsets = row.encoding.offsets
            drawn = [i for i in range(len(offsets))
                     if offsets[i][0] < min(offsets[i][1], len(self._glyphs))]
            stops += [(r, i) for i in sorted(drawn, key=lambda i: offsets[i])]
        return stops

    def a11y_activate(self, path: tuple[int, ...]) -> None:
        """Enter on a token: what a click does (the pane selects its characters)."""
        self.token_clicked.emit(path[0], path[1])

    def a11y_path_at(self, pos: QPointF) -> tuple[int, ...] | None:
        found = self.hit(pos)
        if found is None:
            return None
        r, c = found
        return (r, self._covers[r][c][0]) if self._covers[r][c] else (r,)

    def line_candidates(self, at: int) -> list[tuple[int, ...]]:
        """Up/Down: the tokens of every row on the focused token's block and its neighbours
        (a row's tokens are far apart in the reading order, row by row)."""
        r, i = self.stops()[at]
        start = self._alignment.rows[r].encoding.offsets[i][0]
        k = next((n for n, (s, e) in enumerate(self._lines) if s <= start < e), 0)
        first, last = self._lines[max(0, k - 1)][0], self._lines[min(len(self._lines) - 1, k + 1)][1]
        return [(row, t) for row, aligned in enumerate(self._alignment.rows)
                for t in aligned.encoding.tokens_in_span(first, last) if (row, t) != (r, i)]

    def _column(self, c: int) -> int:
        """The drawn column of character ``c``: its cluster's first code point."""
        while c > 0 and not self._glyphs[c]:
            c -= 1
        return c

    def a11y_rect(self, path: tuple[int, ...]) -> QRectF | None:
        """Where a row or a token is drawn (a token on several lines: all of them)."""
        if self._alignment is None or not path or not self._lines:
            return None
        block, h = self._block_height(), self._row_height()
        r = path[0]
        if len(path) == 1:
            top = _TOP + r * h
            return QRectF(0, top, self.width(), h)
        start, end = self._alignment.rows[r].encoding.offsets[path[1]]
        end = min(end, len(self._glyphs))
        if start >= end:
            return None
        rect = QRectF()
        for k, (s, e) in enumerate(self._lines):
            if e <= start or s >= end:
                continue
            first, last = self._column(max(s, start)), self._column(min(e, end) - 1)
            x0, x1 = self._char_x((s, e), first), self._char_x((s, e), last) + self._widths[last]
            piece = QRectF(x0 + 1, k * block + _TOP + r * h + 1, x1 - x0 - 2, h - 2)
            rect = piece if rect.isNull() else rect.united(piece)
        return None if rect.isNull() else rect
