"""The four ready-made training pipelines, and :func:`train_tokenizer` that runs one.

Each preset mirrors a ``tokenizers`` recipe (``tokenizers.implementations``) so a
saved ``tokenizer.json`` means the same thing there:

- ``byte-bpe`` (GPT-2 style, ``ByteLevelBPETokenizer``): no normalizer;
  ``ByteLevel(add_prefix_space=False)``; BPE over the 256-symbol byte alphabet;
  specials ``<|endoftext|>``; ``ByteLevel`` post-processor (``trim_offsets=False``,
  the recipe's default and GPT-2's ``tokenizer.json``) and decoder.
- ``bpe`` (Sennrich, ``CharBPETokenizer``): no normalizer; ``Whitespace``; BPE with
  unk ``[UNK]`` and suffix ``</w>``; specials ``[UNK]``; ``BPEDecoder("</w>")``.
- ``wordpiece`` (BERT, ``BertWordPieceTokenizer``): ``BertNormalizer(lowercase=True)``;
  ``BertPreTokenizer``; WordPiece (unk ``[UNK]``, prefix ``##``); specials
  ``[PAD] [UNK] [CLS] [SEP] [MASK]``; template ``[CLS] $A [SEP]``; WordPiece decoder.
- ``unigram`` (``SentencePieceUnigramTokenizer``): ``NFKC``; ``Metaspace("▁",
  prepend_scheme="always")``; Unigram with unk ``<unk>``; Metaspace decoder.

A :class:`Preset` is untrained: the normalizer and pre-tokenizer used to count
words, the trainer, and ``finish(model)`` that assembles the full
:class:`~subword_core.tokenizer.Tokenizer`. :func:`train_tokenizer` is the one
training path the CLI and the GUI share.

:func:`train_tokenizer` trains from a corpus, or from word counts counted before
(``counts=``, a counts file of :mod:`subword_core.corpus.counts_file`) as long as they
were counted with the pipeline the preset needs (:func:`counting_pipeline`).

:func:`preset_like` is the untrained pipeline of an *existing* tokenizer, set up as
``transformers``' ``PreTrainedTokenizerFast.train_new_from_iterator`` sets up HF's
trainer: same normalizer, pre-tokenizer, decoder and special tokens, a fresh model
of the same type, the post-processor's special ids remapped to the new vocabulary.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from .. import decoders, models, normalizers, pre_tokenizers, processors
from ..added_tokens import AddedToken
from ..components import component_from_dict
from ..corpus import (
    Cancel,
    Cancelled,
    CorpusReport,
    CountsFile,
    WordCounts,
    as_corpus,
    cancel_check,
    iter_count_words,
    read_counts,
)
from ..corpus.counting import iter_cached_count
from ..errors import TrainingError, VocabSizeError, special_tokens_phrase
from ..tokenizer import Tokenizer
from ..trainers import BpeTrainer, TrainingHistory, UnigramTrainer, WordPieceTrainer

ALGORITHMS = ("byte-bpe", "bpe", "wordpiece", "unigram")
SCORINGS = ("likelihood", "frequency")
DEFAULT_SPECIAL_TOKENS: dict[str, list[str]] = {
    "byte-bpe": ["<|endoftext|>"],
    "bpe": ["[UNK]"],
    "wordpiece": ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"],
    "unigram": ["<unk>"],
}


@dataclass
class Preset:
    """An untrained pipeline.

    Attributes:
        name: one of :data:`ALGORITHMS`, or ``like-bpe`` / ``like-wordpiece`` /
            ``like-unigram`` for :func:`preset_like`.
        normalizer, pre_tokenizer: what words are counted with (and the final tokenizer uses).
        trainer: configured, untrained; ``trainer.iter_train(word_counts)``.
        finish: builds the full tokenizer (post-processor, decoder, special tokens)
            around the trained model.
    """

    name: str
    normalizer: Any
    pre_tokenizer: Any
    trainer: Any
    finish: Callable[[Any], Tokenizer]


class TrainedTokenizer(NamedTuple):
    """What :func:`train_tokenizer` returns."""

    tokenizer: Tokenizer
    history: TrainingHistory
    report: CorpusReport


def _assemble(model: Any, preset_parts: dict[str, Any], special_tokens: list[str]) -> Tokenizer:
    """A Tokenizer around ``model`` with the given components; specials become added tokens."""
    tokenizer = Tokenizer(model)
    for name, component in preset_parts.items():
        if component is not None:
            setattr(tokenizer, name, component)
    # HF's Tokenizer.train adds the trainer's special tokens after training; so do we.
    tokenizer.add_special_tokens(list(special_tokens))
    return tokenizer


def byte_bpe(vocab_size: int = 30000, min_frequency: int | None = None,
             special_tokens: Iterable[str] | None = None) -> Preset:
    """GPT-2 style byte-level BPE (see the module docstring)."""
    specials = _specials("byte-bpe", special_tokens)
    alphabet = sorted(pre_tokenizers.bytes_to_unicode().values())
    _check_vocab_size("byte-bpe", vocab_size, len(alphabet) + len(specials),
                      f"the {len(alphabet)} byte symbols and "
                      f"{special_tokens_phrase(len(specials))}")
    pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = BpeTrainer(**_common(vocab_size, min_frequency, specials),
                         initial_alphabet=alphabet)
    parts = {"pre_tokenizer": pre_tokenizer,
             "post_processor": processors.ByteLevel(trim_offsets=False),
             "decoder": decoders.ByteLevel()}
    return Preset("byte-bpe", None, pre_tokenizer, trainer,
                  lambda model: _assemble(model, parts, specials))


def bpe(vocab_size: int = 30000, min_frequency: int | None = None,
        special_tokens: Iterable[str] | None = None) -> Preset:
    """Classic (Sennrich) BPE with an end-of-word suffix ``</w>``."""
    specials = _specials("bpe", special_tokens)
    _check_vocab_size("bpe", vocab_size, len(specials),
                      f"the {special_tokens_phrase(len(specials))}")
    pre_tokenizer = pre_tokenizers.Whitespace()
    # Without [UNK] among the specials, unseen characters are dropped (HF's BPE without unk).
    trainer = BpeTrainer(**_common(vocab_size, min_frequency, specials),
                         end_of_word_suffix="</w>",
                         unk_token="[UNK]" if "[UNK]" in specials else None)
    parts = {"pre_tokenizer": pre_tokenizer, "decoder": decoders.BPEDecoder(suffix="</w>")}
    return Preset("bpe", None, pre_tokenizer, trainer,
                  lambda model: _assemble(model, parts, specials))


def wordpiece(vocab_size: int = 30000, min_frequency: int | None = None,
              special_tokens: Iterable[str] | None = None,
              scoring: str = "likelihood") -> Preset:
    """BERT WordPiece; ``scoring`` is ``likelihood`` (the WordPiece criterion) or ``frequency``."""
    if scoring not in SCORINGS:
        raise TrainingError(f"scoring must be one of {', '.join(SCORINGS)}, got {scoring!r}")
    specials = _specials("wordpiece", special_tokens)
    _check_vocab_size("wordpiece", vocab_size, len(specials),
                      f"the {special_tokens_phrase(len(specials))}")
    normalizer = normalizers.BertNormalizer(lowercase=True)
    pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = WordPieceTrainer(**_common(vocab_size, min_frequency, specials),
                               continuing_subword_prefix="##", scoring=scoring)

    def finish(model: Any) -> Tokenizer:
        parts = {"normalizer": normalizer, "pre_tokenizer": pre_tokenizer,
                 "post_processor": _bert_template(model),
                 "decoder": decoders.WordPiece(prefix="##")}
        return _assemble(model, parts, specials)

    return Preset("wordpiece", normalizer, pre_tokenizer, trainer, finish)


def _bert_template(model: Any) -> Any:
    """``[CLS] $A [SEP]`` / ``[CLS] $A [SEP] $B:1 [SEP]:1``, or none without both tokens."""
    ids = {tok: model.token_to_id(tok) for tok in ("[CLS]", "[SEP]")}
    if any(i is None for i in ids.values()):
        return None
    return processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[(tok, i) for tok, i in ids.items()])


def unigram(vocab_size: int = 8000, min_frequency: int | None = None,
            special_tokens: Iterable[str] | None = None) -> Preset:
    """SentencePiece-style Unigram (``min_frequency`` is not a Unigram option and is ignored)."""
    specials = _specials("unigram", special_tokens)
    _check_vocab_size("unigram", vocab_size, len(specials),
                      f"the {special_tokens_phrase(len(specials))}")
    normalizer = normalizers.NFKC()
    pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    unk = "<unk>" if "<unk>" in specials else None
    trainer = UnigramTrainer(vocab_size=vocab_size, special_tokens=specials, unk_token=unk)
    parts = {"normalizer": normalizer, "pre_tokenizer": pre_tokenizer,
             "decoder": decoders.Metaspace(replacement="▁", prepend_scheme="always")}
    return Preset("unigram", normalizer, pre_tokenizer, trainer,
                  lambda model: _assemble(model, parts, specials))


PRESETS: dict[str, Callable[..., Preset]] = {
    "byte-bpe": byte_bpe, "bpe": bpe, "wordpiece": wordpiece, "unigram": unigram,
}


def make_preset(algorithm: str, vocab_size: int, *, min_frequency: int | None = None,
                special_tokens: Iterable[str] | None = None,
                scoring: str | None = None) -> Preset:
    """The preset named ``algorithm``; ``scoring`` applies to ``wordpiece`` only.

    Raises:
        TrainingError: unknown algorithm, bad scoring, or an impossible vocabulary size.
    """
    if algorithm not in PRESETS:
        choices = ", ".join(ALGORITHMS)
        raise TrainingError(f"unknown algorithm {algorithm!r} (choose from {choices})")
    options: dict[str, Any] = {"vocab_size": vocab_size, "min_frequency": min_frequency,
                               "special_tokens": special_tokens}
    if scoring is not None:
        if algorithm != "wordpiece":
            raise TrainingError("scoring applies to the wordpiece algorithm only")
        options["scoring"] = scoring
    return PRESETS[algorithm](**options)


# ---------------------------------------------------------------------------------------
# Training like an existing tokenizer (transformers' train_new_from_iterator)
# ---------------------------------------------------------------------------------------
#: The model types that have a trainer, by exact type (a format's own model subclass has none).
_LIKE_KINDS: dict[type, str] = {models.BPE: "bpe", models.WordPiece: "wordpiece",
                                models.Unigram: "unigram"}
_TRAINERS: dict[str, Any] = {"bpe": BpeTrainer, "wordpiece": WordPieceTrainer,
                             "unigram": UnigramTrainer}
#: Options preset_like sets itself: a caller cannot pass them as trainer options.
_OWN_OPTIONS = ("vocab_size", "special_tokens")

ModelOf = Callable[[Any], Any]


def preset_like(tokenizer: Tokenizer | str, vocab_size: int, *,
                new_special_tokens: Iterable[str | AddedToken] | None = None,
                min_frequency: int | None = None,
                special_tokens_map: Mapping[str, str] | None = None,
                **trainer_options: Any) -> Preset:
    """The untrained pipeline of an existing tokenizer, to retrain it on new text.

    Set up as ``transformers``' ``PreTrainedTokenizerFast.train_new_from_iterator``
    (5.x) sets up HF's trainer, so the same corpus gives the same merges:

    - words are counted with the tokenizer's normalizer and pre-tokenizer; the
      result keeps them, the decoder, truncation and padding;
    - a trainer of the model's type. **BPE**: the model's ``continuing_subword_prefix``
      and ``end_of_word_suffix`` are the trainer's; its dropout, unk token,
      ``fuse_unk``, ``byte_fallback`` and ``ignore_merges`` carry over to the new
      model (an ``unk_token`` option replaces the unk token, BPE and WordPiece: ours).
      **WordPiece**: unk token and ``max_input_chars_per_word`` carry over; the
      prefix is the trainer's (``##`` unless given, as in HF); pairs are chosen by
      count (HF's WordPieceTrainer; ``scoring="likelihood"`` is ours). **Unigram**:
      the unk token is kept (id 0 unless it is a special token); the new model has no
      byte fallback (HF's trainer builds a fresh model). ``min_frequency`` applies to
      BPE and WordPiece (HF's UnigramTrainer ignores it, so do we);
    - a ``ByteLevel`` pre-tokenizer (alone or in a top-level ``Sequence``) puts its 256
      byte symbols in the initial alphabet;
    - the special added tokens (for Unigram, every added token), then
      ``new_special_tokens``, are the trainer's special tokens: first in the
      vocabulary, options kept. The other added tokens are added again after
      training, as ``from_pretrained`` tokenizers get them back from their
      ``tokenizer_config.json``;
    - the post-processor's special tokens get their ids in the new vocabulary.

    Unlike transformers, on purpose: special ids inside a ``Sequence`` post-processor
    are remapped too (transformers keeps the old ones, e.g. Llama 3's
    ``<|begin_of_text|>`` stays 128000), and padding's ``pad_id`` follows its token.

    Args:
        tokenizer: the tokenizer to imitate, or its ``tokenizer.json`` text.
        vocab_size: size of the new vocabulary, special tokens included.
        new_special_tokens: more special tokens, after the old ones.
        min_frequency: least count of a pair to merge (BPE, WordPiece).
        special_tokens_map: renames special tokens, old content -> new content.
        **trainer_options: options of the trainer (:class:`BpeTrainer`,
            :class:`WordPieceTrainer`, :class:`UnigramTrainer`), e.g. ``limit_alphabet``.

    Raises:
        TrainingError: a model type with no trainer, an unknown option, or a vocabulary
            size below the special tokens plus the fixed (byte-level) alphabet.
        TokenizerFileError: ``tokenizer`` is text but not a valid ``tokenizer.json``.
    """
    # 1. the model type decides the trainer; the rest of the pipeline is copied
    old = _as_tokenizer(tokenizer)
    kind = _LIKE_KINDS.get(type(old.model))
    if kind is None:
        raise TrainingError(f"cannot retrain a {type(old.model).__name__} model: only BPE, "
                            "WordPiece and Unigram models have a trainer")
    rename = _rename_map(special_tokens_map)
    parts = {name: _copied(name, getattr(old, name))
             for name in ("normalizer", "pre_tokenizer", "decoder")}
    # 2. special tokens (the trainer's, in order) and the other added tokens (re-added)
    specials, others = _like_added_tokens(old, kind == "unigram", rename, new_special_tokens)
    contents = list(dict.fromkeys(t.content for t in specials))
    # 3. the trainer, configured as transformers configures HF's
    options = _trainer_options(kind, trainer_options)
    options.update(vocab_size=vocab_size, special_tokens=contents)
    if min_frequency is not None and kind != "unigram":
        options["min_frequency"] = min_frequency
    alphabet = pre_tokenizers.ByteLevel.alphabet() if _has_byte_level(old.pre_tokenizer) else []
    if alphabet:
        options["initial_alphabet"] = alphabet
    trainer, model_of = _LIKE_MODELS[kind](old.model, options, rename)
    _check_like_vocab_size(kind, trainer, vocab_size, contents, alphabet)
    # 4. what finish() puts back around the trained model, captured now
    post = old.post_processor.to_dict() if old.post_processor is not None else None
    finish = _Rebuild(model_of, parts, specials, others, post, old.truncation, old.padding,
                      rename, getattr(old, "pretrained", None))
    # subtle: with no pre-tokenizer HF's trainer sees each text as one word (Llama-legacy
    # pipelines); corpus counting reads None as "split on whitespace", so count with an
    # empty Sequence, which leaves each text whole. The tokenizer keeps None.
    counting = parts["pre_tokenizer"]
    if counting is None:
        counting = pre_tokenizers.Sequence([])
    return Preset(f"like-{kind}", parts["normalizer"], counting, trainer, finish)


@dataclass
class _Rebuild:
    """``finish(model)`` of :func:`preset_like`: the old pipeline around the trained model."""

    model_of: ModelOf
    parts: dict[str, Any]
    specials: list[AddedToken]
    others: list[AddedToken]
    post: dict[str, Any] | None
    truncation: dict[str, Any] | None
    padding: dict[str, Any] | None
    rename: dict[str, str]
    pretrained: Any = None  # the old tokenizer_config.json view (formats.pretrained.Pretrained)

    def __call__(self, trained: Any) -> Tokenizer:
        new = Tokenizer(self.model_of(trained))
        for name, component in self.parts.items():
            setattr(new, name, component)
        new.add_special_tokens(self.specials)  # as HF's Tokenizer.train does after training
        if self.post is not None:
            remapped = _remap_special_ids(copy.deepcopy(self.post), new, self.rename)
            new.post_processor = component_from_dict("post_processor", remapped)
        if self.truncation is not None:
            new.enable_truncation(**self.truncation)
        if self.padding is not None:
            new.enable_padding(**_remapped_padding(self.padding, new, self.rename))
        new.add_tokens(self.others)  # what from_pretrained adds back (tokenizer_config.json)
        new.pretrained = self._pretrained()
        return new

    def _pretrained(self) -> Any:
        """The roles, max length and sides carry over, as transformers keeps the old
        ``init_kwargs``; the declared added-token ids were the old vocabulary's."""
        if self.pretrained is None:
            return None
        config = copy.deepcopy(self.pretrained)
        config.roles = {role: self.rename.get(token, token) if isinstance(token, str) else token
                        for role, token in config.roles.items()}
        config.additional_special_tokens = [self.rename.get(t, t)
                                            for t in config.additional_special_tokens]
        config.added_tokens_decoder = {}
        return config


def _check_like_vocab_size(kind: str, trainer: Any, vocab_size: int, contents: list[str],
                           alphabet: list[str]) -> None:
    # what the vocabulary always holds (a Unigram vocabulary also holds its unk token)
    fixed = set(contents) | set(alphabet)
    if kind == "unigram" and trainer.unk_token is not None:
        fixed.add(trainer.unk_token)
    _check_vocab_size(f"like-{kind}", vocab_size, len(fixed),
                      (f"the {len(alphabet)} byte symbols and " if alphabet else "the ")
                      + special_tokens_phrase(len(fixed - set(alphabet))))


def _as_tokenizer(tokenizer: Tokenizer | str) -> Tokenizer:
    if isinstance(tokenizer, Tokenizer):
        return tokenizer
    if isinstance(tokenizer, str):
        return Tokenizer.from_str(tokenizer)
    raise TrainingError(f"like must be a Tokenizer or tokenizer.json text, "
                        f"got {type(tokenizer).__name__}")


def _rename_map(special_tokens_map: Mapping[str, str] | None) -> dict[str, str]:
    rename = dict(special_tokens_map or {})
    if any(not isinstance(k, str) or not isinstance(v, str) or not v for k, v in rename.items()):
        raise TrainingError("special_tokens_map must map token strings to non-empty strings")
    return rename


def _copied(kind: str, component: Any) -> Any:
    """An independent copy (the old tokenizer may change while the new one trains)."""
    return None if component is None else component_from_dict(kind, component.to_dict())


def _has_byte_level(pre_tokenizer: Any) -> bool:
    """transformers' test: a ByteLevel pre-tokenizer, or a Sequence with one at its top level."""
    if type(pre_tokenizer) is pre_tokenizers.ByteLevel:
        return True
    members = pre_tokenizer.pretokenizers if type(pre_tokenizer) is pre_tokenizers.Sequence \
        else ()
    return any(type(member) is pre_tokenizers.ByteLevel for member in members)


def _like_added_tokens(old: Tokenizer, all_special: bool, rename: dict[str, str],
                       new_special_tokens: Iterable[str | AddedToken] | None
                       ) -> tuple[list[AddedToken], list[AddedToken]]:
    """``(special tokens for the trainer, other added tokens)``, each in old id order."""
    specials: list[AddedToken] = []
    others: list[AddedToken] = []
    for token in old.get_added_tokens_decoder().values():  # options explicit
        if not (token.special or all_special):
            others.append(token)
            continue
        content = rename.get(token.content, token.content)
        specials.append(AddedToken(content, token.single_word, token.lstrip, token.rstrip,
                                   token.normalized, special=True))
    if isinstance(new_special_tokens, str):
        raise TrainingError("new_special_tokens must be a list of tokens, not one string")
    for token in new_special_tokens or ():
        if isinstance(token, str):
            token = AddedToken(token, special=True)
        if not isinstance(token, AddedToken) or not token.content:
            raise TrainingError("new special tokens must be non-empty strings or AddedTokens")
        specials.append(token)
    return specials, others


def _trainer_options(kind: str, trainer_options: dict[str, Any]) -> dict[str, Any]:
    """The caller's trainer options, checked against the trainer's fields."""
    cls = _TRAINERS[kind]
    known = {f.name for f in fields(cls)} - set(_OWN_OPTIONS)
    for name in trainer_options:
        if name in _OWN_OPTIONS:
            raise TrainingError(f"{name} is not a trainer option here: it comes from the "
                                "tokenizer (use vocab_size / new_special_tokens)")
        if name not in known:
            raise TrainingError(f"{cls.__name__} has no option {name!r} "
                                f"(options: {', '.join(sorted(known))})")
    return dict(trainer_options)


def _bpe_like(model: Any, options: dict[str, Any], rename: dict[str, str]
              ) -> tuple[Any, ModelOf]:
    """HF's BpeTrainer writes vocab, merges, prefix and suffix into the old model object."""
    prefix = options.pop("continuing_subword_prefix", model.continuing_subword_prefix)
    suffix = options.pop("end_of_word_suffix", model.end_of_word_suffix)
    unk = options.pop("unk_token", rename.get(model.unk_token, model.unk_token))
    kept = {"dropout": model.dropout, "fuse_unk": model.fuse_unk,
            "byte_fallback": model.byte_fallback, "ignore_merges": model.ignore_merges}
    # An empty prefix/suffix decorates nothing (HF then adds no variant): train without it,
    # and keep "" in the model as HF does.
    trainer = BpeTrainer(continuing_subword_prefix=prefix or None,
                         end_of_word_suffix=suffix or None, unk_token=unk, **options)

    def model_of(trained: Any) -> Any:
        return models.BPE(trained.get_vocab(), trained.merges, unk_token=unk,
                          continuing_subword_prefix=prefix, end_of_word_suffix=suffix, **kept)

    return trainer, model_of


def _wordpiece_like(model: Any, options: dict[str, Any], rename: dict[str, str]
                    ) -> tuple[Any, ModelOf]:
    """HF's WordPieceTrainer writes vocab and prefix (its own, ``##``) into the old model."""
    options.setdefault("scoring", "frequency")
    unk = options.pop("unk_token", rename.get(model.unk_token, model.unk_token))
    max_chars = model.max_input_chars_per_word
    trainer = WordPieceTrainer(unk_token=unk, **options)

    def model_of(trained: Any) -> Any:
        return models.WordPiece(trained.get_vocab(), unk_token=unk,
                                max_input_chars_per_word=max_chars,
                                continuing_subword_prefix=trained.continuing_subword_prefix)

    return trainer, model_of


def _unigram_like(model: Any, options: dict[str, Any], rename: dict[str, str]
                  ) -> tuple[Any, ModelOf]:
    """HF's UnigramTrainer replaces the model; transformers passes the old unk piece."""
    if model.unk_id is not None:
        unk = model.id_to_token(model.unk_id)
        options["unk_token"] = rename.get(unk, unk)
    else:
        options.setdefault("unk_token", None)  # HF's default: no unknown token
    return UnigramTrainer(**options), lambda trained: trained


_LIKE_MODELS: dict[str, Callable[..., tuple[Any, ModelOf]]] = {
    "bpe": _bpe_like, "wordpiece": _wordpiece_like, "unigram": _unigram_like,
}


def _remap_special_ids(data: dict[str, Any], tokenizer: Tokenizer,
                       rename: dict[str, str]) -> dict[str, Any]:
    """transformers' remapping of a post-processor's special ids (and inside a Sequence)."""
    for entry in (data.get("special_tokens") or {}).values():  # TemplateProcessing
        entry["tokens"] = [rename.get(t, t) for t in entry["tokens"]]
        entry["ids"] = [_new_id(tokenizer, t) for t in entry["tokens"]]
    for role in ("cls", "sep"):  # BertProcessing, RobertaProcessing
        if role in data:
            token = rename.get(data[role][0], data[role][0])
            data[role] = [token, _new_id(tokenizer, token)]
    for member in data.get("processors") or ():  # Sequence
        _remap_special_ids(member, tokenizer, rename)
    return data


def _new_id(tokenizer: Tokenizer, token: str) -> int:
    found = tokenizer.token_to_id(token)
    if found is None:
        raise TrainingError(f"the post-processor's special token {token!r} is not in the "
                            "new vocabulary (add it with new_special_tokens)")
    return found


def _remapped_padding(padding: dict[str, Any], tokenizer: Tokenizer,
                      rename: dict[str, str]) -> dict[str, Any]:
    """The padding options with the pad token's new id (when the new vocabulary has it)."""
    token = rename.get(padding["pad_token"], padding["pad_token"])
    found = tokenizer.token_to_id(token)
    return {**padding, "pad_token": token,
            "pad_id": padding["pad_id"] if found is None else found}


#: A vocabulary size large enough for any preset's checks (the counting pipeline ignores it).
_ANY_VOCAB_SIZE = 1 << 30


def counting_pipeline(algorithm: str | None = None, *, like: Tokenizer | str | None = None,
                      ) -> Preset:
    """The preset whose ``normalizer`` and ``pre_tokenizer`` count words for ``algorithm``
    (or for retraining ``like``): what a counts file must have been counted with to train
    it. Its trainer is not meant to be used (the vocabulary size is a placeholder).

    Raises:
        TrainingError: unknown algorithm, or a ``like`` model type without a trainer.
    """
    if like is not None:
        return preset_like(like, _ANY_VOCAB_SIZE)
    if algorithm is None:
        raise TrainingError("give an algorithm, or a tokenizer to count like")
    return make_preset(algorithm, _ANY_VOCAB_SIZE)


def train_tokenizer(corpus_source: Any, algorithm: str | None, vocab_size: int, *,
                    min_frequency: int | None = None,
                    special_tokens: Iterable[str] | None = None,
                    scoring: str | None = None, field: str = "text",
                    column: str | int | None = None, glob: str | None = None,
                    n_workers: int | None = None, cancel: Cancel = None,
                    like: Tokenizer | str | None = None,
                    counts: CountsFile | str | os.PathLike[str] | None = None,
                    counts_cache: str | os.PathLike[str] | None = None,
                    ) -> Generator[Any, None, TrainedTokenizer]:
    """Read a corpus, count words, train and finish a tokenizer, yielding progress events.

    Yields the corpus events (stage ``count_words``) then the trainer's events
    (:mod:`subword_core.trainers.events`). Stop by closing the generator or setting
    ``cancel``.

    Args:
        corpus_source: anything :func:`subword_core.corpus.as_corpus` takes (paths or
            texts); ``None`` with ``counts``.
        algorithm: ``byte-bpe``, ``bpe``, ``wordpiece`` or ``unigram``; ignored (may be
            ``None``) when ``like`` is given.
        vocab_size: target size, special tokens included.
        min_frequency, special_tokens, scoring: see :func:`make_preset`. With ``like``,
            ``special_tokens`` are *new* special tokens added to the old ones, and
            ``scoring`` applies to a WordPiece model only.
        field, column, glob: how to read JSON, CSV and directories.
        n_workers: word-counting processes (``None``: automatic).
        cancel: a ``threading.Event`` or callable; when set, ``Cancelled`` is raised.
        like: retrain this tokenizer's pipeline (a Tokenizer or ``tokenizer.json`` text)
            instead of a named algorithm; see :func:`preset_like`.
        counts: train from these word counts (a counts file or its path) instead of a
            corpus; they must have been counted with the preset's normalizer and
            pre-tokenizer. The report is the one recorded in the file.
        counts_cache: a directory of counts files keyed by the corpus files (paths, sizes,
            modification times), the reading options and the pipeline: a corpus counted
            before with the same pipeline is not read again.

    Returns:
        ``TrainedTokenizer(tokenizer, history, report)``.

    Raises:
        CorpusError, TrainingError: bad input (``CountsFileError``: the counts were
        counted with another pipeline; ``VocabSizeError``: ``vocab_size`` is below what
        the alphabet and the special tokens need); Cancelled: ``cancel`` was set.
    """
    # 1. the untrained pipeline: option errors surface before any reading
    if like is not None:
        options = {} if scoring is None else {"scoring": scoring}
        preset = preset_like(like, vocab_size, new_special_tokens=special_tokens,
                             min_frequency=min_frequency, **options)
    elif algorithm is None:
        raise TrainingError("give an algorithm, or a tokenizer to train like")
    else:
        preset = make_preset(algorithm, vocab_size, min_frequency=min_frequency,
                             special_tokens=special_tokens, scoring=scoring)
    return (yield from train_preset(preset, corpus_source, field=field, column=column,
                                    glob=glob, n_workers=n_workers, cancel=cancel,
                                    counts=counts, counts_cache=counts_cache,
                                    retrained=like is not None))


def train_preset(preset: Preset, corpus_source: Any, *, field: str = "text",
                 column: str | int | None = None, glob: str | None = None,
                 n_workers: int | None = None, cancel: Cancel = None,
                 counts: CountsFile | str | os.PathLike[str] | None = None,
                 counts_cache: str | os.PathLike[str] | None = None,
                 retrained: bool = False,
                 ) -> Generator[Any, None, TrainedTokenizer]:
    """Train an untrained pipeline (any :class:`Preset`, e.g. a builder's) on a corpus.

    The steps after :func:`train_tokenizer` has made its preset: the same events,
    cancelling, counts file and counts cache, and result (``retrained``: the preset
    copies another tokenizer's pipeline, which a refused counts file's message names).

    Raises:
        CorpusError, TrainingError: bad input; Cancelled: ``cancel`` was set.
    """
    # 2. word counts: from a counts file, the cache, or reading the corpus
    if counts is not None:
        words, report = _counts_for(preset, counts, retrained)
    else:
        corpus = as_corpus(corpus_source, field=field, column=column, glob=glob)
        counting = iter_count_words(corpus, preset.normalizer, preset.pre_tokenizer,
                                    n_workers=n_workers, cancel=cancel) \
            if counts_cache is None or corpus.texts is not None else iter_cached_count(
                corpus, preset.normalizer, preset.pre_tokenizer, counts_cache,
                n_workers=n_workers, cancel=cancel)
        words, report = yield from counting
    # 3. train, relaying the trainer's events
    try:
        model, history = yield from relay_cancellable(preset.trainer.iter_train(words),
                                                      cancel_check(cancel))
    except VocabSizeError as exc:  # Unigram's trainer finds its alphabet too large
        raise exc.for_algorithm(preset.name or "this pipeline") from None
    # 4. BPE and WordPiece trainers keep the whole alphabet, as HF's do: refuse like the others
    check_trained_size(model, preset.trainer, preset.name or "this pipeline")
    # 5. assemble the tokenizer
    return TrainedTokenizer(preset.finish(model), history, report)


def _counts_for(preset: Preset, counts: CountsFile | str | os.PathLike[str],
                like: bool) -> WordCounts:
    """The counts of a counts file, if counted with the preset's pipeline."""
    counts_file = counts if isinstance(counts, CountsFile) else read_counts(counts)
    counts_file.check_pipeline(preset.normalizer, preset.pre_tokenizer,
                               "that tokenizer" if like else preset.name)
    # a copy of the report: a CountsFile may train several tokenizers
    report = copy.deepcopy(counts_file.report)
    return WordCounts(counts_file.counts, report)


def check_trained_size(model: Any, trainer: Any, algorithm: str) -> None:
    """Refuse a model larger than its trainer's ``vocab_size``: the size asked was below
    what the corpus's characters (with their prefix/suffix variants) and the special tokens
    need. BPE and WordPiece trainers learn no merge then, so the model is that minimum.

    Raises:
        VocabSizeError: naming the minimum, worded as byte-BPE's and Unigram's refusals.
    """
    size = model.get_vocab_size()
    if size > trainer.vocab_size:
        n_specials = len(trainer.special_tokens)
        raise VocabSizeError(trainer.vocab_size, size,
                             f"the corpus's {size - n_specials:,} symbols (characters and "
                             f"their variants) and {special_tokens_phrase(n_specials)}",
                             algorithm)


def relay_cancellable(gen: Generator[Any, None, Any],
                      cancelled: Callable[[], bool]) -> Generator[Any, None, Any]:
    """``yield from gen``, checking ``cancelled`` between events."""
    try:
        while True:
            if cancelled():
                raise Cancelled("training cancelled")
            try:
                event = next(gen)
            except StopIteration as stop:
                return stop.value
            yield event
    finally:
        gen.close()


def _common(vocab_size: int, min_frequency: int | None, specials: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {"vocab_size": vocab_size, "special_tokens": specials}
    if min_frequency is not None:
        options["min_frequency"] = min_frequency
    return options


def _specials(algorithm: str, special_tokens: Iterable[str] | None) -> list[str]:
    if special_tokens is None:
        return list(DEFAULT_SPECIAL_TOKENS[algorithm])
    specials = list(dict.fromkeys(special_tokens))  # drop repeats, keep order
    if any(not isinstance(t, str) or not t for t in specials):
        raise TrainingError("special tokens must be non-empty strings")
    return specials


def _check_vocab_size(algorithm: str, vocab_size: int, minimum: int, what: str) -> None:
    if not isinstance(vocab_size, int) or vocab_size <= 0:
        raise TrainingError(f"vocab size must be a positive integer, got {vocab_size!r}")
    if vocab_size < minimum:
        raise VocabSizeError(vocab_size, minimum, what, algorithm)


__all__ = [
    "ALGORITHMS",
    "DEFAULT_SPECIAL_TOKENS",
    "PRESETS",
    "Preset",
    "TrainedTokenizer",
    "bpe",
    "byte_bpe",
    "counting_pipeline",
    "make_preset",
    "preset_like",
    "check_trained_size",
    "train_preset",
    "train_tokenizer",
    "unigram",
    "wordpiece",
]
