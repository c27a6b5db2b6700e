"""Windows of a long text (max_length, stride, overflow): the figures, and parity with HF.

Parity: every window (ids, tokens, offsets, sequence ids, type ids, special mask) equals
HF ``tokenizers``' ``encode`` + ``overflowing`` on bert-base-uncased and gpt2, for single
texts and question + context pairs, every strategy and direction; and the QA-style call
of ``transformers`` (``truncation="only_second", return_overflowing_tokens=True``) gives
the same ids and offsets. Where HF refuses (an error or a Rust panic) we raise a
one-line :class:`EncodingError`.
"""

from __future__ import annotations

import copy
import functools
import sys
from pathlib import Path

import pytest

from subword_core.encoding import Encoding
from subword_core.errors import EncodingError
from subword_core.tokenizer import Tokenizer
from subword_core.analysis.windows import (
    CONTEXT, QUESTION, WindowSettings, encode_windows, window_encodings, window_pieces,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from transformers_ref import TEXTS  # noqa: E402
from wild_sources import tokenizer_json  # noqa: E402

MODELS = ("bert-base-uncased", "gpt2")
#: A context long enough for several windows, with every kind of tricky character.
CONTEXT_TEXT = " ".join(TEXTS)
QUESTIONS = ("What does café mean? 🙂", "한국어 질문은?", "x")
FIELDS = ("ids", "tokens", "offsets", "sequence_ids", "type_ids", "special_tokens_mask")


@functools.cache
def _ours(name: str) -> Tokenizer:
    return Tokenizer.from_str(tokenizer_json(name))  # gpt2's 50k merges: load once


@pytest.fixture(scope="module", params=MODELS)
def pair(request):
    """(name, tokenizer.json text, our tokenizer, HF's tokenizer) of one real model."""
    tokenizers = pytest.importorskip("tokenizers")
    text = tokenizer_json(request.param)
    return request.param, text, _ours(request.param), tokenizers.Tokenizer.from_str(text)


def _hf_windows(hf, context: str, question: str | None, s: WindowSettings) -> list:
    hf.no_padding()
    hf.enable_truncation(s.max_length, stride=s.stride, strategy=s.strategy,
                         direction=s.direction)
    main = hf.encode(context, add_special_tokens=s.add_special_tokens) if question is None \
        else hf.encode(question, context, add_special_tokens=s.add_special_tokens)
    return [main, *main.overflowing]


def _fields(encoding) -> dict:
    out = {name: list(getattr(encoding, name)) for name in FIELDS}
    out["offsets"] = [tuple(o) for o in encoding.offsets]
    return out


def _assert_parity(ours, hf, context, question, settings) -> None:
    """Same windows as HF, or both refuse (HF may panic: a BaseException)."""
    try:
        theirs = _hf_windows(hf, context, question, settings)
    except BaseException as exc:  # noqa: BLE001 - pyo3's PanicException
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        with pytest.raises(EncodingError) as info:
            window_encodings(ours, context, question, settings)
        assert "\n" not in str(info.value)
        return
    mine = window_encodings(ours, context, question, settings)
    assert len(mine) == len(theirs), (settings, question)
    for k, (a, b) in enumerate(zip(mine, theirs)):
        assert _fields(a) == _fields(b), (k, settings, question)


@pytest.mark.parametrize("settings", [
    WindowSettings(32, 8), WindowSettings(17, 5, direction="left"),
    WindowSettings(64, 0, "only_first"), WindowSettings(10, 9),
    WindowSettings(24, 6, add_special_tokens=False),
])
def test_single_text_windows_match_hf(pair, settings):
    _, _, ours, hf = pair
    _assert_parity(ours, hf, CONTEXT_TEXT, None, settings)


@pytest.mark.parametrize("settings", [
    WindowSettings(32, 8, "only_second"), WindowSettings(40, 12, "only_second", "left"),
    WindowSettings(30, 4, "longest_first"), WindowSettings(24, 3, "only_first"),
    WindowSettings(20, 8, "only_second"), WindowSettings(12, 2, "only_second"),
    WindowSettings(2, 0, "only_second"),
])
@pytest.mark.parametrize("question", QUESTIONS)
def test_pair_windows_match_hf(pair, settings, question):
    _, _, ours, hf = pair
    _assert_parity(ours, hf, CONTEXT_TEXT, question, settings)


@pytest.mark.parametrize("text", TEXTS)
def test_tricky_short_texts_match_hf(pair, text):
    _, _, ours, hf = pair
    _assert_parity(ours, hf, text, None, WindowSettings(6, 2))
    _assert_parity(ours, hf, text, "Why?", WindowSettings(9, 1, "only_second"))


@pytest.fixture(scope="module")
def fast(pair):
    """transformers' fast tokenizer over the same tokenizer.json (built once per model)."""
    from transformers_ref import auto_tokenizer

    auto_tokenizer()  # offline and quiet; skips without transformers
    import tokenizers
    from transformers import PreTrainedTokenizerFast

    return PreTrainedTokenizerFast(tokenizer_object=tokenizers.Tokenizer.from_str(pair[1]))


@pytest.mark.parametrize("question, max_length, stride", [
    ("What does café mean? 🙂", 48, 16), ("한국어 질문은?", 32, 8), ("Who?", 384, 128)])
def test_transformers_question_answering_call(pair, fast, question, max_length, stride):
    """The QA preprocessing call of the transformers course gives our windows."""
    ours = pair[2]
    context = CONTEXT_TEXT * (3 if max_length > 100 else 1)
    out = fast(question, context, truncation="only_second", max_length=max_length,
               stride=stride, return_overflowing_tokens=True, return_offsets_mapping=True)
    windows = encode_windows(ours, context, question,
                             WindowSettings(max_length, stride, "only_second"))
    assert len(windows) == len(out["input_ids"]) > 1
    for k, window in enumerate(windows.windows):
        enc = window.encoding
        assert enc.ids == out["input_ids"][k]
        assert [tuple(o) for o in enc.offsets] == [tuple(o) for o in out["offset_mapping"][k]]
        assert enc.sequence_ids == out.sequence_ids(k)
        # the course's answer mapping: the context characters of the window
        ctx = [o for o, s in zip(out["offset_mapping"][k], out.sequence_ids(k)) if s == 1]
        assert window.context_span == (ctx[0][0], ctx[-1][1])
    assert list(out["overflow_to_sample_mapping"]) == [0] * len(windows)


# ---------------------------------------------------------------------------- figures
@pytest.fixture(scope="module")
def bert():
    """bert-base-uncased as all-MiniLM ships it: its file also truncates and pads to 128."""
    return _ours("bert-base-uncased")


@pytest.fixture(scope="module")
def gpt2():
    return _ours("gpt2")


def test_windows_cover_the_context_with_stride_overlap(gpt2):
    windows = encode_windows(gpt2, CONTEXT_TEXT, settings=WindowSettings(32, 8))
    full = gpt2.encode(CONTEXT_TEXT)
    assert windows.context_length == len(full) and windows.question is None
    ranges = [w.context_range for w in windows.windows]
    assert ranges[0][0] == 0 and ranges[-1][1] == len(full)
    for (a0, a1), (b0, b1) in zip(ranges, ranges[1:]):
        assert b0 == a1 - 8  # neighbours share exactly `stride` tokens
    for w in windows.windows:
        start, end = w.context_range
        assert w.encoding.ids == full.ids[start:end]
        assert w.context_span == (full.offsets[start][0], full.offsets[end - 1][1])
    assert [w.overlap_tokens for w in windows.windows] == [0] + [8] * (len(windows) - 1)
    for prev, w in zip(windows.windows, windows.windows[1:]):
        lo, hi = w.overlap_span
        assert lo == w.context_span[0] and hi == prev.context_span[1] and w.overlap_chars == hi - lo


def test_shared_tokens_are_the_stride_on_each_side(bert):
    windows = encode_windows(bert, CONTEXT_TEXT, "why?", WindowSettings(24, 5, "only_second"))
    first, end = windows.windows[1].context_tokens
    before, after = windows.shared_tokens(1)
    assert before == set(range(first, first + 5)) and after == set(range(end - 5, end))
    assert windows.shared_tokens(0)[0] == frozenset()
    assert windows.shared_tokens(len(windows) - 1)[1] == frozenset()


def test_left_direction_runs_from_the_end(bert):
    windows = encode_windows(bert, CONTEXT_TEXT, settings=WindowSettings(20, 4, direction="left"))
    ranges = [w.context_range for w in windows.windows]
    assert ranges[0][1] == windows.context_length and ranges[-1][0] == 0
    assert all(b[1] == a[0] + 4 for a, b in zip(ranges, ranges[1:]))
    assert all(w.overlap_tokens == 4 for w in windows.windows[1:])


def test_question_is_repeated_in_every_window(bert):
    question = "What does café mean? 🙂"
    windows = encode_windows(bert, CONTEXT_TEXT, question, WindowSettings(32, 8, "only_second"))
    bare = copy.copy(bert)
    bare.no_padding()  # all-MiniLM's file pads to 128
    q_len = len(bare.encode(question, add_special_tokens=False))
    assert windows.question_length == q_len and windows.context_sequence == CONTEXT
    first = windows.windows[0]
    for w in windows.windows:
        assert w.question_range == (0, q_len) and w.question_span == (0, len(question))
        q0, q1 = w.question_tokens
        assert w.encoding.ids[q0:q1] == first.encoding.ids[q0:q1]
        assert w.encoding.tokens[0] == "[CLS]" and len(w.encoding) <= 32
        assert set(w.encoding.sequence_ids[slice(*w.context_tokens)]) == {CONTEXT}
    # every context token is in some window; the last window ends with the context
    assert windows.windows[-1].context_range[1] == windows.context_length


def test_containing_and_tokens_in_span(gpt2):
    windows = encode_windows(gpt2, CONTEXT_TEXT, settings=WindowSettings(24, 8))
    second = windows.windows[1]
    shared = second.overlap_span
    assert windows.containing(shared)[:2] == [0, 1]
    for k in windows.containing(shared):
        tokens = windows.tokens_in_span(k, shared)
        enc = windows.windows[k].encoding
        assert all(enc.offsets[i][0] < shared[1] and shared[0] < enc.offsets[i][1]
                   for i in tokens)
    far = (len(CONTEXT_TEXT) - 2, len(CONTEXT_TEXT) - 1)
    assert windows.containing(far) == [len(windows) - 1]
    assert windows.containing((10**6, 10**6 + 1)) == []


def test_question_span_in_every_window(bert):
    windows = encode_windows(bert, CONTEXT_TEXT, "café?", WindowSettings(24, 4, "only_second"))
    assert windows.containing((0, 4), QUESTION) == list(range(len(windows)))


def test_short_text_is_one_window(bert):
    windows = encode_windows(bert, "Hello world", settings=WindowSettings(32, 8))
    assert len(windows) == 1 and windows.windows[0].context_span == (0, 11)
    assert windows.windows[0].overlap_tokens == 0 and windows.windows[0].overlap_span is None


def test_empty_text(bert):
    windows = encode_windows(bert, "", settings=WindowSettings(8, 2))
    assert len(windows) == 1 and windows.windows[0].context_range is None
    assert windows.windows[0].context_span is None


@pytest.mark.parametrize("settings, question, words", [
    (WindowSettings(32, 8, "only_second"), None, "type a question"),
    (WindowSettings(20, 8, "only_second"), "what is the capital of the country called france",
     "use a stride below"),
    (WindowSettings(12, 2, "only_second"), "what is the capital of the country called france",
     "no room for the context"),
    (WindowSettings(8, 7), None, "use a stride below 6"),
    (WindowSettings(8, 2, "sideways"), None, "unknown strategy"),
    (WindowSettings(-1, 2), None, "non-negative"),
])
def test_refusals_are_one_line_encoding_errors(bert, settings, question, words):
    with pytest.raises(EncodingError) as info:
        encode_windows(bert, CONTEXT_TEXT, question, settings)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_max_length_below_special_tokens_is_noted(bert):
    windows = encode_windows(bert, CONTEXT_TEXT, "why?", WindowSettings(2, 0, "only_second"))
    assert len(windows) == 1 and "does not truncate" in windows.notes[0]


def test_the_shared_tokenizer_is_left_alone(bert):
    before = (bert.truncation, bert.padding)
    encode_windows(bert, CONTEXT_TEXT, "why?", WindowSettings(16, 4, "only_second"))
    assert (bert.truncation, bert.padding) == before


# ---------------------------------------------------------------------------- pieces
def test_pieces_keep_clusters_whole_and_show_gaps(gpt2, bert):
    text = "a 👩‍👩‍👧 b 🇫🇷."
    enc = gpt2.encode(text)
    pieces = window_pieces(enc, {0: text})
    assert "".join(text[p.start:p.end] for p in pieces) == text
    family = next(p for p in pieces if "👩" in text[p.start:p.end])
    assert text[family.start:family.end].strip() == "👩‍👩‍👧" and len(family.tokens) > 1
    assert sorted(t for p in pieces for t in p.tokens) == list(range(len(enc)))
    plain = copy.copy(bert)
    plain.no_padding()
    enc = plain.encode("hello  world", "pair")
    pieces = window_pieces(enc, {0: "hello  world", 1: "pair"})
    assert [(p.sequence, p.start, p.end, p.tokens) for p in pieces] == [
        (None, 0, 0, (0,)), (0, 0, 5, (1,)), (0, 5, 7, ()), (0, 7, 12, (2,)),
        (None, 0, 0, (3,)), (1, 0, 4, (4,)), (None, 0, 0, (5,))]


def test_pieces_of_an_empty_encoding():
    assert window_pieces(Encoding(), {0: ""}) == []


def test_doctests():
    import doctest

    from subword_core.analysis import windows as module

    assert doctest.testmod(module).failed == 0


def test_views_copy_the_tokenizer_shallowly_never_through_its_json(bert, monkeypatch):
    # copy.copy goes through __getstate__ (the whole tokenizer.json, seconds for Llama 3);
    # the long-text windows, the compare alignment and the merge replay share the model
    from subword_core.analysis import MergeGraph, truncated_tokenizer
    from subword_core.analysis.compare import align_tokenizers

    expected = encode_windows(bert, CONTEXT_TEXT, None, WindowSettings(32, 8))
    aligned = align_tokenizers(CONTEXT_TEXT, {"bert": bert})

    def refuse(*_):
        raise AssertionError("serialized the whole tokenizer")

    monkeypatch.setattr(Tokenizer, "to_str", refuse)
    assert encode_windows(bert, CONTEXT_TEXT, None, WindowSettings(32, 8)) == expected
    assert align_tokenizers(CONTEXT_TEXT, {"bert": bert}) == aligned
    gpt2 = _ours("gpt2")
    replay = truncated_tokenizer(gpt2, MergeGraph.of(gpt2), 10)
    assert replay.model is not gpt2.model and replay.pre_tokenizer is gpt2.pre_tokenizer


def test_a_shallow_copy_shares_the_parts_and_keeps_its_own_settings(bert):
    twin = bert.shallow_copy()
    assert twin.model is bert.model and twin.normalizer is bert.normalizer
    twin.no_truncation()
    twin.no_padding()
    twin.post_processor = None
    assert bert.truncation is not None and bert.padding is not None
    assert bert.post_processor is not None
    assert len(bert.encode("héllo wörld")) == 128  # the file pads; the twin does not
    assert twin.encode("héllo wörld").tokens == ["hello", "world"]
