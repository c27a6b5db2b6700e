"""TurnSteps: a generator's steps in event-loop turns, a CPU budget per turn, latest wins
(issue 20: a figure drawn whole in the turn its data came back held the event loop)."""

from __future__ import annotations

from app.turn_steps import TurnSteps


def _passes(qapp, steps: TurnSteps, limit: int = 50) -> int:
    for n in range(1, limit + 1):
        qapp.processEvents()  # one pass of the event loop
        if not steps.pending():
            return n
    return limit


def test_steps_run_in_later_turns_within_a_budget(qtbot, qapp, monkeypatch):
    steps = TurnSteps()
    done = []

    def drawing():
        for k in range(5):
            done.append(k)
            yield
    monkeypatch.setattr(TurnSteps, "BUDGET_S", 0.0)  # one step per turn
    steps.start(drawing())
    assert done == [] and steps.pending()  # nothing in the turn that starts it
    qapp.processEvents()
    assert done == [0]
    assert _passes(qapp, steps) >= 4 and done == [0, 1, 2, 3, 4]
    monkeypatch.setattr(TurnSteps, "BUDGET_S", 10.0)  # all of it in one turn
    done.clear()
    steps.start(drawing())
    qapp.processEvents()
    assert done == [0, 1, 2, 3, 4] and not steps.pending()


def test_a_new_start_drops_the_unfinished_run_and_finish_runs_the_rest(qtbot, qapp, monkeypatch):
    monkeypatch.setattr(TurnSteps, "BUDGET_S", 0.0)
    steps = TurnSteps()
    done = []

    def drawing(name):
        for k in range(3):
            done.append((name, k))
            yield
    steps.start(drawing("old"))
    qapp.processEvents()
    steps.start(drawing("new"))
    steps.finish()
    assert done == [("old", 0), ("new", 0), ("new", 1), ("new", 2)] and not steps.pending()
    qapp.processEvents()
    assert len(done) == 4
    steps.start(drawing("dropped"))
    steps.cancel()
    qapp.processEvents()
    assert len(done) == 4 and not steps.pending()


def test_a_turn_queue_runs_each_job_once_in_later_turns_in_order(qtbot, qapp, monkeypatch):
    from app.turn_steps import TurnQueue

    monkeypatch.setattr(TurnQueue, "BUDGET_S", 0.0)  # one job per turn
    queue, done = TurnQueue(), []

    def job(name):
        return lambda: done.append(name)
    first, second, third = job("first"), job("second"), job("third")
    for each in (first, second, first, third):  # queued again: once, in its first place
        queue.later(each)
    queue.cancel(third)
    assert done == [] and queue.pending(first) and queue.pending()
    qapp.processEvents()
    assert done == ["first"] and not queue.pending(first) and queue.pending(second)
    for _ in range(10):
        qapp.processEvents()
    assert done == ["first", "second"] and not queue.pending()
    queue.later(first)
    queue.later(second)
    queue.finish()
    assert done == ["first", "second", "first", "second"] and not queue.pending()


def test_a_turn_queue_lets_a_timer_tick_between_two_jobs(qtbot, qapp, monkeypatch):
    """Each job in a turn of its own: a timer due meanwhile (the window's input, a repaint)
    runs between two jobs (a 0 ms single shot would not: it comes before the timers)."""
    from PySide6.QtCore import QTimer

    from app.turn_steps import TurnQueue

    monkeypatch.setattr(TurnQueue, "BUDGET_S", 0.0)
    queue, order = TurnQueue(), []
    tick = QTimer(singleShot=True, interval=0)
    tick.timeout.connect(lambda: order.append("tick"))

    def first():
        order.append("first")
        tick.start()  # due before the second job's turn
    queue.later(first)
    queue.later(lambda: order.append("second"))
    qtbot.waitUntil(lambda: not queue.pending())
    qtbot.waitUntil(lambda: "tick" in order)
    assert order == ["first", "tick", "second"]


def test_a_job_of_a_deleted_widget_is_dropped(qtbot, qapp):
    from PySide6.QtWidgets import QWidget
    from shiboken6 import delete

    from app.turn_steps import TurnQueue

    class Pane(QWidget):
        ran = 0

        def redraw(self):
            Pane.ran += 1
    queue, pane = TurnQueue(), Pane()
    queue.later(pane.redraw)
    delete(pane)
    queue.finish()
    assert Pane.ran == 0 and not queue.pending()
