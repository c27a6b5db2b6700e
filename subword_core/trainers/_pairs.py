"""The shared machinery of the merge trainers: vocabulary setup, encoded words, pair counts.

:mod:`.bpe` builds BPE and WordPiece on top of this. Everything here follows HF
``tokenizers`` (``models/bpe/trainer.rs`` and ``models/bpe/word.rs``) step for
step, because byte-level BPE must produce HF's merges exactly:

* ids: special tokens first, then the alphabet sorted by code point, then the
  ``continuing_subword_prefix`` / ``end_of_word_suffix`` variants of the
  characters (HF: hash-map order; here: sorted by code point, so deterministic),
  then merges in creation order;
* pairs are counted over windows of two, so ``aaa`` holds ``(a, a)`` twice;
* merging a pair in a word changes only the neighbouring pairs, by the deltas
  HF's ``Word::merge`` records (the merged pair's own count is left alone, which
  matters only when a merge re-creates an existing token; see :mod:`.bpe`).

Representation (why it is fast in pure Python): a word is a ``str`` whose
characters are ``chr(symbol id)``, and a pair is the 2-character string of its
ids. Then "does this word still hold the pair" is ``in``, merging every
occurrence left to right is ``str.replace`` (exactly HF's left-to-right,
non-overlapping scan), and comparing two pair keys compares ``(left id,
right id)`` — HF's tie-break order.
"""

from __future__ import annotations

from array import array
from collections import Counter, defaultdict
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from operator import add
from typing import Any

from .._util.progress import StageProgress, Ticker

Key = str  # a pair: chr(left id) + chr(right id)


class Positions(array):
    """The words that (once) held a pair: word indices in a compact ``array('i')``.

    HF keeps a ``HashSet`` per pair; an array takes 4 bytes per entry instead of a
    set's 30 or more. An index may appear twice (a word holding or gaining the pair
    twice), which is harmless: a merge skips words that no longer hold the pair.
    ``add`` is ``append``, so code written for sets (the likelihood loop) works with both.
    """

    __slots__ = ()
    add = array.append


#: A new, empty :class:`Positions` (a C-level call: ``defaultdict`` makes one per new pair).
new_positions = partial(Positions, "i")


PositionsMap = dict[Key, "Positions | list[int] | set[int]"]

#: Words processed between two clock checks in counting loops.
CHECK_EVERY = 1024
#: Words merged between two clock checks inside one (large) merge.
_MERGE_CHUNK = 4096
#: Stand-in for HF's ``usize::MAX`` count of initial-alphabet characters.
_ALWAYS = 1 << 64


class Vocab:
    """Token <-> id, ids assigned in insertion order (HF's ``word_to_id``/``id_to_word``)."""

    __slots__ = ("ids", "tokens")

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.tokens: list[str] = []

    def add(self, token: str) -> int:
        """Return the id of ``token``, adding it at the end if new."""
        idx = self.ids.get(token)
        if idx is None:
            idx = self.ids[token] = len(self.tokens)
            self.tokens.append(token)
        return idx

    def __len__(self) -> int:
        return len(self.tokens)


def special_contents(tokens: Iterable[object]) -> list[str]:
    """Special tokens as strings (accepts ``str`` or objects with ``.content``, like AddedToken)."""
    return [t if isinstance(t, str) else str(getattr(t, "content", t)) for t in tokens]


def compute_alphabet(word_counts: Mapping[str, int], initial_alphabet: Iterable[str],
                     limit_alphabet: int | None) -> list[str]:
    """The characters of the initial vocabulary, sorted by code point (HF ``compute_alphabet``).

    ``initial_alphabet`` characters are always kept unless ``limit_alphabet`` is
    smaller than them; the first character of each string is used, as in HF's
    Python binding. ``limit_alphabet`` drops the least frequent characters; on
    equal frequency the larger code point is dropped first (HF: unspecified).
    """
    # 1. which characters, and (only if we must limit) how often, weighted by word count
    initial = {s[0] for s in initial_alphabet if s}
    if limit_alphabet is None:
        return sorted(set("".join(word_counts)) | initial)
    freq: Counter[str] = Counter()
    by_count: dict[int, list[str]] = defaultdict(list)
    for word, count in word_counts.items():
        by_count[count].append(word)
    for count, words in by_count.items():  # one C-level Counter per distinct count
        for ch, n in Counter("".join(words)).items():
            freq[ch] += n * count
    for ch in initial:
        freq[ch] = _ALWAYS
    # 2. drop the rarest characters beyond the limit
    to_remove = max(0, len(freq) - limit_alphabet)
    by_rarity = sorted(freq, key=lambda ch: (freq[ch], -ord(ch)))
    return sorted(by_rarity[to_remove:])


