"""TraceView: how one model cut one word, step by step.

- BPE (``BPE.merge_trace``): a table with the symbols before each merge, every
  adjacent pair that has a merge with its rank, the lowest-rank one chosen, the
  symbols after, and why merging stopped;
- WordPiece (``WordPiece.match_trace``): the greedy longest match at each
  position, every candidate tried (longest first) and the match, or why the
  whole word became ``[UNK]``;
- Unigram (``Unigram.lattice``): the :class:`~app.widgets.lattice_view.LatticeView`.

The traces are core values; this widget only lays them out. Two panes show one (Unseen
words, Lessons): ``name_prefix`` keeps the object names of their widgets apart, since tests
and assistive tools find widgets by name.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_token

from ..item_models import Column
from ..item_models.analysis_columns import TippedTableModel
from .column_fit import RESIZE_ROWS
from .lattice_view import LatticeView

BPE_STOP = {
    "no_merge_applies": QT_TRANSLATE_NOOP(
        "TraceView", "no adjacent pair has a merge any more: these are the tokens"),
    "single_symbol": QT_TRANSLATE_NOOP("TraceView", "one symbol left: nothing to pair"),
    "whole_word_in_vocab": QT_TRANSLATE_NOOP(
        "TraceView", "the whole word is a token (ignore_merges)"),
    "no_symbols": QT_TRANSLATE_NOOP(
        "TraceView", "every character was dropped (no unknown token)"),
    "empty": QT_TRANSLATE_NOOP("TraceView", "empty word"),
}
WORDPIECE_END = {
    "matched": QT_TRANSLATE_NOOP(
        "TraceView", "every position matched: the matches are the tokens"),
    "no_match": QT_TRANSLATE_NOOP(
        "TraceView", "nothing in the vocabulary matches here, so the WHOLE word becomes {unk}"),
    "too_long": QT_TRANSLATE_NOOP(
        "TraceView", "longer than max_input_chars_per_word: the whole word becomes {unk}"),
    "empty": QT_TRANSLATE_NOOP("TraceView", "empty word"),
}
STEP_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r[0], align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "state"), lambda r: r[1]),
    Column(QT_TRANSLATE_NOOP("Columns", "candidates"), lambda r: r[2]),
    Column(QT_TRANSLATE_NOOP("Columns", "chosen"), lambda r: r[3]),
    Column(QT_TRANSLATE_NOOP("Columns", "result"), lambda r: r[4]),
]

STEP_TIPS = {
    "#": QT_TRANSLATE_NOOP("Columns", "Step number"),
    "state": QT_TRANSLATE_NOOP(
        "Columns", "BPE: the symbols before this merge. WordPiece: where the match starts"),
    "candidates": QT_TRANSLATE_NOOP(
        "Columns", "BPE: every adjacent pair that has a merge, with its rank. WordPiece: the "
        "entries tried, longest first"),
    "chosen": QT_TRANSLATE_NOOP(
        "Columns",
        "BPE: the lowest-rank pair, merged now. WordPiece: the longest entry that matched"),
    "result": QT_TRANSLATE_NOOP("Columns", "The symbols after the step (or why it stopped)"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("TraceView", text)


class TraceView(QStackedWidget):
    """A hint, a step table (BPE, WordPiece) or the lattice (Unigram)."""

    def __init__(self, parent: QWidget | None = None, name_prefix: str = "") -> None:
        super().__init__(parent)

        def name(base: str) -> str:  # "latticeView", or with prefix "lesson" "lessonLatticeView"
            return f"{name_prefix}{base[0].upper()}{base[1:]}" if name_prefix else base

        self.setObjectName(name("traceView"))
        self.hint = QLabel(self.tr("Select a word above to see how each model cut it."))
        self.hint.setWordWrap(True)
        self.model = TippedTableModel(STEP_COLUMNS, STEP_TIPS, self)
        self.table = QTableView(objectName=name("traceTable"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setResizeContentsPrecision(RESIZE_ROWS)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName(self.tr("Steps of the model on the word"))
        self.caption = QLabel("", objectName=name("traceCaption"))
        self.caption.setWordWrap(True)
        table_page = QWidget()
        box = QVBoxLayout(table_page)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.caption)
        box.addWidget(self.table, 1)
        self.lattice_view = LatticeView()
        self.lattice_view.setObjectName(name("latticeView"))
        self.lattice_view.setAccessibleName(self.tr("Unigram lattice of the word"))
        self.lattice_caption = QLabel("", objectName=name("latticeCaption"))
        self.lattice_caption.setWordWrap(True)
        scroll = QScrollArea()
        scroll.setWidget(self.lattice_view)
        scroll.setWidgetResizable(True)
        lattice_page = QWidget()
        box = QVBoxLayout(lattice_page)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.lattice_caption)
        box.addWidget(scroll, 1)
        for page in (self.hint, table_page, lattice_page):
            self.addWidget(page)

    def show_trace(
        self, kind: str, trace: Any, byte_level: bool = False, unk: str = "[UNK]"
    ) -> None:
        if kind == "bpe":
            self._show_rows(*_bpe_rows(trace, byte_level))
        elif kind == "wordpiece":
            self._show_rows(*_wordpiece_rows(trace, unk))
        elif kind == "unigram":
            self.lattice_view.set_lattice(trace)
            self.lattice_caption.setText(_lattice_caption(trace))
            self.setCurrentIndex(2)
        else:
            self.hint.setText(
                self.tr("An added token: the model never sees it.")
                if kind == "added"
                else self.tr("No step-by-step view for this model.")
            )
            self.setCurrentIndex(0)

    def _show_rows(self, caption: str, rows: list[tuple]) -> None:
        self.caption.setText(caption)
        self.model.set_records(rows)
        self.setCurrentIndex(1)


def _symbols(symbols, byte_level: bool) -> str:
    return " · ".join(visible_token(s, byte_level) for s in symbols)


def _bpe_rows(trace: Any, byte_level: bool) -> tuple[str, list[tuple]]:
    rows = [(0, _symbols(trace.initial, byte_level), "", "",
             QCoreApplication.translate("TraceView", "start: one symbol per character"))]
    for k, step in enumerate(trace.steps, 1):
        pairs = ", ".join(
            f"{visible_token(c.left, byte_level)}+{visible_token(c.right, byte_level)} ({c.rank:,})"
            for c in step.candidates
        )
        chosen = step.chosen
        rows.append(
            (
                k,
                _symbols(step.before, byte_level),
                pairs,
                QCoreApplication.translate("TraceView", "rank {rank}: {token}").format(
                    rank=f"{chosen.rank:,}", token=visible_token(step.merged, byte_level)),
                _symbols(step.after, byte_level),
            )
        )
    rows.append(
        (len(trace.steps) + 1, QCoreApplication.translate("TraceView", "stop"), "", "",
         _tr(BPE_STOP[trace.stop_reason]) if trace.stop_reason in BPE_STOP else trace.stop_reason)
    )
    caption = QCoreApplication.translate(
        "TraceView", "BPE on {word}: apply the lowest-rank merge among the adjacent pairs, "
        "repeat. {merges} merges, {tokens} tokens.").format(
        word=repr(visible_token(trace.word, byte_level)), merges=f"{len(trace.steps):,}",
        tokens=f"{len(trace.tokens):,}")
    return caption, rows


def _wordpiece_rows(trace: Any, unk: str) -> tuple[str, list[tuple]]:
    rows = []
    for k, step in enumerate(trace.steps, 1):
        rows.append(
            (
                k,
                QCoreApplication.translate("TraceView", "position {n}").format(n=step.start),
                " › ".join(step.tried),
                step.match if step.match is not None
                else QCoreApplication.translate("TraceView", "no match"),
                "",
            )
        )
    rows.append(
        (
            len(trace.steps) + 1,
            QCoreApplication.translate("TraceView", "end"),
            "",
            "",
            (_tr(WORDPIECE_END[trace.reason]) if trace.reason in WORDPIECE_END
             else trace.reason).format(unk=unk),
        )
    )
    caption = QCoreApplication.translate(
        "TraceView", "WordPiece on {word}: at each position take the longest vocabulary "
        "entry (with ## after the first), trying longest first.").format(word=repr(trace.word))
    return caption, rows


def _lattice_caption(lattice: Any) -> str:
    if not lattice.best_path:
        return QCoreApplication.translate(
            "TraceView", "No path through {word}: an unseen character and no unknown "
            "piece.").format(word=repr(lattice.sequence))
    pieces = " + ".join(visible_token(lattice.nodes[i].piece) for i in lattice.best_path)
    return QCoreApplication.translate(
        "TraceView", "Unigram lattice of {word}: {n} candidate pieces. Viterbi best path "
        "(highlighted) = {pieces}, total log-probability {score}.").format(
        word=repr(visible_token(lattice.sequence)), n=f"{len(lattice.nodes):,}", pieces=pieces,
        score=f"{lattice.best_score:.2f}")
