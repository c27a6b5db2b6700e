"""Truncation and padding settings, and how they cut or extend encodings.

The tokenizer truncates the model's encodings *before* the post-processor adds
special tokens (reserving room for them) and pads the final encoding *after* it,
as HF ``tokenizers`` does (``utils/truncation.rs``, ``utils/padding.rs``). The
settings serialize to the ``"truncation"`` / ``"padding"`` objects of
``tokenizer.json`` and read back from them.

Example:
    >>> from subword_core.encoding import Encoding
    >>> a = Encoding(ids=[1, 2, 3, 4], type_ids=[0] * 4, tokens=list("abcd"),
    ...              word_ids=[0, 1, 2, 3], offsets=[(0, 1)] * 4,
    ...              special_tokens_mask=[0] * 4, attention_mask=[1] * 4)
    >>> first, _ = truncate_encodings(a, None, TruncationParams(max_length=2))
    >>> first.ids, [o.ids for o in first.overflowing]
    ([1, 2], [[3, 4]])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .encoding import Encoding
from .errors import EncodingError

STRATEGIES = {"longest_first": "LongestFirst", "only_first": "OnlyFirst",
              "only_second": "OnlySecond"}
DIRECTIONS = {"left": "Left", "right": "Right"}


def _check_choice(name: str, value: Any, choices: dict[str, str]) -> str:
    if value not in choices:
        options = ", ".join(f"`{c}`" for c in choices)
        raise ValueError(f"Unknown `{name}`: `{value}`. Use one of {options}")
    return value


def _check_count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"`{name}` must be a non-negative integer, got {value!r}")
    return value


@dataclass(frozen=True)
class TruncationParams:
    """How to truncate: ``strategy`` in longest_first / only_first / only_second."""

    max_length: int
    stride: int = 0
    strategy: str = "longest_first"
    direction: str = "right"

    def __post_init__(self) -> None:
        _check_count("max_length", self.max_length)
        _check_count("stride", self.stride)
        _check_choice("strategy", self.strategy, STRATEGIES)
        _check_choice("direction", self.direction, DIRECTIONS)

    def as_dict(self) -> dict[str, Any]:
        """The Python-side view HF's ``Tokenizer.truncation`` returns."""
        return {"max_length": self.max_length, "stride": self.stride,
                "strategy": self.strategy, "direction": self.direction}

    def to_json(self) -> dict[str, Any]:
        return {"direction": DIRECTIONS[self.direction], "max_length": self.max_length,
                "strategy": STRATEGIES[self.strategy], "stride": self.stride}

    @classmethod
    def from_json(cls, data: Any) -> TruncationParams:
        if not isinstance(data, dict):
            raise ValueError("truncation must be a JSON object or null")
        return cls(
            max_length=data["max_length"],
            stride=data["stride"],
            strategy=_from_json_name(data["strategy"], STRATEGIES, "strategy"),
            direction=_from_json_name(data.get("direction", "Right"), DIRECTIONS, "direction"),
        )


@dataclass(frozen=True)
class PaddingParams:
    """How to pad: to ``length`` if given, else to the longest encoding of the batch."""

    length: int | None = None
    direction: str = "right"
    pad_to_multiple_of: int | None = None
    pad_id: int = 0
    pad_type_id: int = 0
    pad_token: str = "[PAD]"

    def __post_init__(self) -> None:
        if self.length is not None:
            _check_count("length", self.length)
        if self.pad_to_multiple_of is not None:
            _check_count("pad_to_multiple_of", self.pad_to_multiple_of)
        _check_count("pad_id", self.pad_id)
        _check_count("pad_type_id", self.pad_type_id)
        if not isinstance(self.pad_token, str):
            raise ValueError(f"`pad_token` must be a string, got {self.pad_token!r}")
        _check_choice("direction", self.direction, DIRECTIONS)

    def as_dict(self) -> dict[str, Any]:
        """The Python-side view HF's ``Tokenizer.padding`` returns."""
        return {"length": self.length, "pad_to_multiple_of": self.pad_to_multiple_of,
                "pad_id": self.pad_id, "pad_token": self.pad_token,
                "pad_type_id": self.pad_type_id, "direction": self.direction}

    def to_json(self) -> dict[str, Any]:
        strategy: Any = "BatchLongest" if self.length is None else {"Fixed": self.length}
        return {"strategy": strategy, "direction": DIRECTIONS[self.direction],
                "pad_to_multiple_of": self.pad_to_multiple_of, "pad_id": self.pad_id,
                "pad_type_id": self.pad_type_id, "pad_token": self.pad_token}

    @classmethod
    def from_json(cls, data: Any) -> PaddingParams:
        if not isinstance(data, dict):
            raise ValueError("padding must be a JSON object or null")
        strategy = data["strategy"]
        if strategy == "BatchLongest":
            length = None
        elif isinstance(strategy, dict) and list(strategy) == ["Fixed"]:
            length = strategy["Fixed"]
        else:
            raise ValueError(f"unknown padding strategy {strategy!r}")
        return cls(
            length=length,
            direction=_from_json_name(data["direction"], DIRECTIONS, "direction"),
            pad_to_multiple_of=data.get("pad_to_multiple_of"),  # serde: a missing Option is None
            pad_id=data["pad_id"], pad_type_id=data["pad_type_id"], pad_token=data["pad_token"],
        )


