"""TokensModel: one row per token of an Encoding (the offsets table).

Columns: index, token (whitespace and byte-level symbols made visible; the raw
form in the tooltip), id, start, end, the original-text slice, word id, special.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from subword_core.analysis import visible_text, visible_token

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
    return f"raw: {r.token!r}\nshown: {r.visible}"


COLUMNS = [
    Column("#", lambda r: r.index, align_right=True, natural=True),
    Column("token", lambda r: r.visible, tooltip=_token_tooltip),
    Column("id", lambda r: r.id, align_right=True),
    Column("start", lambda r: r.start, align_right=True),
    Column("end", lambda r: r.end, align_right=True),
    Column("text", lambda r: visible_text(r.slice), tooltip=lambda r: repr(r.slice)),
    Column("word", lambda r: r.word_id, align_right=True),
    Column("special", lambda r: "yes" if r.special else ""),
]


class TokensModel(RecordTableModel):
    """Rows of the current encoding; ``set_encoding`` replaces them all."""

    def __init__(self, parent=None) -> None:
        super().__init__(COLUMNS, parent)

    def set_encoding(self, text: str, encoding: Any, byte_level: bool = False,
                     unk_id: int | None = None) -> None:
        rows = []
        if encoding is not None:
            for i, (tid, tok, (s, e)) in enumerate(zip(encoding.ids, encoding.tokens,
                                                       encoding.offsets)):
                rows.append(TokenRow(i, tok, visible_token(tok, byte_level), tid, s, e, text[s:e],
                                     encoding.word_ids[i], bool(encoding.special_tokens_mask[i]),
                                     unk_id is not None and tid == unk_id))
        self.set_records(rows)
