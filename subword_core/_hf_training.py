"""``Tokenizer.train`` / ``train_from_iterator``: HF's training API over subword_core's own parts.

HF trains a tokenizer in place (``tokenizers/src/tokenizer/mod.rs``): every sequence goes
through the tokenizer's added-token extraction, normalizer and pre-tokenizer; the words
are counted; the trainer writes the new vocabulary into the model; the trainer's special
tokens are then added to the tokenizer. Here the same steps are subword_core's:

1. words are counted by :func:`subword_core.corpus.iter_count_words` with the tokenizer's
   normalizer and pre-tokenizer (its exact shortcuts and worker processes included). A
   tokenizer without a pre-tokenizer counts each normalized sequence as one word, and one
   that already has added tokens cuts them out first, as HF does;
2. the trainer (:mod:`subword_core.trainers`, the same classes and merges as everywhere
   else) runs on the counts; its events reach ``on_event``, and a terminal shows progress
   when ``trainer.show_progress`` is set;
3. the trained vocabulary goes into the tokenizer's model object itself, keeping what HF's
   trainers keep: a BPE model its dropout, unknown token, ``fuse_unk``, ``byte_fallback``
   and ``ignore_merges`` (prefix and suffix become the trainer's); a WordPiece model its
   unknown token and ``max_input_chars_per_word``; a WordLevel model its unknown token; a
   Unigram model is replaced whole. References to the model see the trained one, as in HF;
4. the trainer's special tokens are added as special tokens, and the
   :class:`~subword_core.trainers.TrainingHistory` is kept as
   ``tokenizer.last_training_history``.

Files are read as HF reads them: every file is plain text whatever its extension, one
line (with its line ending) a sequence. Differences, on purpose: compressed files
(``.gz``, ``.bz2``, ``.xz``) are decompressed, invalid UTF-8 becomes U+FFFD instead of an
error, a directory stands for the files in it, and a corpus with no text raises
:class:`~subword_core.errors.CorpusError` instead of training a vocabulary of special
tokens and alphabet only.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from . import models
from .corpus import PARALLEL_MIN_BYTES, Corpus, iter_count_words
from .errors import CorpusError, TrainingError
from .trainers.base import TrainerBase

if TYPE_CHECKING:
    from .tokenizer import Tokenizer
    from .trainers.history import TrainingHistory

EventCallback = Callable[[Any], object]

#: Trainer class name -> the model class it trains (HF's names; WordLevelTrainer when present).
_TRAINS = {"BpeTrainer": "BPE", "WordPieceTrainer": "WordPiece",
           "WordLevelTrainer": "WordLevel", "UnigramTrainer": "Unigram"}


# ---------------------------------------------------------------------------- inputs
def file_corpus(files: Any) -> Corpus:
    """The files of ``Tokenizer.train``: each read as plain text lines, as HF does.

    Raises:
        CorpusError: a missing file, or no file at all.
    """
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    if not isinstance(files, Iterable):
        raise TypeError(f"files must be a list of paths, got {type(files).__name__}")
    paths = list(files)
    if any(not isinstance(p, (str, os.PathLike)) for p in paths):
        raise TypeError("files must be a list of paths (str or os.PathLike)")
    if not paths:
        raise CorpusError("no training files given")
    corpus = Corpus(paths)
    # HF reads .json/.csv files as lines of text too: only the compression is kept
    corpus.files = [dataclasses.replace(f, format="txt") for f in corpus.files]
    return corpus


def sequences(iterator: Iterable[Any]) -> Iterator[str]:
    """The sequences of ``train_from_iterator``: each item a string or a batch of strings."""
    for item in iterator:
        if isinstance(item, str):
            yield item
            continue
        if not isinstance(item, Iterable):
            raise TypeError(f"train_from_iterator expects strings or batches (iterables) of "
                            f"strings, got {type(item).__name__}")
        for text in item:
            if not isinstance(text, str):
                raise TypeError(f"a batch must hold strings, got {type(text).__name__}")
            yield text


# ---------------------------------------------------------------------------- trainers
def default_trainer(model: Any) -> TrainerBase:
    """HF's ``model.get_trainer()``: the model type's trainer with HF's default options.

    Raises:
        TrainingError: the model type has no trainer.
    """
    from .compat import trainers as hf_trainers  # HF's defaults (compat imports this package)

    for trainer_name, model_name in _TRAINS.items():
        model_class = getattr(models, model_name, None)
        trainer_class = getattr(hf_trainers, trainer_name, None)
        if model_class is not None and trainer_class is not None \
                and isinstance(model, model_class):
            return trainer_class()
    raise TrainingError(f"a {type(model).__name__} model has no trainer")


def check_trainer(trainer: Any, model: Any) -> None:
    """HF's check that the trainer trains this kind of model (raised before any reading)."""
    if not isinstance(trainer, TrainerBase):
        raise TypeError(f"trainer must be a Trainer, got {type(trainer).__name__}")
    name = next((c.__name__ for c in type(trainer).__mro__ if c.__name__ in _TRAINS), None)
    model_class = getattr(models, _TRAINS[name], None) if name else None
    if model_class is None:
        raise TrainingError(f"{type(trainer).__name__} cannot train a tokenizer's model")
    if not isinstance(model, model_class):
        raise TrainingError(f"{name} can only train a {model_class.__name__}")
    trainer.validate()


