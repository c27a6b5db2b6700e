"""``Tokenizer.encode(text)``'s single-text fast path against HF ``tokenizers``.

One text without pair, truncation or padding takes ``fastpath.encode_single``: the
post-processor (none, ByteLevel, TemplateProcessing) is laid out on the fast path and
the columns other than ids and tokens are built when first read
(``Encoding.deferred``). Every field must still equal HF's, on the texts the fast
path finds hardest: combining and precomposed accents, CJK, Korean, ZWJ emoji, tabs,
newlines, runs of spaces, the empty string, very long words, added tokens.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import Tokenizer, fastpath
from subword_core.encoding import Encoding

hf = pytest.importorskip("tokenizers")
from hf_parity import (  # noqa: E402
    assert_same, check_encode, hf_bert_wordpiece, hf_byte_level_bpe, view,
)

HARD = [
    "", " ", "   ", "a", "Hello world", "  two  leading, two trailing  ",
    "cafe\u0301 nai\u0308ve Zu\u0308rich", "café naïve résumé", "e\u0301\u0323 a\u0323\u0301",
    "日本語のテキスト、中文汉字。", "안녕하세요 \u1112\u1161\u11ab 한국어는 띄어쓰기",
    "family 👨‍👩‍👧‍👦 👍🏽 🏳️‍🌈 🇫🇷 🐻‍❄️", "tab\there\tand\t\ttabs", "new\nlines\r\n\n end\n",
    "runs     of      spaces", "\u3000ideographic\u00a0nbsp\u2009thin", "x" * 300,
    "supercalifragilisticexpialidocious" * 8 + " end", "def f(x):\n    return x ** 2  # sq",
    "<|endoftext|> hi <|endoftext|>", "[CLS] masked [MASK] words [SEP]", "İstanbul ıi ǅ ß ﬁ",
    "nul\x00 bell\x07 \x1c\x1d\x1e\x1f sep", "'s 're 'll 'd 've 'm 't", "Ġ\u0120 already mapped",
]
ALPHABET = "".join(HARD[6:16]) + "abcxyz ,.!?'-\t\n"


def corpus(seed: int) -> list[str]:
    rng = random.Random(seed)
    words = ("the quick brown fox jumps over lazy dog token merge vocabulary offset encode "
             "def class return import naïve café résumé Zürich 日本語 中文 한국어 "
             "Привет 😀 👍🏽 1234 3.14 snake_case don't it's we'll").split()
    return [" ".join(rng.choice(words) for _ in range(rng.randint(3, 12))) for _ in range(300)]


def pair(hf_tokenizer) -> tuple:
    return hf_tokenizer, Tokenizer.from_str(hf_tokenizer.to_str())


@pytest.fixture(scope="module")
def byte_level():
    return pair(hf_byte_level_bpe(corpus(0), vocab_size=500))


@pytest.fixture(scope="module")
def wordpiece():
    return pair(hf_bert_wordpiece(corpus(1), vocab_size=400))


@pytest.fixture(scope="module")
def pipelines(byte_level, wordpiece):
    """The two trained pipelines, and variants of their post-processors."""
    out = [byte_level, wordpiece]
    for processor in (hf.processors.ByteLevel(trim_offsets=True, add_prefix_space=False),
                      hf.processors.ByteLevel(trim_offsets=False), None):
        theirs = hf.Tokenizer.from_str(byte_level[0].to_str())
        theirs.post_processor = processor
        out.append(pair(theirs))
    theirs = hf.Tokenizer.from_str(wordpiece[0].to_str())
    theirs.post_processor = hf.processors.TemplateProcessing(
        single="$A:1 [SEP]:2 [CLS] [SEP]:3", pair="$A $B:1",
        special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    out.append(pair(theirs))
    # A ByteLevel pre-tokenizer adding a prefix space: its ByteLevel processor keeps it.
    theirs = hf.Tokenizer.from_str(byte_level[0].to_str())
    theirs.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=True)
    out.append(pair(theirs))
    return out


def assert_like_hf(pipelines, text: str) -> None:
    for theirs, ours in pipelines:
        for special in (True, False):
            mine = ours.encode(text, add_special_tokens=special)
            assert_same(mine, theirs.encode(text, add_special_tokens=special), (text, special))


def test_the_fast_path_is_taken(byte_level, wordpiece):
    for _, ours in (byte_level, wordpiece):
        encoding = ours.encode("Hello, café 日本 😀")
        assert "_build" in encoding.__dict__  # columns not built yet: the fast path ran


@pytest.mark.parametrize("text", HARD)
def test_hard_texts_equal_hf(pipelines, text):
    assert_like_hf(pipelines, text)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(st.sampled_from(ALPHABET) | st.characters(blacklist_categories=("Cs",)),
                    max_size=80))
def test_arbitrary_text_equals_hf(pipelines, text):
    assert_like_hf(pipelines, text)


def test_same_as_the_general_path(pipelines):
    """Encodings from both paths compare equal, field by field and with ``==``."""
    for _, ours in pipelines:
        for text in HARD:
            fast = ours.encode(text)
            fastpath.ENABLED = False
            try:
                general = ours.encode(text)
            finally:
                fastpath.ENABLED = True
            assert fast == general and view(fast) == view(general), text


def test_deferred_columns_behave_like_plain_ones(byte_level):
    _, ours = byte_level
    text = "Hello  wörld, it's 日本"
    eager = Encoding(**{name: getattr(ours.encode(text), name) for name in
                        ("ids", "tokens", "type_ids", "word_ids", "offsets",
                         "special_tokens_mask", "attention_mask")})
    # Pickling and copying build the columns first.
    for clone in (pickle.loads(pickle.dumps(ours.encode(text))), copy.copy(ours.encode(text)),
                  copy.deepcopy(ours.encode(text)), ours.encode(text).copy()):
        assert view(clone) == view(eager) and "_build" not in clone.__dict__
    # A column set before the first read keeps its value; the others are built.
    encoding = ours.encode(text)
    encoding.type_ids = [7] * len(encoding)
    assert encoding.type_ids == [7] * len(encoding)
    assert encoding.offsets == eager.offsets and encoding.word_ids == eager.word_ids
    # Editing methods see the built columns.
    encoding = ours.encode(text)
    encoding.pad(len(eager) + 2)
    assert encoding.offsets[-1] == (0, 0) and encoding.attention_mask[-2:] == [0, 0]
    encoding = ours.encode(text)
    encoding.truncate(2)
    assert encoding.offsets == eager.offsets[:2] and encoding.overflowing
    with pytest.raises(AttributeError):
        ours.encode(text).no_such_field  # noqa: B018


def test_processor_edits_between_calls_are_seen(wordpiece):
    theirs, ours = pair(hf.Tokenizer.from_str(wordpiece[0].to_str()))
    text = "Hello, world"
    assert_same(ours.encode(text), theirs.encode(text))
    for hf_single, our_single in (("[SEP] $A", "[SEP] $A"), ("$A:1", "$A:1")):
        theirs.post_processor = hf.processors.TemplateProcessing(
            single=hf_single, pair="$A $B", special_tokens=[("[SEP]", 3)])
        ours.post_processor = Tokenizer.from_str(theirs.to_str()).post_processor
        assert_same(ours.encode(text), theirs.encode(text), our_single)
    # In-place option changes of a ByteLevel processor.
    theirs, ours = pair(hf_byte_level_bpe(corpus(2), vocab_size=400))
    ours.post_processor.trim_offsets = False
    theirs.post_processor = hf.processors.ByteLevel(trim_offsets=False)
    assert_same(ours.encode("  spaced  out "), theirs.encode("  spaced  out "))


def test_truncation_padding_and_pairs_keep_the_general_path(wordpiece):
    theirs, ours = pair(hf.Tokenizer.from_str(wordpiece[0].to_str()))
    for tok in (theirs, ours):
        tok.enable_truncation(9, stride=1)
        tok.enable_padding(length=12)
    for args in (("café naïve résumé, and more words",), ("one two", "three four five")):
        check_encode(theirs, ours, *args)


def test_bert_classes_table_is_the_exact_pattern():
    """``_bert_classes``' ranges, as ``re`` reads them, split every code point as the
    ``regex`` patterns built from the Unicode tables do (lone surrogates included)."""
    from subword_core.pre_tokenizers import _bert_unicode, _bert_words

    every = "".join(map(chr, range(0x110000)))
    assert _bert_unicode().findall(every) == _bert_words().exact.findall(every)
    spaced = " ".join(every[i:i + 7] for i in range(0, len(every), 7))
    assert _bert_unicode().findall(spaced) == _bert_words().exact.findall(spaced)


def wordpieces(model) -> list:
    """The trained model, and a copy with other options."""
    other = copy.deepcopy(model)
    other.max_input_chars_per_word = 12
    other.continuing_subword_prefix = "@@"
    return [model, other]


def columns(tokens) -> tuple:
    return (tuple(t.id for t in tokens), tuple(t.value for t in tokens),
            tuple(t.offsets[0] for t in tokens), tuple(t.offsets[1] for t in tokens))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz日本é#") | st.characters(),
                    max_size=40))
def test_tiled_columns_are_tokenize(byte_level, wordpiece, word):
    """The models' column-wise shortcut gives what ``tokenize`` gives (unknown, too
    long and empty words included); BPE's only where it applies."""
    for model in wordpieces(wordpiece[1].model):
        assert model.tiled_columns(word) == columns(model.tokenize(word)), word
    bpe = byte_level[1].model
    tiled = bpe.tiled_columns(word)
    assert tiled is None or tiled == columns(bpe.tokenize(word)), word


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.sampled_from(" \t\n\x1c\x1d\x1e\x1f\x85\u3000.,!¿。、a日é") | st.characters(),
                    max_size=40))
def test_bert_fast_split_is_pre_tokenize(text):
    from subword_core.pre_tokenizers import BertPreTokenizer

    pre = BertPreTokenizer()
    pieces, starts = pre.fast_split(text)
    assert [(p, (s, s + len(p))) for p, s in zip(pieces, starts)] == pre.pre_tokenize_str(text)


def test_encode_special_tokens_flag(byte_level, wordpiece):
    """With ``encode_special_tokens`` the added tokens are matched but read as text."""
    for hf_tokenizer, _ in (byte_level, wordpiece):
        theirs, ours = pair(hf.Tokenizer.from_str(hf_tokenizer.to_str()))
        for tok in (theirs, ours):
            tok.encode_special_tokens = True
        for text in ("<|endoftext|> hi [CLS] x [SEP]", "a<|endoftext|>b"):
            assert_same(ours.encode(text), theirs.encode(text), text)
