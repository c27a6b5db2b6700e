"""File formats for :mod:`subword_core.corpus`: finding files and streaming their documents.

Text formats: each file is opened in binary (through ``gzip`` / ``bz2`` / ``lzma`` when compressed),
its first block checked for NUL bytes (binary files are skipped with a warning),
then read line by line or chunk by chunk — never whole. Bytes are decoded as UTF-8;
invalid sequences become U+FFFD and are counted. Decoding happens on whole lines, or on
blocks cut at a character boundary, so no valid multi-byte character is cut in two.
A plain ``.txt`` file can be read in part: a byte range from one line start to another
(a partition of :mod:`.partitions`; a line break never falls inside a character).

Columnar formats, through ``pyarrow`` (the ``parquet`` extra): ``.parquet`` files and
Arrow IPC files or streams (``.arrow``, ``.feather``: the on-disk format of HF
``datasets``), one document per row of a string column (``column``, default ``text``
or the only string column). A Parquet file can be read in part: a range of row groups.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import lzma
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import CorpusError
from ..serialization import json_error

if TYPE_CHECKING:
    from .reading import CorpusReport

FORMATS = {".txt": "txt", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json",
           ".csv": "csv", ".tsv": "tsv", ".parquet": "parquet", ".arrow": "arrow",
           ".feather": "arrow"}
#: Binary formats read through pyarrow: not sniffed for NUL bytes, never compressed.
COLUMNAR = ("parquet", "arrow")
#: Rows per record batch read from a Parquet file.
PARQUET_BATCH_ROWS = 8192
COMPRESSIONS = {".gz": "gz", ".bz2": "bz2", ".xz": "xz"}
SNIFF_BYTES = 8192
READ_BYTES = 1 << 20
DEFAULT_GLOB = "**/*"
#: What reading a damaged compressed file raises.
DECOMPRESSION_ERRORS = (EOFError, OSError, lzma.LZMAError, zlib.error)


@dataclass(frozen=True)
class CorpusFile:
    """One file to read: its format (``txt jsonl json csv tsv parquet arrow``), compression
    and size on disk."""

    path: Path
    format: str
    compression: str | None
    size: int

    @classmethod
    def from_path(cls, path: Path) -> CorpusFile:
        suffixes = [s.lower() for s in path.suffixes]
        compression = COMPRESSIONS.get(suffixes[-1]) if suffixes else None
        if compression:
            suffixes = suffixes[:-1]
        # Anything not named otherwise (.py, .md, no suffix) is plain text, one line a document.
        fmt = FORMATS.get(suffixes[-1], "txt") if suffixes else "txt"
        if fmt in COLUMNAR and compression:
            raise CorpusError(f"{path}: compress {fmt} files inside (Parquet codecs), "
                              f"not as .{compression}")
        return cls(path, fmt, compression, path.stat().st_size)


def resolve_files(paths: Iterable[str | os.PathLike[str]], glob: str | None) -> list[CorpusFile]:
    """Expand directories with ``glob`` (sorted, hidden entries skipped); check files exist."""
    files: list[CorpusFile] = []
    for raw in paths:
        path = Path(raw)
        try:
            if path.is_dir():
                files += _glob_dir(path, glob or DEFAULT_GLOB)
            elif path.exists():
                files.append(CorpusFile.from_path(path))
            else:
                raise CorpusError(f"no such file: {path}")
        except OSError as exc:
            raise CorpusError(f"cannot read {path}: {exc.strerror or exc}") from None
    return files


def _glob_dir(root: Path, pattern: str) -> list[CorpusFile]:
    matches = sorted(p for p in root.glob(pattern)
                     if p.is_file() and not _is_hidden(p.relative_to(root)))
    if not matches:
        raise CorpusError(f"no files match {pattern!r} in {root}")
    return [CorpusFile.from_path(p) for p in matches]


def _is_hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


class FileReader:
    """Streams one file's documents into the shared report.

    Args:
        cf: the file.
        report: updated in place (files, bytes, invalid_utf8, skipped_files, warnings).
        field: JSON field; column: CSV or Arrow column (name, index or ``None``).
        start, end: read only bytes ``start:end`` of a plain ``.txt`` file, both line
            starts (``end=None``: to the end); a Parquet file's row groups ``start:end``.
    """

    def __init__(self, cf: CorpusFile, report: CorpusReport, field: str,
                 column: str | int | None, start: int = 0, end: int | None = None) -> None:
        self.cf = cf
        self.report = report
        self.field = field
        self.column = column
        self.start = start
        self.end = end
        if (start or end is not None) and not (
                cf.format == "parquet" or (cf.format == "txt" and cf.compression is None)):
            raise CorpusError(f"{cf.path}: only plain .txt and .parquet files are read in part")
        self.name = str(cf.path)
        #: False for a part of a file: the whole file's count is reported once, by the caller
        self.warn_invalid = start == 0 and end is None
        self._raw: io.BufferedReader | None = None
        self._invalid_before = report.invalid_utf8
        self._bad_records = 0
        self._first_bad: int | None = None
        self._rows = 0

    def position(self) -> int:
        """Bytes of the file on disk consumed so far."""
        raw = self._raw
        try:
            return raw.tell() if raw is not None and not raw.closed else 0
        except (OSError, ValueError):
            return 0

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()

    def documents(self) -> Iterator[str]:
        """Yield the file's documents; skip it (with a warning) if it is binary."""
        try:
            stream = self._open()
        except OSError as exc:
            raise CorpusError(f"cannot read {self.name}: {exc.strerror or exc}") from None
        if stream is None:
            return
        self.report.files.append(self.name)
        readers = {"txt": self._txt, "jsonl": self._jsonl, "json": self._json,
                   "csv": self._csv, "tsv": self._csv, "parquet": self._parquet,
                   "arrow": self._arrow}
        try:
            yield from readers[self.cf.format](stream)
        except DECOMPRESSION_ERRORS as exc:
            raise CorpusError(f"cannot read {self.name}: {exc}") from None
        self._finish_warnings()

    # -- opening ------------------------------------------------------------------------------
    def _open(self):
        """Open, sniff the first block, rewind; ``None`` if the file is skipped."""
        self._raw = open(self.cf.path, "rb")  # noqa: SIM115 - closed by close()
        if self.cf.format in COLUMNAR:
            return self._raw  # binary by design; pyarrow checks the format
        opener = {"gz": lambda f: gzip.GzipFile(fileobj=f), "bz2": bz2.BZ2File,
                  "xz": lzma.LZMAFile}.get(self.cf.compression or "")
        stream = opener(self._raw) if opener else self._raw
        try:
            head = stream.read(SNIFF_BYTES)
            stream.seek(0)
        except DECOMPRESSION_ERRORS:
            return self._skip(f"not a valid {self.cf.compression} file")
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            return self._skip("UTF-16 text; convert it to UTF-8")
        if b"\0" in head:
            return self._skip("binary file (NUL bytes)")
        if self.start:
            stream.seek(self.start)  # a line start (see .partitions): no character is cut
        return stream

    def _skip(self, why: str) -> None:
        self.report.skipped_files.append(self.name)
        self.report.warnings.append(f"skipped {self.name}: {why}")
        return None

    # -- decoding -----------------------------------------------------------------------------
    def _decode(self, data: bytes) -> str:
        self.report.bytes += len(data)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("utf-8", "replace")
            # Replacement characters that were already in the input are not errors.
            self.report.invalid_utf8 += text.count("\ufffd") - data.count(b"\xef\xbf\xbd")
            return text

    def _lines(self, stream) -> Iterator[str]:
        """Decoded lines, line endings kept; a UTF-8 byte order mark is dropped."""
        first = not self.start
        for data in self._raw_lines(stream):
            line = self._decode(data)
            if first:
                first = False
                line = line.removeprefix("\ufeff")
            yield line

    def _raw_lines(self, stream) -> Iterable[bytes]:
        """The file's lines as bytes, or those of the byte range ``start:end``."""
        if self.end is None:
            return stream
        return _lines_until(stream, self.end - self.start)

    def _pieces(self, stream) -> Iterator[str]:
        """Decoded chunks of about READ_BYTES, each cut just after an ASCII byte."""
        carry = b""
        first = True
        while True:
            block = stream.read(READ_BYTES)
            data = carry + block
            if not block:
                if data:
                    yield self._decode(data)
                return
            cut = _safe_cut(data)
            data, carry = data[:cut], data[cut:]
            text = self._decode(data)
            if first:
                first = False
                text = text.removeprefix("\ufeff")
            yield text

    # -- formats ------------------------------------------------------------------------------
    def _txt(self, stream) -> Iterator[str]:
        # Each line is a document with its line ending, as HF's train(files) feeds it.
        yield from self._lines(stream)

    def _jsonl(self, stream) -> Iterator[str]:
        for lineno, line in enumerate(self._lines(stream), 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                value = None
            text = self._text_of(value)
            if text is None:
                self._bad(lineno)
            else:
                yield text

    def _json(self, stream) -> Iterator[str]:
        for index, value in enumerate(json_values(self._pieces(stream), self.name), 1):
            text = self._text_of(value)
            if text is None:
                self._bad(index)
            else:
                yield text

    def _csv(self, stream) -> Iterator[str]:
        delimiter = "\t" if self.cf.format == "tsv" else ","
        allow_long_fields()
        reader = csv.reader(self._lines(stream), delimiter=delimiter)
        try:
            header = next(reader, None)
            if header is None:
                return
            index = self._column_index(header)
            for row in reader:
                if index < len(row):
                    yield row[index]
                elif row:
                    self._bad(reader.line_num)
        except csv.Error as exc:
            raise CorpusError(f"cannot read {self.name} line {reader.line_num}: {exc}") from None

    def _column_index(self, header: list[str]) -> int:
        column = self.column
        if column is None:
            if "text" in header:
                return header.index("text")
            if len(header) == 1:
                return 0
            raise CorpusError(f"{self.name} has several columns ({_list(header)}); choose one")
        if isinstance(column, str) and column in header:
            return header.index(column)
        if isinstance(column, int) or column.isdigit():
            index = int(column)
            if 0 <= index < len(header):
                return index
        raise CorpusError(f"{self.name} has no column {column!r} (columns: {_list(header)})")

    def _parquet(self, stream) -> Iterator[str]:
        parquet = pyarrow_module("parquet")
        try:
            pf = parquet.ParquetFile(stream)
            names = pf.schema_arrow.names
            column = names[self._column_index(names)]
            groups = list(range(pf.num_row_groups))[self.start:self.end]
            # rows are numbered in the whole file, also when reading a part of it
            self._rows = sum(pf.metadata.row_group(i).num_rows for i in range(groups[0])) \
                if groups else 0
            batches = pf.iter_batches(PARQUET_BATCH_ROWS, row_groups=groups, columns=[column],
                                      use_threads=False) if groups else iter(())
            for batch in batches:
                yield from self._column_texts(batch.column(0))
        except _arrow_errors() as exc:
            raise CorpusError(f"cannot read {self.name}: {_first_line(exc)}") from None

    def _arrow(self, stream) -> Iterator[str]:
        ipc = pyarrow_module("ipc")
        try:
            batches = _arrow_batches(ipc, stream)
            index = None
            for batch in batches:
                if index is None:
                    index = self._column_index(batch.schema.names)
                yield from self._column_texts(batch.column(index))
        except _arrow_errors() as exc:
            raise CorpusError(f"cannot read {self.name}: {_first_line(exc)}") from None

    def _column_texts(self, array: Any) -> Iterator[str]:
        """The strings of an Arrow array; nulls are records without text."""
        types = pyarrow_module("types")
        kind = array.type.value_type if types.is_dictionary(array.type) else array.type
        if not (types.is_string(kind) or types.is_large_string(kind)
                or getattr(types, "is_string_view", lambda _: False)(kind)):
            raise CorpusError(f"column {self._column_name()} of {self.name} holds {array.type}, "
                              "not text")
        for text in array.to_pylist():
            self._rows += 1
            if text is None:
                self._bad(self._rows)
                continue
            self.report.bytes += len(text.encode("utf-8", "surrogatepass"))
            yield text

    def _column_name(self) -> str:
        return repr(self.column if self.column is not None else "text")

    # -- records that hold no text ------------------------------------------------------------
    def _text_of(self, value: Any) -> str | None:
        if isinstance(value, str):
            return value
        if isinstance(value, dict):
            text = value.get(self.field)
            return text if isinstance(text, str) else None
        return None

    def _bad(self, where: int) -> None:
        self._bad_records += 1
        if self._first_bad is None:
            self._first_bad = where

    def _finish_warnings(self) -> None:
        report = self.report
        if self._bad_records:
            if self.cf.format in ("csv", "tsv"):
                what = f"rows too short for the text column (first at line {self._first_bad})"
            elif self.cf.format in COLUMNAR:
                what = f"null texts (first at row {self._first_bad})"
            else:
                where = "line" if self.cf.format == "jsonl" else "record"
                what = (f"records with no string field {self.field!r} "
                        f"(first at {where} {self._first_bad})")
            report.warnings.append(f"{self.name}: skipped {self._bad_records} {what}")
        invalid = report.invalid_utf8 - self._invalid_before
        if invalid and self.warn_invalid:
            report.warnings.append(invalid_utf8_warning(self.name, invalid))


def invalid_utf8_warning(name: str, count: int) -> str:
    """The warning for ``count`` invalid UTF-8 sequences in the file ``name``."""
    return f"{name}: {count} invalid UTF-8 sequences replaced by U+FFFD"


def json_values(pieces: Iterable[str], name: str = "<json>") -> Iterator[Any]:
    """Stream the values of a top-level JSON array, or of concatenated values (JSON lines).

    ``pieces`` is the text in consecutive chunks. Values are decoded as soon as they
    are complete, so memory is bounded by the largest single value.

    Raises:
        CorpusError: the text is not valid JSON.
    """
    decoder = json.JSONDecoder()
    buf, pos, consumed = "", 0, 0
    in_array: bool | None = None  # unknown until the first non-blank character
    pieces = iter(pieces)
    eof = False
    while not eof:
        piece = next(pieces, None)
        eof = piece is None
        consumed += pos
        buf, pos = buf[pos:] + (piece or ""), 0
        while True:
            pos = _skip_blank(buf, pos)
            if pos == len(buf):
                break
            if in_array is None:
                in_array = buf[pos] == "["
                if in_array:
                    pos += 1
                continue
            if in_array and buf[pos] in ",]":
                if buf[pos] == "]":
                    return
                pos += 1
                continue
            try:
                value, end = decoder.raw_decode(buf, pos)
            except json.JSONDecodeError as exc:
                if not eof and _maybe_incomplete(exc, buf):
                    break  # read more and try again
                raise CorpusError(f"invalid JSON in {name} {_json_fault(exc, consumed)}") from None
            if end == len(buf) and not eof:
                break  # subtle: "12" may be the start of "123"; wait for what follows
            pos = end
            yield value
    if in_array:
        raise CorpusError(f"invalid JSON in {name}: the array is not closed")


def _json_fault(exc: json.JSONDecodeError, consumed: int) -> str:
    """Where and what went wrong, as a complete phrase (Python's can end in "starting at")."""
    # The buffer is a window on the file, so its line and column numbers are not the
    # file's: the fault is located by character, counted from the start of the file.
    if exc.msg.startswith("Unterminated string"):
        return ("(unexpected end of file inside the string that starts at character "
                f"{consumed + exc.pos})")
    return f"near character {consumed + exc.pos}: {json_error(exc).partition(': ')[2]}"


def _maybe_incomplete(exc: json.JSONDecodeError, buf: str) -> bool:
    # A cut-off value fails near the end of the buffer, or inside a long string.
    return exc.pos >= len(buf) - 8 or exc.msg.startswith("Unterminated string")


def _skip_blank(buf: str, pos: int) -> int:
    n = len(buf)
    while pos < n and buf[pos] in " \t\r\n":
        pos += 1
    return pos


def _safe_cut(data: bytes) -> int:
    """Length of the longest prefix of ``data`` that cannot end inside a UTF-8 character."""
    n = len(data)
    for i in range(n - 1, max(-1, n - 5), -1):
        if data[i] < 0x80:
            return i + 1
        if data[i] >= 0xC0:
            return i  # a lead byte: its character may continue in the next block
    return n


def _lines_until(stream: Any, limit: int) -> Iterator[bytes]:
    """Lines of ``stream`` until ``limit`` bytes are read (``limit`` falls on a line start)."""
    done = 0
    while done < limit:
        line = stream.readline()
        if not line:
            return
        done += len(line)
        yield line


def pyarrow_module(module: str) -> Any:
    """``pyarrow.<module>``, or a one-line error saying how to install it."""
    import importlib

    try:
        return importlib.import_module(f"pyarrow.{module}")
    except ImportError:
        raise CorpusError("reading Parquet and Arrow files needs pyarrow: install it with "
                          "pip install '.[parquet]'") from None


def _arrow_errors() -> tuple[type[BaseException], ...]:
    lib = pyarrow_module("lib")
    return (lib.ArrowException, OSError)


def _arrow_batches(ipc: Any, stream: Any) -> Iterator[Any]:
    """The record batches of an Arrow IPC file, or of a stream (what ``datasets`` writes)."""
    try:
        reader = ipc.open_file(stream)
    except _arrow_errors():
        stream.seek(0)
        yield from ipc.open_stream(stream)
        return
    for i in range(reader.num_record_batches):
        yield reader.get_batch(i)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _list(names: list[str]) -> str:
    shown = ", ".join(repr(n) for n in names[:8])
    return shown + (", ..." if len(names) > 8 else "")


def allow_long_fields() -> None:
    """Let the csv module read fields as long as a document can be."""
    # subtle: csv's default field limit (128 KiB) rejects long documents. The limit is
    # process-wide; raising it cannot break another reader.
    limit = min(sys.maxsize, 2**31 - 1)
    if csv.field_size_limit() < limit:
        csv.field_size_limit(limit)
