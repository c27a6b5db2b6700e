"""BpeTrainer: worked examples, HF-exact merges (byte-level, `</w>`, options), determinism."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from subword_core.errors import TrainingError
from subword_core.trainers import BpeTrainer
from subword_core.trainers.bpe import final_merges

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
LOW = {"low": 5, "lower": 2, "newest": 6, "widest": 3}
CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"


def merges_of(history):
    return [(m.left, m.right) for m in history.merges]


def tokens(model, word):
    return [t.value for t in model.tokenize(word)]


# -- worked examples ----------------------------------------------------------------------
def test_hug_example_merges_and_counts():
    model, history = BpeTrainer(vocab_size=10).train(HUG)
    assert merges_of(history) == [("u", "g"), ("u", "n"), ("h", "ug")]
    assert [m.count for m in history.merges] == [20, 16, 15]
    assert tokens(model, "hugs") == ["hug", "s"]
    assert tokens(model, "bun") == ["b", "un"]


def test_low_example_with_end_of_word_suffix():
    # HF glues the suffix to the last character ("t</w>") and breaks ties on the smallest
    # (left id, right id); the textbook list with a separate "</w>" symbol and first-seen
    # ties is subword_core.teaching.compression.sennrich_bpe (tested in test_compression.py).
    model, history = BpeTrainer(vocab_size=23, end_of_word_suffix="</w>").train(LOW)
    assert merges_of(history) == [
        ("e", "s"), ("es", "t</w>"), ("l", "o"), ("e", "w"), ("n", "ew"),
        ("new", "est</w>"), ("lo", "w</w>"), ("d", "est</w>"), ("i", "dest</w>"),
        ("w", "idest</w>")]
    assert [m.count for m in history.merges] == [9, 9, 7, 6, 6, 6, 5, 3, 3, 3]
    assert tokens(model, "lowest") == ["lo", "w", "est</w>"]
    assert tokens(model, "low") == ["low</w>"]
    assert tokens(model, "loki") == ["lo"]  # no unk_token: unknown symbols vanish, as in HF
    model, _ = BpeTrainer(vocab_size=24, end_of_word_suffix="</w>", unk_token="[UNK]",
                          special_tokens=["[UNK]"]).train(LOW)
    assert tokens(model, "loki") == ["lo", "[UNK]", "[UNK]"]


def test_tie_break_smallest_ids_and_history_fields():
    # "ab" and "cd" both occur 3 times: (a, b) has the smaller ids
    _, history = BpeTrainer(vocab_size=6).train({"cd": 3, "ab": 3})
    first = history.merges[0]
    assert (first.left, first.right, first.count) == ("a", "b", 3)
    assert first.is_tie and first.runner_up == ("c", "d") and first.runner_up_count == 3
    assert first.token == "ab" and first.token_id == 4 and first.words_touched == 1
    assert first.score == first.count
    second = history.merges[1]
    assert second.pair == ("c", "d") and not second.is_tie and second.runner_up is None


def test_overlapping_pairs_are_counted_like_hf():
    # "aaa" holds (a, a) twice; merging leaves "aa a"
    model, history = BpeTrainer(vocab_size=3).train({"aaa": 1, "ab": 1})
    assert merges_of(history) == [("a", "a")]
    assert history.merges[0].count == 2
    assert tokens(model, "aaa") == ["aa", "a"]


def test_ids_special_tokens_then_alphabet_then_merges():
    # "b" is a special token, so its id (1) is below "a" (2): (b, c) beats (a, b)
    model, _ = BpeTrainer(vocab_size=8, special_tokens=["<s>", "b", "<s>"]).train({"abc": 2})
    vocab = model.get_vocab()
    assert [t for t, _ in sorted(vocab.items(), key=lambda kv: kv[1])] == \
        ["<s>", "b", "a", "c", "bc", "abc"]


def test_special_tokens_may_be_added_tokens():
    from subword_core.added_tokens import AddedToken

    model, history = BpeTrainer(vocab_size=5, special_tokens=[AddedToken("<s>", special=True)]) \
        .train({"ab": 1})
    assert model.get_vocab()["<s>"] == 0
    assert history.options["special_tokens"] == ["<s>"]
    with pytest.raises(TrainingError):
        BpeTrainer(special_tokens=[""]).train({"ab": 1})


def test_initial_alphabet_uses_first_character_and_limit_alphabet():
    model, _ = BpeTrainer(vocab_size=10, initial_alphabet=["xyz", "q"]).train({"ab": 1})
    assert {"x", "q"} <= set(model.get_vocab()) and "y" not in model.get_vocab()
    # limit 2: keep the two most frequent characters; "c" (rare) is dropped from words too
    model, history = BpeTrainer(vocab_size=10, limit_alphabet=2).train({"abc": 1, "ab": 5})
    assert set(model.get_vocab()) == {"a", "b", "ab"}
    assert history.merges[0].count == 6


def test_min_frequency_stops_merging():
    _, history = BpeTrainer(vocab_size=100, min_frequency=5).train(HUG)
    assert [m.count for m in history.merges] == [20, 16, 15, 12, 5, 5]


def test_prefix_variants_sorted_by_code_point():
    model, _ = BpeTrainer(vocab_size=0, continuing_subword_prefix="##",
                          end_of_word_suffix="</w>").train({"bca": 1, "a": 1})
    order = sorted(model.get_vocab(), key=model.get_vocab().get)
    assert order == ["a", "b", "c", "##a</w>", "##c", "a</w>"]


def test_max_token_length_limits_tokens():
    model, _ = BpeTrainer(vocab_size=50, max_token_length=3).train({"abcdefgh": 10})
    assert max(len(t) for t in model.get_vocab()) <= 3


def test_vocab_smaller_than_alphabet_and_empty_counts():
    model, history = BpeTrainer(vocab_size=2).train({"abc": 3})
    assert history.merges == [] and len(model.get_vocab()) == 3
    model, history = BpeTrainer(vocab_size=10, special_tokens=["[UNK]"]).train({})
    assert model.get_vocab() == {"[UNK]": 0} and history.merges == []


def test_zero_counts_and_bad_input():
    _, history = BpeTrainer(vocab_size=10).train({"ab": 0, "cd": 2})
    assert merges_of(history) == [("c", "d")]
    with pytest.raises(TrainingError):
        BpeTrainer().train({"ab": -1})
    with pytest.raises(TrainingError):
        BpeTrainer().train({"ab": 1.5})
    with pytest.raises(TrainingError):
        BpeTrainer(vocab_size=-1).train({"ab": 1})


def test_model_options_and_deterministic():
    trainer = BpeTrainer(vocab_size=30, unk_token="[UNK]", special_tokens=["[UNK]"],
                         end_of_word_suffix="</w>")
    model, history = trainer.train(LOW)
    assert model.unk_token == "[UNK]" and model.end_of_word_suffix == "</w>"
    again, history2 = trainer.train(dict(reversed(list(LOW.items()))))
    assert again.get_vocab() == model.get_vocab()
    assert history2.records == history.records


def test_queue_refreshes_stale_counts_like_hf():
    from subword_core.trainers.bpe import _Queue

    counts = {"ab": 5, "cd": 3, "ef": 4}
    queue = _Queue(counts, {"ab": {0}, "cd": {1}, "ef": {2}})
    counts["ab"] = 1  # stale: refreshed and re-queued with its current count
    assert queue.peek() == ("ef", 4)
    counts["ef"] = -2  # HF keeps i32 counts and casts them `as u64`
    assert queue.pop() == ("ef", (1 << 64) - 2, {2})
    assert queue.pop() == ("cd", 3, {1}) and queue.pop() == ("ab", 1, {0})
    assert queue.pop() is None


def test_final_merges_keep_last_rank_of_a_repeated_pair():
    tokens_ = ["a", "b", "ab", "c"]
    assert final_merges(tokens_, [(0, 1, 2), (2, 3, 3), (0, 1, 2)]) == [("ab", "c"), ("a", "b")]


def naive_runners_up(counts, merges, ids):
    """Each step's runner-up ``(pair, count)`` by naive recounting before the merge: the best
    pair other than the merged one, ties to the smallest ``(left id, right id)``."""
    words = {tuple(w): c for w, c in counts.items()}
    out = []
    for left, right in merges:
        pairs = {}
        for w, c in words.items():
            for p in itertools.pairwise(w):
                pairs[p] = pairs.get(p, 0) + c
        others = sorted((-n, ids[p[0]], ids[p[1]], p) for p, n in pairs.items()
                        if n > 0 and p != (left, right))
        out.append((others[0][3], -others[0][0]) if others else None)
        words = {tuple(replay_merge(w, left, right)): c for w, c in words.items()}
    return out


def replay_merge(word, left, right):
    syms, i = [], 0
    while i < len(word):
        if i + 1 < len(word) and (word[i], word[i + 1]) == (left, right):
            syms.append(left + right)
            i += 2
        else:
            syms.append(word[i])
            i += 1
    return syms


@pytest.mark.parametrize("seed", range(20))
def test_runner_up_is_read_at_decision_time(seed):
    # issue 21 found WordPiece's runner-up count read after the merge; BPE reads it before
    import random

    rng = random.Random(seed)
    counts = {}
    for _ in range(rng.randint(5, 40)):
        word = "".join(rng.choice("abcde") for _ in range(rng.randint(1, 8)))
        counts[word] = counts.get(word, 0) + rng.randint(1, 20)
    model, history = BpeTrainer(vocab_size=40).train(counts)
    expected = naive_runners_up(counts, merges_of(history), model.get_vocab())
    got = [None if m.runner_up is None else (m.runner_up, m.runner_up_count)
           for m in history.merges]
    assert got == expected


# -- HF parity ------------------------------------------------------------------------------
# The oracle needs HF `tokenizers`; each parity test asks for it through `oracle()`.
def oracle():
    pytest.importorskip("tokenizers")
    import hf_trainer_oracle

    return hf_trainer_oracle


def ours(counts, **options):
    model, history = BpeTrainer(**options).train(counts)
    return model, history


def assert_same_as_hf(counts, monkeypatch=None, **options):
    """Same merges and vocab as one HF run; with ``monkeypatch``, using that run's variant ids."""
    hf_vocab, hf_merges = oracle().hf_bpe(counts, **options)
    if monkeypatch is not None:
        oracle().use_hf_variant_order(monkeypatch, hf_vocab)
    model, history = ours(counts, **options)
    assert [tuple(m) for m in model.merges] == hf_merges
    assert model.get_vocab() == hf_vocab
    return history


