"""Locate the files shipped under ``resources/`` (corpora, tokenizers, labeled samples).

Installed, they are package data (:mod:`subword_core._util.bundled` finds them either way).
"""

from __future__ import annotations

from pathlib import Path

from subword_core._util.bundled import bundled_root

ROOT = bundled_root()

#: Text shown in the encoding box on first start: Latin, Korean, emoji, digits, whitespace.
SAMPLE_TEXT = "Hello world! Tokenizers split words: unbelievable → un·believ·able.\n" \
              "한국어 문장도 토큰으로 나뉩니다. Emoji: 🙂👍🏽 café naïve 2024"


def resource_path(*parts: str) -> Path:
    return ROOT.joinpath(*parts)


def sample_corpora() -> list[Path]:
    """The bundled sample corpora, sorted by name (may be empty)."""
    folder = resource_path("corpora")
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def default_corpus() -> Path | None:
    """The corpus loaded on first start: prefer an English/mixed sample, else the first one."""
    corpora = sample_corpora()
    for p in corpora:
        if any(k in p.name.lower() for k in ("sample", "mixed", "english", "en")):
            return p
    return corpora[0] if corpora else None


def labeled_samples() -> list[Path]:
    folder = resource_path("labeled")
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.conll")) + sorted(folder.glob("*.iob"))


def bundled_tokenizers() -> list[Path]:
    folder = resource_path("tokenizers")
    return sorted(folder.glob("*.json")) if folder.is_dir() else []
