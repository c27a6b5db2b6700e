"""``tokenizers.trainers``: the trainers, with HF's defaults (``import subword_core.compat as
tokenizers``).

They are subword_core's trainers (same options, same merges, same events); two defaults
differ from the core classes, to be HF's: :class:`WordPieceTrainer` picks pairs by count
(``scoring="frequency"``) where ``subword_core.trainers.WordPieceTrainer`` defaults to the
WordPiece likelihood criterion, and :class:`UnigramTrainer` has no unknown token unless
given one (``unk_token=None``) where the core class defaults to ``"<unk>"``.
"""

from __future__ import annotations

from typing import Any

from .. import trainers as _trainers
from ..trainers.base import TrainerBase
from ..training import hf_trainers
from ..training.hf_trainers import WordPieceTrainer
from ._names import alias


def __getattr__(name: str) -> Any:
    # UnigramTrainer is built on first use (numpy), see training.hf_trainers
    if name == "UnigramTrainer":
        globals()[name] = cls = hf_trainers.UnigramTrainer
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = alias(globals(), ("BpeTrainer", "Trainer", "WordLevelTrainer",
                            "WordPieceTrainer"), _trainers,
                Trainer=TrainerBase, WordPieceTrainer=WordPieceTrainer)
__all__.append("UnigramTrainer")
