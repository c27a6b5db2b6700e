"""A cheap tokenizer fingerprint: equal fingerprints, equal encodings.

Serializing a whole tokenizer to hash it (``to_str``) takes about a second for a
128k-token BPE, and the corpus figures ask for every compared tokenizer's fingerprint
each time they are shown. Here the small parts (normalizer, pre-tokenizer,
post-processor, decoder, added tokens, model options) are hashed from their
``tokenizer.json`` objects every time, and the model's big tables (vocabulary, merges,
scores) once: the digest is kept on the model object, with the identity and size of
each table it was computed from, and computed again when one of them was replaced
(:mod:`subword_core.models.digest_memo`; a pickled tokenizer carries it along).

The fingerprint is stable across processes and restarts (the disk cache of
:mod:`subword_core.analysis.figures.cache` is keyed by it). A component without a JSON form
(subword-nmt, TFDS) is named by its identity: such a tokenizer's fingerprint changes
with every process, so it is never found in a disk cache, which is the safe side.
"""

from __future__ import annotations

import hashlib
import json
from itertools import chain, islice
from typing import Any

import numpy as np

from ...models.bpe import BPE
from ...models.digest_memo import IDENTITY, MEMO, SCALARS, keep_digest, kept_digest



def tokenizer_fingerprint(tokenizer: Any) -> str:
    """A SHA-256 hex digest of everything that decides the tokenizer's encodings."""
    return _fingerprint(tokenizer)[0]


def stable_fingerprint(tokenizer: Any) -> str | None:
    """:func:`tokenizer_fingerprint` when it names the tokenizer's content; None when a
    component without a JSON form is named by its identity (an object made later at
    the same address could then get the same fingerprint: not a key to keep copies by)."""
    digest, stable = _fingerprint(tokenizer)
    return digest if stable else None


def _fingerprint(tokenizer: Any) -> tuple[str, bool]:
    """The fingerprint, and whether no part of it is an object's identity."""
    model = getattr(tokenizer, "model", None)
    if model is None or not hasattr(tokenizer, "added_vocabulary"):
        digest = _serialized_digest(tokenizer)
        return digest, not digest.startswith(IDENTITY)
    parts = [
        type(tokenizer).__module__ + "." + type(tokenizer).__qualname__,
        _component(tokenizer.normalizer), _component(tokenizer.pre_tokenizer),
        _component(tokenizer.post_processor), _component(tokenizer.decoder),
        tokenizer.added_vocabulary.to_list(), tokenizer.encode_special_tokens,
        tokenizer.truncation, tokenizer.padding,
        type(model).__module__ + "." + type(model).__qualname__,
        _options(model), model_digest(model),
    ]
    stable = not any(isinstance(part, str) and part.startswith(IDENTITY) for part in parts)
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), stable


def model_digest(model: Any) -> str:
    """The digest of the model's tables, memoised on the model (see the module docstring)."""
    digest = kept_digest(model)
    if digest is None:
        digest = _tables_digest(model)
        keep_digest(model, digest)
    return digest


def _tables_digest(model: Any) -> str:
    h = hashlib.sha256()
    if type(model) is BPE:
        # the vocabulary by id and the merges by rank, as id columns: no JSON of 400k entries
        vocab = model.vocab
        h.update("\x00".join(vocab).encode("utf-8", "surrogatepass"))
        h.update(_ints(vocab.values(), len(vocab)))
        h.update(_merge_pairs(model).tobytes())
        new_ids = model.merge_result_ids
        h.update(_ints(new_ids, len(new_ids)))
        return h.hexdigest()
    try:
        data = model.to_dict()
    except Exception:  # noqa: BLE001 - no JSON form: this object only
        return f"id:{id(model)}"
    h.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _merge_pairs(model: BPE) -> Any:
    """The merges' (left id, right id) rows by rank; a repeated pair once, at its last rank
    (the model's pair -> rank dict, whichever form it has now)."""
    columns = model.id_merge_columns()
    if columns is not None:
        lefts, rights = (_ints(c, len(c), raw=True) for c in columns)
        keys = np.sort((lefts << 32) | rights)
        if not (keys[1:] == keys[:-1]).any():  # no repeated pair
            return np.stack([lefts, rights], axis=1)
    ranks = model.pair_ranks
    order = np.argsort(_ints(ranks.values(), len(ranks), raw=True), kind="stable")
    pairs = _ints(chain.from_iterable(ranks), 2 * len(ranks), raw=True)
    return pairs.reshape(-1, 2)[order]


#: Items read per C call: the fingerprint is taken in a thread of the window's process (a
#: pool job's sender), and one call over Llama 3's 280k merges held its GIL for 50+ ms.
_CHUNK = 32_768


def _ints(values: Any, n: int, raw: bool = False) -> Any:
    items = iter(values)
    parts = [np.fromiter(islice(items, _CHUNK), np.int64, min(_CHUNK, n - start))
             for start in range(0, n, _CHUNK)]
    array = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    return array if raw else array.tobytes()


def _options(model: Any) -> dict[str, Any]:
    return {name: value for name, value in vars(model).items()
            if isinstance(value, SCALARS) and name != MEMO}


def _component(component: Any) -> Any:
    if component is None:
        return None
    try:
        return component.to_dict()
    except Exception:  # noqa: BLE001 - no JSON form: this object only
        return f"id:{id(component)}"


def _serialized_digest(tokenizer: Any) -> str:
    try:
        text = tokenizer.to_str()
    except Exception:  # noqa: BLE001 - a model that cannot be serialized is keyed by identity
        return f"id:{id(tokenizer)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


__all__ = ["model_digest", "stable_fingerprint", "tokenizer_fingerprint"]
