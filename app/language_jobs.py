"""Jobs of the Languages view that the window's process pool runs (imports no Qt).

:func:`languages_job` reads a parallel corpus and measures every session tokenizer on it
(:mod:`subword_core.analysis.languages`); :func:`attribution_job` replays one BPE's merges
over the corpus (:mod:`subword_core.analysis.merge_attribution`). Tokenizers travel as
:class:`~app.analysis_jobs.TokenizerRef`. What comes back is small: the figures, the corpus
(the sentence view shows it), and for the merges an :class:`AttributionSummary`: the
premium and Gini curve at a few hundred steps and the merges that saved anything (Llama 3
has 280,147 merges; a few thousand of them matter to a sample).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from .analysis_jobs import TokenizerRef, graph_of, tokenizer_of

Cancel = Callable[[], bool]
#: Points of the premium / Gini curve (evenly spaced merge counts, 0 and n included).
CURVE_POINTS = 240


@dataclass(frozen=True)
class CorpusSource:
    """Where the parallel corpus is: a path (``""``: the bundled sample) and a limit."""

    path: str = ""
    limit: int | None = None

    def read(self) -> Any:
        from subword_core.corpus.parallel import read_parallel, sample_path

        return read_parallel(self.path or sample_path(), limit=self.limit)


def languages_job(refs: list[tuple[str, TokenizerRef]], source: CorpusSource, pivot: str | None,
                  alpha: float, denominator: str, cancel: Cancel
                  ) -> Generator[Any, None, tuple[Any, dict[str, Any]]]:
    """``(corpus, {name: LanguageFigures})`` of every tokenizer on the corpus."""
    from subword_core.analysis.languages import choose_pivot, iter_language_figures

    yield "reading"
    corpus = source.read()
    tokenizers = {name: tokenizer_of(ref)[0] for name, ref in refs}
    pivot = choose_pivot(corpus.languages, pivot) if pivot in corpus.languages else \
        choose_pivot(corpus.languages)
    figures = yield from iter_language_figures(tokenizers, corpus, pivot=pivot, alpha=alpha,
                                               denominator=denominator)
    return corpus, figures


@dataclass(frozen=True)
class AttributionSummary:
    """One BPE's merges attributed to languages, in the size the pane shows.

    ``points``: :class:`~subword_core.analysis.merge_attribution.CurvePoint` at up to
    :data:`CURVE_POINTS` merge counts; ``rows``: ``(rank, token, saved per language)`` of
    every merge that saved a token; ``exact``: the replay agrees with the model.
    """

    languages: tuple[str, ...]
    pivot: str | None
    points: tuple[Any, ...]
    rows: tuple[tuple[int, str, tuple[int, ...]], ...]
    n_merges: int
    exact: bool

    def saved_by(self, rank: int) -> tuple[int, ...] | None:
        """Tokens merge ``rank`` saved per language (None: none at all)."""
        return next((saved for r, _, saved in self.rows if r == rank), None)


def attribution_job(ref: TokenizerRef, source: CorpusSource, pivot: str | None, cancel: Cancel
                    ) -> Generator[Any, None, AttributionSummary | None]:
    """The merge attribution of ``ref``'s tokenizer (None: not a BPE, no merges)."""
    from subword_core.analysis.languages import choose_pivot
    from subword_core.analysis.merge_attribution import iter_attribute_merges
    from subword_core.analysis.stats import merge_steps

    tokenizer, _ = tokenizer_of(ref)
    if type(getattr(tokenizer, "model", None)).__name__ != "BPE":
        return None
    yield "reading"
    corpus = source.read()
    graph = graph_of(ref)
    if not len(graph):
        return None
    attribution = yield from iter_attribute_merges(tokenizer, corpus, graph)
    pivot = choose_pivot(corpus.languages, pivot) if pivot in corpus.languages else \
        choose_pivot(corpus.languages)
    points = attribution.curve(pivot, merge_steps(len(graph), CURVE_POINTS))
    saved = attribution.saved
    rows = tuple((int(k), attribution.tokens[k], tuple(int(x) for x in saved[k]))
                 for k in saved.any(axis=1).nonzero()[0])
    return AttributionSummary(corpus.languages, pivot, tuple(points), rows, len(graph),
                              attribution.exact)




def sentence_job(refs: list[tuple[str, TokenizerRef]], sentences: dict[str, str], cancel: Cancel
                 ) -> Generator[Any, None, tuple[dict[str, Any], list[bool]]]:
    """One sentence in every language, each aligned across the tokenizers:
    ``({language: Alignment}, byte_level per tokenizer)``."""
    from subword_core.analysis import is_byte_level
    from subword_core.analysis.compare import align_tokenizers

    yield "encoding"
    tokenizers = {name: tokenizer_of(ref)[0] for name, ref in refs}
    alignments = {lang: align_tokenizers(text, tokenizers) for lang, text in sentences.items()}
    return alignments, [is_byte_level(t) for t in tokenizers.values()]


__all__ = ["AttributionSummary", "CURVE_POINTS", "CorpusSource", "attribution_job",
           "languages_job", "sentence_job"]
