"""TrainingService: the session's trainings, one at a time, for every view that trains.

The Train view (its form, Ctrl+T, a retraining) and the Build view (a pipeline, *Train all
four*) both start their trainings here, so neither pane drives the other (panes never
import each other; STYLE.md). The main window owns one service for its session and hands
it to both panes.

A training runs ``train_job`` (read the corpus, count words, train, assemble) in a child
process driven by a :class:`~app.workers.ProcessGeneratorWorker`; ``finish_train_job``
rebuilds the result in the worker thread. The result joins the session only when a
training *returns*: a cancel or a failure leaves the session's tokenizers and its current
one as they were, so the previous result is kept.

Its words keep the translation context of the Train view, where they were first said.

Signals, for one run: ``started(TrainingRun)``, ``progress(list)`` (batches of the core's
events) any number of times, then ``finished(TrainingOutcome)`` once; when ``finished``
is emitted the service is idle again (``is_training()`` is False), so a slot may start
the next run at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from subword_core.analysis import is_byte_level
from subword_core.formats.naming import trained_name

from .session import Session, TokenizerEntry
from .train_job import TrainedResult, finish_train_job, train_job
from .wording import corpus_summary
from .workers import ProcessGeneratorWorker, WorkerHandle


def retrain_kind(tokenizer: Any) -> str | None:
    """The training algorithm of ``tokenizer``'s model for the progress and the curve,
    or None when the model has no trainer (WordLevel, TFDS subwords)."""
    name = type(tokenizer.model).__name__
    if name == "BPE":
        return "byte-bpe" if is_byte_level(tokenizer) else "bpe"
    return {"WordPiece": "wordpiece", "Unigram": "unigram"}.get(name)


def _like(entry: TokenizerEntry) -> dict[str, Any]:
    """How the training child gets the original: an opened file is opened again there (a
    10 MB Llama 3 serialized here would hold the GUI thread); a tokenizer trained in this
    session travels as its ``tokenizer.json`` text (small: trained on a corpus at hand)."""
    if entry.algorithm == "file" and entry.source and Path(entry.source).exists():
        return {"like_path": entry.source, "like_options": dict(entry.options.get("open", {}))}
    return {"like": entry.tokenizer.to_str()}


@dataclass(frozen=True)
class TrainingRun:
    """A training the service runs: ``train_job``'s request and who asked for it."""

    request: dict[str, Any]
    #: who started it ("train": the Train view; "build", "four": the Build view), so that
    #: the view that asked says a failure, and the others only show the progress
    origin: str = ""


@dataclass(frozen=True)
class TrainingOutcome:
    """How a run ended: ``"trained"`` (``entry`` joined the session), ``"failed"``
    (``error`` says why, in words) or ``"cancelled"``; the session is untouched unless
    trained."""

    run: TrainingRun
    status: str
    entry: TokenizerEntry | None = None
    error: str = ""
    report: Any = None
    #: the vocabulary size asked and the size the tokenizer really has (trained runs)
    sizes: tuple[int, int] = field(default=(0, 0))

    @property
    def ok(self) -> bool:
        return self.status == "trained"

    @property
    def origin(self) -> str:
        return self.run.origin


