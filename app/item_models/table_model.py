"""RecordTableModel: a read-only table over a list of Python records, sorted and filtered in place.

Each :class:`Column` says how to show one field of a record. The model keeps the
records in their natural order and a *view order* (a list of record indices)
that sorting and filtering rewrite; Qt only ever sees view rows. Records can be
appended while a view is shown (merges arriving during training).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

_Index = QModelIndex | QPersistentModelIndex
RECORD_ROLE = Qt.ItemDataRole.UserRole + 1  # the record index behind a view row
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
#: The roles RecordTableModel.data answers (every other one is None at once).
_ANSWERED = frozenset((_DISPLAY, _TOOLTIP, _BACKGROUND, _ALIGNMENT, int(RECORD_ROLE)))
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


@dataclass(frozen=True)
class Column:
    """How one column shows a record.

    Args:
        title: header text.
        value: record -> displayed value (numbers stay numbers; Qt formats them).
        tooltip: record -> tooltip text, optional.
        sort_key: record -> sort key; defaults to ``value`` (``None`` sorts first).
        header_tip: tooltip of the column header (what the column means).
        natural: the records are already in ascending order of this column (an index or a
            rank), so sorting by it needs no keys at all (30k merges: ~0.1 s saved).
        translated: the title and header tip are English words marked with
            ``QT_TRANSLATE_NOOP("Columns", …)``, shown translated; False for a title that is
            data (a tokenizer's name).
        context: the translation context of the title, for a title whose word means
            something else here than in other tables (the header tip stays in "Columns").
    """

    title: str
    value: Callable[[Any], Any]
    tooltip: Callable[[Any], str] | None = None
    sort_key: Callable[[Any], Any] | None = None
    align_right: bool = False
    natural: bool = False
    header_tip: str = ""  # the column header's tooltip
    translated: bool = True
    context: str = "Columns"

    def shown_title(self) -> str:
        """The header text in the interface language."""
        if not self.translated or not self.title:
            return self.title
        return QCoreApplication.translate(self.context, self.title)

    def shown_tip(self) -> str:
        return column_text(self.header_tip) if self.translated and self.header_tip else (
            self.header_tip)


def column_text(text: str) -> str:
    """A column title, header tip or cell word (yes, no…) in the interface language: every
    table shares the translation context "Columns"."""
    return QCoreApplication.translate("Columns", text) if text else text


class RecordTableModel(QAbstractTableModel):
    """Table over ``records`` with in-model sorting, substring filtering and row highlights."""

    def __init__(self, columns: Sequence[Column], parent=None) -> None:
        super().__init__(parent)
        self._columns = list(columns)
        self._records: list[Any] = []
        self._view: Sequence[int] = []  # view row -> record index (a list or a range)
        self._view_pos: dict[int, int] | None = None
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._filter: Callable[[Any], bool] | None = None
        self._highlight: set[int] = set()
        self._highlight_brush = QBrush(QColor("#ffcf70"))

    # -- records ------------------------------------------------------------------------
    @property
    def records(self) -> list[Any]:
        return self._records

    def set_records(self, records: Iterable[Any]) -> None:
        """Replace the records; a ``Sequence`` that is not a list is kept as it is (lazy rows)."""
        self.beginResetModel()
        self._records = records if isinstance(records, Sequence) and not isinstance(
            records, (list, str, bytes)) else list(records)
        self._highlight = set()
        self._rebuild_view()
        self.endResetModel()

    def append_records(self, records: Sequence[Any]) -> None:
        """Append records; keeps the current sort/filter (cheap path when neither is set)."""
        if not records:
            return
        if not isinstance(self._records, list):
            self._records = list(self._records)
        first = len(self._records)
        if self._sort is None and self._filter is None:
            self.beginInsertRows(QModelIndex(), len(self._view), len(self._view) + len(records) - 1)
            self._records.extend(records)
            if not isinstance(self._view, list):
                self._view = list(self._view)
            self._view.extend(range(first, first + len(records)))
            self._view_pos = None
            self.endInsertRows()
            return
        self.layoutAboutToBeChanged.emit()
        self._records.extend(records)
        self._rebuild_view()
        self.layoutChanged.emit()

    def record_at(self, view_row: int) -> Any:
        return self._records[self._view[view_row]]

    def record_index(self, view_row: int) -> int:
        return self._view[view_row]

    def view_row(self, record_index: int) -> int | None:
        """The view row showing record ``record_index`` (None if filtered out)."""
        if isinstance(self._view, range):  # records in their own order (or reversed)
            return self._view.index(record_index) if record_index in self._view else None
        if self._view_pos is None:
            self._view_pos = {r: i for i, r in enumerate(self._view)}
        return self._view_pos.get(record_index)

    # -- sorting, filtering, highlighting ---------------------------------------------------
    def set_filter(self, predicate: Callable[[Any], bool] | None) -> None:
        self.layoutAboutToBeChanged.emit()
        self._filter = predicate
        self._rebuild_view()
        self.layoutChanged.emit()

    def set_highlight(self, record_indices: Iterable[int], color: QColor | None = None) -> None:
        """Paint these records' rows (e.g. tokens built with the selected merge)."""
        self._highlight = set(record_indices)
        if color is not None:
            self._highlight_brush = QBrush(color)
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(self.rowCount() - 1, self.columnCount() - 1),
                                  [Qt.ItemDataRole.BackgroundRole])

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._rebuild_view()
        self.layoutChanged.emit()

    def _rebuild_view(self) -> None:
        order: Sequence[int] = range(len(self._records))
        if self._sort is not None:
            column, direction = self._sort
            col = self._columns[column]
            descending = direction == Qt.SortOrder.DescendingOrder
            if col.natural:
                order = range(len(self._records) - 1, -1, -1) if descending else order
            else:
                key = col.sort_key or col.value
                keys = [_sortable(key(r)) for r in self._records]
                order = sorted(order, key=keys.__getitem__, reverse=descending)
        if self._filter is not None:
            records, accept = self._records, self._filter
            order = [i for i in order if accept(records[i])]
        # a range stays one: a 20k-row table is refilled at every keystroke in a long text
        self._view = order if isinstance(order, range) else list(order)
        self._view_pos = None

    # -- Qt model API -------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._view)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            return self._columns[section].shown_tip() or None
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal:
                return self._columns[section].shown_title()
            return None
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # subtle: a view asks every cell for a dozen roles at each paint (font, colours,
        # size hint...); the roles answered here are found first, and the record only made
        # for those that need it (two visible tables asked ~1,500 times per keystroke)
        if role not in _ANSWERED or not index.isValid():
            return None
        role = int(role)
        if role == _ALIGNMENT:
            return _RIGHT if self._columns[index.column()].align_right else None
        record_index = self._view[index.row()]
        if role == _BACKGROUND:
            return self._highlight_brush if record_index in self._highlight else None
        if role == RECORD_ROLE:
            return record_index
        col = self._columns[index.column()]
        if role == _DISPLAY:
            value = col.value(self._records[record_index])
            return "" if value is None else value
        # the tooltip role
        return col.tooltip(self._records[record_index]) if col.tooltip is not None else None


def _sortable(value: Any) -> tuple[int, Any]:
    """Order ``None`` before everything and keep mixed types comparable."""
    if value is None:
        return (0, 0)
    if isinstance(value, (int, float)):
        return (1, value)
    return (2, str(value))
