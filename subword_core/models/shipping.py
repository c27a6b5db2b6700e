"""A BPE model's tables as they travel between processes, and sending them ahead.

:meth:`BPE.compact_state <subword_core.models.bpe.BPE.compact_state>` ships a model as
a :class:`ShippedVocab` (the tokens in one string, the ids as a range), a
:class:`ShippedMerges` (the merges' packed pair columns in rank order) and the ids the
merges make. Pickled, each is a few flat objects; on the other side ``prepare()`` builds
the dicts the model encodes with, once, and the model rebuilt from the state takes them.

Why the tables are objects of their own: a process reading a file for another one (the
window's pool, ``app.pool_jobs.open_job``) can send each as soon as the reader has it,
inside :func:`shipping_tables`, while it goes on reading. The receiving thread prepares
the vocabulary while the merges are looked up, and the pair -> rank dict while the ids
they make are checked and the rest of the file is read; the tokenizer's own pickle,
last, refers to the objects sent ahead instead of carrying them (:func:`dumps_referring`,
:func:`loads_resolving`). Measured in CPU time on the three files of issue 20, what the
window did after the pool had finished (unpickling, the dicts, the pair ranks: 25 ms for
GPT-2, 130-200 ms for Llama 3) now ends with the pool's own work or within 15 ms of it.
"""

from __future__ import annotations

import io
import pickle
import struct
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from operator import eq
from typing import Any

from .._util.gc import paused_gc
from ._vocab import chunked_dict

Pair = tuple[int, int]


class ShippedVocab:
    """A vocabulary as it travels: the tokens joined in one string (a list when one holds
    the separator) and the ids as a ``range`` (a packed array when they do not count up
    by one from the first).

    Pickling sends those two objects only; :meth:`take_tables` builds token -> id and
    id -> token from them (or hands out what :meth:`prepare` built ahead, once: two models
    rebuilt from one shipped vocabulary never share their dicts).
    """

    __slots__ = ("tokens", "ids", "_tables")

    def __init__(self, tokens: str | list[str], ids: range | array) -> None:
        self.tokens = tokens
        self.ids = ids
        self._tables: tuple | None = None

    @classmethod
    def of(cls, vocab: dict[str, int], in_order: bool = False) -> ShippedVocab:
        """``vocab`` packed; ``in_order``: its ids are known to be 0, 1, 2... in its order."""
        ids = range(len(vocab)) if in_order else packed_ids(vocab.values())
        return cls(packed_strings(list(vocab)), ids)

    def __reduce__(self) -> tuple:
        return ShippedVocab, (self.tokens, self.ids)

    def prepare(self) -> None:
        """Build the dicts now, for the next :meth:`take_tables`."""
        if self._tables is None:
            self._tables = self._build()

    def take_tables(self) -> tuple[dict[str, int], dict[int, str], list[int] | None]:
        """``(token -> id, id -> token, ids)``; ``ids`` is the id column as a list when the
        ids are in a row (its int objects are the dicts' own, for the merges to share)."""
        tables, self._tables = self._tables, None
        return tables if tables is not None else self._build()

    def _build(self) -> tuple[dict[str, int], dict[int, str], list[int] | None]:
        tokens, ids = unpacked_strings(self.tokens), self.ids
        with paused_gc():  # nothing to collect among the new entries
            if isinstance(ids, range):  # ids in a row, one per token: no id is shared
                # one int object per id, shared by both dicts (and by the merges' new ids
                # when they are in a row too): reading a range makes a new one each time
                id_list = list(ids)
                return chunked_dict(tokens, id_list), chunked_dict(id_list, tokens), id_list
            vocab = chunked_dict(tokens, ids)
            return vocab, chunked_dict(vocab.values(), vocab), None  # reverse_vocab, in steps


class ShippedMerges:
    """The merges' pairs as they travel: packed ``(lefts, rights)`` id columns in rank order
    (``(lefts, rights, ranks)`` when a repeated pair moved a rank). The ids they make
    travel beside them: a reader can send these before it has looked those up.

    The pair -> rank dict is made from the columns where the model first needs it, or
    ahead by :meth:`prepare` (handed out once, as :class:`ShippedVocab`'s dicts).
    """

    __slots__ = ("pairs", "_pair_rank")

    def __init__(self, pairs: tuple) -> None:
        self.pairs = pairs
        self._pair_rank: dict[Pair, int] | None = None

    @classmethod
    def of(cls, columns: tuple) -> ShippedMerges:
        return cls(tuple(packed_ids(column) for column in columns))

    def __reduce__(self) -> tuple:
        return ShippedMerges, (self.pairs,)

    def prepare(self) -> None:
        """Build the pair -> rank dict now, for the next :meth:`take_pair_rank`."""
        if self._pair_rank is None:
            self._pair_rank = pair_rank_dict(*self.pairs)

    def take_pair_rank(self) -> dict[Pair, int] | None:
        """The pair -> rank dict if it was prepared or has to be built now (ranks with gaps),
        else None: the model then builds it from :attr:`pairs` on first use."""
        built, self._pair_rank = self._pair_rank, None
        if built is None and len(self.pairs) == 3:
            built = pair_rank_dict(*self.pairs)
        return built


