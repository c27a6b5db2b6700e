"""Suffix-sorted index of the training words: Unigram seed substrings and lattice edges.

:class:`WordTable` lays the distinct words end to end (sorted, so runs are
deterministic); :class:`SuffixIndex` sorts every position of that text by its
next ``max_len + 1`` characters. This is a *truncated suffix array* built by
prefix doubling (Manber-Myers) with numpy sorts, plus the LCP of neighbouring
suffixes by binary lifting over the doubling rank tables. sentencepiece builds a
full enhanced suffix array (esaxx) instead; ours is cut at ``max_len + 1``
characters because longer pieces are never kept, which bounds the work at
``O(n log max_len)`` sorts.

Groups: for a length ``L`` the positions whose next ``L`` characters agree are a
contiguous run of the suffix array (an LCP interval). :meth:`SuffixIndex.levels`
yields them length by length; the seeder scores them (:meth:`Level.candidates`)
and :meth:`SuffixIndex.scatter` turns the chosen ones into lattice edges.

Word ends: the end of a word is one more continuation symbol, the same for
every occurrence, as the ``▁`` of the next word (or the sentence boundary) is in
sentencepiece's raw text. So a substring that only ever ends words is not
right-maximal by itself: ``"▁cat"`` is a seed candidate when ``"▁cat"`` and
``"▁cats"`` (or ``"▁cat,"``) both occur, as in sentencepiece. Characters outside
the alphabet (``limit_alphabet``, ``character_coverage``) end words too: no piece
spans them.

numpy is used throughout because every step is a whole-array sort, scan or
gather over a few million positions; in pure Python each would take seconds.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from .._util.progress import Ticker

Beats = Generator[None, None, object]


@dataclass
class WordTable:
    """Distinct words laid end to end, with per-position lookups.

    Positions ``< n_corpus`` belong to training words; positions after it to extra
    words (vocabulary pieces appended so that they share the rank space) whose
    weight is 0.
    """

    words: list[str]
    weights: np.ndarray  # float64 per word (count; 0 for extra words)
    text: str
    codes: np.ndarray  # int64 code point per position
    starts: np.ndarray  # int64 first position of each word
    lengths: np.ndarray  # int64 length of each word
    word_of_pos: np.ndarray  # int32
    n_words: int  # training words (the first n_words of ``words``)
    n_corpus: int  # positions belonging to training words

    @classmethod
    def build(cls, word_counts: Mapping[str, int], extra: Iterable[str] = ()) -> WordTable:
        """Sort the non-empty, positive-count words; append ``extra`` words with weight 0."""
        # 1. sorted words make every later tie-break independent of the mapping's order
        words = sorted(w for w, c in word_counts.items() if c > 0 and w)
        weights = [float(word_counts[w]) for w in words]
        n_words = len(words)
        extra = [w for w in extra if w]
        all_words = words + extra
        weights += [0.0] * len(extra)
        # 2. one string, and its code points through a single encode (fast)
        text = "".join(all_words)
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
        lengths = np.fromiter(map(len, all_words), dtype=np.int64, count=len(all_words))
        starts = np.zeros(len(all_words), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        word_of_pos = np.repeat(np.arange(len(all_words), dtype=np.int32), lengths)
        n_corpus = int(lengths[:n_words].sum())
        return cls(all_words, np.asarray(weights, dtype=np.float64), text, codes, starts,
                   lengths, word_of_pos, n_words, n_corpus)

    def pos_weights(self) -> np.ndarray:
        """The word count of every position's word."""
        return self.weights[self.word_of_pos]

    def run_lengths(self, good: np.ndarray) -> np.ndarray:
        """Characters from each position to its word end or the next excluded character.

        Args:
            good: bool per position, False for characters outside the alphabet.
        """
        n = len(self.codes)
        idx = np.arange(n, dtype=np.int64)
        word_end = (self.starts + self.lengths)[self.word_of_pos]
        # subtle: reversed running minimum = index of the next excluded character
        stops = np.where(good, n, idx)
        next_bad = np.minimum.accumulate(stops[::-1])[::-1]
        return (np.minimum(word_end, next_bad) - idx).astype(np.int32)


