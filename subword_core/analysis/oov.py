"""Unseen words and characters: what each model does with them, step by step, and on held-out text.

Every subword family has its own answer to "this was never seen in training":

- classic BPE: one unknown token per unseen character (or fused, or dropped
  without an unknown token);
- byte-level BPE: spells the character with its UTF-8 bytes, so never unknown;
- WordPiece: the *whole word* becomes ``[UNK]`` as soon as one piece is missing;
- Unigram: a run of unseen characters becomes ``<unk>``, or ``<0xNN>`` byte pieces
  with ``byte_fallback``.

:func:`unknown_strategy` reads which answer a tokenizer gives from its model's
options; :func:`explain_unseen` encodes a text and classifies every token and every
word, with the model's own trace of that word (``BPE.merge_trace``,
``WordPiece.match_trace``, ``Unigram.lattice``) for the step-by-step views. A word is
a pre-token; where one pre-token holds several whitespace-separated words (no
pre-tokenizer, ``Metaspace(split=False)``, SentencePiece files: the model sees the
whole text at once) it is cut between those words, each with its own tokens and
outcome (:func:`word_parts`). Traces are made when asked for, and only for words of
up to :data:`TRACE_LIMIT` characters: a trace lists every step, and a long word has
thousands.

:func:`iter_heldout` measures it on a corpus: the last 10% of the documents are
held out; a word-level vocabulary of the same size as each subword vocabulary
(the most frequent words of the other 90%) gives the word-level OOV rate, next to
the subword tokenizer's unknown-token rate. A session tokenizer was usually
trained on the whole corpus, held-out part included; ``retrain`` trains the same
preset on the 90% first, so the held-out text is really unseen.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .._util.progress import StageProgress, StageStarted
from ..corpus import Cancelled
from ..encoding import Encoding
from ..models import BPE, Unigram, WordLevel, WordPiece
from ..pre_tokenizers import Whitespace
from ..text._unicode import WHITE_SPACE
from ..text.pretokenized import PreToken
from ..tokenizer import Tokenizer
from ..training.presets import ALGORITHMS, train_tokenizer
from . import byte_level_to_bytes, is_byte_level, unk_id
from .compare import Metrics, plain_tokenizer, text_metrics, words

Offsets = tuple[int, int]
HOLDOUT_FRACTION = 0.1
HELDOUT_STAGE = "heldout"
_BYTE_PIECE = re.compile(r"<0x[0-9A-Fa-f]{2}>")
_WORD = re.compile("[^" + re.escape("".join(sorted(WHITE_SPACE))) + "]+")
#: Longest model input (characters) traced step by step; longer words get no trace.
TRACE_LIMIT = 100

#: Kinds of token in an :class:`OovReport`.
TOKEN_KINDS = ("known", "unknown", "byte_fallback", "byte_piece", "special")


# ----------------------------------------------------------------------------- strategies
@dataclass(frozen=True)
class UnknownStrategy:
    """How a tokenizer treats unseen input: a stable ``kind`` and a sentence for people.

    ``kind`` is one of ``bytes`` (byte-level), ``byte_fallback``, ``unk_per_char``,
    ``unk_fused``, ``dropped``, ``unk_whole_word``, ``unk_span`` and ``error``.
    """

    kind: str
    summary: str


def unknown_strategy(tokenizer: Any) -> UnknownStrategy:
    """Which answer to unseen input the tokenizer's model gives (from its options).

    Example:
        >>> from subword_core.tokenizer import Tokenizer
        >>> from subword_core.models import WordPiece
        >>> unknown_strategy(Tokenizer(WordPiece({"[UNK]": 0, "a": 1}))).kind
        'unk_whole_word'
    """
    model = tokenizer.model
    name = _family(model)
    if name == "BPE":
        return _bpe_strategy(tokenizer, model)
    if name in ("WordPiece", "WordLevel"):
        what = "a piece is missing" if name == "WordPiece" else "it is not in the vocabulary"
        return UnknownStrategy(
            "unk_whole_word", f"the whole word becomes {model.unk_token} as soon as {what}"
        )
    if name == "Unigram":
        if model.byte_fallback:
            return UnknownStrategy("byte_fallback", "unseen characters become <0xNN> byte pieces")
        if model.unk_id is not None:
            return UnknownStrategy(
                "unk_span",
                f"a run of unseen characters becomes one {model.id_to_token(model.unk_id)}",
            )
        return UnknownStrategy("error", "no unknown piece: an unseen character is an error")
    return UnknownStrategy("error", f"{name}: unknown handling not described")


def _bpe_strategy(tokenizer: Any, model: Any) -> UnknownStrategy:
    if is_byte_level(tokenizer):
        return UnknownStrategy(
            "bytes",
            "byte-level: an unseen character is spelled with its "
            "UTF-8 bytes, so nothing is ever unknown",
        )
    if model.byte_fallback:
        return UnknownStrategy("byte_fallback", "unseen characters become <0xNN> byte tokens")
    if model.unk_token and model.fuse_unk:
        return UnknownStrategy(
            "unk_fused", f"consecutive unseen characters fuse into one {model.unk_token}"
        )
    if model.unk_token:
        return UnknownStrategy("unk_per_char", f"one {model.unk_token} per unseen character")
    return UnknownStrategy("dropped", "no unknown token: unseen characters are dropped")


# ----------------------------------------------------------------------------- one text
@dataclass(frozen=True)
class WordOutcome:
    """One word as the model saw it, its tokens and the model's trace of it.

    ``outcome``: ``in_vocab`` (one known token), ``split`` (several known tokens),
    ``bytes`` (spelled with byte tokens), ``partly_unknown``, ``unknown``,
    ``dropped`` (no token at all) or ``added`` (an added token, not seen by the model).
    ``tokens`` index the report's encoding. ``trace_kind`` says what :attr:`trace` is:
    ``bpe`` (a ``MergeTrace``), ``wordpiece`` (``MatchTrace``), ``unigram`` (``Lattice``),
    ``too_long`` (a word of more than :data:`TRACE_LIMIT` characters: no trace),
    ``added`` or ``other`` (no trace).
    """

    text: str
    model_input: str
    offsets: Offsets
    tokens: tuple[int, ...]
    outcome: str
    trace_kind: str
    model: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def trace(self) -> Any:
        """The model's trace of :attr:`model_input`, made on first use (None: no trace)."""
        if self.trace_kind not in ("bpe", "wordpiece", "unigram") or self.model is None:
            return None
        return _trace(self.model, self.trace_kind, self.model_input)