def initial_vocab(special_tokens: list[str], alphabet: list[str]) -> Vocab:
    """Special tokens (deduplicated, in order), then the alphabet."""
    vocab = Vocab()
    for token in special_tokens:
        vocab.add(token)
    for ch in alphabet:
        vocab.add(ch)
    return vocab


def split_words(word_counts: Mapping[str, int], vocab: Vocab, prefix: str | None,
                suffix: str | None, stage: str = "count_words"
                ) -> Generator[StageProgress, None, tuple[list[str], list[int]]]:
    """Encode each word as its symbols, one ``chr(id)`` each (HF ``tokenize_words``).

    Characters missing from the vocabulary (dropped by ``limit_alphabet``) are
    skipped; first/last are decided on the *original* word, as in HF. New
    prefix/suffix variants get ids after the alphabet, see :func:`order_variants`.

    Yields:
        StageProgress on a time budget. Returns ``(words, counts)``.
    """
    total = len(word_counts)
    ticker = Ticker()
    ids = vocab.ids
    known = {t for t in vocab.tokens if len(t) == 1}
    counts = list(word_counts.values())
    # 1. fast path: no decoration, a translation table does it in C
    if prefix is None and suffix is None:
        table = {ord(ch): chr(ids[ch]) for ch in known}
        table.update({ord(ch): None for ch in set("".join(word_counts)) - known})
        words: list[str] = []
        for n, word in enumerate(word_counts):
            if n % CHECK_EVERY == 0 and ticker.due():
                yield StageProgress(stage, n, total)
            words.append(word.translate(table))
        return words, counts
    # 2. decorated symbols as strings first, so new variants can be numbered in order
    pieces: list[list[str]] = []
    for n, word in enumerate(word_counts):
        if n % CHECK_EVERY == 0 and ticker.due():
            yield StageProgress(stage, n, total)
        pieces.append(_decorate(word, known, prefix or "", suffix or ""))
    for token in order_variants({p for word in pieces for p in word if p not in ids}):
        vocab.add(token)
    code = {token: chr(i) for token, i in ids.items()}
    return ["".join(map(code.__getitem__, word)) for word in pieces], counts


def order_variants(tokens: set[str]) -> list[str]:
    """The order in which prefix/suffix variants get their ids: by code point.

    HF uses hash-map order here (not reproducible); parity tests swap this
    function for HF's observed order to compare merges exactly.
    """
    return sorted(tokens)


def _decorate(word: str, known: set[str], prefix: str, suffix: str) -> list[str]:
    last = len(word) - 1
    return [(prefix if i else "") + ch + (suffix if i == last else "")
            for i, ch in enumerate(word) if ch in known]


def count_pairs(words: list[str], counts: list[int], stage: str = "count_pairs"
                ) -> Generator[StageProgress, None, tuple[dict[Key, int], dict[Key, Positions]]]:
    """Weighted count of every adjacent pair, and the words holding each (HF ``count_pairs``).

    Returns ``(pair_counts, where)``, both in first-seen order. ``pair_counts``
    is a ``defaultdict(int)`` so that the merge loop can update it blindly.
    """
    where: defaultdict[Key, Positions] = defaultdict(new_positions)
    ticker = Ticker()
    total = len(words)
    for i, word in enumerate(words):
        if i % CHECK_EVERY == 0 and ticker.due():
            yield StageProgress(stage, i, total)
        for key in map(add, word, word[1:]):
            where[key].append(i)  # once per occurrence: the counts are summed below
    weight = counts.__getitem__
    pair_counts: defaultdict[Key, int] = defaultdict(int)
    for key, pos in where.items():
        pair_counts[key] = sum(map(weight, pos))
    return pair_counts, dict(where)


