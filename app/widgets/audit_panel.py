"""AuditPanel: the vocabulary audit of the Vocabulary view (categories, evidence, export).

The audit itself (:mod:`subword_core.analysis.audit`: unreachable tokens with a witness
search, partial UTF-8, normalized duplicates, unused and residue tokens on the corpus) runs
in the window's process pool (:func:`app.analysis_jobs.audit_job`), started by the Audit
button, with progress and cancel; Llama 3's 128k entries take tens of seconds there. The
panel shows how many tokens fall in each category, a table of the tokens of the chosen
category with their evidence (witness text, corpus count, count inside later merges, the
merge that builds them) and exports every row as CSV. Choosing a row publishes the token id,
so the vocabulary table and the other views select it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QMessageBox,
    QProgressBar, QPushButton, QTableView, QVBoxLayout, QWidget,
)

from subword_core._util.fileio import atomic_write_text
from subword_core.analysis import visible_text
from subword_core.analysis.audit import CATEGORIES

from ..item_models.table_model import Column, RecordTableModel

#: what each category means, as the combo's tooltips say it
CATEGORY_NAMES = {
    "special": QT_TRANSLATE_NOOP("AuditPanel", "special"),
    "added": QT_TRANSLATE_NOOP("AuditPanel", "added"),
    "unreachable": QT_TRANSLATE_NOOP("AuditPanel", "unreachable"),
    "unreachable_alone": QT_TRANSLATE_NOOP("AuditPanel", "unreachable alone"),
    "partial_utf8": QT_TRANSLATE_NOOP("AuditPanel", "partial UTF-8"),
    "normalized_duplicate": QT_TRANSLATE_NOOP("AuditPanel", "normalized duplicate"),
    "unused": QT_TRANSLATE_NOOP("AuditPanel", "unused on the corpus"),
    "residue": QT_TRANSLATE_NOOP("AuditPanel", "residue"),
}
CATEGORY_TIPS = {
    "special": QT_TRANSLATE_NOOP("AuditPanel", "Special added tokens (never searched for)"),
    "added": QT_TRANSLATE_NOOP("AuditPanel", "Added tokens that are not special"),
    "unreachable": QT_TRANSLATE_NOOP(
        "AuditPanel", "No text tried encodes to a sequence holding the token (alone, in short "
        "contexts, in corpus words)"),
    "unreachable_alone": QT_TRANSLATE_NOOP(
        "AuditPanel", "The token's own text does not encode to exactly this token; the witness "
        "column shows a text that reaches it, if any"),
    "partial_utf8": QT_TRANSLATE_NOOP(
        "AuditPanel", "Byte tokens that are not valid UTF-8 on their own"),
    "normalized_duplicate": QT_TRANSLATE_NOOP(
        "AuditPanel", "The normalizer turns the token's text into another entry's text"),
    "unused": QT_TRANSLATE_NOOP("AuditPanel", "Tokens that never occur when the corpus words "
                                "are encoded"),
    "residue": QT_TRANSLATE_NOOP(
        "AuditPanel", "Merge products that almost never survive as final tokens (under 10% of "
        "their occurrences)"),
}


def _categories(token: Any) -> str:
    return ", ".join(QCoreApplication.translate("AuditPanel", CATEGORY_NAMES[c])
                     for c in token.categories)


def _witness(token: Any) -> str:
    return "" if token.witness is None else visible_text(token.witness)


COLUMNS = (
    Column(QT_TRANSLATE_NOOP("Columns", "id"), lambda t: t.id, align_right=True, natural=True),
    Column(QT_TRANSLATE_NOOP("Columns", "token"), lambda t: t.readable,
           tooltip=lambda t: t.token),
    Column(QT_TRANSLATE_NOOP("Columns", "categories"), _categories, tooltip=_categories),
    Column(QT_TRANSLATE_NOOP("Columns", "witness"), _witness, tooltip=_witness,
           header_tip=QT_TRANSLATE_NOOP("Columns", "A text whose encoding holds the token")),
    Column(QT_TRANSLATE_NOOP("Columns", "count"), lambda t: t.count, align_right=True,
           header_tip=QT_TRANSLATE_NOOP("Columns", "Occurrences as a final token on the corpus")),
    Column(QT_TRANSLATE_NOOP("Columns", "inside"), lambda t: t.inside, align_right=True,
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "Occurrences inside later merges' products on the corpus")),
    Column(QT_TRANSLATE_NOOP("Columns", "built by"), lambda t: t.built_by_text,
           header_tip=QT_TRANSLATE_NOOP("Columns", "The merge that builds the token")),
    Column(QT_TRANSLATE_NOOP("Columns", "feeds"), lambda t: t.feeds, align_right=True,
           header_tip=QT_TRANSLATE_NOOP("Columns", "Merges that use the token")),
)


class AuditPanel(QWidget):
    """Audit button, category chooser, the tokens of that category, CSV export."""

    #: the user asked for an audit (the pane starts the pool job)
    audit_requested = Signal()
    cancel_requested = Signal()
    #: a token id chosen in the table
    token_chosen = Signal(int)
    #: the user wants to prune, extend or merge (the pane opens the surgery dialog)
    edit_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("auditPanel")
        self.report: Any = None
        self.audit_button = QPushButton(self.tr("Audit vocabulary"), objectName="auditButton")
        self.audit_button.setToolTip(self.tr(
            "Find unreachable, partial UTF-8, duplicate, unused and residue tokens (runs in the "
            "background; with a corpus loaded, its words give counts)"))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="auditCancel")
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton(self.tr("Export CSV…"), objectName="auditExport")
        self.export_button.setToolTip(self.tr("Save every token's audit row as CSV"))
        self.export_button.setEnabled(False)
        self.edit_button = QPushButton(self.tr("Edit vocabulary…"), objectName="auditEdit")
        self.edit_button.setToolTip(self.tr(
            "Prune tokens (e.g. the audited ones), extend by training on the corpus, or merge "
            "with another tokenizer; see the corpus diff before keeping the result"))
        self.progress = QProgressBar(objectName="auditProgress")
        self.progress.hide()
        self.category = QComboBox(objectName="auditCategory")
        self.category.setToolTip(self.tr("Which tokens the table lists"))
        self.summary = QLabel(self.tr("Not audited yet"), objectName="auditSummary")
        self.summary.setWordWrap(True)
        self.model = RecordTableModel(COLUMNS, self)
        self.table = QTableView(objectName="auditTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((60, 90, 150, 90, 60, 60, 110, 50)):
            self.table.setColumnWidth(column, width)
        self._fill_categories({})
        self._layout()
        self.audit_button.clicked.connect(self.audit_requested)
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.export_button.clicked.connect(self.export_csv)
        self.edit_button.clicked.connect(self.edit_requested)
        self.category.currentIndexChanged.connect(self._apply_category)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.audit_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.edit_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(self.category)
        layout.addWidget(self.table, 1)

    def _fill_categories(self, counts: dict[str, int]) -> None:
        chosen = self.category.currentData()
        self.category.blockSignals(True)
        self.category.clear()
        for i, name in enumerate(CATEGORIES):
            label = self.tr(CATEGORY_NAMES[name])
            if counts:
                label += f" ({counts.get(name, 0):,})"
            self.category.addItem(label, name)
            self.category.setItemData(i, self.tr(CATEGORY_TIPS[name]),
                                      Qt.ItemDataRole.ToolTipRole)
        index = self.category.findData(chosen or "unreachable")
        self.category.setCurrentIndex(max(index, 0))
        self.category.blockSignals(False)

    # -- the pane drives these ---------------------------------------------------------
    def set_running(self, running: bool) -> None:
        self.audit_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.progress.setVisible(running)
        if running:
            self.progress.setRange(0, 0)
            self.summary.setText(self.tr("Auditing…"))

    def show_progress(self, event: Any) -> None:
        total = getattr(event, "total", None)
        if total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * event.current / total))
            self.progress.setFormat(self.tr("{0} of {1}").format(f"{event.current:,}",
                                                                 f"{total:,}"))

    def clear(self, text: str = "") -> None:
        self.report = None
        self.model.set_records([])
        self.export_button.setEnabled(False)
        self._fill_categories({})
        self.summary.setText(text or self.tr("Not audited yet"))

    def show_failure(self, message: str) -> None:
        self.summary.setText(self.tr("Cannot audit: {error}").format(error=message))

    def set_report(self, report: Any) -> None:
        self.report = report
        counts = report.counts()
        self._fill_categories(counts)
        corpus = self.tr("with corpus counts") if report.with_corpus else self.tr(
            "without a corpus (load one for unused and residue tokens)")
        figures = " · ".join(f"{self.tr(CATEGORY_NAMES[c])} {counts[c]:,}" for c in CATEGORIES)
        self.summary.setText(self.tr("{n} entries audited, {corpus}").format(
            n=f"{len(report.tokens):,}", corpus=corpus) + "\n" + figures)
        self.export_button.setEnabled(True)
        self._apply_category()

    @Slot()
    def _apply_category(self, *_: Any) -> None:
        if self.report is None:
            return
        category = self.category.currentData()
        self.model.set_records(self.report.with_category(category))

    @Slot()
    def _on_row_changed(self, current: Any, _previous: Any = None) -> None:
        if current.isValid():
            self.token_chosen.emit(self.model.record_at(current.row()).id)

    @Slot()
    def export_csv(self) -> str | None:
        if self.report is None:
            return None
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the audit"), "audit.csv",
                                              self.tr("CSV table (*.csv)"))
        if not path:
            return None
        try:
            atomic_write_text(path, self.report.to_csv())
        except OSError as exc:
            QMessageBox.critical(self, self.tr("Cannot export"), f"{path}\n\n{exc}")
            return None
        return path
