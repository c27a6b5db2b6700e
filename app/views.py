"""Task views: whole-window dock layouts, one per task, chosen from a bar or Ctrl+1…9, 0

Every pane lives in a dock. A :class:`TaskView` names the docks one task needs
and how they are placed at first (columns of stacked groups of tabbed docks,
with relative sizes). :class:`ViewManager` switches between views: it keeps one
``QMainWindow.saveState()`` per view, so whatever the user rearranges in a view
(moved, resized, closed or floated docks) is what that view shows next time,
until View ▸ Reset layout puts back the default placement.

Composition only: no pane knows which view it is in.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QCoreApplication, QObject, Qt, QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow

#: Bump when the docks or the default layouts change: saved layouts of another version are ignored.
LAYOUT_VERSION = 9

# A column: (relative width, [(relative height, [dock keys shown as tabs]), ...])
Column = tuple[int, list[tuple[int, list[str]]]]


@dataclass(frozen=True)
class TaskView:
    """One task's docks and their default placement."""

    key: str
    title: str
    tip: str
    columns: tuple[Column, ...]

    def shown_title(self) -> str:
        """The title in the interface language (``title`` is the English source)."""
        return QCoreApplication.translate("TaskView", self.title)

    def shown_tip(self) -> str:
        """The tooltip in the interface language."""
        return QCoreApplication.translate("TaskView", self.tip)

    @property
    def docks(self) -> list[str]:
        return [k for _, groups in self.columns for _, keys in groups for k in keys]


