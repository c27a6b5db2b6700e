"""MergesPane: the training history, the merge tree of a token, and a replay slider.

- The table lists the current tokenizer's merges (rank, left, right, result,
  count, words touched, WordPiece score, tie, runner-up), or the Unigram rounds
  (vocabulary size, loss, pieces removed); a search box filters it.
- Selecting a merge publishes the ids of every token whose construction used it
  (``MergeGraph.tokens_using``), so the other panes highlight them.
- Selecting a token elsewhere shows its merge tree (how it was built from
  characters or bytes) and jumps to the merge that created it.
- The replay slider re-encodes the current text with only the first N merges
  (``analysis.truncated_tokenizer``): the step-by-step BPE trace, interactive.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSlider,
    QSplitter,
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
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets import TokenTextView


class MergesPane(QWidget):
    """Merge history table + merge tree + replay of the current text."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mergesPane")
        self._session = session
        self._selection = selection
        self._graph = MergeGraph()
        self._byte_level = False

        self.search = QLineEdit(objectName="mergeSearch", placeholderText="Search merges…")
        self.search.setClearButtonEnabled(True)
        self.caption = QLabel("", objectName="mergesCaption")
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
        self.tree = QTreeWidget(objectName="mergeTree")
        self.tree.setHeaderLabels(["token", "merge rank"])
        self.tree.setColumnWidth(0, 180)
        self.slider = QSlider(Qt.Orientation.Horizontal, objectName="replaySlider")
        self.slider_label = QLabel("", objectName="replayLabel")
        self.replay_view = TokenTextView(self)
        self.replay_view.setObjectName("replayView")
        self.replay_view.setMinimumHeight(40)
        self.table.setMinimumHeight(60)
        self.tree.setMinimumHeight(60)

        # three columns side by side: the bottom dock is wide and short
        history = QWidget()
        history_layout = QVBoxLayout(history)
        history_layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.caption)
        history_layout.addLayout(top)
        history_layout.addWidget(self.table, 1)
        replay = QWidget()
        replay_layout = QVBoxLayout(replay)
        replay_layout.setContentsMargins(0, 0, 0, 0)
        slider_row = QHBoxLayout()
        slider_row.addWidget(QLabel("Replay"))
        slider_row.addWidget(self.slider, 1)
        replay_layout.addLayout(slider_row)
        replay_layout.addWidget(self.slider_label)
        replay_layout.addWidget(self.replay_view, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(history)
        splitter.addWidget(self.tree)
        splitter.addWidget(replay)
        splitter.setSizes([560, 220, 420])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)

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
        tokenizer = entry.tokenizer if entry is not None else None
        history = entry.history if entry is not None else None
        self._graph = entry.merge_graph() if entry is not None else MergeGraph()
        self._byte_level = tokenizer is not None and is_byte_level(tokenizer)
        self.merges_model.byte_level = self._byte_level
        steps = history.steps if history is not None else []  # (each access builds a list)
        if steps and not self._graph.records:
            self.table.setModel(self.steps_model)
            self.steps_model.set_records(steps)
            self.caption.setText(f"{len(steps)} Unigram rounds")
        else:
            merges = history.merges if history is not None else []
            self.table.setModel(self.merges_model)
            self.merges_model.set_records(merges or self._rows_from_graph(tokenizer))
            source = "training history" if merges else "model's merges; counts unknown"
            self.caption.setText(f"{len(self._graph):,} merges ({source})" if len(self._graph)
                                 else "no merges")
        # setModel() makes a new selection model: follow it (once per model switch)
        if self.table.selectionModel() is not self._watched_selection_model:
            self._watched_selection_model = self.table.selectionModel()
            self._watched_selection_model.selectionChanged.connect(self._on_table_selection_changed)
        # fixed widths: measuring 30k rows' contents would stall the window
        for column, width in enumerate((56, 90, 90, 110, 70, 60, 80, 40, 150)):
            if column < self.table.model().columnCount():
                self.table.setColumnWidth(column, width)
        self.tree.clear()
        replayable = tokenizer is not None and can_replay(tokenizer, self._graph)
        with QSignalBlocker(self.slider):
            self.slider.setRange(0, len(self._graph))
            self.slider.setValue(len(self._graph))
        self.slider.setEnabled(replayable)
        self._replay()

    def _rows_from_graph(self, tokenizer: Any) -> list[MergeAdded]:
        # a tokenizer.json has merges but no counts: show the merges alone
        return [MergeAdded(r.rank, r.left, r.right, r.token, tokenizer.token_to_id(r.token) or -1, 0)
                for r in self._graph.records]

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
        root = self._tree_item(self._graph.lineage(token))
        self.tree.addTopLevelItem(root)
        self.tree.expandAll()

    def _tree_item(self, node: MergeNode) -> QTreeWidgetItem:
        item = QTreeWidgetItem([visible_token(node.token, self._byte_level),
                                "base" if node.rank is None else str(node.rank)])
        item.setToolTip(0, repr(node.token))
        if node.rank is not None:
            item.addChild(self._tree_item(node.left))
            item.addChild(self._tree_item(node.right))
        return item

    # -- search and replay -----------------------------------------------------------------------
    @Slot(str)
    def _on_search_text_changed(self, text: str) -> None:
        self.table.model().set_text_filter(text)

    @Slot(int)
    def _on_slider_value_changed(self, value: int) -> None:
        self.slider_label.setText(f"{value:,} / {len(self._graph):,} merges")
        self._replay_timer.start()

    @Slot()
    def _on_replay_timer_timeout(self) -> None:
        self._replay()

    def _replay(self) -> None:
        tokenizer = self._session.tokenizer
        n = self.slider.value()
        self.slider_label.setText(f"{n:,} / {len(self._graph):,} merges")
        if tokenizer is None or not self.slider.isEnabled():
            self.replay_view.set_content("", None)
            self.slider_label.setText("no merges to replay")
            return
        text = self._session.text
        try:
            if n >= len(self._graph) and self._session.encoding is not None:
                encoding = self._session.encoding  # every merge: the current encoding itself
            else:
                encoding = truncated_tokenizer(tokenizer, self._graph, n).encode(text)
        except Exception as exc:  # noqa: BLE001 - an early step may lack an unknown token
            self.replay_view.setPlainText(f"cannot encode at step {n}: {exc}")
            return
        self.replay_view.set_content(text, encoding, byte_level=self._byte_level,
                                     unk_id=unk_id(tokenizer))
        self.slider_label.setText(f"{n:,} / {len(self._graph):,} merges → {len(encoding):,} tokens")
