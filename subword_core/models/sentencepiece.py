"""The ``sentencepiece`` library's own encoders, for ``.model`` files opened as they are.

HF ``tokenizers`` converts a SentencePiece model into its BPE or Unigram (see
:mod:`subword_core.formats.sentencepiece`), which differs from SentencePiece itself in
ways a user comparing with ``SentencePieceProcessor.encode`` sees. These two models follow
``bpe_model.cc``, ``unigram_model.cc`` and ``sentencepiece_processor.cc`` instead:

* They see the whole normalized text at once (no pre-tokenizer), as SentencePiece does.
* Only normal, user-defined and unused pieces match text; control, unknown and byte
  pieces never do (``<s>`` in the text is spelled out). Unused pieces never appear in
  the output (Unigram skips them, BPE splits them back into the pieces that made them).
* **BPE** merges, among all adjacent pairs whose concatenation is a piece, the one whose
  piece scores highest (the leftmost on a tie); there is no merge table. A user-defined
  symbol in the text is one symbol that never merges.
* **Unigram** runs SentencePiece's optimized Viterbi in ``float`` (32-bit) arithmetic,
  with its exact tie rule and its rebasing of long paths' scores, and scores a
  user-defined symbol ``0.1 * (bytes - 1)``.

The reference is the ``sentencepiece`` 0.2.3 library (its sdist's ``src/``), the oracle
the tests compare with; 0.2.1 differed (double-precision candidates, another
user-defined bonus).
* An unknown character becomes its UTF-8 byte pieces with byte fallback; without, a run
  of unknown pieces is one unknown token whose text is the run (SentencePiece's piece
  string; the id is the unknown id).

The pieces' scores, types and ids are the file's. Both models subclass the HF-style
models so that the vocabulary views keep working, but neither has a ``tokenizer.json``
form: ``to_dict`` raises :class:`~subword_core.errors.TokenizerFileError`.
"""

from __future__ import annotations

import copy
import heapq
import struct
from collections.abc import Iterable
from functools import cached_property
from typing import Any

from ..errors import TokenizerFileError
from ..text.pretokenized import Token
from .bpe import BPE
from .unigram import Unigram, build_trie

# ModelProto.SentencePiece.Type
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
_MATCHING = (NORMAL, USER_DEFINED, UNUSED)  # the pieces SentencePiece looks up in text
_FLT_MAX = 3.4028234663852886e38
_UNK_PENALTY = 10.0
_MAX_RESEGMENT_DEPTH = 100
_SCORE_RESET = 100000.0  # |path score| beyond this: the scores ahead are rebased to 0
_F32 = struct.Struct("<f")


def f32(value: float) -> float:
    """``value`` rounded to a C ``float`` (SentencePiece's scores and path sums)."""
    return _F32.unpack(_F32.pack(value))[0]


_I32 = struct.Struct("<i")


def score_rank(score: float) -> int:
    """An integer ordering scores as SentencePiece's BPE agenda does (by their float bits:
    -0.0 ranks below 0.0)."""
    bits = _I32.unpack(_F32.pack(score))[0]
    return bits if bits >= 0 else -(1 << 31) - bits - 1


def _utf8_len(char: str) -> int:
    code = ord(char)
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4


def cannot_save() -> TokenizerFileError:
    return TokenizerFileError(
        "cannot save as tokenizer.json: this tokenizer encodes exactly as the sentencepiece "
        "library does, which HF tokenizers cannot express; open the .model with an HF "
        "flavor (llama, t5, generic...) to write what transformers would convert")


