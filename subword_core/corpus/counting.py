"""Counting a corpus in one process, in worker processes, or on a Dask cluster.

:func:`count_words` is the entry point (``subword_core.count_words``, ``subword count``):

- one process (the default; texts always): :func:`.reading.iter_count_words`;
- ``n_workers=N`` (or automatic, for large inputs) on files: N spawned processes, each
  reading and counting its own partitions (:mod:`.partitions`), merged here in corpus order;
- ``client=`` a ``distributed.Client``: each partition is a task on a worker, the partial
  counts are merged on the workers by a tree of pairwise merges (neighbours only, so
  the first-occurrence order is kept); only the final counts come back.
  :func:`local_client` starts a ``LocalCluster`` of processes on this machine.

Every route gives the same counts, in the same order, as one process. ``output=``
writes them as a counts file (:mod:`.counts_file`), with the files' SHA-256 computed
in a thread while the counting runs.
"""

from __future__ import annotations

import os
import signal
import uuid
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .._util.progress import StageProgress, StageStarted, drive
from .._util.spawning import bare_main, ordered_pool_map
from ..errors import CorpusError
from .counts_file import (
    CountsFileError,
    cache_key,
    corpus_files,
    pipeline_fingerprint,
    pipeline_spec,
    read_counts,
    write_counts,
)
from .partitions import (
    PARTITION_BYTES,
    Partial,
    Partition,
    count_partition,
    finish,
    merge_partials,
    plan_partitions,
)
from .reading import (
    CHUNK_CHARS,
    STAGE,
    Cancel,
    Cancelled,
    Corpus,
    CountEvent,
    WordCounts,
    as_corpus,
    cancel_check,
    choose_workers,
    iter_count_words,
)

DASK_MISSING = "counting on Dask needs dask and distributed: install it with pip install '.[dask]'"


def iter_count(source: Corpus | str | os.PathLike[str] | Iterable[Any],
               normalizer: Any = None, pre_tokenizer: Any = None, *,
               client: Any = None, n_workers: int | None = None,
               partition_bytes: int = PARTITION_BYTES, cancel: Cancel = None,
               chunk_chars: int = CHUNK_CHARS, **reading: Any,
               ) -> Generator[CountEvent, None, WordCounts]:
    """Count words on the route the arguments choose (see the module docstring), yielding
    ``StageStarted("count_words", total bytes)`` then ``StageProgress`` (per partition on
    workers); return :class:`WordCounts`.

    Args:
        source: anything :func:`.reading.as_corpus` takes; ``reading`` are its options
            (``field``, ``column``, ``glob``).
        normalizer, pre_tokenizer: the components words are counted with.
        client: a ``distributed.Client``: count on its cluster (files only).
        n_workers: worker processes (1: this process; ``None``: all cores, up to 8, from
            :data:`.reading.PARALLEL_MIN_BYTES` up). Workers read partitions of files
            themselves; texts, or a corpus that is a single partition (one gzip file), are
            read here and counted in chunks by the workers.
        partition_bytes: the size of a partition of a large plain-text or Parquet file.
        cancel: a ``threading.Event`` or callable; when set, :class:`Cancelled` is raised.
        chunk_chars: documents per counting chunk, in characters.

    Raises:
        CorpusError: unreadable or empty corpus, texts given with ``client``, dask missing.
        Cancelled: ``cancel`` was set.
    """
    corpus = as_corpus(source, **reading)
    if client is None:
        n_workers = choose_workers(n_workers, corpus.total_bytes)
    if client is None and (n_workers <= 1 or corpus.texts is not None):
        return (yield from iter_count_words(corpus, normalizer, pre_tokenizer,
                                            n_workers=n_workers, cancel=cancel,
                                            chunk_chars=chunk_chars))
    if corpus.texts is not None:
        raise CorpusError("a Dask cluster counts files (its workers read them), not texts")
    slots = _dask_slots(client) if client is not None else n_workers
    parts = plan_partitions(corpus, balanced_partition_bytes(
        partition_bytes, corpus.total_bytes or 0, slots))
    if client is None and len(parts) < 2:
        # one gzip file, say: this process reads it and the workers count its chunks
        return (yield from iter_count_words(corpus, normalizer, pre_tokenizer,
                                            n_workers=n_workers, cancel=cancel,
                                            chunk_chars=chunk_chars))
    options = {"normalizer": normalizer, "pre_tokenizer": pre_tokenizer,
               "field": corpus.field, "column": corpus.column, "chunk_chars": chunk_chars}
    cancelled = cancel_check(cancel)
    run = _on_dask(client, parts, options) if client is not None \
        else _in_pool(n_workers or 1, parts, options, cancelled)
    merged = yield from _progress(run, parts, cancelled)
    return finish(merged, corpus)


