"""The digest of a model's big tables, kept on the model while those tables stay the same.

:mod:`subword_core.analysis.figures.fingerprint` hashes a model's vocabulary, merges and
scores once (85 ms for Llama 3) and keeps the digest here, with a guard: the identity
and size of each table it was computed from. A table replaced since makes the guard
differ, and the digest is computed again.

A pickled :class:`~subword_core.tokenizer.Tokenizer` carries its model's kept digest
(:func:`kept_digest`), and the copy keeps it against its own tables (:func:`keep_digest`):
the app's pool process that opened a tokenizer computes the digest, and the window's
process, which needs it for every corpus figure, never hashes the tables itself.
"""

from __future__ import annotations

from typing import Any

#: The attribute the digest is kept in (set through ``vars()``: a model's ``__setattr__``
#: may clear its caches on any option).
MEMO = "_fingerprint"
#: Model attributes that change as it encodes, or are derived from the merges.
NOT_TABLES = ("_pair_columns", "_pair_rank", MEMO)
SCALARS = (str, int, float, bool, type(None))
#: How a digest that names an object rather than its content starts: never carried.
IDENTITY = "id:"


def tables_guard(model: Any) -> tuple:
    """The identity and size of each of ``model``'s tables (its non-scalar attributes)."""
    guard = []
    for name, value in vars(model).items():
        if isinstance(value, SCALARS) or name in NOT_TABLES or "cache" in name:
            continue
        guard.append((name, id(value), len(value) if hasattr(value, "__len__") else -1))
    return tuple(guard)


def kept_digest(model: Any) -> str | None:
    """The digest kept on ``model`` if its tables are still those it was computed from.

    A table made since is not a change: models build derived ones on first use (a
    Unigram's trie, a BPE's id -> token list), and those follow from the others.
    """
    memo = vars(model).get(MEMO) if hasattr(model, "__dict__") else None
    if memo is None:
        return None
    now = {name: rest for name, *rest in tables_guard(model)}
    if any(now.get(name) != rest for name, *rest in memo[0]):
        return None
    return memo[1]


def keep_digest(model: Any, digest: str) -> None:
    """Keep ``digest`` as the digest of ``model``'s tables as they are now."""
    vars(model)[MEMO] = (tables_guard(model), digest)


__all__ = ["IDENTITY", "MEMO", "NOT_TABLES", "SCALARS", "keep_digest", "kept_digest",
           "tables_guard"]
