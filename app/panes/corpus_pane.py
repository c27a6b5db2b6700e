"""CorpusPane: open a corpus (files, folders, drag and drop), see its report and word counts.

Opening (the buttons, the File menu, a drop) first shows a preview
(:mod:`app.widgets.corpus_preview`): the first records, and the JSON field or CSV
column to read, picked from what the file holds. Several files can be opened at
once. Loading then runs ``subword_core.corpus.counting.iter_cached_count`` in a worker
(progress in bytes, cancel), and builds the word table's sort orders in the same
worker. A failed or cancelled load leaves the session's corpus as it was.

``load_paths(paths, **options)`` loads without asking (recent corpora, tests);
the options (``field``, ``column``, ``glob``) are kept in ``CorpusState.options``.
A load that replaces a corpus keeps the one it replaced until the next load:
``undo_replace()`` brings it back (Edit ▸ Undo). Dropped tokenizer files are not read
as text: they go out as ``tokenizers_dropped``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_text
from subword_core.corpus import Corpus
from subword_core.corpus.counting import iter_cached_count
from subword_core.errors import SubwordError

from ..file_actions import split_dropped
from ..train_job import counts_cache_dir
from ..item_models import WordCountsModel, WordCountsTable
from ..selection import SelectionModel
from ..session import CorpusState, Session
from ..widgets import corpus_preview
from ..widgets.cached_table import CachedTableView
from ..wording import corpus_summary, count_text
from ..workers import GeneratorWorker, WorkerHandle

CORPUS_FILTER = QT_TRANSLATE_NOOP(
    "CorpusPane", "Corpora (*.txt *.jsonl *.json *.csv *.tsv *.gz *.bz2 *.xz);;All files (*)")


def _load_corpus(paths: list[str], options: dict[str, Any], cancel: Any):
    """Worker body: count words, then prepare the table (both off the GUI thread).

    The counts are kept in the app's counts cache (the one trainings use), keyed by the
    files' paths, sizes and modification times: a restart, or loading the same corpus
    again, reads them back instead of counting 50 MB again (4 s on two cores, which the
    restored window's other work needs). Counting reads the files in partitions, in the
    workers themselves (``subword_core.corpus.iter_count``).
    """
    corpus = Corpus([Path(p) for p in paths], **options)
    counts, report = yield from iter_cached_count(corpus, None, None, counts_cache_dir(),
                                                  cancel=cancel)
    yield ("table", None)
    return counts, report, WordCountsTable(counts)


class CorpusPane(QWidget):
    """Corpus loading, report and a sortable, filterable word-frequency table."""

    loaded = Signal(object)  # CorpusState, after a successful load (main window chains training)
    undo_changed = Signal()  # whether a replaced corpus can be brought back changed
    tokenizers_dropped = Signal(list)  # paths of dropped tokenizer files (the window opens them)

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("corpusPane")
        self.setAcceptDrops(True)
        self._session = session
        self._selection = selection
        self._handle: WorkerHandle | None = None
        self._paths: list[str] = []
        self._options: dict[str, Any] = {}
        # the corpus the last load replaced, with its word table: Edit ▸ Undo brings it back
        self._replaced: tuple[CorpusState, WordCountsTable] | None = None
        self.last_error = ""

        self.open_button = QPushButton(self.tr("Open files…"), objectName="openCorpusButton")
        self.open_button.setToolTip(self.tr(
            "Open one or several corpus files (.txt, .jsonl, .json, .csv, .tsv, also "
            ".gz/.bz2/.xz), with a preview to choose the field or column that holds the text"))
        self.folder_button = QPushButton(self.tr(
            "Open folder…"), objectName="openCorpusFolderButton")
        self.folder_button.setToolTip(self.tr(
            "Open every file of a folder (a pattern chooses which)"))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="cancelCorpusButton")
        self.cancel_button.setToolTip(self.tr("Stop reading; the current corpus is kept"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(objectName="corpusProgress")
        self.progress.setTextVisible(True)
        self.progress.setFormat(self.tr("no corpus"))
        self.progress.setToolTip(self.tr("Reading the corpus: bytes read of the total"))
        self.report_label = QLabel(self.tr("Drop a file or folder here, or open one."),
                                   objectName="corpusReport")
        self.report_label.setWordWrap(True)
        self.report_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report_label.setToolTip(self.tr("What was read: files, documents, characters, words"))
        # how the loaded corpus was read (chosen in the preview dialog)
        self.options_label = QLabel("", objectName="corpusOptions")
        self.options_label.setToolTip(self.tr("How the files were read: the JSON field, the CSV "
                                              "column and the folder pattern chosen when opening"))
        self.options_label.hide()
        self.filter_edit = QLineEdit(objectName="corpusFilter",
                                     placeholderText=self.tr("Filter words…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(self.tr("Show only the words containing this text"))
        self.model = WordCountsModel(self)
        self.table = CachedTableView(objectName="corpusTable")  # painted once per change
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setMinimumHeight(60)
        self.table.setToolTip(self.tr("Every distinct word of the corpus (after pre-tokenization): "
                                      "word, how often it occurs, and its share of all words. "
                                      "Click a header to sort."))

        buttons = QHBoxLayout()
        for w in (self.open_button, self.folder_button, self.cancel_button):
            buttons.addWidget(w)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.report_label)
        layout.addWidget(self.options_label)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.table, 1)

        # filtering a million words takes ~0.1 s: wait until the user pauses typing
        self._filter_timer = QTimer(self, singleShot=True, interval=250)
        self._filter_timer.timeout.connect(self._on_filter_timer_timeout)
        self.filter_edit.textChanged.connect(self._filter_timer.start)
        self.open_button.clicked.connect(self.open_file_dialog)
        self.folder_button.clicked.connect(self.open_folder_dialog)
        self.cancel_button.clicked.connect(self.cancel)

    # -- public actions ----------------------------------------------------------------------
    @Slot()
    def open_file_dialog(self) -> bool:
        """Ask for one or several files, preview them, load them as chosen; True if started."""
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Open corpus files"), "",
                                                self.tr(CORPUS_FILTER))
        return self.open_with_preview(paths)

    @Slot()
    def open_folder_dialog(self) -> bool:
        path = QFileDialog.getExistingDirectory(self, self.tr("Open corpus folder"))
        return self.open_with_preview([path] if path else [])

    def open_with_preview(self, paths: list[str], always: bool = True) -> bool:
        """Show the preview of ``paths``; load them with the field/column picked there.

        ``always=False`` (drops) asks only when a field or column must be picked."""
        if not paths:
            return False
        if self._handle is not None:
            self._session.notify(self.tr("A corpus is still loading; cancel it first."))
            return False
        options = corpus_preview.ask_corpus_options(self, [str(p) for p in paths], always)
        if options is None:
            return False
        return self.load_paths(paths, **options)

    def is_loading(self) -> bool:
        return self._handle is not None

    def load_paths(self, paths: list[str], **options: Any) -> bool:
        """Start loading ``paths`` in a worker, read with ``options`` (``field``, ``column``,
        ``glob``: see ``subword_core.corpus.Corpus``); False while another load is running."""
        if self._handle is not None:
            self._session.notify(self.tr("A corpus is still loading; cancel it first."))
            return False
        self._paths = [str(p) for p in paths]
        self._options = {k: v for k, v in options.items() if v is not None and v != ""}
        paths_, options_ = list(self._paths), dict(self._options)
        worker = GeneratorWorker(lambda cancel: _load_corpus(paths_, options_, cancel),
                                 pass_cancel=True)
        worker.yielded.connect(self._on_worker_yielded)
        worker.returned.connect(self._on_worker_returned)
        worker.errored.connect(self._on_worker_errored)
        worker.aborted.connect(self._on_worker_aborted)
        worker.finished.connect(self._on_worker_finished)
        self._handle = WorkerHandle(worker, self)
        self.progress.setRange(0, 0)
        self.progress.setFormat(self.tr("reading…"))
        self._set_busy(True)
        self._session.notify(self.tr(
            "Reading corpus {paths}…").format(paths=", ".join(self._paths)))
        self._handle.start()
        return True

    def loaded_options(self) -> dict[str, Any]:
        """The options the session's corpus was read with (empty without a corpus)."""
        corpus = self._session.corpus
        return dict(corpus.options) if corpus is not None else {}

    def _set_busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)
        self.open_button.setEnabled(not busy)
        self.folder_button.setEnabled(not busy)

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.abort()

    def shutdown(self) -> None:
        if self._handle is not None:
            self._handle.stop()

    # -- worker signals ------------------------------------------------------------------------
    @Slot(list)
    def _on_worker_yielded(self, batch: list) -> None:
        event = batch[-1]
        total = getattr(event, "total", None)
        if isinstance(event, tuple):
            self.progress.setRange(0, 0)
            self.progress.setFormat(self.tr("sorting the word table…"))
        elif total:
            self.progress.setRange(0, 1000)
            done = getattr(event, "current", 0)
            self.progress.setValue(int(1000 * min(done, total) / total))
            self.progress.setFormat(self.tr("reading %p%  ({done} of {total} MB)").format(
                done=f"{done / 1e6:.1f}", total=f"{total / 1e6:.1f}"))

    @Slot(object)
    def _on_worker_returned(self, result: Any) -> None:
        counts, report, table = result
        state = CorpusState(list(self._paths), report, counts, dict(self._options))
        previous = self._session.corpus
        self._replaced = (previous, self.model.table) if previous is not None else None
        self.show_loaded(state, table)
        self._session.set_corpus(state)
        message = self.tr("Corpus loaded: {summary}").format(summary=corpus_summary(report))
        if previous is not None:
            message += "  " + self.tr("(Edit ▸ Undo brings back {previous})").format(
                previous=_short_label(previous))
        self._session.notify(message)
        self.undo_changed.emit()
        self.loaded.emit(state)

    @property
    def can_undo_replace(self) -> bool:
        """Whether the last load replaced a corpus that :meth:`undo_replace` can bring back."""
        return self._replaced is not None

    def undo_replace(self) -> CorpusState | None:
        """Bring back the corpus the last load replaced (its report and word table as they
        were); None when there is none. A load still running replaces it in turn."""
        if self._replaced is None:
            return None
        state, table = self._replaced
        self._replaced = None
        self.show_loaded(state, table)
        self._session.set_corpus(state)
        self._session.notify(self.tr("Brought back the corpus {label}").format(
            label=_short_label(state)))
        self.undo_changed.emit()
        return state

    def show_loaded(self, state: CorpusState, table: WordCountsTable) -> None:
        """Show a loaded corpus: its report, how it was read and its word table (also used
        when the window is rebuilt around a session that has one, see ``app.i18n``)."""
        self.model.set_table(table)
        self.report_label.setText(self._report_text(state.report))
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat(self.tr("{n} distinct words").format(n=f"{len(table):,}"))
        self.options_label.setText(_options_text(state.options))
        self.options_label.setVisible(bool(state.options))

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        error = self._handle.worker.error if self._handle is not None else None
        if isinstance(error, SubwordError):
            self.last_error = str(error)
        elif isinstance(error, OSError):
            self.last_error = self.tr("the file cannot be read: {error}").format(
                error=error.strerror or error)
        else:
            self.last_error = self.tr("the corpus could not be read ({error})").format(
                error=text.strip().splitlines()[-1])
        self._reset_progress()
        self._session.notify("")  # clear "Reading corpus …" from the status bar
        corpus_preview.show_corpus_error(self, self._paths,
                                         f"{self.last_error}\n\n"
                                         + self.tr("The previous corpus is kept."))

    @Slot()
    def _on_worker_aborted(self) -> None:
        self._reset_progress()
        kept = self._session.corpus.label if self._session.corpus else self.tr("no corpus")
        self._session.notify(self.tr("Corpus loading cancelled; kept {kept}.").format(kept=kept))

    @Slot()
    def _on_worker_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        self._handle = None
        self._set_busy(False)

    @Slot()
    def _on_filter_timer_timeout(self) -> None:
        self.model.set_text_filter(self.filter_edit.text())

    # -- helpers -------------------------------------------------------------------------------
    def _reset_progress(self) -> None:
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("no corpus") if self._session.corpus is None
                                else self.tr("kept previous corpus"))

    def _report_text(self, report: Any) -> str:
        top = " ".join(f"{visible_text(c)}×{count_text(n)}"
                       for c, n in report.alphabet.most_common(8))
        lines = [corpus_summary(report), self.tr("Top characters: {top}").format(top=top)]
        lines += [f"⚠ {w}" for w in report.warnings[:3]]
        return "\n".join(lines)

    # -- drag and drop -----------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt override
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            tokenizers, corpora = split_dropped(paths)
            if tokenizers:
                self.tokenizers_dropped.emit(tokenizers)
            if corpora:
                self.open_with_preview(corpora, always=False)


def _short_label(state: CorpusState) -> str:
    """A corpus by its first file's name (+ how many more), for the status bar."""
    if not state.paths:
        return state.label
    more = f" (+{len(state.paths) - 1})" if len(state.paths) > 1 else ""
    return Path(state.paths[0]).name + more


def _options_text(options: dict[str, Any]) -> str:
    parts = []
    if "field" in options:
        parts.append(QCoreApplication.translate("CorpusPane", "field “{name}”").format(
            name=options["field"]))
    if "column" in options:
        parts.append(QCoreApplication.translate("CorpusPane", "column “{name}”").format(
            name=options["column"]))
    if "glob" in options:
        parts.append(QCoreApplication.translate("CorpusPane", "files {pattern}").format(
            pattern=options["glob"]))
    return QCoreApplication.translate("CorpusPane", "Read: {how}").format(
        how=", ".join(parts)) if parts else ""