class PairState:
    """Encoded words, their counts and the live pair counts, updated merge by merge.

    ``lengths`` (characters per symbol id) is kept when a ``max_token_length``
    is set or offsets are needed; ``symbol_counts`` (weighted occurrences per
    id) only when asked for (WordPiece).
    """

    __slots__ = ("counts", "lengths", "max_length", "pair_counts", "symbol_counts", "words")

    def __init__(self, words: list[str], counts: list[int], pair_counts: dict[Key, int],
                 lengths: list[int] | None = None, max_length: int | None = None,
                 symbol_counts: list[int] | None = None) -> None:
        self.words = words
        self.counts = counts
        self.pair_counts = pair_counts
        self.lengths = lengths
        self.max_length = max_length
        self.symbol_counts = symbol_counts

    def merge(self, positions: Iterable[int], a: int, b: int, new: int, fresh: bool,
              created: defaultdict[Key, Positions] | defaultdict[Key, set[int]]) -> int:
        """Replace ``(a, b)`` by ``new`` in the given words (HF ``Word::merge``).

        ``fresh`` says ``new`` appears in no word yet. Updates ``pair_counts``
        (a ``defaultdict(int)``) by the neighbour deltas, adds the words where a
        pair was created to ``created[key]`` (a ``defaultdict(set)``), and
        returns how many words changed.
        """
        if fresh and self.max_length is None:
            return self._merge_fast(positions, a, b, new, created)
        return self._merge_walk(positions, a, b, new, created)

    def _merge_fast(self, positions: Iterable[int], a: int, b: int, new: int,
                    created: PositionsMap) -> int:
        # subtle: the hot loop of training. `new` is fresh, so every chr(new) in a merged
        # word marks one replaced occurrence; its neighbours give HF's deltas. The loop only
        # notes, per neighbour symbol, the words it stands in (once per occurrence); the
        # deltas are summed per neighbour afterwards (integer sums: HF's per-occurrence
        # updates, in fewer dictionary operations).
        words, counts, sym = self.words, self.counts, self.symbol_counts
        sa, sb, n = chr(a), chr(b), chr(new)
        ab = sa + sb
        lefts: defaultdict[str, list[int]] = defaultdict(list)
        rights: defaultdict[str, list[int]] = defaultdict(list)
        touched = 0
        for i in positions:
            w = words[i]
            if ab not in w:
                continue  # HF's position sets keep words that lost the pair since
            words[i] = nw = w.replace(ab, n)
            touched += 1
            last = len(nw) - 1
            found = len(w) - last - 1  # occurrences replaced
            if sym is not None:
                k = found * counts[i]
                sym[a] -= k
                sym[b] -= k
                sym[new] += k
            k = nw.find(n)
            if found == 1:  # one occurrence (the usual case): no search for more
                if k:
                    lefts[nw[k - 1]].append(i)
                if k < last:
                    rights[nw[k + 1]].append(i)
                continue
            while k >= 0:
                if k:
                    lefts[nw[k - 1]].append(i)
                if k < last and nw[k + 1] != n:  # (n, n) is counted once, from its right n
                    rights[nw[k + 1]].append(i)
                k = nw.find(n, k + 1)
        self._apply_deltas(lefts, rights, sa, sb, n, created)
        return touched

    def _apply_deltas(self, lefts: dict[str, list[int]], rights: dict[str, list[int]],
                      sa: str, sb: str, n: str, created: PositionsMap) -> None:
        """HF's deltas, summed: ``(x, a)`` becomes ``(x, n)`` for each left neighbour ``x``
        (``(b, a)`` becomes ``(n, n)`` where two occurrences touch), ``(b, y)`` becomes
        ``(n, y)`` for each right neighbour ``y``; the words go to ``created`` as lists.

        Each created key is new (``n`` is fresh) and comes from one neighbour, so its list
        is stored as is (extended by the next chunk of a large merge).
        """
        pc, weight = self.pair_counts, self.counts.__getitem__
        for left, where in lefts.items():
            total = sum(map(weight, where))
            old, key = (sb + sa, n + n) if left == n else (left + sa, left + n)
            pc[old] -= total
            pc[key] += total
            _note_created(created, key, where)
        for right, where in rights.items():
            total = sum(map(weight, where))
            pc[sb + right] -= total
            key = n + right
            pc[key] += total
            _note_created(created, key, where)

    def _merge_walk(self, positions: Iterable[int], a: int, b: int, new: int,
                    created: PositionsMap) -> int:
        # HF's symbol walk, literally: needed for max_token_length (per-symbol lengths)
        # and when `new` already occurs in words (a merge re-created an existing token).
        words, counts, pc, sym = self.words, self.counts, self.pair_counts, self.symbol_counts
        lengths, max_len = self.lengths, self.max_length
        new_len = lengths[a] + lengths[b] if lengths is not None else 0
        ab = chr(a) + chr(b)
        touched = 0
        for i in positions:
            if ab not in words[i]:
                continue
            w = list(map(ord, words[i]))
            c = counts[i]
            j = 0
            while j < len(w) - 1:
                if w[j] != a or w[j + 1] != b:
                    j += 1
                    continue
                if j:
                    p = w[j - 1]
                    _bump(pc, None, chr(p) + chr(a), -c, i)
                    if max_len is None or lengths[p] + new_len < max_len:
                        _bump(pc, created, chr(p) + chr(new), c, i)
                w[j] = new
                del w[j + 1]
                if j + 1 < len(w):
                    q = w[j + 1]
                    _bump(pc, None, chr(b) + chr(q), -c, i)
                    if max_len is None or lengths[q] + new_len < max_len:
                        _bump(pc, created, chr(new) + chr(q), c, i)
                if sym is not None:
                    sym[a] -= c
                    sym[b] -= c
                    sym[new] += c
                j += 1
            words[i] = "".join(map(chr, w))
            touched += 1
        return touched


