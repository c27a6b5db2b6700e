"""The training job run in the training child process (imports ``subword_core`` only, no Qt).

:func:`train_job` is what :class:`~app.workers.ProcessGeneratorWorker` starts:
it reads the corpus and trains with the preset asked for.
:func:`finish_train_job` then runs in the GUI process's worker thread: it rebuilds
the tokenizer and indexes its merges (``analysis.MergeGraph``), so the GUI thread
receives a tokenizer it can show without further work.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from subword_core.analysis import MergeGraph
from subword_core.presets import train_tokenizer
from subword_core.tokenizer import Tokenizer


def train_job(request: dict[str, Any], cancel: Callable[[], bool]
              ) -> Generator[Any, None, tuple[str, Any, Any]]:
    """Yield the core's events; return ``(tokenizer_json, history, report)``.

    The result is a flat tuple so that the process worker can send it piece by piece,
    and the tokenizer travels as its ``tokenizer.json`` text: unpickling a 32k-token
    model is one C call that holds the GUI process's GIL for a few hundred ms,
    whereas :func:`finish_train_job` rebuilds it in Python (which yields the GIL).

    Args:
        request: ``paths``, ``algorithm``, ``vocab_size``, ``min_frequency``,
            ``special_tokens`` and ``scoring`` (as the training pane's form gives them), and
            ``reading``: the corpus's ``field`` / ``column`` / ``glob`` options, if any.
        cancel: polled by the core; True stops the training.
    """
    result = yield from train_tokenizer(
        [Path(p) for p in request["paths"]], request["algorithm"], request["vocab_size"],
        min_frequency=request["min_frequency"], special_tokens=request["special_tokens"],
        scoring=request["scoring"], cancel=cancel, **request.get("reading", {}))
    return result.tokenizer.to_str(), result.history, result.report


def finish_train_job(result: tuple[str, Any, Any]) -> tuple[Any, Any, Any, MergeGraph]:
    """Run in the GUI process's worker thread: ``(tokenizer, history, report, merge_graph)``."""
    tokenizer_json, history, report = result
    tokenizer = Tokenizer.from_str(tokenizer_json)
    # the first encode compiles the pre-tokenizer's regex (~0.1 s): pay it here, not in the GUI
    tokenizer.encode("warm up")
    return tokenizer, history, report, MergeGraph.of(tokenizer, history)
