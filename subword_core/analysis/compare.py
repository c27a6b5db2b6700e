"""Compare tokenizers on one text: aligned boundaries, per-tokenizer metrics, vocabulary overlap.

Encodings of one text by different tokenizers share one coordinate system: the
character offsets into the original text (see :mod:`subword_core.encoding`). This
module lines them up:

- :func:`align` gives, per tokenizer, the runs of characters covered by the same
  tokens (what the compare view draws) and its *boundaries*, and across tokenizers
  the boundaries they agree on and the ones they do not;
- :func:`text_metrics` / :func:`iter_corpus_profiles`: tokens, characters per token,
  tokens per word (fertility) and the share of unknown tokens, on one text or on a
  corpus (a generator for the GUI's worker, with the token counts the Zipf plot needs);
- :func:`iter_gold_profiles`: with gold entity labels, how each tokenizer fragments the
  entities (share split into several tokens, tokens per entity, exact regrouping), the
  figures of :mod:`subword_core.analysis.gold` for every compared tokenizer on the same texts;
- :func:`vocab_overlap` / :func:`pairwise_overlaps`: shared vocabulary between two
  tokenizers, both as raw strings and as *surface forms* (markers such as ``Ġ``,
  ``▁``, ``##`` and ``</w>`` removed, byte-level symbols decoded), since the raw
  spellings of different families almost never coincide.

Definitions (one per figure, the same for every tokenizer, so numbers compare):

- A **boundary** is a position ``p`` (a cut just before character ``p``) between two
  non-whitespace characters — the previous non-whitespace character and ``p`` —
  that no single token covers together. Whitespace is skipped, so *where a space is
  attached* (``Ġworld`` vs ``world``) is not a segmentation difference; a character
  no token covers (dropped by the model) is cut on both sides. Cuts *inside* one
  character (byte-level tokens splitting an emoji) cannot be a character position:
  they are reported as ``split_chars``.
- A **word** is a piece of the ``Whitespace`` pre-tokenizer (``\\w+|[^\\w\\s]+``),
  the word unit of a word-level tokenizer, whatever each tokenizer's own
  pre-tokenizer does.
- **Tokens** exclude special tokens (``[CLS]``, ``[SEP]``: texts are encoded without
  them). **Unknown** tokens are those with the model's unknown id.
"""

from __future__ import annotations

import itertools
import re
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import byte_level_to_bytes, is_byte_level, unk_id
from ..encoding import Encoding
from .gold import GoldFigures, LabeledDoc, iter_gold_figures
from ..pre_tokenizers import Whitespace
from .._util.progress import StageProgress, StageStarted

_NON_SPACE = re.compile(r"\S")

Offsets = tuple[int, int]
#: The compare view shows at most this many tokenizers side by side.
MAX_COMPARE = 4
#: Progress stage of :func:`iter_corpus_profiles`.
PROFILE_STAGE = "profile_corpus"
METASPACE = "▁"


# ----------------------------------------------------------------------------- words
def words(text: str) -> list[tuple[str, Offsets]]:
    """The words of ``text`` (``Whitespace`` pre-tokenizer pieces) with their offsets.

    Example:
        >>> words("Hi, 한국어!")
        [('Hi', (0, 2)), (',', (2, 3)), ('한국어', (4, 7)), ('!', (7, 8))]
    """
    return Whitespace().pre_tokenize_str(text)


def word_count(text: str) -> int:
    """``len(words(text))`` without building the pieces' offsets (the corpus pass's count)."""
    return len(_WHITESPACE.fast_split(text)[0])


_WHITESPACE = Whitespace()


# ----------------------------------------------------------------------------- alignment
@dataclass(frozen=True)
class Segment:
    """Characters ``start:end`` all covered by the same tokens (indices into the encoding)."""

    start: int
    end: int
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class AlignedRow:
    """One tokenizer's encoding of the text, cut into :class:`Segment` runs."""

    name: str
    encoding: Encoding
    segments: tuple[Segment, ...]
    boundaries: frozenset[int]
    split_chars: frozenset[int]  # characters covered by several tokens
    unknown: frozenset[int]  # indices of unknown tokens

    def __reduce__(self) -> tuple:
        """Pickle the segments as three int columns: thousands of small objects made one
        by one in a single C call held the receiving process's GIL for 0.1 s per row (the
        window, when the Compare job comes back from a pool process); rebuilt in Python,
        they let its other threads run."""
        starts = array("q", (s.start for s in self.segments))
        ends = array("q", (s.end for s in self.segments))
        lengths = array("q", (len(s.tokens) for s in self.segments))
        flat = array("q", itertools.chain.from_iterable(s.tokens for s in self.segments))
        return _row_from_columns, (self.name, self.encoding, starts, ends, lengths, flat,
                                   self.boundaries, self.split_chars, self.unknown)


