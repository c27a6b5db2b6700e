"""compression: Gage's byte pair compression and the Sennrich et al. (2016) learning loop."""

from __future__ import annotations

import pytest

from subword_core.teaching.compression import compress, sennrich_bpe, sennrich_segment

LOW = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


def test_wikipedia_example():
    result = compress("aaabdaaabac")
    assert result.compressed == "XdXac"
    assert [(s.symbol, s.left, s.right, s.count) for s in result.steps] == [
        ("Z", "a", "a", 2), ("Y", "a", "b", 2), ("X", "Z", "Y", 2)]
    assert [s.text for s in result.steps] == ["ZabdZabac", "ZYdZYac", "XdXac"]
    assert result.table == {"Z": "aa", "Y": "ab", "X": "ZY"}
    assert result.expand() == "aaabdaaabac"


@pytest.mark.parametrize("data", ["", "a", "ab", "abcdef", "aaaa", "abababab", "zzzz yyyy",
                                  "the cat sat on the mat with the hat"])
def test_round_trip_and_stop(data):
    result = compress(data)
    assert result.expand() == data
    assert len(result.compressed) <= len(data)
    # stops when no pair occurs twice
    rest = result.compressed
    assert all(rest.count(rest[i:i + 2]) < 2 for i in range(len(rest) - 1)) or \
        len(result.steps) == len([s for s in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if s not in data])


def test_symbols_in_use_are_skipped_and_max_steps():
    result = compress("ZZaaZZaa", symbols="ZY")
    assert result.steps[0].symbol == "Y"
    assert len(compress("aaabdaaabac", max_steps=1).steps) == 1
    assert compress("abab", symbols="").steps == ()


def test_sennrich_classic_worked_example():
    merges = sennrich_bpe(LOW, 10)
    assert [(m.left, m.right) for m in merges] == [
        ("e", "s"), ("es", "t"), ("est", "</w>"), ("l", "o"), ("lo", "w"), ("n", "e"),
        ("ne", "w"), ("new", "est</w>"), ("low", "</w>"), ("w", "i")]
    assert [m.count for m in merges] == [9, 9, 9, 7, 7, 6, 6, 6, 5, 3]
    assert merges[0].is_tie and merges[3].is_tie and not merges[8].is_tie
    assert sennrich_segment("lowest", merges) == ["low", "est</w>"]
    assert sennrich_segment("lowing", merges) == ["low", "i", "n", "g", "</w>"]
    assert sennrich_segment("loki", merges) == ["lo", "k", "i", "</w>"]


def test_sennrich_stops_and_accepts_plain_pairs():
    assert [(m.left, m.right) for m in sennrich_bpe({"a": 3}, 5)] == [("a", "</w>")]
    assert len(sennrich_bpe({"ab": 1}, 10)) == 2  # a b </w> -> ab </w> -> ab</w>
    assert sennrich_segment("abc", [("b", "c"), ("a", "bc")], end_of_word="") == ["abc"]
    assert sennrich_segment("", [("a", "b")]) == []
