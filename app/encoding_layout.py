"""EncodingLayout: what the Encoding pane draws for one encoding, made where the encoding is made.

For each new encoding of a 50,000-character text the Encoding pane used to derive all of
this on the GUI thread: an index of ~20k token offsets, the text with its covered whitespace
as markers, the cut into document blocks, the special tokens before and after the text, the
status line's counts and the pipeline box's normalized text (15-30 ms of GUI-thread CPU per
encoding with Llama 3, a multiple of that on a busy machine, at every keystroke and whenever
the pane was shown again). The encoder process (:mod:`app.encode_process`) now makes it
right after the encoding and sends it with the :class:`~app.encode_options.EncodeResult`,
compact: a few strings and packed integer columns (``array``), no Python object per token.
The GUI thread then sets the document text and formats only the blocks on screen.

An encoding made on the GUI thread (a short text, another pane's) gets its layout made
there by the same functions (:func:`layout_for`), so what is drawn never depends on where
the encoding was made.

Pure Python (no Qt): it runs in the encoder process.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import weakref
from array import array
from dataclasses import dataclass
from typing import Any

from subword_core.analysis import sequence_summary, visible_text
from subword_core.text.graphemes import joined_spans

#: Characters beyond this are not drawn (a note says so); the tables still list every token.
MAX_DRAWN_CHARS = 100_000
#: Lines longer than this are drawn as several blocks (cut at a space), so that laying out
#: one block never costs more than a screenful.
BLOCK_CHARS = 1_000
#: Characters of the normalized text shown (the pre-tokens table lists every piece).
NORMALIZED_SHOWN = 20_000
#: Lines of the normalized text longer than this are cut (at a ␣ marker) into several.
LINE_CHARS = 1_000

#: What a whitespace character is drawn as (a line break stays one; Compare draws it too).
MARKERS = {" ": "␣", "\t": "→", "\u00a0": "⍽", "\u3000": "□", "\r": "␍"}
# covered whitespace becomes a marker; uncovered stays as it is, except characters that
# would break a document line (they always become a marker, to keep one glyph per character)
_LINE_BREAKERS = {"\r": "␍", "\u2028": "↵", "\u2029": "¶", "\x0b": "↓", "\x0c": "↓",
                  "\x85": "↵", "\x1c": "↵", "\x1d": "↵", "\x1e": "↵"}
_COVERED = tuple(({c: MARKERS.get(c, "·") for c in map(chr, range(0x3001))
                   if c.isspace() and c != "\n"} | _LINE_BREAKERS).items())
_UNCOVERED = tuple(_LINE_BREAKERS.items())

#: Block flags (:attr:`EncodingLayout.block_flags`).
NEWLINE, ASTRAL = 1, 2


def _replace(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    # a chain of str.replace is ~10x faster than str.translate with non-ASCII targets
    for old, new in pairs:
        if old in text:
            text = text.replace(old, new)
    return text


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


class TokenIndex:
    """The text tokens (not special, covering a character) that overlap a character range.

    Encoded text has its tokens in reading order: between the special tokens a
    post-processor adds before and after it, starts and ends never decrease. Then two
    columns of the offsets, made and checked by C loops (``map``, ``all``), answer a range
    by bisection, and Python only looks at the tokens of the ranges asked for, the blocks
    on screen. Anything else (a special token inside the text, offsets out of order) falls
    back to sorting the text tokens by start, with a running maximum of their ends.

    The columns are ``array``\\ s: the index pickles as a few bytes strings (the encoder
    process sends it) and keeps no reference to the encoding.
    """

    def __init__(self, offsets: Any, mask: Any, limit: int | None = None,
                 lo: int = 0, hi: int | None = None) -> None:
        hi = len(offsets) if hi is None else hi
        while lo < hi and mask[lo]:          # [CLS], <s>, left padding
            lo += 1
        while hi > lo and mask[hi - 1]:      # [SEP], </s>, padding: drawn as chips
            hi -= 1
        self.bounds = (lo, hi)               # the text tokens' range (specials at the ends off)
        if limit is not None:
            # tokens past the drawn characters are not indexed
            hi = bisect.bisect_left(offsets, limit, lo, hi, key=operator.itemgetter(0))
        column = list(itertools.islice(offsets, lo, hi))
        starts = array("q", map(operator.itemgetter(0), column))
        ends = array("q", map(operator.itemgetter(1), column))
        self._lo = lo
        self._in_order = (not any(itertools.islice(mask, lo, hi))
                          and all(map(operator.le, starts, itertools.islice(starts, 1, None)))
                          and all(map(operator.le, ends, itertools.islice(ends, 1, None))))
        self._order: array | None = None      # text tokens by start (the fallback, or asked)
        self._raw_ends: array | None = None   # the fallback's own ends, by position
        if not self._in_order:
            keep = [p for p in range(hi - lo) if not mask[lo + p] and starts[p] < ends[p]]
            keep.sort(key=starts.__getitem__)
            self._order = array("q", (lo + p for p in keep))
            self._raw_ends = array("q", (ends[p] for p in keep))
            starts = array("q", (starts[p] for p in keep))
            ends = array("q", itertools.accumulate(self._raw_ends, max))
        # in order: position p is token lo + p (empty tokens included, they cover nothing);
        # else position p is token _order[p], and ends are a running maximum
        self._starts, self._ends = starts, ends

    def tokens_in(self, start: int, end: int) -> list[int]:
        """Tokens overlapping characters ``[start, end)``, by start."""
        k = bisect.bisect_right(self._ends, start)
        stop = bisect.bisect_left(self._starts, end)
        if self._in_order:
            starts, ends, lo = self._starts, self._ends, self._lo
            return [lo + p for p in range(k, stop) if starts[p] < ends[p]]
        order, raw_ends = self._order, self._raw_ends
        return [order[p] for p in range(k, stop) if raw_ends[p] > start]

    def gaps(self, n: int) -> list[tuple[int, int]]:
        """Stretches of the first ``n`` characters that no token covers."""
        starts, ends = self._starts, self._ends
        if not starts:
            return [(0, n)] if n else []
        gaps = [(0, starts[0])] if starts[0] > 0 else []
        # a C loop: Python only sees the gaps, not every token
        gaps += itertools.compress(zip(ends, itertools.islice(starts, 1, None)),
                                   map(operator.lt, ends, itertools.islice(starts, 1, None)))
        if ends[-1] < n:
            gaps.append((ends[-1], n))
        # in order and apart: keep those that start before n, the last one cut at n
        gaps = gaps[:bisect.bisect_left(gaps, n, key=operator.itemgetter(0))]
        if gaps and gaps[-1][1] > n:
            gaps[-1] = (gaps[-1][0], n)
        return gaps

    def text_tokens(self) -> list[int]:
        """Every text token, by start (keyboard navigation asks; made once)."""
        if self._order is None:
            starts, ends, lo = self._starts, self._ends, self._lo
            self._order = array("q", (lo + p for p in range(len(starts)) if starts[p] < ends[p]))
        return list(self._order)


def display_text(drawn: str, index: TokenIndex | None) -> str:
    """``drawn`` with covered whitespace as markers (one glyph per character)."""
    uncovered = _replace(drawn, _UNCOVERED)
    if index is None:
        return uncovered
    covered = _replace(drawn, _COVERED)  # markers keep the length: indices still match
    # alternate covered / uncovered stretches (a byte-level text is one covered stretch)
    bounds = [0, *itertools.chain.from_iterable(index.gaps(len(drawn))), len(drawn)]
    return "".join([(uncovered if k % 2 else covered)[bounds[k]:bounds[k + 1]]
                    for k in range(len(bounds) - 1)])


def split_blocks(drawn: str) -> list[tuple[int, int, bool]]:
    """``(start, end, newline)`` of each document block: a line, or a piece of a line longer
    than :data:`BLOCK_CHARS` cut at a space (never inside a grapheme cluster); ``newline``:
    the character at ``end`` is a "\\n"."""
    blocks, line_start = [], 0
    n = len(drawn)
    while True:
        nl = drawn.find("\n", line_start)
        line_end = n if nl < 0 else nl
        start = line_start
        while line_end - start > BLOCK_CHARS:
            cut = drawn.rfind(" ", start + BLOCK_CHARS // 2, start + BLOCK_CHARS)
            cut = cut + 1 if cut >= 0 else start + BLOCK_CHARS
            cut = _cluster_end(drawn, start, cut, line_end)
            blocks.append((start, cut, False))
            start = cut
        blocks.append((start, line_end, nl >= 0))
        if nl < 0:
            return blocks
        line_start = nl + 1


def _cluster_end(drawn: str, start: int, cut: int, line_end: int) -> int:
    """``cut``, or the end of the grapheme cluster that holds the character before it.

    Segmented from ``start`` (a cluster boundary): segmenting from ``cut - 1`` paired the
    wrong halves of a run of flags (regional indicators pair from the start of the run).
    """
    k = cut - 1 - start
    for s, e in joined_spans(drawn[start:min(cut + 64, line_end)]):
        if s > k:
            break
        if k < e:
            return start + e
    return cut


def specials(mask: Any) -> tuple[list[int], list[int]]:
    """Special tokens drawn before the text (leading) and after it (the rest)."""
    first = next((i for i, special in enumerate(mask) if not special), len(mask))
    tail = itertools.compress(range(first, len(mask)), itertools.islice(mask, first, None))
    return list(range(first)), list(tail)


def visible_keeping_clusters(text: str) -> str:
    """``visible_text`` outside grapheme clusters; a flag or a ZWJ family stays one glyph."""
    parts, pos = [], 0
    for start, end in joined_spans(text):
        cluster = text[start:end]
        if any(c.isspace() for c in cluster):  # "\r\n": show its markers
            continue
        parts.append(visible_text(text[pos:start]))
        parts.append(cluster)
        pos = end
    parts.append(visible_text(text[pos:]))
    return "".join(parts)


def as_lines(shown: str) -> str:
    """``shown`` with a line break after each ↵ marker and long lines cut at a ␣ marker.

    A document of short blocks is laid out a screenful at a time; as one block, the
    normalized text of a 50k-character text took ~30 ms to lay out at every keystroke.
    """
    lines = []
    for line in shown.replace("↵", "↵\n").split("\n"):
        while len(line) > LINE_CHARS:
            cut = line.rfind("␣", LINE_CHARS // 2, LINE_CHARS) + 1 or LINE_CHARS
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return "\n".join(lines)


def normalized_lines(normalized: str) -> str:
    """The pipeline box's text: the first :data:`NORMALIZED_SHOWN` characters of the
    normalized text, markers for whitespace, one document line per ↵ or long line cut."""
    return as_lines(visible_keeping_clusters(normalized[:NORMALIZED_SHOWN]))


@dataclass(frozen=True, eq=False)
class EncodingLayout:
    """What the token view draws for ``encoding`` of ``text``, and the pane's derived texts.

    ``body`` is the document text before the special-token chips and the "not drawn" note:
    the drawn characters with covered whitespace as markers, one line per block, a ↵ at the
    end of each line that ends in a "\\n". Block ``k`` holds original characters
    ``[block_starts[k], block_ends[k])``; ``block_flags[k]`` has :data:`NEWLINE` and
    :data:`ASTRAL` (characters outside the BMP: two UTF-16 units).
    """

    text: str
    drawn: int
    index: TokenIndex | None
    body: str
    block_starts: array
    block_ends: array
    block_flags: bytes
    head: list[int]
    tail: list[int]
    unk: int | None = None                  # the unknown token's id the summary counted
    summary: dict[str, Any] | None = None   # sequence_summary(), if it was asked for
    normalized: str | None = None          # normalized_lines() of the explanation, if any

    @property
    def block_count(self) -> int:
        return len(self.block_starts)

    def matches(self, text: str) -> bool:
        return self.text is text or self.text == text


def make_layout(text: str, encoding: Any, explanation: Any = None, summarize: bool = False,
                unk: int | None = None) -> EncodingLayout:
    """The layout of ``encoding`` (None: the plain text) of ``text``; with the explanation's
    normalized lines if one is given, and the status line's counts if ``summarize``
    (``unk``: the unknown token's id)."""
    drawn = text[:MAX_DRAWN_CHARS]
    index = None
    if encoding is not None:
        limit = MAX_DRAWN_CHARS if len(text) > MAX_DRAWN_CHARS else None
        index = TokenIndex(encoding.offsets, encoding.special_tokens_mask, limit)
    display = display_text(drawn, index)
    blocks = split_blocks(drawn)
    lines, flags = [], bytearray()
    for start, end, newline in blocks:
        piece = display[start:end] + ("↵" if newline else "")
        lines.append(piece)
        astral = not piece.isascii() and utf16_len(piece) != len(piece)
        flags.append((NEWLINE if newline else 0) | (ASTRAL if astral else 0))
    head, tail = specials(encoding.special_tokens_mask) if encoding is not None else ([], [])
    return EncodingLayout(
        text=text, drawn=len(drawn), index=index, body="\n".join(lines),
        block_starts=array("q", (b[0] for b in blocks)),
        block_ends=array("q", (b[1] for b in blocks)), block_flags=bytes(flags),
        head=head, tail=tail, unk=unk,
        summary=sequence_summary(text, encoding, unk) if summarize and encoding is not None
        else None,
        normalized=normalized_lines(explanation.normalized) if explanation is not None else None)


#: The last layouts made or received, by encoding: the token view and the panes ask for the
#: same encoding's layout at a keystroke.
_LAYOUTS: list[tuple[weakref.ref, EncodingLayout]] = []


def remember(encoding: Any, layout: EncodingLayout) -> None:
    """Keep ``layout`` as the one of ``encoding`` (a few are kept, the newest first)."""
    # "is", not "in": an Encoding compares equal column by column
    kept = [entry for entry in _LAYOUTS if entry[0]() is not None and entry[0]() is not encoding]
    _LAYOUTS[:] = [(weakref.ref(encoding), layout), *kept[:3]]


def layout_for(text: str, encoding: Any, result: Any = None) -> EncodingLayout:
    """The layout of ``encoding`` of ``text``: the one ``result`` (an EncodeResult) brought
    from the encoder process, one made before, or one made now."""
    if encoding is None:
        return make_layout(text, None)
    shipped = getattr(result, "layout", None)
    if shipped is not None and getattr(result, "encoding", None) is encoding \
            and shipped.matches(text):
        remember(encoding, shipped)
        return shipped
    for ref, layout in _LAYOUTS:
        if ref() is encoding and layout.matches(text):
            return layout
    layout = make_layout(text, encoding)
    remember(encoding, layout)
    return layout


__all__ = ["BLOCK_CHARS", "EncodingLayout", "LINE_CHARS", "MAX_DRAWN_CHARS", "NORMALIZED_SHOWN",
           "TokenIndex", "as_lines", "display_text", "layout_for", "make_layout",
           "normalized_lines", "remember", "specials", "split_blocks", "utf16_len",
           "visible_keeping_clusters"]
