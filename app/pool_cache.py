"""Tokenizers held by the pool processes: sent once, named by fingerprint after that.

A job for the window's process pool (:mod:`app.process_pool`) that needs tokenizers would
pickle them with every request: about 60 ms in the sending thread and 0.3 s in the pool
process for Llama 3, at each keystroke in the Compare view. Instead a job's arguments
carry :func:`carried` tokenizers. Each pool process keeps the last
:data:`HELD_PER_PROCESS` tokenizers it received, by fingerprint
(:func:`~subword_core.analysis.figures.fingerprint.stable_fingerprint`), and the window's process
keeps the same list for each pool process, updated in the same order; so when a job is
sent to a process that already holds a tokenizer, only its fingerprint travels. In the
pool process the job's function receives plain tokenizers: it needs no change.

Usage (GUI side)::

    from app.pool_cache import carried_all, caching_worker
    worker = caching_worker(pool_for(self), my_jobs.some_job,
                            (carried_all({"a": tok_a, "b": tok_b}), text))
    # or with a FigureJob that runs its requests in the pool:
    self.job = PoolFigureJob(self)            # app.pool_figure_job
    self.job.start_job(my_jobs.some_job, carried(tok), text)

A :class:`Carried` sent by a plain :class:`~app.process_pool.PoolWorker` (not through
:func:`caching_worker`) always travels whole, which is correct, only slower. In the pool
process, :func:`derived` keeps what a job builds from a held tokenizer (a merge graph,
surface forms) for the next job on the same tokenizer.

This module imports no Qt: the pool processes import it to unpickle the arguments.
"""

from __future__ import annotations

import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from subword_core.models.shipping import ShippedMerges, ShippedVocab

#: Tokenizers a pool process keeps (a 128k-token BPE takes about 150 MB there).
HELD_PER_PROCESS = 6


# ----------------------------------------------------------------------------- GUI side
_UNSET = object()
_FINGERPRINT_LOCK = threading.Lock()


class Carried:
    """A tokenizer on its way to a pool process (see the module docstring)."""

    __slots__ = ("_key", "tokenizer")

    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer
        self._key: Any = _UNSET

    @property
    def key(self) -> str | None:
        """The tokenizer's fingerprint, computed when the job is sent (in the worker
        thread); None when it names the object rather than its content: sent whole."""
        if self._key is _UNSET:
            from subword_core.analysis.figures.fingerprint import stable_fingerprint

            # one thread at a time: Compare's two jobs digested the same models twice at
            # once (the digest is kept on the model, so the second one then costs nothing)
            with _FINGERPRINT_LOCK:
                self._key = stable_fingerprint(self.tokenizer)
        return self._key

    def __reduce__(self) -> tuple:
        held = _destination()
        if held is not None and self.key is not None and held.note(self.key):
            return _recall, (self.key,)
        return _arrive_in_parts, (self.key, *_parts_of(self.tokenizer, self.key))


#: Tokenizers pickled lately, by fingerprint: the window's second pool process gets the
#: same bytes (a Llama 3 is 9 MB; four of them are kept at most).
PICKLED_KEPT = 4
_PICKLED: OrderedDict[str, tuple[Any, Any]] = OrderedDict()
_PICKLED_LOCK = threading.Lock()


def _parts_of(tokenizer: Any, key: str | None) -> tuple[Any, Any]:
    if key is None:
        return _in_parts(tokenizer)
    with _PICKLED_LOCK:
        found = _PICKLED.get(key)
        if found is not None:
            _PICKLED.move_to_end(key)
            return found
    made = _in_parts(tokenizer)
    with _PICKLED_LOCK:
        _PICKLED[key] = made
        while len(_PICKLED) > PICKLED_KEPT:
            _PICKLED.popitem(last=False)
    return made


def _in_parts(tokenizer: Any) -> tuple[Any, Any]:
    """The tokenizer's reduce function and its arguments pickled part by part.

    subtle: pickling is one C call that holds the GIL; a whole Llama 3 (9 MB) held the
    window's for 60 ms, several times that on a busy machine, and Compare sends four.
    Pickled leaf by leaf (the vocabulary's strings, each packed column...), the window's
    thread gets the GIL back between two of them; the bytes themselves pickle as one copy.
    """
    reduced = tokenizer.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
    if not isinstance(reduced, tuple) or len(reduced) != 2:
        return None, _split(tokenizer, 0)
    function, args = reduced
    return function, _split(args, _SPLIT_DEPTH)


