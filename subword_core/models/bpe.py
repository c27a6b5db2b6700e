"""BPE: split a word into characters, then apply learned merges, lowest rank first.

This mirrors HF ``tokenizers/src/models/bpe/{model,word}.rs``. A word becomes one symbol
per character (with ``continuing_subword_prefix`` on all but the first, and
``end_of_word_suffix`` on the last). Unknown characters turn into byte tokens
(``byte_fallback``), the unknown token (optionally fused), or vanish. Merges are then
applied in HF's order: the pair with the lowest rank first, the leftmost on a tie.

Unlike HF, offsets are *character* offsets into the word. A byte-fallback token inside a
multi-byte character reports the whole character, which is what HF's encode reports too.
The teaching helpers :meth:`BPE.merge_trace` and :meth:`BPE.merge_lineage` live in
:mod:`.bpe_trace` and use the same tables.
"""

from __future__ import annotations

import heapq
import random
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import accumulate, chain, islice, repeat
from operator import add, eq, itemgetter
from types import MappingProxyType
from typing import Any

from ..components import Model, register
from ..errors import EncodingError, TokenizerFileError
from ..text.pretokenized import Token
from ._files import BPEFiles, MergeColumns, TextMergeColumns, bpe_from_paths
from .shipping import (
    ShippedMerges, ShippedVocab, packed_ids, pair_rank_dict, shipping_tables, table_sender,
    unpacked_ids,
)
from ._vocab import (
    VocabLookups, WordCache, check_vocab, chunked_dict, f32_json, ordered_vocab, reverse_vocab,
)
from .bpe_trace import LineageNode, MergeTrace, build_lineage, trace_merges

Pair = tuple[int, int]
Offsets = tuple[int, int]
NO_RANK = (1 << 30) - 1  # sorts after every real rank; small ints compare fastest
# Below this many symbols a linear scan beats the heap; both give HF's result.
_SHORT_WORD = 40
# Token(...) goes through a Python-level __new__; this skips it (the hot path builds many).
_new_token = tuple.__new__
_OPTIONS = frozenset(
    ("dropout", "unk_token", "continuing_subword_prefix", "end_of_word_suffix", "fuse_unk",
     "byte_fallback", "ignore_merges")
)