@dataclass(frozen=True)
class OovReport:
    """A text encoded by one tokenizer, every token and word classified.

    ``produced[i]`` is the vocabulary entry of token ``i``: the encoding's token
    except for an unknown token, whose encoding keeps the text it stands for (Unigram:
    ``🦜``) while the model produced its unknown piece (``<unk>``).
    """

    text: str
    strategy: UnknownStrategy
    encoding: Encoding
    kinds: tuple[str, ...]
    words: tuple[WordOutcome, ...]
    produced: tuple[str, ...] = ()

    @property
    def unknown_count(self) -> int:
        return self.kinds.count("unknown")

    @property
    def byte_count(self) -> int:
        return self.kinds.count("byte_fallback") + self.kinds.count("byte_piece")

    def as_rows(self) -> list[dict[str, Any]]:
        """One flat record per word (for tables and CSV)."""
        produced = self.produced or tuple(self.encoding.tokens)
        return [{"strategy": self.strategy.kind, "word": w.text, "start": w.offsets[0],
                 "end": w.offsets[1], "model_input": w.model_input, "outcome": w.outcome,
                 "tokens": " ".join(produced[i] for i in w.tokens)}
                for w in self.words]


def token_kinds(tokenizer: Any, encoding: Encoding) -> list[str]:
    """One of :data:`TOKEN_KINDS` per token of ``encoding``."""
    unk = unk_id(tokenizer)
    byte_level = is_byte_level(tokenizer)
    fallback = bool(getattr(tokenizer.model, "byte_fallback", False))
    kinds = []
    for token, token_id, special in zip(
        encoding.tokens, encoding.ids, encoding.special_tokens_mask
    ):
        if special:
            kinds.append("special")
        elif unk is not None and token_id == unk:
            kinds.append("unknown")
        elif fallback and _BYTE_PIECE.fullmatch(token):
            kinds.append("byte_fallback")
        elif byte_level and _is_partial_character(token):
            kinds.append("byte_piece")
        else:
            kinds.append("known")
    return kinds


