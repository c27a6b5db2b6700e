"""TokensModel: one row per token of an Encoding (the offsets table).

Columns: index, token (whitespace and byte-level symbols made visible; the raw
form in the tooltip), id, start, end, the original-text slice, word id, special.

Rows are made when they are shown (:class:`_EncodingRows`, a lazy sequence over the
Encoding): a 200k-character text has ~50k tokens, and building every row object on
each keystroke would stall the window; the table only ever asks for a screenful.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from subword_core.analysis import visible_text, visible_token

from ..deferred_free import free_later
from .table_model import Column, RecordTableModel


class TokenRow(NamedTuple):
    index: int
    token: str
    visible: str
    id: int
    start: int
    end: int
    slice: str
    word_id: int | None
    special: bool
    unknown: bool


def _token_tooltip(r: TokenRow) -> str:
    return QCoreApplication.translate("Columns", "raw: {raw}\nshown: {shown}").format(
        raw=repr(r.token), shown=r.visible)


HEADER_TIPS = [
    QT_TRANSLATE_NOOP("Columns", "position of the token in the encoding"),
    QT_TRANSLATE_NOOP("Columns", "the token, readable (␣ = space, ⟨C3⟩ = a byte that is part "
                      "of a character); hover for the raw string"),
    QT_TRANSLATE_NOOP("Columns", "the token's id in the vocabulary"),
    QT_TRANSLATE_NOOP("Columns", "first character of the token in the original text"),
    QT_TRANSLATE_NOOP("Columns", "end (exclusive) of the token in the original text"),
    QT_TRANSLATE_NOOP("Columns", "the original characters the token covers"),
    QT_TRANSLATE_NOOP("Columns", "index of the word (pre-token) the token belongs to; empty for "
                      "special tokens"),
    QT_TRANSLATE_NOOP("Columns", "yes: a special token added by the tokenizer ([CLS], [SEP], "
                      "padding), not from the text"),
]

COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r.index, align_right=True, natural=True),
    Column(QT_TRANSLATE_NOOP("Columns", "token"), lambda r: r.visible, tooltip=_token_tooltip),
    Column(QT_TRANSLATE_NOOP("Columns", "id"), lambda r: r.id, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda r: r.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda r: r.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "text"), lambda r: visible_text(r.slice),
           tooltip=lambda r: repr(r.slice)),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda r: r.word_id, align_right=True),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "special"), lambda r: QCoreApplication.translate(
        "Columns",
        "yes") if r.special else ""),
]
COLUMNS = [replace(c, header_tip=tip) for c, tip in zip(COLUMNS, HEADER_TIPS)]


class _EncodingRows(Sequence):
    """The rows of an encoding, each made (and kept) on first access."""

    def __init__(self, text: str, encoding: Any, byte_level: bool, unk_id: int | None) -> None:
        self._text, self._enc = text, encoding
        self._byte_level, self._unk_id = byte_level, unk_id
        self._rows: dict[int, TokenRow] = {}

    def __len__(self) -> int:
        return len(self._enc)

    def __getitem__(self, i):  # noqa: ANN001 - int or slice, as a list
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        row = self._rows.get(i)
        if row is None:
            enc = self._enc
            tid, tok = enc.ids[i], enc.tokens[i]
            s, e = enc.offsets[i]
            row = TokenRow(i, tok, visible_token(tok, self._byte_level), tid, s, e,
                           self._text[s:e], enc.word_ids[i], bool(enc.special_tokens_mask[i]),
                           self._unk_id is not None and tid == self._unk_id)
            self._rows[i] = row
        return row


class TokensModel(RecordTableModel):
    """Rows of the current encoding; ``set_encoding`` replaces them all."""

    def __init__(self, parent=None) -> None:
        super().__init__(COLUMNS, parent)
        self.encoding: Any = None
        self.byte_level = False

    def set_encoding(self, text: str, encoding: Any, byte_level: bool = False,
                     unk_id: int | None = None) -> None:
        previous = self.encoding
        self.encoding, self.byte_level = encoding, byte_level
        self.set_records(_EncodingRows(text, encoding, byte_level, unk_id)
                         if encoding is not None else [])
        if previous is not encoding:
            # the previous one may be the last copy (a pane catching up on an old encoding):
            # freed over the next turns, not in this one
            free_later(previous)
