"""Retraining a tokenizer's pipeline: ours vs ``transformers``' ``train_new_from_iterator``.

Both retrain the same pipelines on the same texts: GPT-2 (byte-level BPE), BERT
(bert-base-uncased WordPiece), Llama 3.2 (byte-level BPE after a Split regex, a
``Sequence`` post-processor, 256 special tokens) and a T5-like Unigram (a sentencepiece
model trained here, converted by transformers' ``T5Tokenizer``: Precompiled normalizer,
WhitespaceSplit + Metaspace, template ``$A </s>``). Checked:

- BPE: merges and vocabulary identical. WordPiece: vocabulary identical (HF numbers the
  ``##`` variants in hash-map order; we take the order of its run, see hf_trainer_oracle);
- every other part of ``tokenizer.json`` identical, and encodings (ids, tokens, offsets,
  word ids, masks, decode) equal on varied text, pairs included. Two differences on
  purpose (see ``preset_like``): the ids inside a ``Sequence`` post-processor (Llama) and
  padding's ``pad_id`` follow their tokens in ours; transformers leaves them stale;
- Unigram: the same pipeline and a vocabulary of the requested size; its overlap with
  HF's and both tokenizers' tokens per word / characters per token on held-out text
  (``subword_core.analysis.compare``) are printed (``-s``) and bounded.

Fast tests use light GPT-2 and Llama 3.2 files (their pipelines and added tokens, the model
cut to its 256 byte symbols: retraining never reads the old vocabulary); the slow ones the
full files and bigger corpora. Each comparison prints its figures and the time of both sides
(``-s``; the old tokenizer is already loaded on both sides).
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
import sysconfig
import tempfile
import time
from pathlib import Path

import pytest

from subword_core import AddedToken, Tokenizer
from subword_core.cli import main
from subword_core.analysis.compare import iter_corpus_profiles
from subword_core.errors import CorpusError, SubwordError, TokenizerFileError, TrainingError
from subword_core.training.presets import preset_like, train_tokenizer
from subword_core.trainers import TrainingHistory, drive

tokenizers = pytest.importorskip("tokenizers")
from hf_parity import check_encode  # noqa: E402
from hf_trainer_oracle import use_hf_variant_order  # noqa: E402
from test_unigram_trainer import overlap, prose  # noqa: E402
from wild_sources import tokenizer_json  # noqa: E402

QUIET = {"show_progress": False}  # a trainer option both sides take

# -- corpora -----------------------------------------------------------------------------------
EXTRAS = ["café", "cafe\u0301", "naïve", "Ångström", "ﬁnance", "①②③", "ＡＢＣ１２３", "中文分词测试",
          "한국어 문장입니다", "👩‍👩‍👧", "🎉🎉", "\t", "tab\there", "   ", "    indented",
          "\n", "line\nbreak", "supercalifragilistic" * 6, "İstanbul", "straße", "2024-05-01",
          "don't", "(x + y) * z;"]


def varied_lines(n_lines: int, seed: int) -> list[str]:
    """English-like lines with accents, NFKC-sensitive characters, CJK, Korean, emoji,
    tabs, newlines, runs of spaces, very long words and a few empty lines."""
    rng = random.Random(seed)
    out = []
    for line in prose(n_lines, seed):
        words = line.split(" ")
        for _ in range(rng.choice((0, 0, 1, 2))):
            words.insert(rng.randrange(len(words) + 1), rng.choice(EXTRAS))
        out.append("" if rng.random() < 0.01 else " ".join(words))
    return out


CODE_MODULES = ("json/decoder.py", "json/encoder.py", "textwrap.py", "string.py", "difflib.py",
                "fractions.py", "shlex.py", "heapq.py", "bisect.py", "pprint.py", "argparse.py",
                "dataclasses.py", "configparser.py", "calendar.py", "inspect.py", "typing.py")


def code_documents(limit: int) -> list[str]:
    """Python functions and classes from the standard library (the course's code corpus):
    a few modules first, then the whole library in path order if more are needed."""
    root = Path(sysconfig.get_paths()["stdlib"])
    docs: list[str] = []
    for path in _python_sources(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        docs += [c for c in re.split(r"(?m)^(?=def |class |    def )", text) if c.strip()]
        if len(docs) >= limit:
            return docs[:limit]
    if len(docs) < 100:
        pytest.skip("the Python standard library sources are not installed")
    return docs


def _python_sources(root: Path):
    seen = set()
    for relative in CODE_MODULES:
        if (root / relative).is_file():
            seen.add(root / relative)
            yield root / relative
    for path in sorted(root.rglob("*.py")):  # only walked when the modules above are not enough
        if path not in seen and not {"site-packages", "test", "tests"} & set(path.parts):
            yield path


SAMPLES = ["Hello world, this is a test.", "café cafe\u0301 naïve Ångström", "ﬁ ① ＡＢＣ１２３",
           "中文分词 한국어", "👩‍👩‍👧 emoji 🎉", "\ttabs  and   runs\n\nof space  ", "", "x" * 300,
           "def f(x):\n    return x + 1\n", "<|endoftext|> special [CLS] </s> inside",
           "  leading and trailing  ", "UPPER lower MiXeD 12345"]


# -- the two sides -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fast_class():
    """transformers' ``PreTrainedTokenizerFast`` (``TokenizersBackend`` in v5)."""
    return pytest.importorskip("transformers").PreTrainedTokenizerFast


def light(json_text: str, keep: int = 256) -> str:
    """The pipeline with the model cut to its first ``keep`` ids and no merges."""
    data = json.loads(json_text)
    data["model"]["vocab"] = {t: i for t, i in data["model"]["vocab"].items() if i < keep}
    data["model"]["merges"] = []
    return json.dumps(data)


@functools.cache
def pipeline(name: str) -> str:
    """A tokenizer.json text by name (``NAME-light``: see :func:`light`)."""
    if name.endswith("-light"):
        return light(tokenizer_json(name.removesuffix("-light")))
    return tokenizer_json(name)


def hf_retrain(fast_class, json_text: str, texts, vocab_size: int, **kwargs):
    """transformers' retraining: ``(new backend tokenizers.Tokenizer, seconds)``."""
    old = fast_class(tokenizer_object=tokenizers.Tokenizer.from_str(json_text))
    start = time.perf_counter()
    new = old.train_new_from_iterator(texts, vocab_size, **QUIET, **kwargs)
    return new.backend_tokenizer, time.perf_counter() - start


def our_retrain(json_text: str | Tokenizer, texts, vocab_size: int, **kwargs):
    """Ours: ``(new Tokenizer, history, seconds)`` (loading the old file not timed)."""
    old = json_text if isinstance(json_text, Tokenizer) else Tokenizer.from_str(json_text)
    start = time.perf_counter()
    new, history = old.train_new_from_iterator(texts, vocab_size, **QUIET, **kwargs)
    return new, history, time.perf_counter() - start


def parts(tokenizer) -> dict:
    return json.loads(tokenizer.to_str())


def assert_same_json(ours, theirs, skip: tuple[str, ...] = ()) -> None:
    mine, hf = parts(ours), parts(theirs)
    for key in ("truncation", "padding", "added_tokens", "normalizer", "pre_tokenizer",
                "post_processor", "decoder", "model"):
        if key not in skip:
            assert mine[key] == hf[key], f"{key} differs"


def assert_same_encodings(theirs, ours) -> None:
    for text in SAMPLES:
        check_encode(theirs, ours, text)
    check_encode(theirs, ours, SAMPLES[0], SAMPLES[1])  # a pair: the template's second half


def report(name: str, **figures) -> None:
    shown = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                      for k, v in figures.items())
    print(f"\n[retrain] {name}: {shown}")


