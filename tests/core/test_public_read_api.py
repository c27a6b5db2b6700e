"""The public read API that replaced other modules' reaches into private attributes (issue 22):
BPE's tables, AddedVocabulary.may_match, AddedToken.as_special, Tokenizer.added_vocabulary /
encodes_with_pipeline / from_parsed, and the small helpers of serialization, normalizers and
pre_tokenizers."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from subword_core import AddedToken, Tokenizer
from subword_core.errors import TokenizerFileError
from subword_core.figures.fingerprint import model_digest
from subword_core.models import BPE, Unigram
from subword_core.models.lattice import sample_nbest_path, sample_path
from subword_core.normalizers import Lowercase, Replace
from subword_core.pre_tokenizers import GPT2_ASCII_PATTERN, Whitespace, whitespace_words_pattern
from subword_core.serialization import has_unpaired_surrogate, parse_json

VOCAB = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4, "bc": 5}
MERGES = [("a", "b"), ("ab", "c"), ("b", "c")]


def _bpe(**options) -> BPE:
    return BPE(dict(VOCAB), list(MERGES), **options)


# ----------------------------------------------------------------------------- BPE
def test_bpe_tables_are_read_only_views_of_the_model() -> None:
    bpe = _bpe()
    assert dict(bpe.vocab) == VOCAB
    assert dict(bpe.vocab_by_id) == {i: t for t, i in VOCAB.items()}
    assert dict(bpe.pair_ranks) == {(0, 1): 0, (3, 2): 1, (1, 2): 2}
    assert list(bpe.merge_result_ids) == [3, 4, 5]
    assert len(bpe.merge_result_ids) == 3 and bpe.merge_result_ids[-1] == 5
    with pytest.raises(TypeError):
        bpe.vocab["z"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        bpe.pair_ranks[(0, 0)] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        bpe.merge_result_ids[0] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        bpe.vocab = {}  # type: ignore[misc]
    assert bpe.get_vocab() == VOCAB  # nothing changed


def test_id_merge_columns_are_the_loaded_columns_until_the_pair_dict_is_built() -> None:
    bpe = _bpe()
    lefts, rights = bpe.id_merge_columns()
    assert (list(lefts), list(rights)) == ([0, 3, 1], [1, 2, 2])
    bpe.pair_ranks  # noqa: B018 - builds the pair -> rank dict
    assert bpe.id_merge_columns() is None


def test_merged_symbols_and_symbols_to_tokens_are_what_tokenize_gives() -> None:
    bpe = _bpe()
    for word in ("abc", "cab", "bcab", "a"):
        ids, lens, in_bytes = bpe.merged_symbols(word)
        assert ids == [t.id for t in bpe.tokenize(word)]
        assert bpe.symbols_to_tokens(word, ids, lens, in_bytes) == bpe.tokenize(word)


def test_from_merge_ids_is_the_model_of_the_same_merges() -> None:
    checked = _bpe(ignore_merges=True)
    trusted = BPE.from_merge_ids(dict(VOCAB), [0, 3, 1], [1, 2, 2], [3, 4, 5],
                                 ignore_merges=True)
    assert trusted.merges == checked.merges
    assert trusted.ignore_merges
    for word in ("abc", "cab", "bcab", "cc"):
        assert trusted.tokenize(word) == checked.tokenize(word)
    assert model_digest(trusted) == model_digest(checked)
    copied = pickle.loads(pickle.dumps(Tokenizer(trusted))).model
    assert copied.merges == checked.merges


# ----------------------------------------------------------------------------- added tokens
def test_added_vocabulary_may_match_each_pass() -> None:
    tokenizer = Tokenizer(_bpe())
    tokenizer.normalizer = Lowercase()
    added = tokenizer.added_vocabulary
    assert not added.may_match("abc") and not added.has_normalized_tokens
    tokenizer.add_special_tokens(["<S>"])
    assert added.may_match("a<S>b") and not added.may_match("a<s>b")
    assert not added.has_normalized_tokens
    tokenizer.add_tokens(["Hello"])  # normalized: matched as the normalizer's "hello"
    assert added.has_normalized_tokens
    assert added.may_match("say hello", normalized=True)
    assert not added.may_match("say hello")
    assert not added.may_match("say hi", normalized=True)


def test_as_special_keeps_an_unset_normalized_unset() -> None:
    unset = AddedToken("<x>", lstrip=True).as_special()
    assert unset.special and unset.lstrip and not unset.normalized
    unset.special = False
    assert unset.normalized  # still follows special
    explicit = AddedToken("<y>", normalized=True).as_special()
    assert explicit.special and explicit.normalized


# ----------------------------------------------------------------------------- tokenizer
def test_encodes_with_pipeline_is_false_for_a_subclass_replacing_encode() -> None:
    class Shouting(Tokenizer):
        def encode(self, *args, **kwargs):
            return super().encode(*args, **kwargs)

    assert Tokenizer(_bpe()).encodes_with_pipeline
    assert not Shouting(_bpe()).encodes_with_pipeline


def test_from_parsed_is_from_str_without_the_parsing() -> None:
    tokenizer = Tokenizer(_bpe())
    tokenizer.add_special_tokens(["<S>"])
    text = tokenizer.to_str()
    again = Tokenizer.from_parsed(parse_json(text))
    assert again.to_str() == text


def test_has_unpaired_surrogate() -> None:
    assert has_unpaired_surrogate('{"a": "\\ud800"}', json.loads('{"a": "\\ud800"}'))
    paired = '{"a": "\\ud83d\\ude00"}'
    assert not has_unpaired_surrogate(paired, json.loads(paired))
    assert not has_unpaired_surrogate('{"a": "b"}', {"a": "b"})
    with pytest.raises(TokenizerFileError, match="surrogate"):
        parse_json('{"model": {}, "a": "\\udfff"}')


# ----------------------------------------------------------------------------- components
def test_replace_compiled_pattern_finds_what_normalize_replaces() -> None:
    replace = Replace("a.", "-")
    found = replace.compiled_pattern.for_text("xa.ya")
    assert [m.span() for m in found.finditer("xa.ya")] == [(1, 3)]  # a literal, escaped
    assert replace.normalize_str("xa.ya") == "x-ya"


def test_pre_tokenizer_patterns_are_the_pre_tokenizers_own() -> None:
    text = "Hello, wörld's 42!"
    words = [m.group() for m in whitespace_words_pattern().for_text(text).finditer(text)]
    assert words == [w for w, _ in Whitespace().pre_tokenize_str(text)]
    assert GPT2_ASCII_PATTERN.findall("it's 42 ok") == ["it", "'s", " 42", " ok"]


# ----------------------------------------------------------------------------- lattice
def test_sampling_without_a_generator_follows_random_seed() -> None:
    model = Unigram([("<unk>", 0.0), ("a", -1.0), ("b", -1.0), ("ab", -1.5)], unk_id=0)

    def draws(sample) -> list[list[str]]:
        random.seed(7)
        return [[n.piece for n in sample()] for _ in range(30)]

    for sample in (lambda: sample_path(model, "abab", 0.5),
                   lambda: sample_nbest_path(model, "abab", 4, 0.5)):
        first = draws(sample)
        assert first == draws(sample)
        assert len({tuple(d) for d in first}) > 1  # it does draw
