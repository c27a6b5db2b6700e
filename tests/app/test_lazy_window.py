"""The window builds a pane when it is first seen (issue 20: restore and View ▸ Language
froze the window for seconds building every pane); a pane built late knows the session's
state; closing aborts every worker of the window."""

from __future__ import annotations

import json
import threading

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from app.session import Session, TokenizerEntry
from app.session_store import build_manifest

_ABSENT = object()
PANES = ("builder_pane.BuilderPane", "compare_pane.ComparePane", "corpus_pane.CorpusPane",
         "decode_pane.DecodePane", "encoding_pane.EncodingPane",
         "groupings_pane.GroupingsPane", "lessons_pane.LessonsPane", "merges_pane.MergesPane",
         "offsets_pane.OffsetsPane", "oov_pane.OovPane", "stats_pane.StatsPane",
         "tokenizers_pane.TokenizersPane", "training_pane.TrainingPane",
         "vocab_pane.VocabPane", "windows_pane.WindowsPane")


@pytest.fixture
def built(monkeypatch) -> list[str]:
    """The names of the pane classes constructed while the test runs, in order."""
    import importlib

    names: list[str] = []
    for dotted in PANES:
        module, name = dotted.split(".")
        cls = getattr(importlib.import_module(f"app.panes.{module}"), name)

        def init(self, *args, __init=cls.__init__, __name=name, **kwargs):
            names.append(__name)
            __init(self, *args, **kwargs)
        monkeypatch.setattr(cls, "__init__", init)
    return names


@pytest.fixture(scope="module")
def tokenizer():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    return drive(train_tokenizer(["low lower newest widest"] * 5, "bpe", 60)).tokenizer


def test_restore_builds_only_the_saved_views_panes_one_per_turn(
        qtbot, settings, tmp_path, tokenizer, built):
    from app import create_main_window

    old = Session()
    for name in ("first", "second"):
        old.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="bpe"))
    old.set_current("second")
    settings.setValue("session", json.dumps(build_manifest(
        old, tmp_path / "stored", compare=["first", "second"], view="vocab")))

    window = create_main_window(load_sample=True, settings=settings)
    qtbot.addWidget(window)
    try:
        assert window.views.current == "vocab"
        # the tokenizer bar and the corpus pane (it loads corpora) at once, the view's two
        # panes in the turns that follow, one per turn
        assert sorted(built) == ["CorpusPane", "TokenizersPane"]
        qtbot.waitUntil(lambda: len(built) == 4)
        assert sorted(built) == ["CorpusPane", "DecodePane", "TokenizersPane", "VocabPane"]
        qtbot.waitUntil(lambda: not window.is_restoring, timeout=20000)
        assert window.session.current.name == "second"
        assert window.vocab_pane.model.rowCount() == tokenizer.get_vocab_size()
        assert "ComparePane" not in built
        # the compare list waits for its pane, which gets it when built
        assert window.compared_names() == ["first", "second"]
        assert list(window.analysis_docks.compare.compared_names()) == ["first", "second"]
    finally:
        window.shutdown()


def test_language_switch_builds_only_the_shown_panes_and_keeps_the_session(
        qtbot, settings, sample_paths, tokenizer, built):
    from app_helpers import load_corpus

    from app import create_main_window, i18n
    from app.main_window import switch_language
    from app.process_pool import pool_for

    window = create_main_window(load_sample=False, settings=settings)
    load_corpus(qtbot, window, sample_paths[:1])
    session = window.session
    for name in ("kept", "removed"):
        session.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="bpe"))
    session.remove_tokenizer("removed")
    assert window.undo.latest() == "tokenizer"
    session.set_text("hello 세계")
    window.show_view("stats")
    window.analysis_docks.compare.set_compared(["kept"])
    window.show_view("explore")
    pool = pool_for(window)
    built.clear()
    app = QApplication.instance()
    before = app.__dict__.get("_subword_window", _ABSENT)  # the Korean test waits for a change
    try:
        new = switch_language(window, "ko")
        assert new is not window
        assert new.windowTitle() == "서브워드 탐색기"
        # the shown view's panes, not every pane again (the view's own in the next turns)
        qtbot.waitUntil(lambda: len(built) == 4)
        qtbot.wait(50)
        assert sorted(built) == ["CorpusPane", "EncodingPane", "OffsetsPane", "TokenizersPane"]
        assert new.session is session and session.current.name == "kept"
        assert new.encoding_pane.input.toPlainText() == "hello 세계"
        assert new.views.current == "explore"
        assert new.undo.latest() == "tokenizer"  # the removal can still be undone
        assert new.compared_names() == ["kept"]
        assert pool_for(new) is pool and not pool.closed  # warm processes, not a cold start
        new.undo.undo()
        assert [e.name for e in session.entries] == ["kept", "removed"]
        new.shutdown()
        new.hide()
        new.deleteLater()
    finally:
        i18n.install("en")
        if before is _ABSENT:
            del app._subword_window
        else:
            app._subword_window = before


class _Source(QObject):
    said = Signal(str)


class _LatePane(QWidget):
    """Connects to the session without reading its state: only a replay tells it."""

    def __init__(self, session, selection) -> None:
        super().__init__()
        self.heard: list[tuple[str, object]] = []
        session.corpus_changed.connect(lambda c: self.heard.append(("corpus", c)))
        session.text_changed.connect(lambda t: self.heard.append(("text", t)))
        session.encoding_changed.connect(lambda e: self.heard.append(("encoding", e)))
        selection.changed.connect(lambda s: self.heard.append(("selection", s)))


def test_a_late_pane_hears_the_state_and_no_other_pane_hears_it_again(qtbot, window):
    from app.panes.offsets_pane import OffsetsPane

    window.session.set_text("some text")
    others: list[str] = []
    window.session.text_changed.connect(others.append)
    window.add_pane_dock("late", "Late", lambda: _LatePane(window.session, window.selection))
    assert not window.is_built("late")

    pane = window.docks["late"].widget().widget()  # asking for it builds it
    assert isinstance(pane, _LatePane) and window.is_built("late")
    assert [kind for kind, _ in pane.heard] == ["text", "corpus", "encoding", "selection"]
    assert ("text", "some text") in pane.heard
    assert others == []  # the replay went to the new pane only
    window.session.set_text("more")  # connected for real as well
    assert ("text", "more") in pane.heard and others == ["more"]
    assert isinstance(window.pane("offsets"), OffsetsPane)


def test_shutdown_aborts_every_worker_of_the_window(qtbot, window):
    from app.jobs import FigureJob

    # a job no pane knows about: before, closing stopped each pane's jobs one after the
    # other and this one ran on
    started, stopped = threading.Event(), threading.Event()

    def make(cancel):
        started.set()
        while not cancel.is_set():
            yield None
            cancel.wait(0.01)
        stopped.set()
    job = FigureJob(window)
    job.start(make)
    assert started.wait(10)
    window.shutdown()
    assert stopped.wait(10)
