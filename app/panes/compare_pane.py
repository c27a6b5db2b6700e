"""ComparePane: two to four tokenizers on the same text, aligned by character offsets.

- The compare set is picked from the session's tokenizers (``addToCompareButton``
  adds the one chosen in the combo; the current tokenizer joins an empty set).
- The :class:`~app.widgets.compare_view.CompareView` draws one row per tokenizer;
  boundaries they disagree on are red (``subword_core.analysis.compare.align``).
- Tables: per-tokenizer metrics on the text and on the corpus (tokens, characters
  per token, tokens per word, unknown share), vocabulary overlap of each pair, and every
  differing boundary with who cuts there.
- Clicking a token selects its character span; a span selected elsewhere is
  outlined in every row. Export writes the view as PNG or the shown table as CSV.
- Encoding the text, the vocabulary overlaps (a 128k-entry vocabulary each), the corpus
  pass (counted in worker processes and merged) and the gold figures all run in the
  window's pool processes (:class:`~app.pool_figure_job.PoolFigureJob`, jobs of
  :mod:`app.compare_jobs`; the tokenizers are sent to a process once, see
  :mod:`app.pool_cache`) behind a busy bar: a thread of the window's process running
  them held its GIL and froze the window for up to a second at a time. The text job also
  brings what the view draws per character (:mod:`app.compare_columns`) and the boundary
  table's rows, so that drawing its result is no loop over the text on the GUI thread;
  the boundary table is fitted to a sample of its rows (``widgets.column_fit``).
- Gold labels… opens a CoNLL/IOB or JSONL file of labelled texts; the metrics table then
  gets two columns per tokenizer: the share of gold entities split into several tokens
  and the mean tokens per entity (``compare.iter_gold_profiles``, in a worker).
- ``compared_names()`` / ``set_compared(names)`` and ``compared_changed`` let the
  window save and restore the compare set.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QHeaderView, QLabel,
    QPushButton, QScrollArea, QSizePolicy, QSplitter, QTableView, QTabWidget, QVBoxLayout,
    QWidget,
)

from subword_core.analysis.compare import MAX_COMPARE

from ..compare_jobs import CorpusSpec, compare_corpus_job, compare_gold_job, compare_text_job
from ..corpus_figures_cache import figures_folder
from ..file_actions import ask_gold_path, read_gold_or_warn
from ..item_models import Column
from ..item_models.analysis_columns import (
    BOUNDARY_TIPS, METRIC_COLUMNS, METRIC_TIPS, OVERLAP_COLUMNS, OVERLAP_TIPS, TippedTableModel,
    boundary_columns, fmt, pct, table_rows,
)
from ..lazy_panes import build_in_steps
from ..pane_support import SightAwarePane, in_words, out_of_sight, progress_text
from ..pool_cache import carried_all
from ..pool_figure_job import PoolFigureJob
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets.busy_indicator import BusyIndicator
from ..widgets.column_fit import RESIZE_ROWS, fit_columns
from ..widgets.compare_view import CompareView
from ..widgets.export import export_dialog

#: Characters of the session text compared (the view draws fewer; see CompareView).
TEXT_LIMIT = 20_000
#: Milliseconds between the text job's start and the corpus job's (see ``_flush``).
LATER_MS = 250
#: Milliseconds the jobs wait after the pane is shown or its set changed (see ``catch_up``).
AFTER_PAINT_MS = 40


def _gold(record: dict, attr: str) -> float | None:
    figures = record.get("gold")
    return getattr(figures, attr) if figures is not None and figures.entities else None


class ComparePane(SightAwarePane):
    """Compare set controls, the aligned rows, and the metrics / overlap / boundary tables."""

    #: The compare set changed (names in order): for saving it across restarts.
    compared_changed = Signal(list)

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparePane")
        self._session, self._selection = session, selection
        self._entries: list[Any] = []  # TokenizerEntry objects, compared in this order
        self._profiles: dict[str, Any] = {}
        self._shown_names: list[str] | None = None
        self._dirty: set[str] = set()  # "text", "corpus": waiting until the pane is shown
        self._text_metrics: dict[str, Any] = {}
        # overlaps asked for and not shown yet: a newer text-only request (a keystroke) that
        # replaces the running job must still compute them
        self._overlaps_wanted = False
        #: what the last text job was asked (names, tokenizers, compared head, cut or not)
        self._text_key: tuple | None = None
        #: byte-level flags of a text result that came while out of sight (drawn in catch_up)
        self._undrawn: list[bool] | None = None
        self.alignment: Any = None
        #: what the view draws of ``alignment`` and its boundary table's records (from the job)
        self._columns: Any = None
        self._boundaries: list[dict] = []

        self._gold_docs: list[Any] = []
        self._gold: dict[str, Any] = {}
        self._built = False  # set_compared before the last build step only keeps the names
        build_in_steps(self, self._build_steps(session, selection))

    def _build_steps(self, session: Session, selection: SelectionModel) -> Iterator[None]:
        """The controls, the view and the tables, then the layout and the wiring: one
        event-loop turn each when the window builds the pane (``lazy_panes.build_in_steps``;
        in one turn they were 35-55 ms of a restart in issue 20's heavy session)."""
        self.combo = QComboBox(objectName="compareTokenizerCombo")
        self.combo.setMinimumContentsLength(12)
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setToolTip(self.tr("A tokenizer of this session, to add to or remove from the "
                              "comparison"))
        self.add_button = QPushButton(self.tr("Add to compare"), objectName="addToCompareButton")
        self.add_button.setToolTip(self.tr("Compare the chosen tokenizer too (at most {n})").format(
            n=MAX_COMPARE))
        self.remove_button = QPushButton(self.tr("Remove"), objectName="removeFromCompareButton")
        self.remove_button.setToolTip(self.tr("Take the chosen tokenizer out of the comparison"))
        self.export_button = QPushButton(self.tr("Export…"), objectName="compareExportButton")
        self.export_button.setToolTip(self.tr("The view as PNG, or the table shown below as CSV"))
        self.members_label = QLabel("", objectName="compareMembers", wordWrap=True)
        # a line of its own, wrapped: long names (a retrained tokenizer's) neither widen the
        # pane nor get cut ("Comparing: byt" at 1280x800)
        self.members_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.members_label.setToolTip(self.tr(
            "The compared tokenizers, one row each in the view below"))
        self.busy = BusyIndicator(object_name="compareBusy")  # not a bar at 60 frames/s
        self.busy.setToolTip(self.tr("Encoding the text with each compared tokenizer…"))
        self.busy.hide()
        self.view = CompareView()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.view)
        self.status_label = QLabel("", objectName="compareStatus")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.gold_button = QPushButton(self.tr("Gold labels…"), objectName="compareGoldButton")
        self.gold_button.setToolTip(self.tr(
            "Open a CoNLL/IOB or JSONL file of labelled texts: the metrics then show how each "
            "tokenizer fragments its entities"))
        self.metric_columns = METRIC_COLUMNS + self._gold_columns()
        self.metrics_model = TippedTableModel(self.metric_columns, {**METRIC_TIPS,
                                                                   **self._gold_tips()}, self)
        self.overlap_model = TippedTableModel(OVERLAP_COLUMNS, OVERLAP_TIPS, self)
        self.boundary_columns = boundary_columns([])
        self.boundary_model = TippedTableModel(self.boundary_columns, BOUNDARY_TIPS, self)
        self.tabs = QTabWidget(objectName="compareTables")
        tables = ((self.tr("Metrics"), "compareMetricsTable", self.metrics_model),
                  (self.tr("Vocabulary overlap"), "compareOverlapTable", self.overlap_model),
                  (self.tr("Differing boundaries"), "compareBoundariesTable", self.boundary_model))
        for title, name, model in tables:
            table = QTableView(objectName=name)
            table.setModel(model)
            table.verticalHeader().setVisible(False)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setResizeContentsPrecision(RESIZE_ROWS)
            table.horizontalHeader().setStretchLastSection(True)
            table.setMinimumHeight(60)
            self.tabs.addTab(table, title)
        # a retrained tokenizer's long name must not push the figures out of sight: the name
        # column has a fixed start width (drag to widen) and names are cut in the middle
        metrics = self.tabs.widget(0)
        metrics.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        metrics.horizontalHeader().resizeSection(0, 190)
        metrics.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tabs.setTabToolTip(0, self.tr(
            "Tokens, characters per token, tokens per word and unknown share of each tokenizer, on "
            "the text and on the corpus"))
        self.tabs.setTabToolTip(1, self.tr("How many vocabulary entries each pair shares"))
        self.tabs.setTabToolTip(2, self.tr(
            "Every position where some tokenizers cut and others do not"))
        scroll.setMinimumHeight(80)
        self.boundary_table = self.tabs.widget(2)
        # not ResizeToContents: a long text has thousands of differing boundaries, all
        # measured in the header's delayed resize (220 ms); fitted to a sample instead
        self.boundary_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Interactive)

        yield

        # one row of controls that fits a 1280x800 dock (Export showed as "E"); the compared
        # names below them; the busy bar beside the status line it explains
        controls = QHBoxLayout()
        for w in (QLabel(self.tr("Tokenizer:")), self.combo, self.add_button, self.remove_button):
            controls.addWidget(w)
        controls.addStretch(1)
        controls.addWidget(self.gold_button)
        controls.addWidget(self.export_button)
        status = QHBoxLayout()
        status.addWidget(self.busy)
        status.addWidget(self.status_label, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.tabs)
        # the tables below get as much room as the tokens above: at 1280x800 both stay >= 250 px
        splitter.setSizes([300, 300])
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.members_label)
        layout.addWidget(splitter, 1)
        layout.addLayout(status)

        # encoding, overlaps and the corpus pass run in the window's pool processes
        # (app.compare_jobs): a thread here would hold this process's GIL for seconds
        self.text_job = PoolFigureJob(self)
        self.text_job.returned.connect(self._on_text_job_returned)
        self.text_job.failed.connect(self._on_text_job_failed)
        self.text_job.running_changed.connect(self._on_running_changed)
        self.job = PoolFigureJob(self)
        self._later_timer = QTimer(self, singleShot=True, interval=LATER_MS)
        self._later_timer.timeout.connect(self._flush_if_seen)
        self._after_paint_timer = QTimer(self, singleShot=True, interval=AFTER_PAINT_MS)
        self._after_paint_timer.timeout.connect(self._flush)
        self.job.running_changed.connect(self._on_running_changed)
        self.job.progress.connect(self._on_job_progress)
        self.job.returned.connect(self._on_job_returned)
        self.job.failed.connect(self._on_job_failed)
        self.gold_job = PoolFigureJob(self)
        self.gold_job.running_changed.connect(self._on_running_changed)
        self.gold_job.returned.connect(self._on_gold_returned)
        self.gold_job.failed.connect(lambda message: self.status_label.setText(
            self.tr("gold-label figures unavailable: {0}").format(in_words(message))))
        self.gold_button.clicked.connect(self.open_gold_dialog)
        self._show_gold_columns()
        self.add_button.clicked.connect(self._on_add_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.export_button.clicked.connect(self.export)
        self.view.token_clicked.connect(self._on_view_token_clicked)
        session.tokenizers_changed.connect(self._on_session_tokenizers_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.text_changed.connect(self._on_session_text_changed)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizers_changed()
        self._on_session_tokenizer_changed(session.current)
        self._built = True

    # -- the compare set -----------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [e.name for e in self._entries]

    def compared_names(self) -> list[str]:
        """The compared tokenizers' names, in row order (to save across restarts)."""
        return self.names

    def set_compared(self, names: list[str]) -> None:
        """Compare these tokenizers (names not in the session are ignored; at most 4)."""
        entries: list[Any] = []
        for name in names:
            entry = self._session.entry(name)
            if entry is not None and not any(e is entry for e in entries):
                entries.append(entry)
        entries = entries[:MAX_COMPARE]
        if [e.name for e in entries] != self.names:
            self._entries = entries
            if self._built:  # else the last build step shows them
                self._set_changed()

    def add_entry(self, name: str) -> bool:
        entry = self._session.entry(name)
        taken = entry is None or any(e is entry for e in self._entries)
        if taken or len(self._entries) >= MAX_COMPARE:
            return False
        self._entries.append(entry)
        self._set_changed()
        return True

    def remove_entry(self, name: str) -> None:
        self._entries = [e for e in self._entries if e.name != name]
        self._set_changed()

    @Slot()
    def _on_add_clicked(self) -> None:
        if not self.add_entry(self.combo.currentText()) and len(self._entries) >= MAX_COMPARE:
            self._session.notify(self.tr("At most {n} tokenizers can be compared.").format(
                n=MAX_COMPARE))

    @Slot()
    def _on_remove_clicked(self) -> None:
        self.remove_entry(self.combo.currentText())

    @Slot()
    def _on_session_tokenizers_changed(self) -> None:
        live = self._session.entries
        kept = [e for e in self._entries if any(e is x for x in live)]
        self.combo.clear()
        self.combo.addItems([e.name for e in live])
        if self._session.current is not None:
            self.combo.setCurrentText(self._session.current.name)
        self._entries = kept
        if self.names != self._shown_names:  # removed or renamed
            self._set_changed()

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        if entry is not None:
            self.combo.setCurrentText(entry.name)
            if not self._entries:
                self.add_entry(entry.name)

    def _set_changed(self) -> None:
        self._shown_names = self.names
        names = " · ".join(self.names)
        self.members_label.setText(self.tr("Comparing: {names}").format(names=names) if names
                                   else self.tr("Add tokenizers to compare"))
        self._profiles = {}
        self._text_metrics = {}
        self._gold = {}
        self.alignment = None
        self._text_key = None  # the rows were cleared: the text is encoded again
        self._undrawn = None
        self.overlap_model.set_records([])  # the last set's pairs: not these tokenizers
        # the rows must be those of the label, at once: the last set's rows would stay
        # until the new set's encodings arrive (a minute for four big tokenizers)
        self.view.set_alignment(None, self.names, [], self.tr(
            "Encoding the text with each compared tokenizer…") if self.names else
            self.tr("Add tokenizers to compare them."))
        self._fill_metrics()
        self._dirty.update(("text", "overlaps", "corpus", "gold"))
        if self.isVisible():  # else catch_up does it when the pane is seen
            self._flush_after_paint()
        self.compared_changed.emit(self.names)

    def _request(self, *what: str) -> None:
        # encoding texts and corpora is costly: a hidden dock tab waits until it is shown
        self._dirty.update(what)
        if self.isVisible():
            self._flush()

    def catch_up(self) -> None:
        """Compute what changed while the pane was out of sight."""
        if self._undrawn is not None and self.alignment is not None:
            self._draw_text_result(self._undrawn)
        self._flush_after_paint()

    def _flush_after_paint(self) -> None:
        """:meth:`_flush` once the pane has painted: the jobs' threads first fingerprint
        and pickle the tokenizers they send, holding this process's GIL in pieces, and
        in the turn that paints the pane that doubled its 40-90 ms (heavy session)."""
        self._after_paint_timer.start()

    def _flush(self) -> None:
        dirty, self._dirty = self._dirty, set()
        if "text" in dirty or "overlaps" in dirty:
            self._refresh_text(overlaps="overlaps" in dirty)
            later = dirty & {"corpus", "gold"}
            if later and self.text_job.is_running():
                # The corpus pass a moment later: the text job's thread first prepares the
                # tokenizers it sends (fingerprints, pickled parts, kept for the next job),
                # so the corpus job's thread finds them ready instead of doing the same work
                # at the same time, holding this process's GIL in the turn that shows the pane.
                self._dirty |= later
                self._later_timer.start()
                return
        if "corpus" in dirty:
            self._start_corpus_job()
        if "gold" in dirty:
            self._start_gold_job()

    @Slot()
    def _flush_if_seen(self) -> None:
        if not out_of_sight(self):  # else catch_up does it when the pane is seen again
            self._flush()

    def _tokenizers(self) -> dict[str, Any]:
        return {e.name: e.tokenizer for e in self._entries}

    # -- text ----------------------------------------------------------------------------------
    @Slot(str)
    def _on_session_text_changed(self, _text: str) -> None:
        self._request("text")

    def _refresh_text(self, overlaps: bool = False) -> None:
        text = self._session.text[:TEXT_LIMIT]
        tokenizers = self._tokenizers()
        if not tokenizers:
            self.alignment = None
            self.view.set_alignment(None, [], [], self.tr("Add tokenizers to compare them."))
            self.overlap_model.set_records([])
            self._fill_metrics()
            self._fill_boundaries()
            return
        key = (tuple(self.names), tuple(map(id, tokenizers.values())), text,
               len(self._session.text) > TEXT_LIMIT)
        self._overlaps_wanted = self._overlaps_wanted or overlaps
        if key == self._text_key and not self._overlaps_wanted:
            # a keystroke past the compared head (typing at the end of a long text): the
            # rows, metrics and drawing are those requested last; nothing to encode again
            return
        self._text_key = key
        self.status_label.setText(self.tr("encoding the text with each tokenizer…"))
        self.text_job.start_job(compare_text_job, self.names, carried_all(tokenizers), text,
                                self._overlaps_wanted)

    @Slot(object)
    def _on_text_job_returned(self, result: tuple) -> None:
        names, _text, alignment, metrics, byte_level, pairs, columns, boundaries = result
        if names != self.names:
            return  # the compare set changed meanwhile; a new job is on its way
        self.alignment, self._text_metrics = alignment, metrics
        self._columns, self._boundaries = columns, boundaries
        if pairs is not None:
            self.overlap_model.set_records(pairs)
            self._overlaps_wanted = False
        if out_of_sight(self):
            # a job started while the pane was seen, done after another view was picked:
            # its rows are drawn when the pane is seen again (catch_up), not for no one
            self._undrawn = byte_level
            return
        self._draw_text_result(byte_level)

    def _draw_text_result(self, byte_level: list[bool]) -> None:
        self._undrawn = None
        cut = len(self._session.text) > TEXT_LIMIT
        self.status_label.setText(self.tr("comparing the first {n} characters of the text").format(
            n=f"{TEXT_LIMIT:,}") if cut else "")
        self.view.set_alignment(self.alignment, self.names, byte_level, "", self._columns)
        self.view.set_highlight_span(self._selection.current.span)
        self._fill_metrics()
        self._fill_boundaries()

    @Slot(str)
    def _on_text_job_failed(self, message: str) -> None:
        self._text_key = None  # asked again, the same text is encoded again
        self._undrawn = None
        self.alignment, self._text_metrics = None, {}
        words = in_words(message)
        self.status_label.setText(self.tr("cannot encode the text: {error}").format(error=words))
        self.view.set_alignment(None, self.names, [],
                                self.tr("Cannot encode the text: {error}").format(error=words))
        self._fill_metrics()
        self._fill_boundaries()

    @Slot(bool)
    def _on_running_changed(self, _running: bool) -> None:
        self.busy.setVisible(self.text_job.is_running() or self.job.is_running()
                             or self.gold_job.is_running())

    def _fill_metrics(self) -> None:
        rows = []
        for entry in self._entries:
            metrics = self._text_metrics.get(entry.name)
            if metrics is None:
                continue
            profile = self._profiles.get(entry.name)
            corpus = profile.metrics if profile is not None else None
            rows.append({"name": entry.name, "text": metrics, "corpus": corpus,
                         "profile": profile, "gold": self._gold.get(entry.name)})
        self.metrics_model.set_records(rows)

    def _fill_boundaries(self) -> None:
        # the columns depend on the compare set: a new model each time
        self.boundary_columns = boundary_columns(self.names)
        self.boundary_model = TippedTableModel(self.boundary_columns, BOUNDARY_TIPS, self)
        self.boundary_model.set_records(self._boundaries if self.alignment is not None else [])
        self.boundary_table.setModel(self.boundary_model)
        fit_columns(self.boundary_table)

    # -- corpus --------------------------------------------------------------------------------
    @Slot(object)
    def _on_session_corpus_changed(self, _corpus: Any) -> None:
        self._profiles = {}
        self._request("corpus")

    def _start_corpus_job(self) -> None:
        corpus, tokenizers = self._session.corpus, self._tokenizers()
        if corpus is None or not tokenizers:
            self._fill_metrics()
            return
        self.status_label.setText(self.tr("measuring the corpus…"))
        self.job.start_job(compare_corpus_job, self.names, CorpusSpec.of(corpus.paths,
                                                                          corpus.options),
                           carried_all(tokenizers), str(figures_folder()))

    @Slot(object)
    def _on_job_progress(self, event: Any) -> None:
        text = progress_text(event)
        if text:
            self.status_label.setText(self.tr("measuring the whole corpus… {progress}").format(
                progress=text))

    @Slot(object)
    def _on_job_returned(self, result: tuple) -> None:
        names, profiles = result
        if names != self.names or list(profiles) != self.names:
            return  # the compare set changed meanwhile (cut agreement depends on its order)
        self._profiles = profiles
        first = next(iter(profiles.values()), None)
        if first is not None:
            text = (self.tr("corpus columns: the first {docs} documents, {chars} characters")
                    if first.truncated else
                    self.tr("corpus columns: {docs} documents, {chars} characters")).format(
                        docs=f"{first.documents:,}", chars=f"{first.metrics.characters:,}")
            if first.cut_sample_chars is not None and len(profiles) > 1:
                text += self.tr("; cuts shared on the first {chars} characters").format(
                    chars=f"{first.cut_sample_chars:,}")
            self.status_label.setText(text)
        self._fill_metrics()

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        self.status_label.setText(self.tr("corpus figures unavailable: {error}").format(
            error=in_words(message)))

    # -- gold labels ---------------------------------------------------------------------------
    def _gold_columns(self) -> list[Column]:
        return [
            Column(self.tr("gold entities split"), lambda r: pct(_gold(r, "share_split")),
                   align_right=True, sort_key=lambda r: _gold(r, "share_split")),
            Column(self.tr("gold tokens/entity"), lambda r: fmt(_gold(r, "tokens_per_entity")),
                   align_right=True, sort_key=lambda r: _gold(r, "tokens_per_entity")),
        ]

    def _gold_tips(self) -> dict[str, str]:
        return {
            self.tr("gold entities split"): self.tr(
                "Share of the gold entities this tokenizer cuts into several tokens (a model "
                "must then put them back together from several labels)"),
            self.tr("gold tokens/entity"): self.tr(
                "Mean number of tokens per gold entity: 1.00 = every entity is one token"),
        }

    @Slot()
    def open_gold_dialog(self) -> None:
        path = ask_gold_path(self)
        if path:
            self.open_gold(path)

    def open_gold(self, path: str) -> bool:
        """Read gold labels from ``path`` and measure every compared tokenizer on them."""
        docs = read_gold_or_warn(self, path)
        if docs is None:
            return False
        self._gold_docs, self._gold = docs, {}
        self.gold_button.setToolTip(path)
        self._show_gold_columns()
        self._request("gold")
        return True

    def _show_gold_columns(self) -> None:
        table = self.tabs.widget(0)
        first = len(METRIC_COLUMNS)
        for column in range(first, len(self.metric_columns)):
            table.setColumnHidden(column, not self._gold_docs)

    def _start_gold_job(self) -> None:
        docs, tokenizers = self._gold_docs, self._tokenizers()
        if not docs or not tokenizers:
            self._fill_metrics()
            return
        self.status_label.setText(self.tr("measuring the gold entities…"))
        self.gold_job.start_job(compare_gold_job, self.names, docs, carried_all(tokenizers))

    @Slot(object)
    def _on_gold_returned(self, result: tuple) -> None:
        names, figures = result
        if names != self.names:
            return  # the compare set changed meanwhile; a new job is on its way
        self._gold = figures
        first = next(iter(figures.values()), None)
        if first is not None:
            self.status_label.setText(self.tr("gold columns: {0} texts, {1} entities").format(
                f"{first.documents:,}", f"{first.entities:,}"))
        self._fill_metrics()

    # -- selection and export ------------------------------------------------------------------
    @Slot(int, int)
    def _on_view_token_clicked(self, row: int, index: int) -> None:
        offsets = self.alignment.rows[row].encoding.offsets[index]
        self._selection.set(Selection(span=tuple(offsets), origin="compare"))

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        self.view.set_highlight_span(selection.span)

    def table_csv(self) -> tuple[list[str], list[list[Any]]]:
        """Header and rows of the table shown in the current tab."""
        metric_columns = self.metric_columns if self._gold_docs else METRIC_COLUMNS
        models = [(metric_columns, self.metrics_model), (OVERLAP_COLUMNS, self.overlap_model),
                  (self.boundary_columns, self.boundary_model)]
        columns, model = models[self.tabs.currentIndex()]
        return table_rows(columns, model.records)

    @Slot()
    def export(self) -> str | None:
        header, rows = self.table_csv()
        return export_dialog(self, self.tr("comparison"), "comparison.png", self.view, header, rows)

    def shutdown(self) -> None:
        self._later_timer.stop()
        self._after_paint_timer.stop()
        self._dirty.clear()
        self.text_job.stop()
        self.job.stop()
        self.gold_job.stop()
