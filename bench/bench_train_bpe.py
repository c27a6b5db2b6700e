"""BPE / WordPiece training: ours vs HF ``tokenizers``, in one run, with identical-merge checks.

Each case runs in its own subprocess (clean peak RSS; ``RAYON_NUM_THREADS`` per case):

- ``ours e2e``:    ``subword_core.corpus.count_words`` (1 process) + our trainer
- ``ours e2e mp``: the same with ``count_words``' worker processes (``--workers``, default
                   automatic: all cores); compared with ``hf e2e`` (HF's default threads)
- ``ours e2e dd``: the same with :func:`count_deduplicated` (each distinct line counted
                   once; a counting recipe for ``corpus.py``; byte-bpe only)
- ``ours train``:  our trainer alone, on word counts prepared beforehand (untimed)
- ``hf e2e``:      ``Tokenizer.train([file])`` with the same normalizer/pre-tokenizer
- ``hf train``:    ``train_from_iterator`` on the same word counts (fed as repeated words
                   through ``WhitespaceSplit``: HF has no word-count input, so its time
                   includes that cheap count)

HF runs with its default threads (or ``--threads``) and with ``RAYON_NUM_THREADS=1``
(``1t``); ratios are to HF single-threaded, except ``ours e2e mp``'s: to ``hf e2e``.
Peak RSS is each worker's own (``VmHWM``: ``ru_maxrss`` would carry the parent's peak
across fork+exec); ``child MB`` the largest of its children. The word counts are HF's own pieces, line by line with line endings
(as ``train(files)`` reads), so both trainers see the same input: byte-level merges must
be identical; with ``</w>``/``##`` HF numbers variants in hash-map order (its own runs
disagree on ties), so the share of HF's vocabulary is shown. Algorithms (the CLI's):

- ``byte-bpe``: ByteLevel(add_prefix_space=False), 256-byte initial alphabet, ``<|endoftext|>``
- ``bpe``: Whitespace pre-tokenizer, ``end_of_word_suffix="</w>"``, ``[UNK]``
- ``wordpiece``: BertNormalizer(lowercase) + BertPreTokenizer, HF frequency scoring
- ``wordpiece-likelihood``: ours only (HF has no such scoring); HF frequency for scale

    .venv/bin/python bench/bench_train_bpe.py [--algorithm byte-bpe] [--corpus stdlib|prose]
        [--mb 10] [--vocab-size 32000] [--repeat 1] [--workers N] [--threads N]
        [--cases "ours e2e" "hf e2e 1t" ...] [--scaling] [--json-file PATH]

Reusable: :func:`run_case`, :func:`compare` and :func:`word_counts_file` are what a fuller
training benchmark (sentencepiece, subword-nmt) can import.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.corpora import DATA, english_prose, peak_rss_mb, python_stdlib

ALGORITHMS = ("byte-bpe", "bpe", "wordpiece", "wordpiece-likelihood")
SPECIALS = {"byte-bpe": ["<|endoftext|>"], "bpe": ["[UNK]"],
            "wordpiece": ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]}
CASES = ("ours e2e", "ours e2e mp", "ours e2e dd", "ours train", "hf e2e", "hf e2e 1t",
         "hf train", "hf train 1t")
#: ``ours e2e mp``'s worker processes (None: count_words' automatic choice); set by --workers
WORKERS: list[int | None] = [None]
_LINES = re.compile(r"[^\n]*\n|[^\n]+$")  # HF's train(files): lines with their "\n"


def specials(algorithm: str) -> list[str]:
    return SPECIALS[algorithm.split("-likelihood")[0]]


# ---------------------------------------------------------------------------------------
# Pipelines: HF's and ours, component for component
# ---------------------------------------------------------------------------------------
def hf_pipeline(algorithm: str):
    """``(normalizer, pre_tokenizer)`` as HF objects."""
    from tokenizers import normalizers, pre_tokenizers

    if algorithm == "byte-bpe":
        return None, pre_tokenizers.ByteLevel(add_prefix_space=False)
    if algorithm == "bpe":
        return None, pre_tokenizers.Whitespace()
    return normalizers.BertNormalizer(lowercase=True), pre_tokenizers.BertPreTokenizer()


def our_pipeline(algorithm: str):
    from subword_core import normalizers, pre_tokenizers

    if algorithm == "byte-bpe":
        return None, pre_tokenizers.ByteLevel(add_prefix_space=False)
    if algorithm == "bpe":
        return None, pre_tokenizers.Whitespace()
    return normalizers.BertNormalizer(lowercase=True), pre_tokenizers.BertPreTokenizer()


def hf_trainer(algorithm: str, vocab_size: int):
    from tokenizers import pre_tokenizers, trainers

    if algorithm == "byte-bpe":
        return trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=specials(algorithm),
                                   initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                   show_progress=False)
    if algorithm == "bpe":
        return trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=specials(algorithm),
                                   end_of_word_suffix="</w>", show_progress=False)
    return trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=specials(algorithm),
                                     show_progress=False)


def our_trainer(algorithm: str, vocab_size: int):
    from subword_core.text.gpt2_bytes import bytes_to_unicode
    from subword_core.trainers import BpeTrainer, WordPieceTrainer

    common = {"vocab_size": vocab_size, "special_tokens": specials(algorithm), "show_progress": False}
    if algorithm == "byte-bpe":
        return BpeTrainer(initial_alphabet=sorted(bytes_to_unicode().values()), **common)
    if algorithm == "bpe":
        return BpeTrainer(end_of_word_suffix="</w>", unk_token="[UNK]", **common)
    scoring = "likelihood" if algorithm.endswith("likelihood") else "frequency"
    return WordPieceTrainer(scoring=scoring, **common)


# ---------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------
def corpus_path(kind: str, mb: float) -> Path:
    return python_stdlib(mb) if kind == "stdlib" else english_prose(mb)


def word_counts_file(corpus: Path, algorithm: str = "byte-bpe") -> Path:
    """HF's word counts of ``corpus`` (per line, endings kept), pickled and cached."""
    kind = algorithm.split("-likelihood")[0]
    out = DATA / f"{corpus.stem}.{kind}_counts.pkl"
    if out.exists() and out.stat().st_mtime >= corpus.stat().st_mtime:
        return out
    normalizer, pre = hf_pipeline(kind)
    lines = Counter(_LINES.findall(corpus.read_text(encoding="utf-8")))
    counts: Counter[str] = Counter()
    for line, n in lines.items():
        text = normalizer.normalize_str(line) if normalizer else line
        for piece, _ in pre.pre_tokenize_str(text):
            counts[piece] += n
    DATA.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as fh:
        pickle.dump(dict(counts), fh)
    return out


