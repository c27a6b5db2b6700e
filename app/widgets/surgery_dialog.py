"""SurgeryDialog: prune, extend or merge the current tokenizer, see the corpus diff, keep it.

The edit and the corpus diff (:mod:`subword_core.analysis.surgery`) run in the window's
process pool (:func:`app.analysis_jobs.surgery_job`). Preview shows what changed: tokens
removed or added, conflicts, and the corpus words that now split differently (word, count,
tokens before, tokens after) before anything is kept. "Add to the session" keeps the edited
copy as a new tokenizer (made current); Edit ▸ Undo takes it back, and File ▸ Save /
Save for transformers write it as ``tokenizer.json`` or a ``save_pretrained`` folder.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
    QHeaderView, QLabel, QLineEdit, QMessageBox, QPushButton, QSpinBox, QTableView, QTabWidget,
    QVBoxLayout, QWidget,
)

from subword_core._util.fileio import atomic_write_text
from subword_core.analysis.audit import CATEGORIES, prunable
from subword_core.analysis.vocabulary import parse_ids

from ..analysis_jobs import surgery_job, tokenizer_ref
from ..item_models.table_model import Column, RecordTableModel
from ..jobs import PoolJob
from ..session import TokenizerEntry
from .audit_panel import CATEGORY_NAMES

PRUNE, EXTEND, MERGE = "prune", "extend", "merge"
DIFF_COLUMNS = (
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda c: c.word),
    Column(QT_TRANSLATE_NOOP("Columns", "count"), lambda c: c.count, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "before"), lambda c: " ".join(c.before)),
    Column(QT_TRANSLATE_NOOP("Columns", "after"), lambda c: " ".join(c.after)),
)


class SurgeryDialog(QDialog):
    """Tabs for the three edits, a preview with the corpus diff, and keep or cancel."""

    def __init__(self, session: Any, audit_report: Any = None, parent: QWidget | None = None,
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("surgeryDialog")
        self.setWindowTitle(self.tr("Edit the vocabulary"))
        self._session = session
        self._entry = session.current
        self._report = audit_report
        self.result: Any = None
        self.diff: Any = None
        self.job = PoolJob(self)
        self.job.returned.connect(self._on_returned)
        self.job.failed.connect(self._on_failed)
        self.job.running_changed.connect(self._on_running)
        self._build()
        self.resize(900, 620)

    # -- widgets -------------------------------------------------------------------------
    def _build(self) -> None:
        self.tabs = QTabWidget(objectName="surgeryTabs")
        self.tabs.addTab(self._prune_tab(), self.tr("Prune"))
        self.tabs.addTab(self._extend_tab(), self.tr("Extend"))
        self.tabs.addTab(self._merge_tab(), self.tr("Merge"))
        self.preview_button = QPushButton(self.tr("Preview"), objectName="surgeryPreview")
        self.preview_button.setToolTip(self.tr(
            "Make the edit in the background and show which corpus words split differently"))
        self.summary = QLabel(objectName="surgerySummary", wordWrap=True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.diff_model = RecordTableModel(DIFF_COLUMNS, self)
        self.diff_table = QTableView(objectName="surgeryDiff")
        self.diff_table.setModel(self.diff_model)
        self.diff_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.diff_table.verticalHeader().setVisible(False)
        self.diff_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.diff_table.verticalHeader().setDefaultSectionSize(22)
        self.diff_table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((160, 70, 260)):
            self.diff_table.setColumnWidth(column, width)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.keep_button = self.buttons.addButton(self.tr("Add to the session"),
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.keep_button.setObjectName("surgeryKeep")
        self.keep_button.setEnabled(False)
        self.mapping_button = self.buttons.addButton(self.tr("Export id mapping…"),
                                                     QDialogButtonBox.ButtonRole.ActionRole)
        self.mapping_button.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.preview_button)
        layout.addWidget(self.summary)
        layout.addWidget(self.diff_table, 1)
        layout.addWidget(self.buttons)
        self.preview_button.clicked.connect(self.preview)
        self.keep_button.clicked.connect(self.keep)
        self.mapping_button.clicked.connect(self.export_mapping)
        self.buttons.rejected.connect(self.reject)
        self.tabs.currentChanged.connect(self._forget_preview)

    def _prune_tab(self) -> QWidget:
        tab = QWidget()
        form = QFormLayout(tab)
        self.prune_source = QComboBox(objectName="pruneSource")
        if self._report is not None:
            for category in CATEGORIES:
                n = len(prunable(self._report, category))
                if n and category not in ("special", "added"):
                    label = self.tr("tokens audited as {category} ({n})").format(
                        category=self.tr(CATEGORY_NAMES[category]), n=f"{n:,}")
                    self.prune_source.addItem(label, category)
        self.prune_source.addItem(self.tr("these ids"), "ids")
        self.prune_ids = QLineEdit(objectName="pruneIds", placeholderText="#101, 102 …")
        self.prune_remap = QCheckBox(self.tr("Renumber the ids that stay (export the mapping)"),
                                     objectName="pruneRemap")
        form.addRow(self.tr("Remove"), self.prune_source)
        form.addRow(self.tr("Ids"), self.prune_ids)
        form.addRow("", self.prune_remap)
        form.addRow(QLabel(self.tr(
            "For BPE, the merges that build or use a removed token go too, and tokens no merge "
            "can build any more. Tokens that never occur on the corpus (count and inside both "
            "0) leave its tokenization unchanged."), wordWrap=True))
        self.prune_source.currentIndexChanged.connect(self._forget_preview)
        self.prune_ids.textChanged.connect(self._forget_preview)
        self.prune_remap.toggled.connect(self._forget_preview)
        return tab

    def _extend_tab(self) -> QWidget:
        tab = QWidget()
        form = QFormLayout(tab)
        size = self._entry.tokenizer.get_vocab_size(with_added_tokens=False) if self._entry else 0
        self.extend_size = QSpinBox(objectName="extendSize", maximum=10_000_000,
                                    minimum=size + 1, value=size + 1000, singleStep=500)
        self.extend_size.setGroupSeparatorShown(True)
        form.addRow(self.tr("New vocabulary size"), self.extend_size)
        corpus = self._session.corpus
        form.addRow(QLabel((self.tr("Trains on the loaded corpus: {corpus}").format(
            corpus=corpus.label) if corpus is not None else self.tr(
            "Load a corpus first: extending trains on it")), wordWrap=True))
        form.addRow(QLabel(self.tr(
            "Every existing merge and id is kept; new characters, then new merges are "
            "appended."), wordWrap=True))
        self.extend_size.valueChanged.connect(self._forget_preview)
        return tab

    def _merge_tab(self) -> QWidget:
        tab = QWidget()
        form = QFormLayout(tab)
        self.merge_other = QComboBox(objectName="mergeOther")
        for entry in self._session.entries:
            if entry is not self._entry:
                self.merge_other.addItem(entry.name, entry.name)
        form.addRow(self.tr("Merge with"), self.merge_other)
        form.addRow(QLabel(self.tr(
            "The current tokenizer's ids stay; the other's tokens and merges it lacks are "
            "appended. Both need the same pipeline."), wordWrap=True))
        self.merge_other.currentIndexChanged.connect(self._forget_preview)
        return tab

    # -- preview -------------------------------------------------------------------------
    def operation(self) -> str:
        return (PRUNE, EXTEND, MERGE)[self.tabs.currentIndex()]

    def _prune_tokens(self) -> list[int]:
        source = self.prune_source.currentData()
        if source == "ids":
            parsed = parse_ids(self.prune_ids.text())
            return list(parsed.ids)
        return prunable(self._report, source)

    @Slot()
    def preview(self) -> None:
        entry = self._entry
        if entry is None:
            return
        operation, other, params = self.operation(), None, {}
        if operation == PRUNE:
            params = {"tokens": self._prune_tokens(), "remap": self.prune_remap.isChecked()}
            if not params["tokens"]:
                self.summary.setText(self.tr("No tokens to remove"))
                return
        elif operation == EXTEND:
            params = {"vocab_size": self.extend_size.value()}
        else:
            other_entry = self._session.entry(self.merge_other.currentData() or "")
            if other_entry is None:
                self.summary.setText(self.tr("Open another tokenizer to merge with"))
                return
            other = tokenizer_ref(other_entry)
        corpus = self._session.corpus
        paths = list(corpus.paths) if corpus is not None else None
        options = dict(corpus.options) if corpus is not None else {}
        self._forget_preview()
        self.summary.setText(self.tr("Working…"))
        self.job.start_job(surgery_job, (tokenizer_ref(entry), operation, params, other, paths,
                                         options))

    @Slot()
    def _forget_preview(self, *_: Any) -> None:
        self.result = self.diff = None
        self.diff_model.set_records([])
        self.keep_button.setEnabled(False)
        self.mapping_button.setEnabled(False)

    @Slot(bool)
    def _on_running(self, running: bool) -> None:
        self.preview_button.setEnabled(not running)
        self.tabs.setEnabled(not running)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.summary.setText(self.tr("Cannot edit: {error}").format(
            error=message.split(": ", 1)[-1]))

    @Slot(object)
    def _on_returned(self, value: Any) -> None:
        self.result, self.diff = value
        lines = [self.tr("{removed} tokens removed, {added} added; the vocabulary has {n} "
                         "entries").format(removed=f"{len(self.result.removed):,}",
                                           added=f"{len(self.result.added):,}",
                                           n=f"{self.result.tokenizer.get_vocab_size():,}")]
        if self.diff is None:
            lines.append(self.tr("No corpus loaded: no corpus diff"))
        elif self.diff.identical:
            lines.append(self.tr("The corpus splits exactly as before ({n} distinct words)")
                         .format(n=f"{self.diff.words:,}"))
        else:
            lines.append(self.tr("{changed} of {n} distinct corpus words split differently; "
                                 "corpus tokens {before} → {after}").format(
                changed=f"{self.diff.changed:,}", n=f"{self.diff.words:,}",
                before=f"{self.diff.tokens_before:,}", after=f"{self.diff.tokens_after:,}"))
            self.diff_model.set_records(self.diff.changes)
        lines += self.result.conflicts[:5]
        self.summary.setText("\n".join(lines))
        self.keep_button.setEnabled(True)
        self.mapping_button.setEnabled(self.operation() == PRUNE)

    # -- keep ----------------------------------------------------------------------------
    @Slot()
    def keep(self) -> None:
        if self.result is None or self._entry is None:
            return
        suffix = {PRUNE: self.tr("pruned"), EXTEND: self.tr("extended"),
                  MERGE: self.tr("merged")}[self.operation()]
        entry = TokenizerEntry(f"{self._entry.name} ({suffix})", self.result.tokenizer, None,
                               "edited", source=self._entry.name)
        self._session.add_edit(entry, self._entry.name)
        self.accept()

    @Slot()
    def export_mapping(self) -> str | None:
        if self.result is None:
            return None
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the id mapping"),
                                              "id_mapping.json", "JSON (*.json)")
        if not path:
            return None
        try:
            atomic_write_text(path, self.result.mapping_json())
        except OSError as exc:
            QMessageBox.critical(self, self.tr("Cannot export"), f"{path}\n\n{exc}")
            return None
        return path
