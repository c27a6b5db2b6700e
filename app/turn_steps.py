"""TurnSteps: a generator's steps run in event-loop turns, a little GUI-thread time per turn.

Drawing a figure with many series (the Languages view's Lorenz curves: a curve, its symbols
and a legend entry per tokenizer, 45 ms; fourteen premium curves) in the turn its data came
back held the event loop for the whole figure (issue 20's heavy session). A pane writes the
drawing as a generator that ``yield``\\ s between two pieces (a series, a legend entry) and
hands it to a :class:`TurnSteps`: each turn runs steps until :attr:`TurnSteps.BUDGET_S` of
the GUI thread's CPU time is spent, the rest in the next turn (a 0 ms timer, so the window
repaints and takes input between two).

Latest wins: :meth:`TurnSteps.start` drops the steps of an unfinished run (the data changed
again, its drawing starts over); :meth:`TurnSteps.finish` runs what is left now (export, a
test reading the figure).

:class:`TurnQueue` does the same for the jobs of several panes: the encoding of a long text
arrives in one signal, and every pane in sight redrew in that turn (the token view, the
pipeline stages, the offsets table: 60-80 ms, then the repaint of all three, over 100 ms in
the heavy session). Queued, each part gets a turn of its own with its repaint.

Why a ``QTimer`` object, not ``QTimer.singleShot(0, ...)``: Qt 6 makes a 0 ms single shot a
posted event, and Qt's GLib event loop delivers the posted events (the repaint the first
part asked for, the next part) before it looks at timers or input. A timer object's
timeout is a timer event, after which the loop takes input again.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from PySide6.QtCore import QObject, QTimer
from shiboken6 import isValid


class TurnSteps(QObject):
    """Runs the steps of one generator at a time, :attr:`BUDGET_S` of CPU per turn."""

    #: GUI-thread CPU time spent per turn (then the steps left wait for the next turn).
    BUDGET_S = 0.010

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._steps: Iterator[Any] | None = None
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._run)

    def start(self, steps: Iterable[Any]) -> None:
        """Run ``steps`` from the next turn on, instead of any unfinished run."""
        self._steps = iter(steps)
        self._timer.start()

    def pending(self) -> bool:
        """Whether steps are left to run."""
        return self._steps is not None

    def finish(self) -> None:
        """Run the steps left now."""
        self._timer.stop()
        while self._steps is not None:
            self._step()

    def cancel(self) -> None:
        """Drop the steps left."""
        self._timer.stop()
        self._steps = None

    def _step(self) -> None:
        steps = self._steps
        try:
            next(steps)
        except StopIteration:
            if self._steps is steps:  # a step may have started another run
                self._steps = None

    def _run(self) -> None:
        began = time.thread_time()
        while self._steps is not None:
            self._step()
            if time.thread_time() - began >= self.BUDGET_S:
                break
        if self._steps is not None:
            self._timer.start()  # the rest in the next turn


class TurnQueue(QObject):
    """Jobs (callables without arguments), run in later turns in the order they were first
    queued: jobs until :attr:`BUDGET_S` of the GUI thread's CPU is spent, the rest in the next
    turn. Queuing a job that waits already (an equal callable: the same bound method) does
    not queue it twice; it runs once, in its first place."""

    BUDGET_S = TurnSteps.BUDGET_S

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: dict[Callable[[], Any], None] = {}  # an ordered set
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._run)

    def later(self, job: Callable[[], Any]) -> None:
        """Run ``job`` in a later turn (once, however often it is queued before it runs)."""
        self._jobs[job] = None
        if not self._timer.isActive():
            self._timer.start()

    def pending(self, job: Callable[[], Any] | None = None) -> bool:
        """Whether ``job`` waits (any job, without one)."""
        return job in self._jobs if job is not None else bool(self._jobs)

    def cancel(self, job: Callable[[], Any]) -> None:
        """Drop ``job`` if it waits (it was done some other way)."""
        self._jobs.pop(job, None)

    def finish(self) -> None:
        """Run every waiting job now (and those they queue)."""
        self._timer.stop()
        while self._jobs:
            self._run_first()

    def _run_first(self) -> None:
        job = next(iter(self._jobs))
        del self._jobs[job]  # first: the job may queue itself again
        owner = getattr(job, "__self__", None)
        if owner is None or not isinstance(owner, QObject) or isValid(owner):
            job()  # (a pane deleted meanwhile has nothing to redraw)

    def _run(self) -> None:
        began = time.thread_time()
        while self._jobs:
            self._run_first()
            if time.thread_time() - began >= self.BUDGET_S:
                break
        if self._jobs:
            self._timer.start()


__all__ = ["TurnQueue", "TurnSteps"]
