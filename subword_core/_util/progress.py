"""Progress of long work: the events every stage yields, their driver, a clock, a terminal line.

Long work (reading a corpus, counting words, training, profiling) is a generator that yields
events and *returns* its result; :func:`drive` runs one to the end, handing each event to a
callback. :class:`StageStarted` and :class:`StageProgress` are the events every stage shares
(the trainers add their own in :mod:`subword_core.trainers.events`); :class:`Ticker` says when to
yield, so progress and cancel stay responsive; :class:`Progress` draws the events on a terminal
(the ``subword`` command and ``Tokenizer.train(show_progress=True)``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TextIO

#: Target maximum time between two yields, in seconds (keeps progress and cancel responsive).
PROGRESS_INTERVAL = 0.05

EventCallback = Callable[[Any], object]


@dataclass(frozen=True, slots=True)
class StageStarted:
    """A training stage begins.

    Args:
        stage: stable snake_case name, e.g. ``"count_pairs"``.
        total: number of work items in the stage, or ``None`` if unknown.
    """

    stage: str
    total: int | None = None


@dataclass(frozen=True, slots=True)
class StageProgress:
    """Work done so far in the current stage (``current`` of ``total`` items)."""

    stage: str
    current: int
    total: int | None = None


def drive(gen: Generator[Any, None, Any], on_event: EventCallback | None = None) -> Any:
    """Run an event generator to the end and return its return value.

    Args:
        gen: a generator of events (a trainer's ``iter_train``, a corpus reader...).
        on_event: called with every event, in order; ``None`` ignores them.

    Returns:
        What the generator returned (for trainers, ``(model, history)``).
    """
    try:
        while True:
            event = next(gen)
            if on_event is not None:
                on_event(event)
    except StopIteration as stop:
        return stop.value
    finally:
        gen.close()


class Ticker:
    """Says when ``PROGRESS_INTERVAL`` has passed, so loops yield on a time budget.

    Call :meth:`due` every few hundred items; it reads the clock once per call.
    """

    __slots__ = ("_next", "interval")

    def __init__(self, interval: float = PROGRESS_INTERVAL) -> None:
        self.interval = interval
        self._next = time.perf_counter() + interval

    def due(self) -> bool:
        """True at most once per interval."""
        now = time.perf_counter()
        if now < self._next:
            return False
        self._next = now + self.interval
        return True


class Progress:
    """A one-line progress display on a terminal (``\\r`` redraws); silent otherwise."""

    def __init__(self, stream: TextIO, interval: float = 0.1) -> None:
        self.stream = stream
        self.enabled = is_terminal(stream)
        self.interval = interval
        self._last = 0.0
        self._stage = ""
        self._total: int | None = None
        self._bytes_stage = True  # the first stage of train_tokenizer reads the corpus, in bytes
        self._stages_seen = 0

    def run(self, gen: Any) -> Any:
        """Drive ``gen`` to the end, drawing its events; return its return value."""
        try:
            while True:
                self.update(next(gen))
        except StopIteration as stop:
            return stop.value
        finally:
            gen.close()
            self.clear()

    def update(self, event: Any) -> None:
        if not self.enabled:
            return
        kind = type(event).__name__
        if kind == "StageStarted":
            # subtle: trainers also have a "count_words" stage (in words), so the unit is
            # decided by position, not by name.
            self._stages_seen += 1
            self._bytes_stage = self._stages_seen == 1
            self._stage, self._total = event.stage, event.total
            self._draw(self._stage, 0, self._total, force=True)
        elif kind == "StageProgress":
            self._draw(event.stage, event.current, event.total)
        elif kind == "MergeAdded" and not self._total:
            self._draw("merge", event.rank + 1, None, detail=f"{event.token!r} ({event.count:,})")
        elif kind == "UnigramStep":
            self._draw("em", event.round + 1, None,
                       detail=f"vocab {event.vocab_size:,}, loss {event.loss:,.1f}")

    def _draw(self, stage: str, current: int, total: int | None, *, detail: str = "",
              force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self.interval:
            return
        self._last = now
        if total:
            frac = min(1.0, current / total)
            bar = "#" * int(frac * 24)
            amount = (f"{_human(current)}/{_human(total)}" if self._bytes_stage
                      else f"{current:,}/{total:,}")
            line = f"{stage:<12} [{bar:<24}] {frac:4.0%}  {amount}"
        elif current or detail:
            line = f"{stage:<12} {current:,} {detail}"
        else:
            line = f"{stage:<12} ..."
        width = _terminal_width(self.stream)
        self.stream.write("\r" + line[: width - 1].ljust(width - 1))
        self.stream.flush()

    def clear(self) -> None:
        if self.enabled:
            width = _terminal_width(self.stream)
            self.stream.write("\r" + " " * (width - 1) + "\r")
            self.stream.flush()


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _terminal_width(stream: TextIO) -> int:
    try:
        return max(20, os.get_terminal_size(stream.fileno()).columns)
    except (AttributeError, OSError, ValueError):
        return 80


def _human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)  # pragma: no cover
