r"""TFDS ``.subwords`` against TFDS's published algorithm, on the probe set and random text.

The reference is :class:`tfds_reference.TfdsSubwordEncoder`, a restatement of
``SubwordTextEncoder.encode`` from its source (TFDS needs TensorFlow, which is not
installable here); its own checks below are ids worked out by hand from that source.
Ids must be equal; each token's offsets must lie in the text and, together, cover it.
Vocabularies: the hand-made one of test_format_tfds_subwords.py and a larger one with
``_`` endings, escapes, reserved (mixed) tokens, CJK, Korean, emoji and whitespace runs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from reference_probes import PROBES, random_texts, uncovered
from subword_core.formats.tfds_subwords import build_tokenizer, parse_subwords
from test_format_tfds_subwords import SUBWORDS
from tfds_reference import TfdsSubwordEncoder

LARGER = [*SUBWORDS, "hel", "lo", "world_", "the", "qu", "ick_", "fox", "Hello", "!!", "!! ",
          "e_", "s", "in_", "1994", ". ", "caf", "na", "ï", "ve_", "안녕", "하세요", "👩",
          "\u200d", "\\", "\\&", "undsc", "x_", "   ", "\t", "\n", "<pad>", "a.b", "_", "a\\&undsc",
          "e\u0301", "Ｈｅ", "ﬁ", "\\&undscinit\\&undsc\\&undsc_", "trailing\\&undsc_"]
TEXTS = {**PROBES,
         "escape-text": "a \\&undsc b \\&undsc\\&undsc_x \\&undsc",
         "reserved": "a<EOS> b <EOS><pad>c a.b.c",
         "underscores-spaced": "_ _a_ b_ __ a__b snake_case __init__ ",
         "escape-then-two-spaces": "\\&undsc  b"}
VOCABULARIES = {"hand-made": SUBWORDS, "larger": LARGER}


def ours_and_reference(subwords):
    return build_tokenizer(subwords), TfdsSubwordEncoder(subwords)


def check_offsets(text: str, offsets) -> None:
    assert all(0 <= s < e <= len(text) for s, e in offsets), text
    assert uncovered(text, offsets) == [], text


def test_probe_set_is_large_enough():
    assert len(TEXTS) >= 40


def test_the_reference_on_hand_worked_ids():
    """The restatement against ids worked out by hand from TFDS's source (16 subwords:
    byte ``b`` at ``17 + b``)."""
    ref = TfdsSubwordEncoder(SUBWORDS)
    assert ref.encode("the cats, hello world.") == [1, 2, 17 + ord("s"), 5, 7, 8, 9, 6]
    assert ref.encode("cats the ") == [2, 3, 1]  # "cats " is "cats_": cat, s_
    assert ref.encode("snake_case the") == [10, 17 + ord("t"), 17 + ord("h"), 17 + ord("e")]
    assert ref.encode("x_y") == [17 + ord("x"), 17 + ord("_"), 17 + ord("y")]
    assert ref.encode("a ") == [15, 17 + ord(" ")]  # "a_" is no subword: a, then "_"
    assert ref.encode("<EOS>x") == [12, 17 + ord("x")]
    # a literal escape: "\&", "undsc_" and the space again
    assert ref.encode("\\&undsc b")[-3:] == [17 + 32, 17 + 32, 17 + ord("b")]


@pytest.mark.parametrize("vocabulary", VOCABULARIES)
def test_probes_equal_tfds(vocabulary):
    ours, ref = ours_and_reference(VOCABULARIES[vocabulary])
    different = []
    for name, text in TEXTS.items():
        encoding = ours.encode(text)
        check_offsets(text, encoding.offsets)
        if encoding.ids != ref.encode(text):
            different.append(name)
    assert different == []


def test_larger_vocabulary_reads_back_from_a_file(tmp_path):
    path = tmp_path / "larger.subwords"
    path.write_text("### SubwordTextEncoder\n### Metadata: {}\n"
                    + "".join(f"'{s}'\n" for s in LARGER if "\n" not in s), encoding="utf-8")
    subwords, _ = parse_subwords(path.read_text(encoding="utf-8"), str(path))
    assert subwords == [s for s in LARGER if "\n" not in s]


@pytest.fixture(scope="module")
def pairs():
    return [ours_and_reference(subwords) for subwords in VOCABULARIES.values()]


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=random_texts())
def test_random_text_equals_tfds(pairs, text):
    for ours, ref in pairs:
        encoding = ours.encode(text)
        assert encoding.ids == ref.encode(text)
        check_offsets(text, encoding.offsets)
