r"""TFDS ``SubwordTextEncoder`` ``.subwords`` files: ids worked out by hand from the published
algorithm (tensorflow_datasets/core/deprecated/text/subword_text_encoder.py).

The vocabulary below has 16 subwords: ids 1..16, padding 0, and the byte ``b`` at
``17 + b`` (so ``" "`` = 49, ``"_"`` = 112, ``"a"`` = 114). How TFDS encodes:

* words: runs of ``\w`` (letters, digits, ``_``) and of other characters; a run that is
  exactly one space is dropped and the run before it gets a final ``_``;
* ``_`` inside a run is escaped as ``\&undsc`` (which always encodes as the byte ``_``);
* greedy longest match over the subwords; a character no subword starts with becomes its
  UTF-8 bytes, a lone final ``_`` the byte of a space;
* subwords mixing word and non-word characters (``<EOS>``) are cut out of the text first.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import fastpath
from subword_core.errors import TokenizerFileError
from subword_core.formats.tfds_subwords import read_tfds_subwords
from subword_core.models import subword_text_encoder as model_module
from subword_core.models.subword_text_encoder import SubwordTextEncoder

SUBWORDS = [
    "the_",  # 1
    "cat",  # 2
    "s_",  # 3
    "ca",  # 4
    ", ",  # 5
    ".",  # 6
    "hello_",  # 7
    "wor",  # 8
    "ld",  # 9
    "snake\\&undsccase_",  # 10: "snake_case " as TFDS stores it
    "  ",  # 11
    "<EOS>",  # 12: mixed word / non-word: a reserved token
    "日本",  # 13
    "語_",  # 14
    "a",  # 15
    "é",  # 16
]
SPACE, UNDERSCORE = 17 + 0x20, 17 + 0x5F


def byte(char: str) -> list[int]:
    return [17 + b for b in char.encode("utf-8")]


def write(path: Path, subwords: list[str], header: str = "### SubwordTextEncoder\n"
          "### Metadata: {}\n", end: str = "\n") -> Path:
    path.write_text(header + end.join(f"'{s}'" for s in subwords) + end, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def opened(tmp_path_factory):
    return read_tfds_subwords(write(tmp_path_factory.mktemp("tfds") / "small.subwords",
                                    SUBWORDS))


# (text, ids, offsets), worked out by hand (see the module docstring)
CASES = [
    ("the cat", [1, 2], [(0, 4), (4, 7)]),  # "the" + one space -> "the_"
    ("the ", [1], [(0, 4)]),
    ("cats.", [2, *byte("s"), 6], [(0, 3), (3, 4), (4, 5)]),  # no "s" subword: a byte
    ("cats are", [2, 3, 15, *byte("r"), *byte("e")],  # "cats_": cat + s_
     [(0, 3), (3, 5), (5, 6), (6, 7), (7, 8)]),
    ("hello, world", [*byte("h"), *byte("e"), *byte("l"), *byte("l"), *byte("o"), 5, 8, 9],
     [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 7), (7, 10), (10, 12)]),  # "hello" != "hello_"
    ("hello world", [7, 8, 9], [(0, 6), (6, 9), (9, 11)]),
    # escaping: "snake_case " is "snake\&undsccase_", one subword covering 11 characters
    ("snake_case is", [10, *byte("i"), *byte("s")], [(0, 11), (11, 12), (12, 13)]),
    ("a_b", [15, UNDERSCORE, *byte("b")], [(0, 1), (1, 2), (2, 3)]),
    ("x_ y", [*byte("x"), UNDERSCORE, SPACE, *byte("y")],  # a lone final "_" is a space
     [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ("_", [UNDERSCORE], [(0, 1)]),
    # word boundaries and runs of spaces: only a single space is taken by the word before
    ("cat  cat", [2, 11, 2], [(0, 3), (3, 5), (5, 8)]),
    ("a   a", [15, 11, SPACE, 15], [(0, 1), (1, 3), (3, 4), (4, 5)]),
    (" the", [SPACE, *byte("t"), *byte("h"), *byte("e")], [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ("cat.cat", [2, 6, 2], [(0, 3), (3, 4), (4, 7)]),
    ("a\tb\nc", [15, *byte("\t"), *byte("b"), *byte("\n"), *byte("c")],
     [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]),
    # CJK: word characters; "日本語 " is "日本語_" = 日本 + 語_
    ("日本語 x", [13, 14, *byte("x")], [(0, 2), (2, 4), (4, 5)]),
    ("中", byte("中"), [(0, 1)] * 3),  # unknown: its three UTF-8 bytes, each on the char
    ("한국", [*byte("한"), *byte("국")], [(0, 1)] * 3 + [(1, 2)] * 3),
    ("ﬁ", byte("ﬁ"), [(0, 1)] * 3),  # no normalization
    ("👩\u200d👧", [*byte("👩"), *byte("\u200d"), *byte("👧")],
     [(0, 1)] * 4 + [(1, 2)] * 3 + [(2, 3)] * 4),
    # accents: "é" precomposed is a subword; e + U+0301: the mark is not \w, a run of its own
    ("é", [16], [(0, 1)]),
    ("e\u0301 é", [*byte("e"), *byte("\u0301"), SPACE, 16],
     [(0, 1), (1, 2), (1, 2), (2, 3), (3, 4)]),
    # reserved token: cut out even inside a word, and it takes a following single space
    ("x<EOS> y", [*byte("x"), 12, SPACE, *byte("y")], [(0, 1), (1, 6), (6, 7), (7, 8)]),
    ("ab<EOS>a", [15, *byte("b"), 12, 15], [(0, 1), (1, 2), (2, 7), (7, 8)]),
    ("", [], []),
]


@pytest.mark.parametrize(("text", "ids", "offsets"), CASES, ids=[c[0] or "empty" for c in CASES])
def test_hand_worked_encodings(opened, text, ids, offsets):
    encoding = opened.tokenizer.encode(text)
    assert encoding.ids == ids
    assert encoding.offsets == offsets
    # TFDS's decode does not unescape a subword's "\&undsc" (subword 10)
    assert opened.tokenizer.decode(ids) == text.replace("snake_case", "snake\\&undsccase")


def test_general_and_fast_paths_agree(opened, monkeypatch):
    texts = [text for text, _, _ in CASES] + ["x" * 300 + " " + "cat" * 100]
    fast = [opened.tokenizer.encode(t) for t in texts]
    monkeypatch.setattr(fastpath, "ENABLED", False)
    opened.tokenizer.model.clear_cache()
    for text, encoding in zip(texts, fast):
        slow = opened.tokenizer.encode(text)
        assert (slow.ids, slow.tokens, slow.offsets, slow.word_ids) == (
            encoding.ids, encoding.tokens, encoding.offsets, encoding.word_ids), text


def test_tokens_words_and_vocabulary(opened):
    tokenizer = opened.tokenizer
    encoding = tokenizer.encode("cats are 中")
    # "are " is "are_": a, r, e, and the final "_" alone is the byte of a space
    assert encoding.tokens == ["cat", "s_", "a", "<0x72>", "<0x65>", "<0x20>", "<0xE4>",
                               "<0xB8>", "<0xAD>"]
    assert encoding.word_ids == [0, 0, 1, 1, 1, 1, 2, 2, 2]
    assert encoding.offsets[2:6] == [(5, 6), (6, 7), (7, 8), (8, 9)]
    assert tokenizer.get_vocab_size() == 1 + 16 + 256  # TFDS's vocab_size
    assert tokenizer.id_to_token(0) == "<pad>" and tokenizer.token_to_id("<pad>") == 0
    assert tokenizer.id_to_token(17) == "<0x00>" and tokenizer.id_to_token(272) == "<0xFF>"
    assert tokenizer.id_to_token(273) is None
    assert tokenizer.token_to_id("snake\\&undsccase_") == 10
    assert [p.text for p in tokenizer.explain("the cat").pre_tokens] == ["the ", "cat"]


def test_source(opened):
    source = opened.source
    assert source.format == "tfds-subwords"
    assert source.description.startswith("TFDS SubwordTextEncoder, 16 subwords + 256 bytes")
    assert any("cannot be saved" in note for note in source.notes)


# ------------------------------------------------------------------ decode
def test_decode_follows_tfds(opened):
    decode = opened.tokenizer.decode
    assert decode([1, 2, 0, 0]) == "the cat"  # padding dropped
    assert decode([0, 1, 0, 2]) == "the cat"  # TFDS raises on padding inside: we drop it
    assert decode([*byte("é")[:1], 2]) == "\ufffdcat"  # a broken character: U+FFFD
    assert decode([17 + 0xC3, 0, 17 + 0xA9]) == "é"  # padding does not cut a byte run
    assert decode([10, 2]) == "snake\\&undsccase cat"  # TFDS does not unescape subwords
    assert decode([UNDERSCORE, SPACE]) == "_ "
    assert decode([2, 999]) == "cat"  # unknown ids are skipped (TFDS raises)


# ------------------------------------------------------------------ TFDS's quirks and departures
def test_literal_escape_in_text(opened):
    r"""The text ``\&undsc`` is two tokens in TFDS (``\&``, ``undsc``); a following space is
    encoded twice there (it appends ``_`` to ``undsc`` but keeps the space token), and so
    here: both tokens cover that space, and decode gives it twice, as TFDS's does."""
    text = "a\\&undsc b"
    encoding = opened.tokenizer.encode(text)
    assert encoding.ids == [15, *byte("\\"), *byte("&"), *byte("u"), *byte("n"), *byte("d"),
                            *byte("s"), *byte("c"), SPACE, SPACE, *byte("b")]
    assert encoding.offsets[-3:] == [(8, 9), (8, 9), (9, 10)]
    assert opened.tokenizer.decode(encoding.ids) == "a\\&undsc  b"
    assert opened.tokenizer.encode("a\\&undsc").ids == encoding.ids[:8]
    # two spaces are no single-space token: no "_", the subword "  " (11)
    assert opened.tokenizer.encode("\\&undsc  b").ids[-3:] == [*byte("c"), 11, *byte("b")]


