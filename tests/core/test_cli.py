"""The ``subword`` command, run as a subprocess: outputs, exit codes, one-line errors, atomicity."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from subword_core.cli import main
from cli_runner import cli

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
ENGLISH = CORPORA / "english.txt"
MULTI = CORPORA / "multilingual.txt"
VOCAB = {"byte-bpe": 400, "bpe": 1000, "wordpiece": 1000, "unigram": 1000}
MODEL = {"byte-bpe": "BPE", "bpe": "BPE", "wordpiece": "WordPiece", "unigram": "Unigram"}


def run(*args, stdin: str | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "subword_core", *map(str, args)],
                          capture_output=True, text=True, input=stdin, timeout=120, **kwargs)



def assert_data_error(out: subprocess.CompletedProcess, message: str) -> None:
    assert out.returncode == 1, out.stderr
    assert out.stdout == ""
    assert out.stderr.startswith("subword: error: ") and message in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> dict[str, Path]:
    """One tokenizer.json per algorithm, trained through the CLI (byte-bpe as a subprocess)."""
    root = tmp_path_factory.mktemp("cli")
    paths = {}
    for algorithm, vocab in VOCAB.items():
        out = root / f"{algorithm}.json"
        args = ["train", ENGLISH, MULTI, "--algorithm", algorithm, "--vocab-size", vocab,
                "-o", out, "--history", root / f"{algorithm}.jsonl"]
        if algorithm == "byte-bpe":
            done = run(*args)
            assert done.returncode == 0, done.stderr
            assert done.stdout == "" and done.stderr == ""  # no terminal: silent
        else:
            assert main([str(a) for a in args]) == 0
        paths[algorithm] = out
    return paths


# -- success paths ----------------------------------------------------------------------------
@pytest.mark.parametrize("algorithm", list(VOCAB))
def test_train_writes_a_tokenizer_and_history(trained, algorithm):
    data = json.loads(trained[algorithm].read_text(encoding="utf-8"))
    assert data["model"]["type"] == MODEL[algorithm]
    lines = trained[algorithm].with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "header" and header["options"]["vocab_size"] == VOCAB[algorithm]
    assert len(lines) > 1


@pytest.mark.parametrize("algorithm", list(VOCAB))
def test_info_lists_components_size_and_specials(trained, algorithm, capsys):
    code, out, _ = cli(capsys, "info", trained[algorithm])
    assert code == 0
    assert f"model:          {MODEL[algorithm]}" in out
    assert "special tokens:" in out and "vocab size:" in out
    if algorithm == "wordpiece":
        assert '"single": "[CLS] $A [SEP]"' in out
        assert "[PAD] (0), [UNK] (1), [CLS] (2), [SEP] (3), [MASK] (4)" in out


def test_encode_json_and_table(trained, capsys):
    text = "Le café 한국 😀"
    code, out, _ = cli(capsys, "encode", "-t", trained["byte-bpe"], "--json", text)
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["ids", "tokens", "offsets", "word_ids"]
    assert len(data["ids"]) == len(data["tokens"]) == len(data["offsets"])
    assert all(0 <= s <= e <= len(text) for s, e in data["offsets"])
    code, out, _ = cli(capsys, "encode", "-t", trained["wordpiece"], "the lighthouse")
    assert code == 0
    first, *rows, last = out.splitlines()
    assert first.split() == ["#", "id", "token", "span", "word", "text"]
    assert rows[0].split()[2:5] == ['"[CLS]"', "0:0", "-"]
    assert rows[1].split()[3:5] == ["0:" + rows[1].split()[3].split(":")[1], "0"]
    assert last == f"{len(rows)} tokens"


def test_encode_from_a_file_and_stdin(trained, tmp_path, capsys, monkeypatch):
    path = tmp_path / "in.txt"
    path.write_bytes(b"the river\n" + b"\xff\n")
    code, out, err = cli(capsys, "encode", "-t", trained["bpe"], "--json", "--file", path)
    assert code == 0 and "invalid UTF-8" in err
    assert json.loads(out)["tokens"][0] == "the</w>"
    monkeypatch.setattr("sys.stdin", io.StringIO("the bread"))
    code, out, _ = cli(capsys, "encode", "-t", trained["unigram"], "--json", "--file", "-")
    assert code == 0 and json.loads(out)["tokens"][0].startswith("▁")


def test_train_reads_jsonl_csv_and_directories(tmp_path, capsys):
    out = tmp_path / "mix.json"
    code, _, err = cli(capsys, "train", CORPORA / "reviews.jsonl", CORPORA / "phrases.csv",
                       CORPORA / "code", "--glob", "**/*.py", "--column", "text", "--field", "text",
                       "-a", "wordpiece", "--scoring", "frequency", "-v", 600,
                       "--special-tokens", "[UNK]", "[CLS]", "[SEP]", "-o", out)
    assert code == 0, err
    vocab = json.loads(out.read_text(encoding="utf-8"))["model"]["vocab"]
    assert [vocab["[UNK]"], vocab["[CLS]"], vocab["[SEP]"]] == [0, 1, 2] and "[PAD]" not in vocab
    # code, a Chinese review, and a Korean one (BERT's accent stripping splits Hangul into jamo)
    assert {"def", "烧", "\u110f"} <= set(vocab)


def test_invalid_utf8_is_a_warning_not_an_error(tmp_path):
    corpus = tmp_path / "bad.txt"
    corpus.write_bytes(b"good words here\nbad \xff\xfe bytes\n" * 20)
    out = run("train", corpus, "-a", "bpe", "-v", 60, "-o", tmp_path / "t.json")
    assert out.returncode == 0, out.stderr
    warning = f"{corpus}: 40 invalid UTF-8 sequences replaced by U+FFFD"
    assert out.stderr == f"subword: warning: {warning}\n"


def test_a_closed_pipe_is_quiet(trained):
    info = subprocess.Popen([sys.executable, "-m", "subword_core", "encode", "-t",
                             str(trained["byte-bpe"]), "word " * 20000],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    info.stdout.readline()
    info.stdout.close()  # like `| head -1`
    assert info.wait(timeout=60) == 141
    assert info.stderr.read() == b""
    info.stderr.close()


def test_console_script_is_installed():
    script = Path(sys.executable).with_name("subword")
    if not script.exists():
        pytest.skip("package not installed in this interpreter's environment")
    out = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "train" in out.stdout


# -- data errors: exit 1, one line, no traceback ----------------------------------------------
@pytest.mark.parametrize("case, content, vocab, message", [
    ("missing", None, 300, "no such file: "),
    ("empty", b"", 300, "corpus is empty: no text in "),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 300, "binary file (NUL bytes)"),
    ("impossible vocab size", b"words\n", 100, "vocab size 100 is too small for byte-bpe"),
])
def test_data_errors_exit_1_and_leave_the_output_untouched(tmp_path, case, content, vocab,
                                                           message):
    corpus = tmp_path / "c.txt"
    if content is not None:
        corpus.write_bytes(content)
    out = tmp_path / "OUT.json"
    out.write_text("precious", encoding="utf-8")
    assert_data_error(run("train", corpus, "-a", "byte-bpe", "-v", vocab, "-o", out), message)
    assert out.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["OUT.json"] + (["c.txt"] if content is not None else []))  # no temporary file left


def test_whitespace_only_corpus_is_empty(tmp_path, capsys):
    corpus = tmp_path / "c.txt"
    corpus.write_bytes(b"\n \n\t\n")
    code, _, err = cli(capsys, "train", corpus, "-a", "unigram", "-v", 30,
                       "-o", tmp_path / "o.json")
    assert code == 1 and err == f"subword: error: corpus is empty: no text in {corpus}\n"


def test_binary_file_next_to_text_is_skipped_with_a_warning(tmp_path, capsys):
    binary, text = tmp_path / "a.bin", tmp_path / "b.txt"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    text.write_text("some plain words\n" * 10, encoding="utf-8")
    code, _, err = cli(capsys, "train", binary, text, "-a", "bpe", "-v", 40,
                       "-o", tmp_path / "o.json")
    assert code == 0
    assert err == f"subword: warning: skipped {binary}: binary file (NUL bytes)\n"


def test_malformed_tokenizer_json(tmp_path):
    path = tmp_path / "tok.json"
    path.write_text('{"model": ', encoding="utf-8")
    assert_data_error(run("encode", "-t", path, "hello"), "")


@pytest.mark.parametrize("content", ['{"model": ', '{"model": {"type": "Nope"}}', "[1, 2]", "",
                                     '{"model": {"type": "BPE", "vocab": 3}}'])
@pytest.mark.parametrize("command", ["info", "encode"])
def test_malformed_tokenizer_json_variants(tmp_path, capsys, content, command):
    path = tmp_path / "tok.json"
    path.write_text(content, encoding="utf-8")
    args = ["info", path] if command == "info" else ["encode", "-t", path, "hello"]
    code, out, err = cli(capsys, *args)
    assert code == 1 and out == "" and err.startswith("subword: error: ") and err.count("\n") == 1


def test_missing_tokenizer_and_unwritable_output(tmp_path, capsys):
    code, _, err = cli(capsys, "info", tmp_path / "none.json")
    assert code == 1 and "none.json" in err and err.count("\n") == 1
    code, _, err = cli(capsys, "train", ENGLISH, "-a", "bpe", "-v", 200,
                       "-o", tmp_path / "no" / "dir" / "o.json")
    assert code == 1 and err.startswith("subword: error: No such file or directory")


# -- usage errors: exit 2 ---------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    [],
    ["train", str(ENGLISH), "-a", "bpe", "-v", "100"],                    # no -o
    ["train", str(ENGLISH), "-a", "sentencepiece", "-v", "100", "-o", "x.json"],
    ["train", str(ENGLISH), "-a", "bpe", "-v", "0", "-o", "x.json"],
    ["train", str(ENGLISH), "-a", "bpe", "-v", "many", "-o", "x.json"],
    ["train", str(ENGLISH), "-a", "bpe", "-v", "100", "--scoring", "frequency", "-o", "x.json"],
    ["train", str(ENGLISH), "-a", "bpe", "-v", "100", "--min-frequency", "-1", "-o", "x.json"],
    ["encode", "-t", "x.json"],
    ["encode", "-t", "x.json", "text", "--file", "f.txt"],
    ["frobnicate"],
])
def test_usage_errors_exit_2(tmp_path, capsys, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    assert "usage: subword" in err and "error:" in err
    assert not (tmp_path / "x.json").exists()


def test_usage_error_exit_2_as_a_process(tmp_path):
    out = run("train", ENGLISH, "-a", "bpe", "-v", "-3", "-o", "x.json", cwd=tmp_path)
    assert out.returncode == 2
    assert "usage: subword" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "x.json").exists()


# -- Ctrl-C and the terminal ------------------------------------------------------------------
def wait_until_blocked_in_pipe_read(pid: int, timeout: float = 60) -> None:
    wchan = Path(f"/proc/{pid}/wchan")
    if not wchan.exists():
        pytest.skip("needs Linux /proc/<pid>/wchan")
    deadline = time.monotonic() + timeout
    while "pipe_read" not in wchan.read_text():
        if time.monotonic() > deadline:
            pytest.fail("the CLI never blocked reading the FIFO")
        time.sleep(0.01)


def test_ctrl_c_exits_130_and_keeps_output(tmp_path):
    fifo = tmp_path / "corpus.txt"
    os.mkfifo(fifo)
    out = tmp_path / "OUT.json"
    out.write_text("precious", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "subword_core", "train", str(fifo),
                             "-a", "byte-bpe", "-v", "300", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Opening the FIFO for writing blocks until the CLI opens it for reading.
        with open(fifo, "w", encoding="utf-8") as writer:
            writer.write("some text\n" * 100)
            writer.flush()
            # subtle: a signal landing just before read() blocks is only noticed after the
            # next syscall (a CPython race); so wait until the CLI sleeps in the read.
            wait_until_blocked_in_pipe_read(proc.pid)
            proc.send_signal(signal.SIGINT)
            _, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert stderr == "subword: interrupted\n"
    assert out.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["OUT.json", "corpus.txt"]


def test_progress_bar_only_on_a_terminal(tmp_path):
    master, slave = pty.openpty()
    out = tmp_path / "t.json"
    proc = subprocess.Popen([sys.executable, "-m", "subword_core", "train", str(ENGLISH),
                             "-a", "bpe", "-v", "300", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        try:
            data = os.read(master, 4096) if ready else b""
        except OSError:  # EIO: the child closed the terminal
            data = b""
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    text = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0
    assert "\r" in text and "count_words" in text
    assert f"-> {out}" in text  # the closing summary line