class _SentencePieceTables:
    """What both encoders share: piece types, lookups, unknown and byte pieces."""

    def _init_tables(self, pieces: list[str], types: list[int], unk_id: int,
                     byte_fallback: bool) -> None:
        self.piece_types = list(types)
        self.spm_unk_id = unk_id
        self.spm_byte_fallback = byte_fallback
        self._matching = {p: i for i, (p, t) in enumerate(zip(pieces, types)) if t in _MATCHING}
        self._reserved = {p: i for i, (p, t) in enumerate(zip(pieces, types))
                          if t not in _MATCHING}
        self._unused = frozenset(i for i, t in enumerate(types) if t == UNUSED)
        by_first: dict[str, list[str]] = {}
        for piece, kind in zip(pieces, types):
            if kind == USER_DEFINED:
                by_first.setdefault(piece[0], []).append(piece)
        for symbols in by_first.values():
            symbols.sort(key=len, reverse=True)
        self._user_by_first = by_first
        self._byte_ids = [self._reserved.get(f"<0x{b:02X}>", unk_id) for b in range(256)]

    @property
    def user_defined(self) -> list[str]:
        """The user-defined symbols, which the normalizer and the encoders keep whole."""
        return [s for symbols in self._user_by_first.values() for s in symbols]

    def _user_symbol_at(self, text: str, start: int) -> int:
        """Length of the longest user-defined symbol at ``start`` (0: none)."""
        for symbol in self._user_by_first.get(text[start], ()):
            if text.startswith(symbol, start):
                return len(symbol)
        return 0

    def _tokens(self, text: str, spans: list[tuple[int, int, int]]) -> list[Token]:
        """``PopulateSentencePieceText``: byte pieces for unknowns with byte fallback, else
        each run of unknown pieces as one unknown token."""
        unk_id, tokens, prev_unk = self.spm_unk_id, [], False
        for start, end, piece_id in spans:
            piece = text[start:end]
            unknown = piece_id == unk_id
            if unknown and self.spm_byte_fallback:
                # every byte covers the whole character, as HF reports byte tokens
                tokens.extend(Token(self._byte_ids[b], f"<0x{b:02X}>", (start, end))
                              for b in piece.encode("utf-8", "surrogatepass"))
            elif unknown and prev_unk:
                last = tokens[-1]
                tokens[-1] = Token(unk_id, last.value + piece, (last.offsets[0], end))
            else:
                tokens.append(Token(piece_id, piece, (start, end)))
            prev_unk = unknown
        return tokens

    def to_dict(self) -> dict[str, Any]:
        raise cannot_save()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__.keys() == self.__dict__.keys() \
            and self.get_vocab() == other.get_vocab() \
            and self.piece_types == other.piece_types  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


class SentencePieceUnigram(_SentencePieceTables, Unigram):
    """SentencePiece's Unigram encoder (``unigram::Model::EncodeOptimized``).

    Args:
        pieces: ``(piece, score)`` pairs in id order.
        types: each piece's ``ModelProto.SentencePiece.Type``.
        unk_id: the unknown piece's id.
        byte_fallback: spell unknown characters as ``<0xNN>`` pieces.

    Example:
        >>> model = SentencePieceUnigram([("<unk>", 0.0), ("a", -1.0), ("ab", -1.5)],
        ...                              [2, 1, 1], unk_id=0)
        >>> [(t.value, t.id) for t in model.tokenize("abxy")]
        [('ab', 2), ('xy', 0)]
    """

    compact_state = None  # pickled as itself: no flat-column form

    def __init__(self, pieces: list[tuple[str, float]], types: list[int], unk_id: int,
                 byte_fallback: bool = False) -> None:
        Unigram.__init__(self, pieces, unk_id, byte_fallback)
        self._init_tables([p for p, _ in pieces], types, unk_id, byte_fallback)
        self._scores32 = [f32(s) for _, s in pieces]
        normal = [s for s, t in zip(self._scores32, types) if t == NORMAL]
        self.spm_min_score = min([_FLT_MAX, *normal])

    @cached_property
    def _trie(self) -> dict:
        # normal and user-defined pieces only; unused ones are skipped by the search anyway
        return build_trie({p: i for p, i in self._matching.items() if i not in self._unused})

    def tokenize(self, sequence: str) -> list[Token]:
        if not sequence:
            return []
        hit = self._cache.get(sequence)
        if hit is not None:
            return list(hit)
        tokens = self._tokens(sequence, self.best_path(sequence))
        self._cache.put(sequence, tokens)
        return tokens

    def best_path(self, sequence: str) -> list[tuple[int, int, int]]:
        """``(start, end, id)`` of SentencePiece's best segmentation, unknowns unfused.

        subtle: every score and sum is a C float (rounded with :func:`f32`); a path
        score beyond 100000 in size rebases the scores ahead to start from 0 again.
        """
        n = len(sequence)
        chars = list(sequence)
        root, scores, types = self._trie, self._scores32, self.piece_types
        unk_score, unk_id = f32(self.spm_min_score - _UNK_PENALTY), self.spm_unk_id
        best = [0.0] * (n + 1)
        back = [-1] * (n + 1)
        ids = [0] * (n + 1)
        frontier = 0
        for start in range(n):
            base = best[start]
            if not -_SCORE_RESET <= base <= _SCORE_RESET:
                for i in range(start, frontier + 1):
                    if i == start or back[i] >= 0:
                        best[i] = f32(best[i] - base)
                base = 0.0
            children, has_single, size = root, False, 0
            for end in range(start + 1, n + 1):
                char = chars[end - 1]
                node = children.get(char)
                if node is None:
                    break
                size += _utf8_len(char)
                children, piece = node
                if piece >= 0:
                    frontier = max(frontier, end)
                    score = f32(0.1 * (size - 1)) if types[piece] == USER_DEFINED \
                        else scores[piece]
                    candidate = f32(score + base)
                    if back[end] < 0 or candidate > best[end]:
                        best[end], back[end], ids[end] = candidate, start, piece
                    has_single = has_single or end == start + 1
            if not has_single:
                frontier = max(frontier, start + 1)
                candidate = f32(unk_score + base)
                if back[start + 1] < 0 or candidate > best[start + 1]:
                    best[start + 1], back[start + 1], ids[start + 1] = candidate, start, unk_id
        path = []
        end = n
        while end > 0:
            path.append((back[end], end, ids[end]))
            end = back[end]
        path.reverse()
        return path


