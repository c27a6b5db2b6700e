"""GroupingsPane: tokens grouped back into words/entities, as token classification does.

Mode 1, *Demo: frequency as a score*: a per-token score (corpus frequency, merge
rank or Unigram log-probability, from ``analysis.token_scores``) stands in for a
two-label classifier output (LOW/HIGH) and goes through ``labels.aggregate`` with
the strategy picked (none / simple / first / average / max). It shows how the
strategies group tokens; it is *not* an entity model, and the pane says so.
Rows: entity_group, word, start, end, score, tokens; selecting one selects its
span everywhere.

Mode 2, *IOB labels*: a word-per-line IOB/CoNLL file is aligned to sub-tokens
(``labels.align_sentence``: first sub-token only or all, IOB1 or IOB2), the
token labels are regrouped into entities and compared with the originals.

Mode 3, *Gold labels*: a CoNLL/IOB or JSONL-spans file (``subword_core.analysis.gold``)
against the current tokenizer: one document's token labels, its entities with
"fragmented into N tokens" and "regrouped: exact / differs" (after trimming a
byte-level token's leading space), and the corpus-wide figures, computed in a
worker (:class:`~app.jobs.FigureJob`) and deferred while the pane is out of sight.

Mode 4, *Token-classification model (folder)*: a ``transformers`` model folder read from
disk (``subword_core.analysis.token_classification``, the optional ``ner`` extra) runs in a
worker on the current text (again, debounced, when the text changes); its entity groups and per-token
labels are shown exactly as ``TokenClassificationPipeline`` gives them for the strategy
picked. The last folder is remembered in QSettings.

Corpus token frequencies need one encode per corpus word, so they are counted in
a worker and cached per tokenizer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication, QItemSelection, QItemSelectionModel, QSettings, QSignalBlocker, Qt,
    QT_TRANSLATE_NOOP, QTimer, Slot,
)
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QHeaderView, QLabel,
    QMessageBox, QProgressBar, QPushButton, QSizePolicy, QSpinBox, QStackedWidget, QTableView,
    QVBoxLayout, QWidget,
)

from subword_core.analysis import (
    MergeGraph, available_score_sources, is_byte_level, iter_token_frequencies, token_scores,
    visible_text,
)
from subword_core.errors import SubwordError
from subword_core.analysis.gold import (
    EntityCheck, GoldFigures, LabeledDoc, align_doc, check_entities, iter_gold_figures,
)
from subword_core.analysis.labels import STRATEGIES, aggregate, align_sentence, read_conll, summarize, two_class_scores
from subword_core._util.progress import StageProgress

from .. import resources
from ..file_actions import ask_gold_path, read_gold_or_warn
from ..item_models import Column
from ..item_models.table_model import column_text
from ..item_models.analysis_columns import TippedTableModel
from ..jobs import FigureJob
from ..pane_support import (
    SightAwarePane,
    graph_of,
    graph_ready,
    in_words,
    no_generator_work,
    out_of_sight,
    settled,
)
from ..selection import Selection, SelectionModel
from ..session import Session
from ..widgets import AlignmentView
from ..workers import GeneratorWorker, WorkerHandle
from ..wording import classification_note

SOURCE_LABELS = {"frequency": QT_TRANSLATE_NOOP("Groupings", "token frequency in corpus"),
                 "merge_rank": QT_TRANSLATE_NOOP("Groupings", "merge rank"),
                 "log_prob": QT_TRANSLATE_NOOP("Groupings", "Unigram log-probability")}


def _tr(text: str) -> str:
    """``text`` in the interface language (context "Groupings": module-level words)."""
    return QCoreApplication.translate("Groupings", text)


GROUP_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "entity_group"), lambda g: g.entity_group),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda g: g.word.replace("\n", "↵")),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda g: g.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda g: g.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "score"), lambda g: round(g.score, 4), align_right=True),
    Column(QT_TRANSLATE_NOOP("Groupings", "tokens"), lambda g: ", ".join(map(str, g.tokens)),
           context="Groupings"),
]


GROUP_TIPS = {
    "entity_group": QT_TRANSLATE_NOOP(
        "Columns", "The label of the group, as a token-classification pipeline reports it: "
        "here HIGH or LOW (per-token score ≥ 0.5 or not)"),
    "word": QT_TRANSLATE_NOOP("Columns", "The text the group covers"),
    "start": QT_TRANSLATE_NOOP("Columns", "First character of the group in the text"),
    "end": QT_TRANSLATE_NOOP("Columns", "Character after the group"),
    "score": QT_TRANSLATE_NOOP(
        "Columns", "The group's score, combined from its tokens by the chosen strategy"),
    "tokens": QT_TRANSLATE_NOOP("Columns", "Indices of the tokens in the group"),
}


def _frequencies(tokenizer: Any, counts: Any):
    """Worker body: token frequencies over the corpus words (see ``settled``)."""
    return settled((yield from iter_token_frequencies(tokenizer, counts)))


# ----------------------------------------------------------------------------- gold labels
NO_LABELS_HINT = QT_TRANSLATE_NOOP(
    "Groupings",
    "No gold labels loaded. Pick a bundled sample above (resources/labeled/) or open your own "
    "file with Open…: a CoNLL/IOB file (one 'word<TAB>tag' per line, a blank line between "
    "sentences) or JSONL (one {\"text\": …, \"entities\": [{\"start\", \"end\", \"label\"}]} "
    "per line).")


def _token_rows(doc_alignment: Any) -> list[tuple]:
    a = doc_alignment
    return [(i, tok, s, e, a.words[w] if w is not None else "", label, a.text[s:e])
            for i, (tok, (s, e), w, label) in enumerate(
                zip(a.tokens, a.offsets, a.token_words, a.token_labels))]


GOLD_TOKEN_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "#"), lambda r: r[0], align_right=True, natural=True),
    Column(QT_TRANSLATE_NOOP("Columns", "token"), lambda r: r[1]),
    Column(QT_TRANSLATE_NOOP("Columns", "text"),
           lambda r: visible_text(r[6])),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda r: r[2], align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda r: r[3], align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "word"), lambda r: r[4]),
    Column(QT_TRANSLATE_NOOP("Columns", "label"), lambda r: "-100" if r[5] is None else r[5]),
]
GOLD_TOKEN_TIPS = {
    "#": QT_TRANSLATE_NOOP("Columns", "Token index in the encoding"),
    "token": QT_TRANSLATE_NOOP("Columns", "The token as the vocabulary spells it"),
    "text": QT_TRANSLATE_NOOP(
        "Columns", "The characters of the text the token covers (␣ = a space it carries)"),
    "start": QT_TRANSLATE_NOOP("Columns", "First character of the token in the text"),
    "end": QT_TRANSLATE_NOOP("Columns", "Character after the token"),
    "word": QT_TRANSLATE_NOOP(
        "Columns", "The labelled word the token belongs to (none: a special token)"),
    "label": QT_TRANSLATE_NOOP(
        "Columns", "The label the token is trained on; -100 = ignored by the loss"),
}


def _regrouped_text(c: EntityCheck) -> str:
    if c.exact:
        return QCoreApplication.translate("Groupings", "exact")
    if c.regrouped is None:
        return QCoreApplication.translate("Groupings", "differs: not found")
    return QCoreApplication.translate("Groupings", "differs: {text} ({label})").format(
        text=repr(c.regrouped.text), label=c.regrouped.label)


def _token_count(n: int) -> str:
    if n == 1:
        return QCoreApplication.translate("Groupings", "1 token")
    return QCoreApplication.translate("Groupings", "{n} tokens").format(n=n)


def _wrapping(label: QLabel) -> QLabel:
    """``label`` wraps its words and is as tall as its lines at the width it gets.

    subtle: a label's own policy says its height depends on its width; a policy set from
    scratch (Ignored, so a long note never widens the dock) drops that, and the layout then
    gives the label the height of one width and cuts the rest (the demo note at 1280x800).
    """
    label.setWordWrap(True)
    policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    label.setSizePolicy(policy)
    return label


ENTITY_COLUMNS = [
    Column(QT_TRANSLATE_NOOP("Columns", "label"), lambda c: c.entity.label),
    Column(QT_TRANSLATE_NOOP("Columns", "entity"), lambda c: c.entity.text),
    Column(QT_TRANSLATE_NOOP("Columns", "start"), lambda c: c.entity.start, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "end"), lambda c: c.entity.end, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "fragmented into"), lambda c: _token_count(c.tokens),
           sort_key=lambda c: c.tokens, align_right=True),
    Column(QT_TRANSLATE_NOOP("Columns", "regrouped"), _regrouped_text),
]
ENTITY_TIPS = {
    "label": QT_TRANSLATE_NOOP("Columns", "The gold entity type"),
    "entity": QT_TRANSLATE_NOOP("Columns", "The gold entity's text"),
    "start": QT_TRANSLATE_NOOP("Columns", "First character of the entity"),
    "end": QT_TRANSLATE_NOOP("Columns", "Character after the entity"),
    "fragmented into": QT_TRANSLATE_NOOP(
        "Columns", "How many tokens the entity covers (more than one: split)"),
    "regrouped": QT_TRANSLATE_NOOP(
        "Columns", "Whether decoding the token labels gives this entity back: exact (after "
        "trimming whitespace, e.g. a byte-level token's leading space) or differs"),
}


def figures_text(figures: GoldFigures, name: str = "") -> str:
    """The corpus-wide gold figures as one sentence."""
    values = dict(docs=f"{figures.documents:,}", entities=f"{figures.entities:,}",
                  split=f"{figures.share_split:.1%}", per=f"{figures.tokens_per_entity:.2f}",
                  exact=f"{figures.share_exact:.1%}", name=name)
    if name:
        text = QCoreApplication.translate(
            "Groupings", "Whole file with {name}: {docs} texts, {entities} entities; {split} "
            "split into several tokens, {per} tokens per entity; {exact} regrouped exactly "
            "(after trimming whitespace).")
    else:
        text = QCoreApplication.translate(
            "Groupings", "Whole file: {docs} texts, {entities} entities; {split} split into "
            "several tokens, {per} tokens per entity; {exact} regrouped exactly (after "
            "trimming whitespace).")
    return text.format(**values)


def _table(name: str, columns: list[Column], tips: dict[str, str], parent: QWidget
           ) -> tuple[QTableView, TippedTableModel]:
    model = TippedTableModel(columns, tips, parent)
    view = QTableView(objectName=name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setMinimumHeight(60)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(22)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return view, model


def select_overlapping_rows(view: QTableView, model: Any, span: tuple[int, int]) -> None:
    """Select (without signals) the rows whose ``start``–``end`` overlaps ``span`` (or, for
    an empty span, holds its position): a selection made elsewhere shown in this table."""
    s, e = span
    sel = QItemSelection()
    for row in range(model.rowCount()):
        g = model.record_at(row)
        if g.start < e and s < g.end or (s == e and g.start <= s < g.end):
            sel.select(model.index(row, 0), model.index(row, model.columnCount() - 1))
    with QSignalBlocker(view.selectionModel()):
        view.selectionModel().select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)

class GoldLabelsPage(QWidget):
    """Gold labels (CoNLL or JSONL spans) against the current tokenizer."""

    def __init__(self, session: Session, selection: SelectionModel, pane: Any) -> None:
        super().__init__()
        self._session = session
        self._selection = selection
        self._pane = pane  # for out_of_sight and the mode
        self._docs: list[LabeledDoc] = []
        self._checks: list[EntityCheck] = []
        self._doc: LabeledDoc | None = None
        self._figures: dict[tuple, GoldFigures] = {}
        self._stale = False

        self.file_combo = QComboBox(objectName="goldFileCombo")
        self.file_combo.addItem(self.tr("— no labels —"), None)
        folder = resources.resource_path("labeled")
        samples = sorted(folder.glob("*.jsonl")) + resources.labeled_samples() \
            if folder.is_dir() else []
        for path in samples:
            self.file_combo.addItem(path.name, str(path))
        self.open_button = QPushButton(self.tr("Open…"), objectName="openGoldButton")
        self.encode_button = QPushButton(self.tr("Encode it"), objectName="encodeGoldButton")
        self.encode_button.setToolTip(self.tr("Put this labelled text in the Encoding box, so "
                                              "that selecting an entity selects it in every pane"))
        self.doc_spin = QSpinBox(objectName="goldDocSpin", minimum=1, maximum=1,
                                 prefix=self.tr("text "))
        self.align_combo = QComboBox(objectName="goldAlignCombo")
        self.align_combo.addItem(self.tr("first sub-token (others -100)"), "first")
        self.align_combo.addItem(self.tr("all sub-tokens"), "all")
        for combo in (self.file_combo, self.align_combo):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.file_combo.setToolTip(self.tr(
            "The gold-labelled file: CoNLL/IOB or JSONL character spans"))
        self.open_button.setToolTip(self.tr("Open a CoNLL/IOB or JSONL file of labelled texts"))
        self.doc_spin.setToolTip(self.tr(
            "Which labelled text to show (the current text when it is one)"))
        self.align_combo.setToolTip(self.tr("Which sub-tokens of a word carry its label"))
        self.hint = QLabel(_tr(NO_LABELS_HINT), objectName="goldHint")
        self.text_label = QLabel("", objectName="goldText")
        self.figures_label = QLabel("", objectName="goldFigures")
        for label in (self.hint, self.text_label, self.figures_label):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens_view, self.tokens_model = _table(
            "goldTokensView", GOLD_TOKEN_COLUMNS, GOLD_TOKEN_TIPS, self)
        self.entities_view, self.entities_model = _table(
            "goldEntitiesView", ENTITY_COLUMNS, ENTITY_TIPS, self)
        self.job = FigureJob(self)
        self.job.returned.connect(self._on_figures_returned)
        self.job.failed.connect(lambda text: self.figures_label.setText(
            self.tr("Cannot compute the figures: {0}").format(in_words(text))))
        self.job.progress.connect(self._on_progress)

        top, options = QHBoxLayout(), QHBoxLayout()
        top.addWidget(self.file_combo, 1)
        top.addWidget(self.open_button)
        options.addWidget(self.doc_spin)
        options.addWidget(self.encode_button)
        options.addWidget(QLabel(self.tr("labels on")))
        options.addWidget(self.align_combo, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(options)
        layout.addWidget(self.hint)
        layout.addWidget(self.text_label)
        layout.addWidget(self.entities_view, 2)
        layout.addWidget(self.tokens_view, 3)
        layout.addWidget(self.figures_label)

        self.file_combo.currentIndexChanged.connect(self._on_file_changed)
        self.open_button.clicked.connect(self.open_dialog)
        self.encode_button.clicked.connect(self._encode_doc)
        self.align_combo.currentIndexChanged.connect(self.refresh)
        self.doc_spin.valueChanged.connect(self._show_doc)
        self.entities_view.selectionModel().selectionChanged.connect(self._on_entity_selected)
        session.text_changed.connect(self._on_text_changed)
        self._show_hint()

    # -- loading ----------------------------------------------------------------------------------
    @Slot()
    def open_dialog(self) -> None:
        path = ask_gold_path(self)
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Read ``path`` and show it; on a bad file show a message box and change nothing."""
        docs = read_gold_or_warn(self, path)
        if docs is None:
            return False
        index = self.file_combo.findData(path)
        if index < 0:
            self.file_combo.addItem(path, path)
            index = self.file_combo.count() - 1
        self._docs = docs  # read already: the combo's handler keeps them
        with QSignalBlocker(self.file_combo):
            self.file_combo.setCurrentIndex(index)
        self._loaded()
        return True

    @Slot()
    def _on_file_changed(self, *_: Any) -> None:
        path = self.file_combo.currentData()
        if path is None:
            self._docs = []
            self._loaded()
            return
        docs = read_gold_or_warn(self, path)
        if docs is None:
            with QSignalBlocker(self.file_combo):
                self.file_combo.setCurrentIndex(0)
        self._docs = docs or []
        self._loaded()

    def _loaded(self) -> None:
        with QSignalBlocker(self.doc_spin):
            self.doc_spin.setMaximum(max(1, len(self._docs)))
            self.doc_spin.setValue(self._matching_doc() or 1)
        self.refresh()

    def _show_hint(self) -> None:
        empty = not self._docs
        self.hint.setVisible(empty)
        for w in (self.text_label, self.entities_view, self.tokens_view, self.figures_label,
                  self.doc_spin, self.encode_button):
            w.setVisible(not empty)

    # -- showing ----------------------------------------------------------------------------------
    def _matching_doc(self) -> int | None:
        text = self._session.text
        return next((i for i, d in enumerate(self._docs, 1) if d.text == text), None)

    @Slot(str)
    def _on_text_changed(self, *_: Any) -> None:
        index = self._matching_doc()
        if index is not None and index != self.doc_spin.value():
            self.doc_spin.setValue(index)

    @Slot()
    def refresh(self, *_: Any) -> None:
        """Show the chosen text and start the corpus figures (deferred while out of sight)."""
        self._show_hint()
        if not self._docs or self._session.tokenizer is None:
            self.tokens_model.set_records([])
            self.entities_model.set_records([])
            return
        if out_of_sight(self._pane):
            self._stale = True
            return
        self._stale = False
        self._show_doc()
        self._start_figures()

    def catch_up(self) -> None:
        if self._stale:
            self.refresh()

    @Slot()
    def _show_doc(self, *_: Any) -> None:
        tokenizer = self._session.tokenizer
        if not self._docs or tokenizer is None:
            return
        doc = self._docs[min(self.doc_spin.value(), len(self._docs)) - 1]
        try:
            alignment = align_doc(doc, tokenizer, self.align_combo.currentData())
        except SubwordError as exc:
            self.text_label.setText(self.tr("Cannot encode this text: {0}").format(exc))
            return
        self._doc = doc
        self._checks = check_entities(alignment)
        self.text_label.setText(doc.text.replace("\n", "↵"))
        self.tokens_model.set_records(_token_rows(alignment))
        with QSignalBlocker(self.entities_view.selectionModel()):
            self.entities_model.set_records(self._checks)

    def _key(self) -> tuple:
        return (id(self._session.tokenizer), self.file_combo.currentData(),
                self.align_combo.currentData())

    def _start_figures(self) -> None:
        cached = self._figures.get(self._key())
        if cached is not None:
            self.figures_label.setText(figures_text(cached, self._tokenizer_name()))
            return
        docs, tokenizer, mode, key = self._docs, self._session.tokenizer, \
            self.align_combo.currentData(), self._key()
        self.figures_label.setText(self.tr("Computing the figures over the whole file…"))
        self.job.start(lambda cancel: self._figures_body(docs, tokenizer, mode, key))

    @staticmethod
    def _figures_body(docs: list, tokenizer: Any, mode: str, key: tuple):
        """Worker body: the figures, tagged with what they were computed for."""
        return key, (yield from iter_gold_figures(docs, tokenizer, mode))

    @Slot(object)
    def _on_progress(self, event: Any) -> None:
        if isinstance(event, StageProgress) and event.total:
            self.figures_label.setText(
                self.tr("Computing the figures over the whole file… {0} / {1}").format(
                    f"{event.current:,}", f"{event.total:,}"))

    @Slot(object)
    def _on_figures_returned(self, result: tuple) -> None:
        key, figures = result
        self._figures[key] = figures
        if key == self._key():
            self.figures_label.setText(figures_text(figures, self._tokenizer_name()))

    def _tokenizer_name(self) -> str:
        entry = self._session.current
        return getattr(entry, "name", "") if entry is not None else ""

    @Slot()
    def _encode_doc(self) -> None:
        if self._doc is not None:
            self._session.set_text(self._doc.text)

    @Slot()
    def _on_entity_selected(self, *_: Any) -> None:
        rows = self.entities_view.selectionModel().selectedRows()
        if not rows or self._doc is None or self._session.text != self._doc.text:
            return  # the span is in the labelled text, not the encoded one
        c = self.entities_model.record_at(rows[0].row())
        self._selection.set(Selection(span=(c.entity.start, c.entity.end), origin="groupings"))

    def shutdown(self) -> None:
        self.job.stop()


