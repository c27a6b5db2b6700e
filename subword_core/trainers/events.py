"""Typed progress events that every trainer yields (see STYLE.md section 5).

Events are small frozen, slotted, picklable dataclasses, so a worker thread can
hand them to the GUI as they are. A trainer's ``iter_train`` yields them and
returns ``(model, history)``; :mod:`.history` stores the record-worthy ones
(:class:`MergeAdded`, :class:`UnigramStep`) as JSON lines.

Stage names are stable snake_case strings, never human labels:
``count_words``, ``count_pairs``, ``merge``, ``seed``, ``em``, ``prune``, ``finalize``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._util.progress import StageProgress, StageStarted

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class MergeAdded:
    """One BPE/WordPiece merge, in the order the trainer made it.

    Args:
        rank: 0-based, contiguous: the position in the model's merge list (unless
            HF's quirk merges one pair twice; the model keeps the later rank).
        left, right: the merged symbols (as they appear in the vocabulary).
        token: the new symbol; ``token_id`` its id in the final vocabulary.
        count: weighted frequency of the pair when it was merged.
        words_touched: distinct words in which the pair was replaced.
        runner_up, runner_up_count: the best other candidate at that moment
            (``None`` when there was none).
        is_tie: the runner-up had the same score, so the tie-break decided.
        score: the selection score; for BPE it equals ``count``; for WordPiece
            likelihood it is ``count / (left_count * right_count)``.
        left_count, right_count: frequencies of ``left`` and ``right`` as symbols
            at merge time (WordPiece trainers only, else ``None``).
        runner_up_score: the runner-up's score (WordPiece likelihood only).
        language: the language whose turn it was (parity-aware BPE only: the language
            the merge was chosen for; ``None`` for its global merges and other trainers).
        language_lengths: parity-aware BPE only: each language's length in tokens (on its
            development text, or its training text when parity is measured by ratios) just
            before the merge, in the order of the history's ``languages`` option.
    """

    rank: int
    left: str
    right: str
    token: str
    token_id: int
    count: int
    words_touched: int = 0
    runner_up: Pair | None = None
    runner_up_count: int | None = None
    is_tie: bool = False
    score: float | None = None
    left_count: int | None = None
    right_count: int | None = None
    runner_up_score: float | None = None
    language: str | None = None
    language_lengths: tuple[int, ...] | None = None

    @property
    def pair(self) -> Pair:
        """``(left, right)``."""
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class UnigramStep:
    """One Unigram EM/pruning round.

    Args:
        round: 0-based round number.
        vocab_size: pieces kept after the round.
        loss: corpus negative log-likelihood after the round.
        removed: pieces pruned in the round with their loss increase,
            ``((piece, loss_increase), ...)``.
    """

    round: int
    vocab_size: int
    loss: float
    removed: tuple[tuple[str, float], ...] = ()


TrainEvent = StageStarted | StageProgress | MergeAdded | UnigramStep

#: Events worth keeping in a :class:`~subword_core.trainers.history.TrainingHistory`.
RECORD_TYPES: tuple[type, ...] = (MergeAdded, UnigramStep)

__all__ = [
    "RECORD_TYPES",
    "MergeAdded",
    "Pair",
    "StageProgress",
    "StageStarted",
    "TrainEvent",
    "UnigramStep",
]
