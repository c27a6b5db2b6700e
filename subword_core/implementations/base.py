"""BaseTokenizer: HF's wrapper around a :class:`~subword_core.Tokenizer`, for the recipes.

Every method passes through to the wrapped tokenizer (``tokenizers.implementations.
BaseTokenizer``); the recipes (:class:`ByteLevelBPETokenizer`...) build its pipeline.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..added_tokens import AddedToken
from ..encoding import Encoding
from ..tokenizer import Tokenizer


class BaseTokenizer:
    """A :class:`~subword_core.Tokenizer` behind HF's implementation API.

    Args:
        tokenizer: the tokenizer to wrap.
        parameters: the recipe's options, shown by ``repr``.

    Example:
        >>> from subword_core.models import BPE
        >>> BaseTokenizer(Tokenizer(BPE()), {"model": "BPE"})
        Tokenizer(vocabulary_size=0, model=BPE)
    """

    def __init__(self, tokenizer: Tokenizer, parameters: dict[str, Any] | None = None) -> None:
        self._tokenizer = tokenizer
        self._parameters = dict(parameters) if parameters is not None else {}

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v}" for k, v in self._parameters.items())
        return f"Tokenizer(vocabulary_size={self._tokenizer.get_vocab_size()}, {options})"

    # ------------------------------------------------------------ components
    @property
    def model(self) -> Any:
        return self._tokenizer.model

    @model.setter
    def model(self, model: Any) -> None:
        self._tokenizer.model = model

    @property
    def normalizer(self) -> Any:
        return self._tokenizer.normalizer

    @normalizer.setter
    def normalizer(self, normalizer: Any) -> None:
        self._tokenizer.normalizer = normalizer

    @property
    def pre_tokenizer(self) -> Any:
        return self._tokenizer.pre_tokenizer

    @pre_tokenizer.setter
    def pre_tokenizer(self, pre_tokenizer: Any) -> None:
        self._tokenizer.pre_tokenizer = pre_tokenizer

    @property
    def post_processor(self) -> Any:
        return self._tokenizer.post_processor

    @post_processor.setter
    def post_processor(self, post_processor: Any) -> None:
        self._tokenizer.post_processor = post_processor

    @property
    def decoder(self) -> Any:
        return self._tokenizer.decoder

    @decoder.setter
    def decoder(self, decoder: Any) -> None:
        self._tokenizer.decoder = decoder

    # ------------------------------------------------------------ vocabulary
    def num_special_tokens_to_add(self, is_pair: bool) -> int:
        return self._tokenizer.num_special_tokens_to_add(is_pair)

    def get_vocab(self, with_added_tokens: bool = True) -> dict[str, int]:
        return self._tokenizer.get_vocab(with_added_tokens=with_added_tokens)

    def get_added_tokens_decoder(self) -> dict[int, AddedToken]:
        return self._tokenizer.get_added_tokens_decoder()

    def get_vocab_size(self, with_added_tokens: bool = True) -> int:
        return self._tokenizer.get_vocab_size(with_added_tokens=with_added_tokens)

    def add_tokens(self, tokens: Sequence[str | AddedToken]) -> int:
        return self._tokenizer.add_tokens(tokens)

    def add_special_tokens(self, special_tokens: Sequence[str | AddedToken]) -> int:
        return self._tokenizer.add_special_tokens(special_tokens)

    def token_to_id(self, token: str) -> int | None:
        return self._tokenizer.token_to_id(token)

    def id_to_token(self, id: int) -> str | None:
        return self._tokenizer.id_to_token(id)

    # ------------------------------------------------------------ truncation / padding
    def enable_padding(self, direction: str = "right", pad_to_multiple_of: int | None = None,
                       pad_id: int = 0, pad_type_id: int = 0, pad_token: str = "[PAD]",
                       length: int | None = None) -> None:
        return self._tokenizer.enable_padding(
            direction=direction, pad_to_multiple_of=pad_to_multiple_of, pad_id=pad_id,
            pad_type_id=pad_type_id, pad_token=pad_token, length=length)

    def no_padding(self) -> None:
        return self._tokenizer.no_padding()

    @property
    def padding(self) -> dict[str, Any] | None:
        return self._tokenizer.padding

    def enable_truncation(self, max_length: int, stride: int = 0,
                          strategy: str = "longest_first") -> None:
        return self._tokenizer.enable_truncation(max_length, stride=stride, strategy=strategy)

    def no_truncation(self) -> None:
        return self._tokenizer.no_truncation()

    @property
    def truncation(self) -> dict[str, Any] | None:
        return self._tokenizer.truncation

    # ------------------------------------------------------------ encoding / decoding
    def normalize(self, sequence: str) -> str:
        """``sequence`` through the normalizer (HF fails without one; so does this)."""
        return self._tokenizer.normalizer.normalize_str(sequence)

    def encode(self, sequence: Any, pair: Any = None, is_pretokenized: bool = False,
               add_special_tokens: bool = True) -> Encoding:
        if sequence is None:
            raise ValueError("encode: `sequence` can't be `None`")
        return self._tokenizer.encode(sequence, pair, is_pretokenized, add_special_tokens)

    def encode_batch(self, inputs: Sequence[Any], is_pretokenized: bool = False,
                     add_special_tokens: bool = True) -> list[Encoding]:
        if inputs is None:
            raise ValueError("encode_batch: `inputs` can't be `None`")
        return self._tokenizer.encode_batch(inputs, is_pretokenized, add_special_tokens)

    async def async_encode_batch(self, inputs: Sequence[Any], is_pretokenized: bool = False,
                                 add_special_tokens: bool = True) -> list[Encoding]:
        if inputs is None:
            raise ValueError("async_encode_batch: `inputs` can't be `None`")
        return await self._tokenizer.async_encode_batch(inputs, is_pretokenized,
                                                        add_special_tokens)

    async def async_encode_batch_fast(self, inputs: Sequence[Any], is_pretokenized: bool = False,
                                      add_special_tokens: bool = True) -> list[Encoding]:
        if inputs is None:
            raise ValueError("async_encode_batch_fast: `inputs` can't be `None`")
        return await self._tokenizer.async_encode_batch_fast(inputs, is_pretokenized,
                                                             add_special_tokens)

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        if ids is None:
            raise ValueError("None input is not valid. Should be a list of integers.")
        return self._tokenizer.decode(ids, skip_special_tokens=skip_special_tokens)

    def decode_batch(self, sequences: Sequence[Sequence[int]],
                     skip_special_tokens: bool = True) -> list[str]:
        if sequences is None:
            raise ValueError("None input is not valid. Should be list of list of integers.")
        return self._tokenizer.decode_batch(sequences, skip_special_tokens=skip_special_tokens)

    async def async_decode_batch(self, sequences: Sequence[Sequence[int]],
                                 skip_special_tokens: bool = True) -> list[str]:
        if sequences is None:
            raise ValueError("None input is not valid. Should be list of list of integers.")
        return await self._tokenizer.async_decode_batch(sequences, skip_special_tokens)

    def post_process(self, encoding: Encoding, pair: Encoding | None = None,
                     add_special_tokens: bool = True) -> Encoding:
        return self._tokenizer.post_process(encoding, pair, add_special_tokens)

    # ------------------------------------------------------------ saving
    def save_model(self, directory: str | os.PathLike, prefix: str | None = None) -> list[str]:
        """The model's own files (``vocab.json`` + ``merges.txt``...), via ``model.save``."""
        return self._tokenizer.model.save(directory, prefix=prefix)

    def save(self, path: str | os.PathLike, pretty: bool = True) -> None:
        return self._tokenizer.save(path, pretty)

    def to_str(self, pretty: bool = False) -> str:
        return self._tokenizer.to_str(pretty)


__all__ = ["BaseTokenizer"]
