"""Helpers shared by the GUI tests: load a corpus, train, type text — through the real widgets."""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

_ABSENT = object()


@contextmanager
def language_switches():
    """A list for the windows View ▸ Language makes in a test: afterwards each is shut down
    and dropped, English is installed again and the application's current window is the
    one it was before."""
    from app import i18n

    app = QApplication.instance()
    before = app.__dict__.get("_subword_window", _ABSENT)
    made: list = []
    try:
        yield made
    finally:
        for new in made:
            new.shutdown()
            new.hide()
            new.deleteLater()
        i18n.install("en")
        if before is _ABSENT:
            app.__dict__.pop("_subword_window", None)
        else:
            app._subword_window = before


def load_corpus(qtbot, window, paths, timeout=30000):
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=timeout):
        assert window.corpus_pane.load_paths(list(paths))
    assert window.session.corpus is not None
    # loaded comes with the worker's result; its thread ends a moment later, and until then
    # the pane refuses another load (a next load_paths right away found it still running)
    qtbot.waitUntil(lambda: not window.corpus_pane.is_loading(), timeout=timeout)


def train(qtbot, window, label: str, vocab_size: int, min_frequency: int = 0, timeout=60000):
    pane = window.training_pane
    pane.algorithm_combo.setCurrentText(label)
    pane.vocab_spin.setValue(vocab_size)
    pane.min_frequency_spin.setValue(min_frequency)
    with qtbot.waitSignal(pane.training_finished, timeout=timeout) as blocker:
        qtbot.mouseClick(pane.train_button, _left())
    assert blocker.args == [True], pane.last_error
    qtbot.waitUntil(lambda: not pane.is_training())
    return window.session.current


def build_every_pane(window) -> None:
    """Build the panes the window builds only when first seen (``MainWindow.pane``)."""
    for key in window.docks:
        window.pane(key)


def set_text(qtbot, window, text: str) -> None:
    window.encoding_pane.input.setPlainText(text)
    qtbot.waitUntil(lambda: window.session.text == text, timeout=3000)


def _left():
    return Qt.MouseButton.LeftButton


def show_dock(qtbot, window, key: str) -> None:
    """Bring a dock into the current view (View ▸ Panes), as a user does to see two panes at once."""
    dock = window.docks[key]
    dock.show()
    dock.raise_()
    pane = dock.widget().widget()  # the pane inside its scroll area
    # a window never shown sends no visibilityChanged: call what it would call
    if hasattr(pane, "catch_up"):
        pane.catch_up()
    qtbot.waitUntil(lambda: not getattr(pane, "_stale_entry", False)
                    and not getattr(pane, "_stale_replay", False), timeout=10000)
