"""Post-processors: add special tokens ([CLS], </s>, ...) and fix offsets after the model.

They run after truncation and before padding (see ``Tokenizer.post_process``). Each
receives one encoding per input sequence, already tagged with its sequence id and
type id by :meth:`PostProcessor.process`, and returns the encodings to merge. Special
tokens they add have offsets ``(0, 0)``, word id ``None`` and special-token mask 1.

Mirrors HF ``tokenizers.processors``: :class:`TemplateProcessing`, :class:`BertProcessing`,
:class:`RobertaProcessing`, :class:`ByteLevel` (offset trimming only) and :class:`Sequence`.

Example:
    >>> p = TemplateProcessing(single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 1), ("[SEP]", 2)])
    >>> p.added_tokens(is_pair=False)
    2
"""

from .bert import BertProcessing, RobertaProcessing
from .byte_level import BYTE_LEVEL_SPACE, ByteLevel, process_offsets
from .sequence import Sequence
from .template import (
    Piece, SequencePiece, SpecialPiece, SpecialToken, TemplateProcessing, parse_piece,
    parse_template,
)

__all__ = [
    "BYTE_LEVEL_SPACE", "BertProcessing", "ByteLevel", "Piece", "RobertaProcessing", "Sequence",
    "SequencePiece", "SpecialPiece", "SpecialToken", "TemplateProcessing", "parse_piece",
    "parse_template", "process_offsets",
]
