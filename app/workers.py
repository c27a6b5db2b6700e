"""Workers: run long core generators off the GUI thread and turn their events into signals.

This is the Qt half of the trainer progress protocol (STYLE.md sections 5 and 6).
The core yields typed events from a plain generator and returns its result;
:class:`GeneratorWorker` drives that generator in a ``QThread`` and

- emits ``yielded`` with *batches* of events on a time budget (~25 Hz), because
  one signal per merge is a signal storm that stalls the GUI (QT_SETUP.md);
- aborts through a ``threading.Event`` checked between two ``next()`` calls,
  because ``run()`` never returns to the thread's event loop, so a queued abort
  slot would never run; the generator is then ``close()``d, so the core cleans up;
- lowers ``sys.setswitchinterval`` while any worker runs, so the GIL is handed
  back to the GUI thread every millisecond instead of every 5 ms (measured: the
  longest stall drops from ~170 ms to ~25 ms on this machine kind);
- pauses the cyclic garbage collector while it runs: its full collections over a
  trainer's millions of tuples hold the GIL for 0.3-0.5 s each (measured).

:class:`ProcessGeneratorWorker` runs the generator in a spawned child process
instead, for training: then no core work can hold the GUI process's GIL.
:class:`WorkerHandle` owns the thread/worker pair and keeps Python references to
both until ``finished`` (PySide garbage-collects unreferenced workers).
"""

from __future__ import annotations

import functools
import gc
import multiprocessing
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot

from subword_core._util.spawning import at_least_niceness, bare_main

#: Seconds between two ``yielded`` batches (about 25 updates per second).
BATCH_INTERVAL_S = 0.04
#: Scheduling niceness added to the training child (and its word-counting pool).
CHILD_NICENESS = 5
#: Niceness of the window's helper processes (its pool and its encoder): their jobs exist
#: for the window, so the window's thread should have a core whenever it wants one.
HELPER_NICENESS = 15
#: GIL switch interval while a worker runs (the default is 0.005 s; the app's process keeps
#: 1 ms throughout: app.main.ensure_app).
WORKER_SWITCH_INTERVAL_S = 0.001


class _GcPause:
    """Reference-counted ``gc.disable()`` while workers run (process-global state).

    Measured on a 10 MB byte-level BPE training: the trainer allocates millions of
    tuples, so the cyclic collector runs full (generation 2) collections of 0.3-0.5 s
    that find nothing and hold the GIL, freezing the GUI thread each time. Trainers
    free their structures by reference counting, so pausing the collector while they
    run costs no memory in practice; it is re-enabled when the last worker ends.
    """

    _lock = threading.Lock()
    _users = 0
    _was_enabled = True

    @classmethod
    def acquire(cls) -> None:
        with cls._lock:
            if cls._users == 0:
                cls._was_enabled = gc.isenabled()
                gc.disable()
            cls._users += 1

    @classmethod
    def release(cls) -> None:
        with cls._lock:
            cls._users -= 1
            if cls._users == 0 and cls._was_enabled:
                # subtle: every object made while the collector was paused is still in the
                # youngest generation, so the first collection after enable() walks them all
                # (measured 300-480 ms holding the GIL after opening Llama 3). What survived
                # a worker is what the GUI keeps (a tokenizer, a table): freeze it, as
                # app.main does with the startup objects.
                gc.freeze()
                gc.enable()


class _SwitchInterval:
    """Reference-counted ``sys.setswitchinterval`` override (process-global state)."""

    _lock = threading.Lock()
    _users = 0
    _saved = sys.getswitchinterval()

    @classmethod
    def acquire(cls) -> None:
        with cls._lock:
            if cls._users == 0:
                cls._saved = sys.getswitchinterval()
                sys.setswitchinterval(WORKER_SWITCH_INTERVAL_S)
            cls._users += 1

    @classmethod
    def release(cls) -> None:
        with cls._lock:
            cls._users -= 1
            if cls._users == 0:
                sys.setswitchinterval(cls._saved)