def prose_counts():
    tk = pytest.importorskip("tokenizers")
    text = (CORPORA / "english.txt").read_text(encoding="utf-8")
    pieces = tk.pre_tokenizers.ByteLevel(add_prefix_space=False).pre_tokenize_str(text)
    counts: dict[str, int] = {}
    for piece, _ in pieces:
        counts[piece] = counts.get(piece, 0) + 1
    return counts


@pytest.mark.parametrize("vocab_size", [300, 700, 1500])
def test_byte_level_prose_matches_hf(vocab_size):
    assert_same_as_hf(prose_counts(), vocab_size=vocab_size,
                      initial_alphabet=oracle().BYTE_ALPHABET,
                      special_tokens=["<|endoftext|>"])


@pytest.mark.parametrize("chunk", [1, 3])
def test_large_merges_run_in_chunks_like_one_pass(chunk, monkeypatch):
    # a merge over more words than _MERGE_CHUNK runs chunk by chunk (with progress between):
    # a pair created in several chunks must keep every chunk's words and counts
    import subword_core.trainers._pairs as pairs

    monkeypatch.setattr(pairs, "_MERGE_CHUNK", chunk)
    monkeypatch.setattr("subword_core.trainers.bpe._SMALL_MERGE", 0)
    assert_same_as_hf(prose_counts(), vocab_size=500, initial_alphabet=oracle().BYTE_ALPHABET,
                      special_tokens=["<|endoftext|>"])


