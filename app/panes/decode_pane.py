"""DecodePane: paste token ids, read the text and the tokens they stand for.

Ids may be pasted as a notebook prints them: ``101 7592 102``, ``101, 7592``, a JSON
list, or ``[101, 7592, ...]`` copied from Python. The current tokenizer's ``decode``
gives the text (optionally without special tokens); the table lists each id's token in
the readable form. Ids missing from the vocabulary and pieces that are not ids are
reported in words above the result, never raised. "From the current text" fills in
the ids of the current encoding. Clicking a token selects its id, so the other
panes highlight it. Parsing and decoding are :func:`subword_core.analysis.vocabulary.decode_ids`
(19 ms for 13k ids of Llama 3: synchronous).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QSplitter, QTableView,
    QVBoxLayout, QWidget,
)

from subword_core.analysis.vocabulary import DecodedIds, decode_ids, ids_text

from ..item_models.table_model import Column
from ..item_models.vocab_model import TippedRecordModel
from ..selection import Selection, SelectionModel
from ..session import Session
from ..wording import decode_problems

TOKEN_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r[0], align_right=True, natural=True),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "id"), lambda r: f"{r[1]:,}", sort_key=lambda r: r[1], align_right=True),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "token"), lambda r: r[3], tooltip=lambda r: QCoreApplication.translate(
        "Columns",
        "raw {raw}").format(raw=repr(r[2]))),
    Column(QT_TRANSLATE_NOOP("Columns", "raw"), lambda r: r[2]),
]
TOKEN_TIPS = (QT_TRANSLATE_NOOP(
    "Columns",
    "Position in the pasted list (ids not in the vocabulary are left out)"),
              QT_TRANSLATE_NOOP(
                  "Columns",
                  "The token id"), QT_TRANSLATE_NOOP(
                  "Columns",
                  "The token as people read it: ␣ is a space, ⟨C3⟩ one byte"),
              QT_TRANSLATE_NOOP(
                  "Columns",
                  "The vocabulary entry exactly as stored in tokenizer.json"))


class DecodePane(QWidget):
    """Ids in, text and tokens out."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("decodePane")
        self._session, self._selection = session, selection
        self.result: DecodedIds | None = None

        self.ids_edit = QPlainTextEdit(objectName="decodeIds")
        self.ids_edit.setPlaceholderText(self.tr("Paste token ids: 101 7592 102, 101, 7592, 102, "
                                         "or [101, 7592, 102] copied from Python"))
        self.ids_edit.setToolTip(self.tr("Token ids separated by spaces or commas; brackets of a "
                                 "JSON or Python list are fine"))
        self.skip_special = QCheckBox(self.tr(
            "skip special tokens"), objectName="decodeSkipSpecial")
        self.skip_special.setToolTip(self.tr("Leave special tokens such as [CLS] or <|endoftext|> "
                                     "out of the decoded text (decode(skip_special_tokens=True))"))
        self.from_text_button = QPushButton(self.tr("From the current text"),
                                            objectName="decodeFromTextButton")
        self.from_text_button.setToolTip(self.tr("Fill in the ids of the current text's encoding"))
        self.status = QLabel("", objectName="decodeStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems = QLabel("", objectName="decodeProblems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems.hide()
        self.text_view = QPlainTextEdit(objectName="decodedText", readOnly=True)
        self.text_view.setToolTip(self.tr("The text the ids decode to with the current tokenizer"))
        self.text_view.setFont(QFont("Noto Sans", 11))
        self.tokens_model = TippedRecordModel(TOKEN_COLUMNS, TOKEN_TIPS, self)
        self.tokens_table = QTableView(objectName="decodeTokens")
        self.tokens_table.setModel(self.tokens_model)
        self.tokens_table.verticalHeader().setVisible(False)
        self.tokens_table.verticalHeader().setDefaultSectionSize(22)
        self.tokens_table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((50, 80, 160)):
            self.tokens_table.setColumnWidth(column, width)
        self.tokens_table.setToolTip(self.tr("Each known id and its token (click one: the other "
                                     "panes highlight it)"))
        self.tokens_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.tokens_table.setSelectionMode(QTableView.SelectionMode.SingleSelection)

        row = QHBoxLayout()
        row.addWidget(self.skip_special)
        row.addWidget(self.from_text_button)
        row.addWidget(self.status, 1)
        output = QWidget()
        box = QVBoxLayout(output)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel(self.tr("Decoded text")))
        box.addWidget(self.text_view, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(output)
        splitter.addWidget(self.tokens_table)
        splitter.setSizes([500, 400])
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Token ids")))
        layout.addWidget(self.ids_edit, 1)
        layout.addLayout(row)
        layout.addWidget(self.problems)
        layout.addWidget(splitter, 3)

        self._timer = QTimer(self, singleShot=True, interval=120)
        self._timer.timeout.connect(self.decode)
        self.ids_edit.textChanged.connect(self._timer.start)
        self.skip_special.toggled.connect(self.decode)
        self.from_text_button.clicked.connect(self.fill_from_text)
        self.tokens_table.selectionModel().currentRowChanged.connect(self._on_tokens_row_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.encoding_changed.connect(self._on_session_encoding_changed)
        self._on_session_tokenizer_changed(session.current)

    @Slot(object)
    def _on_session_tokenizer_changed(self, _entry: Any) -> None:
        self._on_session_encoding_changed(self._session.encoding)
        self.decode()

    @Slot(object)
    def _on_session_encoding_changed(self, encoding: Any) -> None:
        self.from_text_button.setEnabled(encoding is not None and len(encoding) > 0)

    @Slot()
    def fill_from_text(self) -> None:
        encoding = self._session.encoding
        if encoding is not None:
            self.ids_edit.setPlainText(ids_text(encoding.ids))
            self.decode()

    @Slot()
    def decode(self) -> None:
        """Decode the ids in the box now (typing waits 120 ms for this)."""
        self._timer.stop()
        tokenizer = self._session.tokenizer
        text = self.ids_edit.toPlainText()
        if tokenizer is None:
            self.result = None
            self._show("", [], self.tr("open or train a tokenizer to decode ids"), "")
            return
        if not text.strip():
            self.result = None
            self._show("", [], self.tr("paste token ids above"), "")
            return
        self.result = result = decode_ids(tokenizer, text, self.skip_special.isChecked())
        n = len(result.tokens)
        status = (self.tr("1 token → {chars} characters") if n == 1 else self.tr(
            "{n} tokens → {chars} characters")).format(n=f"{n:,}", chars=f"{len(result.text):,}")
        self._show(result.text, result.tokens, status, decode_problems(result))

    def _show(self, text: str, tokens: list, status: str, problems: str) -> None:
        self.text_view.setPlainText(text)
        self.tokens_model.set_records([(k, *t) for k, t in enumerate(tokens)])
        self.status.setText(status)
        self.problems.setText(problems)
        self.problems.setVisible(bool(problems))

    @Slot()
    def _on_tokens_row_changed(self, current: Any, _previous: Any = None) -> None:
        if current.isValid():
            token_id = self.tokens_model.record_at(current.row())[1]
            self._selection.set(Selection(token_ids=frozenset({token_id}), origin="decode"))

    def shutdown(self) -> None:
        """Nothing runs in the background; stop the pending decode."""
        self._timer.stop()
