"""subword_core.analysis.oov: unknown-input strategies, traced words, held-out OOV rates (no Qt)."""

from __future__ import annotations

import pytest

from subword_core.models import BPE, Unigram, WordPiece
from subword_core.analysis.oov import (
    TrainSpec,
    explain_unseen,
    heldout_metrics,
    iter_heldout,
    split_documents,
    token_kinds,
    unknown_strategy,
    word_level_tokenizer,
    word_vocabulary,
)
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import drive

CORPUS = ["low lower newest widest", "the other theatre thesis", "café naïve"] * 20


def _with_whitespace(model) -> Tokenizer:
    tok = Tokenizer(model)
    tok.pre_tokenizer = Whitespace()
    return tok


def hand_bpe(**options) -> Tokenizer:
    vocab = {"[UNK]": 0, "l": 1, "o": 2, "w": 3, "e": 4, "r": 5, "lo": 6, "low": 7, "er": 8}
    options.setdefault("unk_token", "[UNK]")
    return _with_whitespace(BPE(vocab, [("l", "o"), ("lo", "w"), ("e", "r")], **options))


def hand_wordpiece() -> Tokenizer:
    return _with_whitespace(WordPiece({"[UNK]": 0, "low": 1, "##er": 2, "##e": 3, "##est": 4}))


def hand_unigram(**options) -> Tokenizer:
    return Tokenizer(Unigram([("<unk>", 0.0), ("a", -1.0), ("b", -2.0), ("ab", -1.5)], **options))


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer

    sizes = {"byte-bpe": 300, "bpe": 100, "wordpiece": 100, "unigram": 60}
    return {alg: drive(train_tokenizer(CORPUS, alg, size)).tokenizer for alg, size in sizes.items()}


# ----------------------------------------------------------------------------- strategies
def test_strategies_of_the_presets(trained):
    kinds = {name: unknown_strategy(tok).kind for name, tok in trained.items()}
    assert kinds == {
        "byte-bpe": "bytes",
        "bpe": "unk_per_char",
        "wordpiece": "unk_whole_word",
        "unigram": "unk_span",
    }


@pytest.mark.parametrize(
    "tokenizer,kind",
    [
        (hand_bpe(), "unk_per_char"),
        (hand_bpe(fuse_unk=True), "unk_fused"),
        (hand_bpe(unk_token=None), "dropped"),
        (hand_bpe(byte_fallback=True), "byte_fallback"),
        (hand_wordpiece(), "unk_whole_word"),
        (hand_unigram(unk_id=0), "unk_span"),
        (hand_unigram(unk_id=0, byte_fallback=True), "byte_fallback"),
        (hand_unigram(), "error"),
    ],
)
def test_strategies_from_model_options(tokenizer, kind):
    assert unknown_strategy(tokenizer).kind == kind


# ----------------------------------------------------------------------------- one text
def test_bpe_gives_one_unknown_per_unseen_character():
    r = explain_unseen(hand_bpe(), "lower lowest")
    assert r.encoding.tokens == ["low", "er", "low", "e", "[UNK]", "[UNK]"]
    assert r.kinds == ("known", "known", "known", "known", "unknown", "unknown")
    assert [(w.text, w.outcome) for w in r.words] == [
        ("lower", "split"),
        ("lowest", "partly_unknown"),
    ]
    trace = r.words[1].trace
    assert r.words[1].trace_kind == "bpe"
    # l o w e [UNK] [UNK] -> lo w ... -> low ...; then no pair has a merge
    assert trace.initial == ("l", "o", "w", "e", "[UNK]", "[UNK]")
    assert [s.merged for s in trace.steps] == ["lo", "low"]
    assert trace.stop_reason == "no_merge_applies"
    assert r.unknown_count == 2


def test_bpe_without_unknown_token_drops_unseen_characters():
    r = explain_unseen(hand_bpe(unk_token=None), "low xyz")
    assert r.encoding.tokens == ["low"]
    assert [w.outcome for w in r.words] == ["in_vocab", "dropped"]


def test_wordpiece_turns_the_whole_word_into_unk():
    r = explain_unseen(hand_wordpiece(), "lowest lowxst")
    assert r.encoding.tokens == ["low", "##est", "[UNK]"]
    assert r.encoding.offsets[2] == (7, 13)  # the whole word, not the missing piece
    outcome = r.words[1]
    assert outcome.outcome == "unknown" and outcome.trace.reason == "no_match"
    # greedy: 'low' matches at 0; at 3 nothing starting with 'x' is in the vocabulary
    assert [s.match for s in outcome.trace.steps] == ["low", None]
    assert outcome.trace.steps[1].tried == ("##xst", "##xs", "##x")


def test_unigram_lattice_and_unknown_span():
    r = explain_unseen(hand_unigram(unk_id=0), "abx")
    assert r.kinds == ("known", "unknown")
    lattice = r.words[0].trace
    assert r.words[0].trace_kind == "unigram"
    assert [(n.piece, n.start, n.end) for n in lattice.nodes] == [
        ("a", 0, 1),
        ("ab", 0, 2),
        ("b", 1, 2),
        ("x", 2, 3),
    ]
    # best path ab + <unk>: -1.5 + (min score -2 - 10)
    assert [lattice.nodes[i].piece for i in lattice.best_path] == ["ab", "x"]
    assert lattice.best_score == pytest.approx(-13.5)


