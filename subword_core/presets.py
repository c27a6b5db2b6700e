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
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import decoders, normalizers, pre_tokenizers, processors
from .corpus import Cancel, Cancelled, CorpusReport, as_corpus, cancel_check, iter_count_words
from .errors import TrainingError
from .tokenizer import Tokenizer
from .trainers import BpeTrainer, TrainingHistory, UnigramTrainer, WordPieceTrainer

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
        name: one of :data:`ALGORITHMS`.
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
                      f"{len(alphabet)} byte symbols + {len(specials)} special tokens")
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
    _check_vocab_size("bpe", vocab_size, len(specials), f"{len(specials)} special tokens")
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
    _check_vocab_size("wordpiece", vocab_size, len(specials), f"{len(specials)} special tokens")
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
    _check_vocab_size("unigram", vocab_size, len(specials), f"{len(specials)} special tokens")
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


def train_tokenizer(corpus_source: Any, algorithm: str, vocab_size: int, *,
                    min_frequency: int | None = None,
                    special_tokens: Iterable[str] | None = None,
                    scoring: str | None = None, field: str = "text",
                    column: str | int | None = None, glob: str | None = None,
                    n_workers: int | None = None, cancel: Cancel = None,
                    ) -> Generator[Any, None, TrainedTokenizer]:
    """Read a corpus, count words, train and finish a tokenizer, yielding progress events.

    Yields the corpus events (stage ``count_words``) then the trainer's events
    (:mod:`subword_core.trainers.events`). Stop by closing the generator or setting
    ``cancel``.

    Args:
        corpus_source: anything :func:`subword_core.corpus.as_corpus` takes (paths or texts).
        algorithm: ``byte-bpe``, ``bpe``, ``wordpiece`` or ``unigram``.
        vocab_size: target size, special tokens included.
        min_frequency, special_tokens, scoring: see :func:`make_preset`.
        field, column, glob: how to read JSON, CSV and directories.
        n_workers: word-counting processes (``None``: automatic).
        cancel: a ``threading.Event`` or callable; when set, ``Cancelled`` is raised.

    Returns:
        ``TrainedTokenizer(tokenizer, history, report)``.

    Raises:
        CorpusError, TrainingError: bad input; Cancelled: ``cancel`` was set.
    """
    # 1. the untrained pipeline: option errors surface before any reading
    preset = make_preset(algorithm, vocab_size, min_frequency=min_frequency,
                         special_tokens=special_tokens, scoring=scoring)
    corpus = as_corpus(corpus_source, field=field, column=column, glob=glob)
    # 2. read the corpus and count words
    counts, report = yield from iter_count_words(
        corpus, preset.normalizer, preset.pre_tokenizer, n_workers=n_workers, cancel=cancel)
    # 3. train, relaying the trainer's events
    model, history = yield from _relay(preset.trainer.iter_train(counts), cancel_check(cancel))
    # 4. assemble the tokenizer
    return TrainedTokenizer(preset.finish(model), history, report)


def _relay(gen: Generator[Any, None, Any],
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
        raise TrainingError(f"vocab size {vocab_size} is too small for {algorithm}: "
                            f"it always holds {what} ({minimum})")


__all__ = [
    "ALGORITHMS",
    "DEFAULT_SPECIAL_TOKENS",
    "PRESETS",
    "Preset",
    "TrainedTokenizer",
    "bpe",
    "byte_bpe",
    "make_preset",
    "train_tokenizer",
    "unigram",
    "wordpiece",
]
