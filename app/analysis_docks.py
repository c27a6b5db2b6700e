"""Place the analysis panes (compare, unseen words, statistics, long text) as docks of the window.

Composition only, like ``main_window``: this module creates the four panes from
the shared :class:`~app.session.Session` and :class:`~app.selection.SelectionModel`,
puts each in a dock (tabbed with the merge history when the window has one),
registers the docks in ``window.docks`` (so a View menu built afterwards lists
them) and stops the panes' workers when the window closes or the application
quits. It lives outside ``app/panes`` because it imports panes, which panes never do.

Usage in ``MainWindow.__init__``, after the docks are made and before the menus::

    self.analysis_docks = add_analysis_docks(self, session, selection)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QScrollArea, QWidget

from .pane_support import catch_up_when_seen
from .panes.compare_pane import ComparePane
from .panes.oov_pane import OovPane
from .panes.stats_pane import StatsPane
from .panes.windows_pane import WindowsPane
from .selection import SelectionModel
from .session import Session


@dataclass
class AnalysisDocks:
    """The panes and docks that :func:`add_analysis_docks` created."""

    compare: ComparePane
    oov: OovPane
    stats: StatsPane
    windows: WindowsPane
    docks: dict[str, QDockWidget] = field(default_factory=dict)

    @property
    def panes(self) -> list[QWidget]:
        return [self.compare, self.oov, self.stats, self.windows]

    def shutdown(self) -> None:
        """Stop every worker (a running QThread must never be destroyed)."""
        for pane in self.panes:
            pane.shutdown()


def _stop_on_close(window: QMainWindow, docks: AnalysisDocks) -> None:
    """Stop the panes' workers when ``window`` is closed (before it is destroyed) or the
    application quits.

    The window's close handler is extended for this one event rather than filtering every
    event of the window in Python; it stops the workers only when the window really closes
    (a close the window refuses, e.g. a quit the user cancels, leaves them running).
    """
    previous = window.closeEvent

    def close_event(event: QCloseEvent) -> None:
        previous(event)
        if event.isAccepted():
            docks.shutdown()

    window.closeEvent = close_event  # an instance override of the virtual (PySide calls it)
    app = QApplication.instance()
    if app is not None:
        # a signal, not a lambda: disconnected when the window (the receiver's owner) goes
        app.aboutToQuit.connect(_Stopper(docks, window).stop)


class _Stopper(QObject):
    """Owned by the window, so the aboutToQuit connection ends with it."""

    def __init__(self, docks: AnalysisDocks, parent: QObject) -> None:
        super().__init__(parent)
        self._docks = docks

    def stop(self) -> None:
        self._docks.shutdown()


def add_analysis_docks(
    window: QMainWindow, session: Session, selection: SelectionModel
) -> AnalysisDocks:
    """Create the compare, unseen-words, statistics and long-text docks in ``window``."""
    result = AnalysisDocks(
        ComparePane(session, selection), OovPane(session, selection), StatsPane(session, selection),
        WindowsPane(session, selection),
    )
    existing = getattr(window, "docks", None)
    # tabbed with the merge history; without one, the four share one dock area as tabs
    anchor = existing.get("merges") if isinstance(existing, dict) else None
    front = anchor
    for key, title, pane in (
        ("compare", QCoreApplication.translate("AnalysisDocks", "Compare"), result.compare),
        ("oov", QCoreApplication.translate("AnalysisDocks", "Unseen words"), result.oov),
        ("stats", QCoreApplication.translate("AnalysisDocks", "Statistics"), result.stats),
        ("windows", QCoreApplication.translate("AnalysisDocks", "Long text"), result.windows),
    ):
        dock = QDockWidget(title, window)
        dock.setObjectName(f"{pane.objectName()}Dock")
        dock.setWidget(_scrollable(pane))
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        catch_up_when_seen(dock, pane)
        if anchor is not None:
            window.tabifyDockWidget(anchor, dock)
        anchor = anchor or dock
        result.docks[key] = dock
    (front or result.docks["compare"]).raise_()  # the merge history stays in front, as before
    if isinstance(existing, dict):
        existing.update(result.docks)
    _stop_on_close(window, result)
    return result


def _scrollable(pane: QWidget) -> QScrollArea:
    # The tabbed bottom dock takes the tallest tab's minimum height; scrolling keeps
    # the window within a 1280x800 screen whatever these panes need.
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(pane)
    return area


__all__ = ["AnalysisDocks", "add_analysis_docks"]
