"""The single selection bus that links the panes (STYLE.md section 7).

A :class:`Selection` is an immutable value saying what the user is looking at:
a character span of the ORIGINAL input text (the coordinate system every pane
shares), a set of vocabulary ids (merge history, plots), optionally the index of
one token in the current encoding (byte-level models can put several tokens on
one character, so a span alone cannot name a single token) and optionally a
merge rank. Panes never talk to each other; they call :meth:`SelectionModel.set`
and listen to :attr:`SelectionModel.changed`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

Span = tuple[int, int]


@dataclass(frozen=True)
class Selection:
    """What the user is looking at; compared by value, ``origin`` excluded.

    Args:
        span: half-open character span in the original input text, or None.
        token_ids: vocabulary ids to highlight (e.g. every token built with a merge).
        token_index: one token of the current encoding, when a single token is meant.
        merge_rank: the merge the user picked in the merge history, if any.
        origin: which pane set it (debugging only; ignored by ``==``).
    """

    span: Span | None = None
    token_ids: frozenset[int] = frozenset()
    token_index: int | None = None
    merge_rank: int | None = None
    origin: str = field(default="", compare=False)

    @property
    def is_empty(self) -> bool:
        return self.span is None and not self.token_ids and self.merge_rank is None


class SelectionModel(QObject):
    """Holds the current :class:`Selection`; emits ``changed`` only on real changes.

    ``set`` is idempotent, which is what breaks A -> B -> A feedback loops.
    """

    changed = Signal(object)  # Selection

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current = Selection()

    @property
    def current(self) -> Selection:
        return self._current

    def set(self, selection: Selection) -> None:
        if selection == self._current:
            return
        self._current = selection
        self.changed.emit(selection)

    def clear(self, origin: str = "") -> None:
        self.set(Selection(origin=origin))
