"""Entry point: build the QApplication and the main window, then run the event loop.

``create_main_window`` is what the console script and the tests share: it
returns the fully wired window (session, selection model, panes) without
entering the event loop.
"""

from __future__ import annotations

import gc
import sys

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QApplication

from subword_core._util.spawning import forbid_fork, lower_children

from . import desktop_entry, i18n
from .main_window import MainWindow
from .process_pool import pool_for
from .workers import CHILD_NICENESS, wait_for_orphans
from .selection import SelectionModel
from .session import Session

ORGANIZATION = "SubwordExplorer"
APPLICATION = "Subword Explorer"

#: How long a thread of the window's process runs Python before another that waits for the
#: GIL is let in (CPython's default: 5 ms). See :func:`ensure_app`.
GIL_SWITCH_INTERVAL_S = 0.001


def _configure_pyqtgraph(app: QApplication) -> None:
    """Called once: plots follow the application palette (light or dark)."""
    palette = app.palette()
    pg.setConfigOptions(antialias=True,
                        background=palette.color(QPalette.ColorRole.Base),
                        foreground=palette.color(QPalette.ColorRole.Text))


def ensure_app(argv: list[str] | None = None) -> QApplication:
    forbid_fork()  # Qt's threads are not fork-safe: the window's worker pools spawn
    lower_children(CHILD_NICENESS)  # the corpus counting workers leave the GUI thread a core
    # subtle: a repaint enters Python from Qt many times (pyqtgraph's items, our paintEvent
    # and data() overrides), and each entry takes the GIL. While another thread of this
    # process runs Python, each entry waits until that thread is made to let go: up to the
    # switch interval. app.workers already shortened it while a worker thread runs (the
    # pool's relays are such threads); the encoder's threads (app.encode_process) ran at
    # CPython's 5 ms. In issue 20's heavy session three runs at 1 ms had no stall over
    # 100 ms (longest 78-89 ms), one of two at 5 ms had one (115 ms): see
    # bench/bench_heavy_session.py
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    app = QApplication.instance()
    if app is None:
        QCoreApplication.setOrganizationName(ORGANIZATION)
        QCoreApplication.setApplicationName(APPLICATION)
        QApplication.setDesktopFileName(desktop_entry.APP_ID)  # the taskbar finds our icon
        app = QApplication(sys.argv if argv is None else argv)
        app.setWindowIcon(QIcon(str(desktop_entry.ICON)))
    if not getattr(app, "_subword_pg_configured", False):
        _configure_pyqtgraph(app)
        app._subword_pg_configured = True
    return app


def create_main_window(load_sample: bool = True, settings: QSettings | None = None) -> MainWindow:
    """Return the fully wired main window without entering the event loop.

    Args:
        load_sample: bring back the last session, or on first start load the bundled sample
            corpus and train a small tokenizer on it (from the next event-loop turn, in
            workers: the window shows at once and fills in a moment later).
        settings: where to persist layout and options (default: the user's QSettings).
    """
    ensure_app()
    settings = settings if settings is not None else QSettings(ORGANIZATION, APPLICATION)
    # before any widget exists: every string is translated when its widget is made
    i18n.install(i18n.language_setting(settings))
    session = Session()
    selection = SelectionModel()
    window = MainWindow(session, selection, settings)
    # the window owns the shared objects (they are QObjects without a parent otherwise)
    session.setParent(window)
    selection.setParent(window)
    if load_sample:
        window.start_soon()  # once the window is there: the restore or the sample's training
    return window


def main(argv: list[str] | None = None) -> int:
    app = ensure_app(argv)
    window = create_main_window(load_sample=True)
    window.show()
    pool_for(window).start()  # warm worker processes for opening tokenizers (app.process_pool)
    app._subword_window = window  # View ▸ Language replaces it (main_window.rebuild_window)
    # The ~100k objects of Qt, pyqtgraph and our modules live as long as the app; frozen,
    # the collector's full passes skip them. Those passes otherwise add 20-30 ms to a
    # keystroke's re-encoding every dozen or so keystrokes (compare bench/bench_encode.py with and
    # without --gc-freeze: the max column).
    gc.freeze()
    code = app.exec()
    wait_for_orphans()  # workers a closed window left to notice their abort (app.workers)
    return code
