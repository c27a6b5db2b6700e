"""tokenizer.json: round trips with HF, byte-identical output, bad files, atomic saves.

1. HF's JSON loads in ours, we write it back byte for byte, and both encode alike;
   our JSON loads in HF and encodes alike.
2. Broken files (missing, not UTF-8, truncated, malformed, wrong shape, unknown
   component) raise one-line ``TokenizerFileError``s, never a bare Python error; a
   fuzzer mutates valid files to make sure.
3. ``save`` is atomic; loading a 32k-token byte-level BPE takes well under 2 s.
"""

from __future__ import annotations

import copy
import json
import re
import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import SubwordError, Tokenizer, TokenizerFileError, UnsupportedComponentError
from subword_core._util import fileio
from subword_core.serialization import dumps, format_float

hf = pytest.importorskip("tokenizers")
from hf_parity import assert_same, check_encode  # noqa: E402

PROBES = ["Hello, world! It's 2024.", "  héllo\twörld\r\n", "ﬁ ① Ｈｅｌｌｏ", "日本語 한국어",
          "<s>special</s> [MASK]", "", "a" * 300]


def _wordpiece():
    words = ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]", "hello", "world", "##s", "h", "##e",
             "##l", "##o", "w", "##r", "##d", ",", "!", "."]
    tok = hf.Tokenizer(hf.models.WordPiece({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.normalizer = hf.normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = hf.pre_tokenizers.BertPreTokenizer()
    tok.post_processor = hf.processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", 1), ("[SEP]", 2)])
    tok.decoder = hf.decoders.WordPiece()
    tok.add_special_tokens(["[MASK]", "[PAD]"])
    tok.enable_truncation(16, stride=2, strategy="only_first", direction="left")
    tok.enable_padding(length=20, pad_id=3, pad_to_multiple_of=8)
    return tok


def _byte_level():
    alphabet = sorted(hf.pre_tokenizers.ByteLevel.alphabet())
    vocab = {c: i for i, c in enumerate(alphabet)}
    merges = [("Ġ", "w"), ("Ġw", "o"), ("r", "l"), ("Ġwo", "rl"), ("h", "e"), ("l", "l")]
    for a, b in merges:
        vocab[a + b] = len(vocab)
    tok = hf.Tokenizer(hf.models.BPE(vocab, merges, dropout=None))
    tok.normalizer = hf.normalizers.Sequence([hf.normalizers.NFC(), hf.normalizers.Strip()])
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=True)
    tok.post_processor = hf.processors.RobertaProcessing(("</s>", 1), ("<s>", 0))
    tok.decoder = hf.decoders.ByteLevel()
    tok.add_special_tokens([hf.AddedToken("<s>", lstrip=True), "</s>"])
    tok.add_tokens([hf.AddedToken("world", single_word=True, rstrip=True)])
    return tok


def _unigram():
    pieces = [("<unk>", 0.0), ("▁", -1.5), ("▁hello", -3.25), ("▁world", -3.5), ("h", -5.0),
              ("e", -5.0), ("l", -4.0), ("o", -4.5), ("日", -8.0), ("本", -8.0), ("x", -1e-7)]
    tok = hf.Tokenizer(hf.models.Unigram(pieces, unk_id=0, byte_fallback=False))
    tok.normalizer = hf.normalizers.Sequence([hf.normalizers.NFKC(), hf.normalizers.Lowercase()])
    tok.pre_tokenizer = hf.pre_tokenizers.Metaspace(prepend_scheme="first")
    tok.decoder = hf.decoders.Metaspace(prepend_scheme="first")
    return tok


def _classic_bpe():
    vocab = {"<unk>": 0, "h": 1, "e": 2, "l": 3, "o": 4, "o</w>": 5, "he": 6, "ll": 7,
             "hell": 8, "hello</w>": 9, "w": 10, "r": 11, "d</w>": 12}
    merges = [("h", "e"), ("l", "l"), ("he", "ll"), ("hell", "o</w>")]
    tok = hf.Tokenizer(hf.models.BPE(vocab, merges, unk_token="<unk>", end_of_word_suffix="</w>"))
    tok.normalizer = hf.normalizers.Sequence([
        hf.normalizers.NFD(), hf.normalizers.StripAccents(), hf.normalizers.Lowercase()])
    tok.pre_tokenizer = hf.pre_tokenizers.Sequence([
        hf.pre_tokenizers.WhitespaceSplit(), hf.pre_tokenizers.Punctuation()])
    tok.decoder = hf.decoders.BPEDecoder(suffix="</w>")
    return tok


def _fallback_bpe():
    vocab = {"<unk>": 0, **{f"<0x{b:02X}>": b + 1 for b in range(256)}, "▁": 257, "a": 258}
    tok = hf.Tokenizer(hf.models.BPE(vocab, [], unk_token="<unk>", byte_fallback=True,
                                     fuse_unk=True))
    tok.pre_tokenizer = hf.pre_tokenizers.Sequence([
        hf.pre_tokenizers.Split(hf.Regex(r"\d"), behavior="isolated"),
        hf.pre_tokenizers.Metaspace()])
    tok.decoder = hf.decoders.Sequence([
        hf.decoders.Replace("▁", " "), hf.decoders.ByteFallback(), hf.decoders.Fuse(),
        hf.decoders.Strip(content=" ", left=1)])
    return tok


PIPELINES = {"wordpiece": _wordpiece, "byte_level": _byte_level, "unigram": _unigram,
             "classic_bpe": _classic_bpe, "fallback_bpe": _fallback_bpe}


@pytest.fixture(params=list(PIPELINES))
def hf_tokenizer(request):
    return PIPELINES[request.param]()


# ------------------------------------------------------------------ round trips
def test_hf_json_loads_and_is_written_back_identically(hf_tokenizer):
    ours = Tokenizer.from_str(hf_tokenizer.to_str())
    assert json.loads(ours.to_str()) == json.loads(hf_tokenizer.to_str())
    assert ours.to_str() == hf_tokenizer.to_str()
    assert ours.to_str(pretty=True) == hf_tokenizer.to_str(pretty=True)
    assert ours.truncation == hf_tokenizer.truncation
    assert ours.padding == hf_tokenizer.padding
    for text in PROBES:
        check_encode(hf_tokenizer, ours, text)
        check_encode(hf_tokenizer, ours, text, "pair text")


def test_our_json_loads_in_hf_and_encodes_alike(hf_tokenizer):
    ours = Tokenizer.from_str(hf_tokenizer.to_str())
    ours.add_tokens(["extra"])
    ours.add_special_tokens(["<extra>"])
    again = hf.Tokenizer.from_str(ours.to_str())
    for text in PROBES + ["extra <extra>"]:
        check_encode(again, ours, text)


def test_save_and_from_file(tmp_path, hf_tokenizer):
    ours = Tokenizer.from_str(hf_tokenizer.to_str())
    path = tmp_path / "tokenizer.json"
    ours.save(path)
    assert path.read_text(encoding="utf-8") == hf_tokenizer.to_str(pretty=True)
    again = Tokenizer.from_file(str(path))
    assert again.to_str() == ours.to_str()
    compact = tmp_path / "compact.json"
    ours.save(str(compact), pretty=False)
    assert Tokenizer.from_buffer(compact.read_bytes()).to_str() == compact.read_text("utf-8")
    assert_same(hf.Tokenizer.from_file(str(path)).encode(PROBES[0]), again.encode(PROBES[0]))


def test_added_token_ids_in_the_file_are_re_derived_like_hf():
    data = json.loads(_wordpiece().to_str())
    for i, token in enumerate(data["added_tokens"]):
        token["id"] = 1000 + i
    data["added_tokens"].append({"id": 7, "content": "fresh", "single_word": False,
                                 "lstrip": False, "rstrip": False, "normalized": True,
                                 "special": False})
    text = json.dumps(data)
    ours, theirs = Tokenizer.from_str(text), hf.Tokenizer.from_str(text)
    assert ours.get_vocab() == theirs.get_vocab()
    assert ours.to_str() == theirs.to_str()


def test_optional_top_level_keys_may_be_missing():
    data = json.loads(_byte_level().to_str())
    for key in ("version", "truncation", "padding", "added_tokens", "normalizer",
                "pre_tokenizer", "post_processor", "decoder"):
        reduced = {k: v for k, v in data.items() if k != key}
        text = json.dumps(reduced)
        assert Tokenizer.from_str(text).to_str() == hf.Tokenizer.from_str(text).to_str()


def test_old_merges_format_and_untyped_model():
    data = json.loads(_classic_bpe().to_str())
    data["model"]["merges"] = [" ".join(m) for m in data["model"]["merges"]]
    del data["model"]["type"]
    text = json.dumps(data)
    ours, theirs = Tokenizer.from_str(text), hf.Tokenizer.from_str(text)
    assert ours.to_str() == theirs.to_str()
    check_encode(theirs, ours, "Hello héllo")


# ------------------------------------------------------------------ JSON writer
@pytest.mark.parametrize("value", [0.00001, 1e-7, -1.5e-7, 0.0001, 123.0, 1e16, 1.234e17, -2.5,
                                   0.1, 1e15, 5e-324, -0.0, 0.0, 1e21, 123456789.0, 1 / 3])
def test_floats_are_written_like_serde_json(value):
    tok = hf.Tokenizer(hf.models.Unigram([("<unk>", value)], 0, False))
    written = json.loads(tok.to_str())["model"]["vocab"][0][1]
    text = tok.to_str()
    assert format_float(value) in text and float(format_float(value)) == written == value


def test_writer_layout_and_escapes():
    data = {"a": [], "b": {}, "c": [1, [2, {"d": None}]], "é\n\"\\\x01\x7f": True, "f": False}
    for pretty, indent in ((False, None), (True, 2)):
        expected = json.dumps(data, ensure_ascii=False, indent=indent,
                              separators=(",", ": ") if pretty else (",", ":"))
        assert dumps(data, pretty) == expected
    assert dumps(float("nan")) == "null"
    with pytest.raises(TypeError):
        dumps({"x": object()})


# ------------------------------------------------------------------ broken files
def _valid() -> dict:
    return json.loads(_wordpiece().to_str())


def _mutated(path: list, value) -> str:
    data = _valid()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(data)


BROKEN = [
    ("", "empty"),
    ("   ", "empty"),
    ("[]", "JSON object"),
    ('"tokenizer"', "JSON object"),
    ("{", "malformed JSON at line 1 column 2"),
    ('{"version": "1.0",', "malformed JSON"),
    ("{'version': '1.0'}", "malformed JSON"),
    ("[" * 100000, "malformed JSON"),
    (_mutated(["version"], "2.0"), "Unknown tokenizer version '2.0'"),
    (_mutated(["model"], KeyError), "no model"),
    (_mutated(["model"], None), "no model"),
    (_mutated(["model"], []), "model must be a JSON object"),
    (_mutated(["model", "type"], "Magic"), "unsupported model type 'Magic'"),
    (_mutated(["normalizer", "type"], "Fancy"), "unsupported normalizer type 'Fancy'"),
    (_mutated(["pre_tokenizer"], {"type": "Nope"}), "unsupported pre-tokenizer type 'Nope'"),
    (_mutated(["post_processor"], {"type": "X"}), "unsupported post-processor type 'X'"),
    (_mutated(["decoder"], {}), "unsupported decoder type None"),
    (_mutated(["added_tokens"], {}), "added_tokens must be an array"),
    (_mutated(["added_tokens"], None), None),
    (_mutated(["added_tokens", 0], "[MASK]"), r"added_tokens\[0\] must be an object"),
    (_mutated(["added_tokens", 0, "special"], KeyError), r"added_tokens\[0\] has no 'special'"),
    (_mutated(["added_tokens", 1, "id"], "7"), r"added_tokens\[1\].id must be an integer"),
    (_mutated(["added_tokens", 1, "id"], -1), "non-negative"),
    (_mutated(["added_tokens", 1, "lstrip"], 1), "true or false"),
    (_mutated(["truncation", "strategy"], "Sideways"), "invalid truncation"),
    (_mutated(["truncation", "max_length"], KeyError), "truncation has no 'max_length'"),
    (_mutated(["truncation"], 5), "invalid truncation"),
    (_mutated(["padding", "strategy"], {"Fixed": -3}), "invalid padding"),
    (_mutated(["padding", "strategy"], "Shortest"), "invalid padding"),
    (_mutated(["padding", "pad_token"], 0), "invalid padding"),
    (_mutated(["model", "vocab"], "oops"), "WordPiece"),
    (_mutated(["post_processor", "single"], KeyError), "TemplateProcessing"),
    ('{"model": {"type": "WordLevel", "vocab": {"\\ud800": 0}, "unk_token": null}}',
     "unpaired surrogate"),
]


@pytest.mark.parametrize("text,message", BROKEN)
def test_broken_json_raises_a_one_line_tokenizer_file_error(text, message):
    if message is None:
        # HF rejects a null added_tokens; we accept it as "none"
        Tokenizer.from_str(text)
        return
    with pytest.raises(TokenizerFileError, match=message) as info:
        Tokenizer.from_str(text)
    assert "\n" not in str(info.value)


def test_unknown_component_error_names_it():
    with pytest.raises(UnsupportedComponentError) as info:
        Tokenizer.from_str(_mutated(["model", "type"], "Magic"))
    assert info.value.type_name == "Magic" and info.value.kind == "model"


def test_file_errors(tmp_path):
    with pytest.raises(TokenizerFileError, match="not found"):
        Tokenizer.from_file(tmp_path / "missing.json")
    with pytest.raises(TokenizerFileError, match="not a file"):
        Tokenizer.from_file(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"model": "é"}'.encode("latin-1"))
    with pytest.raises(TokenizerFileError, match="not UTF-8"):
        Tokenizer.from_file(bad)
    text = _wordpiece().to_str(pretty=True)
    for cut in (1, len(text) // 3, len(text) - 2):
        truncated = tmp_path / f"cut{cut}.json"
        truncated.write_text(text[:cut], encoding="utf-8")
        with pytest.raises(TokenizerFileError, match="malformed JSON"):
            Tokenizer.from_file(truncated)
    with pytest.raises(TokenizerFileError, match="cannot write"):
        Tokenizer.from_str(text).save(tmp_path / "no" / "such" / "dir.json")
    with pytest.raises(TypeError):
        Tokenizer.from_str(b"{}")


JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 2**40), st.floats(allow_nan=False),
    st.text(max_size=4), st.just([]), st.just({}), st.just(["a", 1]), st.just({"type": "BPE"}),
    st.just([["a", "b"]]), st.just({"a": 1}),
)


def _paths(data, prefix=()):
    yield list(prefix)
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:3]):
            yield from _paths(value, (*prefix, i))


