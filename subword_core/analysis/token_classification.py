"""A token-classification model from a local folder, grouped as ``transformers`` groups it.

The folder is a ``transformers`` model directory (``config.json``, the weights, and the
tokenizer files). The model runs with PyTorch (the optional ``ner`` extra: ``pip install
'.[ner]'``; ``transformers`` and ``torch`` are imported inside the functions that need
them, never by the rest of the library). The text is encoded by *our* tokenizer, opened
from the same folder, so the ids, offsets and special-token mask the model sees are the
ones every other pane shows; the model's logits go through a softmax and then through
the aggregation of ``TokenClassificationPipeline`` (``labels.aggregate`` with the
pipeline's own sub-word guess and decoder), which :func:`classify` reproduces exactly:

* special tokens are skipped; a token's word is its vocabulary string, or the text
  under it when it is the unknown token (then it always starts a word);
* "is a sub-word" (for ``first`` / ``average`` / ``max``): when the tokenizer's model
  has a ``continuing_subword_prefix`` (WordPiece ``##``), a token whose string is not
  as long as the text under it; otherwise the pipeline's fallback: the token does not
  start the text and neither it nor the character before it is a space (so a
  byte-level ``Ġword`` whose offsets leave the space out starts a word);
* adjacent tokens/words merge unless the next is ``B-``; a group is named after its
  first label cut at the first ``-``, scored by the mean of its members; groups labelled
  ``O`` are dropped.

Long texts: the pipeline truncates to ``model_max_length`` from ``tokenizer_config.json``
(one window, the rest is not classified; no stride by default), and so do we, saying so in
:attr:`Classification.note`. A folder that gives no ``model_max_length`` is not truncated
by the pipeline, whose model then fails on a text longer than its position table; we cut
at that table's size instead, and say so.

Example:
    >>> classifier = load_classifier("my-ner-model/")  # doctest: +SKIP
    >>> [(g.label, g.start, g.end) for g in classifier.classify("Ada in Paris", "simple").groups]
    ... # doctest: +SKIP
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SubwordError
from ..formats import open_tokenizer
from .labels import STRATEGIES, aggregate

#: transformers writes this (int(1e30)) when a tokenizer has no length limit; above
#: LARGE_INTEGER (1e20) it does not truncate.
_NO_LIMIT = 10 ** 20
#: The label the pipeline drops by default.
IGNORE_LABELS = ("O",)
EXTRA_HINT = "pip install '.[ner]'"


class MissingExtraError(SubwordError):
    """``transformers`` or ``torch`` is not installed (the optional ``ner`` extra)."""


class ModelFolderError(SubwordError):
    """A model folder cannot be loaded as a token-classification model."""


@dataclass(frozen=True)
class TokenScore:
    """One non-special token as the model labels it (the pipeline's ``none`` row, unfiltered)."""

    index: int
    token: str
    start: int
    end: int
    label: str
    score: float
    is_subword: bool


@dataclass(frozen=True)
class EntityGroup:
    """One output row: ``label`` is ``entity`` (``none``) or ``entity_group`` (the others).

    ``index`` is the token's index with ``none`` (None otherwise); ``tokens`` are the
    encoding indices of the group's tokens.
    """

    label: str
    score: float
    start: int
    end: int
    word: str
    index: int | None
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class Classification:
    """The result of :meth:`TokenClassifier.classify` on one text."""

    text: str
    strategy: str
    groups: list[EntityGroup]
    tokens: list[TokenScore]
    encoding: Any
    truncated: bool
    note: str


def _import_torch() -> tuple[Any, Any]:
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise MissingExtraError(
            f"a token-classification model needs the ner extra ({exc.name} is missing): "
            f"{EXTRA_HINT}") from None
    return torch, transformers


def extra_available() -> bool:
    """Whether ``torch`` and ``transformers`` can be imported (without importing them)."""
    from importlib.util import find_spec

    return find_spec("torch") is not None and find_spec("transformers") is not None


def subword_flags(text: str, encoding: Any, prefix: str | None, unk_id: int | None
                  ) -> tuple[list[bool], list[str]]:
    """The pipeline's per-token guesses: (is a sub-word, the token's word string).

    ``prefix`` is the tokenizer model's ``continuing_subword_prefix`` (None or empty:
    the whitespace fallback); ``unk_id`` the unknown token's id (None: no unknown token).
    Special tokens get ``False`` and their own string (they are skipped anyway).
    """
    flags, words = [], []
    for token_id, token, (start, end) in zip(encoding.ids, encoding.tokens, encoding.offsets):
        under = text[start:end]
        if prefix:
            is_subword = len(token) != len(under)
        else:
            is_subword = start > 0 and " " not in text[start - 1:start + 1]
        if unk_id is not None and token_id == unk_id:
            token, is_subword = under, False
        flags.append(is_subword)
        words.append(token)
    return flags, words


def group_scores(text: str, encoding: Any, scores: Sequence[Sequence[float]],
                 labels: Sequence[str], strategy: str, *, prefix: str | None,
                 unk_id: int | None, decode: Callable[[list[str]], str],
                 ignore_labels: Sequence[str] = IGNORE_LABELS
                 ) -> tuple[list[EntityGroup], list[TokenScore]]:
    """The pipeline's post-processing of per-token probabilities (pure Python).

    Returns the output rows for ``strategy`` and one :class:`TokenScore` per non-special
    token.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown aggregation strategy {strategy!r}; expected one of {STRATEGIES}")
    flags, words = subword_flags(text, encoding, prefix, unk_id)
    groups = aggregate(text, encoding, scores, labels, strategy, ignore_labels,
                       subword_flags=flags, token_words=words, decode=decode)
    rows = [EntityGroup(g.entity_group, g.score, g.start, g.end, g.word,
                        g.tokens[0] if strategy == "none" else None, g.tokens) for g in groups]
    tokens = []
    for i, (start, end) in enumerate(encoding.offsets):
        if encoding.special_tokens_mask[i]:
            continue
        best = max(range(len(labels)), key=scores[i].__getitem__)
        tokens.append(TokenScore(i, encoding.tokens[i], start, end, labels[best],
                                 float(scores[i][best]), flags[i]))
    return rows, tokens


class TokenClassifier:
    """A loaded model folder: our tokenizer, the torch model and its labels."""

    def __init__(self, folder: Path, tokenizer: Any, model: Any, labels: list[str],
                 max_length: int | None, limit_source: str) -> None:
        self.folder = folder
        self.tokenizer = tokenizer
        self.model = model
        self.labels = labels
        self.max_length = max_length
        self._limit_source = limit_source
        self.prefix = getattr(tokenizer.model, "continuing_subword_prefix", None) or None
        self.unk_id = _unk_id(tokenizer)
        self._takes_type_ids = "token_type_ids" in inspect.signature(model.forward).parameters

    @property
    def name(self) -> str:
        return self.folder.name

    def decode(self, tokens: list[str]) -> str:
        """The pipeline's ``convert_tokens_to_string``: the decoder, else tokens joined by
        spaces."""
        decoder = self.tokenizer.decoder
        return decoder.decode(tokens) if decoder is not None else " ".join(tokens)

    def encode(self, text: str) -> tuple[Any, bool]:
        """Our encoding of ``text`` as the pipeline makes it, and whether it was truncated."""
        encoding = self.tokenizer.encode(text)
        return encoding, bool(encoding.overflowing)

    def probabilities(self, encoding: Any) -> list[list[float]]:
        """Run the model on ``encoding`` (no gradients); softmax of the logits per token."""
        torch, _ = _import_torch()
        inputs = {"input_ids": torch.tensor([encoding.ids], dtype=torch.long),
                  "attention_mask": torch.tensor([encoding.attention_mask], dtype=torch.long)}
        if self._takes_type_ids:
            inputs["token_type_ids"] = torch.tensor([encoding.type_ids], dtype=torch.long)
        with torch.no_grad():
            output = self.model(**inputs)
        logits = output["logits"] if isinstance(output, dict) else output[0]
        # half-precision logits are widened first, as the pipeline does
        return torch.softmax(logits[0].to(torch.float32), dim=-1).tolist()

    def classify(self, text: str, strategy: str = "simple",
                 ignore_labels: Sequence[str] = IGNORE_LABELS) -> Classification:
        """Classify ``text`` and group the tokens with ``strategy`` (see the module)."""
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown aggregation strategy {strategy!r}")
        encoding, truncated = self.encode(text)
        scores = self.probabilities(encoding) if len(encoding) else []
        groups, tokens = group_scores(text, encoding, scores, self.labels, strategy,
                                      prefix=self.prefix, unk_id=self.unk_id, decode=self.decode,
                                      ignore_labels=ignore_labels)
        return Classification(text, strategy, groups, tokens, encoding, truncated,
                              self._note(encoding, truncated))

    def _note(self, encoding: Any, truncated: bool) -> str:
        if not truncated:
            return ""
        end = max((e for (s, e), special in zip(encoding.offsets, encoding.special_tokens_mask)
                   if not special), default=0)
        return (f"The text is longer than the model's {self.max_length} tokens "
                f"({self._limit_source}): only its first {end:,} characters were classified.")


def _unk_id(tokenizer: Any) -> int | None:
    """The unknown token's id as ``transformers`` knows it (``unk_token`` of the config)."""
    pretrained = getattr(tokenizer, "pretrained", None)
    roles = getattr(pretrained, "roles", {}) or {}
    if "unk_token" in roles:
        token = roles["unk_token"]
    else:
        token = getattr(tokenizer.model, "unk_token", None)
    return tokenizer.token_to_id(token) if token else None


def load_classifier(folder: str | os.PathLike[str]) -> TokenClassifier:
    """Load the model folder from disk only (``local_files_only``; nothing is downloaded).

    Raises:
        MissingExtraError: ``torch`` or ``transformers`` is not installed.
        ModelFolderError: the folder has no token-classification model.
        TokenizerFileError: the folder's tokenizer files cannot be read.
    """
    path = Path(folder)
    config_path = path / "config.json"
    if not config_path.is_file():
        raise ModelFolderError(f"{path}: no config.json (not a transformers model folder)")
    torch, transformers = _import_torch()
    tokenizer = open_tokenizer(path)
    try:
        model = transformers.AutoModelForTokenClassification.from_pretrained(
            str(path), local_files_only=True)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ModelFolderError(f"{path}: cannot load a token-classification model: {first}"
                               ) from None
    model.eval()
    config = model.config
    labels = [str(config.id2label[i]) for i in range(config.num_labels)]
    max_length, source = _max_length(path, tokenizer, model)
    _prepare(tokenizer, max_length)
    return TokenClassifier(path, tokenizer, model, labels, max_length, source)


def _max_length(folder: Path, tokenizer: Any, model: Any) -> tuple[int | None, str]:
    """The truncation length: ``model_max_length`` as the pipeline uses it, else the model's
    position table (where the pipeline would fail instead)."""
    pretrained = getattr(tokenizer, "pretrained", None)
    given = getattr(pretrained, "model_max_length", None)
    if given is None:
        given = _config_value(folder / "tokenizer_config.json", "model_max_length")
    if isinstance(given, int) and 0 < given <= _NO_LIMIT:
        return given, "model_max_length in tokenizer_config.json"
    positions = getattr(model.config, "max_position_embeddings", None)
    if not isinstance(positions, int) or positions <= 0:
        return None, ""
    # RoBERTa-style position embeddings have a padding row and count from padding_idx + 1
    offset = 0
    for module in model.modules():
        padding = getattr(getattr(module, "position_embeddings", None), "padding_idx", None)
        if isinstance(padding, int):
            offset = padding + 1
            break
    return positions - offset, ("the size of its position table; no model_max_length is "
                                "given, so transformers' pipeline would fail on this text")


def _config_value(path: Path, key: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get(key)
    except (OSError, ValueError, AttributeError):
        return None


def _prepare(tokenizer: Any, max_length: int | None) -> None:
    """Truncation and padding as the pipeline asks for them (one window, no padding)."""
    tokenizer.no_padding()
    if max_length is None:
        tokenizer.no_truncation()
        return
    side = getattr(getattr(tokenizer, "pretrained", None), "truncation_side", "right") or "right"
    tokenizer.enable_truncation(max_length, strategy="longest_first", direction=side)


__all__ = [
    "EXTRA_HINT", "IGNORE_LABELS", "Classification", "EntityGroup", "MissingExtraError",
    "ModelFolderError", "TokenClassifier", "TokenScore", "extra_available", "group_scores",
    "load_classifier", "subword_flags",
]
