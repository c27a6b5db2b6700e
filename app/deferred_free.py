"""Free a big encoding a piece per event-loop turn, not at once where it is dropped.

An :class:`~subword_core.encoding.Encoding` of a 50,000-character text is a few hundred
thousand Python objects (a token string, an offsets tuple, an id per token): dropping the
last reference frees them all in one C loop, 4-7 ms of the GUI thread measured when the
Encoding pane's token view let go of the previous encoding while it caught up (View ▸
Conformance in issue 20's heavy session), in the same turn as its new drawing.

:func:`free_later` keeps the objects it is given and, one event-loop turn at a time, cuts
at most :data:`CHUNK` items off the end of their list columns, then drops what is left.
Only what nothing else holds is cut (reference counts): an encoding another pane still
shows is merely let go of, and whoever drops it last frees it.
"""

from __future__ import annotations

import sys
from collections import deque
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer

#: List items freed per event-loop turn (~1 ms of the GUI thread).
CHUNK = 20_000

_QUEUE: deque[Any] = deque()
_scheduled = False


def free_later(*objects: Any) -> None:
    """Let go of ``objects`` (None skipped) a piece per event-loop turn."""
    global _scheduled
    _QUEUE.extend(o for o in objects if o is not None)
    if not _QUEUE:
        return
    if QCoreApplication.instance() is None:  # no event loop to spread it over
        _QUEUE.clear()
        return
    if not _scheduled:
        _scheduled = True
        QTimer.singleShot(0, _step)


def pending() -> int:
    """Objects not let go of yet (tests)."""
    return len(_QUEUE)


def _step() -> None:
    global _scheduled
    _scheduled = False
    budget = CHUNK
    while _QUEUE and budget > 0:
        budget -= _cut(budget)
    if _QUEUE:
        _scheduled = True
        QTimer.singleShot(0, _step)


def _cut(budget: int) -> int:
    """Cut up to ``budget`` items off the first object's unshared list columns; drop the
    object when none is left (or when something else holds it). The items freed."""
    obj = _QUEUE[0]
    # held by the queue, ``obj`` and getrefcount's argument: nothing else
    columns = vars(obj) if sys.getrefcount(obj) <= 3 and hasattr(obj, "__dict__") else {}
    for key in list(columns):
        value = columns[key]
        # held by the object's dict, ``value`` and the argument: nothing else
        if type(value) is list and value and sys.getrefcount(value) <= 3:
            n = min(budget, len(value))
            del value[len(value) - n:]
            return n
        del value
    _QUEUE.popleft()
    del obj, columns
    return 1


__all__ = ["CHUNK", "free_later", "pending"]
