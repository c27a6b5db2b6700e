"""HF's ready-made tokenizers (``tokenizers.implementations``), built from subword_core parts.

Each class builds the same pipeline as its HF namesake from the same constructor options,
and trains it with :meth:`subword_core.Tokenizer.train` and HF's trainer settings:

- :class:`ByteLevelBPETokenizer` (GPT-2): optional Unicode normalizer and lowercase,
  ``ByteLevel`` pre-tokenizer, decoder and post-processor; BPE over the 256 byte symbols.
  With HF's defaults it is :func:`subword_core.training.presets.byte_bpe`'s pipeline;
- :class:`CharBPETokenizer` (Sennrich/OpenAI GPT): ``BertNormalizer(lowercase=False)``
  (and options), ``BertPreTokenizer`` or ``WhitespaceSplit``, BPE with unk ``<unk>`` and
  suffix ``</w>``, ``BPEDecoder``;
- :class:`BertWordPieceTokenizer`: ``BertNormalizer``, ``BertPreTokenizer``, WordPiece,
  ``BertProcessing`` when a vocabulary is given, WordPiece decoder. Training picks pairs
  by count, as HF's ``WordPieceTrainer`` (the ``wordpiece`` preset's default is likelihood);
- :class:`SentencePieceBPETokenizer`: ``NFKC``, ``Metaspace``, BPE with unk ``<unk>``;
- :class:`SentencePieceUnigramTokenizer`: ``Nmt`` + ``NFKC`` + spaces squeezed,
  ``Metaspace``, Unigram.

The presets of :mod:`subword_core.training.presets` are this project's own variants (a
``Whitespace`` pre-tokenizer for ``bpe``, ``NFKC`` alone for ``unigram``, a ``[CLS] $A [SEP]``
template for ``wordpiece``...), so only their shared parts are reused here: the byte alphabet
and the BERT special tokens.

Vocabulary files are read by :mod:`subword_core.formats.vocab_files` (``vocab.json`` +
``merges.txt``, ``vocab.txt``) and :mod:`subword_core.formats.sentencepiece` (``.model``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from .. import decoders, normalizers, pre_tokenizers, processors, trainers
from ..added_tokens import AddedToken
from ..errors import TokenizerFileError
from ..formats.sentencepiece import parse_model
from ..models import BPE, Unigram, WordPiece
from ..models._files import read_merges, read_vocab_json, read_vocab_txt
from ..text.onig import Regex
from ..tokenizer import Tokenizer
from ..trainers import BpeTrainer
from ..training.presets import DEFAULT_SPECIAL_TOKENS
from ..training.hf_trainers import WordPieceTrainer  # HF's: pairs chosen by count
from .base import BaseTokenizer

Vocab = str | os.PathLike | dict[str, int] | None
Merges = str | os.PathLike | Sequence[tuple[str, str]] | None
Files = str | os.PathLike | Sequence[str | os.PathLike]
Specials = Sequence[str | AddedToken]
UNICODE_NORMALIZERS = {"nfc": normalizers.NFC, "nfd": normalizers.NFD,
                       "nfkc": normalizers.NFKC, "nfkd": normalizers.NFKD}


# ---------------------------------------------------------------------------- helpers
def _bpe_files(vocab: Vocab, merges: Merges) -> tuple[Any, Any]:
    """A vocabulary and merges given as file paths are read (HF's ``BPE(vocab, merges)``)."""
    if isinstance(vocab, (str, os.PathLike)):
        vocab = read_vocab_json(vocab)
    if isinstance(merges, (str, os.PathLike)):
        merges = read_merges(merges)
    return vocab, merges


def _wordpiece_file(vocab: Vocab) -> Any:
    return read_vocab_txt(vocab) if isinstance(vocab, (str, os.PathLike)) else vocab


def _unicode_normalizer(name: str) -> Any:
    if name not in UNICODE_NORMALIZERS:
        raise ValueError(f"{name} is not a known unicode normalizer. "
                         f"Available are {UNICODE_NORMALIZERS.keys()}")
    return UNICODE_NORMALIZERS[name]()


def _set_normalizer(tokenizer: Tokenizer, parts: list[Any]) -> None:
    """None, one normalizer, or a Sequence of them (as HF's recipes chain them)."""
    if len(parts) == 1:
        tokenizer.normalizer = parts[0]
    elif parts:
        tokenizer.normalizer = normalizers.Sequence(parts)


def _add_specials_in_vocab(tokenizer: Tokenizer, *tokens: str | AddedToken) -> None:
    """HF's recipes mark a role token special only when the vocabulary has it."""
    for token in tokens:
        if tokenizer.token_to_id(str(token)) is not None:
            tokenizer.add_special_tokens([str(token)])


def _file_list(files: Files) -> list[str | os.PathLike]:
    return [files] if isinstance(files, (str, os.PathLike)) else list(files)


class _Recipe(BaseTokenizer):
    """Training shared by the recipes: a trainer built from the keyword options."""

    def _trainer(self, **options: Any) -> Any:  # pragma: no cover - every recipe overrides
        raise NotImplementedError

    def train(self, files: Files, **options: Any) -> None:
        """Train on text files (one line a sequence); options as the recipe's trainer."""
        self._tokenizer.train(_file_list(files), trainer=self._trainer(**options))

    def train_from_iterator(self, iterator: Iterable[Any], length: int | None = None,
                            **options: Any) -> None:
        """Train on strings or batches of strings; options as the recipe's trainer."""
        self._tokenizer.train_from_iterator(iterator, trainer=self._trainer(**options),
                                            length=length)


# ---------------------------------------------------------------------------- byte-level BPE
class ByteLevelBPETokenizer(_Recipe):
    """GPT-2's byte-level BPE (HF ``ByteLevelBPETokenizer``)."""

    def __init__(self, vocab: Vocab = None, merges: Merges = None,
                 add_prefix_space: bool = False, lowercase: bool = False,
                 dropout: float | None = None, unicode_normalizer: str | None = None,
                 continuing_subword_prefix: str | None = None,
                 end_of_word_suffix: str | None = None, trim_offsets: bool = False) -> None:
        if vocab is not None and merges is not None:
            vocab, merges = _bpe_files(vocab, merges)
            model = BPE(vocab, merges, dropout=dropout,
                        continuing_subword_prefix=continuing_subword_prefix or "",
                        end_of_word_suffix=end_of_word_suffix or "")
        else:
            model = BPE()
        tokenizer = Tokenizer(model)
        _set_normalizer(tokenizer, ([_unicode_normalizer(unicode_normalizer)]
                                    if unicode_normalizer else [])
                        + ([normalizers.Lowercase()] if lowercase else []))
        tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
        tokenizer.decoder = decoders.ByteLevel()
        tokenizer.post_processor = processors.ByteLevel(trim_offsets=trim_offsets)
        super().__init__(tokenizer, {
            "model": "ByteLevelBPE", "add_prefix_space": add_prefix_space,
            "lowercase": lowercase, "dropout": dropout,
            "unicode_normalizer": unicode_normalizer,
            "continuing_subword_prefix": continuing_subword_prefix,
            "end_of_word_suffix": end_of_word_suffix, "trim_offsets": trim_offsets})

    @staticmethod
    def from_file(vocab_filename: str | os.PathLike, merges_filename: str | os.PathLike,
                  **kwargs: Any) -> ByteLevelBPETokenizer:
        """From ``vocab.json`` and ``merges.txt``; ``kwargs`` as the constructor's."""
        return ByteLevelBPETokenizer(*_bpe_files(vocab_filename, merges_filename), **kwargs)

    def _trainer(self, vocab_size: int = 30000, min_frequency: int = 2,
                 show_progress: bool = True, special_tokens: Specials = ()) -> BpeTrainer:
        return BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                          show_progress=show_progress, special_tokens=list(special_tokens),
                          initial_alphabet=pre_tokenizers.ByteLevel.alphabet())


