"""Starting ``spawn`` child processes from a program whose ``__main__`` must not re-run.

Used by the multi-process word counting and by the app's training child.
"""

from __future__ import annotations

import sys
import threading
import types
from typing import Any
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

_main_lock = threading.Lock()  # one for every caller: they all swap the same module entry


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
                     initargs: tuple = ()) -> Iterator[Any]:
    """``function(item)`` for each item in ``n_workers`` spawned processes, yielded in order.

    subtle: ``Pool.imap`` would drain ``items`` as fast as they come, i.e. a whole corpus
    into memory when the workers are slower than the disk; ``apply_async`` with a window
    of ``2 * n_workers`` keeps at most that many items in flight. ``function`` and
    ``initializer`` must be importable module-level functions (spawned children import
    them). Closing the iterator terminates the pool.
    """
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with bare_main():
        pool = ctx.Pool(n_workers, initializer=initializer, initargs=initargs)
    try:
        pending: deque = deque()
        for item in items:
            pending.append(pool.apply_async(function, (item,)))
            if len(pending) >= 2 * n_workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()
