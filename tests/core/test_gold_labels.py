"""subword_core.analysis.gold: gold labels (CoNLL or JSONL spans) against real tokenizers
(no Qt)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from wild_sources import tokenizer_json  # noqa: E402

from subword_core.errors import CorpusError  # noqa: E402
from subword_core.analysis.gold import (  # noqa: E402
    align_doc,
    check_entities,
    doc_from_spans,
    iter_gold_figures,
    read_gold,
    read_spans_jsonl,
    trim_entity,
)
from subword_core.analysis.labels import CharEntity  # noqa: E402
from subword_core.loading import tokenizer_from_str  # noqa: E402
from subword_core._util.progress import StageProgress, StageStarted  # noqa: E402

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "labeled"


def _ours(name: str):
    tok = tokenizer_from_str(tokenizer_json(name))
    tok.no_padding()     # the bert JSON pads to 128
    tok.no_truncation()
    return tok


@pytest.fixture(scope="module")
def bert():
    return _ours("bert-base-uncased")


@pytest.fixture(scope="module")
def gpt2():
    return _ours("gpt2")


def _spans(text: str, *pairs: tuple[str, str]) -> list[tuple[str, int, int]]:
    """``(label, substring)`` pairs -> ``(label, start, end)`` (first occurrence)."""
    out = []
    for label, sub in pairs:
        i = text.index(sub)
        out.append((label, i, i + len(sub)))
    return out


KIM = "Hello Kim Min-jun from Seoul"


# ------------------------------------------------------------------------ hand-worked alignment
def test_word_level_first_subtoken_labels(bert):
    doc = doc_from_spans(KIM, _spans(KIM, ("PER", "Kim Min-jun"), ("LOC", "Seoul")))
    assert doc.tags == ["O", "B-PER", "I-PER", "O", "B-LOC"]
    a = align_doc(doc, bert, "first")
    assert a.tokens == ["[CLS]", "hello", "kim", "min", "-", "jun", "from", "seoul", "[SEP]"]
    assert a.token_labels == [None, "O", "B-PER", "I-PER", None, None, "O", "B-LOC", None]
    checks = check_entities(a)
    assert [(c.entity.text, c.tokens, c.exact) for c in checks] == [
        ("Kim Min-jun", 4, True), ("Seoul", 1, True)]


def test_all_subtokens_turn_b_into_i(bert):
    doc = doc_from_spans("Kim Min-jun", [("PER", 0, 11)])
    a = align_doc(doc, bert, "all")
    assert a.token_labels == [None, "B-PER", "I-PER", "I-PER", "I-PER", None]


def test_byte_level_leading_space_is_trimmed_to_a_match(gpt2):
    doc = doc_from_spans(KIM, _spans(KIM, ("PER", "Kim Min-jun"), ("LOC", "Seoul")))
    a = align_doc(doc, gpt2, "first")
    assert a.tokens[1] == "ĠKim" and a.offsets[1] == (5, 9)   # the space rides along
    assert [(r.start, r.end) for r in a.regrouped] == [(5, 17), (22, 28)]
    assert not a.matches                                       # untrimmed: one char early
    checks = check_entities(a)
    assert [(c.tokens, c.exact) for c in checks] == [(4, True), (1, True)]
    assert checks[1].regrouped == CharEntity("LOC", 23, 28, "Seoul")


def test_trim_entity():
    assert trim_entity(CharEntity("X", 4, 10, " Seoul")) == CharEntity("X", 5, 10, "Seoul")
    assert trim_entity(CharEntity("X", 0, 3, "abc")) == CharEntity("X", 0, 3, "abc")


def test_korean_fragments(bert, gpt2):
    text = "김민준 씨는 서울에 산다"
    doc = doc_from_spans(text, _spans(text, ("PER", "김민준"), ("LOC", "서울에")))
    # bert (uncased) decomposes Hangul into jamo: 3 syllables -> 9 tokens
    b = check_entities(align_doc(doc, bert))
    assert [(c.tokens, c.exact) for c in b] == [(9, True), (7, True)]
    # gpt2: 3 bytes per syllable; the LOC's first token is 'Ġì' (space + first byte)
    g = check_entities(align_doc(doc, gpt2))
    assert [(c.tokens, c.exact) for c in g] == [(9, True), (9, True)]


def test_accents_and_emoji(bert, gpt2):
    text = "José Müller 👩‍👩‍👧 visited Zürich"
    doc = doc_from_spans(text, _spans(text, ("PER", "José Müller"), ("LOC", "Zürich")))
    b = check_entities(align_doc(doc, bert))
    assert [(c.tokens, c.exact) for c in b] == [(2, True), (1, True)]
    a = align_doc(doc, gpt2)
    assert a.tokens[:5] == ["J", "os", "Ã©", "ĠMÃ¼", "ller"]
    assert [(c.tokens, c.exact) for c in check_entities(a)] == [(5, True), (3, True)]


def test_words_are_cut_at_entity_boundaries(gpt2):
    # "Zürich's": the span covers "Zürich" only; the word is cut there, as CoNLL would
    text = "Zürich's lake"
    doc = doc_from_spans(text, [("LOC", 0, 6)])
    assert doc.words == ["Zürich", "'s", "lake"] and doc.tags == ["B-LOC", "O", "O"]
    (check,) = check_entities(align_doc(doc, gpt2))
    assert (check.tokens, check.exact) == (3, True)


def test_token_across_an_entity_boundary_differs(gpt2):
    # gpt2 cuts "Seoul" as Se|oul; an entity "Seo" ends inside 'oul', which overlaps the
    # word "ul" more than "Seo", so it is labelled O and the regrouped entity is "Se"
    doc = doc_from_spans("Seoul", [("LOC", 0, 3)])
    a = align_doc(doc, gpt2)
    assert a.tokens == ["Se", "oul"] and a.token_labels == ["B-LOC", "O"]
    (check,) = check_entities(a)
    assert (check.tokens, check.exact) == (2, False)
    assert check.regrouped == CharEntity("LOC", 0, 2, "Se")


# ------------------------------------------------------------------------ HF course parity
def _course_align(labels: list[int], word_ids: list[int | None]) -> list[int]:
    """The Hugging Face course's ``align_labels_with_tokens`` (chapter 7), restated."""
    new, current = [], None
    for word_id in word_ids:
        if word_id != current:
            current = word_id
            new.append(-100 if word_id is None else labels[word_id])
        elif word_id is None:
            new.append(-100)
        else:
            label = labels[word_id]
            new.append(label + 1 if label % 2 == 1 else label)   # B-X -> I-X
    return new