def _from_json_name(value: Any, names: dict[str, str], what: str) -> str:
    for python_name, json_name in names.items():
        if value == json_name:
            return python_name
    raise ValueError(f"unknown {what} {value!r}")


# --------------------------------------------------------------------- truncation
def _truncate(encoding: Encoding, max_length: int, params: TruncationParams) -> None:
    try:
        encoding.truncate(max_length, params.stride, params.direction)
    except ValueError as exc:  # stride >= the length left for this sequence
        raise EncodingError(f"cannot truncate: {exc}") from None


def _longest_first_lengths(n1: int, n2: int, max_length: int) -> tuple[int, int]:
    """Share ``max_length`` between two sequences, cutting the longer one first (HF)."""
    swap = n1 > n2
    if swap:
        n1, n2 = n2, n1
    # n1 is now the shorter one: keep it whole if the longer one can absorb the cut.
    n2 = n1 if n1 > max_length else max(n1, max_length - n1)
    if n1 + n2 > max_length:
        n1 = max_length // 2
        n2 = n1 + max_length % 2
    return (n2, n1) if swap else (n1, n2)


def truncate_encodings(
    encoding: Encoding, pair: Encoding | None, params: TruncationParams
) -> tuple[Encoding, Encoding | None]:
    """Truncate ``encoding`` (and ``pair``) in place so together they fit ``max_length``.

    Raises:
        EncodingError: ``only_second`` without a pair, or the sequence to cut is too short.
    """
    if params.max_length == 0:
        for enc in (encoding, pair):
            if enc is not None:
                _truncate(enc, 0, params)
        return encoding, pair
    total = len(encoding) + (len(pair) if pair is not None else 0)
    if total <= params.max_length:
        return encoding, pair
    to_remove = total - params.max_length
    if params.strategy == "longest_first":
        if pair is None:
            _truncate(encoding, total - to_remove, params)
        else:
            n1, n2 = _longest_first_lengths(len(encoding), len(pair), params.max_length)
            _truncate(encoding, n1, params)
            _truncate(pair, n2, params)
        return encoding, pair
    if params.strategy == "only_first":
        target = encoding
    elif pair is None:
        raise EncodingError("Truncation error: Second sequence not provided")
    else:
        target = pair
    if len(target) <= to_remove:
        raise EncodingError(
            "Truncation error: Sequence to truncate too short to respect the provided max_length"
        )
    _truncate(target, len(target) - to_remove, params)
    return encoding, pair


# ------------------------------------------------------------------------ padding
MAX_PAD_LENGTH = 2**24  # far beyond any model's context; stops a hostile file eating memory


def pad_encodings(encodings: list[Encoding], params: PaddingParams) -> None:
    """Pad every encoding (in place) to the fixed length or to the batch's longest.

    Raises:
        EncodingError: the padded length would exceed ``MAX_PAD_LENGTH`` tokens.
    """
    if not encodings:
        return
    length = params.length if params.length is not None else max(len(e) for e in encodings)
    multiple = params.pad_to_multiple_of
    if multiple and length % multiple:
        length += multiple - length % multiple
    if length > MAX_PAD_LENGTH and any(len(e) < length for e in encodings):
        raise EncodingError(f"cannot pad to {length} tokens (limit {MAX_PAD_LENGTH})")
    for encoding in encodings:
        encoding.pad(length, params.pad_id, params.pad_type_id, params.pad_token,
                     params.direction)
