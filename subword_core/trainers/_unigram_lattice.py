"""Every word's Unigram lattice at once, as flat numpy edge arrays.

The model's own lattice (:mod:`subword_core.models.lattice`) handles one word
at a time in Python; training needs forward-backward and Viterbi over hundreds
of thousands of words a few dozen times, so this module batches them.

Layout: word ``w`` has nodes ``first[w] .. first[w] + len(w)``. An edge is a
piece occurrence ``(start node, end node, piece id)``. The forward pass visits
edges by the *offset inside the word* of their end node, ``k = 1, 2, ...``: all
words advance together, one numpy step per offset, so the Python loop runs
``max word length`` times whatever the corpus size. Within one offset the edges
ending at the same node are contiguous, so ``np.add.reduceat`` sums them. The
backward pass mirrors it by start offset. Both orders come from a dense
``grid[start node, length - 1] = piece`` whose rows are permuted, never from
sorting edges; compacting edges (pieces leaving the vocabulary) keeps both orders.
Arrays are int32 and every pass works slice by slice, because on large corpora
the passes are bound by memory traffic, not arithmetic.

Scaled probabilities: forward-backward runs on probabilities, not logs (no
exp/log per edge). An edge of ``L`` characters weighs ``p * exp(c * L)`` with
``c`` about the per-character negative log-likelihood, so that
``alpha[node] * exp(-c * offset)`` is the true forward probability while the
stored values stay near 1; posteriors are unchanged. A word whose forward values
leave ``[1e-120, 1e120]`` is redone in log space (rare: very long or odd words).
Inside that range every backward value times its edge weight is at most
``Z / alpha <= 1e240``; a clamp at 1e280 keeps the masked-out words finite.

Ties in Viterbi go to the earliest-starting edge, as in HF and the ``Unigram`` model.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from .base import Ticker

Beats = Generator[None, None, object]
_SAFE = 1e120
_CLAMP = 1e280
#: Edges per chunk for the posterior accumulation (fits in cache).
_CHUNK = 1 << 18
#: Grid rows per block when listing edges.
_ROW_BLOCK = 1 << 17


class BatchLattice:
    """The lattices of many words, for vectorized forward-backward and Viterbi.

    Build with :meth:`build` (a generator), :meth:`from_grid` or :meth:`from_edges`.

    Attributes:
        first_node, last_node, word_len, weights: per word (weights = counts).
        f_start, f_end, f_piece: edges in forward order; ``f_bounds[k]`` is the first
            edge whose end offset is ``k``. ``b_*`` likewise in backward order
            (start offset ``max_len - k``).
    """

    @classmethod
    def build(cls, grid: np.ndarray, first_node: np.ndarray, word_len: np.ndarray,
              weights: np.ndarray) -> Beats:
        """Build from ``grid[start node, length - 1] = piece id`` (``-1``: no piece).

        A generator: it yields between steps (heartbeats) and returns the lattice.
        """
        self = cls()
        self.first_node = first_node.astype(np.int64)
        self.word_len = word_len.astype(np.int64)
        self.last_node = self.first_node + self.word_len
        self.weights = weights
        self.n_nodes = len(grid)
        self.max_len = int(word_len.max(initial=0))
        self.word_of_node = np.repeat(np.arange(len(word_len), dtype=np.int32), word_len + 1)
        offset = (np.arange(self.n_nodes, dtype=np.int64)
                  - self.first_node[self.word_of_node]).astype(np.int32)
        yield from self._forward_order(grid, offset)
        yield from self._backward_order(grid, offset)
        return self

    @classmethod
    def from_grid(cls, grid: np.ndarray, first_node: np.ndarray, word_len: np.ndarray,
                  weights: np.ndarray) -> BatchLattice:
        """:meth:`build` run to the end."""
        return _drain(cls.build(grid, first_node, word_len, weights))

    @classmethod
    def from_edges(cls, start: np.ndarray, length: np.ndarray, piece: np.ndarray,
                   first_node: np.ndarray, word_len: np.ndarray, weights: np.ndarray,
                   width: int) -> BatchLattice:
        """Build from edge arrays in any order (start node, length, piece)."""
        grid = np.full((int(word_len.sum()) + len(word_len), width), -1, dtype=np.int32)
        grid[start, length - 1] = piece
        return cls.from_grid(grid, first_node, word_len, weights)

    def _forward_order(self, grid: np.ndarray, offset: np.ndarray) -> Beats:
        # 1. end-indexed grid: an edge of length L ending at node e starts at e - L; it
        #    never crosses a word, so shifting each column by L rows needs no mask
        ending = np.full_like(grid, -1)
        for length in range(1, grid.shape[1] + 1):
            ending[length:, length - 1] = grid[:-length, length - 1]
            if length % 4 == 0:
                yield
        # 2. end nodes by (offset, node), then their incoming edges row by row
        rows = _by_offset(offset, offset >= 1, descending=False)
        self.f_end, col, self.f_piece = yield from _row_edges(ending, rows)
        del ending
        self.f_start = self.f_end - (col + 1)
        del col
        yield
        self.f_bounds = np.searchsorted(offset[self.f_end], np.arange(self.max_len + 2))
        self.f_seg, self.f_seg_node, self.f_seg_bounds = _runs(self.f_end, self.f_bounds)
        yield

    def _backward_order(self, grid: np.ndarray, offset: np.ndarray) -> Beats:
        rows = _by_offset(offset, offset < self.word_len[self.word_of_node], descending=True)
        self.b_start, col, self.b_piece = yield from _row_edges(grid, rows)
        self.b_end = self.b_start + (col + 1)
        del col
        yield
        self.b_bounds = np.searchsorted(self.max_len - offset[self.b_start],
                                        np.arange(self.max_len + 2))
        self.b_seg, self.b_seg_node, self.b_seg_bounds = _runs(self.b_start, self.b_bounds)
        yield

    @property
    def n_edges(self) -> int:
        return len(self.f_piece)

    def compact(self, keep: np.ndarray, new_id: np.ndarray) -> Beats:
        """Drop the edges of pieces where ``keep`` is False and renumber, in place.

        One array at a time, so the peak memory is one array more than the lattice;
        it yields between arrays (nothing reads the lattice until it returns).
        """
        self.__dict__.pop("_restricted", None)
        for prefix, key in (("f_", "f_end"), ("b_", "b_start")):
            edge_keep = keep[getattr(self, prefix + "piece")]
            for name in ("start", "end"):
                setattr(self, prefix + name, getattr(self, prefix + name)[edge_keep])
                yield
            setattr(self, prefix + "piece",
                    new_id[getattr(self, prefix + "piece")[edge_keep]].astype(np.int32))
            bounds = _kept_bounds(edge_keep, getattr(self, prefix + "bounds"))
            del edge_keep
            yield
            setattr(self, prefix + "bounds", bounds)
            seg, seg_node, seg_bounds = _runs(getattr(self, key), bounds)
            setattr(self, prefix + "seg", seg)
            setattr(self, prefix + "seg_node", seg_node)
            setattr(self, prefix + "seg_bounds", seg_bounds)
            yield

    def restricted(self, words: np.ndarray) -> BatchLattice:
        """The lattice of a subset of the words (renumbered from 0, same piece ids).

        The last answer is cached: the same few odd words come back every E-step.
        """
        cached = self.__dict__.get("_restricted")
        if cached is not None and np.array_equal(cached[0], words):
            return cached[1]
        sub = self._restrict(words)
        self._restricted = (words, sub)
        return sub

    def _restrict(self, words: np.ndarray) -> BatchLattice:
        # 1. the words' nodes (except their end nodes) and the word each belongs to
        lens = self.word_len[words]
        word_index = np.repeat(np.arange(len(words)), lens)
        nodes = self.first_node[words][word_index] + _ranges(lens)
        # 2. each node's run of backward-order edges (every such node has one)
        run_of_node = np.full(self.n_nodes, -1, dtype=np.int64)
        run_of_node[self.b_seg_node] = np.arange(len(self.b_seg_node))
        runs = run_of_node[nodes]
        sizes = self.b_seg[runs + 1] - self.b_seg[runs]
        edges = np.repeat(self.b_seg[runs], sizes) + _ranges(sizes)
        # 3. the same edges with nodes renumbered from 0, word by word
        first = np.concatenate(([0], np.cumsum(lens + 1)[:-1]))
        start = np.repeat(nodes - self.first_node[words][word_index] + first[word_index], sizes)
        length = (self.b_end[edges] - self.b_start[edges]).astype(np.int64)
        return BatchLattice.from_edges(start, length, self.b_piece[edges], first, lens,
                                       self.weights[words], int(length.max(initial=1)))

    # -- sum-product ----------------------------------------------------------------------
    def expected_counts(self, scores: np.ndarray, lengths: np.ndarray, scale: float,
                        ticker: Ticker) -> Beats:
        """E-step: expected piece counts (weighted by word counts) and the corpus NLL.

        Args:
            scores: log-probability per piece id; ``lengths``: characters per piece id.
            scale: ``c`` of the module docstring (per-character NLL guess).

        Returns:
            ``(expected, nll)``: float64 per piece id, and ``-sum(count * log P(word))``.
        """
        # overflow to inf is expected for odd words: the range check catches it
        with np.errstate(over="ignore"):
            weight = np.exp(scores + scale * lengths)
        # 1. scaled forward pass; words out of the safe range are masked here
        alpha = yield from self._forward_sum(weight, ticker)
        with np.errstate(invalid="ignore"):
            unsafe = ~((alpha >= 1.0 / _SAFE) & (alpha <= _SAFE))
        bad = np.zeros(len(self.word_len), dtype=bool)
        bad[self.word_of_node[unsafe]] = True
        z = np.where(bad, 1.0, alpha[self.last_node])
        log_z = np.log(z) - scale * self.word_len
        alpha[bad[self.word_of_node]] = 0.0
        # 2. backward pass, accumulating each edge's posterior * count on the way
        factor = (np.where(bad, 0.0, self.weights) / z)[self.word_of_node]
        expected = yield from self._backward_posteriors(weight, alpha * factor, ticker)
        # 3. the masked words, in log space
        if bad.any():
            words = np.flatnonzero(bad)
            sub_expected, sub_log_z = yield from self.restricted(words)._log_expected(
                scores, ticker)
            expected += sub_expected
            log_z[words] = sub_log_z
        return expected, -float((self.weights * log_z).sum())

    def _forward_sum(self, weight: np.ndarray, ticker: Ticker) -> Beats:
        value = np.zeros(self.n_nodes)
        value[self.first_node] = 1.0
        for k in range(1, self.max_len + 1):
            e0, e1 = self.f_bounds[k], self.f_bounds[k + 1]
            if e0 == e1:
                continue
            g0, g1 = self.f_seg_bounds[k], self.f_seg_bounds[k + 1]
            terms = value[self.f_start[e0:e1]]
            with np.errstate(over="ignore", invalid="ignore"):
                terms *= weight[self.f_piece[e0:e1]]
                value[self.f_seg_node[g0:g1]] = np.add.reduceat(terms, self.f_seg[g0:g1] - e0)
            if ticker.due():
                yield
        return value

    def _backward_posteriors(self, weight: np.ndarray, alpha_factor: np.ndarray,
                             ticker: Ticker) -> Beats:
        """Backward pass; posterior(edge) = alpha[start] * w * beta[end] * count / Z."""
        beta = np.zeros(self.n_nodes)
        beta[self.last_node] = 1.0
        expected = np.zeros(len(weight))
        pending: list[tuple[np.ndarray, np.ndarray]] = []
        pending_size = 0
        for k in range(1, self.max_len + 1):
            e0, e1 = self.b_bounds[k], self.b_bounds[k + 1]
            if e0 == e1:
                continue
            g0, g1 = self.b_seg_bounds[k], self.b_seg_bounds[k + 1]
            piece = self.b_piece[e0:e1]
            terms = beta[self.b_end[e0:e1]]
            with np.errstate(over="ignore", invalid="ignore"):
                terms *= weight[piece]
            np.minimum(terms, _CLAMP, out=terms)
            beta[self.b_seg_node[g0:g1]] = np.add.reduceat(terms, self.b_seg[g0:g1] - e0)
            terms *= alpha_factor[self.b_start[e0:e1]]
            pending.append((piece, terms))
            pending_size += e1 - e0
            if pending_size >= _CHUNK:
                expected += _bincount_all(pending, len(weight))
                pending, pending_size = [], 0
            if ticker.due():
                yield
        if pending:
            expected += _bincount_all(pending, len(weight))
        return expected

    def _log_expected(self, scores: np.ndarray, ticker: Ticker) -> Beats:
        """The same E-step in log space (slower, never overflows); for the few odd words."""
        alpha = yield from self._log_pass(scores, ticker, forward=True)
        beta = yield from self._log_pass(scores, ticker, forward=False)
        log_z = alpha[self.last_node]
        norm = (log_z - np.log(self.weights))[self.word_of_node]
        post = np.exp(alpha[self.f_start] + scores[self.f_piece] + beta[self.f_end]
                      - norm[self.f_end])
        return np.bincount(self.f_piece, weights=post, minlength=len(scores)), log_z

    def _log_pass(self, scores: np.ndarray, ticker: Ticker, forward: bool) -> Beats:
        if forward:
            piece, src, bounds, seg, seg_node, seg_bounds, init = (
                self.f_piece, self.f_start, self.f_bounds, self.f_seg,
                self.f_seg_node, self.f_seg_bounds, self.first_node)
        else:
            piece, src, bounds, seg, seg_node, seg_bounds, init = (
                self.b_piece, self.b_end, self.b_bounds, self.b_seg,
                self.b_seg_node, self.b_seg_bounds, self.last_node)
        value = np.full(self.n_nodes, -np.inf)
        value[init] = 0.0
        for k in range(1, self.max_len + 1):
            e0, e1 = bounds[k], bounds[k + 1]
            if e0 == e1:
                continue
            g0, g1 = seg_bounds[k], seg_bounds[k + 1]
            terms = value[src[e0:e1]] + scores[piece[e0:e1]]
            value[seg_node[g0:g1]] = _logsumexp_runs(terms, seg[g0:g1] - e0)
            if ticker.due():
                yield
        return value

    def log_likelihood(self, scores: np.ndarray, ticker: Ticker) -> Beats:
        """Per-word log-likelihood (log-space forward pass)."""
        alpha = yield from self._log_pass(scores, ticker, forward=True)
        return alpha[self.last_node]

    # -- max-product ----------------------------------------------------------------------
    def viterbi(self, scores: np.ndarray, ticker: Ticker) -> Beats:
        """Best segmentation of every word (log space).

        Returns:
            ``(best_score, path_word, path_piece)``: each word's best path score, and
            the pieces on the paths as parallel arrays (word index, piece id), each
            word's pieces listed from its end backwards.
        """
        alpha = np.full(self.n_nodes, -np.inf)
        alpha[self.first_node] = 0.0
        best = np.zeros(self.n_nodes, dtype=np.int64)
        for k in range(1, self.max_len + 1):
            e0, e1 = self.f_bounds[k], self.f_bounds[k + 1]
            if e0 == e1:
                continue
            g0, g1 = self.f_seg_bounds[k], self.f_seg_bounds[k + 1]
            terms = alpha[self.f_start[e0:e1]]
            terms += scores[self.f_piece[e0:e1]]
            nodes = self.f_seg_node[g0:g1]
            alpha[nodes], best[nodes] = _max_runs(terms, self.f_seg[g0:g1] - e0, e0)
            if ticker.due():
                yield
        path_word, path_piece = self._backtrack(best)
        return alpha[self.last_node], path_word, path_piece

    def _backtrack(self, best: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        words = np.flatnonzero(self.word_len > 0)
        node = self.last_node[words]
        path_word, path_piece = [], []
        while len(node):
            edge = best[node]
            path_word.append(words)
            path_piece.append(self.f_piece[edge])
            node = self.f_start[edge].astype(np.int64)
            alive = node > self.first_node[words]
            words, node = words[alive], node[alive]
        empty = np.zeros(0, dtype=np.int64)
        return (np.concatenate(path_word) if path_word else empty,
                np.concatenate(path_piece).astype(np.int64) if path_piece else empty)


# -- helpers -------------------------------------------------------------------------------
def _by_offset(offset: np.ndarray, mask: np.ndarray, descending: bool) -> np.ndarray:
    """Nodes where ``mask``, sorted by offset (then node number), by a stable radix sort."""
    nodes = np.flatnonzero(mask).astype(np.int32)
    key = offset[nodes]
    if descending:
        key = key.max(initial=0) - key
    dtype = np.uint16 if key.max(initial=0) < (1 << 16) else np.uint32
    return nodes[np.argsort(key.astype(dtype), kind="stable")]


def _row_edges(grid: np.ndarray, rows: np.ndarray) -> Beats:
    """Non-empty cells of ``grid[rows]`` in row order: (row's node, column, piece), int32.

    Done in blocks of rows, yielding between them, so the temporaries stay small.
    """
    width = grid.shape[1]
    nodes, cols, pieces = [], [], []
    for r0 in range(0, len(rows), _ROW_BLOCK):
        block = rows[r0:r0 + _ROW_BLOCK]
        picked = grid[block].ravel()
        flat = np.flatnonzero(picked >= 0)
        pieces.append(picked[flat])
        row, col = np.divmod(flat, width)
        nodes.append(block[row])
        cols.append(col.astype(np.int32))
        yield
    if not nodes:
        empty = np.zeros(0, dtype=np.int32)
        return empty, empty, empty
    return np.concatenate(nodes), np.concatenate(cols), np.concatenate(pieces)


def _ranges(sizes: np.ndarray) -> np.ndarray:
    """``concat(arange(s) for s in sizes)``, vectorized."""
    ends = np.cumsum(sizes)
    return np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) - np.repeat(ends - sizes,
                                                                                    sizes)


def _bincount_all(pending: list[tuple[np.ndarray, np.ndarray]], size: int) -> np.ndarray:
    pieces = np.concatenate([p for p, _ in pending])
    values = np.concatenate([v for _, v in pending])
    return np.bincount(pieces, weights=values, minlength=size)


def _runs(key: np.ndarray, bounds: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Start of each run of equal ``key`` (plus a final end), its key, and per-offset bounds."""
    if len(key) == 0:
        return np.zeros(1, dtype=np.int64), key[:0], np.zeros_like(bounds)
    change = np.empty(len(key), dtype=bool)
    change[0] = True
    np.not_equal(key[1:], key[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    # subtle: every offset bound is also a run start (different offsets = different nodes)
    seg_bounds = np.searchsorted(starts, bounds)
    return np.append(starts, len(key)), key[starts], seg_bounds


def _kept_bounds(keep: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    kept_before = np.zeros(len(keep) + 1, dtype=np.int64)
    np.cumsum(keep, out=kept_before[1:])
    return kept_before[bounds]


def _logsumexp_runs(values: np.ndarray, rel: np.ndarray) -> np.ndarray:
    """log(sum(exp(values))) over each run starting at ``rel`` (values is clobbered)."""
    peak = np.maximum.reduceat(values, rel)
    lengths = np.diff(np.append(rel, len(values)))
    with np.errstate(invalid="ignore"):
        values -= np.repeat(peak, lengths)
    np.exp(values, out=values)
    with np.errstate(divide="ignore"):
        return np.where(np.isfinite(peak), peak + np.log(np.add.reduceat(values, rel)), peak)


def _max_runs(values: np.ndarray, rel: np.ndarray, offset: int) -> tuple[np.ndarray, np.ndarray]:
    """Max over each run, and the index (+offset) of its first maximal element."""
    peak = np.maximum.reduceat(values, rel)
    lengths = np.diff(np.append(rel, len(values)))
    index = np.arange(offset, offset + len(values), dtype=np.int64)
    index[values != np.repeat(peak, lengths)] = np.iinfo(np.int64).max
    return peak, np.minimum.reduceat(index, rel)


def _drain(gen: Beats) -> object:
    """Run a generator to its end, ignoring what it yields; return its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def digamma(x: np.ndarray) -> np.ndarray:
    """The digamma function for x > 0 (sentencepiece's recurrence + asymptotic series)."""
    x = np.array(x, dtype=np.float64)
    result = np.zeros_like(x)
    # 1. shift x up to >= 7, where the asymptotic series is accurate
    for _ in range(7):
        small = x < 7
        if not small.any():
            break
        result[small] -= 1.0 / x[small]
        x[small] += 1.0
    # 2. series in 1/(x - 1/2)
    x -= 0.5
    xx = 1.0 / x
    xx2 = xx * xx
    xx4 = xx2 * xx2
    result += (np.log(x) + xx2 / 24.0 - 7.0 / 960.0 * xx4 + 31.0 / 8064.0 * xx4 * xx2
               - 127.0 / 30720.0 * xx4 * xx4)
    return result
