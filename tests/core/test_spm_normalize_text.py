"""``spm_normalize`` and ``spm_normalize_text``, the bulk path, against the walk one step
at a time (``spm_normalize_by_steps``, ``normalizer.cc``'s loop as it is written).

Both paths are checked against the sentencepiece library elsewhere (see
``test_format_sentencepiece_reference.py``); the bulk path must give exactly the same
text, sources and end for every setting: the ``nmt_nfkc`` charsmap of sentencepiece's test models (its rules keyed
by a letter and a combining mark, by halfwidth kana and a voiced mark, by whole
sequences), no charsmap (Mistral's ``identity``), user-defined symbols, and every
combination of the four whitespace flags.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from probe_texts import PROBES
from reference_files import reference_file
from subword_core.formats import open_tokenizer
from subword_core.normalizers import SentencePieceNormalizer
from subword_core.text.precompiled import PrecompiledCharsMap
from subword_core.text.spm_normalizer import (
    SpmNormalizerSpec,
    spm_normalize,
    spm_normalize_by_steps,
    spm_normalize_text,
)

#: chars that start rules, end them, or matter to whitespace handling
_INTERESTING = (" \t\n\r\u00a0\u3000\u2028\x00\x01\x7f▁aAeEnoszé\u0301\u0300\u0308\u0327ßﬁﬀ"
                "①ＡＢｶﾞﾟかが\u3099\u309aウ゛㍿가각\u1100\u1161\u11a8한🦜\u200d👩‍👩\ufe0f"
                "<>ab\ud800")


@cache
def _charsmap() -> PrecompiledCharsMap:
    tokenizer = open_tokenizer(reference_file("sentencepiece", "botchan_en_bpe_1000.model"))
    return tokenizer.normalizer.spec.charsmap


def _spec(flags: tuple[bool, bool, bool, bool], charsmap: bool, symbols: bool) -> SpmNormalizerSpec:
    return SpmNormalizerSpec(_charsmap() if charsmap else None, *flags,
                             user_defined=["<sep>", "ab", "  x", "ﬁx"] if symbols else ())


_SETTINGS = list(itertools.product(itertools.product((True, False), repeat=4),
                                   (True, False), (True, False)))


def _check(spec: SpmNormalizerSpec, text: str) -> None:
    expected = spm_normalize_by_steps(text, spec)
    assert spm_normalize(text, spec) == expected, repr(text)
    assert spm_normalize_text(text, spec) == expected.text, repr(text)


@pytest.mark.parametrize(("flags", "charsmap", "symbols"), _SETTINGS)
def test_probes_and_edges(flags, charsmap, symbols):
    spec = _spec(flags, charsmap, symbols)
    edges = ["", " ", "   ", "\t", "▁", " ▁ ", "a\u0301", "a \u0301", "ｶﾞ", "か\u3099",
             "\x01", " \x01 ", "ab c", "  x", "<sep><sep>", "ﬁx ﬁ", "\ud800a", "a" * 40,
             "e" + "\u0301" * 30, " " * 50 + "x" + " " * 50]
    for text in [*PROBES, *edges]:
        _check(spec, text)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(setting=st.sampled_from(_SETTINGS),
       text=st.lists(st.sampled_from(_INTERESTING) | st.characters(), max_size=24).map("".join))
def test_random_text(setting, text):
    _check(_spec(*setting), text)


@pytest.mark.parametrize("name", ["botchan_en_unigram_1000.model", "kyoto_ja_unigram_8000.model"])
def test_real_models_on_the_multilingual_sample(name):
    sample = Path(__file__).resolve().parents[2] / "resources" / "corpora" / "multilingual.txt"
    normalizer = open_tokenizer(reference_file("sentencepiece", name)).normalizer
    for line in sample.read_text(encoding="utf-8").splitlines():
        _check(normalizer.spec, line)
        assert normalizer.normalize_str(line) == spm_normalize_by_steps(line, normalizer.spec).text


def test_a_letter_is_looked_up_only_before_a_char_that_continues_a_rule():
    spec = _spec((True, True, True, False), charsmap=True, symbols=False)
    assert spm_normalize_text("cafe\u0301 cafe", spec) == "▁café▁cafe"
    plain = spec._plain
    assert "e" in plain.when_followed and "\u0301" in plain.followers
    assert "e" not in plain.always


def test_next_chars_lists_the_chars_that_continue_a_key():
    charsmap = _charsmap()
    assert "\u0301" in charsmap.next_chars(b"e")
    assert charsmap.extends("e\u0301".encode())
    assert not charsmap.extends(b"e.")
    assert charsmap.next_chars(b"\x00") == set()


def test_normalize_str_is_the_bulk_path():
    normalizer = SentencePieceNormalizer(_charsmap().data)
    assert normalizer.normalize_str("  ＡＢ  cafe\u0301 ") == "▁AB▁café"
