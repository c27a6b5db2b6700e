"""Corpus-wide token counts from pre-token counts: count once, encode each distinct piece once.

Encoding a document with :class:`~subword_core.tokenizer.Tokenizer` cuts it into the
added tokens it holds and *model inputs* (the splits the pre-tokenizer leaves, in their
final form: byte-mapped for ByteLevel, ``▁``-prefixed for Metaspace), and the model turns
each input into tokens on its own. So every corpus-wide figure that does not need
positions — tokens, unknown tokens, how often each token id occurs — is a sum over the
distinct model inputs of (what the model makes of the input) × (how often it occurs).
This module computes those sums:

1. :class:`Pipeline`: what cuts a text into model inputs (normalizer, pre-tokenizer,
   added tokens), without the model. Tokenizers with the same pipeline share its counts.
2. :func:`count_chunk`: the model inputs of a chunk of documents, counted with the word
   counters of :mod:`subword_core.corpus` (their exact shortcuts), plus the corpus's own
   counts (characters, words, documents), which do not depend on the tokenizer.
3. :func:`encode_counts`: each distinct input encoded once by a model, weighted by its
   count: a token-id histogram, tokens and unknown tokens.

Exact, not an estimate (``tests/core/test_corpus_counts.py`` compares with encoding each
document whole). The word counters read ``pre_tokenize_str(normalize_str(doc))``, which
is what ``encode`` does to a document unless one of these holds, in which case that
document is "set aside":

- an added token may occur in it: HF cuts those out before normalizing (``lstrip``,
  ``rstrip``, ``single_word`` decide where), and normalizes and pre-tokenizes the texts
  between them apart, each like a document of its own (ByteLevel's prefix space...): the
  counters count those texts (:meth:`Pipeline.by_segments`), unless added tokens are also
  matched after normalizing or a Metaspace "first" cares which text comes first; then the
  document goes through the tokenizer's own pipeline (``extract_and_normalize``,
  ``pre_tokenize``, then its splits are counted);
- the pre-tokenizer has a Metaspace with ``prepend_scheme="first"`` after another
  splitting member and the normalizer moves the document's first character (HF asks
  whether the split starts the *original* text; the counters see the normalized one).

A model that is exactly the same on the ``▁``-separated parts of a text as on the text
(:func:`metaspace_parts_exact`: a BPE whose tokens never hold ``▁`` after another char,
as SentencePiece trains them) lets a ``Metaspace(split=False)`` pipeline (Llama 2, Mistral)
count those parts rather than whole documents. A tokenizer that is not a plain
:class:`Tokenizer` (a subclass, another library's) has no pipeline here: callers encode
its documents whole (:func:`pipeline_of` returns None).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import numpy as np
import regex

from .. import unk_id
from ...corpus._word_counting import ChunkCounter, text_function
from ...models.bpe import BPE
from ...models.sentencepiece import SentencePieceBPE
from ...normalizers import SentencePieceNormalizer
from ...text.normalized import NormalizedString
from ...pre_tokenizers import Metaspace, Regex, Sequence, Split, Whitespace
from ...tokenizer import Tokenizer

# ----------------------------------------------------------------------------- pipelines
class Pipeline:
    """The part of a tokenizer that cuts a text into added tokens and model inputs.

    ``key`` names it: tokenizers with equal keys cut every text the same way.
    """

    def __init__(self, tokenizer: Tokenizer) -> None:
        self.normalizer = tokenizer.normalizer
        self.pre_tokenizer = _counting_pre_tokenizer(tokenizer)
        #: the Metaspace cut before each run of ``▁`` (see metaspace_parts_exact), or None
        self.runs = tokenizer.pre_tokenizer if self.pre_tokenizer is not tokenizer.pre_tokenizer \
            else None
        self.added = tokenizer.added_vocabulary
        #: the model inputs are the normalized text's parts cut before each run of ``▁``
        #: (a tokenizer encoding as the sentencepiece library does: spm_parts_exact)
        self.spm_parts = self.pre_tokenizer is None and spm_parts_exact(tokenizer)
        parts = [
            _normalizer_key(self.normalizer),
            None if self.pre_tokenizer is None else self.pre_tokenizer.to_dict(),
            self.added.to_list(), self.added.encode_special_tokens,
        ]
        if self.spm_parts:
            parts.append("spm-parts")
        self.key = json.dumps(parts, sort_keys=True, ensure_ascii=False)
        self._counter: ChunkCounter | None = None
        self._text_of: Any = None

    def __getstate__(self) -> dict[str, Any]:
        # the counters hold closures: workers build their own
        state = dict(self.__dict__)
        state["_counter"] = state["_text_of"] = None
        return state

    @property
    def counter(self) -> ChunkCounter:
        """The word counter of this normalizer and pre-tokenizer (exact shortcuts)."""
        if self._counter is None:
            if self.spm_parts:
                self._counter = ChunkCounter(_spm_parts_words(self.text_of))
            elif self.pre_tokenizer is None:
                # no pre-tokenizer: one model input, the whole normalized text
                text_of = self.text_of
                self._counter = ChunkCounter(lambda doc: [t] if (t := text_of(doc)) else [])
            elif self.runs is not None:
                self._counter = ChunkCounter(_metaspace_runs_words(self.text_of, self.runs))
            else:
                self._counter = ChunkCounter.for_components(self.normalizer, self.pre_tokenizer)
        return self._counter

    @property
    def text_of(self) -> Any:
        """``normalizer.normalize_str`` (each distinct segment once where exact)."""
        if self._text_of is None:
            self._text_of = text_function(self.normalizer)
        return self._text_of

    def set_aside(self, doc: str) -> bool:
        """Whether ``doc`` must go through the tokenizer's own pipeline (module docstring)."""
        added = self.added
        if added.may_match(doc):
            return True
        if added.has_normalized_tokens and added.may_match(self.text_of(doc), normalized=True):
            return True
        return self._first_sensitive and bool(doc) and not _first_split_agrees(self, doc)

    @property
    def by_segments(self) -> bool:
        """Whether a document with added tokens may be counted as the texts between them
        (:meth:`AddedVocabulary.cut`), each like a document of its own.

        HF normalizes and pre-tokenizes each such text alone, as a document, unless added
        tokens are also matched after normalizing, or a Metaspace prepends ``▁`` only to the
        text's first split ("first": the second text is not the first).
        """
        found = self.__dict__.get("_segments")
        if found is None:
            members = _flat(self.pre_tokenizer)
            found = self.__dict__["_segments"] = (
                not self.added.has_normalized_tokens and not any(
                    isinstance(m, Metaspace) and m.prepend_scheme == "first" for m in members))
        return found

    @property
    def _first_sensitive(self) -> bool:
        found = self.__dict__.get("_first")
        if found is None:
            found = self.__dict__["_first"] = (
                self.normalizer is not None and _metaspace_first_after_split(self.pre_tokenizer))
        return found

    def pieces_of(self, doc: str, added: Counter[int], pieces: Counter[str]) -> None:
        """Count ``doc``'s added tokens and model inputs as ``encode`` cuts it."""
        pretokenized = self.added.extract_and_normalize(self.normalizer, doc)
        if self.pre_tokenizer is not None:
            self.pre_tokenizer.pre_tokenize(pretokenized)
        for split in pretokenized.splits:
            if split.tokens is not None:
                added.update(token.id for token in split.tokens)
            elif split.normalized.normalized:
                pieces[split.normalized.normalized] += 1


