"""ParityBpeTrainer: BPE whose every merge serves the language that is currently worst off.

Parity-aware BPE (Foroutan et al. 2025, reference code ``swiss-ai/parity-aware-bpe``,
``parity_aware_learn_bpe.py``) learns one merge list for several languages. Plain BPE
merges the pair most frequent over the whole corpus, which favours the languages with
the most text. Here each step first picks a language, then merges the pair most
frequent *in that language's* training text. The merge is applied to every language.

Which language (the reference's rules, kept exactly):

* **dev lengths** (``dev_counts`` given): the language whose development text is
  longest in tokens: the sum over its pre-tokenized dev words of symbols × count,
  with the merges so far applied. Dev texts should be parallel (the same content in
  each language), so lengths compare. Every character of a dev word counts, even
  one missing from the training alphabet. On equal lengths the first language wins
  (in the order of ``language_counts``).
* **ratios** (no dev texts): the language whose *training* text is least compressed,
  ``(initial length / length) / ratio``, ratios normalized by the first language's
  (default: all 1); the smallest value wins, the first on ties.
* ``global_merges`` (the hybrid variant): the first merges are plain BPE over all
  languages together (counts summed); the history gives them ``language=None``.
* ``variant="window"`` (moving-window balancing): a language that won more than
  ``alpha / n`` of the last ``window_size`` parity merges is passed over for the next
  one in line. As in the reference, ``n`` counts the global column when
  ``global_merges`` is set (``n`` languages + 1). Where the reference would fail (every
  language over its share, possible only with a small ``alpha``), the first in line wins.

Which pair, in the chosen language: the highest count; on equal counts the reference
takes the greatest pair ``(left, right)`` as strings (``tie_break="reference"``).
``tie_break="ids"`` takes the smallest ``(left id, right id)`` instead, as
:class:`~.bpe.BpeTrainer` (and HF) do: with one language the merges are then exactly
:class:`~.bpe.BpeTrainer`'s. Training stops as soon as the chosen language has no
pair occurring ``min_frequency`` times (default 2, the reference's), or the vocabulary
is full.

Counts are exact at every step. (The reference prunes rare pairs from its statistics
for speed and re-syncs; that changes nothing while no pair count reaches 10, and is
meant to change nothing anyway. Where a merge re-creates a token that already exists,
``abc`` from ``a + bc`` after ``ab + c``, the reference's update also counts pairs
around the older ``abc`` symbols again; here those counts stay exact, as in
:class:`~.bpe.BpeTrainer`.)

Input: per-language word counts, counted with the pipeline the final tokenizer will
use. The reference pre-tokenizes with HF ``Whitespace`` then ``ByteLevel(use_regex=False)``
and has no end-of-word marker: :func:`subword_core.training.presets.parity_bpe` sets
up that pipeline. Data structures are the BPE trainer's (:mod:`._pairs`), one
:class:`~._pairs.PairState` per language and per dev text, sharing one vocabulary.
"""

from __future__ import annotations

import heapq
from collections import defaultdict, deque
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from .._util.gc import paused_gc
from .._util.progress import StageProgress, StageStarted, Ticker, drive
from ..errors import TrainingError
from ..models import BPE
from ._pairs import (
    Key,
    PairState,
    Positions,
    Vocab,
    compute_alphabet,
    count_pairs,
    initial_vocab,
    new_positions,
    special_contents,
    split_words,
)
from .base import EventCallback, TrainerBase, TrainResult, check_word_counts, option
from .bpe import final_merges
from .events import MergeAdded, TrainEvent
from .history import TrainingHistory

LanguageCounts = Mapping[str, Mapping[str, int]]
RawMerge = tuple[int, int, int]
VARIANTS = ("base", "window")
TIE_BREAKS = ("reference", "ids")
#: Stands for a dev character the training alphabet lacks: it counts in lengths, never merges.
_FOREIGN = chr(0x10FFFF)


