"""Vocabulary audit: why each token is in the vocabulary, and which ones never show up.

Every entry of a tokenizer's vocabulary gets the categories that apply, with evidence:

- ``special`` / ``added``: an added token (special or not); never searched for.
- ``unreachable_alone``: the token's own text does not encode to exactly this token (a
  Llama 3 run of spaces, a WordPiece ``##`` piece, a BPE intermediate). Kept apart from
- ``unreachable``: no text we tried encodes to a sequence containing the token. The search
  (:func:`find_witness`) tries the token's text alone, then corpus words that hold its text,
  then the text inside short contexts (a letter, a space, a digit, punctuation or a newline
  before and after); byte tokens try characters whose UTF-8 holds their bytes. A token found in
  context gets a ``witness`` and is reachable (Magikarp #13: Llama 3 tokens reached only in
  context are not unreachable). "Unreachable" therefore means "no witness found by this
  search", which is the honest claim a search can make, or, without a search, proven:
  bytes no UTF-8 text holds, and tokens a BERT pipeline cannot yield (:class:`_BertImpossible`).
  The texts are encoded to ids only (:class:`~.audit_ids.TextIds`, equal to ``encode``).
- ``partial_utf8``: a byte-level (or byte-fallback) token whose bytes are not valid UTF-8 on
  their own, so it cannot be shown or decoded alone.
- ``normalized_duplicate``: the normalizer turns the token's text into another entry's text
  (an uppercase entry under a lowercasing BERT, ``ﬁ`` under NFKC), so input never reaches it
  in its own spelling.
- ``unused`` (with a corpus): the token's count in the corpus-wide counts is zero; the witness,
  when there is one, shows the text that would produce it.
- ``residue`` (BPE with a corpus): an intermediate merge product that almost never survives
  as a final token: its count as a final token is under ``residue_share`` of all its
  occurrences, final or inside later merges (PickyBPE's intersection-over-self, IoS > 0.9).

Each token also carries its ancestry for BPE: the merge that builds it (rank, left, right)
and how many merges it feeds; :meth:`AuditReport.survives_in` lists the corpus pieces where
it is a final token.
"""

from __future__ import annotations

import csv
import heapq
import io
import itertools
import random
import unicodedata
from array import array
from collections import Counter
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from . import METASPACE, byte_level_to_bytes, is_byte_level, unk_id, visible_token
from .audit_ids import TextIds
from .figures.counts import count_chunk, model_ids, pipeline_of
from .._util.gc import paused_gc
from .._util.progress import StageProgress
from ..models import BPE, WordPiece
from ..normalizers import BertNormalizer
from ..pre_tokenizers import BertPreTokenizer
from ..text.gpt2_bytes import bytes_to_unicode
from ..text.packing import from_optional_ints, optional_ints, pack_strings, unpack_strings

CATEGORIES = ("special", "added", "unreachable", "unreachable_alone", "partial_utf8",
              "normalized_duplicate", "unused", "residue")
SEARCH_STAGE = "audit_search"
CORPUS_STAGE = "audit_corpus"
#: contexts a token's text is tried in when it does not encode to itself alone
_BEFORE = ("", " ", "a", "a ", "x", "1", "\n", "(", ".", "the ")
_AFTER = ("", " ", "a", " a", "s", "1", ".", "\n", ")", "ing")
_METASPACE = "\u2581"


@dataclass
class TokenAudit:
    """One vocabulary entry's findings."""

    id: int
    token: str
    readable: str
    categories: list[str] = field(default_factory=list)
    witness: str | None = None
    count: int | None = None
    #: occurrences inside later merges' products (BPE with a corpus)
    inside: int | None = None
    duplicate_of: int | None = None
    #: the merge that builds the token: (rank, left, right)
    built_by: tuple[int, str, str] | None = None
    feeds: int = 0
    #: ``built_by`` as people read it: ``#12: ␣t + he``
    built_by_text: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "token": self.token,
                               "categories": list(self.categories)}
        if self.witness is not None:
            out["witness"] = self.witness
        if self.count is not None:
            out["count"] = self.count
        if self.inside is not None:
            out["inside"] = self.inside
        if self.duplicate_of is not None:
            out["duplicate_of"] = self.duplicate_of
        if self.built_by is not None:
            rank, left, right = self.built_by
            out["built_by"] = {"rank": rank, "left": left, "right": right}
        if self.feeds:
            out["feeds"] = self.feeds
        return out


