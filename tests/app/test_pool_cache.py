"""Tokenizers in pool jobs are sent to each pool process once, then named by fingerprint
(app.pool_cache): the process keeps them, the window knows what each process holds."""

from __future__ import annotations

import os
import pickle

import pool_test_jobs as jobs
import pytest

from app import pool_cache
from app.pool_cache import HELD_PER_PROCESS, caching_worker, carried, carried_all
from app.pool_jobs import HASHED_HERE_FROM
from app.process_pool import ProcessPool
from app.workers import WorkerHandle
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer


def _tokenizer(extra: str) -> Tokenizer:
    return Tokenizer(BPE({"a": 0, "b": 1, "ab": 2, extra: 3}, [("a", "b")]))


class _Run:
    def __init__(self, qtbot, pool, target, args):
        self.values, self.errors, self.done = [], [], []
        self.worker = caching_worker(pool, target, args)
        self.worker.returned.connect(self.values.append)
        self.worker.errored.connect(self.errors.append)
        self.worker.finished.connect(lambda: self.done.append(True))
        self.handle = WorkerHandle(self.worker)
        self.handle.start()
        qtbot.waitUntil(lambda: bool(self.done), timeout=60000)
        self.handle.stop()
        assert self.errors == []


@pytest.fixture
def pool():
    pool = ProcessPool(size=1)
    yield pool
    pool.shutdown()


def test_a_tokenizer_travels_whole_once_per_process(qtbot, pool):
    tok = _tokenizer("x")
    first = _Run(qtbot, pool, jobs.held_job, (carried_all({"t": tok}),)).values[0]
    pid, sizes, traffic = first
    assert pid != os.getpid() and sizes == {"t": 4}
    assert traffic == {"arrived": 1, "recalled": 0}
    # an equal tokenizer (another object, the same fingerprint) is not sent again either
    again = _Run(qtbot, pool, jobs.held_job, (carried_all({"t": tok, "u": _tokenizer("x")}),))
    assert again.values[0] == (pid, {"t": 4, "u": 4}, {"arrived": 1, "recalled": 2})


def test_the_window_and_the_process_forget_the_same_tokenizers(qtbot, pool):
    toks = [_tokenizer(f"x{i}") for i in range(HELD_PER_PROCESS + 1)]
    for tok in toks:  # one more than a process keeps: the first is forgotten on both sides
        _Run(qtbot, pool, jobs.held_job, ({"t": carried(tok)},))
    pid, _, before = _Run(qtbot, pool, jobs.held_job, ({"t": carried(toks[-1])},)).values[0]
    assert before == {"arrived": len(toks), "recalled": 1}
    pid_after, sizes, after = _Run(qtbot, pool, jobs.held_job, ({"t": carried(toks[0])},)).values[0]
    assert pid_after == pid and sizes == {"t": 4}  # sent whole again, no error
    assert after == {"arrived": len(toks) + 1, "recalled": 1}


def test_a_job_pickles_a_held_tokenizer_as_its_fingerprint():
    tok = _tokenizer("y")
    process = type("FakeProcess", (), {})()
    pool_cache._SENDING.mirror = pool_cache.mirror_of(process)
    try:
        whole = pickle.dumps(carried(tok))
        named = pickle.dumps(carried(tok))
    finally:
        pool_cache._SENDING.mirror = None
    assert len(named) < 200 < len(whole)
    assert pickle.loads(whole).get_vocab() == tok.get_vocab()  # kept in this "process"
    assert pickle.loads(named) is pool_cache._HELD[carried(tok).key]
    # without a destination (a plain PoolWorker), a tokenizer always travels whole
    assert len(pickle.dumps(carried(tok))) == len(whole)
    pool_cache._HELD.clear()