# -- BPE: GPT-2, Llama 3.2 ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def texts() -> list[str]:
    return varied_lines(1000, seed=1)


@pytest.fixture(scope="module")
def gpt2() -> Tokenizer:
    return Tokenizer.from_str(pipeline("gpt2-light"))


def compare_bpe(name, fast_class, json_text, ours_old, texts, vocab_size, **kwargs):
    theirs, hf_seconds = hf_retrain(fast_class, json_text, texts, vocab_size, **kwargs)
    ours, history, seconds = our_retrain(ours_old, texts, vocab_size, **kwargs)
    mine, hf = parts(ours)["model"], parts(theirs)["model"]
    assert mine["merges"] == hf["merges"]
    assert mine["vocab"] == hf["vocab"]
    report(name, merges=len(hf["merges"]), identical="yes", ours_s=seconds, hf_s=hf_seconds)
    return theirs, ours, history


def test_gpt2_like_matches_transformers(fast_class, gpt2, texts):
    theirs, ours, history = compare_bpe("gpt2 varied text", fast_class, pipeline("gpt2-light"),
                                        gpt2, texts, 700)
    assert_same_json(ours, theirs)
    assert_same_encodings(theirs, ours)
    assert isinstance(history, TrainingHistory) and len(history.merges) == 700 - 257
    assert ours.token_to_id("<|endoftext|>") == 0


