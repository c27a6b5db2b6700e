"""File actions of the main window: open a tokenizer of any format, save ``tokenizer.json``
(or a ``transformers`` folder) and save a training history.

A tokenizer is opened with :func:`subword_core.formats.open_tokenizer`: a
``tokenizer.json``, a model folder, a SentencePiece ``.model``, a ``.tiktoken`` file,
``vocab.json`` + ``merges.txt``, a BERT ``vocab.txt``, a subword-nmt ``codes`` file,
a TFDS ``.subwords`` file, Mistral's ``tekken.json`` or a llama.cpp ``.gguf``; what it is
shows in the tokenizer bar.

Dialogs go through Qt's static functions (``QFileDialog.getOpenFileName`` …,
``QMessageBox.critical``) so tests can substitute them. Every failure shows a
message in words and leaves the session as it was; the core writes files atomically.
Opening runs in a process of the window's pool (:mod:`app.process_pool`; a 10 MB Llama 3
file takes most of a second to parse, which a thread of this process would spend holding
the GIL the event loop needs): :func:`open_tokenizer` returns at once and calls back when
the entry is added.
:func:`split_dropped` tells the tokenizers among dropped files from the corpora.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QWidget

from subword_core.errors import SubwordError
from subword_core.analysis.gold import LabeledDoc, read_gold
from subword_core.formats.naming import tokenizer_file_name
from subword_core.formats.sniffing import sniff_tokenizer_file

from . import pool_jobs
from .pool_cache import caching_worker
from .process_pool import pool_for
from .session import Session, TokenizerEntry
from .workers import WorkerHandle
from .wording import source_description

JSON_FILTER = QT_TRANSLATE_NOOP("FileActions", "Tokenizer (*.json);;All files (*)")
#: What File ▸ Open tokenizer lists: every format open_tokenizer reads (a folder has its own
#: action); "All files" too, since a subword-nmt codes file often has no extension.
OPEN_FILTER = QT_TRANSLATE_NOOP(
    "FileActions", "Tokenizers (*.json *.model *.spm *.tiktoken *.txt *.bpe *.codes codes "
    "*.subwords *.gguf);;tokenizer.json (*.json);;SentencePiece (*.model *.spm);;"
    "tiktoken (*.tiktoken *.model);;Mistral Tekken (tekken*.json *.json);;"
    "Vocabulary files (vocab.json merges.txt vocab.txt *.bpe);;llama.cpp GGUF (*.gguf);;"
    "All files (*)")
HISTORY_FILTER = QT_TRANSLATE_NOOP("FileActions", "Training history (*.jsonl);;All files (*)")
GOLD_FILTER = QT_TRANSLATE_NOOP(
    "FileActions", "Labelled text (*.jsonl *.ndjson *.json *.conll *.iob *.txt *.tsv);;"
    "All files (*)")


def open_filter() -> str:
    """``OPEN_FILTER`` in the interface language."""
    return QCoreApplication.translate("FileActions", OPEN_FILTER)


def open_tokenizer(parent: QWidget, session: Session, path: str | None = None,
                   on_opened: Callable[[TokenizerEntry], object] | None = None,
                   options: dict[str, Any] | None = None, folder: bool = False) -> bool:
    """Ask for (or take) a tokenizer file or folder and open it in a worker; True if
    opening started. ``options`` go to ``open_tokenizer`` (``format``, ``encoding``,
    ``flavor``...); ``folder`` asks for a folder instead of a file.

    The file is read and parsed in a pool process, and the tokenizer rebuilt from its
    compact pickle (a BPE's tables built as they arrive, while the file is still read:
    ``pool_jobs.open_job``) and warmed up in a worker thread, with a busy cursor and a status line
    (the merge graph is built when a pane first needs it); the GUI thread then only adds the
    entry to the session, as the current tokenizer, named after its model or folder
    (:func:`subword_core.formats.naming.tokenizer_file_name`), and calls ``on_opened(entry)``.
    A failure shows a message box in words and leaves the session unchanged.
    While it runs, :func:`is_opening` is True; :func:`stop_opening` abandons it.
    """
    if path is None and folder:
        path = QFileDialog.getExistingDirectory(
            parent, QCoreApplication.translate("FileActions", "Open tokenizer folder"))
    elif path is None:
        path, _ = QFileDialog.getOpenFileName(
            parent, QCoreApplication.translate("FileActions", "Open tokenizer"), "", open_filter())
    if not path:
        return False
    opening = _Opening(parent, session, str(path), on_opened, dict(options or {}))
    _openings(parent).append(opening)
    opening.start()
    return True


class _Opening(QObject):
    """One tokenizer file being opened: the worker, and its results handled in the GUI thread
    (slots of an object living there, so the worker's signals are queued to it)."""

    def __init__(self, parent: QWidget, session: Session, path: str,
                 on_opened: Callable[[TokenizerEntry], object] | None,
                 options: dict[str, Any]) -> None:
        super().__init__(parent)
        self._parent, self._session, self._path, self._on_opened = parent, session, path, on_opened
        self._options = options
        # read and parsed in a process of the window's pool; this worker's thread only
        # unpickles the compact result and warms it up (see app.pool_jobs)
        # the process that opens it keeps it: the next jobs there name it, not send it
        self.worker = caching_worker(pool_for(parent), pool_jobs.open_held_job,
                                     (path, options), finish=_finish_open)
        self.error: BaseException | None = None
        self.handle = WorkerHandle(self.worker, self)
        self.worker.returned.connect(self._on_worker_returned)
        self.worker.errored.connect(self._on_worker_errored)
        self.worker.finished.connect(self._on_worker_finished)
        self._busy = False

    def start(self) -> None:
        self._busy = True
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        self._session.notify(self.tr("Opening {path}…").format(path=self._path))
        self.handle.start()

    def stop(self) -> None:
        self.handle.stop()

    @Slot(object)
    def _on_worker_returned(self, tokenizer: Any) -> None:
        if isinstance(tokenizer, BaseException):  # the file could not be opened
            self.error = tokenizer
            self._on_worker_errored("")
            return
        # the merge graph is built when a pane first needs it, in that pane's worker
        entry = self._session.add_tokenizer(TokenizerEntry(
            opened_name(self._path), tokenizer, algorithm="file", source=self._path,
            options={"open": dict(self._options)}))
        source = tokenizer.source
        what = f": {source_description(source.description)}" if source is not None else ""
        guessed = f"; {source.notes[0]}" if source is not None and source.notes else ""
        self._session.notify(self.tr("Opened {path} as {name}").format(path=self._path,
                                                                       name=entry.name)
                             + what + guessed)
        if self._on_opened is not None:
            self._on_opened(entry)

    @Slot(str)
    def _on_worker_errored(self, traceback: str) -> None:
        self._session.notify("")  # clear "Opening …" from the status bar
        self._restore_cursor()
        if self.error is not None:
            problem = _in_words(self.error)
        else:  # the worker process failed (it died, or the job could not be sent)
            lines = [line for line in traceback.strip().splitlines() if line.strip()]
            problem = _in_words(RuntimeError(lines[-1].partition(": ")[2] if lines else ""))
        QMessageBox.critical(self._parent, self.tr("Cannot open tokenizer"),
                             f"{self._path}\n\n{problem}\n\n"
                             + self.tr("The session is unchanged."))

    @Slot()
    def _on_worker_finished(self) -> None:
        self.handle.stop()
        openings = _openings(self._parent)
        if self in openings:
            openings.remove(self)
        self._restore_cursor()

    def _restore_cursor(self) -> None:
        if self._busy:
            self._busy = False
            QApplication.restoreOverrideCursor()


def is_opening(parent: QWidget) -> bool:
    """True while a tokenizer file started with ``parent`` is being opened."""
    return bool(_openings(parent))


def stop_opening(parent: QWidget) -> None:
    """Abandon the files being opened (before the window closes: stop their threads)."""
    for opening in list(_openings(parent)):
        opening.stop()


def _openings(parent: QWidget) -> list[_Opening]:
    # kept on the parent, so the workers live as long as it (PySide collects orphans)
    openings = getattr(parent, "_tokenizer_openings", None)
    if openings is None:
        openings = []
        parent._tokenizer_openings = openings  # type: ignore[attr-defined]
    return openings


def _finish_open(result: Any) -> Any:
    """In the worker thread: put the opened tokenizer together from its parts (its tables
    came ahead, see ``pool_jobs.open_job``) and warm it up (its first encoding, on the GUI
    thread, then finds its tables built); a failure passes through."""
    if isinstance(result, tuple):
        result = pool_jobs.opened_from_parts(result)
    return result if isinstance(result, BaseException) else pool_jobs.warm_up(result)


def opened_name(path: str) -> str:
    """The name an opened tokenizer gets: its model's (from a tokenizer_config.json) or its
    folder's for generic file names; a folder is named as its ``tokenizer.json`` would be."""
    p = Path(path)
    return tokenizer_file_name(p / "tokenizer.json" if p.is_dir() else p)


def _in_words(exc: BaseException | None) -> str:
    """A failure as a sentence: the library's own message, never an exception class name."""
    if isinstance(exc, SubwordError):
        return str(exc)
    if isinstance(exc, UnicodeDecodeError):
        return QCoreApplication.translate("FileActions", "The file is not UTF-8 text.")
    if isinstance(exc, OSError):
        return QCoreApplication.translate("FileActions", "The file cannot be read: {error}."
                                          ).format(error=exc.strerror or exc)
    return QCoreApplication.translate(
        "FileActions", "The file is not a tokenizer this program can read ({error})."
    ).format(error=exc)


# -- drops: a tokenizer file opens as a tokenizer, anything else is a corpus --------------------
#: Dropped files that are tokenizers by their name alone (other files by their content).
TOKENIZER_SUFFIXES = {".model", ".spm", ".tiktoken", ".subwords", ".codes", ".gguf"}
TOKENIZER_NAMES = {"tokenizer.json", "vocab.txt", "vocab.json", "merges.txt", "vocab.bpe", "codes",
                   "bpe.codes", "tokenizer_config.json", "special_tokens_map.json"}
#: A dropped folder holding one of these is a model folder, not a corpus folder.
FOLDER_MARKERS = ("tokenizer.json", "tokenizer_config.json", "vocab.json", "spiece.model",
                  "tokenizer.model", "sentencepiece.bpe.model", "vocab.txt")


def split_dropped(paths: list[str]) -> tuple[list[str], list[str]]:
    """Dropped ``paths`` as (tokenizers, corpora), keeping their order."""
    tokenizers = [p for p in paths if looks_like_tokenizer(p)]
    return tokenizers, [p for p in paths if p not in tokenizers]


def looks_like_tokenizer(path: str) -> bool:
    """A tokenizer file by its name or, whatever its name, by its content
    (``bert-base-uncased-vocab.txt``: :mod:`subword_core.formats.sniffing`), or a folder holding a
    model's tokenizer files. A word list or any other text is a corpus."""
    p = Path(path)
    if p.is_dir():
        return any((p / name).is_file() for name in FOLDER_MARKERS) or any(
            p.glob("*.tiktoken"))
    if not p.is_file():
        return False
    if p.suffix.lower() in TOKENIZER_SUFFIXES or p.name.lower() in TOKENIZER_NAMES:
        return True
    return sniff_tokenizer_file(p) is not None


def save_tokenizer(parent: QWidget, session: Session) -> bool:
    entry = session.current
    if entry is None:
        _nothing_to_save(parent)
        return False
    path = _save_with_dialog(
        parent, QCoreApplication.translate("FileActions", "Save tokenizer.json"),
        QCoreApplication.translate("FileActions", "Cannot save tokenizer.json"),
        f"{_file_stem(entry)}.json", QCoreApplication.translate("FileActions", JSON_FILTER),
        lambda target: _exportable(entry).save(target))
    if path:
        session.notify(QCoreApplication.translate("FileActions", "Saved {name} to {path}").format(
            name=entry.name, path=path))
    return path is not None


def save_pretrained(parent: QWidget, session: Session) -> bool:
    """Save the current tokenizer as a ``transformers`` folder (``tokenizer.json``,
    ``tokenizer_config.json``, ``special_tokens_map.json``) chosen in a dialog."""
    entry = session.current
    if entry is None:
        _nothing_to_save(parent)
        return False
    folder = QFileDialog.getExistingDirectory(
        parent, QCoreApplication.translate("FileActions", "Save for transformers: pick a folder"))
    if not folder:
        return False
    try:
        _exportable(entry).save_pretrained(folder)
    except (SubwordError, OSError) as exc:
        QMessageBox.critical(
            parent, QCoreApplication.translate("FileActions", "Cannot save for transformers"),
            f"{folder}\n\n{exc}")
        return False
    entry.saved_path = entry.saved_path or folder
    session.notify(QCoreApplication.translate(
        "FileActions", "Saved {name} to {folder}: AutoTokenizer.from_pretrained loads it"
    ).format(name=entry.name, folder=folder))
    return True


def _exportable(entry: TokenizerEntry) -> Any:
    """What saving ``entry`` writes: its tokenizer, or for a ``.model`` opened as the
    sentencepiece library encodes it (no tokenizer.json form) the transformers flavor that fits
    the file, read again from it (:func:`subword_core.formats.open_for_saving`)."""
    from subword_core.formats import open_for_saving
    from subword_core.models.sentencepiece import SentencePieceBPE, SentencePieceUnigram

    own = isinstance(entry.tokenizer.model, (SentencePieceBPE, SentencePieceUnigram))
    if not own or entry.algorithm != "file" or not Path(entry.source).is_file():
        return entry.tokenizer
    return open_for_saving(entry.source)


def save_history(parent: QWidget, session: Session) -> bool:
    entry = session.current
    if entry is None or entry.history is None:
        QMessageBox.warning(
            parent, QCoreApplication.translate("FileActions", "No training history"),
            QCoreApplication.translate(
                "FileActions", "Only tokenizers trained in this session have a history."))
        return False
    path = _save_with_dialog(
        parent, QCoreApplication.translate("FileActions", "Save training history"),
        QCoreApplication.translate("FileActions", "Cannot save training history"),
        f"{_file_stem(entry)}.history.jsonl",
        QCoreApplication.translate("FileActions", HISTORY_FILTER), entry.history.save)
    if path:
        session.notify(QCoreApplication.translate(
            "FileActions", "Saved the training history of {name} to {path}").format(
                name=entry.name, path=path))
    return path is not None


def ask_gold_path(parent: QWidget) -> str:
    """A gold-labels file the user picks in a dialog ("" if cancelled)."""
    path, _ = QFileDialog.getOpenFileName(
        parent, QCoreApplication.translate("FileActions", "Open gold labels"), "",
        QCoreApplication.translate("FileActions", GOLD_FILTER))
    return path


def read_gold_or_warn(parent: QWidget, path: str) -> list[LabeledDoc] | None:
    """The labelled documents of ``path``, or None after a message box naming the problem."""
    try:
        return read_gold(path)
    except SubwordError as exc:
        QMessageBox.critical(parent, QCoreApplication.translate("FileActions",
                                                                "Cannot read labels"), str(exc))
        return None


def _nothing_to_save(parent: QWidget) -> None:
    QMessageBox.warning(parent, QCoreApplication.translate("FileActions", "Nothing to save"),
                        QCoreApplication.translate("FileActions",
                                                   "Train or open a tokenizer first."))


def _file_stem(entry: TokenizerEntry) -> str:
    return entry.name.replace(" ", "_")


def _save_with_dialog(parent: QWidget, title: str, error_title: str, suggested: str,
                      file_filter: str, save: Callable[[str], None]) -> str | None:
    """Ask where to save (a dialog called ``title``), save there (``save`` writes atomically);
    the path, or None if the user cancelled or saving failed (a message box ``error_title``)."""
    path, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not path:
        return None
    try:
        save(path)
    except (SubwordError, OSError) as exc:
        QMessageBox.critical(parent, error_title, f"{path}\n\n{exc}")
        return None
    return path
