"""Helpers shared by the Groupings pane's pages: wrapped labels, tables and the selection
linking of rows that carry a ``start``–``end`` span."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QItemSelection, QItemSelectionModel, QSignalBlocker
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableView,
    QWidget,
)

from ...item_models import Column
from ...item_models.analysis_columns import TippedTableModel
from ...widgets.column_fit import RESIZE_ROWS


def groupings_tr(text: str) -> str:
    """``text`` in the interface language (context "Groupings": module-level words)."""
    return QCoreApplication.translate("Groupings", text)


#: The mode combo's index of the model mode (after demo, IOB and gold labels).
MODEL_MODE = 3


def wrapping_label(label: QLabel) -> QLabel:
    """``label`` wraps its words and is as tall as its lines at the width it gets.

    subtle: a label's own policy says its height depends on its width; a policy set from
    scratch (Ignored, so a long note never widens the dock) drops that, and the layout then
    gives the label the height of one width and cuts the rest (the demo note at 1280x800).
    """
    label.setWordWrap(True)
    policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    label.setSizePolicy(policy)
    return label


def make_table(name: str, columns: list[Column], tips: dict[str, str], parent: QWidget
           ) -> tuple[QTableView, TippedTableModel]:
    model = TippedTableModel(columns, tips, parent)
    view = QTableView(objectName=name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setMinimumHeight(60)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(22)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # a long text's tokens: measure the first rows, not 1,000 at each change
    header.setResizeContentsPrecision(RESIZE_ROWS)
    header.setStretchLastSection(True)
    return view, model


def select_overlapping_rows(view: QTableView, model: Any, span: tuple[int, int]) -> None:
    """Select (without signals) the rows whose ``start``–``end`` overlaps ``span`` (or, for
    an empty span, holds its position): a selection made elsewhere shown in this table."""
    s, e = span
    sel = QItemSelection()
    for row in range(model.rowCount()):
        g = model.record_at(row)
        if g.start < e and s < g.end or (s == e and g.start <= s < g.end):
            sel.select(model.index(row, 0), model.index(row, model.columnCount() - 1))
    with QSignalBlocker(view.selectionModel()):
        view.selectionModel().select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)
