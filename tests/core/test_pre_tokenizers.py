"""Pre-tokenizers: parity with HF ``tokenizers`` on pieces, offsets and alignments.

Every configuration is built from one spec for both libraries (the Python APIs share
names), then compared on probe texts and on hypothesis-generated text. Alignments are
checked through HF itself: a char-level BPE (no merges, unknown chars as ``[UNK]``)
puts every normalized char in its own token, so ``encode(text).offsets`` lists, per
normalized char, the original span it came from, which must equal ours.

The exhaustive sweeps over every code point (which back the tables in
``subword_core.text._unicode_tables``) are marked ``slow``.
"""

from __future__ import annotations

import doctest
import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import subword_core.text._unicode_tables as tables
import subword_core.text.onig as onig_module
import subword_core.pre_tokenizers as ours
from subword_core.components import component_from_dict
from subword_core.errors import EncodingError, TokenizerFileError
from subword_core.text.normalized import NormalizedString, SplitDelimiterBehavior
from subword_core.text.onig import Regex, compile_onig, find_matches, find_spans
from subword_core.pre_tokenizers import (GPT2_PATTERN, ByteLevel, Metaspace, Split,
    _byte_level_changes, _byte_level_normalize, byte_level_words)
from subword_core.text.gpt2_bytes import bytes_to_unicode
from subword_core.text.pretokenized import PreTokenizedString

PROBES = [
    "",
    " ",
    "Hello world",
    "Hello, world! It's a test.",
    "we'll see—they've gone, I'm sure he'd've; 'S 'LL 'Re",
    "def f(x):\n    return x**2 + 3.14  # comment\n\tpass",
    "if (a&&b) { c += d[i]; } // 100%!!! ...???",
    "café naïve résumé",
    "cafe\u0301 nai\u0308ve a\u0323\u0301",
    "ﬁ ﬂ ＦＵＬＬ　ｗｉｄｔｈ ①②③ ⑳ ㎏ ½ ² ™",
    "日本語のテキスト、漢字とカタカナ。ひらがなー",
    "한국어 텍스트 \u1100\u1161\u11a8 ᄀᄁᄂ",
    "👩\u200d👩\u200d👧\u200d👦 👍🏽 🇫🇷 😀! hello🥰world",
    "שלום עולם", "مرحبا بالعالم ١٢٣",
    "Привет, мир!", "γειά σου κόσμε", "तुम्हारा नाम", "ไทย ภาษา",
    "\tTab\tseparated\t", "line1\r\nline2\r\n\r\n", "\n\n",
    "   leading", "trailing   ", "a  b   c    d", "   ",
    "x\u00a0y\u3000z\u1680w\x1c\x1d\x1e\x1fv\x85u\x0b\x0ct\u2028s\u200bq",
    "123 4567 12.5% 3,000,000 ٣٤٥ ⅷ 𝟙𝟚",
    "¿Qué? ¡Sí! «citation» „quote“ ‹›",
    "▁already▁meta space", "snake_case camelCase kebab-case",
    "a\u0589b\u061cc\u0953d\u30fce",
    "\u0558\u1acf\U00011db0 \U0001fae8 \U00011de3 \U00012550 \u2e43 \U0001e5ff",
    "a" * 10_000,
]

# One spec per configuration, valid for both libraries: spec(module, Regex).
LLAMA3 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"
          r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
