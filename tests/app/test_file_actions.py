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
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

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


# -- opening a tokenizer file: in a worker, named after its model, failures in words ----------
def _wild_file(tmp_path, model: str, folder: str):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from wild_sources import tokenizer_json

    path = tmp_path / folder / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(tokenizer_json(model), encoding="utf-8")
    return path


class _Gaps:
    """The longest gap between ticks of a 10 ms timer on the GUI thread."""

    def __init__(self):
        from PySide6.QtCore import QElapsedTimer, QTimer

        self.clock, self.longest, self._last = QElapsedTimer(), 0, 0
        self.timer = QTimer(interval=10)
        self.timer.timeout.connect(self._tick)
        self.clock.start()
        self.timer.start()

    def _tick(self):
        now = self.clock.elapsed()
        self.longest = max(self.longest, now - self._last - 10)
        self._last = now

    def stop(self):
        self.timer.stop()
        return self.longest


@pytest.mark.parametrize("model, folder, bound_ms", [
    ("bert-base-uncased", "bert-base-uncased", 300),
    # the BPE model's whole-list set-up holds the GIL ~0.3 s for 280k merges (it was 2.7 s)
    pytest.param("llama-3.2", "Llama-3.2-1B", 1000, marks=pytest.mark.slow),
])
def test_open_real_tokenizer_keeps_the_gui_responsive(qtbot, boxes, tmp_path, model, folder,
                                                      bound_ms):
    path = _wild_file(tmp_path, model, folder)
    parent = QWidget()
    qtbot.addWidget(parent)
    session = Session()
    opened, messages = [], []
    session.message.connect(messages.append)
    gaps = _Gaps()
    assert file_actions.open_tokenizer(parent, session, str(path), on_opened=opened.append)
    assert session.entries == [] and file_actions.is_opening(parent)  # returned at once
    qtbot.waitUntil(lambda: not file_actions.is_opening(parent), timeout=60000)
    longest = gaps.stop()
    assert boxes == []
    assert [e.name for e in session.entries] == [folder] and opened == [session.current]
    assert session.current.source == str(path)
    assert messages[0].startswith("Opening") and messages[-1].startswith(f"Opened {path} as {folder}: ")
    # the stall itself is measured by bench/bench_gui_stall.py (open), not timed here
    print(f"longest GUI-thread block while opening {model}: {longest} ms (budget {bound_ms} ms)")


def test_bad_tokenizer_file_is_reported_in_words(qtbot, session, monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda _parent, title, text: shown.append((title, text)))
    parent = QWidget()
    qtbot.addWidget(parent)
    before = session.entries
    messages = []
    session.message.connect(messages.append)
    # the third one's tables went to the window ahead (pool_jobs.open_job) before the merge
    # making a token the vocabulary lacks was found: the error still comes, and nothing else
    for i, content in enumerate(['{"version": "1.0", "model": {"type": "BPE", "vocab": [1, 2',
                                 '{"version": "1.0", "model": {"type": "Magic"}}',
                                 '{"version": "1.0", "model": {"type": "BPE", "vocab": '
                                 '{"a": 0, "b": 1}, "merges": [["a", "b"]]}}']):
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(content, encoding="utf-8")
        assert file_actions.open_tokenizer(parent, session, str(bad))
        qtbot.waitUntil(lambda: not file_actions.is_opening(parent), timeout=10000)
        title, text = shown[-1]
        assert title == "Cannot open tokenizer" and str(bad) in text
        assert "Error" not in text and "Traceback" not in text  # words, not class names
        assert messages[-1] == ""  # the status bar's "Opening …" is cleared
    assert "malformed JSON" in shown[0][1] and "Magic" in shown[1][1] and "'ab'" in shown[2][1]
    assert session.entries == before and session.current is before[0]


def test_open_dialog_cancelled_does_nothing(qtbot, session, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    parent = QWidget()
    qtbot.addWidget(parent)
    assert not file_actions.open_tokenizer(parent, session)
    assert not file_actions.is_opening(parent)


def test_a_model_opened_as_sentencepiece_saves_in_the_fitting_hf_flavor(
        qtbot, boxes, monkeypatch, tmp_path):
    from subword_core.formats import open_tokenizer

    from reference_files import reference_file

    path = reference_file("sentencepiece", "botchan_en_bpe_1000.model")
    s = Session()
    s.add_tokenizer(TokenizerEntry("botchan", open_tokenizer(path), algorithm="file",
                                   source=str(path)))
    parent = QWidget()
    qtbot.addWidget(parent)
    choose(monkeypatch, tmp_path / "botchan.json")
    assert file_actions.save_tokenizer(parent, s) and boxes == []
    saved = Tokenizer.from_file(str(tmp_path / "botchan.json"))
    llama = open_tokenizer(path, flavor="llama")
    assert saved.to_dict() == llama.to_dict()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_: str(tmp_path / "folder"))
    assert file_actions.save_pretrained(parent, s) and boxes == []
    assert (tmp_path / "folder" / "tokenizer.json").is_file()