def pair_rank_dict(lefts: Iterable[int], rights: Iterable[int],
                   ranks: Iterable[int] | None = None) -> dict[Pair, int]:
    """``(left id, right id) -> rank``; a repeated pair keeps its last rank, as in HF.
    Ranks are the positions unless given. Paused collector: hundreds of thousands of new
    tuples would trigger collections that walk them all and can free nothing."""
    if ranks is None:
        ranks = range(len(lefts))  # type: ignore[arg-type]
    with paused_gc():
        return chunked_dict(zip(lefts, rights), ranks)


# ---------------------------------------------------------------------- sending ahead
_SEND: ContextVar[Callable[[Any], object] | None] = ContextVar("ship_bpe_tables", default=None)


@contextmanager
def shipping_tables(send: Callable[[ShippedVocab | ShippedMerges], object] | None
                    ) -> Iterator[None]:
    """Within the block (in this thread), a BPE model given its tables by a reader hands
    them to ``send`` as they come: its :class:`ShippedVocab` before its merges are looked
    up in it, its :class:`ShippedMerges` once their pairs are (before the ids they make);
    the model keeps both as its compact state's tables. A file whose merges turn out wrong still raises its error.
    ``send=None`` sends nothing within the block."""
    token = _SEND.set(send)
    try:
        yield
    finally:
        _SEND.reset(token)


def table_sender() -> Callable[[Any], object] | None:
    """The ``send`` of the innermost :func:`shipping_tables` block, or None."""
    return _SEND.get()


def dumps_referring(value: Any, ahead: Sequence[Any]) -> bytes:
    """``pickle.dumps(value)``, each object of ``ahead`` (tables sent before) written as its
    index there: :func:`loads_resolving` puts them back."""
    index = {id(table): i for i, table in enumerate(ahead)}

    class Referring(pickle.Pickler):
        def persistent_id(self, obj: Any) -> int | None:
            return index.get(id(obj))

    buffer = io.BytesIO()
    Referring(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def loads_resolving(data: bytes, ahead: Sequence[Any]) -> Any:
    """The value :func:`dumps_referring` pickled, with ``ahead[i]`` (the tables sent before,
    as they were unpickled and prepared here) where it wrote index ``i``."""

    class Resolving(pickle.Unpickler):
        def persistent_load(self, pid: Any) -> Any:
            return ahead[pid]

    return Resolving(io.BytesIO(data)).load()


# ---------------------------------------------------------------------- packed columns
def packed_ids(numbers: Iterable[int]) -> range | array:
    """Integers in one object that pickles as a few bytes: a ``range`` when they count up
    by one (a vocabulary's ids 0..n-1, often the merges' new ids), else a packed array of
    32-bit integers (64-bit when one does not fit)."""
    if isinstance(numbers, range):
        return numbers
    column = numbers if isinstance(numbers, (list, array)) else list(numbers)
    n = len(column)
    if not n:
        return range(0)
    first = column[0]
    if column[-1] - first == n - 1 and all(map(eq, column, range(first, first + n))):
        return range(first, first + n)
    if isinstance(column, array):  # unpickled columns travel on as they came
        return column
    for typecode in ("i", "q"):
        try:
            # one C call converting the whole list: twice as fast as array.fromlist, which
            # parses each item as a call's argument (and several times array(column))
            raw = struct.pack(f"{n}{typecode}", *column)
        except struct.error:
            continue
        packed = array(typecode)
        packed.frombytes(raw)
        return packed
    try:  # say what is wrong: an id that is not an integer, or one too large
        array("q").fromlist(column)
    except OverflowError:
        pass
    raise OverflowError("a BPE id does not fit in 64 bits")


def unpacked_ids(column: range | array) -> list[int]:
    return column.tolist() if isinstance(column, array) else list(column)


#: Joins a vocabulary into one string for pickling; a vocabulary containing it travels as a list.
_TOKEN_SEPARATOR = "\x00"


def packed_strings(tokens: list[str]) -> str | list[str]:
    """``tokens`` as one string (one object to pickle and unpickle, split again in one call)
    when the separator occurs in none of them; else the list itself."""
    joined = _TOKEN_SEPARATOR.join(tokens)
    if tokens and joined.count(_TOKEN_SEPARATOR) == len(tokens) - 1:
        return joined
    return tokens


def unpacked_strings(packed: str | list[str]) -> list[str]:
    return packed.split(_TOKEN_SEPARATOR) if isinstance(packed, str) else packed