O200K = (r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
         r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+"
         r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+"
         r"[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
CONFIGS = {
    "Whitespace": lambda m, R: m.Whitespace(),
    "WhitespaceSplit": lambda m, R: m.WhitespaceSplit(),
    "Punctuation": lambda m, R: m.Punctuation(),
    "Punctuation-removed": lambda m, R: m.Punctuation("removed"),
    "Punctuation-contiguous": lambda m, R: m.Punctuation("contiguous"),
    "Punctuation-merged_with_previous": lambda m, R: m.Punctuation("merged_with_previous"),
    "Punctuation-merged_with_next": lambda m, R: m.Punctuation("merged_with_next"),
    "BertPreTokenizer": lambda m, R: m.BertPreTokenizer(),
    "ByteLevel": lambda m, R: m.ByteLevel(),
    "ByteLevel-no-prefix": lambda m, R: m.ByteLevel(add_prefix_space=False),
    "ByteLevel-no-regex": lambda m, R: m.ByteLevel(use_regex=False),
    "Metaspace": lambda m, R: m.Metaspace(),
    "Metaspace-first": lambda m, R: m.Metaspace(prepend_scheme="first"),
    "Metaspace-never-unsplit": lambda m, R: m.Metaspace("_", prepend_scheme="never", split=False),
    "Digits": lambda m, R: m.Digits(),
    "Digits-individual": lambda m, R: m.Digits(individual_digits=True),
    "Split-string": lambda m, R: m.Split(" ", "merged_with_previous"),
    "Split-string-special": lambda m, R: m.Split(".*", "merged_with_next"),
    "Split-empty-string": lambda m, R: m.Split("", "isolated"),
    "Split-inverted": lambda m, R: m.Split(R(r"\s+"), "removed", invert=True),
    "Split-llama3": lambda m, R: m.Split(R(LLAMA3), "isolated"),
    "Split-o200k": lambda m, R: m.Split(R(O200K), "isolated"),
    "Split-empty-matches": lambda m, R: m.Split(R(r"x*|(?=d)"), "contiguous"),
    "Split-ruby-syntax": lambda m, R: m.Split(R(r"^\h+|(?m:a.b)|\x{3b1}+|c$|\pL"), "isolated"),
    "CharDelimiterSplit": lambda m, R: m.CharDelimiterSplit("-"),
    "UnicodeScripts": lambda m, R: m.UnicodeScripts(),
    "FixedLength": lambda m, R: m.FixedLength(3),
    "Sequence": lambda m, R: m.Sequence([
        m.WhitespaceSplit(), m.Metaspace(prepend_scheme="first"), m.Digits(True), m.ByteLevel()
    ]),
    "Sequence-qwen": lambda m, R: m.Sequence([
        m.Split(R(LLAMA3), "isolated"), m.ByteLevel(add_prefix_space=False, use_regex=False)
    ]),
}


@pytest.fixture(scope="module")
def hf():
    return pytest.importorskip("tokenizers")


def build(name: str, hf_module=None):
    if hf_module is None:
        return CONFIGS[name](ours, Regex)
    return CONFIGS[name](hf_module.pre_tokenizers, hf_module.Regex)


def char_alignments(pre_tokenizer, text: str) -> list[tuple[int, int]]:
    """Per normalized char of every piece, the original span it came from."""
    pts = PreTokenizedString(text)
    pre_tokenizer.pre_tokenize(pts)
    spans = []
    for split in pts.splits:
        n, shift = split.normalized, split.normalized.original_shift
        spans.extend((a + shift, b + shift) for a, b in n.alignments)
    return spans


def hf_char_tokenizer(hf, hf_pre_tokenizer):
    """HF tokenizer putting each normalized char in its own token (unknown: ``[UNK]``)."""
    alphabet = ["[UNK]", *sorted(bytes_to_unicode().values())]
    model = hf.models.BPE({c: i for i, c in enumerate(alphabet)}, [], unk_token="[UNK]")
    tokenizer = hf.Tokenizer(model)
    tokenizer.pre_tokenizer = hf_pre_tokenizer
    return tokenizer


# ------------------------------------------------------------------------ parity
@pytest.mark.parametrize("name", CONFIGS)
def test_pieces_and_offsets_match_hf(hf, name):
    mine, theirs = build(name), build(name, hf)
    for text in PROBES:
        assert mine.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), (name, text[:60])


@pytest.mark.parametrize("name", CONFIGS)
def test_alignments_match_hf(hf, name):
    mine, theirs = build(name), hf_char_tokenizer(hf, build(name, hf))
    for text in PROBES:
        expected = [tuple(o) for o in theirs.encode(text).offsets]
        assert char_alignments(mine, text) == expected, (name, text[:60])


