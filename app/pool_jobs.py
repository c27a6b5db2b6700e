"""Jobs the window's process pool runs (imports ``subword_core`` only, no Qt).

Each job is a generator ``job(*args, cancel)`` that yields progress words and returns
its result, as :class:`~app.workers.ProcessGeneratorWorker` expects. Results are
tokenizers, which pickle compactly (``Tokenizer.__reduce_ex__``): the GUI process
rebuilds them from a few flat columns instead of parsing a ``tokenizer.json``; an opened
BPE's columns even go ahead while the file is still read (:func:`open_job`).
:func:`warm_up` then runs in the GUI process's worker thread, so the first encoding
on the GUI thread finds every lazily built table ready.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from contextlib import nullcontext
from pathlib import Path
from typing import Any

#: What the warm-up encodes: Latin, Korean, an emoji and digits reach the regexes,
#: the byte tables and the added-token matcher.
WARM_UP_TEXT = "Hello, world! 한국어 café 🙂 42"


def open_job(path: str, options: dict[str, Any], cancel: Callable[[], bool],
             held: bool = False) -> Generator[str, None, Any]:
    """Open any tokenizer format (``subword_core.formats.open_tokenizer``); a failure is
    returned as the exception itself, so the window can put the library's message in
    words (a traceback's text would have to be parsed).

    In a pool process (``cancel.send_part``, :class:`app.workers.JobCancel`), a BPE
    model's tables go to the window as the reader makes them
    (``subword_core.models.shipping.shipping_tables``): its worker thread builds the
    vocabulary's dicts while the merges are checked here, and the pair -> rank dict while
    the rest is read. The job then returns ``(pickle,)``, the tokenizer pickled with
    references to those tables (:func:`opened_from_parts` puts it together).

    In a pool process a big tokenizer's fingerprint is taken here (see
    :data:`HASHED_HERE_FROM`), so the digest of its tables travels with its pickle
    (``subword_core.models.digest_memo``): the window never hashes them (85 ms for
    Llama 3, in a thread holding its GIL). With ``held`` (:func:`open_held_job`) this
    process also keeps it for the window's next jobs (``app.pool_cache.hold``).
    """
    from subword_core.formats import open_tokenizer
    from subword_core.models.shipping import dumps_referring, shipping_tables

    from .analysis_jobs import keep_tokenizer, opened_file_key

    yield "reading"
    send_part = getattr(cancel, "send_part", None)
    sent: list[Any] = []  # what went ahead, in order (alive: referred to by identity)

    def send_ahead(table: Any) -> None:
        sent.append(table)
        send_part(_Prepared(table))

    try:
        key = opened_file_key(path, options)  # before reading: a later change is a new key
        with shipping_tables(send_ahead) if send_part is not None else nullcontext():
            tokenizer = open_tokenizer(path, **options)
    except Exception as exc:  # noqa: BLE001 - every failure is shown to the user
        return _picklable(exc)
    # The views' jobs that follow an open (the merge index...) mostly run in this process
    # (the pool lends the process freed last): kept, the file is not parsed a second time.
    keep_tokenizer(key, tokenizer)
    if send_part is None:
        return tokenizer
    _fingerprint_here(tokenizer, send_part, held)
    result = dumps_referring(tokenizer, sent) if sent else tokenizer
    return (result,) if sent or held else result


def open_held_job(path: str, options: dict[str, Any], cancel: Callable[[], bool]
                  ) -> Generator[str, None, Any]:
    """:func:`open_job` for a ``app.pool_cache.caching_worker``: the pool process keeps
    the tokenizer it opened, and the window's next jobs there name it by fingerprint."""
    return (yield from open_job(path, options, cancel, held=True))


#: Tokenizers this big have their tables hashed in the pool process (Llama 3: 55-85 ms
#: that a window's thread would hold its GIL for); a smaller one's digest (GPT-2's 50k:
#: 11 ms, in short pieces) costs the window less than it would add to opening it here.
HASHED_HERE_FROM = 100_000


def _fingerprint_here(tokenizer: Any, send_part: Callable[[Any], None], held: bool) -> None:
    """Take a big tokenizer's fingerprint in this pool process (its tables' digest then
    travels with its pickle); with ``held``, keep it here and tell the window so
    (``app.pool_cache.hold``)."""
    fingerprint = _fingerprint(tokenizer)
    if held and fingerprint is not None:
        from .pool_cache import hold

        send_part(hold(fingerprint, tokenizer))


