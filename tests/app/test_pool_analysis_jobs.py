"""The Vocabulary, Windows and Groupings views compute in the window's process pool.

Issue 20: a worker thread running pure Python in the window's process holds the GIL and
starves the event loop. These views' jobs (app.analysis_jobs) run in the pool's processes;
each test checks that the core call does not run in this process (on any thread, made by the
app: ``gui_thread_guard.calls_in_this_process``) and that the view shows what the core
computes here directly.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from gui_thread_guard import calls_in_this_process
from subword_core import analysis, labels, vocabulary, windows
from subword_core.analysis import MergeGraph
from subword_core.tokenizer import Tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

WORDS = Counter("the lowest newest theatre is the lowest of the low 한국어 café 🙂 naïve "
                "lower widest other thesis".split() * 3)


@pytest.fixture
def gpt2_file(tmp_path):
    path = tmp_path / "gpt2" / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(tokenizer_json("gpt2"), encoding="utf-8")
    return path


@pytest.fixture
def session(gpt2_file):
    s = Session()
    tok = Tokenizer.from_file(str(gpt2_file))
    s.add_tokenizer(TokenizerEntry("gpt2", tok, algorithm="file", source=str(gpt2_file),
                                   options={"open": {}}))
    s.set_text("the lowest 한국어 café 🙂")
    yield s
    s.shutdown()


@pytest.fixture
def in_this_process(monkeypatch):
    return calls_in_this_process(monkeypatch, [
        (vocabulary, "iter_vocab_table"), (vocabulary, "iter_token_usage"),
        (windows, "encode_windows"), (windows, "window_pieces"),
        (analysis, "iter_token_frequencies"), (MergeGraph, "of"), (MergeGraph, "from_bpe"),
        (labels, "aggregate"),
    ])


def _shown(qtbot, pane):
    qtbot.addWidget(pane)
    pane.resize(1000, 600)
    pane.show()
    qtbot.waitExposed(pane)
    return pane


def test_vocabulary_rows_merge_trees_and_usage_come_from_the_pool(qtbot, session,
                                                                  in_this_process):
    from app.panes.vocab_pane import VocabPane

    tok = session.tokenizer
    pane = _shown(qtbot, VocabPane(session, SelectionModel()))
    try:
        qtbot.waitUntil(lambda: len(pane.vocab) == tok.get_vocab_size(True), timeout=60000)
        assert in_this_process == []
        assert session.current.graph is None  # not built in this process
        graph = MergeGraph.of(tok)  # the test's own, after the view's rows
        assert pane.vocab == vocabulary.vocab_table(tok, graph)
        index = pane._merge_index()
        for token in ("Ġlowest", "Ġthe", "Ġnewest", "lower"):
            assert index.creator(token) == graph.creator(token)
            assert index.lineage(token) == graph.lineage(token)
        assert len(index) == len(graph)
        session.set_corpus(CorpusState(["<texts>"], None, dict(WORDS)))
        qtbot.waitUntil(lambda: pane.model.has_frequencies, timeout=60000)
        usage = vocabulary.token_usage(tok, WORDS)
        assert pane._usage.counts == usage.counts and pane._usage.words == usage.words
        for token_id in list(usage.counts)[:20]:
            assert pane._usage.words_using(token_id) == usage.words_using(token_id)
    finally:
        pane.shutdown()
    assert in_this_process == []


def test_windows_come_from_the_pool(qtbot, session, in_this_process):
    from app.panes.windows_pane import WindowsPane
    from app.widgets.windows_view import prepare_blocks

    text = "The quick brown fox, 한국어 문장 🙂 👨‍👩‍👧 café. " * 40
    session.set_text(text)
    pane = _shown(qtbot, WindowsPane(session, SelectionModel()))
    try:
        pane.question.setText("what is it?")
        pane.use_qa_settings()
        pane.max_length.setValue(48)
        pane.stride.setValue(8)
        settings = pane.settings()
        qtbot.waitUntil(lambda: pane.windows is not None
                        and pane.windows.settings == settings, timeout=60000)
        expected = windows.encode_windows(session.tokenizer, text, "what is it?", settings)
        assert pane.windows == expected and len(expected) > 3
        texts = {windows.QUESTION: "what is it?", windows.CONTEXT: text}
        pieces = [windows.window_pieces(w.encoding, texts) for w in expected.windows]
        blocks = prepare_blocks(expected, pieces, True)
        assert [(b.header, b.detail, [(c.piece, c.label, c.kind, c.color_key, c.shared)
                                      for c in b.cells]) for b in pane.view._blocks] == \
            [(b.header, b.detail, [(c.piece, c.label, c.kind, c.color_key, c.shared)
                                   for c in b.cells]) for b in blocks]
        assert pane.model.rowCount() == len(expected)
    finally:
        pane.shutdown()
    assert in_this_process == []


def test_groupings_merge_ranks_frequencies_and_groups_come_from_the_pool(qtbot, session,
                                                                          in_this_process):
    from app.panes.groupings_pane import GroupingsPane
    from app.panes.groupings_pane.pane import SYNC_TOKENS

    session.set_corpus(CorpusState(["<texts>"], None, dict(WORDS)))
    session.set_text("the lowest newest theatre, 한국어 café 🙂 naïve. " * 200)
    tok = session.tokenizer
    pane = _shown(qtbot, GroupingsPane(session, SelectionModel()))
    try:
        qtbot.waitUntil(lambda: pane.source_combo.findData("merge_rank") >= 0, timeout=60000)
        graph = MergeGraph.of(tok)
        enc = session.encoding
        assert len(enc) > SYNC_TOKENS
        assert analysis.token_scores(enc, "merge_rank", graph=pane._graph) == \
            analysis.token_scores(enc, "merge_rank", graph=graph)
        expected = {}
        for source in ("merge_rank", "frequency"):
            if source == "frequency":
                freq = analysis.token_frequencies(tok, WORDS)
            values = analysis.token_scores(enc, source, tokenizer=tok, graph=graph,
                                           frequencies=freq if source == "frequency" else None)
            vectors, names = labels.two_class_scores(values)
            for strategy in ("none", "simple", "max"):
                expected[source, strategy] = labels.aggregate(session.text, enc, vectors, names,
                                                              strategy)
        in_this_process.clear()  # the test's own calls above
        for source in ("merge_rank", "frequency"):
            pane.source_combo.setCurrentIndex(pane.source_combo.findData(source))
            for strategy in ("none", "simple", "max"):
                pane.aggregation_combo.setCurrentText(strategy)
                want = expected[source, strategy]
                qtbot.waitUntil(lambda w=want: pane.model.rowCount() == len(w), timeout=60000)
                shown = [pane.model.record_at(r) for r in range(pane.model.rowCount())]
                assert sorted(shown, key=lambda g: g.start) == want, (source, strategy)
        assert pane._frequencies[id(tok)] == freq
    finally:
        pane.shutdown()
    assert in_this_process == []


@pytest.mark.heavy_on_gui_thread("the test reads the refs here, as a pool process does")
def test_a_tokenizer_travels_as_its_file_its_stored_copy_or_itself(session, gpt2_file, tmp_path):
    import pickle

    from app.analysis_jobs import StaleTokenizerError, tokenizer_of, tokenizer_ref

    opened = session.current
    tok = opened.tokenizer
    stored = tmp_path / "trained.json"
    tok.save(str(stored))
    trained = TokenizerEntry("trained", tok, algorithm="byte-bpe", stored_path=str(stored))
    fresh = TokenizerEntry("fresh", tok, algorithm="byte-bpe")
    text = "the lowest 한국어 café 🙂"
    for entry, kind in ((opened, "file"), (trained, "stored"), (fresh, "pickle")):
        ref = tokenizer_ref(entry)
        assert ref.kind == kind
        sent = pickle.loads(pickle.dumps(ref))
        read, history = tokenizer_of(sent)
        assert read is not tok and history is None
        assert read.encode(text).ids == tok.encode(text).ids
        assert tokenizer_of(sent)[0] is read  # kept by the process
    assert tokenizer_ref(fresh).key == tokenizer_ref(fresh).key
    # a file that no longer holds the tokenizer opened from it says so
    small = tmp_path / "small" / "tokenizer.json"
    small.parent.mkdir()
    small.write_text(Tokenizer.from_str(tokenizer_json("bert-base-uncased")).to_str(),
                     encoding="utf-8")
    changed = TokenizerEntry("gpt2", tok, algorithm="file", source=str(small))
    with pytest.raises(StaleTokenizerError):
        tokenizer_of(pickle.loads(pickle.dumps(tokenizer_ref(changed))))
