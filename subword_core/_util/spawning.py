"""Starting child processes: forked where that is safe, else spawned from a program whose
``__main__`` must not re-run.

Used by the multi-process word counting, the corpus profiles and the app's training child.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import types
from typing import Any
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

_main_lock = threading.Lock()  # one for every caller: they all swap the same module entry
_fork_allowed = [True]  # a GUI turns it off: see forbid_fork
_child_niceness = [0]  # a GUI raises it: see lower_children
#: Loaded in this process, they run threads of their own: never fork then (a GUI that
#: forgets forbid_fork is still safe). Names only: nothing here imports them.
_GUI_TOOLKITS = ("PySide6.QtCore", "PySide2.QtCore", "PyQt6.QtCore", "PyQt5.QtCore")


def forbid_fork() -> None:
    """Make every later pool spawn its workers, never fork this process.

    A GUI calls it at start: its toolkit runs threads Python does not see, and a
    forked child could inherit a lock one of them held.
    """
    _fork_allowed[0] = False


def lower_children(niceness: int) -> None:
    """Make the workers of every later :func:`ordered_pool_map` run at a niceness of at
    least ``niceness``.

    A GUI calls it at start: counting a corpus keeps every core busy for seconds, and at
    the same niceness the window's thread got half a core, so a 40 ms repaint took
    100-200 ms of wall time (measured, ``bench/bench_heavy_session.py``). The workers
    still get every core the window leaves idle.
    """
    _child_niceness[0] = niceness


def at_least_niceness(niceness: int) -> None:
    """Lower this process's priority to ``niceness`` if it runs above it (never raise it,
    which an unprivileged process may not do; nested children do not add up)."""
    if niceness <= 0 or not hasattr(os, "nice"):
        return
    try:
        current = os.nice(0)
        if current < niceness:
            os.nice(niceness - current)
    except OSError:  # not permitted here: run at the priority we have
        pass


def start_method() -> str:
    """``"fork"`` where it is safe (Linux, no other Python thread, not forbidden), else
    ``"spawn"``.

    subtle: a forked worker starts in milliseconds with the library already imported;
    a spawned one starts a fresh interpreter and imports it (about a second for two
    workers on a small machine: more than counting 10 MB takes). Forking while another
    thread runs can leave the child holding a lock forever, hence the thread check.
    """
    if _fork_allowed[0] and sys.platform.startswith("linux") and threading.active_count() == 1 \
            and not any(name in sys.modules for name in _GUI_TOOLKITS):
        return "fork"
    return "spawn"


@contextmanager
def bare_main() -> Iterator[None]:
    """Show ``spawn`` an empty ``__main__`` while children start.

    subtle: a spawned child re-imports the parent's ``__main__`` module (for the GUI,
    an entry point that imports Qt; or a user's script without a ``__main__`` guard,
    which would run again). With a bare stand-in the children import only what
    unpickling their target needs, such as ``subword_core``.
    """
    with _main_lock:
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            if main is not None:
                sys.modules["__main__"] = main


def ordered_pool_map(function: Callable[[Any], Any], items: Iterable[Any], n_workers: int, *,
                     initializer: Callable[..., None] | None = None,
                     initargs: tuple = (),
                     cancelled: Callable[[], bool] | None = None) -> Iterator[Any]:
    """``function(item)`` for each item in ``n_workers`` processes (forked or spawned: see
    :func:`start_method`), yielded in order.

    subtle: ``Pool.imap`` would drain ``items`` as fast as they come, i.e. a whole corpus
    into memory when the workers are slower than the disk; ``apply_async`` with a window
    of ``2 * n_workers`` keeps at most that many items in flight. ``function`` and
    ``initializer`` must be importable module-level functions (spawned children import
    them). Closing the iterator terminates the pool. With ``cancelled``, a wait for a
    result is checked against it every 0.1 s, and the iterator ends (early) once it says
    so: a worker may take seconds to start or to finish an item, and whoever stops the
    caller (a window closing, say) should not wait for that.
    """
    import multiprocessing

    ctx = multiprocessing.get_context(start_method())
    with bare_main():
        pool = ctx.Pool(n_workers, initializer=_init_worker,
                        initargs=(os.getpid(), _child_niceness[0], initializer, initargs))
    try:
        pending: deque = deque()
        for item in items:
            pending.append(pool.apply_async(function, (item,)))
            if len(pending) >= 2 * n_workers:
                if not _ready(pending[0], cancelled):
                    return
                yield pending.popleft().get()
        while pending:
            if not _ready(pending[0], cancelled):
                return
            yield pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()


def _init_worker(parent: int, niceness: int, initializer: Callable[..., None] | None,
                 initargs: tuple) -> None:
    """In each worker of :func:`ordered_pool_map`: end with the process that started it,
    run at the niceness :func:`lower_children` asked for, then run the caller's
    ``initializer``."""
    _end_with_parent(parent)
    at_least_niceness(niceness)
    if initializer is not None:
        initializer(*initargs)


def _end_with_parent(parent: int) -> None:
    """Linux: ask for SIGTERM when the parent ends (``PR_SET_PDEATHSIG``).

    subtle: a parent killed outright never runs the ``finally`` that terminates its pool;
    its workers lived on, and died writing their results into a closed pipe (a traceback
    each). The signal's default action ends a worker silently. A parent that ended before
    the request was made is seen in the parent id.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker may inherit a handler
        signal.raise_signal(signal.SIGTERM)  # ends silently, as PR_SET_PDEATHSIG would have


def _ready(result: Any, cancelled: Callable[[], bool] | None) -> bool:
    """Wait for an ``AsyncResult``; False if ``cancelled`` said stop first."""
    if cancelled is None:
        return True
    while not result.ready():
        if cancelled():
            return False
        result.wait(0.1)
    return True
