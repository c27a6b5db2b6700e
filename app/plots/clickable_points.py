"""ClickablePointsPlot: a line of points (optionally log-log) whose points can be clicked.

Used for the Zipf rank-frequency plot, characters per token against vocabulary
size and the pair count of each merge. ``point_clicked(index)`` gives the
clicked point's index; ``set_highlight`` draws the selected points on top in
the highlight colour. Both items are updated in place with ``setData``.

A long series is drawn thinned (:func:`drawn_indices`): at most two points, the lowest and
the highest, in each of :data:`DRAWN_BINS` columns of the x range as drawn (log or linear).
A Zipf plot of a 128k vocabulary drew 100k symbols: 0.3 s to set, 70 ms at every repaint;
the thinned line looks the same, a click still gives the index of the series, and the
highlight marks the exact points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF, Signal
from PySide6.QtWidgets import QWidget

from .. import style
from .late_plot import LatePlot, PlotAxis


#: Series longer than this are thinned to at most two points per x column, of this many.
DRAWN_BINS = 2000


def drawn_indices(xs: np.ndarray, ys: np.ndarray, log_x: bool) -> np.ndarray:
    """The indices of the points drawn: all of a short series; of a long one, in each of
    :data:`DRAWN_BINS` equal columns of x (of log10 x on a log axis), the points with the
    lowest and the highest y, and the first and last points. Sorted."""
    n = len(xs)
    if n <= 2 * DRAWN_BINS:
        return np.arange(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = np.log10(xs) if log_x else xs.astype(float)
    finite = np.isfinite(at)
    if not finite.any():
        return np.arange(n)
    low, high = at[finite].min(), at[finite].max()
    span = (high - low) or 1.0
    column = np.full(n, DRAWN_BINS, dtype=np.int64)  # x not drawable: a column of their own
    column[finite] = np.minimum(((at[finite] - low) / span * DRAWN_BINS).astype(np.int64),
                                DRAWN_BINS - 1)
    order = np.lexsort((ys, column))  # by column, then y
    sorted_columns = column[order]
    starts = np.flatnonzero(np.r_[True, sorted_columns[1:] != sorted_columns[:-1]])
    ends = np.r_[starts[1:], n] - 1
    keep = np.concatenate((order[starts], order[ends], [0, n - 1]))
    return np.unique(keep)


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
        self._xs = np.zeros(0)
        self._ys = np.zeros(0)
        self._drawn = np.zeros(0, dtype=np.int64)  # the indices drawn (drawn_indices)
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
            drawn = self._drawn
            self._line.setData(self._xs[drawn], self._ys[drawn], data=drawn)
            self.plotItem.enableAutoRange()

    def _draw_marks(self) -> None:
        if self._marks is not None:
            order = sorted(self._highlight)
            self._marks.setData([self._xs[i] for i in order], [self._ys[i] for i in order])

    def set_points(
        self, xs: Sequence[float], ys: Sequence[float], log_x: bool = False, log_y: bool = False
    ) -> None:
        self._xs, self._ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        self._n = len(self._xs)
        self._drawn = drawn_indices(self._xs, self._ys, log_x)
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
        x, y = self._xs[index], self._ys[index]
        log_x, log_y = self.plotItem.ctrl.logXCheck.isChecked(), self.plotItem.ctrl.logYCheck.isChecked()
        at = QPointF(math.log10(x) if log_x else x, math.log10(y) if log_y else y)
        return self.mapFromScene(self.plotItem.vb.mapViewToScene(at))

    def _on_points_clicked(self, _item, points, event) -> None:
        if not len(points):
            return
        # several symbols can overlap the click (a Zipf plateau): take the nearest one
        where = event.scenePos()
        scatter = self._line.scatter
        nearest = min(points, key=lambda p: (scatter.mapToScene(p.pos()) - where).manhattanLength())
        self.point_clicked.emit(int(nearest.data()))
