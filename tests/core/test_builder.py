"""The pipeline builder: specs, validation, stage previews, starting points, training vs HF.

- Each preset written as a spec trains to exactly the tokenizer ``train_tokenizer`` gives.
- The course's three block-by-block builds and a few custom specs are trained twice on
  the same corpus file: by us (``train_spec``) and by HF ``tokenizers`` with the identical
  pipeline (HF loads our untrained ``tokenizer.json`` and gets a trainer with the spec's
  options). BPE and WordPiece: same vocabulary and merges, same ``tokenizer.json``
  (HF numbers prefix/suffix variants in hash-map order, so ours takes HF's run's order).
  Unigram is not HF's algorithm bit for bit (test_unigram_trainer.py): the vocabulary
  overlap is bounded. Every saved tokenizer, loaded by HF, encodes varied text exactly
  as ours (ids, tokens, offsets, word ids...).
- Stage previews equal HF's ``normalize_str`` / ``pre_tokenize_str`` of the same blocks,
  and the original offsets follow the alignments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from subword_core import normalizers, pre_tokenizers
from subword_core.teaching.builder import (
    DECODER_TYPES,
    NORMALIZER_TYPES,
    POST_PROCESSOR_TYPES,
    PRE_TOKENIZER_TYPES,
    STARTING_POINTS,
    PipelineError,
    PipelineSpec,
    block_label,
    build_untrained,
    course_bert,
    course_gpt2,
    course_xlnet,
    default_block,
    has_byte_alphabet,
    precompiled_block,
    preset_spec,
    progress_kind,
    set_byte_alphabet,
    stage_preview,
    starting_point,
    train_spec,
    validate,
    with_model,
)
from subword_core.components import component_from_dict
from subword_core.models import BPE
from subword_core.training.presets import train_tokenizer
from subword_core.tokenizer import Tokenizer
from subword_core.trainers import drive

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
ENGLISH = CORPORA / "english.txt"
MULTI = CORPORA / "multilingual.txt"
TRICKY = ["Héllò hôw are ü? Cafe\u0301 café naïve", "ﬁnance ①②③ ＡＢＣ１２３ İstanbul straße",
          "日本語のテキスト 中文分词测试 한국어 문장입니다", "👩‍👩‍👧 family 🎉 2024-11-24 x1234",
          "tab\there\tand  two  spaces", "``quoted'' text -- don't"]
PROBES = ["Let's test this tokenizer.", "Héllò hôw are ü?", "ﬁnance ① ＡＢＣ 12345", "日本語 한국어",
          "👩‍👩‍👧 and\ttabs  and   runs", "", "   ", "``quoted''  text",
          "supercalifragilisticexpialidocious" * 2]
PAIR = ("Let's test this tokenizer...", "on a pair of sentences.")


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> str:
    text = ENGLISH.read_text(encoding="utf-8") + MULTI.read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("builder") / "corpus.txt"
    path.write_text(text + "\n".join(TRICKY) + "\n", encoding="utf-8")
    return str(path)


def sized(spec: PipelineSpec, vocab_size: int) -> PipelineSpec:
    spec.trainer["vocab_size"] = vocab_size
    return spec


# ------------------------------------------------------------------ presets as specs
@pytest.mark.parametrize("algorithm, scoring", [
    ("byte-bpe", None), ("bpe", None), ("wordpiece", "likelihood"), ("wordpiece", "frequency"),
    ("unigram", None)])
def test_preset_specs_train_as_the_presets(algorithm, scoring):
    options = {"min_frequency": 2, "special_tokens": None}
    preset = drive(train_tokenizer([ENGLISH], algorithm, 400, scoring=scoring, **options))
    spec = preset_spec(algorithm, 400, scoring=scoring or "likelihood", **options)
    built = drive(train_spec(spec, [ENGLISH]))
    assert built.tokenizer.to_str() == preset.tokenizer.to_str()
    assert built.history.records == preset.history.records


def test_starting_points_hold_the_course_builds_and_the_presets():
    labels = list(STARTING_POINTS)
    assert len(labels) == 8  # + parity-aware BPE (issue 24)
    bert, gpt2, xlnet = (starting_point(label) for label in labels[:3])
    assert [b["type"] for b in bert.normalizers] == ["NFD", "Lowercase", "StripAccents"]
    assert bert.trainer["special_tokens"] == ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]
    assert gpt2.pre_tokenizers == [{"type": "ByteLevel", "add_prefix_space": False,
                                    "trim_offsets": True, "use_regex": True}]
    assert gpt2.post_processor["trim_offsets"] is False
    assert [b["type"] for b in xlnet.normalizers] == ["Replace", "Replace", "NFKD",
                                                     "StripAccents", "Replace"]
    assert xlnet.post_processor["single"] == "$A:0 <sep>:0 <cls>:2"
    for label in labels:
        spec = starting_point(label)
        validate(spec)
        assert PipelineSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    # a fresh copy each time: editing one does not change the menu
    bert.normalizers.clear()
    assert starting_point(labels[0]).normalizers


# ------------------------------------------------------------------ the same training as HF
def hf_trained(hf, spec: PipelineSpec, corpus: str):
    """HF's tokenizer with the identical pipeline (our untrained JSON) and trainer options."""
    tokenizer = hf.Tokenizer.from_str(build_untrained(spec).to_str())
    options = {k: v for k, v in spec.trainer.items() if v is not None and k != "scoring"}
    if spec.model == "BPE":
        trainer = hf.trainers.BpeTrainer(show_progress=False, **options)
    elif spec.model == "WordPiece":
        trainer = hf.trainers.WordPieceTrainer(show_progress=False, **options)
    else:
        trainer = hf.trainers.UnigramTrainer(show_progress=False,
                                             unk_token=spec.model_options.get("unk_token"),
                                             **options)
    tokenizer.train([corpus], trainer)
    post = spec.post_processor
    if post is not None and post["type"] == "TemplateProcessing":
        names = [t for t in spec.special_tokens if t in post["single"] + post["pair"]]
        tokenizer.post_processor = hf.processors.TemplateProcessing(
            single=post["single"], pair=post["pair"],
            special_tokens=[(t, tokenizer.token_to_id(t)) for t in names])
    return tokenizer


