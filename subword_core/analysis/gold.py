"""Gold entity labels against a tokenizer: alignment, fragmentation and regrouping (no Qt).

A labelled file (word-per-line CoNLL/IOB, or JSONL with character spans) holds
documents whose entities are known. For a tokenizer this module answers the
questions a token-classification dataset raises:

- how the word labels land on tokens (:func:`align_doc`, built on
  :func:`subword_core.analysis.labels.align_sentence`'s pieces: first sub-token only or
  all, ``None`` = -100 for the rest);
- which entities the tokenizer fragments, and into how many tokens;
- whether regrouping the token labels gives the gold entities back
  (:func:`check_entities`). A byte-level token carries its leading space
  (``Ġword`` covers `` word``), so a regrouped span is compared *after trimming
  whitespace*: that is a match, not a difference.

:func:`iter_gold_figures` gives the corpus-wide figures per tokenizer (entities,
share split, mean tokens per entity, share regrouped exactly) as a generator
with progress events, for a worker.

JSONL input: one object per line, ``{"text": ..., "entities": [{"start", "end",
"label"}]}``. Its words are the whitespace-separated words of the text, further cut
at entity boundaries (``London.`` with ``London`` labelled is the words ``London``
and ``.``, as a CoNLL file would have them), so that a difference on regrouping is
the tokenizer's doing, not the word split's. A word inside an entity takes its
label (``B-`` on the entity's first word, ``I-`` after: IOB2).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._util.progress import StageProgress, StageStarted
from ..errors import CorpusError
from ..serialization import json_error
from .labels import (
    Alignment,
    CharEntity,
    LabeledSentence,
    align_labels,
    entities_from_tags,
    join_words,
    read_conll,
    regroup_entities,
    scheme_problems,
    token_word_indices,
)

Span = tuple[int, int]
GOLD_STAGE = "gold_labels"
#: File name endings read as JSONL spans; anything else is read as CoNLL/IOB columns.
JSONL_SUFFIXES = (".jsonl", ".ndjson", ".json")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class LabeledDoc:
    """One labelled text: its words (with character spans), word tags and gold entities."""

    text: str
    words: list[str]
    word_spans: list[Span]
    tags: list[str]
    entities: list[CharEntity]
    line: int = 0  # where it starts in its file (1-based; 0 = not from a file)


@dataclass(frozen=True)
class EntityCheck:
    """One gold entity against a tokenizer."""

    entity: CharEntity
    tokens: int                        # tokens overlapping the entity
    regrouped: CharEntity | None       # the regrouped entity over it, whitespace-trimmed
    exact: bool                        # same label and span after trimming

    @property
    def split(self) -> bool:
        return self.tokens > 1


@dataclass(frozen=True)
class GoldFigures:
    """Corpus-wide gold-label figures for one tokenizer."""

    documents: int = 0
    entities: int = 0
    split: int = 0
    tokens: int = 0
    exact: int = 0

    @property
    def share_split(self) -> float:
        return self.split / self.entities if self.entities else 0.0

    @property
    def tokens_per_entity(self) -> float:
        return self.tokens / self.entities if self.entities else 0.0

    @property
    def share_exact(self) -> float:
        return self.exact / self.entities if self.entities else 0.0


# ----------------------------------------------------------------------------- documents
def doc_from_sentence(sentence: LabeledSentence, line: int = 0) -> LabeledDoc:
    """A CoNLL sentence as a document: words joined with single spaces."""
    text, spans = join_words(sentence.words)
    entities = [_char_entity(text, e.label, spans[e.start][0], spans[e.end - 1][1])
                for e in entities_from_tags(sentence.tags)]
    return LabeledDoc(text, list(sentence.words), spans, list(sentence.tags), entities, line)


def doc_from_spans(text: str, entities: Iterable[tuple[str, int, int]], line: int = 0
                   ) -> LabeledDoc:
    """A text with ``(label, start, end)`` character spans as a document.

    Words are the whitespace-split words cut at entity boundaries; a word inside an
    entity takes its label, ``B-`` on the entity's first word and ``I-`` after (IOB2).
    Spans must be in range and must not overlap (see :func:`read_spans_jsonl`).
    """
    gold = sorted((_char_entity(text, label, s, e) for label, s, e in entities),
                  key=lambda c: c.start)
    words, spans, tags = [], [], []
    previous: CharEntity | None = None
    cuts = {c for g in gold for c in (g.start, g.end)}
    for start, end in _cut_words(text, cuts):
        words.append(text[start:end])
        spans.append((start, end))
        hit = next((g for g in gold if g.start < end and start < g.end), None)
        if hit is None:
            tags.append("O")
        else:
            tags.append(("I-" if hit is previous else "B-") + hit.label)
        previous = hit
    return LabeledDoc(text, words, spans, tags, gold, line)


def _cut_words(text: str, cuts: set[int]) -> list[Span]:
    """Whitespace-split word spans, each cut again at the positions in ``cuts``."""
    spans = []
    for m in _WORD.finditer(text):
        inner = sorted(c for c in cuts if m.start() < c < m.end())
        bounds = [m.start(), *inner, m.end()]
        spans.extend(zip(bounds, bounds[1:]))
    return spans


def _char_entity(text: str, label: str, start: int, end: int) -> CharEntity:
    return CharEntity(label, start, end, text[start:end])


# ----------------------------------------------------------------------------- reading
def read_gold(path: str | os.PathLike[str]) -> list[LabeledDoc]:
    """Read a labelled file: JSONL spans (``.jsonl``/``.ndjson``/``.json``) or CoNLL/IOB.

    Raises:
        CorpusError: unreadable or malformed, naming the file (and line for JSONL).
    """
    if str(path).lower().endswith(JSONL_SUFFIXES):
        return read_spans_jsonl(path)
    try:
        sentences = read_conll(path)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CorpusError(f"{path}: cannot read labels: {_one_line(exc)}") from None
    return [doc_from_sentence(s) for s in sentences]


def read_spans_jsonl(path: str | os.PathLike[str]) -> list[LabeledDoc]:
    """Read ``{"text", "entities": [{"start", "end", "label"}]}`` lines.

    Blank lines are skipped. Raises :class:`CorpusError` naming the file and line
    on invalid JSON, a missing key, a span out of range or overlapping spans, and
    when the file holds no document.
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path}: cannot read labels: {_one_line(exc)}") from None
    docs = [_parse_line(raw, path, n) for n, raw in enumerate(lines, 1) if raw.strip()]
    if not docs:
        raise CorpusError(f"{path}: no labelled text (expected one JSON object per line)")
    return docs


