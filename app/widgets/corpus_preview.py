"""CorpusPreviewDialog: the first records of a corpus, and the field or column to read.

Opening a corpus shows what :func:`subword_core.corpus.file_preview.preview_files`
found: the files, their format, the first records as a table, and — for JSON /
JSONL and CSV / TSV — the fields or columns that hold text, picked from a list
(the core's default preselected). Below, the first documents as they will be read
with the current choice, so a wrong field is visible before the corpus is counted.
For folders, the glob that selects the files can be changed and the preview redone.

:func:`ask_corpus_options` is the one entry point: it returns the ``Corpus``
options (``field``, ``column``, ``glob``), or None if the user cancelled or the
files cannot be read (then a message box says why, in words). Tests substitute
``CorpusPreviewDialog.exec`` to pick from the lists without a modal loop.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from subword_core.corpus.file_preview import CorpusPreview, preview_files
from subword_core.errors import SubwordError

#: Characters of one cell or document shown in the preview.
CELL_CHARS = 160
DOCUMENTS_SHOWN = 5
#: Line breaks and tabs shown as marks, so one record stays on one table line.
_CONTROLS = str.maketrans({"\n": "⏎", "\r": "", "\t": "⇥"})
FORMAT_NAMES = {"txt": QT_TRANSLATE_NOOP(
    "CorpusPreviewDialog",
    "plain text (one document per line)"),
                "jsonl": QT_TRANSLATE_NOOP("CorpusPreviewDialog", "JSON lines"),
                "json": "JSON", "csv": "CSV", "tsv": "TSV"}


def ask_corpus_options(parent: QWidget | None, paths: Sequence[str],
                       always: bool = True) -> dict[str, Any] | None:
    """Preview ``paths``, let the user pick how to read them; the options, or None.

    With ``always=False`` (a drop) the dialog shows only when a field or column must be
    picked; files the reader's defaults can read are loaded at once.
    """
    try:
        preview = preview_files(paths)
    except SubwordError as exc:
        show_corpus_error(parent, paths, str(exc))
        return None
    if not always and not preview.needs_choice:
        return {}
    dialog = CorpusPreviewDialog(preview, list(paths), parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.options()


def show_corpus_error(parent: QWidget | None, paths: Sequence[str], message: str) -> None:
    QMessageBox.critical(parent, QCoreApplication.translate("CorpusPreviewDialog",
                                                            "Cannot open the corpus"),
                         f"{', '.join(str(p) for p in paths)}\n\n{message}")


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    shown = text[:CELL_CHARS].translate(_CONTROLS)
    return shown + ("…" if len(text) > CELL_CHARS else "")


class CorpusPreviewDialog(QDialog):
    """First records, format, field / column lists and the documents they give."""

    def __init__(self, preview: CorpusPreview, paths: list[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("corpusPreviewDialog")
        self.setWindowTitle(self.tr("Open corpus"))
        self.preview = preview
        self._paths = paths

        self.files_label = QLabel(objectName="previewFiles")
        self.files_label.setWordWrap(True)
        self.files_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.field_combo = QComboBox(objectName="previewFieldCombo")
        self.field_combo.setToolTip(self.tr(
            "JSON / JSONL: the field of each record that holds the text (fields holding a string "
            "in the first records)"))
        self.column_combo = QComboBox(objectName="previewColumnCombo")
        self.column_combo.setToolTip(self.tr(
            "CSV / TSV: the column that holds the text (from the header)"))
        self.glob_edit = QLineEdit(objectName="previewGlobEdit", placeholderText="**/*")
        self.glob_edit.setToolTip(self.tr("Folders: which files to read, e.g. **/*.txt or *.jsonl "
                                  "(hidden files are skipped)"))
        self.glob_button = QPushButton(self.tr("Preview again"), objectName="previewGlobButton")
        self.glob_button.setToolTip(self.tr(
            "Find the folder's files with this pattern and preview them"))
        self.table = QTableWidget(objectName="previewTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setToolTip(self.tr(
            "The first records of the first file, as stored; the column that will be read is in "
            "bold"))
        self.documents = QPlainTextEdit(objectName="previewDocuments", readOnly=True)
        self.documents.setToolTip(self.tr(
            "The first documents as they will be read with this choice (⏎ marks line breaks, ⇥ "
            "tabs)"))
        self.documents.setMaximumHeight(110)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setObjectName("previewOpenButton")
        self.open_button.setToolTip(self.tr("Read the whole corpus this way and count its words"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            self.tr("Keep the current corpus"))

        form = QFormLayout()
        self._field_label, self._column_label = QLabel(self.tr(
            "Text field")), QLabel(self.tr(
            "Text column"))
        self._field_label.setToolTip(self.field_combo.toolTip())
        self._column_label.setToolTip(self.column_combo.toolTip())
        form.addRow(self._field_label, self.field_combo)
        form.addRow(self._column_label, self.column_combo)
        glob_row = QHBoxLayout()
        glob_row.addWidget(self.glob_edit, 1)
        glob_row.addWidget(self.glob_button)
        self._glob_label = QLabel(self.tr("Files in folders"))
        self._glob_label.setToolTip(self.glob_edit.toolTip())
        form.addRow(self._glob_label, glob_row)
        layout = QVBoxLayout(self)
        layout.addWidget(self.files_label)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("First records:")))
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel(self.tr("Documents that will be read:")))
        layout.addWidget(self.documents)
        layout.addWidget(self.buttons)
        self.resize(760, 520)

        has_folder = any(Path(p).is_dir() for p in paths)
        for w in (self._glob_label, self.glob_edit, self.glob_button):
            w.setVisible(has_folder)
        self.field_combo.currentTextChanged.connect(self._on_choice_changed)
        self.column_combo.currentTextChanged.connect(self._on_choice_changed)
        self.glob_button.clicked.connect(self._on_glob_button_clicked)
        self.glob_edit.returnPressed.connect(self._on_glob_button_clicked)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._show_preview()

    # -- what the user chose -------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """``Corpus`` options for the choice made (only those that apply)."""
        options: dict[str, Any] = {}
        if self.preview.needs_field and self.field_combo.currentText():
            options["field"] = self.field_combo.currentText()
        if self.preview.needs_column and self.column_combo.currentText():
            options["column"] = self.column_combo.currentText()
        glob = self.glob_edit.text().strip()
        if glob and self.glob_edit.isVisibleTo(self):
            options["glob"] = glob
        return options

    def choose(self, field: str | None = None, column: str | None = None) -> None:
        """Select a field and/or column (as a user would in the lists)."""
        if field is not None:
            self.field_combo.setCurrentText(field)
        if column is not None:
            self.column_combo.setCurrentText(column)

    # -- showing the preview -------------------------------------------------------------------
    def _show_preview(self) -> None:
        p = self.preview
        formats = ", ".join(self.tr(FORMAT_NAMES.get(f, f)) for f in p.formats)
        names = ", ".join(Path(f).name for f in p.files[:4])
        more = self.tr(
            " and {n} more").format(n=f"{len(p.files) - 4:,}") if len(p.files) > 4 else ""
        files = (self.tr("1 file: {names}") if len(p.files) == 1 else
                 self.tr("{n} files: {names}")).format(n=f"{len(p.files):,}", names=names + more)
        self.files_label.setText(files + "\n" + self.tr(
            "Format: {formats}").format(formats=formats))
        for combo, show, items, default, label in (
                (self.field_combo, p.needs_field, p.fields, p.default_field, self._field_label),
                (self.column_combo, p.needs_column, p.columns, p.default_column,
                 self._column_label)):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(items or (["text"] if combo is self.field_combo else []))
            if default:
                combo.setCurrentText(default)
            combo.blockSignals(False)
            combo.setVisible(show)
            label.setVisible(show)
        self._fill_table()
        self._on_choice_changed()

    def _table_columns(self) -> list[str]:
        p = self.preview
        if p.format in ("jsonl", "json"):
            keys: dict[str, None] = {}
            for record in p.records:
                if isinstance(record, dict):
                    keys.update(dict.fromkeys(record))
            return list(keys) or ["value"]
        if p.format in ("csv", "tsv"):
            return list(p.columns)
        return ["line"]

    def _fill_table(self) -> None:
        p = self.preview
        columns = self._table_columns()
        self.table.clear()
        self.table.setColumnCount(len(columns))
        self.table.setHorizontalHeaderLabels(columns)
        self.table.setRowCount(len(p.records))
        for row, record in enumerate(p.records):
            if isinstance(record, dict):
                cells = [_short(record[c]) if c in record else "" for c in columns]
            elif isinstance(record, list):
                cells = [_short(c) for c in record]
            else:
                cells = [_short(record)]
            for col, text in enumerate(cells[:len(columns)]):
                self.table.setItem(row, col, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        # narrow columns for ids and labels, room for the text (capped: one long record
        # must not push the others out of view)
        self.table.resizeColumnsToContents()
        for col in range(len(columns)):
            self.table.setColumnWidth(col, max(50, min(360, self.table.columnWidth(col))))

    @Slot()
    def _on_choice_changed(self, _text: str = "") -> None:
        p = self.preview
        field = self.field_combo.currentText() or None
        column = self.column_combo.currentText() or None
        texts = p.texts(field=field, column=column)
        chosen = field if p.format in ("jsonl", "json") else column if p.format in ("csv", "tsv") \
            else "line"
        for col in range(self.table.columnCount()):
            item = self.table.horizontalHeaderItem(col)
            if item is not None:
                font = QFont(item.font())
                font.setBold(item.text() == chosen)
                item.setFont(font)
        if texts:
            self.documents.setPlainText("\n".join(
                f"{i + 1}. {_short(t)}" for i, t in enumerate(texts[:DOCUMENTS_SHOWN])))
        else:
            self.documents.setPlainText(
                (self.tr("No text in the field {name} of the first records: choose another one.")
                 if p.format in ("jsonl", "json") else
                 self.tr("No text in the column {name} of the first records: choose another one."))
                .format(name=repr(field if p.format in ("jsonl", "json") else column)))
        self.open_button.setEnabled(bool(texts))

    @Slot()
    def _on_glob_button_clicked(self) -> None:
        try:
            preview = preview_files(self._paths, glob=self.glob_edit.text().strip() or None)
        except SubwordError as exc:
            self.documents.setPlainText(self.tr("Cannot preview: {error}").format(error=exc))
            self.open_button.setEnabled(False)
            return
        self.preview = preview
        self._show_preview()


__all__ = ["CorpusPreviewDialog", "ask_corpus_options", "show_corpus_error"]
