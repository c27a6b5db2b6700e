"""Accessibility and keyboard navigation for the custom-painted views.

A painted view (the token text, the compare rows, the windows, the lattice) draws its
tokens itself, so Qt's accessibility layer sees one opaque widget. This module gives such a
view an accessible tree: the view is a List (or a Tree of rows) and every token (row,
window, lattice piece) is a child item with a name, a value, a description, a rectangle on
screen and its selected / focused state. Screen readers and UI tests read them through
``QAccessible.queryAccessibleInterface(view)``.

How it works in PySide6: :func:`install` registers a factory with
``QAccessible.installFactory``; for a view that mixes in :class:`TokenNavigation` it returns
an :class:`AccessibleView` (a Python ``QAccessibleWidget`` subclass), whose children are
:class:`AccessibleItem` objects (Python ``QAccessibleInterface`` subclasses). Qt calls the
Python overrides. Items are addressed by a *path*: ``(token,)`` in a one-level view,
``(row, token)`` in a two-level one.

Lifetime, subtle: Qt's accessibility cache may hold a pointer to an item (a screen reader
asks for its unique id, a focus event registers it), while Python owns the item. So an item
is never dropped while it may be in the cache: each view keeps one item per path it was
asked for and reuses it when the content changes (an item reads everything from the view
when asked, through a weak reference, so it never keeps a view alive); a module list keeps
every item. Items are deleted only through the cache (``deleteAccessibleInterface``), which
frees them and forgets every pointer to them: when their view is destroyed (its
``destroyed`` signal), at the next factory call when the view was deleted from Python (no
signal reaches Python then), and at exit for everything left, views included (Qt's cache
would otherwise delete them after the interpreter is gone, and crash).

The view itself answers the questions (what the children are, their texts and rectangles,
what a click does); it implements the ``a11y_*`` methods listed in :class:`TokenNavigation`.
The same paths drive the keyboard: Left/Right move through the tokens in reading order,
Up/Down to the nearest token on the line above/below, Home/End to the first/last one,
Enter/Space do what a click does (the pane turns it into a selection). The focused token
gets a focus ring while the view has the keyboard focus.
"""

from __future__ import annotations

import atexit
import functools
import weakref
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (QAccessible, QAccessibleEvent, QAccessibleInterface, QPainter, QPen,
                           QWindow)
from PySide6.QtWidgets import QAccessibleWidget, QScrollArea, QWidget

Path = tuple[int, ...]

#: Up/Down look for the nearest token this many stops before/after the focused one (a line
#: of a wrapped view holds fewer), so a key press costs the same in a 50k-token text.
LINE_SEARCH = 300

_installed = False
#: Every interface made here that may still be alive (see "Lifetime" above).
_made: list[QAccessibleInterface] = []


def token_name(shown: str, token_id: int, start: int, end: int) -> str:
    """The accessible name of a token (read by screen readers): readable form, id, offsets."""
    return QCoreApplication.translate("Accessible", "{token}, id {id}, characters {start}–{end}") \
        .format(token=shown, id=token_id, start=start, end=end)


