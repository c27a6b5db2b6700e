"""Classic BPE training: ours vs subword-nmt (the reference pure-Python BPE), same file, one run.

subword-nmt learns merges with the Sennrich algorithm (</w> suffix, whitespace words);
ours trains the `bpe` preset (Whitespace pre-tokenizer, </w> suffix) to the same number of
merges. Prints wall times and the ratio.

    .venv/bin/python bench/bench_subword_nmt.py [--mb 2] [--merges 8000] [--corpus prose|stdlib]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.corpora import DATA, english_prose, head, python_stdlib  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0)
    parser.add_argument("--merges", type=int, default=8000)
    parser.add_argument("--corpus", choices=("prose", "stdlib"), default="prose")
    args = parser.parse_args()

    source = english_prose(10) if args.corpus == "prose" else python_stdlib(10)
    path = DATA / f"{args.corpus}_{args.mb:g}mb_head.txt"
    path.write_text("\n".join(head(source, args.mb)) + "\n", encoding="utf-8")

    from subword_nmt.learn_bpe import learn_bpe

    start = time.perf_counter()
    with open(path, encoding="utf-8") as infile:
        learn_bpe(infile, io.StringIO(), args.merges, min_frequency=2)
    nmt = time.perf_counter() - start

    from subword_core.training.presets import train_tokenizer
    from subword_core.trainers import drive

    start = time.perf_counter()
    trained = drive(train_tokenizer(
        [path], "bpe", vocab_size=args.merges, min_frequency=2, n_workers=1))
    ours = time.perf_counter() - start

    print(f"{args.corpus} {args.mb:g} MB, vocab/merges {args.merges}: subword-nmt {nmt:.1f} s, "
          f"ours {ours:.1f} s ({len(trained.history.merges)} merges) "
          f"-> ours is {nmt / ours:.1f}x faster")


if __name__ == "__main__":
    main()
