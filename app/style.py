"""Colours and fonts: the one place the app's look is decided.

Token colours alternate through a small palette so that neighbouring tokens
are always distinguishable; the palette has a light and a dark variant chosen
from the application palette, so the window follows the system theme.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QGuiApplication, QPalette

_LIGHT = ["#cfe8ff", "#ffe3b8", "#d6f5d6", "#f6d2f0", "#fff5a8", "#d9dcff", "#ffd6d1", "#c9f1ee"]
_DARK = ["#1f4a73", "#6b4a14", "#245c2a", "#5c2a57", "#5e5714", "#363a7a", "#6e2e28", "#1c5c57"]
PALETTE_SIZE = len(_LIGHT)


def is_dark() -> bool:
    """True when the application palette is dark (window colour below mid grey)."""
    app = QGuiApplication.instance()
    if app is None:
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def token_color(index: int) -> QColor:
    """Background colour of the ``index``-th token (alternating palette)."""
    palette = _DARK if is_dark() else _LIGHT
    return QColor(palette[index % len(palette)])


def multi_token_color() -> QColor:
    """Background of a character covered by several tokens (byte-level split)."""
    return QColor("#8a6fb0" if is_dark() else "#c7b3e6")


def unknown_color() -> QColor:
    """Background of an unknown token."""
    return QColor("#a02020" if is_dark() else "#ff8a8a")


def highlight_color() -> QColor:
    """Outline/background of tokens highlighted from another pane (a merge, a selection)."""
    return QColor("#ffb000" if is_dark() else "#ff8c00")


def selection_color() -> QColor:
    app = QGuiApplication.instance()
    if app is None:
        return QColor("#3daee9")
    return app.palette().color(QPalette.ColorRole.Highlight)


def marker_color() -> QColor:
    """Colour of the visible whitespace markers (dimmed text)."""
    return QColor("#9aa0a6" if is_dark() else "#7a7f85")


def plot_pen_color() -> QColor:
    return QColor("#5aa9e6" if is_dark() else "#1f77b4")


def text_font(point_size: int = 12) -> QFont:
    """The font of token text views: the general font, which falls back per glyph
    (Korean to Nanum, emoji to Noto Color Emoji) through fontconfig."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont)
    font.setPointSize(point_size)
    return font


def fixed_font() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
