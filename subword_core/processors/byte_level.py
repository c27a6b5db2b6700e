"""The ByteLevel post-processor: trim byte-level offsets so they exclude spaces.

``process_offsets`` is also what RobertaProcessing uses (HF ``pre_tokenizers/byte_level.rs``).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ..components import PostProcessor, register
from ..encoding import Encoding
from ..text._unicode import WHITE_SPACE

BYTE_LEVEL_SPACE = "\u0120"  # "Ġ": how the byte-level alphabet writes a space byte
_SPACES = "".join(sorted(WHITE_SPACE | {BYTE_LEVEL_SPACE}))  # what trimming removes


class _SpaceCounts(dict):
    """token -> (leading, trailing) spaces, or None when there are none; learnt per token.

    Counted separately at each end, as HF does: an all-space token counts them twice.
    """

    def __missing__(self, token: str) -> tuple[int, int] | None:
        leading = len(token) - len(token.lstrip(_SPACES))
        trailing = len(token) - len(token.rstrip(_SPACES))
        counts = (leading, trailing) if leading or trailing else None
        if len(self) < 1 << 20:  # token strings come from vocabularies: few, but bound it
            self[token] = counts
        return counts


_SPACE_COUNTS = _SpaceCounts()


def process_offsets(encoding: Encoding, add_prefix_space: bool) -> None:
    """Shrink each token's offsets so they exclude its leading/trailing spaces (HF).

    A single leading space on the first token is kept when ``add_prefix_space``: the
    pre-tokenizer added it, so it maps onto the first character, not onto a space.
    """
    offsets = encoding.offsets
    all_counts = list(map(_SPACE_COUNTS.__getitem__, encoding.tokens))
    for i in compress(range(len(all_counts)), all_counts):  # only tokens with spaces
        leading, trailing = all_counts[i]
        start, end = offsets[i]
        # min() and max(), written out: this loop runs for most byte-level tokens.
        if leading:
            # With pre-tokenized input a later token can also start at 0.
            if leading == 1 and add_prefix_space and (i == 0 or start == 0):
                leading = 0
            start = start + leading if start + leading < end else end
        if trailing and end >= trailing:
            end = end - trailing if end - trailing > start else start
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
        **_ignored: Any,  # HF's `type` and unknown keys (``ByteLevel(**json_state)``)
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
