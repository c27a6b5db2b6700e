"""Keyboard users can leave the encoding input with Tab, and still type a tab with Ctrl+Tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox


@pytest.fixture
def shown(qtbot, window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_tab_leaves_the_encoding_input_and_shift_tab_comes_back(qtbot, shown):
    edit = shown.encoding_pane.input
    edit.setPlainText("ab")
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: not edit.hasFocus())
    assert edit.toPlainText() == "ab"  # no tab typed
    leaving = shown.focusWidget()
    qtbot.keyClick(leaving, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(edit.hasFocus)


def test_ctrl_tab_types_a_tab_and_the_tooltip_says_how(qtbot, shown):
    edit = shown.encoding_pane.input
    edit.setPlainText("")
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClicks(edit, "a")
    qtbot.keyClick(edit, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, "b")
    assert edit.toPlainText() == "a\tb" and edit.hasFocus()
    assert "Ctrl+Tab" in edit.toolTip() and "re-encoded" in edit.toolTip()
