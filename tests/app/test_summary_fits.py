"""Explore's summary line is shown whole at 1280x800, in English and in Korean.

Issue 21 found it cut at 1280 ("… 3.67 to"; the Korean line lost its last parts): the label
had a width it could not widen past and no second line to go to.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QMessageBox

from app.session import TokenizerEntry
from subword_core.models import WordPiece
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer

#: long numbers and an unknown: the longest form the summary takes
TEXT = ("tokenization 한국어 문장 " * 2000) + "🦜"


def shown_whole(label: QLabel) -> bool:
    """Whether the label's whole text is drawn inside it (no part cut at an edge)."""
    area = label.contentsRect()
    metrics = QFontMetrics(label.font())
    if not label.wordWrap():
        return metrics.horizontalAdvance(label.text()) <= area.width()
    needed = metrics.boundingRect(QRect(0, 0, area.width(), 1 << 20),
                                  int(Qt.TextFlag.TextWordWrap), label.text())
    return needed.width() <= area.width() and needed.height() <= area.height()


@pytest.fixture(params=["en", "ko"])
def window(request, qtbot, tmp_path, monkeypatch):
    from app import create_main_window, i18n

    # closing asks about the unsaved tokenizer
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", request.param)
    win = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(win)
    vocab = {"[UNK]": 0, "token": 1, "##ization": 2, "한국어": 3, "문장": 4}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = Whitespace()
    win.session.add_tokenizer(TokenizerEntry("wordpiece", tokenizer, None, "wordpiece"))
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.shutdown()
    i18n.install("en")


def test_the_summary_is_shown_whole_at_1280(qtbot, window):
    window.show_view("explore")
    pane = window.encoding_pane
    window.session.set_text(TEXT)
    label = pane.summary_label
    qtbot.waitUntil(lambda: "·" in label.text() and not window.session.encoding_pending,
                    timeout=30000)
    qtbot.waitUntil(lambda: label.isVisible() and label.width() > 0)
    assert label.text().count("·") == 4  # tokens, chars, chars/token, tokens/word, unknown
    qtbot.waitUntil(lambda: shown_whole(label), timeout=3000)
