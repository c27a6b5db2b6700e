"""Loading real tokenizer.json files: ours vs HF ``tokenizers``, in seconds.

Uses the real-world tokenizers of ``tests/core/wild_sources.py`` (the files shipped in, or
converted from, the packages listed there; models whose package is missing are skipped).
Each file is written to a temporary folder once, then loaded ``--repeat`` times with
``Tokenizer.from_file`` in each library (HF with ``RAYON_NUM_THREADS=1``); the best and
median times are printed with the file size and our/HF ratio. The issue's bar: a 10 MB
file loads in under 2 s.

    .venv/bin/python bench/bench_load.py [--repeat 3] [--only llama-3.2,qwen3] [--profile 12]

``--profile N`` also profiles one more load of each file and prints its N most costly
functions (own time), to see which stage (JSON parse, merge table, ...) dominates.

Set ``SUBWORD_WILD_NPM_DIR`` to include Llama 2 and Gemma 3 (see wild_sources.py).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

import pytest  # noqa: E402  (wild_sources skips missing packages with pytest.skip)

from subword_core.tokenizer import Tokenizer  # noqa: E402
from wild_sources import MODELS, tokenizer_json  # noqa: E402


def wild_tokenizer_files(only: str):
    """``(name, tokenizer.json text)`` of each real tokenizer named in ``only`` (all if
    empty); a model whose package is missing is reported and skipped."""
    wanted = {n for n in only.split(",") if n}
    for model in MODELS:
        if wanted and model.name not in wanted:
            continue
        try:
            yield model.name, tokenizer_json(model.name)
        except pytest.skip.Exception as skipped:
            print(f"{model.name:18} skipped: {skipped}")


def timed(load, path: Path, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        tokenizer = load(path)
        times.append(time.perf_counter() - start)
        del tokenizer
    return times


def profile(path: Path, lines: int) -> None:
    """Print the ``lines`` functions with the most own time in one load of ``path``."""
    gc.collect()
    profiler = cProfile.Profile()
    tokenizer = profiler.runcall(Tokenizer.from_file, path)
    del tokenizer
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated model names")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print the N costliest functions of one load per file")
    args = parser.parse_args()
    import tokenizers

    print(f"tokenizers {tokenizers.__version__}, repeat {args.repeat} (best / median seconds)")
    print(f"{'model':18} {'MB':>6} {'ours best':>9} {'ours med':>9} {'HF best':>8} "
          f"{'HF med':>7} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for name, text in wild_tokenizer_files(args.only):
            path = Path(folder) / f"{name}.json"
            path.write_text(text, encoding="utf-8")
            size = path.stat().st_size / 1e6
            ours = timed(Tokenizer.from_file, path, args.repeat)
            theirs = timed(lambda p: tokenizers.Tokenizer.from_file(str(p)), path, args.repeat)
            print(f"{name:18} {size:6.1f} {min(ours):9.2f} {statistics.median(ours):9.2f} "
                  f"{min(theirs):8.2f} {statistics.median(theirs):7.2f} "
                  f"{min(ours) / min(theirs):6.1f}", flush=True)
            if args.profile:
                profile(path, args.profile)


if __name__ == "__main__":
    main()