def _is_partial_character(token: str) -> bool:
    """A byte-level token whose bytes are not whole UTF-8 characters."""
    raw = byte_level_to_bytes(token)
    if raw is None:
        return False
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def explain_unseen(tokenizer: Any, text: str) -> OovReport:
    """Encode ``text`` and say, per token and per word, what happened to unseen input.

    Example:
        >>> from subword_core.models import BPE
        >>> from subword_core.tokenizer import Tokenizer
        >>> tok = Tokenizer(BPE({"[UNK]": 0, "a": 1, " ": 2}, [], unk_token="[UNK]"))
        >>> [(w.text, w.outcome) for w in explain_unseen(tok, "a b").words]
        [('a', 'in_vocab'), (' b', 'partly_unknown')]
    """
    explanation = plain_tokenizer(tokenizer).explain(text)
    encoding = explanation.encoding
    kinds = token_kinds(tokenizer, encoding)
    by_word: dict[int, list[int]] = {}
    for i, w in enumerate(encoding.word_ids):
        if w is not None and not encoding.special_tokens_mask[i]:
            by_word.setdefault(w, []).append(i)
    model, kind = tokenizer.model, _trace_kind(tokenizer.model)
    outcomes = []
    for w, piece in enumerate(explanation.pre_tokens):
        tokens = tuple(by_word.get(w, ()))
        if piece.added_token:
            start, end = piece.offsets
            outcomes.append(WordOutcome(text[start:end], piece.text, (start, end), tokens,
                                        "added", "added"))
            continue
        for (start, end), model_input, part in word_parts(model, text, piece, tokens, encoding):
            outcomes.append(WordOutcome(
                text[start:end], model_input, (start, end), part,
                _outcome([kinds[i] for i in part]),
                "too_long" if kind != "other" and len(model_input) > TRACE_LIMIT else kind,
                model))
    return OovReport(text, unknown_strategy(tokenizer), encoding, tuple(kinds),
                     tuple(outcomes), _produced(tokenizer, encoding, kinds))


def _produced(tokenizer: Any, encoding: Encoding, kinds: list[str]) -> tuple[str, ...]:
    unk = unk_id(tokenizer)
    unk_piece = tokenizer.id_to_token(unk) if unk is not None else None
    return tuple(unk_piece if kind == "unknown" and unk_piece is not None else token
                 for token, kind in zip(encoding.tokens, kinds))


def word_parts(model: Any, text: str, piece: PreToken, tokens: tuple[int, ...],
               encoding: Encoding) -> list[tuple[Offsets, str, tuple[int, ...]]]:
    """``(offsets, model input, token indices)`` of each word of one pre-token.

    A pre-token holding several whitespace-separated words of ``text`` is cut before
    each word after the first, the whitespace going with the word it precedes (as
    SentencePiece's ``▁`` does). A token that straddles a cut (a piece spanning two
    words) removes that cut: the two words are one row. The model input is cut where
    the model's own tokens of the piece start, so each part is the text the model
    tokenized there. When the model's tokens cannot be matched with the encoding's
    (BPE dropout), the pre-token stays whole.
    """
    start, end = piece.offsets
    whole = [(piece.offsets, piece.text, tokens)]
    # 1. cuts: the end of every word but the last
    cuts = [m.end() + start for m in _WORD.finditer(text, start, end)][:-1]
    if not cuts or not tokens:
        return whole
    # 2. each token goes to the word its first character is in; straddling joins words
    kept = [True] * len(cuts)
    zone_of = []
    for i in tokens:
        t_start, t_end = encoding.offsets[i]
        zone = bisect_right(cuts, t_start)
        for k in range(zone, min(bisect_left(cuts, t_end), len(cuts))):
            kept[k] = False
        zone_of.append(zone)
    # 3. a word without a token of its own joins the word before it (or after, if first)
    has_token = set(zone_of)
    for k in range(len(cuts) + 1):
        if k not in has_token:
            kept[k - 1 if k else 0] = False
    if not any(kept):
        return whole
    # 4. the model's tokens of the piece give the cuts in the model input
    model_tokens = model.tokenize(piece.text)
    if [t.id for t in model_tokens] != [encoding.ids[i] for i in tokens]:
        return whole
    parts: list[tuple[Offsets, str, tuple[int, ...]]] = []
    first, o_start, m_start = 0, start, 0
    for j in range(1, len(tokens) + 1):
        if j < len(tokens) and not any(kept[zone_of[j - 1]:zone_of[j]]):
            continue  # same row: no kept cut between these two tokens
        o_end = _zone_end(zone_of[j - 1], cuts, kept, end)
        m_end = model_tokens[j].offsets[0] if j < len(tokens) else len(piece.text)
        parts.append(((o_start, o_end), piece.text[m_start:m_end], tokens[first:j]))
        first, o_start, m_start = j, o_end, m_end
    return parts


def _zone_end(zone: int, cuts: list[int], kept: list[bool], end: int) -> int:
    """Where the row holding word ``zone`` ends: its next kept cut, or the piece's end."""
    for k in range(zone, len(cuts)):
        if kept[k]:
            return cuts[k]
    return end


