"""WordPieceTrainer: likelihood scoring (vs a naive loop) and HF-exact frequency scoring."""

from __future__ import annotations

import itertools
import random

import pytest

from subword_core.errors import TrainingError
from subword_core.trainers import WordPieceTrainer

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def merges_of(history):
    return [(m.left, m.right) for m in history.merges]


# -- likelihood ---------------------------------------------------------------------------
def test_hug_example_likelihood():
    # alphabet (7) + "##" variants (4) = 11 symbols, then 3 merges
    model, history = WordPieceTrainer(vocab_size=14).train(HUG)
    # Step 3 is (hu, ##gs): after two merges count(##g) = 15 (hug 10 + pug 5), so
    # (hu, ##g) scores 10 / (15 * 15) = 0.044 while (hu, ##gs) scores 5 / (15 * 5) = 0.067.
    # (The HF course text says (hu, ##g) with 1/15: it counted ##g as 10.)
    assert merges_of(history) == [("##g", "##s"), ("h", "##u"), ("hu", "##gs")]
    first, second, third = history.merges
    assert (first.score, first.count, first.left_count, first.right_count) == (1 / 20, 5, 20, 5)
    assert not first.is_tie and first.runner_up == ("h", "##u")
    # step 2: every pair scores 1/36; (h, ##u) is the first a recount meets
    assert second.is_tie and second.score == second.runner_up_score == 1 / 36
    assert third.score == 1 / 15 and third.token == "hugs" and third.token_id == 13
    assert [t.value for t in model.tokenize("hugs")] == ["hugs"]
    assert [t.value for t in model.tokenize("hug")] == ["hu", "##g"]


def test_ties_go_to_the_first_pair_a_recount_meets():
    # all four pairs score 1: (c, ##d) comes first in word order
    _, history = WordPieceTrainer(vocab_size=9).train({"cd": 1, "ab": 1})
    assert merges_of(history) == [("c", "##d"), ("a", "##b")]
    assert history.merges[0].is_tie


def test_likelihood_min_frequency_filters_pairs():
    _, history = WordPieceTrainer(vocab_size=100, min_frequency=6).train(HUG)
    assert all(m.count >= 6 for m in history.merges)
    assert merges_of(history)[0] == ("h", "##u")  # (##g, ##s) has count 5


def naive_wordpiece(word_counts, vocab_size, special_tokens=(), min_frequency=0, runners=None):
    """The textbook loop (HF course): recount everything, take max() of the scores.

    ``runners``, if a list, gets each step's runner-up ``(pair, count, score)`` (the best
    other pair, ties to the first seen) or None, read before the merge.
    """
    alphabet = sorted({ch for w in word_counts for ch in w})
    splits = {w: [ch if i == 0 else "##" + ch for i, ch in enumerate(w)] for w in word_counts}
    vocab = list(dict.fromkeys([*special_tokens, *alphabet]))
    vocab += sorted({s for sp in splits.values() for s in sp} - set(vocab))
    merges = []
    while len(vocab) < vocab_size:
        letters, pairs = {}, {}
        for word, count in word_counts.items():
            sp = splits[word]
            for sym in sp:
                letters[sym] = letters.get(sym, 0) + count
            for pair in itertools.pairwise(sp):
                pairs[pair] = pairs.get(pair, 0) + count
        scores = {p: c / (letters[p[0]] * letters[p[1]]) for p, c in pairs.items()
                  if c >= max(1, min_frequency)}
        if not scores:
            break
        a, b = max(scores, key=scores.get)
        merges.append((a, b))
        if runners is not None:
            ranked = sorted(scores, key=lambda p: -scores[p])  # stable: first seen first
            runners.append((ranked[1], pairs[ranked[1]], scores[ranked[1]])
                           if len(ranked) > 1 else None)
        new = a + b[2:] if b.startswith("##") else a + b
        for sp in splits.values():
            i = 0
            while i < len(sp) - 1:
                if (sp[i], sp[i + 1]) == (a, b):
                    sp[i:i + 2] = [new]
                i += 1
        if new not in vocab:
            vocab.append(new)
    return merges, vocab


def random_counts(seed):
    rng = random.Random(seed)
    alphabet = "abcdef"[:rng.randint(2, 6)]
    counts = {}
    for _ in range(rng.randint(1, 40)):
        word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9)))
        counts[word] = counts.get(word, 0) + rng.randint(1, 25)
    return counts


@pytest.mark.parametrize("seed", range(60))
def test_likelihood_matches_naive_reference(seed):
    counts = random_counts(seed)
    vocab_size = random.Random(seed).randint(5, 80)
    specials = [["[UNK]", "a"], [], ["ab", "##ab", "b##a"]][seed % 3]  # "ab": ids re-used
    min_frequency = seed % 4
    merges, vocab = naive_wordpiece(counts, vocab_size, specials, min_frequency)
    model, history = WordPieceTrainer(vocab_size=vocab_size, special_tokens=specials,
                                      min_frequency=min_frequency).train(counts)
    assert merges_of(history) == merges
    assert sorted(model.get_vocab(), key=model.get_vocab().get) == vocab


