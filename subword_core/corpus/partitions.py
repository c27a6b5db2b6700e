"""Partitions of a corpus, counted on their own and merged: counting on many workers.

A :class:`Partition` is a whole file, a byte range of a plain ``.txt`` file (from one
line start to another: a line break ends every UTF-8 character, so none is cut), or a
range of a Parquet file's row groups. Compressed files, JSON, CSV and Arrow files are
one partition each (they cannot be entered in the middle).

:func:`count_partition` counts one with the code of the single-process path
(:class:`~._formats.FileReader`, the chunks, :class:`~._word_counting.ChunkCounter`) and
returns a :class:`Partial`; :func:`merge_partials` merges two neighbours, the earlier
first, so that a tree of merges keeps the words in first-occurrence order and gives
the very counts of one pass (an order-keeping union is associative).
:func:`finish` turns the last partial into :class:`~.reading.WordCounts`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import CorpusError
from ._formats import CorpusFile, FileReader, invalid_utf8_warning, pyarrow_module
from ._word_counting import ChunkCounter
from .reading import (
    CHUNK_CHARS,
    Corpus,
    CorpusReport,
    WordCounts,
    empty_corpus_message,
    text_chunks,
)

#: Default partition size: large enough that scheduling costs nothing, small enough to spread.
PARTITION_BYTES = 64 << 20
_SCAN_BLOCK = 1 << 16


@dataclass(frozen=True)
class Partition:
    """Part of a corpus: ``file``'s bytes (txt) or row groups (parquet) ``start:end``.

    ``end=None`` reads to the end; ``size`` is the bytes on disk it covers (progress).
    """

    index: int
    file: CorpusFile
    start: int = 0
    end: int | None = None
    size: int = 0

    def describe(self) -> str:
        if self.start == 0 and self.end is None:
            return str(self.file.path)
        unit = "row groups" if self.file.format == "parquet" else "bytes"
        return f"{self.file.path} {unit} {self.start}:{'' if self.end is None else self.end}"


def plan_partitions(corpus: Corpus, partition_bytes: int = PARTITION_BYTES) -> list[Partition]:
    """The corpus's files cut into partitions of about ``partition_bytes`` each, in order.

    Raises:
        CorpusError: the corpus is texts (an iterable), not files.
    """
    if corpus.texts is not None:
        raise CorpusError("only files can be partitioned; count texts in one process")
    if partition_bytes <= 0:
        raise CorpusError(f"partition size must be positive, got {partition_bytes}")
    parts: list[Partition] = []
    for cf in corpus.files:
        for start, end, size in _file_ranges(cf, partition_bytes):
            parts.append(Partition(len(parts), cf, start, end, size))
    return parts


def _file_ranges(cf: CorpusFile, partition_bytes: int) -> list[tuple[int, int | None, int]]:
    if cf.format == "txt" and cf.compression is None and cf.size > partition_bytes:
        return _line_ranges(cf, partition_bytes)
    if cf.format == "parquet" and cf.size > partition_bytes:
        return _row_group_ranges(cf, partition_bytes)
    return [(0, None, cf.size)]


def _line_ranges(cf: CorpusFile, partition_bytes: int) -> list[tuple[int, int | None, int]]:
    """Byte ranges of about equal size, each cut moved forward to the next line start."""
    n = math.ceil(cf.size / partition_bytes)
    cuts = [0]
    with open(cf.path, "rb") as fh:
        for k in range(1, n):
            cut = line_start_at(fh, k * cf.size // n, cf.size)
            if cuts[-1] < cut < cf.size:
                cuts.append(cut)
    ends: list[int | None] = [*cuts[1:], None]
    return [(start, end, (cf.size if end is None else end) - start)
            for start, end in zip(cuts, ends, strict=True)]


def line_start_at(fh: Any, offset: int, size: int) -> int:
    """The first line start at or after ``offset`` in the binary file ``fh`` (``size`` if none).

    A line starts at 0 or just after ``\\n``, a byte that is never part of a multi-byte
    UTF-8 character: a cut there cannot split one.
    """
    if offset <= 0:
        return 0
    pos = offset - 1
    fh.seek(pos)
    while block := fh.read(_SCAN_BLOCK):
        found = block.find(b"\n")
        if found >= 0:
            return pos + found + 1
        pos += len(block)
    return size


def _row_group_ranges(cf: CorpusFile, partition_bytes: int) -> list[tuple[int, int | None, int]]:
    """Runs of consecutive row groups of about ``partition_bytes`` (compressed) each."""
    parquet = pyarrow_module("parquet")
    try:
        meta = parquet.ParquetFile(cf.path).metadata
    except Exception as exc:  # noqa: BLE001 - pyarrow's errors vary; the reader says more
        raise CorpusError(f"cannot read {cf.path}: {str(exc).splitlines()[0]}") from None
    sizes = [meta.row_group(i).total_byte_size for i in range(meta.num_row_groups)]
    ranges: list[tuple[int, int | None, int]] = []
    start, size = 0, 0
    for i, group in enumerate(sizes):
        size += group
        if size >= partition_bytes and i + 1 < len(sizes):
            ranges.append((start, i + 1, size))
            start, size = i + 1, 0
    ranges.append((start, None, size))
    # progress is in bytes on disk: spread the file's size over the runs
    total = sum(r[2] for r in ranges) or 1
    return [(s, e, cf.size * size // total) for s, e, size in ranges]


# -- counting a partition --------------------------------------------------------------------
@dataclass
class Partial:
    """The counts of consecutive partitions: words, characters and the report's parts."""

    words: Counter[str]
    chars: Counter[str]
    report: CorpusReport
    has_text: bool = False
    invalid_by_file: dict[str, int] = field(default_factory=dict)
    first: int = 0  # the partitions merged in, first and last (merges must be neighbours)
    last: int = 0


