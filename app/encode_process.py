"""EncodeProcess: the session's latest-wins encoder for long texts, in a process of its own.

The session encoded texts too long for the GUI thread in an ``EncodeWorker``
thread. That thread runs pure Python for 0.2-0.7 s per keystroke in a 50,000-character text
(Llama 3) and holds the GIL meanwhile, so the event loop starved in every view (the
heavy-session bench blamed it for stalls of 100-700 ms). Here the encoding runs in one spawned
process that stays:

- the process keeps the tokenizers it was sent, by key, so a keystroke sends the text and the
  options only; a tokenizer is sent once (pickled compactly, on the sender thread);
- latest wins: requests wait in a one-slot mailbox, and the process skips requests that a
  newer one overtook while it was busy;
- results come back as pickles: ``Encoding`` loads in a few ms and the explanation's
  per-character columns are packed (:class:`subword_core.tokenizer.Explanation`);
- the process also makes what the Encoding pane derives from the encoding
  (:mod:`app.encoding_layout`: the token index, the text with its markers, the blocks, the
  counts, the normalized lines) and sends it compact with the result, so the GUI thread
  does no loop over the text or its tokens.

Two plain threads move data (a sender and a receiver); the GUI thread only fills the mailbox
and receives the ``encoded``/``failed`` signals, queued to it by Qt.
"""

from __future__ import annotations

import multiprocessing
import threading
import traceback
import weakref
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal

from subword_core._util.spawning import bare_main

#: Tokenizers the process keeps (least recently used ones are dropped beyond that).
KEPT_TOKENIZERS = 6


def _serve(conn: Any) -> None:
    """Body of the encoder process: keep tokenizers, encode the newest request, reply.
    Niced as the pool processes are (``app.process_pool._serve`` says why)."""
    from .encode_options import encode_with_options
    from .workers import HELPER_NICENESS, lower_priority

    lower_priority(HELPER_NICENESS)

    tokenizers: dict[int, Any] = {}
    while True:
        request = _newest_request(conn, tokenizers)
        if request is None:
            return
        request_id, key, options, explain, text = request
        try:
            result = encode_with_options(tokenizers[key], text, options, explain=explain)
        except Exception as exc:  # noqa: BLE001 - a text the tokenizer refuses is reported
            conn.send(("failed", request_id, str(exc) or type(exc).__name__))
            continue
        conn.send(("encoded", request_id, with_layout(result, text, tokenizers[key])))


def with_layout(result: Any, text: str, tokenizer: Any) -> Any:
    """``result`` with the Encoding pane's layout of it (:mod:`app.encoding_layout`); as it
    is if making one fails (the pane then makes it itself)."""
    from subword_core.analysis import unk_id

    from .encoding_layout import make_layout

    try:
        layout = make_layout(text, result.encoding, result.explanation, summarize=True,
                             unk=unk_id(tokenizer))
    except Exception:  # noqa: BLE001 - a bug here must not cost the user the encoding
        traceback.print_exc()
        return result
    return replace(result, layout=layout)


def _newest_request(conn: Any, tokenizers: dict[int, Any]) -> tuple | None:
    """Read messages until an encode request is at hand and no newer one is waiting;
    tokenizer messages update ``tokenizers`` on the way. None: stop."""
    request = None
    while request is None or conn.poll():
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return None  # the window's process went away
        kind = message[0]
        if kind == "stop":
            return None
        if kind == "tokenizer":
            tokenizers[message[1]] = message[2]
        elif kind == "drop":
            tokenizers.pop(message[1], None)
        else:
            request = message[1:]
    return request


