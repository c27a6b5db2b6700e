"""A model folder: the tokenizer files of a hub checkout, and their ``tokenizer_config.json``.

The folder's pipeline comes from the first of:

1. ``tokenizer.json`` (read as it is);
2. ``vocab.json`` + ``merges.txt`` (:func:`.vocab_files.read_gpt2_bpe`);
3. ``vocab.txt`` (:func:`.vocab_files.read_wordpiece_vocab`);
4. ``spiece.model`` / ``tokenizer.model`` / ``sentencepiece.bpe.model`` / another
   ``.model``: a SentencePiece model, or a tiktoken rank file under that name (Llama 3);
   the SentencePiece flavor follows ``tokenizer_class`` (``T5Tokenizer`` -> ``"t5"``,
   ``LlamaTokenizer`` -> ``"llama"``, or ``"llama-legacy"`` with ``legacy: true``,
   ``XLMRobertaTokenizer`` -> ``"xlm-roberta"``, ``AlbertTokenizer`` -> ``"albert"``);
5. a ``.tiktoken`` file.

then ``tokenizer_config.json`` adds its added tokens and role tokens as ``transformers``
does (:func:`.pretrained.apply_pretrained`) and is kept as ``tokenizer.pretrained``.

A hub cache folder (``models--org--name``) opens its ``refs/main`` snapshot, else the newest
one under ``snapshots/``.

Example:
    ``read_folder("~/.cache/huggingface/hub/models--bert-base-uncased")``
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import TokenizerFileError
from . import Opened, Source, detect_format, load_tokenizer_json, reader_for
from .naming import tokenizer_file_name
from .pretrained import (
    CONFIG_NAME, Pretrained, apply_pretrained, read_pretrained, role_template,
)
from .vocab_files import read_gpt2_bpe, read_wordpiece_vocab

#: SentencePiece file names, most specific first.
SENTENCEPIECE_NAMES = ("spiece.model", "sentencepiece.bpe.model", "tokenizer.model")
#: tokenizer_class (without "Fast") -> SentencePiece flavor.
_FLAVORS = {"T5Tokenizer": "t5", "XLMRobertaTokenizer": "xlm-roberta",
            "AlbertTokenizer": "albert"}
_LOOKED_FOR = ("tokenizer.json, vocab.json + merges.txt, vocab.txt, a SentencePiece .model "
               "or a .tiktoken file")


def read_folder(path: str | os.PathLike[str], **options: Any) -> Opened:
    """The tokenizer of a model folder (a file inside it opens the folder).

    Options go to the reader of the folder's files (``encoding=`` for tiktoken, ``flavor=``
    for SentencePiece); one that does not apply is noted and ignored.

    Raises:
        TokenizerFileError: the folder holds no tokenizer, or its files are malformed.
    """
    given = Path(path)
    folder = given.parent if given.is_file() else given
    folder, notes = resolve_snapshot(folder)
    pretrained = read_pretrained(folder)
    opened, used = _open_files(folder, pretrained, options)
    tokenizer = opened.tokenizer
    notes += list(opened.source.notes)
    notes += [f"option {name} ignored: it does not apply to this folder's files"
              for name in sorted(set(options) - used)]
    if pretrained is not None and tokenizer.pretrained is None:
        notes += _apply(tokenizer, pretrained, opened.source.format)
    tokenizer.pretrained = tokenizer.pretrained or pretrained
    description = opened.source.description
    if pretrained is not None:
        description += f", with {CONFIG_NAME}"
        if pretrained.tokenizer_class:
            description += f" ({pretrained.tokenizer_class})"
    return Opened(tokenizer, Source(str(given), "folder", description, tuple(notes)))


def resolve_snapshot(folder: Path) -> tuple[Path, list[str]]:
    """The snapshot to open for a hub cache folder (``models--org--name`` or its
    ``snapshots``), else ``folder`` itself; with a note saying which snapshot."""
    if folder.name == "snapshots":
        root, snapshots_dir = folder.parent, folder
    elif (folder / "snapshots").is_dir():
        root, snapshots_dir = folder, folder / "snapshots"
    else:
        return folder, []
    try:
        snapshots = [d for d in snapshots_dir.iterdir() if d.is_dir()]
    except OSError as exc:
        raise TokenizerFileError(f"cannot list {snapshots_dir}: {exc.strerror or exc}") from None
    if not snapshots:
        raise TokenizerFileError(f"{folder}: hub cache folder without any snapshot")
    main = _read_ref(root / "refs" / "main")
    chosen = next((d for d in snapshots if d.name == main), None)
    if chosen is not None:
        return chosen, [f"hub snapshot {chosen.name[:12]} (refs/main)"]
    chosen = max(snapshots, key=lambda d: (d.stat().st_mtime, d.name))
    return chosen, [f"hub snapshot {chosen.name[:12]}, the newest of {len(snapshots)}"]


def _read_ref(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""


def sentencepiece_flavor(pretrained: Pretrained | None) -> str | None:
    """The SentencePiece reader's flavor for the folder's ``tokenizer_class``, or None."""
    if pretrained is None or not pretrained.tokenizer_class:
        return None
    name = pretrained.tokenizer_class.removesuffix("Fast")
    if name == "LlamaTokenizer":
        return "llama-legacy" if pretrained.extra.get("legacy") is True else "llama"
    return _FLAVORS.get(name)


def _open_files(folder: Path, pretrained: Pretrained | None,
                options: dict[str, Any]) -> tuple[Opened, set[str]]:
    """Open the folder's tokenizer files; also return the options that were used."""
    if (folder / "tokenizer.json").is_file():
        return load_tokenizer_json(folder / "tokenizer.json"), set()
    if (folder / "vocab.json").is_file() and (folder / "merges.txt").is_file():
        return read_gpt2_bpe(folder / "vocab.json", pretrained=pretrained or Pretrained()), set()
    if (folder / "vocab.txt").is_file():
        return read_wordpiece_vocab(folder / "vocab.txt",
                                    pretrained=pretrained or Pretrained()), set()
    for candidate in _model_files(folder):
        if detect_format(candidate) == "tiktoken":
            return _tiktoken(candidate, options)
        flavor = options.get("flavor", sentencepiece_flavor(pretrained))
        reader = reader_for("sentencepiece")
        return reader(str(candidate), flavor=flavor), {"flavor"}
    tiktoken_files = sorted(folder.glob("*.tiktoken"))
    if tiktoken_files:
        return _tiktoken(tiktoken_files[0], options)
    raise TokenizerFileError(f"{folder}: no tokenizer in this folder (looked for {_LOOKED_FOR})")


