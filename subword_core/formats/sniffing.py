"""Tell a tokenizer file from a corpus by its first bytes: :func:`sniff_tokenizer_file`.

A file dropped on the window is either a tokenizer to open or text to count, and its
name often does not say which (``bert-base-uncased-vocab.txt``, ``gpt2-merges.txt``,
``cl100k_base.tiktoken`` renamed ``ranks.txt``). :func:`subword_core.formats.detect_format`
answers a different question — *which* tokenizer format, for a file known to be one — and
takes any one-word-per-line text for a WordPiece vocabulary. The sniffer answers *whether*
the file is a tokenizer at all, from its first :data:`HEAD_BYTES`, and says so only when
the content is unmistakable: a word list, a TSV of labelled sentences, JSON lines or a
corpus of two-word lines must stay corpora.

==================  ===========================================================
kind                recognised by
==================  ===========================================================
``tokenizer.json``  a JSON object whose first key is one of tokenizer.json's
``vocab.json``      a JSON object of token -> distinct ids, small ones among them
``merges.txt``      ``#version`` header or pairs of short symbols, byte-level marks
``subword-nmt``     the same pairs with ``</w>`` or ``@@`` (subword-nmt codes, CLIP)
``wordpiece-vocab`` one distinct token per line with special tokens or ``##`` pieces
``sentencepiece``   a SentencePiece ``ModelProto`` (binary)
``sentencepiece-vocab``  ``piece<TAB>score`` lines starting with ``<unk>`` / ``<s>``
``tiktoken``        ``base64 rank`` lines
``tfds-subwords``   a ``### SubwordTextEncoder`` header
``tekken``          a JSON object starting with ``"config"`` (or ``"vocab"``) that
                    holds Tekken's ``default_vocab_size`` or ``token_bytes``
``gguf``            llama.cpp's ``GGUF`` magic and a version (binary)
==================  ===========================================================

Example:
    >>> sniff_tokenizer_bytes(b"[PAD]\\n[UNK]\\n[CLS]\\n[SEP]\\nthe\\n##s\\n")
    'wordpiece-vocab'
    >>> sniff_tokenizer_bytes(b"the\\ncat\\nsat\\non\\nthe\\nmat\\n") is None
    True
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
from pathlib import Path

#: How much of a file is read to decide.
HEAD_BYTES = 1 << 16
#: Every kind :func:`sniff_tokenizer_file` returns, with what it means for people.
KINDS = {
    "tokenizer.json": "a tokenizer.json",
    "vocab.json": "a BPE vocab.json",
    "merges.txt": "a BPE merges.txt",
    "subword-nmt": "subword-nmt codes",
    "wordpiece-vocab": "a WordPiece vocab.txt",
    "sentencepiece": "a SentencePiece .model",
    "sentencepiece-vocab": "a SentencePiece .vocab",
    "tiktoken": "a .tiktoken rank file",
    "tfds-subwords": "a TFDS .subwords file",
    "tekken": "a Mistral tekken.json",
    "gguf": "a llama.cpp .gguf file",
}
#: The top-level keys of an HF tokenizer.json (in the order ``tokenizers`` writes them).
TOKENIZER_JSON_KEYS = ("version", "truncation", "padding", "added_tokens", "normalizer",
                       "pre_tokenizer", "post_processor", "decoder", "model")
#: Tokens that vocabularies hold and ordinary text does not (on a line of their own).
SPECIAL_TOKENS = {"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "<unk>", "<pad>", "<s>", "</s>",
                  "<mask>", "[unused0]", "<|endoftext|>"}
_SAMPLE_LINES = 2000
_MIN_LINES = 4  # fewer lines than this say nothing either way
_JSON_STRING = r'"(?:[^"\\]|\\.)*"'
_FIRST_KEY = re.compile(r'\s*\{\s*(' + _JSON_STRING + r')\s*:\s*(\S)')
_VOCAB_ENTRY = re.compile(r'\s*(' + _JSON_STRING + r')\s*:\s*(-?\d+)\s*([,}])')
_TIKTOKEN_LINE = re.compile(r"([A-Za-z0-9+/]+={0,2}) ([0-9]+)")
_SCORE = re.compile(r"-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")
_BYTE_LEVEL_MARKS = ("Ġ", "Ċ", "▁")
#: A tekken.json's first key, and what only a tekken.json holds near its start.
_TEKKEN_KEYS = ("config", "vocab", "special_tokens")
_TEKKEN_MARKS = ('"default_vocab_size"', '"token_bytes"')
_SUBWORD_NMT_MARKS = ("</w>", "@@")


def sniff_tokenizer_file(path: str | os.PathLike[str]) -> str | None:
    """What kind of tokenizer file ``path`` is (a key of :data:`KINDS`), or None for
    anything else: a corpus, a folder, a file that cannot be read."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD_BYTES)
        size = path.stat().st_size
    except OSError:
        return None
    return sniff_tokenizer_bytes(head, size)


