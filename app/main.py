"""Entry point: build the QApplication and the main window, then run the event loop."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def create_main_window(load_sample: bool = True) -> QMainWindow:
    """Return the fully wired main window without entering the event loop."""
    window = QMainWindow()
    window.setObjectName("mainWindow")
    window.setWindowTitle("Subword Explorer")
    window.setCentralWidget(QLabel("Subword Explorer — the explorer panes are being built."))
    window.resize(1200, 800)
    return window


def main(argv: list[str] | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    window = create_main_window(load_sample=True)
    window.show()
    return app.exec()
