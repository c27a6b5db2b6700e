"""WindowsView: the windows of a long text, one block each, drawn as rows of token cells.

The view draws a :class:`subword_core.analysis.windows.Windows` and each window's
:func:`~subword_core.analysis.windows.window_pieces` (computed by the caller, in a worker):

- a block per window: a header line ("Window 3 · overflowing[2] · context chars
  1,024–1,530 · shares 8 tokens / 31 chars with window 2"), then the window's tokens as
  cells that wrap to the width, in the order the model reads them;
- special tokens are dashed chips (``[CLS]``), question tokens grey cells (a pair repeats
  the question in every window), context tokens coloured by their position in the whole
  context, so one token has the same colour in every window that holds it; text no token
  covers (the space BERT drops) is a dim gap;
- context tokens the previous or next window also holds (the stride overlap) carry a bar
  under them, in the overlap colour;
- the selected character span of the context is outlined in every window (and a clicked
  question span in every question).

Only blocks on screen are painted; the layout (cell widths, line breaks) is redone only
when the width changes. At most ``MAX_DRAWN_TOKENS`` tokens are drawn (a note says how
many windows are left out; the table lists them all). The view computes no figure: it
maps pixels to window token indices.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QAccessible, QColor, QFont, QFontMetricsF, QPainter, QPen, QStaticText,
                           QTransform)
from PySide6.QtWidgets import QSizePolicy, QWidget

from subword_core.analysis import visible_token

from .. import style
from .accessible import TokenNavigation, paint_focus_ring, token_name
from .hit_tooltips import HitTooltips

#: Tokens drawn at most, all windows together (the table lists every window).
MAX_DRAWN_TOKENS = 20_000
#: Characters of one cell's label at most (a 300-character unknown word is cut with "…").
MAX_LABEL_CHARS = 48
_MARKERS = {" ": "␣", "\t": "→", "\n": "↵", "\r": "␍", "\u00a0": "⍽", "\u3000": "□",
            "\u2028": "↵", "\u2029": "¶"}
_PAD, _GAP_PAD, _LINE_GAP, _BLOCK_GAP, _BAR = 8.0, 3.0, 4.0, 14.0, 3.0


def overlap_color() -> QColor:
    """The bar under tokens that a neighbouring window also holds."""
    return QColor("#ce93d8" if style.is_dark() else "#8e24aa")


def _question_color(k: int) -> QColor:
    if style.is_dark():
        return QColor("#3c4046" if k % 2 else "#4a4f57")
    return QColor("#e4e6ea" if k % 2 else "#d3d7dd")


def _label(text: str, gap: bool) -> str:
    if gap:  # uncovered spaces stay blank; line breaks and tabs show
        text = "".join(" " if c == " " else _MARKERS.get(c, c) for c in text)
    else:
        text = "".join(_MARKERS.get(c, c) if c.isspace() else c for c in text)
    return text if len(text) <= MAX_LABEL_CHARS else text[:MAX_LABEL_CHARS - 1] + "…"


@dataclass
class Cell:
    """One drawn piece: its label, kind and place in the block."""

    piece: Any          # subword_core.analysis.windows.Piece
    label: str
    kind: str           # "special" | "question" | "context" | "gap"
    color_key: int = 0  # context position (same token, same colour in every window)
    shared: bool = False  # a neighbouring window holds one of its tokens too
    natural: float = 0.0  # width the label wants
    width: float = 0.0
    line: int = 0
    x: float = 0.0


@dataclass
class Block:
    """One window's cells and header (built off the GUI thread by :func:`prepare_blocks`)."""

    window: int
    cells: list[Cell]
    header: str
    detail: str
    top: float = 0.0
    lines: int = 1


def prepare_blocks(windows: Any, pieces: list[list[Any]], byte_level: bool) -> list[Block]:
    """The blocks of the first ``len(pieces)`` windows: labels, kinds, colours, overlap.

    Pure Python (no Qt object): the pane's worker calls it, so a 20k-token drawing costs
    the GUI thread only the line breaking.
    """
    from subword_core.analysis.windows import CONTEXT, QUESTION

    texts = {0: windows.context} if windows.question is None else \
        {QUESTION: windows.question, CONTEXT: windows.context}
    return [_block(windows, k, p, texts, byte_level) for k, p in enumerate(pieces)]