def pipeline_of(tokenizer: Any) -> Pipeline | None:
    """The tokenizer's :class:`Pipeline`, or None if its documents must be encoded whole."""
    if not isinstance(tokenizer, Tokenizer) or not tokenizer.encodes_with_pipeline:
        return None
    try:
        return Pipeline(tokenizer)
    except Exception:  # noqa: BLE001 - a component without a JSON form: encode documents
        return None


def _first_split_agrees(pipeline: Pipeline, doc: str) -> bool:
    """Whether a split starts the normalized text exactly when it starts the original one:
    the first normalized char comes from the first original char, the second does not.

    subtle: the counters see the normalized text alone, so for them a split starts the
    text at normalized offset 0; HF asks where the split starts in the original text.
    A normalizer that drops the first char (Strip, BertNormalizer's control chars,
    Replace) or spreads it over several (BertNormalizer around CJK) breaks that.
    """
    normalized = NormalizedString(doc)
    pipeline.normalizer.normalize(normalized)
    spans = normalized.alignments
    return not spans or (spans[0][0] == 0 and (len(spans) < 2 or spans[1][0] != 0))


def _metaspace_first_after_split(pre_tokenizer: Any) -> bool:
    members = _flat(pre_tokenizer)
    return any(isinstance(m, Metaspace) and m.prepend_scheme == "first" for m in members[1:])


