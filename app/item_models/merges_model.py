"""MergesModel and UnigramStepsModel: the training history as tables that grow while training.

Records are the core's own events (``MergeAdded``, ``UnigramStep``); the models
only say which field goes in which column.
"""

from __future__ import annotations

from subword_core.analysis import visible_token

from .table_model import Column, RecordTableModel


def _runner_up(m, visible) -> str:
    if m.runner_up is None:
        return ""
    left, right = m.runner_up
    return f"{visible(left)} + {visible(right)} ({m.runner_up_count})"


def _score(m):
    # BPE's score equals its count; show a score only where it says something new
    if m.score is None or (m.left_count is None and m.score == m.count):
        return None
    return round(m.score, 8)


class MergesModel(RecordTableModel):
    """One row per merge: rank, left, right, result, count, words touched, score, runner-up."""

    def __init__(self, parent=None, byte_level: bool = False) -> None:
        self.byte_level = byte_level
        vis = self._visible
        super().__init__([
            Column("rank", lambda m: m.rank, align_right=True, natural=True),
            Column("left", lambda m: vis(m.left), tooltip=lambda m: repr(m.left)),
            Column("right", lambda m: vis(m.right), tooltip=lambda m: repr(m.right)),
            Column("result", lambda m: vis(m.token), tooltip=lambda m: f"{m.token!r} id {m.token_id}"),
            Column("count", lambda m: m.count, align_right=True),
            Column("words", lambda m: m.words_touched, align_right=True),
            Column("score", _score, align_right=True,
                   tooltip=lambda m: "" if m.left_count is None else
                   f"{m.count} / ({m.left_count} × {m.right_count})"),
            Column("tie", lambda m: "tie" if m.is_tie else ""),
            Column("runner-up", lambda m: _runner_up(m, vis),
                   tooltip=lambda m: repr(m.runner_up) if m.runner_up else ""),
        ], parent)

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


class UnigramStepsModel(RecordTableModel):
    """One row per Unigram round: vocabulary size, loss, pieces removed."""

    def __init__(self, parent=None) -> None:
        super().__init__([
            Column("round", lambda s: s.round, align_right=True, natural=True),
            Column("vocab size", lambda s: s.vocab_size, align_right=True),
            Column("loss", lambda s: round(s.loss, 3), align_right=True),
            Column("removed", lambda s: len(s.removed), align_right=True),
            Column("pieces removed (loss increase)",
                   lambda s: ", ".join(p for p, _ in s.removed[:12])
                   + (" …" if len(s.removed) > 12 else ""),
                   tooltip=lambda s: "\n".join(f"{p!r}: {d:.4g}" for p, d in s.removed[:60])),
        ], parent)

    def set_text_filter(self, text: str) -> None:
        needle = text.strip()
        self.set_filter(None if not needle else
                        (lambda s: any(needle in p for p, _ in s.removed)))
