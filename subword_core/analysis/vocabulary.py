"""The vocabulary as a table: every entry, searchable, with its corpus frequency; ids -> text.

What the vocabulary view and the decode view show, computed here without Qt:

- :class:`VocabTable`: one row per vocabulary entry of any :class:`~subword_core.Tokenizer`
  (model entries and added tokens): id, readable form (:func:`analysis.visible_token`:
  ``␣``, ``⟨C3⟩``), raw string, merge rank (BPE, WordPiece trained here) or score
  (Unigram), special/added flag and the length in characters and bytes. Columns are
  plain lists (150k rows build in well under a second of worker time), with the two
  string orders precomputed so a view can sort any column instantly.
- :func:`search_rows`: substring (readable and raw form), regex, or id search.
- :func:`iter_token_usage`: how often each token occurs when the corpus words are
  encoded one by one (weighted by their counts), and which words use it.
- :func:`parse_ids` / :func:`decode_ids`: ids pasted in any common spelling back to text,
  with the ids that are not in the vocabulary reported rather than raised.

Lengths, a documented choice: ``n_chars`` and ``n_bytes`` measure the text the entry
*stands for*, prefixes such as ``##``, ``▁`` and ``</w>`` included (they are part of the
entry, as in the readable form):

- byte-level tokens (GPT-2 alphabet) count their decoded bytes: ``Ġthe`` is 4 bytes and
  4 characters; a lone UTF-8 byte ``⟨C3⟩`` is 1 byte and 1 character;
- byte-fallback tokens ``<0xC3>`` are 1 byte and 1 character;
- every other entry counts ``len(raw)`` characters and the UTF-8 bytes of the raw string
  (``▁the`` is 4 characters and 6 bytes: ``▁`` is U+2581).
"""

from __future__ import annotations

import heapq
import json
import re
from array import array
from bisect import bisect_left
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import MergeGraph, byte_level_to_bytes, is_byte_level, visible_text, visible_token
from ..errors import SubwordError
from .._util.progress import StageProgress
from ..text.packing import from_optional_ints, optional_ints, pack_strings, unpack_strings

ROWS_STAGE = "vocab_rows"
SORT_STAGE = "sort_rows"
USAGE_STAGE = "token_usage"
SEARCH_MODES = ("substring", "regex", "id")
_BYTE_FALLBACK = re.compile(r"<0x[0-9A-Fa-f]{2}>")


class VocabSearchError(SubwordError):
    """A vocabulary search that cannot run: a malformed regex or id query."""


# ----------------------------------------------------------------------------- rows
@dataclass
class VocabTable:
    """The vocabulary as columns; row ``i`` of every list describes one entry.

    Rows are in id order. ``metric`` names what ``rank_or_score`` holds:
    ``"merge rank"`` (None = a base symbol or an entry no merge produces),
    ``"score"`` (Unigram log-probability) or ``None`` (WordPiece/WordLevel from a file).
    ``kind`` is ``"special"``, ``"added"`` (an added, non-special token) or ``""``.
    """

    ids: list[int] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    readable: list[str] = field(default_factory=list)
    rank_or_score: list[float | int | None] = field(default_factory=list)
    kind: list[str] = field(default_factory=list)
    n_chars: list[int] = field(default_factory=list)
    n_bytes: list[int] = field(default_factory=list)
    metric: str | None = None
    algorithm: str = ""
    byte_level: bool = False
    order_readable: list[int] = field(default_factory=list)  # row indices, readable A..Z
    order_raw: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ids)

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        """Rebuild the id -> row index (after the columns were filled)."""
        # built backwards so that an id of several rows keeps its first one (one C call)
        n = len(self.ids)
        self._row_of_id: dict[int, int] = dict(zip(reversed(self.ids), range(n - 1, -1, -1)))

    def __reduce__(self) -> tuple:
        """Pickle as packed columns (:mod:`subword_core.text.packing`), not 128k objects per
        column: the app sends tables from its worker processes to the window."""
        return _unpack_table, (len(self), array("q", self.ids), pack_strings(self.raw),
                               pack_strings(self.readable), _pack_metric(self.rank_or_score),
                               _pack_kinds(self.kind), array("q", self.n_chars),
                               array("q", self.n_bytes), self.metric, self.algorithm,
                               self.byte_level, array("q", self.order_readable),
                               array("q", self.order_raw))

    def row_of_id(self, token_id: int) -> int | None:
        """The row of ``token_id`` (the first one if several entries share it)."""
        return self._row_of_id.get(token_id)

    def describe_metric(self, row: int) -> str:
        """The rank or score of a row in words (for the side panel and tooltips)."""
        value = self.rank_or_score[row]
        if self.metric == "score":
            return f"{self.algorithm}: no merges; score {value:.2f}" if value is not None \
                else f"{self.algorithm}: no merges; no score (added token)"
        if self.metric == "merge rank":
            if value is not None:
                return f"built by merge {value:,}"
            if self.kind[row]:
                return "an added token: no merge builds it"
            return "a base symbol: no merge builds it"
        return f"{self.algorithm}: no merges or scores in this model"


