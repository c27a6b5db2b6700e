"""The encoding fast path (``subword_core.fastpath``) against the general pipeline.

Every fast shortcut must give exactly what the general code gives. Each check
encodes the same input with ``fastpath.ENABLED`` on and off and compares every
field; the pieces the fast path relies on are checked one by one too: the
char-for-char normalizers (``fast_normalize``), the pre-tokenizers' ``fast_split``,
the ASCII twins of the GPT-2 and BERT regexes, the lazy identity alignment of
NormalizedString, ``BPE.tokenize_columns`` and the whole-list merge table loader.
"""

from __future__ import annotations

import itertools
import random
import string
import contextlib
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import AddedToken, Tokenizer, fastpath
from subword_core import normalizers as N
from subword_core import pre_tokenizers as P
from subword_core.models import BPE, WordLevel, WordPiece
from subword_core.models._vocab import check_vocab
from subword_core.models.bpe import (
    MergeColumns, _merge_columns_fast, _merge_table_checked, _merge_table_fast,
    _parse_merges_checked, parse_merges,
)
from subword_core.text.normalized import NormalizedString
from subword_core.text.pretokenized import PreToken
from subword_core.pre_tokenizers import (
    _BERT_ASCII, _GPT2_ASCII, _bert_words, _byte_level_normalize, _byte_level_piece, _gpt2,
    _to_byte_chars,
)

hf = pytest.importorskip("tokenizers")
from hf_parity import hf_bert_wordpiece, hf_byte_level_bpe, view  # noqa: E402

# The texts the brief names, and their usual accomplices.
TRICKY = [
    "", "a", " ", "   ", "Hello world", "Hello, World! It's 9:30 -- isn't it?",
    "  leading and trailing  ", "def f(x):\n\treturn x[0] ** 2  # c\r\n",
    "cafe\u0301 nai\u0308ve Zu\u0308rich", "café naïve résumé", "e\u0301\u0323 a\u0323\u0301",
    "日本語のテキスト、中文汉字。", "안녕하세요 \u1112\u1161\u11ab",
    "family 👨‍👩‍👧‍👦 👍🏽 🏳️‍🌈 🇫🇷", "İstanbul İİ ıi", "ΣΑΣ ς ǅ ẞ ß ﬁ Ａ１①½",
    "tab\there\r\nCRLF\r\n\n", "nul\x00 bell\x07 esc\x1b us\x1f del\x7f nel\x85",
    "zero\u200bwidth\u00a0nbsp\ufeffbom\u00ad soft", "مرحبا שלום \u200f\u202e",
    "<|endoftext|>x <|endoftext|> [MASK] [CLS]hi[SEP]", "ab" * 300, "x" * 300 + " y",
    "12345 3.14 0x1F ٣ ३", "'s 're 'll 'd 've 'm 't", "lone \ud800 surrogate",
]


def corpus(seed: int) -> list[str]:
    rng = random.Random(seed)
    words = ("the quick brown fox jumps over lazy dog token merge vocabulary offset encode "
             "def class return import naïve café résumé Zürich 日本語 中文 한국어 مرحبا "
             "שלום Привет 😀 👍🏽 1234 3.14 snake_case camelCase don't it's we'll").split()
    return [" ".join(rng.choice(words) for _ in range(rng.randint(3, 12))) for _ in range(400)]


def train_byte_bpe() -> Tokenizer:
    return Tokenizer.from_str(hf_byte_level_bpe(corpus(0), vocab_size=600).to_str())


def train_wordpiece() -> Tokenizer:
    return Tokenizer.from_str(hf_bert_wordpiece(corpus(1), vocab_size=500).to_str())


def train_unigram() -> Tokenizer:
    tok = hf.Tokenizer(hf.models.Unigram())
    tok.pre_tokenizer = hf.pre_tokenizers.WhitespaceSplit()
    trainer = hf.trainers.UnigramTrainer(vocab_size=300, unk_token="<unk>",
                                         special_tokens=["<unk>"], show_progress=False)
    tok.train_from_iterator(corpus(2), trainer)
    return Tokenizer.from_str(tok.to_str())


@pytest.fixture(scope="module")
def byte_bpe() -> Tokenizer:
    return train_byte_bpe()


@pytest.fixture(scope="module")
def wordpiece() -> Tokenizer:
    return train_wordpiece()


