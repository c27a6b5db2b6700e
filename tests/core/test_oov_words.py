"""Unseen words, word by word, with real tokenizers (``subword_core.analysis.oov.explain_unseen``).

A SentencePiece pipeline hands the model the whole text at once (Mistral's ``.model``:
``Metaspace(split=False)``; its converted ``tokenizer.json``: a normalizer and no
pre-tokenizer). The report must still have one row per whitespace-separated word, each
with its own tokens and outcome, so byte fallback shows on the emoji alone. Checked on
Mistral v0.1 (BPE with byte fallback, both forms), a SentencePiece Unigram trained here,
GPT-2 (byte-level BPE) and BERT (WordPiece). Traces are made on demand, and not at all
for a word longer than ``TRACE_LIMIT``.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from subword_core.formats import open_tokenizer
from subword_core.formats.sentencepiece import tokenizer_from_model_bytes
from subword_core.analysis.oov import TRACE_LIMIT, explain_unseen
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file, tokenizer_json

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = "Schwarzenegger's tokenization of 🦜 한국어"
WORDS = ["Schwarzenegger's", "tokenization", "of", "🦜", "한국어"]
_CACHE: dict[str, Tokenizer] = {}


def mistral_model() -> Tokenizer:
    """Mistral v0.1's own SentencePiece ``.model`` (mistral-common), as transformers reads it
    (flavor ``llama``; the default flavor, the sentencepiece library's own encoding, has
    models the word-by-word report does not trace)."""
    if "model" not in _CACHE:
        _CACHE["model"] = open_tokenizer(
            package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common"),
            flavor="llama")
    return _CACHE["model"]


def wild(name: str) -> Tokenizer:
    pytest.importorskip("transformers")
    if name not in _CACHE:
        _CACHE[name] = Tokenizer.from_str(tokenizer_json(name))
    return _CACHE[name]


def spm_unigram() -> Tokenizer:
    """A SentencePiece Unigram trained on the sample corpora (``<unk>``, no byte fallback)."""
    spm = pytest.importorskip("sentencepiece")
    if "unigram" not in _CACHE:
        lines = [line for p in ("english.txt", "multilingual.txt")
                 for line in (ROOT / "resources" / "corpora" / p).read_text("utf-8").splitlines()
                 if line.strip() and "🦜" not in line]
        buffer = io.BytesIO()
        spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=buffer,
                                       model_type="unigram", vocab_size=800,
                                       character_coverage=1.0, hard_vocab_limit=False,
                                       minloglevel=2)
        _CACHE["unigram"] = tokenizer_from_model_bytes(buffer.getvalue(), flavor="generic",
                                                       name="uni.model").tokenizer
    return _CACHE["unigram"]


def rows(report) -> list[tuple[str, str, list[str]]]:
    return [(w.text.strip(), w.outcome, [report.produced[i] for i in w.tokens])
            for w in report.words]


def assert_partition(report, text: str) -> None:
    """Rows cover the text in order, and every token is in exactly one row."""
    assert "".join(w.text for w in report.words) == text
    assert [w.offsets[0] for w in report.words[1:]] == [w.offsets[1] for w in report.words[:-1]]
    shown = [i for w in report.words for i in w.tokens]
    assert shown == [i for i, special in enumerate(report.encoding.special_tokens_mask)
                     if not special]


# ----------------------------------------------------------------------------- SentencePiece
@pytest.mark.parametrize("form", ["model", "mistral-7b-v0.1"])
def test_mistral_byte_fallback_is_shown_word_by_word(form):
    tok = mistral_model() if form == "model" else wild(form)
    assert tok.model.byte_fallback
    report = explain_unseen(tok, SENTENCE)
    assert_partition(report, SENTENCE)
    got = rows(report)
    assert [text for text, _, _ in got] == WORDS
    outcomes = dict((text, outcome) for text, outcome, _ in got)
    assert outcomes == {"Schwarzenegger's": "split", "tokenization": "split", "of": "in_vocab",
                        "🦜": "bytes", "한국어": "split"}
    # only the parrot is spelled with bytes: its four UTF-8 bytes, after the space's ▁
    assert got[3][2] == ["▁", "<0xF0>", "<0x9F>", "<0xA6>", "<0x9C>"]
    # each row's model input is the text the model tokenized there, ▁ for the space
    assert [w.model_input for w in report.words] == [
        "▁Schwarzenegger's", "▁tokenization", "▁of", "▁🦜", "▁한국어"]
    # the step-by-step view of one word is the model's trace of that word alone
    trace = report.words[1].trace
    assert report.words[1].trace_kind == "bpe"
    assert trace.initial[0] == "▁" and "".join(trace.initial) == "▁tokenization"


def test_spaces_and_newlines_go_with_the_word_they_precede():
    text = "  two  words\nand more  "
    report = explain_unseen(mistral_model(), text)
    assert_partition(report, text)
    assert [w.text for w in report.words] == ["  two", "  words", "\nand", " more  "]
    newline = report.words[2]
    assert newline.outcome == "bytes"  # the newline is a byte token: <0x0A>
    assert report.produced[newline.tokens[0]] == "<0x0A>"


def test_a_token_across_two_words_keeps_them_in_one_row():
    from subword_core.models import BPE

    # no pre-tokenizer, and a merge that swallows the space: "a b" is one token
    vocab = {"a": 0, "b": 1, " ": 2, "a ": 3, "a b": 4, "c": 5}
    tok = Tokenizer(BPE(vocab, [("a", " "), ("a ", "b")]))
    report = explain_unseen(tok, "a b c")
    assert_partition(report, "a b c")
    assert [(w.text, w.model_input, w.outcome) for w in report.words] == [
        ("a b", "a b", "in_vocab"), (" c", " c", "split")]


@pytest.mark.parametrize("split", [True, False])
def test_unigram_unknown_row_shows_the_unknown_piece(split):
    tok = spm_unigram()
    if not split:  # the same model handed the whole text at once: rows are still words
        from subword_core.pre_tokenizers import Metaspace

        tok = tok.shallow_copy()
        tok.pre_tokenizer = Metaspace(prepend_scheme="always", split=False)
    assert type(tok.model).__name__ == "Unigram" and not tok.model.byte_fallback
    text = "the tokenizer 🦜 world"
    report = explain_unseen(tok, text)
    assert_partition(report, text)
    got = rows(report)
    assert [t for t, _, _ in got] == ["the", "tokenizer", "🦜", "world"]
    parrot = report.words[2]
    assert parrot.outcome in ("unknown", "partly_unknown")
    # the encoding keeps the text the unknown token stands for; the model produced <unk>
    unk = [i for i in parrot.tokens if report.kinds[i] == "unknown"]
    assert unk and all(report.encoding.tokens[i] == "🦜" for i in unk)
    assert all(report.produced[i] == "<unk>" for i in unk)
    assert "<unk>" in report.as_rows()[2]["tokens"] and "🦜" not in report.as_rows()[2]["tokens"]
    assert parrot.trace_kind == "unigram" and parrot.trace is not None


# ----------------------------------------------------------------------------- pre-tokenized
def test_gpt2_byte_level_rows_are_its_pre_tokens():
    tok = wild("gpt2")
    report = explain_unseen(tok, SENTENCE)
    assert_partition(report, SENTENCE)
    assert [w.model_input for w in report.words] == [
        p for p, _ in tok.pre_tokenizer.pre_tokenize_str(SENTENCE)]
    assert report.words[-2].outcome == "bytes"  # " 🦜": byte pieces of one character


def test_bert_wordpiece_rows_and_unknown_word():
    tok = wild("bert-base-uncased")
    report = explain_unseen(tok, "tokenization of 🦜")
    assert [(w.text, w.outcome) for w in report.words] == [
        ("tokenization", "split"), ("of", "in_vocab"), ("🦜", "unknown")]
    assert report.produced[report.words[2].tokens[0]] == "[UNK]"


# ----------------------------------------------------------------------------- long words
def test_a_long_word_is_not_traced():
    tok = mistral_model()
    word = "Donaudampfschifffahrt" * 250  # 5,250 characters, one word
    model = tok.model
    calls = []
    original = model.merge_trace
    model.merge_trace = lambda w: calls.append(w) or original(w)  # instance attribute
    try:
        report = explain_unseen(tok, f"short {word}")
        assert calls == []  # nothing is traced until asked for
        short, long_ = report.words
        assert long_.trace_kind == "too_long" and long_.trace is None
        assert len(long_.model_input) > TRACE_LIMIT and calls == []
        assert short.trace is not None and calls == ["▁short"]
    finally:
        del model.merge_trace


def test_rows_of_a_long_mixed_text_partition_it():
    text = ("Hello world, naïve café. 안녕하세요 한국어 🦜🎉 emoji!\n" * 40).strip()
    report = explain_unseen(mistral_model(), text)
    assert_partition(report, text)
    assert len(report.words) == len(re.findall(r"\S+", text))
    assert {w.outcome for w in report.words if "🦜" in w.text} == {"bytes"}
