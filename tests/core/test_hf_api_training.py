"""``Tokenizer.train`` / ``train_from_iterator`` against HF ``tokenizers``' own.

The three recipes of the LLM course's "Building a tokenizer, block by block" (chapter 6,
section 8) are run twice each, once with ``tokenizers`` and once with
``subword_core.compat`` (the same code, only the namespace differs), on a local corpus
(``resources/corpora`` plus tricky lines): first ``train_from_iterator`` on batches, then,
as the course does, a fresh model trained with ``train([file])`` (the special tokens of the
first round are then added tokens, cut out of the text while counting, as in HF).

- WordPiece (BERT-like: NFD + Lowercase + StripAccents, Whitespace, WordPieceTrainer):
  vocabulary identical. HF numbers the ``##`` variants in hash-map order (its own runs
  disagree), so our trainer takes the order of HF's run (``use_hf_variant_order``);
- BPE (GPT-2-like: ByteLevel, BpeTrainer): merges and vocabulary identical;
- Unigram (XLNet-like: Replace + NFKD + StripAccents, Metaspace, UnigramTrainer): ours is
  not HF's algorithm bit for bit (see test_unigram_trainer.py), so the vocabulary overlap is
  measured (0.94 on this corpus) and bounded, the special tokens' ids are identical.

Each final tokenizer (post-processor and decoder set as the course sets them) encodes and
decodes varied text exactly as HF's. The rest checks the API around training: HF's
trainer options and ``special_tokens`` as AddedTokens, the default trainer, errors, the
model trained in place, the history, and words counted as HF counts them (no
pre-tokenizer, added tokens present).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import subword_core.compat as ours
from subword_core.errors import CorpusError, TrainingError
from subword_core.trainers import MergeAdded, StageStarted, TrainingHistory

hf = pytest.importorskip("tokenizers")
from hf_parity import check_encode  # noqa: E402
from hf_trainer_oracle import use_hf_variant_order  # noqa: E402

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
TRICKY = ["Héllò hôw are ü? Cafe\u0301 café naïve", "ﬁnance ①②③ ＡＢＣ１２３ İstanbul straße",
          "日本語のテキスト 中文分词测试 한국어 문장입니다", "👩‍👩‍👧 family 🎉🎉", "tab\there\tand  two  spaces",
          "", "   ", "line\nbreak", "``quoted'' text -- don't", "supercalifragilistic" * 8]
PROBES = ["Let's test this tokenizer.", "Héllò hôw are ü?", "ﬁnance ① ＡＢＣ", "日本語 한국어",
          "👩‍👩‍👧 and\ttabs  and   runs", "", "supercalifragilisticexpialidocious" * 3]
PAIRS = [("Let's test this tokenizer...", "on a pair of sentences.")]
XLNET_SPECIALS = ["<cls>", "<sep>", "<unk>", "<pad>", "<mask>", "<s>", "</s>"]


@pytest.fixture(scope="module")
def lines() -> list[str]:
    text = "\n".join((CORPORA / name).read_text(encoding="utf-8")
                     for name in ("english.txt", "multilingual.txt"))
    return text.splitlines() + TRICKY


@pytest.fixture(scope="module")
def corpus_file(lines, tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("course") / "corpus.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def batches(lines: list[str], size: int = 16):
    """The course's ``get_training_corpus()``: lists of texts."""
    for start in range(0, len(lines), size):
        yield lines[start:start + size]


def model_json(tokenizer) -> dict:
    return json.loads(tokenizer.to_str())["model"]


def same_encodings(theirs, mine) -> None:
    for text in PROBES:
        check_encode(theirs, mine, text)
    for first, second in PAIRS:
        check_encode(theirs, mine, first, second)


# ---------------------------------------------------------------------------- the recipes
def wordpiece_tokenizer(tk):
    tokenizer = tk.Tokenizer(tk.models.WordPiece(unk_token="[UNK]"))
    tokenizer.normalizer = tk.normalizers.Sequence(
        [tk.normalizers.NFD(), tk.normalizers.Lowercase(), tk.normalizers.StripAccents()])
    tokenizer.pre_tokenizer = tk.pre_tokenizers.Whitespace()
    trainer = tk.trainers.WordPieceTrainer(
        vocab_size=1200, special_tokens=["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"],
        show_progress=False)
    return tokenizer, trainer


