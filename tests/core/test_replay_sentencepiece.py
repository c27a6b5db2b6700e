"""Replaying the merges of a ``.model`` opened as the sentencepiece library encodes it.

``SentencePieceBPE`` merges by piece score, not by a merge table: the model after its
first ``n`` merges is the model whose later pieces can never be formed. The oracle is the
library itself, loading the same ``.model`` with those pieces typed CONTROL (control
pieces are never looked up in the text), on the probe texts.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from probe_texts import PROBES
from reference_files import reference_file
from subword_core.analysis import MergeGraph, can_replay, truncated_tokenizer
from subword_core.formats import open_tokenizer
from wild_sources import package_file

sentencepiece = pytest.importorskip("sentencepiece")
model_pb2 = pytest.importorskip("sentencepiece.sentencepiece_model_pb2")

CONTROL = 3


_WORDS = ("the a of and to in is was that it he for on with as hello world tokenizer "
          "naïve café 東京 한국어 2024 ab <sep> abab about table").split(" ")


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Two real files, and a model trained here with user-defined symbols (kept whole,
    never merged: what a plain BPE over the same merges would not do)."""
    rng = random.Random(5)
    corpus = [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 12))) for _ in range(300)]
    buffer = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus), model_writer=buffer, model_type="bpe", vocab_size=300,
        user_defined_symbols=["<sep>", "ab"], hard_vocab_limit=False, minloglevel=2,
        num_threads=1)
    trained = tmp_path_factory.mktemp("replay-spm") / "user.model"
    trained.write_bytes(buffer.getvalue())
    return {"botchan": reference_file("sentencepiece", "botchan_en_bpe_1000.model"),
            "mistral": package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common"),
            "user-symbols": trained}


def _library_after(path: Path, graph: MergeGraph, n: int):
    """sentencepiece's processor for ``path`` with the pieces of merges ``n:`` as control."""
    proto = model_pb2.ModelProto()
    proto.ParseFromString(path.read_bytes())
    later = {r.token for r in graph.records[n:]} - graph.truncated_vocab_tokens(n)
    for piece in proto.pieces:
        if piece.piece in later:
            piece.type = CONTROL
    return sentencepiece.SentencePieceProcessor(model_proto=proto.SerializeToString())


@pytest.mark.parametrize("name", ["botchan", "mistral", "user-symbols"])
@pytest.mark.parametrize("fraction", [0.0, 0.02, 0.3, 0.9])
def test_replay_matches_the_library_with_fewer_pieces(files, name, fraction):
    path = files[name]
    tokenizer = open_tokenizer(path)
    graph = MergeGraph.of(tokenizer)
    assert can_replay(tokenizer, graph)
    n = int(len(graph) * fraction)
    library = _library_after(path, graph, n)
    replayed = truncated_tokenizer(tokenizer, graph, n)
    texts = [*PROBES, "the quick brown fox jumps over the lazy dog " * 3, "  spaced   out  ",
             "table<sep>about abab ab<sep>ab", "<sep><sep> tabab"]
    for text in texts:
        assert replayed.encode(text, add_special_tokens=False).ids == library.encode(text), text


def test_replay_leaves_the_tokenizer_itself_alone(files):
    tokenizer = open_tokenizer(files["botchan"])
    graph = MergeGraph.of(tokenizer)
    before = tokenizer.encode("the quick brown fox").ids
    early = truncated_tokenizer(tokenizer, graph, 3).encode("the quick brown fox").ids
    assert early != before
    assert tokenizer.encode("the quick brown fox").ids == before
    assert truncated_tokenizer(tokenizer, graph, len(graph)) is tokenizer
