"""Vocabulary surgery: prune tokens, extend a BPE by continued training, merge two BPEs.

Every edit works on the ``tokenizer.json`` object of the tokenizer (``Tokenizer.to_dict``)
and builds the result from it, so what it returns is exactly what HF's ``tokenizers``
loads from the saved file, ids, added tokens and post-processor included. Each has an
invariant, tested in ``tests/core/test_surgery.py``:

- :func:`prune` removes chosen tokens; for BPE also the merges that produce them, the
  merges that need them, and (cascading) the products of those merges, which nothing can
  build any more. Ids are kept (holes) or remapped to stay contiguous, with the mapping.
  Removing only tokens that never occur on a corpus, neither as final tokens nor inside
  later merges (the audit's ``count`` and ``inside`` both zero), leaves that corpus's
  tokenization identical: a merge that never fires on a word changes nothing there.
- :func:`extend` continues training a BPE (or a WordPiece, by BPE over its pieces as HF
  trains one) on a new corpus up to a larger vocabulary:
  every existing merge and id is kept, the characters the old alphabet lacks come first,
  then new merges (highest pair count; on equal counts the smaller pair of ids, as
  :class:`~subword_core.trainers.BpeTrainer`), with their history as
  :class:`~subword_core.trainers.MergeAdded` records. Text whose words no new merge touches
  encodes as before.
- :func:`merge_bpe` joins two BPE tokenizers with the same pipeline: the first one's ids
  are kept, the second's other tokens and merges are appended, and conflicts are reported.

:func:`corpus_diff` says which corpus words split differently after an edit, and how.
"""

from __future__ import annotations

import copy
import heapq
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import SubwordError
from ..tokenizer import Tokenizer
from ..trainers.events import MergeAdded
from ..trainers.history import TrainingHistory
from . import is_byte_level, visible_token
from .figures.counts import count_chunk, pipeline_of


class SurgeryError(SubwordError):
    """An edit that cannot be made: an unknown token, a model it does not apply to..."""


@dataclass
class EditResult:
    """A tokenizer edit's outcome."""

    tokenizer: Tokenizer
    #: old id -> new id for every token kept (identity when ids are kept)
    id_map: dict[int, int] = field(default_factory=dict)
    #: token strings removed (the chosen ones and those that cascaded)
    removed: list[str] = field(default_factory=list)
    #: tokens added, in id order
    added: list[str] = field(default_factory=list)
    #: human-readable conflicts or notes (merge_bpe)
    conflicts: list[str] = field(default_factory=list)
    history: TrainingHistory | None = None

    def mapping_json(self) -> str:
        """The old -> new id mapping as JSON (what the user exports with a remap)."""
        return json.dumps({str(k): v for k, v in sorted(self.id_map.items())}, indent=0)


# ----------------------------------------------------------------------------- helpers
def _data(tokenizer: Tokenizer) -> dict[str, Any]:
    return copy.deepcopy(tokenizer.to_dict())


def _merge_pairs(merges: list[Any]) -> list[tuple[str, str]]:
    """Merges as pairs, whether the JSON has ``"a b"`` strings or ``["a", "b"]`` lists."""
    return [tuple(m.split(" ", 1)) if isinstance(m, str) else (m[0], m[1]) for m in merges]


def _product(model: dict[str, Any], left: str, right: str) -> str:
    prefix = model.get("continuing_subword_prefix")
    if prefix and right.startswith(prefix):
        right = right[len(prefix):]
    return left + right


def _model_vocab(model: dict[str, Any]) -> dict[str, int]:
    if model["type"] == "Unigram":
        return {piece: i for i, (piece, _) in enumerate(model["vocab"])}
    return dict(model["vocab"])


def _all_ids(data: dict[str, Any]) -> dict[str, int]:
    ids = _model_vocab(data["model"])
    for added in data.get("added_tokens") or []:
        ids[added["content"]] = added["id"]
    return ids