def finish_wordpiece(tk, tokenizer) -> None:
    cls_id, sep_id = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    tokenizer.post_processor = tk.processors.TemplateProcessing(
        single="[CLS]:0 $A:0 [SEP]:0", pair="[CLS]:0 $A:0 [SEP]:0 $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)])
    tokenizer.decoder = tk.decoders.WordPiece(prefix="##")


def test_course_wordpiece_bert_like(lines, corpus_file, monkeypatch):
    theirs, hf_trainer = wordpiece_tokenizer(hf)
    mine, trainer = wordpiece_tokenizer(ours)
    # round 1: batches from an iterator
    theirs.train_from_iterator(batches(lines), trainer=hf_trainer)
    use_hf_variant_order(monkeypatch, theirs.get_vocab())
    mine.train_from_iterator(batches(lines), trainer=trainer)
    assert mine.get_vocab() == theirs.get_vocab()
    assert len(mine.get_vocab()) == 1200
    # round 2: a fresh model trained on the file (the specials are added tokens now)
    theirs.model = hf.models.WordPiece(unk_token="[UNK]")
    theirs.train([corpus_file], trainer=hf_trainer)
    use_hf_variant_order(monkeypatch, theirs.get_vocab())
    mine.model = ours.models.WordPiece(unk_token="[UNK]")
    mine.train([corpus_file], trainer=trainer)
    assert mine.get_vocab() == theirs.get_vocab()
    assert model_json(mine) == model_json(theirs)
    finish_wordpiece(hf, theirs)
    finish_wordpiece(ours, mine)
    assert json.loads(mine.to_str()) == json.loads(theirs.to_str())
    same_encodings(theirs, mine)


def bpe_tokenizer(tk):
    tokenizer = tk.Tokenizer(tk.models.BPE())
    tokenizer.pre_tokenizer = tk.pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = tk.trainers.BpeTrainer(vocab_size=700, special_tokens=["<|endoftext|>"],
                                     show_progress=False)
    return tokenizer, trainer


def test_course_bpe_gpt2_like(lines, corpus_file):
    theirs, hf_trainer = bpe_tokenizer(hf)
    mine, trainer = bpe_tokenizer(ours)
    theirs.train_from_iterator(batches(lines), trainer=hf_trainer)
    mine.train_from_iterator(batches(lines), trainer=trainer)
    assert model_json(mine) == model_json(theirs)  # merges and vocabulary, in order
    assert len(model_json(mine)["merges"]) > 300
    theirs.model = hf.models.BPE()
    theirs.train([corpus_file], trainer=hf_trainer)
    mine.model = ours.models.BPE()
    mine.train([corpus_file], trainer=trainer)
    assert model_json(mine) == model_json(theirs)
    for tk, tokenizer in ((hf, theirs), (ours, mine)):
        tokenizer.post_processor = tk.processors.ByteLevel(trim_offsets=False)
        tokenizer.decoder = tk.decoders.ByteLevel()
    assert json.loads(mine.to_str()) == json.loads(theirs.to_str())
    same_encodings(theirs, mine)


def unigram_tokenizer(tk):
    tokenizer = tk.Tokenizer(tk.models.Unigram())
    tokenizer.normalizer = tk.normalizers.Sequence([
        tk.normalizers.Replace("``", '"'), tk.normalizers.Replace("''", '"'),
        tk.normalizers.NFKD(), tk.normalizers.StripAccents(),
        tk.normalizers.Replace(tk.Regex(" {2,}"), " ")])
    tokenizer.pre_tokenizer = tk.pre_tokenizers.Metaspace()
    trainer = tk.trainers.UnigramTrainer(vocab_size=500, special_tokens=XLNET_SPECIALS,
                                         unk_token="<unk>", show_progress=False)
    return tokenizer, trainer


def vocab_overlap(theirs, mine) -> float:
    a, b = set(theirs.get_vocab()), set(mine.get_vocab())
    return len(a & b) / len(a)


def test_course_unigram_xlnet_like(lines, corpus_file):
    theirs, hf_trainer = unigram_tokenizer(hf)
    mine, trainer = unigram_tokenizer(ours)
    theirs.train_from_iterator(batches(lines), trainer=hf_trainer)
    mine.train_from_iterator(batches(lines), trainer=trainer)
    first = vocab_overlap(theirs, mine)
    theirs.model = hf.models.Unigram()
    theirs.train([corpus_file], trainer=hf_trainer)
    mine.model = ours.models.Unigram()
    mine.train([corpus_file], trainer=trainer)
    second = vocab_overlap(theirs, mine)
    print(f"\nUnigram (XLNet-like) vocabulary overlap with HF: {first:.3f} (iterator), "
          f"{second:.3f} (file)")
    assert first >= 0.9 and second >= 0.9
    assert mine.get_vocab_size() == theirs.get_vocab_size() == 500
    assert [mine.token_to_id(t) for t in XLNET_SPECIALS] \
        == [theirs.token_to_id(t) for t in XLNET_SPECIALS]
    assert model_json(mine)["unk_id"] == model_json(theirs)["unk_id"] == 2
    assert str(mine.get_added_tokens_decoder()) == str(theirs.get_added_tokens_decoder())


# ---------------------------------------------------------------------------- the API
def test_trainers_take_hf_options_and_hold_added_tokens():
    options = {"vocab_size": 12345, "min_frequency": 12, "show_progress": False,
               "special_tokens": ["1", ours.AddedToken("2", lstrip=True)], "limit_alphabet": 13,
               "initial_alphabet": ["a", "b", "c"], "continuing_subword_prefix": "pref",
               "end_of_word_suffix": "suf"}
    for name in ("BpeTrainer", "WordPieceTrainer"):
        trainer = getattr(ours.trainers, name)(**options)
        assert trainer.special_tokens == [ours.AddedToken("1", special=True),
                                          ours.AddedToken("2", lstrip=True, special=True)]
        assert trainer.special_tokens[0].normalized is False
        trainer.special_tokens = ["x"]
        assert trainer.special_tokens == [ours.AddedToken("x", special=True)]
    assert ours.trainers.BpeTrainer(max_token_length=4).max_token_length == 4
    unigram = ours.trainers.UnigramTrainer(vocab_size=100, shrinking_factor=0.5,
                                           unk_token="<unk>", max_piece_length=8,
                                           n_sub_iterations=3, initial_alphabet=["z"])
    assert (unigram.shrinking_factor, unigram.max_piece_length, unigram.n_sub_iterations) \
        == (0.5, 8, 3)
    # HF's defaults: WordPiece by count, Unigram without an unknown token
    assert ours.trainers.WordPieceTrainer().scoring == "frequency"
    assert ours.trainers.UnigramTrainer().unk_token is None
    assert isinstance(ours.trainers.UnigramTrainer(), ours.trainers.Trainer)


def test_history_events_and_model_in_place(lines):
    model = ours.models.BPE(unk_token="[UNK]", dropout=0.0, continuing_subword_prefix="##")
    tokenizer = ours.Tokenizer(model)
    tokenizer.pre_tokenizer = ours.pre_tokenizers.Whitespace()
    events: list = []
    trainer = ours.trainers.BpeTrainer(vocab_size=300, special_tokens=["[UNK]"],
                                       show_progress=False)
    assert tokenizer.last_training_history is None
    tokenizer.train_from_iterator(iter(lines[:20]), trainer, on_event=events.append)
    history = tokenizer.last_training_history
    assert isinstance(history, TrainingHistory)
    assert [(m.left, m.right) for m in history.merges] == list(tokenizer.model.merges)
    assert any(isinstance(e, StageStarted) and e.stage == "count_words" for e in events)
    assert sum(isinstance(e, MergeAdded) for e in events) == len(history.merges)
    # as in HF: the model object itself is trained; unk and dropout stay, the prefix is the
    # trainer's (none here)
    assert tokenizer.model is model and model.get_vocab_size() == 300
    assert (model.unk_token, model.dropout, model.continuing_subword_prefix) == ("[UNK]", 0.0, None)
    assert tokenizer.get_added_tokens_decoder()[0].special


@pytest.mark.parametrize("model", ["BPE", "WordPiece"])
def test_default_trainer_is_hf_default(model, lines, monkeypatch):
    """No trainer: the model's own (HF's ``model.get_trainer()``), with HF's defaults."""
    theirs = hf.Tokenizer(getattr(hf.models, model)())
    mine = ours.Tokenizer(getattr(ours.models, model)())
    theirs.train_from_iterator(lines[:6])  # progress is drawn on a terminal only
    use_hf_variant_order(monkeypatch, theirs.get_vocab())
    mine.train_from_iterator(lines[:6])
    assert model_json(mine) == model_json(theirs)


def test_wrong_trainer_and_empty_inputs(corpus_file):
    tokenizer = ours.Tokenizer(ours.models.BPE())
    with pytest.raises(TrainingError, match="UnigramTrainer can only train a Unigram"):
        tokenizer.train([], ours.trainers.UnigramTrainer(show_progress=False))
    with pytest.raises(CorpusError, match="no training files"):
        tokenizer.train([], ours.trainers.BpeTrainer(show_progress=False))
    with pytest.raises(CorpusError, match="no such file"):
        tokenizer.train([corpus_file + ".missing"])
    with pytest.raises(TypeError, match="strings or batches"):
        tokenizer.train_from_iterator([1, 2], ours.trainers.BpeTrainer(show_progress=False))


@pytest.mark.parametrize("setup", ["no pre-tokenizer", "added tokens", "file"])
def test_words_counted_as_hf(setup, lines, corpus_file):
    """Without a pre-tokenizer each normalized line is one word; added tokens are cut out."""
    def build(tk):
        tokenizer = tk.Tokenizer(tk.models.BPE())
        tokenizer.normalizer = tk.normalizers.Lowercase()
        if setup != "no pre-tokenizer":
            tokenizer.pre_tokenizer = tk.pre_tokenizers.Whitespace()
        if setup == "added tokens":
            tokenizer.add_tokens(["the", tk.AddedToken("lighthouse", single_word=True)])
            tokenizer.add_special_tokens(["[X]"])
        trainer = tk.trainers.BpeTrainer(vocab_size=400, special_tokens=["<s>"],
                                         show_progress=False)
        if setup == "file":
            tokenizer.train([corpus_file], trainer)
        else:
            tokenizer.train_from_iterator(batches(lines[:30]), trainer)
        return tokenizer

    theirs, mine = build(hf), build(ours)
    assert model_json(mine) == model_json(theirs)
    assert str(mine.get_added_tokens_decoder()) == str(theirs.get_added_tokens_decoder())
    for text in PROBES[:3]:
        check_encode(theirs, mine, text)
