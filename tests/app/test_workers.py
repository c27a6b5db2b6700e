"""GeneratorWorker: events arrive batched and in order, errors and aborts are reported, finished is last."""

from __future__ import annotations

import sys
import threading

import pytest

pytest.importorskip("PySide6")

from app.workers import GeneratorWorker, WorkerHandle  # noqa: E402


class Recorder:
    """Collects a worker's signals in the GUI thread (pytest-qt delivers them there)."""

    def __init__(self, worker: GeneratorWorker) -> None:
        self.order: list[str] = []
        self.events: list[object] = []
        self.batches = 0
        self.value = None
        self.error = ""
        worker.started.connect(lambda: self.order.append("started"))
        worker.yielded.connect(self._on_yielded)
        worker.returned.connect(self._on_returned)
        worker.errored.connect(self._on_errored)
        worker.aborted.connect(lambda: self.order.append("aborted"))
        worker.finished.connect(lambda: self.order.append("finished"))

    def _on_yielded(self, batch):
        self.batches += 1
        self.events.extend(batch)

    def _on_returned(self, value):
        self.order.append("returned")
        self.value = value

    def _on_errored(self, text):
        self.order.append("errored")
        self.error = text


def _run(qtbot, make_gen, **kw):
    handle = WorkerHandle(GeneratorWorker(make_gen, **kw))
    rec = Recorder(handle.worker)
    return handle, rec


def test_events_are_batched_and_value_returned(qtbot):
    def gen():
        for i in range(5000):
            yield i
        return "done"

    handle, rec = _run(qtbot, gen)
    with qtbot.waitSignal(handle.worker.finished, timeout=10000):
        handle.start()
    qtbot.waitUntil(lambda: "finished" in rec.order)
    handle.stop()
    assert rec.order == ["started", "returned", "finished"]
    assert rec.events == list(range(5000))
    assert rec.batches < 100  # batched on a time budget, never one signal per event
    assert rec.value == "done"


def test_error_is_reported_with_traceback(qtbot):
    def gen():
        yield 1
        raise ValueError("bad corpus")

    handle, rec = _run(qtbot, gen)
    with qtbot.waitSignal(handle.worker.finished, timeout=10000):
        handle.start()
    qtbot.waitUntil(lambda: "finished" in rec.order)
    handle.stop()
    assert rec.order == ["started", "errored", "finished"]
    assert "ValueError: bad corpus" in rec.error
    assert isinstance(handle.worker.error, ValueError)


def test_abort_mid_run_closes_the_generator(qtbot):
    running = threading.Event()
    closed = threading.Event()

    def gen():
        try:
            i = 0
            while True:
                running.set()
                yield i
                i += 1
        finally:
            closed.set()

    # CPython's default; app.main.ensure_app (run by any test that made a window) keeps 1 ms
    saved = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        handle, rec = _run(qtbot, gen)
        handle.start()
        qtbot.waitUntil(running.is_set)
        assert sys.getswitchinterval() == pytest.approx(0.001)
        with qtbot.waitSignal(handle.worker.finished, timeout=10000):
            handle.abort()
        qtbot.waitUntil(lambda: "finished" in rec.order)
        assert handle.stop()
        assert rec.order == ["started", "aborted", "finished"]
        assert closed.is_set()
        assert sys.getswitchinterval() == pytest.approx(0.005)  # put back as it was
    finally:
        sys.setswitchinterval(saved)


def test_a_thread_that_outlives_stop_is_kept_until_it_ends(qtbot):
    """Deleting the owner of a handle whose thread is still running must not destroy the
    QThread (Qt aborts the program then): the handle is adopted until the thread ends."""
    import threading

    from PySide6.QtCore import QObject

    from app import workers

    release, running = threading.Event(), threading.Event()

    def stubborn():
        running.set()
        release.wait(30)  # ignores the abort
        yield "done"

    owner = QObject()
    handle = WorkerHandle(GeneratorWorker(stubborn), owner)
    handle.start()
    assert running.wait(10)
    assert handle.stop(timeout_ms=50) is False
    assert handle in workers._Orphans._instance.handles and handle.parent() is None
    owner.deleteLater()
    qtbot.wait(50)
    release.set()
    qtbot.waitUntil(lambda: handle not in workers._Orphans._instance.handles, timeout=10000)


def test_a_released_handle_is_kept_while_it_runs_and_never_waited_for(qtbot):
    """A closing window lets its workers go: release() adopts a thread still running, and
    a later stop() (a pane's shutdown) returns at once instead of waiting for it."""
    import threading

    from app import workers

    gate, running = threading.Event(), threading.Event()

    def stubborn():
        running.set()
        gate.wait(30)  # ignores the abort
        yield "done"

    handle = WorkerHandle(GeneratorWorker(stubborn), None)
    handle.start()
    assert running.wait(10)
    handle.release()
    assert handle in workers._Orphans._instance.handles and handle.thread.isRunning()
    assert handle.stop(timeout_ms=60_000) is False  # the gate is closed: it did not wait
    assert handle.thread.isRunning()
    gate.set()
    qtbot.waitUntil(lambda: handle not in workers._Orphans._instance.handles, timeout=10000)


def test_figure_job_stop_does_not_wait_for_a_stubborn_worker_nor_take_its_result(qtbot):
    """Closing a window during a long computation: stop() leaves the worker behind
    (adopted until it ends) and nothing it returns later reaches the job's listeners."""
    import threading

    from app.jobs import FigureJob
    from app.workers import wait_for_orphans

    release, running = threading.Event(), threading.Event()

    def make(_cancel):
        def gen():
            running.set()
            release.wait(30)  # ignores the abort
            yield "late"
            return "stale"
        return gen()

    job = FigureJob()
    got: list = []
    job.returned.connect(got.append)
    job.progress.connect(got.append)
    job.start(make)
    assert running.wait(10)
    job.stop()
    assert not job.is_running()
    release.set()
    assert wait_for_orphans(10)
    qtbot.wait(100)  # queued signals, if any, would arrive now
    assert got == []


def test_a_handle_deleted_with_its_owner_while_running_keeps_its_thread(qtbot):
    """A pane that starts work after its window's shutdown: deleting the window deletes the
    handle; its running QThread must be kept (destroying it aborts the program)."""
    import gc
    import threading

    from PySide6.QtCore import QObject

    from app.workers import wait_for_orphans

    release, running = threading.Event(), threading.Event()

    def stubborn():
        running.set()
        release.wait(30)
        yield "done"

    owner = QObject()
    WorkerHandle(GeneratorWorker(stubborn), owner).start()
    assert running.wait(10)
    owner.deleteLater()
    qtbot.wait(50)
    del owner
    gc.collect()
    qtbot.wait(50)
    release.set()
    assert wait_for_orphans(10)
