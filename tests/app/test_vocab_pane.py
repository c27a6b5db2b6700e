"""VocabPane through its real widgets: rows, search, sorting, frequencies, selection linking.

Tokenizers are trained on a tiny corpus (byte-level BPE, Unigram); one real file
(bert-base-uncased, found by tests/core/wild_sources.py) goes through the worker path.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from app.item_models.vocab_model import FREQUENCY, ID, TOKEN
from app.panes.vocab_pane import VocabPane
from app.selection import Selection, SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core import Tokenizer
from subword_core.analysis import MergeGraph
from subword_core._util.progress import drive
from subword_core.analysis.vocabulary import search_rows, token_usage, vocab_table

DOCS = [
    "low lower newest widest the other",
    "theatre thesis lowest lowering",
    "한국어 문장 🙂 café naïve",
    "the newest theatre is the lowest",
] * 5
PRESETS = {"byte-bpe": 300, "unigram": 70}


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from subword_core.training.presets import train_tokenizer

    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    results = {alg: drive(train_tokenizer([path], alg, size)) for alg, size in PRESETS.items()}
    return path, results


def counts() -> Counter[str]:
    return Counter(w for doc in DOCS for w in doc.split())


@pytest.fixture
def session(trained):
    path, results = trained
    s = Session()
    for alg, result in results.items():
        s.add_tokenizer(TokenizerEntry(alg, result.tokenizer, result.history, alg), False)
    s.set_current("byte-bpe")
    s.set_text("the lowest 한국어")
    yield s
    s.shutdown()


@pytest.fixture
def pane(qtbot, session):
    selection = SelectionModel()
    p = VocabPane(session, selection)
    qtbot.addWidget(p)
    p.resize(1100, 600)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.shutdown()


def cell(model, row: int, column: int) -> str:
    """A cell as a copy gives it (numbers are numbers: the table shows them as 1,234)."""
    return str(model.data(model.index(row, column)))


def set_corpus(session, path, word_counts) -> None:
    session.set_corpus(CorpusState([str(path)], None, dict(word_counts)))


# ----------------------------------------------------------------------------- rows and search
def test_lists_every_token_and_the_search_narrows_the_rows(qtbot, pane, session):
    tok = session.tokenizer
    n = tok.get_vocab_size()
    assert pane.model.rowCount() == n
    assert pane.count_label.text() == f"{n:,} of {n:,} tokens"
    assert [cell(pane.model, r, ID) for r in range(3)] == ["0", "1", "2"]
    table = vocab_table(tok)
    pane.search.setText("␣the")  # (QTest.keyClicks aborts on non-Latin-1 characters)
    expected = search_rows(table, "␣the")
    qtbot.waitUntil(lambda: pane.model.rowCount() == len(expected))
    assert 0 < len(expected) < n
    assert all("␣the" in cell(pane.model, r, TOKEN) for r in range(pane.model.rowCount()))
    assert pane.count_label.text() == f"{len(expected):,} of {n:,} tokens"
    # every header explains itself
    for column in range(pane.model.columnCount()):
        assert pane.model.headerData(column, Qt.Orientation.Horizontal,
                                     Qt.ItemDataRole.ToolTipRole)


def test_regex_and_id_modes_and_a_bad_regex_says_so(qtbot, pane, session):
    pane.mode_combo.setCurrentText("regex")
    pane.search.setText("(unclosed")
    pane.apply_search()
    assert pane.count_label.text().startswith("not a valid regular expression")
    pane.search.setText("^␣t")
    pane.apply_search()
    shown = [cell(pane.model, r, TOKEN) for r in range(pane.model.rowCount())]
    assert shown and all(s.startswith("␣t") for s in shown)
    pane.mode_combo.setCurrentText("id")
    last = session.tokenizer.get_vocab_size() - 1
    pane.search.setText(f"#{last}")
    pane.apply_search()
    assert pane.model.rowCount() == 1 and cell(pane.model, 0, ID) == f"{last:,}"
    pane.search.setText("12 abc")
    pane.apply_search()
    assert "'abc' is not an id" in pane.count_label.text()


def test_sorting_by_any_column(qtbot, pane, session):
    pane.table.sortByColumn(ID, Qt.SortOrder.DescendingOrder)
    last = session.tokenizer.get_vocab_size() - 1
    assert cell(pane.model, 0, ID) == f"{last:,}"
    pane.table.sortByColumn(TOKEN, Qt.SortOrder.AscendingOrder)
    tokens = [cell(pane.model, r, TOKEN) for r in range(pane.model.rowCount())]
    assert tokens == sorted(tokens)


# ----------------------------------------------------------------------------- selection
def test_selecting_a_row_selects_the_token_and_shows_its_merge_tree(qtbot, pane, session):
    entry = session.current
    graph = entry.merge_graph()
    record = graph.records[5]
    token_id = session.tokenizer.token_to_id(record.token)
    selection = pane._selection
    with qtbot.waitSignal(selection.changed):
        pane.select_token_id(token_id)
    assert selection.current.token_ids == frozenset({token_id})
    assert selection.current.origin == "vocab"
    assert pane.info.tree_stack.currentWidget() is pane.info.tree
    root = pane.info.tree.topLevelItem(0)
    assert root.text(1) == f"{graph.creator(record.token):,}"
    assert root.childCount() == 2
    assert f"#{token_id}" in pane.info.title.text()


def test_a_token_selected_elsewhere_selects_its_row(qtbot, pane, session):
    encoding = session.encoding
    pane._selection.set(Selection(span=(0, 3), token_index=1, origin="encoding"))
    row = pane.table.currentIndex().row()
    assert cell(pane.model, row, ID) == f"{encoding.ids[1]:,}"
    assert f"#{encoding.ids[1]:,}" in pane.info.title.text()
    # the pane does not echo the selection back
    assert pane._selection.current.origin == "encoding"


def test_unigram_says_in_words_there_are_no_merges(qtbot, pane, session):
    session.set_current("unigram")
    tok = session.tokenizer
    token_id = next(i for t, i in tok.get_vocab().items() if t.startswith("▁") and len(t) > 2)
    pane.select_token_id(token_id)
    score = tok.model.get_score(token_id)
    assert pane.info.tree_stack.currentWidget() is pane.info.tree_note
    assert pane.info.tree_note.text() == f"Unigram: no merges; score {score:.2f}"
    assert pane.model.headerData(3, Qt.Orientation.Horizontal) == "score"


# ----------------------------------------------------------------------------- frequencies
def test_frequency_waits_for_a_corpus_then_equals_the_core(qtbot, pane, session, trained):
    path, _ = trained
    assert cell(pane.model, 0, FREQUENCY) == "—"
    assert "load a corpus to see frequencies" in pane.freq_label.text()
    assert not pane.count_button.isEnabled()
    word_counts = counts()
    set_corpus(session, path, word_counts)
    qtbot.waitUntil(lambda: pane.model.has_frequencies, timeout=10000)
    usage = token_usage(session.tokenizer, word_counts)
    for r in range(pane.model.rowCount()):
        token_id = int(cell(pane.model, r, ID))
        assert cell(pane.model, r, FREQUENCY) == f"{usage.counts.get(token_id, 0):,}"
    # the status follows when the job has finished (a moment after its result)
    qtbot.waitUntil(lambda: f"{len(word_counts):,} distinct corpus words"
                    in pane.freq_label.text(), timeout=10000)
    # the most frequent token first, and the words that use it
    pane.table.sortByColumn(FREQUENCY, Qt.SortOrder.DescendingOrder)
    top_id = max(usage.counts, key=usage.counts.get)
    assert cell(pane.model, 0, FREQUENCY) == f"{usage.counts[top_id]:,}"
    pane.table.selectRow(0)
    shown_id = int(cell(pane.model, 0, ID))
    words = usage.words_using(shown_id)
    assert pane.info.words_model.rowCount() == len(words) > 0
    assert [cell(pane.info.words_model, r, 0) for r in range(len(words))] == [w for w, _ in words]
    assert pane.info.words_label.text().startswith(f"Used by {len(words):,} corpus words")


def test_counting_can_be_cancelled_and_restarted(qtbot, pane, session, trained):
    path, _ = trained
    rng = random.Random(3)
    syllables = ["ka", "to", "ri", "men", "sa", "lo", "ve", "qu", "ne", "ba", "di", "한", "é"]
    big = {"".join(rng.choice(syllables) for _ in range(rng.randint(2, 6))): rng.randint(1, 50)
           for _ in range(40000)}
    set_corpus(session, path, big)
    qtbot.waitUntil(pane.cancel_button.isEnabled, timeout=5000)
    qtbot.mouseClick(pane.cancel_button, Qt.MouseButton.LeftButton)
    assert not pane.usage_job.is_running()
    assert "counting cancelled" in pane.freq_label.text()
    assert pane.count_button.isEnabled() and not pane.cancel_button.isEnabled()
    assert cell(pane.model, 0, FREQUENCY) == "—"
    # Count frequencies starts again
    qtbot.mouseClick(pane.count_button, Qt.MouseButton.LeftButton)
    assert pane.usage_job.is_running() and pane.cancel_button.isEnabled()
    assert pane.freq_label.text() == "counting token frequencies in the corpus…"
    qtbot.mouseClick(pane.cancel_button, Qt.MouseButton.LeftButton)
    assert not pane.usage_job.is_running()


# ----------------------------------------------------------------------------- a real file
def test_a_real_bert_file_is_tabulated_in_a_worker(qtbot, session):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from wild_sources import tokenizer_json

    tok = Tokenizer.from_str(tokenizer_json("bert-base-uncased"))
    session.add_tokenizer(TokenizerEntry("bert-base-uncased", tok, algorithm="file"))
    pane = VocabPane(session, SelectionModel())
    qtbot.addWidget(pane)
    assert pane.model.rowCount() == 0  # hidden: nothing computed yet
    pane.show()
    qtbot.waitUntil(lambda: pane.model.rowCount() == 30522, timeout=20000)
    try:
        assert pane.count_label.text() == "30,522 of 30,522 tokens"
        assert pane.model.headerData(3, Qt.Orientation.Horizontal) == "rank / score"
        pane.mode_combo.setCurrentText("id")
        pane.search.setText("#101")
        pane.apply_search()
        assert [cell(pane.model, 0, c) for c in (ID, TOKEN, 4)] == ["101", "[CLS]", "special"]
        pane.select_token_id(101)
        assert pane.info.tree_note.text() == "WordPiece: no merges or scores in this model"
        assert MergeGraph.of(tok).records == []
    finally:
        pane.shutdown()


def test_shutdown_stops_a_running_worker(qtbot, session, trained):
    path, _ = trained
    pane = VocabPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.show()
    big = {f"w{i}x{i * 7}": 1 for i in range(30000)}
    set_corpus(session, path, big)
    assert pane.usage_job.is_running()
    pane.shutdown()
    assert not pane.usage_job.is_running()
    assert isinstance(pane.findChild(QWidget, "vocabTable"), QWidget)
