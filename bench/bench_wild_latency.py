"""Keystroke latency on real tokenizers: ours vs HF ``tokenizers``, in one run.

For each real-world tokenizer of ``tests/core/wild_sources.py`` (models whose package is
missing are skipped), re-encodes a 2,000-character text ``--repeat`` times, changing its
last character each time as a keystroke would (caches warm, as in the app), and prints
the p50 and p95 in milliseconds for ours and HF's (``RAYON_NUM_THREADS=1``). Two texts:
English prose, and the bundled multilingual sample (accents, Korean, CJK, emoji, RTL).
``path`` says whether our encoding took the fast path (``fastpath``) or the general one.

    .venv/bin/python bench/bench_wild_latency.py [--repeat 200] [--only gpt2,qwen3] [--gc-freeze]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from bench.bench_encode import latency_ms, multilingual_lines  # noqa: E402
from bench.bench_load import wild_tokenizer_files  # noqa: E402
from bench.corpora import english_prose, head  # noqa: E402
from subword_core import fastpath  # noqa: E402
from subword_core.tokenizer import Tokenizer  # noqa: E402

TEXT_CHARS = 2000


def texts() -> dict[str, str]:
    return {"prose": " ".join(head(english_prose(10), 0.05))[:TEXT_CHARS],
            "multi": " ".join(multilingual_lines(0.01))[:TEXT_CHARS]}


def path_taken(tokenizer: Tokenizer, text: str) -> str:
    fast = fastpath.encode_text(tokenizer.added_vocabulary, tokenizer.normalizer, tokenizer.pre_tokenizer,
                                tokenizer.model, text, 0, None)
    return "fast" if fast is not None else "general"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--only", default="", help="comma-separated model names")
    parser.add_argument("--gc-freeze", action="store_true", help="gc.freeze() first, as the app does")
    args = parser.parse_args()
    import tokenizers

    samples = texts()
    if args.gc_freeze:
        gc.freeze()
    print(f"2,000-char re-encode, ms (p50 / p95), {args.repeat} keystrokes; tokenizers {tokenizers.__version__}")
    print(f"{'model':18} {'text':6} {'path':8} {'ours p50':>9} {'ours p95':>9} {'HF p50':>7} {'HF p95':>7}")
    for model, data in wild_tokenizer_files(args.only):
        ours, theirs = Tokenizer.from_str(data), tokenizers.Tokenizer.from_str(data)
        for name, text in samples.items():
            p50, p95, _ = latency_ms(ours.encode, text, args.repeat)
            hf50, hf95, _ = latency_ms(theirs.encode, text, args.repeat)
            print(f"{model:18} {name:6} {path_taken(ours, text):8} {p50:9.2f} {p95:9.2f} "
                  f"{hf50:7.2f} {hf95:7.2f}", flush=True)


if __name__ == "__main__":
    main()
