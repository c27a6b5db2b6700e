"""CachedTableView paints its cells once per change: a repaint with nothing changed asks the
model for nothing, and after every kind of change (records, selection, scrolling, a column's
width, hiding a column, focus) it shows exactly what a plain QTableView shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QTableView

from app.item_models import Column, RecordTableModel
from app.widgets.cached_table import CachedTableView
from app.widgets.numbers import ThousandsDelegate

COLUMNS = [Column("#", lambda r: r[0], align_right=True), Column("word", lambda r: r[1]),
           Column("count", lambda r: r[2], align_right=True)]


class CountingModel(RecordTableModel):
    asked = 0

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        CountingModel.asked += 1
        return super().data(index, role)


def _records(n: int = 200, tag: str = "w") -> list[tuple]:
    return [(i, f"{tag}{i} 한국어 🙂", i * 1009) for i in range(n)]


def _table(qtbot, cls, model):
    view = cls()
    qtbot.addWidget(view)
    view.setItemDelegate(ThousandsDelegate(view))
    view.setModel(model)
    view.resize(320, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.fixture
def pair(qtbot):
    model = CountingModel(COLUMNS)
    model.set_records(_records())
    return model, _table(qtbot, CachedTableView, model), _table(qtbot, QTableView, model)


def _same(cached, plain) -> bool:
    """The two viewports as they are on screen now."""
    cached.viewport().repaint()
    plain.viewport().repaint()
    QApplication.processEvents()
    return cached.viewport().grab().toImage() == plain.viewport().grab().toImage()


def test_unchanged_repaint_asks_the_model_nothing(pair):
    model, cached, _ = pair
    cached.viewport().repaint()  # the cells, painted and kept
    CountingModel.asked = 0
    painted = cached.cell_paints
    for _ in range(3):
        cached.viewport().update()
        cached.viewport().repaint()
    assert CountingModel.asked == 0 and cached.cell_paints == painted
    assert cached.copied_paints >= 3


def test_shows_what_a_plain_table_shows_after_each_change(pair, qtbot):
    model, cached, plain = pair
    assert _same(cached, plain)
    model.set_records(_records(150, "x"))
    assert _same(cached, plain)
    for view in (cached, plain):
        view.selectionModel().select(model.index(3, 1), QItemSelectionModel.SelectionFlag.Select)
    assert _same(cached, plain)
    for view in (cached, plain):
        view.verticalScrollBar().setValue(40)
    assert _same(cached, plain)
    for view in (cached, plain):
        view.setColumnWidth(1, 60)
    assert _same(cached, plain)
    for view in (cached, plain):
        view.setColumnHidden(0, True)
    assert _same(cached, plain)
    model.set_highlight([42, 43], QColor("#ff0000"))
    assert _same(cached, plain)
    model.sort(2, Qt.SortOrder.DescendingOrder)
    assert _same(cached, plain)
    palette = QPalette(cached.palette())
    palette.setColor(QPalette.ColorRole.Base, QColor("#202020"))
    for view in (cached, plain):
        view.setPalette(palette)
    assert _same(cached, plain)
    assert cached.copied_paints > 0  # the copy served the grabs in between


def test_grab_of_a_stale_table_paints_its_cells(pair):
    """grab() paints into its own image: a changed table is drawn from its cells there, and
    that drawing is not taken for the screen's."""
    model, cached, plain = pair
    cached.viewport().repaint()
    model.set_records(_records(120, "y"))
    assert cached.viewport().grab().toImage() == plain.viewport().grab().toImage()
    assert cached._image is None


def test_a_selection_made_with_signals_blocked_shows(pair):
    """The Offsets pane selects rows under QSignalBlocker, then asks for a repaint only."""
    from PySide6.QtCore import QSignalBlocker

    model, cached, plain = pair
    assert _same(cached, plain)
    for view in (cached, plain):
        with QSignalBlocker(view.selectionModel()):
            view.selectionModel().select(model.index(2, 0), QItemSelectionModel.SelectionFlag.Select
                                         | QItemSelectionModel.SelectionFlag.Rows)
        view.viewport().update()
    assert _same(cached, plain)
    for view in (cached, plain):
        with QSignalBlocker(view.selectionModel()):
            view.selectionModel().select(model.index(4, 1),
                                         QItemSelectionModel.SelectionFlag.ClearAndSelect)
            view.selectionModel().setCurrentIndex(model.index(4, 1),
                                                  QItemSelectionModel.SelectionFlag.NoUpdate)
        view.viewport().update()
    assert _same(cached, plain)
