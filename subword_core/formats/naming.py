"""Names for tokenizers that people recognise: the model, not ``tokenizer.json``.

Hub checkouts and packages keep every model's file under the same name
(``bert-base-uncased/tokenizer.json``), so the file name says nothing. A
``tokenizer_config.json`` beside it usually names the model (``name_or_path``, or
``_name_or_path`` in older files); otherwise the folder does.

:func:`find_bpe_pair` finds the other file of a ``vocab.json`` + ``merges.txt`` pair;
:func:`tokenizer_file_name` names an opened file; :func:`trained_name` names a
trained tokenizer after the vocabulary size it really has, and says when that is
not what was asked (a corpus too small for the requested size).

Example:
    >>> trained_name("byte-bpe", 1469, asked=4000)
    'byte-bpe 1,469 (asked 4,000)'
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..errors import TokenizerFileError

#: File names that say nothing about the model (their folder does): a GPT-2 checkout opened
#: from its merges.txt is "gpt2", not "merges".
GENERIC_STEMS = {"tokenizer", "tokenizer_config", "vocab", "model", "spiece", "sentencepiece",
                 "merges", "encoder", "codes", "bpe"}
#: What a name keeps of a file named after its model: ``bert-base-uncased-vocab.txt`` and
#: ``gpt2-merges.txt`` name the model before the generic part (as vocab_files pairs them).
_MODEL_PREFIX = re.compile(r"^(?P<model>.+?)[-_.](?:vocab|merges|encoder)$", re.IGNORECASE)
CONFIG_NAME = "tokenizer_config.json"
#: Configs larger than this are not read for a name (a name is in the first few KB).
MAX_CONFIG_BYTES = 8 << 20
_HASH = re.compile(r"^[0-9a-f]{32,64}$")


def tokenizer_file_name(path: str | os.PathLike[str]) -> str:
    """A readable name for the tokenizer file at ``path``.

    1. ``name_or_path`` / ``_name_or_path`` of a ``tokenizer_config.json`` in the same
       folder (its last path component: ``meta-llama/Llama-3.2-1B`` -> ``Llama-3.2-1B``);
    2. else, for a generic file name (``tokenizer.json``, ``merges.txt``), the parent
       folder's name, skipping hub snapshot hashes (``…/snapshots/<hash>/tokenizer.json``);
    3. else the file name without its extension, and without a generic part after the
       model's name (``bert-base-uncased-vocab.txt`` -> ``bert-base-uncased``).
    """
    path = Path(path)
    configured = _configured_name(path.parent / CONFIG_NAME)
    if configured:
        return configured
    stem = path.name[:-5] if path.name.lower().endswith(".json") else path.stem
    prefixed = _MODEL_PREFIX.match(stem)
    if prefixed:
        stem = prefixed.group("model")
    if stem.lower() not in GENERIC_STEMS and stem:
        return stem
    folder = _meaningful_folder(path.parent)
    return folder or stem or path.name


def trained_name(algorithm: str, vocab_size: int, asked: int | None = None) -> str:
    """``"<algorithm> <size>"``, plus ``(asked N)`` when the real size differs from ``asked``
    (a run stops short when the corpus runs out of pairs; it overshoots when the alphabet
    and the special tokens alone are more than was asked)."""
    name = f"{algorithm} {vocab_size:,}"
    if asked is not None and vocab_size != asked:
        name += f" (asked {asked:,})"
    return name


def _configured_name(config: Path) -> str:
    try:
        if not config.is_file() or config.stat().st_size > MAX_CONFIG_BYTES:
            return ""
        data = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return ""
    if not isinstance(data, dict):
        return ""
    for key in ("name_or_path", "_name_or_path"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            last = _last_component(value.strip())
            if last and not _HASH.match(last):
                return last
    return ""


def _last_component(value: str) -> str:
    parts = [p for p in re.split(r"[\\/]", value) if p and p != "."]
    return parts[-1] if parts else ""


def _meaningful_folder(folder: Path) -> str:
    """The folder's name, or its grandparent's for a hub snapshot (``models--org--name``)."""
    parts = list(folder.resolve().parts) if folder.name in ("", ".") else list(folder.parts)
    for part in reversed(parts):
        if not part or part in (os.sep, "/") or _HASH.match(part):
            continue
        if part in ("snapshots", "tokenizer", "tokenizers", "tokenizer_files", "model", "data",
                    "assets"):
            continue  # a hub cache or a package's data folder: the model is further up
        if part.startswith("models--"):
            return part.split("--")[-1]
        return part
    return ""


#: File pairs that make a byte-level BPE: (vocabulary, merges). OpenAI's GPT-2 release
#: named them encoder.json and vocab.bpe.
BPE_PAIRS = (("vocab.json", "merges.txt"), ("encoder.json", "vocab.bpe"))


# ---------------------------------------------------------------- finding the files
def find_bpe_pair(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """``(vocab.json, merges.txt)`` given either file (or ``encoder.json`` / ``vocab.bpe``).

    A ``PREFIX-vocab.json`` pairs with ``PREFIX-merges.txt``.

    Raises:
        TokenizerFileError: the other file of the pair is not beside it.
    """
    path = Path(path)
    name = path.name
    for vocab_name, merges_name in BPE_PAIRS:
        for mine, other, vocab_side in ((vocab_name, merges_name, True),
                                        (merges_name, vocab_name, False)):
            if name == mine or name.endswith("-" + mine) or name.endswith("_" + mine):
                partner = path.with_name(name[: len(name) - len(mine)] + other)
                if not partner.is_file():
                    raise TokenizerFileError(f"{path}: {other} not found beside it "
                                             f"(a byte-level BPE needs both files)")
                return (path, partner) if vocab_side else (partner, path)
    raise TokenizerFileError(f"{path}: not a vocab.json or merges.txt file")


def bpe_partner(path: str | os.PathLike[str]) -> Path | None:
    """The other file of a BPE pair when it exists beside ``path``, else None."""
    try:
        vocab, merges = find_bpe_pair(path)
    except TokenizerFileError:
        return None
    return merges if Path(path) == vocab else vocab


__all__ = ["BPE_PAIRS", "bpe_partner", "find_bpe_pair", "tokenizer_file_name", "trained_name"]