def test_reserved_tokens_longest_first(tmp_path):
    """TFDS tries reserved tokens in set order (varies between runs): we take the longest."""
    opened = read_tfds_subwords(write(tmp_path / "r.subwords", ["<E", "<EOS>"]))
    assert opened.tokenizer.encode("<EOS>").ids == [2]


# ------------------------------------------------------------------ saving is refused
def test_saving_as_tokenizer_json_raises_one_line_error(opened, tmp_path):
    with pytest.raises(TokenizerFileError, match="no equivalent in HF tokenizers") as err:
        opened.tokenizer.to_str()
    assert "\n" not in str(err.value)
    with pytest.raises(TokenizerFileError, match="cannot save as tokenizer.json"):
        opened.tokenizer.save(tmp_path / "tokenizer.json")
    assert not (tmp_path / "tokenizer.json").exists()


# ------------------------------------------------------------------ file variants
def test_empty_and_repeated_subwords(tmp_path):
    """TFDS drops empty subwords (ids shift) and encodes a repeated one with its last id."""
    opened = read_tfds_subwords(write(tmp_path / "v.subwords", ["ab", "", "cd", "ab"]))
    tokenizer = opened.tokenizer
    assert tokenizer.get_vocab_size() == 1 + 3 + 256
    assert tokenizer.encode("cd").ids == [2]
    assert tokenizer.encode("ab").ids == [3]
    assert tokenizer.id_to_token(1) == tokenizer.id_to_token(3) == "ab"
    assert tokenizer.encode("x").ids == [4 + ord("x")]


