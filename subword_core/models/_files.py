"""The models' own files, as HF's ``Model.save`` writes them and ``from_file`` reads them.

- BPE: ``vocab.json`` (compact, by id) and ``merges.txt`` (``#version: 0.2`` then one
  ``left right`` line per merge, in rank order);
- WordPiece: ``vocab.txt``, one token a line by id;
- WordLevel: ``vocab.json``;
- Unigram: ``unigram.json``, the model's JSON object, pretty-printed.

With a ``prefix``, each name becomes ``{prefix}-vocab.json``... Reading goes through
:mod:`subword_core.formats.vocab_files` (HF's parsing rules, one-line errors naming the
file and line). HF's constructors also accept file names
(``BPE("vocab.json", "merges.txt")``): :func:`vocab_from_path` does that part.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..components import READING_JSON
from ..errors import TokenizerFileError
from .._util.fileio import atomic_write_text
from ..serialization import dumps

if TYPE_CHECKING:
    from ..components import Model

PathLike = str | os.PathLike


# ---------------------------------------------------------------------------- reading
def read_vocab_json(path: PathLike) -> dict[str, int]:
    """token -> id from a ``vocab.json`` (HF's ``WordLevel.read_file``)."""
    from ..formats import vocab_files  # the file formats build on the models

    return vocab_files.read_vocab_json(path)


def read_vocab_txt(path: PathLike) -> dict[str, int]:
    """token -> line number from a ``vocab.txt`` (``WordPiece.read_file``)."""
    from ..formats import vocab_files

    return vocab_files.read_vocab_txt(path)


def read_bpe(vocab: PathLike, merges: PathLike) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """``(vocab, merges)`` from a ``vocab.json`` and a ``merges.txt`` (HF's ``BPE.read_file``)."""
    from ..formats import vocab_files

    return vocab_files.read_vocab_json(vocab), vocab_files.read_merges(merges)


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
def save_model(model: Model, folder: PathLike, prefix: str | None = None) -> list[str]:
    """Write ``model``'s files into ``folder``; their paths, as HF's ``Model.save``.

    Raises:
        TokenizerFileError: a file cannot be written, or the model has no such files.
    """
    from . import BPE, Unigram, WordLevel, WordPiece  # this module is theirs

    if isinstance(model, BPE):
        data = model.to_dict()  # its vocab in HF's order: by id, holes skipped
        merges = "".join(f"{left} {right}\n" for left, right in data["merges"])
        files = [("vocab.json", dumps(data["vocab"])),
                 ("merges.txt", "#version: 0.2\n" + merges)]
    elif isinstance(model, WordPiece):
        by_id = sorted(model.get_vocab().items(), key=lambda item: item[1])
        files = [("vocab.txt", "".join(f"{token}\n" for token, _ in by_id))]
    elif isinstance(model, WordLevel):
        files = [("vocab.json", dumps(model.to_dict()["vocab"]))]
    elif isinstance(model, Unigram):
        files = [("unigram.json", dumps(model.to_dict(), pretty=True))]
    else:
        raise TokenizerFileError(f"a {type(model).__name__} model has no files of its own")
    return [_write(folder, prefix, name, text) for name, text in files]


def _write(folder: PathLike, prefix: str | None, name: str, text: str) -> str:
    path = os.path.join(os.fspath(folder), f"{prefix}-{name}" if prefix else name)
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise TokenizerFileError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path




# ---------------------------------------------------------------------------- the classes' API
class BPEFiles:
    """HF's ``BPE.from_file`` / ``BPE.read_file`` (mixed into :class:`~subword_core.models.BPE`)."""

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


class WordLevelFiles:
    """HF's ``WordLevel.from_file`` / ``read_file`` (mixed into the WordLevel model)."""

    @classmethod
    def from_file(cls, vocab: PathLike, unk_token: str | None = None) -> Any:
        """A WordLevel model from a ``vocab.json``."""
        return cls(read_vocab_json(vocab), unk_token=unk_token)

    @staticmethod
    def read_file(vocab: PathLike) -> dict[str, int]:
        """token -> id from a ``vocab.json``."""
        return read_vocab_json(vocab)


__all__ = ["BPEFiles", "WordLevelFiles", "bpe_from_paths", "read_bpe",
           "read_vocab_json", "read_vocab_txt", "save_model", "vocab_from_path"]
