"""OovPane: what each tokenizer does with words and characters it never saw.

- ``oovInput``: a word or sentence; every session tokenizer encodes it
  (``subword_core.analysis.oov.explain_unseen``). ``oovView`` lists, per tokenizer, its
  strategy (unknown per character, bytes, whole word ``[UNK]``, ``<unk>`` span)
  and the tokens; per word, the outcome (in vocabulary, split, spelled with
  bytes, unknown).
  A word is a pre-token, or a whitespace-separated word where the model sees several
  at once (SentencePiece, Mistral's byte fallback). A short text is explained at once; a
  long one, or one with a long word (:func:`~app.session.encode_at_once`), in a
  :class:`~app.jobs.FigureJob`, the last outcomes staying on screen meanwhile. At most
  :data:`ROWS_SHOWN` words are listed per tokenizer (the CSV export has them all).
- Selecting a word shows the model's own trace of it (:class:`TraceView`): the
  BPE merges one at a time, WordPiece's greedy matches, or the Unigram lattice
  (words of up to ``oov.TRACE_LIMIT`` characters).
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
from subword_core.analysis.oov import TRACE_LIMIT, TrainSpec, explain_unseen, iter_heldout
from subword_core._util.progress import StageProgress, StageStarted

from .. import style
from ..item_models.analysis_columns import (
    HELDOUT_COLUMNS, HELDOUT_TIPS, TippedTableModel, table_rows,
)
from ..jobs import FigureJob
from ..pane_support import SightAwarePane, in_words, out_of_sight
from ..selection import SelectionModel
from ..session import Session, encode_at_once
from ..widgets.column_fit import RESIZE_ROWS
from ..widgets.export import export_dialog
from ..widgets.trace_view import TraceView
from ..wording import unknown_strategy_text

DEFAULT_TEXT = "tokenizerization 🦜 한국어 naïveté"
MAX_TOKENIZERS = 6
#: Longest text explained on the GUI thread (a text with a long word never is).
SYNC_LIMIT = 500
#: Word rows listed per tokenizer, and tokens in its own row (the export has every word).
ROWS_SHOWN = 500
TOKENS_SHOWN = 300
WORD_SHOWN = 300  # characters of a word shown in its row and tooltip
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


def _explain(tokenizer: Any, text: str) -> Any:
    """The tokenizer's ``OovReport`` of ``text``, or the exception that stopped it."""
    try:
        return explain_unseen(tokenizer, text)
    except Exception as exc:  # noqa: BLE001 - e.g. Unigram without <unk>: show why
        return exc