@pytest.fixture(scope="module")
def valid_files():
    return [json.loads(make().to_str()) for make in PIPELINES.values()]


def _mutate_and_load(data, original: dict, allowed) -> None:
    mutated = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(mutated) if p and allowed(p)]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        target = mutated
        for key in path[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            del target[path[-1]]
        else:
            target[path[-1]] = copy.deepcopy(data.draw(JSON_VALUES))  # st.just() shares objects
    try:
        tok = Tokenizer.from_str(json.dumps(mutated))
    except TokenizerFileError as exc:
        assert "\n" not in str(exc)
        return
    tok.to_str()  # whatever loads must serialize, encode and decode (or say why not)
    try:
        for text in ("Hello wörld 12 ", "", "日本"):
            tok.decode(tok.encode(text, "pair").ids, skip_special_tokens=False)
    except SubwordError:
        pass


# Inside normalizer / pre-tokenizer / decoder objects the other component modules decide.
_THEIR_SUBTREES = ("normalizer", "pre_tokenizer", "decoder")


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_files_never_raise_bare_python_errors(valid_files, data):
    original = data.draw(st.sampled_from(valid_files))
    _mutate_and_load(data, original, lambda p: p[0] not in _THEIR_SUBTREES or len(p) == 1)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_components_never_raise_bare_python_errors(valid_files, data):
    original = data.draw(st.sampled_from(valid_files))
    _mutate_and_load(data, original, lambda p: p[0] in _THEIR_SUBTREES)


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(0, 10_000), junk=st.binary(max_size=8))
def test_truncated_or_corrupted_text_is_a_tokenizer_file_error(cut, junk):
    text = _wordpiece().to_str(pretty=True)
    cut = cut % len(text)
    for candidate in (text[:cut], text[:cut] + junk.decode("latin-1") + text[cut:]):
        try:
            Tokenizer.from_str(candidate)
        except TokenizerFileError:
            pass


