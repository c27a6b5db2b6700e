"""subword_core.models against HF ``tokenizers``, plus known answers and the teaching views.

Realistic vocabularies come from training small HF models on a generated corpus and
loading their JSON into our ``from_dict``. HF is only needed by the parity tests (the
``tk`` fixture skips them when it is not installed). Offsets from HF's ``encode`` are
character offsets, so they compare directly with ours.
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from subword_core.components import component_from_dict
from subword_core.errors import EncodingError, TokenizerFileError
from subword_core.models import BPE, Unigram, WordLevel, WordPiece

# -- corpus and probes ---------------------------------------------------------------------

SYLLABLES = ["ka", "ri", "to", "ne", "sho", "la", "mi", "pu", "ver", "zen", "qua", "ble",
             "ing", "tion", "er", "an", "the", "é", "ü", "ñ", "ø"]
CJK = "的一是不了人我在有他这为之大来以个中上们"
KOREAN = "한국어텍스트처리모델"
EMOJI = ["👍", "🎉", "👩\u200d💻", "👨\u200d👩\u200d👧"]

PROBES = [
    "", "a", "the", "kariton", "Kariton", "shotionzen", "hello", "tokenization",
    "café", "cafe\u0301", "naïve", "ÆØÅ", "ñandú", "straße",
    "的一是", "中上们人", "한국어", "텍스트처리", "👍", "👩\u200d💻", "👨\u200d👩\u200d👧", "🦜",
    "ka,", "2024", "x", "qqq", "Ωμέγα", "ka ri", "  ", "\t\n", "a" * 300,
    "kariton" * 1430,  # a 10,010-character word
]


def make_corpus(n_lines: int = 300, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(n_lines):
        words = []
        for _ in range(rng.randint(3, 12)):
            r = rng.random()
            if r < 0.75:
                word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4)))
                word = word.capitalize() if rng.random() < 0.1 else word
            elif r < 0.85:
                word = "".join(rng.choice(CJK) for _ in range(rng.randint(1, 4)))
            elif r < 0.93:
                word = "".join(rng.choice(KOREAN) for _ in range(rng.randint(1, 3)))
            elif r < 0.97:
                word = str(rng.randint(0, 9999))
            else:
                word = rng.choice(EMOJI)
            words.append(word + (rng.choice(",.!?") if rng.random() < 0.1 else ""))
        lines.append(" ".join(words))
    return lines


CORPUS = make_corpus()
WORDS = sorted({w for line in CORPUS for w in line.split()})


def rows(tokens) -> list[tuple]:
    return [(t.id, t.value, tuple(t.offsets)) for t in tokens]


def hf_rows(encoding) -> list[tuple]:
    return list(zip(encoding.ids, encoding.tokens, encoding.offsets))


# -- HF fixtures ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tk():
    return pytest.importorskip("tokenizers")


def train(tk, model, trainer):
    hf = tk.Tokenizer(model)
    hf.pre_tokenizer = tk.pre_tokenizers.WhitespaceSplit()
    hf.train_from_iterator(CORPUS, trainer)
    return json.loads(hf.to_str())


def hf_from_model_json(tk, full: dict, model: dict):
    """A HF tokenizer with no pre-tokenizer nor added tokens: the model sees each probe whole."""
    full = dict(full, model=model, pre_tokenizer=None, added_tokens=[])
    return tk.Tokenizer.from_str(json.dumps(full))


@pytest.fixture(scope="module")
def bpe_jsons(tk):
    """Trained tokenizer.json objects for each BPE flavour, keyed by name."""
    t = tk.trainers
    suffix = train(tk, tk.models.BPE(unk_token="[UNK]", end_of_word_suffix="</w>"),
                   t.BpeTrainer(vocab_size=500, special_tokens=["[UNK]"], end_of_word_suffix="</w>"))
    prefix = train(tk, tk.models.BPE(unk_token="[UNK]", continuing_subword_prefix="##"),
                   t.BpeTrainer(vocab_size=500, special_tokens=["[UNK]"],
                                continuing_subword_prefix="##"))
    plain = train(tk, tk.models.BPE(), t.BpeTrainer(vocab_size=500, special_tokens=["[UNK]"]))
    result = {"suffix": suffix, "prefix": prefix, "plain_no_unk": plain}
    result["unk"] = _edit_model(plain, unk_token="[UNK]")
    result["fuse_unk"] = _edit_model(plain, unk_token="[UNK]", fuse_unk=True)
    result["ignore_merges"] = _edit_model(plain, unk_token="[UNK]", ignore_merges=True)
    result["byte_fallback"] = _with_byte_tokens(_edit_model(plain, unk_token="[UNK]", byte_fallback=True))
    return result


def _edit_model(full: dict, **fields) -> dict:
    return dict(full, model=dict(full["model"], **fields))


def _with_byte_tokens(full: dict) -> dict:
    vocab = dict(full["model"]["vocab"])
    for b in range(256):
        vocab.setdefault(f"<0x{b:02X}>", len(vocab))
    return _edit_model(full, vocab=vocab)


# -- BPE -----------------------------------------------------------------------------------

BPE_FLAVOURS = ["suffix", "prefix", "plain_no_unk", "unk", "fuse_unk", "ignore_merges", "byte_fallback"]


@pytest.mark.parametrize("flavour", BPE_FLAVOURS)
def test_bpe_parity_with_hf(tk, bpe_jsons, flavour):
    full = bpe_jsons[flavour]
    ours = BPE.from_dict(full["model"])
    hf = hf_from_model_json(tk, full, full["model"])
    words = PROBES + WORDS[::3]
    for word, encoding in zip(words, hf.encode_batch(words)):
        assert rows(ours.tokenize(word)) == hf_rows(encoding), word[:50]


@pytest.mark.parametrize("flavour", BPE_FLAVOURS)
def test_bpe_to_dict_is_hf_json(bpe_jsons, flavour):
    model_json = bpe_jsons[flavour]["model"]
    ours = component_from_dict("model", model_json)
    assert isinstance(ours, BPE)
    assert json.dumps(ours.to_dict()) == json.dumps(model_json)


def test_bpe_constructor_json_matches_hf(tk):
    vocab = {"a": 0, "b": 1, "ab": 2, "c": 3, "abc": 4}
    merges = [("a", "b"), ("ab", "c")]
    options = {"dropout": 1 / 3, "unk_token": "c", "end_of_word_suffix": "</w>", "fuse_unk": True,
               "byte_fallback": True, "ignore_merges": True}
    hf = tk.Tokenizer(tk.models.BPE(vocab, merges, **options))
    assert json.dumps(BPE(vocab, merges, **options).to_dict()) == json.dumps(
        json.loads(hf.to_str())["model"])


def test_bpe_dropout_edges_match_hf(tk, bpe_jsons):
    """dropout=1.0 skips every merge and dropout=0.0 skips none: both are deterministic."""
    full = bpe_jsons["unk"]
    for dropout in (1.0, 0.0):
        model_json = dict(full["model"], dropout=dropout)
        ours, hf = BPE.from_dict(model_json), hf_from_model_json(tk, full, model_json)
        for word, encoding in zip(WORDS[:300], hf.encode_batch(WORDS[:300])):
            assert rows(ours.tokenize(word)) == hf_rows(encoding)


def test_bpe_dropout_is_random_but_valid(bpe_jsons):
    ours = BPE.from_dict(dict(bpe_jsons["unk"]["model"], dropout=0.5))
    reference = BPE.from_dict(bpe_jsons["unk"]["model"])
    word = "kariverzenshotion"
    seen = set()
    for _ in range(50):
        tokens = ours.tokenize(word)
        assert "".join(t.value for t in tokens) == word
        assert len(tokens) >= len(reference.tokenize(word))
        seen.add(tuple(t.value for t in tokens))
    assert len(seen) > 1


def test_bpe_random_merge_tables_match_hf(tk):
    """Hand-made tables where several merges build the same token (HF's stale-entry check)."""
    rng = random.Random(7)
    for _ in range(15):
        vocab, merges = _random_bpe_tables(rng)
        ours = BPE(vocab, merges)
        hf = tk.Tokenizer(tk.models.BPE(vocab, merges))
        words = ["".join(rng.choice("abcd") for _ in range(rng.randint(1, 60))) for _ in range(80)]
        for word, encoding in zip(words, hf.encode_batch(words)):
            assert rows(ours.tokenize(word)) == hf_rows(encoding), word


def _random_bpe_tables(rng: random.Random):
    vocab = {c: i for i, c in enumerate("abcd")}
    tokens, merges = list(vocab), []
    for _ in range(rng.randint(5, 40)):
        left, right = rng.choice(tokens), rng.choice(tokens)
        if (left, right) in merges or len(left + right) > 8:
            continue
        merges.append((left, right))
        if left + right not in vocab:
            vocab[left + right] = len(vocab)
            tokens.append(left + right)
    return vocab, merges


def test_bpe_hf_unit_examples():
    """Known answers from HF's model.rs tests."""
    vocab = {"<unk>": 0, "a": 1, "b": 2}
    assert rows(BPE(vocab, [], unk_token="<unk>").tokenize("accb")) == [
        (1, "a", (0, 1)), (0, "<unk>", (1, 2)), (0, "<unk>", (2, 3)), (2, "b", (3, 4))]
    assert rows(BPE(vocab, [], unk_token="<unk>", fuse_unk=True).tokenize("accb")) == [
        (1, "a", (0, 1)), (0, "<unk>", (1, 3)), (2, "b", (3, 4))]
    vocab = {".:.:": 0, "Ġbelirtilen": 1, ".": 2, ":": 3, "bel": 4, "irtilen": 5, "Ġ": 6,
             ".:": 7, "belirtilen": 8, ".:.": 9, "be": 10, "l": 11, "ir": 12, "ti": 13,
             "en": 14, "irtil": 15, "irti": 16, "i": 17, "r": 18, "t": 19, "b": 20, "e": 21,
             "n": 22}
    merges = [(".", ":"), ("b", "e"), ("be", "l"), ("i", "r"), ("t", "i"), ("ir", "ti"),
              ("e", "n"), ("irti", "l")]
    ignoring = BPE(vocab, merges, ignore_merges=True)
    assert rows(ignoring.tokenize(".:.:")) == [(0, ".:.:", (0, 4))]
    assert [t.value for t in BPE(vocab, merges).tokenize("Ġbelirtilen")] == [
        "Ġ", "bel", "irtil", "en"]
    assert [t.value for t in ignoring.tokenize("Ġbelirtilen")] == ["Ġbelirtilen"]


def test_bpe_known_answer_wikipedia():
    vocab = {"a": 97, "b": 98, "c": 99, "d": 100, "aa": 256, "ab": 257, "aaab": 258}
    bpe = BPE(vocab, [("a", "a"), ("a", "b"), ("aa", "ab")])
    assert [t.id for t in bpe.tokenize("aaabdaaabac")] == [258, 100, 258, 97, 99]


def test_bpe_byte_fallback_offsets_cover_whole_characters():
    vocab = {"<unk>": 0, "a": 1, **{f"<0x{b:02X}>": 2 + b for b in range(256)}}
    bpe = BPE(vocab, [], unk_token="<unk>", byte_fallback=True)
    assert rows(bpe.tokenize("aé")) == [
        (1, "a", (0, 1)), (2 + 0xC3, "<0xC3>", (1, 2)), (2 + 0xA9, "<0xA9>", (1, 2))]


@pytest.mark.parametrize("fuse_unk", [False, True])
def test_bpe_partial_byte_fallback_quirks_match_hf(tk, fuse_unk):
    """HF queues an unknown token behind later byte tokens; offsets then come out shifted."""
    vocab = {"<unk>": 0, "a": 1, "<0x62>": 2, "<0xC3>": 3}
    options = {"unk_token": "<unk>", "byte_fallback": True, "fuse_unk": fuse_unk}
    ours = BPE(vocab, [], **options)
    hf = tk.Tokenizer(tk.models.BPE(vocab, [], **options))
    words = ["xb", "xxba", "éb", "éxb", "bé", "aéb", "ébé"]
    for word, encoding in zip(words, hf.encode_batch(words)):
        assert rows(ours.tokenize(word)) == hf_rows(encoding), word


def test_bpe_errors_and_cache():
    with pytest.raises(EncodingError, match="unk"):
        BPE({"a": 0}, [], unk_token="<unk>").tokenize("b")
    assert [t.value for t in BPE({"a": 0}, []).tokenize("bab")] == ["a"]  # HF drops unknowns
    bpe = BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")], cache_capacity=1)
    first = bpe.tokenize("ab")
    first.append("mutated")
    assert rows(bpe.tokenize("ab")) == [(2, "ab", (0, 2))]
    bpe.unk_token = "a"  # options changes drop cached words
    assert rows(bpe.tokenize("xab")) == [(0, "a", (0, 1)), (2, "ab", (1, 3))]
    with pytest.raises(ValueError):
        BPE(dropout=1.5)


@pytest.mark.parametrize(
    "model_json",
    [
        {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "b"]]},
        {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": [["a", "b"]]},
        {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b c"]},
        {"type": "BPE", "vocab": {"a": 0}},
        {"type": "BPE", "vocab": ["a"], "merges": []},
        {"type": "BPE", "vocab": {"a": 0}, "merges": [], "dropout": 2},
    ],
)
def test_bpe_bad_json_raises_tokenizer_file_error(model_json):
    with pytest.raises(TokenizerFileError) as info:
        component_from_dict("model", model_json)
    assert "\n" not in str(info.value)


def test_bpe_reads_legacy_and_partial_json():
    legacy = {"vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["#version: 0.2", "a b"]}
    bpe = component_from_dict("model", legacy)  # no "type": guessed from "merges"
    assert isinstance(bpe, BPE) and bpe.merges == [("a", "b")]
    assert bpe.to_dict() == {
        "type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
        "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
        "ignore_merges": False, "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": [["a", "b"]]}


def test_bpe_merge_trace_replays_tokenize(bpe_jsons):
    for flavour in ("suffix", "prefix", "byte_fallback", "fuse_unk"):
        bpe = BPE.from_dict(bpe_jsons[flavour]["model"])
        for word in PROBES[:-1] + WORDS[::25]:
            trace = bpe.merge_trace(word)
            assert list(trace.tokens) == bpe.tokenize(word)
            symbols = trace.initial
            for step in trace.steps:
                assert step.before == symbols
                assert step.chosen == min(step.candidates, key=lambda c: (c.rank, c.position))
                assert step.after[step.chosen.position] == step.merged
                symbols = step.after
            assert tuple(t.value for t in trace.tokens) == symbols or trace.tokens == ()


def test_bpe_merge_trace_stop_reasons():
    bpe = BPE({"a": 0, "b": 1, "ab": 2, "c": 3}, [("a", "b")], ignore_merges=True)
    assert bpe.merge_trace("").stop_reason == "empty"
    assert bpe.merge_trace("ab").stop_reason == "whole_word_in_vocab"
    trace = BPE({"a": 0, "b": 1, "ab": 2, "c": 3}, [("a", "b")]).merge_trace("abc")
    assert trace.stop_reason == "no_merge_applies"
    assert [s.merged for s in trace.steps] == ["ab"] and trace.initial == ("a", "b", "c")
    assert BPE({"a": 0}, []).merge_trace("xyz").stop_reason == "no_symbols"


def test_bpe_merge_lineage(bpe_jsons):
    for flavour in ("suffix", "plain_no_unk"):
        bpe = BPE.from_dict(bpe_jsons[flavour]["model"])
        produced = {left + right for left, right in bpe.merges}
        for token in bpe.get_vocab():
            node = bpe.merge_lineage(token)
            if token not in produced:
                assert node is None
                continue
            assert node.token == token and node.rank is not None
            assert "".join(node.leaves()) == token
            assert all(bpe.merge_lineage(leaf) is None for leaf in node.leaves())
    assert BPE().merge_lineage("nothing") is None


# -- WordPiece -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wordpiece_json(tk):
    return train(tk, tk.models.WordPiece(unk_token="[UNK]"),
                 tk.trainers.WordPieceTrainer(vocab_size=400, special_tokens=["[UNK]"]))


@pytest.mark.parametrize("max_chars", [100, 5])
def test_wordpiece_parity_with_hf(tk, wordpiece_json, max_chars):
    model_json = dict(wordpiece_json["model"], max_input_chars_per_word=max_chars)
    ours = WordPiece.from_dict(model_json)
    hf = hf_from_model_json(tk, wordpiece_json, model_json)
    assert json.dumps(ours.to_dict()) == json.dumps(model_json)
    words = PROBES + WORDS[::3]
    for word, encoding in zip(words, hf.encode_batch(words)):
        assert rows(ours.tokenize(word)) == hf_rows(encoding), word[:50]


def test_wordpiece_random_vocab_matches_hf(tk):
    rng = random.Random(3)
    for _ in range(10):
        pieces = {"".join(rng.choice("abc") for _ in range(rng.randint(1, 4))) for _ in range(25)}
        pieces |= {"##" + p for p in list(pieces)[::2]}
        vocab = {p: i for i, p in enumerate(["[UNK]", *sorted(pieces)])}
        ours, hf = WordPiece(vocab), tk.Tokenizer(tk.models.WordPiece(vocab, unk_token="[UNK]"))
        words = ["".join(rng.choice("abc") for _ in range(rng.randint(1, 12))) for _ in range(100)]
        for word, encoding in zip(words, hf.encode_batch(words)):
            assert rows(ours.tokenize(word)) == hf_rows(encoding), word


def test_wordpiece_known_answers_and_errors():
    wp = WordPiece({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, "a": 4})
    assert [t.value for t in wp.tokenize("unaffable")] == ["un", "##aff", "##able"]
    assert rows(wp.tokenize("unaffablex")) == [(0, "[UNK]", (0, 10))]
    assert wp.tokenize("") == []
    with pytest.raises(EncodingError):
        WordPiece({"a": 0}).tokenize("b")
    assert WordPiece.from_dict({"vocab": {"a": 0}}).to_dict() == {
        "type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
        "max_input_chars_per_word": 100, "vocab": {"a": 0}}


def test_wordpiece_match_trace():
    wp = WordPiece({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, "u": 4})
    trace = wp.match_trace("unaffable")
    assert trace.reason == "matched" and not trace.is_unk
    assert [(s.start, s.match, s.end) for s in trace.steps] == [
        (0, "un", 2), (2, "##aff", 5), (5, "##able", 9)]
    assert trace.steps[0].tried[0] == "unaffable" and trace.steps[0].tried[-1] == "un"
    assert list(trace.tokens) == wp.tokenize("unaffable")
    bad = wp.match_trace("unx")
    assert bad.is_unk and bad.reason == "no_match" and bad.steps[-1].match is None
    assert bad.steps[-1].tried == ("##x",)
    assert WordPiece({"[UNK]": 0}, max_input_chars_per_word=2).match_trace("abc").reason == "too_long"


# -- Unigram -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def unigram_json(tk):
    return train(tk, tk.models.Unigram(),
                 tk.trainers.UnigramTrainer(vocab_size=300, unk_token="<unk>",
                                            special_tokens=["<unk>"]))


def _unigram_variants(unigram_json):
    model = unigram_json["model"]
    vocab = list(model["vocab"]) + [[f"<0x{b:02X}>", -30.0] for b in range(256)]
    return {
        "plain": model,
        "byte_fallback": dict(model, vocab=vocab, byte_fallback=True),
        "byte_fallback_partial": dict(model, vocab=vocab[: len(model["vocab"]) + 0xC0],
                                      byte_fallback=True),
    }


@pytest.mark.parametrize("variant", ["plain", "byte_fallback", "byte_fallback_partial"])
def test_unigram_parity_with_hf(tk, unigram_json, variant):
    model_json = _unigram_variants(unigram_json)[variant]
    ours = Unigram.from_dict(model_json)
    hf = hf_from_model_json(tk, unigram_json, model_json)
    assert json.dumps(ours.to_dict()) == json.dumps(model_json)
    words = PROBES + WORDS[::3] + ["<unk>x", "Ω<unk>Ω", "xΩy"]
    for word, encoding in zip(words, hf.encode_batch(words)):
        assert rows(ours.tokenize(word)) == hf_rows(encoding), word[:50]


def test_unigram_random_vocab_ties_match_hf(tk):
    """Few distinct scores make many ties: the earliest-starting piece must win, as in HF."""
    rng = random.Random(11)
    for _ in range(15):
        pieces = {"".join(rng.choice("abc") for _ in range(rng.randint(1, 4))) for _ in range(20)}
        vocab = [("<unk>", 0.0)] + [(p, float(rng.choice([-1, -2, -3]))) for p in sorted(pieces)]
        ours = Unigram(vocab, unk_id=0)
        hf = tk.Tokenizer(tk.models.Unigram(vocab, 0))
        words = ["".join(rng.choice("abcd") for _ in range(rng.randint(1, 20))) for _ in range(100)]
        for word, encoding in zip(words, hf.encode_batch(words)):
            assert rows(ours.tokenize(word)) == hf_rows(encoding), word


def test_unigram_unk_id_none_errors_like_hf(tk):
    vocab = [("a", -1.0), ("b", -2.0)]
    hf = tk.Tokenizer(tk.models.Unigram(vocab, None))
    with pytest.raises(Exception, match="unk_id"):  # HF raises a bare Exception
        hf.encode("ax")
    with pytest.raises(EncodingError):
        Unigram(vocab).tokenize("ax")
    assert rows(Unigram(vocab).tokenize("ab")) == hf_rows(hf.encode("ab"))


def test_unigram_known_answer():
    pieces = [("<unk>", 0.0), ("a", 0.0), ("b", 0.0), ("c", 0.0), ("d", 0.0), ("cd", 1.0),
              ("ab", 2.0), ("abc", 5.0), ("abcd", 10.0)]
    model = Unigram(pieces, unk_id=0)
    assert [t.value for t in model.tokenize("abcdacdxx")] == ["abcd", "a", "cd", "xx"]
    assert model.tokenize("") == []


def test_unigram_bad_json():
    for bad in ({"type": "Unigram", "unk_id": 3, "vocab": [["a", 0.0]]},
                {"type": "Unigram", "unk_id": 0, "vocab": []},
                {"type": "Unigram", "vocab": [["a"]]},
                {"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", 0.0], ["a", 10**400]]},
                {"type": "Unigram"}):
        with pytest.raises(TokenizerFileError):
            component_from_dict("model", bad)
    model = component_from_dict("model", {"vocab": [["a", -1.0]]})  # old file: no type, no unk_id
    assert model.to_dict() == {"type": "Unigram", "unk_id": None, "vocab": [["a", -1.0]],
                               "byte_fallback": False}


