"""A SentencePiece ``.model`` opened as the sentencepiece library encodes it, in every view.

Its pipeline (SentencePiece's own normalizer and encoders) has no ``tokenizer.json`` form
and no trainer: every pane must still show it, without an error box, and the text the
library would mark unknown stays in the encoding.
"""

from __future__ import annotations

import io

import pytest
from app_helpers import load_corpus
from PySide6.QtWidgets import QMessageBox

from app import file_actions


@pytest.fixture
def boxes(monkeypatch):
    shown: list[tuple[str, str]] = []
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(
            lambda parent, title, text, *rest, **kw: shown.append((title, text))
            or QMessageBox.StandardButton.Ok))
    return shown


@pytest.mark.parametrize("model_type", ["bpe", "unigram"])
def test_every_view_shows_a_model_opened_as_sentencepiece(qtbot, window, boxes, sample_paths,
                                                          tmp_path, model_type):
    sentencepiece = pytest.importorskip("sentencepiece")
    pytest.importorskip("google.protobuf")
    buffer = io.BytesIO()
    lines = ["the lower the newest widest", "한국어 문장 입니다", "café naïve façade"] * 40
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=buffer, vocab_size=60,
        model_type=model_type, minloglevel=2, hard_vocab_limit=False)
    path = tmp_path / "m.model"
    path.write_bytes(buffer.getvalue())
    load_corpus(qtbot, window, sample_paths)
    assert window.open_tokenizer(str(path))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1
                    or not file_actions.is_opening(window), timeout=30000)
    entry = window.session.current
    assert entry.tokenizer.source.notes[0].startswith("flavor 'sentencepiece'")
    text = "the lowest, newest 한국어 🙂 $5"
    encoding = entry.tokenizer.encode(text)
    assert encoding.tokens == sentencepiece.SentencePieceProcessor(
        model_file=str(path)).encode(text, out_type=str)
    window.encoding_pane.input.setPlainText(text)
    for key in ("explore", "train", "compare", "oov", "stats", "vocab"):
        window.show_view(key)
        for dock in window.docks.values():
            pane = dock.widget().widget() if hasattr(dock.widget(), "widget") else dock.widget()
            if dock.isVisible() and hasattr(pane, "catch_up"):
                pane.catch_up()
        qtbot.wait(200)
    assert not boxes
