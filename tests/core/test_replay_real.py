"""Merge replay (``analysis.truncated_tokenizer``) on real tokenizer files, against HF.

Converted tiktoken and SentencePiece models (Llama 3, Whisper, Mistral) rank a merge
before the merge that builds one of its parts (``Ġ + ĠĠĠ`` before ``Ġ + ĠĠ``), and
Llama 3 sets ``ignore_merges``. Replaying their first N merges used to fail with "token
'ĠĠĠ' is not in the vocabulary" at every step but the first and the last.

The oracle: HF ``tokenizers`` loads the same file with the vocabulary and merges of step
N (the base symbols and the first N merges' results; the first N merges that can apply)
and must encode the probes exactly as our truncated tokenizer does. Replay must also
end at the full tokenizer, and a longer replay never gives more tokens.
"""

from __future__ import annotations

import json

import pytest

from subword_core.analysis import (
    MergeGraph, MergeRecord, applicable_merges, truncated_model, truncated_tokenizer,
)
from subword_core.models import BPE
from subword_core.tokenizer import Tokenizer

hf_tokenizers = pytest.importorskip("tokenizers")
from wild_sources import tokenizer_json  # noqa: E402

PROBES = ["Hello      world, naïve café 안녕하세요 🦜",
          "def f(x):\n    return x  # tabs\tand   spaces",
          "tokenizerization 1234567 Привет"]
FAST = ["mistral-7b-v0.1"]  # out-of-order merges and byte fallback, in a small file
SLOW = ["llama-3", "llama-3.2", "whisper", "gpt2", "mistral-7b-v0.3", "clip", "qwen3"]


def _steps(total: int, many: bool) -> list[int]:
    if not many:
        return [0, 7, total // 2, total - 1, total]
    return sorted({0, 1, 2, 5, 7, 40, 1000, total // 3, total // 2, total - 1, total})


def _hf_at_step(text: str, tokenizer: Tokenizer, graph: MergeGraph, n: int):
    """HF's tokenizer from the same file with step ``n``'s vocabulary and merges."""
    model = truncated_model(tokenizer.model, graph, n)
    data = json.loads(text)
    data["model"]["vocab"] = model.get_vocab()
    data["model"]["merges"] = [list(m) for m in model.merges]
    return hf_tokenizers.Tokenizer.from_str(json.dumps(data)), model


def _check(name: str, many: bool) -> None:
    text = tokenizer_json(name)
    tokenizer = Tokenizer.from_str(text)
    graph = MergeGraph.of(tokenizer)
    full = [tokenizer.encode(p).ids for p in PROBES]
    previous = None
    for n in _steps(len(graph), many):
        ours = truncated_tokenizer(tokenizer, graph, n)  # used to raise TokenizerFileError
        encodings = [ours.encode(p) for p in PROBES]
        if n < len(graph):
            hf, model = _hf_at_step(text, tokenizer, graph, n)
            # the merges kept are exactly the first n that can apply
            assert model.merges == applicable_merges(graph, n, model.get_vocab(),
                                                     tokenizer.model.continuing_subword_prefix)
            for probe, enc in zip(PROBES, encodings):
                theirs = hf.encode(probe)
                assert (enc.ids, enc.tokens, enc.offsets) == \
                    (theirs.ids, theirs.tokens, theirs.offsets), (name, n, probe)
        lengths = [len(e) for e in encodings]
        if previous is not None:
            assert all(a <= b for a, b in zip(lengths, previous)), (name, n)
        previous = lengths
    assert [e.ids for e in encodings] == full


@pytest.mark.parametrize("name", FAST)
def test_replay_of_real_tokenizers_matches_hf(name):
    _check(name, many=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_replay_of_big_real_tokenizers_matches_hf(name):
    _check(name, many=True)


def test_a_merge_ranked_before_its_part_waits_until_the_part_exists():
    # Llama 3's order: "a + bc" (rank 0) before "b + c" (rank 1) builds "bc"
    vocab = {"a": 0, "b": 1, "c": 2, "bc": 3, "abc": 4}
    tokenizer = Tokenizer(BPE(vocab, [("a", "bc"), ("b", "c")]))
    graph = MergeGraph.of(tokenizer)
    assert truncated_tokenizer(tokenizer, graph, 1).encode("abc").tokens == ["a", "b", "c"]
    assert truncated_tokenizer(tokenizer, graph, 2).encode("abc").tokens == ["abc"]


def test_ignore_merges_replay_keeps_later_whole_words_out():
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4}
    tokenizer = Tokenizer(BPE(vocab, [("a", "b"), ("ab", "c")], ignore_merges=True))
    graph = MergeGraph.of(tokenizer)
    # "abc" is in the final vocabulary, but not yet after one merge
    assert truncated_tokenizer(tokenizer, graph, 1).encode("abc").tokens == ["ab", "c"]
    assert truncated_tokenizer(tokenizer, graph, 2).encode("abc").tokens == ["abc"]


def test_a_merge_whose_result_is_not_in_the_vocabulary_is_left_out():
    # a training history can hold a merge whose result the saved vocabulary dropped
    tokenizer = Tokenizer(BPE({"a": 0, "b": 1, "c": 2, "bc": 3}, [("b", "c")]))
    graph = MergeGraph.from_records([MergeRecord(0, "a", "b", "ab"),
                                     MergeRecord(1, "b", "c", "bc")])
    for n in (1, 2):
        replay = truncated_tokenizer(tokenizer, graph, n)
        assert replay.model.merges == [("b", "c")][:n - 1]
    assert truncated_tokenizer(tokenizer, graph, 2).encode("abc").tokens == ["a", "bc"]