def test_unigram_lattice_matches_viterbi(unigram_json):
    model = Unigram.from_dict(unigram_json["model"])
    for word in PROBES[1:-1] + WORDS[::10]:
        lattice = model.lattice(word)
        assert all(word[n.start:n.end] == n.piece for n in lattice.nodes)
        starts = [n.start for n in lattice.nodes]
        assert starts == sorted(starts)
        best = [lattice.nodes[i] for i in lattice.best_path]
        assert [(n.start, n.end, n.id) for n in best] == model.best_path(word)
        assert _unoptimized_viterbi(lattice.nodes, len(word)) == best
        top = model.nbest(word, 3)
        assert [n.piece for n in top[0].nodes] == [n.piece for n in best]
        assert math.isclose(top[0].score, lattice.best_score)
        assert all(a.score >= b.score - 1e-9 for a, b in itertools.pairwise(top))


def _unoptimized_viterbi(nodes, length):
    """HF's ``Lattice::viterbi``: per node, the best node ending where it begins (first on ties)."""
    ending = {0: [(None, 0.0)]}  # position -> [(node, best score through it)] in insertion order
    back = {}
    for node in nodes:  # begin-position order, as HF walks begin_nodes
        best_left, best_score = None, None
        for left, score in ending.get(node.start, []):
            if best_score is None or score + node.score > best_score:
                best_left, best_score = left, score + node.score
        if best_score is None:
            continue
        back[node] = best_left
        ending.setdefault(node.end, []).append((node, best_score))
    best_end, best_end_score, path = None, None, []
    for node, score in ending.get(length, []):
        if best_end_score is None or score > best_end_score:
            best_end, best_end_score = node, score
    while best_end is not None:
        path.append(best_end)
        best_end = back[best_end]
    return path[::-1]


