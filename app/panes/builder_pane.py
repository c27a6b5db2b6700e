"""BuilderPane: build a tokenizer block by block, watch each block's output, train and save it.

The pipeline is a :class:`subword_core.teaching.builder.PipelineSpec`: ordered normalizers and
pre-tokenizers (:class:`~app.widgets.block_editor.BlockListEditor`), a model with its
trainer options, a post-processor and a decoder. A starting point (the HF course's
three builds, the four presets) fills every editor; changing the model keeps the
vocabulary size and the special tokens (``builder.with_model``).

Previews: a short while after each edit (or a new text), ``builder.stage_preview``
runs the normalizers one by one (each stage's text, and for the one picked, every
character's span in the original) and the pre-tokenizers one by one (the pre-tokens
with their offsets in the normalized and the original text). Only the head of a long
text is previewed (``PREVIEW_CHARS``); the preview runs in a worker thread
(``preview_job``: pre-tokenizing 1,000 characters in pure Python took 1-2 s on a GUI
thread sharing the GIL with busy workers). While the Build view is out of sight the
preview waits (``catch_up`` when it is shown), and the
preview tables size their columns from their first rows only (``_fit_columns``): Qt's
ResizeToContents asked the models for all 1,000 rows, each call waiting for the GIL, and
with worker threads busy the Build view stalled the window for 14-31 s.

Training goes through the session's :class:`~app.training_service.TrainingService`, as
the Train view's does (its child process and cancel; the Train view shows the progress and
the live curve of every run); the result joins the session as any training does. A BPE
model with a languages folder trains parity-aware BPE on that folder's per-language files
instead of the corpus (``builder.is_parity``; the starting point "Preset: parity-aware BPE"). This
pane never touches the Train view. *Train all four at N* trains the four presets one after
another and asks for the Compare view with them (``compare_requested``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QSettings,
    QSize,
    Qt,
    QT_TRANSLATE_NOOP,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from subword_core.teaching import builder
from subword_core.analysis import visible_text
from subword_core.teaching.builder import PipelineSpec
from subword_core.errors import SubwordError

from ..item_models.table_model import Column, RecordTableModel
from ..jobs import FigureJob
from ..lazy_panes import build_in_steps
from ..pane_support import SightAwarePane, in_words, no_generator_work, out_of_sight
from ..selection import SelectionModel
from ..session import Session
from ..training_service import TrainingOutcome, TrainingService
from ..widgets.block_editor import BlockListEditor, SingleBlockEditor


#: Text previewed while the session has none.
DEFAULT_TEXT = "Let's test this pre-tokenizer: Héllò hôw are ü? ``Quoted''  text, 2024 ﬁnance."
#: Where the pipeline is kept between sessions (JSON of ``PipelineSpec.to_dict()``).
SETTINGS_KEY = "builder/spec"
#: The starting point that pipeline was loaded from (a key of ``builder.STARTING_POINTS``).
START_KEY = "builder/start"
#: Milliseconds between the last edit and the preview.
PREVIEW_DELAY_MS = 200
#: The four presets "Train all four" trains: (algorithm, WordPiece scoring).
FOUR_PRESETS = (("byte-bpe", None), ("bpe", None), ("wordpiece", "likelihood"), ("unigram", None))
#: Rows a preview table's column widths are measured on (the previews have up to 1,000).
FIT_ROWS = 64


def _preview_key(spec: PipelineSpec, text: str) -> tuple:
    """What a stage preview depends on: the pipeline and the head of the text it shows."""
    limit = builder.PREVIEW_CHARS
    return (repr(spec), text[:limit], len(text) > limit)


#: ``builder.STARTING_POINTS``' keys in the words shown (the library's keys stay English).
STARTING_POINT_LABELS = {
    "Course: BERT-style WordPiece": QT_TRANSLATE_NOOP("BuilderPane",
                                                      "Course: BERT-style WordPiece"),
    "Course: GPT-2-style byte-level BPE": QT_TRANSLATE_NOOP(
        "BuilderPane", "Course: GPT-2-style byte-level BPE"),
    "Course: XLNet-style Unigram": QT_TRANSLATE_NOOP("BuilderPane", "Course: XLNet-style Unigram"),
    "Preset: byte-level BPE (GPT-2)": QT_TRANSLATE_NOOP("BuilderPane",
                                                        "Preset: byte-level BPE (GPT-2)"),
    "Preset: BPE with </w> (Sennrich)": QT_TRANSLATE_NOOP("BuilderPane",
                                                          "Preset: BPE with </w> (Sennrich)"),
    "Preset: WordPiece (BERT)": QT_TRANSLATE_NOOP("BuilderPane", "Preset: WordPiece (BERT)"),
    "Preset: Unigram (SentencePiece)": QT_TRANSLATE_NOOP("BuilderPane",
                                                         "Preset: Unigram (SentencePiece)"),
    "Preset: parity-aware BPE (per language)": QT_TRANSLATE_NOOP(
        "BuilderPane", "Preset: parity-aware BPE (per language)"),
}


def starting_point_label(key: str) -> str:
    """A starting point's name in the interface language (its key when the app has none)."""
    text = STARTING_POINT_LABELS.get(key)
    return QCoreApplication.translate("BuilderPane", text) if text else key


