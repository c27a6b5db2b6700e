"""A first look at corpus files before reading them: records, format, fields and columns.

The GUI's "Open corpus" shows this so the user can *pick* the JSON field or the
CSV column from what the file really holds, instead of typing it beforehand.
:func:`preview_files` reads only the first ``n`` records of the first file of each
format (through the same decompression as :mod:`.corpus._formats`), so it is quick
on files of any size.

Unlike the streaming reader, which skips binary files with a warning and replaces
invalid UTF-8, a preview *fails* with a :class:`~.errors.CorpusError` that says in
words what is wrong (binary, not UTF-8, empty, invalid JSON): this is the moment
the user can still pick another file.

Usage::

    p = preview_files(["data.jsonl"])
    p.format, p.fields, p.default_field    # ('jsonl', ['title', 'content'], None)
    p.texts(field="content")[:1]           # ['zebra quagga okapi']
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import lzma
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import CorpusError
from ._formats import (
    DECOMPRESSION_ERRORS,
    SNIFF_BYTES,
    CorpusFile,
    allow_long_fields,
    json_values,
    resolve_files,
)

#: Records shown by default.
PREVIEW_RECORDS = 20
#: At most this many bytes of one file are read for a preview.
PREVIEW_BYTES = 4 << 20
JSON_FORMATS = ("jsonl", "json")
TABLE_FORMATS = ("csv", "tsv")


@dataclass
class CorpusPreview:
    """The first records of a corpus and the ways its text can be read.

    Attributes:
        files: every file the corpus resolves to (directories expanded with ``glob``).
        formats: the formats among them (``txt jsonl json csv tsv``), in order of appearance.
        format: the format of the first file (whose records are shown).
        records: the first records of the first file: JSON values for ``jsonl`` / ``json``,
            rows (lists of cells) for ``csv`` / ``tsv``, lines for ``txt``.
        fields: JSON fields holding a string in at least one previewed record.
        columns: the CSV / TSV header.
        default_field / default_column: what the reader uses when nothing is chosen
            (``None`` when it would have to ask: several columns and none named ``text``).
    """

    files: list[str]
    formats: list[str]
    format: str
    records: list[Any] = field(default_factory=list)
    fields: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    default_field: str | None = None
    default_column: str | None = None

    @property
    def needs_field(self) -> bool:
        return any(f in JSON_FORMATS for f in self.formats)

    @property
    def needs_column(self) -> bool:
        return any(f in TABLE_FORMATS for f in self.formats)

    @property
    def needs_choice(self) -> bool:
        """True when the reader's defaults cannot read it: a field or column must be picked."""
        return (self.needs_field and self.default_field is None) or (
            self.needs_column and self.default_column is None)

    def texts(self, field: str | None = None, column: str | int | None = None) -> list[str]:
        """The documents the reader would take from :attr:`records` with these options."""
        if self.format in JSON_FORMATS:
            key = field or self.default_field or "text"
            return [r if isinstance(r, str) else r.get(key) for r in self.records
                    if isinstance(r, str) or (isinstance(r, dict) and isinstance(r.get(key), str))]
        if self.format in TABLE_FORMATS:
            index = _column_index(self.columns,
                                  column if column is not None else self.default_column)
            return [row[index] for row in self.records if index is not None and index < len(row)]
        return list(self.records)


def preview_files(paths: Iterable[str | os.PathLike[str]], n: int = PREVIEW_RECORDS, *,
                  glob: str | None = None) -> CorpusPreview:
    """Resolve ``paths`` (as :class:`~.corpus.Corpus` does) and preview the first file.

    The fields (or columns) come from the first JSON (or CSV/TSV) file, so a folder
    mixing formats offers both choices.

    Raises:
        CorpusError: a path is missing, or a previewed file is empty, binary, not
            UTF-8 text or not valid JSON; the message says which and why.
    """
    files = resolve_files(paths, glob)
    if not files:
        raise CorpusError("no corpus files given")
    formats = list(dict.fromkeys(cf.format for cf in files))
    first = files[0]
    result = CorpusPreview([str(cf.path) for cf in files], formats, first.format)
    result.records = _records(first, n)
    for family in (JSON_FORMATS, TABLE_FORMATS):
        cf = next((f for f in files if f.format in family), None)
        if cf is None:
            continue
        records = result.records if cf is first else _records(cf, n)
        if family is JSON_FORMATS:
            result.fields = _string_fields(records)
            result.default_field = "text" if "text" in result.fields else None
        else:
            header = result.columns = _header(cf)
            if "text" in header:
                result.default_column = "text"
            elif len(header) == 1:
                result.default_column = header[0]
    return result


