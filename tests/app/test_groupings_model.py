"""Groupings pane, "Token-classification model (folder)" mode: the real pane offscreen, a tiny
random model folder built locally, the model run in the pane's worker."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
torch.set_num_threads(1)  # a tiny model: threads only add overhead on a shared machine

from app.selection import SelectionModel  # noqa: E402
from app.session import Session  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from ner_models import TEXTS, build_folder  # noqa: E402

from subword_core.analysis.token_classification import load_classifier  # noqa: E402

MODEL = 3  # the mode combo's index of the model mode
TEXT = TEXTS[0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return build_folder(tmp_path_factory.mktemp("ner") / "bert", "wordpiece")


@pytest.fixture
def session():
    s = Session()
    s.set_text(TEXT)
    yield s
    s.shutdown()


@pytest.fixture
def pane(qtbot, session, settings):
    from app.panes.groupings_pane import GroupingsPane

    widget = GroupingsPane(session, SelectionModel())
    widget.model_page.settings = settings
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.shutdown()


def _load(qtbot, pane, folder) -> None:
    pane.mode_combo.setCurrentIndex(MODEL)
    page = pane.model_page
    with qtbot.waitSignal(page.run_job.returned, timeout=60000):
        assert page.open_folder(str(folder))


def _rows(model) -> list:
    return [model.record_at(r) for r in range(model.rowCount())]


def test_empty_state_says_how_to_get_labels(pane):
    pane.mode_combo.setCurrentIndex(MODEL)
    page = pane.model_page
    assert page.hint.isVisible()
    assert "Open model folder" in page.hint.text() and "Gold labels" in page.hint.text()
    assert not page.groups_view.isVisible() and not page.tokens_view.isVisible()


def test_model_rows_are_the_cores_and_the_pipelines(qtbot, pane, session, folder, settings):
    _load(qtbot, pane, folder)
    page = pane.model_page
    assert settings.value("groupings/model_folder") == str(folder)
    assert not page.hint.isVisible() and page.groups_view.isVisible()
    core = load_classifier(folder).classify(TEXT, "simple")
    assert _rows(page.groups_model) == core.groups and _rows(page.tokens_model) == core.tokens
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = transformers.pipeline("token-classification", model=str(folder))(
            TEXT, aggregation_strategy="simple")
    assert [(g.label, g.start, g.end, g.word) for g in _rows(page.groups_model)] == [
        (e["entity_group"], e["start"], e["end"], e["word"]) for e in ref]

    # another strategy and another text re-run the model in the worker
    with qtbot.waitSignal(page.run_job.returned, timeout=60000):
        page.strategy_combo.setCurrentText("max")
    assert _rows(page.groups_model) == load_classifier(folder).classify(TEXT, "max").groups
    text = TEXTS[1]
    with qtbot.waitSignal(page.run_job.returned, timeout=60000):
        session.set_text(text)  # debounced
    assert _rows(page.groups_model) == load_classifier(folder).classify(text, "max").groups


def test_selecting_a_group_selects_its_span(qtbot, pane, folder):
    _load(qtbot, pane, folder)
    page = pane.model_page
    group = page.groups_model.record_at(0)
    with qtbot.waitSignal(pane._selection.changed, timeout=2000) as blocker:
        page.groups_view.selectRow(0)
    assert blocker.args[0].span == (group.start, group.end)


def test_a_folder_without_a_model_shows_a_message(qtbot, pane, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: shown.append(a[2]))
    pane.mode_combo.setCurrentIndex(MODEL)
    with qtbot.waitSignal(pane.model_page.load_job.failed, timeout=60000):
        pane.model_page.open_folder(str(tmp_path))
    assert shown and "config.json" in shown[0]
    assert pane.model_page.hint.isVisible()


def test_without_the_extra_the_install_command_is_shown(pane, monkeypatch, tmp_path):
    import subword_core.analysis.token_classification as tc

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: shown.append(a[2]))
    monkeypatch.setattr(tc, "extra_available", lambda: False)
    assert not pane.model_page.open_folder(str(tmp_path))
    assert shown and "pip install '.[ner]'" in shown[0]
    assert "pip install '.[ner]'" in pane.model_page._hint_text()


def test_the_dialog_starts_in_the_last_folder(pane, settings, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    asked = []
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        lambda parent, caption, start: asked.append(start) or "")
    settings.setValue("groupings/model_folder", "/some/model")
    pane.model_page.open_dialog()
    assert asked == ["/some/model"]


def test_picking_the_mode_loads_the_remembered_folder(qtbot, pane, folder, settings):
    settings.setValue("groupings/model_folder", str(folder))
    with qtbot.waitSignal(pane.model_page.run_job.returned, timeout=60000):
        pane.mode_combo.setCurrentIndex(MODEL)
    assert pane.model_page.groups_model.rowCount() > 0
