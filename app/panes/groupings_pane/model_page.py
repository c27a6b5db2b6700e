"""ModelPage: a ``transformers`` token-classification model folder read from disk
(``subword_core.token_classification``, the optional ``ner`` extra), run in a worker on the
current text (debounced); the last folder is remembered in QSettings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSettings, QSignalBlocker, QTimer, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from subword_core.labels import STRATEGIES
from subword_core.trainers.events import StageProgress

from ...item_models import Column
from ...item_models.table_model import column_text
from ...jobs import FigureJob
from ...pane_support import in_words, out_of_sight, settled
from ...selection import Selection, SelectionModel
from ...session import Session
from ...wording import classification_note
from .shared import MODEL_MODE, make_table, select_overlapping_rows

MODEL_FOLDER_KEY = "groupings/model_folder"
#: The wait after the last keystroke before the model runs again on the text.
RERUN_DELAY_MS = 400

MODEL_GROUP_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "entity_group"), lambda g: g.label),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda g: g.word.replace("\n", "↵")),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda g: g.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda g: g.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "score"), lambda g: round(g.score, 4), align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "index"), lambda g: "" if g.index is None else g.index,
           align_right=True,
           sort_key=lambda g: g.start),
    Column(QT_TRANSLATE_NOOP("Groupings", "tokens"), lambda g: ", ".join(map(str, g.tokens)),
           context="Groupings"),
]
MODEL_TOKEN_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r.index, align_right=True, natural=True),
    Column(QT_TRANSLATE_NOOP("Columns", "token"), lambda r: r.token),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda r: r.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda r: r.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "label"), lambda r: r.label),
    Column(QT_TRANSLATE_NOOP("Columns", "score"), lambda r: round(r.score, 4), align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "sub-word"),
           lambda r: column_text("yes") if r.is_subword else ""),
]


def _load_body(folder: str):
    """Worker body: load the model folder (imports torch; seconds on a first load)."""
    from subword_core.token_classification import load_classifier

    yield StageProgress("load", 0, 1)
    return settled(load_classifier(folder))


def _classify_body(classifier: Any, text: str, strategy: str, cancel: Any):
    """Worker body: run the model on ``text`` and group its scores with ``strategy``."""
    yield StageProgress("classify", 0, 1)
    if cancel.is_set():
        return None
    return settled(classifier.classify(text, strategy))


class ModelPage(QWidget):
    """A token-classification model from a local folder, run in a worker on the current text."""

    def __init__(self, session: Session, selection: SelectionModel, pane: Any) -> None:
        super().__init__()
        self._session = session
        self._selection = selection
        self._pane = pane  # for out_of_sight
        self._classifier: Any = None
        self._result: Any = None
        self._stale = False
        self.settings = QSettings()

        self.open_button = QPushButton(self.tr("Open model folder…"),
                                       objectName="openModelButton")
        self.open_button.setToolTip(self.tr(
            "Open a transformers token-classification model folder (config.json, weights and "
            "tokenizer files); it is read from disk only, nothing is downloaded"))
        self.folder_label = QLabel("", objectName="modelFolderLabel")
        self.folder_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.strategy_combo = QComboBox(objectName="modelStrategyCombo")
        self.strategy_combo.addItems(list(STRATEGIES))
        self.strategy_combo.setCurrentText("simple")
        self.strategy_combo.setToolTip(self.tr(
            "transformers' aggregation_strategy: none = one row per token; simple = merge "
            "neighbours with the same entity; first / average / max = one label per word from "
            "its first token, the mean of its tokens' scores, or its most confident token"))
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="cancelModelButton")
        self.cancel_button.setToolTip(self.tr("Stop loading or running the model"))
        self.cancel_button.setVisible(False)
        self.busy = QProgressBar(objectName="modelBusy", minimum=0, maximum=0)
        self.busy.setTextVisible(False)
        self.busy.setMaximumHeight(10)
        self.busy.setVisible(False)
        self.hint = QLabel(self._hint_text(), objectName="modelHint")
        self.status = QLabel("", objectName="modelStatus")
        for label in (self.hint, self.status):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.groups_view, self.groups_model = make_table(
            "modelGroupsView", MODEL_GROUP_COLUMNS, self._group_tips(), self)
        self.tokens_view, self.tokens_model = make_table(
            "modelTokensView", MODEL_TOKEN_COLUMNS, self._token_tips(), self)
        self.groups_view.setToolTip(self.tr(
            "The pipeline's output (labels O dropped); select a row to select its span "
            "everywhere"))
        self.tokens_view.setToolTip(self.tr("Every token the model labelled (special tokens "
                                            "left out), with the pipeline's sub-word guess"))
        self.load_job, self.run_job = FigureJob(self), FigureJob(self)
        self.load_job.returned.connect(self._on_loaded)
        self.load_job.failed.connect(self._on_load_failed)
        self.run_job.returned.connect(self._on_classified)
        self.run_job.failed.connect(lambda text: self.status.setText(
            self.tr("Cannot run the model: {0}").format(in_words(text))))
        for job in (self.load_job, self.run_job):
            job.running_changed.connect(self._on_running_changed)
        self.timer = QTimer(self, singleShot=True, interval=RERUN_DELAY_MS)
        self.timer.timeout.connect(self.refresh)

        top = QHBoxLayout()
        top.addWidget(self.open_button)
        top.addWidget(self.folder_label, 1)
        form = QFormLayout()
        form.addRow(self.tr("Strategy"), self.strategy_combo)
        busy_row = QHBoxLayout()
        busy_row.addWidget(self.busy, 1)
        busy_row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(form)
        layout.addLayout(busy_row)
        layout.addWidget(self.hint)
        layout.addWidget(self.status)
        layout.addWidget(self.groups_view, 2)
        layout.addWidget(self.tokens_view, 3)
        # takes the room while the tables are hidden (it has no stretch: the tables win)
        layout.addStretch(0)

        self.open_button.clicked.connect(self.open_dialog)
        self.cancel_button.clicked.connect(self.cancel)
        self.strategy_combo.currentIndexChanged.connect(self.refresh)
        self.groups_view.selectionModel().selectionChanged.connect(self._on_group_selected)
        session.text_changed.connect(self._on_text_changed)
        selection.changed.connect(self._on_selection_changed)
        self._show_hint()

    def _hint_text(self) -> str:
        text = self.tr(
            "No labels yet. Open a token-classification model folder (a transformers model "
            "directory with config.json, its weights and tokenizer files; read from disk only) "
            "with Open model folder…, or pick Gold labels above and open a CoNLL/IOB or JSONL "
            "file of labelled texts.")
        from subword_core.token_classification import EXTRA_HINT, extra_available

        if not extra_available():
            text += " " + self.tr("Running a model needs the ner extra (transformers and "
                                  "torch), not installed here: {0}").format(EXTRA_HINT)
        return text

    def _group_tips(self) -> dict[str, str]:
        return {
            "entity_group": self.tr("The entity type (with strategy none: the token's label)"),
            "word": self.tr("The group's text as the pipeline gives it: its tokens decoded "
                            "(start and end give the exact text)"),
            "start": self.tr("First character of the group in the text"),
            "end": self.tr("Character after the group"),
            "score": self.tr("The mean of its tokens' or words' scores (softmax probabilities)"),
            "index": self.tr("The token's index (strategy none only)"),
            "tokens": self.tr("Indices of the model tokenizer's tokens in the group"),
        }

    def _token_tips(self) -> dict[str, str]:
        return {
            "#": self.tr("Token index in the model tokenizer's encoding"),
            "token": self.tr("The token as the vocabulary spells it"),
            "start": self.tr("First character of the token in the text"),
            "end": self.tr("Character after the token"),
            "label": self.tr("The model's most probable label for the token"),
            "score": self.tr("Its softmax probability"),
            "sub-word": self.tr("The pipeline's guess that the token continues a word (used by "
                                "first / average / max)"),
        }

    # -- loading ----------------------------------------------------------------------------------
    def last_folder(self) -> str:
        return str(self.settings.value(MODEL_FOLDER_KEY, "") or "")

    @Slot()
    def open_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Open a token-classification model folder"), self.last_folder())
        if folder:
            self.open_folder(folder)

    def open_folder(self, folder: str) -> bool:
        """Load ``folder`` in a worker; False (and a message box) without the ner extra."""
        from subword_core.token_classification import EXTRA_HINT, extra_available

        if not extra_available():
            QMessageBox.critical(self, self.tr("Cannot load the model"), self.tr(
                "A token-classification model needs the ner extra (transformers and torch): "
                "{0}").format(EXTRA_HINT))
            return False
        self.settings.setValue(MODEL_FOLDER_KEY, folder)
        self.folder_label.setText(folder)
        self.folder_label.setToolTip(folder)
        self.status.setText(self.tr("Loading the model…"))
        self.run_job.cancel()
        self.load_job.start(lambda cancel: _load_body(folder))
        return True

    @Slot(object)
    def _on_loaded(self, classifier: Any) -> None:
        self._classifier = classifier
        self.folder_label.setText(str(classifier.folder))
        self._show_hint()
        self.refresh()

    @Slot(str)
    def _on_load_failed(self, text: str) -> None:
        message = in_words(text)
        self.status.setText(self.tr("Cannot load the model: {0}").format(message))
        QMessageBox.critical(self, self.tr("Cannot load the model"), message)

    @Slot()
    def cancel(self) -> None:
        self.load_job.cancel()
        self.run_job.cancel()
        self.status.setText(self.tr("Cancelled."))

    @Slot(bool)
    def _on_running_changed(self, *_: Any) -> None:
        running = self.load_job.is_running() or self.run_job.is_running()
        self.busy.setVisible(running)
        self.cancel_button.setVisible(running)

    def _show_hint(self) -> None:
        empty = self._classifier is None
        self.hint.setVisible(empty)
        for w in (self.groups_view, self.tokens_view):
            w.setVisible(not empty)

    # -- running ----------------------------------------------------------------------------------
    @Slot(str)
    def _on_text_changed(self, *_: Any) -> None:
        if self._classifier is not None:
            self.timer.start()  # debounced: typing does not start a model run per keystroke

    @Slot()
    def refresh(self, *_: Any) -> None:
        """Run the model on the current text (deferred while the pane is out of sight)."""
        self.timer.stop()
        if self._classifier is None:
            return
        if out_of_sight(self._pane) or self._pane.mode_combo.currentIndex() != MODEL_MODE:
            self._stale = True
            return
        self._stale = False
        classifier, text = self._classifier, self._session.text
        strategy = self.strategy_combo.currentText()
        self.status.setText(self.tr("Running the model on {0} characters…").format(
            f"{len(text):,}"))
        self.run_job.start(lambda cancel: _classify_body(classifier, text, strategy, cancel))

    def catch_up(self) -> None:
        if self._stale:
            self.refresh()

    def shown(self) -> None:
        """The mode was picked: load the remembered folder once, else run on the text."""
        from subword_core.token_classification import extra_available

        folder = self.last_folder()
        if (self._classifier is None and not self.load_job.is_running() and folder
                and Path(folder, "config.json").is_file() and extra_available()):
            self.open_folder(folder)
            return
        self.refresh()

    @Slot(object)
    def _on_classified(self, result: Any) -> None:
        if result is None:
            return
        self._result = result
        with QSignalBlocker(self.groups_view.selectionModel()):
            self.groups_model.set_records(result.groups)
        self.tokens_model.set_records(result.tokens)
        status = self.tr("{0} groups, {1} tokens ({2}).").format(
            f"{len(result.groups):,}", f"{len(result.tokens):,}", result.strategy)
        if result.note:
            status += " " + classification_note(result.note)
        if result.text != self._session.text:
            status += " " + self.tr("The text has changed since; running again…")
        self.status.setText(status)

    # -- selection --------------------------------------------------------------------------------
    @Slot()
    def _on_group_selected(self, *_: Any) -> None:
        rows = self.groups_view.selectionModel().selectedRows()
        if not rows or self._result is None or self._result.text != self._session.text:
            return  # the spans are in the classified text, not the current one
        g = self.groups_model.record_at(rows[0].row())
        self._selection.set(Selection(span=(g.start, g.end), origin="groupings"))

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin == "groupings" or selection.span is None:
            return
        select_overlapping_rows(self.groups_view, self.groups_model, selection.span)

    def shutdown(self) -> None:
        self.timer.stop()
        self.load_job.stop()
        self.run_job.stop()

