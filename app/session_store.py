"""Keep the user's work across restarts: corpus, tokenizers, compare list, text, active view.

A *manifest* (a plain dict stored in ``QSettings`` by the main window) says what
the session held. Tokenizers trained in the app have no file of their own, so each
one (and its training history) is written once into the app's data folder; opened
tokenizers are remembered by their source path. In the window a
:class:`TokenizerStore` writes them in the window's process pool (serializing tens of
thousands of tokens held the GUI thread for most of a second), and a manifest names a
stored file only once it is written.
:class:`SessionRestore` reads them back in the window's process pool
(:mod:`app.process_pool`; Llama 3's file takes most of a second to parse, which a
thread of the GUI process would spend holding the GIL) and hands them over in the
manifest's order as they arrive. :func:`iter_restore` does the same in the calling
thread. Entries whose files have gone are reported, not fatal.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, QTimer, Signal, Slot

from . import pool_jobs
from .pool_cache import caching_worker, noted
from .process_pool import PoolWorker, pool_for
from .session import Session, TokenizerEntry
from .workers import WorkerHandle

MANIFEST_VERSION = 1


def data_dir() -> Path:
    """Where trained tokenizers are kept between sessions (the app's data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".subword-explorer") / "tokenizers"


@dataclass
class Restored:
    """One tokenizer read back by :func:`iter_restore` (or the reason it could not be)."""

    record: dict[str, Any]
    entry: TokenizerEntry | None = None
    error: str = ""


def build_manifest(session: Session, folder: Path, compare: list[str] | None = None,
                   view: str = "", store: TokenizerStore | None = None,
                   unrestored: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Describe ``session``. A trained tokenizer not yet in ``folder`` is handed to
    ``store`` (written in the pool, left out until it is on disk), or without a store
    written there first, in this thread. ``unrestored`` are the records of a restore
    still running (kept, with their files: quitting mid-restore must lose nothing)."""
    corpus = session.corpus
    records = []
    for entry in session.entries:
        record = _record(entry, folder, store)
        if record is not None:
            records.append(record)
    records += [r for r in unrestored or [] if r.get("path") and Path(r["path"]).exists()]
    _remove_stale_files(folder, records, store.pending_paths() if store is not None else set())
    return {
        "version": MANIFEST_VERSION,
        "corpus": None if corpus is None else {"paths": list(corpus.paths),
                                               "options": dict(corpus.options)},
        "tokenizers": records,
        "current": session.current.name if session.current else "",
        "compare": list(compare or []),
        "view": view,
    }


def _record(entry: TokenizerEntry, folder: Path,
            store: TokenizerStore | None = None) -> dict[str, Any] | None:
    record = {"name": entry.name, "algorithm": entry.algorithm, "options": _plain(entry.options),
              "source": entry.source, "saved": bool(getattr(entry, "saved_path", ""))}
    if _file_backed(entry):
        record.update(kind="file", path=entry.source)
        return record
    # trained here (or opened from a file that has gone): keep a copy in the data folder
    if not _is_stored(entry):
        if store is not None:
            store.write(entry)
            return None  # named once its file is written
        _write_stored(entry, folder)
    stored = entry.stored_path
    record.update(kind="stored", path=stored)
    history = Path(stored).with_suffix(".history.jsonl")
    if entry.history is not None and history.exists():
        record["history"] = str(history)
    return record


def _file_backed(entry: TokenizerEntry) -> bool:
    return bool(entry.algorithm == "file" and entry.source and Path(entry.source).exists())


def _is_stored(entry: TokenizerEntry) -> bool:
    stored = getattr(entry, "stored_path", "")
    return bool(stored) and Path(stored).exists()


def _store_paths(entry: TokenizerEntry, folder: Path) -> tuple[Path, Path]:
    """Where ``entry`` is kept: its ``tokenizer.json`` and its training history."""
    path = folder / f"{_stem(entry)}.json"
    return path, path.with_suffix(".history.jsonl")


def _write_stored(entry: TokenizerEntry, folder: Path) -> None:
    """Write ``entry`` into ``folder`` in this thread (scripts, tests, and the close path's
    last resort when the pool did not write it in time)."""
    folder.mkdir(parents=True, exist_ok=True)
    path, history = _store_paths(entry, folder)
    if entry.history is not None:
        entry.history.save(str(history))
    entry.tokenizer.save(str(path))  # atomic in the core
    entry.stored_path = str(path)


def _stem(entry: TokenizerEntry) -> str:
    # names can repeat across sessions and hold any character: hash them with the time
    digest = hashlib.sha1(f"{entry.name}\0{time.time_ns()}".encode()).hexdigest()[:10]
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in entry.name)[:40]
    return f"{safe}-{digest}"


def _plain(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON can store them (lists, strings, numbers, and dicts of them such as
    the ``open`` options an opened file was read with)."""
    return {k: (list(v) if isinstance(v, tuple) else _plain(v) if isinstance(v, dict) else v)
            for k, v in options.items()
            if isinstance(v, (str, int, float, bool, list, tuple, dict, type(None)))}


def _remove_stale_files(folder: Path, records: list[dict[str, Any]],
                        pending: set[str] = frozenset()) -> None:
    """Delete stored tokenizers that no entry refers to any more (removed ones); files
    being written (``pending``) stay."""
    if not folder.is_dir():
        return
    keep = {Path(r["path"]).name for r in records if r.get("kind") == "stored"}
    keep |= {Path(r["history"]).name for r in records if r.get("history")}
    keep |= {Path(p).name for p in pending}
    for path in folder.iterdir():
        if path.is_file() and path.name not in keep and path.suffix in (".json", ".jsonl"):
            path.unlink(missing_ok=True)


def iter_restore(records: list[dict[str, Any]], cancel: Any = None) -> Iterator[Restored]:
    """Read each recorded tokenizer back in this thread; yields one :class:`Restored` each."""
    for record in records:
        if cancel is not None and cancel.is_set():
            return
        yield _restore_one(record)


def _restore_one(record: dict[str, Any]) -> Restored:
    gone = _gone(record)
    if gone is not None:
        return gone
    try:
        job = pool_jobs.restore_job(record, lambda: False)
        next(job)
        next(job)
    except StopIteration as stop:
        tokenizer, history = stop.value
        return _restored(record, tokenizer, history)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the others
        return Restored(record, error=f"{record.get('name', '?')}: {exc}")
    raise AssertionError("restore_job yields once")  # pragma: no cover


def _gone(record: dict[str, Any]) -> Restored | None:
    """The record's :class:`Restored` saying its file has gone, or None if it is there."""
    path = record.get("path", "")
    if path and Path(path).exists():
        return None
    gone = QCoreApplication.translate("SessionStore", "{name}: {path} is gone").format(
        name=record.get("name", "?"),
        path=path or QCoreApplication.translate("SessionStore", "no file"))
    return Restored(record, error=gone)


def _restored(record: dict[str, Any], tokenizer: Any, history: Any) -> Restored:
    """The session entry of a tokenizer read back (its merge graph is built when a pane
    first needs it, in that pane's worker)."""
    path = record["path"]
    entry = TokenizerEntry(record.get("name") or Path(path).stem, tokenizer, history,
                           algorithm=record.get("algorithm", "file"),
                           options=dict(record.get("options") or {}),
                           source=record.get("source", path))
    if record.get("kind") == "stored":
        entry.stored_path = path
    if record.get("saved"):
        entry.saved_path = record.get("source", path)
    return Restored(record, entry)


def _finish_restore(result: tuple[Any, Any]) -> tuple[Any, Any]:
    """In the worker thread: note that the pool process keeps the tokenizer
    (``pool_jobs.restore_job``), then warm it up (see ``pool_jobs.warm_up``)."""
    tokenizer, history = noted(result)
    return pool_jobs.warm_up(tokenizer), history


class SessionRestore(QObject):
    """Read a manifest's tokenizers back in the window's process pool.

    ``yielded`` carries a list of one :class:`Restored` per event-loop turn, in the records'
    order (a record that is read faster than the one before it waits for it), ``finished``
    follows the last.
    As many records are read at once as the pool has processes, the one named ``first``
    (the session's current tokenizer) before the others. :meth:`stop` abandons what is
    left (before the window closes).
    """

    yielded = Signal(list)
    finished = Signal()

    def __init__(self, parent: QObject, records: list[dict[str, Any]], first: str = "") -> None:
        super().__init__(parent)
        self._owner = parent
        self._records = list(records)
        self._results: dict[int, Restored] = {}
        self._queue = sorted(range(len(self._records)),
                             key=lambda i: not (first and self._records[i].get("name") == first))
        self._running: dict[int, _RestoreJob] = {}
        self._handed = 0
        self._stopped = False
        self._done = False  # finished was emitted

    def start(self) -> None:
        for index in list(self._queue):
            gone = _gone(self._records[index])
            if gone is not None:
                self._queue.remove(index)
                self._results[index] = gone
        self._launch()
        self._hand_over()

    def unhanded_records(self) -> list[dict[str, Any]]:
        """The records not handed over yet (their tokenizers are not in the session)."""
        return self._records[self._handed:]

    def stop(self) -> None:
        """Abandon the records not read yet; waits for the worker threads to end."""
        self._stopped = True
        self._queue.clear()
        for job in list(self._running.values()):
            job.handle.stop()

    def _launch(self) -> None:
        """Start one more job if the pool has room; the next one in a later event-loop turn.

        Each job starts a worker thread; starting them all in one turn added to the turn
        that made the window (issue 20's heavy session, "restart: session restore").
        """
        pool = pool_for(self._owner)
        if self._queue and len(self._running) < max(1, pool.size) and not self._stopped:
            index = self._queue.pop(0)
            self._running[index] = _RestoreJob(self, pool, index, self._records[index])
            if self._queue and len(self._running) < max(1, pool.size):
                QTimer.singleShot(0, self, self._launch)

    def job_ended(self, index: int, restored: Restored | None) -> None:
        """Called by a job (in the GUI thread) once its worker has finished."""
        self._running.pop(index, None)
        if restored is not None:
            self._results[index] = restored
        if self._stopped:  # the window is closing: nobody waits for the rest
            return
        self._launch()
        self._hand_over()

    def _hand_over(self) -> None:
        """Hand the next record read over (``yielded``), one per event-loop turn: each one
        added makes every built pane hear the session, and the current one re-encodes the
        text; several in one turn were one long stall of a restart (issue 20)."""
        if self._stopped or self._done:
            return
        if self._handed in self._results:
            self.yielded.emit([self._results.pop(self._handed)])
            self._handed += 1
            if self._handed in self._results:
                QTimer.singleShot(0, self, self._hand_over)
                return
        if self._handed == len(self._records) and not self._running:
            self._done = True
            self.finished.emit()


class _RestoreJob(QObject):
    """One record read in a pool process; its slots run in the GUI thread."""

    def __init__(self, owner: SessionRestore, pool: Any, index: int,
                 record: dict[str, Any]) -> None:
        super().__init__(owner)
        self._owner, self._index, self._record = owner, index, record
        self._restored: Restored | None = None
        worker = caching_worker(pool, pool_jobs.restore_job, (record,), finish=_finish_restore)
        worker.returned.connect(self._on_worker_returned)
        worker.errored.connect(self._on_worker_errored)
        worker.finished.connect(self._on_worker_finished)
        self.handle = WorkerHandle(worker, self)
        self.handle.start()

    @Slot(object)
    def _on_worker_returned(self, value: tuple[Any, Any]) -> None:
        tokenizer, history = value
        self._restored = _restored(self._record, tokenizer, history)

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        lines = [line for line in text.strip().splitlines() if line.strip()]
        message = lines[-1].partition(": ")[2] or lines[-1] if lines else "?"
        self._restored = Restored(self._record,
                                  error=f"{self._record.get('name', '?')}: {message}")

    @Slot()
    def _on_worker_finished(self) -> None:
        self.handle.stop()
        restored = self._restored
        if restored is None:  # aborted: the window is closing, or the pool was shut down
            restored = Restored(self._record, error=f"{self._record.get('name', '?')}: -")
        self._owner.job_ended(self._index, restored)


class TokenizerStore(QObject):
    """Write the session's trained tokenizers into the data folder in the window's pool.

    :meth:`write` starts one job per entry (once); when its file is on disk the entry's
    ``stored_path`` is set and ``written`` is emitted, so the window saves a manifest
    naming it. ``failed`` carries the reason a write failed. :meth:`wait` (before the
    window closes) waits, bounded, for the writes still running.
    """

    written = Signal()
    failed = Signal(str)

    def __init__(self, owner: QObject, folder: Path) -> None:
        super().__init__(owner)
        self._owner = owner
        self.folder = folder
        self._jobs: list[_StoreJob] = []
        self._stopped = False

    def write_all(self, entries: list[TokenizerEntry]) -> None:
        """Start writing every entry that needs a copy in the data folder."""
        for entry in entries:
            if not _file_backed(entry) and not _is_stored(entry):
                self.write(entry)

    def write(self, entry: TokenizerEntry) -> None:
        if self._stopped or any(job.entry is entry for job in self._jobs):
            return  # stopped: the window is closing, its pool ends
        self.folder.mkdir(parents=True, exist_ok=True)
        path, history = _store_paths(entry, self.folder)
        self._jobs.append(_StoreJob(self, pool_for(self._owner), entry, path, history))

    def pending_paths(self) -> set[str]:
        """The files of the writes still running (and their histories)."""
        return {str(p) for job in self._jobs for p in (job.path, job.history)}

    @property
    def pending(self) -> bool:
        return bool(self._jobs)

    def wait(self, timeout_s: float) -> None:
        """Wait up to ``timeout_s`` for the running writes; the entries written meanwhile
        are marked stored now (their signals would come after the window has gone)."""
        deadline = time.monotonic() + timeout_s
        for job in list(self._jobs):
            left_ms = max(0, int((deadline - time.monotonic()) * 1000))
            if job.handle.running:
                job.handle.thread.wait(left_ms)
            job.settle()

    def stop(self) -> None:
        """Abandon the writes still running (their files are then never named) and start
        no more."""
        self._stopped = True
        for job in list(self._jobs):
            job.handle.stop()

    def job_ended(self, job: _StoreJob, error: str) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
        if error:
            self.failed.emit(error)
        elif _is_stored(job.entry):
            self.written.emit()


class _StoreJob(QObject):
    """One entry written in a pool process; its slots run in the GUI thread."""

    def __init__(self, owner: TokenizerStore, pool: Any, entry: TokenizerEntry,
                 path: Path, history: Path) -> None:
        super().__init__(owner)
        self._owner, self.entry, self.path, self.history = owner, entry, path, history
        self._error = ""
        worker = PoolWorker(pool, pool_jobs.store_job,
                            (entry.tokenizer, entry.history, str(path), str(history)))
        worker.errored.connect(self._on_worker_errored)
        worker.finished.connect(self._on_worker_finished)
        self.handle = WorkerHandle(worker, self)
        self.handle.start()

    def settle(self) -> None:
        """Mark the entry stored once its file exists (written atomically, history first)."""
        if self.path.exists() and not _is_stored(self.entry):
            self.entry.stored_path = str(self.path)

    @Slot(str)
    def _on_worker_errored(self, text: str) -> None:
        lines = [line for line in text.strip().splitlines() if line.strip()]
        self._error = f"{self.entry.name}: {lines[-1] if lines else '?'}"

    @Slot()
    def _on_worker_finished(self) -> None:
        self.handle.stop()
        self.settle()
        self._owner.job_ended(self, self._error)


__all__ = ["Restored", "SessionRestore", "TokenizerStore", "build_manifest", "data_dir", "iter_restore"]
