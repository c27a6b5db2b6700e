"""The Languages view (issue 24): figures per tokenizer and language from the pool, the Lorenz
curve, one sentence in every language as Compare token rows, merge attribution linked to the
merge history, CSV export, and its place among the views."""

from __future__ import annotations

import csv
import math
import time
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QFileDialog

from app.panes.languages_pane import LanguagesPane
from app.selection import Selection, SelectionModel
from app.session import Session, TokenizerEntry
from subword_core._util.progress import drive
from subword_core.analysis.languages import language_figures
from subword_core.analysis.merge_attribution import attribute_merges
from subword_core.corpus import read_parallel
from subword_core.corpus.parallel import sample_path

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer

    corpus = CORPORA / "multilingual.txt"
    return {"byte-bpe": drive(train_tokenizer([corpus], "byte-bpe", 500)),
            "wordpiece": drive(train_tokenizer([corpus], "wordpiece", 900))}


def _session(trained) -> Session:
    s = Session()
    for name in ("wordpiece", "byte-bpe"):  # the byte-level BPE ends current
        s.add_tokenizer(TokenizerEntry(name, trained[name].tokenizer, trained[name].history, name))
    return s


def _ready(pane) -> bool:
    return len(pane.figures) == 2 and pane.attribution is not None \
        and len(pane.sentence_views) == 14


def _shown_pane(session) -> LanguagesPane:
    pane = LanguagesPane(session, SelectionModel())
    pane.resize(1100, 760)
    pane.show()
    return pane


@pytest.fixture(scope="module")
def computed(qapp, trained):
    """One pane measured once for the tests that only read it (measuring starts the pool)."""
    session = _session(trained)
    pane = _shown_pane(session)
    deadline = time.monotonic() + 120
    while not _ready(pane) and time.monotonic() < deadline:
        qapp.processEvents()
        time.sleep(0.01)
    assert _ready(pane), pane.status.text()
    yield pane
    pane.shutdown()
    pane.close()
    pane.deleteLater()
    session.shutdown()


@pytest.fixture
def pane(computed):
    return computed


@pytest.fixture
def session(computed):
    return computed._session


@pytest.fixture
def fresh(qtbot, trained):
    """A pane of its own, for a test that changes what it shows."""
    session = _session(trained)
    pane = _shown_pane(session)
    qtbot.addWidget(pane)
    qtbot.waitExposed(pane)
    qtbot.waitUntil(lambda: _ready(pane), timeout=120000)
    yield pane
    pane.shutdown()
    session.shutdown()


def test_figures_of_every_tokenizer_are_the_librarys(pane, trained):
    corpus = read_parallel(sample_path())
    expected = language_figures({n: trained[n].tokenizer for n in ("wordpiece", "byte-bpe")},
                                corpus)
    assert pane.figures == expected
    assert pane.table_model.rowCount() == 2 * 14
    assert pane.pivot.currentText() == "eng_Latn"
    bars = pane.bar_values()
    english = corpus.languages.index("eng_Latn")
    assert bars["byte-bpe"][english] == 1.0
    assert "14 languages" in pane.status.text()


def test_lorenz_curves_carry_the_gini(pane):
    pane.lorenz.plot_widget()  # made now, hidden on its tab; its curves drawn over turns...
    pane.finish_drawing()  # ...or now
    names = [item.name() for item in pane.lorenz.getPlotItem().listDataItems() if item.name()]
    gini = pane.figures["wordpiece"].gini
    assert f"wordpiece (Gini {gini:.3f})" in names and len(names) == 2


def test_one_sentence_in_every_language_as_token_rows(pane):
    label, view = pane.sentence_views[0]
    assert view.alignment.rows[0].name == "wordpiece" and len(view.alignment.rows) == 2
    assert view.alignment.text == pane.corpus.sentences[pane.corpus.languages[0]][0]


