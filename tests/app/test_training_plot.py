"""TrainingCurvePlot: every run starts from a fresh view, and close large values read apart."""

from __future__ import annotations

import numpy as np
import pytest

from app.plots import TrainingCurvePlot
from app.plots.training_plot import tick_labels


@pytest.fixture
def plot(qtbot):
    widget = TrainingCurvePlot()
    qtbot.addWidget(widget)
    widget.resize(500, 300)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_a_short_linear_run_after_a_long_log_run_is_drawn_in_its_own_range(plot, qtbot):
    # issue 21: Unigram's loss after a WordPiece run was a vertical line at x=0 on a
    # ±8,000 axis: the last run's range stayed, and so did its downsampling factor
    plot.reset("", "score of merge", "merge rank", log_y=True)
    n = 15_784
    for start in range(0, n, 500):
        xs = list(range(start, min(n, start + 500)))
        plot.append(xs, list(0.25 * np.exp(-np.array(xs) / 3000.0) + 1e-5))
        plot.flush()
        qtbot.wait(1)
    plot.reset("", "loss per round", "round")
    losses = [77_412_345.0, 77_412_100.0, 77_411_900.0, 77_411_800.0, 77_411_750.0]
    for rnd, loss in enumerate(losses):
        plot.append([rnd], [loss])
        plot.flush()
        qtbot.wait(1)
    (x0, x1), (y0, y1) = plot.getViewBox().viewRange()
    assert -1 <= x0 <= 0 and 4 <= x1 <= 5
    assert y0 <= min(losses) and max(losses) <= y1 and y1 - y0 < 2 * (max(losses) - min(losses))
    shown_x, shown_y = plot._curve.getData()
    assert list(shown_x) == [0, 1, 2, 3, 4] and list(shown_y) == losses


def test_tick_labels_of_close_large_values_differ(plot):
    # five ticks 100 apart near 7.7412e+07 all read "7.7412e+07" with pyqtgraph's labels
    values = [77_411_800.0 + 100 * i for i in range(5)]
    for labels in (tick_labels(values, 100), plot.getAxis("left").tickStrings(values, 1, 100)):
        assert len(set(labels)) == 5
        assert labels[0] == "77.4118 M"
    assert tick_labels([0, 2_000, 4_000], 2_000) == ["0", "2,000", "4,000"]
    assert tick_labels([0.0001, 0.0002], 0.0001) == ["1e-4", "2e-4"]
    assert tick_labels([12_000, 12_500], 500) == ["12.0 k", "12.5 k"]
    # a log axis keeps pyqtgraph's powers of ten
    plot.setLogMode(y=True)
    assert plot.getAxis("left").tickStrings([-2.0, -1.0], 1, 1) != tick_labels([-2.0, -1.0], 1)


def test_one_round_is_a_visible_point_on_a_plain_axis(plot, qtbot):
    # a Unigram run of one round: a line through one point draws nothing, and pyqtgraph's
    # automatic SI prefix turned the round axis into "round (x0.001)"
    plot.reset("", "loss per round", "round")
    plot.append([0], [96.737])
    plot.flush()
    qtbot.wait(1)
    assert plot._curve.opts["symbol"] == "o"
    assert "x0.001" not in plot.getAxis("bottom").labelString()
    plot.append(list(range(1, 100)), [96.0 - i / 100 for i in range(1, 100)])
    plot.flush()
    assert plot._curve.opts["symbol"] is None  # many points: the line alone

