"""Word counts as a file: count a corpus once, train many tokenizers from it.

A counts file (``counts.tsv.gz``; plain text if the name does not end in ``.gz``) is
UTF-8 text, one line a word::

    # subword-counts 1 {"pipeline": {...}, "files": [...], "report": {...}}
    low	2
    lower	1

The first line holds the metadata as compact JSON: the **pipeline** the words were
counted with (the normalizer's and pre-tokenizer's ``tokenizer.json`` objects), the
corpus **files** (path, size, SHA-256) and the **report** (documents, bytes,
characters, words, alphabet, warnings). Then each word and its count, separated by a
tab, in the order the words first occur in the corpus (trainers break some ties by
it). In a word, ``\\`` ``TAB`` ``LF`` ``CR`` are written ``\\\\`` ``\\t`` ``\\n`` ``\\r``.

The pipeline's **fingerprint** is its canonical JSON (keys sorted, no spaces):
training from a counts file checks it against the pipeline it needs and refuses a
mismatch (:meth:`CountsFile.check_pipeline`).

Example:
    >>> import tempfile, os
    >>> from subword_core.corpus import count_words
    >>> path = os.path.join(tempfile.mkdtemp(), "counts.tsv.gz")
    >>> write_counts(path, count_words(["low lower", "low"]))
    >>> read_counts(path).counts
    Counter({'low': 2, 'lower': 1})
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._util.fileio import atomic_write_bytes
from ..errors import CorpusError, SubwordError
from .reading import Corpus, CorpusReport, WordCounts

MAGIC = "# subword-counts"
VERSION = 1
_HASH_BLOCK = 1 << 20
_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\\\": "\\", "\\t": "\t", "\\n": "\n", "\\r": "\r"}
_ESCAPED = re.compile(r"[\\\t\n\r]")
_ESCAPE_SEQ = re.compile(r"\\(.)", re.DOTALL)


class CountsFileError(CorpusError):
    """A counts file is unreadable, malformed, or was counted with another pipeline."""


# -- the pipeline's fingerprint --------------------------------------------------------------
def pipeline_spec(normalizer: Any = None, pre_tokenizer: Any = None) -> dict[str, Any]:
    """``{"normalizer": ..., "pre_tokenizer": ...}``: the components' ``tokenizer.json`` objects.

    Raises:
        CorpusError: a component cannot be written as JSON (a custom Python component).
    """
    return {"normalizer": _component_json("normalizer", normalizer),
            "pre_tokenizer": _component_json("pre-tokenizer", pre_tokenizer)}


def _component_json(kind: str, component: Any) -> Any:
    if component is None:
        return None
    try:
        return json.loads(json.dumps(component.to_dict()))
    except (SubwordError, AttributeError, TypeError, ValueError) as exc:
        raise CorpusError(f"cannot record the {kind} {type(component).__name__} in a counts "
                          f"file: {str(exc).splitlines()[0] if str(exc) else 'not JSON'}") from None


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal values give equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pipeline_fingerprint(normalizer: Any = None, pre_tokenizer: Any = None) -> str:
    """The canonical JSON of the normalizer and pre-tokenizer (what counts files compare)."""
    return canonical_json(pipeline_spec(normalizer, pre_tokenizer))


def describe_pipeline(spec: dict[str, Any]) -> str:
    """``normalizer NFKC, pre-tokenizer Metaspace``: a pipeline spec in a few words."""
    def name(value: Any) -> str:
        return value.get("type", "?") if isinstance(value, dict) else "none"

    return f"normalizer {name(spec.get('normalizer'))}, " \
           f"pre-tokenizer {name(spec.get('pre_tokenizer'))}"


# -- the corpus files ------------------------------------------------------------------------
def file_digest(path: str | os.PathLike[str]) -> dict[str, Any]:
    """``{"path", "size", "sha256"}`` of a file (read in blocks, never whole)."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        while block := fh.read(_HASH_BLOCK):
            digest.update(block)
            size += len(block)
    return {"path": str(path), "size": size, "sha256": digest.hexdigest()}


