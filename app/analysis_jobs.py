"""Jobs of the analysis views that the window's process pool runs (imports no Qt).

A worker thread in the window's process running pure Python holds the GIL and starves the
event loop (issue 20: "view vocab" froze the window for 981 ms, "view windows" for 1.3 s).
So the vocabulary rows and token usage (Vocabulary view), the windows of a long text
(Windows view), the merge index and token frequencies (Groupings view) run here, in the
warm processes of :mod:`app.process_pool`, each a generator ``job(*args, cancel)`` that
yields progress and returns its result (the protocol of
:class:`~app.workers.ProcessGeneratorWorker`).

What travels, both ways, is compact:

- a tokenizer goes as a :class:`TokenizerRef`: a file opened with its options, or its copy
  in the data folder, which the process reads itself (as session restore does), else the
  pickled tokenizer, made once per tokenizer in the sending thread. Each process keeps the
  last few it read (:func:`tokenizer_of`), with their merge graphs;
- corpus word counts go as :class:`PackedCounts` (one string and two arrays);
- results come back as packed columns (:mod:`subword_core.text.packing`): ``VocabTable``,
  ``TokenUsage`` and ``Windows`` pickle that way, a merge graph comes back as a
  :class:`MergeIndex`, token frequencies as two arrays.
"""

from __future__ import annotations

import json
import os
import pickle
import threading
import uuid
import weakref
from array import array
from collections import Counter, OrderedDict
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from subword_core.analysis import MergeGraph, MergeNode
from subword_core.errors import SubwordError
from subword_core.text.packing import pack_encodings, pack_strings, unpack_encodings, unpack_strings

#: Tokenizers (and merge graphs) a pool process keeps, most recently used last.
CACHED_TOKENIZERS = 4
CACHED_GRAPHS = 2


class StaleTokenizerError(SubwordError):
    """The file a tokenizer was opened from no longer holds that tokenizer."""


# ----------------------------------------------------------------------------- tokenizers
@dataclass(eq=False)
class TokenizerRef:
    """How a pool process gets a session tokenizer (see the module docstring).

    ``kind`` is ``"file"`` (``path`` opened with ``options``), ``"stored"`` (``path`` is a
    ``tokenizer.json`` in the data folder, ``history`` its training history) or
    ``"pickle"`` (``objects`` are pickled when the ref is sent). ``key`` names it in the
    process's cache; ``vocab_size`` checks that a file still holds the same tokenizer.
    """

    key: str
    kind: str
    path: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    history: str = ""
    vocab_size: int = -1
    objects: Any = None  # (tokenizer, history), pickled on sending (kind "pickle")

    def __reduce__(self) -> tuple:
        payload = _payload(self.key, self.objects) if self.kind == "pickle" else b""
        return _ref, (self.key, self.kind, self.path, self.options, self.history,
                      self.vocab_size, payload)


def _ref(key: str, kind: str, path: str, options: dict, history: str, vocab_size: int,
         payload: bytes) -> TokenizerRef:
    return TokenizerRef(key, kind, path, options, history, vocab_size, payload)


_PAYLOADS: dict[str, bytes] = {}
_PAYLOAD_LOCK = threading.Lock()


def _payload(key: str, objects: Any) -> bytes:
    """The pickled ``(tokenizer, history)``, made once per key (in the sending thread)."""
    with _PAYLOAD_LOCK:
        payload = _PAYLOADS.get(key)
        if payload is None:
            payload = _PAYLOADS[key] = pickle.dumps(objects, protocol=pickle.HIGHEST_PROTOCOL)
        return payload


def tokenizer_ref(entry: Any) -> TokenizerRef:
    """The ref of a session entry (``app.session.TokenizerEntry``); cheap, any thread."""
    tokenizer, history = entry.tokenizer, entry.history
    size = tokenizer.get_vocab_size(with_added_tokens=True)
    try:
        if entry.algorithm == "file" and entry.source and Path(entry.source).exists():
            options = dict((entry.options or {}).get("open") or {})
            return TokenizerRef(_file_key("file", entry.source, options), "file", entry.source,
                                options, vocab_size=size)
        stored = getattr(entry, "stored_path", "")
        if stored and Path(stored).exists():
            history_path = Path(stored).with_suffix(".history.jsonl")
            keep = str(history_path) if history is not None and history_path.exists() else ""
            return TokenizerRef(_file_key("stored", stored, {"history": keep}), "stored",
                                stored, history=keep, vocab_size=size)
    except OSError:  # the file went away meanwhile: the tokenizer itself travels
        pass
    return TokenizerRef(_object_key(tokenizer), "pickle", vocab_size=size,
                        objects=(tokenizer, history))


