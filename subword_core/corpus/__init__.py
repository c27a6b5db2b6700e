"""The corpus layer: reading corpora, counting their words, word counts as files, at scale.

- :mod:`.reading` — :class:`Corpus` (files or texts), :func:`count_words` /
  :func:`iter_count_words` in one process (or a pool this process feeds), the report.
- :mod:`._formats` — the file formats (``.txt .jsonl .json .csv .tsv``, compressed, and
  ``.parquet`` / ``.arrow`` through pyarrow).
- :mod:`._word_counting` — :class:`ChunkCounter`: a chunk of documents to word counts,
  with exact shortcuts.

``from subword_core.corpus import X`` works for every name below.
"""

from __future__ import annotations

from ._formats import CorpusFile
from ._word_counting import ChunkCounter, words_function
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
    count_words,
    iter_count_words,
    preview,
    word_frequencies,
)

__all__ = [
    "CHUNK_CHARS",
    "MAX_AUTO_WORKERS",
    "PARALLEL_MIN_BYTES",
    "STAGE",
    "Cancel",
    "Cancelled",
    "ChunkCounter",
    "CorpusFile",
    "CorpusReport",
    "CountEvent",
    "Corpus",
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
