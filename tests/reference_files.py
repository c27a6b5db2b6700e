"""Where the tests find the reference files that ``scripts/fetch_references.py`` extracts.

``reference_file("sentencepiece", "botchan_en_bpe_1000.model")`` returns the path, or skips the
test when the files were never fetched (a developer who ran only ``pip install``). Under
``CI=true`` a missing file fails instead: ``scripts/setup.sh test`` always fetches them, so a
missing one means the set-up broke and the fidelity tests would pass by skipping.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def reference_dir(name: str) -> Path:
    override = os.environ.get("SUBWORD_REFERENCE_FILES")
    base = Path(override) if override else ROOT / ".venv" / "reference-files"
    folder = base / name
    if not folder.is_dir():
        message = (f"reference files '{name}' are not fetched (python scripts/fetch_references.py; "
                   f"scripts/setup.sh test does it)")
        if os.environ.get("CI", "").strip().lower() in ("true", "1"):
            pytest.fail(message)
        pytest.skip(message)
    return folder


def reference_file(name: str, filename: str) -> Path:
    path = reference_dir(name) / filename
    if not path.is_file():
        pytest.fail(f"{filename} is not among the fetched '{name}' reference files")
    return path
