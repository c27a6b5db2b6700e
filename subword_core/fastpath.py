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

``Tokenizer.encode`` of one text without pair, truncation or padding goes further
(:func:`encode_single`): the post-processors most pipelines use (none, ByteLevel,
TemplateProcessing) are laid out here, the ids and tokens joined at once, and the other
columns (offsets, word ids, type ids, masks) built from the same pieces when first read
(:meth:`Encoding.deferred`); ``tests/core/test_encode_single.py`` checks them against HF.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from itertools import chain, compress, islice, repeat
from operator import add, ge, gt, itemgetter, lt, ne, sub
from typing import NamedTuple

from .encoding import Encoding, Offsets
from .models.bpe import BPE
from .models.wordpiece import WordPiece
from .models._vocab import CACHE_MAX_WORD
from .normalized import NormalizedString
from .pretokenized import PreToken
from .processors.byte_level import ByteLevel as ByteLevelProcessor
from .processors.byte_level import process_offsets
from .processors.template import SequencePiece, TemplateProcessing

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
    out = _encode_columns(added, normalizer, pre_tokenizer, model, text, stages)
    return None if out is None else out.encoding(type_id, word_index)


def encode_single(added, normalizer, pre_tokenizer, model, post_processor, text: str,
                  add_special_tokens: bool) -> Encoding | None:
    """What ``Tokenizer.encode(text)`` returns without pair, truncation or padding, for
    the post-processors laid out here (none, ByteLevel, TemplateProcessing); else None.

    The ids and tokens are joined at once; the other columns when first read
    (:meth:`Encoding.deferred`), from the same pieces.
    """
    if type(post_processor) is ByteLevelProcessor:  # the usual case, without a partial
        out = _encode_columns(added, normalizer, pre_tokenizer, model, text, None)
        return None if out is None else _byte_level_layout(
            post_processor.trim_offsets, post_processor.add_prefix_space, out)
    layout = _layout(post_processor, add_special_tokens)
    if layout is None:
        return None
    out = _encode_columns(added, normalizer, pre_tokenizer, model, text, None)
    return None if out is None else layout(out)


def _encode_columns(added, normalizer, pre_tokenizer, model, text: str,
                    stages: list | None) -> _Columns | None:
    """The pieces of ``text`` encoded (see :func:`encode_text`), or None."""
    if not ENABLED:
        return None
    normalize = _unchanged if normalizer is None else getattr(normalizer, "fast_normalize", None)
    split = _whole_text if pre_tokenizer is None else getattr(pre_tokenizer, "fast_split", None)
    if normalize is None or split is None:
        return None
    rewrite = getattr(pre_tokenizer, "fast_rewrite", None)
    transform = getattr(pre_tokenizer, "piece_transform", None)
    piece_cache = getattr(model, "piece_cache", None)
    out = _Columns(model, transform, None if piece_cache is None else piece_cache(transform))
    if stages is None and rewrite is None and text and not added.may_match(text):
        # The usual text, without added tokens: what _add_chunk does, in fewer steps.
        local = (text, None) if normalizer is None else normalize(text)
        if local is None:
            return None
        normalized, sources = local
        if not added.has_normalized_tokens:
            pieces = split(normalized)
            if pieces is None:
                return None
            if sources is None:
                return out if out._add_shifted(*pieces, 0) else None
            return out if out._add_placed(*pieces, 0, _Placement(0, sources)) else None
        steps = _Steps(normalize, rewrite, split)
        return out if _add_chunk(out, added, steps, text, 0, None, local) else None
    cuts = added.cut(text, False)
    steps = _Steps(normalize, rewrite, split)
    recorder = None if stages is None else _StageRecorder(transform)
    for id_, start, end in cuts:
        if id_ is not None:
            out.add_token(id_, text[start:end], start, end)
            if recorder is not None:
                recorder.raw_added_token(text[start:end], start)
        elif not _add_chunk(out, added, steps, text[start:end], start, recorder):
            return None
    if recorder is not None:
        stages += recorder.stages()
    return out