# ----------------------------------------------------------------------------- model folder
MODEL_FOLDER_KEY = "groupings/model_folder"
#: The mode combo's index of the model mode (after demo, IOB and gold labels).
MODEL_MODE = 3
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
    from subword_core.analysis.token_classification import load_classifier

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
        self.groups_view, self.groups_model = _table(
            "modelGroupsView", MODEL_GROUP_COLUMNS, self._group_tips(), self)
        self.tokens_view, self.tokens_model = _table(
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
        from subword_core.analysis.token_classification import EXTRA_HINT, extra_available

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
        from subword_core.analysis.token_classification import EXTRA_HINT, extra_available

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
        from subword_core.analysis.token_classification import extra_available

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


class GroupingsPane(SightAwarePane):
    """Aggregation strategies over per-token scores, and IOB label alignment."""

    def __init__(self, session: Session, selection: SelectionModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("groupingsPane")
        self._session = session
        self._selection = selection
        self._graph = MergeGraph()
        self._frequencies: dict[int, Any] = {}   # id(tokenizer) -> Counter
        self._handle: WorkerHandle | None = None
        self._shut_down = False
        self._pending: Any = None
        self._sentences: list = []
        self._alignments: list = []

        self.mode_combo = QComboBox(objectName="groupingsMode")
        # the order is kept (index 0 = demo, 1 = IOB) so saved states and tests still apply
        self.mode_combo.addItems([self.tr("Demo: frequency as a score"),
                                  self.tr("Align IOB labels"),
                                  self.tr("Gold labels (CoNLL / JSONL)")])
        self.mode_combo.addItem(self.tr("Token-classification model (folder)"))
        self.aggregation_combo = QComboBox(objectName="aggregationCombo")
        self.aggregation_combo.addItems(list(STRATEGIES))
        self.aggregation_combo.setCurrentText("simple")
        self.source_combo = QComboBox(objectName="scoreSourceCombo")
        self.model = TippedTableModel(GROUP_COLUMNS, GROUP_TIPS, self)
        self.view = QTableView(objectName="groupingsView")
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(2, Qt.SortOrder.AscendingOrder)  # natural order first
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setMinimumHeight(60)
        self.graph_job = FigureJob(self)
        self.graph_job.returned.connect(self._on_graph_returned)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setResizeContentsPrecision(64)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.note = _wrapping(QLabel("", objectName="groupingsNote"))
        self.iob_note = _wrapping(QLabel("", objectName="alignmentSummary"))
        self.file_combo = QComboBox(objectName="labeledFileCombo")
        for path in resources.labeled_samples():
            self.file_combo.addItem(path.name, str(path))
        self.file_combo.setCurrentIndex(max(0, self.file_combo.findText("sample_iob2.conll")))
        self.open_labels_button = QPushButton(self.tr("Open…"), objectName="openLabelsButton")
        self.align_combo = QComboBox(objectName="alignModeCombo")
        self.align_combo.addItem(self.tr("first sub-token (others -100)"), "first")
        self.align_combo.addItem(self.tr("all sub-tokens"), "all")
        self.scheme_combo = QComboBox(objectName="schemeCombo")
        self.scheme_combo.addItems(["IOB2", "IOB1"])
        for combo in (self.mode_combo, self.aggregation_combo, self.source_combo, self.file_combo,
                      self.align_combo, self.scheme_combo):
            # long item texts must not widen the dock
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.sentence_spin = QSpinBox(objectName="sentenceSpin", minimum=1, maximum=1, prefix="#")
        self.mode_combo.setToolTip(self.tr(
            "Demo: group tokens by a per-token score (not an entity model); align IOB word "
            "labels to tokens; check gold entity labels against the tokenizer; or label the "
            "text with a token-classification model from a folder"))
        self.demo_note = QLabel(self.tr(
            "Demo only, not an entity model: a per-token score (frequency, merge rank or "
            "log-probability) stands in for a classifier's output, to show how aggregation "
            "strategies group tokens. For real entities use Gold labels or a token-classification "
            "model."), objectName="demoNote")
        _wrapping(self.demo_note)
        self.gold_page = GoldLabelsPage(session, selection, self)
        self.model_page = ModelPage(session, selection, self)
        self.aggregation_combo.setToolTip(self.tr(
            "How token scores become groups (as transformers' aggregation_strategy): none = one "
            "row per token; simple = merge neighbours with the same label; first / average / "
            "max = one label per word from its first, mean or highest-scoring token"))
        self.source_combo.setToolTip(self.tr("The per-token score the strategy groups by"))
        self.view.setToolTip(self.tr("The groups; select one to select its span everywhere"))
        self.file_combo.setToolTip(self.tr("A word-per-line IOB/CoNLL file of labelled sentences"))
        self.open_labels_button.setToolTip(self.tr("Open another IOB/CoNLL file"))
        self.align_combo.setToolTip(self.tr("Which sub-tokens of a word carry its label (the "
                                            "others get -100, ignored by the loss)"))
        self.scheme_combo.setToolTip(self.tr("IOB2: every entity starts with B-; IOB1: B- only "
                                             "between two entities of the same type"))
        self.sentence_spin.setToolTip(self.tr("Which sentence of the file to show"))
        self.alignment_view = AlignmentView(self)

        agg_page, iob_page = QWidget(), QWidget()
        agg = QVBoxLayout(agg_page)
        agg.setContentsMargins(0, 0, 0, 0)
        agg.addWidget(self.demo_note)
        form = QFormLayout()
        form.addRow(self.tr("Strategy"), self.aggregation_combo)
        form.addRow(self.tr("Per-token score"), self.source_combo)
        agg.addLayout(form)
        agg.addWidget(self.view, 1)
        agg.addWidget(self.note)
        iob = QVBoxLayout(iob_page)
        iob.setContentsMargins(0, 0, 0, 0)
        # the options stack up (a form, not one row) so the pane fits a third of a laptop
        row1, row2 = QHBoxLayout(), QFormLayout()
        row1.addWidget(self.file_combo, 1)
        row1.addWidget(self.open_labels_button)
        row1.addWidget(self.sentence_spin)
        for label, w in ((self.tr("Labels on"), self.align_combo),
                         (self.tr("Scheme"), self.scheme_combo)):
            row2.addRow(label, w)
        iob.addLayout(row1)
        iob.addLayout(row2)
        iob.addWidget(self.alignment_view, 1)
        iob.addWidget(self.iob_note)
        self.stack = QStackedWidget()
        self.stack.addWidget(agg_page)
        self.stack.addWidget(iob_page)
        self.stack.addWidget(self.gold_page)
        self.stack.addWidget(self.model_page)
        layout = QVBoxLayout(self)
        layout.addWidget(self.mode_combo)
        layout.addWidget(self.stack, 1)

        self.mode_combo.currentIndexChanged.connect(self._on_mode_changed)
        self.aggregation_combo.currentTextChanged.connect(self.refresh)
        self.source_combo.currentIndexChanged.connect(self.refresh)
        self.file_combo.currentIndexChanged.connect(self._on_file_changed)
        self.open_labels_button.clicked.connect(self.open_labels_dialog)
        self.align_combo.currentIndexChanged.connect(self._realign)
        self.scheme_combo.currentIndexChanged.connect(self._realign)
        self.sentence_spin.valueChanged.connect(self._show_sentence)
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)
        session.tokenizer_changed.connect(self._on_session_tokenizer_changed)
        session.encoding_changed.connect(self.refresh)
        selection.changed.connect(self._on_selection_changed)
        self._on_session_tokenizer_changed(session.current)
        self._on_file_changed()

    # -- aggregation mode -------------------------------------------------------------------------
    @Slot(object)
    def _on_session_tokenizer_changed(self, entry: Any) -> None:
        tokenizer = entry.tokenizer if entry is not None else None
        if entry is not None and not graph_ready(entry):
            # an opened file: index its merges in a worker (a second for Llama 3), then redo this
            self.graph_job.start(lambda cancel: no_generator_work(
                lambda: settled((entry, graph_of(entry)))))
        self._graph = entry.graph if graph_ready(entry) else MergeGraph()
        with QSignalBlocker(self.source_combo):
            previous = self.source_combo.currentData()
            self.source_combo.clear()
            for source in available_score_sources(tokenizer, self._graph) if tokenizer else []:
                self.source_combo.addItem(_tr(SOURCE_LABELS[source]), source)
            index = self.source_combo.findData(previous)
            self.source_combo.setCurrentIndex(max(index, 0))
        self._realign()
        self.refresh()
        if self.mode_combo.currentIndex() == 2:
            self.gold_page.refresh()

    @Slot(object)
    def _on_graph_returned(self, result: tuple) -> None:
        if result[0] is self._session.current:
            self._on_session_tokenizer_changed(result[0])

    @Slot()
    def refresh(self, *_: Any) -> None:
        # a pane the user cannot see (another view, a tab behind) refreshes when shown: on a
        # new tokenizer it would otherwise aggregate and count frequencies for no one
        if out_of_sight(self) or self.mode_combo.currentIndex() in (2, MODEL_MODE):
            self._stale = True  # these pages show no score groups: nothing to count
            return
        self._stale = False
        tokenizer, encoding = self._session.tokenizer, self._session.encoding
        source = self.source_combo.currentData()
        if tokenizer is None or encoding is None or source is None:
            self.model.set_records([])
            return
        frequencies = None
        if source == "frequency":
            frequencies = self._frequencies.get(id(tokenizer))
            if frequencies is None:
                self._count_frequencies(tokenizer)
                self.model.set_records([])
                return
        values = token_scores(encoding, source, tokenizer=tokenizer, graph=self._graph,
                              frequencies=frequencies)
        vectors, labels = two_class_scores(values)
        groups = aggregate(self._session.text, encoding, vectors, labels,
                           self.aggregation_combo.currentText())
        with QSignalBlocker(self.view.selectionModel()):
            self.model.set_records(groups)
        self.note.setText(self.tr(
            "{n} groups. Score = {source} rescaled to [0, 1]; label HIGH when ≥ 0.5, as a "
            "2-class classifier would.").format(n=f"{len(groups):,}",
                                                source=_tr(SOURCE_LABELS[source])))

    def catch_up(self) -> None:
        """Refresh what changed while the pane was out of sight."""
        mode = self.mode_combo.currentIndex()
        if getattr(self, "_stale", False) and mode not in (2, MODEL_MODE):
            self.refresh()
        if mode == 2:
            self.gold_page.catch_up()
        if mode == MODEL_MODE:
            self.model_page.catch_up()

    def _count_frequencies(self, tokenizer: Any) -> None:
        corpus = self._session.corpus
        if self._shut_down:
            return  # the window is closing: start no new worker
        if corpus is None or self._handle is not None:
            self.note.setText(self.tr("Token frequencies need a corpus.") if corpus is None
                              else self.tr("Counting token frequencies in the corpus…"))
            return
        counts = corpus.word_counts
        worker = GeneratorWorker(lambda: _frequencies(tokenizer, counts))
        worker.returned.connect(self._on_frequencies_returned)
        worker.errored.connect(self._on_frequencies_errored)
        worker.finished.connect(self._on_frequencies_finished)
        self._pending = tokenizer
        self._handle = WorkerHandle(worker, self)
        self.note.setText(self.tr("Counting token frequencies in the corpus…"))
        self._handle.start()

    @Slot(object)
    def _on_frequencies_returned(self, freq: Any) -> None:
        self._frequencies[id(self._pending)] = freq

    @Slot(str)
    def _on_frequencies_errored(self, text: str) -> None:
        self.note.setText(self.tr("Cannot count token frequencies: {0}").format(in_words(text)))

    @Slot()
    def _on_frequencies_finished(self) -> None:
        if self._handle is not None:
            self._handle.stop()
        self._handle = None
        self.refresh()

    def shutdown(self) -> None:
        self._shut_down = True
        self.graph_job.stop()
        self.gold_page.shutdown()
        self.model_page.shutdown()
        if self._handle is not None:
            self._handle.stop()

    # -- selection linking -----------------------------------------------------------------------
    @Slot()
    def _on_view_selection_changed(self, *_: Any) -> None:
        rows = self.view.selectionModel().selectedRows()
        encoding = self._session.encoding
        if not rows or encoding is None:
            return
        group = self.model.record_at(rows[0].row())
        self._selection.set(Selection(span=(group.start, group.end),
                                      token_ids=frozenset(encoding.ids[i] for i in group.tokens),
                                      origin="groupings"))

    @Slot(object)
    def _on_selection_changed(self, selection: Selection) -> None:
        if selection.origin == "groupings" or selection.span is None:
            return
        select_overlapping_rows(self.view, self.model, selection.span)
        self.view.viewport().update()

    # -- IOB mode ---------------------------------------------------------------------------------
    @Slot(int)
    def _on_mode_changed(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        if index == 2:
            self.gold_page.refresh()
        elif index == MODEL_MODE:
            self.model_page.shown()
        else:
            self._realign() if index == 1 else self.refresh()

    @Slot()
    def open_labels_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open IOB/CoNLL file"), "",
            self.tr("CoNLL / IOB (*.conll *.iob *.txt *.tsv);;All files (*)"))
        if path:
            self.file_combo.addItem(path, path)
            self.file_combo.setCurrentIndex(self.file_combo.count() - 1)

    @Slot()
    def _on_file_changed(self, *_: Any) -> None:
        path = self.file_combo.currentData()
        self._sentences = []
        if path:
            try:
                self._sentences = read_conll(path)
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                QMessageBox.critical(self, self.tr("Cannot read labels"), f"{path}\n\n{exc}")
        if "iob1" in str(path).lower():
            self.scheme_combo.setCurrentText("IOB1")
        self._realign()

    @Slot()
    def _realign(self, *_: Any) -> None:
        tokenizer = self._session.tokenizer
        if self.mode_combo.currentIndex() != 1 or tokenizer is None or not self._sentences:
            self._alignments = []
            self.alignment_view.set_alignment(None)
            return
        mode, scheme = self.align_combo.currentData(), self.scheme_combo.currentText()
        self._alignments = [align_sentence(s, tokenizer, mode, scheme) for s in self._sentences]
        s = summarize(self._alignments)
        note = self.tr(
            "{sentences} sentences, {entities} entities; {split} split into several tokens "
            "(max {max}); regrouped entities differ from the original in {differ} "
            "sentence(s).").format(sentences=s.sentences, entities=s.entities,
                                   split=s.split_entities, max=s.max_tokens_per_entity,
                                   differ=s.mismatched_sentences)
        broken = sum(bool(a.scheme_problems) for a in self._alignments)
        if broken:
            note += " " + self.tr("{n} sentence(s) break {scheme}.").format(n=broken,
                                                                             scheme=scheme)
        self.iob_note.setText(note)
        self.sentence_spin.setMaximum(len(self._alignments))
        self._show_sentence()

    @Slot()
    def _show_sentence(self, *_: Any) -> None:
        if not self._alignments:
            return
        a = self._alignments[self.sentence_spin.value() - 1]
        self.alignment_view.set_alignment(a, is_byte_level(self._session.tokenizer))
