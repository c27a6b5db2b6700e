"""The Unigram lattice as values: every candidate piece, the Viterbi path, n-best paths.

A lattice node is a vocabulary piece matching ``sequence[start:end]`` (character
offsets), or an unknown node for a character that no one-character piece covers. Nodes
come in HF's order (by start, then shortest first, the unknown node last). ``nbest``
is HF's A* search (``Lattice::nbest``): expand from the end, ranking partial paths by
their exact suffix score plus the best possible prefix score.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import EncodingError

if TYPE_CHECKING:
    from .unigram import Unigram

# HF shrinks the A* agenda when it grows past this, keeping the best min(512, 10 n).
_MAX_AGENDA = 100_000
_MIN_AGENDA = 512
_BOS, _EOS = -1, -2


@dataclass(frozen=True, slots=True)
class LatticeNode:
    """A candidate piece ``sequence[start:end]`` with its vocabulary id and score."""

    start: int
    end: int
    id: int
    piece: str
    score: float
    is_unk: bool = False


@dataclass(frozen=True, slots=True)
class Segmentation:
    """One path through the lattice and its total score (sum of the node scores)."""

    nodes: tuple[LatticeNode, ...]
    score: float

    @property
    def pieces(self) -> list[str]:
        return [node.piece for node in self.nodes]


@dataclass(frozen=True, slots=True)
class Lattice:
    """All candidate pieces of ``sequence`` and the Viterbi path (indices into ``nodes``).

    ``best_path`` is empty and ``best_score`` None when some character has no node
    (an unknown character and no ``unk_id``).
    """

    sequence: str
    nodes: tuple[LatticeNode, ...]
    best_path: tuple[int, ...]
    best_score: float | None

    def nodes_starting_at(self, position: int) -> list[LatticeNode]:
        return [node for node in self.nodes if node.start == position]

    def nodes_ending_at(self, position: int) -> list[LatticeNode]:
        return [node for node in self.nodes if node.end == position]


def build_lattice(model: Unigram, sequence: str) -> Lattice:
    """Populate the lattice as HF's ``populate_nodes`` does and mark the Viterbi path."""
    unk_score = model.min_score - 10.0
    nodes = []
    for start in range(len(sequence)):
        matches = model.match_pieces(sequence, start)
        for end, piece_id in matches:
            nodes.append(LatticeNode(start, end, piece_id, sequence[start:end], model.get_score(piece_id)))
        if model.unk_id is not None and not any(end == start + 1 for end, _ in matches):
            nodes.append(LatticeNode(start, start + 1, model.unk_id, sequence[start], unk_score, True))
    try:
        path = model.best_path(sequence)
    except EncodingError:
        return Lattice(sequence, tuple(nodes), (), None)
    index = {(node.start, node.end): i for i, node in enumerate(nodes)}
    best = tuple(index[(start, end)] for start, end, _ in path)
    score = 0.0
    for i in best:
        score += nodes[i].score
    return Lattice(sequence, tuple(nodes), best, score)


def nbest_paths(model: Unigram, sequence: str, n: int) -> list[Segmentation]:
    """The ``n`` best segmentations of ``sequence``, best first; [] if none exists."""
    if n <= 0:
        return []
    if not sequence:
        return [Segmentation((), 0.0)]
    lattice = build_lattice(model, sequence)
    if not lattice.best_path:
        return []
    nodes = lattice.nodes
    if n == 1:
        return [Segmentation(tuple(nodes[i] for i in lattice.best_path), lattice.best_score or 0.0)]
    ends, prefix_best = _prefix_scores(nodes, len(sequence))
    return _a_star(nodes, ends, prefix_best, len(sequence), n)


def _prefix_scores(nodes, length: int) -> tuple[list[list[int]], list[float]]:
    """Nodes ending at each position, and each node's best score from the start through it."""
    ends: list[list[int]] = [[] for _ in range(length + 1)]
    best_to: list[float | None] = [None] * (length + 1)
    best_to[0] = 0.0
    through = [0.0] * len(nodes)
    for i, node in enumerate(nodes):  # nodes are sorted by start: best_to[start] is final
        start_best = best_to[node.start]
        if start_best is None:
            continue  # no node ends here, so no path reaches this one
        through[i] = start_best + node.score
        ends[node.end].append(i)
        end_best = best_to[node.end]
        if end_best is None or through[i] > end_best:
            best_to[node.end] = through[i]
    return ends, through


def _a_star(nodes, ends, through, length: int, n: int) -> list[Segmentation]:
    # Agenda entries: (-estimate, order, node, chain, suffix score); chain links to the
    # hypothesis this one extends, towards the end of the sentence.
    agenda = [(-0.0, 0, _EOS, None, 0.0)]
    order = 1
    found: list[Segmentation] = []
    while agenda:
        _, _, node, chain, suffix = heapq.heappop(agenda)
        if node == _BOS:
            found.append(Segmentation(_unwind(nodes, chain), suffix))
            if len(found) == n:
                return found
            continue
        position = length if node == _EOS else nodes[node].start
        for left in ends[position] if position else (_BOS,):
            left_through = 0.0 if left == _BOS else through[left]
            left_score = 0.0 if left == _BOS else nodes[left].score
            entry = (-(left_through + suffix), order, left, (node, chain), left_score + suffix)
            heapq.heappush(agenda, entry)
            order += 1
        if len(agenda) > _MAX_AGENDA:
            agenda = heapq.nsmallest(min(_MIN_AGENDA, n * 10), agenda)
            heapq.heapify(agenda)
    return found