def install() -> None:
    """Register the factory that gives painted views their accessible tree (once)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        # before Python goes away: Qt's cache would delete our interfaces after it otherwise
        atexit.register(release_all)
        _installed = True


def _factory(_key: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, TokenNavigation) and isinstance(obj, QWidget):
        _sweep()
        view = AccessibleView(obj)
        _made.append(view)
        return view
    return None


def _delete(iface: QAccessibleInterface) -> None:
    # through the cache: it deletes the interface and forgets every pointer to it
    if shiboken6.isValid(iface):
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(iface))


def _release_items(items: dict[Path, AccessibleItem], *_args: Any) -> None:
    for item in items.values():
        _delete(item)
    items.clear()


def _sweep() -> None:
    """Forget interfaces Qt deleted, delete items whose view is gone (a view deleted from
    Python does not get its ``destroyed`` signal to Python)."""
    keep = []
    for iface in _made:
        if not shiboken6.isValid(iface):
            continue
        if isinstance(iface, AccessibleItem) and not _alive(iface._view):
            _delete(iface)
            continue
        keep.append(iface)
    _made[:] = keep


def release_all() -> None:
    """Delete every interface made here (at exit, while Python can still run their code)."""
    for iface in reversed(_made):
        _delete(iface)
    _made.clear()


def _alive(view: Any) -> bool:
    return view is not None and shiboken6.isValid(view)


def _valid_path(view: Any, path: Path) -> bool:
    return all(0 <= path[k] < view.a11y_count(path[:k]) for k in range(len(path)))


def _item(view: Any, path: Path) -> AccessibleItem:
    items = view._a11y_items
    item = items.get(path)
    if item is None:
        item = items[path] = AccessibleItem(view, path)
        _made.append(item)
    return item


def _state(view: Any, path: Path) -> QAccessible.State:
    state = QAccessible.State()
    state.focusable = state.selectable = True
    state.focused = view.hasFocus() and view.focus_path == path
    state.selected = bool(view.a11y_selected(path))
    rect = view.a11y_rect(path)
    state.invisible = rect is None
    state.offscreen = rect is not None and not view.visibleRegion().intersects(rect.toRect())
    return state


def _global_rect(view: QWidget, rect: QRectF | None) -> QRect:
    if rect is None:
        return QRect()
    r = rect.toAlignedRect()
    return QRect(view.mapToGlobal(r.topLeft()), r.size())


class AccessibleItem(QAccessibleInterface):
    """One token (row, window, piece) of a painted view, at ``path``."""

    def __init__(self, view: Any, path: Path) -> None:
        super().__init__()
        self._view_ref = weakref.ref(view)  # never keeps a view alive
        self.path = path

    @property
    def _view(self) -> Any:
        return self._view_ref()

    def isValid(self) -> bool:  # noqa: N802 - Qt names
        return _alive(self._view) and _valid_path(self._view, self.path)

    def object(self) -> QObject | None:
        return None

    def window(self) -> QWindow | None:
        return self._view.window().windowHandle() if _alive(self._view) else None

    def parent(self) -> QAccessibleInterface | None:
        if not _alive(self._view):
            return None
        if len(self.path) == 1:
            return QAccessible.queryAccessibleInterface(self._view)
        return _item(self._view, self.path[:-1])

    def childCount(self) -> int:  # noqa: N802
        return self._view.a11y_count(self.path) if self.isValid() else 0

    def child(self, index: int) -> QAccessibleInterface | None:
        if 0 <= index < self.childCount():
            return _item(self._view, (*self.path, index))
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, AccessibleItem) and child.path[:-1] == self.path:
            return child.path[-1]
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # noqa: N802
        for k in range(self.childCount()):
            if self.child(k).rect().contains(x, y):
                return self.child(k)
        return None

    def text(self, kind: QAccessible.Text) -> str:
        if not self.isValid():
            return ""
        name, value, description = self._view.a11y_texts(self.path)
        return {QAccessible.Text.Name: name, QAccessible.Text.Value: value,
                QAccessible.Text.Description: description}.get(kind, "")

    def setText(self, _kind: QAccessible.Text, _text: str) -> None:  # noqa: N802
        pass  # read-only

    def rect(self) -> QRect:
        return _global_rect(self._view, self._view.a11y_rect(self.path)) if self.isValid() \
            else QRect()

    def role(self) -> QAccessible.Role:
        return self._view.a11y_role(self.path) if _alive(self._view) \
            else QAccessible.Role.NoRole

    def state(self) -> QAccessible.State:
        if not self.isValid():
            state = QAccessible.State()
            state.invalid = True
            return state
        return _state(self._view, self.path)


class AccessibleView(QAccessibleWidget):
    """The view itself: role, name and description, and its token items as children."""

    def __init__(self, view: Any) -> None:
        super().__init__(view, view.a11y_role(()), "")
        self._view_ref = weakref.ref(view)

    @property
    def _view(self) -> Any:
        return self._view_ref()

    def childCount(self) -> int:  # noqa: N802 - Qt names
        return self._view.a11y_count(()) if _alive(self._view) else 0

    def child(self, index: int) -> QAccessibleInterface | None:
        if 0 <= index < self.childCount():
            return _item(self._view, (index,))
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, AccessibleItem) and len(child.path) == 1:
            return child.path[0]
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # noqa: N802
        if not _alive(self._view):
            return None
        path = self._view.a11y_path_at(QPointF(self._view.mapFromGlobal(QRect(x, y, 1, 1)
                                                                         .topLeft())))
        return _item(self._view, path[:1]) if path else None

    def focusChild(self) -> QAccessibleInterface | None:  # noqa: N802
        path = self._view.focus_path if _alive(self._view) else None
        return _item(self._view, path) if path else None

    def text(self, kind: QAccessible.Text) -> str:
        view = self._view
        if _alive(view) and kind == QAccessible.Text.Name:
            return view.accessibleName() or view.a11y_texts(())[0]
        if _alive(view) and kind == QAccessible.Text.Value:
            return view.a11y_texts(())[1]
        if _alive(view) and kind == QAccessible.Text.Description:
            return view.accessibleDescription() or view.a11y_texts(())[2]
        return super().text(kind)


def paint_focus_ring(painter: QPainter, rect: QRectF, widget: QWidget) -> None:
    """The keyboard focus ring around a token: two pixels of the palette's highlight."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(widget.palette().highlight().color(), 2.0))
    # outside the token's box: a selected token's outline stays visible inside the ring
    painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 5, 5)
    painter.setPen(QPen(widget.palette().base().color(), 1.0, Qt.PenStyle.DotLine))
    painter.drawRoundedRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5), 3, 3)
    painter.restore()


