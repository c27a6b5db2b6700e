"""Benchmark corpora, built locally and cached under bench/data/ (git-ignored).

- ``python_stdlib(mb)``: the CPython standard library sources found on this machine,
  concatenated in sorted path order and cut at ``mb`` megabytes (whole lines).
- ``english_prose(mb)``: English-like prose generated deterministically (no downloads):
  common English words plus 40k pseudo-words built from syllables and suffixes, drawn with
  a Zipf distribution so that merge statistics resemble natural text.

Both return a path to a UTF-8 text file, one document per line.
"""

from __future__ import annotations

import itertools
import resource
import random
import sysconfig
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
MB = 1_000_000


def python_stdlib(mb: float = 10) -> Path:
    out = DATA / f"stdlib_{mb:g}mb.txt"
    if out.exists():
        return out
    root = Path(sysconfig.get_paths()["stdlib"])
    limit = int(mb * MB)
    chunks, size = [], 0
    for path in sorted(root.rglob("*.py")):
        if "site-packages" in path.parts:
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            line = line.rstrip()
            if not line:
                continue
            encoded = len(line.encode("utf-8")) + 1
            if size + encoded > limit:
                return _write(out, chunks)
            chunks.append(line)
            size += encoded
    return _write(out, chunks)


_WORDS = (
    "the of and to in a is that for it as was with be by on not he i this are or his from at "
    "which but have an they you were her she there been one all we their has would when if so "
    "no will more can about said out up into them could time only some than other new over "
    "first people years its also after may like two way these because how then any our most "
    "much well where very through just even made before many back good being under those "
    "world great government life between another while still house country system number "
    "morning river garden village mountain library station painting harbour lantern market "
    "whisper remember question possible beautiful important different understand government "
    "unexpectedly extraordinary nevertheless responsibility characteristically "
    "running walked talking thought written spoken carried wondered travelled believed"
).split()


_ONSETS = "b bl br c ch cl cr d dr f fl fr g gl gr h j k l m n p pl pr qu r s sc sh sl sm sn sp st str t th tr v w wh y z".split()
_VOWELS = "a e i o u ai ea ee ie oa oo ou y".split()
_CODAS = " b ck d ft g l ld lt m n nd ng nt p r rd rk rn s sh st t th x".split(" ")
_SUFFIXES = ["", "", "", "s", "ed", "ing", "er", "ly", "tion", "ness", "ment", "able", "est"]


def _lexicon(rng: random.Random, size: int = 40_000) -> list[str]:
    # Pseudo-English words from syllables: a realistic number of distinct words with
    # shared stems and suffixes, so that BPE has something to find at 32k merges.
    words = list(_WORDS)
    seen = set(words)
    while len(words) < size:
        n = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        stem = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) for _ in range(n))
        word = stem + rng.choice(_SUFFIXES)
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def english_prose(mb: float = 10, seed: int = 0) -> Path:
    out = DATA / f"prose_{mb:g}mb_s{seed}.txt"
    if out.exists():
        return out
    rng = random.Random(seed)
    lexicon = _lexicon(rng)
    weights = [1.0 / (rank + 1) ** 1.05 for rank in range(len(lexicon))]
    # choices() would sum the 40k weights on every call; the same draws from the sums once
    cum_weights = list(itertools.accumulate(weights))
    limit = int(mb * MB)
    lines, size = [], 0
    while size < limit:
        sentences = []
        for _ in range(rng.randint(1, 5)):
            words = rng.choices(lexicon, cum_weights=cum_weights, k=rng.randint(5, 22))
            words[0] = words[0].capitalize()
            if rng.random() < 0.2:
                words.insert(rng.randrange(len(words)), str(rng.randint(1, 2030)))
            sentences.append(" ".join(words) + rng.choice(".!?.,;"[:4]))
        line = " ".join(sentences)
        lines.append(line)
        size += len(line) + 1
    return _write(out, lines)


def _write(out: Path, lines: list[str]) -> Path:
    DATA.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(out)
    return out


def head(path: Path, mb: float) -> list[str]:
    """The first ``mb`` megabytes of a corpus file, as lines."""
    limit, size, lines = int(mb * MB), 0, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            size += len(line.encode("utf-8"))
            if size > limit:
                break
            lines.append(line.rstrip("\n"))
    return lines


if __name__ == "__main__":
    for p in (python_stdlib(10), english_prose(10)):
        print(p, p.stat().st_size)


def peak_rss_mb() -> float:
    """This process's peak resident memory since its exec.

    subtle: ``ru_maxrss`` survives fork+exec, so a child would report its parent's peak
    when that is larger; Linux's ``VmHWM`` belongs to the new address space.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
