"""FigureJob: run one core generator in a worker thread, latest request wins.

The analysis panes (compare, OOV, statistics) compute corpus-wide figures with
core generators (``compare.iter_corpus_profiles``, ``oov.iter_heldout``,
``stats.iter_chars_per_token_curve``). A :class:`FigureJob` drives one at a time
with :class:`~app.workers.GeneratorWorker` (same thread handling, batching and
cooperative cancel as training): starting a new request aborts the running one
and runs the new one when it has stopped, so only the latest result is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from .workers import GeneratorWorker, WorkerHandle

MakeGenerator = Callable[[Any], Generator[Any, None, Any]]
#: How long ``FigureJob.stop`` waits for the worker to notice the abort.
STOP_WAIT_MS = 300


class FigureJob(QObject):
    """One latest-wins background computation; ``make_generator(cancel_event)`` builds it."""

    progress = Signal(object)  # the last event of a batch
    returned = Signal(object)  # the generator's return value (latest request only)
    failed = Signal(str)  # the last line of the traceback
    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._handle: WorkerHandle | None = None
        self._pending: MakeGenerator | None = None
        self._cancelled = False  # the running request was cancelled: drop what it still sends

    def is_running(self) -> bool:
        return self._handle is not None

    def start(self, make_generator: MakeGenerator) -> None:
        """Run ``make_generator``; a running request is aborted and replaced."""
        if self._handle is not None:
            self._pending = make_generator
            self._handle.abort()
            return
        self._launch(make_generator)

    def cancel(self) -> None:
        """Abort the running request without waiting (``running_changed(False)`` follows)."""
        self._pending = None
        if self._handle is not None:
            self._cancelled = True
            self._handle.abort()

    def stop(self) -> None:
        """Abort and wait a moment (before the window closes, or to start afresh).

        A core loop that has not noticed the abort within ``STOP_WAIT_MS`` is left to
        finish on its own (``WorkerHandle`` keeps its thread alive, see ``app.workers``),
        disconnected from this job: waiting longer froze the window for up to 10 s per
        job when it closed or changed language during a whole-corpus computation.
        """
        self._pending = None
        if self._handle is not None:
            handle, self._handle = self._handle, None
            if not handle.stop(STOP_WAIT_MS):
                _disconnect(handle.worker, self)
            self.running_changed.emit(False)

    def _launch(self, make_generator: MakeGenerator) -> None:
        worker = self._make_worker(make_generator)
        worker.yielded.connect(self._on_worker_yielded)
        worker.returned.connect(self._on_worker_returned)
        worker.errored.connect(self._on_worker_errored)
        worker.finished.connect(self._on_worker_finished)
        self._cancelled = False
        self._handle = WorkerHandle(worker, self)
        self._handle.start()
        self.running_changed.emit(True)

    def _make_worker(self, make_generator: Any) -> GeneratorWorker:
        """The worker of one request (a subclass may run it elsewhere: :class:`PoolJob`,
        :class:`app.pool_figure_job.PoolFigureJob`)."""
        return GeneratorWorker(make_generator, pass_cancel=True)

    def _current(self) -> bool:
        """True while what the worker sends is still wanted: no newer request is waiting
        to replace it, and it was not cancelled (a result may arrive after ``cancel``)."""
        return self._pending is None and not self._cancelled

    @Slot(list)
    def _on_worker_yielded(self, batch: list) -> None:
        if self._current() and batch:
            self.progress.emit(batch[-1])

    @Slot(object)
    def _on_worker_returned(self, value: Any) -> None:
        if self._current():
            self.returned.emit(value)

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        if self._current():
            lines = text.strip().splitlines()
            self.failed.emit(lines[-1] if lines else "failed")

    @Slot()
    def _on_worker_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        self._handle = None
        pending, self._pending = self._pending, None
        if pending is not None:
            self._launch(pending)
        else:
            self.running_changed.emit(False)


class PoolJob(FigureJob):
    """A :class:`FigureJob` whose generator runs in a process of the window's pool
    (:mod:`app.process_pool`): pure-Python work there holds no GIL of the GUI process.

    ``start_job(target, args, finish)`` runs ``target(*args, cancel)`` (a picklable
    top-level function, see :mod:`app.analysis_jobs`); ``finish`` turns its result into
    the value emitted, in the worker thread. Signals and latest-wins as FigureJob's.
    """

    def __init__(self, owner: Any) -> None:
        super().__init__(owner)
        self._owner = owner  # a widget: its window's pool runs the jobs

    def start_job(self, target: Callable[..., Generator[Any, None, Any]], args: tuple = (),
                  finish: Callable[[Any], Any] | None = None) -> None:
        self.start(_PoolCall(target, args, finish))

    def _make_worker(self, make_generator: Any) -> GeneratorWorker:
        from .process_pool import PoolWorker, pool_for

        call = make_generator
        return PoolWorker(pool_for(self._owner), call.target, call.args, finish=call.finish)


class _PoolCall:
    """What :meth:`PoolJob.start_job` asked for, queued as FigureJob queues a generator."""

    def __init__(self, target: Callable[..., Any], args: tuple, finish: Any) -> None:
        self.target, self.args, self.finish = target, args, finish


def _disconnect(worker: GeneratorWorker, job: FigureJob) -> None:
    """Nothing a worker left running sends reaches ``job`` any more."""
    for signal, slot in ((worker.yielded, job._on_worker_yielded),
                         (worker.returned, job._on_worker_returned),
                         (worker.errored, job._on_worker_errored),
                         (worker.finished, job._on_worker_finished)):
        try:
            signal.disconnect(slot)
        except (RuntimeError, TypeError):  # already gone
            pass