class SentencePieceBPE(_SentencePieceTables, BPE):
    """SentencePiece's BPE encoder (``bpe::Model::SampleEncode`` without dropout).

    Args:
        pieces: the pieces in id order.
        scores: their scores (higher merges first).
        types: each piece's ``ModelProto.SentencePiece.Type``.
        unk_id: the unknown piece's id.
        byte_fallback: spell unknown characters as ``<0xNN>`` pieces.
        merges: a merge table for the views that show merges (not used to encode).

    Example:
        >>> model = SentencePieceBPE(["<unk>", "a", "b", "ab"], [0.0, -2.0, -3.0, -1.0],
        ...                          [2, 1, 1, 1], unk_id=0)
        >>> [(t.value, t.id) for t in model.tokenize("abxy")]
        [('ab', 3), ('xy', 0)]
    """

    compact_state = None  # pickled as itself: no flat-column form

    def __init__(self, pieces: list[str], scores: list[float], types: list[int], unk_id: int,
                 byte_fallback: bool = False,
                 merges: Any = None) -> None:
        vocab = {piece: i for i, piece in enumerate(pieces)}
        BPE.__init__(self, vocab, merges or [], unk_token=pieces[unk_id], fuse_unk=True,
                     byte_fallback=byte_fallback)
        self._init_tables(pieces, types, unk_id, byte_fallback)
        self._ranks = [score_rank(score) for score in scores]

    def piece_cache(self, transform: object) -> None:
        return None  # the fast path never runs: the normalizer is not char-local

    def without_pieces(self, pieces: Iterable[str]) -> SentencePieceBPE:
        """This model as if ``pieces`` could never be formed, as in a model trained with
        fewer merges (the merges pane's replay). They keep their ids, typed as control
        pieces: the library never looks those up in the text, so no merge makes them."""
        dropped = set(pieces)
        names = [""] * len(self.piece_types)
        for piece, piece_id in self.get_vocab().items():
            names[piece_id] = piece
        types = [CONTROL if kind in _MATCHING and piece in dropped else kind
                 for piece, kind in zip(names, self.piece_types)]
        clone = copy.copy(self)  # its own word cache (BPE.__copy__)
        clone._init_tables(names, types, self.spm_unk_id, self.spm_byte_fallback)
        return clone

    def tokenize(self, sequence: str) -> list[Token]:
        if not sequence:
            return []
        hit = self._cache.get(sequence)
        if hit is not None:
            return list(hit)
        tokens = self._tokens(sequence, self._segment(sequence))
        self._cache.put(sequence, tokens)
        return tokens

    def tokenize_columns(self, sequence: str) -> tuple[tuple, tuple, tuple, tuple]:
        tokens = self.tokenize(sequence)
        return (tuple(t.id for t in tokens), tuple(t.value for t in tokens),
                tuple(t.offsets[0] for t in tokens), tuple(t.offsets[1] for t in tokens))

    def _segment(self, text: str) -> list[tuple[int, int, int]]:
        """``(start, end, id)`` of each final piece (unknown ones unfused)."""
        # 1. one symbol per character, a user-defined symbol whole and frozen
        if self._user_by_first:
            starts: list[int] = []
            ends: list[int] = []
            frozen: list[bool] = []
            position = 0
            while position < len(text):
                size = self._user_symbol_at(text, position)
                frozen.append(size > 0)
                starts.append(position)
                position += size or 1
                ends.append(position)
        else:  # the usual case: one symbol per character
            starts, ends = list(range(len(text))), list(range(1, len(text) + 1))
            frozen = [False] * len(text)
        count = len(starts)
        prev = list(range(-1, count - 1))
        nxt = [*range(1, count), -1]
        matching, ranks, unused = self._matching, self._ranks, self._unused
        agenda: list[tuple[int, int, int, int]] = []
        rev_merge: dict[str, tuple[str, str]] = {}

        def push(left: int, right: int) -> None:
            if left < 0 or right < 0 or frozen[left] or frozen[right]:
                return
            piece = text[starts[left]:ends[right]]
            piece_id = matching.get(piece)
            if piece_id is None:
                return
            heapq.heappush(agenda, (-ranks[piece_id], left, right, len(piece)))
            if piece_id in unused:  # remembered to split it again at the end
                rev_merge[piece] = (text[starts[left]:ends[left]],
                                    text[starts[right]:ends[right]])

        for i in range(1, count):
            push(i - 1, i)
        # 2. the highest-scoring pair first, the leftmost on a tie; stale pairs skipped
        while agenda:
            _, left, right, size = heapq.heappop(agenda)
            left_size, right_size = ends[left] - starts[left], ends[right] - starts[right]
            if not left_size or not right_size or left_size + right_size != size:
                continue
            ends[left] = ends[right]
            starts[right] = ends[right]  # empty: merged away
            nxt[left] = nxt[right]
            if nxt[right] >= 0:
                prev[nxt[right]] = left
            push(prev[left], left)
            push(left, nxt[left])
        # 3. unused pieces split back into the pieces that made them
        spans: list[tuple[int, int, int]] = []
        index = 0 if count else -1
        while index != -1:
            self._resegment(text[starts[index]:ends[index]], starts[index], rev_merge, spans)
            index = nxt[index]
        return spans

    def _resegment(self, piece: str, start: int, rev_merge: dict[str, tuple[str, str]],
                   spans: list[tuple[int, int, int]], depth: int = 0) -> None:
        """One final symbol: unknown unless a normal or user-defined piece; an unused
        piece split again into the two symbols that made it (100 levels at most)."""
        piece_id = self._matching.get(piece, self.spm_unk_id)
        parts = rev_merge.get(piece) if piece_id in self._unused else None
        if depth > _MAX_RESEGMENT_DEPTH or (piece_id in self._unused and parts is None):
            piece_id = piece_id if depth > _MAX_RESEGMENT_DEPTH else self.spm_unk_id
            parts = None
        if parts is None:
            spans.append((start, start + len(piece), piece_id))
            return
        self._resegment(parts[0], start, rev_merge, spans, depth + 1)
        self._resegment(parts[1], start + len(parts[0]), rev_merge, spans, depth + 1)


__all__ = ["SentencePieceBPE", "SentencePieceUnigram", "f32"]