def test_lenient_layouts(tmp_path):
    no_metadata = write(tmp_path / "a.subwords", ["ab"], header="### SubwordTextEncoder\n")
    crlf = write(tmp_path / "b.subwords", ["ab"], header="### SubwordTextEncoder\r\n"
                 "### Metadata: {\"k\": 1}\r\n", end="\r\n")
    for path in (no_metadata, crlf):
        assert read_tfds_subwords(path).tokenizer.encode("ab").ids == [1]
    assert read_tfds_subwords(crlf).source.notes[-1] == 'metadata: {"k": 1}'
    (tmp_path / "c.subwords").write_text("### SubwordTextEncoder\n'ab'", encoding="utf-8")
    assert read_tfds_subwords(tmp_path / "c.subwords").tokenizer.encode("ab").ids == [1]


def test_token_names_never_collide_with_subwords(tmp_path):
    opened = read_tfds_subwords(write(tmp_path / "n.subwords", ["<pad>", "<0x41>", "x"]))
    tokenizer = opened.tokenizer
    assert tokenizer.encode("<pad>").ids == [1]  # the subword, not padding
    assert tokenizer.id_to_token(0) == "<<pad>>" and tokenizer.id_to_token(4 + 0x41) == "<<0x41>>"
    assert tokenizer.decode(tokenizer.encode("<0x41> yA").ids) == "<0x41> yA"


