"""Tooltips for custom-painted views: whatever ``hit(point)`` finds, ``describe(...)`` says.

A painted view has no child widgets to carry tooltips; it answers Qt's tooltip event
itself. Mix :class:`HitTooltips` in before ``QWidget`` and give the view
``hit(QPointF) -> tuple | None`` and ``describe(*hit) -> str``.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtWidgets import QToolTip


class HitTooltips:
    """``event()`` shows ``describe(*hit(pos))`` as the tooltip, or hides it over nothing."""

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            found = self.hit(QPointF(event.pos()))
            if found is not None:
                QToolTip.showText(event.globalPos(), self.describe(*found), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)
