"""The load-time shortcuts give the same tokenizer as the plain way, and keep every check.

Loading a large ``tokenizer.json`` pauses the garbage collector, parses merges and
added tokens with whole-list operations, and defers two costly structures to their
first use: the added-token matchers and the Unicode-16-pinned form of Oniguruma
regexes. These tests pin down that first use after a load gives exact results, that
malformed input still fails at load time, and that the collector's state is restored.
"""

from __future__ import annotations

import gc
import json
import pickle
import threading

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core import loading, serialization
from subword_core.errors import TokenizerFileError
from subword_core.models._files import read_merge_columns
from subword_core.models.bpe import (
    BPE, MergeColumns, _merge_columns_fast, _merge_table, _merge_table_checked,
    _parse_merges_checked,
)
from subword_core.models.unigram import _check_pieces_one_by_one, _plain_pieces
from subword_core.text.onig import FLAGS, compile_onig, translate
from subword_core.tokenizer import Tokenizer

hf = pytest.importorskip("tokenizers")
from hf_parity import check_encode  # noqa: E402


def _byte_bpe_json(added: list[dict], pre_tokenizer: dict | None = None) -> str:
    vocab = {c: i for i, c in enumerate("abcdeĠ<>|!")}
    vocab.update({"ab": 10, "abc": 11, "Ġa": 12})
    merges = [["a", "b"], ["ab", "c"], ["Ġ", "a"]]
    return json.dumps({
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
        "normalizer": None, "pre_tokenizer": pre_tokenizer, "post_processor": None,
        "decoder": None,
        "model": {"type": "BPE", "vocab": vocab, "merges": merges, "unk_token": None},
    })


def _added(i: int, content: str, **options) -> dict:
    fields = {"single_word": False, "lstrip": False, "rstrip": False, "normalized": False,
              "special": True}
    return {"id": i, "content": content, **fields, **options}


# ---------------------------------------------------------------- garbage collector
def test_load_restores_the_collector_state():
    text = _byte_bpe_json([])
    assert gc.isenabled()
    Tokenizer.from_str(text)
    assert gc.isenabled()
    gc.disable()
    try:
        Tokenizer.from_str(text)
        assert not gc.isenabled()  # a caller's own pause is left alone
    finally:
        gc.enable()


def test_failed_load_restores_the_collector():
    with pytest.raises(TokenizerFileError):
        Tokenizer.from_str('{"version": "1.0", "model": {"type": "BPE", "vocab": 3}}')
    assert gc.isenabled()


def test_overlapping_pauses_in_threads_resume_once_all_end():
    first_in, second_done = threading.Event(), threading.Event()

    def first() -> None:
        with serialization.paused_gc():
            first_in.set()
            second_done.wait(5)
            assert not gc.isenabled()

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with serialization.paused_gc():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the first load is still under way
    second_done.set()
    thread.join(5)
    assert gc.isenabled()


# ---------------------------------------------------------------- lazy added-token matchers
def test_added_token_matchers_are_built_on_first_use():
    added = [_added(100 + i, f"<|r{i}|>") for i in range(40)] + [_added(200, "ab", special=False,
                                                                         normalized=True)]
    ours = Tokenizer.from_str(_byte_bpe_json(added))
    theirs = hf.Tokenizer.from_str(_byte_bpe_json(added))
    assert ours._added._matchers is None
    for text in ["a<|r3|>b<|r39|>", "abc", "<|r1", "", "ab<|r12|><|r12|>ab"]:
        check_encode(theirs, ours, text)
    assert ours._added._matchers is not None
    # Adding tokens after the first match rebuilds them, also on demand.
    ours.add_tokens(["cd"])
    theirs.add_tokens(["cd"])
    assert ours._added._matchers is None
    check_encode(theirs, ours, "abcd<|r0|>cd")


# ---------------------------------------------------------------- lazy exact regex
_ATOMS = [r"\p{L}", r"\P{L}", r"\p{^N}", r"\w", r"\W", r"\d", r"\D", r"\b", r"\B", "[:alpha:]",
          "[:^punct:]", "a", "-", "[", "]", "^", "(", ")", "(?i:", "|", "+", "?", "&&",
          r"\p{Cn}", r"\p{Ll}", ".", "\\"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_ATOMS), min_size=1, max_size=6).map("".join))
def test_a_pattern_whose_fast_form_compiles_has_an_exact_form(pattern):
    # compile_onig validates with the fast form only; the exact form must follow it.
    try:
        regex.compile(translate(pattern, pin_unicode=False), FLAGS)
    except regex.error:
        with pytest.raises(ValueError):
            compile_onig(pattern)
        return
    regex.compile(translate(pattern), FLAGS)


def test_exact_form_is_compiled_on_first_use_and_matches_rare_characters():
    compiled = compile_onig(r"\p{L}+ ?")
    exact = compiled.exact
    assert exact is compiled.exact  # compiled once
    # U+0295 is a lowercase letter for onig but not for regex's newer Unicode: the
    # exact form answers as onig does.
    assert compiled.for_text("a\u0295b") is exact
    assert exact.findall("a\u0295b") == ["a\u0295b"]


