"""TrainingPane: pick an algorithm and sizes, train in a worker, watch it converge.

Training runs ``subword_core.presets.train_tokenizer`` (read corpus, count words,
train, assemble) in a child process driven by a
:class:`~app.workers.ProcessGeneratorWorker` (``app.train_job``). Batches of events
drive the progress bar, the ETA and a live pyqtgraph curve (pair count per merge
for BPE, score per merge for WordPiece, loss per round for Unigram). Cancelling
aborts the worker; the session's tokenizers are untouched until a training
*returns*, so the previous tokenizer survives a cancel or an error.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
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

from subword_core.presets import DEFAULT_SPECIAL_TOKENS
from subword_core.trainers.events import MergeAdded, StageProgress, StageStarted, UnigramStep

from ..plots import TrainingCurvePlot
from ..selection import SelectionModel
from ..session import Session, TokenizerEntry
from ..train_job import finish_train_job, train_job
from ..workers import ProcessGeneratorWorker, WorkerHandle

#: combo label -> (preset algorithm, WordPiece scoring, default vocabulary size)
ALGORITHMS: dict[str, tuple[str, str | None, int]] = {
    "Byte-level BPE (GPT-2)": ("byte-bpe", None, 1000),
    "BPE with </w> (Sennrich)": ("bpe", None, 600),
    "WordPiece — likelihood": ("wordpiece", "likelihood", 600),
    "WordPiece — frequency": ("wordpiece", "frequency", 600),
    "Unigram (SentencePiece)": ("unigram", None, 500),
}
STAGE_LABELS = {"count_words": "Counting words", "count_pairs": "Counting pairs",
                "merge": "Merging", "seed": "Seeding pieces", "em": "EM", "prune": "Pruning",
                "finalize": "Finishing"}


class TrainingPane(QWidget):
    """Trainer form, progress with ETA, and a live training curve."""

    training_finished = Signal(bool)  # True when a tokenizer was added

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingPane")
        self._session = session
        self._selection = selection
        self._handle: WorkerHandle | None = None
        self._request: dict[str, Any] = {}
        self._stage = ""
        self._stage_started = 0.0
        self.last_error = ""

        self.algorithm_combo = QComboBox(objectName="algorithmCombo")
        self.algorithm_combo.addItems(list(ALGORITHMS))
        self.vocab_spin = QSpinBox(objectName="vocabSizeSpin", minimum=1, maximum=1_000_000)
        self.vocab_spin.setSingleStep(100)
        self.min_frequency_spin = QSpinBox(objectName="minFrequencySpin", minimum=0,
                                           maximum=1_000_000, value=2)
        self.special_edit = QLineEdit(objectName="specialTokensEdit")
        self.special_edit.setToolTip("Special tokens, separated by spaces")
        self.train_button = QPushButton("Train", objectName="trainButton")
        self.cancel_button = QPushButton("Cancel", objectName="cancelButton", enabled=False)
        self.progress = QProgressBar(objectName="trainProgress")
        self.progress.setFormat("idle")
        self.status_label = QLabel("", objectName="trainStatus")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.plot = TrainingCurvePlot(self)

        form = QFormLayout()
        form.addRow("Algorithm", self.algorithm_combo)
        form.addRow("Vocabulary size", self.vocab_spin)
        form.addRow("Min frequency", self.min_frequency_spin)
        form.addRow("Special tokens", self.special_edit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addWidget(self.plot, 1)

        self.algorithm_combo.currentTextChanged.connect(self._on_algorithm_changed)
        self.train_button.clicked.connect(self.start_training)
        self.cancel_button.clicked.connect(self.cancel)
        session.corpus_changed.connect(self._on_session_corpus_changed)
        self._on_algorithm_changed(self.algorithm_combo.currentText())
        self._on_session_corpus_changed(session.corpus)

    # -- settings (persisted by the main window) -----------------------------------------------
    def settings(self) -> dict[str, Any]:
        return {"algorithm": self.algorithm_combo.currentText(),
                "vocab_size": self.vocab_spin.value(),
                "min_frequency": self.min_frequency_spin.value(),
                "special_tokens": self.special_edit.text()}

    def apply_settings(self, values: dict[str, Any]) -> None:
        if values.get("algorithm") in ALGORITHMS:
            self.algorithm_combo.setCurrentText(values["algorithm"])
        for key, spin in (("vocab_size", self.vocab_spin), ("min_frequency", self.min_frequency_spin)):
            try:
                spin.setValue(int(values[key]))
            except (KeyError, TypeError, ValueError):
                pass
        if isinstance(values.get("special_tokens"), str):
            self.special_edit.setText(values["special_tokens"])

    # -- training -------------------------------------------------------------------------------
    def is_training(self) -> bool:
        return self._handle is not None

    @Slot()
    def start_training(self) -> bool:
        """Train on the session's corpus with the form's options; False if impossible now."""
        corpus = self._session.corpus
        if self._handle is not None or corpus is None:
            if corpus is None:
                QMessageBox.warning(self, "No corpus", "Open a corpus before training.")
            return False
        algorithm, scoring, _ = ALGORITHMS[self.algorithm_combo.currentText()]
        self._request = {
            "paths": list(corpus.paths), "reading": dict(corpus.options),
            "algorithm": algorithm, "scoring": scoring,
            "vocab_size": self.vocab_spin.value(), "min_frequency": self.min_frequency_spin.value(),
            "special_tokens": self.special_edit.text().split(), "label": self.algorithm_combo.currentText(),
        }
        request = dict(self._request)

        # a child process: no core work can then hold this process's GIL (see workers.py)
        worker = ProcessGeneratorWorker(train_job, (request,), finish=finish_train_job)
        worker.yielded.connect(self._on_worker_yielded)
        worker.returned.connect(self._on_worker_returned)
        worker.errored.connect(self._on_worker_errored)
        worker.aborted.connect(self._on_worker_aborted)
        worker.finished.connect(self._on_worker_finished)
        self._handle = WorkerHandle(worker, self)
        self._reset_plot(algorithm, scoring)
        self._set_busy(True)
        self._set_stage("count_words", None)
        self._handle.start()
        return True

    @Slot()
    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.abort()
            self.status_label.setText("Cancelling…")

    def shutdown(self) -> None:
        if self._handle is not None:
            self._handle.stop()

    def _reset_plot(self, algorithm: str, scoring: str | None) -> None:
        if algorithm == "unigram":
            self.plot.reset("", "loss per round", "round")
        elif algorithm == "wordpiece" and scoring == "likelihood":
            self.plot.reset("", "score of merge", log_y=True)
        else:
            self.plot.reset("", "pair count", log_y=True)

    # -- worker signals ---------------------------------------------------------------------------
    @Slot(list)
    def _on_worker_yielded(self, batch: list) -> None:
        xs, ys = [], []
        last_merge = None
        for event in batch:
            if isinstance(event, MergeAdded):
                xs.append(event.rank)
                score = event.score if event.score is not None and event.left_count else event.count
                ys.append(max(score, 1e-12))
                last_merge = event
            elif isinstance(event, UnigramStep):
                xs.append(event.round)
                ys.append(event.loss)
                self.status_label.setText(f"Round {event.round}: {event.vocab_size:,} pieces, "
                                          f"loss {event.loss:,.1f}, {len(event.removed)} removed")
            elif isinstance(event, StageStarted):
                self._set_stage(event.stage, event.total)
            elif isinstance(event, StageProgress):
                self._show_progress(event.stage, event.current, event.total)
        self.plot.append(xs, ys)
        if last_merge is not None:
            # progress itself comes from StageProgress("merge", vocabulary size, target)
            self.status_label.setText(
                f"Merge {last_merge.rank:,}: {last_merge.left!r} + {last_merge.right!r} → "
                f"{last_merge.token!r} (count {last_merge.count:,})")

    def _set_stage(self, stage: str, total: int | None) -> None:
        self._stage = stage
        self._stage_started = time.monotonic()
        if total:
            self.progress.setRange(0, max(1, int(total)))
            self.progress.setValue(0)
        else:
            self.progress.setRange(0, 0)  # busy indicator
        self.progress.setFormat(STAGE_LABELS.get(stage, stage))

    def _show_progress(self, stage: str, current: int, total: int | None) -> None:
        if stage != self._stage:
            self._set_stage(stage, total)
        label = STAGE_LABELS.get(stage, stage)
        if not total:
            self.progress.setFormat(f"{label}: {current:,}")
            return
        if self.progress.maximum() != total:
            self.progress.setRange(0, int(total))
        self.progress.setValue(min(int(current), int(total)))
        elapsed = time.monotonic() - self._stage_started
        fraction = current / total if total else 0.0
        eta = f" — ETA {elapsed * (1 - fraction) / fraction:,.0f} s" if 0.02 < fraction < 1 else ""
        self.progress.setFormat(f"{label} %p%{eta}")

    @Slot(object)
    def _on_worker_returned(self, result: Any) -> None:
        tokenizer, history, report, graph = result
        r = self._request
        entry = TokenizerEntry(
            name=f"{r['algorithm']}{'-' + r['scoring'] if r['scoring'] else ''} {r['vocab_size']}",
            tokenizer=tokenizer, history=history, algorithm=r["algorithm"],
            options={k: r[k] for k in ("vocab_size", "min_frequency", "special_tokens", "scoring")},
            source=", ".join(r["paths"]), graph=graph)
        entry = self._session.add_tokenizer(entry)
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat(f"done: {entry.name} ({tokenizer.get_vocab_size():,} tokens)")
        self._session.notify(f"Trained {entry.name} on {report.summary()}")
        self.training_finished.emit(True)

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        self.last_error = text.strip().splitlines()[-1]
        self._idle_progress("failed")
        QMessageBox.critical(self, "Training failed",
                             f"{self.last_error}\n\nThe current tokenizer is kept.")
        self.training_finished.emit(False)

    @Slot()
    def _on_worker_aborted(self) -> None:
        self._idle_progress("cancelled")
        kept = self._session.current.name if self._session.current else "no tokenizer"
        self.status_label.setText(f"Training cancelled; kept {kept}.")
        self._session.notify(f"Training cancelled; kept {kept}.")
        self.training_finished.emit(False)

    @Slot()
    def _on_worker_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        self._handle = None
        self._set_busy(False)

    def _idle_progress(self, text: str) -> None:
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(text)

    def _set_busy(self, busy: bool) -> None:
        self.train_button.setEnabled(not busy and self._session.corpus is not None)
        self.cancel_button.setEnabled(busy)
        for w in (self.algorithm_combo, self.vocab_spin, self.min_frequency_spin, self.special_edit):
            w.setEnabled(not busy)

    # -- form and tokenizer list -----------------------------------------------------------------
    @Slot(str)
    def _on_algorithm_changed(self, label: str) -> None:
        algorithm, _, default_size = ALGORITHMS[label]
        self.vocab_spin.setValue(default_size)
        self.special_edit.setText(" ".join(DEFAULT_SPECIAL_TOKENS[algorithm]))
        self.min_frequency_spin.setEnabled(algorithm != "unigram")

    @Slot(object)
    def _on_session_corpus_changed(self, corpus: Any) -> None:
        self.train_button.setEnabled(corpus is not None and self._handle is None)
        self.train_button.setToolTip("" if corpus is not None else "Open a corpus first")
