"""Tables size their columns from a sample of rows, never from every row (issue 20).

``ResizeToContents`` and ``resizeColumnsToContents`` measured up to 1,000 rows per column
in a Python model (the Compare view's boundary table: 220 ms in one header timer; the merge
history: 200 rows at each model switch). ``column_fit.fit_columns`` reads the header and a
sample; a table that keeps ``ResizeToContents`` measures at most ``RESIZE_ROWS`` rows.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from app.item_models.table_model import Column, RecordTableModel
from app.widgets.column_fit import FIT_ROWS, RESIZE_ROWS, fit_columns
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer


class _Spied(RecordTableModel):
    """Remembers which rows were asked for their text."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.asked: set[int] = set()

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            self.asked.add(index.row())
        return super().data(index, role)


def _sample(count: int) -> set[int]:
    return set(range(min(FIT_ROWS, count))) | {count - 1}


def test_fit_columns_reads_the_header_and_a_sample(qtbot):
    columns = [Column("rank", lambda r: r, align_right=True),
               Column("a long column title", lambda r: "x" * (r % 7)),
               Column("token", lambda r: f"token {r}" + ("!" * 30 if r == 4999 else ""))]
    model = _Spied(columns)
    model.set_records(list(range(5000)))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.resize(500, 300)
    model.asked.clear()
    fit_columns(view)
    assert model.asked == _sample(5000)
    header = view.horizontalHeader()
    assert {header.sectionResizeMode(c) for c in range(3)} == {QHeaderView.ResizeMode.Interactive}
    for column in range(3):
        widest = max(view.sizeHintForIndex(model.index(r, column)).width() for r in _sample(5000))
        assert view.columnWidth(column) >= max(widest, header.sectionSizeHint(column))
    # the last row (the widest numbers) counts; a cap holds
    assert view.columnWidth(2) > view.sizeHintForIndex(model.index(0, 2)).width()
    fit_columns(view, cap=60)
    assert max(view.columnWidth(c) for c in range(3)) == 60


def _bpe(n_merges: int) -> Tokenizer:
    vocab = {f"a{i}": i for i in range(n_merges + 1)}
    merges = [(f"a{i}", f"a{i + 1}") for i in range(n_merges)]
    vocab.update({a + b: len(vocab) + k for k, (a, b) in enumerate(merges)})
    return Tokenizer(BPE(vocab, merges))


def test_the_merge_history_fits_its_columns_to_a_sample(qtbot, monkeypatch):
    from app.panes.merges_pane import MAX_COLUMN_WIDTH, MergesPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry

    session = Session()
    session.add_tokenizer(TokenizerEntry("big", _bpe(3000)))
    pane = MergesPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    asked: set[int] = set()
    data = type(pane.merges_model).data

    def spied(model, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            asked.add(index.row())
        return data(model, index, role)

    monkeypatch.setattr(type(pane.merges_model), "data", spied)
    try:
        pane.show()
        qtbot.waitUntil(lambda: pane.merges_model.rowCount() == 3000, timeout=30000)
        asked.clear()
        pane._fit_columns()
        assert asked and max(asked - {2999}) < FIT_ROWS
        widths = [pane.table.columnWidth(c) for c in range(pane.merges_model.columnCount())]
        assert max(widths[:-1]) <= MAX_COLUMN_WIDTH
    finally:
        pane.shutdown()
        session.shutdown()


def test_every_table_that_resizes_to_contents_measures_a_bounded_sample(window):
    from app_helpers import build_every_pane

    build_every_pane(window)
    unbounded = []
    for header in window.findChildren(QHeaderView):
        modes = {header.sectionResizeMode(i) for i in range(header.count())}
        if QHeaderView.ResizeMode.ResizeToContents not in modes:
            continue
        if not 0 <= header.resizeContentsPrecision() <= RESIZE_ROWS:
            view = header.parent()
            unbounded.append((view.objectName() or type(view).__name__,
                              header.resizeContentsPrecision()))
    assert unbounded == []


def _rows_asked(model, monkeypatch) -> set[int]:
    asked: set[int] = set()
    data = type(model).data

    def spied(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            asked.add(index.row())
        return data(self, index, role)

    monkeypatch.setattr(type(model), "data", spied)
    return asked


def test_a_new_tokenizer_fits_the_offsets_and_pre_token_tables_to_a_sample(qtbot, monkeypatch):
    """Opening a tokenizer refits both tables (GPT-2's open paid ~38 ms for 64 rows × every
    column of each, issue 20); a sample is measured, the pre-tokens' text column stretches."""
    from app.panes.encoding_pane import EncodingPane
    from app.panes.offsets_pane import OffsetsPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry
    from subword_core.models import WordLevel
    from subword_core.pre_tokenizers import WhitespaceSplit

    session = Session()
    selection = SelectionModel()
    offsets, encoding = OffsetsPane(session, selection), EncodingPane(session, selection)
    for pane in (offsets, encoding):
        qtbot.addWidget(pane)
        pane.resize(900, 600)
        pane.show()
    session.set_text(" ".join(f"a{i % 50}" for i in range(400)))
    asked = {"offsets": _rows_asked(offsets.model, monkeypatch),
             "pieces": _rows_asked(encoding.pieces_model, monkeypatch)}
    tokenizer = Tokenizer(WordLevel({f"a{i}": i for i in range(50)}, unk_token=None))
    tokenizer.pre_tokenizer = WhitespaceSplit()
    session.add_tokenizer(TokenizerEntry("big", tokenizer))
    qtbot.waitUntil(lambda: offsets.model.rowCount() == 400
                    and encoding.pieces_model.rowCount() == 400, timeout=10000)
    for name, rows in asked.items():
        # rows painted in sight (about 25 at this height) are asked too: far fewer than 64
        assert rows and max(rows - {399}) < 40, name
    header = encoding.pieces_table.horizontalHeader()
    assert header.sectionResizeMode(4) == QHeaderView.ResizeMode.Stretch
    session.shutdown()


def test_fit_columns_also_reads_the_extra_rows_it_is_given(qtbot):
    # the Languages table: a tokenizer's rows past the first ones and the last (its name)
    names = ["bpe"] * 20 + ["a-much-longer-tokenizer-name"] * 20 + ["bpe"] * 20
    model = _Spied([Column("tokenizer", lambda r: names[r])], None)
    model.set_records(list(range(60)))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    fit_columns(view)
    narrow = view.columnWidth(0)
    model.asked.clear()
    fit_columns(view, extra_rows=[0, 20, 40, 99])  # 99: not a row, left out
    assert model.asked == _sample(60) | {20, 40}
    assert view.columnWidth(0) > narrow
    assert view.columnWidth(0) >= view.sizeHintForIndex(model.index(20, 0)).width()