def _file_key(kind: str, path: str, options: dict[str, Any]) -> str:
    stat = os.stat(path)
    return json.dumps([kind, str(path), stat.st_size, stat.st_mtime_ns, options],
                      sort_keys=True, default=str)


_OBJECT_KEYS: dict[int, tuple[Any, str]] = {}


def _object_key(tokenizer: Any) -> str:
    """A key for ``tokenizer`` as long as it lives (its pickled payload is dropped with it)."""
    known = _OBJECT_KEYS.get(id(tokenizer))
    if known is not None and known[0]() is tokenizer:
        return known[1]
    key = f"object:{uuid.uuid4().hex}"
    _OBJECT_KEYS[id(tokenizer)] = (weakref.ref(tokenizer), key)
    weakref.finalize(tokenizer, _forget, id(tokenizer), key)
    return key


def _forget(ident: int, key: str) -> None:
    _OBJECT_KEYS.pop(ident, None)
    with _PAYLOAD_LOCK:
        _PAYLOADS.pop(key, None)


_TOKENIZERS: OrderedDict[str, tuple[Any, Any]] = OrderedDict()
_GRAPHS: OrderedDict[str, MergeGraph] = OrderedDict()


def opened_file_key(path: str, options: dict[str, Any]) -> str:
    """The key :func:`tokenizer_ref` gives the file ``path`` opened with ``options`` (its
    size and modification time now: take it before reading the file)."""
    return _file_key("file", path, options)


def keep_tokenizer(key: str, tokenizer: Any) -> None:
    """In a pool process: keep a tokenizer it has just opened, for the jobs that follow.

    The ones it displaces (the same file opened before, the least recently used) are
    freed by :func:`free_displaced` once the job has sent its result: freeing Llama 3's
    tables takes tens of milliseconds, which the window would wait for.
    """
    displaced = _TOKENIZERS.pop(key, None)
    if displaced is not None:
        _DISPLACED.append(displaced)
    _TOKENIZERS[key] = (tokenizer, None)
    while len(_TOKENIZERS) > CACHED_TOKENIZERS:
        _DISPLACED.append(_TOKENIZERS.popitem(last=False)[1])


_DISPLACED: list[tuple[Any, Any]] = []


def free_displaced() -> None:
    """In a pool process, between two jobs: free what :func:`keep_tokenizer` displaced."""
    _DISPLACED.clear()


def tokenizer_of(ref: TokenizerRef) -> tuple[Any, Any]:
    """In a pool process: ``(tokenizer, history)`` of ``ref``, read once and kept."""
    found = _TOKENIZERS.get(ref.key)
    if found is None:
        found = _read(ref)
        if ref.vocab_size >= 0 and found[0].get_vocab_size(with_added_tokens=True) \
                != ref.vocab_size:
            raise StaleTokenizerError(f"{ref.path} has changed since it was opened: open it "
                                      "again to see this view")
        _TOKENIZERS[ref.key] = found
        while len(_TOKENIZERS) > CACHED_TOKENIZERS:
            _TOKENIZERS.popitem(last=False)
    _TOKENIZERS.move_to_end(ref.key)
    return found


def _read(ref: TokenizerRef) -> tuple[Any, Any]:
    if ref.kind == "pickle":
        return pickle.loads(ref.objects)
    if ref.kind == "file":
        from subword_core.formats import open_tokenizer

        return open_tokenizer(ref.path, **ref.options), None
    from subword_core.tokenizer import Tokenizer
    from subword_core.trainers.history import TrainingHistory

    history = TrainingHistory.load(ref.history) if ref.history else None
    return Tokenizer.from_file(ref.path), history


def graph_of(ref: TokenizerRef) -> MergeGraph:
    """In a pool process: the merge graph of ``ref``'s tokenizer, built once and kept."""
    graph = _GRAPHS.get(ref.key)
    if graph is None:
        tokenizer, history = tokenizer_of(ref)
        graph = _GRAPHS[ref.key] = MergeGraph.of(tokenizer, history)
        while len(_GRAPHS) > CACHED_GRAPHS:
            _GRAPHS.popitem(last=False)
    _GRAPHS.move_to_end(ref.key)
    return graph