def count_deduplicated(corpus: Path) -> dict[str, int]:
    """ByteLevel word counts, HF ``train(files)`` style, counting each distinct line once.

    Source code and logs repeat lines a lot; the regex then runs once per distinct
    line, and each distinct piece is mapped to byte symbols once at the end.
    """
    import regex

    from subword_core.pre_tokenizers import GPT2_PATTERN, byte_level_words

    findall = regex.compile(GPT2_PATTERN).findall
    with open(corpus, encoding="utf-8", newline="") as fh:
        lines = Counter(_LINES.findall(fh.read()))
    pieces: Counter[str] = Counter()
    for line, n in lines.items():
        if n == 1:
            pieces.update(findall(line))
        else:
            for piece in findall(line):
                pieces[piece] += n
    counts: Counter[str] = Counter()
    for piece, n in pieces.items():
        counts[byte_level_words(piece, use_regex=False)[0]] += n
    return counts


# ---------------------------------------------------------------------------------------
# Cases (each in a subprocess: `python bench_train_bpe.py --worker CASE ...`)
# ---------------------------------------------------------------------------------------
_START = [0.0, 0.0]


def _restart_clock() -> None:
    _START[0], _START[1] = time.perf_counter(), time.process_time()


def _ours(algorithm: str, corpus: Path, counts_file: Path, vocab_size: int, mode: str) -> dict:
    if mode == "dd":
        counts = count_deduplicated(corpus)
    elif mode in ("e2e", "mp"):
        from subword_core.corpus import count_words

        normalizer, pre = our_pipeline(algorithm)
        workers = 1 if mode == "e2e" else WORKERS[0]
        counts = count_words(str(corpus), normalizer, pre, n_workers=workers).counts
    else:
        with open(counts_file, "rb") as fh:
            counts = pickle.load(fh)
        _restart_clock()  # loading the counts is not timed
    model, _ = our_trainer(algorithm, vocab_size).train(counts)
    merges = [list(m) for m in model.merges] if hasattr(model, "merges") else []
    return {"merges": merges, "vocab": model.get_vocab()}