def _block(windows: Any, k: int, pieces: list[Any], texts: dict[int, str],
           byte_level: bool) -> Block:
    w = windows.windows[k]
    enc, ctx_seq = w.encoding, windows.context_sequence
    before, after = windows.shared_tokens(k)
    shared = before | after
    cells, q = [], 0
    for piece in pieces:
        if piece.sequence is None:
            cells.append(Cell(piece, visible_token(enc.tokens[piece.tokens[0]], byte_level),
                              "special"))
        elif not piece.tokens:
            cells.append(Cell(piece, _label(texts[piece.sequence][piece.start:piece.end], True),
                              "gap"))
        elif piece.sequence == ctx_seq:
            key = piece.tokens[0] - w.context_tokens[0] + (w.context_range or (0, 0))[0]
            cells.append(Cell(piece, _label(texts[ctx_seq][piece.start:piece.end], False),
                              "context", key, not shared.isdisjoint(piece.tokens)))
        else:
            cells.append(Cell(piece, _label(texts[piece.sequence][piece.start:piece.end], False),
                              "question", q))
            q += 1
    return Block(k, cells, *_header(windows, k))


def _header(windows: Any, k: int) -> tuple[str, str]:
    w = windows.windows[k]
    where = QCoreApplication.translate("WindowsView", "the encoding") if k == 0 \
        else f"overflowing[{k - 1}]"
    parts = [where, QCoreApplication.translate("WindowsView", "{n} tokens").format(
        n=f"{len(w.encoding):,}")]
    if w.context_span is not None:
        parts.append(QCoreApplication.translate("WindowsView", "chars {start}–{end}").format(
            start=f"{w.context_span[0]:,}", end=f"{w.context_span[1]:,}"))
    if k:
        parts.append(QCoreApplication.translate(
            "WindowsView", "shares {tokens} tokens ({chars} chars) with window {k}").format(
            tokens=f"{w.overlap_tokens:,}", chars=f"{w.overlap_chars:,}", k=k - 1))
    return QCoreApplication.translate("WindowsView", "Window {k}").format(k=k), " · ".join(parts)


