"""Figures per tokenizer and language on a parallel corpus (issue 24): hand-computed cases,
tokens equal to encoding each sentence, and Rényi efficiency equal to tokenization-scorer's."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest

from subword_core import Tokenizer
from subword_core._util.progress import drive
from subword_core.analysis.languages import (
    choose_pivot,
    figures_csv,
    gini,
    language_figures,
    lorenz_curve,
    renyi_efficiency,
    token_histogram,
)
from subword_core.corpus import ParallelCorpus, ParallelCorpusError, read_parallel
from subword_core.corpus.parallel import sample_path
from subword_core.models import BPE, WordLevel
from subword_core.pre_tokenizers import WhitespaceSplit
from subword_core.training.presets import train_tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wild_sources import tokenizer_json  # noqa: E402

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"


def _word_level() -> Tokenizer:
    tok = Tokenizer(WordLevel({"[UNK]": 0, "a": 1, "b": 2, "c": 3, "x": 4}, unk_token="[UNK]"))
    tok.pre_tokenizer = WhitespaceSplit()
    return tok


TINY = ParallelCorpus.from_texts({"en": ["a b", "c"], "xx": ["a b c x", "q q"]})


def test_hand_computed_figures():
    fig = language_figures({"w": _word_level()}, TINY, pivot="en")["w"]
    en, xx = fig.row("en"), fig.row("xx")
    assert (en.tokens, xx.tokens) == (3, 6)
    assert (en.characters, en.bytes, en.words) == (4, 4, 3)
    assert (xx.characters, xx.words) == (10, 6)
    assert en.premium == 1.0 and xx.premium == 2.0
    assert en.chars_per_token == pytest.approx(4 / 3) and xx.tokens_per_word == 1.0
    assert (en.types, xx.types, en.vocab_size) == (3, 5, 5)
    assert en.vocab_used == pytest.approx(0.6) and xx.vocab_used == 1.0
    assert (en.unknown, xx.unknown) == (0, 2) and xx.unknown_rate == pytest.approx(1 / 3)
    # three tokens once each: the uniform distribution over what is observed
    assert en.renyi_efficiency == pytest.approx(1.0)
    assert fig.gini == pytest.approx(1 / 6)
    assert [c for point in fig.lorenz for c in point] == pytest.approx([0, 0, 0.5, 1 / 3, 1, 1])


def test_renyi_denominator_vocab_size():
    fig = language_figures({"w": _word_level()}, TINY, pivot="en", denominator="vocab")["w"]
    assert fig.row("en").renyi_efficiency == pytest.approx(1.5849625007 / 2.3219280949)


def test_gini_and_lorenz_hand_cases():
    assert gini([5, 5, 5]) == 0.0
    assert gini([0, 0, 0, 4]) == 0.75
    assert gini([1, 2, 3]) == pytest.approx(2 / 9)  # Σ|xi-xj| = 8, 2·n²·mean = 36
    assert [c for p in lorenz_curve([1, 2, 3])[1:] for c in p] == pytest.approx(
        [1 / 3, 1 / 6, 2 / 3, 0.5, 1, 1])
    assert renyi_efficiency([7]) is None and renyi_efficiency([]) is None


def test_byte_fallback_tokens_count_as_unknown():
    vocab = {"<unk>": 0, "<0xC3>": 1, "<0xA9>": 2, "a": 3}
    tok = Tokenizer(BPE(vocab, [], unk_token="<unk>", byte_fallback=True))
    hist = token_histogram(tok, ["aé", "a"])
    assert hist.counts == {3: 2, 1: 1, 2: 1} and hist.unknown == 2


def test_pivot_choice():
    assert choose_pivot(["fr", "en", "de"]) == "en"
    assert choose_pivot(["fra_Latn", "deu_Latn"]) == "fra_Latn"
    assert choose_pivot(["fr", "de"], None) is None
    with pytest.raises(ParallelCorpusError, match="no pivot language ko"):
        choose_pivot(["fr", "de"], "ko")


def test_csv_export_has_every_number():
    figures = language_figures({"w": _word_level()}, TINY, pivot="en")
    rows = list(csv.DictReader(io.StringIO(figures_csv(figures.values()))))
    assert [r["language"] for r in rows] == ["en", "xx"]
    assert rows[1]["premium"] == "2.0" and rows[1]["tokens"] == "6"
    assert float(rows[0]["gini"]) == pytest.approx(1 / 6)


# ----------------------------------------------------------------------------- real text
@pytest.fixture(scope="module")
def sample():
    return read_parallel(sample_path(), limit=120)


@pytest.fixture(scope="module")
def tokenizers():
    found = {"bpe": drive(train_tokenizer(CORPORA / "multilingual.txt", "byte-bpe", 600)).tokenizer}
    for name in ("gpt2", "bert-base-uncased"):
        try:
            tok = Tokenizer.from_str(tokenizer_json(name))
        except Exception:  # noqa: BLE001, S112 - the package that ships it is not installed
            continue
        tok.no_padding()  # the MiniLM file pads to 128: padding is no token of the text
        tok.no_truncation()
        found[name] = tok
    return found


def test_tokens_equal_encoding_each_sentence(sample, tokenizers):
    figures = language_figures(tokenizers, sample)
    for name, tok in tokenizers.items():
        for lang in sample.languages:
            expected = sum(len(tok.encode(s, add_special_tokens=False).ids)
                           for s in sample.sentences[lang])
            assert figures[name].row(lang).tokens == expected, (name, lang)


def _scorer_text(tok, sentences) -> str:
    # the same tokenized text, one line a sentence, token ids as whitespace-free words
    return "\n".join(" ".join(f"t{i}" for i in tok.encode(s, add_special_tokens=False).ids)
                     for s in sentences)


@pytest.mark.parametrize("alpha", [2.5, 3.0, 1.0])
def test_renyi_efficiency_equals_tokenization_scorer(sample, tokenizers, alpha, capsys):
    tokenization_scorer = pytest.importorskip("tokenization_scorer")
    for denominator in ("observed", "vocab"):
        figures = language_figures(tokenizers, sample, alpha=alpha, denominator=denominator)
        for name, tok in tokenizers.items():
            extra = {"vocab": tok.get_vocab_size()} if denominator == "vocab" else {}
            for lang in sample.languages:
                text = _scorer_text(tok, sample.sentences[lang])
                # the package's renyi at power 1 reads its exhausted input: shannon is α = 1
                metric = "shannon_efficiency" if alpha == 1.0 else "renyi"
                expected = tokenization_scorer.score(text, metric=metric, power=alpha, **extra)
                assert figures[name].row(lang).renyi_efficiency == expected, (name, lang)
    capsys.readouterr()  # the package prints its settings and a progress bar
