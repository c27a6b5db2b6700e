"""Vocabulary files: GPT-2 ``vocab.json`` + ``merges.txt``, and BERT ``vocab.txt``.

Before ``tokenizer.json`` existed, models shipped their vocabulary only; ``transformers``
builds the pipeline from the tokenizer class named in ``tokenizer_config.json`` (its
slow->fast converters, the tokenizer classes of transformers 5). This module builds the
same pipelines, so ids, tokens, offsets and word ids match
``AutoTokenizer.from_pretrained(folder)``:

==================  ================================================================
class (config)      pipeline
==================  ================================================================
``GPT2Tokenizer``   byte-level BPE: ``ByteLevel(add_prefix_space)`` pre-tokenizer and
  (the default)     decoder; roles ``<|endoftext|>``; ``[bos] $A [eos]`` template per
                    ``add_bos_token`` / ``add_eos_token``
``RobertaTokenizer`` the same BPE with ``RobertaProcessing`` (``<s> $A </s>``,
  (``Bart...``)     ``trim_offsets``) and roles ``<s> </s> <unk> <pad> <mask>``
``Qwen2Tokenizer``  NFC, Qwen's split regex + ``ByteLevel(use_regex=False)``
``BertTokenizer``   ``vocab.txt``: ``BertNormalizer`` (``do_lower_case``,
                    ``tokenize_chinese_chars``, ``strip_accents``), ``BertPreTokenizer``,
                    WordPiece, ``[CLS] $A [SEP]``, WordPiece decoder
==================  ================================================================

The files are read as ``tokenizers`` reads them (``BPE.from_file``, ``WordPiece.from_file``),
by the models' own readers in :mod:`subword_core.models._files`.

Example:
    ``read_gpt2_bpe("gpt2/vocab.json")`` finds ``merges.txt`` beside it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import decoders, normalizers, pre_tokenizers
from ..added_tokens import AddedToken
from ..errors import TokenizerFileError
from ..models import BPE, WordPiece
from ..models._files import read_merge_columns, read_vocab_json, read_vocab_txt
from ..processors import RobertaProcessing, TemplateProcessing
from ..text.onig import Regex
from ..tokenizer import Tokenizer
from . import Opened, Source
from .naming import find_bpe_pair, tokenizer_file_name
from .pretrained import (
    Pretrained, added_id_notes, apply_pretrained, read_pretrained, role_template,
)

#: Qwen2's split pattern (``Qwen2Tokenizer``): GPT-4-like, digits one at a time.
QWEN2_PATTERN = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|"
                 r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_GPT2_ROLES = {"unk_token": "<|endoftext|>", "bos_token": "<|endoftext|>",
               "eos_token": "<|endoftext|>"}
_ROBERTA_ROLES = {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>",
                  "cls_token": "<s>", "unk_token": "<unk>", "pad_token": "<pad>",
                  "mask_token": "<mask>"}
_QWEN2_ROLES = {"unk_token": "<|endoftext|>", "bos_token": None,
                "eos_token": "<|endoftext|>", "pad_token": "<|endoftext|>"}
_BERT_ROLES = {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]",
               "cls_token": "[CLS]", "mask_token": "[MASK]"}
_ROBERTA_CLASSES = {"RobertaTokenizer", "BartTokenizer", "LongformerTokenizer"}
_BERT_CLASSES = {"BertTokenizer", "DistilBertTokenizer"}


# ---------------------------------------------------------------- byte-level BPE
def read_gpt2_bpe(path: str | os.PathLike[str], *,
                  pretrained: Pretrained | None = None) -> Opened:
    """A GPT-2-style byte-level BPE from ``vocab.json`` + ``merges.txt`` (either path).

    The pipeline follows the tokenizer class of ``pretrained`` (else of a
    ``tokenizer_config.json`` beside the files; GPT-2 without one).
    """
    vocab_path, merges_path = find_bpe_pair(path)
    if pretrained is None:
        pretrained = read_pretrained(vocab_path.parent)
    config = pretrained or Pretrained()
    vocab = read_vocab_json(vocab_path)
    merges = read_merge_columns(merges_path)
    family, notes = _bpe_family(config.tokenizer_class)
    build: Callable[..., Tokenizer] = _BPE_BUILDERS[family]
    try:
        tokenizer, config = build(vocab, merges, config)
    except TokenizerFileError as exc:
        raise TokenizerFileError(f"{merges_path}: {exc}") from None
    tokenizer.pretrained = config
    notes += _id_notes_of(tokenizer)
    name = tokenizer_file_name(vocab_path.parent / "tokenizer.json")
    description = (f"{name}: {family} byte-level BPE from "
                   f"{vocab_path.name} + {merges_path.name} ({len(vocab):,} tokens, "
                   f"{len(merges.lefts):,} merges)")
    return Opened(tokenizer, Source(str(path), "gpt2-bpe", description, tuple(notes)))


def _bpe_family(tokenizer_class: str | None) -> tuple[str, list[str]]:
    name = (tokenizer_class or "").removesuffix("Fast")
    if name in _ROBERTA_CLASSES:
        return "RoBERTa", []
    if name == "Qwen2Tokenizer":
        return "Qwen2", []
    if name in ("", "GPT2Tokenizer", "TokenizersBackend", "PreTrainedTokenizer"):
        return "GPT-2", []
    return "GPT-2", [f"tokenizer_class {tokenizer_class} is not known here: read as "
                     "GPT-2 byte-level BPE"]


def _byte_bpe(vocab: dict[str, int], merges: list[tuple[str, str]], **options: Any) -> BPE:
    # The tokenizer classes give "" (not None) prefix and suffix; both mean none.
    # read_vocab_json has checked the vocabulary: the model takes it as it is.
    return BPE.from_checked_vocab(vocab, merges, continuing_subword_prefix="",
                                  end_of_word_suffix="", fuse_unk=False, **options)


def _flag(config: Pretrained, key: str, default: bool) -> bool:
    value = config.extra.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise TokenizerFileError(f"tokenizer_config.json: {key} must be true or false")
    return value


def _build_gpt2(vocab, merges, config: Pretrained) -> tuple[Tokenizer, Pretrained]:
    """transformers 5 ``GPT2Tokenizer``."""
    config = config.with_role_defaults(_GPT2_ROLES)
    tokenizer = Tokenizer(_byte_bpe(vocab, merges))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(
        add_prefix_space=_flag(config, "add_prefix_space", False))
    tokenizer.decoder = decoders.ByteLevel()
    apply_pretrained(tokenizer, config)
    tokenizer.post_processor = role_template(tokenizer, config)
    return tokenizer, config


def _build_roberta(vocab, merges, config: Pretrained) -> tuple[Tokenizer, Pretrained]:
    """transformers 5 ``RobertaTokenizer`` (the RobertaConverter pipeline)."""
    config = config.with_role_defaults(_ROBERTA_ROLES)
    add_prefix_space = _flag(config, "add_prefix_space", False)
    tokenizer = Tokenizer(_byte_bpe(vocab, merges))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
    tokenizer.decoder = decoders.ByteLevel()
    apply_pretrained(tokenizer, config)
    roles = config.roles
    sep, cls = str(roles.get("sep_token")), str(roles.get("cls_token"))
    tokenizer.post_processor = RobertaProcessing(
        (sep, _id_or_none(tokenizer, sep)), (cls, _id_or_none(tokenizer, cls)),
        _flag(config, "trim_offsets", True), add_prefix_space)
    return tokenizer, config


def _build_qwen2(vocab, merges, config: Pretrained) -> tuple[Tokenizer, Pretrained]:
    """transformers 5 ``Qwen2Tokenizer``: NFC, Qwen's split regex, bytes."""
    config = config.with_role_defaults(_QWEN2_ROLES)
    tokenizer = Tokenizer(_byte_bpe(vocab, merges, unk_token=None, byte_fallback=False))
    tokenizer.normalizer = normalizers.NFC()
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(QWEN2_PATTERN), "isolated", invert=False),
        pre_tokenizers.ByteLevel(add_prefix_space=_flag(config, "add_prefix_space", False),
                                 use_regex=False),
    ])
    tokenizer.decoder = decoders.ByteLevel()
    apply_pretrained(tokenizer, config)
    tokenizer.post_processor = role_template(tokenizer, config)
    # Qwen2Tokenizer then re-adds every special token as a plain special AddedToken
    tokenizer.add_tokens([AddedToken(token, special=True) for token in config.all_special_tokens])
    return tokenizer, config


