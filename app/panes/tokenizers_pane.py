"""TokenizersPane: the tokenizers kept in the session — pick, rename, remove.

Several trained (or opened) tokenizers live side by side in the
:class:`~app.session.Session`; this small bar switches the current one, which
every other pane follows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal, Slot
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
from ..session import Session, TokenizerEntry
from ..wording import source_description


class TokenizersPane(QWidget):
    """Combo of session tokenizers with Rename, Remove and Retrain buttons."""

    retrain_requested = Signal()  # the window asks for a size and starts the retraining

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenizersPane")
        self._session = session
        self.combo = QComboBox(objectName="tokenizerCombo")
        self.combo.setMinimumContentsLength(22)
        self.combo.setToolTip(self.tr("Tokenizers kept in this session; pick one to explore it"))
        self.rename_button = QPushButton(self.tr("Rename…"), objectName="renameTokenizerButton")
        self.remove_button = QPushButton(self.tr("Remove"), objectName="removeTokenizerButton")
        self.retrain_button = QPushButton(self.tr("Retrain…"), objectName="retrainTokenizerButton")
        self.retrain_button.setToolTip(self.tr("Learn this tokenizer's model again on the loaded "
                                               "corpus, keeping its pipeline, then compare old "
                                               "and new (Ctrl+Shift+T)"))
        self.rename_button.setToolTip(self.tr("Give the current tokenizer another name (kept "
                                              "across restarts)"))
        self.remove_button.setToolTip(self.tr("Remove the current tokenizer from the session "
                                              "(Edit ▸ Undo remove brings it back)"))
        self.info = QLabel("", objectName="tokenizerInfo")
        # a long source list must not widen the window: the label is cut, the tooltip has it all
        self.info.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.info.setMinimumWidth(120)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(QLabel(self.tr("Tokenizer:")))
        layout.addWidget(self.combo)
        layout.addWidget(self.rename_button)
        layout.addWidget(self.remove_button)
        layout.addWidget(self.retrain_button)
        layout.addWidget(self.info, 1)

        self.combo.activated.connect(self._on_combo_activated)
        self.rename_button.clicked.connect(self._on_rename_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.retrain_button.clicked.connect(self.retrain_requested)
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
            text, tip = describe_entry(current)
            self.info.setText(text)
            self.info.setToolTip(tip)
        else:
            self.info.setText(self.tr("no tokenizer yet: open a corpus and train, or open a "
                                      "tokenizer"))
            self.info.setToolTip("")
        for w in (self.rename_button, self.remove_button, self.retrain_button):
            w.setEnabled(bool(names))

    @Slot(int)
    def _on_combo_activated(self, index: int) -> None:
        self._session.set_current(self.combo.itemText(index))

    @Slot()
    def _on_rename_clicked(self) -> None:
        current = self._session.current
        if current is None:
            return
        name, ok = QInputDialog.getText(self, self.tr("Rename tokenizer"), self.tr("Name"),
                                        text=current.name)
        if ok and name.strip():
            self._session.rename_tokenizer(current.name, name.strip())

    @Slot()
    def _on_remove_clicked(self) -> None:
        if self._session.current is not None:
            self._session.remove_tokenizer(self._session.current.name)


def describe_entry(entry: TokenizerEntry) -> tuple[str, str]:
    """What a tokenizer is and where it came from: a short line and its full tooltip.

    An opened file says its format (``tokenizer.source``, e.g. "SentencePiece BPE model,
    32,000 pieces") and anything guessed while opening it; a trained one its model, size,
    the corpus files and, for a retraining, the tokenizer it was learnt like.
    """
    tok = entry.tokenizer
    size = QCoreApplication.translate("TokenizersPane", "{n} tokens").format(
        n=f"{tok.get_vocab_size():,}")
    source = getattr(tok, "source", None)
    files = ", ".join(Path(p).name for p in entry.source.split(", ") if p)
    if source is not None and entry.algorithm == "file":
        description = source_description(source.description)
        text = f"{description} — {Path(source.path).name or source.path}"
        tip = "\n".join([f"{description} ({source.format})", source.path, *source.notes])
        return text, tip
    model = type(tok.model).__name__
    text = f"{model}, {size}" + (QCoreApplication.translate(
        "TokenizersPane", " — from {files}").format(files=files) if files else "")
    retrained_from = entry.options.get("retrained_from")
    if retrained_from:
        text = QCoreApplication.translate(
            "TokenizersPane", "{model}, {size}, {name}'s pipeline retrained").format(
                model=model, size=size, name=retrained_from) + (QCoreApplication.translate(
                    "TokenizersPane", " on {files}").format(files=files) if files else "")
    return text, entry.source
