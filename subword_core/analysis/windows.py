"""Windows: what ``max_length``, ``stride`` and overflow make of a long text (or a question pair).

A model reads at most ``max_length`` tokens. Hugging Face tokenizers cut a longer
input into *windows*: ``enable_truncation(max_length, stride=..., strategy=...,
direction=...)`` then ``encode(...)`` returns the first window and the others in
``encoding.overflowing``; neighbouring windows share ``stride`` tokens. For a
question + context pair, the ``only_second`` strategy cuts only the context, so every
window repeats the whole question: this is what ``transformers``' question-answering
preprocessing does (``tok(question, context, truncation="only_second", max_length=384,
stride=128, return_overflowing_tokens=True, return_offsets_mapping=True)``), and the
offsets then map an answer found in any window back to the context's characters.

This module adds the figures a reader of those windows needs, all computed from the
core's own truncation (:meth:`Tokenizer.encode` with :mod:`subword_core.truncation`):

- :func:`window_encodings` — the windows exactly as HF returns them (first, then overflow);
- :func:`encode_windows` — the same windows, each with the context characters it covers,
  which tokens of the whole context it holds, and what it shares with the previous one;
- :meth:`Windows.containing` / :meth:`Windows.tokens_in_span` — which windows hold a
  character span, and which of their tokens;
- :func:`window_pieces` — a window cut into drawable pieces (special-token chips, text
  runs of one sequence covered by the same tokens, and uncovered gaps).

Which tokens of the whole context a window holds is found without re-implementing the
truncation: the bare encodings are tagged with their positions (in the ``ids``, which
post-processors never read) and post-processed again with the same settings, so each
window token carries where it came from.

Example:
    >>> from subword_core.models.wordlevel import WordLevel
    >>> from subword_core.pre_tokenizers import WhitespaceSplit
    >>> from subword_core.tokenizer import Tokenizer
    >>> text = "one two three four five six seven"
    >>> tok = Tokenizer(WordLevel({w: i for i, w in enumerate(text.split())}))
    >>> tok.pre_tokenizer = WhitespaceSplit()
    >>> w = encode_windows(tok, text, settings=WindowSettings(max_length=4, stride=1))
    >>> [x.context_span for x in w.windows], w.windows[1].overlap_span, w.containing((14, 18))
    ([(0, 18), (14, 33)], (14, 18), [0, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..encoding import Encoding, Offsets
from ..errors import EncodingError, SubwordError
from ..text.graphemes import joined_spans
from ..truncation import DIRECTIONS, STRATEGIES
from ..text.packing import pack_encodings, unpack_encodings

Span = tuple[int, int]

#: Sequence index of the question and of the context in a pair (the question comes first,
#: as in ``transformers``' question-answering examples); a single text is sequence 0.
QUESTION, CONTEXT = 0, 1


@dataclass(frozen=True)
class WindowSettings:
    """How to cut: HF ``enable_truncation`` arguments, plus whether special tokens are added.

    ``max_length`` counts the special tokens, as in HF.
    """

    max_length: int = 384
    stride: int = 128
    strategy: str = "longest_first"
    direction: str = "right"
    add_special_tokens: bool = True

    def check(self) -> None:
        """Raise :class:`EncodingError` (one line) on settings HF would refuse."""
        for name in ("max_length", "stride"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise EncodingError(f"{name} must be a non-negative integer, got {value!r}")
        if self.strategy not in STRATEGIES:
            raise EncodingError(f"unknown strategy {self.strategy!r}; use one of "
                                + ", ".join(STRATEGIES))
        if self.direction not in DIRECTIONS:
            raise EncodingError(f"unknown direction {self.direction!r}; use left or right")


@dataclass(frozen=True)
class Window:
    """One window: its encoding and where it sits in the question and the context.

    Attributes:
        index: position in the list (0 is HF's main encoding, then ``overflowing``).
        encoding: the window as the model reads it (special tokens included).
        context_tokens: ``(first, end)`` token indices of the context inside ``encoding``.
        context_range: ``(first, end)`` positions of those tokens in the whole context's
            tokens (no special tokens), or None when the window holds no context token.
        context_span: the context characters the window covers (first token start to
            last token end), or None.
        question_tokens / question_range / question_span: the same for the question
            (None for a single text).
        overlap_tokens: context tokens shared with the previous window (0 for the first).
        overlap_span: context characters shared with the previous window, or None.
    """

    index: int
    encoding: Encoding
    context_tokens: Span
    context_range: Span | None
    context_span: Span | None
    question_tokens: Span | None = None
    question_range: Span | None = None
    question_span: Span | None = None
    overlap_tokens: int = 0
    overlap_span: Span | None = None

    @property
    def overlap_chars(self) -> int:
        """Characters of the context shared with the previous window."""
        return 0 if self.overlap_span is None else self.overlap_span[1] - self.overlap_span[0]


@dataclass(frozen=True)
class Windows:
    """Every window of one text (or question + context) under one :class:`WindowSettings`."""

    context: str
    question: str | None
    settings: WindowSettings
    windows: tuple[Window, ...]
    context_length: int  # tokens of the whole context, no special tokens
    question_length: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __len__(self) -> int:
        return len(self.windows)

    def __reduce__(self) -> tuple:
        """Pickle the windows' encodings as packed columns (:mod:`subword_core.text.packing`):
        the app cuts a long text in a worker process and sends the windows to the window,
        and thousands of encodings of Python lists unpickled in one call froze it."""
        encodings = [w.encoding for w in self.windows]
        rows = [(w.index, w.context_tokens, w.context_range, w.context_span, w.question_tokens,
                 w.question_range, w.question_span, w.overlap_tokens, w.overlap_span)
                for w in self.windows]
        return _unpack_windows, (self.context, self.question, self.settings, rows,
                                 pack_encodings(encodings), self.context_length,
                                 self.question_length, self.notes)

    @property
    def context_sequence(self) -> int:
        """The sequence index of the context in each window's encoding."""
        return CONTEXT if self.question is not None else 0

    def tokens_in_span(self, window: int, span: Span, sequence: int | None = None) -> list[int]:
        """Tokens of window ``window`` overlapping ``span`` of ``sequence`` (default: context)."""
        seq = self.context_sequence if sequence is None else sequence
        found = []
        enc = self.windows[window].encoding
        for i, seq_id in enumerate(enc.sequence_ids):
            s, e = enc.offsets[i]
            if seq_id != seq or enc.special_tokens_mask[i] or s == e:
                continue
            if s < span[1] and span[0] < e or (span[0] == span[1] and s <= span[0] < e):
                found.append(i)
        return found

    def containing(self, span: Span, sequence: int | None = None) -> list[int]:
        """Indices of the windows that hold at least one token of ``span``."""
        question = sequence == QUESTION and self.question is not None
        found = []
        for k, w in enumerate(self.windows):
            # a window whose characters miss the span holds none of its tokens: skip it
            # without looking at its tokens (a 50k text has thousands of windows)
            covered = w.question_span if question else w.context_span
            if covered is None or span[0] >= covered[1] or span[1] < covered[0]:
                continue
            if self.tokens_in_span(k, span, sequence):
                found.append(k)
        return found

    def shared_tokens(self, window: int) -> tuple[frozenset[int], frozenset[int]]:
        """Context tokens of ``window`` (indices in its encoding) that the previous window
        also holds, and those the next window also holds: the stride overlap, both sides."""
        w = self.windows[window]
        if w.context_range is None:
            return frozenset(), frozenset()
        first, end = w.context_tokens
        start = w.context_range[0]  # subtle: a window's context tokens are one contiguous run

        def shared(other: int) -> frozenset[int]:
            if not 0 <= other < len(self.windows):
                return frozenset()
            rng = self.windows[other].context_range
            if rng is None:
                return frozenset()
            return frozenset(i for i in range(first, end) if rng[0] <= start + i - first < rng[1])

        return shared(window - 1), shared(window + 1)


def _unpack_windows(context: str, question: str | None, settings: WindowSettings,
                    rows: list[tuple], encodings: tuple, context_length: int,
                    question_length: int, notes: tuple[str, ...]) -> Windows:
    encs = unpack_encodings(encodings)
    windows = tuple(Window(row[0], enc, *row[1:]) for row, enc in zip(rows, encs))
    return Windows(context, question, settings, windows, context_length, question_length, notes)


# ----------------------------------------------------------------------------- encoding
def _configured(tokenizer: Any, settings: WindowSettings) -> Any:
    """A shallow copy of ``tokenizer`` that truncates as ``settings`` say and never pads."""
    settings.check()
    tok = tokenizer.shallow_copy()  # the shared tokenizer (other panes, threads) stays as it is
    tok.no_padding()
    try:
        tok.enable_truncation(settings.max_length, stride=settings.stride,
                              strategy=settings.strategy, direction=settings.direction)
    except ValueError:  # HF checks the stride against the room a single text leaves
        n_special = tok.num_special_tokens_to_add(False)
        keep = settings.max_length - n_special
        raise EncodingError(
            f"stride {settings.stride} leaves no room to move on: each window keeps {keep} "
            f"tokens of the text (max_length {settings.max_length} − {n_special} special "
            f"tokens); use a stride below {keep}") from None
    return tok


def _bare(tokenizer: Any) -> Any:
    """A copy that only tokenizes: no special tokens, no truncation, no padding."""
    bare = tokenizer.shallow_copy()
    bare.post_processor = None
    bare.no_truncation()
    bare.no_padding()
    return bare


def _flatten(encoding: Encoding) -> list[Encoding]:
    """HF's order of windows: the main encoding, then its ``overflowing`` ones."""
    return [encoding, *encoding.overflowing]


def window_encodings(tokenizer: Any, context: str, question: str | None = None,
                     settings: WindowSettings = WindowSettings()) -> list[Encoding]:
    """The windows HF returns for ``tokenizer.encode(question, context)`` (or ``(context)``).

    Raises:
        EncodingError: settings HF refuses (a stride that leaves no room, ``only_second``
            without a question, a sequence too short to cut), said in words.
    """
    tok = _configured(tokenizer, settings)
    question = question or None
    if question is None and settings.strategy == "only_second":
        raise EncodingError("only_second cuts the second text of a pair: type a question, "
                            "or pick longest_first or only_first")
    add = settings.add_special_tokens
    try:
        main = tok.encode(context, add_special_tokens=add) if question is None \
            else tok.encode(question, context, add_special_tokens=add)
    except EncodingError as exc:
        raise EncodingError(_in_words(str(exc), tok, question, settings)) from None
    return _flatten(main)


def _in_words(message: str, tok: Any, question: str | None, settings: WindowSettings) -> str:
    """HF's truncation errors, with the numbers that explain them."""
    n_special = tok.num_special_tokens_to_add(question is not None) \
        if settings.add_special_tokens else 0
    n_question = len(_bare(tok).encode(question)) if question is not None else 0
    what = f"max_length {settings.max_length} − {n_special} special tokens"
    if question is not None and settings.strategy == "only_second":
        what += f" − {n_question} question tokens"
        room = settings.max_length - n_special - n_question
    else:
        room = None
    if "stride" in message:
        keep = message.rsplit("(", 1)[-1].rstrip(")")
        return (f"stride {settings.stride} leaves no room to move on: each window keeps "
                f"{keep} tokens of the text it cuts ({what}); use a stride below {keep}")
    if "too short" in message:
        if room is not None:
            return (f"no room for the context: {what} = {room} tokens; raise max_length or "
                    "shorten the question")
        return (f"{settings.strategy} cannot cut enough from the text it cuts to fit "
                f"max_length {settings.max_length}; pick another strategy or raise max_length")
    return message


def _tagged(encoding: Encoding) -> Encoding:
    """A copy whose ids are ``-1 - position``: post-processing keeps them, so each window
    token says which token of the bare sequence it is (added special tokens keep ids >= 0)."""
    tagged = encoding.copy()
    tagged.ids = [-1 - p for p in range(len(encoding))]
    return tagged


def encode_windows(tokenizer: Any, context: str, question: str | None = None,
                   settings: WindowSettings = WindowSettings()) -> Windows:
    """Cut ``context`` (after ``question``, if any) into windows and measure each one.

    Args:
        tokenizer: a :class:`~subword_core.tokenizer.Tokenizer` (left unchanged).
        context: the long text; offsets and spans are characters of it.
        question: the first text of a pair (None or "" for a single text).
        settings: max length, stride, strategy, direction, special tokens.

    Raises:
        EncodingError: see :func:`window_encodings`.
    """
    question = question or None
    # 1. the windows, exactly as encode() gives them
    encodings = window_encodings(tokenizer, context, question, settings)
    # 2. the same cut applied to position-tagged bare sequences: where each token came from
    tok = _configured(tokenizer, settings)
    bare = _bare(tokenizer)
    bare_context = bare.encode(context, add_special_tokens=settings.add_special_tokens)
    if question is None:
        tagged = tok.post_process(_tagged(bare_context), None, settings.add_special_tokens)
        bare_question = None
    else:
        bare_question = bare.encode(question, add_special_tokens=settings.add_special_tokens)
        tagged = tok.post_process(_tagged(bare_question), _tagged(bare_context),
                                  settings.add_special_tokens)
    tags = _flatten(tagged)
    if [len(e) for e in tags] != [len(e) for e in encodings]:
        raise SubwordError("windows of the tagged sequences do not line up (a bug)")
    # 3. each window's place, spans and overlap with the previous one
    windows: list[Window] = []
    ctx_seq = CONTEXT if question is not None else 0
    for k, (enc, tag) in enumerate(zip(encodings, tags)):
        c_tokens, c_range = _part(enc, tag, ctx_seq)
        q_tokens = q_range = q_span = None
        if question is not None:
            q_tokens, q_range = _part(enc, tag, QUESTION)
            q_span = _char_span(enc, q_tokens)
        c_span = _char_span(enc, c_tokens)
        previous = windows[-1] if windows else None
        windows.append(Window(
            k, enc, c_tokens, c_range, c_span, q_tokens, q_range, q_span,
            _shared(previous.context_range if previous else None, c_range),
            _intersection(previous.context_span if previous else None, c_span),
        ))
    return Windows(context, question, settings, tuple(windows), len(bare_context),
                   len(bare_question) if bare_question is not None else 0,
                   _notes(tok, question, settings))


def _part(enc: Encoding, tag: Encoding, sequence: int) -> tuple[Span, Span | None]:
    """Token indices of ``sequence`` in ``enc``, and their positions in the bare sequence."""
    seq_ids = enc.sequence_ids
    members = [i for i, s in enumerate(seq_ids) if s == sequence]
    if not members:
        return (0, 0), None
    positions = [-1 - tag.ids[i] for i in members if tag.ids[i] < 0]
    if not positions:
        return (members[0], members[-1] + 1), None
    return (members[0], members[-1] + 1), (min(positions), max(positions) + 1)


def _char_span(enc: Encoding, tokens: Span | None) -> Span | None:
    """First start to last end of the non-empty, non-special tokens in ``tokens``."""
    if tokens is None:
        return None
    spans = [enc.offsets[i] for i in range(*tokens)
             if not enc.special_tokens_mask[i] and enc.offsets[i][0] < enc.offsets[i][1]]
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)


