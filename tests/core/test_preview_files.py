"""preview_files: the first records, the format, and the fields / columns to choose from."""

from __future__ import annotations

import gzip
import json

import pytest

from subword_core.corpus import Corpus
from subword_core.corpus.file_preview import preview_files
from subword_core.errors import CorpusError, SubwordError


def test_jsonl_fields_and_the_chosen_one(tmp_path):
    path = tmp_path / "data.jsonl"
    rows = [{"id": i, "title": f"t{i}", "content": f"body {i}"} for i in range(30)]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    p = preview_files([path], n=5)
    assert (p.format, p.fields, p.default_field) == ("jsonl", ["title", "content"], None)
    assert p.needs_choice
    assert len(p.records) == 5 and p.records[0]["id"] == 0
    assert p.texts(field="content") == [f"body {i}" for i in range(5)]
    # the reader takes the same documents with the same option
    assert list(Corpus([path], field="content").iter_documents())[:5] == p.texts(field="content")


def test_csv_columns_and_default(tmp_path):
    path = tmp_path / "data.csv"
    path.write_text("label,text,lang\n1,hello world,en\n0,\"a, b\",fr\n", encoding="utf-8")
    p = preview_files([path])
    assert (p.format, p.columns, p.default_column) == ("csv", ["label", "text", "lang"], "text")
    assert not p.needs_choice
    assert p.records == [["1", "hello world", "en"], ["0", "a, b", "fr"]]
    assert p.texts() == ["hello world", "a, b"] and p.texts(column="lang") == ["en", "fr"]
    assert p.texts(column=0) == ["1", "0"]


def test_json_array_gz_and_txt(tmp_path):
    gz = tmp_path / "arr.json.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as f:
        json.dump([{"text": "one"}, {"text": "two"}, "three"], f)
    p = preview_files([gz])
    assert p.format == "json" and p.default_field == "text" and p.texts() == ["one", "two", "three"]
    txt = tmp_path / "a.txt"
    txt.write_text("first line\nsecond\n", encoding="utf-8")
    assert preview_files([txt]).records == ["first line\n", "second\n"]


def test_several_files_and_folders_offer_both_choices(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.jsonl").write_text('{"body": "x"}\n', encoding="utf-8")
    (tmp_path / "d" / "b.tsv").write_text("id\tsentence\n1\thi\n", encoding="utf-8")
    (tmp_path / "d" / "c.md").write_text("ignored", encoding="utf-8")
    p = preview_files([tmp_path / "d"], glob="*.[jt]s*")
    assert p.formats == ["jsonl", "tsv"] and p.needs_field and p.needs_column
    assert p.fields == ["body"] and p.columns == ["id", "sentence"] and len(p.files) == 2


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "binary"),
    (b"caf\xe9 cr\xe8me br\xfbl\xe9e\n" * 3, "not UTF-8"),
    (b"\xff\xfeh\0i\0", "UTF-16"),
])
def test_unreadable_files_say_why(tmp_path, content, words):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(CorpusError) as info:
        preview_files([path])
    assert isinstance(info.value, SubwordError)
    assert words in str(info.value) and str(path) in str(info.value)


def test_invalid_json_line_and_missing_file(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"text": "ok"}\n{broken\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="line 2 is not valid JSON"):
        preview_files([path])
    with pytest.raises(CorpusError, match="no such file"):
        preview_files([tmp_path / "missing.txt"])


def test_big_file_is_read_only_at_the_start(tmp_path):
    path = tmp_path / "big.jsonl"
    line = json.dumps({"text": "word " * 200}) + "\n"
    path.write_text(line * 20000, encoding="utf-8")  # ~20 MB
    p = preview_files([path], n=3)
    assert len(p.records) == 3 and p.fields == ["text"]
