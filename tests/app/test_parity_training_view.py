"""Parity-aware BPE in the Train view (issue 24): its rows, its languages folder, a real run in
the training child, and the language of each merge in the merge history."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.item_models import MergesModel
from app.panes.merges_pane import MergesPane
from app.panes.training_pane import TrainingPane
from app.selection import SelectionModel
from app.session import Session
from app.training_service import TrainingService
from subword_core.trainers import drive
from subword_core.training.parity import train_parity_tokenizer

PARITY = "Parity-aware BPE (per language)"
TEXTS = {
    "eng_Latn": ["the cat sat on the mat", "the dog ate the food", "a cat and a dog"],
    "deu_Latn": ["die Katze sass auf der Matte", "der Hund ass das Futter",
                 "eine Katze und ein Hund"],
    "kor_Hang": ["고양이가 매트 위에 앉았다", "개가 음식을 먹었다", "고양이와 개"],
}


@pytest.fixture
def languages_dir(tmp_path) -> Path:
    folder = tmp_path / "langs"
    (folder / "dev").mkdir(parents=True)
    for lang, lines in TEXTS.items():
        (folder / f"{lang}.txt").write_text("\n".join(lines * 4) + "\n", encoding="utf-8")
        (folder / "dev" / f"{lang}.dev").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


@pytest.fixture
def view(qtbot):
    session = Session()  # no corpus: parity-aware BPE reads its own folder
    service = TrainingService(session)
    pane = TrainingPane(session, SelectionModel(), service)
    qtbot.addWidget(pane)
    yield pane
    pane.shutdown()
    service.shutdown()


def _row_visible(pane: TrainingPane, widget) -> bool:
    return pane.form.isRowVisible(widget)


def test_parity_rows_show_only_for_parity_aware_bpe(view):
    parity_rows = (view.languages_row, view.variant_combo, view.global_merges_spin)
    assert not any(_row_visible(view, w) for w in parity_rows)
    view.algorithm_combo.setCurrentIndex(view.algorithm_combo.findData(PARITY))
    assert all(_row_visible(view, w) for w in parity_rows)
    assert view.special_edit.text() == "<|endoftext|>"
    assert [view.variant_combo.itemData(i) for i in range(view.variant_combo.count())] == \
        ["base", "window"]
    view.algorithm_combo.setCurrentIndex(0)
    assert not any(_row_visible(view, w) for w in parity_rows)


def test_train_needs_the_languages_folder_not_the_corpus(view, monkeypatch):
    warned = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda parent, title, *_: warned.append(title)))
    assert not view.train_button.isEnabled()  # no corpus
    view.algorithm_combo.setCurrentIndex(view.algorithm_combo.findData(PARITY))
    assert not view.train_button.isEnabled()  # no folder yet
    assert not view.start_training() and warned == ["No languages folder"]
    view.languages_edit.setText("/some/folder")
    assert view.train_button.isEnabled()


def test_settings_keep_the_parity_options(view, languages_dir):
    view.algorithm_combo.setCurrentIndex(view.algorithm_combo.findData(PARITY))
    view.languages_edit.setText(str(languages_dir))
    view.variant_combo.setCurrentIndex(1)
    view.global_merges_spin.setValue(7)
    saved = view.settings()
    view.variant_combo.setCurrentIndex(0)
    view.global_merges_spin.setValue(0)
    view.languages_edit.clear()
    view.apply_settings(saved)
    assert (view.languages_edit.text(), view.variant_combo.currentData(),
            view.global_merges_spin.value()) == (str(languages_dir), "window", 7)


def test_a_parity_run_trains_in_the_child_and_names_each_merges_language(qtbot, view,
                                                                          languages_dir):
    view.algorithm_combo.setCurrentIndex(view.algorithm_combo.findData(PARITY))
    view.languages_edit.setText(str(languages_dir))
    view.vocab_spin.setValue(300)
    view.min_frequency_spin.setValue(2)
    view.global_merges_spin.setValue(2)
    with qtbot.waitSignal(view.training.finished, timeout=60000) as blocker:
        qtbot.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    outcome = blocker.args[0]
    assert outcome.status == "trained", outcome.error
    entry = outcome.entry
    assert entry.algorithm == "parity-bpe"
    assert entry.options["languages_dir"] == str(languages_dir)
    history = entry.history
    assert history.trainer == "ParityBpeTrainer"
    assert history.options["languages"] == sorted(TEXTS)  # the folder's files, by name
    merges = history.merges
    assert [m.language for m in merges[:2]] == [None, None]  # the global merges
    assert {m.language for m in merges[2:]} == set(TEXTS)
    assert "for " in view.status_label.text() or "global merge" in view.status_label.text()


def test_merge_history_shows_the_language_column_only_for_parity_histories(qtbot):
    result = drive(train_parity_tokenizer(TEXTS, 300, dev=TEXTS, global_merges=1))
    model = MergesModel(byte_level=True)
    base_columns = model.columnCount()
    model.set_languages(result.history.options["languages"])
    model.set_records(result.history.merges)
    assert model.columnCount() == base_columns + 1
    assert model.headerData(4, Qt.Orientation.Horizontal) == "language"
    assert model.index(0, 4).data() == "global"
    assert model.index(1, 4).data() in TEXTS
    tip = model.index(1, 4).data(Qt.ItemDataRole.ToolTipRole)
    assert "eng_Latn" in tip and "kor_Hang" in tip
    model.set_languages(None)
    assert model.columnCount() == base_columns


def test_merges_pane_follows_the_session_tokenizer(qtbot):
    from app.session import TokenizerEntry

    session = Session()
    pane = MergesPane(session, SelectionModel())
    qtbot.addWidget(pane)
    pane.show()
    result = drive(train_parity_tokenizer(TEXTS, 300, dev=TEXTS))
    session.add_tokenizer(TokenizerEntry("parity", result.tokenizer, result.history,
                                         "parity-bpe"))
    qtbot.waitUntil(lambda: pane.merges_model.rowCount() > 0, timeout=10000)
    titles = [pane.merges_model.headerData(c, Qt.Orientation.Horizontal)
              for c in range(pane.merges_model.columnCount())]
    assert "language" in titles
    pane.shutdown()


# ---------------------------------------------------------------------------------------
# the Build view
# ---------------------------------------------------------------------------------------
PARITY_START = "Preset: parity-aware BPE (per language)"


@pytest.fixture
def build(qtbot, settings):
    from app.panes.builder_pane import BuilderPane

    session = Session()  # no corpus
    service = TrainingService(session)
    pane = BuilderPane(session, SelectionModel(), service, settings)
    qtbot.addWidget(pane)
    yield pane, service
    pane.shutdown()
    service.shutdown()


def test_build_view_offers_parity_bpe_and_trains_it_on_the_folder(qtbot, build, languages_dir):
    build, service = build
    rows = (build.languages_row, build.variant_combo, build.global_merges_spin)
    build.model_combo.setCurrentText("Unigram")
    assert not any(build.model_form.isRowVisible(w) for w in rows)  # a BPE option only
    build.start_combo.setCurrentIndex(build.start_combo.findData(PARITY_START))
    qtbot.mouseClick(build.start_button, Qt.MouseButton.LeftButton)
    # a BPE with the reference's pipeline; the folder row waits for a folder
    assert build.model_form.isRowVisible(build.languages_row)
    assert not build.model_form.isRowVisible(build.variant_combo)
    assert [b["type"] for b in build.spec().pre_tokenizers] == ["Whitespace", "ByteLevel"]
    build.languages_edit.setText(str(languages_dir))
    assert all(build.model_form.isRowVisible(w) for w in rows)
    assert not build.model_form.isRowVisible(build.prefix_edit)  # parity-aware BPE has none
    build.global_merges_spin.setValue(1)
    build.vocab_spin.setValue(300)
    spec = build.spec()
    assert spec.name == "parity-bpe"  # choosing the folder is not an edit of the pipeline
    assert (spec.trainer["languages_dir"], spec.trainer["parity_variant"],
            spec.trainer["global_merges"]) == (str(languages_dir), "base", 1)
    with qtbot.waitSignal(service.finished, timeout=60000) as blocker:
        assert build.train()  # no corpus needed
    outcome = blocker.args[0]
    assert outcome.status == "trained", outcome.error
    assert outcome.entry.history.trainer == "ParityBpeTrainer"
    assert outcome.entry.history.merges[0].language is None
    assert {m.language for m in outcome.entry.history.merges[1:]} == set(TEXTS)
