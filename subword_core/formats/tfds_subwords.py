"""Read TensorFlow Datasets' ``SubwordTextEncoder`` vocabulary (``*.subwords``).

The file, as ``SubwordTextEncoder.save_to_file`` writes it::

    ### SubwordTextEncoder
    ### Metadata: {}
    'the_'
    ', '
    ...

one subword per line between single quotes; subword ``i`` (from 0) has id ``i + 1``. The
encoder's algorithm has no ``tokenizer.json`` equivalent: the tokenizer is built from
:mod:`subword_core.models.subword_text_encoder` and cannot be saved as ``tokenizer.json``.

Where the reader is more lenient than TFDS (which would load these lines wrongly):
a missing ``### Metadata`` line, Windows line ends, a last line without a line end.
"""

from __future__ import annotations

import json
import os

from ..errors import TokenizerFileError
from ..models.subword_text_encoder import (
    SubwordTextDecoder, SubwordTextEncoder, SubwordTextSplit,
)
from ..serialization import read_text
from ..tokenizer import Tokenizer
from . import Opened, Source

FORMAT = "tfds-subwords"
HEADER = "### SubwordTextEncoder"
METADATA_PREFIX = "### Metadata: "
NOTES = (
    "TFDS SubwordTextEncoder has no tokenizer.json equivalent: this tokenizer cannot be saved "
    "as tokenizer.json",
    "reserved (mixed) subwords are matched longest first; TFDS tries them in set order",
)


def read_tfds_subwords(path: str | os.PathLike) -> Opened:
    """Open a TFDS ``SubwordTextEncoder`` ``.subwords`` file.

    Raises:
        TokenizerFileError: unreadable file, no ``### SubwordTextEncoder`` header, bad
            metadata JSON, a subword line without its quotes (with its line number).
    """
    name = os.fspath(path)
    subwords, metadata = parse_subwords(read_text(path), name)
    tokenizer = build_tokenizer(subwords)
    model = tokenizer.model
    description = (f"TFDS SubwordTextEncoder, {len(model.subwords):,} subwords + 256 bytes "
                   f"(ids from 1; 0 is padding)")
    notes = NOTES
    if metadata:
        notes = (*notes, f"metadata: {json.dumps(metadata, sort_keys=True)[:200]}")
    return Opened(tokenizer, Source(name, FORMAT, description, notes))


def parse_subwords(text: str, name: str) -> tuple[list[str], dict]:
    """The subwords (quotes removed, in file order) and the metadata of a ``.subwords`` text.

    Empty lines and ``''`` are kept out of the list, as TFDS drops empty subwords.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final line end
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if not lines or lines[0] != HEADER:
        raise TokenizerFileError(f"{name}, line 1: expected {HEADER!r} (not a TFDS "
                                 f"SubwordTextEncoder vocabulary)")
    first = 1
    metadata: dict = {}
    if len(lines) > 1 and lines[1].startswith(METADATA_PREFIX):
        metadata = _metadata(lines[1][len(METADATA_PREFIX):], name)
        first = 2
    subwords = []
    for number, line in enumerate(lines[first:], start=first + 1):
        if not line:
            continue
        if len(line) < 2 or line[0] != "'" or line[-1] != "'":
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise TokenizerFileError(
                f"{name}, line {number}: expected a subword in single quotes, got {shown!r}")
        if len(line) > 2:
            subwords.append(line[1:-1])
    return subwords, metadata


def _metadata(text: str, name: str) -> dict:
    try:
        metadata = json.loads(text)
    except ValueError:
        metadata = None
    if not isinstance(metadata, dict):
        raise TokenizerFileError(f"{name}, line 2: the metadata is not a JSON object")
    return metadata


def build_tokenizer(subwords: list[str]) -> Tokenizer:
    """The TFDS pipeline around ``subwords``: its split, model and decoder."""
    model = SubwordTextEncoder(subwords)
    tokenizer = Tokenizer(model)
    tokenizer.pre_tokenizer = SubwordTextSplit(model.reserved)
    tokenizer.decoder = SubwordTextDecoder(model.pad_token, model.byte_tokens)
    return tokenizer


__all__ = ["build_tokenizer", "parse_subwords", "read_tfds_subwords"]