# ---------------------------------------------------------------------------- counting
class PipelineWords:
    """A tokenizer's words for training, where the counting shortcuts cannot apply.

    Quacks like a pre-tokenizer for :mod:`subword_core.corpus` (``pre_tokenize_str``):
    added tokens cut out, the rest normalized, then pre-tokenized if there is a
    pre-tokenizer (without one, each normalized piece is one word), as HF's training feed.
    """

    def __init__(self, added: Any, normalizer: Any, pre_tokenizer: Any) -> None:
        self.added = added
        self.normalizer = normalizer
        self.pre_tokenizer = pre_tokenizer

    def pre_tokenize_str(self, text: str) -> list[tuple[str, tuple[int, int]]]:
        """The words of ``text`` (with offsets, unused by counting)."""
        pretokenized = self.added.extract_and_normalize(self.normalizer, text)
        if self.pre_tokenizer is not None:
            self.pre_tokenizer.pre_tokenize(pretokenized)
        return [(split.normalized.normalized, split.normalized.offsets_original())
                for split in pretokenized.splits]


def counting_parts(tokenizer: Tokenizer) -> tuple[Any, Any]:
    """``(normalizer, pre_tokenizer)`` to count a tokenizer's training words with."""
    added = tokenizer.added_vocabulary
    if len(added) == 0 and tokenizer.pre_tokenizer is not None:
        return tokenizer.normalizer, tokenizer.pre_tokenizer  # the exact fast paths apply
    return None, PipelineWords(added, tokenizer.normalizer, tokenizer.pre_tokenizer)


def _workers(corpus: Corpus, parts: tuple[Any, Any]) -> int | None:
    """Automatic worker processes, or 1 when the components cannot be sent to a worker
    (a Python pre-tokenizer of the caller's, say)."""
    total = corpus.total_bytes
    if total is None or total < PARALLEL_MIN_BYTES:
        return 1
    try:
        pickle.dumps(parts)
    except Exception:  # noqa: BLE001 (any pickling failure means: count in this process)
        return 1
    return None


# ---------------------------------------------------------------------------- training
def train(tokenizer: Tokenizer, corpus_of: Callable[[], Corpus], trainer: TrainerBase | None,
          on_event: EventCallback | None = None) -> TrainingHistory:
    """Train ``tokenizer``'s model in place on ``corpus_of()`` (see the module docstring).

    The trainer is checked before the corpus is built, so a wrong trainer is reported
    first, as in HF.
    """
    trainer = default_trainer(tokenizer.model) if trainer is None else trainer
    check_trainer(trainer, tokenizer.model)
    corpus = corpus_of()
    parts = counting_parts(tokenizer)
    gen = _run(corpus, parts, trainer, _workers(corpus, parts))
    trained, history = _drive(gen, on_event, trainer.show_progress)
    install(tokenizer, trainer, trained)
    tokenizer.add_special_tokens(trainer.special_tokens)
    tokenizer.last_training_history = history
    return history


def _run(corpus: Corpus, parts: tuple[Any, Any], trainer: TrainerBase,
         n_workers: int | None) -> Generator[Any, None, Any]:
    counts, _ = yield from iter_count_words(corpus, *parts, n_workers=n_workers)
    return (yield from trainer.iter_train(counts))


def _drive(gen: Generator[Any, None, Any], on_event: EventCallback | None,
           show_progress: bool) -> Any:
    """Run the events to the end: to ``on_event``, and to a terminal progress line if asked."""
    progress = None
    if show_progress:
        from .cli import Progress  # draws on a terminal only, like HF's progress bars

        progress = Progress(sys.stderr)
    try:
        while True:
            event = next(gen)
            if on_event is not None:
                on_event(event)
            if progress is not None:
                progress.update(event)
    except StopIteration as stop:
        return stop.value
    finally:
        gen.close()
        if progress is not None:
            progress.clear()


def install(tokenizer: Tokenizer, trainer: TrainerBase, trained: Any) -> None:
    """Write the trained vocabulary into the tokenizer's model object, as HF's trainers do."""
    old = tokenizer.model
    new = _carried_over(old, trainer, trained)
    if type(new) is type(old):
        # in place: whoever holds the model object (as HF's Python objects share it) sees it
        vars(old).clear()
        vars(old).update(vars(new))
    else:
        tokenizer.model = new


def _carried_over(old: Any, trainer: Any, trained: Any) -> Any:
    """The trained model with the options HF's trainer leaves untouched in the old one."""
    if isinstance(old, models.BPE) and isinstance(trained, models.BPE):
        unk = old.unk_token if old.unk_token is not None else trained.unk_token
        return models.BPE(trained.get_vocab(), trained.merges, dropout=old.dropout,
                          unk_token=unk, fuse_unk=old.fuse_unk, byte_fallback=old.byte_fallback,
                          ignore_merges=old.ignore_merges,
                          continuing_subword_prefix=trainer.continuing_subword_prefix,
                          end_of_word_suffix=trainer.end_of_word_suffix)
    if isinstance(old, models.WordPiece) and isinstance(trained, models.WordPiece):
        prefix = trainer.continuing_subword_prefix
        return models.WordPiece(trained.get_vocab(), unk_token=old.unk_token,
                                max_input_chars_per_word=old.max_input_chars_per_word,
                                continuing_subword_prefix="##" if prefix is None else prefix)
    if isinstance(old, models.WordLevel) and isinstance(trained, models.WordLevel):
        return models.WordLevel(trained.get_vocab(), unk_token=old.unk_token)
    return trained


__all__ = ["PipelineWords", "check_trainer", "default_trainer", "file_corpus", "sequences",
           "train"]