# ------------------------------------------------------------- post-processing layouts
def _layout(post_processor, add_special_tokens: bool) -> Callable[[_Columns], Encoding] | None:
    """How ``post_processor.process(encoding)`` lays out a single sequence's columns, as a
    function of the columns; None for a post-processor not handled here (subclasses too)."""
    kind = type(post_processor)
    if post_processor is None:
        return _plain_layout
    if kind is ByteLevelProcessor:
        return partial(_byte_level_layout, post_processor.trim_offsets,
                       post_processor.add_prefix_space)
    if kind is TemplateProcessing:
        return _cached_template_layout(post_processor, add_special_tokens)
    return None


# (id(processor), add_special_tokens) -> (processor, its template list, a copy of that
# list, its special tokens dict, their count, the layout): reading a template costs as
# much as encoding a short line. Templates are not edited in place (HF's cannot be).
_TEMPLATE_LAYOUTS: dict[tuple[int, bool], tuple] = {}


def _cached_template_layout(processor, add_special_tokens: bool):
    key = (id(processor), add_special_tokens)
    found = _TEMPLATE_LAYOUTS.get(key)
    single, specials = processor.single, processor.special_tokens
    if (found is not None and found[0] is processor and found[1] is single
            and found[3] is specials and found[4] == len(specials) and found[2] == single):
        return found[5]
    layout = _template_layout(processor, add_special_tokens)
    if len(_TEMPLATE_LAYOUTS) >= 64:
        _TEMPLATE_LAYOUTS.clear()
    _TEMPLATE_LAYOUTS[key] = (processor, single, list(single), specials, len(specials), layout)
    return layout


def _plain_layout(out: _Columns) -> Encoding:
    """No post-processor: the encoding as the pipeline gives it (type id 0, no ranges)."""
    return Encoding.deferred(out.ids(), out.tokens(), {}, partial(out.fields, 0, None))


def _byte_level_layout(trim: bool, add_prefix_space: bool, out: _Columns) -> Encoding:
    """ByteLevel's ``process``: sequence 0, offsets trimmed of spaces if ``trim``."""
    entries = out.entries
    ids = list(chain.from_iterable(map(_IDS, entries)))
    return Encoding.deferred(ids, list(chain.from_iterable(map(_TOKENS, entries))),
                             {0: (0, len(ids))},
                             partial(_trimmed_fields, out, trim, add_prefix_space))


def _trimmed_fields(out: _Columns, trim: bool, add_prefix_space: bool) -> dict[str, list]:
    fields = out.fields(0, None)
    if trim:
        process_offsets(_Trimmed(out.tokens(), fields["offsets"]), add_prefix_space)
    return fields


class _Trimmed(NamedTuple):
    """What ``process_offsets`` reads of an encoding (it rewrites ``offsets`` in place)."""

    tokens: list[str]
    offsets: list[Offsets]


def _template_layout(processor, add_special_tokens: bool):
    """TemplateProcessing's single template, if it holds ``$A`` once and every special
    token it names (else the general code, which raises where it must)."""
    parts: list[tuple[int, tuple[int, ...], tuple[str, ...]]] = []  # (type id, ids, tokens)
    sequence = None  # $A's index in parts
    for piece in processor.single:
        if isinstance(piece, SequencePiece):
            if piece.id != "A" or sequence is not None:
                return None
            sequence = len(parts)
            parts.append((piece.type_id, (), ()))
        elif add_special_tokens:
            token = processor.special_tokens.get(piece.id)
            if token is None or len(token.ids) != len(token.tokens):
                return None
            parts.append((piece.type_id, tuple(token.ids), tuple(token.tokens)))
    if sequence is None:
        return None
    head, tail = parts[:sequence], parts[sequence + 1:]
    return partial(_templated_encoding, parts, sequence,
                   [i for part in head for i in part[1]], [t for part in head for t in part[2]],
                   [i for part in tail for i in part[1]], [t for part in tail for t in part[2]])


def _templated_encoding(parts: list, sequence: int, head_ids: list[int], head_tokens: list[str],
                        tail_ids: list[int], tail_tokens: list[str], out: _Columns) -> Encoding:
    """The sequence with the template's special tokens around it."""
    entries = out.entries
    ids = [*head_ids, *chain.from_iterable(map(_IDS, entries)), *tail_ids]
    tokens = [*head_tokens, *chain.from_iterable(map(_TOKENS, entries)), *tail_tokens]
    ranges = {0: (len(head_ids), len(ids) - len(tail_ids))}
    return Encoding.deferred(ids, tokens, ranges, partial(_templated_fields, parts, sequence, out))


