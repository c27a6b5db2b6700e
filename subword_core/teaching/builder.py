"""Build a tokenizer block by block: a JSON-serialisable pipeline, its previews and its training.

A :class:`PipelineSpec` lists the blocks of an untrained tokenizer, each block as
the JSON object HF writes in ``tokenizer.json`` (``{"type": "NFD"}``,
``{"type": "Split", "pattern": {"Regex": "\\\\s+"}, "behavior": "Removed", ...}``):

- ``normalizers`` and ``pre_tokenizers``: ordered lists (none, one block, or a
  ``Sequence`` of them in the tokenizer);
- ``model``: ``BPE``, ``WordPiece`` or ``Unigram``, with ``model_options`` (unk token,
  byte fallback, dropout, ...) and ``trainer`` options (vocab size, min frequency,
  alphabet, prefix/suffix, shrinking factor, ...), HF's names. A BPE trainer with a
  ``languages_dir`` is parity-aware BPE (:mod:`subword_core.trainers.parity_bpe`): it
  trains on that folder's per-language files (``parity_variant``, ``global_merges``), not
  on the corpus, through :func:`subword_core.training.parity.train_parity_preset`;
- ``post_processor``: a ``TemplateProcessing`` whose special-token ids are filled in
  after training, a ``ByteLevel`` one, or none; ``decoder``: any decoder block.

:func:`spec_preset` turns a spec into a :class:`~subword_core.training.presets.Preset`, so it
trains through :func:`~subword_core.training.presets.train_preset`, the path the four presets
take (:func:`train_spec`). The trained model is set up as HF's trainers set up the
model they train: a BPE model keeps its unk token, dropout, ``fuse_unk`` and byte
fallback; WordPiece its unk token and ``max_input_chars_per_word``; a Unigram model is
new (the trainer's unk token is the model's; HF's trainer keeps no byte fallback).

:func:`stage_preview` shows what each block does to a text: the normalized text
after each normalizer with its alignments to the original, and the pre-tokens after
each pre-tokenizer with their offsets in the normalized and original text.

:data:`STARTING_POINTS` holds the HF course's three block-by-block builds (chapter 6,
"Building a tokenizer, block by block": BERT-style WordPiece, GPT-2-style BPE,
XLNet-style Unigram) and the four presets written as specs.
"""

from __future__ import annotations

import copy
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from .. import decoders, models, normalizers, pre_tokenizers, processors
from ..components import component_from_dict
from ..corpus import Cancel
from ..errors import SubwordError, TrainingError
from ..processors.template import SpecialPiece, parse_template
from ..text.normalized import NormalizedString
from ..text.pretokenized import PreTokenizedString
from ..tokenizer import Tokenizer
from ..trainers import BpeTrainer, ParityBpeTrainer, UnigramTrainer, WordPieceTrainer
from ..training.presets import DEFAULT_SPECIAL_TOKENS, Preset, TrainedTokenizer, train_preset

MODELS = ("BPE", "WordPiece", "Unigram")

#: Trainer options per model, HF's names (the GUI's form shows these).
TRAINER_OPTIONS: dict[str, tuple[str, ...]] = {
    "BPE": ("vocab_size", "min_frequency", "special_tokens", "limit_alphabet",
            "initial_alphabet", "max_token_length", "continuing_subword_prefix",
            "end_of_word_suffix", "languages_dir", "parity_variant", "global_merges"),
    "WordPiece": ("vocab_size", "min_frequency", "special_tokens", "limit_alphabet",
                  "initial_alphabet", "continuing_subword_prefix", "end_of_word_suffix",
                  "scoring"),
    "Unigram": ("vocab_size", "special_tokens", "initial_alphabet", "shrinking_factor",
                "max_piece_length", "n_sub_iterations"),
}
#: Model options per model (what the model keeps through training, as in HF).
MODEL_OPTIONS: dict[str, tuple[str, ...]] = {
    "BPE": ("unk_token", "byte_fallback", "dropout", "fuse_unk"),
    "WordPiece": ("unk_token", "max_input_chars_per_word"),
    # HF's UnigramTrainer builds a fresh model: no byte fallback survives training
    "Unigram": ("unk_token",),
}
#: Trainer options every model has: they stay when the model changes.
SHARED_OPTIONS = ("vocab_size", "special_tokens", "min_frequency", "initial_alphabet")

#: The blocks offered per kind, in menu order.
NORMALIZER_TYPES = ("NFC", "NFD", "NFKC", "NFKD", "Lowercase", "StripAccents", "Replace",
                    "BertNormalizer", "Strip", "Prepend", "Nmt", "Precompiled")