# ---------------------------------------------------------------------------- char BPE
class CharBPETokenizer(_Recipe):
    """Sennrich's BPE as OpenAI GPT used it (HF ``CharBPETokenizer``)."""

    def __init__(self, vocab: Vocab = None, merges: Merges = None,
                 unk_token: str | AddedToken = "<unk>", suffix: str = "</w>",
                 dropout: float | None = None, lowercase: bool = False,
                 unicode_normalizer: str | None = None, bert_normalizer: bool = True,
                 split_on_whitespace_only: bool = False) -> None:
        if vocab is not None and merges is not None:
            vocab, merges = _bpe_files(vocab, merges)
            model = BPE(vocab, merges, dropout=dropout, unk_token=str(unk_token),
                        end_of_word_suffix=suffix)
        else:
            model = BPE(unk_token=str(unk_token), dropout=dropout, end_of_word_suffix=suffix)
        tokenizer = Tokenizer(model)
        _add_specials_in_vocab(tokenizer, unk_token)
        _set_normalizer(tokenizer, ([_unicode_normalizer(unicode_normalizer)]
                                    if unicode_normalizer else [])
                        + ([normalizers.BertNormalizer(lowercase=False)]
                           if bert_normalizer else [])
                        + ([normalizers.Lowercase()] if lowercase else []))
        tokenizer.pre_tokenizer = (pre_tokenizers.WhitespaceSplit() if split_on_whitespace_only
                                   else pre_tokenizers.BertPreTokenizer())
        tokenizer.decoder = decoders.BPEDecoder(suffix=suffix)
        super().__init__(tokenizer, {
            "model": "BPE", "unk_token": unk_token, "suffix": suffix, "dropout": dropout,
            "lowercase": lowercase, "unicode_normalizer": unicode_normalizer,
            "bert_normalizer": bert_normalizer,
            "split_on_whitespace_only": split_on_whitespace_only})

    @staticmethod
    def from_file(vocab_filename: str | os.PathLike, merges_filename: str | os.PathLike,
                  **kwargs: Any) -> CharBPETokenizer:
        """From ``vocab.json`` and ``merges.txt``; ``kwargs`` as the constructor's."""
        return CharBPETokenizer(*_bpe_files(vocab_filename, merges_filename), **kwargs)

    def _trainer(self, vocab_size: int = 30000, min_frequency: int = 2,
                 special_tokens: Specials = ("<unk>",), limit_alphabet: int = 1000,
                 initial_alphabet: Sequence[str] = (), suffix: str | None = "</w>",
                 show_progress: bool = True) -> BpeTrainer:
        return BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                          special_tokens=list(special_tokens), limit_alphabet=limit_alphabet,
                          initial_alphabet=list(initial_alphabet), end_of_word_suffix=suffix,
                          show_progress=show_progress)


