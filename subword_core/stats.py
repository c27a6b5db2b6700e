"""Statistics behind the plots: token lengths, Zipf, compression vs vocabulary size, merge counts.

Every figure keeps the token ids behind each bar or point, so a click in the GUI can
select exactly those tokens:

- :func:`length_histogram`: vocabulary tokens by length in characters of their
  surface form (:func:`subword_core.compare.surface_form`: ``Ġ``/``▁``/``##``/``</w>``
  removed, byte-level symbols decoded), optionally weighted by corpus counts;
- :func:`zipf`: rank-frequency points of token counts on a corpus (and the
  log-log slope, about -1 for natural text);
- :func:`chars_per_token_curve`: characters per token as the vocabulary grows,
  replaying the merge history (BPE and WordPiece truncated to their first N merges
  with :func:`subword_core.analysis.truncated_tokenizer`);
- :func:`merge_counts`: the pair count of every merge (the decay curve).

Special tokens are left out of every figure.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .analysis import MergeGraph, can_replay, is_byte_level, truncated_tokenizer, visible_token
from .compare import model_vocab, plain_tokenizer, surface_form, take_chars
from .corpus import as_corpus
from .corpus_profiles import CACHE, iter_whole_corpus_profiles
from .trainers.events import StageProgress, StageStarted

CURVE_STAGE = "replay_merges"


# ----------------------------------------------------------------------------- lengths
@dataclass(frozen=True)
class LengthBin:
    """Tokens of surface length ``length``; ``count`` is how many (or their corpus occurrences)."""

    length: int
    count: int
    token_ids: frozenset[int]


def token_length(token: str, tokenizer: Any = None, byte_level: bool | None = None) -> int:
    """Characters of the token's surface form; an incomplete UTF-8 byte counts as one.

    Example:
        >>> token_length("▁the"), token_length("##ing"), token_length("est</w>")
        (3, 5, 7)
    """
    form = surface_form(token, tokenizer, byte_level)
    # "<0xNN>" spells one byte: one unit, as in the decoded text
    return len(form) - 5 * form.count("<0x") if "<0x" in form else len(form)


def length_histogram(
    tokenizer: Any, frequencies: Mapping[int, int] | None = None
) -> list[LengthBin]:
    """One bin per length from 1 to the longest token (empty bins included).

    Without ``frequencies`` a bin counts vocabulary entries; with them, it counts
    how often its tokens occurred (tokens never seen still belong to their bin).
    """
    byte_level = is_byte_level(tokenizer)
    vocab = tokenizer.get_vocab()
    ids_by_length: dict[int, set[int]] = {}
    for token in model_vocab(tokenizer):
        length = token_length(token, tokenizer, byte_level)
        ids_by_length.setdefault(length, set()).add(vocab[token])
    longest = max(ids_by_length, default=0)
    bins = []
    for length in range(1, longest + 1):
        ids = frozenset(ids_by_length.get(length, ()))
        count = len(ids) if frequencies is None else sum(frequencies.get(i, 0) for i in ids)
        bins.append(LengthBin(length, count, ids))
    return bins


def tokens_in_length_bin(bins: Iterable[LengthBin], length: int) -> frozenset[int]:
    """The token ids of the bin of ``length`` (empty if there is none)."""
    return next((b.token_ids for b in bins if b.length == length), frozenset())


# ----------------------------------------------------------------------------- Zipf
@dataclass(frozen=True)
class ZipfPoint:
    rank: int  # 1-based
    count: int
    token_id: int
    token: str


def zipf(frequencies: Mapping[int, int], tokenizer: Any = None) -> list[ZipfPoint]:
    """Token counts by rank, most frequent first (ties: smaller id first; zero counts dropped).

    Example:
        >>> [(p.rank, p.count, p.token_id) for p in zipf({7: 2, 3: 5, 9: 2})]
        [(1, 5, 3), (2, 2, 7), (3, 2, 9)]
    """
    ranked = sorted(
        ((c, i) for i, c in frequencies.items() if c > 0), key=lambda ci: (-ci[0], ci[1])
    )
    name = tokenizer.id_to_token if tokenizer is not None else (lambda i: str(i))
    return [ZipfPoint(r, c, i, name(i) or "") for r, (c, i) in enumerate(ranked, 1)]


def zipf_slope(points: list[ZipfPoint]) -> float | None:
    """Least-squares slope of log10(count) against log10(rank); None with fewer than 2 points."""
    if len(points) < 2:
        return None
    xs = [math.log10(p.rank) for p in points]
    ys = [math.log10(p.count) for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else None


# ----------------------------------------------------------------------------- replaying merges
@dataclass(frozen=True)
class VocabSizePoint:
    """The tokenizer after ``n_merges`` merges, on the sample texts."""

    n_merges: int
    vocab_size: int
    characters: int
    tokens: int
    new_token_ids: frozenset[int]  # tokens made by the merges since the previous point

    @property
    def chars_per_token(self) -> float:
        return self.characters / self.tokens if self.tokens else 0.0


def merge_steps(n_merges: int, n_points: int) -> list[int]:
    """``n_points`` merge counts from 0 to ``n_merges`` (evenly spaced, no repeats).

    Example:
        >>> merge_steps(10, 3), merge_steps(2, 5)
        ([0, 5, 10], [0, 1, 2])
    """
    if n_points < 2 or n_merges == 0:
        return [n_merges]
    return sorted({round(k * n_merges / (n_points - 1)) for k in range(n_points)})


def iter_chars_per_token_curve(
    tokenizer: Any,
    graph: MergeGraph,
    texts: list[str],
    n_points: int = 12,
) -> Generator[StageStarted | StageProgress, None, list[VocabSizePoint]]:
    """Encode ``texts`` with the tokenizer truncated to N merges, for ``n_points`` values of N.

    Returns [] for tokenizers without merges to replay (Unigram). Yields progress
    (stage ``replay_merges``) once per point.
    """
    if not can_replay(tokenizer, graph):
        return []
    steps = merge_steps(len(graph), n_points)
    yield StageStarted(CURVE_STAGE, len(steps))
    characters = sum(len(t) for t in texts)
    points, previous = [], 0
    for k, n in enumerate(steps):
        truncated = plain_tokenizer(truncated_tokenizer(tokenizer, graph, n))
        tokens = 0
        for text in texts:
            enc = truncated.encode(text, add_special_tokens=False)
            tokens += len(enc) - sum(enc.special_tokens_mask)
        new = {r.token for r in graph.records[previous:n]}
        new_ids = frozenset(i for i in map(tokenizer.token_to_id, new) if i is not None)
        points.append(VocabSizePoint(n, truncated.get_vocab_size(), characters, tokens, new_ids))
        previous = n
        yield StageProgress(CURVE_STAGE, k + 1, len(steps))
    return points


def chars_per_token_curve(
    tokenizer: Any, graph: MergeGraph, texts: list[str], n_points: int = 12
) -> list[VocabSizePoint]:
    """:func:`iter_chars_per_token_curve` run to the end."""
    gen = iter_chars_per_token_curve(tokenizer, graph, texts, n_points)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def iter_corpus_figures(tokenizer: Any, graph: MergeGraph, source: Any, curve_chars: int,
                        n_points: int = 12, *, cancel: Any = None, n_workers: int | None = None,
                        cache: Any = CACHE,
                        ) -> Generator[Any, None, tuple[Any, list[VocabSizePoint]]]:
    """Token counts on the **whole** corpus, then the replayed curve on its first
    ``curve_chars`` characters: ``(CorpusProfile, [VocabSizePoint])``.

    ``source`` is anything :func:`~subword_core.corpus.as_corpus` takes (files, or a list of
    texts). The corpus figures come from counts (each distinct model input encoded once),
    counted in worker processes for a big corpus, and are cached by tokenizer and files in
    ``cache`` (a :class:`~subword_core.corpus_profiles.ProfileCache`, on disk if it has a
    folder); the curve encodes its sample once per point, so it stays on a sample.
    """
    corpus = as_corpus(source)
    profiles = yield from iter_whole_corpus_profiles(corpus, {"t": tokenizer}, cancel=cancel,
                                                     n_workers=n_workers, cache=cache)
    sample = take_chars(corpus.iter_documents(), curve_chars)
    curve = yield from iter_chars_per_token_curve(tokenizer, graph, sample, n_points)
    return profiles["t"], curve


# ----------------------------------------------------------------------------- merge counts
@dataclass(frozen=True)
class MergeCountPoint:
    rank: int
    count: int
    token: str
    token_id: int


def merge_counts(history: Any) -> list[MergeCountPoint]:
    """The pair count of every merge of a ``TrainingHistory``, in rank order ([] without merges)."""
    if history is None:
        return []
    return [MergeCountPoint(m.rank, m.count, m.token, m.token_id) for m in history.merges]


# ----------------------------------------------------------------------------- tables
def figure_table(kind: str, items: list, tokenizer: Any = None) -> tuple[list[str], list[list]]:
    """Header and rows of a figure's data (CSV export); ``kind`` is ``lengths``, ``zipf``,
    ``curve`` or ``merges``. Length bins list their tokens as people read them
    (:func:`~subword_core.analysis.visible_token`: whitespace shown, so spaces separate)."""
    if kind == "lengths":
        byte_level = tokenizer is not None and is_byte_level(tokenizer)
        rows = [[b.length, b.count,
                 " ".join(sorted(visible_token(tokenizer.id_to_token(i) or "", byte_level)
                                 for i in b.token_ids))] for b in items]
        return ["length", "count", "tokens"], rows
    if kind == "zipf":
        return ["rank", "count", "token_id", "token"], [[p.rank, p.count, p.token_id, p.token]
                                                        for p in items]
    if kind == "curve":
        return (["n_merges", "vocab_size", "characters", "tokens", "chars_per_token"],
                [[p.n_merges, p.vocab_size, p.characters, p.tokens, p.chars_per_token]
                 for p in items])
    if kind == "merges":
        return ["rank", "token", "token_id", "count"], [[m.rank, m.token, m.token_id, m.count]
                                                        for m in items]
    raise ValueError(f"unknown figure {kind!r}")


__all__ = [
    "CURVE_STAGE", "LengthBin", "MergeCountPoint", "VocabSizePoint", "ZipfPoint",
    "chars_per_token_curve", "figure_table", "iter_chars_per_token_curve",
    "iter_corpus_figures", "length_histogram", "merge_counts", "merge_steps", "token_length",
    "tokens_in_length_bin", "zipf", "zipf_slope",
]
