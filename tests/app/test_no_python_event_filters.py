"""No Python runs for every Qt event: the table copy key and the analysis docks' stop on close
are per-handler overrides, not event filters (a Python ``eventFilter`` sees every event of
the object it watches: paints, mouse moves, timers)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QTableView

from app.item_models import Column, RecordTableModel
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


def test_a_refused_close_stops_no_worker_and_no_event_filter_watches(qtbot, window,
                                                                    monkeypatch):
    """The workers stop in ``MainWindow.shutdown``, after the quit question; nothing filters
    the window's events in Python to find the close."""
    from app.main_window import MainWindow

    stops, answer = [], [False]
    monkeypatch.setattr(MainWindow, "_confirm_quit", lambda self: answer[0])
    original = MainWindow.shutdown
    monkeypatch.setattr(MainWindow, "shutdown",
                        lambda self, *a, **k: (stops.append(self), original(self, *a, **k)))
    window.analysis_docks.compare  # noqa: B018 - build a pane with workers
    assert python_event_filters(window) == []
    window.show()
    qtbot.waitExposed(window)
    window.close()  # refused (the quit question answered No): the workers keep running
    assert window.isVisible() and stops == []
    answer[0] = True
    window.close()
    assert not window.isVisible() and stops == [window]
