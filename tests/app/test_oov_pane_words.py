"""Unseen words pane: a row per word with byte fallback, the unknown token as produced,
long input explained off the GUI thread, bounded rows, and the held-out baseline labelled.

Real files: Mistral v0.1's SentencePiece ``.model`` (byte fallback; the model sees the
whole text at once), and a Unigram trained with this library.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.panes import oov_pane
from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core.formats import open_tokenizer
from subword_core._util.progress import drive

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import package_file  # noqa: E402

SENTENCE = "Schwarzenegger's tokenization of 🦜 한국어"
CORPUS = ["low lower newest widest", "the other theatre thesis", "café naïve"] * 20


@pytest.fixture(scope="module")
def mistral():
    # as transformers reads it: the word-by-word report traces HF's BPE
    return open_tokenizer(package_file("mistral_common", "data/tokenizer.model.v1",
                                       "mistral-common"), flavor="llama")


@pytest.fixture(scope="module")
def unigram():
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(CORPUS, "unigram", 60)).tokenizer


@pytest.fixture
def session():
    s = Session()
    yield s
    s.shutdown()


def make_pane(qtbot, session, text: str):
    pane = oov_pane.OovPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1200, 700)
    pane.show()
    qtbot.waitExposed(pane)
    pane.input.setText(text)
    pane.refresh()
    return pane


def rows(top) -> list[tuple[str, str, str]]:
    return [(top.child(j).text(0), top.child(j).text(1), top.child(j).text(2))
            for j in range(top.childCount())]


def test_mistral_byte_fallback_rows_are_words(qtbot, session, mistral):
    session.add_tokenizer(TokenizerEntry("mistral", mistral, None, "file"))
    pane = make_pane(qtbot, session, SENTENCE)
    try:
        top = pane.tree.topLevelItem(0)
        got = rows(top)
        assert [text.strip("␣ ") for text, _, _ in got] == [
            "Schwarzenegger's", "tokenization", "of", "🦜", "한국어"]
        outcome = {text.strip("␣ "): what for text, what, _ in got}
        assert outcome["🦜"] == "spelled with bytes"
        assert outcome["of"] == "whole word in vocabulary"
        assert outcome["tokenization"] == "split into 2 known pieces"
        assert "⟨F0⟩" in got[3][2] or "<0xF0>" in got[3][2]
        # the word picked first is the first one not taken whole; its trace is its own
        pane.tree.setCurrentItem(top.child(1))
        assert pane.trace_view.currentIndex() == 1
    finally:
        pane.shutdown()


def test_unigram_unknown_row_shows_the_unknown_token(qtbot, session, unigram):
    session.add_tokenizer(TokenizerEntry("unigram", unigram, None, "unigram"))
    pane = make_pane(qtbot, session, "lower 🦜")
    try:
        _entry, report = pane.reports[0]
        parrot = [w for w in report.words if "🦜" in w.text][0]
        assert parrot.outcome in ("unknown", "partly_unknown")
        row = [r for r in rows(pane.tree.topLevelItem(0)) if "🦜" in r[0]][0]
        assert "<unk>" in row[2] and "🦜" not in row[2]
        assert "<unk>" in pane.tree.topLevelItem(0).text(2)
    finally:
        pane.shutdown()


def test_a_long_word_is_explained_off_the_gui_thread(qtbot, session, mistral, monkeypatch):
    session.add_tokenizer(TokenizerEntry("mistral", mistral, None, "file"))
    pane = make_pane(qtbot, session, "short")
    threads = []
    original = oov_pane.explain_unseen

    def recorded(tokenizer, text):
        threads.append(threading.current_thread())
        return original(tokenizer, text)

    monkeypatch.setattr(oov_pane, "explain_unseen", recorded)
    word = "Donaudampfschifffahrt" * 240  # 5,040 characters
    try:
        with qtbot.waitSignal(pane.report_job.returned, timeout=30000):
            pane.input.setText(f"a {word}")
            pane.refresh()
            assert pane.status_label.text().startswith("explaining")
        assert threads and threading.main_thread() not in threads
        top = pane.tree.topLevelItem(0)
        assert top.childCount() == 2
        long_row = top.child(1)
        n = len(pane.reports[0][1].words[1].tokens)
        assert n > 1000 and long_row.text(1) == f"split into {n:,} known pieces"
        # the row shows the head of the word and of its tokens, and says how many more
        assert len(long_row.text(0)) <= oov_pane.WORD_SHOWN + 1
        assert long_row.text(2).endswith(f"… ({n - oov_pane.TOKENS_SHOWN:,} more)")
        pane.tree.setCurrentItem(top.child(1))  # too long to trace: said, not computed
        assert pane.trace_view.currentIndex() == 0
        assert "5,041 characters" in pane.trace_view.hint.text()
    finally:
        pane.shutdown()


def test_rows_are_bounded_and_the_export_has_them_all(qtbot, session, mistral, monkeypatch):
    monkeypatch.setattr(oov_pane, "ROWS_SHOWN", 5)
    session.add_tokenizer(TokenizerEntry("mistral", mistral, None, "file"))
    pane = make_pane(qtbot, session, " ".join(["word"] * 12))
    try:
        assert pane.tree.topLevelItem(0).childCount() == 5
        assert pane.status_label.isVisibleTo(pane) and "12" in pane.status_label.text()
        header, table = pane.table_csv()
        assert len(table) == 12
    finally:
        pane.shutdown()


def test_heldout_word_level_column_is_labelled_as_the_baseline(qtbot, session, unigram):
    session.add_tokenizer(TokenizerEntry("unigram", unigram, None, "unigram"))
    pane = make_pane(qtbot, session, "low")
    try:
        model = pane.heldout_model
        headers = [model.headerData(c, Qt.Orientation.Horizontal)
                   for c in range(model.columnCount())]
        baseline = [h for h in headers if "word-level" in h]
        assert baseline == ["baseline: word-level OOV"]
        column = headers.index(baseline[0])
        # after the tokenizer's own figures, not among them
        assert column > headers.index("unknown tokens")
        assert column > headers.index("words with an unknown")
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith("Baseline, not a figure of the tokenizer")
    finally:
        pane.shutdown()
