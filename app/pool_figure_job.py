"""PoolFigureJob: a :class:`~app.jobs.FigureJob` whose requests run in the window's pool.

A worker thread running pure Python holds the GUI process's GIL (the hitches of a busy
session); a pool process holds its own. A request is a job function of a Qt-free module
(``target(*args, cancel)``, a generator, as :mod:`app.pool_jobs`'s) and its arguments,
where tokenizers travel as :func:`app.pool_cache.carried` (sent once per pool process).
Latest-wins, cancel and progress behave as :class:`FigureJob`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QWidget

from .jobs import FigureJob
from .pool_cache import caching_worker
from .process_pool import pool_for
from .workers import GeneratorWorker


@dataclass(frozen=True)
class PoolRequest:
    """One request: ``target(*args, cancel)`` in a pool process; ``finish(result)`` in
    the worker thread (e.g. to rebuild objects from compact columns)."""

    target: Callable[..., Any]
    args: tuple = ()
    finish: Callable[[Any], Any] | None = None


class PoolFigureJob(FigureJob):
    """A FigureJob of a widget whose requests run in that widget's window's pool."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._widget = parent

    def start_job(self, target: Callable[..., Any], *args: Any,
                  finish: Callable[[Any], Any] | None = None) -> None:
        """Run ``target(*args, cancel)`` in a pool process; a running request is replaced."""
        self.start(PoolRequest(target, args, finish))

    def _make_worker(self, request: Any) -> GeneratorWorker:
        if not isinstance(request, PoolRequest):  # a plain generator: a thread, as before
            return super()._make_worker(request)
        return caching_worker(pool_for(self._widget), request.target, request.args,
                              request.finish)


__all__ = ["PoolFigureJob", "PoolRequest"]