# ----------------------------------------------------------------------------- word counts
class PackedCounts:
    """Corpus word counts on their way to a pool process: packed when sent (in the sending
    thread, once per counts object), a plain dict again in the process (:meth:`unpack`)."""

    def __init__(self, counts: Mapping[str, int]) -> None:
        self.counts = counts

    def __reduce__(self) -> tuple:
        return _unpacked_counts, _packed_counts(self.counts)

    def unpack(self) -> Mapping[str, int]:
        return self.counts


_PACKED: dict[int, tuple[Any, tuple]] = {}


def _packed_counts(counts: Mapping[str, int]) -> tuple:
    known = _PACKED.get(id(counts))
    if known is not None and known[0]() is counts:
        return known[1]
    words = list(counts)
    packed = (pack_strings(words), array("q", counts.values()), len(words))
    try:
        _PACKED.clear()  # one corpus at a time
        _PACKED[id(counts)] = (weakref.ref(counts), packed)
    except TypeError:  # counts that cannot be weakly referenced are packed every time
        pass
    return packed


def _unpacked_counts(words: Any, values: array, n: int) -> PackedCounts:
    return PackedCounts(dict(zip(unpack_strings(words, n), values)))


# ----------------------------------------------------------------------------- merge index
class MergeIndex:
    """What the Vocabulary and Groupings views ask of a :class:`MergeGraph` (its size, who
    built a token, a token's merge tree), from packed columns: the graph of a 280k-merge
    file is 280k records and two dicts of lists, which the window's process neither builds
    (seconds of Python) nor unpickles. Answers are the graph's (same first construction)."""

    def __init__(self, ranks: array, left: list[str], right: list[str], tokens: list[str]
                 ) -> None:
        self._ranks, self._left, self._right, self._tokens = ranks, left, right, tokens
        n = len(tokens)
        # backwards: a token built several times keeps its first record, as the graph does
        self._by_token = dict(zip(reversed(tokens), range(n - 1, -1, -1)))

    @classmethod
    def of(cls, graph: MergeGraph) -> MergeIndex:
        records = graph.records
        return cls(array("q", (r.rank for r in records)), [r.left for r in records],
                   [r.right for r in records], [r.token for r in records])

    def __reduce__(self) -> tuple:
        n = len(self._tokens)
        return _merge_index, (self._ranks, pack_strings(self._left), pack_strings(self._right),
                              pack_strings(self._tokens), n)

    def __len__(self) -> int:
        return len(self._tokens)

    def creator(self, token: str) -> int | None:
        """Rank of the merge that built ``token`` (None for base symbols)."""
        k = self._by_token.get(token)
        return None if k is None else self._ranks[k]

    def lineage(self, token: str, _visiting: frozenset[str] = frozenset()) -> MergeNode:
        """The merge tree of ``token`` down to base symbols (``MergeGraph.lineage``)."""
        k = self._by_token.get(token)
        if k is None or token in _visiting:
            return MergeNode(token)
        inner = _visiting | {token}
        return MergeNode(token, self._ranks[k], self.lineage(self._left[k], inner),
                         self.lineage(self._right[k], inner))


def _merge_index(ranks: array, left: Any, right: Any, tokens: Any, n: int) -> MergeIndex:
    return MergeIndex(ranks, unpack_strings(left, n), unpack_strings(right, n),
                      unpack_strings(tokens, n))


# ----------------------------------------------------------------------------- the jobs
Cancel = Callable[[], bool]


def merge_index_job(ref: TokenizerRef, cancel: Cancel) -> Generator[Any, None, MergeIndex]:
    """The merge index of ``ref``'s tokenizer (its graph stays in the process)."""
    yield "indexing merges"
    return MergeIndex.of(graph_of(ref))


def vocab_rows_job(ref: TokenizerRef, cancel: Cancel) -> Generator[Any, None, tuple]:
    """The vocabulary table and the merge index (the side panel's merge trees)."""
    from subword_core.analysis.vocabulary import iter_vocab_table

    tokenizer, _ = tokenizer_of(ref)
    yield "indexing merges"
    graph = graph_of(ref)
    table = yield from iter_vocab_table(tokenizer, graph)
    return table, MergeIndex.of(graph)