class GeneratorWorker(QObject):
    """Drive ``make_generator()`` to completion in a worker thread.

    Signals use superqt's names; ``finished`` is always the last one emitted.

    Args:
        make_generator: called in the worker thread, so even the generator's
            setup runs off the GUI thread.
        pass_cancel: call ``make_generator(abort_event)`` so that core code that
            accepts a ``cancel`` event can stop inside a long stage too.
        pause_gc: pause the cyclic garbage collector while the worker runs (see
            :class:`_GcPause`).
        interval_s: time budget between two ``yielded`` batches.
    """

    started = Signal()
    yielded = Signal(list)   # a batch of events
    returned = Signal(object)  # the generator's return value
    errored = Signal(str)    # formatted traceback (last line = the message)
    aborted = Signal()
    finished = Signal()

    def __init__(self, make_generator: Callable[..., Generator[Any, None, Any]],
                 interval_s: float = BATCH_INTERVAL_S, pass_cancel: bool = False,
                 pause_gc: bool = True) -> None:
        super().__init__()
        self._pause_gc = pause_gc
        self._make_generator = make_generator
        self._interval_s = interval_s
        self._pass_cancel = pass_cancel
        self._abort = threading.Event()
        self.error: BaseException | None = None

    def abort(self) -> None:
        """Ask the worker to stop; safe to call from any thread, any number of times."""
        self._abort.set()

    @property
    def abort_requested(self) -> bool:
        return self._abort.is_set()

    @Slot()
    def run(self) -> None:
        _SwitchInterval.acquire()
        if self._pause_gc:
            _GcPause.acquire()
        try:
            self.started.emit()
            self._drive()
        finally:
            if self._pause_gc:
                _GcPause.release()
            _SwitchInterval.release()
            self.finished.emit()

    def _drive(self) -> None:
        # 1. build the generator here, in the worker thread
        gen = None
        batch: list[Any] = []
        last_flush = time.monotonic()
        try:
            # with pass_cancel the core also watches the abort event inside long stages
            gen = self._make_generator(self._abort) if self._pass_cancel else self._make_generator()
            # 2. pull events, checking the abort flag between two of them
            while True:
                if self._abort.is_set():
                    gen.close()  # lets the core run its finally blocks
                    self._flush(batch)
                    self.aborted.emit()
                    return
                try:
                    event = next(gen)
                except StopIteration as stop:
                    self._flush(batch)
                    self.returned.emit(stop.value)
                    return
                batch.append(event)
                # 3. flush on a time budget, never per event
                now = time.monotonic()
                if now - last_flush >= self._interval_s:
                    self._flush(batch)
                    last_flush = now
        except Exception as exc:  # noqa: BLE001 - every failure must reach the GUI
            self._flush(batch)
            if self._abort.is_set():
                # the core noticed the cancel event itself (e.g. corpus.Cancelled)
                self.aborted.emit()
                return
            self.error = exc
            self.errored.emit("".join(traceback.format_exception(exc)))

    def _flush(self, batch: list[Any]) -> None:
        if batch:
            self.yielded.emit(batch.copy())
            batch.clear()


