"""subword_core.analysis.compare: boundaries aligned by offsets, metrics, vocabulary overlap
(no Qt).

Hand-made models whose figures are worked out in the comments, plus invariants on
tokenizers trained with the presets.
"""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import subword_core.analysis.compare as compare_module

from subword_core.analysis.compare import (
    Metrics,
    align,
    align_tokenizers,
    boundaries,
    char_cover,
    encoding_boundaries,
    iter_corpus_profiles,
    pairwise_overlaps,
    segments,
    surface_form,
    text_metrics,
    vocab_overlap,
    words,
)
from subword_core.encoding import Encoding
from subword_core.models import BPE, WordPiece
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import drive

TEXT = "lower lowest"  # l0 o1 w2 e3 r4 _5 l6 o7 w8 e9 s10 t11


def hand_bpe(special_unk: bool = False) -> Tokenizer:
    vocab = {"[UNK]": 0, "l": 1, "o": 2, "w": 3, "e": 4, "r": 5, "lo": 6, "low": 7, "er": 8}
    tok = Tokenizer(BPE(vocab, [("l", "o"), ("lo", "w"), ("e", "r")], unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    if special_unk:
        tok.add_special_tokens(["[UNK]"])
    return tok


def hand_wordpiece(special_unk: bool = False) -> Tokenizer:
    vocab = {"[UNK]": 0, "low": 1, "##er": 2, "##e": 3, "lo": 4, "##w": 5, "##est": 6}
    tok = Tokenizer(WordPiece(vocab))
    tok.pre_tokenizer = Whitespace()
    if special_unk:
        tok.add_special_tokens(["[UNK]"])
    return tok


def rows(*spans):
    return Encoding.from_rows((i, f"t{i}", span, 0, 0) for i, span in enumerate(spans))


# ----------------------------------------------------------------------------- boundaries
def test_hand_models_align_by_offsets():
    a = align_tokenizers(TEXT, {"bpe": hand_bpe(), "wp": hand_wordpiece()})
    # BPE: low|er  low|e|[UNK]|[UNK]   WordPiece: low|##er  low|##est
    assert a.row("bpe").encoding.tokens == ["low", "er", "low", "e", "[UNK]", "[UNK]"]
    assert a.row("wp").encoding.tokens == ["low", "##er", "low", "##est"]
    assert a.row("bpe").boundaries == {3, 6, 9, 10, 11}
    assert a.row("wp").boundaries == {3, 6, 9}
    assert a.common == {3, 6, 9}
    assert a.differing == (10, 11)
    assert a.missing("wp") == {10, 11} and a.missing("bpe") == frozenset()
    assert a.row("bpe").unknown == {4, 5} and a.row("wp").unknown == frozenset()


def test_where_a_space_is_attached_is_not_a_boundary_difference():
    text = "hello world"
    split = rows((0, 5), (6, 11))  # whitespace pre-tokenizer drops the space
    attached = rows((0, 5), (5, 11))  # byte-level 'Ġworld' carries it
    a = align(text, {"split": split, "attached": attached})
    assert a.row("split").boundaries == a.row("attached").boundaries == {6}
    assert a.differing == ()


def test_uncovered_character_is_cut_on_both_sides():
    assert boundaries("abc", char_cover(rows((0, 1), (2, 3)), 3)) == {1, 2}


def test_characters_shared_by_several_tokens():
    # an emoji split into byte tokens: three tokens on character 1, then 'x'
    enc = rows((0, 1), (1, 2), (1, 2), (1, 2), (2, 3))
    row = align("a🙂x", {"b": enc}).rows[0]
    assert row.split_chars == {1}
    assert row.boundaries == {1, 2}
    assert [(s.start, s.end, s.tokens) for s in row.segments] == [
        (0, 1, (0,)),
        (1, 2, (1, 2, 3)),
        (2, 3, (4,)),
    ]


def test_a_token_spanning_two_characters_hides_the_cut():
    enc = rows((0, 2), (1, 2))  # token 0 covers 'ab', token 1 part of 'b'
    assert boundaries("ab", char_cover(enc, 2)) == frozenset()


def test_segments_runs():
    assert [(s.start, s.end) for s in segments([(0,), (0,), (), (1,)])] == [(0, 2), (2, 3), (3, 4)]


def test_special_tokens_are_ignored_when_aligning():
    enc = Encoding.from_rows([(0, "ab", (0, 2), 0, 0)])
    enc.ids.insert(0, 9)
    enc.tokens.insert(0, "[CLS]")
    enc.offsets.insert(0, (0, 0))
    enc.word_ids.insert(0, None)
    enc.type_ids.insert(0, 0)
    enc.special_tokens_mask = [1, 0]
    assert char_cover(enc, 2) == [(1,), (1,)]


# ----------------------------------------------------------------------------- metrics
def test_words_are_whitespace_pre_tokenizer_pieces():
    assert words("Hi, 한국어 🙂!") == [
        ("Hi", (0, 2)),
        (",", (2, 3)),
        ("한국어", (4, 7)),
        ("🙂!", (8, 10)),
    ]


def test_text_metrics_by_hand():
    tok = hand_bpe()
    m = text_metrics(TEXT, tok.encode(TEXT), tok.token_to_id("[UNK]"))
    # 12 characters, 2 words, 6 tokens of which 2 unknown
    assert m == Metrics(characters=12, words=2, tokens=6, unknown=2)
    assert (m.chars_per_token, m.tokens_per_word, m.unknown_share) == (
        2.0,
        3.0,
        pytest.approx(1 / 3),
    )
    wp = hand_wordpiece()
    m = text_metrics(TEXT, wp.encode(TEXT), 0)
    assert (m.tokens, m.chars_per_token, m.tokens_per_word, m.unknown_share) == (4, 3.0, 2.0, 0.0)


def test_empty_metrics_have_zero_ratios():
    m = Metrics()
    assert (m.chars_per_token, m.tokens_per_word, m.unknown_share) == (0.0, 0.0, 0.0)


def test_corpus_profile_by_hand():
    gen = iter_corpus_profiles([TEXT, "low"], {"bpe": hand_bpe()})
    events = []
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        profile = stop.value["bpe"]
    assert [e.current for e in events[1:]] == [12, 15]
    assert profile.metrics == Metrics(characters=15, words=3, tokens=7, unknown=2)
    # low x3, er, e, [UNK] x2
    assert profile.token_counts == {7: 3, 8: 1, 4: 1, 0: 2}
    assert profile.documents == 2 and not profile.truncated


def test_corpus_profile_stops_after_max_chars():
    profile = drive(iter_corpus_profiles([TEXT, "low", "lower"], {"bpe": hand_bpe()}, max_chars=12))
    assert profile["bpe"].documents == 1 and profile["bpe"].truncated


def test_corpus_profile_measures_cuts_shared_with_the_first_tokenizer():
    # TEXT "lower lowest": hand BPE cuts low|er, low|e|[UNK]s? -> cuts at 3, 9, 10, 11
    # (l o w e s t: "low", "e", "s"->UNK, "t"->UNK); WordPiece below cuts differently.
    profiles = drive(iter_corpus_profiles([TEXT, "low"], {"bpe": hand_bpe(),
                                                          "wp": hand_wordpiece()}))
    bpe, wp = profiles["bpe"], profiles["wp"]
    assert bpe.cut_agreement == 1.0 and bpe.shared_cuts == bpe.either_cuts > 0
    ours = {c for doc in (TEXT, "low") for c in
            encoding_boundaries(doc, hand_bpe().encode(doc))}
    theirs = {c for doc in (TEXT, "low") for c in
              encoding_boundaries(doc, hand_wordpiece().encode(doc))}
    assert wp.shared_cuts == len(ours & theirs) and wp.either_cuts == len(ours | theirs)
    assert bpe.tokens_per_document == 7 / 2


_SPANS = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 4), st.booleans()), max_size=12)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab \t\né", max_size=12), spans=_SPANS)
def test_encoding_boundaries_equal_the_per_character_definition(text, spans):
    offsets = sorted((min(s, len(text)), min(s + n, len(text))) for s, n, _ in spans)
    encoding = Encoding(ids=[0] * len(offsets), tokens=["x"] * len(offsets), offsets=offsets,
                        special_tokens_mask=[int(sp) for *_, sp in spans][:len(offsets)])
    assert encoding_boundaries(text, encoding) == boundaries(
        text, char_cover(encoding, len(text)))


