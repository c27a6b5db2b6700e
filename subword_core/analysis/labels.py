"""Token-classification views of an encoding: aggregation strategies and IOB label alignment.

Two questions a token-classification model raises, answered on top of an
:class:`~subword_core.encoding.Encoding` (pure Python, no Qt):

1. **Aggregation** (:func:`aggregate`): given a score vector per token, how are
   tokens grouped back into words and entities? This reproduces the
   ``aggregation_strategy`` of the ``transformers`` token-classification pipeline:
   ``none`` (one row per token), ``simple`` (adjacent tokens with the same tag
   merge), and the word-level ``first`` / ``average`` / ``max`` (a word takes the
   first token's scores, the mean of its tokens' scores, or the scores of its most
   confident token; then adjacent words with the same tag merge). By default,
   unlike the pipeline, which guesses "is this a sub-word?" from the text around
   a token, a token continues a word when it has the same ``word_id`` as the
   previous token, and a group's ``word`` is the original-text slice of its
   offsets; given the pipeline's sub-word flags and the tokenizer's decoder, the
   result is the pipeline's own (:mod:`subword_core.analysis.token_classification` does
   this for a real model).
2. **Label alignment** (:func:`align_sentence`): a word-per-line IOB/CoNLL
   sentence is joined with spaces, encoded, and each word's tag is copied onto its
   sub-tokens, either on the first sub-token only (the others get ``-100``, shown
   as ``None``) or on all of them (continuation tokens turn ``B-X`` into ``I-X``,
   as the Hugging Face course's ``align_labels_with_tokens`` does). The token
   labels are then regrouped into entities *using only token offsets*, and
   compared with the original entities: a byte-level token that carries the
   leading space (``Ġword``) makes the regrouped span start one character early,
   which the check reports.

IOB1 vs IOB2: in IOB2 every entity starts with ``B-``; in IOB1 entities start
with ``I-`` and ``B-`` marks only an entity that directly follows another of the
same type. :func:`entities_from_tags` decodes both leniently (a stray ``I-X``
starts an entity); :func:`tags_from_entities` writes either scheme, and
:func:`scheme_problems` lists tags that break a scheme's rules.

Example:
    >>> [(e.label, e.start, e.end) for e in entities_from_tags(["B-PER", "I-PER", "O", "I-LOC"])]
    [('PER', 0, 2), ('LOC', 3, 4)]
    >>> tags_from_entities([Entity("PER", 0, 1), Entity("PER", 1, 2)], 2, "IOB1")
    ['I-PER', 'B-PER']
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

STRATEGIES = ("none", "simple", "first", "average", "max")
ALIGN_MODES = ("first", "all")
SCHEMES = ("IOB1", "IOB2")
#: The label PyTorch's cross-entropy ignores; tokens that get it are shown as ``None``.
IGNORE_INDEX = -100

Span = tuple[int, int]


# ----------------------------------------------------------------------------- aggregation
@dataclass(frozen=True)
class Group:
    """One row of an aggregated token-classification output.

    ``entity_group`` is the tag (``none``: the raw label of one token); ``start``/``end``
    are character offsets in the original text; ``tokens`` are encoding indices.
    """

    entity_group: str
    word: str
    start: int
    end: int
    score: float
    tokens: tuple[int, ...]


def two_class_scores(values: Sequence[float], labels: tuple[str, str] = ("LOW", "HIGH")
                     ) -> tuple[list[tuple[float, float]], tuple[str, str]]:
    """Turn one score in [0, 1] per token into ``(1 - v, v)`` over two labels.

    This lets any per-token number (corpus frequency, merge rank, log-probability,
    rescaled to [0, 1]) go through the same aggregation as a classifier's output.
    """
    vectors = [(1.0 - v, v) for v in (min(1.0, max(0.0, float(x))) for x in values)]
    return vectors, labels


def aggregate(text: str, encoding: Any, scores: Sequence[Sequence[float]],
              labels: Sequence[str], strategy: str = "simple",
              ignore_labels: Iterable[str] = (), *,
              subword_flags: Sequence[bool] | None = None,
              token_words: Sequence[str] | None = None,
              decode: Callable[[list[str]], str] | None = None) -> list[Group]:
    """Group the encoding's tokens as the token-classification pipeline does.

    Args:
        text: the original text the encoding was made from.
        encoding: offsets, word_ids and special_tokens_mask are used.
        scores: one vector per token (``len(labels)`` probabilities each).
        labels: label names, index-aligned with each score vector.
        strategy: one of :data:`STRATEGIES`.
        ignore_labels: groups with these labels are dropped (the pipeline drops ``"O"``).
        subword_flags: per token, whether it continues the previous token's word (the
            pipeline's guess, see :mod:`subword_core.analysis.token_classification`); by default a
            token continues a word when it has the previous token's ``word_id``.
        token_words: per token, the string the pipeline reads for it (the vocabulary
            token, or the text under an unknown token); needed with ``decode``.
        decode: ``tokens -> text`` (the tokenizer's decoder). Given, a group's ``word`` is
            built from token strings as the pipeline builds it (a word-level strategy
            decodes each word, then the group of decoded words); else it is the slice of
            the text between the group's offsets.

    Returns:
        Groups in text order.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown aggregation strategy {strategy!r}; expected one of {STRATEGIES}")
    if decode is not None and token_words is None:
        raise ValueError("decode needs token_words")
    pre = _pre_entities(text, encoding, scores, subword_flags, token_words)
    # word strategies first collapse each word's tokens into one entity
    if strategy in ("none", "simple"):
        entities = [_Labeled(labels[_argmax(p.scores)], max(p.scores), p.start, p.end,
                             (p.index,), p.word) for p in pre]
    else:
        entities = [_aggregate_word(w, labels, strategy, decode) for w in _words(pre)]
    # "none" stops here; the others merge adjacent entities of the same tag
    if strategy == "none":
        groups = [Group(e.label, e.word, e.start, e.end, e.score, e.tokens) for e in entities]
    else:
        groups = [_group(run, text, decode) for run in _runs(entities)]
    ignored = set(ignore_labels)
    return [g for g in groups if g.entity_group not in ignored]


def _pre_entities(text: str, encoding: Any, scores: Sequence[Sequence[float]],
                  subword_flags: Sequence[bool] | None,
                  token_words: Sequence[str] | None) -> list[_PreEntity]:
    """One pre-entity per non-special token (the pipeline's ``gather_pre_entities``)."""
    pre = []
    previous_word = None
    for i, (start, end) in enumerate(encoding.offsets):
        if encoding.special_tokens_mask[i]:
            previous_word = None
            continue
        word_id = encoding.word_ids[i]
        if subword_flags is None:
            is_subword = word_id is not None and word_id == previous_word
        else:
            is_subword = bool(subword_flags[i])
        previous_word = word_id
        word = text[start:end] if token_words is None else token_words[i]
        pre.append(_PreEntity(i, start, end, tuple(float(s) for s in scores[i]), is_subword,
                              word))
    return pre


@dataclass(frozen=True)
class _PreEntity:
    index: int
    start: int
    end: int
    scores: tuple[float, ...]
    is_subword: bool
    word: str


@dataclass(frozen=True)
class _Labeled:
    label: str
    score: float
    start: int
    end: int
    tokens: tuple[int, ...]
    word: str


def _argmax(values: Sequence[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)  # first index wins ties, like numpy


def _words(pre: list[_PreEntity]) -> list[list[_PreEntity]]:
    words: list[list[_PreEntity]] = []
    for p in pre:
        if words and p.is_subword:
            words[-1].append(p)
        else:
            words.append([p])
    return words


def _aggregate_word(word: list[_PreEntity], labels: Sequence[str], strategy: str,
                    decode: Callable[[list[str]], str] | None) -> _Labeled:
    if strategy == "first":
        scores = word[0].scores
    elif strategy == "max":
        scores = max(word, key=lambda p: max(p.scores)).scores  # first of equals, like max()
    else:  # average
        scores = tuple(sum(col) / len(word) for col in zip(*(p.scores for p in word)))
    best = _argmax(scores)
    text = decode([p.word for p in word]) if decode is not None else ""
    return _Labeled(labels[best], scores[best], word[0].start, word[-1].end,
                    tuple(p.index for p in word), text)


def _split_tag(label: str) -> tuple[str, str]:
    """``("B"|"I", type)``; a label without a prefix continues (the pipeline's rule)."""
    if label.startswith("B-"):
        return "B", label[2:]
    if label.startswith("I-"):
        return "I", label[2:]
    return "I", label


def _runs(entities: list[_Labeled]) -> list[list[_Labeled]]:
    runs: list[list[_Labeled]] = []
    for e in entities:
        bi, tag = _split_tag(e.label)
        if runs and bi != "B" and _split_tag(runs[-1][-1].label)[1] == tag:
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def _group(run: list[_Labeled], text: str, decode: Callable[[list[str]], str] | None) -> Group:
    start, end = run[0].start, run[-1].end
    score = sum(e.score for e in run) / len(run)
    tokens = tuple(t for e in run for t in e.tokens)
    word = decode([e.word for e in run]) if decode is not None else text[start:end]
    # the group is named after its first label with everything up to the first "-" cut
    # (the pipeline's group_sub_entities), which differs from _split_tag for "X-Y" labels
    return Group(run[0].label.split("-", 1)[-1], word, start, end, score, tokens)


# ----------------------------------------------------------------------------- IOB tags
@dataclass(frozen=True)
class Entity:
    """An entity over a sequence of units (words or tokens): ``[start, end)`` indices."""

    label: str
    start: int
    end: int


@dataclass(frozen=True)
class CharEntity:
    """An entity as a character span of the original text."""

    label: str
    start: int
    end: int
    text: str


@dataclass
class LabeledSentence:
    words: list[str]
    tags: list[str]


def read_conll(source: str | os.PathLike[str] | Iterable[str]) -> list[LabeledSentence]:
    """Read a word-per-line file: the first column is the word, the last the IOB tag.

    Blank lines end a sentence; ``-DOCSTART-`` lines and ``#`` comments are skipped.
    A line with a single column gets the tag ``O``.

    Raises:
        ValueError: when no sentence was found.
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, encoding="utf-8") as fh:
            return read_conll(fh.read().splitlines())
    sentences: list[LabeledSentence] = []
    words: list[str] = []
    tags: list[str] = []
    for raw in source:
        line = raw.rstrip("\r\n")
        if not line.strip():
            if words:
                sentences.append(LabeledSentence(words, tags))
                words, tags = [], []
            continue
        if line.startswith("-DOCSTART-") or line.lstrip().startswith("#"):
            continue
        columns = line.split("\t") if "\t" in line else line.split()
        words.append(columns[0])
        tags.append(columns[-1] if len(columns) > 1 else "O")
    if words:
        sentences.append(LabeledSentence(words, tags))
    if not sentences:
        raise ValueError("no labeled sentence found (expected 'word<TAB>tag' lines)")
    return sentences


def entities_from_tags(tags: Sequence[str | None]) -> list[Entity]:
    """Decode IOB1 or IOB2 tags leniently: ``B-X`` or a type change starts an entity.

    ``None`` (an ignored token) and ``O`` end the current entity.
    """
    entities: list[Entity] = []
    current: list[Any] | None = None  # [label, start]
    for i, tag in enumerate(tags):
        if tag is None or tag == "O":
            if current:
                entities.append(Entity(current[0], current[1], i))
            current = None
            continue
        bi, label = _split_tag(tag)
        if current and bi == "I" and current[0] == label:
            continue
        if current:
            entities.append(Entity(current[0], current[1], i))
        current = [label, i]
    if current:
        entities.append(Entity(current[0], current[1], len(tags)))
    return entities


def tags_from_entities(entities: Iterable[Entity], length: int, scheme: str = "IOB2") -> list[str]:
    """Write entities as tags of ``scheme`` (``IOB1`` or ``IOB2``)."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown scheme {scheme!r}")
    tags = ["O"] * length
    previous: Entity | None = None
    for e in sorted(entities, key=lambda e: e.start):
        for i in range(e.start, e.end):
            tags[i] = f"I-{e.label}"
        touching = previous is not None and previous.end == e.start and previous.label == e.label
        if scheme == "IOB2" or touching:
            tags[e.start] = f"B-{e.label}"
        previous = e
    return tags


def scheme_problems(tags: Sequence[str], scheme: str) -> list[int]:
    """Indices of tags that break ``scheme`` (they still decode leniently)."""
    problems = []
    for i, tag in enumerate(tags):
        bi, label = _split_tag(tag) if tag != "O" else ("O", "")
        prev_label = _split_tag(tags[i - 1])[1] if i and tags[i - 1] != "O" else None
        if scheme == "IOB2" and bi == "I" and prev_label != label:
            problems.append(i)
        if scheme == "IOB1" and bi == "B" and prev_label != label:
            problems.append(i)
    return problems


def convert_scheme(tags: Sequence[str], scheme: str) -> list[str]:
    """Re-encode tags (IOB1 or IOB2) in ``scheme``."""
    return tags_from_entities(entities_from_tags(tags), len(tags), scheme)


# ----------------------------------------------------------------------------- alignment
@dataclass
class Alignment:
    """One sentence's words, its encoding and the labels of its tokens."""

    words: list[str]
    tags: list[str]
    text: str
    word_spans: list[Span]
    tokens: list[str]
    offsets: list[Span]
    token_words: list[int | None]          # input word per token (None: special/unmatched)
    token_labels: list[str | None]         # None = IGNORE_INDEX (-100)
    original: list[CharEntity]
    regrouped: list[CharEntity]
    scheme_problems: list[int] = field(default_factory=list)

    @property
    def matches(self) -> bool:
        return self.original == self.regrouped

    @property
    def tokens_per_entity(self) -> list[int]:
        """How many tokens each original entity was split into."""
        counts = []
        for e in self.original:
            counts.append(sum(1 for (s, t), w in zip(self.offsets, self.token_words)
                              if w is not None and s < e.end and e.start < t))
        return counts

    @property
    def n_split_entities(self) -> int:
        return sum(1 for n in self.tokens_per_entity if n > 1)


def join_words(words: Sequence[str]) -> tuple[str, list[Span]]:
    """``" ".join(words)`` and each word's character span in it."""
    spans, pos = [], 0
    for w in words:
        spans.append((pos, pos + len(w)))
        pos += len(w) + 1
    return " ".join(words), spans


def token_word_indices(offsets: Sequence[Span], special_mask: Sequence[int],
                       word_spans: Sequence[Span]) -> list[int | None]:
    """The input word each token overlaps most (None for special tokens).

    Words are matched by offsets, not by the encoding's ``word_ids``, because the
    pre-tokenizer may cut one input word into several pieces (``U.S.``).
    """
    result: list[int | None] = []
    for (s, e), special in zip(offsets, special_mask):
        best, best_overlap = None, 0
        if not special and s < e:
            for w, (ws, we) in enumerate(word_spans):
                overlap = min(e, we) - max(s, ws)
                if overlap > best_overlap:
                    best, best_overlap = w, overlap
                elif best is None and ws == e:
                    # a space-only token ("Ġ", "▁") belongs to the word it precedes,
                    # as the pre-tokenizer put it there
                    best = w
        result.append(best)
    return result


def align_labels(token_words: Sequence[int | None], tags: Sequence[str],
                 mode: str = "first") -> list[str | None]:
    """Copy word tags onto tokens; ``None`` marks an ignored token (label -100).

    Args:
        token_words: input word index per token (from :func:`token_word_indices`).
        tags: one tag per word.
        mode: ``"first"`` labels only a word's first token; ``"all"`` labels every
            token, continuation tokens turning ``B-X`` into ``I-X``.
    """
    if mode not in ALIGN_MODES:
        raise ValueError(f"unknown alignment mode {mode!r}")
    labels: list[str | None] = []
    previous = None
    for w in token_words:
        if w is None:
            labels.append(None)
        elif w != previous:
            labels.append(tags[w])
        elif mode == "all":
            tag = tags[w]
            labels.append("I-" + tag[2:] if tag.startswith("B-") else tag)
        else:
            labels.append(None)
        previous = w if w is not None else previous
    return labels


def regroup_entities(text: str, offsets: Sequence[Span], token_words: Sequence[int | None],
                     token_labels: Sequence[str | None]) -> list[CharEntity]:
    """Entities decoded from token labels, as character spans from the token offsets.

    An ignored token (``None``) of the same word as the token before it continues
    that token's entity, which is how predictions of "first sub-token" models are
    read back.
    """
    effective: list[str | None] = []
    for i, (w, label) in enumerate(zip(token_words, token_labels)):
        if label is None and w is not None and i and token_words[i - 1] == w:
            prev = effective[-1]
            label = "O" if prev in (None, "O") else "I-" + _split_tag(prev)[1]
        effective.append(label if w is not None else None)
    result = []
    for e in entities_from_tags(effective):
        start, end = offsets[e.start][0], offsets[e.end - 1][1]
        result.append(CharEntity(e.label, start, end, text[start:end]))
    return result


def align_sentence(sentence: LabeledSentence, tokenizer: Any, mode: str = "first",
                   scheme: str = "IOB2") -> Alignment:
    """Encode one labeled sentence and align, regroup and check its labels.

    Args:
        sentence: words and their tags (in ``scheme``).
        tokenizer: anything with ``encode(text) -> Encoding``.
        mode: see :func:`align_labels`.
        scheme: the tag scheme of the file (``IOB1`` or ``IOB2``); used for the
            scheme check only, since decoding is lenient.
    """
    text, spans = join_words(sentence.words)
    encoding = tokenizer.encode(text)
    token_words = token_word_indices(encoding.offsets, encoding.special_tokens_mask, spans)
    labels = align_labels(token_words, sentence.tags, mode)
    original = [CharEntity(e.label, spans[e.start][0], spans[e.end - 1][1],
                           text[spans[e.start][0]:spans[e.end - 1][1]])
                for e in entities_from_tags(sentence.tags)]
    regrouped = regroup_entities(text, encoding.offsets, token_words, labels)
    return Alignment(list(sentence.words), list(sentence.tags), text, spans, list(encoding.tokens),
                     list(encoding.offsets), token_words, labels, original, regrouped,
                     scheme_problems(sentence.tags, scheme))


@dataclass(frozen=True)
class AlignmentSummary:
    sentences: int
    entities: int
    split_entities: int
    max_tokens_per_entity: int
    mismatched_sentences: int


def summarize(alignments: Sequence[Alignment]) -> AlignmentSummary:
    """Totals over a file: entities, entities split into several tokens, regroup mismatches."""
    per_entity = [n for a in alignments for n in a.tokens_per_entity]
    return AlignmentSummary(
        sentences=len(alignments),
        entities=len(per_entity),
        split_entities=sum(1 for n in per_entity if n > 1),
        max_tokens_per_entity=max(per_entity, default=0),
        mismatched_sentences=sum(1 for a in alignments if not a.matches),
    )


__all__ = [
    "ALIGN_MODES", "IGNORE_INDEX", "SCHEMES", "STRATEGIES", "Alignment", "AlignmentSummary",
    "CharEntity", "Entity", "Group", "LabeledSentence", "aggregate", "align_labels",
    "align_sentence", "convert_scheme", "entities_from_tags", "join_words", "read_conll",
    "regroup_entities", "scheme_problems", "summarize", "tags_from_entities",
    "token_word_indices", "two_class_scores",
]
