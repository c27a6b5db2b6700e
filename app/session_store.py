"""Keep the user's work across restarts: corpus, tokenizers, compare list, text, active view.

A *manifest* (a plain dict stored in ``QSettings`` by the main window) says what
the session held. Tokenizers trained in the app have no file of their own, so
:func:`build_manifest` writes each one (and its training history) once into the
app's data folder; opened tokenizers are remembered by their source path.
:func:`iter_restore` reads them back as a generator, so the window can run it in
a worker (Llama 3's file takes seconds to load) and add each tokenizer as it
arrives. Entries whose files have gone are reported, not fatal.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QStandardPaths

from subword_core.analysis import MergeGraph
from subword_core.formats import open_tokenizer
from subword_core.tokenizer import Tokenizer
from subword_core.trainers.history import TrainingHistory

from .session import Session, TokenizerEntry

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
                   view: str = "") -> dict[str, Any]:
    """Describe ``session``; trained tokenizers not yet in ``folder`` are written there first."""
    corpus = session.corpus
    records = [_record(entry, folder) for entry in session.entries]
    _remove_stale_files(folder, records)
    return {
        "version": MANIFEST_VERSION,
        "corpus": None if corpus is None else {"paths": list(corpus.paths),
                                               "options": dict(corpus.options)},
        "tokenizers": records,
        "current": session.current.name if session.current else "",
        "compare": list(compare or []),
        "view": view,
    }


def _record(entry: TokenizerEntry, folder: Path) -> dict[str, Any]:
    record = {"name": entry.name, "algorithm": entry.algorithm, "options": _plain(entry.options),
              "source": entry.source, "saved": bool(getattr(entry, "saved_path", ""))}
    if entry.algorithm == "file" and entry.source and Path(entry.source).exists():
        record.update(kind="file", path=entry.source)
        return record
    # trained here (or opened from a file that has gone): keep a copy in the data folder
    stored = getattr(entry, "stored_path", "")
    if not stored or not Path(stored).exists():
        folder.mkdir(parents=True, exist_ok=True)
        stem = _stem(entry)
        stored = str(folder / f"{stem}.json")
        entry.tokenizer.save(stored)  # atomic in the core
        if entry.history is not None:
            entry.history.save(str(folder / f"{stem}.history.jsonl"))
        entry.stored_path = stored
    record.update(kind="stored", path=stored)
    history = Path(stored).with_suffix(".history.jsonl")
    if entry.history is not None and history.exists():
        record["history"] = str(history)
    return record


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


def _remove_stale_files(folder: Path, records: list[dict[str, Any]]) -> None:
    """Delete stored tokenizers that no entry refers to any more (removed ones)."""
    if not folder.is_dir():
        return
    keep = {Path(r["path"]).name for r in records if r.get("kind") == "stored"}
    keep |= {Path(r["history"]).name for r in records if r.get("history")}
    for path in folder.iterdir():
        if path.is_file() and path.name not in keep and path.suffix in (".json", ".jsonl"):
            path.unlink(missing_ok=True)


def iter_restore(records: list[dict[str, Any]], cancel: Any = None) -> Iterator[Restored]:
    """Read each recorded tokenizer back (in a worker); yields one :class:`Restored` each."""
    for record in records:
        if cancel is not None and cancel.is_set():
            return
        yield _restore_one(record)


def _restore_one(record: dict[str, Any]) -> Restored:
    path = record.get("path", "")
    if not path or not Path(path).exists():
        gone = QCoreApplication.translate("SessionStore", "{name}: {path} is gone").format(
            name=record.get("name", "?"),
            path=path or QCoreApplication.translate("SessionStore", "no file"))
        return Restored(record, error=gone)
    try:
        if record.get("kind") == "file":  # any format: opened again as it was the first time
            tokenizer = open_tokenizer(path, **dict((record.get("options") or {}).get("open")
                                                    or {}))
        else:
            tokenizer = Tokenizer.from_file(path)
        history = None
        if record.get("history") and Path(record["history"]).exists():
            history = TrainingHistory.load(record["history"])
        entry = TokenizerEntry(record.get("name") or Path(path).stem, tokenizer, history,
                               algorithm=record.get("algorithm", "file"),
                               options=dict(record.get("options") or {}),
                               source=record.get("source", path))
        if record.get("kind") == "stored":
            entry.stored_path = path
        if record.get("saved"):
            entry.saved_path = record.get("source", path)
        entry.graph = MergeGraph.of(tokenizer, history)  # off the GUI thread, like training's
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the others
        return Restored(record, error=f"{record.get('name', '?')}: {exc}")
    return Restored(record, entry)


__all__ = ["Restored", "build_manifest", "data_dir", "iter_restore"]
