"""TokenTextView: visible whitespace, shared characters, unknown tokens, hit testing."""

from __future__ import annotations

from subword_core.encoding import Encoding

from app.widgets import TokenTextView


def _encoding():
    # "a b🙂": 'a', 'Ġb', three byte tokens sharing the emoji, a special token at the start
    rows = [(9, "[CLS]", (0, 0), None, 0), (1, "a", (0, 1), 0, 0), (2, "Ġb", (1, 3), 1, 0),
            (3, "ðŁ", (3, 4), 2, 0), (4, "Ļ", (3, 4), 2, 0), (0, "[UNK]", (3, 4), 2, 0)]
    enc = Encoding.from_rows(rows)
    enc.special_tokens_mask[0] = 1
    return enc


def test_drawing_marks_spaces_and_shared_chars(qtbot):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.set_content("a b🙂", _encoding(), byte_level=True, unk_id=0)
    text = view.toPlainText()
    assert text.startswith(" [CLS] ")
    assert "a␣b🙂" in text
    assert view.tokens_at_char(2) == (2,)
    assert view.tokens_at_char(3) == (3, 4, 5)
    tip = view.describe_tokens((3, 4, 5))
    assert "3 tokens share this character" in tip and "(unknown)" in tip and "⟨F0⟩⟨9F⟩" in tip
    assert "raw 'Ġb'" in view.describe_tokens((2,))


def test_marks_and_click_cycle(qtbot):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.set_content("a b🙂", _encoding(), byte_level=True)
    view.set_marks(highlight={2}, selected={1})
    assert view.highlighted == {2} and view.selected == {1}
    clicked = []
    view.token_clicked.connect(clicked.append)
    view.show()
    qtbot.waitExposed(view)
    # hit-test every drawn position: each maps back to the tokens on that character
    for pos in range(len(view._display)):
        entry = view._display[pos]
        if entry is not None and entry >= 0:
            assert view.tokens_at_char(entry) == view._cover[entry]


def test_empty_and_none(qtbot):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.set_content("", None)
    assert view.toPlainText() == ""
    view.set_content("abc", None)
    assert view.toPlainText() == "abc"