def _row_from_columns(name: str, encoding: Encoding, starts: Any, ends: Any, lengths: Any,
                      flat: Any, boundaries: frozenset[int], split_chars: frozenset[int],
                      unknown: frozenset[int]) -> AlignedRow:
    tokens = flat.tolist()
    segments, k = [], 0
    for start, end, n in zip(starts.tolist(), ends.tolist(), lengths.tolist()):
        segments.append(Segment(start, end, tuple(tokens[k:k + n])))
        k += n
    return AlignedRow(name, encoding, tuple(segments), boundaries, split_chars, unknown)


@dataclass(frozen=True)
class Alignment:
    """Two or more encodings of ``text`` lined up by character offsets."""

    text: str
    rows: tuple[AlignedRow, ...]

    @property
    def names(self) -> list[str]:
        return [row.name for row in self.rows]

    def row(self, name: str) -> AlignedRow:
        return next(r for r in self.rows if r.name == name)

    @property
    def common(self) -> frozenset[int]:
        """Boundaries every tokenizer has."""
        return (
            frozenset.intersection(*(r.boundaries for r in self.rows)) if self.rows else frozenset()
        )

    @property
    def differing(self) -> tuple[int, ...]:
        """Boundaries some tokenizer has and another lacks, in text order."""
        union = frozenset().union(*(r.boundaries for r in self.rows))
        return tuple(sorted(union - self.common))

    def missing(self, name: str) -> frozenset[int]:
        """Boundaries another tokenizer has that ``name`` lacks."""
        return frozenset(self.differing) - self.row(name).boundaries


def char_cover(encoding: Encoding, length: int) -> list[tuple[int, ...]]:
    """Per character of the text: the indices of the (non-special) tokens covering it."""
    cover: list[list[int]] = [[] for _ in range(length)]
    for i, (start, end) in enumerate(encoding.offsets):
        if encoding.special_tokens_mask[i]:
            continue
        for c in range(start, min(end, length)):
            cover[c].append(i)
    return [tuple(c) for c in cover]


def segments(cover: list[tuple[int, ...]]) -> list[Segment]:
    """Runs of consecutive characters with the same covering tokens."""
    runs, start = [], 0
    for p in range(1, len(cover) + 1):
        if p == len(cover) or cover[p] != cover[start]:
            runs.append(Segment(start, p, cover[start]))
            start = p
    return runs


def boundaries(text: str, cover: list[tuple[int, ...]]) -> frozenset[int]:
    """Cuts between non-whitespace characters that no token spans (see the module docstring).

    Example:
        >>> boundaries("ab cd", [(0,), (1,), (), (2,), (2,)])
        frozenset({1, 3})
    """
    cuts, previous = set(), None
    for p, char in enumerate(text[: len(cover)]):
        if char.isspace():
            continue
        # subtle: an uncovered character shares no token with anything, so it is cut both sides
        if previous is not None and not set(cover[previous]).intersection(cover[p]):
            cuts.add(p)
        previous = p
    return frozenset(cuts)


def encoding_boundaries(text: str, encoding: Encoding) -> frozenset[int]:
    """``boundaries(text, char_cover(encoding, len(text)))`` without a per-character pass.

    A non-space character is joined to the non-space character before it when one token
    covers both, that is when both lie in one token's span; every other one is a cut.
    Bisection over the non-space positions and slice assignment keep this C-level: the
    corpus pass runs it on every document.

    Example:
        >>> class E: offsets, special_tokens_mask = [(0, 1), (1, 2), (3, 5)], [0, 0, 0]
        >>> sorted(encoding_boundaries("ab cd", E))
        [1, 3]
    """
    nonspace = [m.start() for m in _NON_SPACE.finditer(text)]
    joined = bytearray(len(nonspace))
    for (start, end), special in zip(encoding.offsets, encoding.special_tokens_mask):
        if special:
            continue
        first, stop = bisect_left(nonspace, start), bisect_left(nonspace, end)
        if stop > first + 1:
            joined[first + 1:stop] = b"\x01" * (stop - first - 1)
    cuts, k = [], joined.find(0, 1)
    while k != -1:  # one step per cut, not per character
        cuts.append(nonspace[k])
        k = joined.find(0, k + 1)
    return frozenset(cuts)