def test_gpt2_like_on_python_code(fast_class, gpt2):
    theirs, ours, _ = compare_bpe("gpt2 python code", fast_class, pipeline("gpt2-light"), gpt2,
                                  code_documents(120), 600)
    assert_same_json(ours, theirs)
    check_encode(theirs, ours, "    def tokenize(self, text):\n        return text.split()\n")


def test_llama_like_matches_transformers_but_remaps_the_sequence_template(
        fast_class, texts):
    json_text = pipeline("llama-3.2-light")
    old = Tokenizer.from_str(json_text)
    theirs, ours, _ = compare_bpe("llama-3.2 (light) varied text", fast_class, json_text, old,
                                  texts[:500], 600)
    assert_same_json(ours, theirs, skip=("post_processor",))
    assert_same_llama_except_stale_ids(old, ours, theirs)


def assert_same_llama_except_stale_ids(old, ours, theirs):
    """transformers keeps the old ids inside a Sequence post-processor; ours has the new ones."""
    mine, hf = parts(ours)["post_processor"], parts(theirs)["post_processor"]
    bos = "<|begin_of_text|>"
    stale = parts(old)["post_processor"]["processors"][1]["special_tokens"][bos]["ids"]
    assert hf["processors"][1]["special_tokens"][bos]["ids"] == stale == [128000]
    assert mine["processors"][1]["special_tokens"][bos]["ids"] == [ours.token_to_id(bos)] == [0]
    hf["processors"][1]["special_tokens"][bos]["ids"] = [0]
    assert mine == hf
    fixed = parts(theirs)
    fixed["post_processor"] = mine
    assert_same_encodings(tokenizers.Tokenizer.from_str(json.dumps(fixed)), ours)


def test_min_frequency_and_new_special_tokens_as_transformers(fast_class, gpt2,
                                                              texts):
    new = ["<new>", AddedToken("<tail>", lstrip=True)]
    hf_new = ["<new>", tokenizers.AddedToken("<tail>", lstrip=True)]
    theirs, _ = hf_retrain(fast_class, pipeline("gpt2-light"), texts[:500], 5000,
                           min_frequency=20, new_special_tokens=hf_new)
    ours, _, _ = our_retrain(gpt2, texts[:500], 5000, min_frequency=20, new_special_tokens=new)
    assert_same_json(ours, theirs)
    assert 0 < len(ours.model.merges) < 5000 - 259  # min_frequency stopped the merges
    assert [ours.token_to_id(t) for t in ("<|endoftext|>", "<new>", "<tail>")] == [0, 1, 2]
    check_encode(theirs, ours, "a <tail> b<new>c <|endoftext|>")


def test_vocab_size_below_the_byte_alphabet(gpt2, texts):
    # transformers silently returns the 257 fixed tokens; we say why the size cannot be met
    with pytest.raises(TrainingError, match="256 byte symbols"):
        gpt2.train_new_from_iterator(texts, 200)
    with pytest.raises(TrainingError, match="positive integer"):
        gpt2.train_new_from_iterator(texts, 0)


def test_empty_texts_are_a_clear_error(gpt2):
    for empty in ([], iter([]), ["", "  ", "\n"]):
        with pytest.raises(CorpusError, match="corpus is empty") as info:
            gpt2.train_new_from_iterator(empty, 500)
        assert isinstance(info.value, SubwordError) and "\n" not in str(info.value)
    with pytest.raises(CorpusError, match="must be strings"):
        gpt2.train_new_from_iterator([b"bytes"], 500)


def test_batches_of_texts_as_transformers_takes_them(gpt2, texts):
    flat, _, _ = our_retrain(gpt2, texts, 600)
    batched, _, _ = our_retrain(gpt2, (texts[i:i + 100] for i in range(0, len(texts), 100)), 600,
                                length=len(texts))
    assert batched.to_str() == flat.to_str()


