"""Parity-aware BPE as a training pipeline: per-language corpora in, a byte-level BPE out.

:func:`parity_bpe` is the untrained pipeline (a :class:`~.presets.Preset`) of the
``parity-bpe`` algorithm: the reference's pre-tokenization (``swiss-ai/parity-aware-bpe``:
HF ``Whitespace`` then ``ByteLevel(use_regex=False)``, which puts ``Ġ`` before every
word), no normalizer, :class:`~subword_core.trainers.ParityBpeTrainer` over the 256 byte
symbols, and a ``ByteLevel`` decoder. :func:`train_parity_tokenizer` counts each
language's training (and dev) texts with it and trains, yielding the same events as
:func:`~.presets.train_tokenizer`; :func:`train_parity_preset` trains any pipeline whose
trainer is a ``ParityBpeTrainer`` (the Build view's, :mod:`subword_core.teaching.builder`).

Languages come as a mapping ``{language: corpus source}`` (paths or texts, anything
:func:`~subword_core.corpus.as_corpus` takes). :func:`language_files` makes one from a
folder of one file per language named by its code (``eng_Latn.txt``, ``kor_Hang.dev``:
the name up to the first dot), with the dev texts in a ``dev`` subfolder named the
same way, when there is one. Without dev texts, parity is measured by compression
ratios on the training texts (the reference's ``--ratio`` mode, all ratios equal).
"""

from __future__ import annotations

import copy
import os
from collections.abc import Generator, Iterable, Mapping
from pathlib import Path
from typing import Any

from .. import decoders, pre_tokenizers, processors
from ..corpus import Cancel, CorpusReport, cancel_check, iter_count_words
from ..errors import CorpusError, TrainingError, VocabSizeError, special_tokens_phrase
from ..tokenizer import Tokenizer
from ..trainers import ParityBpeTrainer
from .presets import Preset, TrainedTokenizer, check_trained_size, relay_cancellable

ALGORITHM = "parity-bpe"
#: The special tokens of the pipeline unless told otherwise (byte-level BPE's).
DEFAULT_SPECIAL_TOKENS = ["<|endoftext|>"]
#: The subfolder of a languages folder that holds the dev texts.
DEV_FOLDER = "dev"

Sources = Mapping[str, Any]


def parity_pre_tokenizer() -> Any:
    """The reference's pre-tokenizer: ``Whitespace`` then ``ByteLevel(use_regex=False)``."""
    return pre_tokenizers.Sequence([pre_tokenizers.Whitespace(),
                                    pre_tokenizers.ByteLevel(use_regex=False)])


def parity_bpe(vocab_size: int = 30000, min_frequency: int | None = None,
               special_tokens: Iterable[str] | None = None, **options: Any) -> Preset:
    """The untrained ``parity-bpe`` pipeline; ``options`` are :class:`ParityBpeTrainer`'s
    (``variant``, ``global_merges``, ``window_size``, ``alpha``, ``ratios``, ``tie_break``).

    Its trainer takes per-language word counts: train it with :func:`train_parity_tokenizer`.
    """
    specials = list(dict.fromkeys(DEFAULT_SPECIAL_TOKENS if special_tokens is None
                                  else special_tokens))
    if any(not isinstance(t, str) or not t for t in specials):
        raise TrainingError("special tokens must be non-empty strings")
    alphabet = sorted(pre_tokenizers.bytes_to_unicode().values())
    if not isinstance(vocab_size, int) or vocab_size <= 0:
        raise TrainingError(f"vocab size must be a positive integer, got {vocab_size!r}")
    if vocab_size < len(alphabet) + len(specials):
        raise VocabSizeError(vocab_size, len(alphabet) + len(specials),
                             f"the {len(alphabet)} byte symbols and "
                             f"{special_tokens_phrase(len(specials))}", ALGORITHM)
    if min_frequency is not None:
        options["min_frequency"] = min_frequency
    pre_tokenizer = parity_pre_tokenizer()
    try:
        trainer = ParityBpeTrainer(vocab_size=vocab_size, special_tokens=specials,
                                   initial_alphabet=alphabet, **options)
    except TypeError as exc:  # an unknown option name
        raise TrainingError(f"parity-bpe: {exc}") from None

    def finish(model: Any) -> Tokenizer:
        tokenizer = Tokenizer(model)
        tokenizer.pre_tokenizer = parity_pre_tokenizer()
        tokenizer.post_processor = processors.ByteLevel(trim_offsets=False)
        tokenizer.decoder = decoders.ByteLevel()
        tokenizer.add_special_tokens(specials)  # after training, as HF's Tokenizer.train
        return tokenizer

    return Preset(ALGORITHM, None, pre_tokenizer, trainer, finish)