@pytest.mark.parametrize("seed", range(6))
def test_byte_level_generated_matches_hf(seed):
    hf = oracle()
    counts = hf.byte_level_counts(hf.random_counts(seed, alphabet="ab cdé\n€x", n_words=300))
    assert_same_as_hf(counts, vocab_size=256 + 1 + 150, initial_alphabet=hf.BYTE_ALPHABET,
                      special_tokens=["<|endoftext|>"])


@pytest.mark.parametrize("seed", range(4))
def test_min_frequency_and_special_tokens_match_hf(seed):
    counts = oracle().random_counts(seed, alphabet="abcdef", max_count=60)
    assert_same_as_hf(counts, vocab_size=400, min_frequency=4,
                      special_tokens=["[PAD]", "[UNK]", "a", "[PAD]"])


@pytest.mark.parametrize("seed", range(8))
def test_merges_that_recreate_special_tokens_match_hf(seed):
    # A merge building "ab" when "ab" is a special token reuses its id (0..3) and does not
    # grow the vocab: the BPE walk with re-used ids (and max_token_length on odd seeds).
    counts = oracle().random_counts(seed, alphabet="abc", n_words=15, max_count=30)
    specials = ["ab", "bca", "cc", "aab"]
    options = {"vocab_size": 45, "special_tokens": specials}
    if seed % 2:
        options["max_token_length"] = 4
    history = assert_same_as_hf(counts, **options)
    assert any(m.token in specials for m in history.merges)