@dataclass
class AuditReport:
    """The audit of a whole vocabulary, in id order."""

    tokens: list[TokenAudit]
    with_corpus: bool = False
    #: per token id: the corpus pieces (model inputs) where it is a final token, most frequent
    #: first, a few each
    pieces: dict[int, list[tuple[str, int]]] = field(default_factory=dict)

    def __reduce__(self) -> tuple:
        # columns, not 150k objects: the report travels back from the window's process pool
        tokens = self.tokens
        built = [t.built_by or (None, "", "") for t in tokens]
        flat_pieces = [(i, text, n) for i, listed in self.pieces.items() for text, n in listed]
        columns = (
            array("q", (t.id for t in tokens)), pack_strings([t.token for t in tokens]),
            pack_strings([t.readable for t in tokens]),
            array("H", (_category_bits(t.categories) for t in tokens)),
            optional_ints(0 if t.witness is None else 1 for t in tokens),
            pack_strings([t.witness or "" for t in tokens]),
            optional_ints(t.count for t in tokens), optional_ints(t.inside for t in tokens),
            optional_ints(t.duplicate_of for t in tokens), optional_ints(b[0] for b in built),
            pack_strings([b[1] for b in built]), pack_strings([b[2] for b in built]),
            array("q", (t.feeds for t in tokens)), pack_strings([t.built_by_text for t in tokens]),
        )
        pieces = (array("q", (p[0] for p in flat_pieces)),
                  pack_strings([p[1] for p in flat_pieces]),
                  array("q", (p[2] for p in flat_pieces)), len(flat_pieces))
        return _unpack_report, (len(tokens), columns, pieces, self.with_corpus)

    def counts(self) -> dict[str, int]:
        """How many tokens fall in each category (every category listed, zeros included)."""
        found = Counter(c for t in self.tokens for c in t.categories)
        return {c: found.get(c, 0) for c in CATEGORIES}

    def with_category(self, category: str) -> list[TokenAudit]:
        return [t for t in self.tokens if category in t.categories]

    def survives_in(self, token_id: int) -> list[tuple[str, int]]:
        return list(self.pieces.get(token_id, ()))

    def to_json(self) -> dict[str, Any]:
        return {"vocab_size": len(self.tokens), "with_corpus": self.with_corpus,
                "counts": self.counts(), "tokens": [t.to_dict() for t in self.tokens]}

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["id", "token", "readable", "categories", "witness", "count", "inside",
                         "duplicate_of", "merge_rank", "left", "right", "feeds"])
        for t in self.tokens:
            rank, left, right = t.built_by or ("", "", "")
            writer.writerow([t.id, t.token, t.readable, " ".join(t.categories),
                             "" if t.witness is None else t.witness,
                             "" if t.count is None else t.count,
                             "" if t.inside is None else t.inside,
                             "" if t.duplicate_of is None else t.duplicate_of,
                             rank, left, right, t.feeds])
        return out.getvalue()


def _category_bits(categories: list[str]) -> int:
    return sum(1 << CATEGORIES.index(c) for c in categories)


def _unpack_report(n: int, columns: tuple, pieces: tuple, with_corpus: bool) -> AuditReport:
    (ids, tokens, readable, bits, has_witness, witnesses, counts, inside, duplicates,
     ranks, lefts, rights, feeds, built_texts) = columns
    tokens, readable = unpack_strings(tokens, n), unpack_strings(readable, n)
    witnesses, lefts, rights, built_texts = (
        unpack_strings(witnesses, n), unpack_strings(lefts, n), unpack_strings(rights, n),
        unpack_strings(built_texts, n))
    has_witness, counts, inside, duplicates, ranks = map(
        from_optional_ints, (has_witness, counts, inside, duplicates, ranks))
    rows = [TokenAudit(ids[i], tokens[i], readable[i],
                       [c for k, c in enumerate(CATEGORIES) if bits[i] >> k & 1],
                       witnesses[i] if has_witness[i] else None, counts[i], inside[i],
                       duplicates[i], None if ranks[i] is None else (ranks[i], lefts[i], rights[i]),
                       feeds[i], built_texts[i]) for i in range(n)]
    piece_ids, texts, piece_counts, m = pieces
    by_token: dict[int, list[tuple[str, int]]] = {}
    for token_id, text, count in zip(piece_ids, unpack_strings(texts, m), piece_counts):
        by_token.setdefault(token_id, []).append((text, count))
    return AuditReport(rows, with_corpus, by_token)