def same_encodings(hf, ours: Tokenizer, theirs) -> None:
    from hf_parity import check_encode

    loaded = hf.Tokenizer.from_str(ours.to_str())  # our saved file, read by HF
    for text in PROBES:
        check_encode(loaded, ours, text)
        check_encode(theirs, ours, text) if theirs is not None else None
    check_encode(loaded, ours, *PAIR)


def compare_with_hf(spec: PipelineSpec, corpus: str, monkeypatch) -> tuple[Tokenizer, object]:
    hf = pytest.importorskip("tokenizers")
    from subword_core.trainers import _pairs

    theirs = hf_trained(hf, spec, corpus)
    # HF numbers prefix/suffix variants in hash-map order: take its run's order (a variant
    # HF left out, e.g. of a character limit_alphabet dropped, is numbered last)
    vocab = theirs.get_vocab()
    monkeypatch.setattr(_pairs, "order_variants",
                        lambda tokens: sorted(tokens, key=lambda t: vocab.get(t, len(vocab))))
    mine = drive(train_spec(spec, [Path(corpus)])).tokenizer
    if spec.model != "Unigram":
        assert json.loads(mine.to_str()) == json.loads(theirs.to_str())
        same_encodings(hf, mine, theirs)
    else:
        same_encodings(hf, mine, None)
    return mine, theirs


def test_course_bert_wordpiece_as_hf(corpus_file, monkeypatch):
    mine, _ = compare_with_hf(sized(course_bert(), 900), corpus_file, monkeypatch)
    assert mine.encode("Héllò").tokens[0] == "[CLS]"


