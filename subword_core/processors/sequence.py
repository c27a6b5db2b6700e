"""Sequence: apply several post-processors in order (HF ``processors/sequence.rs``)."""

from __future__ import annotations

from typing import Any

from ..components import MemberList, PostProcessor, component_from_dict, register
from ..encoding import Encoding


@register("post_processor")
class Sequence(MemberList, PostProcessor):
    """Apply several post-processors in order, e.g. ``[ByteLevel(), TemplateProcessing(...)]``."""

    _members_attr = "processors"
    _member_family = PostProcessor

    def __init__(self, processors: list[PostProcessor]) -> None:
        processors = list(processors)
        for p in processors:
            if not isinstance(p, PostProcessor):
                raise TypeError(f"Sequence expects post-processors, got {type(p).__name__}")
        self.processors = processors

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type_name, "processors": [p.to_dict() for p in self.processors]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sequence:
        items = data["processors"]
        if not isinstance(items, list):
            raise ValueError("processors must be a JSON array")
        return cls([component_from_dict("post_processor", p) for p in items])

    def added_tokens(self, is_pair: bool) -> int:
        return sum(p.added_tokens(is_pair) for p in self.processors)

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool):
        for processor in self.processors:
            encodings = processor.process_encodings(encodings, add_special_tokens)
        return encodings
