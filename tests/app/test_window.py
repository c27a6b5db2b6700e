"""The real window, driven offscreen: corpus, training of each algorithm, linked panes, files."""

from __future__ import annotations

import json

import pytest
from app_helpers import build_every_pane, load_corpus, set_text, show_dock, train
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from app import file_actions
from subword_core.analysis import MergeGraph, merges_used_by

OBJECT_NAMES = ["corpusPane", "openCorpusButton", "corpusTable", "trainingPane", "algorithmCombo",
                "vocabSizeSpin", "minFrequencySpin", "trainButton", "cancelButton",
                "trainProgress", "encodeInput", "tokenView", "offsetsTable", "groupingsView",
                "aggregationCombo", "mergeHistoryTable", "replaySlider"]
ACTION_NAMES = ["openCorpusAction", "openTokenizerAction", "saveTokenizerAction",
                "saveHistoryAction"]
TEXT = "Hello world! Tokenizers split words.\n한국어 문장 🙂👍🏽 café"


@pytest.fixture
def messages(monkeypatch):
    """Record QMessageBox.critical/warning calls instead of showing modal boxes."""
    calls = []
    for kind in ("critical", "warning"):
        monkeypatch.setattr(QMessageBox, kind,
                            staticmethod(lambda parent, title, text, *a, _k=kind, **kw:
                                         calls.append((_k, title, text))
                                         or QMessageBox.StandardButton.Ok))
    return calls


def test_every_object_name_exists(window):
    build_every_pane(window)
    for name in OBJECT_NAMES:
        assert window.findChild(QWidget, name) is not None, name
    for name in ACTION_NAMES:
        assert window.findChild(QAction, name) is not None, name


@pytest.mark.parametrize("label,vocab", [
    ("Byte-level BPE (GPT-2)", 400),
    ("BPE with </w> (Sennrich)", 900),
    ("WordPiece — likelihood", 900),
    ("WordPiece — frequency", 900),
    ("Unigram (SentencePiece)", 600),
])
def test_train_then_offsets_table_matches_core(qtbot, window, sample_paths, label, vocab):
    load_corpus(qtbot, window, sample_paths)
    entry = train(qtbot, window, label, vocab)
    assert entry is not None and entry.history is not None
    set_text(qtbot, window, TEXT)
    expected = entry.tokenizer.encode(TEXT)
    model = window.offsets_pane.model
    assert model.rowCount() == len(expected)
    for row in range(model.rowCount()):
        r = model.record_at(row)
        assert (r.id, r.token, (r.start, r.end), r.word_id) == (
            expected.ids[row], expected.tokens[row], tuple(expected.offsets[row]),
            expected.word_ids[row])
        assert r.slice == TEXT[r.start:r.end]
    assert window.encoding_pane.view.encoding.ids == expected.ids
    # the training plot got one point per merge (or per Unigram round)
    assert window.training_pane.plot.n_points == len(entry.history.records)