# ---------------------------------------------------------------------------- BERT WordPiece
class BertWordPieceTokenizer(_Recipe):
    """BERT's WordPiece pipeline (HF ``BertWordPieceTokenizer``)."""

    def __init__(self, vocab: Vocab = None, unk_token: str | AddedToken = "[UNK]",
                 sep_token: str | AddedToken = "[SEP]", cls_token: str | AddedToken = "[CLS]",
                 pad_token: str | AddedToken = "[PAD]", mask_token: str | AddedToken = "[MASK]",
                 clean_text: bool = True, handle_chinese_chars: bool = True,
                 strip_accents: bool | None = None, lowercase: bool = True,
                 wordpieces_prefix: str = "##") -> None:
        if vocab is not None:
            model = WordPiece(_wordpiece_file(vocab), unk_token=str(unk_token))
        else:
            model = WordPiece(unk_token=str(unk_token))
        tokenizer = Tokenizer(model)
        _add_specials_in_vocab(tokenizer, unk_token, sep_token, cls_token, pad_token, mask_token)
        tokenizer.normalizer = normalizers.BertNormalizer(
            clean_text=clean_text, handle_chinese_chars=handle_chinese_chars,
            strip_accents=strip_accents, lowercase=lowercase)
        tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        if vocab is not None:
            tokenizer.post_processor = processors.BertProcessing(
                _role_id(tokenizer, sep_token, "sep_token"),
                _role_id(tokenizer, cls_token, "cls_token"))
        tokenizer.decoder = decoders.WordPiece(prefix=wordpieces_prefix)
        super().__init__(tokenizer, {
            "model": "BertWordPiece", "unk_token": unk_token, "sep_token": sep_token,
            "cls_token": cls_token, "pad_token": pad_token, "mask_token": mask_token,
            "clean_text": clean_text, "handle_chinese_chars": handle_chinese_chars,
            "strip_accents": strip_accents, "lowercase": lowercase,
            "wordpieces_prefix": wordpieces_prefix})

    @staticmethod
    def from_file(vocab: str | os.PathLike, **kwargs: Any) -> BertWordPieceTokenizer:
        """From a ``vocab.txt``; ``kwargs`` as the constructor's."""
        return BertWordPieceTokenizer(_wordpiece_file(vocab), **kwargs)

    def _trainer(self, vocab_size: int = 30000, min_frequency: int = 2,
                 limit_alphabet: int = 1000, initial_alphabet: Sequence[str] = (),
                 special_tokens: Specials = tuple(DEFAULT_SPECIAL_TOKENS["wordpiece"]),
                 show_progress: bool = True, wordpieces_prefix: str = "##") -> Any:
        return WordPieceTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                                limit_alphabet=limit_alphabet,
                                initial_alphabet=list(initial_alphabet),
                                special_tokens=list(special_tokens), show_progress=show_progress,
                                continuing_subword_prefix=wordpieces_prefix)