# ------------------------------------------------------------------ atomic writes
def test_atomic_write_replaces_and_keeps_permissions(tmp_path):
    path = tmp_path / "f.txt"
    fileio.atomic_write_text(path, "one")
    os.chmod(path, 0o640)
    fileio.atomic_write_text(path, "two ☃")
    assert path.read_text(encoding="utf-8") == "two ☃"
    assert (os.stat(path).st_mode & 0o777) == 0o640
    fileio.atomic_write_bytes(str(path), b"\x00\xff")
    assert path.read_bytes() == b"\x00\xff"
    assert sorted(os.listdir(tmp_path)) == ["f.txt"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_atomic_write_failure_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch, failing):
    path = tmp_path / "tokenizer.json"
    path.write_text("old", encoding="utf-8")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, failing, boom)
    with pytest.raises(OSError):
        fileio.atomic_write_text(path, "new")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["tokenizer.json"]
    tok = Tokenizer.from_str(_wordpiece().to_str())
    monkeypatch.setattr(fileio.os, failing, boom)
    with pytest.raises(TokenizerFileError, match="No space left"):
        tok.save(path)
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["tokenizer.json"]


# ------------------------------------------------------------------ load time
def synthetic_byte_level_bpe(vocab_size: int, seed: int = 0):
    """A valid byte-level BPE of ``vocab_size`` tokens, built and serialized by HF."""
    rng = random.Random(seed)
    tokens = sorted(hf.pre_tokenizers.ByteLevel.alphabet())
    vocab = {c: i for i, c in enumerate(tokens)}
    merges = []
    while len(vocab) < vocab_size:
        # Mostly extend early (short, frequent) tokens so the vocabulary stays realistic.
        if rng.random() < 0.7:
            left = tokens[min(int(rng.expovariate(1 / 3000)), len(tokens) - 1)]
        else:
            left = rng.choice(tokens)
        right = rng.choice(tokens[:2000])
        if left + right in vocab or len(left + right) > 16:
            continue
        vocab[left + right] = len(vocab)
        tokens.append(left + right)
        merges.append((left, right))
    tok = hf.Tokenizer(hf.models.BPE(vocab, merges))
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = hf.decoders.ByteLevel()
    tok.post_processor = hf.processors.ByteLevel(trim_offsets=True)
    tok.add_special_tokens([f"<|reserved_special_token_{i}|>" for i in range(256)])
    return tok


