"""Jobs of the Compare and Statistics views, run in the window's process pool (no Qt here).

A worker thread of the window's process running pure Python holds its GIL: the vocabulary
overlaps of four 128k-token vocabularies, merging a 50 MB corpus's counts and ranking
its token counts stalled the window for 0.3-1 s at a time (issue 20). These jobs run in
a pool process instead (:class:`app.pool_figure_job.PoolFigureJob`); their tokenizers
arrive as :func:`app.pool_cache.carried` (sent once per process), and what they send back
is small: figures, numpy columns, never a token-count dict of the whole vocabulary.

Each job is a generator ``job(*args, cancel)`` (the protocol of
:func:`app.workers.drive_in_child`): it yields between steps, so a cancel is seen
between two tokenizers, and returns a tuple (its items travel one by one).
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from .compare_columns import boundary_records, drawn_columns
from .pool_cache import derived

#: Progress word of the text job (the pane shows its own words).
STEP = "step"


# ----------------------------------------------------------------------------- Compare: text
def compare_text_job(names: list[str], tokenizers: Mapping[str, Any], text: str,
                     overlaps: bool, cancel: Callable[[], bool]
                     ) -> Generator[str, None, tuple]:
    """The Compare view's text figures: the aligned rows, each row's metrics, which rows
    are byte-level, (``overlaps``) the vocabulary overlap of each pair, and what the view
    draws of the rows (:func:`app.compare_columns.drawn_columns`: per-character loops that
    stalled the window for 70-90 ms on its GUI thread).

    Returns ``(names, text, alignment, metrics, byte_level, pairs or None, columns,
    boundaries)`` where ``boundaries`` are the boundary table's records
    (:func:`app.compare_columns.boundary_records`).
    """
    from subword_core.analysis import is_byte_level, unk_id
    from subword_core.analysis.compare import (
        align,
        encode_plain,
        pairwise_overlaps,
        text_metrics,
        vocab_forms,
    )

    encodings = {}
    for name, tokenizer in tokenizers.items():
        encodings[name] = encode_plain(tokenizer, text)
        yield STEP  # a cancel is seen between two tokenizers
    alignment = align(text, encodings, {n: unk_id(t) for n, t in tokenizers.items()}) \
        if tokenizers else None
    metrics = {}
    for row, (name, tokenizer) in zip(alignment.rows if alignment else (), tokenizers.items()):
        metrics[name] = text_metrics(text, row.encoding, unk_id(tokenizer))
    byte_level = [is_byte_level(t) for t in tokenizers.values()]
    pairs = None
    if overlaps:
        forms = {}
        for name, tokenizer in tokenizers.items():
            # kept with the held tokenizer: the next compare set reuses it
            forms[name] = derived(tokenizer, "vocab_forms", lambda t=tokenizer: vocab_forms(t))
            yield STEP
        pairs = pairwise_overlaps(tokenizers, forms)
    columns = drawn_columns(alignment) if alignment is not None else None
    return (names, text, alignment, metrics, byte_level, pairs, columns,
            boundary_records(alignment))


def compare_gold_job(names: list[str], docs: list[Any], tokenizers: Mapping[str, Any],
                     cancel: Callable[[], bool]) -> Generator[Any, None, tuple]:
    """The gold-label figures of each compared tokenizer
    (:func:`~subword_core.analysis.compare.iter_gold_profiles`): ``(names, figures by name)``."""
    from subword_core.analysis.compare import iter_gold_profiles

    figures = yield from iter_gold_profiles(docs, tokenizers)
    return names, figures


# ----------------------------------------------------------------------------- corpus figures
@dataclass(frozen=True)
class CorpusSpec:
    """A corpus as the pool process reads it again: its files and reading options."""

    paths: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, paths: list[str], options: Mapping[str, Any] | None = None) -> CorpusSpec:
        return cls(tuple(str(p) for p in paths), tuple(sorted((options or {}).items())))

    def corpus(self) -> Any:
        from subword_core.corpus import Corpus

        return Corpus([Path(p) for p in self.paths], **dict(self.options))


_CACHES: dict[str, Any] = {}


def figures_cache_in(folder: str | None) -> Any:
    """This process's :class:`~subword_core.analysis.corpus_profiles.ProfileCache` for ``folder``
    (the app's ``corpus-figures`` folder; None: no disk)."""
    from subword_core.analysis.corpus_profiles import ProfileCache

    cache = _CACHES.get(folder or "")
    if cache is None:
        cache = _CACHES[folder or ""] = ProfileCache(folder=folder)
    return cache


@contextmanager
def children_allowed() -> Iterator[None]:
    """Let this (daemon) pool process start the corpus pass's worker processes.

    subtle: ``multiprocessing`` refuses children to a daemon process, so that none is left
    behind when it is ended; the corpus pass ends its pool itself (``ordered_pool_map``
    terminates it when it returns, fails or sees the cancel), and its workers are
    daemons that end with this process.
    """
    process = multiprocessing.current_process()
    was = process.daemon
    process.daemon = False  # (the setter allows it: in this process, this one has no Popen)
    try:
        yield
    finally:
        process.daemon = was


def compare_corpus_job(names: list[str], spec: CorpusSpec, tokenizers: Mapping[str, Any],
                       folder: str | None, cancel: Callable[[], bool]
                       ) -> Generator[Any, None, tuple]:
    """The whole-corpus profiles of the compared tokenizers
    (:func:`~subword_core.analysis.corpus_profiles.iter_whole_corpus_profiles`: counted in worker
    processes, merged here, cached on disk in ``folder``).

    Returns ``(names, profiles)``; each profile's ``token_counts`` is left out (the
    Compare view shows counts, not the id histogram).
    """
    from subword_core.analysis.corpus_profiles import iter_whole_corpus_profiles

    with children_allowed():
        profiles = yield from iter_whole_corpus_profiles(
            spec.corpus(), tokenizers, cancel=cancel, cache=figures_cache_in(folder))
    return names, {name: replace(p, token_counts=Counter()) for name, p in profiles.items()}


# ----------------------------------------------------------------------------- Statistics
@dataclass(frozen=True)
class RankedCounts:
    """Token counts by rank, most frequent first (ties: smaller id first), as columns."""

    ids: np.ndarray
    counts: np.ndarray
    slope: float | None  # least-squares log-log slope (``stats.zipf_slope``)

    def __len__(self) -> int:
        return len(self.ids)


def ranked_counts(ids: np.ndarray, counts: np.ndarray) -> RankedCounts:
    """``stats.zipf`` and ``stats.zipf_slope`` of a token-id histogram, as columns."""
    keep = counts > 0
    ids, counts = ids[keep].astype(np.int64), counts[keep].astype(np.int64)
    order = np.lexsort((ids, -counts))
    ids, counts = ids[order], counts[order]
    slope = None
    if len(ids) >= 2:
        xs = np.log10(np.arange(1, len(ids) + 1, dtype=np.float64))
        ys = np.log10(counts.astype(np.float64))
        dx = xs - xs.mean()
        sxx = float((dx * dx).sum())
        slope = float((dx * (ys - ys.mean())).sum()) / sxx if sxx else None
    return RankedCounts(ids, counts, slope)


def _history_graph(tokenizer: Any, history: Any) -> Any:
    from subword_core.analysis import MergeGraph

    if history is not None and getattr(history, "merges", None):
        return MergeGraph.of(tokenizer, history)
    return derived(tokenizer, "merge_graph", lambda: MergeGraph.of(tokenizer))


def stats_figures_job(tokenizer: Any, history: Any, spec: CorpusSpec | None, text: str,
                      curve_chars: int, curve_points: int, folder: str | None,
                      cancel: Callable[[], bool]) -> Generator[Any, None, tuple]:
    """The Statistics view's corpus figures of one tokenizer on the corpus (or the text):
    ``stats.iter_corpus_figures``, then the length histogram weighted by the counts and
    the ranked counts (Zipf), all here.

    Returns ``(profile without token_counts, curve, weighted bins, RankedCounts, merges)``
    where ``merges`` is the length of the merge index the curve replayed.
    """
    from subword_core.analysis.stats import iter_corpus_figures, length_histogram

    graph = _history_graph(tokenizer, history)
    yield STEP
    source = spec.corpus() if spec is not None else [text]
    with children_allowed():
        profile, curve = yield from iter_corpus_figures(
            tokenizer, graph, source, curve_chars, curve_points, cancel=cancel,
            cache=figures_cache_in(folder))
    counts = profile.token_counts
    weighted = length_histogram(tokenizer, counts)
    ids = np.fromiter(counts.keys(), np.int64, len(counts))
    values = np.fromiter(counts.values(), np.int64, len(counts))
    ranked = ranked_counts(ids, values)
    return replace(profile, token_counts=Counter()), curve, weighted, ranked, len(graph)


def vocab_histogram_job(tokenizer: Any, cancel: Callable[[], bool]
                        ) -> Generator[Any, None, list]:
    """``stats.length_histogram`` of the vocabulary (a pass over every token)."""
    from subword_core.analysis.stats import length_histogram

    yield STEP
    return derived(tokenizer, "length_histogram", lambda: length_histogram(tokenizer))


def process_id(cancel: Callable[[], bool]) -> Generator[Any, None, int]:
    """This process's id (tests: where a job ran)."""
    yield STEP
    return os.getpid()


__all__ = [
    "CorpusSpec", "RankedCounts", "children_allowed", "compare_corpus_job", "compare_gold_job",
    "compare_text_job",
    "figures_cache_in", "process_id", "ranked_counts", "stats_figures_job",
    "vocab_histogram_job",
]
