"""Counts files: round trip, training from them equals training from the corpus, refusals."""

from __future__ import annotations

import gzip
import hashlib
from collections import Counter
from pathlib import Path

import pytest

from subword_core.corpus import (
    CountsFile,
    CountsFileError,
    CorpusReport,
    count_words,
    pipeline_fingerprint,
    read_counts,
    write_counts,
)
from subword_core.corpus import counting as counting_module
from subword_core.errors import CorpusError
from subword_core.normalizers import NFKC, BertNormalizer
from subword_core.pre_tokenizers import Sequence, Split, Whitespace
from subword_core.training.presets import (
    ALGORITHMS,
    counting_pipeline,
    train_tokenizer,
)
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import drive

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"
MULTI = CORPORA / "multilingual.txt"
VOCAB = {"byte-bpe": 400, "bpe": 1000, "wordpiece": 1000, "unigram": 600}


def test_round_trip_keeps_words_order_and_metadata(tmp_path):
    # words a line-based format could break: tabs, newlines, backslashes, a CR, a lone surrogate
    counts = Counter({"zeta": 3, "a\tb": 1, "line\nbreak": 2, "back\\slash\\t": 5, "cr\r": 1,
                      "\\": 4, "é한": 7, "\ud800": 1})
    report = CorpusReport(files=["x.txt"], documents=3, bytes=40, characters=38, words=24,
                          unique_words=8, alphabet=Counter("zeta"), warnings=["w"])
    spec_file = CountsFile(counts, {"normalizer": None, "pre_tokenizer": {"type": "Whitespace"}},
                           [{"path": "x.txt", "size": 40, "sha256": "00"}], report)
    for name in ("c.tsv.gz", "c.tsv"):
        spec_file.save(tmp_path / name)
        back = read_counts(tmp_path / name)
        assert back.counts == counts and list(back.counts) == list(counts)
        assert back.report == report
        assert back.files == spec_file.files and back.pipeline == spec_file.pipeline
    plain = (tmp_path / "c.tsv").read_bytes()
    assert gzip.decompress((tmp_path / "c.tsv.gz").read_bytes()) == plain
    # reproducible: no time stamp in the gzip header (bytes 4-7, MTIME, RFC 1952), which two
    # calls within the same second could not show by comparing their bytes
    for data in (spec_file.to_bytes(), (tmp_path / "c.tsv.gz").read_bytes()):
        assert data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0"


