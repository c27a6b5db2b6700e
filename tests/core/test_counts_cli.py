"""``subword count`` and ``subword train --counts``: outputs, one-line errors, usage errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cli_runner import cli
from subword_core.corpus import read_counts

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
ENGLISH = CORPORA / "english.txt"
MULTI = CORPORA / "multilingual.txt"



def test_count_then_train_from_counts_equals_training_on_files(capsys, tmp_path):
    counts = tmp_path / "counts.tsv.gz"
    assert cli(capsys, "count", ENGLISH, MULTI, "-a", "wordpiece", "-o", counts)[0] == 0
    assert [f["path"] for f in read_counts(counts).files] == [str(ENGLISH), str(MULTI)]
    for size in (900, 1200):  # several vocabulary sizes from one pass over the corpus
        code, _, err = cli(capsys, "train", "--counts", counts, "-a", "wordpiece", "-v", size,
                           "-o", tmp_path / f"c{size}.json")
        assert (code, err) == (0, "")
        assert cli(capsys, "train", ENGLISH, MULTI, "-a", "wordpiece", "-v", size,
                   "-o", tmp_path / f"f{size}.json")[0] == 0
        assert (tmp_path / f"c{size}.json").read_text() == (tmp_path / f"f{size}.json").read_text()


def test_count_like_a_tokenizer(capsys, tmp_path):
    assert cli(capsys, "train", ENGLISH, "-a", "unigram", "-v", 300,
               "-o", tmp_path / "u.json")[0] == 0
    counts = tmp_path / "like.tsv"
    assert cli(capsys, "count", MULTI, "--like", tmp_path / "u.json", "-o", counts)[0] == 0
    assert cli(capsys, "train", "--counts", counts, "--like", tmp_path / "u.json", "-v", 700,
               "-o", tmp_path / "a.json")[0] == 0
    assert cli(capsys, "train", MULTI, "--like", tmp_path / "u.json", "-v", 700,
               "-o", tmp_path / "b.json")[0] == 0
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()
    # the unigram preset counts with the same components as this tokenizer
    assert cli(capsys, "train", "--counts", counts, "-a", "unigram", "-v", 700,
               "-o", tmp_path / "c.json")[0] == 0


def test_counts_of_another_pipeline_are_refused(capsys, tmp_path):
    counts = tmp_path / "bpe.tsv.gz"
    assert cli(capsys, "count", ENGLISH, "-a", "bpe", "-o", counts)[0] == 0
    code, out, err = cli(capsys, "train", "--counts", counts, "-a", "byte-bpe", "-v", 400,
                         "-o", tmp_path / "t.json")
    assert code == 1 and out == ""
    assert err.startswith(f"subword: error: {counts}: counted with normalizer none, "
                          "pre-tokenizer Whitespace, not with the pipeline byte-bpe needs")
    assert err.count("\n") == 1 and not (tmp_path / "t.json").exists()


@pytest.mark.parametrize("args, message", [
    (["train", "--counts", "{tmp}/missing.tsv.gz", "-a", "bpe", "-v", "50"],
     "cannot read counts file {tmp}/missing.tsv.gz: No such file or directory"),
    (["train", "--counts", "{corpus}", "-a", "bpe", "-v", "50"],
     "{corpus} is not a counts file (line 1 does not start with '# subword-counts')"),
    (["count", "{tmp}/missing.txt", "-a", "bpe"], "no such file: {tmp}/missing.txt"),
    (["count", "{corpus}", "--like", "{corpus}"], None),
])
def test_bad_input_exits_1_with_one_line(capsys, tmp_path, args, message):
    fill = {"tmp": tmp_path, "corpus": ENGLISH}
    args = [a.format(**fill) for a in args] + ["-o", str(tmp_path / "out")]
    code, out, err = cli(capsys, *args)
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith("subword: error: ")
    if message is not None:
        assert err == f"subword: error: {message.format(**fill)}\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args", [
    ["train", "{corpus}", "--counts", "c.tsv.gz", "-a", "bpe", "-v", "50", "-o", "x"],
    ["train", "-a", "bpe", "-v", "50", "-o", "x"],
    ["count", "{corpus}", "-a", "bpe", "--dask", "tcp://127.0.0.1:1", "--workers", "2", "-o", "x"],
    ["count", "{corpus}", "-o", "x"],
    ["count", "{corpus}", "-a", "bpe", "--partition-mb", "0", "-o", "x"],
])
def test_usage_errors_exit_2(capsys, args):
    code, _, err = cli(capsys, *[a.format(corpus=ENGLISH) for a in args])
    assert code == 2 and "usage:" in err


def test_missing_extras_say_how_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, _, err = cli(capsys, "count", ENGLISH, "-a", "bpe", "--dask", "local",
                       "-o", tmp_path / "c.tsv")
    assert (code, err) == (1, "subword: error: counting on Dask needs dask and distributed: "
                              "install it with pip install '.[dask]'\n")
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    (tmp_path / "c.parquet").write_bytes(b"PAR1")
    code, _, err = cli(capsys, "count", tmp_path / "c.parquet", "-a", "bpe",
                       "-o", tmp_path / "c.tsv")
    assert (code, err) == (1, "subword: error: reading Parquet and Arrow files needs pyarrow: "
                              "install it with pip install '.[parquet]'\n")


@pytest.mark.parametrize("algorithm", ["byte-bpe", "bpe", "wordpiece", "unigram"])
def test_a_vocab_size_below_the_alphabet_is_refused_in_one_line(capsys, tmp_path, algorithm):
    # issue 21: bpe and wordpiece quietly gave 706 and 550 tokens where the others refused
    code, out, err = cli(capsys, "train", ENGLISH, "-a", algorithm, "-v", 5,
                         "-o", tmp_path / "t.json")
    assert (code, out) == (1, "") and not (tmp_path / "t.json").exists()
    assert err.startswith(f"subword: error: vocab size 5 is too small for {algorithm}: the ")
    assert " need at least " in err and err.count("\n") == 1 and "Traceback" not in err
    minimum = int(err.rsplit(" ", 1)[1].replace(",", ""))
    code, _, err = cli(capsys, "train", ENGLISH, "-a", algorithm, "-v", minimum,
                       "-o", tmp_path / "t.json")
    assert (code, err) == (0, "")
