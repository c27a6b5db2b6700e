"""LessonsPane: the course notes' worked examples as lessons that step forward and back.

The lessons are data files (``resources/lessons/*.json``) read and computed by
:mod:`subword_core.lessons`; this pane only lays them out. Pick a lesson, then
Back/Next (buttons, Alt+←/Alt+→ or Page Up/Page Down): the step's title and prose
are shown in the app's language, its figures in a table (the notes' figures first,
with what the notes say and whether it agrees), and where the notes slip a
highlighted remark gives the correct figure. The step's trace — the Unigram
lattice, or a word's merges or greedy matches — sits below the table; clicking a
word's row shows that word.

A lesson runs beside the user's work: it never writes into the :class:`Session`.
The step's tokenizer (the merges so far, the Unigram model of the step) lives in
the pane's own widgets: the step's text (or one the reader types) drawn with its
tokens, and the merges so far or the pieces with their scores. Opening, stepping
through or leaving a lesson leaves the user's text, current tokenizer and
tokenizer list as they were, so nothing has to be restored and session autosave
never sees lesson state. *Keep this tokenizer* is the one way in: it adds a copy
of the step's tokenizer to the session's list, at the user's request.
Computing a step takes milliseconds (five-word corpora), so it runs on the GUI
thread.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QEvent, QLocale, QSize, Qt, Slot
from PySide6.QtGui import QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_token
from subword_core.errors import SubwordError
from subword_core.lessons import Check, Figure, Lesson, LessonState, StepResult, load_lessons
from subword_core.models import Unigram
from subword_core.tokenizer import Tokenizer

from .. import resources, style
from ..item_models import Column, RecordTableModel
from ..selection import SelectionModel
from ..session import Session, TokenizerEntry
from ..widgets.token_text_view import TokenTextView
from ..widgets.trace_view import TraceView

#: Figure keys whose argument is a word: clicking such a row shows that word's trace.
WORD_FIGURES = ("tokens", "symbols", "score")
#: The longest text the reader may type to try a step's tokenizer (encoded on the GUI thread).
TRY_TEXT_LIMIT = 2_000


class FiguresModel(RecordTableModel):
    """The step's figures: ``(Figure, Check | None)`` rows; headers follow the language."""

    def set_columns(self, columns: list[Column]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()


class LessonsPane(QWidget):
    """Lesson list, Back/Next, the step's prose, its figures and the notes' slips; beside them
    the step's own tokenizer on the step's text, and *Keep this tokenizer*."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None, language: str | None = None,
                 folder: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonsPane")
        # the user's session: only read, and written to only by "Keep this tokenizer"
        self._session, self._selection = session, selection
        self._language = language
        self._folder = folder if folder is not None else resources.resource_path("lessons")
        self.lessons: list[Lesson] = []
        self.state: LessonState | None = None
        self._own_text = False  # the reader typed a text of their own: steps keep it

        self.lesson_combo = QComboBox(objectName="lessonCombo")
        self.back_button = QPushButton(objectName="lessonBackButton")
        self.next_button = QPushButton(objectName="lessonNextButton")
        self.position_label = QLabel("", objectName="lessonPosition")
        # rich text: the source is set in italics around the data's own (escaped) words
        self.summary_label = QLabel("", objectName="lessonSummary", wordWrap=True,
                                    textFormat=Qt.TextFormat.RichText)
        self.title_label = QLabel("", objectName="lessonStepTitle", wordWrap=True,
                                  textFormat=Qt.TextFormat.PlainText)
        font = QFont(self.title_label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title_label.setFont(font)
        # plain text: the lessons speak of </w> and <unk>, which are no markup
        self.prose_label = QLabel("", objectName="lessonProse", wordWrap=True,
                                  textFormat=Qt.TextFormat.PlainText)
        self.prose_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.remarks_label = QLabel("", objectName="lessonRemarks", wordWrap=True,
                                    textFormat=Qt.TextFormat.PlainText)
        self.remarks_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.remarks_label.hide()
        self.model = FiguresModel([], self)
        self.table = QTableView(objectName="lessonFigures")
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.trace_view = TraceView(name_prefix="lesson")
        self._build_step_widgets()
        self._build_layout()
        self._retranslate()

        self.lesson_combo.activated.connect(self._on_lesson_activated)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.text_edit.textEdited.connect(self._on_text_edited)
        self.token_view.token_clicked.connect(self._on_token_clicked)
        self.keep_button.clicked.connect(self.keep_tokenizer)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, slot in (("Alt+Right", self.next), ("Alt+Left", self.back),
                           ("PgDown", self.next), ("PgUp", self.back)):
            QShortcut(QKeySequence(keys), self, slot, context=context)
        self.reload()

    def _build_step_widgets(self) -> None:
        """The step's own tokenizer: a text to encode, its tokens, its merges or pieces."""
        self.step_heading = QLabel("", objectName="lessonStepTokenizerHeading")
        self.step_info = QLabel("", objectName="lessonStepTokenizerInfo", wordWrap=True)
        self.text_edit = QLineEdit(objectName="lessonTextEdit", maxLength=TRY_TEXT_LIMIT)
        self.text_edit.setClearButtonEnabled(True)
        self.token_view = TokenTextView()
        self.token_view.setObjectName("lessonTokenText")
        self.token_view.setMinimumHeight(60)
        self.token_view.setMaximumHeight(120)
        self.token_count = QLabel("", objectName="lessonTokenCount", wordWrap=True)
        self.model_model = FiguresModel([], self)
        self.model_table = QTableView(objectName="lessonModelTable")
        self.model_table.setModel(self.model_model)
        self.model_table.verticalHeader().setVisible(False)
        self.model_table.verticalHeader().setDefaultSectionSize(22)
        self.model_table.horizontalHeader().setStretchLastSection(True)
        self.keep_button = QPushButton(objectName="lessonKeepButton")

    def _build_layout(self) -> None:
        bar = QHBoxLayout()
        bar.addWidget(self.lesson_combo, 1)
        bar.addWidget(self.back_button)
        bar.addWidget(self.position_label)
        bar.addWidget(self.next_button)
        self.splitter = _Splitter(Qt.Orientation.Vertical, objectName="lessonSplitter")
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.trace_view)
        self.splitter.setChildrenCollapsible(False)
        left = QWidget(objectName="lessonStepColumn")
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 4, 0)
        column.addWidget(self.title_label)
        column.addWidget(self.prose_label)
        column.addWidget(self.remarks_label)
        column.addWidget(self.splitter, 1)
        right = QWidget(objectName="lessonTokenizerColumn")
        side = QVBoxLayout(right)
        side.setContentsMargins(4, 0, 0, 0)
        side.addWidget(self.step_heading)
        side.addWidget(self.step_info)
        side.addWidget(self.text_edit)
        side.addWidget(self.token_view)
        side.addWidget(self.token_count)
        side.addWidget(self.model_table, 1)
        keep = QHBoxLayout()
        keep.addStretch(1)
        keep.addWidget(self.keep_button)
        side.addLayout(keep)
        self.columns = _Splitter(Qt.Orientation.Horizontal, objectName="lessonColumns")
        self.columns.addWidget(left)
        self.columns.addWidget(right)
        self.columns.setChildrenCollapsible(False)
        self.columns.setStretchFactor(0, 3)
        self.columns.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.columns, 1)

    def _share_splitter(self, trace_kind: str) -> None:
        # a lattice needs room to be read; a merge or match trace is a few rows
        total = max(200, sum(self.splitter.sizes()))
        table = total * (40 if trace_kind == "unigram" else 62) // 100
        self.splitter.setSizes([table, total - table])

    def _retranslate(self) -> None:
        self.lesson_combo.setToolTip(self.tr("The worked examples of the course notes"))
        self.back_button.setText(self.tr("◀ Back"))
        self.back_button.setToolTip(self.tr("The previous step (Alt+Left or Page Up)"))
        self.next_button.setText(self.tr("Next ▶"))
        self.next_button.setToolTip(self.tr("The next step (Alt+Right or Page Down)"))
        self.table.setToolTip(self.tr("Every figure of the step, computed by subword_core; "
                                      "the notes' figures first. Click a word's row to see "
                                      "how it is cut below"))
        self.trace_view.setToolTip(self.tr("How the step's model cuts the word, step by step"))
        self.step_heading.setText(self.tr("<b>This step's tokenizer</b>"))
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
        self.model.set_columns(self._columns())

    def _columns(self) -> list[Column]:
        return [
            Column(self.tr("Figure"), lambda r: r[0].label(self.language)),
            Column(self.tr("Value"), lambda r: r[0].shown),
            Column(self.tr("Decimal"), lambda r: _decimal(r[0]), align_right=True),
            Column(self.tr("How"), lambda r: r[0].formula),
            Column(self.tr("The notes say"), lambda r: r[1].notes_shown if r[1] else ""),
            Column(self.tr("Check"), lambda r: self._status_text(r[1]),
                   tooltip=lambda r: r[1].remark(self.language) if r[1] else ""),
        ]

    def _merge_columns(self) -> list[Column]:
        return [Column(self.tr("Rank"), lambda r: r[0], align_right=True),
                Column(self.tr("Pair"), lambda r: r[1]),
                Column(self.tr("New token"), lambda r: r[2]),
                Column(self.tr("Count"), lambda r: r[3], align_right=True)]

    def _piece_columns(self) -> list[Column]:
        return [Column(self.tr("Id"), lambda r: r[0], align_right=True),
                Column(self.tr("Piece"), lambda r: r[1]),
                Column(self.tr("Log-probability"), lambda r: r[2], align_right=True)]

    def _status_text(self, check: Check | None) -> str:
        if check is None:
            return ""
        return {"agrees": self.tr("✓ agrees"), "tie": self.tr("= tie"),
                "differs": self.tr("✗ slip")}[check.status]

    # -- language --------------------------------------------------------------------------
    @property
    def language(self) -> str:
        """The language of the lesson texts: the one given, else the app's locale."""
        return self._language or QLocale().name()

    def set_language(self, language: str | None) -> None:
        """Show the lessons in ``language`` (``"ko"``, ``"en"``); None: the app's locale."""
        self._language = language
        self._show_in_language()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._show_in_language()
        super().changeEvent(event)

    def _show_in_language(self) -> None:
        """Words, lesson titles and the step shown again in the current language."""
        self._retranslate()
        self._fill_combo()
        self._show_step()

    # -- lessons and steps -------------------------------------------------------------------
    def reload(self) -> None:
        """Read the lesson files again (a bad file is reported, the others still shown)."""
        try:
            self.lessons = load_lessons(self._folder)
        except SubwordError as exc:
            self.lessons = []
            self._session.notify(self.tr("Cannot read the lessons: %1").replace("%1", str(exc)))
        self._fill_combo()
        self.state = LessonState(self.lessons[0]) if self.lessons else None
        self._show_step()

    def _fill_combo(self) -> None:
        current = self.lesson_combo.currentIndex()
        self.lesson_combo.clear()
        for lesson in self.lessons:
            self.lesson_combo.addItem(lesson.title(self.language), lesson.id)
            self.lesson_combo.setItemData(self.lesson_combo.count() - 1, lesson.summary(
                self.language), Qt.ItemDataRole.ToolTipRole)
        if 0 <= current < self.lesson_combo.count():
            self.lesson_combo.setCurrentIndex(current)

    def choose(self, lesson_id: str, step: int = 0) -> bool:
        """Open lesson ``lesson_id`` at ``step`` (0-based)."""
        for i, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                self.lesson_combo.setCurrentIndex(i)
                self.state = LessonState(lesson, step)
                self._own_text = False  # another lesson: its own text
                return self._show_step()
        return False

    @Slot(int)
    def _on_lesson_activated(self, index: int) -> None:
        if 0 <= index < len(self.lessons):
            self.choose(self.lessons[index].id)

    @Slot()
    def next(self) -> bool:
        if self.state is None or self.state.at_end:
            return False
        self.state.index += 1
        return self._show_step()

    @Slot()
    def back(self) -> bool:
        if self.state is None or self.state.at_start:
            return False
        self.state.index -= 1
        return self._show_step()

    @property
    def result(self) -> StepResult | None:
        """The step shown (None before any lesson, or when it could not be computed)."""
        return self._result

    _result: StepResult | None = None

    def _show_step(self) -> bool:
        state = self.state
        self._update_buttons()
        if state is None:
            self.title_label.setText(self.tr("No lessons found in %1").replace(
                "%1", str(self._folder)))
            self._show_tokenizer()
            return False
        try:
            result = state.step
        except SubwordError as exc:
            self._result = None
            self._show_tokenizer()
            QMessageBox.warning(self, self.tr("Lesson"), str(exc))
            return False
        self._result = result
        lang = self.language
        lesson = state.lesson
        summary = html.escape(lesson.summary(lang))
        source = lesson.source(lang)
        self.summary_label.setText(f"{summary} <i>({html.escape(source)})</i>" if source
                                   else summary)
        self.title_label.setText(result.title(lang))
        self.prose_label.setText(result.prose(lang))
        self._show_remarks(result)
        self._show_figures(result)
        self._show_trace(result.view.trace_word)
        self._share_splitter(result.view.trace_kind)
        self._show_tokenizer()
        return True

    def _update_buttons(self) -> None:
        state = self.state
        self.back_button.setEnabled(state is not None and not state.at_start)
        self.next_button.setEnabled(state is not None and not state.at_end)
        self.position_label.setText(
            self.tr("Step %1 of %2").replace("%1", str(state.index + 1)).replace(
                "%2", str(len(state.lesson))) if state is not None else "")

    def _show_remarks(self, result: StepResult) -> None:
        remarks = result.remarks(self.language)
        if not remarks:
            self.remarks_label.hide()
            return
        slip = bool(result.slips)
        dark = style.is_dark()
        back = ("#5c2b1a" if dark else "#ffe4d6") if slip else ("#3d3a1a" if dark else "#fff6d0")
        edge = "#e0662e" if slip else "#d9b300"
        self.remarks_label.setStyleSheet(
            f"QLabel#lessonRemarks {{ background: {back}; border: 1px solid {edge}; "
            "border-radius: 4px; padding: 6px; }")
        self.remarks_label.setText("\n".join(f"• {r}" for r in remarks))
        self.remarks_label.show()

    def _show_figures(self, result: StepResult) -> None:
        # the notes' figures first, in their order; then everything else the step computed
        checked = [(c.figure, c) for c in result.checks]
        keys = {c.figure.key for c in result.checks}
        rows = checked + [(f, None) for f in result.figures if f.key not in keys]
        self.model.set_records(rows)
        color = QColor("#6e2e28" if style.is_dark() else "#ffd3c4")
        self.model.set_highlight([i for i, (_, c) in enumerate(rows)
                                  if c is not None and c.status == "differs"], color)
        self.table.resizeColumnsToContents()

    def _show_trace(self, word: str) -> None:
        result = self._result
        if result is None or not word:
            self.trace_view.show_trace("none", None)
            return
        view = result.view
        view.trace_word = word
        try:
            trace = view.trace()
        except SubwordError:
            trace = None
        self.trace_view.show_trace(view.trace_kind if trace is not None else "none", trace)

    @Slot()
    def _on_row_changed(self, current: Any, _previous: Any = None) -> None:
        if not current.isValid():
            return
        figure: Figure = self.model.record_at(current.row())[0]
        name, _, arg = figure.key.partition(":")
        if name in WORD_FIGURES and arg and " " not in arg and not arg.isdigit():
            self._show_trace(arg)

    # -- the step's own tokenizer ----------------------------------------------------------
    @property
    def tokenizer(self) -> Tokenizer | None:
        """The step's tokenizer (None without a step)."""
        return self._result.view.tokenizer if self._result is not None else None

    @property
    def text(self) -> str:
        """The text the step's tokenizer encodes: the reader's own, or the step's."""
        return self.text_edit.text()

    @Slot(str)
    def _on_text_edited(self, text: str) -> None:
        step_text = self._result.view.text if self._result is not None else ""
        self._own_text = bool(text) and text != step_text
        if not text and step_text:  # emptied: the step's text again
            self.text_edit.setText(step_text)
        self._show_encoding()

    def _show_tokenizer(self) -> None:
        """The step's tokenizer: what it is, the text encoded, its merges or pieces."""
        result = self._result
        enabled = result is not None
        for widget in (self.text_edit, self.token_view, self.model_table, self.keep_button):
            widget.setEnabled(enabled)
        if result is None:
            self.step_info.setText("")
            self.model_model.set_records([])
            self.token_view.set_content("", None)
            self.token_count.setText("")
            return
        if not self._own_text:
            self.text_edit.setText(result.view.text)
        model = result.view.tokenizer.model
        rows = self._model_rows(result)
        self.step_info.setText(self.tr("%1, %2 tokens in its vocabulary").replace(
            "%1", type(model).__name__).replace(
            "%2", f"{result.view.tokenizer.get_vocab_size():,}")
            + ("; " + self.tr("%1 merges so far").replace("%1", f"{len(rows):,}")
               if not isinstance(model, Unigram) else ""))
        self.model_model.set_columns(self._piece_columns() if isinstance(model, Unigram)
                                     else self._merge_columns())
        self.model_model.set_records(rows)
        # a tokenizer file's merges have no counts (the compression lesson's, Sennrich's)
        self.model_table.setColumnHidden(3, not isinstance(model, Unigram)
                                         and not any(r[3] for r in rows))
        self.model_table.resizeColumnsToContents()
        # subtle: the header stretched the section hidden now; set again, it finds the last shown
        header = self.model_table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setStretchLastSection(True)
        self._show_encoding()

    def _model_rows(self, result: StepResult) -> list[tuple]:
        """Merges so far (rank, pair, token, count), or a Unigram's pieces (id, piece, score)."""
        view, model = result.view, result.view.tokenizer.model
        if isinstance(model, Unigram):
            return [(i, visible_token(p), f"{score:.4f}") for i, (p, score) in
                    enumerate(model.pieces)]
        if view.history is not None and view.history.merges:
            return [(m.rank, f"{visible_token(m.left)} + {visible_token(m.right)}",
                     visible_token(m.token), f"{m.count:,}") for m in view.history.merges]
        merges = getattr(model, "merges", None) or []
        return [(rank, f"{visible_token(a)} + {visible_token(b)}", visible_token(a + b), "")
                for rank, (a, b) in enumerate(merges)]

    def _show_encoding(self) -> None:
        tokenizer, text = self.tokenizer, self.text
        encoding = None
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

    @Slot(int)
    def _on_token_clicked(self, index: int) -> None:
        # the trace below shows the word the clicked token is part of
        encoding = self.token_view.encoding
        if encoding is None or not 0 <= index < len(encoding):
            return
        start = encoding.offsets[index][0]
        for match in re.finditer(r"\S+", self.text):
            if match.start() <= start < match.end():
                self._show_trace(match.group())
                return

    @Slot()
    def keep_tokenizer(self) -> TokenizerEntry | None:
        """Add a copy of the step's tokenizer to the user's tokenizers (the only way a lesson
        writes into the session); None without a step. Kept twice, the first copy is kept."""
        result, state = self._result, self.state
        if result is None or state is None:
            return None
        lesson, session = state.lesson, self._session
        options = {"lesson": lesson.id, "step": result.number, "kept": True}
        for entry in session.entries:
            if entry.algorithm == "lesson" and entry.options == options:
                session.notify(self.tr("Already kept as %1").replace("%1", entry.name))
                return entry
        view = result.view
        entry = session.add_tokenizer(TokenizerEntry(
            self.tr("Lesson: %1, step %2").replace("%1", lesson.title(self.language)).replace(
                "%2", str(result.number)),
            # a copy: the lesson recomputes and reuses its own objects
            Tokenizer.from_str(view.tokenizer.to_str()), view.history, algorithm="lesson",
            options=options, source=str(lesson.path),
            # rebuilt from its lesson file at any time: nothing to lose on quit
            saved_path=str(lesson.path)), make_current=False)
        session.notify(self.tr("Kept %1: pick it in the tokenizer list to use it in the other "
                               "views").replace("%1", entry.name))
        return entry


class _Splitter(QSplitter):
    """A splitter that asks for little height: the dock's scroll area sizes the pane by its
    height hint, and the table's full hint made the pane scroll in a 1280×800 window."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().sizeHint().width(), 260)


def _decimal(figure: Figure) -> str:
    if isinstance(figure.value, (Fraction, float)):
        return f"{float(figure.value):.6g}"
    return ""


__all__ = ["LessonsPane"]
