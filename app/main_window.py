"""MainWindow: the panes in docks grouped into task views, menus, status.

A pane is built when its dock first comes into sight or code asks for it
(:meth:`MainWindow.pane`, ``app.lazy_panes``): opening, restarting and switching the
language build the shown view's panes only. View ▸ Language rebuilds the window around
the same session (:func:`switch_language`), a step per event-loop turn while the old window
stays in sight (``MainWindow(staged=True)``).

Composition only (STYLE.md section 12.1): every behaviour lives in a pane, the
session, the selection model, ``file_actions``, ``views`` (task views and their
layouts) or ``session_store`` (what a restart brings back). This is the one
place that touches ``QSettings`` (layouts, recent files, options, the session).
"""

from __future__ import annotations

import gc
import itertools
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QTableView,
    QToolBar,
    QWidget,
)

from . import disposal, file_actions, help_text, i18n, resources
from .analysis_docks import add_analysis_docks
from .lazy_panes import PaneSlot, recording, replay, staging, steps_of
from .pane_support import catch_up_when_seen
from .panes.builder_pane import BuilderPane
from .panes.corpus_pane import CorpusPane
from .panes.decode_pane import DecodePane
from .panes.encoding_pane import EncodingPane
from .panes.groupings_pane import GroupingsPane
from .panes.lessons_pane import LessonsPane
from .panes.merges_pane import MergesPane
from .panes.offsets_pane import OffsetsPane
from .panes.tokenizers_pane import TokenizersPane
from .panes.training_pane import TrainingPane
from .panes.vocab_pane import VocabPane
from .selection import Selection, SelectionModel
from .session import Session
from .session_store import SessionRestore, TokenizerStore, build_manifest, data_dir
from .training_service import TrainingService, retrain_kind
from .undo import UndoHistory
from .views import LAYOUT_VERSION, ViewManager
from .widgets.copy_actions import install_table_copy
from .widgets.help_dialog import HelpDialog
from .widgets.numbers import show_thousands
from .widgets.open_options import ask_open_options
from .workers import WorkerHandle

MAX_RECENT = 8
_DONE = object()  # what next() gives once a construction has no step left
#: Seconds closing waits for trained tokenizers still being written in the pool; the
#: rest are then written on the GUI thread: the user's tokenizers are never lost.
STORE_WAIT_S = 10.0
#: The window must fit a 1366x768 laptop screen (with a panel and a title bar).
MAX_MINIMUM_HEIGHT = 700