def test_unigram_nbest_against_brute_force():
    rng = random.Random(5)
    pieces = sorted({"".join(rng.choice("ab") for _ in range(rng.randint(1, 3))) for _ in range(12)})
    model = Unigram([("<unk>", 0.0)] + [(p, -rng.uniform(1, 5)) for p in pieces], unk_id=0)
    for word in ["abab", "aabba", "babaab", "abc"]:
        lattice = model.lattice(word)
        every = sorted((s for s in _all_paths(lattice.nodes, 0, len(word))), reverse=True)
        found = model.nbest(word, 6)
        assert len(found) == min(6, len(every))
        for segmentation, score in zip(found, every):
            assert math.isclose(segmentation.score, score)
    assert model.nbest("ab", 0) == []
    assert [s.nodes for s in model.nbest("", 2)] == [()]


def _all_paths(nodes, position, end):
    if position == end:
        yield 0.0
        return
    for node in nodes:
        if node.start == position:
            for rest in _all_paths(nodes, node.end, end):
                yield node.score + rest


# -- WordLevel -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wordlevel_json(tk):
    return train(tk, tk.models.WordLevel(unk_token="<unk>"),
                 tk.trainers.WordLevelTrainer(vocab_size=300, special_tokens=["<unk>"]))


def test_wordlevel_parity_with_hf(tk, wordlevel_json):
    model_json = wordlevel_json["model"]
    ours = WordLevel.from_dict(model_json)
    hf = hf_from_model_json(tk, wordlevel_json, model_json)
    assert json.dumps(ours.to_dict()) == json.dumps(model_json)
    words = PROBES[1:] + WORDS[::3]
    for word, encoding in zip(words, hf.encode_batch(words)):
        assert rows(ours.tokenize(word)) == hf_rows(encoding), word[:50]
    hf_empty = tk.models.WordLevel(model_json["vocab"], "<unk>").tokenize("")
    assert rows(ours.tokenize("")) == [(t.id, t.value, t.offsets) for t in hf_empty]


