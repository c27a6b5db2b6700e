"""Corpus reading and word counting in one process (or a pool fed by this one).

A corpus is files or any iterable of strings (the GUI's API). Files are ``.txt``
(each line a document, line ending kept as HF's ``train(files)`` keeps it),
``.jsonl`` / ``.json`` (a field of each record, default ``text``; a ``.json`` file
may hold an array of objects or of strings, or JSON lines), ``.csv`` / ``.tsv``
(a column, by header name or index), a directory searched with a glob, and the
``.gz`` / ``.bz2`` / ``.xz`` versions of all of these (the format readers live in
:mod:`._formats`).

:class:`Corpus` streams documents and never holds the whole text.
:func:`iter_count_words` turns them into the word counts the trainers take
(normalize -> pre-tokenize -> count), yielding the trainers' own progress events
(stage ``count_words``, in bytes of input) so one loop drives both; it may spread
the work over several processes (:mod:`._word_counting` holds the counters, their
exact shortcuts and the pool). A :class:`CorpusReport` says what was read.

Example:
    >>> counts, report = count_words(["low lower", "lowest low"])
    >>> counts.most_common(1), report.documents, report.words
    ([('low', 2)], 2, 4)
"""

from __future__ import annotations

import heapq
import os
import threading
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from ..errors import CorpusError
from ..spawning import start_method
from ..trainers.base import Ticker, drive
from ..trainers.events import StageProgress, StageStarted
from ._formats import CorpusFile, FileReader, resolve_files
from ._word_counting import ChunkCounter, count_chunks_in_pool, words_function

#: Something that says "stop": a ``threading.Event`` or a callable returning True.
Cancel = threading.Event | Callable[[], bool] | None
CountEvent = StageStarted | StageProgress

STAGE = "count_words"
#: Characters per chunk of documents handed to a counter (bounds memory and latency).
CHUNK_CHARS = 1 << 18
#: Below this many input bytes, starting worker processes costs more than it saves:
#: forked workers start at once; spawned ones first import the library (about a second).
PARALLEL_MIN_BYTES = 4 << 20
SPAWN_PARALLEL_MIN_BYTES = 16 << 20
MAX_AUTO_WORKERS = 8


class Cancelled(Exception):
    """Raised by the counting helpers when their cancel flag is set (not a data error)."""


@dataclass
class CorpusReport:
    """What reading (and counting) a corpus found.

    ``bytes`` counts decoded input bytes (after decompression); ``characters``,
    ``alphabet`` and ``words`` are filled by word counting. ``invalid_utf8`` is the
    number of invalid UTF-8 sequences replaced by U+FFFD.
    """

    files: list[str] = field(default_factory=list)
    documents: int = 0
    bytes: int = 0
    characters: int = 0
    words: int = 0
    unique_words: int = 0
    alphabet: Counter[str] = field(default_factory=Counter)
    invalid_utf8: int = 0
    skipped_files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line for people, e.g. ``2 files, 1,024 documents, 51.2 KB, ...``."""
        n_files = len(self.files)
        parts = [f"{n_files:,} file{'s' if n_files != 1 else ''}"] if self.files else []
        parts += [f"{self.documents:,} documents", _human_bytes(self.bytes),
                  f"{self.characters:,} characters ({len(self.alphabet):,} distinct)",
                  f"{self.words:,} words ({self.unique_words:,} unique)"]
        if self.invalid_utf8:
            parts.append(f"{self.invalid_utf8:,} invalid UTF-8 sequences")
        if self.skipped_files:
            parts.append(f"{len(self.skipped_files)} files skipped")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the alphabet is sorted by count, then character."""
        data = asdict(self)
        data["alphabet"] = dict(sorted(self.alphabet.items(), key=lambda kv: (-kv[1], kv[0])))
        return data


class WordCounts(NamedTuple):
    """The result of counting: ``counts`` (word -> frequency) and the ``report``."""

    counts: Counter[str]
    report: CorpusReport


@dataclass(frozen=True, slots=True)
class WordFrequency:
    """One row of the word-frequency table (``share`` and ``cumulative`` are fractions)."""

    rank: int
    word: str
    count: int
    share: float
    cumulative: float


# -- sources ----------------------------------------------------------------------------------
class Corpus:
    """A corpus to stream: files (resolved up front, so a missing one fails early) or texts.

    Args:
        paths: files and directories; directories are searched with ``glob``.
        texts: an iterable of documents instead of files (read once if it is an iterator).
        field: the record field for ``.json`` / ``.jsonl``.
        column: the column for ``.csv`` / ``.tsv`` (header name or 0-based index);
            ``None`` picks ``text`` or the only column.
        glob: pattern for directories (default ``**/*``, hidden files skipped).

    Raises:
        CorpusError: a path is missing or a directory matches nothing.
    """

    def __init__(self, paths: Iterable[str | os.PathLike[str]] = (), *,
                 texts: Iterable[str] | None = None, field: str = "text",
                 column: str | int | None = None, glob: str | None = None) -> None:
        self.field = field
        self.column = column
        self.texts = texts
        self.files: list[CorpusFile] = [] if texts is not None else resolve_files(paths, glob)
        if texts is None and not self.files:
            raise CorpusError("no corpus files given")

    @property
    def total_bytes(self) -> int | None:
        """Bytes on disk to read (the progress total); ``None`` for texts of unknown size."""
        return None if self.texts is not None else sum(f.size for f in self.files)

    def describe(self) -> str:
        """A short name for messages: the file name(s) or ``<texts>``."""
        if self.texts is not None:
            return "<texts>"
        names = [str(f.path) for f in self.files[:3]]
        more = len(self.files) - len(names)
        return ", ".join(names) + (f" and {more} more" if more else "")

    def iter_documents(self, report: CorpusReport | None = None) -> Iterator[str]:
        """Yield documents in order, updating ``report`` (documents, bytes, files, warnings)."""
        reading = _Reading(self, report if report is not None else CorpusReport())
        return reading.documents()


