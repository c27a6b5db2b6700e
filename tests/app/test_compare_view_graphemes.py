"""CompareView draws a flag and a ZWJ family whole, even when byte tokens split them."""

from __future__ import annotations

import pytest

from subword_core.analysis.compare import align_tokenizers

from app.widgets.compare_view import CompareView

FLAG = "\U0001F1F0\U0001F1F7"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"


@pytest.fixture(scope="module")
def tokenizers():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    docs = ["low lower newest widest", "the other theatre", "한국어 café"] * 10
    return {name: drive(train_tokenizer(docs, algo, size)).tokenizer
            for name, algo, size in (("byte", "byte-bpe", 280), ("bpe", "bpe", 60))}


def test_clusters_are_one_column_with_all_their_tokens(qtbot, tokenizers):
    text = f"a {FLAG} {FAMILY} b"
    alignment = align_tokenizers(text, tokenizers)
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(700, 200)
    view.set_alignment(alignment, list(tokenizers), [True, False])
    view.show()
    qtbot.waitExposed(view)
    flag, family = text.index(FLAG), text.index(FAMILY)
    # the byte-level row splits the flag into byte tokens; per code point they differ
    row = alignment.rows[0]
    per_char = [tuple(i for i, (s, e) in enumerate(row.encoding.offsets) if s <= c < e)
                for c in (flag, flag + 1)]
    assert per_char[0] != per_char[1]
    # drawn: one glyph (the whole cluster) in the first column, zero-wide columns after it
    assert view._glyphs[flag] == FLAG and view._glyphs[flag + 1] == ""
    assert view._glyphs[family] == FAMILY and view._glyphs[family + 1:family + 5] == [""] * 4
    union = tuple(sorted(set(per_char[0]) | set(per_char[1])))
    assert view._covers[0][flag] == view._covers[0][flag + 1] == union
    # the coloured runs never end inside a cluster
    for runs in view._runs:
        for start, end, _ in runs:
            assert not flag < start < flag + 2 and not family < start < family + 5
    # hovering the glyph names the whole cluster and every token that shares it
    hit = view.hit(view.char_position(0, flag))
    assert hit == (0, flag)
    tip = view.describe(0, flag)
    assert "(one glyph)" in tip and tip.count("raw ") == len(union)
