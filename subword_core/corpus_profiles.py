"""Whole-corpus profiles of several tokenizers: from counts, in worker processes, cached.

Every corpus-wide figure of a tokenizer (tokens, characters per token, tokens per word,
unknown share, how often each token id occurs: the Zipf plot and the length histograms
weighted by use) is a sum over the corpus. :mod:`subword_core.figures.counts` gets those
sums *exactly* without encoding every document: the corpus is read once, each distinct
model input of each pipeline counted (tokenizers with the same normalizer, pre-tokenizer
and added tokens share the counts), then each distinct input encoded once by each model
and weighted by its count. The counting runs on the corpus's partitions in worker
processes (the word counters of :mod:`subword_core.corpus`), the encoding on shards of
the distinct inputs; characters, words and documents are counted once.

Cut agreement with the first tokenizer needs positions: it is measured by encoding the
documents whole (:func:`~subword_core.compare.iter_corpus_profiles`) on the first
:data:`CUT_SAMPLE_CHARS` characters of the corpus, recorded as the profile's
``cut_sample_chars`` (None when the sample is the whole corpus). A tokenizer without a
:class:`~subword_core.figures.counts.Pipeline` (a subclass, another library's) has its
documents encoded whole; its profile says ``method == "documents"``.

Results are kept by (tokenizer fingerprint, corpus files with sizes and modification
times, reading options) in memory and, given a folder, on disk
(:mod:`subword_core.figures.cache`), so switching back to a tokenizer, reopening the
Compare view or restarting the app does not measure the corpus again.
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from .compare import (
    PROFILE_STAGE,
    CorpusProfile,
    Metrics,
    iter_corpus_profiles,
    plain_tokenizer,
    take_chars,
)
from .corpus import Cancel, Cancelled, Corpus, CorpusReport, as_corpus, cancel_check
from .corpus._formats import FileReader
from .corpus.counting import balanced_partition_bytes
from .corpus.partitions import PARTITION_BYTES, Partition, plan_partitions
from .corpus.reading import choose_workers, text_chunks
from .figures.cache import MAX_BYTES, FiguresStore
from .figures.counts import (
    ChunkCounts,
    Pipeline,
    TokenSums,
    count_chunk,
    encode_counts,
    pipeline_of,
)
from .figures.fingerprint import tokenizer_fingerprint
from .spawning import ordered_pool_map
from .trainers.base import Ticker, drive
from .trainers.events import StageProgress, StageStarted

#: Documents are sent to workers in chunks of about this many characters.
CHUNK_CHARS = 400_000
#: Below this many bytes on disk one process is quicker than starting workers.
PARALLEL_MIN_BYTES = 4_000_000
#: Profiles kept in the cache (each holds a token-id counter: a few MB at most).
CACHE_SIZE = 16
#: Cut agreement is measured on the corpus's first documents, up to this many characters.
CUT_SAMPLE_CHARS = 1_000_000
#: Distinct model inputs per encoding task.
ENCODE_SHARD = 25_000
#: Share of the progress bar the corpus reading takes (the encoding takes the rest).
_READING_SHARE = 0.8


def merge_profiles(into: CorpusProfile, part: CorpusProfile) -> CorpusProfile:
    """Add ``part`` (a later stretch of the corpus) to ``into``; return ``into``."""
    into.metrics = into.metrics + part.metrics
    into.token_counts.update(part.token_counts)
    into.documents += part.documents
    into.shared_cuts += part.shared_cuts
    into.either_cuts += part.either_cuts
    into.truncated = into.truncated or part.truncated
    return into


def profile_documents(documents: Iterable[str], tokenizers: Mapping[str, Any]
                      ) -> dict[str, CorpusProfile]:
    """:func:`iter_corpus_profiles` on ``documents``, run to the end (what a worker does)."""
    return drive(iter_corpus_profiles(documents, tokenizers))


# ----------------------------------------------------------------------------- cache
def corpus_key(corpus: Corpus) -> tuple | None:
    """The corpus files with sizes and modification times; ``None`` for in-memory texts."""
    if corpus.texts is not None:
        return None
    files = []
    for f in corpus.files:
        try:
            stat = os.stat(f.path)
        except OSError:
            return None
        files.append((os.fspath(f.path), stat.st_size, stat.st_mtime_ns))
    return (tuple(files), corpus.field, corpus.column)


class ProfileCache:
    """Least-recently-used profiles in memory, and on disk in ``folder`` if given
    (:class:`~subword_core.figures.cache.FiguresStore`); thread-safe.

    Keys are tuples whose first item says the kind: ``("row", ...)`` finished profiles,
    ``("profile", ...)`` a tokenizer's figures without cut agreement, ``("cuts", ...)``
    cut agreement, ``("counts", ...)`` a pipeline's counts (on disk only: they are big).
    """

    def __init__(self, size: int = CACHE_SIZE, folder: str | os.PathLike[str] | None = None,
                 max_bytes: int = MAX_BYTES) -> None:
        self._size = size
        self._items: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.store = FiguresStore(folder, max_bytes) if folder is not None else None

    def get(self, key: tuple) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
        if found is not None or self.store is None:
            return found
        kind = key[0]
        if kind == "profile":
            found = self.store.get_profile(key)
        elif kind == "cuts":
            found = self.store.get_cuts(key)
        elif kind == "counts":
            return self.store.get_counts(key)
        if found is not None:
            self._remember(key, found)
        return found

    def put(self, key: tuple, value: Any) -> None:
        kind = key[0]
        if kind != "counts":
            self._remember(key, value)
        if self.store is None:
            return
        if kind == "profile":
            self.store.put_profile(key, value)
        elif kind == "cuts":
            self.store.put_cuts(key, *value)
        elif kind == "counts":
            self.store.put_counts(key, *value)

    def _remember(self, key: tuple, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: The process-wide cache the window's jobs share (the app gives it a folder).
CACHE = ProfileCache()


# ----------------------------------------------------------------------------- the pass
def iter_whole_corpus_profiles(
    source: Corpus | str | os.PathLike[str] | Iterable[Any],
    tokenizers: Mapping[str, Any], *,
    n_workers: int | None = None,
    cancel: Cancel = None,
    cache: ProfileCache | None = CACHE,
    chunk_chars: int = CHUNK_CHARS,
    cut_sample_chars: int = CUT_SAMPLE_CHARS,
    method: str = "counts",
) -> Generator[StageStarted | StageProgress, None, dict[str, CorpusProfile]]:
    """Profile every tokenizer on the whole corpus; yield progress in bytes read.

    Metrics, token counts and documents equal those of
    ``iter_corpus_profiles(corpus.iter_documents(), tokenizers)``; cut agreement (against
    the first tokenizer, with two or more) is measured on the first ``cut_sample_chars``
    characters (see the module docstring).

    Args:
        source: anything :func:`~subword_core.corpus.as_corpus` takes.
        tokenizers: name → tokenizer, in the order of the rows.
        n_workers: worker processes; ``None`` picks 1 for small corpora, else the CPU
            count (at most 8); 1 works in this process.
        cancel: an Event or callable; when set, :class:`~subword_core.errors.Cancelled`.
        cache: where finished profiles are kept (``None``: no caching; texts are not cached).
        method: ``"counts"`` (the default), or ``"documents"`` to encode every document
            whole as before (for comparison: much slower).
    """
    corpus = as_corpus(source)
    total = corpus.total_bytes
    names = list(tokenizers)
    cancelled = cancel_check(cancel)
    where = corpus_key(corpus) if cache is not None else None
    if method == "documents":
        profiles = yield from _documents_pass(corpus, tokenizers, _workers(n_workers, total),
                                              cancelled, chunk_chars, 0.0, 1.0, start=True)
        return profiles
    prints = {name: tokenizer_fingerprint(tok) for name, tok in tokenizers.items()} \
        if where is not None else {}
    first = names[0] if names else None
    measure_cuts = len(names) > 1

    def row_key(name: str) -> tuple:
        sample = cut_sample_chars if measure_cuts else None
        return ("row", prints[name], prints[first] if measure_cuts else None, where, sample)

    # 1. whole rows already measured
    yield StageStarted(PROFILE_STAGE, total)
    rows: dict[str, CorpusProfile | None] = {
        name: cache.get(row_key(name)) if where is not None else None for name in names}
    if all(row is not None for row in rows.values()):
        yield StageProgress(PROFILE_STAGE, total or 0, total)
        return dict(rows)
    missing = [name for name in names if rows[name] is None]
    bases: dict[str, CorpusProfile | None] = {
        name: cache.get(("profile", prints[name], where)) if where is not None else None
        for name in missing}
    cuts: dict[str, tuple[int, int, int | None] | None] = {}
    if measure_cuts:
        cuts = {name: cache.get(("cuts", prints[name], prints[first], where, cut_sample_chars))
                if where is not None else None for name in missing}

    # 2. token figures of the tokenizers without them (from counts, or documents whole),
    # and cut agreement on the sample for the rows without it, in one pool of workers
    n = _workers(n_workers, total)
    todo = {name: tokenizers[name] for name in missing if bases[name] is None}
    cut_job = None
    if measure_cuts:
        need = [name for name in missing if cuts.get(name) is None]
        if need:
            sample, sample_chars = _cut_sample(corpus, cut_sample_chars)
            cut_job = (sample, [first] + [name for name in need if name != first], need,
                       sample_chars)
    measured, measured_cuts = yield from _measure(corpus, tokenizers, todo, cut_job, n,
                                                  cancelled, chunk_chars, cache, where)
    for name, profile in measured.items():
        bases[name] = profile
        if where is not None:
            cache.put(("profile", prints[name], where), profile)
    for name, found in measured_cuts.items():
        cuts[name] = found
        if where is not None:
            cache.put(("cuts", prints[name], prints[first], where, cut_sample_chars), found)
    if cancelled():
        raise Cancelled("profiling cancelled")

    # 4. the rows
    for name in missing:
        shared, either, sample_chars = cuts.get(name) or (0, 0, None)
        row = replace(bases[name], shared_cuts=shared, either_cuts=either,
                      cut_sample_chars=sample_chars)
        rows[name] = row
        if where is not None:
            cache.put(row_key(name), row)
    yield StageProgress(PROFILE_STAGE, total if total is not None else 0, total)
    return dict(rows)


def whole_corpus_profiles(source: Any, tokenizers: Mapping[str, Any], **options: Any
                          ) -> dict[str, CorpusProfile]:
    """:func:`iter_whole_corpus_profiles` run to the end."""
    return drive(iter_whole_corpus_profiles(source, tokenizers, **options))


def _workers(n_workers: int | None, total: int | None) -> int:
    return choose_workers(n_workers, total)


def _measure(corpus: Corpus, everyone: Mapping[str, Any], tokenizers: dict[str, Any],
             cut_job: tuple | None, n_workers: int, cancelled: Callable[[], bool],
             chunk_chars: int, cache: ProfileCache | None, where: tuple | None
             ) -> Generator[StageProgress, None, tuple[dict[str, CorpusProfile], dict]]:
    """The token figures (no cut agreement) of ``tokenizers`` on the whole corpus, and
    ``cut_job``'s cut agreement (``(sample documents, names, rows, sample characters)``):
    ``(profiles, {row: (shared, either, sample characters)})``."""
    pipelines: dict[str, Pipeline] = {}
    by_key: dict[str, Pipeline] = {}
    whole: dict[str, Any] = {}
    for name, tok in tokenizers.items():
        pipeline = pipeline_of(tok)
        if pipeline is None:
            whole[name] = tok
            continue
        pipelines[name] = by_key.setdefault(pipeline.key, pipeline)
    groups = list(by_key.values())
    profiles: dict[str, CorpusProfile] = {}
    counts: dict[str, tuple] = {}
    if cache is not None and where is not None:
        for pipeline in groups:
            found = cache.get(("counts", pipeline.key, where))
            if found is not None:
                counts[pipeline.key] = found
    to_count = [p for p in groups if p.key not in counts]
    share = _READING_SHARE if not whole else _READING_SHARE / 2
    if to_count:
        merged = yield from _count_pass(corpus, to_count, n_workers, cancelled, chunk_chars,
                                        share)
        for k, pipeline in enumerate(to_count):
            totals = {"characters": merged.characters, "words": merged.words,
                      "documents": merged.documents, "set_aside": merged.set_aside[k]}
            found = (totals, merged.model_inputs(to_count, k), merged.added[k])
            counts[pipeline.key] = found
            if cache is not None and where is not None:
                cache.put(("counts", pipeline.key, where), found)
    if whole:
        lo = _READING_SHARE / 2 if groups else 0.0
        found_whole = yield from _documents_pass(corpus, whole, n_workers, cancelled,
                                                 chunk_chars, lo, _READING_SHARE)
        for name, profile in found_whole.items():
            profiles[name] = replace(profile, shared_cuts=0, either_cuts=0)
    counted = {name: tok for name, tok in tokenizers.items() if name in pipelines}
    if not counted and cut_job is None:
        return profiles, {}
    sums, cuts = yield from _model_pass(everyone, counted, pipelines, counts, cut_job,
                                        n_workers, cancelled, corpus.total_bytes)
    for name in counted:
        totals = counts[pipelines[name].key][0]
        s = sums[name]
        profiles[name] = CorpusProfile(
            Metrics(totals["characters"], totals["words"], s.tokens, s.unknown),
            s.token_counts(), documents=totals["documents"], method="counts",
            set_aside=totals["set_aside"])
    return profiles, cuts


# ----------------------------------------------------------------------------- counting
def _count_pass(corpus: Corpus, pipelines: list[Pipeline], n_workers: int,
                cancelled: Callable[[], bool], chunk_chars: int, share: float
                ) -> Generator[StageProgress, None, ChunkCounts]:
    """Read the corpus once; count every pipeline's model inputs (workers: partitions)."""
    total = corpus.total_bytes
    parts: list[Partition] = []
    if n_workers > 1 and corpus.texts is None:
        parts = plan_partitions(corpus, balanced_partition_bytes(PARTITION_BYTES, total or 0,
                                                                 n_workers))
    merged = ChunkCounts()
    ticker = Ticker()
    if len(parts) >= 2:
        tasks = (("part", (part, corpus.field, corpus.column, chunk_chars)) for part in parts)
        done = 0
        for part, counts in zip(parts, ordered_pool_map(
                _count_task, tasks, min(n_workers, len(parts)), initializer=_init_counting,
                initargs=(pipelines,), cancelled=cancelled)):
            merged.add(counts)
            done += part.size
            if ticker.due():
                yield StageProgress(PROFILE_STAGE, _scaled(done, total, 0.0, share), total)
        if cancelled():
            raise Cancelled("profiling cancelled")
        return merged
    report = CorpusReport()
    chunks = text_chunks(corpus.iter_documents(report), chunk_chars, cancelled, "profiling")
    if n_workers > 1:
        counted = ordered_pool_map(_count_task, (("docs", chunk) for chunk in chunks), n_workers,
                                   initializer=_init_counting, initargs=(pipelines,),
                                   cancelled=cancelled)
    else:
        counted = (count_chunk(chunk, pipelines) for chunk in chunks)
    for counts in counted:
        if cancelled():
            raise Cancelled("profiling cancelled")
        merged.add(counts)
        if ticker.due():
            yield StageProgress(PROFILE_STAGE, _scaled(_done(report, total), total, 0.0, share),
                                total)
    if cancelled():
        raise Cancelled("profiling cancelled")
    return merged


