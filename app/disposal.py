"""Destroy a window piece by piece, one piece per event-loop turn.

Deleting a main window with its panes built is one C++ destructor walking every widget:
80-265 ms of a frozen event loop in issue 20's heavy session (the old window of View ▸
Language, or the one a restart closed). :func:`dispose_piecewise` deletes the pieces it is
given one per turn, a piece with many widgets part by part, and the root last.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QAbstractScrollArea, QDockWidget, QScrollArea, QSplitter, QWidget
from shiboken6 import Shiboken

#: A piece with more objects than this is deleted child by child (then itself).
SPLIT_ABOVE = 150

_RUNNING: set[Disposal] = set()


class Disposal(QObject):
    """Deletes ``pieces`` (widgets inside ``root``), then ``root``, one per event-loop turn;
    ``finished`` follows the root's deletion."""

    finished = Signal()

    def __init__(self, root: QWidget, pieces: list[QWidget], hide_first: bool = False) -> None:
        super().__init__()  # no parent: it outlives the root
        self._root = root
        self._hide_first = hide_first
        self._steps: list[QObject] = [*pieces, root]
        # started again after each piece (MainWindow._on_step_timeout says why)
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._on_timeout)
        _RUNNING.add(self)
        self._timer.start()

    @Slot()
    def _on_timeout(self) -> None:
        if self._next():
            self._timer.start()

    def _next(self) -> bool:
        """Delete the next piece; whether pieces are left."""
        if self._hide_first:  # a turn of its own
            self._hide_first = False
            if Shiboken.isValid(self._root):
                self._root.hide()
                return True
        while self._steps:
            piece = self._steps.pop(0)
            if not Shiboken.isValid(piece):
                continue  # went with a piece deleted before it
            if piece is not self._root and len(piece.findChildren(QObject)) > SPLIT_ABOVE:
                parts = _parts(piece)
                if parts:  # its parts first, each in a turn of its own, then itself
                    self._steps[:0] = [*parts, piece]
                    continue
            Shiboken.delete(piece)
            if piece is not self._root:
                return True
        _RUNNING.discard(self)
        self.finished.emit()
        self.deleteLater()
        return False


def _parts(piece: QWidget) -> list[QWidget]:
    """The widgets of ``piece`` that may be deleted before it: a dock's pane, a splitter's
    widgets, the widgets its layout places.

    subtle: never a widget's own machinery (a scroll area's viewport and scroll bar
    containers, a tab widget's stack): the owner keeps plain pointers to those, and
    deleting one first crashes the owner's destructor.
    """
    if isinstance(piece, QDockWidget):
        slot = piece.widget()
        pane = QScrollArea.widget(slot) if isinstance(slot, QScrollArea) else None
        return [pane] if pane is not None else []
    if isinstance(piece, QSplitter):
        return [piece.widget(i) for i in range(piece.count())]
    if isinstance(piece, QAbstractScrollArea) or piece.layout() is None:
        return []
    found: list[QWidget] = []
    layouts = [piece.layout()]
    while layouts:
        layout = layouts.pop()
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item.widget() is not None and item.widget().parentWidget() is piece:
                found.append(item.widget())
            elif item.layout() is not None:
                layouts.append(item.layout())
    return found


def dispose_piecewise(root: QWidget, pieces: list[QWidget], hide_first: bool = False
                      ) -> Disposal:
    """Delete ``pieces`` of ``root`` one per event-loop turn, then ``root`` (see
    :class:`Disposal`). ``root`` should be hidden already (nobody sees it fall apart), or
    ``hide_first``: hidden in the first turn."""
    return Disposal(root, pieces, hide_first)


def pending() -> int:
    """How many disposals are still running (tests and benches wait for none)."""
    return len(_RUNNING)


__all__ = ["Disposal", "dispose_piecewise", "pending"]
