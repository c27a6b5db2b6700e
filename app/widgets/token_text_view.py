"""TokenTextView: the original text drawn with one coloured span per token.

What it shows, and why:

- Every token's ``offsets`` colour a span of the ORIGINAL text; neighbours
  alternate through the palette (``style.token_color``), so boundaries are visible.
- Whitespace covered by a token is drawn as a visible marker (``␣``, ``→``,
  ``↵``): a byte-level ``Ġ`` or a Metaspace ``▁`` token then shows where its
  space is; hovering shows the raw token (``'Ġworld'``).
- A character covered by several tokens (a byte-level model splitting an emoji
  into byte tokens) gets its own colour and a wavy underline; the tooltip lists
  all its tokens, and repeated clicks cycle through them.
- Unknown tokens are drawn in the "unknown" colour; special tokens that cover no
  text (``[CLS]``, ``[SEP]``) are drawn as chips before/after the text.
- ``set_marks`` highlights tokens (built with a selected merge) and marks the
  selected ones, restyling spans without changing the text.

The view only maps display positions to token indices; which tokens cover a
character comes from the Encoding's offsets.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QFont, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import QTextEdit, QToolTip, QWidget

from subword_core.analysis import visible_token

from .. import style

#: Characters beyond this are not drawn (a note says so); the tables still list every token.
MAX_DRAWN_CHARS = 50_000
_MARKERS = {" ": "␣", "\t": "→", "\u00a0": "⍽", "\u3000": "□", "\r": "␍"}


class TokenTextView(QTextEdit):
    """Read-only view of ``text`` with the tokens of ``encoding`` drawn over it."""

    token_clicked = Signal(int)  # token index in the encoding

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(style.text_font(13))
        self.viewport().setMouseTracking(True)
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
        self._text = ""
        self._encoding: Any = None
        self._byte_level = False
        self._unk_id: int | None = None
        self._cover: list[tuple[int, ...]] = []  # per original char: covering token indices
        self._display: list[int | None] = []      # per display char: >=0 char, <0 special, None
        self._highlight: frozenset[int] = frozenset()
        self._selected: frozenset[int] = frozenset()
        self._last_clicked: int | None = None

    # -- content ----------------------------------------------------------------------------
    def set_content(self, text: str, encoding: Any, byte_level: bool = False,
                    unk_id: int | None = None, highlight: Any = (), selected: Any = ()) -> None:
        self._highlight, self._selected = frozenset(highlight), frozenset(selected)
        self._last_clicked = None
        self._text = text
        self._encoding = encoding
        self._byte_level = byte_level
        self._unk_id = unk_id
        self._cover = [()] * min(len(text), MAX_DRAWN_CHARS)
        if encoding is not None:
            cover = [[] for _ in self._cover]
            for i, (s, e) in enumerate(encoding.offsets):
                if encoding.special_tokens_mask[i]:
                    continue
                for c in range(s, min(e, len(cover))):
                    cover[c].append(i)
            self._cover = [tuple(c) for c in cover]
        self._render()

    def set_marks(self, highlight: Any = (), selected: Any = ()) -> None:
        """Highlight tokens (e.g. built with a merge) and mark the selected ones; one redraw."""
        highlight, selected = frozenset(highlight), frozenset(selected)
        if (highlight, selected) != (self._highlight, self._selected):
            self._highlight, self._selected = highlight, selected
            self._render()

    @property
    def highlighted(self) -> frozenset[int]:
        return self._highlight

    @property
    def selected(self) -> frozenset[int]:
        return self._selected

    @property
    def encoding(self) -> Any:
        return self._encoding

    def tokens_at_char(self, char: int) -> tuple[int, ...]:
        return self._cover[char] if 0 <= char < len(self._cover) else ()

    # -- drawing ---------------------------------------------------------------------------
    def _specials(self) -> tuple[list[int], list[int]]:
        """Special tokens drawn before the text (leading) and after it (the rest)."""
        enc = self._encoding
        if enc is None:
            return [], []
        head, tail, seen_text = [], [], False
        for i, special in enumerate(enc.special_tokens_mask):
            if not special:
                seen_text = True
            else:
                (tail if seen_text else head).append(i)
        return head, tail

    def _render(self) -> None:
        scroll = self.verticalScrollBar().value()
        self.clear()
        self._display = []
        cursor = QTextCursor(self.document())
        # one edit block: the document is laid out once, not after every inserted run
        cursor.beginEditBlock()
        head, tail = self._specials()
        for i in head:
            self._insert_special(cursor, i)
        # consecutive characters with the same covering tokens form one run
        start = 0
        n = len(self._cover)
        while start < n:
            end = start + 1
            while end < n and self._cover[end] == self._cover[start] \
                    and self._text[end] != "\n" and self._text[start] != "\n":
                end += 1
            self._insert_run(cursor, start, end)
            start = end
        if len(self._text) > n:
            cursor.insertText(f"  … ({len(self._text) - n:,} more characters not drawn)",
                              self._marker_format(QTextCharFormat()))
        for i in tail:
            self._insert_special(cursor, i)
        cursor.endEditBlock()
        self.verticalScrollBar().setValue(scroll)

    def _insert_run(self, cursor: QTextCursor, start: int, end: int) -> None:
        tokens = self._cover[start]
        fmt = self._format_for(tokens)
        for c in range(start, end):
            ch = self._text[c]
            if ch == "\n":
                marker = self._marker_format(fmt) if tokens else self._marker_format(QTextCharFormat())
                cursor.insertText("↵", marker)
                self._display.append(c)
                cursor.insertText("\n", QTextCharFormat())
                self._display.append(None)
            elif ch in _MARKERS or (ch.isspace() and tokens):
                shown = _MARKERS.get(ch, "·") if tokens else ch
                cursor.insertText(shown, self._marker_format(fmt) if tokens else fmt)
                self._display.append(c)
            else:
                cursor.insertText(ch, fmt)
                # subtle: a non-BMP character (emoji) is 2 UTF-16 units in the document
                self._display.extend([c] * (2 if ord(ch) > 0xFFFF else 1))

    def _insert_special(self, cursor: QTextCursor, i: int) -> None:
        fmt = self._format_for((i,))
        fmt.setFontWeight(QFont.Weight.DemiBold)
        label = f" {self._encoding.tokens[i]} "
        cursor.insertText(label, fmt)
        self._display.extend([-(i + 1)] * len(label))
        cursor.insertText(" ", QTextCharFormat())
        self._display.append(None)

    def _format_for(self, tokens: tuple[int, ...]) -> QTextCharFormat:
        fmt = QTextCharFormat()
        if not tokens:
            fmt.setForeground(style.marker_color())
            return fmt
        enc = self._encoding
        if len(tokens) > 1:
            fmt.setBackground(style.multi_token_color())
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        elif self._unk_id is not None and enc.ids[tokens[0]] == self._unk_id:
            fmt.setBackground(style.unknown_color())
            fmt.setFontUnderline(True)
        elif enc.special_tokens_mask[tokens[0]]:
            fmt.setBackground(style.marker_color().lighter(150))
        else:
            fmt.setBackground(style.token_color(tokens[0]))
        if self._highlight.intersection(tokens):
            fmt.setBackground(style.highlight_color())
            fmt.setFontWeight(QFont.Weight.Bold)
        if self._selected.intersection(tokens):
            fmt.setBackground(style.selection_color())
            fmt.setForeground(self.palette().highlightedText())
            fmt.setFontWeight(QFont.Weight.Bold)
        return fmt

    @staticmethod
    def _marker_format(fmt: QTextCharFormat) -> QTextCharFormat:
        marker = QTextCharFormat(fmt)
        if not fmt.hasProperty(QTextFormat.Property.ForegroundBrush):  # keep selected text colour
            marker.setForeground(style.marker_color())
        return marker

    # -- hit testing -----------------------------------------------------------------------
    def tokens_at(self, pos: QPoint) -> tuple[int, ...]:
        """Token indices under a viewport position (several on a multi-token character)."""
        cursor = self.cursorForPosition(pos)
        p = cursor.position()
        # cursorForPosition gives the nearest gap; the glyph under the mouse is left of it
        # when the mouse is left of the cursor
        if p > 0 and pos.x() < self.cursorRect(cursor).x():
            p -= 1
        if not 0 <= p < len(self._display):
            return ()
        entry = self._display[p]
        if entry is None:
            return ()
        if entry < 0:
            return (-entry - 1,)
        return self.tokens_at_char(entry)

    def describe_tokens(self, tokens: tuple[int, ...]) -> str:
        enc = self._encoding
        lines = []
        for i in tokens:
            tok = enc.tokens[i]
            shown = visible_token(tok, self._byte_level)
            extra = "  (unknown)" if self._unk_id is not None and enc.ids[i] == self._unk_id else ""
            lines.append(f"#{i}  {shown}   raw {tok!r}{extra}\n"
                         f"     id {enc.ids[i]}  offsets {tuple(enc.offsets[i])}  "
                         f"word {enc.word_ids[i]}")
        if len(tokens) > 1:
            lines.insert(0, f"{len(tokens)} tokens share this character:")
        return "\n".join(lines)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.ToolTip:
            tokens = self.tokens_at(event.pos())
            if tokens:
                QToolTip.showText(event.globalPos(), self.describe_tokens(tokens), self.viewport())
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
        # repeated clicks on a shared character cycle through its tokens
        if self._last_clicked in tokens:
            token = tokens[(tokens.index(self._last_clicked) + 1) % len(tokens)]
        else:
            token = tokens[0]
        self._last_clicked = token
        self.token_clicked.emit(token)
