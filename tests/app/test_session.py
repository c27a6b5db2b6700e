"""Session: current tokenizer switching, renaming, and latest-wins background encoding."""

from __future__ import annotations

import pytest

import app.session as session_module
from app.session import Session, TokenizerEntry


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def test_entries_rename_remove(qtbot, tokenizer):
    s = Session()
    changed = []
    s.tokenizer_changed.connect(changed.append)
    a = s.add_tokenizer(TokenizerEntry("tok", tokenizer))
    b = s.add_tokenizer(TokenizerEntry("tok", tokenizer), make_current=False)
    assert (a.name, b.name) == ("tok", "tok (2)") and s.current is a
    assert s.rename_tokenizer("tok", "mine") == "mine" and s.current.name == "mine"
    s.remove_tokenizer("mine")
    assert s.current is b
    s.remove_tokenizer(b.name)
    assert s.current is None and s.encoding is None and changed[-1] is None


def test_large_texts_are_encoded_in_the_background_latest_wins(qtbot, tokenizer, monkeypatch):
    monkeypatch.setattr(session_module, "SYNC_ENCODE_LIMIT", 10)
    s = Session()
    s.add_tokenizer(TokenizerEntry("tok", tokenizer))
    try:
        texts = [("lower newest " * 50) + str(i) for i in range(5)]
        for t in texts:  # typed fast: only the last result may land
            s.set_text(t)
        assert s.encoding is None  # nothing stale is shown meanwhile
        qtbot.waitUntil(lambda: s.encoding is not None, timeout=10000)
        assert s.encoding.ids == tokenizer.encode(texts[-1]).ids
    finally:
        s.shutdown()
