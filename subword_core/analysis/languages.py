"""What each language pays: token figures per tokenizer and language on a parallel corpus.

On a :class:`~subword_core.corpus.ParallelCorpus` (the same sentences in every language),
for each tokenizer and language:

- tokens, bytes per token, characters per token, tokens per word (words are
  whitespace-delimited: ``str.split``);
- **premium** against a pivot language: ``tokens(language) / tokens(pivot)`` over the same
  sentences (Petrov et al. 2023, "Language Model Tokenizers Introduce Unfairness Between
  Languages");
- **vocabulary use**: the share of the vocabulary that the language's text uses;
- **Rényi efficiency** of the token distribution (Zouhar et al. 2023, the
  ``tokenization-scorer`` package): ``H_α(p) / log2(V)`` with
  ``H_α(p) = log2(Σ p_i^α) / (1 - α)``, ``α = 2.5`` by default, and ``V`` either the
  number of distinct tokens observed in the language's text (``"observed"``, the
  package's default) or the vocabulary size (``"vocab"``, its ``vocab=`` override);
- the **unknown rate**: unknown tokens and byte-fallback tokens (``<0x41>``) per token;

and per tokenizer the cross-language **Gini** coefficient of the per-language token counts,
with its Lorenz curve.

Token counts come from counts, as the corpus figures do (:mod:`.figures.counts`): each
language's sentences are cut into model inputs once per pipeline, and each distinct input
is encoded once. A tokenizer with no such pipeline (another library's) is encoded with
``encode_batch``. Special tokens of the post-processor are not counted.

Example:
    >>> gini([1, 1, 1, 1]), gini([0, 0, 0, 4])
    (0.0, 0.75)
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._util.progress import StageProgress, StageStarted, drive
from ..corpus.parallel import ParallelCorpus, ParallelCorpusError
from . import unk_id
from .compare import plain_tokenizer
from .figures.counts import count_chunk, encode_counts, pipeline_of

#: The pivot used when none is named: English, as in FLORES-200.
DEFAULT_PIVOT = "eng_Latn"
#: Rényi's α by default (the value Zouhar et al. found to correlate best with BLEU).
DEFAULT_ALPHA = 2.5
DENOMINATORS = ("observed", "vocab")
STAGE = "language_figures"
_BYTE_TOKEN = re.compile(r"<0x[0-9A-Fa-f]{2}>")


# ----------------------------------------------------------------------------- counts
@dataclass(frozen=True)
class TokenHistogram:
    """One language's text through one tokenizer: how often each token id occurs."""

    counts: Mapping[int, int]
    unknown: int = 0  # unknown + byte-fallback tokens

    @property
    def tokens(self) -> int:
        return sum(self.counts.values())


def token_histogram(tokenizer: Any, texts: Sequence[str]) -> TokenHistogram:
    """The token ids of ``texts`` (each encoded as a document, no special tokens), counted."""
    tokenizer = plain_tokenizer(tokenizer)
    found = model_inputs(tokenizer, texts)
    if found is not None:
        inputs, added = found
        sums = encode_counts(tokenizer, list(inputs), list(inputs.values()), added)
        counts: Counter[int] = sums.token_counts()
    else:
        counts = Counter()
        for enc in tokenizer.encode_batch(list(texts), add_special_tokens=False):
            counts.update(enc.ids)
    unusual = fallback_ids(tokenizer)
    return TokenHistogram(counts, sum(n for i, n in counts.items() if i in unusual))


def model_inputs(tokenizer: Any, texts: Sequence[str]
                 ) -> tuple[Counter[str], Counter[int]] | None:
    """The model inputs of ``texts`` (each a document) with their counts, and the added
    tokens found in them; None for a tokenizer with no pipeline here (another library's)."""
    pipeline = pipeline_of(tokenizer)
    if pipeline is None:
        return None
    chunk = count_chunk(list(texts), [pipeline])
    return chunk.model_inputs([pipeline], 0), chunk.added[0]