def _fingerprint(tokenizer: Any) -> str | None:
    """A big ``subword_core`` tokenizer's stable fingerprint (its tables' digest now kept
    on its model, and pickled with it); None for a small one, another object or an
    unstable one."""
    if getattr(tokenizer, "model", None) is None or not hasattr(tokenizer, "added_vocabulary"):
        return None
    if tokenizer.get_vocab_size() < HASHED_HERE_FROM:
        return None
    from subword_core.analysis.figures.fingerprint import stable_fingerprint

    return stable_fingerprint(tokenizer)


class _Prepared:
    """A shipped table sent ahead of the tokenizer: unpickled in the window's worker
    thread, its dicts are built there at once (``prepare``)."""

    __slots__ = ("table",)

    def __init__(self, table: Any) -> None:
        self.table = table

    def __reduce__(self) -> tuple:
        return _prepared, (self.table,)


def _prepared(table: Any) -> Any:
    table.prepare()
    return table


def opened_from_parts(parts: tuple) -> Any:
    """In the window: the tokenizer of :func:`open_job`'s parts (the tables sent ahead, as
    they were unpickled, then the tokenizer's pickle that refers to them by index)."""
    from subword_core.models.shipping import loads_resolving

    from .pool_cache import noted

    *ahead, data = noted(parts)
    if not isinstance(data, bytes):  # sent whole: no table went ahead
        return data
    return loads_resolving(data, ahead)


def _picklable(exc: Exception) -> Exception:
    """``exc``, or a ``RuntimeError`` with its message when it cannot be pickled."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001
        return RuntimeError(str(exc))
    exc.__traceback__ = None
    return exc


def restore_job(record: dict[str, Any], cancel: Callable[[], bool]
                ) -> Generator[str, None, tuple[Any, Any]]:
    """Read one tokenizer of a saved session back: ``(tokenizer, history or None)``.

    In a pool process (a ``app.pool_cache.caching_worker``'s) it is kept there, and its
    tables' digest travels with it, as :func:`open_held_job`'s.

    ``record`` is a manifest entry (``app.session_store``): a file opened with its
    options, or a tokenizer stored in the data folder with its training history.
    """
    from subword_core.formats import open_tokenizer
    from subword_core.tokenizer import Tokenizer
    from subword_core.trainers.history import TrainingHistory

    yield "reading"
    path = record["path"]
    if record.get("kind") == "file":  # any format: opened again as it was the first time
        tokenizer = open_tokenizer(path, **dict((record.get("options") or {}).get("open") or {}))
    else:
        tokenizer = Tokenizer.from_file(path)
    history = None
    if record.get("history") and Path(record["history"]).exists():
        history = TrainingHistory.load(record["history"])
    send_part = getattr(cancel, "send_part", None)
    if send_part is not None:  # kept here, as an opened one (open_job)
        _fingerprint_here(tokenizer, send_part, held=True)
    return tokenizer, history


def store_job(tokenizer: Any, history: Any, path: str, history_path: str,
              cancel: Callable[[], bool]) -> Generator[str, None, str]:
    """Write a trained tokenizer (and its training history) into the app's data folder:
    serializing tens of thousands of tokens takes a good part of a second, which the GUI
    thread must not spend. Both writes are atomic, the history first: once ``path``
    exists, the whole entry is on disk (``app.session_store`` relies on it)."""
    yield "writing"
    if history is not None:
        history.save(history_path)
    tokenizer.save(path)
    return path


def warm_up(tokenizer: Any) -> Any:
    """Build what a tokenizer builds on first use (the merge ranks, compiled regexes,
    the added-token matcher) by encoding a short text; returns ``tokenizer``."""
    try:
        tokenizer.encode(WARM_UP_TEXT)
        # a short text may need no merge at all (its words are tokens): a BPE model builds
        # its pair -> rank dict on first use; build it here, not in a pane's first encoding
        getattr(tokenizer.model, "pair_ranks", None)
    except Exception:  # noqa: BLE001 - a tokenizer that cannot encode this says so later
        pass
    return tokenizer


def warm_import() -> None:
    """Import what the jobs need, once, when a pool process starts (not on its first job)."""
    import subword_core.formats  # noqa: F401
    import subword_core.formats.pretrained
    import subword_core.formats.vocab_files  # vocab.json + merges.txt
    import subword_core.loading  # tokenizer.json
    import subword_core.formats.naming
    import subword_core.trainers.history  # noqa: F401
