"""The Conformance view's job, run in the window's process pool (imports no Qt).

:func:`conformance_job` compares two session tokenizers with
:func:`subword_core.analysis.conformance.compare_tokenizers` on the built-in probes and, if
asked, the first lines of the session's corpus (read again in the pool process, as the
Compare view's corpus pass does). The report comes back as it is: frozen dataclasses of
strings and numbers, a few kilobytes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

from .analysis_jobs import TokenizerRef, tokenizer_of

#: Corpus lines the view compares at most (the probes come first).
CORPUS_LINES = 2000


def conformance_job(left: TokenizerRef, right: TokenizerRef, names: tuple[str, str],
                    corpus: Any, limit: int, cancel: Callable[[], bool]
                    ) -> Generator[str, None, Any]:
    """The :class:`~subword_core.analysis.conformance.ConformanceReport` of ``left`` against
    ``right`` (None when cancelled). ``corpus`` is a ``compare_jobs.CorpusSpec`` or None."""
    from subword_core.analysis.conformance import compare_tokenizers

    yield "reading"
    a, _ = tokenizer_of(left)
    b, _ = tokenizer_of(right)
    yield "comparing"
    lines = _corpus_lines(corpus, limit) if corpus is not None else None
    return compare_tokenizers(a, b, lines, left_name=names[0], right_name=names[1],
                              cancel=cancel)


def _corpus_lines(corpus: Any, limit: int) -> Iterator[tuple[str, str]]:
    """``("corpus:N", line)`` for the first ``limit`` non-blank lines of the corpus."""
    count = 0
    for document in corpus.corpus().iter_documents():
        for line in document.splitlines():
            if count >= limit:
                return
            if line.strip():
                count += 1
                yield f"corpus:{count}", line
