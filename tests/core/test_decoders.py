"""subword_core.decoders against HF ``tokenizers.decoders``: decode parity and JSON."""

from __future__ import annotations

import json
import random

import pytest
import regex

from subword_core import decoders as ours
from subword_core.components import component_from_dict
from subword_core.errors import TokenizerFileError
from subword_core.text.onig import Regex
from subword_core.text.gpt2_bytes import bytes_to_unicode

ALPHABET = [
    "a", "b", "é", "▁", "▁a", "a▁b", "##", "##b", " ", ".", "n't", " .", " 's", "'s", " do not",
    "<0x41>", "<0xC3>", "<0xA9>", "<0xFF>", "<0x+A>", "<0x 1>", "<0xé>", "<0x4>", "</w>",
    "ab</w>", "Ġ", "Ġhi", "Ã", "©", "Ċ", "|", "<pad>", "<pad>a", "  ", "x y", "👍", "\u0100",
    "ð", "ŀ", "", "\x00", "xx", "axb", "aaa",
]


def cases(hf):
    """(HF decoder, ours) pairs covering every decoder and its options."""
    H, R = hf.decoders, hf.Regex
    return [
        (H.ByteLevel(), ours.ByteLevel()),
        (H.WordPiece(), ours.WordPiece()),
        (H.WordPiece("__", False), ours.WordPiece("__", False)),
        (H.Metaspace(), ours.Metaspace()),
        (H.Metaspace("_", "never", False), ours.Metaspace("_", "never", False)),
        (H.Metaspace(prepend_scheme="first"), ours.Metaspace(prepend_scheme="first")),
        (H.BPEDecoder(), ours.BPEDecoder()),
        (H.BPEDecoder("a"), ours.BPEDecoder("a")),
        (H.ByteFallback(), ours.ByteFallback()),
        (H.Fuse(), ours.Fuse()),
        (H.Strip(" ", 1, 1), ours.Strip(" ", 1, 1)),
        (H.Strip("a", 2, 0), ours.Strip("a", 2, 0)),
        (H.Replace("▁", " "), ours.Replace("▁", " ")),
        (H.Replace("", "+"), ours.Replace("", "+")),
        (H.Replace("aa", "b"), ours.Replace("aa", "b")),
        (H.Replace(R(r"\s+"), "_"), ours.Replace(Regex(r"\s+"), "_")),
        (H.Replace(R("a|b"), ""), ours.Replace(regex.compile("a|b"), "")),
        (H.Replace(R("x*"), "-"), ours.Replace({"Regex": "x*"}, "-")),  # empty matches
        (H.CTC(), ours.CTC()),
        (H.CTC("a", "b", False), ours.CTC("a", "b", False)),
        (H.Sequence([]), ours.Sequence([])),
        (H.Sequence([H.Replace("▁", " "), H.ByteFallback(), H.Fuse(), H.Strip(" ", 1, 0)]),
         ours.Sequence([ours.Replace("▁", " "), ours.ByteFallback(), ours.Fuse(), ours.Strip(" ", 1, 0)])),
        (H.Sequence([H.ByteFallback(), H.Metaspace(), H.WordPiece()]),
         ours.Sequence([ours.ByteFallback(), ours.Metaspace(), ours.WordPiece()])),
    ]


@pytest.fixture(scope="module")
def hf():
    return pytest.importorskip("tokenizers")