_KINDS = ("", "added", "special")


def _pack_kinds(kinds: list[str]) -> bytes | list[str]:
    try:
        return bytes(_KINDS.index(k) for k in kinds)
    except ValueError:  # a kind of another name travels as it is
        return list(kinds)


def _pack_metric(values: list[Any]) -> tuple[str, Any]:
    """Ranks (ints) and scores (floats) as an array and a mask of the None rows."""
    kinds = {type(v) for v in values} - {type(None)}
    missing = bytes(v is None for v in values)
    if kinds <= {int} and all(v is None or v >= 0 for v in values):
        return "ranks", optional_ints(values)
    if kinds == {float}:
        return "scores", (array("d", (0.0 if v is None else v for v in values)), missing)
    return "list", list(values)


def _unpack_metric(packed: tuple[str, Any]) -> list[Any]:
    kind, data = packed
    if kind == "ranks":
        return from_optional_ints(data)
    if kind == "scores":
        values, missing = data
        return [None if gone else v for v, gone in zip(values, missing)]
    return data


def _unpack_table(n: int, ids: array, raw: Any, readable: Any, metric_values: Any, kinds: Any,
                  n_chars: array, n_bytes: array, metric: str | None, algorithm: str,
                  byte_level: bool, order_readable: array, order_raw: array) -> VocabTable:
    return VocabTable(ids.tolist(), unpack_strings(raw, n), unpack_strings(readable, n),
                      _unpack_metric(metric_values),
                      [_KINDS[k] for k in kinds] if isinstance(kinds, bytes) else kinds,
                      n_chars.tolist(), n_bytes.tolist(), metric, algorithm, byte_level,
                      order_readable.tolist(), order_raw.tolist())


