"""Column widths of a table from a sample of its rows, not from every row.

Qt's ``ResizeToContents`` header mode and ``QTableView.resizeColumnsToContents`` measure up
to ``resizeContentsPrecision`` rows per column (1,000 by default; every row of a table in a
hidden tab), again after every change of the model: each cell is a delegate size hint, a
few calls into a Python model and a text layout (80 µs). The Compare view's table of 750
differing boundaries held the GUI thread for 220 ms in the header's delayed resize, and
the merge history measured 200 of its rows at each model switch (issue 20).

:func:`fit_columns` measures the header and a sample (the first rows, in sight after a
new model, and the last row, where the numbers are widest) the way ``ResizeToContents`` measures a
cell, and leaves the columns ``Interactive``: the widths stay until the next fit, and
the user can drag them. A table that keeps ``ResizeToContents`` caps what it measures at
:data:`RESIZE_ROWS` (``tests/app/test_column_fit.py`` checks every table of the window).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QHeaderView, QTableView

#: Rows measured from the top (about what a table shows) besides the last one.
FIT_ROWS = 16
#: Rows a ``ResizeToContents`` header may measure per column (``setResizeContentsPrecision``)
#: where a table keeps that mode: a small table (one row per tokenizer) or one whose rows
#: change with the text.
RESIZE_ROWS = 64


def fit_columns(view: QTableView, rows: int = FIT_ROWS, cap: int | None = None,
                extra_rows: Iterable[int] = ()) -> None:
    """Each shown column of ``view`` as wide as its title and the widest of a sample of
    rows (the first ``rows``, the last and any ``extra_rows``), at most ``cap``; the header
    is made ``Interactive`` (its stretched last section, if any, still stretches)."""
    model, header = view.model(), view.horizontalHeader()
    if model is None:
        return
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    count = model.rowCount()
    sample = sorted({*range(min(rows, count)), *([count - 1] if count > rows else []),
                     *(row for row in extra_rows if 0 <= row < count)})
    grid = 1 if view.showGrid() else 0
    for column in range(model.columnCount()):
        if view.isColumnHidden(column):
            continue
        width = header.sectionSizeHint(column)
        for row in sample:
            width = max(width, view.sizeHintForIndex(model.index(row, column)).width() + grid)
        view.setColumnWidth(column, width if cap is None else min(width, cap))


__all__ = ["FIT_ROWS", "RESIZE_ROWS", "fit_columns"]
