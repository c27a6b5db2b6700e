"""compare.iter_gold_profiles: gold-entity fragmentation per compared tokenizer."""

from __future__ import annotations

from pathlib import Path

from subword_core.analysis.compare import iter_gold_profiles
from subword_core.analysis.gold import GOLD_STAGE, doc_from_spans, iter_gold_figures, read_gold
from subword_core.models import BPE, WordPiece
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import StageStarted, drive

SPANS = Path(__file__).resolve().parents[2] / "resources" / "labeled" / "sample_spans.jsonl"


def _whole_words() -> Tokenizer:
    vocab = {"[UNK]": 0, "lower": 1, "lowest": 2, "low": 3}
    tok = Tokenizer(WordPiece(vocab))
    tok.pre_tokenizer = Whitespace()
    return tok


def _letters() -> Tokenizer:
    vocab = {"[UNK]": 0, **{c: i for i, c in enumerate("lowerst", 1)}}
    tok = Tokenizer(BPE(vocab, [], unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    return tok


def test_fragmentation_by_hand():
    # "lower lowest low": X = "lower lowest" (2 words), Y = "low"
    docs = [doc_from_spans("lower lowest low", [("X", 0, 12), ("Y", 13, 16)])]
    gen = iter_gold_profiles(docs, {"words": _whole_words(), "letters": _letters()})
    events = []
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        figures = stop.value
    assert [e for e in events if isinstance(e, StageStarted)] == [
        StageStarted(GOLD_STAGE, 1)] * 2  # one stage per tokenizer
    words, letters = figures["words"], figures["letters"]
    assert (words.entities, words.split, words.tokens) == (2, 1, 3)
    assert (letters.entities, letters.split, letters.tokens) == (2, 2, 11 + 3)
    assert words.tokens_per_entity == 1.5 and letters.share_split == 1.0


def test_each_tokenizer_gets_the_groupings_figures():
    docs = read_gold(str(SPANS))
    tokenizers = {"words": _whole_words(), "letters": _letters()}
    figures = drive(iter_gold_profiles(docs, tokenizers, "all"))
    assert list(figures) == ["words", "letters"]
    for name, tok in tokenizers.items():
        assert figures[name] == drive(iter_gold_figures(docs, tok, "all"))