def _role_id(tokenizer: Tokenizer, token: str | AddedToken, role: str) -> tuple[str, int]:
    found = tokenizer.token_to_id(str(token))
    if found is None:
        raise TypeError(f"{role} not found in the vocabulary")
    return str(token), found


# ---------------------------------------------------------------------------- SentencePiece BPE
class SentencePieceBPETokenizer(_Recipe):
    """BPE with SentencePiece's pre-tokenization (HF ``SentencePieceBPETokenizer``)."""

    def __init__(self, vocab: Vocab = None, merges: Merges = None,
                 unk_token: str | AddedToken = "<unk>", replacement: str = "▁",
                 add_prefix_space: bool = True, dropout: float | None = None,
                 fuse_unk: bool = False) -> None:
        if vocab is not None and merges is not None:
            vocab, merges = _bpe_files(vocab, merges)
            model = BPE(vocab, merges, dropout=dropout, unk_token=str(unk_token),
                        fuse_unk=fuse_unk)
        else:
            model = BPE(dropout=dropout, unk_token=str(unk_token), fuse_unk=fuse_unk)
        tokenizer = Tokenizer(model)
        _add_specials_in_vocab(tokenizer, unk_token)
        tokenizer.normalizer = normalizers.NFKC()
        _metaspace(tokenizer, replacement, add_prefix_space)
        super().__init__(tokenizer, {
            "model": "SentencePieceBPE", "unk_token": unk_token, "replacement": replacement,
            "add_prefix_space": add_prefix_space, "dropout": dropout})

    @staticmethod
    def from_file(vocab_filename: str | os.PathLike, merges_filename: str | os.PathLike,
                  **kwargs: Any) -> SentencePieceBPETokenizer:
        """From ``vocab.json`` and ``merges.txt``; ``kwargs`` as the constructor's."""
        return SentencePieceBPETokenizer(*_bpe_files(vocab_filename, merges_filename), **kwargs)

    def _trainer(self, vocab_size: int = 30000, min_frequency: int = 2,
                 special_tokens: Specials = ("<unk>",), limit_alphabet: int = 1000,
                 initial_alphabet: Sequence[str] = (), show_progress: bool = True) -> BpeTrainer:
        return BpeTrainer(vocab_size=vocab_size, min_frequency=min_frequency,
                          special_tokens=list(special_tokens), limit_alphabet=limit_alphabet,
                          initial_alphabet=list(initial_alphabet), show_progress=show_progress)


