"""PreTokenizedString: a text cut into splits (words), each a NormalizedString.

Pre-tokenizers call :meth:`PreTokenizedString.split`; the model then tokenizes each
split (:meth:`tokenize`), and :meth:`into_encoding` maps every token back to the
original text through the split's alignments. Splits already holding tokens (added
tokens found before normalization) are left untouched by later steps, as in HF.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .encoding import Encoding, Offsets
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
        [('Hello', (0, 5)), ('world', (6, 11))]
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

    def get_splits(self, offset_referential: str = "original") -> list[tuple[str, Offsets]]:
        """``(normalized piece, offsets)`` per split, offsets in the original text by default."""
        result = []
        position = 0
        for split in self.splits:
            n = split.normalized
            if offset_referential == "original":
                offsets = n.offsets_original()
            else:
                offsets = (position, position + len(n.normalized))
                position += len(n.normalized)
            result.append((n.normalized, offsets))
        return result

    def into_encoding(self, word_index: int | None = None, type_id: int = 0) -> Encoding:
        """One row per token; ``word_ids`` are split indices unless ``word_index`` is given."""
        ids: list[int] = []
        values: list[str] = []
        offsets: list[Offsets] = []
        words: list[int] = []
        for index, split in enumerate(self.splits):
            if split.tokens is None:
                raise ValueError("split has not been tokenized; call tokenize() first")
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
