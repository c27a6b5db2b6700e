"""A guard for the app tests: known heavy core calls must not run on the GUI thread.

A timing assertion would be flaky; this is not. While a test runs, the heavy entry points
of ``subword_core`` are wrapped: serializing or parsing a large tokenizer, opening a large
tokenizer file, counting the words of a corpus, encoding a corpus, building a large merge
graph, training on many words. A call is a *violation* when it runs on the main (GUI)
thread, was made by the app's code (an ``app/`` frame is on the stack: a test that calls
the core directly to prepare its data is not the window doing it), and its input is above
a size small test data stays below; so are passes over a large vocabulary (surface
forms, length histogram, Zipf ranking). The test fails at teardown with each violation and
the app frames that made it. ``@pytest.mark.heavy_on_gui_thread("why")`` lets a test
that means to do such work synchronously pass.

Functions are wrapped where they are defined and wherever a module of ``app`` or
``subword_core`` imported them by name. Generator functions are checked when they run,
not when they are called: a worker thread may iterate a generator made on the GUI thread.
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

APP_DIR = str(Path(__file__).resolve().parents[2] / "app") + os.sep
#: Above these sizes a call is heavy (small test data stays far below them).
MAX_VOCAB = 5_000          # tokens of a tokenizer serialized, parsed or opened
MAX_FILE_BYTES = 256_000   # bytes of a tokenizer file or folder
MAX_CORPUS_CHARS = 256_000  # characters (or bytes) of a corpus counted or encoded
MAX_MERGES = 5_000         # records of a merge graph
MAX_WORDS = 5_000          # distinct words a trainer learns from

Report = Callable[[str, str], None]


def _on_gui_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _app_frames() -> list[str]:
    frames, frame = [], sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(APP_DIR):
            frames.append(f"app/{name[len(APP_DIR):]}:{frame.f_lineno} {frame.f_code.co_name}")
        frame = frame.f_back
    return frames


class Guard:
    """Collects violations; :meth:`install` wraps the heavy calls (with ``monkeypatch``)."""

    def __init__(self) -> None:
        self.violations: list[str] = []

    def check(self, what: str, size: int, limit: int) -> None:
        if size <= limit or not _on_gui_thread():
            return
        frames = _app_frames()
        if frames:
            self.violations.append(f"{what} (size {size:,} > {limit:,}) on the GUI thread, "
                                   f"called from " + " < ".join(frames[:4]))

    # -- wrapping ---------------------------------------------------------------------------
    def install(self, monkeypatch: Any) -> None:
        from subword_core.analysis import compare, corpus_profiles
        from subword_core import formats
        from subword_core.analysis import MergeGraph
        from subword_core.corpus import counting, reading
        from subword_core.tokenizer import Tokenizer
        from subword_core.trainers import base

        self._tokenizer_methods(monkeypatch, Tokenizer)
        self._function(monkeypatch, formats, "open_source", lambda path, *a, **k: (
            "opening a tokenizer file", _path_bytes(path), MAX_FILE_BYTES))
        for module, name in ((reading, "iter_count_words"), (reading, "count_words"),
                             (counting, "iter_count"), (counting, "count_words"),
                             (counting, "iter_cached_count"),
                             (corpus_profiles, "iter_whole_corpus_profiles")):
            if hasattr(module, name):
                self._function(monkeypatch, module, name, self._corpus_size(name))
        if hasattr(compare, "iter_corpus_profiles"):
            self._documents(monkeypatch, compare, "iter_corpus_profiles")
        self._vocabulary_passes(monkeypatch)
        original_post_init = MergeGraph.__post_init__

        def post_init(graph: Any) -> None:
            self.check("building a merge graph", len(graph.records), MAX_MERGES)
            original_post_init(graph)
        monkeypatch.setattr(MergeGraph, "__post_init__", post_init)
        for trainer in _subclasses(base.TrainerBase):
            if "iter_train" in trainer.__dict__:
                self._trainer(monkeypatch, trainer)

    def _vocabulary_passes(self, monkeypatch: Any) -> None:
        """A pass over every token of a vocabulary: surface forms (the Compare view's
        overlaps), the length histogram, the Zipf ranking of a vocabulary's counts."""
        from subword_core.analysis import compare, stats

        def vocabulary(what: str) -> Callable[..., tuple[str, int, int]]:
            return lambda tok, *a, **k: (what, tok.get_vocab_size(), MAX_VOCAB)
        for module, name, measure in (
                (compare, "vocab_forms", vocabulary("the surface forms of a vocabulary")),
                (stats, "length_histogram", vocabulary("the length histogram of a vocabulary")),
                (stats, "zipf", lambda counts, *a, **k: ("ranking a vocabulary's counts (zipf)",
                                                         len(counts), MAX_VOCAB))):
            if hasattr(module, name):
                self._function(monkeypatch, module, name, measure)

    def _tokenizer_methods(self, monkeypatch: Any, tokenizer: type) -> None:
        to_str = tokenizer.to_str
        from_str = tokenizer.__dict__["from_str"].__func__
        from_file = tokenizer.__dict__["from_file"].__func__

        @functools.wraps(to_str)
        def guarded_to_str(tok: Any, *a: Any, **k: Any) -> str:
            self.check("serializing a tokenizer (to_str)", tok.get_vocab_size(), MAX_VOCAB)
            return to_str(tok, *a, **k)

        @functools.wraps(from_str)
        def guarded_from_str(cls: type, json: str, *a: Any, **k: Any) -> Any:
            self.check("parsing a tokenizer (from_str)", len(json), MAX_FILE_BYTES)
            return from_str(cls, json, *a, **k)

        @functools.wraps(from_file)
        def guarded_from_file(cls: type, path: Any, *a: Any, **k: Any) -> Any:
            self.check("reading a tokenizer (from_file)", _path_bytes(path), MAX_FILE_BYTES)
            return from_file(cls, path, *a, **k)
        monkeypatch.setattr(tokenizer, "to_str", guarded_to_str)
        monkeypatch.setattr(tokenizer, "from_str", classmethod(guarded_from_str))
        monkeypatch.setattr(tokenizer, "from_file", classmethod(guarded_from_file))

    def _corpus_size(self, name: str) -> Callable[..., tuple[str, int, int]]:
        what = ("encoding a corpus" if "profiles" in name else "counting the words of a corpus")
        return lambda source, *a, **k: (f"{what} ({name})", _corpus_chars(source),
                                        MAX_CORPUS_CHARS)

    def _function(self, monkeypatch: Any, module: Any, name: str,
                  measure: Callable[..., tuple[str, int, int]]) -> None:
        original = getattr(module, name)
        if inspect.isgeneratorfunction(original):
            @functools.wraps(original)
            def guarded(*a: Any, **k: Any) -> Any:
                self.check(*measure(*a, **k))  # runs at the first next(), in its thread
                return (yield from original(*a, **k))
        else:
            @functools.wraps(original)
            def guarded(*a: Any, **k: Any) -> Any:
                self.check(*measure(*a, **k))
                return original(*a, **k)
        _replace_everywhere(monkeypatch, original, guarded)

    def _documents(self, monkeypatch: Any, module: Any, name: str) -> None:
        """Wrap a generator taking documents: count their characters as they are read."""
        original = getattr(module, name)

        @functools.wraps(original)
        def guarded(documents: Iterable[str], *a: Any, **k: Any) -> Any:
            return (yield from original(self._counted(documents, name), *a, **k))
        _replace_everywhere(monkeypatch, original, guarded)

    def _counted(self, documents: Iterable[str], name: str) -> Iterator[str]:
        total, reported = 0, False
        for doc in documents:
            total += len(doc) if isinstance(doc, str) else 0
            if not reported and total > MAX_CORPUS_CHARS and _on_gui_thread():
                self.check(f"encoding a corpus ({name})", total, MAX_CORPUS_CHARS)
                reported = True
            yield doc

    def _trainer(self, monkeypatch: Any, trainer: type) -> None:
        original = trainer.__dict__["iter_train"]

        @functools.wraps(original)
        def guarded(obj: Any, word_counts: Any, *a: Any, **k: Any) -> Any:
            self.check(f"training ({trainer.__name__}.iter_train)", len(word_counts), MAX_WORDS)
            return (yield from original(obj, word_counts, *a, **k))
        monkeypatch.setattr(trainer, "iter_train", guarded)


