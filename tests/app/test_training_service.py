"""Training is a session service (issue 22): the Build view and the Train view both start
their trainings on it, neither pane drives the other, and a cancelled training keeps the
previous result."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.panes.builder_pane import BuilderPane
from app.panes.training_pane import TrainingPane
from app.selection import SelectionModel
from app.session import CorpusState, Session
from app.training_service import TrainingService

PANES = Path(__file__).resolve().parents[2] / "app" / "panes"
BERT = "Course: BERT-style WordPiece"


@pytest.fixture
def boxes(monkeypatch):
    """The message boxes shown: (kind, parent's object name, title)."""
    shown = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(
            lambda parent, title, *_, kind=kind: shown.append(
                (kind, parent.objectName() if parent is not None else "", title))))
    return shown


@pytest.fixture
def session(sample_paths):
    session = Session()
    session.set_corpus(CorpusState(list(sample_paths)))
    return session


@pytest.fixture
def service(qtbot, session):
    service = TrainingService(session)
    runs = []
    service.started.connect(lambda run: runs.append(run.origin))
    service.runs = runs  # the origins of the runs it started, in order
    yield service
    service.shutdown()


@pytest.fixture
def build(qtbot, session, service, settings):
    pane = BuilderPane(session, SelectionModel(), service, settings)
    qtbot.addWidget(pane)
    yield pane
    pane.shutdown()


@pytest.fixture
def train_view(qtbot, session, service):
    pane = TrainingPane(session, SelectionModel(), service)
    qtbot.addWidget(pane)
    yield pane
    pane.shutdown()


def _finished(qtbot, service, start, timeout=60000):
    """Start a run with ``start()``; the outcome once the service is idle again."""
    with qtbot.waitSignal(service.finished, timeout=timeout) as blocker:
        assert start()
    assert not service.is_training()
    return blocker.args[0]


def _bert(qtbot, build, vocab_size=800):
    build.start_combo.setCurrentText(BERT)
    qtbot.mouseClick(build.start_button, Qt.MouseButton.LeftButton)
    build.vocab_spin.setValue(vocab_size)  # the sample corpus's alphabet needs 657


def test_build_trains_through_the_service_without_a_training_pane(qtbot, session, service,
                                                                  build, boxes):
    _bert(qtbot, build)
    outcome = _finished(qtbot, service, build.train)
    assert service.runs == ["build"]
    assert outcome.ok and outcome.origin == "build", outcome.error
    assert outcome.entry is session.current and outcome.entry.algorithm == "builder"
    assert build.last_trained == outcome.entry.name and build.save_button.isEnabled()
    assert not build.is_busy() and boxes == []


def test_the_train_view_trains_through_the_same_service(qtbot, session, service, train_view):
    train_view.algorithm_combo.setCurrentText("Byte-level BPE (GPT-2)")
    train_view.vocab_spin.setValue(800)
    outcome = _finished(qtbot, service, lambda: qtbot.mouseClick(
        train_view.train_button, Qt.MouseButton.LeftButton) or True)
    assert service.runs == ["train"]
    assert outcome.ok and outcome.entry is session.current
    assert outcome.entry.name.startswith("byte-bpe")


def test_the_train_view_shows_the_progress_of_a_build_run(qtbot, service, build, train_view):
    _bert(qtbot, build)
    with qtbot.waitSignal(train_view.training_finished, timeout=60000) as blocker:
        assert build.train()
        assert train_view.is_training() and not train_view.train_button.isEnabled()
    assert blocker.args == [True]
    assert train_view.progress.format() == f"100% · done: {build.last_trained}"
    assert train_view.plot.n_points > 0  # the live curve of the Build view's run


def test_a_build_failure_is_said_by_the_build_view_only(qtbot, session, service, build,
                                                        train_view, boxes):
    _bert(qtbot, build, vocab_size=10)  # below the alphabet: the core refuses
    outcome = _finished(qtbot, service, build.train)
    assert outcome.status == "failed" and "too small" in outcome.error
    assert boxes == [("critical", "builderPane", "Training failed")]
    assert train_view.progress.format() == "failed"
    assert session.current is None and session.entries == []


def test_cancel_keeps_the_previous_result(qtbot, session, service, build, train_view,
                                          big_corpus):
    _bert(qtbot, build)
    first = _finished(qtbot, service, build.train).entry
    entries = list(session.entries)
    session.set_corpus(CorpusState([big_corpus]))
    build.vocab_spin.setValue(30000)
    with qtbot.waitSignal(service.finished, timeout=60000) as blocker:
        assert build.train()
        train_view.cancel()  # the Train view's Cancel stops the Build view's run
    outcome = blocker.args[0]
    assert outcome.status == "cancelled" and outcome.entry is None
    assert session.current is first and session.entries == entries
    assert build.last_trained == first.name and build.save_button.isEnabled()
    assert train_view.progress.format() == "cancelled"
    assert f"kept {first.name}" in build.status_label.text()


def test_no_pane_imports_another_pane():
    # what the import-linter contract "app.panes modules are independent" says, in ast
    found = []
    for path in sorted(PANES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                # ".x" from a pane is app.panes.x; "..x" is app.x
                module = ("app.panes." if node.level == 1 else "app." if node.level == 2
                          else "") + (node.module or "")
                found += [f"{path.name}: {module} {a.name}" for a in node.names
                          if module.startswith("app.panes")]
            elif isinstance(node, ast.Import):
                found += [f"{path.name}: {a.name}" for a in node.names
                          if a.name.startswith("app.panes")]
    assert found == []