@contextmanager
def general_path():
    fastpath.ENABLED = False
    try:
        yield
    finally:
        fastpath.ENABLED = True


def assert_paths_agree(tok: Tokenizer, *args, **kwargs) -> None:
    fast = tok.encode(*args, **kwargs)
    with general_path():
        general = tok.encode(*args, **kwargs)
    assert view(fast) == view(general), (args, kwargs)
    if len(args) == 1 and isinstance(args[0], str) and not kwargs:
        assert explained(tok, args[0]) == explained(tok, args[0], general=True), args[0]


def explained(tok: Tokenizer, text: str, general: bool = False) -> tuple:
    """What ``explain`` shows, on the fast or the general path."""
    with general_path() if general else contextlib.nullcontext():
        e = tok.explain(text)
    return e.normalized, e.alignments, e.pre_tokens, view(e.encoding)


def assert_texts_agree(tok: Tokenizer, texts=TRICKY) -> None:
    for text in texts:
        assert_paths_agree(tok, text)
    assert_paths_agree(tok, TRICKY[5], TRICKY[6])
    assert_paths_agree(tok, ["Hello", " wörld", "", "İx"], is_pretokenized=True)
    assert_paths_agree(tok, TRICKY[5], add_special_tokens=False)


def fast_encoding(tok: Tokenizer, text: str):
    return fastpath.encode_text(tok._added, tok.normalizer, tok.pre_tokenizer, tok.model,
                                text, 0, None)


# ------------------------------------------------------------------ whole pipelines
def test_byte_level_bpe(byte_bpe):
    for text in ("Hello world, it's me", "café 日本 😀 <|endoftext|> x"):
        assert fast_encoding(byte_bpe, text) is not None  # the path is taken
    assert_texts_agree(byte_bpe)


def test_explain_takes_the_fast_path(byte_bpe):
    stages: list = []
    encoding = fastpath.encode_text(byte_bpe._added, byte_bpe.normalizer, byte_bpe.pre_tokenizer,
                                    byte_bpe.model, "Hello <|endoftext|> world", 0, None, stages)
    assert encoding is not None
    (normalized, alignments), pre_tokens = stages
    assert normalized == "Hello <|endoftext|> world" and len(alignments) == len(normalized)
    assert pre_tokens == [PreToken("Hello", (0, 5), False), PreToken("Ġ", (5, 6), False),
                          PreToken("<|endoftext|>", (6, 19), True),
                          PreToken("Ġworld", (19, 25), False)]


def test_bert_wordpiece(wordpiece):
    # Spaced-out CJK, decomposed Korean, dropped controls: placed through the sources.
    for text in ("Hello world, it's me", "Café naïve [MASK] İx\t!", "日本 한국어\x00x"):
        assert fast_encoding(wordpiece, text) is not None
    assert fast_encoding(wordpiece, "e\u0301") is not None  # the mark is stripped
    assert fast_encoding(wordpiece, "x\U0001d165") is None  # a spacing mark NFD may reorder
    assert_texts_agree(wordpiece, TRICKY + KOREAN_AND_CJK)


@pytest.mark.parametrize("options", [
    dict(lowercase=False),
    dict(strip_accents=False),
    dict(strip_accents=True, lowercase=False),
    dict(clean_text=False),
    dict(handle_chinese_chars=False),
])
def test_bert_normalizer_options(options):
    tok = train_wordpiece()
    tok.normalizer = N.BertNormalizer(**options)
    assert_texts_agree(tok)


def test_added_tokens_of_every_kind(byte_bpe):
    tok = Tokenizer.from_str(byte_bpe.to_str())
    tok.add_tokens([AddedToken("quick", single_word=True), AddedToken("fox", lstrip=True,
                    rstrip=True), "Dog"])
    tok.add_special_tokens(["[MASK]"])
    tok.normalizer = N.Lowercase()  # makes "Dog" a normalized-form token
    texts = TRICKY + ["the quick fox  jumps, quickly; a DOG dog [MASK] ", "xfox fox\tfox"]
    assert_texts_agree(tok, texts)
    tok.encode_special_tokens = True
    assert_texts_agree(tok, texts)


