"""One overall progress fraction and ETA for a whole training run, across its stages.

A run of :func:`~subword_core.training.presets.train_tokenizer` goes through several stages
(reading the corpus, counting words and pairs, merging or EM rounds, finishing),
each with its own ``StageStarted`` / ``StageProgress`` events and its own total. A
progress bar that restarts at each stage says little; :class:`OverallProgress`
maps every event onto one fraction of the whole run, which never goes backwards,
and estimates the time left from it.

Each stage owns a fixed slice of the run (measured shares of a 10 MB training,
rounded): reading the corpus takes the first third, merging (BPE, WordPiece) or the
EM and pruning rounds (Unigram) most of the rest. Unigram rounds have no fixed count,
so their share follows the vocabulary size from the seed size down to the target,
on a log scale (each round prunes a fraction of the pieces).

Example:
    >>> from subword_core.trainers.events import StageStarted, StageProgress
    >>> p = OverallProgress("byte-bpe", target=1000)
    >>> p.update(StageStarted("count_words", 100)); p.update(StageProgress("count_words", 50, 100))
    >>> round(p.fraction, 3), p.label
    (0.175, 'Reading the corpus')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from .._util.progress import StageProgress, StageStarted
from ..trainers.events import UnigramStep

#: (start, end) of each stage's slice of the run, for merge-based trainers.
MERGE_SLICES = {"read": (0.0, 0.35), "count_words": (0.35, 0.40), "count_pairs": (0.40, 0.45),
                "merge": (0.45, 0.97), "finalize": (0.97, 1.0)}
#: The same for Unigram: the EM / prune rounds share one slice.
UNIGRAM_SLICES = {"read": (0.0, 0.30), "seed": (0.30, 0.40), "rounds": (0.40, 0.97),
                  "finalize": (0.97, 1.0)}
LABELS = {"read": "Reading the corpus", "count_words": "Counting words",
          "count_pairs": "Counting pairs", "merge": "Merging", "seed": "Seeding pieces",
          "em": "EM round", "prune": "Pruning", "finalize": "Finishing"}
#: Below this fraction the ETA is too noisy to show.
ETA_MIN_FRACTION = 0.03


class OverallProgress:
    """Folds training events into one monotone fraction, a stage label and an ETA.

    Args:
        algorithm: the preset (``byte-bpe``, ``bpe``, ``wordpiece``, ``unigram``).
        target: the vocabulary size asked for (Unigram rounds are measured against it).
        clock: seconds, monotone (a parameter so tests can drive time).
    """

    def __init__(self, algorithm: str, target: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.unigram = algorithm == "unigram"
        self.slices = UNIGRAM_SLICES if self.unigram else MERGE_SLICES
        self.target = target
        self.clock = clock
        self.started = clock()
        self.fraction = 0.0
        self.stage = "read"
        self._read_done = False
        self._merge_start: int | None = None
        self._seed_size: int | None = None

    @property
    def label(self) -> str:
        return LABELS.get(self.stage, self.stage.replace("_", " "))

    @property
    def percent(self) -> int:
        return int(100 * self.fraction)

    def eta_seconds(self) -> float | None:
        """Seconds left, from the time so far and the fraction done; None while unknown."""
        if not ETA_MIN_FRACTION <= self.fraction < 1.0:
            return None
        elapsed = self.clock() - self.started
        return elapsed * (1.0 - self.fraction) / self.fraction

    def update(self, event: Any) -> None:
        """Take one event (other kinds are ignored)."""
        if isinstance(event, StageStarted):
            self._start(event.stage, event.total)
        elif isinstance(event, StageProgress):
            self._progress(event.stage, event.current, event.total)
        elif isinstance(event, UnigramStep):
            self._unigram_round(event.vocab_size)

    def finish(self) -> None:
        self.stage = "finalize"
        self.fraction = 1.0

    # -- the mapping ---------------------------------------------------------------------------
    def _slice_of(self, stage: str) -> str:
        if stage == "count_words" and not self._read_done:
            return "read"  # the first count_words reads the corpus (in bytes)
        if self.unigram and stage in ("em", "prune"):
            return "rounds"
        return stage

    def _start(self, stage: str, _total: int | None) -> None:
        key = self._slice_of(stage)
        if key != "read":
            self._read_done = True
        self.stage = "read" if key == "read" else stage
        if key in self.slices:
            self._advance(self.slices[key][0])

    def _progress(self, stage: str, current: int, total: int | None) -> None:
        key = self._slice_of(stage)
        if key not in self.slices or key == "rounds":
            return
        if stage == "merge" and self._merge_start is None:
            self._merge_start = current  # merging starts from the alphabet, not from 0
        start = self._merge_start if stage == "merge" else 0
        if total and total > start:
            self._at(key, (current - start) / (total - start))
        if key == "read" and total and current >= total:
            self._read_done = True

    def _unigram_round(self, vocab_size: int) -> None:
        if self._seed_size is None:
            self._seed_size = vocab_size
        seed, target = self._seed_size, self.target or vocab_size
        if seed > target and vocab_size > 0:
            self._at("rounds", math.log(seed / max(vocab_size, 1)) / math.log(seed / target))

    def _at(self, key: str, within: float) -> None:
        lo, hi = self.slices[key]
        self._advance(lo + (hi - lo) * min(1.0, max(0.0, within)))

    def _advance(self, fraction: float) -> None:
        self.fraction = max(self.fraction, min(1.0, fraction))


def format_eta(seconds: float | None) -> str:
    """``ETA 42 s`` / ``ETA 3 min 05 s``; empty while unknown."""
    if seconds is None:
        return ""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"ETA {seconds} s"
    return f"ETA {seconds // 60} min {seconds % 60:02d} s"


__all__ = ["OverallProgress", "format_eta"]
