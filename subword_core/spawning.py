"""Starting ``spawn`` child processes from a program whose ``__main__`` must not re-run.

Used by the multi-process word counting and by the app's training child.
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
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
