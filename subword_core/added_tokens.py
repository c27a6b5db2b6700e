"""Added tokens: strings the tokenizer cuts out of the text before the model sees it.

An :class:`AddedToken` (``[CLS]``, ``<|endoftext|>``, a user's domain word) is never
split by the model. :class:`AddedVocabulary` finds them in two passes, exactly as
Hugging Face ``tokenizers``' ``AddedVocabulary::extract_and_normalize`` does:

1. tokens with ``normalized=False`` are matched in the raw text;
2. every remaining piece is normalized, then tokens with ``normalized=True`` are
   matched in the normalized piece (against their own normalized form).

Matching is leftmost-longest over all candidates of a pass; a candidate rejected by
``single_word`` is skipped, never replaced by a shorter overlapping one. ``lstrip`` /
``rstrip`` widen a match over neighbouring whitespace, which then belongs to the token.

Example:
    >>> from subword_core.pretokenized import PreTokenizedString
    >>> vocab = AddedVocabulary()
    >>> vocab.add_tokens([AddedToken("[MASK]", lstrip=True)], model=None)
    1
    >>> [(s.normalized.normalized, s.tokens is not None)
    ...  for s in vocab.extract_and_normalize(None, "a [MASK]!").splits]
    [('a', False), (' [MASK]', True), ('!', False)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import regex

from ._unicode import count_leading_whitespace, count_trailing_whitespace
from .normalized import NormalizedString
from .pretokenized import PreTokenizedString, Split, Token

Offsets = tuple[int, int]
Match = tuple[int | None, Offsets]  # (added token id or None, span in the piece)

# Rust regex's `\w`: Unicode "word" characters (UTS #18 annex C), which HF uses for single_word.
_WORD_CHAR = regex.compile(r"[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]")


class AddedToken:
    """A token added on top of the model's vocabulary (HF ``tokenizers.AddedToken``).

    Args:
        content: The exact text of the token.
        single_word: Only match when not inside a word (no word character on either side).
        lstrip: Also take every whitespace on the left of a match.
        rstrip: Also take every whitespace on the right of a match.
        normalized: Match against the normalized text (default: ``not special``).
        special: Skipped by ``decode(..., skip_special_tokens=True)``.

    Example:
        >>> AddedToken("<eos>", special=True)
        AddedToken("<eos>", rstrip=False, lstrip=False, single_word=False, normalized=False, special=True)
    """

    __slots__ = ("content", "single_word", "lstrip", "rstrip", "_normalized", "special")

    def __init__(
        self,
        content: str = "",
        single_word: bool = False,
        lstrip: bool = False,
        rstrip: bool = False,
        normalized: bool | None = None,
        special: bool = False,
    ) -> None:
        if not isinstance(content, str):
            raise TypeError(f"AddedToken content must be str, got {type(content).__name__}")
        self.content = content
        self.single_word = bool(single_word)
        self.lstrip = bool(lstrip)
        self.rstrip = bool(rstrip)
        # subtle: an unset `normalized` follows `special`, even if `special` changes later (HF).
        self._normalized = None if normalized is None else bool(normalized)
        self.special = bool(special)

    @property
    def normalized(self) -> bool:
        return (not self.special) if self._normalized is None else self._normalized

    @normalized.setter
    def normalized(self, value: bool) -> None:
        self._normalized = bool(value)

    def as_special(self) -> AddedToken:
        """A copy marked special; an unset ``normalized`` stays unset (so it follows ``special``)."""
        return AddedToken(self.content, self.single_word, self.lstrip, self.rstrip,
                          self._normalized, special=True)

    def resolved(self) -> AddedToken:
        """A copy with every option explicit (what the vocabulary stores)."""
        return AddedToken(
            self.content, self.single_word, self.lstrip, self.rstrip, self.normalized, self.special
        )

    def to_dict(self) -> dict[str, Any]:
        """The fields HF writes for an added token (without its ``id``)."""
        return {
            "content": self.content,
            "single_word": self.single_word,
            "lstrip": self.lstrip,
            "rstrip": self.rstrip,
            "normalized": self.normalized,
            "special": self.special,
        }

    def _key(self) -> tuple:
        return (self.content, self.single_word, self.lstrip, self.rstrip, self.normalized,
                self.special)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AddedToken) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self.content)

    def __str__(self) -> str:
        return self.content

    def __repr__(self) -> str:
        return (
            f'AddedToken("{self.content}", rstrip={self.rstrip}, lstrip={self.lstrip}, '
            f"single_word={self.single_word}, normalized={self.normalized}, "
            f"special={self.special})"
        )


class _Matcher:
    """Leftmost-longest search for a set of literal patterns (HF uses Aho-Corasick).

    The patterns become one regex shaped like a trie: at every node the children start
    with distinct characters and ending early is a greedy optional group, so the regex
    engine's first match at the leftmost position is also the longest one there. A set
    nesting too deeply for the regex compiler (e.g. "a", "aa", ..., "a" * 500) is
    searched by walking the trie in Python instead.
    """

    __slots__ = ("_regex", "_ids", "_trie", "_starts")

    MAX_NESTING = 100  # the `regex` compiler recurses per group; ~200 levels overflow it

    def __init__(self, patterns: dict[str, int]) -> None:
        self._ids = patterns
        self._trie = _build_trie(patterns)
        try:
            self._regex = regex.compile(_node_regex(self._trie, 0))
        except (_TooDeep, RecursionError, regex.error):
            self._regex = None
            first_chars = "".join(regex.escape(c) for c in self._trie)
            self._starts = regex.compile(f"[{first_chars}]")

    def may_match(self, text: str) -> bool:
        """False only if no pattern occurs in ``text`` (one regex search, no match objects kept)."""
        return (self._regex or self._starts).search(text) is not None

    def finditer(self, text: str):
        """Yield ``(id, start, end)`` for each leftmost-longest, non-overlapping match."""
        ids = self._ids
        if self._regex is not None:
            for m in self._regex.finditer(text):
                yield ids[m.group()], m.start(), m.end()
            return
        position = 0
        while (candidate := self._starts.search(text, position)) is not None:
            start = candidate.start()
            end = self._longest_at(text, start)
            if end is None:
                position = start + 1
                continue
            yield ids[text[start:end]], start, end
            position = end

    def _longest_at(self, text: str, start: int) -> int | None:
        node, end = self._trie, None
        for i in range(start, len(text)):
            node = node.get(text[i])
            if node is None:
                break
            if "" in node:
                end = i + 1
        return end


class _TooDeep(Exception):
    pass


def _build_trie(patterns: Iterable[str]) -> dict:
    trie: dict = {}
    for pattern in patterns:
        node = trie
        for c in pattern:
            node = node.setdefault(c, {})
        node[""] = {}  # end-of-pattern marker
    return trie


@functools.lru_cache(maxsize=4096)
def _escape(char: str) -> str:
    # Tries escape one character at a time, mostly the same few: `regex.escape` is Python code.
    return regex.escape(char)


def _node_regex(node: dict, depth: int) -> str:
    if depth > _Matcher.MAX_NESTING:
        raise _TooDeep
    parts: list[str] = []
    # Follow single-child chains iteratively so long tokens do not deepen the nesting.
    while len(node) == 1 and "" not in node:
        (c, node), = node.items()
        parts.append(_escape(c))
    terminal = "" in node
    branches = [_escape(c) + _node_regex(child, depth + 1)
                for c, child in node.items() if c != ""]
    if branches:
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        parts.append(f"(?:{body})?" if terminal else body)
    return "".join(parts)


class AddedVocabulary:
    """The added tokens of a tokenizer, their ids, and the two matching passes.

    Ids: a token already in the model's vocabulary keeps the model's id; a new one gets
    the next free id after both the model's vocabulary and earlier added tokens.
    """

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}  # content -> id
        self._tokens: dict[int, AddedToken] = {}  # id -> token (options resolved)
        self._special: set[str] = set()
        self._normalized_forms: dict[int, str] = {}  # id -> normalizer output, when different
        # (raw matcher, normalized matcher), built on first use: compiling the matchers
        # of a tokenizer with a thousand added tokens takes longer than reading them.
        self._matchers: tuple[_Matcher | None, _Matcher | None] | None = None
        self.encode_special_tokens = False

    def __len__(self) -> int:
        return len(self._ids)

    def get_vocab(self) -> dict[str, int]:
        return dict(self._ids)

    def get_added_tokens_decoder(self) -> dict[int, AddedToken]:
        return {i: self._tokens[i].resolved() for i in sorted(self._tokens)}

    def token_to_id(self, token: str, model) -> int | None:
        found = self._ids.get(token)
        if found is None and model is not None:
            found = model.token_to_id(token)
        return found

    def simple_id_to_token(self, id: int) -> str | None:
        """The string an added token decodes from: its normalized form when it has one."""
        token = self._tokens.get(id)
        if token is None:
            return None
        return self._normalized_forms.get(id, token.content)

    def is_special_token(self, token: str) -> bool:
        return token in self._special

    # ------------------------------------------------------------------ adding
    def add_tokens(self, tokens: Iterable[AddedToken], model, normalizer=None) -> int:
        """Add ``tokens``; return how many were not already present with identical options."""
        vocab_size = model.get_vocab_size() if model is not None else 0
        next_id = self._first_free_id(vocab_size)
        total = ignored = 0
        for token in tokens:
            total += 1
            token = token.resolved()
            existing = self._ids.get(token.content)
            if not token.content or (existing is not None and self._tokens.get(existing) == token):
                ignored += 1
                continue
            new_id = self.token_to_id(token.content, model)
            if new_id is None:
                new_id, next_id = next_id, next_id + 1
            if token.normalized and normalizer is not None:
                normed = normalizer.normalize_str(token.content)
                if normed != token.content:
                    self._normalized_forms[new_id] = normed
            self._ids[token.content] = new_id
            if token.special:
                # subtle: HF never removes a content from the special set, even if re-added.
                self._special.add(token.content)
            self._tokens[new_id] = token
        self._rebuild_matchers()
        return total - ignored

    def _first_free_id(self, vocab_size: int) -> int:
        if not self._tokens:
            return vocab_size
        highest = max(self._tokens)
        return highest + 1 if highest >= vocab_size or vocab_size == 0 else vocab_size

    def refresh_normalized_tokens(self, normalizer) -> None:
        """Recompute normalized forms after the tokenizer's normalizer changed."""
        self._normalized_forms.clear()
        if normalizer is not None:
            for id_, token in self._tokens.items():
                if token.normalized:
                    normed = normalizer.normalize_str(token.content)
                    if normed != token.content:
                        self._normalized_forms[id_] = normed
        self._rebuild_matchers()

    def _rebuild_matchers(self) -> None:
        self._matchers = None  # rebuilt by the next match

    @property
    def _raw_matcher(self) -> _Matcher | None:
        return (self._matchers or self._build_matchers())[0]

    @property
    def _normalized_matcher(self) -> _Matcher | None:
        return (self._matchers or self._build_matchers())[1]

    def may_match(self, text: str, normalized: bool = False) -> bool:
        """False only if no added token of the pass can occur in ``text``: the raw tokens',
        or with ``normalized`` the normalized ones' (``text`` is then the normalizer's output).

        One regex search and no match kept: the encoders' test before cutting a text.
        """
        matcher = (self._matchers or self._build_matchers())[1 if normalized else 0]
        return matcher is not None and matcher.may_match(text)

    @property
    def has_normalized_tokens(self) -> bool:
        """Whether some added tokens are matched in the normalized text (HF's second pass)."""
        return (self._matchers or self._build_matchers())[1] is not None

    def _build_matchers(self) -> tuple[_Matcher | None, _Matcher | None]:
        raw: dict[str, int] = {}
        normalized: dict[str, int] = {}
        # Sorted ids: when two tokens share a pattern the lowest id wins. HF picks one
        # arbitrarily (its hash map order), so any fixed choice is as faithful.
        for id_ in sorted(self._tokens, reverse=True):
            token = self._tokens[id_]
            if token.normalized:
                normalized[self._normalized_forms.get(id_, token.content)] = id_
            else:
                raw[token.content] = id_
        matchers = (_Matcher(raw) if raw else None,
                    _Matcher(normalized) if normalized else None)
        self._matchers = matchers
        return matchers

    # ----------------------------------------------------------------- matching
    def find_matches(self, sentence: str, matcher: _Matcher | None) -> list[Match]:
        """Cut ``sentence`` into ``(id or None, (start, end))`` pieces covering all of it."""
        if not sentence:
            return [(None, (0, 0))]
        if matcher is None:
            return [(None, (0, len(sentence)))]
        pieces: list[Match] = []
        start_offset = 0
        for id_, start, stop in matcher.finditer(sentence):
            token = self._tokens[id_]
            if self.encode_special_tokens and token.content in self._special:
                continue
            if token.single_word and not _is_single_word(sentence, start, stop):
                continue
            if token.lstrip:
                # Whitespace already taken by the previous match stays with it.
                start = max(start - count_trailing_whitespace(sentence[:start]), start_offset)
            if token.rstrip:
                stop += count_leading_whitespace(sentence[stop:])
            if start_offset < start:
                pieces.append((None, (start_offset, start)))
            pieces.append((id_, (start, stop)))
            start_offset = stop
        if start_offset != len(sentence):
            pieces.append((None, (start_offset, len(sentence))))
        return pieces

    def cut(self, text: str, normalized: bool) -> list[tuple[int | None, int, int]]:
        """``(added token id or None, start, end)`` for each non-empty piece of ``text``.

        The raw tokens' matches when ``normalized`` is false, else the normalized ones':
        the splits of one pass of :meth:`extract_and_normalize`.
        """
        matcher = self._normalized_matcher if normalized else self._raw_matcher
        if matcher is None or not matcher.may_match(text):
            return [(None, 0, len(text))] if text else []
        return [(id_, s, e) for id_, (s, e) in self.find_matches(text, matcher) if s < e]

    def _split(self, normalized: NormalizedString, matcher: _Matcher | None) -> list[Split]:
        splits = []
        for id_, (start, stop) in self.find_matches(normalized.normalized, matcher):
            piece = normalized.slice_normalized(start, stop)
            if piece is None:  # pragma: no cover - find_matches only yields valid spans
                continue
            tokens = None
            if id_ is not None:
                tokens = [Token(id_, piece.normalized, (0, len(piece.normalized)))]
            splits.append(Split(piece, tokens))
        return splits

    def extract_and_normalize(self, normalizer, sequence: str) -> PreTokenizedString:
        """Split off added tokens and normalize everything else (HF's two passes)."""
        pretokenized = PreTokenizedString(sequence)
        # 1. tokens that match the raw text
        pretokenized.split(lambda _, piece: self._split(piece, self._raw_matcher))

        # 2. normalize each remaining piece, then match the normalized tokens inside it
        def normalize_then_split(_: int, piece: NormalizedString) -> list[Split]:
            if normalizer is not None:
                normalizer.normalize(piece)
            return self._split(piece, self._normalized_matcher)

        pretokenized.split(normalize_then_split)
        return pretokenized

    # ------------------------------------------------------------ serialization
    def to_list(self) -> list[dict[str, Any]]:
        """The ``added_tokens`` array of ``tokenizer.json``: ascending ids."""
        return [{"id": i, **self._tokens[i].to_dict()} for i in sorted(self._tokens)]


def _is_single_word(sentence: str, start: int, stop: int) -> bool:
    # A match is a single word when no word character touches it on either side.
    left_ok = start == 0 or not _WORD_CHAR.match(sentence, start - 1)
    right_ok = stop == len(sentence) or not _WORD_CHAR.match(sentence, stop)
    return left_ok and right_ok
