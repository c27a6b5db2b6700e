"""The statistics pane's vocabulary histogram measured in a worker (a big vocabulary)."""

from __future__ import annotations

import pytest

from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core.analysis.stats import length_histogram
from subword_core._util.progress import drive

DOCS = ["low lower newest widest", "the newest theatre is the lowest", "한국어 문장 🙂"] * 3


@pytest.fixture
def session(tmp_path):
    from subword_core.training.presets import train_tokenizer

    path = tmp_path / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    result = drive(train_tokenizer([path], "byte-bpe", 280))
    s = Session()
    s.add_tokenizer(TokenizerEntry("byte-bpe", result.tokenizer, result.history, "byte-bpe", {}))
    s.set_corpus(CorpusState([str(path)], result.report, {}))
    s.set_text("the lowest 한국어")
    yield s
    s.shutdown()


def test_worker_histogram_comes_back_when_the_same_tokenizer_is_shown_again(
        qtbot, session, monkeypatch):
    from app.panes import stats_pane

    monkeypatch.setattr(stats_pane, "WORKER_VOCAB", 0)  # every vocabulary is "big"
    session.set_current("byte-bpe")
    expected = length_histogram(session.current.tokenizer)
    pane = stats_pane.StatsPane(session, SelectionModel())
    qtbot.addWidget(pane)
    try:
        pane.resize(1100, 700)
        pane.show()
        qtbot.waitExposed(pane)
        qtbot.waitUntil(lambda: pane.bins == expected, timeout=30000)
        # the same entry shown again after none (the lessons pane does this): measured again
        session.set_current(None)
        assert pane.bins == []
        session.set_current("byte-bpe")
        qtbot.waitUntil(lambda: pane.bins == expected, timeout=30000)
    finally:
        pane.shutdown()
