"""The corpus layer: reading corpora, counting their words, word counts as files, at scale.

- :mod:`.reading` — :class:`Corpus` (files or texts), :func:`count_words` /
  :func:`iter_count_words` in one process (or a pool this process feeds), the report.
- :mod:`._formats` — the file formats (``.txt .jsonl .json .csv .tsv``, compressed, and
  ``.parquet`` / ``.arrow`` through pyarrow).
- :mod:`._word_counting` — :class:`ChunkCounter`: a chunk of documents to word counts,
  with exact shortcuts.
- :mod:`.partitions` — files and byte ranges as partitions, counted alone and merged.
- :mod:`.counting` — :func:`count_words`: one process, worker processes or a Dask cluster
  (``client=``), optionally saved as a counts file.
- :mod:`.parallel` — :func:`read_parallel`: parallel corpora (a file per language, a
  column per language, JSONL with a language field), aligned by position.
- :mod:`.counts_file` — counts files: :func:`read_counts`, :func:`write_counts`, the
  pipeline fingerprint.

``from subword_core.corpus import X`` works for every name below.
"""

from __future__ import annotations

from ._formats import CorpusFile
from ._word_counting import ChunkCounter, words_function
from .counting import count_words, iter_count, local_client
from .counts_file import (
    CountsFile,
    CountsFileError,
    pipeline_fingerprint,
    pipeline_spec,
    read_counts,
    write_counts,
)
from .parallel import ParallelCorpus, ParallelCorpusError, read_parallel
from .partitions import PARTITION_BYTES, Partition, plan_partitions
from .reading import (
    CHUNK_CHARS,
    MAX_AUTO_WORKERS,
    PARALLEL_MIN_BYTES,
    STAGE,
    Cancel,
    Cancelled,
    Corpus,
    CorpusReport,
    CountEvent,
    WordCounts,
    WordFrequency,
    as_corpus,
    cancel_check,
    iter_count_words,
    preview,
    word_frequencies,
)

__all__ = [
    "CHUNK_CHARS",
    "MAX_AUTO_WORKERS",
    "PARALLEL_MIN_BYTES",
    "PARTITION_BYTES",
    "STAGE",
    "Cancel",
    "Cancelled",
    "ChunkCounter",
    "CorpusFile",
    "CorpusReport",
    "CountEvent",
    "CountsFile",
    "CountsFileError",
    "Corpus",
    "WordCounts",
    "WordFrequency",
    "as_corpus",
    "cancel_check",
    "count_words",
    "iter_count",
    "iter_count_words",
    "local_client",
    "ParallelCorpus",
    "ParallelCorpusError",
    "Partition",
    "pipeline_fingerprint",
    "pipeline_spec",
    "plan_partitions",
    "preview",
    "read_counts",
    "read_parallel",
    "word_frequencies",
    "words_function",
    "write_counts",
]
