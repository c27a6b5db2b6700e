"""The four training presets and train_tokenizer: pipelines, specials, events, HF parity."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from subword_core.corpus import Cancelled
from subword_core.errors import CorpusError, TrainingError, VocabSizeError
from subword_core.training.presets import ALGORITHMS, TrainedTokenizer, make_preset, train_tokenizer
from subword_core.trainers import TrainingHistory, drive
from subword_core.trainers.events import MergeAdded, UnigramStep
from subword_core._util.progress import StageProgress, StageStarted

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
ENGLISH = CORPORA / "english.txt"
MULTI = CORPORA / "multilingual.txt"

# Component JSON per preset, as tokenizer.json spells it (None = absent).
EXPECTED_TYPES = {
    "byte-bpe": (None, "ByteLevel", "BPE", "ByteLevel", "ByteLevel"),
    "bpe": (None, "Whitespace", "BPE", None, "BPEDecoder"),
    "wordpiece": ("BertNormalizer", "BertPreTokenizer", "WordPiece", "TemplateProcessing",
                  "WordPiece"),
    "unigram": ("NFKC", "Metaspace", "Unigram", None, "Metaspace"),
}
VOCAB = {"byte-bpe": 400, "bpe": 1000, "wordpiece": 1000, "unigram": 1000}


def train(algorithm: str, source=(ENGLISH, MULTI), vocab_size=None, **options) -> TrainedTokenizer:
    return drive(train_tokenizer(list(source), algorithm, vocab_size or VOCAB[algorithm],
                                 **options))


@pytest.fixture(scope="module")
def trained() -> dict[str, TrainedTokenizer]:
    return {algorithm: train(algorithm) for algorithm in ALGORITHMS}


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_pipeline_components(trained, algorithm):
    data = json.loads(trained[algorithm].tokenizer.to_str())
    parts = ("normalizer", "pre_tokenizer", "model", "post_processor", "decoder")
    types = tuple(data[p]["type"] if data[p] else None for p in parts)
    assert types == EXPECTED_TYPES[algorithm]
    assert trained[algorithm].tokenizer.get_vocab_size() <= VOCAB[algorithm]


def test_component_options_follow_the_recipes(trained):
    byte = json.loads(trained["byte-bpe"].tokenizer.to_str())
    assert byte["pre_tokenizer"]["add_prefix_space"] is False
    assert byte["post_processor"]["trim_offsets"] is False  # HF recipe and GPT-2's file
    bpe = json.loads(trained["bpe"].tokenizer.to_str())
    assert bpe["model"]["end_of_word_suffix"] == "</w>" and bpe["model"]["unk_token"] == "[UNK]"
    assert bpe["decoder"]["suffix"] == "</w>"
    wp = json.loads(trained["wordpiece"].tokenizer.to_str())
    assert wp["normalizer"]["lowercase"] is True
    assert wp["model"]["unk_token"] == "[UNK]" and wp["model"]["continuing_subword_prefix"] == "##"
    uni = json.loads(trained["unigram"].tokenizer.to_str())
    assert uni["pre_tokenizer"]["replacement"] == "▁"
    assert uni["pre_tokenizer"]["prepend_scheme"] == "always"
    assert uni["model"]["vocab"][uni["model"]["unk_id"]][0] == "<unk>"


@pytest.mark.parametrize("algorithm, specials", [
    ("byte-bpe", ["<|endoftext|>"]), ("bpe", ["[UNK]"]),
    ("wordpiece", ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]), ("unigram", ["<unk>"]),
])
def test_default_special_tokens_come_first(trained, algorithm, specials):
    tokenizer = trained[algorithm].tokenizer
    assert [tokenizer.token_to_id(t) for t in specials] == list(range(len(specials)))
    added = tokenizer.get_added_tokens_decoder()
    assert [added[i].content for i in range(len(specials))] == specials
    assert all(added[i].special for i in range(len(specials)))


def test_custom_special_tokens():
    result = train("byte-bpe", special_tokens=["<s>", "</s>", "<s>"])
    tok = result.tokenizer
    assert (tok.token_to_id("<s>"), tok.token_to_id("</s>")) == (0, 1)
    assert tok.token_to_id("<|endoftext|>") is None
    assert tok.encode("a <s> b").tokens.count("<s>") == 1


TEXTS = ["The lighthouse keeper's daughter wound the clock.", "Le café était déjà fermé.",
         "한국어 문장입니다.", "東京の朝は早い。", "Coffee ☕ then code 💻", "  two  spaces\n"]


@pytest.mark.parametrize("text", TEXTS)
def test_byte_bpe_round_trips_any_text(trained, text):
    tok = trained["byte-bpe"].tokenizer
    enc = tok.encode(text)
    assert tok.decode(enc.ids) == text
    assert all(0 <= s <= e <= len(text) for s, e in enc.offsets)


def test_wordpiece_template_and_decoding(trained):
    tok = trained["wordpiece"].tokenizer
    enc = tok.encode("The Lighthouse keeper", "the bread")
    assert enc.tokens[0] == "[CLS]" and enc.tokens.count("[SEP]") == 2
    assert enc.type_ids[-1] == 1 and enc.type_ids[0] == 0
    assert tok.decode(tok.encode("the lighthouse keeper").ids) == "the lighthouse keeper"


def test_bpe_and_unigram_decode(trained):
    bpe = trained["bpe"].tokenizer
    assert bpe.decode(bpe.encode("the river flows").ids) == "the river flows"
    assert "[UNK]" in bpe.encode("zebra ∰").tokens
    uni = trained["unigram"].tokenizer
    enc = uni.encode("the river flows")
    assert enc.tokens[0].startswith("▁")
    assert uni.decode(enc.ids) == "the river flows"


# -- train_tokenizer --------------------------------------------------------------------------
def test_events_come_in_stage_order():
    gen = train_tokenizer([ENGLISH], "byte-bpe", 300)
    events = []
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        result = stop.value
    assert events[0] == StageStarted("count_words", ENGLISH.stat().st_size)
    corpus_end = max(i for i, e in enumerate(events)
                     if isinstance(e, StageProgress) and e.current == ENGLISH.stat().st_size)
    merges = [e for e in events if isinstance(e, MergeAdded)]
    assert merges and events.index(merges[0]) > corpus_end
    assert [m.rank for m in merges] == list(range(len(merges)))
    assert isinstance(result.history, TrainingHistory)
    assert [m.token for m in result.history.merges] == [m.token for m in merges]
    assert result.report.documents == len(ENGLISH.read_text(encoding="utf-8").splitlines())


def test_unigram_history_has_rounds(trained):
    steps = trained["unigram"].history.steps
    assert steps and all(isinstance(s, UnigramStep) for s in steps)


def test_texts_source_is_the_gui_path():
    lines = ENGLISH.read_text(encoding="utf-8").splitlines()
    result = drive(train_tokenizer(lines, "wordpiece", 300, scoring="frequency"))
    assert result.report.files == [] and result.report.documents == len(lines)
    assert result.tokenizer.get_vocab_size() <= 300


def test_cancel_during_training():
    flag = threading.Event()

    def on_event(event):
        if isinstance(event, MergeAdded):
            flag.set()

    with pytest.raises(Cancelled):
        drive(train_tokenizer([ENGLISH], "bpe", 400, cancel=flag), on_event)


@pytest.mark.parametrize("kwargs, message", [
    ({"algorithm": "byte-bpe", "vocab_size": 100}, "too small for byte-bpe.*256 byte symbols"),
    ({"algorithm": "wordpiece", "vocab_size": 3}, "too small for wordpiece"),
    ({"algorithm": "bpe", "vocab_size": 0}, "positive integer"),
    ({"algorithm": "bpe", "vocab_size": 100, "scoring": "frequency"}, "wordpiece algorithm only"),
    ({"algorithm": "wordpiece", "vocab_size": 100, "scoring": "best"}, "scoring must be"),
    ({"algorithm": "sentencepiece", "vocab_size": 100}, "unknown algorithm"),
    ({"algorithm": "bpe", "vocab_size": 100, "special_tokens": [""]}, "non-empty"),
])
def test_impossible_requests(kwargs, message):
    with pytest.raises(TrainingError, match=message):
        make_preset(**kwargs)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_refuses_a_vocab_size_below_its_alphabet(algorithm):
    # issue 21: bpe and wordpiece quietly trained 706 and 550 tokens for 5, byte-bpe and
    # unigram refused; now all four refuse alike, naming the smallest size that trains
    with pytest.raises(VocabSizeError) as info:
        drive(train_tokenizer([MULTI], algorithm, 5))
    error = info.value
    assert isinstance(error, TrainingError) and error.algorithm == algorithm
    assert str(error).startswith(f"vocab size 5 is too small for {algorithm}: the ")
    assert str(error).endswith(f" need at least {error.minimum:,}") and "\n" not in str(error)
    result = drive(train_tokenizer([MULTI], algorithm, error.minimum))
    assert result.tokenizer.model.get_vocab_size() <= error.minimum
    assert not any("vocab size" in w for w in result.report.warnings)


def test_option_errors_come_before_reading(tmp_path):
    with pytest.raises(TrainingError):
        drive(train_tokenizer([tmp_path / "missing.txt"], "byte-bpe", 10))
    with pytest.raises(CorpusError, match="no such file"):
        drive(train_tokenizer([tmp_path / "missing.txt"], "byte-bpe", 300))


# -- parity with the tokenizers recipes ------------------------------------------------------
def test_byte_bpe_matches_hf_training_from_files(trained):
    hf = pytest.importorskip("tokenizers")
    tok = hf.Tokenizer(hf.models.BPE())
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = hf.decoders.ByteLevel()
    tok.post_processor = hf.processors.ByteLevel(trim_offsets=False)
    trainer = hf.trainers.BpeTrainer(vocab_size=VOCAB["byte-bpe"], show_progress=False,
                                     special_tokens=["<|endoftext|>"],
                                     initial_alphabet=hf.pre_tokenizers.ByteLevel.alphabet())
    tok.train([str(ENGLISH), str(MULTI)], trainer)  # HF keeps each line's "\n", as we do
    ours = json.loads(trained["byte-bpe"].tokenizer.to_str())
    theirs = json.loads(tok.to_str())
    for part in ("pre_tokenizer", "post_processor", "decoder", "added_tokens"):
        assert ours[part] == theirs[part], part
    assert ours["model"]["merges"] == theirs["model"]["merges"]
    assert ours["model"]["vocab"] == theirs["model"]["vocab"]
    ours_loaded = hf.Tokenizer.from_str(trained["byte-bpe"].tokenizer.to_str())
    for text in TEXTS:
        assert ours_loaded.encode(text).ids == tok.encode(text).ids


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_saved_files_load_in_hf(trained, algorithm):
    hf = pytest.importorskip("tokenizers")
    ours = trained[algorithm].tokenizer
    theirs = hf.Tokenizer.from_str(ours.to_str())
    for text in TEXTS:
        assert theirs.encode(text).ids == ours.encode(text).ids, text
