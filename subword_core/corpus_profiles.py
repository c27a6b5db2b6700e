"""Whole-corpus profiles of several tokenizers, in worker processes, with a cache.

:func:`subword_core.compare.iter_corpus_profiles` encodes every document with every
tokenizer in this process. On a 50 MB corpus that is minutes of one core, which is
why the window used to stop after the first megabyte or two. Here the same per-document
work runs on chunks of documents in spawned processes; the partial
:class:`~subword_core.compare.CorpusProfile` of each chunk are added up. Every field of a
profile is a sum over documents, so the result is *identical* to the single-process
pass, whatever the chunking (tested).

Results are cached by (tokenizer content, corpus files with their sizes and
modification times), so switching back to a tokenizer, or reopening the Compare view,
does not encode the corpus again.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import Any

from .compare import PROFILE_STAGE, CorpusProfile, iter_corpus_profiles
from .corpus import Cancel, Cancelled, Corpus, CorpusReport, as_corpus, cancel_check
from .corpus.reading import _chunks
from .spawning import ordered_pool_map
from .trainers.base import Ticker, drive
from .trainers.events import StageProgress, StageStarted

#: Documents are sent to workers in chunks of about this many characters.
CHUNK_CHARS = 400_000
#: Below this many bytes on disk one process is quicker than starting workers.
PARALLEL_MIN_BYTES = 4_000_000
#: Profiles kept in the cache (each holds a token-id counter: a few MB at most).
CACHE_SIZE = 16


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
def tokenizer_fingerprint(tokenizer: Any) -> str:
    """A digest of the tokenizer's serialized form (its whole pipeline and vocabulary)."""
    try:
        text = tokenizer.to_str()
    except Exception:  # noqa: BLE001 - a model that cannot be serialized is keyed by identity
        return f"id:{id(tokenizer)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
    """Least-recently-used profiles by (tokenizer fingerprints, corpus key); thread-safe."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._items: OrderedDict[tuple, CorpusProfile] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> CorpusProfile | None:
        with self._lock:
            profile = self._items.get(key)
            if profile is not None:
                self._items.move_to_end(key)
            return profile

    def put(self, key: tuple, profile: CorpusProfile) -> None:
        with self._lock:
            self._items[key] = profile
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: The process-wide cache the window's jobs share.
CACHE = ProfileCache()


# ----------------------------------------------------------------------------- the pass
def iter_whole_corpus_profiles(
    source: Corpus | str | os.PathLike[str] | Iterable[Any],
    tokenizers: Mapping[str, Any], *,
    n_workers: int | None = None,
    cancel: Cancel = None,
    cache: ProfileCache | None = CACHE,
    chunk_chars: int = CHUNK_CHARS,
) -> Generator[StageStarted | StageProgress, None, dict[str, CorpusProfile]]:
    """Profile every tokenizer on the whole corpus; yield progress in bytes read.

    The result equals ``iter_corpus_profiles(corpus.iter_documents(), tokenizers)``.
    Cut agreement is measured against the first tokenizer, so the cache key holds
    the whole ordered list of fingerprints.

    Args:
        source: anything :func:`~subword_core.corpus.as_corpus` takes.
        tokenizers: name → tokenizer, in the order of the rows.
        n_workers: encoding processes; ``None`` picks 1 for small corpora, else the
            CPU count (at most 8); 1 encodes in this process.
        cancel: an Event or callable; when set, :class:`~subword_core.errors.Cancelled`.
        cache: where finished profiles are kept (``None``: no caching).
    """
    corpus = as_corpus(source)
    total = corpus.total_bytes
    keys = _cache_keys(corpus, tokenizers, cache)
    if keys is not None and all(cache.get(k) is not None for k in keys.values()):
        yield StageStarted(PROFILE_STAGE, total)
        yield StageProgress(PROFILE_STAGE, total or 0, total)
        return {name: cache.get(keys[name]) for name in tokenizers}
    profiles = yield from _profile_pass(corpus, tokenizers, _workers(n_workers, total),
                                        cancel_check(cancel), chunk_chars)
    if keys is not None:
        for name, profile in profiles.items():
            cache.put(keys[name], profile)
    return profiles


def whole_corpus_profiles(source: Any, tokenizers: Mapping[str, Any], **options: Any
                          ) -> dict[str, CorpusProfile]:
    """:func:`iter_whole_corpus_profiles` run to the end."""
    return drive(iter_whole_corpus_profiles(source, tokenizers, **options))


def _cache_keys(corpus: Corpus, tokenizers: Mapping[str, Any], cache: ProfileCache | None
                ) -> dict[str, tuple] | None:
    if cache is None:
        return None
    where = corpus_key(corpus)
    if where is None:
        return None
    prints = tuple(tokenizer_fingerprint(t) for t in tokenizers.values())
    # subtle: a profile's cut agreement depends on the first tokenizer, so the key of
    # each row is (its own fingerprint, the first one's, the corpus).
    return {name: (prints[i], prints[0], where) for i, name in enumerate(tokenizers)}


def _workers(n_workers: int | None, total: int | None) -> int:
    if n_workers is not None:
        return max(1, n_workers)
    if total is None or total < PARALLEL_MIN_BYTES:
        return 1
    return max(1, min(os.cpu_count() or 1, 8))


def _profile_pass(corpus: Corpus, tokenizers: Mapping[str, Any], n_workers: int,
                  cancelled: Callable[[], bool], chunk_chars: int
                  ) -> Generator[StageStarted | StageProgress, None, dict[str, CorpusProfile]]:
    total = corpus.total_bytes
    report = CorpusReport()
    yield StageStarted(PROFILE_STAGE, total)
    chunks = _chunks(corpus.iter_documents(report), chunk_chars, cancelled, "profiling")
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
            yield StageProgress(PROFILE_STAGE, _done(report, total), total)
    if cancelled():  # the pool stops waiting for its workers as soon as it is told
        raise Cancelled("profiling cancelled")
    yield StageProgress(PROFILE_STAGE, total if total is not None else report.bytes, total)
    return profiles


def _done(report: CorpusReport, total: int | None) -> int:
    # report.bytes counts decompressed bytes; a gzip corpus's total is its size on disk.
    return report.bytes if total is None else min(report.bytes, total)


_WORKER_TOKENIZERS: dict[str, Any] = {}


def _init_worker(tokenizers: dict[str, Any]) -> None:
    _WORKER_TOKENIZERS.clear()
    _WORKER_TOKENIZERS.update(tokenizers)


def _profile_in_worker(chunk: list[str]) -> dict[str, CorpusProfile]:
    return profile_documents(chunk, _WORKER_TOKENIZERS)


def _in_pool(chunks: Iterator[list[str]], tokenizers: dict[str, Any], n_workers: int,
             cancelled: Callable[[], bool]) -> Iterator[dict[str, CorpusProfile]]:
    """Profile chunks in ``n_workers`` processes, in order, with a bounded backlog; the
    iterator ends early once ``cancelled`` says so (the caller then raises)."""
    return ordered_pool_map(_profile_in_worker, chunks, n_workers, initializer=_init_worker,
                            initargs=(tokenizers,), cancelled=cancelled)
