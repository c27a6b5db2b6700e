"""Normalizers: known answers, tokenizer.json round trips, and parity with HF ``tokenizers``.

Parity is checked on alignments, not only on the normalized text: HF is asked to put
every normalized char in its own token (``Split(".", "isolated")`` + a WordLevel model
that maps everything to ``[UNK]``), so ``encode(text).offsets`` lists, for each
normalized char, the original span it came from — which must equal our
``original_shift + alignments[i]``.
"""

from __future__ import annotations

import doctest
import json
import random
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import subword_core.text._hf_unicode as hf_unicode_module
import subword_core.normalizers as normalizers_module
from subword_core.text._hf_unicode import compose, decompose
from subword_core.components import component_from_dict
from subword_core.errors import TokenizerFileError
from subword_core.text.normalized import NormalizedString
from subword_core.text.onig import Regex
from subword_core.normalizers import (
    NFC,
    NFD,
    NFKC,
    NFKD,
    BertNormalizer,
    ByteLevel,
    Lowercase,
    Nmt,
    Precompiled,
    Prepend,
    Replace,
    Sequence,
    Strip,
    StripAccents,
)
from spm_models import spm_charsmap

PROBES = [
    "",
    "Hello, World!",
    "é", "e\u0301", "a\u0323\u0301", "a\u0301\u0323", "ạ́ ệ", "Tiếng Việt có dấu: Cụ thể, bạn sẽ…",
    "ﬁ ﬂ ＡＢＣ ① ² x³ ㎏ ½ Ⅻ ™",
    "日本語の文章と中文、漢字", "𠀀𪚥 丽",
    "한국어 \u1100\u1161\u11a8 \u1100\u1161 가\u11a8",
    "👨\u200d👩\u200d👧 👍🏽 🇫🇷🇩🇪 1\ufe0f\u20e3",
    "שָׁלוֹם עולם مَرْحَبًا بالعالم",
    "a\tb\r\nc\x00d\x01e\x7f\x85f\u200bg\ufeffh\ufffdi\x0bj\x0ck\x1el",
    "   lots   of   spaces   ", "\u3000\u00a0ideographic\u2003space\u3000",
    "İstanbul ıİ", "Straße ẞ", "ΟΔΟΣ Ὀδυσσεύς ΣΑΣ",
    "\u0344\u0f73\u0f75 \u1e9b\u0323 Å Å Ω \u0b47\u0b3e",
    "क्षत्रिय ำน\u0e49ำ3ลำ",
    "ǅ ǈ ǋ ﬀ ŉ",
    "™\x1eg", "ﬁ\u0301x",
    "x" * 10_000,
    ("Ünïcödé ﬁ " * 1000)[:10_000],
]

# (id, ours, factory of the HF twin)
CASES = [
    ("NFC", NFC(), lambda N, R: N.NFC()),
    ("NFD", NFD(), lambda N, R: N.NFD()),
    ("NFKC", NFKC(), lambda N, R: N.NFKC()),
    ("NFKD", NFKD(), lambda N, R: N.NFKD()),
    ("Lowercase", Lowercase(), lambda N, R: N.Lowercase()),
    ("StripAccents", StripAccents(), lambda N, R: N.StripAccents()),
    ("NFKD+StripAccents", Sequence([NFKD(), StripAccents()]),
     lambda N, R: N.Sequence([N.NFKD(), N.StripAccents()])),
    ("Bert", BertNormalizer(), lambda N, R: N.BertNormalizer()),
    ("Bert-cased", BertNormalizer(lowercase=False), lambda N, R: N.BertNormalizer(lowercase=False)),
    ("Bert-strip-cased", BertNormalizer(strip_accents=True, lowercase=False),
     lambda N, R: N.BertNormalizer(strip_accents=True, lowercase=False)),
    ("Bert-nostrip", BertNormalizer(strip_accents=False, handle_chinese_chars=False),
     lambda N, R: N.BertNormalizer(strip_accents=False, handle_chinese_chars=False)),
    ("Strip", Strip(), lambda N, R: N.Strip()),
    ("LStrip", Strip(right=False), lambda N, R: N.Strip(right=False)),
    ("RStrip", Strip(left=False), lambda N, R: N.Strip(left=False)),
    ("Prepend", Prepend("▁"), lambda N, R: N.Prepend("▁")),
    ("Replace-str", Replace(" ", "▁▁"), lambda N, R: N.Replace(" ", "▁▁")),
    ("Replace-empty-str", Replace("", "|"), lambda N, R: N.Replace("", "|")),
    ("Replace-regex", Replace(Regex(r" {2,}"), " "), lambda N, R: N.Replace(R(r" {2,}"), " ")),
    ("Replace-delete", Replace({"Regex": "[aeioué]"}, ""), lambda N, R: N.Replace(R("[aeioué]"), "")),
    ("Replace-empty-match", Replace({"Regex": "x*"}, "-"), lambda N, R: N.Replace(R("x*"), "-")),
    ("Replace-class", Replace(Regex(r"[\s\p{P}]"), "_"), lambda N, R: N.Replace(R(r"[\s\p{P}]"), "_")),
    ("Replace-newline", Replace("\n", "↵"), lambda N, R: N.Replace("\n", "↵")),
    ("Replace-anchors", Replace(Regex("^ +| +$"), ""), lambda N, R: N.Replace(R("^ +| +$"), "")),
    ("ByteLevel", ByteLevel(), lambda N, R: N.ByteLevel()),
    ("Nmt", Nmt(), lambda N, R: N.Nmt()),
    ("T5-like", Sequence([Strip(), Replace(Regex(" {2,}"), " "), Lowercase()]),
     lambda N, R: N.Sequence([N.Strip(), N.Replace(R(" {2,}"), " "), N.Lowercase()])),
    ("Llama-like", Sequence([Prepend("▁"), Replace(" ", "▁")]),
     lambda N, R: N.Sequence([N.Prepend("▁"), N.Replace(" ", "▁")])),
]
UNICODE_CASES = {"NFC", "NFD", "NFKC", "NFKD", "Lowercase", "Bert"}
SPM_RULES = ["nmt_nfkc", "nfkc", "nmt_nfkc_cf", "nfkc_cf"]