def test_bpe_model_options_carry_over(fast_class, texts):
    """dropout, unk, fuse_unk, byte_fallback, ignore_merges stay; prefix/suffix train."""
    hf_old = tokenizers.Tokenizer(tokenizers.models.BPE(
        unk_token="[UNK]", continuing_subword_prefix="##", end_of_word_suffix="</w>",
        dropout=0.25, fuse_unk=True, byte_fallback=True, ignore_merges=True))
    hf_old.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    hf_old.normalizer = tokenizers.normalizers.NFKC()
    hf_old.decoder = tokenizers.decoders.BPEDecoder(suffix="</w>")
    hf_old.add_special_tokens(["[UNK]", "[SEP]"])
    hf_old.post_processor = tokenizers.processors.BertProcessing(("[SEP]", 1), ("[UNK]", 0))
    json_text = hf_old.to_str()
    theirs, _ = hf_retrain(fast_class, json_text, texts, 800)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_hf_variant_order(monkeypatch, parts(theirs)["model"]["vocab"])
        ours, _, _ = our_retrain(json_text, texts, 800)
    assert_same_json(ours, theirs)
    model = parts(ours)["model"]
    assert (model["dropout"], model["fuse_unk"], model["byte_fallback"],
            model["ignore_merges"]) == (0.25, True, True, True)
    assert parts(ours)["post_processor"]["sep"] == ["[SEP]", 1]


def test_roberta_processing_ids_are_remapped_as_transformers(fast_class, texts):
    hf_old = tokenizers.Tokenizer.from_str(pipeline("gpt2-light"))
    hf_old.add_special_tokens(["<s>", "<pad>", "</s>"])
    hf_old.post_processor = tokenizers.processors.RobertaProcessing(("</s>", 259), ("<s>", 257))
    theirs, _ = hf_retrain(fast_class, hf_old.to_str(), texts[:200], 400)
    ours, _, _ = our_retrain(hf_old.to_str(), texts[:200], 400)
    assert_same_json(ours, theirs)
    assert parts(ours)["post_processor"]["cls"] == ["<s>", 1]
    check_encode(theirs, ours, " Hello  world", "second part")


def test_padding_pad_id_follows_its_token(fast_class, gpt2, texts):
    hf_old = tokenizers.Tokenizer.from_str(pipeline("gpt2-light"))
    hf_old.enable_padding(pad_id=50256, pad_token="<|endoftext|>", length=24)
    hf_old.enable_truncation(16)
    theirs, _ = hf_retrain(fast_class, hf_old.to_str(), texts[:100], 300)
    ours, _, _ = our_retrain(hf_old.to_str(), texts[:100], 300)
    assert ours.truncation == theirs.truncation
    assert theirs.padding["pad_id"] == 50256  # transformers: stale, beyond the new vocabulary
    assert ours.padding == {**theirs.padding, "pad_id": 0}
    assert ours.encode("hello").ids[-1] == 0


# -- WordPiece: BERT -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def bert_pair(fast_class, texts):
    theirs, hf_seconds = hf_retrain(fast_class, pipeline("bert-base-uncased"), texts, 800)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_hf_variant_order(monkeypatch, parts(theirs)["model"]["vocab"])
        ours, _, seconds = our_retrain(pipeline("bert-base-uncased"), texts, 800)
    report("bert varied text", vocab=ours.get_vocab_size(), identical="yes", ours_s=seconds,
           hf_s=hf_seconds)
    return theirs, ours


def test_bert_like_vocabulary_and_pipeline_match_transformers(bert_pair):
    theirs, ours = bert_pair
    assert_same_json(ours, theirs)  # vocabulary, template ids, truncation 128, padding 128
    assert parts(ours)["model"]["max_input_chars_per_word"] == 100
    assert_same_encodings(theirs, ours)


def test_special_tokens_map_renames_as_transformers(fast_class, texts):
    rename = {"[CLS]": "<cls>", "[UNK]": "<unk>"}
    theirs, _ = hf_retrain(fast_class, pipeline("bert-base-uncased"), texts[:500], 500,
                           special_tokens_map=rename)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_hf_variant_order(monkeypatch, parts(theirs)["model"]["vocab"])
        ours, _, _ = our_retrain(pipeline("bert-base-uncased"), texts[:500], 500,
                                 special_tokens_map=rename)
    assert_same_json(ours, theirs)
    assert ours.model.unk_token == "<unk>" and ours.encode("hi").tokens[0] == "<cls>"