def test_doctests():
    assert doctest.testmod(compare_module).failed == 0


def test_truncation_of_the_tokenizer_does_not_hide_tokens():
    tok = hand_bpe()
    tok.enable_truncation(2)
    assert text_metrics(TEXT, align_tokenizers(TEXT, {"t": tok}).rows[0].encoding).tokens == 6
    assert tok.truncation is not None  # the session's tokenizer is untouched


# ----------------------------------------------------------------------------- overlap
def test_vocab_overlap_by_hand():
    o = vocab_overlap("bpe", hand_bpe(True), "wp", hand_wordpiece(True))
    # special [UNK] excluded: BPE 8 entries, WordPiece 6; raw shared {low, lo}
    assert (o.size_a, o.size_b, o.shared) == (8, 6, 2)
    assert o.jaccard == pytest.approx(2 / 12)
    # surface: WordPiece {low, er, e, lo, w, est}; shared with BPE {low, er, e, lo, w}
    assert (o.surface_size_a, o.surface_size_b, o.surface_shared) == (8, 6, 5)
    assert o.surface_jaccard == pytest.approx(5 / 9)


@pytest.mark.parametrize(
    "token,byte_level,form",
    [
        ("Ġworld", True, "world"),
        ("Ġ", True, " "),
        ("ðŁ", True, "<0xF0><0x9F>"),
        ("Ã©", True, "é"),
        ("▁the", False, "the"),
        ("▁", False, " "),
        ("the", False, "the"),
    ],
)
def test_surface_form(token, byte_level, form):
    assert surface_form(token, byte_level=byte_level) == form


