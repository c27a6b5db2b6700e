"""Encoding options in the encoding pane: truncation and padding as in the file, or off;
special tokens on or off; a notice says what truncation and padding did.

Uses the all-MiniLM tokenizer.json (truncation and padding at 128) found by
``tests/core/wild_sources.py``; skipped when its package is not installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app import style
from app.encode_options import EncodeOptions
from app.selection import SelectionModel
from app.session import Session, TokenizerEntry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

hf_tokenizers = pytest.importorskip("tokenizers")


@pytest.fixture(scope="module")
def minilm_json():
    try:
        return tokenizer_json("bert-base-uncased")
    except Exception as exc:  # noqa: BLE001 - the package that ships the file is missing
        pytest.skip(f"all-MiniLM tokenizer.json not available: {exc}")


@pytest.fixture
def pane(qtbot, minilm_json):
    from app.panes.encoding_pane import EncodingPane
    from subword_core.tokenizer import Tokenizer

    session = Session()
    session.add_tokenizer(TokenizerEntry("all-MiniLM", Tokenizer.from_str(minilm_json), None,
                                         "file"))
    pane = EncodingPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.show()
    yield pane
    session.shutdown()


def _type(qtbot, pane, text):
    with qtbot.waitSignal(pane._session.encoding_changed, timeout=10000):
        pane.input.setPlainText(text)


TEXT = ("The quick brown fox jumps over the lazy dog, isn't it? 한국어 문장 🙂 café. " * 40)


def test_truncation_notice_and_switching_it_off(qtbot, pane, minilm_json):
    hf = hf_tokenizers.Tokenizer.from_str(minilm_json)
    hf.no_truncation()
    hf.no_padding()
    full = len(hf.encode(TEXT).ids)
    assert full > 128
    _type(qtbot, pane, TEXT)
    assert pane.truncation_check.isEnabled() and pane.truncation_check.text() == "truncation (128)"
    assert len(pane.view.encoding) == 128
    assert pane.notice_label.isVisible()
    assert pane.notice_label.text() == f"truncated: {full:,} → 128 tokens (max_length 128)"
    assert pane.summary_label.text().startswith("128 tokens")
    # the text after the cut is in no token, and drawn dimmed
    enc = pane.view.encoding
    cut = max(e for (s, e), special in zip(enc.offsets, enc.special_tokens_mask) if not special)
    char = next(c for c in range(cut, len(TEXT)) if not TEXT[c].isspace())
    assert pane.view.tokens_at_char(char) == ()
    view = pane.view
    block = view.document().findBlockByNumber(0)
    # UTF-16 position of the character in the block: after the [CLS] chip, emoji count 2
    unit = block.text().index("The") + len(TEXT[:char].encode("utf-16-le")) // 2
    assert unit < len(block.text())  # the cut is in the first block (drawn, formatted)
    ranges = [r for r in block.layout().formats() if r.start <= unit < r.start + r.length]
    assert ranges and ranges[0].format.foreground().color() == style.marker_color()

    with qtbot.waitSignal(pane._session.encoding_changed, timeout=10000):
        pane.truncation_check.setChecked(False)
    assert pane._session.encode_options == EncodeOptions(truncation=False)
    assert pane.view.encoding.ids == hf.encode(TEXT).ids
    assert not pane.notice_label.isVisible()
    assert pane.summary_label.text().startswith(f"{full:,} tokens")
    # the shared tokenizer object is untouched: other panes still see the file's settings
    assert pane._session.tokenizer.truncation["max_length"] == 128


def test_padding_notice_and_special_tokens_off(qtbot, pane, minilm_json):
    hf = hf_tokenizers.Tokenizer.from_str(minilm_json)
    short = "hello world"
    _type(qtbot, pane, short)
    expected = hf.encode(short)
    n_pad = expected.attention_mask.count(0)
    assert pane.view.encoding.ids == expected.ids and n_pad > 0
    assert pane.notice_label.text() == f"padded with {n_pad:,} [PAD]"
    # the padding is one chip, not a hundred
    assert f"[PAD] ×{n_pad:,}" in pane.view.toPlainText()

    with qtbot.waitSignal(pane._session.encoding_changed, timeout=10000):
        pane.padding_check.setChecked(False)
    assert "[PAD]" not in pane.view.encoding.tokens and not pane.notice_label.isVisible()
    assert pane.view.encoding.tokens[0] == "[CLS]" and pane.view.encoding.tokens[-1] == "[SEP]"

    with qtbot.waitSignal(pane._session.encoding_changed, timeout=10000):
        pane.special_check.setChecked(False)
    tokens = pane.view.encoding.tokens
    assert "[CLS]" not in tokens and "[SEP]" not in tokens
    hf.no_padding()
    assert pane.view.encoding.ids == hf.encode(short, add_special_tokens=False).ids
    assert "[CLS]" not in pane.view.toPlainText()
    # every view of the encoding agrees: the session's encoding is the drawn one
    assert pane._session.encoding is pane.view.encoding


def test_options_follow_the_session_and_have_tooltips(qtbot, pane):
    pane._session.set_encode_options(EncodeOptions(add_special_tokens=False, padding=False))
    assert not pane.special_check.isChecked() and not pane.padding_check.isChecked()
    assert pane.truncation_check.isChecked()
    for check in (pane.special_check, pane.truncation_check, pane.padding_check,
                  pane.pipeline_check):
        assert check.toolTip()
    assert "128" in pane.truncation_check.toolTip() and "[PAD]" in pane.padding_check.toolTip()


def test_options_and_explanations_never_serialize_the_tokenizer(minilm_json, monkeypatch):
    # the configured and bare copies share the model: copy.copy would round-trip the whole
    # tokenizer.json (seconds for Llama 3) on every encode, on the GUI thread for short texts
    from app.encode_options import encode_with_options
    from subword_core.tokenizer import Tokenizer

    tokenizer = Tokenizer.from_str(minilm_json)
    expected = encode_with_options(tokenizer, "héllo wörld " * 100, EncodeOptions(padding=False),
                                   explain=True)

    def refuse(*_):
        raise AssertionError("serialized the whole tokenizer")

    monkeypatch.setattr(Tokenizer, "to_str", refuse)
    again = encode_with_options(tokenizer, "héllo wörld " * 100, EncodeOptions(padding=False),
                                explain=True)
    assert again.encoding == expected.encoding and again.truncated == expected.truncated > 0
    assert tokenizer.padding is not None  # the shared tokenizer keeps its own settings
