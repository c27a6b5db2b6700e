"""OffsetsPane: the token table (index, token, id, start, end, original slice, word id, special).

Selecting a row selects that token everywhere (its span in the original text,
its id, its index). An incoming selection selects the rows of the tokens in its
span (or the one token it names) and paints the rows of tokens built with a
selected merge; it is applied under ``QSignalBlocker`` so it is not echoed back.
Right click or Ctrl+C copies the selected rows as TSV, or their ids, tokens or JSON.
Out of sight (another view, a tab behind), the table waits for the last encoding
until it is seen: refilling 20k rows at each keystroke in the Build or Long text view
was GUI-thread time for no one.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QItemSelection, QItemSelectionModel, QSignalBlocker, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import is_byte_level, token_indices_with_ids, unk_id

from .. import style
from ..item_models import TokensModel
from ..pane_support import SightAwarePane, out_of_sight
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets.cached_table import CachedTableView
from ..widgets.column_fit import fit_columns
from ..widgets.copy_actions import encoding_actions, install_table_copy
from ..widgets.token_text_view import tokens_in_span


class OffsetsPane(SightAwarePane):
    """One row per token of the session's current encoding."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("offsetsPane")
        self._session = session
        self._selection = selection
        self.model = TokensModel(self)
        self.table = CachedTableView(objectName="offsetsTable")  # painted once per change
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # natural order first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        # fitted to the first rows when the tokenizer or the number of digits of the row count
        # changes, not at every keystroke (ResizeToContents asked the model for 64 rows × 8
        # columns × every role at each re-encode)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._fitted_for: tuple | None = None
        self._stale = False  # an encoding came while out of sight: shown in catch_up
        self.table.horizontalHeader().setStretchLastSection(True)
        self.caption = QLabel("", objectName="offsetsCaption")
        # a long caption is cut (its tooltip has it all) rather than widening the dock
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setToolTip(self.tr("Offsets are (start, end) character positions in the "
                                        "original text; special tokens have (0, 0)"))
        self.copy_action = install_table_copy(self.table, self._copy_encoding_actions)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)

        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        session.encoding_changed.connect(self._on_session_encoding_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_encoding_changed(session.encoding)

    def selected_token_indices(self) -> list[int] | None:
        """Token indices of the selected rows (None: no row selected, i.e. every token)."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.model.record_at(r).index for r in rows] or None

    def _copy_encoding_actions(self) -> list:
        return encoding_actions(self.table, lambda: self.model.encoding,
                                self.selected_token_indices, lambda: self.model.byte_level)

    @Slot(object)
    def _on_session_encoding_changed(self, _encoding: Any) -> None:
        if out_of_sight(self):  # filled when it comes into sight (catch_up)
            self._stale = True
            return
        self._session.redraw(self._show_encoding)

    def _show_encoding(self) -> None:
        """Fill the table with the session's encoding (a long text's in a turn of its own)."""
        self._session.turns.cancel(self._show_encoding)
        if out_of_sight(self):  # another view was picked before its turn came
            self._stale = True
            return
        self._stale = False
        encoding = self._session.encoding
        tokenizer = self._session.tokenizer
        with QSignalBlocker(self.table.selectionModel()):
            self.model.set_encoding(self._session.text, encoding,
                                    byte_level=tokenizer is not None and is_byte_level(tokenizer),
                                    unk_id=unk_id(tokenizer) if tokenizer is not None else None)
        n = len(encoding) if encoding is not None else 0
        fit = (id(tokenizer), len(str(n)))
        if fit != self._fitted_for:
            self._fitted_for = fit
            fit_columns(self.table)  # the first rows and the last, not 64 of them
        self.caption.setText(self.tr("{n} tokens — offsets are character spans of the original "
                                     "text").format(n=f"{n:,}"))
        self._on_selection_changed(self._selection.current)

    def catch_up(self) -> None:
        """Show the encoding that came while the pane was out of sight."""
        if self._stale:
            self._show_encoding()

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        encoding = self._session.encoding
        if encoding is None or self._stale or self._session.turns.pending(self._show_encoding):
            return  # the rows are those of an older encoding
        if selection.origin == "offsets":
            rows = None  # the table itself made this selection: leave its rows alone
        elif selection.token_index is not None and selection.token_index < len(encoding):
            rows = [selection.token_index]
        elif selection.span is not None:
            rows = tokens_in_span(encoding, *selection.span)
        else:
            rows = []
        highlight = []
        if selection.merge_rank is not None and selection.token_ids:
            highlight = token_indices_with_ids(encoding, selection.token_ids)
        self.model.set_highlight(highlight, style.highlight_color())
        if rows is not None:
            self._select_rows(rows)

    def _select_rows(self, token_indices: list[int]) -> None:
        sel = QItemSelection()
        last_col = self.model.columnCount() - 1
        for i in token_indices:
            row = self.model.view_row(i)
            if row is not None:
                sel.select(self.model.index(row, 0), self.model.index(row, last_col))
        with QSignalBlocker(self.table.selectionModel()):
            self.table.selectionModel().select(
                sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        if token_indices:
            row = self.model.view_row(token_indices[0])
            if row is not None:
                self.table.scrollTo(self.model.index(row, 0))
        self.table.viewport().update()

    @Slot()
    def _on_table_selection_changed(self, *_: Any) -> None:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        if not rows:
            return
        records = [self.model.record_at(r) for r in rows]
        if len(records) == 1:
            r = records[0]
            sel = Selection(span=(r.start, r.end), token_ids=frozenset({r.id}),
                            token_index=r.index, origin="offsets")
        else:
            spans = [(r.start, r.end) for r in records if not r.special]
            span = (min(s for s, _ in spans), max(e for _, e in spans)) if spans else None
            sel = Selection(span=span, token_ids=frozenset(r.id for r in records), origin="offsets")
        self._selection.set(sel)
