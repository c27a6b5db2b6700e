"""Helpers shared by the models: vocabulary checks, HF's id-ordered JSON vocab, a word cache.

HF writes a ``{"token": id}`` vocabulary in id order (``OrderedVocabIter``): ids from 0 to
the largest, holes skipped, and one token per id when two tokens share an id. Reading is
the other way round and must turn every malformed value into a one-line
:class:`TokenizerFileError`.
"""

from __future__ import annotations

import struct
from itertools import islice
from collections.abc import Mapping
from typing import Any

from ..errors import TokenizerFileError

# HF caches only words shorter than this (bytes there, chars here: the cache is invisible).
CACHE_MAX_WORD = 256


def check_vocab(vocab: Any, model: str) -> dict[str, int]:
    """A ``{token: id}`` dict from ``vocab``; raise TokenizerFileError if it is not one."""
    if vocab is None:
        return {}
    if not isinstance(vocab, Mapping):
        raise TokenizerFileError(f"{model} vocab must be a JSON object of token -> id")
    if _plain_vocab(vocab):
        return dict(vocab)
    result: dict[str, int] = {}
    for token, index in vocab.items():
        if not isinstance(token, str) or isinstance(index, bool) or not isinstance(index, int):
            raise TokenizerFileError(f"{model} vocab entry {token!r}: {index!r} is not token -> id")
        if index < 0:
            raise TokenizerFileError(f"{model} vocab id {index} of {token!r} is negative")
        result[token] = index
    return result


def _plain_vocab(vocab: Mapping) -> bool:
    """Whether ``vocab`` is a dict of str -> non-negative int, checked a whole column at a time."""
    return (
        isinstance(vocab, dict)
        and set(map(type, vocab)) <= {str}
        and set(map(type, vocab.values())) <= {int}
        and min(vocab.values(), default=0) >= 0
    )


def reverse_vocab(vocab: dict[str, int]) -> dict[int, str]:
    """id -> token; when ids repeat, the token seen last wins (HF keeps an arbitrary one)."""
    return dict(zip(vocab.values(), vocab))


#: Items per step of :func:`chunked_dict`.
DICT_CHUNK = 20_000


def chunked_dict(keys: Any, values: Any) -> dict:
    """``dict(zip(keys, values))`` built ``DICT_CHUNK`` items per C call.

    One call over a large vocabulary or merge table (128k-280k items for Llama 3)
    holds the GIL for tens of milliseconds, and a GUI thread waiting for the GIL
    freezes that long; between two steps the interpreter can hand the GIL over.
    """
    result: dict = {}
    pairs = zip(keys, values)
    while True:
        size = len(result)
        result.update(islice(pairs, DICT_CHUNK))
        if len(result) - size < DICT_CHUNK:
            # a repeated key adds nothing: only an exhausted iterator ends the loop
            rest = list(islice(pairs, 1))
            if not rest:
                return result
            result.update(rest)


def ordered_vocab(vocab_r: dict[int, str]) -> dict[str, int]:
    """The vocabulary as HF serializes it: by increasing id, one token per id."""
    return {vocab_r[i]: i for i in sorted(vocab_r)}


def f32_json(value: float | None) -> float | None:
    """``value`` as HF writes an ``f32`` field: rounded to single precision, shortest form.

    Example:
        >>> f32_json(1 / 3)
        0.33333334
    """
    if value is None:
        return None
    as_f32 = struct.unpack("f", struct.pack("f", value))[0]
    for digits in range(1, 10):
        text = f"{as_f32:.{digits}g}"
        if struct.unpack("f", struct.pack("f", float(text)))[0] == as_f32:
            return float(text)
    return as_f32  # pragma: no cover - 9 significant digits always round-trip an f32


def model_repr(name: str, size: int, **options: Any) -> str:
    """A one-line repr that counts the vocabulary instead of printing it."""
    fields = ", ".join(f"{key}={value!r}" for key, value in options.items())
    return f"{name}(<{size} tokens>{', ' if fields else ''}{fields})"


class VocabLookups:
    """The vocabulary queries of models that keep ``_vocab`` (token -> id) and
    ``_vocab_r`` (id -> token)."""

    _vocab: dict[str, int]
    _vocab_r: dict[int, str]

    def token_to_id(self, token: str) -> int | None:
        return self._vocab.get(token)

    def id_to_token(self, id: int) -> str | None:
        return self._vocab_r.get(id)

    def get_vocab(self) -> dict[str, int]:
        return dict(self._vocab)

    def get_vocab_size(self) -> int:
        return len(self._vocab)


class CachedWords:
    """``tokenize`` through the model's :class:`WordCache` (``self._cache``); the model gives
    ``_tokenize(word)``. Also the tokenizer fast path's :meth:`piece_cache`."""

    _cache: WordCache

    def piece_cache(self, transform: object) -> dict:
        """The tokenizer fast path's cache of encoded pieces, emptied with the word cache."""
        return self._cache.pieces(transform)

    def clear_cache(self) -> None:
        self._cache.clear()

    def tokenize(self, sequence: str) -> list:
        hit = self._cache.get(sequence)
        if hit is not None:
            return list(hit)
        tokens = self._tokenize(sequence)
        self._cache.put(sequence, tokens)
        return tokens

    def _tokenize(self, word: str) -> list:
        raise NotImplementedError


class WordCache:
    """A bounded ``word -> tokens`` dict: like HF's cache, it stops inserting once full.

    It also holds the tokenizer fast path's caches (:meth:`pieces`), which depend on the
    model's options just as the word cache does, so :meth:`clear` empties them too.
    """

    __slots__ = ("_data", "capacity", "_pieces")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._data: dict[str, tuple] = {}
        self._pieces: dict[object, dict] = {}

    def get(self, word: str) -> tuple | None:
        return self._data.get(word)

    def put(self, word: str, tokens: list) -> None:
        if len(word) < CACHE_MAX_WORD and len(self._data) < self.capacity:
            self._data[word] = tuple(tokens)

    def pieces(self, transform: object) -> dict:
        """The fast path's ``piece -> encoded piece`` dict for one piece transform."""
        found = self._pieces.get(transform)
        if found is None:
            found = self._pieces[transform] = {}
        return found

    def clear(self) -> None:
        self._data.clear()
        self._pieces.clear()

    def __len__(self) -> int:
        return len(self._data)
