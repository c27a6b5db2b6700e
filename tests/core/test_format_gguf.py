"""llama.cpp's ``.gguf`` files: the ids llama.cpp's own vocabulary tests expect.

The reference is llama.cpp's ``test-tokenizer-0`` (vendored by llama-cpp-python 0.3.36, fetched
by ``scripts/fetch_references.py``): each ``models/ggml-vocab-NAME.gguf`` with a ``.gguf.inp``
(texts, each followed by a line ``__ggml_vocab_test__``) and a ``.gguf.out`` (one line of ids per
text). llama.cpp runs every such file in its CI (``tests/CMakeLists.txt``) with
``add_special=false, parse_special=false``; here each text must give exactly the same ids.

UGM (T5-style) has no vocab test file there, so a UGM ``.gguf`` is written from
sentencepiece's own Unigram test models (with the ``gguf`` package's writer) and compared
with the ``sentencepiece`` library, the reference llama.cpp's UGM follows.
"""

from __future__ import annotations

import pickle
import sys
from hashlib import sha256
from pathlib import Path

import pytest

from reference_files import reference_dir, reference_file
from subword_core.errors import SubwordError, TokenizerFileError
from subword_core.formats import detect_format, open_tokenizer
from subword_core.formats.gguf import PRE_TYPES, UNSUPPORTED_PRE, read_gguf
from subword_core.formats.llama_pre_hash import CHKTXT, PRE_HASHES, pre_name, pre_tokenizer_hash
from subword_core.formats.sniffing import sniff_tokenizer_file

gguf = pytest.importorskip("gguf")

#: The vocab files llama.cpp's CI tokenizes (tests/CMakeLists.txt, test-tokenizer-0).
LLAMA_CPP_TESTED = ("bert-bge", "command-r", "deepseek-coder", "deepseek-llm", "falcon",
                    "gemma-4", "gpt-2", "llama-bpe", "llama-spm", "mpt", "phi-3", "qwen2",
                    "qwen35", "refact", "starcoder")
SEPARATOR = "\n__ggml_vocab_test__\n"


def vocab_path(name: str) -> Path:
    return reference_file("llama.cpp", f"ggml-vocab-{name}.gguf")


def vocab_tests(path: Path) -> list[tuple[str, list[int]]]:
    """``read_tests`` of test-tokenizer-0.cpp: texts split on the marker, one line of ids each."""
    raw = Path(f"{path}.inp").read_text(encoding="utf-8")
    texts, pos = [], 0
    while pos < len(raw):
        cut = raw.find(SEPARATOR, pos)
        if cut < 0:
            texts.append(raw[pos:])
            break
        texts.append(raw[pos:cut])
        pos = cut + len(SEPARATOR)
    lines = Path(f"{path}.out").read_text(encoding="utf-8").split("\n")
    assert len(lines) >= len(texts)
    return [(text, [int(i) for i in line.split()]) for text, line in zip(texts, lines)]


@pytest.fixture(scope="module")
def opened():
    cache: dict[str, object] = {}

    def get(name: str):
        if name not in cache:
            cache[name] = open_tokenizer(vocab_path(name))
        return cache[name]

    return get


@pytest.mark.parametrize("name", LLAMA_CPP_TESTED)
def test_vocab_file_gives_llama_cpps_ids(name, opened):
    tokenizer = opened(name)
    tests = vocab_tests(vocab_path(name))
    assert len(tests) >= 40
    wrong = [(text, got, want) for text, want in tests
             if (got := tokenizer.encode(text, add_special_tokens=False).ids) != want]
    assert not wrong, f"{len(wrong)} of {len(tests)} texts differ; first: {wrong[0]!r}"


def test_every_vocab_test_file_is_covered():
    folder = reference_dir("llama.cpp")
    with_tests = {p.name[len("ggml-vocab-"):-len(".gguf.inp")]
                  for p in folder.glob("ggml-vocab-*.gguf.inp")}
    assert with_tests == set(LLAMA_CPP_TESTED)


