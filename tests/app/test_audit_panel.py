"""The Audit tab of the Vocabulary view: the audit runs in the pool and fills the panel."""

from __future__ import annotations

from collections import Counter

import pytest

from app.panes.vocab_pane import VocabPane
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core import Tokenizer
from subword_core.analysis.audit import audit
from subword_core.models import BPE
from subword_core.pre_tokenizers import Whitespace

DOCS = ["abc abc abc abc abc abc abc abc abc abc ab", "d"]


def _tokenizer() -> Tokenizer:
    vocab = {t: i for i, t in enumerate(["a", "b", "c", "d", "ab", "bb", "abc", "abb"])}
    tokenizer = Tokenizer(BPE(vocab, [("a", "b"), ("b", "b"), ("ab", "c"), ("a", "bb")]))
    tokenizer.pre_tokenizer = Whitespace()
    return tokenizer


@pytest.fixture
def pane(qtbot, tmp_path):
    session = Session()
    session.add_tokenizer(TokenizerEntry("tiny", _tokenizer(), None, "bpe"), False)
    session.set_current("tiny")
    corpus = tmp_path / "c.txt"
    corpus.write_text("\n".join(DOCS), encoding="utf-8")
    session.set_corpus(CorpusState([str(corpus)], None,
                                   dict(Counter(w for d in DOCS for w in d.split()))))
    selection = SelectionModel()
    p = VocabPane(session, selection)
    qtbot.addWidget(p)
    p.resize(1280, 700)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.shutdown()
    session.shutdown()


def _run_audit(qtbot, pane) -> None:
    pane.side_tabs.setCurrentWidget(pane.audit)
    with qtbot.waitSignal(pane.audit_job.returned, timeout=60_000):
        pane.audit.audit_button.click()
    qtbot.waitUntil(lambda: pane.audit.report is not None, timeout=5_000)


def test_audit_fills_categories_and_table_like_the_library(qtbot, pane):
    _run_audit(qtbot, pane)
    expected = audit(_tokenizer(), DOCS)
    assert pane.audit.report.counts() == expected.counts()
    assert expected.counts()["unreachable"] == 1 and expected.counts()["residue"] == 1
    panel = pane.audit
    panel.category.setCurrentIndex(panel.category.findData("unreachable"))
    assert panel.model.rowCount() == 1
    assert panel.model.record_at(0).token == "abb"
    assert "(1)" in panel.category.currentText()
    panel.category.setCurrentIndex(panel.category.findData("residue"))
    assert [panel.model.record_at(r).token for r in range(panel.model.rowCount())] == ["ab"]


def test_choosing_an_audit_row_selects_the_token(qtbot, pane):
    _run_audit(qtbot, pane)
    qtbot.waitUntil(lambda: len(pane.vocab) > 0, timeout=10_000)
    panel = pane.audit
    panel.category.setCurrentIndex(panel.category.findData("unreachable"))
    panel.table.setCurrentIndex(panel.model.index(0, 0))
    current = pane.table.currentIndex()
    assert current.isValid() and pane.vocab.ids[pane.model.table_row(current.row())] == 7


def test_export_writes_every_row(qtbot, pane, tmp_path, monkeypatch):
    _run_audit(qtbot, pane)
    target = tmp_path / "audit.csv"
    monkeypatch.setattr("app.widgets.audit_panel.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    assert pane.audit.export_csv() == str(target)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("id,token,") and len(lines) == 1 + 8


def test_a_new_tokenizer_clears_the_audit(qtbot, pane):
    _run_audit(qtbot, pane)
    pane._session.add_tokenizer(TokenizerEntry("other", _tokenizer(), None, "bpe"), True)
    qtbot.waitUntil(lambda: pane.audit.report is None, timeout=5_000)
    assert pane.audit.model.rowCount() == 0