def _intersection(a: Span | None, b: Span | None) -> Span | None:
    if a is None or b is None or min(a[1], b[1]) <= max(a[0], b[0]):
        return None
    return max(a[0], b[0]), min(a[1], b[1])


def _shared(a: Span | None, b: Span | None) -> int:
    span = _intersection(a, b)
    return 0 if span is None else span[1] - span[0]


def _notes(tok: Any, question: str | None, settings: WindowSettings) -> tuple[str, ...]:
    """HF quirks worth saying out loud."""
    n_special = tok.num_special_tokens_to_add(question is not None) \
        if settings.add_special_tokens else 0
    if n_special and settings.max_length < n_special:
        return (f"max_length {settings.max_length} is below the {n_special} special tokens: "
                "HF then does not truncate at all (one window holds everything)",)
    return ()


# ----------------------------------------------------------------------------- drawing
@dataclass(frozen=True)
class Piece:
    """A drawable piece of a window.

    ``sequence`` None: a chip for ``tokens`` (a special token, or a token that covers no
    text). Otherwise characters ``[start, end)`` of that sequence's text, covered by
    ``tokens`` (window token indices; several when byte-level tokens share a glyph, none
    for a gap no token covers, such as the space BERT drops).
    """

    sequence: int | None
    start: int
    end: int
    tokens: tuple[int, ...]


