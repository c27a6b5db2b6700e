"""Encoding: the result of encoding one text (or a pair), with every token's offsets.

Offset conventions, used everywhere in this library and in the app:

- Offsets are ``(start, end)`` half-open **character** indices (Python ``str``
  indices) into the **original** input text, never into the normalized text.
  Byte offsets appear only in names ending ``_bytes``.
- Special tokens added by a post-processor have offsets ``(0, 0)`` and
  ``word_id`` ``None``, as in Hugging Face ``tokenizers``.
- In byte-level models a token may cover only part of a character; it then
  reports the whole character, so several tokens can share one character.
- For a pair, each sequence's offsets are into its own text; ``sequence_ids``
  says which text a token belongs to.

Mirrors ``tokenizers``' ``Encoding`` (merge, truncate with stride and overflow, pad).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Offsets = tuple[int, int]
# The columns a fast-path encoding may build on first read (see Encoding.deferred).
_DEFERRED = frozenset(("type_ids", "word_ids", "offsets", "special_tokens_mask", "attention_mask"))


@dataclass
class Encoding:
    """Token ids, strings and alignment information for one encoded input."""

    ids: list[int] = field(default_factory=list)
    type_ids: list[int] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    word_ids: list[int | None] = field(default_factory=list)
    offsets: list[Offsets] = field(default_factory=list)
    special_tokens_mask: list[int] = field(default_factory=list)
    attention_mask: list[int] = field(default_factory=list)
    overflowing: list[Encoding] = field(default_factory=list)
    sequence_ranges: dict[int, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[int, str, Offsets, int | None, int]]) -> Encoding:
        """Build from ``(id, token, offsets, word_id, type_id)`` rows (non-special tokens)."""
        enc = cls()
        for id_, token, offsets, word, type_id in rows:
            enc.ids.append(id_)
            enc.tokens.append(token)
            enc.offsets.append(offsets)
            enc.word_ids.append(word)
            enc.type_ids.append(type_id)
        n = len(enc.ids)
        enc.special_tokens_mask = [0] * n
        enc.attention_mask = [1] * n
        return enc

    @classmethod
    def deferred(cls, ids: list[int], tokens: list[str],
                 sequence_ranges: dict[int, tuple[int, int]],
                 build: Callable[[], dict[str, list]]) -> Encoding:
        """An encoding whose ids and tokens are known and whose other columns (type ids,
        word ids, offsets, special tokens and attention masks) ``build()`` returns, as a
        dict by field name, the first time one of them is read.

        Encoding line after line, most callers read the ids or tokens only; every read
        still gives exactly the values an eager encoding holds. ``build`` must not depend
        on anything that may change after the call (it may run twice, from two threads).
        """
        enc = cls.__new__(cls)
        enc.__dict__ = {"ids": ids, "tokens": tokens, "overflowing": [],
                        "sequence_ranges": sequence_ranges, "_build": build}
        return enc

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes that are not set: a deferred column not built yet.
        if name in _DEFERRED and "_build" in self.__dict__:
            self._build_deferred()
            return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _build_deferred(self) -> None:
        fields = self.__dict__
        build = fields.get("_build")
        if build is not None:
            # setdefault: a column assigned before the first read keeps its new value.
            for key, value in build().items():
                fields.setdefault(key, value)
            fields.pop("_build", None)

    def __getstate__(self) -> dict[str, Any]:
        """Every column built (pickling and ``copy.copy`` see a plain encoding)."""
        self._build_deferred()
        return dict(self.__dict__)

    def __len__(self) -> int:
        return len(self.ids)

    def copy(self) -> Encoding:
        overflowing = [o.copy() for o in self.overflowing] if self.overflowing else []
        return Encoding(
            list(self.ids), list(self.type_ids), list(self.tokens), list(self.word_ids),
            list(self.offsets), list(self.special_tokens_mask), list(self.attention_mask),
            overflowing, dict(self.sequence_ranges),
        )

    # ----------------------------------------------------------- sequences
    @property
    def words(self) -> list[int | None]:
        """Deprecated alias of :attr:`word_ids` (warns, as HF's ``Encoding.words``)."""
        warnings.warn("Deprecated in 0.9.4: Encoding.words is deprecated, please use "
                      "Encoding.word_ids instead.", DeprecationWarning, stacklevel=2)
        return self.word_ids

    @property
    def n_sequences(self) -> int:
        return len(self.sequence_ranges) or 1

    def set_sequence_id(self, sequence_id: int) -> None:
        self.sequence_ranges[sequence_id] = (0, len(self.ids))

    def _sequence_range(self, sequence_id: int) -> tuple[int, int]:
        return self.sequence_ranges.get(sequence_id, (0, len(self)))

    @property
    def sequence_ids(self) -> list[int | None]:
        result: list[int | None] = [None] * len(self)
        for seq_id in range(self.n_sequences):
            start, end = self._sequence_range(seq_id)
            result[start:end] = [seq_id] * (end - start)
        return result

    def token_to_sequence(self, token: int) -> int | None:
        if token > len(self):
            return None
        if not self.sequence_ranges:
            return 0
        for seq_id, (start, end) in self.sequence_ranges.items():
            if start <= token < end:
                return seq_id
        return None

    # ------------------------------------------------------------ alignment
    def token_to_chars(self, token: int) -> Offsets | None:
        """The original-text span of a token, or None for an out-of-range index."""
        if self.token_to_sequence(token) is None or not 0 <= token < len(self):
            return None
        return self.offsets[token]

    def token_to_word(self, token: int) -> int | None:
        if self.token_to_sequence(token) is None or not 0 <= token < len(self):
            return None
        return self.word_ids[token]

    def char_to_token(self, char_pos: int, sequence_index: int = 0) -> int | None:
        """Index of the first token whose span contains ``char_pos``."""
        start, end = self._sequence_range(sequence_index)
        for i in range(start, end):
            s, e = self.offsets[i]
            if s <= char_pos < e:
                return i
        return None

    def char_to_word(self, char_pos: int, sequence_index: int = 0) -> int | None:
        token = self.char_to_token(char_pos, sequence_index)
        return None if token is None else self.token_to_word(token)

    def word_to_tokens(self, word: int, sequence_index: int = 0) -> tuple[int, int] | None:
        """Half-open token range of a word; words ids are in increasing order."""
        seq_start, seq_end = self._sequence_range(sequence_index)
        first = last = None
        for i in range(seq_start, seq_end):
            w = self.word_ids[i]
            # HF stops at the first word id greater than `word` (None sorts below ints).
            if w is not None and w > word:
                break
            if w == word:
                if first is None:
                    first = i
                last = i + 1
        return None if first is None else (first, last)

    def word_to_chars(self, word: int, sequence_index: int = 0) -> Offsets | None:
        tokens = self.word_to_tokens(word, sequence_index)
        if tokens is None:
            return None
        start, end = tokens
        return (self.offsets[start][0], self.offsets[end - 1][1])

    def tokens_in_span(self, start: int, end: int, sequence_index: int = 0) -> list[int]:
        """Indices of the non-special tokens that overlap the character span ``[start, end)``."""
        seq_start, seq_end = self._sequence_range(sequence_index)
        found = []
        for i in range(seq_start, seq_end):
            s, e = self.offsets[i]
            if self.special_tokens_mask[i] or s == e:
                continue
            if s < end and start < e or (start == end and s <= start < e):
                found.append(i)
        return found

    # ------------------------------------------------------------- editing
    def _slice(self, start: int, stop: int) -> Encoding:
        return Encoding(
            self.ids[start:stop], self.type_ids[start:stop], self.tokens[start:stop],
            self.word_ids[start:stop], self.offsets[start:stop],
            self.special_tokens_mask[start:stop], self.attention_mask[start:stop],
        )

    def truncate(self, max_length: int, stride: int = 0, direction: str = "right") -> None:
        """Keep ``max_length`` tokens; the rest go to ``overflowing`` windows of ``stride`` overlap.

        Raises:
            ValueError: ``direction`` is neither ``"right"`` nor ``"left"`` (HF's message).
        """
        if direction not in ("right", "left"):
            raise ValueError(f"Invalid truncation direction value : {direction}")
        n = len(self)
        if max_length >= n:
            return
        if max_length == 0:
            overflow = self.copy()
            self.__init__()
            self.overflowing.append(overflow)
            return
        if stride >= max_length:
            raise ValueError(f"stride ({stride}) must be strictly less than max_length ({max_length})")
        step = max_length - stride
        parts = _window_ranges(n, max_length, step, direction)
        first = self._slice(*parts[0])
        first.overflowing = [self._slice(*p) for p in parts[1:]]
        self.__dict__.update(first.__dict__)

    @staticmethod
    def merge(encodings: Iterable[Encoding], growing_offsets: bool = False) -> Encoding:
        encodings = list(encodings)
        if len(encodings) == 1 and not encodings[0].overflowing:
            return encodings[0].copy()  # what merging it into an empty encoding gives
        merged = Encoding()
        for sub in encodings:
            merged.merge_with(sub, growing_offsets)
        return merged

    def merge_with(self, pair: Encoding, growing_offsets: bool = False) -> None:
        """Append ``pair``; overflowing windows are combined as HF does."""
        overflowings = []
        for own in self.overflowing:
            combined = own.copy()
            combined.merge_with(pair.copy(), growing_offsets)
            overflowings.append(combined)
            for other in pair.overflowing:
                combined = own.copy()
                combined.merge_with(other.copy(), growing_offsets)
                overflowings.append(combined)
        for other in pair.overflowing:
            combined = self.copy()
            combined.merge_with(other.copy(), growing_offsets)
            overflowings.append(combined)
        own_len = len(self)
        for seq_id, (s, e) in pair.sequence_ranges.items():
            self.sequence_ranges[seq_id] = (own_len + s, own_len + e)
        shift = self.offsets[-1][1] if growing_offsets and self.offsets else 0
        self.ids.extend(pair.ids)
        self.type_ids.extend(pair.type_ids)
        self.tokens.extend(pair.tokens)
        self.word_ids.extend(pair.word_ids)
        if shift:
            self.offsets.extend((s + shift, e + shift) for s, e in pair.offsets)
        else:
            self.offsets.extend(pair.offsets)  # tuples are immutable: sharing them is safe
        self.special_tokens_mask.extend(pair.special_tokens_mask)
        self.attention_mask.extend(pair.attention_mask)
        self.overflowing = overflowings

    def pad(
        self, length: int, pad_id: int = 0, pad_type_id: int = 0,
        pad_token: str = "[PAD]", direction: str = "right",
    ) -> None:
        """Pad to ``length`` (overflowing windows too) with masked pad tokens."""
        for o in self.overflowing:
            o.pad(length, pad_id, pad_type_id, pad_token, direction)
        n_pad = length - len(self)
        if n_pad <= 0:
            return
        columns = (
            ("ids", pad_id), ("type_ids", pad_type_id), ("tokens", pad_token),
            ("word_ids", None), ("attention_mask", 0), ("special_tokens_mask", 1),
            ("offsets", (0, 0)),
        )
        for name, value in columns:
            current = getattr(self, name)
            padding = [value] * n_pad
            setattr(self, name, padding + current if direction == "left" else current + padding)
        if direction == "left":
            self.sequence_ranges = {
                k: (s + n_pad, e + n_pad) for k, (s, e) in self.sequence_ranges.items()
            }


def _window_ranges(n: int, max_length: int, step: int, direction: str) -> list[tuple[int, int]]:
    parts = []
    if direction == "right":
        for start in range(0, n, step):
            stop = min(start + max_length, n)
            parts.append((start, stop))
            if stop == n:
                break
    else:
        for stop in range(n, 0, -step):
            start = max(stop - max_length, 0)
            parts.append((start, stop))
            if start == 0:
                break
    return parts
