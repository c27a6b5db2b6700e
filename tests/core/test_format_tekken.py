"""Mistral's ``tekken.json``: ours gives the ids of mistral-common's ``Tekkenizer``.

The reference is ``Tekkenizer.from_file`` on the SAME file: mistral-common's own
``tekken_240911.json`` (a 150,000-token vocabulary cut to 130,072, 1,000 special tokens, the
built-in special-token list of v3 files), and a small v11 file written here from its first
ranks with its own special tokens (padded with ``<SPECIAL_i>``). Checked on the built-in
probes (:data:`subword_core.analysis.probes.PROBES`) with and without ``<s>``, and on random
text; control tokens typed as text stay text.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.analysis.probes import PROBES, probe_texts
from subword_core.errors import TokenizerFileError
from subword_core.formats import FORMATS, detect_format, open_tokenizer
from subword_core.formats.sniffing import sniff_tokenizer_file
from subword_core.formats.tekken import DEFAULT_SPECIAL_TOKENS, read_tekken
from mistral_oracle import tekkenizer_class
from wild_sources import package_file

pytest.importorskip("tiktoken")

TYPED_CONTROLS = ["<s>", "</s>", "[INST]", "[/INST]", "<unk>", "[TOOL_CALLS]", "<SPECIAL_20>",
                  "<s>[INST] hi [/INST]</s>", "[IMG][IMG_BREAK]", "<pad><pad>"]


def real_file() -> Path:
    return package_file("mistral_common", "data/tekken_240911.json", "mistral-common")


@pytest.fixture(scope="module")
def real():
    """(ours, Tekkenizer) on mistral-common's tekken_240911.json."""
    path = real_file()
    return open_tokenizer(path), tekkenizer_class().from_file(path)


def small_data() -> dict:
    """A v11 tekken.json: the real file's first 1,500 ranks, cut to 1,200 by
    default_vocab_size, 5 listed special tokens padded to 30."""
    data = json.loads(real_file().read_text(encoding="utf-8"))
    specials = ["<unk>", "<s>", "</s>", "[INST]", "[/INST]"]
    return {
        "config": {**data["config"], "num_vocab_tokens": 1500, "default_vocab_size": 1230,
                   "default_num_special_tokens": 30, "version": "v11"},
        "vocab": data["vocab"][:1500],
        "special_tokens": [{"rank": i, "token_str": s, "is_control": True}
                           for i, s in enumerate(specials)],
    }