def test_merge_attribution_selects_the_merge(pane, session, trained):
    summary = pane.attribution
    expected = attribute_merges(trained["byte-bpe"].tokenizer, read_parallel(sample_path()),
                                session.current.merge_graph())
    assert summary.n_merges == len(expected) and summary.exact
    assert {r: saved for r, _, saved in summary.rows} == {
        k: tuple(map(int, row)) for k, row in enumerate(expected.saved) if row.any()}
    # a point of the premium curve: its step's last merge is selected for the merge history
    point = summary.points[len(summary.points) // 2]
    pane.select_step(point.n_merges)
    chosen = pane._selection.current
    assert chosen.merge_rank == point.n_merges - 1 and chosen.origin == "languages"
    token = session.current.merge_graph().records[chosen.merge_rank].token
    assert chosen.token_ids == {session.current.tokenizer.token_to_id(token)}
    # a merge picked in the merge history is marked on the curves
    pane._selection.set(Selection(merge_rank=3, origin="merges"))
    assert all(line.isVisible() for line in pane._step_lines)
    # a row of the table selects its merge too
    pane.merges_table.clicked.emit(pane.merges_model.index(0, 0))
    assert pane._selection.current.merge_rank == pane.merges_model.record_at(0)[0]


def test_pivot_sentence_current_tokenizer_and_corpus_changes(qtbot, fresh, tmp_path, monkeypatch):
    pane = fresh
    # the pivot and the bars' figure
    pane.pivot.setCurrentText("kor_Hang")
    qtbot.waitUntil(lambda: pane.figures["byte-bpe"].pivot == "kor_Hang", timeout=30000)
    korean = pane.corpus.languages.index("kor_Hang")
    assert pane.bar_values()["byte-bpe"][korean] == 1.0
    pane.metric_combo.setCurrentIndex(pane.metric_combo.findData("tokens"))
    assert pane.bar_values()["byte-bpe"][korean] == pane.figures["byte-bpe"].row("kor_Hang").tokens
    # another sentence
    corpus = pane.corpus
    pane.sentence_index.setValue(5)
    qtbot.waitUntil(lambda: pane.sentence_views[0][1].alignment.text
                    == corpus.sentences[corpus.languages[0]][4], timeout=30000)
    # a WordPiece has no merges to attribute
    pane._session.set_current("wordpiece")
    qtbot.waitUntil(lambda: pane.attribution is None and "BPE" in pane.merges_status.text(),
                    timeout=10000)
    assert pane.merges_model.rowCount() == 0
    # a misaligned folder: the status names the files
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "eng_Latn.dev").write_text("a\nb\n", encoding="utf-8")
    (bad / "fra_Latn.dev").write_text("a\n", encoding="utf-8")
    pane.open_corpus(str(bad))
    assert pane.corpus_label.text() == "bad"
    qtbot.waitUntil(lambda: "fra_Latn.dev has 1" in pane.status.text(), timeout=30000)
    # nothing of the sample is left on show under the new corpus's name
    assert pane.table_model.rowCount() == 0 and pane.sentence_views == []
    # a folder picked with the button is measured
    good = tmp_path / "good"
    good.mkdir()
    (good / "eng_Latn.dev").write_text("the cat\nthe dog\n", encoding="utf-8")
    (good / "deu_Latn.dev").write_text("die Katze\nder Hund\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(good))
    pane.folder_button.click()
    qtbot.waitUntil(lambda: pane.corpus is not None and len(pane.corpus) == 2, timeout=30000)
    assert pane.corpus.languages == ("deu_Latn", "eng_Latn")
    assert pane.table_model.rowCount() == 4


def test_export_writes_every_number(pane, tmp_path, monkeypatch):
    path = tmp_path / "languages.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert pane.export() == str(path)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert len(rows) == 28 and {"premium", "renyi_efficiency", "gini", "vocab_used"} <= set(rows[0])


def test_languages_view_shows_the_merge_history_beside(qtbot, window):
    window.show_view("languages")
    shown = {k for k, d in window.docks.items() if not d.isHidden()}
    assert shown == {"languages", "merges"}
    assert window.view_actions["languages"].shortcut().toString() == "Ctrl+0"
    from app import help_text
    assert "Languages</b> (Ctrl+0)" in help_text.HELP_HTML
    assert type(window.analysis_docks.languages).__name__ == "LanguagesPane"


def test_plots_are_made_when_their_tab_is_seen_and_draw_the_figures(qtbot, fresh):
    # issue 20: four PlotWidgets made with the pane froze the view switch; each plot is made
    # when its tab is first seen and draws what the pane holds then
    pane = fresh
    qtbot.waitUntil(pane.bars.is_made)
    assert not any(p.is_made() for p in (pane.lorenz, pane.premium_plot, pane.gini_plot))

    def drawn_bars():
        return {item.name(): list(item.opts["height"]) for item in pane.bars.getPlotItem().items
                if isinstance(item, pg.BarGraphItem)}

    def shown(values):
        return {name: [h for h in heights if not math.isnan(h)]
                for name, heights in values.items()}
    qtbot.waitUntil(lambda: drawn_bars() == shown(pane.bar_values()))
    assert len(drawn_bars()) == 2
    pane.metric_combo.setCurrentIndex(pane.metric_combo.findData("tokens"))
    qtbot.waitUntil(lambda: drawn_bars() == shown(pane.bar_values()))
    assert pane.bars.getAxis("left").labelText == pane.metric_combo.currentText()

    pane.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: pane.lorenz.is_made() and not pane._drawing["lorenz"].pending())
    curves = {item.name(): list(item.yData)
              for item in pane.lorenz.getPlotItem().listDataItems() if item.name()}
    for name, fig in pane.figures.items():
        assert curves[f"{name} (Gini {fig.gini:.3f})"] == [y for _, y in fig.lorenz]

    pane.tabs.setCurrentIndex(3)
    qtbot.waitUntil(lambda: pane.premium_plot.is_made() and pane.gini_plot.is_made())
    qtbot.waitUntil(lambda: not any(steps.pending() for steps in pane._drawing.values()))
    summary = pane.attribution
    premium = pane.premium_plot.getPlotItem().listDataItems()
    assert [item.name() for item in premium] == list(summary.languages)
    assert list(premium[0].yData) == [p.premium[0] for p in summary.points]
    (gini,) = pane.gini_plot.getPlotItem().listDataItems()
    assert list(gini.yData) == [p.gini for p in summary.points]
    assert pane.gini_plot.getViewBox().linkedView(0) is pane.premium_plot.getViewBox()
    # a merge picked in the merge history is marked on both plots
    pane._selection.set(Selection(merge_rank=3, origin="merges"))
    for plot, line in zip((pane.premium_plot, pane.gini_plot), pane._step_lines):
        assert line in plot.getPlotItem().items and line.isVisible()