# ----------------------------------------------------------------------------- surfaces
@dataclass(frozen=True)
class _Spelling:
    """How a model token's text maps to input text and back."""

    byte_level: bool
    metaspace: str | None
    prefix: str | None  # WordPiece "##" / BPE continuing_subword_prefix
    suffix: str | None  # BPE end_of_word_suffix ("</w>")
    byte_fallback: bool
    byte_map: dict[int, str] = field(default_factory=dict, compare=False)

    def raw_bytes(self, token: str) -> bytes | None:
        """The bytes a byte token stands for (byte-level or ``<0xXX>``), else None."""
        if self.byte_level:
            return _byte_level_bytes(token)
        if self.byte_fallback and len(token) == 6 and token.startswith("<0x") \
                and token.endswith(">"):
            try:
                return bytes([int(token[3:5], 16)])
            except ValueError:
                return None
        return None

    def text(self, token: str) -> str | None:
        """The input text the token stands for; None when it is not valid UTF-8 alone."""
        raw = self.raw_bytes(token)
        if raw is not None:
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                return None
        text = token
        if self.prefix and text.startswith(self.prefix) and len(text) > len(self.prefix):
            text = text[len(self.prefix):]
        if self.suffix and text.endswith(self.suffix) and len(text) > len(self.suffix):
            text = text[: -len(self.suffix)]
        if self.metaspace:
            text = text.replace(self.metaspace, " ")
        return text

    def respell(self, token: str, text: str) -> str:
        """``text`` spelled as a vocabulary entry of the same kind as ``token``."""
        if self.byte_level:
            return "".join(self.byte_map[b] for b in text.encode("utf-8"))
        if self.metaspace:
            text = text.replace(" ", self.metaspace)
        if self.prefix and token.startswith(self.prefix) and len(token) > len(self.prefix):
            text = self.prefix + text
        if self.suffix and token.endswith(self.suffix) and len(token) > len(self.suffix):
            text = text + self.suffix
        return text


#: byte-level chars as the latin-1 char of their byte; every other char below 256 as one
#: that latin-1 cannot encode (chars from 256 up that are not byte-level stay, and fail too)
_AS_LATIN1 = {**{i: "\uffff" for i in range(256)},
              **{ord(c): chr(b) for b, c in bytes_to_unicode().items()}}


def _byte_level_bytes(token: str) -> bytes | None:
    """:func:`byte_level_to_bytes`, by ``str.translate`` rather than a char at a time."""
    try:
        return token.translate(_AS_LATIN1).encode("latin-1")
    except UnicodeEncodeError:
        return None


def _readable(token: str, byte_level: bool) -> str:
    """:func:`visible_token`, without a look at each char when the token's text is
    printable (``str.isprintable``: no control, format, separator or unassigned char, the
    ones ``visible_text`` marks) apart from spaces, which become ``␣``."""
    if byte_level:
        raw = _byte_level_bytes(token)
        try:
            text = token.replace(METASPACE, " ") if raw is None else raw.decode("utf-8")
        except UnicodeDecodeError:  # a partial sequence: visible_token shows its bytes
            return visible_token(token, byte_level)
    else:
        text = token.replace(METASPACE, " ")
    if text.replace(" ", "").isprintable():
        return text.replace(" ", "\u2423")
    return visible_token(token, byte_level)


def _spelling(tokenizer: Any) -> _Spelling:
    model = tokenizer.model
    prefix = getattr(model, "continuing_subword_prefix", None) or None
    suffix = getattr(model, "end_of_word_suffix", None) or None
    metaspace = _metaspace_of(tokenizer)
    return _Spelling(is_byte_level(tokenizer), metaspace, prefix, suffix,
                     bool(getattr(model, "byte_fallback", False)),
                     {b: c for b, c in bytes_to_unicode().items()})


def _metaspace_of(tokenizer: Any) -> str | None:
    for part in (tokenizer.pre_tokenizer, tokenizer.decoder, tokenizer.normalizer):
        for component in _flat(part):
            name = type(component).__name__
            if name == "Metaspace":
                return getattr(component, "replacement", _METASPACE)
            if name == "Replace" and _METASPACE in str(getattr(component, "content", "")):
                return _METASPACE
    return None


