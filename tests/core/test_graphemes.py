"""Grapheme clusters: flags, ZWJ sequences and combining marks are one cluster each."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.text.graphemes import cluster_covers, grapheme_spans, joined_spans

FLAG = "\U0001F1F0\U0001F1F7"                              # 🇰🇷: two regional indicators
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"      # 👨‍👩‍👧: five code points


@pytest.mark.parametrize("text, spans", [
    ("", []),
    ("ab", [(0, 1), (1, 2)]),
    (FLAG, [(0, 2)]),
    (FAMILY, [(0, 5)]),
    ("e\u0301x", [(0, 2), (2, 3)]),
    ("a\r\nb", [(0, 1), (1, 3), (3, 4)]),
    ("한국어", [(0, 1), (1, 2), (2, 3)]),
    (f"x{FLAG}{FLAG}y", [(0, 1), (1, 3), (3, 5), (5, 6)]),  # two flags stay two flags
    ("👍🏽!", [(0, 2), (2, 3)]),                                # skin tone modifier joins
])
def test_grapheme_spans(text, spans):
    assert grapheme_spans(text) == spans
    assert joined_spans(text) == [s for s in spans if s[1] - s[0] > 1]
    # the spans tile the text
    assert "".join(text[s:e] for s, e in grapheme_spans(text)) == text


def test_cluster_covers_union_of_tokens():
    # a flag split by byte tokens 0..2: the first indicator by 0 and 1, the second by 1 and 2
    spans = grapheme_spans("a" + FLAG)
    covers = cluster_covers(spans, [(5,), (0, 1), (1, 2)])
    assert covers == [(5,), (0, 1, 2)]


_ALPHABET = ("ae 한\u1100\u1161\u11a8\r\n\t1\ufe0f\u20e3\u0301\u0308\u200d👨👩👧👍🏽🇰🇷🇯🇵"
             "\u0915\u094d\u0937\u093f\u0600\u0e33\u200c")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=60))
def test_joined_spans_equal_segmenting_the_whole_text(text):
    whole = [m.span() for m in regex.finditer(r"\X", text, flags=regex.DOTALL)
             if m.end() - m.start() > 1]
    assert joined_spans(text) == whole
