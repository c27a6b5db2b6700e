"""BpeTrainer and WordPieceTrainer: merge trainers over word counts, HF-exact where HF is defined.

Both learn merges incrementally (HF ``tokenizers/src/models/bpe/trainer.rs``):
pair counts, for each pair the set of words that contained it, a max-heap with
lazy invalidation, and after each merge only the touched words are updated,
by the neighbour deltas HF's ``Word::merge`` records. Shared machinery lives in
:mod:`._pairs`; this module adds the selection loops and the models.

Choice of the next merge:

* :class:`BpeTrainer` (and ``WordPieceTrainer(scoring="frequency")``): the pair
  with the highest count; on equal counts the smallest ``(left id, right id)``.
  Ids are: special tokens, the alphabet by code point, the prefix/suffix
  variants by code point, then merges in creation order. Merges are identical
  to HF ``BpeTrainer``'s whenever HF's ids are (always without a prefix or
  suffix; HF numbers the variants in hash-map order).
* ``WordPieceTrainer(scoring="likelihood")`` (default): the pair maximising
  ``count(ab) / (count(a) * count(b))``, symbol counts taken over the current
  segmentation; on equal scores the pair *seen first* wins: the one a fresh
  recount would meet first, scanning the words in the order of ``word_counts``
  and each word left to right (what ``max`` returns in the naive loop of the
  HF course). See :mod:`._likelihood`.

HF quirks kept on purpose, for identical merges:

* ``min_frequency``: stop at the first pair whose count is below it.
* ``max_token_length``: a pair is not (re)counted when the two symbols together
  span ``max_token_length`` characters or more (HF compares with ``<``).
* When a merge builds a token string that already exists, the id is reused,
  the vocabulary does not grow, and HF keeps counting the merged pair's old
  occurrences; the same pair can then be merged twice. Every merge is an event
  (ranks stay contiguous); the model keeps the last occurrence, as HF's does.
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict
from collections.abc import Generator, Mapping
from dataclasses import dataclass

from .._util.gc import paused_gc
from .._util.progress import StageProgress, StageStarted, Ticker
from ..errors import TrainingError
from ..models import BPE, WordPiece
from ._likelihood import likelihood_merges
from ._pairs import (
    Key,
    PairState,
    Positions,
    new_positions,
    Setup,
    Vocab,
    apply_merge,
    compute_alphabet,
    count_pairs,
    initial_vocab,
    new_symbol,
    special_contents,
    split_words,
)
from .base import TrainerBase, TrainGenerator, check_word_counts, option
from .events import MergeAdded, TrainEvent
from .history import TrainingHistory

RawMerge = tuple[int, int, int]  # (left id, right id, new id)
_TWO64 = 1 << 64
_SMALL_MERGE = 256  # merges touching fewer words skip the progress-yielding wrapper


# ---------------------------------------------------------------------------------------
# Trainers
# ---------------------------------------------------------------------------------------
@dataclass(kw_only=True)
class BpeTrainer(TrainerBase):
    """Train a BPE model from word counts, with HF ``BpeTrainer``'s options and merges.

    Example:
        >>> trainer = BpeTrainer(vocab_size=9, show_progress=False)  # 7 characters + 2
        >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
        >>> model, history = trainer.train(counts)
        >>> [(m.left, m.right) for m in history.merges]
        [('u', 'g'), ('u', 'n')]
    """

    continuing_subword_prefix: str | None = option(
        None, help="Prefix of every symbol that does not start a word (e.g. '##').")
    end_of_word_suffix: str | None = option(
        None, help="Suffix of the last symbol of every word (e.g. '</w>').")
    max_token_length: int | None = option(
        None, help="Do not build tokens of this many characters or more; None = no limit.", min=1)
    unk_token: str | None = option(None, help="Unknown token of the trained model.")

    def iter_train(self, word_counts: Mapping[str, int]) -> TrainGenerator:
        """Yield events while training; return ``(BPE model, TrainingHistory)``.

        Yields:
            StageStarted/StageProgress for ``count_words``, ``count_pairs``, ``merge``;
            one MergeAdded per merge.
        """
        history = self.new_history()
        with paused_gc():
            setup = yield from _prepare(self, word_counts, self.continuing_subword_prefix,
                                        self.end_of_word_suffix, self.max_token_length)
            raw = yield from _frequency_merges(setup, self, self.continuing_subword_prefix,
                                               history)
            yield StageStarted("finalize", None)
            model = _bpe_model(setup.vocab, raw, self)
            del setup  # free the words and pair index while the collector is still paused
        return model, history

    def hf_state(self) -> dict:
        """HF's ``__getstate__`` object: ``{"BpeTrainer": {...}}``."""
        return {"BpeTrainer": _bpe_state(self, self.max_token_length)}


