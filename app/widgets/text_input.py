"""Text inputs that keyboard users can leave: Tab moves the focus, Ctrl+Tab types a tab.

A ``QPlainTextEdit`` takes Tab as a character by default, so a user without a mouse who
tabs into the encoding input cannot tab out of it. With ``setTabChangesFocus`` Tab and
Shift+Tab move the focus, and Qt then drops Tab whatever the modifiers; a tab character
(text with tabs is worth encoding: whitespace pre-tokenizers and byte-level BPE treat it
on its own) stays one key away with a Ctrl+Tab action on the input. Pasting works too.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit

#: The key that types a tab once Tab moves the focus.
TYPE_TAB_KEY = "Ctrl+Tab"


def tab_moves_focus(edit: QPlainTextEdit | QTextEdit) -> QAction:
    """Tab / Shift+Tab leave ``edit``; Ctrl+Tab types a tab (the tooltip says both).

    Returns:
        The Ctrl+Tab action (on the input, shortcut context: the input).
    """
    edit.setTabChangesFocus(True)
    action = QAction(QCoreApplication.translate("TextInput", "Type a tab character"), edit)
    action.setObjectName(f"{edit.objectName() or 'text'}TypeTabAction")
    action.setShortcut(QKeySequence(TYPE_TAB_KEY))
    action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    action.triggered.connect(lambda: edit.insertPlainText("\t"))
    edit.addAction(action)
    hint = QCoreApplication.translate(
        "TextInput", "Tab moves to the next control; Ctrl+Tab types a tab character.")
    edit.setToolTip(f"{edit.toolTip()}\n{hint}" if edit.toolTip() else hint)
    return action


__all__ = ["TYPE_TAB_KEY", "tab_moves_focus"]