@pytest.mark.parametrize("name", CONFIGS)
def test_alignments_cover_whole_chars_and_offsets(name):
    # Pieces may share a char (ByteLevel's prefix space is aligned to the first char
    # and can form a piece of its own), so offsets are only non-decreasing.
    pre_tokenizer = build(name)
    for text in PROBES:
        pts = PreTokenizedString(text)
        pre_tokenizer.pre_tokenize(pts)
        previous = (0, 0)
        for split, (piece, (start, end), _) in zip(pts.splits, pts.get_splits()):
            n = split.normalized
            assert len(n.alignments) == len(piece) > 0
            assert 0 <= start <= end <= len(text) and (start, end) >= previous
            assert start >= previous[0] and end >= previous[1]
            assert n.original == text[start:end]
            assert (n.alignments[0][0], n.alignments[-1][1]) == (0, end - start)
            assert all(a <= b for a, b in n.alignments)
            previous = (start, end)


@pytest.mark.parametrize("name", ["ByteLevel", "ByteLevel-no-prefix", "ByteLevel-no-regex"])
def test_byte_chars_align_to_the_char_they_encode(name):
    # Decoding the byte-chars aligned to one original char gives back that char
    # (plus the prefix space HF inserts in front of the first one).
    to_byte = {c: b for b, c in bytes_to_unicode().items()}
    for text in PROBES:
        pts = PreTokenizedString(text)
        build(name).pre_tokenize(pts)
        for split in pts.splits:
            n = split.normalized
            groups: dict[tuple[int, int], bytearray] = {}
            for c, span in zip(n.normalized, n.alignments):
                groups.setdefault(span, bytearray()).append(to_byte[c])
            for (a, b), raw in groups.items():
                decoded = raw.decode("utf-8")
                if n.original_shift + a == 0 and decoded.startswith(" "):
                    decoded = decoded[1:]  # the prefix space, aligned to the first char
                    if not decoded:
                        continue  # ... split off into a piece of its own
                assert decoded == n.original[a:b], text[:40]