@dataclass(kw_only=True)
class WordPieceTrainer(TrainerBase):
    """Train a WordPiece vocabulary from word counts.

    ``scoring="likelihood"`` picks the pair maximising ``count(ab) / (count(a) *
    count(b))`` (ties: first pair seen); ``scoring="frequency"`` is HF
    ``WordPieceTrainer`` (BPE with the ``##`` prefix) and gives its vocabulary.

    Example:
        >>> trainer = WordPieceTrainer(vocab_size=13, show_progress=False)  # 11 symbols + 2
        >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
        >>> _, history = trainer.train(counts)
        >>> [m.token for m in history.merges]
        ['##gs', 'hu']
    """

    scoring: str = option("likelihood", help="'likelihood' (WordPiece) or 'frequency' (HF).",
                          choices=("likelihood", "frequency"))
    continuing_subword_prefix: str = option("##", help="Prefix of symbols inside a word.")
    end_of_word_suffix: str | None = option(None, help="Suffix of the last symbol of a word.")
    unk_token: str = option("[UNK]", help="Unknown token of the trained model.")

    def iter_train(self, word_counts: Mapping[str, int]) -> TrainGenerator:
        """Yield events while training; return ``(WordPiece model, TrainingHistory)``."""
        if self.scoring not in ("likelihood", "frequency"):
            raise TrainingError(f"scoring must be 'likelihood' or 'frequency': {self.scoring!r}")
        history = self.new_history()
        prefix = self.continuing_subword_prefix
        merge_loop = _frequency_merges if self.scoring == "frequency" else likelihood_merges
        with paused_gc():
            setup = yield from _prepare(self, word_counts, prefix, self.end_of_word_suffix,
                                        None, symbol_counts=True)
            yield from merge_loop(setup, self, prefix, history)
            yield StageStarted("finalize", None)
            # a WordPiece model is its vocabulary; the merges live in the history
            model = _wordpiece_model(setup.vocab, self)
            del setup  # free the words and pair index while the collector is still paused
        return model, history

    def hf_state(self) -> dict:
        """HF's ``__getstate__`` object: ``{"WordPieceTrainer": {"bpe_trainer": {...}}}``
        (``scoring`` has no place in it)."""
        return {"WordPieceTrainer": {"bpe_trainer": _bpe_state(self, None)}}


def _bpe_state(trainer: BpeTrainer | WordPieceTrainer, max_token_length: int | None) -> dict:
    """The fields of HF's ``BpeTrainer`` state, in its order."""
    return {
        "min_frequency": trainer.min_frequency, "vocab_size": trainer.vocab_size,
        "show_progress": trainer.show_progress, "progress_format": "Indicatif",
        "special_tokens": trainer.hf_special_tokens(),
        "limit_alphabet": trainer.limit_alphabet,
        "initial_alphabet": trainer.hf_initial_alphabet(),
        "continuing_subword_prefix": trainer.continuing_subword_prefix,
        "end_of_word_suffix": trainer.end_of_word_suffix,
        "max_token_length": max_token_length, "words": {},
    }


# ---------------------------------------------------------------------------------------
# Steps 1-4: vocabulary, words, pair counts
# ---------------------------------------------------------------------------------------
def _prepare(trainer: TrainerBase, word_counts: Mapping[str, int], prefix: str | None,
             suffix: str | None, max_token_length: int | None, symbol_counts: bool = False
             ) -> Generator[TrainEvent, None, Setup]:
    trainer.validate()
    check_word_counts(word_counts)
    # 1. special tokens, then the alphabet sorted by code point
    alphabet = compute_alphabet(word_counts, trainer.initial_alphabet, trainer.limit_alphabet)
    vocab = initial_vocab(special_contents(trainer.special_tokens), alphabet)
    # 2. words as strings of symbol ids (+ the prefix/suffix variants)
    yield StageStarted("count_words", len(word_counts))
    words, counts = yield from split_words(word_counts, vocab, prefix, suffix)
    # 3. count pairs, remembering which words hold each
    yield StageStarted("count_pairs", len(words))
    pair_counts, where = yield from count_pairs(words, counts)
    # 4. optional per-symbol data: lengths for max_token_length/offsets, counts for WordPiece
    lengths = [1] * len(vocab) if max_token_length is not None or symbol_counts else None
    sym = _symbol_counts(words, counts, len(vocab)) if symbol_counts else None
    state = PairState(words, counts, pair_counts, lengths, max_token_length, sym)
    return Setup(vocab, state, where)