def _token_lists(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield [rng.choice(ALPHABET) for _ in range(rng.randint(0, 7))]


def _hf_decode(decoder, tokens) -> str | None:
    """HF's answer, or None where HF panics (Strip on a token made only of its content)."""
    try:
        return decoder.decode(tokens)
    except BaseException as exc:  # pyo3's PanicException derives from BaseException
        if type(exc).__name__ != "PanicException":
            raise
        return None


def test_decode_parity_with_hf(hf):
    compared = 0
    for index, (theirs, mine) in enumerate(cases(hf)):
        for tokens in _token_lists(index, 1500):
            expected = _hf_decode(theirs, tokens)
            if expected is not None:
                assert mine.decode(tokens) == expected, (type(mine).__name__, tokens)
                compared += 1
    assert compared > 0.95 * 1500 * len(cases(hf))


def test_sequence_parity_on_realistic_streams(hf):
    """Llama-style chain on SentencePiece-like tokens (no all-space tokens, so HF never panics)."""
    H = hf.decoders
    theirs = H.Sequence([H.Replace("▁", " "), H.ByteFallback(), H.Fuse(), H.Strip(" ", 1, 0)])
    mine = component_from_dict("decoder", json.loads(theirs.__getstate__()))
    pieces = ["▁Hello", "▁wor", "ld", "<0xE2>", "<0x96>", "<0x81>", "<0xF0>", "!", "▁", "▁a"]
    rng = random.Random(2)
    for _ in range(2000):
        tokens = [rng.choice(pieces) for _ in range(rng.randint(1, 8))]
        assert mine.decode(tokens) == theirs.decode(tokens), tokens


def test_byte_level_lossy_utf8_matches_hf(hf):
    """Invalid UTF-8 becomes U+FFFD exactly where Rust's from_utf8_lossy puts it."""
    table = bytes_to_unicode()
    theirs, mine = hf.decoders.ByteLevel(), ours.ByteLevel()
    rng = random.Random(4)
    for _ in range(3000):
        data = bytes(rng.choice([0x41, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xF0, 0x9F, 0xFF, rng.randrange(256)])
                     for _ in range(rng.randint(0, 8)))
        tokens = ["".join(table[b] for b in data), "é!"]
        assert mine.decode(tokens) == theirs.decode(tokens), data


def test_to_dict_is_hf_json(hf):
    for theirs, mine in cases(hf):
        expected = json.loads(theirs.__getstate__())
        assert json.dumps(mine.to_dict()) == json.dumps(expected)
        assert component_from_dict("decoder", expected).to_dict() == expected


def test_decode_chain_keeps_hf_token_lists():
    assert ours.WordPiece().decode_chain(["a", "##b", "c"]) == ["a", "b", " c"]
    assert ours.BPEDecoder().decode_chain(["a</w>", "b</w>"]) == ["a ", "b"]
    assert ours.BPEDecoder().decode_chain([]) == []
    assert ours.Metaspace().decode_chain(["▁a▁b", "▁c"]) == ["ab", " c"]
    assert ours.ByteFallback().decode_chain(["<0x61>", "<0x62>", "c", "<0xFF>"]) == ["ab", "c", "\ufffd"]
    assert ours.Fuse().decode_chain([]) == [""]
    assert ours.CTC().decode_chain(["a", "a", "<pad>", "a", "|"]) == ["a", "a", " "]
    tokens = ["▁x"]
    ours.Sequence([ours.Metaspace(), ours.Fuse()]).decode_chain(tokens)
    assert tokens == ["▁x"]  # inputs are never modified


def test_strip_never_panics():
    """HF panics on these (index out of range); we strip to the token's edge instead."""
    assert ours.Strip(" ", 0, 1).decode_chain(["", " "]) == ["", ""]
    assert ours.Strip(" ", 2, 2).decode_chain(["  ", "   "]) == ["", ""]
    assert ours.Strip(" ", 1, 3).decode_chain([" a  "]) == ["a"]


def test_legacy_and_partial_json():
    legacy = {"type": "Metaspace", "replacement": "▁", "add_prefix_space": True, "str_rep": "▁"}
    assert component_from_dict("decoder", legacy).to_dict() == {
        "type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True}
    never = component_from_dict("decoder", {"type": "Metaspace", "replacement": "▁",
                                            "add_prefix_space": False})
    assert never.prepend_scheme == "never"
    assert component_from_dict("decoder", {"type": "ByteLevel"}).to_dict()["use_regex"] is True
    assert component_from_dict("decoder", {"type": "WordPiece"}).to_dict() == {
        "type": "WordPiece", "prefix": "##", "cleanup": True}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Metaspace", "replacement": "ab"},
        {"type": "Metaspace", "replacement": "▁", "add_prefix_space": False, "prepend_scheme": "first"},
        {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "sometimes"},
        {"type": "Strip", "content": "", "start": 0, "stop": 0},
        {"type": "Replace", "pattern": {"Regex": "("}, "content": ""},
        {"type": "Replace", "pattern": {"Glob": "*"}, "content": ""},
        {"type": "Sequence"},
        {"type": "Sequence", "decoders": [{"type": "Nope"}]},
    ],
)
def test_bad_json_raises_tokenizer_file_error(data):
    with pytest.raises(TokenizerFileError) as info:
        component_from_dict("decoder", data)
    assert "\n" not in str(info.value)


@pytest.mark.slow
def test_decode_parity_long_sweep(hf):
    for index, (theirs, mine) in enumerate(cases(hf)):
        for tokens in _token_lists(1000 + index, 20000):
            expected = _hf_decode(theirs, tokens)
            if expected is not None:
                assert mine.decode(tokens) == expected, (type(mine).__name__, tokens)