# ------------------------------------------------------------------- hypothesis
INTERESTING = (
    " \t\n\r\x0b\x0c\x85\xa0\u1680\u2000\u3000\x1c\x1f'sltdmrve" + string.punctuation
    + "▁aZé\u0301漢かカー한😀\U0001f3fd\u200d١٣\u0558\U00011de3\U00012550\u2e43\u30fc"
)
TEXTS = st.text(
    st.one_of(st.characters(blacklist_categories=("Cs",)), st.sampled_from(INTERESTING)),
    max_size=40,
)
HYPOTHESIS = settings(max_examples=120, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


@pytest.mark.parametrize("name", ["ByteLevel", "ByteLevel-no-prefix", "Whitespace",
                                  "Metaspace", "Metaspace-first", "Split-llama3",
                                  "Split-empty-matches", "Sequence"])  # fmt: skip
def test_arbitrary_text_matches_hf(hf, name):
    mine, theirs = build(name), build(name, hf)

    @HYPOTHESIS
    @given(TEXTS)
    def check(text):
        pieces = mine.pre_tokenize_str(text)
        assert pieces == theirs.pre_tokenize_str(text)
        starts = [start for _, (start, _) in pieces]
        assert starts == sorted(starts)
        assert all(0 <= start <= end <= len(text) for _, (start, end) in pieces)

    check()


@HYPOTHESIS
@given(TEXTS, st.booleans(), st.booleans())
def test_byte_level_words_equal_the_pieces(text, add_prefix_space, use_regex):
    pre_tokenizer = ByteLevel(add_prefix_space=add_prefix_space, use_regex=use_regex)
    expected = [piece for piece, _ in pre_tokenizer.pre_tokenize_str(text)]
    assert byte_level_words(text, add_prefix_space, use_regex) == expected


@HYPOTHESIS
@given(TEXTS, st.sampled_from(["plain", "prepended", "lowercased", "sliced", "inserted-only"]))
def test_byte_level_fast_path_equals_transform(text, history):
    # Our charmap shortcut must give what NormalizedString.transform gives with
    # HF's changes (first byte 0, following bytes 1), whatever the string's history.
    n = NormalizedString(text)
    if history == "prepended":
        n.prepend(" ")
    elif history == "lowercased":
        n.lowercase()
    elif history == "sliced" and len(text) > 2:
        n = n.slice_normalized(1, len(text) - 1)
    elif history == "inserted-only":
        n = NormalizedString("", "xé", [(0, 0), (0, 0)])  # a split of inserted chars only
    expected = n.copy()
    expected.transform(_byte_level_changes(expected.normalized))
    _byte_level_normalize(n)
    assert (n.normalized, n.alignments) == (expected.normalized, expected.alignments)


def test_byte_level_refuses_chars_inserted_before_the_text(hf):
    # HF panics (index out of bounds) on this; we raise an EncodingError.
    n = NormalizedString("ab")
    n.transform_range(0, 0, [("x", 1)])  # aligned (0, 0), before the first char
    with pytest.raises(EncodingError):
        _byte_level_normalize(n)
    tokenizer = hf.Tokenizer(hf.models.BPE({"[UNK]": 0}, [], unk_token="[UNK]"))
    tokenizer.normalizer = hf.normalizers.Replace(hf.Regex("^"), "x")
    tokenizer.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    with pytest.raises(BaseException, match="index out of bounds"):
        tokenizer.encode("ab")


# ---------------------------------------------------------------- tokenizer.json
@pytest.mark.parametrize("name", CONFIGS)
def test_to_dict_is_hf_json_and_round_trips(hf, name):
    mine = build(name)
    hf_json = json.loads(build(name, hf).__getstate__())
    assert json.dumps(mine.to_dict()) == json.dumps(hf_json)  # same keys, same order
    loaded = component_from_dict("pre_tokenizer", hf_json)
    assert loaded == mine
    assert loaded.pre_tokenize_str(PROBES[4]) == mine.pre_tokenize_str(PROBES[4])


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"type": "Metaspace", "replacement": "▁", "add_prefix_space": True},
         Metaspace(prepend_scheme="always")),
        ({"type": "Metaspace", "replacement": "▁", "add_prefix_space": True, "str_rep": "▁"},
         Metaspace()),
        ({"type": "Metaspace", "replacement": "▁", "add_prefix_space": False,
          "prepend_scheme": "never"}, Metaspace(prepend_scheme="never")),
        # HF rejects this one (its default scheme is "always"); old files wrote it.
        ({"type": "Metaspace", "replacement": "_", "add_prefix_space": False},
         Metaspace("_", prepend_scheme="never")),
        ({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"},
         Metaspace(prepend_scheme="first")),
        ({"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True},
         ByteLevel(add_prefix_space=False)),
        ({"type": "ByteLevel", "add_prefix_space": False}, ByteLevel(add_prefix_space=False)),
        ({"type": "Punctuation"}, ours.Punctuation("isolated")),
        ({"type": "Digits"}, ours.Digits()),
        ({"type": "FixedLength"}, ours.FixedLength(5)),
        ({"type": "Whitespace", "unknown_field": 1}, ours.Whitespace()),
        ({"type": "Split", "pattern": {"String": "-"}, "behavior": "Isolated"},
         Split("-", "isolated")),
        ({"type": "Split", "pattern": {"Regex": r"\s"}, "behavior": "MergedWithNext",
          "invert": True}, Split(Regex(r"\s"), "merged_with_next", invert=True)),
        ({"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": True}]},
         ours.Sequence([ours.Digits(True)])),
    ],
)
def test_from_dict_reads_older_variants(data, expected):
    assert component_from_dict("pre_tokenizer", data) == expected


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Metaspace", "replacement": "▁", "add_prefix_space": False,
         "prepend_scheme": "always"},
        {"type": "Metaspace", "replacement": "ab"},
        {"type": "Metaspace"},
        {"type": "Split", "pattern": {"Regex": "("}, "behavior": "Isolated", "invert": False},
        {"type": "Split", "pattern": "-", "behavior": "Isolated", "invert": False},
        {"type": "Split", "pattern": {"String": "-"}, "behavior": "Sideways"},
        {"type": "Split", "pattern": {"Glob": "-"}, "behavior": "Isolated"},
        {"type": "CharDelimiterSplit", "delimiter": "ab"},
        {"type": "FixedLength", "length": 0},
        {"type": "Sequence"},
        {"type": "Delimiter", "delimiter": "-"},
    ],
)
def test_from_dict_rejects_bad_json(data):
    with pytest.raises(TokenizerFileError):
        component_from_dict("pre_tokenizer", data)


