"""TokenTextView: the original text drawn with one coloured span per token.

What it shows, and why:

- Every token's ``offsets`` colour a span of the ORIGINAL text; neighbours
  alternate through the palette (``style.token_color``), so boundaries are visible.
- Whitespace covered by a token is drawn as a visible marker (``␣``, ``→``,
  ``↵``): a byte-level ``Ġ`` or a Metaspace ``▁`` token then shows where its
  space is; hovering shows the raw token (``'Ġworld'``).
- A glyph covered by several tokens (a byte-level model splitting an emoji
  into byte tokens) gets its own colour and a wavy underline; the tooltip lists
  all its tokens, and repeated clicks cycle through them. Colours change only at
  grapheme cluster boundaries (``subword_core.text.graphemes``): a flag 🇰🇷 or a ZWJ
  family 👨‍👩‍👧 stays one glyph even when several byte tokens share it.
- Text that is in no token (cut off by truncation, removed by the normalizer) is
  dimmed, and its tooltip says why.
- Unknown tokens are drawn in the "unknown" colour; special tokens that cover no
  text (``[CLS]``, ``[SEP]``) are drawn as chips before/after the text (a run of
  identical ones, such as padding, as one chip ``[PAD] ×100``).
- ``set_marks`` highlights tokens (built with a selected merge) and marks the
  selected ones, restyling spans without changing the text.

Drawing what is visible: the text goes into a :class:`QPlainTextEdit` document at
once (lines longer than ``BLOCK_CHARS`` are wrapped into several blocks at a space),
and the token formats are applied per block, only to the blocks on screen, when
they are about to be painted (the ``QSyntaxHighlighter`` technique:
``QTextLayout.setFormats``). A keystroke in a 50k-character text therefore costs
one ``setPlainText`` and the formatting of one screenful, not of the whole text. A
block finds its tokens by bisecting two columns of the offsets (a
:class:`~app.encoding_layout.TokenIndex`, shared with the panes' span lookups), so Python
looks at the tokens on screen only. What depends on the whole text (that index, the text
with its markers, the cut into blocks, the special tokens) is an
:class:`~app.encoding_layout.EncodingLayout`, which the encoder process makes beside the
encoding of a long text: the GUI thread does no loop over the text or its tokens.

The view only maps display positions to token indices; which tokens cover a
character comes from the Encoding's offsets.
"""

from __future__ import annotations

import bisect
import itertools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QAccessible, QFont, QKeySequence, QPainter, QTextCharFormat,
                           QTextCursor, QTextFormat, QTextLayout)
from PySide6.QtWidgets import QMenu, QPlainTextEdit, QToolTip, QWidget

from subword_core.analysis import visible_token
from subword_core.text.graphemes import joined_spans

from .. import style
from ..deferred_free import free_later
from ..encoding_layout import (ASTRAL, BLOCK_CHARS, MAX_DRAWN_CHARS, NEWLINE, EncodingLayout,
                               TokenIndex, layout_for, utf16_len)
from .accessible import TokenNavigation, paint_focus_ring, token_name

#: Identical special tokens in a row drawn as one chip ``[PAD] ×100``.
CHIP_GROUP_MIN = 3

#: Documents shorter than this are set whole at each change (see ``_set_document``).
INCREMENTAL_MIN = 4_000


