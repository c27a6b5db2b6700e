"""The vocabulary view on real tokenizers: core timings, then the GUI thread's longest stall.

For each model found by ``tests/core/wild_sources.py``:

1. core (no Qt): the merge graph, the vocabulary rows (``vocabulary.vocab_table``), a
   substring and a regex search, the token usage on the bundled corpora and on 50k
   pseudo-words (``vocabulary.token_usage``), and ``decode_ids`` of an encoded text;
2. GUI: a shown :class:`~app.panes.vocab_pane.VocabPane` gets the tokenizer (rows in a
   worker), then a 50k-word corpus (frequencies in a worker), then a regex search, a
   sort and a selection on the GUI thread. A 10 ms ``QTimer`` ticks throughout; a stall
   is a gap between two ticks minus the 10 ms period.

    python bench/bench_vocab.py [MODEL ...]      # default: gpt2 llama-3 qwen3

The machine is shared: run it twice and read the spread, not one number.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from PySide6.QtCore import QElapsedTimer, Qt, QTimer  # noqa: E402

from app.main import ensure_app  # noqa: E402
from app.panes.vocab_pane import VocabPane  # noqa: E402
from app.resources import sample_corpora  # noqa: E402
from app.selection import SelectionModel  # noqa: E402
from app.session import CorpusState, Session, TokenizerEntry  # noqa: E402
from subword_core import Tokenizer  # noqa: E402
from subword_core.analysis import MergeGraph  # noqa: E402
from subword_core.corpus import count_words  # noqa: E402
from subword_core.analysis.vocabulary import (  # noqa: E402
    decode_ids, ids_text, search_rows, token_usage, vocab_table,
)

SYLLABLES = ["ka", "to", "ri", "men", "sa", "lo", "ve", "qu", "ne", "ba", "di", "xo", "ul",
             "the", "ing", "한", "국", "é"]


def pseudo_words(n: int = 50_000) -> dict[str, int]:
    rng = random.Random(1)
    words: dict[str, int] = {}
    while len(words) < n:
        words["".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 5)))] = \
            rng.randint(1, 1000)
    return words


def timed(f):
    start = time.perf_counter()
    value = f()
    return value, time.perf_counter() - start


def core(name: str, tok: Tokenizer, bundled: dict[str, int], big: dict[str, int]) -> None:
    graph, t_graph = timed(lambda: MergeGraph.of(tok))
    table, t_rows = timed(lambda: vocab_table(tok, graph))
    _, t_sub = timed(lambda: search_rows(table, "ing"))
    _, t_re = timed(lambda: search_rows(table, r"^␣.*ing$", "regex"))
    _, t_small = timed(lambda: token_usage(tok, bundled))
    _, t_big = timed(lambda: token_usage(tok, big))
    text = ids_text(tok.encode(" ".join(bundled) * 3).ids)
    _, t_decode = timed(lambda: decode_ids(tok, text))
    print(f"{name}: {len(table):,} rows | merge graph {t_graph:.2f} s, rows {t_rows:.2f} s | "
          f"search substring {t_sub * 1000:.0f} ms, regex {t_re * 1000:.0f} ms | "
          f"usage {len(bundled):,} bundled words {t_small:.2f} s, {len(big):,} words "
          f"{t_big:.2f} s | decode {text.count(',') + 1:,} ids {t_decode * 1000:.0f} ms")


def gui(name: str, tok: Tokenizer, big: dict[str, int]) -> None:
    app = ensure_app()
    session = Session()
    pane = VocabPane(session, SelectionModel())
    pane.resize(1280, 700)
    pane.show()
    clock = QElapsedTimer()
    clock.start()
    phase, gaps, last = ["rows"], {"rows": [0], "frequencies": [0]}, [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.setdefault(phase[0], [0]).append(now - last[0] - 10)
        last[0] = now

    timer = QTimer(interval=10)
    timer.timeout.connect(tick)
    timer.start()
    start = time.perf_counter()
    session.add_tokenizer(TokenizerEntry(name, tok, algorithm="file"))
    while not pane.model.rowCount():
        app.processEvents()
    t_rows = time.perf_counter() - start
    phase[0] = "frequencies"
    start = time.perf_counter()
    session.set_corpus(CorpusState(["pseudo-words"], None, big))
    while not pane.model.has_frequencies:
        app.processEvents()
    t_freq = time.perf_counter() - start
    phase[0] = "done"
    start = time.perf_counter()
    pane.mode_combo.setCurrentText("regex")
    pane.search.setText(r"^␣.*ing$")
    pane.apply_search()
    pane.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    pane.table.selectRow(0)
    t_ui = time.perf_counter() - start
    timer.stop()
    pane.shutdown()
    session.shutdown()
    print(f"  GUI: rows shown after {t_rows:.2f} s (longest stall {max(gaps['rows'])} ms), "
          f"frequencies after {t_freq:.2f} s (longest stall {max(gaps['frequencies'])} ms), "
          f"regex search + sort + select {t_ui * 1000:.0f} ms")


def main() -> None:
    from wild_sources import tokenizer_json

    names = sys.argv[1:] or ["gpt2", "llama-3", "qwen3"]
    paths = [p for p in sample_corpora() if p.suffix == ".txt"]
    bundled = dict(count_words(paths).counts)
    big = pseudo_words()
    for name in names:
        tok = Tokenizer.from_str(tokenizer_json(name))
        core(name, tok, bundled, big)
        gui(name, Tokenizer.from_str(tokenizer_json(name)), big)


if __name__ == "__main__":
    main()
