"""VocabPane: every token of the current tokenizer, searchable, with its corpus frequency.

- The table (:class:`~app.item_models.vocab_model.VocabModel`) lists each vocabulary
  entry: id, readable form, raw string, merge rank or score, special/added, length in
  characters and bytes, and frequency on the loaded corpus. Any column sorts.
- The search box finds tokens by substring, regex or id (``#123``).
- The side panel shows the selected token's merge tree (or, in words, why there is
  none) and the corpus words that use it; its Audit tab audits the whole vocabulary
  (:class:`~app.widgets.audit_panel.AuditPanel`, in the process pool).

The rows (:func:`subword_core.analysis.vocabulary.iter_vocab_table`, 1-2 s for 150k entries,
with the merge index the side panel's trees read) and the frequencies
(:func:`subword_core.analysis.vocabulary.iter_token_usage`) run in the window's process pool
(:class:`~app.jobs.PoolJob`, :mod:`app.analysis_jobs`), only while the pane is visible;
they come back as packed columns. The frequency count shows progress and can be
cancelled. Selecting a row selects that token id on
the selection bus; a token selected elsewhere selects its row.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QProgressBar,
    QPushButton, QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget,
)

from subword_core import SubwordError
from subword_core.analysis.vocabulary import (
    SEARCH_MODES, VocabTable, search_rows, vocab_table,
)

from ..analysis_jobs import (
    PackedCounts, audit_job, token_usage_job, tokenizer_ref, vocab_rows_job,
)
from ..item_models.vocab_model import VocabModel
from ..jobs import PoolJob
from ..lazy_panes import build_in_steps
from ..pane_support import SightAwarePane
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets.audit_panel import AuditPanel
from ..widgets.token_info_view import TokenInfoView

#: The search modes as the combo shows them (the mode itself is the item's data).
MODE_NAMES = {"substring": QT_TRANSLATE_NOOP("VocabPane", "substring"),
              "regex": QT_TRANSLATE_NOOP("VocabPane", "regex"),
              "id": QT_TRANSLATE_NOOP("VocabPane", "id")}
#: Vocabularies up to this size are tabulated at once (~30 ms); larger ones in a worker.
SYNC_ROWS = 5_000
MODE_TIPS = {
    "substring": QT_TRANSLATE_NOOP(
        "VocabPane",
        "Tokens whose readable form (␣, ⟨C3⟩) or raw string (Ġ, ▁) contains the text"),
    "regex": QT_TRANSLATE_NOOP(
        "VocabPane",
        "Tokens whose readable or raw form matches a Python regular expression, e.g. ^␣[A-Z] or "
        "ing$"),
    "id": QT_TRANSLATE_NOOP(
        "VocabPane",
        "Tokens by id: #123, 123, or several ids separated by spaces or commas"),
}


#: Progress of the frequency count every this many words (~10-30 ms of work).
USAGE_EVERY = 200


def _rows_finish(entry: Any, result: tuple) -> tuple:
    """In the worker thread: the sort keys of the table the pool made (numpy, no Qt)."""
    table, index = result
    return entry, table, VocabModel.sort_keys(table), index


def _usage_finish(entry: Any, corpus: Any, usage: Any) -> tuple:
    return entry, corpus, usage


class VocabPane(SightAwarePane):
    """Search box, vocabulary table, and the selected token's merge tree and corpus words."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("vocabPane")
        self._session, self._selection = session, selection
        self._entry: Any = None
        self._usage: Any = None
        self._index: Any = None  # the merge index of the rows (app.analysis_jobs.MergeIndex)
        self._rows_dirty = self._usage_dirty = False
        self._usage_cancelled = False
        self._usage_error = ""
        self._pending_id: int | None = None
        build_in_steps(self, self._build_steps())

    def _build_steps(self) -> Iterator[None]:
        """The search row and the table, the side tabs, then the layout and the wiring: one
        event-loop turn each when the window builds the pane (``lazy_panes.build_in_steps``)."""
        self._build_widgets()
        yield
        self._build_side_tabs()
        yield
        self._build_layout()
        self._connect()

    def _connect(self) -> None:
        session, selection = self._session, self._selection
        self.rows_job = PoolJob(self)
        self.rows_job.progress.connect(self._on_rows_job_progress)
        self.rows_job.returned.connect(self._on_rows_job_returned)
        self.rows_job.failed.connect(self._on_rows_job_failed)
        self.usage_job = PoolJob(self)
        self.usage_job.progress.connect(self._on_usage_job_progress)
        self.usage_job.returned.connect(self._on_usage_job_returned)
        self.usage_job.failed.connect(self._on_usage_job_failed)
        self.usage_job.running_changed.connect(self._on_usage_job_running_changed)
        self.audit_job = PoolJob(self)
        self.audit_job.progress.connect(self.audit.show_progress)
        self.audit_job.returned.connect(self._on_audit_returned)
        self.audit_job.failed.connect(self._on_audit_failed)
        self.audit_job.running_changed.connect(self.audit.set_running)
        self.audit.audit_requested.connect(self.start_audit)
        self.audit.cancel_requested.connect(self.audit_job.stop)
        self.audit.token_chosen.connect(self.select_token_id_anywhere)
        self.audit.edit_requested.connect(self.open_surgery)
        self.surgery_dialog: Any = None
        self._search_timer = QTimer(self, singleShot=True, interval=150)
        self._search_timer.timeout.connect(self.apply_search)
        self.search.textChanged.connect(self._search_timer.start)
        self.mode_combo.currentIndexChanged.connect(self._on_mode_changed)
        self.count_button.clicked.connect(self.count_frequencies)
        self.cancel_button.clicked.connect(self.cancel_frequencies)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_row_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizer_changed(session.current)

    def _build_widgets(self) -> None:
        self.search = QLineEdit(objectName="vocabSearch", placeholderText=self.tr("Search tokens…"))
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip(self.tr(
            "Find tokens; the mode on the right says how the text is read"))
        self.mode_combo = QComboBox(objectName="vocabSearchMode")
        for mode in SEARCH_MODES:
            self.mode_combo.addItem(self.tr(MODE_NAMES.get(mode, mode)), mode)
        for i, mode in enumerate(SEARCH_MODES):
            self.mode_combo.setItemData(i, self.tr(MODE_TIPS[mode]), Qt.ItemDataRole.ToolTipRole)
        self.mode_combo.setToolTip(self.tr("How to search: substring, regular expression, or id"))
        self.count_label = QLabel("", objectName="vocabCount")
        self.count_label.setToolTip(self.tr(
            "Tokens shown (matching the search) of the whole vocabulary"))
        self.freq_label = QLabel("", objectName="vocabFrequencyStatus")
        self.freq_label.setToolTip(self.tr("Where the frequency column comes from"))
        self.progress = QProgressBar(objectName="vocabProgress")
        self.progress.setMaximumWidth(220)
        self.progress.setToolTip(self.tr("Progress of the current computation"))
        self.progress.hide()
        self.count_button = QPushButton(self.tr("Count frequencies"), objectName="vocabCountButton")
        self.count_button.setToolTip(self.tr(
            "Encode every corpus word and count how often each token occurs (runs in the "
            "background)"))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="vocabCancelButton")
        self.cancel_button.setToolTip(self.tr("Stop counting token frequencies"))
        self.cancel_button.setEnabled(False)
        self.model = VocabModel(self)
        self.table = QTableView(objectName="vocabTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        # fixed row heights and column widths: measuring 150k rows would stall the window
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((70, 150, 150, 90, 60, 50, 50, 90)):
            self.table.setColumnWidth(column, width)
        self.table.setMinimumHeight(120)

    def _build_side_tabs(self) -> None:
        self.info = TokenInfoView()
        self.audit = AuditPanel()
        self.side_tabs = QTabWidget(objectName="vocabSideTabs")
        self.side_tabs.addTab(self.info, self.tr("Token"))
        self.side_tabs.addTab(self.audit, self.tr("Audit"))

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.mode_combo)
        top.addWidget(self.count_label)
        freq_row = QHBoxLayout()
        freq_row.addWidget(self.freq_label, 1)
        freq_row.addWidget(self.progress)
        freq_row.addWidget(self.count_button)
        freq_row.addWidget(self.cancel_button)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.side_tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([700, 420])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(freq_row)
        layout.addWidget(splitter, 1)

    # -- the rows --------------------------------------------------------------------------
    @property
    def vocab(self) -> VocabTable:
        return self.model.table

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        self._entry, self._usage, self._index = entry, None, None
        self._usage_cancelled, self._usage_error = False, ""
        self.model.set_table(VocabTable())
        self.usage_job.stop()
        self.audit_job.stop()
        self.audit.clear()
        self._show_token(None)
        self._update_count()
        if entry is None:
            self.rows_job.stop()
            self._rows_dirty = False
            self.count_label.setText(self.tr("no tokenizer"))
            self._update_frequency_status()
            return
        if entry.tokenizer.get_vocab_size(with_added_tokens=True) <= SYNC_ROWS:
            self.rows_job.stop()
            self._rows_dirty = False
            self._set_table(vocab_table(entry.tokenizer, entry.merge_graph()))
            return
        self._rows_dirty = True
        self.count_label.setText(self.tr("reading the vocabulary…"))
        self._update_frequency_status()
        if self.isVisible():
            self._start_rows()

    def _start_rows(self) -> None:
        self._rows_dirty = False
        entry = self._entry
        self.progress.show()
        self.progress.setRange(0, 0)
        self.rows_job.start_job(vocab_rows_job, (tokenizer_ref(entry),),
                                finish=partial(_rows_finish, entry))

    @Slot(object)
    def _on_rows_job_progress(self, event: Any) -> None:
        if getattr(event, "total", None):
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * event.current / event.total))
            self.progress.setFormat(self.tr("sorting %p%") if event.stage == "sort_rows"
                                    else self.tr("reading the vocabulary %p%"))

    @Slot(object)
    def _on_rows_job_returned(self, result: Any) -> None:
        entry, table, keys, index = result
        if entry is self._entry:
            self.progress.hide()
            self._index = index
            self._set_table(table, keys)

    @Slot(str)
    def _on_rows_job_failed(self, message: str) -> None:
        self.progress.hide()
        self.count_label.setText(self.tr("cannot read the vocabulary: {error}").format(
            error=message.split(": ", 1)[-1]))

    def _set_table(self, table: VocabTable, keys: Any = None) -> None:
        self.model.set_table(table, keys)
        self.apply_search()
        self._usage_dirty = True
        self._update_frequency_status()
        if self.isVisible():
            self._maybe_count()
        pending, self._pending_id = self._pending_id, None
        if pending is not None:
            self._select_id(pending)

    def catch_up(self) -> None:
        """Build the rows or count the usage deferred while the pane was out of sight."""
        if self._rows_dirty:
            self._start_rows()
        elif self._usage_dirty:
            self._maybe_count()

    # -- search ----------------------------------------------------------------------------
    def search_mode(self) -> str:
        """The search mode chosen (a key of ``SEARCH_MODES``, whatever the language)."""
        return self.mode_combo.currentData() or "substring"

    @Slot()
    def _on_mode_changed(self, *_: Any) -> None:
        mode = self.search_mode()
        self.search.setPlaceholderText({"id": self.tr("#123 or 101, 102…"),
                                        "regex": self.tr("^␣[A-Z] or ing$")}
                                       .get(mode, self.tr("Search tokens…")))
        self.apply_search()

    @Slot()
    def apply_search(self) -> None:
        """Filter the rows by the search box now (typing waits 150 ms for this)."""
        self._search_timer.stop()
        query = self.search.text()
        try:
            rows = search_rows(self.vocab, query, self.search_mode())
        except SubwordError as exc:
            self.count_label.setText(str(exc))
            self.count_label.setStyleSheet("color: #b00020")
            return
        self.count_label.setStyleSheet("")
        self.model.set_row_filter(rows if query.strip() else None)
        self._update_count()

    def _update_count(self) -> None:
        total = len(self.vocab)
        if total:
            self.count_label.setText(self.tr("{shown} of {total} tokens").format(
                shown=f"{self.model.rowCount():,}", total=f"{total:,}"))

    # -- frequencies -----------------------------------------------------------------------
    @Slot(object)
    def _on_session_corpus_changed(self, _corpus: Any) -> None:
        self._usage = None
        self._usage_cancelled = False
        self.model.set_frequencies(None)
        self.usage_job.stop()
        self._usage_dirty = True
        self._update_frequency_status()
        if self.isVisible():
            self._maybe_count()

    def _maybe_count(self) -> None:
        """Count when a corpus and the rows are there (not again after a cancel)."""
        if not self._usage_cancelled:
            self.count_frequencies()

    @Slot()
    def count_frequencies(self) -> None:
        corpus, entry = self._session.corpus, self._entry
        self._usage_dirty = False
        if corpus is None or entry is None or not len(self.vocab) or not corpus.word_counts:
            self._update_frequency_status()
            return
        self._usage_cancelled = False
        self._usage_error = ""
        self.freq_label.setText(self.tr("counting token frequencies in the corpus…"))
        self.progress.show()
        self.progress.setRange(0, 0)
        # every USAGE_EVERY words: a cancel or a new tokenizer waits no longer than that
        self.usage_job.start_job(token_usage_job, (tokenizer_ref(entry),
                                                   PackedCounts(corpus.word_counts), USAGE_EVERY),
                                 finish=partial(_usage_finish, entry, corpus))

    @Slot()
    def cancel_frequencies(self) -> None:
        if self.usage_job.is_running():
            self._usage_cancelled = True
            self.usage_job.stop()
            self.progress.hide()
            self._update_frequency_status()

    @Slot(object)
    def _on_usage_job_progress(self, event: Any) -> None:
        if getattr(event, "total", None):
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * event.current / event.total))
            self.progress.setFormat(self.tr("{0} of {1} words").format(
                f"{event.current:,}", f"{event.total:,}"))

    @Slot(object)
    def _on_usage_job_returned(self, result: Any) -> None:
        entry, corpus, usage = result
        if entry is not self._entry or corpus is not self._session.corpus:
            return
        self._usage = usage
        self.model.set_frequencies(usage.counts)
        self._show_token(self._current_row())

    @Slot(str)
    def _on_usage_job_failed(self, message: str) -> None:
        self._usage_error = message.split(": ", 1)[-1]
        self._update_frequency_status()

    @Slot(bool)
    def _on_usage_job_running_changed(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)
        if not running:
            self.progress.hide()
        self._update_frequency_status()

    def _can_count(self) -> bool:
        corpus = self._session.corpus
        return self._entry is not None and corpus is not None and bool(corpus.word_counts) \
            and bool(len(self.vocab))

    def _update_frequency_status(self) -> None:
        corpus = self._session.corpus
        running = self.usage_job.is_running()
        self.count_button.setEnabled(not running and self._can_count())
        self.count_button.setText(self.tr(
            "Recount") if self._usage is not None else self.tr(
            "Count frequencies"))
        if running:
            return
        if self._entry is None:
            text = self.tr("open or train a tokenizer to see its vocabulary")
        elif corpus is None:
            text = self.tr("frequency —: load a corpus to see frequencies")
        elif not corpus.word_counts:
            text = self.tr("frequency —: the loaded corpus has no word counts")
        elif self._usage is not None:
            text = (self.tr("frequency: {n} distinct corpus words (most frequent words only), "
                            "each encoded alone") if self._usage.truncated else
                    self.tr("frequency: {n} distinct corpus words, each encoded alone")
                    ).format(n=f"{self._usage.n_words:,}")
        elif self._usage_error:
            text = self.tr("frequency —: cannot count token frequencies: {error}").format(
                error=self._usage_error)
        elif self._usage_cancelled:
            text = self.tr("frequency —: counting cancelled (Count frequencies to start again)")
        else:
            text = self.tr("frequency —: not counted yet")
        self.freq_label.setText(text)

    # -- audit ---------------------------------------------------------------------------
    @Slot()
    def start_audit(self) -> None:
        """Audit the vocabulary in the pool, with the loaded corpus's documents if any."""
        entry, corpus = self._entry, self._session.corpus
        if entry is None:
            return
        paths = list(corpus.paths) if corpus is not None else None
        options = dict(corpus.options) if corpus is not None else {}
        self.audit_job.start_job(audit_job, (tokenizer_ref(entry), paths, options),
                                 finish=partial(_usage_finish, entry, corpus))

    @Slot(object)
    def _on_audit_returned(self, result: Any) -> None:
        entry, _corpus, report = result
        if entry is self._entry:
            self.audit.set_report(report)

    @Slot(str)
    def _on_audit_failed(self, message: str) -> None:
        self.audit.show_failure(message.split(": ", 1)[-1])

    @Slot()
    def open_surgery(self) -> Any:
        """The Edit vocabulary dialog for the current tokenizer (not modal to the app)."""
        from ..widgets.surgery_dialog import SurgeryDialog

        if self._entry is None:
            return None
        self.surgery_dialog = SurgeryDialog(self._session, self.audit.report, self)
        self.surgery_dialog.open()
        return self.surgery_dialog

    @Slot(int)
    def select_token_id_anywhere(self, token_id: int) -> None:
        """A token chosen in the audit: its row here (if shown) and the selection bus."""
        self._select_id(token_id)
        self._selection.set(Selection(token_ids=frozenset({token_id}), origin="vocab"))

    # -- table -> selection and side panel -------------------------------------------------
    def _current_row(self) -> int | None:
        index = self.table.currentIndex()
        return self.model.table_row(index.row()) if index.isValid() else None

    @Slot()
    def _on_table_row_changed(self, current: Any, _previous: Any = None) -> None:
        if not current.isValid():
            return
        row = self.model.table_row(current.row())
        self._show_token(row)
        self._selection.set(Selection(token_ids=frozenset({self.vocab.ids[row]}), origin="vocab"))

    def _show_token(self, row: int | None) -> None:
        if row is None or row >= len(self.vocab):
            self.info.clear(self.tr("Select a token") if self._entry is not None else "")
            return
        corpus = self._session.corpus
        hint = self.tr(
            "load a corpus to see them") if corpus is None else self.tr(
            "not counted yet")
        self.info.show_row(self.vocab, row, self._merge_index(), self._usage, hint)

    def _merge_index(self) -> Any:
        """What the side panel draws merge trees from: the entry's graph once built (a
        small vocabulary's, or another pane's), else the index the pool sent with the rows;
        never a graph built here (seconds on the GUI thread for a 280k-merge file)."""
        entry = self._entry
        if entry.graph is not None:
            return entry.graph
        if self._index is not None:
            return self._index
        return entry.merge_graph() if len(self.vocab) <= SYNC_ROWS else None

    # -- selection from elsewhere ----------------------------------------------------------
    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin == "vocab":
            return
        self.model.set_highlight(selection.token_ids)
        token_id = self._selected_id(selection)
        if token_id is not None:
            if len(self.vocab):
                self._select_id(token_id)
            else:
                self._pending_id = token_id  # applied when the rows arrive

    def _selected_id(self, selection: Selection) -> int | None:
        encoding = self._session.encoding
        if selection.token_index is not None and encoding is not None \
                and 0 <= selection.token_index < len(encoding):
            return encoding.ids[selection.token_index]
        if len(selection.token_ids) == 1:
            return next(iter(selection.token_ids))
        return None

    def _select_id(self, token_id: int) -> None:
        row = self.vocab.row_of_id(token_id)
        if row is None:
            return
        self._show_token(row)
        view_row = self.model.view_row(row)
        if view_row is None:
            return  # filtered out by the search: the side panel still shows it
        index = self.model.index(view_row, 0)
        with QSignalBlocker(self.table.selectionModel()):
            self.table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        self.table.viewport().update()

    def select_token_id(self, token_id: int) -> None:
        """Select ``token_id``'s row as a click would (publishes the selection)."""
        row = self.vocab.row_of_id(token_id)
        view_row = self.model.view_row(row) if row is not None else None
        if view_row is not None:
            self.table.setCurrentIndex(self.model.index(view_row, 0))

    def shutdown(self) -> None:
        """Stop the workers (before the window closes)."""
        self._search_timer.stop()
        self.rows_job.stop()
        self.usage_job.stop()
        self.audit_job.stop()

