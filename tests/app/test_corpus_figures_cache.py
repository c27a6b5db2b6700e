"""Compare and Statistics keep their corpus figures on disk in the app's data folder, and the
compare rows always belong to the tokenizers the label names."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import corpus_figures_cache
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core.analysis import corpus_profiles
from subword_core._util.progress import drive

DOCS = ["low lower newest widest the other", "theatre thesis lowest", "한국어 문장 🙂 café naïve",
        "the newest theatre is the lowest [UNK]"] * 5
SIZES = {"bpe": 90, "wordpiece": 90, "unigram": 70}


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(corpus_file):
    from subword_core.training.presets import train_tokenizer

    return {alg: drive(train_tokenizer([corpus_file], alg, size)) for alg, size in SIZES.items()}


def _session(trained, corpus_file) -> Session:
    s = Session()
    for alg, result in trained.items():
        s.add_tokenizer(TokenizerEntry(alg, result.tokenizer, result.history, alg,
                                       {"vocab_size": SIZES[alg]}))
    s.set_corpus(CorpusState([str(corpus_file)], result.report, {}))
    s.set_text("the lowest 한국어 🙂 newer")
    return s


def _compare(qtbot, session):
    from app.panes.compare_pane import ComparePane

    pane = ComparePane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    qtbot.waitExposed(pane)
    return pane


class _NoCorpusPass:
    """The corpus is not measured again: the passes run in the window's pool processes, so
    they cannot be patched here; a pass would write its figures to disk again."""

    def __init__(self, monkeypatch) -> None:
        def refuse(*args, **kwargs):
            raise AssertionError("the corpus was measured again")

        monkeypatch.setattr(corpus_profiles, "_count_pass", refuse)
        monkeypatch.setattr(corpus_profiles, "_model_pass", refuse)
        self.files = _written()

    def check(self) -> None:
        assert self.files and _written() == self.files, "the corpus was measured again"


def _written() -> dict[str, int]:
    folder = corpus_figures_cache.figures_folder()
    # an atomic write replaces the file (another inode); a read only touches it
    return {p.name: p.stat().st_ino for p in folder.glob("*") if p.is_file()}


def _restart(*widgets) -> None:
    """What a restart leaves: nothing in memory (the pool processes end too)."""
    from app.process_pool import shutdown_pool

    for widget in widgets:
        shutdown_pool(widget)
    corpus_figures_cache._CACHES.clear()
    corpus_profiles.CACHE.clear()


def test_compare_figures_come_back_from_disk_after_a_restart(qtbot, trained, corpus_file,
                                                            monkeypatch):
    session = _session(trained, corpus_file)
    pane = _compare(qtbot, session)
    with qtbot.waitSignal(pane.job.returned, timeout=30000):
        pane.set_compared(["wordpiece", "bpe", "unigram"])
    before = dict(pane._profiles)
    pane.shutdown()
    session.shutdown()
    folder = corpus_figures_cache.figures_folder()
    assert folder.name == "corpus-figures" and any(folder.glob("*.profile.npz"))

    _restart(pane)
    guard = _NoCorpusPass(monkeypatch)
    session = _session(trained, corpus_file)
    pane = _compare(qtbot, session)
    with qtbot.waitSignal(pane.job.returned, timeout=30000):
        pane.set_compared(["wordpiece", "bpe", "unigram"])
    after = pane._profiles
    assert list(after) == list(before)
    for name in before:
        assert after[name].metrics == before[name].metrics
        assert after[name].token_counts == before[name].token_counts
        assert after[name].cut_agreement == before[name].cut_agreement
    assert "cuts shared on the first" not in pane.status_label.text()  # the whole tiny corpus
    guard.check()
    pane.shutdown()
    session.shutdown()


def test_stats_figures_come_back_from_disk_after_a_restart(qtbot, trained, corpus_file,
                                                          monkeypatch):
    from app.panes.stats_pane import StatsPane

    def stats_of(session):
        session.set_current("wordpiece")
        pane = StatsPane(session, SelectionModel())
        qtbot.addWidget(pane)
        with qtbot.waitSignal(pane.job.returned, timeout=30000):
            pane.resize(900, 600)
            pane.show()
        return pane

    session = _session(trained, corpus_file)
    pane = stats_of(session)
    before, zipf_before = pane.profile, pane.zipf_points
    assert len(zipf_before) > 10
    pane.shutdown()
    session.shutdown()
    _restart(pane)
    guard = _NoCorpusPass(monkeypatch)
    session = _session(trained, corpus_file)
    pane = stats_of(session)
    assert pane.profile.metrics == before.metrics
    assert pane.zipf_points == zipf_before  # the token counts, ranked
    guard.check()
    pane.shutdown()
    session.shutdown()


def test_the_rows_are_those_the_label_names_at_once(qtbot, trained, corpus_file):
    session = _session(trained, corpus_file)
    pane = _compare(qtbot, session)
    pane.set_compared(["unigram"])
    qtbot.waitUntil(lambda: pane.alignment is not None and not pane.text_job.is_running(),
                    timeout=20000)
    assert pane.view._labels == ["unigram"]
    # restored: the four (here three) names arrive while the first one's rows are shown
    pane.set_compared(["wordpiece", "bpe", "unigram"])
    assert "wordpiece · bpe · unigram" in pane.members_label.text()
    assert pane.view._labels == ["wordpiece", "bpe", "unigram"]  # not the old rows
    assert pane.view._alignment is None and pane.alignment is None
    assert [r["name"] for r in pane.metrics_model.records] == []  # no stale figures either
    qtbot.waitUntil(lambda: pane.alignment is not None
                    and [r.name for r in pane.alignment.rows] == pane.names, timeout=20000)
    assert pane.view._labels == pane.names
    pane.shutdown()
    session.shutdown()


def test_corpus_figures_of_another_order_are_not_shown(qtbot, trained, corpus_file):
    session = _session(trained, corpus_file)
    pane = _compare(qtbot, session)
    with qtbot.waitSignal(pane.job.returned, timeout=30000):
        pane.set_compared(["wordpiece", "bpe"])
    profiles = dict(pane._profiles)
    pane._profiles = {}
    # cut agreement is measured against the first row: bpe-first figures do not fit
    pane._on_job_returned((["bpe", "wordpiece"],
                           {"bpe": profiles["bpe"], "wordpiece": profiles["wordpiece"]}))
    assert pane._profiles == {}
    pane._on_job_returned((["wordpiece", "bpe"], profiles))
    assert list(pane._profiles) == ["wordpiece", "bpe"]
    pane.shutdown()
    session.shutdown()
