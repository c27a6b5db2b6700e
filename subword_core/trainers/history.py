"""TrainingHistory: the *why* of a training run, saved and loaded as JSON lines.

A history is the trainer's name, its options, and the ordered record events
(:class:`~.events.MergeAdded` per merge, :class:`~.events.UnigramStep` per
round). The GUI's merges pane and the CLI's ``--history`` both use it.

File format (one JSON object per line, UTF-8)::

    {"type": "header", "format": 1, "trainer": "BpeTrainer", "options": {...}}
    {"type": "MergeAdded", "rank": 0, "left": "e", "right": "s", ...}
    {"type": "UnigramStep", "round": 0, "vocab_size": 100, "loss": 1.5, "removed": [["ab", 0.1]]}

Tuples become JSON lists and are turned back into tuples on load.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..errors import SubwordError
from .events import RECORD_TYPES, MergeAdded, TrainEvent, UnigramStep

FORMAT_VERSION = 1
_RECORD_CLASSES: dict[str, type] = {cls.__name__: cls for cls in RECORD_TYPES}
# Fields stored as JSON lists that must come back as tuples.
_TUPLE_FIELDS = {"runner_up", "removed", "language_lengths"}


class HistoryFileError(SubwordError):
    """A history file is unreadable or malformed."""


@dataclass
class TrainingHistory:
    """Ordered records of one training run.

    Example:
        >>> h = TrainingHistory("BpeTrainer", {"vocab_size": 10})
        >>> h.record(MergeAdded(0, "e", "s", "es", 5, 9))
        >>> [m.token for m in h.merges]
        ['es']
    """

    trainer: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    records: list[TrainEvent] = field(default_factory=list)

    # -- building -------------------------------------------------------------------------
    def record(self, event: TrainEvent) -> None:
        """Keep ``event`` if it is a record type (merges, Unigram rounds); ignore the rest."""
        if isinstance(event, RECORD_TYPES):
            self.records.append(event)

    @property
    def merges(self) -> list[MergeAdded]:
        """The merge records in rank order."""
        return [r for r in self.records if isinstance(r, MergeAdded)]

    @property
    def steps(self) -> list[UnigramStep]:
        """The Unigram rounds in order."""
        return [r for r in self.records if isinstance(r, UnigramStep)]

    def __len__(self) -> int:
        return len(self.records)

    # -- JSON lines ----------------------------------------------------------------------
    def to_lines(self) -> Iterator[str]:
        """Yield the JSON lines (without newlines): header first, then one per record."""
        header = {"type": "header", "format": FORMAT_VERSION,
                  "trainer": self.trainer, "options": _jsonable(self.options)}
        yield json.dumps(header, ensure_ascii=False)
        for rec in self.records:
            row = {"type": type(rec).__name__}
            row.update({f.name: _jsonable(getattr(rec, f.name)) for f in fields(rec)})
            yield json.dumps(row, ensure_ascii=False)

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> TrainingHistory:
        """Parse lines written by :meth:`to_lines` (blank lines are skipped)."""
        history = cls()
        for lineno, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                kind = row.pop("type")
                if kind == "header":
                    history.trainer = row.get("trainer", "")
                    history.options = row.get("options", {})
                    continue
                history.records.append(_record_from_row(kind, row))
            except (ValueError, KeyError, TypeError) as exc:
                raise HistoryFileError(f"history line {lineno}: {exc}") from exc
        return history

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the history atomically (a failed write leaves an existing file untouched)."""
        path = Path(path)
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                for line in self.to_lines():
                    fh.write(line + "\n")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> TrainingHistory:
        """Read a history written by :meth:`save`."""
        try:
            with open(path, encoding="utf-8") as fh:
                return cls.from_lines(fh)
        except OSError as exc:
            raise HistoryFileError(f"cannot read history {path}: {exc}") from exc


def _jsonable(value: Any) -> Any:
    """Tuples to lists, recursively; dict keys stay strings."""
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _record_from_row(kind: str, row: dict[str, Any]) -> TrainEvent:
    cls = _RECORD_CLASSES.get(kind)
    if cls is None:
        raise KeyError(f"unknown record type {kind!r}")
    known = {f.name for f in fields(cls)}
    kwargs = {k: _untuple(k, v) for k, v in row.items() if k in known}
    return cls(**kwargs)


def _untuple(name: str, value: Any) -> Any:
    if name in _TUPLE_FIELDS and isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


__all__ = ["FORMAT_VERSION", "HistoryFileError", "TrainingHistory"]
