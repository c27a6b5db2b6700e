"""Panes built when first seen: a dock holds a :class:`PaneSlot` until its pane is needed.

Building every pane when the window opens cost 0.4-0.7 s of frozen window (the statistics
plots alone 0.2 s), paid again at every restart and language switch although one view shows
four panes at most. The window therefore builds a pane when its dock first comes into sight
or when code asks for it (``window.vocab_pane``, ``slot.widget()``).

A pane built late missed what the session announced before: its constructor reads the
session's state, but not every pane reads all of it there. :func:`recording` notes which
slots the pane connects to the session's and the selection's signals while it is built, and
:func:`replay` sends those slots only (through a short-lived relay, with Qt's own argument
matching) the session's current state, in the order the session announces it. The other
panes hear nothing: a replay to all of them would redraw a 50,000-character text again.

The pane is still parentless while its replay runs, so a pane that defers work while out of
sight (``pane_support.SightAwarePane``) only notes it and catches up once, when shown.

Some panes are too heavy to build in one event-loop turn (the Build view's pane made 40-90 ms
of widgets on a quiet machine, 190-250 ms of frozen window in issue 20's heavy session, whose
worker threads make every Qt call wait for the GIL). Such a pane builds the cheap part in its
constructor and hands the rest to :func:`build_in_steps` as a generator, one ``yield`` after
each step. Made outside :func:`staging` (tests, a pane on its own) it runs every step at once;
made by the window inside :func:`staging`, the window runs one step per event-loop turn and
puts the pane in its dock in the turn after the last one (``MainWindow._construction``). Code
that asks for the pane meanwhile gets it finished at once. A staged pane therefore connects to
the session and starts timers in its last step only: until then no signal reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QScrollArea, QWidget

#: The session signals a late pane hears again, in the order ``Session`` announces a change.
SESSION_STATE = ("text_changed", "corpus_changed", "tokenizers_changed", "tokenizer_changed",
                 "encode_options_changed", "encoding_changed")


class _Recorder:
    """Stands in for one signal of the session while a pane is built: connects for real and
    notes the slot."""

    def __init__(self, real: Any, name: str, notes: list[tuple[str, Any, tuple]]) -> None:
        self._real, self._name, self._notes = real, name, notes

    def connect(self, slot: Any, *args: Any) -> Any:
        self._notes.append((self._name, slot, args))
        return self._real.connect(slot, *args)

    def __getattr__(self, name: str) -> Any:  # emit, disconnect: the real signal's
        return getattr(self._real, name)


@contextmanager
def recording(session: QObject, selection: QObject) -> Iterator[list[tuple[str, Any, tuple]]]:
    """Note every ``(signal, slot, connection args)`` connected to ``session`` and
    ``selection`` inside the block; the selection's ``changed`` is noted as
    ``"selection_changed"``.

    Works by shadowing the signals with instance attributes (a ``Signal`` is a non-data
    descriptor); nested blocks (a pane that needs another one built) each note their own.
    """
    notes: list[tuple[str, Any, tuple]] = []
    shadowed: list[tuple[QObject, str, Any]] = []
    for owner, names, prefix in ((session, (*SESSION_STATE, "message"), ""),
                                 (selection, ("changed",), "selection_")):
        for name in names:
            previous = owner.__dict__.get(name)
            real = previous._real if isinstance(previous, _Recorder) else getattr(owner, name)
            owner.__dict__[name] = _Recorder(real, prefix + name, notes)
            shadowed.append((owner, name, previous))
    try:
        yield notes
    finally:
        for owner, name, previous in reversed(shadowed):
            if previous is None:
                del owner.__dict__[name]
            else:
                owner.__dict__[name] = previous


class _Relay(QObject):
    """The session's state signals once more, for the slots of one late pane only."""

    text_changed = Signal(str)
    corpus_changed = Signal(object)
    tokenizers_changed = Signal()
    tokenizer_changed = Signal(object)
    encode_options_changed = Signal(object)
    encoding_changed = Signal(object)
    selection_changed = Signal(object)


def replay(notes: list[tuple[str, Any, tuple]], session: Any, selection: Any) -> None:
    """Tell the slots in ``notes`` the session's and the selection's current state."""
    relay = _Relay()
    for name, slot, args in notes:
        if hasattr(_Relay, name):
            getattr(relay, name).connect(slot, *args)
    relay.text_changed.emit(session.text)
    relay.corpus_changed.emit(session.corpus)
    relay.tokenizers_changed.emit()
    relay.tokenizer_changed.emit(session.current)
    relay.encode_options_changed.emit(session.encode_options)
    relay.encoding_changed.emit(session.encoding)
    relay.selection_changed.emit(selection.current)
    relay.deleteLater()


#: The lists of (pane, steps) the open :func:`staging` blocks hold, innermost last.
_STAGING: list[list[tuple[QWidget, Iterator[None]]]] = []


@contextmanager
def staging() -> Iterator[list[tuple[QWidget, Iterator[None]]]]:
    """Inside the block, :func:`build_in_steps` keeps each pane's steps in the list yielded
    (as ``(pane, steps)``) instead of running them: whoever made the pane runs them later."""
    held: list[tuple[QWidget, Iterator[None]]] = []
    _STAGING.append(held)
    try:
        yield held
    finally:
        _STAGING.pop()


def build_in_steps(pane: QWidget, steps: Iterator[None]) -> None:
    """The rest of ``pane``'s construction: now, or inside :func:`staging` one step per
    ``next(steps)`` of its maker (each ``yield`` of ``steps`` ends one event-loop turn's work)."""
    if _STAGING:
        _STAGING[-1].append((pane, steps))
        return
    for _ in steps:
        pass


def steps_of(pane: QWidget, held: list[tuple[QWidget, Iterator[None]]]) -> Iterator[None]:
    """The steps :func:`staging` held for ``pane``; steps held for any other widget made on
    the way (a widget of the pane) are run now: only the pane's maker knows of it."""
    mine: Iterator[None] = iter(())
    for widget, steps in held:
        if widget is pane:
            mine = steps
        else:
            for _ in steps:
                pass
    return mine


class PaneSlot(QScrollArea):
    """A dock's scroll area that builds its pane on demand (``build()`` or ``widget()``).

    A pane larger than its dock scrolls instead of forcing the window to grow: the window
    then fits a 1366x768 screen whatever the panes ask for.
    """

    def __init__(self, key: str, build: Callable[[str], QWidget]) -> None:
        super().__init__()
        self.key = key
        self._build = build
        self.setObjectName(f"{key}PaneScroll")
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)

    def is_built(self) -> bool:
        return super().widget() is not None

    def widget(self) -> QWidget:
        """The pane, built now if it was not yet."""
        pane = super().widget()
        return pane if pane is not None else self._build(self.key)


__all__ = ["SESSION_STATE", "PaneSlot", "build_in_steps", "recording", "replay", "staging",
           "steps_of"]