@register("model")
class BPE(VocabLookups, BPEFiles, Model):
    """Byte-pair encoding with HF's options.

    Args:
        vocab: token -> id.
        merges: ``(left, right)`` pairs; a merge's rank is its position.
        cache_capacity: how many words to remember (0 disables the cache).
        dropout: probability of skipping each merge (BPE-dropout); None or 0 = off.
        unk_token: token for characters missing from the vocab (None: drop them).
        continuing_subword_prefix: prefix of every symbol but a word's first (e.g. "##").
        end_of_word_suffix: suffix of a word's last symbol (e.g. "</w>").
        fuse_unk: fuse consecutive unknown characters into one unknown token.
        byte_fallback: spell unknown characters as ``<0xNN>`` byte tokens when possible.
        ignore_merges: a word that is itself in the vocab becomes one token.

    Example:
        >>> bpe = BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")])
        >>> [(t.value, t.offsets) for t in bpe.tokenize("aba")]
        [('ab', (0, 2)), ('a', (2, 3))]
    """

    def __init__(
        self,
        vocab: dict[str, int] | None = None,
        merges: Iterable[tuple[str, str]] | None = None,
        cache_capacity: int = 10000,
        dropout: float | None = None,
        unk_token: str | None = None,
        continuing_subword_prefix: str | None = None,
        end_of_word_suffix: str | None = None,
        fuse_unk: bool = False,
        byte_fallback: bool = False,
        ignore_merges: bool = False,
    ) -> None:
        vocab, merges = bpe_from_paths(vocab, merges)  # HF also takes two file names
        if dropout is not None and not 0.0 <= dropout <= 1.0:
            raise ValueError("BPE dropout should be between 0 and 1, inclusive")
        self._cache = WordCache(cache_capacity)
        self.dropout = dropout
        self.unk_token = unk_token
        self.continuing_subword_prefix = continuing_subword_prefix
        self.end_of_word_suffix = end_of_word_suffix
        self.fuse_unk = fuse_unk
        self.byte_fallback = byte_fallback
        self.ignore_merges = ignore_merges
        self._set_tables(check_vocab(vocab, "BPE"), merges or [])

    def _set_tables(self, vocab: dict[str, int], merges: Iterable | MergeColumns) -> None:
        """Install a checked vocabulary and the merge table built from ``merges``.

        Inside :func:`~.shipping.shipping_tables`, the tables also go out as they come:
        the vocabulary before the merges are looked up in it, the merges' pairs before the
        tokens they make are (the other side builds its dicts meanwhile).
        """
        self._vocab = vocab
        in_order = _ids_in_order(vocab)
        send = table_sender() if vocab else None
        if send is not None:
            shipped_vocab = ShippedVocab.of(vocab, in_order)
            send(shipped_vocab)
        if in_order:
            # ids 0, 1, 2... (a vocab.json, a tokenizer.json as HF writes it): no id is
            # shared, and id -> token is built on first use (see __getattr__); a process
            # that opens a file to send the model on never needs it
            self.__dict__.pop("_vocab_r", None)
            self._has_shared_ids = False
        else:
            self._vocab_r = reverse_vocab(vocab)
            self._has_shared_ids = len(self._vocab_r) != len(vocab)
        # As in HF, the merge table is built once, with the prefix the model has now.
        # Every merge is checked against the vocabulary here; the pair -> rank dict is
        # made from these id columns on first use (see __getattr__).
        sent: list = []  # the pair columns sent (before the new ids are looked up)

        def send_pairs(left_ids: list[int], right_ids: list[int]) -> None:
            sent[:] = [left_ids, ShippedMerges.of((left_ids, right_ids))]
            send(sent[1])

        lefts, rights, self._rank_new_id = _merge_table(
            vocab, merges, self.continuing_subword_prefix, in_order,
            send_pairs if send is not None else None)
        self.__dict__.pop("_pair_rank", None)
        self._pair_columns = (lefts, rights)
        if sent and sent[0] is lefts:  # (a table the slow path rebuilt is not the one sent)
            self._keep_shipped(shipped_vocab, sent[1])

    def _keep_shipped(self, shipped_vocab: ShippedVocab, shipped_merges: ShippedMerges) -> None:
        """Keep the tables sent (see _set_tables) as those of the compact state."""
        # set last: setting a table field drops the shipped tables (see __setattr__)
        self.__dict__["_shipped"] = {"vocab": shipped_vocab, "merges": shipped_merges,
                                     "new_ids": packed_ids(self._rank_new_id)}

    def __getattr__(self, name: str) -> Any:
        # Called only when `name` is not set: builds `_pair_rank` (and `_vocab_r`, see
        # _set_tables) on first use. A large tokenizer.json has up to 500k merges, and
        # this dict is a fifth of its load time.
        fields = self.__dict__
        if name == "_vocab_r" and "_vocab" in fields:
            vocab = fields["_vocab"]
            vocab_r = fields["_vocab_r"] = chunked_dict(vocab.values(), vocab)  # reverse_vocab
            return vocab_r
        if name != "_pair_rank":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        columns = fields.get("_pair_columns")
        if columns is None:  # another thread built it meanwhile (or no tables yet)
            if "_pair_rank" in fields:
                return fields["_pair_rank"]
            raise AttributeError(name)
        # (left id, right id) -> rank; a repeated pair keeps its last rank, as in HF
        pair_rank = fields["_pair_rank"] = pair_rank_dict(*columns)
        fields.pop("_pair_columns", None)
        return pair_rank

    def __copy__(self) -> BPE:
        """A copy sharing the tables, with a word cache of its own: a shared one would
        hand each model the words the other tokenized (the copy may change its tables)."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.__dict__["_cache"] = WordCache(self._cache.capacity)
        return clone

    def __setattr__(self, name: str, value: Any) -> None:
        # subtle: cached words were tokenized with the old options.
        object.__setattr__(self, name, value)
        if name in _OPTIONS and hasattr(self, "_cache"):
            self._cache.clear()
        elif name in _TABLE_FIELDS:
            self.__dict__.pop("_shipped", None)  # the columns it came with describe old tables
            if name == "_pair_rank":  # a dict set from outside: the id columns are not its own
                self.__dict__.pop("_pair_columns", None)

    # -- vocabulary (lookups: VocabLookups) -------------------------------------------

    @property
    def merges(self) -> list[tuple[str, str]]:
        """The merges in rank order, as HF writes them (a repeated pair keeps its last rank)."""
        r, pair_rank = self._vocab_r, self._pair_rank
        if not _in_rank_order(pair_rank):  # a repeated pair moved: sort by rank
            pair_rank = dict(sorted(pair_rank.items(), key=itemgetter(1)))
        return [(r[a], r[b]) for a, b in pair_rank]

    def piece_cache(self, transform: object) -> dict | None:
        """The tokenizer fast path's cache of encoded pieces; none with dropout (random)."""
        return None if self.dropout else self._cache.pieces(transform)

    def clear_cache(self) -> None:
        self._cache.clear()

    def resize_cache(self, capacity: int) -> None:
        self._cache.capacity = capacity

    # -- encoding ----------------------------------------------------------------------

    def tokenize(self, sequence: str) -> list[Token]:
        """Tokens of one pre-tokenized word, offsets in characters of ``sequence``."""
        if not sequence:
            return []
        if self.dropout:
            # HF: with dropout, neither the cache nor ignore_merges is consulted.
            return self._tokenize_word(sequence, self.dropout)
        if self.ignore_merges:
            whole = self._vocab.get(sequence)
            if whole is not None:
                return [Token(whole, sequence, (0, len(sequence)))]
        hit = self._cache.get(sequence)
        if hit is not None:
            return list(hit)
        tokens = self._tokenize_word(sequence, None)
        self._cache.put(sequence, tokens)
        return tokens

    def tokenize_columns(self, sequence: str) -> tuple[tuple, tuple, tuple, tuple]:
        """``tokenize(sequence)`` as columns: ids, values, start offsets, end offsets.

        For the tokenizer's fast path, which caches whole pieces itself and would only
        take the Token tuples apart again; the word cache is left alone.
        """
        if not sequence or self.dropout or self.ignore_merges:
            tokens = self.tokenize(sequence)
            return (tuple(t.id for t in tokens), tuple(t.value for t in tokens),
                    tuple(t.offsets[0] for t in tokens), tuple(t.offsets[1] for t in tokens))
        spelled = self._spelled_columns(sequence)
        if spelled is not None:
            return spelled
        ids, lens, in_bytes = self._merged(sequence, None)
        ends = tuple(accumulate(lens))
        starts = (0, *ends[:-1]) if ends else ()
        if in_bytes and ends and (ends[-1] > len(sequence) or not sequence.isascii()):
            starts, ends = zip(*_bytes_to_char_offsets(sequence, zip(starts, ends)))
        return tuple(ids), tuple(map(self._vocab_r.__getitem__, ids)), starts, ends

    def tiled_columns(self, word: str) -> tuple[tuple, tuple, tuple, tuple] | None:
        """``tokenize_columns(word)`` when its tokens are sure to cover ``word`` end to end,
        in order and without overlap (a short word of known chars, without dropout,
        ``ignore_merges``, prefix, suffix or shared ids); else None."""
        if self.dropout or self.ignore_merges or not word:
            return None
        return self._spelled_columns(word)

    def _spelled_columns(self, word: str) -> tuple[tuple, tuple, tuple, tuple] | None:
        """The columns for a short word whose chars are all tokens, or None.

        Without prefix, suffix or shared ids, every symbol is then the text of its token,
        so the merge loop need not track lengths: they are the token strings' lengths.
        """
        if self.continuing_subword_prefix or self.end_of_word_suffix or self._has_shared_ids:
            return None
        try:
            ids = list(map(self._vocab.__getitem__, word))
        except KeyError:
            return None
        n = len(ids)
        if n >= _SHORT_WORD:
            return None
        self._merge_scan(ids, None)
        values = tuple(map(self._vocab_r.__getitem__, ids))
        if len(ids) == n:  # nothing merged: one token per char
            return tuple(ids), values, tuple(range(n)), tuple(range(1, n + 1))
        if len(ids) == 1:
            return tuple(ids), values, (0,), (n,)
        ends = tuple(accumulate(map(len, values)))
        return tuple(ids), values, (0, *ends[:-1]), ends

    def _tokenize_word(self, word: str, dropout: float | None) -> list[Token]:
        return self._to_tokens(word, *self._merged(word, dropout))

    def _merged(self, word: str, dropout: float | None) -> tuple[list[int], list[int], bool]:
        """Symbol ids and lengths after every merge, and whether lengths count bytes."""
        ids, lens, in_bytes = self.initial_symbols(word)
        if dropout or self._has_shared_ids or len(ids) >= _SHORT_WORD:
            ids, lens = self._merge_heap(ids, lens, dropout)
        else:
            self._merge_scan(ids, lens)
        return ids, lens, in_bytes

    def initial_symbols(self, word: str) -> tuple[list[int], list[int], bool]:
        """Symbol ids before any merge, their lengths, and whether lengths count bytes.

        Lengths count characters, unless byte tokens or dropped characters make HF's byte
        arithmetic visible: then they count UTF-8 bytes, as in HF.
        """
        if not (self.continuing_subword_prefix or self.end_of_word_suffix):
            vocab = self._vocab
            try:
                ids = [vocab[c] for c in word]
            except KeyError:
                pass
            else:
                return ids, [1] * len(ids), False
        ids, lens, irregular = self._initial_symbols_slow(word, in_bytes=False)
        if irregular:
            # subtle: HF offsets are running sums of byte lengths, so byte tokens and dropped
            # characters shift them in bytes; redo the word counting bytes.
            ids, lens, _ = self._initial_symbols_slow(word, in_bytes=True)
        return ids, lens, irregular

    def _initial_symbols_slow(self, word: str, in_bytes: bool) -> tuple[list[int], list[int], bool]:
        """HF's ``merge_word`` loop; also says whether a byte token or dropped char occurred."""
        vocab, prefix, suffix = self._vocab, self.continuing_subword_prefix, self.end_of_word_suffix
        irregular = False
        ids: list[int] = []
        lens: list[int] = []
        unk: list[int] | None = None  # pending [id, length], flushed by the next known symbol
        last = len(word) - 1
        for i, char in enumerate(word):
            symbol = (prefix + char) if (i and prefix) else char
            if i == last and suffix:
                symbol += suffix
            length = _utf8_len(char) if in_bytes else 1
            found = vocab.get(symbol)
            if found is not None:
                if unk is not None:
                    ids.append(unk[0])
                    lens.append(unk[1])
                    unk = None
                ids.append(found)
                lens.append(length)
                continue
            if self.byte_fallback:
                byte_ids = [vocab.get(f"<0x{b:02X}>") for b in symbol.encode("utf-8")]
                if None not in byte_ids:
                    # subtle: HF does not flush a pending unknown token here, so it lands
                    # after these bytes.
                    ids.extend(byte_ids)  # type: ignore[arg-type]
                    lens.extend([1] * len(byte_ids))
                    irregular = True
                    continue
            if self.unk_token is not None:
                unk = self._next_unk(unk, length, ids, lens)
            else:
                irregular = True  # HF silently drops the character
        if unk is not None:
            ids.append(unk[0])
            lens.append(unk[1])
        return ids, lens, irregular

    def _next_unk(self, unk: list[int] | None, length: int, ids: list[int], lens: list[int]):
        if unk is not None and self.fuse_unk:
            unk[1] += length
            return unk
        if unk is not None:
            ids.append(unk[0])
            lens.append(unk[1])
        unk_id = self._vocab.get(self.unk_token)  # type: ignore[arg-type]
        if unk_id is None:
            raise EncodingError(f"BPE unk token {self.unk_token!r} is not in the vocabulary")
        return [unk_id, length]

    def _merge_scan(self, ids: list[int], lens: list[int] | None) -> None:
        """Merge in place: repeatedly the lowest-rank adjacent pair, leftmost on a tie.

        Same result as HF's heap of (rank, position) for short words, without the heap.
        ``lens`` (the symbols' lengths) follow the merges unless it is None.
        """
        if len(ids) < 2:
            return
        rank_of, new_ids = self._pair_rank.get, self._rank_new_id
        ranks = list(map(rank_of, zip(ids, ids[1:]), repeat(NO_RANK)))
        rank = min(ranks)
        while rank != NO_RANK:
            i = ranks.index(rank)
            new = ids[i] = new_ids[rank]
            if lens is not None:
                lens[i] += lens[i + 1]
                del lens[i + 1]
            del ids[i + 1], ranks[i]
            if i:
                ranks[i - 1] = rank_of((ids[i - 1], new), NO_RANK)
            if i < len(ranks):
                ranks[i] = rank_of((new, ids[i + 1]), NO_RANK)
            elif not ranks:
                return
            rank = min(ranks)

    def _merge_heap(self, ids: list[int], lens: list[int], dropout: float | None):
        """HF's ``Word::merge_all``: a heap of (rank, position, new id), with dropout."""
        n = len(ids)
        pair_rank, new_ids = self._pair_rank, self._rank_new_id
        heap = []
        for i in range(n - 1):
            rank = pair_rank.get((ids[i], ids[i + 1]))
            if rank is not None:
                heap.append((rank, i, new_ids[rank]))
        heapq.heapify(heap)
        prev = list(range(-1, n - 1))
        nxt = list(range(1, n + 1))
        if n:
            nxt[-1] = -1
        skipped: list[tuple[int, int, int]] = []
        while heap:
            top = heapq.heappop(heap)
            if dropout and random.random() < dropout:
                skipped.append(top)
                continue
            for entry in skipped:  # HF re-queues skipped merges after any kept pop
                heapq.heappush(heap, entry)
            skipped.clear()
            _, pos, new = top
            right = nxt[pos]
            if lens[pos] == 0 or right == -1:
                continue
            # HF's staleness test compares the new id only.
            current = pair_rank.get((ids[pos], ids[right]))
            if current is None or new_ids[current] != new:
                continue
            ids[pos] = new
            lens[pos] += lens[right]
            lens[right] = 0
            after = nxt[pos] = nxt[right]
            if after != -1:
                prev[after] = pos
            before = prev[pos]
            if before >= 0:
                rank = pair_rank.get((ids[before], new))
                if rank is not None:
                    heapq.heappush(heap, (rank, before, new_ids[rank]))
            if after != -1:
                rank = pair_rank.get((new, ids[after]))
                if rank is not None:
                    heapq.heappush(heap, (rank, pos, new_ids[rank]))
        kept = [i for i in range(n) if lens[i]]
        return [ids[i] for i in kept], [lens[i] for i in kept]

    def _to_tokens(self, word: str, ids: list[int], lens: list[int], in_bytes: bool):
        vocab_r = self._vocab_r
        tokens = []
        pos = 0
        for token_id, length in zip(ids, lens):
            tokens.append(_new_token(Token, (token_id, vocab_r[token_id], (pos, pos + length))))
            pos += length
        if in_bytes and (pos > len(word) or not word.isascii()):
            offsets = _bytes_to_char_offsets(word, [t.offsets for t in tokens])
            tokens = [Token(t.id, t.value, o) for t, o in zip(tokens, offsets)]
        return tokens

    # -- teaching views ----------------------------------------------------------------

    def merge_trace(self, word: str) -> MergeTrace:
        """Every merge applied to ``word``, step by step (no dropout).

        Example:
            >>> bpe = BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")])
            >>> trace = bpe.merge_trace("ab")
            >>> [step.merged for step in trace.steps], trace.stop_reason
            (['ab'], 'single_symbol')
        """
        return trace_merges(self, word)

    def merge_lineage(self, token: str) -> LineageNode | None:
        """The tree of merges building ``token``; None for base symbols and unknown tokens.

        Example:
            >>> bpe = BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")])
            >>> node = bpe.merge_lineage("ab")
            >>> node.rank, node.left.token, node.right.token
            (0, 'a', 'b')
        """
        return build_lineage(self, token)

    # -- serialization -----------------------------------------------------------------

    def compact_state(self) -> dict[str, Any]:
        """The model as a few flat columns, for pickling a tokenizer (``Tokenizer.__reduce_ex__``).

        The vocabulary travels as one string and a range of ids (or a packed id array),
        the merge table as packed id columns in rank order (:class:`~.shipping.ShippedVocab`,
        :class:`~.shipping.ShippedMerges`): a Llama 3 model is a handful of objects, about
        4 MB, to pickle and unpickle instead of a 10 MB JSON text to parse (or a dict per
        merge), and :meth:`from_compact_state` rebuilds it with whole-column operations.
        Attributes a subclass adds travel as they are.
        """
        fields = self.__dict__
        tables = fields.get("_shipped")  # a model that came this way goes on as it came
        if tables is None:
            columns = fields.get("_pair_columns")
            if columns is None:  # the pair -> rank dict was built: take it apart again
                columns = _rank_ordered_columns(self._pair_rank)
            tables = {"vocab": ShippedVocab.of(self._vocab), "merges": ShippedMerges.of(columns),
                      "new_ids": packed_ids(self._rank_new_id)}
        return {
            "options": {name: fields[name] for name in _OPTIONS},
            "cache_capacity": self._cache.capacity,
            **tables,
            "extra": {k: v for k, v in fields.items() if k not in _COMPACT_FIELDS},
        }

    @classmethod
    def from_compact_state(cls, state: dict[str, Any]) -> BPE:
        """The model :meth:`compact_state` describes (no check: it came from a model).

        Only what the first encoding needs is built here (the vocabulary both ways), or
        taken as the shipped tables' ``prepare()`` built it ahead; the pair -> rank dict
        too when it was, else it is made from the id columns on first use, as after parsing.
        """
        model = cls.__new__(cls)
        fields = model.__dict__
        fields["_cache"] = WordCache(state["cache_capacity"])
        fields.update(state["options"])
        vocab_state, merges_state = state["vocab"], state["merges"]
        vocab, vocab_r, id_list = vocab_state.take_tables()
        fields["_vocab"], fields["_vocab_r"] = vocab, vocab_r
        fields["_has_shared_ids"] = len(vocab_r) != len(vocab)
        first = vocab_state.ids.start if isinstance(vocab_state.ids, range) else 0
        fields["_rank_new_id"] = _new_id_list(state["new_ids"], id_list, first)
        pair_rank = merges_state.take_pair_rank()
        if pair_rank is not None:
            fields["_pair_rank"] = pair_rank
        else:
            fields["_pair_columns"] = tuple(merges_state.pairs)
        # Kept (a few MB, a tenth of the tables): sending the model on, e.g. from the window's
        # process to its encoder, then takes no walk over the dicts built here.
        fields["_shipped"] = {key: state[key] for key in ("vocab", "merges", "new_ids")}
        fields.update(state["extra"])
        return model

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "BPE",
            "dropout": f32_json(self.dropout),
            "unk_token": self.unk_token,
            "continuing_subword_prefix": self.continuing_subword_prefix,
            "end_of_word_suffix": self.end_of_word_suffix,
            "fuse_unk": self.fuse_unk,
            "byte_fallback": self.byte_fallback,
            "ignore_merges": self.ignore_merges,
            "vocab": ordered_vocab(self._vocab_r),
            "merges": [list(pair) for pair in self.merges],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BPE:
        """Read HF's model object; merges may be ``[a, b]`` pairs or legacy ``"a b"`` strings."""
        if data.get("type", "BPE") != "BPE":
            raise TokenizerFileError(f"expected a BPE model, got type {data.get('type')!r}")
        if "vocab" not in data or "merges" not in data:
            raise TokenizerFileError("BPE model is missing its vocab or merges")
        dropout = data.get("dropout")
        if dropout is not None and not (isinstance(dropout, (int, float)) and 0 <= dropout <= 1):
            raise TokenizerFileError(f"BPE dropout {dropout!r} is not between 0 and 1")
        vocab = check_vocab(data["vocab"], "BPE")
        merges = merge_columns(data["merges"])
        # Options first (on empty tables), then the tables: the vocabulary is checked once.
        model = cls(
            dropout=dropout,
            unk_token=_optional_str(data, "unk_token"),
            continuing_subword_prefix=_optional_str(data, "continuing_subword_prefix"),
            end_of_word_suffix=_optional_str(data, "end_of_word_suffix"),
            fuse_unk=bool(data.get("fuse_unk") or False),
            byte_fallback=bool(data.get("byte_fallback") or False),
            ignore_merges=bool(data.get("ignore_merges") or False),
        )
        model._set_tables(vocab, merges)
        return model

    # -- public read API: the tables, for the teaching views, readers and figures --------
    # Read-only views (no copies): the tables are the model's own and must not change.

    @property
    def vocab(self) -> Mapping[str, int]:
        """token -> id (read-only; :meth:`get_vocab` gives a copy)."""
        return MappingProxyType(self._vocab)

    @property
    def vocab_by_id(self) -> Mapping[int, str]:
        """id -> token (read-only; with shared ids, the token :meth:`id_to_token` gives)."""
        return MappingProxyType(self._vocab_r)

    @property
    def pair_ranks(self) -> Mapping[Pair, int]:
        """(left id, right id) -> merge rank (read-only); a repeated pair keeps its last rank."""
        return MappingProxyType(self._pair_rank)

    @property
    def merge_result_ids(self) -> Sequence[int]:
        """rank -> id of the token that merge makes (read-only)."""
        return _ReadOnlyList(self._rank_new_id)

    def id_merge_columns(self) -> tuple[Sequence[int], Sequence[int]] | None:
        """The merges' (left ids, right ids) columns in rank order, when the model still
        holds them as loaded, without a repeated pair's question: the rank is the position.
        None otherwise (read :attr:`pair_ranks` then). Saves building the pair dict."""
        columns = self.__dict__.get("_pair_columns")
        if columns is None or len(columns) > 2:
            return None
        return _ReadOnlyList(columns[0]), _ReadOnlyList(columns[1])

    def merged_symbols(self, word: str, dropout: float | None = None
                       ) -> tuple[list[int], list[int], bool]:
        """``word``'s symbol ids and lengths after every merge, and whether the lengths
        count UTF-8 bytes (see :meth:`initial_symbols`); ``tokenize`` without the tokens."""
        return self._merged(word, dropout)

    def symbols_to_tokens(self, word: str, ids: list[int], lens: list[int],
                          in_bytes: bool) -> list[Token]:
        """The tokens of ``word``'s symbols (ids and lengths as :meth:`merged_symbols`
        gives them), with character offsets."""
        return self._to_tokens(word, ids, lens, in_bytes)

    @classmethod
    def from_checked_vocab(cls, vocab: dict[str, int], merges: Iterable[tuple[str, str]],
                           **options: Any) -> BPE:
        """``BPE(vocab, merges, **options)`` for a vocabulary a reader has already checked
        (a dict of str -> int ids >= 0, as :func:`~._files.read_vocab_json` returns it),
        which the model then owns: it is neither checked nor copied again. The merges are
        checked against it as usual."""
        model = cls(**options)
        model._set_tables(vocab, merges)
        return model

    @classmethod
    def from_merge_ids(cls, vocab: dict[str, int], lefts: Iterable[int], rights: Iterable[int],
                       new_ids: Iterable[int], **options: Any) -> BPE:
        """A model whose merge of rank ``r`` joins ids ``lefts[r]`` and ``rights[r]`` into
        ``new_ids[r]``, trusted as given: for readers whose merges come from ids and are
        valid by construction (tiktoken ranks), skipping a lookup per merge."""
        with shipping_tables(None):  # sent below, with the merge table
            model = cls(vocab, None, **options)
        model._rank_new_id = list(new_ids)
        model._pair_columns = (list(lefts), list(rights))
        model.__dict__.pop("_pair_rank", None)
        send = table_sender()
        if send is not None and model._vocab:
            shipped = ShippedVocab.of(model._vocab), ShippedMerges.of(model._pair_columns)
            for table in shipped:
                send(table)
            model._keep_shipped(*shipped)
        return model


