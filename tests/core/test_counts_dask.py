"""Counting on Dask: a LocalCluster of two processes on this machine (never an outside address).

The counts (words, their order, the report) must equal the single-process counts for
each preset, on plain and gzip files, with a plain file cut into partitions where a cut
target falls inside a multi-byte character, and on Parquet row groups.
"""

from __future__ import annotations

from dataclasses import asdict

import pytest

from subword_core.corpus import Corpus, count_words, plan_partitions, read_counts
from subword_core.errors import CorpusError
from subword_core.pre_tokenizers import Whitespace
from subword_core.training.presets import ALGORITHMS, counting_pipeline
from test_counts_partitions import TEXTS, corpus_text, write_corpus  # noqa: E402

distributed = pytest.importorskip("distributed")

from subword_core.corpus.counting import local_client  # noqa: E402


@pytest.fixture(scope="module")
def client():
    # LocalCluster(n_workers=2, processes=True, threads_per_worker=1), started once
    with local_client(2) as dask_client:
        assert len(dask_client.scheduler_info()["workers"]) == 2
        yield dask_client


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("dask-corpus")
    return [write_corpus(root / "plain.txt", corpus_text(120)),
            write_corpus(root / "small.txt.gz", corpus_text(30)),
            write_corpus(root / "tail.txt", corpus_text(9), bad_bytes=False)]


PARTITION_BYTES = 250


def test_the_plain_file_is_cut_inside_characters(files):
    data = files[0].read_bytes()
    parts = [p for p in plan_partitions(Corpus(files), PARTITION_BYTES) if p.file.path == files[0]]
    assert len(parts) >= 8  # a merge tree of depth 3 or more
    targets = [k * len(data) // len(parts) for k in range(1, len(parts))]
    assert any(0x80 <= data[t] < 0xC0 for t in targets)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_dask_counts_equal_one_process(client, files, algorithm):
    pipe = counting_pipeline(algorithm)
    single = count_words(Corpus(files), pipe.normalizer, pipe.pre_tokenizer)
    events = []
    on_dask = count_words(files, pipe.normalizer, pipe.pre_tokenizer, client=client,
                          partition_bytes=PARTITION_BYTES, on_event=events.append)
    assert on_dask.counts == single.counts
    assert list(on_dask.counts) == list(single.counts)
    assert asdict(on_dask.report) == asdict(single.report)
    # progress: one event per partition, then the end
    n_parts = len(plan_partitions(Corpus(files), PARTITION_BYTES))
    progress = [e for e in events if type(e).__name__ == "StageProgress"]
    assert len(progress) == n_parts + 1
    assert progress[-1].current == progress[-1].total == sum(f.stat().st_size for f in files)


def test_dask_writes_the_same_counts_file(client, files, tmp_path):
    pipe = counting_pipeline("bpe")
    count_words(files, pipeline=pipe, output=tmp_path / "one.tsv.gz")
    count_words(files, pipeline=pipe, client=client, partition_bytes=PARTITION_BYTES,
                output=tmp_path / "dask.tsv.gz")
    assert (tmp_path / "one.tsv.gz").read_bytes() == (tmp_path / "dask.tsv.gz").read_bytes()
    assert read_counts(tmp_path / "dask.tsv.gz").files[0]["size"] == files[0].stat().st_size


def test_dask_parquet_row_groups(client, tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "c.parquet"
    pq.write_table(pa.table({"text": TEXTS}), path, row_group_size=4)
    pipe = counting_pipeline("wordpiece")
    single = count_words(path, pipe.normalizer, pipe.pre_tokenizer)
    on_dask = count_words(path, pipe.normalizer, pipe.pre_tokenizer, client=client,
                          partition_bytes=64)
    assert len(plan_partitions(Corpus([path]), 64)) > 2
    assert list(on_dask.counts.items()) == list(single.counts.items())
    assert asdict(on_dask.report) == asdict(single.report)


def test_a_worker_error_is_raised_here_in_one_line(client, tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text('{"text": "a"}\n[1, 2\n', encoding="utf-8")
    csv = tmp_path / "c.csv"
    csv.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="has several columns") as info:
        count_words([path, csv], None, Whitespace(), client=client)
    assert "\n" not in str(info.value)


def test_texts_are_not_sent_to_a_cluster(client):
    with pytest.raises(CorpusError, match="counts files"):
        count_words(["a b"], None, Whitespace(), client=client)


def test_cli_joins_a_scheduler_by_address(client, files, tmp_path, capsys):
    from subword_core.cli import main

    address = client.scheduler.address  # this module's LocalCluster, on 127.0.0.1
    assert address.startswith(("tcp://127.0.0.1:", "tcp://localhost:"))
    assert main(["count", *map(str, files), "-a", "unigram", "--dask", address,
                 "-o", str(tmp_path / "dask.tsv.gz")]) == 0
    on_dask = capsys.readouterr().err
    assert main(["count", *map(str, files), "-a", "unigram",
                 "-o", str(tmp_path / "one.tsv.gz")]) == 0
    assert on_dask == capsys.readouterr().err
    assert on_dask.count("invalid UTF-8 sequences replaced") == 2  # one per file, not per part
    assert (tmp_path / "dask.tsv.gz").read_bytes() == (tmp_path / "one.tsv.gz").read_bytes()
