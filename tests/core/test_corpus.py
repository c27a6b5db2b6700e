"""Corpus reading and word counting: formats, compression, bad input, progress, cancel, workers."""

from __future__ import annotations

import bz2
import gc
import gzip
import json
import lzma
import subprocess
import sys
import textwrap
import threading
import warnings
from collections import Counter
from pathlib import Path

import pytest

from subword_core.corpus import _formats as _corpus_formats
from subword_core.corpus import (
    Cancelled,
    Corpus,
    CorpusReport,
    as_corpus,
    count_words,
    iter_count_words,
    preview,
    word_frequencies,
    words_function,
)
from subword_core.errors import CorpusError
from subword_core.normalizers import NFKC, BertNormalizer, Lowercase
from subword_core.pre_tokenizers import (
    BertPreTokenizer,
    ByteLevel,
    Metaspace,
    Punctuation,
    Whitespace,
    WhitespaceSplit,
)
from subword_core._util.progress import StageProgress, StageStarted

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "resources" / "corpora"
COMPRESSORS = {"": lambda b: b, ".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}


def write(path: Path, data: str | bytes, suffix: str = "") -> Path:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = path.with_name(path.name + suffix)
    target.write_bytes(COMPRESSORS[suffix](raw))
    return target


def docs(source, **options) -> list[str]:
    return list(as_corpus(source, **options).iter_documents())


# -- formats ----------------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", list(COMPRESSORS))
def test_txt_lines_are_documents_with_their_endings(tmp_path, suffix):
    path = write(tmp_path / "a.txt", "low lower\r\n\nnewest widest\nlast", suffix)
    assert docs(path) == ["low lower\r\n", "\n", "newest widest\n", "last"]
    counts, report = count_words(path)
    assert counts == Counter({"low": 1, "lower": 1, "newest": 1, "widest": 1, "last": 1})
    assert (report.documents, report.words, report.unique_words) == (4, 5, 5)
    assert report.bytes == len("low lower\r\n\nnewest widest\nlast")
    assert report.characters == report.bytes
    assert report.alphabet["w"] == 4 and report.alphabet["\n"] == 3
    assert report.files == [str(path)]


@pytest.mark.parametrize("suffix", list(COMPRESSORS))
def test_jsonl_field_and_bad_records(tmp_path, suffix):
    lines = ['{"text": "a b", "body": "x"}', '', 'not json', '{"id": 3}', '{"text": 5}',
             '["c"]', '{"text": "c d"}']
    path = write(tmp_path / "r.jsonl", "\n".join(lines) + "\n", suffix)
    report = CorpusReport()
    corpus_docs = list(Corpus([path]).iter_documents(report))
    assert corpus_docs == ["a b", "c d"]
    assert report.warnings == [f"{path}: skipped 4 records with no string field 'text' "
                               "(first at line 3)"]
    assert docs(path, field="body") == ["x"]


@pytest.mark.parametrize("suffix", ["", ".gz"])
def test_json_array_of_objects_or_strings(tmp_path, suffix):
    data = json.dumps([{"text": "uno dos"}, "tres", {"title": "no text"}, {"text": "cuatro"}])
    path = write(tmp_path / "d.json", data, suffix)
    assert docs(path) == ["uno dos", "tres", "cuatro"]
    path2 = write(tmp_path / "lines.json", '{"text": "a"}\n{"text": "b"}\n', suffix)
    assert docs(path2) == ["a", "b"]  # HF datasets writes JSON lines under .json


def test_json_streams_across_block_boundaries(tmp_path, monkeypatch):
    # Tiny blocks force values, numbers and multi-byte characters to be cut mid-way.
    monkeypatch.setattr(_corpus_formats, "READ_BYTES", 7)
    records = [{"n": 12345, "text": f"한국어 {i} 😀 é"} for i in range(40)]
    path = write(tmp_path / "big.json", json.dumps(records, ensure_ascii=False, indent=1))
    report = CorpusReport()
    assert list(Corpus([path]).iter_documents(report)) == [r["text"] for r in records]
    assert report.invalid_utf8 == 0
    assert report.bytes == path.stat().st_size


@pytest.mark.parametrize("content, message", [
    ('[{"text": "a"}, {"text": }]', "invalid JSON"),
    ('[{"text": "a"}, {"text": "b"}', "not closed"),
])
def test_malformed_json_is_an_error(tmp_path, content, message):
    path = write(tmp_path / "bad.json", content)
    with pytest.raises(CorpusError, match=message) as info:
        docs(path)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("content, where", [
    # a string cut by the end of the file: located by where the string starts
    ('[{"text": "a"}, {"text": "an unfinished stri', "the string that starts at character 25"),
    ('[{"text": "a"}, {"text": "b"}, {"te', "the string that starts at character 32"),  # a key
    ('[{"text": "a"}, {"text": nu', "near character 25: unexpected end of file"),  # a literal
])
@pytest.mark.parametrize("read_bytes", [7, 1 << 16])
def test_a_json_file_cut_short_is_one_complete_line(tmp_path, monkeypatch, content, where,
                                                     read_bytes):
    # Tiny blocks slide the decoder's window: the place is still counted from the file's start.
    monkeypatch.setattr(_corpus_formats, "READ_BYTES", read_bytes)
    path = write(tmp_path / "cut.json", content)
    with pytest.raises(CorpusError) as info:
        docs(path)
    text = str(info.value)
    assert "\n" not in text and "end of file" in text and where in text
    assert not text.endswith((" at", "starting at"))


@pytest.mark.parametrize("suffix", ["", ".bz2"])
def test_csv_columns(tmp_path, suffix):
    path = write(tmp_path / "t.csv", 'id,text,lang\n1,"multi\nline, quoted",en\n2,second,fr\n3\n',
                 suffix)
    assert docs(path) == ["multi\nline, quoted", "second"]
    assert docs(path, column="lang") == ["en", "fr"]
    assert docs(path, column=0) == ["1", "2", "3"]
    assert docs(path, column="2") == ["en", "fr"]
    report = CorpusReport()
    list(Corpus([path]).iter_documents(report))
    assert "skipped 1 rows too short" in report.warnings[0]


def test_csv_column_errors_name_the_columns(tmp_path):
    path = write(tmp_path / "t.csv", "a,b\n1,2\n")
    with pytest.raises(CorpusError, match=r"several columns \('a', 'b'\)"):
        docs(path)
    with pytest.raises(CorpusError, match=r"no column 'c' \(columns: 'a', 'b'\)"):
        docs(path, column="c")
    with pytest.raises(CorpusError, match="no column 5"):
        docs(path, column=5)
    single = write(tmp_path / "one.csv", "body\nhello\n")
    assert docs(single) == ["hello"]


def test_tsv_and_long_fields(tmp_path):
    long_text = "word " * 40000  # beyond csv's default 128 KiB field limit
    path = write(tmp_path / "t.tsv", f"id\ttext\n1\t{long_text}\n2\tshort one\n")
    assert docs(path) == [long_text, "short one"]


def test_directory_glob_sorted_and_hidden_skipped(tmp_path):
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    write(tmp_path / "pkg" / "b.py", "b = 2\n")
    write(tmp_path / "pkg" / "sub" / "a.py", "a = 1\n")
    write(tmp_path / "pkg" / "notes.md", "notes\n")
    write(tmp_path / ".git" / "x.py", "hidden = 1\n")
    write(tmp_path / "pkg" / ".secret.py", "hidden = 2\n")
    corpus = Corpus([tmp_path], glob="**/*.py")
    assert [f.path.name for f in corpus.files] == ["b.py", "a.py"]
    assert docs(tmp_path, glob="**/*.py") == ["b = 2\n", "a = 1\n"]
    assert len(Corpus([tmp_path]).files) == 3  # default glob: every visible file
    with pytest.raises(CorpusError, match=r"no files match '\*\*/\*\.rs'"):
        Corpus([tmp_path], glob="**/*.rs")


def test_sample_corpora_cover_the_scripts_the_app_shows():
    names = ["english.txt", "multilingual.txt", "reviews.jsonl", "phrases.csv", "code"]
    counts, report = count_words([CORPORA / name for name in names])
    text = "".join(report.alphabet)
    for sample in ("é", "ß", "ł", "한", "京", "の", "カ", "🚀", "{", "\u0301"):
        assert sample in text
    assert report.invalid_utf8 == 0 and not report.warnings and not report.skipped_files
    assert len(report.files) >= 8 and 20_000 < report.bytes < 300_000


# -- bad input --------------------------------------------------------------------------------
def test_invalid_utf8_is_replaced_and_counted(tmp_path):
    path = write(tmp_path / "bad.txt", b"caf\xc3\xa9 ok\nbad \xff\xfe here\nreal \xef\xbf\xbd\n")
    counts, report = count_words(path)
    assert report.invalid_utf8 == 2  # a U+FFFD already in the file is not an error
    assert counts["bad"] == 1 and counts["\ufffd\ufffd"] == 1
    assert report.warnings == [f"{path}: 2 invalid UTF-8 sequences replaced by U+FFFD"]


def test_bom_is_dropped(tmp_path):
    path = write(tmp_path / "bom.txt", "\ufefffirst\nsecond\n")
    assert docs(path) == ["first\n", "second\n"]


@pytest.mark.parametrize("name, content, why", [
    ("img.txt", b"GIF89a\x00\x01binary", "binary file"),
    ("u16.txt", "hello".encode("utf-16"), "UTF-16"),
    ("fake.txt.gz", b"not gzip at all", "not a valid gz file"),
])
def test_unreadable_files_are_skipped_with_a_warning(tmp_path, name, content, why):
    bad = write(tmp_path / name, content)
    good = write(tmp_path / "good.txt", "fine text\n")
    counts, report = count_words([bad, good])
    assert counts == Counter({"fine": 1, "text": 1})
    assert report.skipped_files == [str(bad)]
    assert why in report.warnings[0]
    assert report.files == [str(good)]
    with pytest.raises(CorpusError, match=f"corpus is empty.*{why}"):
        count_words(bad)


def test_truncated_compressed_file_is_an_error(tmp_path):
    data = gzip.compress(("some words here\n" * 20000).encode())
    path = write(tmp_path / "cut.txt.gz", data[: len(data) // 2])
    with pytest.raises(CorpusError, match="cannot read .*cut.txt.gz"):
        count_words(path)


@pytest.mark.parametrize("content", ["", "\n\n  \n", "\t"])
def test_empty_corpus_is_an_error(tmp_path, content):
    path = write(tmp_path / "empty.txt", content)
    with pytest.raises(CorpusError, match="corpus is empty: no text in .*empty.txt$"):
        count_words(path)
    with pytest.raises(CorpusError, match="corpus is empty"):
        count_words([])


def test_missing_file_fails_before_reading(tmp_path):
    with pytest.raises(CorpusError, match="no such file: .*nope.txt"):
        Corpus([tmp_path / "nope.txt"])


def test_texts_must_be_strings():
    with pytest.raises(CorpusError, match="must be strings, got bytes"):
        count_words([b"bytes"])


# -- texts, streaming, progress, cancel -------------------------------------------------------
def test_texts_from_any_iterable_are_read_lazily():
    def endless():
        i = 0
        while True:
            yield f"doc {i}"
            i += 1

    assert preview(endless(), max_documents=3) == ["doc 0", "doc 1", "doc 2"]
    counts, report = count_words(iter(["a b", "b"]))
    assert counts == Counter({"b": 2, "a": 1}) and report.files == []


def test_preview_stops_reading_a_big_file_early(tmp_path):
    path = write(tmp_path / "big.txt", "line of text\n" * 200_000)
    reading = Corpus([path]).iter_documents()
    first = [next(reading) for _ in range(5)]
    assert first == ["line of text\n"] * 5
    reading.close()
    assert preview(path, max_documents=2) == ["line of text\n"] * 2


def test_progress_events_in_bytes(tmp_path):
    path = write(tmp_path / "p.txt.gz", "alpha beta gamma\n" * 30000, ".gz")
    gen = iter_count_words(path, chunk_chars=4096)
    events = []
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        result = stop.value
    total = path.stat().st_size
    assert events[0] == StageStarted("count_words", total)
    assert all(isinstance(e, StageProgress) and e.total == total for e in events[1:])
    currents = [e.current for e in events[1:]]
    assert currents == sorted(currents) and currents[-1] == total
    assert result.counts["gamma"] == 30000


@pytest.mark.parametrize("kind", ["event", "callable"])
def test_cancel_flag(tmp_path, kind):
    path = write(tmp_path / "c.txt", "x y\n" * 50000)
    flag = threading.Event()
    cancel = flag if kind == "event" else flag.is_set
    seen = []

    def on_event(event):
        seen.append(event)
        flag.set()

    with pytest.raises(Cancelled):
        count_words(path, cancel=cancel, on_event=on_event, chunk_chars=1000)
    assert len(seen) == 1


def test_closing_the_generator_closes_the_file(tmp_path):
    path = write(tmp_path / "c.txt", "x y\n" * 50000)
    # Python ignores ResourceWarning by default, and one raised in a finalizer is only reported:
    # record it here and fail on it
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        gen = iter_count_words(path, chunk_chars=100)
        assert isinstance(next(gen), StageStarted)
        assert isinstance(next(gen), StageProgress)  # reading: the file is open
        gen.close()  # no exception
        del gen
        gc.collect()  # an unclosed file would warn when it is collected
    assert [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)] == []


# -- word counting with components and workers ------------------------------------------------
def test_counting_uses_normalizer_and_pre_tokenizer():
    texts = ["Hello, World!", "hello world"]
    counts, report = count_words(texts, Lowercase(), Whitespace())
    assert counts == Counter({"hello": 2, "world": 2, ",": 1, "!": 1})
    assert report.alphabet["H"] == 1  # the alphabet describes the raw text


TRICKY = ["", " ", "  ", "a  b", " lead", "trail ", "Hello, World!", "it's 2024!",
          "self.assertEqual(foo, bar)", "naïve café 한국어 😀\n", "tab\there\r\nnew", "\xa0x y",
          "ﬁne ＡＢＣ ｶﾀｶﾅ", "e \u0301 é", "\u00b4 acute", "=\u0338 ≠", "(\u0301", "ΣΑΣ. σας",
          "İstanbul", "世界,hi 東京", "x\x00y\ufffd\x1c z", "x\u2581y ▁", "\u3000全角\u2003em",
          "👨‍👩‍👧 🇫🇷", "a\u200bb", "ǅ ǈ ß ﬀ"]
PIPELINES = {
    "byte-level": (None, ByteLevel(add_prefix_space=False)),
    "byte-level prefix": (None, ByteLevel(add_prefix_space=True)),
    "whitespace": (None, Whitespace()),
    "whitespace lowercase": (Lowercase(), Whitespace()),
    "whitespace-split": (NFKC(), WhitespaceSplit()),
    "bert": (BertNormalizer(lowercase=True), BertPreTokenizer()),
    "bert cased": (BertNormalizer(lowercase=False), BertPreTokenizer()),
    "bert no normalizer": (None, BertPreTokenizer()),
    "metaspace nfkc": (NFKC(), Metaspace()),
    "metaspace never": (None, Metaspace(prepend_scheme="never")),
    "metaspace first nosplit": (Lowercase(), Metaspace(prepend_scheme="first", split=False)),
    "not optimized": (NFKC(), Punctuation()),
}


def reference_words(normalizer, pre_tokenizer, text):
    normalized = normalizer.normalize_str(text) if normalizer else text
    return [w for w, _ in pre_tokenizer.pre_tokenize_str(normalized)]


@pytest.mark.parametrize("name", list(PIPELINES))
def test_counting_shortcuts_give_the_components_words(name):
    normalizer, pre_tokenizer = PIPELINES[name]
    fast = words_function(normalizer, pre_tokenizer)
    for text in TRICKY + docs(CORPORA / "multilingual.txt"):
        assert list(fast(text)) == reference_words(normalizer, pre_tokenizer, text), repr(text)


@pytest.mark.parametrize("name", ["byte-level", "whitespace", "bert", "metaspace nfkc"])
def test_chunk_counts_match_the_components_on_the_samples(name):
    normalizer, pre_tokenizer = PIPELINES[name]
    texts = docs([CORPORA / "english.txt", CORPORA / "multilingual.txt", CORPORA / "code"])
    expected = Counter(w for t in texts for w in reference_words(normalizer, pre_tokenizer, t))
    counts, _ = count_words(texts, normalizer, pre_tokenizer, chunk_chars=3000)
    assert counts == expected


HF_PIPELINES = {  # ours -> the same pipeline in tokenizers
    "byte-level": lambda hf: (None, hf.pre_tokenizers.ByteLevel(add_prefix_space=False)),
    "whitespace": lambda hf: (None, hf.pre_tokenizers.Whitespace()),
    "bert": lambda hf: (hf.normalizers.BertNormalizer(lowercase=True),
                        hf.pre_tokenizers.BertPreTokenizer()),
    "metaspace nfkc": lambda hf: (hf.normalizers.NFKC(), hf.pre_tokenizers.Metaspace()),
}


@pytest.mark.parametrize("name", list(HF_PIPELINES))
def test_word_counts_match_hf(name):
    hf = pytest.importorskip("tokenizers")
    hf_norm, hf_pre = HF_PIPELINES[name](hf)
    paths = [CORPORA / "multilingual.txt", CORPORA / "reviews.jsonl", CORPORA / "code"]
    expected = Counter(w for t in docs(paths) for w in reference_words(hf_norm, hf_pre, t))
    counts, _ = count_words(paths, *PIPELINES[name])
    assert counts == expected


def test_workers_give_the_same_counts(tmp_path):
    lines = [f"Word{i % 97} other{i % 13} ünïcode 한국어 {i}\n" for i in range(6000)]
    path = write(tmp_path / "w.txt", "".join(lines))
    single = count_words(path, Lowercase(), Whitespace(), n_workers=1, chunk_chars=20000)
    multi = count_words(path, Lowercase(), Whitespace(), n_workers=2, chunk_chars=20000)
    assert multi.counts == single.counts
    assert multi.report == single.report


def test_workers_do_not_import_the_parent_script(tmp_path):
    # spawn re-imports the parent's __main__ in children unless corpus hides it.
    marker = tmp_path / "imports.log"
    script = tmp_path / "gui_like.py"
    script.write_text(textwrap.dedent(f"""
        import os
        with open({str(marker)!r}, "a") as fh:
            fh.write(f"{{__name__}}\\n")
        from subword_core.corpus import count_words
        if __name__ == "__main__":
            texts = [f"a{{i}} b c" for i in range(2000)]
            counts, _ = count_words(texts, n_workers=2, chunk_chars=2000)
            print(counts["b"])
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "2000"
    assert marker.read_text().split() == ["__main__"]


# -- word-frequency table ---------------------------------------------------------------------
def test_word_frequencies_sorted_with_shares():
    counts = Counter({"b": 3, "a": 3, "c": 1, "d": 1})
    rows = word_frequencies(counts)
    assert [(r.rank, r.word, r.count) for r in rows] == [(1, "a", 3), (2, "b", 3), (3, "c", 1),
                                                         (4, "d", 1)]
    assert rows[0].share == pytest.approx(3 / 8) and rows[-1].cumulative == pytest.approx(1.0)
    assert [r.word for r in word_frequencies(counts, top_n=2)] == ["a", "b"]


def test_report_summary_and_dict(tmp_path):
    _, report = count_words(["aa b", "b"])
    assert report.summary() == ("2 documents, 5 bytes, 5 characters (3 distinct), "
                                "3 words (2 unique)")
    data = report.to_dict()
    assert list(data["alphabet"]) == ["a", "b", " "] and json.dumps(data)