def write(tmp_path: Path, data, name: str = "tekken.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def assert_same(ours, tekken, text: str) -> None:
    assert ours.encode(text, add_special_tokens=False).ids == tekken.encode(text, False, False), text
    assert ours.encode(text).ids == tekken.encode(text, True, False), text


# ------------------------------------------------------------------ the real file
def test_the_probes_are_varied_enough():
    assert len(PROBES) >= 40 and "" in probe_texts()
    kinds = {p.kind for p in PROBES}
    assert {"accents", "nfkc", "cjk", "korean", "emoji-zwj", "tabs", "newlines", "spaces",
            "empty", "long-word"} <= kinds


@pytest.mark.parametrize("text", probe_texts(), ids=[p.kind for p in PROBES])
def test_real_file_gives_tekkenizers_ids(real, text):
    assert_same(*real, text)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_random_text_gives_tekkenizers_ids(real, text):
    assert_same(*real, text)


@pytest.mark.parametrize("text", TYPED_CONTROLS)
def test_typed_control_tokens_stay_text(real, text):
    ours, tekken = real
    ids = ours.encode(text, add_special_tokens=False).ids
    assert ids == tekken.encode(text, False, False)
    assert min(ids) >= tekken.num_special_tokens  # no control token from user text


def test_control_tokens_have_their_ids_and_text(real):
    ours, tekken = real
    assert ours.get_vocab_size() == tekken.n_words == 131_072
    for token_id in (0, 1, 2, 3, 4, 19, 20, 999):
        assert ours.id_to_token(token_id) == tekken.id_to_piece(token_id)
        assert ours.token_to_id(tekken.id_to_piece(token_id)) == token_id
    assert ours.get_added_tokens_decoder() == {}  # nothing is matched in text
    ids = tekken.encode("Hello 한국어 wörld 👨‍👩‍👧", False, False)
    assert ours.decode(ids) == tekken.decode(ids)


def test_the_older_real_file_gives_tekkenizers_ids_too():
    path = package_file("mistral_common", "data/tekken_240718.json", "mistral-common")
    ours, tekken = open_tokenizer(path), tekkenizer_class().from_file(path)
    for text in [*probe_texts(), *TYPED_CONTROLS]:
        assert_same(ours, tekken, text)


def test_real_file_is_described(real):
    source = real[0].source
    assert source.format == "tekken"
    assert "130,072 tokens + 1,000 control tokens" in source.description
    assert any("cut to its first 130,072 of 150,000" in note for note in source.notes)


# ------------------------------------------------------------------ a small v11 file
def test_small_file_with_listed_specials_matches(tmp_path):
    path = write(tmp_path, small_data())
    ours, tekken = open_tokenizer(path), tekkenizer_class().from_file(path)
    assert ours.get_vocab_size() == tekken.n_words == 1230
    for text in [*probe_texts(), *TYPED_CONTROLS]:
        assert_same(ours, tekken, text)
    assert [ours.id_to_token(i) for i in (1, 4, 5, 29)] == \
        [tekken.id_to_piece(i) for i in (1, 4, 5, 29)] == ["<s>", "[/INST]", "<SPECIAL_5>",
                                                             "<SPECIAL_29>"]


def test_v3_file_without_special_tokens_gets_mistrals_list(tmp_path):
    data = small_data()
    del data["special_tokens"]
    data["config"]["version"] = "v3"
    ours = read_tekken(write(tmp_path, data)).tokenizer
    assert [ours.id_to_token(i) for i in range(20)] == list(DEFAULT_SPECIAL_TOKENS)


# ------------------------------------------------------------------ malformed files
def _mutations():
    def drop(*keys):
        def apply(d):
            target = d
            for key in keys[:-1]:
                target = target[key]
            del target[keys[-1]]
        return apply

    def put(value, *keys):
        def apply(d):
            target = d
            for key in keys[:-1]:
                target = target[key]
            target[keys[-1]] = value
        return apply

    return {
        "no config": (drop("config"), "config"),
        "no vocab": (drop("vocab"), "vocab"),
        "no pattern": (drop("config", "pattern"), "config.pattern"),
        "bad pattern": (put("[unclosed", "config", "pattern"), "does not compile"),
        "vocab size text": (put("many", "config", "default_vocab_size"), "default_vocab_size"),
        "unknown version": (put("3", "config", "version"), "unknown version"),
        "too few tokens": (put(99_999, "config", "default_vocab_size"), "the vocab has 1,500"),
        "rank out of order": (put({"rank": 7, "token_bytes": "AA==", "token_str": None},
                                  "vocab", 0), "vocab[0]"),
        "not base64": (put({"rank": 300, "token_bytes": "@@@", "token_str": None},
                           "vocab", 300), "not base64"),
        "not a byte": (put({"rank": 65, "token_bytes": "QkI=", "token_str": "BB"},
                           "vocab", 65), "single byte 65"),
        "repeated bytes": (put({"rank": 301, "token_bytes": "QQ==", "token_str": "A"},
                               "vocab", 301), "same bytes"),
        "repeated special": (put([{"rank": 0, "token_str": "<s>", "is_control": True},
                                  {"rank": 1, "token_str": "<s>", "is_control": True}],
                                 "special_tokens"), "appears twice"),
        "too many specials": (put(2, "config", "default_num_special_tokens"), "more than"),
        "v11 without specials": (drop("special_tokens"), "no special_tokens"),
    }


@pytest.mark.parametrize("case", sorted(_mutations()))
def test_malformed_file_is_one_line_error(tmp_path, case):
    mutate, words = _mutations()[case]
    data = small_data()
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(TokenizerFileError) as info:
        open_tokenizer(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and words in message, message


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"config": 3, "vocab": []}'])
def test_not_a_tekken_object_is_one_line_error(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(TokenizerFileError) as info:
        open_tokenizer(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_cli_reports_a_malformed_file_in_one_line(tmp_path):
    data = small_data()
    data["config"]["version"] = "x"
    path = write(tmp_path, data)
    result = subprocess.run([sys.executable, "-m", "subword_core", "info", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "unknown version" in result.stderr


# ------------------------------------------------------------------ finding the format
def test_detected_by_name_and_by_content(tmp_path):
    assert "tekken" in FORMATS
    data = small_data()
    assert detect_format(write(tmp_path, data)) == "tekken"
    renamed = write(tmp_path, data, "ministral.json")
    assert detect_format(renamed) == "tekken"
    assert open_tokenizer(renamed).source.format == "tekken"
    assert sniff_tokenizer_file(renamed) == "tekken"
    assert sniff_tokenizer_file(real_file()) == "tekken"


def test_info_describes_it():
    result = subprocess.run([sys.executable, "-m", "subword_core", "info", str(real_file())],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "format:         tekken" in result.stdout
    assert "1,000 control tokens" in result.stdout