def _note_created(created: PositionsMap, key: Key, where: list[int]) -> None:
    held = created.get(key)
    if held is None:
        created[key] = where
    else:  # a large merge runs in chunks (apply_merge): the same key again
        held.extend(where)


def _bump(pc: dict[Key, int], created: PositionsMap | None, key: Key, delta: int,
          i: int) -> None:
    pc[key] += delta
    if created is not None:
        created[key].add(i)


@dataclass
class Setup:
    """What the merge loops start from: the vocabulary, the words, the pair index."""

    vocab: Vocab
    state: PairState
    where: dict[Key, Positions]


def new_symbol(setup: Setup, a: int, b: int, prefix: str | None) -> tuple[int, bool]:
    """Id of the token ``a + b`` (``b``'s prefix stripped) and whether it is new (HF)."""
    vocab, state = setup.vocab, setup.state
    left, right = vocab.tokens[a], vocab.tokens[b]
    if prefix and right.startswith(prefix):
        right = right[len(prefix):]
    before = len(vocab)
    new = vocab.add(left + right)
    fresh = len(vocab) > before
    if state.lengths is not None:
        # subtle: a reused id (e.g. a special token "ab") may not have its length yet
        length = state.lengths[a] + state.lengths[b]
        if fresh:
            state.lengths.append(length)
        else:
            state.lengths[new] = length
    if fresh and state.symbol_counts is not None:
        state.symbol_counts.append(0)
    return new, fresh


def apply_merge(setup: Setup, positions: Any, a: int, b: int, new: int, fresh: bool,
                created: PositionsMap, ticker: Ticker, total: int
                ) -> Generator[StageProgress, None, int]:
    """Merge in all ``positions``, yielding progress between chunks of a large merge."""
    if len(positions) <= _MERGE_CHUNK:
        return setup.state.merge(positions, a, b, new, fresh, created)
    positions = list(positions)
    touched = 0
    for start in range(0, len(positions), _MERGE_CHUNK):
        chunk = positions[start:start + _MERGE_CHUNK]
        touched += setup.state.merge(chunk, a, b, new, fresh, created)
        if ticker.due():
            yield StageProgress("merge", len(setup.vocab), total)
    return touched