class MainWindow(QMainWindow):
    """The explorer window: every pane in a dock, one task view shown at a time."""

    def __init__(self, session: Session, selection: SelectionModel,
                 settings: QSettings | None = None, parent: QWidget | None = None,
                 staged: bool = False) -> None:
        """``staged``: build the window a step per event-loop turn (:meth:`_construct`) from
        the next one on; else all at once. View ▸ Language builds its new window so (its
        one-turn construction was 60-95 ms of frozen window in issue 20's heavy session)."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("Subword Explorer"))
        self.setAcceptDrops(True)
        self.session = session
        self.selection = selection
        self.settings = settings if settings is not None else QSettings()
        self._train_after_load = False
        self._restore_handle: SessionRestore | None = None
        self._start_pending = False  # start() comes in the next event-loop turn (start_soon)
        self._shut_down = False
        self._current_expected = False
        # trained tokenizers are written into the data folder in the pool, as they come
        self._tokenizer_store = TokenizerStore(self, data_dir())
        self._tokenizer_store.written.connect(self._on_tokenizer_stored)
        self._tokenizer_store.failed.connect(self._on_tokenizer_store_failed)
        self._pending_compare: list[str] = []
        self._pending_current = ""

        self._panes: dict[str, QWidget] = {}
        self._factories: dict[str, Callable[[], QWidget]] = {}
        self._building: set[str] = set()
        # the panes being built a step at a time (_build_step); those made, not yet in a dock
        self._constructions: dict[str, Iterator[None]] = {}
        self._made: dict[str, QWidget] = {}
        # panes that came into sight, built one step per event-loop turn (_build_soon)
        self._build_queue: list[str] = []
        # a single shot started again after each step, never a repeating 0 ms timer: see
        # _on_step_timeout
        self._build_timer = QTimer(self, singleShot=True, interval=0, objectName="paneBuildTimer")
        self._build_timer.timeout.connect(self._on_build_timeout)
        # what a pane not built yet is given when it is (training options, the long text's
        # settings, the compare list of a restored session)
        self._saved_training: dict[str, Any] = {}
        self._saved_long_text: dict[str, Any] = {}
        self._compare_list: list[str] = []
        self.docks: dict[str, QDockWidget] = {}

        # the rest of the window, a step per turn when staged (then_run adds steps after it)
        self._steps: Iterator[None] | None = self._construct()
        self._stepping = False
        self._step_timer = QTimer(self, singleShot=True, interval=0,
                                  objectName="constructionStepTimer")
        self._step_timer.timeout.connect(self._on_step_timeout)
        if staged:
            self._step_timer.start()  # the first step too: the turn that asked has its own work
        else:
            self.finish_construction()

    # -- construction, a step per event-loop turn when staged ------------------------------------
    def _construct(self) -> Iterator[None]:
        """The window's parts, one ``yield`` after each step (each 5-20 ms of CPU on a quiet
        machine; the order is the one the parts need)."""
        session, selection = self.session, self.selection
        #: the session's trainings, for the Train and the Build view alike
        self.training = TrainingService(session, self)
        # 1. a dock per pane; each pane is built when first seen or asked for (app.lazy_panes)
        placeholder = QWidget(objectName="centralPlaceholder")
        self.setCentralWidget(placeholder)
        placeholder.hide()
        for key, title, factory in (
                ("corpus", self.tr("Corpus"), self._make_corpus_pane),
                ("training", self.tr("Training"), self._make_training_pane),
                ("encoding", self.tr("Encoding"), lambda: EncodingPane(session, selection)),
                ("offsets", self.tr("Offsets"), lambda: OffsetsPane(session, selection)),
                ("groupings", self.tr("Groupings"), lambda: GroupingsPane(session, selection)),
                ("merges", self.tr("Merge history"), lambda: MergesPane(session, selection)),
                ("lessons", self.tr("Lessons"), lambda: LessonsPane(session, selection)),
                ("vocab", self.tr("Vocabulary"), lambda: VocabPane(session, selection)),
                ("decode", self.tr("Ids ↔ text"), lambda: DecodePane(session, selection)),
                ("builder", self.tr("Build"), self._make_builder_pane)):
            self.add_pane_dock(key, title, factory)
        yield
        self.analysis_docks = add_analysis_docks(self, session, selection)
        self.views = ViewManager(self, self.docks)
        yield

        # 2. bars, menus, status bar
        self._build_view_bar()
        toolbar = QToolBar(self.tr("Tokenizers"), objectName="tokenizersToolBar")
        self.tokenizers_pane = TokenizersPane(session, selection)
        # the tokenizer bar takes the rest of the row (its info label is cut, not the window widened)
        self.tokenizers_pane.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        toolbar.addWidget(self.tokenizers_pane)
        # a row of its own: beside seven view buttons it pushed the last ones into a "»" menu
        self.addToolBarBreak()
        self.addToolBar(toolbar)
        yield
        self._build_hint_bar()
        # the corpus pane loads corpora and keeps the one a load replaced: always built
        self.undo = UndoHistory(session, self.corpus_pane, self)
        yield
        self._build_menus()
        self.tokenizer_label = QLabel("", objectName="statusTokenizer")
        self.statusBar().addPermanentWidget(self.tokenizer_label)
        session.message.connect(self._on_session_message)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.tokenizers_changed.connect(self._on_session_tokenizers_changed)
        session.text_changed.connect(self._on_session_text_changed)
        self.views.changed.connect(self._on_view_changed)
        self.tokenizers_pane.retrain_requested.connect(self.retrain_current)
        self._give_table_copy(self.tokenizers_pane)
        yield

        # 3. size for this screen, then the user's saved layouts and options
        self._fit_to_screen()
        self._restore_settings()

    @property
    def constructed(self) -> bool:
        """False while a staged construction has steps left (:meth:`finish_construction`)."""
        return self._steps is None

    def then_run(self, steps: Iterator[None]) -> None:
        """Run ``steps`` (one per event-loop turn) after the construction's; now if the
        window is complete."""
        if self._steps is None:
            for _ in steps:
                pass
        else:
            self._steps = itertools.chain(self._steps, steps)

    def finish_construction(self) -> None:
        """Run the construction steps left, now."""
        self._step_timer.stop()
        while self._steps is not None:
            self._next_step()

    @Slot()
    def _on_step_timeout(self) -> None:
        self._next_step()
        if self._steps is not None:
            # subtle: started again after the step, not a repeating 0 ms timer. Qt sets a
            # repeating timer's next timeout before calling it, to the time the timers were
            # looked at: every step was then due before any other timer, and in issue 20's
            # heavy session three pane-building steps and the window's first paint ran with
            # no other timer (nor input) between them, 240 ms. Started now, the next step is
            # due after the timers that came due during this one.
            self._step_timer.start()

    def _next_step(self) -> None:
        steps = self._steps
        if steps is None or self._stepping:
            self._step_timer.stop()
            return
        self._stepping = True
        try:
            done = next(steps, _DONE) is _DONE
        except BaseException:
            self._steps = None  # a step that failed is not run again
            self._step_timer.stop()
            raise
        finally:
            self._stepping = False
        if done:
            self._steps = None
            self._step_timer.stop()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if self._steps is not None and not self._stepping:
            self.finish_construction()  # shown before its staged construction was over
        super().showEvent(event)

    def __getattr__(self, name: str) -> Any:
        # subtle: a part a later construction step makes, asked for by code outside the steps
        # (a test, a signal): the construction is finished now, so every caller sees a whole
        # window. Private names never finish it (pool_for's getattr(window, "_process_pool")).
        state = self.__dict__
        if (not name.startswith("_") and state.get("_steps") is not None
                and not state.get("_stepping")):
            self.finish_construction()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- panes, built when first needed --------------------------------------------------------
    def add_pane_dock(self, key: str, title: str, factory: Callable[[], QWidget],
                      area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea
                      ) -> QDockWidget:
        """A dock for the pane ``factory()`` makes, built when the dock first comes into sight
        or :meth:`pane` asks for it (``analysis_docks`` adds its four panes this way)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{key}PaneDock")  # the names saved layouts know the docks by
        dock.setWidget(PaneSlot(key, self.pane))
        self.addDockWidget(area, dock)
        dock.visibilityChanged.connect(lambda seen, k=key: seen and self._build_soon(k))
        self._factories[key] = factory
        self.docks[key] = dock
        return dock

    def pane(self, key: str) -> QWidget:
        """The pane of dock ``key``, built (or its building finished) now if it is not yet."""
        pane = self._panes.get(key)
        if pane is not None:
            return pane
        if self._steps is not None and not self._stepping:
            self.finish_construction()  # asked for by code outside a staged construction
        while not self._build_step(key):
            pass
        return self._panes[key]

    def _build_step(self, key: str) -> bool:
        """Run the next step of building pane ``key`` (:meth:`_construction`); True once the
        pane is in its dock."""
        if key in self._building:
            raise RuntimeError(f"the {key} pane asked for itself while being built")
        construction = self._constructions.get(key)
        if construction is None:
            construction = self._constructions[key] = self._construction(key)
        self._building.add(key)
        try:
            done = next(construction, _DONE) is _DONE
        except BaseException:
            del self._constructions[key]  # asked again, the pane is made afresh
            raise
        finally:
            self._building.discard(key)
        if done:
            del self._constructions[key]
        return done

    def _construction(self, key: str) -> Iterator[None]:
        """Pane ``key`` built a step at a time (one per ``next()``): made by its factory; then
        its own steps, if it builds in steps (``lazy_panes.build_in_steps``); then it hears
        the session's state and goes in its dock.

        Each step notes what the pane connects to the session and the selection, so that
        the state is told to those slots only (``lazy_panes.replay``).
        """
        wiring: list[tuple[str, Any, tuple]] = []
        with recording(self.session, self.selection) as notes, staging() as held:
            pane = self._factories[key]()
        wiring += notes
        steps = steps_of(pane, held)
        if held:
            yield
        while True:
            with recording(self.session, self.selection) as notes:
                more = next(steps, _DONE) is not _DONE
            wiring += notes
            if not more:
                break
            yield
        # complete: a window closed now stops its workers too (built_panes)
        self._made[key] = pane
        # its first showing (replay, layout, catch_up) takes a turn of its own: the encoding
        # pane's making and its catching up on a 50,000-character text were 110 ms in one
        yield
        del self._made[key]
        self._panes[key] = pane
        # still parentless: a pane that waits until it is seen only notes the state
        replay(wiring, self.session, self.selection)
        dock = self.docks[key]
        dock.widget().setWidget(pane)
        catch_up_when_seen(dock, pane)
        self._give_table_copy(pane)

    def _build_soon(self, key: str) -> None:
        """Build pane ``key`` in later event-loop turns, one step of one pane per turn.

        A view switch built its new panes in the turn that laid the view out: 0.2-0.7 s of
        frozen window for two or three panes (issue 20's heavy session). The dock shows its
        empty slot for a turn or a few instead; code that needs the pane at once asks
        :meth:`pane`.
        """
        if self._shut_down:  # a window replaced or closing: it builds nothing more
            return
        if key not in self._panes and key not in self._build_queue:
            self._build_queue.append(key)
            self._build_timer.start()  # a 0 ms timer: after the events already waiting

    @Slot()
    def _on_build_timeout(self) -> None:
        self._build_next()
        if self._build_queue:
            self._build_timer.start()  # after this step (see _on_step_timeout)

    def _build_next(self) -> None:
        while self._build_queue:
            key = self._build_queue[0]
            # a dock hidden meanwhile (another view picked) is built (on) when seen again
            if key in self._panes or self.docks[key].isHidden():
                self._build_queue.pop(0)
                continue
            if self._build_step(key):
                self._build_queue.pop(0)
            break
        if not self._build_queue:
            self._build_timer.stop()

    def built_panes(self) -> list[QWidget]:
        """The panes built so far, in their dock or about to be (the others have nothing to
        stop, save or show)."""
        return [self.tokenizers_pane, *self._panes.values(), *self._made.values()]

    def is_built(self, key: str) -> bool:
        return key in self._panes

    corpus_pane = property(lambda self: self.pane("corpus"))
    training_pane = property(lambda self: self.pane("training"))
    encoding_pane = property(lambda self: self.pane("encoding"))
    offsets_pane = property(lambda self: self.pane("offsets"))
    groupings_pane = property(lambda self: self.pane("groupings"))
    merges_pane = property(lambda self: self.pane("merges"))
    lessons_pane = property(lambda self: self.pane("lessons"))
    vocab_pane = property(lambda self: self.pane("vocab"))
    decode_pane = property(lambda self: self.pane("decode"))
    builder_pane = property(lambda self: self.pane("builder"))

    def _make_corpus_pane(self) -> CorpusPane:
        pane = CorpusPane(self.session, self.selection)
        pane.loaded.connect(self._on_corpus_loaded)
        pane.tokenizers_dropped.connect(self._on_corpus_pane_tokenizers_dropped)
        return pane

    def _make_training_pane(self) -> TrainingPane:
        pane = TrainingPane(self.session, self.selection, self.training)
        if self._saved_training:
            pane.apply_settings(self._saved_training)
        pane.retrained.connect(self._on_retrained)
        return pane

    def _make_builder_pane(self) -> QWidget:
        """The pipeline builder (Build view); it trains through the training service."""
        pane = BuilderPane(self.session, self.selection, self.training, self.settings)
        pane.compare_requested.connect(self._on_compare_requested)
        return pane

    def compare_pane_made(self, pane: Any) -> Any:
        """A new compare pane gets the list a restore or an earlier window left."""
        if self._compare_list:
            pane.set_compared(self._compare_list)
        return pane

    def windows_pane_made(self, pane: Any) -> Any:
        if self._saved_long_text:
            pane.apply_saved_settings(self._saved_long_text)
        return pane

    def _give_table_copy(self, root: QWidget) -> None:
        """Ctrl+C and a copy menu on every table that has no menu of its own yet; counts
        with thousands separators in every table."""
        for view in root.findChildren(QTableView):
            if view.contextMenuPolicy() != Qt.ContextMenuPolicy.CustomContextMenu:
                install_table_copy(view)
            show_thousands(view)

    def _build_front_panes(self, key: str) -> None:
        """Queue the panes view ``key`` shows in front (a tab behind waits to be picked)."""
        view = next((v for v in self.views.views if v.key == key), None)
        if view is None:
            return
        for _, groups in view.columns:
            for _, keys in groups:
                if not self.docks[keys[0]].isHidden():
                    self._build_soon(keys[0])

    # -- the compare list, kept here while the compare pane is not built ------------------------
    def compared_names(self) -> list[str]:
        if self.is_built("compare"):
            return list(self.analysis_docks.compare.compared_names())
        return list(self._compare_list)

    def set_compared(self, names: list[str]) -> None:
        if self.is_built("compare"):
            self.analysis_docks.compare.set_compared(list(names))
        else:
            self._compare_list = list(names)

    @Slot(list)
    def _on_compare_requested(self, names: list) -> None:
        self.set_compared(list(names))
        self.show_view("compare")

    def _build_view_bar(self) -> None:
        bar = QToolBar(self.tr("Views"), objectName="viewsToolBar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.view_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        group.setExclusive(True)
        for n, view in enumerate(self.views.views, start=1):
            action = QAction(view.shown_title(), self, checkable=True)
            action.setObjectName(f"view_{view.key}")
            # the tenth view is Ctrl+0, as the digit row goes; later ones Ctrl+Shift+1…
            key = f"Ctrl+{n % 10}" if n <= 10 else f"Ctrl+Shift+{n - 10}"
            action.setShortcut(QKeySequence(key))
            action.setToolTip(self.tr("{tip} ({key})").format(tip=view.shown_tip(), key=key))
            action.triggered.connect(lambda _=False, k=view.key: self.show_view(k))
            group.addAction(action)
            bar.addAction(action)
            self.view_actions[view.key] = action
        self.addToolBar(bar)
        self.view_bar = bar

    def _build_hint_bar(self) -> None:
        # first start only: one line that says where to begin; closed for good with "Got it"
        self.hint_bar = QToolBar(self.tr("Hint"), objectName="hintToolBar")
        self.hint_bar.setMovable(False)
        label = QLabel(help_text.first_start_hint(), objectName="firstStartHint")
        label.setContentsMargins(6, 2, 12, 2)
        self.hint_bar.addWidget(label)
        got_it = QAction(self.tr("Got it"), self, objectName="dismissHintAction")
        got_it.setToolTip(self.tr("Hide this hint (Help ▸ Views and panes has it all)"))
        got_it.triggered.connect(self._on_hint_dismissed)
        self.hint_bar.addAction(got_it)
        self.addToolBarBreak()
        self.addToolBar(self.hint_bar)
        self.hint_bar.setVisible(not self.settings.value("hintDismissed", False, type=bool))

    def _action(self, menu: QMenu, text: str, name: str, slot, shortcut=None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(self.tr("&File"))
        self.open_corpus_action = self._action(file, self.tr("Open &corpus…"), "openCorpusAction",
                                               self.corpus_pane.open_file_dialog,
                                               QKeySequence.StandardKey.Open)
        self._action(file, self.tr("Open corpus &folder…"), "openCorpusFolderAction",
                     self.corpus_pane.open_folder_dialog, "Ctrl+Shift+D")
        self.open_tokenizer_action = self._action(
            file, self.tr("Open &tokenizer…"), "openTokenizerAction", lambda: self.open_tokenizer(),
            "Ctrl+Shift+O", self.tr("tokenizer.json, SentencePiece .model, .tiktoken, vocab.json + "
                                    "merges.txt, BERT vocab.txt, subword-nmt codes or TFDS "
                                    ".subwords"))
        self._action(file, self.tr("Open tokenizer &with options…"), "openTokenizerOptionsAction",
                     self.open_tokenizer_with_options, None,
                     self.tr("Say the format, a .tiktoken file's encoding or a SentencePiece "
                             "model's pipeline instead of letting them be detected or guessed"))
        self._action(file, self.tr("Open tokenizer f&older…"), "openTokenizerFolderAction",
                     lambda: self.open_tokenizer(folder=True), "Ctrl+Shift+F",
                     self.tr("A model folder (hub cache snapshot, save_pretrained output)"))
        file.addSeparator()
        self.save_tokenizer_action = self._action(
            file, self.tr(
                "&Save tokenizer.json…"), "saveTokenizerAction", self.save_current_tokenizer,
            QKeySequence.StandardKey.Save)
        self._action(file, self.tr("Save for t&ransformers…"), "savePretrainedAction",
                     lambda: file_actions.save_pretrained(self, self.session), None,
                     self.tr("A folder that transformers.AutoTokenizer.from_pretrained loads"))
        self.save_history_action = self._action(
            file, self.tr("Save training &history…"), "saveHistoryAction",
            lambda: file_actions.save_history(self, self.session), "Ctrl+Shift+S")
        self.recent_menu = file.addMenu(self.tr("&Recent files"))
        self.recent_menu.setObjectName("recentMenu")
        file.addSeparator()
        self._action(file, self.tr(
            "&Quit"), "quitAction", self.close, QKeySequence.StandardKey.Quit)
        edit = bar.addMenu(self.tr("&Edit"))
        self.undo_action = self._action(
            edit, self.undo.text(), "undoAction", self.undo.undo, QKeySequence.StandardKey.Undo,
            self.tr("Bring back the tokenizer removed last, or the corpus a load replaced"))
        self.undo_action.setEnabled(False)
        self.undo.changed.connect(self._on_undo_changed)
        train = bar.addMenu(self.tr("&Training"))
        self._action(train, self.tr(
            "&Train"), "trainAction", lambda: self.training_pane.start_training(), "Ctrl+T")
        self._action(train, self.tr("&Cancel training"), "cancelTrainingAction",
                     self._cancel_training, "Ctrl+.")
        self.retrain_action = self._action(
            train, self.tr("&Retrain on this corpus…"), "retrainAction", self.retrain_current,
            "Ctrl+Shift+T", self.tr("Train the current tokenizer's pipeline (normalizer, "
                                    "pre-tokenizer, special tokens, post-processor) on the "
                                    "loaded corpus, then compare old and new"))
        view = bar.addMenu(self.tr("&View"))
        for action in self.view_actions.values():
            view.addAction(action)
        view.addSeparator()
        self._action(view, self.tr("&Reset layout"), "resetLayoutAction", self.views.reset,
                     tip=self.tr("Put the docks of this view back where they were at first"))
        panes = view.addMenu(self.tr("&Panes"))
        for dock in self.docks.values():
            panes.addAction(dock.toggleViewAction())
        self.language_menu = i18n.add_language_menu(
            view, i18n.language_setting(self.settings),
            lambda choice: switch_language(self, choice))
        help_menu = bar.addMenu(self.tr("&Help"))
        self._action(help_menu, self.tr("&Views and panes"), "helpAction", self._on_help_triggered,
                     QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, self.tr("&About"), "aboutAction", self._on_about_triggered)

    def _fit_to_screen(self) -> None:
        """Open at a size that suits the screen: most of it, never more than it has."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        if room is None or room.width() < 200:
            self.resize(1280, 800)
            return
        width = min(room.width(), max(1024, int(room.width() * 0.92)))
        height = min(room.height(), max(640, int(room.height() * 0.92)))
        self.resize(min(width, 1920), min(height, 1200))
        self.move(room.x() + (room.width() - self.width()) // 2,
                  room.y() + (room.height() - self.height()) // 2)

    # -- views ---------------------------------------------------------------------------------
    def show_view(self, key: str) -> None:
        self.views.show(key)

    @Slot(str)
    def _on_view_changed(self, key: str) -> None:
        self._build_front_panes(key)
        action = self.view_actions.get(key)
        if action is not None and not action.isChecked():
            action.setChecked(True)

    # -- files and recent files ----------------------------------------------------------------
    @Slot()
    def open_tokenizer(self, path: str | None = None, options: dict[str, Any] | None = None,
                       folder: bool = False) -> bool:
        # opens in a worker: remembered as a recent file once it has been added
        return file_actions.open_tokenizer(
            self, self.session, path, options=options, folder=folder,
            on_opened=lambda e: self._remember(e.source, "tokenizer", e.options.get("open")))

    @Slot()
    def open_tokenizer_with_options(self) -> bool:
        """Pick a file, then its format, tiktoken encoding or SentencePiece flavor."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open tokenizer"), "",
                                              file_actions.open_filter())
        if not path:
            return False
        options = ask_open_options(self, path)
        return options is not None and self.open_tokenizer(path, options)

    @Slot()
    def save_current_tokenizer(self) -> bool:
        entry = self.session.current
        saved = file_actions.save_tokenizer(self, self.session)
        if saved and entry is not None:
            entry.saved_path = entry.saved_path or "saved"
        return saved

    def _remember(self, path: str, kind: str, options: dict[str, Any] | None = None) -> None:
        item = f"{kind}:{path}"
        if options:
            item += "?" + json.dumps(options, sort_keys=True)
        recent = [r for r in self._recent() if r.partition("?")[0] != item.partition("?")[0]]
        self.settings.setValue("recent", [item] + recent[:MAX_RECENT - 1])
        self._fill_recent_menu()

    def _recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for item in self._recent():
            kind, _, rest = item.partition(":")
            path, _, raw_options = rest.partition("?")
            options = _json_dict(raw_options)
            shown_kind = self.tr("tokenizer") if kind == "tokenizer" else self.tr("corpus")
            label = f"{shown_kind}: {path}" + "".join(f"  [{k}={v}]" for k, v in options.items())
            action = self.recent_menu.addAction(label)
            if kind == "tokenizer":
                action.triggered.connect(lambda _=False, p=path, o=options: self.open_tokenizer(
                    p, o))
            else:
                action.triggered.connect(lambda _=False, p=path, o=options: self.load_corpus(
                    p.split("|"), o))
        self.recent_menu.setEnabled(bool(self._recent()))

    def load_corpus(self, paths: list[str], options: dict[str, Any] | None = None) -> bool:
        """Load ``paths`` with reading ``options`` (JSON field, CSV column, folder glob)."""
        return self.corpus_pane.load_paths(paths, **(options or {}))

    # -- start: the last session, or the bundled sample corpus trained at once -----------------
    def start(self) -> None:
        """Bring back the last session if there is one, else load the sample and train."""
        self._start_pending = False
        if self._shut_down:  # closed before its first turn
            return
        if not self.restore_session():
            self.load_sample()

    def start_soon(self) -> None:
        """:meth:`start` in the next event-loop turn: the turn that makes and shows the
        window does not also start the corpus load and the restore's workers (issue 20's
        heavy session, "restart: session restore"). :attr:`is_restoring` holds meanwhile."""
        self._start_pending = True
        QTimer.singleShot(0, self, self.start)

    def load_sample(self) -> None:
        paths = [p for p in resources.sample_corpora() if p.suffix == ".txt"]
        if not paths:
            self.session.notify(self.tr("No bundled sample corpus found under resources/corpora."))
            return
        if not self.session.text:
            self.session.set_text(resources.SAMPLE_TEXT)
        self._train_after_load = True
        self.corpus_pane.load_paths([str(p) for p in paths])

    @Slot(object)
    def _on_corpus_loaded(self, state) -> None:
        self._remember("|".join(state.paths), "corpus", dict(state.options))
        if self._train_after_load:
            self._train_after_load = False
            self.training_pane.training_finished.connect(self._on_first_training_finished)
            self.training_pane.start_training()

    # -- retraining: an opened tokenizer's pipeline learnt again on the loaded corpus --------
    @Slot()
    def retrain_current(self) -> bool:
        """Ask for a vocabulary size and retrain the current tokenizer on the corpus."""
        entry, corpus = self.session.current, self.session.corpus
        if entry is None or corpus is None:
            QMessageBox.warning(self, self.tr("Retrain on this corpus"),
                                self.tr("Open a tokenizer and a corpus first: retraining learns "
                                        "the tokenizer's model again on the corpus, keeping its "
                                        "pipeline."))
            return False
        if self.training.is_training():
            QMessageBox.information(self, self.tr("Retrain on this corpus"),
                                    self.tr("A training is running; wait for it or cancel it "
                                            "first."))
            return False
        if retrain_kind(entry.tokenizer) is None:
            QMessageBox.warning(self, self.tr("Cannot retrain"), self.tr(
                "{name} has a {model} model, which has no trainer: only BPE, WordPiece and "
                "Unigram models can be retrained.").format(
                    name=entry.name, model=type(entry.tokenizer.model).__name__))
            return False
        size, ok = QInputDialog.getInt(
            self, self.tr("Retrain on this corpus"),
            self.tr("Learn {name}'s model again on {corpus},\nkeeping its normalizer, "
                    "pre-tokenizer, special tokens and post-processor.\n\nVocabulary size:"
                    ).format(name=entry.name, corpus=corpus.label),
            entry.tokenizer.get_vocab_size(with_added_tokens=False), 1, 10_000_000, 1000)
        if not ok:
            return False
        started = self.training_pane.start_retraining(entry, size)
        if started:
            self.show_view("train")
        return started

    @Slot(str, str)
    def _on_retrained(self, original: str, retrained: str) -> None:
        # the course's question after retraining: how differently do old and new cut my corpus?
        self.set_compared([original, retrained])
        self.show_view("compare")

    @Slot(bool)
    def _on_first_training_finished(self, ok: bool) -> None:
        # first start: point at the longest token of the sample text, so every linked pane
        # (offsets row, merge tree, groupings) shows something at once
        self.training_pane.training_finished.disconnect(self._on_first_training_finished)
        encoding = self.session.encoding
        if ok and encoding is not None and len(encoding):
            i = max(range(len(encoding)), key=lambda k: len(encoding.tokens[k]))
            self.selection.set(Selection(span=tuple(encoding.offsets[i]),
                                         token_ids=frozenset({encoding.ids[i]}),
                                         token_index=i, origin="startup"))

    # -- session restore -----------------------------------------------------------------------
    def restore_session(self) -> bool:
        """Start bringing back the saved session (in workers); False if there is none."""
        manifest = _json_dict(self.settings.value("session", ""))
        # a lesson's tokenizer is the user's only once kept: earlier versions saved every
        # lesson's step tokenizer with the session
        records = [r for r in manifest.get("tokenizers", []) if isinstance(r, dict)
                   and not (r.get("algorithm") == "lesson"
                            and not (r.get("options") or {}).get("kept"))]
        corpus = manifest.get("corpus")
        if not records and not corpus:
            return False
        if isinstance(corpus, dict) and corpus.get("paths"):
            paths = [p for p in corpus["paths"] if Path(p).exists()]
            if paths:
                self.load_corpus(paths, corpus.get("options") or {})
            else:
                self.session.notify(self.tr("The last corpus is gone: {paths}").format(
                    paths=", ".join(corpus["paths"])))
        self._pending_current = manifest.get("current", "")
        self._pending_compare = list(manifest.get("compare") or [])
        if records:
            self.statusBar().showMessage(
                self.tr("Restoring {n} tokenizer(s)…").format(n=len(records)))
            # read in the window's process pool, handed over in the manifest's order; the
            # current one is read first, and is the only one made current (each switch
            # re-encodes the text and redraws every pane)
            names = {r.get("name") for r in records}
            self._current_expected = bool(self._pending_current) and self._pending_current in names
            self._restore_handle = SessionRestore(self, records, first=self._pending_current)
            self._restore_handle.yielded.connect(self._on_restore_yielded)
            self._restore_handle.finished.connect(self._on_restore_finished)
            self._restore_handle.start()
        return True

    @property
    def is_restoring(self) -> bool:
        """True while the saved session comes back (or is about to: :meth:`start_soon`)."""
        return self._restore_handle is not None or self._start_pending

    def is_busy(self) -> bool:
        """True while a training, a corpus load or the session restore runs."""
        return bool(self.training.is_training()
                    or self.corpus_pane.is_loading() or self.is_restoring)

    @Slot()
    def _cancel_training(self) -> None:
        self.training.cancel()

    @Slot(list)
    def _on_restore_yielded(self, batch: list) -> None:
        for restored in batch:
            if restored.entry is None:
                self.session.notify(self.tr("Could not restore {what}").format(
                    what=restored.error))
                continue
            name = restored.entry.name
            self.session.add_tokenizer(restored.entry,
                                       make_current=name == self._pending_current
                                       or (self.session.current is None
                                           and not self._current_expected))
            self.statusBar().showMessage(self.tr("Restored {name}").format(name=name), 4000)

    @Slot()
    def _on_restore_finished(self) -> None:
        if self._restore_handle is not None:
            self._restore_handle.stop()
        self._restore_handle = None
        if self._pending_current:
            self.session.set_current(self._pending_current)
        if self.session.current is None and self.session.entries:  # the current one failed
            self.session.set_current(self.session.entries[0].name)
        if self._pending_compare:
            self.set_compared(self._pending_compare)
        self._pending_compare, self._pending_current = [], ""

    @Slot()
    def _on_tokenizer_stored(self) -> None:
        # the manifest may name it now; a manifest saved mid-restore would drop the rest
        if not self.is_restoring:
            self._save_session()

    @Slot(str)
    def _on_tokenizer_store_failed(self, error: str) -> None:
        self.session.notify(
            self.tr("Could not keep the session for next time: {error}").format(error=error))

    def _save_session(self, final: bool = False) -> None:
        """Save the manifest; ``final`` (the window closes) first waits for the tokenizers
        being written, and writes any the pool has not written by then here."""
        store = self._tokenizer_store
        if final:
            store.write_all(self.session.entries)
            store.wait(STORE_WAIT_S)
        compare = self.compared_names()
        try:
            unrestored = (self._restore_handle.unhanded_records()
                          if self._restore_handle is not None else [])
            manifest = build_manifest(self.session, data_dir(), compare, self.views.current or "",
                                      store=None if final else store, unrestored=unrestored)
        except OSError as exc:
            self.session.notify(
                self.tr("Could not keep the session for next time: {error}").format(error=exc))
            return
        self.settings.setValue("session", json.dumps(manifest))

    # -- status ------------------------------------------------------------------------------
    @Slot(str)
    def _on_session_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    @Slot(str)
    def _on_session_text_changed(self, _text: str) -> None:
        # token indices and spans of the old text mean nothing in the new one
        self.selection.clear(origin="session")

    @Slot(object)
    def _on_session_tokenizer_changed(self, entry) -> None:
        # a span of the same text still means the same characters; token ids and indices do not
        span = self.selection.current.span
        self.selection.set(Selection(span=span, origin="session"))
        self.tokenizer_label.setText(self.tr("current: {name}").format(name=entry.name)
                                     if entry is not None else self.tr("no tokenizer"))
        has_history = entry is not None and entry.history is not None
        self.save_tokenizer_action.setEnabled(entry is not None)
        self.save_history_action.setEnabled(has_history)

    @Slot()
    def _on_session_tokenizers_changed(self) -> None:
        # A tokenizer just added (Llama 3: millions of objects with its merge graph) lives as
        # long as the session keeps it; frozen, the collector's full passes skip it. Those passes
        # otherwise block the window for 0.4-0.6 s when a worker resumes the collector.
        gc.freeze()
        self._tokenizer_store.write_all(self.session.entries)

    @Slot()
    def _on_undo_changed(self) -> None:
        self.undo_action.setText(self.undo.text())
        self.undo_action.setEnabled(self.undo.latest() is not None)

    @Slot()
    def _on_hint_dismissed(self) -> None:
        self.hint_bar.hide()
        self.settings.setValue("hintDismissed", True)

    @Slot()
    def _on_help_triggered(self) -> None:
        box = HelpDialog(self.tr("Subword Explorer — views and panes"), help_text.help_html(),
                         self)
        box.open()
        self._help_box = box

    @Slot()
    def _on_about_triggered(self) -> None:
        QMessageBox.about(self, self.tr("Subword Explorer"),
                          self.tr("Train, inspect and compare subword tokenizers.\n"
                                  "Everything shown is computed by subword_core."))

    # -- drag and drop: a tokenizer file opens as a tokenizer, anything else as a corpus -------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    @Slot(list)
    def _on_corpus_pane_tokenizers_dropped(self, paths: list[str]) -> None:
        for path in paths:
            self.open_tokenizer(path)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        tokenizers, corpora = file_actions.split_dropped(paths)
        for path in tokenizers:
            self.open_tokenizer(path)
        if corpora:  # the preview asks only when a field or column has to be picked
            self.corpus_pane.open_with_preview(corpora, always=False)
        event.acceptProposedAction()

    # -- persistence ---------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        s = self.settings
        if int(s.value("layoutVersion", 0)) == LAYOUT_VERSION:
            geometry = s.value("geometry")
            if isinstance(geometry, QByteArray):
                self.restoreGeometry(geometry)
            states = {}
            for view in self.views.views:
                state = s.value(f"views/{view.key}")
                if isinstance(state, QByteArray):
                    states[view.key] = state
            self.views.restore_states(states)
        training = s.value("training", {})
        if isinstance(training, dict):  # given to the training pane when it is built
            self._saved_training = training
        self._saved_long_text = _json_dict(s.value("longText", ""))
        options = _json_dict(s.value("encodeOptions", ""))
        if options:
            current = self.session.encode_options
            self.session.set_encode_options(type(current)(**{
                k: bool(options.get(k, getattr(current, k)))
                for k in ("add_special_tokens", "truncation", "padding")}))
        text = s.value("text", "")
        if isinstance(text, str) and text:
            self.session.set_text(text)
        self._fill_recent_menu()
        self._on_session_tokenizer_changed(self.session.current)
        view = _json_dict(s.value("session", "")).get("view") or s.value("view", "explore")
        self.show_view(view if view in self.view_actions else "explore")

    def save_settings(self, sync: bool = True) -> None:
        """Keep layouts, options, the text and the session in the settings; ``sync``
        writes them to disk now (closing), else QSettings does in a later turn."""
        s = self.settings
        s.setValue("layoutVersion", LAYOUT_VERSION)
        s.setValue("geometry", self.saveGeometry())
        for key, state in self.views.saved_states().items():
            s.setValue(f"views/{key}", state)
        s.setValue("view", self.views.current or "explore")
        s.setValue("training", self.training_pane.settings() if self.is_built("training")
                   else self._saved_training)
        s.setValue("longText", json.dumps(self.analysis_docks.windows.saved_settings()
                                          if self.is_built("windows") else self._saved_long_text))
        o = self.session.encode_options
        s.setValue("encodeOptions", json.dumps({"add_special_tokens": o.add_special_tokens,
                                                "truncation": o.truncation, "padding": o.padding}))
        s.setValue("text", self.session.text[:200_000])
        self._save_session(final=True)
        if sync:
            s.sync()

    def shutdown(self, handover: bool = False) -> None:
        """Stop every worker (a running QThread must never be destroyed). ``handover``: the
        session (its encoder) and the process pool go on in the window replacing this one."""
        self._shut_down = True
        self._start_pending = False
        if self._restore_handle is not None:
            self._restore_handle.stop()
            self._restore_handle = None
        self._tokenizer_store.blockSignals(True)  # a late one must not save a manifest
        self._tokenizer_store.stop()
        file_actions.stop_opening(self)
        panes = [p for p in self.built_panes() if hasattr(p, "shutdown")]
        # every pane's workers hear the abort at once, and the window waits for none of them
        # (a worker that is still running ends on its own: app.workers._Orphans)
        for handle in self.findChildren(WorkerHandle):
            handle.release()
        for pane in panes:
            pane.shutdown()
        self.training.shutdown()
        if handover:
            return
        # in a thread too: the encoder waits for its process to end, 0.15-0.5 s of a closing
        # window that no longer answered (issue 20's heavy session, "close window")
        threading.Thread(target=self.session.shutdown, name="encoderShutdown").start()
        pool = getattr(self, "_process_pool", None)
        if pool is not None:
            # after the workers that use it have stopped; in a thread: waiting for the
            # processes to end held the closing window 0.3-0.7 s
            threading.Thread(target=pool.shutdown, name="poolShutdown").start()

    def stop_building(self) -> None:
        """Build no more of this window: the panes queued (:meth:`_build_soon`) and the
        construction steps left (a window replaced before it was complete)."""
        self._build_timer.stop()
        self._build_queue.clear()
        self._step_timer.stop()
        self._steps = None

    def dispose(self, hide_now: bool = True) -> None:
        """Hide the window (now, or in the next event-loop turn) and destroy it piecewise:
        its docks one per turn (a built pane's parts each in a turn of their own), then the
        window itself (:mod:`app.disposal`). After :meth:`shutdown`; ``disposal.pending()``
        says when it is over.

        One ``deleteLater`` destroyed every pane in one event: 80-265 ms of a frozen loop
        when View ▸ Language replaced a window with its panes built (issue 20).
        """
        self.stop_building()
        for dock in self.docks.values():
            # a dock coming apart must not queue its pane to be built
            dock.visibilityChanged.disconnect()
        if hide_now:
            self.hide()
        built = [self.docks[key] for key in self._panes]
        rest = [d for key, d in self.docks.items() if key not in self._panes]
        disposal.dispose_piecewise(self, [*built, *rest], hide_first=not hide_now)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        if not self._confirm_quit():
            event.ignore()
            return
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)

    def _confirm_quit(self) -> bool:
        """Ask before quitting with trained tokenizers the user never saved to a file."""
        unsaved = [e.name for e in self.session.entries if e.unsaved]
        if not unsaved or not self.isVisible():  # a window never shown has no one to ask
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved tokenizers"),
            self.tr("{n} trained tokenizer(s) were never saved to a file: {names}.\n\n"
                    "They come back when you start the explorer again, but only File ▸ Save "
                    "gives you a tokenizer.json of your own. Quit anyway?").format(
                n=len(unsaved), names=", ".join(unsaved[:5]) + (" …" if len(unsaved) > 5 else "")),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes


