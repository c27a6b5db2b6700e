"""The offsets table waits while out of sight: refilling every token's row at each keystroke
in a view that does not show it (Build, Long text) was GUI-thread time for no one."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from subword_core._util.progress import drive
from subword_core.training.presets import train_tokenizer

from app.selection import Selection, SelectionModel
from app.session import Session, TokenizerEntry


def test_out_of_sight_offsets_wait_then_catch_up(qtbot):
    from app.panes.offsets_pane import OffsetsPane

    tok = drive(train_tokenizer(["low lower newest widest"] * 5, "byte-bpe", 270)).tokenizer
    session, selection = Session(), SelectionModel()
    session.add_tokenizer(TokenizerEntry("t", tok))
    session.set_text("lower newest")
    holder = QWidget()
    qtbot.addWidget(holder)
    pane = OffsetsPane(session, selection, holder)
    holder.show()
    shown = pane.model.encoding
    assert shown is session.encoding and pane.model.rowCount() == len(shown)
    pane.hide()  # another view: nothing is refilled
    session.set_text("lower newest widest low")
    selection.set(Selection(token_index=0, origin="encoding"))
    assert pane.model.encoding is shown and pane.model.rowCount() == len(shown)
    pane.show()  # showEvent -> catch_up: the last encoding, and the selection on it
    assert pane.model.encoding is session.encoding
    assert pane.model.rowCount() == len(session.encoding) > len(shown)
    assert [i.row() for i in pane.table.selectionModel().selectedRows()] == [0]
    session.shutdown()