def _metaspace(tokenizer: Tokenizer, replacement: str, add_prefix_space: bool) -> None:
    scheme = "always" if add_prefix_space else "never"
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement=replacement,
                                                       prepend_scheme=scheme)
    tokenizer.decoder = decoders.Metaspace(replacement=replacement, prepend_scheme=scheme)


# ---------------------------------------------------------------------------- SentencePiece Unigram
class SentencePieceUnigramTokenizer(_Recipe):
    """Unigram with SentencePiece's pre-tokenization (HF ``SentencePieceUnigramTokenizer``)."""

    def __init__(self, vocab: Sequence[tuple[str, float]] | None = None, replacement: str = "▁",
                 add_prefix_space: bool = True) -> None:
        tokenizer = Tokenizer(Unigram(list(vocab)) if vocab is not None else Unigram())
        tokenizer.normalizer = normalizers.Sequence([
            normalizers.Nmt(), normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " ")])
        _metaspace(tokenizer, replacement, add_prefix_space)
        super().__init__(tokenizer, {"model": "SentencePieceUnigram",
                                     "replacement": replacement,
                                     "add_prefix_space": add_prefix_space})

    def _trainer(self, vocab_size: int = 8000, show_progress: bool = True,
                 special_tokens: Specials | None = None,
                 initial_alphabet: Sequence[str] | None = None,
                 unk_token: str | None = None) -> Any:
        # trainers.UnigramTrainer loads on first use (numpy): only when training
        return trainers.UnigramTrainer(vocab_size=vocab_size, show_progress=show_progress,
                                       special_tokens=list(special_tokens or ()),
                                       initial_alphabet=list(initial_alphabet or ()),
                                       unk_token=unk_token)

    @staticmethod
    def from_spm(filename: str | os.PathLike) -> SentencePieceUnigramTokenizer:
        """From a SentencePiece Unigram ``.model`` file, as HF's ``from_spm`` builds it:
        its pieces and scores, its precompiled normalizer, then ``Metaspace``.

        Raises:
            TokenizerFileError: unreadable, not a SentencePiece model, or not a Unigram one.
        """
        try:
            with open(filename, "rb") as file:
                data = file.read()
        except OSError as exc:
            raise TokenizerFileError(f"cannot read {os.fspath(filename)}: "
                                     f"{exc.strerror or exc}") from None
        spm = parse_model(data, os.fspath(filename))
        if spm.kind != "Unigram":
            raise TokenizerFileError(f"{os.fspath(filename)} is a {spm.kind} model, "
                                     "not a Unigram one")
        tokenizer = Tokenizer(Unigram(list(zip(spm.pieces, spm.scores)), spm.unk_id,
                                      spm.byte_fallback))
        squeeze = normalizers.Replace(Regex(" {2,}"), " ")
        tokenizer.normalizer = normalizers.Sequence(
            [normalizers.Precompiled(spm.precompiled_charsmap), squeeze]
            if spm.precompiled_charsmap else [squeeze])
        _metaspace(tokenizer, "▁", True)
        return _wrapped(SentencePieceUnigramTokenizer, tokenizer,
                        {"model": "SentencePieceUnigram"})


def _wrapped(cls: type, tokenizer: Tokenizer, parameters: dict[str, Any]) -> Any:
    """An instance of a recipe class around an already-built tokenizer."""
    obj = cls.__new__(cls)
    BaseTokenizer.__init__(obj, tokenizer, parameters)
    return obj


__all__ = ["BertWordPieceTokenizer", "ByteLevelBPETokenizer", "CharBPETokenizer",
           "SentencePieceBPETokenizer", "SentencePieceUnigramTokenizer"]