def window_pieces(encoding: Encoding, texts: dict[int, str]) -> list[Piece]:
    """``encoding``'s tokens in order as chips and text pieces (``texts``: sequence → text).

    Text pieces never cut a grapheme cluster (a ZWJ family or a flag split between byte
    tokens is one piece holding all of them), and the characters between two tokens of
    the same sequence become a gap piece.

    Example:
        >>> enc = Encoding(ids=[1, 7, 8, 2], tokens=["[CLS]", "hi", "you", "[SEP]"],
        ...                offsets=[(0, 0), (0, 2), (3, 6), (0, 0)], type_ids=[0] * 4,
        ...                word_ids=[None, 0, 1, None], special_tokens_mask=[1, 0, 0, 1],
        ...                attention_mask=[1] * 4, sequence_ranges={0: (1, 3)})
        >>> [(p.sequence, p.start, p.end, p.tokens) for p in window_pieces(enc, {0: "hi you"})]
        [(None, 0, 0, (0,)), (0, 0, 2, (1,)), (0, 2, 3, ()), (0, 3, 6, (2,)), (None, 0, 0, (3,))]
    """
    pieces: list[Piece] = []
    run: list[tuple[int, Offsets]] = []
    run_seq: int | None = None
    for i, seq in enumerate(encoding.sequence_ids):
        s, e = encoding.offsets[i]
        if seq is None or encoding.special_tokens_mask[i] or s >= e or seq not in texts:
            pieces.extend(_text_pieces(run, texts.get(run_seq, ""), run_seq))
            run, run_seq = [], None
            pieces.append(Piece(None, 0, 0, (i,)))
            continue
        if seq != run_seq:
            pieces.extend(_text_pieces(run, texts.get(run_seq, ""), run_seq))
            run, run_seq = [], seq
        run.append((i, (s, e)))
    pieces.extend(_text_pieces(run, texts.get(run_seq, ""), run_seq))
    return pieces