def sniff_tokenizer_bytes(head: bytes, size: int | None = None) -> str | None:
    """:func:`sniff_tokenizer_file` on the first bytes of a file of ``size`` bytes
    (``len(head)``, the whole file, when None)."""
    size = len(head) if size is None else size
    if is_gguf(head):
        return "gguf"
    if is_model_proto(head, size):
        return "sentencepiece"
    text = _text(head, complete=size <= len(head))
    if text is None:
        return None
    if text.lstrip().startswith("{"):
        return _json_kind(text)
    lines = [line.rstrip("\r") for line in text.split("\n")[:_SAMPLE_LINES]]
    lines = [line for line in lines if line.strip()]
    if not lines:
        return None
    if lines[0].startswith("### SubwordTextEncoder"):
        return "tfds-subwords"
    for kind, check in (("tiktoken", _is_tiktoken), ("sentencepiece-vocab", _is_spm_vocab),
                        ("wordpiece-vocab", _is_wordpiece_vocab)):
        if check(lines):
            return kind
    return _merges_kind(lines)


# -- the checks ---------------------------------------------------------------------------
def _text(head: bytes, complete: bool) -> str | None:
    """The head as text, without a line (or character) cut by the read; None if binary."""
    if not complete:
        head = head[: head.rfind(b"\n") + 1] or head
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if complete or exc.start < len(head) - 4:
            return None
        text = head[: exc.start].decode("utf-8")  # a character cut by the read
    return None if "\x00" in text else text.lstrip("\ufeff")


def _json_kind(text: str) -> str | None:
    """tokenizer.json by its first key (a JSON-lines corpus starts with "text", "id"…);
    vocab.json by entries of token -> distinct ids."""
    first = _FIRST_KEY.match(text)
    if first is None:
        return None
    key, value_start = json.loads(first.group(1)), first.group(2)
    if key in TOKENIZER_JSON_KEYS and (key != "model" or value_start == "{"):
        return "tokenizer.json"
    if key in _TEKKEN_KEYS and any(mark in text for mark in _TEKKEN_MARKS):
        return "tekken"
    ids, pos = [], text.index("{") + 1
    while len(ids) < 50:
        entry = _VOCAB_ENTRY.match(text, pos)
        if entry is None:
            break
        ids.append(int(entry.group(2)))
        pos = entry.end()
        if entry.group(3) == "}":
            break
    # word counts repeat and are large; ids are distinct and a vocabulary starts near 0
    if len(ids) >= _MIN_LINES and len(set(ids)) == len(ids) and min(ids) >= 0 \
            and min(ids) < 1000:
        return "vocab.json"
    return None


def _is_tiktoken(lines: list[str]) -> bool:
    if len(lines) < _MIN_LINES:
        return False
    for line in lines[:200]:
        match = _TIKTOKEN_LINE.fullmatch(line)
        if match is None or len(match.group(1)) % 4:
            return False
        try:
            base64.b64decode(match.group(1), validate=True)
        except (binascii.Error, ValueError):
            return False
    return True