def as_corpus(source: Corpus | str | os.PathLike[str] | Iterable[Any], **options: Any) -> Corpus:
    """Turn what callers hold into a :class:`Corpus`.

    A ``Corpus`` is returned as is; a ``str`` or path-like is one path; a list or
    tuple of path-likes is several paths; any other iterable is *texts* — so a list
    of ``str`` is documents, not file names (wrap file names in ``pathlib.Path``).
    """
    if isinstance(source, Corpus):
        return source
    if isinstance(source, (str, os.PathLike)):
        return Corpus([source], **options)
    if isinstance(source, (list, tuple)) and source and all(
            isinstance(p, os.PathLike) for p in source):
        return Corpus(source, **options)
    if isinstance(source, Iterable):
        return Corpus(texts=source, **options)
    raise CorpusError(f"cannot read a corpus from {type(source).__name__}")


class _Reading:
    """One pass over a corpus: tracks the report and the bytes done (for progress)."""

    def __init__(self, corpus: Corpus, report: CorpusReport) -> None:
        self.corpus = corpus
        self.report = report
        self.has_text = False  # any non-whitespace character seen (the emptiness test)
        self._done_before = 0
        self._reader: FileReader | None = None

    @property
    def bytes_done(self) -> int:
        current = self._reader.position() if self._reader is not None else 0
        return self._done_before + current

    def documents(self) -> Iterator[str]:
        source = self.corpus.texts if self.corpus.texts is not None else self._file_documents()
        report = self.report
        for doc in source:
            if not isinstance(doc, str):
                raise CorpusError(f"corpus texts must be strings, got {type(doc).__name__}")
            report.documents += 1
            if self.corpus.texts is not None:
                report.bytes += len(doc.encode("utf-8", "surrogatepass"))
            if not self.has_text and doc and not doc.isspace():
                self.has_text = True
            yield doc
        if not self.has_text:
            raise CorpusError(empty_corpus_message(self.corpus, report))

    def _file_documents(self) -> Iterator[str]:
        corpus = self.corpus
        for cf in corpus.files:
            self._reader = FileReader(cf, self.report, corpus.field, corpus.column)
            try:
                yield from self._reader.documents()
            finally:
                self._reader.close()
                self._reader = None
                self._done_before += cf.size


def empty_corpus_message(corpus: Corpus, report: CorpusReport) -> str:
    """The ``CorpusError`` message for a corpus that gave no text."""
    # One line that says why: the first warning usually names the real cause.
    why = f" ({report.warnings[0]})" if report.warnings else ""
    return f"corpus is empty: no text in {corpus.describe()}{why}"


def preview(source: Corpus | str | os.PathLike[str] | Iterable[Any], max_documents: int = 200,
            **options: Any) -> list[str]:
    """The first ``max_documents`` documents, for a quick look (stops reading early)."""
    docs: list[str] = []
    gen = as_corpus(source, **options).iter_documents()
    try:
        for doc in gen:
            docs.append(doc)
            if len(docs) >= max_documents:
                break
    except CorpusError:
        if not docs:
            raise
    finally:
        gen.close()
    return docs