def test_select_merge_highlights_tokens_built_with_it(qtbot, window, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    show_dock(qtbot, window, "merges")  # the merge history beside the encoding
    entry = train(qtbot, window, "Byte-level BPE (GPT-2)", 500)
    set_text(qtbot, window, "the other theatre thesis")
    encoding = window.session.encoding
    graph = MergeGraph.of(entry.tokenizer, entry.history)
    # the first merge used by some token of the text
    rank = min(r for tok in encoding.tokens for r in graph.lineage(tok).ranks())
    pane = window.merges_pane
    row = pane.merges_model.view_row(rank)
    with qtbot.waitSignal(window.selection.changed, timeout=2000):
        pane.table.selectionModel().select(
            pane.merges_model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
    expected = set(merges_used_by(encoding, graph, rank))
    assert expected
    assert window.selection.current.merge_rank == rank
    assert set(window.encoding_pane.view.highlighted) == expected
    offsets_model = window.offsets_pane.model
    painted = {i for i in range(offsets_model.rowCount())
               if offsets_model.data(offsets_model.index(offsets_model.view_row(i), 0),
                                     Qt.ItemDataRole.BackgroundRole) is not None}
    assert painted == expected


def test_select_token_shows_tree_and_jumps_to_its_merge(qtbot, window, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    show_dock(qtbot, window, "merges")  # the merge history beside the encoding
    entry = train(qtbot, window, "BPE with </w> (Sennrich)", 900)
    set_text(qtbot, window, "the other theatre")
    encoding = window.session.encoding
    graph = MergeGraph.of(entry.tokenizer, entry.history)
    index = next(i for i, t in enumerate(encoding.tokens) if graph.creator(t) is not None)
    table = window.offsets_pane.table
    with qtbot.waitSignal(window.selection.changed, timeout=2000):
        table.selectRow(window.offsets_pane.model.view_row(index))
    assert window.selection.current.token_index == index
    assert window.encoding_pane.view.selected == {index}
    merges = window.merges_pane
    selected = merges.table.selectionModel().selectedRows()
    assert [merges.merges_model.record_at(i.row()).rank for i in selected] == [
        graph.creator(encoding.tokens[index])]
    assert merges.tree.topLevelItemCount() == 1
    assert merges.tree.topLevelItem(0).childCount() == 2


def test_token_view_click_selects_everywhere(qtbot, window, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    train(qtbot, window, "Byte-level BPE (GPT-2)", 400)
    set_text(qtbot, window, "abc 🙂")
    view = window.encoding_pane.view
    with qtbot.waitSignal(window.selection.changed, timeout=2000):
        view.token_clicked.emit(0)
    rows = window.offsets_pane.table.selectionModel().selectedRows()
    assert [window.offsets_pane.model.record_at(r.row()).index for r in rows] == [0]
    # the emoji is split into byte tokens that all report the same character
    emoji = len("abc ")
    assert len(view.tokens_at_char(emoji)) > 1


def test_replay_slider_steps_through_merges(qtbot, window, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    show_dock(qtbot, window, "merges")  # the merge history beside the encoding
    entry = train(qtbot, window, "BPE with </w> (Sennrich)", 900)
    set_text(qtbot, window, "lower newest")
    pane = window.merges_pane
    assert pane.slider.isEnabled() and pane.slider.maximum() == len(entry.history.merges)
    pane.slider.setValue(0)
    qtbot.waitUntil(lambda: pane.replay_view.encoding is not None
                    and len(pane.replay_view.encoding) == len("lowernewest"), timeout=3000)
    pane.slider.setValue(pane.slider.maximum())
    qtbot.waitUntil(lambda: pane.replay_view.encoding.tokens == window.session.encoding.tokens,
                    timeout=3000)


def test_cancel_keeps_the_previous_tokenizer(qtbot, window, sample_paths, big_corpus):
    load_corpus(qtbot, window, sample_paths)
    old = train(qtbot, window, "Byte-level BPE (GPT-2)", 400)
    load_corpus(qtbot, window, [big_corpus])
    pane = window.training_pane
    pane.algorithm_combo.setCurrentText("BPE with </w> (Sennrich)")
    pane.vocab_spin.setValue(20000)
    assert pane.start_training()
    qtbot.waitUntil(lambda: pane.progress.format() != "Counting words", timeout=20000)
    with qtbot.waitSignal(pane.training_finished, timeout=20000) as blocker:
        qtbot.mouseClick(pane.cancel_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [False]
    qtbot.waitUntil(lambda: not pane.is_training())
    assert window.session.current is old
    assert [e.name for e in window.session.entries] == [old.name]
    assert "cancelled" in pane.status_label.text()
    assert pane.train_button.isEnabled()


def test_malformed_tokenizer_json_shows_a_message(qtbot, window, sample_paths, tmp_path,
                                                  messages, monkeypatch):
    load_corpus(qtbot, window, sample_paths)
    old = train(qtbot, window, "Byte-level BPE (GPT-2)", 400)
    bad = tmp_path / "broken.json"
    bad.write_text('{"version": "1.0", "model": {"type": "BPE", "vocab": [1, 2', encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(bad), "")))
    window.findChild(QAction, "openTokenizerAction").trigger()
    qtbot.waitUntil(lambda: not file_actions.is_opening(window), timeout=10000)  # a worker reads it
    assert len(messages) == 1
    kind, title, text = messages[0]
    assert kind == "critical" and "tokenizer" in title.lower() and str(bad) in text
    assert window.session.current is old and len(window.session.entries) == 1


def test_save_and_reopen_tokenizer_and_history(qtbot, window, sample_paths, tmp_path,
                                               messages, monkeypatch):
    load_corpus(qtbot, window, sample_paths)
    entry = train(qtbot, window, "WordPiece — likelihood", 900)
    out, hist = tmp_path / "tok.json", tmp_path / "hist.jsonl"
    targets = iter([str(out), str(hist)])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (next(targets), "")))
    window.findChild(QAction, "saveTokenizerAction").trigger()
    window.findChild(QAction, "saveHistoryAction").trigger()
    assert json.loads(out.read_text(encoding="utf-8"))["model"]["type"] == "WordPiece"
    assert hist.read_text(encoding="utf-8").count("\n") == len(entry.history.records) + 1
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(out), "")))
    window.findChild(QAction, "openTokenizerAction").trigger()
    qtbot.waitUntil(lambda: not file_actions.is_opening(window), timeout=10000)  # a worker reads it
    assert messages == []
    reopened = window.session.current
    assert reopened is not entry and reopened.algorithm == "file"
    set_text(qtbot, window, TEXT)
    assert window.session.encoding.ids == entry.tokenizer.encode(TEXT).ids
    # a switch back through the session list works too
    window.session.set_current(entry.name)
    assert window.tokenizers_pane.combo.currentText() == entry.name


