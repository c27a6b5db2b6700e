"""``tokenizers.processors``: the post-processors (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from .. import processors as _processors
from ..components import PostProcessor
from ._names import alias

__all__ = alias(globals(), (
    "BertProcessing", "ByteLevel", "PostProcessor", "RobertaProcessing", "Sequence",
    "TemplateProcessing",
), _processors, PostProcessor=PostProcessor)
