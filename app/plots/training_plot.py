"""TrainingCurvePlot: a live curve that grows while a trainer runs.

Points arrive in batches from the worker (~25 per second); they are appended to
preallocated numpy buffers, and a timer redraws the one ``PlotDataItem`` in place
a few times a second, downsampled to the pixels it covers, so a 30k-merge
training costs about a hundred cheap redraws, not 30k expensive ones.

Each run starts from a fresh view (the previous run's range, and the downsampling factor
taken from it, hid a short Unigram run drawn after a long WordPiece one), and the y axis
labels large values with an SI prefix and as many decimals as the tick spacing needs, so
that five ticks of a loss near 7.7412e+07 read as five different numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import QWidget

from .. import style
from .late_plot import LatePlot, PlotAxis

REDRAW_MS = 160
#: Curves of at most this many points also mark each point.
FEW_POINTS = 40
#: SI prefixes for tick labels, largest first (from 10,000 up, as ``readable_number``)
_PREFIXES = ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))
_MAX_DECIMALS = 12


def tick_labels(values: Sequence[float], spacing: float) -> list[str]:
    """Labels for ticks ``spacing`` apart that tell them apart, however large or close.

    Values from 10,000 up are scaled by an SI prefix; values below 0.001 are written as
    ``mantissa e exponent``; either way with the decimals the spacing needs.

    Example:
        >>> tick_labels([77_412_300, 77_412_400], 100)
        ['77.4123 M', '77.4124 M']
        >>> tick_labels([0, 0.5, 1], 0.5)
        ['0.0', '0.5', '1.0']
    """
    top = max((abs(v) for v in values), default=0.0)
    unit, suffix = 1.0, ""
    if top >= 1e4:
        unit, prefix = next((u, p) for u, p in _PREFIXES if top >= u)
        suffix = f" {prefix}"
    elif 0 < top < 1e-3:
        exponent = math.floor(math.log10(top))
        unit, suffix = 10.0 ** exponent, f"e{exponent}"
    step = abs(spacing) / unit
    decimals = 0 if step <= 0 else min(_MAX_DECIMALS, max(0, math.ceil(-math.log10(step) - 1e-9)))
    return [f"{v / unit:,.{decimals}f}{suffix}" for v in values]


class ReadableAxis(PlotAxis):
    """An axis whose linear tick labels come from :func:`tick_labels` (log axes: pyqtgraph's)."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        if self.logMode:
            return super().tickStrings(values, scale, spacing)
        return tick_labels([v * scale for v in values], spacing * scale)


class TrainingCurvePlot(LatePlot):
    """One x/y curve (merge rank or round on x) with a title and log-y option.

    The pyqtgraph widget is made when the plot is first seen (:class:`LatePlot`); the points
    are kept in the buffers until then.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingPlot")
        self.setMinimumHeight(80)
        self.showGrid(x=True, y=True, alpha=0.25)
        self.setMouseEnabled(x=True, y=False)
        self._curve_item: pg.PlotDataItem | None = None
        self._x = np.zeros(1024)
        self._y = np.zeros(1024)
        self._n = 0
        self._dirty = False
        # and redraw at most ~6 times a second, whatever the batch rate
        self._redraw = QTimer(self, interval=REDRAW_MS)
        self._redraw.timeout.connect(self._on_redraw_timeout)
        self._redraw.start()
        self.reset("", "")

    def _axis_items(self) -> dict[str, pg.AxisItem]:
        return {"left": ReadableAxis("left"), "bottom": ReadableAxis("bottom")}

    def _make_items(self, widget: pg.PlotWidget) -> None:
        for side in ("left", "bottom"):  # the tick labels carry their own SI prefix
            widget.getAxis(side).enableAutoSIPrefix(False)
        curve = widget.plot([], [], pen=pg.mkPen(style.plot_pen_color(), width=1.5),
                            antialias=False, skipFiniteCheck=True)
        # 30k points redrawn 25 times a second cost 0.3 s per redraw (measured): draw at most
        # one point per pixel column, and only what is in view
        curve.setDownsampling(auto=True, method="peak")
        curve.setClipToView(True)
        self._curve_item = curve
        self._fresh_view()
        self._dirty = self._n > 0
        self.flush()

    @property
    def _curve(self) -> pg.PlotDataItem:
        self.plot_widget()
        return self._curve_item

    def reset(self, title: str, y_label: str, x_label: str | None = None,
              log_y: bool = False) -> None:
        self._n = 0
        self.setTitle(title or None)
        self.setLabel("left", y_label)
        self.setLabel("bottom", self.tr("merge rank") if x_label is None else x_label)
        self.setLogMode(x=False, y=log_y)
        self._dirty = False
        if self._curve_item is not None:
            self._curve_item.setData([], [])
            self._fresh_view()

    def _fresh_view(self) -> None:
        # a fresh view: the last run's range would stay (nothing to auto-range on yet) and
        # so would the downsampling factor taken from it, which reduced a short run to nothing
        view = self.getViewBox()
        view.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
        view.enableAutoRange()

    def append(self, xs: list[float], ys: list[float]) -> None:
        if not xs:
            return
        need = self._n + len(xs)
        if need > len(self._x):
            size = max(need, 2 * len(self._x))
            self._x = np.resize(self._x, size)
            self._y = np.resize(self._y, size)
        self._x[self._n:need] = xs
        self._y[self._n:need] = ys
        self._n = need
        self._dirty = True

    def flush(self) -> None:
        """Draw the points appended since the last redraw now."""
        if self._dirty and self._curve_item is not None:
            self._dirty = False
            # a few points (one Unigram round) are marked: a line through one point is nothing
            few = self._n <= FEW_POINTS
            self._curve_item.setData(self._x[:self._n], self._y[:self._n],
                                     symbol="o" if few else None, symbolSize=5,
                                     symbolBrush=style.plot_pen_color() if few else None)

    @Slot()
    def _on_redraw_timeout(self) -> None:
        self.flush()

    @property
    def n_points(self) -> int:
        return self._n

    def points(self) -> tuple[np.ndarray, np.ndarray]:
        return self._x[:self._n].copy(), self._y[:self._n].copy()