def _model_files(folder: Path) -> list[Path]:
    named = [folder / name for name in SENTENCEPIECE_NAMES if (folder / name).is_file()]
    others = sorted(p for p in folder.glob("*.model") if p not in named and p.is_file())
    return named + others


def _tiktoken(path: Path, options: dict[str, Any]) -> tuple[Opened, set[str]]:
    reader = reader_for("tiktoken")
    if options.get("encoding") is not None:
        return reader(str(path), encoding=options["encoding"]), {"encoding"}
    return reader(str(path)), {"encoding"}


def _apply(tokenizer: Any, pretrained: Pretrained, fmt: str) -> list[str]:
    """The config on top of a reader's tokenizer (``tokenizer.json``, SentencePiece,
    tiktoken), as ``TokenizersBackend`` does."""
    notes = apply_pretrained(tokenizer, pretrained)
    # transformers drops add_bos/eos_token when a tokenizer.json exists; otherwise an
    # explicit value rebuilds the [bos] $A [eos] template (LlamaTokenizer, TokenizersBackend).
    explicit = pretrained.add_bos_token is not None or pretrained.add_eos_token is not None
    if fmt != "tokenizer.json" and explicit and sentencepiece_flavor(pretrained) in (
            None, "llama", "llama-legacy"):
        tokenizer.post_processor = role_template(tokenizer, pretrained)
        notes.append("special tokens from add_bos_token / add_eos_token of "
                     f"{CONFIG_NAME}")
    return notes


def folder_name(folder: str | os.PathLike[str]) -> str:
    """A readable name for a model folder (the model's, when its config says it)."""
    return tokenizer_file_name(Path(folder) / "tokenizer.json")


__all__ = ["SENTENCEPIECE_NAMES", "folder_name", "read_folder", "resolve_snapshot",
           "sentencepiece_flavor"]
