"""Typing at the end of a long text in the Compare view: the view compares the text's head
(``TEXT_LIMIT`` characters), so a keystroke past it encodes nothing again (issue 20: each
keystroke re-encoded the head with every compared tokenizer and redrew the rows)."""

from __future__ import annotations

import pytest

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core._util.progress import drive

DOCS = ["low lower newest widest the other", "theatre thesis lowest", "한국어 문장 🙂 café"] * 5


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer

    return {alg: drive(train_tokenizer(DOCS, alg, size)).tokenizer
            for alg, size in (("bpe", 90), ("byte-bpe", 280))}


def test_a_keystroke_past_the_compared_head_encodes_nothing_again(qtbot, trained,
                                                                  monkeypatch):
    from app.panes import compare_pane

    monkeypatch.setattr(compare_pane, "TEXT_LIMIT", 60)
    session = Session()
    for name, tok in trained.items():
        session.add_tokenizer(TokenizerEntry(name, tok, None, name, {}))
    session.set_text("the lowest newer wider " * 10)
    pane = compare_pane.ComparePane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1000, 600)
    pane.show()
    qtbot.waitExposed(pane)
    with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
        pane.set_compared(list(trained))
    qtbot.waitUntil(lambda: not pane.text_job.is_running(), timeout=60000)
    shown = pane.alignment
    started: list[str] = []
    start = pane.text_job.start_job
    monkeypatch.setattr(pane.text_job, "start_job",
                        lambda *args: (started.append(args[3]), start(*args)))
    for key in "ab":
        session.set_text(session.text + key)
    qtbot.wait(100)
    assert started == [] and pane.alignment is shown
    assert "first 60 characters" in pane.status_label.text()
    # a change inside the head is compared again
    with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
        session.set_text("x" + session.text)
    assert started == [session.text[:60]] and pane.alignment.text == session.text[:60]
    pane.shutdown()
    session.shutdown()


def test_rows_that_come_while_out_of_sight_are_drawn_when_seen(qtbot, trained):
    """A text job started while Compare was seen and done after another view was picked
    draws its rows when the pane is seen again, not at once for no one."""
    from app.panes import compare_pane

    session = Session()
    for name, tok in trained.items():
        session.add_tokenizer(TokenizerEntry(name, tok, None, name, {}))
    session.set_text("the lowest newer wider")
    pane = compare_pane.ComparePane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1000, 600)
    pane.show()
    qtbot.waitExposed(pane)
    drawn: list[object] = []
    draw = pane.view.set_alignment
    pane.view.set_alignment = lambda alignment, *a, **k: (drawn.append(alignment),
                                                          draw(alignment, *a, **k))
    with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
        pane.set_compared(list(trained))
        pane.hide()  # another view is picked while the job runs
    assert pane.alignment is not None and pane.alignment not in drawn
    pane.show()  # showEvent -> catch_up
    assert drawn[-1] is pane.alignment
    assert pane.view.alignment is pane.alignment
    pane.shutdown()
    session.shutdown()