def _templated_fields(parts: list, sequence: int, out: _Columns) -> dict[str, list]:
    fields = out.fields(parts[sequence][0], None)
    before: dict[str, list] = {name: [] for name in fields}
    after: dict[str, list] = {name: [] for name in fields}
    for k, (type_id, ids, _) in enumerate(parts):
        if k == sequence:
            continue
        n = len(ids)
        side = before if k < sequence else after
        side["type_ids"] += [type_id] * n
        side["word_ids"] += [None] * n
        side["offsets"] += [(0, 0)] * n
        side["special_tokens_mask"] += [1] * n
        side["attention_mask"] += [1] * n
    return {name: before[name] + fields[name] + after[name] for name in fields}


class _Steps(NamedTuple):
    normalize: Callable[[str], Local | None] | None
    # The pre-tokenizer's char-local edit of each split before cutting it (Metaspace).
    rewrite: Callable[[str, bool], Local] | None
    split: Callable[[str], Pieces | None] | None


def _add_chunk(out: _Columns, added, steps: _Steps, chunk: str, start: int,
               recorder: _StageRecorder | None, local: Local | None = None) -> bool:
    """Normalize, cut and tokenize the text between two raw added tokens.

    ``chunk`` starts at ``start`` in the text; ``local``, if given, is its normalization.
    False if it needs the general path.
    """
    if local is None:
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
    if n is None and type(model) in _TILING_MODELS:  # not subclasses: they may differ
        tiled = model.tiled_columns(text)  # tokens covering text end to end, in order
        if tiled is not None:
            return tiled
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

    __slots__ = ("start", "sources", "breaks", "stops")

    def __init__(self, start: int, sources: list[int] | None) -> None:
        self.start, self.sources = start, sources
        # Where sources stop counting up by one: a piece spanning none of these comes
        # from as many consecutive original chars, so a shift places it.
        self.breaks = [] if sources is None else list(compress(
            range(1, len(sources)), map(ne, islice(sources, 1, None), map(_NEXT, sources))))
        self.stops = [*self.breaks, _FAR]  # the breaks and one past any piece's end

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
    """The encoding's tokens, kept split by split: each split's encoded piece (its token
    columns relative to the split), where the split starts, and its word index. The
    columns are joined only when asked for (:meth:`ids`, :meth:`fields`).

    ``cache`` is the model's piece cache: piece -> encoded piece, and, for pieces from
    scattered chars, (piece, its chars' sources relative to the first) -> encoded piece
    with offsets relative to the first char's source.
    """

    __slots__ = ("entries", "shifts", "words", "word", "model", "transform", "cache")

    def __init__(self, model, transform, cache: dict | None) -> None:
        self.entries: list[EncodedPiece] = []
        self.shifts: list[int] = []  # where each entry's offsets start in the text
        self.words: list[int] = []  # each entry's split index
        self.word = 0  # index of the next split
        self.model, self.transform, self.cache = model, transform, cache

    def add_token(self, id_: int, value: str, start: int, end: int) -> None:
        """An added token: a split of its own holding one token."""
        self.entries.append(((id_,), (value,), (0,), (end - start,)))
        self.shifts.append(start)
        self.words.append(self.word)
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
        entries = self._entries(pieces)
        if entries is None:
            return False
        self._extend(entries, [start + shift for start in starts] if shift else starts)
        return True

    def _add_placed(self, pieces: list[str], starts: list[int], first: int,
                    place: _Placement) -> bool:
        """Add pieces that may come from scattered original chars: shifted where they
        do not, else each token placed through the sources."""
        entries = self._entries(pieces)
        if entries is None:
            return False
        sources = place.sources
        ats = [first + start for start in starts] if first else starts
        shifts = list(map(place.start.__add__, map(sources.__getitem__, ats)))
        # A piece is shifted if the next break of the sources after its first char is
        # not inside it (see _Placement.breaks), else placed token by token.
        next_breaks = map(place.stops.__getitem__, map(bisect_right, repeat(place.breaks), ats))
        ends = map(add, ats, map(len, pieces))
        cached = (self.cache if self.cache is not None else _NO_CACHE).get
        for k in compress(range(len(pieces)), map(lt, next_breaks, ends)):
            at, piece = ats[k], pieces[k]
            # Where each char of the piece comes from, relative to its first char's source.
            chars = sources[at:at + len(piece)]
            key = (piece, tuple(map(sub, chars, repeat(chars[0]))))
            entry = cached(key) or self._placed(key, entries[k])
            if entry is None:
                return False
            entries[k] = entry
        self._extend(entries, shifts)
        return True

    def _placed(self, key: tuple[str, tuple[int, ...]],
                entry: EncodedPiece) -> EncodedPiece | None:
        """A piece's entry with offsets mapped through its chars' relative sources
        (``key``: the piece and those sources), cached beside the pieces. None if some
        token is empty or strays outside the piece (the general path knows what to do)."""
        cache = self.cache
        ids, tokens, starts, ends = entry
        piece, sources = key
        if not _within(starts, ends, len(piece), non_empty=True):
            return None
        placed = (ids, tokens, tuple(sources[s] for s in starts),
                  tuple(sources[e - 1] + 1 for e in ends))
        if cache is not None and len(cache) < PIECE_CACHE_CAPACITY and len(piece) < CACHE_MAX_WORD:
            cache[key] = placed
        return placed

    def _entries(self, pieces: list[str]) -> list[EncodedPiece] | None:
        """Each piece's encoded columns, from the cache or the model; None if some piece
        needs the general path."""
        entries = list(map((self.cache if self.cache is not None else _NO_CACHE).get, pieces))
        if None in entries:  # pieces seen for the first time
            for k, entry in enumerate(entries):
                if entry is None:
                    entry = entries[k] = self._encode_new(pieces[k])
                    if entry is None:
                        return None
        return entries

    def _extend(self, entries: list[EncodedPiece], shifts: list[int]) -> None:
        """Add one split per entry, at the given shifts."""
        self.entries += entries
        self.shifts += shifts
        word = self.word
        self.word = word + len(entries)
        self.words += range(word, self.word)

    def _encode_new(self, piece: str) -> EncodedPiece | None:
        entry = encode_piece(self.model, self.transform, piece)
        cache = self.cache
        if (entry is not None and cache is not None and len(cache) < PIECE_CACHE_CAPACITY
                and len(piece) < CACHE_MAX_WORD):
            cache[piece] = entry
        return entry

    def ids(self) -> list[int]:
        return list(chain.from_iterable(map(_IDS, self.entries)))

    def tokens(self) -> list[str]:
        return list(chain.from_iterable(map(_TOKENS, self.entries)))

    def fields(self, type_id: int, word_index: int | None) -> dict[str, list]:
        """The columns other than ids and tokens, as the general pipeline fills them."""
        entries = self.entries
        counts = list(map(len, map(_IDS, entries)))
        n = sum(counts)
        if n == len(entries) and 0 not in counts:  # one token per split: no repeats
            shifts, words = self.shifts, list(self.words)
        else:
            shifts = list(chain.from_iterable(map(repeat, self.shifts, counts)))
            words = list(chain.from_iterable(map(repeat, self.words, counts)))
        starts = map(add, chain.from_iterable(map(_STARTS, entries)), shifts)
        ends = map(add, chain.from_iterable(map(_ENDS, entries)), shifts)
        if word_index is not None:
            words = [word_index] * n
        return {"type_ids": [type_id] * n, "word_ids": words, "offsets": list(zip(starts, ends)),
                "special_tokens_mask": [0] * n, "attention_mask": [1] * n}

    def encoding(self, type_id: int, word_index: int | None) -> Encoding:
        return Encoding(ids=self.ids(), tokens=self.tokens(), **self.fields(type_id, word_index))


_IDS, _TOKENS, _STARTS, _ENDS = map(itemgetter, range(4))
_TILING_MODELS = (BPE, WordPiece)  # models whose tiled_columns the fast path may use
_NEXT = (1).__add__
_FAR = 1 << 62
