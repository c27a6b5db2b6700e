"""The WordPiece likelihood merge loop: best ``count(ab) / (count(a) * count(b))`` first.

Used by :class:`~subword_core.trainers.bpe.WordPieceTrainer` (``scoring="likelihood"``),
on the same words and pair counts as the BPE loop (:mod:`._pairs`).

Two things make it harder than the frequency loop, and are handled here:

* a merge of ``(a, b)`` lowers ``count(a)`` and ``count(b)``, so the score of
  *every* pair holding ``a`` or ``b`` rises, touched words or not: those pairs
  are re-queued (``partners``);
* ties go to the pair a naive recount would see first (scanning the words in
  the order of ``word_counts``, each left to right — what ``max`` over a freshly
  built dict returns, as in the HF course's WordPiece code). A pair's position
  is ``(word index, character offset)``; character offsets do not move when
  symbols merge, so ``first[key]`` stays a lower bound, exact until that
  occurrence is destroyed, and is repaired lazily.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Generator
from operator import add

from .._util.progress import StageProgress, StageStarted, Ticker
from ._pairs import CHECK_EVERY, Key, PairState, Setup, apply_merge, new_symbol
from .base import TrainerBase
from .events import MergeAdded, TrainEvent
from .history import TrainingHistory

Position = tuple[int, int]  # (word index, character offset)


class ScoreQueue:
    """Max-heap of likelihood scores; entries ``(-score, word, offset, key)``.

    An entry is valid while its score is current and its position is still the
    pair's first occurrence; anything else is refreshed when it reaches the top.
    """

    def __init__(self, state: PairState, where: dict[Key, set[int]], min_frequency: int) -> None:
        self.state, self.where = state, where
        self.min_frequency = max(1, min_frequency)
        self.first: dict[Key, Position] = {}
        self.partners: dict[str, set[Key]] = {}  # symbol -> pairs that (once) held it
        self.heap: list[tuple[float, int, int, Key]] = []

    def fill(self, stage: str = "count_pairs") -> Generator[StageProgress, None, None]:
        """Find each pair's first position and queue every pair (yields progress)."""
        ticker, words = Ticker(), self.state.words
        for i, word in enumerate(words):
            if i % CHECK_EVERY == 0 and ticker.due():
                yield StageProgress(stage, i, len(words))
            for j, key in enumerate(map(add, word, word[1:])):  # every symbol is 1 char now
                if key not in self.first:
                    self.first[key] = (i, j)
                    self._note(key)
        self.heap = [(-self.score(k), *self.first[k], k) for k in self.first if self._live(k)]
        heapq.heapify(self.heap)

    def _note(self, key: Key) -> None:
        self.partners.setdefault(key[0], set()).add(key)
        self.partners.setdefault(key[1], set()).add(key)

    def _live(self, key: Key) -> bool:
        return self.state.pair_counts.get(key, 0) >= self.min_frequency

    def score(self, key: Key) -> float:
        """``count(ab) / (count(a) * count(b))`` with the current counts."""
        sym = self.state.symbol_counts
        return self.state.pair_counts[key] / (sym[ord(key[0])] * sym[ord(key[1])])

    def locate(self, key: Key) -> Position | None:
        """The pair's first current occurrence, repairing ``first[key]`` if it was destroyed."""
        words, lengths = self.state.words, self.state.lengths
        w, off = self.first[key]
        if offset_of(words[w], key, lengths, off) == off:
            return w, off
        holders = self.where.get(key, set())
        for i in sorted(i for i in holders if i >= w):
            found = offset_of(words[i], key, lengths)
            if found is not None:
                self.first[key] = (i, found)
                return i, found
            holders.discard(i)  # safe: a word regaining the pair comes back through `created`
        return None

    def peek(self, skip: Key | None = None) -> tuple[Key, float] | None:
        """The best valid pair (other than ``skip``) and its score."""
        heap = self.heap
        while heap:
            neg, w, off, key = heap[0]
            if key == skip or not self._live(key):
                heapq.heappop(heap)
                continue
            score, where = self.score(key), self.locate(key)
            if where is None:
                heapq.heappop(heap)
            elif -neg == score and where == (w, off):
                return key, score
            else:
                heapq.heapreplace(heap, (-score, *where, key))
        return None

    def merged(self, key: Key, created: dict[Key, set[int]]) -> None:
        """Bookkeeping once ``key`` was merged everywhere: rescore what changed."""
        state = self.state
        state.pair_counts[key] = 0  # every occurrence is gone (HF's deltas keep the old count)
        self.where.pop(key, None)
        # 1. created occurrences may come before a pair's known first one
        for ckey, cpos in created.items():
            self.where.setdefault(ckey, set()).update(cpos)
            cand = self._first_in(ckey, cpos)
            if cand is None:  # created, then destroyed again further along the same word
                continue
            self._note(ckey)  # again: a pair pruned as dead may have come back
            old = self.first.get(ckey)
            if old is None or cand < old:
                self.first[ckey] = cand
        # 2. count(a) and count(b) fell, so every pair holding a or b scores higher now
        todo = set(created)
        for s in set(key):
            todo.update(self._live_partners(s))
        self._push_all(todo)

    def _live_partners(self, symbol: str) -> set[Key]:
        """Pairs holding ``symbol`` with a positive count (dead ones are dropped for good
        unless re-created, which re-notes them)."""
        get = self.state.pair_counts.get
        group = self.partners.get(symbol, set())
        live = {k for k in group if get(k, 0) > 0}
        if len(live) < len(group):
            self.partners[symbol] = live
        return live

    def _push_all(self, keys: set[Key]) -> None:
        # subtle: the hot loop of likelihood training (about a hundred pairs per merge),
        # so `_live` and `score` are inlined
        heap, first, sym, minimum = self.heap, self.first, self.state.symbol_counts, \
            self.min_frequency
        get, push = self.state.pair_counts.get, heapq.heappush
        for k in keys:
            count = get(k, 0)
            if count >= minimum:
                w, off = first[k]
                push(heap, (-(count / (sym[ord(k[0])] * sym[ord(k[1])])), w, off, k))

    def _first_in(self, key: Key, positions: set[int]) -> Position | None:
        for i in sorted(positions):
            off = offset_of(self.state.words[i], key, self.state.lengths)
            if off is not None:
                return i, off
        return None


