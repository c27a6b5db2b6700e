"""ClickableHistogram: a bar plot whose bars can be clicked (and highlighted from outside).

A click anywhere in a bar's column (not only on the bar: a bar of height 1 next
to one of 300 is hard to hit) emits ``bar_clicked(index)``; the pane turns the
index into the token ids behind that bar. ``set_highlight`` paints bars that
hold the selected tokens. Bars are one ``BarGraphItem`` updated in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF, Signal
from PySide6.QtWidgets import QWidget

from .. import style
from .late_plot import LatePlot

BAR_WIDTH = 0.8


class ClickableHistogram(LatePlot):
    """Bars at ``xs`` with ``heights``; ``bar_clicked`` gives the clicked bar's index.

    The pyqtgraph widget is made when the plot is first seen (:class:`LatePlot`); the bars
    and the highlight are kept until then.
    """

    bar_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(120)
        self.showGrid(x=False, y=True, alpha=0.25)
        self.setMouseEnabled(x=True, y=False)
        self._xs: list[float] = []
        self._heights: list[float] = []
        self._highlight: frozenset[int] = frozenset()
        self.message = ""
        self._bars: pg.BarGraphItem | None = None

    def _make_items(self, widget: pg.PlotWidget) -> None:
        self._bars = pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH)
        widget.addItem(self._bars)
        widget.scene().sigMouseClicked.connect(self._on_scene_clicked)
        self._draw_ticks()
        self._redraw()
        widget.plotItem.enableAutoRange()

    def set_bars(self, xs: Sequence[float], heights: Sequence[float]) -> None:
        self._xs, self._heights = list(xs), list(heights)
        self._highlight = frozenset()
        if self.is_made():
            self._draw_ticks()
            self._redraw()
            self.plotItem.enableAutoRange()

    def _draw_ticks(self) -> None:
        # one labelled tick per bar (lengths are whole numbers); automatic ticks when crowded
        step = max(1, len(self._xs) // 30)
        ticks = [(x, f"{x:g}") for x in self._xs[::step]]
        self.getAxis("bottom").setTicks([ticks] if ticks else None)

    def set_message(self, text: str) -> None:
        """A line above the plot (e.g. why it is empty); "" removes it."""
        self.message = text
        self.setTitle(text or None)

    def set_highlight(self, indices: Iterable[int]) -> None:
        highlight = frozenset(indices)
        if highlight != self._highlight:
            self._highlight = highlight
            if self.is_made():
                self._redraw()

    @property
    def highlighted(self) -> frozenset[int]:
        return self._highlight

    def _redraw(self) -> None:
        normal = pg.mkBrush(style.plot_pen_color())
        marked = pg.mkBrush(style.highlight_color())
        brushes = [marked if i in self._highlight else normal for i in range(len(self._xs))]
        self._bars.setOpts(
            x=self._xs, height=self._heights, width=BAR_WIDTH, brushes=brushes, pen=pg.mkPen(None)
        )

    def bar_at(self, x: float) -> int | None:
        """Index of the bar whose column contains view coordinate ``x``."""
        for i, bx in enumerate(self._xs):
            if abs(x - bx) <= BAR_WIDTH / 2:
                return i
        return None

    def bar_position(self, index: int) -> QPoint:
        """Viewport position of the middle of bar ``index`` (for automation and tests)."""
        self.plotItem.vb.prepareForPaint()  # a range change waits for the next paint; apply it now
        view_point = QPointF(self._xs[index], self._heights[index] / 2)
        return self.mapFromScene(self.plotItem.vb.mapViewToScene(view_point))

    def _on_scene_clicked(self, event) -> None:
        vb = self.plotItem.vb
        if not vb.sceneBoundingRect().contains(event.scenePos()):
            return
        index = self.bar_at(vb.mapSceneToView(event.scenePos()).x())
        if index is not None:
            self.bar_clicked.emit(index)
