"""The Build view: starting points, block editing, live previews equal to the core's, training
through the training pane, saving a tokenizer.json HF loads, and "Train all four" into Compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import load_corpus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QMessageBox

from subword_core.teaching import builder
from subword_core.trainers import drive

XLNET = "Course: XLNet-style Unigram"
BERT = "Course: BERT-style WordPiece"
TEXT = "``Héllò''  wörld, 2024 ﬁnance — Let's test:\tnaïve café!"


@pytest.fixture
def pane(window, qtbot):
    window.show_view("build")
    return window.builder_pane


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch):
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, lambda *args, **kwargs: None)


def choose(qtbot, pane, label: str) -> None:
    pane.start_combo.setCurrentText(label)
    qtbot.mouseClick(pane.start_button, Qt.MouseButton.LeftButton)


def previewed(qtbot, pane) -> builder.StagePreview:
    """Wait for the debounced preview; return the core's preview of the same spec and text."""
    qtbot.waitUntil(lambda: not pane._preview_timer.isActive()
                    and not pane.preview_job.is_running(), timeout=3000)
    return builder.stage_preview(pane.spec(), pane.preview_text())


def assert_rows_match_core(pane, expected: builder.StagePreview) -> None:
    assert pane.error == ""
    assert pane.norm_model.records == expected.normalizers
    last = expected.normalizers[-1]
    assert pane.align_model.rowCount() == len(last.text)
    assert [r[2] for r in pane.align_model.records] == last.alignments
    assert [r[3] for r in pane.align_model.records] == [
        expected.original[a:b] for a, b in last.alignments]
    assert pane.pre_stage_combo.count() == len(expected.pre_tokenizers)
    assert [r[1] for r in pane.pre_model.records] == expected.pre_tokenizers[-1].pieces


def test_starting_point_and_edited_blocks_preview_as_the_core(qtbot, window, pane):
    window.session.set_text(TEXT)
    pane.vocab_spin.setValue(777)
    choose(qtbot, pane, XLNET)
    assert pane.vocab_spin.value() == 777  # the size stays
    assert pane.spec().model == "Unigram"
    assert [b["type"] for b in pane.spec().normalizers] == ["Replace", "Replace", "NFKD",
                                                            "StripAccents", "Replace"]
    assert_rows_match_core(pane, previewed(qtbot, pane))
    assert pane.preview.normalized.startswith('"Hello" world, 2024 finance')

    # add Lowercase, move it to the front, drop the NFKD (now the 4th block)
    next(a for a in pane.normalizers.add_menu.actions()
         if a.objectName() == "normalizerAdd_Lowercase").trigger()
    for _ in range(5):
        qtbot.mouseClick(pane.normalizers.up_button, Qt.MouseButton.LeftButton)
    assert [b["type"] for b in pane.spec().normalizers][0] == "Lowercase"
    pane.normalizers.list.setCurrentRow(3)
    qtbot.mouseClick(pane.normalizers.remove_button, Qt.MouseButton.LeftButton)
    assert [b["type"] for b in pane.spec().normalizers] == ["Lowercase", "Replace", "Replace",
                                                            "StripAccents", "Replace"]
    # a Digits pre-tokenizer with individual digits, set in its option form
    pane.pre_tokenizers.add_block("Digits")
    box = pane.pre_tokenizers.options.findChild(QCheckBox, "opt_individual_digits")
    box.setChecked(False)
    box.setChecked(True)
    assert pane.spec().pre_tokenizers[-1] == {"type": "Digits", "individual_digits": True}
    # the Metaspace's prepend scheme, chosen in its form
    pane.pre_tokenizers.list.setCurrentRow(0)
    combo = pane.pre_tokenizers.options.findChild(QComboBox, "opt_prepend_scheme")
    combo.setCurrentText("never")
    expected = previewed(qtbot, pane)
    assert_rows_match_core(pane, expected)
    pieces = [p.text for p in expected.pre_tokenizers[-1].pieces]
    # without NFKD, StripAccents finds no combining accent to strip
    assert pieces[:3] == ['"héllò"', "▁wörld,", "▁"] and "2" in pieces and "0" in pieces
    # another stage of the pre-tokens
    pane.pre_stage_combo.setCurrentIndex(0)
    assert [r[1] for r in pane.pre_model.records] == expected.pre_tokenizers[0].pieces