class ProcessGeneratorWorker(GeneratorWorker):
    """Like :class:`GeneratorWorker`, but the generator runs in a child process.

    The worker thread starts a ``spawn`` child running ``target(*args, cancel)``
    (``cancel`` is a callable the core polls), which sends batches of events on
    the same time budget through a pipe; the thread only relays them. Nothing
    the core does in the child — long C calls, freeing millions of objects,
    garbage collection — can hold the GUI process's GIL (QT_SETUP.md measured
    23-26 ms longest stalls this way). ``target`` must be a picklable top-level
    function and its events and return value picklable (the core's are).

    Abort sets a cross-process event the core checks; a child that does not
    stop within ``ABORT_GRACE_S`` is terminated. ``finish`` (optional) turns the
    child's return value into the emitted one, in the worker thread (e.g. rebuild
    big objects in Python rather than unpickle them in one C call).
    """

    ABORT_GRACE_S = 5.0

    def __init__(self, target: Callable[..., Generator[Any, None, Any]], args: tuple = (),
                 interval_s: float = BATCH_INTERVAL_S,
                 finish: Callable[[Any], Any] | None = None) -> None:
        # the collector stays paused here too: unpickling the result makes many objects
        super().__init__(lambda: iter(()), interval_s)
        self._target = target
        self._args = args
        self._finish = finish or (lambda value: value)

    def _drive(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        receiver, sender = ctx.Pipe(duplex=False)
        cancel = ctx.Event()
        # not a daemon: the core may start its own word-counting pool in the child
        child = ctx.Process(target=_child_main, name="subword-train",
                            args=(self._target, self._args, sender, cancel, self._interval_s))
        try:
            with bare_main():
                child.start()
        except Exception as exc:  # noqa: BLE001 - e.g. no process can be started
            sender.close()
            receiver.close()
            self.errored.emit("".join(traceback.format_exception(exc)))
            return
        sender.close()
        try:
            self._relay(receiver, child, cancel)
        finally:
            # after a result the child only frees memory on its way out: do not wait for it
            child.join(self.ABORT_GRACE_S if cancel.is_set() else 0.2)
            if child.is_alive():
                child.terminate()
                child.join(2.0)
            receiver.close()

    def _relay(self, receiver: Any, child: Any, cancel: Any) -> None:
        self.child_done = False  # True once the child has said how its job ended
        deadline = float("inf")
        parts: list[Any] = []
        while True:
            if self._abort.is_set() and deadline == float("inf"):
                # subtle: the cancel event may be set already (the pool shutting down set it
                # before terminating its processes); the grace period starts anyway, or a
                # child that outlives the terminate keeps this thread polling forever
                cancel.set()
                deadline = time.monotonic() + self.ABORT_GRACE_S
            if cancel.is_set() and time.monotonic() > deadline:
                self.aborted.emit()  # the child ignored the cancel event: terminated in _drive
                return
            if not receiver.poll(0.02):
                if not child.is_alive() and not receiver.poll(0):
                    self.errored.emit(QCoreApplication.translate(
                        "Workers", "the training process ended unexpectedly (exit code {code})"
                    ).format(code=child.exitcode))
                    return
                continue
            try:
                kind, payload = receiver.recv()
            except EOFError:
                # subtle: at end of file poll() is always True, so the is_alive() check above
                # is never reached again; nothing more can come: say how it ended now
                if self._abort.is_set():
                    self.aborted.emit()
                else:
                    child.join(1.0)
                    self.errored.emit(QCoreApplication.translate(
                        "Workers", "the training process ended unexpectedly (exit code {code})"
                    ).format(code=child.exitcode))
                return
            self.child_done = kind not in ("events", "part")
            if kind == "events":
                self.yielded.emit(payload)
            elif kind == "part":
                parts.append(payload)
            elif kind in ("returned_parts", "returned"):
                value = tuple(parts) if kind == "returned_parts" else payload
                try:
                    value = self._finish(value)
                except Exception as exc:  # noqa: BLE001
                    self.errored.emit("".join(traceback.format_exception(exc)))
                    return
                self.returned.emit(value)
                return
            elif self._abort.is_set():  # "aborted" or an error caused by the cancel
                self.aborted.emit()
                return
            else:
                self.errored.emit(payload)
                return


def _child_main(target: Callable[..., Generator[Any, None, Any]], args: tuple, sender: Any,
                cancel: Any, interval_s: float) -> None:
    """Body of the training child: drive the generator, send batched events."""
    exit_on_terminate()  # terminated after the grace period: its word-counting pool ends too
    lower_priority()
    try:
        drive_in_child(target, args, sender, cancel, interval_s)
    finally:
        sender.close()


def exit_on_terminate() -> None:
    """In a child process: SIGTERM exits through ``SystemExit``, so the running job's
    ``finally`` blocks run; a second SIGTERM kills as usual.

    subtle: killed outright, a job running ``ordered_pool_map`` (the corpus passes, the
    word counts) left its own worker processes orphaned; they died writing their results
    into a closed pipe, a BrokenPipeError traceback each, and its pool's semaphores leaked
    (the resource tracker's warning at exit).
    """
    signal.signal(signal.SIGTERM, _exit_on_terminate)


def _exit_on_terminate(signum: int, frame: Any) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise SystemExit(-signum)


def lower_priority(niceness: int = CHILD_NICENESS) -> None:
    """Background work: when the CPUs are busy, the GUI process should win them (see
    :func:`subword_core._util.spawning.lower_children`).

    A training's child and its counting workers run at :data:`CHILD_NICENESS`: long jobs the
    user started, which other programs must not starve. The window's helpers run at
    :data:`HELPER_NICENESS`. Linux shares a core by weight: at niceness 5 (weight 335 to
    the window's 1024) a window thread sharing its core with two helpers got 60% of it, and
    a 40 ms repaint took about 66 ms; at 15 (weight 36) it gets 93%. In issue 20's heavy
    session the mean of the actions' longest stalls went from 29-35 ms to 21-24 ms, their
    90th percentile from 50-70 ms to 36-41 ms (bench/bench_heavy_session.py), and opening a
    tokenizer kept its ratio to HF (bench/bench_open_tokenizer.py): the helpers still have
    every core the window leaves idle.
    """
    at_least_niceness(niceness)


class JobCancel:
    """What a job in a child process gets as its ``cancel``: calling it says whether to stop.

    :meth:`send_part` also sends a value to the worker's thread at once, ahead of the
    result: the thread unpickles it as it comes (whatever its unpickling builds is built
    there while the job goes on) and, when the job returns a tuple, emits it first among
    that tuple's items (a job that returns anything else drops it).
    """

    __slots__ = ("_is_set", "_sender")

    def __init__(self, event: Any, sender: Any) -> None:
        self._is_set = event.is_set
        self._sender = sender

    def __call__(self) -> bool:
        return self._is_set()

    def send_part(self, value: Any) -> None:
        self._sender.send(("part", value))


def drive_in_child(target: Callable[..., Generator[Any, None, Any]], args: tuple, sender: Any,
                   cancel: Any, interval_s: float) -> None:
    """Drive ``target(*args, JobCancel(cancel, sender))`` in a child process and send what
    it yields (batched), then how it ended, through ``sender`` (the protocol ``_relay``
    reads)."""
    batch: list[Any] = []
    last = time.monotonic()
    gen = None
    try:
        gen = target(*args, JobCancel(cancel, sender))
        while True:
            if cancel.is_set():
                gen.close()
                sender.send(("aborted", None))
                return
            try:
                event = next(gen)
            except StopIteration as stop:
                if batch:
                    sender.send(("events", batch))
                # a tuple travels element by element: unpickling is one C call holding the
                # parent's GIL, so several small ones let its GUI thread run in between
                if isinstance(stop.value, tuple) and type(stop.value) is tuple:
                    for part in stop.value:
                        sender.send(("part", part))
                    sender.send(("returned_parts", len(stop.value)))
                else:
                    sender.send(("returned", stop.value))
                return
            batch.append(event)
            if time.monotonic() - last >= interval_s:
                sender.send(("events", batch))
                batch, last = [], time.monotonic()
    except SystemExit:
        raise  # the process is being ended (a pool process's SIGTERM): nobody reads on
    except BaseException as exc:  # noqa: BLE001 - report everything to the parent
        sender.send(("errored", "".join(traceback.format_exception(exc))))
    finally:
        if gen is not None:
            gen.close()  # e.g. an exit between two steps: the job's finally blocks run


class WorkerHandle(QObject):
    """Own a worker and its ``QThread`` until the worker has finished.

    Usage::

        handle = WorkerHandle(GeneratorWorker(make_gen), parent=self)
        handle.worker.yielded.connect(self._on_worker_yielded)
        handle.start()
        ...
        handle.stop()  # abort + wait, e.g. on window close
    """

    def __init__(self, worker: GeneratorWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.thread = QThread()
        self.thread.setObjectName(f"{type(worker).__name__}Thread")
        self.running = False
        self.released = False
        worker.moveToThread(self.thread)
        self.thread.started.connect(worker.run)
        # subtle: the QThread object lives in the GUI thread, so an automatic connection
        # would queue quit() there; a GUI thread blocked in stop()/wait() would then wait
        # forever. quit() is thread-safe: call it directly from the worker thread.
        worker.finished.connect(self.thread.quit, Qt.ConnectionType.DirectConnection)
        self.thread.finished.connect(self._on_thread_finished)
        # deleted with its owner while the thread runs (a pane that started work after its
        # window's shutdown, say): the thread and worker must outlive it (see _Orphans)
        self.destroyed.connect(functools.partial(_Orphans.keep_running, self.thread, worker))

    def start(self) -> None:
        self.running = True
        self.thread.start()

    def abort(self) -> None:
        self.worker.abort()

    def stop(self, timeout_ms: int = 10000) -> bool:
        """Abort and wait for the thread to end; True if it ended in time.

        A thread that has not ended is kept running on its own (see :class:`_Orphans`):
        the window that owned it may be deleted next, and destroying a running QThread
        aborts the program.
        """
        self.worker.abort()
        if self.released:  # let go already: never waited for
            return not self.running
        if self.running and not self.thread.wait(timeout_ms):
            _Orphans.adopt(self)
            return False
        return True

    def release(self) -> None:
        """Abort and wait for nothing (a window closing): a thread still running is kept on
        its own until it ends (see :class:`_Orphans`), and a later :meth:`stop` returns at
        once. Waiting 300 ms per pane job froze a closing window for 0.7-2 s."""
        self.worker.abort()
        if self.released:
            return
        self.released = True
        if self.running:
            _Orphans.adopt(self)

    @Slot()
    def _on_thread_finished(self) -> None:
        self.running = False


class _Orphans(QObject):
    """Handles whose thread outlived ``stop``: kept (parentless) until the thread ends.

    One instance, made in the GUI thread on first use; each orphan's ``finished`` is
    queued to it, so the last reference to a QThread is dropped in the GUI thread after
    the thread has ended, never by the thread itself.
    """

    _instance: _Orphans | None = None

    def __init__(self) -> None:
        super().__init__()
        self.handles: set[WorkerHandle] = set()
        self.kept: set[tuple[QThread, GeneratorWorker]] = set()

    @classmethod
    def _get(cls) -> _Orphans:
        if cls._instance is None:
            cls._instance = _Orphans()
        return cls._instance

    @classmethod
    def adopt(cls, handle: WorkerHandle) -> None:
        orphans = cls._get()
        handle.setParent(None)
        orphans.handles.add(handle)
        handle.thread.finished.connect(orphans._on_thread_finished)
        if handle.thread.isFinished():  # it ended meanwhile
            orphans._on_thread_finished()

    @classmethod
    def keep_running(cls, thread: QThread, worker: GeneratorWorker, *_: Any) -> None:
        """A handle is being deleted: keep its thread and worker while the thread runs."""
        try:
            running = thread.isRunning()
        except RuntimeError:  # the thread object is gone already
            return
        if not running:
            return
        worker.abort()
        orphans = cls._get()
        orphans.kept.add((thread, worker))
        thread.finished.connect(orphans._on_thread_finished)

    def threads(self) -> list[QThread]:
        return [h.thread for h in self.handles] + [t for t, _ in self.kept]

    @Slot()
    def _on_thread_finished(self) -> None:
        for handle in [h for h in self.handles if h.thread.isFinished()]:
            self.handles.discard(handle)
        for pair in [p for p in self.kept if p[0].isFinished()]:
            self.kept.discard(pair)


def wait_for_orphans(timeout_s: float = 10.0) -> bool:
    """Wait for the threads :class:`_Orphans` keeps (before the program exits: a QThread
    still running then aborts it); True if they all ended in time."""
    orphans = _Orphans._instance
    deadline = time.monotonic() + timeout_s
    for thread in orphans.threads() if orphans is not None else []:
        left_ms = max(0, int(1000 * (deadline - time.monotonic())))
        if not thread.wait(left_ms):
            return False
    return True


