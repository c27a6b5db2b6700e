"""Unigram training: ours vs HF ``UnigramTrainer`` vs sentencepiece, in one run.

Each case runs in its own subprocess (clean peak RSS, its own thread settings):

- ``ours``:   ``subword_core.corpus.count_words`` on the lines (Metaspace, 1 process) +
              our ``UnigramTrainer``; the training part is also reported alone
- ``hf``:     ``tokenizers``: ``Tokenizer(Unigram())`` + Metaspace pre-tokenizer,
              ``train_from_iterator(lines)`` with ``UnigramTrainer``, default threads
- ``hf-1t``:  the same with ``RAYON_NUM_THREADS=1``
- ``spm``:    ``SentencePieceTrainer`` on the file: identity normalization, whitespace
              kept as is (so its words are the Metaspace words: indentation matters in
              code), no script or number splitting, ``character_coverage=1``, every
              sentence, default threads (16)
- ``spm-1t``: the same with ``num_threads=1``

All train ``--vocab-size`` pieces (8000) with ``<unk>`` and default Unigram options.
Times are wall-clock seconds inside the worker (imports excluded, corpus reading
included), with the process CPU time beside them (all threads); peak memory is the
worker's peak RSS (``VmHWM``), interpreter and imports included. Ratios are ours
(end to end) over each peer: below 1 is faster. The machine's load average is printed:
on a shared machine compare ratios, not seconds.

``--quality`` adds, per corpus, the vocabulary overlap with ours and each model's
corpus negative log-likelihood per word on our word counts (``corpus_nll``).

    .venv/bin/python bench/bench_train_unigram.py [--corpus stdlib prose] [--mb 1 2 5 10]
        [--vocab-size 8000] [--cases ours hf hf-1t spm spm-1t] [--repeat 1]
        [--quality] [--json-file PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.corpora import english_prose, peak_rss_mb, python_stdlib  # noqa: E402  (after sys.path)

CASES = ("ours", "hf", "hf-1t", "spm", "spm-1t")


# ---------------------------------------------------------------------------------------
# Workers: one case, one corpus; print a JSON line with the figures
# ---------------------------------------------------------------------------------------
def read_lines(corpus: Path) -> list[str]:
    """The corpus lines without line endings: what every case trains on."""
    with open(corpus, encoding="utf-8") as fh:
        return fh.read().splitlines()


def metaspace_counts(lines: list[str]) -> dict[str, int]:
    """Our word counts: no normalizer, Metaspace (prepend always), one process."""
    from subword_core.corpus import count_words
    from subword_core.pre_tokenizers import Metaspace

    # subtle: counting the file itself would keep each line's "\n" in its last word
    pre_tokenizer = Metaspace(replacement="▁", prepend_scheme="always")
    return count_words(lines, None, pre_tokenizer, n_workers=1).counts


def _ours(corpus: Path, vocab_size: int) -> tuple[list, dict]:
    from subword_core.trainers.unigram import UnigramTrainer

    counts = metaspace_counts(read_lines(corpus))
    start = time.perf_counter()
    model, history = UnigramTrainer(vocab_size=vocab_size, show_progress=False).train(counts)
    extra = {"train_wall": time.perf_counter() - start, "rounds": len(history.steps)}
    return [list(p) for p in model.pieces if p[0] != "<unk>"], extra


def _hf(corpus: Path, vocab_size: int) -> tuple[list, dict]:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    lines = read_lines(corpus)
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    trainer = trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=["<unk>"],
                                      unk_token="<unk>", show_progress=False)
    tok.train_from_iterator(lines, trainer=trainer)
    vocab = json.loads(tok.to_str())["model"]["vocab"]
    return [p for p in vocab if p[0] != "<unk>"], {}


def _spm(corpus: Path, vocab_size: int, threads: int | None) -> tuple[list, dict]:
    import io

    import sentencepiece as spm

    options = {"input": str(corpus), "model_type": "unigram", "vocab_size": vocab_size,
               "character_coverage": 1.0, "normalization_rule_name": "identity",
               "bos_id": -1, "eos_id": -1, "split_by_unicode_script": False,
               "split_by_number": False, "remove_extra_whitespaces": False,
               "input_sentence_size": 0, "max_sentence_length": 1 << 16, "minloglevel": 2}
    if threads:
        options["num_threads"] = threads
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(model_writer=buf, **options)
    sp = spm.SentencePieceProcessor(model_proto=buf.getvalue())
    vocab = [[sp.id_to_piece(i), sp.get_score(i)] for i in range(sp.get_piece_size())
             if not (sp.is_unknown(i) or sp.is_control(i))]
    return vocab, {}


def worker(case: str, corpus: Path, vocab_size: int, vocab_out: Path) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    if case == "ours":
        vocab, extra = _ours(corpus, vocab_size)
    elif case.startswith("hf"):
        vocab, extra = _hf(corpus, vocab_size)
    else:
        vocab, extra = _spm(corpus, vocab_size, 1 if case == "spm-1t" else None)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    vocab_out.write_text(json.dumps(vocab, ensure_ascii=False), encoding="utf-8")
    print(json.dumps({"wall": wall, "cpu": cpu, "rss_mb": peak_rss_mb(), **extra}))


def run_case(case: str, corpus: Path, vocab_size: int, vocab_out: Path) -> dict:
    """Run one case in a fresh interpreter and return its figures."""
    env = dict(os.environ)
    env.pop("RAYON_NUM_THREADS", None)
    if case == "hf-1t":
        env["RAYON_NUM_THREADS"] = "1"
    cmd = [sys.executable, __file__, "--worker", case, str(corpus), str(vocab_size), str(vocab_out)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{case} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------
def corpus_path(kind: str, mb: float) -> Path:
    return python_stdlib(mb) if kind == "stdlib" else english_prose(mb)


def quality(corpus: Path, vocabs: dict[str, Path]) -> dict[str, dict]:
    """Overlap with ours and NLL per word (our word counts) of each case's vocabulary."""
    from subword_core.trainers.unigram import corpus_nll

    counts = metaspace_counts(read_lines(corpus))
    n_words = sum(counts.values())
    pieces = {case: json.loads(path.read_text(encoding="utf-8")) for case, path in vocabs.items()}
    ours = {p for p, _ in pieces.get("ours", [])}
    out = {}
    for case, vocab in pieces.items():
        names = {p for p, _ in vocab}
        out[case] = {"size": len(vocab),
                     "overlap": len(names & ours) / max(len(ours), 1) if ours else None,
                     "nll_per_word": corpus_nll(counts, [tuple(p) for p in vocab]) / n_words}
    return out


