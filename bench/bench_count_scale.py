"""Counting a corpus at scale: one process, ``--workers 2``, a Dask LocalCluster of 2.

Corpora are generated (no downloads), one document a line, at each size asked
(default 10 MB and 100 MB; ``--sizes 10 100 1000`` adds 1 GB). Their vocabulary grows
with their size as natural text's does (Heaps' law): word ranks are drawn from an
unbounded Zipf distribution (exponent 1.3), and rank ``r`` is a pseudo-word built from
the digits of ``r`` in a syllable alphabet, so a larger corpus meets rarer, new words
rather than repeating a smaller one. About 1 word in 12 carries an accented, Cyrillic,
CJK or Korean syllable (multi-byte UTF-8), and some punctuation follows words.

Each mode runs in a fresh interpreter (imports excluded from the time) and reports:

- ``time``: wall-clock seconds of the count (for Dask, the cluster's start is apart);
- ``CPU s``: processor seconds of the driving process and its workers (for Dask, of the
  workers only): what partitioning costs on top of one pass;
- ``MB/s``: corpus megabytes per second of that time;
- ``RSS``: peak resident memory of the driving process, and of the largest worker
  process (the pool's or the cluster's), in MB.

All modes must give the same counts: the script checks their SHA-256.

    .venv/bin/python bench/bench_count_scale.py [--sizes 10 100] [--algorithm bpe]
        [--partition-mb 8] [--modes single workers dask] [--data DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MB = 1_000_000
MODES = ("single", "workers", "dask")
_SYLLABLES = ("ka ri to ne mu sa lo pe vi da go fu he ja ko lu ma ni po qu ra se ti "
              "vo wa xe yu zo ban del fin gor hul kem lis mor nap per rus sol tam ven").split()
_RARE = ("é ü ñ ø ç ж щ ю 语 字 한 글 ß à".split())
_PUNCT = ["", "", "", "", "", "", ",", ".", "!", "?", ";", ":"]


# -- the corpora -------------------------------------------------------------------------------
def pseudo_word(rank: int) -> str:
    """A distinct word for each rank: the rank's digits in base len(_SYLLABLES)."""
    base = len(_SYLLABLES)
    parts = []
    n = rank
    while True:
        n, digit = divmod(n, base)
        parts.append(_SYLLABLES[digit])
        if n == 0:
            break
    word = "".join(parts)
    if rank % 12 == 5:  # multi-byte characters in about 1 word in 12 (by rank: consistent)
        word = word[:2] + _RARE[rank % len(_RARE)] + word[2:]
    return word


def generate(path: Path, size_mb: int, seed: int = 14) -> Path:
    """Write ``size_mb`` MB of generated lines to ``path`` (kept, and reused when present)."""
    import numpy as np

    if path.exists() and path.stat().st_size >= size_mb * MB:
        return path
    rng = np.random.default_rng(seed)
    words: dict[int, str] = {}
    target = size_mb * MB
    written = 0
    tmp = path.with_suffix(".part")
    with open(tmp, "w", encoding="utf-8") as out:
        while written < target:
            ranks = rng.zipf(1.3, 200_000)
            lengths = rng.integers(4, 40, 20_000)
            punct = rng.integers(0, len(_PUNCT), len(ranks))
            lines, i = [], 0
            for length in lengths:
                chunk = ranks[i:i + length]
                marks = punct[i:i + length]
                i += length
                if i > len(ranks):
                    break
                tokens = []
                for rank, mark in zip(chunk.tolist(), marks.tolist(), strict=True):
                    word = words.get(rank)
                    if word is None:
                        word = words[rank] = pseudo_word(rank)
                    tokens.append(word + _PUNCT[mark])
                lines.append(" ".join(tokens).capitalize())
            text = "\n".join(lines) + "\n"
            out.write(text)
            written += len(text.encode("utf-8"))
    tmp.replace(path)
    return path


# -- one mode, in a fresh interpreter --------------------------------------------------------
def run_mode(mode: str, corpus: str, algorithm: str, partition_mb: int) -> dict:
    """Count ``corpus`` one way; return the figures (this runs in the child)."""
    from subword_core.corpus import count_words
    from subword_core.corpus.counting import local_client
    from subword_core.training.presets import counting_pipeline

    pipeline = counting_pipeline(algorithm)
    options = {"partition_bytes": partition_mb << 20}
    startup = 0.0
    if mode == "dask":
        start = time.perf_counter()
        with local_client(2) as client:
            startup = time.perf_counter() - start
            before = sum(client.run(_own_cpu).values())
            start = time.perf_counter()
            result = count_words(Path(corpus), pipeline=pipeline, client=client, **options)
            seconds = time.perf_counter() - start
            cpu = sum(client.run(_own_cpu).values()) - before
            worker_rss = max(client.run(_own_peak_rss).values())
    else:
        workers = 2 if mode == "workers" else 1  # 1: not the automatic choice (a pool)
        before = _own_cpu()
        start = time.perf_counter()
        result = count_words(Path(corpus), pipeline=pipeline, n_workers=workers, **options)
        seconds = time.perf_counter() - start
        children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool, joined
        cpu = _own_cpu() - before + children.ru_utime + children.ru_stime
        worker_rss = children.ru_maxrss / 1024 if workers > 1 else 0.0
    digest = hashlib.sha256(json.dumps(list(result.counts.items())).encode()).hexdigest()
    return {"mode": mode, "seconds": seconds, "startup": startup, "cpu": cpu,
            "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "worker_rss": worker_rss, "words": result.report.words,
            "unique": result.report.unique_words, "digest": digest}


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _own_peak_rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def in_child(mode: str, corpus: Path, algorithm: str, partition_mb: int) -> dict:
    code = [sys.executable, __file__, "--child", mode, "--corpus", str(corpus),
            "--algorithm", algorithm, "--partition-mb", str(partition_mb)]
    out = subprocess.run(code, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{mode} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100], metavar="MB")
    parser.add_argument("--algorithm", default="bpe",
                        choices=("byte-bpe", "bpe", "wordpiece", "unigram"))
    parser.add_argument("--partition-mb", type=int, default=8)
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    parser.add_argument("--data", type=Path, default=ROOT / "bench" / "data")
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--corpus", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_mode(args.child, args.corpus, args.algorithm, args.partition_mb)))
        return

    args.data.mkdir(parents=True, exist_ok=True)
    print(f"pipeline: {args.algorithm}; partitions of {args.partition_mb} MB at most; "
          f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    header = f"{'corpus':>8} {'mode':>8} {'time s':>8} {'MB/s':>7} {'CPU s':>7} {'start s':>8} " \
             f"{'RSS MB':>7} {'worker RSS':>10} {'words':>12} {'unique':>10}"
    print(header)
    for size in args.sizes:
        start = time.perf_counter()
        corpus = generate(args.data / f"count_scale_{size}mb.txt", size)
        made = time.perf_counter() - start
        if made > 1:
            print(f"  (generated {corpus.name} in {made:.0f} s)")
        digests = set()
        for mode in args.modes:
            row = in_child(mode, corpus, args.algorithm, args.partition_mb)
            digests.add(row["digest"])
            mb = corpus.stat().st_size / MB
            print(f"{size:>6}MB {mode:>8} {row['seconds']:>8.2f} {mb / row['seconds']:>7.2f} "
                  f"{row['cpu']:>7.1f} "
                  f"{row['startup']:>8.2f} {row['rss']:>7.0f} {row['worker_rss']:>10.0f} "
                  f"{row['words']:>12,} {row['unique']:>10,}", flush=True)
        print(f"{'':>8} counts identical in every mode: {'yes' if len(digests) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