def align_row(name: str, text: str, encoding: Encoding, unk: int | None = None) -> AlignedRow:
    """One tokenizer's :class:`AlignedRow` for ``text``."""
    cover = char_cover(encoding, len(text))
    unknown = frozenset(
        i
        for i, t in enumerate(encoding.ids)
        if unk is not None and t == unk and not encoding.special_tokens_mask[i]
    )
    return AlignedRow(
        name,
        encoding,
        tuple(segments(cover)),
        boundaries(text, cover),
        frozenset(p for p, c in enumerate(cover) if len(c) > 1),
        unknown,
    )


def align(
    text: str, encodings: Mapping[str, Encoding], unk_ids: Mapping[str, int | None] | None = None
) -> Alignment:
    """Line up encodings of the same ``text`` (named; order kept).

    Example:
        >>> a = Encoding.from_rows([(0, "un", (0, 2), 0, 0), (1, "able", (2, 6), 0, 0)])
        >>> b = Encoding.from_rows([(0, "unable", (0, 6), 0, 0)])
        >>> align("unable", {"a": a, "b": b}).differing
        (2,)
    """
    unk_ids = unk_ids or {}
    return Alignment(
        text,
        tuple(align_row(name, text, enc, unk_ids.get(name)) for name, enc in encodings.items()),
    )


def encode_plain(tokenizer: Any, text: str) -> Encoding:
    """``text`` encoded without special tokens, truncation or padding (tokenizer untouched)."""
    return plain_tokenizer(tokenizer).encode(text, add_special_tokens=False)


def align_tokenizers(text: str, tokenizers: Mapping[str, Any]) -> Alignment:
    """Encode ``text`` with each tokenizer and :func:`align` the results."""
    encodings = {name: encode_plain(tok, text) for name, tok in tokenizers.items()}
    return align(text, encodings, {name: unk_id(tok) for name, tok in tokenizers.items()})


def plain_tokenizer(tokenizer: Any) -> Any:
    """``tokenizer`` without truncation or padding (a copy only when it has either)."""
    # a tokenizer.json may enable truncation/padding; metrics need every token of the text
    if (
        getattr(tokenizer, "truncation", None) is None
        and getattr(tokenizer, "padding", None) is None
    ):
        return tokenizer
    clone = tokenizer.shallow_copy()
    clone.no_truncation()
    clone.no_padding()
    return clone


# ----------------------------------------------------------------------------- metrics
@dataclass(frozen=True)
class Metrics:
    """Counts on a text or a corpus; the ratios are derived from them.

    Example:
        >>> m = Metrics(characters=12, words=3, tokens=4, unknown=1)
        >>> m.chars_per_token, m.tokens_per_word, m.unknown_share
        (3.0, 1.3333333333333333, 0.25)
    """

    characters: int = 0
    words: int = 0
    tokens: int = 0
    unknown: int = 0

    @property
    def chars_per_token(self) -> float:
        return self.characters / self.tokens if self.tokens else 0.0

    @property
    def tokens_per_word(self) -> float:
        """Fertility: tokens per word."""
        return self.tokens / self.words if self.words else 0.0

    @property
    def unknown_share(self) -> float:
        return self.unknown / self.tokens if self.tokens else 0.0

    def __add__(self, other: Metrics) -> Metrics:
        return Metrics(
            self.characters + other.characters,
            self.words + other.words,
            self.tokens + other.tokens,
            self.unknown + other.unknown,
        )

    def as_row(self) -> dict[str, float]:
        return {
            "tokens": self.tokens,
            "characters": self.characters,
            "words": self.words,
            "chars_per_token": self.chars_per_token,
            "tokens_per_word": self.tokens_per_word,
            "unknown": self.unknown,
            "unknown_share": self.unknown_share,
        }


def text_metrics(
    text: str, encoding: Encoding, unk: int | None = None, n_words: int | None = None
) -> Metrics:
    """:class:`Metrics` of one encoded text (``n_words`` if already counted)."""
    ids = [t for t, special in zip(encoding.ids, encoding.special_tokens_mask) if not special]
    unknown = sum(1 for t in ids if t == unk) if unk is not None else 0
    return Metrics(len(text), len(words(text)) if n_words is None else n_words, len(ids), unknown)


