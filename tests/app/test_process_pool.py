"""The window's process pool: jobs run in warm spawned processes, are relayed like a
GeneratorWorker's, can be aborted, and the opening and restoring of tokenizers use it."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QWidget

import pool_test_jobs as jobs
from app import file_actions
from app.process_pool import PoolWorker, ProcessPool, pool_for
from app.session import Session
from app.workers import WorkerHandle
from subword_core import pre_tokenizers
from subword_core.formats import open_tokenizer
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer


class _Run:
    """Collect a PoolWorker's signals."""

    def __init__(self, qtbot, pool, target, args=(), finish=None):
        self.events, self.values, self.errors, self.aborted = [], [], [], []
        self.worker = PoolWorker(pool, target, args, finish=finish)
        self.worker.yielded.connect(self.events.extend)
        self.worker.returned.connect(self.values.append)
        self.worker.errored.connect(self.errors.append)
        self.worker.aborted.connect(lambda: self.aborted.append(True))
        self.done = []
        self.worker.finished.connect(lambda: self.done.append(True))
        self.handle = WorkerHandle(self.worker)
        self.handle.start()
        self.qtbot = qtbot

    def wait(self, timeout=60000):
        self.qtbot.waitUntil(lambda: bool(self.done), timeout=timeout)
        self.handle.stop()


@pytest.fixture
def pool():
    pool = ProcessPool(size=1)
    yield pool
    pool.shutdown()


def test_jobs_run_in_a_reused_process(qtbot, pool):
    first = _Run(qtbot, pool, jobs.count_job, (5,))
    first.wait()
    assert first.events == [0, 1, 2, 3, 4] and first.errors == []
    pid, n = first.values[0]
    assert pid != os.getpid() and n == 5
    second = _Run(qtbot, pool, jobs.count_job, (2,), finish=lambda value: ("finished", value))
    second.wait()
    assert second.values == [("finished", (pid, 2))]  # the same warm process
    assert pool.process_count == 1


def test_a_failing_job_reports_its_error_and_the_process_stays(qtbot, pool):
    failed = _Run(qtbot, pool, jobs.failing_job, ("bad input",))
    failed.wait()
    assert failed.values == [] and "ValueError: bad input" in failed.errors[0]
    again = _Run(qtbot, pool, jobs.count_job, (1,))
    again.wait()
    assert again.values and pool.process_count == 1


def test_abort_stops_a_job_that_listens(qtbot, pool):
    run = _Run(qtbot, pool, jobs.slow_job)
    qtbot.waitUntil(lambda: bool(run.events), timeout=60000)
    run.worker.abort()
    run.wait()
    # the job saw the cancel and returned, or the child closed it first
    assert run.aborted or run.values == ["stopped"]
    assert run.errors == []
    after = _Run(qtbot, pool, jobs.count_job, (1,))
    after.wait()
    assert after.values[0][0] == run.events[0]  # the process was kept: it stopped in time


def test_abort_ends_a_job_that_does_not_listen(qtbot, pool, monkeypatch):
    monkeypatch.setattr(PoolWorker, "ABORT_GRACE_S", 0.2)
    run = _Run(qtbot, pool, jobs.stubborn_job)
    qtbot.waitUntil(lambda: bool(run.events), timeout=60000)
    run.worker.abort()
    run.wait()
    assert run.aborted
    after = _Run(qtbot, pool, jobs.count_job, (1,))
    after.wait()
    assert after.values[0][0] != run.events[0]  # a new process replaced the stuck one


def test_a_job_whose_process_the_pool_ends_finishes_its_thread(qtbot, pool):
    """The pool shutting down sets the cancel event, then terminates its busy processes: the
    job's pipe is then at end of file, where poll() is always True. The relay used to read
    EOF again and again (its liveness check sits behind a False poll), so the thread never
    ended and every later test waited a minute for it."""
    run = _Run(qtbot, pool, jobs.stubborn_job)
    qtbot.waitUntil(lambda: bool(run.events), timeout=60000)
    pool.shutdown()  # cancel set, then terminate: before the worker hears any abort
    qtbot.waitUntil(lambda: bool(run.done), timeout=30000)
    assert run.errors and run.values == []
    run.worker.abort()  # (an abort after the end changes nothing)
    run.handle.stop()


def test_a_shut_down_pool_runs_nothing(qtbot, pool):
    pool.shutdown()
    run = _Run(qtbot, pool, jobs.count_job, (1,))
    run.wait()
    assert run.values == [] and (run.errors or run.aborted)


def _tokenizer_json(tmp_path):
    vocab = {c: i for i, c in enumerate("abcdehlowr ")}
    vocab.update({"lo": 11, "low": 12})
    tok = Tokenizer(BPE(vocab, [("l", "o"), ("lo", "w")]))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    return path


