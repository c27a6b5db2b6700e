"""WordCountsModel: the corpus word-frequency table, smooth with a million rows.

The table behind it (:class:`WordCountsTable`) is plain Python + numpy so the
corpus worker can build it off the GUI thread, including both sort orders: a
stable numpy argsort for counts (tens of ms for 1M rows) and the alphabetical
order (about a second for 1M words: never on the GUI thread, and sorted in short
runs so the worker does not hold the GIL for that second either).
Sorting a column then only swaps or reverses a precomputed index array;
filtering is a substring scan over the words (debounced by the pane).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QT_TRANSLATE_NOOP,
)

from .table_model import column_text

_Index = QModelIndex | QPersistentModelIndex


class WordCountsTable:
    """Words and counts with precomputed orders (no Qt; build it in a worker)."""

    def __init__(self, word_counts: Mapping[str, int]) -> None:
        self.words: list[str] = list(word_counts)
        self.counts = np.fromiter(word_counts.values(), dtype=np.int64, count=len(self.words))
        # most frequent first; equal counts in alphabetical order
        self.order_word = np.asarray(_sorted_by_word(self.words), dtype=np.int64)
        ranks = np.empty_like(self.order_word)
        ranks[self.order_word] = np.arange(len(self.words))
        self.order_count = np.lexsort((ranks, -self.counts)).astype(np.int64)
        self.total = int(self.counts.sum()) if len(self.counts) else 0

    def __len__(self) -> int:
        return len(self.words)


def _sorted_by_word(words: list[str], run: int = 20_000) -> list[int]:
    """Indices of ``words`` in alphabetical order, sorted in short runs then merged.

    subtle: one ``sorted()`` over a million strings is a single C call that holds the
    GIL for about a second, freezing the GUI thread although it runs in a worker;
    runs of 20k (~20 ms each) merged by ``heapq.merge`` (Python code) let the GUI in.
    """
    key = words.__getitem__
    runs = [sorted(range(i, min(i + run, len(words))), key=key)
            for i in range(0, len(words), run)]
    return list(heapq.merge(*runs, key=key)) if len(runs) > 1 else (runs[0] if runs else [])


class WordCountsModel(QAbstractTableModel):
    """Columns: word, count, share of all word occurrences."""

    HEADERS = (QT_TRANSLATE_NOOP("Columns", "word"), QT_TRANSLATE_NOOP("Columns", "count"),
               QT_TRANSLATE_NOOP("Columns", "share %"))

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._table = WordCountsTable({})
        self._sort = (1, Qt.SortOrder.DescendingOrder)
        self._needle = ""
        self._view = np.zeros(0, dtype=np.int64)

    @property
    def table(self) -> WordCountsTable:
        return self._table

    def set_table(self, table: WordCountsTable) -> None:
        self.beginResetModel()
        self._table = table
        self._rebuild()
        self.endResetModel()

    def set_text_filter(self, needle: str) -> None:
        self.layoutAboutToBeChanged.emit()
        self._needle = needle
        self._rebuild()
        self.layoutChanged.emit()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._rebuild()
        self.layoutChanged.emit()

    def word_at(self, row: int) -> tuple[str, int]:
        i = int(self._view[row])
        return self._table.words[i], int(self._table.counts[i])

    def _rebuild(self) -> None:
        column, order = self._sort
        t = self._table
        # ascending counts are the descending order reversed (ties then run Z..A; cheap)
        if column == 0:
            base = t.order_word
        elif order == Qt.SortOrder.DescendingOrder:
            base = t.order_count
        else:
            base = t.order_count[::-1]
        if column == 0 and order == Qt.SortOrder.DescendingOrder:
            base = base[::-1]
        if self._needle:
            words, needle = t.words, self._needle
            mask = np.fromiter((needle in w for w in words), dtype=bool, count=len(words))
            base = base[mask[base]]
        self._view = base

    # -- Qt model API -------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._view)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return column_text(self.HEADERS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        i = int(self._view[index.row()])
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return self._table.words[i]
            count = int(self._table.counts[i])
            if index.column() == 1:
                return count
            return round(100.0 * count / self._table.total, 4) if self._table.total else 0.0
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return repr(self._table.words[i])
        return None
