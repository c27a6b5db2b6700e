"""subword_core.analysis.stats: length histogram, Zipf, chars per token by replaying merges,
merge counts."""

from __future__ import annotations

import pytest

from subword_core.analysis import MergeGraph
from subword_core.models import BPE, WordPiece
from subword_core.pre_tokenizers import Whitespace
from subword_core.analysis.stats import (
    chars_per_token_curve,
    length_histogram,
    merge_counts,
    merge_steps,
    token_length,
    tokens_in_length_bin,
    zipf,
    zipf_slope,
)
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import drive
from subword_core.trainers.events import MergeAdded
from subword_core.trainers.history import TrainingHistory

VOCAB = {"[UNK]": 0, "l": 1, "o": 2, "w": 3, "e": 4, "r": 5, "lo": 6, "low": 7, "er": 8}


def hand_bpe() -> Tokenizer:
    tok = Tokenizer(BPE(VOCAB, [("l", "o"), ("lo", "w"), ("e", "r")], unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    tok.add_special_tokens(["[UNK]"])
    return tok


# ----------------------------------------------------------------------------- lengths
def test_length_histogram_by_hand():
    bins = length_histogram(hand_bpe())
    # [UNK] is special: l o w e r | lo er | low
    assert [(b.length, b.count) for b in bins] == [(1, 5), (2, 2), (3, 1)]
    assert tokens_in_length_bin(bins, 2) == {6, 8}
    assert tokens_in_length_bin(bins, 9) == frozenset()


def test_length_histogram_weighted_by_corpus_counts():
    bins = length_histogram(hand_bpe(), {7: 3, 8: 1, 4: 1, 0: 2})
    assert [b.count for b in bins] == [1, 1, 3]  # e | er | low x3 ([UNK] not counted)


def test_empty_bins_keep_the_axis_contiguous():
    tok = Tokenizer(BPE({"a": 0, "abcd": 1}, []))
    assert [(b.length, b.count) for b in length_histogram(tok)] == [(1, 1), (2, 0), (3, 0), (4, 1)]


@pytest.mark.parametrize(
    "token,byte_level,length",
    [
        ("Ġworld", True, 5),
        ("Ġ", True, 1),
        ("ðŁ", True, 2),
        ("Ã©", True, 1),
        ("▁the", False, 3),
    ],
)
def test_token_length_of_surface_forms(token, byte_level, length):
    assert token_length(token, byte_level=byte_level) == length


def test_token_length_strips_the_wordpiece_prefix():
    wp = Tokenizer(WordPiece({"[UNK]": 0, "##ing": 1}))
    assert token_length("##ing", wp) == 3


# ----------------------------------------------------------------------------- Zipf
def test_zipf_ranks_and_exact_slope():
    points = zipf({10: 3, 11: 6, 12: 2, 13: 0}, hand_bpe())
    assert [(p.rank, p.count, p.token_id) for p in points] == [(1, 6, 11), (2, 3, 10), (3, 2, 12)]
    # counts 6/rank: exactly a line of slope -1 in log-log
    assert zipf_slope(points) == pytest.approx(-1.0)
    assert zipf_slope(points[:1]) is None


def test_zipf_names_tokens():
    assert [p.token for p in zipf({7: 2, 8: 1}, hand_bpe())] == ["low", "er"]


# ----------------------------------------------------------------------------- replaying merges
@pytest.mark.parametrize(
    "n,k,steps", [(10, 3, [0, 5, 10]), (2, 5, [0, 1, 2]), (0, 4, [0]), (7, 1, [7])]
)
def test_merge_steps(n, k, steps):
    assert merge_steps(n, k) == steps


def test_chars_per_token_curve_by_hand():
    tok = hand_bpe()
    graph = MergeGraph.of(tok)
    points = chars_per_token_curve(tok, graph, ["lower lowest"], n_points=4)
    # 0 merges: l o w e r | l o w e [UNK] [UNK] = 11 tokens; +lo: 9; +low: 7; +er: 6
    assert [p.n_merges for p in points] == [0, 1, 2, 3]
    assert [p.tokens for p in points] == [11, 9, 7, 6]
    assert points[-1].chars_per_token == 2.0 and points[0].characters == 12
    assert [p.vocab_size for p in points] == [6, 7, 8, 9]
    assert [set(p.new_token_ids) for p in points] == [set(), {6}, {7}, {8}]


def test_chars_per_token_curve_is_empty_without_merges():
    from subword_core.models import Unigram

    tok = Tokenizer(Unigram([("<unk>", 0.0), ("a", -1.0)], unk_id=0))
    assert chars_per_token_curve(tok, MergeGraph.of(tok), ["a"]) == []


# ----------------------------------------------------------------------------- merge counts
def test_merge_counts_from_a_history():
    history = TrainingHistory("BpeTrainer")
    history.record(MergeAdded(0, "l", "o", "lo", 6, 5))
    history.record(MergeAdded(1, "lo", "w", "low", 7, 4))
    assert [(m.rank, m.count, m.token, m.token_id) for m in merge_counts(history)] == [
        (0, 5, "lo", 6),
        (1, 4, "low", 7),
    ]
    assert merge_counts(None) == []


def test_trained_bpe_pair_counts_never_increase():
    from subword_core.training.presets import train_tokenizer

    docs = ["low lower newest widest", "the other theatre thesis"] * 30
    result = drive(train_tokenizer(docs, "byte-bpe", 300))
    counts = [m.count for m in merge_counts(result.history)]
    assert len(counts) == len(result.history.merges) > 10
    assert all(a >= b for a, b in zip(counts, counts[1:]))
    curve = chars_per_token_curve(
        result.tokenizer, MergeGraph.of(result.tokenizer, result.history), docs[:2], n_points=5
    )
    # the last point is the model itself; merges compress the text
    assert curve[-1].tokens == sum(len(result.tokenizer.encode(d)) for d in docs[:2])
    assert curve[0].chars_per_token < curve[-1].chars_per_token


# ----------------------------------------------------------------------- corpus figures, tables
def test_corpus_figures_count_the_whole_corpus_and_replay_on_its_beginning():
    from subword_core.analysis.stats import iter_corpus_figures

    tok = hand_bpe()
    docs = ["lower lowest", "low", "lower"]
    profile, curve = drive(iter_corpus_figures(tok, MergeGraph.of(tok), docs, 5, n_points=4))
    # the token counts cover every document; the curve the first one (5 characters reached)
    assert profile.documents == 3 and not profile.truncated
    assert profile.metrics.tokens == sum(len(tok.encode(d, add_special_tokens=False)) for d in docs)
    assert [p.tokens for p in curve] == [11, 9, 7, 6]


def test_figure_tables():
    from subword_core.analysis.stats import figure_table

    tok = hand_bpe()
    header, rows = figure_table("lengths", length_histogram(tok), tok)
    assert header == ["length", "count", "tokens"]
    assert rows == [[1, 5, "e l o r w"], [2, 2, "er lo"], [3, 1, "low"]]
    assert figure_table("zipf", zipf({7: 2}, tok), tok)[1] == [[1, 2, 7, "low"]]
    with pytest.raises(ValueError):
        figure_table("pie", [])