class BuilderPane(SightAwarePane):
    """Blocks, model and trainer options, live stage previews, Train / Save / Train all four."""

    compare_requested = Signal(list)  # names of the tokenizers "Train all four" added

    def __init__(self, session: Session, selection: SelectionModel, training: TrainingService,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("builderPane")
        self._session = session
        self._training = training
        self._model = "BPE"
        self._own_run = False  # the service runs this pane's pipeline
        self._queue: list[tuple[str, str | None]] = []
        self._four: list[str] = []
        self._failed: list[str] = []  # presets "Train all four" could not train, with why
        self._four_size = 0
        self.last_trained = ""  # name of the tokenizer the last builder training added
        self.preview: builder.StagePreview | None = None
        self._preview_key: tuple | None = None  # what the last preview requested was of
        self.error = ""
        self._stale = False  # a preview came due while the pane was out of sight

        self._preview_timer = QTimer(self, singleShot=True, interval=PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self._on_preview_due)
        self.preview_job = FigureJob(self)
        self.preview_job.returned.connect(self._on_preview_returned)
        self.preview_job.failed.connect(self._on_preview_failed)
        self._settings = settings
        build_in_steps(self, self._build_steps())

    def _build_steps(self) -> Iterator[None]:
        """The widgets, the layout, then the pipeline: one event-loop turn each when the window
        builds the pane (``lazy_panes.build_in_steps``), 10-25 ms of the GUI thread apiece."""
        self._build_widgets()
        yield
        self._build_model_form()
        yield
        self._build_preview_widgets()
        yield
        self._build_layout()
        yield
        # last: the session's signals and the preview timer reach a complete pane only
        self._connect()
        self.apply_starting_point(next(iter(builder.STARTING_POINTS)), keep_size=False)
        self.vocab_spin.setValue(1000)
        self._restore()

    def _restore(self) -> None:
        """The pipeline of the last session, if it is still a valid one, under the name of the
        starting point it was loaded from (a new window after View ▸ Language is one)."""
        raw = self._settings.value(SETTINGS_KEY, "") if self._settings is not None else ""
        try:
            spec = PipelineSpec.from_dict(json.loads(raw)) if isinstance(raw, str) and raw else None
            if spec is not None:
                builder.validate(spec)
        except (ValueError, TypeError, SubwordError):
            return
        if spec is not None:
            edited = spec.name.startswith("built-")
            self.set_spec(spec)
            self._edited = edited
            self._show_start(self._settings.value(START_KEY, "") or _start_named(spec.name))

    def _remember(self, spec: PipelineSpec) -> None:
        if self._settings is not None:
            self._settings.setValue(SETTINGS_KEY, json.dumps(spec.to_dict(), ensure_ascii=False))
            self._settings.setValue(START_KEY, self._start)

    def _show_start(self, key: Any) -> None:
        """The combo names the starting point loaded (unknown keys leave it as it is)."""
        index = self.start_combo.findData(key) if isinstance(key, str) and key else -1
        if index >= 0:
            self._start = key
            self.start_combo.setCurrentIndex(index)

    # -- construction -------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.start_combo = QComboBox(objectName="startingPointCombo")
        for key in builder.STARTING_POINTS:  # shown in words, the library's key as data
            self.start_combo.addItem(starting_point_label(key), key)
        self.start_combo.setToolTip(self.tr(
            "Fill every block from a starting point: the HF course's three block-by-block "
            "builds, or one of the four presets. The vocabulary size is kept"))
        self.start_button = QPushButton(self.tr("Use"), objectName="startingPointButton")
        self.normalizers = BlockListEditor("normalizer", builder.NORMALIZER_TYPES,
                                           precompiled=self._precompiled)
        self.pre_tokenizers = BlockListEditor("pre_tokenizer", builder.PRE_TOKENIZER_TYPES)
        self.post_processor = SingleBlockEditor("post_processor", builder.POST_PROCESSOR_TYPES)
        self.decoder = SingleBlockEditor("decoder", builder.DECODER_TYPES)
        self.train_button = QPushButton(self.tr("Train this pipeline"), objectName="builderTrain")
        self.train_button.setToolTip(self.tr("Train on the loaded corpus; progress and curve show "
                                             "in the Training pane"))
        self.save_button = QPushButton(self.tr("Save tokenizer.json…"), objectName="builderSave",
                                       enabled=False)
        self.save_button.setToolTip(self.tr("Save the tokenizer this pipeline last trained"))
        self.four_spin = QSpinBox(objectName="fourSizeSpin", minimum=300, maximum=1_000_000,
                                  value=1000, singleStep=100)
        self.four_spin.setGroupSeparatorShown(True)
        self.four_button = QPushButton(self.tr("Train all four at"), objectName="trainFourButton")
        self.four_button.setToolTip(self.tr("Train the four presets at this size one after "
                                            "another, then compare them"))
        self.status_label = QLabel("", objectName="builderStatus", wordWrap=True)
        self.error_label = QLabel("", objectName="builderError", wordWrap=True)
        self.error_label.setStyleSheet("QLabel { color: #b00020; }")
        self.error_label.hide()

    def _build_model_form(self) -> None:
        self.model_combo = QComboBox(objectName="modelCombo")
        self.model_combo.addItems(list(builder.MODELS))
        self.vocab_spin = QSpinBox(objectName="builderVocabSize", minimum=1, maximum=1_000_000,
                                   singleStep=100)
        self.vocab_spin.setGroupSeparatorShown(True)
        self.min_frequency_spin = QSpinBox(objectName="builderMinFrequency", maximum=1_000_000)
        self.special_edit = QLineEdit(objectName="builderSpecials")
        self.special_edit.setToolTip(self.tr("Special tokens, separated by spaces"))
        self.limit_spin = QSpinBox(objectName="limitAlphabetSpin", maximum=1_000_000)
        self.limit_spin.setSpecialValueText(self.tr("no limit"))
        self.alphabet_edit = QLineEdit(objectName="initialAlphabetEdit")
        self.alphabet_edit.setToolTip(self.tr("Characters always in the alphabet, even unseen"))
        self.alphabet_edit.setMinimumWidth(60)
        self.byte_alphabet_check = QCheckBox(self.tr("+ 256 bytes"),
                                             objectName="byteAlphabetCheck")
        self.max_length_spin = QSpinBox(objectName="maxTokenLengthSpin", maximum=1_000)
        self.max_length_spin.setSpecialValueText(self.tr("no limit"))
        self.prefix_edit = QLineEdit(objectName="prefixEdit")
        self.suffix_edit = QLineEdit(objectName="suffixEdit")
        self.unk_edit = QLineEdit(objectName="unkEdit")
        self.byte_fallback_check = QCheckBox(objectName="byteFallbackCheck")
        self.dropout_spin = QDoubleSpinBox(objectName="dropoutSpin", maximum=1.0, singleStep=0.05,
                                           decimals=2)
        self.dropout_spin.setSpecialValueText(self.tr("none"))
        self.scoring_combo = QComboBox(objectName="scoringCombo")
        self.scoring_combo.addItems(["frequency", "likelihood"])
        self.shrinking_spin = QDoubleSpinBox(objectName="shrinkingSpin", minimum=0.05,
                                             maximum=0.95, singleStep=0.05, value=0.75)
        self.piece_length_spin = QSpinBox(objectName="maxPieceLengthSpin", minimum=1,
                                          maximum=1_000, value=16)
        self.sub_iterations_spin = QSpinBox(objectName="subIterationsSpin", minimum=1,
                                            maximum=100, value=2)
        self.max_chars_spin = QSpinBox(objectName="maxCharsSpin", minimum=1, maximum=100_000,
                                       value=100)
        self._build_parity_widgets()
        alphabet = QWidget()
        row = QHBoxLayout(alphabet)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.alphabet_edit, 1)
        row.addWidget(self.byte_alphabet_check)
        self.model_form = QFormLayout()
        self.model_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        #: option name -> the field widget of its row (rows shown for the model's options)
        self._option_rows: dict[str, QWidget] = {}
        tips = self._tips()  # once: 20 strings translated per call
        for name, label, widget in (
                (None, self.tr("Model"), self.model_combo),
                ("vocab_size", self.tr("Vocabulary size"), self.vocab_spin),
                ("min_frequency", self.tr("Min frequency"), self.min_frequency_spin),
                ("special_tokens", self.tr("Special tokens"), self.special_edit),
                ("languages_dir", QCoreApplication.translate("TrainingPane", "Languages folder"),
                 self.languages_row),
                ("parity_variant", QCoreApplication.translate("TrainingPane", "Parity"),
                 self.variant_combo),
                ("global_merges", QCoreApplication.translate("TrainingPane", "Global merges"),
                 self.global_merges_spin),
                ("unk_token", self.tr("Unknown token"), self.unk_edit),
                ("limit_alphabet", "limit_alphabet", self.limit_spin),
                ("initial_alphabet", "initial_alphabet", alphabet),
                ("max_token_length", "max_token_length", self.max_length_spin),
                ("continuing_subword_prefix", self.tr("Continuing-subword prefix"),
                 self.prefix_edit),
                ("end_of_word_suffix", self.tr("End-of-word suffix"), self.suffix_edit),
                ("scoring", self.tr("Scoring"), self.scoring_combo),
                ("byte_fallback", "byte_fallback", self.byte_fallback_check),
                ("dropout", "dropout", self.dropout_spin),
                ("max_input_chars_per_word", "max_input_chars_per_word", self.max_chars_spin),
                ("shrinking_factor", "shrinking_factor", self.shrinking_spin),
                ("max_piece_length", "max_piece_length", self.piece_length_spin),
                ("n_sub_iterations", "n_sub_iterations", self.sub_iterations_spin)):
            self.model_form.addRow(label, widget)
            tip = tips.get(name or "model", "")
            if tip:
                widget.setToolTip(tip)
                self.model_form.labelForField(widget).setToolTip(tip)
            if name is not None:
                self._option_rows[name] = widget
        self.byte_alphabet_check.setToolTip(self.tr(
            "Start from the 256 byte-level symbols (GPT-2's alphabet), as the byte-level preset "
            "does: no character is then unknown"))

    def _build_parity_widgets(self) -> None:
        """Parity-aware BPE's rows (the Train view's words): folder, variant, global merges."""
        self.languages_edit = QLineEdit(objectName="builderLanguagesDir")
        self.languages_edit.setPlaceholderText(QCoreApplication.translate(
            "TrainingPane", "a folder of one file per language"))
        self.languages_button = QPushButton(QCoreApplication.translate("TrainingPane", "Browse…"),
                                            objectName="builderLanguagesButton")
        self.languages_button.setToolTip(QCoreApplication.translate(
            "TrainingPane", "Choose the languages folder"))
        self.languages_row = QWidget(objectName="builderLanguagesRow")
        row = QHBoxLayout(self.languages_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.languages_edit, 1)
        row.addWidget(self.languages_button)
        self.variant_combo = QComboBox(objectName="builderParityVariant")
        for value, label in (("base", "Longest language wins each merge"),
                             ("window", "Moving window (balanced turns)")):
            self.variant_combo.addItem(QCoreApplication.translate("TrainingPane", label), value)
        self.global_merges_spin = QSpinBox(objectName="builderGlobalMerges", maximum=1_000_000)
        self.global_merges_spin.setGroupSeparatorShown(True)

    @Slot()
    def _choose_languages_dir(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, QCoreApplication.translate("TrainingPane", "Languages folder"),
            self.languages_edit.text())
        if folder:
            self.languages_edit.setText(folder)

    def _tips(self) -> dict[str, str]:
        """What each option of the model form does (HF's names in the code)."""
        return {
            "model": self.tr("BPE merges pairs, WordPiece merges by score, Unigram prunes a big "
                             "seed vocabulary. Changing it keeps the size and special tokens"),
            "vocab_size": self.tr("Size to reach, special tokens included"),
            "min_frequency": self.tr("A pair is merged only if it occurs at least this often"),
            "special_tokens": self.tr("Special tokens, separated by spaces; they get the first "
                                      "ids and are never split"),
            "unk_token": self.tr("The token for pieces the vocabulary cannot spell; empty: none"),
            "limit_alphabet": self.tr("Keep at most this many initial characters (the most "
                                      "frequent)"),
            "initial_alphabet": self.tr("Characters always in the alphabet, even unseen"),
            "max_token_length": self.tr("No merge makes a token longer than this"),
            "continuing_subword_prefix": self.tr("Prefix of every piece inside a word (##)"),
            "end_of_word_suffix": self.tr("Suffix of the last piece of a word (</w>)"),
            "scoring": self.tr("frequency: HF's WordPieceTrainer; likelihood: the WordPiece "
                               "criterion (count of the pair over the counts of its parts)"),
            "byte_fallback": self.tr("Unknown characters become <0xNN> byte tokens"),
            "dropout": self.tr("BPE-dropout: each merge is skipped with this probability when "
                               "encoding (none: deterministic)"),
            "max_input_chars_per_word": self.tr("Longer words become the unknown token"),
            "shrinking_factor": self.tr("Fraction of the pieces each pruning round keeps"),
            "max_piece_length": self.tr("Longest piece, in characters"),
            "n_sub_iterations": self.tr("EM iterations between two pruning rounds"),
            "languages_dir": self.tr(
                "A folder of one file per language (named by its code; parallel dev texts in "
                "its 'dev' subfolder): the BPE trainer is then parity-aware BPE and trains on "
                "these files, not on the loaded corpus. Empty: plain BPE"),
            "parity_variant": QCoreApplication.translate(
                "TrainingPane", "Each merge serves the language whose text is longest; the "
                "moving window also keeps one language from winning more than its share of "
                "the recent merges"),
            "global_merges": QCoreApplication.translate(
                "TrainingPane", "The first merges are plain BPE over all languages together "
                "(the hybrid variant); 0 makes every merge parity-aware"),
        }

    def _build_preview_widgets(self) -> None:
        self.preview_note = QLabel("", objectName="previewNote", wordWrap=True)
        self.norm_model = RecordTableModel([
            Column(self.tr("Block"), lambda s: s.label, tooltip=lambda s: s.label),
            Column(self.tr("Normalized text"), lambda s: visible_text(s.text),
                   tooltip=lambda s: s.text[:2000])])
        self.norm_view = self._table(self.norm_model, "normalizerStages")
        self.align_model = RecordTableModel([
            Column("#", lambda r: r[0], align_right=True),
            Column(self.tr("Char"), lambda r: visible_text(r[1])),
            Column(self.tr("Original span"), lambda r: f"{r[2][0]}–{r[2][1]}"),
            Column(self.tr("Original text"), lambda r: visible_text(r[3]))])
        self.align_view = self._table(self.align_model, "alignments")
        self.pre_stage_combo = QComboBox(objectName="preTokenStageCombo")
        self.pre_stage_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.pre_stage_combo.setMinimumContentsLength(20)
        self.pre_model = RecordTableModel([
            Column("#", lambda r: r[0], align_right=True),
            Column(self.tr("Pre-token"), lambda r: visible_text(r[1].text),
                   tooltip=lambda r: r[1].text),
            Column(self.tr("Normalized"), lambda r: f"{r[1].normalized[0]}–{r[1].normalized[1]}"),
            Column(self.tr("Original"), lambda r: f"{r[1].original[0]}–{r[1].original[1]}"),
            Column(self.tr("Original text"), lambda r: visible_text(r[2]))])
        self.pre_view = self._table(self.pre_model, "preTokens")

    def _table(self, model: RecordTableModel, name: str) -> QTableView:
        view = QTableView(objectName=name)
        view.setModel(model)
        view.verticalHeader().hide()
        view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        view.setWordWrap(False)
        view.horizontalHeader().setStretchLastSection(True)
        # subtle: not ResizeToContents, which reads every row at each layout (_fit_columns)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
        view.setMinimumHeight(70)
        return view

    def _build_layout(self) -> None:
        start = QHBoxLayout()
        start.addWidget(QLabel(self.tr("Starting point")))
        start.addWidget(self.start_combo, 1)
        start.addWidget(self.start_button)

        norm_box = self._box(self.tr("Normalizers (in order)"), self.normalizers)
        pre_box = self._box(self.tr("Pre-tokenizers (in order)"), self.pre_tokenizers)
        model_box = QGroupBox(self.tr("Model and trainer"), objectName="modelBox")
        model_box.setLayout(self.model_form)
        post = QWidget()
        post_form = QFormLayout(post)
        post_form.setContentsMargins(0, 0, 0, 0)
        post_form.addRow(self.tr("Post-processor"), self.post_processor)
        post_form.addRow(self.tr("Decoder"), self.decoder)
        post_box = self._box(self.tr("Post-processor and decoder"), post)

        actions = QHBoxLayout()
        actions.addWidget(self.train_button)
        actions.addWidget(self.save_button)
        actions.addStretch(1)
        four = QHBoxLayout()
        four.addWidget(self.four_button)
        four.addWidget(self.four_spin)
        four.addStretch(1)

        left = QWidget(objectName="builderBlocks")
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 4, 0)
        column.addLayout(start)
        column.addWidget(norm_box)
        column.addWidget(pre_box)
        column.addWidget(model_box)
        column.addWidget(post_box)
        column.addStretch(1)

        right = QWidget(objectName="builderPreview")
        previews = QVBoxLayout(right)
        previews.setContentsMargins(4, 0, 0, 0)
        previews.addWidget(self.preview_note)
        previews.addWidget(QLabel(self.tr("<b>Normalizers</b>: the text after each block")))
        previews.addWidget(self.norm_view, 2)
        previews.addWidget(QLabel(self.tr("Alignments of the selected stage: each character's "
                                          "span in the original text"), wordWrap=True))
        previews.addWidget(self.align_view, 3)
        stage_row = QHBoxLayout()
        stage_row.addWidget(QLabel(self.tr("<b>Pre-tokens</b> after")))
        stage_row.addWidget(self.pre_stage_combo, 1)
        previews.addLayout(stage_row)
        previews.addWidget(self.pre_view, 4)

        # the controls scroll on their own, so the previews always fill the dock's height
        controls = self._controls = _ControlsArea(objectName="builderControls")
        controls.setWidgetResizable(True)
        controls.setFrameShape(QScrollArea.Shape.NoFrame)
        controls.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        controls.setWidget(left)
        left.setMinimumWidth(330)
        # the buttons stay in sight below the scrolled controls
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(controls, 1)
        side_layout.addWidget(self.error_label)
        side_layout.addLayout(actions)
        side_layout.addLayout(four)
        side_layout.addWidget(self.status_label)
        splitter = QSplitter(objectName="builderSplitter")
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(side)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        right.setMinimumWidth(300)
        self.splitter = splitter
        self._user_sized = False  # the user dragged the handle: the widths are theirs
        splitter.splitterMoved.connect(self._on_splitter_moved)
        right.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        # half for the controls, between 420 and 600 px (their size hints would take more on a
        # wide screen, the previews would squeeze them on a 1280 px one). Each resize until the
        # user drags the handle: sized once when first shown, the dock was still narrow then
        # and a 1920 px window kept 350 px of controls
        super().resizeEvent(event)
        width = self.splitter.width()
        if not self._user_sized and width > 0:
            left = min(600, max(420, width // 2))
            self.splitter.setSizes([left, max(300, width - left)])

    @Slot()
    def _on_splitter_moved(self) -> None:
        self._user_sized = True

    @staticmethod
    def _box(title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(title)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(widget)
        return box

    def _connect(self) -> None:
        self.start_button.clicked.connect(lambda: self.apply_starting_point(
            self.start_combo.currentData()))
        for editor in (self.normalizers, self.pre_tokenizers, self.post_processor, self.decoder):
            editor.changed.connect(self._on_edited)
        self.model_combo.currentTextChanged.connect(self._on_model_changed)
        # the size and min frequency are options of any preset: the pipeline stays its own
        for spin in (self.vocab_spin, self.min_frequency_spin):
            spin.valueChanged.connect(lambda _v: self._preview_timer.start())
        for spin in (self.limit_spin,
                     self.max_length_spin, self.piece_length_spin, self.sub_iterations_spin,
                     self.max_chars_spin):
            spin.valueChanged.connect(self._on_edited)
        for spin in (self.dropout_spin, self.shrinking_spin):
            spin.valueChanged.connect(self._on_edited)
        for edit in (self.special_edit, self.alphabet_edit, self.prefix_edit, self.suffix_edit,
                     self.unk_edit):
            edit.textEdited.connect(self._on_edited)
        for box in (self.byte_alphabet_check, self.byte_fallback_check):
            box.toggled.connect(self._on_edited)
        self.scoring_combo.currentIndexChanged.connect(self._on_edited)
        # parity-aware BPE's folder and options belong to its preset, as the size does
        self.languages_edit.textChanged.connect(self._show_parity_rows)
        self.languages_button.clicked.connect(self._choose_languages_dir)
        self.norm_view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._show_alignments(current.row()))
        self.pre_stage_combo.currentIndexChanged.connect(self._show_pre_tokens)
        self.train_button.clicked.connect(self.train)
        self.save_button.clicked.connect(self.save_dialog)
        self.four_button.clicked.connect(lambda: self.train_all_four(self.four_spin.value()))
        # a method, not a lambda: Qt drops a method's connection when this pane is deleted
        # (View ▸ Language rebuilds the window around the same session); a lambda's stayed and
        # started the deleted pane's timer on every text change
        self._session.text_changed.connect(self._on_session_text_changed)
        self._training.finished.connect(self._on_training_finished)

    # -- the spec <-> the editors -------------------------------------------------------------
    def spec(self) -> PipelineSpec:
        """The pipeline the editors show (not validated)."""
        model = self.model_combo.currentText()
        trainer: dict[str, Any] = {"vocab_size": self.vocab_spin.value(),
                                   "special_tokens": self.special_edit.text().split()}
        options: dict[str, Any] = {}
        values = self._form_values()
        for name, value in values.items():
            if value is None:
                continue
            if name in builder.TRAINER_OPTIONS[model]:
                trainer[name] = value
            elif name in builder.MODEL_OPTIONS[model]:
                options[name] = value
        if trainer.get("languages_dir"):  # parity-aware BPE: its rows hide these
            for key in ("continuing_subword_prefix", "end_of_word_suffix", "max_token_length"):
                trainer.pop(key, None)
        name = f"built-{model.lower()}" if self._edited else self._name
        spec = PipelineSpec(self.normalizers.blocks(), self.pre_tokenizers.blocks(), model,
                            options, trainer, self.post_processor.block(), self.decoder.block(),
                            name=name)
        if self.byte_alphabet_check.isChecked():  # unchecked, typed byte symbols stay
            builder.set_byte_alphabet(spec, True)
        return spec

    def _form_values(self) -> dict[str, Any]:
        """The optional fields; None leaves the option out (its default)."""
        text = {"continuing_subword_prefix": self.prefix_edit.text(),
                "end_of_word_suffix": self.suffix_edit.text(), "unk_token": self.unk_edit.text()}
        alphabet = list(dict.fromkeys(self.alphabet_edit.text()))
        return {
            "min_frequency": self.min_frequency_spin.value(),
            "limit_alphabet": self.limit_spin.value() or None,
            "initial_alphabet": alphabet or None,
            "max_token_length": self.max_length_spin.value() or None,
            **{k: v or None for k, v in text.items()},
            "scoring": self.scoring_combo.currentText(),
            "byte_fallback": self.byte_fallback_check.isChecked() or None,
            "dropout": self.dropout_spin.value() or None,
            "shrinking_factor": round(self.shrinking_spin.value(), 4),
            "max_piece_length": self.piece_length_spin.value(),
            "n_sub_iterations": self.sub_iterations_spin.value(),
            "max_input_chars_per_word": self.max_chars_spin.value(),
            **self._parity_values(),
        }

    def _parity_values(self) -> dict[str, Any]:
        """The languages folder and, with one, its variant and global merges."""
        folder = self.languages_edit.text().strip()
        if not folder:
            return {"languages_dir": None, "parity_variant": None, "global_merges": None}
        return {"languages_dir": folder, "parity_variant": self.variant_combo.currentData(),
                "global_merges": self.global_merges_spin.value() or None}

    def set_spec(self, spec: PipelineSpec) -> None:
        """Show ``spec`` in every editor, then preview it."""
        widgets = [self.model_combo, self.vocab_spin, self.min_frequency_spin, self.limit_spin,
                   self.max_length_spin, self.piece_length_spin, self.sub_iterations_spin,
                   self.max_chars_spin, self.dropout_spin, self.shrinking_spin,
                   self.byte_alphabet_check, self.byte_fallback_check, self.scoring_combo,
                   self.languages_edit, self.variant_combo, self.global_merges_spin]
        for widget in widgets:
            widget.blockSignals(True)
        try:
            self._fill(spec)
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self._show_model_rows()
        self._edited = False
        self._preview_timer.start()

    def _fill(self, spec: PipelineSpec) -> None:
        self._name = spec.name
        self._model = spec.model
        trainer, options = spec.trainer, spec.model_options
        self.model_combo.setCurrentText(spec.model)
        self.normalizers.set_blocks(spec.normalizers)
        self.pre_tokenizers.set_blocks(spec.pre_tokenizers)
        self.post_processor.set_block(spec.post_processor)
        self.decoder.set_block(spec.decoder)
        self.vocab_spin.setValue(spec.vocab_size)
        self.special_edit.setText(" ".join(spec.special_tokens))
        self.min_frequency_spin.setValue(trainer.get("min_frequency") or 0)
        self.limit_spin.setValue(trainer.get("limit_alphabet") or 0)
        bytes_in = builder.has_byte_alphabet(spec)
        self.byte_alphabet_check.setChecked(bytes_in)
        rest = PipelineSpec(trainer=dict(trainer))
        if bytes_in:  # the check box stands for them; the edit shows the other characters
            builder.set_byte_alphabet(rest, False)
        self.alphabet_edit.setText("".join(rest.trainer.get("initial_alphabet") or ()))
        self.max_length_spin.setValue(trainer.get("max_token_length") or 0)
        default_prefix = "##" if spec.model == "WordPiece" else ""
        self.prefix_edit.setText(trainer.get("continuing_subword_prefix") or default_prefix)
        self.suffix_edit.setText(trainer.get("end_of_word_suffix") or "")
        self.unk_edit.setText(options.get("unk_token") or "")
        self.scoring_combo.setCurrentText(trainer.get("scoring") or "frequency")
        self.byte_fallback_check.setChecked(bool(options.get("byte_fallback")))
        self.dropout_spin.setValue(options.get("dropout") or 0.0)
        self.shrinking_spin.setValue(trainer.get("shrinking_factor") or 0.75)
        self.piece_length_spin.setValue(trainer.get("max_piece_length") or 16)
        self.sub_iterations_spin.setValue(trainer.get("n_sub_iterations") or 2)
        self.max_chars_spin.setValue(options.get("max_input_chars_per_word") or 100)
        self.languages_edit.setText(trainer.get("languages_dir") or "")
        index = self.variant_combo.findData(trainer.get("parity_variant") or "base")
        self.variant_combo.setCurrentIndex(max(index, 0))
        self.global_merges_spin.setValue(trainer.get("global_merges") or 0)

    def apply_starting_point(self, label: str, keep_size: bool = True) -> None:
        """Fill the editors from a starting point; the vocabulary size stays unless asked."""
        size = self.vocab_spin.value()
        spec = builder.starting_point(label)
        if keep_size:
            spec.trainer["vocab_size"] = size
        self._show_start(label)
        self.set_spec(spec)

    @Slot(str)
    def _on_model_changed(self, model: str) -> None:
        # another model: vocabulary size, special tokens and unk token stay (builder.with_model)
        spec = builder.with_model(self.spec_for_model(self._model), model)
        self.set_spec(spec)
        self._edited = True

    def spec_for_model(self, model: str) -> PipelineSpec:
        """The editors' spec read as ``model``'s (before the model combo changed)."""
        current = self.model_combo.currentText()
        self.model_combo.blockSignals(True)
        self.model_combo.setCurrentText(model)
        try:
            return self.spec()
        finally:
            self.model_combo.setCurrentText(current)
            self.model_combo.blockSignals(False)

    def _show_model_rows(self) -> None:
        model = self.model_combo.currentText()
        shown = set(builder.TRAINER_OPTIONS[model]) | set(builder.MODEL_OPTIONS[model])
        if not self.languages_edit.text().strip():  # variant and global merges need a folder
            shown -= {"parity_variant", "global_merges"}
        else:  # parity-aware BPE has no prefix, suffix or length limit
            shown -= {"continuing_subword_prefix", "end_of_word_suffix", "max_token_length"}
        for name, widget in self._option_rows.items():
            self.model_form.setRowVisible(widget, name in shown)
        self._controls.updateGeometry()  # the splitter asks the controls' width again

    @Slot()
    def _show_parity_rows(self, *_: Any) -> None:
        self._show_model_rows()
        self._preview_timer.start()

    # -- previews -----------------------------------------------------------------------------
    @Slot()
    def _on_edited(self, *_: Any) -> None:
        self._controls.updateGeometry()  # a block added: the splitter asks again
        self._edited = True  # no longer the starting point: the trained tokenizer says "built"
        self._preview_timer.start()

    @Slot(str)
    def _on_session_text_changed(self, _text: str) -> None:
        self._preview_timer.start()

    def preview_text(self) -> str:
        return self._session.text or DEFAULT_TEXT

    @Slot()
    def _on_preview_due(self) -> None:
        if not out_of_sight(self):
            self.request_preview()
            return
        self._stale = True  # shown in catch_up; the pipeline is remembered now all the same
        self._valid_spec()

    def catch_up(self) -> None:
        """The preview that came due while the Build view was out of sight."""
        if self._stale:
            self._stale = False
            self.request_preview()

    def request_preview(self) -> None:
        """Validate the pipeline; its stages' output on the session's text follows from the
        worker thread (the latest request wins)."""
        self._preview_timer.stop()
        spec = self._valid_spec()
        if spec is None:
            self.preview_job.cancel()
            self._preview_key = None
            return
        text = self.preview_text()
        key = _preview_key(spec, text)
        if key == self._preview_key:
            # a keystroke past the previewed head (typing at the end of a long text): the
            # stages' output is the one requested last; only the character count changed
            if self.preview is not None and not self.preview_job.is_running():
                self._show_preview_note(self.preview, len(text))
            return
        self._preview_key = key
        self.preview_job.start(lambda _cancel: no_generator_work(
            lambda: (builder.stage_preview(spec, text), len(text))))

    @Slot()
    def update_preview(self) -> None:
        """Validate the pipeline and show each stage's output on the session's text, now."""
        self._preview_timer.stop()
        self.preview_job.cancel()
        spec = self._valid_spec()
        if spec is None:
            return
        try:
            preview = builder.stage_preview(spec, self.preview_text())
        except SubwordError as exc:
            self._show_error(str(exc))
            return
        self._preview_key = _preview_key(spec, self.preview_text())
        self._show_preview(preview, len(self.preview_text()))

    def _valid_spec(self) -> PipelineSpec | None:
        """The pipeline, remembered, or None with its error shown."""
        spec = self.spec()
        try:
            builder.validate(spec)
        except SubwordError as exc:
            self._show_error(str(exc))
            return None
        self._show_error("")
        self._remember(spec)
        return spec

    @Slot(object)
    def _on_preview_returned(self, result: tuple[builder.StagePreview, int]) -> None:
        self._show_preview(*result)

    @Slot(str)
    def _on_preview_failed(self, message: str) -> None:
        self._preview_key = None  # asked again, the same preview runs again
        self._show_error(in_words(message))

    def _show_preview(self, preview: builder.StagePreview, text_length: int) -> None:
        self.preview = preview
        self._show_preview_note(preview, text_length)
        identity = builder.NormalizerStage(self.tr("(no normalizer)"), preview.original,
                                           [(i, i + 1) for i in range(len(preview.original))])
        self.norm_model.set_records(preview.normalizers or [identity])
        self._fit_columns(self.norm_view)
        last = self.norm_model.rowCount() - 1
        self.norm_view.selectRow(last)
        self._show_alignments(last)
        self.pre_stage_combo.blockSignals(True)
        self.pre_stage_combo.clear()
        for n, stage in enumerate(preview.pre_tokenizers, start=1):
            self.pre_stage_combo.addItem(f"{n}. {stage.label}")
        self.pre_stage_combo.setCurrentIndex(self.pre_stage_combo.count() - 1)
        self.pre_stage_combo.blockSignals(False)
        self._show_pre_tokens(self.pre_stage_combo.currentIndex())

    def _show_preview_note(self, preview: builder.StagePreview, text_length: int) -> None:
        self.preview_note.setText(self.tr(
            "Previewing the first {0:,} characters of {1:,}").format(len(preview.original),
                                                                     text_length)
            if preview.truncated else self.tr("Previewing the current text ({0:,} characters)")
            .format(text_length))

    def shutdown(self) -> None:
        """Stop the preview worker (a running QThread must never be destroyed)."""
        self._preview_timer.stop()
        self.preview_job.stop()

    def _show_alignments(self, row: int) -> None:
        records = self.norm_model.records
        if not 0 <= row < len(records):
            self.align_model.set_records([])
            return
        stage, original = records[row], self.preview.original if self.preview else ""
        self.align_model.set_records(
            (i, ch, span, original[span[0]:span[1]])
            for i, (ch, span) in enumerate(zip(stage.text, stage.alignments)))
        self._fit_columns(self.align_view)

    @Slot(int)
    def _show_pre_tokens(self, index: int) -> None:
        stages = self.preview.pre_tokenizers if self.preview else []
        if not 0 <= index < len(stages):
            self.pre_model.set_records([])
            return
        original = self.preview.original
        self.pre_model.set_records(
            (i, piece, original[piece.original[0]:piece.original[1]])
            for i, piece in enumerate(stages[index].pieces))
        self._fit_columns(self.pre_view)

    @staticmethod
    def _fit_columns(view: QTableView) -> None:
        """Widths from the header, the first ``FIT_ROWS`` rows and the last (the widest
        numbers); the last column stretches."""
        model, metrics = view.model(), view.fontMetrics()
        count = model.rowCount()
        rows = [*range(min(FIT_ROWS, count)), *([count - 1] if count > FIT_ROWS else [])]
        for column in range(model.columnCount() - 1):
            texts = [str(model.headerData(column, Qt.Orientation.Horizontal) or "")]
            texts += [str(model.data(model.index(r, column)) or "") for r in rows]
            view.setColumnWidth(column, max(map(metrics.horizontalAdvance, texts)) + 16)

    def _show_error(self, text: str) -> None:
        self.error = text
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _precompiled(self) -> dict[str, Any] | None:
        return builder.precompiled_block(self._session.tokenizer)

    # -- training -----------------------------------------------------------------------------
    @Slot()
    def train(self) -> bool:
        """Train the pipeline on the session's corpus; False (with a message) if impossible."""
        spec = self.spec()
        try:
            builder.validate(spec)
        except SubwordError as exc:
            self._show_error(str(exc))
            QMessageBox.warning(self, self.tr("Cannot train"), str(exc))
            return False
        if not self._can_train(needs_corpus=not builder.is_parity(spec)):
            return False
        self._own_run = self._training.train_spec(spec.to_dict(), builder.progress_kind(spec),
                                                  origin="build")
        if self._own_run:
            self.status_label.setText(self.tr("Training {0}… (progress in the Training pane)")
                                      .format(spec.name))
        return self._own_run

    def train_all_four(self, vocab_size: int) -> bool:
        """Train the four presets at ``vocab_size`` one after another, then compare them."""
        if not self._can_train():
            return False
        self._queue = list(FOUR_PRESETS)
        self._four, self._four_size, self._failed = [], vocab_size, []
        return self._next_preset()

    def _can_train(self, needs_corpus: bool = True) -> bool:
        if self._session.corpus is None and needs_corpus:
            QMessageBox.warning(self, self.tr("No corpus"), self.tr("Open a corpus first."))
            return False
        if self._training.is_training() or self._queue:
            QMessageBox.information(self, self.tr("Training"),
                                    self.tr("A training is running; wait for it or cancel it."))
            return False
        return True

    def _next_preset(self) -> bool:
        if self._training.is_training():  # a run another view started: after it
            QTimer.singleShot(50, self._next_preset)
            return True
        algorithm, scoring = self._queue[0]
        # the presets' own special tokens; their failures are said once, at the end
        started = self._training.train_preset(
            algorithm, self._four_size, self.min_frequency_spin.value(), scoring, origin="four")
        if not started:
            self._queue = []
            return False
        self.status_label.setText(self.tr("Training {0} at {1:,} ({2} of 4)…").format(
            algorithm, self._four_size, 5 - len(self._queue)))
        return True

    @Slot(object)
    def _on_training_finished(self, outcome: TrainingOutcome) -> None:
        if outcome.origin == "build":
            self._own_run = False
            self._on_own_run_finished(outcome)
        elif outcome.origin == "four" and self._queue:
            self._on_preset_finished(outcome)

    def _on_own_run_finished(self, outcome: TrainingOutcome) -> None:
        if outcome.ok:
            self.last_trained = outcome.entry.name
            self.save_button.setEnabled(True)
            self.status_label.setText(self.tr("Trained {0}").format(outcome.entry.name))
        elif outcome.status == "failed":  # said here: the Train view says only its own
            self.status_label.setText(outcome.error)
            QMessageBox.critical(
                self, QCoreApplication.translate("TrainingPane", "Training failed"),
                f"{outcome.error}\n\n"
                + QCoreApplication.translate("TrainingPane", "The current tokenizer is kept."))
        else:
            current = self._session.current
            self.status_label.setText(QCoreApplication.translate(
                "TrainingPane", "Training cancelled; kept {name}.").format(
                    name=current.name if current is not None else QCoreApplication.translate(
                        "TrainingPane", "no tokenizer")))

    def _on_preset_finished(self, outcome: TrainingOutcome) -> None:
        algorithm, _ = self._queue.pop(0)
        if outcome.status == "cancelled":  # the rest is not trained
            self._queue = []
            self.status_label.setText(self.tr("Train all four cancelled after {0} of 4")
                                      .format(len(self._four)))
            return
        if outcome.ok:
            self._four.append(outcome.entry.name)
        else:  # this one cannot be trained at this size: the others still can
            self._failed.append(f"{algorithm}: {outcome.error}")
        if self._queue:
            QTimer.singleShot(0, self._next_preset)
            return
        text = self.tr("Trained {0}").format(", ".join(self._four))
        if self._failed:
            text += "\n" + self.tr("Not trained: {0}").format("; ".join(self._failed))
        self.status_label.setText(text)
        if self._failed:  # one box for every refusal (a size below the alphabet refuses three)
            QMessageBox.warning(self, self.tr("Cannot train"), "\n".join(self._failed))
        if len(self._four) >= 2:
            self.compare_requested.emit(list(self._four))

    def is_busy(self) -> bool:
        return bool(self._queue) or self._own_run

    # -- saving -------------------------------------------------------------------------------
    @Slot()
    def save_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save tokenizer.json"),
                                              "tokenizer.json", self.tr("JSON (*.json)"))
        return bool(path) and self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Write the builder's last trained tokenizer to ``path`` (atomically)."""
        entry = self._session.entry(self.last_trained) if self.last_trained else None
        if entry is None:
            QMessageBox.warning(self, self.tr("Nothing to save"),
                                self.tr("Train the pipeline first."))
            return False
        try:
            entry.tokenizer.save(path)
        except SubwordError as exc:
            QMessageBox.critical(self, self.tr("Cannot save"), str(exc))
            return False
        entry.saved_path = path
        self._session.notify(self.tr("Saved {0} to {1}").format(entry.name, path))
        return True

    _name = "custom"
    _edited = False
    _start = ""  # the starting point loaded last (a key of builder.STARTING_POINTS)


class _ControlsArea(QScrollArea):
    """The scrolled controls: never narrower than they need. With a fixed minimum of 350 px
    the model form was cut ("+ 256 by"), the horizontal scroll bar being off."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        widget = self.widget()
        if widget is None:
            return hint
        need = (widget.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
                + 2 * self.frameWidth())
        return QSize(max(hint.width(), need), hint.height())

    # subtle: no eventFilter override for the widget's LayoutRequest: QScrollArea filters
    # every event of its widget, and each one then waited for the GIL in a busy session
    # (the pane calls updateGeometry itself when rows or blocks change)


def _start_named(name: str) -> str:
    """The starting point whose pipeline is called ``name`` ("" if none): settings written
    before START_KEY existed; an edited pipeline ("built-…") has lost its starting point."""
    return next((key for key, make in builder.STARTING_POINTS.items() if make().name == name),
                "")


__all__ = ["BuilderPane"]
