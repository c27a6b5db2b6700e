"""Groupings pane, "Gold labels" mode: real widgets offscreen, real tokenizers (gpt2, bert)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core.analysis.gold import align_doc, check_entities, iter_gold_figures, read_gold
from subword_core.tokenizer import Tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402

SPANS = Path(__file__).resolve().parents[2] / "resources" / "labeled" / "sample_spans.jsonl"
GOLD = 2  # the mode combo's index of "Gold labels"


@pytest.fixture
def session():
    s = Session()
    yield s
    s.shutdown()


def _open(session: Session, name: str) -> Tokenizer:
    tok = Tokenizer.from_str(tokenizer_json(name))
    session.add_tokenizer(TokenizerEntry(name, tok, algorithm="file", source=name),
                          make_current=True)
    session.set_text("Hello world")
    return tok


@pytest.fixture
def pane(qtbot, session):
    from app.panes.groupings_pane import GroupingsPane

    widget = GroupingsPane(session, SelectionModel())
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()


def _figures(docs, tok, mode="first"):
    gen = iter_gold_figures(docs, tok, mode)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def _pick(page, name: str) -> None:
    page.file_combo.setCurrentIndex(page.file_combo.findText(name))


def test_modes_are_named_and_the_demo_says_it_is_one(pane):
    items = [pane.mode_combo.itemText(i) for i in range(pane.mode_combo.count())]
    assert items == ["Demo: frequency as a score", "Align IOB labels",
                     "Gold labels (CoNLL / JSONL)", "Token-classification model (folder)"]
    assert "not an entity model" in pane.demo_note.text()
    assert pane.demo_note.isVisible()


def test_no_labels_says_how_to_get_them(qtbot, pane, session):
    _open(session, "gpt2")
    pane.mode_combo.setCurrentIndex(GOLD)
    page = pane.gold_page
    assert page.file_combo.currentData() is None
    assert page.hint.isVisible() and "resources/labeled/" in page.hint.text()
    assert "CoNLL" in page.hint.text() and "JSONL" in page.hint.text()
    assert not page.entities_view.isVisible() and not page.tokens_view.isVisible()


def test_bundled_jsonl_with_gpt2_matches_core(qtbot, pane, session):
    tok = _open(session, "gpt2")
    pane.mode_combo.setCurrentIndex(GOLD)
    page = pane.gold_page
    _pick(page, "sample_spans.jsonl")
    assert not page.hint.isVisible() and page.entities_view.isVisible()
    docs = read_gold(SPANS)
    # the Korean sentence: token labels and entities as the core computes them
    korean = next(i for i, d in enumerate(docs, 1) if d.text.startswith("김민준"))
    page.doc_spin.setValue(korean)
    a = align_doc(docs[korean - 1], tok, "first")
    checks = check_entities(a)
    assert page.tokens_model.rowCount() == len(a.tokens)
    labels = [page.tokens_model.record_at(r)[5] for r in range(page.tokens_model.rowCount())]
    assert labels == a.token_labels
    texts = [page.tokens_model.data(page.tokens_model.index(r, 2))
             for r in range(page.tokens_model.rowCount())]
    assert texts[0] == "김" and "␣씨" in texts   # 'Ġì' carries the space before 씨
    shown = [page.entities_model.record_at(r) for r in range(page.entities_model.rowCount())]
    assert shown == checks
    idx = page.entities_model.index(0, 4)
    assert page.entities_model.data(idx) == f"{checks[0].tokens} tokens"
    assert page.entities_model.data(page.entities_model.index(0, 5)) == "exact"
    # corpus figures come from the worker, equal to the core generator's
    expected = _figures(docs, tok)
    qtbot.waitUntil(lambda: page.figures_label.text().startswith("Whole file"), timeout=20000)
    text = page.figures_label.text()
    assert f"{expected.entities:,} entities" in text
    assert f"{expected.share_split:.1%} split" in text
    assert f"{expected.tokens_per_entity:.2f} tokens per entity" in text
    assert f"{expected.share_exact:.1%} regrouped exactly" in text


def test_conll_sample_and_all_mode_with_bert(qtbot, pane, session):
    tok = _open(session, "bert-base-uncased")
    tok.no_padding()
    pane.mode_combo.setCurrentIndex(GOLD)
    page = pane.gold_page
    _pick(page, "sample_iob2.conll")
    page.align_combo.setCurrentIndex(page.align_combo.findData("all"))
    docs = read_gold(page.file_combo.currentData())
    a = align_doc(docs[0], tok, "all")
    labels = [page.tokens_model.record_at(r)[5] for r in range(page.tokens_model.rowCount())]
    assert labels == a.token_labels
    expected = _figures(docs, tok, "all")
    qtbot.waitUntil(lambda: f"{expected.tokens_per_entity:.2f} tokens per entity"
                    in page.figures_label.text(), timeout=20000)


def test_current_text_picks_its_labelled_sentence(qtbot, pane, session):
    _open(session, "gpt2")
    pane.mode_combo.setCurrentIndex(GOLD)
    page = pane.gold_page
    _pick(page, "sample_spans.jsonl")
    docs = read_gold(SPANS)
    session.set_text(docs[3].text)
    assert page.doc_spin.value() == 4
    assert page.text_label.text() == docs[3].text
    # "Encode it" puts another labelled text in the session; an entity then selects its span
    page.doc_spin.setValue(5)
    page.encode_button.click()
    assert session.text == docs[4].text
    page.entities_view.selectRow(1)
    gold = docs[4].entities[1]
    assert pane._selection.current.span == (gold.start, gold.end)


def test_bad_file_shows_a_message_and_keeps_the_session(qtbot, pane, session, tmp_path,
                                                        monkeypatch):
    _open(session, "gpt2")
    pane.mode_combo.setCurrentIndex(GOLD)
    page = pane.gold_page
    _pick(page, "sample_spans.jsonl")
    before = (page.file_combo.count(), page.file_combo.currentIndex(), page._docs)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "ab", "entities": [{"start": 0, "end": 9, "label": "X"}]}\n',
                   encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    page.open_button.click()
    assert shown and f"{bad}:1:" in shown[0] and "out of range" in shown[0]
    assert (page.file_combo.count(), page.file_combo.currentIndex(), page._docs) == before
    # a good file opens and becomes the current source
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "Ada met 김민준", "entities": [{"start": 8, "end": 11, '
                    '"label": "PER"}]}\n', encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    page.open_button.click()
    assert page.file_combo.currentData() == str(good)
    assert page.entities_model.rowCount() == 1
    assert page.entities_model.record_at(0).entity.text == "김민준"


def test_out_of_sight_defers_the_figures(qtbot, pane, session):
    _open(session, "gpt2")
    pane.mode_combo.setCurrentIndex(GOLD)
    pane.hide()
    page = pane.gold_page
    page.figures_label.setText("")
    _pick(page, "sample_spans.jsonl")
    assert not page.job.is_running() and page.figures_label.text() == ""
    assert page.tokens_model.rowCount() == 0
    pane.show()  # showEvent -> catch_up
    qtbot.waitUntil(lambda: page.figures_label.text().startswith("Whole file"), timeout=20000)
    assert page.tokens_model.rowCount() > 0
