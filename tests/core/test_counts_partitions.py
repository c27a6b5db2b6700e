"""Partitions: line-aligned byte ranges, Parquet row groups, Arrow files, worker processes.

Every partitioned count is compared with the single-process count of the same corpus
(:func:`subword_core.corpus.iter_count_words`, itself checked against the components).
"""

from __future__ import annotations

import gzip
from collections import Counter
from dataclasses import asdict
from functools import reduce
from pathlib import Path

import pytest

from subword_core.corpus import Corpus, count_words, plan_partitions
from subword_core.corpus.partitions import (
    count_partition,
    finish,
    line_start_at,
    merge_partials,
)
from subword_core.errors import CorpusError
from subword_core.pre_tokenizers import Whitespace
from subword_core.training.presets import ALGORITHMS, counting_pipeline

LINES = ["héllo wörld 한국어 text\n", "\n", "naïve café 🙂 émoji\r\n", "repeated line\n",
         "repeated line\n", "   \n", "ünïcödé ẞ straße ﬁ ligature\n"]


def corpus_text(n: int = 60) -> str:
    # realistic enough: shared and new words, blank and repeated lines, no final newline
    lines = [LINES[i % len(LINES)].replace("text", f"text{i % 11}") for i in range(n)]
    return "".join(lines) + "last line without newline"


def write_corpus(path: Path, text: str | None = None, bad_bytes: bool = True) -> Path:
    data = (text if text is not None else corpus_text()).encode("utf-8")
    if bad_bytes:
        data = data.replace(b"repeated", b"rep\xffeated", 1)  # one invalid UTF-8 sequence
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(data))
    else:
        path.write_bytes(data)
    return path


def counted_in_parts(corpus: Corpus, normalizer, pre_tokenizer, partition_bytes: int):
    """Each partition counted alone, merged as a tree of neighbours (as on Dask)."""
    parts = plan_partitions(corpus, partition_bytes)
    level = [count_partition(p, normalizer, pre_tokenizer, corpus.field, corpus.column)
             for p in parts]
    while len(level) > 1:
        level = [reduce(merge_partials, level[i:i + 2]) for i in range(0, len(level), 2)]
    return finish(level[0], corpus), parts


def assert_same(result, single) -> None:
    assert result.counts == single.counts
    assert list(result.counts) == list(single.counts)  # first-occurrence order too
    assert asdict(result.report) == asdict(single.report)


