"""LessonsPane: the course notes' worked examples as lessons that step forward and back.

The lessons are data files (``resources/lessons/*.json``) read and computed by
:mod:`subword_core.lessons`; this pane only lays them out. Pick a lesson, then
Back/Next (buttons, Alt+←/Alt+→ or Page Up/Page Down): the step's title and prose
are shown in the app's language, its figures in a table (the notes' figures first,
with what the notes say and whether it agrees), and where the notes slip a
highlighted remark gives the correct figure. The step's trace — the Unigram
lattice, or a word's merges or greedy matches — sits below the table; clicking a
word's row shows that word.

Linking: each step the reader moves to puts the step's text in the session and a
tokenizer built from the lesson's state (the merges so far, the Unigram model of
the step) in as the current one, named after the lesson, so the Encoding, merge
history and other panes show the step as usual. Computing a step takes
milliseconds (five-word corpora), so it runs on the GUI thread.
"""

from __future__ import annotations

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
from subword_core.lessons import Check, Figure, Lesson, LessonState, StepResult, load_lessons

from .. import resources, style
from ..item_models import Column, RecordTableModel
from ..selection import SelectionModel
from ..session import Session, TokenizerEntry
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
    """Lesson list, Back/Next, the step's prose, its figures and the notes' slips."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None, language: str | None = None,
                 folder: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonsPane")
        self._session, self._selection = session, selection
        self._language = language
        self._folder = folder if folder is not None else resources.resource_path("lessons")
        self.lessons: list[Lesson] = []
        self.state: LessonState | None = None

        self.lesson_combo = QComboBox(objectName="lessonCombo")
        self.back_button = QPushButton(objectName="lessonBackButton")
        self.next_button = QPushButton(objectName="lessonNextButton")
        self.position_label = QLabel("", objectName="lessonPosition")
        self.summary_label = QLabel("", objectName="lessonSummary", wordWrap=True)
        self.title_label = QLabel("", objectName="lessonStepTitle", wordWrap=True)
        font = QFont(self.title_label.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title_label.setFont(font)
        self.prose_label = QLabel("", objectName="lessonProse", wordWrap=True)
        self.prose_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.remarks_label = QLabel("", objectName="lessonRemarks", wordWrap=True)
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
        self._build_layout()
        self._retranslate()

        self.lesson_combo.activated.connect(self._on_lesson_activated)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, slot in (("Alt+Right", self.next), ("Alt+Left", self.back),
                           ("PgDown", self.next), ("PgUp", self.back)):
            QShortcut(QKeySequence(keys), self, slot, context=context)
        self.reload()

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
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.title_label)
        layout.addWidget(self.prose_label)
        layout.addWidget(self.remarks_label)
        layout.addWidget(self.splitter, 1)

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

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self._show_in_language()
        super().changeEvent(event)

    def _show_in_language(self) -> None:
        """Words, lesson titles and the step shown again in the current language."""
        self._retranslate()
        self._fill_combo()
        self._show_step(apply=False)

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
        self._show_step(apply=False)

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
        """Open lesson ``lesson_id`` at ``step`` (0-based) and show it in every pane."""
        for i, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                self.lesson_combo.setCurrentIndex(i)
                self.state = LessonState(lesson, step)
                return self._show_step()
        return False

    @Slot()
    def catch_up(self) -> None:
        """First time in sight: the other panes follow the lesson shown (the window calls this
        when the Lessons dock comes into sight)."""
        if not self._applied and self.state is not None and self._result is not None:
            self._apply_to_session(self._result)

    def show_in_session(self) -> None:
        """Make the step shown the session's text and current tokenizer again."""
        if self.state is not None and self._result is not None:
            self._apply_to_session(self._result)

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
    _applied = False  # the session has shown a lesson step

    def _show_step(self, apply: bool = True) -> bool:
        state = self.state
        self._update_buttons()
        if state is None:
            self.title_label.setText(self.tr("No lessons found in %1").replace(
                "%1", str(self._folder)))
            return False
        try:
            result = state.step
        except SubwordError as exc:
            self._result = None
            QMessageBox.warning(self, self.tr("Lesson"), str(exc))
            return False
        self._result = result
        lang = self.language
        lesson = state.lesson
        self.summary_label.setText(
            f"{lesson.summary(lang)} <i>({lesson.source(lang)})</i>" if lesson.source(lang)
            else lesson.summary(lang))
        self.title_label.setText(result.title(lang))
        self.prose_label.setText(result.prose(lang))
        self._show_remarks(result)
        self._show_figures(result)
        self._show_trace(result.view.trace_word)
        self._share_splitter(result.view.trace_kind)
        if apply:
            self._apply_to_session(result)
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

    # -- linking: the step in the session ------------------------------------------------------
    def _apply_to_session(self, result: StepResult) -> None:
        """The step's text and tokenizer become the session's, so every pane shows the step."""
        lesson = self.state.lesson
        view = result.view
        session = self._session
        # one tokenizer per lesson, found again after a restart brought it back
        entry = next((e for e in session.entries
                      if e.algorithm == "lesson" and e.options.get("lesson") == lesson.id), None)
        if entry is None:
            entry = session.add_tokenizer(TokenizerEntry(
                self.tr("Lesson: %1").replace("%1", lesson.title(self.language)),
                view.tokenizer, view.history, algorithm="lesson",
                options={"lesson": lesson.id, "step": result.number},
                source=str(lesson.path),
                # rebuilt from its lesson file at any time: nothing to lose on quit
                saved_path=str(lesson.path)), make_current=False)
        else:
            entry.tokenizer, entry.history, entry.graph = view.tokenizer, view.history, None
            entry.options = {"lesson": lesson.id, "step": result.number}
            entry.stored_path = ""  # its stored copy is of an earlier step
        self._applied = True
        session.set_text(view.text)
        if session.current is entry:
            session.set_current(None)  # the entry changed in place: every pane starts over
        session.set_current(entry.name)


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
