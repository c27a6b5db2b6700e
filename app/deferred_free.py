"""Free a big encoding in an event-loop turn of its own, not in the turn that drops it.

An :class:`~subword_core.encoding.Encoding` of a 50,000-character text is a few hundred
thousand Python objects (a token string, an offsets tuple, an id per token): dropping the
last reference frees them all in one C loop, 4-7 ms of the GUI thread measured when the
Encoding pane's token view let go of the previous encoding while it caught up (View ▸
Conformance in issue 20's heavy session), in the same turn as its new drawing.

:func:`free_later` keeps the objects it is given and lets go of one per later turn, so
that cost lands in a turn with nothing else to do. It never takes an object apart: an
encoding another pane still shows is merely let go of, and whoever drops it last frees it.
(Cutting its columns in smaller pieces would need to know that nothing else holds them;
reference counts do not say that reliably across Python versions.)
"""

from __future__ import annotations

from collections import deque
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer

_QUEUE: deque[Any] = deque()
_scheduled = False


def free_later(*objects: Any) -> None:
    """Let go of ``objects`` (None skipped), one per later event-loop turn."""
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
    if _QUEUE:
        _QUEUE.popleft()  # freed here if this was the last reference
    if _QUEUE:
        _scheduled = True
        QTimer.singleShot(0, _step)


__all__ = ["free_later", "pending"]
