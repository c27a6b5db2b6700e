"""Open SentencePiece ``.model`` files (Unigram and BPE): :func:`read_sentencepiece`.

A ``.model`` file is a protobuf ``ModelProto`` (google/sentencepiece,
``src/sentencepiece_model.proto``): the pieces with their scores and types, the
trainer's settings (model type, special ids, byte fallback...) and the normalizer's
(``precompiled_charsmap``, ``add_dummy_prefix``...). It is read with the ``protobuf``
library through a description of the few fields we need, built here (no generated
``_pb2`` module, no ``sentencepiece`` package).

By default (flavor ``sentencepiece``) the tokenizer encodes exactly as the
``sentencepiece`` library does (``SentencePieceProcessor.encode``: same ids, same pieces,
its offsets): the file's own normalizer over the whole text
(:class:`~subword_core.normalizers.SentencePieceNormalizer`) and its own BPE or Unigram
encoder (:mod:`subword_core.models.sentencepiece`); no pre-tokenizer, no added tokens (the
library spells ``<s>`` typed in text as characters), ``add_bos`` / ``add_eos`` options.
Unknown characters become the unknown id, a run of them one piece holding their text, or
``<0xNN>`` pieces with byte fallback: no text disappears. HF ``tokenizers`` cannot express
this pipeline, so it cannot be saved as ``tokenizer.json``, and no trainer retrains it
"like" the file; an HF flavor does both.

The other flavors build the tokenizer ``transformers`` 5 builds from that file, so that
encodings (ids, tokens, offsets, word ids) match HF ``tokenizers`` exactly (a folder with a
``tokenizer_config.json`` picks one by its ``tokenizer_class``; :func:`hf_flavor` names the
one that fits a bare file):

================  =====  ==================================================================
flavor            model  what ``transformers`` builds
================  =====  ==================================================================
``llama``         BPE    ``LlamaTokenizer`` (legacy=False), the default for BPE: no
                         normalizer, ``Metaspace(prepend_scheme="first", split=False)``,
                         BPE without unk token but with byte fallback, merges in piece
                         order; ``<s>`` prepended (``add_bos_token``)
``llama-legacy``  BPE    the legacy ``LlamaConverter`` (the layout of the hub's Llama 2 /
                         Mistral 7B v0.1 files): ``Prepend("▁")`` + ``Replace(" ", "▁")``
                         normalizer, no pre-tokenizer, merges ranked by piece score
``t5``            Uni.   ``T5Tokenizer``, the default for Unigram: ``Precompiled``;
                         ``WhitespaceSplit`` + ``Metaspace``; unk id 2; 100 ``<extra_id_N>``
                         sentinels; ``</s>`` appended
``generic``       both   plain ``SpmConverter``: ``Precompiled`` + ``Strip(right)`` +
                         ``Replace(" {2,}", "▁")``; ``Metaspace``; no post-processor
``xlm-roberta``   Uni.   ``XLMRobertaTokenizer``: fairseq ids (``<s> <pad> </s> <unk>`` first,
                         ``<mask>`` last); ``<s> $A </s>``
``albert``        Uni.   ``AlbertTokenizer``: quotes, NFKD + strip accents, lowercase;
                         unk id 1; ``[CLS] $A [SEP]``
================  =====  ==================================================================

Control pieces become special added tokens and user-defined pieces plain (not special)
ones, both matched in the raw text (``normalized=False``), as ``transformers`` does.

Where HF's pipeline departs from SentencePiece itself (HF is the reference for these
flavors; each opened tokenizer lists in ``Source.notes`` the departures that apply to its
file):

* **Whitespace.** SentencePiece (``remove_extra_whitespaces``) strips spaces at both ends
  and collapses runs of spaces before encoding. ``llama`` / ``llama-legacy`` keep every
  space (a run becomes ``▁▁▁`` pieces); ``t5`` / ``xlm-roberta`` / ``albert`` split on
  all whitespace (``WhitespaceSplit``): tabs and newlines vanish even with the
  ``identity`` rule, where SentencePiece keeps them; ``generic`` strips the right end
  only and turns a run of spaces into one ``▁``.
* **add_dummy_prefix / treat_whitespace_as_suffix** in the file are not read by
  ``transformers``: every flavor prepends ``▁`` (unless ``add_prefix_space=False``) and
  puts ``▁`` in front of words.
* **Byte fallback** is used by the Llama flavors only; the Unigram flavors and
  ``generic`` turn unknown characters into the unknown token instead of ``<0xNN>`` pieces.
* **Normalization.** HF applies the ``precompiled_charsmap`` per grapheme cluster
  (the shortest matching rule wins), SentencePiece by longest match over bytes: they
  can differ on sequences the rules treat specially; HF does not read the
  ``denormalizer_spec``. The Llama flavors apply no normalization at all.
* **Unknown text.** BPE in ``llama`` has no unknown token: characters that neither a
  piece nor byte fallback covers are dropped. ``t5`` uses id 2 as the unknown token
  whatever the file says (T5's own layout ``<pad> </s> <unk>``).
* **Sampling** (``enable_sampling``, BPE dropout) and **piece scores of BPE** are not
  used; the BPE merges are derived from the pieces (``transformers``' ``generate_merges``).

Example:
    >>> opened = read_sentencepiece("tokenizer.model")  # doctest: +SKIP
    >>> opened.source.description  # doctest: +SKIP
    'SentencePiece BPE model, 32,000 pieces (byte fallback)'
    >>> opened.tokenizer.encode("Hello world").tokens  # doctest: +SKIP
    ['▁Hello', '▁world']
    >>> read_sentencepiece("tokenizer.model", flavor="llama").tokenizer.encode(
    ...     "Hello world").tokens  # doctest: +SKIP
    ['<s>', '▁Hello', '▁world']
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .. import decoders, normalizers, pre_tokenizers, processors
from .._util.gc import paused_gc
from ..added_tokens import AddedToken
from ..errors import TokenizerFileError
from ..models import BPE, Unigram
from ..models.bpe import MergeColumns
from ..models.sentencepiece import SentencePieceBPE, SentencePieceUnigram
from ..normalizers import SentencePieceNormalizer
from ..serialization import read_bytes
from ..text.onig import Regex
from ..tokenizer import Tokenizer
from . import Opened, Source

FORMAT = "sentencepiece"
FLAVORS = ("sentencepiece", "llama", "llama-legacy", "t5", "generic", "xlm-roberta", "albert")

# ModelProto.SentencePiece.Type
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
# TrainerSpec.ModelType
UNIGRAM, BPE_TYPE, WORD, CHAR = 1, 2, 3, 4
MODEL_TYPE_NAMES = {UNIGRAM: "Unigram", BPE_TYPE: "BPE", WORD: "WORD", CHAR: "CHAR"}

_SPACE = "▁"  # U+2581, SentencePiece's visible space
_UNK_SURFACE = " \u2047 "  # what sentencepiece decodes its unknown piece to
_DEFAULT_FLAVOR = {UNIGRAM: "t5", BPE_TYPE: "llama"}
_BPE_FLAVORS = ("sentencepiece", "llama", "llama-legacy", "generic")
_UNIGRAM_FLAVORS = ("sentencepiece", "t5", "generic", "xlm-roberta", "albert")
#: The flavor a .model file opens with: the sentencepiece library's own encoding.
DEFAULT_FLAVOR = "sentencepiece"

# Options each flavor accepts (the tokenizer_config.json keys of its transformers class)
# and their defaults. llama's add_bos_token=True is what Llama's and Mistral's configs say.
_OPTIONS: dict[str, dict[str, Any]] = {
    # SentencePieceProcessor.encode's add_bos / add_eos (both off by default)
    "sentencepiece": {"add_bos": False, "add_eos": False},
    "llama": {"add_bos_token": True, "add_eos_token": False, "add_prefix_space": True,
              "unk_token": "<unk>", "bos_token": "<s>", "eos_token": "</s>"},
    "llama-legacy": {"add_bos_token": True, "add_eos_token": False, "add_prefix_space": True},
    "t5": {"extra_ids": 100},
    "generic": {},
    "xlm-roberta": {"add_prefix_space": True},
    "albert": {"do_lower_case": True, "keep_accents": False, "add_prefix_space": True},
}


# ---------------------------------------------------------------- the file's content
@dataclass(frozen=True)
class SentencePieceModel:
    """What a ``.model`` file says, in plain Python values (see :func:`parse_model`)."""

    pieces: list[str]
    scores: list[float]
    types: list[int]
    model_type: int
    vocab_size: int
    unk_id: int
    bos_id: int
    eos_id: int
    pad_id: int
    unk_piece: str
    bos_piece: str
    eos_piece: str
    pad_piece: str
    byte_fallback: bool
    split_digits: bool
    treat_whitespace_as_suffix: bool
    allow_whitespace_only_pieces: bool
    normalizer_name: str
    precompiled_charsmap: bytes
    add_dummy_prefix: bool
    remove_extra_whitespaces: bool
    escape_whitespaces: bool
    denormalizer_name: str
    denormalizer_charsmap: bytes

    @property
    def kind(self) -> str:
        """``"Unigram"`` or ``"BPE"`` (or ``"WORD"`` / ``"CHAR"``)."""
        return MODEL_TYPE_NAMES.get(self.model_type, f"type {self.model_type}")

    def count(self, piece_type: int) -> int:
        """How many pieces have this type (``CONTROL``, ``USER_DEFINED``, ``BYTE``...)."""
        return self.types.count(piece_type)


# The fields we read, with their numbers in sentencepiece_model.proto: (name, number,
# type, default). Text fields are read as bytes (a proto2 string may hold any bytes) and
# decoded here; enums are read as int32 so that an unknown value is seen, not defaulted.
_PIECE_FIELDS = (("piece", 1, "bytes", None), ("score", 2, "float", None),
                 ("type", 3, "int32", "1"))
_TRAINER_FIELDS = (
    ("model_type", 3, "int32", "1"), ("vocab_size", 4, "int32", "8000"),
    ("treat_whitespace_as_suffix", 24, "bool", "false"), ("split_digits", 25, "bool", "false"),
    ("allow_whitespace_only_pieces", 26, "bool", "false"), ("byte_fallback", 35, "bool", "false"),
    ("unk_id", 40, "int32", "0"), ("bos_id", 41, "int32", "1"), ("eos_id", 42, "int32", "2"),
    ("pad_id", 43, "int32", "-1"), ("unk_piece", 45, "bytes", "<unk>"),
    ("bos_piece", 46, "bytes", "<s>"), ("eos_piece", 47, "bytes", "</s>"),
    ("pad_piece", 48, "bytes", "<pad>"),
)
_NORMALIZER_FIELDS = (
    ("name", 1, "bytes", None), ("precompiled_charsmap", 2, "bytes", None),
    ("add_dummy_prefix", 3, "bool", "true"), ("remove_extra_whitespaces", 4, "bool", "true"),
    ("escape_whitespaces", 5, "bool", "true"),
)
_PACKAGE = "subword_core.sentencepiece"


def _file_descriptor():
    """``sentencepiece_model.proto``, reduced to the fields above, as a FileDescriptorProto."""
    from google.protobuf import descriptor_pb2

    field_type = descriptor_pb2.FieldDescriptorProto
    types = {"bytes": field_type.TYPE_BYTES, "float": field_type.TYPE_FLOAT,
             "int32": field_type.TYPE_INT32, "bool": field_type.TYPE_BOOL}
    optional, repeated = field_type.LABEL_OPTIONAL, field_type.LABEL_REPEATED
    file = descriptor_pb2.FileDescriptorProto(
        name="subword_core/sentencepiece_model.proto", package=_PACKAGE, syntax="proto2")

    def add_fields(message, fields) -> None:
        for name, number, kind, default in fields:
            field = message.field.add(name=name, number=number, type=types[kind], label=optional)
            if default is not None:
                field.default_value = default

    model = file.message_type.add(name="ModelProto")
    add_fields(model.nested_type.add(name="SentencePiece"), _PIECE_FIELDS)
    add_fields(file.message_type.add(name="TrainerSpec"), _TRAINER_FIELDS)
    add_fields(file.message_type.add(name="NormalizerSpec"), _NORMALIZER_FIELDS)
    for name, number, type_name in (("pieces", 1, "ModelProto.SentencePiece"),
                                    ("trainer_spec", 2, "TrainerSpec"),
                                    ("normalizer_spec", 3, "NormalizerSpec"),
                                    ("denormalizer_spec", 5, "NormalizerSpec")):
        model.field.add(name=name, number=number, type=field_type.TYPE_MESSAGE,
                        label=repeated if name == "pieces" else optional,
                        type_name=f".{_PACKAGE}.{type_name}")
    return file


@functools.cache
def _model_proto_class_cached() -> type:
    from google.protobuf import descriptor_pool, message_factory

    # A private pool: the sentencepiece package registers its own "sentencepiece.ModelProto".
    pool = descriptor_pool.DescriptorPool()
    pool.Add(_file_descriptor())
    descriptor = pool.FindMessageTypeByName(f"{_PACKAGE}.ModelProto")
    get_class = getattr(message_factory, "GetMessageClass", None)
    if get_class is None:  # protobuf < 4.22
        return message_factory.MessageFactory(pool).GetPrototype(descriptor)
    return get_class(descriptor)


def model_proto_class() -> type:
    """The protobuf message class of our ``ModelProto`` (needs the ``protobuf`` package).

    Raises:
        TokenizerFileError: ``protobuf`` is not installed.
    """
    try:
        return _model_proto_class_cached()
    except ImportError:
        raise TokenizerFileError(
            "reading SentencePiece .model files needs protobuf: pip install protobuf"
        ) from None


def parse_model(data: bytes, name: str = "<bytes>") -> SentencePieceModel:
    """Read the bytes of a ``.model`` file; any problem is a TokenizerFileError naming ``name``."""
    if not data:
        raise TokenizerFileError(f"{name} is empty, not a SentencePiece model")
    proto = _parse_proto(bytes(data), name)
    if not proto.HasField("trainer_spec") or not len(proto.pieces):
        raise TokenizerFileError(
            f"{name} is not a SentencePiece model (no "
            f"{'trainer_spec' if len(proto.pieces) else 'pieces'}; truncated or another format?)"
        )
    pieces, scores, types = _read_pieces(proto, name)
    trainer, normalizer, denormalizer = (
        proto.trainer_spec, proto.normalizer_spec, proto.denormalizer_spec)
    model = SentencePieceModel(
        pieces=pieces, scores=scores, types=types, model_type=trainer.model_type,
        vocab_size=trainer.vocab_size, unk_id=trainer.unk_id, bos_id=trainer.bos_id,
        eos_id=trainer.eos_id, pad_id=trainer.pad_id,
        unk_piece=_text(trainer.unk_piece, name, "unk_piece"),
        bos_piece=_text(trainer.bos_piece, name, "bos_piece"),
        eos_piece=_text(trainer.eos_piece, name, "eos_piece"),
        pad_piece=_text(trainer.pad_piece, name, "pad_piece"),
        byte_fallback=trainer.byte_fallback, split_digits=trainer.split_digits,
        treat_whitespace_as_suffix=trainer.treat_whitespace_as_suffix,
        allow_whitespace_only_pieces=trainer.allow_whitespace_only_pieces,
        normalizer_name=_text(normalizer.name, name, "normalizer name"),
        precompiled_charsmap=bytes(normalizer.precompiled_charsmap),
        add_dummy_prefix=normalizer.add_dummy_prefix,
        remove_extra_whitespaces=normalizer.remove_extra_whitespaces,
        escape_whitespaces=normalizer.escape_whitespaces,
        denormalizer_name=_text(denormalizer.name, name, "denormalizer name"),
        denormalizer_charsmap=bytes(denormalizer.precompiled_charsmap),
    )
    _check_model(model, name)
    return model


def _parse_proto(data: bytes, name: str) -> Any:
    from google.protobuf.message import Error as ProtobufError

    proto = model_proto_class()()
    try:
        proto.ParseFromString(data)
    except (ProtobufError, ValueError, RecursionError) as exc:
        # "Error parsing message with type '...': Wire format was corrupt" -> the reason
        reason = str(exc).split("\n")[0].rpartition(": ")[2] or type(exc).__name__
        raise TokenizerFileError(
            f"{name} is not a SentencePiece model (protobuf: {reason[:1].lower()}{reason[1:]})"
        ) from None
    return proto


def _read_pieces(proto: Any, name: str) -> tuple[list[str], list[float], list[int]]:
    raw = [p.piece for p in proto.pieces]
    try:
        pieces = [b.decode("utf-8") for b in raw]
    except UnicodeDecodeError:
        bad = next(i for i, b in enumerate(raw) if not _is_utf8(b))
        raise TokenizerFileError(f"{name}: piece {bad} is not valid UTF-8") from None
    return pieces, [p.score for p in proto.pieces], [p.type for p in proto.pieces]


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _text(value: bytes, name: str, what: str) -> str:
    try:
        return bytes(value).decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerFileError(f"{name}: {what} is not valid UTF-8") from None


def _check_model(model: SentencePieceModel, name: str) -> None:
    """The checks SentencePiece makes when it loads a model, and the model types HF converts."""
    if model.model_type in (WORD, CHAR):
        raise TokenizerFileError(
            f"{name}: SentencePiece {model.kind} models are not supported "
            "(transformers converts Unigram and BPE models only)")
    if model.model_type not in (UNIGRAM, BPE_TYPE):
        raise TokenizerFileError(f"{name}: unknown SentencePiece model_type {model.model_type}")
    bad_type = next((i for i, t in enumerate(model.types) if not NORMAL <= t <= BYTE), None)
    if bad_type is not None:
        raise TokenizerFileError(
            f"{name}: piece {bad_type} has unknown type {model.types[bad_type]}")
    if "" in model.pieces:
        raise TokenizerFileError(f"{name}: piece {model.pieces.index('')} is empty")
    if len(set(model.pieces)) != len(model.pieces):
        first: dict[str, int] = {}
        for i, piece in enumerate(model.pieces):
            if piece in first:
                raise TokenizerFileError(
                    f"{name}: piece {piece!r} is defined twice (ids {first[piece]} and {i})")
            first[piece] = i
    if model.count(UNKNOWN) != 1:
        raise TokenizerFileError(
            f"{name}: a SentencePiece model needs exactly one unknown piece, "
            f"this one has {model.count(UNKNOWN)}")


# ---------------------------------------------------------------- reading a file
def read_sentencepiece(path: str | os.PathLike[str], *, flavor: str | None = None,
                       **options: Any) -> Opened:
    """Open a SentencePiece ``.model`` file as the ``sentencepiece`` library encodes it, or
    as the tokenizer ``transformers`` builds from it.

    Args:
        path: the ``.model`` file.
        flavor: one of :data:`FLAVORS` (see the module docstring); default
            ``"sentencepiece"``, the library's own encoding. :func:`hf_flavor` names the
            transformers flavor that fits the file.
        **options: ``add_bos`` / ``add_eos`` (sentencepiece); the HF flavors'
            ``tokenizer_config.json`` settings: ``add_bos_token``,
            ``add_eos_token``, ``add_prefix_space``, ``unk_token``/``bos_token``/``eos_token``
            (llama); ``extra_ids`` (t5); ``do_lower_case``, ``keep_accents`` (albert).

    Raises:
        TokenizerFileError: unreadable file, not a SentencePiece model, an unsupported
            model type, or a flavor or option that does not fit the model.
    """
    name = os.fspath(path)
    data = read_bytes(name, "SentencePiece model")
    return tokenizer_from_model_bytes(data, flavor=flavor, name=name, **options)


def tokenizer_from_model_bytes(data: bytes, *, flavor: str | None = None, name: str = "<bytes>",
                               **options: Any) -> Opened:
    """:func:`read_sentencepiece` for the bytes of a ``.model`` file, called ``name`` in errors."""
    with paused_gc():
        model = parse_model(data, name)
        return build_tokenizer(model, flavor=flavor, name=name, **options)


def build_tokenizer(model: SentencePieceModel, *, flavor: str | None = None,
                    name: str = "<bytes>", **options: Any) -> Opened:
    """The tokenizer of a parsed model, and its :class:`~subword_core.formats.Source`."""
    flavor = _check_flavor(model, flavor, name)
    settings = _settings(flavor, options, name)
    try:
        tokenizer = _BUILDERS[flavor](model, settings)
    except TokenizerFileError as exc:  # e.g. an unk_id outside the vocabulary
        raise TokenizerFileError(f"{name}: {exc}") from None
    source = Source(name, FORMAT, describe(model), _notes(model, flavor, settings, tokenizer))
    return Opened(tokenizer, source)


def describe(model: SentencePieceModel) -> str:
    """One line, e.g. ``"SentencePiece BPE model, 32,000 pieces (byte fallback)"``."""
    extras = []
    if model.normalizer_name and model.normalizer_name != "identity":
        extras.append(model.normalizer_name)
    if model.byte_fallback:
        extras.append("byte fallback")
    tail = f" ({', '.join(extras)})" if extras else ""
    return f"SentencePiece {model.kind} model, {len(model.pieces):,} pieces{tail}"


def hf_flavor(model: SentencePieceModel) -> str:
    """The transformers class that fits a model with no tokenizer_class to go by: ``llama``
    for BPE, ``t5`` for a Unigram model in T5's layout, else ``generic``."""
    # T5's pipeline takes id 2 as the unknown token (T5's spiece.model: <pad> </s> <unk>);
    # on the usual layout (<unk> <s> </s>) it would make </s> the unknown token
    if model.model_type == UNIGRAM and model.unk_id != 2:
        return "generic"
    return _DEFAULT_FLAVOR[model.model_type]


