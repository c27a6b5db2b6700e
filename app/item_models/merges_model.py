"""MergesModel and UnigramStepsModel: the training history as tables that grow while training.

Records are the core's own events (``MergeAdded``, ``UnigramStep``); the models
only say which field goes in which column. A tokenizer opened from a file has
merges but no counts: then the count columns show "—" and say why. A parity-aware BPE
history adds a language column (:meth:`MergesModel.set_languages`): the language each
merge was chosen for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP

from subword_core.analysis import visible_token

from .table_model import Column, RecordTableModel, column_text

UNKNOWN = "—"
NO_COUNTS = QT_TRANSLATE_NOOP(
    "Columns",
    "counts are known only for tokenizers trained here (a file stores merges, not counts)")

MERGE_TIPS = {
    "rank": QT_TRANSLATE_NOOP(
        "Columns",
        "Merge number: lower ranks were learned first and are applied first"),
    "left": QT_TRANSLATE_NOOP(
        "Columns",
        "Left part of the merged pair (␣ = space, ⟨C3⟩ = a byte that is not a whole character)"),
    "right": QT_TRANSLATE_NOOP("Columns", "Right part of the merged pair"),
    "result": QT_TRANSLATE_NOOP("Columns", "The new token the merge creates"),
    "count": QT_TRANSLATE_NOOP(
        "Columns",
        "How often the pair occurred in the training corpus when it was merged"),
    "words": QT_TRANSLATE_NOOP(
        "Columns",
        "Distinct corpus words in which the pair was replaced by this merge"),
    "score": QT_TRANSLATE_NOOP(
        "Columns",
        "WordPiece likelihood score: count / (left count × right count); empty for BPE, whose "
        "score is the count"),
    "tie": QT_TRANSLATE_NOOP(
        "Columns",
        "tie: the runner-up pair scored the same, so the tie-break rule (deterministic order) "
        "chose this merge"),
    "runner-up": QT_TRANSLATE_NOOP(
        "Columns",
        "The best other pair at that moment, with its count: the merge that would have been chosen "
        "next"),
    "language": QT_TRANSLATE_NOOP(
        "Columns",
        "Parity-aware BPE: the language this merge was chosen for, the one whose text was "
        "longest at that step (its count is the pair's count in that language); 'global': a "
        "merge counted over all languages together"),
}
#: Where the language column goes (after "result") when a history has languages.
LANGUAGE_COLUMN = 4
STEP_TIPS = {
    "round": QT_TRANSLATE_NOOP("Columns", "EM round of the Unigram trainer"),
    "vocab size": QT_TRANSLATE_NOOP("Columns", "Pieces left after this round's pruning"),
    "loss": QT_TRANSLATE_NOOP(
        "Columns",
        "Negative log-likelihood of the corpus under the model (lower is better)"),
    "removed": QT_TRANSLATE_NOOP("Columns", "Pieces pruned in this round"),
    "pieces removed (loss increase)": QT_TRANSLATE_NOOP(
        "Columns",
        "The pruned pieces; the tooltip gives how much each would have increased the loss"),
}


def _runner_up(m, visible) -> str:
    if m.runner_up is None:
        return ""
    left, right = m.runner_up
    return f"{visible(left)} + {visible(right)} ({m.runner_up_count:,})"


def _language(m) -> str:
    if m.language is not None:
        return m.language
    # a parity-aware history's global merge has lengths but no language
    return QCoreApplication.translate("Columns", "global") if m.language_lengths else ""


def _lengths_tip(m, languages: Sequence[str]) -> str:
    if not m.language_lengths:
        return ""
    shown = " · ".join(f"{lang} {n:,}" for lang, n in zip(languages, m.language_lengths))
    return QCoreApplication.translate("Columns", "Tokens per language before this merge: "
                                      "{lengths}").format(lengths=shown)


def _score(m):
    # BPE's score equals its count; show a score only where it says something new
    if m.score is None or (m.left_count is None and m.score == m.count):
        return None
    return f"{m.score:.4g}"


def readable_loss(value: float) -> str:
    """A loss for people: 1,234,567 / 12.346 / 0.01235 (never 1.235e+06)."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 1:
        return f"{value:.3f}"
    return f"{value:.4g}"


def _num(value: Any) -> int | str:
    # a number, shown as 1,234 by the table's delegate and copied as 1234
    return "" if value is None else int(value)


class _TippedModel(RecordTableModel):
    """Header tooltips from a title -> text mapping."""

    tips: dict[str, str] = {}

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt API
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            if 0 <= section < self.columnCount():
                return column_text(self.tips.get(self._columns[section].title, ""))
            return None
        return super().headerData(section, orientation, role)


