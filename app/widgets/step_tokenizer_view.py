"""StepTokenizerView: a lesson step's own tokenizer, beside the step and apart from the user's.

What it shows: what the tokenizer is (model, vocabulary size, merges so far), a text it
encodes — the step's, or one the reader types — drawn with its tokens
(:class:`~app.widgets.token_text_view.TokenTextView`), and the tokenizer's merges so far
(rank, pair, new token, count) or, for Unigram, its pieces with their log-probabilities.
A *Keep this tokenizer* button asks for the tokenizer to join the user's
(``keep_requested``); clicking a token names its word (``word_clicked``) for the step's
trace. The widget holds no session: the lesson's tokenizer never becomes the user's
unless the pane keeps it.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_token
from subword_core.errors import SubwordError
from subword_core.models import Unigram

from ..item_models import Column, RecordTableModel
from .column_fit import fit_columns
from .token_text_view import TokenTextView

# The longest text the reader may type (encoded on the GUI thread by a lesson's tiny model).
TRY_TEXT_LIMIT = 2_000


class _ColumnsModel(RecordTableModel):
    """Rows of merges or of pieces: the columns change with the model."""

    def set_columns(self, columns: list[Column]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()


class StepTokenizerView(QWidget):
    """A step's tokenizer on a text, its merges or pieces, and *Keep this tokenizer*."""

    word_clicked = Signal(str)  # the word of a clicked token
    keep_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonTokenizerColumn")
        self._view: Any = None  # subword_core.teaching.lessons.StepView
        self._own_text = False  # the reader typed a text of their own: steps keep it
        self.heading = QLabel("", objectName="lessonStepTokenizerHeading")
        self.info = QLabel("", objectName="lessonStepTokenizerInfo", wordWrap=True)
        self.text_edit = QLineEdit(objectName="lessonTextEdit", maxLength=TRY_TEXT_LIMIT)
        self.text_edit.setClearButtonEnabled(True)
        self.token_view = TokenTextView()
        self.token_view.setObjectName("lessonTokenText")
        self.token_view.setMinimumHeight(60)
        self.token_view.setMaximumHeight(120)
        self.token_count = QLabel("", objectName="lessonTokenCount", wordWrap=True)
        self.model = _ColumnsModel([], self)
        self.table = QTableView(objectName="lessonModelTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.keep_button = QPushButton(objectName="lessonKeepButton")
        self._build_layout()
        self.retranslate()
        self.text_edit.textEdited.connect(self._on_text_edited)
        self.token_view.token_clicked.connect(self._on_token_clicked)
        self.keep_button.clicked.connect(self.keep_requested)
        self.show_view(None)

    def _build_layout(self) -> None:
        side = QVBoxLayout(self)
        side.setContentsMargins(4, 0, 0, 0)
        for widget in (self.heading, self.info, self.text_edit, self.token_view,
                       self.token_count):
            side.addWidget(widget)
        side.addWidget(self.table, 1)
        keep = QHBoxLayout()
        keep.addStretch(1)
        keep.addWidget(self.keep_button)
        side.addLayout(keep)

    def retranslate(self) -> None:
        self.heading.setText(self.tr("<b>This step's tokenizer</b>"))
        self.text_edit.setPlaceholderText(self.tr("Type a text to try this step's tokenizer"))
        self.text_edit.setToolTip(self.tr(
            "The step's text; type your own to see how this step's tokenizer cuts it (your "
            "text stays while you step; empty it to get the step's text back). Your text in "
            "the other views is not changed"))
        self.token_view.setToolTip(self.tr("Click a token to see how its word is cut"))
        self.keep_button.setText(self.tr("Keep this tokenizer"))
        self.keep_button.setToolTip(self.tr(
            "Add a copy of this step's tokenizer to your tokenizers, to use it in the other "
            "views; the lesson itself never changes your text or your tokenizers"))
        self.show_view(self._view)

    def _merge_columns(self) -> list[Column]:
        return [Column(self.tr("Rank"), lambda r: r[0], align_right=True),
                Column(self.tr("Pair"), lambda r: r[1]),
                Column(self.tr("New token"), lambda r: r[2]),
                Column(self.tr("Count"), lambda r: r[3], align_right=True)]

    def _piece_columns(self) -> list[Column]:
        return [Column(self.tr("Id"), lambda r: r[0], align_right=True),
                Column(self.tr("Piece"), lambda r: r[1]),
                Column(self.tr("Log-probability"), lambda r: r[2], align_right=True)]

    # -- what it shows -----------------------------------------------------------------------
    @property
    def tokenizer(self) -> Any:
        """The step's tokenizer (None without a step)."""
        return self._view.tokenizer if self._view is not None else None

    @property
    def text(self) -> str:
        """The text the step's tokenizer encodes: the reader's own, or the step's."""
        return self.text_edit.text()

    def forget_text(self) -> None:
        """The next step shown brings its own text (another lesson was opened)."""
        self._own_text = False

    def show_view(self, view: Any) -> None:
        """Show ``view`` (a :class:`~subword_core.teaching.lessons.StepView`; None: nothing)."""
        self._view = view
        for widget in (self.text_edit, self.token_view, self.table, self.keep_button):
            widget.setEnabled(view is not None)
        if view is None:
            self.info.setText("")
            self.model.set_records([])
            self.token_view.set_content("", None)
            self.token_count.setText("")
            return
        if not self._own_text:
            self.text_edit.setText(view.text)
        self._show_model(view)
        self._show_encoding()

    def _show_model(self, view: Any) -> None:
        model = view.tokenizer.model
        unigram = isinstance(model, Unigram)
        rows = _model_rows(view)
        self.info.setText(self.tr("%1, %2 tokens in its vocabulary").replace(
            "%1", type(model).__name__).replace("%2", f"{view.tokenizer.get_vocab_size():,}")
            + ("" if unigram else "; " + self.tr("%1 merges so far").replace(
                "%1", f"{len(rows):,}")))
        self.model.set_columns(self._piece_columns() if unigram else self._merge_columns())
        self.model.set_records(rows)
        # a tokenizer file's merges have no counts (the compression lesson's, Sennrich's)
        self.table.setColumnHidden(3, not unigram and not any(r[3] for r in rows))
        # a sample of rows, not resizeColumnsToContents's 1,000 (a file's 50k merges)
        fit_columns(self.table)
        # subtle: the header stretched the section hidden now; set again, it finds the last shown
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setStretchLastSection(True)

    def _show_encoding(self) -> None:
        tokenizer, text = self.tokenizer, self.text
        encoding = None
        self.token_count.setText("")
        if tokenizer is not None and text:
            try:
                encoding = tokenizer.encode(text)
            except SubwordError as exc:
                self.token_count.setText(str(exc))
        self.token_view.set_content(text, encoding)
        if encoding is not None:
            self.token_count.setText(self.tr("%1 tokens: %2").replace(
                "%1", f"{len(encoding):,}").replace(
                "%2", " · ".join(visible_token(t) for t in encoding.tokens[:200])))

    # -- the reader ----------------------------------------------------------------------------
    @Slot(str)
    def _on_text_edited(self, text: str) -> None:
        step_text = self._view.text if self._view is not None else ""
        self._own_text = bool(text) and text != step_text
        if not text and step_text:  # emptied: the step's text again
            self.text_edit.setText(step_text)
        self._show_encoding()

    @Slot(int)
    def _on_token_clicked(self, index: int) -> None:
        encoding = self.token_view.encoding
        if encoding is None or not 0 <= index < len(encoding):
            return
        start = encoding.offsets[index][0]
        for match in re.finditer(r"\S+", self.text):
            if match.start() <= start < match.end():
                self.word_clicked.emit(match.group())
                return


def _model_rows(view: Any) -> list[tuple]:
    """Merges so far (rank, pair, token, count), or a Unigram's pieces (id, piece, score)."""
    model = view.tokenizer.model
    if isinstance(model, Unigram):
        return [(i, visible_token(p), f"{score:.4f}") for i, (p, score) in
                enumerate(model.pieces)]
    if view.history is not None and view.history.merges:
        return [(m.rank, f"{visible_token(m.left)} + {visible_token(m.right)}",
                 visible_token(m.token), f"{m.count:,}") for m in view.history.merges]
    merges = getattr(model, "merges", None) or []
    return [(rank, f"{visible_token(a)} + {visible_token(b)}", visible_token(a + b), "")
            for rank, (a, b) in enumerate(merges)]


__all__ = ["StepTokenizerView"]