# ----------------------------------------------------------------------------- prune
def prune(tokenizer: Tokenizer, tokens: Iterable[str | int], *, remap: bool = False,
          ) -> EditResult:
    """Remove ``tokens`` (strings or ids) from the model's vocabulary.

    Args:
        remap: renumber the kept tokens contiguously, in their old order (added tokens and
            the post-processor's ids follow); else ids are kept and the removed ones leave
            holes. A Unigram vocabulary is a list (an id is a position), so it always remaps.
    """
    data = _data(tokenizer)
    model = data["model"]
    vocab = _model_vocab(model)
    by_id = {i: t for t, i in _all_ids(data).items()}
    protected = _protected(model, data)
    chosen = set()
    for token in tokens:
        text = by_id.get(token) if isinstance(token, int) else token
        if text in protected:
            raise SurgeryError(f"cannot prune {text!r}: the unknown token and added tokens "
                               f"stay (remove an added token from the tokenizer's added tokens)")
        if text is None or text not in vocab:
            raise SurgeryError(f"cannot prune {token!r}: not in the model's vocabulary")
        chosen.add(text)
    removed = _cascade(model, chosen) if model["type"] == "BPE" else set(chosen)
    remap = remap or model["type"] == "Unigram"
    kept = sorted((i for t, i in vocab.items() if t not in removed))
    id_map = {old: (new if remap else old) for new, old in enumerate(kept)}
    if remap:
        # added tokens outside the model's vocabulary follow the model's last id
        in_model = set(vocab.values())
        extra = sorted(a["id"] for a in data.get("added_tokens") or []
                       if a["id"] not in in_model)
        for k, old in enumerate(extra):
            id_map[old] = len(kept) + k
    else:
        id_map.update({a["id"]: a["id"] for a in data.get("added_tokens") or []})
    _rewrite_model(model, removed, id_map)
    _rewrite_ids(data, id_map)
    result = Tokenizer.from_str(json.dumps(data))
    return EditResult(result, id_map, sorted(removed, key=lambda t: vocab[t]))


def _protected(model: dict[str, Any], data: dict[str, Any]) -> set[str]:
    keep = {a["content"] for a in data.get("added_tokens") or []}
    unk = model.get("unk_token")
    if model["type"] == "Unigram" and model.get("unk_id") is not None:
        unk = model["vocab"][model["unk_id"]][0]
    if unk:
        keep.add(unk)
    return keep


def _cascade(model: dict[str, Any], chosen: set[str]) -> set[str]:
    """The chosen tokens, plus every merge product that no merge can build any more once
    the merges needing a removed token (as left, right or product) are gone; to a fixpoint."""
    pairs = [(a, b, _product(model, a, b)) for a, b in _merge_pairs(model["merges"])]
    products = {p for _, _, p in pairs}
    removed = set(chosen)
    while True:
        built = {p for a, b, p in pairs if not {a, b, p} & removed}
        fallen = products - built - removed
        if not fallen:
            return removed
        removed |= fallen


def _rewrite_model(model: dict[str, Any], removed: set[str], id_map: dict[int, int]) -> None:
    if model["type"] == "Unigram":
        old = model["vocab"]
        model["vocab"] = [entry for entry in old if entry[0] not in removed]
        if model.get("unk_id") is not None:
            model["unk_id"] = id_map[model["unk_id"]]
        return
    model["vocab"] = {t: id_map[i] for t, i in model["vocab"].items() if t not in removed}
    if model["type"] == "BPE":
        model["merges"] = [[a, b] for a, b in _merge_pairs(model["merges"])
                           if a not in removed and b not in removed
                           and _product(model, a, b) not in removed]


def _rewrite_ids(data: dict[str, Any], id_map: dict[int, int]) -> None:
    """Added tokens' and the post-processor's ids after a remap."""
    for added in data.get("added_tokens") or []:
        added["id"] = id_map.get(added["id"], added["id"])
    _remap_processor(data.get("post_processor"), id_map)


