"""The corpus pane keeps a corpus's word counts in the app's counts cache: loading the same
files again (a restart) reads them back instead of counting again; a changed file is
counted again."""

from __future__ import annotations

import pytest

from app.panes.corpus_pane import CorpusPane
from app.selection import SelectionModel
from app.session import Session
from app.train_job import counts_cache_dir
from subword_core.corpus import counting, count_words


def _load(qtbot, pane, paths):
    with qtbot.waitSignal(pane.loaded, timeout=60000) as blocker:
        assert pane.load_paths([str(p) for p in paths])
    qtbot.waitUntil(lambda: not pane.is_loading())
    return blocker.args[0]


@pytest.fixture
def pane(qtbot):
    pane = CorpusPane(Session(), SelectionModel())
    qtbot.addWidget(pane)
    return pane


def test_a_corpus_loaded_again_is_read_from_the_cache_exactly(qtbot, pane, tmp_path,
                                                              monkeypatch):
    path = tmp_path / "c.txt"
    path.write_text("naïve café 한국어 🙂 low lower\nlow\n\n  tabs\there\n" * 50, encoding="utf-8")
    first = _load(qtbot, pane, [path])
    expected = count_words(path)
    assert dict(first.word_counts) == dict(expected.counts)
    assert len(list(counts_cache_dir().glob("*.tsv.gz"))) == 1  # kept in the app's cache
    monkeypatch.setattr(counting, "iter_count", lambda *a, **k: pytest.fail("counted again"))
    again = _load(qtbot, pane, [path])
    assert dict(again.word_counts) == dict(first.word_counts)
    assert again.report.to_dict() == first.report.to_dict()


def test_a_changed_file_is_counted_again(qtbot, pane, tmp_path):
    path = tmp_path / "c.txt"
    path.write_text("low lower\n" * 10, encoding="utf-8")
    assert _load(qtbot, pane, [path]).word_counts["low"] == 10
    path.write_text("low lower newest\n" * 12, encoding="utf-8")
    changed = _load(qtbot, pane, [path])
    assert changed.word_counts["low"] == 12 and changed.word_counts["newest"] == 12