def test_limit_alphabet_matches_hf():
    # distinct character frequencies at the cut: HF's order among equal counts is unspecified
    counts = {"aaaa": 9, "abab": 4, "bcd": 3, "cdex": 2, "dxy": 1, "ezz": 1, "fz": 1}
    assert_same_as_hf(counts, vocab_size=40, limit_alphabet=4, initial_alphabet=["q"])


@pytest.mark.parametrize("seed", range(4))
def test_end_of_word_suffix_matches_hf_exactly_with_its_variant_ids(seed, monkeypatch):
    counts = oracle().random_counts(seed, alphabet="abcdefg")
    assert_same_as_hf(counts, monkeypatch, vocab_size=300, end_of_word_suffix="</w>")


@pytest.mark.parametrize("seed", range(3))
def test_prefix_and_suffix_match_hf_exactly_with_its_variant_ids(seed, monkeypatch):
    counts = oracle().random_counts(seed + 10, alphabet="abcdef")
    assert_same_as_hf(counts, monkeypatch, vocab_size=250, continuing_subword_prefix="##",
                      end_of_word_suffix="</w>")


@pytest.mark.parametrize("seed", range(4))
def test_end_of_word_suffix_counts_match_hf_with_our_ids(seed):
    # Without HF's (hash-order) variant ids: the count at every step is the same, and so is
    # the merge wherever the step's maximum was unique, up to the first tie HF broke otherwise.
    hf = oracle()
    counts = hf.random_counts(seed, alphabet="abcdefg")
    _, hf_merges = hf.hf_bpe(counts, vocab_size=300, end_of_word_suffix="</w>")
    _, history = ours(counts, vocab_size=300, end_of_word_suffix="</w>")
    hf_counts = replay_counts(counts, hf_merges, suffix="</w>")
    assert [m.count for m in history.merges] == hf_counts
    for mine, theirs in zip(history.merges, hf_merges):
        if mine.pair != theirs:
            assert mine.is_tie
            break


def replay_counts(counts, merges, suffix):
    """The count of each merged pair when it was merged, by naive recounting."""
    words = {tuple(w[:-1]) + (w[-1] + suffix,): c for w, c in counts.items()}
    out = []
    for left, right in merges:
        out.append(sum(c * sum(1 for p in itertools.pairwise(w) if p == (left, right))
                       for w, c in words.items()))
        new = left + right
        merged = {}
        for w, c in words.items():
            syms, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and (w[i], w[i + 1]) == (left, right):
                    syms.append(new)
                    i += 2
                else:
                    syms.append(w[i])
                    i += 1
            merged[tuple(syms)] = merged.get(tuple(syms), 0) + c
        words = merged
    return out


def test_max_token_length_matches_hf():
    counts = oracle().random_counts(3, alphabet="abcd", max_len=12)
    assert_same_as_hf(counts, vocab_size=200, max_token_length=4)


def test_hug_and_low_examples_match_hf(monkeypatch):
    assert_same_as_hf(HUG, vocab_size=30)
    assert_same_as_hf(LOW, monkeypatch, vocab_size=40, end_of_word_suffix="</w>")


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is a test extra
    given = None

if given is not None:
    small_counts = st.dictionaries(st.text(alphabet="abc d\u00e9", min_size=1, max_size=7),
                                   st.integers(1, 25), min_size=1, max_size=12)

    @settings(max_examples=60, deadline=None)
    @given(small_counts, st.integers(0, 40))
    def test_random_byte_level_counts_match_hf(texts, extra):
        hf = oracle()
        counts = hf.byte_level_counts(texts)
        assert_same_as_hf(counts, vocab_size=256 + extra, initial_alphabet=hf.BYTE_ALPHABET)


@pytest.mark.slow
def test_stdlib_sources_match_hf():
    tk = pytest.importorskip("tokenizers")
    root = Path(os.__file__).parent
    text = "".join(p.read_text(encoding="utf-8", errors="replace")
                   for p in sorted(root.glob("*.py"))[:150])
    pre = tk.pre_tokenizers.ByteLevel(add_prefix_space=False)
    counts: dict[str, int] = {}
    for line in text.splitlines(keepends=True):
        for piece, _ in pre.pre_tokenize_str(line):
            counts[piece] = counts.get(piece, 0) + 1
    assert_same_as_hf(counts, vocab_size=8000, initial_alphabet=oracle().BYTE_ALPHABET,
                      special_tokens=["<|endoftext|>"])


def test_byte_level_helper():
    assert oracle().byte_level("a b") == "aĠb"
