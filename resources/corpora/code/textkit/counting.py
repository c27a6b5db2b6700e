"""Counting words and adjacent pairs of symbols."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def count_words(lines: Iterable[str]) -> Counter[str]:
    """Count whitespace-separated words in ``lines``.

    >>> count_words(["a b a", "b c"])
    Counter({'a': 2, 'b': 2, 'c': 1})
    """
    counts: Counter[str] = Counter()
    for line in lines:
        counts.update(line.split())
    return counts


def count_pairs(words: dict[tuple[str, ...], int]) -> Counter[tuple[str, str]]:
    """Count adjacent symbol pairs, weighted by how often each word occurs."""
    pairs: Counter[tuple[str, str]] = Counter()
    for symbols, freq in words.items():
        for left, right in zip(symbols, symbols[1:]):
            pairs[left, right] += freq
    return pairs


def most_common(pairs: Counter[tuple[str, str]]) -> tuple[str, str] | None:
    """The most frequent pair; ties go to the smallest pair, so results are stable."""
    if not pairs:
        return None
    best = max(pairs.values())
    return min(pair for pair, count in pairs.items() if count == best)
