"""Lessons: every bundled lesson stepped to its end; its figures against arithmetic done
here independently (naive loops, brute-force segmentations, exact fractions) and against
the notes (the known slips reported); a new lesson file works without code; bad files fail
with one line naming the file."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from subword_core.teaching.compression import sennrich_segment
from subword_core.errors import SubwordError
from subword_core.teaching.lessons import (
    LessonError,
    LessonState,
    compare,
    Figure,
    load_lesson,
    load_lessons,
    text_in,
)

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
CLASSIC = {"low": 5, "lower": 2, "newest": 6, "widest": 3}


@pytest.fixture(scope="module")
def lessons():
    return {lesson.id: lesson for lesson in load_lessons()}


def steps(lesson):
    return [lesson.step(i) for i in range(len(lesson))]


def pair_values(result, name):
    """{(left, right): value} of the figures ``name:<left> <right>``."""
    return {tuple(f.key.split(":", 1)[1].split(" ")): f.value
            for f in result.figures if f.key.startswith(name + ":")}


# -- stepping ----------------------------------------------------------------------------------
def test_bundled_lessons(lessons):
    assert {"byte-pair-compression", "classic-bpe", "hug-bpe", "hug-wordpiece",
            "hug-unigram"} <= set(lessons)
    assert [l.kind for l in load_lessons()][:5] == [
        "compression", "sennrich", "bpe", "wordpiece", "unigram"]


@pytest.mark.parametrize("lesson_id", ["byte-pair-compression", "classic-bpe", "hug-bpe",
                                       "hug-wordpiece", "hug-unigram"])
def test_step_forward_to_the_end_and_back(lessons, lesson_id):
    lesson = lessons[lesson_id]
    state = LessonState(lesson)
    seen = [state.step.number]
    while not state.at_end:
        seen.append(state.next().number)
    assert seen == list(range(1, len(lesson) + 1))
    assert state.next().number == len(lesson)  # stays at the last step
    while not state.at_start:
        state.back()
    assert state.index == 0 and state.back().number == 1
    for result in steps(lesson):
        assert result.title("en") and result.title("ko") and result.prose("ko")
        assert result.figures
        encoding = result.view.tokenizer.encode(result.view.text)
        assert encoding.tokens  # the panes get something to show
        assert result.view.trace() is not None


def test_languages():
    assert text_in({"en": "Hello", "ko": "안녕"}, "ko_KR") == "안녕"
    assert text_in({"en": "Hello", "ko": "안녕"}, "fr") == "Hello"
    assert text_in(None, "ko") == ""


# -- independent arithmetic ----------------------------------------------------------------------
def test_compression_against_a_naive_loop(lessons):
    results = steps(lessons["byte-pair-compression"])
    text, symbols = "aaabdaaabac", iter("ZYX")
    for result in results[1:4]:
        counts = {text[i:i + 2]: text.count(text[i:i + 2]) for i in range(len(text) - 1)}
        assert {"".join(p): c for p, c in pair_values(result, "count").items()} == counts
        best = max(counts.values())
        assert result.value("pair") in [p for p, c in counts.items() if c == best]
        text = text.replace(result.value("pair"), next(symbols))
        assert result.value("text") == text
    assert text == "XdXac"
    assert results[-1].value("stands for:X") == "aaab"
    assert results[-1].value("text") == "aaabdaaabac"
    # the Encoding pane's BPE gives each compressed symbol as what it stands for
    assert results[3].view.tokenizer.encode("aaabdaaabac").tokens == [
        "aaab", "d", "aaab", "a", "c"]


def naive_sennrich(counts, n):
    words = [(list(w) + ["</w>"], c) for w, c in counts.items()]
    out = []
    for _ in range(n):
        stats = {}
        for symbols, c in words:
            for p in zip(symbols, symbols[1:]):
                stats[p] = stats.get(p, 0) + c
        best = max(stats, key=stats.get)
        out.append((best, stats[best], stats))
        merged = []
        for symbols, c in words:
            s, i = [], 0
            while i < len(symbols):
                if tuple(symbols[i:i + 2]) == best:
                    s.append(symbols[i] + symbols[i + 1])
                    i += 2
                else:
                    s.append(symbols[i])
                    i += 1
            merged.append((s, c))
        words = merged
    return out


def test_classic_bpe_ten_merges(lessons):
    lesson = lessons["classic-bpe"]
    results = steps(lesson)
    expected = naive_sennrich(CLASSIC, 10)
    merges = [r for r in results if r.data["compute"]["op"] == "merge"]
    assert len(merges) == 10
    for result, (pair, count, stats) in zip(merges, expected):
        assert result.value("merge") == pair
        assert pair_values(result, "count") == stats
        assert stats[pair] == count
    assert [m[0] for m in expected][-3:] == [("new", "est</w>"), ("low", "</w>"), ("w", "i")]
    assert results[-1].value("tokens:lowest") == ("low", "est</w>")


def glue(symbols):
    symbols = list(symbols)
    if len(symbols) > 1 and symbols[-1] == "</w>":
        symbols[-2:] = [symbols[-2] + "</w>"]
    return symbols


def test_classic_bpe_encoding_pane_matches_the_paper_loop(lessons):
    # HF glues </w> to the last symbol; cut for cut, the linked tokenizer is the paper's loop
    lesson = lessons["classic-bpe"]
    done = [m[0] for m in naive_sennrich(CLASSIC, 10)]
    for k, result in enumerate(r for r in steps(lesson) if r.data["compute"]["op"] != "segment"):
        for word in [*CLASSIC, "lowest", "newer", "wider", "lowlow"]:
            tokens = result.view.tokenizer.encode(word).tokens
            assert tokens == glue(sennrich_segment(word, done[:k])), (k, word)


def naive_bpe(counts, n):
    splits = {w: list(w) for w in counts}
    out = []
    for _ in range(n):
        stats = {}
        for w, s in splits.items():
            for p in zip(s, s[1:]):
                stats[p] = stats.get(p, 0) + counts[w]
        best = max(stats, key=stats.get)
        out.append((best, stats))
        for w, s in splits.items():
            i = 0
            while i < len(s) - 1:
                if (s[i], s[i + 1]) == best:
                    s[i:i + 2] = [s[i] + s[i + 1]]
                i += 1
    return out


def test_hug_bpe(lessons):
    results = steps(lessons["hug-bpe"])
    expected = naive_bpe(HUG, 3)
    assert pair_values(results[0], "count") == expected[0][1]
    for result, (pair, stats) in zip(results[1:4], expected):
        assert result.value("merge") == pair
        assert pair_values(result, "count") == stats
    assert [p for p, _ in expected] == [("u", "g"), ("u", "n"), ("h", "ug")]
    last = results[4]
    assert last.value("tokens:bug") == ("b", "ug")
    assert last.value("tokens:thug") == ("[UNK]", "hug")
    assert last.value("tokens:unhug") == ("un", "hug")
    assert not [c for r in results for c in r.checks if c.status != "agrees"]


def naive_wordpiece_scores(counts, splits):
    freq, pairs = {}, {}
    for w, s in splits.items():
        for sym in s:
            freq[sym] = freq.get(sym, 0) + counts[w]
        for p in zip(s, s[1:]):
            pairs[p] = pairs.get(p, 0) + counts[w]
    return {p: Fraction(c, freq[p[0]] * freq[p[1]]) for p, c in pairs.items()}


def test_hug_wordpiece_scores_and_the_slip(lessons):
    results = steps(lessons["hug-wordpiece"])
    splits = {w: [w[0]] + ["##" + c for c in w[1:]] for w in HUG}
    for result in results[1:4]:
        scores = naive_wordpiece_scores(HUG, splits)
        assert pair_values(result, "score") == scores
        best = max(scores.values())
        first_best = next(p for p, s in scores.items() if s == best)
        assert result.value("merge") == first_best
        left, right = first_best
        for s in splits.values():
            i = 0
            while i < len(s) - 1:
                if (s[i], s[i + 1]) == (left, right):
                    s[i:i + 2] = [left + right[2:]]
                i += 1
    third = results[3]
    assert third.value("merge") == ("hu", "##gs")
    assert third.value("score:hu ##g") == Fraction(2, 45)
    assert third.value("score:hu ##gs") == Fraction(1, 15)
    assert third.value("score:##u ##g") == Fraction(1, 63)
    assert {c.figure.key for c in third.slips} == {"score:hu ##g", "score:##u ##g", "merge"}
    remark = third.check_for("score:hu ##g").remark("en")
    assert "1/15" in remark and "2/45" in remark and "10/(15×15)" in remark
    assert "2/45" in third.check_for("score:hu ##g").remark("ko")
    assert results[4].value("tokens:hugs") == ("hugs",)
    assert [c.figure.key for c in results[4].slips] == ["tokens:hugs"]
    # the first two merges agree with the notes, the tie of step 2 included
    assert not results[1].slips and not results[2].slips and not results[0].slips


def segmentations(word, vocab):
    if not word:
        yield ()
        return
    for end in range(1, len(word) + 1):
        if word[:end] in vocab:
            for rest in segmentations(word[end:], vocab):
                yield (word[:end], *rest)


def brute_unigram(counts):
    vocab = {}
    for w in counts:
        for i, j in itertools.combinations(range(len(w) + 1), 2):
            if j - i < len(w):
                vocab.setdefault(w[i:j], 0)
    for t in vocab:
        vocab[t] = sum(c * sum(w[i:].startswith(t) for i in range(len(w)))
                       for w, c in counts.items())
    total = sum(vocab.values())
    return vocab, total


def best_of(word, vocab, total):
    scored = {s: math.prod(Fraction(vocab[t], total) for t in s)
              for s in segmentations(word, vocab)}
    best = max(scored.values())
    return best, {s for s, p in scored.items() if p == best}, scored


def test_hug_unigram_against_brute_force(lessons):
    results = steps(lessons["hug-unigram"])
    vocab, total = brute_unigram(HUG)
    assert total == 210 and len(vocab) == 15
    first = results[0]
    assert {k[5:]: f.value for k, f in ((f.key, f) for f in first.figures)
            if k.startswith("freq:")} == vocab
    assert first.value("prob:ug") == Fraction(20, 210)
    # pug: every segmentation's probability, the best one among the tied
    pug = results[1]
    best, tied, scored = best_of("pug", vocab, total)
    assert {tuple(k.split(":")[1].split(" ")): f.value for k, f in
            ((f.key, f) for f in pug.figures) if k.startswith("segmentation:")} == scored
    assert pug.value("tokens:pug") in tied and tied == {("p", "ug"), ("pu", "g")}
    assert pug.value("segmentation:p u g") == Fraction(17 * 36 * 20, 210 ** 3)
    # unhug through the lattice: the best segmentation of each prefix
    viterbi = results[2]
    for end in range(1, 6):
        best, tied, _ = best_of("unhug"[:end], vocab, total)
        assert viterbi.value(f"best:{end - 1}") in tied
        assert viterbi.value(f"score:{end - 1}") == best
    assert viterbi.value("tokens:unhug") == ("un", "hug")
    lattice = viterbi.view.trace()
    assert [lattice.nodes[i].piece for i in lattice.best_path] == ["un", "hug"]
    # the loss: sum of count × -log P(best segmentation)
    loss = sum(c * -math.log(best_of(w, vocab, total)[0]) for w, c in HUG.items())
    assert results[3].value("loss") == pytest.approx(loss, rel=1e-12)
    assert round(loss, 1) == 169.8
    # removing hug: hug -> hu g (10 times), hugs keeps an equal split
    removal = results[4]
    without = {t: n for t, n in vocab.items() if t != "hug"}
    loss_without = sum(c * -math.log(best_of(w, without, total)[0]) for w, c in HUG.items())
    assert removal.value("increase:hug") == pytest.approx(loss_without - loss, rel=1e-12)
    assert removal.value("increase:hug") == pytest.approx(10 * math.log(10.5), rel=1e-12)
    assert removal.value("increase:pu") == pytest.approx(0, abs=1e-9)
    assert {k.split(":")[1] for k in (f.key for f in removal.figures)
            if k.startswith("increase:")} == {t for t in vocab if len(t) > 1}
    assert removal.view.tokenizer.encode("hug").tokens in (["hu", "g"], ["h", "ug"])


def test_unigram_notes_slips_are_the_pug_probabilities(lessons):
    results = steps(lessons["hug-unigram"])
    slips = {(r.number, c.figure.key) for r in results for c in r.slips}
    assert slips == {(2, "segmentation:p u g"), (2, "segmentation:pu g"),
                     (2, "segmentation:p ug")}
    # equally likely segmentations the notes pick are ties, not slips
    ties = [c for r in results for c in r.checks if c.status == "tie"]
    assert ties and all("both are right" in c.remark() for c in ties)
    assert "0.000389" in results[1].slips[0].remark() and "17/210" in results[1].slips[0].remark()


def test_only_the_known_slips(lessons):
    found = {(lesson_id, r.number, c.figure.key) for lesson_id, lesson in lessons.items()
             for r in steps(lesson) for c in r.slips}
    assert {(i, n) for i, n, _ in found} == {("hug-wordpiece", 4), ("hug-wordpiece", 5),
                                             ("hug-unigram", 2)}


def test_compare_numbers():
    third = Figure("x", Fraction(1, 15))
    assert compare(third, "1/15") == "agrees" and compare(third, "2/30") == "agrees"
    assert compare(third, "0.0667") == "agrees" and compare(third, "0.0666") == "agrees"
    assert compare(third, "0.0650") == "differs" and compare(third, "1/16") == "differs"
    assert compare(Figure("x", 169.8034), "169.8") == "agrees"
    assert compare(Figure("x", 169.95), "169.8") == "differs"
    assert compare(Figure("x", 20), 20) == "agrees" and compare(Figure("x", 20), 21) == "differs"
    assert compare(Figure("x", ("a", "b"), (("ab",),)), ["ab"]) == "tie"


# -- a new lesson file, bad lesson files ---------------------------------------------------------
def write(folder: Path, name: str, data) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def texts(en):
    return {"en": en, "ko": en + " (ko)"}


def new_lesson():
    return {
        "kind": "wordpiece", "title": texts("ab"), "merges": 2,
        "corpus": {"abab": 3, "ba": 2, "abc": 1},
        "steps": [
            {"title": texts("start"), "prose": texts("p"), "compute": {"op": "start"}},
            {"title": texts("m1"), "prose": texts("p"), "compute": {"op": "merge", "number": 1},
             "notes": [{"figure": "merge", "says": ["a", "##b"]}]},
            {"title": texts("m2"), "prose": texts("p"), "compute": {"op": "merge", "number": 2}},
            {"title": texts("t"), "prose": texts("p"), "text": "abba",
             "compute": {"op": "tokenize", "words": ["abba"]}},
        ],
    }


def test_a_new_lesson_file_needs_no_code(tmp_path):
    write(tmp_path, "mine.json", new_lesson())
    (lesson,) = load_lessons(tmp_path)
    assert lesson.id == "mine" and lesson.title("ko") == "ab (ko)"
    results = steps(lesson)
    counts = new_lesson()["corpus"]
    splits = {w: [w[0]] + ["##" + c for c in w[1:]] for w in counts}
    scores = naive_wordpiece_scores(counts, splits)
    assert pair_values(results[0], "score") == scores
    best = max(scores.values())
    expected = next(p for p, s in scores.items() if s == best)
    assert results[1].value("merge") == expected
    assert results[1].check_for("merge").status == ("agrees" if expected == ("a", "##b")
                                                    else "differs")
    assert results[3].view.text == "abba"
    assert results[3].value("tokens:abba") == tuple(results[3].view.tokenizer.encode("abba").tokens)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("kind"), "kind must be one of"),
    (lambda d: d.update(kind="magic"), "kind must be one of"),
    (lambda d: d["title"].pop("ko"), "\"title\" must give a text in each of en, ko"),
    (lambda d: d["steps"][1]["prose"].update(ko=""), "step 2: \"prose\" must give a text"),
    (lambda d: d["steps"][0]["compute"].update(op="viterbi"), "step 1: \"compute\" must have"),
    (lambda d: d["steps"][1]["compute"].update(number=0), "step 2: \"number\" must be"),
    (lambda d: d.update(corpus={"a b": 1}), "\"corpus\" must be an object"),
    (lambda d: d.update(corpus={"ab": -1}), "\"corpus\" must be an object"),
    (lambda d: d.update(steps=[]), "\"steps\" must be a non-empty list"),
    (lambda d: d["steps"][1]["notes"].append({"says": 1}), "each note needs"),
    (lambda d: d.update(format=2), "lesson format 2"),
])
def test_bad_lesson_files(tmp_path, mutate, message):
    data = new_lesson()
    mutate(data)
    path = write(tmp_path, "bad.json", data)
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    text = str(info.value)
    assert "\n" not in text and str(path) in text and message in text
    assert isinstance(info.value, SubwordError)


def test_a_lesson_cut_short_is_one_complete_line(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text('{\n  "kind": "bpe",\n  "title": "Byte pair', encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    text = str(info.value)
    assert "\n" not in text and "starting at" not in text
    assert text.endswith("unexpected end of file inside the string that starts at line 3 "
                         "column 12)")


def test_bad_json_names_the_line(tmp_path):
    path = write(tmp_path, "broken.json", '{\n  "kind": "bpe",\n  "title": }\n')
    with pytest.raises(LessonError, match=r"broken\.json:3: not JSON"):
        load_lesson(path)
    with pytest.raises(LessonError, match="cannot read"):
        load_lesson(tmp_path / "missing.json")


def test_bad_figures_fail_when_the_step_is_computed(tmp_path):
    data = new_lesson()
    data["steps"][1]["notes"] = [{"figure": "score:z ##z", "says": "1/2"}]
    data["steps"][2]["compute"]["number"] = 9
    lesson = load_lesson(write(tmp_path, "late.json", data))
    lesson.step(0)
    with pytest.raises(LessonError, match=r"late\.json: step 2: no figure 'score:z ##z'"):
        lesson.step(1)
    with pytest.raises(LessonError, match=r"late\.json: step 3: the corpus gives 2 merges"):
        lesson.step(2)
