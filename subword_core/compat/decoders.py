"""``tokenizers.decoders``: the decoders (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from .. import decoders as _decoders
from ..components import Decoder
from ._names import alias

__all__ = alias(globals(), (
    "Decoder", "ByteLevel", "Replace", "WordPiece", "ByteFallback", "Fuse", "Strip", "Metaspace",
    "BPEDecoder", "CTC", "Sequence", "DecodeStream",
), _decoders, Decoder=Decoder)
