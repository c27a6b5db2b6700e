"""The package root is lazy: a module loads only what it imports (docs/ARCHITECTURE.md, rule 3).

Each check runs in a fresh interpreter, since this one has imported most of the package.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TINY_BPE = json.dumps({
    "version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
    "normalizer": None, "pre_tokenizer": {"type": "Whitespace"}, "post_processor": None,
    "decoder": None,
    "model": {"type": "BPE", "dropout": None, "unk_token": None,
              "continuing_subword_prefix": None, "end_of_word_suffix": None,
              "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
              "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": [["a", "b"]]},
})


def loaded_after(code: str) -> set[str]:
    """The subword_core modules in sys.modules after running ``code`` in a new interpreter."""
    probe = (code + "\nimport sys\n"
             "print(sorted(m for m in sys.modules if m.startswith('subword_core')))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return set(eval(done.stdout.splitlines()[-1]))  # noqa: S307 - our own print of a list


def test_errors_loads_only_errors():
    assert loaded_after("import subword_core.errors") == {"subword_core", "subword_core.errors"}


def test_reading_a_tokenizer_loads_no_readers_trainers_or_corpus():
    loaded = loaded_after(f"from subword_core import Tokenizer\n"
                          f"t = Tokenizer.from_str({TINY_BPE!r})\n"
                          f"assert t.encode('ab').tokens == ['ab']")
    assert "subword_core.tokenizer" in loaded
    for upper in ("formats", "trainers", "corpus", "training", "analysis", "teaching", "cli"):
        assert not any(m == f"subword_core.{upper}" or m.startswith(f"subword_core.{upper}.")
                       for m in loaded), upper


def test_public_names_and_subpackages_load_on_first_use():
    loaded = loaded_after("import subword_core as s\n"
                          "assert s.models.BPE.__name__ == 'BPE'\n"
                          "assert s.Tokenizer.__module__ == 'subword_core.tokenizer'\n"
                          "assert s.SubwordError.__module__ == 'subword_core.errors'\n"
                          "try:\n    s.no_such_thing\nexcept AttributeError:\n    pass\n"
                          "else:\n    raise SystemExit('no AttributeError')")
    assert "subword_core.models" in loaded and "subword_core.formats" not in loaded