def _outcome(kinds: list[str]) -> str:
    if not kinds:
        return "dropped"
    n_unknown = kinds.count("unknown")
    if n_unknown == len(kinds):
        return "unknown"
    if n_unknown:
        return "partly_unknown"
    if "byte_fallback" in kinds or "byte_piece" in kinds:
        return "bytes"
    return "in_vocab" if len(kinds) == 1 else "split"


def model_trace(tokenizer: Any, model_input: str) -> tuple[str, Any]:
    """``(kind, trace)`` of the model on one pre-tokenized word: BPE merges, WordPiece
    greedy matches or the Unigram lattice; ``("other", None)`` for other models."""
    kind = _trace_kind(tokenizer.model)
    return kind, _trace(tokenizer.model, kind, model_input)


def _family(model: Any) -> str:
    """The model's family by class, subclasses included (a .model opened as sentencepiece
    encodes is a SentencePieceBPE, whose unknown handling reads the same options as BPE's)."""
    for family in (BPE, WordPiece, WordLevel, Unigram):
        if isinstance(model, family):
            return family.__name__
    return type(model).__name__


def _trace_kind(model: Any) -> str:
    return {"BPE": "bpe", "WordPiece": "wordpiece", "Unigram": "unigram"}.get(
        type(model).__name__, "other")


def _trace(model: Any, kind: str, model_input: str) -> Any:
    if kind == "bpe":
        return model.merge_trace(model_input)
    if kind == "wordpiece":
        return model.match_trace(model_input)
    if kind == "unigram":
        return model.lattice(model_input)
    return None


# ----------------------------------------------------------------------------- held-out split
@dataclass(frozen=True)
class TrainSpec:
    """How to retrain a preset on the training split (see ``presets.train_tokenizer``)."""

    algorithm: str
    vocab_size: int
    min_frequency: int | None = None
    special_tokens: tuple[str, ...] | None = None
    scoring: str | None = None

    @classmethod
    def from_options(cls, algorithm: str, options: Mapping[str, Any]) -> TrainSpec | None:
        """The spec of a preset trained with ``options`` (None if it is not a preset run)."""
        if algorithm not in ALGORITHMS or "vocab_size" not in options:
            return None
        specials = options.get("special_tokens")
        return cls(algorithm, options["vocab_size"], options.get("min_frequency"),
                   tuple(specials) if specials else None, options.get("scoring"))


@dataclass(frozen=True)
class HeldoutRow:
    """One tokenizer on the held-out documents, next to a word vocabulary of its size."""

    name: str
    vocab_size: int
    retrained: bool
    subword: Metrics  # the subword tokenizer on the held-out text
    words_with_unknown: int  # held-out words with at least one unknown token
    word_level: Metrics  # the word-level tokenizer: tokens = words, unknown = OOV
    error: str = ""

    @property
    def word_oov_rate(self) -> float:
        return self.word_level.unknown_share

    @property
    def unknown_token_rate(self) -> float:
        return self.subword.unknown_share

    @property
    def words_with_unknown_rate(self) -> float:
        return self.words_with_unknown / self.subword.words if self.subword.words else 0.0

    def as_row(self) -> dict[str, Any]:
        return {
            "tokenizer": self.name,
            "vocab_size": self.vocab_size,
            "retrained": self.retrained,
            "heldout_words": self.word_level.words,
            "word_oov_rate": self.word_oov_rate,
            "unknown_token_rate": self.unknown_token_rate,
            "words_with_unknown_rate": self.words_with_unknown_rate,
            "subword_tokens": self.subword.tokens,
            "error": self.error,
        }


@dataclass(frozen=True)
class HeldoutReport:
    train_documents: int
    heldout_documents: int
    rows: tuple[HeldoutRow, ...]


def split_documents(
    documents: Sequence[str], fraction: float = HOLDOUT_FRACTION
) -> tuple[list[str], list[str]]:
    """``(train, held_out)``: the last ``ceil(fraction * n)`` documents are held out
    (at least one, and at least one left for training, when there are two or more).

    Example:
        >>> split_documents([str(i) for i in range(11)])
        (['0', '1', '2', '3', '4', '5', '6', '7', '8'], ['9', '10'])
    """
    n = len(documents)
    k = min(max(1, math.ceil(fraction * n)), n - 1) if n >= 2 else 0
    return list(documents[: n - k]), list(documents[n - k :])