def test_constructors_validate_their_arguments():
    for make in (lambda: Metaspace(replacement=""), lambda: Metaspace(prepend_scheme="First"),
                 lambda: ours.CharDelimiterSplit(""), lambda: ours.Punctuation("sideways"),
                 lambda: Split(Regex("["), "isolated"),
                 lambda: ours.FixedLength(0)):  # fmt: skip
        with pytest.raises(ValueError):
            make()
    with pytest.raises(TypeError):
        Split(3, "isolated")
    behavior = SplitDelimiterBehavior.MERGED_WITH_NEXT
    assert ours.Punctuation(behavior) == ours.Punctuation("MergedWithNext")


# --------------------------------------------------------------------- ByteLevel
def test_bytes_to_unicode_is_gpt2_alphabet(hf):
    table = bytes_to_unicode()
    assert len(table) == len(set(table.values())) == 256
    assert (table[ord("!")], table[ord(" ")], table[0], table[0xAD]) == ("!", "Ġ", "Ā", "Ń")
    assert ByteLevel.alphabet() == sorted(hf.pre_tokenizers.ByteLevel.alphabet())


def test_gpt2_pattern_is_written_as_hf_writes_it():
    assert GPT2_PATTERN == (
        r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
    )


def test_byte_level_known_answers():
    assert ByteLevel().pre_tokenize_str("Hello my friend, how is your day going?") == [
        ("ĠHello", (0, 5)), ("Ġmy", (5, 8)), ("Ġfriend", (8, 15)), (",", (15, 16)),
        ("Ġhow", (16, 20)), ("Ġis", (20, 23)), ("Ġyour", (23, 28)), ("Ġday", (28, 32)),
        ("Ġgoing", (32, 38)), ("?", (38, 39)),
    ]  # fmt: skip
    # Only a literal space stops the prefix: a tab still gets one.
    assert ByteLevel().pre_tokenize_str("\tx") == [("Ġ", (0, 1)), ("ĉ", (0, 1)), ("x", (1, 2))]
    assert byte_level_words("é", add_prefix_space=True) == ["ĠÃ©"]
    assert byte_level_words("") == [] == ByteLevel().pre_tokenize_str("")


# --------------------------------------------------------------------------- onig
def test_onig_translation_known_answers():
    assert list(find_spans(compile_onig("x*"), "axxb")) == [(0, 0), (1, 3), (4, 4)]
    assert find_matches(compile_onig(""), "ab") == [
        ((0, 0), True), ((0, 1), False), ((1, 1), True), ((1, 2), False), ((2, 2), True)
    ]
    assert compile_onig(r"\p{L}+").for_text("a\U00011db0b").findall("a\U00011db0b") == ["a", "b"]
    assert list(find_spans(compile_onig("b|(?=d)"), "bxxd")) == [(0, 1), (3, 3)]
    assert Regex("a") == Regex("a") and hash(Regex("a")) == hash(Regex("a"))
    assert repr(Regex("a+")) == "Regex('a+')"


@pytest.mark.parametrize(
    "pattern",
    [r"\p{^L}+", r"\P{N}", r"[\w&&[^a]]+", r"\W+", r"\d+", r"\D+", r"\p{Cn}", r"\P{Cn}+",
     r"a\Z", r"a\z", r"^.", r"(?i)'S", r"(?i:'s|k)", r"\p{Han}+", r"\p{Lu}\p{Ll}*", r"\A.",
     r"(?<=a)b", r"a++", r"(?>a|ab)c", r"[[:alpha:]]+", r"[[:^lower:][:digit:]]+", r"\s+(?!\S)",
     r"\b", r"\B", r"\b\w+\b", r"[\w&&[^\d]]+", r"[[:punct:]]+", r"[[:word:]]",
     # Ruby syntax: "{n,m}+" repeats the interval (tiktoken's cl100k pattern has \p{N}{1,3}+)
     r"\p{N}{1,3}+", r"a{2}+", r"(ab){1,2}+", r"[a-c]{2}+|\s+", r"x{1,}+", r"a{,2}+",
     r"\{1}+", r"(?i:a){2}+"],
)  # fmt: skip
def test_onig_patterns_match_hf(hf, pattern):
    texts = [*PROBES[:-1], "aab abc a\nb\n", "Kk 'ſ 'S", "\U00011db0\U00011de3x\U00012550",
             "x²y a\u200db ½a ʕa ⓐb \u0295\u00b9", "1234567 aaaaa ababab {1}} xxxx 12"]
    mine = Split(Regex(pattern), "isolated")
    theirs = hf.pre_tokenizers.Split(hf.Regex(pattern), "isolated")
    for text in texts:
        assert mine.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), (pattern, text[:40])