def fallback_ids(tokenizer: Any) -> frozenset[int]:
    """The ids that stand for text the vocabulary lacks: the unknown token and, for a model
    with ``byte_fallback``, its ``<0xXX>`` byte tokens."""
    found = set()
    unk = unk_id(tokenizer)
    if unk is not None:
        found.add(unk)
    model = getattr(tokenizer, "model", None)
    if getattr(model, "byte_fallback", False):
        found.update(i for token, i in model.get_vocab().items() if _BYTE_TOKEN.fullmatch(token))
    return frozenset(found)


# ----------------------------------------------------------------------------- figures
def renyi_efficiency(counts: Iterable[int], alpha: float = DEFAULT_ALPHA,
                     vocab_size: int | None = None) -> float | None:
    """Rényi efficiency of a token distribution given by its counts, as ``tokenization-scorer``
    computes it: ``log2(Σ p^α) / (1 - α) / log2(V)``; ``V`` is the number of distinct
    tokens, or ``vocab_size``. ``α = 1`` is Shannon efficiency. None when ``V < 2`` or
    there are no tokens (the ratio is undefined).

    Example:
        >>> round(renyi_efficiency([3, 2, 2], alpha=2.5), 6)
        0.954276
    """
    # the package's operations in its order (counts most common first, numpy's pairwise
    # sum): equal counts give equal terms, so the result is the same to the last bit
    counts = sorted((c for c in counts if c > 0), reverse=True)
    total = sum(counts)
    size = len(counts) if vocab_size is None else vocab_size
    if not total or size < 2:
        return None
    probs = np.array([c / total for c in counts])
    if alpha == 1.0:
        return float(-np.sum(probs * np.log2(probs)) / np.log2(size))
    scale = 1 / (1 - alpha)
    return float(scale * np.log2(np.sum(probs ** alpha)) / np.log2(size))


def gini(values: Sequence[float]) -> float:
    """The Gini coefficient of non-negative values: 0 when all are equal, ``1 - 1/n`` when
    one holds everything. ``Σ_i Σ_j |x_i - x_j| / (2 n² mean)``."""
    n = len(values)
    total = sum(values)
    if n == 0 or total == 0:
        return 0.0
    ordered = sorted(values)
    # Σ_i Σ_j |x_i - x_j| = 2 Σ_i (2i - n + 1) x_(i) over the sorted values (0-based i)
    weighted = sum((2 * i - n + 1) * x for i, x in enumerate(ordered))
    return weighted / (n * total)


def lorenz_curve(values: Sequence[float]) -> list[tuple[float, float]]:
    """The Lorenz curve of the values: ``(share of languages, share of tokens)`` points from
    (0, 0) to (1, 1), the smallest first. Gini is twice the area between it and the diagonal.

    Example:
        >>> lorenz_curve([3, 1])
        [(0.0, 0.0), (0.5, 0.25), (1.0, 1.0)]
    """
    n, total = len(values), sum(values)
    points = [(0.0, 0.0)]
    running = 0.0
    for k, x in enumerate(sorted(values), 1):
        running += x
        points.append((k / n, running / total if total else k / n))
    return points


@dataclass(frozen=True)
class LanguageRow:
    """One language through one tokenizer (see the module docstring for each figure)."""

    language: str
    sentences: int
    characters: int
    bytes: int
    words: int
    tokens: int
    types: int  # distinct token ids used
    unknown: int  # unknown + byte-fallback tokens
    vocab_size: int
    renyi_efficiency: float | None
    premium: float | None  # None without a pivot

    @property
    def bytes_per_token(self) -> float:
        return self.bytes / self.tokens if self.tokens else 0.0

    @property
    def chars_per_token(self) -> float:
        return self.characters / self.tokens if self.tokens else 0.0

    @property
    def tokens_per_word(self) -> float:
        return self.tokens / self.words if self.words else 0.0

    @property
    def vocab_used(self) -> float:
        return self.types / self.vocab_size if self.vocab_size else 0.0

    @property
    def unknown_rate(self) -> float:
        return self.unknown / self.tokens if self.tokens else 0.0


