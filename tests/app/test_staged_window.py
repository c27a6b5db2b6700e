"""View ▸ Language builds its new window a step per event-loop turn while the old one stays in
sight (issue 20: built in one turn, 60-95 ms of frozen window in the heavy session), code that
uses the new window early gets it whole, and the old window is not retranslated for nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from app_helpers import language_switches



class _Turns:
    """Counts event-loop turns (a 0 ms timer)."""

    def __init__(self) -> None:
        self.turn = 0
        self._timer = QTimer(interval=0)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        self.turn += 1

    def stop(self) -> None:
        self._timer.stop()


class _LanguageChanges(QObject):
    """Counts the LanguageChange events its watched objects receive."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self.count += 1
        return False


@pytest.fixture
def switching(qtbot, settings):
    """A shown English window, and how to switch it to Korean; English again afterwards."""
    from app import create_main_window
    from app.main_window import switch_language

    window = create_main_window(load_sample=False, settings=settings)
    window.show()
    qtbot.waitExposed(window)
    with language_switches() as made:
        def switch():
            made.append(switch_language(window, "ko"))
            return made[-1]
        yield window, switch


def test_the_new_window_is_built_over_several_turns_with_the_old_one_in_sight(
        qtbot, switching, monkeypatch):
    from app import disposal
    from app.main_window import MainWindow

    window, switch = switching
    turns = _Turns()
    seen: dict[str, int] = {}

    def noting(name, method):
        def wrapper(self, *args, **kwargs):
            seen.setdefault(name, turns.turn)
            return method(self, *args, **kwargs)
        monkeypatch.setattr(MainWindow, name, wrapper)
    for name in ("add_pane_dock", "_build_view_bar", "_build_menus", "_restore_settings"):
        noting(name, getattr(MainWindow, name))
    try:
        new = switch()
        app = QApplication.instance()
        assert window.isVisible()  # the old window is there while the new one is built
        qtbot.waitUntil(lambda: app.__dict__.get("_subword_window") is new and new.isVisible(),
                        timeout=10000)
        qtbot.waitUntil(lambda: disposal.pending() == 0, timeout=10000)
    finally:
        turns.stop()
    # the docks, the bars, the menus and the saved layout each in a turn of its own
    assert len(set(seen.values())) == 4, seen
    assert new.constructed
    assert new.windowTitle() == "서브워드 탐색기"
    assert new.menuBar().actions()[0].text() == "파일(&F)"
    assert new.views.current == "explore"


def test_code_using_the_new_window_early_gets_it_whole(qtbot, switching):
    window, switch = switching
    new = switch()
    assert not new.constructed
    # a part a later step makes: the construction is finished at once
    assert new.encoding_pane is new.pane("encoding")
    assert new.constructed
    assert len(new.docks) == 16 and new.menuBar().actions()
    qtbot.waitUntil(lambda: new.isVisible(), timeout=10000)


def test_showing_the_new_window_early_finishes_it_first(qtbot, switching):
    window, switch = switching
    new = switch()
    new.show()
    assert new.constructed and new.menuBar().actions()
    assert new.views.current == "explore"


def test_the_replaced_window_is_not_retranslated(qtbot, switching):
    from app import disposal

    window, switch = switching
    counter = _LanguageChanges()
    for target in (window, window.windowHandle(), window.menuBar(), window.centralWidget()):
        target.installEventFilter(counter)
    new = switch()
    qtbot.waitUntil(lambda: new.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: disposal.pending() == 0, timeout=10000)
    assert counter.count == 0


def test_the_replaced_window_builds_no_pane_meanwhile(qtbot, switching):
    window, switch = switching
    new = switch()
    window.show_view("vocab")  # a click on the old window while the new one is built
    qtbot.waitUntil(lambda: new.isVisible(), timeout=10000)
    assert not window.is_built("vocab")