def test_what_the_file_says(opened):
    spm = opened("llama-spm")
    assert spm.source.format == "gguf"
    assert "GGUF SPM tokenizer (model 'llama')" in spm.source.description
    assert spm.encode("Hello world").ids[0] == 1  # add_bos_token: <s>
    assert spm.decode(spm.encode("Hello world").ids, skip_special_tokens=True) == "Hello world"
    bpe = opened("llama-bpe")
    assert "pre 'llama-bpe'" in bpe.source.description
    assert bpe.encode("Hello").ids == [128000, 9906]  # llama.cpp's add_bos default for llama3
    assert bpe.decode(bpe.encode(" Hello  world\n").ids[1:]) == " Hello  world\n"
    assert "chat template" in opened("phi-3").source.description
    assert "chat template" not in spm.source.description
    # Gemma 4's general.name is a commit hash, not a name
    assert opened("gemma-4").source.description.startswith("GGUF BPE tokenizer (model 'gemma4'")


def test_special_tokens_match_in_text_and_user_defined_ones_too(opened):
    qwen = opened("qwen2")
    ids = qwen.encode("<|im_start|>user", add_special_tokens=False).ids
    assert ids[0] == qwen.token_to_id("<|im_start|>")
    mpt = opened("mpt")  # its user-defined tokens are runs of spaces
    assert mpt.encode("a" + " " * 24 + "b", add_special_tokens=False).tokens[1] == " " * 24


def test_encode_special_tokens_is_llama_cpps_parse_special_false(opened):
    # llama.cpp's vocab tests tokenize with parse_special=false: control tokens are text,
    # user-defined ones are still matched (tokenizer_st_partition)
    qwen = opened("qwen2")
    text = "<|im_start|>user [PAD151646]"
    matched = qwen.encode(text, add_special_tokens=False).ids
    qwen.encode_special_tokens = True
    try:
        as_text = qwen.encode(text, add_special_tokens=False).ids
    finally:
        qwen.encode_special_tokens = False
    assert matched[0] == qwen.token_to_id("<|im_start|>") not in as_text
    assert qwen.token_to_id("[PAD151646]") in as_text
    assert as_text[:5] == [27, 91, 318, 4906, 91]  # "<", "|", "im", "_start", "|"


def test_pickles_for_the_window_process_pool(opened):
    tokenizer = opened("deepseek-coder")
    again = pickle.loads(pickle.dumps(tokenizer))
    text = "def f(x):\n    return 123 + x  # 数字"
    assert again.encode(text).ids == tokenizer.encode(text).ids


def test_format_detection_by_content_and_name(tmp_path):
    source = vocab_path("bert-bge")
    renamed = tmp_path / "vocab.bin"
    renamed.write_bytes(source.read_bytes())
    assert detect_format(source) == "gguf"
    assert detect_format(renamed) == "gguf"
    assert sniff_tokenizer_file(renamed) == "gguf"
    assert open_tokenizer(renamed).encode("hello world", add_special_tokens=False).ids == \
        [7592, 2088]


# ---------------------------------------------------------------- UGM against sentencepiece
UGM_TEXTS = ["Hello world", "  leading  and   trailing  ",
             "In 1994, 12,345.678 people paid $1,000,000.", "ﬁnance Ｈｅｌｌｏ ①②",
             "naïve café", "tab\there\nnew line", "日本語のテキストです。", "", " ",
             "xxxxxxxxxx", "Ünïcödé ß", "zzz⌘qqq"]


@pytest.mark.parametrize("model", ["botchan_en_unigram_1000.model",
                                   "kyoto_ja_unigram_8000.model"])
def test_ugm_matches_sentencepiece(model, tmp_path):
    spm = pytest.importorskip("sentencepiece")
    from subword_core.formats.sentencepiece import parse_model

    path = reference_file("sentencepiece", model)
    proto = parse_model(path.read_bytes())
    out = tmp_path / "t5.gguf"
    write_gguf(out, "t5", tokens=proto.pieces, types=proto.types, scores=proto.scores,
               extra=lambda w: (w.add_add_space_prefix(proto.add_dummy_prefix),
                                w.add_remove_extra_whitespaces(proto.remove_extra_whitespaces),
                                w.add_precompiled_charsmap(proto.precompiled_charsmap),
                                w.add_unk_token_id(proto.unk_id)))
    tokenizer = open_tokenizer(out)
    reference = spm.SentencePieceProcessor(model_file=str(path))
    from test_format_tiktoken import TEXTS as PROBES  # code, tabs, newlines, space runs...

    for text in [*UGM_TEXTS, *PROBES.values()]:
        assert tokenizer.encode(text, add_special_tokens=False).ids == reference.encode(text), text
    # UGM adds an eos by default; the file names none, so llama.cpp's default id 1 is used
    assert tokenizer.encode("Hello").ids[-1] == 1


