"""WordLevel: each pre-tokenized word is one token, or the unknown token (HF ``models/wordlevel``).

The simplest model: no subwords at all. It is useful as a baseline in comparisons and
with pre-tokenizers that already cut the text into vocabulary units.
"""

from __future__ import annotations

from typing import Any

from ..components import Model, register
from ..errors import EncodingError, TokenizerFileError
from ..text.pretokenized import Token
from ._files import WordLevelFiles, read_vocab_json, vocab_from_path
from ._vocab import VocabLookups, check_vocab, ordered_vocab, reverse_vocab


@register("model")
class WordLevel(VocabLookups, WordLevelFiles, Model):
    """Look the whole word up in the vocabulary.

    Args:
        vocab: token -> id.
        unk_token: the token for words missing from the vocabulary (HF default "<unk>").

    Example:
        >>> model = WordLevel({"<unk>": 0, "hello": 1}, unk_token="<unk>")
        >>> [(t.value, t.offsets) for t in model.tokenize("hello") + model.tokenize("bye")]
        [('hello', (0, 5)), ('<unk>', (0, 3))]
    """

    def __init__(self, vocab: dict[str, int] | None = None, unk_token: str | None = None) -> None:
        vocab = vocab_from_path(vocab, read_vocab_json)  # HF also takes a file name
        self._vocab = check_vocab(vocab, "WordLevel")
        self._vocab_r = reverse_vocab(self._vocab)
        self.unk_token = "<unk>" if unk_token is None else unk_token

    def tokenize(self, sequence: str) -> list[Token]:
        # subtle: HF answers even the empty string (with the unknown token at (0, 0)).
        found = self._vocab.get(sequence)
        if found is not None:
            return [Token(found, sequence, (0, len(sequence)))]
        unk_id = self._vocab.get(self.unk_token)
        if unk_id is None:
            raise EncodingError(f"WordLevel unk token {self.unk_token!r} is not in the vocabulary")
        return [Token(unk_id, self.unk_token, (0, len(sequence)))]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "WordLevel", "vocab": ordered_vocab(self._vocab_r), "unk_token": self.unk_token}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WordLevel:
        if data.get("type", "WordLevel") != "WordLevel":
            raise TokenizerFileError(f"expected a WordLevel model, got type {data.get('type')!r}")
        unk = data.get("unk_token")
        if unk is not None and not isinstance(unk, str):
            raise TokenizerFileError(f"WordLevel unk_token {unk!r} is not a string")
        return cls(data.get("vocab"), unk)  # __init__ checks the vocab
