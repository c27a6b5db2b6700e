"""MergesPane: the training history, the merge tree of a token, and a replay slider.

- The table lists the current tokenizer's merges (rank, left, right, result, the
  language it served for parity-aware BPE, count, words touched, WordPiece score, tie,
  runner-up), or the Unigram rounds
  (vocabulary size, loss, pieces removed); a search box filters it.
- Selecting a merge publishes the ids of every token whose construction used it
  (``MergeGraph.tokens_using``), so the other panes highlight them.
- Selecting a token elsewhere shows its merge tree (how it was built from
  characters or bytes) and jumps to the merge that created it.
- The replay slider re-encodes the current text with only the first N merges
  (``analysis.truncated_tokenizer``): the step-by-step BPE trace, interactive.

Where a figure does not apply the pane says so in words: an opened file has no
counts ("—"), a Unigram or WordPiece file has no merges. Indexing an opened file's
merges (280,147 for Llama 3) and building each replay step run in workers
(:class:`~app.jobs.FigureJob`), so the window never waits for them; a step that
cannot be encoded is a message, never drawn as tokens.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSlider,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import (
    MergeGraph,
    MergeNode,
    can_replay,
    ids_of_tokens,
    is_byte_level,
    truncated_tokenizer,
    unk_id,
    visible_token,
)
from subword_core.trainers.events import MergeAdded

from ..item_models import MergesModel, UnigramStepsModel
from ..item_models.merges_model import NO_COUNTS, matching_ranks, search_keys
from ..item_models.table_model import column_text
from ..jobs import FigureJob
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets import TokenTextView
from ..widgets.column_fit import fit_columns
from ..pane_support import (
    SightAwarePane,
    graph_of,
    graph_ready,
    in_words,
    no_generator_work,
    out_of_sight,
    settled,
)

NO_MERGES = {
    "Unigram": QT_TRANSLATE_NOOP(
        "MergesPane",
        "A Unigram model has no merges: it keeps pieces with log-probabilities and cuts each word "
        "into its most likely pieces. The Unseen words view shows that lattice for any word."),
    "WordPiece": QT_TRANSLATE_NOOP(
        "MergesPane",
        "This WordPiece file has no merges: it stores only the vocabulary, and encoding takes the "
        "longest match. Train a WordPiece tokenizer here to see the merges that built it."),
}


#: Rows measured when a column edge is double-clicked (the fit itself measures a sample).
RESIZE_ROWS = 200
#: A column no wider than this (a 60-character byte-level token is cut, its tooltip whole).
MAX_COLUMN_WIDTH = 160


def _rows_from_graph(tokenizer: Any, graph: MergeGraph) -> list[MergeAdded]:
    """A file's merges as table rows (no counts: a tokenizer.json does not store them)."""
    vocab = tokenizer.get_vocab()
    return [MergeAdded(r.rank, r.left, r.right, r.token, vocab.get(r.token, -1), 0)
            for r in graph.records]


def _load_merges(entry: Any) -> tuple[Any, MergeGraph, list, list, bool]:
    """Worker body: the merge index and the table rows of ``entry``."""
    graph = graph_of(entry)
    history = entry.history
    steps = history.steps if history is not None else []
    merges = history.merges if history is not None else []
    rows = merges or _rows_from_graph(entry.tokenizer, graph)
    return settled((entry, graph, steps, rows, bool(merges)))


def _search(entry: Any, records: list, byte_level: bool, keys: list[str] | None, text: str):
    """Worker body: the ranks matching ``text`` (and the search keys, kept for next time)."""
    keys = search_keys(records, byte_level, keys)
    return settled((entry, text, keys, matching_ranks(records, keys, text)))


def _replay_step(entry: Any, graph: MergeGraph, n: int, text: str) -> tuple:
    """Worker body: the text encoded with the first ``n`` merges."""
    return settled((entry, n, text, truncated_tokenizer(entry.tokenizer, graph, n).encode(text)))