def test_non_special_added_tokens_come_back(fast_class, texts, tmp_path):
    """As with a tokenizer loaded by ``from_pretrained`` (its tokenizer_config.json lists them)."""
    hf_old = tokenizers.Tokenizer.from_str(pipeline("bert-base-uncased"))
    hf_old.add_tokens([tokenizers.AddedToken("foobar", lstrip=True), "xyzzy"])
    hf_old.add_special_tokens([tokenizers.AddedToken("<sp>", rstrip=True, normalized=True)])
    fast_class(tokenizer_object=hf_old).save_pretrained(tmp_path)
    loaded = fast_class.from_pretrained(tmp_path)
    corpus = texts[:400] + ["foobar and more foobar"] * 5
    theirs = loaded.train_new_from_iterator(corpus, 500, **QUIET).backend_tokenizer
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_hf_variant_order(monkeypatch, parts(theirs)["model"]["vocab"])
        ours, _, _ = our_retrain(hf_old.to_str(), corpus, 500)
    assert_same_json(ours, theirs)
    check_encode(theirs, ours, "say foobar xyzzy <sp>  now")


def test_wordpiece_options(texts):
    old = Tokenizer.from_str(pipeline("bert-base-uncased"))
    ours, history = old.train_new_from_iterator(texts[:500], 400, scoring="likelihood",
                                                continuing_subword_prefix="@@")
    assert ours.model.continuing_subword_prefix == "@@" and ours.get_vocab_size() <= 400
    assert history.options["scoring"] == "likelihood"
    with pytest.raises(TrainingError, match="has no option 'dropout'"):
        old.train_new_from_iterator(texts, 400, dropout=0.1)
    with pytest.raises(TrainingError, match="new_special_tokens"):
        old.train_new_from_iterator(texts, 400, special_tokens=["[X]"])


# -- Unigram: T5 -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def t5_json() -> str:
    """A T5-like tokenizer.json: a small sentencepiece Unigram converted by T5Tokenizer."""
    spm = pytest.importorskip("sentencepiece")
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("google.protobuf")
    lines = [line.replace("\n", " ") for line in varied_lines(600, seed=7) if line.strip()]
    buffer = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=buffer, vocab_size=400, model_type="unigram",
        pad_id=0, eos_id=1, unk_id=2, bos_id=-1, minloglevel=2, hard_vocab_limit=False)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spiece.model"
        path.write_bytes(buffer.getvalue())
        kwargs = transformers.T5Tokenizer.convert_to_native_format(vocab_file=str(path))
        t5 = transformers.T5Tokenizer(**kwargs, extra_ids=3)
    return t5.backend_tokenizer.to_str()


def unigram_quality(ours, theirs, held_out: list[str]) -> dict[str, float]:
    """Vocabulary overlap, and tokens per word / characters per token of each on ``held_out``."""
    assert held_out
    specials = {t.content for t in ours.get_added_tokens_decoder().values()}
    mine = [p for p, _ in parts(ours)["model"]["vocab"] if p not in specials]
    hf = [p for p, _ in parts(theirs)["model"]["vocab"] if p not in specials]
    profiles = drive(iter_corpus_profiles(held_out, {
        "ours": ours, "hf": Tokenizer.from_str(theirs.to_str())}))
    figures = {"overlap": overlap(mine, hf), "hf_size": len(hf) + len(specials)}
    for name, profile in profiles.items():
        figures[f"{name}_tokens_per_word"] = profile.metrics.tokens_per_word
        figures[f"{name}_chars_per_token"] = profile.metrics.chars_per_token
    return figures


def compare_unigram(name, fast_class, json_text, texts, held_out, vocab_size):
    theirs, hf_seconds = hf_retrain(fast_class, json_text, texts, vocab_size)
    ours, _, seconds = our_retrain(json_text, texts, vocab_size)
    assert_same_json(ours, theirs, skip=("model",))  # same pipeline, remapped </s>
    mine, hf = parts(ours)["model"], parts(theirs)["model"]
    assert (mine["unk_id"], mine["byte_fallback"]) == (hf["unk_id"], hf["byte_fallback"])
    assert mine["vocab"][:6] == hf["vocab"][:6]  # the special tokens first, score 0
    assert ours.model.get_vocab_size() == vocab_size
    figures = unigram_quality(ours, theirs, held_out)
    report(name, **figures, ours_s=seconds, hf_s=hf_seconds)
    assert figures["ours_tokens_per_word"] == pytest.approx(figures["hf_tokens_per_word"],
                                                            rel=0.1)
    return theirs, ours, figures


