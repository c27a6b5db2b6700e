"""PreTokenizedString: a text cut into splits (words), each a NormalizedString.

Pre-tokenizers call :meth:`PreTokenizedString.split`; the model then tokenizes each
split (:meth:`tokenize`), and :meth:`into_encoding` maps every token back to the
original text through the split's alignments. Splits already holding tokens (added
tokens found before normalization) are left untouched by later steps, as in HF.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..encoding import Encoding, Offsets
from .normalized import NormalizedString


class Token(NamedTuple):
    """A model's output: ``offsets`` are character offsets into the split's normalized text."""

    id: int
    value: str
    offsets: Offsets


@dataclass(frozen=True)
class PreToken:
    """One piece handed to the model: its text (normalized, pre-tokenized) and source span.

    What :meth:`Tokenizer.explain` lists for each split.
    """

    text: str
    offsets: Offsets  # characters of the original text
    added_token: bool  # an added token, matched before the model


class Split:
    __slots__ = ("normalized", "tokens")

    def __init__(self, normalized: NormalizedString, tokens: list[Token] | None = None) -> None:
        self.normalized = normalized
        self.tokens = tokens

    def __repr__(self) -> str:
        return f"Split({self.normalized!r}, tokens={self.tokens!r})"


class PreTokenizedString:
    """The original text plus its current splits.

    Example:
        >>> pts = PreTokenizedString("Hello world")
        >>> pts.split(lambda i, n: n.split(" ", "Removed"))
        >>> pts.get_splits()
        [('Hello', (0, 5), None), ('world', (6, 11), None)]
    """

    __slots__ = ("original", "splits")

    def __init__(self, text: str | NormalizedString, splits: list[Split] | None = None) -> None:
        normalized = text if isinstance(text, NormalizedString) else NormalizedString(text)
        self.original = normalized.original
        self.splits = [Split(normalized)] if splits is None else splits

    def split(
        self, split_fn: Callable[[int, NormalizedString], Iterable[NormalizedString | Split]]
    ) -> None:
        """Replace every untokenized split by the pieces ``split_fn(index, normalized)`` returns."""
        new_splits: list[Split] = []
        for i, split in enumerate(self.splits):
            if split.tokens is not None:
                new_splits.append(split)
                continue
            for piece in split_fn(i, split.normalized):
                piece = piece if isinstance(piece, Split) else Split(piece)
                if piece.normalized.normalized:
                    new_splits.append(piece)
        self.splits = new_splits

    def normalize(self, normalize_fn: Callable[[NormalizedString], None]) -> None:
        for split in self.splits:
            if split.tokens is None:
                normalize_fn(split.normalized)

    def tokenize(self, tokenize_fn: Callable[[str], list[Token]]) -> None:
        for split in self.splits:
            if split.tokens is None:
                split.tokens = tokenize_fn(split.normalized.normalized)

    def get_splits(self, offset_referential: Any = "original", offset_type: Any = "char"
                   ) -> list[tuple[str, Offsets, list[Token] | None]]:
        """``(normalized piece, offsets, tokens or None)`` per split (HF's ``get_splits``).

        Args:
            offset_referential: ``"original"`` (offsets in the original text) or
                ``"normalized"`` (in the normalized pieces laid end to end).
            offset_type: ``"char"`` or ``"byte"`` (UTF-8).
        """
        referential = _choice(offset_referential, ("original", "normalized"), "OffsetReferential")
        in_bytes = _choice(offset_type, ("byte", "char"), "OffsetType") == "byte"
        result = []
        position = 0
        for split in self.splits:
            n = split.normalized
            if referential == "original":
                start, end = n.offsets_original()
                if in_bytes:
                    start = _utf8_len(self.original[:start])
                    end = start + _utf8_len(self.original[n.original_shift:end])
            else:
                size = _utf8_len(n.normalized) if in_bytes else len(n.normalized)
                start, end = position, position + size
                position = end
            result.append((n.normalized, (start, end), split.tokens))
        return result

    def to_encoding(self, type_id: int = 0, word_idx: int | None = None) -> Encoding:
        """HF's name for :meth:`into_encoding` (every split must be tokenized)."""
        encoding = self.into_encoding(word_idx, type_id)
        encoding.set_sequence_id(0)
        return encoding

    def into_encoding(self, word_index: int | None = None, type_id: int = 0) -> Encoding:
        """One row per token; ``word_ids`` are split indices unless ``word_index`` is given."""
        ids: list[int] = []
        values: list[str] = []
        offsets: list[Offsets] = []
        words: list[int] = []
        for index, split in enumerate(self.splits):
            if split.tokens is None:
                raise ValueError(
                    "Split has not been tokenized, call `PreTokenizedString::tokenize` first")
            n = split.normalized
            shift = n.original_shift
            for token in split.tokens:
                converted = n.convert_normalized_to_original(*token.offsets)
                ids.append(token.id)
                values.append(token.value)
                offsets.append((shift + converted[0], shift + converted[1]) if converted
                               else token.offsets)
            words += [index if word_index is None else word_index] * len(split.tokens)
        n_tokens = len(ids)
        return Encoding(ids=ids, type_ids=[type_id] * n_tokens, tokens=values, word_ids=words,
                        offsets=offsets, special_tokens_mask=[0] * n_tokens,
                        attention_mask=[1] * n_tokens)


def _choice(value: Any, choices: tuple[str, ...], kind: str) -> str:
    # an Enum of the compat namespace (OffsetReferential.ORIGINAL...) or HF's string
    value = getattr(value, "value", value)
    if value not in choices:
        raise ValueError(f"Wrong value for {kind}, expected one of `{', '.join(choices)}`")
    return value


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8", errors="surrogatepass"))