_BPE_BUILDERS = {"GPT-2": _build_gpt2, "RoBERTa": _build_roberta, "Qwen2": _build_qwen2}


def _id_or_none(tokenizer: Tokenizer, token: str) -> int:
    found = tokenizer.token_to_id(token)
    if found is None:
        raise TokenizerFileError(f"special token {token!r} has no id")
    return found


def _id_notes_of(tokenizer: Tokenizer) -> list[str]:
    return added_id_notes(tokenizer, tokenizer.pretrained) if tokenizer.pretrained else []


# ---------------------------------------------------------------- WordPiece
def read_wordpiece_vocab(path: str | os.PathLike[str], *,
                         pretrained: Pretrained | None = None) -> Opened:
    """A BERT WordPiece tokenizer from a ``vocab.txt``, configured by ``pretrained`` (else
    by a ``tokenizer_config.json`` beside it; BERT's defaults, lowercasing, without one)."""
    path = Path(path)
    if pretrained is None:
        pretrained = read_pretrained(path.parent)
    config = (pretrained or Pretrained()).with_role_defaults(_BERT_ROLES)
    notes = []
    name = (config.tokenizer_class or "").removesuffix("Fast")
    if name and name not in _BERT_CLASSES | {"TokenizersBackend", "PreTrainedTokenizer"}:
        notes.append(f"tokenizer_class {config.tokenizer_class} is not known here: read as "
                     "BERT WordPiece")
    vocab = read_vocab_txt(path)
    tokenizer = _build_bert(vocab, config)
    tokenizer.pretrained = config
    notes += _id_notes_of(tokenizer)
    lower = "uncased" if _flag(config, "do_lower_case", True) else "cased"
    description = (f"{tokenizer_file_name(path)}: BERT WordPiece ({lower}) from {path.name} "
                   f"({len(vocab):,} tokens)")
    return Opened(tokenizer, Source(str(path), "wordpiece-vocab", description, tuple(notes)))


