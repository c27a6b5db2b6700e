"""The ByteLevel post-processor: trim byte-level offsets so they exclude spaces.

``process_offsets`` is also what RobertaProcessing uses (HF ``pre_tokenizers/byte_level.rs``).
"""

from __future__ import annotations

from typing import Any

from .._unicode import is_whitespace
from ..components import PostProcessor, register
from ..encoding import Encoding

BYTE_LEVEL_SPACE = "\u0120"  # "Ġ": how the byte-level alphabet writes a space byte


def _count_spaces(chars) -> int:
    n = 0
    for c in chars:
        if c != BYTE_LEVEL_SPACE and not is_whitespace(c):
            break
        n += 1
    return n


def process_offsets(encoding: Encoding, add_prefix_space: bool) -> None:
    """Shrink each token's offsets so they exclude its leading/trailing spaces (HF).

    A single leading space on the first token is kept when ``add_prefix_space``: the
    pre-tokenizer added it, so it maps onto the first character, not onto a space.
    """
    offsets = encoding.offsets
    for i, token in enumerate(encoding.tokens):
        leading = _count_spaces(token)
        trailing = _count_spaces(reversed(token))
        if not leading and not trailing:
            continue
        start, end = offsets[i]
        if leading:
            # With pre-tokenized input a later token can also start at 0.
            is_first = i == 0 or start == 0
            if is_first and add_prefix_space and leading == 1:
                leading = 0
            start = min(start + leading, end)
        if trailing and end >= trailing:
            end = max(end - trailing, start)
        offsets[i] = (start, end)


def trim_all(encodings: list[Encoding], add_prefix_space: bool) -> None:
    for encoding in encodings:
        process_offsets(encoding, add_prefix_space)
        for overflow in encoding.overflowing:
            process_offsets(overflow, add_prefix_space)


@register("post_processor")
class ByteLevel(PostProcessor):
    """Trim byte-level offsets so they exclude spaces (``Ġ``); adds no special token.

    Example:
        >>> ByteLevel().to_dict()
        {'type': 'ByteLevel', 'add_prefix_space': True, 'trim_offsets': True, 'use_regex': True}
    """

    def __init__(
        self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True,
    ) -> None:
        self.add_prefix_space = bool(add_prefix_space)
        self.trim_offsets = bool(trim_offsets)
        self.use_regex = bool(use_regex)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type_name, "add_prefix_space": self.add_prefix_space,
            "trim_offsets": self.trim_offsets, "use_regex": self.use_regex,
        }

    def added_tokens(self, is_pair: bool) -> int:
        return 0

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool):
        if self.trim_offsets:
            trim_all(encodings, self.add_prefix_space)
        for i, encoding in enumerate(encodings):
            encoding.set_sequence_id(i)
        return encodings
