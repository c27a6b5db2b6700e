"""Added tokens: matching (single_word, lstrip, rstrip, normalized, overlaps), ids, decoding.

Every behaviour is checked against HF ``tokenizers``: the same tokenizer is built in HF,
serialized, loaded in ours, and both encode the same text.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import AddedToken, Tokenizer
from subword_core.added_tokens import AddedVocabulary

hf = pytest.importorskip("tokenizers")
from hf_parity import check_encode, ours_from  # noqa: E402

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 <>[]/_-.!,é\u3000\t\n"


def char_bpe(normalizer=None, pre_tokenizer=None, extra: str = ""):
    """An HF BPE whose tokens are single characters: offsets show every split exactly."""
    chars = sorted(set(ALPHABET + extra + ALPHABET.lower()))
    vocab = {"<unk>": 0, **{c: i + 1 for i, c in enumerate(chars)}}
    tok = hf.Tokenizer(hf.models.BPE(vocab, [], unk_token="<unk>"))
    if normalizer is not None:
        tok.normalizer = normalizer
    if pre_tokenizer is not None:
        tok.pre_tokenizer = pre_tokenizer
    return tok


def hf_added(content, **options):
    return hf.AddedToken(content, **options)


def both(hf_tok):
    """The HF tokenizer and ours, loaded from its JSON."""
    return hf_tok, ours_from(hf_tok)


# ------------------------------------------------------------------ AddedToken value
def test_added_token_defaults_follow_special():
    assert AddedToken("x").normalized is True
    assert AddedToken("x", special=True).normalized is False
    token = AddedToken("x")
    token.special = True  # an unset `normalized` follows `special`, as in HF
    assert token.normalized is False
    assert AddedToken("x", normalized=True, special=True).normalized is True


def test_added_token_repr_eq_hash_match_hf():
    ours = AddedToken("<m>", lstrip=True, special=True)
    theirs = hf.AddedToken("<m>", lstrip=True, special=True)
    assert repr(ours) == repr(theirs)
    assert str(ours) == str(theirs) == "<m>"
    assert ours == AddedToken("<m>", lstrip=True, special=True)
    assert ours != AddedToken("<m>", special=True)
    assert hash(ours) == hash(AddedToken("<m>"))
    with pytest.raises(TypeError):
        AddedToken(3)


# ------------------------------------------------------------------ matching options
@pytest.mark.parametrize("text", [
    "tokenizing ing sing-ing ing.", "ing", "aing", "inga", "_ing", "éing", "1ing ing1", "",
])
def test_single_word(text):
    tok = char_bpe()
    tok.add_tokens([hf_added("ing", single_word=True)])
    check_encode(*both(tok), text)


@pytest.mark.parametrize("options", [
    {"lstrip": True}, {"rstrip": True}, {"lstrip": True, "rstrip": True}, {},
    {"lstrip": True, "rstrip": True, "single_word": True},
])
@pytest.mark.parametrize("text", [
    "I saw a   [MASK]  !", "[MASK]", "  [MASK]  ", "a[MASK]b", "\u3000\t[MASK]\n x",
    "[MASK] [MASK]   [MASK]", "",
])
def test_lstrip_rstrip(options, text):
    tok = char_bpe()
    tok.add_special_tokens([hf_added("[MASK]", **options)])
    check_encode(*both(tok), text)


def test_strip_overlaps_previous_match():
    # <a> takes the spaces on its right; <b> may not take them back with lstrip.
    tok = char_bpe()
    tok.add_tokens([hf_added("<a>", rstrip=True), hf_added("<b>", lstrip=True)])
    hf_tok, ours = both(tok)
    for text in ["<a>   <b>", "x <a><b> y", "<b>  <a>  <b>", "  <a>"]:
        check_encode(hf_tok, ours, text)


@pytest.mark.parametrize("text", ["Hello HELLO hello hELLo", "xHELLOx", "[DAY] [day] [Day]"])
def test_normalized_true_and_false(text):
    tok = char_bpe(normalizer=hf.normalizers.Lowercase())
    tok.add_tokens([hf_added("Hello", normalized=True), hf_added("[DAY]", normalized=False)])
    check_encode(*both(tok), text)


def test_normalized_token_matches_its_normalized_form_and_decodes_to_it():
    tok = char_bpe(normalizer=hf.normalizers.NFKC(), extra="ﬁ")
    tok.add_tokens([hf_added("ﬁle", normalized=True)])
    hf_tok, ours = both(tok)
    for text in ["a ﬁle", "a file", "ﬁ"]:
        check_encode(hf_tok, ours, text)
    assert ours.id_to_token(ours.token_to_id("ﬁle")) == hf_tok.id_to_token(
        hf_tok.token_to_id("ﬁle")) == "file"


def test_normalizer_set_after_adding_tokens_is_applied_to_them():
    tok = char_bpe()
    tok.add_tokens([hf_added("Hello")])
    ours = ours_from(tok)
    tok.normalizer = hf.normalizers.Lowercase()
    from subword_core.normalizers import Lowercase

    ours.normalizer = Lowercase()
    check_encode(tok, ours, "say HELLO")


@pytest.mark.parametrize("text", ["abcd", "abcx", "xabcabcd", "bcdab", "aabbccdd"])
def test_overlapping_candidates_are_leftmost_longest(text):
    tok = char_bpe()
    tok.add_tokens(["ab", "abc", "bcd", "abcd", "cd", "bc"])
    check_encode(*both(tok), text)


def test_rejected_single_word_candidate_does_not_yield_to_shorter_one():
    tok = char_bpe()
    tok.add_tokens([hf_added("abc", single_word=True), hf_added("ab", single_word=True)])
    hf_tok, ours = both(tok)
    for text in ["abcd", "ab cd", "abc", "x abc ab"]:
        check_encode(hf_tok, ours, text)


def test_raw_and_normalized_passes_interact():
    # Raw tokens are cut first; normalized ones only inside what remains.
    tok = char_bpe(normalizer=hf.normalizers.Lowercase())
    tok.add_tokens([hf_added("<S>", normalized=False), hf_added("s>", normalized=True)])
    hf_tok, ours = both(tok)
    for text in ["<S> <s> S>", "<<S>>", "<s<S>"]:
        check_encode(hf_tok, ours, text)


def test_added_tokens_with_a_pre_tokenizer_and_pretokenized_input():
    tok = char_bpe(pre_tokenizer=hf.pre_tokenizers.Whitespace())
    tok.add_special_tokens(["[SEP]"])
    tok.add_tokens(["new_word"])
    hf_tok, ours = both(tok)
    check_encode(hf_tok, ours, "a new_word[SEP]b c")
    check_encode(hf_tok, ours, ["a", "new_word", "[SEP]b", "c d"], is_pretokenized=True)


def test_byte_level_added_tokens_decode():
    tok = hf.Tokenizer(hf.models.BPE())
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = hf.decoders.ByteLevel()
    bl = hf.pre_tokenizers.ByteLevel.alphabet()
    tok.model = hf.models.BPE({c: i for i, c in enumerate(sorted(bl))}, [])
    tok.add_special_tokens(["<|endoftext|>"])
    tok.add_tokens(["héllo wörld"])
    hf_tok, ours = both(tok)
    for text in ["<|endoftext|>héllo wörld!", "a héllo wörld b<|endoftext|>"]:
        check_encode(hf_tok, ours, text)


def test_encode_special_tokens_flag():
    tok = char_bpe()
    tok.add_special_tokens(["[SEP]"])
    tok.add_tokens(["ab"])
    hf_tok, ours = both(tok)
    hf_tok.encode_special_tokens = True
    ours.encode_special_tokens = True
    assert ours.encode_special_tokens is True
    check_encode(hf_tok, ours, "ab[SEP]ab")


# ------------------------------------------------------------------ ids and vocabulary
def test_ids_counts_and_vocab_match_hf():
    tok = char_bpe()
    hf_tok, ours = both(tok)
    batches = [
        ["new", hf_added("a"), "new"],  # "a" exists in the model: keeps its id
        [hf_added("new", lstrip=True)],  # same content, new options: same id
        ["", "other"],  # the empty token is ignored
    ]
    for batch in batches:
        ours_batch = [b if isinstance(b, str) else AddedToken(b.content, b.single_word,
                      b.lstrip, b.rstrip, b.normalized, b.special) for b in batch]
        assert ours.add_tokens(ours_batch) == hf_tok.add_tokens(batch)
    assert ours.add_special_tokens(["<s>", "new"]) == hf_tok.add_special_tokens(["<s>", "new"])
    assert ours.get_vocab() == hf_tok.get_vocab()
    assert ours.get_vocab(with_added_tokens=False) == hf_tok.get_vocab(with_added_tokens=False)
    assert ours.get_vocab_size() == hf_tok.get_vocab_size()
    assert ours.get_vocab_size(False) == hf_tok.get_vocab_size(False)
    decoder = {i: repr(t) for i, t in ours.get_added_tokens_decoder().items()}
    assert decoder == {i: repr(t) for i, t in hf_tok.get_added_tokens_decoder().items()}
    for token in ["new", "other", "<s>", "a", "missing"]:
        assert ours.token_to_id(token) == hf_tok.token_to_id(token)
    check_encode(hf_tok, ours, "a new <s>other")


def test_ids_after_a_gap_continue_after_the_highest():
    vocab = AddedVocabulary()
    assert vocab.add_tokens([AddedToken("x")], model=None) == 1
    assert vocab.add_tokens([AddedToken("x"), AddedToken("y")], model=None) == 1
    assert vocab.get_vocab() == {"x": 0, "y": 1}


def test_duplicate_normalized_patterns_pick_the_lowest_id():
    # HF picks one of them at random (hash order); we always take the first added.
    from subword_core.normalizers import Lowercase

    tok = ours_from(char_bpe())
    tok.normalizer = Lowercase()
    tok.add_tokens(["Hello", "HELLO"])
    assert tok.encode("hello").ids == [tok.token_to_id("Hello")]


# ------------------------------------------------------------------ property test
OPTION_SETS = st.fixed_dictionaries({
    "single_word": st.booleans(), "lstrip": st.booleans(), "rstrip": st.booleans(),
    "normalized": st.booleans(), "special": st.booleans(),
})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    contents=st.lists(st.text("ab <>é\u3000_日", min_size=1, max_size=4), min_size=1,
                      max_size=5, unique_by=lambda s: s.lower()),
    options=st.lists(OPTION_SETS, min_size=5, max_size=5),
    text=st.text("abAB <>é\u3000x\t_-日١\u0301\u200d\u2028", max_size=30),
    lowercase=st.booleans(),
)
def test_random_added_tokens_match_hf(contents, options, text, lowercase):
    tok = char_bpe(normalizer=hf.normalizers.Lowercase() if lowercase else None)
    tok.add_tokens([hf_added(c, **o) for c, o in zip(contents, options)])
    check_encode(*both(tok), text)


def test_ours_built_directly_equals_loaded():
    hf_tok = char_bpe()
    hf_tok.add_tokens([hf_added("ab", lstrip=True)])
    hf_tok.add_special_tokens(["<s>"])
    ours = ours_from(char_bpe())
    ours.add_tokens([AddedToken("ab", lstrip=True)])
    ours.add_special_tokens(["<s>"])
    assert ours.to_str() == hf_tok.to_str()
    assert isinstance(ours, Tokenizer)


def test_normalized_option_can_be_set():
    token = AddedToken("x", special=True)
    token.normalized = True
    assert token.normalized is True and token.resolved() == AddedToken("x", normalized=True,
                                                                       special=True)


def test_deeply_nested_candidates_fall_back_to_an_alternation():
    # "a", "aa", ..., "a" * 1200 nest one regex group per length: too deep for a trie regex.
    tok = char_bpe()
    tok.add_tokens(["a" * k for k in range(1, 1201)] + ["ab", "b" * 5])
    hf_tok, ours = both(tok)
    for text in ["a" * 3000 + "b", "ba" * 50, "bbbbbbbbbbb aab"]:
        check_encode(hf_tok, ours, text)


@settings(max_examples=200, deadline=None)
@given(patterns=st.lists(st.text("abc", min_size=1, max_size=5), min_size=1, max_size=8,
                         unique=True),
       text=st.text("abcd", max_size=40))
def test_trie_walk_and_trie_regex_agree(patterns, text):
    from subword_core.added_tokens import _Matcher

    ids = {p: i for i, p in enumerate(patterns)}
    fast = list(_Matcher(ids).finditer(text))
    _Matcher.MAX_NESTING = -1  # force the Python trie walk
    try:
        slow = list(_Matcher(ids).finditer(text))
    finally:
        _Matcher.MAX_NESTING = 100
    assert fast == slow


def test_add_special_tokens_marks_given_tokens_special_like_hf():
    hf_tok, ours = both(char_bpe(normalizer=hf.normalizers.Lowercase()))
    hf_tok.add_special_tokens([hf_added("<X>"), hf_added("<Y>", normalized=True)])
    ours.add_special_tokens([AddedToken("<X>"), AddedToken("<Y>", normalized=True)])
    decoder = {i: repr(t) for i, t in ours.get_added_tokens_decoder().items()}
    assert decoder == {i: repr(t) for i, t in hf_tok.get_added_tokens_decoder().items()}
    check_encode(hf_tok, ours, "a<X><x><y><Y>")
