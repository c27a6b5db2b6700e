"""Merging pairs: the loop at the heart of byte pair encoding."""

from __future__ import annotations

from .counting import count_pairs, most_common


def merge_pair(symbols: tuple[str, ...], pair: tuple[str, str]) -> tuple[str, ...]:
    """Replace every occurrence of ``pair`` in ``symbols`` by the joined symbol.

    >>> merge_pair(("l", "o", "w"), ("l", "o"))
    ('lo', 'w')
    """
    out: list[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return tuple(out)


def train_merges(word_counts: dict[str, int], num_merges: int) -> list[tuple[str, str]]:
    """Learn up to ``num_merges`` merges from word counts (slow but easy to read)."""
    words = {tuple(word): freq for word, freq in word_counts.items()}
    merges: list[tuple[str, str]] = []
    for _ in range(num_merges):
        pair = most_common(count_pairs(words))
        if pair is None:
            break
        merges.append(pair)
        words = {merge_pair(symbols, pair): freq for symbols, freq in words.items()}
    return merges


if __name__ == "__main__":
    counts = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
    for rank, (left, right) in enumerate(train_merges(counts, 10)):
        print(f"{rank:>2}: {left!r} + {right!r} -> {left + right!r}")