def _scaled(done: int, total: int | None, lo: float, hi: float) -> int:
    if total is None:
        return done
    return int(total * (lo + (hi - lo) * min(done, total) / max(total, 1)))


_WORKER: dict[str, Any] = {}


def _init_counting(pipelines: list[Pipeline]) -> None:
    _WORKER["pipelines"] = pipelines


def _count_task(task: tuple[str, Any]) -> ChunkCounts:
    kind, payload = task
    pipelines = _WORKER["pipelines"]
    if kind == "docs":
        return count_chunk(payload, pipelines)
    part, field, column, chunk_chars = payload
    reader = FileReader(part.file, CorpusReport(), field, column, part.start, part.end)
    reader.warn_invalid = False
    out = ChunkCounts()
    try:
        for chunk in text_chunks(reader.documents(), chunk_chars, lambda: False, "profiling"):
            out.add(count_chunk(chunk, pipelines))
    finally:
        reader.close()
    if not out.raw:  # an empty partition still has a slot per pipeline
        out.add(count_chunk([], pipelines))
    return out


# ----------------------------------------------------------------------------- encoding
def _model_pass(everyone: Mapping[str, Any], tokenizers: dict[str, Any],
                pipelines: dict[str, Pipeline], counts: dict[str, tuple], cut_job: tuple | None,
                n_workers: int, cancelled: Callable[[], bool], total: int | None
                ) -> Generator[StageProgress, None, tuple[dict[str, TokenSums], dict]]:
    """Each tokenizer's :class:`TokenSums` (its pipeline's distinct inputs encoded once),
    and the cut job's (shared, either) cuts per row: the tasks of both in one pool."""
    tasks: list[tuple] = []
    for key in dict.fromkeys(pipelines[name].key for name in tokenizers):
        names = tuple(name for name in tokenizers if pipelines[name].key == key)
        inputs = counts[key][1]
        pieces, weights = list(inputs), list(inputs.values())
        for start in range(0, len(pieces), ENCODE_SHARD):
            tasks.append(("encode", names, pieces[start:start + ENCODE_SHARD],
                          weights[start:start + ENCODE_SHARD]))
    used = set(tokenizers)
    if cut_job is not None:
        sample, names, _, _ = cut_job
        # first, in small chunks: the encoding shards then fill the workers to the end
        size = max(1, sum(map(len, sample)) // (4 * n_workers) + 1)
        chunks = text_chunks((doc for doc in sample), size, cancelled, "profiling")
        tasks[:0] = [("cuts", tuple(names), chunk) for chunk in chunks]
        used.update(names)
    sums = {name: encode_counts(tok, [], [], counts[pipelines[name].key][2])
            for name, tok in tokenizers.items()}
    shared: Counter[str] = Counter()
    either: Counter[str] = Counter()
    models = {name: everyone[name] for name in everyone if name in used}
    if n_workers > 1 and len(tasks) > 1:
        results: Iterator[Any] = ordered_pool_map(
            _model_task, tasks, min(n_workers, len(tasks)), initializer=_init_models,
            initargs=({name: _shipped(tok) for name, tok in models.items()},),
            cancelled=cancelled)
    else:
        results = (_run_model_task(models, task) for task in tasks)
    ticker = Ticker()
    for k, (task, result) in enumerate(zip(tasks, results), 1):
        if cancelled():
            raise Cancelled("profiling cancelled")
        if task[0] == "encode":
            for name, part in result.items():
                sums[name].add(part)
        else:
            for name, (a, b) in result.items():
                shared[name] += a
                either[name] += b
        if ticker.due() and total is not None:
            yield StageProgress(PROFILE_STAGE, int(total * (
                _READING_SHARE + (1 - _READING_SHARE) * k / len(tasks))), total)
    if cancelled():
        raise Cancelled("profiling cancelled")
    cuts = {} if cut_job is None else {name: (shared[name], either[name], cut_job[3])
                                       for name in cut_job[2]}
    return sums, cuts


def _run_model_task(tokenizers: Mapping[str, Any], task: tuple) -> Any:
    if task[0] == "cuts":
        _, names, docs = task
        return cut_counts(docs, [(name, tokenizers[name]) for name in names])
    _, names, pieces, weights = task
    return {name: encode_counts(tokenizers[name], pieces, weights) for name in names}


def _init_models(shipped: dict[str, Any]) -> None:
    _WORKER["tokenizers"] = {name: _unshipped(state) for name, state in shipped.items()}


def _model_task(task: tuple) -> Any:
    return _run_model_task(_WORKER["tokenizers"], task)


class _Shipped:
    """A tokenizer on its way to a worker: its model as plain attributes.

    subtle: pickling a Tokenizer (HF's state) writes its whole ``tokenizer.json``, and
    each worker parses it again: seconds for a 128k-token BPE. The model's own tables
    pickle in a fraction of that.
    """

    def __init__(self, tokenizer: Any) -> None:
        model = tokenizer.model
        self.kind = type(tokenizer)
        self.state = {k: v for k, v in vars(tokenizer).items()
                      if k not in ("_model", "last_training_history")}
        self.model_kind = type(model)
        self.model_state = dict(vars(model))


def _shipped(tokenizer: Any) -> Any:
    from .tokenizer import Tokenizer

    if not isinstance(tokenizer, Tokenizer) or not hasattr(tokenizer.model, "__dict__"):
        return tokenizer
    return _Shipped(tokenizer)


def _unshipped(state: Any) -> Any:
    if not isinstance(state, _Shipped):
        return state
    model = state.model_kind.__new__(state.model_kind)
    vars(model).update(state.model_state)
    tokenizer = state.kind.__new__(state.kind)
    vars(tokenizer).update(state.state)
    vars(tokenizer)["_model"] = model
    vars(tokenizer).setdefault("last_training_history", None)
    return tokenizer


# ----------------------------------------------------------------------------- cut agreement
def _cut_sample(corpus: Corpus, max_chars: int) -> tuple[list[str], int | None]:
    """The first documents up to ``max_chars`` characters, and their characters (None when
    they are the whole corpus)."""
    docs = corpus.iter_documents()
    try:
        sample = take_chars(docs, max_chars)
        whole = next(docs, None) is None
    finally:
        docs.close()
    return sample, None if whole else sum(map(len, sample))


def cut_counts(documents: Iterable[str], tokenizers: list[tuple[str, Any]]
               ) -> dict[str, tuple[int, int]]:
    """Per tokenizer, the boundaries (:func:`~subword_core.compare.encoding_boundaries`)
    it shares with the first one and those of either, summed over ``documents``: the
    cut agreement of :func:`~subword_core.compare.iter_corpus_profiles` alone.

    The documents are laid end to end and each tokenizer's token spans placed in that
    text, so the masks are computed once per tokenizer, not once per document; a
    document's first non-space char is never a cut (it has no previous one).
    """
    docs = list(documents)
    text = "".join(docs)
    starts = np.cumsum([0, *map(len, docs)])[:-1]
    nonspace = _nonspace(text)
    # each document's first non-space char, by its index among the non-space chars
    firsts = np.searchsorted(nonspace, starts)
    ends = np.searchsorted(nonspace, starts + np.fromiter(map(len, docs), np.int64, len(docs)))
    firsts = firsts[firsts < ends]
    shared: dict[str, int] = {}
    either: dict[str, int] = {}
    first = None
    for name, tok in tokenizers:
        cuts = _cut_mask(nonspace, _spans(_for_offsets(tok), docs, starts))
        cuts[firsts] = False
        if first is None:
            first = cuts
        shared[name] = int(np.count_nonzero(cuts & first))
        either[name] = int(np.count_nonzero(cuts | first))
    return {name: (shared[name], either[name]) for name, _ in tokenizers}


def _spans(tokenizer: Any, docs: list[str], starts: Any) -> Any:
    """The non-special tokens' spans of every document, placed in the documents laid
    end to end: an ``(n, 2)`` array."""
    offsets: list[tuple[int, int]] = []
    counts: list[int] = []
    for doc in docs:
        enc = tokenizer.encode(doc, add_special_tokens=False)
        spans = enc.offsets
        if any(enc.special_tokens_mask):
            spans = [s for s, special in zip(spans, enc.special_tokens_mask) if not special]
        offsets += spans
        counts.append(len(spans))
    if not offsets:
        return np.zeros((0, 2), dtype=np.int64)
    placed = np.asarray(offsets, dtype=np.int64).reshape(-1, 2)
    return placed + np.repeat(np.asarray(starts, dtype=np.int64), counts)[:, None]


def _for_offsets(tokenizer: Any) -> Any:
    """The tokenizer without truncation or padding; a SentencePiece BPE whose parts
    between runs of ``▁`` are exact (:func:`~subword_core.figures.counts.metaspace_parts_exact`)
    cut there: the same tokens and offsets, without encoding each document as one word."""
    plain = plain_tokenizer(tokenizer)
    pipeline = pipeline_of(tokenizer)
    if pipeline is None or pipeline.runs is None:
        return plain
    twin = plain.shallow_copy()
    twin.pre_tokenizer = pipeline.pre_tokenizer
    return twin


_SPACES: list[Any] = []


def _nonspace(text: str) -> Any:
    """Indices of the chars of ``text`` that are not whitespace (``re``'s ``\\S``)."""
    if not _SPACES:
        table = np.zeros(0x110000, dtype=bool)
        everything = "".join(map(chr, range(0x110000)))
        table[[m.start() for m in re.finditer(r"\s", everything)]] = True
        _SPACES.append(table)
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    return np.flatnonzero(~_SPACES[0][codes])


def _cut_mask(nonspace: Any, spans: Any) -> Any:
    """Over the non-space chars: True where :func:`encoding_boundaries` cuts (a char not
    covered together with the previous non-space char by one of the token ``spans``)."""
    n = len(nonspace)
    joined = np.zeros(n + 1, dtype=np.int64)
    if len(spans):
        first = np.searchsorted(nonspace, spans[:, 0])
        stop = np.searchsorted(nonspace, spans[:, 1])
        wide = stop > first + 1  # the token covers two non-space chars or more
        np.add.at(joined, first[wide] + 1, 1)
        np.add.at(joined, stop[wide], -1)
    cuts = np.cumsum(joined[:n]) == 0
    if n:
        cuts[0] = False  # the first non-space char has no previous one
    return cuts


# ----------------------------------------------------------------------------- documents whole
def _documents_pass(corpus: Corpus, tokenizers: Mapping[str, Any], n_workers: int,
                    cancelled: Callable[[], bool], chunk_chars: int, lo: float, hi: float,
                    start: bool = False
                    ) -> Generator[StageStarted | StageProgress, None, dict[str, CorpusProfile]]:
    """Every document encoded whole by every tokenizer (the slow, reference pass)."""
    total = corpus.total_bytes
    report = CorpusReport()
    if start:
        yield StageStarted(PROFILE_STAGE, total)
    chunks = text_chunks(corpus.iter_documents(report), chunk_chars, cancelled, "profiling")
    parts = _in_pool(chunks, dict(tokenizers), n_workers, cancelled) if n_workers > 1 \
        else (profile_documents(chunk, tokenizers) for chunk in chunks)
    profiles = {name: CorpusProfile() for name in tokenizers}
    ticker = Ticker()
    for part in parts:
        if cancelled():
            raise Cancelled("profiling cancelled")
        for name, profile in part.items():
            merge_profiles(profiles[name], profile)
        if ticker.due():
            yield StageProgress(PROFILE_STAGE, _scaled(_done(report, total), total, lo, hi),
                                total)
    if cancelled():  # the pool stops waiting for its workers as soon as it is told
        raise Cancelled("profiling cancelled")
    if start:
        yield StageProgress(PROFILE_STAGE, total if total is not None else report.bytes, total)
    return profiles


def _done(report: CorpusReport, total: int | None) -> int:
    # report.bytes counts decompressed bytes; a gzip corpus's total is its size on disk.
    return report.bytes if total is None else min(report.bytes, total)


def _init_worker(tokenizers: dict[str, Any]) -> None:
    _WORKER["documents"] = {name: _unshipped(state) for name, state in tokenizers.items()}


def _profile_in_worker(chunk: list[str]) -> dict[str, CorpusProfile]:
    return profile_documents(chunk, _WORKER["documents"])


def _in_pool(chunks: Iterator[list[str]], tokenizers: dict[str, Any], n_workers: int,
             cancelled: Callable[[], bool]) -> Iterator[dict[str, CorpusProfile]]:
    """Profile chunks in ``n_workers`` processes, in order, with a bounded backlog; the
    iterator ends early once ``cancelled`` says so (the caller then raises)."""
    shipped = {name: _shipped(tok) for name, tok in tokenizers.items()}
    return ordered_pool_map(_profile_in_worker, chunks, n_workers, initializer=_init_worker,
                            initargs=(shipped,), cancelled=cancelled)


__all__ = [
    "CACHE", "CUT_SAMPLE_CHARS", "ProfileCache", "corpus_key", "iter_whole_corpus_profiles",
    "merge_profiles", "profile_documents", "tokenizer_fingerprint", "whole_corpus_profiles",
]
