"""Corpus figures on disk, so that a restart does not measure the corpus again.

:class:`FiguresStore` keeps, in a folder the caller chooses (the app: ``corpus-figures/``
in its data folder), three kinds of entries, each one file named by a digest of its key:

- ``*.counts.npz``: a pipeline's model-input counts on a corpus and the corpus's own
  counts (:class:`~subword_core.analysis.figures.counts.ChunkCounts` merged): the expensive part,
  shared by every tokenizer with that pipeline (a retrained tokenizer, say);
- ``*.profile.npz``: one tokenizer's figures on a corpus (metrics and token-id counts);
- ``*.cuts.json``: the cut agreement of a tokenizer with a first one, on a sample.

Keys hold the corpus (files with sizes and modification times, reading options) and
tokenizer fingerprints (:mod:`subword_core.analysis.figures.fingerprint`), so an edited file
or tokenizer is simply another key. Files are numpy arrays (strings as one UTF-8 blob and lengths,
ids and counts as int64 columns), written to a temporary file and renamed into place.
The folder is kept under ``max_bytes``, least recently used first (reading an entry
touches it). A damaged or unreadable entry is deleted and reported as missing: the
figures are measured again, never a crash.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from ..compare import CorpusProfile, Metrics

#: Bumped when an entry's layout changes: older entries are then never found.
FORMAT = 1
#: Default bound of the folder's size.
MAX_BYTES = 512 << 20
SUFFIXES = (".counts.npz", ".profile.npz", ".cuts.json")


class FiguresStore:
    """Entries in ``folder`` (created on first write); every method is safe to call from
    several threads or processes (writes are atomic renames)."""

    def __init__(self, folder: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes

    # ------------------------------------------------------------------ pipeline counts
    def get_counts(self, key: Any) -> tuple[dict[str, int], Counter[str], Counter[int]] | None:
        """``(corpus totals, model-input counts, added-token counts)``, or None."""
        arrays = self._load(key, ".counts.npz")
        if arrays is None:
            return None
        try:
            totals = json.loads(arrays["meta"].tobytes().decode("utf-8"))
            pieces = _strings(arrays["text"], arrays["lengths"])
            inputs = Counter(dict(zip(pieces, arrays["counts"].tolist())))
            added = Counter(dict(zip(arrays["added_ids"].tolist(),
                                     arrays["added_counts"].tolist())))
            if len(inputs) != len(pieces) or not isinstance(totals, dict):
                raise ValueError("inconsistent entry")
        except Exception:  # noqa: BLE001 - any damage: measure again
            self._drop(key, ".counts.npz")
            return None
        return totals, inputs, added

    def put_counts(self, key: Any, totals: dict[str, int], inputs: Counter[str],
                   added: Counter[int]) -> None:
        text, lengths = _packed(list(inputs))
        self._save(key, ".counts.npz", {
            "meta": _json_bytes(totals), "text": text, "lengths": lengths,
            "counts": np.fromiter(inputs.values(), np.int64, len(inputs)),
            "added_ids": np.fromiter(added.keys(), np.int64, len(added)),
            "added_counts": np.fromiter(added.values(), np.int64, len(added)),
        })

    # ------------------------------------------------------------------ profiles
    def get_profile(self, key: Any) -> CorpusProfile | None:
        arrays = self._load(key, ".profile.npz")
        if arrays is None:
            return None
        try:
            meta = json.loads(arrays["meta"].tobytes().decode("utf-8"))
            ids, counts = arrays["ids"], arrays["counts"]
            if ids.shape != counts.shape:
                raise ValueError("inconsistent entry")
            profile = CorpusProfile(
                Metrics(**meta["metrics"]), Counter(dict(zip(ids.tolist(), counts.tolist()))),
                documents=int(meta["documents"]), method=str(meta["method"]),
                set_aside=int(meta["set_aside"]))
        except Exception:  # noqa: BLE001 - any damage: measure again
            self._drop(key, ".profile.npz")
            return None
        return profile

    def put_profile(self, key: Any, profile: CorpusProfile) -> None:
        m = profile.metrics
        meta = {"metrics": {"characters": m.characters, "words": m.words, "tokens": m.tokens,
                            "unknown": m.unknown},
                "documents": profile.documents, "method": profile.method,
                "set_aside": profile.set_aside}
        counts = profile.token_counts
        self._save(key, ".profile.npz", {
            "meta": _json_bytes(meta),
            "ids": np.fromiter(counts.keys(), np.int64, len(counts)),
            "counts": np.fromiter(counts.values(), np.int64, len(counts)),
        })

    # ------------------------------------------------------------------ cut agreement
    def get_cuts(self, key: Any) -> tuple[int, int, int | None] | None:
        """``(shared cuts, cuts of either, sample characters or None)``, or None."""
        path = self._path(key, ".cuts.json")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            sample = data["sample_chars"]
            found = (int(data["shared"]), int(data["either"]),
                     None if sample is None else int(sample))
        except FileNotFoundError:
            return None
        except Exception:  # noqa: BLE001 - damaged: measure again
            self._drop(key, ".cuts.json")
            return None
        _touch(path)
        return found

    def put_cuts(self, key: Any, shared: int, either: int, sample_chars: int | None) -> None:
        data = {"shared": shared, "either": either, "sample_chars": sample_chars}
        self._write(key, ".cuts.json", json.dumps(data).encode("utf-8"))

    # ------------------------------------------------------------------ files
    def _path(self, key: Any, suffix: str) -> Path:
        text = json.dumps([FORMAT, key], sort_keys=True, ensure_ascii=False, default=str)
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]
        return self.folder / f"{digest}{suffix}"

    def _load(self, key: Any, suffix: str) -> Any:
        path = self._path(key, suffix)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except FileNotFoundError:
            return None
        except Exception:  # noqa: BLE001 - truncated, not a zip, unreadable...
            self._drop(key, suffix)
            return None
        _touch(path)
        return arrays

    def _save(self, key: Any, suffix: str, arrays: dict[str, np.ndarray]) -> None:
        import io

        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        self._write(key, suffix, buffer.getvalue())

    def _write(self, key: Any, suffix: str, data: bytes) -> None:
        """Write atomically; a folder that cannot be written only costs a later pass."""
        path = self._path(key, suffix)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=suffix)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self.prune()
        except OSError:
            pass

    def _drop(self, key: Any, suffix: str) -> None:
        try:
            self._path(key, suffix).unlink(missing_ok=True)
        except OSError:
            pass

    def prune(self) -> None:
        """Delete the least recently used entries until the folder fits ``max_bytes``."""
        if not self.folder.is_dir():
            return
        entries = []
        for path in self.folder.iterdir():
            if path.name.endswith(SUFFIXES) and not path.name.startswith(".tmp-"):
                try:
                    stat = path.stat()
                except OSError:
                    continue
                entries.append((stat.st_mtime_ns, stat.st_size, path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= self.max_bytes:
                break
            path.unlink(missing_ok=True)
            total -= size

    def clear(self) -> None:
        """Delete every entry."""
        for suffix in SUFFIXES:
            for path in self.folder.glob(f"*{suffix}"):
                path.unlink(missing_ok=True)


def _touch(path: Path) -> None:
    try:
        os.utime(path)  # most recently used
    except OSError:
        pass


def _json_bytes(data: Any) -> np.ndarray:
    return np.frombuffer(json.dumps(data).encode("utf-8"), dtype=np.uint8)


def _packed(strings: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The strings as one UTF-8 blob and their lengths in characters."""
    blob = "".join(strings).encode("utf-8", "surrogatepass")
    lengths = np.fromiter(map(len, strings), np.int64, len(strings))
    return np.frombuffer(blob, dtype=np.uint8), lengths


def _strings(blob: np.ndarray, lengths: np.ndarray) -> list[str]:
    text = blob.tobytes().decode("utf-8", "surrogatepass")
    ends = np.cumsum(lengths).tolist()
    if (ends[-1] if ends else 0) != len(text):
        raise ValueError("lengths do not match the text")
    starts = [0, *ends[:-1]]
    return [text[s:e] for s, e in zip(starts, ends)]


__all__ = ["FORMAT", "MAX_BYTES", "FiguresStore"]