def _flat(component: Any) -> list[Any]:
    if component is None:
        return []
    inner = getattr(component, "pretokenizers", None) or getattr(component, "decoders", None) \
        or getattr(component, "normalizers", None)
    if inner:
        return [c for part in inner for c in _flat(part)]
    return [component]


# ----------------------------------------------------------------------------- witnesses
def _contains(ids_of: TextIds, text: str, token_id: int) -> tuple[bool, bool]:
    """(the text encodes to sequences containing the token, to exactly the token)."""
    ids = ids_of(text)
    return token_id in ids, ids == (token_id,)


def _sequence_length(lead: int) -> int:
    """How many bytes the UTF-8 sequence starting with ``lead`` has (0: not a lead byte)."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _byte_completions(raw: bytes) -> Iterator[str]:
    """Valid UTF-8 texts whose bytes hold ``raw`` (a partial sequence), lazily, with the
    bytes right next to ``raw`` varied first (those decide which merges apply)."""
    if any(b in (0xC0, 0xC1) or b >= 0xF5 for b in raw):
        return  # bytes that no UTF-8 text holds
    conts, few = range(0x80, 0xC0), (0x80, 0xA0, 0xBF)
    head = len(raw) - len(raw.lstrip(bytes(conts)))  # continuation bytes raw starts with
    prefixes = [b""]
    if head:
        prefixes = [bytes([lead, *mid]) for lead in range(0xC2, 0xF5)
                    for n in [_sequence_length(lead)] if n - 1 - head >= 0
                    for mid in itertools.product(conts if n - 1 - head == 1 else few,
                                                 repeat=n - 1 - head)]
    last = max((i for i, b in enumerate(raw) if b >= 0xC0), default=-1)
    missing = max(_sequence_length(raw[last]) - (len(raw) - last), 0) if last >= 0 else 0
    trails = [bytes([first, *rest]) for first in conts
              for rest in itertools.product(few, repeat=missing - 1)] if missing else [b""]
    seen: set[str] = set()
    for prefix, trail in _pairs(prefixes, trails):
        try:
            text = (prefix + raw + trail).decode("utf-8")
        except UnicodeDecodeError:
            continue
        if text not in seen:
            seen.add(text)
            yield text


def _pairs(prefixes: list[bytes], trails: list[bytes]) -> Iterator[tuple[bytes, bytes]]:
    """Every (prefix, trail) when there are few; else a fixed pseudo-random sample of them,
    so that a bounded search sees many different neighbours on both sides."""
    if len(prefixes) * len(trails) <= 4096:
        yield from itertools.product(prefixes, trails)
        return
    rng = random.Random(len(prefixes) * 7919 + len(trails))
    for _ in range(4096):
        yield rng.choice(prefixes), rng.choice(trails)


def find_witness(tokenizer: Any, token_id: int, texts: Iterable[str],
                 corpus_words: Iterable[str] = (), max_tries: int = 160,
                 befores: Iterable[str] = (), afters: Iterable[str] = (),
                 ids_of: TextIds | None = None) -> str | None:
    """A text whose encoding contains ``token_id``, or None when none of ``max_tries``
    texts does: corpus words holding the token's text, then the first few ``texts`` in
    short contexts (a letter, a space, a digit, punctuation, a newline on either side, and
    ``befores`` / ``afters``: e.g. short vocabulary entries a ``##`` piece can follow).
    ``ids_of``: the tokenizer's :class:`TextIds`, shared over many calls (its caches)."""
    if ids_of is None:
        ids_of = TextIds(tokenizer)
    before_all = (*_BEFORE, *befores)
    after_all = (*_AFTER, *afters)

    def candidates() -> Iterator[str]:
        yield from corpus_words
        for text in itertools.islice(texts, 8):
            for before, after in itertools.product(before_all, after_all):
                if before or after:
                    yield before + text + after
    for candidate in itertools.islice(candidates(), max_tries):
        if _contains(ids_of, candidate, token_id)[0]:
            return candidate
    return None


def _byte_witness(ids_of: TextIds, token_id: int, raw: bytes, max_tries: int) -> str | None:
    """A character (or two) whose UTF-8 holds the byte token's bytes and encodes through it."""
    for text in itertools.islice(_byte_completions(raw), max_tries):
        if _contains(ids_of, text, token_id)[0]:
            return text
    return None


# ----------------------------------------------------------------------------- the audit
def audit(tokenizer: Any, documents: Iterable[str] | None = None,
          **options: Any) -> AuditReport:
    """:func:`iter_audit` run to the end."""
    gen = iter_audit(tokenizer, documents, **options)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def iter_audit(tokenizer: Any, documents: Iterable[str] | None = None, *,
               residue_share: float = 0.1, max_tries: int = 160, byte_tries: int = 1500,
               ids: Iterable[int] | None = None, every: int = 2000,
               ) -> Generator[StageProgress, None, AuditReport]:
    """Audit every vocabulary entry of ``tokenizer``; yield progress, return the report.

    Args:
        documents: the corpus (documents as strings) for ``unused``, ``residue``, counts and
            the pieces each token survives in; None audits the tokenizer alone.
        residue_share: a token whose final-token count is under this share of all its
            occurrences (final or inside later merges) is ``residue``.
        max_tries: texts tried per token in the witness search; ``byte_tries``: characters
            tried for a byte token that is not UTF-8 alone.
        ids: audit only these token ids (default: the whole vocabulary).
    """
    spelling = _spelling(tokenizer)
    vocab = tokenizer.get_vocab(with_added_tokens=True)
    added = tokenizer.get_added_tokens_decoder()
    byte_level = spelling.byte_level
    unk = unk_id(tokenizer)
    wanted = None if ids is None else set(ids)
    # subtle: the collector is paused only between yields (never while the caller runs):
    # the rows, merge table and caches are hundreds of thousands of objects without cycles
    # that made it rescan everything again and again (a third of a Llama 3 audit)
    with paused_gc():
        rows = [TokenAudit(i, tok, _readable(tok, byte_level)) for tok, i in
                sorted(vocab.items(), key=lambda kv: kv[1]) if wanted is None or i in wanted]
        by_id = {row.id: row for row in rows}
        merges = _merge_table(tokenizer.model)
        _ancestry(tokenizer.model, merges, by_id, {row.token: row.readable for row in rows},
                  byte_level)
    pieces: dict[int, list[tuple[str, int]]] = {}
    counts: Counter[int] | None = None
    inputs: Counter[str] = Counter()
    if documents is not None:
        counts, inputs = yield from _corpus_counts(tokenizer, documents)
    words_by_text = _words_index(inputs, spelling) if inputs else {}
    neighbours = _Neighbours.of(spelling, vocab)
    ids_of = TextIds(tokenizer)
    impossible = _BertImpossible.of(tokenizer, ids_of)
    total = len(rows)
    yield StageProgress(SEARCH_STAGE, 0, total)
    for start in range(0, total, every):
        batch = rows[start:start + every]
        with paused_gc():
            for row in batch:
                _categorize(tokenizer, ids_of, spelling, vocab, added, row, words_by_text,
                            max_tries, byte_tries, unk, neighbours, impossible)
        done = start + len(batch)
        if done % every == 0:
            yield StageProgress(SEARCH_STAGE, done, total)
    yield StageProgress(SEARCH_STAGE, total, total)
    if counts is not None:
        with paused_gc():
            _corpus_categories(tokenizer.model, merges, rows, counts, added, residue_share)
            pieces = _survival_pieces(tokenizer, inputs, spelling)
    return AuditReport(rows, counts is not None, pieces)


def _categorize(tokenizer: Any, ids_of: TextIds, spelling: _Spelling, vocab: dict[str, int],
                added: dict[int, Any], row: TokenAudit, words_by_text: dict[str, list[str]],
                max_tries: int, byte_tries: int, unk: int | None,
                neighbours: _Neighbours, impossible: _BertImpossible | None) -> None:
    if row.id in added:
        row.categories.append("special" if added[row.id].special else "added")
        return
    raw = spelling.raw_bytes(row.token)
    text = spelling.text(row.token)
    if raw is not None and text is None:
        row.categories.append("partial_utf8")
    candidates = _alone_candidates(text)
    reached_alone = False
    if row.id == unk:  # the unknown token stands for text the vocabulary lacks
        candidates = ["\u2fff", "\U0001f9ff"]
    for candidate in candidates:
        contains, exact = _contains(ids_of, candidate, row.id)
        if exact:
            reached_alone = True
            row.witness = candidate
            break
        if contains and row.witness is None:
            row.witness = candidate
    if row.id == unk and row.witness is not None:
        return
    if not reached_alone:
        row.categories.append("unreachable_alone")
    if row.witness is None and raw is not None and text is None:
        row.witness = _byte_witness(ids_of, row.id, raw, byte_tries)
    if row.witness is None and impossible is not None and row.id != unk \
            and impossible(row.token):
        row.categories.append("unreachable")  # proven: no text can reach it, none to try
    elif row.witness is None:
        corpus_words = words_by_text.get(text or "", ())
        bases = candidates or ([text] if text else [])
        row.witness = find_witness(tokenizer, row.id, bases, corpus_words, max_tries,
                                   *neighbours.around(spelling, row.token), ids_of=ids_of)
        if row.witness is None:
            row.categories.append("unreachable")
    if text is not None and tokenizer.normalizer is not None:
        _check_duplicate(tokenizer, spelling, vocab, row, text)


class _BertImpossible:
    """Tokens that no text can reach through a BERT pipeline, proven, not searched for.

    With a WordPiece model after a BertPreTokenizer (and ``encode`` being exactly the
    pipeline's pieces through the model: :attr:`TextIds.fast`), a token occurs only as
    the start of a model input (its whole string a prefix of the input) or as a
    continuation (``##`` + a substring at a later offset of the input). Some chars are
    always a model input of their own, one char long:

    - punctuation, which BertPreTokenizer isolates wherever it stands (seen by the
      pre-tokenizer itself cutting ``"a" + c + "a"`` into ``a``, ``c``, ``a``);
    - CJK unified ideographs, which BertNormalizer's ``handle_chinese_chars`` spaces out
      (seen by it turning ``c`` into ``" c "``); no other char becomes one unspaced
      (only compatibility ideographs decompose to them, and those are spaced out too;
      lowercasing and control-char cleaning never make one).

    So a token longer than one char that holds such a char cannot start an input, and
    a ``##`` token whose rest holds one cannot continue one: ``...``, ``[unused0]``,
    ``##!``, ``##的``. The search would try its texts in vain.
    """

    def __init__(self, pre_tokenizer: Any, normalizer: Any, prefix: str) -> None:
        self._pre_tokenizer = pre_tokenizer
        self._spaces_cjk = type(normalizer) is BertNormalizer and normalizer.handle_chinese_chars
        self._normalizer = normalizer
        self._prefix = prefix
        self._alone: dict[str, bool] = {}

    @classmethod
    def of(cls, tokenizer: Any, ids_of: TextIds) -> _BertImpossible | None:
        model = tokenizer.model
        if not ids_of.fast or type(model) is not WordPiece \
                or type(tokenizer.pre_tokenizer) is not BertPreTokenizer \
                or not model.continuing_subword_prefix:
            return None
        return cls(tokenizer.pre_tokenizer, tokenizer.normalizer, model.continuing_subword_prefix)

    def __call__(self, token: str) -> bool:
        """Whether no model input can yield ``token`` (the unknown token aside: the model
        gives it for inputs it cannot tile)."""
        alone = self._always_alone
        if len(token) < 2 or not any(map(alone, token)):
            return False  # it may start an input
        prefix = self._prefix
        rest = token[len(prefix):] if token.startswith(prefix) else ""
        return not rest or any(map(alone, rest))

    def _always_alone(self, c: str) -> bool:
        found = self._alone.get(c)
        if found is None:
            pieces = [p for p, _ in self._pre_tokenizer.pre_tokenize_str(f"a{c}a")]
            found = pieces == ["a", c, "a"] or (
                self._spaces_cjk and unicodedata.name(c, "").startswith("CJK UNIFIED IDEOGRAPH")
                and self._normalizer.normalize_str(c) == f" {c} ")
            self._alone[c] = found
        return found


@dataclass(frozen=True)
class _Neighbours:
    """Short vocabulary entries to put before a continuation piece (``##s``) or after a
    piece that cannot end a word (a BPE piece without ``</w>``); found once per audit."""

    befores: tuple[str, ...] = ()
    afters: tuple[str, ...] = ()

    @classmethod
    def of(cls, spelling: _Spelling, vocab: dict[str, int], limit: int = 6) -> _Neighbours:
        befores: list[str] = []
        afters: list[str] = []
        if spelling.prefix:
            befores = _shortest(vocab, lambda t: not t.startswith(spelling.prefix), limit)
        if spelling.suffix:
            afters = [t[: -len(spelling.suffix)] for t in
                      _shortest(vocab, lambda t: t.endswith(spelling.suffix), limit)]
        return cls(tuple(befores), tuple(afters))

    def around(self, spelling: _Spelling, token: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The (befores, afters) that ``token`` needs."""
        needs_before = bool(spelling.prefix) and token.startswith(spelling.prefix)
        needs_after = bool(spelling.suffix) and not token.endswith(spelling.suffix)
        return (self.befores if needs_before else (), self.afters if needs_after else ())


def _shortest(vocab: dict[str, int], keep: Any, limit: int) -> list[str]:
    entries = (t for t in vocab if keep(t) and t.isalnum())
    return heapq.nsmallest(limit, entries, key=lambda t: (len(t), vocab[t]))


def _alone_candidates(text: str | None) -> list[str]:
    if not text:
        return []
    stripped = text.lstrip(" ")
    return [text] if stripped in ("", text) else [text, stripped]


def _check_duplicate(tokenizer: Any, spelling: _Spelling, vocab: dict[str, int],
                     row: TokenAudit, text: str) -> None:
    try:
        normalized = tokenizer.normalizer.normalize_str(text)
    except Exception:  # a normalizer that cannot take a lone piece says nothing here
        return
    if normalized == text or not normalized:
        return
    other = vocab.get(spelling.respell(row.token, normalized))
    if other is not None and other != row.id:
        row.duplicate_of = other
        row.categories.append("normalized_duplicate")


#: one BPE merge: (left, right, the product's id, left's id, right's id); ids None when
#: not in the model's vocabulary
_Merge = tuple[str, str, int | None, int | None, int | None]


def _merge_table(model: Any) -> list[_Merge]:
    """The model's merges in rank order with their ids, read once per audit (the merges
    list is rebuilt on each read, and the ancestry and inside counts both walk it)."""
    if not isinstance(model, BPE):
        return []
    get = dict(model.vocab).get  # a plain dict: the read-only view costs per look-up
    if getattr(model, "continuing_subword_prefix", None):
        return [(left, right, get(_merged_token(model, left, right)), get(left), get(right))
                for left, right in model.merges]
    return [(left, right, get(left + right), get(left), get(right))
            for left, right in model.merges]


def _ancestry(model: Any, merges: list[_Merge], by_id: dict[int, TokenAudit],
              readable: dict[str, str], byte_level: bool) -> None:
    if not isinstance(model, BPE):
        return
    vocab = model.vocab
    # how many merges each token feeds, counted in C
    feeds: Counter[str] = Counter(map(itemgetter(0), merges))
    feeds.update(map(itemgetter(1), merges))

    def shown(token: str) -> str:  # the rows' readable forms, computed once
        found = readable.get(token)
        return _readable(token, byte_level) if found is None else found

    for rank, (left, right, result, _, _) in enumerate(merges):
        row = None if result is None else by_id.get(result)
        if row is not None and row.built_by is None:
            row.built_by = (rank, left, right)
            row.built_by_text = f"#{rank}: {shown(left)} + {shown(right)}"
    for token, n in feeds.items():
        token_id = vocab.get(token)
        if token_id is not None and token_id in by_id:
            by_id[token_id].feeds = n


def _merged_token(model: Any, left: str, right: str) -> str:
    prefix = getattr(model, "continuing_subword_prefix", None)
    if prefix and right.startswith(prefix):
        right = right[len(prefix):]
    return left + right


# ----------------------------------------------------------------------------- corpus
def _corpus_counts(tokenizer: Any, documents: Iterable[str], chunk: int = 5000,
                   ) -> Generator[StageProgress, None, tuple[Counter[int], Counter[str]]]:
    """Final-token counts over the corpus (from pre-token counts, exact), and the model
    inputs with their counts."""
    pipeline = pipeline_of(tokenizer)
    counts: Counter[int] = Counter()
    inputs: Counter[str] = Counter()
    docs = iter(documents)
    done = 0
    while True:
        batch = list(itertools.islice(docs, chunk))
        if not batch:
            break
        if pipeline is None:  # not a plain Tokenizer: encode each document whole
            for doc in batch:
                counts.update(tokenizer.encode(doc, add_special_tokens=False).ids)
        else:
            found = count_chunk(batch, [pipeline])
            inputs.update(found.model_inputs([pipeline], 0))
            counts.update(found.added[0])
        done += len(batch)
        yield StageProgress(CORPUS_STAGE, done, None)
    ids_of = model_ids(tokenizer.model)
    for piece, n in inputs.items():
        for token_id in ids_of(piece):
            counts[token_id] += n
    return counts, inputs


def _words_index(inputs: Counter[str], spelling: _Spelling, per_text: int = 8,
                 ) -> dict[str, list[str]]:
    """Corpus words (as input text) by every substring of up to 12 characters they hold,
    the most frequent few each, for the witness search."""
    index: dict[str, list[str]] = {}
    for piece, _ in inputs.most_common(20000):
        word = _piece_text(piece, spelling)
        if not word:
            continue
        for start in range(len(word)):
            for end in range(start + 1, min(len(word), start + 12) + 1):
                listed = index.setdefault(word[start:end], [])
                if len(listed) < per_text and word not in listed:
                    listed.append(word)
    return index


def _piece_text(piece: str, spelling: _Spelling) -> str | None:
    if spelling.byte_level:
        raw = byte_level_to_bytes(piece)
        return None if raw is None else raw.decode("utf-8", errors="replace")
    if spelling.metaspace:
        return piece.replace(spelling.metaspace, " ")
    return piece


def _corpus_categories(model: Any, merges: list[_Merge], rows: list[TokenAudit],
                       counts: Counter[int], added: dict[int, Any],
                       residue_share: float) -> None:
    inside = _inside_counts(merges, counts) if isinstance(model, BPE) else {}
    for row in rows:
        row.count = counts.get(row.id, 0)
        if row.id in added:
            continue
        if row.count == 0:
            row.categories.append("unused")
        if isinstance(model, BPE):
            row.inside = inside.get(row.id, 0)
            total = row.count + row.inside
            # a base symbol (no merge builds it) is never residue: it cannot be removed
            if row.built_by and row.inside and row.count < residue_share * total:
                row.categories.append("residue")


def _inside_counts(merges: list[_Merge], counts: Counter[int]) -> dict[int, int]:
    """How often each token occurs inside later merges' products over the corpus.

    Every occurrence of a merge's product (final or itself inside a later product) was
    built by that merge from one left and one right, so walking the merges from last to
    first hands each product's occurrences down to its two parts. A token built by more
    than one merge (rare, in hand-made files) is credited to its first."""
    flow = Counter(counts)
    builders: dict[int, tuple[int, int]] = {}
    for _, _, result, left_id, right_id in merges:
        if result is not None and result not in builders and None not in (left_id, right_id):
            builders[result] = (left_id, right_id)
    # builders keeps the first merge per product in merge order: last merge first here
    for result in reversed(list(builders)):
        n = flow.get(result, 0)
        if n:
            left_id, right_id = builders[result]
            flow[left_id] += n
            flow[right_id] += n
    return {token_id: n - counts.get(token_id, 0) for token_id, n in flow.items()}


def _survival_pieces(tokenizer: Any, inputs: Counter[str], spelling: _Spelling,
                     per_token: int = 5) -> dict[int, list[tuple[str, int]]]:
    ids_of = model_ids(tokenizer.model)
    pieces: dict[int, list[tuple[str, int]]] = {}
    for piece, n in inputs.most_common():
        text = _piece_text(piece, spelling) or piece
        for token_id in set(ids_of(piece)):
            listed = pieces.setdefault(token_id, [])
            if len(listed) < per_token:
                listed.append((text, n))
    return pieces


def prunable(report: AuditReport, category: str) -> list[int]:
    """The ids of ``category``'s tokens that pruning may remove: never special or added; for
    ``unused``, only tokens never formed on the corpus (``inside`` 0 too), whose removal
    leaves the corpus's tokenization as it was (see :func:`.surgery.prune`)."""
    keep = [t for t in report.with_category(category)
            if not {"special", "added"} & set(t.categories)]
    if category == "unused":
        keep = [t for t in keep if not t.inside]
    return [t.id for t in keep]


__all__ = ["CATEGORIES", "AuditReport", "TokenAudit", "audit", "find_witness", "iter_audit",
           "prunable"]