def iter_count_words(source: Corpus | str | os.PathLike[str] | Iterable[Any],
                     normalizer: Any = None, pre_tokenizer: Any = None, *,
                     n_workers: int | None = None, cancel: Cancel = None,
                     chunk_chars: int = CHUNK_CHARS,
                     ) -> Generator[CountEvent, None, WordCounts]:
    """Count words, yielding progress; return :class:`WordCounts`.

    Yields ``StageStarted("count_words", total_bytes)`` then ``StageProgress`` with
    bytes read (on disk, so compressed files count compressed bytes) about every 50 ms.
    Stop early by closing the generator or setting ``cancel``.

    Args:
        source: anything :func:`as_corpus` takes.
        normalizer, pre_tokenizer: subword_core components (or ``None``; see
            :func:`words_function`).
        n_workers: processes to count with; ``None`` picks 1 for small inputs, else
            up to the CPU count; 1 counts in this process.
        cancel: a ``threading.Event`` or callable; when set, :class:`Cancelled` is raised.
        chunk_chars: documents are counted in chunks of about this many characters.

    Raises:
        CorpusError: missing, unreadable or empty corpus.
        Cancelled: ``cancel`` was set.
    """
    # 1. resolve the source (fails fast on missing files) and the counting function
    corpus = as_corpus(source)
    report = CorpusReport()
    reading = _Reading(corpus, report)
    total = corpus.total_bytes
    n_workers = choose_workers(n_workers, total)
    yield StageStarted(STAGE, total)

    # 2. count chunk by chunk, in this process or in a pool
    chunks = text_chunks(reading.documents(), chunk_chars, cancel_check(cancel))
    counter = ChunkCounter.for_components(normalizer, pre_tokenizer)
    raw: Counter[str] = Counter()
    ticker = Ticker()
    if n_workers > 1:
        counted = count_chunks_in_pool(chunks, normalizer, pre_tokenizer, n_workers)
    else:  # one running total: no per-chunk Counter to merge
        counted = (counter.count_raw(chunk, into=raw) for chunk in chunks)
    for words, chars in counted:
        if words is not raw:
            raw.update(words)
        report.alphabet.update(chars)
        if ticker.due():
            yield StageProgress(STAGE, reading.bytes_done, total)
    counts = counter.words(raw)
    del raw

    # 3. finish the report
    report.characters = sum(report.alphabet.values())
    report.words = sum(counts.values())
    report.unique_words = len(counts)
    if not counts:
        raise CorpusError(f"corpus has no words after pre-tokenization: {corpus.describe()}")
    yield StageProgress(STAGE, total if total is not None else reading.bytes_done, total)
    return WordCounts(counts, report)


def count_words(source: Corpus | str | os.PathLike[str] | Iterable[Any],
                normalizer: Any = None, pre_tokenizer: Any = None, *,
                on_event: Callable[[CountEvent], object] | None = None,
                **options: Any) -> WordCounts:
    """:func:`iter_count_words` run to the end; ``on_event`` sees each progress event."""
    return drive(iter_count_words(source, normalizer, pre_tokenizer, **options), on_event)


def choose_workers(n_workers: int | None, total: int | None) -> int:
    """``n_workers`` (at least 1), or for ``None`` the automatic choice for ``total`` bytes:
    one process below :data:`PARALLEL_MIN_BYTES` (:data:`SPAWN_PARALLEL_MIN_BYTES` where
    workers are spawned, not forked: starting them costs more than it saves), else every
    core up to :data:`MAX_AUTO_WORKERS`."""
    if n_workers is not None:
        return max(1, n_workers)
    least = PARALLEL_MIN_BYTES if start_method() == "fork" else SPAWN_PARALLEL_MIN_BYTES
    if total is None or total < least:
        return 1
    return max(1, min(os.cpu_count() or 1, MAX_AUTO_WORKERS))


def cancel_check(cancel: Cancel) -> Callable[[], bool]:
    """``cancel`` (an Event, a callable or ``None``) as a callable returning True to stop."""
    if cancel is None:
        return lambda: False
    if isinstance(cancel, threading.Event):
        return cancel.is_set
    return cancel


def text_chunks(docs: Iterator[str], chunk_chars: int, cancelled: Callable[[], bool],
            what: str = "word counting") -> Iterator[list[str]]:
    """Group documents into lists of about ``chunk_chars`` characters; check ``cancelled``
    (``what`` names the work in the ``Cancelled`` message)."""
    chunk: list[str] = []
    size = 0
    try:
        for doc in docs:
            chunk.append(doc)
            size += len(doc)
            if size >= chunk_chars:
                if cancelled():
                    raise Cancelled(f"{what} cancelled")
                yield chunk
                chunk, size = [], 0
        if chunk:
            yield chunk
    finally:
        docs.close()  # type: ignore[attr-defined]  # closes the open file promptly


# -- the GUI's word table ---------------------------------------------------------------------
def word_frequencies(counts: Counter[str] | dict[str, int],
                     top_n: int | None = None) -> list[WordFrequency]:
    """Rows sorted by count (descending), then word; ``top_n=None`` gives all words."""
    total = sum(counts.values()) or 1
    key = lambda kv: (-kv[1], kv[0])  # noqa: E731
    items = (heapq.nsmallest(top_n, counts.items(), key=key) if top_n is not None
             else sorted(counts.items(), key=key))
    rows, running = [], 0
    for rank, (word, count) in enumerate(items, 1):
        running += count
        rows.append(WordFrequency(rank, word, count, count / total, running / total))
    return rows


def _human_bytes(n: int) -> str:
    size = float(n)
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:,.0f} {unit}" if unit == "bytes" else f"{size:,.1f} {unit}"
        size /= 1024
    return f"{n} bytes"  # pragma: no cover


__all__ = [
    "CHUNK_CHARS",
    "Cancel",
    "Cancelled",
    "Corpus",
    "CorpusFile",
    "ChunkCounter",
    "CorpusReport",
    "WordCounts",
    "WordFrequency",
    "as_corpus",
    "cancel_check",
    "count_words",
    "iter_count_words",
    "preview",
    "word_frequencies",
    "words_function",
]
