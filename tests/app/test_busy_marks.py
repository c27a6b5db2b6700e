"""The panes that show "working" while a job runs use the BusyIndicator (four small steps a
second), not an indeterminate progress bar, which animates at 60 frames a second for as long
as the job runs (issue 20: 25-30 ms of GUI-thread CPU a second, one busy bar per pane)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QProgressBar

from app.panes.compare_pane import ComparePane
from app.panes.conformance_pane import ConformancePane
from app.panes.windows_pane import WindowsPane
from app.selection import SelectionModel
from app.session import Session
from app.widgets.busy_indicator import BusyIndicator


@pytest.mark.parametrize("pane_class", [ComparePane, ConformancePane, WindowsPane])
def test_the_busy_mark_is_a_busy_indicator(qtbot, pane_class):
    session = Session()
    pane = pane_class(session, SelectionModel())
    qtbot.addWidget(pane)
    finish = getattr(pane, "finish_building", None)
    if finish is not None:
        finish()
    assert isinstance(pane.busy, BusyIndicator)
    indeterminate = [bar for bar in pane.findChildren(QProgressBar) if bar.maximum() == 0]
    assert indeterminate == []
    pane.show()
    qtbot.waitExposed(pane)
    pane.busy.setVisible(True)
    assert pane.busy.is_ticking()
    pane.busy.setVisible(False)
    assert not pane.busy.is_ticking()
    session.shutdown()
