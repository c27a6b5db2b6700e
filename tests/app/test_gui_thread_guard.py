"""The GUI-thread guard of tests/app/conftest.py catches heavy app work on the GUI thread,
and only that (another thread, a test's own core calls and small inputs pass); and the
window keeps a big trained tokenizer for the next session without tripping it."""

from __future__ import annotations

import threading

import pytest

from app.session import TokenizerEntry
from gui_thread_guard import MAX_MERGES, Guard
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer

#: the tests that check the guard itself do heavy work on the GUI thread on purpose
checks_the_guard = pytest.mark.heavy_on_gui_thread("checks the guard itself")


def _bpe(n_merges: int) -> Tokenizer:
    vocab = {f"a{i}": i for i in range(n_merges + 1)}
    merges = [(f"a{i}", f"a{i + 1}") for i in range(n_merges)]
    vocab.update({a + b: len(vocab) + k for k, (a, b) in enumerate(merges)})
    return Tokenizer(BPE(vocab, merges))


@pytest.fixture
def guard(monkeypatch):
    guard = Guard()
    guard.install(monkeypatch)
    return guard


@checks_the_guard
def test_app_code_building_a_big_merge_graph_here_is_caught(guard):
    TokenizerEntry("big", _bpe(MAX_MERGES + 1)).merge_graph()
    assert len(guard.violations) == 1
    assert "merge graph" in guard.violations[0] and "app/session.py" in guard.violations[0]


@checks_the_guard
def test_the_same_in_a_worker_thread_passes(guard):
    entry = TokenizerEntry("big", _bpe(MAX_MERGES + 1))
    thread = threading.Thread(target=entry.merge_graph)
    thread.start()
    thread.join()
    assert entry.graph is not None and guard.violations == []


@checks_the_guard
def test_small_inputs_and_a_tests_own_core_calls_pass(guard):
    TokenizerEntry("small", _bpe(50)).merge_graph()
    big = _bpe(MAX_MERGES + 1)
    Tokenizer.from_str(big.to_str())  # the test itself, not the app: allowed
    assert guard.violations == []


@checks_the_guard
def test_app_code_serializing_a_big_tokenizer_is_caught(guard, tmp_path):
    from app.session_store import _write_stored

    entry = TokenizerEntry("trained", _bpe(MAX_MERGES + 1), algorithm="bpe")
    _write_stored(entry, tmp_path)  # the close path's last resort, in the calling thread
    assert any("to_str" in v and "app/session_store.py" in v for v in guard.violations)


def test_keeping_a_big_trained_tokenizer_serializes_it_off_the_gui_thread(qtbot, window,
                                                                         settings):
    """Issue 20: the session's manifest wrote each trained tokenizer's tokenizer.json on
    the GUI thread (at close, at View > Language). No opt-out marker here: the guard fails
    this test if the window serializes it on the GUI thread."""
    import json

    big = _bpe(MAX_MERGES + 1)
    window.session.add_tokenizer(TokenizerEntry("trained", big, algorithm="bpe"))
    window.save_settings()  # what closing and View > Language do
    entry = window.session.entry("trained")
    manifest = json.loads(settings.value("session"))
    assert [r["path"] for r in manifest["tokenizers"]] == [entry.stored_path]
    assert Tokenizer.from_file(entry.stored_path).get_vocab() == big.get_vocab()


def test_a_manifest_names_a_trained_tokenizer_only_once_written(qtbot, window, settings):
    import json

    window.session.add_tokenizer(TokenizerEntry("trained", _bpe(50), algorithm="bpe"))
    store = window._tokenizer_store
    assert store.pending  # being written in the pool
    window._save_session()
    pending = json.loads(settings.value("session"))
    assert pending["tokenizers"] == []
    qtbot.waitUntil(lambda: not store.pending, timeout=30000)
    assert [r["name"] for r in json.loads(settings.value("session"))["tokenizers"]] == ["trained"]


def test_closing_waits_for_a_write_still_running(qtbot, window, settings):
    import json

    window.session.add_tokenizer(TokenizerEntry("trained", _bpe(50), algorithm="bpe"))
    assert window._tokenizer_store.pending
    window.save_settings()  # at once, as quitting right after training does
    records = json.loads(settings.value("session"))["tokenizers"]
    assert [r["name"] for r in records] == ["trained"]
    assert Tokenizer.from_file(records[0]["path"]).get_vocab_size() == 51 + 50


@checks_the_guard
def test_app_code_measuring_a_big_vocabulary_here_is_caught(qtbot, monkeypatch,
                                                            _gui_thread_guard):
    from app.panes import stats_pane
    from app.selection import SelectionModel
    from app.session import Session

    session = Session()
    session.add_tokenizer(TokenizerEntry("big", _bpe(MAX_MERGES + 1)))
    monkeypatch.setattr(stats_pane, "WORKER_VOCAB", 10**9)  # as if any vocabulary were small
    guard = _gui_thread_guard  # the test's own (the marker keeps it from failing the test)
    pane = stats_pane.StatsPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.show()
    session.set_current("big")
    assert any("length histogram" in v and "app/panes/stats_pane.py" in v
               for v in guard.violations)
    pane.shutdown()
    session.shutdown()


def test_compare_and_statistics_measure_a_big_vocabulary_in_the_pool(qtbot):
    """Issue 20: the Compare overlaps and the Statistics histograms walked every token in
    the window's process. No opt-out marker: the guard fails this test if they do."""
    from app.panes.compare_pane import ComparePane
    from app.panes.stats_pane import StatsPane
    from app.selection import SelectionModel
    from app.session import Session

    session = Session()
    big = _bpe(MAX_MERGES + 1)
    for name in ("big", "other"):
        session.add_tokenizer(TokenizerEntry(name, big))
    session.set_text("a0a1 a2")
    stats = StatsPane(session, SelectionModel())
    compare = ComparePane(session, SelectionModel())
    for pane in (stats, compare):
        qtbot.addWidget(pane)
        pane.show()
    with qtbot.waitSignals([stats.vocab_job.returned, compare.text_job.returned],
                           timeout=60000):
        session.set_current("big")
        compare.set_compared(["big", "other"])
    qtbot.waitUntil(lambda: bool(stats.bins) and bool(compare.overlap_model.records),
                    timeout=60000)
    assert compare.overlap_model.records[0].shared == big.get_vocab_size() > MAX_MERGES
    for pane in (stats, compare):
        pane.shutdown()
    session.shutdown()