def bench(kinds: list[str], sizes: list[float], vocab_size: int, cases: list[str], repeat: int,
          with_quality: bool) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            for mb in sizes:
                corpus = corpus_path(kind, mb)
                row = {"corpus": kind, "mb": mb, "vocab_size": vocab_size,
                       "load_before": os.getloadavg()[0], "cases": {}}
                vocabs = {}
                for case in cases:
                    vocabs[case] = Path(tmp) / f"{kind}_{mb}_{case}.json"
                    runs = [run_case(case, corpus, vocab_size, vocabs[case])
                            for _ in range(repeat)]
                    row["cases"][case] = min(runs, key=lambda r: r["wall"])
                row["load_after"] = os.getloadavg()[0]
                if with_quality:
                    row["quality"] = quality(corpus, vocabs)
                print_row(row)
                rows.append(row)
    return rows


def print_row(row: dict) -> None:
    cases = row["cases"]
    print(f"\n== {row['corpus']} {row['mb']:g} MB, vocab {row['vocab_size']} "
          f"(load {row['load_before']:.1f} -> {row['load_after']:.1f})")
    print(f"  {'case':<10} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  {'ours/this':>9}")
    ours = cases.get("ours")
    for case, fig in cases.items():
        ratio = f"{ours['wall'] / fig['wall']:.2f}" if ours else ""
        print(f"  {case:<10} {fig['wall']:8.2f} {fig['cpu']:8.2f} {fig['rss_mb']:8.0f}  {ratio:>9}")
        if case == "ours":
            print(f"  {'ours train':<10} {fig['train_wall']:8.2f} {'':>8} {'':>8}  "
                  f"({fig['rounds']} rounds)")
    for case, q in row.get("quality", {}).items():
        overlap = f"{q['overlap']:.3f}" if q["overlap"] is not None else "-"
        print(f"  quality {case:<8} size {q['size']:6d}  overlap with ours {overlap}  "
              f"NLL/word {q['nll_per_word']:.4f}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        case, corpus, vocab_size, out = sys.argv[2:6]
        worker(case, Path(corpus), int(vocab_size), Path(out))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", nargs="+", default=["stdlib", "prose"],
                        choices=("stdlib", "prose"))
    parser.add_argument("--mb", nargs="+", type=float, default=[1, 2, 5, 10])
    parser.add_argument("--vocab-size", type=int, default=8000)
    parser.add_argument("--cases", nargs="+", default=list(CASES), choices=CASES)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--quality", action="store_true")
    parser.add_argument("--json-file", type=Path)
    args = parser.parse_args()
    print(f"cpus {os.cpu_count()}, python {sys.version.split()[0]}")
    rows = bench(args.corpus, args.mb, args.vocab_size, args.cases, args.repeat, args.quality)
    if args.json_file:
        args.json_file.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
