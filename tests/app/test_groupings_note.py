"""The Groupings pane's explanations wrap and are never cut in a narrow dock (1280x800)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from app.panes.groupings_pane import GroupingsPane
from app.selection import SelectionModel
from app.session import Session


@pytest.mark.parametrize("width", [260, 320, 480])
def test_the_demo_explanation_is_as_tall_as_its_lines(qtbot, width):
    pane = GroupingsPane(Session(), SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(width, 700)  # a third of a 1280 px window, as in Explore
    pane.show()
    qtbot.waitExposed(pane)
    pane.iob_note.setText("word " * 60)  # a long summary, shown on the IOB page
    for page in (0, 1):
        pane.mode_combo.setCurrentIndex(page)
        qtbot.waitUntil(lambda p=page: pane.stack.currentIndex() == p)
        for label in pane.stack.currentWidget().findChildren(QLabel):
            if label.isVisible() and label.wordWrap() and label.text():
                qtbot.waitUntil(lambda lb=label: lb.height() >= lb.heightForWidth(lb.width()))
                assert label.width() <= pane.width()  # wrapped, not widening the pane
