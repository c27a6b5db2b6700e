"""GroupingsPane: the mode combo over four pages (demo aggregation, IOB alignment, gold
labels, a model folder); the demo and IOB pages live here, the other two in
:mod:`.gold_page` and :mod:`.model_page`. See the package docstring for the modes."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSignalBlocker, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import (
    MergeGraph,
    available_score_sources,
    is_byte_level,
    token_scores,
)
from subword_core.analysis.labels import (
    STRATEGIES,
    aggregate,
    align_sentence,
    read_conll,
    summarize,
    two_class_scores,
)

from ... import resources
from ...analysis_jobs import (
    PackedCounts,
    PackedEncoding,
    PackedIdCounts,
    frequencies_counter,
    groups_job,
    merge_index_job,
    token_frequencies_job,
    tokenizer_ref,
    unpack_groups,
)
from ...item_models import Column
from ...item_models.analysis_columns import TippedTableModel
from ...jobs import PoolJob
from ...lazy_panes import build_in_steps
from ...pane_support import SightAwarePane, graph_ready, in_words, out_of_sight
from ...process_pool import PoolWorker, pool_for
from ...selection import Selection, SelectionModel
from ...session import Session
from ...widgets import AlignmentView
from ...workers import WorkerHandle
from .gold_page import GoldLabelsPage
from .model_page import ModelPage
from .shared import MODEL_MODE, groupings_tr, select_overlapping_rows, wrapping_label

SOURCE_LABELS = {"frequency": QT_TRANSLATE_NOOP("Groupings", "token frequency in corpus"),
                 "merge_rank": QT_TRANSLATE_NOOP("Groupings", "merge rank"),
                 "log_prob": QT_TRANSLATE_NOOP("Groupings", "Unigram log-probability")}


GROUP_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "entity_group"), lambda g: g.entity_group),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda g: g.word.replace("\n", "↵")),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda g: g.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda g: g.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "score"), lambda g: round(g.score, 4), align_right=True),
    Column(QT_TRANSLATE_NOOP("Groupings", "tokens"), lambda g: ", ".join(map(str, g.tokens)),
           context="Groupings"),
]


GROUP_TIPS = {
    "entity_group": QT_TRANSLATE_NOOP(
        "Columns", "The label of the group, as a token-classification pipeline reports it: "
        "here HIGH or LOW (per-token score ≥ 0.5 or not)"),
    "word": QT_TRANSLATE_NOOP("Columns", "The text the group covers"),
    "start": QT_TRANSLATE_NOOP("Columns", "First character of the group in the text"),
    "end": QT_TRANSLATE_NOOP("Columns", "Character after the group"),
    "score": QT_TRANSLATE_NOOP(
        "Columns", "The group's score, combined from its tokens by the chosen strategy"),
    "tokens": QT_TRANSLATE_NOOP("Columns", "Indices of the tokens in the group"),
}


#: Encodings up to this many tokens are grouped at once (a few ms); longer ones in the pool.
SYNC_TOKENS = 2_000
#: Merge indexes a pane keeps (the tokenizers switched between most recently).
KEPT_INDEXES = 4


def _tagged(entry: Any, index: Any) -> tuple:
    return entry, index


def _groups_finish(key: tuple, packed: tuple) -> tuple:
    """In the worker thread: the groups again, with what they were computed for."""
    return key, unpack_groups(packed)


class GroupingsPane(SightAwarePane):
    """Aggregation strategies over per-token scores, and IOB label alignment."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("groupingsPane")
        self._session = session
        self._selection = selection
        self._graph: Any = MergeGraph()  # or the pool's MergeIndex (app.analysis_jobs)
        self._indexes: list[tuple[Any, Any]] = []  # (entry, merge index), newest last
        self._frequencies: dict[int, Any] = {}   # id(tokenizer) -> Counter
        self._handle: WorkerHandle | None = None
        self._shut_down = False
        self._pending: Any = None
        self._sentences: list = []
        self._alignments: list = []

        # three event-loop turns when the window builds the pane (25-45 ms of widgets in one
        # turn was a 120 ms stall of the Explore view in a busy session, issue 20)
        build_in_steps(self, self._build_steps(session, selection))

    def _build_steps(self, session: Session, selection: SelectionModel) -> Iterator[None]:
        """The controls, the gold-label and model pages, then the layout and the wiring
        (``lazy_panes.build_in_steps``: the session is heard from the last step on)."""
        self._make_controls()
        yield
        self.gold_page = GoldLabelsPage(session, selection, self)
        self.model_page = ModelPage(session, selection, self)
        yield
        self._lay_out()
        self._connect(session, selection)

    def _make_controls(self) -> None:
        self.mode_combo = QComboBox(objectName="groupingsMode")
        # the order is kept (index 0 = demo, 1 = IOB) so saved states and tests still apply
        self.mode_combo.addItems([self.tr("Demo: frequency as a score"),
                                  self.tr("Align IOB labels"),
                                  self.tr("Gold labels (CoNLL / JSONL)")])
        self.mode_combo.addItem(self.tr("Token-classification model (folder)"))
        self.aggregation_combo = QComboBox(objectName="aggregationCombo")
        self.aggregation_combo.addItems(list(STRATEGIES))
        self.aggregation_combo.setCurrentText("simple")
        self.source_combo = QComboBox(objectName="scoreSourceCombo")
        self.model = TippedTableModel(GROUP_COLUMNS, GROUP_TIPS, self)
        self.view = QTableView(objectName="groupingsView")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(2, Qt.SortOrder.AscendingOrder)  # natural order first
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setMinimumHeight(60)
        self.graph_job = PoolJob(self)
        self.groups_job = PoolJob(self)
        self.groups_job.returned.connect(self._on_groups_returned)
        self.groups_job.failed.connect(lambda text: self.note.setText(in_words(text)))
        self.graph_job.returned.connect(self._on_graph_returned)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setResizeContentsPrecision(64)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.note = wrapping_label(QLabel("", objectName="groupingsNote"))
        self.iob_note = wrapping_label(QLabel("", objectName="alignmentSummary"))
        self.file_combo = QComboBox(objectName="labeledFileCombo")
        for path in resources.labeled_samples():
            self.file_combo.addItem(path.name, str(path))
        self.file_combo.setCurrentIndex(max(0, self.file_combo.findText("sample_iob2.conll")))
        self.open_labels_button = QPushButton(self.tr("Open…"), objectName="openLabelsButton")
        self.align_combo = QComboBox(objectName="alignModeCombo")
        self.align_combo.addItem(self.tr("first sub-token (others -100)"), "first")
        self.align_combo.addItem(self.tr("all sub-tokens"), "all")
        self.scheme_combo = QComboBox(objectName="schemeCombo")
        self.scheme_combo.addItems(["IOB2", "IOB1"])
        for combo in (self.mode_combo, self.aggregation_combo, self.source_combo, self.file_combo,
                      self.align_combo, self.scheme_combo):
            # long item texts must not widen the dock
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.sentence_spin = QSpinBox(objectName="sentenceSpin", minimum=1, maximum=1, prefix="#")
        self.mode_combo.setToolTip(self.tr(
            "Demo: group tokens by a per-token score (not an entity model); align IOB word "
            "labels to tokens; check gold entity labels against the tokenizer; or label the "
            "text with a token-classification model from a folder"))
        self.demo_note = QLabel(self.tr(
            "Demo only, not an entity model: a per-token score (frequency, merge rank or "
            "log-probability) stands in for a classifier's output, to show how aggregation "
            "strategies group tokens. For real entities use Gold labels or a token-classification "
            "model."), objectName="demoNote")
        wrapping_label(self.demo_note)
        self.aggregation_combo.setToolTip(self.tr(
            "How token scores become groups (as transformers' aggregation_strategy): none = one "
            "row per token; simple = merge neighbours with the same label; first / average / "
            "max = one label per word from its first, mean or highest-scoring token"))
        self.source_combo.setToolTip(self.tr("The per-token score the strategy groups by"))
        self.view.setToolTip(self.tr("The groups; select one to select its span everywhere"))
        self.file_combo.setToolTip(self.tr("A word-per-line IOB/CoNLL file of labelled sentences"))
        self.open_labels_button.setToolTip(self.tr("Open another IOB/CoNLL file"))
        self.align_combo.setToolTip(self.tr("Which sub-tokens of a word carry its label (the "
                                            "others get -100, ignored by the loss)"))
        self.scheme_combo.setToolTip(self.tr("IOB2: every entity starts with B-; IOB1: B- only "
                                             "between two entities of the same type"))
        self.sentence_spin.setToolTip(self.tr("Which sentence of the file to show"))
        self.alignment_view = AlignmentView(self)

    def _lay_out(self) -> None:
        agg_page, iob_page = QWidget(), QWidget()
        agg = QVBoxLayout(agg_page)
        agg.setContentsMargins(0, 0, 0, 0)
        agg.addWidget(self.demo_note)
        form = QFormLayout()
        form.addRow(self.tr("Strategy"), self.aggregation_combo)
        form.addRow(self.tr("Per-token score"), self.source_combo)
        agg.addLayout(form)
        agg.addWidget(self.view, 1)
        agg.addWidget(self.note)
        iob = QVBoxLayout(iob_page)
        iob.setContentsMargins(0, 0, 0, 0)
        # the options stack up (a form, not one row) so the pane fits a third of a laptop
        row1, row2 = QHBoxLayout(), QFormLayout()
        row1.addWidget(self.file_combo, 1)
        row1.addWidget(self.open_labels_button)
        row1.addWidget(self.sentence_spin)
        for label, w in ((self.tr("Labels on"), self.align_combo),
                         (self.tr("Scheme"), self.scheme_combo)):
            row2.addRow(label, w)
        iob.addLayout(row1)
        iob.addLayout(row2)
        iob.addWidget(self.alignment_view, 1)
        iob.addWidget(self.iob_note)
        self.stack = QStackedWidget()
        self.stack.addWidget(agg_page)
        self.stack.addWidget(iob_page)
        self.stack.addWidget(self.gold_page)
        self.stack.addWidget(self.model_page)
        layout = QVBoxLayout(self)
        layout.addWidget(self.mode_combo)
        layout.addWidget(self.stack, 1)

    def _connect(self, session: Session, selection: SelectionModel) -> None:
        self.mode_combo.currentIndexChanged.connect(self._on_mode_changed)
        self.aggregation_combo.currentTextChanged.connect(self.refresh)
        self.source_combo.currentIndexChanged.connect(self.refresh)
        self.file_combo.currentIndexChanged.connect(self._on_file_changed)
        self.open_labels_button.clicked.connect(self.open_labels_dialog)
        self.align_combo.currentIndexChanged.connect(self._realign)
        self.scheme_combo.currentIndexChanged.connect(self._realign)
        self.sentence_spin.valueChanged.connect(self._show_sentence)
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.encoding_changed.connect(self.refresh)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizer_changed(session.current)
        self._on_file_changed()

    # -- aggregation mode -------------------------------------------------------------------------
    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        tokenizer = entry.tokenizer if entry is not None else None
        index = self._index_of(entry)
        if entry is not None and index is None:
            # an opened file: index its merges in the pool (seconds for Llama 3), then redo this
            self.graph_job.start_job(merge_index_job, (tokenizer_ref(entry),),
                                     finish=partial(_tagged, entry))
        self._graph = index if index is not None else MergeGraph()
        with QSignalBlocker(self.source_combo):
            previous = self.source_combo.currentData()
            self.source_combo.clear()
            for source in available_score_sources(tokenizer, self._graph) if tokenizer else []:
                self.source_combo.addItem(groupings_tr(SOURCE_LABELS[source]), source)
            index = self.source_combo.findData(previous)
            self.source_combo.setCurrentIndex(max(index, 0))
        self._realign()
        self.refresh()
        if self.mode_combo.currentIndex() == 2:
            self.gold_page.refresh()

    def _index_of(self, entry: Any) -> Any:
        """The merge graph of ``entry`` if built, else the index the pool sent, else None."""
        if graph_ready(entry):
            return entry.graph
        return next((index for e, index in self._indexes if e is entry), None)

    @Slot(object)
    def _on_graph_returned(self, result: tuple) -> None:
        entry, index = result
        self._indexes = [(e, i) for e, i in self._indexes if e is not entry][-KEPT_INDEXES + 1:]
        self._indexes.append((entry, index))
        if entry is self._session.current:
            self._on_session_tokenizer_changed(entry)

    @Slot()
    def refresh(self, *_: Any) -> None:
        # a pane the user cannot see (another view, a tab behind) refreshes when shown: on a
        # new tokenizer it would otherwise aggregate and count frequencies for no one
        if out_of_sight(self) or self.mode_combo.currentIndex() in (2, MODEL_MODE):
            self._stale = True  # these pages show no score groups: nothing to count
            return
        self._stale = False
        tokenizer, encoding = self._session.tokenizer, self._session.encoding
        source = self.source_combo.currentData()
        if tokenizer is None or encoding is None or source is None:
            self.model.set_records([])
            return
        frequencies = None
        if source == "frequency":
            frequencies = self._frequencies.get(id(tokenizer))
            if frequencies is None:
                self._count_frequencies(tokenizer)
                self.model.set_records([])
                return
        strategy, text = self.aggregation_combo.currentText(), self._session.text
        if len(encoding) > SYNC_TOKENS:
            # a long text: scores and groups in the pool (a 50k text took seconds here)
            key = (encoding, source, strategy)
            with QSignalBlocker(self.view.selectionModel()):
                self.model.set_records([])  # its groups index another encoding's tokens
            self.groups_job.start_job(groups_job, (
                tokenizer_ref(self._session.current), text, PackedEncoding(encoding), source,
                None if frequencies is None else PackedIdCounts(frequencies), strategy),
                finish=partial(_groups_finish, key))
            return
        values = token_scores(encoding, source, tokenizer=tokenizer, graph=self._graph,
                              frequencies=frequencies)
        vectors, labels = two_class_scores(values)
        self._show_groups(aggregate(text, encoding, vectors, labels, strategy), source)

    @Slot(object)
    def _on_groups_returned(self, result: tuple) -> None:
        (encoding, source, strategy), groups = result
        if (encoding is self._session.encoding and source == self.source_combo.currentData()
                and strategy == self.aggregation_combo.currentText()):
            self._show_groups(groups, source)

    def _show_groups(self, groups: list, source: str) -> None:
        with QSignalBlocker(self.view.selectionModel()):
            self.model.set_records(groups)
        self.note.setText(self.tr(
            "{n} groups. Score = {source} rescaled to [0, 1]; label HIGH when ≥ 0.5, as a "
            "2-class classifier would.").format(n=f"{len(groups):,}",
                                                source=groupings_tr(SOURCE_LABELS[source])))

    def catch_up(self) -> None:
        """Refresh what changed while the pane was out of sight."""
        mode = self.mode_combo.currentIndex()
        if getattr(self, "_stale", False) and mode not in (2, MODEL_MODE):
            self.refresh()
        if mode == 2:
            self.gold_page.catch_up()
        if mode == MODEL_MODE:
            self.model_page.catch_up()

    def _count_frequencies(self, tokenizer: Any) -> None:
        corpus = self._session.corpus
        if self._shut_down:
            return  # the window is closing: start no new worker
        if corpus is None or self._handle is not None:
            self.note.setText(self.tr("Token frequencies need a corpus.") if corpus is None
                              else self.tr("Counting token frequencies in the corpus…"))
            return
        # the corpus words are encoded in the window's process pool (app.analysis_jobs)
        worker = PoolWorker(pool_for(self), token_frequencies_job,
                            (tokenizer_ref(self._session.current),
                             PackedCounts(corpus.word_counts)), finish=frequencies_counter)
        worker.returned.connect(self._on_frequencies_returned)
        worker.errored.connect(self._on_frequencies_errored)
        worker.finished.connect(self._on_frequencies_finished)
        self._pending = tokenizer
        self._handle = WorkerHandle(worker, self)
        self.note.setText(self.tr("Counting token frequencies in the corpus…"))
        self._handle.start()

    @Slot(object)
    def _on_frequencies_returned(self, freq: Any) -> None:
        self._frequencies[id(self._pending)] = freq

    @Slot(str)
    def _on_frequencies_errored(self, text: str) -> None:
        self.note.setText(self.tr("Cannot count token frequencies: {0}").format(in_words(text)))

    @Slot()
    def _on_frequencies_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        self._handle = None
        self.refresh()

    def shutdown(self) -> None:
        self._shut_down = True
        self.graph_job.stop()
        self.groups_job.stop()
        self.gold_page.shutdown()
        self.model_page.shutdown()
        if self._handle is not None:
            self._handle.stop()

    # -- selection linking -----------------------------------------------------------------------
    @Slot()
    def _on_view_selection_changed(self, *_: Any) -> None:
        rows = self.view.selectionModel().selectedRows()
        encoding = self._session.encoding
        if not rows or encoding is None:
            return
        group = self.model.record_at(rows[0].row())
        self._selection.set(Selection(span=(group.start, group.end),
                                      token_ids=frozenset(encoding.ids[i] for i in group.tokens),
                                      origin="groupings"))

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin == "groupings" or selection.span is None:
            return
        select_overlapping_rows(self.view, self.model, selection.span)
        self.view.viewport().update()

    # -- IOB mode ---------------------------------------------------------------------------------
    @Slot(int)
    def _on_mode_changed(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        if index == 2:
            self.gold_page.refresh()
        elif index == MODEL_MODE:
            self.model_page.shown()
        else:
            self._realign() if index == 1 else self.refresh()

    @Slot()
    def open_labels_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open IOB/CoNLL file"), "",
            self.tr("CoNLL / IOB (*.conll *.iob *.txt *.tsv);;All files (*)"))
        if path:
            self.file_combo.addItem(path, path)
            self.file_combo.setCurrentIndex(self.file_combo.count() - 1)

    @Slot()
    def _on_file_changed(self, *_: Any) -> None:
        path = self.file_combo.currentData()
        self._sentences = []
        if path:
            try:
                self._sentences = read_conll(path)
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                QMessageBox.critical(self, self.tr("Cannot read labels"), f"{path}\n\n{exc}")
        if "iob1" in str(path).lower():
            self.scheme_combo.setCurrentText("IOB1")
        self._realign()

    @Slot()
    def _realign(self, *_: Any) -> None:
        tokenizer = self._session.tokenizer
        if self.mode_combo.currentIndex() != 1 or tokenizer is None or not self._sentences:
            self._alignments = []
            self.alignment_view.set_alignment(None)
            return
        mode, scheme = self.align_combo.currentData(), self.scheme_combo.currentText()
        self._alignments = [align_sentence(s, tokenizer, mode, scheme) for s in self._sentences]
        s = summarize(self._alignments)
        note = self.tr(
            "{sentences} sentences, {entities} entities; {split} split into several tokens "
            "(max {max}); regrouped entities differ from the original in {differ} "
            "sentence(s).").format(sentences=s.sentences, entities=s.entities,
                                   split=s.split_entities, max=s.max_tokens_per_entity,
                                   differ=s.mismatched_sentences)
        broken = sum(bool(a.scheme_problems) for a in self._alignments)
        if broken:
            note += " " + self.tr("{n} sentence(s) break {scheme}.").format(n=broken,
                                                                             scheme=scheme)
        self.iob_note.setText(note)
        self.sentence_spin.setMaximum(len(self._alignments))
        self._show_sentence()

    @Slot()
    def _show_sentence(self, *_: Any) -> None:
        if not self._alignments:
            return
        a = self._alignments[self.sentence_spin.value() - 1]
        self.alignment_view.set_alignment(a, is_byte_level(self._session.tokenizer))
