"""The Compare view's columns are computed in the Compare job, off the GUI thread (issue 20).

``compare_columns.drawn_columns`` must give exactly what CompareView computed itself per
code point before (``_view_columns`` below is that code): covers, runs, glyphs, cluster
ends, break points, word edges, on text with combining accents, ZWJ emoji, flags, CJK,
Korean, runs of spaces, tabs, CR LF and none at all. The pane then draws the job's columns
and never loops over the characters, the differing set or the boundary records itself.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.compare_columns import MAX_DRAWN_CHARS, boundary_records, drawn_columns
from subword_core.analysis.compare import align_tokenizers
from subword_core.text.graphemes import joined_spans

FLAG = "\U0001F1F0\U0001F1F7"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
THUMB = "\U0001F44D\U0001F3FD"  # with a skin tone
TEXTS = [
    "",
    " ",
    "low lower newest",
    "cafe\u0301 nai\u0308ve e\u0301\u0301",
    f"a {FLAG} {FAMILY} b {THUMB}!",
    "한국어 문장도 잘 나뉘나요? 토크나이저",
    "\u1100\u1161\u11a8 jamo",
    "東京タワーと中文字符",
    "a    b\t\tc\n\nd\r\ne\u00a0f\u3000g   ",
    "x" * 30,
]
PIECES = ["a", "lo", "w", "er", " ", "   ", "\t", "\n", "\r\n", "é", "e\u0301", "한국", "中",
          FLAG, FAMILY, THUMB, "🙂", "\u200d", "\u0301", "?"]
_MARKERS = {" ": "␣", "\t": "→", "\n": "↵", "\r": "␍", "\u00a0": "⍽", "\u3000": "□"}


def _view_columns(alignment, limit=MAX_DRAWN_CHARS):
    """CompareView.set_alignment's per-code-point loops before they moved to the job."""
    rows = alignment.rows
    text = alignment.text[:limit]
    clusters = joined_spans(text)
    covers, runs = [], []
    for row in rows:
        cover = [()] * len(text)
        for seg in row.segments:
            for c in range(seg.start, min(seg.end, len(text))):
                cover[c] = seg.tokens
        for start, end in clusters:
            union = tuple(sorted({t for c in range(start, end) for t in cover[c]}))
            cover[start:end] = [union] * (end - start)
        covers.append(cover)
        row_runs, begin = [], 0
        for c in range(1, len(cover) + 1):
            if c == len(cover) or cover[c] != cover[begin]:
                row_runs.append((begin, c, cover[begin]))
                begin = c
        runs.append(row_runs)
    glyphs = [_MARKERS.get(c, c) for c in text]
    cluster_end = list(range(1, len(text) + 1))
    for start, end in clusters:
        glyphs[start] = text[start:end]
        glyphs[start + 1:end] = [""] * (end - start - 1)
        cluster_end[start:end] = [end] * (end - start)
    breakable = [bool(g) for g in glyphs]
    if breakable:
        breakable[0] = True
    for cover in covers:
        for c in range(1, len(glyphs)):
            if breakable[c] and cover[c] and not set(cover[c - 1]).isdisjoint(cover[c]):
                breakable[c] = False
    words = [c > 0 and (text[c - 1].isspace() or text[c].isspace()) for c in range(len(text))]
    return {"text": text, "not_drawn": len(alignment.text) - len(text), "covers": covers,
            "runs": runs, "glyphs": glyphs, "cluster_end": cluster_end, "breakable": breakable,
            "words": words, "newlines": [i + 1 for i, g in enumerate(glyphs) if g == "↵"],
            "differing": alignment.differing}


@pytest.fixture(scope="module")
def tokenizers():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    docs = ["low lower newest widest", "the other theatre café", "한국어 문장 東京",
            f"{FLAG} {FAMILY} 🙂 e\u0301"] * 8
    return {algo: drive(train_tokenizer(docs, algo, size)).tokenizer
            for algo, size in (("byte-bpe", 280), ("bpe", 70), ("wordpiece", 80),
                               ("unigram", 60))}


def _same(alignment, limit=MAX_DRAWN_CHARS):
    columns = drawn_columns(alignment, limit)
    expected = _view_columns(alignment, limit)
    assert {key: getattr(columns, key) for key in expected} == expected


@pytest.mark.parametrize("text", TEXTS)
def test_drawn_columns_are_what_the_view_computed(tokenizers, text):
    _same(align_tokenizers(text, tokenizers))


@settings(suppress_health_check=[HealthCheck.too_slow])  # a loaded CI machine
@given(st.lists(st.sampled_from(PIECES), max_size=25).map("".join))
def test_drawn_columns_on_mixed_text(tokenizers, text):
    _same(align_tokenizers(text, tokenizers))


