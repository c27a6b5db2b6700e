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
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

from PySide6.QtCore import QObject, QTimer


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


__all__ = ["TurnSteps"]