@dataclass(kw_only=True)
class ParityBpeTrainer(TrainerBase):
    """Parity-aware BPE from per-language word counts (see the module docstring).

    Example:
        >>> trainer = ParityBpeTrainer(vocab_size=6, min_frequency=1, show_progress=False)
        >>> train = {"en": {"aa": 3, "b": 1}, "xx": {"bb": 1, "c": 1}}
        >>> dev = {"en": {"aa": 1}, "xx": {"bbb": 1}}
        >>> _, history = trainer.train(train, dev)
        >>> [(m.token, m.language) for m in history.merges]
        [('bb', 'xx'), ('aa', 'en')]
    """

    min_frequency: int = option(2, help="Stop when the chosen language has no pair occurring "
                                "this many times (the reference's default is 2).", min=0)
    variant: str = option("base", help="'base' (the longest language wins each merge) or "
                          "'window' (moving-window balancing).", choices=VARIANTS)
    global_merges: int = option(0, help="The first merges are plain BPE over all languages "
                                "together (the hybrid variant).", min=0)
    window_size: int = option(100, help="Window of the moving-window variant, in merges.",
                              min=1)
    alpha: float = option(2, help="Moving-window variant: a language may win at most "
                          "alpha / (number of languages) of the window's merges.", min=0)
    ratios: list[float] | None = option(None, help="Without dev texts: the compression "
                                        "ratio wanted per language (default: all equal).")
    tie_break: str = option("reference", help="Equal counts: 'reference' takes the greatest "
                            "pair as strings, 'ids' the smallest pair of ids (BpeTrainer, HF).",
                            choices=TIE_BREAKS)
    unk_token: str | None = option(None, help="Unknown token of the trained model.")

    def iter_train(self, language_counts: LanguageCounts,  # type: ignore[override]
                   dev_counts: LanguageCounts | None = None
                   ) -> Generator[TrainEvent, None, tuple[BPE, TrainingHistory]]:
        """Yield events while training; return ``(BPE model, TrainingHistory)``.

        Args:
            language_counts: language -> its training word counts; the order of the
                languages breaks ties between them.
            dev_counts: language -> its development word counts (the same languages);
                None measures parity by ``ratios`` on the training texts.

        Yields:
            StageStarted/StageProgress for ``count_words``, ``count_pairs``, ``merge``;
            one MergeAdded per merge, with ``language`` and ``language_lengths``.
        """
        languages = self._check(language_counts, dev_counts)
        history = self.new_history()
        history.options["languages"] = languages
        history.options["parity"] = "dev" if dev_counts is not None else "ratios"
        with paused_gc():
            run = yield from _Run.prepare(self, languages, language_counts, dev_counts)
            raw = yield from run.merges(history)
            yield StageStarted("finalize", None)
            model = BPE(vocab=dict(run.vocab.ids), merges=final_merges(run.vocab.tokens, raw),
                        unk_token=self.unk_token)
        return model, history

    def train(self, language_counts: LanguageCounts,  # type: ignore[override]
              dev_counts: LanguageCounts | None = None,
              on_event: EventCallback | None = None) -> TrainResult:
        """Train to completion; ``on_event`` sees every event. Returns ``(model, history)``."""
        return drive(self.iter_train(language_counts, dev_counts), on_event)

    def _check(self, language_counts: LanguageCounts,
               dev_counts: LanguageCounts | None) -> list[str]:
        self.validate()
        if self.variant not in VARIANTS:
            raise TrainingError(f"variant must be one of {', '.join(VARIANTS)}: {self.variant!r}")
        if self.tie_break not in TIE_BREAKS:
            raise TrainingError(f"tie_break must be one of {', '.join(TIE_BREAKS)}: "
                                f"{self.tie_break!r}")
        if not isinstance(language_counts, Mapping) or not language_counts:
            raise TrainingError("parity-aware BPE needs word counts for at least one language")
        languages = [str(lang) for lang in language_counts]
        for counts in language_counts.values():
            check_word_counts(counts)
        if dev_counts is not None:
            if not isinstance(dev_counts, Mapping) or set(dev_counts) != set(language_counts):
                got = sorted(dev_counts) if isinstance(dev_counts, Mapping) else dev_counts
                raise TrainingError(f"dev texts must be given for the same languages as the "
                                    f"training texts: {sorted(languages)} != {got}")
            for counts in dev_counts.values():
                check_word_counts(counts)
        if self.ratios is not None:
            if dev_counts is not None:
                raise TrainingError("give dev texts or ratios, not both")
            if len(self.ratios) != len(languages) or any(not r > 0 for r in self.ratios):
                raise TrainingError(f"ratios must be {len(languages)} positive numbers, one "
                                    f"per language: {self.ratios!r}")
        return languages


class _Desc:
    """Orders a pair of strings greatest first (the reference's ``max`` over pairs)."""

    __slots__ = ("pair",)

    def __init__(self, pair: tuple[str, str]) -> None:
        self.pair = pair

    def __lt__(self, other: _Desc) -> bool:
        return self.pair > other.pair

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Desc) and self.pair == other.pair

    __hash__ = None  # type: ignore[assignment]


