"""StatsPane: the current tokenizer as numbers — four linked pyqtgraph plots.

``statsView`` holds one tab per figure, each computed by :mod:`subword_core.analysis.stats`:

1. token length histogram (vocabulary entries, or corpus occurrences);
2. Zipf rank-frequency of token counts on the corpus (log-log, with the slope);
3. characters per token as a function of vocabulary size (merge history replayed);
4. pair count per merge (the decay curve of the training history).

Corpus figures (the token counts, the weighted histogram, the ranked counts of the Zipf
plot, the replayed curve) and a large vocabulary's histogram run in the window's pool
processes (:class:`~app.pool_figure_job.PoolFigureJob`, :mod:`app.compare_jobs`), on
the session text when no corpus is loaded, only while the pane is visible; what comes
back is columns (the Zipf plot's 128k points stay numpy arrays here). Clicking a bar or point
selects the tokens behind it (a merge point selects its merge, as the merge
history does); tokens selected elsewhere are highlighted. Export writes the
shown plot as PNG or its data as CSV.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QCheckBox, QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget,
)

from subword_core.analysis import ids_of_tokens
from subword_core.analysis.stats import ZipfPoint, figure_table, length_histogram, merge_counts

from ..compare_jobs import CorpusSpec, RankedCounts, stats_figures_job, vocab_histogram_job
from ..corpus_figures_cache import figures_folder
from ..pane_support import SightAwarePane, in_words, out_of_sight, progress_text
from ..plots.clickable_histogram import ClickableHistogram
from ..plots.clickable_points import ClickablePointsPlot
from ..pool_cache import carried
from ..pool_figure_job import PoolFigureJob
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets.export import export_dialog

CURVE_CHARS = 30_000     # the replay encodes this sample once per point (token counts: all)
CURVE_POINTS = 12
#: A vocabulary larger than this has its length histogram measured in a pool process
#: (a pass over every token: 0.1-0.3 s on the GUI thread for 50k tokens).
WORKER_VOCAB = 2_000
FIGURES = ["lengths", "zipf", "curve", "merges"]   # tab order


class _ZipfRows:
    """The Zipf points as the pane uses them, over the pool's :class:`RankedCounts` columns:
    ranks, counts and ids stay arrays (the GUI thread never walks 128k points), a
    :class:`~subword_core.analysis.stats.ZipfPoint` is made when one is asked for (a click, export)."""

    def __init__(self, ranked: RankedCounts | None, tokenizer: Any) -> None:
        self.ids = ranked.ids if ranked is not None else np.zeros(0, dtype=np.int64)
        self.counts = ranked.counts if ranked is not None else np.zeros(0, dtype=np.int64)
        self.slope = ranked.slope if ranked is not None else None
        self._tokenizer = tokenizer

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, index: int) -> ZipfPoint:
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        index %= len(self)
        token_id = int(self.ids[index])
        name = self._tokenizer.id_to_token(token_id) if self._tokenizer is not None else None
        return ZipfPoint(index + 1, int(self.counts[index]), token_id, name or "")

    def __iter__(self) -> Any:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:  # as the list of points it stands for
        if isinstance(other, _ZipfRows):
            return np.array_equal(self.ids, other.ids) and np.array_equal(self.counts,
                                                                          other.counts)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]

    @property
    def ranks(self) -> np.ndarray:
        return np.arange(1, len(self) + 1, dtype=np.int64)

    def indices_of(self, token_ids: Any) -> list[int]:
        """The points of these token ids (a selection's), found with numpy."""
        if not len(self) or not token_ids:
            return []
        wanted = np.fromiter(token_ids, np.int64, len(token_ids))
        return np.flatnonzero(np.isin(self.ids, wanted)).tolist()


def _labelled(plot: Any, name: str, x: str, y: str) -> Any:
    plot.setObjectName(name)
    plot.setLabel("bottom", x)
    plot.setLabel("left", y)
    return plot


class StatsPane(SightAwarePane):
    """Tabs of clickable plots, a caption per figure, and export."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statsPane")
        self._session, self._selection = session, selection
        self._entry: Any = None
        self._dirty = False
        self._stopped = False
        self._vocab_for: Any = None  # the entry whose vocabulary histogram was requested
        self._vocab_bins: list = []      # length histogram of the vocabulary (worker)
        self._weighted_bins: list = []   # ... weighted by corpus counts (worker)
        self.profile: Any = None
        self.bins, self.curve, self.merges = [], [], []
        self.zipf_points = _ZipfRows(None, None)
        self._graph_size: int | None = None  # merges of the index the curve replayed

        self.title = QLabel("", objectName="statsTitle")
        self.status = QLabel("", objectName="statsStatus")
        self.run_button = QPushButton(self.tr("Stop"), objectName="statsRunButton")
        self.run_button.setToolTip(self.tr("Stop encoding the corpus, or compute its figures"))
        self.run_button.hide()
        self.export_button = QPushButton(self.tr("Export…"), objectName="statsExportButton")
        self.export_button.setToolTip(self.tr("The shown plot as PNG, or its data as CSV"))
        self.weight_check = QCheckBox(self.tr(
            "count corpus occurrences"), objectName="lengthWeightCheck")
        self.weight_check.setToolTip(self.tr(
            "Off: each vocabulary token counts once. On: each token counts as often as it occurs "
            "in the corpus (or the text)"))
        self.title.setToolTip(self.tr("The tokenizer these figures describe"))
        self.status.setToolTip(self.tr("What the corpus figures were computed on"))
        self.histogram = _labelled(ClickableHistogram(), "lengthHistogram",
                                   self.tr("token length (characters)"), self.tr("tokens"))
        self.zipf_plot = _labelled(ClickablePointsPlot(symbol_size=5), "zipfPlot", self.tr("rank"),
                                   self.tr("count"))
        self.curve_plot = _labelled(ClickablePointsPlot(), "compressionPlot", self.tr(
            "vocabulary size"),
                                    self.tr("characters per token"))
        self.merge_plot = _labelled(ClickablePointsPlot(symbol_size=4), "mergeCountPlot",
                                    self.tr("merge rank"), self.tr("pair count"))
        self._plots = [self.histogram, self.zipf_plot, self.curve_plot, self.merge_plot]
        self.captions = [QLabel("") for _ in FIGURES]
        self.tabs = QTabWidget(objectName="statsView")
        pages = [(self.histogram, self.tr("Token lengths"), self.weight_check),
                 (self.zipf_plot, self.tr("Zipf"), None),
                 (self.curve_plot, self.tr("Chars/token vs vocabulary"), None),
                 (self.merge_plot, self.tr("Pair count per merge"), None)]
        for (plot, title, extra), caption in zip(pages, self.captions):
            page = QWidget()
            box = QVBoxLayout(page)
            box.setContentsMargins(2, 2, 2, 2)
            box.addWidget(plot, 1)
            row = QHBoxLayout()
            row.addWidget(caption, 1)
            if extra is not None:
                row.addWidget(extra)
            box.addLayout(row)
            self.tabs.addTab(page, title)
            plot.setMinimumHeight(100)  # room for the x-axis; the task view gives more
        tips = [self.tr(
            "How many vocabulary tokens (or corpus occurrences) have each surface length"),
                self.tr(
                    "Token counts on the corpus by rank, log-log: a straight line of slope about "
                    "−1 is Zipf's law"),
                self.tr("Characters per token when the tokenizer keeps only its first N merges"),
                self.tr("How often the pair merged at each rank occurred when it was merged "
                "(tokenizers trained here)")]
        for index, tip in enumerate(tips):
            self.tabs.setTabToolTip(index, tip)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.status)
        top.addWidget(self.run_button)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)

        # corpus figures and the vocabulary's histogram run in the window's pool processes
        # (app.compare_jobs): a thread here held this process's GIL for up to a second
        self.job = PoolFigureJob(self)
        self.job.returned.connect(self._on_job_returned)
        self.job.progress.connect(self._on_job_progress)
        self.job.failed.connect(self._on_job_failed)
        self.job.running_changed.connect(self._on_job_running)
        self.vocab_job = PoolFigureJob(self)
        self.vocab_job.returned.connect(self._on_vocab_job_returned)
        self.run_button.clicked.connect(self._on_run_clicked)
        self.histogram.bar_clicked.connect(self._on_bar_clicked)
        self.zipf_plot.point_clicked.connect(self._on_zipf_clicked)
        self.curve_plot.point_clicked.connect(self._on_curve_clicked)
        self.merge_plot.point_clicked.connect(self._on_merge_clicked)
        self.weight_check.toggled.connect(self._show_histogram)
        self.export_button.clicked.connect(self.export)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizer_changed(session.current)

    # -- inputs --------------------------------------------------------------------------------
    @property
    def _tokenizer(self) -> Any:
        return self._entry.tokenizer if self._entry is not None else None

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        self._entry = entry
        if out_of_sight(self):  # drawn when it comes into sight (catch_up)
            self._stale_drawing = True
            self._dirty = entry is not None
            return
        self._stale_drawing = False
        self.title.setText(self.tr("Statistics of {name}").format(name=entry.name)
                           if entry is not None else self.tr("No tokenizer"))
        self.profile, self.curve = None, []
        self.zipf_points, self._graph_size = _ZipfRows(None, None), None
        self._vocab_bins, self._weighted_bins = [], []
        self._vocab_for = None  # the bins just dropped are measured again when shown
        self.merges = merge_counts(entry.history) if entry is not None else []
        self.merge_plot.set_points([m.rank for m in self.merges], [m.count for m in self.merges])
        model = type(entry.tokenizer.model).__name__ if entry is not None else ""
        self.merge_plot.set_message("" if self.merges or entry is None
                                    else self.tr("{model}: no merges with pair counts").format(
                                        model=model))
        self.captions[3].setText(self.tr("{n} merges: the count of the pair merged at each rank "
                                         "(click a point: its merge)").format(
            n=f"{len(self.merges):,}") if self.merges
                                 else self.tr(
                                     "Pair counts are known only for tokenizers trained here: a "
                                     "tokenizer file stores its merges, not their counts."))
        self._show_histogram()
        self._show_corpus_figures()
        self._request_corpus_figures()

    @Slot(object)
    def _on_session_corpus_changed(self, _corpus: Any) -> None:
        self._request_corpus_figures()

    def _request_corpus_figures(self) -> None:
        # costly: computed when the pane is shown (a hidden dock tab costs nothing)
        self._dirty = self._entry is not None
        if self._dirty and not out_of_sight(self):
            self._start_job()

    def catch_up(self) -> None:
        """Draw and compute what changed while the pane was out of sight."""
        if getattr(self, "_stale_drawing", False):
            self._on_session_tokenizer_changed(self._entry)
        elif self._dirty and not out_of_sight(self):
            self._start_job()

    def _start_job(self) -> None:
        self._dirty = False
        self._stopped = False
        entry, corpus = self._entry, self._session.corpus
        spec = CorpusSpec.of(corpus.paths, corpus.options) if corpus is not None \
            and corpus.paths else None
        text = self._session.text if spec is None else ""
        self.status.setText(self.tr("computing corpus figures…"))
        self.job.start_job(stats_figures_job, carried(entry.tokenizer), entry.history, spec,
                           text, CURVE_CHARS, CURVE_POINTS, str(figures_folder()),
                           finish=lambda result: (entry, *result))

    @Slot(bool)
    def _on_job_running(self, running: bool) -> None:
        self.run_button.setText(self.tr("Stop") if running else self.tr("Compute"))
        self.run_button.setVisible(running or (self._stopped and self._entry is not None))

    @Slot()
    def _on_run_clicked(self) -> None:
        if self.job.is_running():
            self._stopped = True
            self.job.cancel()
            self.status.setText(self.tr("stopped: corpus figures not computed"))
        elif self._entry is not None:
            self._start_job()

    def _measure_vocabulary(self) -> None:
        entry = self._entry
        if entry is not None and entry is not self._vocab_for:
            self._vocab_for = entry
            self.vocab_job.start_job(vocab_histogram_job, carried(entry.tokenizer),
                                     finish=lambda bins: (entry, bins))

    @Slot(object)
    def _on_vocab_job_returned(self, result: tuple) -> None:
        entry, bins = result
        if entry is self._entry:
            self._vocab_bins = bins
            self._show_histogram()

    @Slot(object)
    def _on_job_returned(self, result: tuple) -> None:
        entry, profile, curve, weighted, ranked, graph_size = result
        if entry is not self._entry:
            return  # computed for a tokenizer that is no longer shown
        self.profile, self.curve = profile, curve
        self.zipf_points = _ZipfRows(ranked, entry.tokenizer)
        self._graph_size = graph_size
        self._weighted_bins = weighted
        if not self._vocab_bins:  # the same bins, each token counted once (a few dozen bins)
            self._vocab_bins = [replace(b, count=len(b.token_ids)) for b in weighted]
            self._vocab_for = entry
        where = self.tr("the corpus") if self._session.corpus is not None else self.tr("the text")
        self.status.setText((self.tr("on {where} (beginning): {n} tokens") if profile.truncated
                             else self.tr("on {where}: {n} tokens")).format(
            where=where, n=f"{profile.metrics.tokens:,}"))
        self._show_histogram()
        self._show_corpus_figures()

    @Slot(object)
    def _on_job_progress(self, event: Any) -> None:
        text = progress_text(event)
        if text:
            self.status.setText(self.tr("encoding the whole corpus… {progress}").format(
                progress=text))

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        self.status.setText(self.tr("corpus figures unavailable: {error}").format(
            error=in_words(message)))

    # -- drawing -------------------------------------------------------------------------------
    @Slot()
    def _show_histogram(self) -> None:
        tok = self._tokenizer
        weighted = self.weight_check.isChecked() and self.profile is not None
        if tok is None:
            self.bins = []
        elif weighted:
            self.bins = self._weighted_bins
        elif self._vocab_bins or tok.get_vocab_size() > WORKER_VOCAB:
            self.bins = self._vocab_bins  # a big vocabulary: measured in the worker
            if not self.bins:
                self._measure_vocabulary()
        else:
            self.bins = self._vocab_bins = length_histogram(tok)
        self.histogram.set_message("" if self.bins or tok is None else self.tr(
            "measuring the vocabulary…"))
        self.histogram.set_bars([b.length for b in self.bins], [b.count for b in self.bins])
        self.histogram.setLabel("left", self.tr(
            "occurrences") if weighted else self.tr(
            "vocabulary tokens"))
        self.captions[0].setText(self.tr("surface length: Ġ ▁ ## </w> removed, bytes decoded "
                                 "(click a bar: its tokens)"))
        self._on_selection_changed(self._selection.current)

    def _show_corpus_figures(self) -> None:
        tok = self._tokenizer
        self.zipf_plot.set_points(self.zipf_points.ranks, self.zipf_points.counts,  # numpy
                                  log_x=True, log_y=True)
        slope = self.zipf_points.slope
        self.captions[1].setText(self.tr("{n} distinct tokens; log-log slope {slope} (Zipf: "
                                         "about −1)").format(n=f"{len(self.zipf_points):,}",
                                                            slope=f"{slope:.2f}")
                                 if slope is not None
                                 else self.tr("no counts yet"))
        self.curve_plot.set_points([p.vocab_size for p in self.curve],
                                   [p.chars_per_token for p in self.curve])
        no_merges = tok is not None and self._graph_size == 0
        self.curve_plot.set_message(self.tr("{model}: no merges to replay, so no curve").format(
            model=type(tok.model).__name__) if no_merges else "")
        self.captions[2].setText(self.tr(
            "the tokenizer truncated to N merges, on a sample (click a point: the tokens added "
            "there)") if self.curve
                                 else self.tr("this model has no merges to replay") if no_merges
                                 else self.tr("not computed yet") if tok is not None else "")
        self._on_selection_changed(self._selection.current)

    # -- selection -----------------------------------------------------------------------------
    def _select(self, ids: frozenset[int], merge_rank: int | None = None) -> None:
        self._selection.set(Selection(token_ids=frozenset(ids), merge_rank=merge_rank,
                                      origin="stats"))

    @Slot(int)
    def _on_bar_clicked(self, index: int) -> None:
        self._select(self.bins[index].token_ids)

    @Slot(int)
    def _on_zipf_clicked(self, index: int) -> None:
        self._select(frozenset({self.zipf_points[index].token_id}))

    @Slot(int)
    def _on_curve_clicked(self, index: int) -> None:
        self._select(self.curve[index].new_token_ids)

    @Slot(int)
    def _on_merge_clicked(self, index: int) -> None:
        # as the merge history does: the merge, and every token whose construction used it
        rank = self.merges[index].rank
        using = self._entry.merge_graph().tokens_using(rank)
        self._select(ids_of_tokens(self._tokenizer, using), rank)

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        ids, rank = selection.token_ids, selection.merge_rank
        self.histogram.set_highlight(i for i, b in enumerate(self.bins) if ids & b.token_ids)
        self.zipf_plot.set_highlight(self.zipf_points.indices_of(ids))
        self.curve_plot.set_highlight(i for i, p in enumerate(self.curve) if ids & p.new_token_ids)
        self.merge_plot.set_highlight(i for i, m in enumerate(self.merges)
                                      if m.rank == rank or (rank is None and m.token_id in ids))

    # -- export --------------------------------------------------------------------------------
    def table_csv(self) -> tuple[list[str], list[list[Any]]]:
        """Header and rows of the figure on the current tab."""
        kind = FIGURES[self.tabs.currentIndex()]
        items = {"lengths": self.bins, "zipf": self.zipf_points, "curve": self.curve,
                 "merges": self.merges}[kind]
        return figure_table(kind, items, self._tokenizer)

    @Slot()
    def export(self) -> str | None:
        header, rows = self.table_csv()
        kind = FIGURES[self.tabs.currentIndex()]
        self._plots[self.tabs.currentIndex()].plot_widget()  # drawn before it is grabbed
        return export_dialog(self, self.tabs.tabText(self.tabs.currentIndex()), f"{kind}.png",
                             self.tabs.currentWidget(), header, rows)

    def shutdown(self) -> None:
        self.job.stop()
        self.vocab_job.stop()
