"""ProcessPool: the window's warm worker processes, for heavy per-tokenizer work.

A worker ``QThread`` running pure Python shares the GUI process's GIL: parsing Llama 3's
``tokenizer.json`` there starved the event loop for seconds in a busy session. The pool
runs such jobs in ``spawn``ed processes (Qt is loaded: never fork, see
:func:`subword_core._util.spawning.forbid_fork`) that start once and stay, with
``subword_core`` imported, so a job pays neither a start nor the imports.

:class:`PoolWorker` is a :class:`~app.workers.GeneratorWorker` (same signals, so
:class:`~app.workers.WorkerHandle` and the panes' code work unchanged) whose generator
runs in a pool process: its thread waits for a free process, sends the job and relays
the batched events, the result and errors (the protocol of
:class:`~app.workers.ProcessGeneratorWorker`). Abort sets the process's cancel event;
a process that does not stop in time, or dies, is replaced.

One pool per window (:func:`pool_for`); ``MainWindow.shutdown`` ends it
(:func:`shutdown_pool`). The processes are daemons: they also end with the program.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import traceback
import weakref
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from subword_core._util.spawning import bare_main

from .workers import (
    BATCH_INTERVAL_S,
    HELPER_NICENESS,
    ProcessGeneratorWorker,
    drive_in_child,
    exit_on_terminate,
    lower_priority,
)

#: Processes per window: opening and restoring run side by side, and the machine the
#: window runs on may have two cores only (the GUI thread needs one).
POOL_SIZE = max(1, min(2, (os.cpu_count() or 2)))
_NO_PROCESS = "no worker process could be started"
#: Seconds a cancelled job may take to stop before its process is ended.
ABORT_GRACE_S = 2.0


@dataclass(eq=False)
class _Process:
    """One pool process: the process, our end of its pipe, its cancel event."""

    process: Any
    conn: Any
    cancel: Any


def _serve(conn: Any, cancel: Any) -> None:
    """Body of a pool process: run the jobs it receives until told to stop.

    Niced more than the training child (:func:`~app.workers.lower_priority` says how much
    and why). With two pool processes, the encoder and the GUI process on two cores, the GUI
    thread got a share of a core: its 40 ms repaints stalled the event loop 120-220 ms
    (``bench_heavy_session``). Niced, the pool still has every core the window leaves idle;
    only a machine busy with other programs makes its jobs slower.
    """
    from .analysis_jobs import free_displaced
    from .pool_jobs import warm_import

    exit_on_terminate()  # a busy process ended by shutdown() ends its job's own processes
    lower_priority(HELPER_NICENESS)
    warm_import()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return  # the window's process went away
        if job is None:
            return
        target, args, interval_s = job
        drive_in_child(target, args, conn, cancel, interval_s)
        free_displaced()  # after the result went: nobody waits for it


class ProcessPool(QObject):
    """Up to ``size`` warm processes; worker threads borrow one per job."""

    def __init__(self, size: int = POOL_SIZE, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.size = size
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: list[_Process] = []
        self._busy: set[_Process] = set()
        self._cond = threading.Condition()
        self._closed = False
        _POOLS.add(self)

    # -- processes ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the missing processes now, in a thread of their own (spawning takes a few
        ms each; the processes then import the library while the user looks around)."""
        threading.Thread(target=self._fill, name="pool-start", daemon=True).start()

    def _fill(self) -> None:
        while True:
            with self._cond:
                if self._closed or len(self._idle) + len(self._busy) >= self.size:
                    return
                self._busy.add(placeholder := _Process(None, None, None))
            spawned = self._spawn()
            with self._cond:
                self._busy.discard(placeholder)
                if spawned is not None and not self._closed:
                    self._idle.append(spawned)
                self._cond.notify_all()
            if spawned is None:
                return
            if self._closed:
                _end(spawned)
                return

    def _spawn(self) -> _Process | None:
        ours, theirs = self._ctx.Pipe(duplex=True)
        cancel = self._ctx.Event()
        process = self._ctx.Process(target=_serve, args=(theirs, cancel), daemon=True,
                                    name="subword-pool")
        try:
            with bare_main():
                process.start()
        except Exception:  # noqa: BLE001 - no process can be started: the job says so
            ours.close()
            return None
        finally:
            theirs.close()
        return _Process(process, ours, cancel)

    @property
    def process_count(self) -> int:
        with self._cond:
            return len(self._idle) + len(self._busy)

    def acquire(self, abort: threading.Event) -> _Process | None:
        """A free process for one job (started if the pool is not full), waiting for one
        otherwise; None once ``abort`` is set or the pool is shut down. Worker threads only."""
        while True:
            with self._cond:
                if self._closed or abort.is_set():
                    return None
                while self._idle:
                    candidate = self._idle.pop()
                    if candidate.process.is_alive():
                        self._busy.add(candidate)
                        candidate.cancel.clear()
                        return candidate
                    _close(candidate)
                room = len(self._busy) < self.size
                if not room:
                    self._cond.wait(0.05)
                    continue
                self._busy.add(placeholder := _Process(None, None, None))
            spawned = self._spawn()  # outside the lock: others may release meanwhile
            with self._cond:
                self._busy.discard(placeholder)
                if spawned is None:
                    self._cond.notify_all()
                    return None
                if self._closed:
                    _end(spawned)
                    return None
                self._busy.add(spawned)
                return spawned

    def release(self, process: _Process, reusable: bool) -> None:
        """Give ``process`` back after its job; one that may still run the job is ended."""
        with self._cond:
            self._busy.discard(process)
            keep = reusable and not self._closed and process.process.is_alive()
            if keep:
                self._idle.append(process)
            self._cond.notify_all()
        if not keep:
            _end(process)

    def shutdown(self) -> None:
        """End every process: idle ones are told to stop, busy ones are terminated (their
        worker threads then see the process gone and finish)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            idle, busy = list(self._idle), [p for p in self._busy if p.process is not None]
            self._idle.clear()
            self._cond.notify_all()
        for process in idle:
            try:
                process.conn.send(None)
            except (OSError, ValueError):
                pass
        for process in busy:
            process.cancel.set()
            process.process.terminate()
        for process in idle:
            process.process.join(0.5)
            _end(process)

    @property
    def closed(self) -> bool:
        return self._closed


def _end(process: _Process) -> None:
    if process.process is not None and process.process.is_alive():
        process.process.terminate()
        process.process.join(1.0)
    _close(process)


def _close(process: _Process) -> None:
    if process.conn is not None:
        try:
            process.conn.close()
        except OSError:
            pass


_POOLS: weakref.WeakSet[ProcessPool] = weakref.WeakSet()


@atexit.register
def _shutdown_all() -> None:
    for pool in list(_POOLS):
        try:
            pool.shutdown()
        except Exception:  # noqa: BLE001 - exiting anyway
            pass


def pool_for(widget: QWidget) -> ProcessPool:
    """The process pool of ``widget``'s window (made on first use)."""
    owner = widget.window() if isinstance(widget, QWidget) else widget
    pool = getattr(owner, "_process_pool", None)
    if pool is None or pool.closed:
        pool = ProcessPool(parent=owner)
        owner._process_pool = pool  # type: ignore[attr-defined]
    return pool