def _unwind(nodes, chain) -> tuple[LatticeNode, ...]:
    result = []
    while chain is not None and chain[0] != _EOS:
        result.append(nodes[chain[0]])
        chain = chain[1]
    return tuple(result)


# ---------------------------------------------------------------------------- sampling
def sample_path(model: Unigram, sequence: str, theta: float,
                rng: random.Random | None = None) -> list[LatticeNode]:
    """A segmentation drawn at random, as HF's ``Lattice::sample`` (subword regularization).

    Forward pass: ``alpha[node]`` sums, in log space, ``theta * (score + alpha)`` over the
    nodes ending where it starts (HF's formula, theta applied to the running sum too);
    backward pass: from the end, each step draws a node ending there with weight
    ``exp(alpha + theta * score - z)``.

    Raises:
        EncodingError: a character has no node (no unknown token to fall back on).
    """
    draw = rng.random if rng is not None else random.random  # random.seed() applies
    nodes, ends = _nodes_by_end(model, sequence)
    forward: list[float] = []
    # alpha of what starts at each position; 0 where nothing ends (HF's initial value)
    start_alpha = [0.0] * (len(sequence) + 1)
    for position in range(len(sequence) + 1):
        if position and ends[position]:
            start_alpha[position] = _forward(ends[position], nodes, forward, theta)
        for i in range(len(forward), len(nodes)):
            if nodes[i].start != position:
                break
            forward.append(start_alpha[position])
    z = start_alpha[len(sequence)]
    path: list[LatticeNode] = []
    position = len(sequence)
    while position > 0:
        candidates = ends[position]
        if not candidates:
            raise EncodingError("Encountered an unknown token but `unk_id` is missing")
        try:  # HF panics on weights it cannot draw from (overflow, NaN)
            weights = [math.exp(forward[i] + theta * nodes[i].score - z) for i in candidates]
            chosen = candidates[_weighted_index(weights, draw)]
        except (OverflowError, ValueError):
            raise EncodingError(f"cannot sample a segmentation with alpha={theta}") from None
        path.append(nodes[chosen])
        z, position = forward[chosen], nodes[chosen].start
    path.reverse()
    return path


def sample_nbest_path(model: Unigram, sequence: str, n: int, theta: float,
                      rng: random.Random | None = None) -> list[LatticeNode]:
    """One of the ``n`` best segmentations, drawn with weight ``exp(theta * score)`` (HF's
    ``Lattice::sample_nbest``; the best one when the weights cannot be drawn from)."""
    draw = rng.random if rng is not None else random.random
    paths = nbest_paths(model, sequence, n)
    if not paths:
        return _best_nodes(model, sequence)
    scores = [sum(node.score for node in path.nodes) for path in paths]  # left to right
    try:
        weights = [math.exp(theta * score) for score in scores]
        index = _weighted_index(weights, draw)
    except (OverflowError, ValueError):
        index = 0
    return list(paths[index].nodes)


def _nodes_by_end(model: Unigram, sequence: str) -> tuple[list[LatticeNode], list[list[int]]]:
    """HF's lattice nodes (by start, shortest first, the unknown node last) and, for each
    position, the indices of the nodes ending there, in that order."""
    unk_score = model.min_score - 10.0
    nodes: list[LatticeNode] = []
    ends: list[list[int]] = [[] for _ in range(len(sequence) + 1)]
    for start in range(len(sequence)):
        matches = model.match_pieces(sequence, start)
        for end, piece_id in matches:
            ends[end].append(len(nodes))
            nodes.append(LatticeNode(start, end, piece_id, sequence[start:end],
                                     model.get_score(piece_id)))
        if model.unk_id is not None and not any(end == start + 1 for end, _ in matches):
            ends[start + 1].append(len(nodes))
            nodes.append(LatticeNode(start, start + 1, model.unk_id, sequence[start],
                                     unk_score, True))
    return nodes, ends


def _forward(ending: list[int], nodes: list[LatticeNode], forward: list[float],
             theta: float) -> float:
    total = math.nan
    for k, i in enumerate(ending):
        value = theta * (nodes[i].score + forward[i])
        total = value if k == 0 else _log_sum_exp(total, value)
    return total


def _log_sum_exp(x: float, y: float) -> float:
    low, high = (x, y) if x < y else (y, x)
    if high > low + 50.0:
        return high
    return high + math.log(math.exp(low - high) + 1.0)


def _weighted_index(weights: list[float], draw: Callable[[], float]) -> int:
    """An index drawn with probability proportional to its weight (rand's WeightedIndex)."""
    total = math.fsum(weights)
    if not weights or not math.isfinite(total) or total <= 0.0 or min(weights) < 0.0:
        raise ValueError("weights cannot be drawn from")
    target = draw() * total
    running = 0.0
    for index, weight in enumerate(weights):
        running += weight
        if target < running:
            return index
    return max(i for i, w in enumerate(weights) if w > 0.0)


def _best_nodes(model: Unigram, sequence: str) -> list[LatticeNode]:
    lattice = build_lattice(model, sequence)
    return [lattice.nodes[i] for i in lattice.best_path]
