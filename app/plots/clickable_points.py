"""ClickablePointsPlot: a line of points (optionally log-log) whose points can be clicked.

Used for the Zipf rank-frequency plot, characters per token against vocabulary
size and the pair count of each merge. ``point_clicked(index)`` gives the
clicked point's index; ``set_highlight`` draws the selected points on top in
the highlight colour. Both items are updated in place with ``setData``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QPoint, Signal
from PySide6.QtWidgets import QWidget

from .. import style
from .late_plot import LatePlot, PlotAxis


class _SparseLogAxis(PlotAxis):
    """A log axis labelling only 1, 2 and 5 of each decade (pyqtgraph labels 1 … 9 of each
    decade when the range spans few decades, and the labels run into each other)."""

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph override
        strings = super().logTickStrings(values, scale, spacing)
        kept = []
        for value, text in zip(values, strings):
            mantissa = 10 ** (value - math.floor(value))
            kept.append(text if any(abs(mantissa - m) < 0.01 for m in (1, 2, 5, 10)) else "")
        return kept


class ClickablePointsPlot(LatePlot):
    """Points ``(xs[i], ys[i])`` joined by a line; clicks give ``i``.

    The pyqtgraph widget is made when the plot is first seen (:class:`LatePlot`); the points,
    the highlight and the message are kept until then.
    """

    point_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None, symbol_size: int = 6) -> None:
        super().__init__(parent)
        self.setMinimumHeight(120)
        self.showGrid(x=True, y=True, alpha=0.25)
        self._symbol_size = symbol_size
        self._n = 0
        self._xs: list[float] = []
        self._ys: list[float] = []
        self._highlight: frozenset[int] = frozenset()
        self.message = ""
        self._line: pg.PlotDataItem | None = None
        self._marks: pg.PlotDataItem | None = None

    def _axis_items(self) -> dict[str, pg.AxisItem]:
        return {"bottom": _SparseLogAxis("bottom"), "left": _SparseLogAxis("left")}

    def _make_items(self, widget: pg.PlotWidget) -> None:
        color = style.plot_pen_color()
        self._line = pg.PlotDataItem(
            [],
            [],
            pen=pg.mkPen(color, width=1.5),
            symbol="o",
            symbolSize=self._symbol_size,
            symbolBrush=pg.mkBrush(color),
            symbolPen=None,
        )
        self._marks = pg.PlotDataItem(
            [],
            [],
            pen=None,
            symbol="o",
            symbolSize=self._symbol_size + 6,
            symbolBrush=pg.mkBrush(style.highlight_color()),
            symbolPen=pg.mkPen("k"),
        )
        widget.addItem(self._line)
        widget.addItem(self._marks)
        self._line.sigPointsClicked.connect(self._on_points_clicked)
        self._draw_points()
        self._draw_marks()

    def _draw_points(self) -> None:
        if self._line is not None:
            self._line.setData(self._xs, self._ys, data=list(range(self._n)))
            self.plotItem.enableAutoRange()

    def _draw_marks(self) -> None:
        if self._marks is not None:
            order = sorted(self._highlight)
            self._marks.setData([self._xs[i] for i in order], [self._ys[i] for i in order])

    def set_points(
        self, xs: Sequence[float], ys: Sequence[float], log_x: bool = False, log_y: bool = False
    ) -> None:
        self._xs, self._ys, self._n = list(xs), list(ys), len(xs)
        self.setLogMode(x=log_x, y=log_y)
        self._highlight = frozenset()
        self._draw_points()
        self._draw_marks()

    def set_message(self, text: str) -> None:
        """A line above the plot (e.g. why it is empty); "" removes it."""
        self.message = text
        self.setTitle(text or None)

    def set_highlight(self, indices: Iterable[int]) -> None:
        highlight = frozenset(i for i in indices if 0 <= i < self._n)
        if highlight == self._highlight:
            return
        self._highlight = highlight
        self._draw_marks()

    @property
    def highlighted(self) -> frozenset[int]:
        return self._highlight

    @property
    def n_points(self) -> int:
        return self._n

    def point_position(self, index: int) -> QPoint:
        """Viewport position of point ``index`` (for automation and tests)."""
        self.plotItem.vb.prepareForPaint()  # a range change waits for the next paint; apply it now
        spot = self._line.scatter.points()[index]
        return self.mapFromScene(self._line.scatter.mapToScene(spot.pos()))

    def _on_points_clicked(self, _item, points, event) -> None:
        if not len(points):
            return
        # several symbols can overlap the click (a Zipf plateau): take the nearest one
        where = event.scenePos()
        scatter = self._line.scatter
        nearest = min(points, key=lambda p: (scatter.mapToScene(p.pos()) - where).manhattanLength())
        self.point_clicked.emit(int(nearest.data()))