def test_a_returned_sentence_fills_a_row_per_turn(qtbot, fresh):
    # issue 20: fourteen token-row views filled in one turn were a stall in whatever view
    # was shown when the sentence came back
    pane = fresh
    before = [view.alignment for _, view in pane.sentence_views]
    languages = list(pane.corpus.languages)
    # the same rows in reverse order: every row changes
    alignments = dict(zip(languages, reversed(before)))
    byte_level = pane.sentence_views[0][1]._byte_level
    pane._on_sentence_returned((alignments, byte_level))
    assert pane.sentence_views[0][1].alignment is before[-1]
    assert pane.sentence_views[1][1].alignment is before[1]  # not yet
    qtbot.waitUntil(lambda: [v.alignment for _, v in pane.sentence_views] == before[::-1])
    assert [label.text().split("</b>")[0] for label, _ in pane.sentence_views] == [
        f"<b>{lang}" for lang in languages]
    # fewer rows (another corpus): the others go at once
    pane._on_sentence_returned(({languages[0]: before[0]}, byte_level))
    assert len(pane.sentence_views) == 1 and pane.sentence_views[0][1].alignment is before[0]


def test_returned_figures_fill_the_table_now_and_draw_the_plots_a_series_per_turn(
        qtbot, qapp, fresh, monkeypatch):
    # issue 20: the table sized to every row, the bars and the Lorenz curves drawn in the
    # turn the figures came back were one 50-120 ms stall in whatever view was shown
    from app.turn_steps import TurnSteps

    pane = fresh
    pane.lorenz.plot_widget()
    pane.finish_drawing()

    def drawn(plot, kind):
        return [item.name() for item in plot.getPlotItem().items
                if isinstance(item, kind) and item.name()]
    before = drawn(pane.bars, pg.BarGraphItem)
    assert before == list(pane.figures)
    monkeypatch.setattr(TurnSteps, "BUDGET_S", 0.0)  # one series per turn
    figures = dict(reversed(list(pane.figures.items())))
    pane._on_figures_returned((pane.corpus, figures))
    assert pane.table_model.record_at(0)[0] == next(iter(figures))  # the table now
    assert drawn(pane.bars, pg.BarGraphItem) == before  # not in this turn
    partial = []
    for _ in range(50):
        qapp.processEvents()  # one pass of the event loop
        bars = drawn(pane.bars, pg.BarGraphItem)
        partial.append(0 < len(bars) < len(figures))
        if not any(steps.pending() for steps in pane._drawing.values()):
            break
    assert any(partial)  # a series at a time
    assert drawn(pane.bars, pg.BarGraphItem) == list(figures)
    lorenz = [name.split(" (Gini")[0] for name in drawn(pane.lorenz, pg.PlotDataItem)]
    assert lorenz == list(figures)


def test_the_busy_mark_ticks_only_while_shown_and_lays_nothing_out(fresh):
    # issue 20: the indeterminate progress bar repainted 60 times a second while the pool
    # measured (its StyleAnimationUpdate events took 64-70 ms on busy cores)
    from PySide6.QtWidgets import QProgressBar

    busy = fresh.busy
    assert not isinstance(busy, QProgressBar) and busy.objectName() == "languagesBusy"
    busy.show()
    assert busy.is_ticking()
    assert busy.minimumSize() == busy.maximumSize()  # a new frame lays nothing out again
    frame = busy.text()
    busy._tick()
    assert busy.text() != frame
    busy.hide()
    assert not busy.is_ticking()
