"""Qt-free analysis helpers behind the explorer's views.

Everything the GUI shows that needs computing lives here, testable without Qt:

- :func:`visible_token` / :func:`visible_text`: a token or text with whitespace
  and byte-level symbols made visible (``'Ġworld'`` -> ``'␣world'``, a lone
  UTF-8 byte -> ``'⟨F0⟩'``);
- :class:`MergeGraph`: which merge built which token, the merge tree of a token
  (how it was built from characters or bytes) and the tokens whose construction
  used a given merge — from a training history or from a BPE model's merges;
- :func:`truncated_tokenizer`: the tokenizer as it was after its first ``n``
  merges (the replay slider);
- :func:`token_scores`: a per-token number (corpus frequency, merge rank,
  Unigram log-probability) rescaled to [0, 1] for the groupings view;
- small introspection helpers (:func:`is_byte_level`, :func:`unk_id`,
  :func:`pipeline_view`).

Functions take public core objects (``Tokenizer``, models, ``Encoding``,
``TrainingHistory``) and never mutate them.
"""

from __future__ import annotations

import heapq
import itertools
import math
import operator
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..errors import SubwordError
from ..models import BPE, WordPiece
from ..text.gpt2_bytes import bytes_to_unicode
from ..models.bpe import strip_prefix
from ..models.sentencepiece import SentencePieceBPE

_WHITESPACE_MARKERS = {" ": "␣", "\n": "↵", "\t": "→", "\r": "␍", "\u00a0": "⍽", "\u3000": "□"}
METASPACE = "▁"
# control, format, line/paragraph separators, surrogates, private use, unassigned
_INVISIBLE_CATEGORIES = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))


# ----------------------------------------------------------------------------- visible forms
def visible_text(text: str) -> str:
    """``text`` with whitespace and invisible characters made visible.

    Whitespace becomes one marker character; invisible format and control
    characters (a zero-width joiner inside an emoji sequence, a BOM) become
    ``⟨U+200D⟩``, since a token made only of them would otherwise look empty.

    Example:
        >>> visible_text("a b\\n"), visible_text("\\u200d")
        ('a␣b↵', '⟨U+200D⟩')
    """
    # one C loop over the text (a Python call per character took ~30 ms for the 20k
    # characters of normalized text the explore view shows at every keystroke)
    return "".join(map(_VISIBLE_CHARS.__getitem__, text))


def _visible_char(c: str) -> str:
    marker = _WHITESPACE_MARKERS.get(c)
    if marker is not None:
        return marker
    if unicodedata.category(c) in _INVISIBLE_CATEGORIES:
        return f"⟨U+{ord(c):04X}⟩"
    return c


class _VisibleChars(dict):
    """char -> its visible form, filled on first sight (``dict.__getitem__`` stays in C for
    characters seen before); bounded, so that a text of rare characters cannot grow it
    without end."""

    LIMIT = 50_000

    def __missing__(self, c: str) -> str:
        shown = _visible_char(c)
        if len(self) < self.LIMIT:
            self[c] = shown
        return shown


_VISIBLE_CHARS = _VisibleChars()


@lru_cache(maxsize=1)
def _byte_decoder() -> dict[str, int]:
    return {char: byte for byte, char in bytes_to_unicode().items()}


def byte_level_to_bytes(token: str) -> bytes | None:
    """The raw bytes a byte-level token stands for, or None if it is not byte-level."""
    decoder = _byte_decoder()
    try:
        return bytes(decoder[c] for c in token)
    except KeyError:
        return None


def visible_token(token: str, byte_level: bool = False) -> str:
    """A token as people should read it.

    Byte-level symbols are decoded to their text (``Ġ`` is a space, ``Ċ`` a newline);
    bytes that are only part of a UTF-8 character show as ``⟨F0⟩``. Metaspace ``▁``
    and whitespace become visible markers. Prefixes/suffixes like ``##`` and ``</w>``
    are kept: they are part of the vocabulary entry.

    Example:
        >>> visible_token("▁hello"), visible_token("a b")
        ('␣hello', 'a␣b')
    """
    if byte_level:
        raw = byte_level_to_bytes(token)
        if raw is not None:
            return visible_text(_decode_partial(raw))
    return visible_text(token.replace(METASPACE, " "))


