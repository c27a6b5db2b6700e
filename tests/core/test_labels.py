"""subword_core.analysis.labels: token-classification aggregation and IOB label alignment
(no Qt)."""

from __future__ import annotations

import re

import pytest

from subword_core.encoding import Encoding
from subword_core.analysis.labels import (
    CharEntity,
    Entity,
    LabeledSentence,
    aggregate,
    align_labels,
    align_sentence,
    convert_scheme,
    entities_from_tags,
    join_words,
    read_conll,
    scheme_problems,
    summarize,
    tags_from_entities,
    token_word_indices,
    two_class_scores,
)


class ChunkTokenizer:
    """Splits each word into chunks of ``size`` chars; optionally glues the leading space
    to the first chunk the way byte-level BPE does ('Ġword' covering ' word')."""

    def __init__(self, size: int = 3, leading_space: bool = False) -> None:
        self.size = size
        self.leading_space = leading_space

    def encode(self, text: str) -> Encoding:
        rows = []
        for w, m in enumerate(re.finditer(r"\S+", text)):
            start = m.start()
            for k in range(m.start(), m.end(), self.size):
                s = k - 1 if (self.leading_space and k == start and k > 0) else k
                e = min(k + self.size, m.end())
                rows.append((len(rows), text[s:e].replace(" ", "Ġ"), (s, e), w, 0))
        return Encoding.from_rows(rows)


# ------------------------------------------------------------------------ aggregation
def _enc_and_scores():
    # "Paris hosts" -> Par is | hos ts
    text = "Paris hosts"
    enc = ChunkTokenizer(3).encode(text)
    assert enc.tokens == ["Par", "is", "hos", "ts"]
    labels = ["O", "B-LOC", "I-LOC"]
    scores = [(0.1, 0.8, 0.1), (0.2, 0.1, 0.7), (0.9, 0.05, 0.05), (0.4, 0.1, 0.5)]
    return text, enc, scores, labels


def test_none_keeps_one_row_per_token():
    text, enc, scores, labels = _enc_and_scores()
    groups = aggregate(text, enc, scores, labels, "none")
    assert [(g.entity_group, g.word, g.tokens) for g in groups] == [
        ("B-LOC", "Par", (0,)), ("I-LOC", "is", (1,)), ("O", "hos", (2,)), ("I-LOC", "ts", (3,))]
    assert groups[0].score == pytest.approx(0.8)


def test_simple_merges_b_then_i_of_same_type():
    text, enc, scores, labels = _enc_and_scores()
    groups = aggregate(text, enc, scores, labels, "simple", ignore_labels=["O"])
    assert [(g.entity_group, g.word, g.start, g.end) for g in groups] == [
        ("LOC", "Paris", 0, 5), ("LOC", "ts", 9, 11)]
    assert groups[0].score == pytest.approx((0.8 + 0.7) / 2)


def test_first_average_max_are_word_level():
    text, enc, scores, labels = _enc_and_scores()
    first = aggregate(text, enc, scores, labels, "first")
    assert [(g.entity_group, g.word) for g in first] == [("LOC", "Paris"), ("O", "hosts")]
    maxed = aggregate(text, enc, scores, labels, "max")
    assert [(g.entity_group, g.word) for g in maxed] == [("LOC", "Paris"), ("O", "hosts")]
    assert maxed[1].score == pytest.approx(0.9)
    avg = aggregate(text, enc, scores, labels, "average")
    # "hosts": mean((0.9,.05,.05),(0.4,.1,.5)) = (0.65, .075, .275) -> O
    assert avg[1].entity_group == "O" and avg[1].score == pytest.approx(0.65)
    # "Paris": mean = (0.15, 0.45, 0.4) -> B-LOC
    assert avg[0].entity_group == "LOC" and avg[0].score == pytest.approx(0.45)


def test_two_class_scores_group_adjacent_words():
    text = "aaa bbb ccc"
    enc = ChunkTokenizer(3).encode(text)
    vectors, labels = two_class_scores([0.9, 0.8, 0.1])
    groups = aggregate(text, enc, vectors, labels, "first")
    assert [(g.entity_group, g.word) for g in groups] == [("HIGH", "aaa bbb"), ("LOW", "ccc")]


