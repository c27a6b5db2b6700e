"""LanguagesPane: what each language of a parallel corpus costs, per tokenizer (issue 24).

A parallel corpus (the bundled sample, or a folder / TSV / CSV / JSONL the user opens,
:mod:`subword_core.corpus.parallel`) is measured with every session tokenizer
(:mod:`subword_core.analysis.languages`), in the window's pool processes
(:mod:`app.language_jobs`), while the pane is in sight. Four tabs:

1. **Per language**: bars of one figure (premium, tokens, characters per token...) per
   language, a bar per tokenizer, and the table of every number;
2. **Lorenz curve** of the per-language token counts, one curve per tokenizer, its Gini in
   the legend;
3. **One sentence** in every language, each a Compare token-row block
   (:class:`~app.widgets.compare_view.CompareView`, one row per tokenizer);
4. **Merges** of the current tokenizer (a BPE): premium per language and Gini against the
   vocabulary size, from one replay of its merges
   (:mod:`subword_core.analysis.merge_attribution`), and the merges that saved tokens with
   what each language gained. Clicking a point or a row selects that merge, which the
   merge history shows; a merge picked there is marked on the plots.

Export writes every number as CSV (the merges tab: the attributed merges).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox, QDoubleSpinBox, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QPushButton, QScrollArea, QSizePolicy, QSpinBox, QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget,
)

from subword_core.analysis import ids_of_tokens, is_byte_level, visible_token
from subword_core.analysis.languages import TABLE_HEADER, figures_table

from .. import style
from ..analysis_jobs import tokenizer_ref
from ..item_models import Column, RecordTableModel
from ..jobs import PoolJob
from ..lazy_panes import build_in_steps
from ..language_jobs import CorpusSource, attribution_job, languages_job, sentence_job
from ..pane_support import SightAwarePane, in_words, out_of_sight, progress_text
from ..plots.late_plot import LatePlot
from ..selection import Selection, SelectionModel
from ..session import Session
from ..turn_steps import TurnSteps
from ..widgets.busy_indicator import BusyIndicator
from ..widgets.column_fit import fit_columns
from ..widgets.compare_view import CompareView
from ..widgets.export import export_dialog

#: Tokenizers measured at most (the first of the session's).
MAX_TOKENIZERS = 6
#: The figures the bars can show: (key, label, value of a LanguageRow).
METRICS: tuple[tuple[str, str, Any], ...] = (
    ("premium", QT_TRANSLATE_NOOP("LanguagesPane", "premium (tokens ÷ pivot's)"),
     lambda r: r.premium),
    ("tokens", QT_TRANSLATE_NOOP("LanguagesPane", "tokens"), lambda r: r.tokens),
    ("chars_per_token", QT_TRANSLATE_NOOP("LanguagesPane", "characters per token"),
     lambda r: r.chars_per_token),
    ("bytes_per_token", QT_TRANSLATE_NOOP("LanguagesPane", "bytes per token"),
     lambda r: r.bytes_per_token),
    ("tokens_per_word", QT_TRANSLATE_NOOP("LanguagesPane", "tokens per word"),
     lambda r: r.tokens_per_word),
    ("vocab_used", QT_TRANSLATE_NOOP("LanguagesPane", "vocabulary used (%)"),
     lambda r: 100 * r.vocab_used),
    ("renyi", QT_TRANSLATE_NOOP("LanguagesPane", "Rényi efficiency"),
     lambda r: r.renyi_efficiency),
    ("unknown", QT_TRANSLATE_NOOP("LanguagesPane", "unknown or byte-fallback (%)"),
     lambda r: 100 * r.unknown_rate),
)


def _number(value: Any, digits: int = 2) -> Any:
    return None if value is None else round(value, digits)


def _figure_columns() -> list[Column]:
    def col(title: str, value: Any, tip: str, right: bool = True) -> Column:
        return Column(title, value, align_right=right, header_tip=tip)

    return [
        col(QT_TRANSLATE_NOOP("Columns", "tokenizer"), lambda rec: rec[0],
            QT_TRANSLATE_NOOP("Columns", "The tokenizer measured"), right=False),
        col(QT_TRANSLATE_NOOP("Columns", "language"), lambda rec: rec[1].language,
            QT_TRANSLATE_NOOP("Columns", "The language code (the file or column name)"),
            right=False),
        col(QT_TRANSLATE_NOOP("Columns", "tokens"), lambda rec: rec[1].tokens,
            QT_TRANSLATE_NOOP("Columns", "Tokens of all the language's sentences")),
        col(QT_TRANSLATE_NOOP("Columns", "premium"), lambda rec: _number(rec[1].premium),
            QT_TRANSLATE_NOOP("Columns", "Tokens divided by the pivot language's tokens for "
                                         "the same sentences (Petrov et al. 2023)")),
        col(QT_TRANSLATE_NOOP("Columns", "bytes/token"), lambda rec: _number(
            rec[1].bytes_per_token), QT_TRANSLATE_NOOP("Columns", "UTF-8 bytes per token")),
        col(QT_TRANSLATE_NOOP("Columns", "chars/token"), lambda rec: _number(
            rec[1].chars_per_token), QT_TRANSLATE_NOOP("Columns", "Characters per token")),
        col(QT_TRANSLATE_NOOP("Columns", "tokens/word"), lambda rec: _number(
            rec[1].tokens_per_word), QT_TRANSLATE_NOOP(
                "Columns", "Tokens per whitespace-delimited word (high for languages "
                           "written without spaces)")),
        col(QT_TRANSLATE_NOOP("Columns", "vocab used %"), lambda rec: _number(
            100 * rec[1].vocab_used, 3), QT_TRANSLATE_NOOP(
                "Columns", "Share of the vocabulary the language's text uses")),
        col(QT_TRANSLATE_NOOP("Columns", "Rényi"), lambda rec: _number(
            rec[1].renyi_efficiency, 4), QT_TRANSLATE_NOOP(
                "Columns", "Rényi efficiency of the token distribution (as tokenization-scorer "
                           "computes it)")),
        col(QT_TRANSLATE_NOOP("Columns", "unknown %"), lambda rec: _number(
            100 * rec[1].unknown_rate), QT_TRANSLATE_NOOP(
                "Columns", "Unknown and byte-fallback tokens per 100 tokens")),
    ]


def _merge_columns(languages: tuple[str, ...], show: Any) -> list[Column]:
    columns = [
        Column(QT_TRANSLATE_NOOP("Columns", "rank"), lambda r: r[0], natural=True,
               align_right=True, header_tip=QT_TRANSLATE_NOOP("Columns", "The merge's rank")),
        Column(QT_TRANSLATE_NOOP("Columns", "token"), lambda r: show(r[1]),
               header_tip=QT_TRANSLATE_NOOP("Columns", "The token the merge builds")),
        Column(QT_TRANSLATE_NOOP("Columns", "saved"), lambda r: sum(r[2]), align_right=True,
               header_tip=QT_TRANSLATE_NOOP("Columns", "Tokens the merge saved, all languages")),
        Column(QT_TRANSLATE_NOOP("Columns", "most for"), lambda r: _top(languages, r[2]),
               header_tip=QT_TRANSLATE_NOOP("Columns", "The language it shortened most")),
    ]
    for j, lang in enumerate(languages):
        columns.append(Column(lang, lambda r, j=j: r[2][j], align_right=True, translated=False))
    return columns


def _line_color(index: int, count: int) -> Any:
    """Distinct, saturated line colours (the token palette is for pale backgrounds)."""
    return pg.intColor(index, hues=max(count, 3), values=1, maxValue=210, minValue=210)


def _legend_background() -> Any:
    """A legend box that hides the curves behind it (half opaque, as the theme's base)."""
    color = QColor(40, 40, 40, 210) if style.is_dark() else QColor(255, 255, 255, 210)
    return color


def _late_plot(name: str) -> LatePlot:
    plot = LatePlot()
    plot.setObjectName(name)
    return plot


def _top(languages: tuple[str, ...], saved: tuple[int, ...]) -> str:
    best = max(range(len(saved)), key=saved.__getitem__)
    return languages[best] if saved[best] else ""


class LanguagesPane(SightAwarePane):
    """Corpus and options on top; bars + table, Lorenz curve, one sentence, merges below."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("languagesPane")
        self._session, self._selection = session, selection
        self.source = CorpusSource()
        self.corpus: Any = None
        self.figures: dict[str, Any] = {}
        self.attribution: Any = None
        self._attribution_for: str | None = None
        self._dirty = True
        self._merges_dirty = True
        self._sentence_dirty = True
        build_in_steps(self, self._build_steps())

    def _build_steps(self) -> Iterator[None]:
        """The controls, the first three tabs, then the merges tab, the layout and the
        wiring: an event-loop turn each when the window builds the pane
        (``lazy_panes.build_in_steps``; the whole pane in one turn was 20-28 ms)."""
        # 1. corpus and options
        self.corpus_label = QLabel("", objectName="languagesCorpus")
        self.sample_button = QPushButton(self.tr("Bundled sample"), objectName="languagesSample")
        self.sample_button.setToolTip(self.tr(
            "300 sentences in 14 languages and 9 scripts, written for this project"))
        self.folder_button = QPushButton(self.tr("Open folder…"), objectName="languagesFolder")
        self.folder_button.setToolTip(self.tr(
            "A folder of one file per language, named by its code (FLORES-200: eng_Latn.dev)"))
        self.file_button = QPushButton(self.tr("Open file…"), objectName="languagesFile")
        self.file_button.setToolTip(self.tr(
            "A TSV or CSV with one column per language, or JSONL with a language field"))
        self.pivot = QComboBox(objectName="languagesPivot")
        self.pivot.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.pivot.setToolTip(self.tr("Premiums are tokens divided by this language's tokens"))
        self.metric_combo = QComboBox(objectName="languagesMetric")
        for key, label, _ in METRICS:
            self.metric_combo.addItem(QCoreApplication.translate("LanguagesPane", label), key)
        self.metric_combo.setToolTip(self.tr("The figure the bars show"))
        self.alpha = QDoubleSpinBox(objectName="languagesAlpha", decimals=2, minimum=0.0,
                                    maximum=10.0, singleStep=0.5, value=2.5)
        self.alpha.setPrefix("α ")
        self.alpha.setToolTip(self.tr("Rényi efficiency's α (2.5: Zouhar et al.'s choice)"))
        self.denominator = QComboBox(objectName="languagesDenominator")
        self.denominator.addItem(self.tr("observed types"), "observed")
        self.denominator.addItem(self.tr("vocabulary size"), "vocab")
        self.denominator.setToolTip(self.tr(
            "Rényi efficiency divides by log₂ of this: the distinct tokens seen, or the "
            "whole vocabulary"))
        self.export_button = QPushButton(self.tr("Export…"), objectName="languagesExport")
        self.export_button.setToolTip(self.tr("Every number as CSV (or the shown plot as PNG)"))
        # a dot stepping four times a second: an indeterminate progress bar repainted 60
        # times a second while the pool measured (issue 20)
        self.busy = BusyIndicator(object_name="languagesBusy")
        self.busy.setToolTip(self.tr("Measuring…"))
        self.busy.hide()
        # no word wrap: a wrapping label gives the pane a height-for-width, and the dock's
        # scroll area then makes it as tall as it would like (the plots ran off the dock)
        self.status = QLabel("", objectName="languagesStatus")
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        yield
        # 2. the tabs
        self.tabs = QTabWidget(objectName="languagesTabs")
        # each figure is drawn a series at a time, ~10 ms of the GUI thread per turn: the
        # Lorenz curves of six tokenizers drawn at once were 45 ms, the figures' table, bars
        # and curves in the turn they came back 50-120 ms (issue 20's heavy session)
        self._drawing = {key: TurnSteps(self) for key in ("bars", "lorenz", "premium", "gini")}
        # the four plots are LatePlots: made when their tab is first seen, one per turn (four
        # PlotWidgets made with the pane were a 0.3-0.7 s stall at the view switch, issue 20);
        # each is drawn when made and whenever its data change once made
        self.bars = _late_plot("languagesBars")
        self.bars.showGrid(y=True, alpha=0.25)
        self.bars_legend: Any = None
        self.bars.made.connect(self._on_bars_made)
        self.table_model = RecordTableModel(_figure_columns(), self)
        self.table = QTableView(objectName="languagesTable")
        self.table.setModel(self.table_model)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        figures_tab = QSplitter(Qt.Orientation.Vertical, objectName="languagesFiguresSplit")
        figures_tab.addWidget(self.bars)
        figures_tab.addWidget(self.table)
        figures_tab.setSizes([300, 200])
        self.tabs.addTab(figures_tab, self.tr("Per language"))

        self.lorenz = _late_plot("languagesLorenz")
        self.lorenz.showGrid(x=True, y=True, alpha=0.25)
        self.lorenz.setLabel("bottom", self.tr("share of languages (fewest tokens first)"))
        self.lorenz.setLabel("left", self.tr("share of tokens"))
        self.lorenz_legend: Any = None
        self.lorenz.made.connect(self._on_lorenz_made)
        self.tabs.addTab(self.lorenz, self.tr("Lorenz curve"))

        sentence_tab = QWidget()
        self.sentence_index = QSpinBox(objectName="languagesSentence", minimum=1, maximum=1)
        self.sentence_index.setPrefix(self.tr("sentence "))
        self.sentence_index.setToolTip(self.tr("Which sentence of the corpus to show"))
        self.sentence_rows = QWidget(objectName="languagesSentenceRows")
        self._rows_layout = QVBoxLayout(self.sentence_rows)
        self._rows_layout.setContentsMargins(0, 0, 0, 0)
        self._rows_layout.addStretch(1)
        self.sentence_views: list[tuple[QLabel, CompareView]] = []
        # the rows of a returned sentence still to fill: (row, (language, alignment))
        self._rows_todo: list[tuple[int, tuple[str, Any]]] = []
        self._rows_byte_level: Any = []
        self._rows_timer = QTimer(self, singleShot=True, interval=0)
        self._rows_timer.timeout.connect(self._fill_next_row)
        scroll = QScrollArea(objectName="languagesSentenceScroll", widgetResizable=True)
        scroll.setWidget(self.sentence_rows)
        box = QVBoxLayout(sentence_tab)
        top = QHBoxLayout()
        top.addWidget(self.sentence_index)
        top.addStretch(1)
        box.addLayout(top)
        box.addWidget(scroll, 1)
        self.tabs.addTab(sentence_tab, self.tr("One sentence"))
        yield

        merges_tab = QSplitter(Qt.Orientation.Vertical, objectName="languagesMergesSplit")
        self.premium_plot = _late_plot("languagesPremiumCurve")
        self.premium_plot.showGrid(x=True, y=True, alpha=0.25)
        self.premium_plot.setLabel("bottom", self.tr("vocabulary size"))
        self.premium_plot.setLabel("left", self.tr("premium"))
        self.premium_legend: Any = None
        self.gini_plot = _late_plot("languagesGiniCurve")
        self.gini_plot.showGrid(x=True, y=True, alpha=0.25)
        self.gini_plot.setLabel("bottom", self.tr("vocabulary size"))
        self.gini_plot.setLabel("left", self.tr("Gini"))
        self._step_lines = [pg.InfiniteLine(angle=90, pen=pg.mkPen(style.highlight_color(),
                                                                     width=2))
                            for _ in range(2)]
        for line in self._step_lines:
            line.hide()
        self.premium_plot.made.connect(self._on_premium_made)
        self.gini_plot.made.connect(self._on_gini_made)
        self.merges_model = RecordTableModel(_merge_columns((), str), self)
        self.merges_table = QTableView(objectName="languagesMergesTable")
        self.merges_table.setModel(self.merges_model)
        self.merges_table.setSortingEnabled(True)
        self.merges_table.verticalHeader().setVisible(False)
        self.merges_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.merges_status = QLabel("", objectName="languagesMergesStatus")
        self.merges_status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        plots = QWidget()
        plots_box = QVBoxLayout(plots)
        plots_box.setContentsMargins(0, 0, 0, 0)
        plots_box.addWidget(self.merges_status)
        plots_box.addWidget(self.premium_plot, 3)
        plots_box.addWidget(self.gini_plot, 2)
        merges_tab.addWidget(plots)
        merges_tab.addWidget(self.merges_table)
        merges_tab.setSizes([360, 180])
        self.tabs.addTab(merges_tab, self.tr("Merges"))
        #: the plots of each tab (made before the tab is exported as PNG)
        self._tab_plots = [[self.bars], [self.lorenz], [], [self.premium_plot, self.gini_plot]]
        self.tabs.setTabToolTip(3, self.tr(
            "The current tokenizer's merges (a BPE): which languages each one shortened, and "
            "premium and Gini after every merge, from one replay"))
        self._layout()

        # 3. jobs and wiring
        session, selection = self._session, self._selection
        self.job = PoolJob(self)
        self.job.returned.connect(self._on_figures_returned)
        self.job.failed.connect(self._on_job_failed)
        self.job.progress.connect(self._on_progress)
        self.merge_job = PoolJob(self)
        self.merge_job.returned.connect(self._on_attribution_returned)
        self.merge_job.failed.connect(self._on_merge_job_failed)
        self.sentence_job = PoolJob(self)
        self.sentence_job.returned.connect(self._on_sentence_returned)
        self.sentence_job.failed.connect(self._on_sentence_failed)
        for job in (self.job, self.merge_job):
            job.running_changed.connect(self._on_running_changed)
        self.sample_button.clicked.connect(lambda: self.open_corpus(""))
        self.folder_button.clicked.connect(self._ask_folder)
        self.file_button.clicked.connect(self._ask_file)
        self.pivot.currentIndexChanged.connect(self._on_options_changed)
        self.alpha.valueChanged.connect(self._on_options_changed)
        self.denominator.currentIndexChanged.connect(self._on_options_changed)
        self.metric_combo.currentIndexChanged.connect(self._draw_bars)
        self.sentence_index.valueChanged.connect(self._on_sentence_changed)
        self.export_button.clicked.connect(self.export)
        self.merges_table.clicked.connect(self._on_merge_row_clicked)
        session.tokenizers_changed.connect(self._on_tokenizers_changed)
        session.tokenizer_changed.connect(self._on_current_changed)
        selection.changed.connect(self._on_selection_changed)
        self._show_corpus_name()

    def _layout(self) -> None:
        row1 = QHBoxLayout()
        row1.addWidget(QLabel(self.tr("Parallel corpus:")))
        row1.addWidget(self.corpus_label, 1)
        for w in (self.sample_button, self.folder_button, self.file_button):
            row1.addWidget(w)
        row2 = QHBoxLayout()
        row2.addWidget(QLabel(self.tr("Pivot")))
        row2.addWidget(self.pivot)
        row2.addWidget(QLabel(self.tr("Bars")))
        row2.addWidget(self.metric_combo)
        row2.addWidget(QLabel(self.tr("Rényi")))
        row2.addWidget(self.alpha)
        row2.addWidget(self.denominator)
        row2.addStretch(1)
        row2.addWidget(self.busy)
        row2.addWidget(self.export_button)
        box = QVBoxLayout(self)
        box.addLayout(row1)
        box.addLayout(row2)
        box.addWidget(self.status)
        box.addWidget(self.tabs, 1)

    # -- what is measured --------------------------------------------------------------------
    def entries(self) -> list[Any]:
        """The session tokenizers measured (the first :data:`MAX_TOKENIZERS`)."""
        return list(self._session.entries)[:MAX_TOKENIZERS]

    def open_corpus(self, path: str) -> None:
        """Measure the parallel corpus at ``path`` ("" for the bundled sample)."""
        self.source = CorpusSource(str(path))
        self._show_corpus_name()
        self._invalidate(all_of_it=True)

    def _show_corpus_name(self) -> None:
        from pathlib import Path

        name = Path(self.source.path).name if self.source.path else self.tr("bundled sample")
        self.corpus_label.setText(name)
        self.corpus_label.setToolTip(self.source.path)

    @Slot()
    def _ask_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Open a parallel corpus folder"))
        if path:
            self.open_corpus(path)

    @Slot()
    def _ask_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a parallel corpus file"), "",
            self.tr("Parallel corpora (*.tsv *.csv *.jsonl *.gz *.bz2 *.xz);;All files (*)"))
        if path:
            self.open_corpus(path)

    def _invalidate(self, all_of_it: bool = False) -> None:
        self._dirty = True
        if all_of_it:
            self._merges_dirty = True
        self.catch_up_soon()

    def catch_up_soon(self) -> None:
        if not out_of_sight(self):
            self.catch_up()

    @Slot()
    def _on_tokenizers_changed(self) -> None:
        self._invalidate()

    @Slot(object)
    def _on_current_changed(self, _entry: Any) -> None:
        self._merges_dirty = True
        self.catch_up_soon()

    @Slot()
    def _on_options_changed(self, *_: Any) -> None:
        self._invalidate(all_of_it=self.sender() is self.pivot)

    def catch_up(self) -> None:
        """Measure what changed while the pane was out of sight."""
        if out_of_sight(self):
            return
        if self._dirty:
            self._measure()
        if self._merges_dirty and self.corpus is not None:
            self._attribute()

    # -- computing ---------------------------------------------------------------------------
    def _refs(self) -> list[tuple[str, Any]]:
        return [(e.name, tokenizer_ref(e)) for e in self.entries()]

    def _measure(self) -> None:
        self._dirty = False
        entries = self.entries()
        if not entries:
            self.figures = {}
            self._show_figures()
            self._set_status(self.status, self.tr("Train or open a tokenizer first."))
            return
        pivot = self.pivot.currentText() or "eng_Latn"
        self._set_status(self.status, self.tr("Measuring {n} tokenizers…").format(n=len(entries)))
        self.job.start_job(languages_job, (self._refs(), self.source, pivot, self.alpha.value(),
                                           self.denominator.currentData()))

    def _attribute(self) -> None:
        self._merges_dirty = False
        entry = self._session.current
        self.attribution = None
        self._draw_merges()
        if entry is None or type(getattr(entry.tokenizer, "model", None)).__name__ != "BPE":
            self._set_status(self.merges_status, self.tr(
                "The merges of a BPE tokenizer are attributed to languages: make a BPE "
                "tokenizer current."))
            return
        self._attribution_for = entry.name
        self._set_status(self.merges_status, self.tr("Replaying the merges of {name}…").format(
            name=entry.name))
        self.merge_job.start_job(attribution_job, (tokenizer_ref(entry), self.source,
                                                   self.pivot.currentText() or "eng_Latn"))

    def _set_status(self, label: QLabel, text: str) -> None:
        label.setText(text)
        label.setToolTip(text)  # cut when the dock is narrow

    @Slot(object)
    def _on_progress(self, event: Any) -> None:
        text = progress_text(event)
        if text:
            self._set_status(self.status, self.tr("Measuring… {progress}").format(progress=text))

    @Slot(bool)
    def _on_running_changed(self, _running: bool) -> None:
        self.busy.setVisible(self.job.is_running() or self.merge_job.is_running())

    @Slot(object)
    def _on_figures_returned(self, result: tuple) -> None:
        corpus, figures = result
        new_corpus = self.corpus is None or corpus.languages != self.corpus.languages \
            or len(corpus) != len(self.corpus) or corpus.sentences != self.corpus.sentences
        self.corpus, self.figures = corpus, figures
        self._fill_pivots()
        self.sentence_index.setMaximum(max(1, len(corpus)))
        self._show_figures()
        fig = next(iter(figures.values()), None)
        pivot = fig.pivot if fig is not None else None
        self._set_status(self.status, self.tr("{languages} languages × {sentences} sentences; pivot "
                                    "{pivot}").format(languages=len(corpus.languages),
                                                      sentences=f"{len(corpus):,}",
                                                      pivot=pivot or "-"))
        if new_corpus or self._sentence_dirty:
            self._request_sentence()
        if self._merges_dirty:
            self._attribute()

    @Slot(str)
    def _on_job_failed(self, message: str) -> None:
        # the figures shown were another corpus's: they go, the reason stays
        self.corpus, self.figures, self.attribution = None, {}, None
        self._show_figures()
        self._draw_merges()
        self._on_sentence_returned(({}, []))
        self._set_status(self.status, f"<span style='color:#c62828'>{in_words(message)}</span>")

    @Slot(str)
    def _on_sentence_failed(self, message: str) -> None:
        self._set_status(self.status, f"<span style='color:#c62828'>{in_words(message)}</span>")

    @Slot(str)
    def _on_merge_job_failed(self, message: str) -> None:
        self._set_status(self.merges_status, f"<span style='color:#c62828'>{in_words(message)}</span>")

    def _fill_pivots(self) -> None:
        wanted = self.pivot.currentText()
        fig = next(iter(self.figures.values()), None)
        chosen = fig.pivot if fig is not None and fig.pivot else wanted
        languages = list(self.corpus.languages)
        if [self.pivot.itemText(i) for i in range(self.pivot.count())] != languages:
            self.pivot.blockSignals(True)
            self.pivot.clear()
            self.pivot.addItems(languages)
            self.pivot.blockSignals(False)
        if chosen in languages and self.pivot.currentText() != chosen:
            self.pivot.blockSignals(True)
            self.pivot.setCurrentText(chosen)
            self.pivot.blockSignals(False)

    # -- figures -----------------------------------------------------------------------------
    def _show_figures(self) -> None:
        records = [(name, row) for name, fig in self.figures.items() for row in fig.rows]
        self.table_model.set_records(records)
        # widths from a sample (the first rows and one per tokenizer, whose names differ):
        # every row's size hints were 26 ms of the turn the figures came back in
        firsts, at = [], 0
        for fig in self.figures.values():
            firsts.append(at)
            at += len(fig.rows)
        fit_columns(self.table, extra_rows=firsts)
        self._draw_bars()
        self._draw_lorenz()

    def finish_drawing(self) -> None:
        """Draw now what the plots still draw a series per turn (export, tests)."""
        for steps in self._drawing.values():
            steps.finish()

    def bar_values(self) -> dict[str, list[float]]:
        """Per tokenizer: the bars' heights, one per language (NaN: undefined)."""
        key = self.metric_combo.currentData()
        value = next(v for k, _, v in METRICS if k == key)
        out = {}
        for name, fig in self.figures.items():
            heights = [value(r) for r in fig.rows]
            out[name] = [math.nan if h is None else float(h) for h in heights]
        return out

    @Slot()
    def _on_bars_made(self) -> None:
        self.bars_legend = self.bars.plot_widget().addLegend(offset=(-10, 10))
        self._draw_bars()

    @Slot()
    def _draw_bars(self, *_: Any) -> None:
        if self.bars.is_made():  # else drawn when made
            self._drawing["bars"].start(self._bar_steps())

    def _bar_steps(self) -> Any:
        bars = self.bars.plot_widget()
        bars.clear()
        self.bars_legend.clear()
        values = self.bar_values()
        if not values or self.corpus is None:
            return
        languages = list(self.corpus.languages)
        width = 0.8 / len(values)
        for k, (name, heights) in enumerate(values.items()):
            yield
            xs = [i - 0.4 + width * (k + 0.5) for i in range(len(languages))]
            shown = [(x, h) for x, h in zip(xs, heights) if not math.isnan(h)]
            color = _line_color(k, len(values))
            fill = QColor(color)
            fill.setAlpha(150)
            bars.addItem(pg.BarGraphItem(x=[x for x, _ in shown], height=[h for _, h in shown],
                                         width=width * 0.95, brush=fill, pen=pg.mkPen(color),
                                         name=name))
        if self.metric_combo.currentData() == "premium":
            bars.addItem(pg.InfiniteLine(pos=1.0, angle=0, pen=pg.mkPen(
                style.plot_pen_color(), style=Qt.PenStyle.DashLine)))
        # FLORES codes on two lines (language, script): side by side they ran into each other
        bars.getAxis("bottom").setTicks([[(i, lang.replace("_", "\n", 1))
                                          for i, lang in enumerate(languages)]])
        lines = 2 if any("_" in lang for lang in languages) else 1
        bars.getAxis("bottom").setHeight(12 + 16 * lines)
        bars.setLabel("left", self.metric_combo.currentText())

    @Slot()
    def _on_lorenz_made(self) -> None:
        self.lorenz_legend = self.lorenz.plot_widget().addLegend(offset=(10, 10))
        self._draw_lorenz()

    def _draw_lorenz(self) -> None:
        if self.lorenz.is_made():  # else drawn when made
            self._drawing["lorenz"].start(self._lorenz_steps())

    def _lorenz_steps(self) -> Any:
        lorenz = self.lorenz.plot_widget()
        lorenz.clear()
        self.lorenz_legend.clear()
        figures = self.figures
        if not figures:
            return
        lorenz.plot([0, 1], [0, 1], pen=pg.mkPen(style.plot_pen_color(),
                                                 style=Qt.PenStyle.DashLine))
        for k, (name, fig) in enumerate(figures.items()):
            yield
            color = _line_color(k, len(figures))
            xs, ys = zip(*fig.lorenz)
            lorenz.plot(list(xs), list(ys), pen=pg.mkPen(color, width=2),
                        symbol="o", symbolSize=5, symbolBrush=color,
                        name=self.tr("{name} (Gini {gini})").format(
                            name=name, gini=f"{fig.gini:.3f}"))

    # -- one sentence --------------------------------------------------------------------------
    @Slot(int)
    def _on_sentence_changed(self, _value: int) -> None:
        self._sentence_dirty = True
        self._request_sentence()

    def _request_sentence(self) -> None:
        if self.corpus is None or not self.entries():
            return
        self._sentence_dirty = False
        index = min(self.sentence_index.value(), len(self.corpus)) - 1
        sentences = self.corpus.sentence(index)
        self.sentence_job.start_job(sentence_job, (self._refs(), sentences))

    @Slot(object)
    def _on_sentence_returned(self, result: tuple) -> None:
        alignments, byte_level = result
        while len(self.sentence_views) > len(alignments):
            label, view = self.sentence_views.pop()
            label.deleteLater()
            view.deleteLater()
        # a row per turn: fourteen token-row views made and laid out in the turn the result
        # came back were a 0.1-0.3 s stall, in whatever view was shown then (issue 20)
        self._rows_todo = list(enumerate(alignments.items()))
        self._rows_byte_level = byte_level
        self._fill_next_row()

    @Slot()
    def _fill_next_row(self) -> None:
        if not self._rows_todo:
            return
        row, (lang, alignment) = self._rows_todo.pop(0)
        if row == len(self.sentence_views):
            label, view = QLabel(), CompareView()
            label.setObjectName("languagesSentenceLabel")
            at = self._rows_layout.count() - 1  # before the stretch
            self._rows_layout.insertWidget(at, label)
            self._rows_layout.insertWidget(at + 1, view)
            self.sentence_views.append((label, view))
        label, view = self.sentence_views[row]
        counts = ", ".join(f"{r.name} {len(r.encoding)}" for r in alignment.rows)
        label.setText(f"<b>{lang}</b> — {counts}")
        view.set_alignment(alignment, [r.name for r in alignment.rows], self._rows_byte_level)
        if self._rows_todo:
            self._rows_timer.start()  # the next row in the next turn

    # -- merges --------------------------------------------------------------------------------
    @Slot(object)
    def _on_attribution_returned(self, summary: Any) -> None:
        self.attribution = summary
        if summary is None:
            self._set_status(self.merges_status, self.tr("This tokenizer has no merges to attribute."))
        else:
            note = "" if summary.exact else self.tr(
                " (the replay differs slightly from the model's own encoding)")
            self._set_status(self.merges_status, self.tr(
                "{name}: {n} merges, {used} of them shortened this corpus; premium against "
                "{pivot}. Click a point or a row to select the merge.{note}").format(
                    name=self._attribution_for, n=f"{summary.n_merges:,}",
                    used=f"{len(summary.rows):,}", pivot=summary.pivot or "-", note=note))
        self._draw_merges()

    @Slot()
    def _on_premium_made(self) -> None:
        self.premium_legend = self.premium_plot.plot_widget().addLegend(
            offset=(-10, 10), colCount=2, brush=pg.mkBrush(_legend_background()))
        self._link_merge_plots()
        self._draw_premium()

    @Slot()
    def _on_gini_made(self) -> None:
        self.gini_plot.getAxis("left").enableAutoSIPrefix(False)  # not "Gini (x0.001)"
        self._link_merge_plots()
        self._draw_gini()

    def _link_merge_plots(self) -> None:
        if self.premium_plot.is_made() and self.gini_plot.is_made():
            self.gini_plot.plot_widget().setXLink(self.premium_plot.plot_widget())

    def _draw_premium(self) -> None:
        if self.premium_plot.is_made():  # else drawn when made
            self._drawing["premium"].start(self._premium_steps())

    def _premium_steps(self) -> Any:
        plot = self.premium_plot.plot_widget()
        plot.clear()
        self.premium_legend.clear()
        plot.addItem(self._step_lines[0])
        summary = self.attribution
        if summary is None or not summary.points or summary.points[0].premium is None:
            return
        xs = [p.vocab_size for p in summary.points]
        for j, lang in enumerate(summary.languages):
            yield
            color = _line_color(j, len(summary.languages))
            item = plot.plot(xs, [p.premium[j] for p in summary.points],
                             pen=pg.mkPen(color, width=1.5), name=lang,
                             symbol="o", symbolSize=3, symbolBrush=color, symbolPen=None)
            item.sigPointsClicked.connect(self._on_curve_clicked)

    def _draw_gini(self) -> None:
        if self.gini_plot.is_made():  # else drawn when made
            self._drawing["gini"].start(self._gini_steps())

    def _gini_steps(self) -> Any:
        plot = self.gini_plot.plot_widget()
        plot.clear()
        plot.addItem(self._step_lines[1])
        summary = self.attribution
        if summary is None:
            return
        yield
        gini = plot.plot([p.vocab_size for p in summary.points], [p.gini for p in summary.points],
                         pen=pg.mkPen(style.plot_pen_color(), width=2), symbol="o",
                         symbolSize=4, symbolBrush=style.plot_pen_color())
        gini.sigPointsClicked.connect(self._on_curve_clicked)

    def _draw_merges(self) -> None:
        for line in self._step_lines:
            line.hide()
        self._draw_premium()
        self._draw_gini()
        summary = self.attribution
        if summary is None:
            self.merges_model.set_records([])
            return
        tokenizer = self._tokenizer(self._attribution_for)
        byte_level = tokenizer is not None and is_byte_level(tokenizer)
        self.merges_model = RecordTableModel(_merge_columns(
            summary.languages, lambda t: visible_token(t, byte_level)), self)
        self.merges_model.set_records(list(summary.rows))
        self.merges_table.setModel(self.merges_model)
        self._mark_step(self._selection.current.merge_rank)

    def _tokenizer(self, name: str | None) -> Any:
        entry = self._session.entry(name) if name else None
        return entry.tokenizer if entry is not None else None

    def _on_curve_clicked(self, item: Any, points: Any, *_: Any) -> None:
        if not len(points) or self.attribution is None:
            return
        x = points[0].pos().x()
        index = min(range(len(self.attribution.points)),
                    key=lambda i: abs(self.attribution.points[i].vocab_size - x))
        self.select_step(self.attribution.points[index].n_merges)

    def select_step(self, n_merges: int) -> None:
        """Select the last merge of the first ``n_merges`` (the merge history shows it)."""
        if self.attribution is None or n_merges <= 0:
            return
        self.select_merge(min(n_merges, self.attribution.n_merges) - 1)

    def select_merge(self, rank: int) -> None:
        tokenizer = self._tokenizer(self._attribution_for)
        if tokenizer is None or self.attribution is None:
            return
        graph = self._session.entry(self._attribution_for).graph
        token = graph.records[rank].token if graph is not None and rank < len(graph) else None
        if token is None:
            token = next((t for r, t, _ in self.attribution.rows if r == rank), None)
        ids = ids_of_tokens(tokenizer, [token]) if token is not None else frozenset()
        self._mark_step(rank)
        self._selection.set(Selection(token_ids=ids, merge_rank=rank, origin="languages"))

    @Slot(object)
    def _on_merge_row_clicked(self, index: Any) -> None:
        self.select_merge(self.merges_model.record_at(index.row())[0])

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin != "languages":
            self._mark_step(selection.merge_rank)

    def _mark_step(self, rank: int | None) -> None:
        summary = self.attribution
        if summary is None or rank is None or not summary.points:
            for line in self._step_lines:
                line.hide()
            return
        # the vocabulary size after the merge: between the plotted points, interpolated
        n = rank + 1
        before = max((p for p in summary.points if p.n_merges <= n), key=lambda p: p.n_merges)
        after = min((p for p in summary.points if p.n_merges >= n), key=lambda p: p.n_merges,
                    default=before)
        span = after.n_merges - before.n_merges
        x = before.vocab_size + (after.vocab_size - before.vocab_size) * (
            (n - before.n_merges) / span if span else 0)
        for line in self._step_lines:
            line.setValue(x)
            line.show()

    # -- export ----------------------------------------------------------------------------------
    @Slot()
    def export(self) -> str | None:
        if self.tabs.currentIndex() == 3 and self.attribution is not None:
            languages = self.attribution.languages
            header = ["rank", "token", *(f"saved_{lang}" for lang in languages)]
            rows = [[r, t, *saved] for r, t, saved in self.attribution.rows]
            figure = self.premium_plot
        else:
            header, rows = figures_table(self.figures.values())
            header = header or list(TABLE_HEADER)
            figure = self.tabs.currentWidget()
        for plot in self._tab_plots[self.tabs.currentIndex()]:
            plot.plot_widget()  # drawn before it is grabbed
        self.finish_drawing()
        return export_dialog(self, self.tr("language figures"), "languages.csv", figure,
                             header, rows)

    def shutdown(self) -> None:
        for job in (self.job, self.merge_job, self.sentence_job):
            job.stop()


__all__ = ["LanguagesPane", "METRICS"]
