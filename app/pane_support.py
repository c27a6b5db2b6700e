"""Small helpers the analysis panes share: the merge index off the GUI thread, errors in words.

- :func:`graph_of` builds a tokenizer entry's :class:`~subword_core.analysis.MergeGraph`
  in a worker. An opened Llama 3 file has 280,147 merges: indexing them takes about a
  second, so no pane may do it on the GUI thread. One lock makes the second pane that
  asks wait for the first one's result instead of building it again.
- :func:`in_words` turns a worker's error line ("subword_core.errors.TokenizerFileError:
  BPE merge 1 …") into the message alone, for the user.
- :func:`settled` ends a worker body: it moves every object alive to the collector's
  permanent generation (``gc.freeze()``). Workers pause the cyclic collector, so the
  hundreds of thousands of objects a big vocabulary's job builds are all "young" when
  it resumes, and the next collection on the GUI thread scanned them: 0.4-0.7 s
  stalls measured after a Llama 3 replay step. Frozen objects are still freed by
  reference counting; only cyclic garbage alive at that moment is kept.
- :func:`no_generator_work` makes a plain function a one-step generator body for
  :class:`~app.jobs.FigureJob`.
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QWidget

_GRAPH_LOCK = threading.Lock()
_CLASS_PREFIX = re.compile(r"^\s*(?:[A-Za-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception|Warning)\s*:\s*")


def graph_of(entry: Any) -> Any:
    """``entry.merge_graph()``, built at most once. Call it from a worker only."""
    if entry.graph is not None:
        return entry.graph
    with _GRAPH_LOCK:
        return entry.merge_graph()


def graph_ready(entry: Any) -> bool:
    """True when ``entry.merge_graph()`` costs nothing (safe on the GUI thread)."""
    return entry is not None and entry.graph is not None


def in_words(message: str) -> str:
    """An error line without the exception class name (and not empty)."""
    lines = [line for line in str(message).strip().splitlines() if line.strip()]
    text = _CLASS_PREFIX.sub("", lines[-1] if lines else "")
    return text.strip() or QCoreApplication.translate("PaneSupport",
                                                      "an unexpected problem (see the log)")


def progress_text(event: Any) -> str:
    """A ``StageProgress`` as ``"43%"`` (or ``"12.3 MB"`` / a count when the total is unknown)."""
    current, total = getattr(event, "current", None), getattr(event, "total", None)
    if current is None:
        return ""
    if total:
        return f"{min(100, 100 * current // total)}%"
    return f"{current / 1e6:.1f} MB" if current >= 1_000_000 else f"{current:,}"


def settled(value: Any) -> Any:
    """``value``, after moving every live object out of the collector's sight (see above)."""
    gc.freeze()
    return value


def no_generator_work(body: Callable[[], Any]) -> Generator[Any, None, Any]:
    """A generator that runs ``body()`` and returns its value (a FigureJob body)."""
    if False:  # pragma: no cover - makes this function a generator
        yield None
    return body()


def out_of_sight(widget: Any) -> bool:
    """True when the user cannot see ``widget``: another view is shown, or its dock is a tab
    behind another. Such a pane defers its work and catches up when it comes into sight
    (the main window calls its ``catch_up()`` when its dock's tab is picked).

    A window not shown yet (start-up, tests) counts as shown.
    """
    window = widget.window()
    if not window.isVisible():
        return not widget.isVisibleTo(window)
    # subtle: a dock tab behind another stays isVisible(); only its visible region is empty
    return not widget.isVisible() or widget.visibleRegion().isEmpty()


class SightAwarePane(QWidget):
    """A pane that defers its work while :func:`out_of_sight` and does it in :meth:`catch_up`.

    ``catch_up`` runs when the pane is shown (another view picked) and, through
    :func:`catch_up_when_seen`, when its dock's tab is picked.
    """

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self.catch_up()

    def catch_up(self) -> None:
        """Do what was deferred while the pane was out of sight (subclasses override)."""


def catch_up_when_seen(dock: Any, pane: Any) -> None:
    """Call ``pane.catch_up()`` whenever ``dock`` comes into sight.

    Picking a dock's tab sends the pane no showEvent (a tab behind stays "visible"); the
    dock's ``visibilityChanged`` says it. The call waits for the next event-loop turn, once
    the switch is laid out: until then the pane's visible region is still empty.
    """
    if hasattr(pane, "catch_up"):
        dock.visibilityChanged.connect(
            lambda seen, p=pane: seen and QTimer.singleShot(0, p.catch_up))