NAMES = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC"]
SENTENCES = [
    (["Kim", "Min-jun", "works", "at", "Samsung", "Electronics"],
     ["B-PER", "I-PER", "O", "O", "B-ORG", "I-ORG"]),
    (["José", "Müller", "flew", "to", "Zürich", "🙂"], ["B-PER", "I-PER", "O", "O", "B-LOC", "O"]),
    (["김민준", "씨는", "서울에", "산다"], ["B-PER", "O", "B-LOC", "O"]),
    (["unbelievable", "tokenizers", "in", "Reykjavík"], ["O", "O", "O", "B-LOC"]),
]


@pytest.mark.parametrize("words,tags", SENTENCES)
def test_all_mode_matches_course_on_hf_word_ids(bert, words, tags):
    hf = pytest.importorskip("tokenizers")
    reference = hf.Tokenizer.from_str(tokenizer_json("bert-base-uncased"))
    reference.no_padding()
    reference.no_truncation()
    enc = reference.encode(words, is_pretokenized=True)
    expected = _course_align([NAMES.index(t) for t in tags], enc.word_ids)
    text = " ".join(words)
    ents = []
    pos = 0
    for w, t in zip(words, tags):
        if t.startswith("B-"):
            ents.append([t[2:], pos, pos + len(w)])
        elif t.startswith("I-"):
            ents[-1][2] = pos + len(w)
        pos += len(w) + 1
    a = align_doc(doc_from_spans(text, [tuple(e) for e in ents]), bert, "all")
    assert a.token_words == enc.word_ids
    assert [-100 if x is None else NAMES.index(x) for x in a.token_labels] == expected


