"""Step 1 of Unigram training: the alphabet, the seed vocabulary and the lattice grid.

Seeds follow sentencepiece's ``MakeSeedSentencePieces``: every character, then
the substrings that occur at least twice and are right-maximal (internal nodes
of a suffix tree), scored ``count * length`` and cut to ``seed_size``, all as
log-probabilities of those raw scores. The substrings come from
:class:`~._unigram_index.SuffixIndex`. The grid ``grid[node, length - 1] = seed
id`` records every seed occurrence; lattices are built from it, and pruning
reads each piece's own sub-pieces from it.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np

from .._util.progress import StageProgress
from ..errors import TrainingError
from ._unigram_index import SuffixIndex, WordTable
from .events import TrainEvent

#: Strings per chunk when slicing piece strings out of the text.
_SLICE_CHUNK = 200_000


@dataclass
class Alphabet:
    """The characters kept (most frequent first) and which text positions they cover."""

    chars: list[str]  # corpus characters kept, by count desc then code point
    counts: list[float]
    required: list[str]  # chars + initial_alphabet extras: always in the final vocabulary
    good: np.ndarray  # bool per text position: its character is in the alphabet

    @classmethod
    def build(cls, table: WordTable, coverage: float, limit: int | None,
              initial: list[str]) -> Alphabet:
        """Count characters; cut the rare tail by ``coverage`` (sentencepiece's
        ``character_coverage``) and ``limit`` (HF's ``limit_alphabet``)."""
        # 1. character counts over the training words, most frequent first
        uniq, inverse = np.unique(table.codes[:table.n_corpus], return_inverse=True)
        counts = np.bincount(inverse, weights=table.pos_weights()[:table.n_corpus])
        order = np.lexsort((uniq, -counts))
        uniq, counts = uniq[order], counts[order]
        # 2. keep while the characters before cover less than `coverage` (sentencepiece)
        covered = np.concatenate(([0.0], np.cumsum(counts)[:-1])) / counts.sum()
        keep = covered < coverage
        if limit is not None:
            keep &= np.arange(len(uniq)) < limit
        # 3. HF keeps the first character of each initial_alphabet string, always
        forced = {c[0] for c in initial if c}
        keep |= np.isin(uniq, [ord(c) for c in forced])
        chars = [chr(c) for c in uniq[keep].tolist()]
        extra = sorted(forced - set(chars))
        good = np.isin(table.codes, uniq[keep])
        return cls(chars, counts[keep].tolist(), chars + extra, good)


@dataclass
class Seeds:
    """The seed vocabulary: strings, log-prob scores, and where to find each."""

    pieces: list[str]
    scores: np.ndarray
    lengths: np.ndarray  # characters per piece
    slots: np.ndarray  # suffix-array slot of an occurrence of each multi-char piece, else -1


def suffix_seeds(index: SuffixIndex, alphabet: Alphabet, seed_size: int, min_count: float
                 ) -> Generator[TrainEvent, None, Seeds]:
    """Characters, then the best right-maximal repeated substrings (sentencepiece)."""
    # 1. every qualifying substring group per length, scored count * length
    weight_sa = index.table.pos_weights()[index.sa]
    slots, lengths, counts = [], [], []
    for level in index.levels():
        if level.length >= 2:
            s, c = level.candidates(weight_sa, min_count)
            slots.append(s)
            counts.append(c)
            lengths.append(np.full(len(s), level.length, dtype=np.int64))
        yield StageProgress("seed", level.length, index.max_len)
    slots, lengths, counts = (np.concatenate(a) if a else np.zeros(0) for a in
                              (slots, lengths, counts))
    slots, lengths = slots.astype(np.int64), lengths.astype(np.int64)
    # 2. keep the best; deterministic ties (see select_top)
    n_chars = len(alphabet.chars)
    chosen = select_top(counts * lengths, slots, lengths, max(seed_size - n_chars, 0))
    slots, lengths, counts = slots[chosen], lengths[chosen], counts[chosen]
    yield StageProgress("seed", index.max_len, index.max_len)
    # 3. piece strings, sliced in chunks so progress keeps flowing
    text, strings, starts = index.table.text, list(alphabet.chars), index.sa[slots]
    for c0 in range(0, len(starts), _SLICE_CHUNK):
        part = zip(starts[c0:c0 + _SLICE_CHUNK].tolist(), lengths[c0:c0 + _SLICE_CHUNK].tolist())
        strings.extend(text[p:p + n] for p, n in part)
        yield StageProgress("seed", index.max_len, index.max_len)
    # 4. scores: log of (char count | substring count * length), normalized
    raw = np.concatenate((np.asarray(alphabet.counts), counts * lengths))
    scores = np.log(raw) - math.log(raw.sum())
    return Seeds(strings, scores, np.concatenate((np.ones(n_chars, dtype=np.int64), lengths)),
                 np.concatenate((np.full(n_chars, -1), slots)))


def select_top(score: np.ndarray, slot: np.ndarray, length: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best by score desc, then suffix-array slot, then length.

    The slot order is the lexicographic order of the substrings, so ties go to the
    lexicographically smaller substring (a prefix before its extensions).
    """
    if k <= 0 or len(score) == 0:
        return np.zeros(0, dtype=np.int64)
    if k < len(score):
        # 1. strictly better than the k-th score: in; equal to it: fill by the tie order
        cut = np.partition(score, len(score) - k)[len(score) - k]
        above = np.flatnonzero(score > cut)
        ties = np.flatnonzero(score == cut)
        ties = ties[np.lexsort((length[ties], slot[ties]))][:k - len(above)]
        pool = np.concatenate((above, ties))
    else:
        pool = np.arange(len(score))
    return pool[np.lexsort((length[pool], slot[pool], -score[pool]))]


def given_seeds(index: SuffixIndex, alphabet: Alphabet, pieces: list[str],
                scores: list[float] | None) -> Generator[TrainEvent, None, Seeds]:
    """Seeds from user pieces (appended to the table as extra words).

    Strings are scored like suffix seeds; a piece that never occurs cannot be scored
    and is dropped. Corpus characters missing from ``pieces`` are added (given
    scores: they get the lowest one).
    """
    table = index.table
    slots = index.slot_of(table.starts[table.n_words:])
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    extra = [c for c in alphabet.chars if c not in set(pieces)]
    if scores is None:
        counts = yield from _piece_counts(index, slots, lengths)
        raw = np.where(lengths == 1, counts, counts * lengths)
        keep = raw > 0
        char_count = dict(zip(alphabet.chars, alphabet.counts))
        raw = np.concatenate((raw[keep], [char_count[c] for c in extra]))
        score = np.log(raw) - math.log(raw.sum())
    else:
        keep = np.ones(len(pieces), dtype=bool)
        score = np.asarray(scores + [min(scores, default=0.0)] * len(extra), dtype=np.float64)
    if not np.all(np.isfinite(score)):
        raise TrainingError("seed piece scores must be finite")
    kept = [p for p, k in zip(pieces, keep.tolist()) if k]
    slots = np.where(lengths == 1, -1, slots)[keep]
    lengths = np.concatenate((lengths[keep], np.ones(len(extra), dtype=np.int64)))
    return Seeds(kept + extra, score, lengths, np.concatenate((slots, np.full(len(extra), -1))))


def _piece_counts(index: SuffixIndex, slots: np.ndarray, lengths: np.ndarray
                  ) -> Generator[TrainEvent, None, np.ndarray]:
    """Weighted occurrence count of the substrings at ``slots`` with ``lengths``."""
    weight_sa = index.table.pos_weights()[index.sa]
    counts = np.zeros(len(slots))
    for level in index.levels():
        sel = np.flatnonzero(lengths == level.length)
        if len(sel):
            # a piece whose copy holds an excluded character is not in this level: 0
            present = np.isin(slots[sel], level.slots)
            counts[sel[present]] = level.counts_at(weight_sa, slots[sel[present]])
        yield StageProgress("seed", level.length, index.max_len)
    return counts


def build_grid(index: SuffixIndex, alphabet: Alphabet, seeds: Seeds
               ) -> Generator[TrainEvent, None, np.ndarray]:
    """``grid[node, length - 1]`` = seed id of every piece occurrence (-1: none).

    Rows are lattice nodes: word ``w``'s nodes are its positions shifted by ``w``,
    plus one end node. Characters outside the alphabet get the unknown id
    ``len(seeds.pieces)``.
    """
    table, max_len = index.table, index.max_len
    unk = len(seeds.pieces)
    node_of_pos = np.arange(table.n_corpus) + table.word_of_pos[:table.n_corpus]
    grid = np.full((table.n_corpus + table.n_words, max_len), -1, dtype=np.int32)
    # 1. single characters: their piece, or the unknown slot outside the alphabet
    char_ids = np.flatnonzero(seeds.lengths == 1)
    char_codes = np.array([ord(seeds.pieces[i]) for i in char_ids.tolist()], dtype=np.int64)
    order = np.argsort(char_codes)
    char_codes, char_ids = char_codes[order], char_ids[order]
    codes = table.codes[:table.n_corpus]
    at = np.minimum(np.searchsorted(char_codes, codes), max(len(char_codes) - 1, 0))
    found = (char_codes[at] == codes) if len(char_codes) else np.zeros(len(codes), dtype=bool)
    found &= alphabet.good[:table.n_corpus]
    grid[node_of_pos, 0] = np.where(found, char_ids[at] if len(char_ids) else unk, unk)
    yield StageProgress("seed", 1, max_len)
    # 2. longer pieces: every member of the piece's substring group
    for level in index.levels():
        ids = np.flatnonzero((seeds.lengths == level.length) & (seeds.slots >= 0))
        if level.length >= 2 and len(ids):
            index.scatter(level, seeds.slots[ids], ids.astype(np.int32), grid, node_of_pos)
        yield StageProgress("seed", level.length, max_len)
    return grid


def first_occurrence(grid: np.ndarray, n_pieces: int) -> np.ndarray:
    """For each piece id, the first grid row (node) where it starts (-1 if none)."""
    flat = np.flatnonzero(grid.ravel() >= 0)
    ids, first = np.unique(grid.ravel()[flat], return_index=True)
    node = np.full(n_pieces + 1, -1, dtype=np.int64)
    node[ids] = flat[first] // grid.shape[1]
    return node[:n_pieces]
