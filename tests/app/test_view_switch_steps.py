"""Issue 20, view switches without a stall over 100 ms: the work of a switch, a restore or a
close is cut into steps across event-loop turns or moved off the GUI thread, and ends up
complete."""

from __future__ import annotations

import threading

import pytest

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry


def test_closing_the_window_does_not_wait_for_the_encoder_process(qtbot, window, monkeypatch):
    session = window.session
    real = session.shutdown
    gui = threading.current_thread()
    where: list[threading.Thread] = []
    done = threading.Event()

    def shutdown() -> None:
        where.append(threading.current_thread())
        real()
        done.set()
    monkeypatch.setattr(session, "shutdown", shutdown)
    window.shutdown()
    assert done.wait(20)  # the encoder is stopped all the same
    assert where and where[0] is not gui


def test_a_view_builds_its_new_panes_after_the_switch_one_step_per_turn(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.is_built("encoding"))  # the first view's
    assert not window.is_built("vocab") and not window.is_built("decode")
    window.show_view("vocab")
    assert not window.is_built("vocab") and not window.is_built("decode")  # not in its turn
    turns = 0
    while not window.is_built("vocab"):  # a heavy pane is built in steps, a turn each
        window._build_next()  # one turn of the build timer
        turns += 1
        assert not window.is_built("decode")  # one pane at a time
    assert turns > 1
    qtbot.waitUntil(lambda: window.is_built("vocab") and window.is_built("decode"))
    assert window.docks["vocab"].widget().widget() is window.vocab_pane
    assert window.docks["decode"].widget().widget() is window.decode_pane


def test_a_view_left_before_its_panes_turn_does_not_build_them(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    window.show_view("stats")
    window.show_view("vocab")
    qtbot.waitUntil(lambda: window.is_built("vocab") and window.is_built("decode"))
    qtbot.wait(50)
    assert not window.is_built("stats")
    window.show_view("stats")
    qtbot.waitUntil(lambda: window.is_built("stats"))


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def test_unseen_words_coming_into_sight_are_explained_off_the_gui_thread(
        qtbot, tokenizer, monkeypatch):
    from app.panes import oov_pane

    gui = threading.current_thread()
    where: list[threading.Thread] = []
    real = oov_pane._explain

    def explain(tok, text):
        where.append(threading.current_thread())
        return real(tok, text)
    monkeypatch.setattr(oov_pane, "_explain", explain)
    session = Session()
    session.add_tokenizer(TokenizerEntry("bpe", tokenizer, algorithm="bpe"))
    pane = oov_pane.OovPane(session, SelectionModel())  # out of sight: waits
    qtbot.addWidget(pane)
    try:
        assert pane.reports == [] and not where
        pane.show()  # comes into sight: catches up
        qtbot.waitUntil(lambda: pane.tree.topLevelItemCount() == 1)
        assert where and all(t is not gui for t in where)
        # the first word the model could not take whole is traced, a turn later
        qtbot.waitUntil(lambda: pane.tree.currentItem() is not None)
        assert pane.tree.currentItem().parent() is pane.tree.topLevelItem(0)
        assert pane.trace_view.currentIndex() != 0
        where.clear()
        pane.refresh()  # asked for directly (a short text): at once, as before
        assert where == [gui]
    finally:
        pane.shutdown()
        session.shutdown()
