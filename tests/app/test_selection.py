"""SelectionModel: set is idempotent (origin ignored), so A -> B -> A loops stop."""

from __future__ import annotations

from app.selection import Selection, SelectionModel


def test_set_is_idempotent_and_ignores_origin(qtbot):
    model = SelectionModel()
    seen = []
    model.changed.connect(seen.append)
    a = Selection(span=(0, 3), token_ids=frozenset({5}), token_index=0, origin="offsets")
    model.set(a)
    model.set(Selection(span=(0, 3), token_ids=frozenset({5}), token_index=0, origin="encoding"))
    assert seen == [a]
    model.clear()
    assert model.current.is_empty and len(seen) == 2


def test_ping_pong_between_two_listeners_terminates(qtbot):
    model = SelectionModel()
    calls = []

    def echo(sel):  # a careless pane that re-publishes what it receives
        calls.append(sel)
        model.set(Selection(span=sel.span, token_ids=sel.token_ids, origin="echo"))

    model.changed.connect(echo)
    model.set(Selection(span=(1, 2), origin="x"))
    assert len(calls) == 1