class _Column:
    """One column of counts (a language, or all of them summed) and its max-heap of pairs.

    Entries are ``(-count, tie, key)``; an entry whose count is no longer the pair's is
    refreshed when it reaches the top (lazy invalidation, as in :class:`~.bpe.BpeTrainer`).
    """

    __slots__ = ("count_of", "heap", "tie")

    def __init__(self, count_of: Any, tie: Any, keys: Any) -> None:
        self.count_of = count_of
        self.tie = tie
        self.heap = [(-c, tie(key), key) for key in keys if (c := count_of(key)) > 0]
        heapq.heapify(self.heap)

    def push(self, key: Key) -> None:
        count = self.count_of(key)
        if count > 0:
            heapq.heappush(self.heap, (-count, self.tie(key), key))

    def peek(self) -> tuple[Key, int] | None:
        heap = self.heap
        while heap:
            neg, tie, key = heap[0]
            count = self.count_of(key)
            if count == -neg:
                return key, count
            if count > 0:
                heapq.heapreplace(heap, (-count, tie, key))
            else:
                heapq.heappop(heap)
        return None


class _Side:
    """One language's words (training or dev), their pair counts and pair -> words index."""

    __slots__ = ("state", "where")

    def __init__(self, words: list[str], counts: list[int], pair_counts: dict[Key, int],
                 where: dict[Key, Positions]) -> None:
        self.state = PairState(words, counts, pair_counts)
        self.where: dict[Key, Any] = where

    def length(self) -> int:
        return sum(len(w) * c for w, c in zip(self.state.words, self.state.counts))

    def merge(self, key: Key, a: int, b: int, new: int, fresh: bool) -> tuple[int, int, dict]:
        """Merge ``key`` in every word holding it; return (words touched, tokens saved,
        the created pairs and the words holding them)."""
        positions = self.where.pop(key, None)
        created: defaultdict[Key, Positions] = defaultdict(new_positions)
        if not positions:
            return 0, 0, created
        words, counts = self.state.words, self.state.counts
        unique = list(dict.fromkeys(positions))
        before = sum(len(words[i]) * counts[i] for i in unique)
        touched = self.state.merge(unique, a, b, new, fresh, created)
        saved = before - sum(len(words[i]) * counts[i] for i in unique)
        # the reference zeroes the merged pair (HF leaves its count alone)
        self.state.pair_counts[key] = 0
        for pair, where in created.items():
            held = self.where.get(pair)
            if held is None:
                self.where[pair] = new_positions(where)
            else:
                held.extend(where)
        return touched, saved, created


