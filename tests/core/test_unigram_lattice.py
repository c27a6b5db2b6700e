"""BatchLattice (the Unigram trainer's batched lattices): edge orders, spans, compaction.

The trainer only sees the lattice through sums and Viterbi paths, whose floating-point
results depend on the exact order of the edges, so the orders are checked here
against their definition, computed plainly in Python on random lattices.
"""

from __future__ import annotations

import numpy as np
import pytest

from subword_core.trainers._unigram_lattice import BatchLattice

N_PIECES = 40


def random_lattice(seed: int, n_words: int = 60, max_len: int = 9
                   ) -> tuple[BatchLattice, list[tuple[int, int, int]], np.ndarray]:
    """Words of 0..max_len chars; every char has a piece, longer spans at random.

    Returns the lattice, its edges as (start node, length, piece) and each node's offset.
    """
    rng = np.random.default_rng(seed)
    word_len = rng.integers(0, max_len + 1, n_words)
    first = np.concatenate(([0], np.cumsum(word_len + 1)[:-1]))
    edges, offset = [], np.zeros(int(word_len.sum()) + n_words, dtype=np.int64)
    for f, n in zip(first.tolist(), word_len.tolist()):
        offset[f:f + n + 1] = np.arange(n + 1)
        for i in range(n):
            edges.append((f + i, 1, int(rng.integers(0, N_PIECES))))
            for length in range(2, n - i + 1):
                if rng.random() < 0.4:
                    edges.append((f + i, length, int(rng.integers(0, N_PIECES))))
    start, length, piece = (np.array(col, dtype=np.int64) for col in zip(*edges))
    weights = rng.integers(1, 5, n_words).astype(np.float64)
    lattice = BatchLattice.from_edges(start, length, piece, first, word_len, weights,
                                      max(int(word_len.max()), 1))
    return lattice, edges, offset


def check_order(nodes, lengths, pieces, bounds, seg, seg_node, seg_bounds, expected):
    """The order lists ``expected`` (node, length, piece, step, run key) exactly, with
    the first edge of each step and the runs of edges sharing a key."""
    assert list(zip(nodes.tolist(), lengths.tolist(), pieces.tolist())) == [
        e[:3] for e in expected]
    steps = [e[3] for e in expected]
    for k in range(len(bounds) - 1):
        assert bounds[k] == sum(s < k for s in steps)
    runs = [(int(seg[r]), int(seg[r + 1]), int(seg_node[r])) for r in range(len(seg_node))]
    keys = [e[4] for e in expected]
    assert [i for i in range(len(keys)) if i == 0 or keys[i] != keys[i - 1]] == [
        r[0] for r in runs]
    assert all(keys[i] == node for a, b, node in runs for i in range(a, b))
    assert seg[-1] == len(expected)
    for k in range(len(seg_bounds)):
        assert seg_bounds[k] == np.searchsorted(seg[:-1], bounds[k])


@pytest.mark.parametrize("seed", range(4))
def test_forward_and_backward_orders_follow_their_definition(seed):
    lattice, edges, offset = random_lattice(seed)
    m = lattice.max_len
    # forward: by end offset, end node, length; backward: by start offset desc, node, length
    fwd = sorted(((s, n, p, offset[s + n], s + n) for s, n, p in edges),
                 key=lambda e: (e[3], e[4], e[1]))
    check_order(lattice.f_start, lattice.f_len, lattice.f_piece, lattice.f_bounds,
                lattice.f_seg, lattice.f_seg_node, lattice.f_seg_bounds, fwd)
    bwd = sorted(((s + n, n, p, m - offset[s], s) for s, n, p in edges),
                 key=lambda e: (e[3], e[4], e[1]))
    check_order(lattice.b_end, lattice.b_len, lattice.b_piece, lattice.b_bounds,
                lattice.b_seg, lattice.b_seg_node, lattice.b_seg_bounds, bwd)
    assert lattice.f_end().tolist() == [e[4] for e in fwd]


@pytest.mark.parametrize("seed", range(3))
def test_spans_read_the_edges_inside_a_window(seed):
    lattice, edges, offset = random_lattice(seed)
    piece_at = {(s, n): p for s, n, p in edges}
    run_of_start = lattice.run_of_start()
    ends = {int(node) for node in lattice.last_node}
    for length in (1, 2, 4):
        # windows of `length` chars inside a word
        nodes = np.array([v for v in range(lattice.n_nodes)
                          if all(v + i not in ends for i in range(length))], dtype=np.int64)
        got = lattice.spans(nodes, length, run_of_start)
        want = np.full((len(nodes), length, length), -1)
        for p, v in enumerate(nodes.tolist()):
            for i in range(length):
                for n in range(1, length - i + 1):
                    want[p, i, n - 1] = piece_at.get((v + i, n), -1)
        assert np.array_equal(got, want)


@pytest.mark.parametrize("seed", range(3))
def test_compact_equals_a_fresh_build_of_the_kept_edges(seed):
    lattice, edges, _ = random_lattice(seed)
    rng = np.random.default_rng(100 + seed)
    keep = rng.random(N_PIECES) < 0.6
    new_id = np.cumsum(keep) - 1
    new_id[~keep] = -1
    list(lattice.compact(keep, new_id))
    kept = [(s, n, int(new_id[p])) for s, n, p in edges if keep[p]]
    start, length, piece = (np.array(col, dtype=np.int64) for col in zip(*kept))
    fresh = BatchLattice.from_edges(start, length, piece, lattice.first_node, lattice.word_len,
                                    lattice.weights, int(lattice.word_len.max()))
    for prefix in ("f_", "b_"):
        node = "f_start" if prefix == "f_" else "b_end"
        for name in (node, prefix + "len", prefix + "piece", prefix + "bounds", prefix + "seg",
                     prefix + "seg_node", prefix + "seg_bounds"):
            assert np.array_equal(getattr(lattice, name), getattr(fresh, name)), name