def _decode_partial(raw: bytes) -> str:
    """Decode UTF-8, showing each byte of an incomplete or invalid sequence as ``⟨XX⟩``."""
    text = raw.decode("utf-8", errors="surrogateescape")
    return "".join(f"⟨{ord(c) - 0xDC00:02X}⟩" if 0xDC80 <= ord(c) <= 0xDCFF else c for c in text)


# ----------------------------------------------------------------------------- merges
@dataclass(frozen=True)
class MergeRecord:
    """One merge: ``left`` + ``right`` -> ``token`` at ``rank``."""

    rank: int
    left: str
    right: str
    token: str


@dataclass
class MergeNode:
    """A node of a merge tree: a base symbol (``rank is None``) or a merge of two nodes."""

    token: str
    rank: int | None = None
    left: MergeNode | None = None
    right: MergeNode | None = None

    def ranks(self) -> list[int]:
        """Every merge rank used in this tree, in post-order."""
        if self.rank is None:
            return []
        return self.left.ranks() + self.right.ranks() + [self.rank]

    def leaves(self) -> list[str]:
        if self.rank is None:
            return [self.token]
        return self.left.leaves() + self.right.leaves()


@dataclass
class MergeGraph:
    """Merges indexed both ways: who built a token, and what a merge helped build.

    Example:
        >>> g = MergeGraph.from_records([MergeRecord(0, "a", "b", "ab"),
        ...                              MergeRecord(1, "ab", "c", "abc")])
        >>> g.creator("abc"), sorted(g.tokens_using(0)), g.lineage("abc").leaves()
        (1, ['ab', 'abc'], ['a', 'b', 'c'])
    """

    records: list[MergeRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        # a repeated token keeps its first (lowest-rank) construction, as encoding would
        self._by_token: dict[str, MergeRecord] = {}
        self._users: dict[str, list[str]] = {}
        for r in self.records:
            self._by_token.setdefault(r.token, r)
            for part in {r.left, r.right}:
                self._users.setdefault(part, []).append(r.token)

    @classmethod
    def from_records(cls, records: Iterable[MergeRecord]) -> MergeGraph:
        return cls(list(records))

    @classmethod
    def from_history(cls, history: Any) -> MergeGraph:
        """From a ``TrainingHistory``'s ``MergeAdded`` records (BPE and WordPiece)."""
        return cls([MergeRecord(m.rank, m.left, m.right, m.token) for m in history.merges])

    @classmethod
    def from_bpe(cls, model: Any) -> MergeGraph:
        """From a BPE model's merges (the merged token follows HF's prefix rule)."""
        prefix = getattr(model, "continuing_subword_prefix", None) or None
        records = []
        for rank, (left, right) in enumerate(model.merges):
            try:
                tail = strip_prefix(right, prefix)
            except SubwordError:
                tail = right
            records.append(MergeRecord(rank, left, right, left + tail))
        return cls(records)

    @classmethod
    def of(cls, tokenizer: Any, history: Any = None) -> MergeGraph:
        """The best source available: the history's merges, else the BPE model's, else empty."""
        if history is not None and getattr(history, "merges", None):
            return cls.from_history(history)
        model = getattr(tokenizer, "model", None)
        # subclasses too: a .model encoding as sentencepiece does, subword-nmt codes
        if isinstance(model, BPE) and hasattr(model, "merges"):
            return cls.from_bpe(model)
        return cls()

    def __len__(self) -> int:
        return len(self.records)

    def creator(self, token: str) -> int | None:
        """Rank of the merge that built ``token`` (None for base symbols)."""
        r = self._by_token.get(token)
        return None if r is None else r.rank

    def record(self, rank: int) -> MergeRecord | None:
        return self.records[rank] if 0 <= rank < len(self.records) else None

    def lineage(self, token: str, _visiting: frozenset[str] = frozenset()) -> MergeNode:
        """The merge tree of ``token`` down to base symbols."""
        r = self._by_token.get(token)
        # subtle: a hand-made merge list can loop (a token "made" from itself); stop there
        if r is None or token in _visiting:
            return MergeNode(token)
        inner = _visiting | {token}
        return MergeNode(token, r.rank, self.lineage(r.left, inner), self.lineage(r.right, inner))

    def tokens_using(self, rank: int) -> set[str]:
        """Every token whose construction used merge ``rank`` (its result included)."""
        r = self.record(rank)
        if r is None:
            return set()
        found, todo = {r.token}, [r.token]
        while todo:
            part = todo.pop()
            for user in self._users.get(part, ()):
                built = self._by_token[user]
                # only the construction encoding uses (the first) counts
                if user not in found and part in (built.left, built.right):
                    found.add(user)
                    todo.append(user)
        return found

    def truncated_vocab_tokens(self, n: int) -> set[str]:
        """Tokens created by the first ``n`` merges."""
        return {r.token for r in self.records[:n]}


# ----------------------------------------------------------------------------- replay
def truncated_model(model: Any, graph: MergeGraph, n: int) -> Any:
    """``model`` as it was after its first ``n`` merges (BPE, SentencePiece BPE, WordPiece).

    The vocabulary keeps the base symbols, the special tokens and the tokens of
    the first ``n`` merges, with their final ids, so ids stay comparable across
    steps. Raises ``TypeError`` for models without merges (Unigram).

    Merges whose parts or result are not in that vocabulary are left out: they
    could never apply at step ``n`` (no symbol ever spells them), so the result is
    the same, and a BPE model refuses them. Real files need this: converted
    tiktoken and SentencePiece models (Llama 3, Whisper, Mistral) rank
    ``Ġ + ĠĠĠ`` before the merge that builds ``ĠĠĠ``.
    """
    n = max(0, min(n, len(graph)))
    later = {r.token for r in graph.records[n:]} - graph.truncated_vocab_tokens(n)
    if isinstance(model, SentencePieceBPE):
        # it merges by piece score, not by a merge table: the later pieces just go
        return model.without_pieces(later)
    vocab = {tok: i for tok, i in model.get_vocab().items() if tok not in later}
    if isinstance(model, BPE):
        merges = applicable_merges(graph, n, vocab, model.continuing_subword_prefix)
        return BPE(vocab, merges, unk_token=model.unk_token,
                   continuing_subword_prefix=model.continuing_subword_prefix,
                   end_of_word_suffix=model.end_of_word_suffix, fuse_unk=model.fuse_unk,
                   byte_fallback=model.byte_fallback, ignore_merges=model.ignore_merges)
    if isinstance(model, WordPiece):
        return WordPiece(vocab, unk_token=model.unk_token,
                         max_input_chars_per_word=model.max_input_chars_per_word,
                         continuing_subword_prefix=model.continuing_subword_prefix)
    raise TypeError(f"{type(model).__name__} has no merges to replay")


def applicable_merges(graph: MergeGraph, n: int, vocab: Mapping[str, int],
                      prefix: str | None = None) -> list[tuple[str, str]]:
    """The first ``n`` merges, in rank order, whose parts and result are all in ``vocab``.

    The result is spelled as a BPE model builds it (``left`` + ``right`` without
    ``prefix``), so every pair returned is one the model accepts.

    Example:
        >>> g = MergeGraph.from_records([MergeRecord(0, "a", "bc", "abc"),
        ...                              MergeRecord(1, "b", "c", "bc")])
        >>> applicable_merges(g, 2, {"a": 0, "b": 1, "c": 2, "bc": 3, "abc": 4})
        [('a', 'bc'), ('b', 'c')]
        >>> applicable_merges(g, 1, {"a": 0, "b": 1, "c": 2, "abc": 4})
        []
    """
    kept = []
    for r in graph.records[:max(0, n)]:
        if r.left not in vocab or r.right not in vocab:
            continue
        try:
            result = r.left + strip_prefix(r.right, prefix)
        except SubwordError:
            continue  # a part shorter than the prefix: no model accepts it
        if result in vocab:
            kept.append((r.left, r.right))
    return kept


def truncated_tokenizer(tokenizer: Any, graph: MergeGraph, n: int) -> Any:
    """A shallow copy of ``tokenizer`` whose model stops after ``n`` merges.

    The normalizer, pre-tokenizer, post-processor and decoder are shared with the
    original (they are not mutated), so the replayed encoding differs only by merges.
    """
    if n >= len(graph):
        return tokenizer  # every merge: the tokenizer itself (and no model to rebuild)
    clone = tokenizer.shallow_copy()
    clone.model = truncated_model(tokenizer.model, graph, n)
    return clone


def can_replay(tokenizer: Any, graph: MergeGraph) -> bool:
    model = getattr(tokenizer, "model", None)
    return len(graph) > 0 and type(model).__name__ in ("BPE", "WordPiece", "SentencePieceBPE")


# ----------------------------------------------------------------------------- scores
SCORE_SOURCES = ("frequency", "merge_rank", "log_prob")


def token_frequencies(tokenizer: Any, word_counts: Mapping[str, int],
                      max_words: int | None = 20_000) -> Counter[int]:
    """How often each token id occurs when the corpus words are encoded.

    Each distinct word is encoded once and weighted by its count. ``max_words``
    keeps only the most frequent words (an approximation that bounds the time on
    big corpora; ``None`` uses all).
    """
    items = sorted(word_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    if max_words is not None:
        items = items[:max_words]
    freq: Counter[int] = Counter()
    for word, count in items:
        for token_id in _encode_ids(tokenizer, word):
            freq[token_id] += count
    return freq


def _encode_ids(tokenizer: Any, text: str) -> list[int]:
    enc = tokenizer.encode(text, add_special_tokens=False)
    return [i for i, special in zip(enc.ids, enc.special_tokens_mask) if not special]


def available_score_sources(tokenizer: Any, graph: MergeGraph) -> list[str]:
    """The score sources that make sense for this tokenizer."""
    sources = ["frequency"]
    if len(graph):
        sources.append("merge_rank")
    if type(getattr(tokenizer, "model", None)).__name__ == "Unigram":
        sources.append("log_prob")
    return sources


def token_scores(encoding: Any, source: str, *, tokenizer: Any = None,
                 graph: MergeGraph | None = None,
                 frequencies: Mapping[int, int] | None = None) -> list[float]:
    """One score in [0, 1] per token of ``encoding`` (special tokens get 0).

    - ``frequency``: ``log(1 + count) / log(1 + max count)`` over ``frequencies``;
    - ``merge_rank``: 1 for base symbols, falling linearly to ~0 for the last merge
      (early merges are the frequent pairs);
    - ``log_prob``: the Unigram piece score, min-max rescaled over the vocabulary.
    """
    if source not in SCORE_SOURCES:
        raise ValueError(f"unknown score source {source!r}")
    specials = encoding.special_tokens_mask
    if source == "frequency":
        freq = frequencies or {}
        top = math.log1p(max(freq.values(), default=0)) or 1.0
        values = [math.log1p(freq.get(i, 0)) / top for i in encoding.ids]
    elif source == "merge_rank":
        graph = graph or MergeGraph()
        n = len(graph)
        values = []
        for tok in encoding.tokens:
            rank = graph.creator(tok)
            values.append(1.0 if rank is None else 1.0 - (rank + 1) / (n + 1))
    else:
        model = tokenizer.model
        scores = [s for _, s in model.pieces]
        lo, hi = min(scores), max(scores)
        span = (hi - lo) or 1.0
        values = [(model.get_score(i) - lo) / span for i in encoding.ids]
    return [0.0 if special else v for v, special in zip(values, specials)]


# ----------------------------------------------------------------------------- introspection
def is_byte_level(tokenizer: Any) -> bool:
    """True when the tokenizer spells text with the GPT-2 byte alphabet (ByteLevel parts)."""
    for part in ("pre_tokenizer", "decoder"):
        if _contains_type(getattr(tokenizer, part, None), "ByteLevel"):
            return True
    return False


def _contains_type(component: Any, name: str) -> bool:
    if component is None:
        return False
    if type(component).__name__ == name:
        return True
    inner = getattr(component, "pretokenizers", None) or getattr(component, "decoders", None) \
        or getattr(component, "components", None)
    return any(_contains_type(c, name) for c in inner or ())


def unk_id(tokenizer: Any) -> int | None:
    """The id of the model's unknown token, if it has one in its vocabulary."""
    model = getattr(tokenizer, "model", None)
    if model is None:
        return None
    if isinstance(getattr(model, "unk_id", None), int):
        return model.unk_id
    token = getattr(model, "unk_token", None)
    return model.token_to_id(token) if token else None


def algorithm_name(tokenizer: Any) -> str:
    return type(getattr(tokenizer, "model", None)).__name__


def merges_used_by(encoding: Any, graph: MergeGraph, rank: int) -> list[int]:
    """Indices of the encoding's tokens whose construction used merge ``rank``."""
    using = graph.tokens_using(rank)
    return [i for i, tok in enumerate(encoding.tokens)
            if tok in using and not encoding.special_tokens_mask[i]]


def token_indices_with_ids(encoding: Any, ids: Iterable[int]) -> list[int]:
    wanted = set(ids)
    # C loops: the window calls this at every keystroke while a merge is selected
    return list(itertools.compress(itertools.count(), map(wanted.__contains__, encoding.ids)))


def ids_of_tokens(tokenizer: Any, tokens: Iterable[str]) -> frozenset[int]:
    """Vocabulary ids of ``tokens`` (tokens missing from the vocabulary are skipped)."""
    ids = (tokenizer.token_to_id(t) for t in tokens)
    return frozenset(i for i in ids if i is not None)


def sequence_summary(text: str, encoding: Any, unk: int | None) -> dict[str, Any]:
    """Counts for the encoding pane's status line.

    The ratios are Compare's (:func:`~subword_core.analysis.compare.text_metrics`): over the
    tokens but the special ones, and the text's whitespace-separated words, which do not
    depend on the tokenizer. The tokenizer's own pre-tokens are no such measure: a
    ``.model`` encoding as the sentencepiece library does has one for the whole text.
    """
    from .compare import word_count  # compare imports this module

    n_tokens = len(encoding) if encoding is not None else 0
    # C loops (countOf, the split's regex): the window shows this at every keystroke in a 50k text
    n_words = word_count(text)
    n_special = operator.countOf(encoding.special_tokens_mask, 1) if encoding is not None else 0
    n_unk = operator.countOf(encoding.ids, unk) if encoding is not None and unk is not None else 0
    n_text_tokens = n_tokens - n_special
    return {"characters": len(text), "tokens": n_tokens, "words": n_words, "unknown": n_unk,
            "chars_per_token": (len(text) / n_text_tokens) if n_text_tokens else 0.0,
            "tokens_per_word": (n_text_tokens / n_words) if n_words else 0.0}




def iter_token_frequencies(tokenizer: Any, word_counts: Mapping[str, int],
                           max_words: int | None = 20_000, every: int = 500):
    """:func:`token_frequencies` as a generator: yields ``(done, total)`` every ``every``
    words and returns the Counter (for a GUI worker).

    The most frequent words are picked with a heap, in Python steps: one ``sorted`` of
    400k words is a single C call that holds the GIL for about 0.2 s, and the GUI
    thread waits that long for it.
    """
    if max_words is None:
        items = sorted(word_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    else:
        items = heapq.nsmallest(max_words, ((-c, w) for w, c in word_counts.items()))
        items = [(w, -c) for c, w in items]
        yield (0, len(items))
    freq: Counter[int] = Counter()
    for k, (word, count) in enumerate(items, 1):
        for token_id in _encode_ids(tokenizer, word):
            freq[token_id] += count
        if k % every == 0:
            yield (k, len(items))
    return freq


__all__ = [
    "METASPACE", "SCORE_SOURCES", "MergeGraph", "MergeNode", "MergeRecord", "algorithm_name",
    "applicable_merges",
    "available_score_sources", "byte_level_to_bytes", "can_replay", "ids_of_tokens",
    "is_byte_level", "iter_token_frequencies", "merges_used_by", "sequence_summary", "token_frequencies",
    "token_indices_with_ids", "token_scores", "truncated_model", "truncated_tokenizer",
    "unk_id", "visible_text", "visible_token",
]
