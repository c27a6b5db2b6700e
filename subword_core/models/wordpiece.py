"""WordPiece: greedy longest-match-first over the vocabulary (HF ``models/wordpiece``).

From the start of the word, take the longest vocabulary entry that matches; every piece
after the first is looked up with ``continuing_subword_prefix`` ("##"). If some position
matches nothing, or the word is longer than ``max_input_chars_per_word`` characters, the
*whole word* becomes the unknown token. :meth:`WordPiece.match_trace` records each
greedy step for the teaching views.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..components import Model, register
from ..errors import EncodingError, TokenizerFileError
from ..text.pretokenized import Token
from ._files import WordPieceFiles, read_vocab_txt, vocab_from_path
from ._vocab import CachedWords, VocabLookups, WordCache, check_vocab, ordered_vocab, reverse_vocab

_CACHE_CAPACITY = 10000
# Token(...) goes through a Python-level __new__; this skips it (as in bpe.py).
_new_token = tuple.__new__
_KEY = 3  # how many first chars index the longest-match table (see _update_max_lengths)


@dataclass(frozen=True, slots=True)
class MatchStep:
    """One greedy step at ``start``: candidates tried longest first, and the match if any."""

    start: int
    tried: tuple[str, ...]
    match: str | None
    end: int | None


@dataclass(frozen=True, slots=True)
class MatchTrace:
    """How one word was cut. ``reason``: "empty", "matched", "too_long" or "no_match"."""

    word: str
    steps: tuple[MatchStep, ...]
    tokens: tuple[Token, ...]
    is_unk: bool
    reason: str


@register("model")
class WordPiece(CachedWords, VocabLookups, WordPieceFiles, Model):
    """Greedy longest-match-first subword model (BERT).

    Args:
        vocab: token -> id.
        unk_token: the token a word becomes when it cannot be spelled.
        max_input_chars_per_word: longer words become ``unk_token`` directly.
        continuing_subword_prefix: marks pieces that continue a word.

    Example:
        >>> wp = WordPiece({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3})
        >>> [(t.value, t.offsets) for t in wp.tokenize("unaffable")]
        [('un', (0, 2)), ('##aff', (2, 5)), ('##able', (5, 9))]
    """

    def __init__(
        self,
        vocab: dict[str, int] | None = None,
        unk_token: str = "[UNK]",
        max_input_chars_per_word: int = 100,
        continuing_subword_prefix: str = "##",
    ) -> None:
        if isinstance(vocab, str) or hasattr(vocab, "__fspath__"):  # HF also takes a file name
            vocab = vocab_from_path(vocab, WordPiece.read_file)
        self._cache = WordCache(_CACHE_CAPACITY)
        self._vocab = check_vocab(vocab, "WordPiece")
        self._vocab_r = reverse_vocab(self._vocab)
        self.unk_token = unk_token
        self.max_input_chars_per_word = max_input_chars_per_word
        self.continuing_subword_prefix = continuing_subword_prefix

    @classmethod
    def from_file(cls, vocab: str | os.PathLike, **kwargs: Any) -> WordPiece:
        """A WordPiece model from a ``vocab.txt`` (HF's); ``kwargs`` are its options.

        Raises:
            TokenizerFileError: the file is missing or unreadable (the message names it).
        """
        return cls(cls.read_file(vocab), **kwargs)

    @staticmethod
    def read_file(vocab: str | os.PathLike) -> dict[str, int]:
        """token -> id (its line number) from a ``vocab.txt`` (HF's)."""
        return read_vocab_txt(vocab)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in ("unk_token", "max_input_chars_per_word", "continuing_subword_prefix"):
            self._cache.clear()
            if name == "continuing_subword_prefix":
                self._update_max_lengths()

    def _update_max_lengths(self) -> None:
        # The longest possible match given the candidate's first chars, so the greedy loop
        # need not try longer substrings (most of them, for rare words): for a piece that
        # starts the word, and for the rest of a continuing (prefixed) piece.
        prefix = self.continuing_subword_prefix
        self._max_first = _longest_by_start(self._vocab)
        self._max_next = _longest_by_start(
            t[len(prefix):] for t in self._vocab if t.startswith(prefix)
        )

    def __repr__(self) -> str:
        return Model.__repr__(self)  # HF's text, as every component's (not model_repr's)

    def _tokenize(self, word: str) -> list[Token]:
        """Pieces of one word, or a single unknown token covering it (cached by
        :class:`CachedWords`)."""
        ends = self._piece_ends(word)
        if ends is None:
            return [self._unk(len(word))]
        vocab, prefix = self._vocab, self.continuing_subword_prefix
        tokens, start = [], 0
        for end in ends:
            piece = word[start:end] if not start else prefix + word[start:end]
            tokens.append(_new_token(Token, (vocab[piece], piece, (start, end))))
            start = end
        return tokens

    def tiled_columns(self, word: str) -> tuple[tuple, tuple, tuple, tuple]:
        """``tokenize(word)`` as columns (ids, values, starts, ends), for the tokenizer's
        fast path: WordPiece's tokens always cover the word end to end, in order. The
        word cache is left alone (the fast path caches whole pieces itself)."""
        ends = self._piece_ends(word)
        if ends is None:
            unk = self._unk(len(word))
            return (unk.id,), (unk.value,), (0,), (len(word),)
        if not ends:
            return (), (), (), ()
        prefix = self.continuing_subword_prefix
        starts = (0, *ends[:-1])
        values = (word[:ends[0]], *[prefix + word[s:e] for s, e in zip(starts[1:], ends[1:])])
        return tuple(map(self._vocab.__getitem__, values)), values, starts, tuple(ends)

    def _piece_ends(self, word: str) -> list[int] | None:
        """Where each greedy longest match ends, or None when the word is unknown."""
        n = len(word)
        if n > self.max_input_chars_per_word:
            return None
        vocab, prefix = self._vocab, self.continuing_subword_prefix
        max_next = self._max_next
        # Candidates of up to _KEY - 1 chars are always tried; longer ones only up to
        # the longest vocabulary entry with the same first _KEY chars.
        end = min(n, max(self._max_first.get(word[:_KEY], 0), _KEY - 1))
        while end > 0 and word[:end] not in vocab:
            end -= 1
        if not end and n:
            return None
        ends = [end] if n else []
        start = end
        while start < n:
            end = min(n, start + max(max_next.get(word[start:start + _KEY], 0), _KEY - 1))
            while end > start and prefix + word[start:end] not in vocab:
                end -= 1
            if end == start:
                return None
            ends.append(end)
            start = end
        return ends

    def _unk(self, length: int) -> Token:
        unk_id = self._vocab.get(self.unk_token)
        if unk_id is None:
            raise EncodingError(f"WordPiece unk token {self.unk_token!r} is not in the vocabulary")
        return Token(unk_id, self.unk_token, (0, length))

    def match_trace(self, word: str) -> MatchTrace:
        """Each greedy step, with every candidate HF tries (longest first).

        Example:
            >>> wp = WordPiece({"[UNK]": 0, "a": 1, "##b": 2})
            >>> [step.tried for step in wp.match_trace("ab").steps]
            [('ab', 'a'), ('##b',)]
        """
        n = len(word)
        if not word:
            return MatchTrace(word, (), (), False, "empty")
        if n > self.max_input_chars_per_word:
            return MatchTrace(word, (), (self._unk(n),), True, "too_long")
        steps, start = [], 0
        while start < n:
            step = self._match_step(word, start)
            steps.append(step)
            if step.end is None:
                return MatchTrace(word, tuple(steps), (self._unk(n),), True, "no_match")
            start = step.end
        return MatchTrace(word, tuple(steps), tuple(self._tokenize(word)), False, "matched")

    def _match_step(self, word: str, start: int) -> MatchStep:
        prefix = self.continuing_subword_prefix if start else ""
        tried = []
        for end in range(len(word), start, -1):
            candidate = prefix + word[start:end]
            tried.append(candidate)
            if candidate in self._vocab:
                return MatchStep(start, tuple(tried), candidate, end)
        return MatchStep(start, tuple(tried), None, None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "WordPiece",
            "unk_token": self.unk_token,
            "continuing_subword_prefix": self.continuing_subword_prefix,
            "max_input_chars_per_word": self.max_input_chars_per_word,
            "vocab": ordered_vocab(self._vocab_r),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WordPiece:
        """Read HF's model object; missing options take HF's defaults."""
        if data.get("type", "WordPiece") != "WordPiece":
            raise TokenizerFileError(f"expected a WordPiece model, got type {data.get('type')!r}")
        unk = data.get("unk_token", "[UNK]")
        prefix = data.get("continuing_subword_prefix", "##")
        max_chars = data.get("max_input_chars_per_word", 100)
        if not isinstance(unk, str) or not isinstance(prefix, str):
            raise TokenizerFileError("WordPiece unk_token and continuing_subword_prefix must be strings")
        if isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 0:
            raise TokenizerFileError(f"WordPiece max_input_chars_per_word {max_chars!r} is invalid")
        return cls(data.get("vocab"), unk, max_chars, prefix)  # __init__ checks the vocab


def _longest_by_start(tokens) -> dict[str, int]:
    """Length of the longest token of at least _KEY chars, per first _KEY chars."""
    longest: dict[str, int] = {}
    for token in tokens:
        if len(token) >= _KEY:
            key = token[:_KEY]
            if len(token) > longest.get(key, 0):
                longest[key] = len(token)
    return longest
