"""OovPane: what each tokenizer does with words and characters it never saw.

- ``oovInput``: a word or sentence; every session tokenizer encodes it
  (``subword_core.oov.explain_unseen``). ``oovView`` lists, per tokenizer, its
  strategy (unknown per character, bytes, whole word ``[UNK]``, ``<unk>`` span)
  and the tokens; per word, the outcome (in vocabulary, split, spelled with
  bytes, unknown).
- Selecting a word shows the model's own trace of it (:class:`TraceView`): the
  BPE merges one at a time, WordPiece's greedy matches, or the Unigram lattice.
- The held-out tab holds out the last 10% of the corpus documents and compares a
  word vocabulary of the same size with each tokenizer's unknown-token rate
  (``oov.iter_heldout`` in a :class:`~app.jobs.FigureJob`), optionally after
  retraining each preset on the other 90%. Reading the corpus and retraining run
  in that worker; ``heldoutCancelButton`` stops them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, QT_TRANSLATE_NOOP, Slot
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QCheckBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSplitter, QTableView,
    QTabWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from subword_core.analysis import is_byte_level, visible_text, visible_token
from subword_core.corpus import Corpus
from subword_core.oov import TrainSpec, explain_unseen, iter_heldout

from .. import style
from ..item_models.analysis_columns import (
    HELDOUT_COLUMNS, HELDOUT_TIPS, TippedTableModel, table_rows,
)
from ..jobs import FigureJob
from ..pane_support import SightAwarePane, in_words, out_of_sight
from ..selection import SelectionModel
from ..session import Session
from ..widgets.export import export_dialog
from ..widgets.trace_view import TraceView
from ..wording import unknown_strategy_text

DEFAULT_TEXT = "tokenizerization 🦜 한국어 naïveté"
MAX_TOKENIZERS = 6
OUTCOME_LABELS = {"in_vocab": QT_TRANSLATE_NOOP(
    "OovPane",
    "whole word in vocabulary"), "split": QT_TRANSLATE_NOOP(
    "OovPane",
    "split into {n} known pieces"),
                  "bytes": QT_TRANSLATE_NOOP(
                      "OovPane",
                      "spelled with bytes"), "partly_unknown": QT_TRANSLATE_NOOP(
                      "OovPane",
                      "partly unknown"),
                  "unknown": QT_TRANSLATE_NOOP(
                      "OovPane",
                      "unknown"), "dropped": QT_TRANSLATE_NOOP(
                      "OovPane",
                      "dropped (no token)"), "added": QT_TRANSLATE_NOOP(
                      "OovPane",
                      "added token")}
WORD_COLUMNS = ["tokenizer", "strategy", "word", "start", "end", "model_input", "outcome", "tokens"]


def _heldout_job(read: Callable[[], Corpus], tokenizers: dict[str, Any],
                 retrain: dict[str, TrainSpec], cancel: Any):
    """Worker body: read the corpus documents, then the core's held-out comparison."""
    documents = list(read().iter_documents())
    return (yield from iter_heldout(documents, tokenizers, retrain=retrain, cancel=cancel))