class SuffixIndex:
    """Positions sorted by their next ``max_len + 1`` characters, with LCPs.

    Attributes:
        sa: positions in sorted order (int64).
        lcp: ``lcp[j]`` = common prefix of ``sa[j-1]`` and ``sa[j]`` (``-1`` for j=0),
            counted in characters before a word end or excluded character; one more
            when both end right there (they share the word-end symbol).
        run: per position, the characters available before a word end or excluded one.
    """

    def __init__(self, table: WordTable, run: np.ndarray, max_len: int) -> None:
        self.table = table
        self.run = run
        self.max_len = max_len
        self.sa = np.zeros(0, dtype=np.int64)
        self.lcp = np.zeros(0, dtype=np.int32)
        self.ranks: dict[int, np.ndarray] = {}

    def build(self, ticker: Ticker) -> Beats:
        """Rank tables by doubling, the truncated suffix array, then the LCPs."""
        # 1. ranks of every power-of-two substring (padded past word ends with a sentinel 0)
        _, char_rank = np.unique(self.table.codes, return_inverse=True)
        rank = char_rank.astype(np.int64) + 1
        yield
        width = 1
        self.ranks[1] = rank
        span = self.max_len + 1  # one extra char tells "branches at max_len" apart
        while 2 * width < span:
            rank = self._double(rank, width)
            width *= 2
            self.ranks[width] = rank
            yield
        # 2. sort by the first `span` chars: two overlapping windows of `width` chars
        key = self._pair_key(rank, span - width)
        self.sa = np.argsort(key, kind="stable")
        del key
        yield
        # 3. LCP of neighbours by binary lifting (largest power of two first); the rank
        #    tables are not needed after that
        self.lcp = self._neighbour_lcp()
        self.ranks.clear()
        yield

    def _pair_key(self, rank: np.ndarray, shift: int) -> np.ndarray:
        """``rank[i]`` combined with ``rank[i + shift]`` (0 past the word end)."""
        n = len(rank)
        nxt = np.zeros(n, dtype=np.int64)
        if shift < n:
            full = (self.table.starts + self.table.lengths)[self.table.word_of_pos]
            ok = np.arange(n) + shift < full
            nxt[ok] = rank[np.flatnonzero(ok) + shift]
        return rank * (int(rank.max()) + 1) + nxt

    def _double(self, rank: np.ndarray, width: int) -> np.ndarray:
        key = self._pair_key(rank, width)
        _, dense = np.unique(key, return_inverse=True)
        return dense.astype(np.int64) + 1

    def _neighbour_lcp(self) -> np.ndarray:
        sa, run = self.sa, self.run
        a, b = sa[:-1], sa[1:]
        limit = np.minimum(run[a], run[b]).astype(np.int64)
        common = np.zeros(len(a), dtype=np.int64)
        last = len(sa) - 1
        for width in sorted(self.ranks, reverse=True):
            rank = self.ranks[width]
            fits = common + width <= limit
            ia = np.minimum(a + common, last)
            ib = np.minimum(b + common, last)
            common += width * (fits & (rank[ia] == rank[ib]))
        lcp = np.empty(len(sa), dtype=np.int32)
        lcp[0] = -1
        common = np.minimum(common, limit)
        # subtle: both suffixes end here, so they also agree on the word-end symbol
        common += (run[a] == common) & (run[b] == common)
        lcp[1:] = common
        return lcp

    # -- groups of equal substrings, one length at a time ---------------------------------
    def levels(self) -> Iterator[Level]:
        """For ``L = 1 .. max_len``, the suffix-array slots with ``L`` characters available.

        Slots that cannot hold ``L`` characters are dropped as ``L`` grows, so the work
        shrinks with it. Dropping a slot cannot merge its neighbours' groups: its own
        LCPs are below ``L``, so the next kept slot's LCP is lowered to mark a boundary.
        """
        slots = np.arange(len(self.sa), dtype=np.int64)
        lcp = self.lcp
        run = self.run[self.sa]
        for length in range(1, self.max_len + 1):
            keep = run >= length
            if not keep.all():
                after_kept = np.empty(len(keep), dtype=bool)
                after_kept[0] = False
                after_kept[1:] = keep[:-1]
                lcp = np.where(after_kept, lcp, np.minimum(lcp, length - 1))[keep]
                slots, run = slots[keep], run[keep]
            if len(slots) == 0:
                return
            yield Level(length, slots, lcp, run)

    def scatter(self, level: Level, slots: np.ndarray, piece_ids: np.ndarray,
                out: np.ndarray, row_of_pos: np.ndarray) -> None:
        """Write ``piece_ids`` into ``out[row_of_pos[pos], L-1]`` for every training
        position whose next ``L`` chars equal those at suffix-array ``slots``."""
        gid = level.group_ids()
        by_group = np.full(int(gid[-1]) + 1, -1, dtype=np.int32)
        by_group[gid[np.searchsorted(level.slots, slots)]] = piece_ids
        hit = by_group[gid]
        pos = self.sa[level.slots]
        ok = (hit >= 0) & (pos < self.table.n_corpus)
        out[row_of_pos[pos[ok]], level.length - 1] = hit[ok]

    def slot_of(self, positions: np.ndarray) -> np.ndarray:
        """Suffix-array slot of each position (the inverse permutation, on demand)."""
        inverse = np.empty(len(self.sa), dtype=np.int64)
        inverse[self.sa] = np.arange(len(self.sa))
        return inverse[positions]


@dataclass
class Level:
    """Suffix-array slots holding at least ``length`` characters (see SuffixIndex.levels)."""

    length: int
    slots: np.ndarray  # suffix-array slots, ascending
    lcp: np.ndarray  # LCP with the previous kept slot (< length: a new group starts)
    run: np.ndarray  # characters available at each slot

    def group_ids(self) -> np.ndarray:
        """Group number of each slot: slots agreeing on ``length`` chars share one."""
        return np.cumsum(self.lcp < self.length, dtype=np.int64) - 1

    def candidates(self, weight_sa: np.ndarray, min_count: float
                   ) -> tuple[np.ndarray, np.ndarray]:
        """Repeated, right-maximal substrings of this length, as sentencepiece seeds.

        Args:
            weight_sa: the word count of each suffix-array slot's position.
            min_count: least weighted number of occurrences (at least 2 is enforced).

        Returns:
            ``(slot, count)``: each qualifying group's first suffix-array slot and its
            weighted occurrence count. A group qualifies when it occurs often enough and
            is right-maximal: followed by two different symbols (characters or the
            word end), i.e. two neighbouring slots in it part exactly at ``length``.
        """
        starts = np.flatnonzero(self.lcp < self.length)
        counts = np.add.reduceat(weight_sa[self.slots], starts)
        branching = np.add.reduceat((self.lcp == self.length).astype(np.int32), starts) > 0
        ok = (counts >= max(min_count, 2.0)) & branching
        return self.slots[starts[ok]], counts[ok]

    def counts_at(self, weight_sa: np.ndarray, slots: np.ndarray) -> np.ndarray:
        """Weighted occurrence count of the substrings starting at suffix-array ``slots``."""
        gid = self.group_ids()
        per_group = np.bincount(gid, weights=weight_sa[self.slots])
        return per_group[gid[np.searchsorted(self.slots, slots)]]
