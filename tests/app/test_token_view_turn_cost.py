"""What a new encoding costs the token view in the turn it arrives: the previous encoding is
freed over the next turns (app.deferred_free), not in set_content; the span formats are made
once per palette, not again at every new encoding."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from subword_core.encoding import Encoding

from app import deferred_free
from app.widgets import TokenTextView

TEXT = "hello world, 한국어 🙂\nsecond line here"


def _encoding(text: str = TEXT, shift: int = 0) -> Encoding:
    """One token per character, ids shifted so that two encodings differ."""
    return Encoding.from_rows((i + shift, c, (i, i + 1), i, 0) for i, c in enumerate(text))


def _view(qtbot) -> TokenTextView:
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_previous_encoding_is_freed_after_set_content_not_in_it(qtbot):
    view = _view(qtbot)
    view.set_content(TEXT, _encoding())
    old = weakref.ref(view.encoding)
    gc.collect()
    view.set_content(TEXT, _encoding(shift=1))
    assert old() is not None  # not freed in this turn: the view handed it over
    qtbot.waitUntil(lambda: old() is None and deferred_free.pending() == 0, timeout=3000)


def test_free_later_never_changes_what_it_lets_go_of(qtbot):
    kept = _encoding()
    lone = _encoding(shift=1)
    ids = list(kept.ids)
    shared_tokens = lone.tokens  # a column someone still reads
    deferred_free.free_later(kept, lone)
    del lone
    qtbot.waitUntil(lambda: deferred_free.pending() == 0, timeout=3000)
    assert kept.ids == ids and len(kept.offsets) == len(TEXT)  # held here: untouched
    assert shared_tokens == list(TEXT)


def test_free_later_lets_go_of_one_object_per_turn(qtbot):
    first, second = _encoding("x" * 1_000), _encoding("y" * 1_000)
    refs = [weakref.ref(first), weakref.ref(second)]
    deferred_free.free_later(first, second)
    del first, second
    assert all(ref() is not None for ref in refs)  # nothing freed in the turn that hands over
    QApplication.processEvents()  # one turn: the first one only
    qtbot.waitUntil(lambda: refs[0]() is None, timeout=3000)
    qtbot.waitUntil(lambda: refs[1]() is None, timeout=3000)


def test_formats_are_made_once_not_at_every_new_encoding(qtbot, monkeypatch):
    view = _view(qtbot)
    view.set_content(TEXT, _encoding())
    view.repaint()
    made = []
    original = TokenTextView._make_format
    monkeypatch.setattr(TokenTextView, "_make_format",
                        lambda self, *key: made.append(key) or original(self, *key))
    view.set_content(TEXT, _encoding(shift=1))  # a new encoding of the same text
    view.repaint()
    assert view.formatted_blocks > 0
    assert made == []  # the same kinds of runs: the formats made before serve


def test_a_palette_change_makes_the_formats_again(qtbot):
    view = _view(qtbot)
    view.set_content(TEXT, _encoding())
    view.repaint()
    before = dict(view._formats)
    palette = QPalette(view.palette())
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#123456"))
    view.setPalette(palette)
    view.repaint()
    assert view._formats and all(view._formats[k] is not before.get(k) for k in view._formats)


def test_tokens_table_frees_its_previous_encoding_after_the_turn(qtbot):
    from app.item_models.tokens_model import TokensModel

    model = TokensModel()
    model.set_encoding(TEXT, _encoding())
    model.record_at(0)  # a row made, holding nothing of the encoding but its values
    old = weakref.ref(model.encoding)
    gc.collect()
    model.set_encoding(TEXT, _encoding(shift=1))
    assert old() is not None
    qtbot.waitUntil(lambda: old() is None, timeout=3000)


def test_runs_of_one_format_are_one_range(qtbot):
    """A byte-level model spells each Korean syllable with several byte tokens: every
    syllable is its own run of tokens, all drawn as "shared". Neighbouring runs of one format
    are one format range (fewer ranges to make and to cut the text layout at), and every
    character keeps the format of its own tokens."""
    text = "한국어 문장도 잘 나뉘나요? 토크나이저는"
    rows = []
    for i, char in enumerate(text):
        for byte in range(len(char.encode())):
            rows.append((len(rows), f"<{byte}>", (i, i + 1), i, 0))
    view = _view(qtbot)
    view.set_content(text, Encoding.from_rows(rows), byte_level=True)
    view.repaint()
    ranges = view._block_formats(0)
    assert len(ranges) < len(text) // 2
    covers = view._covers_of(0)
    for c, char in enumerate(text):
        (shown,) = [r.format for r in ranges if r.start <= c < r.start + r.length]
        assert shown == view._format_for(covers[c], marker=char.isspace())
