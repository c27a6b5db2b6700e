"""The reference's parity-aware BPE loop (swiss-ai/parity-aware-bpe) restated naively, for tests.

Symbols are tuples of strings; every count is recomputed at every step; a merge replaces
left to right without overlap. The rules restated (from ``parity_aware_learn_bpe.py``):
the language with the longest dev text (sum of symbols x count; first on ties), or without
dev texts the smallest ``(initial / now) / ratio`` on the training texts; the first
``global_merges`` merges on counts summed over languages; the moving window skips a
language whose share of the last ``window_size`` parity merges is above ``alpha / columns``
(columns: languages, + 1 with global merges); the pair with the highest count in that
language, the greatest ``(left, right)`` on ties; stop when its count is below
``min_frequency``.
"""

from __future__ import annotations

from collections import Counter, deque


def replace_pair(word, pair):
    out, i = [], 0
    while i < len(word):
        if i + 1 < len(word) and (word[i], word[i + 1]) == pair:
            out.append(word[i] + word[i + 1])
            i += 2
        else:
            out.append(word[i])
            i += 1
    return tuple(out)


def _pairs(words):
    counts = Counter()
    for word, c in words.items():
        for pair in zip(word, word[1:]):
            counts[pair] += c
    return counts


def naive_parity(train_counts, dev_counts, n_merges, *, min_frequency=1, global_merges=0,
                 variant="base", window_size=100, alpha=2, ratios=None):
    langs = list(train_counts)
    train_w = [{tuple(w): c for w, c in train_counts[lang].items()} for lang in langs]
    measured = ([{tuple(w): c for w, c in dev_counts[lang].items()} for lang in langs]
                if dev_counts is not None else train_w)
    initial = [sum(len(w) * c for w, c in m.items()) for m in measured]
    ratios = [r / (ratios or [1] * len(langs))[0] for r in (ratios or [1] * len(langs))]
    threshold = alpha / (len(langs) + (1 if global_merges else 0))
    recent = deque(maxlen=window_size)
    out = []
    for step in range(n_merges):
        lengths = [sum(len(w) * c for w, c in m.items()) for m in measured]
        if dev_counts is not None:
            need = lengths
        else:
            need = [-(initial[i] / lengths[i]) / ratios[i] for i in range(len(langs))]
        if step < global_merges:
            stats = sum((_pairs(w) for w in train_w), Counter())
            lang = None
        else:
            order = sorted(range(len(langs)), key=lambda i: (-need[i], i))
            lang = order[0]
            if variant == "window":
                lang = next(i for i in order if recent.count(i) / window_size <= threshold)
                recent.append(lang)
            stats = _pairs(train_w[lang])
        if not stats:
            break
        pair = max(stats, key=lambda p: (stats[p], p))
        if stats[pair] < min_frequency:
            break
        out.append((pair, None if lang is None else langs[lang], tuple(lengths)))
        for words in train_w + ([] if dev_counts is None else measured):
            for w in list(words):
                new = replace_pair(w, pair)
                if new != w:
                    words[new] = words.pop(w)
    return out
