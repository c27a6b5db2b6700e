"""The GUI-thread guard of tests/app/conftest.py catches heavy app work on the GUI thread,
and only that (another thread, a test's own core calls and small inputs pass)."""

from __future__ import annotations

import threading

import pytest

from app.session import TokenizerEntry
from gui_thread_guard import MAX_MERGES, Guard
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer

pytestmark = pytest.mark.heavy_on_gui_thread("checks the guard itself")


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


def test_app_code_building_a_big_merge_graph_here_is_caught(guard):
    TokenizerEntry("big", _bpe(MAX_MERGES + 1)).merge_graph()
    assert len(guard.violations) == 1
    assert "merge graph" in guard.violations[0] and "app/session.py" in guard.violations[0]


def test_the_same_in_a_worker_thread_passes(guard):
    entry = TokenizerEntry("big", _bpe(MAX_MERGES + 1))
    thread = threading.Thread(target=entry.merge_graph)
    thread.start()
    thread.join()
    assert entry.graph is not None and guard.violations == []


def test_small_inputs_and_a_tests_own_core_calls_pass(guard):
    TokenizerEntry("small", _bpe(50)).merge_graph()
    big = _bpe(MAX_MERGES + 1)
    Tokenizer.from_str(big.to_str())  # the test itself, not the app: allowed
    assert guard.violations == []


def test_app_code_serializing_a_big_tokenizer_is_caught(guard, tmp_path):
    from app.session_store import _record

    entry = TokenizerEntry("trained", _bpe(MAX_MERGES + 1), algorithm="bpe")
    _record(entry, tmp_path)  # writes the tokenizer.json of a trained tokenizer
    assert any("to_str" in v and "app/session_store.py" in v for v in guard.violations)