def _replace_everywhere(monkeypatch: Any, original: Any, guarded: Any) -> None:
    # subtle: a module first imported during an earlier test bound that test's wrapper by
    # name, and no undo restores it; it is replaced too (else its calls go unchecked)
    real = getattr(original, _REAL, original)
    setattr(guarded, _REAL, real)
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name.startswith("app") or
                                  module_name.startswith("subword_core")):
            continue
        for attribute, value in list(vars(module).items()):
            if value is original or (callable(value) and getattr(value, _REAL, None) is real):
                monkeypatch.setattr(module, attribute, guarded)


_REAL = "_guarded_function"  # on a wrapper: the function it checks


def _subclasses(cls: type) -> list[type]:
    found, todo = [], [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return [cls, *found]


def _path_bytes(path: Any) -> int:
    try:
        p = Path(os.fspath(path))
    except TypeError:
        return 0
    try:
        if p.is_dir():
            return sum(f.stat().st_size for f in p.iterdir() if f.is_file())
        return p.stat().st_size
    except OSError:
        return 0


def _corpus_chars(source: Any) -> int:
    """The size of a corpus argument, without reading it: bytes of its files, characters
    of a list of texts; 0 (not heavy) for an iterator, which cannot be measured unread."""
    if hasattr(type(source), "total_bytes"):  # a Corpus: its files' bytes, or its texts'
        texts = getattr(source, "texts", None)
        if isinstance(texts, (list, tuple)):
            return sum(len(t) for t in texts if isinstance(t, str))
        return int(source.total_bytes or 0)
    if isinstance(source, (str, os.PathLike)):
        return _path_bytes(source)
    if isinstance(source, (list, tuple)):
        return sum(len(t) if isinstance(t, str) else _path_bytes(t) for t in source)
    return 0


def calls_in_this_process(monkeypatch: Any, functions: Iterable[tuple[Any, str]]) -> list[str]:
    """Record the calls the app's code makes to ``functions`` (``(module, name)`` pairs) in
    this process, on any thread: work meant for the window's process pool (app.process_pool)
    must not show up here. Returns the list the calls are appended to ("name by app/…")."""
    calls: list[str] = []
    for module, name in functions:
        original = getattr(module, name)

        def note(name: str = name) -> None:
            frames = _app_frames()
            if frames:
                calls.append(f"{name} by {frames[0]}")
        if inspect.isgeneratorfunction(original):
            @functools.wraps(original)
            def guarded(*a: Any, __original: Any = original, __note: Any = note, **k: Any) -> Any:
                __note()
                return (yield from __original(*a, **k))
        else:
            @functools.wraps(original)
            def guarded(*a: Any, __original: Any = original, __note: Any = note, **k: Any) -> Any:
                __note()
                return __original(*a, **k)
        if isinstance(module, type):  # a class's method: called through the class
            monkeypatch.setattr(module, name, guarded)
        else:
            _replace_everywhere(monkeypatch, original, guarded)
    return calls