def test_llama3_style_split_then_byte_level(byte_bpe):
    tok = Tokenizer.from_str(byte_bpe.to_str())
    tok.pre_tokenizer = P.Sequence([
        P.Split(P.Regex(r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
                        r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"), "isolated"),
        P.ByteLevel(add_prefix_space=False, use_regex=False)])
    assert fast_encoding(tok, "Hello world") is not None
    assert_texts_agree(tok)


def test_byte_level_with_prefix_space(byte_bpe):
    tok = Tokenizer.from_str(byte_bpe.to_str())
    tok.pre_tokenizer = P.ByteLevel(add_prefix_space=True)
    assert fast_encoding(tok, " starts with a space") is not None
    assert_texts_agree(tok)


@pytest.mark.parametrize("normalizer", [
    None, N.Lowercase(), N.NFC(), N.NFKC(), N.NFD(), N.NFKD(),
    N.Sequence([N.NFC(), N.Lowercase()]), N.Sequence([N.Lowercase(), N.Strip()]),
])
@pytest.mark.parametrize("pre_tokenizer", [
    None, P.Whitespace(), P.WhitespaceSplit(), P.BertPreTokenizer(), P.Digits(),
    P.Digits(individual_digits=True), P.Punctuation("removed"), P.Punctuation("merged_with_next"),
    P.Punctuation("contiguous"), P.Split(" ", "merged_with_previous"),
    P.Split(P.Regex(r"\d+|x*"), "removed", invert=True), P.Metaspace(),
    P.Sequence([P.WhitespaceSplit(), P.Digits(), P.Punctuation()]),
])
def test_components_on_a_word_level_model(normalizer, pre_tokenizer):
    words = {w: i for i, w in enumerate(
        ["[UNK]", "hello", "world", "Hello", ",", "!", "it", "'", "s", "9", "30", "12345"])}
    tok = Tokenizer(WordLevel(words, unk_token="[UNK]"))
    tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizer
    assert_texts_agree(tok, TRICKY[:12] + TRICKY[-6:])


@pytest.mark.parametrize("metaspace", [
    P.Metaspace(), P.Metaspace(prepend_scheme="first"), P.Metaspace(prepend_scheme="never"),
    P.Metaspace(prepend_scheme="first", split=False), P.Metaspace(replacement="_", split=False),
])
def test_metaspace_rewrites_each_split(metaspace):
    tok = train_unigram()
    tok.pre_tokenizer = metaspace
    tok.add_tokens([AddedToken("fox", normalized=True), AddedToken("<s>", special=True)])
    assert fast_encoding(tok, "the quick fox") is not None
    texts = TRICKY + KOREAN_AND_CJK + ["fox the fox", "<s> fox<s>x", " lead", "▁already"]
    assert_texts_agree(tok, texts)
    for normalizer in (N.Sequence([N.NFKC(), N.Replace(P.Regex(" {2,}"), " ")]), N.Prepend("▁")):
        tok.normalizer = normalizer
        assert_texts_agree(tok, texts)


def test_metaspace_inside_a_sequence_takes_the_general_path():
    sequence = P.Sequence([P.Digits(individual_digits=True), P.Metaspace()])
    assert sequence.fast_split("a 1") is None


def test_unigram_model():
    tok = train_unigram()
    assert fast_encoding(tok, "the quick fox") is not None
    assert_texts_agree(tok)


def test_piece_cache_follows_model_options(wordpiece, byte_bpe):
    wp = Tokenizer.from_str(wordpiece.to_str())
    text = "unaffable quickly tokenizer"
    first = wp.encode(text).tokens
    wp.model.max_input_chars_per_word = 3  # clears the caches: long words become [UNK]
    assert wp.encode(text).tokens != first
    assert_paths_agree(wp, text)
    bpe = Tokenizer.from_str(byte_bpe.to_str())
    bpe.encode("hello there")
    bpe.model.ignore_merges = True
    assert_texts_agree(bpe)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=st.text(st.sampled_from("".join(TRICKY[4:22])) | st.characters(), max_size=60))
def test_arbitrary_text(byte_bpe, wordpiece, normalizing_byte_bpe, metaspace_unigram, text):
    assert_paths_agree(byte_bpe, text)
    assert_paths_agree(wordpiece, text)
    assert_paths_agree(normalizing_byte_bpe, text)
    assert_paths_agree(metaspace_unigram, text)


@pytest.fixture(scope="module")
def metaspace_unigram() -> Tokenizer:
    """SentencePiece-style: NFKC, runs of spaces squeezed, Metaspace, Unigram."""
    tok = train_unigram()
    tok.normalizer = N.Sequence([N.NFKC(), N.Replace(P.Regex(" {2,}"), " ")])
    tok.pre_tokenizer = P.Metaspace(prepend_scheme="first")
    return tok


@pytest.fixture(scope="module")
def normalizing_byte_bpe(byte_bpe) -> Tokenizer:
    """Qwen-style: NFKC and lowercase before a byte-level BPE, placed through sources."""
    tok = Tokenizer.from_str(byte_bpe.to_str())
    tok.normalizer = N.Sequence([N.NFKC(), N.Lowercase()])
    return tok


# ------------------------------------------------------------------ normalizers
CHARWISE = [
    N.BertNormalizer(), N.BertNormalizer(lowercase=False), N.BertNormalizer(strip_accents=False),
    N.BertNormalizer(clean_text=False, handle_chinese_chars=False), N.Lowercase(), N.NFC(),
    N.NFKC(), N.NFD(), N.NFKD(), N.Sequence([N.NFKC(), N.Lowercase()]),
    N.Sequence([N.NFD(), N.Lowercase(), N.BertNormalizer()]),
    N.Replace(P.Regex(r"\s+"), " "), N.Replace(" ", "\u2581"), N.Replace("a", ""),
    N.Replace("ab", "xyz"), N.Prepend("\u2581"), N.Strip(),
    N.Sequence([N.Prepend("\u2581"), N.Replace(" ", "\u2581")]),  # Llama 2, Mistral v0.1
    N.Sequence([N.NFC(), N.Replace(P.Regex(r"\s+"), " "), N.Lowercase()]),  # CLIP
]


def general_normalize(normalizer, text: str) -> NormalizedString:
    # An explicit identity alignment is not "known identity": normalize() takes the
    # general path, change lists and all.
    n = NormalizedString(text, text, [(i, i + 1) for i in range(len(text))])
    normalizer.normalize(n)
    return n


def assert_fast_normalize_is_normalize(normalizer, text: str) -> bool:
    """Compare ``fast_normalize`` with the general code; False if it declined."""
    fast = normalizer.fast_normalize(text)
    if fast is None:
        return False
    normalized, sources = fast
    if sources is None:
        sources = range(len(text))
    n = general_normalize(normalizer, text)
    assert (normalized, [(s, s + 1) for s in sources]) == (n.normalized, n.alignments), text
    return True


KOREAN_AND_CJK = ["한국어 텍스트", "日本語", "\u1100\u1161\u11a8 jamo", "가\u11a8"]


@pytest.mark.parametrize("normalizer", CHARWISE)
def test_fast_normalize_is_normalize(normalizer):
    texts = TRICKY + KOREAN_AND_CJK + [chr(c) for c in range(0x250)] + ["\u0130", "\u1e9e", "\u0345a"]
    texts += ["a  b", "ab ab", "xx a", "  both ends  "]
    taken = [assert_fast_normalize_is_normalize(normalizer, text) for text in texts]
    assert normalizer.fast_normalize("Plain ASCII text, 42.") is not None
    assert sum(taken) > len(texts) // 3


@settings(max_examples=400, deadline=None)
@given(text=st.text(st.sampled_from("".join(TRICKY + KOREAN_AND_CJK)) | st.characters(),
                    max_size=20),
       which=st.sampled_from(range(len(CHARWISE))))
def test_fast_normalize_on_arbitrary_text(text, which):
    assert_fast_normalize_is_normalize(CHARWISE[which], text)


@pytest.mark.parametrize("normalizer", CHARWISE)
def test_char_local_normalizers_before_each_model(normalizer, byte_bpe, wordpiece):
    for trained in (byte_bpe, wordpiece):
        tok = Tokenizer.from_str(trained.to_str())
        tok.normalizer = normalizer
        assert_texts_agree(tok, TRICKY + KOREAN_AND_CJK + ["a  b", " x", "ab ab"])


def test_bert_marks_in_every_context():
    # Chars with combining marks are local for accent stripping when all their marks
    # vanish; check each such char between marks that NFD sorts around it.
    import unicodedata
    with_marks = [chr(c) for c in range(0x30000)
                  if any(unicodedata.combining(p) for p in unicodedata.normalize("NFD", chr(c)))]
    bert = N.BertNormalizer()
    contexts = ["{}", "a\u0308{}", "{}\u0323b", "a\u0301{}\u0316x", "{}{}", "\u0f71{}\u0f72"]
    checked = 0
    for c in with_marks:
        if bert.fast_normalize(c) is None:
            continue
        for context in contexts:
            text = context.format(c, c)
            checked += assert_fast_normalize_is_normalize(bert, text)
    assert checked > 1000


@pytest.fixture(scope="module")
def precompiled_normalizers() -> list[N.Precompiled]:
    from spm_models import spm_charsmap
    return [N.Precompiled(spm_charsmap(rule)) for rule in ("nmt_nfkc", "nfkc_cf")]


def test_precompiled_charsmaps(precompiled_normalizers, byte_bpe):
    # SentencePiece conversions (T5, ALBERT, XLM-R): removals, expansions, clusters.
    texts = TRICKY + KOREAN_AND_CJK + [chr(c) for c in range(0x250)] + [
        "\x01a", "a\x01b", "ﬁ\x01", "a\x01\x01b", "a\u200bb", "Ａ１①", "\r\n", "e\u0301"]
    for normalizer in precompiled_normalizers:
        taken = [assert_fast_normalize_is_normalize(normalizer, text) for text in texts]
        assert sum(taken) > len(texts) // 2
        tok = Tokenizer.from_str(byte_bpe.to_str())
        tok.normalizer = normalizer
        assert_texts_agree(tok, texts[:40])
    nmt_nfkc = precompiled_normalizers[0]  # removes most control chars
    assert nmt_nfkc.fast_normalize("a\x01\x01b") == ("ab", [0, 3])
    assert nmt_nfkc.fast_normalize("ﬁ\x01") is None  # a removal after an expansion


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(st.sampled_from("".join(TRICKY + KOREAN_AND_CJK) + "\x01\u200b\ufb01")
                    | st.characters(), max_size=20))
