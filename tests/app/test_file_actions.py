"""Saving from the File menu: the file lands where the dialog says; a failure gets a
message box, a cancelled dialog nothing."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from app import file_actions
from app.session import Session, TokenizerEntry
from subword_core.tokenizer import Tokenizer


@pytest.fixture(scope="module")
def trained():
    from subword_core.presets import train_tokenizer
    from subword_core.trainers.base import drive

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60))


@pytest.fixture
def session(qtbot, trained):
    s = Session()
    s.add_tokenizer(TokenizerEntry("my bpe", trained.tokenizer, history=trained.history))
    return s


@pytest.fixture
def boxes(monkeypatch):
    shown: list[tuple[str, str]] = []
    for kind in ("critical", "warning"):
        monkeypatch.setattr(QMessageBox, kind,
                            lambda _parent, title, text, kind=kind: shown.append((kind, title)))
    return shown


def choose(monkeypatch, path) -> list[str]:
    suggested: list[str] = []

    def dialog(_parent, _title, name, _filter):
        suggested.append(name)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    return suggested


def test_save_tokenizer_and_history(qtbot, session, boxes, monkeypatch, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    messages: list[str] = []
    session.message.connect(messages.append)
    suggested = choose(monkeypatch, tmp_path / "tok.json")
    assert file_actions.save_tokenizer(parent, session)
    assert Tokenizer.from_file(str(tmp_path / "tok.json")).get_vocab() == session.current.tokenizer.get_vocab()
    choose(monkeypatch, tmp_path / "run.history.jsonl")
    assert file_actions.save_history(parent, session)
    assert (tmp_path / "run.history.jsonl").read_text(encoding="utf-8").strip()
    assert suggested == ["my_bpe.json"]
    assert messages[-1].startswith("Saved the training history of my bpe")
    assert boxes == []


def test_failed_save_is_reported_cancel_is_not(qtbot, session, boxes, monkeypatch, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    choose(monkeypatch, tmp_path / "missing-folder" / "tok.json")
    assert not file_actions.save_tokenizer(parent, session)
    assert boxes == [("critical", "Cannot save tokenizer.json")]
    choose(monkeypatch, "")  # the user cancelled: nothing to report
    assert not file_actions.save_history(parent, session)
    assert len(boxes) == 1


def test_nothing_to_save(qtbot, boxes, monkeypatch):
    parent = QWidget()
    qtbot.addWidget(parent)
    assert not file_actions.save_tokenizer(parent, Session())
    assert not file_actions.save_history(parent, Session())
    assert [kind for kind, _ in boxes] == ["warning", "warning"]
