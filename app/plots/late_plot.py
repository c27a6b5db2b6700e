"""LatePlot: a plot whose pyqtgraph widget is made when it is first seen or asked for.

Making a ``pyqtgraph.PlotWidget`` costs 40-130 ms on the GUI thread (its PlotItem and its
ViewBox each build a context menu of a few dozen widgets). The Statistics pane made four
when it was built and showed one of them (0.5-0.7 s of frozen window at the view switch,
issue 20's heavy session); the Train and Build views paid for the training curve in the
same turn as the rest of their panes.

A LatePlot is a plain container at first. It keeps what its owner tells it (axis labels,
title, grid, mouse mode, log mode, and the data of the subclass) and draws it into the
pyqtgraph widget once that is made:

- in event-loop turns after the container is first shown, so the turn that lays out a
  new view does not also pay for its plots, and a plot on a tab behind costs nothing. The
  plots shown together wait in one queue and are made **one step per turn** (a 0 ms timer,
  so the window repaints and takes input between two): its axes and view box, its
  ``PlotItem``, the ``PlotWidget`` around it, then its items and the owner's drawing
  (:attr:`made`). The Languages view's two merge plots, made in the same turn, were one
  100-200 ms stall on 2 busy cores; a whole plot and its drawing in one turn were still
  40-95 ms (issue 20's heavy session). A ``PlotItem`` builds its "Plot Options" menu (a
  form of some forty widgets, a third of its cost) in its ``__init__`` and keeps its state
  in those widgets, so it cannot be left out: it gets a turn of its own instead;
- at once when code asks for something only the widget has (:meth:`plot_widget`,
  :meth:`getAxis`, :meth:`viewport`…; tests and export do): the steps left run now.

Subclasses put their items in :meth:`_make_items` and draw only when :meth:`is_made`; a pane
that owns a plain LatePlot draws in a slot of :attr:`made` and whenever its data change, if
the plot :meth:`is_made`.

Making and redrawing the widget is cheaper than pyqtgraph's default, for the same plot:

- its ViewBox builds its context menu (two axis panels of a dozen widgets each, a quarter of
  a PlotWidget's cost) when it is first opened, not when the plot is made
  (:class:`LazyMenuViewBox`);
- its axes set their label's HTML only when the label changes (:class:`PlotAxis`), not at
  every range change (another third of the cost, and paid again at each pan, zoom or redraw).
"""

from __future__ import annotations

import weakref
from typing import Any

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QObject, QPoint, QPointF, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QGraphicsItem, QVBoxLayout, QWidget
from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu


class PlotAxis(pg.AxisItem):
    """An AxisItem that lays its label out again only when the label's text changes.

    pyqtgraph's axis sets its label's HTML (a QTextDocument parsed and laid out) at every
    range change (``updateAutoSIPrefix``), whatever changed; eight times for the four axes of
    a new plot. The label is the same unless its text, units, SI prefix or style changed.

    Its drawing (tick labels, and the grid lines across the plot) is kept as a pixmap
    (``DeviceCoordinateCache``): a repaint of the plot (a highlight, a hover, the window
    painted again) copies it instead of replaying the recorded lines and text, 6 ms an axis
    of a large log plot; a range or size change draws it again, as before.
    """

    _label_html: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def fit_size(self) -> None:
        """Size the axis for its visibility now (pyqtgraph does it at the next range change)."""
        self._adjustSize()

    def _updateLabel(self) -> None:  # noqa: N802 - pyqtgraph's name
        # pyqtgraph's, with the HTML set only when it changed (the size is computed again:
        # it also follows the axis's visibility)
        html = self.labelString()
        if html != self._label_html:
            self._label_html = html
            self.label.setHtml(html)
        self._adjustSize()
        self.picture = None
        self.update()


#: The sides of a plot (pyqtgraph makes an axis for each, the top and right ones hidden).
SIDES = ("left", "bottom", "top", "right")


