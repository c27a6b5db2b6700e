"""Unigram: the segmentation whose pieces have the highest total log-probability.

This mirrors HF ``models/unigram/{model,lattice,trie}.rs`` (itself sentencepiece). Every
vocabulary piece that matches at a position is a lattice node; a character without a
one-character piece gets an unknown node scored ``min score - 10``. The best path is
found by Viterbi (ties go to the earliest-starting piece, as in HF); consecutive unknown
nodes are fused into one token; with ``byte_fallback`` an unknown span is spelled as
``<0xNN>`` tokens when they all exist.

Lattices and n-best segmentations, for the GUI's lattice view, live in :mod:`.lattice`.
"""

from __future__ import annotations

import math
from array import array
from functools import cached_property
from itertools import chain
from operator import itemgetter
from typing import Any

from .._util.gc import paused_gc
from ..components import Model, register
from ..errors import EncodingError, TokenizerFileError
from ..text.pretokenized import Token
from ._files import UnigramFiles
from ._vocab import WordCache, chunked_dict
from .lattice import (
    Lattice, Segmentation, build_lattice, nbest_paths, sample_nbest_path, sample_path,
)

UNK_PENALTY = 10.0
_CACHE_CAPACITY = 10000


@register("model")
class Unigram(UnigramFiles, Model):
    """Unigram language-model tokenizer.

    Args:
        vocab: ``(piece, score)`` pairs; a piece's id is its position.
        unk_id: id of the unknown piece (None: unknown characters are an error).
        byte_fallback: spell unknown spans as ``<0xNN>`` byte pieces when possible.

    Example:
        >>> pieces = [("<unk>", 0.0), ("a", -1.0), ("b", -1.0), ("ab", -1.5)]
        >>> [(t.value, t.offsets) for t in Unigram(pieces, unk_id=0).tokenize("abx")]
        [('ab', (0, 2)), ('x', (2, 3))]
    """

    def __init__(
        self,
        vocab: list[tuple[str, float]] | None = None,
        unk_id: int | None = None,
        byte_fallback: bool = False,
        alpha: float | None = None,
        nbest_size: int | None = None,
    ) -> None:
        #: Subword regularization (HF): with an alpha (not 0), each encoding draws a
        #: segmentation, from the ``nbest_size`` best ones if set, else from all of them.
        self.alpha, self.nbest_size = alpha, nbest_size
        if vocab is None:
            if unk_id is not None:
                raise ValueError("Unigram `vocab` and `unk_id` must be both specified")
            vocab, unk_id = [("<unk>", 0.0)], 0
        self._pieces = _check_pieces(vocab)
        _check_unk_id(unk_id, len(self._pieces))
        self._cache = WordCache(_CACHE_CAPACITY)
        self.unk_id = unk_id
        self.byte_fallback = byte_fallback
        self._scores = list(map(itemgetter(1), self._pieces))
        # A repeated piece keeps its last id, as in HF.
        self._token_to_id = dict(zip(map(itemgetter(0), self._pieces), range(len(self._pieces))))
        self.min_score = min(self._scores, default=math.inf)

    @cached_property
    def _trie(self) -> dict:
        # Built on first use: a 250k-piece vocabulary makes over a million nodes (seconds),
        # which opening a file to look at its vocabulary, or to save it, never needs.
        return build_trie(self._token_to_id)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in ("unk_id", "byte_fallback") and hasattr(self, "_cache"):
            self._cache.clear()

    # -- vocabulary --------------------------------------------------------------------

    def token_to_id(self, token: str) -> int | None:
        return self._token_to_id.get(token)

    def id_to_token(self, id: int) -> str | None:
        return self._pieces[id][0] if 0 <= id < len(self._pieces) else None

    def get_vocab(self) -> dict[str, int]:
        return dict(self._token_to_id)

    def get_vocab_size(self) -> int:
        return len(self._pieces)

    def get_score(self, id: int) -> float:
        return self._scores[id]

    @property
    def pieces(self) -> list[tuple[str, float]]:
        return list(self._pieces)

    def piece_cache(self, transform: object) -> dict:
        """The tokenizer fast path's cache of encoded pieces, emptied with the word cache;
        none while sampling (random)."""
        return None if self.alpha else self._cache.pieces(transform)

    def clear_cache(self) -> None:
        self._cache.clear()

    # -- encoding ----------------------------------------------------------------------

    def tokenize(self, sequence: str) -> list[Token]:
        if not sequence:
            return []
        if self.alpha:  # HF: sampling never reads or fills the cache
            return self._to_tokens(sequence, self._fuse_unk(self._sampled_path(sequence)))
        hit = self._cache.get(sequence)
        if hit is not None:
            return list(hit)
        tokens = self._to_tokens(sequence, self._fuse_unk(self.best_path(sequence)))
        self._cache.put(sequence, tokens)
        return tokens

    def best_path(self, sequence: str) -> list[tuple[int, int, int]]:
        """Viterbi: ``(start, end, id)`` of the best segmentation, unknown nodes unfused.

        HF's ``encode_optimized``: for each end position keep the best-scoring node,
        the first found (earliest start) on a tie.
        """
        n = len(sequence)
        chars = list(sequence)  # list indexing allocates nothing, str indexing may
        root, scores, unk_score = self._trie, self._scores, self.min_score - UNK_PENALTY
        best = [0.0] * (n + 1)
        back = [-1] * (n + 1)
        ids = [0] * (n + 1)
        for start in range(n):
            base = best[start]
            children = root
            has_single = False
            for end in range(start + 1, n + 1):
                node = children.get(chars[end - 1])
                if node is None:
                    break
                children, piece = node
                if piece >= 0:
                    score = base + scores[piece]
                    if back[end] < 0 or score > best[end]:
                        best[end], back[end], ids[end] = score, start, piece
                    has_single = has_single or end == start + 1
            if not has_single:
                end, score = start + 1, base + unk_score
                if back[end] < 0 or score > best[end]:
                    best[end], back[end], ids[end] = score, start, self._require_unk()
        path = []
        end = n
        while end > 0:
            path.append((back[end], end, ids[end]))
            end = back[end]
        path.reverse()
        return path

    def _require_unk(self) -> int:
        if self.unk_id is None:
            raise EncodingError("Encountered an unknown token but `unk_id` is missing")  # HF's
        return self.unk_id

    def _fuse_unk(self, path: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        # HF fuses by id, so the literal "<unk>" piece also fuses with its unknown neighbours.
        unk_id, fused = self.unk_id, []
        for start, end, piece in path:
            if piece == unk_id and fused and fused[-1][2] == unk_id:
                fused[-1] = (fused[-1][0], end, unk_id)
            else:
                fused.append((start, end, piece))
        return fused

    def _to_tokens(self, sequence: str, spans: list[tuple[int, int, int]]) -> list[Token]:
        tokens = []
        for start, end, _ in spans:
            text = sequence[start:end]
            piece = self._token_to_id.get(text)
            if piece is not None:
                tokens.append(Token(piece, text, (start, end)))
            elif self.byte_fallback and (byte_tokens := self._byte_tokens(text, start, end)):
                tokens.extend(byte_tokens)
            else:
                tokens.append(Token(self._require_unk(), text, (start, end)))
        return tokens

    def _byte_tokens(self, text: str, start: int, end: int) -> list[Token] | None:
        # Every byte token covers the whole unknown span, as in HF.
        result = []
        for byte in text.encode("utf-8"):
            name = f"<0x{byte:02X}>"
            piece = self._token_to_id.get(name)
            if piece is None:
                return None
            result.append(Token(piece, name, (start, end)))
        return result

    # -- lattice views -----------------------------------------------------------------

    def match_pieces(self, sequence: str, start: int) -> list[tuple[int, int]]:
        """``(end, id)`` of every vocabulary piece matching at ``start``, shortest first."""
        children, found = self._trie, []
        for end in range(start + 1, len(sequence) + 1):
            node = children.get(sequence[end - 1])
            if node is None:
                break
            children, piece = node
            if piece >= 0:
                found.append((end, piece))
        return found

    def lattice(self, sequence: str) -> Lattice:
        """Every candidate piece (start, end, id, score) and the Viterbi path through them.

        Example:
            >>> model = Unigram([("<unk>", 0.0), ("a", -1.0), ("aa", -1.5)], unk_id=0)
            >>> [(n.piece, n.start, n.end) for n in model.lattice("aa").nodes]
            [('a', 0, 1), ('aa', 0, 2), ('a', 1, 2)]
        """
        return build_lattice(self, sequence)

    def nbest(self, sequence: str, n: int) -> list[Segmentation]:
        """The ``n`` best segmentations, best first (HF's A* over the lattice)."""
        return nbest_paths(self, sequence, n)

    # -- serialization -----------------------------------------------------------------

    def compact_state(self) -> dict[str, Any]:
        """The model as flat columns, for pickling a tokenizer (``Tokenizer.__reduce_ex__``):
        the pieces as one list of strings, the scores as packed doubles (exact). The trie
        is not sent: it is built on first use, as after a load."""
        fields = self.__dict__
        return {
            "tokens": list(map(itemgetter(0), self._pieces)),
            "scores": array("d", self._scores).tobytes(),
            "extra": {k: v for k, v in fields.items() if k not in _COMPACT_FIELDS},
        }

    @classmethod
    def from_compact_state(cls, state: dict[str, Any]) -> Unigram:
        """The model :meth:`compact_state` describes (no check: it came from a model)."""
        model = cls.__new__(cls)
        fields = model.__dict__
        scores = array("d")
        scores.frombytes(state["scores"])
        tokens = state["tokens"]
        fields["_pieces"] = list(zip(tokens, scores.tolist()))
        fields["_scores"] = scores.tolist()
        fields["_cache"] = WordCache(_CACHE_CAPACITY)
        # a repeated piece keeps its last id, as in __init__
        fields["_token_to_id"] = chunked_dict(tokens, range(len(tokens)))
        fields["min_score"] = min(fields["_scores"], default=math.inf)
        fields.update(state["extra"])
        return model

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "Unigram",
            "unk_id": self.unk_id,
            "vocab": [[piece, score] for piece, score in self._pieces],
            "byte_fallback": self.byte_fallback,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Unigram:
        """Read HF's model object; ``unk_id`` and ``byte_fallback`` are optional."""
        if data.get("type", "Unigram") != "Unigram":
            raise TokenizerFileError(f"expected a Unigram model, got type {data.get('type')!r}")
        if "vocab" not in data:
            raise TokenizerFileError("Unigram model is missing its vocab")
        try:
            return cls(data["vocab"], data.get("unk_id"), bool(data.get("byte_fallback") or False))
        except ValueError as exc:
            raise TokenizerFileError(str(exc)) from None


    def _sampled_path(self, sequence: str) -> list[tuple[int, int, int]]:
        """A random segmentation (``(start, end, id)`` per node), as HF's sampling encode."""
        if self.nbest_size is not None and self.nbest_size > 0:
            nodes = sample_nbest_path(self, sequence, self.nbest_size, self.alpha)
        else:
            nodes = sample_path(self, sequence, self.alpha)
        return [(node.start, node.end, node.id) for node in nodes]


#: What compact_state writes as columns or rebuilds (the trie is built again on first use).
_COMPACT_FIELDS = frozenset(("_pieces", "_scores", "_cache", "_token_to_id", "min_score",
                             "_trie"))


def _check_pieces(vocab: Any) -> list[tuple[str, float]]:
    """``(piece, float score)`` pairs from ``vocab``, or a TokenizerFileError naming a bad entry."""
    fast = _plain_pieces(vocab)
    return fast if fast is not None else _check_pieces_one_by_one(vocab)


def _plain_pieces(vocab: Any) -> list[tuple[str, float]] | None:
    # Whole-list checks for the usual shape (a list of [str, number] pairs; 250k in XLM-R);
    # None sends anything else through the entry-by-entry check, which names the culprit.
    if type(vocab) is not list or not set(map(type, vocab)) <= {list, tuple}:
        return None
    if set(map(len, vocab)) - {2}:
        return None
    flat = list(chain.from_iterable(vocab))
    pieces, scores = flat[0::2], flat[1::2]
    if set(map(type, pieces)) - {str} or set(map(type, scores)) - {float, int}:
        return None
    try:
        return list(zip(pieces, map(float, scores)))
    except OverflowError:  # an integer score beyond any float: the slow path names it
        return None


def _check_pieces_one_by_one(vocab: Any) -> list[tuple[str, float]]:
    pieces = []
    for entry in vocab:
        try:
            piece, score = entry
        except (TypeError, ValueError):
            raise TokenizerFileError(f"Unigram vocab entry {entry!r} is not [piece, score]") from None
        if not isinstance(piece, str) or isinstance(score, bool) or not isinstance(score, (int, float)):
            raise TokenizerFileError(f"Unigram vocab entry {entry!r} is not [piece, score]")
        try:
            pieces.append((piece, float(score)))
        except OverflowError:
            raise TokenizerFileError(f"Unigram vocab entry {piece!r} has a score too large "
                                     "for a float") from None
    return pieces


def _check_unk_id(unk_id: Any, size: int) -> None:
    if unk_id is None:
        return
    if isinstance(unk_id, bool) or not isinstance(unk_id, int):
        raise TokenizerFileError(f"Unigram unk_id {unk_id!r} is not an integer")
    if size == 0:
        raise TokenizerFileError("Unigram vocabulary is empty but at least <unk> is needed")
    if not 0 <= unk_id < size:
        raise TokenizerFileError(f"Unigram unk_id {unk_id} is not in the vocabulary ({size} pieces)")


def build_trie(token_to_id: dict[str, int]) -> dict:
    """Children by character; each child is ``[its children, id of the piece ending there or -1]``."""
    # subtle: the cyclic GC would rescan the growing trie again and again while it is being
    # built (several times the build itself for 250k pieces); nothing here makes cycles.
    with paused_gc():
        return _trie_of(token_to_id)


def _trie_of(token_to_id: dict[str, int]) -> dict:
    root: dict = {}
    for piece, piece_id in token_to_id.items():
        if not piece:
            continue  # HF's trie never reports the empty piece
        children = root
        for char in piece[:-1]:
            node = children.get(char)
            if node is None:
                node = children[char] = [{}, -1]
            children = node[0]
        node = children.get(piece[-1])
        if node is None:
            children[piece[-1]] = [{}, piece_id]
        else:
            node[1] = piece_id
    return root
