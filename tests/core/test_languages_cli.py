"""``subword languages`` (issue 24): the table, --json, --csv, errors."""

from __future__ import annotations

import csv
import json

import pytest
from cli_runner import cli

from subword_core import Tokenizer
from subword_core.models import WordLevel
from subword_core.pre_tokenizers import WhitespaceSplit


@pytest.fixture
def files(tmp_path):
    tok = Tokenizer(WordLevel({"[UNK]": 0, "a": 1, "b": 2, "c": 3, "x": 4}, unk_token="[UNK]"))
    tok.pre_tokenizer = WhitespaceSplit()
    tok.save(str(tmp_path / "w.json"))
    folder = tmp_path / "flores"
    folder.mkdir()
    (folder / "eng_Latn.dev").write_text("a b\nc\n", encoding="utf-8")
    (folder / "xxx_Latn.dev").write_text("a b c x\nq q\n", encoding="utf-8")
    return tmp_path / "w.json", folder


def test_json_is_one_object_per_tokenizer(capsys, files):
    tok, corpus = files
    code, out, err = cli(capsys, "languages", corpus, "-t", tok, "--json")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["gini"] == pytest.approx(1 / 6) and data["pivot"] == "eng_Latn"
    xx = data["languages"]["xxx_Latn"]
    assert (xx["tokens"], xx["bytes"], xx["characters"], xx["premium"]) == (6, 10, 10, 2.0)
    assert xx["vocab_used"] == 1.0 and 0 < xx["renyi_efficiency"] <= 1


def test_table_pivot_alpha_and_csv(capsys, files, tmp_path):
    tok, corpus = files
    code, out, err = cli(capsys, "languages", corpus, "-t", tok, "--pivot", "xxx_Latn",
                         "--alpha", "3", "--csv", tmp_path / "out.csv")
    assert code == 0, err
    assert "Gini 0.167, pivot xxx_Latn, Rényi α=3" in out
    assert any(line.split()[:2] == ["eng_Latn", "3"] and "0.50" in line
               for line in out.splitlines())
    rows = list(csv.DictReader((tmp_path / "out.csv").open(encoding="utf-8")))
    assert [(r["language"], r["premium"], r["alpha"]) for r in rows] == [
        ("eng_Latn", "0.5", "3.0"), ("xxx_Latn", "1.0", "3.0")]


def test_a_missing_pivot_and_misaligned_files_are_data_errors(capsys, files):
    tok, corpus = files
    code, _, err = cli(capsys, "languages", corpus, "-t", tok, "--pivot", "kor_Hang")
    assert code == 1 and "no pivot language kor_Hang" in err
    (corpus / "fra_Latn.dev").write_text("a\n", encoding="utf-8")
    code, _, err = cli(capsys, "languages", corpus, "-t", tok)
    assert code == 1 and "fra_Latn.dev has 1" in err


def test_bundled_sample_and_a_tokenizer_named_twice(capsys, files):
    from subword_core.corpus.parallel import sample_path

    tok, _ = files
    code, out, err = cli(capsys, "languages", sample_path(), "-t", tok, "-t", tok, "--json",
                         "--limit", "5")
    assert code == 0, err
    assert len(out.splitlines()) == 1  # a tokenizer named twice is measured once
    data = json.loads(out)
    assert len(data["languages"]) == 14 and data["languages"]["eng_Latn"]["premium"] == 1.0
