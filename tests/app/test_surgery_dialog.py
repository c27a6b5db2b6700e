"""The Edit vocabulary dialog: prune / extend / merge in the pool, the corpus diff, keep, undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Signal

from app.panes.vocab_pane import VocabPane
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from app.undo import UndoHistory
from subword_core._util.progress import drive
from subword_core.analysis.audit import audit
from subword_core.corpus import Corpus
from subword_core.training.presets import train_tokenizer

ENGLISH = ["the lower newest widest theatre lowest", "a thesis on the lowering of theatres"] * 20
KOREAN = ["한국어 문장을 더 짧게 만듭니다", "한국어 토크나이저를 확장합니다"] * 20


class _CorpusPane(QObject):
    undo_changed = Signal()
    can_undo_replace = False


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    folder = tmp_path_factory.mktemp("surgery")
    both = folder / "both.txt"
    both.write_text("\n".join(ENGLISH + KOREAN) + "\n", encoding="utf-8")
    english = folder / "english.txt"
    english.write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    return drive(train_tokenizer([both], "byte-bpe", 330)).tokenizer, english


@pytest.fixture
def pane(qtbot, trained):
    tokenizer, english = trained
    session = Session()
    session.add_tokenizer(TokenizerEntry("bpe", tokenizer, None, "byte-bpe"), True)
    session.set_corpus(CorpusState([str(english)], None, {}))
    corpus_pane = _CorpusPane()
    session.undo_history = UndoHistory(session, corpus_pane)
    p = VocabPane(session, SelectionModel())
    qtbot.addWidget(p)
    p.resize(1280, 760)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.shutdown()
    session.shutdown()


def _preview(qtbot, dialog) -> None:
    with qtbot.waitSignal(dialog.job.returned, timeout=120_000):
        dialog.preview_button.click()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=5_000)


def test_prune_tokens_never_formed_previews_an_unchanged_corpus_keeps_and_undoes(
        qtbot, pane, trained):
    tokenizer, english = trained
    session = pane._session
    report = audit(tokenizer, Corpus([english]).iter_documents())  # as the pool reads it
    never = [t.id for t in report.tokens if t.count == 0 and not t.inside and not t.categories
             or (t.count == 0 and not t.inside and t.categories == ["unused"])]
    dialog = pane.open_surgery()
    dialog.prune_source.setCurrentIndex(dialog.prune_source.findData("ids"))
    dialog.prune_ids.setText(", ".join(map(str, never)))
    _preview(qtbot, dialog)
    assert dialog.diff.identical and dialog.diff_model.rowCount() == 0
    assert "exactly as before" in dialog.summary.text()
    dialog.keep_button.click()
    edited = session.current
    assert edited.name == "bpe (pruned)" and edited.algorithm == "edited"
    assert edited.tokenizer.get_vocab_size() < tokenizer.get_vocab_size()
    assert session.undo_history.text() == "&Undo vocabulary edit"
    session.undo_history.undo()
    assert session.current.name == "bpe" and session.entry("bpe (pruned)") is None


def test_pruning_a_used_token_lists_the_words_it_changes(qtbot, pane):
    dialog = pane.open_surgery()
    dialog.prune_source.setCurrentIndex(dialog.prune_source.findData("ids"))
    dialog.prune_ids.setText(str(pane._session.current.tokenizer.token_to_id("Ġthe")))
    _preview(qtbot, dialog)
    assert not dialog.diff.identical and dialog.diff_model.rowCount() == dialog.diff.changed
    words = [dialog.diff_model.record_at(r).word for r in range(dialog.diff_model.rowCount())]
    assert "␣the" in words


def test_extend_on_the_corpus_adds_a_larger_tokenizer(qtbot, pane):
    session = pane._session
    size = session.current.tokenizer.get_vocab_size()
    dialog = pane.open_surgery()
    dialog.tabs.setCurrentIndex(1)
    dialog.extend_size.setValue(size + 5)
    _preview(qtbot, dialog)
    assert len(dialog.result.added) == 5
    dialog.keep_button.click()
    assert session.current.name == "bpe (extended)"
    assert session.current.tokenizer.get_vocab_size() == size + 5


def test_audit_categories_feed_the_prune_choice(qtbot, pane):
    pane.side_tabs.setCurrentWidget(pane.audit)
    with qtbot.waitSignal(pane.audit_job.returned, timeout=120_000):
        pane.audit.audit_button.click()
    qtbot.waitUntil(lambda: pane.audit.report is not None, timeout=5_000)
    dialog = pane.open_surgery()
    assert dialog.prune_source.findData("unused") >= 0
    dialog.prune_source.setCurrentIndex(dialog.prune_source.findData("unused"))
    unused = pane.audit.report.with_category("unused")
    assert set(dialog._prune_tokens()) == {t.id for t in unused if not t.inside}
    assert len(dialog._prune_tokens()) < len(unused)  # intermediates stay: they build others