def test_special_tokens_are_skipped_and_bad_strategy_rejected():
    enc = Encoding.from_rows([(0, "[CLS]", (0, 0), None, 0), (1, "ab", (0, 2), 0, 0)])
    enc.special_tokens_mask[0] = 1
    groups = aggregate("ab", enc, [(1.0, 0.0), (0.0, 1.0)], ["O", "X"], "none")
    assert [g.tokens for g in groups] == [(1,)]
    with pytest.raises(ValueError):
        aggregate("ab", enc, [(1.0, 0.0), (0.0, 1.0)], ["O", "X"], "mean")


# ------------------------------------------------------------------------ IOB schemes
def test_entities_from_iob1_and_iob2_agree():
    iob2 = ["B-PER", "I-PER", "B-PER", "O", "B-LOC", "I-LOC"]
    iob1 = ["I-PER", "I-PER", "B-PER", "O", "I-LOC", "I-LOC"]
    expected = [Entity("PER", 0, 2), Entity("PER", 2, 3), Entity("LOC", 4, 6)]
    assert entities_from_tags(iob2) == expected
    assert entities_from_tags(iob1) == expected
    assert convert_scheme(iob2, "IOB1") == iob1
    assert convert_scheme(iob1, "IOB2") == iob2
    assert tags_from_entities(expected, 6, "IOB2") == iob2
    assert scheme_problems(iob1, "IOB2") == [0, 4]
    assert scheme_problems(iob2, "IOB1") == [0, 4]
    assert scheme_problems(iob2, "IOB2") == [] and scheme_problems(iob1, "IOB1") == []


def test_read_conll(tmp_path):
    path = tmp_path / "s.conll"
    path.write_text("-DOCSTART- O\n\n# comment\nJohn\tB-PER\nlives NN O\n\nSeoul\tB-LOC\n",
                    encoding="utf-8")
    sents = read_conll(path)
    assert [s.words for s in sents] == [["John", "lives"], ["Seoul"]]
    assert [s.tags for s in sents] == [["B-PER", "O"], ["B-LOC"]]
    with pytest.raises(ValueError):
        read_conll(["", "  "])


# ------------------------------------------------------------------------ alignment
def test_align_labels_first_and_all():
    token_words = [None, 0, 0, 1, 2, 2, 2, None]
    tags = ["B-ORG", "O", "B-LOC"]
    assert align_labels(token_words, tags, "first") == [
        None, "B-ORG", None, "O", "B-LOC", None, None, None]
    assert align_labels(token_words, tags, "all") == [
        None, "B-ORG", "I-ORG", "O", "B-LOC", "I-LOC", "I-LOC", None]


def test_token_word_indices_uses_overlap_and_attaches_lone_spaces():
    text, spans = join_words(["New", "York"])
    assert text == "New York" and spans == [(0, 3), (4, 8)]
    offsets = [(0, 3), (3, 4), (4, 8)]  # "New" "Ġ" "York"
    assert token_word_indices(offsets, [0, 0, 0], spans) == [0, 1, 1]


@pytest.mark.parametrize("mode", ["first", "all"])
def test_regrouped_entities_match_with_clean_offsets(mode):
    sent = LabeledSentence(["Barack", "Obama", "visited", "Seoul"],
                           ["B-PER", "I-PER", "O", "B-LOC"])
    a = align_sentence(sent, ChunkTokenizer(3), mode, "IOB2")
    assert a.original == [CharEntity("PER", 0, 12, "Barack Obama"),
                          CharEntity("LOC", 21, 26, "Seoul")]
    assert a.matches, a.regrouped
    assert a.tokens_per_entity == [4, 2]
    assert a.n_split_entities == 2


def test_leading_space_tokens_break_the_regrouping_check():
    sent = LabeledSentence(["in", "Seoul"], ["O", "B-LOC"])
    a = align_sentence(sent, ChunkTokenizer(3, leading_space=True), "first")
    assert a.tokens[1] == "ĠSeo"
    assert a.regrouped == [CharEntity("LOC", 2, 8, " Seoul")]
    assert not a.matches
    summary = summarize([a])
    assert summary.mismatched_sentences == 1 and summary.entities == 1


def test_bundled_labeled_sample_reads():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "resources" / "labeled"
    files = sorted(folder.glob("*.conll"))
    assert files, "resources/labeled/*.conll is missing"
    for f in files:
        sents = read_conll(f)
        assert len(sents) >= 5
        for s in sents:
            assert len(s.words) == len(s.tags)
            assert all(t == "O" or t[:2] in ("B-", "I-") for t in s.tags)