@pytest.mark.parametrize("seed", range(40))
def test_runner_up_is_read_at_decision_time(seed):
    # the runner-up's count and score are those of the moment the merge was chosen: a
    # count read after the merge consumed symbols of the runner-up pair was 0 (issue 21)
    counts = random_counts(seed + 300)
    runners = []
    merges, _ = naive_wordpiece(counts, 60, ["[UNK]"], seed % 3, runners=runners)
    _, history = WordPieceTrainer(vocab_size=60, special_tokens=["[UNK]"],
                                  min_frequency=seed % 3).train(counts)
    assert merges_of(history) == merges
    got = [None if m.runner_up is None else (m.runner_up, m.runner_up_count, m.runner_up_score)
           for m in history.merges]
    assert got == runners
    assert all(m.runner_up_count > 0 for m in history.merges if m.runner_up is not None)


def test_scoring_is_validated():
    with pytest.raises(TrainingError):
        WordPieceTrainer(scoring="bogus").train(HUG)


def test_model_options():
    model, _ = WordPieceTrainer(vocab_size=20, unk_token="<unk>", special_tokens=["<unk>"],
                                continuing_subword_prefix="@@").train(HUG)
    assert model.unk_token == "<unk>" and model.continuing_subword_prefix == "@@"
    assert "@@g" in model.get_vocab()
    assert [t.value for t in model.tokenize("hux")] == ["<unk>"]


# -- frequency: HF WordPieceTrainer ---------------------------------------------------------
def test_hug_example_frequency_is_bpe_with_prefix():
    model, history = WordPieceTrainer(vocab_size=14, scoring="frequency").train(HUG)
    assert merges_of(history) == [("##u", "##g"), ("##u", "##n"), ("h", "##ug")]
    assert [(m.score, m.left_count, m.right_count) for m in history.merges] == \
        [(20, 36, 20), (16, 16, 16), (15, 15, 20)]
    assert "hug" in model.get_vocab() and "##ug" in model.get_vocab()


def hf_wordpiece_vocab(counts, **options):
    pytest.importorskip("tokenizers")
    import hf_trainer_oracle as oracle
    import tokenizers as tk

    trainer = tk.trainers.WordPieceTrainer(show_progress=False, **options)
    return oracle, oracle.hf_model(counts, trainer)["vocab"]


@pytest.mark.parametrize("seed", range(5))
def test_frequency_matches_hf_vocab(seed, monkeypatch):
    counts = random_counts(seed + 100)
    options = {"vocab_size": 120, "special_tokens": ["[PAD]", "[UNK]"], "min_frequency": seed % 3}
    oracle, hf_vocab = hf_wordpiece_vocab(counts, **options)
    oracle.use_hf_variant_order(monkeypatch, hf_vocab)  # HF numbers "##x" in hash-map order
    model, _ = WordPieceTrainer(scoring="frequency", **options).train(counts)
    assert model.get_vocab() == hf_vocab


def test_frequency_matches_hf_on_prose(monkeypatch):
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "resources" / "corpora" / "english.txt") \
        .read_text(encoding="utf-8")
    pytest.importorskip("tokenizers")
    import tokenizers as tk

    pre = tk.pre_tokenizers.BertPreTokenizer()
    counts: dict[str, int] = {}
    for word, _ in pre.pre_tokenize_str(text.lower()):
        counts[word] = counts.get(word, 0) + 1
    options = {"vocab_size": 900, "special_tokens": ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]}
    oracle, hf_vocab = hf_wordpiece_vocab(counts, **options)
    oracle.use_hf_variant_order(monkeypatch, hf_vocab)
    model, _ = WordPieceTrainer(scoring="frequency", **options).train(counts)
    assert model.get_vocab() == hf_vocab


@pytest.mark.parametrize("seed", range(6))
def test_likelihood_merges_run_in_chunks_match_the_naive_reference(seed, monkeypatch):
    # every merge split into chunks of two words (as a large merge is, with progress
    # between chunks): a pair created in several chunks keeps all its words
    import subword_core.trainers._pairs as pairs

    monkeypatch.setattr(pairs, "_MERGE_CHUNK", 2)
    counts = random_counts(seed + 200)
    merges, vocab = naive_wordpiece(counts, 60, ["[UNK]"], 0)
    model, history = WordPieceTrainer(vocab_size=60, special_tokens=["[UNK]"]).train(counts)
    assert merges_of(history) == merges
    assert sorted(model.get_vocab(), key=model.get_vocab().get) == vocab