class LazyMenuViewBox(pg.ViewBox):
    """A ViewBox whose context menu is built when it is first needed (a right click, or
    pyqtgraph asking for its actions), not with the plot: the same menu, later."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["enableMenu"] = False  # no ViewBoxMenu now...
        super().__init__(*args, **kwargs)
        self.state["enableMenu"] = True  # ...but the menu is on, as pyqtgraph's default

    def _applyMenuEnabled(self) -> None:  # noqa: N802 - pyqtgraph's name
        if self.menuEnabled() and self.menu is None:
            return  # built when first asked for (getMenu)
        super()._applyMenuEnabled()

    def getMenu(self, ev: Any) -> Any:  # noqa: N802 - pyqtgraph override
        if self.menu is None and self.menuEnabled():
            self.menu = ViewBoxMenu(self)
            self.updateViewLists()
        return self.menu

    def getContextMenus(self, event: Any) -> list:  # noqa: N802 - pyqtgraph override
        return self.getMenu(event).actions() if self.menuEnabled() else []


class _Maker(QObject):
    """The plots shown and not made yet, made one step per event-loop turn, in the order
    shown (a plot's steps one after the other)."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: list[weakref.ref] = []
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._make_next)

    def add(self, plot: LatePlot) -> None:
        self._waiting.append(weakref.ref(plot))
        self._timer.start()

    def _make_next(self) -> None:
        while self._waiting:
            plot = self._waiting[0]()
            if plot is None or not shiboken6.isValid(plot) or not plot._step_if_shown():
                self._waiting.pop(0)  # gone, out of sight (queued again when shown) or made
                continue
            if plot.is_made():
                self._waiting.pop(0)
            break
        if self._waiting:
            self._timer.start()  # the next step in the next turn


_maker: _Maker | None = None


def _the_maker() -> _Maker:
    global _maker
    if _maker is None or not shiboken6.isValid(_maker):
        _maker = _Maker()
    return _maker


