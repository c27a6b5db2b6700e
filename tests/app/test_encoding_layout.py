"""EncodingLayout: what the Encoding pane draws, made beside the encoding (in the encoder
process for a long text) instead of on the GUI thread.

Each part is checked against a character-by-character oracle on varied text (combining
accents, ZWJ emoji, flags, CJK, tabs, CR LF and other line breakers, runs of spaces, empty
text) with real tokenizers (byte-level GPT-2; BERT, whose normalizer drops accents and whose
file truncates and pads); the layout the encoder process sends draws exactly what the view
draws from a layout made on the GUI thread; and the GUI thread makes none for a long text.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.encode_options import EncodeOptions, encode_with_options
from app.encode_process import with_layout
from subword_core.analysis import sequence_summary, unk_id, visible_text
from subword_core.text.graphemes import grapheme_spans

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

FLAG = "\U0001F1F0\U0001F1F7"                              # 🇰🇷
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"      # 👨‍👩‍👧
PIECES = ["a", "word", "café", "e\u0301", "n\u0303a", FAMILY, FLAG, "🙂", "한국어", "中文",
          "\t", "\n", "\r\n", " ", "   ", "\u00a0", "\u3000", "\u2028", "\x0b", "\x85", "\r",
          "\u200d", "x" * 30]
# what the old view drew for a whitespace character a token covers, and for line breakers
# whether covered or not (one glyph per character, no extra document line)
MARKERS = {" ": "␣", "\t": "→", "\u00a0": "⍽", "\u3000": "□", "\r": "␍"}
BREAKERS = {"\r": "␍", "\u2028": "↵", "\u2029": "¶", "\x0b": "↓", "\x0c": "↓", "\x85": "↵",
            "\x1c": "↵", "\x1d": "↵", "\x1e": "↵"}


def _load(name):
    from subword_core.tokenizer import Tokenizer
    try:
        return Tokenizer.from_str(tokenizer_json(name))
    except Exception as exc:  # noqa: BLE001 - the package that ships the files is missing
        pytest.skip(f"{name} files not available: {exc}")


@pytest.fixture(scope="module")
def tokenizers():
    return {"gpt2": _load("gpt2"), "bert": _load("bert-base-uncased")}


texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


def _covered(text, enc):
    covered = [False] * len(text)
    if enc is None:
        return covered
    for i, (s, e) in enumerate(enc.offsets):
        if not enc.special_tokens_mask[i]:
            for c in range(s, min(e, len(text))):
                covered[c] = True
    return covered


def _display(text, enc):
    out = []
    for c, covered in zip(text, _covered(text, enc)):
        if covered and c.isspace() and c != "\n":
            out.append(BREAKERS.get(c, MARKERS.get(c, "·")))
        else:
            out.append(BREAKERS.get(c, c))
    return "".join(out)


def _visible_keeping_clusters(text):
    out = []
    for s, e in grapheme_spans(text):
        cluster = text[s:e]
        keep = e - s > 1 and not any(c.isspace() for c in cluster)
        out.append(cluster if keep else visible_text(cluster))
    return "".join(out)


def _check(layout, text, enc, unk=None, explanation=None):
    from app.encoding_layout import ASTRAL, BLOCK_CHARS, NEWLINE, NORMALIZED_SHOWN

    assert layout.drawn == len(text) and layout.matches(text)
    # the blocks tile the text, one "\n" between lines, never inside a grapheme cluster
    blocks = list(zip(layout.block_starts, layout.block_ends, layout.block_flags))
    assert "".join(text[s:e] + ("\n" if f & NEWLINE else "") for s, e, f in blocks) == text
    # (a line ends at its "\n" even after a "\r", the two a cluster)
    boundaries = {0, len(text)} | {e for s, e in grapheme_spans(text)} | {
        i + d for i, c in enumerate(text) if c == "\n" for d in (0, 1)}
    for s, e, f in blocks:
        assert s in boundaries and e in boundaries
        assert e - s <= BLOCK_CHARS + 16
        assert bool(f & NEWLINE) == (e < len(text) and text[e] == "\n")
        assert bool(f & ASTRAL) == any(ord(c) > 0xFFFF for c in text[s:e])
    display = _display(text, enc)
    assert layout.body == "\n".join(display[s:e] + ("↵" if f & NEWLINE else "")
                                    for s, e, f in blocks)
    mask = enc.special_tokens_mask if enc is not None else []
    first = next((i for i, m in enumerate(mask) if not m), len(mask))
    assert layout.head == list(range(first))
    assert layout.tail == [i for i in range(first, len(mask)) if mask[i]]
    if enc is not None:
        assert sorted(layout.index.text_tokens()) == sorted(
            i for i, (s, e) in enumerate(enc.offsets) if not mask[i] and s < min(e, len(text)))
    if unk is not None or layout.summary is not None:
        assert layout.summary == sequence_summary(text, enc, unk)
    if explanation is not None:
        shown = _visible_keeping_clusters(explanation.normalized[:NORMALIZED_SHOWN])
        assert layout.normalized.replace("\n", "") == shown
        assert all(len(line) <= 1_000 for line in layout.normalized.split("\n"))


@settings(max_examples=150, deadline=None)
@given(texts, st.sampled_from(["gpt2", "bert", None]))
def test_the_layout_is_the_character_by_character_drawing(tokenizers, text, name):
    from app.encoding_layout import make_layout

    tok = tokenizers[name] if name else None
    if tok is None:
        _check(make_layout(text, None), text, None)
        return
    result = encode_with_options(tok, text, EncodeOptions(), explain=True)
    layout = with_layout(result, text, tok).layout  # what the encoder process sends
    _check(layout, text, result.encoding, unk_id(tok), result.explanation)
    # pickled (as it travels from the process) it answers the same
    again = pickle.loads(pickle.dumps(layout))
    _check(again, text, result.encoding, unk_id(tok), result.explanation)
    for start in range(len(text) + 1):
        assert again.index.tokens_in(start, start + 3) == layout.index.tokens_in(start, start + 3)


def test_long_lines_are_cut_at_spaces_into_blocks(tokenizers):
    from app.encoding_layout import make_layout

    text = (f"The quick brown fox 한국어 {FAMILY} {FLAG} e\u0301 \t  " * 120 + "\n"
            + "x" * 2_500 + "\r\n" + (FLAG * 700) + "\n\n")
    enc = tokenizers["gpt2"].encode(text)
    layout = make_layout(text, enc)
    assert layout.block_count > 10
    _check(layout, text, enc)
    # a line with spaces is cut just after one
    assert all(text[e - 1] == " " for e in layout.block_ends[:3])


def test_truncated_and_padded_text(tokenizers):
    from app.encoding_layout import make_layout

    bert = tokenizers["bert"]  # the file truncates at 128 tokens and pads to 128
    text = "Tokenizers split café and naïve words into pieces. " * 20
    enc = bert.encode(text)
    layout = make_layout(text, enc, summarize=True, unk=unk_id(bert))
    _check(layout, text, enc, unk_id(bert))
    assert layout.head == [0] and layout.tail == [127]  # [CLS], [SEP]
    # the text past the last kept token is in no token (truncation)
    last = max(e for (s, e), m in zip(enc.offsets, enc.special_tokens_mask) if not m)
    assert last < len(text) - 100 and layout.index.gaps(len(text))[-1] == (last, len(text))
    short = "café   naïve"
    enc = bert.encode(short)
    layout = make_layout(short, enc, summarize=True, unk=unk_id(bert))
    _check(layout, short, enc, unk_id(bert))
    assert layout.tail == list(range(3, 128))  # [SEP] and the padding, after two words


def _drawn(view):
    """What the view shows: the document text and, per formatted block, its format runs."""
    doc, runs = view.document(), []
    for b in sorted(view._formatted):
        for r in doc.findBlockByNumber(b).layout().formats():
            f = r.format
            runs.append((b, r.start, r.length, f.background().color().name(),
                         f.foreground().color().name(), f.underlineStyle().name,
                         f.fontWeight()))
    return doc.toPlainText(), runs


def test_the_pane_draws_the_encoder_process_layout_and_makes_none(qtbot, tokenizers,
                                                                   monkeypatch):
    import app.encoding_layout as encoding_layout
    from app.panes.encoding_pane import EncodingPane
    from app.selection import SelectionModel
    from app.session import Session, TokenizerEntry
    from app.widgets import TokenTextView

    text = ("The quick brown fox, isn't it? 한국어 문장도 🙂 "
            f"{FLAG} {FAMILY} café e\u0301 \t tabs  and  spaces.\n") * 600  # 47k: the process
    session = Session()
    session.add_tokenizer(TokenizerEntry("gpt2", tokenizers["gpt2"], None, "file"))
    pane = EncodingPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1000, 700)
    pane.show()
    qtbot.waitExposed(pane)
    made = []
    real = encoding_layout.make_layout
    monkeypatch.setattr(encoding_layout, "make_layout",
                        lambda *a, **k: made.append(a[0]) or real(*a, **k))
    try:
        with qtbot.waitSignal(session.encoding_changed, timeout=120000):
            session.set_text(text)
        assert session.encode_result.layout is not None
        assert made == []  # the GUI thread made no layout of the long text
        pane.view.repaint()
        # the same drawing as from a layout made here
        plain = TokenTextView()
        qtbot.addWidget(plain)
        plain.resize(pane.view.size())
        plain.show()
        qtbot.waitExposed(plain)
        encoding_layout._LAYOUTS.clear()  # the pane's (the process's) is kept there
        plain.set_content(text, session.encoding, byte_level=True)
        plain.repaint()
        assert made == [text]
        assert _drawn(pane.view) == _drawn(plain)
        qtbot.waitUntil(lambda: not session.turns.pending())  # the stages' own turn
        assert pane.normalized_view.toPlainText().startswith(
            encoding_layout.normalized_lines(session.encode_result.explanation.normalized))
        assert pane.summary_label.text().startswith(f"{len(session.encoding):,} tokens")
    finally:
        session.shutdown()
