"""VocabModel: every vocabulary entry of a tokenizer as a sortable, filterable table.

The rows are a :class:`subword_core.analysis.vocabulary.VocabTable` (built by a worker); this
model only maps them to cells. Like :class:`WordCountsModel` it keeps a *view order*
(a numpy array of table rows) that sorting and filtering rewrite, so 150k rows sort in
milliseconds: numeric columns with a stable numpy argsort, the two string columns
through the orders the table precomputed off the GUI thread. No proxy model
(QT_SETUP.md measured 5 s for a proxy sort of 50k rows).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QT_TRANSLATE_NOOP,
)
from PySide6.QtGui import QBrush, QColor

from subword_core.analysis.vocabulary import VocabTable

from .table_model import Column, RecordTableModel, column_text

_Index = QModelIndex | QPersistentModelIndex
ID, TOKEN, RAW, METRIC, KIND, CHARS, BYTES, FREQUENCY = range(8)
NO_VALUE = "—"

HEADERS = (
    QT_TRANSLATE_NOOP("Columns", "id"),
    QT_TRANSLATE_NOOP("Columns", "token"),
    QT_TRANSLATE_NOOP("Columns", "raw"),
    QT_TRANSLATE_NOOP("Columns", "rank / score"),
    QT_TRANSLATE_NOOP("Columns", "kind"),
    QT_TRANSLATE_NOOP("Columns", "chars"),
    QT_TRANSLATE_NOOP("Columns", "bytes"),
    QT_TRANSLATE_NOOP("Columns", "frequency"),
)
HEADER_TIPS = (
    QT_TRANSLATE_NOOP(
        "Columns",
        "The token id: the number a model sees (search it with #123 or a plain number)"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "The token as people read it: ␣ is a space, ↵ a newline, ⟨C3⟩ one byte of a character "
        "split across tokens"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "The vocabulary entry exactly as stored in tokenizer.json (Ġ = byte-level space, ▁ = "
        "SentencePiece space, ## = continues a word)"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "BPE: the rank of the merge that builds this token (0 = the first, most frequent pair; "
        "empty for base symbols and tokens no merge builds). Unigram: the piece's log-probability "
        "score (higher = more likely)"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "special: a special added token such as [CLS] or <|endoftext|>; added: a token added to "
        "the vocabulary, matched before the model runs"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "Length in characters of the text the token stands for (a lone byte counts as one; "
        "prefixes such as ## and ▁ included)"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "Length in bytes: the decoded bytes for byte-level tokens (⟨C3⟩ is one byte, <0xC3> too), "
        "otherwise the UTF-8 bytes of the raw string (▁ is 3 bytes)"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "How often the token occurs when every word of the loaded corpus is encoded, weighted by "
        "the word's count (— until a corpus is loaded and counted)"),
)
#: Words of the core's vocabulary table shown in headers and cells (translated when shown).
_SHOWN_WORDS = (QT_TRANSLATE_NOOP("Columns", "merge rank"), QT_TRANSLATE_NOOP("Columns", "score"),
                QT_TRANSLATE_NOOP("Columns", "special"), QT_TRANSLATE_NOOP("Columns", "added"))
_KIND_ORDER = {"": 0, "added": 1, "special": 2}


class VocabModel(QAbstractTableModel):
    """Columns: id, token, raw, rank/score, kind, chars, bytes, frequency."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._table = VocabTable()
        self._freq = np.zeros(0, dtype=np.int64)
        self._has_freq = False
        self._keys: dict[int, np.ndarray] = {}
        self._orders: dict[int, np.ndarray] = {}
        self._mask: np.ndarray | None = None
        self._sort = (ID, Qt.SortOrder.AscendingOrder)
        self._view = np.zeros(0, dtype=np.int64)
        self._highlight_ids: frozenset[int] = frozenset()
        self._highlight_brush = QBrush(QColor("#ffcf70"))

    # -- data -----------------------------------------------------------------------------
    @property
    def table(self) -> VocabTable:
        return self._table

    @property
    def has_frequencies(self) -> bool:
        return self._has_freq

    def set_table(self, table: VocabTable, keys: dict[int, np.ndarray] | None = None) -> None:
        """Show ``table``; ``keys`` (:meth:`sort_keys`, built in a worker) saves ~30 ms."""
        self.beginResetModel()
        self._table = table
        self._freq = np.full(len(table), -1, dtype=np.int64)
        self._has_freq = False
        self._mask = None
        self._keys = dict(keys) if keys is not None else self.sort_keys(table)
        self._orders = {TOKEN: self._keys.pop(TOKEN), RAW: self._keys.pop(RAW)}
        self._rebuild()
        self.endResetModel()

    def set_frequencies(self, counts: Mapping[int, int] | None) -> None:
        """Per-id counts (missing ids count 0), or None: unknown, shown as —."""
        self.layoutAboutToBeChanged.emit()
        if counts is None:
            self._freq = np.full(len(self._table), -1, dtype=np.int64)
        else:
            get = counts.get
            self._freq = np.fromiter((get(i, 0) for i in self._table.ids), dtype=np.int64,
                                     count=len(self._table))
        self._has_freq = counts is not None
        self._keys[FREQUENCY] = self._freq
        self._rebuild()
        self.layoutChanged.emit()

    def frequency(self, row: int) -> int | None:
        """The corpus frequency of table row ``row`` (None while unknown)."""
        value = int(self._freq[row]) if row < len(self._freq) else -1
        return None if value < 0 else value

    def set_row_filter(self, rows: Iterable[int] | None) -> None:
        """Show only these table rows (None: all)."""
        self.layoutAboutToBeChanged.emit()
        if rows is None:
            self._mask = None
        else:
            self._mask = np.zeros(len(self._table), dtype=bool)
            self._mask[np.fromiter(rows, dtype=np.int64)] = True
        self._rebuild()
        self.layoutChanged.emit()

    def set_highlight(self, token_ids: Iterable[int]) -> None:
        """Paint the rows of these ids (tokens selected in another pane)."""
        self._highlight_ids = frozenset(token_ids)
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(self.rowCount() - 1, self.columnCount() - 1),
                                  [Qt.ItemDataRole.BackgroundRole])

    def table_row(self, view_row: int) -> int:
        return int(self._view[view_row])

    def view_row(self, table_row: int) -> int | None:
        """The view row showing table row ``table_row`` (None when filtered out)."""
        hits = np.flatnonzero(self._view == table_row)
        return int(hits[0]) if len(hits) else None

    # -- sorting --------------------------------------------------------------------------
    @staticmethod
    def sort_keys(table: VocabTable) -> dict[int, np.ndarray]:
        """Per column, the sort keys (numbers) or the sorted order (token, raw); no Qt."""
        n = len(table)
        metric = np.fromiter((-math.inf if v is None else float(v) for v in table.rank_or_score),
                             dtype=np.float64, count=n)
        return {
            ID: np.asarray(table.ids, dtype=np.int64),
            METRIC: metric,
            KIND: np.fromiter((_KIND_ORDER[k] for k in table.kind), dtype=np.int64, count=n),
            CHARS: np.asarray(table.n_chars, dtype=np.int64),
            BYTES: np.asarray(table.n_bytes, dtype=np.int64),
            FREQUENCY: np.full(n, -1, dtype=np.int64),
            TOKEN: np.asarray(table.order_readable, dtype=np.int64),
            RAW: np.asarray(table.order_raw, dtype=np.int64),
        }

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._rebuild()
        self.layoutChanged.emit()

    def _rebuild(self) -> None:
        column, order = self._sort
        descending = order == Qt.SortOrder.DescendingOrder
        n = len(self._table)
        if column == TOKEN or column == RAW:
            base = self._orders.get(column)
            if base is None or len(base) != n:  # a table built without its string orders
                base = np.arange(n, dtype=np.int64)
            if descending:
                base = base[::-1]
        else:
            keys = self._keys.get(column)
            if keys is None or len(keys) != n:
                base = np.arange(n, dtype=np.int64)
            else:
                # stable both ways: equal keys stay in id order
                base = np.argsort(-keys if descending else keys, kind="stable")
        if self._mask is not None:
            base = base[self._mask[base]]
        self._view = base

    # -- Qt model API ---------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        return 0 if parent.isValid() else len(self._view)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == METRIC and self._table.metric is not None:
                return column_text(self._table.metric)
            return column_text(HEADERS[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return column_text(HEADER_TIPS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = int(self._view[index.row()])
        column = index.column()
        t = self._table
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (TOKEN, RAW, KIND):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column in (TOKEN, RAW):
                return QCoreApplication.translate("Columns", "{shown}  —  raw {raw}").format(
                    shown=t.readable[row], raw=repr(t.raw[row]))
            if column == METRIC:
                return t.describe_metric(row)
            if column == FREQUENCY and not self._has_freq:
                return QCoreApplication.translate("Columns", "load a corpus to see frequencies")
            return None
        if role == Qt.ItemDataRole.BackgroundRole and t.ids[row] in self._highlight_ids:
            return self._highlight_brush
        return None

    def _display(self, row: int, column: int) -> str | int:
        # numbers stay numbers: the view shows them as 1,234, a copy gives 1234
        t = self._table
        if column == ID:
            return int(t.ids[row])
        if column == TOKEN:
            return t.readable[row]
        if column == RAW:
            return t.raw[row]
        if column == METRIC:
            value = t.rank_or_score[row]
            if value is None:
                return ""
            return f"{value:.4f}" if t.metric == "score" else int(value)
        if column == KIND:
            return column_text(t.kind[row])
        if column == CHARS:
            return int(t.n_chars[row])
        if column == BYTES:
            return int(t.n_bytes[row])
        value = int(self._freq[row])
        return NO_VALUE if value < 0 else value


class TippedRecordModel(RecordTableModel):
    """A :class:`RecordTableModel` whose column headers have tooltips."""

    def __init__(self, columns: Sequence[Column], tips: Sequence[str], parent=None) -> None:
        super().__init__(columns, parent)
        self._tips = list(tips)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal \
                and section < len(self._tips):
            return column_text(self._tips[section])
        return super().headerData(section, orientation, role)