def test_unreadable_corpus_keeps_the_previous_one(qtbot, window, sample_paths, tmp_path, messages):
    load_corpus(qtbot, window, sample_paths)
    before = window.session.corpus
    empty = tmp_path / "empty.txt"
    empty.write_text("   \n\n", encoding="utf-8")
    assert window.corpus_pane.load_paths([str(empty)])
    qtbot.waitUntil(lambda: not window.corpus_pane.is_loading(), timeout=10000)
    assert messages and messages[0][0] == "critical" and "empty" in messages[0][2]
    assert window.session.corpus is before


def test_reading_options_choose_the_json_field_for_every_pane(qtbot, window, tmp_path):
    records = [{"title": "ignoredheading", "content": f"zebra quagga okapi {i}"} for i in range(40)]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=30000):
        assert window.corpus_pane.load_paths([str(path)], field="content", column=2)
    corpus = window.session.corpus
    assert corpus.options == {"field": "content", "column": 2}
    assert "zebra" in corpus.word_counts and "ignoredheading" not in corpus.word_counts
    assert next(corpus.corpus().iter_documents()).startswith("zebra")  # what the panes reread
    entry = train(qtbot, window, "Byte-level BPE (GPT-2)", 300)
    assert "ignoredheading" not in entry.tokenizer.get_vocab()  # the child read "content" too
    assert entry.tokenizer.encode("zebra").tokens == ["zebra"]


def test_settings_are_remembered(qtbot, settings, sample_paths):
    from app import create_main_window

    first = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(first)
    first.training_pane.algorithm_combo.setCurrentText("Unigram (SentencePiece)")
    first.training_pane.vocab_spin.setValue(777)
    first.session.set_text("remember me")
    first.close()
    second = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(second)
    assert second.training_pane.algorithm_combo.currentText() == "Unigram (SentencePiece)"
    assert second.training_pane.vocab_spin.value() == 777
    assert second.session.text == "remember me"



def test_groupings_match_core_aggregation_and_iob_alignment(qtbot, window, sample_paths):
    from subword_core.analysis import token_scores
    from subword_core.analysis.labels import aggregate, align_sentence, read_conll, summarize, two_class_scores

    load_corpus(qtbot, window, sample_paths)
    entry = train(qtbot, window, "BPE with </w> (Sennrich)", 900)
    set_text(qtbot, window, "the lowest newest theatre")
    pane = window.groupings_pane
    pane.source_combo.setCurrentIndex(pane.source_combo.findData("merge_rank"))
    encoding = window.session.encoding
    values = token_scores(encoding, "merge_rank", graph=entry.merge_graph())
    vectors, labels = two_class_scores(values)
    for strategy in ("none", "simple", "first", "average", "max"):
        pane.aggregation_combo.setCurrentText(strategy)
        expected = aggregate(window.session.text, encoding, vectors, labels, strategy)
        shown = [pane.model.record_at(r) for r in range(pane.model.rowCount())]
        assert sorted(shown, key=lambda g: g.start) == expected, strategy
    # selecting a group selects its span everywhere
    pane.view.selectRow(0)
    first = pane.model.record_at(0)
    assert window.selection.current.span == (first.start, first.end)
    # IOB mode on the bundled sample
    pane.mode_combo.setCurrentIndex(1)
    assert pane.file_combo.currentText() == "sample_iob2.conll"
    pane.align_combo.setCurrentIndex(pane.align_combo.findData("all"))
    sentences = read_conll(pane.file_combo.currentData())
    expected = summarize([align_sentence(s, entry.tokenizer, "all", "IOB2") for s in sentences])
    assert f"{expected.entities} entities" in pane.iob_note.text()
    assert pane.alignment_view.tokens_model.rowCount() > 0
    assert pane.alignment_view.entities_model.rowCount() > 0


def test_drop_a_corpus_file(qtbot, window, sample_paths):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(sample_paths[0])])
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        window.corpus_pane.dropEvent(event)
    assert window.session.corpus.paths == [sample_paths[0]]
    assert window.corpus_pane.model.rowCount() == window.session.corpus.report.unique_words
