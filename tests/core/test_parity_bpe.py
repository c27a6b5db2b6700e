"""ParityBpeTrainer: the reference's selection rules (swiss-ai/parity-aware-bpe), by hand and
against a naive recount of them (:mod:`parity_reference`); one language is plain BPE; the
history's languages. The naive loop checks the trainer's incremental counts; the
hand-worked cases check the rules themselves.
"""

from __future__ import annotations

import random

import pytest
from parity_reference import naive_parity, replace_pair

from subword_core.errors import TrainingError
from subword_core.trainers import BpeTrainer, TrainingHistory
from subword_core.trainers.parity_bpe import ParityBpeTrainer


def train(language_counts, dev=None, **options):
    options.setdefault("min_frequency", 1)
    options.setdefault("show_progress", False)
    return ParityBpeTrainer(**options).train(language_counts, dev)


def merges(history):
    return [(m.left, m.right) for m in history.merges]


def alphabet_size(*count_maps):
    return len(set("".join(w for m in count_maps for w in m)))


def random_corpus(rng, letters, n_words):
    return {"".join(rng.choice(letters) for _ in range(rng.randint(1, 7))): rng.randint(1, 9)
            for _ in range(n_words)}


# ---------------------------------------------------------------------------------------
# the rules, by hand
# ---------------------------------------------------------------------------------------
def test_longest_dev_language_wins_each_merge():
    train_counts = {"en": {"aaaa": 2, "b": 3}, "xx": {"ccc": 2}}
    dev = {"en": {"aaaa": 1, "b": 2}, "xx": {"ccc": 1}}
    _, history = train(train_counts, dev, vocab_size=20)
    got = [(m.token, m.language, m.language_lengths) for m in history.merges]
    assert got == [("aa", "en", (6, 3)),    # en's dev "a a a a" "b" "b": 6 > 3
                   ("aaaa", "en", (4, 3))]  # "aa aa" "b" "b": 4 > 3
    # now en 3 ("aaaa" "b" "b") ties xx 3: the first language, en, has no pair left, and
    # (as in the reference) that ends the training, though xx still has pairs


def test_tie_between_pairs_takes_the_greatest_pair_as_strings():
    # ab, bc, cd all occur 3 times in one word: the reference's max over (count, pair)
    _, history = train({"en": {"abcd": 3}}, {"en": {"abcd": 1}}, vocab_size=5)
    assert merges(history) == [("c", "d")]
    assert history.merges[0].is_tie and history.merges[0].runner_up == ("b", "c")
    _, ids = train({"en": {"abcd": 3}}, {"en": {"abcd": 1}}, vocab_size=5, tie_break="ids")
    assert merges(ids) == [("a", "b")]


def test_tie_between_languages_takes_the_first_given():
    train_counts = {"xx": {"pq": 2}, "en": {"ab": 2}}
    dev = {"xx": {"pq": 1}, "en": {"ab": 1}}
    _, history = train(train_counts, dev, vocab_size=5)
    assert [m.language for m in history.merges] == ["xx"]
    swapped = {"en": train_counts["en"], "xx": train_counts["xx"]}
    _, history = train(swapped, dev, vocab_size=5)
    assert [m.language for m in history.merges] == ["en"]


def test_a_language_with_no_frequent_pair_ends_the_training():
    # en is longest but its only pair occurs once: min_frequency 2 stops everything
    train_counts = {"en": {"ab": 1}, "xx": {"cd": 5}}
    dev = {"en": {"abab": 1}, "xx": {"cd": 1}}
    _, history = train(train_counts, dev, vocab_size=50, min_frequency=2)
    assert history.merges == []
    _, history = train(train_counts, dev, vocab_size=50, min_frequency=1)
    assert [m.language for m in history.merges][:1] == ["en"]


def test_dev_characters_outside_the_alphabet_count_in_lengths():
    # the dev text of xx holds "z", never seen in training: it still makes xx longer
    train_counts = {"en": {"ab": 3}, "xx": {"cd": 3}}
    dev = {"en": {"ab": 1}, "xx": {"cdz": 1}}
    _, history = train(train_counts, dev, vocab_size=6)
    assert history.merges[0].language == "xx"
    assert history.merges[0].language_lengths == (2, 3)