def test_line_start_at(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(b"ab\n\xc3\xa9\xc3\xa9\ncd")
    with open(path, "rb") as fh:
        starts = [line_start_at(fh, offset, 11) for offset in range(12)]
    assert starts == [0, 3, 3, 3, 8, 8, 8, 8, 8, 11, 11, 11]


def test_cuts_land_on_line_starts_even_inside_a_character(tmp_path):
    path = write_corpus(tmp_path / "c.txt")
    data = path.read_bytes()
    parts = plan_partitions(Corpus([path]), 150)
    assert len(parts) > 4
    targets = [k * len(data) // len(parts) for k in range(1, len(parts))]
    assert any(0x80 <= data[t] < 0xC0 for t in targets), "no cut target inside a character"
    for part in parts[1:]:
        assert data[part.start - 1:part.start] == b"\n"
    assert [p.end for p in parts[:-1]] == [p.start for p in parts[1:]]
    assert parts[0].start == 0 and parts[-1].end is None
    assert sum(p.size for p in parts) == len(data)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_partitions_merged_equal_one_pass(tmp_path, algorithm):
    pipe = counting_pipeline(algorithm)
    files = [write_corpus(tmp_path / "a.txt"), write_corpus(tmp_path / "b.txt.gz"),
             write_corpus(tmp_path / "c.txt", corpus_text(7), bad_bytes=False)]
    corpus = Corpus(files)
    single = count_words(corpus, pipe.normalizer, pipe.pre_tokenizer)
    result, parts = counted_in_parts(corpus, pipe.normalizer, pipe.pre_tokenizer, 200)
    assert len(parts) > 6
    assert [p.file.path for p in parts if p.file.compression] == [files[1]]  # gzip: one part
    assert_same(result, single)
    assert single.report.invalid_utf8 == 2
    assert f"{files[0]}: 1 invalid UTF-8 sequences replaced by U+FFFD" in result.report.warnings


def test_one_long_line_is_one_partition(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("wörd " * 400, encoding="utf-8")
    assert len(plan_partitions(Corpus([path]), 100)) == 1


def test_a_binary_file_is_skipped_once(tmp_path):
    text = tmp_path / "t.txt"
    text.write_text("some words\n" * 30, encoding="utf-8")
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"x\0y\n" * 100)
    corpus = Corpus([text, binary])
    result, parts = counted_in_parts(corpus, None, Whitespace(), 64)
    assert sum(p.file.path == binary for p in parts) > 1
    assert_same(result, count_words(corpus, None, Whitespace()))
    assert result.report.skipped_files == [str(binary)]


def test_an_empty_corpus_fails_as_in_one_process(tmp_path):
    path = tmp_path / "blank.txt"
    path.write_text(" \n\n" * 50, encoding="utf-8")
    corpus = Corpus([path])
    with pytest.raises(CorpusError) as single:
        count_words(corpus, None, Whitespace())
    with pytest.raises(CorpusError) as parted:
        counted_in_parts(corpus, None, Whitespace(), 16)
    assert str(parted.value) == str(single.value)


def test_texts_are_not_partitioned():
    with pytest.raises(CorpusError, match="only files"):
        plan_partitions(Corpus(texts=["a"]))


def test_worker_processes_equal_one_pass(tmp_path):
    pipe = counting_pipeline("wordpiece")
    files = [write_corpus(tmp_path / "a.txt"), write_corpus(tmp_path / "b.txt.gz")]
    single = count_words(Corpus(files), pipe.normalizer, pipe.pre_tokenizer)
    events = []
    multi = count_words(files, pipe.normalizer, pipe.pre_tokenizer, n_workers=2,
                        partition_bytes=300, on_event=events.append)
    assert_same(multi, single)
    progress = [e.current for e in events if type(e).__name__ == "StageProgress"]
    assert len(progress) > 4 and progress == sorted(progress)
    assert progress[-1] == sum(f.stat().st_size for f in files)


def test_automatic_workers_read_partitions_or_feed_chunks(tmp_path, monkeypatch):
    # a large plain file: the workers read partitions of it; one gzip file (a single
    # partition): this process reads it and the workers count its chunks
    import subword_core.corpus.counting as counting
    import subword_core.corpus.reading as reading

    monkeypatch.setattr(reading, "PARALLEL_MIN_BYTES", 1)
    monkeypatch.setattr(reading, "SPAWN_PARALLEL_MIN_BYTES", 1)  # pytest-qt loaded Qt: spawn
    monkeypatch.setattr(counting, "MIN_PARTITION_BYTES", 200)
    monkeypatch.setattr(reading, "MAX_AUTO_WORKERS", 2)
    routes = []
    in_pool, pool_map = counting._in_pool, reading.count_chunks_in_pool
    monkeypatch.setattr(counting, "_in_pool", lambda *a: routes.append("parts") or in_pool(*a))
    monkeypatch.setattr(reading, "count_chunks_in_pool",
                        lambda *a: routes.append("chunks") or pool_map(*a))
    pipe = counting_pipeline("byte-bpe")
    plain, packed = write_corpus(tmp_path / "a.txt"), write_corpus(tmp_path / "b.txt.gz")
    for path, route in ((plain, "parts"), (packed, "chunks")):
        single = count_words(path, pipe.normalizer, pipe.pre_tokenizer, n_workers=1)
        auto = count_words(path, pipe.normalizer, pipe.pre_tokenizer, chunk_chars=100)
        assert_same(auto, single)
        assert routes.pop() == route


def test_forked_workers_count_as_one_process(tmp_path):
    # In a process without Qt or other threads, pools fork (this test process has loaded
    # Qt through pytest-qt, so its pools spawn): count there, by both routes.
    import json
    import subprocess
    import sys

    plain, packed = write_corpus(tmp_path / "a.txt"), write_corpus(tmp_path / "b.txt.gz")
    script = f"""
import json, sys
from subword_core._util.spawning import start_method
from subword_core.corpus import count_words
from subword_core.training.presets import counting_pipeline
assert start_method() == "fork", start_method()
pipe = counting_pipeline("byte-bpe")
out = {{}}
for path in ({str(plain)!r}, {str(packed)!r}):
    counts = count_words(path, pipe.normalizer, pipe.pre_tokenizer, n_workers=2,
                         partition_bytes=300, chunk_chars=100).counts
    out[path] = list(counts.items())
assert start_method() == "fork", start_method()
print(json.dumps(out))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2], timeout=120)
    forked = json.loads(done.stdout)
    pipe = counting_pipeline("byte-bpe")
    for path in (plain, packed):
        single = count_words(path, pipe.normalizer, pipe.pre_tokenizer, n_workers=1)
        assert [tuple(item) for item in forked[str(path)]] == list(single.counts.items())


# -- Parquet and Arrow --------------------------------------------------------------------------
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

TEXTS = [line.rstrip("\r\n") for line in corpus_text(40).splitlines()]


def _table(texts=TEXTS):
    return pa.table({"id": list(range(len(texts))), "text": texts,
                     "other": [t.upper() for t in texts]})


def test_parquet_row_groups_as_partitions(tmp_path):
    path = tmp_path / "c.parquet"
    pq.write_table(_table(), path, row_group_size=5)
    pipe = counting_pipeline("unigram")
    expected = count_words(TEXTS, pipe.normalizer, pipe.pre_tokenizer)
    single = count_words(Corpus([path]), pipe.normalizer, pipe.pre_tokenizer)
    assert single.counts == expected.counts and list(single.counts) == list(expected.counts)
    assert single.report.documents == len(TEXTS)
    result, parts = counted_in_parts(Corpus([path]), pipe.normalizer, pipe.pre_tokenizer, 100)
    assert len(parts) > 2 and parts[-1].end is None
    assert_same(result, single)


def test_parquet_column_option_and_nulls(tmp_path):
    path = tmp_path / "c.parquet"
    pq.write_table(pa.table({"text": ["a b", None, "b"], "n": [1, 2, 3],
                             "upper": ["A", "B", None]}), path, row_group_size=2)
    assert count_words(path, None, Whitespace()).counts == Counter(a=1, b=2)
    assert count_words(Corpus([path], column="upper"), None, Whitespace()).counts \
        == Counter(A=1, B=1)
    report = count_words(path, None, Whitespace()).report
    assert report.warnings == [f"{path}: skipped 1 null texts (first at row 2)"]
    with pytest.raises(CorpusError, match="column 'n' .* holds int64, not text"):
        count_words(Corpus([path], column="n"), None, Whitespace())
    with pytest.raises(CorpusError, match="has no column 'body'"):
        count_words(Corpus([path], column="body"), None, Whitespace())


def test_parquet_and_arrow_need_a_column_when_ambiguous(tmp_path):
    path = tmp_path / "two.parquet"
    pq.write_table(pa.table({"a": ["x"], "b": ["y"]}), path)
    with pytest.raises(CorpusError, match="several columns"):
        count_words(path, None, Whitespace())


@pytest.mark.parametrize("kind", ["stream", "file"])
def test_arrow_files_as_datasets_writes_them(tmp_path, kind):
    # HF datasets' save_to_disk / cache files are Arrow IPC streams; .feather/.arrow files too
    path = tmp_path / f"data-{kind}.arrow"
    table = _table()
    with pa.OSFile(str(path), "wb") as sink:
        writer = (pa.ipc.new_stream if kind == "stream" else pa.ipc.new_file)(sink, table.schema)
        for batch in table.to_batches(max_chunksize=7):
            writer.write_batch(batch)
        writer.close()
    pipe = counting_pipeline("byte-bpe")
    got = count_words(path, pipe.normalizer, pipe.pre_tokenizer)
    expected = count_words(TEXTS, pipe.normalizer, pipe.pre_tokenizer)
    assert got.counts == expected.counts and list(got.counts) == list(expected.counts)
    assert got.report.bytes == expected.report.bytes


def test_an_iterable_column_is_a_corpus():
    # what a datasets.Dataset column is: an iterable of str
    column = (text for text in TEXTS)
    assert count_words(column, None, Whitespace()).counts \
        == count_words(TEXTS, None, Whitespace()).counts


def test_broken_parquet_is_one_line(tmp_path):
    path = tmp_path / "bad.parquet"
    path.write_bytes(b"PAR1 not really")
    with pytest.raises(CorpusError, match=f"cannot read {path}") as info:
        count_words(path, None, Whitespace())
    assert "\n" not in str(info.value)
    gzipped = tmp_path / "x.parquet.gz"
    gzipped.write_bytes(b"")
    with pytest.raises(CorpusError, match="compress parquet files inside"):
        Corpus([gzipped])


def test_partitions_spread_over_the_workers():
    from subword_core.corpus.counting import MIN_PARTITION_BYTES, balanced_partition_bytes

    assert balanced_partition_bytes(64 << 20, 100 << 20, 2) == (100 << 20) // 8
    assert balanced_partition_bytes(64 << 20, 1 << 30, 2) == 64 << 20
    assert balanced_partition_bytes(64 << 20, 1 << 20, 8) == MIN_PARTITION_BYTES
    assert balanced_partition_bytes(300, 10 << 20, 2) == 300  # asked smaller: kept


def _stuck_count_task(task):
    """A partition count that waits until the test releases it (after the cancel); the
    flag file's path comes in the environment, which forked and spawned workers share."""
    import os
    import time

    from subword_core.corpus.counting import count_partition as real

    while not Path(os.environ["SUBWORD_TEST_RELEASE"]).exists():
        time.sleep(0.05)
    part, options = task
    return real(part, **options)


def test_a_cancel_ends_the_wait_for_a_partition_being_counted(tmp_path, monkeypatch):
    """Cancelling a load must not wait for the partition a worker is counting (seconds each
    on a big corpus): the wait ends with Cancelled, and no partial counts are returned."""
    import threading

    from subword_core.corpus import counting
    from subword_core.corpus.reading import Cancelled

    release = tmp_path / "release"
    monkeypatch.setenv("SUBWORD_TEST_RELEASE", str(release))
    monkeypatch.setattr(counting, "_count_task", _stuck_count_task)
    files = [write_corpus(tmp_path / "a.txt", corpus_text(400))]
    cancel = threading.Event()
    watchdog = threading.Timer(60, release.touch)  # the old wait would never end otherwise
    watchdog.start()
    gen = counting.iter_count(files, n_workers=2, partition_bytes=2000, cancel=cancel)
    try:
        assert type(next(gen)).__name__ == "StageStarted"
        threading.Timer(0.5, cancel.set).start()  # while the next partition is awaited
        with pytest.raises(Cancelled):
            next(gen)
        assert not release.exists()  # ended by the cancel, not by the watchdog
    finally:
        watchdog.cancel()
        release.touch()
        gen.close()
