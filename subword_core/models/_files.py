"""The models' own files, as HF's ``Model.save`` writes them and ``from_file`` reads them.

- BPE: ``vocab.json`` (compact, by id) and ``merges.txt`` (``#version: 0.2`` then one
  ``left right`` line per merge, in rank order);
- WordPiece: ``vocab.txt``, one token a line by id;
- WordLevel: ``vocab.json``;
- Unigram: ``unigram.json``, the model's JSON object, pretty-printed.

With a ``prefix``, each name becomes ``{prefix}-vocab.json``... The readers follow
``tokenizers``' parsing rules (``#version`` lines skipped, one ``left right`` merge per line; a
``vocab.txt`` token is its line with trailing white space removed, its id the line number) and
raise one-line errors naming the file and line; :mod:`subword_core.formats.vocab_files` builds
whole pipelines on them. HF's constructors also accept file names
(``BPE("vocab.json", "merges.txt")``): :func:`vocab_from_path` does that part.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, NamedTuple

from .._util.fileio import atomic_write_text
from ..components import READING_JSON
from ..errors import TokenizerFileError
from ..serialization import decode_utf8, dumps, read_bytes, read_json_object
from ..text._unicode import WHITE_SPACE

PathLike = str | os.PathLike
_RUST_WHITE_SPACE = "".join(sorted(WHITE_SPACE))
_VERSION_LINE = re.compile(r"^#version[^\n]*(?:\n|$)", re.MULTILINE)
# every UTF-8 byte but space and LF: deleting them leaves a merges text's separators
_NOT_SEPARATOR = bytes(b for b in range(256) if b not in (0x0A, 0x20))


class MergeColumns(NamedTuple):
    """Merges as two columns: the left parts and the right parts, in rank order.

    ``BPE(vocab, MergeColumns(lefts, rights))`` is ``BPE(vocab, list(zip(lefts, rights)))``
    without building a pair per merge; a large tokenizer.json has hundreds of thousands.
    """

    lefts: list[str]
    rights: list[str]


class TextMergeColumns(MergeColumns):
    """:class:`MergeColumns` split from a merges text in which every line is ``left right``.

    :meth:`made_text` is then the text of the tokens the merges make, one a line: the
    lines without their spaces, one string operation where a concatenation per merge
    would make hundreds of thousands of strings (BPE compares it with its vocabulary).
    """

    lines: str

    @classmethod
    def split(cls, lines: str) -> TextMergeColumns:
        """The columns of ``lines``: LF-separated, each exactly one ``left right``."""
        # one space per line: a single split of all lines gives left, right, left, ...
        words = lines.replace("\n", " ").split(" ")
        columns = cls(words[0::2], words[1::2])
        columns.lines = lines
        return columns

    def made_text(self) -> str:
        """``lefts[0] + rights[0]``, ``lefts[1] + rights[1]``... one a line (LF-separated)."""
        return self.lines.replace(" ", "")


# ---------------------------------------------------------------------------- reading
def _read_text(path: Path) -> str:
    return decode_utf8(read_bytes(path, "file"), str(path))


def _lines(text: str) -> list[str]:
    """Rust's ``BufRead::lines``: split on LF, drop one CR before it, no final empty line."""
    lines = text.split("\n")
    last = lines.pop()
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if last:
        lines.append(last)  # a last line without LF keeps a trailing CR
    return lines


def read_vocab_json(path: str | os.PathLike[str]) -> dict[str, int]:
    """token -> id from a ``vocab.json``; entries whose value is not a number are skipped,
    as in ``tokenizers``."""
    path = Path(path)
    data = read_json_object(path, ": a vocab.json must hold an object of token -> id")
    if set(map(type, data.values())) <= {int} and min(data.values(), default=0) >= 0 \
            and max(data.values(), default=0) < 2**32:
        return data  # the usual file, checked a column at a time
    vocab: dict[str, int] = {}
    for token, index in data.items():
        if isinstance(index, bool) or not isinstance(index, (int, float)):
            continue  # serde_json Value that is not a Number
        if isinstance(index, float) or not 0 <= index < 2**32:
            raise TokenizerFileError(f"{path}: id of {token!r} is not a token id: {index!r}")
        vocab[token] = index
    return vocab


