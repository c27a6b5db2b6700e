"""Numbers in tables as people read them: counts with thousands separators.

Qt's item views format an int cell with a locale that omits the group separator, so a
corpus of 50 MB showed ``3742123`` occurrences. :class:`ThousandsDelegate` shows ints through
:func:`app.wording.count_text` (``3,742,123``, in the interface language's locale). The
models keep returning numbers, so sorting is numeric and copying a row still gives
``3742123``. :func:`show_thousands` gives a table the delegate; every table of the window
gets it where it gets its copy menu (``install_table_copy``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate

from ..wording import count_text


class ThousandsDelegate(QStyledItemDelegate):
    """Ints with thousands separators; everything else as Qt shows it."""

    def displayText(self, value: Any, locale: QLocale) -> str:  # noqa: N802 - Qt override
        if isinstance(value, int) and not isinstance(value, bool):
            return count_text(value, locale)
        return super().displayText(value, locale)


def show_thousands(view: QAbstractItemView) -> None:
    """Give ``view`` the :class:`ThousandsDelegate`, unless it draws its cells its own way."""
    if type(view.itemDelegate()) is QStyledItemDelegate:
        view.setItemDelegate(ThousandsDelegate(view))


__all__ = ["ThousandsDelegate", "show_thousands"]
