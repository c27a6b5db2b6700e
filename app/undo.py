"""Edit ▸ Undo: bring back the tokenizer removed last or the corpus a load replaced, or take
back a vocabulary edit, newest first.

The session keeps the removed tokenizers (``Session.undo_remove``) and the edited copies
its vocabulary edits added (``Session.undo_edit``), the corpus pane the corpus its last
load replaced (``CorpusPane.undo_replace``). :class:`UndoHistory` only
remembers in which order those happened, so that one Undo (Ctrl+Z) brings back the latest
and the menu says what it will bring back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

TOKENIZER, CORPUS, EDIT = "tokenizer", "corpus", "edit"


class UndoHistory(QObject):
    """The order of undoable changes of a session and its corpus pane."""

    changed = Signal()  # what undo() would do changed (the menu text, enabled)

    def __init__(self, session: Any, corpus_pane: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session, self._corpus_pane = session, corpus_pane
        self._kinds: list[str] = []
        self._n_entries = len(session.entries)
        session.tokenizers_changed.connect(self._on_session_tokenizers_changed)
        session.edited.connect(self._on_session_edited)
        corpus_pane.undo_changed.connect(self._on_corpus_pane_undo_changed)

    def latest(self) -> str | None:
        """``"tokenizer"``, ``"corpus"`` or None: what :meth:`undo` brings back."""
        # a change already undone some other way (the session's own undo) is skipped
        while self._kinds and not self._can_undo(self._kinds[-1]):
            self._kinds.pop()
        return self._kinds[-1] if self._kinds else None

    def undo(self) -> str | None:
        """Undo the latest change; its kind, or None when there is nothing to undo."""
        kind = self.latest()
        if kind is None:
            return None
        self._kinds.pop()
        if kind == TOKENIZER:
            entry = self._session.undo_remove()
            if entry is not None:
                self._session.notify(self.tr("Brought back {name}").format(name=entry.name))
        elif kind == EDIT:
            entry = self._session.undo_edit()
            if entry is not None:
                self._session.notify(self.tr("Took back the edit {name}").format(name=entry.name))
        else:
            self._corpus_pane.undo_replace()
        self.changed.emit()
        return kind

    def carry_over(self, older: UndoHistory) -> None:
        """Take over the tokenizer removals ``older`` (a window being replaced) can undo;
        its corpus undo belongs to its own corpus pane and goes with it."""
        self._kinds = [k for k in older._kinds if k in (TOKENIZER, EDIT)] + self._kinds
        self.changed.emit()

    def text(self) -> str:
        """The menu entry for :meth:`undo`."""
        kind = self.latest()
        if kind == TOKENIZER:
            return self.tr("&Undo remove tokenizer")
        if kind == CORPUS:
            return self.tr("&Undo replace corpus")
        if kind == EDIT:
            return self.tr("&Undo vocabulary edit")
        return self.tr("&Undo")

    def _can_undo(self, kind: str) -> bool:
        if kind == EDIT:
            return self._session.can_undo_edit
        return self._session.can_undo_remove if kind == TOKENIZER else (
            self._corpus_pane.can_undo_replace)

    @Slot()
    def _on_session_edited(self) -> None:
        self._kinds.append(EDIT)
        self.changed.emit()

    @Slot()
    def _on_session_tokenizers_changed(self) -> None:
        # entries leave the session only through remove_tokenizer, which keeps them for undo
        n = len(self._session.entries)
        if n < self._n_entries and self._session.can_undo_remove \
                and not self._session.undoing_edit:
            self._kinds.append(TOKENIZER)
        self._n_entries = n
        self.changed.emit()

    @Slot()
    def _on_corpus_pane_undo_changed(self) -> None:
        # one corpus is kept: a newer replacement makes the older one unreachable
        self._kinds = [k for k in self._kinds if k != CORPUS]
        if self._corpus_pane.can_undo_replace:
            self._kinds.append(CORPUS)
        self.changed.emit()


__all__ = ["UndoHistory"]
