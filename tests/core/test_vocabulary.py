"""subword_core.analysis.vocabulary: the vocabulary table, its search, corpus token usage,
ids -> text."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from subword_core import SubwordError, Tokenizer
from subword_core.analysis import MergeGraph, is_byte_level, visible_token
from subword_core.models import BPE, Unigram, WordLevel
from subword_core.pre_tokenizers import ByteLevel
from subword_core._util.progress import drive
from subword_core.analysis.vocabulary import (
    VocabSearchError,
    decode_ids,
    ids_text,
    iter_token_usage,
    iter_vocab_table,
    parse_ids,
    search_rows,
    token_usage,
    vocab_table,
)

DOCS = [
    "low lower newest widest the other",
    "theatre thesis lowest lowering",
    "한국어 문장 🙂 café naïve",
    "the newest theatre is the lowest",
] * 5
PRESETS = {"byte-bpe": 300, "bpe": 90, "wordpiece": 90, "unigram": 70}


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from subword_core.training.presets import train_tokenizer

    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    return {alg: drive(train_tokenizer([path], alg, size)) for alg, size in PRESETS.items()}


def word_counts() -> Counter[str]:
    return Counter(w for doc in DOCS for w in doc.split())


# ----------------------------------------------------------------------------- rows
@pytest.mark.parametrize("algorithm", PRESETS)
def test_one_row_per_entry_in_id_order_with_readable_forms(trained, algorithm):
    result = trained[algorithm]
    tok = result.tokenizer
    table = vocab_table(tok, MergeGraph.of(tok, result.history))
    vocab = tok.get_vocab(with_added_tokens=True)
    assert len(table) == len(vocab)
    assert table.ids == sorted(vocab.values())
    assert {t: i for t, i in zip(table.raw, table.ids)} == vocab
    byte_level = is_byte_level(tok)
    assert table.readable == [visible_token(t, byte_level) for t in table.raw]
    specials = {tok.token_to_id(s.content) for s in tok.get_added_tokens_decoder().values()
                if s.special}
    assert {i for i, k in zip(table.ids, table.kind) if k == "special"} == specials
    for row, token_id in enumerate(table.ids):
        assert table.row_of_id(token_id) == row
    # both string orders are permutations sorted by their column
    assert sorted(table.order_readable) == list(range(len(table)))
    assert [table.readable[i] for i in table.order_readable] == sorted(table.readable)
    assert [table.raw[i] for i in table.order_raw] == sorted(table.raw)


def test_merge_ranks_come_from_the_merge_that_builds_each_token(trained):
    result = trained["byte-bpe"]
    graph = MergeGraph.of(result.tokenizer, result.history)
    table = vocab_table(result.tokenizer, graph)
    assert table.metric == "merge rank"
    for rank, record in enumerate(graph.records[:50]):
        row = table.row_of_id(result.tokenizer.token_to_id(record.token))
        assert table.rank_or_score[row] == graph.creator(record.token) <= rank
    base = table.row_of_id(result.tokenizer.token_to_id("a"))
    assert table.rank_or_score[base] is None
    assert table.describe_metric(base) == "a base symbol: no merge builds it"


def test_unigram_rows_carry_scores_and_say_there_are_no_merges(trained):
    tok = trained["unigram"].tokenizer
    table = vocab_table(tok)
    assert table.metric == "score"
    pieces = tok.model.pieces
    for row in range(len(table)):
        if table.kind[row] == "":
            assert table.rank_or_score[row] == pieces[table.ids[row]][1]
    row = next(r for r in range(len(table)) if not table.kind[r])
    score = pieces[table.ids[row]][1]
    assert table.describe_metric(row) == f"Unigram: no merges; score {score:.2f}"


def test_lengths_count_decoded_bytes_for_byte_level_and_utf8_otherwise():
    # byte-level: "Ã©" spells é (bytes C3 A9); "Ã" alone is the lone byte C3
    tok = Tokenizer(BPE({"Ġ": 0, "Ã": 1, "©": 2, "a": 3, "Ã©": 4}, [("Ã", "©")]))
    tok.pre_tokenizer = ByteLevel()
    table = vocab_table(tok)
    rows = {t: (r, c, b) for t, r, c, b in zip(table.raw, table.readable, table.n_chars,
                                               table.n_bytes)}
    assert rows["Ã"] == ("⟨C3⟩", 1, 1)
    assert rows["Ã©"] == ("é", 1, 2)
    assert rows["Ġ"] == ("␣", 1, 1)
    assert table.rank_or_score[table.row_of_id(4)] == 0
    # not byte-level: the UTF-8 bytes of the raw string; a byte-fallback token is one byte
    uni = Tokenizer(Unigram([("<unk>", 0.0), ("▁the", -1.0), ("<0xC3>", -2.0), ("é", -3.0)],
                            unk_id=0, byte_fallback=True))
    table = vocab_table(uni)
    rows = {t: (r, c, b) for t, r, c, b in zip(table.raw, table.readable, table.n_chars,
                                               table.n_bytes)}
    assert rows["▁the"] == ("␣the", 4, 6)
    assert rows["<0xC3>"] == ("<0xC3>", 1, 1)
    assert rows["é"] == ("é", 1, 2)


def test_added_tokens_are_flagged_and_literal():
    tok = Tokenizer(WordLevel({"[UNK]": 0, "hello": 1}, unk_token="[UNK]"))
    tok.add_special_tokens(["<s>"])
    tok.add_tokens(["new word"])
    table = vocab_table(tok)
    assert list(zip(table.raw, table.kind)) == [("[UNK]", ""), ("hello", ""), ("<s>", "special"),
                                                ("new word", "added")]
    assert table.readable[3] == "new␣word"
    assert table.metric is None
    assert table.describe_metric(0) == "WordLevel: no merges or scores in this model"


def test_rows_generator_yields_progress_and_can_be_closed(trained):
    tok = trained["byte-bpe"].tokenizer
    gen = iter_vocab_table(tok, every=50)
    first = next(gen)
    assert (first.stage, first.current, first.total) == ("vocab_rows", 0, len(tok.get_vocab()))
    gen.close()  # nothing to clean up, and no error


# ----------------------------------------------------------------------------- search
@pytest.fixture(scope="module")
def byte_table(trained):
    return vocab_table(trained["byte-bpe"].tokenizer)


def test_substring_finds_readable_and_raw_forms(byte_table):
    t = byte_table
    by_readable = search_rows(t, "␣the")
    by_raw = search_rows(t, "Ġthe")
    expected = [i for i in range(len(t)) if "␣the" in t.readable[i]]
    assert by_readable == expected and expected
    assert by_raw == [i for i in range(len(t)) if "Ġthe" in t.raw[i]] == expected
    assert search_rows(t, "") == list(range(len(t)))
    assert search_rows(t, "zzzz-not-there") == []


def test_regex_search_and_a_bad_regex_is_a_clear_error(byte_table):
    t = byte_table
    rows = search_rows(t, r"^␣.*est$", "regex")
    assert rows == [i for i in range(len(t)) if re.search(r"^␣.*est$", t.readable[i])
                    or re.search(r"^␣.*est$", t.raw[i])]
    assert rows
    with pytest.raises(VocabSearchError, match="not a valid regular expression") as info:
        search_rows(t, "(unclosed", "regex")
    assert isinstance(info.value, SubwordError)


def test_id_search_accepts_hash_plain_and_lists(byte_table):
    t = byte_table
    last = t.ids[-1]
    assert [t.ids[r] for r in search_rows(t, f"#{last}", "id")] == [last]
    assert [t.ids[r] for r in search_rows(t, "3, #7 12", "id")] == [3, 7, 12]
    assert search_rows(t, "999999", "id") == []
    with pytest.raises(VocabSearchError, match="'abc' is not an id"):
        search_rows(t, "12 abc", "id")
    with pytest.raises(VocabSearchError, match="unknown search mode"):
        search_rows(t, "x", "fuzzy")


# ----------------------------------------------------------------------------- corpus usage
@pytest.mark.parametrize("algorithm", PRESETS)
def test_token_frequencies_equal_encoding_the_words_one_by_one(trained, algorithm):
    tok = trained[algorithm].tokenizer
    counts = word_counts()
    usage = token_usage(tok, counts)
    expected: Counter[int] = Counter()
    users: dict[int, set[str]] = {}
    for word, count in counts.items():
        enc = tok.encode(word, add_special_tokens=False)
        for token_id in enc.ids:
            expected[token_id] += count
            users.setdefault(token_id, set()).add(word)
    assert usage.counts == dict(expected)
    assert usage.n_words == len(counts) and not usage.truncated
    for token_id, words in users.items():
        listed = usage.words_using(token_id, limit=None)
        assert {w for w, _ in listed} == words
        assert [c for _, c in listed] == sorted((c for _, c in listed), reverse=True)
        assert all(counts[w] == c for w, c in listed)


def test_usage_generator_reports_progress_and_max_words(trained):
    tok = trained["bpe"].tokenizer
    counts = word_counts()
    gen = iter_token_usage(tok, counts, max_words=5, every=2)
    events = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            usage = stop.value
            break
    assert [e.current for e in events] == [0, 2, 4, 5]
    assert usage.truncated and usage.n_words == 5
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    assert list(zip(usage.words, usage.word_counts)) == top


# ----------------------------------------------------------------------------- ids -> text
@pytest.mark.parametrize("text, ids, bad", [
    ("101 7592 102", [101, 7592, 102], []),
    ("[101, 7592, 102]", [101, 7592, 102], []),
    ("101,7592;102", [101, 7592, 102], []),
    ("[[1, 2], [3]]", [1, 2, 3], []),
    ("#5 tensor([6])", [5, 6], ["tensor"]),
    ("1 -2 3.5 x", [1], ["-2", "3.5", "x"]),
    ("", [], []),
])
def test_parse_ids(text, ids, bad):
    parsed = parse_ids(text)
    assert (parsed.ids, parsed.not_numbers) == (ids, bad)


def test_decode_reports_unknown_ids_and_round_trips(trained):
    tok = trained["byte-bpe"].tokenizer
    text = "the lowest 한국어 🙂"
    ids = tok.encode(text).ids
    result = decode_ids(tok, ids_text(ids))
    assert result.text == tok.decode(ids) == text
    assert [t[0] for t in result.tokens] == ids
    readable = [visible_token(t, True) for t in tok.encode(text).tokens]
    assert [t[2] for t in result.tokens] == readable
    assert result.problems == ""
    bad = decode_ids(tok, f"{ids[0]} 999999 abc {ids[1]}")
    assert bad.text == tok.decode([ids[0], ids[1]])
    assert bad.unknown_ids == [999999] and bad.not_numbers == ["abc"]
    assert "1 id not in the vocabulary (left out): 999999" in bad.problems
    assert "1 piece not a token id (ignored): abc" in bad.problems


def test_decode_can_skip_special_tokens(trained):
    tok = trained["wordpiece"].tokenizer
    ids = tok.encode("the lowest").ids
    assert tok.id_to_token(ids[0]) == "[CLS]"
    with_specials = decode_ids(tok, ids_text(ids), skip_special_tokens=False)
    without = decode_ids(tok, ids_text(ids), skip_special_tokens=True)
    assert "[CLS]" in with_specials.text and "[CLS]" not in without.text
    assert without.text == tok.decode(ids, skip_special_tokens=True)


# ----------------------------------------------------------------------------- real files
sys.path.insert(0, str(Path(__file__).parent))
from wild_sources import MODELS, tokenizer_json  # noqa: E402

FAST_WILD = {"bert-base-uncased", "gpt2", "mistral-7b-v0.1"}  # WordPiece, byte BPE, SPM BPE
WILD_TEXT = "Hello world, naïve café — 한국어 텍스트 🇰🇷👨‍👩‍👧 x²\n\tend"


def _wild(name: str) -> Tokenizer:
    return Tokenizer.from_str(tokenizer_json(name))


@pytest.mark.parametrize("name", [
    pytest.param(m.name, id=m.name, marks=[] if m.name in FAST_WILD else [pytest.mark.slow])
    for m in MODELS])
def test_real_files_rows_lengths_and_decode(name):
    tok = _wild(name)
    graph = MergeGraph.of(tok)
    table = vocab_table(tok, graph)
    byte_level = is_byte_level(tok)
    assert len(table) == len(tok.get_vocab(with_added_tokens=True))
    assert table.readable == [visible_token(t, byte_level) for t in table.raw]
    if table.metric == "merge rank":
        ranks = [(r, graph.creator(t)) for r, t in enumerate(table.raw) if not table.kind[r]]
        assert all(table.rank_or_score[r] == rank for r, rank in ranks)
    # the byte lengths of a text's tokens add up to its UTF-8 size (byte-level, no normalizer:
    # a lone byte ⟨C3⟩ counts one)
    enc = tok.encode(WILD_TEXT, add_special_tokens=False)
    if byte_level and tok.normalizer is None:
        n_bytes = sum(table.n_bytes[table.row_of_id(i)] for i in enc.ids)
        assert n_bytes == len(WILD_TEXT.encode("utf-8"))
    # ids -> text equals the tokenizer's decode, for the ids and for their list as text
    result = decode_ids(tok, ids_text(enc.ids), skip_special_tokens=True)
    assert result.text == tok.decode(enc.ids, skip_special_tokens=True)
    assert not result.unknown_ids and not result.not_numbers
    # id search finds the last id (often an added token)
    last = table.ids[-1]
    assert [table.ids[r] for r in search_rows(table, f"#{last}", "id")] == [last]


def test_bert_file_rows_and_search():
    tok = _wild("bert-base-uncased")
    table = vocab_table(tok)
    assert len(table) == tok.get_vocab_size() == 30522
    assert table.metric is None  # WordPiece from a file: no merges, no scores
    row = table.row_of_id(tok.token_to_id("[CLS]"))
    assert table.kind[row] == "special"
    hits = [table.raw[r] for r in search_rows(table, "^##ing$", "regex")]
    assert hits == ["##ing"]