def test_a_long_text_is_drawn_up_to_the_limit(tokenizers):
    text = "한국어 low 🙂 " * 40
    alignment = align_tokenizers(text, tokenizers)
    _same(alignment, 101)  # the limit falls inside a token
    columns = drawn_columns(alignment, 101)
    assert columns.not_drawn == len(text) - 101 and len(columns.glyphs) == 101


def test_the_view_draws_shipped_columns_as_its_own(qtbot, tokenizers):
    from app.widgets.compare_view import CompareView

    alignment = align_tokenizers(TEXTS[4] + " " + TEXTS[8] + TEXTS[5], tokenizers)
    views = []
    for columns in (None, pickle.loads(pickle.dumps(drawn_columns(alignment)))):
        view = CompareView()
        qtbot.addWidget(view)
        view.resize(420, 300)
        view.set_alignment(alignment, list(tokenizers), [True, False, False, False],
                           columns=columns)
        views.append(view)
    state = ("_covers", "_runs", "_glyphs", "_widths", "_lines", "_x", "_breakable", "_words",
             "_cluster_end", "_differing")
    assert [getattr(views[0], k) for k in state] == [getattr(views[1], k) for k in state]
    assert len(views[0]._lines) > 1
    assert views[0].grab().toImage() == views[1].grab().toImage()


@pytest.mark.parametrize("text", TEXTS)
def test_every_text_paints_and_describes(qtbot, tokenizers, text):
    from app.widgets.compare_view import CompareView

    view = CompareView()
    qtbot.addWidget(view)
    view.resize(300, 200)
    view.set_alignment(align_tokenizers(text, tokenizers), list(tokenizers),
                       columns=drawn_columns(align_tokenizers(text, tokenizers)))
    view.set_highlight_span((0, 3))
    assert not view.grab().isNull()
    for r in range(len(tokenizers)):
        for c in range(len(text)):
            assert view.describe(r, c).startswith(list(tokenizers)[r])


def test_the_pane_draws_the_jobs_columns_without_per_character_work(qtbot, tokenizers,
                                                                    monkeypatch):
    """The text job brings the columns and the boundary records; the window draws them
    and paints without computing either, or the differing set, on its GUI thread."""
    import threading

    from subword_core.analysis import compare

    from app.panes.compare_pane import ComparePane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry
    from app.widgets import compare_view

    def refused(*_args, **_kwargs):
        raise AssertionError("computed on the GUI thread")

    monkeypatch.setattr(compare_view, "drawn_columns", refused, raising=False)
    differing = compare.Alignment.differing
    asked: list[str] = []
    monkeypatch.setattr(compare.Alignment, "differing", property(lambda self: (
        asked.append(threading.current_thread().name), differing.fget(self))[1]))
    session = Session()
    for name, tokenizer in tokenizers.items():
        session.add_tokenizer(TokenizerEntry(name, tokenizer, None, name, {}))
    text = " ".join(TEXTS)
    session.set_text(text)
    pane = ComparePane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show()
    qtbot.waitExposed(pane)
    try:
        with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
            pane.set_compared(list(tokenizers))
        qtbot.waitUntil(lambda: pane.view.alignment is pane.alignment is not None, timeout=10000)
        pane.grab()  # paints every row
        view = pane.view
        for r in range(len(tokenizers)):
            view.describe(r, text.index(FLAG))
        assert asked == []
        expected = _view_columns(pane.alignment)
        assert view._covers == expected["covers"] and view._glyphs == expected["glyphs"]
        assert view._differing == expected["differing"] and view._differing
        assert pane.boundary_model.records == boundary_records(pane.alignment)
    finally:
        pane.shutdown()
        session.shutdown()


def test_the_boundary_table_is_fitted_to_a_sample_not_resized_to_every_row(qtbot, tokenizers):
    """Thousands of differing boundaries: the header's ResizeToContents measured every row
    (220 ms in the heavy session). The columns fit their title and first rows instead."""
    from PySide6.QtWidgets import QHeaderView

    from app.panes.compare_pane import ComparePane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry

    session = Session()
    for name, tokenizer in tokenizers.items():
        session.add_tokenizer(TokenizerEntry(name, tokenizer, None, name, {}))
    session.set_text(" ".join(TEXTS) * 3)
    pane = ComparePane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show()
    try:
        with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
            pane.set_compared(list(tokenizers))
        table = pane.boundary_table
        model = table.model()
        assert model is pane.boundary_model and model.rowCount() > 20
        header = table.horizontalHeader()
        modes = [header.sectionResizeMode(c) for c in range(model.columnCount())]
        assert QHeaderView.ResizeMode.ResizeToContents not in modes
        for column in range(model.columnCount() - 1):  # (the last one stretches)
            assert table.columnWidth(column) >= max(
                header.sectionSizeHint(column),
                table.sizeHintForIndex(model.index(0, column)).width())
    finally:
        pane.shutdown()
        session.shutdown()
