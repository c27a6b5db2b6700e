"""Packed pickles (subword_core.text.packing): what a worker process sends comes back equal."""

from __future__ import annotations

import pickle
from collections import Counter

from subword_core import Tokenizer
from subword_core.models import WordLevel
from subword_core.text.packing import pack_strings, unpack_strings
from subword_core.pre_tokenizers import WhitespaceSplit
from subword_core.analysis.vocabulary import VocabTable, token_usage, vocab_table
from subword_core.analysis.windows import WindowSettings, encode_windows


def test_strings_round_trip_whatever_characters_they_hold():
    for strings in ([], [""], ["a", "", "b c"], ["\0", "\x1f\uffff", "x"], ["한국어", "🙂"]):
        assert unpack_strings(pack_strings(strings), len(strings)) == strings


def _tokenizer() -> Tokenizer:
    words = "one two three four five six seven \0odd".split(" ")
    tok = Tokenizer(WordLevel({w: i for i, w in enumerate(words)}, unk_token="one"))
    tok.pre_tokenizer = WhitespaceSplit()
    tok.add_special_tokens(["[X]"])
    return tok


def test_a_vocabulary_table_and_its_usage_pickle_equal():
    tok = _tokenizer()
    table = vocab_table(tok)
    back = pickle.loads(pickle.dumps(table))
    assert back == table and back.row_of_id(3) == table.row_of_id(3)
    scored = VocabTable(ids=[0, 1], raw=["a", "b"], readable=["a", "b"],
                        rank_or_score=[-1.5, None], kind=["", "special"], n_chars=[1, 1],
                        n_bytes=[1, 1], metric="score", order_readable=[0, 1], order_raw=[0, 1])
    assert pickle.loads(pickle.dumps(scored)) == scored
    usage = token_usage(tok, Counter({"one two": 3, "seven": 2, "\0odd x": 1}))
    again = pickle.loads(pickle.dumps(usage))
    assert again.counts == usage.counts and again.words == usage.words
    assert [again.words_using(i) for i in range(8)] == [usage.words_using(i) for i in range(8)]


def test_windows_pickle_equal_with_their_overflow():
    tok = _tokenizer()
    text = "one two three four five six seven " * 5
    for question in (None, "two three"):
        settings = WindowSettings(6, 1, "only_second" if question else "longest_first")
        windows = encode_windows(tok, text, question, settings)
        back = pickle.loads(pickle.dumps(windows))
        assert back == windows and len(back) > 2
        assert back.windows[0].encoding.overflowing[0] is back.windows[1].encoding
