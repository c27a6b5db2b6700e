"""Encoding in the background: what decides it, and what the encoding pane shows meanwhile.

A text is encoded on the GUI thread only when it is cheap: short, and without a long
whitespace-free run (a 5,000-character word froze the window 0.8 s below the size limit).
While a long text is encoded again after a tokenizer switch, nothing has failed: the
pane says it is encoding and keeps the previous drawing until the new encoding lands.
"""

from __future__ import annotations

import threading

import pytest

from app import session as session_module
from app.selection import SelectionModel
from app.session import SYNC_ENCODE_LIMIT, Session, TokenizerEntry, encode_at_once
from subword_core.models import BPE
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer

LONG_WORD = "Donaudampfschifffahrt" * 240  # 5,040 characters without a space


def char_tokenizer(extra: str = "") -> Tokenizer:
    chars = sorted(set("Donaudampfschifffahrt abcdefghijklmnopqrstuvwxyz.,") | set(extra))
    tok = Tokenizer(BPE({c: i for i, c in enumerate(chars)}, []))
    tok.pre_tokenizer = Whitespace()
    return tok


@pytest.fixture
def session():
    s = Session()
    yield s
    s.shutdown()


def test_the_cost_decides_not_only_the_length():
    assert encode_at_once("a short text")
    assert encode_at_once("word " * (SYNC_ENCODE_LIMIT // 5))
    assert not encode_at_once(LONG_WORD)  # short, but one long word
    assert not encode_at_once("word " * (SYNC_ENCODE_LIMIT // 5 + 1))


def test_a_long_word_is_not_encoded_on_the_gui_thread(qtbot, session, monkeypatch):
    session.add_tokenizer(TokenizerEntry("chars", char_tokenizer(), None, "file"))
    calls = []
    original = session_module.encode_with_options
    def recorded(*args, **kwargs):
        calls.append(threading.current_thread())
        return original(*args, **kwargs)

    monkeypatch.setattr(session_module, "encode_with_options", recorded)
    with qtbot.waitSignal(session.encoding_changed, timeout=20000) as blocker:
        session.set_text(LONG_WORD)
        assert session.encoding_pending  # the synchronous path was not taken
    assert threading.main_thread() not in calls
    assert blocker.args[0] is not None and len(blocker.args[0]) == len(LONG_WORD)


def test_switching_tokenizer_on_a_long_text_says_encoding_and_keeps_the_drawing(qtbot, session):
    from app.panes.encoding_pane import EncodingPane

    session.add_tokenizer(TokenizerEntry("first", char_tokenizer(), None, "file"))
    session.add_tokenizer(TokenizerEntry("second", char_tokenizer("!"), None, "file"),
                          make_current=False)
    pane = EncodingPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1000, 700)
    pane.show()
    qtbot.waitExposed(pane)
    text = "the quick brown fox. " * (SYNC_ENCODE_LIMIT // 20)
    with qtbot.waitSignal(session.encoding_changed, timeout=20000):
        session.set_text(text)
    before = pane.view.encoding
    assert before is not None and len(before) > 0
    announced = []
    session.encoding_changed.connect(announced.append)
    session.set_current("second")
    # at once: nothing failed, the text is being encoded; the old drawing stays
    assert session.encoding_pending
    assert None not in announced
    summary = pane.summary_label.text()
    assert "cannot encode" not in summary and summary.startswith("encoding ")
    assert pane.view.encoding is before
    qtbot.waitUntil(lambda: bool(announced) and announced[-1] is not None, timeout=20000)
    assert pane.view.encoding is session.encoding and pane.view.encoding is not before
    assert "tokens" in pane.summary_label.text()
    pane.deleteLater()
