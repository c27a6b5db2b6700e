"""Retraining a real tokenizer's pipeline: ours vs ``transformers``' ``train_new_from_iterator``.

Pipelines (the tokenizer.json texts the tests use, see tests/core/wild_sources.py):

- ``gpt2``: ByteLevel pre-tokenizer, BPE;
- ``bert``: bert-base-uncased (BertNormalizer, BertPreTokenizer, WordPiece);
- ``llama``: Llama 3.2 (Split(regex) + ByteLevel(use_regex=False), BPE, 256 specials);
- ``t5``: a small sentencepiece Unigram trained here and converted by transformers'
  ``T5Tokenizer`` (Precompiled normalizer, WhitespaceSplit + Metaspace, Unigram).

Both sides start from the same tokenizer.json, already loaded, and retrain on the same
generated lines (tests/core/test_retrain.py's ``varied_lines``: English-like prose with
accents, NFKC-sensitive characters, CJK, Korean, emoji, tabs, newlines, runs of spaces).
HF runs with ``RAYON_NUM_THREADS=1`` (set before ``tokenizers`` is imported), ours in one
process. Each side is timed best of ``--repeat`` in this one run, alternating, so load on
a shared machine hits both; the ratio is ours / transformers (below 1 is faster). Ours is
also split into word counting (``count``) and the rest.

    .venv/bin/python bench/bench_retrain.py [--lines 20000] [--vocab-size 3000]
        [--repeat 3] [--cases gpt2 bert llama t5]
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers starts its thread pool
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import argparse  # noqa: E402
import io  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "core")]

CASES = ("gpt2", "bert", "llama", "t5")
QUIET = {"show_progress": False}


def t5_json(lines: list[str]) -> str:
    """A T5-like tokenizer.json: sentencepiece Unigram converted by ``T5Tokenizer``."""
    import sentencepiece as spm
    import transformers

    sentences = [line.replace("\n", " ") for line in lines if line.strip()]
    buffer = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(sentences), model_writer=buffer, vocab_size=2000,
        model_type="unigram", pad_id=0, eos_id=1, unk_id=2, bos_id=-1, minloglevel=2,
        hard_vocab_limit=False)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spiece.model"
        path.write_bytes(buffer.getvalue())
        if hasattr(transformers.T5Tokenizer, "convert_to_native_format"):  # transformers 5
            kwargs = transformers.T5Tokenizer.convert_to_native_format(vocab_file=str(path))
            t5 = transformers.T5Tokenizer(**kwargs, extra_ids=3)
        else:
            t5 = transformers.T5TokenizerFast(vocab_file=str(path), extra_ids=3,
                                              from_slow=True)
    return t5.backend_tokenizer.to_str()


def pipeline_json(case: str, lines: list[str]) -> str | None:
    """The case's tokenizer.json text, or None (with a message) when a package is missing."""
    import pytest
    from wild_sources import tokenizer_json

    names = {"gpt2": "gpt2", "bert": "bert-base-uncased", "llama": "llama-3.2"}
    try:
        return t5_json(lines[:3000]) if case == "t5" else tokenizer_json(names[case])
    except (ImportError, pytest.skip.Exception) as exc:
        print(f"{case}: skipped ({exc})")
        return None


def time_hf(json_text: str, lines: list[str], vocab_size: int) -> float:
    import tokenizers
    from transformers import PreTrainedTokenizerFast

    old = PreTrainedTokenizerFast(tokenizer_object=tokenizers.Tokenizer.from_str(json_text))
    start = time.perf_counter()
    old.train_new_from_iterator(lines, vocab_size, **QUIET)
    return time.perf_counter() - start


def time_ours(json_text: str, lines: list[str], vocab_size: int) -> tuple[float, float]:
    """(retraining seconds, word counting seconds alone)."""
    from subword_core import Tokenizer
    from subword_core.corpus import count_words

    old = Tokenizer.from_str(json_text)
    start = time.perf_counter()
    old.train_new_from_iterator(lines, vocab_size, **QUIET)
    total = time.perf_counter() - start
    start = time.perf_counter()
    count_words(lines, old.normalizer, old.pre_tokenizer, n_workers=1)
    return total, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--vocab-size", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cases", nargs="+", choices=CASES, default=list(CASES))
    args = parser.parse_args()

    from test_retrain import varied_lines

    lines = varied_lines(args.lines, seed=1)
    chars = sum(map(len, lines))
    print(f"{len(lines):,} lines, {chars:,} characters, vocab {args.vocab_size}, "
          f"best of {args.repeat}, HF single-threaded, load {os.getloadavg()[0]:.2f}")
    print(f"{'case':<6} {'ours s':>8} {'count s':>8} {'hf s':>8} {'ratio':>6}")
    for case in args.cases:
        json_text = pipeline_json(case, lines)
        if json_text is None:
            continue
        ours, counting, hf = [], [], []
        for _ in range(args.repeat):
            hf.append(time_hf(json_text, lines, args.vocab_size))
            total, count = time_ours(json_text, lines, args.vocab_size)
            ours.append(total)
            counting.append(count)
        print(f"{case:<6} {min(ours):8.2f} {min(counting):8.2f} {min(hf):8.2f} "
              f"{min(ours) / min(hf):6.2f}x", flush=True)


if __name__ == "__main__":
    main()