def _is_spm_vocab(lines: list[str]) -> bool:
    """``piece<TAB>score`` lines, the first ones SentencePiece's own (``<unk>``, ``<s>``)."""
    if len(lines) < _MIN_LINES or not any(line.split("\t")[0] in SPECIAL_TOKENS
                                          for line in lines[:4]):
        return False
    for line in lines[:200]:
        fields = line.split("\t")
        if len(fields) != 2 or not _SCORE.fullmatch(fields[1]):
            return False
    return True


def _is_wordpiece_vocab(lines: list[str]) -> bool:
    """One distinct token per line, and what only a vocabulary has: special tokens or at
    least 1% continuation pieces (``##s``). A word list has neither."""
    if len(lines) < _MIN_LINES or any(len(line.split()) != 1 for line in lines):
        return False
    tokens = [line.strip() for line in lines]
    if len(set(tokens)) != len(tokens):
        return False
    specials = sum(token in SPECIAL_TOKENS for token in tokens[:1000])
    pieces = sum(token.startswith("##") and len(token) > 2 for token in tokens)
    return specials >= 2 or pieces * 100 >= len(tokens)


def _merges_kind(lines: list[str]) -> str | None:
    """Merge rules: ``left right`` lines, distinct, of short symbols (the first merges join
    single characters) or marked as a tokenizer's (a header, byte-level or end-of-word
    marks). A corpus of two-word lines has long words and none of the marks."""
    header = lines[0].startswith("#version")
    pairs = lines[1:] if header else lines
    if len(pairs) < _MIN_LINES:
        return None
    if any(len(line.split(" ")) != 2 or not all(line.split(" ")) for line in pairs):
        return None
    if len(set(pairs)) != len(pairs):
        return None
    sample = pairs[:200]
    symbols = [s for line in sample for s in line.split(" ")]
    nmt = any(mark in s for s in symbols for mark in _SUBWORD_NMT_MARKS)
    marked = nmt or any(mark in s for s in symbols for mark in _BYTE_LEVEL_MARKS)
    short = sum(len(s) for s in symbols[:100]) <= 2.5 * len(symbols[:100])
    if not (header or marked or short):
        return None
    return "subword-nmt" if nmt else "merges.txt"


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    """A protobuf varint at ``pos``: ``(value, next position)``, or ``(-1, past the end)``."""
    value = shift = 0
    while pos < len(data) and shift <= 63:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
    return -1, len(data) + 1


def is_gguf(head: bytes) -> bool:
    """llama.cpp's GGUF: the magic ``GGUF`` and a version 1-3 (either byte order)."""
    if head[:4] != b"GGUF" or len(head) < 8:
        return False
    return int.from_bytes(head[4:8], "little") in (1, 2, 3) or \
        int.from_bytes(head[4:8], "big") in (1, 2, 3)


def is_model_proto(head: bytes, size: int) -> bool:
    """A SentencePiece ``ModelProto``: length-delimited fields 1-5 tiling the head, the
    first a piece (field 1) whose own field 1 is UTF-8 text."""
    if head[:1] != b"\x0a" or len(head) < 4:
        return False
    pos = fields = 0
    while pos < len(head):
        tag, pos = read_varint(head, pos)
        if tag < 0 or tag & 7 != 2 or not 1 <= tag >> 3 <= 5:
            return False
        length, start = read_varint(head, pos)
        if length < 0 or start + length > size:
            return False
        if fields == 0 and not _is_piece(head[start:start + length]):
            return False
        pos, fields = start + length, fields + 1
    return pos == size or pos >= len(head)


def _is_piece(data: bytes) -> bool:
    if data[:1] != b"\x0a":
        return False
    length, start = read_varint(data, 1)
    if length < 1 or start + length > len(data):
        return False
    try:
        data[start:start + length].decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


__all__ = ["HEAD_BYTES", "KINDS", "is_gguf", "sniff_tokenizer_bytes", "sniff_tokenizer_file"]