def test_a_job_sends_parts_ahead_of_the_tuple_it_returns(qtbot, pool):
    run = _Run(qtbot, pool, jobs.parts_job)
    run.wait()
    assert run.errors == [] and len(run.values) == 1
    (tag, pid), second, last = run.values[0]
    assert (tag, second, last) == ("ahead", "second", "last") and pid != os.getpid()


def test_opening_sends_the_bpe_tables_ahead_and_prepares_them_in_the_worker_thread(
        qtbot, pool, tmp_path):
    """The window's thread builds the vocabulary's dicts and the pair ranks while the pool
    process still reads; the tokenizer that arrives last takes them as they are."""
    from app import pool_jobs
    from subword_core.models.shipping import ShippedMerges, ShippedVocab

    path = _tokenizer_json(tmp_path)
    prepared = []

    def finish(value):  # in the worker thread, as file_actions._finish_open
        vocab, merges, _ = value
        prepared.append((vocab._tables is not None, merges._pair_rank is not None))
        return file_actions._finish_open(value)

    run = _Run(qtbot, pool, pool_jobs.open_job, (str(path), {}), finish=finish)
    run.wait()
    assert run.errors == [] and prepared == [(True, True)]
    opened, expected = run.values[0], open_tokenizer(path)
    assert isinstance(opened._model._shipped["vocab"], ShippedVocab)
    assert isinstance(opened._model._shipped["merges"], ShippedMerges)
    assert "_pair_rank" in vars(opened.model)  # prepared ahead, or by the warm-up
    assert opened.model.merges == expected.model.merges
    assert opened.encode("lower low").ids == expected.encode("lower low").ids


def test_opening_parses_in_a_pool_process_not_here(qtbot, tmp_path, monkeypatch):
    """No thread of the GUI process parses the file: parsing here would fail."""
    path = _tokenizer_json(tmp_path)
    expected = open_tokenizer(path).encode("lower low").ids

    def refuse(*_a, **_k):
        raise AssertionError("tokenizer.json parsed in the GUI process")
    monkeypatch.setattr(Tokenizer, "from_str", classmethod(refuse))
    monkeypatch.setattr(Tokenizer, "to_str", refuse)
    parent = QWidget()
    qtbot.addWidget(parent)
    session = Session()
    assert file_actions.open_tokenizer(parent, session, str(path))
    qtbot.waitUntil(lambda: not file_actions.is_opening(parent), timeout=60000)
    assert [e.name for e in session.entries] and session.current.source == str(path)
    assert session.current.tokenizer.encode("lower low").ids == expected
    assert pool_for(parent).process_count >= 1
    session.shutdown()


def test_restore_reads_in_pool_processes_in_order(qtbot, tmp_path, monkeypatch, settings):
    """A restart brings the tokenizers back in their order, read in the pool."""
    from app import create_main_window
    from app.session_store import SessionRestore

    paths = []
    for name in ("one", "two", "three"):
        folder = tmp_path / name
        folder.mkdir()
        paths.append(_tokenizer_json(folder))
    records = [{"name": f"tok {i}", "kind": "file", "path": str(p), "algorithm": "file",
                "source": str(p), "options": {}} for i, p in enumerate(paths)]
    records.insert(1, {"name": "missing", "kind": "file", "path": str(tmp_path / "gone.json")})

    def refuse(*_a, **_k):
        raise AssertionError("tokenizer parsed in the GUI process")
    monkeypatch.setattr(Tokenizer, "from_str", classmethod(refuse))
    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    handed: list = []
    restore = SessionRestore(window, records)
    restore.yielded.connect(handed.extend)
    done = []
    restore.finished.connect(lambda: done.append(True))
    restore.start()
    qtbot.waitUntil(lambda: bool(done), timeout=60000)
    assert [r.record["name"] for r in handed] == ["tok 0", "missing", "tok 1", "tok 2"]
    assert handed[1].entry is None and "is gone" in handed[1].error
    assert all(r.entry is not None for r in handed if r.record["name"] != "missing")
    window.shutdown()


def test_warm_up_builds_the_merge_ranks_even_when_no_merge_is_needed():
    """The first encoding on the GUI thread must not build a BPE model's pair -> rank dict
    (280k pairs for Llama 3): the worker thread's warm-up builds it."""
    import pickle

    from app import pool_jobs

    vocab = {c: i for i, c in enumerate("Helo,wrd!ab")}
    vocab["ab"] = len(vocab)
    tok = pickle.loads(pickle.dumps(Tokenizer(BPE(vocab, [("a", "b")]))))
    assert "_pair_rank" not in tok.model.__dict__
    pool_jobs.warm_up(tok)
    assert "_pair_rank" in tok.model.__dict__


