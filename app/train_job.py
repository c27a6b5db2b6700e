"""The training job run in the training child process (imports ``subword_core`` only, no Qt).

:func:`train_job` is what :class:`~app.workers.ProcessGeneratorWorker` starts:
it reads the corpus and trains with the preset asked for.
:func:`finish_train_job` then runs in the GUI process's worker thread: it rebuilds
the tokenizer and the history and indexes the merges (``analysis.MergeGraph``), so
the GUI thread receives a :class:`TrainedResult` it only has to put in the session.

Why the result travels in pieces (measured on a 50 MB training): unpickling is one
C call that holds the GUI process's GIL, so a 32k-token model sent as one pickle
stalls the GUI for a few hundred ms. The tokenizer travels as its ``tokenizer.json``
text and is parsed in small steps (:mod:`subword_core.loading`); the history's
records travel in chunks of :data:`RECORDS_PER_PART`, each unpickled on its own,
so the GUI thread gets the GIL back between two of them.

Word counts are cached on disk (:func:`counts_cache_dir`), keyed by the corpus files
(paths, sizes, modification times), the reading options and the pipeline: retraining
the same corpus at another vocabulary size, or with another preset that counts with the
same components, skips the corpus pass.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from subword_core.analysis import MergeGraph
from subword_core.loading import tokenizer_from_str
from subword_core.training.presets import train_preset, train_tokenizer
from subword_core.trainers.history import TrainingHistory

#: History records per piece sent from the child (each piece is one unpickling).
RECORDS_PER_PART = 2000


@dataclass
class TrainedResult:
    """What a training hands to the GUI thread: everything built, nothing left to compute."""

    tokenizer: Any
    history: Any
    report: Any
    graph: MergeGraph
    vocab_size: int  # the size the tokenizer really has (may be below the size asked)


def train_job(request: dict[str, Any], cancel: Callable[[], bool]
              ) -> Generator[Any, None, tuple[Any, ...]]:
    """Yield the core's events; return ``(tokenizer_json, trainer, options, report, *records)``.

    The result is a flat tuple so that the process worker sends it piece by piece
    (see the module docstring); ``records`` are the history's records in chunks.

    Args:
        request: ``paths``, ``algorithm``, ``vocab_size``, ``min_frequency``,
            ``special_tokens`` and ``scoring`` (as the training pane's form gives them), and
            ``reading``: the corpus's ``field`` / ``column`` / ``glob`` options, if any.
            A retraining also has ``like`` (tokenizer.json text) or ``like_path`` and
            ``like_options`` (a file to open): that tokenizer's pipeline is trained. A
            builder's training has ``spec`` (``PipelineSpec.to_dict()``), trained instead.
            A parity-aware BPE training has ``languages_dir`` (one file per language, dev
            texts in its ``dev`` subfolder), read instead of ``paths``, and either
            ``parity`` (the trainer's options: ``variant``, ``global_merges`` ...) or a
            builder's ``spec`` whose BPE trainer names that folder.
        cancel: polled by the core; True stops the training.
    """
    paths = [Path(p) for p in request["paths"]]
    cache = request.get("counts_cache", counts_cache_dir())
    if request.get("languages_dir") is not None:  # parity-aware BPE: a corpus per language
        result = yield from _train_parity(request, cancel)
    # a pipeline from the builder (subword_core.teaching.builder)
    elif request.get("spec") is not None:
        from subword_core.teaching.builder import PipelineSpec, spec_preset

        preset = spec_preset(PipelineSpec.from_dict(request["spec"]))
        result = yield from train_preset(preset, paths, cancel=cancel, counts_cache=cache,
                                         **request.get("reading", {}))
    else:
        like = _original(request)
        result = yield from train_tokenizer(
            paths, None if like is not None else request["algorithm"],
            request["vocab_size"], min_frequency=request["min_frequency"],
            special_tokens=request["special_tokens"], scoring=request["scoring"],
            cancel=cancel, like=like, counts_cache=cache, **request.get("reading", {}))
    history = result.history
    records = list(history.records) if history is not None else []
    chunks = [records[i:i + RECORDS_PER_PART] for i in range(0, len(records), RECORDS_PER_PART)]
    head = (result.tokenizer.to_str(),
            history.trainer if history is not None else None,
            dict(history.options) if history is not None else None,
            result.report)
    return head + tuple(chunks)


def _train_parity(request: dict[str, Any], cancel: Callable[[], bool]) -> Generator[Any, None, Any]:
    """Parity-aware BPE on a languages folder (:mod:`subword_core.training.parity`)."""
    if request.get("spec") is not None:  # the Build view's pipeline, with its folder
        from subword_core.teaching.builder import PipelineSpec, train_spec

        return (yield from train_spec(PipelineSpec.from_dict(request["spec"]), None,
                                      cancel=cancel))
    from subword_core.training.parity import language_files, train_parity_tokenizer

    files, dev = language_files(request["languages_dir"])
    return (yield from train_parity_tokenizer(
        files, request["vocab_size"], dev=dev, min_frequency=request["min_frequency"],
        special_tokens=request["special_tokens"], cancel=cancel, **request.get("parity", {})))


def counts_cache_dir() -> Path:
    """Where word counts are cached: ``$XDG_CACHE_HOME/subword-explorer/counts`` (the child
    process has no Qt to ask for the platform's cache location)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "subword-explorer" / "counts"


def _original(request: dict[str, Any]) -> Any:
    """The tokenizer a retraining learns like: opened again here from its file (``like_path``
    with the options it was opened with), or its ``tokenizer.json`` text (``like``); None
    for an ordinary training."""
    if request.get("like_path"):
        from subword_core.formats import open_tokenizer

        return open_tokenizer(request["like_path"], **request.get("like_options", {}))
    return request.get("like")


def finish_train_job(result: tuple[Any, ...]) -> TrainedResult:
    """Run in the GUI process's worker thread: rebuild everything the panes will show."""
    tokenizer_json, trainer, options, report, *chunks = result
    tokenizer = tokenizer_from_str(tokenizer_json)
    history = None
    if trainer is not None:
        history = TrainingHistory(trainer, options or {})
        for chunk in chunks:
            history.records.extend(chunk)
    # the first encode compiles the pre-tokenizer's regex (~0.1 s): pay it here, not in the GUI
    tokenizer.encode("warm up")
    return TrainedResult(tokenizer, history, report, MergeGraph.of(tokenizer, history),
                         tokenizer.get_vocab_size())