# ----------------------------------------------------------------------- helpers
def ours(normalizer, text: str):
    n = NormalizedString(text)
    normalizer.normalize(n)
    spans = [(n.original_shift + s, n.original_shift + e) for s, e in n.alignments]
    return n.normalized, spans


def hf(hf_normalizer, text: str):
    """HF's normalized text and, for each normalized char, its span in ``text``."""
    from tokenizers import Regex, Tokenizer
    from tokenizers import pre_tokenizers as pre
    from tokenizers.models import WordLevel

    tok = Tokenizer(WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    tok.normalizer = hf_normalizer
    tok.pre_tokenizer = pre.Split(Regex("(?m)."), behavior="isolated")  # Ruby (?m) = dotall
    offsets = tok.encode(text, add_special_tokens=False).offsets
    return hf_normalizer.normalize_str(text), [tuple(o) for o in offsets]


def hf_twin(factory):
    tokenizers = pytest.importorskip("tokenizers")
    return factory(tokenizers.normalizers, tokenizers.Regex)


def mismatches(normalizer, hf_normalizer, texts):
    bad = []
    for text in texts:
        expected, got = hf(hf_normalizer, text), ours(normalizer, text)
        if expected != got:
            bad.append((text[:60], expected[0][:60], got[0][:60]))
    return bad


def hf_json(hf_normalizer) -> dict:
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel

    tok = Tokenizer(WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    tok.normalizer = hf_normalizer
    return json.loads(tok.to_str())["normalizer"]


@pytest.fixture(scope="module")
def charsmaps() -> dict[str, bytes]:
    return {rule: spm_charsmap(rule) for rule in SPM_RULES}


# ----------------------------------------------------------- known answers (no HF)
def test_nfd_splits_accents_onto_their_base_char():
    n = NormalizedString("élégant")
    NFD().normalize(n)
    assert n.normalized == "e\u0301le\u0301gant"
    assert n.alignments[:5] == [(0, 1), (0, 1), (1, 2), (2, 3), (2, 3)]


def test_nfc_composite_spans_both_original_chars():
    n = NormalizedString("e\u0301!")
    NFC().normalize(n)
    assert (n.normalized, n.alignments) == ("é!", [(0, 1), (2, 3)])


def test_reordered_marks_keep_positional_alignments():
    # NFD sorts marks by combining class; HF hands alignments out by position.
    assert decompose("a\u0301\u0323", compat=False) == [("a", 0), ("\u0323", 0), ("\u0301", 0)]
    assert compose(decompose("ệ", compat=False)) == [("ệ", 0)]


def test_nfkc_ligature_expands():
    n = NormalizedString("ﬁx")
    NFKC().normalize(n)
    assert (n.normalized, n.alignments) == ("fix", [(0, 1), (0, 1), (1, 2)])


def test_lowercase_is_rusts():
    # No final-sigma rule, İ grows, and chars newer than Python's Unicode are handled.
    assert Lowercase().normalize_str("ΟΔΟΣ İ") == "οδοσ i\u0307"
    assert Lowercase().normalize_str("\U00010d50\ua7cb") == "\U00010d70\u0264"


def test_strip_accents_removes_every_mark_kind():
    assert StripAccents().normalize_str("e\u0304\u0304o\u0903") == "eo"


def test_bert_spaces_cjk_and_cleans_controls():
    n = NormalizedString("a\x00中\tb")
    BertNormalizer().normalize(n)
    assert n.normalized == "a 中  b"
    assert n.alignments == [(0, 1), (2, 3), (2, 3), (2, 3), (3, 4), (4, 5)]


def test_bert_strip_accents_follows_lowercase():
    assert BertNormalizer(lowercase=False).normalize_str("Héllo") == "Héllo"
    assert BertNormalizer().normalize_str("Héllo") == "hello"
    assert BertNormalizer(lowercase=False, strip_accents=True).normalize_str("Héllo") == "Hello"


def test_replace_skips_empty_match_after_a_match():
    # Oniguruma semantics: no "-" between "xx" and "d".
    assert Replace({"Regex": "x*"}, "-").normalize_str("abxxd") == "-a-b-d-"


def test_prepend_and_strip_leave_empty_strings_alone():
    assert Prepend("▁").normalize_str("") == ""
    assert Strip().normalize_str("   ") == ""


def test_byte_level_aligns_bytes_with_their_char():
    n = NormalizedString("é!")
    ByteLevel().normalize(n)
    assert (n.normalized, n.alignments) == ("Ã©!", [(0, 1), (0, 1), (1, 2)])


def test_nmt_cleans_controls():
    assert Nmt().normalize_str("a\x01b\u200bc\td") == "ab c d"


@pytest.mark.parametrize("module", [normalizers_module, hf_unicode_module], ids=lambda m: m.__name__)
def test_doctests(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


# ------------------------------------------------------------------ serialization
JSON_CASES = [
    (NFC(), {"type": "NFC"}),
    (NFKD(), {"type": "NFKD"}),
    (Lowercase(), {"type": "Lowercase"}),
    (StripAccents(), {"type": "StripAccents"}),
    (Nmt(), {"type": "Nmt"}),
    (ByteLevel(), {"type": "ByteLevel"}),
    (Replace("a", "b"), {"type": "Replace", "pattern": {"String": "a"}, "content": "b"}),
    (Replace(Regex(r"\s+"), " "),
     {"type": "Replace", "pattern": {"Regex": r"\s+"}, "content": " "}),
    (Prepend("▁"), {"type": "Prepend", "prepend": "▁"}),
    (Strip(left=False), {"type": "Strip", "strip_left": False, "strip_right": True}),
    (BertNormalizer(strip_accents=True), {
        "type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
        "strip_accents": True, "lowercase": True,
    }),
    (Sequence([NFD(), Lowercase()]),
     {"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "Lowercase"}]}),
]


JSON_IDS = [f"{n.type_name}-{i}" for i, (n, _) in enumerate(JSON_CASES)]


@pytest.mark.parametrize("normalizer, expected", JSON_CASES, ids=JSON_IDS)
def test_json_round_trip(normalizer, expected):
    data = normalizer.to_dict()
    assert data == expected and list(data)[0] == "type"
    assert list(data) == list(expected)  # same key order as HF
    assert component_from_dict("normalizer", json.loads(json.dumps(data))) == normalizer


def test_json_defaults_for_missing_optional_fields():
    assert component_from_dict("normalizer", {"type": "Strip"}) == Strip()
    assert component_from_dict("normalizer", {"type": "BertNormalizer"}) == BertNormalizer()


def test_json_errors_are_tokenizer_file_errors():
    with pytest.raises(TokenizerFileError):
        component_from_dict("normalizer", {"type": "Sequence"})
    with pytest.raises(TokenizerFileError):
        component_from_dict("normalizer", {"type": "Replace", "pattern": {"Regex": "("}, "content": ""})
    with pytest.raises(TokenizerFileError):
        component_from_dict("normalizer", {"type": "Precompiled", "precompiled_charsmap": "!!"})
    with pytest.raises(TokenizerFileError):
        Precompiled(b"")  # what SentencePiece's "identity" rule gives; HF refuses it too


JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 2**40), st.floats(allow_nan=False),
    st.text(max_size=4), st.just([]), st.just({}), st.just([None]), st.just({"type": "NFC"}),
    st.just({"String": 1}), st.just({"Regex": "("}), st.just({"String": "a", "Regex": "b"}),
)


@settings(max_examples=150, deadline=None)
@given(case=st.sampled_from(JSON_CASES), data=st.data())
def test_mutated_json_loads_or_raises_a_file_error(case, data):
    mutated = json.loads(json.dumps(case[0].to_dict()))
    key = data.draw(st.sampled_from(sorted(mutated)))
    if data.draw(st.booleans()):
        del mutated[key]
    else:
        mutated[key] = data.draw(JSON_VALUES)
    try:
        normalizer = component_from_dict("normalizer", mutated)
    except TokenizerFileError as exc:
        assert "\n" not in str(exc)
        return
    normalizer.to_dict()
    normalizer.normalize_str("Héllo  wörld 中")


@pytest.mark.parametrize("normalizer, _", JSON_CASES, ids=JSON_IDS)
def test_json_matches_hf(normalizer, _):
    tokenizers = pytest.importorskip("tokenizers")
    rebuilt = _hf_from_ours(tokenizers, normalizer)
    assert hf_json(rebuilt) == normalizer.to_dict()


def _hf_from_ours(tokenizers, normalizer):
    # Let HF read our JSON, then compare what it writes back.
    tok = tokenizers.Tokenizer(tokenizers.models.WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    data = json.loads(tok.to_str())
    data["normalizer"] = normalizer.to_dict()
    return tokenizers.Tokenizer.from_str(json.dumps(data)).normalizer


# ------------------------------------------------------------------ HF parity
@pytest.mark.parametrize("name, normalizer, factory", CASES, ids=[c[0] for c in CASES])
def test_parity_on_probes(name, normalizer, factory):
    assert mismatches(normalizer, hf_twin(factory), PROBES) == []


@pytest.mark.parametrize("rule", SPM_RULES)
def test_precompiled_parity_on_probes(rule, charsmaps):
    tokenizers = pytest.importorskip("tokenizers")
    data = charsmaps[rule]
    hf_normalizer = tokenizers.normalizers.Precompiled(data)
    assert mismatches(Precompiled(data), hf_normalizer, PROBES) == []
    # And as part of a SentencePiece-style pipeline.
    seq = Sequence([Precompiled(data), Replace({"Regex": " {2,}"}, "▁")])
    hf_seq = tokenizers.normalizers.Sequence(
        [hf_normalizer, tokenizers.normalizers.Replace(tokenizers.Regex(" {2,}"), "▁")]
    )
    assert mismatches(seq, hf_seq, PROBES) == []


def test_precompiled_quirks(charsmaps):
    cmap = charsmaps["nmt_nfkc"]
    p = Precompiled(cmap)
    # A short grapheme whose first char has a rule is replaced whole: the accent goes.
    assert p.normalize_str("ﬁ\u0301x") == "fix"
    # Removal with nothing emitted before it is charged to nobody, as in HF.
    n = NormalizedString("\x1eg")
    p.normalize(n)
    assert (n.normalized, n.alignments) == ("g", [(0, 1)])


def test_precompiled_json(charsmaps):
    p = Precompiled(charsmaps["nfkc"])
    data = p.to_dict()
    assert list(data) == ["type", "precompiled_charsmap"]
    assert component_from_dict("normalizer", data) == p
    tokenizers = pytest.importorskip("tokenizers")
    assert hf_json(tokenizers.normalizers.Precompiled(charsmaps["nfkc"])) == data


# ------------------------------------------------------------------ properties
TRICKY = (
    "e\u0301\u0323\u0302\u05b0\u0f71\u0f72ﬁＡ①²㎏İıΣσßẞ中한\u1100\u1161\u11a8 \t\r\n\x00\x85"
    "\u200d\u200b\ufeff👍🏽🇫"
)
MARKS = "\u0301\u0323\u0302\u0300\u0316\u0308\u0344\u0345\u05b0\u0f71\u0f72\u0f74\u0e49\u302a"
CHAR = st.one_of(st.characters(codec="utf-8"), st.sampled_from(TRICKY))
MARK = st.one_of(st.sampled_from(MARKS), st.characters(categories=["Mn", "Mc", "Me"]))
# Clusters of a char and a few marks, so that reordering and composition get exercised.
CLUSTER = st.tuples(CHAR, st.lists(MARK, max_size=3)).map(lambda t: t[0] + "".join(t[1]))
TEXT = st.lists(CLUSTER, max_size=8).map("".join)


def _check_alignment_invariants(normalizer, text):
    n = NormalizedString(text)
    normalizer.normalize(n)
    assert len(n.alignments) == len(n.normalized)
    starts = [s for s, _ in n.alignments]
    ends = [e for _, e in n.alignments]
    assert all(0 <= s <= e <= len(text) for s, e in n.alignments)
    assert starts == sorted(starts) and ends == sorted(ends)


@settings(max_examples=100, deadline=None)
@given(text=TEXT)
def test_alignments_stay_inside_and_ordered(text):
    for _, normalizer, _ in CASES:
        _check_alignment_invariants(normalizer, text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_precompiled_alignments_match_hf(text, charsmaps):
    tokenizers = pytest.importorskip("tokenizers")
    for rule in ("nmt_nfkc", "nfkc_cf"):
        data = charsmaps[rule]
        _check_alignment_invariants(Precompiled(data), text)
        assert ours(Precompiled(data), text) == hf(tokenizers.normalizers.Precompiled(data), text)


@pytest.mark.parametrize("name", sorted(UNICODE_CASES))
def test_unicode_normalizers_match_hf_on_arbitrary_text(name):
    normalizer, factory = next((n, f) for c, n, f in CASES if c == name)
    hf_normalizer = hf_twin(factory)

    @settings(max_examples=150, deadline=None, database=None)
    @given(text=TEXT)
    def check(text):
        assert ours(normalizer, text) == hf(hf_normalizer, text)

    check()


# --------------------------------------------------------------- slow sweeps
ALL_CHARS = [chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000]


def _blocks(template: str, size: int = 4096):
    for i in range(0, len(ALL_CHARS), size):
        yield [template.format(c) for c in ALL_CHARS[i : i + size]]


def _sweep(normalizer, hf_normalizer, template: str):
    bad = []
    for block in _blocks(template):
        text = "\n".join(block)
        if normalizer.normalize_str(text) != hf_normalizer.normalize_str(text):
            bad += [s for s in block if normalizer.normalize_str(s) != hf_normalizer.normalize_str(s)]
    return bad


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["NFC", "NFD", "NFKC", "NFKD", "Lowercase", "StripAccents", "Bert", "Bert-cased", "Nmt"]
)
def test_every_code_point_matches_hf(name):
    normalizer, factory = next((n, f) for c, n, f in CASES if c == name)
    assert _sweep(normalizer, hf_twin(factory), "{}") == []


@pytest.mark.slow
@pytest.mark.parametrize("template", ["a\u0301{}", "a{}\u0316", "a{}\u05b0", "{}\u0300\u0316"])
@pytest.mark.parametrize("name", ["NFC", "NFD"])
def test_every_combining_class_matches_hf(name, template):
    # Marks around each char reveal its combining class through canonical reordering.
    normalizer, factory = next((n, f) for c, n, f in CASES if c == name)
    assert _sweep(normalizer, hf_twin(factory), template) == []


@pytest.mark.slow
@pytest.mark.parametrize("rule", SPM_RULES)
def test_precompiled_every_code_point_and_grapheme(rule, charsmaps):
    tokenizers = pytest.importorskip("tokenizers")
    data = charsmaps[rule]
    hf_normalizer = tokenizers.normalizers.Precompiled(data)
    assert _sweep(Precompiled(data), hf_normalizer, "{}") == []
    # "A" has a rule in the case-folding maps, so "A" + c is replaced whole exactly
    # when c joins its grapheme cluster: this checks our segmentation against HF's.
    assert _sweep(Precompiled(data), hf_normalizer, "A{}") == []


@pytest.mark.slow
def test_random_mixtures_match_hf(charsmaps):
    tokenizers = pytest.importorskip("tokenizers")
    rng = random.Random(1234)
    pools = [
        range(0x20, 0x7F), range(0x300, 0x370), range(0x1100, 0x1200), range(0xAC00, 0xAC40),
        range(0x590, 0x900), range(0x1AB0, 0x1B00), range(0xFB00, 0xFB50), range(0xFF00, 0xFF70),
        range(0x1F300, 0x1F700), range(0x0, 0x20), range(0xD800), range(0xE000, 0x110000),
    ]
    texts = [
        "".join(chr(rng.choice(rng.choice(pools))) for _ in range(rng.randint(0, 16)))
        for _ in range(2000)
    ]
    for name, normalizer, factory in CASES:
        assert mismatches(normalizer, hf_twin(factory), texts) == [], name
    for rule, data in charsmaps.items():
        hf_normalizer = tokenizers.normalizers.Precompiled(data)
        assert mismatches(Precompiled(data), hf_normalizer, texts) == [], rule


def test_unicode_data_sanity():
    # The correction sets only ever remove data Python has; they never invent any.
    assert unicodedata.normalize("NFD", "\U00011938") != "\U00011938"
    assert NFD().normalize_str("\U00011938") == "\U00011938"  # too new for HF's Unicode 9.0