def token_usage_job(ref: TokenizerRef, counts: PackedCounts, every: int, cancel: Cancel
                    ) -> Generator[Any, None, Any]:
    """:func:`subword_core.analysis.vocabulary.iter_token_usage` over the corpus words."""
    from subword_core.analysis.vocabulary import iter_token_usage

    tokenizer, _ = tokenizer_of(ref)
    return (yield from iter_token_usage(tokenizer, counts.unpack(), every=every))


def token_frequencies_job(ref: TokenizerRef, counts: PackedCounts, cancel: Cancel
                          ) -> Generator[Any, None, tuple[array, array]]:
    """:func:`subword_core.analysis.iter_token_frequencies`, as (ids, counts) arrays."""
    from subword_core.analysis import iter_token_frequencies

    tokenizer, _ = tokenizer_of(ref)
    freq = yield from iter_token_frequencies(tokenizer, counts.unpack())
    return array("q", freq.keys()), array("q", freq.values())


def frequencies_counter(result: tuple[array, array]) -> Counter:
    """The Counter :func:`token_frequencies_job` packed (a ``finish``)."""
    ids, values = result
    return Counter(dict(zip(ids, values)))


class PackedEncoding:
    """An encoding on its way to a pool process, as packed columns (made when sent)."""

    def __init__(self, encoding: Any) -> None:
        self.encoding = encoding

    def __reduce__(self) -> tuple:
        return _unpacked_encoding, (pack_encodings([self.encoding]),)


def _unpacked_encoding(packed: tuple) -> PackedEncoding:
    return PackedEncoding(unpack_encodings(packed)[0])


class PackedIdCounts:
    """Token id -> count (a frequency Counter) on its way to a pool process, as two arrays."""

    def __init__(self, counts: Mapping[int, int]) -> None:
        self.counts = counts

    def __reduce__(self) -> tuple:
        return _unpacked_id_counts, (array("q", self.counts.keys()),
                                     array("q", self.counts.values()))


def _unpacked_id_counts(ids: array, values: array) -> PackedIdCounts:
    return PackedIdCounts(dict(zip(ids, values)))


def groups_job(ref: TokenizerRef, text: str, encoding: PackedEncoding, source: str,
               frequencies: PackedIdCounts | None, strategy: str, cancel: Cancel
               ) -> Generator[Any, None, tuple]:
    """The Groupings view's demo: ``source`` scores of the tokens (the merge ranks from the
    process's merge graph), two classes, grouped by ``strategy``
    (:func:`subword_core.analysis.labels.aggregate`); packed (:func:`unpack_groups`)."""
    from subword_core.analysis import token_scores
    from subword_core.analysis.labels import aggregate, two_class_scores

    tokenizer, _ = tokenizer_of(ref)
    yield "grouping"
    freq = frequencies.counts if frequencies is not None else None
    graph = graph_of(ref) if source == "merge_rank" else None
    values = token_scores(encoding.encoding, source, tokenizer=tokenizer, graph=graph,
                          frequencies=freq)
    vectors, labels = two_class_scores(values)
    groups = aggregate(text, encoding.encoding, vectors, labels, strategy)
    return (pack_strings([g.entity_group for g in groups]), pack_strings([g.word for g in groups]),
            array("q", (g.start for g in groups)), array("q", (g.end for g in groups)),
            array("d", (g.score for g in groups)), array("q", (len(g.tokens) for g in groups)),
            array("q", (i for g in groups for i in g.tokens)), len(groups))


def unpack_groups(packed: tuple) -> list[Any]:
    """The ``subword_core.analysis.labels.Group`` list :func:`groups_job` packed."""
    from subword_core.analysis.labels import Group

    labels, words, starts, ends, scores, n_tokens, tokens, n = packed
    labels, words = unpack_strings(labels, n), unpack_strings(words, n)
    out, at = [], 0
    for k in range(n):
        m = n_tokens[k]
        out.append(Group(labels[k], words[k], starts[k], ends[k], scores[k],
                         tuple(tokens[at:at + m])))
        at += m
    return out