def test_precompiled_on_arbitrary_text(precompiled_normalizers, text):
    for normalizer in precompiled_normalizers:
        assert_fast_normalize_is_normalize(normalizer, text)


def test_replace_with_empty_matches_declines():
    # Text inserted at an empty match aligns with nothing (or the char before): not local.
    replace = N.Replace(P.Regex("x*"), "-")
    assert replace.fast_normalize("abc") is None
    for text in TRICKY:
        assert_fast_normalize_is_normalize(replace, text)


@pytest.mark.parametrize("text, local", [
    ("한국어", True), ("café", True), ("e\u0301", False), ("\u1100\u1161", False),
    ("ﬁ①", True), ("가\u11a8", False),
])
def test_unicode_forms_decline_what_may_move(text, local):
    # Marks may reorder and seconds may compose with the char before: such text takes
    # the general path, while chars normalized on their own take the fast one.
    for form in (N.NFC(), N.NFKC()):
        assert (form.fast_normalize(text) is not None) is local, (form, text)


def test_bert_normalizer_reports_sources():
    normalized, sources = N.BertNormalizer().fast_normalize("A日\x00é한")
    assert normalized == "a 日 e\u1112\u1161\u11ab"
    assert sources == [0, 1, 1, 1, 3, 4, 4, 4]