#: Partitions are not made smaller than this to spread a corpus over the workers.
MIN_PARTITION_BYTES = 1 << 20


def balanced_partition_bytes(partition_bytes: int, total: int, slots: int) -> int:
    """``partition_bytes``, made smaller (down to :data:`MIN_PARTITION_BYTES`) so that the
    corpus has about 4 partitions per worker: a worker left with the last big partition
    would otherwise hold up the others."""
    return min(partition_bytes, max(MIN_PARTITION_BYTES, total // (4 * max(1, slots))))


def _dask_slots(client: Any) -> int:
    """The cluster's worker threads (tasks it runs at once)."""
    try:
        workers = client.scheduler_info()["workers"].values()
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers))
    except Exception:  # noqa: BLE001 - an odd client: no balancing, nothing else changes
        return 1


def _progress(run: Generator[int, None, Partial], parts: list[Partition],
              cancelled: Callable[[], bool]) -> Generator[CountEvent, None, Partial]:
    """Relay a runner (it yields the index of each partition done) as progress events."""
    total = sum(p.size for p in parts)
    done = 0
    yield StageStarted(STAGE, total)
    try:
        while True:
            if cancelled():
                raise Cancelled("word counting cancelled")
            try:
                index = next(run)
            except StopIteration as stop:
                yield StageProgress(STAGE, total, total)
                return stop.value
            done += parts[index].size
            yield StageProgress(STAGE, done, total)
    finally:
        run.close()


def count_words(source: Corpus | str | os.PathLike[str] | Iterable[Any],
                normalizer: Any = None, pre_tokenizer: Any = None, *,
                pipeline: Any = None, output: str | os.PathLike[str] | None = None,
                on_event: Callable[[CountEvent], object] | None = None,
                **options: Any) -> WordCounts:
    """Count the words of a corpus; optionally save them as a counts file.

    Args:
        source: files (paths, a :class:`Corpus`) or an iterable of texts (e.g. a
            ``datasets.Dataset`` column).
        normalizer, pre_tokenizer: the components to count with; or ``pipeline``: any
            object with ``normalizer`` and ``pre_tokenizer`` attributes (a preset:
            :func:`subword_core.training.presets.counting_pipeline`).
        output: write a counts file here (``.gz``: compressed), recording the pipeline,
            the files with their sizes and SHA-256, and the totals.
        on_event: sees each progress event.
        **options: those of :func:`iter_count` (``client``, ``n_workers``,
            ``partition_bytes``, ``cancel``, ``field``, ``column``, ``glob``...).

    Example:
        >>> counts, report = count_words(["low lower", "lowest low"])
        >>> counts.most_common(1), report.words
        ([('low', 2)], 4)
    """
    if pipeline is not None:
        normalizer, pre_tokenizer = pipeline.normalizer, pipeline.pre_tokenizer
    reading = {k: options.pop(k) for k in ("field", "column", "glob") if k in options}
    corpus = as_corpus(source, **reading)
    if output is not None:
        pipeline_spec(normalizer, pre_tokenizer)  # a component without JSON fails before counting
    if output is None:
        return drive(iter_count(corpus, normalizer, pre_tokenizer, **options), on_event)
    # the files' SHA-256 in a thread (hashlib lets go of the GIL) while counting runs
    with ThreadPoolExecutor(1) as hashing:
        files = hashing.submit(corpus_files, corpus)
        result = drive(iter_count(corpus, normalizer, pre_tokenizer, **options), on_event)
        write_counts(output, result, normalizer, pre_tokenizer, files=files.result())
    return result


# -- a cache of counts files ------------------------------------------------------------------
#: Counts files kept in a cache directory (the least recently used go first).
CACHE_ENTRIES = 8


def iter_cached_count(corpus: Corpus, normalizer: Any, pre_tokenizer: Any,
                      cache_dir: str | os.PathLike[str], **options: Any,
                      ) -> Generator[CountEvent, None, WordCounts]:
    """:func:`iter_count`, or the counts saved by an earlier call with the same files
    (paths, sizes, modification times), reading options and pipeline.

    The cache holds the :data:`CACHE_ENTRIES` most recently used counts files; an
    unreadable entry is counted again. A cached result yields only the progress events
    of a finished stage.
    """
    key = cache_key(corpus, pipeline_fingerprint(normalizer, pre_tokenizer),
                    field=corpus.field, column=corpus.column)
    path = Path(cache_dir) / f"{key}.tsv.gz"
    if path.exists():
        try:
            cached = read_counts(path)
        except CountsFileError:
            pass  # damaged: count again, then overwrite it
        else:
            os.utime(path)  # most recently used
            total = corpus.total_bytes
            yield StageStarted(STAGE, total)
            yield StageProgress(STAGE, total or 0, total)
            return cached.word_counts
    result = yield from iter_count(corpus, normalizer, pre_tokenizer, **options)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        files = [{"path": str(cf.path), "size": cf.size} for cf in corpus.files]
        write_counts(path, result, normalizer, pre_tokenizer, files=files)
        _prune(path.parent)
    except (OSError, CorpusError):
        pass  # a cache that cannot be written only costs the next training its counting
    return result


