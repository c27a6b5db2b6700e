"""Encoding a text without a NormalizedString per word, where that gives the same result.

The general pipeline (:meth:`Tokenizer._encode_text`) keeps a NormalizedString, with
an alignment for every character, for each split of the text. In the common case
nothing moves characters across each other: the normalizer is char-local, each char
becoming a string of its own (``fast_normalize``, which also tells where each
normalized char comes from), and the pre-tokenizer only cuts the normalized text into
substrings (``fast_split``), after which it may rewrite each piece (``piece_transform``:
ByteLevel's byte mapping, as the general pipeline's ``_byte_level_normalize``).
A piece's tokens, and their offsets relative to the piece, then depend on the piece
alone; a piece whose chars come from consecutive original chars is placed by a mere
shift, any other piece by mapping each token's ends through the sources.
:func:`encode_piece` computes them with the general code, exactly as
``PreTokenizedString.into_encoding`` would, and the model's piece cache keeps them.

Added tokens are cut out as :meth:`AddedVocabulary.extract_and_normalize` does. When
a stage cannot promise the above for a text (a composition that merges chars, marks
that may reorder across chars, a pre-tokenizer without ``fast_split``, ...),
:func:`encode_text` returns None and the caller runs the general pipeline. It can also
record the stages ``Tokenizer.explain`` shows. ``tests/core/test_fastpath.py`` checks
that both paths agree, encodings and explanations alike.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from operator import ge, gt
from typing import NamedTuple

from .encoding import Encoding, Offsets
from .models._vocab import CACHE_MAX_WORD
from .normalized import NormalizedString
from .pretokenized import PreToken

ENABLED = True  # tests turn it off to compare with the general pipeline
PIECE_CACHE_CAPACITY = 50_000  # pieces per model and transform; inserting stops when full

# A piece's token ids, token strings, and start and end offsets relative to the piece.
EncodedPiece = tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]
Pieces = tuple[list[str], list[int]]  # pieces of a text and where each starts in it
Local = tuple[str, list[int] | None]  # a text and where each char comes from (normalizers)
_NO_CACHE: dict[str, EncodedPiece] = {}  # stands for the cache of a model without one


def encode_text(added, normalizer, pre_tokenizer, model, text: str, type_id: int,
                word_index: int | None, stages: list | None = None) -> Encoding | None:
    """What ``Tokenizer._encode_text`` returns for ``text``, or None to use the general path.

    With ``stages``, also appends what ``Tokenizer.explain`` shows (only on success):
    the normalized text with each char's original span, and the pre-tokens as
    ``(text, original span, is an added token)``.
    """
    steps = _Steps(
        _fast_stage(normalizer, "fast_normalize", _unchanged),
        getattr(pre_tokenizer, "fast_rewrite", None),
        _fast_stage(pre_tokenizer, "fast_split", _whole_text),
    )
    if not ENABLED or steps.normalize is None or steps.split is None:
        return None
    transform = getattr(pre_tokenizer, "piece_transform", None)
    recorder = None if stages is None else _StageRecorder(transform)
    out = _Columns(model, transform, word_index)
    for id_, start, end in added.cut(text, normalized=False):
        if id_ is not None:
            out.add_token(id_, text[start:end], start, end)
            if recorder is not None:
                recorder.raw_added_token(text[start:end], start)
        elif not _add_chunk(out, added, steps, text[start:end], start, recorder):
            return None
    if recorder is not None:
        stages += recorder.stages()
    return out.encoding(type_id)


class _Steps(NamedTuple):
    normalize: Callable[[str], Local | None] | None
    # The pre-tokenizer's char-local edit of each split before cutting it (Metaspace).
    rewrite: Callable[[str, bool], Local] | None
    split: Callable[[str], Pieces | None] | None


def _add_chunk(out: _Columns, added, steps: _Steps, chunk: str, start: int,
               recorder: _StageRecorder | None) -> bool:
    """Normalize, cut and tokenize the text between two raw added tokens.

    ``chunk`` starts at ``start`` in the text. False if it needs the general path.
    """
    local = steps.normalize(chunk)
    if local is None:
        return False
    normalized, sources = local
    place = _Placement(start, sources)
    if recorder is not None:
        recorder.normalized_chunk(normalized, place)
    for id_, s, e in added.cut(normalized, normalized=True):
        if id_ is not None:
            out.add_token(id_, normalized[s:e], *place.span(s, e))
            if recorder is not None:
                recorder.pre_tokens.append(PreToken(normalized[s:e], place.span(s, e), True))
            continue
        segment, segment_place, first = normalized[s:e], place, s
        if steps.rewrite is not None:
            # HF's "offsets_original().0 == 0": this split starts the text.
            segment, moved = steps.rewrite(segment, place.span(s, e)[0] == 0)
            if moved is not None:
                segment_place, first = place.rebased(s, moved), 0
        pieces = steps.split(segment)
        if pieces is None or not out.add_pieces(*pieces, first, segment_place):
            return False
        if recorder is not None:
            recorder.pieces(*pieces, first, segment_place)
    return True


class _StageRecorder:
    """Collects the stages ``Tokenizer.explain`` shows, as the general pipeline reports them."""

    def __init__(self, transform) -> None:
        self.transform = transform
        self.normalized: list[str] = []
        self.alignments: list[Offsets] = []
        self.pre_tokens: list[PreToken] = []

    def raw_added_token(self, value: str, start: int) -> None:
        self.normalized.append(value)
        self.alignments += [(i, i + 1) for i in range(start, start + len(value))]
        self.pre_tokens.append(PreToken(value, (start, start + len(value)), True))

    def normalized_chunk(self, normalized: str, place: _Placement) -> None:
        self.normalized.append(normalized)
        self.alignments += [place.span(j, j + 1) for j in range(len(normalized))]

    def pieces(self, pieces: list[str], starts: list[int], first: int, place: _Placement) -> None:
        for piece, start in zip(pieces, starts):
            at = first + start
            seen = piece if self.transform is None else self.transform(piece)
            text = seen.normalized if isinstance(seen, NormalizedString) else seen
            self.pre_tokens.append(PreToken(text, place.span(at, at + len(piece)), False))

    def stages(self) -> list:
        return [("".join(self.normalized), self.alignments), self.pre_tokens]


def encode_piece(model, transform, piece: str) -> EncodedPiece | None:
    """Tokens of one split, offsets relative to it, as the general pipeline finds them.

    ``transform(piece)`` gives the text the model sees: a str while each char still
    aligns with the char at its index, else a NormalizedString with the alignments.
    """
    word = piece if transform is None else transform(piece)
    n = word if isinstance(word, NormalizedString) else None
    text = word if n is None else n.normalized
    columns = getattr(model, "tokenize_columns", None)  # the same as tokenize, column-wise
    ids, values, starts, ends = columns(text) if columns else _columns(model, text)
    # Spans inside the piece come back unchanged from convert_normalized_to_original
    # when the alignment is the identity.
    if ids and not ((n is None or n.is_identity) and _within(starts, ends, len(piece))):
        n = n or NormalizedString(piece, text)
        converted = tuple(map(n.convert_normalized_to_original, starts, ends))
        if None in converted:
            return None  # into_encoding then keeps the model's offsets as they are
        starts, ends = zip(*converted)
    return ids, values, starts, ends


def _columns(model, word: str) -> EncodedPiece:
    tokens = model.tokenize(word)
    if not tokens:
        return (), (), (), ()
    ids, values, offsets = zip(*tokens)
    return (ids, values, *zip(*offsets))


def _within(starts: tuple[int, ...], ends: tuple[int, ...], length: int,
            non_empty: bool = False) -> bool:
    """Whether every span lies inside a piece of ``length`` chars (and, with
    ``non_empty``, covers at least one of them)."""
    ordered = all(map(gt if non_empty else ge, ends, starts))
    return not starts or (min(starts) >= 0 and max(ends) <= length and ordered)


def _fast_stage(component, name: str, default: Callable) -> Callable | None:
    return default if component is None else getattr(component, name, None)


def _unchanged(text: str) -> tuple[str, None]:
    return text, None


def _whole_text(text: str) -> Pieces:
    return ([text], [0]) if text else ([], [])


class _Placement:
    """Where the chars of a normalized chunk come from in the original text.

    ``sources[j]`` is the chunk-relative index of the original char behind normalized
    char ``j`` (None: char ``j`` itself); the chunk starts at ``start`` in the text.
    """

    __slots__ = ("start", "sources", "breaks")

    def __init__(self, start: int, sources: list[int] | None) -> None:
        self.start, self.sources = start, sources
        # Where sources stop counting up by one: a piece spanning none is a plain shift.
        self.breaks = [] if sources is None else [
            j for j in range(1, len(sources)) if sources[j] != sources[j - 1] + 1]

    def shift(self, first: int, length: int) -> int | None:
        """Where normalized chars ``first:first + length`` start in the text, if they come
        from as many consecutive original chars; else None."""
        if self.sources is None:
            return self.start + first
        breaks = self.breaks
        i = bisect_right(breaks, first)
        if i < len(breaks) and breaks[i] < first + length:
            return None
        return self.start + self.sources[first]

    def rebased(self, first: int, sources: list[int]) -> _Placement:
        """The placement of a text whose char ``j`` comes from char ``first + sources[j]``
        of this one."""
        if self.sources is None:
            return _Placement(self.start, [first + j for j in sources])
        return _Placement(self.start, [self.sources[first + j] for j in sources])

    def span(self, start: int, end: int) -> Offsets:
        """The original span of normalized chars ``start:end`` (end > start)."""
        if self.sources is None:
            return (self.start + start, self.start + end)
        return (self.start + self.sources[start], self.start + self.sources[end - 1] + 1)


class _Columns:
    """The encoding's columns, filled split by split (offsets as two int columns)."""

    __slots__ = ("ids", "tokens", "starts", "ends", "words", "word", "word_index", "model",
                 "transform", "cache")

    def __init__(self, model, transform, word_index: int | None) -> None:
        self.ids: list[int] = []
        self.tokens: list[str] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.words: list[int] = []
        self.word = 0  # index of the next split: the word id unless word_index is given
        self.word_index = word_index
        self.model, self.transform = model, transform
        cache = getattr(model, "piece_cache", None)
        self.cache = cache(transform) if cache is not None else None

    def add_token(self, id_: int, value: str, start: int, end: int) -> None:
        """An added token: a split of its own holding one token."""
        self.ids.append(id_)
        self.tokens.append(value)
        self.starts.append(start)
        self.ends.append(end)
        self.words.append(self.word if self.word_index is None else self.word_index)
        self.word += 1

    def add_pieces(self, pieces: list[str], starts: list[int], first: int,
                   place: _Placement) -> bool:
        """Add the pieces of a normalized chunk; piece ``k`` is at ``first + starts[k]`` in it.

        False if some piece needs the general path.
        """
        if place.sources is None:
            return self._add_shifted(pieces, starts, place.start + first)
        return self._add_placed(pieces, starts, first, place)

    def _add_shifted(self, pieces: list[str], starts: list[int], shift: int) -> bool:
        """Add pieces each at ``shift + start`` in the text, their chars in the text's order."""
        ids, tokens, token_starts, token_ends, words = (
            self.ids, self.tokens, self.starts, self.ends, self.words)
        word, fixed = self.word, self.word_index
        cached = (self.cache if self.cache is not None else _NO_CACHE).get
        for piece, start in zip(pieces, starts):
            entry = cached(piece) or self._encode_new(piece)
            if entry is None:
                return False
            piece_ids, piece_tokens, piece_starts, piece_ends = entry
            at = shift + start
            if len(piece_ids) == 1:  # most pieces: plain appends are fastest
                ids.append(piece_ids[0])
                tokens.append(piece_tokens[0])
                token_starts.append(piece_starts[0] + at)
                token_ends.append(piece_ends[0] + at)
                words.append(word if fixed is None else fixed)
            else:
                ids += piece_ids
                tokens += piece_tokens
                for s in piece_starts:
                    token_starts.append(s + at)
                for e in piece_ends:
                    token_ends.append(e + at)
                words += [word if fixed is None else fixed] * len(piece_ids)
            word += 1
        self.word = word
        return True

    def _add_placed(self, pieces: list[str], starts: list[int], first: int,
                    place: _Placement) -> bool:
        """Add pieces that may come from scattered original chars: shifted where they
        do not, else each token placed through the sources."""
        cached = (self.cache if self.cache is not None else _NO_CACHE).get
        for piece, start in zip(pieces, starts):
            at = first + start
            shift = place.shift(at, len(piece))
            if shift is not None:
                if not self._add_shifted([piece], [0], shift):
                    return False
                continue
            entry = cached(piece) or self._encode_new(piece)
            if entry is None or not _within(*entry[2:], len(piece), non_empty=True):
                return False  # empty or stray tokens: the general path knows what to do
            ids, tokens, token_starts, token_ends = entry
            self.ids += ids
            self.tokens += tokens
            for s, e in zip(token_starts, token_ends):
                original = place.span(at + s, at + e)
                self.starts.append(original[0])
                self.ends.append(original[1])
            self.words += [self.word if self.word_index is None else self.word_index] * len(ids)
            self.word += 1
        return True

    def _encode_new(self, piece: str) -> EncodedPiece | None:
        entry = encode_piece(self.model, self.transform, piece)
        cache = self.cache
        if (entry is not None and cache is not None and len(cache) < PIECE_CACHE_CAPACITY
                and len(piece) < CACHE_MAX_WORD):
            cache[piece] = entry
        return entry

    def encoding(self, type_id: int) -> Encoding:
        n = len(self.ids)
        return Encoding(ids=self.ids, type_ids=[type_id] * n, tokens=self.tokens,
                        word_ids=self.words, offsets=list(zip(self.starts, self.ends)),
                        special_tokens_mask=[0] * n, attention_mask=[1] * n)
