"""The interface language: English (the source strings) or Korean, from the system or the View menu.

The choice is the QSettings key ``language``: ``"system"`` (the default: Korean when the
system locale is Korean, else English), ``"en"`` or ``"ko"``. :func:`install` puts the
translators in place before the window is built: our catalogue
(``app/translations/subword_explorer_ko.qm``, compiled from the ``.ts`` by
``scripts/update_translations.sh``) and Qt's own ``qtbase_ko`` (standard buttons and dialogs).

This module knows translators and the language menu, not the window: View ▸ Language
calls back into ``app.main_window``, which rebuilds the window around the same session
(``main_window.switch_language``). Strings that come from ``subword_core`` (error
messages, a file's format description) are the library's and stay English.
"""

from __future__ import annotations

import importlib.resources
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

SETTINGS_KEY = "language"
#: The choices of View ▸ Language: (setting, menu text). The language names are written in
#: their own language, so a user who cannot read the current one still finds theirs.
CHOICES: tuple[tuple[str, str], ...] = (
    ("system", QT_TRANSLATE_NOOP("Language", "System language")),
    ("en", "English"),
    ("ko", "한국어"),
)
LANGUAGES = ("en", "ko")
TRANSLATIONS_DIR = Path(str(importlib.resources.files(__package__))) / "translations"  # package data
CATALOGUE = "subword_explorer"
#: Overrides what the system locale says (tests, screenshots); a value of ``LANGUAGES``.
ENV_SYSTEM_LANGUAGE = "SUBWORD_EXPLORER_SYSTEM_LANGUAGE"

_installed: list[QTranslator] = []
_current = "en"


def language_setting(settings: QSettings | None) -> str:
    """The saved choice: ``"system"``, ``"en"`` or ``"ko"`` (anything else counts as system)."""
    value = settings.value(SETTINGS_KEY, "system") if settings is not None else "system"
    return value if value in ("system", *LANGUAGES) else "system"


def locale_language(locale: QLocale) -> str:
    """``"ko"`` for a Korean locale, else ``"en"`` (the only two languages we ship)."""
    return "ko" if locale.language() == QLocale.Language.Korean else "en"


def system_language() -> str:
    """The language the system locale asks for (``ENV_SYSTEM_LANGUAGE`` overrides it)."""
    forced = os.environ.get(ENV_SYSTEM_LANGUAGE, "")
    if forced in LANGUAGES:
        return forced
    return locale_language(QLocale.system())


def resolve(choice: str) -> str:
    """The language a choice means now: ``"en"`` or ``"ko"``."""
    return choice if choice in LANGUAGES else system_language()


def current_language() -> str:
    """The language of the translators installed last (``"en"`` before any)."""
    return _current


def catalogue_path(language: str) -> Path:
    return TRANSLATIONS_DIR / f"{CATALOGUE}_{language}.qm"


def install(choice: str) -> str:
    """Install the translators for ``choice`` (replacing earlier ones); returns the language.

    English needs no translator: the source strings are English.
    """
    global _current
    app = QCoreApplication.instance()
    language = resolve(choice)
    for translator in _installed:
        if app is not None:
            app.removeTranslator(translator)
    _installed.clear()
    if language != "en" and app is not None:
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for directory, name in ((str(TRANSLATIONS_DIR), f"{CATALOGUE}_{language}"),
                                (qt_dir, f"qtbase_{language}")):
            translator = QTranslator(app)
            if translator.load(name, directory):
                app.installTranslator(translator)
                _installed.append(translator)
    # numbers and dates in Qt widgets (spin boxes) follow the interface language
    QLocale.setDefault(QLocale(QLocale.Language.Korean, QLocale.Country.SouthKorea)
                       if language == "ko" else QLocale(QLocale.Language.English,
                                                        QLocale.Country.UnitedStates))
    _current = language
    return language


# -- View ▸ Language ---------------------------------------------------------------------------
def add_language_menu(menu: QMenu, chosen: str, on_chosen: Callable[[str], Any]) -> QMenu:
    """A Language submenu of ``menu``: System / English / 한국어, ``chosen`` checked.

    ``on_chosen(choice)`` runs after the menu has closed (the window may replace the menu).
    """
    sub = menu.addMenu(QCoreApplication.translate("Language", "&Language"))
    sub.setObjectName("languageMenu")
    group = QActionGroup(sub)
    group.setExclusive(True)
    for choice, text in CHOICES:
        action = QAction(QCoreApplication.translate("Language", text), sub, checkable=True)
        action.setObjectName(f"language_{choice}")
        action.setChecked(choice == chosen)
        action.setStatusTip(QCoreApplication.translate(
            "Language", "Show the interface in this language (the window is rebuilt at once)"))
        action.triggered.connect(
            lambda _=False, c=choice: QTimer.singleShot(0, lambda: on_chosen(c)))
        group.addAction(action)
        sub.addAction(action)
    return sub


def confirm_while_busy(parent: QWidget) -> bool:
    """Ask whether to change the language although a training or a load is running."""
    answer = QMessageBox.question(
        parent, QCoreApplication.translate("Language", "Change the language"),
        QCoreApplication.translate(
            "Language", "Changing the language rebuilds the window and stops the training or "
            "loading that is running. Change it now?"),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


__all__ = ["CHOICES", "LANGUAGES", "SETTINGS_KEY", "add_language_menu", "confirm_while_busy",
           "current_language", "install", "language_setting", "locale_language", "resolve",
           "system_language"]
