"""OpenOptionsDialog: how to read a tokenizer file when detection or a guess is not enough.

``open_tokenizer`` detects the format and guesses what a file does not say (a
``.tiktoken`` file's split pattern and special tokens, a SentencePiece model's
pipeline). This dialog lets the user say it instead: the format, the tiktoken
encoding and the SentencePiece flavor. It returns the options ``open_tokenizer``
takes; "detect" and "default" entries leave the choice to the library.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from subword_core.formats import FORMATS

#: The first entry of each combo: let the library decide.
AUTO = QT_TRANSLATE_NOOP("OpenOptionsDialog", "(detect)")
DEFAULT = QT_TRANSLATE_NOOP("OpenOptionsDialog", "(guess)")


def _detected(path: str) -> str | None:
    """The format ``open_tokenizer`` would detect (a look at the file's head), if any."""
    from subword_core.errors import SubwordError
    from subword_core.formats import detect_format

    try:
        return detect_format(path)
    except (SubwordError, OSError):
        return None


def _encodings() -> list[str]:
    from subword_core.formats.tiktoken import ENCODINGS

    return list(ENCODINGS)


def _flavors() -> list[str]:
    from subword_core.formats.sentencepiece import FLAVORS

    return list(FLAVORS)


class OpenOptionsDialog(QDialog):
    """Format, tiktoken encoding and SentencePiece flavor for one file."""

    def __init__(self, path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("openOptionsDialog")
        self.setWindowTitle(self.tr("Open tokenizer with options"))
        self._detected = _detected(path)
        self.format_combo = QComboBox(objectName="openFormatCombo")
        self.format_combo.addItems([self.tr(AUTO), *FORMATS])
        if self._detected:
            self.format_combo.setItemText(0, f"(detected: {self._detected})")
        self.format_combo.setToolTip(self.tr(
            "Read the file as this format instead of detecting it"))
        self.encoding_combo = QComboBox(objectName="openEncodingCombo")
        self.encoding_combo.addItems([self.tr(DEFAULT), *_encodings()])
        self.encoding_combo.setToolTip(
            self.tr(
                "A .tiktoken file holds only ranks: the encoding gives its split pattern and "
                "special tokens (guessed from the number of ranks when not chosen)"))
        self.flavor_combo = QComboBox(objectName="openFlavorCombo")
        self.flavor_combo.addItems([self.tr(DEFAULT), *_flavors()])
        self.flavor_combo.setToolTip(
            self.tr("The pipeline transformers builds for a SentencePiece model: llama (BPE), t5, "
            "xlm-roberta, albert (Unigram) or generic (either)"))
        where = QLabel(path, objectName="openOptionsPath")
        where.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(where)
        form.addRow(self.tr("Format"), self.format_combo)
        form.addRow(self.tr("tiktoken encoding"), self.encoding_combo)
        form.addRow(self.tr("SentencePiece flavor"), self.flavor_combo)
        form.addRow(buttons)
        self.format_combo.currentIndexChanged.connect(self._on_format_changed)
        self._on_format_changed(0)

    def _format(self) -> str | None:
        """The chosen format, or None for "detect"."""
        index = self.format_combo.currentIndex()
        return None if index == 0 else self.format_combo.currentText()

    def _on_format_changed(self, _index: int) -> None:
        # an option that cannot apply to the format is greyed out (and not passed on)
        fmt = self._format() or self._detected
        self.encoding_combo.setEnabled(fmt in (None, "tiktoken", "folder"))
        self.flavor_combo.setEnabled(fmt in (None, "sentencepiece", "folder"))

    def options(self) -> dict[str, Any]:
        """The ``open_tokenizer`` options chosen (only those that differ from automatic)."""
        chosen: dict[str, Any] = {}
        fmt = self._format()
        if fmt is not None:
            chosen["format"] = fmt
        for key, combo in (("encoding", self.encoding_combo), ("flavor", self.flavor_combo)):
            if combo.isEnabled() and combo.currentIndex() != 0:  # 0: "(guess)"
                chosen[key] = combo.currentText()
        return chosen


def ask_open_options(parent: QWidget, path: str) -> dict[str, Any] | None:
    """Show the dialog for ``path``; the options, or None if the user cancelled."""
    dialog = OpenOptionsDialog(path, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.options()
