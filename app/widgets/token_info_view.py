"""TokenInfoView: one vocabulary entry in detail — its forms, its merge tree, its corpus words.

The side panel of the vocabulary pane. It lays out what the core computed: a row of a
:class:`subword_core.analysis.vocabulary.VocabTable`, the token's
:meth:`~subword_core.analysis.MergeGraph.lineage` (in a :class:`MergeTreeView`) or, when
no merge applies, the reason in words, and the words of a
:class:`subword_core.analysis.vocabulary.TokenUsage` that use it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QLabel, QStackedWidget, QTableView, QVBoxLayout, QWidget

from subword_core.analysis.vocabulary import TokenUsage, VocabTable

from ..item_models.table_model import Column, column_text
from ..item_models.vocab_model import TippedRecordModel
from .merge_tree_view import MergeTreeView

#: Corpus words listed for the selected token.
WORDS_SHOWN = 200
WORD_TIPS = (QT_TRANSLATE_NOOP("Columns", "A corpus word whose encoding contains the token"),
             QT_TRANSLATE_NOOP("Columns", "How often the word occurs in the corpus"))
WORD_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda r: r[0], tooltip=lambda r: repr(r[0])),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "count"), lambda r: f"{r[1]:,}", sort_key=lambda r: r[1], align_right=True),
]


class TokenInfoView(QWidget):
    """Title, details, merge tree (or why there is none) and the corpus words of one token."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenInfoView")
        self.title = QLabel(self.tr("Select a token"), objectName="vocabTokenTitle")
        self.title.setWordWrap(True)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.title.setFont(font)
        self.detail = QLabel("", objectName="vocabTokenDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree = MergeTreeView()
        self.tree_note = QLabel("", objectName="vocabTreeNote")
        self.tree_note.setWordWrap(True)
        self.tree_note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tree_stack = QStackedWidget()
        self.tree_stack.addWidget(self.tree_note)
        self.tree_stack.addWidget(self.tree)
        self.words_label = QLabel("", objectName="vocabWordsLabel")
        self.words_label.setWordWrap(True)
        self.words_model = TippedRecordModel(WORD_COLUMNS, WORD_TIPS, self)
        self.words_table = QTableView(objectName="vocabWordsTable")
        self.words_table.setModel(self.words_model)
        self.words_table.verticalHeader().setVisible(False)
        self.words_table.verticalHeader().setDefaultSectionSize(22)
        self.words_table.horizontalHeader().setStretchLastSection(True)
        self.words_table.setColumnWidth(0, 160)
        self.words_table.setToolTip(self.tr(
            "Corpus words whose encoding contains the selected token, most frequent first, with "
            "their corpus counts"))
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title)
        box.addWidget(self.detail)
        box.addWidget(QLabel(self.tr("Merge tree")))
        box.addWidget(self.tree_stack, 2)
        box.addWidget(self.words_label)
        box.addWidget(self.words_table, 3)

    def clear(self, hint: str | None = None) -> None:
        self.title.setText(self.tr("Select a token") if hint is None else hint)
        self.detail.setText("")
        self.tree.clear()
        self.tree_note.setText("")
        self.tree_stack.setCurrentWidget(self.tree_note)
        self.words_label.setText("")
        self.words_model.set_records([])

    def show_row(self, table: VocabTable, row: int, graph: Any,
                 usage: TokenUsage | None, words_hint: str = "") -> None:
        """Show row ``row`` of ``table``; ``words_hint`` says why ``usage`` is missing."""
        token_id, raw = table.ids[row], table.raw[row]
        kind = f" · {column_text(table.kind[row])}" if table.kind[row] else ""
        self.title.setText(f"{table.readable[row]}   #{token_id:,}{kind}")
        chars, size = table.n_chars[row], table.n_bytes[row]
        self.detail.setText(" · ".join((
            self.tr("raw {raw}").format(raw=repr(raw)),
            self.tr("1 char") if chars == 1 else self.tr("{n} chars").format(n=f"{chars:,}"),
            self.tr("1 byte") if size == 1 else self.tr("{n} bytes").format(n=f"{size:,}"),
            describe_metric(table, row))))
        # 1. the merge tree, or in words why there is none
        if table.metric == "merge rank" and not table.kind[row] and graph is not None:
            self.tree.show_token(graph, raw, table.byte_level)
            self.tree_stack.setCurrentWidget(self.tree)
        else:
            self.tree_note.setText(describe_metric(table, row))
            self.tree_stack.setCurrentWidget(self.tree_note)
        # 2. the corpus words that use it
        if usage is None:
            self.words_label.setText(self.tr(
                "Corpus words using it: {hint}").format(hint=words_hint))
            self.words_model.set_records([])
            return
        n, freq = usage.n_words_using(token_id), usage.counts.get(token_id, 0)
        more = self.tr(" (the {n} most frequent shown)").format(n=WORDS_SHOWN) \
            if n > WORDS_SHOWN else ""
        words = (self.tr("1 corpus word") if n == 1
                 else self.tr("{n} corpus words").format(n=f"{n:,}"))
        uses = (self.tr("1 occurrence") if freq == 1
                else self.tr("{n} occurrences").format(n=f"{freq:,}"))
        self.words_label.setText(self.tr("Used by {words}, {uses}").format(words=words, uses=uses)
                                 + more if n else self.tr("No corpus word uses this token"))
        self.words_model.set_records(usage.words_using(token_id, WORDS_SHOWN))


def describe_metric(table: VocabTable, row: int) -> str:
    """A row's merge rank or score in words, in the interface language (the words of
    ``VocabTable.describe_metric``; the values are the table's)."""
    value = table.rank_or_score[row]
    if table.metric == "score":
        if value is None:
            return QCoreApplication.translate(
                "TokenInfoView", "{algorithm}: no merges; no score (added token)").format(
                    algorithm=table.algorithm)
        return QCoreApplication.translate(
            "TokenInfoView", "{algorithm}: no merges; score {score}").format(
                algorithm=table.algorithm, score=f"{value:.2f}")
    if table.metric == "merge rank":
        if value is not None:
            return QCoreApplication.translate("TokenInfoView", "built by merge {n}").format(
                n=f"{value:,}")
        if table.kind[row]:
            return QCoreApplication.translate("TokenInfoView",
                                              "an added token: no merge builds it")
        return QCoreApplication.translate("TokenInfoView", "a base symbol: no merge builds it")
    return QCoreApplication.translate(
        "TokenInfoView", "{algorithm}: no merges or scores in this model").format(
            algorithm=table.algorithm)
