"""The interface language: English (the source strings) or Korean, from the system or the View menu.

The choice is the QSettings key ``language``: ``"system"`` (the default: Korean when the
system locale is Korean, else English), ``"en"`` or ``"ko"``. :func:`install` puts the
translators in place before the window is built: our catalogue
(``app/translations/subword_explorer_ko.qm``, compiled from the ``.ts`` by
``scripts/update_translations.sh``) and Qt's own ``qtbase_ko`` (standard buttons and dialogs).

Switching in View ▸ Language takes effect at once by rebuilding the window around the same
:class:`~app.session.Session` and selection (:func:`rebuild_window`): every pane is created
again under the new translator, so no pane needs code to re-translate itself. The corpus,
the tokenizers, the text, the selection, the compare list and each view's layout stay;
figures computed by workers are computed again. Strings that come from ``subword_core``
(error messages, a file's format description) are the library's and stay English.
"""

from __future__ import annotations

import importlib.resources
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QT_TRANSLATE_NOOP,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox, QWidget

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
def add_language_menu(window: Any, menu: QMenu) -> QMenu:
    """A View ▸ Language submenu: System / English / 한국어 (checked: the saved choice)."""
    sub = menu.addMenu(QCoreApplication.translate("Language", "&Language"))
    sub.setObjectName("languageMenu")
    group = QActionGroup(sub)
    group.setExclusive(True)
    chosen = language_setting(window.settings)
    for choice, text in CHOICES:
        action = QAction(QCoreApplication.translate("Language", text), sub, checkable=True)
        action.setObjectName(f"language_{choice}")
        action.setChecked(choice == chosen)
        action.setStatusTip(QCoreApplication.translate(
            "Language", "Show the interface in this language (the window is rebuilt at once)"))
        # after the menu has closed: the rebuild deletes the menu this action lives in
        action.triggered.connect(
            lambda _=False, c=choice: QTimer.singleShot(0, lambda: switch_language(window, c)))
        group.addAction(action)
        sub.addAction(action)
    return sub


def switch_language(window: Any, choice: str) -> Any:
    """Save ``choice`` and show the interface in it; returns the window now shown.

    The same language (English chosen while the system is English) only saves the choice.
    """
    if resolve(choice) == current_language():
        window.settings.setValue(SETTINGS_KEY, choice)
        return window
    if _busy(window) and not _confirm_while_busy(window):
        _check_choice(window, language_setting(window.settings))
        return window
    window.settings.setValue(SETTINGS_KEY, choice)
    install(choice)
    return rebuild_window(window)


def _busy(window: Any) -> bool:
    return bool(window.training_pane.is_training() or window.corpus_pane.is_loading()
                or window.is_restoring)


def _confirm_while_busy(window: QWidget) -> bool:
    answer = QMessageBox.question(
        window, QCoreApplication.translate("Language", "Change the language"),
        QCoreApplication.translate(
            "Language", "Changing the language rebuilds the window and stops the training or "
            "loading that is running. Change it now?"),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def _check_choice(window: Any, choice: str) -> None:
    action = window.findChild(QAction, f"language_{choice}")
    if action is not None:
        action.setChecked(True)


def rebuild_window(old: Any) -> Any:
    """A new main window around ``old``'s session and selection, built under the translators
    installed now; ``old`` is hidden and deleted. Returns the new window (the application's
    ``_subword_window`` keeps a reference to it)."""
    from .main_window import MainWindow

    session, selection, settings = old.session, old.selection, old.settings
    compared = _compared_names(old)
    corpus_table = old.corpus_pane.model.table if session.corpus is not None else None
    was_visible = old.isVisible()
    old.save_settings()       # layouts, geometry, the view and the panes' options
    old.shutdown()            # workers stop; the session's encoder restarts on demand
    session.setParent(None)
    selection.setParent(None)
    new = MainWindow(session, selection, settings)
    session.setParent(new)
    selection.setParent(new)
    _replay(new, session, selection, corpus_table, compared)
    if was_visible:
        new.show()
    old.hide()
    old.deleteLater()
    app = QApplication.instance()
    if app is not None:
        app._subword_window = new  # a Python reference keeps the new window alive
    return new


def _compared_names(window: Any) -> list[str]:
    compare = window.analysis_docks.compare
    return list(compare.compared_names()) if hasattr(compare, "compared_names") else []


def _replay(new: Any, session: Any, selection: Any, corpus_table: Any,
            compared: list[str]) -> None:
    """Tell the new panes what the session already holds, as if it had just happened."""
    if session.corpus is not None:
        new.corpus_pane.show_loaded(session.corpus, corpus_table)
    session.corpus_changed.emit(session.corpus)
    session.tokenizers_changed.emit()
    session.tokenizer_changed.emit(session.current)
    session.encode_options_changed.emit(session.encode_options)
    session.encoding_changed.emit(session.encoding)
    compare = new.analysis_docks.compare
    if compared and hasattr(compare, "set_compared"):
        compare.set_compared(compared)
    selection.changed.emit(selection.current)


__all__ = ["CHOICES", "LANGUAGES", "SETTINGS_KEY", "add_language_menu", "current_language",
           "install", "language_setting", "locale_language", "rebuild_window", "resolve",
           "switch_language", "system_language"]
