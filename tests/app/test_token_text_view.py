"""TokenTextView: visible whitespace, shared characters, unknown tokens, hit testing."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor

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
    # hit-test every drawn glyph with the mouse position of its middle
    block = view.document().firstBlock()
    prefix = len(" [CLS]  ")
    for char, tokens in enumerate([(1,), (2,), (2,), (3, 4, 5)]):
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + prefix + char)
        rect = view.cursorRect(cursor)
        cursor.setPosition(cursor.position() + 1)
        right = view.cursorRect(cursor).x()
        point = QPoint((rect.x() + right) // 2, rect.center().y())
        assert view.tokens_at(point) == tokens == view.tokens_at_char(char)
    # the [CLS] chip maps to the special token; a click selects, a second click on the
    # shared emoji cycles to the next token that shares it
    assert view.tokens_at_position(0, 2) == (0,)
    rect = view.cursorRect(QTextCursor(view.document().findBlock(prefix + 3)))
    cursor = QTextCursor(block)
    cursor.setPosition(prefix + 3)
    rect = view.cursorRect(cursor)
    for _ in range(2):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=QPoint(rect.x() + 4, rect.center().y()))
    assert clicked == [3, 4]


def test_empty_and_none(qtbot):
    view = TokenTextView()
    qtbot.addWidget(view)
    view.set_content("", None)
    assert view.toPlainText() == ""
    view.set_content("abc", None)
    assert view.toPlainText() == "abc"
