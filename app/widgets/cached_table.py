"""CachedTableView: a table that paints its cells once per change and copies them after that.

A table paints every visible cell at each paint: the style draws each one (about 25 µs of
C++) and asks the model for seven roles and the delegate for its text, calls into Python.
The Explore view's tokens table (~240 cells at 1280x800) took 13-16 ms of the GUI thread
per paint, the corpus table 5-8 ms, the pre-tokens table 3-6 ms: most of what repainting the
whole window cost (a view shown again, a dock moved, the window uncovered), though nothing in
them had changed.

After a paint that covered the whole viewport, this view copies the pixels it painted from
the window's backing store (an image on every raster backing store). A later paint with the
same key draws from that copy instead. The key holds everything the cells' drawing depends
on: a generation that every model, selection model and header signal (and a palette, font,
style or language change) moves on, the viewport's size and pixel ratio, the scroll
positions, focus, the window's activation, the view's state, the cell under the mouse, and
the current and selected cells on screen (read at each paint: a selection made with the
selection model's signals blocked asks only for a repaint).
Anything else (a partial paint with a stale key, an editor open, a drag, painting into
``grab()``) paints as a plain :class:`QTableView` does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import QCursor, QImage, QPainter
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget
from shiboken6 import Shiboken

_MODEL_SIGNALS = ("dataChanged", "headerDataChanged", "layoutChanged", "modelReset",
                  "rowsInserted", "rowsRemoved", "rowsMoved", "columnsInserted",
                  "columnsRemoved", "columnsMoved")
_HEADER_SIGNALS = ("sectionResized", "sectionMoved", "sectionCountChanged", "geometriesChanged")
_CHANGES = frozenset((QEvent.Type.PaletteChange, QEvent.Type.FontChange, QEvent.Type.StyleChange,
                      QEvent.Type.LanguageChange, QEvent.Type.LocaleChange,
                      QEvent.Type.EnabledChange, QEvent.Type.LayoutDirectionChange))


class CachedTableView(QTableView):
    """A :class:`QTableView` that draws an unchanged viewport from a copy of its last paint."""

    def __init__(self, parent: QWidget | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._image: QImage | None = None
        self._image_key: tuple | None = None
        self._generation = 0
        self._watched: set[int] = set()
        #: paints drawn from the copy, and paints of the cells (tests and benchmarks)
        self.copied_paints = 0
        self.cell_paints = 0
        for header in (self.horizontalHeader(), self.verticalHeader()):
            self._watch(header, _HEADER_SIGNALS)

    # -- what invalidates the copy ------------------------------------------------------------
    def _watch(self, source: Any, names: tuple[str, ...]) -> None:
        if source is None or id(source) in self._watched:
            return
        self._watched.add(id(source))
        for name in names:
            getattr(source, name).connect(self.invalidate_cache)

    def invalidate_cache(self, *_: Any) -> None:
        """Paint the cells again at the next paint (anything they show may have changed)."""
        self._generation += 1
        self._image = None

    def setModel(self, model: Any) -> None:  # noqa: N802 - Qt override
        super().setModel(model)
        self._watch(model, _MODEL_SIGNALS)
        self._watch(self.selectionModel(), ("selectionChanged", "currentChanged"))
        self.invalidate_cache()

    def setSelectionModel(self, selection_model: Any) -> None:  # noqa: N802 - Qt override
        super().setSelectionModel(selection_model)
        self._watch(selection_model, ("selectionChanged", "currentChanged"))
        self.invalidate_cache()

    def setItemDelegate(self, delegate: Any) -> None:  # noqa: N802 - Qt override
        super().setItemDelegate(delegate)
        self.invalidate_cache()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() in _CHANGES:
            self.invalidate_cache()
        super().changeEvent(event)

    def _key(self) -> tuple:
        viewport = self.viewport()
        hovered = None
        if viewport.underMouse():  # a style may draw the cell under the mouse
            index = self.indexAt(viewport.mapFromGlobal(QCursor.pos()))
            hovered = (index.row(), index.column())
        return (self._generation, viewport.width(), viewport.height(),
                viewport.devicePixelRatioF(), self.horizontalScrollBar().value(),
                self.verticalScrollBar().value(), self.hasFocus(), self.isActiveWindow(),
                self.state(), hovered, self.showGrid(), self.alternatingRowColors(),
                self.wordWrap(), self.horizontalHeader().hiddenSectionCount(),
                self.verticalHeader().hiddenSectionCount(), self._selection_in_sight())

    def _selection_in_sight(self) -> tuple:
        """The current cell and the selected cells on screen. Read, not heard: a pane may
        select under ``QSignalBlocker`` (so as not to hear its own selection back) and then
        only ask for a repaint."""
        selection = self.selectionModel()
        model = self.model()
        if selection is None or model is None:
            return ()
        current = selection.currentIndex()
        key: list = [(current.row(), current.column())]
        if not selection.hasSelection():
            return tuple(key)
        viewport, root = self.viewport(), self.rootIndex()
        top, bottom = self.rowAt(0), self.rowAt(viewport.height() - 1)
        left, right = self.columnAt(0), self.columnAt(viewport.width() - 1)
        if top < 0:
            return tuple(key)
        bottom = model.rowCount(root) - 1 if bottom < 0 else bottom
        right = model.columnCount(root) - 1 if right < 0 else right
        left = max(left, 0)
        for row in range(top, bottom + 1):
            if selection.isRowSelected(row, root):
                key.append(row)
            elif selection.rowIntersectsSelection(row, root):
                key.append((row, tuple(c for c in range(left, right + 1)
                                       if selection.isSelected(model.index(row, c, root)))))
        return tuple(key)

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        key = self._key()
        viewport = self.viewport()
        if self._image is not None and key == self._image_key:
            dpr = self._image.devicePixelRatio()
            rect = event.rect()
            painter = QPainter(viewport)
            try:
                painter.drawImage(QPointF(rect.x(), rect.y()), self._image,
                                  QRectF(rect.x() * dpr, rect.y() * dpr,
                                         rect.width() * dpr, rect.height() * dpr))
            finally:
                painter.end()
            self.copied_paints += 1
            return
        generation = self._generation
        super().paintEvent(event)
        self.cell_paints += 1
        self._image = None
        region = event.region()
        # kept only when the whole viewport was painted, with nothing changed meanwhile
        if (region.rectCount() == 1 and region.boundingRect() == viewport.rect()
                and self._generation == generation
                and self.state() == QAbstractItemView.State.NoState):
            self._image = self._painted(viewport)
            self._image_key = key if self._image is not None else None

    def _painted(self, viewport: QWidget) -> QImage | None:
        """What this paint put on the window's backing store (None: not painting there, as
        in ``grab()``, or a backing store that is not an image)."""
        window = self.window()
        store = window.backingStore()
        image = store.paintDevice() if store is not None else None
        if not isinstance(image, QImage):
            return None
        # where this paint went: grab() and render() paint into an image of their own
        painter = QPainter(viewport)
        try:
            engine = painter.paintEngine()
            target = engine.paintDevice() if engine is not None else None
            on_screen = target is not None and (
                Shiboken.getCppPointer(target)[0] == Shiboken.getCppPointer(image)[0])
        finally:
            painter.end()
        dpr = viewport.devicePixelRatioF()
        if not on_screen or dpr != int(dpr) or image.devicePixelRatio() != dpr:
            return None
        origin = viewport.mapTo(window, QPoint(0, 0))
        area = QRect(int(origin.x() * dpr), int(origin.y() * dpr),
                     int(viewport.width() * dpr), int(viewport.height() * dpr))
        if not image.rect().contains(area):
            return None
        copy = image.copy(area)
        copy.setDevicePixelRatio(dpr)
        return copy


__all__ = ["CachedTableView"]
