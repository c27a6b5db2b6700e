"""Parallel corpora: the same sentences in several languages, aligned by position.

Three layouts are read (each file through the corpus reader of :mod:`._formats`: gzip,
bz2 and xz, UTF-8 with invalid bytes replaced, a byte order mark dropped, binary files
refused):

- a **folder** of one file per language, one sentence a line, named by the language code
  (FLORES-200: ``eng_Latn.dev``, ``fra_Latn.devtest``; also ``eng_Latn.txt``,
  ``eng_Latn.dev.gz``). The code is the name up to its first dot; a language with
  several files (``.dev`` and ``.devtest``) reads them one after the other, in name order;
- a **TSV or CSV** file with one column per language, the header naming the codes;
- a **JSONL** file of records with a language field and a text field; the n-th record
  of each language is its n-th sentence.

Sentences are aligned by position, so every language must have as many: a mismatch is a
:class:`ParallelCorpusError` naming the files (or languages) and their counts.

Example:
    >>> corpus = ParallelCorpus.from_texts({"en": ["a cat", "a dog"], "fr": ["un chat", "un chien"]})
    >>> corpus.languages, len(corpus), corpus.sentence(1)
    (('en', 'fr'), 2, {'en': 'a dog', 'fr': 'un chien'})
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from .._util.bundled import bundled_path
from ..errors import CorpusError
from ._formats import CorpusFile, FileReader, allow_long_fields
from .reading import CorpusReport

#: Record fields tried, in order, for a JSONL file's language when none is named.
LANGUAGE_FIELDS = ("lang", "language", "language_code", "code", "iso")


class ParallelCorpusError(CorpusError):
    """A parallel corpus cannot be read or is not aligned (its languages differ in length)."""


@dataclass(frozen=True)
class ParallelCorpus:
    """Aligned sentences per language: ``sentences[lang][i]`` translates ``sentences[pivot][i]``.

    ``languages`` keeps the order read (folder: file names sorted; table: columns; JSONL:
    first seen). ``sources`` names where each language came from.
    """

    languages: tuple[str, ...]
    sentences: Mapping[str, tuple[str, ...]]
    sources: Mapping[str, str] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    @classmethod
    def from_texts(cls, texts: Mapping[str, Iterable[str]], sources: Mapping[str, str] | None = None,
                   warnings: Iterable[str] = ()) -> ParallelCorpus:
        """From sentences per language; raises :class:`ParallelCorpusError` if not aligned."""
        sentences = {lang: tuple(lines) for lang, lines in texts.items()}
        if not sentences:
            raise ParallelCorpusError("a parallel corpus needs at least one language")
        sources = dict(sources or {})
        _check_aligned({sources.get(lang, lang): len(lines) for lang, lines in sentences.items()})
        return cls(tuple(sentences), sentences, sources, tuple(warnings))

    def __len__(self) -> int:
        return len(self.sentences[self.languages[0]])

    def sentence(self, index: int) -> dict[str, str]:
        """Sentence ``index`` in every language."""
        return {lang: self.sentences[lang][index] for lang in self.languages}

    def subset(self, languages: Iterable[str] | None = None, limit: int | None = None
               ) -> ParallelCorpus:
        """Some languages (in the order given) and/or the first ``limit`` sentences."""
        langs = tuple(languages) if languages is not None else self.languages
        missing = [lang for lang in langs if lang not in self.sentences]
        if missing:
            raise ParallelCorpusError(f"no language {', '.join(missing)} in the corpus "
                                      f"(languages: {', '.join(self.languages)})")
        cut = slice(None, limit)
        return ParallelCorpus(langs, {lang: self.sentences[lang][cut] for lang in langs},
                              {lang: self.sources[lang] for lang in langs if lang in self.sources},
                              self.warnings)


def sample_path() -> Path:
    """The bundled parallel sample: 14 languages, 300 aligned sentences each
    (``resources/corpora/parallel``, written by ``scripts/make_parallel_sample.py``)."""
    return bundled_path("corpora", "parallel")


def read_parallel(path: str | os.PathLike[str], *, language_field: str | None = None,
                  text_field: str = "text", languages: Iterable[str] | None = None,
                  limit: int | None = None) -> ParallelCorpus:
    """Read a parallel corpus in any layout of the module docstring.

    Args:
        path: a folder (one file per language), a ``.tsv``/``.csv`` table or a ``.jsonl`` file
            (each possibly compressed).
        language_field: JSONL's language field (default: the first of :data:`LANGUAGE_FIELDS`
            the first record has); text_field: JSONL's text field.
        languages: keep only these, in this order; limit: keep the first sentences only.

    Raises:
        ParallelCorpusError: missing path, unknown layout, or languages of different lengths.
    """
    path = Path(path)
    if path.is_dir():
        corpus = _read_folder(path)
    elif path.is_file():
        cf = CorpusFile.from_path(path)
        if cf.format in ("tsv", "csv"):
            corpus = _read_table(cf)
        elif cf.format == "jsonl":
            corpus = _read_jsonl(cf, language_field, text_field)
        else:
            raise ParallelCorpusError(
                f"{path}: a parallel corpus is a folder of one file per language, a .tsv/.csv "
                "table with a column per language, or a .jsonl file with a language field")
    else:
        raise ParallelCorpusError(f"no such file or folder: {path}")
    if languages is not None or limit is not None:
        corpus = corpus.subset(languages, limit)
    return corpus


# -- layouts ----------------------------------------------------------------------------------
def _read_folder(folder: Path) -> ParallelCorpus:
    files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    by_language: dict[str, list[Path]] = {}
    for path in files:
        by_language.setdefault(language_of(path.name), []).append(path)
    if not by_language:
        raise ParallelCorpusError(f"{folder} holds no files (one per language expected)")
    report = CorpusReport()
    texts = {lang: [line for p in paths for line in _text_lines(p, report)]
             for lang, paths in by_language.items()}
    sources = {lang: "+".join(p.name for p in paths) for lang, paths in by_language.items()}
    return ParallelCorpus.from_texts(texts, sources, report.warnings)


def language_of(name: str) -> str:
    """The language code of a file name: up to the first dot.

    Example:
        >>> language_of("eng_Latn.dev"), language_of("zho_Hans.devtest.gz"), language_of("ko")
        ('eng_Latn', 'zho_Hans', 'ko')
    """
    return name.split(".", 1)[0]


def _read_table(cf: CorpusFile) -> ParallelCorpus:
    allow_long_fields()
    report = CorpusReport()
    reader = csv.reader(_text_lines(cf.path, report), delimiter="\t" if cf.format == "tsv" else ",")
    try:
        header = next(reader, None)
        if not header:
            raise ParallelCorpusError(f"{cf.path} is empty (a header of language codes expected)")
        header = [name.strip() for name in header]
        if len(set(header)) != len(header) or not all(header):
            raise ParallelCorpusError(f"{cf.path}: the header must name each language once "
                                      f"(found {', '.join(map(repr, header))})")
        columns: list[list[str]] = [[] for _ in header]
        for row in reader:
            if not row:
                continue  # a blank line holds no sentence in any language
            if len(row) != len(header):
                raise ParallelCorpusError(f"{cf.path} line {reader.line_num}: {len(row)} columns, "
                                          f"the header has {len(header)}")
            for column, text in zip(columns, row):
                column.append(text)
    except csv.Error as exc:
        raise ParallelCorpusError(f"cannot read {cf.path} line {reader.line_num}: {exc}") from None
    name = cf.path.name
    return ParallelCorpus.from_texts(dict(zip(header, columns)),
                                     {lang: f"{name}[{lang}]" for lang in header}, report.warnings)


def _read_jsonl(cf: CorpusFile, language_field: str | None, text_field: str) -> ParallelCorpus:
    report = CorpusReport()
    texts: dict[str, list[str]] = {}
    for lineno, line in enumerate(_text_lines(cf.path, report), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise ParallelCorpusError(f"{cf.path} line {lineno}: not JSON") from None
        if not isinstance(record, dict):
            raise ParallelCorpusError(f"{cf.path} line {lineno}: not a JSON object")
        if language_field is None:
            language_field = next((f for f in LANGUAGE_FIELDS if f in record), None)
            if language_field is None:
                raise ParallelCorpusError(f"{cf.path} line {lineno}: no language field "
                                          f"(tried {', '.join(LANGUAGE_FIELDS)})")
        lang, text = record.get(language_field), record.get(text_field)
        if not isinstance(lang, str) or not isinstance(text, str):
            raise ParallelCorpusError(f"{cf.path} line {lineno}: no string fields "
                                      f"{language_field!r} and {text_field!r}")
        texts.setdefault(lang, []).append(text)
    if not texts:
        raise ParallelCorpusError(f"{cf.path} holds no records")
    return ParallelCorpus.from_texts(texts, {lang: f"{cf.path.name}[{lang}]" for lang in texts},
                                     report.warnings)


# -- reading ----------------------------------------------------------------------------------
def _text_lines(path: Path, report: CorpusReport) -> Iterator[str]:
    """The file's lines without their line endings, decoded as the corpus reader does."""
    cf = replace(CorpusFile.from_path(path), format="txt")  # every layout is read by lines
    reader = FileReader(cf, report, "text", None)
    try:
        for line in reader.documents():
            yield line.rstrip("\r\n")
    finally:
        reader.close()
    if report.skipped_files and report.skipped_files[-1] == str(path):
        raise ParallelCorpusError(report.warnings[-1])


def _check_aligned(counts: Mapping[str, int]) -> None:
    if len(set(counts.values())) > 1:
        listed = ", ".join(f"{name} has {n:,}" for name, n in counts.items())
        raise ParallelCorpusError(f"sentence counts differ, so the languages are not aligned: "
                                  f"{listed}")


__all__ = ["LANGUAGE_FIELDS", "ParallelCorpus", "ParallelCorpusError",
           "language_of", "read_parallel", "sample_path"]