def read_merges(path: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """The merges of a ``merges.txt`` in rank order (``#version`` lines skipped)."""
    return list(zip(*read_merge_columns(path)))


def read_merge_columns(path: str | os.PathLike[str]) -> MergeColumns:
    """:func:`read_merges` as two columns (what :class:`~subword_core.models.BPE` takes)."""
    path = Path(path)
    text = _read_text(path)
    body = text.replace("\r\n", "\n") if "\r" in text else text
    if body.endswith("\n"):
        body = body[:-1]
    if body.startswith("#version"):  # the usual header: no regex over the whole text
        body = body.partition("\n")[2]
    if "#version" in body:
        body = _VERSION_LINE.sub("", body)
    if body and _one_space_per_line(body):
        return TextMergeColumns.split(body)
    return _merge_columns_checked(path, text)


def _one_space_per_line(body: str) -> bool:
    """Whether every line of ``body`` (LF-separated) holds exactly one space.

    Why bytes: deleting every byte but space and LF is one C pass (a regex over the lines
    took 7x longer for GPT-2's 50k merges); the separators left must alternate.
    """
    separators = body.encode("utf-8", "surrogatepass").translate(None, _NOT_SEPARATOR)
    return separators == b" \n" * (len(separators) // 2) + b" "


def _merge_columns_checked(path: Path, text: str) -> MergeColumns:
    lefts: list[str] = []
    rights: list[str] = []
    for number, line in enumerate(_lines(text), 1):
        if line.startswith("#version"):
            continue
        parts = line.split(" ")
        if len(parts) != 2:
            raise TokenizerFileError(f"{path}, line {number}: a merge is two symbols separated "
                                     f"by one space, got {line[:60]!r}")
        lefts.append(parts[0])
        rights.append(parts[1])
    return MergeColumns(lefts, rights)


def read_vocab_txt(path: str | os.PathLike[str]) -> dict[str, int]:
    """token -> line number from a ``vocab.txt`` (a repeated token keeps its last line)."""
    path = Path(path)
    vocab: dict[str, int] = {}
    for index, line in enumerate(_lines(_read_text(path))):
        vocab[line.rstrip(_RUST_WHITE_SPACE)] = index
    if not vocab:
        raise TokenizerFileError(f"{path}: empty vocabulary")
    return vocab



def read_bpe(vocab: PathLike, merges: PathLike) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """``(vocab, merges)`` from a ``vocab.json`` and a ``merges.txt`` (HF's ``BPE.read_file``)."""
    return read_vocab_json(vocab), read_merges(merges)


def vocab_from_path(vocab: Any, reader: Any) -> Any:
    """``vocab`` read from its file when it is a file name (HF's constructors accept one);
    anything else, or anything while a tokenizer.json is read, as it is."""
    if READING_JSON.get() or not isinstance(vocab, (str, os.PathLike)):
        return vocab
    return reader(vocab)


def bpe_from_paths(vocab: Any, merges: Any) -> tuple[Any, Any]:
    """BPE's ``(vocab, merges)``: both read when both are file names, as HF's constructor.

    Raises:
        ValueError: one is a file name and the other is not (HF's message).
    """
    vocab_is_path = isinstance(vocab, (str, os.PathLike))
    merges_is_path = isinstance(merges, (str, os.PathLike))
    if READING_JSON.get() or (not vocab_is_path and not merges_is_path):
        return vocab, merges
    if vocab is None or merges is None:
        raise ValueError("`vocab` and `merges` must be both specified")
    if not (vocab_is_path and merges_is_path):
        raise ValueError("`vocab` and `merges` must be both be from memory or both filenames")
    return read_bpe(vocab, merges)


# ---------------------------------------------------------------------------- writing
def save_model(model: Any, folder: PathLike, prefix: str | None = None) -> list[str]:
    """Write ``model``'s files into ``folder``; their paths, as HF's ``Model.save``.

    Raises:
        TokenizerFileError: a file cannot be written, or the model has no such files.
    """
    return model.save(folder, prefix)


def _write(folder: PathLike, prefix: str | None, name: str, text: str) -> str:
    path = os.path.join(os.fspath(folder), f"{prefix}-{name}" if prefix else name)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise TokenizerFileError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path




# ---------------------------------------------------------------------------- the classes' API
class ModelFiles:
    """HF's ``Model.save`` for a model with files of its own: :meth:`own_files` names them."""

    def own_files(self) -> list[tuple[str, str]]:
        """``(file name, text)`` of each file the model writes."""
        raise NotImplementedError

    def save(self, folder: PathLike, prefix: str | None = None) -> list[str]:
        """Write the model's own files into ``folder``; their paths.

        Raises:
            TokenizerFileError: a file cannot be written.
        """
        return [_write(folder, prefix, name, text) for name, text in self.own_files()]


class BPEFiles(ModelFiles):
    """HF's ``BPE.from_file`` / ``BPE.read_file`` (mixed into :class:`~subword_core.models.BPE`)."""

    def own_files(self) -> list[tuple[str, str]]:
        data = self.to_dict()  # its vocab in HF's order: by id, holes skipped
        merges = "".join(f"{left} {right}\n" for left, right in data["merges"])
        return [("vocab.json", dumps(data["vocab"])), ("merges.txt", "#version: 0.2\n" + merges)]

    @classmethod
    def from_file(cls, vocab: PathLike, merges: PathLike, **kwargs: Any) -> Any:
        """A BPE model from a ``vocab.json`` and a ``merges.txt``; ``kwargs`` are its options.

        Raises:
            TokenizerFileError: a file is missing or malformed (the message names it).
        """
        vocab_map, merge_list = read_bpe(vocab, merges)
        return cls(vocab_map, merge_list, **kwargs)

    @staticmethod
    def read_file(vocab: PathLike, merges: PathLike) -> tuple[dict[str, int],
                                                              list[tuple[str, str]]]:
        """``(vocab, merges)`` from a ``vocab.json`` and a ``merges.txt``."""
        return read_bpe(vocab, merges)


class WordLevelFiles(ModelFiles):
    """HF's ``WordLevel.from_file`` / ``read_file`` (mixed into the WordLevel model)."""

    def own_files(self) -> list[tuple[str, str]]:
        return [("vocab.json", dumps(self.to_dict()["vocab"]))]

    @classmethod
    def from_file(cls, vocab: PathLike, unk_token: str | None = None) -> Any:
        """A WordLevel model from a ``vocab.json``."""
        return cls(read_vocab_json(vocab), unk_token=unk_token)

    @staticmethod
    def read_file(vocab: PathLike) -> dict[str, int]:
        """token -> id from a ``vocab.json``."""
        return read_vocab_json(vocab)


class WordPieceFiles(ModelFiles):
    """HF's ``WordPiece.save``: ``vocab.txt``, one token a line by id."""

    def own_files(self) -> list[tuple[str, str]]:
        by_id = sorted(self.get_vocab().items(), key=lambda item: item[1])
        return [("vocab.txt", "".join(f"{token}\n" for token, _ in by_id))]


class UnigramFiles(ModelFiles):
    """HF's ``Unigram.save``: ``unigram.json``, the model's JSON object, pretty-printed."""

    def own_files(self) -> list[tuple[str, str]]:
        return [("unigram.json", dumps(self.to_dict(), pretty=True))]


__all__ = ["BPEFiles", "MergeColumns", "ModelFiles", "TextMergeColumns", "UnigramFiles",
           "WordLevelFiles", "WordPieceFiles", "bpe_from_paths", "read_bpe", "read_merge_columns",
           "read_merges", "read_vocab_json", "read_vocab_txt", "save_model", "vocab_from_path"]