def _check_load_time(tmp_path, vocab_size: int, budget: float) -> None:
    hf_tok = synthetic_byte_level_bpe(vocab_size)
    path = tmp_path / "big.json"
    hf_tok.save(str(path))
    start = time.perf_counter()
    reference = hf.Tokenizer.from_file(str(path))
    hf_elapsed = time.perf_counter() - start
    start = time.perf_counter()
    ours = Tokenizer.from_file(path)
    elapsed = time.perf_counter() - start
    size_mb = os.path.getsize(path) / 1e6
    print(f"\nloaded {vocab_size} tokens, {size_mb:.1f} MB in {elapsed:.2f} s (HF {hf_elapsed:.2f} s)")
    # On a busy machine both slow down: scale the budget by HF's own time on this file.
    assert elapsed < max(budget, 10 * hf_elapsed)
    text = "Ġhello wörld, <|reserved_special_token_3|> 12345 " * 20
    check_encode(reference, ours, text)


def test_load_time_32k(tmp_path):
    _check_load_time(tmp_path, 32_768, budget=2.0)


@pytest.mark.slow
def test_load_time_128k(tmp_path):
    _check_load_time(tmp_path, 128_256, budget=2.0)


def test_deeply_nested_components_are_a_tokenizer_file_error():
    processor = {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                 "use_regex": True}
    for _ in range(450):
        processor = {"type": "Sequence", "processors": [processor]}
    data = {"model": {"type": "WordLevel", "vocab": {"a": 0}, "unk_token": "a"},
            "post_processor": processor}
    with pytest.raises(TokenizerFileError, match="nested too deeply"):
        Tokenizer.from_str(json.dumps(data))


