"""Teaching views of BPE: the merges applied to one word, and the merges behind one token.

Both read the tables of a :class:`~subword_core.models.bpe.BPE` and return frozen
dataclasses the GUI can show as they are. :func:`trace_merges` replays the merge loop
that ``BPE.tokenize`` runs (lowest rank first, leftmost on a tie), recording the
candidates at every step. :func:`build_lineage` walks the merge list backwards, from a
token to the characters it is made of.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..pretokenized import Token

if TYPE_CHECKING:
    from .bpe import BPE


@dataclass(frozen=True, slots=True)
class MergeCandidate:
    """An adjacent pair that has a merge: symbols ``position`` and ``position + 1``."""

    position: int
    left: str
    right: str
    rank: int


@dataclass(frozen=True, slots=True)
class MergeStep:
    """One merge: the symbols before, the pairs that could merge, the one chosen, after."""

    before: tuple[str, ...]
    candidates: tuple[MergeCandidate, ...]
    chosen: MergeCandidate
    merged: str
    after: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MergeTrace:
    """How one word was merged.

    ``stop_reason`` is one of ``"empty"`` (no input), ``"whole_word_in_vocab"``
    (``ignore_merges`` and the word is a token), ``"no_symbols"`` (every character was
    dropped), ``"single_symbol"`` (nothing left to pair) and ``"no_merge_applies"``.
    """

    word: str
    initial: tuple[str, ...]
    steps: tuple[MergeStep, ...]
    tokens: tuple[Token, ...]
    stop_reason: str


@dataclass(frozen=True, slots=True)
class LineageNode:
    """A token and the two tokens merged into it; ``rank`` is None for base symbols."""

    token: str
    id: int
    rank: int | None = None
    left: LineageNode | None = None
    right: LineageNode | None = None

    def leaves(self) -> list[str]:
        """The base symbols the token is built from, left to right."""
        if self.left is None or self.right is None:
            return [self.token]
        return self.left.leaves() + self.right.leaves()


def trace_merges(bpe: BPE, word: str) -> MergeTrace:
    """Replay ``bpe.tokenize(word)`` (without dropout), one :class:`MergeStep` per merge."""
    if not word:
        return MergeTrace(word, (), (), (), "empty")
    whole = bpe.token_to_id(word) if bpe.ignore_merges else None
    if whole is not None:
        token = Token(whole, word, (0, len(word)))
        return MergeTrace(word, (word,), (), (token,), "whole_word_in_vocab")
    ids, lens, in_bytes = bpe.initial_symbols(word)
    names = bpe.vocab_by_id
    new_ids = bpe.merge_result_ids
    initial = tuple(names[i] for i in ids)
    steps = []
    while True:
        candidates = _candidates(bpe, ids)
        if not candidates:
            break
        chosen = min(candidates, key=lambda c: (c.rank, c.position))
        before = tuple(names[i] for i in ids)
        i = chosen.position
        ids[i : i + 2] = [new_ids[chosen.rank]]
        lens[i : i + 2] = [lens[i] + lens[i + 1]]
        after = tuple(names[i] for i in ids)
        steps.append(MergeStep(before, tuple(candidates), chosen, names[ids[i]], after))
    tokens = tuple(bpe.symbols_to_tokens(word, ids, lens, in_bytes))
    reason = "no_symbols" if not ids else "single_symbol" if len(ids) == 1 else "no_merge_applies"
    return MergeTrace(word, initial, tuple(steps), tokens, reason)


def _candidates(bpe: BPE, ids: list[int]) -> list[MergeCandidate]:
    names, get = bpe.vocab_by_id, bpe.pair_ranks.get
    result = []
    for i in range(len(ids) - 1):
        rank = get((ids[i], ids[i + 1]))
        if rank is not None:
            result.append(MergeCandidate(i, names[ids[i]], names[ids[i + 1]], rank))
    return result


def build_lineage(bpe: BPE, token: str) -> LineageNode | None:
    """The merge tree of ``token``; None if no merge produces it."""
    token_id = bpe.token_to_id(token)
    producers = _producers(bpe)
    if token_id is None or token_id not in producers:
        return None
    return _node(bpe, token_id, producers, {}, set())


def _producers(bpe: BPE) -> dict[int, tuple[int, int, int]]:
    """new id -> (rank, left id, right id) of the first (lowest-rank) merge producing it."""
    cached = getattr(bpe, "_lineage_producers", None)
    if cached is None:
        cached = {}
        new_ids = bpe.merge_result_ids
        for (left, right), rank in sorted(bpe.pair_ranks.items(), key=lambda item: item[1]):
            cached.setdefault(new_ids[rank], (rank, left, right))
        object.__setattr__(bpe, "_lineage_producers", cached)  # the merge table never changes
    return cached


def _node(bpe: BPE, token_id: int, producers, memo: dict, visiting: set) -> LineageNode:
    if token_id in memo:
        return memo[token_id]
    name = bpe.vocab_by_id[token_id]
    produced = producers.get(token_id)
    if produced is None or token_id in visiting:
        # visiting: a hand-made vocab can loop (a token "made" from itself); stop there.
        node = LineageNode(name, token_id)
    else:
        visiting.add(token_id)
        rank, left, right = produced
        node = LineageNode(
            name, token_id, rank,
            _node(bpe, left, producers, memo, visiting),
            _node(bpe, right, producers, memo, visiting),
        )
        visiting.discard(token_id)
    memo[token_id] = node
    return node
