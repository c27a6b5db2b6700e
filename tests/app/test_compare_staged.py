"""The window builds the Compare pane in more than one event-loop turn (issue 20: in one turn
it was 35-55 ms of a restart), and a compare list given before its last step is shown."""

from __future__ import annotations

import pytest

from app.lazy_panes import staging, steps_of
from app.panes.compare_pane import ComparePane
from app.selection import SelectionModel
from app.session import Session, TokenizerEntry


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def test_compare_pane_builds_in_steps_and_keeps_a_list_given_meanwhile(qtbot, tokenizer):
    session, selection = Session(), SelectionModel()
    for name in ("a", "b", "c"):
        session.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="bpe"))
    with staging() as held:
        pane = ComparePane(session, selection)
    qtbot.addWidget(pane)
    steps = steps_of(pane, held)
    pane.set_compared(["b", "a"])  # as the window does with a restored list
    assert pane.compared_names() == ["b", "a"]
    assert sum(1 for _ in steps) >= 1  # at least one more step after the constructor
    assert pane.compared_names() == ["b", "a"]
    assert "b · a" in pane.members_label.text()
    assert pane.combo.count() == 3 and pane.combo.currentText() == "c"
    pane.set_compared(["c"])
    assert "c" in pane.members_label.text() and "b" not in pane.members_label.text()
