"""Open tokenizers from every common file format: :func:`open_tokenizer`.

A path may be a file or a folder. The format is detected from the content and the
name (``format=`` forces it); each reader builds the pipeline that the reference
conversion builds (``transformers``' slow->fast converters, ``tiktoken``,
``subword-nmt``), so encodings match the reference tool exactly.

=================  ==========================================  ===================
format             what                                         module
=================  ==========================================  ===================
``tokenizer.json``  HF ``tokenizers`` file                      (this module)
``folder``          model folder (+ ``tokenizer_config.json``)  :mod:`.folder`
``gpt2-bpe``        ``vocab.json`` + ``merges.txt``             :mod:`.vocab_files`
``wordpiece-vocab`` BERT ``vocab.txt``                          :mod:`.vocab_files`
``sentencepiece``   SentencePiece ``.model`` (Unigram, BPE)     :mod:`.sentencepiece`
``tiktoken``        ``.tiktoken`` rank file                     :mod:`.tiktoken`
``subword-nmt``     subword-nmt ``codes``                       :mod:`.subword_nmt`
``tfds-subwords``   TFDS ``SubwordTextEncoder`` ``.subwords``   :mod:`.tfds_subwords`
``tekken``          Mistral ``tekken.json``                     :mod:`.tekken`
``gguf``            llama.cpp ``.gguf`` (tokenizer metadata)      :mod:`.gguf`
=================  ==========================================  ===================

Every reader returns an :class:`Opened`: the tokenizer and a :class:`Source` saying what
the file was and anything guessed along the way. :func:`open_tokenizer` returns the
tokenizer with that ``Source`` attached as ``tokenizer.source``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import SubwordError, TokenizerFileError
from ..loading import tokenizer_from_file
from .naming import find_bpe_pair, tokenizer_file_name
from .sniffing import is_gguf, is_model_proto


@dataclass(frozen=True)
class Source:
    """Where an opened tokenizer came from, for people (the CLI's ``info``, the window).

    Attributes:
        path: the file or folder that was opened.
        format: one of :data:`FORMATS`.
        description: one line, e.g. ``"SentencePiece Unigram model, 32,000 pieces"``.
        notes: what was guessed or departs from the reference tool, one line each
            (e.g. ``"encoding guessed from 100,256 ranks: cl100k_base"``).
    """

    path: str
    format: str
    description: str
    notes: tuple[str, ...] = field(default_factory=tuple)


class Opened(NamedTuple):
    """What every reader returns."""

    tokenizer: Any
    source: Source


# ---------------------------------------------------------------- formats and readers
#: Every format :func:`open_tokenizer` reads.
FORMATS = ("tokenizer.json", "folder", "gpt2-bpe", "wordpiece-vocab", "sentencepiece",
           "tiktoken", "subword-nmt", "tfds-subwords", "tekken", "gguf")
#: format -> (module under subword_core.formats, reader function). Imported on first use:
#: a reader may need packages or tables the others do not.
_READERS = {
    "tokenizer.json": ("", "read_tokenizer_json"),  # below
    "folder": ("folder", "read_folder"),
    "gpt2-bpe": ("vocab_files", "read_gpt2_bpe"),
    "wordpiece-vocab": ("vocab_files", "read_wordpiece_vocab"),
    "sentencepiece": ("sentencepiece", "read_sentencepiece"),
    "tiktoken": ("tiktoken", "read_tiktoken"),
    "subword-nmt": ("subword_nmt", "read_subword_nmt"),
    "tfds-subwords": ("tfds_subwords", "read_tfds_subwords"),
    "tekken": ("tekken", "read_tekken"),
    "gguf": ("gguf", "read_gguf"),
}


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format of the file or folder at ``path`` (one of :data:`FORMATS`).

    Decided by content and name: a folder; a ``vocab.json`` / ``merges.txt`` pair; a
    JSON object with ``"model"``; a ``tekken.json`` (``"config"`` and ``"vocab"``, or the
    name ``tekken*.json`` as mistral-common's ``is_tekken``); a SentencePiece ``ModelProto``; ``base64 rank`` lines
    (tiktoken, even when named ``tokenizer.model`` as Llama 3's is); a ``#version`` header
    or lines of two symbols (subword-nmt codes); ``### SubwordTextEncoder`` or
    ``.subwords`` (TFDS); ``GGUF`` magic or ``.gguf`` (llama.cpp); one token per line (a
    WordPiece ``vocab.txt``).

    Raises:
        TokenizerFileError: missing, unreadable, or none of the formats (one line naming
            the file).
    """
    path = Path(path)
    if path.is_dir():
        return "folder"
    head = _read_head(path)
    name = path.name.lower()
    by_name = _format_by_name(path, name)
    if by_name is not None:
        return by_name
    if name.endswith(".gguf") or is_gguf(head):
        return "gguf"  # its reader says what is wrong with a damaged one
    if name.endswith(".json") or head.lstrip().startswith(b"{"):
        return _json_format(path)
    if _is_model_proto(path, head):
        return "sentencepiece"
    return _text_format(path, head)


def reader_for(format: str) -> Callable[..., Opened]:
    """The reader function of ``format``.

    Raises:
        TokenizerFileError: an unknown format, or its reader is not available.
    """
    if format not in _READERS:
        raise TokenizerFileError(f"unknown tokenizer format {format!r}; formats: "
                                 f"{', '.join(FORMATS)}")
    module_name, function = _READERS[format]
    if not module_name:
        return globals()[function]
    qualified = f"{__name__}.{module_name}"
    try:
        module = importlib.import_module(qualified)
    except ModuleNotFoundError as exc:
        if exc.name != qualified:
            raise
        raise TokenizerFileError(f"reading {format} files is not available in this version "
                                 f"({qualified} is missing)") from None
    return getattr(module, function)


def open_source(path: str | os.PathLike[str], *, format: str | None = None,
                **options: Any) -> Opened:
    """Open the tokenizer at ``path`` (file or folder): the tokenizer and its :class:`Source`.

    Args:
        path: a file or a folder.
        format: one of :data:`FORMATS`; detected when None.
        **options: passed to the reader: ``encoding=`` (tiktoken), ``flavor=``
            (sentencepiece), ``vocabulary=`` (subword-nmt).

    Raises:
        TokenizerFileError: the file is missing or malformed, the format is unknown, or an
            option does not apply to the format; the message names the file.
    """
    name = os.fspath(path)
    fmt = detect_format(name) if format is None else format
    try:
        reader = reader_for(fmt)
        _check_options(reader, fmt, options)
        return reader(name, **options)
    except TokenizerFileError as exc:
        raise _naming(exc, name) from None
    except OSError as exc:
        raise TokenizerFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, IndexError) as exc:
        # a reader's check that is not phrased for people yet: still one line naming the file
        detail = " ".join(str(exc).split()) or type(exc).__name__
        raise TokenizerFileError(f"{name}: not a valid {fmt} file ({detail})") from None