def test_char_map_forgets_before_learning(monkeypatch):
    # Found by the slow HF sweep: when the map was full it forgot the chars it had just
    # learnt for the same text, and translate() left them as they were.
    monkeypatch.setattr(N, "_MAX_LEARNT_CHARS", 4)
    lowercase = N.Lowercase()
    for text in ["ABC", "DEF", "ABCDEFG", "GHIJ", "Ｓ T Ḻ", "xyz"]:
        assert assert_fast_normalize_is_normalize(lowercase, text)


def test_char_map_keeps_its_snapshot_when_another_caller_resets_it(monkeypatch):
    # Another thread may fill the map past its bound (and so replace it) while this call
    # learns: this call must still translate with everything it learnt.
    monkeypatch.setattr(N, "_MAX_LEARNT_CHARS", 4)
    char_map = N._CharMap()
    calls = []

    def lower_and_interfere(c: str) -> str:
        calls.append(c)
        if len(calls) == 2:  # the first char is learnt: now the other caller resets
            assert char_map.translate("vwxyz", str.upper) == ("VWXYZ", None)
        return c.lower()

    assert char_map.translate("AB", lower_and_interfere) == ("ab", None)


# ------------------------------------------------------------------ pre-tokenizers
FAST_SPLITTERS = [
    P.Whitespace(), P.WhitespaceSplit(), P.BertPreTokenizer(), P.Digits(), P.Punctuation(),
    P.Split(P.Regex(r"\s+"), "removed"), P.Split(P.Regex(r"(\w)\w*"), "isolated"),
    P.ByteLevel(add_prefix_space=False), P.ByteLevel(use_regex=False),
    P.Sequence([P.WhitespaceSplit(), P.Digits(individual_digits=True)]),
]


