"""ConformancePane: where two tokenizers of the session part (the ``subword diff`` view).

The user picks two open tokenizers (say the same model opened from ``tokenizer.json`` and
from its ``.model``) and presses Compare. The built-in probe texts, and if asked the
corpus's first lines, are encoded by both in the window's process pool
(:func:`app.conformance_jobs.conformance_job`, :class:`~app.jobs.PoolJob`: the GUI thread
never encodes them). The pane shows the agreement rate, the first differing text and its
shortest differing substring, the pipeline stage where the two part with both outputs,
the first differing token, and both encodings of that substring side by side, the
differing row marked. Everything computed comes from
:mod:`subword_core.analysis.conformance`; this pane only lays it out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, Slot
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QHeaderView, QLabel,
    QPushButton, QSizePolicy, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from subword_core.analysis import is_byte_level, visible_text, visible_token

from ..analysis_jobs import tokenizer_ref
from ..compare_jobs import CorpusSpec
from ..conformance_jobs import CORPUS_LINES, conformance_job
from ..jobs import PoolJob
from ..lazy_panes import build_in_steps
from ..pane_support import in_words
from ..selection import SelectionModel
from ..session import Session
from ..widgets.busy_indicator import BusyIndicator

#: The library's stage names in the interface language.
STAGE_NAMES = {
    "normalized": QT_TRANSLATE_NOOP("ConformancePane", "normalized text (the normalizer)"),
    "pre-tokens": QT_TRANSLATE_NOOP("ConformancePane", "pre-tokens (the pre-tokenizer)"),
    "model": QT_TRANSLATE_NOOP("ConformancePane", "model output (before post-processing)"),
    "post-processing": QT_TRANSLATE_NOOP("ConformancePane",
                                         "post-processing (the final ids, special tokens)"),
}
_DIFFERING = QColor("#ffe0b2")


class ConformancePane(QWidget):
    """Two tokenizer pickers and Compare; the report below."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conformancePane")
        self._session = session
        self.report: Any = None
        self._byte_level = (False, False)  # of the two compared, for showing their tokens
        build_in_steps(self, self._build_steps())

    def _build_steps(self) -> Iterator[None]:
        """The widgets, then the layout and the wiring: an event-loop turn each when the
        window builds the pane (``lazy_panes.build_in_steps``)."""
        self._build_widgets()
        yield
        self._layout()
        self._connect()

    def _build_widgets(self) -> None:
        self.left = QComboBox(objectName="conformanceLeft")
        self.right = QComboBox(objectName="conformanceRight")
        for combo in (self.left, self.right):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMinimumContentsLength(12)
        self.use_corpus = QCheckBox(self.tr("and the corpus"), objectName="conformanceCorpus")
        self.use_corpus.setToolTip(self.tr("Also compare the first {n} lines of the loaded "
                                           "corpus").format(n=f"{CORPUS_LINES:,}"))
        self.run_button = QPushButton(self.tr("Compare"), objectName="conformanceRun")
        self.run_button.setToolTip(self.tr(
            "Encode the built-in probe texts (accents, NFKC characters, CJK, Korean, emoji, "
            "tabs, newlines, runs of spaces…) with both tokenizers and find where they part"))
        self.busy = BusyIndicator(object_name="conformanceBusy")  # not a bar at 60 frames/s
        self.busy.hide()
        self.summary = QLabel(self.tr("Pick two tokenizers and press Compare."),
                              objectName="conformanceSummary")
        self.summary.setWordWrap(True)
        self.details = {key: self._value_label(key) for key in
                        ("origin", "minimal", "stage", "stage_left", "stage_right", "token")}
        self.show_text = QPushButton(self.tr("Encode it"), objectName="conformanceShowText")
        self.show_text.setToolTip(self.tr("Make the shortest differing text the session text, "
                                          "to follow it in the Encoding pane"))
        self.show_text.setEnabled(False)
        self.table = QTableWidget(0, 7, objectName="conformanceTable")
        self.table.setHorizontalHeaderLabels([
            "#", self.tr("A token"), self.tr("A id"), self.tr("A span"),
            self.tr("B token"), self.tr("B id"), self.tr("B span")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setMinimumHeight(120)

    def _connect(self) -> None:
        session = self._session
        self.job = PoolJob(self)
        self.job.returned.connect(self._on_job_returned)
        self.job.failed.connect(self._on_job_failed)
        self.job.running_changed.connect(self._on_job_running_changed)
        self.run_button.clicked.connect(self.run)
        self.show_text.clicked.connect(self._on_show_text_clicked)
        session.tokenizers_changed.connect(self._fill_pickers)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        self._fill_pickers()
        self._on_session_corpus_changed(session.corpus)

    def _value_label(self, key: str) -> QLabel:
        label = QLabel("", objectName=f"conformance_{key}")
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        return label

    def _layout(self) -> None:
        row = QHBoxLayout()
        row.addWidget(QLabel("A"))
        row.addWidget(self.left, 1)
        row.addWidget(QLabel("B"))
        row.addWidget(self.right, 1)
        row.addWidget(self.use_corpus)
        row.addWidget(self.run_button)
        row.addWidget(self.busy)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for key, title in (("origin", self.tr("First difference")),
                           ("minimal", self.tr("Shortest differing text")),
                           ("stage", self.tr("Where they part")),
                           ("stage_left", self.tr("A there")),
                           ("stage_right", self.tr("B there")),
                           ("token", self.tr("First differing token"))):
            if key == "minimal":
                line = QHBoxLayout()
                line.addWidget(self.details[key], 1)
                line.addWidget(self.show_text)
                form.addRow(title, line)
            else:
                form.addRow(title, self.details[key])
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)

    # -- pickers ---------------------------------------------------------------------------
    @Slot()
    def _fill_pickers(self) -> None:
        names = [entry.name for entry in self._session.entries]
        current = self._session.current
        wanted = (self.left.currentText() or (current.name if current else ""),
                  self.right.currentText())
        for combo, name in zip((self.left, self.right), wanted):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(names)
            if name in names:
                combo.setCurrentText(name)
            combo.blockSignals(False)
        if len(names) > 1 and self.left.currentText() == self.right.currentText():
            others = [n for n in names if n != self.left.currentText()]
            self.right.setCurrentText(others[0])
        self.run_button.setEnabled(len(names) >= 2)

    def pick(self, left: str, right: str) -> None:
        """Choose the two tokenizers by name (tests, and a future "compare these" action)."""
        self.left.setCurrentText(left)
        self.right.setCurrentText(right)

    @Slot(object)
    def _on_session_corpus_changed(self, corpus: Any) -> None:
        self.use_corpus.setEnabled(corpus is not None and bool(corpus.paths))
        if not self.use_corpus.isEnabled():
            self.use_corpus.setChecked(False)

    # -- running ---------------------------------------------------------------------------
    @Slot()
    def run(self) -> None:
        """Compare the two picked tokenizers in the pool."""
        entries = {entry.name: entry for entry in self._session.entries}
        left, right = entries.get(self.left.currentText()), entries.get(self.right.currentText())
        if left is None or right is None:
            self.summary.setText(self.tr("Open or train two tokenizers first."))
            return
        corpus = self._session.corpus
        spec = CorpusSpec.of(corpus.paths, corpus.options) \
            if self.use_corpus.isChecked() and corpus is not None else None
        self._byte_level = (is_byte_level(left.tokenizer), is_byte_level(right.tokenizer))
        self.summary.setText(self.tr("Comparing…"))
        self.job.start_job(conformance_job, (tokenizer_ref(left), tokenizer_ref(right),
                                             (left.name, right.name), spec, CORPUS_LINES))

    @Slot(bool)
    def _on_job_running_changed(self, running: bool) -> None:
        self.busy.setVisible(running)
        self.run_button.setEnabled(not running and self.left.count() >= 2)

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        self.summary.setText(self.tr("Cannot compare: {error}").format(error=in_words(message)))

    @Slot(object)
    def _on_job_returned(self, report: Any) -> None:
        if report is None:
            return  # cancelled
        self.report = report
        self.summary.setText(self._summary(report))
        first = report.first
        for label in self.details.values():
            label.setText("")
        self.table.setRowCount(0)
        self.show_text.setEnabled(first is not None)
        if first is None:
            return
        self.details["origin"].setText(f"{self._origin(first.origin)}: "
                                       f"{visible_text(first.text)}")
        self.details["minimal"].setText(f"«{visible_text(first.minimal)}»"
                                        if first.minimal else self.tr("(the empty text)"))
        self.details["stage"].setText(self.tr(STAGE_NAMES[first.stage]))
        self.details["stage_left"].setText(first.stage_left)
        self.details["stage_right"].setText(first.stage_right)
        self.details["token"].setText(self._token_words(first))
        self._fill_table(first)

    @Slot()
    def _on_show_text_clicked(self) -> None:
        if self.report is not None and self.report.first is not None:
            self._session.set_text(self.report.first.minimal)

    def _summary(self, report: Any) -> str:
        words = self.tr("Agreement: {agree} of {n} texts ({rate}).").format(
            agree=f"{report.n_agree:,}", n=f"{report.n_texts:,}",
            rate=f"{report.agreement:.1%}")
        if report.compared_by == "ids":
            words += " " + self.tr("Compared by ids (the vocabularies are the same).")
        else:
            words += " " + self.tr("The vocabularies differ, so ids are not comparable: tokens "
                                   "are compared by the text they spell.")
        if report.first is None:
            words += " " + self.tr("Identical on every text.")
        return words

    def _origin(self, origin: str) -> str:
        if origin.startswith("probe: "):
            return self.tr("built-in probe ({kind})").format(kind=origin[len("probe: "):])
        if origin.startswith("corpus:"):
            return self.tr("corpus line {n}").format(n=origin[len("corpus:"):])
        return origin

    def _token_words(self, first: Any) -> str:
        def side(row: Any, byte_level: bool) -> str:
            if row is None:
                return self.tr("(none: the encoding ends)")
            return self.tr("{token} id {id} at {start}–{end}").format(
                token=visible_token(row.token, byte_level), id=row.id,
                start=row.offsets[0], end=row.offsets[1])

        return (f"#{first.token_index}: A {side(first.left_token, self._byte_level[0])} · "
                f"B {side(first.right_token, self._byte_level[1])}")

    def _fill_table(self, first: Any) -> None:
        rows = max(len(first.left_tokens), len(first.right_tokens))
        self.table.setRowCount(rows)
        for i in range(rows):
            cells = [str(i)]
            for tokens, byte_level in ((first.left_tokens, self._byte_level[0]),
                                       (first.right_tokens, self._byte_level[1])):
                row = tokens[i] if i < len(tokens) else None
                cells += ["", "", ""] if row is None else [
                    visible_token(row.token, byte_level), str(row.id),
                    f"{row.offsets[0]}–{row.offsets[1]}"]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if i == first.token_index:
                    item.setBackground(QBrush(_DIFFERING))
                self.table.setItem(i, column, item)
        self.table.resizeColumnsToContents()
        if first.token_index < rows:
            self.table.scrollToItem(self.table.item(first.token_index, 0))

    def shutdown(self) -> None:
        self.job.stop()


def stage_name(stage: str) -> str:
    """A library stage name in the interface language."""
    return QCoreApplication.translate("ConformancePane", STAGE_NAMES[stage])


__all__ = ["ConformancePane", "STAGE_NAMES", "stage_name"]
