"""Token ids of many short texts, fast: what the vocabulary audit's witness search encodes.

The audit asks, for hundreds of thousands of short texts, which ids
``tokenizer.encode(text, add_special_tokens=False)`` gives. :class:`TextIds` answers with
the ids alone: the text is cut into model inputs by the corpus counters of
:mod:`~subword_core.analysis.figures.counts` (the tokenizer's :class:`Pipeline`, the same
cut that makes the corpus-wide counts exact), and each distinct input goes through the
model once (:func:`model_ids`), with no NormalizedString, Encoding or offsets. The ids of
an input are kept, so the contexts a token is tried in (``"a " + text``, ``text + "s"``)
cost a split and a few dictionary look-ups.

Whenever that cut is not known to be ``encode``'s, the text is encoded whole:

- the tokenizer is not a plain :class:`Tokenizer` pipeline (:func:`pipeline_of` is None),
  truncates or pads, or has a post-processor that could change the ids without special
  tokens (only none, ByteLevel, TemplateProcessing, BertProcessing, RobertaProcessing and
  Sequences of them are known not to);
- the model is a BPE with dropout (random: each encode may differ);
- the text is "set aside" by the pipeline (an added token may occur in it, a Metaspace
  ``first`` after a normalizer that moves the first char: :meth:`Pipeline.set_aside`).

``tests/core/test_audit_ids.py`` compares the ids with ``encode`` on the vocabularies and
probe texts of real tokenizers.
"""

from __future__ import annotations

from typing import Any

from .figures.counts import model_ids, pipeline_of
from ..processors import BertProcessing, ByteLevel, RobertaProcessing, Sequence, \
    TemplateProcessing

#: post-processors that, without special tokens, give the encoding's ids back unchanged
_ID_PRESERVING = (ByteLevel, TemplateProcessing, BertProcessing, RobertaProcessing)
#: entries kept per cache (model inputs; whole texts); inserting stops when full
CACHE_MAX = 400_000


class TextIds:
    """``text -> tokenizer.encode(text, add_special_tokens=False).ids`` as a tuple."""

    def __init__(self, tokenizer: Any) -> None:
        self._encode = tokenizer.encode
        self._texts: dict[str, tuple[int, ...]] = {}
        self._inputs: dict[str, tuple[int, ...]] = {}
        pipeline = pipeline_of(tokenizer) if _ids_follow_pipeline(tokenizer) else None
        #: whether the pipeline's cut is used (else every text is encoded)
        self.fast = pipeline is not None
        if pipeline is not None:
            counter = pipeline.counter
            self._set_aside = pipeline.set_aside
            self._words_of = counter.words_of
            self._key_map = counter.key_map
            self._model_ids = model_ids(tokenizer.model)

    def __call__(self, text: str) -> tuple[int, ...]:
        found = self._texts.get(text)
        if found is None:
            found = self._ids(text)
            if len(self._texts) < CACHE_MAX:
                self._texts[text] = found
        return found

    def _ids(self, text: str) -> tuple[int, ...]:
        if not self.fast or self._set_aside(text):
            return tuple(self._encode(text, add_special_tokens=False).ids)
        inputs = self._inputs
        out: list[int] = []
        for piece in self._words_of(text):
            ids = inputs.get(piece)
            if ids is None:
                # raw pieces (byte-level counters) are keyed before their byte mapping
                word = piece if self._key_map is None else self._key_map(piece)
                ids = tuple(self._model_ids(word))
                if len(inputs) < CACHE_MAX:
                    inputs[piece] = ids
            out += ids
        return tuple(out)


def _ids_follow_pipeline(tokenizer: Any) -> bool:
    """Whether ``encode(text, add_special_tokens=False).ids`` is the model's ids of the
    pipeline's pieces and added tokens, in order (no truncation, padding, dropout, or
    post-processor that may change ids)."""
    if getattr(tokenizer, "truncation", None) is not None \
            or getattr(tokenizer, "padding", None) is not None:
        return False
    if getattr(tokenizer.model, "dropout", None):
        return False
    return _preserves_ids(tokenizer.post_processor)


def _preserves_ids(processor: Any) -> bool:
    if processor is None or type(processor) in _ID_PRESERVING:
        return True
    if type(processor) is Sequence:
        return all(_preserves_ids(p) for p in processor.processors)
    return False


__all__ = ["CACHE_MAX", "TextIds"]