def _build_bert(vocab: dict[str, int], config: Pretrained) -> Tokenizer:
    """transformers 5 ``BertTokenizer`` (the BertConverter pipeline)."""
    roles = config.roles
    # str(None) == "None": what the class does when a config sets a role to null
    tokenizer = Tokenizer(WordPiece(vocab, unk_token=str(roles.get("unk_token"))))
    strip_accents = config.extra.get("strip_accents")
    if strip_accents is not None and not isinstance(strip_accents, bool):
        raise TokenizerFileError("tokenizer_config.json: strip_accents must be true, false "
                                 "or null")
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=True,
        handle_chinese_chars=_flag(config, "tokenize_chinese_chars", True),
        strip_accents=strip_accents,
        lowercase=_flag(config, "do_lower_case", True),
    )
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.decoder = decoders.WordPiece(prefix="##")
    apply_pretrained(tokenizer, config)
    cls, sep = str(roles.get("cls_token")), str(roles.get("sep_token"))
    cls_id, sep_id = tokenizer.token_to_id(cls), tokenizer.token_to_id(sep)
    tokenizer.post_processor = TemplateProcessing(
        single=f"{cls}:0 $A:0 {sep}:0",
        pair=f"{cls}:0 $A:0 {sep}:0 $B:1 {sep}:1",
        special_tokens=[(cls, 2 if cls_id is None else cls_id),
                        (sep, 3 if sep_id is None else sep_id)],
    )
    return tokenizer


__all__ = ["read_gpt2_bpe", "read_wordpiece_vocab"]