def export_flavor(path: str | os.PathLike[str]) -> str:
    """:func:`hf_flavor` of the ``.model`` file at ``path``: the flavor to save it in as
    ``tokenizer.json`` when nothing else (a ``tokenizer_config.json``) says."""
    name = os.fspath(path)
    return hf_flavor(parse_model(read_bytes(name, "SentencePiece model"), name))


def _check_flavor(model: SentencePieceModel, flavor: str | None, name: str) -> str:
    if flavor is None:
        return DEFAULT_FLAVOR
    if flavor not in FLAVORS:
        raise TokenizerFileError(
            f"unknown SentencePiece flavor {flavor!r} (choose from {', '.join(FLAVORS)})")
    fitting = _BPE_FLAVORS if model.model_type == BPE_TYPE else _UNIGRAM_FLAVORS
    if flavor not in fitting:
        raise TokenizerFileError(
            f"{name}: flavor {flavor!r} does not fit a {model.kind} model "
            f"(use {' or '.join(repr(f) for f in fitting)})")
    return flavor


def _settings(flavor: str, options: dict[str, Any], name: str) -> dict[str, Any]:
    defaults = _OPTIONS[flavor]
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        allowed = ", ".join(defaults) or "none"
        raise TokenizerFileError(
            f"{name}: flavor {flavor!r} has no option {unknown[0]!r} (options: {allowed})")
    settings = {**defaults, **options}
    for key, value in settings.items():
        kind = type(defaults[key])
        if not isinstance(value, kind) or (kind is int and (isinstance(value, bool) or value < 0)) \
                or (kind is str and not value.strip()):
            raise TokenizerFileError(
                f"{name}: option {key}={value!r} must be {_KIND_NAMES[kind]}")
    return settings


