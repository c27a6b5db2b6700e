"""Copy to the clipboard: ids, tokens, JSON from token views and tables, rows as TSV."""

from __future__ import annotations

import json

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QTableView

from subword_core.encoding import Encoding

from app.item_models import Column, RecordTableModel, TokensModel
from app.widgets import TokenTextView
from app.widgets.copy_actions import install_table_copy, table_menu


def _encoding():
    # "a b🙂" with [CLS]: 'a', 'Ġb', two byte tokens sharing the emoji
    rows = [(9, "[CLS]", (0, 0), None, 0), (1, "a", (0, 1), 0, 0), (2, "Ġb", (1, 3), 1, 0),
            (3, "ðŁ", (3, 4), 2, 0), (4, "Ļ", (3, 4), 2, 0)]
    enc = Encoding.from_rows(rows)
    enc.special_tokens_mask[0] = 1
    return enc


def _clipboard() -> str:
    return QApplication.clipboard().text()


def _trigger(menu, prefix: str) -> None:
    action = next(a for a in menu.actions() if a.text().startswith(prefix))
    assert action.isEnabled(), action.text()
    action.trigger()


def test_token_view_menu_and_keys_copy(qtbot):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.set_content("a b🙂", _encoding(), byte_level=True)
    menu = view.context_menu()
    assert [a.text() for a in menu.actions() if a.text()][:4] == [
        "Copy ids (all 5 tokens)", "Copy tokens (all 5 tokens)", "Copy raw tokens (all 5 tokens)",
        "Copy encoding as JSON (all 5 tokens)"]
    assert all(a.toolTip() for a in menu.actions() if a.text())
    _trigger(menu, "Copy ids")
    assert json.loads(_clipboard()) == [9, 1, 2, 3, 4]
    _trigger(menu, "Copy tokens")
    assert json.loads(_clipboard()) == ["[CLS]", "a", "␣b", "⟨F0⟩⟨9F⟩", "⟨99⟩"]
    _trigger(menu, "Copy raw tokens")
    assert json.loads(_clipboard()) == ["[CLS]", "a", "Ġb", "ðŁ", "Ļ"]
    _trigger(menu, "Copy encoding as JSON")
    data = json.loads(_clipboard())
    assert data["ids"] == [9, 1, 2, 3, 4] and data["offsets"][2] == [1, 3]
    assert data["word_ids"] == [None, 0, 1, 2, 2] and data["attention_mask"] == [1] * 5
    assert data["special_tokens_mask"] == [1, 0, 0, 0, 0]

    # select "b🙂" in the view: Ctrl+C copies the ids of the tokens under the selection,
    # Ctrl+Shift+C their readable tokens
    start = len(" [CLS]  ") + 2
    cursor = QTextCursor(view.document())
    cursor.setPosition(start)
    cursor.setPosition(start + 3, QTextCursor.MoveMode.KeepAnchor)  # 'b' + the emoji (2 units)
    view.setTextCursor(cursor)
    assert view.selected_token_indices() == [2, 3, 4]
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert json.loads(_clipboard()) == [2, 3, 4]
    qtbot.keyClick(view, Qt.Key.Key_C,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert json.loads(_clipboard()) == ["␣b", "⟨F0⟩⟨9F⟩", "⟨99⟩"]
    menu = view.context_menu()
    assert menu.actions()[0].text() == "Copy ids (3 selected tokens)"
    _trigger(menu, "Copy selected text")
    assert _clipboard() == "b🙂"


def test_table_copy_rows_as_tsv(qtbot):
    model = RecordTableModel([Column("word", lambda r: r[0], header_tip="a word"),
                              Column("count", lambda r: r[1], align_right=True)])
    model.set_records([("low", 3), ("tab\there", 1_234), ("new", 7)])
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    install_table_copy(view)
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "a word"
    view.show()
    qtbot.waitExposed(view)
    # (not selectRow: it toggles when an earlier test's key click left Ctrl "held")
    flags = QItemSelectionModel.SelectionFlag
    view.selectionModel().select(model.index(1, 0), flags.ClearAndSelect | flags.Rows)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert _clipboard() == "word\tcount\ntab here\t1234\n"
    menu = table_menu(view, model.index(2, 0))
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Copy 1 selected rows (TSV)", "Copy all 3 rows (TSV)", "Copy cell"]
    _trigger(menu, "Copy all")
    assert _clipboard() == "word\tcount\nlow\t3\ntab here\t1234\nnew\t7\n"
    _trigger(menu, "Copy cell")
    assert _clipboard() == "new"
    # right click opens the menu (no crash, a popup is shown and closed)
    view.customContextMenuRequested.emit(QPoint(5, 5))


def test_offsets_pane_copies_selected_tokens(qtbot):
    from app.panes.offsets_pane import OffsetsPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    tok = drive(train_tokenizer(["low lower newest widest"] * 5, "byte-bpe", 270)).tokenizer
    session = Session()
    session.add_tokenizer(TokenizerEntry("t", tok))
    session.set_text("lower newest")
    pane = OffsetsPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.show()
    enc = session.encoding
    flags = QItemSelectionModel.SelectionFlag
    pane.table.selectionModel().select(pane.model.index(1, 0), flags.ClearAndSelect | flags.Rows)
    table_json = [a for a in pane._copy_encoding_actions() if a.text().startswith("Copy ids")]
    table_json[0].trigger()
    assert json.loads(_clipboard()) == [enc.ids[1]]
    pane.table.setFocus()
    qtbot.keyClick(pane.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = _clipboard().splitlines()
    assert lines[0].split("\t") == ["#", "token", "id", "start", "end", "text", "word", "special"]
    assert lines[1].split("\t")[:3] == ["1", enc.tokens[1].replace("Ġ", "␣"), str(enc.ids[1])]
    model = pane.model
    assert all(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
               for c in range(model.columnCount()))
    assert isinstance(pane.model, TokensModel)