# -- reading the first records ------------------------------------------------------------------
def _open(cf: CorpusFile) -> io.BufferedIOBase:
    raw = open(cf.path, "rb")  # noqa: SIM115 - closed by the caller
    opener = {"gz": lambda f: gzip.GzipFile(fileobj=f), "bz2": bz2.BZ2File,
              "xz": lzma.LZMAFile}.get(cf.compression or "")
    return opener(raw) if opener else raw


def _head_text(cf: CorpusFile) -> str:
    """The first bytes of the file, checked and decoded (at most ``PREVIEW_BYTES``)."""
    name = str(cf.path)
    try:
        with _open(cf) as stream:
            data = stream.read(PREVIEW_BYTES)
            complete = not stream.read(1)
    except DECOMPRESSION_ERRORS:
        raise CorpusError(f"{name} is not a valid {cf.compression} file") from None
    except OSError as exc:
        raise CorpusError(f"cannot read {name}: {exc.strerror or exc}") from None
    if not data.strip():
        raise CorpusError(f"{name} is empty: it holds no text")
    head = data[:SNIFF_BYTES]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CorpusError(f"{name} is UTF-16 text; convert it to UTF-8 first")
    if b"\0" in head:
        raise CorpusError(f"{name} is a binary file (it contains NUL bytes), not text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if complete or exc.start < len(data) - 4:  # not just a character cut at the end
            raise CorpusError(f"{name} is not UTF-8 text: byte 0x{data[exc.start]:02x} at "
                              f"offset {exc.start:,} is not valid UTF-8") from None
        text = data[:exc.start].decode("utf-8")
    text = text.removeprefix("\ufeff")
    if not complete:  # drop the last, maybe cut, line
        text = text[:text.rfind("\n") + 1] or text
    return text


def _lines(text: str) -> Iterator[str]:
    yield from text.splitlines(keepends=True)


def _records(cf: CorpusFile, n: int) -> list[Any]:
    text = _head_text(cf)
    name = str(cf.path)
    if cf.format == "jsonl":
        records = []
        for lineno, line in enumerate(_lines(text), 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except ValueError:
                raise CorpusError(f"{name} line {lineno} is not valid JSON") from None
            if len(records) >= n:
                break
        return records
    if cf.format == "json":
        records = []
        try:
            for value in json_values([text], name):
                records.append(value)
                if len(records) >= n:
                    break
        except CorpusError:
            if not records:  # a cut-off array is fine once some records were read
                raise
        return records
    if cf.format in TABLE_FORMATS:
        allow_long_fields()
        reader = csv.reader(_lines(text), delimiter="\t" if cf.format == "tsv" else ",")
        try:
            rows = [row for _, row in zip(range(n + 1), reader)]
        except csv.Error as exc:
            raise CorpusError(f"cannot read {name} line {reader.line_num}: {exc}") from None
        return rows[1:]
    return [line for _, line in zip(range(n), _lines(text))]


def _header(cf: CorpusFile) -> list[str]:
    text = _head_text(cf)
    row = next(csv.reader(_lines(text), delimiter="\t" if cf.format == "tsv" else ","), None)
    return list(row or [])


def _string_fields(records: list[Any]) -> list[str]:
    seen: dict[str, None] = {}
    for record in records:
        if isinstance(record, dict):
            for key, value in record.items():
                if isinstance(value, str):
                    seen.setdefault(key, None)
    return list(seen)


def _column_index(columns: list[str], column: str | int | None) -> int | None:
    if column is None:
        return None
    if isinstance(column, int):
        return column
    if column in columns:
        return columns.index(column)
    return int(column) if column.isdigit() else None


__all__ = ["CorpusPreview", "preview_files"]