def test_a_bad_block_shows_one_line_and_blocks_training(qtbot, window, pane, sample_paths):
    choose(qtbot, pane, BERT)
    pane.pre_tokenizers.add_block("Split")
    pattern = pane.pre_tokenizers.options.findChild(QLineEdit, "opt_pattern")
    kind = pane.pre_tokenizers.options.findChild(QComboBox, "opt_pattern_kind")
    kind.setCurrentText("Regex")
    pattern.setText("(")
    pattern.textEdited.emit("(")
    qtbot.waitUntil(lambda: not pane._preview_timer.isActive(), timeout=3000)
    assert pane.error.startswith("pre-tokenizer 2 (Split)") and "\n" not in pane.error
    assert pane.error_label.isVisibleTo(pane)
    load_corpus(qtbot, window, sample_paths)
    assert not pane.train()
    assert not window.training_pane.is_training()


def test_changing_the_model_keeps_the_vocabulary_size(qtbot, pane):
    choose(qtbot, pane, BERT)
    pane.vocab_spin.setValue(1234)
    pane.min_frequency_spin.setValue(3)
    pane.model_combo.setCurrentText("Unigram")
    spec = pane.spec()
    assert (spec.model, spec.vocab_size) == ("Unigram", 1234)
    assert spec.special_tokens == ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]
    assert "min_frequency" not in spec.trainer and spec.model_options == {"unk_token": "[UNK]"}
    assert not pane.model_form.isRowVisible(pane.min_frequency_spin)
    assert pane.model_form.isRowVisible(pane.shrinking_spin)
    pane.model_combo.setCurrentText("BPE")
    assert pane.spec().vocab_size == 1234
    assert pane.model_form.isRowVisible(pane.max_length_spin)


def test_alphabet_and_byte_symbols(qtbot, pane):
    choose(qtbot, pane, "Preset: byte-level BPE (GPT-2)")
    assert pane.byte_alphabet_check.isChecked() and pane.alphabet_edit.text() == ""
    assert len(pane.spec().trainer["initial_alphabet"]) == 256
    pane.alphabet_edit.setText("éж")
    assert len(pane.spec().trainer["initial_alphabet"]) == 257
    pane.byte_alphabet_check.setChecked(False)
    assert pane.spec().trainer["initial_alphabet"] == ["é", "ж"]  # typed ones stay


@pytest.mark.parametrize("label, algorithm", [
    ("Preset: byte-level BPE (GPT-2)", "byte-bpe"), ("Preset: BPE with </w> (Sennrich)", "bpe"),
    ("Preset: WordPiece (BERT)", "wordpiece"), ("Preset: Unigram (SentencePiece)", "unigram")])
def test_presets_read_back_from_the_form_train_as_the_presets(qtbot, pane, label, algorithm):
    from subword_core.training.presets import train_tokenizer

    english = Path(__file__).resolve().parents[2] / "resources" / "corpora" / "english.txt"
    pane.vocab_spin.setValue(400)
    choose(qtbot, pane, label)
    pane.min_frequency_spin.setValue(2)
    spec = pane.spec()
    assert spec.name == algorithm
    ours = drive(builder.train_spec(spec, [english])).tokenizer
    preset = drive(train_tokenizer([english], algorithm, 400, min_frequency=2)).tokenizer
    assert ours.to_str() == preset.to_str()


def test_long_text_previews_only_its_head(qtbot, window, pane):
    window.session.set_text("naïve café, ﬁnance 2024. " * 2000)  # 50,000 characters
    choose(qtbot, pane, XLNET)
    pane.update_preview()
    assert pane.preview.truncated and len(pane.preview.original) == builder.PREVIEW_CHARS
    assert f"{builder.PREVIEW_CHARS:,}" in pane.preview_note.text()
    assert "50,000" in pane.preview_note.text()