def language_files(folder: str | os.PathLike[str], dev_folder: str | os.PathLike[str] | None = None
                   ) -> tuple[dict[str, list[Path]], dict[str, list[Path]] | None]:
    """``({language: training files}, {language: dev files} or None)`` of a languages folder.

    A file's language is its name up to the first dot; hidden files and subfolders are
    skipped. The dev files are in ``dev_folder``, by default ``folder/dev`` if it exists.

    Raises:
        CorpusError: no such folder, no language file in it, or dev files whose languages
            differ from the training files' (the message names them).
    """
    train = _by_language(Path(folder))
    if not train:
        raise CorpusError(f"no language files in {folder} (one file per language, named by "
                          "its code: eng_Latn.txt, kor_Hang.txt, ...)")
    dev_path = Path(dev_folder) if dev_folder is not None else Path(folder) / DEV_FOLDER
    if dev_folder is None and not dev_path.is_dir():
        return train, None
    dev = _by_language(dev_path)
    if set(dev) != set(train):
        missing = sorted(set(train) - set(dev))
        extra = sorted(set(dev) - set(train))
        raise CorpusError(f"the dev files in {dev_path} must cover the same languages as "
                          f"the training files in {folder}"
                          + (f"; no dev file for {', '.join(missing)}" if missing else "")
                          + (f"; no training file for {', '.join(extra)}" if extra else ""))
    return train, {lang: dev[lang] for lang in train}


def _by_language(folder: Path) -> dict[str, list[Path]]:
    if not folder.is_dir():
        raise CorpusError(f"not a folder: {folder}")
    found: dict[str, list[Path]] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or not path.is_file():
            continue
        found.setdefault(path.name.split(".", 1)[0], []).append(path)
    return found


def train_parity_tokenizer(languages: Sources, vocab_size: int, *, dev: Sources | None = None,
                           min_frequency: int | None = None,
                           special_tokens: Iterable[str] | None = None,
                           n_workers: int | None = None, cancel: Cancel = None,
                           **options: Any) -> Generator[Any, None, TrainedTokenizer]:
    """Count each language's texts, train parity-aware BPE, assemble the tokenizer.

    Yields the counting events (stage ``count_words``, once per language and dev text)
    then the trainer's. Stop by closing the generator or setting ``cancel``.

    Args:
        languages: ``{language: corpus source}``; the order breaks ties between languages.
        dev: ``{language: corpus source}`` of the parallel dev texts, or None (ratios).
        vocab_size, min_frequency, special_tokens: as for :func:`~.presets.train_tokenizer`.
        options: :class:`ParityBpeTrainer` options (``variant``, ``global_merges``, ...).

    Returns:
        ``TrainedTokenizer(tokenizer, history, report)``, the report covering every
        training file (dev files are not in it).

    Raises:
        CorpusError, TrainingError: bad input; Cancelled: ``cancel`` was set.
    """
    preset = parity_bpe(vocab_size, min_frequency, special_tokens, **options)
    return (yield from train_parity_preset(preset, languages, dev=dev, n_workers=n_workers,
                                           cancel=cancel))


def train_parity_preset(preset: Preset, languages: Sources, *, dev: Sources | None = None,
                        n_workers: int | None = None, cancel: Cancel = None,
                        ) -> Generator[Any, None, TrainedTokenizer]:
    """Train a pipeline whose trainer is a :class:`ParityBpeTrainer` (:func:`parity_bpe`'s,
    or a builder's) on per-language texts, counted with the pipeline's normalizer and
    pre-tokenizer. Same events, result and errors as :func:`train_parity_tokenizer`."""
    if not languages:
        raise TrainingError("parity-aware BPE needs the texts of at least one language")
    if dev is not None and set(dev) != set(languages):
        raise TrainingError(f"dev texts must be given for the same languages as the training "
                            f"texts: {sorted(languages)} != {sorted(dev)}")
    # 1. word counts per language, with the preset's pipeline
    report = CorpusReport()
    train_counts = {}
    for lang, source in languages.items():
        words, part = yield from iter_count_words(source, preset.normalizer,
                                                  preset.pre_tokenizer, n_workers=n_workers,
                                                  cancel=cancel)
        train_counts[lang] = words
        _add_report(report, part)
    dev_counts = None
    if dev is not None:
        dev_counts = {}
        for lang in languages:
            words, _ = yield from iter_count_words(dev[lang], preset.normalizer,
                                                   preset.pre_tokenizer, n_workers=n_workers,
                                                   cancel=cancel)
            dev_counts[lang] = words
    # 2. train, relaying the trainer's events
    model, history = yield from relay_cancellable(
        preset.trainer.iter_train(train_counts, dev_counts), cancel_check(cancel))
    check_trained_size(model, preset.trainer, preset.name or ALGORITHM)
    return TrainedTokenizer(preset.finish(model), history, report)


def _add_report(total: CorpusReport, part: CorpusReport) -> None:
    """Add one language's report to the whole run's."""
    for name in ("documents", "bytes", "characters", "words", "unique_words", "invalid_utf8"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.files += part.files
    total.alphabet.update(part.alphabet)
    total.skipped_files += part.skipped_files
    total.warnings += copy.copy(part.warnings)


__all__ = ["ALGORITHM", "DEFAULT_SPECIAL_TOKENS", "DEV_FOLDER", "language_files", "parity_bpe",
           "parity_pre_tokenizer", "train_parity_preset", "train_parity_tokenizer"]
