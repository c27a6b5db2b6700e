"""``tokenizers.trainers``: the trainers, with HF's defaults (``import subword_core.compat as
tokenizers``).

They are subword_core's trainers (same options, same merges, same events); one default
differs from the core class: :class:`WordPieceTrainer` picks pairs by count, as HF's does
(``scoring="frequency"``), where ``subword_core.trainers.WordPieceTrainer`` defaults to the
WordPiece likelihood criterion.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import trainers as _trainers
from ..trainers.base import TrainerBase, option
from ._names import alias


@dataclass(kw_only=True)
class WordPieceTrainer(_trainers.WordPieceTrainer):
    """HF's ``WordPieceTrainer``: BPE merges by pair count, symbols inside words prefixed ``##``."""

    scoring: str = option("frequency", help="'frequency' (HF) or 'likelihood' (WordPiece).",
                          choices=("frequency", "likelihood"))


__all__ = alias(globals(), ("BpeTrainer", "Trainer", "UnigramTrainer", "WordLevelTrainer",
                            "WordPieceTrainer"), _trainers,
                Trainer=TrainerBase, WordPieceTrainer=WordPieceTrainer)