def test_wordlevel_defaults_and_errors():
    assert WordLevel().to_dict() == {"type": "WordLevel", "vocab": {}, "unk_token": "<unk>"}
    with pytest.raises(EncodingError):
        WordLevel({"a": 0}).tokenize("b")
    assert WordLevel.from_dict({"vocab": {"b": 2, "a": 0}}).to_dict()["vocab"] == {"a": 0, "b": 2}


# -- vocabulary accessors and edge cases ----------------------------------------------------


def test_vocabulary_accessors_agree_with_hf(tk, bpe_jsons, wordpiece_json, unigram_json, wordlevel_json):
    cases = [(BPE, bpe_jsons["suffix"]), (WordPiece, wordpiece_json), (Unigram, unigram_json),
             (WordLevel, wordlevel_json)]
    for cls, full in cases:
        ours = cls.from_dict(full["model"])
        hf_tokenizer = tk.Tokenizer.from_str(json.dumps(dict(full, added_tokens=[])))
        hf = hf_tokenizer.model
        assert ours.get_vocab() == hf_tokenizer.get_vocab(with_added_tokens=False)
        assert ours.get_vocab_size() == hf_tokenizer.get_vocab_size(with_added_tokens=False)
        for token, index in list(ours.get_vocab().items())[:50]:
            assert ours.token_to_id(token) == hf.token_to_id(token) == index
            assert ours.id_to_token(index) == hf.id_to_token(index) == token
        assert ours.token_to_id("\u2603 not a token") is None
        assert ours.id_to_token(10**6) is None
        if cls is not Unigram:  # HF reads some 17-digit scores 1 ulp off (serde_json's parser)
            assert repr(ours) == repr(hf) and str(ours) == str(hf)  # HF's own texts


