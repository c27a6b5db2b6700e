"""The Compare dock at 1280x800: every control fits, and a row view never cuts a token.

Issue 21 found Export shown as "E", the busy bar over "Comparing:", the dock scrolling
sideways and rows wrapped mid-token ("expone|ial").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractButton, QLayout, QMessageBox

from app.session import TokenizerEntry
from app.widgets.compare_view import CompareView, wrap_lines
from subword_core.analysis.compare import align_tokenizers
from subword_core.training.presets import train_tokenizer
from subword_core.trainers import drive

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
TEXT = ("Exponential growth of tokenization approaches: the unbelievably long-winded "
        "internationalization of counterrevolutionary thinking, exponentially. ") * 8
#: long names, as a retrained or renamed tokenizer has
NAMES = {"byte-bpe": "byte-bpe 3,000 retrained on the whole corpus", "bpe": "bpe 3,000",
         "wordpiece": "wordpiece-likelihood 3,000 (asked 2,500)", "unigram": "unigram 3,000"}


@pytest.fixture(scope="module")
def trained():
    corpus = [CORPORA / "english.txt"]
    return {alg: drive(train_tokenizer(corpus, alg, 3000)).tokenizer for alg in NAMES}


@pytest.fixture(params=["en", "ko"])
def window(request, qtbot, tmp_path, trained, monkeypatch):
    from app import create_main_window

    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", request.param)
    win = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(win)
    for alg, name in NAMES.items():
        win.session.add_tokenizer(TokenizerEntry(name, trained[alg], None, alg))
    win.session.set_text(TEXT)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.shutdown()
    from app import i18n

    i18n.install("en")


def test_every_compare_control_fits_at_1280x800(qtbot, window):
    window.show_view("compare")
    pane = window.analysis_docks.compare
    pane.set_compared(list(NAMES.values()))
    pane.busy.show()  # as while encoding: it must not cover anything either
    qtbot.waitUntil(lambda: pane.alignment is not None and len(pane.alignment.rows) == 4,
                    timeout=30000)
    dock = window.docks["compare"]
    scroller = dock.widget()
    # the dock does not scroll sideways: the pane needs no more than the dock gives it
    assert pane.minimumSizeHint().width() <= scroller.viewport().width()
    assert not scroller.horizontalScrollBar().isVisible()
    for button in pane.findChildren(QAbstractButton):
        if button.isVisible() and button.text():
            assert button.width() >= button.sizeHint().width(), button.text()
    # the compared names are all shown (wrapped), and the busy bar covers no label
    members = pane.members_label
    assert all(name in members.text() for name in NAMES.values())
    assert members.height() >= members.heightForWidth(members.width())
    # subtle: a finished job hides the busy bar, and a hidden widget keeps its last geometry
    # while the label takes its place; show it again and lay the pane out before measuring
    pane.busy.show()
    pane.layout().activate()
    for box in pane.findChildren(QLayout):
        box.activate()
    busy = pane.busy.geometry().translated(pane.busy.parentWidget().mapTo(pane, pane.busy.pos())
                                           - pane.busy.pos())
    for label in (members, pane.status_label):
        place = label.geometry().translated(label.parentWidget().mapTo(pane, label.pos())
                                            - label.pos())
        assert not busy.intersects(place), label.objectName()


def _token_cut(view: CompareView) -> list[tuple[int, int]]:
    """``(row, line start)`` wherever a line starts inside one of a row's tokens."""
    cut = []
    for r, row in enumerate(view.alignment.rows):
        for start, _ in view._lines[1:]:
            before = set(row.encoding.tokens_in_span(start - 1, start))
            after = set(row.encoding.tokens_in_span(start, start + 1))
            if before & after:
                cut.append((r, start))
    return cut


@pytest.mark.parametrize("width", [300, 457, 640, 1000])
def test_the_row_view_wraps_between_tokens(qtbot, trained, width):
    view = CompareView()
    qtbot.addWidget(view)
    alignment = align_tokenizers(TEXT, dict(zip(NAMES.values(), trained.values())))
    view.set_alignment(alignment, list(NAMES.values()), [True, False, False, False])
    view.resize(width, 400)
    view.show()
    qtbot.waitExposed(view)
    assert len(view._lines) > 2
    assert _token_cut(view) == []
    # the lines cover the text in order, and only a token wider than the view widens it
    assert [s for s, _ in view._lines[1:]] == [e for _, e in view._lines[:-1]]
    assert view._lines[0][0] == 0 and view._lines[-1][1] == len(TEXT)
    assert view.width() == width or view.minimumWidth() > width


def test_a_token_wider_than_the_view_widens_it():
    # one 6-character token in a 4-wide line: the line holds it whole
    assert wrap_lines([1.0] * 8, [True, True, False, False, False, False, False, True], 4.0) \
        == [(0, 1), (1, 7), (7, 8)]
    # words are preferred over any token boundary
    assert wrap_lines([1.0] * 9, [True] * 9, 5.0, words=[0, 0, 0, 1, 0, 0, 0, 0, 0]) \
        == [(0, 3), (3, 8), (8, 9)]