PRE_TOKENIZER_TYPES = ("Whitespace", "WhitespaceSplit", "BertPreTokenizer", "ByteLevel",
                       "Metaspace", "Digits", "Punctuation", "Split", "CharDelimiterSplit",
                       "UnicodeScripts")
DECODER_TYPES = ("ByteLevel", "WordPiece", "Metaspace", "BPEDecoder", "ByteFallback")
POST_PROCESSOR_TYPES = ("TemplateProcessing", "ByteLevel")

#: Characters of a text the previews look at (a 50k-character text is previewed by its head).
PREVIEW_CHARS = 1000


class PipelineError(TrainingError):
    """A pipeline spec that cannot be built (one line, naming the block)."""


@dataclass
class PipelineSpec:
    """An untrained tokenizer, block by block (see the module docstring).

    Attributes:
        normalizers, pre_tokenizers: blocks as ``tokenizer.json`` objects, in order.
        model: ``BPE``, ``WordPiece`` or ``Unigram``.
        model_options: the model's own options (:data:`MODEL_OPTIONS`).
        trainer: the trainer's options (:data:`TRAINER_OPTIONS`).
        post_processor: ``{"type": "TemplateProcessing", "single": ..., "pair": ...}``
            (ids filled in after training), another post-processor object, or None.
        decoder: a decoder object, or None.
        name: a short name for the trained tokenizer.
    """

    normalizers: list[dict[str, Any]] = field(default_factory=list)
    pre_tokenizers: list[dict[str, Any]] = field(default_factory=list)
    model: str = "BPE"
    model_options: dict[str, Any] = field(default_factory=dict)
    trainer: dict[str, Any] = field(default_factory=dict)
    post_processor: dict[str, Any] | None = None
    decoder: dict[str, Any] | None = None
    name: str = "custom"

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON object (deep copy)."""
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> PipelineSpec:
        """The spec of a :meth:`to_dict` object; unknown keys are an error."""
        if not isinstance(data, dict):
            raise PipelineError(f"a pipeline spec must be a JSON object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise PipelineError(f"unknown pipeline spec field {unknown[0]!r}")
        return cls(**copy.deepcopy(data))

    @property
    def vocab_size(self) -> int:
        return int(self.trainer.get("vocab_size", 30000))

    @property
    def special_tokens(self) -> list[str]:
        return list(self.trainer.get("special_tokens", []))


# ---------------------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------------------
_DEFAULT_BLOCKS: dict[str, dict[str, Any]] = {
    "normalizer": {"Replace": {"pattern": {"String": "``"}, "content": '"'},
                   "Prepend": {"prepend": "▁"}},
    "pre_tokenizer": {"Split": {"pattern": {"Regex": r"\s+"}, "behavior": "Removed",
                                "invert": False},
                      "CharDelimiterSplit": {"delimiter": " "},
                      "Digits": {"individual_digits": True},
                      "Metaspace": {"replacement": "▁", "prepend_scheme": "always",
                                    "split": True},
                      "ByteLevel": {"add_prefix_space": False, "trim_offsets": True,
                                    "use_regex": True}},
    "decoder": {"Metaspace": {"replacement": "▁", "prepend_scheme": "always", "split": True}},
    "post_processor": {"TemplateProcessing": {"single": "$A", "pair": "$A $B:1"},
                       "ByteLevel": {"add_prefix_space": True, "trim_offsets": False,
                                     "use_regex": True}},
}


def default_block(kind: str, type_name: str) -> dict[str, Any]:
    """The JSON object of a new ``type_name`` block of ``kind`` with its default options.

    Raises:
        PipelineError: an unknown block, or ``Precompiled`` (it comes from a tokenizer).
    """
    if kind not in _DEFAULT_BLOCKS:
        raise PipelineError(f"unknown block kind {kind!r}")
    if type_name == "Precompiled":
        raise PipelineError("a Precompiled normalizer comes from an opened tokenizer "
                            "(precompiled_block)")
    extra = _DEFAULT_BLOCKS[kind].get(type_name)
    data: dict[str, Any] = {"type": type_name, **copy.deepcopy(extra or {})}
    if kind == "post_processor" and type_name == "TemplateProcessing":
        return data
    # the component's own defaults fill every field, so the editor shows them all
    return _component(kind, data, type_name).to_dict()


def precompiled_block(tokenizer: Tokenizer | None) -> dict[str, Any] | None:
    """The ``Precompiled`` normalizer of ``tokenizer`` (alone or in a Sequence), or None."""
    normalizer = getattr(tokenizer, "normalizer", None)
    found = _find_precompiled(normalizer)
    return None if found is None else found.to_dict()


def _find_precompiled(normalizer: Any) -> Any:
    if isinstance(normalizer, normalizers.Precompiled):
        return normalizer
    if isinstance(normalizer, normalizers.Sequence):
        for member in normalizer:
            found = _find_precompiled(member)
            if found is not None:
                return found
    return None


def block_label(data: dict[str, Any]) -> str:
    """A short text for a block: its type and its options (``Digits(individual_digits=True)``)."""
    options = []
    for key, value in data.items():
        if key == "type":
            continue
        if key == "precompiled_charsmap":
            value = f"<{len(str(value))} chars>"
        elif isinstance(value, dict) and len(value) == 1:
            (pattern_kind, value), = value.items()
            value = f"{pattern_kind}({value!r})"
        else:
            value = repr(value)
        options.append(f"{key}={value}")
    return f"{data.get('type')}({', '.join(options)})"


def _component(kind: str, data: Any, where: str) -> Any:
    """Our component of a block, or a one-line PipelineError naming the block."""
    try:
        return component_from_dict(kind, data)
    except SubwordError as exc:
        raise PipelineError(f"{where}: {exc}") from None


# ---------------------------------------------------------------------------------------
# Validation and construction
# ---------------------------------------------------------------------------------------
def validate(spec: PipelineSpec) -> None:
    """Check every block and option; raises a one-line :class:`PipelineError` on the first fault."""
    _pipeline_parts(spec)
    _check_options(spec)
    _template_tokens(spec)


def _pipeline_parts(spec: PipelineSpec) -> dict[str, Any]:
    """Our normalizer, pre-tokenizer, decoder and (untemplated) post-processor of ``spec``."""
    for name in ("normalizers", "pre_tokenizers"):
        if not isinstance(getattr(spec, name), list):
            raise PipelineError(f"{name} must be a list of blocks")
    norms = [_component("normalizer", b, f"normalizer {i + 1} ({_type(b)})")
             for i, b in enumerate(spec.normalizers)]
    pres = [_component("pre_tokenizer", b, f"pre-tokenizer {i + 1} ({_type(b)})")
            for i, b in enumerate(spec.pre_tokenizers)]
    decoder = _component("decoder", spec.decoder, f"decoder ({_type(spec.decoder)})")
    post = spec.post_processor
    if post is not None and _type(post) != "TemplateProcessing":
        post = _component("post_processor", post, f"post-processor ({_type(post)})")
    return {"normalizer": _joined(norms, normalizers.Sequence),
            "pre_tokenizer": _joined(pres, pre_tokenizers.Sequence),
            "decoder": decoder, "post_processor": post}


def _type(block: Any) -> str:
    return str(block.get("type")) if isinstance(block, dict) else type(block).__name__


def _joined(parts: list[Any], sequence: type) -> Any:
    """None, the one block, or a Sequence (HF's tokenizer holds exactly that)."""
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else sequence(parts)


_INT_OPTIONS = {"vocab_size": 1, "min_frequency": 0, "limit_alphabet": 0, "max_token_length": 1,
                "max_piece_length": 1, "n_sub_iterations": 1, "max_input_chars_per_word": 1,
                "global_merges": 0}
_STR_OPTIONS = ("continuing_subword_prefix", "end_of_word_suffix", "unk_token", "languages_dir")
#: BPE trainer options parity-aware BPE does not have (the reference has no marker or limit).
_NOT_PARITY = ("continuing_subword_prefix", "end_of_word_suffix", "max_token_length")
#: Options that mean something only with a languages folder.
_PARITY_ONLY = ("parity_variant", "global_merges")


def _check_options(spec: PipelineSpec) -> None:
    if spec.model not in MODELS:
        raise PipelineError(f"unknown model {spec.model!r} (choose from {', '.join(MODELS)})")
    for group, allowed in (("trainer", TRAINER_OPTIONS), ("model", MODEL_OPTIONS)):
        options = getattr(spec, "trainer" if group == "trainer" else "model_options")
        for name, value in options.items():
            if name not in allowed[spec.model]:
                raise PipelineError(f"{spec.model} has no {group} option {name!r} (options: "
                                    f"{', '.join(allowed[spec.model])})")
            _check_value(name, value)
    if is_parity(spec):
        for name in _NOT_PARITY:
            if spec.trainer.get(name):
                raise PipelineError(f"parity-aware BPE (a languages folder) has no {name}")


def is_parity(spec: PipelineSpec) -> bool:
    """Whether ``spec`` trains parity-aware BPE: a BPE trainer with a languages folder."""
    return spec.model == "BPE" and bool(spec.trainer.get("languages_dir"))


def _check_value(name: str, value: Any) -> None:
    """One option's value (None means HF's default for the optional ones)."""
    if value is None and name not in ("vocab_size", "special_tokens", "initial_alphabet"):
        return
    if name in _INT_OPTIONS:
        if not isinstance(value, int) or isinstance(value, bool) or value < _INT_OPTIONS[name]:
            raise PipelineError(f"{name} must be an integer ≥ {_INT_OPTIONS[name]}, got {value!r}")
    elif name in ("special_tokens", "initial_alphabet"):
        if not isinstance(value, list) or not all(isinstance(t, str) and t for t in value):
            raise PipelineError(f"{name} must be a list of non-empty strings")
        if name == "initial_alphabet" and any(len(c) != 1 for c in value):
            raise PipelineError("initial_alphabet must hold single characters")
    elif name in _STR_OPTIONS:
        if not isinstance(value, str):
            raise PipelineError(f"{name} must be a string or null, got {value!r}")
    elif name in ("byte_fallback", "fuse_unk"):
        if not isinstance(value, bool):
            raise PipelineError(f"{name} must be true or false, got {value!r}")
    elif name == "dropout":
        if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise PipelineError(f"dropout must be between 0 and 1, got {value!r}")
    elif name == "shrinking_factor":
        if not isinstance(value, (int, float)) or not 0.0 < value < 1.0:
            raise PipelineError(f"shrinking_factor must be between 0 and 1, got {value!r}")
    elif name == "scoring" and value not in ("likelihood", "frequency"):
        raise PipelineError(f"scoring must be likelihood or frequency, got {value!r}")
    elif name == "parity_variant" and value not in ("base", "window"):
        raise PipelineError(f"parity_variant must be base or window, got {value!r}")


def _template_tokens(spec: PipelineSpec) -> list[str]:
    """The special tokens a TemplateProcessing names; each must be a special token."""
    post = spec.post_processor
    if post is None or _type(post) != "TemplateProcessing":
        return []
    names: list[str] = []
    for key in ("single", "pair"):
        text = post.get(key)
        if not isinstance(text, str) or not text.strip():
            raise PipelineError(f"the template's {key} sequence must be a non-empty string")
        try:
            pieces = parse_template(text)
        except (SubwordError, ValueError, TypeError) as exc:
            raise PipelineError(f"template {key} {text!r}: {exc}") from None
        names += [p.id for p in pieces if isinstance(p, SpecialPiece)]
    names = list(dict.fromkeys(names))
    missing = [t for t in names if t not in spec.special_tokens]
    if missing:
        raise PipelineError(f"the template's token {missing[0]!r} is not a special token: "
                            "add it to the special tokens")
    return names


def spec_preset(spec: PipelineSpec) -> Preset:
    """The untrained pipeline of ``spec`` (train it with :func:`train_preset`).

    Raises:
        PipelineError: a bad block or option.
    """
    validate(spec)
    parts = _pipeline_parts(spec)
    trainer = _trainer(spec)
    counting = parts["pre_tokenizer"]
    if counting is None:  # no pre-tokenizer: each text is one word
        counting = pre_tokenizers.Sequence([])
    finish = _Finish(spec.to_dict(), parts, _template_tokens(spec))
    return Preset(spec.name, parts["normalizer"], counting, trainer, finish)


def build_untrained(spec: PipelineSpec) -> Tokenizer:
    """The tokenizer of ``spec`` around an empty model (what HF's script builds before training)."""
    validate(spec)
    parts = _pipeline_parts(spec)
    options = {k: v for k, v in spec.model_options.items() if v is not None}
    if spec.model == "Unigram":
        model: Any = models.Unigram()
    elif spec.model == "WordPiece":
        model = models.WordPiece(**options)
    else:
        model = models.BPE(**options)
    tokenizer = Tokenizer(model)
    for name in ("normalizer", "pre_tokenizer", "decoder"):
        if parts[name] is not None:
            setattr(tokenizer, name, parts[name])
    if parts["post_processor"] is not None and not isinstance(parts["post_processor"], dict):
        tokenizer.post_processor = parts["post_processor"]
    return tokenizer


def _trainer(spec: PipelineSpec) -> Any:
    """Our trainer, configured as HF's trainer of ``spec.model`` would be."""
    options = {k: copy.deepcopy(v) for k, v in spec.trainer.items() if v is not None}
    unk = spec.model_options.get("unk_token")
    if is_parity(spec):
        options.pop("languages_dir")
        for name in _NOT_PARITY:
            options.pop(name, None)  # empty ones (validate refuses the others)
        if "parity_variant" in options:
            options["variant"] = options.pop("parity_variant")
        return ParityBpeTrainer(unk_token=unk, **options)
    for name in ("languages_dir", *_PARITY_ONLY):
        options.pop(name, None)  # no folder: plain BPE
    if spec.model == "BPE":
        # an empty prefix/suffix decorates nothing (HF adds no variant)
        for key in ("continuing_subword_prefix", "end_of_word_suffix"):
            if options.get(key) == "":
                options.pop(key)
        return BpeTrainer(unk_token=unk, **options)
    if spec.model == "WordPiece":
        options.setdefault("scoring", "frequency")  # HF's WordPieceTrainer counts pairs
        return WordPieceTrainer(unk_token=unk if unk is not None else "[UNK]", **options)
    return UnigramTrainer(unk_token=unk, **options)


@dataclass
class _Finish:
    """``finish(model)``: the model set up as HF's trainer leaves it, the blocks around it."""

    spec: dict[str, Any]
    parts: dict[str, Any]
    template_tokens: list[str]

    def __call__(self, trained: Any) -> Tokenizer:
        spec = PipelineSpec.from_dict(self.spec)
        tokenizer = Tokenizer(_with_model_options(spec, trained))
        for name in ("normalizer", "pre_tokenizer", "decoder"):
            if self.parts[name] is not None:
                setattr(tokenizer, name, self.parts[name])
        # HF's Tokenizer.train adds the trainer's special tokens after training
        tokenizer.add_special_tokens(spec.special_tokens)
        post = self.parts["post_processor"]
        if isinstance(post, dict):
            post = processors.TemplateProcessing(
                single=post["single"], pair=post["pair"],
                special_tokens=[(t, tokenizer.token_to_id(t)) for t in self.template_tokens])
        if post is not None:
            tokenizer.post_processor = post
        return tokenizer


def _with_model_options(spec: PipelineSpec, trained: Any) -> Any:
    """The trained model with the options HF's trainer keeps from the model it trains."""
    options = {k: v for k, v in spec.model_options.items() if v is not None}
    if spec.model == "BPE":
        kept = {k: options[k] for k in ("dropout", "fuse_unk", "byte_fallback") if k in options}
        if not kept:
            return trained
        return models.BPE(trained.get_vocab(), trained.merges, unk_token=trained.unk_token,
                          continuing_subword_prefix=trained.continuing_subword_prefix,
                          end_of_word_suffix=trained.end_of_word_suffix, **kept)
    if spec.model == "WordPiece":
        if "max_input_chars_per_word" not in options:
            return trained
        return models.WordPiece(trained.get_vocab(), unk_token=trained.unk_token,
                                max_input_chars_per_word=options["max_input_chars_per_word"],
                                continuing_subword_prefix=trained.continuing_subword_prefix)
    return trained


def train_spec(spec: PipelineSpec, corpus_source: Any, *, field: str = "text",
               column: str | int | None = None, glob: str | None = None,
               n_workers: int | None = None, cancel: Cancel = None,
               ) -> Generator[Any, None, TrainedTokenizer]:
    """Train ``spec`` on a corpus: :func:`train_preset`'s events, cancelling and result.
    A parity-aware spec (:func:`is_parity`) trains on its languages folder instead
    (``corpus_source`` and the reading options are not used).

    Raises:
        PipelineError: a bad spec (before any reading); CorpusError, TrainingError, Cancelled.
    """
    preset = spec_preset(spec)
    if is_parity(spec):
        from ..training.parity import language_files, train_parity_preset

        files, dev = language_files(spec.trainer["languages_dir"])
        return (yield from train_parity_preset(preset, files, dev=dev, n_workers=n_workers,
                                               cancel=cancel))
    return (yield from train_preset(preset, corpus_source, field=field, column=column,
                                    glob=glob, n_workers=n_workers, cancel=cancel))


def with_model(spec: PipelineSpec, model: str) -> PipelineSpec:
    """``spec`` with another model: the shared trainer options (vocab size, special tokens,
    ...) and the unk token stay, the others go back to the new model's defaults."""
    if model not in MODELS:
        raise PipelineError(f"unknown model {model!r} (choose from {', '.join(MODELS)})")
    new = PipelineSpec.from_dict(spec.to_dict())
    new.model = model
    new.trainer = {k: v for k, v in spec.trainer.items()
                   if k in SHARED_OPTIONS and k in TRAINER_OPTIONS[model]}
    new.model_options = {k: v for k, v in spec.model_options.items() if k == "unk_token"}
    return new


def progress_kind(spec: PipelineSpec) -> str:
    """The preset whose training stages and curve ``spec``'s training follows:
    ``byte-bpe`` (BPE after a ByteLevel pre-tokenizer), ``bpe``, ``wordpiece`` or ``unigram``."""
    if spec.model == "Unigram":
        return "unigram"
    if spec.model == "WordPiece":
        return "wordpiece"
    byte_level = any(_type(b) == "ByteLevel" for b in spec.pre_tokenizers)
    return "byte-bpe" if byte_level else "bpe"


def has_byte_alphabet(spec: PipelineSpec) -> bool:
    """Whether the initial alphabet holds the 256 byte-level symbols."""
    alphabet = set(spec.trainer.get("initial_alphabet") or ())
    return alphabet.issuperset(pre_tokenizers.bytes_to_unicode().values())


def set_byte_alphabet(spec: PipelineSpec, on: bool) -> None:
    """Add the 256 byte-level symbols to the initial alphabet, or take them out."""
    symbols = sorted(pre_tokenizers.bytes_to_unicode().values())
    rest = [c for c in spec.trainer.get("initial_alphabet") or () if c not in set(symbols)]
    alphabet = sorted(set(rest) | set(symbols)) if on else rest
    if alphabet:
        spec.trainer["initial_alphabet"] = alphabet
    else:
        spec.trainer.pop("initial_alphabet", None)


# ---------------------------------------------------------------------------------------
# Stage previews
# ---------------------------------------------------------------------------------------
class NormalizerStage(NamedTuple):
    """The text after one more normalizer; ``alignments[i]``: character i's original span."""

    label: str
    text: str
    alignments: list[tuple[int, int]]


class PreToken(NamedTuple):
    """A pre-token: its text, its offsets in the normalized text and in the original text."""

    text: str
    normalized: tuple[int, int]
    original: tuple[int, int]


class PreTokenStage(NamedTuple):
    """The pre-tokens after one more pre-tokenizer."""

    label: str
    pieces: list[PreToken]


@dataclass
class StagePreview:
    """What :func:`stage_preview` returns."""

    original: str
    truncated: bool  # the text was longer than the limit: only its head is shown
    normalizers: list[NormalizerStage]
    pre_tokenizers: list[PreTokenStage]

    @property
    def normalized(self) -> str:
        return self.normalizers[-1].text if self.normalizers else self.original


def stage_preview(spec: PipelineSpec, text: str, limit: int | None = PREVIEW_CHARS
                  ) -> StagePreview:
    """Each block's output on ``text`` (its first ``limit`` characters), computed by our core.

    The normalizers run one after another on one normalized string (as a Sequence
    does), each stage the text so far with its alignments; then the pre-tokenizers
    run one after another on it, each stage the pre-tokens so far.

    Raises:
        PipelineError: a bad block.
    """
    truncated = limit is not None and len(text) > limit
    original = text[:limit] if truncated else text
    norms = [_component("normalizer", b, f"normalizer {i + 1} ({_type(b)})")
             for i, b in enumerate(spec.normalizers)]
    pres = [_component("pre_tokenizer", b, f"pre-tokenizer {i + 1} ({_type(b)})")
            for i, b in enumerate(spec.pre_tokenizers)]
    normalized = NormalizedString(original)
    norm_stages = []
    for block, normalizer in zip(spec.normalizers, norms):
        normalizer.normalize(normalized)
        norm_stages.append(NormalizerStage(block_label(block), normalized.normalized,
                                           list(normalized.alignments)))
    # twice: on the normalized string (original offsets, through the alignments) and on its
    # text alone (offsets in the normalized text, as HF's pre_tokenize_str gives them)
    aligned, plain = PreTokenizedString(normalized), PreTokenizedString(normalized.normalized)
    pre_stages = []
    for block, pre_tokenizer in zip(spec.pre_tokenizers, pres):
        pre_tokenizer.pre_tokenize(aligned)
        pre_tokenizer.pre_tokenize(plain)
        pre_stages.append(PreTokenStage(block_label(block), _pieces(aligned, plain)))
    return StagePreview(original, truncated, norm_stages, pre_stages)


def _pieces(aligned: PreTokenizedString, plain: PreTokenizedString) -> list[PreToken]:
    in_original = aligned.get_splits("original")
    in_normalized = plain.get_splits("original")
    return [PreToken(text, tuple(n_off), tuple(o_off))
            for (text, n_off, _), (_, o_off, _) in zip(in_normalized, in_original)]


# ---------------------------------------------------------------------------------------
# Starting points
# ---------------------------------------------------------------------------------------
def _blocks(components: Iterable[Any]) -> list[dict[str, Any]]:
    return [c.to_dict() for c in components]


def course_bert() -> PipelineSpec:
    """The course's BERT-style WordPiece: NFD + Lowercase + StripAccents, Whitespace,
    ``WordPieceTrainer(vocab_size=25000, special_tokens=[UNK PAD CLS SEP MASK])``,
    ``[CLS]:0 $A:0 [SEP]:0`` template, WordPiece decoder."""
    return PipelineSpec(
        normalizers=_blocks([normalizers.NFD(), normalizers.Lowercase(),
                             normalizers.StripAccents()]),
        pre_tokenizers=_blocks([pre_tokenizers.Whitespace()]),
        model="WordPiece", model_options={"unk_token": "[UNK]"},
        trainer={"vocab_size": 25000,
                 "special_tokens": ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"],
                 "scoring": "frequency"},
        post_processor={"type": "TemplateProcessing", "single": "[CLS]:0 $A:0 [SEP]:0",
                        "pair": "[CLS]:0 $A:0 [SEP]:0 $B:1 [SEP]:1"},
        decoder=decoders.WordPiece(prefix="##").to_dict(), name="course-wordpiece")


def course_gpt2() -> PipelineSpec:
    """The course's GPT-2-style BPE: ByteLevel(add_prefix_space=False), ``BpeTrainer(
    vocab_size=25000, special_tokens=[<|endoftext|>])`` (no byte alphabet given, as in the
    course), ByteLevel(trim_offsets=False) post-processor, ByteLevel decoder."""
    return PipelineSpec(
        pre_tokenizers=_blocks([pre_tokenizers.ByteLevel(add_prefix_space=False)]),
        model="BPE",
        trainer={"vocab_size": 25000, "special_tokens": ["<|endoftext|>"]},
        post_processor=processors.ByteLevel(trim_offsets=False).to_dict(),
        decoder=decoders.ByteLevel().to_dict(), name="course-bpe")


def course_xlnet() -> PipelineSpec:
    """The course's XLNet-style Unigram: Replace ``\\`\\``/``''`` by ``"``, NFKD,
    StripAccents, Replace ``Regex(" {2,}")`` by a space; Metaspace; ``UnigramTrainer(
    vocab_size=25000, special_tokens=[...], unk_token="<unk>")``; ``$A:0 <sep>:0 <cls>:2``
    template; Metaspace decoder."""
    return PipelineSpec(
        normalizers=[{"type": "Replace", "pattern": {"String": "``"}, "content": '"'},
                     {"type": "Replace", "pattern": {"String": "''"}, "content": '"'},
                     {"type": "NFKD"}, {"type": "StripAccents"},
                     {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}],
        pre_tokenizers=_blocks([pre_tokenizers.Metaspace()]),
        model="Unigram", model_options={"unk_token": "<unk>"},
        trainer={"vocab_size": 25000,
                 "special_tokens": ["<cls>", "<sep>", "<unk>", "<pad>", "<mask>", "<s>", "</s>"]},
        post_processor={"type": "TemplateProcessing", "single": "$A:0 <sep>:0 <cls>:2",
                        "pair": "$A:0 <sep>:0 $B:1 <sep>:1 <cls>:2"},
        decoder=decoders.Metaspace().to_dict(), name="course-unigram")


def preset_spec(algorithm: str, vocab_size: int, *, min_frequency: int | None = None,
                special_tokens: Iterable[str] | None = None,
                scoring: str = "likelihood") -> PipelineSpec:
    """One of the four presets (:mod:`subword_core.training.presets`) as a spec; it trains to the
    same tokenizer as ``make_preset`` with these options.

    Raises:
        PipelineError: an unknown preset.
    """
    if algorithm not in DEFAULT_SPECIAL_TOKENS:
        raise PipelineError(f"unknown preset {algorithm!r} "
                            f"(choose from {', '.join(DEFAULT_SPECIAL_TOKENS)})")
    specials = list(dict.fromkeys(special_tokens if special_tokens is not None
                                  else DEFAULT_SPECIAL_TOKENS[algorithm]))
    trainer: dict[str, Any] = {"vocab_size": vocab_size, "special_tokens": specials}
    if min_frequency is not None and algorithm != "unigram":
        trainer["min_frequency"] = min_frequency
    return _PRESET_SPECS[algorithm](trainer, specials, scoring)


def _byte_bpe_spec(trainer: dict[str, Any], specials: list[str], _: str) -> PipelineSpec:
    trainer["initial_alphabet"] = sorted(pre_tokenizers.bytes_to_unicode().values())
    return PipelineSpec(
        pre_tokenizers=_blocks([pre_tokenizers.ByteLevel(add_prefix_space=False)]),
        model="BPE", trainer=trainer,
        post_processor=processors.ByteLevel(trim_offsets=False).to_dict(),
        decoder=decoders.ByteLevel().to_dict(), name="byte-bpe")


def _bpe_spec(trainer: dict[str, Any], specials: list[str], _: str) -> PipelineSpec:
    trainer["end_of_word_suffix"] = "</w>"
    return PipelineSpec(
        pre_tokenizers=_blocks([pre_tokenizers.Whitespace()]), model="BPE",
        model_options={"unk_token": "[UNK]"} if "[UNK]" in specials else {}, trainer=trainer,
        decoder=decoders.BPEDecoder(suffix="</w>").to_dict(), name="bpe")


def _wordpiece_spec(trainer: dict[str, Any], specials: list[str], scoring: str) -> PipelineSpec:
    trainer.update(continuing_subword_prefix="##", scoring=scoring)
    has_template = "[CLS]" in specials and "[SEP]" in specials
    return PipelineSpec(
        normalizers=_blocks([normalizers.BertNormalizer(lowercase=True)]),
        pre_tokenizers=_blocks([pre_tokenizers.BertPreTokenizer()]),
        model="WordPiece", model_options={"unk_token": "[UNK]"}, trainer=trainer,
        post_processor={"type": "TemplateProcessing", "single": "[CLS] $A [SEP]",
                        "pair": "[CLS] $A [SEP] $B:1 [SEP]:1"} if has_template else None,
        decoder=decoders.WordPiece(prefix="##").to_dict(), name="wordpiece")


def _unigram_spec(trainer: dict[str, Any], specials: list[str], _: str) -> PipelineSpec:
    return PipelineSpec(
        normalizers=_blocks([normalizers.NFKC()]),
        pre_tokenizers=_blocks([pre_tokenizers.Metaspace(replacement="▁",
                                                         prepend_scheme="always")]),
        model="Unigram", model_options={"unk_token": "<unk>"} if "<unk>" in specials else {},
        trainer=trainer,
        decoder=decoders.Metaspace(replacement="▁", prepend_scheme="always").to_dict(),
        name="unigram")


def parity_spec(vocab_size: int = 1000) -> PipelineSpec:
    """Parity-aware BPE's pipeline (:func:`subword_core.training.parity.parity_bpe`) as a spec:
    the reference's pre-tokenizers, the 256 byte symbols, a ByteLevel decoder. Its
    ``languages_dir`` is empty: the folder of per-language files is the user's to give."""
    return PipelineSpec(
        pre_tokenizers=_blocks([pre_tokenizers.Whitespace(),
                                pre_tokenizers.ByteLevel(use_regex=False)]),
        model="BPE",
        trainer={"vocab_size": vocab_size, "special_tokens": ["<|endoftext|>"],
                 "min_frequency": 2,
                 "initial_alphabet": sorted(pre_tokenizers.bytes_to_unicode().values()),
                 "languages_dir": None, "parity_variant": "base", "global_merges": 0},
        post_processor=processors.ByteLevel(trim_offsets=False).to_dict(),
        decoder=decoders.ByteLevel().to_dict(), name="parity-bpe")


_PRESET_SPECS = {"byte-bpe": _byte_bpe_spec, "bpe": _bpe_spec, "wordpiece": _wordpiece_spec,
                 "unigram": _unigram_spec}

#: Menu label -> a function giving a fresh spec. Labels stay English (technical names).
STARTING_POINTS: dict[str, Any] = {
    "Course: BERT-style WordPiece": course_bert,
    "Course: GPT-2-style byte-level BPE": course_gpt2,
    "Course: XLNet-style Unigram": course_xlnet,
    "Preset: byte-level BPE (GPT-2)": lambda: preset_spec("byte-bpe", 30000),
    "Preset: BPE with </w> (Sennrich)": lambda: preset_spec("bpe", 30000),
    "Preset: WordPiece (BERT)": lambda: preset_spec("wordpiece", 30000),
    "Preset: Unigram (SentencePiece)": lambda: preset_spec("unigram", 8000),
    "Preset: parity-aware BPE (per language)": parity_spec,
}


def starting_point(label: str) -> PipelineSpec:
    """A fresh copy of the starting point ``label`` (a key of :data:`STARTING_POINTS`)."""
    if label not in STARTING_POINTS:
        raise PipelineError(f"unknown starting point {label!r}")
    return STARTING_POINTS[label]()


__all__ = [
    "MODELS",
    "NormalizerStage",
    "PipelineError",
    "PipelineSpec",
    "PreToken",
    "PreTokenStage",
    "STARTING_POINTS",
    "StagePreview",
    "block_label",
    "build_untrained",
    "course_bert",
    "course_gpt2",
    "course_xlnet",
    "default_block",
    "has_byte_alphabet",
    "is_parity",
    "parity_spec",
    "precompiled_block",
    "preset_spec",
    "progress_kind",
    "set_byte_alphabet",
    "spec_preset",
    "stage_preview",
    "starting_point",
    "train_spec",
    "validate",
    "with_model",
]