def count_partition(part: Partition, normalizer: Any = None, pre_tokenizer: Any = None,
                    field: str = "text", column: str | int | None = None,
                    chunk_chars: int = CHUNK_CHARS) -> Partial:
    """Count one partition, as the single-process path counts a whole corpus."""
    report = CorpusReport()
    reader = FileReader(part.file, report, field, column, part.start, part.end)
    reader.warn_invalid = False  # a file's count is reported once, by finish()
    counter = ChunkCounter.for_components(normalizer, pre_tokenizer)
    words: Counter[str] = Counter()
    chars: Counter[str] = Counter()
    seen = _TextSeen(reader.documents(), report)
    try:
        for chunk in text_chunks(iter(seen), chunk_chars, lambda: False):
            chars.update(counter.count_raw(chunk, into=words)[1])
    finally:
        reader.close()
    words = counter.words(words)
    invalid = {reader.name: report.invalid_utf8} if report.invalid_utf8 else {}
    return Partial(words, chars, report, seen.has_text, invalid, part.index, part.index)


class _TextSeen:
    """Documents passed through, counted, noting whether any holds a non-space character."""

    def __init__(self, docs: Iterator[str], report: CorpusReport) -> None:
        self.docs = docs
        self.report = report
        self.has_text = False

    def __iter__(self) -> Iterator[str]:
        for doc in self.docs:
            self.report.documents += 1
            if not self.has_text and doc and not doc.isspace():
                self.has_text = True
            yield doc


def merge_partials(left: Partial, right: Partial, in_place: bool = False) -> Partial:
    """``left`` then ``right`` (neighbours, in corpus order) as one partial.

    subtle: ``left`` is copied unless ``in_place``: Dask keeps a task's result (``left``)
    in memory and may run this merge again after a worker fails.
    """
    if left.last + 1 != right.first:
        raise ValueError(f"partials {left.first}-{left.last} and {right.first}-{right.last} "
                         "are not neighbours")
    words = left.words if in_place else left.words.copy()
    words.update(right.words)
    chars = left.chars if in_place else left.chars.copy()
    chars.update(right.chars)
    invalid = dict(left.invalid_by_file)
    for name, count in right.invalid_by_file.items():
        invalid[name] = invalid.get(name, 0) + count
    return Partial(words, chars, _merged_report(left.report, right.report),
                   left.has_text or right.has_text, invalid, left.first, right.last)


def _merged_report(a: CorpusReport, b: CorpusReport) -> CorpusReport:
    return CorpusReport(
        files=list(dict.fromkeys(a.files + b.files)),
        documents=a.documents + b.documents, bytes=a.bytes + b.bytes,
        invalid_utf8=a.invalid_utf8 + b.invalid_utf8,
        skipped_files=list(dict.fromkeys(a.skipped_files + b.skipped_files)),
        warnings=list(dict.fromkeys(a.warnings + b.warnings)))


def finish(partial: Partial, corpus: Corpus) -> WordCounts:
    """The merged partial of the whole corpus as :class:`WordCounts` (report completed).

    Raises:
        CorpusError: the corpus holds no text, or no words after pre-tokenization.
    """
    report = partial.report
    report.warnings += [invalid_utf8_warning(name, count)
                        for name, count in partial.invalid_by_file.items()]
    report.alphabet = partial.chars
    if not partial.has_text:
        raise CorpusError(empty_corpus_message(corpus, report))
    counts = partial.words
    report.characters = sum(report.alphabet.values())
    report.words = sum(counts.values())
    report.unique_words = len(counts)
    if not counts:
        raise CorpusError(f"corpus has no words after pre-tokenization: {corpus.describe()}")
    return WordCounts(counts, report)


__all__ = [
    "PARTITION_BYTES",
    "Partial",
    "Partition",
    "count_partition",
    "finish",
    "line_start_at",
    "merge_partials",
    "plan_partitions",
]