@dataclass
class CorpusProfile:
    """One tokenizer on a corpus: :class:`Metrics` and how often each token id occurred."""

    metrics: Metrics = field(default_factory=Metrics)
    token_counts: Counter[int] = field(default_factory=Counter)
    documents: int = 0
    truncated: bool = False  # stopped at ``max_chars``: a prefix of the corpus
    #: Token boundaries (:func:`boundaries`: cuts between non-space characters) this
    #: tokenizer shares with the first one profiled, and those of either, summed over the
    #: documents: how far a retrained tokenizer cuts the corpus like the one it came from.
    shared_cuts: int = 0
    either_cuts: int = 0
    #: How the token figures were measured: ``"documents"`` (each document encoded whole,
    #: :func:`iter_corpus_profiles`) or ``"counts"`` (each distinct model input encoded
    #: once and weighted by its count: :mod:`subword_core.analysis.figures.counts`, the same
    #: numbers).
    method: str = "documents"
    #: The cut agreement's sample: the first documents of the corpus up to this many
    #: characters (None: every document profiled).
    cut_sample_chars: int | None = None
    #: Documents the counts took through the tokenizer's own pipeline (added tokens in
    #: them...): see :mod:`subword_core.analysis.figures.counts`.
    set_aside: int = 0

    @property
    def tokens_per_document(self) -> float:
        return self.metrics.tokens / self.documents if self.documents else 0.0

    @property
    def cut_agreement(self) -> float | None:
        """Jaccard of this tokenizer's boundaries and the first one's (1.0 for the first)."""
        return self.shared_cuts / self.either_cuts if self.either_cuts else None


def take_chars(documents: Iterable[str], max_chars: int) -> list[str]:
    """The first documents, up to and including the one that reaches ``max_chars`` characters.

    Example:
        >>> take_chars(["ab", "cd", "ef"], 3)
        ['ab', 'cd']
    """
    taken, total = [], 0
    for doc in documents:
        if total >= max_chars:
            break
        taken.append(doc)
        total += len(doc)
    return taken


def iter_corpus_profiles(
    documents: Iterable[str],
    tokenizers: Mapping[str, Any],
    max_chars: int | None = None,
) -> Generator[StageStarted | StageProgress, None, dict[str, CorpusProfile]]:
    """Encode every document with every tokenizer; return a :class:`CorpusProfile` per name.

    Documents are encoded whole (in context, as a model would see them), not word by
    word. Yields ``StageStarted``/``StageProgress`` (stage ``profile_corpus``, in
    characters) after every document. ``max_chars`` stops after the document that
    passes it, so a huge corpus is profiled on its beginning (``truncated``). Cut
    agreement is measured only with two tokenizers or more (``cut_agreement`` is ``None``
    for a lone one).
    """
    plain = {name: plain_tokenizer(tok) for name, tok in tokenizers.items()}
    unks = {name: unk_id(tok) for name, tok in tokenizers.items()}
    profiles = {name: CorpusProfile() for name in tokenizers}
    # cut agreement compares rows with the first: with one row there is nothing to compare
    measure_cuts = len(plain) > 1
    yield StageStarted(PROFILE_STAGE, max_chars)
    done = 0
    for doc in documents:
        if max_chars is not None and done >= max_chars:
            for profile in profiles.values():
                profile.truncated = True
            break
        n_words = word_count(doc)
        first_cuts: frozenset[int] | None = None
        for name, tok in plain.items():
            enc = tok.encode(doc, add_special_tokens=False)
            p = profiles[name]
            p.metrics = p.metrics + text_metrics(doc, enc, unks[name], n_words)
            p.token_counts.update(t for t, s in zip(enc.ids, enc.special_tokens_mask) if not s)
            p.documents += 1
            if not measure_cuts:
                continue
            cuts = encoding_boundaries(doc, enc)
            if first_cuts is None:
                first_cuts = cuts
            p.shared_cuts += len(cuts & first_cuts)
            p.either_cuts += len(cuts | first_cuts)
        done += len(doc)
        yield StageProgress(PROFILE_STAGE, done, max_chars)
    return profiles


def iter_gold_profiles(
    docs: Sequence[LabeledDoc],
    tokenizers: Mapping[str, Any],
    mode: str = "first",
) -> Generator[StageStarted | StageProgress, None, dict[str, GoldFigures]]:
    """Gold-label figures of each tokenizer on the same labelled documents.

    Each tokenizer encodes the documents as the Groupings pane's gold labels do
    (:func:`subword_core.analysis.gold.iter_gold_figures`, labels on the ``mode`` sub-tokens), so
    the figures are the ones that pane shows for it. Yields that function's progress
    events, one stage per tokenizer.
    """
    figures: dict[str, GoldFigures] = {}
    for name, tokenizer in tokenizers.items():
        figures[name] = yield from iter_gold_figures(docs, tokenizer, mode)
    return figures


