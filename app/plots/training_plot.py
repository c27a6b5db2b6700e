"""TrainingCurvePlot: a live curve that grows while a trainer runs.

Points arrive in batches from the worker (~25 per second); they are appended to
preallocated numpy buffers, and a timer redraws the one ``PlotDataItem`` in place
a few times a second, downsampled to the pixels it covers, so a 30k-merge
training costs about a hundred cheap redraws, not 30k expensive ones.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import QWidget

from .. import style

REDRAW_MS = 160


class TrainingCurvePlot(pg.PlotWidget):
    """One x/y curve (merge rank or round on x) with a title and log-y option."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingPlot")
        self.setMinimumHeight(80)
        self.showGrid(x=True, y=True, alpha=0.25)
        self.setMouseEnabled(x=True, y=False)
        self._curve = self.plot([], [], pen=pg.mkPen(style.plot_pen_color(), width=1.5),
                                antialias=False, skipFiniteCheck=True)
        # 30k points redrawn 25 times a second cost 0.3 s per redraw (measured): draw at most
        # one point per pixel column, and only what is in view
        self._curve.setDownsampling(auto=True, method="peak")
        self._curve.setClipToView(True)
        self._x = np.zeros(1024)
        self._y = np.zeros(1024)
        self._n = 0
        self._dirty = False
        # and redraw at most ~6 times a second, whatever the batch rate
        self._redraw = QTimer(self, interval=REDRAW_MS)
        self._redraw.timeout.connect(self._on_redraw_timeout)
        self._redraw.start()
        self.reset("", "")

    def reset(self, title: str, y_label: str, x_label: str | None = None,
              log_y: bool = False) -> None:
        self._n = 0
        self.setTitle(title or None)
        self.setLabel("left", y_label)
        self.setLabel("bottom", self.tr("merge rank") if x_label is None else x_label)
        self.setLogMode(x=False, y=log_y)
        self._dirty = False
        self._curve.setData([], [])

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
        if self._dirty:
            self._dirty = False
            self._curve.setData(self._x[:self._n], self._y[:self._n])

    @Slot()
    def _on_redraw_timeout(self) -> None:
        self.flush()

    @property
    def n_points(self) -> int:
        return self._n

    def points(self) -> tuple[np.ndarray, np.ndarray]:
        return self._x[:self._n].copy(), self._y[:self._n].copy()