def _symbol_counts(words: list[str], counts: list[int], n: int) -> list[int]:
    sym = [0] * n
    by_count: dict[int, list[str]] = {}
    for word, c in zip(words, counts):
        by_count.setdefault(c, []).append(word)
    for c, group in by_count.items():
        for ch, k in Counter("".join(group)).items():
            sym[ord(ch)] += k * c
    return sym


# ---------------------------------------------------------------------------------------
# Step 5: frequency merges (BPE, WordPiece "frequency") — HF's loop
# ---------------------------------------------------------------------------------------
# A queue entry is one int: -count, left id, right id and a push number, in bit fields, so
# the heap compares plain ints (faster than tuples) and an entry costs ~40 bytes, not ~130.
_SEQ_BITS = 32  # push numbers: 4 billion pushes
_ID_BITS = 21  # symbol ids are code points (below 0x110000)
_RIGHT_SHIFT = _SEQ_BITS
_LEFT_SHIFT = _SEQ_BITS + _ID_BITS
_COUNT_SHIFT = _SEQ_BITS + 2 * _ID_BITS
_SEQ_MASK = (1 << _SEQ_BITS) - 1
_LOW_MASK = (1 << _COUNT_SHIFT) - 1


class _Queue:
    """HF's merge queue: entries ``(count, pair, positions)``, max count first, then smallest pair.

    The heap holds ints ordered as ``(-count, left id, right id, push number)``: pair
    ids are HF's tie-break; the push number keeps equal entries (possible when a token
    is re-created) in push order. The pair and its positions (one word: its index) live
    in ``keys`` and ``positions`` at the push number, let go when the entry leaves the heap.
    """

    __slots__ = ("heap", "keys", "pair_counts", "positions")

    def __init__(self, pair_counts: dict[Key, int], where: dict[Key, Positions]) -> None:
        self.pair_counts = pair_counts
        self.keys: list[Key | None] = []
        self.positions: list[Positions | int | None] = []
        self.heap: list[int] = [self._entry(key, c, pos) for key, pos in where.items()
                                if (c := pair_counts[key]) > 0]
        heapq.heapify(self.heap)

    def _entry(self, key: Key, count: int, pos: Positions) -> int:
        seq = len(self.keys)
        self.keys.append(key)
        self.positions.append(pos)
        return ((-count << _COUNT_SHIFT) | (ord(key[0]) << _LEFT_SHIFT)
                | (ord(key[1]) << _RIGHT_SHIFT) | seq)

    def push_created(self, created: dict[Key, Positions | list[int]]) -> None:
        """Queue the pairs a merge created, at their counts (those above 0)."""
        # subtle: _entry inlined: this runs once per created pair (190k times at 10 MB)
        heap, pair_counts, keys, positions = self.heap, self.pair_counts, self.keys, self.positions
        seq = len(keys)
        for key, pos in created.items():
            count = pair_counts[key]
            if count > 0:
                heapq.heappush(heap, (-count << _COUNT_SHIFT) | (ord(key[0]) << _LEFT_SHIFT)
                               | (ord(key[1]) << _RIGHT_SHIFT) | seq)
                keys.append(key)
                # most created pairs are in one word and are never merged: keep the index
                # alone (an int, ~28 bytes) rather than an array (~80 bytes); the fast merge
                # hands lists over, kept as arrays (4 bytes an entry)
                positions.append(pos[0] if len(pos) == 1
                                 else new_positions(pos) if type(pos) is list else pos)
                seq += 1

    def peek(self) -> tuple[Key, int] | None:
        """The top valid entry ``(key, count)``, refreshing stale entries as HF does."""
        heap, pair_counts, keys = self.heap, self.pair_counts, self.keys
        while heap:
            top = heap[0]
            key = keys[top & _SEQ_MASK]
            count = pair_counts[key]
            if count < 0:
                count += _TWO64  # HF: `count as u64`
            if count == -(top >> _COUNT_SHIFT):
                return key, count
            if count:
                heapq.heapreplace(heap, (-count << _COUNT_SHIFT) | (top & _LOW_MASK))
            else:  # HF re-queues it at 0, where it can only end the loop: drop it
                self._release(heapq.heappop(heap))
        return None

    def pop(self) -> tuple[Key, int, Positions] | None:
        """Remove and return the top valid entry ``(key, count, positions)``."""
        top = self.peek()
        if top is None:
            return None
        return top[0], top[1], self._release(heapq.heappop(self.heap))

    def _release(self, entry: int) -> Positions:
        seq = entry & _SEQ_MASK
        pos = self.positions[seq]
        self.keys[seq] = self.positions[seq] = None
        assert pos is not None
        return new_positions((pos,)) if type(pos) is int else pos