def _flat(pre_tokenizer: Any) -> list[Any]:
    """The members of a pre-tokenizer, nested Sequences opened, in order."""
    if isinstance(pre_tokenizer, Sequence):
        return [m for member in pre_tokenizer.pretokenizers for m in _flat(member)]
    return [pre_tokenizer]


def _counting_pre_tokenizer(tokenizer: Tokenizer) -> Any:
    """The pre-tokenizer, or for a lone ``Metaspace(split=False)`` before a model that
    :func:`metaspace_parts_exact` clears, the same Metaspace then a cut before each run
    of ``▁`` (the runs stay whole: SentencePiece has tokens such as ``▁▁▁▁``)."""
    pre = tokenizer.pre_tokenizer
    if type(pre) is Metaspace and not pre.split and metaspace_parts_exact(tokenizer.model,
                                                                          pre.replacement):
        runs = Regex(regex.escape(pre.replacement) + "+")
        return Sequence([pre, Split(runs, "merged_with_next")])
    return pre


def _metaspace_runs_words(text_of: Any, metaspace: Metaspace) -> Any:
    """The words of ``Sequence([metaspace, Split(▁+, merged_with_next)])`` on a document
    that starts the text, with string operations (the general pre-tokenizer keeps
    offsets for every char)."""
    rep = metaspace.replacement
    prepend = metaspace.prepend_scheme != "never"
    parts = _cut_before_runs(rep)

    def words_of(doc: str) -> list[str]:
        text = text_of(doc)
        if not text:
            return []
        text = text.replace(" ", rep)
        if prepend and not text.startswith(rep):
            text = rep + text
        return parts.findall(text)

    return words_of


def _normalizer_key(normalizer: Any) -> Any:
    """The normalizer's JSON form, or for the sentencepiece library's normalization (which
    has none) a digest of its settings."""
    if normalizer is None:
        return None
    if type(normalizer) is SentencePieceNormalizer:
        return {"type": "SentencePieceNormalizer", "settings": normalizer.settings_key()}
    return normalizer.to_dict()


def _cut_before_runs(rep: str) -> Any:
    """A run of ``rep`` and what follows it up to the next run, or a text before the first
    run: ``findall`` cuts a text before each run of ``rep``."""
    escaped = regex.escape(rep)
    return regex.compile(f"{escaped}+[^{escaped}]*|[^{escaped}]+")


def _spm_parts_words(text_of: Any) -> Any:
    """The parts of a document's normalized text cut before each run of ``▁``."""
    parts = _cut_before_runs("▁")

    def words_of(doc: str) -> list[str]:
        text = text_of(doc)
        return parts.findall(text) if text else []

    return words_of


def spm_parts_exact(tokenizer: Any) -> bool:
    """Whether ``tokenizer`` encodes as the sentencepiece library's BPE does (its
    normalizer, no pre-tokenizer, :class:`SentencePieceBPE`) and its model tokenizes any
    normalized text as the concatenation of the parts cut before each run of ``▁``.

    The model merges over the whole text (the library has no pre-tokenizer), but a merge
    joins two neighbouring symbols into a piece: if no piece holds ``▁`` right after
    another char, no merge joins across a cut, and merges inside one part neither see nor
    change the others (highest score first, leftmost on a tie: the order within a part is
    the same). A user-defined symbol spanning a cut would hold such a ``▁`` too, so the
    left-to-right symbol scan reaches each cut. ``▁`` itself is a piece, so a run of
    unknown characters (one unknown token without byte fallback) never reaches across.
    """
    normalizer, model = tokenizer.normalizer, tokenizer.model
    if tokenizer.pre_tokenizer is not None or type(model) is not SentencePieceBPE \
            or type(normalizer) is not SentencePieceNormalizer:
        return False
    if not normalizer.spec.escape_whitespaces or normalizer.spec.treat_whitespace_as_suffix:
        return False
    vocab = model.get_vocab()
    return "▁" in vocab and not any("▁" in token.lstrip("▁") for token in vocab)


