"""LessonsPane: the course notes' worked examples as lessons that step forward and back.

The lessons are data files (``resources/lessons/*.json``) read and computed by
:mod:`subword_core.teaching.lessons`; this pane only lays them out. Pick a lesson, then
Back/Next (buttons, Alt+←/Alt+→ or Page Up/Page Down): the step's title and prose
are shown in the app's language, its figures in a table (the notes' figures first,
with what the notes say and whether it agrees), and where the notes slip a
highlighted remark gives the correct figure. The step's trace — the Unigram
lattice, or a word's merges or greedy matches — sits below the table; clicking a
word's row shows that word.

A lesson runs beside the user's work: it never writes into the :class:`Session`.
The step's tokenizer (the merges so far, the Unigram model of the step) is shown
beside the step by its own :class:`~app.widgets.step_tokenizer_view.StepTokenizerView`:
the step's text (or one the reader types) drawn with its tokens, and the merges so
far or the pieces with their scores. Opening, stepping
through or leaving a lesson leaves the user's text, current tokenizer and
tokenizer list as they were, so nothing has to be restored and session autosave
never sees lesson state. *Keep this tokenizer* is the one way in: it adds a copy
of the step's tokenizer to the session's list, at the user's request.
Computing a step takes milliseconds (five-word corpora), so it runs on the GUI
thread.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QEvent, QLocale, QSize, Qt, Slot
from PySide6.QtGui import QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.errors import SubwordError
from subword_core.teaching.lessons import (
    Check, Figure, Lesson, LessonState, StepResult, load_lessons,
)
from subword_core.tokenizer import Tokenizer

from .. import resources, style
from ..item_models import Column, RecordTableModel
from ..lazy_panes import build_in_steps
from ..selection import SelectionModel
from ..session import Session, TokenizerEntry
from ..widgets.step_tokenizer_view import StepTokenizerView
from ..widgets.trace_view import TraceView

#: Figure keys whose argument is a word: clicking such a row shows that word's trace.
WORD_FIGURES = ("tokens", "symbols", "score")


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
        build_in_steps(self, self._build_steps())

    def _build_steps(self) -> Iterator[None]:
        """The widgets, the step views, the layout, the lesson files, then the first step:
        one event-loop turn each when the window builds the pane
        (``lazy_panes.build_in_steps``)."""
        self._build_widgets()
        yield
        self.trace_view = TraceView(name_prefix="lesson")
        self.step_view = StepTokenizerView()
        yield
        self._build_layout()
        self._retranslate()
        self._connect()
        yield
        self._read_lessons()
        self._fill_combo()
        yield
        self.state = LessonState(self.lessons[0]) if self.lessons else None
        self._show_step()
        self._complete = True

    def _build_widgets(self) -> None:
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

    def _connect(self) -> None:
        self.lesson_combo.activated.connect(self._on_lesson_activated)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.step_view.word_clicked.connect(self._show_trace)
        self.step_view.keep_requested.connect(self.keep_tokenizer)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, slot in (("Alt+Right", self.next), ("Alt+Left", self.back),
                           ("PgDown", self.next), ("PgUp", self.back)):
            QShortcut(QKeySequence(keys), self, slot, context=context)

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
        self.columns = _Splitter(Qt.Orientation.Horizontal, objectName="lessonColumns")
        self.columns.addWidget(left)
        self.columns.addWidget(self.step_view)
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

    _complete = False  # every construction step has run (a pane in steps is a window)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange and self._complete:
            self._show_in_language()
        super().changeEvent(event)

    def _show_in_language(self) -> None:
        """Words, lesson titles and the step shown again in the current language."""
        self._retranslate()
        self.step_view.retranslate()
        self._fill_combo()
        self._show_step()

    # -- lessons and steps -------------------------------------------------------------------
    def reload(self) -> None:
        """Read the lesson files again (a bad file is reported, the others still shown)."""
        self._read_lessons()
        self._show_first()

    def _read_lessons(self) -> None:
        try:
            self.lessons = load_lessons(self._folder)
        except SubwordError as exc:
            self.lessons = []
            self._session.notify(self.tr("Cannot read the lessons: %1").replace("%1", str(exc)))

    def _show_first(self) -> None:
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
                self.step_view.forget_text()  # another lesson: its own text
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
            self.step_view.show_view(None)
            return False
        try:
            result = state.step
        except SubwordError as exc:
            self._result = None
            self.step_view.show_view(None)
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
        self.step_view.show_view(result.view)
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

    # -- the one way into the user's session ----------------------------------------------------
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
