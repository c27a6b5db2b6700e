"""File actions of the main window: open/save ``tokenizer.json`` and save a training history.

Dialogs go through Qt's static functions (``QFileDialog.getOpenFileName`` …,
``QMessageBox.critical``) so tests can substitute them. Every failure shows a
message and leaves the session as it was; the core writes files atomically.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from subword_core.errors import SubwordError
from subword_core.tokenizer import Tokenizer

from .session import Session, TokenizerEntry

JSON_FILTER = "Tokenizer (*.json);;All files (*)"
HISTORY_FILTER = "Training history (*.jsonl);;All files (*)"


def open_tokenizer(parent: QWidget, session: Session, path: str | None = None) -> bool:
    """Ask for (or take) a ``tokenizer.json`` and add it to the session as the current one."""
    if path is None:
        path, _ = QFileDialog.getOpenFileName(parent, "Open tokenizer.json", "", JSON_FILTER)
        if not path:
            return False
    try:
        tokenizer = Tokenizer.from_file(path)
    except (SubwordError, OSError, ValueError, TypeError, KeyError) as exc:
        QMessageBox.critical(parent, "Cannot open tokenizer",
                             f"{path}\n\n{exc}\n\nThe session is unchanged.")
        return False
    entry = session.add_tokenizer(TokenizerEntry(Path(path).name, tokenizer, algorithm="file",
                                                 source=str(path)))
    session.notify(f"Opened {path} as {entry.name}")
    return True


def save_tokenizer(parent: QWidget, session: Session) -> bool:
    entry = session.current
    if entry is None:
        QMessageBox.warning(parent, "Nothing to save", "Train or open a tokenizer first.")
        return False
    path = _save_with_dialog(parent, "tokenizer.json", f"{_file_stem(entry)}.json", JSON_FILTER,
                             entry.tokenizer.save)
    if path:
        session.notify(f"Saved {entry.name} to {path}")
    return path is not None


def save_history(parent: QWidget, session: Session) -> bool:
    entry = session.current
    if entry is None or entry.history is None:
        QMessageBox.warning(parent, "No training history",
                            "Only tokenizers trained in this session have a history.")
        return False
    path = _save_with_dialog(parent, "training history", f"{_file_stem(entry)}.history.jsonl",
                             HISTORY_FILTER, entry.history.save)
    if path:
        session.notify(f"Saved the training history of {entry.name} to {path}")
    return path is not None


def _file_stem(entry: TokenizerEntry) -> str:
    return entry.name.replace(" ", "_")


def _save_with_dialog(parent: QWidget, what: str, suggested: str, file_filter: str,
                      save: Callable[[str], None]) -> str | None:
    """Ask where to save ``what``, save it there (``save`` writes atomically); the path,
    or None if the user cancelled or saving failed (reported in a message box)."""
    path, _ = QFileDialog.getSaveFileName(parent, f"Save {what}", suggested, file_filter)
    if not path:
        return None
    try:
        save(path)
    except (SubwordError, OSError) as exc:
        QMessageBox.critical(parent, f"Cannot save {what}", f"{path}\n\n{exc}")
        return None
    return path
