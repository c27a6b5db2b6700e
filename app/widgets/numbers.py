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



#: The locale of each language with its group separators, by locale name: a table asks
#: for every number cell it paints, and making the locale anew took 3 calls into Qt.
_GROUPED: dict[str, QLocale] = {}


class ThousandsDelegate(QStyledItemDelegate):
    """Ints with thousands separators; everything else as Qt shows it.

    Called for every cell a table paints (strings too): a string is answered here as Qt
    would (a line break shown as a line separator) and an int with a kept locale, without
    a call back into Qt's ``displayText``; about half the Python time of painting a table.
    """

    def displayText(self, value: Any, locale: QLocale) -> str:  # noqa: N802 - Qt override
        kind = type(value)
        if kind is str:
            return value.replace("\n", "\u2028")
        if kind is int or (isinstance(value, int) and kind is not bool):
            name = locale.name()
            grouped = _GROUPED.get(name)
            if grouped is None:
                grouped = _GROUPED[name] = QLocale(locale)
                grouped.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
            return grouped.toString(int(value))
        return super().displayText(value, locale)


def show_thousands(view: QAbstractItemView) -> None:
    """Give ``view`` the :class:`ThousandsDelegate`, unless it draws its cells its own way."""
    if type(view.itemDelegate()) is QStyledItemDelegate:
        view.setItemDelegate(ThousandsDelegate(view))


__all__ = ["ThousandsDelegate", "show_thousands"]
