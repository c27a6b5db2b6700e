"""Read Mistral's ``tekken.json`` as the byte-level BPE that ``mistral-common``'s
``Tekkenizer`` encodes with.

A ``tekken.json`` holds:

- ``config``: ``pattern`` (the tiktoken split pattern), ``default_vocab_size`` (regular
  plus special tokens), ``default_num_special_tokens``, ``version`` (``"v3"``, ``"v7"``…);
- ``vocab``: ``{"rank", "token_bytes" (base64), "token_str"}`` in rank order; ranks 0..255
  are the 256 single bytes;
- ``special_tokens`` (newer files): ``{"rank", "token_str", "is_control"}``; files of
  version v7 and older may leave them out and get Mistral's built-in list;
- sometimes ``image`` / ``audio`` settings (not about text: ignored here).

What ``Tekkenizer`` does, and this reader with it (``mistral_common/tokens/tokenizers/
tekken.py``):

1. the regular vocabulary is cut to its first ``default_vocab_size -
   default_num_special_tokens`` tokens;
2. the special tokens take ids ``0..n-1`` (the list is padded with ``<SPECIAL_i>`` up to
   ``default_num_special_tokens``), and every regular id is its rank plus ``n``;
3. text is split by ``pattern`` and each piece is encoded by rank, as tiktoken does
   (the pipeline of :func:`.tiktoken.build_tokenizer`);
4. special tokens are control tokens, never read from text: a user who types ``<s>`` or
   ``[INST]`` gets the tokens of those characters (Mistral's special-token policy). They
   are in the vocabulary (ids, decoding) but not among the added tokens;
5. ``encode(..., add_special_tokens=True)`` prepends ``<s>``, as ``Tekkenizer.encode(text,
   bos=True, eos=False)`` does for a request.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import json
import os
import re
from typing import Any

import regex

from .. import processors
from ..errors import TokenizerFileError
from ..serialization import read_text
from ..text.gpt2_bytes import bytes_to_unicode
from . import Opened, Source
from .tiktoken import build_tokenizer

FORMAT = "tekken"
#: ``Tekkenizer.DEPRECATED_SPECIAL_TOKENS``: the special tokens of files (v7 and older)
#: that do not list their own, in id order.
DEFAULT_SPECIAL_TOKENS = (
    "<unk>", "<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]",
    "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[TOOL_CALLS]", "[IMG]", "<pad>", "[IMG_BREAK]",
    "[IMG_END]", "[PREFIX]", "[MIDDLE]", "[SUFFIX]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]",
    "[TOOL_CONTENT]",
)
#: mistral-common 1.13's ``TokenizerVersion``; a later ``vN`` opens with a note.
KNOWN_VERSIONS = ("v1", "v2", "v3", "v7", "v11", "v13", "v15")
_FILLER = "<SPECIAL_{}>"
_BYTE_CHARS = "".join(char for _, char in sorted(bytes_to_unicode().items()))
_VOCAB_KEYS = {"rank", "token_bytes", "token_str"}


def read_tekken(path: str | os.PathLike) -> Opened:
    """Open a ``tekken.json`` as ``Tekkenizer`` encodes it.

    Raises:
        TokenizerFileError: not JSON, a missing or mistyped field, an unknown version, a
            vocabulary entry out of order or not base64, too few tokens for
            ``default_vocab_size``, repeated special tokens, a pattern that does not compile
            (one line, naming the file).
    """
    name = os.fspath(path)
    data = _parse(read_text(path), name)
    config = _config(data, name)
    notes: list[str] = []
    version = config["version"]
    if version not in KNOWN_VERSIONS:
        notes.append(f"version {version} is newer than mistral-common 1.13 knows")
    specials = _special_tokens(data, config, name)
    n_special = config["default_num_special_tokens"]
    inner_size = config["default_vocab_size"] - n_special
    vocab = data["vocab"]
    if inner_size < 0 or len(vocab) < inner_size:
        raise TokenizerFileError(
            f"{name}: default_vocab_size {config['default_vocab_size']:,} needs "
            f"{max(inner_size, 0):,} regular tokens after {n_special:,} special ones; "
            f"the vocab has {len(vocab):,}")
    if len(vocab) > inner_size:
        notes.append(f"vocabulary cut to its first {inner_size:,} of {len(vocab):,} tokens "
                     f"(default_vocab_size {config['default_vocab_size']:,})")
    tokens = _regular_tokens(vocab[:inner_size], name)
    control = {token: i for i, token in enumerate(specials)}
    _check_control_tokens(control, set(tokens), config["pattern"], name)
    tokenizer = build_tokenizer(tokens, list(range(n_special, n_special + inner_size)),
                                config["pattern"], control, name, match_specials=False)
    if "<s>" in control:
        tokenizer.post_processor = processors.Sequence([
            processors.ByteLevel(trim_offsets=False),
            processors.TemplateProcessing("<s> $A", "<s> $A $B", [("<s>", control["<s>"])]),
        ])
    description = (f"Tekken byte-level BPE ({version}), {inner_size:,} tokens + "
                   f"{n_special:,} control tokens")
    notes.append("control tokens (<s>, [INST]…) are never read from text, as in mistral-common")
    return Opened(tokenizer, Source(name, FORMAT, description, tuple(notes)))


def _parse(text: str, name: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise TokenizerFileError(f"{name}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise TokenizerFileError(f"{name}: a tekken.json holds an object, not a "
                                 f"{type(data).__name__}")
    for key, kind in (("config", dict), ("vocab", list)):
        if not isinstance(data.get(key), kind):
            raise TokenizerFileError(f"{name}: a tekken.json needs a \"{key}\" "
                                     f"{'object' if kind is dict else 'list'}")
    return data


def _config(data: dict[str, Any], name: str) -> dict[str, Any]:
    config = data["config"]
    for key, kind in (("pattern", str), ("default_vocab_size", int),
                      ("default_num_special_tokens", int), ("version", str)):
        value = config.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise TokenizerFileError(f"{name}: config.{key} is missing or not "
                                     f"{'a string' if kind is str else 'an integer'}")
    if not re.fullmatch(r"v[0-9]+", config["version"]):
        raise TokenizerFileError(f"{name}: unknown version {config['version']!r} "
                                 f"(one of {', '.join(KNOWN_VERSIONS)})")
    if config["default_num_special_tokens"] < 0:
        raise TokenizerFileError(f"{name}: config.default_num_special_tokens is negative")
    try:
        regex.compile(config["pattern"])
    except regex.error as exc:
        raise TokenizerFileError(f"{name}: config.pattern does not compile ({exc})") from None
    return config


def _special_tokens(data: dict[str, Any], config: dict[str, Any], name: str) -> list[str]:
    """The special tokens in id order, padded with ``<SPECIAL_i>`` as Tekkenizer pads them."""
    listed = data.get("special_tokens")
    if listed is None:
        if int(config["version"][1:]) > 7:
            raise TokenizerFileError(f"{name}: no special_tokens (required after version v7; "
                                     f"this file is {config['version']})")
        tokens = list(DEFAULT_SPECIAL_TOKENS)
    else:
        if not isinstance(listed, list):
            raise TokenizerFileError(f"{name}: special_tokens is not a list")
        tokens = []
        for index, entry in enumerate(listed):
            if (not isinstance(entry, dict) or entry.get("rank") != index
                    or not isinstance(entry.get("token_str"), str)):
                raise TokenizerFileError(f"{name}: special_tokens[{index}] must be "
                                         f"{{\"rank\": {index}, \"token_str\": …}}")
            tokens.append(entry["token_str"])
    n_special = config["default_num_special_tokens"]
    if len(tokens) > n_special:
        raise TokenizerFileError(f"{name}: {len(tokens):,} special tokens, more than "
                                 f"default_num_special_tokens ({n_special:,})")
    tokens += [_FILLER.format(i) for i in range(len(tokens), n_special)]
    if len(set(tokens)) != len(tokens):
        seen = set()
        repeated = next(t for t in tokens if t in seen or seen.add(t))
        raise TokenizerFileError(f"{name}: special token {repeated!r} appears twice")
    return tokens


def _regular_tokens(vocab: list[Any], name: str) -> list[str]:
    """The tokens as GPT-2 byte characters, checked as ``_reload_mergeable_ranks`` checks."""
    tokens = []
    for index, entry in enumerate(vocab):
        if not isinstance(entry, dict) or entry.keys() != _VOCAB_KEYS or entry["rank"] != index:
            raise TokenizerFileError(f"{name}: vocab[{index}] must be {{\"rank\": {index}, "
                                     f"\"token_bytes\", \"token_str\"}}")
        try:
            raw = base64.b64decode(entry["token_bytes"], validate=True)
        except (binascii.Error, TypeError, ValueError):
            raise TokenizerFileError(f"{name}: vocab[{index}].token_bytes is not base64: "
                                     f"{str(entry['token_bytes'])[:40]!r}") from None
        if index < 256 and raw != bytes([index]):
            raise TokenizerFileError(f"{name}: vocab[{index}] must be the single byte "
                                     f"{index}, not {raw[:20]!r}")
        tokens.append(codecs.charmap_decode(raw, "strict", _BYTE_CHARS)[0])
    if len(set(tokens)) != len(tokens):
        seen: dict[str, int] = {}
        for index, token in enumerate(tokens):
            if token in seen:
                raise TokenizerFileError(f"{name}: vocab[{seen[token]}] and vocab[{index}] "
                                         f"have the same bytes")
            seen[token] = index
    return tokens


def _check_control_tokens(control: dict[str, int], regular: set[str], pattern: str,
                          name: str) -> None:
    """Control tokens live in the model's vocabulary under their text; that is safe only if
    no regular token has the same (byte-character) string and no text splits into exactly
    that piece (the model takes a piece that is itself in the vocabulary whole)."""
    to_bytes = {char: byte for byte, char in bytes_to_unicode().items()}
    split = regex.compile(pattern)
    for token in control:
        if token in regular:
            raise TokenizerFileError(f"{name}: control token {token!r} is also a regular "
                                     f"token's text")
        if all(char in to_bytes for char in token):
            try:
                text = bytes(to_bytes[char] for char in token).decode("utf-8")
            except UnicodeDecodeError:
                continue  # no text gives this piece
            if split.findall(text) == [text]:
                raise TokenizerFileError(
                    f"{name}: control token {token!r} is one piece of the split pattern, so "
                    f"typed text could become it; not supported")


__all__ = ["DEFAULT_SPECIAL_TOKENS", "KNOWN_VERSIONS", "read_tekken"]
