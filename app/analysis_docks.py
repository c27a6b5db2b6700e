"""Place the analysis panes (compare, conformance, unseen words, statistics, long text,
languages) as docks of the window.

Composition only, like ``main_window``: this module adds the six panes' docks to the
window (tabbed with the merge history), each pane built by the window when its dock first
comes into sight or code asks for it (``MainWindow.add_pane_dock``, ``app.lazy_panes``),
and stops the built panes' workers when the application quits. It
lives outside ``app/panes`` because it imports panes, which panes never do.

Usage in ``MainWindow.__init__``, after the docks are made and before the menus::

    self.analysis_docks = add_analysis_docks(self, session, selection)
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from .panes.compare_pane import ComparePane
from .panes.languages_pane import LanguagesPane
from .panes.conformance_pane import ConformancePane
from .panes.oov_pane import OovPane
from .panes.stats_pane import StatsPane
from .panes.windows_pane import WindowsPane
from .selection import SelectionModel
from .session import Session

KEYS = ("compare", "conformance", "oov", "stats", "windows", "languages")


class AnalysisDocks:
    """The five analysis panes (built on first use) and their docks."""

    def __init__(self, window: Any, docks: dict[str, QDockWidget]) -> None:
        self._window = window
        self.docks = docks

    compare = property(lambda self: self._window.pane("compare"))
    conformance = property(lambda self: self._window.pane("conformance"))
    oov = property(lambda self: self._window.pane("oov"))
    stats = property(lambda self: self._window.pane("stats"))
    windows = property(lambda self: self._window.pane("windows"))
    languages = property(lambda self: self._window.pane("languages"))

    @property
    def panes(self) -> list[QWidget]:
        """The panes built so far."""
        return [self._window.pane(k) for k in KEYS if self._window.is_built(k)]

    def shutdown(self) -> None:
        """Stop every worker (a running QThread must never be destroyed)."""
        for pane in self.panes:
            pane.shutdown()


class _StopOnQuit(QObject):
    """Stops the built panes' workers when the application quits with the window open.

    Closing the window stops them through ``MainWindow.shutdown``, after the user has
    confirmed the quit, with every other pane's workers (aborted all at once, not one pane
    after another: the waits were 0.7-1.2 s of frozen window at close).
    """

    def __init__(self, docks: AnalysisDocks, parent: QObject) -> None:
        super().__init__(parent)
        self._docks = docks
        app = QApplication.instance()
        if app is not None:  # a child of the window: disconnected when the window goes
            app.aboutToQuit.connect(self.stop)

    def stop(self) -> None:
        self._docks.shutdown()


def add_analysis_docks(window: Any, session: Session, selection: SelectionModel) -> AnalysisDocks:
    """Add the compare, conformance, unseen-words, statistics, long-text and languages docks
    to ``window``."""
    bottom = Qt.DockWidgetArea.BottomDockWidgetArea
    added: dict[str, QDockWidget] = {}
    # tabbed with the merge history, which stays in front
    anchor = window.docks["merges"]
    for key, title, factory in (
        ("compare", QCoreApplication.translate("AnalysisDocks", "Compare"),
         lambda: window.compare_pane_made(ComparePane(session, selection))),
        ("conformance", QCoreApplication.translate("AnalysisDocks", "Conformance"),
         lambda: ConformancePane(session, selection)),
        ("oov", QCoreApplication.translate("AnalysisDocks", "Unseen words"),
         lambda: OovPane(session, selection)),
        ("stats", QCoreApplication.translate("AnalysisDocks", "Statistics"),
         lambda: StatsPane(session, selection)),
        ("windows", QCoreApplication.translate("AnalysisDocks", "Long text"),
         lambda: window.windows_pane_made(WindowsPane(session, selection))),
        ("languages", QCoreApplication.translate("AnalysisDocks", "Languages"),
         lambda: LanguagesPane(session, selection)),
    ):
        dock = window.add_pane_dock(key, title, factory, bottom)
        window.tabifyDockWidget(anchor, dock)
        added[key] = dock
    anchor.raise_()
    result = AnalysisDocks(window, added)
    _StopOnQuit(result, window)
    return result


__all__ = ["AnalysisDocks", "add_analysis_docks"]