@pytest.mark.parametrize("pre_tokenizer", FAST_SPLITTERS)
def test_fast_split_is_pre_tokenize(pre_tokenizer):
    byte_level = getattr(pre_tokenizer, "piece_transform", None) is not None
    for text in TRICKY:
        pieces = pre_tokenizer.fast_split(text)
        if pieces is None:
            continue
        mapped = [_to_byte_chars(p) if byte_level else p for p in pieces[0]]
        # Byte-level pieces are aligned to whole chars, which is how get_splits reports them.
        expected = [(p, (s, s + len(raw))) for p, raw, s in zip(mapped, *pieces)]
        assert pre_tokenizer.pre_tokenize_str(text) == expected, text


def test_ascii_twins_match_on_every_short_ascii_string():
    chars = [chr(c) for c in range(128)]
    texts = chars + ["".join(p) for p in itertools.product(chars, repeat=2)]
    rng = random.Random(7)
    texts += ["".join(rng.choice(chars + ["'s", " ", "  ", "\r\n"]) for _ in range(30))
              for _ in range(2000)]
    for twin, onig in ((_GPT2_ASCII, _gpt2()), (_BERT_ASCII, _bert_words())):
        for text in texts:
            assert twin.findall(text) == onig.exact.findall(text), (twin.pattern, text)


def test_ascii_twins_classes():
    # The twins hard-code what \p{L}, \p{N}, \s, whitespace and punctuation are on ASCII.
    from subword_core.text.onig import compile_onig
    from subword_core.pre_tokenizers import _punctuation, _whitespace

    space = "\t\n\x0b\x0c\r "
    for c in map(chr, range(128)):
        for pattern, members in ((r"\p{L}", string.ascii_letters), (r"\p{N}", string.digits),
                                 (r"\s", space)):
            compiled = compile_onig(pattern)
            assert bool(compiled.exact.match(c)) == bool(compiled.fast.match(c)) == (c in members)
        assert bool(_whitespace().exact.match(c)) == (c in space)
        assert bool(_punctuation().exact.match(c)) == (c in string.punctuation)


# ------------------------------------------------------------------ NormalizedString
def explicit(n: NormalizedString) -> NormalizedString:
    return NormalizedString(n.original, n.normalized, list(n.alignments), n.original_shift)


def state(n: NormalizedString):
    return n.original, n.normalized, n.alignments, n.original_shift


@pytest.mark.parametrize("text", ["", "a", "hello", "héllo wörld", "日本 語"])
def test_lazy_identity_alignment_behaves_like_the_list(text):
    lazy = NormalizedString(text)
    assert lazy.is_identity
    full = explicit(lazy)
    assert not full.is_identity
    size = len(text)
    for start, end in itertools.product(range(-1, size + 2), repeat=2):
        assert lazy.convert_normalized_to_original(start, end) == \
            full.convert_normalized_to_original(start, end)
        assert lazy.convert_original_to_normalized(start, end) == \
            full.convert_original_to_normalized(start, end)
        a, b = lazy.slice_normalized(start, end), full.slice_normalized(start, end)
        assert (a is None) == (b is None) and (a is None or state(a) == state(b))
    edits = [
        lambda n: n.lowercase(), lambda n: n.uppercase(), lambda n: n.prepend("▁"),
        lambda n: n.append("!"), lambda n: n.strip(), lambda n: n.filter(lambda c: c != "l"),
        lambda n: n.map(str.upper), lambda n: n.replace("l", "LL"), lambda n: n.clear(),
        lambda n: n.transform([(c, 0) for c in n.normalized.upper()]),
    ]
    for edit in edits:
        a, b = NormalizedString(text), explicit(NormalizedString(text))
        edit(a)
        edit(b)
        assert state(a) == state(b)
    assert [state(p) for p in lazy.split(" ", "Removed")] == \
        [state(p) for p in full.split(" ", "Removed")]