# ----------------------------------------------------------------------------- vocabulary overlap
def surface_form(token: str, tokenizer: Any = None, byte_level: bool | None = None) -> str:
    """A vocabulary entry without its word-boundary markers, as comparable text.

    Byte-level symbols are decoded (bytes of an incomplete character become
    ``<0xNN>``, as byte-fallback pieces are spelled); ``▁``/a leading space,
    ``continuing_subword_prefix`` and ``end_of_word_suffix`` are removed. A token
    that is only a marker (``Ġ``, ``▁``) becomes ``" "``.

    Example:
        >>> [surface_form(t) for t in ("▁the", "##ing", "▁")]
        ['the', '##ing', ' ']
    """
    model = getattr(tokenizer, "model", None)
    if byte_level is None:
        byte_level = tokenizer is not None and is_byte_level(tokenizer)
    text = token
    if byte_level:
        raw = byte_level_to_bytes(token)
        if raw is not None:
            text = _decode_bytes(raw)
    prefix = getattr(model, "continuing_subword_prefix", None)
    suffix = getattr(model, "end_of_word_suffix", None)
    if prefix and text.startswith(prefix) and len(text) > len(prefix):
        text = text[len(prefix) :]
    if suffix and text.endswith(suffix) and len(text) > len(suffix):
        text = text[: -len(suffix)]
    stripped = text.replace(METASPACE, " ").lstrip(" ")
    return stripped if stripped or not token else " "


def _decode_bytes(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="surrogateescape")
    return "".join(f"<0x{ord(c) - 0xDC00:02X}>" if 0xDC80 <= ord(c) <= 0xDCFF else c for c in text)


def model_vocab(tokenizer: Any) -> set[str]:
    """The vocabulary without special added tokens (``[CLS]``, ``<|endoftext|>``)."""
    specials = {t.content for t in tokenizer.get_added_tokens_decoder().values() if t.special}
    return set(tokenizer.get_vocab()) - specials


@dataclass(frozen=True)
class Overlap:
    """Shared vocabulary of tokenizers ``a`` and ``b`` (special tokens excluded)."""

    a: str
    b: str
    size_a: int
    size_b: int
    shared: int
    surface_size_a: int
    surface_size_b: int
    surface_shared: int

    @property
    def jaccard(self) -> float:
        union = self.size_a + self.size_b - self.shared
        return self.shared / union if union else 0.0

    @property
    def surface_jaccard(self) -> float:
        union = self.surface_size_a + self.surface_size_b - self.surface_shared
        return self.surface_shared / union if union else 0.0

    def as_row(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "size_a": self.size_a,
            "size_b": self.size_b,
            "shared": self.shared,
            "jaccard": self.jaccard,
            "surface_shared": self.surface_shared,
            "surface_jaccard": self.surface_jaccard,
        }


def vocab_forms(tokenizer: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The vocabulary without special added tokens, raw and as surface forms (one pass;
    what :func:`vocab_overlap` compares)."""
    raw = frozenset(model_vocab(tokenizer))
    byte_level = is_byte_level(tokenizer)  # once, not per token
    return raw, frozenset(surface_form(t, tokenizer, byte_level) for t in raw)


def vocab_overlap(a: str, tok_a: Any, b: str, tok_b: Any,
                  forms: Mapping[str, tuple[frozenset[str], frozenset[str]]] | None = None
                  ) -> Overlap:
    """Raw and surface-form overlap of two tokenizers' vocabularies (``forms``: their
    :func:`vocab_forms` by name, when already known)."""
    va, sa = forms[a] if forms and a in forms else vocab_forms(tok_a)
    vb, sb = forms[b] if forms and b in forms else vocab_forms(tok_b)
    return Overlap(a, b, len(va), len(vb), len(va & vb), len(sa), len(sb), len(sa & sb))


def pairwise_overlaps(tokenizers: Mapping[str, Any],
                      forms: Mapping[str, tuple[frozenset[str], frozenset[str]]] | None = None
                      ) -> list[Overlap]:
    """:func:`vocab_overlap` for each pair of named tokenizers, in order (each vocabulary's
    forms made once, or taken from ``forms``)."""
    known = dict(forms or {})
    for name, tokenizer in tokenizers.items():
        if name not in known:
            known[name] = vocab_forms(tokenizer)
    return [
        vocab_overlap(a, tokenizers[a], b, tokenizers[b], known)
        for a, b in itertools.combinations(tokenizers, 2)
    ]


__all__ = [
    "MAX_COMPARE", "PROFILE_STAGE", "AlignedRow", "Alignment", "CorpusProfile", "Metrics",
    "Overlap", "Segment", "align", "align_row", "align_tokenizers", "boundaries", "char_cover",
    "encode_plain", "encoding_boundaries", "iter_corpus_profiles", "iter_gold_profiles",
    "model_vocab", "pairwise_overlaps", "segments",
    "surface_form", "take_chars", "text_metrics", "vocab_forms", "vocab_overlap", "words",
]