def _prune(cache_dir: Path) -> None:
    entries = sorted(cache_dir.glob("*.tsv.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in entries[CACHE_ENTRIES:]:
        stale.unlink(missing_ok=True)


# -- worker processes ------------------------------------------------------------------------
def _in_pool(n_workers: int, parts: list[Partition], options: dict[str, Any],
             cancelled: Callable[[], bool] = lambda: False) -> Generator[int, None, Partial]:
    """Count the partitions in spawned processes; merge here, in corpus order.

    ``cancelled`` is checked while a partition is counted too (a worker may take seconds
    over one): the wait ends within 0.1 s of it, with :class:`Cancelled`.
    """
    tasks = [(part, options) for part in parts]
    merged: Partial | None = None
    for partial in ordered_pool_map(_count_task, tasks, min(n_workers, len(parts)),
                                    initializer=_ignore_sigint, cancelled=cancelled):
        merged = partial if merged is None else merge_partials(merged, partial, in_place=True)
        yield partial.first
    if cancelled():  # the pool stopped early: what was merged is not the corpus's counts
        raise Cancelled("word counting cancelled")
    assert merged is not None
    return merged


def _ignore_sigint() -> None:
    # Ctrl-C reaches the process group; the parent alone handles it and stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _count_task(task: tuple[Partition, dict[str, Any]]) -> Partial:
    part, options = task
    return count_partition(part, **options)


# -- Dask --------------------------------------------------------------------------------------
def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise CorpusError(DASK_MISSING) from None
    return distributed


def _on_dask(client: Any, parts: list[Partition],
             options: dict[str, Any]) -> Generator[int, None, Partial]:
    """A task per partition, then pairwise merges of neighbours, level by level, on the
    workers (a tree: no node merges everything); yield partitions as they finish."""
    distributed = _distributed()
    run = uuid.uuid4().hex[:12]
    # the components travel once to the cluster, not with every task
    [shared] = client.scatter([options], broadcast=True, hash=False)
    leaves = [client.submit(_count_on_worker, part, shared, key=f"subword-count-{run}-{i}",
                            pure=False) for i, part in enumerate(parts)]
    futures = list(leaves)
    level, depth = list(leaves), 0
    while len(level) > 1:
        depth += 1
        pairs = [level[i:i + 2] for i in range(0, len(level), 2)]
        level = [pair[0] if len(pair) == 1 else client.submit(
            merge_partials, *pair, key=f"subword-merge-{run}-{depth}-{i}", pure=False)
            for i, pair in enumerate(pairs)]
        futures += level
    top = level[0]
    try:
        for future in distributed.as_completed(leaves):
            if future.status == "error":
                future.result()  # raises the worker's error here
            yield leaves.index(future)
        leaves = []
        return top.result()
    finally:
        client.cancel(futures)


def _count_on_worker(part: Partition, options: dict[str, Any]) -> Partial:
    return count_partition(part, **options)


@contextmanager
def local_client(n_workers: int = 2, **cluster_options: Any) -> Iterator[Any]:
    """A ``distributed.Client`` on a ``LocalCluster`` of ``n_workers`` processes (one thread
    each) on this machine, closed on exit.

    Raises:
        CorpusError: dask or distributed is not installed.
    """
    distributed = _distributed()
    options = {"n_workers": n_workers, "threads_per_worker": 1, "processes": True,
               "dashboard_address": None, **cluster_options}
    with bare_main():  # spawned workers must not re-run the caller's script
        cluster = distributed.LocalCluster(**options)
    try:
        with distributed.Client(cluster) as client:
            yield client
    finally:
        cluster.close()


def connect(address: str, timeout: float = 30) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (``tcp://host:8786``).

    Raises:
        CorpusError: dask is missing or the scheduler cannot be reached.
    """
    distributed = _distributed()
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise CorpusError(f"cannot reach the Dask scheduler at {address}: "
                          f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
                          ) from None


__all__ = ["DASK_MISSING", "connect", "count_words", "iter_cached_count", "iter_count",
           "local_client"]