# ---------------------------------------------------------------- bad input
def write_gguf(path: Path, model: str | None = None, pre: str | None = None,
               tokens: list[str] | None = None, types: list[int] | None = None,
               scores: list[float] | None = None, merges: list[str] | None = None,
               extra=None) -> Path:
    """A GGUF file with only metadata, written by the gguf package (as llama.cpp's converter)."""
    writer = gguf.GGUFWriter(str(path), "llama")
    if model is not None:
        writer.add_tokenizer_model(model)
    if pre is not None:
        writer.add_tokenizer_pre(pre)
    if tokens is not None:
        writer.add_token_list(tokens)
    if types is not None:
        writer.add_token_types(types)
    if scores is not None:
        writer.add_token_scores(scores)
    if merges is not None:
        writer.add_token_merges(merges)
    if extra is not None:
        extra(writer)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def one_line_error(path: Path) -> str:
    with pytest.raises(TokenizerFileError) as caught:
        open_tokenizer(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_small_bpe_file_opens(tmp_path):
    path = write_gguf(tmp_path / "small.gguf", "gpt2", "gpt-2", ["a", "b", "ab", "Ġ", "Ġab"],
                      [1] * 5, merges=["a b", "Ġ ab"])
    assert open_tokenizer(path).encode("ab ab").tokens == ["ab", "Ġab"]


def test_merges_rank_as_llama_cpp_ranks_them(tmp_path):
    # a repeated pair keeps its first rank (llama.cpp's bpe_ranks.emplace); a merge that makes
    # no token is left out instead of failing the file
    path = write_gguf(tmp_path / "ranks.gguf", "gpt2", "gpt-2", ["a", "b", "c", "ab", "bc"],
                      [1] * 5, merges=["b c", "a b", "b c", "a c"])
    assert open_tokenizer(path).encode("abc").tokens == ["a", "bc"]


@pytest.mark.parametrize("pre", ["kimi-k2", "no-such-pre"])
def test_unsupported_pre_type_is_named(tmp_path, pre):
    path = write_gguf(tmp_path / "pre.gguf", "gpt2", pre, ["a", "b", "ab"], [1, 1, 1],
                      merges=["a b"])
    assert f"pre-tokenizer '{pre}'" in one_line_error(path)


def test_unsupported_model_is_named(tmp_path):
    path = write_gguf(tmp_path / "rwkv.gguf", "rwkv", None, ["a", "b"], [1, 1])
    assert "'rwkv'" in one_line_error(path)


def test_gguf_without_tokenizer(tmp_path):
    assert "has no tokenizer" in one_line_error(write_gguf(tmp_path / "bare.gguf"))


def test_truncated_gguf(tmp_path):
    data = vocab_path("gpt-2").read_bytes()
    for size in (10, 200, len(data) // 2):
        path = tmp_path / f"cut{size}.gguf"
        path.write_bytes(data[:size])
        assert "cut short" in one_line_error(path)


@pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n" + bytes(64), b"hello world\n" * 10,
                                     b"GGUF\x07\x00\x00\x00" + bytes(32)])
def test_foreign_file_named_gguf(tmp_path, content):
    path = tmp_path / "model.gguf"
    path.write_bytes(content)
    message = one_line_error(path)
    assert "not a GGUF file" in message or "version 7" in message


def test_without_the_gguf_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "gguf", None)  # import gguf now raises ImportError
    with pytest.raises(SubwordError, match=r"pip install 'subword-explorer\[gguf\]'"):
        read_gguf(vocab_path("gpt-2"))


def test_every_pre_name_is_supported_or_named():
    assert not set(PRE_TYPES) & set(UNSUPPORTED_PRE)
    # the two left are BERT (WPM) models' names, which llama.cpp's BPE table does not have
    assert set(PRE_HASHES.values()) - set(PRE_TYPES) - set(UNSUPPORTED_PRE) == {
        "bert-bge-large", "jina-v2-en"}


# ---------------------------------------------------------------- llama.cpp's pre hash
def test_check_text_hash_of_gguf_tokenizers(opened):
    """The pre-tokenizer a GGUF file names is the one its hash maps to in llama.cpp's table."""
    for name in ("gpt-2", "llama-bpe", "qwen2", "falcon", "starcoder", "refact", "command-r",
                 "deepseek-coder", "deepseek-llm"):
        assert pre_name(pre_tokenizer_hash(opened(name))) == name