def _reports_job(tokenizers: list[Any], text: str):
    """Worker body: every tokenizer's report, one at a time (a newer text aborts between)."""
    yield StageStarted("unseen", len(tokenizers))
    reports = []
    for k, tokenizer in enumerate(tokenizers):
        reports.append(_explain(tokenizer, text))
        yield StageProgress("unseen", k + 1, len(tokenizers))
    return text, reports


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
        self._job_entries: list[Any] = []  # the tokenizers the background report job explains

        self.input = QLineEdit(DEFAULT_TEXT, objectName="oovInput")
        self.input.setPlaceholderText(self.tr("A word or sentence the tokenizers never saw…"))
        self.input.setFont(style.text_font(12))
        self.input.setToolTip(self.tr(
            "Every tokenizer of the session encodes this text; the list shows what each does with "
            "each word"))
        self.export_button = QPushButton(self.tr("Export…"), objectName="oovExportButton")
        self.export_button.setToolTip(self.tr(
            "The pane as PNG, or the outcomes / held-out table as CSV"))
        self.status_label = QLabel("", objectName="oovStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setVisible(False)
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
        self.heldout_table.horizontalHeader().setResizeContentsPrecision(RESIZE_ROWS)
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
        layout.addWidget(self.status_label)
        layout.addWidget(splitter, 1)

        self.report_job = FigureJob(self)
        self.report_job.returned.connect(self._on_report_job_returned)
        self.report_job.failed.connect(self._on_report_job_failed)
        self.job = FigureJob(self)
        self.job.returned.connect(self._on_job_returned)
        self.job.failed.connect(self._on_job_failed)
        self.job.progress.connect(self._on_job_progress)
        self.job.running_changed.connect(self._on_job_running_changed)
        self.cancel_button.clicked.connect(self.cancel_heldout)
        self._trace_timer = QTimer(self, singleShot=True, interval=0)
        self._trace_timer.timeout.connect(self._trace_first_word)
        self._debounce = QTimer(self, singleShot=True, interval=150)
        self._debounce.timeout.connect(self.refresh)
        self.input.textChanged.connect(self._debounce.start)
        self.tree.currentItemChanged.connect(self._on_tree_current_changed)
        self.heldout_button.clicked.connect(self.compute_heldout)
        self.export_button.clicked.connect(self.export)
        session.tokenizers_changed.connect(self.refresh)
        self.refresh()

    def catch_up(self) -> None:
        """Refresh what changed while the pane was out of sight, in the worker: coming into
        sight is a view switch, and explaining the text with six tokenizers, then listing and
        tracing it, took 0.2-0.6 s of that switch's turn (issue 20's heavy session)."""
        if getattr(self, "_stale", False):
            self.refresh(in_background=True)

    # -- outcomes ------------------------------------------------------------------------------
    @Slot()
    def refresh(self, in_background: bool = False) -> None:
        if out_of_sight(self):  # another view is shown: refresh when shown
            self._stale = True
            return
        self._stale = False
        text = self.input.text()
        entries = self._session.entries[:MAX_TOKENIZERS]
        if encode_at_once(text, SYNC_LIMIT) and not in_background:
            self.report_job.cancel()  # a background explanation of an older text is stale
            self._show_reports([(e, _explain(e.tokenizer, text)) for e in entries])
            return
        # a long text or a long word: explained in a worker; the last outcomes stay meanwhile
        if not encode_at_once(text, SYNC_LIMIT):
            self._set_status(self.tr("explaining {n} characters in the background…").format(
                n=f"{len(text):,}"))
        tokenizers = [e.tokenizer for e in entries]
        self._job_entries = entries
        self.report_job.start(lambda _cancel: _reports_job(tokenizers, text))

    @Slot(object)
    def _on_report_job_returned(self, result: tuple[str, list]) -> None:
        text, reports = result
        if text == self.input.text():
            # the first word's trace in the next turn: its table's first showing is costly
            self._show_reports(list(zip(self._job_entries, reports)), trace_later=True)

    @Slot(str)
    def _on_report_job_failed(self, message: str) -> None:
        self._set_status(self.tr("cannot explain the text: {error}").format(
            error=in_words(message)))

    def _set_status(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))

    def _show_reports(self, reports: list[tuple[Any, Any]], trace_later: bool = False) -> None:
        self.reports = reports
        self.tree.clear()
        for k, (entry, report) in enumerate(self.reports):
            self.tree.addTopLevelItem(self._tokenizer_item(k, entry, report))
        self.tree.expandAll()
        longest = max((len(r.words) for _, r in reports if not isinstance(r, Exception)),
                      default=0)
        self._set_status(self.tr(
            "The first {shown} words of {n} are listed for each tokenizer; Export… saves every "
            "word.").format(shown=f"{ROWS_SHOWN:,}", n=f"{longest:,}")
            if longest > ROWS_SHOWN else "")
        if trace_later:
            self._trace_timer.start()
        else:
            self._trace_first_word()

    @Slot()
    def _trace_first_word(self) -> None:
        """Select (and so trace) the first word some model could not take whole."""
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
                  for t, kind in zip(report.produced, report.kinds) if kind != "special"]
        counts = self.tr("{unknown} unknown, {bytes} byte tokens").format(
            unknown=f"{report.unknown_count:,}", bytes=f"{report.byte_count:,}")
        summary = unknown_strategy_text(report.strategy, entry.tokenizer)
        item = QTreeWidgetItem([entry.name, summary, f"{counts}: {self._joined(tokens)}"])
        item.setToolTip(1, summary)
        for w, word in enumerate(report.words[:ROWS_SHOWN]):
            item.addChild(self._word_item(k, w, word, report, byte_level))
        return item

    def _word_item(self, k: int, w: int, word: Any, report: Any,
                   byte_level: bool) -> QTreeWidgetItem:
        # the token the model produced: <unk>, not the text an unknown token stands for
        shown = [visible_token(report.produced[i], byte_level)
                 for i in word.tokens[:TOKENS_SHOWN + 1]]
        label = (self.tr(OUTCOME_LABELS[word.outcome]) if word.outcome in OUTCOME_LABELS
                 else word.outcome).format(n=f"{len(word.tokens):,}")
        # a word of thousands of characters is shown by its head (the export has it whole)
        text, seen = word.text, word.model_input
        text = visible_text(text) if len(text) <= WORD_SHOWN else \
            visible_text(text[:WORD_SHOWN]) + "…"
        seen = repr(seen) if len(seen) <= WORD_SHOWN else repr(seen[:WORD_SHOWN]) + "…"
        child = QTreeWidgetItem([text, label, self._joined(shown, len(word.tokens))])
        child.setData(0, Qt.ItemDataRole.UserRole, (k, w))
        child.setToolTip(0, self.tr("the model saw {text}").format(text=seen))
        if word.outcome in ("unknown", "partly_unknown", "dropped"):
            child.setBackground(1, QBrush(style.unknown_color()))
        elif word.outcome == "bytes":
            child.setBackground(1, QBrush(style.multi_token_color()))
        return child

    def _joined(self, tokens: list[str], total: int | None = None) -> str:
        """The first :data:`TOKENS_SHOWN` tokens, then how many more there are."""
        total = len(tokens) if total is None else total
        shown = " · ".join(tokens[:TOKENS_SHOWN])
        if total > TOKENS_SHOWN:
            shown += " · " + self.tr("… ({n} more)").format(n=f"{total - TOKENS_SHOWN:,}")
        return shown

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
        if word.trace_kind == "too_long":
            self.trace_view.show_trace("none", None)
            self.trace_view.hint.setText(self.tr(
                "This word has {n} characters: the step-by-step view shows words of up to "
                "{limit}.").format(n=f"{len(word.model_input):,}", limit=f"{TRACE_LIMIT:,}"))
            return
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
        self.report_job.stop()
        self.job.stop()