# ------------------------------------------------------------------------ reading
def _write(tmp_path, lines: list[str]) -> Path:
    p = tmp_path / "gold.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_jsonl_reads_spans(tmp_path):
    line = json.dumps({"text": "Ada met Kim", "entities": [
        {"start": 8, "end": 11, "label": "PER"}, {"start": 0, "end": 3, "label": "PER"}]},
        ensure_ascii=False)
    (doc,) = read_spans_jsonl(_write(tmp_path, [line, ""]))
    assert doc.tags == ["B-PER", "O", "B-PER"]
    assert [e.text for e in doc.entities] == ["Ada", "Kim"] and doc.line == 1


def test_a_jsonl_line_cut_short_is_one_complete_line(tmp_path):
    path = _write(tmp_path, ['{"text": "fine", "entities": []}', '{"text": "Ada met'])
    with pytest.raises(CorpusError) as err:
        read_spans_jsonl(path)
    text = str(err.value)
    assert text == (f"{path}:2: invalid JSON (malformed JSON at column 18: unexpected end of "
                    "file inside the string that starts at column 10)")


@pytest.mark.parametrize("line,message", [
    ('{"text": "a"', "invalid JSON"),
    ('{"entities": []}', "missing key 'text'"),
    ('{"text": "ab", "entities": [{"start": 0, "label": "X"}]}', "missing key 'end'"),
    ('{"text": "ab", "entities": [{"start": 0, "end": 5, "label": "X"}]}', "out of range"),
    ('{"text": "abcd", "entities": [{"start": 0, "end": 3, "label": "X"}, '
     '{"start": 2, "end": 4, "label": "Y"}]}', "overlap"),
    ('[1, 2]', "expected an object"),
])
def test_jsonl_errors_name_file_and_line(tmp_path, line, message):
    ok = '{"text": "fine", "entities": []}'
    path = _write(tmp_path, [ok, line])
    with pytest.raises(CorpusError) as err:
        read_spans_jsonl(path)
    text = str(err.value)
    assert f"{path}:2:" in text and message in text and "\n" not in text


def test_read_gold_errors(tmp_path):
    with pytest.raises(CorpusError, match="cannot read"):
        read_gold(tmp_path / "missing.conll")
    empty = tmp_path / "e.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="no labelled text"):
        read_gold(empty)
    binary = tmp_path / "b.conll"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CorpusError, match="b.conll"):
        read_gold(binary)


def test_bundled_samples_read():
    conll = read_gold(RESOURCES / "sample_iob2.conll")
    assert conll[0].entities[0] == CharEntity("PER", 0, 12, "Ada Lovelace")
    spans = read_gold(RESOURCES / "sample_spans.jsonl")
    assert len(spans) >= 12
    labels = {e.label for d in spans for e in d.entities}
    assert labels == {"PER", "ORG", "LOC"}
    assert any("\uac00" <= ch <= "\ud7a3" for d in spans for ch in d.text)   # Korean


# ------------------------------------------------------------------------ corpus figures
def test_corpus_figures_with_progress(gpt2):
    docs = [doc_from_spans(KIM, _spans(KIM, ("PER", "Kim Min-jun"), ("LOC", "Seoul"))),
            doc_from_spans("Seoul", [("LOC", 0, 3)])]
    gen = iter_gold_figures(docs, gpt2)
    events = []
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        figures = stop.value
    assert isinstance(events[0], StageStarted) and events[0].total == 2
    assert [e.current for e in events if isinstance(e, StageProgress)] == [1, 2]
    assert (figures.documents, figures.entities, figures.split, figures.exact) == (2, 3, 2, 2)
    # tokens: Kim Min-jun 4, Seoul 1, Seo ('Se', 'oul') 2
    assert figures.tokens == 7 and figures.tokens_per_entity == pytest.approx(7 / 3)
    assert figures.share_split == pytest.approx(2 / 3)
    assert figures.share_exact == pytest.approx(2 / 3)
