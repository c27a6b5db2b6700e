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