def test_invalid_split_regex_still_fails_at_load():
    pre = {"type": "Split", "pattern": {"Regex": "(?<"}, "behavior": "Isolated",
           "invert": False}
    with pytest.raises(TokenizerFileError):
        Tokenizer.from_str(_byte_bpe_json([], pre))


def test_split_regex_on_rare_text_after_load_matches_hf():
    pre = {"type": "Split", "pattern": {"Regex": r"\p{Ll}+|\s+|[^\s\p{Ll}]+"},
           "behavior": "Isolated", "invert": False}
    ours = Tokenizer.from_str(_byte_bpe_json([], pre))
    theirs = hf.Tokenizer.from_str(_byte_bpe_json([], pre))
    for text in ["ab\u0295cd e", "abc", "\U0001faea a"]:
        check_encode(theirs, ours, text)


# ---------------------------------------------------------------- merges and vocab tables
_TOKENS = st.text(alphabet="ab #\n", min_size=0, max_size=4)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(_TOKENS, st.lists(_TOKENS, max_size=3)), max_size=8))
def test_merge_columns_agree_with_the_checked_parse(merges):
    try:
        expected = _parse_merges_checked(merges)
    except TokenizerFileError:
        expected = None
    columns = _merge_columns_fast(merges)
    if columns is not None:
        assert list(zip(*columns)) == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcx"), st.sampled_from("abc#")), max_size=6),
       st.sampled_from([None, "#"]))
def test_merge_table_agrees_with_the_checked_build(pairs, prefix):
    vocab = {t: i for i, t in enumerate(["a", "b", "c", "#", "ab", "ba", "bc", "aa", "#a"])}
    try:
        expected = list(_merge_table_checked(vocab, pairs, prefix))
    except TokenizerFileError as exc:
        with pytest.raises(TokenizerFileError, match=regex.escape(str(exc))):
            _merge_table(vocab, MergeColumns(*map(list, zip(*pairs))), prefix)
        return
    columns = MergeColumns(*map(list, zip(*pairs))) if pairs else MergeColumns([], [])
    assert [list(c) for c in _merge_table(vocab, columns, prefix)] == expected
    assert [list(c) for c in _merge_table(vocab, columns, prefix, True)] == expected


# GPT-2's shape: base symbols, then the tokens the merges make, in merge order; parts with
# characters a merges.txt can hold (no space, no line break; CRs: see the test above)
_BASE = ["a", "b", "Ġ", "é", "#", "\t", "\u3000", "\x00", "😀"]
_EDITS = st.sampled_from(["none", "swap", "rename", "extra", "drop", "line-break", "repeat",
                          "shuffle"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=8), _EDITS,
       st.sampled_from(["\n", "\r\n"]), st.booleans(), st.data())
def test_merges_text_table_agrees_with_the_checked_build(tmp_path_factory, picks, edit, newline,
                                                         header, data):
    # merges read from a merges.txt take the whole-text path for their new ids: the same
    # table (or the same error) as the merge-by-merge build, whatever the vocabulary
    tokens = list(_BASE)
    pairs = []
    for i, j in picks:
        pair = (tokens[i % len(tokens)], tokens[j % len(tokens)])
        if pair[0] + pair[1] not in tokens:  # each merge makes a new token, as in GPT-2
            pairs.append(pair)
            tokens.append(pair[0] + pair[1])
    made = range(len(_BASE), len(tokens))
    if edit in ("swap", "rename") and len(made) > 1:
        i, j = data.draw(st.lists(st.sampled_from(made), min_size=2, max_size=2, unique=True))
        if edit == "swap":
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens[i] = tokens[i] + "z"
    elif edit == "extra":
        tokens.insert(data.draw(st.integers(len(_BASE), len(tokens))), "zz")
    elif edit == "drop" and len(tokens) > len(_BASE):
        del tokens[data.draw(st.integers(len(_BASE), len(tokens) - 1))]
    elif edit == "line-break":
        tokens.insert(len(_BASE), "a\nb")
    elif edit == "repeat" and pairs:
        pairs.append(pairs[0])
    vocab = {token: i for i, token in enumerate(tokens)}
    if edit == "shuffle":
        vocab = dict(reversed(vocab.items()))  # same ids, not listed in id order
    path = tmp_path_factory.mktemp("merges") / "merges.txt"
    lines = (["#version: 0.2"] if header else []) + [f"{a} {b}" for a, b in pairs]
    path.write_bytes("".join(line + newline for line in lines).encode("utf-8"))
    columns = read_merge_columns(path)
    assert list(zip(*columns)) == pairs
    try:
        expected = [list(c) for c in _merge_table_checked(vocab, pairs, None)]
    except TokenizerFileError as exc:
        with pytest.raises(TokenizerFileError, match=regex.escape(str(exc))):
            BPE.from_checked_vocab(vocab, columns)
        return
    model = BPE.from_checked_vocab(vocab, columns)
    assert [model._pair_columns[0], model._pair_columns[1], model._rank_new_id] == expected
    assert model._vocab_r == {i: t for t, i in vocab.items()}
    assert model._has_shared_ids is False