def word_vocabulary(word_counts: Mapping[str, int], size: int) -> list[str]:
    """The ``size - 1`` most frequent words (count, then word), leaving room for ``[UNK]``."""
    ranked = sorted(word_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [w for w, _ in ranked[: max(0, size - 1)]]


def word_level_tokenizer(vocabulary: Iterable[str], unk_token: str = "[UNK]") -> Any:
    """A real word-level tokenizer (``WordLevel`` + ``Whitespace``) over ``vocabulary``."""
    vocab = {unk_token: 0}
    for word in vocabulary:
        vocab.setdefault(word, len(vocab))
    tokenizer = Tokenizer(WordLevel(vocab, unk_token=unk_token))
    tokenizer.pre_tokenizer = Whitespace()
    return tokenizer


def heldout_metrics(tokenizer: Any, documents: Iterable[str]) -> tuple[Metrics, int]:
    """``(metrics, words with an unknown token)`` of ``tokenizer`` on ``documents``."""
    plain, unk = plain_tokenizer(tokenizer), unk_id(tokenizer)
    total, with_unknown = Metrics(), 0
    for doc in documents:
        doc_words = words(doc)
        enc = plain.encode(doc, add_special_tokens=False)
        total = total + text_metrics(doc, enc, unk, len(doc_words))
        if unk is None:
            continue
        marked = bytearray(len(doc))
        for i, (s, e) in enumerate(enc.offsets):
            if enc.ids[i] == unk and not enc.special_tokens_mask[i]:
                marked[s:e] = b"\x01" * (e - s)
        with_unknown += sum(1 for _, (s, e) in doc_words if any(marked[s:e]))
    return total, with_unknown


def iter_heldout(
    documents: Sequence[str],
    tokenizers: Mapping[str, Any],
    fraction: float = HOLDOUT_FRACTION,
    retrain: Mapping[str, TrainSpec] | None = None,
    cancel: Any = None,
) -> Generator[Any, None, HeldoutReport]:
    """Held-out comparison of each tokenizer with a word vocabulary of its size.

    Yields ``StageStarted``/``StageProgress`` (stage ``heldout``, one step per
    tokenizer) and, while retraining, the trainer's own events.

    Args:
        documents: the corpus, in order (the last ``fraction`` is held out).
        tokenizers: name -> tokenizer, measured as they are.
        retrain: name -> :class:`TrainSpec`; these are first trained on the training split.
        cancel: handed to the trainer (a ``threading.Event`` or callable), so a long
            retraining stops inside its stages too.
    """
    # 1. split, and count the training words once
    train, held = split_documents(documents, fraction)
    counts: Counter[str] = Counter()
    for doc in train:
        counts.update(w for w, _ in words(doc))
    retrain = retrain or {}
    names = list(dict.fromkeys([*tokenizers, *retrain]))
    yield StageStarted(HELDOUT_STAGE, len(names))
    rows = []
    baselines: dict[int, tuple[Metrics, int]] = {}
    for k, name in enumerate(names):
        # 2. the subword tokenizer: as it is, or retrained on the training split
        try:
            tokenizer = tokenizers.get(name)
            if name in retrain:
                tokenizer = yield from _train_on(train, retrain[name], cancel)
            subword, with_unknown = heldout_metrics(tokenizer, held)
        except Cancelled:
            raise
        except Exception as exc:  # noqa: BLE001 - one failing tokenizer must not hide the others
            rows.append(HeldoutRow(name, 0, name in retrain, Metrics(), 0, Metrics(), str(exc)))
            continue
        # 3. the word-level baseline with the same number of entries
        size = tokenizer.get_vocab_size()
        if size not in baselines:
            baselines[size] = heldout_metrics(
                word_level_tokenizer(word_vocabulary(counts, size)), held
            )
        rows.append(
            HeldoutRow(name, size, name in retrain, subword, with_unknown, baselines[size][0])
        )
        yield StageProgress(HELDOUT_STAGE, k + 1, len(names))
    return HeldoutReport(len(train), len(held), tuple(rows))


def _train_on(train: list[str], spec: TrainSpec, cancel: Any = None) -> Generator[Any, None, Any]:
    result = yield from train_tokenizer(
        train,
        spec.algorithm,
        spec.vocab_size,
        min_frequency=spec.min_frequency,
        special_tokens=list(spec.special_tokens) if spec.special_tokens is not None else None,
        scoring=spec.scoring,
        cancel=cancel,
    )
    return result.tokenizer


__all__ = [
    "HELDOUT_STAGE", "HOLDOUT_FRACTION", "TOKEN_KINDS", "TRACE_LIMIT", "HeldoutReport",
    "HeldoutRow", "OovReport", "TrainSpec", "UnknownStrategy", "WordOutcome", "explain_unseen",
    "heldout_metrics", "iter_heldout", "model_trace", "split_documents", "token_kinds",
    "unknown_strategy", "word_level_tokenizer", "word_parts", "word_vocabulary",
]