def test_a_tokenizer_sent_whole_is_pickled_in_small_parts(monkeypatch):
    """One pickle call for a whole Llama 3 held the sending thread's GIL (the window's)
    for 60+ ms; its parts, a vocabulary list in chunks, take a few ms each. (A vocabulary
    travels as one joined string unless a token holds the separator, NUL here: then as a
    list, which is chunked.)"""
    from subword_core.models import BPE
    from subword_core.tokenizer import Tokenizer

    tokens = ["\x00", " ", *"abcdefghijklmnopqrstuvwxyz", *(f"w{i}" for i in range(300))]
    tok = Tokenizer(BPE({t: i for i, t in enumerate(tokens)}, [], unk_token=" "))
    calls = []
    dumps = pickle.dumps

    def counted(value, *a, **k):
        calls.append(value)
        return dumps(value, *a, **k)
    monkeypatch.setattr(pool_cache, "_CHUNK", 64)
    monkeypatch.setattr(pool_cache.pickle, "dumps", counted)
    data = dumps(carried(tok))
    longest = max(len(v) for v in calls if isinstance(v, list))
    assert len(calls) > 10 and longest <= 64 < tok.get_vocab_size()
    back = pickle.loads(data)
    pool_cache._HELD.clear()
    assert back.get_vocab() == tok.get_vocab()
    assert back.encode("abc w7 \x00").ids == tok.encode("abc w7 \x00").ids


def test_a_tokenizer_is_pickled_once_for_both_pool_processes(monkeypatch):
    tok = _tokenizer("z")
    made = []
    in_parts = pool_cache._in_parts
    monkeypatch.setattr(pool_cache, "_in_parts", lambda t: made.append(t) or in_parts(t))
    first = pickle.dumps(carried(tok))  # to one process, then (whole again) to the other
    second = pickle.dumps(carried(tok))
    pool_cache._HELD.clear()
    assert first == second and made == [tok]


def _saved_tokenizer(tmp_path, extra: str):
    """A tokenizer big enough to be hashed in the pool (app.pool_jobs.HASHED_HERE_FROM)."""
    vocab = {"a": 0, "b": 1, "ab": 2, extra: 3}
    vocab.update((f"z{i}", 4 + i) for i in range(HASHED_HERE_FROM))
    path = tmp_path / f"{extra}.json"
    Tokenizer(BPE(vocab, [("a", "b")])).save(str(path))
    return path


BIG = 4 + HASHED_HERE_FROM


def _refuse_hashing_here(monkeypatch):
    """The pool process hashed the tables: this process must never do it (the digest came
    along with the pickle, subword_core.models.digest_memo)."""
    from subword_core.analysis.figures import fingerprint

    monkeypatch.setattr(fingerprint, "_tables_digest", lambda model: pytest.fail("hashed here"))


def test_the_process_that_opens_a_tokenizer_keeps_it_and_hashes_its_tables(
        qtbot, pool, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QWidget

    from app import file_actions
    from app.session import Session

    parent = QWidget()
    qtbot.addWidget(parent)
    parent._process_pool = pool  # the window's pool (app.process_pool.pool_for)
    session = Session()
    _refuse_hashing_here(monkeypatch)
    assert file_actions.open_tokenizer(parent, session, str(_saved_tokenizer(tmp_path, "o")))
    qtbot.waitUntil(lambda: not file_actions.is_opening(parent), timeout=60000)
    opened = session.current.tokenizer
    assert opened.get_vocab_size() == BIG
    pid, sizes, traffic = _Run(qtbot, pool, jobs.held_job, ({"t": carried(opened)},)).values[0]
    assert sizes == {"t": BIG} and traffic == {"arrived": 0, "recalled": 1}
    session.shutdown()


def test_the_process_that_restores_a_tokenizer_keeps_it_and_hashes_its_tables(
        qtbot, pool, tmp_path, monkeypatch):
    from PySide6.QtCore import QObject

    from app.session_store import SessionRestore

    owner = QObject()
    owner._process_pool = pool
    records = [{"name": name, "kind": "file", "path": str(_saved_tokenizer(tmp_path, name)),
                "algorithm": "file", "options": {}} for name in ("r1", "r2")]
    _refuse_hashing_here(monkeypatch)
    handed, done = [], []
    restore = SessionRestore(owner, records)
    restore.yielded.connect(handed.extend)
    restore.finished.connect(lambda: done.append(True))
    restore.start()
    qtbot.waitUntil(lambda: bool(done), timeout=60000)
    toks = {r.record["name"]: r.entry.tokenizer for r in handed}
    _, sizes, traffic = _Run(qtbot, pool, jobs.held_job, (carried_all(toks),)).values[0]
    assert sizes == {"r1": BIG, "r2": BIG} and traffic == {"arrived": 0, "recalled": 2}