def _text_pieces(run: list[tuple[int, Offsets]], text: str, seq: int | None) -> list[Piece]:
    """Cells of one run of same-sequence tokens: merged where tokens or clusters overlap."""
    if not run or seq is None:
        return []
    # 1. tokens that overlap (byte tokens of one character) share a cell; gaps between
    cells: list[list[Any]] = []  # [start, end, tokens]
    for i, (s, e) in run:
        if cells and s < cells[-1][1] and cells[-1][2]:
            cells[-1][1] = max(cells[-1][1], e)
            cells[-1][2].append(i)
            continue
        if cells and s > cells[-1][1]:
            cells.append([cells[-1][1], s, []])
        cells.append([s, e, [i]])
    # 2. a boundary inside a grapheme cluster (a ZWJ family over several tokens) is removed
    lo, hi = cells[0][0], cells[-1][1]
    inside = set()
    for a, b in joined_spans(text[lo:hi]):
        inside.update(range(lo + a + 1, lo + b))
    merged: list[list[Any]] = []
    for cell in cells:
        if merged and cell[0] in inside:
            merged[-1][1] = max(merged[-1][1], cell[1])
            merged[-1][2].extend(cell[2])
        else:
            merged.append(cell)
    return [Piece(seq, s, e, tuple(tokens)) for s, e, tokens in merged]


__all__ = ["CONTEXT", "QUESTION", "Piece", "Window", "WindowSettings", "Windows",
           "encode_windows", "window_encodings", "window_pieces"]
