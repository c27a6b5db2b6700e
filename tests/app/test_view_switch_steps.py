"""Issue 20, view switches without a stall over 100 ms: the work of a switch, a restore or a
close is cut into steps across event-loop turns or moved off the GUI thread, and ends up
complete."""

from __future__ import annotations

import threading



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


def test_a_view_builds_its_new_panes_after_the_switch_one_per_turn(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.is_built("encoding"))  # the first view's
    assert not window.is_built("vocab") and not window.is_built("decode")
    window.show_view("vocab")
    assert not window.is_built("vocab") and not window.is_built("decode")  # not in its turn
    window._build_next()  # one turn of the build timer
    assert [window.is_built("vocab"), window.is_built("decode")].count(True) == 1
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