def test_write_counts_records_pipeline_files_and_totals(tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("Hello wörld\nhello again\n", encoding="utf-8")
    result = count_words(corpus, NFKC(), Whitespace(), output=tmp_path / "c.tsv.gz")
    back = read_counts(tmp_path / "c.tsv.gz")
    assert back.counts == result.counts == Counter({"hello": 1, "Hello": 1, "wörld": 1,
                                                    "again": 1})
    assert back.fingerprint == pipeline_fingerprint(NFKC(), Whitespace())
    data = corpus.read_bytes()
    assert back.files == [{"path": str(corpus), "size": len(data),
                           "sha256": hashlib.sha256(data).hexdigest()}]
    assert (back.report.documents, back.report.words, back.report.bytes) == (2, 4, len(data))


@pytest.mark.parametrize("text, message", [
    ("not counts\n", "line 1 does not start"),
    ("# subword-counts 2 {}\n", "version '2' is not supported"),
    ("# subword-counts 1 {bad\n", "line 1: invalid metadata JSON"),
    ("# subword-counts 1 {}\n", "line 1: the metadata has no pipeline"),
    ('# subword-counts 1 {"pipeline": {}}\nword 3\n', "line 2: expected WORD<TAB>COUNT"),
    ('# subword-counts 1 {"pipeline": {}}\na\t1\nb\tx\n', "line 3: expected WORD<TAB>COUNT"),
    ('# subword-counts 1 {"pipeline": {}}\na\\q\t1\n', "line 2: unknown escape"),
    ('# subword-counts 1 {"pipeline": {}}\na\t1\na\t2\n', "line 3: the word 'a' is repeated"),
])
def test_malformed_counts_files_fail_in_one_line(tmp_path, text, message):
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CountsFileError, match=message) as info:
        read_counts(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_unreadable_counts_files(tmp_path):
    with pytest.raises(CountsFileError, match="cannot read counts file"):
        read_counts(tmp_path / "missing.tsv.gz")
    (tmp_path / "cut.tsv.gz").write_bytes(gzip.compress(b"# subword-counts 1 {}")[:12])
    with pytest.raises(CountsFileError, match="cannot read counts file"):
        read_counts(tmp_path / "cut.tsv.gz")


def _train(source, algorithm, **options):
    return drive(train_tokenizer(source, algorithm, VOCAB.get(algorithm, 200), **options))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_training_from_counts_equals_training_from_the_corpus(tmp_path, algorithm):
    pipeline = counting_pipeline(algorithm)
    out = tmp_path / "counts.tsv.gz"
    count_words(MULTI, pipeline=pipeline, output=out)
    from_corpus = _train([MULTI], algorithm)
    from_counts = _train(None, algorithm, counts=out)
    assert from_counts.tokenizer.to_str() == from_corpus.tokenizer.to_str()
    assert from_counts.history.records == from_corpus.history.records
    assert from_counts.report == from_corpus.report
    # and the same CountsFile object trains again (its report is not changed by training)
    counts_file = read_counts(out)
    twice = [_train(None, algorithm, counts=counts_file) for _ in range(2)]
    assert twice[0].tokenizer.to_str() == twice[1].tokenizer.to_str() \
        == from_corpus.tokenizer.to_str()


def test_training_like_a_tokenizer_from_counts(tmp_path):
    # a built pipeline: a Split pre-tokenizer the presets do not have
    base = drive(train_tokenizer([MULTI], "wordpiece", 700)).tokenizer
    base.pre_tokenizer = Sequence([Split(" ", "removed"), Whitespace()])
    like = Tokenizer.from_str(base.to_str())
    out = tmp_path / "like.tsv.gz"
    count_words(MULTI, pipeline=counting_pipeline(like=like), output=out)
    expected = drive(train_tokenizer([MULTI], None, 650, like=like)).tokenizer.to_str()
    assert drive(train_tokenizer(None, None, 650, like=like, counts=out)).tokenizer.to_str() \
        == expected
    # the wordpiece preset's pipeline is not this one
    with pytest.raises(CountsFileError, match="not with the pipeline wordpiece needs"):
        _train(None, "wordpiece", counts=out)


def test_counts_of_another_pipeline_are_refused(tmp_path):
    out = tmp_path / "bpe.tsv.gz"
    count_words(MULTI, pipeline=counting_pipeline("bpe"), output=out)
    with pytest.raises(CountsFileError) as info:
        _train(None, "unigram", counts=out)
    message = str(info.value)
    assert "\n" not in message
    assert "pre-tokenizer Whitespace" in message and "pre-tokenizer Metaspace" in message
    # same component types, different options: the difference is named
    lowered = CountsFile(Counter(a=1), {"normalizer": BertNormalizer(lowercase=False).to_dict(),
                                        "pre_tokenizer": None})
    with pytest.raises(CountsFileError, match="lowercase: false"):
        lowered.check_pipeline(BertNormalizer(lowercase=True), None)
    lowered.check_pipeline(BertNormalizer(lowercase=False), None)  # the same: accepted


def test_a_custom_component_cannot_be_recorded(tmp_path):
    from subword_core.components import CustomNormalizer

    class Lower:
        def normalize(self, normalized):
            normalized.lowercase()

    custom = CustomNormalizer(Lower())
    with pytest.raises(CorpusError, match="cannot record the normalizer"):
        count_words(["a b"], custom, Whitespace(), output=tmp_path / "x.tsv.gz")


def test_the_counts_cache_skips_the_corpus_pass(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    corpus = tmp_path / "c.txt"
    corpus.write_text(MULTI.read_text(encoding="utf-8"), encoding="utf-8")
    first = _train([corpus], "bpe", counts_cache=cache)
    assert len(list(cache.glob("*.tsv.gz"))) == 1

    def no_counting(*args, **kwargs):
        raise AssertionError("the corpus was read again")

    with monkeypatch.context() as patch:
        patch.setattr(counting_module, "iter_count", no_counting)
        again = drive(train_tokenizer([corpus], "bpe", 1100, counts_cache=cache))
        assert again.report == first.report
        # a cached count for one pipeline is not another's
        with pytest.raises(AssertionError, match="read again"):
            _train([corpus], "wordpiece", counts_cache=cache)
    uncached = drive(train_tokenizer([corpus], "bpe", 1100)).tokenizer
    assert again.tokenizer.to_str() == uncached.to_str()
    # a changed file is counted again
    corpus.write_text("new words here\n", encoding="utf-8")
    changed = _train([corpus], "bpe", counts_cache=cache)
    assert changed.report.words == 3
    assert len(list(cache.glob("*.tsv.gz"))) == 2  # bpe before and after the change


def test_write_counts_needs_no_corpus_for_texts(tmp_path):
    result = count_words(["a b a"], None, Whitespace())
    written = write_counts(tmp_path / "t.tsv", result, None, Whitespace())
    assert written.files == [] and read_counts(tmp_path / "t.tsv").counts == Counter(a=2, b=1)
