"""EncodingPane: type text, see it re-encoded (debounced) as coloured token spans.

The input box feeds ``Session.set_text`` 150 ms after the last keystroke; the
session encodes (in the background for big texts) and this pane redraws the
:class:`~app.widgets.TokenTextView`. A toggle shows the pipeline stages from
``Tokenizer.explain``: the normalized text and the pre-tokenization pieces with
their original offsets. Clicking a token selects it everywhere; tokens named by
the selection (a merge picked in the merge history) are highlighted.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import (
    is_byte_level,
    sequence_summary,
    token_indices_with_ids,
    unk_id,
    visible_text,
    visible_token,
)

from .. import style
from ..item_models import Column, RecordTableModel
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets import TokenTextView

DEBOUNCE_MS = 150

PIECE_COLUMNS = [
    Column("#", lambda r: r[0], align_right=True),
    Column("pre-token", lambda r: r[3],
           tooltip=lambda r: repr(r[1].text)),
    Column("start", lambda r: r[1].offsets[0], align_right=True),
    Column("end", lambda r: r[1].offsets[1], align_right=True),
    Column("original", lambda r: visible_text(r[2])),
    Column("added token", lambda r: "yes" if r[1].added_token else ""),
]


class EncodingPane(QWidget):
    """Editable text on top, the tokens drawn over it below, optional pipeline stages."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encodingPane")
        self._session = session
        self._selection = selection

        self.input = QPlainTextEdit(objectName="encodeInput")
        self.input.setPlaceholderText("Type or paste text to encode…")
        self.input.setFont(style.text_font(12))
        self.view = TokenTextView(self)
        self.view.setObjectName("tokenView")
        self.summary_label = QLabel("", objectName="encodingSummary")
        # long summaries must not widen the window: let the label be cut instead
        self.summary_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.pipeline_check = QCheckBox("Show normalized text and pre-tokens",
                                        objectName="pipelineToggle")
        self.normalized_label = QLabel("", objectName="normalizedText")
        self.normalized_label.setWordWrap(True)
        self.normalized_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.normalized_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pieces_model = RecordTableModel(PIECE_COLUMNS, self)
        self.pieces_table = QTableView(objectName="preTokensTable")
        self.pieces_table.setModel(self.pieces_model)
        self.pieces_table.verticalHeader().setVisible(False)
        self.pieces_table.verticalHeader().setDefaultSectionSize(22)
        self.pieces_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.pieces_table.horizontalHeader().setStretchLastSection(True)
        self.pieces_table.horizontalHeader().setResizeContentsPrecision(64)
        self.pipeline_box = QWidget()
        box = QVBoxLayout(self.pipeline_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.normalized_label)
        box.addWidget(self.pieces_table)
        self.pipeline_check.setChecked(True)

        legend = QHBoxLayout()
        legend.addWidget(self.summary_label, 1)
        for text, tip, color in (
                ("unknown", "unknown token", style.unknown_color()),
                ("shared char", "a character covered by several (byte) tokens",
                 style.multi_token_color()),
                ("merge", "token built with the merge selected in the merge history",
                 style.highlight_color())):
            chip = QLabel(f" {text} ", toolTip=tip)
            chip.setStyleSheet(f"background:{color.name()}; border-radius:3px; color:black")
            legend.addWidget(chip)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.input)
        splitter.addWidget(self.view)
        splitter.setSizes([70, 200])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(legend)
        layout.addWidget(self.pipeline_check)
        layout.addWidget(self.pipeline_box, 1)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._on_debounce_timeout)
        self.input.textChanged.connect(self._debounce.start)
        self.view.token_clicked.connect(self._on_view_token_clicked)
        self.pipeline_check.toggled.connect(self._on_pipeline_toggled)
        session.encoding_changed.connect(self._on_session_encoding_changed)
        session.text_changed.connect(self._on_session_text_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_text_changed(session.text)
        self._on_session_encoding_changed(session.encoding)

    # -- incoming ------------------------------------------------------------------------------
    @Slot(str)
    def _on_session_text_changed(self, text: str) -> None:
        if self.input.toPlainText() != text:
            with QSignalBlocker(self.input):  # do not echo the text back through the debounce
                self.input.setPlainText(text)

    @Slot(object)
    def _on_session_encoding_changed(self, encoding: Any) -> None:
        tokenizer = self._session.tokenizer
        unk = unk_id(tokenizer) if tokenizer is not None else None
        highlight, selected = self._marks(self._selection.current, encoding)
        self.view.set_content(self._session.text, encoding,
                              byte_level=tokenizer is not None and is_byte_level(tokenizer),
                              unk_id=unk, highlight=highlight, selected=selected)
        if encoding is None:
            self.summary_label.setText("no tokenizer" if tokenizer is None else "cannot encode")
        else:
            s = sequence_summary(self._session.text, encoding, unk)
            self.summary_label.setText(
                f"{s['tokens']:,} tokens · {s['characters']:,} chars · "
                f"{s['chars_per_token']:.2f} chars/token · {s['tokens_per_word']:.2f} tokens/word"
                + (f" · {s['unknown']} unknown" if s["unknown"] else ""))
        self._refresh_pipeline()

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if self.view.encoding is not None:
            self.view.set_marks(*self._marks(selection, self.view.encoding))

    @staticmethod
    def _marks(selection: Selection, encoding: Any) -> tuple[set[int], set[int]]:
        """(highlighted, selected) token indices for a selection."""
        if encoding is None:
            return set(), set()
        if selection.token_index is not None and selection.token_index < len(encoding):
            selected = {selection.token_index}
        elif selection.span is not None:
            selected = set(encoding.tokens_in_span(*selection.span))
        else:
            selected = set()
        # a merge selection names vocabulary ids: highlight every token carrying one
        highlight = set()
        if selection.merge_rank is not None and selection.token_ids:
            highlight = set(token_indices_with_ids(encoding, selection.token_ids))
        return highlight, selected

    # -- outgoing ------------------------------------------------------------------------------
    @Slot()
    def _on_debounce_timeout(self) -> None:
        self._session.set_text(self.input.toPlainText())

    @Slot(int)
    def _on_view_token_clicked(self, index: int) -> None:
        enc = self.view.encoding
        self._selection.set(Selection(span=tuple(enc.offsets[index]),
                                      token_ids=frozenset({enc.ids[index]}),
                                      token_index=index, origin="encoding"))

    # -- pipeline stages -------------------------------------------------------------------------
    @Slot(bool)
    def _on_pipeline_toggled(self, on: bool) -> None:
        self.pipeline_box.setVisible(on)
        self._refresh_pipeline()

    def _refresh_pipeline(self) -> None:
        tokenizer = self._session.tokenizer
        if not self.pipeline_check.isChecked() or tokenizer is None:
            return
        text = self._session.text
        try:
            explanation = tokenizer.explain(text)
        except Exception as exc:  # noqa: BLE001 - show the reason instead of the stages
            self.normalized_label.setText(f"cannot explain: {exc}")
            self.pieces_model.set_records([])
            return
        self.normalized_label.setText(f"Normalized: {visible_text(explanation.normalized)}")
        byte_level = is_byte_level(tokenizer)
        self.pieces_model.set_records(
            [(i, p, text[p.offsets[0]:p.offsets[1]], visible_token(p.text, byte_level))
             for i, p in enumerate(explanation.pre_tokens)])