def windows_job(ref: TokenizerRef, text: str, question: str | None, settings: Any,
                max_tokens: int, cancel: Cancel) -> Generator[Any, None, tuple]:
    """The windows of ``text`` and the drawing pieces of the first ones (at most
    ``max_tokens`` tokens, at least one window): ``(windows, pieces, byte_level, unk)``,
    the pieces packed (:func:`unpack_pieces`)."""
    from subword_core.analysis import is_byte_level, unk_id
    from subword_core.analysis.windows import CONTEXT, QUESTION, encode_windows, window_pieces

    tokenizer, _ = tokenizer_of(ref)
    yield "cutting"
    windows = encode_windows(tokenizer, text, question, settings)
    texts = {0: text} if question is None else {QUESTION: question, CONTEXT: text}
    pieces, drawn = [], 0
    for w in windows.windows:
        if drawn and drawn + len(w.encoding) > max_tokens:
            break
        pieces.append(window_pieces(w.encoding, texts))
        drawn += len(w.encoding)
    return windows, pack_pieces(pieces), is_byte_level(tokenizer), unk_id(tokenizer)


def pack_pieces(pieces: list[list[Any]]) -> tuple:
    """Each window's ``subword_core.analysis.windows.Piece`` list as flat arrays."""
    counts = array("q", map(len, pieces))
    flat = [p for window in pieces for p in window]
    return (counts, array("q", (-1 if p.sequence is None else p.sequence for p in flat)),
            array("q", (p.start for p in flat)), array("q", (p.end for p in flat)),
            array("q", (len(p.tokens) for p in flat)),
            array("q", (t for p in flat for t in p.tokens)))


def unpack_pieces(packed: tuple) -> list[list[Any]]:
    """The lists :func:`pack_pieces` packed."""
    from subword_core.analysis.windows import Piece

    counts, sequences, starts, ends, n_tokens, tokens = packed
    out, k, at = [], 0, 0
    for n in counts:
        window = []
        for _ in range(n):
            seq, m = sequences[k], n_tokens[k]
            window.append(Piece(None if seq < 0 else seq, starts[k], ends[k],
                                tuple(tokens[at:at + m])))
            k += 1
            at += m
        out.append(window)
    return out



def audit_job(ref: TokenizerRef, corpus_paths: list[str] | None, corpus_options: dict,
              cancel: Cancel) -> Generator[Any, None, Any]:
    """:func:`subword_core.analysis.audit.iter_audit`; with a corpus, its documents are read
    here, in the pool's process (counts are exact over the model inputs)."""
    from pathlib import Path

    from subword_core.analysis.audit import iter_audit
    from subword_core.corpus import Corpus

    tokenizer, _ = tokenizer_of(ref)
    documents = None
    if corpus_paths:
        documents = Corpus([Path(p) for p in corpus_paths], **corpus_options).iter_documents()
    return (yield from iter_audit(tokenizer, documents))


#: corpus words a surgery preview brings back (the most frequent changes; all are counted)
DIFF_LIMIT = 5000


def surgery_job(ref: TokenizerRef, operation: str, params: dict, other: TokenizerRef | None,
                corpus_paths: list[str] | None, corpus_options: dict, cancel: Cancel
                ) -> Generator[Any, None, tuple]:
    """A vocabulary edit (:mod:`subword_core.analysis.surgery`: ``prune``, ``extend`` or
    ``merge``) and, with a corpus, the corpus diff it makes: (EditResult, CorpusDiff | None)."""
    from pathlib import Path

    from subword_core.analysis import surgery
    from subword_core.corpus import Corpus

    tokenizer, _ = tokenizer_of(ref)
    # the corpus is read and counted once, for the training and for the diff (every edit
    # keeps the pipeline, so the counts are the edited tokenizer's too)
    counts = None
    if corpus_paths:
        yield "counting the corpus"
        documents = Corpus([Path(p) for p in corpus_paths], **corpus_options).iter_documents()
        counts = surgery.model_inputs(tokenizer, documents)
    yield "editing the vocabulary"
    if operation == "prune":
        result = surgery.prune(tokenizer, params["tokens"], remap=params.get("remap", False))
    elif operation == "extend":
        if not corpus_paths:
            raise surgery.SurgeryError("extending trains on the loaded corpus: load one first")
        result = surgery.extend(tokenizer, counts, params["vocab_size"])
    elif operation == "merge":
        result = surgery.merge_bpe(tokenizer, tokenizer_of(other)[0])
    else:
        raise ValueError(f"unknown edit {operation!r}")
    diff = None
    if corpus_paths:
        yield "comparing the corpus"
        diff = surgery.corpus_diff(tokenizer, result.tokenizer, counts, DIFF_LIMIT)
    return result, diff
