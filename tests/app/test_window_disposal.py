"""A closed or replaced window is destroyed a piece per event-loop turn (app.disposal), and
nothing of it is left once the loop has run; View ▸ Language's new window works meanwhile."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import Shiboken

from app import disposal
from app.session import TokenizerEntry
from app_helpers import language_switches



@pytest.fixture(scope="module")
def tokenizer():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


class _Turns:
    """Counts event-loop turns (a 0 ms timer) and notes the turn each watched object died in."""

    def __init__(self) -> None:
        self.turn = 0
        self.died: dict[str, int] = {}
        self._timer = QTimer(interval=0)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        self.turn += 1

    def watch(self, name: str, obj) -> None:
        obj.destroyed.connect(lambda *_: self.died.setdefault(name, self.turn))

    def stop(self) -> None:
        self._timer.stop()


def _pointers(widgets) -> set[int]:
    return {Shiboken.getCppPointer(w)[0] for w in widgets if Shiboken.isValid(w)}


def _window_with_panes(settings, tokenizer):
    from app import create_main_window

    window = create_main_window(load_sample=False, settings=settings)
    window.session.add_tokenizer(TokenizerEntry("bpe", tokenizer, algorithm="bpe"))
    window.session.set_text("lower newest 한국어")
    for key in ("encoding", "offsets", "vocab", "merges", "compare"):
        window.pane(key)
    return window


def test_dispose_destroys_the_docks_in_turns_of_their_own_and_leaves_nothing(
        qtbot, settings, tokenizer):
    before = _pointers(QApplication.topLevelWidgets())
    window = _window_with_panes(settings, tokenizer)
    window.show()
    qtbot.waitExposed(window)
    built = {key: window.docks[key] for key in ("encoding", "offsets", "vocab", "merges")}
    panes = [window.pane(key) for key in built]
    everything = [*window.docks.values(), *panes, *window.findChildren(QWidget)]
    turns = _Turns()
    try:
        for key, dock in built.items():
            turns.watch(key, dock)
        turns.watch("window", window)
        window.shutdown()
        window.dispose()
        assert window.isHidden() and Shiboken.isValid(window)  # hidden now, deleted later
        qtbot.waitUntil(lambda: disposal.pending() == 0, timeout=10000)
    finally:
        turns.stop()
    assert not [w for w in everything if Shiboken.isValid(w)]
    assert _pointers(QApplication.topLevelWidgets()) <= before  # menus included
    # one built dock per turn, and the window after them all
    assert len({turns.died[key] for key in built}) == len(built)
    assert turns.died["window"] > max(turns.died[key] for key in built)


def test_language_switch_destroys_the_old_window_piecewise_and_the_new_one_works(
        qtbot, settings, tokenizer, monkeypatch):
    import sys

    from app.main_window import switch_language

    caught: list[str] = []  # what the old window's panes say while they come apart
    monkeypatch.setattr(sys, "excepthook", lambda t, e, tb: caught.append(f"{t.__name__}: {e}"))
    monkeypatch.setattr(sys, "unraisablehook", lambda u: caught.append(repr(u.exc_value)))

    old = _window_with_panes(settings, tokenizer)
    old.show()
    qtbot.waitExposed(old)
    session = old.session
    docks = {key: old.docks[key] for key in ("encoding", "offsets", "vocab", "merges")}
    everything = [*old.docks.values(), *old.findChildren(QWidget)]
    turns = _Turns()
    for key, dock in docks.items():
        turns.watch(key, dock)
    turns.watch("window", old)
    try:
        with language_switches() as made:
            new = switch_language(old, "ko")
            made.append(new)
            assert new is not old
            # the session goes on while the old window's panes come apart: they hear nothing
            for n in range(5):
                session.set_text(f"lower {n}")
                qtbot.wait(1)
            # the new window is shown in the last of its construction's turns, then the old
            # one is taken apart
            qtbot.waitUntil(lambda: new.isVisible() and disposal.pending() == 0, timeout=10000)
            turns.stop()
            assert caught == []
            assert not [w for w in everything if Shiboken.isValid(w)]
            assert len({turns.died[key] for key in docks}) == len(docks)
            assert turns.died["window"] > max(turns.died[key] for key in docks)
            # the new window has the session, and types and encodes
            assert new.session is session and session.parent() is new
            assert new.windowTitle() == "서브워드 탐색기"
            new.encoding_pane.input.setPlainText("newest lower")
            qtbot.waitUntil(lambda: session.encoding is not None
                            and session.text == "newest lower"
                            and "".join(session.encoding.tokens).replace("</w>", "")
                            == "newestlower", timeout=10000)
    finally:
        turns.stop()