VIEWS: tuple[TaskView, ...] = (
    TaskView("explore", QT_TRANSLATE_NOOP("TaskView", "Explore"),
             QT_TRANSLATE_NOOP("TaskView",
                               "The corpus, the text encoded as tokens with its pipeline "
                               "stages, and each token's offsets and word groupings"),
             ((26, [(100, ["corpus"])]),
              (44, [(100, ["encoding"])]),
              (30, [(100, ["offsets", "groupings"])]))),
    TaskView("train", QT_TRANSLATE_NOOP("TaskView", "Train"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Training options and live curves, and the merge history with "
                               "its replay and merge tree"),
             ((36, [(100, ["training"])]),
              (64, [(100, ["merges"])]))),
    TaskView("compare", QT_TRANSLATE_NOOP("TaskView", "Compare"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Tokenizers side by side on the same text and on the corpus"),
             ((62, [(100, ["compare"])]),
              (38, [(100, ["encoding"])]))),
    TaskView("oov", QT_TRANSLATE_NOOP("TaskView", "Unseen words"),
             QT_TRANSLATE_NOOP("TaskView",
                               "How words that the training never saw are split (held-out "
                               "retraining)"),
             ((100, [(100, ["oov"])]),)),
    TaskView("stats", QT_TRANSLATE_NOOP("TaskView", "Statistics"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Corpus-wide figures of the current tokenizer: chars per token,"
                               " token lengths, usage"),
             ((100, [(100, ["stats"])]),)),
    TaskView("vocab", QT_TRANSLATE_NOOP("TaskView", "Vocabulary"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Every token with its id, merge rank or score, lengths and "
                               "corpus frequency; ids ↔ text"),
             ((62, [(100, ["vocab"])]),
              (38, [(100, ["decode"])]))),
    TaskView("windows", QT_TRANSLATE_NOOP("TaskView", "Long text"),
             QT_TRANSLATE_NOOP("TaskView",
                               "A long text (or a question + context) cut into model windows: "
                               "max_length, stride, overflow, and each window's offsets back "
                               "into the text"),
             ((62, [(100, ["windows"])]),
              (38, [(100, ["encoding"])]))),
    TaskView("build", QT_TRANSLATE_NOOP("TaskView", "Build"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Build a tokenizer block by block: normalizers, pre-tokenizers, "
                               "model and trainer, post-processor and decoder, each stage's "
                               "output shown live; train and save it"),
             ((70, [(100, ["builder"])]),
              (30, [(100, ["training"])]))),
    TaskView("lessons", QT_TRANSLATE_NOOP("TaskView", "Lessons"),
             QT_TRANSLATE_NOOP("TaskView", "The worked examples of the course notes, step by "
                               "step: every figure computed, the notes' slips corrected, and "
                               "the encoding and merges of each step"),
             # the lesson shows its step's encoding and merges itself: the Encoding and
             # Merge history docks show the user's own text and tokenizer
             ((100, [(100, ["lessons"])]),)),
    TaskView("languages", QT_TRANSLATE_NOOP("TaskView", "Languages"),
             QT_TRANSLATE_NOOP("TaskView",
                               "What each language of a parallel corpus costs in tokens: "
                               "premium, Gini, vocabulary use, one sentence in every language, "
                               "and which merges served which language"),
             # the merge history beside it: a point or row picked here selects its merge there
             ((64, [(100, ["languages"])]),
              (36, [(100, ["merges"])]))),
    TaskView("conformance", QT_TRANSLATE_NOOP("TaskView", "Conformance"),
             QT_TRANSLATE_NOOP("TaskView",
                               "Where two implementations of one model part (the same model "
                               "opened from two files): agreement, the shortest differing "
                               "text, the stage and the first differing token"),
             ((62, [(100, ["conformance"])]),
              (38, [(100, ["encoding"])]))),
)


class ViewManager(QObject):
    """Shows one :class:`TaskView` at a time in ``window`` and remembers each view's layout."""

    changed = Signal(str)  # the key of the view now shown

    def __init__(self, window: QMainWindow, docks: dict[str, QDockWidget],
                 views: tuple[TaskView, ...] = VIEWS) -> None:
        super().__init__(window)
        self._window = window
        self._docks = docks
        self._views = {v.key: v for v in views if all(k in docks for k in v.docks)}
        self._states: dict[str, QByteArray] = {}
        self._current: str | None = None

    @property
    def views(self) -> list[TaskView]:
        return list(self._views.values())

    @property
    def current(self) -> str | None:
        return self._current

    def show(self, key: str) -> None:
        """Switch to view ``key``: its saved layout if any, else its default placement."""
        if key not in self._views:
            return
        if self._current is not None:
            self._states[self._current] = self._window.saveState(LAYOUT_VERSION)
        self._current = key
        state = self._states.get(key)
        if state is None or not self._window.restoreState(state, LAYOUT_VERSION):
            self.arrange(self._views[key])
        self.changed.emit(key)

    def reset(self) -> None:
        """Put the current view back to its default placement (View ▸ Reset layout)."""
        if self._current is not None:
            self._states.pop(self._current, None)
            self.arrange(self._views[self._current])

    def reset_all(self) -> None:
        self._states.clear()
        if self._current is not None:
            self.arrange(self._views[self._current])

    # -- persistence -------------------------------------------------------------------------
    def saved_states(self) -> dict[str, QByteArray]:
        """Every view's layout, the current one as it is now."""
        if self._current is not None:
            self._states[self._current] = self._window.saveState(LAYOUT_VERSION)
        return dict(self._states)

    def restore_states(self, states: dict[str, QByteArray]) -> None:
        self._states = {k: v for k, v in states.items()
                        if k in self._views and isinstance(v, QByteArray) and not v.isEmpty()}

    # -- default placement -----------------------------------------------------------------
    def arrange(self, view: TaskView) -> None:
        """Place ``view``'s docks in columns of stacked, tabbed groups; hide every other dock."""
        w = self._window
        # 1. hide the other docks where they are (a dock outside the layout would be missing
        #    from saveState); take this view's docks out, so no split lands in an old tab group
        wanted = set(view.docks)
        for key, dock in self._docks.items():
            if key in wanted:
                w.removeDockWidget(dock)
                dock.setFloating(False)
            else:
                dock.hide()
        # 2. column heads left to right; a column's own splits come after, since splitting a
        #    dock that already has a neighbour below would split only that dock
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        heads = [self._docks[groups[0][1][0]] for _, groups in view.columns]
        for c, head in enumerate(heads):
            if c == 0:
                w.addDockWidget(left, head)
            else:
                w.splitDockWidget(heads[c - 1], head, Qt.Orientation.Horizontal)
            head.show()
        # 3. groups top to bottom in each column, then tabs within a group (first tab in front)
        for head, (_, groups) in zip(heads, view.columns):
            above = head
            for g, (_, keys) in enumerate(groups):
                first = self._docks[keys[0]]
                if g > 0:
                    w.splitDockWidget(above, first, Qt.Orientation.Vertical)
                    first.show()
                for key in keys[1:]:
                    w.tabifyDockWidget(first, self._docks[key])
                    self._docks[key].show()
                above = first
            for _, keys in groups:
                self._docks[keys[0]].raise_()
        # 4. sizes, relative to the room there is
        self._resize(view)

    def _resize(self, view: TaskView) -> None:
        w = self._window
        central = w.centralWidget()
        width = max(400, w.width() - (central.width() if central and central.isVisible() else 0))
        height = max(300, w.height() - w.menuBar().height() - 80)
        firsts = [self._docks[groups[0][1][0]] for _, groups in view.columns]
        total_w = sum(pct for pct, _ in view.columns)
        w.resizeDocks(firsts, [width * pct // total_w for pct, _ in view.columns],
                      Qt.Orientation.Horizontal)
        for _, groups in view.columns:
            if len(groups) > 1:
                total_h = sum(pct for pct, _ in groups)
                w.resizeDocks([self._docks[keys[0]] for _, keys in groups],
                              [height * pct // total_h for pct, _ in groups],
                              Qt.Orientation.Vertical)


__all__ = ["LAYOUT_VERSION", "TaskView", "VIEWS", "ViewManager"]
