"""Merge history at 1280x800 and 1920x1080: the columns that explain a merge are in sight.

Issue 21: count, words, score, tie and runner-up were off to the right at 1280 (score, tie and
runner-up at 1920) while the replay beside them sat mostly empty.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.session import TokenizerEntry
from subword_core.training.presets import train_tokenizer
from subword_core.trainers import drive

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"


@pytest.fixture(scope="module")
def wordpiece():
    return drive(train_tokenizer([CORPORA / "english.txt"], "wordpiece", 1500))


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_every_merge_column_is_in_sight(qtbot, tmp_path, monkeypatch, wordpiece, size):
    from app import create_main_window

    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    try:
        window.session.add_tokenizer(TokenizerEntry(
            "wordpiece-likelihood 1,500", wordpiece.tokenizer, wordpiece.history, "wordpiece"))
        window.session.set_text("Exponential growth of tokenization approaches")
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.show_view("train")
        pane = window.merges_pane
        table = pane.table
        qtbot.waitUntil(lambda: table.isVisible() and pane.merges_model.rowCount() > 0,
                        timeout=10000)
        assert pane.merges_model.records[0].runner_up is not None
        header = table.horizontalHeader()
        shown = table.viewport().width()
        for column in range(pane.merges_model.columnCount()):
            title = pane.merges_model.headerData(column, header.orientation())
            assert not table.isColumnHidden(column), title
            right = table.columnViewportPosition(column) + table.columnWidth(column)
            assert right <= shown, (title, right, shown)  # nothing to scroll to
            assert table.columnWidth(column) >= header.sectionSizeFromContents(column).width(), \
                title  # the title is not cut
        # the rows are what gets the height: the replay below takes less
        assert table.height() >= 250
        assert pane.replay_stack.height() < table.height()
    finally:
        window.shutdown()