def corpus_files(corpus: Corpus | None) -> list[dict[str, Any]]:
    """The digests of a corpus's files (none for texts)."""
    if corpus is None or corpus.texts is not None:
        return []
    return [file_digest(cf.path) for cf in corpus.files]


# -- the file ----------------------------------------------------------------------------------
@dataclass
class CountsFile:
    """Word counts with what they were counted from and with.

    Attributes:
        counts: word -> count, in first-occurrence order.
        pipeline: :func:`pipeline_spec` of the counting normalizer and pre-tokenizer.
        files: the corpus files, ``{"path", "size", "sha256"}`` each (empty for texts).
        report: what counting found (totals, alphabet, warnings).
        path: where it was read from, if it was.
    """

    counts: Counter[str]
    pipeline: dict[str, Any]
    files: list[dict[str, Any]] = field(default_factory=list)
    report: CorpusReport = field(default_factory=CorpusReport)
    path: str | None = None

    @property
    def fingerprint(self) -> str:
        return canonical_json(self.pipeline)

    @property
    def word_counts(self) -> WordCounts:
        return WordCounts(self.counts, self.report)

    def check_pipeline(self, normalizer: Any, pre_tokenizer: Any, needed_by: str = "") -> None:
        """Raise :class:`CountsFileError` unless these are the components counted with."""
        wanted = pipeline_spec(normalizer, pre_tokenizer)
        if canonical_json(wanted) == self.fingerprint:
            return
        who = f" {needed_by}" if needed_by else ""
        raise CountsFileError(
            f"{self.path or 'the counts'}: counted with {describe_pipeline(self.pipeline)}"
            f"{_difference(self.pipeline, wanted)}, not with the pipeline{who} needs "
            f"({describe_pipeline(wanted)}); count the corpus again with it")

    def to_bytes(self, compress: bool = True) -> bytes:
        """The file's content (gzip-compressed, reproducibly: no time stamp, if ``compress``)."""
        meta = {"pipeline": self.pipeline, "files": self.files,
                "report": self.report.to_dict()}
        head = f"{MAGIC} {VERSION} {canonical_json(meta)}\n"
        body = "".join(f"{_escape(word)}\t{count}\n" for word, count in self.counts.items())
        data = (head + body).encode("utf-8", "surrogatepass")
        return gzip.compress(data, compresslevel=6, mtime=0) if compress else data

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically; gzip-compressed when ``path`` ends in ``.gz``."""
        atomic_write_bytes(path, self.to_bytes(compress=str(path).endswith(".gz")))


def write_counts(path: str | os.PathLike[str], word_counts: WordCounts,
                 normalizer: Any = None, pre_tokenizer: Any = None, *,
                 corpus: Corpus | None = None,
                 files: list[dict[str, Any]] | None = None) -> CountsFile:
    """Save ``word_counts`` (of ``corpus``, counted with these components) to ``path``.

    ``files`` are the corpus files' digests if already known (:func:`corpus_files`).
    """
    counts_file = CountsFile(word_counts.counts, pipeline_spec(normalizer, pre_tokenizer),
                             files if files is not None else corpus_files(corpus),
                             word_counts.report, str(path))
    counts_file.save(path)
    return counts_file


def read_counts(path: str | os.PathLike[str]) -> CountsFile:
    """Read a counts file (gzip-compressed or not).

    Raises:
        CountsFileError: missing, unreadable or malformed, naming the file and line.
    """
    name = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise CountsFileError(f"cannot read counts file {name}: {why}") from None
    text = data.decode("utf-8", "surrogatepass") if _is_utf8(data) else None
    if text is None:
        raise CountsFileError(f"{name} is not a counts file (not UTF-8 text)")
    lines = text.split("\n")
    meta = _metadata(lines[0], name)
    counts = Counter(dict(_rows(lines[1:], name)))
    report = _report(meta.get("report") or {})
    return CountsFile(counts, meta["pipeline"], list(meta.get("files") or []), report, name)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return False
    return True


def _metadata(line: str, name: str) -> dict[str, Any]:
    prefix = f"{MAGIC} "
    if not line.startswith(prefix):
        raise CountsFileError(f"{name} is not a counts file (line 1 does not start "
                              f"with {MAGIC!r})")
    version, _, rest = line[len(prefix):].partition(" ")
    if version != str(VERSION):
        raise CountsFileError(f"{name} line 1: counts file version {version!r} is not "
                              f"supported (this program reads version {VERSION})")
    try:
        meta = json.loads(rest)
    except ValueError as exc:
        raise CountsFileError(f"{name} line 1: invalid metadata JSON ({exc.msg})") from None
    if not isinstance(meta, dict) or not isinstance(meta.get("pipeline"), dict):
        raise CountsFileError(f"{name} line 1: the metadata has no pipeline")
    return meta


def _rows(lines: Iterable[str], name: str) -> Iterator[tuple[str, int]]:
    seen: set[str] = set()
    for lineno, line in enumerate(lines, 2):
        if not line:
            continue  # the final newline
        word, tab, count = line.rpartition("\t")
        if not tab or not count.isdigit():
            raise CountsFileError(f"{name} line {lineno}: expected WORD<TAB>COUNT")
        word = _unescape(word, name, lineno)
        if word in seen:
            raise CountsFileError(f"{name} line {lineno}: the word {word!r} is repeated")
        seen.add(word)
        yield word, int(count)


def _report(data: dict[str, Any]) -> CorpusReport:
    report = CorpusReport()
    for key, value in data.items():
        if key == "alphabet" and isinstance(value, dict):
            report.alphabet = Counter(value)
        elif hasattr(report, key) and isinstance(value, type(getattr(report, key))):
            setattr(report, key, value)
    return report


def _escape(word: str) -> str:
    return _ESCAPED.sub(lambda m: _ESCAPES[m.group()], word) if _ESCAPED.search(word) else word


def _unescape(word: str, name: str, lineno: int) -> str:
    if "\\" not in word:
        return word

    def one(match: re.Match[str]) -> str:
        found = _UNESCAPES.get(match.group())
        if found is None:
            raise CountsFileError(f"{name} line {lineno}: unknown escape {match.group()!r}")
        return found

    return _ESCAPE_SEQ.sub(one, word)


def _difference(have: dict[str, Any], wanted: dict[str, Any]) -> str:
    """Where two specs with the same type names differ, e.g. `` (lowercase: true)``."""
    if describe_pipeline(have) != describe_pipeline(wanted):
        return ""
    for kind in ("normalizer", "pre_tokenizer"):
        a, b = have.get(kind), wanted.get(kind)
        if a != b and isinstance(a, dict) and isinstance(b, dict):
            keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            shown = ", ".join(f"{k}: {canonical_json(a.get(k))}" for k in keys[:3])
            return f" ({shown})"
    return ""


def cache_key(corpus: Corpus, fingerprint: str, **reading: Any) -> str:
    """A key for cached counts: the files (path, size, modification time), the reading
    options and the pipeline fingerprint, hashed."""
    files = [[str(Path(cf.path).resolve()), cf.size, os.stat(cf.path).st_mtime_ns]
             for cf in corpus.files]
    text = canonical_json({"files": files, "reading": reading, "pipeline": fingerprint})
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


__all__ = [
    "CountsFile",
    "CountsFileError",
    "cache_key",
    "canonical_json",
    "corpus_files",
    "describe_pipeline",
    "file_digest",
    "pipeline_fingerprint",
    "pipeline_spec",
    "read_counts",
    "write_counts",
]
