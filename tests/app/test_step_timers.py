"""Work done a step per event-loop turn lets the timers that came due during a step run
before the next step (issue 20: restoring a window on Explore with a 50k text, three
pane-building steps and the window's first paint ran back to back, 166-256 ms, because a
repeating 0 ms timer is dated before its step and so comes before every other timer)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget


def _tick_between(log: list[str]) -> QTimer:
    """A 0 ms timer that notes "tick": started in a step, it comes due during that step."""
    tick = QTimer(singleShot=True, interval=0)
    tick.timeout.connect(lambda: log.append("tick"))
    return tick


def _two_steps(log: list[str], tick: QTimer):
    """Two steps; the first starts ``tick``."""
    log.append("first")
    tick.start()
    yield
    log.append("second")


def test_a_staged_windows_steps_let_a_timer_due_meanwhile_run_between_them(qtbot, settings):
    from app.main_window import MainWindow
    from app.selection import SelectionModel
    from app.session import Session

    log: list[str] = []
    tick = _tick_between(log)
    window = MainWindow(Session(), SelectionModel(), settings, staged=True)
    qtbot.addWidget(window)
    window.then_run(_two_steps(log, tick))
    qtbot.waitUntil(lambda: "second" in log and "tick" in log)
    assert log == ["first", "tick", "second"]


def test_a_pane_built_in_steps_lets_a_timer_due_meanwhile_run_between_them(qtbot, settings):
    from app.lazy_panes import build_in_steps
    from app.main_window import MainWindow
    from app.selection import SelectionModel
    from app.session import Session

    log: list[str] = []
    tick = _tick_between(log)

    def make_pane() -> QWidget:
        pane = QWidget()
        build_in_steps(pane, _two_steps(log, tick))
        return pane
    window = MainWindow(Session(), SelectionModel(), settings)
    qtbot.addWidget(window)
    dock = window.add_pane_dock("probe", "Probe", make_pane)
    window.show()
    dock.show()  # in sight: built in later turns, a step per turn
    qtbot.waitUntil(lambda: window.is_built("probe"))
    assert log == ["first", "tick", "second"]


def test_a_piecewise_disposal_lets_a_timer_due_meanwhile_run_between_two_pieces(qtbot):
    from shiboken6 import Shiboken

    from app import disposal

    log: list[str] = []
    tick = _tick_between(log)
    root = QWidget()
    first, second = QWidget(root), QWidget(root)
    first.destroyed.connect(lambda: (log.append("first"), tick.start()))
    second.destroyed.connect(lambda: log.append("second"))
    disposal.dispose_piecewise(root, [first, second])
    qtbot.waitUntil(lambda: disposal.pending() == 0)
    assert log == ["first", "tick", "second"] and not Shiboken.isValid(root)