@dataclass(frozen=True)
class LanguageFigures:
    """One tokenizer's rows, one per language in corpus order, and its cross-language Gini."""

    name: str
    rows: tuple[LanguageRow, ...]
    pivot: str | None
    alpha: float = DEFAULT_ALPHA
    denominator: str = "observed"
    gini: float = 0.0
    lorenz: tuple[tuple[float, float], ...] = field(default_factory=tuple)

    def row(self, language: str) -> LanguageRow:
        return next(r for r in self.rows if r.language == language)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``subword languages --json``."""
        return {
            "tokenizer": self.name, "pivot": self.pivot, "alpha": self.alpha,
            "denominator": self.denominator, "gini": self.gini,
            "languages": {r.language: {
                "tokens": r.tokens, "bytes": r.bytes, "characters": r.characters,
                "words": r.words, "premium": r.premium, "renyi_efficiency": r.renyi_efficiency,
                "vocab_used": r.vocab_used, "types": r.types, "unknown_rate": r.unknown_rate,
                "bytes_per_token": r.bytes_per_token, "chars_per_token": r.chars_per_token,
                "tokens_per_word": r.tokens_per_word} for r in self.rows},
        }


def choose_pivot(languages: Sequence[str], pivot: str | None = DEFAULT_PIVOT) -> str | None:
    """The pivot to use: ``pivot`` if the corpus has it; for the default, English under
    another code (``en``, ``eng``, ``en_US``) or else the first language. A pivot named
    by the caller that the corpus lacks is an error; ``None`` means no premium."""
    if pivot is None or pivot in languages:
        return pivot
    if pivot == DEFAULT_PIVOT:
        english = [lang for lang in languages if re.match(r"(?i)en(g)?([-_]|$)", lang)]
        return english[0] if english else (languages[0] if languages else None)
    raise ParallelCorpusError(f"no pivot language {pivot} in the corpus "
                              f"(languages: {', '.join(languages)})")


def figures_from_histograms(name: str, corpus: ParallelCorpus,
                            histograms: Mapping[str, TokenHistogram], vocab_size: int, *,
                            pivot: str | None = DEFAULT_PIVOT, alpha: float = DEFAULT_ALPHA,
                            denominator: str = "observed") -> LanguageFigures:
    """The figures of one tokenizer from its per-language histograms."""
    if denominator not in DENOMINATORS:
        raise ValueError(f"denominator must be one of {DENOMINATORS}, not {denominator!r}")
    pivot = choose_pivot(corpus.languages, pivot)
    pivot_tokens = histograms[pivot].tokens if pivot is not None else 0
    rows = []
    for lang in corpus.languages:
        texts = corpus.sentences[lang]
        hist = histograms[lang]
        tokens = hist.tokens
        rows.append(LanguageRow(
            lang, len(texts), sum(map(len, texts)),
            sum(len(t.encode("utf-8", "surrogatepass")) for t in texts),
            sum(len(t.split()) for t in texts), tokens, len(hist.counts), hist.unknown,
            vocab_size,
            renyi_efficiency(hist.counts.values(), alpha,
                             vocab_size if denominator == "vocab" else None),
            tokens / pivot_tokens if pivot_tokens else None))
    per_language = [r.tokens for r in rows]
    return LanguageFigures(name, tuple(rows), pivot, alpha, denominator, gini(per_language),
                           tuple(lorenz_curve(per_language)))


def iter_language_figures(tokenizers: Mapping[str, Any], corpus: ParallelCorpus, *,
                          pivot: str | None = DEFAULT_PIVOT, alpha: float = DEFAULT_ALPHA,
                          denominator: str = "observed",
                          ) -> Generator[StageStarted | StageProgress, None,
                                         dict[str, LanguageFigures]]:
    """:class:`LanguageFigures` of every tokenizer (by name) on ``corpus``; yields progress
    once per tokenizer and language."""
    choose_pivot(corpus.languages, pivot)  # a missing pivot fails before any work
    total = len(tokenizers) * len(corpus.languages)
    yield StageStarted(STAGE, total)
    out: dict[str, LanguageFigures] = {}
    done = 0
    for name, tokenizer in tokenizers.items():
        histograms = {}
        for lang in corpus.languages:
            histograms[lang] = token_histogram(tokenizer, corpus.sentences[lang])
            done += 1
            yield StageProgress(STAGE, done, total)
        out[name] = figures_from_histograms(name, corpus, histograms, tokenizer.get_vocab_size(),
                                            pivot=pivot, alpha=alpha, denominator=denominator)
    return out


def language_figures(tokenizers: Mapping[str, Any], corpus: ParallelCorpus,
                     **options: Any) -> dict[str, LanguageFigures]:
    """:func:`iter_language_figures` run to the end."""
    return drive(iter_language_figures(tokenizers, corpus, **options))


# ----------------------------------------------------------------------------- tables
TABLE_HEADER = ["tokenizer", "language", "sentences", "characters", "bytes", "words", "tokens",
                "bytes_per_token", "chars_per_token", "tokens_per_word", "premium", "pivot",
                "types", "vocab_size", "vocab_used", "renyi_efficiency", "alpha", "denominator",
                "unknown", "unknown_rate", "gini"]


def figures_table(results: Iterable[LanguageFigures]) -> tuple[list[str], list[list]]:
    """Every number, one row per tokenizer and language (the CSV export)."""
    rows = []
    for fig in results:
        for r in fig.rows:
            rows.append([fig.name, r.language, r.sentences, r.characters, r.bytes, r.words,
                         r.tokens, r.bytes_per_token, r.chars_per_token, r.tokens_per_word,
                         r.premium, fig.pivot, r.types, r.vocab_size, r.vocab_used,
                         r.renyi_efficiency, fig.alpha, fig.denominator, r.unknown,
                         r.unknown_rate, fig.gini])
    return list(TABLE_HEADER), rows


def figures_csv(results: Iterable[LanguageFigures]) -> str:
    """:func:`figures_table` as CSV text (empty cells for undefined figures)."""
    header, rows = figures_table(results)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([["" if v is None else v for v in row] for row in rows])
    return out.getvalue()


def format_table(results: Iterable[LanguageFigures]) -> str:
    """The per-language tables for people (``subword languages``), one per tokenizer."""
    blocks = []
    for fig in results:
        head = (f"{fig.name}: Gini {fig.gini:.3f}, pivot {fig.pivot or '-'}, "
                f"Rényi α={fig.alpha:g} over {fig.denominator} types")
        lines = [head, f"{'language':<10} {'tokens':>8} {'bytes/tok':>9} {'chars/tok':>9} "
                       f"{'tok/word':>8} {'premium':>7} {'vocab%':>7} {'rényi':>6} {'unk%':>6}"]
        for r in fig.rows:
            premium = f"{r.premium:.2f}" if r.premium is not None else "-"
            renyi = f"{r.renyi_efficiency:.3f}" if r.renyi_efficiency is not None else "-"
            lines.append(f"{r.language:<10} {r.tokens:>8,} {r.bytes_per_token:>9.2f} "
                         f"{r.chars_per_token:>9.2f} {r.tokens_per_word:>8.2f} {premium:>7} "
                         f"{100 * r.vocab_used:>6.2f}% {renyi:>6} {100 * r.unknown_rate:>5.1f}%")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


__all__ = [
    "DEFAULT_ALPHA", "DEFAULT_PIVOT", "DENOMINATORS", "LanguageFigures", "LanguageRow",
    "TABLE_HEADER", "TokenHistogram", "choose_pivot", "fallback_ids", "figures_csv",
    "figures_from_histograms", "figures_table", "format_table", "gini", "iter_language_figures",
    "language_figures", "lorenz_curve", "model_inputs", "renyi_efficiency", "token_histogram",
]
