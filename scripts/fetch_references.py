"""Fetch the small reference files that the format-fidelity tests compare against.

The field's own test data lives in source distributions on the package index, not in wheels:

- sentencepiece's ``test/*.model`` (``botchan_en_bpe_1000.model``, ``kyoto_ja_unigram_8000.model``…);
- llama.cpp's vocabulary tests, vendored by llama-cpp-python: ``vendor/llama.cpp/models/
  ggml-vocab-*.gguf`` with ``.gguf.inp`` (texts) and ``.gguf.out`` (the ids llama.cpp gives).

Each pinned sdist is downloaded once with pip (no build, no install) and only the listed members
are extracted under ``.venv/reference-files/<name>/`` (override with ``SUBWORD_REFERENCE_FILES``),
so a fresh clone gets them from ``scripts/setup.sh test`` and the tests find them with
``tests/reference_files.py``. Run again, it does nothing unless a pin changed.

    python scripts/fetch_references.py [--dest DIR]
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: name -> (pip requirement, member globs inside the sdist, relative to its top folder)
SOURCES = {
    "sentencepiece": ("sentencepiece==0.2.3", ["test/*.model"]),
    "llama.cpp": ("llama-cpp-python==0.3.36", ["vendor/llama.cpp/models/ggml-vocab-*"]),
}


def default_dest() -> Path:
    override = os.environ.get("SUBWORD_REFERENCE_FILES")
    return Path(override) if override else ROOT / ".venv" / "reference-files"


def _download(requirement: str, into: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
         "--dest", str(into), requirement],
        check=True,
    )
    archives = sorted(into.glob("*.tar.gz"))
    if not archives:
        raise SystemExit(f"fetch_references: pip downloaded no sdist for {requirement}")
    return archives[0]


def _extract(archive: Path, globs: list[str], dest: Path) -> int:
    """Extract the members matching ``globs`` (paths below the sdist's top folder) flat into dest."""
    count = 0
    with tarfile.open(archive) as tar:
        for member in tar:
            if not member.isfile():
                continue
            inner = member.name.split("/", 1)[-1]
            if any(fnmatch.fnmatch(inner, pattern) for pattern in globs):
                source = tar.extractfile(member)
                target = dest / Path(inner).name
                with open(target, "wb") as out:  # fresh folder, renamed into place below
                    shutil.copyfileobj(source, out)
                count += 1
    return count


def fetch(name: str, requirement: str, globs: list[str], dest_root: Path) -> None:
    dest = dest_root / name
    stamp = dest / ".requirement"
    if stamp.is_file() and stamp.read_text().strip() == requirement:
        return
    print(f"fetch_references: {requirement} -> {dest}")
    dest_root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest_root) as tmp:
        staging = Path(tmp) / name
        staging.mkdir()
        archive = _download(requirement, Path(tmp))
        if _extract(archive, globs, staging) == 0:
            raise SystemExit(f"fetch_references: nothing matched {globs} in {archive.name}")
        (staging / ".requirement").write_text(requirement + "\n")
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)  # whole folder at once: a failed fetch leaves no half set


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=None, help="folder (default: %(default)s)")
    args = parser.parse_args(argv)
    dest_root = args.dest or default_dest()
    for name, (requirement, globs) in SOURCES.items():
        fetch(name, requirement, globs, dest_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
