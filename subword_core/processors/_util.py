"""Helpers shared by the post-processors: special-token encodings and ``(token, id)`` pairs."""

from __future__ import annotations

from typing import Any

from ..encoding import Encoding


def special_encoding(ids: list[int], tokens: list[str], type_id: int) -> Encoding:
    n = len(ids)
    return Encoding(
        ids=list(ids), type_ids=[type_id] * n, tokens=list(tokens), word_ids=[None] * n,
        offsets=[(0, 0)] * n, special_tokens_mask=[1] * n, attention_mask=[1] * n,
    )


def pair_of(value: Any, name: str) -> tuple[str, int]:
    """Read a ``(token, id)`` pair, given as a tuple or as HF's JSON ``[token, id]`` array."""
    if (
        isinstance(value, (list, tuple)) and len(value) == 2
        and isinstance(value[0], str) and is_id(value[1])
    ):
        return (value[0], value[1])
    raise TypeError(f"{name} must be a (token: str, id: int) pair, got {value!r}")


def is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