def _common_prefix(a: str, b: str, n: int) -> int:
    """Length of the longest common prefix of ``a`` and ``b`` (at most ``n``): a bisection
    over slice comparisons, C loops instead of a Python loop per character."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


# the index and the helpers moved to app.encoding_layout (the encoder process makes them)
_TokenIndex = TokenIndex
_utf16_len = utf16_len
__all__ = ["BLOCK_CHARS", "MAX_DRAWN_CHARS", "TokenTextView", "index_of", "tokens_in_span"]


@dataclass
class _Block:
    """One document block: original characters ``[start, end)`` plus chips and a ↵ marker."""

    start: int
    end: int
    newline: bool = False                  # the character at ``end`` is a "\n", drawn as ↵
    chips: list[tuple[int, int, list[int]]] = field(default_factory=list)  # units, tokens
    prefix: int = 0                        # UTF-16 units of chips before the text
    astral: bool = False                   # holds characters outside the BMP (2 UTF-16 units)
    units: list[int] | None = None         # per char: its UTF-16 offset (None: all BMP)


class _Blocks(Sequence):
    """The document blocks of a layout, each made on first access: a text of 50k short lines
    has 50k blocks, and the view looks at those on screen."""

    def __init__(self, layout: EncodingLayout) -> None:
        self._layout = layout
        self._made: dict[int, _Block] = {}

    def __len__(self) -> int:
        return self._layout.block_count

    def __getitem__(self, b):  # noqa: ANN001 - an int, as a list
        n = len(self)
        if b < 0:
            b += n
        if not 0 <= b < n:
            raise IndexError(b)
        block = self._made.get(b)
        if block is None:
            layout = self._layout
            flags = layout.block_flags[b]
            block = _Block(layout.block_starts[b], layout.block_ends[b],
                           newline=bool(flags & NEWLINE), astral=bool(flags & ASTRAL))
            self._made[b] = block
        return block


def tokens_in_span(encoding: Any, start: int, end: int) -> list[int]:
    """``encoding.tokens_in_span(start, end)``: the text tokens of the (first) sequence that
    overlap ``[start, end)`` (an empty span: the tokens covering ``start``), by index.

    Bisects columns made by C loops instead of a Python loop over every token, so that a
    selected span in a 50k-character text costs no Python per token at every keystroke.
    """
    lo, hi = encoding.sequence_ranges.get(0, (0, len(encoding)))
    return sorted(index_of(encoding, lo=lo, hi=hi).tokens_in(start, max(end, start + 1)))


#: The last indexes made, by encoding: the token view, the encoding and the offsets panes
#: look up the same encoding at a keystroke.
_INDEXES: list[tuple[weakref.ref, int | None, tuple[int, int], TokenIndex]] = []


def _text_bounds(encoding: Any, lo: int, hi: int) -> tuple[int, int]:
    """``(lo, hi)`` without the special tokens at either end (as TokenIndex cuts them)."""
    mask = encoding.special_tokens_mask
    while lo < hi and mask[lo]:
        lo += 1
    while hi > lo and mask[hi - 1]:
        hi -= 1
    return lo, hi


def index_of(encoding: Any, limit: int | None = None, lo: int = 0,
             hi: int | None = None, made: TokenIndex | None = None) -> TokenIndex:
    """The :class:`TokenIndex` of ``encoding`` (made once per encoding and bounds; ``made``:
    one made elsewhere for these bounds, the encoder process's, kept from now on).

    Bounds that differ only by special tokens at the ends share an index: the token view's
    (the whole encoding) serves the panes' span lookups (the first sequence's range)."""
    asked = (lo, len(encoding) if hi is None else hi)
    text_bounds = None
    for ref, lim, bounds, index in _INDEXES:
        if ref() is not encoding or lim != limit or (made is not None and index is not made):
            continue
        if bounds == asked:
            return index
        if text_bounds is None:
            text_bounds = _text_bounds(encoding, *asked)
        if index.bounds == text_bounds:
            return index
    index = made if made is not None else TokenIndex(
        encoding.offsets, encoding.special_tokens_mask, limit, *asked)
    _INDEXES[:] = [(weakref.ref(encoding), limit, asked, index)] + [
        entry for entry in _INDEXES[:3]
        if entry[0]() is not None
        and (entry[0]() is not encoding or (entry[1], entry[2]) != (limit, asked))]
    return index


class TokenTextView(TokenNavigation, QPlainTextEdit):
    """Read-only view of ``text`` with the tokens of ``encoding`` drawn over it.

    Accessible as a list of its tokens (see :mod:`app.widgets.accessible`); the arrow keys
    move a focus ring through the tokens and Enter selects one, as a click does.
    """

    token_clicked = Signal(int)  # token index in the encoding

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(style.text_font(13))
        self.viewport().setMouseTracking(True)
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._on_context_menu_requested)
        self._text = ""
        self._encoding: Any = None
        self._byte_level = False
        self._unk_id: int | None = None
        self._highlight: frozenset[int] = frozenset()
        self._selected: frozenset[int] = frozenset()
        self._last_clicked: int | None = None
        self._blocks: Sequence[_Block] = []
        self._block_starts: Sequence[int] = []
        self._layout: EncodingLayout | None = None
        self._index: TokenIndex | None = None
        self._block_covers: dict[int, list[tuple[int, ...]]] = {}
        self._formatted: set[int] = set()
        self._formats: dict[tuple, QTextCharFormat] = {}
        self._formatting = False
        self._document_text = ""  # what the document holds (set_content's last document)
        #: blocks formatted, and tokens looked up for them, since the last set_content
        #: (tests and benchmarks read them: both follow what is on screen, not the text)
        self.formatted_blocks = 0
        self.resolved_tokens = 0
        self.init_navigation()

    # -- content ----------------------------------------------------------------------------
    def set_content(self, text: str, encoding: Any, byte_level: bool = False,
                    unk_id: int | None = None, highlight: Any = (), selected: Any = (),
                    layout: EncodingLayout | None = None) -> None:
        """Show ``text`` with the tokens of ``encoding`` (None: the plain text).

        ``layout``: the :class:`~app.encoding_layout.EncodingLayout` of this text and
        encoding, if the caller has it (the encoder process makes it); else it is made here.
        """
        self._highlight, self._selected = frozenset(highlight), frozenset(selected)
        self._last_clicked = None
        self._text = text
        if self._encoding is not encoding:
            # the old encoding may be the last copy: freed over the next turns, not in this one
            free_later(self._encoding)
        self._encoding = encoding
        self._byte_level = byte_level
        self._unk_id = unk_id
        if layout is None or not layout.matches(text) or (layout.index is None) != (
                encoding is None):
            layout = layout_for(text, encoding)
        self._layout = layout
        self._index_tokens()
        self._render()
        self.navigation_changed()

    def setPlainText(self, text: str) -> None:  # noqa: N802 - Qt name
        """Show a plain message (no tokens)."""
        free_later(self._encoding)
        self._text, self._encoding, self._layout, self._index = "", None, None, None
        self._blocks, self._block_starts, self._block_covers = [], [], {}
        self._formatted = set()
        self._document_text = ""
        super().setPlainText(text)
        self.navigation_changed()

    def set_marks(self, highlight: Any = (), selected: Any = ()) -> None:
        """Highlight tokens (e.g. built with a merge) and mark the selected ones; one restyle."""
        highlight, selected = frozenset(highlight), frozenset(selected)
        if (highlight, selected) != (self._highlight, self._selected):
            self._highlight, self._selected = highlight, selected
            self._formatted = set()  # the formats themselves stay: their key says it all
            self._format_visible()
            self.viewport().update()
            self.selection_changed()

    @property
    def highlighted(self) -> frozenset[int]:
        return self._highlight

    @property
    def selected(self) -> frozenset[int]:
        return self._selected

    @property
    def encoding(self) -> Any:
        return self._encoding

    @property
    def byte_level(self) -> bool:
        return self._byte_level

    @property
    def text(self) -> str:
        return self._text

    def tokens_at_char(self, char: int) -> tuple[int, ...]:
        """Tokens covering the grapheme cluster that holds character ``char``."""
        if not 0 <= char < min(len(self._text), MAX_DRAWN_CHARS) or not self._blocks:
            return ()
        b = bisect.bisect_right(self._block_starts, char) - 1
        block = self._blocks[b]
        covers = self._covers_of(b)
        return covers[char - block.start] if char - block.start < len(covers) else ()

    # -- the text and its blocks --------------------------------------------------------------
    def _index_tokens(self) -> None:
        """Index the text tokens so that a block finds its own (see :class:`TokenIndex`)."""
        enc, layout = self._encoding, self._layout
        self._index = None
        if enc is not None and layout is not None and layout.index is not None:
            # shared with the panes' span lookups (tokens_in_span, index_of)
            limit = MAX_DRAWN_CHARS if len(self._text) > MAX_DRAWN_CHARS else None
            self._index = index_of(enc, limit, made=layout.index)

    def _tokens_in(self, start: int, end: int) -> list[int]:
        """The text tokens overlapping characters ``[start, end)``."""
        if self._index is None:
            return []
        found = self._index.tokens_in(start, end)
        self.resolved_tokens += len(found)
        return found

    def _chips(self, indices: list[int]) -> tuple[str, list[tuple[int, int, list[int]]]]:
        """Chip labels for special tokens, identical neighbours grouped; with their unit spans."""
        enc, out, spans, pos = self._encoding, [], [], 0
        for _, run in itertools.groupby(indices, key=lambda i: enc.ids[i]):
            run = list(run)
            shown = visible_token(enc.tokens[run[0]], self._byte_level)
            pieces = ([(f" {shown} ×{len(run):,} ", run)] if len(run) >= CHIP_GROUP_MIN
                      else [(f" {shown} ", [i]) for i in run])
            for label, tokens in pieces:
                n = _utf16_len(label)
                spans.append((pos, pos + n, tokens))
                out.append(label + " ")
                pos += n + 1
        return "".join(out), spans

    def _render(self) -> None:
        """Set the document: the layout's text, chips for the special tokens before and after
        it, a note if characters are not drawn (the formats come per block, when seen)."""
        scroll = self.verticalScrollBar().value()
        layout = self._layout
        blocks = _Blocks(layout)
        head_text, head_spans = self._chips(layout.head if self._encoding is not None else [])
        tail_text, tail_spans = self._chips(layout.tail if self._encoding is not None else [])
        first, last = blocks[0], blocks[-1]
        first.prefix = utf16_len(head_text)
        first.chips.extend(head_spans)
        document = head_text + layout.body
        if len(self._text) > layout.drawn:
            document += "  " + QCoreApplication.translate(
                "TokenTextView", "… ({n} more characters not drawn)").format(
                n=f"{len(self._text) - layout.drawn:,}")
        if tail_text:
            offset = utf16_len(document[document.rfind("\n") + 1:]) + 1
            document += " " + tail_text
            last.chips.extend((s + offset, e + offset, g) for s, e, g in tail_spans)
        self._blocks = blocks
        self._block_starts = layout.block_starts
        self._block_covers = {}
        self._formatted = set()  # the formats stay (until the palette changes): made once
        self.formatted_blocks = self.resolved_tokens = 0
        self._set_document(document)
        self.verticalScrollBar().setValue(scroll)
        self._format_visible()

    def _set_document(self, text: str) -> None:
        """Make the document hold ``text``: only the stretch that differs from what it holds
        when that is a small part (a keystroke in a long text: setting all of a 50k-character
        document again took 3 ms of the GUI thread, and laid out its blocks anew)."""
        old, doc = self._document_text, self.document()
        self._document_text = text
        n = min(len(old), len(text))
        if n < INCREMENTAL_MIN or doc.characterCount() - 1 != utf16_len(old):
            super().setPlainText(text)
            return
        same = _common_prefix(old, text, n)
        tail = _common_prefix(old[::-1], text[::-1], n - same)  # a common suffix
        if (len(text) - same - tail) + (len(old) - same - tail) > n // 4:
            super().setPlainText(text)
            return
        start = utf16_len(text[:same])
        cursor = QTextCursor(doc)
        cursor.setPosition(start)
        cursor.setPosition(start + utf16_len(old[same:len(old) - tail]),
                           QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(text[same:len(text) - tail])  # its "\n"s become block breaks
        # as setPlainText: no text selected, the cursor at the start
        self.setTextCursor(QTextCursor(doc))

    # -- formats, block by block ------------------------------------------------------------------
    def _units_of(self, block: _Block) -> list[int] | None:
        """Per character of ``block``: its UTF-16 offset in the block (None when all are BMP)."""
        if block.astral and block.units is None:
            block.units = list(itertools.accumulate(
                (2 if ord(c) > 0xFFFF else 1 for c in self._text[block.start:block.end]),
                initial=0))
        return block.units

    def _covers_of(self, b: int) -> list[tuple[int, ...]]:
        """Per character of block ``b`` (and its "\\n"): the tokens covering its cluster."""
        covers = self._block_covers.get(b)
        if covers is not None:
            return covers
        block = self._blocks[b]
        start, end = block.start, block.end + (1 if block.newline else 0)
        covers = [()] * (end - start)
        if self._encoding is not None:
            offsets = self._encoding.offsets
            for i in self._tokens_in(start, end):
                s, e = offsets[i]
                for c in range(max(s, start) - start, min(e, end) - start):
                    covers[c] = covers[c] + (i,) if covers[c] else (i,)
            # a cluster of several code points is drawn whole: all its tokens on every one
            for s, e in joined_spans(self._text[start:block.end]):
                union = tuple(sorted({t for c in range(s, e) for t in covers[c]}))
                covers[s:e] = [union] * (e - s)
        if len(self._block_covers) > 512:
            self._block_covers.clear()
        self._block_covers[b] = covers
        return covers

    def _block_formats(self, b: int) -> list[QTextLayout.FormatRange]:
        block, text = self._blocks[b], self._text
        covers = self._covers_of(b)
        ranges = []
        last: list = [None, -1]  # the last range's format and where it ends

        def add(start: int, length: int, fmt: QTextCharFormat) -> None:
            if fmt is last[0] and start == last[1]:
                # the same format right after (a byte-level Korean syllable per run, all
                # "shared"): one range, so the layout is not cut into a script item per glyph
                ranges[-1].length += length
            else:
                r = QTextLayout.FormatRange()
                r.start, r.length, r.format = start, length, fmt
                ranges.append(r)
                last[0] = fmt
            last[1] = start + length

        for s, e, group in block.chips:
            add(s, e - s, self._format_for((group[0],), chip=True))
        units = self._units_of(block)
        n = block.end - block.start
        # runs of characters with the same tokens and the same kind (whitespace or glyph)
        dim = self._encoding is not None
        c = 0
        # (grouped by C loops: Python sees each run, not each character)
        kinds = zip(itertools.islice(covers, n), map(str.isspace, text[block.start:block.end]))
        for (cover, space), run in itertools.groupby(kinds):
            d = c + len(list(run))
            # covered whitespace is a marker; text in no token (cut off by truncation,
            # dropped by the normalizer) is dimmed; uncovered whitespace stays as it is
            if cover or (dim and not space):
                u0 = units[c] if units else c
                u1 = units[d] if units else d
                add(block.prefix + u0, u1 - u0,
                    self._format_for(cover, marker=space and bool(cover)))
            c = d
        if block.newline:
            u = units[n] if units else n
            add(block.prefix + u, 1, self._format_for(covers[n], marker=True) if covers[n]
                else self._marker_format(QTextCharFormat()))
        return ranges

    def _visible_blocks(self) -> range:
        """Block numbers on screen (and a little below), at least the first one."""
        block = self.firstVisibleBlock()
        first = max(0, block.blockNumber())
        height = self.viewport().height()
        offset = self.contentOffset()
        last, y = first, 0.0
        while block.isValid() and y < 1.25 * height:
            last = block.blockNumber()
            geometry = self.blockBoundingGeometry(block).translated(offset)
            y = geometry.bottom() if geometry.height() > 0 else y + 20
            block = block.next()
        return range(first, min(last + 1, len(self._blocks)))

    def _format_visible(self) -> None:
        if self._formatting or not self._blocks:
            return
        self._formatting = True
        try:
            doc = self.document()
            for b in self._visible_blocks():
                if b in self._formatted:
                    continue
                self._formatted.add(b)
                qblock = doc.findBlockByNumber(b)
                qblock.layout().setFormats(self._block_formats(b))
                doc.markContentsDirty(qblock.position(), qblock.length())
                self.formatted_blocks += 1
        finally:
            self._formatting = False

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange) \
                and hasattr(self, "_formats"):  # not while QPlainTextEdit.__init__ runs
            # the formats' colours come from the palette (light or dark): made again
            self._formats, self._formatted = {}, set()
            self._format_visible()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._format_visible()
        super().paintEvent(event)
        ring = self.focus_ring_rect()
        if ring is not None:
            painter = QPainter(self.viewport())
            paint_focus_ring(painter, ring.translated(-QPointF(self.viewport().pos())), self)
            painter.end()

    def _format_for(self, tokens: tuple[int, ...], chip: bool = False,
                    marker: bool = False) -> QTextCharFormat:
        """The format of a run covered by ``tokens`` (cached: a screen has few distinct ones)."""
        enc = self._encoding
        if not tokens:
            kind: Any = "none"
        elif len(tokens) > 1:
            kind = "shared"
        elif self._unk_id is not None and enc.ids[tokens[0]] == self._unk_id:
            kind = "unknown"
        elif enc.special_tokens_mask[tokens[0]]:
            kind = "special"
        else:
            kind = tokens[0] % style.PALETTE_SIZE
        key = (kind, chip, marker, bool(self._highlight.intersection(tokens)),
               bool(self._selected.intersection(tokens)))
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = self._make_format(*key)
            self._formats[key] = fmt
        return fmt

    def _make_format(self, kind: Any, chip: bool, marker: bool, highlighted: bool,
                     selected: bool) -> QTextCharFormat:
        fmt = QTextCharFormat()
        if kind == "none":
            fmt.setForeground(style.marker_color())
            return fmt
        if kind == "shared":
            fmt.setBackground(style.multi_token_color())
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        elif kind == "unknown":
            fmt.setBackground(style.unknown_color())
            fmt.setFontUnderline(True)
        elif kind == "special":
            fmt.setBackground(style.marker_color().lighter(150))
        else:
            fmt.setBackground(style.token_color(kind))
        if chip:
            fmt.setFontWeight(QFont.Weight.DemiBold)
        if highlighted:
            fmt.setBackground(style.highlight_color())
            fmt.setFontWeight(QFont.Weight.Bold)
        if selected:
            fmt.setBackground(style.selection_color())
            fmt.setForeground(self.palette().highlightedText())
            fmt.setFontWeight(QFont.Weight.Bold)
        return self._marker_format(fmt) if marker else fmt

    @staticmethod
    def _marker_format(fmt: QTextCharFormat) -> QTextCharFormat:
        marker = QTextCharFormat(fmt)
        if not fmt.hasProperty(QTextFormat.Property.ForegroundBrush):  # keep selected text colour
            marker.setForeground(style.marker_color())
        return marker

    # -- hit testing -----------------------------------------------------------------------
    def tokens_at_position(self, block_number: int, unit: int) -> tuple[int, ...]:
        """Tokens drawn at UTF-16 ``unit`` of document block ``block_number``."""
        if not 0 <= block_number < len(self._blocks) or self._encoding is None:
            return ()
        block = self._blocks[block_number]
        for s, e, group in block.chips:
            if s <= unit < e:
                return tuple(group)
        unit -= block.prefix
        n = block.end - block.start
        if unit < 0:
            return ()
        units = self._units_of(block)
        c = bisect.bisect_right(units, unit) - 1 if units is not None else unit
        if c < n:
            return self._covers_of(block_number)[c]
        if c == n and block.newline:
            return self._covers_of(block_number)[n]
        return ()

    def char_at_position(self, block_number: int, unit: int) -> int | None:
        """The original character drawn at ``unit`` of block ``block_number`` (None: a chip)."""
        if not 0 <= block_number < len(self._blocks):
            return None
        block = self._blocks[block_number]
        unit -= block.prefix
        if unit < 0:
            return None
        units = self._units_of(block)
        c = bisect.bisect_right(units, unit) - 1 if units is not None else unit
        return block.start + c if c <= block.end - block.start else None

    def tokens_at(self, pos: QPoint) -> tuple[int, ...]:
        """Token indices under a viewport position (several on a shared glyph)."""
        cursor = self.cursorForPosition(pos)
        unit = cursor.positionInBlock()
        # cursorForPosition gives the nearest gap; the glyph under the mouse is left of it
        # when the mouse is left of the cursor
        if unit > 0 and pos.x() < self.cursorRect(cursor).x():
            unit -= 1
        return self.tokens_at_position(cursor.blockNumber(), unit)

    def _uncovered_text_at(self, pos: QPoint) -> bool:
        cursor = self.cursorForPosition(pos)
        char = self.char_at_position(cursor.blockNumber(), cursor.positionInBlock())
        return char is not None and char < len(self._text) and not self._text[char].isspace() \
            and not self.tokens_at_char(char)

    def selected_token_indices(self) -> list[int]:
        """Tokens under the text selection; else the selected tokens; else every token."""
        enc = self._encoding
        if enc is None:
            return []
        cursor = self.textCursor()
        if cursor.hasSelection():
            doc = self.document()
            a, b = cursor.selectionStart(), cursor.selectionEnd()
            found: set[int] = set()
            qa, qb = doc.findBlock(a), doc.findBlock(max(a, b - 1))
            for number in range(qa.blockNumber(), qb.blockNumber() + 1):
                qblock = doc.findBlockByNumber(number)
                lo = max(a, qblock.position()) - qblock.position()
                hi = min(b, qblock.position() + qblock.length() - 1) - qblock.position()
                for unit in range(lo, hi):
                    found.update(self.tokens_at_position(number, unit))
            return sorted(found)
        if self._selected:
            return sorted(self._selected)
        return list(range(len(enc)))

    def describe_tokens(self, tokens: tuple[int, ...]) -> str:
        enc = self._encoding
        lines = []
        if len(tokens) >= CHIP_GROUP_MIN and len({enc.ids[i] for i in tokens}) == 1 \
                and enc.special_tokens_mask[tokens[0]]:
            i = tokens[0]
            return self.tr("{n} × {token}  (#{first}–#{last})\n     id {id}  special token "
                           "added by the tokenizer (padding or post-processor)").format(
                n=f"{len(tokens):,}", token=visible_token(enc.tokens[i], self._byte_level),
                first=tokens[0], last=tokens[-1], id=enc.ids[i])
        for i in tokens:
            tok = enc.tokens[i]
            shown = visible_token(tok, self._byte_level)
            unknown = self._unk_id is not None and enc.ids[i] == self._unk_id
            extra = "  " + self.tr("(unknown)") if unknown else ""
            lines.append(self.tr("#{i}  {shown}   raw {raw}{extra}\n     id {id}  offsets "
                                 "{offsets}  word {word}").format(
                i=i, shown=shown, raw=repr(tok), extra=extra, id=enc.ids[i],
                offsets=tuple(enc.offsets[i]), word=enc.word_ids[i]))
        if len(tokens) > 1:
            lines.insert(0, self.tr("{n} tokens share this character:").format(n=len(tokens)))
        return "\n".join(lines)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.ToolTip:
            tokens = self.tokens_at(event.pos())
            if tokens:
                QToolTip.showText(event.globalPos(), self.describe_tokens(tokens), self.viewport())
            elif self._encoding is not None and self._uncovered_text_at(event.pos()):
                QToolTip.showText(event.globalPos(), self.tr(
                    "In no token: cut off by truncation, or removed by the normalizer (dimmed)"),
                    self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self.textCursor().hasSelection():
            return
        tokens = self.tokens_at(event.position().toPoint())
        if not tokens:
            return
        # repeated clicks on a shared glyph cycle through its tokens
        if self._last_clicked in tokens:
            token = tokens[(tokens.index(self._last_clicked) + 1) % len(tokens)]
        else:
            token = tokens[0]
        self._last_clicked = token
        self.set_focus_path((token,), scroll=False)
        self.token_clicked.emit(token)

    # -- copy (the arrow keys: TokenNavigation, after these) --------------------------------------
    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        from .copy_actions import copy_ids, copy_tokens
        if event.matches(QKeySequence.StandardKey.Copy) and self._encoding is not None:
            copy_ids(self._encoding, self.selected_token_indices())
            return
        both = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        if event.key() == Qt.Key.Key_C and event.modifiers() == both and self._encoding is not None:
            copy_tokens(self._encoding, self.selected_token_indices(), self._byte_level)
            return
        super().keyPressEvent(event)

    def context_menu(self) -> QMenu:
        """The copy menu (ids, tokens, JSON, text) for the selected or all tokens."""
        from .copy_actions import encoding_menu
        return encoding_menu(self, lambda: self._encoding, self.selected_token_indices,
                             lambda: self._byte_level, lambda: self.textCursor().selectedText())

    def _on_context_menu_requested(self, pos: QPoint) -> None:
        self.context_menu().popup(self.viewport().mapToGlobal(pos))

    # -- accessibility and the keyboard (app.widgets.accessible) ---------------------------------
    def a11y_count(self, path: tuple[int, ...]) -> int:
        """Children: one per token of the encoding (tokens have none)."""
        return len(self._encoding) if not path and self._encoding is not None else 0

    def a11y_role(self, path: tuple[int, ...]) -> QAccessible.Role:
        return QAccessible.Role.ListItem if path else QAccessible.Role.List

    def a11y_texts(self, path: tuple[int, ...]) -> tuple[str, str, str]:
        """Name, value and description of the view or of one token."""
        if not path:
            return (self.tr("Tokens of the text"), self._text,
                    self.tr("The text with one coloured span per token. The arrow keys move "
                            "through the tokens, Enter selects one."))
        enc, i = self._encoding, path[0]
        start, end = enc.offsets[i]
        name = token_name(visible_token(enc.tokens[i], self._byte_level), enc.ids[i], start, end)
        value = enc.tokens[i] if enc.special_tokens_mask[i] else self._text[start:end]
        return name, value, self.describe_tokens((i,))

    def a11y_selected(self, path: tuple[int, ...]) -> bool:
        return bool(path) and path[0] in self._selected

    def a11y_stops(self) -> list[tuple[int, ...]]:
        """Chips before the text, the text tokens by start, chips after (a group once)."""
        if self._encoding is None or not self._blocks:
            return []
        first, last = self._blocks[0], self._blocks[-1]
        head = [(g[0],) for _, e, g in first.chips if e <= first.prefix]
        tail = [(g[0],) for s, _, g in last.chips if s >= last.prefix]
        order = self._index.text_tokens() if self._index is not None else []
        return head + [(i,) for i in order] + tail

    def a11y_activate(self, path: tuple[int, ...]) -> None:
        """Enter on a token: what a click does (the pane selects it)."""
        self._last_clicked = path[0]
        self.token_clicked.emit(path[0])

    def a11y_path_at(self, pos: QPointF) -> tuple[int, ...] | None:
        tokens = self.tokens_at((pos - QPointF(self.viewport().pos())).toPoint())
        return (tokens[0],) if tokens else None

    def _token_units(self, i: int) -> tuple[int, int, int, int] | None:
        """Where token ``i`` is drawn: (first block, unit, last block, unit after its end)."""
        for block_number in {0, len(self._blocks) - 1}:
            for s, e, group in self._blocks[block_number].chips:
                if i in group:
                    return block_number, s, block_number, e - 1  # the chip, not its padding
        start, end = self._encoding.offsets[i]
        end = min(end, len(self._text), MAX_DRAWN_CHARS)
        if self._encoding.special_tokens_mask[i] or start >= end:
            return None
        b0, u0 = self._unit_of_char(start)
        b1, u1 = self._unit_of_char(end - 1)
        return b0, u0, b1, u1 + (2 if ord(self._text[end - 1]) > 0xFFFF else 1)

    def _unit_of_char(self, char: int) -> tuple[int, int]:
        b = bisect.bisect_right(self._block_starts, char) - 1
        block = self._blocks[b]
        units = self._units_of(block)
        c = char - block.start
        return b, block.prefix + (units[c] if units is not None else c)

    def _unit_cursor(self, block_number: int, unit: int) -> QTextCursor:
        qblock = self.document().findBlockByNumber(block_number)
        cursor = QTextCursor(qblock)
        cursor.setPosition(qblock.position() + min(unit, qblock.length() - 1))
        return cursor

    def a11y_rect(self, path: tuple[int, ...]) -> QRectF | None:
        """The token's box on screen, in widget coordinates (None: not drawn)."""
        if self._encoding is None or not path or not self._blocks:
            return None
        where = self._token_units(path[0])
        if where is None:
            return None
        b0, u0, b1, u1 = where
        r0 = QRectF(self.cursorRect(self._unit_cursor(b0, u0)))
        r1 = QRectF(self.cursorRect(self._unit_cursor(b1, u1)))
        if r0.top() == r1.top():
            rect = QRectF(r0.left(), r0.top(), max(1.0, r1.left() - r0.left()), r0.height())
        else:  # wraps onto the next line
            rect = r0.united(r1)
        return rect.translated(QPointF(self.viewport().pos()))

    def update_focus_ring(self) -> None:
        self.viewport().update()

    def line_candidates(self, at: int) -> list[tuple[int, ...]]:
        """Up/Down: the tokens on the lines just above and below the focused one (the text
        layout moves a cursor there), so a key press costs a line, not a screenful."""
        where = self._token_units(self.stops()[at][0])
        if where is None:
            return []
        found: set[int] = set()
        for move in (QTextCursor.MoveOperation.Up, QTextCursor.MoveOperation.Down):
            cursor = self._unit_cursor(where[0], where[1])
            if not cursor.movePosition(move):
                continue
            start, end = QTextCursor(cursor), QTextCursor(cursor)
            start.movePosition(QTextCursor.MoveOperation.StartOfLine)
            end.movePosition(QTextCursor.MoveOperation.EndOfLine)
            for unit in range(start.positionInBlock(), end.positionInBlock() + 1):
                found.update(self.tokens_at_position(cursor.blockNumber(), unit))
        return [(t,) for t in sorted(found) if self.is_stop((t,))]

    def scroll_to(self, path: tuple[int, ...], rect: QRectF) -> None:
        """Scroll so that token ``path`` shows (the text cursor goes there; it is not drawn)."""
        where = self._token_units(path[0])
        if where is not None:
            self.setTextCursor(self._unit_cursor(where[0], where[1]))
            self.ensureCursorVisible()