def vocab_table(tokenizer: Any, graph: MergeGraph | None = None) -> VocabTable:
    """:func:`iter_vocab_table` run to the end."""
    gen = iter_vocab_table(tokenizer, graph)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def iter_vocab_table(tokenizer: Any, graph: MergeGraph | None = None,
                     every: int = 10_000) -> Generator[StageProgress, None, VocabTable]:
    """Build the :class:`VocabTable` of ``tokenizer``, yielding progress every ``every`` rows.

    Args:
        tokenizer: any ``subword_core.Tokenizer``.
        graph: its merge graph (``MergeGraph.of(tokenizer, history)``), if already built;
            without it a BPE model's merges are indexed here.

    Example:
        >>> from subword_core.models import WordLevel
        >>> from subword_core import Tokenizer
        >>> t = vocab_table(Tokenizer(WordLevel({"a": 0, "b c": 1}, unk_token="a")))
        >>> t.readable, t.n_chars
        (['a', 'b␣c'], [1, 3])
    """
    # 1. entries in id order, added tokens included
    vocab = tokenizer.get_vocab(with_added_tokens=True)
    entries = sorted(vocab.items(), key=lambda kv: kv[1])
    total = len(entries)
    yield StageProgress(ROWS_STAGE, 0, total)
    model = tokenizer.model
    algorithm = type(model).__name__
    byte_level = is_byte_level(tokenizer)
    added = tokenizer.get_added_tokens_decoder()
    # 2. where the rank or score comes from
    if graph is None:
        graph = MergeGraph.of(tokenizer)
    scores: dict[int, float] = {}
    if algorithm == "Unigram":
        metric: str | None = "score"
        scores = {i: s for i, (_, s) in enumerate(model.pieces)}
    elif len(graph) or algorithm == "BPE":
        metric = "merge rank"
    else:
        metric = None
    table = VocabTable(metric=metric, algorithm=algorithm, byte_level=byte_level)
    readable_of = _readable_forms(byte_level)
    # 3. one row per entry
    for k, (token, token_id) in enumerate(entries, 1):
        added_token = added.get(token_id)
        is_added = added_token is not None and added_token.content == token
        readable, n_chars, n_bytes = readable_of(token, is_added)
        table.ids.append(token_id)
        table.raw.append(token)
        table.readable.append(readable)
        table.kind.append(("special" if added_token.special else "added") if is_added else "")
        table.n_chars.append(n_chars)
        table.n_bytes.append(n_bytes)
        if metric == "score":
            model_token = model.id_to_token(token_id)
            table.rank_or_score.append(scores.get(token_id) if model_token == token else None)
        elif metric == "merge rank":
            table.rank_or_score.append(graph.creator(token))
        else:
            table.rank_or_score.append(None)
        if k % every == 0:
            yield StageProgress(ROWS_STAGE, k, total)
    # 4. the string orders, sorted in short runs so a worker does not hold the GIL long
    table.order_readable = yield from _sorted_rows(table.readable)
    table.order_raw = yield from _sorted_rows(table.raw)
    table.reindex()
    yield StageProgress(ROWS_STAGE, total, total)
    return table


def _readable_forms(byte_level: bool):
    """A function ``(token, is_added) -> (readable, n_chars, n_bytes)`` with a per-char memo.

    Equal to :func:`analysis.visible_token` (the memo only saves the Unicode category
    lookups, the bulk of the time on 150k entries).
    """
    memo: dict[str, str] = {}

    def visible(text: str) -> str:
        out = []
        for c in text:
            v = memo.get(c)
            if v is None:
                v = memo[c] = visible_text(c)
            out.append(v)
        return "".join(out)

    def forms(token: str, is_added: bool) -> tuple[str, int, int]:
        if is_added:  # literal text, shown as the tables show it
            return visible_token(token, byte_level), len(token), len(token.encode("utf-8"))
        if byte_level:
            raw = byte_level_to_bytes(token)
            if raw is not None:
                readable = visible_token(token, True) if _has_partial(raw) else visible(
                    raw.decode("utf-8"))
                return readable, _decoded_chars(raw), len(raw)
            return visible_token(token, True), len(token), len(token.encode("utf-8"))
        if _BYTE_FALLBACK.fullmatch(token):
            return token, 1, 1
        return visible(token.replace("▁", " ")), len(token), len(token.encode("utf-8"))

    return forms


