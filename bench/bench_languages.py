"""Language figures (issue 24) of four real tokenizers on a 10-language × 1,000-sentence corpus.

The corpus is built from the bundled parallel sample (resources/corpora/parallel): its first
ten languages, sentence ``i`` of each being sample sentences ``i`` and ``(7i + 3) % 300``
joined by a space, so the 1,000 sentences differ while staying aligned. The tokenizers are
Llama 3 (``tokenizer.json``), GPT-2 (``vocab.bpe`` + ``encoder.json``), BERT (``vocab.txt``)
and Mistral 7B (SentencePiece ``.model``, byte fallback), from the test extras, opened
before the clock starts. Prints the time of :func:`language_figures` (one process), then the
table of the bundled sample itself (300 sentences, 14 languages).

    .venv/bin/python bench/bench_languages.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_corpus_figures import tokenizer_files  # noqa: E402

from subword_core.analysis.languages import format_table, language_figures  # noqa: E402
from subword_core.corpus import ParallelCorpus, read_parallel  # noqa: E402
from subword_core.corpus.parallel import sample_path  # noqa: E402
from subword_core.formats import open_tokenizer  # noqa: E402


def bench_corpus(n_languages: int = 10, n_sentences: int = 1000) -> ParallelCorpus:
    sample = read_parallel(sample_path())
    size = len(sample)
    texts = {lang: [sample.sentences[lang][i % size] + " " + sample.sentences[lang][(7 * i + 3) % size]
                    for i in range(n_sentences)] for lang in sample.languages[:n_languages]}
    return ParallelCorpus.from_texts(texts)


def main() -> None:
    tokenizers = {name: open_tokenizer(path) for name, path in tokenizer_files().items()}
    corpus = bench_corpus()
    chars = sum(len(s) for lang in corpus.languages for s in corpus.sentences[lang])
    for run in (1, 2):
        start = time.perf_counter()
        language_figures(tokenizers, corpus)
        took = time.perf_counter() - start
        print(f"run {run}: {len(corpus.languages)} languages × {len(corpus):,} sentences "
              f"({chars:,} characters), {len(tokenizers)} tokenizers: {took:.2f} s")
    figures = language_figures(tokenizers, read_parallel(sample_path()))
    print(format_table(figures.values()))


if __name__ == "__main__":
    main()
