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
