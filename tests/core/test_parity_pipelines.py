"""Parity of whole pipelines with HF ``tokenizers``: five real-world tokenizer designs.

Each pipeline is trained in HF on a small generated corpus, saved to JSON and loaded
in ours; both then encode the same probe texts (prose, code, accents, NFKC traps, CJK,
Korean, emoji sequences, RTL, tabs/CRLF/space runs, the empty string, a 10,000-char
word), pairs, truncated and padded inputs. Every field must be equal: ids, tokens,
offsets, word ids, type ids, special-token and attention masks, sequence ids and
overflowing windows; decoding too. Hypothesis then throws arbitrary Unicode at them.

Pipelines: GPT-2 byte-level BPE; BERT WordPiece with a [CLS]/[SEP] template;
SentencePiece-style Unigram with Metaspace; classic BPE with ``</w>``; Llama-style BPE
with byte fallback, a digit Split and Metaspace.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import Tokenizer

hf = pytest.importorskip("tokenizers")
from hf_parity import (  # noqa: E402
    check_batch, check_encode, hf_bert_wordpiece, hf_byte_level_bpe,
)

SPECIALS = ["<unk>", "<s>", "</s>", "<pad>", "<mask>"]

# ------------------------------------------------------------------ corpus
_WORDS = (
    "the quick brown fox jumps over lazy dog tokenizer token merge vocabulary offset "
    "normalize pretokenize encode decode python rust def class return import for while "
    "naïve café résumé façade coöperate Zürich São Paulo El Niño ﬁnance Ｈｅｌｌｏ ① ② "
    "日本語 中文 汉字 東京 한국어 안녕하세요 ᄒᆞᆫ글 مرحبا بالعالم שלום עולם Привет мир "
    "😀 👍🏽 👨‍👩‍👧 🇫🇷 1234 3.14 0x1F snake_case camelCase don't it's we'll"
).split()


def corpus(n_lines: int = 1500, seed: int = 0) -> list[str]:
    """Deterministic mixed-script lines, with code and odd whitespace."""
    rng = random.Random(seed)
    lines = []
    for i in range(n_lines):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(3, 14))]
        if i % 7 == 0:
            words.append(f"x{i} = f(y[{i % 10}]) + {i * 3}")
        sep = rng.choice([" ", " ", " ", "  ", "\t"])
        lines.append(sep.join(words))
    return lines


# ------------------------------------------------------------------ the five pipelines
def gpt2_byte_level_bpe():
    return hf_byte_level_bpe(corpus(), vocab_size=1200)


def bert_wordpiece():
    return hf_bert_wordpiece(corpus(seed=1), vocab_size=900)


def sentencepiece_unigram():
    tok = hf.Tokenizer(hf.models.Unigram())
    tok.normalizer = hf.normalizers.Sequence([
        hf.normalizers.NFKC(), hf.normalizers.Replace(hf.Regex(" {2,}"), " ")])
    tok.pre_tokenizer = hf.pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tok.decoder = hf.decoders.Metaspace(replacement="▁", prepend_scheme="always")
    trainer = hf.trainers.UnigramTrainer(
        vocab_size=700, special_tokens=SPECIALS, unk_token="<unk>", show_progress=False)
    tok.train_from_iterator(corpus(seed=2), trainer)
    tok.post_processor = hf.processors.TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>",
        special_tokens=[("</s>", tok.token_to_id("</s>"))])
    return tok


def classic_bpe():
    tok = hf.Tokenizer(hf.models.BPE(unk_token="<unk>", end_of_word_suffix="</w>"))
    tok.normalizer = hf.normalizers.Sequence([
        hf.normalizers.NFD(), hf.normalizers.Lowercase(), hf.normalizers.StripAccents()])
    tok.pre_tokenizer = hf.pre_tokenizers.Whitespace()
    tok.decoder = hf.decoders.BPEDecoder(suffix="</w>")
    trainer = hf.trainers.BpeTrainer(
        vocab_size=800, special_tokens=SPECIALS, end_of_word_suffix="</w>", show_progress=False)
    tok.train_from_iterator(corpus(seed=3), trainer)
    return tok


def byte_fallback_bpe():
    # Train a Metaspace BPE, then give it the 256 <0xNN> tokens as Llama does.
    trained = hf.Tokenizer(hf.models.BPE(unk_token="<unk>"))
    trained.pre_tokenizer = hf.pre_tokenizers.Metaspace(prepend_scheme="first")
    trainer = hf.trainers.BpeTrainer(vocab_size=700, special_tokens=["<unk>", "<s>", "</s>"],
                                     show_progress=False, limit_alphabet=60)
    trained.train_from_iterator(corpus(seed=4), trainer)
    import json

    model = json.loads(trained.to_str())["model"]
    vocab = dict(model["vocab"])
    for b in range(256):
        vocab.setdefault(f"<0x{b:02X}>", len(vocab))
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in model["merges"]]
    tok = hf.Tokenizer(hf.models.BPE(vocab, merges, unk_token="<unk>", byte_fallback=True,
                                     fuse_unk=True))
    tok.pre_tokenizer = hf.pre_tokenizers.Sequence([
        hf.pre_tokenizers.Split(hf.Regex(r"\p{N}"), behavior="isolated"),
        hf.pre_tokenizers.Metaspace(prepend_scheme="first")])
    tok.decoder = hf.decoders.Sequence([
        hf.decoders.Replace("▁", " "), hf.decoders.ByteFallback(), hf.decoders.Fuse(),
        hf.decoders.Strip(content=" ", left=1)])
    tok.post_processor = hf.processors.TemplateProcessing(
        single="<s> $A", pair="<s> $A <s>:1 $B:1",
        special_tokens=[("<s>", tok.token_to_id("<s>"))])
    tok.add_special_tokens(["<s>", "</s>"])
    return tok


BUILDERS = {
    "gpt2_byte_level_bpe": gpt2_byte_level_bpe,
    "bert_wordpiece": bert_wordpiece,
    "sentencepiece_unigram": sentencepiece_unigram,
    "classic_bpe": classic_bpe,
    "byte_fallback_bpe": byte_fallback_bpe,
}
BYTE_LEVEL = {"gpt2_byte_level_bpe"}


@pytest.fixture(scope="module", params=list(BUILDERS))
def pipeline(request):
    """(name, HF tokenizer, ours loaded from HF's JSON), built once per module."""
    hf_tok = BUILDERS[request.param]()
    return request.param, hf_tok, Tokenizer.from_str(hf_tok.to_str())


# ------------------------------------------------------------------ probes
PROBES = {
    "prose": "The quick brown fox jumps over the lazy dog. It's 9:30, isn't it?",
    "code": "def f(x):\n\treturn {'a': x[0] ** 2, \"b\": None}  # comment\n",
    "accents_precomposed": "naïve café résumé Zürich São Paulo",
    "accents_combining": "nai\u0308ve cafe\u0301 re\u0301sume\u0301 Zu\u0308rich",
    "nfkc": "ﬁnance ﬂow Ｈｅｌｌｏ　ｗｏｒｌｄ ①②③ ㎏ ™ ½ Ⅻ",
    "cjk": "日本語のテキスト、中文汉字。東京タワー",
    "korean_syllables": "안녕하세요 한국어 텍스트",
    "korean_jamo": "\u1112\u1161\u11ab\u1100\u1173\u11af \u3131\u314f",
    "emoji": "👍🏽 family: 👨‍👩‍👧‍👦 flag 🇫🇷 heart ❤️ 🏳️‍🌈",
    "rtl": "مرحبا بالعالم — שלום עולם (mixed עם English)",
    "tabs_crlf": "col1\tcol2\t\tcol3\r\nline2\r\n\r\nend\n",
    "space_runs": "   leading  and   trailing     spaces   ",
    "empty": "",
    "single_char": "a",
    "added_tokens": "<s>hello</s> <mask> [MASK] <|endoftext|> [CLS]",
    "controls": "zero\u200bwidth\u00a0nbsp\u0000nul\ufeffbom\u00ad",
    "long_word": "ab" * 5000,
}


@pytest.mark.parametrize("probe", list(PROBES))
def test_probe_matches_hf(pipeline, probe):
    _, hf_tok, ours = pipeline
    check_encode(hf_tok, ours, PROBES[probe])


def test_pairs_match_hf(pipeline):
    _, hf_tok, ours = pipeline
    texts = [PROBES[k] for k in ("prose", "accents_combining", "cjk", "emoji", "empty")]
    for first in texts:
        for second in texts:
            check_encode(hf_tok, ours, first, second)
    check_encode(hf_tok, ours, PROBES["prose"].split(), PROBES["rtl"].split(),
                 is_pretokenized=True)


@pytest.mark.parametrize("strategy", ["longest_first", "only_first", "only_second"])
@pytest.mark.parametrize("direction", ["right", "left"])
def test_truncation_and_padding_match_hf(pipeline, strategy, direction):
    name, hf_tok, ours = pipeline
    hf_tok = hf.Tokenizer.from_str(hf_tok.to_str())  # the module fixture stays untouched
    ours = Tokenizer.from_str(hf_tok.to_str())
    for tok in (hf_tok, ours):
        tok.enable_truncation(12, stride=3, strategy=strategy, direction=direction)
        tok.enable_padding(pad_id=0, pad_token="<pad>", pad_to_multiple_of=8,
                           direction=direction)
    for first, second in [("prose", "code"), ("cjk", "emoji"), ("empty", "rtl")]:
        check_encode(hf_tok, ours, PROBES[first], PROBES[second])
    batch = [PROBES["prose"], (PROBES["nfkc"], PROBES["tabs_crlf"]), PROBES["single_char"]]
    check_batch(hf_tok, ours, batch)
    check_batch(hf_tok, ours, [("a b c", "d e f g h i j k l m n o p q")] * 2)


def test_round_trip_json_is_identical(pipeline):
    _, hf_tok, ours = pipeline
    assert ours.to_str() == hf_tok.to_str()
    again = hf.Tokenizer.from_str(ours.to_str(pretty=True))
    check_encode(again, ours, PROBES["prose"] + PROBES["emoji"])


# ------------------------------------------------------------------ properties
def _check_invariants(name: str, ours: Tokenizer, text: str) -> None:
    encoding = ours.encode(text, add_special_tokens=False)
    starts = [s for s, _ in encoding.offsets]
    assert starts == sorted(starts), text
    assert all(0 <= s <= e <= len(text) for s, e in encoding.offsets), text
    if name in BYTE_LEVEL:
        assert ours.decode(encoding.ids, skip_special_tokens=False) == text


UNICODE_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
# Characters where normalizers, pre-tokenizers and offsets usually go wrong.
TRICKY = (
    "aZ09 \t\r\n\u00a0\u2009\u3000\u200b\u200d\ufe0f\u0301\u0308\u0327ﬁﬂＡ１①½ß"
    "İıǅẞΣς한글\u1100\u1161\u11a8日本ー。、！？😀🏽👨‍🇫🇷مرحבא\u200f\u202e٣३'’\"-_.,:;()"
)
TRICKY_TEXT = st.lists(
    st.text(TRICKY, min_size=1, max_size=6)
    | st.sampled_from(["<s>", "</s>", "[CLS]", "[MASK]", "<|endoftext|>", "<mask>", "<0x41>"]),
    max_size=8,
).map("".join)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=UNICODE_TEXT)
def test_arbitrary_unicode_matches_hf(pipeline, text):
    name, hf_tok, ours = pipeline
    check_encode(hf_tok, ours, text)
    _check_invariants(name, ours, text)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=TRICKY_TEXT, pair=st.none() | TRICKY_TEXT)
def test_tricky_text_and_special_tokens_match_hf(pipeline, text, pair):
    name, hf_tok, ours = pipeline
    check_encode(hf_tok, ours, text, pair)
    _check_invariants(name, ours, text)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200),
       pair=st.none() | UNICODE_TEXT | TRICKY_TEXT)
def test_arbitrary_unicode_sweep(pipeline, text, pair):
    name, hf_tok, ours = pipeline
    check_encode(hf_tok, ours, text, pair)
    _check_invariants(name, ours, text)


@pytest.mark.slow
def test_corpus_sweep(pipeline):
    """Every line of a fresh corpus, alone and paired with the next one."""
    _, hf_tok, ours = pipeline
    lines = corpus(n_lines=400, seed=99)
    for first, second in zip(lines, lines[1:] + [""]):
        check_encode(hf_tok, ours, first)
        check_encode(hf_tok, ours, first, second)
