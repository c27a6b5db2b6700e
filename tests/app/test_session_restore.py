"""Session restore: the saved current tokenizer is the only one made current on the way
(each switch re-encodes the text and redraws every pane: issue 20's restore stalls)."""

from __future__ import annotations

import json

import pytest

from app.session import Session, TokenizerEntry
from app.session_store import build_manifest


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def _saved(settings, tmp_path, tokenizer, current: str) -> None:
    old = Session()
    for name in ("first", "second", "third"):
        old.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="bpe"))
    old.set_current(current)
    settings.setValue("session", json.dumps(build_manifest(old, tmp_path / "stored")))


def _restore(qtbot, settings):
    from app import create_main_window

    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    made_current: list[str] = []
    window.session.tokenizer_changed.connect(
        lambda entry: made_current.append(entry.name if entry else None))
    assert window.restore_session()
    qtbot.waitUntil(lambda: not window.is_restoring, timeout=20000)
    return window, made_current


def test_only_the_saved_current_tokenizer_is_made_current(qtbot, settings, tmp_path,
                                                          tokenizer):
    _saved(settings, tmp_path, tokenizer, "third")
    window, made_current = _restore(qtbot, settings)
    try:
        assert [e.name for e in window.session.entries] == ["first", "second", "third"]
        assert made_current == ["third"]
    finally:
        window.shutdown()


def test_when_the_current_ones_file_is_gone_the_first_restored_is_current(
        qtbot, settings, tmp_path, tokenizer):
    _saved(settings, tmp_path, tokenizer, "second")
    manifest = json.loads(settings.value("session"))
    gone = next(r for r in manifest["tokenizers"] if r["name"] == "second")
    (tmp_path / "stored" / gone["path"].rsplit("/", 1)[-1]).unlink()
    window, made_current = _restore(qtbot, settings)
    try:
        assert [e.name for e in window.session.entries] == ["first", "third"]
        assert made_current == ["first"]
    finally:
        window.shutdown()


def test_quitting_mid_restore_keeps_the_tokenizers_not_restored_yet(qtbot, settings, tmp_path,
                                                                    tokenizer):
    from pathlib import Path

    from app import create_main_window

    _saved(settings, tmp_path, tokenizer, "first")
    saved = json.loads(settings.value("session"))["tokenizers"]
    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    try:
        assert window.restore_session()
        assert window.is_restoring and window.session.entries == []  # nothing handed over yet
        window.save_settings()  # the user quits at once
        kept = json.loads(settings.value("session"))["tokenizers"]
        assert [r["name"] for r in kept] == ["first", "second", "third"]
        assert all(Path(r["path"]).exists() for r in saved)
    finally:
        window.shutdown()



@pytest.fixture
def launched(monkeypatch):
    """The records each restore job was started for, as they start."""
    from app import session_store

    started: list[str] = []

    class Recorded(session_store._RestoreJob):
        def __init__(self, owner, pool, index, record):
            started.append(record["name"])
            super().__init__(owner, pool, index, record)

    monkeypatch.setattr(session_store, "_RestoreJob", Recorded)
    return started


def test_the_restore_starts_after_the_turn_that_makes_the_window(qtbot, settings, tmp_path,
                                                                 tokenizer, launched):
    """Making the window, starting the corpus load and the restore jobs' workers were one
    event-loop turn (issue 20's "restart: session restore" stall)."""
    from app import create_main_window

    _saved(settings, tmp_path, tokenizer, "third")
    window = create_main_window(load_sample=True, settings=settings)
    qtbot.addWidget(window)
    try:
        assert window.is_restoring and launched == []  # nothing started in this turn
        qtbot.waitUntil(lambda: not window.is_restoring, timeout=20000)
        assert [e.name for e in window.session.entries] == ["first", "second", "third"]
        assert window.session.current.name == "third"
    finally:
        window.shutdown()


def test_the_restore_starts_one_job_per_turn(qtbot, settings, tmp_path, tokenizer, launched):
    from app import create_main_window

    _saved(settings, tmp_path, tokenizer, "second")
    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    try:
        assert window.restore_session()
        assert launched == ["second"]  # the current one first; the next in a later turn
        qtbot.waitUntil(lambda: not window.is_restoring, timeout=20000)
        assert sorted(launched) == ["first", "second", "third"]
        assert [e.name for e in window.session.entries] == ["first", "second", "third"]
    finally:
        window.shutdown()


def test_the_records_read_are_handed_over_one_per_turn(qtbot):
    """Each tokenizer handed over makes every built pane hear the session: several in one
    turn were one long stall of a restart (issue 20)."""
    from PySide6.QtWidgets import QWidget

    from app.session_store import SessionRestore

    owner = QWidget()
    qtbot.addWidget(owner)
    # files that are gone: all three are "read" at once, when the restore starts
    records = [{"name": f"t{i}", "kind": "file", "path": f"/nonexistent/t{i}.json"}
               for i in range(3)]
    restore = SessionRestore(owner, records)
    batches: list[list[str]] = []
    finished: list[int] = []
    restore.yielded.connect(lambda batch: batches.append([r.record["name"] for r in batch]))
    restore.finished.connect(lambda: finished.append(len(batches)))
    restore.start()
    assert batches == [["t0"]]  # the next ones in later turns
    assert restore.unhanded_records() == records[1:]
    qtbot.waitUntil(lambda: bool(finished), timeout=5000)
    qtbot.wait(20)
    assert batches == [["t0"], ["t1"], ["t2"]]
    assert finished == [3]  # once, after the last one
