"""app: the Subword Explorer desktop GUI (PySide6 + pyqtgraph), a lens on ``subword_core``.

``create_main_window`` is imported lazily, so that ``app.train_job`` (run in the
training child process) imports ``subword_core`` only, not Qt.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_main_window"]


def __getattr__(name: str) -> Any:
    if name == "create_main_window":
        from .main import create_main_window

        return create_main_window
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