class WindowsView(TokenNavigation, HitTooltips, QWidget):
    """Blocks of token cells, one per window; ``token_clicked(window, token index)``.

    Accessible as a tree: one item per drawn window, one child per token of its encoding.
    The arrow keys move a focus ring through the tokens, Enter selects one as a click does.
    """

    token_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("windowsView")
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setFont(style.text_font(12))
        self._bold = QFont(self.font())
        self._bold.setBold(True)
        self._windows: Any = None
        self._byte_level = False
        self._unk_id: int | None = None
        self._blocks: list[Block] = []
        self._tops: list[float] = []
        self._message = ""
        self._left_out = 0
        self._span: tuple[int, int] | None = None
        self._question_span: tuple[int, int] | None = None
        self._marked: dict[int, frozenset[int]] = {}  # window -> tokens outlined
        self._widths: dict[tuple[str, bool], float] = {}  # label -> natural width
        self._metrics = (0.0, 0.0, 0.0)  # row height, header height, ascent
        self._static: dict[str, QStaticText] = {}  # label -> laid out once
        self._layout_width = -1
        self._last_clicked: tuple[int, int] | None = None
        self._cell_of: dict[int, dict[int, Cell]] = {}  # window -> token -> its cell
        self.init_navigation()

    # -- content -------------------------------------------------------------------------------
    def set_windows(self, windows: Any, blocks: list[Block], byte_level: bool = False,
                    unk_id: int | None = None, message: str = "") -> None:
        """Show ``windows`` (None: only ``message``) as ``blocks`` (see :func:`prepare_blocks`)."""
        self._windows, self._byte_level, self._unk_id = windows, byte_level, unk_id
        self._message = message
        self._blocks = list(blocks) if windows is not None else []
        self._left_out = len(windows) - len(self._blocks) if windows is not None else 0
        self._last_clicked = None
        self._cell_of = {}
        self._layout_width = -1
        self._relayout()
        self._mark()
        self.navigation_changed()
        self.update()

    @property
    def windows(self) -> Any:
        return self._windows

    @property
    def drawn_windows(self) -> int:
        return len(self._blocks)

    def set_span(self, span: tuple[int, int] | None) -> None:
        """Outline the context tokens of ``span`` in every window."""
        self._set_spans(span, self._question_span)

    def set_question_span(self, span: tuple[int, int] | None) -> None:
        """Outline the question tokens of ``span`` in every window."""
        self._set_spans(self._span, span)

    def _set_spans(self, span: tuple[int, int] | None, question: tuple[int, int] | None) -> None:
        if (span, question) != (self._span, self._question_span):
            self._span, self._question_span = span, question
            self._mark()
            self.update()
            self.selection_changed()

    def marked_tokens(self, window: int) -> frozenset[int]:
        """The tokens of ``window`` outlined now (for tests and the table)."""
        return self._marked.get(window, frozenset())

    def window_top(self, window: int) -> int:
        """y of the block of ``window`` (0 when it is not drawn)."""
        return int(self._blocks[window].top) if 0 <= window < len(self._blocks) else 0

    def _mark(self) -> None:
        from subword_core.analysis.windows import QUESTION

        self._marked = {}
        if self._windows is None:
            return
        for block in self._blocks:
            found: set[int] = set()
            if self._span is not None:
                found.update(self._windows.tokens_in_span(block.window, self._span))
            if self._question_span is not None and self._windows.question is not None:
                found.update(self._windows.tokens_in_span(block.window, self._question_span,
                                                          QUESTION))
            if found:
                self._marked[block.window] = frozenset(found)

    # -- layout --------------------------------------------------------------------------------
    def _row_height(self) -> float:
        return self._metrics[0]

    def _header_height(self) -> float:
        return self._metrics[1]

    def _relayout(self) -> None:
        width = self.width()
        if width == self._layout_width:
            return
        self._layout_width = width
        metrics = QFontMetricsF(self.font())
        self._metrics = (metrics.height() + 8, QFontMetricsF(self._bold).height() + 6,
                         metrics.ascent())
        widths = self._widths
        avail = max(120.0, width - 16.0)
        row, y = self._metrics[0] + _LINE_GAP + _BAR, 4.0
        for block in self._blocks:
            line, x = 0, 0.0
            for cell in block.cells:
                if not cell.natural:
                    gap = cell.kind == "gap"
                    natural = widths.get((cell.label, gap))
                    if natural is None:  # many tokens repeat: measure each label once
                        natural = max(4.0, metrics.horizontalAdvance(cell.label)
                                      + (_GAP_PAD if gap else _PAD))
                        widths[(cell.label, gap)] = natural
                    cell.natural = natural
                cell.width = min(cell.natural, avail)
                if x + cell.width > avail and x > 0:
                    line, x = line + 1, 0.0
                cell.line, cell.x = line, x
                x += cell.width + 1
            block.top, block.lines = y, line + 1
            y += self._metrics[1] + block.lines * row + _BLOCK_GAP
        self._tops = [b.top for b in self._blocks]
        height = int(y + (30 if self._left_out else 10))
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(600, self.minimumHeight())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._relayout()
        super().resizeEvent(event)

    def _cell_rect(self, block: Block, cell: Cell) -> QRectF:
        row_h, header_h, _ = self._metrics
        y = block.top + header_h + cell.line * (row_h + _LINE_GAP + _BAR)
        return QRectF(8 + cell.x, y, cell.width, row_h)

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._blocks:
            painter.setPen(style.marker_color())
            painter.drawText(self.rect().adjusted(8, 8, -8, -8),
                             Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, self._message)
            return
        top, bottom = event.rect().top(), event.rect().bottom()
        colors = self._colors()
        first = max(0, bisect.bisect_right(self._tops, top) - 1)
        for block in self._blocks[first:]:
            if block.top > bottom:
                break
            self._paint_block(painter, block, colors, top, bottom)
        ring = self.focus_ring_rect()
        if ring is not None:
            paint_focus_ring(painter, ring, self)
        if self._left_out:
            painter.setPen(colors["marker"])
            painter.drawText(QPointF(8, self.minimumHeight() - 12),
                             self.tr("… {n} more windows not drawn (all are in the table "
                                     "below)").format(n=f"{self._left_out:,}"))
        painter.end()

    def _colors(self) -> dict[str, Any]:
        """Every colour of one paint, looked up once (a screenful has thousands of cells)."""
        return {"text": self.palette().text().color(), "marker": style.marker_color(),
                "selection": style.selection_color(), "overlap": overlap_color(),
                "multi": style.multi_token_color(), "unknown": style.unknown_color(),
                "tokens": [style.token_color(i) for i in range(style.PALETTE_SIZE)],
                "question": [_question_color(i) for i in range(2)]}

    def _paint_block(self, painter: QPainter, block: Block, colors: dict[str, Any],
                     top: float, bottom: float) -> None:
        row_h, header_h, _ = self._metrics
        painter.setFont(self._bold)
        painter.setPen(colors["text"])
        painter.drawText(QRectF(8, block.top, 200, header_h), Qt.AlignmentFlag.AlignVCenter,
                         block.header)
        indent = QFontMetricsF(self._bold).horizontalAdvance(block.header) + 20
        painter.setFont(self.font())
        painter.setPen(colors["marker"])
        room = max(10.0, self.width() - indent - 16)
        detail = QFontMetricsF(self.font()).elidedText(block.detail, Qt.TextElideMode.ElideRight,
                                                       room)
        painter.drawText(QRectF(8 + indent, block.top, room, header_h),
                         Qt.AlignmentFlag.AlignVCenter, detail)
        marked = self._marked.get(block.window, frozenset())
        enc = self._windows.windows[block.window].encoding
        pitch = row_h + _LINE_GAP + _BAR
        for cell in block.cells:
            y = block.top + header_h + cell.line * pitch
            if y > bottom or y + pitch < top:
                continue  # outside the area being painted
            rect = QRectF(8 + cell.x, y, cell.width, row_h)
            self._paint_cell(painter, cell, rect, enc, colors)
            if cell.shared:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colors["overlap"])
                painter.drawRect(QRectF(rect.x() + 1, rect.bottom() + 1, rect.width() - 2, _BAR))
            if marked and not marked.isdisjoint(cell.piece.tokens):
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(colors["selection"], 2.5))
                painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 3, 3)

    def _paint_cell(self, painter: QPainter, cell: Cell, rect: QRectF, enc: Any,
                    colors: dict[str, Any]) -> None:
        inner = rect.adjusted(1, 1, -1, -1)
        if cell.kind == "special":
            pen = QPen(colors["marker"], 1.2)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(inner, 3, 3)
        elif cell.kind != "gap":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._fill(cell, enc, colors))
            painter.drawRoundedRect(inner, 3, 3)
        painter.setPen(colors["marker"] if cell.kind in ("gap", "special") else colors["text"])
        if cell.width < cell.natural:  # wider than the view: cut with "…"
            label = QFontMetricsF(self.font()).elidedText(
                cell.label, Qt.TextElideMode.ElideRight, rect.width() - 6)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            return
        # subtle: a static text is laid out once per label, not once per cell and paint
        static = self._static.get(cell.label)
        if static is None:
            static = self._static[cell.label] = QStaticText(cell.label)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(QTransform(), self.font())
        pad = _GAP_PAD if cell.kind == "gap" else _PAD
        painter.drawStaticText(QPointF(rect.x() + pad / 2, rect.y() + 4), static)

    def _fill(self, cell: Cell, enc: Any, colors: dict[str, Any]) -> QColor:
        tokens = cell.piece.tokens
        if cell.kind == "question":
            return colors["question"][cell.color_key % 2]
        if len(tokens) > 1:
            return colors["multi"]
        if self._unk_id is not None and enc.ids[tokens[0]] == self._unk_id:
            return colors["unknown"]
        return colors["tokens"][cell.color_key % len(colors["tokens"])]

    # -- hit testing ---------------------------------------------------------------------------
    def hit(self, pos: QPointF) -> tuple[int, Cell] | None:
        """``(window, cell)`` under a widget position."""
        if not self._blocks:
            return None
        b = bisect.bisect_right(self._tops, pos.y()) - 1
        if b < 0:
            return None
        block = self._blocks[b]
        for cell in block.cells:
            if self._cell_rect(block, cell).contains(pos):
                return block.window, cell
        return None

    def token_position(self, window: int, token: int) -> QPointF:
        """Centre of the cell drawing ``token`` of ``window`` (for automation and tests)."""
        block = self._blocks[window]
        cell = next(c for c in block.cells if token in c.piece.tokens)
        return self._cell_rect(block, cell).center()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        found = self.hit(event.position())
        if found is not None and event.button() == Qt.MouseButton.LeftButton:
            window, cell = found
            tokens = cell.piece.tokens
            if tokens:
                # repeated clicks on a glyph shared by several byte tokens cycle through them
                last = self._last_clicked
                k = tokens.index(last[1]) + 1 if last and last[0] == window and \
                    last[1] in tokens else 0
                token = tokens[k % len(tokens)]
                self._last_clicked = (window, token)
                self.set_focus_path((window, token), scroll=False)
                self.token_clicked.emit(window, token)
        super().mousePressEvent(event)

    def describe(self, window: int, cell: Cell) -> str:
        """The tooltip of a cell: its tokens, and the neighbours that share them."""
        w = self._windows.windows[window]
        enc = w.encoding
        piece = cell.piece
        if not piece.tokens:
            return self.tr("In no token (the tokenizer drops these characters)")
        kind = {"special": self.tr("special token"), "question": self.tr("question"),
                "context": self.tr("context")}[cell.kind]
        lines = [self.tr("Window {k} — {kind}").format(k=window, kind=kind)]
        for i in piece.tokens:
            shown = visible_token(enc.tokens[i], self._byte_level)
            lines.append(self.tr("  #{i}  {shown}   raw {raw}  id {id}  offsets {offsets}").format(
                i=i, shown=shown, raw=repr(enc.tokens[i]), id=enc.ids[i],
                offsets=tuple(enc.offsets[i])))
        before, after = self._windows.shared_tokens(window)
        also = [window - 1 for t in piece.tokens[:1] if t in before]
        also += [window + 1 for t in piece.tokens[:1] if t in after]
        if also:
            lines.append(self.tr("also in window {a} (the stride overlap)").format(a=also[0])
                         if len(also) == 1 else
                         self.tr("also in window {a} and window {b} (the stride overlap)").format(
                             a=also[0], b=also[1]))
        return "\n".join(lines)

    # -- accessibility and the keyboard (app.widgets.accessible) ---------------------------------
    def a11y_count(self, path: tuple[int, ...]) -> int:
        """Children: the drawn windows; a window's children: the tokens of its encoding."""
        if not path:
            return len(self._blocks)
        if len(path) == 1:
            return len(self._windows.windows[self._blocks[path[0]].window].encoding)
        return 0

    def a11y_role(self, path: tuple[int, ...]) -> QAccessible.Role:
        return QAccessible.Role.TreeItem if path else QAccessible.Role.Tree

    def _cells(self, window: int) -> dict[int, Cell]:
        cells = self._cell_of.get(window)
        if cells is None:
            cells = self._cell_of[window] = {t: cell for cell in self._blocks[window].cells
                                             for t in cell.piece.tokens}
        return cells

    def a11y_texts(self, path: tuple[int, ...]) -> tuple[str, str, str]:
        """Name, value and description of the view, a window or a token."""
        if not path:
            return (self.tr("Windows of the text"), self._message if not self._blocks else "",
                    self.tr("One block of tokens per window. The arrow keys move through the "
                            "tokens, Enter selects one."))
        block = self._blocks[path[0]]
        enc = self._windows.windows[block.window].encoding
        if len(path) == 1:
            return block.header, " ".join(cell.label for cell in block.cells), block.detail
        i = path[1]
        start, end = enc.offsets[i]
        name = token_name(visible_token(enc.tokens[i], self._byte_level), enc.ids[i], start, end)
        cell = self._cells(block.window).get(i)
        if cell is None or cell.kind == "special" or start >= end:
            value = enc.tokens[i]
        else:
            text = self._windows.context if cell.piece.sequence == \
                self._windows.context_sequence else self._windows.question
            value = text[start:end]
        return name, value, self.describe(block.window, cell) if cell is not None else ""

    def a11y_selected(self, path: tuple[int, ...]) -> bool:
        return len(path) == 2 and path[1] in self._marked.get(self._blocks[path[0]].window, ())

    def a11y_stops(self) -> list[tuple[int, ...]]:
        """Window by window, every token in the order its cells are drawn."""
        return [(k, t) for k, block in enumerate(self._blocks) for cell in block.cells
                for t in cell.piece.tokens]

    def a11y_activate(self, path: tuple[int, ...]) -> None:
        """Enter on a token: what a click does (the pane selects its characters)."""
        self._last_clicked = (self._blocks[path[0]].window, path[1])
        self.token_clicked.emit(*self._last_clicked)

    def a11y_path_at(self, pos: QPointF) -> tuple[int, ...] | None:
        found = self.hit(pos)
        if found is None:
            return None
        window, cell = found
        return (window, cell.piece.tokens[0]) if cell.piece.tokens else (window,)

    def a11y_rect(self, path: tuple[int, ...]) -> QRectF | None:
        """Where a window's block or a token's cell is drawn."""
        if not path or not self._blocks:
            return None
        block = self._blocks[path[0]]
        if len(path) == 1:
            pitch = self._row_height() + _LINE_GAP + _BAR
            return QRectF(0, block.top, self.width(), self._header_height() + block.lines * pitch)
        cell = self._cells(block.window).get(path[1])
        return self._cell_rect(block, cell) if cell is not None else None
