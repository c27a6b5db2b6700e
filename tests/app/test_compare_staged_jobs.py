"""Showing the Compare pane starts the text job once it has painted and the corpus pass a
moment later: the text job's thread prepares the tokenizers it sends (fingerprints, pickled
parts) first, and the corpus job's thread then finds them ready instead of doing the same
work at the same time; neither competes with the turn that paints the pane (issue 20's
heavy session)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject

from app.panes.compare_pane import ComparePane
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def _pane(qtbot, tmp_path, tokenizer, monkeypatch, names: tuple[str, ...]):
    """A Compare pane over a small corpus whose job starts are recorded, not run."""
    corpus = tmp_path / "c.txt"
    corpus.write_text("low lower newest widest\n" * 20, encoding="utf-8")
    session, selection = Session(), SelectionModel()
    session.set_corpus(CorpusState([str(corpus)]))
    for name in names:
        session.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="bpe"))
    session.set_text("lower newest")
    pane = ComparePane(session, selection)
    qtbot.addWidget(pane)
    started: list[str] = []
    monkeypatch.setattr(pane.text_job, "start_job", lambda *a, **k: started.append("text"))
    monkeypatch.setattr(pane.text_job, "is_running", lambda: "text" in started)
    monkeypatch.setattr(pane.job, "start_job", lambda *a, **k: started.append("corpus"))
    return pane, started


class _PaintSpy(QObject):
    """Records which jobs had started when the pane's view was first painted."""

    def __init__(self, painted, started, parent):
        super().__init__(parent)
        self._painted, self._started = painted, started

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self._painted.append(list(self._started))
        return False


def test_the_corpus_job_starts_after_the_text_job(qtbot, tmp_path, tokenizer, monkeypatch):
    pane, started = _pane(qtbot, tmp_path, tokenizer, monkeypatch, ("a", "b"))
    pane.set_compared(["a", "b"])
    pane.show()
    painted = []
    pane.view.installEventFilter(_PaintSpy(painted, started, pane))
    qtbot.waitExposed(pane)
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    assert started == ["text"]  # the corpus pass in a later turn
    assert painted and painted[0] == []  # the pane painted before any job started
    qtbot.waitUntil(lambda: "corpus" in started, timeout=5000)
    assert started == ["text", "corpus"]


def test_a_pane_shut_down_meanwhile_starts_no_corpus_job(qtbot, tmp_path, tokenizer,
                                                         monkeypatch):
    pane, started = _pane(qtbot, tmp_path, tokenizer, monkeypatch, ("a",))
    pane.show()
    qtbot.waitExposed(pane)
    qtbot.waitUntil(lambda: bool(started), timeout=5000)
    pane.shutdown()
    qtbot.wait(400)
    assert started == ["text"]