def test_global_merges_are_plain_bpe_on_summed_counts_then_parity():
    train_counts = {"en": {"ab": 5, "cd": 1}, "xx": {"cd": 3}}
    dev = {"en": {"ab": 1}, "xx": {"cdcd": 1}}
    _, history = train(train_counts, dev, vocab_size=7, global_merges=1)
    # the global step takes ab (5 > 4 summed); then xx, longest on dev, takes cd
    assert [(m.token, m.language) for m in history.merges] == [("ab", None), ("cd", "xx")]
    _, history = train(train_counts, dev, vocab_size=7)
    assert [(m.token, m.language) for m in history.merges] == [("cd", "xx"), ("ab", "en")]


def test_moving_window_passes_over_a_language_past_its_share():
    # en stays longest throughout; with window 2 and alpha 1 a language may hold at most
    # 1/2 of the last two merges *before* the step (<=, as the reference): en, en, then
    # en holds 2/2 and is passed over for xx; then en holds 1/2 again, and so on
    train_counts = {"en": {"abcdefgh": 9}, "xx": {"pqrs": 9}}
    dev = {"en": {"abcdefgh": 1}, "xx": {"pqrs": 1}}
    _, base = train(train_counts, dev, vocab_size=20)
    assert [m.language for m in base.merges][:6] == ["en"] * 5 + ["xx"]  # 8,7,6,5,4(=4) vs 4
    _, window = train(train_counts, dev, vocab_size=20, variant="window", window_size=2,
                      alpha=1)
    assert [m.language for m in window.merges][:6] == ["en", "en", "xx", "en", "en", "xx"]
    assert all(m.language_lengths[0] > m.language_lengths[1] for m in window.merges[:6])


def test_ratios_without_dev_pick_the_least_compressed_language():
    # no dev texts: compression initial/now on the training text, divided by the ratio
    train_counts = {"en": {"aaaa": 4}, "xx": {"bbbb": 1}}
    _, history = train(train_counts, vocab_size=10)
    assert history.options["parity"] == "ratios"
    # both start at rate 1 -> en (first); en at 16/8 = 2 > 1 -> xx; then en 2 vs xx 2 -> en
    assert [m.language for m in history.merges][:3] == ["en", "xx", "en"]
    # asking xx for twice en's compression: xx 1/2 < en 1/1 -> xx; then xx at (4/2)/2 = 1
    # ties en 1 -> en, the first
    _, history = train(train_counts, vocab_size=10, ratios=[1, 2])
    assert [m.language for m in history.merges][:2] == ["xx", "en"]