def test_train_save_and_load_with_hf(qtbot, window, pane, sample_paths, tmp_path):
    hf = pytest.importorskip("tokenizers")
    load_corpus(qtbot, window, sample_paths)
    choose(qtbot, pane, BERT)
    pane.vocab_spin.setValue(800)  # the alphabet needs 657
    training = window.training_pane
    with qtbot.waitSignal(training.training_finished, timeout=60000) as blocker:
        qtbot.mouseClick(pane.train_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [True], training.last_error
    qtbot.waitUntil(lambda: not training.is_training())
    entry = window.session.entry(pane.last_trained)
    assert entry is not None and entry is window.session.current
    assert entry.algorithm == "builder" and entry.history is not None
    assert pane.save_button.isEnabled()
    # the same tokenizer as the core trains from the same spec
    direct = drive(builder.train_spec(pane.spec(), [Path(p) for p in sample_paths]))
    assert entry.tokenizer.to_str() == direct.tokenizer.to_str()
    path = tmp_path / "tokenizer.json"
    assert pane.save_to(str(path))
    assert entry.saved_path == str(path)
    theirs = hf.Tokenizer.from_file(str(path))
    for text in (TEXT, "Let's test this tokenizer.", "日本語 한국어 👩‍👩‍👧", ""):
        mine, hf_encoding = entry.tokenizer.encode(text), theirs.encode(text)
        assert (mine.ids, mine.tokens, mine.offsets, mine.word_ids) == (
            hf_encoding.ids, hf_encoding.tokens, hf_encoding.offsets, hf_encoding.word_ids)
    assert json.loads(path.read_text(encoding="utf-8"))["post_processor"]["type"] \
        == "TemplateProcessing"


def test_train_all_four_fills_compare(qtbot, window, pane, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    pane.four_spin.setValue(800)  # BPE needs room for the corpus's 706 symbols
    with qtbot.waitSignal(pane.compare_requested, timeout=180000) as blocker:
        qtbot.mouseClick(pane.four_button, Qt.MouseButton.LeftButton)
    names = blocker.args[0]
    assert len(names) == 4
    algorithms = [window.session.entry(n).algorithm for n in names]
    assert algorithms == ["byte-bpe", "bpe", "wordpiece", "unigram"]
    assert all(window.session.entry(n).options["vocab_size"] == 800 for n in names)
    assert window.analysis_docks.compare.names == names
    assert window.views.current == "compare"
    qtbot.waitUntil(lambda: not window.training_pane.is_training())
    assert not pane.is_busy()


def test_the_pipeline_comes_back_at_the_next_start(qtbot, window, pane, settings):
    from app import create_main_window

    choose(qtbot, pane, XLNET)
    pane.vocab_spin.setValue(4321)
    assert pane.spec().name == "course-unigram"  # the vocabulary size is no edit
    pane.pre_tokenizers.add_block("Punctuation")
    assert pane.spec().name == "built-unigram"
    pane.update_preview()
    saved = pane.spec()
    again = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(again)
    try:
        assert again.builder_pane.spec() == saved
    finally:
        again.shutdown()


def test_precompiled_normalizer_from_the_current_tokenizer(qtbot, window, pane):
    import importlib.util

    from app.session import TokenizerEntry
    from subword_core import normalizers
    from subword_core.models import BPE
    from subword_core.tokenizer import Tokenizer

    helper = Path(__file__).resolve().parents[1] / "core" / "spm_models.py"
    spec = importlib.util.spec_from_file_location("spm_models", helper)
    spm_models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(spm_models)
    menu = pane.normalizers.add_menu
    action = next(a for a in menu.actions() if a.objectName() == "normalizerAdd_Precompiled")
    pane.normalizers._on_menu_shown()
    assert not action.isEnabled()  # the current tokenizer has none
    precompiled = normalizers.Precompiled(spm_models.spm_charsmap("nmt_nfkc"))
    tokenizer = Tokenizer(BPE())
    tokenizer.normalizer = normalizers.Sequence([precompiled, normalizers.Lowercase()])
    window.session.add_tokenizer(TokenizerEntry("t5-like", tokenizer, algorithm="file"))
    pane.normalizers._on_menu_shown()
    assert action.isEnabled()
    choose(qtbot, pane, XLNET)
    action.trigger()
    assert pane.spec().normalizers[-1] == precompiled.to_dict()
    window.session.set_text("ﬁnance ①②③ ＡＢＣ１２３")
    assert_rows_match_core(pane, previewed(qtbot, pane))
    assert "ABC123" in pane.preview.normalized


GPT2 = "Course: GPT-2-style byte-level BPE"
_ABSENT = object()


@pytest.fixture
def switched(qtbot, settings, monkeypatch):
    """A window switched to Korean by View ▸ Language (the old one deleted), and what the
    Python error hooks caught meanwhile; English again afterwards."""
    import sys

    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from app import create_main_window, i18n
    from app.main_window import switch_language

    caught: list[str] = []
    monkeypatch.setattr(sys, "excepthook", lambda t, e, tb: caught.append(f"{t.__name__}: {e}"))
    monkeypatch.setattr(sys, "unraisablehook", lambda u: caught.append(repr(u.exc_value)))
    # not the shared fixture: switching deletes the window it was given
    window = create_main_window(load_sample=False, settings=settings)
    window.show_view("build")
    choose(qtbot, window.builder_pane, GPT2)
    window.builder_pane.update_preview()  # the pipeline is kept in the settings
    app = QApplication.instance()
    before = app.__dict__.get("_subword_window", _ABSENT)  # the Korean test waits for a change
    new = switch_language(window, "ko")
    assert new is not window
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the old one is gone
    try:
        yield new, caught
    finally:
        new.shutdown()
        new.hide()
        new.deleteLater()
        i18n.install("en")
        if before is _ABSENT:
            del app._subword_window
        else:
            app._subword_window = before


def test_language_switch_leaves_no_old_builder_connected(qtbot, switched, capfd):
    window, caught = switched
    pane = window.builder_pane
    window.session.set_text("text typed after the switch")
    window.session.set_text("and again")
    qtbot.waitUntil(lambda: pane.preview is not None and not pane._preview_timer.isActive())
    assert pane.preview_text() == "and again"
    assert caught == []
    assert "already deleted" not in capfd.readouterr().err


def test_language_switch_shows_the_starting_point_loaded(qtbot, switched):
    window, _ = switched
    pane = window.builder_pane
    assert pane.spec().name == builder.starting_point(GPT2).name  # GPT-2's blocks …
    assert pane.start_combo.currentData() == GPT2  # … under GPT-2's name


def test_an_edited_pipeline_comes_back_under_its_starting_point(qtbot, window, pane, settings):
    from app import create_main_window

    choose(qtbot, pane, XLNET)
    pane.pre_tokenizers.add_block("Punctuation")
    pane.update_preview()
    again = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(again)
    try:
        assert again.builder_pane.spec().name == "built-unigram"
        assert again.builder_pane.start_combo.currentData() == XLNET
    finally:
        again.shutdown()


@pytest.mark.parametrize("label", [GPT2, "Preset: byte-level BPE (GPT-2)", BERT])
def test_no_control_is_cut_however_narrow_the_controls(qtbot, window, pane, label):
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QScrollArea

    window.resize(1920, 1040)
    window.show()
    choose(qtbot, pane, label)
    pane.splitter.setSizes([1, 5000])  # the handle dragged as far left as it goes
    QApplication.processEvents()
    controls = pane.findChild(QScrollArea, "builderControls")
    visible = controls.viewport().width()
    for widget in (pane.byte_alphabet_check, pane.start_combo, pane.start_button,
                   pane.alphabet_edit, pane.prefix_edit, pane.special_edit):
        if not widget.isVisibleTo(pane):
            continue
        right = widget.mapTo(controls.viewport(), QPoint(widget.width(), 0)).x()
        assert right <= visible, (widget.objectName(), right, visible)
        assert widget.width() >= widget.minimumSizeHint().width(), widget.objectName()


def test_the_controls_get_their_share_once_the_window_is_wide(qtbot, window):
    # as at start-up: the window opens on Explore, then the user picks Build
    window.show_view("explore")
    window.resize(1920, 1040)
    window.show()
    qtbot.waitExposed(window)
    window.show_view("build")
    pane = window.builder_pane
    qtbot.waitUntil(lambda: pane.splitter.width() > 1000)
    left, right = pane.splitter.sizes()
    assert 420 <= left <= 600 and right > left


def test_showing_the_build_view_reads_only_the_rows_in_sight(qtbot, window, monkeypatch):
    """Laying out the preview tables must not ask the models for every row: each call into
    Python from Qt's layout waits for the GIL, and with worker threads busy the Build view
    stalled for 14-31 s in the heavy-session bench (ResizeToContents read all 1,000 rows)."""
    from app.item_models.table_model import RecordTableModel

    window.resize(1280, 800)
    window.show()
    window.show_view("compare")
    window.session.set_text("naïve café, ﬁnance 2024. " * 2000)  # 50,000 characters
    pane = window.builder_pane
    pane.update_preview()
    assert pane.align_model.rowCount() == builder.PREVIEW_CHARS
    asked: dict[int, set[int]] = {}  # id of a model -> the rows asked for
    original = RecordTableModel.data

    def data(model, index, role=Qt.ItemDataRole.DisplayRole):
        asked.setdefault(id(model), set()).add(index.row())
        return original(model, index, role)
    monkeypatch.setattr(RecordTableModel, "data", data)
    window.show_view("build")
    qtbot.waitUntil(lambda: pane.align_view.isVisible(), timeout=3000)
    qtbot.wait(100)
    for model in (pane.align_model, pane.pre_model):
        assert model.rowCount() > 200
        assert len(asked.get(id(model), ())) < 100, "a preview table read rows out of sight"
    assert id(pane.align_model) in asked  # the table was laid out and painted


def test_the_preview_waits_while_the_build_view_is_out_of_sight(qtbot, window):
    """Typing in another view must not run the Build preview (and fill its tables) on the
    GUI thread each time: it runs once the Build view is shown."""
    window.resize(1280, 800)
    window.show()
    window.show_view("compare")
    pane = window.builder_pane
    qtbot.waitUntil(lambda: not pane._preview_timer.isActive(), timeout=3000)
    before = pane.preview
    window.session.set_text(TEXT)
    qtbot.waitUntil(lambda: not pane._preview_timer.isActive(), timeout=3000)
    qtbot.wait(50)
    assert pane.preview is before
    window.show_view("build")
    qtbot.waitUntil(lambda: pane.preview is not before, timeout=3000)
    assert pane.preview == builder.stage_preview(pane.spec(), TEXT)


def test_the_preview_runs_off_the_gui_thread(qtbot, window, pane, monkeypatch):
    """Pre-tokenizing the previewed text is pure Python: on the GUI thread it stalled the
    window for 1-2 s while worker threads held the GIL. A new text's preview runs in a worker."""
    import threading

    on_gui: list[bool] = []
    original = builder.stage_preview

    def recorded(*args, **kwargs):
        on_gui.append(threading.current_thread() is threading.main_thread())
        return original(*args, **kwargs)
    monkeypatch.setattr(builder, "stage_preview", recorded)
    window.session.set_text(TEXT)
    expected = previewed(qtbot, pane)
    assert on_gui[:1] == [False]
    assert pane.preview == expected


def test_the_controls_area_sends_no_event_through_python(pane):
    """QScrollArea filters every event of its widget: a Python ``eventFilter`` override made
    each of them wait for the GIL while workers ran (the Build view's layout stalled)."""
    from PySide6.QtWidgets import QScrollArea

    controls = pane.findChild(QScrollArea, "builderControls")
    assert "eventFilter" not in type(controls).__dict__


def test_typing_past_the_previewed_head_runs_no_new_preview(qtbot, window, pane, monkeypatch):
    """The preview shows the first PREVIEW_CHARS characters: a keystroke at the end of a
    50k text changes none of them, so no preview runs and no table is filled again; the
    note follows the new length. A change inside the head previews again."""
    head = "naïve café, ﬁnance 2024. " * 2000  # 50,000 characters
    window.session.set_text(head)
    previewed(qtbot, pane)
    shown = pane.preview
    calls: list[str] = []
    original = builder.stage_preview

    def counted(spec, text, *args, **kwargs):
        calls.append(text)
        return original(spec, text, *args, **kwargs)

    def settled() -> None:
        qtbot.waitUntil(lambda: not pane._preview_timer.isActive()
                        and not pane.preview_job.is_running(), timeout=3000)
    monkeypatch.setattr(builder, "stage_preview", counted)
    for key in "ab":
        window.session.set_text(window.session.text + key)
        settled()
    assert calls == [] and pane.preview is shown
    assert "50,002" in pane.preview_note.text()
    window.session.set_text("x" + window.session.text)
    settled()
    qtbot.waitUntil(lambda: pane.preview is not shown, timeout=3000)
    assert len(calls) == 1 and pane.preview == original(pane.spec(), pane.preview_text())
