"""app: the Subword Explorer desktop GUI (PySide6 + pyqtgraph), a lens on ``subword_core``."""

from .main import create_main_window

__all__ = ["create_main_window"]