def scroll_into_view(widget: QWidget, rect: QRectF) -> None:
    """Scroll the nearest enclosing QScrollArea so that ``rect`` (widget coordinates) shows."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea) and parent.widget() is not None and \
                (parent.widget() is widget or parent.widget().isAncestorOf(widget)):
            centre = widget.mapTo(parent.widget(), rect.center().toPoint())
            parent.ensureVisible(centre.x(), centre.y(), int(rect.width() / 2) + 24,
                                 int(rect.height() / 2) + 24)
            return
        parent = parent.parentWidget()


def _nearest_on_line(view: Any, here: QRectF, candidates: Any, down: bool) -> Path | None:
    """The candidate on the nearest line below/above ``here`` whose middle is closest in x."""
    best: tuple[float, float] | None = None
    found = None
    for path in candidates:
        rect = view.a11y_rect(path)
        if rect is None:
            continue
        dy = rect.center().y() - here.center().y()
        if (dy <= here.height() / 2) if down else (dy >= -here.height() / 2):
            continue  # the same line, or the wrong way
        key = (round(abs(dy)), abs(rect.center().x() - here.center().x()))
        if best is None or key < best:
            best, found = key, path
    return found


class TokenNavigation:
    """Mix in before QWidget: keyboard focus over the tokens, and the accessible tree.

    The view calls :meth:`init_navigation` in ``__init__``, :meth:`navigation_changed` when
    its content changes, :meth:`handle_navigation_key` from ``keyPressEvent`` and
    :meth:`focus_ring_rect` when painting. It implements:

    - ``a11y_count(path) -> int``: children under ``path`` (``()`` is the view);
    - ``a11y_texts(path) -> (name, value, description)``;
    - ``a11y_role(path) -> QAccessible.Role``;
    - ``a11y_rect(path) -> QRectF | None``: where it is drawn (widget coordinates);
    - ``a11y_selected(path) -> bool``;
    - ``a11y_stops() -> list[path]``: the tokens the keyboard visits, in reading order;
    - ``a11y_activate(path)``: what a click on it does;
    - ``a11y_path_at(QPointF) -> path | None``: hit testing.
    """

    def init_navigation(self) -> None:
        """Set up the focus state; the view becomes reachable with Tab."""
        install()
        self._a11y_focus: Path | None = None
        self._a11y_items: dict[Path, AccessibleItem] = {}
        self._a11y_stops: list[Path] | None = None
        self._a11y_stop_at: dict[Path, int] = {}
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.destroyed.connect(functools.partial(_release_items, self._a11y_items))

    @property
    def focus_path(self) -> Path | None:
        """The token that has the keyboard focus (None: none yet)."""
        return self._a11y_focus

    def stops(self) -> list[Path]:
        """The tokens the keyboard visits, in reading order (cached until the content changes)."""
        if self._a11y_stops is None:
            self._a11y_stops = list(self.a11y_stops())
            self._a11y_stop_at = {path: k for k, path in enumerate(self._a11y_stops)}
        return self._a11y_stops

    def is_stop(self, path: Path) -> bool:
        """Whether the keyboard visits ``path`` (a run of identical chips is visited once)."""
        self.stops()
        return path in self._a11y_stop_at

    def navigation_changed(self, keep: bool = False) -> None:
        """The content changed: forget the stops (and the focus, unless ``keep``); tell ATs."""
        self._a11y_stops = None
        if not keep or (self._a11y_focus is not None
                        and not _valid_path(self, self._a11y_focus)):
            self._a11y_focus = None
        QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.ObjectReorder))

    def set_focus_path(self, path: Path | None, scroll: bool = True) -> None:
        """Move the keyboard focus to ``path``: repaint, scroll to it, tell assistive tools."""
        if path == self._a11y_focus:
            return
        self._a11y_focus = path
        self.update_focus_ring()
        if path is None:
            return
        rect = self.a11y_rect(path)
        if scroll and rect is not None:
            self.scroll_to(path, rect)
        if self.hasFocus():
            event = QAccessibleEvent(_item(self, path), QAccessible.Event.Focus)
            QAccessible.updateAccessibility(event)

    def line_candidates(self, at: int) -> Any:
        """Where Up/Down look from stop ``at``: the stops around it in the reading order."""
        stops = self.stops()
        return (stops[k] for k in range(max(0, at - LINE_SEARCH),
                                        min(len(stops), at + LINE_SEARCH)) if k != at)

    def selection_changed(self) -> None:
        """Tell assistive tools that the selected tokens changed."""
        QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.Selection))

    def update_focus_ring(self) -> None:
        """Repaint (the ring moved); a view drawn on a viewport repaints that."""
        self.update()

    def scroll_to(self, path: Path, rect: QRectF) -> None:
        """Keep token ``path`` (drawn at ``rect``) in sight: the enclosing QScrollArea scrolls."""
        scroll_into_view(self, rect)

    def focus_ring_rect(self) -> QRectF | None:
        """Where to draw the focus ring now (None: no keyboard focus or nothing focused)."""
        if not self.hasFocus() or self._a11y_focus is None:
            return None
        return self.a11y_rect(self._a11y_focus)

    def handle_navigation_key(self, event: Any) -> bool:
        """Move through the tokens (arrows, Home, End) or activate one (Enter, Space)."""
        stops = self.stops()
        if not stops:
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False  # Ctrl+C, Shift+arrows…: the view's own keys
        key, focus = event.key(), self._a11y_focus
        at = self._a11y_stop_at.get(focus) if focus is not None else None
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if focus is None:
                return False
            self.a11y_activate(focus)
            self.selection_changed()
            return True
        if key == Qt.Key.Key_Home:
            target: Path | None = stops[0]
        elif key == Qt.Key.Key_End:
            target = stops[-1]
        elif key == Qt.Key.Key_Right:
            target = stops[0] if at is None else stops[min(at + 1, len(stops) - 1)]
        elif key == Qt.Key.Key_Left:
            target = stops[0] if at is None else stops[max(at - 1, 0)]
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            here = self.a11y_rect(focus) if at is not None else None
            target = stops[0] if here is None else _nearest_on_line(
                self, here, self.line_candidates(at), key == Qt.Key.Key_Down) or focus
        else:
            return False
        self.set_focus_path(target)
        return True

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if not self.handle_navigation_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        by_mouse = event.reason() == Qt.FocusReason.MouseFocusReason  # the click picks one
        if self._a11y_focus is None and self.stops() and not by_mouse:
            self.set_focus_path(self.stops()[0], scroll=False)
        elif self._a11y_focus is not None:
            QAccessible.updateAccessibility(
                QAccessibleEvent(_item(self, self._a11y_focus), QAccessible.Event.Focus))
        self.update_focus_ring()

    def focusOutEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().focusOutEvent(event)
        self.update_focus_ring()