class _Run:
    """The state of one training: vocabulary, sides, heaps, lengths, window."""

    def __init__(self, trainer: ParityBpeTrainer, languages: list[str], vocab: Vocab,
                 train: list[_Side], dev: list[_Side] | None) -> None:
        self.trainer = trainer
        self.languages = languages
        self.vocab = vocab
        self.train = train
        self.dev = dev
        tokens = vocab.tokens
        if trainer.tie_break == "ids":
            def tie(key: Key) -> Key:
                return key  # (left id, right id) order: the key's characters are the ids
        else:
            def tie(key: Key) -> _Desc:
                return _Desc((tokens[ord(key[0])], tokens[ord(key[1])]))
        self.columns = [_Column(side.state.pair_counts.__getitem__, tie,
                                list(side.state.pair_counts)) for side in train]
        self.global_column: _Column | None = None
        if trainer.global_merges:
            every = [side.state.pair_counts for side in train]
            self.global_column = _Column(
                lambda key: sum(pc.get(key, 0) for pc in every), tie,
                list(dict.fromkeys(k for pc in every for k in pc)))
        measured = dev if dev is not None else train
        self.lengths = [side.length() for side in measured]
        self.initial = list(self.lengths)
        ratios = trainer.ratios or [1.0] * len(languages)
        self.ratios = [r / ratios[0] for r in ratios]
        self.recent: deque[int] = deque(maxlen=trainer.window_size)
        # the reference divides alpha by its number of count columns (+1 for the global one)
        columns = len(languages) + (1 if trainer.global_merges else 0)
        self.share = trainer.alpha / columns

    @classmethod
    def prepare(cls, trainer: ParityBpeTrainer, languages: list[str],
                language_counts: LanguageCounts, dev_counts: LanguageCounts | None
                ) -> Generator[TrainEvent, None, _Run]:
        # 1. one vocabulary: special tokens, then every language's characters by code point
        every: dict[str, int] = {}
        for counts in language_counts.values():
            for word, c in counts.items():
                every[word] = every.get(word, 0) + c
        alphabet = compute_alphabet(every, trainer.initial_alphabet, trainer.limit_alphabet)
        vocab = initial_vocab(special_contents(trainer.special_tokens), alphabet)
        # 2. each language's words as symbol ids, and their pairs
        total = sum(len(c) for c in language_counts.values())
        yield StageStarted("count_words", total)
        encoded = []
        for lang in languages:
            encoded.append((yield from split_words(language_counts[lang], vocab, None, None)))
        yield StageStarted("count_pairs", sum(len(words) for words, _ in encoded))
        train = []
        for words, counts in encoded:
            pair_counts, where = yield from count_pairs(words, counts)
            train.append(_Side(words, counts, pair_counts, where))
        # 3. dev words: every character counts; one the alphabet lacks never merges
        dev = None
        if dev_counts is not None:
            table = {ord(ch): chr(i) for ch, i in vocab.ids.items() if len(ch) == 1}
            dev = []
            for lang in languages:
                counts_of = dev_counts[lang]
                chars = set("".join(counts_of))
                table.update({ord(ch): _FOREIGN for ch in chars if ord(ch) not in table})
                words = [w.translate(table) for w in counts_of]
                counts = list(counts_of.values())
                pair_counts, where = yield from count_pairs(words, counts)
                dev.append(_Side(words, counts, pair_counts, where))
        return cls(trainer, languages, vocab, train, dev)

    # -- choosing --------------------------------------------------------------------------
    def need(self, i: int) -> float:
        """How badly language ``i`` needs the next merge (greater: more)."""
        if self.dev is not None:
            return self.lengths[i]
        if not self.lengths[i]:
            return float("-inf")  # nothing left to compress
        return -((self.initial[i] / self.lengths[i]) / self.ratios[i])

    def choose(self) -> int:
        """The language whose turn it is (first on ties; the window variant skips languages
        over their share of the recent merges)."""
        order = sorted(range(len(self.languages)), key=lambda i: (-self.need(i), i))
        if self.trainer.variant == "window":
            size = self.trainer.window_size
            for i in order:
                if self.recent.count(i) / size <= self.share:
                    return i
        return order[0]

    # -- the loop --------------------------------------------------------------------------
    def merges(self, history: TrainingHistory) -> Generator[TrainEvent, None, list[RawMerge]]:
        trainer, vocab, tokens = self.trainer, self.vocab, self.vocab.tokens
        total, floor = trainer.vocab_size, max(1, trainer.min_frequency)
        raw: list[RawMerge] = []
        ticker = Ticker()
        yield StageStarted("merge", total)
        while len(tokens) < total:
            # 1. whose turn: the global column first, then the language worst off
            lengths = tuple(self.lengths)
            if len(raw) < trainer.global_merges:
                lang, column = None, self.global_column
            else:
                lang = self.choose()
                column = self.columns[lang]
            assert column is not None
            # 2. its most frequent pair; none frequent enough ends the training
            top = column.peek()
            if top is None or top[1] < floor:
                break
            key, count = top
            heapq.heappop(column.heap)
            runner = column.peek()
            if lang is not None:
                self.recent.append(lang)
            # 3. the merge, in every language's training and dev words
            a, b = ord(key[0]), ord(key[1])
            before = len(vocab)
            new = vocab.add(tokens[a] + tokens[b])
            fresh = len(vocab) > before
            touched = 0
            for i, side in enumerate(self.train):
                n, saved, created = side.merge(key, a, b, new, fresh)
                touched += n
                if self.dev is None:
                    self.lengths[i] -= saved
                for pair in created:
                    self.columns[i].push(pair)
                    if self.global_column is not None and len(raw) < trainer.global_merges:
                        self.global_column.push(pair)
            if self.dev is not None:
                for i, side in enumerate(self.dev):
                    self.lengths[i] -= side.merge(key, a, b, new, fresh)[1]
            raw.append((a, b, new))
            # 4. record
            runner_pair = None if runner is None else (tokens[ord(runner[0][0])],
                                                       tokens[ord(runner[0][1])])
            runner_count = None if runner is None else runner[1]
            event = MergeAdded(len(raw) - 1, tokens[a], tokens[b], tokens[new], new, count,
                               touched, runner_pair, runner_count, runner_count == count, count,
                               language=None if lang is None else self.languages[lang],
                               language_lengths=lengths)
            history.records.append(event)
            yield event
            if ticker.due():
                yield StageProgress("merge", len(tokens), total)
        return raw


__all__ = ["TIE_BREAKS", "VARIANTS", "LanguageCounts", "ParityBpeTrainer"]
