"""TokenizersPane: the tokenizers kept in the session — pick, rename, remove.

Several trained (or opened) tokenizers live side by side in the
:class:`~app.session.Session`; this small bar switches the current one, which
every other pane follows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from ..selection import SelectionModel
from ..session import Session


class TokenizersPane(QWidget):
    """Combo of session tokenizers with Rename and Remove buttons."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenizersPane")
        self._session = session
        self.combo = QComboBox(objectName="tokenizerCombo")
        self.combo.setMinimumContentsLength(22)
        self.combo.setToolTip("Tokenizers kept in this session; pick one to explore it")
        self.rename_button = QPushButton("Rename…", objectName="renameTokenizerButton")
        self.remove_button = QPushButton("Remove", objectName="removeTokenizerButton")
        self.rename_button.setToolTip("Give the current tokenizer another name (kept across restarts)")
        self.remove_button.setToolTip("Remove the current tokenizer from the session "
                                      "(Edit ▸ Undo remove brings it back)")
        self.info = QLabel("", objectName="tokenizerInfo")
        # a long source list must not widen the window: the label is cut, the tooltip has it all
        self.info.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.info.setMinimumWidth(120)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(QLabel("Tokenizer:"))
        layout.addWidget(self.combo)
        layout.addWidget(self.rename_button)
        layout.addWidget(self.remove_button)
        layout.addWidget(self.info, 1)

        self.combo.activated.connect(self._on_combo_activated)
        self.rename_button.clicked.connect(self._on_rename_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        session.tokenizers_changed.connect(self._on_session_changed)
        session.tokenizer_changed.connect(self._on_session_changed)
        self._on_session_changed()

    @Slot()
    def _on_session_changed(self, *_: Any) -> None:
        self.combo.clear()
        names = [e.name for e in self._session.entries]
        self.combo.addItems(names)
        current = self._session.current
        if current is not None:
            self.combo.setCurrentText(current.name)
            tok = current.tokenizer
            names = ", ".join(Path(p).name for p in current.source.split(", ") if p)
            self.info.setText(f"{type(tok.model).__name__}, {tok.get_vocab_size():,} tokens"
                              + (f" — from {names}" if names else ""))
            self.info.setToolTip(current.source)
        else:
            self.info.setText("no tokenizer yet: open a corpus and train, or open a tokenizer.json")
        for w in (self.rename_button, self.remove_button):
            w.setEnabled(bool(names))

    @Slot(int)
    def _on_combo_activated(self, index: int) -> None:
        self._session.set_current(self.combo.itemText(index))

    @Slot()
    def _on_rename_clicked(self) -> None:
        current = self._session.current
        if current is None:
            return
        name, ok = QInputDialog.getText(self, "Rename tokenizer", "Name", text=current.name)
        if ok and name.strip():
            self._session.rename_tokenizer(current.name, name.strip())

    @Slot()
    def _on_remove_clicked(self) -> None:
        if self._session.current is not None:
            self._session.remove_tokenizer(self._session.current.name)