def open_tokenizer(path: str | os.PathLike[str], *, format: str | None = None,
                   **options: Any) -> Any:
    """Open the tokenizer at ``path``; its :class:`Source` is ``tokenizer.source``.

    Example:
        ``open_tokenizer("bert-base-uncased/")``, ``open_tokenizer("gpt2/merges.txt")``,
        ``open_tokenizer("cl100k_base.tiktoken", encoding="cl100k_base")``.

    Raises:
        TokenizerFileError: see :func:`open_source`.
    """
    opened = open_source(path, format=format, **options)
    tokenizer = opened.tokenizer
    tokenizer.source = opened.source
    return tokenizer


def open_for_saving(path: str | os.PathLike[str], *, format: str | None = None,
                    **options: Any) -> Any:
    """:func:`open_tokenizer`, for writing ``tokenizer.json``: a bare SentencePiece ``.model``
    opens by default as the ``sentencepiece`` library encodes it, which has no
    ``tokenizer.json`` form, so without a ``flavor`` it opens in the transformers flavor that
    fits the file (:func:`.sentencepiece.hf_flavor`, what ``AutoTokenizer`` would build),
    with a note saying so. Every other tokenizer opens as :func:`open_tokenizer` opens it."""
    tokenizer = open_tokenizer(path, format=format, **options)
    if tokenizer.source.format != "sentencepiece" or "flavor" in options \
            or _has_json_form(tokenizer):
        return tokenizer
    from .sentencepiece import export_flavor

    flavor = export_flavor(path)
    converted = open_tokenizer(path, format=format, flavor=flavor, **options)
    note = (f"saved in the transformers flavor {flavor!r}: the sentencepiece library's own "
            f"encoding has no tokenizer.json form (choose another with flavor=...)")
    converted.source = dataclasses.replace(converted.source,
                                           notes=(note, *converted.source.notes))
    return converted


def _has_json_form(tokenizer: Any) -> bool:
    try:
        tokenizer.to_dict()
    except SubwordError:
        return False
    return True


def _check_options(reader: Callable[..., Any], fmt: str, options: dict[str, Any]) -> None:
    parameters = inspect.signature(reader).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return
    accepted = {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}
    unknown = sorted(set(options) - accepted)
    if unknown:
        raise TokenizerFileError(f"option {', '.join(unknown)} does not apply to {fmt} files")


def _naming(exc: TokenizerFileError, path: str) -> TokenizerFileError:
    """``exc`` itself when its message names the file, else a copy that does."""
    message = str(exc)
    if path.rstrip("/\\") in message or str(Path(path)) in message:
        return exc
    # a copy of the same class (UnsupportedComponentError keeps its kind and type_name)
    named = type(exc).__new__(type(exc))
    named.__dict__.update(exc.__dict__)
    named.args = (f"{path}: {message}",)
    return named


