"""Session: the data every pane shares (STYLE.md section 3).

The session holds the corpus that was loaded, the tokenizers trained or opened
(named; one is current), the input text and the current encoding of that text.
Panes read it and call its setters; they react to its signals. It holds no
widget and no selection (that is :mod:`app.selection`), and it computes nothing
itself: encoding is ``Tokenizer.encode`` from ``subword_core``.

Large texts are encoded by a latest-wins :class:`~app.encode_process.EncodeProcess`,
in a process of its own, so typing in a big text never blocks the window; small texts
are encoded at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from subword_core.analysis import MergeGraph
from subword_core.corpus import Corpus

from .encode_options import EncodeOptions, EncodeResult, encode_with_options
from .encode_process import EncodeProcess
from .turn_steps import TurnQueue

#: Texts longer than this (characters) are encoded in the background.
SYNC_ENCODE_LIMIT = 20_000
#: So are texts with a longer run without whitespace: a model's work on one word grows
#: faster than its length (BPE merges pair by pair; a 5,000-character word took 0.8 s).
SYNC_WORD_LIMIT = 200
#: Texts up to this long also keep their pipeline stages (normalized text, pre-tokens).
EXPLAIN_LIMIT = 50_000


def encode_at_once(text: str, limit: int | None = None) -> bool:
    """True when ``text`` is cheap enough to encode on the GUI thread: at most ``limit``
    characters (:data:`SYNC_ENCODE_LIMIT` by default) and no whitespace-free run longer
    than :data:`SYNC_WORD_LIMIT`.

    Example:
        >>> encode_at_once("a short text"), encode_at_once("x" * 5_000)
        (True, False)
    """
    limit = SYNC_ENCODE_LIMIT if limit is None else limit
    return len(text) <= limit and max(map(len, text.split()), default=0) <= SYNC_WORD_LIMIT


@dataclass
class CorpusState:
    """A loaded corpus: where it came from, its report and its word counts."""

    paths: list[str]
    report: Any = None                     # subword_core.corpus.CorpusReport
    word_counts: Mapping[str, int] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)  # Corpus(): field, column, glob

    def corpus(self) -> Corpus:
        """The corpus read again as it was loaded (for the panes' workers)."""
        return Corpus([Path(p) for p in self.paths], **self.options)

    @property
    def label(self) -> str:
        if not self.paths:
            return QCoreApplication.translate("Session", "(none)")
        return self.paths[0] if len(self.paths) == 1 else f"{self.paths[0]} (+{len(self.paths) - 1})"


@dataclass
class TokenizerEntry:
    """A named tokenizer kept in the session, with how it was made."""

    name: str
    tokenizer: Any                          # subword_core.tokenizer.Tokenizer
    history: Any = None                     # subword_core.trainers.history.TrainingHistory | None
    algorithm: str = ""                     # preset name, or "file"
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""                        # corpus label or tokenizer.json path
    graph: Any = None                       # analysis.MergeGraph, built once (see merge_graph)
    stored_path: str = ""                   # its copy in the app's data folder (session restore)
    saved_path: str = ""                    # where the user last saved it (File ▸ Save)

    @property
    def unsaved(self) -> bool:
        """Trained here and never saved to a file of the user's."""
        return self.algorithm != "file" and not self.saved_path

    def merge_graph(self) -> Any:
        """The merge index of this tokenizer, built on first use and shared by all panes.

        The training worker builds it off the GUI thread; an opened tokenizer.json gets it here.
        """
        if self.graph is None:
            self.graph = MergeGraph.of(self.tokenizer, self.history)
        return self.graph


class Session(QObject):
    """Shared state of one explorer window."""

    text_changed = Signal(str)
    corpus_changed = Signal(object)        # CorpusState | None
    tokenizers_changed = Signal()           # an entry was added, removed or renamed
    tokenizer_changed = Signal(object)     # the current TokenizerEntry | None
    encoding_changed = Signal(object)      # the current Encoding | None
    encode_options_changed = Signal(object)  # EncodeOptions (special tokens, truncation, padding)
    message = Signal(str)                   # a short status line for the status bar
    edited = Signal()                       # add_edit kept an edited copy (undo_edit takes it back)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._corpus: CorpusState | None = None
        self._entries: dict[str, TokenizerEntry] = {}
        self._current: str | None = None
        self._encoding: Any = None
        self._request_id = 0
        self._encoder: EncodeProcess | None = None
        self._removed: list[tuple[TokenizerEntry, bool]] = []  # undo stack of Remove
        self._edits: list[tuple[TokenizerEntry, str]] = []  # undo stack of vocabulary edits
        self.undoing_edit = False  # undo_edit is removing an entry (not an undoable Remove)
        self._encode_options = EncodeOptions()
        self._encode_result: EncodeResult | None = None
        self._encode_pending = False
        #: the views' redraws of a long text's encoding, each part in a turn of its own
        self.turns = TurnQueue(self)

    # -- read access -----------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    @property
    def corpus(self) -> CorpusState | None:
        return self._corpus

    @property
    def encoding(self) -> Any:
        return self._encoding

    @property
    def entries(self) -> list[TokenizerEntry]:
        return list(self._entries.values())

    @property
    def current(self) -> TokenizerEntry | None:
        return self._entries.get(self._current) if self._current else None

    @property
    def tokenizer(self) -> Any:
        entry = self.current
        return entry.tokenizer if entry else None

    def entry(self, name: str) -> TokenizerEntry | None:
        return self._entries.get(name)

    # -- changes -----------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.text_changed.emit(text)
        self._reencode()

    def set_corpus(self, corpus: CorpusState | None) -> None:
        self._corpus = corpus
        self.corpus_changed.emit(corpus)

    def unique_name(self, base: str) -> str:
        name, n = base, 2
        while name in self._entries:
            name, n = f"{base} ({n})", n + 1
        return name

    def add_tokenizer(self, entry: TokenizerEntry, make_current: bool = True) -> TokenizerEntry:
        """Keep ``entry`` (renamed if its name is taken) and optionally make it current."""
        entry.name = self.unique_name(entry.name)
        self._entries[entry.name] = entry
        self.tokenizers_changed.emit()
        if make_current:
            self.set_current(entry.name)
        return entry

    def set_current(self, name: str | None) -> None:
        if name == self._current or (name is not None and name not in self._entries):
            return
        self._current = name
        # encode before announcing the tokenizer, so no listener sees the old encoding with it
        self._reencode(announce=False)
        self.tokenizer_changed.emit(self.current)
        if not self._encode_pending:
            # a long text is being encoded: the views keep their drawing until it arrives
            # (announcing None blanked them and said "cannot encode", though nothing failed)
            self.encoding_changed.emit(self._encoding)

    def rename_tokenizer(self, old: str, new: str) -> str:
        if old not in self._entries or not new or new == old:
            return old
        new = self.unique_name(new)
        self._entries = {(new if k == old else k): v for k, v in self._entries.items()}
        self._entries[new].name = new
        if self._current == old:
            self._current = new
        self.tokenizers_changed.emit()
        return new

    def remove_tokenizer(self, name: str) -> None:
        if name not in self._entries:
            return
        self._removed.append((self._entries[name], self._current == name))
        del self._entries[name]
        self.tokenizers_changed.emit()
        if self._current == name:
            self._current = None
            self.set_current(next(iter(self._entries), None))
            if self._current is None:
                self._reencode(announce=False)
                self.tokenizer_changed.emit(None)
                self.encoding_changed.emit(None)

    @property
    def can_undo_remove(self) -> bool:
        return bool(self._removed)

    def undo_remove(self) -> TokenizerEntry | None:
        """Bring back the tokenizer removed last (current again if it was); None if none."""
        if not self._removed:
            return None
        entry, was_current = self._removed.pop()
        return self.add_tokenizer(entry, make_current=was_current or self._current is None)

    def add_edit(self, entry: TokenizerEntry, original: str) -> TokenizerEntry:
        """Keep ``entry``, an edited copy of ``original`` (pruned, extended, merged), and make
        it current; :meth:`undo_edit` takes it back and makes ``original`` current again."""
        self._edits.append((entry, original))
        self.add_tokenizer(entry, make_current=True)
        self.edited.emit()
        return entry

    @property
    def can_undo_edit(self) -> bool:
        return bool(self._edits) and self._entries.get(self._edits[-1][0].name) is self._edits[-1][0]

    def undo_edit(self) -> TokenizerEntry | None:
        """Remove the copy the latest edit added (not kept for Undo remove); None if gone."""
        while self._edits and not self.can_undo_edit:
            self._edits.pop()  # removed or renamed away since: nothing to take back
        if not self._edits:
            return None
        entry, original = self._edits.pop()
        self.undoing_edit = True
        try:
            del self._entries[entry.name]
            self.tokenizers_changed.emit()
        finally:
            self.undoing_edit = False
        if self._current == entry.name:
            self._current = None
            self.set_current(original if original in self._entries
                             else next(iter(self._entries), None))
        return entry

    def notify(self, text: str) -> None:
        self.message.emit(text)

    # -- encoding ---------------------------------------------------------------------------
    @property
    def encode_options(self) -> EncodeOptions:
        """Special tokens on/off, the file's truncation and padding on/off."""
        return self._encode_options

    @property
    def encode_result(self) -> EncodeResult | None:
        """The current encoding with what truncation and padding did to it (None without one)."""
        return self._encode_result

    @property
    def encoding_pending(self) -> bool:
        """True while a long text is being encoded in the background."""
        return self._encode_pending

    def set_encode_options(self, options: EncodeOptions) -> None:
        """Encode with these options from now on; every view of the encoding follows."""
        if options == self._encode_options:
            return
        self._encode_options = options
        self.encode_options_changed.emit(options)
        self._reencode()

    def encode(self, text: str) -> Any:
        """Encode ``text`` with the current tokenizer and options, at once (None: no tokenizer)."""
        tokenizer = self.tokenizer
        if tokenizer is None:
            return None
        return encode_with_options(tokenizer, text, self._encode_options).encoding

    def _reencode(self, announce: bool = True) -> None:
        self._request_id += 1
        tokenizer = self.tokenizer
        if tokenizer is None:
            self._set_encoding(None, announce)
        elif encode_at_once(self._text):
            try:
                self._set_encoding(encode_with_options(tokenizer, self._text, self._encode_options,
                                                       explain=True), announce)
            except Exception as exc:  # noqa: BLE001 - a bad text must not break the window
                self._set_encoding(None, announce)
                self.notify(self.tr("Cannot encode the text: {error}").format(error=exc))
        else:
            # Until the background result arrives there is no encoding of this text, but this
            # is not announced: announcing None made every view redraw the whole text twice per
            # keystroke (once without tokens, once with). Views keep their last drawing meanwhile.
            self._encoding, self._encode_result, self._encode_pending = None, None, True
            self._ensure_encoder().submit(self._request_id, tokenizer, self._encode_options,
                                          len(self._text) <= EXPLAIN_LIMIT, self._text)

    def redraw(self, job: Callable[[], Any]) -> None:
        """Run a view's redraw of the encoding: now for a text encoded at once; for a long
        one, in a turn of its own (:attr:`turns`), so that the views in sight, which all hear
        of its encoding in one signal, do not redraw in one turn."""
        if encode_at_once(self._text):
            self.turns.cancel(job)
            job()
        else:
            self.turns.later(job)

    def _set_encoding(self, result: EncodeResult | None, announce: bool = True) -> None:
        self._encode_result = result
        self._encoding = result.encoding if result is not None else None
        self._encode_pending = False
        if announce:
            self.encoding_changed.emit(self._encoding)

    def _ensure_encoder(self) -> EncodeProcess:
        if self._encoder is None:
            self._encoder = EncodeProcess(self)
            self._encoder.encoded.connect(self._on_encoder_encoded)
            self._encoder.failed.connect(self._on_encoder_failed)
        return self._encoder

    @Slot(int, object)
    def _on_encoder_encoded(self, request_id: int, result: Any) -> None:
        if request_id == self._request_id:  # drop stale results
            self._set_encoding(result)

    @Slot(int, str)
    def _on_encoder_failed(self, request_id: int, text: str) -> None:
        if request_id == self._request_id:
            self._set_encoding(None)
            self.notify(self.tr("Cannot encode the text: {error}").format(error=text))

    def shutdown(self) -> None:
        """Stop the background encoder (call before the application quits)."""
        if self._encoder is not None:
            self._encoder.shutdown()
            self._encoder = None