def switch_language(window: MainWindow, choice: str) -> MainWindow:
    """View ▸ Language: save ``choice`` and show the interface in it; returns the window now
    shown. The same language (English chosen while the system is English) only saves it."""
    if i18n.resolve(choice) == i18n.current_language():
        window.settings.setValue(i18n.SETTINGS_KEY, choice)
        return window
    if window.is_busy() and not i18n.confirm_while_busy(window):
        action = window.findChild(QAction, f"language_{i18n.language_setting(window.settings)}")
        if action is not None:
            action.setChecked(True)
        return window
    window.settings.setValue(i18n.SETTINGS_KEY, choice)
    i18n.install(choice)
    # Qt posts a LanguageChange to every window now; the old window, replaced, would walk
    # all its widgets with it (100+ ms with a long text shown) and the new one is made
    # translated: neither needs it
    QCoreApplication.removePostedEvents(None, QEvent.Type.LanguageChange)
    return rebuild_window(window)


def rebuild_window(old: MainWindow) -> MainWindow:
    """A new window around ``old``'s session, selection and process pool, made under the
    translators installed now: every string is translated when its widget is made, so no pane
    needs code to translate itself again. The new window is built a step per event-loop turn
    (``MainWindow(staged=True)``) while ``old`` stays in sight; then ``new`` is shown and
    ``old`` hidden in the next turn and destroyed a piece per turn (:meth:`MainWindow.dispose`).
    Code that uses ``new`` meanwhile gets it finished at once (``MainWindow.__getattr__``).

    The corpus, the tokenizers, the text, the selection, the compare list, the undoable
    removals and each view's layout stay. The new window builds only the panes its view
    shows; the others are built when first seen (``MainWindow.pane``).
    """
    session, selection, settings = old.session, old.selection, old.settings
    compared = old.compared_names()
    corpus_table = old.corpus_pane.model.table if session.corpus is not None else None
    pool = getattr(old, "_process_pool", None)
    was_visible = old.isVisible()
    # layouts, geometry, the view and the panes' options: the new window reads them from
    # the same QSettings object; written to disk in a later turn (QSettings syncs itself)
    old.save_settings(sync=False)
    old.shutdown(handover=True)  # the panes' workers stop; the session's go on
    old.stop_building()
    session.setParent(None)
    selection.setParent(None)
    new = MainWindow(session, selection, settings, staged=True)
    session.setParent(new)
    selection.setParent(new)
    if pool is not None and not pool.closed:  # warm processes, not a cold start
        pool.setParent(new)
        new._process_pool = pool
    old.replacement = new  # a Python reference keeps the new window alive meanwhile
    new.then_run(_take_over(new, old, compared, corpus_table, was_visible))
    return new


def _take_over(new: MainWindow, old: MainWindow, compared: list[str], corpus_table: Any,
               was_visible: bool) -> Iterator[None]:
    """The last steps of :func:`rebuild_window`, once ``new`` is complete: what ``old`` held,
    then ``new`` shown (showing lays the whole window out: a turn of its own) and ``old``
    hidden in the next turn, then destroyed a piece per turn."""
    new.undo.carry_over(old.undo)
    new.set_compared(compared)
    if new.session.corpus is not None:
        new.corpus_pane.show_loaded(new.session.corpus, corpus_table)
    yield
    if was_visible:
        new.show()
    app = QApplication.instance()
    if app is not None:
        app._subword_window = new  # the window now; a Python reference keeps it alive
    old.__dict__.pop("replacement", None)
    old.dispose(hide_now=False)


def _json_dict(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw) if isinstance(raw, str) and raw else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


__all__ = ["MAX_MINIMUM_HEIGHT", "MainWindow", "rebuild_window", "switch_language"]
