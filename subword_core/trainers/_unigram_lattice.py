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
backward pass mirrors it by start offset. The backward order comes from a dense
``grid[start node, length - 1] = piece`` whose rows are permuted, the forward order
from the backward one by placing each length in turn, never from sorting edges;
compacting edges (pieces leaving the vocabulary) keeps both orders.
Arrays are int32 and every pass works slice by slice, because on large corpora
the passes are bound by memory traffic, not arithmetic. Memory is the other bound
(the edges are the largest thing training holds): each order stores one node per
edge plus its length in a byte, not both nodes.

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

from .._util.progress import Ticker

Beats = Generator[None, None, object]
_SAFE = 1e120
_CLAMP = 1e280
#: Edges per chunk for the posterior accumulation (fits in cache).
_CHUNK = 1 << 18
#: Grid rows per block when listing edges.
_ROW_BLOCK = 1 << 15


class BatchLattice:
    """The lattices of many words, for vectorized forward-backward and Viterbi.

    Build with :meth:`build` (a generator), :meth:`from_grid` or :meth:`from_edges`.

    Attributes:
        first_node, last_node, word_len, weights: per word (weights = counts).
        f_start, f_len, f_piece: edges in forward order (start node, characters,
            piece id); ``f_bounds[k]`` is the first edge whose end offset is ``k``;
            ``f_seg`` starts the runs of edges sharing an end node ``f_seg_node``.
        b_end, b_len, b_piece: likewise in backward order (start offset
            ``max_len - k``), runs sharing a start node. The other end of an edge is
            computed from its length (e.g. :meth:`f_end`) to save memory.
    """

    @classmethod
    def build(cls, grid: np.ndarray, first_node: np.ndarray, word_len: np.ndarray,
              weights: np.ndarray) -> Beats:
        """Build from ``grid[start node, length - 1] = piece id`` (``-1``: no piece).

        A generator: it yields between steps (heartbeats) and returns the lattice.
        It lets go of ``grid`` once the backward order is read from it: a caller that
        keeps no reference of its own saves the grid's memory for the forward order.
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
        n_edges, width = _count_cells(grid), grid.shape[1]
        yield
        yield from self._backward_order(grid, offset, n_edges)
        del grid
        yield from self._forward_order(offset, width)
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

    def _backward_order(self, grid: np.ndarray, offset: np.ndarray, n_edges: int) -> Beats:
        # start nodes by (descending offset, node), then their outgoing edges by length
        rows = _by_offset(offset, offset < self.word_len[self.word_of_node], descending=True)
        self.b_end, self.b_len, self.b_piece, counts = yield from _row_edges(grid, rows, n_edges)
        self.b_bounds, self.b_seg, self.b_seg_node, self.b_seg_bounds = _layout(
            rows, counts, self.max_len - offset[rows], self.max_len)
        yield

    def _forward_order(self, offset: np.ndarray, width: int) -> Beats:
        """End nodes by (offset, node), then their incoming edges by length; placed
        from the backward order, one length at a time (no sort, no grid)."""
        rows = _by_offset(offset, offset >= 1, descending=False)
        counts = self._edges_ending()[rows]
        self.f_bounds, self.f_seg, self.f_seg_node, self.f_seg_bounds = _layout(
            rows, counts, offset[rows], self.max_len)
        # next free forward slot of each end node
        slot = np.zeros(self.n_nodes, dtype=np.int32)
        slot[self.f_seg_node] = self.f_seg[:-1]
        del rows, counts
        self.f_start = np.empty(len(self.b_end), dtype=np.int32)
        self.f_len = np.empty(len(self.b_end), dtype=self.b_len.dtype)
        self.f_piece = np.empty(len(self.b_end), dtype=np.int32)
        for length in range(1, width + 1):
            # subtle: at most one edge of each length ends at a node, so `end` has no
            # repeats and the in-place slot update below is safe
            sel = np.flatnonzero(self.b_len == length)
            end = self.b_end[sel]
            dest = slot[end]
            slot[end] += 1
            self.f_start[dest] = end - length
            self.f_len[dest] = length
            self.f_piece[dest] = self.b_piece[sel]
            yield

    def _edges_ending(self) -> np.ndarray:
        """Edges per end node (by chunks: bincount would copy ``b_end`` to int64)."""
        counts = np.zeros(self.n_nodes, dtype=np.int64)
        for e0 in range(0, len(self.b_end), _CHUNK * 4):
            counts += np.bincount(self.b_end[e0:e0 + _CHUNK * 4], minlength=self.n_nodes)
        return counts.astype(np.int32)

    def f_end(self) -> np.ndarray:
        """End node of every forward-order edge (computed: only ``f_start`` is stored)."""
        return self.f_start + self.f_len

    @property
    def n_edges(self) -> int:
        return len(self.f_piece)

    def edges_per_piece(self, n_ids: int) -> np.ndarray:
        """How many edges each lattice piece id (``< n_ids``) has."""
        # by chunks: bincount would copy the whole int32 array to int64 first
        counts = np.zeros(n_ids, dtype=np.int64)
        for e0 in range(0, self.n_edges, _CHUNK * 4):
            counts += np.bincount(self.f_piece[e0:e0 + _CHUNK * 4], minlength=n_ids)
        return counts

    def compact(self, keep: np.ndarray, new_id: np.ndarray) -> Beats:
        """Drop the edges of pieces where ``keep`` is False and renumber, in place.

        One array at a time, so the peak memory is one array more than the lattice;
        it yields between arrays (nothing reads the lattice until it returns).
        """
        self.__dict__.pop("_restricted", None)
        new_id32 = new_id.astype(np.int32)  # gathers then give int32 directly
        for prefix, node in (("f_", "f_start"), ("b_", "b_end")):
            edge_keep = keep[getattr(self, prefix + "piece")]
            for name in (node, prefix + "len"):
                setattr(self, name, getattr(self, name)[edge_keep])
                yield
            setattr(self, prefix + "piece", new_id32[getattr(self, prefix + "piece")[edge_keep]])
            # positions of the kept edges: old edge index -> new one
            kept_before = np.zeros(len(edge_keep) + 1, dtype=np.int32)
            np.cumsum(edge_keep, dtype=np.int32, out=kept_before[1:])
            del edge_keep
            yield
            bounds = kept_before[getattr(self, prefix + "bounds")].astype(np.int64)
            seg = kept_before[getattr(self, prefix + "seg")]
            del kept_before
            # a run whose edges all went is dropped (reduceat needs non-empty runs)
            alive = np.flatnonzero(seg[1:] > seg[:-1])
            setattr(self, prefix + "seg", np.append(seg[alive], seg[-1]))
            setattr(self, prefix + "seg_node", getattr(self, prefix + "seg_node")[alive])
            setattr(self, prefix + "bounds", bounds)
            setattr(self, prefix + "seg_bounds", np.searchsorted(seg[alive], bounds))
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
        edges, sizes = self._edges_from(nodes, self.run_of_start())
        # 3. the same edges with nodes renumbered from 0, word by word
        first = np.concatenate(([0], np.cumsum(lens + 1)[:-1]))
        start = np.repeat(nodes - self.first_node[words][word_index] + first[word_index], sizes)
        length = self.b_len[edges].astype(np.int64)
        return BatchLattice.from_edges(start, length, self.b_piece[edges], first, lens,
                                       self.weights[words], int(length.max(initial=1)))

    def run_of_start(self) -> np.ndarray:
        """Per node, its run of backward-order edges (``b_seg`` index; -1: none)."""
        run = np.full(self.n_nodes, -1, dtype=np.int32)
        run[self.b_seg_node] = np.arange(len(self.b_seg_node), dtype=np.int32)
        return run

    def _edges_from(self, nodes: np.ndarray, run_of_start: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """Backward-order indices of the edges starting at ``nodes``, node by node, and
        how many each node has."""
        runs = run_of_start[nodes]
        first = self.b_seg[runs]
        sizes = np.where(runs >= 0, self.b_seg[runs + 1] - first, 0)
        return np.repeat(first, sizes) + _ranges(sizes), sizes

    def spans(self, nodes: np.ndarray, length: int, run_of_start: np.ndarray) -> np.ndarray:
        """The pieces inside ``length`` characters from each of ``nodes`` (same word).

        Cell ``[p, i, span - 1]`` is the piece (lattice id) of the edge from
        ``nodes[p] + i`` of ``span`` characters, where ``i + span <= length``; -1: none.
        ``run_of_start`` is :meth:`run_of_start` (passed in: callers reuse it).
        """
        starts = (nodes[:, None] + np.arange(length)).ravel()
        edges, sizes = self._edges_from(starts, run_of_start)
        cell = np.repeat(np.arange(len(starts)), sizes)
        span = self.b_len[edges].astype(np.int64)
        inside = cell % length + span <= length
        out = np.full((len(starts), length), -1, dtype=np.int32)
        out[cell[inside], span[inside] - 1] = self.b_piece[edges[inside]]
        return out.reshape(len(nodes), length, length)

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
        del unsafe
        z = np.where(bad, 1.0, alpha[self.last_node])
        log_z = np.log(z) - scale * self.word_len
        alpha[bad[self.word_of_node]] = 0.0
        # 2. backward pass, accumulating each edge's posterior * count on the way;
        #    alpha becomes alpha * count / Z in place (one node array less)
        alpha *= (np.where(bad, 0.0, self.weights) / z)[self.word_of_node]
        expected = yield from self._backward_posteriors(weight, alpha, ticker)
        del alpha
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
            terms *= alpha_factor[self.b_end[e0:e1] - self.b_len[e0:e1]]
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
        f_end = self.f_end()
        post = np.exp(alpha[self.f_start] + scores[self.f_piece] + beta[f_end] - norm[f_end])
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
        best = np.zeros(self.n_nodes, dtype=np.int32)  # edge indices fit int32
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


def _count_cells(grid: np.ndarray) -> int:
    """Non-empty cells of ``grid`` (by row blocks: no grid-sized temporary)."""
    return sum(int(np.count_nonzero(grid[r0:r0 + _ROW_BLOCK] >= 0))
               for r0 in range(0, len(grid), _ROW_BLOCK))


def _len_dtype(width: int) -> type:
    return np.uint8 if width < (1 << 8) else np.uint16 if width < (1 << 16) else np.int32


def _row_edges(grid: np.ndarray, rows: np.ndarray, n_edges: int) -> Beats:
    """The edges starting at ``rows``, in row order then by length: (end node, length,
    piece), and the edges per row.

    Filled block by block into preallocated arrays, so the temporaries stay small;
    it yields between blocks.
    """
    width = grid.shape[1]
    node = np.empty(n_edges, dtype=np.int32)
    length = np.empty(n_edges, dtype=_len_dtype(width))
    piece = np.empty(n_edges, dtype=np.int32)
    counts = np.empty(len(rows), dtype=np.int32)
    done = 0
    for r0 in range(0, len(rows), _ROW_BLOCK):
        block = rows[r0:r0 + _ROW_BLOCK]
        cells = grid[block]
        flat = np.flatnonzero(cells.ravel() >= 0)
        row, col = np.divmod(flat, width)
        end = done + len(flat)
        piece[done:end] = cells.ravel()[flat]
        length[done:end] = col + 1
        node[done:end] = block[row] + (col + 1)
        counts[r0:r0 + len(block)] = np.bincount(row, minlength=len(block))
        done = end
        yield
    return node, length, piece, counts


def _layout(rows: np.ndarray, counts: np.ndarray, row_key: np.ndarray, max_len: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per-step bounds and runs of an edge order, from its rows' edge counts.

    ``row_key`` is each row's step (ascending). Returns ``(bounds, seg, seg_node,
    seg_bounds)``: ``bounds[k]`` is the first edge of step ``k``; ``seg`` the start of
    each run of edges sharing a node (plus a final end), ``seg_node`` that node, and
    ``seg_bounds[k]`` the first run of step ``k``.
    """
    before = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(counts, out=before[1:])
    first_row = np.searchsorted(row_key, np.arange(max_len + 2))
    nonempty = np.flatnonzero(counts)
    seg = np.append(before[nonempty], before[-1]).astype(np.int32)
    return before[first_row], seg, rows[nonempty], np.searchsorted(nonempty, first_row)


def _ranges(sizes: np.ndarray) -> np.ndarray:
    """``concat(arange(s) for s in sizes)``, vectorized."""
    ends = np.cumsum(sizes)
    return np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) - np.repeat(ends - sizes,
                                                                                    sizes)


def _bincount_all(pending: list[tuple[np.ndarray, np.ndarray]], size: int) -> np.ndarray:
    pieces = np.concatenate([p for p, _ in pending])
    values = np.concatenate([v for _, v in pending])
    return np.bincount(pieces, weights=values, minlength=size)


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