@pytest.mark.parametrize("model, expected", [("llama-3.2", "llama-bpe"), ("gpt2", "gpt-2")])
def test_pre_hash_as_convert_hf_to_gguf_computes_it(model, expected):
    hf = pytest.importorskip("tokenizers")
    from subword_core.tokenizer import Tokenizer
    from wild_sources import MODELS

    text = next(m for m in MODELS if m.name == model).build()
    want = sha256(str(hf.Tokenizer.from_str(text).encode(CHKTXT).ids).encode()).hexdigest()
    assert pre_tokenizer_hash(Tokenizer.from_str(text)) == want
    assert pre_name(want) == expected


def test_subword_info_on_a_gguf_file(capsys):
    from cli_runner import cli

    code, out, _ = cli(capsys, "info", str(vocab_path("llama-bpe")))
    assert code == 0
    assert "format:         gguf" in out
    assert "gguf model:     gpt2 (BPE)" in out and "gguf pre:       llama-bpe" in out
    assert "chat template:  no" in out
    # llama.cpp's split has no JSON form
    assert "pre-tokenizer:  Sequence (no tokenizer.json form)" in out
    assert "llama pre hash: 0ef9807a4087ebef797fc749390439009c3b9eda9ad1a097abbe738f486c01e5 " \
           "(llama-bpe)" in out
    code, out, _ = cli(capsys, "info", str(vocab_path("phi-3")))
    assert "chat template:  yes (" in out and "gguf pre:       -" in out
    assert "(not in llama.cpp's table)" in out  # SPM: llama.cpp hashes BPE models only


