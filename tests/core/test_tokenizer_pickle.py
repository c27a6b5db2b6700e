"""Pickling and copying a Tokenizer goes through a compact state, not the whole JSON.

``__getstate__`` stays HF's ``tokenizer.json`` bytes (tests/core/test_hf_api_components.py
pins it); ``pickle`` and ``copy`` use ``__reduce_ex__``: components as their JSON objects,
a BPE model as packed columns. These tests pin that the result is the same tokenizer,
independent of the original, and that no ``tokenizer.json`` text is written or parsed.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from subword_core import decoders, normalizers, pre_tokenizers, processors
from subword_core.formats import open_tokenizer
from subword_core.formats.tfds_subwords import read_tfds_subwords
from subword_core.models import BPE, Unigram, WordLevel, WordPiece
from subword_core.tokenizer import Tokenizer

TEXTS = ["Hello world, naïve café", "low lower newest widest", "한국어 🙂 [X] hello", ""]


def _byte_bpe() -> Tokenizer:
    vocab = {c: i for i, c in enumerate("abcdehlowrĠ")}
    vocab.update({"lo": 11, "low": 12, "Ġl": 13, "er": 14, "ab": 15})
    # ("a", "b") repeats: the pair keeps its last rank, as HF's dict does
    merges = [("l", "o"), ("a", "b"), ("lo", "w"), ("Ġ", "l"), ("e", "r"), ("a", "b")]
    tok = Tokenizer(BPE(vocab, merges, unk_token=None, fuse_unk=True))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=True)
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.TemplateProcessing(
        single="[X] $A", pair="[X] $A $B:1", special_tokens=[("[X]", 16)])
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
    tok.add_special_tokens(["[X]"])
    tok.add_tokens(["hello"])
    tok.enable_truncation(8, stride=1)
    tok.enable_padding(length=10)
    return tok


def _prefixed_bpe() -> Tokenizer:
    vocab = {"l": 0, "##o": 1, "##w": 2, "##ow": 3, "low": 4, "[UNK]": 5, "lo": 6}
    tok = Tokenizer(BPE(vocab, [("##o", "##w"), ("l", "##ow")], unk_token="[UNK]",
                        continuing_subword_prefix="##"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return tok


def _others() -> list[Tokenizer]:
    wordpiece = Tokenizer(WordPiece({"[UNK]": 0, "low": 1, "##er": 2, "hello": 3},
                                    unk_token="[UNK]"))
    wordpiece.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    unigram = Tokenizer(Unigram([("<unk>", 0.0), ("▁low", -1.0), ("er", -2.0), ("▁", -3.0),
                                 ("l", -4.0), ("o", -4.0), ("w", -4.0)], 0))
    unigram.pre_tokenizer = pre_tokenizers.Metaspace()
    wordlevel = Tokenizer(WordLevel({"hello": 0, "[UNK]": 1}, unk_token="[UNK]"))
    wordlevel.pre_tokenizer = pre_tokenizers.Whitespace()
    return [wordpiece, unigram, wordlevel]


def _all() -> list[Tokenizer]:
    return [_byte_bpe(), _prefixed_bpe(), *_others()]


def _same(a: Tokenizer, b: Tokenizer) -> None:
    assert a.to_str() == b.to_str()
    for text in TEXTS:
        assert a.encode(text).ids == b.encode(text).ids
        assert a.encode(text).offsets == b.encode(text).offsets
    assert a.encode("low", "lower").ids == b.encode("low", "lower").ids


@pytest.mark.parametrize("index", range(5))
def test_pickle_and_copies_give_the_same_tokenizer(index):
    original = _all()[index]
    for clone in (pickle.loads(pickle.dumps(original)), copy.copy(original),
                  copy.deepcopy(original)):
        assert type(clone) is Tokenizer and clone is not original
        _same(clone, original)


def test_a_bpe_used_before_pickling_keeps_its_ranks():
    original = _byte_bpe()
    original.encode("ab low")  # builds the pair -> rank dict from the columns
    again = pickle.loads(pickle.dumps(original))
    assert again.model._pair_rank == original.model._pair_rank
    _same(again, original)


def test_no_json_text_is_written_or_parsed(monkeypatch):
    originals = _all()

    def refuse(*_a, **_k):
        raise AssertionError("the whole tokenizer.json was used")
    monkeypatch.setattr(Tokenizer, "to_str", refuse)
    monkeypatch.setattr(Tokenizer, "from_str", classmethod(refuse))
    for original in originals:
        pickle.loads(pickle.dumps(original))
        copy.copy(original)


def test_a_copy_shares_nothing_with_the_original():
    original = _byte_bpe()
    clone = copy.copy(original)
    assert clone.model is not original.model and clone.normalizer is not original.normalizer
    clone.model.unk_token = "[UNK]"
    clone.add_tokens(["newest"])
    clone.no_truncation()
    assert original.model.unk_token is None
    assert original.token_to_id("newest") is None
    assert original.truncation is not None


def test_source_and_other_attributes_travel(tmp_path):
    path = tmp_path / "tokenizer.json"
    _byte_bpe().save(str(path))
    opened = open_tokenizer(path)
    again = pickle.loads(pickle.dumps(opened))
    assert again.source == opened.source and again.source.path == str(path)


def test_a_model_without_json_travels_as_itself(tmp_path):
    path = tmp_path / "v.subwords"
    path.write_text("### SubwordTextEncoder\n'low_'\n'er'\n'hello_'\n", encoding="utf-8")
    tok = read_tfds_subwords(path).tokenizer
    again = pickle.loads(pickle.dumps(tok))
    assert again.encode("lower hello").ids == tok.encode("lower hello").ids


def test_getstate_is_still_hf_json():
    tok = _byte_bpe()
    assert json.loads(tok.__getstate__())["model"]["type"] == "BPE"


@pytest.mark.parametrize("n", range(12))
def test_chunked_dict_is_dict_of_zip(monkeypatch, n):
    from subword_core.models import _vocab

    monkeypatch.setattr(_vocab, "DICT_CHUNK", 3)
    keys, values = [i % 5 for i in range(n)], list(range(n))  # repeated keys: the last wins
    assert _vocab.chunked_dict(keys, values) == dict(zip(keys, values))
    assert list(_vocab.chunked_dict(keys, values)) == list(dict(zip(keys, values)))


def test_bpe_and_unigram_models_travel_as_columns():
    from subword_core.tokenizer import _component_state

    for tok in (_byte_bpe(), _others()[1]):
        tok.encode("lower")  # a unigram's trie, a BPE's pair ranks: built, and not sent
        how, cls, state = _component_state(tok.model)
        assert how == "compact" and cls is type(tok.model)
        assert "_trie" not in state["extra"] and "_pair_rank" not in state["extra"]
        _same(pickle.loads(pickle.dumps(tok)), tok)


def test_unigram_scores_survive_exactly():
    pieces = [("<unk>", 0.0), ("a", -1e-7), ("b", 0.1 + 0.2), ("ab", -1234567.0000001),
              ("a", -2.5)]  # a repeated piece keeps its last id
    tok = Tokenizer(Unigram(pieces, 0))
    again = pickle.loads(pickle.dumps(tok))
    assert again.model.pieces == tok.model.pieces
    assert again.model.token_to_id("a") == tok.model.token_to_id("a") == 4
    assert again.to_str() == tok.to_str()
