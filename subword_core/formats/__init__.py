"""Open tokenizers from every common file format: :func:`open_tokenizer`.

A path may be a file or a folder. The format is detected from the content and the
name (``format=`` forces it); each reader builds the pipeline that the reference
conversion builds (``transformers``' slow->fast converters, ``tiktoken``,
``subword-nmt``), so encodings match the reference tool exactly.

=================  ==========================================  ===================
format             what                                         module
=================  ==========================================  ===================
``tokenizer.json``  HF ``tokenizers`` file                      :mod:`..serialization`
``folder``          model folder (+ ``tokenizer_config.json``)  :mod:`.folder`
``gpt2-bpe``        ``vocab.json`` + ``merges.txt``             :mod:`.vocab_files`
``wordpiece-vocab`` BERT ``vocab.txt``                          :mod:`.vocab_files`
``sentencepiece``   SentencePiece ``.model`` (Unigram, BPE)     :mod:`.sentencepiece`
``tiktoken``        ``.tiktoken`` rank file                     :mod:`.tiktoken`
``subword-nmt``     subword-nmt ``codes``                       :mod:`.subword_nmt`
``tfds-subwords``   TFDS ``SubwordTextEncoder`` ``.subwords``   :mod:`.tfds_subwords`
=================  ==========================================  ===================

Every reader returns an :class:`Opened`: the tokenizer and a :class:`Source` saying what
the file was and anything guessed along the way. :func:`open_tokenizer` returns the
tokenizer with that ``Source`` attached as ``tokenizer.source``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


@dataclass(frozen=True)
class Source:
    """Where an opened tokenizer came from, for people (the CLI's ``info``, the window).

    Attributes:
        path: the file or folder that was opened.
        format: one of :data:`FORMATS`.
        description: one line, e.g. ``"SentencePiece Unigram model, 32,000 pieces"``.
        notes: what was guessed or departs from the reference tool, one line each
            (e.g. ``"encoding guessed from 100,256 ranks: cl100k_base"``).
    """

    path: str
    format: str
    description: str
    notes: tuple[str, ...] = field(default_factory=tuple)


class Opened(NamedTuple):
    """What every reader returns."""

    tokenizer: Any
    source: Source