_KIND_NAMES = {bool: "true or false", int: "a non-negative integer", str: "a non-blank string"}


# ---------------------------------------------------------------- the pipelines
def _llama(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """transformers 5 ``LlamaTokenizer`` (legacy=False) from ``tokenizer.model``."""
    vocab = _vocab(model.pieces)
    tokenizer = Tokenizer(BPE(vocab, _merges_by_id(model.pieces, vocab), fuse_unk=True,
                              byte_fallback=True))
    prefix = settings["add_prefix_space"]
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(
        _SPACE, prepend_scheme="first" if prefix else "never", split=False)
    tokenizer.decoder = _llama_decoder(prefix)
    named = [settings["bos_token"], settings["eos_token"], settings["unk_token"]]
    _add_tokens(tokenizer, model, named)
    tokenizer.post_processor = _bos_eos_template(tokenizer, settings, *named[:2])
    return tokenizer


def _llama_legacy(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """The legacy ``LlamaConverter`` + ``LlamaTokenizerFast`` (the hub's Llama 2 layout)."""
    vocab = _vocab(model.pieces)
    scores = [0.0] * min(3, len(model.pieces)) + model.scores[3:]  # the converter's vocab()
    tokenizer = Tokenizer(BPE(vocab, _merges_by_score(model.pieces, scores, vocab),
                              unk_token=model.unk_piece, fuse_unk=True, byte_fallback=True))
    prefix = settings["add_prefix_space"]
    steps: list[Any] = [normalizers.Prepend(_SPACE)] if prefix else []
    tokenizer.normalizer = normalizers.Sequence([*steps, normalizers.Replace(" ", _SPACE)])
    tokenizer.decoder = _llama_decoder(prefix)
    # LlamaTokenizerFast's unk, bos and eos are the pieces 0, 1 and 2.
    unk, bos, eos = (model.pieces + ["", "", ""])[:3]
    _add_tokens(tokenizer, model, [])
    tokenizer.add_special_tokens([AddedToken(t, special=True, normalized=False)
                                  for t in (unk, bos, eos) if t])
    tokenizer.post_processor = _bos_eos_template(tokenizer, settings, bos, eos)
    return tokenizer


def _llama_decoder(prefix: bool) -> decoders.Sequence:
    steps = [decoders.Replace(_SPACE, " "), decoders.ByteFallback(), decoders.Fuse()]
    if prefix:
        steps.append(decoders.Strip(" ", 1, 0))
    return decoders.Sequence(steps)


def _bos_eos_template(tokenizer: Tokenizer, settings: dict[str, Any], bos: str,
                      eos: str) -> processors.TemplateProcessing:
    """transformers' ``update_post_processor``: ``<s>`` and/or ``</s>`` around each sequence."""
    add_bos, add_eos = settings["add_bos_token"], settings["add_eos_token"]
    single = f"{bos}:0 " * add_bos + "$A:0" + f" {eos}:0" * add_eos
    pair = single + f" {bos}:1" * add_bos + " $B:1" + f" {eos}:1" * add_eos
    specials = [(t, tokenizer.token_to_id(t)) for t, on in ((bos, add_bos), (eos, add_eos)) if on]
    return processors.TemplateProcessing(single, pair, specials)


def _t5(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """transformers 5 ``T5Tokenizer`` from ``spiece.model``."""
    extra = [f"<extra_id_{i}>" for i in range(settings["extra_ids"])]
    pieces = _scored(model) + [(token, 0.0) for token in reversed(extra)]
    tokenizer = Tokenizer(Unigram(pieces, unk_id=2 if len(pieces) > 2 else None))
    _unigram_pipeline(tokenizer, model, "always")
    # T5Tokenizer: eos "</s>", unk "<unk>", pad "<pad>"; the sentinels are special.
    _add_tokens(tokenizer, model, ["</s>", "<unk>", "<pad>"], extra)
    eos_id = tokenizer.token_to_id("</s>")
    tokenizer.post_processor = processors.TemplateProcessing(
        "$A </s>", "$A </s> $B </s>", [("</s>", eos_id)])
    return tokenizer


def _xlm_roberta(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """transformers 5 ``XLMRobertaTokenizer`` from ``sentencepiece.bpe.model`` (fairseq ids)."""
    fairseq = [("<s>", 0.0), ("<pad>", 0.0), ("</s>", 0.0), ("<unk>", 0.0)]
    tokenizer = Tokenizer(Unigram(fairseq + _scored(model)[3:] + [("<mask>", 0.0)], unk_id=3))
    _unigram_pipeline(tokenizer, model, "always" if settings["add_prefix_space"] else "never")
    _add_tokens(tokenizer, model, ["<s>", "</s>", "<unk>", "<pad>", "<mask>"])
    tokenizer.post_processor = processors.TemplateProcessing(
        "<s> $A </s>", "<s> $A </s> </s> $B </s>",
        [("<s>", tokenizer.token_to_id("<s>")), ("</s>", tokenizer.token_to_id("</s>"))])
    return tokenizer


def _albert(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """transformers 5 ``AlbertTokenizer`` from ``spiece.model``."""
    tokenizer = Tokenizer(Unigram(_scored(model), unk_id=1 if len(model.pieces) > 1 else None))
    # Its template is built from the model's own vocabulary, before any token is added.
    cls_id, sep_id = tokenizer.token_to_id("[CLS]"), tokenizer.token_to_id("[SEP]")
    if cls_id is None or sep_id is None:
        raise TokenizerFileError(
            "flavor 'albert' needs [CLS] and [SEP] pieces, which this model does not have")
    steps: list[Any] = [normalizers.Replace("``", '"'), normalizers.Replace("''", '"')]
    if not settings["keep_accents"]:
        steps += [normalizers.NFKD(), normalizers.StripAccents()]
    if settings["do_lower_case"]:
        steps.append(normalizers.Lowercase())
    if model.precompiled_charsmap:
        steps.append(normalizers.Precompiled(model.precompiled_charsmap))
    _unigram_pipeline(tokenizer, model, "always" if settings["add_prefix_space"] else "never")
    tokenizer.normalizer = normalizers.Sequence(steps)
    tokenizer.post_processor = processors.TemplateProcessing(
        "[CLS]:0 $A:0 [SEP]:0", "[CLS]:0 $A:0 [SEP]:0 $B:1 [SEP]:1",
        [("[CLS]", cls_id), ("[SEP]", sep_id)])
    _add_tokens(tokenizer, model, ["[CLS]", "[SEP]", "<unk>", "<pad>", "[MASK]"])
    return tokenizer


def _unigram_pipeline(tokenizer: Tokenizer, model: SentencePieceModel, scheme: str) -> None:
    """The transformers 5 Unigram classes' common parts: charsmap, whitespace split, Metaspace."""
    if model.precompiled_charsmap:
        tokenizer.normalizer = normalizers.Precompiled(model.precompiled_charsmap)
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Metaspace(_SPACE, scheme, True)])
    tokenizer.decoder = decoders.Metaspace(_SPACE, scheme, True)


def _generic(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """transformers' plain ``SpmConverter`` (no model-specific post-processor)."""
    if model.model_type == UNIGRAM:
        tokenizer = Tokenizer(Unigram(_scored(model), unk_id=model.unk_id))
    else:
        # The 4.x converter's BPE branch: merges ranked by score, no byte fallback.
        vocab = _vocab(model.pieces)
        tokenizer = Tokenizer(BPE(vocab, _merges_by_score(model.pieces, model.scores, vocab),
                                  unk_token=model.unk_piece, fuse_unk=True))
    steps: list[Any] = []
    if model.precompiled_charsmap:
        steps.append(normalizers.Precompiled(model.precompiled_charsmap))
    steps += [normalizers.Strip(left=False, right=True),
              normalizers.Replace(Regex(" {2,}"), _SPACE)]
    tokenizer.normalizer = normalizers.Sequence(steps)
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(_SPACE, "always", True)
    tokenizer.decoder = decoders.Metaspace(_SPACE, "always", True)
    _add_tokens(tokenizer, model, [])
    return tokenizer


def _sentencepiece(model: SentencePieceModel, settings: dict[str, Any]) -> Tokenizer:
    """The ``sentencepiece`` library's own encoding: its normalizer over the whole text,
    then its BPE or Unigram encoder (:mod:`subword_core.models.sentencepiece`)."""
    unk_id = model.types.index(UNKNOWN)
    if model.model_type == UNIGRAM:
        encoder: Any = SentencePieceUnigram(_scored(model), model.types, unk_id,
                                            model.byte_fallback)
    else:
        # the merge table only feeds the views that show merges; encoding goes by score
        merges = _merges_by_score(model.pieces, model.scores, _vocab(model.pieces))
        encoder = SentencePieceBPE(model.pieces, model.scores, model.types, unk_id,
                                   model.byte_fallback, merges)
    tokenizer = Tokenizer(encoder)
    tokenizer.normalizer = SentencePieceNormalizer(
        model.precompiled_charsmap, model.add_dummy_prefix, model.remove_extra_whitespaces,
        model.escape_whitespaces, model.treat_whitespace_as_suffix, encoder.user_defined)
    # the library decodes the unknown id as " ⁇ " (its default unk_surface)
    decoder = _llama_decoder(model.add_dummy_prefix and not model.treat_whitespace_as_suffix)
    tokenizer.decoder = decoders.Sequence(
        [decoders.Replace(model.pieces[unk_id], _UNK_SURFACE), *decoder.decoders])
    bos = model.pieces[model.bos_id] if 0 <= model.bos_id < len(model.pieces) else None
    eos = model.pieces[model.eos_id] if 0 <= model.eos_id < len(model.pieces) else None
    add_bos, add_eos = settings["add_bos"] and bos, settings["add_eos"] and eos
    if add_bos or add_eos:
        tokenizer.post_processor = _bos_eos_template(
            tokenizer, {"add_bos_token": bool(add_bos), "add_eos_token": bool(add_eos)},
            bos or "", eos or "")
    return tokenizer


_BUILDERS: dict[str, Callable[[SentencePieceModel, dict[str, Any]], Tokenizer]] = {
    "sentencepiece": _sentencepiece, "llama": _llama, "llama-legacy": _llama_legacy, "t5": _t5, "generic": _generic,
    "xlm-roberta": _xlm_roberta, "albert": _albert,
}


# ---------------------------------------------------------------- shared parts
def _vocab(pieces: list[str]) -> dict[str, int]:
    return {piece: i for i, piece in enumerate(pieces)}


def _scored(model: SentencePieceModel) -> list[tuple[str, float]]:
    return list(zip(model.pieces, model.scores))


def _add_tokens(tokenizer: Tokenizer, model: SentencePieceModel, named: Iterable[str],
                more_specials: Iterable[str] = ()) -> None:
    """Added tokens as transformers 5 registers them.

    Control pieces (special) and user-defined pieces (not special, unless also a named
    token) in id order, then ``more_specials``, then the class's named special tokens
    (bos, eos, unk, sep, pad, cls, mask) that are not among them; none is normalized.
    """
    named = list(named)
    tokens = [AddedToken(piece, normalized=False, special=kind == CONTROL or piece in named)
              for piece, kind in zip(model.pieces, model.types)
              if kind in (CONTROL, USER_DEFINED)]
    seen = {token.content for token in tokens}
    for content in [*more_specials, *named]:
        if content not in seen:
            tokens.append(AddedToken(content, normalized=False, special=True))
            seen.add(content)
    tokenizer.add_tokens(tokens)


def _merges_by_id(pieces: list[str], vocab: dict[str, int]) -> MergeColumns:
    """transformers 5 ``generate_merges(vocab)``: every split of every piece into two
    pieces, ordered by the piece's id, then by the length of the left part."""
    lefts: list[str] = []
    rights: list[str] = []
    for piece in pieces:
        for cut in range(1, len(piece)):
            left, right = piece[:cut], piece[cut:]
            if left in vocab and right in vocab:
                lefts.append(left)
                rights.append(right)
    return MergeColumns(lefts, rights)


def _merges_by_score(pieces: list[str], scores: list[float],
                     vocab: dict[str, int]) -> MergeColumns:
    """``generate_merges(vocab, vocab_scores)``: the splits ranked by the piece's score,
    highest first, then by the left and right parts' lengths, longest first; ties keep
    piece order (a stable sort, as in Python's ``sorted(..., reverse=True)``)."""
    splits = _merges_by_id(pieces, vocab)
    keys = [(scores[vocab[left + right]], len(left), len(right))
            for left, right in zip(splits.lefts, splits.rights)]
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    return MergeColumns([splits.lefts[i] for i in order], [splits.rights[i] for i in order])


# ---------------------------------------------------------------- notes for people
_FLAVOR_NOTES = {
    "sentencepiece": "flavor 'sentencepiece': encodes exactly as the sentencepiece library "
                     "(SentencePieceProcessor.encode); choose an HF flavor (llama, t5, "
                     "generic...) to save it as tokenizer.json",
    "llama": "flavor 'llama': as transformers 5 LlamaTokenizer (legacy=False) builds it; "
             "text right after a special token gets no ▁ in front",
    "llama-legacy": "flavor 'llama-legacy': as the legacy LlamaConverter built it "
                    "(the hub's Llama 2 / Mistral 7B v0.1 tokenizer.json); text right after "
                    "a special token gets a ▁ in front",
    "t5": "flavor 't5': as transformers 5 T5Tokenizer builds it from spiece.model",
    "generic": "flavor 'generic': as transformers' plain SpmConverter builds it",
    "xlm-roberta": "flavor 'xlm-roberta': as transformers 5 XLMRobertaTokenizer builds it "
                   "(fairseq ids: piece n is id n+1)",
    "albert": "flavor 'albert': as transformers 5 AlbertTokenizer builds it",
}


def _notes(model: SentencePieceModel, flavor: str, settings: dict[str, Any],
           tokenizer: Tokenizer) -> tuple[str, ...]:
    """The flavor chosen, then where this pipeline departs from SentencePiece on this file."""
    notes = [_FLAVOR_NOTES[flavor]]
    if flavor == "sentencepiece":
        return tuple(notes)  # no departure to list
    notes += _whitespace_notes(model, flavor)
    if not model.add_dummy_prefix and settings.get("add_prefix_space", True):
        notes.append("the model has add_dummy_prefix=false but transformers prepends ▁ "
                     "to the text anyway")
    if model.treat_whitespace_as_suffix:
        notes.append("the model puts ▁ after words (treat_whitespace_as_suffix); "
                     "transformers puts it in front, so long words tokenize differently")
    if model.byte_fallback and flavor not in ("llama", "llama-legacy"):
        notes.append("byte fallback is off in this flavor (as in transformers): characters "
                     "missing from the vocabulary become the unknown token, not <0xNN> pieces")
    if model.precompiled_charsmap and flavor in ("llama", "llama-legacy"):
        notes.append(f"the model's normalization ({model.normalizer_name or 'custom'}) is not "
                     "applied: transformers' Llama tokenizers have no normalizer (NFKC forms, "
                     "control characters, tabs and newlines reach the model as they are)")
    elif model.precompiled_charsmap:
        notes.append(f"normalization ({model.normalizer_name or 'custom'}) is applied per "
                     "grapheme cluster as HF does, which can differ from sentencepiece on rare "
                     "sequences")
    notes += _unknown_notes(model, flavor, tokenizer)
    if model.denormalizer_charsmap:
        notes.append("the model's denormalizer rules are not applied when decoding")
    return tuple(notes)


def _whitespace_notes(model: SentencePieceModel, flavor: str) -> list[str]:
    if flavor in ("llama", "llama-legacy"):
        if model.remove_extra_whitespaces:
            return ["spaces are kept (a run becomes ▁ pieces, tabs and newlines stay); "
                    "sentencepiece (remove_extra_whitespaces) strips and collapses them"]
        return []
    if flavor == "generic":
        return ["a run of spaces becomes one ▁ and trailing spaces are stripped; tabs and "
                "newlines are left to the normalization rules"]
    note = "text is split on all whitespace (WhitespaceSplit): tabs and newlines vanish"
    if not model.remove_extra_whitespaces:
        note += (" and runs of spaces collapse, which the model keeps "
                 "(remove_extra_whitespaces=false)")
    return [note]


def _unknown_notes(model: SentencePieceModel, flavor: str, tokenizer: Tokenizer) -> list[str]:
    if flavor == "llama":
        return ["no unknown token (as in transformers 5): characters that byte fallback "
                "cannot spell are dropped"] if not model.count(BYTE) else []
    if flavor == "t5" and len(model.pieces) > 2 and model.types[2] != UNKNOWN:
        own = model.types.index(UNKNOWN)
        return [f"transformers' T5Tokenizer takes id 2 ({model.pieces[2]!r}) as the unknown "
                f"token; this model's unknown piece is {model.pieces[own]!r} (id {own}): "
                "consider flavor='generic'"]
    return []


__all__ = [
    "DEFAULT_FLAVOR", "FLAVORS", "FORMAT", "SentencePieceModel", "build_tokenizer", "describe",
    "export_flavor", "hf_flavor", "model_proto_class",
    "parse_model", "read_sentencepiece", "tokenizer_from_model_bytes",
]
