"""TokenTextView on a 50,000-character text: Python looks only at the tokens of the blocks
on screen (not at every token of the text), and hover, clicks, selection and copy still
name exactly the tokens under them, at the start, the middle and the end of the text."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication

from app.widgets import TokenTextView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

FLAG = "\U0001F1F0\U0001F1F7"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
PARAGRAPH = (f"The quick brown fox, isn't it? café 3:45pm. 한국어 문장도 잘 나뉘나요? "
             f"🙂 {FLAG} {FAMILY} family emoji and a flag. ")


def mixed_text(n: int) -> str:
    lines, size, i = [], 0, 0
    while size < n:
        lines.append(PARAGRAPH * (1 + i % 4))
        size += len(lines[-1]) + 1
        i += 1
    return "\n".join(lines)[:n]


class CountingOffsets(list):
    """Offsets that count the tokens read one by one (``offsets[i]``): Python per token."""

    reads = 0

    def __getitem__(self, key):
        if isinstance(key, int):
            CountingOffsets.reads += 1
        return super().__getitem__(key)


@pytest.fixture(scope="module")
def gpt2():
    from subword_core.tokenizer import Tokenizer
    try:
        return Tokenizer.from_str(tokenizer_json("gpt2"))
    except Exception as exc:  # noqa: BLE001 - the package that ships the files is missing
        pytest.skip(f"GPT-2 files not available: {exc}")


@pytest.fixture(scope="module")
def big(gpt2):
    text = mixed_text(50_000)
    return text, gpt2.encode(text)


def _shown_view(qtbot, text, enc):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(600, 420)
    view.show()
    qtbot.waitExposed(view)
    view.set_content(text, enc, byte_level=True)
    view.repaint()
    return view


def _covering(enc, char):
    return tuple(i for i, (s, e) in enumerate(enc.offsets)
                 if not enc.special_tokens_mask[i] and s <= char < e)


def _scroll_to_char(view, char):
    b, unit = view._unit_of_char(char)
    cursor = view._unit_cursor(b, unit)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    view.repaint()
    QApplication.processEvents()
    return cursor


def _glyph_point(view, cursor):
    rect = view.cursorRect(cursor)
    after = QTextCursor(cursor)
    after.setPosition(cursor.position() + 1)
    return QPoint((rect.x() + view.cursorRect(after).x()) // 2, rect.center().y())


def test_50k_text_reads_only_the_tokens_on_screen(qtbot, big):
    text, enc = big
    enc.offsets = CountingOffsets(enc.offsets)
    CountingOffsets.reads = 0
    assert len(enc) > 30_000
    view = _shown_view(qtbot, text, enc)
    assert view.document().blockCount() > 50
    # a screenful: a few blocks, a few hundred tokens, read one by one
    assert CountingOffsets.reads < 3_000, CountingOffsets.reads
    assert 0 < view.formatted_blocks < 15
    assert 0 < view.resolved_tokens < 1_500
    # scrolling to the middle and the end formats what comes into sight, no more
    for char in (len(text) // 2, len(text) - 5):
        before = view.formatted_blocks
        _scroll_to_char(view, char)
        assert 0 < view.formatted_blocks - before < 15
    assert view.resolved_tokens < 5_000
    assert CountingOffsets.reads < 8_000, CountingOffsets.reads


def test_hover_click_selection_and_copy_in_the_middle_and_at_the_end(qtbot, big):
    text, enc = big
    view = _shown_view(qtbot, text, enc)
    clicked = []
    view.token_clicked.connect(clicked.append)
    for where in (len(text) // 2, len(text) - 2 * len(PARAGRAPH)):
        char = text.index("quick", where) + 2           # the "i" of "quick"
        hangul = text.index("문", where)                 # one syllable, one cluster
        flag = text.index(FLAG, where)
        cursor = _scroll_to_char(view, char)
        point = _glyph_point(view, cursor)
        assert view.tokens_at(point) == _covering(enc, char) == view.tokens_at_char(char)
        assert view.tokens_at_char(hangul) == _covering(enc, hangul)
        # the flag is one glyph: every token of both its code points, on both
        shared = tuple(sorted(set(_covering(enc, flag)) | set(_covering(enc, flag + 1))))
        assert len(shared) > 1 and view.tokens_at_char(flag) == shared
        assert view.tokens_at_char(flag + 1) == shared
        assert view.describe_tokens(view.tokens_at_char(char)).startswith(
            f"#{_covering(enc, char)[0]}")
        # a click selects the token under the mouse
        here = view.textCursor()
        here.clearSelection()  # (no text selection: the click picks a token)
        view.setTextCursor(here)
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert clicked[-1] == _covering(enc, char)[0]
        # a text selection over "quick brown" copies the ids of its tokens
        start = text.index("quick brown", where)
        b0, u0 = view._unit_of_char(start)
        b1, u1 = view._unit_of_char(start + len("quick brown"))
        assert b0 == b1
        selection = view._unit_cursor(b0, u0)
        selection.setPosition(view._unit_cursor(b1, u1).position(),
                              QTextCursor.MoveMode.KeepAnchor)
        view.setTextCursor(selection)
        expected = sorted(set(enc.tokens_in_span(start, start + len("quick brown"))))
        assert view.selected_token_indices() == expected
        view.setFocus()
        qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
        assert QApplication.clipboard().text() == str([enc.ids[i] for i in expected]).replace(
            "'", "")


# -- the index against the definition -------------------------------------------------------------
def _brute(offsets, mask, start, end):
    found = [i for i, (s, e) in enumerate(offsets)
             if not mask[i] and s < e and s < end and e > start]
    return sorted(found, key=lambda i: offsets[i][0])


def _brute_gaps(offsets, mask, n):
    covered = [False] * n
    for i, (s, e) in enumerate(offsets):
        if not mask[i]:
            for c in range(s, min(e, n)):
                covered[c] = True
    return [c for c in range(n) if not covered[c]]


@st.composite
def encodings(draw):
    """Offsets of a text of ``n`` characters: in reading order (maybe with gaps, empty and
    shared tokens, leading and trailing specials), or shuffled, or with a special inside."""
    n = draw(st.integers(1, 60))
    offsets, pos = [], 0
    while pos < n:
        pos += draw(st.integers(0, 2))                      # a gap (uncovered text)
        length = draw(st.integers(0, 4))                     # 0: an empty token
        if pos >= n:
            break
        end = min(n, pos + length)
        for _ in range(draw(st.integers(1, 2))):             # 2: byte tokens sharing a char
            offsets.append((pos, end))
        pos = end if end > pos else pos + 1
    mask = [0] * len(offsets)
    head, tail = draw(st.integers(0, 2)), draw(st.integers(0, 3))
    offsets = [(0, 0)] * head + offsets + [(0, 0)] * tail
    mask = [1] * head + mask + [1] * tail
    kind = draw(st.sampled_from(["in order", "shuffled", "special inside"]))
    if kind == "shuffled" and len(offsets) > 1:
        random.Random(draw(st.integers(0, 99))).shuffle(offsets)
        mask = [0] * len(offsets)
    elif kind == "special inside" and offsets:
        k = draw(st.integers(0, len(offsets) - 1))
        offsets.insert(k, (0, 0))
        mask.insert(k, 1)
    return n, offsets, mask


@settings(max_examples=300, deadline=None)
@given(encodings(), st.data())
def test_index_finds_exactly_the_tokens_of_a_range(case, data):
    from app.widgets.token_text_view import _TokenIndex

    n, offsets, mask = case
    index = _TokenIndex(offsets, mask)
    start = data.draw(st.integers(0, n))
    end = data.draw(st.integers(start, n + 1))
    found = index.tokens_in(start, end)
    assert sorted(found) == sorted(_brute(offsets, mask, start, end))
    assert [offsets[i][0] for i in found] == sorted(offsets[i][0] for i in found)
    uncovered = [c for s, e in index.gaps(n) for c in range(s, e)]
    assert uncovered == _brute_gaps(offsets, mask, n)
    drawn = data.draw(st.integers(0, n))  # fewer characters drawn than the text has
    assert [c for s, e in index.gaps(drawn) for c in range(s, e)] == [
        c for c in _brute_gaps(offsets, mask, n) if c < drawn]
    every = index.text_tokens()
    assert sorted(every) == sorted(_brute(offsets, mask, 0, n + 1))
    assert [offsets[i][0] for i in every] == sorted(offsets[i][0] for i in every)


@settings(max_examples=200, deadline=None)
@given(encodings(), st.data())
def test_tokens_in_span_is_the_encodings_own(case, data):
    from subword_core.encoding import Encoding

    from app.widgets.token_text_view import tokens_in_span

    n, offsets, mask = case
    enc = Encoding.from_rows((k, "t", o, None, 0) for k, o in enumerate(offsets))
    enc.special_tokens_mask = list(mask)
    start = data.draw(st.integers(0, n))
    end = data.draw(st.integers(start, n + 1))
    assert tokens_in_span(enc, start, end) == enc.tokens_in_span(start, end)


def test_a_selected_span_costs_no_python_per_token_in_the_explore_panes(qtbot, big, gpt2):
    from app.panes.encoding_pane import EncodingPane
    from app.panes.offsets_pane import OffsetsPane
    from app.selection import Selection, SelectionModel
    from app.session import Session, TokenizerEntry

    text, enc = big
    session = Session()
    session.add_tokenizer(TokenizerEntry("gpt2", gpt2, None, "file"))
    selection = SelectionModel()
    panes = [EncodingPane(session, selection), OffsetsPane(session, selection)]
    for pane in panes:
        qtbot.addWidget(pane)
        pane.show()  # out of sight, the panes would wait for the encoding (catch_up)
    span = (text.index("quick", 25_000), text.index("quick", 25_000) + 11)
    session._text, session._encoding = text, enc
    enc.offsets = CountingOffsets(enc.offsets)
    CountingOffsets.reads = 0
    selection.set(Selection(span=span, origin="test"))
    session.encoding_changed.emit(enc)  # (as a re-encode at a keystroke announces it)
    session.turns.finish()  # a long text: the offsets table fills in a turn of its own
    assert CountingOffsets.reads < 2_000, CountingOffsets.reads
    expected = set(enc.tokens_in_span(*span))
    assert panes[0]._marks(selection.current, enc)[1] == expected
    assert set(panes[1].selected_token_indices()) == expected
    session.shutdown()


def test_pipeline_stages_of_a_50k_text_are_made_as_they_show(qtbot, gpt2):
    from app.panes.encoding_pane import EncodingPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry

    text = mixed_text(50_000)
    session = Session()
    session.add_tokenizer(TokenizerEntry("gpt2", gpt2, None, "file"))
    pane = EncodingPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1000, 700)
    pane.show()
    with qtbot.waitSignal(session.encoding_changed, timeout=30_000):
        session.set_text(text)
    qtbot.waitUntil(lambda: not session.turns.pending())  # the stages come in a turn of their own
    pieces = session.encode_result.explanation.pre_tokens
    # the normalized text is short lines (laid out a screenful at a time), one per text line
    doc = pane.normalized_view.document()
    lines = [doc.findBlockByNumber(b).text() for b in range(doc.blockCount())]
    assert len(lines) > 20 and max(map(len, lines)) <= 1_000
    assert lines[0].startswith("The␣quick") and lines[0].endswith("↵")
    # the pre-tokens table has a row per piece, made when shown
    model = pane.pieces_model
    assert model.rowCount() == len(pieces) > 10_000
    assert model.record_at(len(pieces) - 1)[:3] == (len(pieces) - 1, pieces[-1], text)
    assert pane.pieces_table.isColumnHidden(5)
    session.shutdown()


def test_tables_are_not_measured_again_at_a_keystroke(qtbot, gpt2):
    from app.panes.encoding_pane import EncodingPane
    from app.panes.offsets_pane import OffsetsPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry

    text = mixed_text(20_000)
    session = Session()
    session.add_tokenizer(TokenizerEntry("gpt2", gpt2, None, "file"))
    selection = SelectionModel()
    encoding_pane, offsets_pane = EncodingPane(session, selection), OffsetsPane(session, selection)
    tables = [encoding_pane.pieces_table, offsets_pane.table]
    for pane in (encoding_pane, offsets_pane):
        qtbot.addWidget(pane)
        pane.resize(900, 700)
        pane.show()
    with qtbot.waitSignal(session.encoding_changed, timeout=30_000):
        session.set_text(text)
    qtbot.wait(50)
    widths = [[t.columnWidth(c) for c in range(4)] for t in tables]
    assert all(w > 20 for row in widths for w in row)  # fitted to the contents once
    asked: list[int] = []
    for table in tables:
        model = table.model()
        original = model.data
        model.data = lambda index, role=0, original=original: (asked.append(index.row()),
                                                                 original(index, role))[1]
    with qtbot.waitSignal(session.encoding_changed, timeout=30_000):
        session.set_text(text + "x")
    qtbot.wait(50)
    # painting reads the rows on screen; nothing reads the rows below them to measure columns
    shown = max(t.rowAt(t.viewport().height() - 1) for t in tables)
    assert 0 < shown < 40
    assert asked and max(asked) <= shown + 1
    assert [[t.columnWidth(c) for c in range(4)] for t in tables] == widths
    session.shutdown()


def test_the_background_encoder_builds_the_columns_the_views_read(qtbot, gpt2):
    # the fast path defers offsets, masks and word ids until the first read; that read must
    # happen in the encoder process (pickling builds them), not on the GUI thread when the
    # first view draws
    from app.encode_options import EncodeOptions
    from app.encode_process import EncodeProcess

    text = mixed_text(5_000)
    assert "_build" in gpt2.encode(text).__dict__  # (deferred indeed)
    encoder, results = EncodeProcess(), []
    encoder.encoded.connect(lambda request_id, result: results.append(result))
    try:
        encoder.submit(1, gpt2, EncodeOptions(), False, text)
        qtbot.waitUntil(lambda: bool(results), timeout=60000)
    finally:
        encoder.shutdown()
    assert "_build" not in results[0].encoding.__dict__
    assert results[0].encoding.offsets == gpt2.encode(text).offsets


def test_a_keystroke_replaces_only_what_changed_in_the_document(qtbot, gpt2, monkeypatch):
    """The document of a long text is edited where the new one differs (typing), not set
    whole; it then holds exactly what setting it whole gives, chips and markers included."""
    from PySide6.QtWidgets import QPlainTextEdit

    whole = []
    real = QPlainTextEdit.setPlainText
    monkeypatch.setattr(QPlainTextEdit, "setPlainText",
                        lambda self, text: (whole.append(len(text)), real(self, text))[1])
    text = mixed_text(12_000)
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(600, 420)
    view.show()
    reference = TokenTextView()  # set whole every time: its documents are short-lived
    qtbot.addWidget(reference)
    edits = [lambda t: t[:6000] + "x" + t[6000:],                 # typed in the middle
             lambda t: t[:6000] + t[6001:],                        # deleted again
             lambda t: t + " 🇰🇷",                                 # an emoji at the end
             lambda t: "\n" + t,                                   # a line at the start
             lambda t: t[:3000] + "\r\n  \t" + t[3000:],           # line breaks, spaces
             lambda t: t[:5000] + t[5000:7000].upper() + t[7000:]]  # much of it changed
    for k, edit in enumerate([lambda t: t, *edits]):
        text = edit(text)
        enc = gpt2.encode(text)
        del whole[:]
        view.set_content(text, enc, byte_level=True)
        assert (len(whole) == 1) == (k in (0, 6)), (k, whole)  # set whole: first and last
        reference.setPlainText("")  # forget its document: set whole
        reference.set_content(text, enc, byte_level=True)
        assert view.toPlainText() == reference.toPlainText()
        assert view.document().blockCount() == reference.document().blockCount()
        view.repaint()
        for block in (0, view.document().blockCount() // 2, view.document().blockCount() - 1):
            assert view.tokens_at_position(block, 3) == reference.tokens_at_position(block, 3)
    # a special-token chip at each end (the post-processor's) goes in too
    enc = gpt2.encode(text)
    enc.ids, enc.tokens = [50256, *enc.ids, 50256], ["<|endoftext|>", *enc.tokens, "<|endoftext|>"]
    enc.offsets = [(0, 0), *enc.offsets, (0, 0)]
    enc.special_tokens_mask = [1, *[0] * (len(enc.ids) - 2), 1]
    view.set_content(text, enc, byte_level=True)
    reference.setPlainText("")
    reference.set_content(text, enc, byte_level=True)
    assert view.toPlainText() == reference.toPlainText()
    assert view.toPlainText().startswith(" <|endoftext|> ")
    assert view.textCursor().position() == 0 and not view.textCursor().hasSelection()


def test_span_lookups_share_the_views_index(qtbot, gpt2, monkeypatch):
    """The panes look a selected span up in the first sequence (between the specials a
    post-processor adds); the token view indexed the whole encoding. The two are one index:
    a span selected while typing makes no second one per keystroke."""
    import app.widgets.token_text_view as token_text_view
    from app.widgets.token_text_view import tokens_in_span

    text = mixed_text(8_000)
    enc = gpt2.encode(text)
    n = len(enc.ids)
    enc.ids, enc.tokens = [50256, *enc.ids, 50256], ["<s>", *enc.tokens, "</s>"]
    enc.offsets = [(0, 0), *enc.offsets, (0, 0)]
    enc.special_tokens_mask = [1, *[0] * n, 1]
    enc.sequence_ranges = {0: (1, n + 1)}
    view = _shown_view(qtbot, text, enc)
    made = []
    real = token_text_view.TokenIndex
    monkeypatch.setattr(token_text_view, "TokenIndex",
                        lambda *a, **k: made.append(a) or real(*a, **k))
    for start in (0, 100, 4_000, 7_990):
        assert tokens_in_span(enc, start, start + 9) == enc.tokens_in_span(start, start + 9)
    assert made == []
    assert view.tokens_at_char(4_000) == tuple(enc.tokens_in_span(4_000, 4_001))
