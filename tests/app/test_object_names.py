"""Object names that tests and assistive tools find widgets by are unique in the main window.

``findChild(QWidget, "latticeView")`` returns the first match: when the Unseen words pane and
the Lessons pane both named their lattice ``latticeView``, a test or a screen reader script
could reach the wrong one. Qt's own internal names (``qt_…``, a tab bar's scroll buttons) are
per widget by design and are left out.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtWidgets import QWidget

#: Names Qt gives its own child widgets (scroll area viewports, tab bar arrows, dock buttons).
QT_INTERNAL_PREFIXES = ("qt_", "ScrollLeftButton", "ScrollRightButton")


def _named(window) -> Counter:
    return Counter(w.objectName() for w in window.findChildren(QWidget)
                   if w.objectName() and not w.objectName().startswith(QT_INTERNAL_PREFIXES))


def test_object_names_are_unique_in_the_window(window):
    from app_helpers import build_every_pane

    build_every_pane(window)
    counts = _named(window)
    duplicated = {name: n for name, n in counts.items() if n > 1}
    assert duplicated == {}
    # the named views are among them, once each
    for name in ("latticeView", "lessonLatticeView", "traceView", "lessonTraceView",
                 "lessonFigures", "lessonTokenText", "lessonModelTable", "oovView",
                 "compareView", "statsView", "compareExportButton", "oovExportButton",
                 "statsExportButton"):
        assert counts[name] == 1, name


def test_the_lattice_views_are_the_panes_own(window):
    oov_lattice = window.analysis_docks.oov.trace_view.lattice_view
    lesson_lattice = window.lessons_pane.trace_view.lattice_view
    assert window.findChild(QWidget, "latticeView") is oov_lattice
    assert window.findChild(QWidget, "lessonLatticeView") is lesson_lattice
