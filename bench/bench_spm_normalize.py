"""SentencePiece normalization: ours (step by step, and in bulk) against the library.

Normalizes the lines of the bench corpus (English-like prose with one multilingual line
in ten, see ``bench_corpus_figures.py``) with each ``.model``'s own settings, checks that
the three give the same texts, and prints the processor seconds and the ratios to
``SentencePieceProcessor.normalize``. Models: sentencepiece's ``botchan`` BPE and
``kyoto`` Unigram (``nmt_nfkc``) from the reference files, and Mistral 7B
(``identity``, whitespace kept) from the test extras.

    SUBWORD_REFERENCE_FILES=.venv/reference-files .venv/bin/python \
        bench/bench_spm_normalize.py [--mb 5] [--slow-mb 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from bench.bench_corpus_figures import corpus  # noqa: E402
from subword_core.formats import open_tokenizer  # noqa: E402
from subword_core.text.spm_normalizer import spm_normalize_by_steps  # noqa: E402


def models() -> dict[str, Path]:
    from reference_files import reference_dir
    from wild_sources import package_file

    sdist = reference_dir("sentencepiece")
    return {"botchan bpe": sdist / "botchan_en_bpe_1000.model",
            "kyoto unigram": sdist / "kyoto_ja_unigram_8000.model",
            "mistral": package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")}


def lines_of(mb: float) -> list[str]:
    with open(corpus(50), encoding="utf-8") as f:
        return f.read(int(mb * 1_000_000)).splitlines()


def seconds(function, lines: list[str]) -> tuple[float, list[str]]:
    start = time.process_time()
    out = [function(line) for line in lines]
    return time.process_time() - start, out


def main() -> None:
    import sentencepiece

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=5)
    parser.add_argument("--slow-mb", type=float, default=1, help="MB for the step-by-step path")
    args = parser.parse_args()
    lines = lines_of(args.mb)
    few = lines[:max(1, round(len(lines) * args.slow_mb / args.mb))]
    print(f"{len(lines):,} lines ({args.mb:g} MB); step by step on the first {args.slow_mb:g} MB")
    for name, path in models().items():
        theirs = sentencepiece.SentencePieceProcessor(model_file=str(path))
        normalizer = open_tokenizer(path).normalizer
        spec = normalizer.spec
        lib_s, lib = seconds(theirs.normalize, lines)
        bulk_s, bulk = seconds(normalizer.normalize_str, lines)
        step_s, step = seconds(lambda line: spm_normalize_by_steps(line, spec).text, few)
        same = bulk == lib and step == bulk[:len(few)]
        step_s *= len(lines) / len(few)  # per the same input, assuming linear time
        print(f"  {name:<14} sentencepiece {lib_s:6.2f} s  ours in bulk {bulk_s:6.2f} s "
              f"({bulk_s / lib_s:5.1f}x)  step by step {step_s:6.2f} s ({step_s / lib_s:5.1f}x, "
              f"extrapolated)  {'same texts' if same else 'DIFFERENT TEXTS'}")


if __name__ == "__main__":
    main()