def offset_of(word: str, key: Key, lengths: list[int], at: int | None = None) -> int | None:
    """Character offset of the first ``key`` pair in ``word`` (or only the one at ``at``)."""
    j = word.find(key)
    while j >= 0:
        off = sum(lengths[ord(ch)] for ch in word[:j])
        if at is None or off == at:
            return off
        if off > at:
            return None
        j = word.find(key, j + 1)
    return None


def likelihood_merges(setup: Setup, trainer: TrainerBase, prefix: str | None,
                      history: TrainingHistory
                      ) -> Generator[TrainEvent, None, list[tuple[int, int, int]]]:
    """Merge the best-scoring pair until ``vocab_size``; yield one MergeAdded per merge."""
    vocab, state = setup.vocab, setup.state
    tokens, sym, total = vocab.tokens, state.symbol_counts, trainer.vocab_size
    # the likelihood queue discards positions one by one: sets, not count_pairs' arrays
    queue = ScoreQueue(state, {key: set(pos) for key, pos in setup.where.items()},
                       trainer.min_frequency)
    setup.where = {}
    yield from queue.fill()
    merges: list[tuple[int, int, int]] = []
    ticker = Ticker()
    yield StageStarted("merge", total)
    while len(tokens) < total:
        # 1. best pair, then the runner-up (with the best taken off the heap)
        top = queue.peek()
        if top is None:
            break
        key, score = top
        heapq.heappop(queue.heap)
        runner = queue.peek(skip=key)
        a, b = ord(key[0]), ord(key[1])
        count, left_count, right_count = state.pair_counts[key], sym[a], sym[b]
        # subtle: the runner-up's count now, at decision time; the merge below can consume
        # occurrences of it (a shared symbol), and read afterwards it was often 0
        runner_count = state.pair_counts[runner[0]] if runner is not None else None
        # 2. merge in every word that held the pair, then rescore
        new, fresh = new_symbol(setup, a, b, prefix)
        created: defaultdict[Key, set[int]] = defaultdict(set)
        positions = queue.where.get(key, set())
        touched = yield from apply_merge(setup, positions, a, b, new, fresh, created, ticker,
                                         total)
        queue.merged(key, created)
        merges.append((a, b, new))
        # 3. record
        runner_pair = runner_score = None
        if runner is not None:
            rkey, runner_score = runner
            runner_pair = (tokens[ord(rkey[0])], tokens[ord(rkey[1])])
        event = MergeAdded(len(merges) - 1, tokens[a], tokens[b], tokens[new], new, count,
                           touched, runner_pair, runner_count, runner_score == score, score,
                           left_count, right_count, runner_score)
        history.records.append(event)
        yield event
        if ticker.due():
            yield StageProgress("merge", len(tokens), total)
    return merges
