"""RecordTableModel answers the roles it knows, and makes no record for the others: a view
asks every visible cell for a dozen roles at each paint, and lazy rows (an encoding's
tokens, pre-tokens) are made on access."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.item_models import Column, RecordTableModel
from app.item_models.table_model import RECORD_ROLE


class CountingRows(Sequence):
    def __init__(self, n: int) -> None:
        self.n, self.made = n, 0

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):  # noqa: ANN001
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.n))]
        self.made += 1
        return (i, f"row {i}")


def test_roles_answered_and_no_record_made_for_the_others(qtbot):
    model = RecordTableModel([Column("n", lambda r: r[0], align_right=True),
                              Column("text", lambda r: r[1], tooltip=lambda r: r[1] * 2)])
    rows = CountingRows(5)
    model.set_records(rows)
    model.set_highlight([3], QColor("#123456"))
    rows.made = 0
    a, b = model.index(3, 0), model.index(3, 1)
    R = Qt.ItemDataRole
    for role in (R.FontRole, R.ForegroundRole, R.DecorationRole, R.SizeHintRole,
                 R.CheckStateRole, R.TextAlignmentRole, R.BackgroundRole, RECORD_ROLE):
        model.data(a, role)
        model.data(b, role)
    assert rows.made == 0
    assert model.data(a, R.TextAlignmentRole) == int(Qt.AlignmentFlag.AlignRight
                                                     | Qt.AlignmentFlag.AlignVCenter)
    assert model.data(b, R.TextAlignmentRole) is None
    assert model.data(a, R.BackgroundRole).color() == QColor("#123456")
    assert model.data(model.index(2, 0), R.BackgroundRole) is None
    assert model.data(b, RECORD_ROLE) == 3
    assert (model.data(a), model.data(b), model.data(b, R.ToolTipRole)) == (3, "row 3",
                                                                          "row 3row 3")
    assert model.data(a, R.ToolTipRole) is None and model.data(a, R.FontRole) is None


def test_lazy_rows_in_their_own_order_cost_no_memory_per_row(qtbot):
    """Refilled at every keystroke in a long text (20k tokens, 20k pre-tokens), a table in
    the records' own order keeps its row order as a range, not a list of every row."""
    import tracemalloc

    model = RecordTableModel([Column("n", lambda r: r[0], natural=True),
                              Column("text", lambda r: r[1])])
    rows = CountingRows(2_000_000)
    model.sort(0, Qt.SortOrder.AscendingOrder)  # the natural order: no key per row
    tracemalloc.start()
    try:
        model.set_records(rows)
        assert model.rowCount() == 2_000_000
        assert model.view_row(1_999_999) == 1_999_999 and model.view_row(2_000_000) is None
        assert model.record_at(1_234_567) == (1_234_567, "row 1234567")
        model.sort(0, Qt.SortOrder.DescendingOrder)
        assert model.view_row(0) == 1_999_999 and model.record_index(0) == 1_999_999
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak  # a list of the rows alone took 16 MB
    small = RecordTableModel([Column("n", lambda r: r[0], natural=True)])
    small.set_records([(0, "a"), (1, "b"), (2, "c")])
    small.append_records([(-1, "appended")])
    assert small.rowCount() == 4 and small.record_at(3) == (-1, "appended")
    assert small.view_row(3) == 3