def test_t5_like_unigram(fast_class, t5_json, texts):
    theirs, ours, figures = compare_unigram("t5 unigram varied text", fast_class, t5_json,
                                            texts[:300], varied_lines(150, seed=99), 400)
    assert figures["overlap"] >= 0.6
    assert parts(ours)["post_processor"]["special_tokens"]["</s>"]["ids"] == [1]
    hf_engine = tokenizers.Tokenizer.from_str(ours.to_str())
    for text in SAMPLES:  # the template's </s> is where transformers' is, with its id
        assert ours.encode(text).tokens[-1:] == theirs.encode(text).tokens[-1:] == ["</s>"]
        assert ours.encode(text).ids[-1] == theirs.encode(text).ids[-1] == 1
        check_encode(hf_engine, ours, text)  # the old parts around our model, as HF runs them


def test_unigram_keeps_unk_and_makes_every_added_token_special(fast_class):
    models, pre, proc = tokenizers.models, tokenizers.pre_tokenizers, tokenizers.processors
    hf_old = tokenizers.Tokenizer(models.Unigram([("<s>", 0.0), ("a", -1.0), ("<unk>", 0.0)],
                                                 unk_id=2, byte_fallback=True))
    hf_old.pre_tokenizer = pre.Metaspace()
    hf_old.add_special_tokens(["<s>", "<unk>"])
    hf_old.add_tokens([tokenizers.AddedToken("plain", lstrip=True)])
    hf_old.post_processor = proc.TemplateProcessing(single="<s> $A", special_tokens=[("<s>", 0)])
    lines = prose(200, seed=3)
    theirs, _ = hf_retrain(fast_class, hf_old.to_str(), lines, 150)
    ours, _, _ = our_retrain(hf_old.to_str(), lines, 150)
    assert_same_json(ours, theirs, skip=("model",))
    mine = parts(ours)["model"]
    assert (mine["unk_id"], mine["byte_fallback"]) == (1, False)  # HF's trainer: a fresh model
    assert [p for p, _ in mine["vocab"][:3]] == ["<s>", "<unk>", "plain"]
    assert ours.get_added_tokens_decoder()[2].special


# -- what cannot be retrained, and the other entry points ------------------------------------------
def test_a_model_without_trainer_is_refused(texts):
    tok = Tokenizer.from_str(json.dumps({
        "version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None,
        "post_processor": None, "decoder": None,
        "model": {"type": "WordLevel", "vocab": {"[UNK]": 0, "a": 1}, "unk_token": "[UNK]"}}))
    with pytest.raises(TrainingError, match="cannot retrain a WordLevel model") as info:
        tok.train_new_from_iterator(texts, 100)
    assert "\n" not in str(info.value)
    with pytest.raises(TrainingError, match="WordLevel"):
        drive(train_tokenizer(texts, None, 100, like=tok.to_str()))


def test_preset_like_copies_the_old_pipeline(texts):
    old = Tokenizer.from_str(pipeline("bert-base-uncased"))
    preset = preset_like(old, 300)
    assert preset.name == "like-wordpiece" and preset.trainer.scoring == "frequency"
    old.normalizer = None  # later changes to the old tokenizer do not reach the preset
    old.add_special_tokens(["<late>"])
    counts, _ = drive(iter_count(preset, texts[:200]))
    new = preset.finish(preset.trainer.train(counts)[0])
    assert new.normalizer is not None and new.token_to_id("<late>") is None
    assert type(new.post_processor).__name__ == "TemplateProcessing"
    with pytest.raises(TokenizerFileError):
        preset_like("{not json", 300)
    with pytest.raises(TrainingError, match="Tokenizer or tokenizer.json text"):
        preset_like(42, 300)


def iter_count(preset, texts):
    from subword_core.corpus import iter_count_words

    return iter_count_words(texts, preset.normalizer, preset.pre_tokenizer)


def test_train_tokenizer_like(texts):
    result = drive(train_tokenizer(texts[:300], None, 400, like=pipeline("bert-base-uncased"),
                                   special_tokens=["[NEW]"], min_frequency=2))
    assert result.report.documents == 300
    assert result.tokenizer.token_to_id("[NEW]") == 5  # after [PAD] [UNK] [CLS] [SEP] [MASK]
    with pytest.raises(TrainingError, match="give an algorithm"):
        drive(train_tokenizer(texts, None, 400))