def _parse_line(raw: str, path: Any, line: int) -> LabeledDoc:
    where = f"{path}:{line}"
    try:
        record = json.loads(raw)
    except json.JSONDecodeError as exc:
        # One line of JSONL is one line of JSON: its column is what locates the fault.
        detail = json_error(exc).replace(" line 1 column ", " column ")
        raise CorpusError(f"{where}: invalid JSON ({detail})") from None
    if not isinstance(record, dict):
        raise CorpusError(f"{where}: expected an object with 'text' and 'entities'")
    for key in ("text", "entities"):
        if key not in record:
            raise CorpusError(f"{where}: missing key {key!r}")
    text, raw_entities = record["text"], record["entities"]
    if not isinstance(text, str) or not isinstance(raw_entities, list):
        raise CorpusError(f"{where}: 'text' must be a string and 'entities' a list")
    spans = [_parse_entity(e, text, where) for e in raw_entities]
    ordered = sorted(spans, key=lambda s: (s[1], s[2]))
    for a, b in zip(ordered, ordered[1:]):
        if b[1] < a[2]:
            raise CorpusError(f"{where}: entities overlap ({a[1]}-{a[2]} and {b[1]}-{b[2]})")
    return doc_from_spans(text, spans, line)


def _parse_entity(entity: Any, text: str, where: str) -> tuple[str, int, int]:
    if not isinstance(entity, dict):
        raise CorpusError(f"{where}: an entity must be an object with start, end, label")
    for key in ("start", "end", "label"):
        if key not in entity:
            raise CorpusError(f"{where}: entity missing key {key!r}")
    start, end, label = entity["start"], entity["end"], entity["label"]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
        raise CorpusError(f"{where}: entity start and end must be integers")
    if not isinstance(label, str) or not label:
        raise CorpusError(f"{where}: entity label must be a non-empty string")
    if not 0 <= start < end <= len(text):
        raise CorpusError(f"{where}: span {start}-{end} out of range "
                          f"(text has {len(text)} characters)")
    return label, start, end


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


