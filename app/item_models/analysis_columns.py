"""Columns of the analysis tables (compare metrics, vocabulary overlap, boundaries, held-out).

Each :class:`~app.item_models.table_model.Column` maps one core record
(``compare.Metrics`` rows, ``compare.Overlap``, ``oov.HeldoutRow``) to a cell:
numbers are formatted for people and sorted by their value. :func:`table_rows`
gives the same cells for a CSV export, so the file holds what the table shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP

# the boundary table's records are computed in the Compare job (no Qt there); kept importable
from ..compare_columns import boundary_records  # noqa: F401
from .table_model import Column, RecordTableModel, column_text


class TippedTableModel(RecordTableModel):
    """A :class:`RecordTableModel` whose column headers have tooltips (title -> text)."""

    def __init__(self, columns: Sequence[Column], tips: Mapping[str, str], parent=None) -> None:
        super().__init__(columns, parent)
        self._tips = dict(tips)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt API
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            if 0 <= section < self.columnCount():
                column = self._columns[section]
                tip = column_text(self._tips.get(column.title, self._tips.get("*", "")))
                return tip.format(title=column.shown_title())
            return None
        return super().headerData(section, orientation, role)


def num(value: int | None) -> int | None:
    """A count: the table shows it with thousands separators (``app.widgets.numbers``) and
    copies it as a plain number."""
    return None if value is None else int(value)


def fmt(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def pct(value: float | None) -> str | None:
    return None if value is None else f"{value:.1%}"


def _metric(key: str, attr: str):
    def get(record: dict) -> Any:
        metrics = record[key]
        return None if metrics is None else getattr(metrics, attr)

    return get


def _metric_columns(titles: tuple[str, str, str, str], key: str) -> list[Column]:
    tokens, cpt, tpw, unk = (
        _metric(key, a) for a in ("tokens", "chars_per_token", "tokens_per_word", "unknown_share")
    )
    return [
        Column(titles[0], lambda r: num(tokens(r)), align_right=True, sort_key=tokens),
        Column(titles[1], lambda r: fmt(cpt(r)), align_right=True, sort_key=cpt),
        Column(titles[2], lambda r: fmt(tpw(r)), align_right=True, sort_key=tpw),
        Column(titles[3], lambda r: pct(unk(r)), align_right=True, sort_key=unk),
    ]


def _profile(attr: str):
    def get(record: dict) -> Any:
        profile = record.get("profile")
        return None if profile is None else getattr(profile, attr)

    return get


_per_doc, _cuts = _profile("tokens_per_document"), _profile("cut_agreement")

#: Records: ``{"name": str, "text": Metrics, "corpus": Metrics | None,
#: "profile": CorpusProfile | None}``.
METRIC_COLUMNS = [
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "tokenizer"), lambda r: r["name"], tooltip=lambda r: r["name"]),
    *_metric_columns((QT_TRANSLATE_NOOP(
        "Columns",
        "tokens"), QT_TRANSLATE_NOOP(
        "Columns",
        "chars/token"), QT_TRANSLATE_NOOP(
        "Columns",
        "tokens/word"), QT_TRANSLATE_NOOP(
        "Columns",
        "unknown")), "text"),
    *_metric_columns((QT_TRANSLATE_NOOP(
        "Columns",
        "corpus tokens"), QT_TRANSLATE_NOOP(
        "Columns",
        "corpus chars/token"), QT_TRANSLATE_NOOP(
        "Columns",
        "corpus tokens/word"),
                      QT_TRANSLATE_NOOP("Columns", "corpus unknown")), "corpus"),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "corpus tokens/doc"), lambda r: fmt(_per_doc(r)), align_right=True, sort_key=_per_doc),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "corpus cuts shared"), lambda r: pct(_cuts(r)), align_right=True, sort_key=_cuts),
]

#: What each metric column means (header tooltips).
METRIC_TIPS = {
    "tokenizer": QT_TRANSLATE_NOOP("Columns", "The compared tokenizer"),
    "tokens": QT_TRANSLATE_NOOP("Columns", "Tokens for the text (special tokens included)"),
    "chars/token": QT_TRANSLATE_NOOP(
        "Columns",
        "Characters of the text per token: higher means fewer, longer tokens"),
    "tokens/word": QT_TRANSLATE_NOOP(
        "Columns",
        "Tokens per whitespace-separated word (fertility): 1.00 = one token a word"),
    "unknown": QT_TRANSLATE_NOOP("Columns", "Share of tokens that are the unknown token"),
    "corpus tokens": QT_TRANSLATE_NOOP(
        "Columns",
        "Tokens for the corpus (its beginning, for a big corpus)"),
    "corpus chars/token": QT_TRANSLATE_NOOP("Columns", "Characters per token on the corpus"),
    "corpus tokens/word": QT_TRANSLATE_NOOP("Columns", "Tokens per word on the corpus"),
    "corpus unknown": QT_TRANSLATE_NOOP("Columns", "Share of unknown tokens on the corpus"),
    "corpus tokens/doc": QT_TRANSLATE_NOOP(
        "Columns",
        "Tokens per corpus document: fewer means a model sees more text in its context window"),
    "corpus cuts shared": QT_TRANSLATE_NOOP(
        "Columns",
        "Token boundaries on the corpus shared with the first tokenizer compared (Jaccard of their "
        "cuts): 100% = the corpus is cut the same way; a retrained tokenizer next to its original "
        "shows how much retraining moved"),
}

#: Records: ``compare.Overlap``.
OVERLAP_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "pair"), lambda o: f"{o.a} ↔ {o.b}"),
    Column(QT_TRANSLATE_NOOP("Columns", "sizes"), lambda o: f"{o.size_a:,} / {o.size_b:,}"),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "shared"), lambda o: num(o.shared), align_right=True, sort_key=lambda o: o.shared),
    Column(QT_TRANSLATE_NOOP("Columns", "Jaccard"), lambda o: fmt(o.jaccard), align_right=True),
    Column(
        QT_TRANSLATE_NOOP("Columns", "surface shared"),
        lambda o: num(o.surface_shared),
        align_right=True,
        sort_key=lambda o: o.surface_shared,
        tooltip=lambda o: QCoreApplication.translate(
            "Columns", "markers (Ġ ▁ ## </w>) removed, byte symbols decoded"),
    ),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "surface Jaccard"), lambda o: fmt(o.surface_jaccard), align_right=True),
]

OVERLAP_TIPS = {
    "pair": QT_TRANSLATE_NOOP("Columns", "Two compared tokenizers"),
    "sizes": QT_TRANSLATE_NOOP("Columns", "Vocabulary sizes of the two"),
    "shared": QT_TRANSLATE_NOOP("Columns", "Vocabulary entries spelled identically in both"),
    "Jaccard": QT_TRANSLATE_NOOP(
        "Columns",
        "shared / entries in either (1.00 = the same vocabulary)"),
    "surface shared": QT_TRANSLATE_NOOP(
        "Columns",
        "Entries equal once markers (Ġ ▁ ## </w>) are removed and bytes decoded"),
    "surface Jaccard": QT_TRANSLATE_NOOP("Columns", "Jaccard index of the surface forms"),
}

#: Records: ``oov.HeldoutRow``.
HELDOUT_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "tokenizer"), lambda r: r.name),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "vocab size"), lambda r: num(r.vocab_size), align_right=True,
           sort_key=lambda r: r.vocab_size),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "retrained"), lambda r: QCoreApplication.translate(
        "Columns",
        "yes") if r.retrained
           else QCoreApplication.translate("Columns", "no")),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "held-out words"), lambda r: num(r.word_level.words), align_right=True,
           sort_key=lambda r: r.word_level.words),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "unknown tokens"), lambda r: pct(r.unknown_token_rate), align_right=True),
    Column(QT_TRANSLATE_NOOP(
        "Columns",
        "words with an unknown"), lambda r: pct(r.words_with_unknown_rate), align_right=True),
    # not a figure of the tokenizer: the word-level baseline it is compared with
    Column(
        QT_TRANSLATE_NOOP("Columns", "baseline: word-level OOV"),
        lambda r: pct(r.word_oov_rate),
        align_right=True,
        tooltip=lambda r: QCoreApplication.translate(
            "Columns", "baseline, not this tokenizer: held-out words missing from a word "
            "vocabulary of {n} entries").format(n=num(r.vocab_size)),
    ),
    Column(QT_TRANSLATE_NOOP("Columns", "error"), lambda r: r.error),
]


HELDOUT_TIPS = {
    "tokenizer": QT_TRANSLATE_NOOP(
        "Columns",
        "The tokenizer (retrained on the first 90% when asked and possible)"),
    "vocab size": QT_TRANSLATE_NOOP(
        "Columns",
        "Vocabulary entries; the word vocabulary it is compared with has as many"),
    "retrained": QT_TRANSLATE_NOOP(
        "Columns",
        "yes: trained again on the first 90% of the documents, so the held-out 10% are really "
        "unseen"),
    "held-out words": QT_TRANSLATE_NOOP("Columns", "Words in the held-out 10% of the documents"),
    "baseline: word-level OOV": QT_TRANSLATE_NOOP(
        "Columns",
        "Baseline, not a figure of the tokenizer: held-out words missing from a word "
        "vocabulary with as many entries as the tokenizer (its most frequent training words + "
        "[UNK]). Tokenizers of the same size share it; compare it with their unknown tokens"),
    "unknown tokens": QT_TRANSLATE_NOOP(
        "Columns",
        "Share of the held-out tokens that are the unknown token"),
    "words with an unknown": QT_TRANSLATE_NOOP(
        "Columns",
        "Share of held-out words with at least one unknown token"),
    "error": QT_TRANSLATE_NOOP("Columns", "Why this tokenizer could not be measured"),
}

BOUNDARY_TIPS = {
    "position": QT_TRANSLATE_NOOP(
        "Columns",
        "Character offset in the text where the tokenizers disagree"),
    "context": QT_TRANSLATE_NOOP("Columns", "The text around that offset; | marks the position"),
    "*": QT_TRANSLATE_NOOP("Columns", "cut: {title} starts a token here; —: it does not"),
}


def boundary_columns(names: Sequence[str]) -> list[Column]:
    """Position, context, then one column per tokenizer: does it cut there?"""
    columns = [
        Column(QT_TRANSLATE_NOOP(
            "Columns",
            "position"), lambda r: num(r["p"]), align_right=True, sort_key=lambda r: r["p"]),
        Column(QT_TRANSLATE_NOOP("Columns", "context"), lambda r: r["context"]),
    ]
    for k, name in enumerate(names):
        columns.append(Column(name, lambda r, k=k: QCoreApplication.translate("Columns", "cut")
                              if r["cuts"][k] else "—", translated=False))
    return columns


def table_rows(columns: Sequence[Column], records: Iterable[Any]) -> tuple[list[str], list[list]]:
    """Header and cells, as the table shows them (for CSV export)."""
    return [c.shown_title() for c in columns], [[c.value(r) for c in columns] for r in records]