def test_bpe_prefix_is_cut_in_bytes_like_hf(tk):
    """HF removes len(prefix) bytes from a merge's right part even without the prefix."""
    vocab = {"a": 0, "xyz": 1, "az": 2, "##b": 3, "ab": 4}
    merges = [("a", "xyz"), ("a", "##b")]
    ours = BPE(vocab, merges, continuing_subword_prefix="##")
    hf = tk.Tokenizer(tk.models.BPE(vocab, merges, continuing_subword_prefix="##"))
    assert json.dumps(ours.to_dict()) == json.dumps(json.loads(hf.to_str())["model"])
    assert rows(ours.tokenize("ab")) == hf_rows(hf.encode("ab")) == [(4, "ab", (0, 2))]
    with pytest.raises(TokenizerFileError):
        BPE({"a": 0, "é": 1}, [("a", "é")], continuing_subword_prefix="#")  # cut inside "é"


def test_unigram_lattice_without_unk_id():
    model = Unigram([("a", -1.0), ("ab", -1.0), ("b", -5.0)])
    lattice = model.lattice("abx")
    assert lattice.best_path == () and lattice.best_score is None
    assert [n.piece for n in lattice.nodes_starting_at(0)] == ["a", "ab"]
    assert [n.piece for n in lattice.nodes_ending_at(2)] == ["ab", "b"]
    assert model.nbest("abx", 3) == []
    assert [s.pieces for s in model.nbest("ab", 3)] == [["ab"], ["a", "b"]]
    with pytest.raises(ValueError):
        Unigram(None, unk_id=0)
    assert Unigram().pieces == [("<unk>", 0.0)] and Unigram().get_score(0) == 0.0


