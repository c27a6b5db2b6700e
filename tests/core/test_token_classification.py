"""token_classification against transformers' TokenClassificationPipeline, on tiny random models.

The model folders are built here (tests/core/ner_models.py: our tokenizer + a random
BertForTokenClassification / RobertaForTokenClassification), never downloaded. For every
aggregation strategy and text, our groups must equal the pipeline's: label, start, end,
word and index exactly, score within float32 rounding.
"""

from __future__ import annotations

import random
import sys
import warnings
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
torch.set_num_threads(1)  # a tiny model: threads only add overhead on a shared machine

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ner_models import CORPUS, KINDS, TEXTS, build_folder  # noqa: E402

from subword_core.analysis.labels import STRATEGIES  # noqa: E402
from subword_core.analysis.token_classification import (  # noqa: E402
    MissingExtraError, ModelFolderError, load_classifier, subword_flags,
)

SCORE_TOLERANCE = 1e-5  # float32 softmax and means vs ours in float64
#: labels whose names exercise the grouping rules: no prefix, "-" inside a type, bare "B-"
ODD_LABELS = ["O", "PER-X", "B-A-B", "I-A-B", "MISC", "B-MISC", "X-Y-Z", "B-", "I-"]


@pytest.fixture(scope="session")
def folders(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("ner")
    built = {kind: build_folder(root / kind, kind) for kind in KINDS}
    built["unlimited"] = build_folder(root / "unlimited", "wordpiece", seed=1,
                                      model_max_length=None)
    built["odd"] = build_folder(root / "odd", "byte-bpe", seed=2, labels=ODD_LABELS)
    return built


@pytest.fixture(scope="session")
def classifiers(folders):
    return {name: load_classifier(folder) for name, folder in folders.items()}


@pytest.fixture(scope="session")
def pipelines(folders):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {name: transformers.pipeline("token-classification", model=str(folder),
                                            device="cpu")
                for name, folder in folders.items()}


def reference(pipe, text: str, strategy: str, **kw) -> list[dict]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Tokenizer does not support real words"
        return pipe(text, aggregation_strategy=strategy, **kw)


def check(clf, pipe, text: str, strategy: str) -> None:
    """Ours equals the pipeline's output; a text of no tokens at all (no special tokens
    either) gives no groups, where the pipeline's model fails on an empty input."""
    ours = clf.classify(text, strategy)
    if not len(ours.encoding):
        assert ours.groups == [] and ours.tokens == []
        with pytest.raises(RuntimeError):
            reference(pipe, text, strategy)
        return
    assert_same(ours, reference(pipe, text, strategy), strategy, text)


def assert_same(ours, ref: list[dict], strategy: str, text: str) -> None:
    key = "entity" if strategy == "none" else "entity_group"
    expected = [(e[key], e["start"], e["end"], e["word"], e.get("index")) for e in ref]
    got = [(g.label, g.start, g.end, g.word, g.index) for g in ours.groups]
    assert got == expected, (strategy, text)
    for g, e in zip(ours.groups, ref):
        assert g.score == pytest.approx(float(e["score"]), abs=SCORE_TOLERANCE), (strategy, text)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("kind", KINDS)
def test_groups_match_the_pipeline(classifiers, pipelines, kind, strategy):
    for text in TEXTS + [" ".join(CORPUS)]:  # the last one is truncated to 64 tokens
        check(classifiers[kind], pipelines[kind], text, strategy)


@pytest.mark.parametrize("kind", KINDS)
def test_subword_flags_are_the_pipelines(classifiers, pipelines, kind):
    """The per-token guesses equal gather_pre_entities on the pipeline's own encoding."""
    pipe, clf = pipelines[kind], classifiers[kind]
    strategy = transformers.pipelines.token_classification.AggregationStrategy.FIRST
    for text in TEXTS:
        inputs = pipe.tokenizer(text, return_special_tokens_mask=True,
                                return_offsets_mapping=True, truncation=True)
        n = len(inputs["input_ids"])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pre = pipe.gather_pre_entities(text, inputs["input_ids"], [[0.0]] * n,
                                           inputs["offset_mapping"],
                                           inputs["special_tokens_mask"], strategy)
        encoding, _ = clf.encode(text)
        flags, words = subword_flags(text, encoding, clf.prefix, clf.unk_id)
        assert [(p["index"], p["is_subword"], p["word"]) for p in pre] == [
            (i, flags[i], words[i]) for i in range(len(encoding))
            if not encoding.special_tokens_mask[i]], text
        rows = clf.classify(text, "none").tokens
        assert [(r.index, r.is_subword) for r in rows] == [
            (p["index"], p["is_subword"]) for p in pre]


def test_token_rows_are_the_unfiltered_none_output(classifiers, pipelines):
    text = TEXTS[0]
    ref = reference(pipelines["wordpiece"], text, "none", ignore_labels=[])
    rows = classifiers["wordpiece"].classify(text, "simple").tokens
    assert [(r.index, r.label, r.start, r.end, r.token) for r in rows] == [
        (e["index"], e["entity"], e["start"], e["end"], e["word"]) for e in ref]
    assert [r.score for r in rows] == pytest.approx([float(e["score"]) for e in ref],
                                                    abs=SCORE_TOLERANCE)
    assert len({r.label for r in rows}) > 2  # the scaled head does not predict one label


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_odd_label_names_group_as_the_pipeline(classifiers, pipelines, strategy):
    for text in TEXTS[:3]:
        check(classifiers["odd"], pipelines["odd"], text, strategy)


def test_a_long_text_is_truncated_as_the_pipeline_does_and_said(classifiers, pipelines):
    text = " ".join(CORPUS)
    result = classifiers["wordpiece"].classify(text, "simple")
    assert result.truncated and len(result.encoding) == 64
    assert "model_max_length" in result.note and "first" in result.note
    last = max(g.end for g in result.tokens)
    assert result.note.count(f"{last:,} characters") == 1
    assert not classifiers["wordpiece"].classify(TEXTS[0], "simple").truncated


def test_without_model_max_length_the_position_table_limits(classifiers, pipelines):
    clf, pipe = classifiers["unlimited"], pipelines["unlimited"]
    assert clf.max_length == 128
    short = TEXTS[0]
    assert_same(clf.classify(short, "first"), reference(pipe, short, "first"), "first", short)
    long = " ".join(CORPUS * 3)
    with pytest.raises(Exception):  # the pipeline does not truncate: the model fails
        reference(pipe, long, "simple")
    result = clf.classify(long, "simple")
    assert result.truncated and len(result.encoding) == 128
    assert "position table" in result.note


def test_byte_level_limit_leaves_roberta_padding_offset(tmp_path):
    clf = load_classifier(build_folder(tmp_path / "r", "byte-bpe", model_max_length=None))
    assert clf.max_length == 130 - clf.model.config.pad_token_id - 1


def test_missing_extra_is_one_line_with_the_install_command(folders, monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(MissingExtraError) as info:
        load_classifier(folders["wordpiece"])
    message = str(info.value)
    assert "\n" not in message and "pip install '.[ner]'" in message


def test_a_folder_without_a_model_is_refused(tmp_path, folders):
    with pytest.raises(ModelFolderError, match="config.json"):
        load_classifier(tmp_path)
    broken = tmp_path / "broken"
    broken.mkdir()
    for name in ("tokenizer.json", "tokenizer_config.json", "config.json"):
        (broken / name).write_bytes((folders["wordpiece"] / name).read_bytes())
    with pytest.raises(ModelFolderError, match="broken"):
        load_classifier(broken)  # no weights


def test_unknown_strategy_is_refused(classifiers):
    with pytest.raises(ValueError, match="strategy"):
        classifiers["wordpiece"].classify("x", "mean")


def _random_texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    pieces = [w for t in TEXTS + CORPUS for w in t.split(" ") if w] + [
        " ", "  ", "\t", "\n", "\u0301", "e\u0301", "é", "ﬁ", "㍿", "👨‍👩‍👧", "🏳️‍🌈", "##",
        "Ġ", "[UNK]", "<unk>", "[SEP]", "<mask>", "...", "—", "’s", "x" * 120, "ẞ", "İ"]
    texts = []
    for _ in range(n):
        parts = [rng.choice(pieces) for _ in range(rng.randint(0, 14))]
        texts.append("".join(p + rng.choice(["", " ", " ", "  ", "\t"]) for p in parts))
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS + ("odd",))
def test_random_texts_match_the_pipeline(classifiers, pipelines, kind):
    for text in _random_texts(hash(kind) % 1000, 300):
        for strategy in STRATEGIES:
            check(classifiers[kind], pipelines[kind], text, strategy)
