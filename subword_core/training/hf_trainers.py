"""The trainers with HF's defaults, as ``tokenizers.trainers`` has them.

Two defaults differ from the core classes of :mod:`subword_core.trainers`:
:class:`WordPieceTrainer` picks pairs by count (``scoring="frequency"``) where the core class
defaults to the WordPiece likelihood criterion, and :class:`UnigramTrainer` has no unknown
token unless given one (``unk_token=None``) where the core class defaults to ``"<unk>"``.

HF's training API (:mod:`.hf_api`: ``model.get_trainer()``, ``Tokenizer.train``) and the
``implementations`` train with them; HF users see them as ``subword_core.compat.trainers``,
the module their reprs and pickles name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import trainers as _trainers
from ..trainers.base import option

#: Where HF users find these classes (``import subword_core.compat as tokenizers``).
PUBLIC_MODULE = "subword_core.compat.trainers"


@dataclass(kw_only=True)
class WordPieceTrainer(_trainers.WordPieceTrainer):
    """HF's ``WordPieceTrainer``: BPE merges by pair count, symbols inside words prefixed ``##``."""

    scoring: str = option("frequency", help="'frequency' (HF) or 'likelihood' (WordPiece).",
                          choices=("frequency", "likelihood"))


WordPieceTrainer.__module__ = PUBLIC_MODULE


def _hf_unigram_trainer() -> type:
    @dataclass(kw_only=True)
    class UnigramTrainer(_trainers.UnigramTrainer):
        """HF's ``UnigramTrainer``: no unknown token unless ``unk_token`` is given."""

        unk_token: str | None = option(None, help="Unknown token, id 0 unless it is a special "
                                       "token; None: no unknown token.", hf="unk_token",
                                       spm="unk_piece")

    UnigramTrainer.__module__, UnigramTrainer.__qualname__ = PUBLIC_MODULE, "UnigramTrainer"
    return UnigramTrainer


def __getattr__(name: str) -> Any:
    # UnigramTrainer is built on first use: the core class imports numpy, which the rest of
    # this module does not need (as subword_core.trainers does).
    if name == "UnigramTrainer":
        globals()[name] = cls = _hf_unigram_trainer()
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