def test_bpe_id_to_token_table_is_built_on_first_use():
    vocab = {"a": 0, "b": 1, "ab": 2}
    model = BPE(vocab, [("a", "b")])
    assert "_vocab_r" not in vars(model)  # ids 0, 1, 2 in order: built when first read
    assert model.id_to_token(2) == "ab" and vars(model)["_vocab_r"] == {0: "a", 1: "b", 2: "ab"}
    assert [t.value for t in model.tokenize("abab")] == ["ab", "ab"]
    model = BPE({"a": 0, "b": 2, "ab": 2}, [("a", "b")])  # a hole and a shared id: built now
    assert vars(model)["_vocab_r"] == {0: "a", 2: "ab"} and model._has_shared_ids
    # a model given new tables forgets the old id -> token table
    model._set_tables({"x": 0, "y": 1}, [])
    assert model.id_to_token(1) == "y" and model.id_to_token(2) is None


def test_version_line_is_skipped_anywhere_but_a_part_named_so_is_kept():
    vocab = {"a": 0, "#version": 1, "a#version": 2}
    model = BPE.from_dict({"type": "BPE", "vocab": vocab,
                           "merges": ["#version: 0.2", "a #version", "#version: 1"]})
    assert model.merges == [("a", "#version")]


def test_bpe_from_dict_checks_vocab_before_merges():
    with pytest.raises(TokenizerFileError, match="vocab"):
        BPE.from_dict({"type": "BPE", "vocab": {"a": -1}, "merges": 3})


# ---------------------------------------------------------------- lazy BPE pair table
def test_bpe_pair_table_is_built_on_first_use_with_hf_results():
    text = _byte_bpe_json([])
    ours, theirs = Tokenizer.from_str(text), hf.Tokenizer.from_str(text)
    assert "_pair_rank" not in vars(ours.model)
    copied = pickle.loads(pickle.dumps(ours))  # before first use, too
    for tokenizer in (ours, copied):
        for sample in ["abc Ġab", "cab", "", "aabbcc"]:
            check_encode(theirs, tokenizer, sample)
    assert "_pair_rank" in vars(ours.model) and "_pair_columns" not in vars(ours.model)
    assert ours.model.merges == [("a", "b"), ("ab", "c"), ("Ġ", "a")]


def test_bpe_merge_errors_are_still_raised_at_load():
    data = json.loads(_byte_bpe_json([]))
    data["model"]["merges"].append(["c", "zz"])
    with pytest.raises(TokenizerFileError, match="zz"):
        Tokenizer.from_str(json.dumps(data))


# ---------------------------------------------------------------- loading.loads in chunks
_PUNCTUATION_TEXT = st.text(alphabet=',"[]{}\\ab :1', max_size=4)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _PUNCTUATION_TEXT,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(_PUNCTUATION_TEXT, inner,
                                                                 max_size=6),
    max_leaves=40)
_DAMAGE = st.sampled_from(["", ",", "]", "}", '"', "[", "{", "1", ",,", " "])


@settings(max_examples=150, deadline=None)
@given(_JSON, st.booleans(), st.integers(1, 3), st.integers(2, 40), st.integers(0, 2), st.data())
def test_chunked_loads_equals_json_loads_even_on_damaged_text(value, pretty, depth, chunk,
                                                               one_by_one, data):
    # Tiny chunks cut anywhere: inside strings, nested values, past a container's end.
    text = json.dumps(value, indent=2 if pretty else None, ensure_ascii=False)
    if data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(_DAMAGE) + text[i + data.draw(st.integers(0, 3)):]
    with pytest.MonkeyPatch.context() as patch:
        for name, setting in [("SPLIT_DEPTH", depth), ("CHUNK", chunk), ("_MIN_CHUNK", 2),
                              ("_ONE_BY_ONE", one_by_one)]:
            patch.setattr(loading, name, setting)
        try:
            expected = json.loads(text)
        except ValueError:
            with pytest.raises(ValueError):
                loading.loads(text)
            return
        # json.dumps also compares the order of keys
        assert json.dumps(loading.loads(text)) == json.dumps(expected)


# ---------------------------------------------------------------- Unigram pieces
_ENTRY = st.one_of(
    st.tuples(st.text(max_size=2), st.floats(allow_nan=False) | st.integers()).map(list),
    st.lists(st.one_of(st.text(max_size=2), st.integers(), st.booleans()), max_size=3),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_ENTRY, max_size=5))
def test_unigram_pieces_whole_list_check_agrees_with_entry_by_entry(vocab):
    try:
        expected = _check_pieces_one_by_one(vocab)
    except TokenizerFileError:
        expected = None
    fast = _plain_pieces(vocab)
    assert fast is None or fast == expected
    if expected is not None and all(type(e[1]) is not bool for e in vocab):
        assert fast == expected  # the usual shape takes the fast path
