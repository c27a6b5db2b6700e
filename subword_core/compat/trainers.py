"""``tokenizers.trainers``: the trainers, with HF's defaults (``import subword_core.compat as
tokenizers``).

They are subword_core's trainers (same options, same merges, same events); two defaults
differ from the core classes, to be HF's: :class:`WordPieceTrainer` picks pairs by count
(``scoring="frequency"``) where ``subword_core.trainers.WordPieceTrainer`` defaults to the
WordPiece likelihood criterion, and :class:`UnigramTrainer` has no unknown token unless
given one (``unk_token=None``) where the core class defaults to ``"<unk>"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import trainers as _trainers
from ..trainers.base import TrainerBase, option
from ._names import alias


@dataclass(kw_only=True)
class WordPieceTrainer(_trainers.WordPieceTrainer):
    """HF's ``WordPieceTrainer``: BPE merges by pair count, symbols inside words prefixed ``##``."""

    scoring: str = option("frequency", help="'frequency' (HF) or 'likelihood' (WordPiece).",
                          choices=("frequency", "likelihood"))


def _hf_unigram_trainer() -> type:
    from ..trainers.unigram import UnigramTrainer as CoreUnigramTrainer

    @dataclass(kw_only=True)
    class UnigramTrainer(CoreUnigramTrainer):
        """HF's ``UnigramTrainer``: no unknown token unless ``unk_token`` is given."""

        unk_token: str | None = option(None, help="Unknown token, id 0 unless it is a special "
                                       "token; None: no unknown token.", hf="unk_token",
                                       spm="unk_piece")

    UnigramTrainer.__module__, UnigramTrainer.__qualname__ = __name__, "UnigramTrainer"
    return UnigramTrainer


def __getattr__(name: str) -> Any:
    # UnigramTrainer is built on first use: the core class imports numpy, which the rest of
    # this namespace does not need (as subword_core.trainers does).
    if name == "UnigramTrainer":
        globals()[name] = cls = _hf_unigram_trainer()
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = alias(globals(), ("BpeTrainer", "Trainer", "WordLevelTrainer",
                            "WordPieceTrainer"), _trainers,
                Trainer=TrainerBase, WordPieceTrainer=WordPieceTrainer)
__all__.append("UnigramTrainer")
