"""Trainers: word counts in, ``(model, TrainingHistory)`` out, as generators of events.

- :mod:`.events` — typed progress events (StageStarted, StageProgress, MergeAdded, UnigramStep).
- :mod:`.base` — shared options (:class:`TrainerBase`), :func:`drive`.
- :mod:`.history` — :class:`TrainingHistory`, saved as JSON lines.
- :mod:`.bpe` — :class:`BpeTrainer`, :class:`WordPieceTrainer`.
- :mod:`.unigram` — :class:`UnigramTrainer`.
"""

from __future__ import annotations

from .base import TrainerBase, drive
from .bpe import BpeTrainer, WordPieceTrainer
from .events import MergeAdded, StageProgress, StageStarted, TrainEvent, UnigramStep
from .history import TrainingHistory

__all__ = [
    "BpeTrainer",
    "MergeAdded",
    "StageProgress",
    "StageStarted",
    "TrainEvent",
    "TrainerBase",
    "TrainingHistory",
    "UnigramStep",
    "WordPieceTrainer",
    "drive",
]

try:
    from .unigram import UnigramTrainer
except ModuleNotFoundError as exc:  # pragma: no cover - only while unigram.py is being written
    if exc.name != f"{__name__}.unigram":
        raise
else:
    __all__ += ["UnigramTrainer"]
