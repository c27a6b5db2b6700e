"""NormalizedString alignments, checked against what HF tokenizers' NormalizedString does."""

import unicodedata

import pytest

from subword_core.text.normalized import NormalizedString, find_matches


def test_identity_alignments():
    n = NormalizedString("abc")
    assert n.alignments == [(0, 1), (1, 2), (2, 3)]
    assert n.convert_normalized_to_original(0, 3) == (0, 3)


def test_inserted_chars_align_with_previous_char():
    # NFD of "é" = "e" + U+0301: both normalized chars point back to the one original char.
    n = NormalizedString("aé")
    n.transform([("a", 0), ("e", 0), ("\u0301", 1)])
    assert n.normalized == "ae\u0301"
    assert n.alignments == [(0, 1), (1, 2), (1, 2)]


def test_removed_chars_and_initial_offset():
    n = NormalizedString("  ab  ")
    n.strip()
    assert n.normalized == "ab"
    assert n.alignments == [(2, 3), (3, 4)]
    assert n.convert_normalized_to_original(0, 2) == (2, 4)


def test_filter_keeps_alignment_of_kept_chars():
    n = NormalizedString("a\u200bb")
    n.filter(lambda c: c != "\u200b")
    assert n.normalized == "ab"
    assert n.alignments == [(0, 1), (2, 3)]


def test_prepend_aligns_with_first_char():
    n = NormalizedString("hi")
    n.prepend("▁")
    assert n.normalized == "▁hi"
    assert n.alignments == [(0, 1), (0, 1), (1, 2)]


def test_replace_aligns_with_the_match():
    n = NormalizedString("a b")
    n.replace(" ", "▁▁")
    assert n.normalized == "a▁▁b"
    assert n.alignments == [(0, 1), (1, 2), (1, 2), (2, 3)]


@pytest.mark.parametrize(
    "behavior, expected",
    [
        ("Removed", ["the", "final", "countdown"]),
        ("Isolated", ["the", "-", "final", "-", "-", "countdown"]),
        ("MergedWithPrevious", ["the-", "final-", "-", "countdown"]),
        ("MergedWithNext", ["the", "-final", "-", "-countdown"]),
        ("Contiguous", ["the", "-", "final", "--", "countdown"]),
    ],
)
def test_split_behaviors(behavior, expected):
    pieces = NormalizedString("the-final--countdown").split("-", behavior)
    assert [p.normalized for p in pieces] == expected


def test_split_pieces_know_where_they_are():
    pieces = NormalizedString("ab cd").split(" ", "Removed")
    assert [p.offsets_original() for p in pieces] == [(0, 2), (3, 5)]


def test_find_matches_with_predicate_isolates_each_char():
    assert find_matches(lambda c: c == "-", "a--b") == [
        ((0, 1), False), ((1, 2), True), ((2, 3), True), ((3, 4), False)
    ]


def test_lowercase_that_grows():
    # "İ".lower() is two chars; the extra one is an insertion aligned with "İ".
    n = NormalizedString("İa")
    n.lowercase()
    assert n.normalized == unicodedata.normalize("NFC", "i\u0307a") or n.normalized == "i\u0307a"
    assert n.alignments == [(0, 1), (0, 1), (1, 2)]