# ---------------------------------------------------------------- tokenizer.json
def read_tokenizer_json(path: str | os.PathLike[str]) -> Opened:
    """An HF ``tokenizer.json``, exactly as written (a ``tokenizer_config.json`` beside it
    is applied only when the folder is opened)."""
    opened = load_tokenizer_json(path)
    if (Path(path).parent / "tokenizer_config.json").is_file():
        note = ("tokenizer_config.json beside it is not applied: open the folder for its "
                "added tokens and special-token roles")
        opened = Opened(opened.tokenizer, replace(opened.source, notes=(note,)))
    return opened


def load_tokenizer_json(path: str | os.PathLike[str]) -> Opened:
    """:func:`read_tokenizer_json` without a word about the folder (the folder reader's)."""
    path = Path(path)
    tokenizer = tokenizer_from_file(path)
    added = len(tokenizer.get_added_tokens_decoder())
    description = (f"{tokenizer_file_name(path)}: tokenizer.json "
                   f"({type(tokenizer.model).__name__}, {tokenizer.model.get_vocab_size():,} "
                   f"tokens" + (f" + {added:,} added" if added else "") + ")")
    return Opened(tokenizer, Source(str(path), "tokenizer.json", description))


# ---------------------------------------------------------------- detection
_HEAD_BYTES = 1 << 16
_SAMPLE_LINES = 200
#: Files that belong to a model folder: opening one opens the folder.
_FOLDER_FILES = {"tokenizer_config.json", "special_tokens_map.json"}
_TIKTOKEN_LINE = re.compile(r"[A-Za-z0-9+/]+={0,2} [0-9]+")


def _read_head(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(_HEAD_BYTES)
    except FileNotFoundError:
        raise TokenizerFileError(f"no such file or folder: {path}") from None
    except IsADirectoryError:
        raise TokenizerFileError(f"not a file: {path}") from None
    except OSError as exc:
        raise TokenizerFileError(f"cannot read {path}: {exc.strerror or exc}") from None


def _format_by_name(path: Path, name: str) -> str | None:
    """Formats a name settles: folder files, TFDS, vocab/merges pairs (present or not)."""
    if name in _FOLDER_FILES:
        return "folder"
    if name == "tokenizer.json":
        return "tokenizer.json"  # its own reader says what is wrong with it
    if name.endswith(".subwords"):
        return "tfds-subwords"
    if name.endswith((".tiktoken",)):
        return "tiktoken"
    if "tekken" in name and name.endswith(".json"):
        return "tekken"  # mistral-common's is_tekken; its reader says what is wrong
    try:
        find_bpe_pair(path)
    except TokenizerFileError as exc:
        if "not found beside it" in str(exc):
            raise  # merges.txt without vocab.json (or the reverse)
        return None
    return "gpt2-bpe"


def _json_format(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise TokenizerFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    # A tokenizer.json's "model" holds an object; in a vocabulary, "model" is a token -> id.
    if re.search(r'"model"\s*:\s*\{', text):
        return "tokenizer.json"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return "tokenizer.json"  # malformed: its reader says where
    if isinstance(data, dict) and isinstance(data.get("config"), dict) and "vocab" in data:
        return "tekken"
        raise TokenizerFileError(f"{path}: a JSON {type(data).__name__} is not a tokenizer "
                                 "file (a tokenizer.json holds an object with \"model\")")
    raise TokenizerFileError(f"{path}: a JSON object without \"model\" is not a tokenizer.json "
                             "(a vocab.json needs its merges.txt beside it)")


def _is_model_proto(path: Path, head: bytes) -> bool:
    """Whether the file starts like a SentencePiece ``ModelProto`` (see :mod:`.sniffing`)."""
    return is_model_proto(head, path.stat().st_size)


def _sample_lines(path: Path, head: bytes) -> list[str]:
    if len(head) == _HEAD_BYTES:
        head = head[: head.rfind(b"\n") + 1] or head  # drop a line cut by the read
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerFileError(f"{path}: a binary file that is not a SentencePiece model "
                                 f"(formats: {', '.join(FORMATS)})") from None
    if "\x00" in text:
        raise TokenizerFileError(f"{path}: a binary file that is not a SentencePiece model")
    return [line.rstrip("\r") for line in text.split("\n")[:_SAMPLE_LINES] if line.strip()]


def _text_format(path: Path, head: bytes) -> str:
    lines = _sample_lines(path, head)
    if not lines:
        raise TokenizerFileError(f"{path}: empty file")
    if lines[0].startswith("### SubwordTextEncoder"):
        return "tfds-subwords"
    if all(_TIKTOKEN_LINE.fullmatch(line) and len(line.split(" ")[0]) % 4 == 0
           for line in lines):
        return "tiktoken"
    if lines[0].startswith("#version"):
        return "subword-nmt"
    if all(len(line.split(" ")) == 2 for line in lines):
        return "subword-nmt"
    if all("\t" in line for line in lines[:20]):
        raise TokenizerFileError(f"{path}: looks like a SentencePiece .vocab (piece, tab, "
                                 "score); open the .model file beside it")
    if all(len(line.split()) == 1 for line in lines):
        return "wordpiece-vocab"
    raise TokenizerFileError(f"{path}: not a tokenizer file this library reads "
                             f"(formats: {', '.join(FORMATS)})")
