"""The two original algorithms the BPE trainers descend from, small and step by step.

For the explorer's teaching view, not for training real tokenizers
(:mod:`subword_core.trainers.bpe` does that, incrementally and HF-exact):

* :func:`compress` — Gage's byte pair *compression* (1994) on a raw string:
  replace the most frequent pair of adjacent symbols by a symbol unused in the
  data, and repeat. ``aaabdaaabac`` -> ``XdXac`` with Z=aa, Y=ab, X=ZY.
* :func:`sennrich_bpe` — the learning loop of Sennrich et al. (2016, Fig. 1):
  words end with a separate ``</w>`` symbol, pairs are recounted after every
  merge and Python's ``max`` keeps the *first pair seen* on ties. This is the
  "classic worked example" of the tutorials; HF's trainer differs on purpose
  (suffix glued to the last character, ties to the smallest ids).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Replacement symbols tried in order (Wikipedia's example uses Z, then Y, then X).
DEFAULT_SYMBOLS = "ZYXWVUTSRQPONMLKJIHGFEDCBA"


@dataclass(frozen=True, slots=True)
class CompressionStep:
    """One replacement: ``symbol`` now stands for ``left + right`` (``count`` times)."""

    symbol: str
    left: str
    right: str
    count: int
    text: str  # the data after this step


@dataclass(frozen=True, slots=True)
class Compression:
    """Result of :func:`compress`: the compressed data and the replacement table, in order."""

    original: str
    compressed: str
    steps: tuple[CompressionStep, ...]

    @property
    def table(self) -> dict[str, str]:
        """``{symbol: left + right}`` (pairs may contain earlier symbols)."""
        return {s.symbol: s.left + s.right for s in self.steps}

    def expand(self, text: str | None = None) -> str:
        """Undo the replacements (last first); by default on :attr:`compressed`."""
        text = self.compressed if text is None else text
        for step in reversed(self.steps):
            text = text.replace(step.symbol, step.left + step.right)
        return text


def compress(data: str, symbols: Iterable[str] = DEFAULT_SYMBOLS,
             max_steps: int | None = None) -> Compression:
    """Byte pair compression of a string.

    Each step counts the non-overlapping occurrences of every adjacent pair
    (what a replacement would save), takes the most frequent pair — on equal
    counts the smallest by symbol rank (original characters by code point,
    then replacement symbols in order of creation, as HF's ids) — and replaces
    it by the next symbol not used in the data. Stops when no pair occurs
    twice, symbols run out, or after ``max_steps``.

    Example:
        >>> result = compress("aaabdaaabac")
        >>> result.compressed, result.table
        ('XdXac', {'Z': 'aa', 'Y': 'ab', 'X': 'ZY'})
        >>> result.expand()
        'aaabdaaabac'
    """
    free = [s for s in dict.fromkeys(symbols) if len(s) == 1 and s not in data]
    rank = {ch: i for i, ch in enumerate(sorted(set(data)))}
    text, steps = data, []
    while free and (max_steps is None or len(steps) < max_steps):
        # 1. count each distinct pair (non-overlapping, left to right: str.count)
        pairs = {text[i:i + 2] for i in range(len(text) - 1)}
        counted = [(text.count(p), p) for p in pairs]
        if not counted:
            break
        # 2. most frequent first, then the smallest (rank(left), rank(right))
        count, pair = min(counted, key=lambda cp: (-cp[0], rank[cp[1][0]], rank[cp[1][1]]))
        if count < 2:
            break
        # 3. replace it by a fresh symbol
        symbol = free.pop(0)
        rank[symbol] = len(rank)
        text = text.replace(pair, symbol)
        steps.append(CompressionStep(symbol, pair[0], pair[1], count, text))
    return Compression(data, text, tuple(steps))


@dataclass(frozen=True, slots=True)
class SennrichMerge:
    """One merge of :func:`sennrich_bpe`: ``(left, right)``, its count, and whether it tied."""

    left: str
    right: str
    count: int
    is_tie: bool

    @property
    def token(self) -> str:
        return self.left + self.right


def sennrich_bpe(word_counts: Mapping[str, int], num_merges: int,
                 end_of_word: str = "</w>") -> list[SennrichMerge]:
    """Learn merges exactly as the reference loop of Sennrich et al. (2016).

    Every word is split into characters plus a separate ``end_of_word``
    symbol (none if empty). Each step recounts all pairs, scanning the words in
    the order of ``word_counts`` and each word left to right; the most frequent
    pair wins and, on equal counts, the pair seen first in that scan.

    Example:
        >>> merges = sennrich_bpe({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 3)
        >>> [(m.left, m.right) for m in merges]
        [('e', 's'), ('es', 't'), ('est', '</w>')]
    """
    words = [(_symbols(w, end_of_word), c) for w, c in word_counts.items()]
    merges: list[SennrichMerge] = []
    for _ in range(num_merges):
        # 1. recount (dict order = first seen)
        stats: dict[tuple[str, str], int] = {}
        for symbols, count in words:
            for pair in itertools.pairwise(symbols):
                stats[pair] = stats.get(pair, 0) + count
        if not stats:
            break
        # 2. max() returns the first of equal maxima
        best = max(stats, key=stats.__getitem__)
        tie = sum(1 for c in stats.values() if c == stats[best]) > 1
        merges.append(SennrichMerge(best[0], best[1], stats[best], tie))
        # 3. merge it everywhere
        words = [(_merge(symbols, best), count) for symbols, count in words]
    return merges


def sennrich_segment(word: str, merges: Iterable[tuple[str, str] | SennrichMerge],
                     end_of_word: str = "</w>") -> list[str]:
    """Split ``word`` with learned merges: lowest-rank pair first, as the paper's encoder.

    Example:
        >>> merges = sennrich_bpe({"low": 5, "lower": 2, "newest": 6, "widest": 3}, 10)
        >>> sennrich_segment("lowest", merges)
        ['low', 'est</w>']
    """
    ranks = {}
    for r, m in enumerate(merges):
        pair = (m.left, m.right) if isinstance(m, SennrichMerge) else tuple(m)
        ranks.setdefault(pair, r)
    symbols = _symbols(word, end_of_word)
    while len(symbols) > 1:
        candidates = [(ranks[p], p) for p in itertools.pairwise(symbols) if p in ranks]
        if not candidates:
            break
        symbols = _merge(symbols, min(candidates)[1])
    return symbols


def _symbols(word: str, end_of_word: str) -> list[str]:
    return list(word) + [end_of_word] if word and end_of_word else list(word)


def _merge(symbols: list[str], pair: tuple[str, str]) -> list[str]:
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


__all__ = [
    "DEFAULT_SYMBOLS",
    "Compression",
    "CompressionStep",
    "SennrichMerge",
    "compress",
    "sennrich_bpe",
    "sennrich_segment",
]
