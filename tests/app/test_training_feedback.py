"""Training feedback: one overall progress across stages, a clean status line per run, the real
vocabulary size in the name and a notice when a run stops short, failures in words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QSpinBox,
)

from app.panes.training_pane import TrainingPane, readable_number
from app.selection import SelectionModel
from app.session import CorpusState, Session
from subword_core.formats.naming import trained_name


@pytest.fixture
def pane(qtbot, sample_paths):
    session = Session()
    session.set_corpus(CorpusState(list(sample_paths)))
    widget = TrainingPane(session, SelectionModel())
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.shutdown()


def _train(qtbot, pane, label, size, min_frequency=2):
    pane.algorithm_combo.setCurrentText(label)
    pane.vocab_spin.setValue(size)
    pane.min_frequency_spin.setValue(min_frequency)
    with qtbot.waitSignal(pane.training_finished, timeout=60000) as blocker:
        qtbot.mouseClick(pane.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_training())
    return blocker.args[0]


@pytest.mark.parametrize("label", ["Byte-level BPE (GPT-2)", "Unigram (SentencePiece)"])
def test_one_overall_progress_that_never_goes_back(qtbot, pane, label, monkeypatch):
    shown = []  # what the bar showed after each batch of events
    show = pane._show_overall

    def record():
        show()
        shown.append((pane.progress.value() / pane.progress.maximum(), pane.progress.format()))

    monkeypatch.setattr(pane, "_show_overall", record)
    assert _train(qtbot, pane, label, 600, min_frequency=0)
    fractions = [f for f, _ in shown]
    assert fractions == sorted(fractions), "the bar went backwards between stages"
    assert shown[0] == (0.0, "0% · Reading the corpus")
    assert pane.progress.format().startswith("100% · done: ")
    # one percentage for the whole run, then the stage it is in
    stages = {text.split(" · ")[1] for _, text in shown}
    assert all(text.split("%")[0].isdigit() for _, text in shown)
    assert len(stages) >= 2 and stages <= {"Reading the corpus", "Counting words", "Counting pairs",
                                           "Merging", "Seeding pieces", "EM round", "Pruning",
                                           "Finishing"}


def test_run_that_stops_short_says_its_real_size(qtbot, pane):
    assert _train(qtbot, pane, "Byte-level BPE (GPT-2)", 40000)
    entry = pane._session.current
    size = entry.tokenizer.get_vocab_size()
    assert size < 40000
    assert entry.name == trained_name("byte-bpe", size, 40000) == f"byte-bpe {size:,} (asked 40,000)"
    assert pane.notice_label.isVisible()
    assert f"{size:,} tokens of the 40,000 asked" in pane.notice_label.text()
    # a run that reaches its size: plain name, no notice
    assert _train(qtbot, pane, "WordPiece — likelihood", 900)
    assert pane._session.current.name == "wordpiece-likelihood 900"
    assert not pane.notice_label.isVisible()


@pytest.mark.parametrize("label, algorithm", [
    ("Byte-level BPE (GPT-2)", "byte-bpe"), ("BPE with </w> (Sennrich)", "bpe"),
    ("WordPiece — likelihood", "wordpiece"), ("WordPiece — frequency", "wordpiece"),
    ("Unigram (SentencePiece)", "unigram")])
def test_a_size_below_the_alphabet_is_refused_alike(qtbot, pane, monkeypatch, label, algorithm):
    # issue 21: BPE and WordPiece quietly gave 706 and 550 tokens for 5; byte-BPE and Unigram
    # refused. All refuse now, in the CLI's words, in a message box; no tokenizer is added
    shown = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text: shown.append((title, text))))
    assert not _train(qtbot, pane, label, 5)
    [(title, text)] = shown
    first = text.splitlines()[0]
    assert title == "Training failed"
    assert first.startswith(f"vocab size 5 is too small for {algorithm}: the ")
    assert " need at least " in first and "Error" not in text
    assert pane._session.current is None and not pane.notice_label.isVisible()


def test_a_new_run_clears_the_previous_status(qtbot, pane, big_corpus):
    assert _train(qtbot, pane, "Byte-level BPE (GPT-2)", 40000)
    assert pane.status_label.text().startswith("Merge ") and pane.notice_label.isVisible()
    assert "Ġ" not in pane.status_label.text()  # readable tokens (␣), not byte-level symbols
    pane._session.set_corpus(CorpusState([big_corpus]))
    pane.vocab_spin.setValue(30000)
    assert pane.start_training()
    assert pane.status_label.text() == "" and not pane.notice_label.isVisible()
    assert pane.progress.format().startswith("0% · ")
    with qtbot.waitSignal(pane.training_finished, timeout=30000) as blocker:
        pane.cancel()
    assert blocker.args == [False]
    qtbot.waitUntil(lambda: not pane.is_training())
    assert pane._session.current.name.startswith("byte-bpe")  # the previous result is kept


def test_failure_is_reported_in_words(qtbot, pane, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text: shown.append((title, text))))
    assert not _train(qtbot, pane, "WordPiece — likelihood", 3)  # below the alphabet
    title, text = shown[0]
    assert title == "Training failed" and "Error" not in text and "too small" in text
    assert pane.progress.format() == "failed" and pane._session.current is None


def test_controls_have_tooltips_and_the_pane_fits_a_small_dock(pane):
    controls = [w for kind in (QComboBox, QSpinBox, QLineEdit, QAbstractButton, QProgressBar)
                for w in pane.findChildren(kind)]
    assert len(controls) >= 7
    assert [w.objectName() for w in controls
            if not w.toolTip() and not w.objectName().startswith("qt_")] == []
    assert pane.minimumSizeHint().height() <= 300


def test_losses_are_readable():
    assert readable_number(1234567.891) == "1.235 M"
    assert readable_number(12345.6) == "12.35 k"
    assert readable_number(1234.5) == "1,234.5"
    assert readable_number(0.000123) == "0.000123"
    assert readable_number(0) == "0"


@pytest.mark.parametrize("label, y_label", [("WordPiece — likelihood", "score of merge"),
                                            ("Unigram (SentencePiece)", "loss per round")])
def test_the_curve_comes_back_from_the_history(qtbot, pane, label, y_label):
    # issue 21: after a restart the session brings back the trained tokenizer (and its
    # history) but the Train curve stayed empty; it is drawn again from the history
    assert _train(qtbot, pane, label, 600)
    live = pane.plot.points()
    entry = pane._session.current
    assert len(live[0]) > 0
    restarted = Session()
    again = TrainingPane(restarted, SelectionModel())
    qtbot.addWidget(again)
    assert again.plot.n_points == 0
    restarted.add_tokenizer(entry)
    got = again.plot.points()
    assert got[0].tolist() == live[0].tolist() and got[1].tolist() == live[1].tolist()
    assert again.plot.getAxis("left").labelText == y_label
    again.shutdown()