def _remap_processor(processor: Any, id_map: dict[int, int]) -> None:
    if not isinstance(processor, dict):
        return
    for key in ("sep", "cls"):  # BertProcessing / RobertaProcessing: [token, id]
        if isinstance(processor.get(key), list) and len(processor[key]) == 2:
            processor[key][1] = id_map.get(processor[key][1], processor[key][1])
    for special in (processor.get("special_tokens") or {}).values():  # TemplateProcessing
        special["ids"] = [id_map.get(i, i) for i in special.get("ids", [])]
    for inner in processor.get("processors") or []:
        _remap_processor(inner, id_map)


# ----------------------------------------------------------------------------- extend
def extend(tokenizer: Tokenizer, documents: Iterable[str] | Counter[str], vocab_size: int, *,
           min_frequency: int = 2) -> EditResult:
    """Continue training ``tokenizer``'s BPE or WordPiece on ``documents`` until the model's
    vocabulary holds ``vocab_size`` entries (or no pair occurs ``min_frequency`` times).

    A WordPiece is extended as HF trains one, by BPE over its pieces (``##`` marking the
    pieces inside a word): the corpus words are split by the WordPiece, the most frequent
    adjacent pieces joined, and each join's product (``ab`` or ``##ab``) appended to the
    vocabulary; WordPiece keeps no merges, so only the history records them."""
    data = _data(tokenizer)
    model = data["model"]
    if model["type"] not in ("BPE", "WordPiece"):
        raise SurgeryError(f"extending needs a BPE or WordPiece model, not {model['type']}")
    if model.get("dropout"):
        raise SurgeryError("extending a BPE with dropout is not supported")
    vocab = _model_vocab(model)
    if vocab_size <= len(vocab):
        raise SurgeryError(f"the vocabulary already has {len(vocab):,} entries; "
                           f"ask for more than that (got {vocab_size:,})")
    words = model_inputs(tokenizer, documents)
    if not words:
        raise SurgeryError("the corpus has no words to train on")
    next_id = max(_all_ids(data).values(), default=-1) + 1
    added: list[str] = []
    for symbol in _new_alphabet(model, vocab, words):
        if len(vocab) >= vocab_size:
            break
        vocab[symbol] = next_id
        added.append(symbol)
        next_id += 1
    model["vocab"] = vocab
    seeded = Tokenizer.from_str(json.dumps(data)).model
    segmented = {word: [t.value for t in seeded.tokenize(word)] for word in words}
    history = TrainingHistory("extend", {"vocab_size": vocab_size,
                                         "min_frequency": min_frequency,
                                         "first_rank": len(model.get("merges", []))})
    merges = _merge_pairs(model.get("merges", []))
    for left, right, count, touched in _new_merges(segmented, words, vocab, model,
                                                    vocab_size, min_frequency):
        token = _product(model, left, right)
        if token not in vocab:
            vocab[token] = next_id
            next_id += 1
            added.append(token)
        history.record(MergeAdded(len(merges), left, right, token, vocab[token], count,
                                  touched))
        merges.append((left, right))
    model["vocab"] = vocab
    if model["type"] == "BPE":
        model["merges"] = [[a, b] for a, b in merges]
    result = Tokenizer.from_str(json.dumps(data))
    ids = {i: i for i in _all_ids(data).values()}
    return EditResult(result, ids, [], added, history=history)


def model_inputs(tokenizer: Tokenizer, documents: Iterable[str] | Counter[str]) -> Counter[str]:
    """The corpus as the model sees it: each model input of ``tokenizer``'s pipeline with its
    count. Counts already made (a Counter) come back as they are, so a caller that both
    extends and diffs reads the corpus once."""
    if isinstance(documents, Counter):
        return documents
    pipeline = pipeline_of(tokenizer)
    if pipeline is None:
        raise SurgeryError("this tokenizer's pipeline cannot be counted for training")
    counts = count_chunk(list(documents), [pipeline])
    return Counter(counts.model_inputs([pipeline], 0))


