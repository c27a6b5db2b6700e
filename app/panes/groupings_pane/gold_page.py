"""GoldLabelsPage: a CoNLL/IOB or JSONL-spans file (``subword_core.gold``) against the current
tokenizer: one document's token labels and entities, and the corpus-wide figures computed in a
worker (:class:`~app.jobs.FigureJob`), deferred while the pane is out of sight."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSignalBlocker, Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from subword_core.analysis import visible_text
from subword_core.errors import SubwordError
from subword_core.gold import (
    EntityCheck,
    GoldFigures,
    LabeledDoc,
    align_doc,
    check_entities,
    iter_gold_figures,
)
from subword_core.trainers.events import StageProgress

from ... import resources
from ...file_actions import ask_gold_path, read_gold_or_warn
from ...item_models import Column
from ...jobs import FigureJob
from ...pane_support import in_words, out_of_sight
from ...selection import Selection, SelectionModel
from ...session import Session
from .shared import groupings_tr, make_table

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
        self.hint = QLabel(groupings_tr(NO_LABELS_HINT), objectName="goldHint")
        self.text_label = QLabel("", objectName="goldText")
        self.figures_label = QLabel("", objectName="goldFigures")
        for label in (self.hint, self.text_label, self.figures_label):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.text_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens_view, self.tokens_model = make_table(
            "goldTokensView", GOLD_TOKEN_COLUMNS, GOLD_TOKEN_TIPS, self)
        self.entities_view, self.entities_model = make_table(
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