@pytest.mark.parametrize(("text", "message"), [
    ("'ab'\n", r"line 1: expected '### SubwordTextEncoder'"),
    ("### TokenTextEncoder\n### Metadata: {}\n'ab'\n", r"line 1: expected"),
    ("### SubwordTextEncoder\n### Metadata: {oops\n'ab'\n", r"line 2: the metadata is not"),
    ("### SubwordTextEncoder\n### Metadata: []\n'ab'\n", r"line 2: the metadata is not"),
    ("### SubwordTextEncoder\n### Metadata: {}\n'ab'\ncd\n", r"line 4: expected a subword"),
    ("### SubwordTextEncoder\n'\n", r"line 2: expected a subword in single quotes"),
    ("", r"line 1: expected"),
])  # fmt: skip
def test_bad_files(tmp_path, text, message):
    path = tmp_path / "bad.subwords"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=message) as err:
        read_tfds_subwords(path)
    assert "bad.subwords" in str(err.value) and "\n" not in str(err.value)


def test_unreadable(tmp_path):
    with pytest.raises(TokenizerFileError, match="not found"):
        read_tfds_subwords(tmp_path / "missing.subwords")
    (tmp_path / "bin.subwords").write_bytes(b"### SubwordTextEncoder\n'\xff'\n")
    with pytest.raises(TokenizerFileError, match="not UTF-8"):
        read_tfds_subwords(tmp_path / "bin.subwords")


# ------------------------------------------------------------------ properties
PLAIN = [s for s in SUBWORDS if "\\&" not in s]  # subwords TFDS decodes back to their text


@settings(max_examples=150, deadline=None)
@given(st.text(st.sampled_from(list("ab c_.,日本語é\u0301中 \t\n<EOS>👩\u200d")) | st.characters(),
               max_size=30))
def test_encode_then_decode_gives_the_text_back(text):
    """TFDS's promise: invertible, every out-of-vocabulary piece being byte-encoded."""
    if "\\&undsc" in text or any(0xD800 <= ord(c) < 0xE000 for c in text):
        return
    tokenizer = _plain_tokenizer()
    encoding = tokenizer.encode(text)
    assert tokenizer.decode(encoding.ids) == text
    assert 0 not in encoding.ids
    covered = sorted({i for s, e in encoding.offsets for i in range(s, e)})
    assert covered == list(range(len(text)))  # every character is spelled by some token
    assert encoding.offsets == sorted(encoding.offsets)


_PLAIN: list = []


def _plain_tokenizer():
    if not _PLAIN:
        from subword_core.formats.tfds_subwords import build_tokenizer

        _PLAIN.append(build_tokenizer(PLAIN))
    return _PLAIN[0]


def test_model_alone_and_doctests():
    model = SubwordTextEncoder(["ab_", "c"])
    assert [(t.id, t.value, t.offsets) for t in model.tokenize("ab ")] == [(1, "ab_", (0, 3))]
    assert model == SubwordTextEncoder(["ab_", "c"]) and model != SubwordTextEncoder(["c"])
    assert doctest.testmod(model_module).failed == 0
