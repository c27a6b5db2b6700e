"""BertProcessing and RobertaProcessing: fixed ``cls A sep [B sep]`` layouts.

Roberta also trims byte-level offsets and gives every token type id 0
(HF ``processors/bert.rs``, ``processors/roberta.rs``).
"""

from __future__ import annotations

from typing import Any

from ..components import PostProcessor, register
from ..encoding import Encoding
from ._util import pair_of
from .byte_level import trim_all


def _wrap(
    encoding: Encoding,
    before: tuple[str, int] | None,
    after: tuple[str, int],
    type_ids: list[int],
    sequence_id: int,
) -> Encoding:
    """``before + encoding + after`` (``_add_specials`` wraps overflowing windows too)."""
    head = [before] if before else []
    n_head = len(head)
    n = len(encoding)
    return Encoding(
        ids=[t[1] for t in head] + encoding.ids + [after[1]],
        type_ids=type_ids,
        tokens=[t[0] for t in head] + encoding.tokens + [after[0]],
        word_ids=[None] * n_head + encoding.word_ids + [None],
        offsets=[(0, 0)] * n_head + encoding.offsets + [(0, 0)],
        special_tokens_mask=[1] * n_head + [0] * n + [1],
        attention_mask=[1] * (n_head + n + 1),
        # As in TemplateProcessing, the sequence's range excludes its special tokens.
        sequence_ranges={sequence_id: (n_head, n_head + n)},
    )


class _ClsSepProcessing(PostProcessor):
    """Shared layout of Bert and Roberta: ``cls A sep`` and a pair sequence after it."""

    sep: tuple[str, int]
    cls: tuple[str, int]

    def _first(self, encoding: Encoding) -> Encoding:
        return _wrap(encoding, self.cls, self.sep, [0] + encoding.type_ids + [0], 0)

    def _second(self, encoding: Encoding) -> Encoding:  # pragma: no cover - overridden
        raise NotImplementedError

    def _add_specials(self, encodings: list[Encoding]) -> list[Encoding]:
        result = []
        for i, encoding in enumerate(encodings):
            wrap = self._first if i == 0 else self._second
            processed = wrap(encoding)
            processed.overflowing = [wrap(o) for o in encoding.overflowing]
            result.append(processed)
        return result


@register("post_processor")
class BertProcessing(_ClsSepProcessing):
    """``[CLS] A [SEP]`` and ``[CLS] A [SEP] B [SEP]`` with type ids 0 then 1.

    Example:
        >>> BertProcessing(("[SEP]", 102), ("[CLS]", 101)).added_tokens(is_pair=True)
        3
    """

    def __init__(self, sep: tuple[str, int], cls: tuple[str, int]) -> None:
        self.sep = pair_of(sep, "sep")
        self.cls = pair_of(cls, "cls")

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type_name, "sep": list(self.sep), "cls": list(self.cls)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BertProcessing:
        return cls(data["sep"], data["cls"])

    def added_tokens(self, is_pair: bool) -> int:
        return 3 if is_pair else 2

    def _second(self, encoding: Encoding) -> Encoding:
        return _wrap(encoding, None, self.sep, encoding.type_ids + [1], 1)

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool):
        return self._add_specials(encodings) if add_special_tokens else encodings


@register("post_processor")
class RobertaProcessing(_ClsSepProcessing):
    """``<s> A </s>`` and ``<s> A </s></s> B </s>``, all type id 0, offsets trimmed.

    Args:
        sep: The ``(token, id)`` of the separator, e.g. ``("</s>", 2)``.
        cls: The ``(token, id)`` of the start token, e.g. ``("<s>", 0)``.
        trim_offsets: Exclude spaces from token offsets (see :func:`process_offsets`).
        add_prefix_space: Whether the pre-tokenizer added a space before the first word.
    """

    def __init__(
        self, sep: tuple[str, int], cls: tuple[str, int],
        trim_offsets: bool = True, add_prefix_space: bool = True,
    ) -> None:
        self.sep = pair_of(sep, "sep")
        self.cls = pair_of(cls, "cls")
        self.trim_offsets = bool(trim_offsets)
        self.add_prefix_space = bool(add_prefix_space)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type_name, "sep": list(self.sep), "cls": list(self.cls),
            "trim_offsets": self.trim_offsets, "add_prefix_space": self.add_prefix_space,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RobertaProcessing:
        return cls(data["sep"], data["cls"], data.get("trim_offsets", True),
                   data.get("add_prefix_space", True))

    def added_tokens(self, is_pair: bool) -> int:
        return 4 if is_pair else 2

    def _second(self, encoding: Encoding) -> Encoding:
        return _wrap(encoding, self.sep, self.sep, [0] * (len(encoding) + 2), 1)

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool):
        if self.trim_offsets:
            trim_all(encodings, self.add_prefix_space)
        # Roberta gives every token type id 0 (overflowing windows keep theirs, as in HF).
        for encoding in encodings:
            encoding.type_ids = [0] * len(encoding)
        return self._add_specials(encodings) if add_special_tokens else encodings
