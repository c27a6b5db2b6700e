"""UnigramTrainer: a sentencepiece-style Unigram language-model vocabulary from word counts.

The algorithm is sentencepiece's ``unigram_model_trainer.cc`` (HF
``models/unigram/trainer.rs`` is a port of it), in four steps:

1. **Seed** the vocabulary with every character plus the most frequent
   substrings that occur at least twice and are right-maximal, scored
   ``count * length``, up to ``seed_size`` pieces of at most
   ``max_piece_length`` characters. The substrings come from a truncated
   suffix array built by prefix doubling, read as LCP intervals
   (:mod:`._unigram_index`). Counts are corpus occurrences (a word seen 10 times
   counts 10) as in sentencepiece; HF counts each distinct word once here.
2. **EM**: ``n_sub_iterations`` times, expected piece counts by forward-backward
   over every word's lattice (weighted by the word's count), then the Bayesian
   M-step ``score = digamma(count) - digamma(total)``, dropping the pieces whose
   expected count falls below 0.5.
3. **Prune**: a piece's loss is the corpus log-likelihood lost if its Viterbi
   occurrences were re-segmented into its own best split (its *alternative*);
   keep the ``shrinking_factor`` fraction with the largest losses (but not below
   1.1 x ``vocab_size``). Repeat 2-3 until at most 1.1 x ``vocab_size`` remain.
4. **Finalize** (HF's layout): the unknown token (unless it is among
   ``special_tokens``) and the special tokens first with score 0, then the
   required characters and the best-scoring pieces up to ``vocab_size``, sorted
   by score (stable, so equal scores keep that order). Scores are the last
   M-step's log-probabilities.

Differences from sentencepiece/HF, on purpose: single characters are never
dropped by the M-step or pruning (sentencepiece drops and re-adds them at the
end); ties are deterministic (:func:`._unigram_seed.select_top`, :func:`_prune`);
a piece whose own best segmentation is split is always removable (sentencepiece;
HF keeps it when it is used); HF's loss uses the vocabulary size where
sentencepiece (and we) use the number of alternatives. Loss increases are
reported in corpus nats; pieces dropped by the M-step, or never on a best path,
are reported with 0.

numpy does the heavy lifting: the suffix array and seeding (whole-array sorts and
scans), the lattices (:mod:`._unigram_lattice`: all words advance one character
offset per numpy step) and the pruning loss. Per-word Python loops would be
about 100x slower; the few Python loops here run once per length or per offset.
No BLAS call is made (sums are written out): OpenBLAS threads spin after each
call and would take a second core for nothing.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

import numpy as np

from ..errors import TrainingError, VocabSizeError, special_tokens_phrase
from ..models.unigram import UNK_PENALTY, Unigram
from ._pairs import special_contents
from ._unigram_index import SuffixIndex, WordTable
from ._unigram_lattice import BatchLattice, digamma
from ._unigram_seed import Alphabet, Seeds, build_grid, first_occurrence, given_seeds, suffix_seeds
from .base import Ticker, TrainerBase, TrainGenerator, check_word_counts, option
from .events import StageProgress, StageStarted, TrainEvent, UnigramStep

#: Pieces whose expected count falls below this are dropped by the M-step (sentencepiece).
EXPECTED_COUNT_THRESHOLD = 0.5
#: Score step between required characters that the model lacks (sentencepiece/HF).
MIN_SCORE_PENALTY_DELTA = 0.0001
#: Pieces per block in the alternatives dynamic programme (keeps blocks in cache).
_SPLIT_BLOCK = 4096

SeedPieces = Sequence[str] | Sequence[tuple[str, float]]
Removed = list[tuple[str, float]]


@dataclass(kw_only=True)
class UnigramTrainer(TrainerBase):
    """Train a Unigram model from word counts (sentencepiece's EM + pruning).

    Shared options, as Unigram reads them: ``min_frequency`` is the least number of
    occurrences of a seed substring (at least 2, as in sentencepiece);
    ``limit_alphabet`` keeps the most frequent characters and, like
    ``character_coverage``, turns the others into unknowns; ``initial_alphabet``
    characters always get a piece.

    Example:
        >>> trainer = UnigramTrainer(vocab_size=30, show_progress=False)
        >>> counts = {"▁hug": 10, "▁pug": 5, "▁pun": 12, "▁bun": 4, "▁hugs": 5}
        >>> model, history = trainer.train(counts)
        >>> model.id_to_token(0), [t.value for t in model.tokenize("▁hugs")]
        ('<unk>', ['▁hug', 's'])
    """

    vocab_size: int = option(8000, help="Size of the final vocabulary, special tokens included.",
                             min=1, hf="vocab_size", spm="vocab_size")
    unk_token: str | None = option("<unk>", help="Unknown token, id 0 unless it is a special "
                                   "token; None: no unknown token.", hf="unk_token",
                                   spm="unk_piece")
    shrinking_factor: float = option(0.75, help="Fraction of the pieces kept by each pruning "
                                     "round (0 < f < 1).", min=0.0, max=1.0,
                                     hf="shrinking_factor", spm="shrinking_factor")
    n_sub_iterations: int = option(2, help="EM iterations between two pruning rounds.", min=1,
                                   hf="n_sub_iterations", spm="num_sub_iterations")
    max_piece_length: int = option(16, help="Longest piece, in characters.", min=1,
                                   hf="max_piece_length", spm="max_sentencepiece_length")
    seed_size: int = option(1_000_000, help="Size of the seed vocabulary (characters plus "
                            "frequent substrings).", min=1, hf="seed_size",
                            spm="seed_sentencepiece_size")
    character_coverage: float = option(1.0, help="Fraction of the character occurrences the "
                                       "alphabet must cover; rarer characters become unknown.",
                                       min=0.0, max=1.0, spm="character_coverage")

    # -- public API -----------------------------------------------------------------------
    def iter_train(self, word_counts: Mapping[str, int], *,
                   seed_pieces: SeedPieces | None = None) -> TrainGenerator:
        """Yield events while training; return ``(Unigram model, TrainingHistory)``.

        Args:
            word_counts: pre-tokenized words (e.g. ``"▁hello"``) and their counts.
            seed_pieces: start EM from these pieces instead of the suffix-array seeds;
                strings are scored like seeds (``count * length``), ``(piece, score)``
                pairs keep their scores. Corpus characters are added if missing.

        Yields:
            StageStarted/StageProgress for ``seed``, ``em``, ``prune``, ``finalize``;
            one :class:`UnigramStep` per round: pieces left after pruning, the corpus
            NLL in nats of the round's last E-step, and the removed pieces with their
            loss increase (nats). The last step is the finalized model: its size
            (special tokens included), its NLL, and the pieces finalize trimmed.
        """
        history = self.new_history()
        # 1. words, alphabet, suffix index, seed vocabulary, lattices
        yield StageStarted("seed", self.max_piece_length)
        state = yield from self._setup(word_counts, seed_pieces)
        # 2-3. EM rounds, each followed by pruning, until the vocabulary is small enough
        desired = self.vocab_size * 11 // 10
        round_no = 0
        while True:
            nll = yield from self._em(state)
            if len(state.pieces) <= desired:
                break
            yield StageStarted("prune", None)
            removed = yield from _prune(state, self.shrinking_factor, desired)
            step = UnigramStep(round_no, len(state.pieces), nll, state.take_removed(removed))
            history.record(step)
            yield step
            round_no += 1
        # 4. finalize: special tokens, required characters, best pieces, sorted by score
        yield StageStarted("finalize", None)
        model, step = yield from self._finalize(state, round_no)
        history.record(step)
        yield step
        return model, history

    def make_seed(self, word_counts: Mapping[str, int],
                  seed_pieces: SeedPieces | None = None) -> list[tuple[str, float]]:
        """The scored seed vocabulary that EM starts from (step 1 only).

        Example:
            >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
            >>> seed = dict(UnigramTrainer().make_seed(counts))
            >>> math.isclose(seed["p"] + seed["ug"], seed["pu"] + seed["g"])
            True
        """
        state = _drain(self._setup(word_counts, seed_pieces))
        return list(zip(state.pieces, state.scores.tolist()))

    # -- step 1 ---------------------------------------------------------------------------
    def _setup(self, word_counts: Mapping[str, int], seed_pieces: SeedPieces | None
               ) -> Generator[TrainEvent, None, _State]:
        self._check(word_counts)
        ticker = Ticker()
        given = _parse_seed(seed_pieces) if seed_pieces is not None else None
        # 1. distinct words end to end; the alphabet and its coverage cut
        table = WordTable.build(word_counts, extra=given[0] if given else ())
        if table.n_words == 0:
            raise TrainingError("no words to train on (all counts are zero or words empty)")
        yield StageProgress("seed", 0, self.max_piece_length)
        alphabet = Alphabet.build(table, self.character_coverage, self.limit_alphabet,
                                  self.initial_alphabet)
        yield StageProgress("seed", 0, self.max_piece_length)
        n_specials = len(self._special_list())
        if len(alphabet.required) > self.vocab_size - n_specials:
            raise VocabSizeError(self.vocab_size, len(alphabet.required) + n_specials,
                                 f"the corpus's {len(alphabet.required):,} characters and "
                                 f"{special_tokens_phrase(n_specials)}")
        # 2. the suffix index, then the seeds from it (or from the given pieces)
        max_len = max([self.max_piece_length] + [len(p) for p in (given[0] if given else [])])
        index = SuffixIndex(table, table.run_lengths(alphabet.good), max_len)
        yield from _beats(index.build(ticker), "seed")
        if given is None:
            seeds = yield from suffix_seeds(index, alphabet, self.seed_size,
                                            float(self.min_frequency))
        else:
            seeds = yield from given_seeds(index, alphabet, *given)
        # 3. where every seed occurs, and the lattices over it
        grid = yield from build_grid(index, alphabet, seeds)
        rep = _representatives(index, seeds, grid)
        del index
        # the build drops the grid halfway (if we hold no reference): pruning reads
        # the lattice
        build = _lattice(table, grid)
        del grid
        lattice = yield from _beats(build, "seed", max_len, max_len)
        return _State(table, alphabet, seeds, rep, lattice, ticker)

    def _check(self, word_counts: Mapping[str, int]) -> None:
        self.validate()
        check_word_counts(word_counts)
        if not 0.0 < self.shrinking_factor < 1.0:
            raise TrainingError(f"shrinking_factor must be in (0, 1), got {self.shrinking_factor}")
        if not 0.0 < self.character_coverage <= 1.0:
            raise TrainingError("character_coverage must be in (0, 1]")

    def _special_list(self) -> list[str]:
        specials = special_contents(self.special_tokens)
        if self.unk_token is not None and self.unk_token not in specials:
            specials.insert(0, self.unk_token)
        return specials

    # -- step 2 ---------------------------------------------------------------------------
    def _em(self, state: _State) -> Generator[TrainEvent, None, float]:
        """``n_sub_iterations`` E+M steps; returns the corpus NLL of the last E-step."""
        yield StageStarted("em", self.n_sub_iterations)
        nll = math.nan
        for it in range(self.n_sub_iterations):
            scores = state.on_lattice(state.scores_with_unk(), -np.inf)
            lengths = state.on_lattice(np.append(state.lengths, 1), 1)
            counts, nll = yield from _beats(state.lattice.expected_counts(
                scores, lengths, state.scale, state.ticker), "em", it, self.n_sub_iterations)
            state.scale = nll / state.n_chars
            yield from _beats(_m_step(state, state.from_lattice(counts)[:-1]), "em", it + 1,
                              self.n_sub_iterations)
            yield StageProgress("em", it + 1, self.n_sub_iterations)
        return nll

    # -- step 4 ---------------------------------------------------------------------------
    def _finalize(self, state: _State, round_no: int
                  ) -> Generator[TrainEvent, None, tuple[Unigram, UnigramStep]]:
        # 1. loss estimates for the pieces that finalize trims (reported in the history)
        losses = yield from _piece_losses(state)
        # 2. required characters first, then the best pieces, up to the budget
        specials = self._special_list()
        chosen = _final_choice(state, self.vocab_size - len(specials), set(specials))
        # 3. the NLL of the returned pieces on the training words
        final_nll = yield from _final_nll(state, chosen)
        vocab = [(s, 0.0) for s in specials] + sorted(chosen, key=lambda ps: -ps[1])
        unk_id = specials.index(self.unk_token) if self.unk_token is not None else None
        model = Unigram(vocab, unk_id=unk_id, byte_fallback=False)
        kept = {p for p, _ in chosen}
        trimmed = [(p, _finite(losses[i])) for i, p in enumerate(state.pieces) if p not in kept]
        return model, UnigramStep(round_no, len(vocab), final_nll, state.take_removed(trimmed))

    def hf_state(self) -> dict:
        """HF's ``__getstate__`` object: ``{"UnigramTrainer": {...}}`` (our options beyond
        HF's, such as ``character_coverage``, have no place in it)."""
        return {"UnigramTrainer": {
            "show_progress": self.show_progress, "vocab_size": self.vocab_size,
            "n_sub_iterations": self.n_sub_iterations, "shrinking_factor": self.shrinking_factor,
            "special_tokens": self.hf_special_tokens(),
            "initial_alphabet": self.hf_initial_alphabet(), "unk_token": self.unk_token,
            "max_piece_length": self.max_piece_length, "seed_size": self.seed_size,
            "words": {}}}


# ---------------------------------------------------------------------------------------
# Training state
# ---------------------------------------------------------------------------------------
@dataclass
class _State:
    """Everything EM and pruning update, local to one ``iter_train`` run.

    Piece ids are positions in ``pieces``; id ``len(pieces)`` is the unknown slot.
    The lattice has its own ids, mapped by ``lattice_ids`` (-1: gone): removing a
    piece only zeroes its edges' weight, and the edge arrays are compacted once a
    third of the edges are dead, since compaction costs about one pass.
    """

    table: WordTable
    alphabet: Alphabet
    seeds: Seeds
    rep: np.ndarray  # a lattice node where each multi-char piece starts (-1: none / char)
    lattice: BatchLattice
    ticker: Ticker
    #: pieces the M-steps dropped since the last round was reported
    removed_by_em: Removed = field(default_factory=list)
    #: per-character NLL of the last E-step: the lattices' probability scale
    scale: float = 3.0

    def __post_init__(self) -> None:
        self.pieces = self.seeds.pieces
        self.scores = self.seeds.scores
        self.lengths = self.seeds.lengths
        self.is_char = self.lengths == 1
        self.lattice_ids = np.arange(len(self.pieces) + 1, dtype=np.int64)
        self.lattice_edges = self.lattice.edges_per_piece(len(self.pieces) + 1)
        self.n_chars = float((self.table.weights * self.table.lengths).sum())

    def scores_with_unk(self) -> np.ndarray:
        """Scores plus the unknown slot: min score - 10, as HF's lattice does."""
        return np.append(self.scores, float(self.scores.min()) - UNK_PENALTY)

    def on_lattice(self, values: np.ndarray, missing: float) -> np.ndarray:
        """Per-piece ``values`` (unknown slot last) indexed by lattice id."""
        alive = self.lattice_ids >= 0
        return np.where(alive, values[np.where(alive, self.lattice_ids, 0)], missing)

    def from_lattice(self, values: np.ndarray) -> np.ndarray:
        """Per-lattice-id ``values`` indexed by current piece id (unknown slot last)."""
        out = np.zeros(len(self.pieces) + 1)
        alive = self.lattice_ids >= 0
        out[self.lattice_ids[alive]] = values[alive]
        return out

    def keep(self, keep: np.ndarray) -> Generator[None, None, None]:
        """Drop the pieces where ``keep`` is False (a generator: it may compact the
        lattice, yielding heartbeats; the state is consistent only once it returns)."""
        kept_ids = np.flatnonzero(keep)
        new_id = _renumber(keep)
        self.lattice_ids = _remap(self.lattice_ids, new_id)
        dead = self.lattice_ids < 0
        if self.lattice_edges[dead].sum() * 3 > self.lattice_edges.sum():
            yield from self.lattice.compact(~dead, self.lattice_ids)
            self.lattice_edges = np.bincount(self.lattice_ids[~dead],
                                             weights=self.lattice_edges[~dead],
                                             minlength=len(kept_ids) + 1).astype(np.int64)
            self.lattice_ids = np.arange(len(kept_ids) + 1, dtype=np.int64)
        self.pieces = [self.pieces[i] for i in kept_ids.tolist()]
        self.scores, self.rep = self.scores[kept_ids], self.rep[kept_ids]
        self.is_char, self.lengths = self.is_char[kept_ids], self.lengths[kept_ids]

    def take_removed(self, removed: Removed) -> tuple[tuple[str, float], ...]:
        """The round's removed pieces: M-step drops (loss 0) first, then the pruned
        ones by increasing loss (ties by piece)."""
        removed.sort(key=itemgetter(1, 0))
        rows = self.removed_by_em + removed
        self.removed_by_em = []
        return tuple(rows)


def _remap(ids: np.ndarray, new_id: np.ndarray) -> np.ndarray:
    return np.where(ids >= 0, new_id[np.maximum(ids, 0)], -1).astype(np.int64)


def _renumber(keep: np.ndarray) -> np.ndarray:
    """New id of each piece when keeping ``keep`` (-1: dropped); the unknown slot stays last."""
    kept_ids = np.flatnonzero(keep)
    new_id = np.full(len(keep) + 1, -1, dtype=np.int64)
    new_id[kept_ids] = np.arange(len(kept_ids))
    new_id[-1] = len(kept_ids)
    return new_id


def _finite(loss: float) -> float:
    """Loss for the history: free removals (-inf) are reported as 0."""
    return float(loss) if np.isfinite(loss) else 0.0


def _parse_seed(seed_pieces: SeedPieces) -> tuple[list[str], list[float] | None]:
    pieces, scores = [], []
    for entry in seed_pieces:
        if isinstance(entry, str):
            pieces.append(entry)
        else:
            piece, score = entry
            pieces.append(piece)
            scores.append(float(score))
    if scores and len(scores) != len(pieces):
        raise TrainingError("seed_pieces must be all strings or all (piece, score) pairs")
    if len(set(pieces)) != len(pieces) or not all(isinstance(p, str) and p for p in pieces):
        raise TrainingError("seed_pieces must be distinct non-empty strings")
    return pieces, (scores or None)


def _representatives(index: SuffixIndex, seeds: Seeds, grid: np.ndarray) -> np.ndarray:
    """A lattice node where each multi-char seed starts (its own lattice is cut there)."""
    table = index.table
    if table.n_corpus == len(table.codes):  # suffix seeds: their slot is a training position
        pos = index.sa[np.maximum(seeds.slots, 0)]
        return np.where(seeds.slots >= 0, pos + table.word_of_pos[pos], -1)
    node = first_occurrence(grid, len(seeds.pieces))
    return np.where(seeds.lengths > 1, node, -1)


def _lattice(table: WordTable, grid: np.ndarray) -> Generator[None, None, BatchLattice]:
    n = table.n_words
    return BatchLattice.build(grid, table.starts[:n] + np.arange(n), table.lengths[:n],
                              table.weights[:n])


# ---------------------------------------------------------------------------------------
# Steps 2-3: M-step and pruning
# ---------------------------------------------------------------------------------------
def _m_step(state: _State, expected: np.ndarray) -> Generator[None, None, None]:
    """Bayesian M-step: digamma(count) - digamma(total); drop pieces below 0.5 expected.

    Single characters stay whatever their count (floored at the threshold) so that
    every word keeps a segmentation.
    """
    keep = (expected >= EXPECTED_COUNT_THRESHOLD) | state.is_char
    counts = np.maximum(expected[keep], EXPECTED_COUNT_THRESHOLD)
    state.scores = state.scores.copy()
    state.scores[keep] = digamma(counts) - digamma(np.array([counts.sum()]))[0]
    if not keep.all():
        state.removed_by_em.extend((state.pieces[i], 0.0) for i in np.flatnonzero(~keep).tolist())
        yield from state.keep(keep)


def _prune(state: _State, shrinking_factor: float, desired: int
           ) -> Generator[TrainEvent, None, Removed]:
    """Keep the pieces whose removal would cost the most likelihood (sentencepiece).

    Kept first: single characters. Removed outright (loss 0): pieces never on a best
    path, and pieces whose own best segmentation is not themselves. The others are
    ranked by loss, ties by id (seed order), and the best fill ``max(desired,
    shrinking_factor * size)``. Returns the removed ``(piece, loss increase)``.
    """
    losses = yield from _piece_losses(state)
    target = max(desired, int(shrinking_factor * len(state.pieces)))
    ranked = np.flatnonzero(~state.is_char & np.isfinite(losses))
    ranked = ranked[np.lexsort((ranked, -losses[ranked]))]
    keep = state.is_char.copy()
    keep[ranked[:max(target - int(keep.sum()), 0)]] = True
    removed = [(state.pieces[i], _finite(losses[i])) for i in np.flatnonzero(~keep).tolist()]
    yield from _beats(state.keep(keep), "prune")
    return removed


def _piece_losses(state: _State) -> Generator[TrainEvent, None, np.ndarray]:
    """Corpus NLL increase (nats) if each piece were removed; -inf: free to remove.

    ``freq`` counts each piece on the Viterbi paths (weighted by word count). A
    removed piece's occurrences go to its alternative pieces, whose counts grow by
    ``freq``. sentencepiece's loss is ``F * (log p(piece) - sum log p(alt))`` with
    re-normalized counts and ``F = freq / words``; we report it times the number of
    words, i.e. in corpus nats (same ranking). Single characters get +inf.
    """
    scores = state.scores_with_unk()
    n = len(state.pieces)
    # 1. Viterbi frequencies over the corpus
    _, path_word, path_piece = yield from _beats(
        state.lattice.viterbi(state.on_lattice(scores, -np.inf), state.ticker), "prune")
    freq = np.bincount(state.lattice_ids[path_piece], weights=state.lattice.weights[path_word],
                       minlength=n + 1)[:n]
    # 2. each multi-char piece's best split into other pieces
    owner, alt, split_wins = yield from _alternatives(state, scores)
    # 3. the sentencepiece loss, vectorized over (piece, alternative) pairs
    total = freq.sum()
    n_alt = np.bincount(owner, minlength=n)
    with np.errstate(divide="ignore", invalid="ignore"):
        alt_logp = np.bincount(owner, weights=np.log(freq[alt] + freq[owner]),
                               minlength=n).astype(np.float64)
        alt_logp -= n_alt * np.log(total + freq * (n_alt - 1))
        losses = freq * (np.log(freq) - math.log(total) - alt_logp)
    losses[(freq == 0) | split_wins | (n_alt == 0)] = -np.inf
    losses[state.is_char] = np.inf
    return losses


def _alternatives(state: _State, scores: np.ndarray
                  ) -> Generator[TrainEvent, None, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Best split of every multi-char piece, by a dense DP per piece length.

    A piece's own lattice is read from the corpus lattice at one of its occurrences:
    cell ``(i, span)`` is the piece covering its characters ``i .. i + span``.

    Returns:
        ``(owner, alt, split_wins)``: the alternatives as (piece id, alternative id)
        pairs, and per piece whether its best split outscores the piece itself.
    """
    split_wins = np.zeros(len(state.pieces), dtype=bool)
    owners, alts = [], []
    multi = state.rep >= 0
    run_of_start = state.lattice.run_of_start()
    for length in np.unique(state.lengths[multi]).tolist():
        ids_all = np.flatnonzero(multi & (state.lengths == length))
        for b0 in range(0, len(ids_all), _SPLIT_BLOCK):
            ids = ids_all[b0:b0 + _SPLIT_BLOCK]
            best, word, piece = _best_splits(state, ids, length, scores, run_of_start)
            split_wins[ids] = best > state.scores[ids]
            use = ~split_wins[ids[word]] & np.isfinite(best[word])
            owners.append(ids[word[use]])
            alts.append(piece[use])
            if state.ticker.due():
                yield StageProgress("prune", 0, None)
    empty = np.zeros(0, dtype=np.int64)
    return (np.concatenate(owners) if owners else empty,
            np.concatenate(alts) if alts else empty, split_wins)


def _best_splits(state: _State, ids: np.ndarray, length: int, scores: np.ndarray,
                 run_of_start: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Viterbi over each piece's own lattice without the whole-piece edge.

    Returns ``(best score per piece, path piece index, path piece id)``; ties go to
    the earliest-starting last piece, as everywhere.
    """
    # 1. sub-piece ids and scores: cell [p, i, span - 1], current ids (-1: none)
    inside = state.lattice.spans(state.rep[ids], length, run_of_start)
    sub = np.where(inside >= 0, state.lattice_ids[np.maximum(inside, 0)], -1)
    del inside
    sub[:, 0, length - 1] = -1  # the piece itself
    cell = np.where(sub >= 0, scores[sub], -np.inf)
    # 2. DP over end offsets; back[p, j] = start of the last piece ending at j
    n = len(ids)
    alpha = np.full((n, length + 1), -np.inf)
    alpha[:, 0] = 0.0
    back = np.zeros((n, length + 1), dtype=np.int64)
    starts = np.arange(length)
    for j in range(1, length + 1):
        cand = alpha[:, :j] + cell[:, starts[:j], j - 1 - starts[:j]]
        back[:, j] = np.argmax(cand, axis=1)  # first maximum: earliest start
        alpha[:, j] = cand[np.arange(n), back[:, j]]
    # 3. walk back from the end of every piece that has a split
    word = np.flatnonzero(np.isfinite(alpha[:, length]))
    end = np.full(len(word), length)
    path_word, path_piece = [], []
    while len(word):
        start = back[word, end]
        path_word.append(word)
        path_piece.append(sub[word, start, end - start - 1])
        more = start > 0
        word, end = word[more], start[more]
    empty = np.zeros(0, dtype=np.int64)
    return (alpha[:, length], np.concatenate(path_word) if path_word else empty,
            np.concatenate(path_piece).astype(np.int64) if path_piece else empty)


# ---------------------------------------------------------------------------------------
# Step 4: finalize
# ---------------------------------------------------------------------------------------
def _final_choice(state: _State, budget: int, specials: set[str]) -> list[tuple[str, float]]:
    """Required characters, then the best-scoring pieces, ``budget`` in all (HF/spm)."""
    score_of = dict(zip(state.pieces, state.scores.tolist()))
    low = float(state.scores.min())
    chosen, seen, penalty = [], set(specials), 0.0
    for char in state.alphabet.required:
        if char in seen:
            continue
        if char in score_of:
            chosen.append((char, score_of[char]))
        else:
            # sentencepiece: just below the worst piece, more frequent characters higher
            chosen.append((char, low + penalty))
            penalty += MIN_SCORE_PENALTY_DELTA
        seen.add(char)
    for i in np.argsort(-state.scores, kind="stable").tolist():
        if len(chosen) >= budget:
            break
        if state.pieces[i] not in seen:
            chosen.append((state.pieces[i], score_of[state.pieces[i]]))
            seen.add(state.pieces[i])
    return chosen


def _final_nll(state: _State, chosen: list[tuple[str, float]]
               ) -> Generator[TrainEvent, None, float]:
    """Corpus NLL of the final pieces (their scores, unknowns at min - 10)."""
    final = dict(chosen)
    # pieces left out score -inf: their edges vanish from every path
    scores = np.array([final.get(p, -np.inf) for p in state.pieces] +
                      [min(final.values()) - UNK_PENALTY])
    log_z = yield from _beats(state.lattice.log_likelihood(state.on_lattice(scores, -np.inf),
                                                           state.ticker), "finalize")
    return -float((state.lattice.weights * log_z).sum())


# ---------------------------------------------------------------------------------------
# Helpers, also for tests, benchmarks and the GUI
# ---------------------------------------------------------------------------------------
def _beats(gen: Generator[object, None, object], stage: str, current: int = 0,
           total: int | None = None) -> Generator[TrainEvent, None, object]:
    """Turn a numpy step's heartbeats into StageProgress events; return its value."""
    while True:
        try:
            beat = next(gen)
        except StopIteration as stop:
            return stop.value
        yield beat if isinstance(beat, StageProgress) else StageProgress(stage, current, total)


def _drain(gen: Generator[object, None, object]) -> object:
    """Run a generator to its end, ignoring what it yields; return its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def _fixed_lattice(words: Mapping[str, int], pieces: Sequence[tuple[str, float]]
                   ) -> tuple[WordTable, BatchLattice, np.ndarray]:
    """Lattices of ``words`` over a fixed vocabulary (chars missing from it: unknown)."""
    names, scores = _parse_seed(pieces)
    if scores is None:
        raise TrainingError("pieces must be (piece, score) pairs")
    table = WordTable.build(words, extra=names)
    # any character may sit inside a piece; only a missing 1-char piece makes it unknown
    good = np.ones(len(table.codes), dtype=bool)
    index = SuffixIndex(table, table.run_lengths(good), max(map(len, names), default=1))
    ticker = Ticker(math.inf)
    _drain(index.build(ticker))
    lengths = np.fromiter(map(len, names), dtype=np.int64, count=len(names))
    slots = np.where(lengths > 1, index.slot_of(table.starts[table.n_words:]), -1)
    seeds = Seeds(names, np.asarray(scores), lengths, slots)
    grid = _drain(build_grid(index, Alphabet([], [], [], good), seeds))
    all_scores = np.append(seeds.scores, seeds.scores.min() - UNK_PENALTY)
    return table, _drain(_lattice(table, grid)), all_scores


def corpus_nll(word_counts: Mapping[str, int], pieces: Sequence[tuple[str, float]]) -> float:
    """Negative log-likelihood (nats) of ``word_counts`` under a Unigram vocabulary.

    ``-sum(count * log P(word))``, P summing over all segmentations; characters the
    vocabulary lacks are unknown pieces scored ``min score - 10`` (HF). Use it to
    compare vocabularies trained by different tools on the same words.

    Example:
        >>> round(corpus_nll({"ab": 2}, [("a", math.log(.5)), ("b", math.log(.5))]), 4)
        2.7726
    """
    _, lattice, scores = _fixed_lattice(word_counts, pieces)
    log_z = _drain(lattice.log_likelihood(scores, Ticker(math.inf)))
    return -float((lattice.weights * log_z).sum())


def viterbi_segment(words: Sequence[str], pieces: Sequence[tuple[str, float]]
                    ) -> list[tuple[list[str], float]]:
    """Best segmentation and its score for each word (ties: earliest-starting piece).

    Example:
        >>> viterbi_segment(["ab"], [("a", -1.0), ("b", -1.0), ("ab", -1.5)])
        [(['ab'], -1.5)]
    """
    table, lattice, scores = _fixed_lattice({w: 1 for w in words if w}, pieces)
    best, path_word, path_piece = _drain(lattice.viterbi(scores, Ticker(math.inf)))
    names = [p for p, _ in pieces] + ["<unk>"]
    found: dict[str, list[str]] = {w: [] for w in table.words[:table.n_words]}
    for w, p in zip(path_word.tolist(), path_piece.tolist()):
        found[table.words[w]].append(names[p])
    score = dict(zip(table.words, best.tolist()))
    return [(found[w][::-1], score[w]) if w else ([], 0.0) for w in words]


__all__ = ["UnigramTrainer", "corpus_nll", "viterbi_segment"]