def metaspace_parts_exact(model: Any, replacement: str) -> bool:
    """Whether ``model`` tokenizes any text as the concatenation of its parts cut before
    each run of ``replacement``.

    A BPE merge joins two neighbouring symbols into a vocabulary token; if no token holds
    ``replacement`` right after another char (runs of it are fine), no merge ever joins
    across such a cut, and merges inside one part neither see nor change the others (HF
    applies them by rank, then position). Unknown chars are fused only with unknown
    neighbours, and the replacement is known. Dropout, ``ignore_merges`` (a whole part may
    be a token) and a prefix or suffix (added per word) would break this.
    """
    if type(model) is not BPE or model.dropout or model.ignore_merges \
            or model.continuing_subword_prefix or model.end_of_word_suffix:
        return False
    vocab = model.get_vocab()
    if replacement not in vocab:
        return False
    return not any(replacement in token.lstrip(replacement) for token in vocab)


# ----------------------------------------------------------------------------- counting
@dataclass
class ChunkCounts:
    """What :func:`count_chunk` found in some documents; added up with :meth:`add`."""

    characters: int = 0
    words: int = 0
    documents: int = 0
    #: per pipeline: raw pieces before the counter's ``key_map`` (see ChunkCounter)
    raw: list[Counter[str]] = field(default_factory=list)
    #: per pipeline: model inputs of the documents set aside
    aside: list[Counter[str]] = field(default_factory=list)
    #: per pipeline: added-token ids found in the text
    added: list[Counter[int]] = field(default_factory=list)
    #: documents set aside, per pipeline
    set_aside: list[int] = field(default_factory=list)

    def add(self, other: ChunkCounts) -> ChunkCounts:
        """Add ``other`` (a later stretch of the corpus) to this one; return this one."""
        self.characters += other.characters
        self.words += other.words
        self.documents += other.documents
        if not self.raw:
            self.raw = [Counter() for _ in other.raw]
            self.aside = [Counter() for _ in other.aside]
            self.added = [Counter() for _ in other.added]
            self.set_aside = [0 for _ in other.set_aside]
        for mine, theirs in ((self.raw, other.raw), (self.aside, other.aside),
                             (self.added, other.added)):
            for a, b in zip(mine, theirs):
                a.update(b)
        self.set_aside = [a + b for a, b in zip(self.set_aside, other.set_aside)]
        return self

    def model_inputs(self, pipelines: list[Pipeline], index: int) -> Counter[str]:
        """Pipeline ``index``'s model inputs with their counts (raw pieces mapped)."""
        inputs = pipelines[index].counter.words(self.raw[index])
        if self.aside[index]:
            inputs = Counter(inputs)  # words() may return raw itself
            inputs.update(self.aside[index])
        return inputs


_WORDS = ChunkCounter.for_components(None, Whitespace())


def count_chunk(docs: list[str], pipelines: list[Pipeline]) -> ChunkCounts:
    """The counts of a chunk of documents for each pipeline, and the corpus's own."""
    distinct = Counter(docs)  # identical documents (blank lines...) are cut once
    out = ChunkCounts(sum(map(len, docs)), _count_words(distinct), len(docs))
    for pipeline in pipelines:
        raw: Counter[str] = Counter()
        aside: Counter[str] = Counter()
        added: Counter[int] = Counter()
        words_of = pipeline.counter.words_of
        n_aside = 0
        once: list[str] = []  # documents met once: their words counted in one C-level call
        for doc, n in distinct.items():
            if pipeline.set_aside(doc):
                n_aside += n
                if pipeline.by_segments:
                    for id_, start, end in pipeline.added.cut(doc, False):
                        if id_ is not None:
                            added[id_] += n
                            continue
                        for word, count in Counter(words_of(doc[start:end])).items():
                            raw[word] += count * n
                    continue
                doc_added: Counter[int] = Counter()
                doc_pieces: Counter[str] = Counter()
                pipeline.pieces_of(doc, doc_added, doc_pieces)
                for counter, found in ((added, doc_added), (aside, doc_pieces)):
                    for key, count in found.items():
                        counter[key] += count * n
            elif n == 1:
                once.append(doc)
            else:
                for word, count in Counter(words_of(doc)).items():
                    raw[word] += count * n
        raw.update(chain.from_iterable(map(words_of, once)))
        out.raw.append(raw)
        out.aside.append(aside)
        out.added.append(added)
        out.set_aside.append(n_aside)
    return out