def _hf(algorithm: str, corpus: Path, counts_file: Path, vocab_size: int, mode: str) -> dict:
    from tokenizers import Tokenizer, models, pre_tokenizers

    kind = algorithm.split("-likelihood")[0]
    wordpiece = kind == "wordpiece"
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]") if wordpiece else models.BPE())
    trainer = hf_trainer(kind, vocab_size)
    if mode == "e2e":
        tok.normalizer, tok.pre_tokenizer = hf_pipeline(kind)
        tok.train([str(corpus)], trainer)
    else:
        with open(counts_file, "rb") as fh:
            counts = pickle.load(fh)
        tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
        _restart_clock()

        def texts():
            for word, n in counts.items():
                for start in range(0, n, 1000):
                    yield " ".join([word] * min(1000, n - start))

        tok.train_from_iterator(texts(), trainer)
    model = json.loads(tok.to_str())["model"]
    return {"merges": model.get("merges", []), "vocab": model["vocab"]}


def worker(case: str, algorithm: str, corpus: Path, counts_file: Path, vocab_size: int,
           out: Path) -> None:
    """Run one case here; write timings, peak RSS and the result to ``out`` (JSON).

    Library imports happen before the clock starts (ours take ~0.25 s, mostly Unicode
    tables; HF's ~0.01 s): the figures are the work, not the interpreter start-up.
    """
    if case.startswith("ours"):
        import subword_core.corpus
        import subword_core.normalizers
        import subword_core.pre_tokenizers
        import subword_core.trainers  # noqa: F401
    else:
        import tokenizers  # noqa: F401
    _restart_clock()
    run = _ours if case.startswith("ours") else _hf
    mode = case.split()[-1] if case.endswith((" dd", " mp")) else \
        "e2e" if "e2e" in case else "train"
    result = run(algorithm, corpus, counts_file, vocab_size, mode)
    result["wall"] = time.perf_counter() - _START[0]
    result["cpu"] = time.process_time() - _START[1]
    result["peak_mb"] = peak_rss_mb()
    result["child_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    out.write_text(json.dumps(result))


def run_case(case: str, algorithm: str, corpus: Path, counts_file: Path,
             vocab_size: int, threads: int | None = None) -> dict:
    """Run ``case`` once in a fresh process; return its timings, peak RSS and result.

    ``threads``: HF's ``RAYON_NUM_THREADS`` in its default-threads cases (None: unset).
    """
    env = dict(os.environ)
    env.pop("RAYON_NUM_THREADS", None)
    if case.endswith("1t") or case.startswith("ours"):
        env["RAYON_NUM_THREADS"] = "1"
    elif threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    out = DATA / f"bench_train_bpe.{os.getpid()}.json"
    cmd = [sys.executable, __file__, "--worker", case, "--algorithm", algorithm,
           "--corpus-file", str(corpus), "--counts-file", str(counts_file),
           "--vocab-size", str(vocab_size), "--out", str(out)]
    if WORKERS[0] is not None:
        cmd += ["--workers", str(WORKERS[0])]
    subprocess.run(cmd, env=env, check=True)
    result = json.loads(out.read_text())
    out.unlink()
    return result


def agreement(result: dict, reference: dict, algorithm: str) -> str:
    """byte-bpe: are the merges identical; else the share of HF's vocabulary we also found.

    With a ``</w>`` or ``##`` variant HF numbers variants in hash-map order, so its own
    runs differ from each other on ties; the tests compare exactly with HF's numbering.
    """
    if algorithm == "byte-bpe":
        return "identical" if result["merges"] == reference["merges"] else "DIFFERENT"
    ours, theirs = set(result["vocab"]), set(reference["vocab"])
    return f"{len(ours & theirs) / len(theirs):.1%} of vocab"


def cases_for(algorithm: str) -> tuple[str, ...]:
    if algorithm == "byte-bpe":
        return CASES
    return tuple(c for c in CASES if not c.endswith(" dd"))


def compare(algorithm: str, corpus: Path, vocab_size: int, repeat: int = 1,
            cases: tuple[str, ...] | None = None, threads: int | None = None
            ) -> dict[str, dict]:
    """Run every case ``repeat`` times, interleaved (so load changes hit all cases alike),
    keeping the least wall, cpu and peak of each."""
    counts_file = word_counts_file(corpus, algorithm)
    results: dict[str, dict] = {}
    for _ in range(repeat):
        for case in cases or cases_for(algorithm):
            result = run_case(case, algorithm, corpus, counts_file, vocab_size, threads)
            best = results.setdefault(case, result)
            for key in ("wall", "cpu", "peak_mb", "child_mb"):
                best[key] = min(best[key], result[key])
    reference = results.get("hf e2e 1t") or results.get("hf train 1t")
    for result in results.values():
        result["same"] = agreement(result, reference, algorithm) if reference else "-"
    return results


def print_table(title: str, results: dict[str, dict]) -> None:
    print(f"\n{title}")
    print(f"{'case':<13}{'wall s':>9}{'cpu s':>9}{'peak MB':>9}{'child MB':>9}"
          f"{'wall/HF':>9}{'cpu/HF':>8}{'  HF':<11}{'vocab':>7}  vs hf e2e 1t")
    base = {"e2e": "hf e2e 1t", "train": "hf train 1t", "mp": "hf e2e"}
    for case, r in results.items():
        name = base["mp" if case.endswith(" mp") else "e2e" if "e2e" in case else "train"]
        ref = results.get(name)
        ratio = f"{r['wall'] / ref['wall']:.2f}x" if ref else "-"
        cpu_ratio = f"{r['cpu'] / ref['cpu']:.2f}x" if ref else "-"
        print(f"{case:<13}{r['wall']:>9.2f}{r['cpu']:>9.2f}{r['peak_mb']:>9.0f}"
              f"{r.get('child_mb', 0):>9.0f}{ratio:>9}{cpu_ratio:>8}  {name:<9}"
              f"{len(r['vocab']):>7}  {r['same']}")


def strip(results: dict[str, dict]) -> dict[str, dict]:
    return {k: {x: y for x, y in v.items() if x not in ("merges", "vocab")}
            for k, v in results.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--algorithm", choices=ALGORITHMS, default="byte-bpe")
    parser.add_argument("--corpus", choices=("stdlib", "prose"), default="stdlib")
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--vocab-size", type=int, default=32000)
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds over all cases (interleaved); least time kept")
    parser.add_argument("--workers", type=int, default=None,
                        help="ours e2e mp: count_words worker processes (default: automatic)")
    parser.add_argument("--threads", type=int, default=None,
                        help="HF's default-threads cases: RAYON_NUM_THREADS (default: unset)")
    parser.add_argument("--cases", nargs="+", choices=CASES, default=None,
                        help="run only these cases (default: all)")
    parser.add_argument("--scaling", action="store_true",
                        help="also time 1, 2, 5, 10 MB x 8k, 32k vocab (cpu s)")
    parser.add_argument("--json-file", type=Path)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--corpus-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--counts-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    WORKERS[0] = args.workers
    if args.worker:
        worker(args.worker, args.algorithm, args.corpus_file, args.counts_file,
               args.vocab_size, args.out)
        return 0

    corpus = corpus_path(args.corpus, args.mb)
    title = (f"{args.algorithm}, {args.corpus} {args.mb:g} MB ({corpus.stat().st_size:,} bytes),"
             f" vocab {args.vocab_size}, best of {args.repeat}")
    cases = tuple(c for c in cases_for(args.algorithm) if c in args.cases) if args.cases \
        else None
    results = compare(args.algorithm, corpus, args.vocab_size, args.repeat, cases, args.threads)
    print_table(title, results)
    report = {"main": strip(results)}
    if args.scaling:
        print("\nscaling, cpu s (e2e = count_words + train; train = trainer alone):")
        cases = tuple(c for c in cases_for(args.algorithm)
                      if c.startswith("ours") or c.endswith("1t"))
        for vocab in (8000, 32000):
            for mb in (1, 2, 5, 10):
                r = compare(args.algorithm, corpus_path(args.corpus, mb), vocab, args.repeat,
                            cases)
                cells = "  ".join(f"{k} {r[k]['cpu']:5.2f}" for k in cases)
                print(f"  {mb:>3} MB vocab {vocab:>5}: {cells}  ours: {r[cases[0]]['same']}",
                      flush=True)
                report[f"{mb}mb_{vocab}"] = strip(r)
    if args.json_file:
        args.json_file.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