# ------------------------------------------------------------------ models
def test_bpe_tokenize_columns_is_tokenize(byte_bpe):
    vocab = {"<unk>": 0, "a": 1, "b": 2, "ab": 3, "##b": 4, "a##b": 5, "b</w>": 6, "<0x61>": 7,
             "<0xC3>": 8, "<0xA9>": 9, "ab</w>": 10}
    configs = [
        dict(), dict(unk_token="<unk>"), dict(unk_token="<unk>", fuse_unk=True),
        dict(byte_fallback=True), dict(byte_fallback=True, unk_token="<unk>"),
        dict(continuing_subword_prefix="##"), dict(end_of_word_suffix="</w>", unk_token="<unk>"),
        dict(ignore_merges=True),
    ]
    words = ["a", "ab", "abab", "aé", "éab", "zzab", "b", "ééa", "aaaaaaaaaa" * 5]
    for config in configs:
        right = "##b" if "continuing_subword_prefix" in config else (
            "b</w>" if "end_of_word_suffix" in config else "b")
        model = BPE(vocab, [("a", right)], **config)
        for word in words:
            assert model.tokenize_columns(word) == columns(model.tokenize(word)), (config, word)
    for word in ["Ġhello", "Ġworld", "ĠÃ©", "x" * 80]:
        assert byte_bpe.model.tokenize_columns(word) == columns(byte_bpe.model.tokenize(word))


def columns(tokens):
    return (tuple(t.id for t in tokens), tuple(t.value for t in tokens),
            tuple(t.offsets[0] for t in tokens), tuple(t.offsets[1] for t in tokens))


@pytest.mark.parametrize("piece", ["hello", " world", " é日", "😀x", "\ud800"])
def test_byte_level_piece_is_byte_level_normalize(piece):
    n = NormalizedString(piece)
    _byte_level_normalize(n)
    fast = _byte_level_piece(piece)
    if isinstance(fast, str):
        assert (fast, n.is_identity) == (n.normalized, True)
    else:
        assert state(fast) == state(n)


def test_encode_piece_maps_byte_offsets_to_chars(byte_bpe):
    entry = fastpath.encode_piece(byte_bpe.model, P.ByteLevel.piece_transform, " é日")
    ids, tokens, starts, ends = entry
    assert all(0 <= s <= e <= 3 for s, e in zip(starts, ends)) and ends[-1] == 3


@pytest.mark.parametrize("merges", [
    ["a b", "ab c", "#version: 0.2", "b c"], [["a", "b"], ["ab", "c"]], [],
])
def test_merge_parsing_fast_equals_checked(merges):
    checked = _parse_merges_checked(merges)
    columns = _merge_columns_fast(merges)
    assert list(zip(*columns)) == checked == parse_merges(merges)
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4, "bc": 5}
    expected = list(_merge_table_checked(vocab, checked, None))
    assert _merge_table_fast(vocab, checked, None) == expected
    assert _merge_table_fast(vocab, MergeColumns(*columns), None) == expected
    assert _merge_table_fast(vocab, MergeColumns(*columns), None, True) == expected
    assert BPE(vocab, columns).merges == BPE(vocab, checked).merges


@pytest.mark.parametrize("merges", [["a b c"], ["ab"], ["a b", 3], [["a"]], [["a", 1]]])
def test_odd_merges_take_the_checked_path(merges):
    assert _merge_columns_fast(merges) is None


def test_repeated_merge_keeps_its_last_rank():
    model = BPE({"a": 0, "b": 1, "ab": 2, "c": 3, "abc": 4}, [("a", "b"), ("ab", "c"), ("a", "b")])
    assert model._pair_rank[(0, 1)] == 2 and model.merges == [("ab", "c"), ("a", "b")]


def test_check_vocab_fast_path_agrees():
    class Sub(dict):
        pass

    for vocab in ({"a": 0, "b": 1}, Sub(a=0, b=1), {}):
        assert check_vocab(vocab, "BPE") == dict(vocab)


def test_wordpiece_model_without_normalizer_or_pre_tokenizer():
    tok = Tokenizer(WordPiece({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3}))
    assert_texts_agree(tok, ["unaffable", "", "un aff"])