def _count_words(distinct: Counter[str]) -> int:
    words_of = _WORDS.words_of  # the Whitespace pieces (compare.words), exact shortcuts
    return sum(len(words_of(doc)) * n for doc, n in distinct.items())


# ----------------------------------------------------------------------------- encoding
@dataclass
class TokenSums:
    """One tokenizer's token counts over some model inputs and added tokens."""

    tokens: int = 0
    unknown: int = 0
    ids: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    counts: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def add(self, other: TokenSums) -> TokenSums:
        self.tokens += other.tokens
        self.unknown += other.unknown
        ids = np.concatenate([self.ids, other.ids])
        counts = np.concatenate([self.counts, other.counts])
        self.ids, self.counts = _summed(ids, counts)
        return self

    def token_counts(self) -> Counter[int]:
        return Counter(dict(zip(self.ids.tolist(), self.counts.tolist())))


def _summed(ids: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if not len(ids):
        return ids.astype(np.int64), counts.astype(np.int64)
    unique, inverse = np.unique(ids, return_inverse=True)
    summed = np.zeros(len(unique), dtype=np.int64)
    np.add.at(summed, inverse, counts)
    keep = summed != 0
    return unique[keep], summed[keep]


def model_ids(model: Any) -> Any:
    """``text -> token ids`` of ``model`` (what ``encode`` gets for one model input)."""
    if type(model) is BPE and not model.dropout:
        # ids only: BPE.tokenize's merges without the token strings, offsets and word cache
        vocab, merged, whole_words = model.vocab, model.merged_symbols, model.ignore_merges

        def bpe_ids(text: str) -> list[int]:
            if not text:
                return []
            if whole_words:
                found = vocab.get(text)
                if found is not None:
                    return [found]
            return merged(text, None)[0]

        return bpe_ids
    columns = getattr(model, "tokenize_columns", None)
    if columns is not None:
        return lambda text: columns(text)[0]
    return lambda text: [token.id for token in model.tokenize(text)]


def encode_counts(tokenizer: Any, pieces: Iterable[str], counts: Iterable[int],
                  added: Counter[int] | None = None) -> TokenSums:
    """Encode each distinct model input once with the tokenizer's model; weight it by its
    count. ``added``: added-token ids found in the text, each one token."""
    ids_of = model_ids(tokenizer.model)
    flat: list[int] = []
    lengths: list[int] = []
    for piece in pieces:
        ids = ids_of(piece)
        flat += ids
        lengths.append(len(ids))
    weights = np.asarray(list(counts), dtype=np.int64)
    lens = np.asarray(lengths, dtype=np.int64)
    all_ids = np.asarray(flat, dtype=np.int64)
    per_token = np.repeat(weights, lens) if len(lens) else np.zeros(0, dtype=np.int64)
    if added:
        all_ids = np.concatenate([all_ids, np.fromiter(added.keys(), np.int64, len(added))])
        per_token = np.concatenate([per_token,
                                    np.fromiter(added.values(), np.int64, len(added))])
    unk = unk_id(tokenizer)
    unknown = int(per_token[all_ids == unk].sum()) if unk is not None else 0
    ids, sums = _summed(all_ids, per_token)
    return TokenSums(int(per_token.sum()), unknown, ids, sums)


__all__ = [
    "ChunkCounts", "Pipeline", "TokenSums", "count_chunk", "encode_counts",
    "metaspace_parts_exact", "model_ids", "pipeline_of",
]