# ---------------------------------------------------------------- the splits themselves
#: What llama.cpp's ``unicode_regex_split`` (src/unicode.cpp of the vendored source, compiled
#: with a small harness) gives for :data:`SPLIT_TEXT`, for each distinct regex list of
#: :data:`PRE_TYPES` (named by its first name). The quirks are llama.cpp's: its collapsed
#: categories, its hand-written splitters, Unicode 15.1.
SPLIT_TEXT = "I'M  a$b 12345 \xbd\xb2 na\xefve e\u0301 \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8 \ud55c\uad6d\uc5b4, x\xa0y\u3000z\x85w \r\n\n  \U0001f642!!  "
LLAMA_CPP_SPLITS = {
    'default': ['I', "'", 'M', ' ', ' a', '$', 'b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642', '!!', '  '],
    'llama3': ['I', "'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'deepseek-llm': ['I', "'", 'M', ' ', ' a', '$', 'b', ' ', '12345', ' ', '\xbd\xb2', ' na', '\xef', 've', ' e', '\u0301 ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' ', '\ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' ', '\r', '\n', '\n', '  \U0001f642', '!!', '  '],
    'deepseek-v3': ['I', "'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'deepseek-coder': ['I', "'", 'M', ' ', ' a', '$', 'b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' ', '\ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' ', '\r', '\n', '\n', '  \U0001f642', '!!', '  '],
    'falcon': ['I', "'", 'M', ' ', ' a', '$', 'b', ' ', '123', '45', ' \xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642', '!!', '  '],
    'starcoder': ['I', "'", 'M', ' ', ' a', '$', 'b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642!!', '  '],
    'gpt-2': ['I', "'", 'M', ' ', ' a', '$', 'b', ' 12345', ' \xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642!!', '  '],
    'qwen2': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'qwen35': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'poro-chat': ["I'M", ' ', ' a$b', ' 12345', ' \xbd\xb2', ' na\xefve', ' e\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642', '!!  '],
    'viking': ["I'M", ' ', ' a$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n ', ' \U0001f642', '!!  '],
    'seed-coder': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'ufakzeka': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'bailingmoe': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'gemma4': ["I'M  a$b 12345 \xbd\xb2 na\xefve e\u0301 \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8 \ud55c\uad6d\uc5b4, x\xa0y\u3000z\x85w \r", '\n\n', '  \U0001f642!!  '],
    'whitespace': ["I'M", '  ', 'a$b', ' ', '12345', ' ', '\xbd\xb2', ' ', 'na\xefve', ' ', 'e\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' ', '\ud55c\uad6d\uc5b4,', ' ', 'x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r\n\n  ', '\U0001f642!!', '  '],
    'tekken': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'gpt-4o': ["I'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'granite-embed-multi-97m': ["I'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'youtu': ["I'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' ', '\ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'spark2_5': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n ', ' \U0001f642!!', '  '],
    'jais-2': ['I', "'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'laguna': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r', '\n\n', ' ', ' \U0001f642!!', '  '],
    'exaone-moe': ['I', "'M", ' ', ' a', '$b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve e\u0301 \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8 \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'chameleon': ['I', "'", 'M', '  ', 'a', '$', 'b', ' ', '1', '2', '3', '4', '5', ' ', '\xbd', '\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0', 'y', '\u3000', 'z', '\x85', 'w', ' \r', '\n', '\n', '  ', '\U0001f642', '!', '!', '  '],
    'minicpm5': ['I', "'M", ' ', ' a', '$b', ' ', '123', '45', ' ', '\xbd\xb2', ' na\xefve', ' e', '\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'superbpe': ["I'M  a$b ", '12', '', '345', ' ', '\xbd\xb2', ' na\xefve e\u0301 \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8 \ud55c\uad6d\uc5b4, x\xa0y\u3000z\x85w \r\n\n  \U0001f642!!  '],
    'afmoe': ['I', "'M", ' ', ' a', '$b', ' ', '12', '345', ' ', '\xbd\xb2', ' na\xefve', ' e\u0301', ' ', '\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' ', '\ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
    'tiny_aya': ["I'M", ' ', ' a', '$b', ' ', '12', '345', ' ', '\xbd\xb2', ' na\xefve', ' e\u0301', ' \u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8', ' \ud55c\uad6d\uc5b4', ',', ' x', '\xa0y', '\u3000z', '\x85w', ' \r\n\n', ' ', ' \U0001f642!!', '  '],
}


@pytest.mark.parametrize("pre", sorted(LLAMA_CPP_SPLITS))
def test_split_is_llama_cpps(pre):
    from subword_core.formats.gguf import LlamaCppSplit

    pieces = [piece for piece, _ in LlamaCppSplit(pre).pre_tokenize_str(SPLIT_TEXT)]
    # llama.cpp also keeps the empty matches of superbpe's lookahead: they make no tokens
    assert pieces == [piece for piece in LLAMA_CPP_SPLITS[pre] if piece]


def test_every_regex_list_has_a_recorded_split():
    firsts = {}
    for name, pre in PRE_TYPES.items():
        firsts.setdefault(pre.regexes, name)
    assert set(firsts.values()) == set(LLAMA_CPP_SPLITS)


def test_categories_are_llama_cpps_unicode_15_1():
    from subword_core.formats import _llama_split as s

    # unassigned in Python 3.11's Unicode 14, assigned in llama.cpp's table (unicode-data.cpp)
    assert [s.category(cp) for cp in (0x0CF3, 0x1FA75, 0x31350, 0x11F50, 0x11F43, 0x13439)] == \
        [s.MARK, s.SYMBOL, s.LETTER, s.NUMBER, s.PUNCTUATION, s.CONTROL]
    assert s.category(0x0378) == s.UNDEFINED and s.category(ord("a")) == s.LETTER


@pytest.mark.parametrize("name", ["llama-spm", "bert-bge"])
def test_spm_and_wpm_save_as_tokenizer_json_that_hf_reads_alike(name, opened, tmp_path):
    hf = pytest.importorskip("tokenizers")
    out = tmp_path / "tokenizer.json"
    opened(name).save(str(out))
    theirs = hf.Tokenizer.from_file(str(out))
    for text, want in vocab_tests(vocab_path(name)):
        assert theirs.encode(text, add_special_tokens=False).ids == want, text


def test_wpm_has_no_word_length_limit(opened):
    # llama.cpp's WPM matches pieces in a word of any length (BERT's limit is 100 characters)
    bert = opened("bert-bge")
    assert bert.token_to_id("[UNK]") not in bert.encode("ab" * 80, add_special_tokens=False).ids


def test_a_bpe_gguf_says_why_it_has_no_tokenizer_json(opened, tmp_path):
    with pytest.raises(TokenizerFileError, match="llama.cpp's 'gpt-2' pre-tokenization"):
        opened("gpt-2").save(str(tmp_path / "tokenizer.json"))