def _has_partial(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _decoded_chars(raw: bytes) -> int:
    """Characters of decoded bytes; each byte of an incomplete sequence counts as one."""
    return len(raw.decode("utf-8", errors="surrogateescape"))


def _sorted_rows(keys: list[str], run: int = 20_000) -> Generator[StageProgress, None, list[int]]:
    """Row indices in ascending order of ``keys`` (stable), sorted in runs then merged.

    subtle: one ``sorted()`` over 150k strings is a single C call of ~0.1 s holding the
    GIL; runs of 20k merged by ``heapq.merge`` (Python code) let the GUI thread in.
    """
    key = keys.__getitem__
    runs = []
    for start in range(0, len(keys), run):
        runs.append(sorted(range(start, min(start + run, len(keys))), key=key))
        yield StageProgress(SORT_STAGE, min(start + run, len(keys)), len(keys))
    if len(runs) <= 1:
        return runs[0] if runs else []
    return list(heapq.merge(*runs, key=key))


# ----------------------------------------------------------------------------- search
def search_rows(table: VocabTable, query: str, mode: str = "substring") -> list[int]:
    """Rows of ``table`` matching ``query``, in table (id) order.

    Modes:
        ``substring``: ``query`` occurs in the readable or the raw form (case-sensitive,
        so ``Ġ`` and ``␣`` both find a leading space);
        ``regex``: ``re.search`` on the readable or the raw form;
        ``id``: one or more ids, ``#`` optional, separated by spaces or commas
        (``"#123"``, ``"123"``, ``"101, 102"``).
    An empty query matches every row.

    Raises:
        VocabSearchError: a malformed regex, an id query that is not numbers, or an
            unknown mode (the message says which, in words).

    Example:
        >>> from subword_core.models import WordLevel
        >>> from subword_core import Tokenizer
        >>> t = vocab_table(Tokenizer(WordLevel({"a": 0, "ab": 1, "b": 2}, unk_token="a")))
        >>> search_rows(t, "b"), search_rows(t, "^a", "regex"), search_rows(t, "#2", "id")
        ([1, 2], [0, 1], [2])
    """
    if mode not in SEARCH_MODES:
        raise VocabSearchError(f"unknown search mode {mode!r} (choose from "
                               f"{', '.join(SEARCH_MODES)})")
    if not query.strip():
        return list(range(len(table)))
    readable, raw = table.readable, table.raw
    if mode == "substring":
        return [i for i in range(len(table)) if query in readable[i] or query in raw[i]]
    if mode == "regex":
        try:
            pattern = re.compile(query)
        except re.error as exc:
            raise VocabSearchError(f"not a valid regular expression: {exc}") from None
        find = pattern.search
        return [i for i in range(len(table)) if find(readable[i]) or find(raw[i])]
    wanted = []
    for piece in re.split(r"[\s,;]+", query.strip()):
        digits = piece[1:] if piece.startswith("#") else piece
        if not digits.isascii() or not digits.isdigit():
            raise VocabSearchError(f"{piece!r} is not an id: type a number such as #123")
        wanted.append(int(digits))
    # rows are in id order: entries sharing an id follow its first row
    found = []
    for token_id in set(wanted):
        row = table.row_of_id(token_id)
        while row is not None and row < len(table) and table.ids[row] == token_id:
            found.append(row)
            row += 1
    return sorted(found)


# ----------------------------------------------------------------------------- corpus usage
class TokenUsage:
    """Token frequencies on a corpus and, per token, the words that use it.

    ``counts[id]`` is how often token ``id`` occurs when every corpus word is encoded
    (without special tokens) and weighted by its count. ``words`` lists the encoded words
    most frequent first (ties alphabetical) and ``word_counts`` their counts;
    :meth:`words_using` gives a token's words in that order. ``truncated`` says only the
    ``max_words`` most frequent words were encoded.

    subtle: the token -> words index is three flat ``array`` columns (a CSR table), not a
    dict of lists: 100k+ lists would be objects the cyclic garbage collector walks on
    every full collection, stalling whichever thread triggers it (measured: 0.3-0.8 s).
    """

    def __init__(self, counts: dict[int, int], words: list[str], word_counts: array,
                 token_ids: array, starts: array, users: array, truncated: bool = False) -> None:
        self.counts = counts
        self.words = words
        self.word_counts = word_counts
        self._token_ids, self._starts, self._users = token_ids, starts, users
        self.truncated = truncated

    @property
    def n_words(self) -> int:
        return len(self.words)

    def __reduce__(self) -> tuple:
        """Pickle as packed columns (see :meth:`VocabTable.__reduce__`)."""
        return _unpack_usage, (array("q", self.counts.keys()), array("q", self.counts.values()),
                               pack_strings(self.words), len(self.words), self.word_counts,
                               self._token_ids, self._starts, self._users, self.truncated)

    def _span(self, token_id: int) -> tuple[int, int]:
        k = bisect_left(self._token_ids, token_id)
        if k == len(self._token_ids) or self._token_ids[k] != token_id:
            return 0, 0
        return self._starts[k], self._starts[k + 1]

    def words_using(self, token_id: int, limit: int | None = 100) -> list[tuple[str, int]]:
        """The corpus words whose encoding contains ``token_id``, most frequent first."""
        start, end = self._span(token_id)
        if limit is not None:
            end = min(end, start + limit)
        return [(self.words[w], self.word_counts[w]) for w in self._users[start:end]]

    def n_words_using(self, token_id: int) -> int:
        start, end = self._span(token_id)
        return end - start


def _unpack_usage(count_ids: array, count_values: array, words: Any, n_words: int,
                  word_counts: array, token_ids: array, starts: array, users: array,
                  truncated: bool) -> TokenUsage:
    return TokenUsage(dict(zip(count_ids, count_values)), unpack_strings(words, n_words),
                      word_counts, token_ids, starts, users, truncated)


def token_usage(tokenizer: Any, word_counts: Mapping[str, int],
                max_words: int | None = None) -> TokenUsage:
    """:func:`iter_token_usage` run to the end."""
    gen = iter_token_usage(tokenizer, word_counts, max_words)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def iter_token_usage(tokenizer: Any, word_counts: Mapping[str, int],
                     max_words: int | None = None, every: int = 500,
                     ) -> Generator[StageProgress, None, TokenUsage]:
    """Encode each distinct corpus word once; yield progress every ``every`` words.

    Each word is encoded alone, as :func:`analysis.token_frequencies` does (so a
    GPT-2 word is seen without its leading space), with ``add_special_tokens=False``;
    special tokens the encoding still carries are not counted.

    Args:
        word_counts: word -> count, e.g. ``CorpusState.word_counts``.
        max_words: encode only the most frequent words (``None``: all).

    Returns:
        A :class:`TokenUsage`.
    """
    # 1. most frequent first, so every token's list of words comes out in that order
    items = sorted(word_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    truncated = max_words is not None and len(items) > max_words
    if truncated:
        items = items[:max_words]
    total = len(items)
    words = [w for w, _ in items]
    counts_of_words = array("q", [c for _, c in items])
    del items
    yield StageProgress(USAGE_STAGE, 0, total)
    counts: dict[int, int] = {}
    pair_token, pair_word = array("q"), array("q")  # (token, word) once per word using it
    # 2. encode word by word
    for k, word in enumerate(words):
        enc = tokenizer.encode(word, add_special_tokens=False)
        count = counts_of_words[k]
        seen: set[int] = set()
        for token_id, special in zip(enc.ids, enc.special_tokens_mask):
            if special:
                continue
            counts[token_id] = counts.get(token_id, 0) + count
            if token_id not in seen:
                seen.add(token_id)
                pair_token.append(token_id)
                pair_word.append(k)
        if (k + 1) % every == 0:
            yield StageProgress(USAGE_STAGE, k + 1, total)
    # 3. group the pairs by token (a counting sort keeps each token's words in order)
    n_users: dict[int, int] = {}
    for token_id in pair_token:
        n_users[token_id] = n_users.get(token_id, 0) + 1
    token_ids = array("q", sorted(n_users))
    starts, next_slot, at = array("q"), {}, 0
    for token_id in token_ids:
        starts.append(at)
        next_slot[token_id] = at
        at += n_users[token_id]
    starts.append(at)
    users = array("q", bytes(8 * at))
    for token_id, k in zip(pair_token, pair_word):
        users[next_slot[token_id]] = k
        next_slot[token_id] += 1
    yield StageProgress(USAGE_STAGE, total, total)
    return TokenUsage(counts, words, counts_of_words, token_ids, starts, users, truncated)


# ----------------------------------------------------------------------------- ids -> text
@dataclass(frozen=True)
class ParsedIds:
    """Ids read from pasted text, and the pieces that are not ids (in words, in order)."""

    ids: list[int]
    not_numbers: list[str]


def parse_ids(text: str) -> ParsedIds:
    """Read token ids from text as people paste them.

    Accepts spaces, commas, semicolons, a JSON list, a Python list ``[101, 7592, 102]``,
    nested lists (flattened) and ``#``-prefixed ids. Everything else (words,
    negative numbers, decimals) goes to ``not_numbers``.

    Example:
        >>> parse_ids("[101, 7592, 102]")
        ParsedIds(ids=[101, 7592, 102], not_numbers=[])
        >>> parse_ids("5 x -1")
        ParsedIds(ids=[5], not_numbers=['x', '-1'])
    """
    ids: list[int] = []
    bad: list[str] = []
    for piece in re.split(r"[\s,;\[\]()]+", text):
        if not piece:
            continue
        digits = piece[1:] if piece.startswith("#") else piece
        if digits.isascii() and digits.isdigit():
            ids.append(int(digits))
        else:
            bad.append(piece)
    return ParsedIds(ids, bad)


@dataclass(frozen=True)
class DecodedIds:
    """What the decode view shows: the text, each known id's token, and the problems."""

    text: str
    tokens: list[tuple[int, str, str]]  # (id, raw token, readable token) of the known ids
    unknown_ids: list[int]
    not_numbers: list[str]
    error: str = ""

    @property
    def problems(self) -> str:
        """The problems in words ("" when there are none)."""
        parts = []
        if self.unknown_ids:
            parts.append(f"{_plural(len(self.unknown_ids), 'id')} not in the vocabulary "
                         f"(left out): {_listed(self.unknown_ids)}")
        if self.not_numbers:
            parts.append(f"{_plural(len(self.not_numbers), 'piece')} not a token id "
                         f"(ignored): {_listed(self.not_numbers)}")
        if self.error:
            parts.append(f"cannot decode: {self.error}")
        return "; ".join(parts)


def decode_ids(tokenizer: Any, text: str, skip_special_tokens: bool = False) -> DecodedIds:
    """Parse ``text`` (:func:`parse_ids`) and decode the known ids with ``tokenizer``.

    Ids missing from the vocabulary are left out of the decode and reported.
    """
    parsed = parse_ids(text)
    byte_level = is_byte_level(tokenizer)
    known, tokens, unknown = [], [], []
    seen: dict[int, tuple[int, str, str] | None] = {}  # texts repeat their tokens a lot
    for token_id in parsed.ids:
        row = seen.get(token_id, False)
        if row is False:
            token = tokenizer.id_to_token(token_id)
            row = seen[token_id] = None if token is None else (
                token_id, token, visible_token(token, byte_level))
        if row is None:
            unknown.append(token_id)
            continue
        known.append(token_id)
        tokens.append(row)
    try:
        decoded, error = tokenizer.decode(known, skip_special_tokens=skip_special_tokens), ""
    except (SubwordError, ValueError, TypeError, KeyError, IndexError) as exc:
        decoded, error = "", str(exc) or "the decoder failed"
    return DecodedIds(decoded, tokens, unknown, parsed.not_numbers, error)


def ids_text(ids: Sequence[int]) -> str:
    """Ids as a JSON/Python list, the form ``parse_ids`` and notebooks both read."""
    return json.dumps(list(ids))


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _listed(values: Iterable[Any], limit: int = 12) -> str:
    values = list(values)
    shown = ", ".join(str(v) for v in values[:limit])
    return shown + (f" … (+{len(values) - limit:,} more)" if len(values) > limit else "")


__all__ = [
    "DecodedIds", "ParsedIds", "SEARCH_MODES", "TokenUsage", "VocabSearchError", "VocabTable",
    "decode_ids", "ids_text", "iter_token_usage", "iter_vocab_table", "parse_ids",
    "search_rows", "token_usage", "vocab_table",
]