def _new_alphabet(model: dict[str, Any], vocab: dict[str, int],
                  words: Counter[str]) -> list[str]:
    """The initial symbols of the new words that the vocabulary lacks, by code point."""
    prefix = model.get("continuing_subword_prefix") or ""
    suffix = model.get("end_of_word_suffix") or ""
    missing: set[str] = set()
    for word in words:
        for k, char in enumerate(word):
            symbol = (prefix if k and prefix else "") + char \
                + (suffix if k == len(word) - 1 else "")
            if symbol not in vocab:
                missing.add(symbol)
    return sorted(missing)


def _new_merges(segmented: dict[str, list[str]], words: Counter[str], vocab: dict[str, int],
                model: dict[str, Any], vocab_size: int, min_frequency: int):
    """Yield (left, right, count, words touched) merge by merge, updating pair counts
    incrementally over the words holding the merged pair (a lazy max-heap)."""
    sequences = list(segmented.values())
    weights = [words[w] for w in segmented]
    pair_count: Counter[tuple[str, str]] = Counter()
    where: dict[tuple[str, str], set[int]] = {}
    for k, symbols in enumerate(sequences):
        for pair in zip(symbols, symbols[1:]):
            pair_count[pair] += weights[k]
            where.setdefault(pair, set()).add(k)
    ids = dict(vocab)

    def key(pair: tuple[str, str]) -> tuple:
        return (-pair_count[pair], ids.get(pair[0], 1 << 40), ids.get(pair[1], 1 << 40), pair)

    heap = [key(p) for p in pair_count]
    heapq.heapify(heap)
    size = len(vocab)
    while heap and size < vocab_size:
        entry = heapq.heappop(heap)
        pair = entry[3]
        if entry != key(pair):  # stale: its count changed since it was pushed
            if pair_count[pair] > 0:
                heapq.heappush(heap, key(pair))
            continue
        count = pair_count[pair]
        if count < max(min_frequency, 1):
            break
        token = _product(model, *pair)
        if token not in ids:
            ids[token] = len(ids) + (1 << 30)  # after every existing id, in creation order
            size += 1
        touched = _apply(pair, token, sequences, weights, pair_count, where)
        for changed in touched[1]:
            heapq.heappush(heap, key(changed))
        yield pair[0], pair[1], count, touched[0]


def _apply(pair: tuple[str, str], token: str, sequences: list[list[str]], weights: list[int],
           pair_count: Counter, where: dict) -> tuple[int, set]:
    changed: set[tuple[str, str]] = set()
    words = where.pop(pair, set())
    for k in words:
        old = sequences[k]
        merged: list[str] = []
        i = 0
        while i < len(old):
            if i + 1 < len(old) and old[i] == pair[0] and old[i + 1] == pair[1]:
                merged.append(token)
                i += 2
            else:
                merged.append(old[i])
                i += 1
        for p in zip(old, old[1:]):
            pair_count[p] -= weights[k]
            changed.add(p)
        for p in zip(merged, merged[1:]):
            pair_count[p] += weights[k]
            where.setdefault(p, set()).add(k)
            changed.add(p)
        sequences[k] = merged
    pair_count.pop(pair, None)
    changed.discard(pair)
    return len(words), {p for p in changed if pair_count.get(p, 0) > 0}


