"""MainWindow: creates the panes, places them in docks, builds menus and the status bar.

Composition only (STYLE.md section 12.1): every behaviour lives in a pane, the
session, the selection model or ``file_actions``. This is also the one place
that touches ``QSettings`` (window layout, recent files, last training options,
last text).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt, Slot
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QMessageBox, QToolBar, QWidget

from . import file_actions, resources
from .analysis_docks import add_analysis_docks
from .panes.corpus_pane import CorpusPane
from .panes.encoding_pane import EncodingPane
from .panes.groupings_pane import GroupingsPane
from .panes.merges_pane import MergesPane
from .panes.offsets_pane import OffsetsPane
from .panes.tokenizers_pane import TokenizersPane
from .panes.training_pane import TrainingPane
from .selection import Selection, SelectionModel
from .session import Session

MAX_RECENT = 8
LAYOUT_VERSION = 2


class MainWindow(QMainWindow):
    """The explorer window: docks around the encoding pane."""

    def __init__(self, session: Session, selection: SelectionModel,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle("Subword Explorer")
        self.session = session
        self.selection = selection
        self.settings = settings if settings is not None else QSettings()
        self._train_after_load = False

        # 1. panes
        self.corpus_pane = CorpusPane(session, selection)
        self.training_pane = TrainingPane(session, selection)
        self.encoding_pane = EncodingPane(session, selection)
        self.offsets_pane = OffsetsPane(session, selection)
        self.groupings_pane = GroupingsPane(session, selection)
        self.merges_pane = MergesPane(session, selection)
        self.tokenizers_pane = TokenizersPane(session, selection)

        # 2. docks around the encoding pane
        self.setCentralWidget(self.encoding_pane)
        left, right, bottom = (Qt.DockWidgetArea.LeftDockWidgetArea,
                               Qt.DockWidgetArea.RightDockWidgetArea,
                               Qt.DockWidgetArea.BottomDockWidgetArea)
        self.docks = {
            "corpus": self._dock("Corpus", self.corpus_pane, left),
            "training": self._dock("Training", self.training_pane, left),
            "offsets": self._dock("Offsets", self.offsets_pane, right),
            "groupings": self._dock("Groupings", self.groupings_pane, right),
            "merges": self._dock("Merge history", self.merges_pane, bottom),
        }
        toolbar = QToolBar("Tokenizers", objectName="tokenizersToolBar")
        toolbar.addWidget(self.tokenizers_pane)
        self.addToolBar(toolbar)
        self.analysis_docks = add_analysis_docks(self, session, selection)

        # 3. menus, status bar, persistence
        self._build_menus()
        self.tokenizer_label = QLabel("", objectName="statusTokenizer")
        self.statusBar().addPermanentWidget(self.tokenizer_label)
        session.message.connect(self._on_session_message)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.text_changed.connect(self._on_session_text_changed)
        self.corpus_pane.loaded.connect(self._on_corpus_loaded)
        self.resize(1280, 800)
        # sensible first-start proportions for a 1280x800 screen; QSettings restores the user's
        self.resizeDocks([self.docks["corpus"], self.docks["offsets"]], [330, 400],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["corpus"], self.docks["training"]], [190, 330],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["offsets"], self.docks["groupings"], self.docks["merges"]],
                         [220, 300, 210], Qt.Orientation.Vertical)
        self._restore_settings()

    def _dock(self, title: str, pane: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{pane.objectName()}Dock")
        dock.setWidget(pane)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu: QMenu, text: str, name: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self.open_corpus_action = self._action(file, "Open &corpus…", "openCorpusAction",
                                               self.corpus_pane.open_file_dialog,
                                               QKeySequence.StandardKey.Open)
        self._action(file, "Open corpus &folder…", "openCorpusFolderAction",
                     self.corpus_pane.open_folder_dialog, "Ctrl+Shift+D")
        self.open_tokenizer_action = self._action(file, "Open &tokenizer.json…",
                                                  "openTokenizerAction", lambda: self.open_tokenizer(),
                                                  "Ctrl+Shift+O")
        self.save_tokenizer_action = self._action(
            file, "&Save tokenizer.json…", "saveTokenizerAction",
            lambda: file_actions.save_tokenizer(self, self.session), QKeySequence.StandardKey.Save)
        self.save_history_action = self._action(
            file, "Save training &history…", "saveHistoryAction",
            lambda: file_actions.save_history(self, self.session), "Ctrl+Shift+S")
        self.recent_menu = file.addMenu("&Recent files")
        self.recent_menu.setObjectName("recentMenu")
        file.addSeparator()
        self._action(file, "&Quit", "quitAction", self.close, QKeySequence.StandardKey.Quit)
        train = bar.addMenu("&Training")
        self._action(train, "&Train", "trainAction", self.training_pane.start_training, "Ctrl+T")
        self._action(train, "&Cancel training", "cancelTrainingAction",
                     self.training_pane.cancel, "Ctrl+.")
        view = bar.addMenu("&View")
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&About", "aboutAction", self._on_about_triggered)

    # -- files and recent files ----------------------------------------------------------------
    @Slot()
    def open_tokenizer(self, path: str | None = None) -> bool:
        # opens in a worker: remembered as a recent file once it has been added
        return file_actions.open_tokenizer(
            self, self.session, path, on_opened=lambda e: self._remember(e.source, "tokenizer"))

    def _remember(self, path: str, kind: str) -> None:
        recent = [r for r in self._recent() if r != f"{kind}:{path}"]
        self.settings.setValue("recent", [f"{kind}:{path}"] + recent[:MAX_RECENT - 1])
        self._fill_recent_menu()

    def _recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for item in self._recent():
            kind, _, path = item.partition(":")
            action = self.recent_menu.addAction(f"{kind}: {path}")
            if kind == "tokenizer":
                action.triggered.connect(lambda _=False, p=path: self.open_tokenizer(p))
            else:
                action.triggered.connect(lambda _=False, p=path: self.corpus_pane.load_paths(
                    p.split("|")))
        self.recent_menu.setEnabled(bool(self._recent()))

    # -- first start: load the bundled corpus and train a small tokenizer ------------------------
    def load_sample(self) -> None:
        paths = [p for p in resources.sample_corpora() if p.suffix == ".txt"]
        if not paths:
            self.session.notify("No bundled sample corpus found under resources/corpora.")
            return
        if not self.session.text:
            self.session.set_text(resources.SAMPLE_TEXT)
        self._train_after_load = True
        self.corpus_pane.load_paths([str(p) for p in paths])

    @Slot(object)
    def _on_corpus_loaded(self, state) -> None:
        self._remember("|".join(state.paths), "corpus")
        if self._train_after_load:
            self._train_after_load = False
            self.training_pane.training_finished.connect(self._on_first_training_finished)
            self.training_pane.start_training()

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
        self.tokenizer_label.setText(f"current: {entry.name}" if entry is not None else "no tokenizer")
        has_history = entry is not None and entry.history is not None
        self.save_tokenizer_action.setEnabled(entry is not None)
        self.save_history_action.setEnabled(has_history)

    @Slot()
    def _on_about_triggered(self) -> None:
        QMessageBox.about(self, "Subword Explorer",
                          "Train, inspect and compare subword tokenizers.\n"
                          "Everything shown is computed by subword_core.")

    # -- persistence ---------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        s = self.settings
        if int(s.value("layoutVersion", 0)) == LAYOUT_VERSION:
            geometry, state = s.value("geometry"), s.value("windowState")
            if isinstance(geometry, QByteArray):
                self.restoreGeometry(geometry)
            if isinstance(state, QByteArray):
                self.restoreState(state, LAYOUT_VERSION)
        training = s.value("training", {})
        if isinstance(training, dict):
            self.training_pane.apply_settings(training)
        text = s.value("text", "")
        if isinstance(text, str) and text:
            self.session.set_text(text)
        self._fill_recent_menu()
        self._on_session_tokenizer_changed(self.session.current)

    def save_settings(self) -> None:
        s = self.settings
        s.setValue("layoutVersion", LAYOUT_VERSION)
        s.setValue("geometry", self.saveGeometry())
        s.setValue("windowState", self.saveState(LAYOUT_VERSION))
        s.setValue("training", self.training_pane.settings())
        s.setValue("text", self.session.text[:20_000])
        s.sync()

    def shutdown(self) -> None:
        """Stop every worker (a running QThread must never be destroyed)."""
        for pane in (self.corpus_pane, self.training_pane, self.groupings_pane):
            pane.shutdown()
        file_actions.stop_opening(self)
        self.analysis_docks.shutdown()
        self.session.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)


__all__ = ["MainWindow"]