def test_window_shutdown_stops_every_pane_with_workers_and_the_pool(qtbot, settings):
    """A pane's worker left running when its window is deleted destroys a running QThread
    (the program aborts): shutdown must reach every pane that has workers."""
    from app import create_main_window

    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    pool = pool_for(window)
    stopped = []
    for pane in window.findChildren(QWidget):
        if type(pane).__name__.endswith("Pane") and hasattr(pane, "shutdown"):
            original = pane.shutdown
            pane.shutdown = lambda _o=original, _p=pane: (stopped.append(_p), _o())
    window.shutdown()
    with_workers = [p for p in window.findChildren(QWidget)
                    if type(p).__name__.endswith("Pane") and hasattr(p, "shutdown")]
    assert {type(p).__name__ for p in with_workers} <= {type(p).__name__ for p in stopped}
    qtbot.waitUntil(lambda: pool.closed)  # its processes end in a thread of their own


def test_the_opening_process_keeps_the_tokenizer_for_the_views_jobs(tmp_path, monkeypatch):
    """A view's job right after an open (the merge index) does not parse the file again."""
    from app import analysis_jobs, pool_jobs
    from app.session import TokenizerEntry

    path = tmp_path / "tokenizer.json"
    Tokenizer(BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")])).save(str(path))
    job = pool_jobs.open_job(str(path), {}, lambda: False)
    next(job)
    with pytest.raises(StopIteration) as done:
        next(job)
    opened = done.value.value
    monkeypatch.setattr(analysis_jobs, "_read", lambda ref: pytest.fail("read again"))
    entry = TokenizerEntry("t", opened, algorithm="file", source=str(path),
                           options={"open": {}})
    assert analysis_jobs.tokenizer_of(analysis_jobs.tokenizer_ref(entry))[0] is opened


def test_a_tokenizer_the_opening_process_displaces_is_freed_after_the_job(monkeypatch):
    """Freeing Llama 3's tables takes tens of milliseconds: not while the window waits."""
    import gc
    import weakref

    from app import analysis_jobs

    monkeypatch.setattr(analysis_jobs, "_TOKENIZERS", type(analysis_jobs._TOKENIZERS)())
    monkeypatch.setattr(analysis_jobs, "CACHED_TOKENIZERS", 2)
    made = [Tokenizer(BPE({"a": 0}, [])) for _ in range(4)]
    gone = [weakref.ref(t) for t in made]
    analysis_jobs.keep_tokenizer("one", made[0])
    analysis_jobs.keep_tokenizer("one", made[1])  # the same file opened again
    analysis_jobs.keep_tokenizer("two", made[2])
    analysis_jobs.keep_tokenizer("three", made[3])  # "one" is the least recently used
    del made
    gc.collect()
    assert [ref() is not None for ref in gone] == [True, True, True, True]
    assert [key for key in analysis_jobs._TOKENIZERS] == ["two", "three"]
    analysis_jobs.free_displaced()
    gc.collect()
    assert [ref() is not None for ref in gone] == [False, False, True, True]


def _alive(pid: int) -> bool:
    """A process ``pid`` that runs (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
@pytest.mark.parametrize("where", ["pool", "train"])
def test_shutdown_during_a_nested_pool_leaves_no_process_and_prints_nothing(where):
    """A pool process (or the training child) running ``ordered_pool_map`` (the corpus
    passes, the word counts) that is terminated ends its own workers first: none is orphaned to die writing into a closed pipe (a
    BrokenPipeError traceback per worker when the window closed), and no semaphore of its
    pool leaks (the resource tracker's warning at exit)."""
    import json
    import subprocess
    import sys
    import time
    from pathlib import Path

    here = Path(__file__).parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(here), str(here.parents[1])]))
    run = subprocess.run([sys.executable, str(here / "pool_exit_script.py"), where], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    nested = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(nested) == 2
    deadline = time.monotonic() + 10
    while any(map(_alive, nested)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in nested if _alive(pid)]
    assert "Traceback" not in run.stderr and "leaked" not in run.stderr, run.stderr


def test_pool_processes_run_niced_so_the_window_wins_a_busy_machine(qtbot, pool):
    from app.workers import CHILD_NICENESS, HELPER_NICENESS

    run = _Run(qtbot, pool, jobs.niceness_job)
    run.wait()
    # more than a training's child: the pool's jobs exist for the window
    assert HELPER_NICENESS > CHILD_NICENESS
    assert run.values == [max(HELPER_NICENESS, os.nice(0))]