class LatePlot(QWidget):
    """A container for one ``pg.PlotWidget``, made on first sight or first need."""

    made = Signal()  # the pyqtgraph widget exists now (and shows the kept state)

    #: Calls kept until the widget is made, then replayed (the last one per key wins).
    _KEPT = ("setLabel", "setTitle", "showGrid", "setMouseEnabled")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widget: pg.PlotWidget | None = None
        self._made = False
        self._steps_done = 0
        self._stepping = False
        self._parts: Any = None  # what the steps made so far
        self._filled: list[str] = []
        self._kept: dict[tuple, tuple[str, tuple, dict]] = {}
        self._log = {"x": False, "y": False}
        self._make_queued = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    # -- the pyqtgraph widget ------------------------------------------------------------------
    def is_made(self) -> bool:
        """Whether the widget is made, its items added and :attr:`made` emitted."""
        return self._made

    def plot_widget(self) -> pg.PlotWidget:
        """The pyqtgraph widget, made now (the steps left) if it is not yet."""
        if not self._made and not self._stepping:
            while not self._made:
                self._step()
        return self._widget

    # -- making, a step at a time: the maker runs one per turn, plot_widget() all that is left
    def _step(self) -> None:
        step = (self._make_view, self._make_plot_item, self._make_widget, self._make_drawn)
        self._stepping = True
        try:
            step[self._steps_done]()
        finally:
            self._stepping = False
        self._steps_done += 1

    def _make_view(self) -> None:
        axes = self._axis_items()
        self._filled = [side for side in SIDES if side not in axes]
        axes.update({side: PlotAxis(side) for side in self._filled})
        self._parts = (axes, LazyMenuViewBox())

    def _make_plot_item(self) -> None:
        axes, view = self._parts
        self._parts = pg.PlotItem(axisItems=axes, viewBox=view)

    def _make_widget(self) -> None:
        widget = pg.PlotWidget(self, plotItem=self._parts)
        self._parts = None
        for side in self._filled:  # pyqtgraph shows every axis it is given...
            widget.showAxis(side, side in ("left", "bottom"))
            widget.getAxis(side).fit_size()  # ...and sizes it at its next range change
        widget.plotItem.layout.activate()  # laid out without them now, as pyqtgraph's own
        widget.setToolTip(self.toolTip())
        self._widget = widget
        self.layout().addWidget(widget)
        widget.setLogMode(**self._log)
        for name, args, kwargs in self._kept.values():
            getattr(widget, name)(*args, **kwargs)

    def _make_drawn(self) -> None:
        self._make_items(self._widget)
        self._made = True
        self.made.emit()

    def _axis_items(self) -> dict[str, pg.AxisItem]:
        """The widget's axis items by side (subclasses: custom tick labels, made from
        :class:`PlotAxis`); :class:`PlotAxis` for the sides left out."""
        return {}

    def _make_items(self, widget: pg.PlotWidget) -> None:
        """Add the plot items to the new ``widget`` and draw the data kept so far."""

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self._made and not self._make_queued:
            self._make_queued = True
            _the_maker().add(self)

    def _step_if_shown(self) -> bool:
        """Take the next step if the plot is still in sight and not made; whether it did."""
        if self._made or not self.isVisible():
            self._make_queued = False
            return False
        self._step()
        if self._made:
            self._make_queued = False
        return True

    # -- state kept until the widget exists ------------------------------------------------------
    def _keep(self, key: tuple, name: str, *args: Any, **kwargs: Any) -> None:
        if self._widget is not None:
            getattr(self._widget, name)(*args, **kwargs)
        else:
            self._kept[key] = (name, args, kwargs)

    def setLabel(self, axis: str, text: str | None = None, **kwargs: Any) -> None:  # noqa: N802
        self._keep(("setLabel", axis), "setLabel", axis, text, **kwargs)

    def setTitle(self, title: str | None = None, **kwargs: Any) -> None:  # noqa: N802
        self._keep(("setTitle",), "setTitle", title, **kwargs)

    def showGrid(self, x: bool | None = None, y: bool | None = None,  # noqa: N802
                 alpha: float | None = None) -> None:
        self._keep(("showGrid",), "showGrid", x=x, y=y, alpha=alpha)

    def setMouseEnabled(self, x: bool | None = None, y: bool | None = None) -> None:  # noqa: N802
        self._keep(("setMouseEnabled",), "setMouseEnabled", x=x, y=y)

    def setLogMode(self, x: bool | None = None, y: bool | None = None) -> None:  # noqa: N802
        if x is not None:
            self._log["x"] = x
        if y is not None:
            self._log["y"] = y
        if self._widget is not None:
            self._widget.setLogMode(x=x, y=y)

    def setToolTip(self, text: str) -> None:  # noqa: N802 - Qt override
        super().setToolTip(text)
        if self._widget is not None:
            self._widget.setToolTip(text)

    # -- what only the widget has: made on demand ---------------------------------------------
    @property
    def plotItem(self) -> pg.PlotItem:  # noqa: N802 - pyqtgraph's name
        return self.plot_widget().plotItem

    def getAxis(self, name: str) -> pg.AxisItem:  # noqa: N802
        return self.plot_widget().getAxis(name)

    def getPlotItem(self) -> pg.PlotItem:  # noqa: N802
        return self.plot_widget().getPlotItem()

    def getViewBox(self) -> pg.ViewBox:  # noqa: N802
        return self.plot_widget().getViewBox()

    def viewport(self) -> QWidget:
        return self.plot_widget().viewport()

    def scene(self) -> Any:
        return self.plot_widget().scene()

    def mapFromScene(self, point: QPointF) -> QPoint:  # noqa: N802
        return self.plot_widget().mapFromScene(point)


__all__ = ["LatePlot", "LazyMenuViewBox", "PlotAxis"]
