"""WindowsPane: a long text cut into model windows — max_length, stride, overflow.

The lesson of question answering on long documents (transformers' QA preprocessing):
a model reads at most ``max_length`` tokens, so a long context is cut into windows
that overlap by ``stride`` tokens, each window's offsets point back into the context,
and with a question (``only_second``) every window repeats the question.

- The context is the session text (what the Encoding pane edits); an optional
  question makes every window a (question, context) pair, as in QA.
- Settings: max length, stride, strategy (longest_first / only_first / only_second),
  direction (right / left), special tokens; "Like QA" sets 384 / 128 / only_second.
- :class:`~app.widgets.windows_view.WindowsView` draws each window's tokens with the
  overlap marked; the table lists every window (tokens, context tokens and characters,
  overlap with the previous one). Clicking a table row scrolls to that window.
- Clicking a context token selects its character span (every pane follows) and outlines
  it in every window that holds it; a span selected elsewhere is outlined too, and the
  rows of the windows holding it are highlighted. A question token is outlined in every
  window's question (the question is not the session text, so other panes are not told).
- :func:`subword_core.analysis.windows.encode_windows` and the drawing pieces run in the window's
  process pool (:class:`~app.jobs.PoolJob`, :func:`app.analysis_jobs.windows_job`; a
  50k-character text does not block the window) and come back packed; only the drawing's
  labels are made in the worker thread. Only while the pane is in sight.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QPushButton, QScrollArea, QSizePolicy, QSpinBox, QSplitter, QTableView, QVBoxLayout, QWidget,
)

from subword_core.analysis.windows import (
    WindowSettings,
)

from ..analysis_jobs import tokenizer_ref, unpack_pieces, windows_job
from ..item_models.table_model import Column, RecordTableModel
from ..jobs import PoolJob
from ..pane_support import SightAwarePane, in_words, out_of_sight, settled
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets.busy_indicator import BusyIndicator
from ..widgets.windows_view import MAX_DRAWN_TOKENS, WindowsView, overlap_color, prepare_blocks
from ..wording import window_note

#: Debounce of typing in the question and of the spin boxes (ms).
DEBOUNCE_MS = 150
STRATEGY_TIPS = {
    "longest_first": QT_TRANSLATE_NOOP(
        "WindowsPane",
        "Cut the longer text first (HF's default); with a question, both may be cut and the "
        "windows combine every piece of each"),
    "only_first": QT_TRANSLATE_NOOP(
        "WindowsPane",
        "Cut only the first text (the question, with a pair)"),
    "only_second": QT_TRANSLATE_NOOP(
        "WindowsPane",
        "Cut only the context, keeping the whole question in every window (transformers' "
        "question-answering preprocessing)"),
}


def _span(span: tuple[int, int] | None) -> str:
    return "" if span is None else f"{span[0]:,}–{span[1]:,}"


def _columns() -> list[Column]:
    def context_tokens(w: Any) -> str:
        return _span(w.context_range)

    return [
        Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda w: w.index, natural=True, align_right=True,
               header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "Window number: 0 is the encoding itself, k is overflowing[k-1] (input_ids[k] "
                   "in transformers)")),
        Column(QT_TRANSLATE_NOOP("Columns", "tokens"), lambda w: len(w.encoding), align_right=True,
               header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "Tokens of the window, special tokens and question included")),
        Column(QT_TRANSLATE_NOOP(
            "Columns",
            "context tokens"), context_tokens, sort_key=lambda w: w.context_range,
               header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "Which tokens of the whole context the window holds (start–end)")),
        Column(QT_TRANSLATE_NOOP("Columns", "context chars"), lambda w: _span(w.context_span),
               sort_key=lambda w: w.context_span,
               header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "The context characters the window covers, from its offsets")),
        Column(QT_TRANSLATE_NOOP(
            "Columns",
            "overlap tokens"), lambda w: w.overlap_tokens if w.index else None,
               align_right=True, header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "Context tokens shared with the previous window")),
        Column(QT_TRANSLATE_NOOP(
            "Columns",
            "overlap chars"), lambda w: w.overlap_chars if w.index else None,
               align_right=True,
               tooltip=lambda w: QCoreApplication.translate("Columns", "characters {span}").format(
                   span=_span(w.overlap_span)) if w.overlap_span else "",
               header_tip=QT_TRANSLATE_NOOP(
                   "Columns",
                   "Context characters shared with the previous window")),
    ]


def _windows_finish(result: tuple) -> tuple:
    """In the worker thread: the drawing's blocks (translated headers) from the pool's
    windows and packed pieces."""
    windows, pieces, byte_level, unk = result
    blocks = prepare_blocks(windows, unpack_pieces(pieces), byte_level)
    return settled((windows, blocks, byte_level, unk))


class WindowsPane(SightAwarePane):
    """Question field, settings row, the windows drawn, and the windows table."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("windowsPane")
        self._session, self._selection = session, selection
        self._dirty = True
        self.windows: Any = None

        self.question = QLineEdit(objectName="windowsQuestion")
        self.question.setPlaceholderText(self.tr("Question (optional): makes each window a "
                                         "(question, text) pair, as in question answering"))
        self.question.setClearButtonEnabled(True)
        self.max_length = self._spin("windowsMaxLength", 1, 1_000_000, 32,
                                     self.tr(
                                         "max_length: tokens per window, special tokens included"))
        self.stride = self._spin("windowsStride", 0, 1_000_000, 8,
                                 self.tr("stride: tokens each window shares with the previous one"))
        self.strategy = QComboBox(objectName="windowsStrategy")
        for i, name in enumerate(STRATEGY_TIPS):
            self.strategy.addItem(name)
            self.strategy.setItemData(i, self.tr(STRATEGY_TIPS[name]), Qt.ItemDataRole.ToolTipRole)
        self.strategy.setToolTip(self.tr(
            "Which text is cut when a (question, text) pair is too long"))
        self.direction = QComboBox(objectName="windowsDirection")
        self.direction.addItems(["right", "left"])
        self.direction.setToolTip(self.tr("right: windows run from the start of the text (the tail "
                                  "overflows); left: from its end"))
        self.special = QCheckBox(self.tr("special tokens"), objectName="windowsSpecialTokens")
        self.special.setChecked(True)
        self.special.setToolTip(self.tr(
            "Let the post-processor add [CLS], [SEP] … to every window"))
        self.qa_button = QPushButton(self.tr("Like QA"), objectName="windowsQaButton")
        self.qa_button.setToolTip(self.tr(
            "transformers' question-answering settings: max_length 384, stride 128, only_second, "
            "right"))
        self.busy = BusyIndicator(object_name="windowsBusy")  # not a bar at 60 frames/s
        self.busy.setToolTip(self.tr("Cutting the text into windows…"))
        self.busy.hide()
        self.summary = QLabel("", objectName="windowsSummary")
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.view = WindowsView()
        self.scroll = QScrollArea(objectName="windowsScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.view)
        self.scroll.setMinimumHeight(120)
        self.model = RecordTableModel(_columns(), self)
        self.table = QTableView(objectName="windowsTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        # subtle: not ResizeToContents, which reads every row: 1,700 windows of a 50k text
        # then blocked the window for 1.4 s (see _fit_columns)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setMinimumHeight(80)
        self._layout()

        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self._flush)
        self.job = PoolJob(self)
        self.job.returned.connect(self._on_job_returned)
        self.job.failed.connect(self._on_job_failed)
        self.job.running_changed.connect(self.busy.setVisible)
        self.question.textChanged.connect(self._request)
        for spin in (self.max_length, self.stride):
            spin.valueChanged.connect(self._request)
        for combo in (self.strategy, self.direction):
            combo.currentIndexChanged.connect(self._request)
        self.special.toggled.connect(self._request)
        self.qa_button.clicked.connect(self.use_qa_settings)
        self.view.token_clicked.connect(self._on_view_token_clicked)
        self.table.clicked.connect(self._on_table_clicked)
        session.text_changed.connect(self._request)
        session.tokenizer_changed.connect(self._request)
        selection.changed.connect(self._on_selection_changed)

    def _spin(self, name: str, low: int, high: int, value: int, tip: str) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setToolTip(tip)
        spin.setGroupSeparatorShown(True)
        spin.setMaximumWidth(96)
        return spin

    def _layout(self) -> None:
        # two short rows: the pane fits a 1280-pixel screen beside the Encoding pane
        top = QHBoxLayout()
        top.addWidget(self.question, 1)
        top.addWidget(self.special)
        top.addWidget(self.qa_button)
        row = QHBoxLayout()
        for label, widget in (("max_length", self.max_length), ("stride", self.stride),
                              ("strategy", self.strategy), ("direction", self.direction)):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.busy)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.scroll)
        splitter.addWidget(self.table)
        splitter.setSizes([420, 160])
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)

    # -- settings ------------------------------------------------------------------------------
    def settings(self) -> WindowSettings:
        """The settings shown in the row."""
        return WindowSettings(self.max_length.value(), self.stride.value(),
                              self.strategy.currentText(), self.direction.currentText(),
                              self.special.isChecked())

    def saved_settings(self) -> dict[str, Any]:
        """What the window keeps across restarts: the settings row and the question."""
        s = self.settings()
        return {"max_length": s.max_length, "stride": s.stride, "strategy": s.strategy,
                "direction": s.direction, "special_tokens": s.add_special_tokens,
                "question": self.question.text()}

    def apply_saved_settings(self, values: dict[str, Any]) -> None:
        """Put back :meth:`saved_settings`; anything missing or invalid keeps its default."""
        for key, spin in (("max_length", self.max_length), ("stride", self.stride)):
            try:
                spin.setValue(int(values[key]))
            except (KeyError, TypeError, ValueError):
                pass
        for key, combo in (("strategy", self.strategy), ("direction", self.direction)):
            if combo.findText(str(values.get(key))) >= 0:
                combo.setCurrentText(str(values[key]))
        if isinstance(values.get("special_tokens"), bool):
            self.special.setChecked(values["special_tokens"])
        if isinstance(values.get("question"), str):
            self.question.setText(values["question"])

    @Slot()
    def use_qa_settings(self) -> None:
        """transformers' question-answering preprocessing: 384 / 128 / only_second / right."""
        self.max_length.setValue(384)
        self.stride.setValue(128)
        self.strategy.setCurrentText("only_second")
        self.direction.setCurrentText("right")

    # -- computing -----------------------------------------------------------------------------
    def _request(self, *_args: Any) -> None:
        # typing in the question or spinning a box: one computation once the user pauses
        self._dirty = True
        self._timer.start()

    def catch_up(self) -> None:
        """Cut the text if something changed while the pane was out of sight."""
        if self._dirty:
            self._flush()

    def _flush(self) -> None:
        if out_of_sight(self):
            return  # done in catch_up() when the pane comes into sight
        self._dirty = False
        entry = self._session.current
        if entry is None:
            self.windows = None
            self.view.set_windows(None, [], message=self.tr("Train or open a tokenizer first."))
            self.model.set_records([])
            self.summary.setText("")
            return
        text, question, settings = self._session.text, self.question.text() or None, \
            self.settings()
        self.job.start_job(windows_job, (tokenizer_ref(entry), text, question, settings,
                                         MAX_DRAWN_TOKENS), finish=_windows_finish)

    @Slot(object)
    def _on_job_returned(self, result: tuple) -> None:
        windows, blocks, byte_level, unk = result
        if self.windows is None or self.windows.question != windows.question:
            self.view.set_question_span(None)  # a span of another question
        self.windows = windows
        self.view.set_windows(windows, blocks, byte_level, unk)
        self.model.set_records(list(windows.windows))
        self._fit_columns()
        self.summary.setText(self._summary(windows))
        self._apply_selection(self._selection.current, scroll=False)

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        self.windows = None
        words = in_words(message)
        self.view.set_windows(None, [], message=self.tr("Cannot cut the text into windows: "
                                                        "{error}").format(error=words))
        self.model.set_records([])
        self.summary.setText(f"<span style='color:#c62828'>{words}</span>")

    def _fit_columns(self) -> None:
        """Widths from the header and the first and last rows (the widest numbers are last)."""
        metrics, model = self.table.fontMetrics(), self.model
        rows = {0, model.rowCount() - 1} if model.rowCount() else set()
        for column in range(model.columnCount()):
            texts = [str(model.headerData(column, Qt.Orientation.Horizontal) or "")]
            texts += [str(model.data(model.index(r, column)) or "") for r in rows]
            self.table.setColumnWidth(column, max(map(metrics.horizontalAdvance, texts)) + 24)

    def _summary(self, w: Any) -> str:
        s = w.settings
        if w.question is None:
            head = (self.tr("<b>1 window</b> of ≤ {max} tokens for a text of {tokens} tokens "
                            "({chars} characters)") if len(w) == 1 else
                    self.tr("<b>{n} windows</b> of ≤ {max} tokens for a text of {tokens} tokens "
                            "({chars} characters)"))
        else:
            head = (self.tr("<b>1 window</b> of ≤ {max} tokens for a context of {tokens} tokens "
                            "({chars} characters)") if len(w) == 1 else
                    self.tr("<b>{n} windows</b> of ≤ {max} tokens for a context of {tokens} "
                            "tokens ({chars} characters)"))
        parts = [head.format(n=f"{len(w):,}", max=f"{s.max_length:,}",
                             tokens=f"{w.context_length:,}", chars=f"{len(w.context):,}")]
        if w.question is not None:
            parts.append(self.tr("the question ({n} tokens) is in every window").format(
                n=f"{w.question_length:,}")
                         if all(x.question_range == (0, w.question_length) for x in w.windows)
                         else self.tr("the question is cut too"))
        if len(w) > 1:
            parts.append(self.tr("neighbours share {n} tokens (stride): {bar} under them").format(
                n=f"{s.stride:,}", bar=f"<span style='color:{overlap_color().name()}'>▬</span>"))
        parts.extend(window_note(note) for note in w.notes)
        if self.view.drawn_windows < len(w):
            parts.append(self.tr("the first {n} windows are drawn").format(
                n=f"{self.view.drawn_windows:,}"))
        return " · ".join(parts)

    # -- selection -----------------------------------------------------------------------------
    @Slot(int, int)
    def _on_view_token_clicked(self, window: int, token: int) -> None:
        enc = self.windows.windows[window].encoding
        span = tuple(enc.offsets[token])
        sequence = enc.sequence_ids[token]
        if sequence is None or enc.special_tokens_mask[token]:
            return  # [CLS], [SEP]: no characters to follow
        if sequence == self.windows.context_sequence:
            self.view.set_question_span(None)
            self._selection.set(Selection(span=span, origin="windows"))
        else:  # the question is not the session text: outlined here only
            self.view.set_question_span(span)

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        self._apply_selection(selection, scroll=selection.origin != "windows")

    def _apply_selection(self, selection: Selection, scroll: bool) -> None:
        self.view.set_span(selection.span)
        if self.windows is None or selection.span is None:
            self.model.set_highlight([])
            return
        holding = self.windows.containing(selection.span)
        self.model.set_highlight(holding)
        if scroll and holding and holding[0] < self.view.drawn_windows:
            self.scroll_to_window(holding[0])

    @Slot(QModelIndex)
    def _on_table_clicked(self, index: QModelIndex) -> None:
        self.scroll_to_window(self.model.record_index(index.row()))

    def scroll_to_window(self, window: int) -> None:
        """Bring the block of ``window`` to the top of the view."""
        self.scroll.verticalScrollBar().setValue(self.view.window_top(window))

    def shutdown(self) -> None:
        self._timer.stop()
        self.job.stop()
