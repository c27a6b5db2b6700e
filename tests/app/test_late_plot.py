"""LatePlot: the pyqtgraph widget is made on first sight (a turn later) or first need, and
shows everything its owner said before."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from app.plots import TrainingCurvePlot
from app.plots.clickable_histogram import ClickableHistogram
from app.plots.clickable_points import DRAWN_BINS, ClickablePointsPlot, drawn_indices
from app.plots.late_plot import LatePlot, LazyMenuViewBox, PlotAxis


def test_a_plot_is_made_the_turn_after_it_is_shown_with_what_it_was_told(qtbot):
    plot = ClickablePointsPlot(symbol_size=5)
    qtbot.addWidget(plot)
    plot.setLabel("bottom", "rank")
    plot.set_points([1, 2, 3, 4], [40, 20, 10, 5], log_x=True, log_y=True)
    plot.set_highlight([2])
    plot.set_message("four points")
    assert not plot.is_made() and not plot.findChildren(pg.PlotWidget)
    plot.show()
    assert not plot.is_made()  # not in the turn that shows it
    qtbot.waitUntil(plot.is_made)
    widget = plot.findChild(pg.PlotWidget)
    assert widget is plot.plot_widget()
    assert widget.getAxis("bottom").labelText == "rank"
    assert widget.plotItem.titleLabel.text == "four points"
    assert widget.plotItem.ctrl.logXCheck.isChecked() and widget.plotItem.ctrl.logYCheck.isChecked()
    assert list(plot._line.yData) == [40, 20, 10, 5]  # before the log transform
    assert list(plot._marks.yData) == [10]
    plot.set_points([1, 2], [3, 4])  # drawn in place once made
    assert list(plot._line.yData) == [3, 4]


def test_plots_on_tabs_behind_are_not_made(qtbot):
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    front, behind = ClickableHistogram(), ClickablePointsPlot()
    tabs.addTab(front, "front")
    tabs.addTab(behind, "behind")
    front.set_bars([1, 2, 3], [5, 9, 2])
    behind.set_points([1, 2], [2, 1])
    tabs.show()
    qtbot.waitUntil(front.is_made)
    qtbot.wait(20)
    assert not behind.is_made()
    assert front._bars.opts["height"] == [5, 9, 2]
    tabs.setCurrentIndex(1)
    qtbot.waitUntil(behind.is_made)
    assert behind.n_points == 2


def test_what_only_the_widget_has_makes_it_at_once(qtbot):
    plot = TrainingCurvePlot()
    qtbot.addWidget(plot)
    plot.reset("", "loss per round", "round")
    plot.append([0, 1, 2], [3.0, 2.0, 1.0])
    assert not plot.is_made()
    assert plot.getAxis("left").labelText == "loss per round"  # made now, hidden as it is
    assert plot.is_made()
    assert list(plot._curve.getData()[1]) == [3.0, 2.0, 1.0]  # the points kept so far


def test_plots_shown_together_are_made_one_per_turn(qtbot, qapp):
    # issue 20: the Languages view's two merge plots were made in the same turn
    box = QWidget()
    qtbot.addWidget(box)
    plots = [ClickablePointsPlot(), ClickableHistogram(), TrainingCurvePlot()]
    layout = QVBoxLayout(box)
    for plot in plots:
        layout.addWidget(plot)
    box.show()
    made = []
    for _ in range(50):
        qapp.processEvents()  # one pass of the event loop
        made.append(sum(p.is_made() for p in plots))
        if made[-1] == len(plots):
            break
    assert made[-1] == len(plots)
    assert all(b - a <= 1 for a, b in zip([0, *made], made))  # never two in one pass
    assert [p.is_made() for p in plots] == [True] * 3


def test_the_view_box_menu_is_built_when_first_asked_for(qtbot):
    plot = ClickablePointsPlot()
    qtbot.addWidget(plot)
    view = plot.getViewBox()
    assert isinstance(view, LazyMenuViewBox)
    assert view.menu is None and view.menuEnabled()
    reference = pg.ViewBox()
    menu = view.getMenu(None)  # what a right click raises
    assert menu is not None and view.getMenu(None) is menu
    assert [a.text() for a in menu.actions()] == [a.text() for a in reference.menu.actions()]
    assert view.getContextMenus(None) == menu.actions()
    view.setMenuEnabled(False)
    assert view.menu is None and view.getContextMenus(None) == []


def test_axes_set_their_label_only_when_it_changes(qtbot):
    # pyqtgraph parsed the label's HTML again at every range change (a third of making a plot)
    plot = LatePlot()
    qtbot.addWidget(plot)
    plot.setLabel("left", "count")
    axis = plot.getAxis("left")
    assert isinstance(axis, PlotAxis)
    set_html = axis.label.setHtml
    calls = []
    axis.label.setHtml = lambda html: (calls.append(html), set_html(html))
    view = plot.getViewBox()
    for top in (10, 20, 30):
        view.setYRange(0, top, padding=0)
        view.prepareForPaint()
    assert calls == [] and axis.range == [0, 30]
    view.setYRange(0, 3e10, padding=0)  # an SI prefix: the label says so
    view.prepareForPaint()
    assert len(calls) == 1 and "x1e+09" in calls[0]
    plot.setLabel("left", "tokens")
    assert "tokens" in calls[-1] and "tokens" in axis.labelString()
    # the axes pyqtgraph hides take no room
    for side in ("top", "right"):
        assert not plot.getAxis(side).isVisible()
    assert plot.getAxis("top").height() == 0 and plot.getAxis("right").width() == 0


def test_a_long_series_is_drawn_thinned_and_clicks_give_its_own_indices(qtbot):
    # issue 20: a Zipf plot of a 128k vocabulary drew 100k symbols (70 ms every repaint)
    n = 100_000
    ranks = np.arange(1, n + 1)
    counts = np.maximum(1, (1e6 / ranks).astype(np.int64))  # plateaus in the tail
    plot = ClickablePointsPlot(symbol_size=5)
    qtbot.addWidget(plot)
    plot.resize(600, 300)
    plot.set_points(ranks, counts, log_x=True, log_y=True)
    plot.show()
    qtbot.waitUntil(plot.is_made)
    drawn = plot._line.scatter.data["data"].astype(np.int64)
    assert plot.n_points == n and len(drawn) <= 2 * DRAWN_BINS + 2
    assert drawn[0] == 0 and drawn[-1] == n - 1 and list(drawn) == sorted(set(drawn))
    assert list(plot._line.xData) == list(ranks[drawn])  # each drawn point is the series's own
    # every column of log10(rank) keeps its highest and lowest count: the shape is the same
    column = np.minimum((np.log10(ranks) / np.log10(n) * DRAWN_BINS).astype(int), DRAWN_BINS - 1)
    for c in np.unique(column):
        members = counts[column == c]
        kept = counts[drawn][column[drawn] == c]
        assert kept.max() == members.max() and kept.min() == members.min()
    # a click gives the index in the series; the highlight marks the exact point
    clicked = []
    plot.point_clicked.connect(clicked.append)
    qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=plot.point_position(0))
    assert clicked == [0]
    hidden = next(i for i in range(n) if i not in set(drawn))
    plot.set_highlight([hidden])
    assert list(plot._marks.xData) == [ranks[hidden]]
    # a short series is drawn whole
    assert list(drawn_indices(ranks[:50], counts[:50], True)) == list(range(50))


def test_a_repaint_copies_the_axes_instead_of_drawing_them_again(qtbot):
    # replaying an axis's recorded grid lines and labels was 6 ms a repaint on a large log plot
    plot = TrainingCurvePlot()
    qtbot.addWidget(plot)
    plot.resize(800, 400)
    plot.reset("", "pair count", "merge rank", log_y=True)
    plot.append(list(range(1, 3000)), [3000 / x for x in range(1, 3000)])
    plot.show()
    qtbot.waitUntil(plot.is_made)
    plot.flush()
    widget = plot.plot_widget()
    widget.viewport().grab()  # drawn once
    axis = widget.getAxis("left")
    played = []

    class Spy:
        def __init__(self, picture):
            self.picture = picture

        def play(self, painter):
            played.append(1)
            return self.picture.play(painter)
    axis.picture = Spy(axis.picture)
    widget.viewport().update()
    image = widget.viewport().grab().toImage()
    assert played == []  # copied from the cache
    assert image.pixelColor(image.width() // 2, image.height() // 2).isValid()
    widget.getViewBox().setYRange(0, 2, padding=0)  # a range change draws it again
    widget.getViewBox().prepareForPaint()
    widget.viewport().grab()
    assert axis.picture is not None and not isinstance(axis.picture, Spy)


def test_a_plot_is_made_over_turns_and_drawn_in_a_turn_after_its_widget(qtbot, qapp):
    # issue 20: a plot made and drawn in one turn was 40-95 ms (the Languages view's
    # QTimer events): its view box and axes, its PlotItem (with the "Plot Options" form),
    # the PlotWidget and the owner's drawing each take a turn of their own
    plot = LatePlot()
    qtbot.addWidget(plot)
    plot.setLabel("left", "count")
    seen = []
    plot.made.connect(lambda: seen.append(("made", plot.findChild(pg.PlotWidget) is not None)))
    plot.show()
    passes = []
    for _ in range(50):
        qapp.processEvents()  # one pass of the event loop
        passes.append((plot.findChild(pg.PlotWidget) is not None, plot.is_made()))
        if plot.is_made():
            break
    assert passes[-1] == (True, True) and seen == [("made", True)]
    widget_pass = next(i for i, (widget, _) in enumerate(passes) if widget)
    assert passes[widget_pass] == (True, False)  # the widget first, drawn a turn later
    assert widget_pass >= 2  # after the view box and the PlotItem, each in a turn
    assert plot.getAxis("left").labelText == "count"


def test_asking_for_the_widget_between_two_steps_makes_the_rest_at_once(qtbot, qapp):
    plot = ClickableHistogram()
    qtbot.addWidget(plot)
    plot.set_bars([1, 2], [3, 4])
    plot.show()
    for _ in range(50):
        qapp.processEvents()
        if plot._steps_done:
            break
    assert plot._steps_done and not plot.is_made()
    widget = plot.plot_widget()  # the steps left, now
    assert plot.is_made() and widget is plot.findChild(pg.PlotWidget)
    assert plot._bars.opts["height"] == [3, 4]
    qtbot.wait(20)  # the queued step finds it made
    assert plot.findChildren(pg.PlotWidget) == [widget]