def test_course_gpt2_bpe_as_hf(corpus_file, monkeypatch):
    mine, _ = compare_with_hf(sized(course_gpt2(), 700), corpus_file, monkeypatch)
    assert len(json.loads(mine.to_str())["model"]["merges"]) > 300


def test_course_xlnet_unigram_close_to_hf(corpus_file, monkeypatch):
    mine, theirs = compare_with_hf(sized(course_xlnet(), 500), corpus_file, monkeypatch)
    assert mine.get_vocab_size() == theirs.get_vocab_size() == 500
    overlap = len(set(mine.get_vocab()) & set(theirs.get_vocab())) / 500
    assert overlap >= 0.9
    specials = course_xlnet().special_tokens
    assert [mine.token_to_id(t) for t in specials] == [theirs.token_to_id(t) for t in specials]
    assert mine.encode("a b").tokens[-2:] == theirs.encode("a b").tokens[-2:] == ["<sep>", "<cls>"]


def custom_bpe() -> PipelineSpec:
    return PipelineSpec(
        normalizers=[{"type": "NFKC"}, {"type": "Lowercase"}],
        pre_tokenizers=[{"type": "WhitespaceSplit"},
                        {"type": "Punctuation", "behavior": "Isolated"},
                        {"type": "Digits", "individual_digits": True}],
        model="BPE", model_options={"unk_token": "[UNK]", "byte_fallback": False, "fuse_unk": True},
        # limit_alphabet cuts between two counts: at a tie HF keeps characters in hash order
        trainer={"vocab_size": 500, "min_frequency": 2, "special_tokens": ["[UNK]", "<s>"],
                 "limit_alphabet": 40, "max_token_length": 6,
                 "continuing_subword_prefix": "##", "end_of_word_suffix": "</w>"},
        decoder={"type": "BPEDecoder", "suffix": "</w>"})


def custom_wordpiece() -> PipelineSpec:
    return PipelineSpec(
        normalizers=[default_block("normalizer", "BertNormalizer") | {"strip_accents": False}],
        pre_tokenizers=[{"type": "Split", "pattern": {"Regex": r"\d+|[^\w\s]"},
                         "behavior": "Isolated", "invert": False},
                        {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first",
                         "split": True}],
        model="WordPiece", model_options={"unk_token": "[UNK]", "max_input_chars_per_word": 12},
        trainer={"vocab_size": 1200, "min_frequency": 1, "special_tokens": ["[UNK]", "[CLS]"],
                 "initial_alphabet": ["@", "#"], "continuing_subword_prefix": "++"},
        post_processor={"type": "TemplateProcessing", "single": "[CLS] $A",
                        "pair": "[CLS] $A $B:1"},
        decoder={"type": "WordPiece", "prefix": "++", "cleanup": False})