class _ReadOnlyList(Sequence):
    """A read-only view of a list (what BPE's public read API hands out)."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence) -> None:
        self._items = items

    def __getitem__(self, index):
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self._items)


#: The tables: setting one makes the columns a model was unpickled from stale.
_TABLE_FIELDS = frozenset(("_vocab", "_vocab_r", "_rank_new_id", "_pair_columns", "_pair_rank"))
#: What compact_state writes column by column (everything else travels as it is).
_COMPACT_FIELDS = _TABLE_FIELDS | frozenset(("_cache", "_has_shared_ids", "_shipped")) | _OPTIONS


def _new_id_list(new_ids: range | array, vocab_ids: list[int] | None, first: int) -> list[int]:
    """The merges' new ids as a list; its ints are ``vocab_ids``' own (the vocabulary's ids
    in a row from ``first``) when the new ids are in a row within them."""
    if vocab_ids is not None and isinstance(new_ids, range) \
            and first <= new_ids.start <= new_ids.stop <= first + len(vocab_ids):
        return vocab_ids[new_ids.start - first:new_ids.stop - first]
    return unpacked_ids(new_ids)


def _in_rank_order(pair_rank: dict[Pair, int]) -> bool:
    """Whether the dict's ranks are 0, 1, 2... in insertion order (built from merges in which
    no pair repeats: the usual case), so that iterating it lists the merges by rank."""
    return all(map(eq, pair_rank.values(), range(len(pair_rank))))


def _rank_ordered_columns(pair_rank: dict[Pair, int]) -> tuple:
    """``(lefts, rights)`` of a pair -> rank dict in rank order, or ``(lefts, rights, ranks)``
    when its ranks are not 0, 1, 2... in insertion order (a repeated pair moved its rank)."""
    if _in_rank_order(pair_rank):
        return array("q", map(itemgetter(0), pair_rank)), array("q", map(itemgetter(1), pair_rank))
    by_rank = sorted(pair_rank.items(), key=itemgetter(1))
    return (array("q", (left for (left, _), _ in by_rank)),
            array("q", (right for (_, right), _ in by_rank)),
            array("q", map(itemgetter(1), by_rank)))


def parse_merges(merges: Any) -> list[tuple[str, str]]:
    """Merges from JSON: ``[["a", "b"], ...]`` or legacy ``["a b", ...]`` (``#version`` skipped)."""
    parsed = merge_columns(merges)
    return list(zip(*parsed)) if isinstance(parsed, MergeColumns) else parsed


def merge_columns(merges: Any) -> MergeColumns | list[tuple[str, str]]:
    """:func:`parse_merges`, as columns when the list has one of the usual shapes."""
    if not isinstance(merges, list):
        raise TokenizerFileError("BPE merges must be a JSON list")
    columns = _merge_columns_fast(merges)
    return columns if columns is not None else _parse_merges_checked(merges)


def _merge_columns_fast(merges: list) -> MergeColumns | None:
    # Whole-list operations for the two usual shapes; None sends anything else (and
    # every error) through _parse_merges_checked.
    kinds = set(map(type, merges))
    if kinds == {str}:
        text = " ".join(merges)
        if text.startswith("#version") or " #version" in text:  # rare: filter line by line
            merges = [m for m in merges if not m.startswith("#version")]
            text = " ".join(merges)
        if set(map(str.count, merges, repeat(" "))) - {1}:
            return None
        # One space per line: a single split of all lines gives left, right, left, ...
        words = text.split(" ") if merges else []
        return MergeColumns(words[0::2], words[1::2])
    if kinds == {list}:
        if set(map(len, merges)) != {2}:
            return None
        # Every merge has two parts: the flattened list alternates left, right, left, ...
        flat = list(chain.from_iterable(merges))
        if set(map(type, flat)) != {str}:
            return None
        return MergeColumns(flat[0::2], flat[1::2])
    return MergeColumns([], []) if not kinds else None


def _parse_merges_checked(merges: list) -> list[tuple[str, str]]:
    result = []
    lines = (m for m in merges if not (isinstance(m, str) and m.startswith("#version")))
    for line_no, merge in enumerate(lines, start=1):
        if isinstance(merge, str):
            parts = merge.split(" ")
        elif isinstance(merge, list) and all(isinstance(p, str) for p in merge):
            parts = merge
        else:
            raise TokenizerFileError(f"BPE merge {line_no} is neither a pair nor a string")
        if len(parts) != 2:
            raise TokenizerFileError(f"BPE merge {line_no} ({merge!r}) is not two tokens")
        result.append((parts[0], parts[1]))
    return result


def _merge_table(vocab: dict[str, int], merges: Iterable | MergeColumns, prefix: str | None,
                 in_order: bool = False, on_pairs: Callable[[list, list], object] | None = None):
    """Left ids, right ids and new ids of the merges in rank order, checked against the vocab
    (``in_order``: its ids are 0, 1, 2... in its order, see :func:`_ids_in_order`).
    ``on_pairs(left ids, right ids)`` may be called with the first two columns (the very
    lists returned) before the new ids are looked up."""
    if not isinstance(merges, MergeColumns):
        merges = list(merges)
    try:
        table = _merge_table_fast(vocab, merges, prefix, in_order, on_pairs)
    except (TypeError, ValueError, TokenizerFileError):
        table = None
    if table is None:
        pairs = list(zip(*merges)) if isinstance(merges, MergeColumns) else merges
        table = _merge_table_checked(vocab, pairs, prefix)
    return table


def _merge_table_fast(vocab: dict[str, int], merges: list | MergeColumns, prefix: str | None,
                      in_order: bool = False,
                      on_pairs: Callable[[list, list], object] | None = None):
    # Whole-list operations; None (or an exception) when some merge is not a pair of
    # vocabulary tokens, and _merge_table_checked then finds and reports the first one.
    if isinstance(merges, MergeColumns):
        lefts, rights = merges
    elif set(map(len, merges)) - {2}:
        return None
    else:
        lefts, rights = list(map(itemgetter(0), merges)), list(map(itemgetter(1), merges))
    # A missing token stops the map with a KeyError: cheaper than looking for None after.
    id_of = vocab.__getitem__
    try:
        left_ids, right_ids = list(map(id_of, lefts)), list(map(id_of, rights))
        if on_pairs is not None:
            on_pairs(left_ids, right_ids)
        made_ids = (_consecutive_ids(vocab, lefts, rights, merges) if in_order and not prefix
                    else None)
        if made_ids is None:
            tails = [_strip_prefix(r, prefix) for r in rights] if prefix else rights
            made_ids = list(map(id_of, map(add, lefts, tails)))
        return [left_ids, right_ids, made_ids]
    except KeyError:
        return None


def _ids_in_order(vocab: dict[str, int]) -> bool:
    """Whether a checked vocabulary's ids are 0, 1, 2... in its own order."""
    return all(map(eq, vocab.values(), range(len(vocab))))


def _consecutive_ids(vocab: dict[str, int], lefts: list[str], rights: list[str],
                     merges: list | MergeColumns) -> list[int] | None:
    """The ids of the tokens the merges make (``left + right``: no prefix) when they are
    consecutive entries of a vocabulary whose ids are in order, else None.

    Why: in most files the merges make the vocabulary's tokens in id order (GPT-2, Qwen):
    comparing them with the vocabulary is a few times cheaper than a dict lookup per merge,
    and comparing two texts (merges read from a merges.txt, :class:`TextMergeColumns`)
    cheaper still than a new string per merge.
    """
    n = len(lefts)
    first = vocab.get(lefts[0] + rights[0]) if n else None
    if first is None or vocab.get(lefts[-1] + rights[-1]) != first + n - 1:
        return None  # the first and last merges say already whether it may hold
    listed = islice(vocab, first, first + n)
    if isinstance(merges, TextMergeColumns):
        # The made text has one line per merge and no LF inside one: equal to the listed
        # tokens joined by LF only if each is its merge's token (none can hold an LF then).
        same = merges.made_text() == "\n".join(listed)
    else:
        same = list(map(add, lefts, rights)) == list(listed)
    return list(range(first, first + n)) if same else None


def _merge_table_checked(vocab: dict[str, int], merges: list, prefix: str | None):
    lefts: list[int] = []
    rights: list[int] = []
    new_ids: list[int] = []
    for rank, merge in enumerate(merges):
        try:
            left, right = merge
        except (TypeError, ValueError):
            raise TokenizerFileError(f"BPE merge {rank} ({merge!r}) is not a pair") from None
        new_token = left + _strip_prefix(right, prefix)
        ids = []
        for token in (left, right, new_token):
            token_id = vocab.get(token) if isinstance(token, str) else None
            if token_id is None:
                raise TokenizerFileError(
                    f"BPE merge {rank} ({left!r}, {right!r}): token {token!r} is not in the vocabulary"
                )
            ids.append(token_id)
        lefts.append(ids[0])
        rights.append(ids[1])
        new_ids.append(ids[2])
    return lefts, rights, new_ids


def _strip_prefix(right: str, prefix: str | None) -> str:
    # HF drops len(prefix) *bytes* from the right part, whether or not it starts with the prefix.
    if not prefix:
        return right
    if right.startswith(prefix):
        return right[len(prefix):]
    raw, cut = right.encode("utf-8"), len(prefix.encode("utf-8"))
    try:
        if len(raw) < cut:
            raise UnicodeDecodeError("utf-8", raw, 0, len(raw), "too short")
        return raw[cut:].decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerFileError(
            f"BPE merge part {right!r} is shorter than the prefix {prefix!r}"
        ) from None


def _utf8_len(char: str) -> int:
    code = ord(char)
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4


def _bytes_to_char_offsets(word: str, offsets: Iterable[Offsets]) -> list[Offsets]:
    """Byte offsets -> character offsets covering them (HF reports whole characters)."""
    char_of_byte: list[int] = []
    for index, char in enumerate(word):
        char_of_byte.extend([index] * _utf8_len(char))
    n_bytes, n_chars = len(char_of_byte), len(word)
    result = []
    for start, end in offsets:
        # subtle: byte tokens of a prefix/suffix run past the word; HF's offsets are then
        # meaningless, we clamp them to the word's end.
        char_start = char_of_byte[start] if start < n_bytes else n_chars
        char_end = char_of_byte[end - 1] + 1 if end <= n_bytes else n_chars
        result.append((char_start, char_end))
    return result


def _optional_str(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise TokenizerFileError(f"BPE {key} must be a string or null, got {value!r}")
    return value


#: HF's rule for a merge's right part under ``continuing_subword_prefix`` (its prefix
#: bytes dropped), public for the views that rebuild merged tokens (``analysis``).
strip_prefix = _strip_prefix