def test_unigram_byte_fallback_spells_bytes():
    pieces = [("<unk>", 0.0), ("a", -1.0)] + [(f"<0x{b:02X}>", -5.0) for b in range(256)]
    tok = Tokenizer(Unigram(pieces, unk_id=0, byte_fallback=True))
    r = explain_unseen(tok, "aé")
    assert r.encoding.tokens == ["a", "<0xC3>", "<0xA9>"]
    assert r.kinds == ("known", "byte_fallback", "byte_fallback")
    assert r.words[0].outcome == "bytes" and r.byte_count == 2


def test_byte_level_never_unknown(trained):
    tok = trained["byte-bpe"]
    r = explain_unseen(tok, "🙂")
    assert r.unknown_count == 0
    assert set(r.kinds) == {"byte_piece"}  # four bytes, none a whole character
    assert r.words[0].outcome == "bytes"
    assert len(r.encoding) == 4


def test_token_kinds_flag_special_tokens(trained):
    tok = trained["wordpiece"]
    enc = tok.encode("low")
    kinds = token_kinds(tok, enc)
    assert kinds[0] == kinds[-1] == "special"  # [CLS] ... [SEP]


# ----------------------------------------------------------------------------- held-out
@pytest.mark.parametrize("n,held", [(0, 0), (1, 0), (2, 1), (10, 1), (11, 2), (100, 10)])
def test_split_documents_holds_out_the_last_tenth(n, held):
    docs = [str(i) for i in range(n)]
    train, test = split_documents(docs)
    assert len(test) == held and train + test == docs


def test_word_vocabulary_ranks_by_count_then_word():
    counts = {"the": 9, "cat": 5, "dog": 5, "sat": 1}
    assert word_vocabulary(counts, 3) == ["the", "cat"]  # 2 words + [UNK] = 3 entries
    assert word_vocabulary(counts, 10) == ["the", "cat", "dog", "sat"]


HELDOUT_DOCS = ["the cat"] * 5 + ["the dog"] * 4 + ["the cat sat"]


def test_word_level_baseline_by_hand():
    # training split: the x9, cat x5, dog x4; held out: "the cat sat"
    small = word_level_tokenizer(word_vocabulary({"the": 9, "cat": 5, "dog": 4}, 2))  # [UNK] + the
    metrics, with_unknown = heldout_metrics(small, ["the cat sat"])
    assert (metrics.words, metrics.tokens, metrics.unknown, with_unknown) == (3, 3, 2, 2)
    assert metrics.unknown_share == pytest.approx(2 / 3)


def test_heldout_report_by_hand():
    chars = _with_whitespace(
        BPE({"[UNK]": 0, "t": 1, "h": 2, "e": 3, "c": 4, "a": 5}, [], unk_token="[UNK]")
    )
    report = drive(iter_heldout(HELDOUT_DOCS, {"chars": chars}))
    assert (report.train_documents, report.heldout_documents) == (9, 1)
    (row,) = report.rows
    # word vocabulary of 6 entries: [UNK] the cat dog -> only "sat" is out of vocabulary
    assert row.vocab_size == 6 and row.word_oov_rate == pytest.approx(1 / 3)
    # subword: t h e c a t [UNK] a t -> 1 unknown in 9 tokens; 1 of 3 words has one
    assert (row.subword.tokens, row.subword.unknown) == (9, 1)
    assert row.unknown_token_rate == pytest.approx(1 / 9)
    assert row.words_with_unknown_rate == pytest.approx(1 / 3)
    assert not row.retrained and row.error == ""


def test_heldout_retrains_on_the_training_split():
    docs = ["ab ab"] * 9 + ["abc"]
    report = drive(
        iter_heldout(
            docs, {}, retrain={"bpe": TrainSpec("bpe", 20), "byte": TrainSpec("byte-bpe", 270)}
        )
    )
    rows = {r.name: r for r in report.rows}
    # 'c' never occurs in the training split: classic BPE has one [UNK], byte-level none
    assert rows["bpe"].retrained and rows["bpe"].subword.unknown == 1
    assert rows["bpe"].words_with_unknown == 1
    assert rows["byte"].subword.unknown == 0
    # the word vocabulary knows 'ab' only: 'abc' is out of vocabulary
    assert rows["bpe"].word_oov_rate == 1.0


def test_heldout_reports_a_failing_retrain_as_an_error_row():
    report = drive(iter_heldout(["ab"] * 9 + ["ab"], {}, retrain={"u": TrainSpec("unigram", 1)}))
    assert report.rows[0].error


def test_train_spec_from_session_options():
    spec = TrainSpec.from_options("bpe", {"vocab_size": 50, "special_tokens": ["[UNK]"],
                                          "min_frequency": 2, "scoring": None})
    assert spec == TrainSpec("bpe", 50, 2, ("[UNK]",), None)
    assert TrainSpec.from_options("file", {"vocab_size": 50}) is None
    assert TrainSpec.from_options("bpe", {}) is None


def test_report_rows_for_export():
    rows = explain_unseen(hand_bpe(), "lowest").as_rows()
    assert rows == [{"strategy": "unk_per_char", "word": "lowest", "start": 0, "end": 6,
                     "model_input": "lowest", "outcome": "partly_unknown",
                     "tokens": "low e [UNK] [UNK]"}]


def test_a_model_opened_as_sentencepiece_has_its_unknown_handling_described():
    from reference_files import reference_file
    from subword_core.analysis.oov import unknown_strategy
    from subword_core.formats import open_tokenizer

    path = reference_file("sentencepiece", "botchan_en_bpe_1000.model")
    assert unknown_strategy(open_tokenizer(path)).kind == "unk_fused"