# ----------------------------------------------------------------------------- alignment
def align_doc(doc: LabeledDoc, tokenizer: Any, mode: str = "first",
              scheme: str = "IOB2") -> Alignment:
    """Encode a document and align its word tags to tokens (see ``labels.align_labels``).

    ``original`` holds the gold entities (character spans), ``regrouped`` the
    entities decoded back from the token labels and offsets (untrimmed).
    """
    encoding = tokenizer.encode(doc.text)
    token_words = token_word_indices(encoding.offsets, encoding.special_tokens_mask,
                                     doc.word_spans)
    labels = align_labels(token_words, doc.tags, mode)
    regrouped = regroup_entities(doc.text, encoding.offsets, token_words, labels)
    return Alignment(list(doc.words), list(doc.tags), doc.text, list(doc.word_spans),
                     list(encoding.tokens), list(encoding.offsets), token_words, labels,
                     list(doc.entities), regrouped, scheme_problems(doc.tags, scheme))


def trim_entity(entity: CharEntity) -> CharEntity:
    """The entity without the whitespace at its ends (a byte-level token's leading space)."""
    lead = len(entity.text) - len(entity.text.lstrip())
    stripped = entity.text.strip()
    start = entity.start + lead
    return CharEntity(entity.label, start, start + len(stripped), stripped)


def check_entities(alignment: Alignment) -> list[EntityCheck]:
    """Each gold entity: tokens it covers, and whether regrouping gives it back exactly."""
    trimmed = [trim_entity(r) for r in alignment.regrouped]
    checks = []
    for gold in alignment.original:
        n = sum(1 for (s, e), w in zip(alignment.offsets, alignment.token_words)
                if w is not None and s < gold.end and gold.start < e)
        over = next((r for r in trimmed if r.start < gold.end and gold.start < r.end), None)
        exact = over is not None and (over.label, over.start, over.end) == (
            gold.label, gold.start, gold.end)
        checks.append(EntityCheck(gold, n, over, exact))
    return checks


def figures_of(checks: Iterable[EntityCheck], documents: int = 1) -> GoldFigures:
    """Sum entity checks into :class:`GoldFigures`."""
    checks = list(checks)
    return GoldFigures(documents, len(checks), sum(c.split for c in checks),
                       sum(c.tokens for c in checks), sum(c.exact for c in checks))


def iter_gold_figures(docs: Sequence[LabeledDoc], tokenizer: Any, mode: str = "first",
                      scheme: str = "IOB2",
                      ) -> Generator[StageStarted | StageProgress, None, GoldFigures]:
    """Align every document; return the corpus-wide :class:`GoldFigures`.

    Yields ``StageStarted``/``StageProgress`` (stage ``gold_labels``, in documents)
    after each document, so a worker can show progress and cancel between them.
    """
    yield StageStarted(GOLD_STAGE, len(docs))
    total = GoldFigures()
    for i, doc in enumerate(docs, 1):
        f = figures_of(check_entities(align_doc(doc, tokenizer, mode, scheme)))
        total = GoldFigures(i, total.entities + f.entities, total.split + f.split,
                            total.tokens + f.tokens, total.exact + f.exact)
        yield StageProgress(GOLD_STAGE, i, len(docs))
    return total


__all__ = [
    "GOLD_STAGE", "JSONL_SUFFIXES", "EntityCheck", "GoldFigures", "LabeledDoc", "align_doc",
    "check_entities", "doc_from_sentence", "doc_from_spans", "figures_of", "iter_gold_figures",
    "read_gold", "read_spans_jsonl", "trim_entity",
]