_SPLIT_DEPTH = 4  # (class, state) > state > model state > its columns
_SHIPPED = (ShippedVocab, ShippedMerges)  # the columns of a BPE's state (pickled alike)
_CHUNK = 16_384  # items of a long list pickled at once


def _split(value: Any, depth: int) -> tuple:
    kind = type(value)
    if kind in _SHIPPED:  # a BPE's tables (in the model's state): their columns, split
        function, args = value.__reduce__()
        return ("r", (function, [_split(v, 0) for v in args]))
    if depth and kind is dict:
        return ("d", [(k, _split(v, depth - 1)) for k, v in value.items()])
    if depth and kind in (tuple, list):
        return ("t" if kind is tuple else "l", [_split(v, depth - 1) for v in value])
    if kind is list and len(value) > _CHUNK:  # the vocabulary's 128k strings: 80 ms at once
        return ("c", [pickle.dumps(value[i:i + _CHUNK], pickle.HIGHEST_PROTOCOL)
                      for i in range(0, len(value), _CHUNK)])
    return ("p", pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def _joined(part: tuple) -> Any:
    kind, content = part
    if kind == "d":
        return {k: _joined(v) for k, v in content}
    if kind in ("t", "l"):
        items = [_joined(v) for v in content]
        return tuple(items) if kind == "t" else items
    if kind == "c":
        return [item for chunk in content for item in pickle.loads(chunk)]
    if kind == "r":
        function, parts = content
        return function(*[_joined(v) for v in parts])
    return pickle.loads(content)


def carried(tokenizer: Any) -> Carried:
    """``tokenizer``, to put in a pool job's arguments (cheap: the fingerprint is computed
    when the job is pickled, in the worker's thread)."""
    return tokenizer if isinstance(tokenizer, Carried) else Carried(tokenizer)


def carried_all(tokenizers: Mapping[str, Any]) -> dict[str, Carried]:
    """Each tokenizer of a name -> tokenizer mapping :func:`carried`, order kept."""
    return {name: carried(tok) for name, tok in tokenizers.items()}


class _Mirror:
    """What one pool process holds, as the window's process knows it (same LRU order)."""

    def __init__(self) -> None:
        self.keys: OrderedDict[str, None] = OrderedDict()

    def note(self, key: str) -> bool:
        """Record that ``key`` goes to the process now; True if it holds it already."""
        held = key in self.keys
        self.keys[key] = None
        self.keys.move_to_end(key)
        while len(self.keys) > HELD_PER_PROCESS:
            self.keys.popitem(last=False)
        return held


_MIRRORS: weakref.WeakKeyDictionary[Any, _Mirror] = weakref.WeakKeyDictionary()
_MIRRORS_LOCK = threading.Lock()
_SENDING = threading.local()  # the mirror of the process this thread is sending a job to


def _destination() -> _Mirror | None:
    return getattr(_SENDING, "mirror", None)


def mirror_of(process: Any) -> _Mirror:
    """The mirror of one pool process (``app.process_pool._Process``)."""
    with _MIRRORS_LOCK:
        mirror = _MIRRORS.get(process)
        if mirror is None:
            mirror = _MIRRORS[process] = _Mirror()
        return mirror


class CachingPool:
    """A :class:`~app.process_pool.ProcessPool` as a :class:`PoolWorker` sees it, which
    also tells :class:`Carried` which process the job goes to (the worker pickles its
    job in the same thread, between ``acquire`` and ``release``)."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    def acquire(self, abort: threading.Event) -> Any:
        process = self._pool.acquire(abort)
        _SENDING.mirror = mirror_of(process) if process is not None else None
        return process

    def release(self, process: Any, reusable: bool) -> None:
        _SENDING.mirror = None
        # a process that is ended takes its mirror along (a new one starts empty)
        self._pool.release(process, reusable)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)


def noted(parts: tuple) -> tuple:
    """In the worker's thread, first thing in a :func:`caching_worker`'s ``finish``:
    record each :class:`HeldKey` among a job's returned parts as held by the process the
    job ran in (see :func:`hold`), and give the other parts back in order."""
    mirror = _destination()
    rest = []
    for part in parts:
        if isinstance(part, HeldKey):
            if mirror is not None:
                mirror.note(part.key)
        else:
            rest.append(part)
    return tuple(rest)


def caching_worker(pool: Any, target: Callable[..., Any], args: tuple = (),
                   finish: Callable[[Any], Any] | None = None) -> Any:
    """A :class:`~app.process_pool.PoolWorker` running ``target(*args, cancel)`` in
    ``pool``, whose :class:`Carried` arguments travel whole only to a process that does
    not hold them yet."""
    from .process_pool import PoolWorker

    return PoolWorker(CachingPool(pool), target, args, finish=finish)


# ----------------------------------------------------------------------------- pool side
_HELD: OrderedDict[str, Any] = OrderedDict()   # key -> tokenizer, least recently used first
_DERIVED: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(tokenizer) -> (tokenizer, built)
_TRAFFIC = {"arrived": 0, "recalled": 0}  # tokenizers received whole / by fingerprint


def _arrive(key: str | None, tokenizer: Any) -> Any:
    """Unpickling a tokenizer sent whole: keep it (by ``key``) and hand it to the job."""
    _TRAFFIC["arrived"] += 1
    if key is not None:
        _keep(key, tokenizer)
    return tokenizer


def _keep(key: str, tokenizer: Any) -> None:
    _HELD[key] = tokenizer
    _HELD.move_to_end(key)
    while len(_HELD) > HELD_PER_PROCESS:
        _, gone = _HELD.popitem(last=False)
        _DERIVED.pop(id(gone), None)


def hold(key: str, tokenizer: Any) -> HeldKey:
    """In a pool process: keep a tokenizer a job made here (an opened file) by ``key``, as
    if it had arrived, so the window's next jobs name it instead of sending it.

    The job must send the returned :class:`HeldKey` to its window
    (``cancel.send_part``) and run in a :func:`caching_worker`, whose ``finish`` passes
    its parts through :func:`noted`: the window's list for this process must hold the key
    too, in the same order, or a later eviction here would differ from the window's.
    """
    _keep(key, tokenizer)
    return HeldKey(key)


class HeldKey:
    """Sent by a pool job: "this process now holds the tokenizer of ``key``"."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __reduce__(self) -> tuple:
        return HeldKey, (self.key,)


def _arrive_in_parts(key: str | None, function: Any, parts: tuple) -> Any:
    """:func:`_arrive` of a tokenizer pickled by :func:`_in_parts`."""
    args = _joined(parts)
    return _arrive(key, args if function is None else function(*args))


def _recall(key: str) -> Any:
    """Unpickling a tokenizer sent by fingerprint: the one this process holds."""
    tokenizer = _HELD.get(key)
    if tokenizer is None:  # the two sides' lists differ: a bug, not a user's error
        raise LookupError(f"tokenizer {key[:12]} is not held by this pool process")
    _HELD.move_to_end(key)
    _TRAFFIC["recalled"] += 1
    return tokenizer


def derived(tokenizer: Any, name: str, build: Callable[[], Any]) -> Any:
    """``build()``, kept with ``tokenizer`` while this process holds it (else built each
    time): e.g. ``derived(tok, "graph", lambda: MergeGraph.of(tok))``."""
    if not any(held is tokenizer for held in _HELD.values()):
        return build()
    entry = _DERIVED.get(id(tokenizer))
    if entry is None or entry[0] is not tokenizer:
        entry = _DERIVED[id(tokenizer)] = (tokenizer, {})
    built = entry[1]
    if name not in built:
        built[name] = build()
    return built[name]


def held_count() -> int:
    """How many tokenizers this (pool) process holds (for tests)."""
    return len(_HELD)


def traffic() -> dict[str, int]:
    """How many tokenizers this process received whole ("arrived") and by fingerprint
    ("recalled") so far (for tests and benchmarks)."""
    return dict(_TRAFFIC)


__all__ = ["HELD_PER_PROCESS", "CachingPool", "Carried", "HeldKey", "caching_worker", "carried",
           "carried_all", "derived", "held_count", "hold", "mirror_of", "noted", "traffic"]