def _frequency_merges(setup: Setup, trainer: TrainerBase, prefix: str | None,
                      history: TrainingHistory) -> Generator[TrainEvent, None, list[RawMerge]]:
    vocab, state = setup.vocab, setup.state
    tokens, pair_counts, sym = vocab.tokens, state.pair_counts, state.symbol_counts
    total, min_frequency = trainer.vocab_size, trainer.min_frequency
    queue = _Queue(pair_counts, setup.where)
    setup.where = {}
    merges: list[RawMerge] = []
    ticker = Ticker()
    yield StageStarted("merge", total)
    while len(tokens) < total:
        # 1. best pair (stale entries are refreshed on the way: HF's lazy invalidation)
        top = queue.pop()
        if top is None:
            break
        key, count, pos = top
        if count < 1 or min_frequency > count:
            break
        a, b = ord(key[0]), ord(key[1])
        left_count, right_count = (sym[a], sym[b]) if sym is not None else (None, None)
        # 2. the new token, and the runner-up before any count changes
        new, fresh = new_symbol(setup, a, b, prefix)
        runner = queue.peek()
        # 3. replace the pair in the words that (once) held it; queue the created pairs
        created: defaultdict[Key, Positions] = defaultdict(new_positions)
        if len(pos) <= _SMALL_MERGE:
            touched = state.merge(pos, a, b, new, fresh, created)
        else:
            touched = yield from apply_merge(setup, pos, a, b, new, fresh, created, ticker,
                                             total)
        queue.push_created(created)
        # 4. record
        merges.append((a, b, new))
        if runner is None:
            runner_pair = runner_count = None
        else:
            runner_pair = (tokens[ord(runner[0][0])], tokens[ord(runner[0][1])])
            runner_count = runner[1]
        event = MergeAdded(len(merges) - 1, tokens[a], tokens[b], tokens[new], new, count,
                           touched, runner_pair, runner_count, runner_count == count, count,
                           left_count, right_count)
        history.records.append(event)
        yield event
        if ticker.due():
            yield StageProgress("merge", len(tokens), total)
    return merges


# ---------------------------------------------------------------------------------------
# Step 6: the models
# ---------------------------------------------------------------------------------------
def final_merges(tokens: list[str], raw: list[RawMerge]) -> list[tuple[str, str]]:
    """Merge pairs in rank order; a pair merged twice keeps its last rank (as HF's model)."""
    last = {(a, b): r for r, (a, b, _) in enumerate(raw)}
    return [(tokens[a], tokens[b]) for r, (a, b, _) in enumerate(raw) if last[(a, b)] == r]


def _bpe_model(vocab: Vocab, raw: list[RawMerge], trainer: BpeTrainer) -> BPE:
    return BPE(vocab=dict(vocab.ids), merges=final_merges(vocab.tokens, raw),
               unk_token=trainer.unk_token,
               continuing_subword_prefix=trainer.continuing_subword_prefix,
               end_of_word_suffix=trainer.end_of_word_suffix)


def _wordpiece_model(vocab: Vocab, trainer: WordPieceTrainer) -> WordPiece:
    return WordPiece(vocab=dict(vocab.ids), unk_token=trainer.unk_token,
                     continuing_subword_prefix=trainer.continuing_subword_prefix)


__all__ = ["BpeTrainer", "WordPieceTrainer", "final_merges"]