def test_table_boundaries_match_hf(hf):
    # The code points on and around every range of every table, through the
    # components that rely on that table.
    def around(ranges: str) -> str:
        cps = set()
        for item in ranges.split():
            first, _, last = item.partition("-")
            for cp in (int(first, 16), int(last or first, 16)):
                cps.update(cp + d for d in (-1, 0, 1))
        return "".join(chr(cp) for cp in sorted(cps) if not 0xD800 <= cp <= 0xDFFF)

    checks = {
        tables.ADDED_AFTER_UNICODE_16: ["ByteLevel", "Whitespace", "Split-o200k"],
        tables.NUMBERS_ADDED_AFTER_UNICODE_17: ["Digits"],
        tables.PUNCTUATION_AFTER_UNICODE_8 + " " + tables.PUNCTUATION_UNTIL_UNICODE_8:
            ["Punctuation", "BertPreTokenizer"],
        tables.ADDED_AFTER_UNICODE_9: ["UnicodeScripts"],
    }  # fmt: skip
    for ranges, names in checks.items():
        chars = around(ranges)
        for name in names:
            mine, theirs = build(name), build(name, hf)
            for context in ("a", "1", "!", " "):
                text = "".join(context + c for c in chars)
                assert mine.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), name


def test_doctests():
    for module in (ours, onig_module, tables):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


# ------------------------------------------------------------------- slow sweeps
SWEEP_CONTEXTS = {
    "ByteLevel-no-prefix": ("a", "1", "!", "\t", " "),
    "Whitespace": ("a", "!", " "),
    "Split-llama3": ("a", "1", "!", "\r", " "),
    "WhitespaceSplit": ("a",),
    "Punctuation-merged_with_previous": ("a",),
    "BertPreTokenizer": ("a",),
    "Digits": ("a",),
    "Metaspace": ("a",),
    "UnicodeScripts": ("a", "1", " "),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", SWEEP_CONTEXTS)
def test_every_code_point_matches_hf(hf, name):
    mine, theirs = build(name), build(name, hf)
    contexts = SWEEP_CONTEXTS[name]
    for first in range(0, 0x110000, 2048):
        chars = [chr(cp) for cp in range(first, first + 2048) if not 0xD800 <= cp <= 0xDFFF]
        text = "".join(context + c for c in chars for context in contexts)
        assert mine.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), (name, hex(first))


ONIG_CLASSES = [r"\w", r"\W", r"[\w]", r"[^\w]", r"\d", r"\D", r"\s", r"\h", r"\p{L}", r"\p{N}",
                r"\p{P}", r"\p{S}", r"\p{M}", r"\p{Ll}", r"\P{Lo}", r"\p{Lowercase}", r"\p{Cn}",
                r"\P{Cn}", r"\p{Han}", r"\p{Unknown}", r"[[:alpha:]]", r"[[:digit:]]",
                r"[[:alnum:]]", r"[[:upper:]]", r"[[:^lower:]]", r"[[:punct:]]", r"[[:word:]]",
                r"[[:space:]]", r"."]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("pattern", ONIG_CLASSES)
def test_onig_classes_match_hf_on_every_code_point(hf, pattern):
    mine = Split(Regex(pattern), "removed")
    theirs = hf.pre_tokenizers.Split(hf.Regex(pattern), "removed")
    for first in range(0, 0x110000, 0x8000):
        text = "".join(chr(cp) for cp in range(first, first + 0x8000) if not 0xD800 <= cp <= 0xDFFF)
        assert mine.pre_tokenize_str(text) == theirs.pre_tokenize_str(text), (pattern, hex(first))