class MergesPane(SightAwarePane):
    """Merge history table + merge tree + replay of the current text."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mergesPane")
        self._session = session
        self._selection = selection
        self._graph = MergeGraph()
        self._entry: Any = None
        self._byte_level = False

        self.search = QLineEdit(objectName="mergeSearch", placeholderText=self.tr("Search merges…"))
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip(self.tr(
            "Show only merges whose left part, right part or result contains this text (as shown, "
            "or raw), or whose rank is this number"))
        self.caption = QLabel("", objectName="mergesCaption")
        self.caption.setToolTip(self.tr("Where the rows come from"))
        self.merges_model = MergesModel(self)
        self.steps_model = UnigramStepsModel(self)
        self.table = QTableView(objectName="mergeHistoryTable")
        self.table.setModel(self.merges_model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # natural order first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setToolTip(self.tr(
            "The merges in the order they were learned; select one to see every token built with "
            "it"))
        self.tree = QTreeWidget(objectName="mergeTree")
        self.tree.setHeaderLabels([self.tr("token"), self.tr("merge rank")])
        self.tree.headerItem().setToolTip(0, self.tr(
            "The selected token and the two parts each merge joined, down to single characters or "
            "bytes"))
        self.tree.headerItem().setToolTip(1, self.tr("Rank of the merge that built the token "
                                             "(base: a character or byte of the alphabet)"))
        self.tree.setToolTip(self.tr("Merge tree: how the selected token was built"))
        self.slider = QSlider(Qt.Orientation.Horizontal, objectName="replaySlider")
        self.slider.setToolTip(self.tr("Replay: encode the text with only the first N merges"))
        self.slider_label = QLabel("", objectName="replayLabel")
        self.slider_label.setToolTip(self.tr("Merges used by the replay, and the tokens they give"))
        self.replay_view = TokenTextView(self)
        self.replay_view.setObjectName("replayView")
        self.replay_view.setMinimumHeight(40)
        self.replay_message = QLabel("", objectName="replayMessage", wordWrap=True)
        self.replay_message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.replay_message.setSizePolicy(QSizePolicy.Policy.Ignored,
                                          QSizePolicy.Policy.Preferred)
        self.replay_stack = QStackedWidget(objectName="replayStack")
        self.replay_stack.addWidget(self.replay_view)
        self.replay_stack.addWidget(self.replay_message)
        self.table_message = QLabel("", objectName="mergesMessage", wordWrap=True)
        self.table_message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.table_message.setSizePolicy(QSizePolicy.Policy.Ignored,
                                         QSizePolicy.Policy.Preferred)
        self.table_stack = QStackedWidget(objectName="mergesStack")
        self.table_stack.addWidget(self.table)
        self.table_stack.addWidget(self.table_message)
        self.table.setMinimumHeight(60)
        self.tree.setMinimumHeight(60)

        # the history across the whole width, the merge tree and the replay below it: at
        # 1280x800 the history's columns (count, words, score, tie, runner-up: the ones that
        # explain a merge) were cut off while the replay beside them sat mostly empty
        history = QWidget()
        history_layout = QVBoxLayout(history)
        history_layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.caption)
        history_layout.addLayout(top)
        history_layout.addWidget(self.table_stack, 1)
        replay = QWidget()
        replay_layout = QVBoxLayout(replay)
        replay_layout.setContentsMargins(0, 0, 0, 0)
        slider_row = QHBoxLayout()
        replay_title = QLabel(self.tr("Replay"))
        replay_title.setToolTip(self.slider.toolTip())
        slider_row.addWidget(replay_title)
        slider_row.addWidget(self.slider, 1)
        replay_layout.addLayout(slider_row)
        replay_layout.addWidget(self.slider_label)
        replay_layout.addWidget(self.replay_stack, 1)
        bottom = QSplitter(Qt.Orientation.Horizontal, objectName="mergesBottomSplitter")
        bottom.addWidget(self.tree)
        bottom.addWidget(replay)
        bottom.setStretchFactor(0, 0)
        bottom.setStretchFactor(1, 1)  # extra width goes to the replayed text
        bottom.setSizes([220, 600])
        self.tree.setColumnWidth(0, 120)
        splitter = QSplitter(Qt.Orientation.Vertical, objectName="mergesSplitter")
        splitter.addWidget(history)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([420, 280])
        self.table.horizontalHeader().setResizeContentsPrecision(RESIZE_ROWS)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(splitter, 1)

        self.load_job = FigureJob(self)
        self.load_job.returned.connect(self._on_load_returned)
        self.load_job.failed.connect(self._on_load_failed)
        self.search_job = FigureJob(self)
        self.search_job.returned.connect(self._on_search_returned)
        self._search_keys: list[str] | None = None
        self._search_timer = QTimer(self, singleShot=True, interval=200)
        self._search_timer.timeout.connect(self._start_search)
        self.replay_job = FigureJob(self)
        self.replay_job.returned.connect(self._on_replay_returned)
        self.replay_job.failed.connect(self._on_replay_failed)
        # rebuilding a truncated model costs O(merges): wait until the slider rests a moment
        self._replay_timer = QTimer(self, singleShot=True, interval=40)
        self._replay_timer.timeout.connect(self._on_replay_timer_timeout)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.search.textChanged.connect(self._on_search_text_changed)
        self._watched_selection_model = None
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.encoding_changed.connect(self._replay_timer.start)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizer_changed(session.current)

    # -- the current tokenizer -----------------------------------------------------------------
    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        self._entry = entry
        if out_of_sight(self):  # loaded when it comes into sight (catch_up)
            self._stale_entry = True
            return
        self._stale_entry = False
        self._graph = MergeGraph()
        self._search_keys = None
        self.merges_model.set_rank_filter(None)  # a new model: searched again once loaded
        self.tree.clear()
        tokenizer = entry.tokenizer if entry is not None else None
        self._byte_level = tokenizer is not None and is_byte_level(tokenizer)
        self.merges_model.byte_level = self._byte_level
        history = entry.history if entry is not None else None
        if entry is None:
            self._show_message(self.tr("No tokenizer yet: train one or open a tokenizer.json."))
            self._set_replayable(False)
            self._replay()
            return
        if graph_ready(entry) and (history is not None or not entry.graph.records):
            # a trained tokenizer: the training worker built everything already
            self._show_loaded(*_load_merges(entry))
            return
        self.load_job.start(lambda cancel: no_generator_work(lambda: _load_merges(entry)))
        self.caption.setText(self.tr("reading the merges…"))
        self.merges_model.set_records([])
        self.table_stack.setCurrentWidget(self.table)
        self._set_replayable(False)
        self._show_replay_message(self.tr("reading the merges…"))

    @Slot(object)
    def _on_load_returned(self, result: tuple) -> None:
        if result[0] is self._entry:
            self._show_loaded(*result)

    @Slot(str)
    def _on_load_failed(self, message: str) -> None:
        self._show_message(self.tr("Cannot read the merges: {error}").format(
            error=in_words(message)))

    def _show_loaded(self, entry: Any, graph: MergeGraph, steps: list, rows: list,
                     counted: bool) -> None:
        tokenizer = entry.tokenizer
        self._graph = graph
        model = type(tokenizer.model).__name__
        if steps and not graph.records:
            self.table.setModel(self.steps_model)
            self.steps_model.set_records(steps)
            self.caption.setText(self.tr(
                "{n} Unigram rounds (a Unigram model has no merges)").format(
                n=f"{len(steps):,}"))
            self.table_stack.setCurrentWidget(self.table)
        elif not rows:
            self.table.setModel(self.merges_model)
            self.merges_model.set_records([])
            self._show_message(self.tr(NO_MERGES[model]) if model in NO_MERGES else
                               self.tr("A {model} model has no merges.").format(model=model))
        else:
            self.table.setModel(self.merges_model)
            self.merges_model.counts_known = counted
            history = entry.history if counted else None
            # parity-aware BPE's history: a language column (the language each merge served)
            self.merges_model.set_languages(
                history.options.get("languages") if history is not None else None)
            self.merges_model.set_records(rows)
            if self.search.text().strip():
                self._start_search()
            self.table_stack.setCurrentWidget(self.table)
            source = self.tr(
                "training history") if counted else self.tr(
                "the file's merges; counts unknown")
            self.caption.setText(self.tr("{n} merges ({source})").format(n=f"{len(graph):,}",
                                                                          source=source))
            self.caption.setToolTip(self.tr("Where the rows come from") if counted
                                    else column_text(NO_COUNTS))
        # setModel() makes a new selection model: follow it (once per model switch)
        if self.table.selectionModel() is not self._watched_selection_model:
            self._watched_selection_model = self.table.selectionModel()
            self._watched_selection_model.selectionChanged.connect(self._on_table_selection_changed)
        self._fit_columns()
        self._set_replayable(can_replay(tokenizer, graph))
        self._replay()

    def _fit_columns(self) -> None:
        """Each column as wide as its title and a sample of rows (measuring 30k rows, or
        the 200 of resizeColumnsToContents, stalled the window), a long token capped; the
        last column takes what is left."""
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        fit_columns(self.table, cap=MAX_COLUMN_WIDTH)
        header.setStretchLastSection(True)

    def _show_message(self, text: str) -> None:
        self.caption.setText(self.tr("no merges") if self._entry is not None else "")
        self.table_message.setText(text)
        self.table_stack.setCurrentWidget(self.table_message)

    def _set_replayable(self, replayable: bool) -> None:
        with QSignalBlocker(self.slider):
            self.slider.setRange(0, len(self._graph))
            self.slider.setValue(len(self._graph))
        self.slider.setEnabled(replayable)

    # -- table -> selection --------------------------------------------------------------------
    @Slot()
    def _on_table_selection_changed(self, *_: Any) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.table.model() is not self.merges_model:
            return
        merge = self.merges_model.record_at(rows[0].row())
        tokenizer = self._session.tokenizer
        using = self._graph.tokens_using(merge.rank)
        self._show_tree(merge.token)
        self._selection.set(Selection(token_ids=ids_of_tokens(tokenizer, using),
                                      merge_rank=merge.rank, origin="merges"))

    # -- selection -> tree and row ---------------------------------------------------------------
    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin == "merges" or self._session.tokenizer is None:
            return
        token = self._selected_token(selection)
        if token is None:
            return
        self._show_tree(token)
        rank = self._graph.creator(token)
        if rank is not None and self.table.model() is self.merges_model:
            row = self.merges_model.view_row(rank)
            if row is not None:
                index = self.merges_model.index(row, 0)
                with QSignalBlocker(self.table.selectionModel()):
                    self.table.selectionModel().select(
                        index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                        | QItemSelectionModel.SelectionFlag.Rows)
                self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
                self.table.viewport().update()

    def _selected_token(self, selection: Selection) -> str | None:
        encoding = self._session.encoding
        if selection.token_index is not None and encoding is not None \
                and selection.token_index < len(encoding):
            return encoding.tokens[selection.token_index]
        if len(selection.token_ids) == 1:
            return self._session.tokenizer.id_to_token(next(iter(selection.token_ids)))
        return None

    def _show_tree(self, token: str) -> None:
        self.tree.clear()
        if not self._graph.records:
            item = QTreeWidgetItem([visible_token(token, self._byte_level), self.tr("no merges")])
            item.setToolTip(1, self.tr("This model has no merges: the token is a vocabulary entry"))
            self.tree.addTopLevelItem(item)
            return
        root = self._tree_item(self._graph.lineage(token))
        self.tree.addTopLevelItem(root)
        self.tree.expandAll()

    def _tree_item(self, node: MergeNode) -> QTreeWidgetItem:
        item = QTreeWidgetItem([visible_token(node.token, self._byte_level),
                                self.tr("base") if node.rank is None else f"{node.rank:,}"])
        item.setToolTip(0, repr(node.token))
        if node.rank is not None:
            item.addChild(self._tree_item(node.left))
            item.addChild(self._tree_item(node.right))
        return item

    # -- search and replay -----------------------------------------------------------------------
    @Slot(str)
    def _on_search_text_changed(self, text: str) -> None:
        if self.table.model() is not self.merges_model:
            self.table.model().set_text_filter(text)  # Unigram rounds: a few hundred rows
        elif not text.strip():
            self._search_timer.stop()
            self.merges_model.set_rank_filter(None)
        else:
            self._search_timer.start()  # 280k merges: searched in a worker, once typing rests

    @Slot()
    def _start_search(self) -> None:
        entry, text, keys = self._entry, self.search.text(), self._search_keys
        records, byte_level = list(self.merges_model.records), self._byte_level
        if entry is None or not text.strip() or not records:
            return
        self.caption.setText(self.tr("searching…"))
        self.search_job.start(lambda cancel: no_generator_work(
            lambda: _search(entry, records, byte_level, keys, text)))

    @Slot(object)
    def _on_search_returned(self, result: tuple) -> None:
        entry, text, keys, ranks = result
        if entry is not self._entry:
            return
        self._search_keys = keys
        if text == self.search.text():
            self.merges_model.set_rank_filter(ranks)
            shown = self.merges_model.rowCount()
            self.caption.setText(self.tr("{shown} of {total} merges match {text}").format(
                shown=f"{shown:,}", total=f"{len(self.merges_model.records):,}",
                text=repr(text.strip())))

    @Slot(int)
    def _on_slider_value_changed(self, value: int) -> None:
        self.slider_label.setText(self.tr("{n} / {total} merges").format(
            n=f"{value:,}", total=f"{len(self._graph):,}"))
        self._replay_timer.start()

    @Slot()
    def _on_replay_timer_timeout(self) -> None:
        self._replay()

    def catch_up(self) -> None:
        """Load and replay what changed while the pane was out of sight."""
        if getattr(self, "_stale_entry", False):
            self._on_session_tokenizer_changed(self._entry)
        elif getattr(self, "_stale_replay", False):
            self._replay()

    def _replay(self) -> None:
        if out_of_sight(self):  # a new text or step: replayed when seen
            self._stale_replay = True
            return
        self._stale_replay = False
        entry, graph = self._entry, self._graph
        n = self.slider.value()
        if entry is None or not self.slider.isEnabled():
            self.replay_view.set_content("", None)
            self.slider_label.setText(self.tr("no merges to replay"))
            self._show_replay_message(
                self.tr("Nothing to replay: this tokenizer has no merges.") if entry is not None
                else self.tr("No tokenizer yet."))
            return
        text = self._session.text
        self.slider_label.setText(self.tr("{n} / {total} merges").format(
            n=f"{n:,}", total=f"{len(graph):,}"))
        if n >= len(graph) and self._session.encoding is not None:
            # every merge: the current encoding itself
            self._show_replay(n, text, self._session.encoding)
            return
        self.slider_label.setText(self.tr("{n} / {total} merges → replaying…").format(
            n=f"{n:,}", total=f"{len(graph):,}"))
        self.replay_job.start(lambda cancel: no_generator_work(
            lambda: _replay_step(entry, graph, n, text)))

    @Slot(object)
    def _on_replay_returned(self, result: tuple) -> None:
        entry, n, text, encoding = result
        if entry is self._entry and n == self.slider.value() and text == self._session.text:
            self._show_replay(n, text, encoding)

    @Slot(str)
    def _on_replay_failed(self, message: str) -> None:
        n = self.slider.value()
        self.slider_label.setText(self.tr("{n} / {total} merges").format(
            n=f"{n:,}", total=f"{len(self._graph):,}"))
        self._show_replay_message((self.tr("Cannot encode the text with the first merge: {error}")
                                   if n == 1 else self.tr("Cannot encode the text with the first "
                                                          "{n} merges: {error}")).format(
            n=f"{n:,}", error=in_words(message)))

    def _show_replay(self, n: int, text: str, encoding: Any) -> None:
        tokenizer = self._entry.tokenizer
        self.replay_view.set_content(text, encoding, byte_level=self._byte_level,
                                     unk_id=unk_id(tokenizer))
        self.replay_stack.setCurrentWidget(self.replay_view)
        self.slider_label.setText(self.tr("{n} / {total} merges → {tokens} tokens").format(
            n=f"{n:,}", total=f"{len(self._graph):,}", tokens=f"{len(encoding):,}"))

    def _show_replay_message(self, text: str) -> None:
        self.replay_message.setText(text)
        self.replay_stack.setCurrentWidget(self.replay_message)

    def shutdown(self) -> None:
        """Stop the workers (before the window closes)."""
        self.load_job.stop()
        self.search_job.stop()
        self.replay_job.stop()