# -- empty string, model by model, against HF's Model.tokenize -----------------------------


def test_empty_string_matches_hf_models(tk):
    models = tk.models
    pairs = [
        (models.BPE({"a": 0}, []), BPE({"a": 0}, [])),
        (models.WordPiece({"[UNK]": 0}), WordPiece({"[UNK]": 0})),
        (models.Unigram([("<unk>", 0.0)], 0), Unigram([("<unk>", 0.0)], 0)),
    ]
    for hf, ours in pairs:
        assert [(t.id, t.value, t.offsets) for t in hf.tokenize("")] == rows(ours.tokenize(""))


# -- long sweeps ---------------------------------------------------------------------------


@pytest.mark.slow
def test_bpe_random_tables_long_sweep(tk):
    rng = random.Random(99)
    for _ in range(200):
        vocab, merges = _random_bpe_tables(rng)
        ours, hf = BPE(vocab, merges), tk.Tokenizer(tk.models.BPE(vocab, merges))
        words = ["".join(rng.choice("abcd") for _ in range(rng.randint(1, 200))) for _ in range(50)]
        for word, encoding in zip(words, hf.encode_batch(words)):
            assert rows(ours.tokenize(word)) == hf_rows(encoding), word


@pytest.mark.slow
def test_all_models_on_every_corpus_word(tk, bpe_jsons, wordpiece_json, unigram_json):
    cases = [(BPE, bpe_jsons[f]) for f in BPE_FLAVOURS]
    cases += [(WordPiece, wordpiece_json), (Unigram, unigram_json)]
    lines = make_corpus(2000, seed=1)
    words = sorted({w for line in lines for w in line.split()})
    for cls, full in cases:
        ours, hf = cls.from_dict(full["model"]), hf_from_model_json(tk, full, full["model"])
        for word, encoding in zip(words, hf.encode_batch(words)):
            assert rows(ours.tokenize(word)) == hf_rows(encoding), (cls.__name__, word)