class MergesModel(_TippedModel):
    """One row per merge: rank, left, right, result, count, words touched, score, runner-up.

    ``counts_known`` False (an opened file): count, words, score, tie and runner-up
    show "—" with a tooltip saying why, instead of zeros.
    """

    tips = MERGE_TIPS

    def __init__(self, parent=None, byte_level: bool = False) -> None:
        self.byte_level = byte_level
        self.counts_known = True
        vis = self._visible

        def known(get, tip=None):
            return (lambda m: get(m) if self.counts_known else UNKNOWN,
                    lambda m: (tip(m) if tip else "") if self.counts_known
                    else column_text(NO_COUNTS))

        count, count_tip = known(lambda m: _num(m.count))
        words, words_tip = known(lambda m: _num(m.words_touched))
        score, score_tip = known(_score, lambda m: "" if m.left_count is None else
                                 f"{m.count:,} / ({m.left_count:,} × {m.right_count:,})")
        tie, tie_tip = known(lambda m: QCoreApplication.translate("Columns", "tie")
                             if m.is_tie else "",
                             lambda m: column_text(MERGE_TIPS["tie"]) if m.is_tie else "")
        runner, runner_tip = known(lambda m: _runner_up(m, vis),
                                   lambda m: repr(m.runner_up) if m.runner_up else "")
        super().__init__([
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "rank"), lambda m: _num(m.rank), align_right=True, natural=True,
                   sort_key=lambda m: m.rank),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "left"), lambda m: vis(m.left), tooltip=lambda m: repr(m.left)),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "right"), lambda m: vis(m.right), tooltip=lambda m: repr(m.right)),
            Column(QT_TRANSLATE_NOOP("Columns", "result"), lambda m: vis(m.token),
                   tooltip=lambda m: f"{m.token!r} id {m.token_id:,}"),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "count"), count, align_right=True, tooltip=count_tip, sort_key=lambda m: m.count),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "words"), words, align_right=True, tooltip=words_tip,
                   sort_key=lambda m: m.words_touched),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "score"), score, align_right=True, tooltip=score_tip,
                   sort_key=lambda m: m.score),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "tie"), tie, tooltip=tie_tip, sort_key=lambda m: m.is_tie),
            Column(QT_TRANSLATE_NOOP("Columns", "runner-up"), runner, tooltip=runner_tip,
                   sort_key=lambda m: m.runner_up_count),
        ], parent)
        self.languages: list[str] = []
        self.language_column = Column(
            QT_TRANSLATE_NOOP("Columns", "language"), _language,
            tooltip=lambda m: _lengths_tip(m, self.languages), sort_key=_language)

    def set_languages(self, languages: Sequence[str] | None) -> None:
        """Show the language column (``languages``: a parity-aware history's, in the order
        of its records' ``language_lengths``) or hide it (None or empty)."""
        self.languages = list(languages or [])
        shown = any(c is self.language_column for c in self._columns)
        if shown == bool(self.languages):
            return
        self.beginResetModel()
        if self.languages:
            self._columns.insert(LANGUAGE_COLUMN, self.language_column)
        else:
            self._columns.remove(self.language_column)
        self._sort = None  # the column indices moved
        self._rebuild_view()
        self.endResetModel()

    def _visible(self, token: str) -> str:
        return visible_token(token, self.byte_level)

    def set_text_filter(self, text: str) -> None:
        """Keep merges whose left, right or result contains ``text`` (raw or as shown)."""
        needle = text.strip()
        if not needle:
            self.set_filter(None)
            return
        vis = self._visible

        def accept(m) -> bool:
            return any(needle in s or needle in vis(s) for s in (m.left, m.right, m.token)) \
                or needle == str(m.rank)
        self.set_filter(accept)

    def set_rank_filter(self, ranks: frozenset[int] | None) -> None:
        """Keep only these ranks (from :func:`matching_ranks`, computed in a worker)."""
        self.set_filter(None if ranks is None else (lambda m: m.rank in ranks))


def search_keys(records: Sequence[Any], byte_level: bool, keys: list[str] | None = None
                ) -> list[str]:
    """One searchable string per merge: its parts and result, raw and as shown.

    Pure Python (no Qt): the merges pane builds it in a worker, once per tokenizer;
    ``keys`` already built for the first records are kept (a training appends rows).
    """
    keys = list(keys or [])
    for m in records[len(keys):]:
        parts = (m.left, m.right, m.token)
        keys.append("\0".join(parts + tuple(visible_token(t, byte_level) for t in parts)))
    return keys


def matching_ranks(records: Sequence[Any], keys: Sequence[str], text: str) -> frozenset[int]:
    """Ranks of the merges whose parts or result contain ``text`` (or whose rank it is)."""
    needle = text.strip()
    found = {m.rank for m, key in zip(records, keys) if needle in key}
    if needle.replace(",", "").isdigit():
        found.add(int(needle.replace(",", "")))
    return frozenset(found)


class UnigramStepsModel(_TippedModel):
    """One row per Unigram round: vocabulary size, loss, pieces removed."""

    tips = STEP_TIPS

    def __init__(self, parent=None) -> None:
        super().__init__([
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "round"), lambda s: s.round, align_right=True, natural=True),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "vocab size"), lambda s: _num(s.vocab_size), align_right=True,
                   sort_key=lambda s: s.vocab_size),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "loss"), lambda s: readable_loss(s.loss), align_right=True,
                   sort_key=lambda s: s.loss),
            Column(QT_TRANSLATE_NOOP(
                "Columns",
                "removed"), lambda s: _num(len(s.removed)), align_right=True,
                   sort_key=lambda s: len(s.removed)),
            Column(QT_TRANSLATE_NOOP("Columns", "pieces removed (loss increase)"),
                   lambda s: ", ".join(visible_token(p) for p, _ in s.removed[:12])
                   + (" …" if len(s.removed) > 12 else ""),
                   tooltip=lambda s: "\n".join(f"{p!r}: {d:.4g}" for p, d in s.removed[:60])),
        ], parent)

    def set_text_filter(self, text: str) -> None:
        needle = text.strip()
        self.set_filter(None if not needle else
                        (lambda s: any(needle in p for p, _ in s.removed)))
