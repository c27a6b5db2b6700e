"""Trainers: word counts in, ``(model, TrainingHistory)`` out, as generators of events.

- :mod:`.events` — typed progress events (StageStarted, StageProgress, MergeAdded, UnigramStep).
- :mod:`.base` — shared options (:class:`TrainerBase`), :func:`drive`.
- :mod:`.history` — :class:`TrainingHistory`, saved as JSON lines.
- :mod:`.bpe` — :class:`BpeTrainer`, :class:`WordPieceTrainer`.
- :mod:`.parity_bpe` — :class:`ParityBpeTrainer` (parity-aware BPE over several languages).
- :mod:`.unigram` — :class:`UnigramTrainer`.
- :mod:`.wordlevel` — :class:`WordLevelTrainer`.
"""

from __future__ import annotations

from .._util.progress import StageProgress, StageStarted, drive
from .base import TrainerBase
from .bpe import BpeTrainer, WordPieceTrainer
from .events import MergeAdded, TrainEvent, UnigramStep
from .history import TrainingHistory
from .parity_bpe import ParityBpeTrainer
from .wordlevel import WordLevelTrainer

__all__ = [
    "BpeTrainer",
    "MergeAdded",
    "ParityBpeTrainer",
    "StageProgress",
    "StageStarted",
    "TrainEvent",
    "TrainerBase",
    "TrainingHistory",
    "UnigramStep",
    "UnigramTrainer",
    "WordLevelTrainer",
    "WordPieceTrainer",
    "drive",
]


def __getattr__(name: str):
    # UnigramTrainer needs numpy; importing it lazily keeps `import subword_core.trainers`
    # (events, history, BPE) free of numpy for encode-only users and the app's first paint.
    if name == "UnigramTrainer":
        from .unigram import UnigramTrainer

        return UnigramTrainer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
