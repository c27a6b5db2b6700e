"""Opening SentencePiece ``.model`` files: ours vs transformers' conversion, same file, one run.

A synthetic Unigram model of 250,000 pieces (T5 layout, nmt_nfkc rules when sentencepiece
is installed to make them) is written with our own ModelProto description, then opened
by :func:`subword_core.formats.sentencepiece.read_sentencepiece` and by ``transformers``
(``T5Tokenizer`` from ``spiece.model``, and the plain ``SpmConverter``). The Mistral models
shipped in ``mistral-common`` are timed the same way (``LlamaTokenizer``). Prints wall
times (best of ``--repeat``) and ratios.

    .venv/bin/python bench/bench_sentencepiece.py [--pieces 250000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import random
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from subword_core.formats.sentencepiece import (  # noqa: E402
    CONTROL, NORMAL, UNKNOWN, model_proto_class, read_sentencepiece,
)

MISTRAL = ("tokenizer.model.v1", "mistral_instruct_tokenizer_240323.model.v3",
           "mistral_instruct_tokenizer_241114.model.v7")
_ALPHABETS = ("abcdefghijklmnopqrstuvwxyz", "абвгдежзийклмнопрстуфхцчшщыэюя",
              "αβγδεζηθικλμνξοπρστυφχψω", "的一是不了人我在有他这中大来上国个到说们为子和你地出道")


def nfkc_charsmap() -> bytes:
    """The nmt_nfkc rules of a tiny model trained on the spot (empty without sentencepiece)."""
    if importlib.util.find_spec("sentencepiece") is None:
        return b""
    import sentencepiece

    buffer = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(["a tiny corpus", "of two lines"] * 10), model_writer=buffer,
        vocab_size=30, minloglevel=2, hard_vocab_limit=False)
    proto = model_proto_class()()
    proto.ParseFromString(buffer.getvalue())
    return bytes(proto.normalizer_spec.precompiled_charsmap)


def synthetic_unigram(n_pieces: int, seed: int = 0) -> bytes:
    """A Unigram ModelProto: <pad> </s> <unk>, then distinct pieces with falling scores."""
    rng = random.Random(seed)
    proto = model_proto_class()()
    for piece, kind in (("<pad>", CONTROL), ("</s>", CONTROL), ("<unk>", UNKNOWN)):
        entry = proto.pieces.add()
        entry.piece, entry.score, entry.type = piece.encode(), 0.0, kind
    seen = {"<pad>", "</s>", "<unk>"}
    while len(seen) < n_pieces:
        alphabet = rng.choice(_ALPHABETS)
        piece = ("▁" if rng.random() < 0.5 else "") + "".join(
            rng.choice(alphabet) for _ in range(rng.randint(1, 10)))
        if piece in seen:
            continue
        seen.add(piece)
        entry = proto.pieces.add()
        entry.piece, entry.score, entry.type = piece.encode(), -len(seen) / 1000.0, NORMAL
    spec = proto.trainer_spec
    spec.model_type, spec.vocab_size = 1, n_pieces
    spec.pad_id, spec.eos_id, spec.unk_id, spec.bos_id = 0, 1, 2, -1
    proto.normalizer_spec.name = b"nmt_nfkc"
    proto.normalizer_spec.precompiled_charsmap = nfkc_charsmap()
    return proto.SerializeToString()


def best_of(repeat: int, action) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def hf_class(class_name: str, model_file: Path, file_name: str, **kwargs) -> None:
    """What ``Class.from_pretrained`` does with a folder holding only the .model file."""
    import transformers

    cls = getattr(transformers, class_name)
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / file_name
        shutil.copyfile(model_file, target)
        cls(**cls.convert_to_native_format(vocab_file=str(target)), **kwargs)


def hf_spm_converter(model_file: Path) -> None:
    from transformers.convert_slow_tokenizer import SpmConverter

    class Original:
        vocab_file = str(model_file)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SpmConverter(Original()).converted()


def report(label: str, ours: float, theirs: float | None) -> None:
    if theirs is None:
        print(f"{label}: ours {ours:.2f} s (transformers not installed)")
    else:
        print(f"{label}: ours {ours:.2f} s, transformers {theirs:.2f} s "
              f"-> ours takes {ours / theirs:.2f}x their time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, default=250_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    have_hf = importlib.util.find_spec("transformers") is not None
    if have_hf:
        import transformers

        transformers.logging.set_verbosity_error()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spiece.model"
        start = time.perf_counter()
        path.write_bytes(synthetic_unigram(args.pieces))
        print(f"synthetic Unigram model: {args.pieces:,} pieces, {path.stat().st_size:,} bytes, "
              f"written in {time.perf_counter() - start:.1f} s")
        for flavor, hf in (("t5", lambda: hf_class("T5Tokenizer", path, "spiece.model")),
                           ("generic", lambda: hf_spm_converter(path))):
            ours = best_of(args.repeat, lambda: read_sentencepiece(path, flavor=flavor))
            theirs = best_of(args.repeat, hf) if have_hf else None
            report(f"  {flavor:8}", ours, theirs)
        # Our Unigram builds its lookup trie on the first encode, not when opened.
        tokenizer = read_sentencepiece(path).tokenizer
        start = time.perf_counter()
        tokenizer.encode("hello world")
        print(f"  first encode after opening (builds the piece trie): "
              f"{time.perf_counter() - start:.2f} s")

    spec = importlib.util.find_spec("mistral_common")
    if spec is None or not spec.submodule_search_locations:
        print("mistral-common is not installed: no real models timed")
        return
    data = Path(next(iter(spec.submodule_search_locations))) / "data"
    for name in MISTRAL:
        path = data / name
        ours = best_of(args.repeat, lambda: read_sentencepiece(path))
        theirs = best_of(args.repeat, lambda: hf_class(
            "LlamaTokenizer", path, "tokenizer.model", add_bos_token=True)) if have_hf else None
        report(f"{name} (llama)", ours, theirs)


if __name__ == "__main__":
    main()
