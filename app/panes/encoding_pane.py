"""EncodingPane: type text, see it re-encoded (debounced) as coloured token spans.

The input box feeds ``Session.set_text`` 150 ms after the last keystroke; the
session encodes (in the background for big texts) and this pane redraws the
:class:`~app.widgets.TokenTextView` once, when the new encoding is there. A row of
options switches special tokens, and the file's truncation and padding, on or off
(``Session.set_encode_options``); a notice says when the text was truncated or padded,
and by how much. A toggle shows the pipeline stages the session kept with the
encoding (``EncodeResult.explanation``): the normalized text, in a scrollable box of
bounded height, and the pre-tokenization pieces with their original offsets. Clicking
a token selects it everywhere; tokens named by the selection (a merge picked in the
merge history) are highlighted. Right click or Ctrl+C copies ids, tokens or JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
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
from ..encode_options import EncodeOptions, describe_settings
from ..encoding_layout import NORMALIZED_SHOWN, layout_for, normalized_lines
from ..item_models import Column, RecordTableModel
from ..pane_support import SightAwarePane, out_of_sight
from ..selection import Selection, SelectionModel
from ..session import EXPLAIN_LIMIT, Session
from ..widgets import TokenTextView
from ..widgets.cached_table import CachedTableView
from ..widgets.column_fit import fit_columns
from ..widgets.copy_actions import encoding_actions, install_table_copy
from ..widgets.token_text_view import tokens_in_span
from ..widgets.text_input import tab_moves_focus

DEBOUNCE_MS = 150

# records: (index, PreToken, original text, byte_level); the strings are made when a row shows
PIECE_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r[0], align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "pre-token"), lambda r: visible_token(r[1].text, r[3]),
           tooltip=lambda r: QCoreApplication.translate(
               "Columns", "as the model sees it: {text}").format(text=repr(r[1].text))),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda r: r[1].offsets[0], align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda r: r[1].offsets[1], align_right=True),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "original"), lambda r: visible_text(r[2][r[1].offsets[0]:r[1].offsets[1]]),
           tooltip=lambda r: repr(r[2][r[1].offsets[0]:r[1].offsets[1]])),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "added token"), lambda r: QCoreApplication.translate(
        "Columns",
        "yes")
           if r[1].added_token else ""),
]
PIECE_HEADER_TIPS = [
    QT_TRANSLATE_NOOP("Columns", "position of the piece in the pre-tokenized text"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "the piece after normalization and pre-tokenization (␣ = space, ⟨C3⟩ = a byte)"),
    QT_TRANSLATE_NOOP("Columns", "first character of the piece in the original text"),
    QT_TRANSLATE_NOOP("Columns", "end (exclusive) of the piece in the original text"),
    QT_TRANSLATE_NOOP("Columns", "the original characters the piece comes from"),
    QT_TRANSLATE_NOOP(
        "Columns",
        "yes: an added or special token matched in the text, passed to the model whole"),
]
PIECE_COLUMNS = [replace(c, header_tip=tip) for c, tip in zip(PIECE_COLUMNS, PIECE_HEADER_TIPS)]
ADDED_COLUMN = 5


class _PieceRows(Sequence):
    """The pre-tokens table's records, made when a row is shown: a 50k text has tens of
    thousands of pieces, and the table shows a screenful of them."""

    def __init__(self, explanation: Any, text: str, byte_level: bool) -> None:
        # the explanation's own accessors: a loaded one unpacks only the pieces shown
        self._explanation, self._text, self._byte_level = explanation, text, byte_level
        self._n = explanation.pre_token_count

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):  # noqa: ANN001 - int or slice, as a list
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += self._n
        return (i, self._explanation.pre_token(i), self._text, self._byte_level)


class EncodingPane(SightAwarePane):
    """Editable text on top, the tokens drawn over it below, optional pipeline stages."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encodingPane")
        self._session = session
        self._selection = selection

        self.input = QPlainTextEdit(objectName="encodeInput")
        self.input.setPlaceholderText(self.tr("Type or paste text to encode…"))
        self.input.setToolTip(self.tr(
            "The text to encode; it is re-encoded a moment after you stop typing"))
        self.input.setFont(style.text_font(12))
        tab_moves_focus(self.input)  # keyboard users are not trapped in the input
        self.view = TokenTextView(self)
        self.view.setObjectName("tokenView")
        self.view.setToolTip("")  # the view shows a tooltip per token instead
        self.summary_label = QLabel("", objectName="encodingSummary")
        self.summary_label.setToolTip(self.tr(
            "Tokens, characters, characters per token and tokens per word of the current text"))
        # long summaries must not widen the window, nor be cut (Korean at 1280 is longer than
        # the row): the label takes the width it is given and wraps onto a second line
        self.summary_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.summary_label.setWordWrap(True)

        # -- encoding options ----------------------------------------------------------------
        self.special_check = QCheckBox(self.tr("special tokens"), objectName="specialTokensToggle")
        self.special_check.setToolTip(self.tr("Let the post-processor add its special tokens "
                                      "([CLS], [SEP], <s>…); off: only the text's own tokens"))
        self.truncation_check = QCheckBox(self.tr("truncation"), objectName="truncationToggle")
        self.padding_check = QCheckBox(self.tr("padding"), objectName="paddingToggle")
        for check in (self.special_check, self.truncation_check, self.padding_check):
            check.setChecked(True)
            check.toggled.connect(self._on_option_toggled)
        self.notice_label = QLabel("", objectName="encodeNotice")
        self.notice_label.setToolTip(self.tr(
            "What the tokenizer's truncation and padding did to the text"))
        self.notice_label.setStyleSheet(
            f"background:{style.unknown_color().name()}; color:black; border-radius:3px;"
            " padding:1px 4px")
        self.notice_label.setVisible(False)
        # a long notice wraps on its own row: it must not widen the window
        self.notice_label.setWordWrap(True)

        self.pipeline_check = QCheckBox(self.tr("Show normalized text and pre-tokens"),
                                        objectName="pipelineToggle")
        self.pipeline_check.setToolTip(self.tr(
            "Show the pipeline stages: the text after normalization and the pieces the "
            "pre-tokenizer gives the model"))
        self.pipeline_note = QLabel("", objectName="pipelineNote")
        self.normalized_view = QPlainTextEdit(objectName="normalizedText")
        self.normalized_view.setReadOnly(True)
        self.normalized_view.setUndoRedoEnabled(False)
        self.normalized_view.setToolTip(self.tr(
            "The text after the normalizer (␣ = space, ↵ = newline); scroll for more"))
        self.normalized_view.setFont(style.text_font(11))
        # bounded height: a long text scrolls inside it instead of squeezing the token view
        line = self.normalized_view.fontMetrics().lineSpacing()
        self.normalized_view.setMaximumHeight(4 * line + 12)
        self.normalized_view.setMinimumHeight(2 * line + 10)
        self.normalized_view.setSizePolicy(QSizePolicy.Policy.Expanding,
                                           QSizePolicy.Policy.Maximum)
        self.pieces_model = RecordTableModel(PIECE_COLUMNS, self)
        self.pieces_table = CachedTableView(objectName="preTokensTable")  # painted once per change
        self.pieces_table.setModel(self.pieces_model)
        self.pieces_table.verticalHeader().setVisible(False)
        self.pieces_table.verticalHeader().setDefaultSectionSize(22)
        header = self.pieces_table.horizontalHeader()
        # fitted to the first rows when the tokenizer or the number of digits of the row count
        # changes, not at every keystroke (ResizeToContents re-measured at each re-encode)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._pieces_fitted_for: tuple | None = None
        self._typed: str | None = None  # the editor's text while it goes to the session
        # the extra room goes to the original text, not to a trailing (often empty) column
        header.setStretchLastSection(False)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.pieces_table.setMinimumHeight(80)
        install_table_copy(self.pieces_table)
        self.pipeline_box = QWidget()
        box = QVBoxLayout(self.pipeline_box)
        box.setContentsMargins(0, 0, 0, 0)
        normalized_row = QHBoxLayout()
        normalized_caption = QLabel(self.tr("Normalized:"))
        normalized_caption.setToolTip(self.normalized_view.toolTip())
        normalized_caption.setAlignment(Qt.AlignmentFlag.AlignTop)
        normalized_row.addWidget(normalized_caption)
        normalized_row.addWidget(self.normalized_view, 1)
        box.addWidget(self.pipeline_note)
        box.addLayout(normalized_row)
        box.addWidget(self.pieces_table, 1)
        self.pipeline_check.setChecked(True)

        options = QHBoxLayout()
        options.addWidget(QLabel(self.tr(
            "Encode with:"), toolTip=self.tr(
            "Encoding options for the current tokenizer; every view of the encoding follows them")))
        options.addWidget(self.special_check)
        options.addWidget(self.truncation_check)
        options.addWidget(self.padding_check)
        options.addStretch(1)
        legend = QHBoxLayout()
        legend.addWidget(self.summary_label, 1)
        for text, tip, color in (
                (self.tr("unknown"), self.tr("unknown token"), style.unknown_color()),
                (self.tr("shared glyph"), self.tr("a character (or emoji, flag…) covered by "
                                                  "several (byte) tokens"),
                 style.multi_token_color()),
                (self.tr("merge"), self.tr("token built with the merge selected in the merge "
                                           "history"),
                 style.highlight_color())):
            chip = QLabel(f" {text} ", toolTip=tip)
            chip.setStyleSheet(f"background:{color.name()}; border-radius:3px; color:black")
            legend.addWidget(chip)
        top = QSplitter(Qt.Orientation.Vertical)
        top.addWidget(self.input)
        top.addWidget(self.view)
        top.setSizes([70, 200])
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(options)
        upper_layout.addWidget(self.notice_label)
        upper_layout.addWidget(top, 1)
        upper_layout.addLayout(legend)
        upper_layout.addWidget(self.pipeline_check)
        # the pipeline stages get their own splitter part: the token view keeps its room
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(upper)
        self.splitter.addWidget(self.pipeline_box)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([330, 220])  # proportions: the table shows more than 3 rows
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)

        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._on_debounce_timeout)
        self.input.textChanged.connect(self._debounce.start)
        self.view.token_clicked.connect(self._on_view_token_clicked)
        self.pipeline_check.toggled.connect(self._on_pipeline_toggled)
        session.encoding_changed.connect(self._on_session_encoding_changed)
        session.text_changed.connect(self._on_session_text_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.encode_options_changed.connect(self._on_session_encode_options_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_text_changed(session.text)
        self._on_session_tokenizer_changed(session.current)
        self._on_session_encode_options_changed(session.encode_options)
        self._on_session_encoding_changed(session.encoding)

    # -- incoming ------------------------------------------------------------------------------
    @Slot(str)
    def _on_session_text_changed(self, text: str) -> None:
        if text != self._typed and self.input.toPlainText() != text:
            with QSignalBlocker(self.input):  # do not echo the text back through the debounce
                self.input.setPlainText(text)
        if self._session.encoding_pending:
            # the views keep their drawing until the new encoding lands (one redraw per keystroke)
            self._show_encoding_pending()

    def _show_encoding_pending(self) -> None:
        self.summary_label.setText(self.tr(
            "encoding {n} characters…").format(n=f"{len(self._session.text):,}"))

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        tokenizer = entry.tokenizer if entry is not None else None
        for check in (self.special_check, self.truncation_check, self.padding_check):
            check.setEnabled(tokenizer is not None)
        if tokenizer is None:
            return
        if self._session.encoding_pending:  # a long text, encoded in the background
            self._show_encoding_pending()
        trunc, pad = describe_settings(tokenizer)
        t, p = tokenizer.truncation, tokenizer.padding
        self.truncation_check.setEnabled(t is not None)
        self.padding_check.setEnabled(p is not None)
        self.truncation_check.setText(self.tr("truncation ({n})").format(n=f"{t['max_length']:,}")
                                      if t else self.tr("truncation"))
        self.padding_check.setText(self.tr("padding ({n})").format(n=f"{p['length']:,}")
                                   if p and p["length"] else self.tr("padding"))
        self.truncation_check.setToolTip(self.tr(
            "Apply the tokenizer's truncation: {how}. Off: encode the whole text.").format(how=trunc))
        self.padding_check.setToolTip(self.tr(
            "Apply the tokenizer's padding: {how}. Off: no padding tokens.").format(how=pad))
        n = tokenizer.num_special_tokens_to_add(False)
        special = (self.tr("Let the post-processor add its 1 special token ([CLS], [SEP], <s>…); "
                           "off: only the text's own tokens") if n == 1 else
                   self.tr("Let the post-processor add its {n} special tokens ([CLS], [SEP], "
                           "<s>…); off: only the text's own tokens").format(n=n))
        self.special_check.setToolTip(
            special if n else self.tr("This tokenizer's post-processor adds no special tokens"))

    @Slot(object)
    def _on_session_encode_options_changed(self, options: EncodeOptions) -> None:
        for check, on in ((self.special_check, options.add_special_tokens),
                          (self.truncation_check, options.truncation),
                          (self.padding_check, options.padding)):
            with QSignalBlocker(check):
                check.setChecked(on)

    @Slot(object)
    def _on_session_encoding_changed(self, encoding: Any) -> None:
        # hidden (another view is shown): redrawn when shown, not for no one at every change
        if out_of_sight(self):
            self._stale = True
            return
        self._stale = False
        tokenizer = self._session.tokenizer
        if encoding is None and self._session.encoding_pending:
            # nothing failed: the new encoding is on its way; keep the last drawing until then
            self._show_encoding_pending()
            return
        unk = unk_id(tokenizer) if tokenizer is not None else None
        highlight, selected = self._marks(self._selection.current, encoding)
        text, result = self._session.text, self._session.encode_result
        # made by the encoder process for a long text (see app.encoding_layout)
        layout = layout_for(text, encoding, result)
        self.view.set_content(text, encoding,
                              byte_level=tokenizer is not None and is_byte_level(tokenizer),
                              unk_id=unk, highlight=highlight, selected=selected, layout=layout)
        if encoding is None:
            self.summary_label.setText(self.tr(
                "no tokenizer") if tokenizer is None else self.tr(
                "cannot encode"))
        else:
            s = layout.summary if layout.summary is not None and layout.unk == unk \
                else sequence_summary(text, encoding, unk)
            self.summary_label.setText(
                self.tr("{tokens} tokens · {chars} chars · {cpt} chars/token · "
                        "{tpw} tokens/word").format(
                    tokens=f"{s['tokens']:,}", chars=f"{s['characters']:,}",
                    cpt=f"{s['chars_per_token']:.2f}", tpw=f"{s['tokens_per_word']:.2f}")
                + (self.tr(" · {n} unknown").format(n=f"{s['unknown']:,}") if s["unknown"] else ""))
        result = self._session.encode_result
        notices = result.notices() if result is not None else []
        self.notice_label.setText(" · ".join(notices))
        self.notice_label.setToolTip(self.tr("What the tokenizer's truncation and padding did: "
                                             "{what}").format(what="; ".join(notices)
                                                              or self.tr("nothing")))
        self.notice_label.setVisible(bool(notices))
        if self.pipeline_check.isChecked():
            self._session.redraw(self._refresh_pipeline)

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
            selected = set(tokens_in_span(encoding, *selection.span))
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
        # the session echoes the text back through text_changed at once: that handler then
        # need not read (and compare) the editor's 50k characters a second time
        self._typed = self.input.toPlainText()
        try:
            self._session.set_text(self._typed)
        finally:
            self._typed = None
        if self._session.encoding_pending:  # text_changed came before the request was made
            self._show_encoding_pending()

    @Slot()
    def _on_option_toggled(self, *_: Any) -> None:
        self._session.set_encode_options(EncodeOptions(
            add_special_tokens=self.special_check.isChecked(),
            truncation=self.truncation_check.isChecked(),
            padding=self.padding_check.isChecked()))

    @Slot(int)
    def _on_view_token_clicked(self, index: int) -> None:
        enc = self.view.encoding
        self._selection.set(Selection(span=tuple(enc.offsets[index]),
                                      token_ids=frozenset({enc.ids[index]}),
                                      token_index=index, origin="encoding"))

    def catch_up(self) -> None:
        """Redraw what changed while the pane was out of sight."""
        if getattr(self, "_stale", False):
            self._on_session_encoding_changed(self._session.encoding)

    def copy_actions(self) -> list:
        """Copy ids / tokens / JSON of the current encoding (for a menu or a toolbar)."""
        return encoding_actions(self, lambda: self.view.encoding,
                                self.view.selected_token_indices, lambda: self.view.byte_level)

    # -- pipeline stages -------------------------------------------------------------------------
    @Slot(bool)
    def _on_pipeline_toggled(self, on: bool) -> None:
        self.pipeline_box.setVisible(on)
        self._refresh_pipeline()

    def _refresh_pipeline(self) -> None:
        self._session.turns.cancel(self._refresh_pipeline)
        tokenizer = self._session.tokenizer
        if not self.pipeline_check.isChecked():
            return
        if out_of_sight(self):  # another view was picked before its turn came
            self._stale = True  # (catch_up redraws the pane when it is seen again)
            return
        result = self._session.encode_result
        explanation = result.explanation if result is not None else None
        text = self._session.text
        if tokenizer is None or explanation is None:
            self.normalized_view.setPlainText("")
            self.pieces_model.set_records([])
            self.pipeline_note.setText(
                self.tr("Pipeline stages are shown for texts up to {n} characters.").format(
                    n=f"{EXPLAIN_LIMIT:,}")
                if tokenizer is not None and len(text) > EXPLAIN_LIMIT else "")
            self.pipeline_note.setVisible(bool(self.pipeline_note.text()))
            return
        normalized = explanation.normalized
        # the encoder process made the shown lines beside the explanation (a long text)
        shipped = result.layout
        shown = shipped.normalized if shipped is not None and shipped.normalized is not None \
            else normalized_lines(normalized)
        if len(normalized) > NORMALIZED_SHOWN:
            shown += self.tr("  … ({n} more characters)").format(
                n=f"{len(normalized) - NORMALIZED_SHOWN:,}")
        self.normalized_view.setPlainText(shown)
        self.pipeline_note.setVisible(False)
        rows = _PieceRows(explanation, text, is_byte_level(tokenizer))
        self.pieces_model.set_records(rows)
        fit = (id(tokenizer), len(str(len(rows))))
        if fit != self._pieces_fitted_for:
            self._pieces_fitted_for = fit
            fit_columns(self.pieces_table)  # the first rows and the last, not 64 of them
            self.pieces_table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        # a column that is empty for every piece only takes room (a C loop over the flags)
        self.pieces_table.setColumnHidden(ADDED_COLUMN, not explanation.has_added_tokens)
