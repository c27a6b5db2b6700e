"""LatticeView: the Unigram Viterbi lattice of one word, drawn as a graph.

Nodes are the positions between characters (0 … n, on a horizontal axis with
the characters between them); every candidate piece ``sequence[start:end]`` is
an arc from node ``start`` to node ``end`` labelled with the piece and its score
(log-probability). The Viterbi best path is drawn thick in the highlight colour;
unknown nodes (a character no piece covers) are red and dashed. Arcs are stacked
so that an arc is always above the arcs nested inside it and labels on one level
never overlap. The view draws a :class:`subword_core.models.lattice.Lattice`; it
computes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QAccessible, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from subword_core.analysis import visible_token

from .. import style
from .accessible import TokenNavigation, paint_focus_ring

_LEVEL_H, _MARGIN, _MIN_CELL, _AXIS_BELOW = 34.0, 16.0, 40.0, 46.0


@dataclass
class DrawnEdge:
    """One candidate piece as drawn: its lattice node index, level and label box."""

    index: int
    node: Any
    level: int
    label: QRectF
    best: bool


class LatticeView(TokenNavigation, QWidget):
    """Arcs over the characters of one word; ``set_lattice(None)`` clears it.

    Accessible as a list of the candidate pieces (lattice nodes, in the lattice's order);
    the arrow keys move a focus ring through them (Left/Right by position, Up/Down by level).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("latticeView")
        self.setMouseTracking(True)
        self.setFont(style.text_font(10))
        self._lattice: Any = None
        self._x: list[float] = []
        self.edges: list[DrawnEdge] = []
        self._edge_of: dict[int, DrawnEdge] = {}  # lattice node index -> its drawn arc
        self._levels = 0
        self.init_navigation()

    @property
    def lattice(self) -> Any:
        return self._lattice

    def set_lattice(self, lattice: Any) -> None:
        self._lattice = lattice
        self._layout()
        self.navigation_changed()
        self.update()

    # -- layout ----------------------------------------------------------------------------------
    def _label(self, node: Any) -> str:
        return f"{visible_token(node.piece)} {node.score:.2f}"

    def _layout(self) -> None:
        self.edges, self._x, self._edge_of = [], [], {}
        lattice = self._lattice
        if lattice is None:
            self._levels = 0
            self.setMinimumSize(0, 0)
            return
        bold = QFont(self.font())
        bold.setBold(True)  # best-path labels are bold: measure every label that way
        metrics = QFontMetricsF(bold)
        big = QFontMetricsF(style.text_font(14))
        # 1. node positions: each character gets at least the width of its widest label
        widths = [max(_MIN_CELL, big.horizontalAdvance(c) + 16) for c in lattice.sequence]
        for node in lattice.nodes:
            if node.end - node.start == 1:
                widths[node.start] = max(
                    widths[node.start], metrics.horizontalAdvance(self._label(node)) + 14
                )
        x = _MARGIN
        self._x = [x]
        for w in widths:
            x += w
            self._x.append(x)
        # 2. levels: shortest spans first; above every nested arc, labels never overlapping
        best = set(lattice.best_path)
        order = sorted(
            range(len(lattice.nodes)),
            key=lambda i: (lattice.nodes[i].end - lattice.nodes[i].start, lattice.nodes[i].start),
        )
        placed: list[DrawnEdge] = []
        for i in order:
            node = lattice.nodes[i]
            inner = [
                e.level for e in placed if node.start <= e.node.start and e.node.end <= node.end
            ]
            level = max(inner, default=0) + 1
            w = metrics.horizontalAdvance(self._label(node)) + 8
            mid = (self._x[node.start] + self._x[node.end]) / 2
            while any(
                e.level == level and e.label.left() < mid + w / 2 and mid - w / 2 < e.label.right()
                for e in placed
            ):
                level += 1
            placed.append(
                DrawnEdge(
                    i, node, level, QRectF(mid - w / 2, 0, w, metrics.height() + 2), i in best
                )
            )
        self._levels = max((e.level for e in placed), default=0)
        axis = self._axis_y()
        for e in placed:
            e.label.moveTop(axis - e.level * _LEVEL_H - e.label.height() / 2)
        self.edges = sorted(placed, key=lambda e: (e.best, e.level))  # best path drawn last, on top
        self._edge_of = {e.index: e for e in placed}
        self.setMinimumSize(int(self._x[-1] + _MARGIN), int(axis + _AXIS_BELOW))
        self.updateGeometry()

    def _axis_y(self) -> float:
        return _MARGIN + (self._levels + 0.6) * _LEVEL_H

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.minimumSize().expandedTo(QSize(200, 120))

    # -- painting --------------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().text().color()
        if self._lattice is None:
            painter.setPen(style.marker_color())
            painter.drawText(
                self.rect().adjusted(8, 8, -8, -8),
                Qt.AlignmentFlag.AlignTop,
                self.tr("Select a word of a Unigram tokenizer to see its lattice."),
            )
            return
        axis = self._axis_y()
        for e in self.edges:
            self._paint_edge(painter, e, axis, text)
        # nodes and the characters between them
        painter.setPen(QPen(text, 1))
        painter.drawLine(QPointF(self._x[0], axis), QPointF(self._x[-1], axis))
        painter.setFont(style.text_font(14))
        for k, char in enumerate(self._lattice.sequence):
            painter.drawText(
                QRectF(self._x[k], axis + 4, self._x[k + 1] - self._x[k], 26),
                Qt.AlignmentFlag.AlignCenter,
                char,
            )
        painter.setFont(self.font())
        for k, x in enumerate(self._x):
            painter.setBrush(self.palette().base())
            painter.drawEllipse(QPointF(x, axis), 4, 4)
            painter.drawText(
                QRectF(x - 12, axis + 28, 24, 14), Qt.AlignmentFlag.AlignCenter, str(k)
            )
        ring = self.focus_ring_rect()
        if ring is not None:
            paint_focus_ring(painter, ring, self)
        painter.end()

    def _paint_edge(self, painter: QPainter, e: DrawnEdge, axis: float, text: QColor) -> None:
        x0, x1 = self._x[e.node.start], self._x[e.node.end]
        top = e.label.center().y()
        path = QPainterPath(QPointF(x0, axis))
        # control points a third above the label: the arch peaks at the label's middle
        ctrl = axis - (axis - top) * 4 / 3
        path.cubicTo(QPointF(x0, ctrl), QPointF(x1, ctrl), QPointF(x1, axis))
        if e.best:
            pen = QPen(style.highlight_color(), 3.2)
        elif e.node.is_unk:
            pen = QPen(style.unknown_color().darker(130), 1.6, Qt.PenStyle.DashLine)
        else:
            pen = QPen(style.marker_color(), 1.1)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setBrush(style.highlight_color() if e.best else self.palette().base())
        painter.setPen(QPen(pen.color(), 1))
        painter.drawRoundedRect(e.label, 4, 4)
        font = QFont(self.font())
        font.setBold(e.best)
        painter.setFont(font)
        painter.setPen(QColor("black") if e.best else text)
        painter.drawText(e.label, Qt.AlignmentFlag.AlignCenter, self._label(e.node))
        painter.setFont(self.font())

    # -- tooltips --------------------------------------------------------------------------------
    def edge_at(self, pos: QPointF) -> DrawnEdge | None:
        return next((e for e in reversed(self.edges) if e.label.contains(pos)), None)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            e = self.edge_at(QPointF(event.pos()))
            if e is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self._tooltip(e), self)
            return True
        return super().event(event)

    def _tooltip(self, e: DrawnEdge) -> str:
        n = e.node
        what = self.tr("unknown node (min score − 10)") if n.is_unk else \
            self.tr("piece id {id}").format(id=n.id)
        if e.best:
            what += "  " + self.tr("— on the best path")
        return self.tr("{piece}  [{start}, {end})  score {score}").format(
            piece=repr(n.piece), start=n.start, end=n.end, score=f"{n.score:.4f}") + "\n" + what

    # -- accessibility and the keyboard (app.widgets.accessible) ---------------------------------
    def a11y_count(self, path: tuple[int, ...]) -> int:
        """Children: one per lattice node (candidate piece)."""
        return len(self._lattice.nodes) if not path and self._lattice is not None else 0

    def a11y_role(self, path: tuple[int, ...]) -> QAccessible.Role:
        return QAccessible.Role.ListItem if path else QAccessible.Role.List

    def a11y_texts(self, path: tuple[int, ...]) -> tuple[str, str, str]:
        """Name, value and description of the view or of one candidate piece."""
        if not path:
            word = self._lattice.sequence if self._lattice is not None else ""
            return (self.tr("Unigram lattice"), word,
                    self.tr("Every candidate piece of the word as an arc; the Viterbi best "
                            "path is highlighted. The arrow keys move through the pieces."))
        node = self._lattice.nodes[path[0]]
        name = self.tr("{piece}, characters {start}–{end}, score {score:.2f}").format(
            piece=visible_token(node.piece), start=node.start, end=node.end, score=node.score)
        if path[0] in self._lattice.best_path:
            name += self.tr(", on the best path")
        what = self.tr("unknown piece (lowest score − 10)") if node.is_unk else \
            self.tr("piece id {id}").format(id=node.id)
        return name, node.piece, what

    def a11y_selected(self, path: tuple[int, ...]) -> bool:
        return False  # nothing to select: the best path is said in the name

    def a11y_stops(self) -> list[tuple[int, ...]]:
        """The pieces by where they start, shortest first."""
        nodes = self._lattice.nodes if self._lattice is not None else ()
        return [(i,) for i in sorted(range(len(nodes)),
                                     key=lambda i: (nodes[i].start, nodes[i].end))]

    def a11y_activate(self, path: tuple[int, ...]) -> None:
        """Nothing to select in a lattice; Enter shows the piece's tooltip instead."""
        rect = self.a11y_rect(path)
        if rect is not None:
            e = self._edge_of[path[0]]
            QToolTip.showText(self.mapToGlobal(rect.bottomLeft().toPoint()),
                              self._tooltip(e), self)

    def a11y_path_at(self, pos: QPointF) -> tuple[int, ...] | None:
        e = self.edge_at(pos)
        return (e.index,) if e is not None else None

    def a11y_rect(self, path: tuple[int, ...]) -> QRectF | None:
        """The label box of the piece's arc."""
        e = self._edge_of.get(path[0]) if path else None
        return QRectF(e.label) if e is not None else None