def test_surface_form_uses_the_model_markers():
    assert surface_form("##est", hand_wordpiece()) == "est"
    bpe = Tokenizer(BPE({"a": 0, "a</w>": 1}, [], end_of_word_suffix="</w>"))
    assert surface_form("a</w>", bpe) == "a"


# ----------------------------------------------------------------------------- trained tokenizers
CORPUS = [
    "low lower newest widest",
    "the other theatre thesis",
    "한국어 문장 🙂 café naïve",
] * 20


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer

    sizes = {"byte-bpe": 320, "bpe": 120, "wordpiece": 120, "unigram": 100}
    return {alg: drive(train_tokenizer(CORPUS, alg, size)).tokenizer for alg, size in sizes.items()}


@pytest.mark.parametrize(
    "text", ["", "a", "lower newest 🙂", "한국어 café naïve", "  spaces\tand\nlines "]
)
def test_alignment_invariants_on_trained_tokenizers(trained, text):
    a = align_tokenizers(text, trained)
    for row in a.rows:
        # segments tile the text in order
        assert [s.start for s in row.segments] == [0, *[s.end for s in row.segments]][
            : len(row.segments)
        ]
        assert (row.segments[-1].end if row.segments else 0) == len(text)
        # every boundary is a non-whitespace character with no token shared with the previous one
        cover = char_cover(row.encoding, len(text))
        for p in row.boundaries:
            assert not text[p].isspace()
            prev = max(q for q in range(p) if not text[q].isspace())
            assert not set(cover[prev]) & set(cover[p])
    assert set(a.differing) | a.common == frozenset().union(*(r.boundaries for r in a.rows))


def test_byte_level_emoji_is_a_split_character(trained):
    a = align_tokenizers("a🙂", {"b": trained["byte-bpe"]})
    assert 1 in a.rows[0].split_chars


def test_pairwise_overlaps_cover_each_pair_once(trained):
    overlaps = pairwise_overlaps(trained)
    assert [(o.a, o.b) for o in overlaps] == [
        ("byte-bpe", "bpe"),
        ("byte-bpe", "wordpiece"),
        ("byte-bpe", "unigram"),
        ("bpe", "wordpiece"),
        ("bpe", "unigram"),
        ("wordpiece", "unigram"),
    ]
    for o in overlaps:
        assert 0 <= o.shared <= min(o.size_a, o.size_b)
        assert 0.0 <= o.jaccard <= 1.0 and 0.0 <= o.surface_jaccard <= 1.0


def test_take_chars_stops_after_the_document_that_reaches_the_budget():
    from subword_core.analysis.compare import take_chars

    assert take_chars(["ab", "cd", "ef"], 3) == ["ab", "cd"]
    assert take_chars(["ab", "cd"], 100) == ["ab", "cd"]
    assert take_chars(iter(["ab"]), 0) == []


def test_an_aligned_row_pickles_as_columns_and_comes_back_equal():
    """The Compare job's rows travel from a pool process to the window: segments as three
    int columns, not thousands of pickled objects."""
    import pickle

    from subword_core.analysis.compare import align_tokenizers

    tokenizers = {"bpe": hand_bpe(), "wp": Tokenizer(WordPiece({"[UNK]": 0, "low": 1,
                                                                "##er": 2, "##est": 3},
                                                               unk_token="[UNK]"))}
    tokenizers["wp"].pre_tokenizer = Whitespace()
    alignment = align_tokenizers(TEXT + " 한국어", tokenizers)
    data = pickle.dumps(alignment)
    assert b"Segment" not in data
    back = pickle.loads(data)
    assert back == alignment and back.differing == alignment.differing


def test_vocab_forms_are_the_surface_forms_of_each_token():
    from subword_core.analysis.compare import model_vocab, surface_form, vocab_forms
    from subword_core.training.presets import train_tokenizer

    tok = drive(train_tokenizer(["lower lowest newer 한국어 🙂"] * 3, "byte-bpe", 270)).tokenizer
    raw, surface = vocab_forms(tok)
    assert raw == model_vocab(tok)
    assert surface == {surface_form(t, tok) for t in model_vocab(tok)}
