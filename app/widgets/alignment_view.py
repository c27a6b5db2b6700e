"""AlignmentView: shows one sentence's IOB label alignment (computed by
``subword_core.analysis.labels``).

Two tables: the tokens with the word they belong to, the word's tag and the
token's label (``-100`` for ignored tokens); and the entities, original vs.
regrouped from token labels, with a ✓/✗ per entity and the number of tokens it
was split into. The widget draws an :class:`~subword_core.analysis.labels.Alignment`; it
computes nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QHeaderView, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from subword_core.analysis import visible_token, visible_text
from subword_core.analysis.labels import IGNORE_INDEX

from ..item_models import Column, RecordTableModel
from .copy_actions import install_table_copy

TOKEN_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r["index"], align_right=True,
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "position of the token in the encoding")),
    Column(QT_TRANSLATE_NOOP("Columns", "token"), 
           lambda r: r["shown"], tooltip=lambda r: repr(r["token"]),
           header_tip=QT_TRANSLATE_NOOP(
               "Columns",
               "the token, readable (␣ = space, ⟨C3⟩ = a byte); hover for the raw string")),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda r: r["start"], align_right=True,
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "first character of the token in the sentence")),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda r: r["end"], align_right=True,
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "end (exclusive) of the token in the sentence")),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda r: r["word"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "the labelled word the token belongs to")),
    Column(QT_TRANSLATE_NOOP("Columns", "word tag"), lambda r: r["tag"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "the IOB tag of that word")),
    Column(QT_TRANSLATE_NOOP("Columns", "token label"),
           lambda r: IGNORE_INDEX if r["label"] is None else r["label"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "the label the token is trained with; -100 = ignored by the loss "
               "(special tokens, and word continuations when only the first token of a word is "
               "labelled)")),
]
ENTITY_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "type"), lambda r: r["label"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "entity_group: the entity type (PER, LOC…) without its B-/I- prefix")),
    Column(QT_TRANSLATE_NOOP("Columns", "original"), lambda r: r["original"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "the entity as labelled in the words, with its character span")),
    Column(QT_TRANSLATE_NOOP("Columns", "regrouped from tokens"), lambda r: r["regrouped"],
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "the entity rebuilt from the token labels, as a token classifier's "
               "aggregation would (the same span if the alignment is lossless)")),
    Column(QT_TRANSLATE_NOOP("Columns", "tokens"), lambda r: r["tokens"], align_right=True,
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "how many tokens the entity was split into")),
    Column(QT_TRANSLATE_NOOP("Columns", "match"), lambda r: "✓" if r["ok"] else "✗",
           header_tip=QT_TRANSLATE_NOOP(
               "Columns", "✓ when regrouping gives back exactly the original entity")),
]


def _span_text(e: Any) -> str:
    return f"{visible_text(e.text)} [{e.start}, {e.end})" if e is not None else "—"


class AlignmentView(QWidget):
    """Token-level labels above, entity comparison below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tokens_model = RecordTableModel(TOKEN_COLUMNS, self)
        self.entities_model = RecordTableModel(ENTITY_COLUMNS, self)
        self.tokens_table = QTableView(objectName="alignmentTokensTable")
        self.entities_table = QTableView(objectName="alignmentEntitiesTable")
        for table, model in ((self.tokens_table, self.tokens_model),
                             (self.entities_table, self.entities_model)):
            table.setModel(model)
            table.setMinimumHeight(50)
            table.verticalHeader().setVisible(False)
            table.verticalHeader().setDefaultSectionSize(22)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setResizeContentsPrecision(64)
            table.horizontalHeader().setStretchLastSection(True)
            install_table_copy(table)
        self.sentence_label = QLabel("", objectName="alignmentSentence")
        self.sentence_label.setWordWrap(True)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tokens_table)
        splitter.addWidget(self.entities_table)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.sentence_label)
        layout.addWidget(splitter, 1)

    def set_alignment(self, alignment: Any, byte_level: bool = False) -> None:
        if alignment is None:
            self.tokens_model.set_records([])
            self.entities_model.set_records([])
            self.sentence_label.setText("")
            return
        a = alignment
        self.sentence_label.setText(a.text)
        rows = []
        for i, (tok, (s, e), w, label) in enumerate(zip(a.tokens, a.offsets, a.token_words,
                                                         a.token_labels)):
            rows.append({"index": i, "token": tok, "shown": visible_token(tok, byte_level),
                         "start": s, "end": e, "word": "" if w is None else a.words[w],
                         "tag": "" if w is None else a.tags[w], "label": label})
        self.tokens_model.set_records(rows)
        regrouped = {(e.label, e.start, e.end): e for e in a.regrouped}
        entities = []
        counts = a.tokens_per_entity
        for e, n in zip(a.original, counts):
            twin = regrouped.pop((e.label, e.start, e.end), None)
            near = twin or next((r for r in a.regrouped if r.label == e.label
                                 and r.start < e.end and e.start < r.end), None)
            entities.append({"label": e.label, "original": _span_text(e),
                             "regrouped": _span_text(near), "tokens": n, "ok": twin is not None})
        for extra in regrouped.values():
            if not any(extra.label == x["label"] and _span_text(extra) == x["regrouped"]
                       for x in entities):
                entities.append({"label": extra.label, "original": "—",
                                 "regrouped": _span_text(extra), "tokens": "", "ok": False})
        self.entities_model.set_records(entities)