class EncodeProcess(QObject):
    """Encodes ``(tokenizer, options, text)`` requests in a spawned process, newest first.

    ``submit`` never blocks the GUI thread: a request replaces the one waiting in the
    mailbox. ``encoded(request_id, EncodeResult)`` or ``failed(request_id, message)`` follows
    for requests that were encoded; overtaken ones get no answer (the session drops stale
    answers by id anyway). If the process cannot start or dies, ``failed`` says so and the
    next request starts a new one.
    """

    encoded = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ctx = multiprocessing.get_context("spawn")
        self._cond = threading.Condition()
        self._mailbox: tuple | None = None
        self._closed = False
        self._process: Any = None
        self._conn: Any = None
        self._keys: OrderedDict[int, Any] = OrderedDict()  # id(tokenizer) -> weakref, sent
        self._sent_id: int | None = None  # the request the process works on, if any
        self._ended: Any = None  # the connection whose process the receiver saw end
        self._sender = threading.Thread(target=self._send_loop, name="encode-sender",
                                        daemon=True)
        self._sender.start()

    def submit(self, request_id: int, tokenizer: Any, options: Any, explain: bool,
               text: str) -> None:
        """Encode ``text`` with ``tokenizer`` as ``options`` say (replaces a waiting request)."""
        with self._cond:
            self._mailbox = (request_id, tokenizer, options, explain, text)
            self._cond.notify_all()

    def shutdown(self) -> None:
        """Stop the threads and the process (the window is closing)."""
        with self._cond:
            self._closed = True
            self._mailbox = None
            self._cond.notify_all()
        self._sender.join(2.0)
        self._stop_process()

    # -- the sender thread ---------------------------------------------------------------------
    def _send_loop(self) -> None:
        while True:
            with self._cond:
                while self._mailbox is None and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                request, self._mailbox = self._mailbox, None
            self._send(request)

    def _send(self, request: tuple) -> None:
        request_id, tokenizer, options, explain, text = request
        try:
            conn = self._connection()
            key = self._key_for(conn, tokenizer)
            self._sent_id = request_id
            conn.send(("encode", request_id, key, options, explain, text))
        except Exception as exc:  # noqa: BLE001 - no process, a dead one, an unpicklable model
            self._stop_process()
            self._emit(self.failed, request_id, str(exc) or type(exc).__name__)

    def _key_for(self, conn: Any, tokenizer: Any) -> int:
        """The process's key for ``tokenizer``, sending it first if the process lacks it."""
        key = id(tokenizer)
        ref = self._keys.get(key)
        if ref is not None and ref() is tokenizer:
            self._keys.move_to_end(key)
            return key
        conn.send(("tokenizer", key, tokenizer))
        self._keys[key] = weakref.ref(tokenizer)
        while len(self._keys) > KEPT_TOKENIZERS:
            old, _ = self._keys.popitem(last=False)
            conn.send(("drop", old))
        return key

    def _connection(self) -> Any:
        # subtle: the receiver sees a crashed process's pipe close a moment before the
        # process is reapable (is_alive() still True), so its word counts first
        if (self._process is not None and self._conn is not self._ended
                and self._process.is_alive()):
            return self._conn
        self._stop_process()
        ours, theirs = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_serve, args=(theirs,), daemon=True,
                                    name="subword-encoder")
        try:
            with bare_main():
                process.start()
        finally:
            theirs.close()
        self._process, self._conn = process, ours
        threading.Thread(target=self._receive_loop, args=(ours,), name="encode-receiver",
                         daemon=True).start()
        return ours

    # -- the receiver thread -------------------------------------------------------------------
    def _receive_loop(self, conn: Any) -> None:
        while True:
            try:
                kind, request_id, payload = conn.recv()
            except (EOFError, OSError):
                # the process ended: at shutdown, or a crash mid-request (say so; the next
                # request starts a new process)
                self._ended = conn
                if self._conn is conn and self._sent_id is not None:
                    self._emit(self.failed, self._sent_id, "the encoder process ended")
                return
            except Exception:  # noqa: BLE001 - a result that does not load: say so, go on
                kind, request_id = "failed", self._sent_id
                payload = traceback.format_exc(limit=1).strip().splitlines()[-1]
            if request_id == self._sent_id:
                self._sent_id = None
            self._emit(self.encoded if kind == "encoded" else self.failed, request_id, payload)

    def _emit(self, signal: Any, request_id: int | None, payload: Any) -> None:
        if self._closed or request_id is None:
            return
        try:
            signal.emit(request_id, payload)
        except RuntimeError:  # the session was deleted meanwhile (the window closed)
            pass

    def _stop_process(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        self._sent_id = None
        self._keys.clear()
        if conn is not None:
            try:
                conn.send(("stop",))
            except (OSError, ValueError):
                pass
        if process is not None:
            process.join(0.5)
            if process.is_alive():
                process.terminate()
                process.join(1.0)
        if conn is not None:
            conn.close()