def custom_unigram() -> PipelineSpec:
    return PipelineSpec(
        normalizers=[{"type": "NFKC"}],
        pre_tokenizers=[{"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                         "use_regex": True}],
        model="Unigram", model_options={"unk_token": "<unk>"},
        trainer={"vocab_size": 400, "special_tokens": ["<unk>", "<pad>"],
                 "shrinking_factor": 0.5, "max_piece_length": 6},
        post_processor={"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                        "use_regex": True},
        decoder={"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                 "use_regex": True})


@pytest.mark.parametrize("make", [custom_bpe, custom_wordpiece])
def test_custom_specs_as_hf(make, corpus_file, monkeypatch):
    compare_with_hf(make(), corpus_file, monkeypatch)


def test_custom_unigram_as_hf(corpus_file, monkeypatch):
    mine, theirs = compare_with_hf(custom_unigram(), corpus_file, monkeypatch)
    ours_model, hf_model = (json.loads(t.to_str())["model"] for t in (mine, theirs))
    assert ours_model["unk_id"] == hf_model["unk_id"] == 0
    assert max(len(t) for t, _ in ours_model["vocab"]) <= 6


def test_bpe_model_options_survive_training(corpus_file):
    spec = custom_bpe()
    spec.model_options.update(dropout=0.25, byte_fallback=True)
    model = json.loads(drive(train_spec(spec, [Path(corpus_file)])).tokenizer.to_str())["model"]
    assert (model["dropout"], model["byte_fallback"], model["fuse_unk"]) == (0.25, True, True)
    assert (model["continuing_subword_prefix"], model["end_of_word_suffix"]) == ("##", "</w>")
    assert max(len(t.removeprefix("##").removesuffix("</w>")) for t in model["vocab"]) <= 6


# ------------------------------------------------------------------ stage previews
def hf_stage(hf, kind: str, blocks: list[dict]):
    """HF's normalizer / pre-tokenizer of these blocks (a Sequence, as a tokenizer holds)."""
    data = json.loads(hf.Tokenizer(hf.models.BPE()).to_str())
    data[kind] = {"type": "Sequence", ("normalizers" if kind == "normalizer"
                                       else "pretokenizers"): blocks}
    return getattr(hf.Tokenizer.from_str(json.dumps(data)), kind)


@pytest.mark.parametrize("make", [course_bert, course_gpt2, course_xlnet, custom_bpe,
                                  custom_wordpiece, custom_unigram])
def test_stage_previews_equal_hf(make):
    hf = pytest.importorskip("tokenizers")
    spec = make()
    for text in [*TRICKY, *PROBES]:
        preview = stage_preview(spec, text)
        assert preview.original == text and not preview.truncated
        for k, stage in enumerate(preview.normalizers, start=1):
            theirs = hf_stage(hf, "normalizer", spec.normalizers[:k])
            assert stage.text == theirs.normalize_str(text)
            assert len(stage.alignments) == len(stage.text)
            assert stage.label == block_label(spec.normalizers[k - 1])
        normalized = preview.normalized
        alignments = preview.normalizers[-1].alignments if preview.normalizers else None
        for k, stage in enumerate(preview.pre_tokenizers, start=1):
            theirs = hf_stage(hf, "pre_tokenizer", spec.pre_tokenizers[:k]).pre_tokenize_str(
                normalized)
            assert [(p.text, p.normalized) for p in stage.pieces] == theirs, (text, k)
            for piece in stage.pieces:
                start, end = piece.normalized
                if alignments is None:
                    assert piece.original == piece.normalized
                elif start < end and not piece.text.startswith("▁"):  # ▁ is inserted text
                    assert piece.original == (alignments[start][0], alignments[end - 1][1])


def test_preview_of_a_long_text_is_its_head():
    text = "word " * 10_000
    preview = stage_preview(course_bert(), text, limit=2000)
    assert preview.truncated and preview.original == text[:2000]
    assert len(preview.pre_tokenizers[-1].pieces) == 400
    assert not stage_preview(course_bert(), text, limit=None).truncated


# ------------------------------------------------------------------ blocks and validation
def test_precompiled_normalizer_from_an_opened_tokenizer():
    from spm_models import spm_charsmap

    hf = pytest.importorskip("tokenizers")
    charsmap = spm_charsmap("nmt_nfkc")
    opened = Tokenizer(BPE())
    opened.normalizer = normalizers.Sequence([normalizers.Precompiled(charsmap),
                                              normalizers.Lowercase()])
    block = precompiled_block(opened)
    assert block["type"] == "Precompiled"
    assert precompiled_block(Tokenizer(BPE())) is None
    spec = course_xlnet()
    spec.normalizers = [block]
    text = "ﬁnance ①②③ ＡＢＣ１２３  café"
    stage = stage_preview(spec, text).normalizers[0]
    assert stage.text == hf_stage(hf, "normalizer", [block]).normalize_str(text)
    assert block_label(block).startswith("Precompiled(precompiled_charsmap=<")


def test_default_blocks_are_complete_and_valid():
    assert default_block("pre_tokenizer", "Digits") == {"type": "Digits",
                                                        "individual_digits": True}
    assert default_block("normalizer", "BertNormalizer")["clean_text"] is True
    assert default_block("pre_tokenizer", "ByteLevel")["add_prefix_space"] is False
    for kind, names in (("normalizer", NORMALIZER_TYPES[:-1]),  # all but Precompiled
                        ("pre_tokenizer", PRE_TOKENIZER_TYPES), ("decoder", DECODER_TYPES),
                        ("post_processor", POST_PROCESSOR_TYPES)):
        for name in names:
            block = default_block(kind, name)
            assert block["type"] == name
            if name != "TemplateProcessing":
                assert component_from_dict(kind, block).to_dict() == block
    with pytest.raises(PipelineError, match="opened tokenizer"):
        default_block("normalizer", "Precompiled")


@pytest.mark.parametrize("change, message", [
    (lambda s: s.normalizers.append({"type": "Nope"}), r"normalizer 4 \(Nope\)"),
    (lambda s: s.pre_tokenizers.append({"type": "Split", "pattern": {"Regex": "("},
                                        "behavior": "Isolated", "invert": False}),
     r"pre-tokenizer 2 \(Split\)"),
    (lambda s: s.trainer.update(vocab_size=0), "vocab_size must be an integer ≥ 1"),
    (lambda s: s.trainer.update(shrinking_factor=0.5), "WordPiece has no trainer option"),
    (lambda s: s.model_options.update(dropout=0.1), "WordPiece has no model option"),
    (lambda s: s.trainer.update(special_tokens=["[UNK]"]), "'\\[CLS\\]' is not a special token"),
    (lambda s: s.post_processor.update(single=""), "single sequence must be a non-empty"),
    (lambda s: s.trainer.update(initial_alphabet=["ab"]), "single characters"),
    (lambda s: setattr(s, "model", "WordLevel"), "unknown model 'WordLevel'"),
])
def test_bad_specs_raise_one_line(change, message):
    spec = course_bert()
    change(spec)
    with pytest.raises(PipelineError, match=message) as caught:
        validate(spec)
    assert "\n" not in str(caught.value)
    with pytest.raises(PipelineError):
        drive(train_spec(spec, ["no such corpus file"]))  # before any reading


def test_changing_the_model_keeps_the_vocab_size():
    spec = course_bert()
    spec.trainer.update(vocab_size=1234, min_frequency=3, limit_alphabet=50)
    unigram = with_model(spec, "Unigram")
    assert unigram.trainer == {"vocab_size": 1234, "special_tokens": spec.special_tokens}
    assert unigram.model_options == {"unk_token": "[UNK]"}
    bpe = with_model(unigram, "BPE")
    assert bpe.vocab_size == 1234 and bpe.normalizers == spec.normalizers
    validate(bpe)


def test_progress_kind_and_byte_alphabet():
    assert [progress_kind(starting_point(label)) for label in STARTING_POINTS] == [
        "wordpiece", "byte-bpe", "unigram", "byte-bpe", "bpe", "wordpiece", "unigram", "byte-bpe"]
    spec = course_gpt2()
    assert not has_byte_alphabet(spec)
    spec.trainer["initial_alphabet"] = ["ж"]
    set_byte_alphabet(spec, True)
    assert has_byte_alphabet(spec) and "ж" in spec.trainer["initial_alphabet"]
    assert spec.trainer["initial_alphabet"] == sorted(spec.trainer["initial_alphabet"])
    assert has_byte_alphabet(preset_spec("byte-bpe", 500))
    set_byte_alphabet(spec, False)
    assert spec.trainer["initial_alphabet"] == ["ж"]


def test_untrained_tokenizer_loads_in_hf():
    hf = pytest.importorskip("tokenizers")
    for label in STARTING_POINTS:
        spec = starting_point(label)
        data = json.loads(build_untrained(spec).to_str())
        theirs = json.loads(hf.Tokenizer.from_str(json.dumps(data)).to_str())
        assert theirs == data, label
    assert isinstance(build_untrained(course_gpt2()).pre_tokenizer, pre_tokenizers.ByteLevel)
