"""No Python runs for every Qt event: the table copy key and the analysis docks' stop on close
are per-handler overrides, not event filters (a Python ``eventFilter`` sees every event of
the object it watches: paints, mouse moves, timers)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView, QWidget

from app.item_models import Column, RecordTableModel
from app.selection import SelectionModel
from app.widgets.copy_actions import install_table_copy


def python_event_filters(root: QObject) -> list[QObject]:
    """Objects under ``root`` (and the application's children) with an ``eventFilter`` written
    in Python: whatever they filter, they run Python for every event."""
    found = [root, *root.findChildren(QObject)]
    app = QApplication.instance()
    if app is not None:
        found += app.children()
    return [o for o in found if hasattr(getattr(type(o), "eventFilter", None), "__code__")]


def test_table_copy_installs_no_event_filter(qtbot):
    model = RecordTableModel([Column("word", lambda r: r[0])])
    model.set_records([("low",), ("new",)])
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    install_table_copy(view)
    assert python_event_filters(view) == []
    view.show()
    qtbot.waitExposed(view)
    view.selectRow(1)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "word\nnew\n"
    # other keys still reach the table: Up moves the current row
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.currentIndex().row() == 0


class _RefusingWindow(QMainWindow):
    """A window whose close the user cancels (the quit question answered No)."""

    refuse = True

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.refuse:
            event.ignore()
            return
        super().closeEvent(event)


def test_analysis_docks_stop_on_close_without_event_filter(qtbot, monkeypatch):
    from app.analysis_docks import AnalysisDocks, add_analysis_docks
    from app.session import Session

    stops = []
    monkeypatch.setattr(AnalysisDocks, "shutdown", lambda self: stops.append(self))
    session = Session()
    window = _RefusingWindow()
    qtbot.addWidget(window)
    docks = add_analysis_docks(window, session, SelectionModel())
    assert window.findChild(QWidget, "compareView") is not None
    assert python_event_filters(window) == []
    window.show()
    qtbot.waitExposed(window)
    window.close()  # refused: the workers keep running
    assert window.isVisible() and stops == []
    window.refuse = False
    window.close()
    assert not window.isVisible() and stops == [docks]
    session.shutdown()
