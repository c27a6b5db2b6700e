"""Compare, unseen-words and statistics panes: what they show equals the subword_core figures.

Each pane is built alone from a Session with tokenizers trained on a tiny corpus;
clicks go through the real widgets (offscreen); exports go through a substituted
``QFileDialog.getSaveFileName``.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from app.selection import Selection, SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core.analysis.compare import (
    align_tokenizers,
    iter_corpus_profiles,
    pairwise_overlaps,
    text_metrics,
)
from subword_core.corpus import Corpus
from subword_core.analysis.oov import explain_unseen, iter_heldout
from subword_core.analysis.stats import chars_per_token_curve, length_histogram, merge_counts, zipf
from subword_core._util.progress import drive

DOCS = [
    "low lower newest widest the other",
    "theatre thesis lowest",
    "한국어 문장 🙂 café naïve",
    "the newest theatre is the lowest",
    "widest lower thesis other",
] * 4
TEXT = "the lowest 한국어 🙂 newer"
PRESETS = {"byte-bpe": 300, "bpe": 90, "wordpiece": 90, "unigram": 70}


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(corpus_file):
    from subword_core.training.presets import train_tokenizer

    return {alg: drive(train_tokenizer([corpus_file], alg, size)) for alg, size in PRESETS.items()}


@pytest.fixture
def session(trained, corpus_file):
    s = Session()
    for alg, result in trained.items():
        s.add_tokenizer(
            TokenizerEntry(alg, result.tokenizer, result.history, alg, {"vocab_size": PRESETS[alg]})
        )
    s.set_corpus(CorpusState([str(corpus_file)], result.report, {}))
    s.set_text(TEXT)
    yield s
    s.shutdown()


def documents(corpus_file) -> list[str]:
    return list(Corpus([corpus_file]).iter_documents())


def shown(qtbot, pane: QWidget) -> QWidget:
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    qtbot.waitExposed(pane)
    return pane


def cell(model, row: int, column: int):
    return model.data(model.index(row, column))


def export_both(qtbot, pane, tmp_path, monkeypatch, button: str) -> tuple[bytes, str]:
    """Export through the real button (found by its object name), once as PNG and once as CSV."""
    out = {}
    for suffix in ("png", "csv"):
        path = tmp_path / f"export.{suffix}"
        monkeypatch.setattr(
            QFileDialog, "getSaveFileName", staticmethod(lambda *a, p=path, **k: (str(p), ""))
        )
        qtbot.mouseClick(pane.findChild(QWidget, button), Qt.MouseButton.LeftButton)
        out[suffix] = path
    assert out["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return out["png"].read_bytes(), out["csv"].read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- compare
@pytest.fixture
def compare(qtbot, session):
    from app.panes.compare_pane import ComparePane

    pane = ComparePane(session, SelectionModel())
    shown(qtbot, pane)
    compared(qtbot, pane)
    yield pane
    pane.shutdown()


def compared(qtbot, pane) -> None:
    """Wait until the compare worker has encoded the text with every compared tokenizer."""
    qtbot.waitUntil(lambda: not pane.text_job.is_running() and pane.alignment is not None
                    and [r.name for r in pane.alignment.rows] == pane.names, timeout=20000)


def test_compare_shows_the_core_alignment_and_metrics(
    qtbot, compare, session, trained, corpus_file
):
    assert compare.names == ["unigram"]  # the current tokenizer joins an empty set
    for name in ("byte-bpe", "wordpiece"):
        compare.combo.setCurrentText(name)
        qtbot.mouseClick(
            compare.findChild(QWidget, "addToCompareButton"), Qt.MouseButton.LeftButton
        )
    assert compare.names == ["unigram", "byte-bpe", "wordpiece"]
    compared(qtbot, compare)
    tokenizers = {n: session.entry(n).tokenizer for n in compare.names}
    core = align_tokenizers(TEXT, tokenizers)
    view = compare.findChild(QWidget, "compareView")
    assert [r.encoding.tokens for r in view.alignment.rows] == [
        r.encoding.tokens for r in core.rows
    ]
    assert [r.boundaries for r in view.alignment.rows] == [r.boundaries for r in core.rows]
    assert view.alignment.differing == core.differing
    # the metrics table shows the core's text figures, formatted
    for row, name in enumerate(compare.names):
        m = text_metrics(
            TEXT,
            core.row(name).encoding,
            trained[name].tokenizer.model.unk_id
            if name == "unigram"
            else trained[name].tokenizer.token_to_id("[UNK]"),
        )
        assert [cell(compare.metrics_model, row, c) for c in range(5)] == [
            name,
            m.tokens,  # a number: the table shows it as 1,234 and copies it as 1234
            f"{m.chars_per_token:.2f}",
            f"{m.tokens_per_word:.2f}",
            f"{m.unknown_share:.1%}",
        ]
    # corpus columns arrive from the worker and equal the core's pass over the same documents
    qtbot.waitUntil(lambda: cell(compare.metrics_model, 0, 5) not in (None, ""), timeout=20000)
    profiles = drive(iter_corpus_profiles(documents(corpus_file), tokenizers))
    for row, name in enumerate(compare.names):
        m = profiles[name].metrics
        assert [cell(compare.metrics_model, row, c) for c in range(5, 9)] == [
            m.tokens,
            f"{m.chars_per_token:.2f}",
            f"{m.tokens_per_word:.2f}",
            f"{m.unknown_share:.1%}",
        ]
    overlaps = pairwise_overlaps(tokenizers)
    assert [(o.a, o.b, o.shared, o.surface_shared) for o in compare.overlap_model.records] == [
        (o.a, o.b, o.shared, o.surface_shared) for o in overlaps
    ]
    assert [r["p"] for r in compare.boundary_model.records] == list(core.differing)


def test_compare_click_selects_the_token_span_and_follows_selection(qtbot, compare, session):
    selection = compare._selection
    view = compare.view
    row = view.alignment.rows[0]
    char = TEXT.index("lowest") + 2
    token = row.segments[
        next(i for i, s in enumerate(row.segments) if s.start <= char < s.end)
    ].tokens[0]
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.char_position(0, char).toPoint())
    assert selection.current.span == tuple(row.encoding.offsets[token])
    selection.set(Selection(span=(0, 3), origin="test"))
    assert view._span == (0, 3)


def test_compare_holds_at_most_four(qtbot, compare, session, trained):
    for name in trained:
        compare.add_entry(name)
    assert len(compare.names) == 4
    extra = TokenizerEntry("extra", trained["bpe"].tokenizer)
    session.add_tokenizer(extra, make_current=False)
    assert not compare.add_entry("extra")
    session.remove_tokenizer("bpe")
    compared(qtbot, compare)
    assert "bpe" not in compare.names and len(compare.view.alignment.rows) == 3


def test_compare_exports_png_and_csv(qtbot, compare, tmp_path, monkeypatch):
    compare.add_entry("bpe")
    compared(qtbot, compare)
    _, text = export_both(qtbot, compare, tmp_path, monkeypatch, "compareExportButton")
    lines = text.splitlines()
    assert lines[0].startswith("tokenizer,tokens,chars/token")
    assert [line.split(",")[0] for line in lines[1:]] == ["unigram", "bpe"]


# ----------------------------------------------------------------------------- unseen words
@pytest.fixture
def oov(qtbot, session):
    from app.panes.oov_pane import OovPane

    pane = OovPane(session, SelectionModel())
    shown(qtbot, pane)
    # coming into sight, the pane explains its text in a worker and traces a word a turn later
    qtbot.waitUntil(lambda: pane.tree.currentItem() is not None)
    yield pane
    pane.shutdown()


def test_oov_view_shows_each_strategy_and_outcome(qtbot, oov, session):
    box = oov.findChild(QWidget, "oovInput")
    box.setText("lowestness 🦜")
    tree = oov.findChild(QWidget, "oovView")
    qtbot.waitUntil(
        lambda: oov.reports and oov.reports[0][1].text == "lowestness 🦜", timeout=3000
    )
    assert tree.topLevelItemCount() == 4
    for i, entry in enumerate(session.entries):
        report = explain_unseen(entry.tokenizer, "lowestness 🦜")
        top = tree.topLevelItem(i)
        assert (top.text(0), top.text(1)) == (entry.name, report.strategy.summary)
        assert top.childCount() == len(report.words)
        assert [
            top.child(j).data(0, Qt.ItemDataRole.UserRole) for j in range(top.childCount())
        ] == [(i, j) for j in range(len(report.words))]
    byte_bpe = tree.topLevelItem(0)
    assert byte_bpe.child(1).text(1) == "spelled with bytes"  # the parrot: byte tokens
    bpe = tree.topLevelItem(1)
    assert bpe.child(1).text(1) == "unknown" and bpe.child(1).text(2) == "[UNK]"


def test_oov_step_views_show_the_core_traces(qtbot, oov, session):
    tree = oov.tree
    unigram = tree.topLevelItem(3)
    tree.setCurrentItem(unigram.child(0))
    lattice_view = oov.findChild(QWidget, "latticeView")
    core = session.entry("unigram").tokenizer.model.lattice(oov.reports[3][1].words[0].model_input)
    assert lattice_view.lattice == core
    assert len(lattice_view.edges) == len(core.nodes)
    assert {e.index for e in lattice_view.edges if e.best} == set(core.best_path)
    tree.setCurrentItem(tree.topLevelItem(1).child(0))  # classic BPE
    trace = oov.reports[1][1].words[0].trace
    assert oov.trace_view.currentIndex() == 1
    assert oov.trace_view.model.rowCount() == len(trace.steps) + 2


def test_oov_heldout_equals_core(qtbot, oov, session, corpus_file):
    oov.retrain_check.setChecked(False)
    with qtbot.waitSignal(oov.job.returned, timeout=30000):
        qtbot.mouseClick(oov.heldout_button, Qt.MouseButton.LeftButton)
    core = drive(
        iter_heldout(documents(corpus_file), {e.name: e.tokenizer for e in session.entries})
    )
    assert (oov.heldout.train_documents, oov.heldout.heldout_documents) == (18, 2)
    for row, expected in enumerate(core.rows):
        assert cell(oov.heldout_model, row, 0) == expected.name
        assert cell(oov.heldout_model, row, 6) == f"{expected.word_oov_rate:.1%}"
        assert cell(oov.heldout_model, row, 4) == f"{expected.unknown_token_rate:.1%}"


def test_oov_exports_png_and_csv(qtbot, oov, tmp_path, monkeypatch):
    _, text = export_both(qtbot, oov, tmp_path, monkeypatch, "oovExportButton")
    lines = text.splitlines()
    assert lines[0] == "tokenizer,strategy,word,start,end,model_input,outcome,tokens"
    assert len(lines) - 1 == sum(len(r.words) for _, r in oov.reports)


# ----------------------------------------------------------------------------- statistics
@pytest.fixture
def stats(qtbot, session):
    from app.panes.stats_pane import StatsPane

    session.set_current("byte-bpe")
    pane = StatsPane(session, SelectionModel())
    with qtbot.waitSignal(pane.job.returned, timeout=30000):
        shown(qtbot, pane)
    yield pane
    pane.shutdown()


def test_stats_figures_equal_core(qtbot, stats, session, trained, corpus_file):
    tok = trained["byte-bpe"].tokenizer
    assert stats.findChild(QWidget, "statsView") is stats.tabs
    assert stats.bins == length_histogram(tok)
    assert stats.merges == merge_counts(trained["byte-bpe"].history)
    profile = drive(iter_corpus_profiles(documents(corpus_file), {"t": tok}))["t"]
    assert stats.zipf_points == zipf(profile.token_counts, tok)
    graph = session.entry("byte-bpe").merge_graph()
    assert stats.curve == chars_per_token_curve(tok, graph, documents(corpus_file), 12)
    assert stats.zipf_plot.n_points == len(stats.zipf_points)


def test_clicking_a_bar_selects_its_tokens(qtbot, stats):
    target = max(range(len(stats.bins)), key=lambda i: stats.bins[i].count)
    plot = stats.histogram
    qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=plot.bar_position(target))
    assert stats._selection.current.token_ids == stats.bins[target].token_ids
    assert stats.histogram.highlighted == {target}


def test_clicking_points_selects_tokens_and_merges(qtbot, stats):
    stats.tabs.setCurrentIndex(1)
    plot = stats.zipf_plot
    qtbot.waitExposed(plot)
    qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=plot.point_position(0))
    assert stats._selection.current.token_ids == {stats.zipf_points[0].token_id}
    stats.tabs.setCurrentIndex(3)
    plot = stats.merge_plot
    qtbot.waitExposed(plot)
    qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=plot.point_position(0))
    assert stats._selection.current.merge_rank == stats.merges[0].rank
    assert stats.merges[0].token_id in stats._selection.current.token_ids
    assert 0 in plot.highlighted


def test_stats_can_be_stopped_and_computed_again(qtbot, stats):
    from app.corpus_figures_cache import figures_cache

    from app.process_pool import shutdown_pool

    cache = figures_cache()
    cache.clear()  # the fixture's pass is cached, in memory and on disk; this one must count
    cache.store.clear()
    shutdown_pool(stats)  # the pool processes kept it in memory too
    stats._start_job()
    assert stats.run_button.isVisible() and stats.run_button.text() == "Stop"
    with qtbot.waitSignal(stats.job.running_changed, timeout=30000):
        qtbot.mouseClick(stats.run_button, Qt.MouseButton.LeftButton)
    assert "stopped" in stats.status.text()
    assert stats.run_button.isVisible() and stats.run_button.text() == "Compute"
    with qtbot.waitSignal(stats.job.returned, timeout=30000):
        qtbot.mouseClick(stats.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not stats.run_button.isVisible())
    assert stats.profile is not None and stats.profile.documents == len(DOCS)


def test_stats_exports_png_and_csv(qtbot, stats, tmp_path, monkeypatch):
    _, text = export_both(qtbot, stats, tmp_path, monkeypatch, "statsExportButton")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["length", "count", "tokens"]
    assert [int(r[1]) for r in rows[1:]] == [b.count for b in stats.bins]
    assert sum(len(r[2].split()) for r in rows[1:]) == sum(len(b.token_ids) for b in stats.bins)


# ----------------------------------------------------------------------------- docks and robustness
def test_add_analysis_docks_tabs_with_the_merge_history(qtbot, session, settings, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from app.main_window import MainWindow

    # the session's trained tokenizers were never saved: closing would ask
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)

    # the window around a session that has it all already: its panes are built late
    window = MainWindow(session, SelectionModel(), settings)
    qtbot.addWidget(window)
    docks = window.analysis_docks
    assert set(docks.docks) == {"compare", "conformance", "oov", "stats", "windows",
                                "languages"}
    assert set(docks.docks.values()) <= set(window.docks.values())  # View ▸ Panes lists them
    assert docks.panes == []  # built when first seen or asked for
    assert {type(p).__name__ for p in (docks.compare, docks.oov, docks.stats, docks.windows)
            } == {"ComparePane", "OovPane", "StatsPane", "WindowsPane"}
    for name in (
        "compareView",
        "addToCompareButton",
        "oovInput",
        "oovView",
        "latticeView",
        "statsView",
        "compareExportButton",
        "oovExportButton",
        "statsExportButton",
    ):
        assert window.findChild(QWidget, name) is not None, name
    window.show()
    window.show_view("stats")
    qtbot.waitUntil(lambda: docks.stats.job.is_running() or docks.stats.profile is not None,
                    timeout=20000)
    window.close()  # stops the workers before destruction
    assert not docks.stats.job.is_running()


@pytest.mark.parametrize(
    "name", ["compare_pane.ComparePane", "oov_pane.OovPane", "stats_pane.StatsPane"]
)
def test_pane_survives_an_unreadable_corpus_and_removals(qtbot, trained, name):
    import importlib

    module, cls = name.split(".")
    s = Session()
    s.add_tokenizer(TokenizerEntry("t", trained["bpe"].tokenizer, trained["bpe"].history, "bpe"))
    s.set_corpus(CorpusState(["/nonexistent/corpus.txt"], None, {}))
    s.set_text("low 🙂")
    selection = SelectionModel()
    pane = shown(qtbot, getattr(importlib.import_module(f"app.panes.{module}"), cls)(s, selection))
    for sel in (
        Selection(span=(0, 3)),
        Selection(token_ids=frozenset({1, 2}), merge_rank=0),
        Selection(),
    ):
        selection.set(sel)
    qtbot.waitUntil(lambda: not pane.job.is_running(), timeout=10000)
    s.remove_tokenizer("t")
    s.set_text("")
    pane.shutdown()
    s.shutdown()


def test_figure_job_latest_request_wins(qtbot):
    from app.jobs import FigureJob

    def slow(tag, cancel):
        for _ in range(200):
            if cancel.is_set():
                return tag
            yield tag
            cancel.wait(0.005)
        return tag

    job = FigureJob()
    results = []
    job.returned.connect(results.append)
    job.start(lambda cancel: slow("first", cancel))
    job.start(lambda cancel: slow("second", cancel))    # aborts the first
    with qtbot.waitSignal(job.running_changed, timeout=10000, check_params_cb=lambda r: not r):
        pass
    assert results == ["second"]
    job.stop()


def test_figure_job_sends_nothing_after_cancel(qtbot):
    import threading

    from app.jobs import FigureJob

    started, go = threading.Event(), threading.Event()

    def finishes_anyway(cancel):
        # a body busy between its cancel checks: its value comes after the cancel
        started.set()
        go.wait(10)
        yield "progress"
        return "late result"

    job = FigureJob()
    sent = []
    job.returned.connect(sent.append)
    job.progress.connect(sent.append)
    job.start(finishes_anyway)
    qtbot.waitUntil(started.is_set, timeout=10000)
    job.cancel()
    go.set()
    with qtbot.waitSignal(job.running_changed, timeout=10000, check_params_cb=lambda r: not r):
        pass
    assert sent == []
    job.start(finishes_anyway)  # the next request is delivered again
    with qtbot.waitSignal(job.returned, timeout=10000):
        pass
    assert sent[-1] == "late result"
    job.stop()