# ---------------------------------------------------------------------------------------
# against the naive restatement, on random corpora
# ---------------------------------------------------------------------------------------
CASES = [
    {}, {"global_merges": 3}, {"variant": "window", "window_size": 4, "alpha": 1},
    {"variant": "window", "window_size": 5, "alpha": 2, "global_merges": 2},
    {"dev": False}, {"dev": False, "ratios": [1.0, 1.5, 0.5]}, {"min_frequency": 3},
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("case", CASES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
                         or "base")
def test_matches_the_naive_reference_loop(seed, case):
    case = dict(case)
    rng = random.Random(seed)
    # overlapping alphabets, unequal sizes, so that languages and pairs compete
    train_counts = {"en": random_corpus(rng, "abcde", 30), "de": random_corpus(rng, "abcdfg", 12),
                    "ko": random_corpus(rng, "xyzab", 6)}
    use_dev = case.pop("dev", True)
    dev = {lang: random_corpus(rng, "abcdefgxyz", 5) for lang in train_counts} if use_dev \
        else None
    n_merges = 40
    size = alphabet_size(*train_counts.values()) + n_merges
    _, history = train(train_counts, dev, vocab_size=size, **case)
    expected = naive_parity(train_counts, dev, n_merges, **case)
    got = [((m.left, m.right), m.language, m.language_lengths) for m in history.merges]
    assert got == expected


@pytest.mark.parametrize("seed", range(4))
def test_winner_is_longest_on_dev_when_replayed_with_the_model(seed):
    """Independently of the recorded lengths: encode the dev words with each merge prefix."""
    rng = random.Random(100 + seed)
    train_counts = {lang: random_corpus(rng, letters, 25)
                    for lang, letters in (("en", "abcd"), ("de", "abcdef"), ("ja", "cdefgh"))}
    dev = {lang: random_corpus(rng, "abcdefgh", 6) for lang in train_counts}
    _, history = train(train_counts, dev, vocab_size=alphabet_size(*train_counts.values()) + 30)
    words = {lang: {tuple(w): c for w, c in d.items()} for lang, d in dev.items()}
    for m in history.merges:
        lengths = {lang: sum(len(w) * c for w, c in ws.items()) for lang, ws in words.items()}
        longest = max(lengths.values())
        assert m.language == next(lang for lang in dev if lengths[lang] == longest)
        for lang, ws in words.items():
            words[lang] = {replace_pair(w, m.pair): c for w, c in ws.items()}


# ---------------------------------------------------------------------------------------
# one language is plain BPE
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_one_language_with_id_ties_is_bpe_trainer(seed):
    rng = random.Random(seed)
    counts = random_corpus(rng, "abcdefg", 60)
    size = alphabet_size(counts) + 40
    bpe_model, bpe_history = BpeTrainer(vocab_size=size, min_frequency=2,
                                        show_progress=False).train(counts)
    model, history = train({"en": counts}, {"en": counts}, vocab_size=size, min_frequency=2,
                           tie_break="ids")
    assert merges(history) == merges(bpe_history)
    assert model.get_vocab() == bpe_model.get_vocab()
    assert {m.language for m in history.merges} == {"en"}


def test_one_language_matches_hf_bpe_trainer():
    pytest.importorskip("tokenizers")
    from hf_trainer_oracle import hf_bpe

    rng = random.Random(7)
    counts = random_corpus(rng, "abcdefgh", 80)
    size = alphabet_size(counts) + 50
    vocab, hf_merges = hf_bpe(counts, vocab_size=size, min_frequency=2)
    model, history = train({"en": counts}, None, vocab_size=size, min_frequency=2,
                           tie_break="ids")
    assert merges(history) == hf_merges
    assert model.get_vocab() == vocab


def test_one_language_reference_ties_differ_only_on_ties():
    # no two pairs ever tie here (counts are distinct powers of two): both tie-breaks agree
    counts = {"ab": 1, "cd": 2, "ef": 4, "gh": 8, "abcd": 16}
    a = train({"en": counts}, {"en": counts}, vocab_size=20)[1]
    b = train({"en": counts}, {"en": counts}, vocab_size=20, tie_break="ids")[1]
    assert merges(a) == merges(b) and not any(m.is_tie for m in a.merges)


# ---------------------------------------------------------------------------------------
# history, model, options
# ---------------------------------------------------------------------------------------
def test_history_records_languages_and_survives_json_lines(tmp_path):
    train_counts = {"en": {"hello": 5, "low": 2}, "de": {"hallo": 4, "welt": 3}}
    model, history = train(train_counts, train_counts, vocab_size=20)
    assert history.trainer == "ParityBpeTrainer"
    assert history.options["languages"] == ["en", "de"]
    assert {m.language for m in history.merges} == {"en", "de"}
    path = tmp_path / "h.jsonl"
    history.save(path)
    loaded = TrainingHistory.load(path)
    assert loaded.merges == history.merges
    assert isinstance(loaded.merges[0].language_lengths, tuple)
    # the model is a plain BPE, and encodes
    assert [t.value for t in model.tokenize("hello")] == ["hello"]


def test_older_histories_without_languages_still_load():
    line = ('{"type": "MergeAdded", "rank": 0, "left": "a", "right": "b", "token": "ab", '
            '"token_id": 3, "count": 2}')
    (merge,) = TrainingHistory.from_lines([line]).merges
    assert merge.language is None and merge.language_lengths is None


@pytest.mark.parametrize("bad, message", [
    ({"variant": "sliding"}, "variant"),
    ({"tie_break": "random"}, "tie_break"),
    ({"ratios": [1.0]}, "ratios"),
    ({"global_merges": -1}, "global_merges"),
])
def test_bad_options(bad, message):
    with pytest.raises(TrainingError, match=message):
        train({"en": {"ab": 2}, "de": {"cd": 2}}, None, vocab_size=10, **bad)


def test_bad_inputs():
    with pytest.raises(TrainingError, match="at least one language"):
        train({}, None, vocab_size=10)
    with pytest.raises(TrainingError, match="same languages"):
        train({"en": {"ab": 2}}, {"de": {"ab": 1}}, vocab_size=10)
    with pytest.raises(TrainingError, match="not both"):
        train({"en": {"ab": 2}}, {"en": {"ab": 1}}, vocab_size=10, ratios=[1.0])


def test_cancelling_leaves_nothing_half_done():
    trainer = ParityBpeTrainer(vocab_size=30, min_frequency=1, show_progress=False)
    counts = {"en": {"abcdefgh": 3}, "de": {"abcxyz": 2}}
    gen = trainer.iter_train(counts, counts)
    next(gen)
    gen.close()  # no exception, and a fresh run is unaffected
    assert merges(trainer.train(counts, counts)[1])