def test_cli_train_like(texts, tmp_path, capsys):
    corpus, like, out = tmp_path / "corpus.txt", tmp_path / "bert.json", tmp_path / "out.json"
    corpus.write_text("\n".join(texts[:300]), encoding="utf-8")
    like.write_text(pipeline("bert-base-uncased"), encoding="utf-8")
    assert main(["train", str(corpus), "--like", str(like), "--vocab-size", "400",
                 "-o", str(out)]) == 0
    assert parts(Tokenizer.from_file(out))["model"]["type"] == "WordPiece"
    for args in ([], ["--like", str(like), "--algorithm", "bpe"]):  # neither, both: usage
        with pytest.raises(SystemExit) as info:
            main(["train", str(corpus), "--vocab-size", "400", "-o", str(out), *args])
        assert info.value.code == 2
    capsys.readouterr()
    assert main(["train", str(corpus), "--like", str(tmp_path / "missing.json"),
                 "--vocab-size", "400", "-o", str(out)]) == 1
    assert "no such file or folder" in capsys.readouterr().err


# -- slow: the full files and bigger corpora, with times -------------------------------------------
@pytest.fixture(scope="module")
def gpt2_full() -> Tokenizer:
    return Tokenizer.from_str(pipeline("gpt2"))


@pytest.mark.slow
def test_slow_gpt2_on_code(fast_class, gpt2_full):
    theirs, ours, _ = compare_bpe("gpt2 python code (big)", fast_class, pipeline("gpt2"),
                                  gpt2_full,
                                  code_documents(5000), 8000)
    assert_same_json(ours, theirs)


@pytest.mark.slow
def test_slow_gpt2_on_text(fast_class, gpt2_full):
    big = varied_lines(20000, seed=11)
    theirs, ours, _ = compare_bpe("gpt2 varied text (big)", fast_class, pipeline("gpt2"),
                                  gpt2_full, big, 8000)
    assert_same_json(ours, theirs)
    assert_same_encodings(theirs, ours)


@pytest.mark.slow
def test_slow_llama_full_file(fast_class):
    json_text = pipeline("llama-3.2")
    old = Tokenizer.from_str(json_text)
    theirs, ours, _ = compare_bpe("llama-3.2 (full file) varied text", fast_class, json_text, old,
                                  varied_lines(20000, seed=12), 5000)
    assert_same_json(ours, theirs, skip=("post_processor",))
    assert_same_llama_except_stale_ids(old, ours, theirs)


@pytest.mark.slow
def test_slow_bert(fast_class):
    big = varied_lines(20000, seed=13)
    theirs, hf_seconds = hf_retrain(fast_class, pipeline("bert-base-uncased"), big, 6000)
    with pytest.MonkeyPatch.context() as monkeypatch:
        use_hf_variant_order(monkeypatch, parts(theirs)["model"]["vocab"])
        ours, _, seconds = our_retrain(pipeline("bert-base-uncased"), big, 6000)
    report("bert varied text (big)", vocab=ours.get_vocab_size(), identical="yes",
           ours_s=seconds, hf_s=hf_seconds)
    assert_same_json(ours, theirs)
    assert_same_encodings(theirs, ours)


@pytest.mark.slow
def test_slow_t5_unigram(fast_class, t5_json):
    compare_unigram("t5 unigram varied text (big)", fast_class, t5_json,
                    varied_lines(8000, seed=14), varied_lines(1000, seed=98), 3000)


@pytest.mark.slow
def test_slow_t5_unigram_on_code(fast_class, t5_json):
    docs = code_documents(3000)
    compare_unigram("t5 unigram python code (big)", fast_class, t5_json, docs[:2600],
                    docs[2600:], 3000)


def test_no_pre_tokenizer_counts_whole_texts_as_transformers(fast_class, texts):
    # Mistral 7B v0.1 as the hub's file has it (Llama legacy layout): a normalizer that turns
    # spaces into ▁, no pre-tokenizer; HF's trainer then sees each text as one word
    json_text = pipeline("mistral-7b-v0.1-light")
    theirs, ours, _history = compare_bpe("mistral v0.1 (no pre-tokenizer)", fast_class,
                                         json_text, Tokenizer.from_str(json_text), texts[:300],
                                         600)
    assert parts(ours)["pre_tokenizer"] is None
    assert_same_encodings(theirs, ours)
