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


def test_free_later_cuts_only_what_nothing_else_holds(qtbot):
    kept = _encoding()
    lone = _encoding(shift=1)
    ids = list(kept.ids)
    shared_tokens = lone.tokens  # a column someone still reads
    deferred_free.free_later(kept, lone)
    del lone
    qtbot.waitUntil(lambda: deferred_free.pending() == 0, timeout=3000)
    assert kept.ids == ids and len(kept.offsets) == len(TEXT)  # held here: untouched
    assert shared_tokens == list(TEXT)


def test_free_later_spreads_a_big_encoding_over_turns(qtbot, monkeypatch):
    monkeypatch.setattr(deferred_free, "CHUNK", 100)
    big = _encoding("x" * 1_000)
    ref = weakref.ref(big)
    deferred_free.free_later(big)
    del big
    QApplication.processEvents()  # one turn frees at most CHUNK items
    assert ref() is not None
    qtbot.waitUntil(lambda: ref() is None, timeout=5000)


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