class OovPane(SightAwarePane):
    """Input box, per-tokenizer outcomes, the step-by-step trace, and the held-out split."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oovPane")
        self._session = session
        self.reports: list[tuple[Any, Any]] = []   # (entry, OovReport or the exception)
        self.heldout: Any = None

        self.input = QLineEdit(DEFAULT_TEXT, objectName="oovInput")
        self.input.setPlaceholderText(self.tr("A word or sentence the tokenizers never saw…"))
        self.input.setFont(style.text_font(12))
        self.input.setToolTip(self.tr(
            "Every tokenizer of the session encodes this text; the list shows what each does with "
            "each word"))
        self.export_button = QPushButton(self.tr("Export…"), objectName="exportButton")
        self.export_button.setToolTip(self.tr(
            "The pane as PNG, or the outcomes / held-out table as CSV"))
        self.tree = QTreeWidget(objectName="oovView")
        self.tree.setHeaderLabels([self.tr(
            "tokenizer / word"), self.tr(
            "what happens"), self.tr(
            "tokens")])
        header = self.tree.headerItem()
        header.setToolTip(0, self.tr("Each tokenizer, and under it each word of the text"))
        header.setToolTip(1, self.tr(
            "The tokenizer's strategy for unseen text, and the outcome for each word (whole, "
            "split, spelled with bytes, unknown)"))
        header.setToolTip(2, self.tr("The tokens, in readable form (␣ = space, ⟨C3⟩ = a byte)"))
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tree.setColumnWidth(0, 170)
        self.tree.setColumnWidth(1, 260)
        self.tree.setFont(style.text_font(11))
        self.trace_view = TraceView()
        self.trace_view.setToolTip(self.tr("How the model cut the selected word, step by step"))
        self.heldout_button = QPushButton(self.tr(
            "Compute held-out split"), objectName="heldoutButton")
        self.heldout_button.setToolTip(self.tr(
            "Hold out the last 10% of the corpus documents and measure how each tokenizer copes "
            "with their words (in the background)"))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="heldoutCancelButton")
        self.cancel_button.setToolTip(self.tr("Stop the held-out computation (and any retraining)"))
        self.cancel_button.setEnabled(False)
        self.retrain_check = QCheckBox(self.tr("retrain each preset on the first 90% first"),
                                       objectName="retrainCheck", checked=True)
        self.retrain_check.setToolTip(self.tr(
            "Train each tokenizer made here again, with its options, on the first 90% only, so the "
            "held-out words are really unseen (opened files are measured as they are)"))
        self.heldout_label = QLabel(self.tr("The last 10% of the corpus documents are held out."),
                                    objectName="heldoutStatus")
        self.heldout_label.setWordWrap(True)
        self.heldout_model = TippedTableModel(HELDOUT_COLUMNS, HELDOUT_TIPS, self)
        self.heldout_table = QTableView(objectName="heldoutTable")
        self.heldout_table.setModel(self.heldout_model)
        self.heldout_table.verticalHeader().setVisible(False)
        self.heldout_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.heldout_table.horizontalHeader().setStretchLastSection(True)
        self.heldout_table.setMinimumHeight(60)
        heldout = QWidget()
        box = QVBoxLayout(heldout)
        row = QHBoxLayout()
        row.addWidget(self.heldout_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.retrain_check)
        row.addStretch(1)
        box.addLayout(row)
        box.addWidget(self.heldout_label)
        box.addWidget(self.heldout_table, 1)
        self.tabs = QTabWidget(objectName="oovTabs")
        self.tabs.addTab(self.trace_view, self.tr("Step by step"))
        self.tabs.addTab(heldout, self.tr("Held-out split"))
        self.tabs.setTabToolTip(0, self.tr(
            "The selected word as the model cuts it: BPE merges, WordPiece matches, or the Unigram "
            "lattice"))
        self.tabs.setTabToolTip(1, self.tr("Unknown-token rates on the last 10% of the corpus"))
        self.tree.setMinimumHeight(60)

        top = QHBoxLayout()
        input_label = QLabel(self.tr("Unseen text:"))
        input_label.setToolTip(self.input.toolTip())
        top.addWidget(input_label)
        top.addWidget(self.input, 1)
        top.addWidget(self.export_button)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.tabs)
        splitter.setSizes([200, 260])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

        self.job = FigureJob(self)
        self.job.returned.connect(self._on_job_returned)
        self.job.failed.connect(self._on_job_failed)
        self.job.progress.connect(self._on_job_progress)
        self.job.running_changed.connect(self._on_job_running_changed)
        self.cancel_button.clicked.connect(self.cancel_heldout)
        self._debounce = QTimer(self, singleShot=True, interval=150)
        self._debounce.timeout.connect(self.refresh)
        self.input.textChanged.connect(self._debounce.start)
        self.tree.currentItemChanged.connect(self._on_tree_current_changed)
        self.heldout_button.clicked.connect(self.compute_heldout)
        self.export_button.clicked.connect(self.export)
        session.tokenizers_changed.connect(self.refresh)
        self.refresh()

    def catch_up(self) -> None:
        """Refresh what changed while the pane was out of sight."""
        if getattr(self, "_stale", False):
            self.refresh()

    # -- outcomes ------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        if out_of_sight(self):  # another view is shown: refresh when shown
            self._stale = True
            return
        self._stale = False
        text = self.input.text()
        self.reports = []
        for entry in self._session.entries[:MAX_TOKENIZERS]:
            try:
                self.reports.append((entry, explain_unseen(entry.tokenizer, text)))
            except Exception as exc:  # noqa: BLE001 - e.g. Unigram without <unk>: show why
                self.reports.append((entry, exc))
        self.tree.clear()
        for k, (entry, report) in enumerate(self.reports):
            self.tree.addTopLevelItem(self._tokenizer_item(k, entry, report))
        self.tree.expandAll()
        first = self._first_interesting_word()
        if first is not None:
            self.tree.setCurrentItem(first)
        else:
            self.trace_view.show_trace("none", None)

    def _tokenizer_item(self, k: int, entry: Any, report: Any) -> QTreeWidgetItem:
        if isinstance(report, Exception):
            return QTreeWidgetItem([entry.name, self.tr("cannot encode: {error}").format(
                error=in_words(str(report))), ""])
        byte_level = is_byte_level(entry.tokenizer)
        tokens = [visible_token(t, byte_level)
                  for t, kind in zip(report.encoding.tokens, report.kinds) if kind != "special"]
        counts = self.tr("{unknown} unknown, {bytes} byte tokens").format(
            unknown=f"{report.unknown_count:,}", bytes=f"{report.byte_count:,}")
        summary = unknown_strategy_text(report.strategy, entry.tokenizer)
        item = QTreeWidgetItem([entry.name, summary,
                                f"{counts}: " + " · ".join(tokens)])
        item.setToolTip(1, summary)
        for w, word in enumerate(report.words):
            shown = [visible_token(report.encoding.tokens[i], byte_level) for i in word.tokens]
            label = (self.tr(OUTCOME_LABELS[word.outcome]) if word.outcome in OUTCOME_LABELS
                     else word.outcome).format(n=len(word.tokens))
            child = QTreeWidgetItem([visible_text(word.text), label, " · ".join(shown)])
            child.setData(0, Qt.ItemDataRole.UserRole, (k, w))
            child.setToolTip(0, self.tr("the model saw {text}").format(text=repr(word.model_input)))
            if word.outcome in ("unknown", "partly_unknown", "dropped"):
                child.setBackground(1, QBrush(style.unknown_color()))
            elif word.outcome == "bytes":
                child.setBackground(1, QBrush(style.multi_token_color()))
            item.addChild(child)
        return item

    def _first_interesting_word(self) -> QTreeWidgetItem | None:
        """The first word some model could not take whole (shown on start)."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for j in range(top.childCount()):
                k, w = top.child(j).data(0, Qt.ItemDataRole.UserRole)
                if self.reports[k][1].words[w].outcome not in ("in_vocab", "added"):
                    return top.child(j)
        return None

    @Slot(object, object)
    def _on_tree_current_changed(self, item: QTreeWidgetItem | None, _previous: Any) -> None:
        where = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if where is None:
            return
        entry, report = self.reports[where[0]]
        word = report.words[where[1]]
        unk = getattr(entry.tokenizer.model, "unk_token", None) or "[UNK]"
        self.trace_view.show_trace(word.trace_kind, word.trace, is_byte_level(entry.tokenizer),
                                   unk)

    # -- held-out split ------------------------------------------------------------------------
    @Slot()
    def compute_heldout(self) -> bool:
        corpus, entries = self._session.corpus, self._session.entries[:MAX_TOKENIZERS]
        if corpus is None or not entries:
            self.heldout_label.setText(self.tr("Load a corpus and train a tokenizer first."))
            return False
        retrain = {}
        if self.retrain_check.isChecked():
            specs = {e.name: TrainSpec.from_options(e.algorithm, e.options) for e in entries}
            retrain = {name: spec for name, spec in specs.items() if spec is not None}
        tokenizers = {e.name: e.tokenizer for e in entries if e.name not in retrain}
        self.heldout_label.setText(self.tr("reading the corpus…"))
        self._heldout_done = False
        self.job.start(lambda cancel: _heldout_job(corpus.corpus, tokenizers, retrain, cancel))
        return True

    @Slot()
    def cancel_heldout(self) -> None:
        """Stop the held-out computation; the window does not wait for it."""
        if self.job.is_running():
            self.heldout_label.setText(self.tr("cancelling…"))
            self.job.cancel()

    @Slot(bool)
    def _on_job_running_changed(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)
        self.heldout_button.setEnabled(not running)
        if not running and not getattr(self, "_heldout_done", True):
            self.heldout_label.setText(self.tr("Cancelled: no held-out figures."))

    @Slot(object)
    def _on_job_progress(self, event: Any) -> None:
        if getattr(event, "stage", "") == "heldout":
            self.heldout_label.setText(self.tr("measuring… {0} of {1}").format(
                f"{event.current:,}", f"{event.total:,}") if hasattr(event, "current")
                else self.tr("measuring…"))
        else:
            self.heldout_label.setText(self.tr("retraining on the first 90%…"))

    @Slot(object)
    def _on_job_returned(self, report: Any) -> None:
        self._heldout_done = True
        self.heldout = report
        self.heldout_model.set_records(list(report.rows))
        self.heldout_label.setText(self.tr(
            "trained on {train} documents, held out the last {heldout}; each word vocabulary has "
            "as many entries as its tokenizer (the most frequent training words + [UNK]).").format(
                train=f"{report.train_documents:,}", heldout=f"{report.heldout_documents:,}"))

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        self._heldout_done = True
        self.heldout_label.setText(self.tr("held-out split failed: {error}").format(
            error=in_words(message)))

    # -- export --------------------------------------------------------------------------------
    def table_csv(self) -> tuple[list[str], list[list[Any]]]:
        """The held-out table on its tab, else one row per word and tokenizer."""
        if self.tabs.currentIndex() == 1 and self.heldout is not None:
            return table_rows(HELDOUT_COLUMNS, self.heldout.rows)
        rows = [[entry.name, *row.values()] for entry, report in self.reports
                if not isinstance(report, Exception) for row in report.as_rows()]
        return WORD_COLUMNS, rows

    @Slot()
    def export(self) -> str | None:
        header, rows = self.table_csv()
        return export_dialog(self, self.tr("unseen words"), "unseen.png", self, header, rows)

    def shutdown(self) -> None:
        self.job.stop()
