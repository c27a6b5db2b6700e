"""The painted views expose their tokens to Qt's accessibility interface, and the keyboard
moves through them.

For each view with real content (a varied text through an opened or trained tokenizer):
``QAccessible.queryAccessibleInterface(view)`` has one child per token (per row, window,
lattice piece) whose name and value are the core's tokens and offsets (checked against HF
``tokenizers`` where it runs the same tokenizer.json); the arrow keys move the focus, the
accessible focus follows, and Enter selects through the same SelectionModel a click drives.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core.analysis import visible_token

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

NAME, VALUE = QAccessible.Text.Name, QAccessible.Text.Value
TEXT = "The lowest café, isn't it? 🙂 🇰🇷 한국어\n\tnewest widest 3:45pm"
DOCS = ["low lower newest widest the other theatre", "한국어 문장 café 🙂 🇰🇷 3:45pm"] * 10


def expected_name(token: str, token_id: int, start: int, end: int, byte_level: bool) -> str:
    return f"{visible_token(token, byte_level)}, id {token_id}, characters {start}–{end}"


def names_and_values(iface) -> list[tuple[str, str]]:
    return [(iface.child(k).text(NAME), iface.child(k).text(VALUE))
            for k in range(iface.childCount())]


def press(qtbot, view, *keys) -> None:
    for key in keys:
        qtbot.keyClick(view, key)


def focus(qtbot, view) -> None:
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=3000)


@pytest.fixture(scope="module")
def bert_json():
    try:
        return tokenizer_json("bert-base-uncased")
    except Exception as exc:  # noqa: BLE001 - the package that ships the file is missing
        pytest.skip(f"bert-base-uncased tokenizer.json not available: {exc}")


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    return {name: drive(train_tokenizer(DOCS, algo, size)).tokenizer
            for name, algo, size in (("byte", "byte-bpe", 300), ("bpe", "bpe", 80),
                                     ("unigram", "unigram", 90))}


@pytest.fixture
def encoding_pane(qtbot, bert_json):
    from app.panes.encoding_pane import EncodingPane
    from subword_core.tokenizer import Tokenizer

    session, selection = Session(), SelectionModel()
    session.add_tokenizer(TokenizerEntry("bert", Tokenizer.from_str(bert_json), None, "file"))
    pane = EncodingPane(session, selection)
    qtbot.addWidget(pane)
    pane.resize(700, 400)
    pane.show()
    qtbot.waitExposed(pane)
    with qtbot.waitSignal(session.encoding_changed, timeout=10000):
        pane.input.setPlainText(TEXT)
    yield pane, selection
    session.shutdown()


def test_token_text_view_children_are_the_reference_tokens(qtbot, encoding_pane, bert_json):
    hf = pytest.importorskip("tokenizers").Tokenizer.from_str(bert_json)
    pane, _ = encoding_pane
    view = pane.view
    ref = hf.encode(TEXT)
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.role() == QAccessible.Role.List and iface.text(NAME)
    assert iface.text(VALUE) == TEXT
    assert iface.childCount() == len(ref.ids) == len(view.encoding)
    specials = ref.special_tokens_mask
    assert names_and_values(iface) == [
        (expected_name(t, i, s, e, False), t if special else TEXT[s:e])
        for t, i, (s, e), special in zip(ref.tokens, ref.ids, ref.offsets, specials)]
    # every token is a list item of the view, inside the view on screen, [CLS] and [SEP] too
    box = QRect(view.mapToGlobal(view.rect().topLeft()), view.size())
    for k in range(iface.childCount()):
        child = iface.child(k)
        assert child.role() == QAccessible.Role.ListItem and iface.indexOfChild(child) == k
        assert child.parent().text(NAME) == iface.text(NAME)
        assert not child.rect().isEmpty() and box.contains(child.rect()), k
    # the child at a token's middle is that token (screen readers and UI tests hit-test)
    third = iface.child(3)
    assert iface.indexOfChild(iface.childAt(third.rect().center().x(),
                                            third.rect().center().y())) == 3


def test_token_text_view_keyboard_moves_focus_and_selects(qtbot, encoding_pane):
    pane, selection = encoding_pane
    view = pane.view
    enc = view.encoding
    iface = QAccessible.queryAccessibleInterface(view)
    focus(qtbot, view)
    assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    # focus lands on [CLS]; Right moves through the tokens in reading order
    assert view.focus_path == (0,)
    press(qtbot, view, Qt.Key.Key_Right, Qt.Key.Key_Right)
    assert view.focus_path == (2,)
    focused = iface.focusChild()
    assert focused.text(NAME) == iface.child(2).text(NAME) and focused.state().focused
    assert not iface.child(1).state().focused
    # Enter selects it through the SelectionModel, as a click does; the view marks it
    press(qtbot, view, Qt.Key.Key_Return)
    assert selection.current.token_index == 2
    assert selection.current.span == tuple(enc.offsets[2])
    assert view.selected == {2} and iface.child(2).state().selected
    assert not iface.child(3).state().selected
    # Down goes to the line below (after "\n"), Up comes back to the first line
    newline = TEXT.index("\n")
    press(qtbot, view, Qt.Key.Key_Down)
    below = view.focus_path[0]
    assert enc.offsets[below][0] > newline
    press(qtbot, view, Qt.Key.Key_Up)
    assert enc.offsets[view.focus_path[0]][1] <= newline + 1
    # End: the last chip (the file pads to 128: "[PAD] ×99", one stop for the run);
    # Home: the first ([CLS]); Space selects too
    press(qtbot, view, Qt.Key.Key_End)
    last = view.focus_path[0]
    assert enc.tokens[last - 1] == "[SEP]" and set(enc.tokens[last:]) == {"[PAD]"}
    assert len(enc) - last > 3 and iface.child(last).rect() == iface.child(len(enc) - 1).rect()
    press(qtbot, view, Qt.Key.Key_Home, Qt.Key.Key_Right, Qt.Key.Key_Space)
    assert selection.current.token_index == 1
    assert iface.focusChild().text(NAME) == iface.child(1).text(NAME)
    # Tab leaves the view (a keyboard user is never trapped in it)
    press(qtbot, view, Qt.Key.Key_Tab)
    assert not view.hasFocus() and not iface.child(1).state().focused


def test_token_text_view_click_moves_the_focus(qtbot, encoding_pane):
    pane, selection = encoding_pane
    view = pane.view
    focus(qtbot, view)
    iface = QAccessible.queryAccessibleInterface(view)
    target = iface.child(5).rect().center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.viewport().mapFromGlobal(target))
    assert view.focus_path == (5,) and selection.current.token_index == 5
    press(qtbot, view, Qt.Key.Key_Left)
    assert view.focus_path == (4,)


def test_byte_level_tokens_share_a_glyph_and_name_their_bytes(qtbot, trained):
    from app.widgets import TokenTextView

    tok = trained["byte"]
    enc = tok.encode(TEXT)
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.set_content(TEXT, enc, byte_level=True)
    view.show()
    qtbot.waitExposed(view)
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.childCount() == len(enc)
    assert names_and_values(iface) == [
        (expected_name(t, i, s, e, True), TEXT[s:e])
        for t, i, (s, e) in zip(enc.tokens, enc.ids, enc.offsets)]
    # the emoji's byte tokens: each an item of its own, named by its bytes, on one glyph
    smile = TEXT.index("🙂")
    on_smile = [k for k, (s, e) in enumerate(enc.offsets) if s <= smile < e]
    assert len(on_smile) > 1
    assert any("⟨F0⟩" in iface.child(k).text(NAME) for k in on_smile)
    glyph = iface.child(on_smile[0]).rect()
    for k in on_smile[1:]:
        glyph = glyph.intersected(iface.child(k).rect())
    assert glyph.width() > 5  # all of them are drawn over the emoji
    # the keyboard visits each of them
    focus(qtbot, view)
    press(qtbot, view, *[Qt.Key.Key_Right] * on_smile[1])
    assert view.focus_path == (on_smile[1],)
    # new content: the old focus is gone, the children are the new tokens, an item of a
    # token that no longer exists says it is invalid
    stale = iface.child(len(enc) - 1)
    other = tok.encode("newest")
    view.set_content("newest", other, byte_level=True)
    assert view.focus_path is None and iface.childCount() == len(other) < len(enc)
    assert iface.child(0).text(VALUE) == "newest"[slice(*other.offsets[0])]
    assert not stale.isValid() and stale.text(NAME) == ""


def test_compare_view_rows_and_tokens(qtbot, trained):
    from subword_core.analysis.compare import align_tokenizers

    from app.widgets.compare_view import CompareView

    tokenizers = {name: trained[name] for name in ("byte", "bpe")}
    alignment = align_tokenizers(TEXT, tokenizers)
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(420, 300)
    view.set_alignment(alignment, list(tokenizers), [True, False])
    view.show()
    qtbot.waitExposed(view)
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.role() == QAccessible.Role.Tree and iface.childCount() == 2
    for r, (name, tok) in enumerate(tokenizers.items()):
        row = iface.child(r)
        enc = alignment.rows[r].encoding
        assert row.text(NAME) == name and row.childCount() == len(enc)
        expected = tok.encode(TEXT, add_special_tokens=False)
        assert enc.tokens == expected.tokens and enc.offsets == expected.offsets
        unknown = alignment.rows[r].unknown
        assert names_and_values(row) == [
            (expected_name(t, i, s, e, r == 0) + (", unknown" if k in unknown else ""),
             TEXT[s:e])
            for k, (t, i, (s, e)) in enumerate(zip(expected.tokens, expected.ids,
                                                   expected.offsets))]
        assert row.child(0).parent().text(NAME) == name
    clicked = []
    view.token_clicked.connect(lambda r, i: clicked.append((r, i)))
    focus(qtbot, view)
    assert view.focus_path == (0, 0)
    press(qtbot, view, Qt.Key.Key_Right, Qt.Key.Key_Down)
    # Down: the token of the row below that is drawn under the focused one
    r, i = view.focus_path
    upper = alignment.rows[0].encoding.offsets[1]
    assert r == 1 and alignment.rows[1].encoding.offsets[i][0] <= upper[0] < \
        alignment.rows[1].encoding.offsets[i][1]
    assert iface.focusChild().text(NAME) == iface.child(1).child(i).text(NAME)
    assert iface.child(1).child(i).state().focused
    press(qtbot, view, Qt.Key.Key_Enter)
    assert clicked == [(1, i)]
    # the pane answers with the span; the tokens under it are selected in every row
    view.set_highlight_span(tuple(alignment.rows[1].encoding.offsets[i]))
    assert iface.child(1).child(i).state().selected
    assert any(iface.child(0).child(k).state().selected for k in range(iface.child(0)
                                                                       .childCount()))


def test_compare_view_down_reaches_the_next_row_in_a_long_text(qtbot, trained):
    from subword_core.analysis.compare import align_tokenizers

    from app.widgets import accessible
    from app.widgets.compare_view import CompareView

    text = TEXT.replace("\n", " ") * 12
    alignment = align_tokenizers(text, {name: trained[name] for name in ("byte", "bpe")})
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(500, 600)
    view.set_alignment(alignment, ["byte", "bpe"], [True, False])
    view.show()
    qtbot.waitExposed(view)
    upper, lower = (row.encoding for row in alignment.rows)
    # the rows are far apart in the reading order (row by row): farther than Up/Down's
    # default search, so the view says where to look
    assert len(upper) > accessible.LINE_SEARCH
    mid = text.index("newest", len(text) // 2)
    token = next(i for i, (s, e) in enumerate(upper.offsets) if s <= mid < e)
    focus(qtbot, view)
    view.set_focus_path((0, token))
    press(qtbot, view, Qt.Key.Key_Down)
    r, i = view.focus_path
    assert r == 1 and lower.offsets[i][0] <= mid + 3 and mid - 3 < lower.offsets[i][1]
    press(qtbot, view, Qt.Key.Key_Up)
    assert view.focus_path[0] == 0 and abs(upper.offsets[view.focus_path[1]][0] - mid) <= 4


@pytest.fixture
def windows_pane(qtbot, bert_json):
    from app.panes.windows_pane import WindowsPane
    from subword_core.tokenizer import Tokenizer

    session, selection = Session(), SelectionModel()
    session.add_tokenizer(TokenizerEntry("bert", Tokenizer.from_str(bert_json), None, "file"))
    session.set_text(TEXT * 6)
    pane = WindowsPane(session, selection)
    qtbot.addWidget(pane)
    pane.resize(900, 700)
    pane.show()
    qtbot.waitExposed(pane)
    qtbot.waitUntil(lambda: not pane._timer.isActive() and not pane._dirty
                    and not pane.job.is_running() and pane.windows is not None, timeout=20000)
    yield pane, selection
    pane.shutdown()
    session.shutdown()


def test_windows_view_windows_and_tokens(qtbot, windows_pane):
    pane, selection = windows_pane
    view, windows = pane.view, pane.windows
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.role() == QAccessible.Role.Tree
    assert iface.childCount() == view.drawn_windows == len(windows.windows) > 1
    context = windows.context
    for k, window in enumerate(windows.windows):
        enc = window.encoding
        item = iface.child(k)
        assert item.text(NAME) == f"Window {k}" and item.childCount() == len(enc)
        assert names_and_values(item) == [
            (expected_name(t, i, s, e, False), t if special else context[s:e])
            for t, i, (s, e), special in zip(enc.tokens, enc.ids, enc.offsets,
                                             enc.special_tokens_mask)]
    # the second window's first context token: Right from [CLS], then Enter selects its span
    focus(qtbot, view)
    press(qtbot, view, *[Qt.Key.Key_Right] * (len(windows.windows[0].encoding) + 1))
    assert view.focus_path == (1, 1)
    assert iface.focusChild().text(NAME) == iface.child(1).child(1).text(NAME)
    press(qtbot, view, Qt.Key.Key_Return)
    span = tuple(windows.windows[1].encoding.offsets[1])
    assert selection.current.span == span
    assert iface.child(1).child(1).state().selected


def test_lattice_view_pieces(qtbot, trained):
    from app.widgets.trace_view import TraceView

    model = trained["unigram"].model
    lattice = model.lattice("lowest")
    trace = TraceView()
    qtbot.addWidget(trace)
    trace.resize(700, 400)
    trace.show_trace("unigram", lattice)
    trace.show()
    qtbot.waitExposed(trace)
    view = trace.lattice_view
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface.text(NAME) == "Unigram lattice of the word"
    assert iface.childCount() == len(lattice.nodes) > len(lattice.sequence)
    best = set(lattice.best_path)
    for k, node in enumerate(lattice.nodes):
        name = iface.child(k).text(NAME)
        assert name.startswith(f"{visible_token(node.piece)}, characters {node.start}–{node.end}, "
                               f"score {node.score:.2f}")
        assert name.endswith(", on the best path") == (k in best)
        assert iface.child(k).text(VALUE) == node.piece
        assert not iface.child(k).rect().isEmpty()
    focus(qtbot, view)
    order = sorted(range(len(lattice.nodes)),
                   key=lambda i: (lattice.nodes[i].start, lattice.nodes[i].end))
    assert view.focus_path == (order[0],)
    press(qtbot, view, Qt.Key.Key_Right, Qt.Key.Key_Right)
    assert view.focus_path == (order[2],) and iface.child(order[2]).state().focused
    press(qtbot, view, Qt.Key.Key_End)
    assert view.focus_path == (order[-1],)


def test_trace_table_rows_are_accessible(qtbot, trained):
    from app.widgets.trace_view import TraceView

    bpe = trained["bpe"].model
    trace_value = bpe.merge_trace("lowest")
    trace = TraceView()
    qtbot.addWidget(trace)
    trace.show_trace("bpe", trace_value)
    trace.show()
    qtbot.waitExposed(trace)
    iface = QAccessible.queryAccessibleInterface(trace.table)
    assert iface.role() == QAccessible.Role.Table
    assert iface.text(NAME) == "Steps of the model on the word"
    # Qt's own table interface: a header row, then one row per step, start and stop included
    # (and a column for the hidden vertical header)
    columns = trace.model.columnCount()
    assert iface.childCount() == (len(trace_value.steps) + 3) * (columns + 1)
    last_row = [iface.child(iface.childCount() - columns + c).text(NAME) for c in range(columns)]
    assert last_row[:2] == [str(len(trace_value.steps) + 1), "stop"]


def test_token_items_leave_qts_cache_with_their_view(qtbot, trained):
    import gc

    from app.widgets import TokenTextView, accessible

    enc = trained["byte"].encode("newest 🙂")
    ids = []
    for delete_from_python in (False, True):
        view = TokenTextView()
        view.set_content("newest 🙂", enc, byte_level=True)
        iface = QAccessible.queryAccessibleInterface(view)
        # a screen reader registers the items it talks about; Qt's cache then points at them
        ids = [QAccessible.uniqueId(iface.child(k)) for k in range(iface.childCount())]
        assert QAccessible.accessibleInterface(ids[-1]).text(VALUE) == "newest 🙂"[
            slice(*enc.offsets[-1])]
        del iface
        if delete_from_python:  # no destroyed signal reaches Python: the next sweep deletes
            del view
            gc.collect()
            accessible._sweep()
        else:
            view.deleteLater()
            qtbot.waitUntil(lambda: QAccessible.accessibleInterface(ids[0]) is None, timeout=3000)
        assert all(QAccessible.accessibleInterface(i) is None for i in ids)
