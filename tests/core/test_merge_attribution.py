"""Merge attribution (issue 24): tokens saved per merge and language, and premium / Gini after
every merge prefix, from one replay; checked by hand and against encoding with the model cut
to each prefix (the replay slider's truncated tokenizer)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from subword_core import Tokenizer
from subword_core._util.progress import drive
from subword_core.analysis import MergeGraph, truncated_tokenizer
from subword_core.analysis.merge_attribution import attribute_merges
from subword_core.corpus import ParallelCorpus, read_parallel
from subword_core.corpus.parallel import sample_path
from subword_core.errors import SubwordError
from subword_core.models import BPE
from subword_core.pre_tokenizers import WhitespaceSplit
from subword_core.training.presets import train_tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wild_sources import tokenizer_json  # noqa: E402


def _hand_bpe() -> Tokenizer:
    vocab = {c: i for i, c in enumerate(["a", "b", "c", "d", "ab", "cd", "abc"])}
    tok = Tokenizer(BPE(vocab, [("a", "b"), ("c", "d"), ("ab", "c")]))
    tok.pre_tokenizer = WhitespaceSplit()
    return tok


HAND = ParallelCorpus.from_texts({"en": ["ab ab", "abc"], "xx": ["cd cd cd", "d"]})


def test_hand_computed_attribution():
    att = attribute_merges(_hand_bpe(), HAND)
    # en: ab ab abc = 2+2+3 symbols; xx: cd cd cd d = 2+2+2+1
    assert att.base_tokens == (7, 7)
    # a+b: twice in "ab", once in "abc"; c+d: three times in xx; ab+c: once in "abc"
    assert att.saved.tolist() == [[3, 0], [0, 3], [1, 0]]
    assert att.vocab_sizes.tolist() == [4, 5, 6, 7]
    assert att.exact and att.top_language(1) == "xx"
    points = att.curve("en")
    assert [p.tokens for p in points] == [(7, 7), (4, 7), (4, 4), (3, 4)]
    assert points[1].premium == (1.0, 1.75)
    assert points[1].gini == pytest.approx(3 / 22)  # |4-7|·2 / (2·2²·5.5)
    header, rows = att.table()
    assert header == ["rank", "token", "vocab_size", "saved_en", "saved_xx"]
    assert rows[2] == [2, "abc", 7, 1, 0]


def test_a_model_without_merges_is_refused():
    from subword_core.models import WordLevel
    with pytest.raises(SubwordError, match="BPE"):
        attribute_merges(Tokenizer(WordLevel({"a": 0}, unk_token="a")), HAND)


@pytest.fixture(scope="module")
def sample():
    return read_parallel(sample_path(), limit=60)


def _check_prefixes(tok, graph, sample, steps):
    att = attribute_merges(tok, sample, graph)
    assert att.exact, att.mismatch
    matrix = att.token_matrix()
    for n in steps:
        cut = truncated_tokenizer(tok, graph, n)
        for j, lang in enumerate(sample.languages):
            real = sum(len(cut.encode(s, add_special_tokens=False).ids)
                       for s in sample.sentences[lang])
            assert matrix[n][j] == real, (n, lang)
        assert att.vocab_sizes[n] == cut.model.get_vocab_size() if n < len(graph) else True
    return att


@pytest.mark.parametrize("algorithm", ["byte-bpe", "bpe"])
def test_every_prefix_equals_the_truncated_tokenizer(sample, algorithm):
    corpus = Path(__file__).resolve().parents[2] / "resources" / "corpora" / "multilingual.txt"
    trained = drive(train_tokenizer(corpus, algorithm, {"byte-bpe": 500, "bpe": 1200}[algorithm]))
    graph = MergeGraph.of(trained.tokenizer, trained.history)
    n = len(graph)
    att = _check_prefixes(trained.tokenizer, graph, sample, [0, 1, n // 7, n // 2, n - 1, n])
    # every token saved is saved by some merge
    assert (att.saved >= 0).all()
    assert att.saved.sum() == sum(att.base_tokens) - att.tokens_after(n).sum()


def test_gpt2_prefixes(sample):
    try:
        tok = Tokenizer.from_str(tokenizer_json("gpt2"))
    except Exception as exc:  # noqa: BLE001 - the package that ships it is missing
        pytest.skip(f"GPT-2 not available: {exc}")
    graph = MergeGraph.of(tok)
    _check_prefixes(tok, graph, sample.subset(["eng_Latn", "kor_Hang", "rus_Cyrl"], 20),
                    [0, 300, 5000, len(graph)])


def test_curve_steps_and_pivot(sample):
    att = attribute_merges(_hand_bpe(), HAND)
    points = att.curve("xx", steps=[0, 3, 99])
    assert [p.n_merges for p in points] == [0, 3, 3]
    assert points[1].premium == (0.75, 1.0)
    assert np.array_equal(att.tokens_after(2), [4, 4])


def test_a_merge_ranked_before_its_part_applies_once_the_part_is_built():
    # converted vocabularies (Llama 3) rank "a + bc" before "b + c": encoding "abc" takes
    # b+c, then at once a+bc (the lowest rank present)
    vocab = {c: i for i, c in enumerate(["a", "b", "c", "bc", "abc"])}
    tok = Tokenizer(BPE(vocab, [("a", "bc"), ("b", "c")]))
    corpus = ParallelCorpus.from_texts({"en": ["abc"]})
    att = attribute_merges(tok, corpus)
    assert att.saved.tolist() == [[0], [2]]
    assert att.exact and att.tokens_after(2).tolist() == [1]
    graph = MergeGraph.of(tok)
    assert len(truncated_tokenizer(tok, graph, 1).encode("abc").ids) == 3
