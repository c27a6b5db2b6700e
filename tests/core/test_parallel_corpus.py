"""Parallel corpora (issue 24): a file per language, a column per language, JSONL records;
aligned by position, mismatches named."""

from __future__ import annotations

import bz2
import gzip
import json

import pytest

from subword_core.corpus import ParallelCorpus, ParallelCorpusError, read_parallel
from subword_core.corpus.parallel import language_of

EN = ["The cat sleeps.", "A dog runs."]
FR = ["Le chat dort.", "Un chien court."]
KO = ["고양이가 잔다.", "개가 달린다."]


def _write(path, lines, opener=open):
    with opener(path, "wt", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in lines))


def test_flores_folder_reads_one_file_per_language(tmp_path):
    _write(tmp_path / "eng_Latn.dev", EN)
    _write(tmp_path / "fra_Latn.dev", FR)
    _write(tmp_path / "kor_Hang.dev.gz", KO, gzip.open)
    (tmp_path / ".hidden").write_text("x\n")
    corpus = read_parallel(tmp_path)
    assert corpus.languages == ("eng_Latn", "fra_Latn", "kor_Hang")
    assert corpus.sentences["kor_Hang"] == tuple(KO)
    assert corpus.sentence(0) == {"eng_Latn": EN[0], "fra_Latn": FR[0], "kor_Hang": KO[0]}
    assert corpus.sources["kor_Hang"] == "kor_Hang.dev.gz"


def test_dev_and_devtest_are_read_one_after_the_other(tmp_path):
    _write(tmp_path / "eng_Latn.dev", EN[:1])
    _write(tmp_path / "eng_Latn.devtest", EN[1:])
    _write(tmp_path / "fra_Latn.txt", FR)
    corpus = read_parallel(tmp_path)
    assert corpus.sentences["eng_Latn"] == tuple(EN)
    assert corpus.sources["eng_Latn"] == "eng_Latn.dev+eng_Latn.devtest"


def test_crlf_bom_and_bz2_are_decoded_as_the_corpus_reader_does(tmp_path):
    (tmp_path / "en.txt").write_bytes(b"\xef\xbb\xbfThe cat sleeps.\r\nA dog runs.\r\n")
    with bz2.open(tmp_path / "fr.txt.bz2", "wb") as fh:
        fh.write("\n".join(FR).encode() + b"\n")
    corpus = read_parallel(tmp_path)
    assert corpus.sentences == {"en": tuple(EN), "fr": tuple(FR)}


def test_mismatched_line_counts_name_the_files(tmp_path):
    _write(tmp_path / "eng_Latn.dev", EN)
    _write(tmp_path / "fra_Latn.dev", FR[:1])
    with pytest.raises(ParallelCorpusError, match=r"eng_Latn\.dev has 2.*fra_Latn\.dev has 1"):
        read_parallel(tmp_path)


def test_binary_file_in_the_folder_is_an_error(tmp_path):
    _write(tmp_path / "en.txt", EN)
    (tmp_path / "fr.txt").write_bytes(b"\0\1\2")
    with pytest.raises(ParallelCorpusError, match="binary"):
        read_parallel(tmp_path)


@pytest.mark.parametrize("name, sep", [("corpus.tsv", "\t"), ("corpus.csv.gz", ",")])
def test_table_has_a_column_per_language(tmp_path, name, sep):
    rows = ["en" + sep + "fr"] + [f'"{e}"{sep}"{f}"' for e, f in zip(EN, FR)]
    opener = gzip.open if name.endswith(".gz") else open
    _write(tmp_path / name, rows, opener)
    corpus = read_parallel(tmp_path / name)
    assert corpus.languages == ("en", "fr")
    assert corpus.sentences["fr"] == tuple(FR)


def test_table_row_with_a_missing_column_names_the_line(tmp_path):
    _write(tmp_path / "c.tsv", ["en\tfr", "a\tb", "only"])
    with pytest.raises(ParallelCorpusError, match="line 3"):
        read_parallel(tmp_path / "c.tsv")


