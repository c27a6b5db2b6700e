"""Tokenizer API: encode/decode, batches, truncation, padding, vocabulary, explain.

Truncation and padding are compared with HF ``tokenizers`` over every strategy,
direction, stride and pad option, with and without a post-processor.
"""

from __future__ import annotations

import itertools

import pytest

from subword_core import AddedToken, Encoding, Tokenizer
from subword_core.errors import EncodingError
from subword_core.models import WordLevel
from subword_core.normalizers import Lowercase
from subword_core.pre_tokenizers import Whitespace
from subword_core.processors import BertProcessing
from subword_core.tokenizer import Explanation, PreToken

hf = pytest.importorskip("tokenizers")
from hf_parity import assert_same, check_encode, ours_from  # noqa: E402

WORDS = ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "a", "b", "c", "d", "e", "f", "g", "h"]
LONG = "a b c d e f g h a b c"
SHORT = "d e f"


def hf_word_level(processor: bool = True):
    tok = hf.Tokenizer(hf.models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tok.pre_tokenizer = hf.pre_tokenizers.Whitespace()
    if processor:
        tok.post_processor = hf.processors.BertProcessing(("[SEP]", 2), ("[CLS]", 1))
    return tok


def ours_word_level(processor: bool = True) -> Tokenizer:
    tok = Tokenizer(WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    if processor:
        tok.post_processor = BertProcessing(("[SEP]", 2), ("[CLS]", 1))
    return tok


def test_built_in_python_equals_hf():
    assert ours_word_level().to_str() == hf_word_level().to_str()
    check_encode(hf_word_level(), ours_word_level(), "a b z", "c")


# ------------------------------------------------------------------ truncation
TRUNCATION_CASES = list(itertools.product(
    [0, 1, 3, 4, 6, 9, 40],  # max_length
    [0, 1, 2],  # stride
    ["longest_first", "only_first", "only_second"],
    ["right", "left"],
))


@pytest.mark.parametrize("processor", [True, False])
@pytest.mark.parametrize("max_length,stride,strategy,direction", TRUNCATION_CASES)
def test_truncation_matches_hf(processor, max_length, stride, strategy, direction):
    hf_tok, ours = hf_word_level(processor), ours_word_level(processor)
    try:
        hf_tok.enable_truncation(max_length, stride=stride, strategy=strategy,
                                 direction=direction)
    except Exception:
        with pytest.raises(ValueError):
            ours.enable_truncation(max_length, stride, strategy, direction)
        return
    ours.enable_truncation(max_length, stride, strategy, direction)
    assert ours.truncation == hf_tok.truncation
    for args in [(LONG,), (LONG, SHORT), (SHORT, LONG), (LONG, LONG), ("", LONG), (SHORT,)]:
        for add in (True, False):
            check_encode(hf_tok, ours, *args, add_special_tokens=add)
    words = LONG.split()
    check_encode(hf_tok, ours, words, words[:3], is_pretokenized=True)


def test_truncation_errors():
    ours = ours_word_level()
    with pytest.raises(ValueError, match="strategy"):
        ours.enable_truncation(5, strategy="middle")
    with pytest.raises(ValueError, match="direction"):
        ours.enable_truncation(5, direction="up")
    with pytest.raises(ValueError, match="stride"):
        ours.enable_truncation(5, stride=4)  # 5 - 2 special tokens leaves 3
    ours.enable_truncation(3, strategy="only_second")
    with pytest.raises(EncodingError, match="Second sequence not provided"):
        ours.encode(LONG)
    ours.no_truncation()
    assert ours.truncation is None
    assert len(ours.encode(LONG)) == 13


# ------------------------------------------------------------------ padding
PADDING_CASES = list(itertools.product(
    [None, 3, 16],  # length
    [None, 1, 4],  # pad_to_multiple_of
    ["right", "left"],
))


@pytest.mark.parametrize("length,multiple,direction", PADDING_CASES)
def test_padding_matches_hf(length, multiple, direction):
    hf_tok, ours = hf_word_level(), ours_word_level()
    options = dict(direction=direction, pad_id=3, pad_type_id=1, pad_token="[PAD]",
                   length=length, pad_to_multiple_of=multiple)
    hf_tok.enable_padding(**options)
    ours.enable_padding(**options)
    assert ours.padding == hf_tok.padding
    check_encode(hf_tok, ours, SHORT)
    check_encode(hf_tok, ours, SHORT, "a")
    batch = [LONG, (SHORT, "a b"), "", "a"]
    for mine, theirs in zip(ours.encode_batch(batch), hf_tok.encode_batch(batch)):
        assert_same(mine, theirs)
    hf_tok.enable_truncation(5, stride=1)
    ours.enable_truncation(5, stride=1)
    check_encode(hf_tok, ours, LONG, SHORT)  # overflowing windows are padded too
    ours.no_padding()
    assert ours.padding is None


def test_padding_errors():
    ours = ours_word_level()
    with pytest.raises(ValueError, match="direction"):
        ours.enable_padding(direction="middle")
    with pytest.raises(ValueError, match="length"):
        ours.enable_padding(length=-1)


# ------------------------------------------------------------------ batches and inputs
def test_encode_batch_inputs_match_hf():
    hf_tok, ours = hf_word_level(), ours_word_level()
    text_batch = ["a b", ("a", "b c"), ["c d", "e"], "", ("", "")]
    for mine, theirs in zip(ours.encode_batch(text_batch), hf_tok.encode_batch(text_batch)):
        assert_same(mine, theirs)
    pretok_batch = [["a", "b"], ("a", "b c"), (["a"], ["b", "c"]), [["c d"], ("e",)], []]
    mine_all = ours.encode_batch(pretok_batch, is_pretokenized=True)
    theirs_all = hf_tok.encode_batch(pretok_batch, is_pretokenized=True)
    for mine, theirs in zip(mine_all, theirs_all):
        assert_same(mine, theirs)
    assert ours.decode_batch([e.ids for e in mine_all]) == hf_tok.decode_batch(
        [e.ids for e in theirs_all])


@pytest.mark.parametrize("bad", [3, None, b"a b", ["a", 3]])
def test_bad_inputs_raise_type_error(bad):
    ours = ours_word_level()
    with pytest.raises(TypeError):
        ours.encode(bad, is_pretokenized=isinstance(bad, list))
    with pytest.raises(TypeError):
        ours.encode_batch([bad, "x", "y"])
    with pytest.raises(TypeError):
        ours.encode("a b", is_pretokenized=True)


def test_component_setters_check_types():
    ours = ours_word_level()
    for name in ("normalizer", "pre_tokenizer", "post_processor", "decoder", "model"):
        with pytest.raises(TypeError):
            setattr(ours, name, "not a component")
    ours.normalizer = Lowercase()
    ours.normalizer = None
    with pytest.raises(TypeError):
        Tokenizer(None)


# ------------------------------------------------------------------ vocabulary and decode
def test_vocab_and_decode_match_hf():
    hf_tok, ours = hf_word_level(), ours_word_level()
    for tok in (hf_tok, ours):
        tok.add_special_tokens(["[MASK]", "[CLS]"])
        tok.add_tokens(["new"])
    assert ours.get_vocab() == hf_tok.get_vocab()
    assert ours.get_vocab_size() == hf_tok.get_vocab_size() == len(WORDS) + 2
    ids = ours.encode("a [MASK] new z").ids
    assert ids == hf_tok.encode("a [MASK] new z").ids
    for skip in (True, False):
        assert ours.decode(ids + [999], skip) == hf_tok.decode(ids + [999], skip)
    assert ours.id_to_token(999) is hf_tok.id_to_token(999) is None
    assert ours.id_to_token(12) == hf_tok.id_to_token(12) == "[MASK]"
    with pytest.raises(TypeError):
        ours.decode(["a"])
    with pytest.raises(ValueError):
        ours.decode([-1])
    import numpy as np

    assert ours.decode(np.array(ids)) == ours.decode(ids)
    with pytest.raises(TypeError):
        ours.encode_batch("a b")


# ------------------------------------------------------------------ explain
def test_explain_shows_every_stage():
    ours = ours_word_level()
    ours.normalizer = Lowercase()
    ours.add_special_tokens([AddedToken("[MASK]", lstrip=True)])
    text = "A B  [MASK]c"
    explained = ours.explain(text)
    assert isinstance(explained, Explanation)
    assert explained.normalized == "a b  [MASK]c"
    assert explained.alignments[0] == (0, 1) and len(explained.alignments) == len(text)
    assert explained.pre_tokens == [
        PreToken("a", (0, 1), False), PreToken("b", (2, 3), False),
        PreToken("  [MASK]", (3, 11), True), PreToken("c", (11, 12), False),
    ]
    assert isinstance(explained.encoding, Encoding)
    assert explained.encoding.ids == ours.encode(text).ids
    # word ids of the encoding index the pre-tokens
    words = [w for w in explained.encoding.word_ids if w is not None]
    assert [explained.pre_tokens[w].offsets for w in words] == [
        (0, 1), (2, 3), (3, 11), (11, 12)]
    with pytest.raises(TypeError):
        ours.explain(["a"])


def test_explain_empty_text():
    explained = ours_word_level().explain("")
    assert explained.normalized == "" and explained.pre_tokens == []
    assert explained.encoding.tokens == ["[CLS]", "[SEP]"]


def test_repr_and_loaded_equivalence():
    ours = ours_from(hf_word_level())
    assert "WordLevel" in repr(ours)
    assert ours.to_str() == ours_word_level().to_str()


def test_component_getters_and_add_tokens_types():
    ours = ours_word_level()
    assert isinstance(ours.model, WordLevel) and isinstance(ours.pre_tokenizer, Whitespace)
    assert ours.normalizer is None and ours.decoder is None
    assert isinstance(ours.post_processor, BertProcessing)
    with pytest.raises(TypeError, match="List"):
        ours.add_tokens([3])
    with pytest.raises(TypeError):
        AddedToken(None)