# ----------------------------------------------------------------------------- merge
def merge_bpe(first: Tokenizer, second: Tokenizer) -> EditResult:
    """One BPE holding both: ``first``'s ids and merges, then ``second``'s other tokens
    (new ids, in ``second``'s id order) and its merges that ``first`` lacks."""
    a, b = _data(first), _data(second)
    if a["model"]["type"] != "BPE" or b["model"]["type"] != "BPE":
        raise SurgeryError("merging needs two BPE models")
    for part in ("normalizer", "pre_tokenizer", "decoder"):
        if a.get(part) != b.get(part):
            raise SurgeryError(f"the two tokenizers' {part.replace('_', '-')}s differ; "
                               f"merging needs the same pipeline")
    for option in ("continuing_subword_prefix", "end_of_word_suffix", "byte_fallback"):
        if a["model"].get(option) != b["model"].get(option):
            raise SurgeryError(f"the two BPE models' {option} differ")
    vocab = _model_vocab(a["model"])
    next_id = max(_all_ids(a).values(), default=-1) + 1
    added: list[str] = []
    for token, _ in sorted(b["model"]["vocab"].items(), key=lambda kv: kv[1]):
        if token not in vocab:
            vocab[token] = next_id
            next_id += 1
            added.append(token)
    merges = _merge_pairs(a["model"]["merges"])
    known = set(merges)
    builds = {_product(a["model"], x, y): (x, y) for x, y in merges}
    conflicts = []
    for x, y in _merge_pairs(b["model"]["merges"]):
        if (x, y) in known:
            continue
        product = _product(a["model"], x, y)
        if product in builds:
            conflicts.append(f"{product!r}: built by {builds[product][0]!r} + "
                             f"{builds[product][1]!r} in the first, {x!r} + {y!r} in the "
                             f"second (both merges kept)")
        merges.append((x, y))
        known.add((x, y))
    first_added = {t["content"] for t in a.get("added_tokens") or []}
    conflicts += [f"added token {t['content']!r} of the second is not in the first (left out)"
                  for t in b.get("added_tokens") or [] if t["content"] not in first_added]
    a["model"]["vocab"] = vocab
    a["model"]["merges"] = [[x, y] for x, y in merges]
    result = Tokenizer.from_str(json.dumps(a))
    ids = {i: i for i in _all_ids(_data(first)).values()}
    return EditResult(result, ids, [], added, conflicts)


# ----------------------------------------------------------------------------- diff
@dataclass(frozen=True)
class WordChange:
    """One corpus word (a model input, readable) that splits differently, and how."""

    word: str
    count: int
    before: list[str]
    after: list[str]


@dataclass
class CorpusDiff:
    """Which corpus words split differently after an edit."""

    changes: list[WordChange]
    words: int
    tokens_before: int
    tokens_after: int
    #: how many words changed (``changes`` may hold only the most frequent of them)
    changed: int = 0

    @property
    def identical(self) -> bool:
        return not self.changed


def corpus_diff(before: Tokenizer, after: Tokenizer, documents: Iterable[str] | Counter[str],
                limit: int | None = None) -> CorpusDiff:
    """The corpus's words (the model inputs its pipeline cuts, each with its count) whose
    tokens differ between ``before`` and ``after``, most frequent first. Exact for the whole
    corpus: both have the same pipeline (every edit here keeps it), so a document's encoding
    changes only where one of its words does. ``limit``: keep only that many changes (the
    most frequent); ``changed`` still counts them all."""
    for part in ("normalizer", "pre_tokenizer"):
        if _part(before, part) != _part(after, part):
            raise SurgeryError(f"the two tokenizers' {part.replace('_', '-')}s differ: a "
                               f"corpus diff compares the same words")
    inputs = model_inputs(before, documents)
    byte_level = is_byte_level(before)
    changes = []
    tokens_before = tokens_after = 0
    for piece, count in inputs.items():
        old = [t.value for t in before.model.tokenize(piece)]
        new = [t.value for t in after.model.tokenize(piece)]
        tokens_before += len(old) * count
        tokens_after += len(new) * count
        if old != new:
            changes.append(WordChange(visible_token(piece, byte_level), count,
                                      [visible_token(t, byte_level) for t in old],
                                      [visible_token(t, byte_level) for t in new]))
    changes.sort(key=lambda c: (-c.count, c.word))
    changed = len(changes)
    return CorpusDiff(changes[:limit], len(inputs), tokens_before, tokens_after, changed)


def _part(tokenizer: Tokenizer, name: str) -> Any:
    component = getattr(tokenizer, name)
    return None if component is None else component.to_dict()


__all__ = ["CorpusDiff", "EditResult", "SurgeryError", "WordChange", "corpus_diff",
           "extend", "merge_bpe", "model_inputs", "prune"]