def test_jsonl_aligns_by_position_within_each_language(tmp_path):
    records = [{"lang": "en", "text": EN[0]}, {"lang": "fr", "text": FR[0]},
               {"lang": "fr", "text": FR[1]}, {"lang": "en", "text": EN[1]}]
    _write(tmp_path / "c.jsonl", [json.dumps(r) for r in records])
    corpus = read_parallel(tmp_path / "c.jsonl")
    assert corpus.languages == ("en", "fr")
    assert corpus.sentence(1) == {"en": EN[1], "fr": FR[1]}


def test_jsonl_language_field_is_found_or_named(tmp_path):
    records = [{"language": "en", "sentence": EN[0]}, {"language": "fr", "sentence": FR[0]}]
    _write(tmp_path / "c.jsonl", [json.dumps(r) for r in records])
    corpus = read_parallel(tmp_path / "c.jsonl", text_field="sentence")
    assert corpus.sentences["fr"] == (FR[0],)
    with pytest.raises(ParallelCorpusError, match="'code'"):
        read_parallel(tmp_path / "c.jsonl", language_field="code", text_field="sentence")


def test_jsonl_mismatch_names_the_languages(tmp_path):
    records = [{"lang": "en", "text": "a"}, {"lang": "en", "text": "b"}, {"lang": "fr", "text": "c"}]
    _write(tmp_path / "c.jsonl", [json.dumps(r) for r in records])
    with pytest.raises(ParallelCorpusError, match=r"c\.jsonl\[en\] has 2, c\.jsonl\[fr\] has 1"):
        read_parallel(tmp_path / "c.jsonl")


def test_subset_keeps_languages_in_order_and_limits(tmp_path):
    corpus = ParallelCorpus.from_texts({"en": EN, "fr": FR, "ko": KO})
    part = corpus.subset(["ko", "en"], limit=1)
    assert part.languages == ("ko", "en") and part.sentences["en"] == (EN[0],)
    with pytest.raises(ParallelCorpusError, match="no language de"):
        corpus.subset(["de"])


def test_unknown_layout_and_missing_path(tmp_path):
    _write(tmp_path / "c.json", ["[]"])
    with pytest.raises(ParallelCorpusError, match="folder of one file per language"):
        read_parallel(tmp_path / "c.json")
    with pytest.raises(ParallelCorpusError, match="no such"):
        read_parallel(tmp_path / "missing")


def test_language_of_names():
    assert language_of("eng_Latn.devtest") == "eng_Latn"


def test_bundled_sample_is_aligned_in_a_dozen_languages_and_many_scripts():
    import unicodedata

    from subword_core.corpus.parallel import sample_path

    corpus = read_parallel(sample_path())
    assert len(corpus.languages) >= 12 and len(corpus) >= 300
    scripts = {unicodedata.name(c).split()[0] for text in (corpus.sentences[lang][0]
               for lang in corpus.languages) for c in text if c.isalpha()}
    assert {"LATIN", "CYRILLIC", "GREEK", "ARABIC", "HEBREW", "DEVANAGARI", "HANGUL", "CJK",
            "HIRAGANA", "THAI"} <= scripts
    assert all(len(set(corpus.sentences[lang])) == len(corpus) for lang in corpus.languages)


def test_bundled_sample_is_what_the_script_writes():
    import runpy
    from pathlib import Path

    from subword_core.corpus.parallel import sample_path

    script = Path(__file__).resolve().parents[2] / "scripts" / "make_parallel_sample.py"
    make = runpy.run_path(str(script))
    corpus = read_parallel(sample_path())
    assert set(corpus.languages) == set(make["LANGUAGES"])
    for lang in corpus.languages:
        assert list(corpus.sentences[lang]) == make["sentences"](lang)