def shutdown_pool(widget: QWidget) -> None:
    """End the processes of ``widget``'s window (before it closes)."""
    owner = widget.window() if isinstance(widget, QWidget) else widget
    pool = getattr(owner, "_process_pool", None)
    if pool is not None:
        pool.shutdown()


class PoolWorker(ProcessGeneratorWorker):
    """Run ``target(*args, cancel)`` in a process of ``pool``; signals as
    :class:`~app.workers.GeneratorWorker`'s. ``finish`` turns the result into the value
    emitted, in the worker thread (e.g. :func:`app.pool_jobs.warm_up`)."""

    ABORT_GRACE_S = ABORT_GRACE_S

    def __init__(self, pool: ProcessPool,
                 target: Callable[..., Generator[Any, None, Any]], args: tuple = (),
                 finish: Callable[[Any], Any] | None = None,
                 interval_s: float = BATCH_INTERVAL_S) -> None:
        super().__init__(target, args, interval_s, finish)
        self._pool = pool

    def _drive(self) -> None:
        process = self._pool.acquire(self._abort)
        if process is None:
            if self._abort.is_set():
                self.aborted.emit()
            else:
                # rare (no process can be started at all): the system's words, untranslated
                self.errored.emit(f"RuntimeError: {_NO_PROCESS}")
            return
        self.child_done = False
        try:
            process.conn.send((self._target, self._args, self._interval_s))
            self._relay(process.conn, process.process, process.cancel)
        except Exception as exc:  # noqa: BLE001 - e.g. the job cannot be pickled
            self.errored.emit("".join(traceback.format_exception(exc)))
        finally:
            # a process that has not said how its job ended may still be running it
            self._pool.release(process, reusable=self.child_done)


__all__ = ["POOL_SIZE", "PoolWorker", "ProcessPool", "pool_for", "shutdown_pool"]
