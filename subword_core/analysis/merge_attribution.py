"""Which merges served which language: a BPE's merges attributed to the languages they shortened.

Given a BPE tokenizer (trained here or opened), its merge list and a parallel corpus, the
tokens each merge saved in each language: ``saved[k][lang]`` is how many tokens the
language's text has after merges ``0..k-1`` minus after ``0..k``. From one run, the
token counts after any merge prefix follow (``base - cumulative savings``), so premium and
Gini against vocabulary size come out at every step, with no retraining.

How, in four steps:

1. each language's sentences are cut into model inputs, counted (as the language figures
   do, :func:`.languages.model_inputs`); inputs shared by languages are kept once, with a
   count per language;
2. every distinct input is tokenized by the model cut to **no** merges
   (:func:`~subword_core.analysis.truncated_model`): its base symbols, with the
   model's own unknown, byte-fallback, prefix and suffix handling;
3. the merges are replayed in rank order, each applied left to right to every input that
   holds its pair (an index from pair to inputs keeps this to the inputs concerned); each
   application saves one token, times the input's count in each language. With
   ``ignore_merges``, an input that is a vocabulary token becomes that token once the merge
   that builds it is in;
4. the last step is checked against the model's own encoding of every input (``exact``).

Replaying merges in rank order is what BPE's encoding does whenever each merge's parts are
built by earlier merges (every trained BPE: the trainer can only merge symbols that exist).
Converted vocabularies may rank a merge before the merge building one of its parts (Llama
3's ``Ġ + ĠĠĠ``): once that part is built, the earlier merge applies at once (BPE picks the
lowest rank present), and its savings count for the step that made it possible. Should the
replay still differ from the model's encoding, ``exact`` and ``mismatch`` say so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._util.progress import StageProgress, StageStarted, Ticker, drive
from ..corpus.parallel import ParallelCorpus
from ..errors import SubwordError
from ..models.bpe import BPE
from . import MergeGraph, truncated_model
from .compare import plain_tokenizer
from .figures.counts import encode_counts
from .languages import DEFAULT_PIVOT, choose_pivot, model_inputs

STAGE = "attribute_merges"


@dataclass(frozen=True)
class CurvePoint:
    """The tokenizer after ``n_merges`` merges: tokens, premium and Gini per language."""

    n_merges: int
    vocab_size: int
    tokens: tuple[int, ...]  # per language, in the attribution's order
    premium: tuple[float, ...] | None  # None without a pivot
    gini: float


@dataclass(frozen=True)
class MergeAttribution:
    """Tokens saved per merge and language; see the module docstring.

    ``saved`` has one row per merge (rank order) and one column per language;
    ``vocab_sizes[k]`` is the vocabulary size after ``k`` merges (``k = 0..n``).
    """

    languages: tuple[str, ...]
    base_tokens: tuple[int, ...]
    saved: np.ndarray
    vocab_sizes: np.ndarray
    tokens: tuple[str, ...] = ()  # the token each merge builds
    #: per language whose replayed count differs from the model's own encoding: (replayed, real)
    mismatch: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return not self.mismatch

    def __len__(self) -> int:
        return len(self.saved)

    def tokens_after(self, n_merges: int) -> np.ndarray:
        """Tokens per language after the first ``n_merges`` merges."""
        n = max(0, min(n_merges, len(self.saved)))
        return np.asarray(self.base_tokens, dtype=np.int64) - self.saved[:n].sum(axis=0)

    def token_matrix(self) -> np.ndarray:
        """Tokens per language after ``k`` merges, for every ``k = 0..n`` (rows)."""
        base = np.asarray(self.base_tokens, dtype=np.int64)
        cumulative = np.cumsum(self.saved, axis=0) if len(self.saved) else \
            np.zeros((0, len(base)), dtype=np.int64)
        return np.vstack([base, base - cumulative])

    def top_language(self, rank: int) -> str | None:
        """The language merge ``rank`` shortened most (None if it saved nothing)."""
        row = self.saved[rank]
        return self.languages[int(row.argmax())] if row.max() > 0 else None

    def curve(self, pivot: str | None = DEFAULT_PIVOT, steps: Sequence[int] | None = None
              ) -> list[CurvePoint]:
        """Premium against ``pivot`` and Gini after each merge count in ``steps`` (default:
        every one, 0 to n), from the replayed counts."""
        pivot = choose_pivot(self.languages, pivot)
        matrix = self.token_matrix()
        chosen = range(len(matrix)) if steps is None else [
            max(0, min(s, len(matrix) - 1)) for s in steps]
        p = self.languages.index(pivot) if pivot is not None else None
        points = []
        for k in chosen:
            row = matrix[k]
            premium = None
            if p is not None and row[p]:
                premium = tuple(float(x) / float(row[p]) for x in row)
            points.append(CurvePoint(int(k), int(self.vocab_sizes[k]), tuple(int(x) for x in row),
                                     premium, _gini(row)))
        return points

    def table(self) -> tuple[list[str], list[list]]:
        """One row per merge: rank, token, vocabulary size after it, tokens saved per
        language (the CSV export)."""
        header = ["rank", "token", "vocab_size", *(f"saved_{lang}" for lang in self.languages)]
        rows = [[k, self.tokens[k] if k < len(self.tokens) else "", int(self.vocab_sizes[k + 1]),
                 *map(int, self.saved[k])] for k in range(len(self.saved))]
        return header, rows


def _gini(row: np.ndarray) -> float:
    ordered = np.sort(row.astype(np.float64))
    n, total = len(ordered), ordered.sum()
    if n == 0 or total == 0:
        return 0.0
    weights = 2 * np.arange(n) - n + 1
    return float((weights * ordered).sum() / (n * total))


def iter_attribute_merges(tokenizer: Any, corpus: ParallelCorpus, graph: MergeGraph | None = None,
                          ) -> Generator[StageStarted | StageProgress, None, MergeAttribution]:
    """Attribute each merge of a BPE ``tokenizer`` to the languages of ``corpus`` (module
    docstring). ``graph``: the merges (default: the model's). Yields progress over merges.

    Raises:
        SubwordError: the model is not a BPE, or the tokenizer is not this library's.
    """
    tokenizer = plain_tokenizer(tokenizer)
    model = getattr(tokenizer, "model", None)
    if type(model) is not BPE:
        raise SubwordError("merge attribution needs a BPE model (its merges are replayed)")
    graph = graph if graph is not None else MergeGraph.from_bpe(model)
    languages = corpus.languages
    # 1. model inputs per language, each distinct input once with a count per language
    inputs: dict[str, dict[int, int]] = {}
    added = np.zeros(len(languages), dtype=np.int64)
    for j, lang in enumerate(languages):
        found = model_inputs(tokenizer, corpus.sentences[lang])
        if found is None:
            raise SubwordError("merge attribution needs a tokenizer of this library")
        pieces, added_ids = found
        added[j] = sum(added_ids.values())
        for piece, count in pieces.items():
            inputs.setdefault(piece, {})[j] = count
    texts = list(inputs)
    weights = [inputs[t] for t in texts]
    # 2. base symbols: the model with no merges
    base_model = truncated_model(model, graph, 0)
    symbols = [[tok.value for tok in base_model.tokenize(text)] for text in texts]
    base = added.copy()
    for syms, w in zip(symbols, weights):
        for j, count in w.items():
            base[j] += count * len(syms)
    # 3. replay
    saved = yield from _replay(graph, symbols, weights, len(languages), model, texts)
    attribution = MergeAttribution(languages, tuple(int(x) for x in base), saved,
                                   _vocab_sizes(model, graph),
                                   tuple(r.token for r in graph.records))
    # 4. check the last step against the model itself
    final = attribution.tokens_after(len(graph))
    mismatch = {}
    for j, lang in enumerate(languages):
        pieces = [t for t, w in zip(texts, weights) if j in w]
        real = encode_counts(tokenizer, pieces, [inputs[t][j] for t in pieces]).tokens + added[j]
        if int(final[j]) != int(real):
            mismatch[lang] = (int(final[j]), int(real))
    return MergeAttribution(attribution.languages, attribution.base_tokens, saved,
                            attribution.vocab_sizes, attribution.tokens, mismatch)


def attribute_merges(tokenizer: Any, corpus: ParallelCorpus,
                     graph: MergeGraph | None = None) -> MergeAttribution:
    """:func:`iter_attribute_merges` run to the end."""
    return drive(iter_attribute_merges(tokenizer, corpus, graph))


def _replay(graph: MergeGraph, symbols: list[list[str]], weights: list[dict[int, int]],
            n_languages: int, model: BPE, texts: list[str]
            ) -> Generator[StageStarted | StageProgress, None, np.ndarray]:
    """Apply the merges in rank order to every input's symbols; the tokens saved per merge
    (rows) and language (columns)."""
    n = len(graph)
    saved = np.zeros((n, n_languages), dtype=np.int64)
    where: dict[tuple[str, str], set[int]] = {}
    for i, syms in enumerate(symbols):
        for pair in zip(syms, syms[1:]):
            where.setdefault(pair, set()).add(i)
    whole_at = _whole_at(graph, model, texts, symbols)
    pair_rank: dict[tuple[str, str], int] = {}
    for r in graph.records:
        pair_rank.setdefault((r.left, r.right), r.rank)
    yield StageStarted(STAGE, n)
    ticker = Ticker()
    for k, record in enumerate(graph.records):
        hits = where.get((record.left, record.right))
        for i in list(hits) if hits else ():
            merged, m = _merge(symbols[i], record.left, record.right, record.token)
            if m:
                merged, m = _catch_up(graph, pair_rank, k, merged, m)
                _apply(where, symbols, i, merged, m, weights[i], saved[k])
        for i in whole_at.get(k, ()):
            if len(symbols[i]) > 1:
                _apply(where, symbols, i, [texts[i]], len(symbols[i]) - 1, weights[i], saved[k])
        if ticker.due():
            yield StageProgress(STAGE, k + 1, n)
    yield StageProgress(STAGE, n, n)
    return saved


def _apply(where: dict[tuple[str, str], set[int]], symbols: list[list[str]], i: int,
           merged: list[str], m: int, weights: dict[int, int], saved: np.ndarray) -> None:
    """Input ``i`` becomes ``merged``, ``m`` tokens shorter: count it for its languages."""
    _reindex(where, i, symbols[i], merged)
    symbols[i] = merged
    for j, count in weights.items():
        saved[j] += m * count


def _catch_up(graph: MergeGraph, pair_rank: dict[tuple[str, str], int], k: int,
              syms: list[str], m: int) -> tuple[list[str], int]:
    """Apply the earlier merges that merge ``k`` made possible (a pair ranked before it whose
    part it builds: BPE's encoding takes the lowest rank present, so they follow at once)."""
    while len(syms) > 1:
        best = min(pair_rank.get(pair, k + 1) for pair in zip(syms, syms[1:]))
        if best > k:
            break
        record = graph.records[best]
        syms, more = _merge(syms, record.left, record.right, record.token)
        m += more
    return syms, m


def _merge(syms: list[str], left: str, right: str, token: str) -> tuple[list[str], int]:
    """``syms`` with every ``left right`` pair, left to right, joined into ``token``."""
    out: list[str] = []
    j, m, end = 0, 0, len(syms) - 1
    while j <= end:
        if j < end and syms[j] == left and syms[j + 1] == right:
            out.append(token)
            j += 2
            m += 1
        else:
            out.append(syms[j])
            j += 1
    return out, m


def _reindex(where: dict[tuple[str, str], set[int]], i: int, old: list[str], new: list[str]
             ) -> None:
    before, after = set(zip(old, old[1:])), set(zip(new, new[1:]))
    for pair in before - after:
        users = where.get(pair)
        if users is not None:
            users.discard(i)
            if not users:
                del where[pair]
    for pair in after - before:
        where.setdefault(pair, set()).add(i)


def _whole_at(graph: MergeGraph, model: BPE, texts: list[str], symbols: list[list[str]]
              ) -> dict[int, list[int]]:
    """With ``ignore_merges``: the inputs that are a vocabulary token built by a merge, by
    the rank of that merge (from then on the input is that one token)."""
    if not model.ignore_merges:
        return {}
    vocab = model.get_vocab()
    found: dict[int, list[int]] = {}
    for i, text in enumerate(texts):
        if text in vocab and len(symbols[i]) > 1:
            rank = graph.creator(text)
            if rank is not None:
                found.setdefault(rank, []).append(i)
    return found


def _vocab_sizes(model: BPE, graph: MergeGraph) -> np.ndarray:
    """The vocabulary size after ``k`` merges, ``k = 0..n`` (as :func:`truncated_model`
    keeps it: every token but those first built by a later merge)."""
    vocab = model.get_vocab()
    n = len(graph)
    first: dict[str, int] = {}
    for r in graph.records:
        first.setdefault(r.token, r.rank)
    built_by = Counter(min(rank, n) for token, rank in first.items() if token in vocab)
    later = len([t for t in first if t in vocab])
    sizes = np.empty(n + 1, dtype=np.int64)
    for k in range(n + 1):
        sizes[k] = len(vocab) - later
        later -= built_by.get(k, 0)
    return sizes


__all__ = ["CurvePoint", "MergeAttribution", "attribute_merges", "iter_attribute_merges"]
