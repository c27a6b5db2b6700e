"""TrainingPane: pick an algorithm and sizes, train in a worker, watch it converge.

Trainings run in the session's :class:`~app.training_service.TrainingService` (a child
process running ``app.train_job``), which the Build view uses too: this pane starts the
trainings of its form (and retrainings), and shows the progress of every training, whoever
started it. Batches of events drive one progress bar for the whole run
(``training_progress.OverallProgress``: percentage, stage and ETA across all stages) and a live pyqtgraph curve (pair count
per merge for BPE, score per merge for WordPiece, loss per round for Unigram).
The service names the new tokenizer after the size it really has; a notice here says
when that is not the size asked. Cancelling aborts the worker; the session's tokenizers
are untouched until a training *returns*, so the previous tokenizer survives a cancel or
an error.

When the current tokenizer changes (a restored session included), the curve is drawn again
from that tokenizer's training history, the same points the live run drew.

Parity-aware BPE (issue 24) trains on a languages folder instead of the session's corpus:
one file per language named by its code, the dev texts in its ``dev`` subfolder
(:mod:`subword_core.training.parity`). Its rows (folder, variant, global merges) show only
when it is the chosen algorithm; the status line names the language each merge served.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_token
from subword_core.training import parity
from subword_core.training.presets import DEFAULT_SPECIAL_TOKENS
from subword_core.trainers.events import MergeAdded, UnigramStep
from subword_core.training.progress import OverallProgress

from ..plots import TrainingCurvePlot
from ..selection import SelectionModel
from ..session import Session, TokenizerEntry
from ..training_service import TrainingOutcome, TrainingRun, TrainingService, retrain_kind
from ..wording import eta_text, stage_label

#: combo label (English; the combo shows it translated) -> (preset algorithm, WordPiece
#: scoring, default vocabulary size); the sizes leave room for the bundled sample corpus's
#: alphabet (BPE needs 706 symbols there, WordPiece 550: a smaller size is refused)
ALGORITHMS: dict[str, tuple[str, str | None, int]] = {
    QT_TRANSLATE_NOOP("TrainingPane", "Byte-level BPE (GPT-2)"): ("byte-bpe", None, 1000),
    QT_TRANSLATE_NOOP("TrainingPane", "BPE with </w> (Sennrich)"): ("bpe", None, 1000),
    QT_TRANSLATE_NOOP("TrainingPane", "WordPiece — likelihood"):
        ("wordpiece", "likelihood", 1000),
    QT_TRANSLATE_NOOP("TrainingPane", "WordPiece — frequency"): ("wordpiece", "frequency", 1000),
    QT_TRANSLATE_NOOP("TrainingPane", "Unigram (SentencePiece)"): ("unigram", None, 500),
    QT_TRANSLATE_NOOP("TrainingPane", "Parity-aware BPE (per language)"):
        ("parity-bpe", None, 1000),
}
#: parity-aware BPE's variants: (setting, combo label)
PARITY_VARIANTS: tuple[tuple[str, str], ...] = (
    ("base", QT_TRANSLATE_NOOP("TrainingPane", "Longest language wins each merge")),
    ("window", QT_TRANSLATE_NOOP("TrainingPane", "Moving window (balanced turns)")),
)
TRAIN_TIP = QT_TRANSLATE_NOOP(
    "TrainingPane",
    "Train on the loaded corpus with these options (Ctrl+T)")
#: Permille steps of the progress bar (one bar for the whole run).
PROGRESS_STEPS = 1000


def readable_number(value: float) -> str:
    """A loss or score people can read: ``1,234``, ``12.35 k``, ``3.142 M``, ``0.0123``."""
    size = abs(value)
    if size >= 1e9:
        return f"{value / 1e9:,.4g} G"
    if size >= 1e6:
        return f"{value / 1e6:.4g} M"
    if size >= 1e4:
        return f"{value / 1e3:.4g} k"
    if size >= 1 or size == 0:
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{value:.3g}"


def curve_point(event: Any) -> tuple[float, float] | None:
    """The curve's point of a training event: ``(rank, score or count)`` of a merge (the
    likelihood score when the trainer gave one), ``(round, loss)`` of a Unigram round."""
    if isinstance(event, MergeAdded):
        score = event.score if event.score is not None and event.left_count else event.count
        return event.rank, max(score, 1e-12)  # log axis: no zero
    if isinstance(event, UnigramStep):
        return event.round, event.loss
    return None


def _history_kind(history: Any) -> tuple[str, str | None]:
    """``(algorithm, scoring)`` for the curve's axes, from a history's trainer and options."""
    if history.trainer == "UnigramTrainer":
        return "unigram", None
    if history.trainer == "WordPieceTrainer":
        return "wordpiece", history.options.get("scoring", "likelihood")
    return "bpe", None


class TrainingPane(QWidget):
    """Trainer form, progress with ETA, and a live training curve.

    ``training`` is the session's training service (the window's); a pane made alone makes
    its own. The pane's signals report every run of the service, whoever started it.
    """

    training_finished = Signal(bool)  # True when a tokenizer was added
    retrained = Signal(str, str)  # (original name, new name) when a retraining returned
    trained = Signal(str)  # the name of the tokenizer a training added to the session

    def __init__(self, session: Session, selection: SelectionModel,
                 training: TrainingService | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingPane")
        self._session = session
        self._selection = selection
        self._owns_training = training is None
        self.training = training if training is not None else TrainingService(session, self)
        self._request: dict[str, Any] = {}
        self._overall: OverallProgress | None = None

        self.algorithm_combo = QComboBox(objectName="algorithmCombo")
        for label in ALGORITHMS:  # the English label is the item's data (settings, logic)
            self.algorithm_combo.addItem(self.tr(label), label)
        self.algorithm_combo.setToolTip(self.tr(
            "The training algorithm: byte-level BPE (GPT-2, no unknown tokens), BPE with an "
            "end-of-word marker (Sennrich), WordPiece (BERT; merges chosen by likelihood or by "
            "frequency) or Unigram (SentencePiece; prunes a large seed vocabulary)"))
        self.vocab_spin = QSpinBox(objectName="vocabSizeSpin", minimum=1, maximum=1_000_000)
        self.vocab_spin.setSingleStep(100)
        self.vocab_spin.setGroupSeparatorShown(True)
        self.vocab_spin.setToolTip(self.tr(
            "Vocabulary size to reach, special tokens included. A small corpus may run out of "
            "pairs first: the tokenizer's name then says the size it really has"))
        self.min_frequency_spin = QSpinBox(objectName="minFrequencySpin", minimum=0,
                                           maximum=1_000_000, value=2)
        self.min_frequency_spin.setGroupSeparatorShown(True)
        self.min_frequency_spin.setToolTip(self.tr(
            "A pair is merged only if it occurs at least this many times in the corpus "
            "(BPE and WordPiece; Unigram has no such threshold)"))
        self._make_parity_rows()
        self.special_edit = QLineEdit(objectName="specialTokensEdit")
        self.special_edit.setToolTip(self.tr("Special tokens, separated by spaces; they get the "
                                             "first ids and are never split"))
        self.train_button = QPushButton(self.tr("Train"), objectName="trainButton")
        self.train_button.setToolTip(self.tr(TRAIN_TIP))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="cancelButton",
                                         enabled=False)
        self.cancel_button.setToolTip(self.tr("Stop this training; the current tokenizer is kept "
                                              "(Ctrl+.)"))
        self.progress = QProgressBar(objectName="trainProgress")
        self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("idle"))
        self.progress.setToolTip(self.tr("The whole run: one percentage and the time left across "
                                         "all stages (reading, counting, merging or EM rounds, "
                                         "finishing)"))
        self.status_label = QLabel("", objectName="trainStatus")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label.setToolTip(self.tr("The last merge (BPE, WordPiece) or round (Unigram)"))
        self.notice_label = QLabel("", objectName="trainNotice")
        self.notice_label.setWordWrap(True)
        self.notice_label.setStyleSheet(
            "QLabel { background: palette(tooltip-base); color: palette(tooltip-text); "
            "border: 1px solid palette(mid); padding: 3px; }")
        self.notice_label.setToolTip(self.tr("The run ended with another vocabulary size than "
                                             "asked"))
        self.notice_label.hide()
        self.plot = TrainingCurvePlot(self)
        self.plot.setToolTip(self.tr("Pair count per merge (BPE), score per merge (WordPiece) or "
                                     "loss per round (Unigram), drawn while the training runs"))

        form = self.form = QFormLayout()
        for label, widget in ((self.tr("Algorithm"), self.algorithm_combo),
                              (self.tr("Languages folder"), self.languages_row),
                              (self.tr("Parity"), self.variant_combo),
                              (self.tr("Global merges"), self.global_merges_spin),
                              (self.tr("Vocabulary size"), self.vocab_spin),
                              (self.tr("Min frequency"), self.min_frequency_spin),
                              (self.tr("Special tokens"), self.special_edit)):
            form.addRow(label, widget)
            form.labelForField(widget).setToolTip(widget.toolTip())
        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addWidget(self.notice_label)
        layout.addWidget(self.plot, 1)

        self.algorithm_combo.currentIndexChanged.connect(self._on_algorithm_changed)
        self.languages_edit.textChanged.connect(self._update_train_button)
        self.languages_button.clicked.connect(self._choose_languages_dir)
        self.train_button.clicked.connect(self.start_training)
        self.cancel_button.clicked.connect(self.cancel)
        self.training.started.connect(self._on_run_started)
        self.training.progress.connect(self._on_progress)
        self.training.finished.connect(self._on_run_finished)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        self._on_algorithm_changed()
        self._on_session_corpus_changed(session.corpus)

    def _make_parity_rows(self) -> None:
        """The rows of parity-aware BPE: its languages folder, variant and global merges."""
        self.languages_edit = QLineEdit(objectName="languagesDirEdit")
        self.languages_edit.setPlaceholderText(self.tr("a folder of one file per language"))
        self.languages_button = QPushButton(self.tr("Browse…"), objectName="languagesDirButton")
        self.languages_button.setToolTip(self.tr("Choose the languages folder"))
        self.languages_row = QWidget(objectName="languagesRow")
        row = QHBoxLayout(self.languages_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.languages_edit, 1)
        row.addWidget(self.languages_button)
        self.languages_row.setToolTip(self.tr(
            "Parity-aware BPE trains on one file per language, named by its code "
            "(eng_Latn.txt, kor_Hang.txt, …), not on the loaded corpus. Parallel dev texts "
            "in a 'dev' subfolder, named the same way, measure each language's length; "
            "without them, each language's compression of its own text is compared"))
        self.languages_edit.setToolTip(self.languages_row.toolTip())
        self.variant_combo = QComboBox(objectName="parityVariantCombo")
        for value, label in PARITY_VARIANTS:
            self.variant_combo.addItem(self.tr(label), value)
        self.variant_combo.setToolTip(self.tr(
            "Each merge serves the language whose text is longest; the moving window also "
            "keeps one language from winning more than its share of the recent merges"))
        self.global_merges_spin = QSpinBox(objectName="globalMergesSpin", minimum=0,
                                           maximum=1_000_000)
        self.global_merges_spin.setGroupSeparatorShown(True)
        self.global_merges_spin.setToolTip(self.tr(
            "The first merges are plain BPE over all languages together (the hybrid "
            "variant); 0 makes every merge parity-aware"))

    @Slot()
    def _choose_languages_dir(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Languages folder"),
                                                  self.languages_edit.text())
        if folder:
            self.languages_edit.setText(folder)

    def is_parity(self) -> bool:
        return ALGORITHMS[self.algorithm_label()][0] == parity.ALGORITHM

    # -- settings (persisted by the main window) -----------------------------------------------
    def settings(self) -> dict[str, Any]:
        return {"algorithm": self.algorithm_label(),
                "vocab_size": self.vocab_spin.value(),
                "min_frequency": self.min_frequency_spin.value(),
                "special_tokens": self.special_edit.text(),
                "languages_dir": self.languages_edit.text(),
                "parity_variant": self.variant_combo.currentData(),
                "global_merges": self.global_merges_spin.value()}

    def apply_settings(self, values: dict[str, Any]) -> None:
        if values.get("algorithm") in ALGORITHMS:
            self.algorithm_combo.setCurrentIndex(self.algorithm_combo.findData(values["algorithm"]))
        for key, spin in (("vocab_size", self.vocab_spin), ("min_frequency", self.min_frequency_spin)):
            try:
                spin.setValue(int(values[key]))
            except (KeyError, TypeError, ValueError):
                pass
        if isinstance(values.get("special_tokens"), str):
            self.special_edit.setText(values["special_tokens"])
        if isinstance(values.get("languages_dir"), str):
            self.languages_edit.setText(values["languages_dir"])
        index = self.variant_combo.findData(values.get("parity_variant"))
        if index >= 0:
            self.variant_combo.setCurrentIndex(index)
        try:
            self.global_merges_spin.setValue(int(values["global_merges"]))
        except (KeyError, TypeError, ValueError):
            pass

    # -- training -------------------------------------------------------------------------------
    def algorithm_label(self) -> str:
        """The chosen algorithm's English label (a key of ``ALGORITHMS``)."""
        return self.algorithm_combo.currentData() or next(iter(ALGORITHMS))

    def is_training(self) -> bool:
        return self.training.is_training()

    @property
    def last_error(self) -> str:
        """The last failed run's message, in words ("" after a run that did not fail)."""
        outcome = self.training.last_outcome
        return outcome.error if outcome is not None else ""

    @Slot()
    def start_training(self) -> bool:
        """Train on the session's corpus with the form's options; False if impossible now."""
        if self.is_parity():
            return self._start_parity()
        if not self.training.can_start():
            if self._session.corpus is None:
                QMessageBox.warning(self, self.tr("No corpus"),
                                    self.tr("Open a corpus before training."))
            return False
        algorithm, scoring, _ = ALGORITHMS[self.algorithm_label()]
        return self.training.train_preset(
            algorithm, self.vocab_spin.value(), self.min_frequency_spin.value(), scoring,
            special_tokens=self.special_edit.text().split(), label=self.algorithm_label(),
            origin="train")

    def _start_parity(self) -> bool:
        """Parity-aware BPE on the languages folder (the session's corpus is not used)."""
        folder = self.languages_edit.text().strip()
        if not folder:
            QMessageBox.warning(self, self.tr("No languages folder"), self.tr(
                "Choose a folder of one file per language before training parity-aware BPE."))
            return False
        options = {"variant": self.variant_combo.currentData(),
                   "global_merges": self.global_merges_spin.value()}
        return self.training.train_parity(
            folder, self.vocab_spin.value(), self.min_frequency_spin.value(),
            special_tokens=self.special_edit.text().split(), parity=options,
            label=self.algorithm_label(), origin="train")

    def start_retraining(self, entry: TokenizerEntry, vocab_size: int) -> bool:
        """Train ``entry``'s pipeline on the session's corpus (``train_new_from_iterator``).

        The normalizer, pre-tokenizer, special tokens, post-processor and decoder are the
        original's; only the model is learnt again, in the same child process as any
        training (progress, cancel, live curve, merge history). False if impossible now.
        """
        if self.training.is_training():
            return False
        if self._session.corpus is None:
            QMessageBox.warning(self, self.tr("No corpus"),
                                self.tr("Open a corpus to retrain on first."))
            return False
        if retrain_kind(entry.tokenizer) is None:
            QMessageBox.warning(self, self.tr("Cannot retrain"), self.tr(
                "{name} has a {model} model, which has no trainer: only BPE, WordPiece and "
                "Unigram models can be retrained.").format(
                    name=entry.name, model=type(entry.tokenizer.model).__name__))
            return False
        return self.training.retrain(entry, vocab_size, origin="train")

    @Slot(object)
    def _on_run_started(self, run: TrainingRun) -> None:
        """A run of the service began (this pane's or the Build view's): show its progress."""
        request = self._request = run.request
        self._reset_plot(request["algorithm"], request["scoring"])
        self._set_busy(True)
        # a new run: nothing of the previous one's status stays on screen
        self.status_label.setText("")
        self.notice_label.hide()
        self._overall = OverallProgress(request["algorithm"], target=request["vocab_size"])
        self._show_overall()

    @Slot()
    def cancel(self) -> None:
        if self.training.is_training():
            self.training.cancel()
            self.status_label.setText(self.tr("Cancelling…"))

    def shutdown(self) -> None:
        if self._owns_training:  # the window stops its own service
            self.training.shutdown()

    def _reset_plot(self, algorithm: str, scoring: str | None) -> None:
        if algorithm == "unigram":
            self.plot.reset("", self.tr("loss per round"), self.tr("round"))
        elif algorithm == "wordpiece" and scoring == "likelihood":
            self.plot.reset("", self.tr("score of merge"), self.tr("merge rank"), log_y=True)
        else:
            self.plot.reset("", self.tr("pair count"), self.tr("merge rank"), log_y=True)

    # -- the service's runs ------------------------------------------------------------------------
    @Slot(list)
    def _on_progress(self, batch: list) -> None:
        xs, ys = [], []
        last_merge = None
        overall = self._overall
        for event in batch:
            if overall is not None:
                overall.update(event)
            point = curve_point(event)
            if point is not None:
                xs.append(point[0])
                ys.append(point[1])
            if isinstance(event, MergeAdded):
                last_merge = event
            elif isinstance(event, UnigramStep):
                self.status_label.setText(self.tr(
                    "Round {round}: {size} pieces, loss {loss}, {removed} removed").format(
                        round=f"{event.round + 1:,}", size=f"{event.vocab_size:,}",
                        loss=readable_number(event.loss), removed=f"{len(event.removed):,}"))
        self.plot.append(xs, ys)
        self._show_overall()
        if last_merge is not None:
            byte_level = self._request.get("algorithm") in ("byte-bpe", parity.ALGORITHM)
            left, right, token = (visible_token(t, byte_level) for t in
                                  (last_merge.left, last_merge.right, last_merge.token))
            text = self.tr("Merge {rank}: {left} + {right} → {token} (count {count})").format(
                rank=f"{last_merge.rank + 1:,}", left=left, right=right, token=token,
                count=f"{last_merge.count:,}")
            if self._request.get("algorithm") == parity.ALGORITHM:
                text += " · " + (self.tr("for {language}").format(language=last_merge.language)
                                 if last_merge.language is not None
                                 else self.tr("global merge"))
            self.status_label.setText(text)

    def _show_overall(self) -> None:
        """One bar for the whole run: percentage, stage and time left."""
        overall = self._overall
        if overall is None:
            return
        self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setValue(int(PROGRESS_STEPS * overall.fraction))
        eta = eta_text(overall.eta_seconds())
        self.progress.setFormat(f"{overall.percent}% · {stage_label(overall)}"
                                + (f" · {eta}" if eta else ""))

    @Slot(object)
    def _on_run_finished(self, outcome: TrainingOutcome) -> None:
        """A run ended: say how (a failure in a box only for this pane's own runs)."""
        self._set_busy(False)
        if outcome.status == "trained":
            self._show_trained(outcome)
        elif outcome.status == "failed":
            self._idle_progress(self.tr("failed"))
            if outcome.origin == "train":  # the Build view says its own runs' failures
                QMessageBox.critical(self, self.tr("Training failed"), f"{outcome.error}\n\n"
                                     + self.tr("The current tokenizer is kept."))
            self.training_finished.emit(False)
        else:
            self._idle_progress(self.tr("cancelled"))
            current = self._session.current
            kept = current.name if current is not None else self.tr("no tokenizer")
            self.status_label.setText(self.tr("Training cancelled; kept {name}.").format(name=kept))
            self.training_finished.emit(False)

    def _show_trained(self, outcome: TrainingOutcome) -> None:
        r, entry = outcome.run.request, outcome.entry
        asked, size = outcome.sizes
        if size < asked:
            why = (self.tr("the corpus has too few distinct pieces") if r["algorithm"] == "unigram"
                   else self.tr("the corpus has no more pairs to merge that occur at least "
                                "{n} times").format(n=f"{max(1, r['min_frequency'] or 0):,}"))
            self.notice_label.setText(self.tr("⚠ Stopped at {size} tokens of the {asked} asked: "
                                              "{why}. A larger corpus gives more.").format(
                size=f"{size:,}", asked=f"{asked:,}", why=why))
        # (a size below the alphabet is refused by the core, in the CLI's words: no notice)
        self.notice_label.setVisible(size < asked)
        if self._overall is not None:
            self._overall.finish()
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat(self.tr("100% · done: {name}").format(name=entry.name))
        self.trained.emit(entry.name)
        self.training_finished.emit(True)
        if r.get("like_name"):
            self.retrained.emit(r["like_name"], entry.name)

    def _idle_progress(self, text: str) -> None:
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(text)

    def _set_busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)
        for w in (self.algorithm_combo, self.vocab_spin, self.min_frequency_spin, self.special_edit,
                  self.languages_row, self.variant_combo, self.global_merges_spin):
            w.setEnabled(not busy)
        self._update_train_button()

    # -- form and tokenizer list -----------------------------------------------------------------
    @Slot()
    def _on_algorithm_changed(self, *_: Any) -> None:
        algorithm, _, default_size = ALGORITHMS[self.algorithm_label()]
        self.vocab_spin.setValue(default_size)
        specials = parity.DEFAULT_SPECIAL_TOKENS if algorithm == parity.ALGORITHM \
            else DEFAULT_SPECIAL_TOKENS[algorithm]
        self.special_edit.setText(" ".join(specials))
        self.min_frequency_spin.setEnabled(algorithm != "unigram")
        for widget in (self.languages_row, self.variant_combo, self.global_merges_spin):
            self.form.setRowVisible(widget, algorithm == parity.ALGORITHM)
        self._update_train_button()

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: TokenizerEntry | None) -> None:
        # the curve of the tokenizer at hand, from its stored history: after a restart the
        # session brings back the tokenizer and its history, not the plot (issue 21)
        if self.training.is_training() or entry is None or entry.history is None:
            return  # a live run owns the plot; a tokenizer without history leaves it
        points = [p for p in map(curve_point, entry.history.records) if p is not None]
        if not points:
            return
        self._reset_plot(*_history_kind(entry.history))
        xs, ys = zip(*points)
        self.plot.append(list(xs), list(ys))
        self.plot.flush()

    @Slot(object)
    def _on_session_corpus_changed(self, corpus: Any) -> None:
        self._update_train_button()

    @Slot()
    def _update_train_button(self, *_: Any) -> None:
        """Train needs the corpus, or for parity-aware BPE its languages folder."""
        if self.is_parity():
            ready = bool(self.languages_edit.text().strip())
            tip = self.tr(TRAIN_TIP) if ready else self.tr("Choose a languages folder first")
        else:
            ready = self._session.corpus is not None
            tip = self.tr(TRAIN_TIP) if ready else self.tr("Open a corpus first")
        self.train_button.setEnabled(ready and not self.training.is_training())
        self.train_button.setToolTip(tip)