class TrainingService(QObject):
    """Start, watch and cancel the session's trainings (one at a time)."""

    started = Signal(object)  # TrainingRun
    progress = Signal(list)  # a batch of the core's training events
    finished = Signal(object)  # TrainingOutcome; the service is idle again

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._handle: WorkerHandle | None = None
        self._run: TrainingRun | None = None
        self._outcome: TrainingOutcome | None = None
        self.last_outcome: TrainingOutcome | None = None

    # -- state ---------------------------------------------------------------------------------
    def is_training(self) -> bool:
        return self._handle is not None

    @property
    def run(self) -> TrainingRun | None:
        """The run in progress, or None."""
        return self._run

    def can_start(self, needs_corpus: bool = True) -> bool:
        """No training runs and (unless ``needs_corpus`` is False) a corpus is loaded."""
        return self._handle is None and (self._session.corpus is not None or not needs_corpus)

    # -- starting ------------------------------------------------------------------------------
    def train_preset(self, algorithm: str, vocab_size: int, min_frequency: int | None,
                     scoring: str | None = None, special_tokens: list[str] | None = None,
                     label: str = "", origin: str = "") -> bool:
        """Train a preset (``special_tokens`` None: its defaults); False if impossible now."""
        return self._start({
            "algorithm": algorithm, "scoring": scoring, "vocab_size": vocab_size,
            "min_frequency": min_frequency, "special_tokens": special_tokens,
            "label": label or algorithm,
        }, origin)

    def train_parity(self, languages_dir: str, vocab_size: int, min_frequency: int | None,
                     special_tokens: list[str] | None = None,
                     parity: dict[str, Any] | None = None, label: str = "",
                     origin: str = "") -> bool:
        """Train parity-aware BPE on a languages folder (one file per language, the dev
        texts in its ``dev`` subfolder); the session's corpus is not used. ``parity``: the
        trainer's options (``variant``, ``global_merges`` ...). False if impossible now."""
        return self._start({
            "algorithm": "parity-bpe", "scoring": None, "vocab_size": vocab_size,
            "min_frequency": min_frequency, "special_tokens": special_tokens,
            "languages_dir": str(languages_dir), "parity": dict(parity or {}),
            "label": label or "parity-bpe",
        }, origin)

    def train_spec(self, spec: dict[str, Any], kind: str, origin: str = "") -> bool:
        """Train a builder's pipeline (``PipelineSpec.to_dict()``); ``kind`` (``byte-bpe``,
        ``bpe``, ``wordpiece`` or ``unigram``) picks the progress stages and the curve.
        False if impossible now."""
        trainer = spec.get("trainer", {})
        request = {
            "spec": spec, "algorithm": kind, "scoring": trainer.get("scoring"),
            "vocab_size": trainer.get("vocab_size", 30000),
            "min_frequency": trainer.get("min_frequency"),
            "special_tokens": trainer.get("special_tokens", []), "label": spec.get("name", ""),
        }
        if spec.get("model") == "BPE" and trainer.get("languages_dir"):
            # parity-aware BPE: the builder's pipeline on its languages folder, no corpus
            request["languages_dir"] = trainer["languages_dir"]
        return self._start(request, origin)

    def retrain(self, entry: TokenizerEntry, vocab_size: int, origin: str = "") -> bool:
        """Train ``entry``'s pipeline again on the corpus (``train_new_from_iterator``): only
        the model is learnt; False if impossible now or the model has no trainer."""
        kind = retrain_kind(entry.tokenizer)
        if kind is None:
            return False
        return self._start({
            "algorithm": kind, "scoring": None, "vocab_size": vocab_size, "min_frequency": None,
            "special_tokens": None, "label": f"retrain {entry.name}", "like_name": entry.name,
            **_like(entry),
        }, origin)

    def _start(self, request: dict[str, Any], origin: str) -> bool:
        """Run ``request`` (train_job's options) on the session's corpus in a child process
        (a parity-aware training reads its own languages folder instead)."""
        own_input = request.get("languages_dir") is not None
        if not self.can_start(needs_corpus=not own_input):
            return False
        corpus = self._session.corpus
        where = {"paths": [request["languages_dir"]], "reading": {}} if own_input else {
            "paths": list(corpus.paths), "reading": dict(corpus.options)}
        run = TrainingRun({**where, **request}, origin)
        # a child process: no core work can then hold this process's GIL (see workers.py)
        worker = ProcessGeneratorWorker(train_job, (run.request,), finish=finish_train_job)
        worker.yielded.connect(self.progress)
        worker.returned.connect(self._on_worker_returned)
        worker.errored.connect(self._on_worker_errored)
        worker.aborted.connect(self._on_worker_aborted)
        worker.finished.connect(self._on_worker_finished)
        self._run, self._outcome = run, None
        self._handle = WorkerHandle(worker, self)
        self.started.emit(run)
        self._handle.start()
        return True

    @Slot()
    def cancel(self) -> None:
        """Stop the run; the session keeps what it had (the previous result included)."""
        if self._handle is not None:
            self._handle.abort()

    def shutdown(self) -> None:
        if self._handle is not None:
            self._handle.stop()

    # -- worker signals ------------------------------------------------------------------------
    @Slot(object)
    def _on_worker_returned(self, result: TrainedResult) -> None:
        # everything was built in the worker (train_job.finish_train_job): only references here
        run = self._run
        r = run.request
        algorithm = f"{r['algorithm']}{'-' + r['scoring'] if r['scoring'] else ''}"
        if r.get("like_name"):
            algorithm = f"{r['like_name']} retrained"
        if r.get("spec") is not None:
            algorithm = r["spec"].get("name") or "custom"
        asked, size = r["vocab_size"], result.vocab_size
        options = {k: r[k] for k in ("vocab_size", "min_frequency", "special_tokens", "scoring")}
        if r.get("languages_dir") is not None:
            options.update(languages_dir=r["languages_dir"], parity=r.get("parity", {}))
        if r.get("like_name"):
            options["retrained_from"] = r["like_name"]
        if r.get("spec") is not None:
            options["spec"] = r["spec"]
        entry = self._session.add_tokenizer(TokenizerEntry(
            name=trained_name(algorithm, size, asked),
            tokenizer=result.tokenizer, history=result.history,
            algorithm="builder" if r.get("spec") is not None else r["algorithm"],
            options=options, source=", ".join(r["paths"]), graph=result.graph))
        self._session.notify(QCoreApplication.translate(
            "TrainingPane", "Trained {name} on {summary}").format(
            name=entry.name, summary=corpus_summary(result.report)))
        self._outcome = TrainingOutcome(run, "trained", entry=entry, report=result.report,
                                        sizes=(asked, size))

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        self._outcome = TrainingOutcome(self._run, "failed", error=error_in_words(text))

    @Slot()
    def _on_worker_aborted(self) -> None:
        current = self._session.current
        kept = current.name if current is not None else QCoreApplication.translate("TrainingPane", "no tokenizer")
        self._session.notify(QCoreApplication.translate(
            "TrainingPane", "Training cancelled; kept {name}.").format(name=kept))
        self._outcome = TrainingOutcome(self._run, "cancelled")

    @Slot()
    def _on_worker_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        outcome = self._outcome or TrainingOutcome(self._run, "cancelled")
        self._handle, self._run, self._outcome = None, None, None
        self.last_outcome = outcome
        self.finished.emit(outcome)


def error_in_words(traceback_text: str) -> str:
    """The message of a worker's traceback, without the exception's class name."""
    lines = traceback_text.strip().splitlines()
    last = lines[-1] if lines else QCoreApplication.translate("TrainingPane", "the training failed")
    match = re.match(r"^[A-Za-z_][\w.]*(?:Error|Exception|Cancelled|Exit|Interrupt): (.+)$", last)
    return match.group(1) if match else last


__all__ = ["TrainingOutcome", "TrainingRun", "TrainingService", "error_in_words", "retrain_kind"]