def test_atomic_write_retries_a_taken_temp_name(tmp_path, monkeypatch):
    names = iter(["same", "same", "other"])
    monkeypatch.setattr(fileio.secrets, "token_hex", lambda n: next(names))
    fileio.atomic_write_text(tmp_path / "a.txt", "1")
    (tmp_path / ".b.txt.same.tmp").write_text("squatter")
    fileio.atomic_write_text(tmp_path / "b.txt", "2")
    assert (tmp_path / "b.txt").read_text() == "2"
    assert sorted(os.listdir(tmp_path)) == [".b.txt.same.tmp", "a.txt", "b.txt"]


def test_a_cut_file_says_where_it_ends_in_one_complete_line(tmp_path):
    """Python's "Unterminated string starting at" names no place; ours does, one line."""
    from subword_core.formats import open_tokenizer

    text = _wordpiece().to_str(pretty=True)
    cuts = sorted({*range(1, len(text) - 1, max(1, len(text) // 40)), text.index('"[UNK]"') + 3})
    for cut in cuts:
        path = tmp_path / "tokenizer.json"
        path.write_text(text[:cut], encoding="utf-8")
        for opening in (lambda: Tokenizer.from_str(text[:cut]), lambda: open_tokenizer(path)):
            with pytest.raises(TokenizerFileError) as info:
                opening()
            message = str(info.value)
            assert "\n" not in message and not message.endswith((" at", ":")), message
            assert re.search(r"malformed JSON at line \d+ column \d+: unexpected end of file",
                             message), message
    path.write_text('{\n  "version": "1.0",\n  "model": {"vocab": {"ab', encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"at line 3 column 26: unexpected end of file "
                       r"inside the string that starts at line 3 column 23$"):
        open_tokenizer(path)


@pytest.mark.parametrize(("text", "message"), [
    ('{"a": "b"} x', "malformed JSON at line 1 column 12: Extra data"),
    ('{"a": tru, "b": 1}', "malformed JSON at line 1 column 7: Expecting value"),
    ('{"a": nu', "malformed JSON at line 1 column 9: unexpected end of file"),
    ('{"a": "b\nc"}', "malformed JSON at line 1 column 9: a control character (a raw tab or "
                      "line break) inside a string"),
])
def test_malformed_json_in_the_middle_is_not_taken_for_a_cut(text, message):
    with pytest.raises(TokenizerFileError) as info:
        Tokenizer.from_str(text)
    assert str(info.value) == message
