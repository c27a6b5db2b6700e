"""``app.i18n`` sits below the window: it imports no module of the app (issue 22: the
``i18n`` <-> ``main_window`` circle closed through an import inside a function)."""

from __future__ import annotations

import ast
from pathlib import Path

import app.i18n


def test_i18n_imports_nothing_of_the_app_not_even_inside_a_function():
    tree = ast.parse(Path(app.i18n.__file__).read_text(encoding="utf-8"))
    imported = [node.module or "." for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.level or
                                                         (node.module or "").startswith("app"))]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names if alias.name.startswith("app")]
    assert imported == []


def test_the_language_menu_calls_back_instead_of_knowing_the_window(qtbot):
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    menu = QMenu()
    qtbot.addWidget(menu)
    chosen: list[str] = []
    sub = app.i18n.add_language_menu(menu, "en", chosen.append)
    assert sub.findChild(QAction, "language_en").isChecked()
    sub.findChild(QAction, "language_ko").trigger()
    qtbot.waitUntil(lambda: chosen == ["ko"])
