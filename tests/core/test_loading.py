"""loading.loads equals json.loads; tokenizer_from_file equals Tokenizer.from_file, errors too."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subword_core.errors import TokenizerFileError
from subword_core.loading import loads, tokenizer_from_file
from subword_core.tokenizer import Tokenizer

sys.path.insert(0, str(Path(__file__).parent))
from wild_sources import tokenizer_json  # noqa: E402

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=200, deadline=None)
@given(json_values, st.booleans())
def test_loads_equals_json_loads(value, pretty):
    text = json.dumps(value, indent=2 if pretty else None, ensure_ascii=False)
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ["", "{", '{"a": 1,}', '{"a" 1}', "[1 2]", '{"a": 1} x', "[", '{"a":'])
def test_malformed_json_fails_as_json_loads_does(text):
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises(ValueError):
        loads(text)


def test_real_file_loads_the_same_tokenizer(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text(tokenizer_json("bert-base-uncased"), encoding="utf-8")
    ours, reference = tokenizer_from_file(path), Tokenizer.from_file(path)
    assert ours.get_vocab() == reference.get_vocab()
    text = "Hello, wörld! 한국어 🙂"
    assert ours.encode(text).ids == reference.encode(text).ids


@pytest.mark.parametrize("content", [
    "", '{"version": "1.0", "model": {"type": "BPE", "vocab": [1, 2',
    '["not", "an", "object"]', '{"version": "2.0", "model": {}}', '{"version": "1.0"}',
    '{"version": "1.0", "model": {"type": "Nope"}}'])
def test_bad_files_raise_the_library_message(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(TokenizerFileError) as ours:
        tokenizer_from_file(path)
    with pytest.raises(TokenizerFileError) as reference:
        Tokenizer.from_file(path)
    assert str(ours.value) == str(reference.value)
    with pytest.raises(TokenizerFileError, match="not found"):
        tokenizer_from_file(tmp_path / "missing.json")
