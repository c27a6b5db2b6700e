"""The Korean interface: no English left on screen, and View ▸ Language switching at once.

The window is built in Korean (``language=ko`` in its settings), a corpus is loaded and a
tokenizer trained through the real widgets, so the panes show their filled-in texts too.
Then every widget is walked — hidden docks and tabs included — and every label, button,
menu, action (text, tooltip, status tip), group box, tab, combo item, placeholder, table
or tree header (with its header tooltip, read through the model's ``headerData``), dock and
toolbar title, plot axis label and the window title is checked: once technical names
(``TECHNICAL``) and data (tokenizer names, file names, tokens) are taken out, no English
word may remain.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from PySide6.QtCore import QAbstractListModel, QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QTabBar,
    QTabWidget,
    QTextEdit,
    QToolBar,
    QWidget,
)

from app import i18n

#: Widgets skipped, with everything inside them (none: every pane is translated).
PENDING: frozenset[str] = frozenset()

#: Names and notations that stay as they are in a Korean interface.
TECHNICAL = [
    "tokenizer.json", "tokenizer_config.json", "vocab.json", "merges.txt", "vocab.txt",
    "special_tokens_map.json", "AutoTokenizer.from_pretrained", "from_pretrained",
    "save_pretrained", "skip_special_tokens", "enable_truncation", "encoding.overflowing",
    "overflowing", "input_ids", "max_length", "only_second", "only_first", "longest_first",
    "subword_core", "subword-nmt", "xlm-roberta", "Hugging Face", "SentencePiece", "WordPiece",
    "WordLevel", "Unigram", "tiktoken", "transformers", "Sennrich", "GPT-2", "BERT", "XLNet", "BPE",
    "TFDS", "NFKC", "NFKD", "NFC", "NFD", "UTF-8", "JSONL", "JSON", "CSV", "TSV", "PNG",
    "CoNLL", "IOB", "HF", "UNK", "CLS", "SEP", "OOV", "EM", "QA", "Jaccard", "Zipf", "Python",
    "Ctrl", "Shift", "Enter", "Tab", "Alt", "Page Up", "Page Down", "WordPieceTrainer", "frequency:",
    "likelihood:", "KB", "MB", "GB", "ETA", "id", "ids", "ID", "llama", "t5", "albert",
    "generic", "codes", "subwords", "model", "spm", "bpe", "txt", "jsonl", "json", "csv", "tsv",
    "gz", "bz2", "xz", "png", "endoftext", "stride", "strategy", "direction", "overflow",
    "right", "left", "decode", "True", "hub", "English", "ing$",
    # token classification: transformers' aggregation strategies and fields, label names
    "aggregation_strategy", "first / average / max", "none", "simple", "config.json", "torch",
    "ner", "softmax", "Viterbi", "HIGH", "LOW", "PER", "LOC", "ignore_merges",
    "max_input_chars_per_word", "resources/labeled/",
    # the builder's trainer options that keep HF's names (the others are in words)
    "limit_alphabet", "initial_alphabet", "max_token_length", "byte_fallback", "dropout",
    "shrinking_factor", "max_piece_length", "n_sub_iterations", "word<TAB>tag",
    '{"text": …, "entities": [{"start", "end", "label"}]}',
    # the Languages view: a package, a corpus and its file names, a formula
    "tokenization-scorer", "FLORES-200", "eng_Latn.dev", "log₂", "subword languages",
    # parity-aware BPE's languages folder: file names are language codes, dev texts in dev/
    "eng_Latn", "kor_Hang", "dev/",
]
_TECHNICAL = re.compile("|".join(re.escape(t) for t in sorted(TECHNICAL, key=len, reverse=True)))
_TAGS = re.compile(r"<[^>]*>|&[a-z]+;")
_ENGLISH = re.compile(r"[A-Za-z]{2,}")
#: Widgets whose text is data (the text typed, token lists); their tooltips are still checked.
DATA_TEXT = {"encodeInput", "normalizedText", "decodeIds", "decodeText", "oovInput",
             "windowsQuestion", "trainStatus", "vocabTokenTitle", "tokenizerCombo",
             "compareTokenizerCombo", "specialTokensEdit", "vocabSearch", "corpusFilter",
             "mergeSearch", "corpusReport", "openOptionsPath", "goldText", "modelFolderLabel",
             "alignmentSentence", "lessonCombo", "lessonSummary", "lessonProse"}
#: Combos whose items are values of a library API (truncation strategy and direction).
API_VALUE_COMBOS = {"windowsStrategy", "windowsDirection", "openFormatCombo",
                    "openEncodingCombo", "openFlavorCombo", "aggregationCombo",
                    "modelStrategyCombo", "scoringCombo", "preTokenStageCombo",
                    "post_processorType", "decoderType", "normalizerType", "pre_tokenizerType"}
#: Widgets whose labels are the names of a library's options (the builder's block forms).
API_NAME_FORMS = ("BlockOptionsForm",)


@pytest.fixture
def korean(qtbot, settings, tmp_path):
    """The real window in Korean, with a corpus loaded and a small BPE trained."""
    from app import create_main_window

    settings.setValue("language", "ko")
    window = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(window)
    corpus = tmp_path / "작은 말뭉치.txt"
    corpus.write_text("low lower lowest newer wider 한국어 문장\n" * 40, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=30000):
        assert window.corpus_pane.load_paths([str(corpus)])
    pane = window.training_pane
    combo = pane.algorithm_combo
    combo.setCurrentIndex(combo.findData("BPE with </w> (Sennrich)"))
    pane.vocab_spin.setValue(60)
    with qtbot.waitSignal(pane.training_finished, timeout=60000) as blocker:
        qtbot.mouseClick(pane.train_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [True], pane.last_error
    qtbot.waitUntil(lambda: not pane.is_training())
    window.session.set_text("lower 한국어 newest")
    yield window
    window.shutdown()
    i18n.install("en")


def _pending(widget: QWidget) -> bool:
    w = widget
    while w is not None:
        if any(cls.__name__ in PENDING for cls in type(w).__mro__):
            return True
        w = w.parentWidget()
    return False


def _texts(widget: QWidget) -> list[tuple[str, str]]:
    """(where, text) of everything ``widget`` shows or says in a tooltip."""
    name = widget.objectName() or type(widget).__name__
    parent = widget.parentWidget()
    api_name = parent is not None and type(parent).__name__ in API_NAME_FORMS
    out = [(f"{name}.toolTip", widget.toolTip()), (f"{name}.statusTip", widget.statusTip()),
           (f"{name}.whatsThis", widget.whatsThis())]
    data = name in DATA_TEXT
    if isinstance(widget, QLabel) and not data and not api_name:
        out.append((f"{name}.text", widget.text()))
    if isinstance(widget, QAbstractButton) and not data:
        out.append((f"{name}.text", widget.text()))
    if isinstance(widget, QGroupBox):
        out.append((f"{name}.title", widget.title()))
    if isinstance(widget, (QDockWidget, QToolBar)) or widget.isWindow():
        out.append((f"{name}.windowTitle", widget.windowTitle()))
    if isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            out += [(f"{name}.tab{i}", widget.tabText(i)), (f"{name}.tabTip{i}",
                                                           widget.tabToolTip(i))]
    if isinstance(widget, QTabBar):
        for i in range(widget.count()):
            out += [(f"{name}.tab{i}", widget.tabText(i)), (f"{name}.tabTip{i}",
                                                           widget.tabToolTip(i))]
    if isinstance(widget, QComboBox) and not data:
        for i in range(widget.count()):
            tip = widget.itemData(i, Qt.ItemDataRole.ToolTipRole)
            out.append((f"{name}.itemTip{i}", tip if isinstance(tip, str) else ""))
            if name not in API_VALUE_COMBOS:
                out.append((f"{name}.item{i}", widget.itemText(i)))
    if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        out.append((f"{name}.placeholder", widget.placeholderText()))
    if isinstance(widget, QProgressBar):
        out.append((f"{name}.format", widget.format()))
    if isinstance(widget, QAbstractSpinBox):
        out.append((f"{name}.special", widget.specialValueText()))
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        # a list model has one column (its columnCount is private in Qt)
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount()
        for section in range(columns):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, Qt.Orientation.Horizontal, role)
                out.append((f"{name}.header{section}.{int(role)}",
                            value if isinstance(value, str) else ""))
    plot_item = getattr(widget, "getPlotItem", None)
    if callable(plot_item):
        for side in ("left", "bottom"):
            axis = plot_item().getAxis(side)
            out.append((f"{name}.axis.{side}", axis.labelText or ""))
    return out


def _actions(window) -> list[QAction]:
    """Every action of the menus (recursively), toolbars and widgets of the window."""
    seen: list[QAction] = []

    def visit(menu: QMenu) -> None:
        for action in menu.actions():
            if action not in seen:
                seen.append(action)
                if action.menu() is not None:
                    visit(action.menu())

    for action in window.menuBar().actions():
        seen.append(action)
        if action.menu() is not None:
            visit(action.menu())
    for action in window.findChildren(QAction):
        if action not in seen:
            seen.append(action)
    # pyqtgraph's plot menus (right click on a plot) are menus without a parent widget
    for widget in window.findChildren(QWidget):
        plot_item = getattr(widget, "getPlotItem", None)
        if callable(plot_item) and not _pending(widget):
            item = plot_item()
            for menu in (item.getViewBox().menu, item.ctrlMenu):
                if menu is not None:
                    visit(menu)
            seen.extend(a for a in widget.scene().contextMenu if a not in seen)
    return seen


def english_left(text: str, data: set[str]) -> list[str]:
    """The English words of ``text`` once markup, data and technical names are removed."""
    text = _TAGS.sub(" ", text.replace("&&", "").replace("&", ""))
    for item in sorted(data, key=len, reverse=True):
        text = text.replace(item, " ")
    text = _TECHNICAL.sub(" ", text)
    return _ENGLISH.findall(text)


def _data_strings(window) -> set[str]:
    """Data that may appear in any text: tokenizer names, corpus paths, tokens of the text."""
    session = window.session
    data = {e.name for e in session.entries}
    if session.corpus is not None:
        for path in session.corpus.paths:
            data |= {path, Path(path).name, Path(path).stem}
    if session.encoding is not None:
        data |= {t for t in session.encoding.tokens if len(t) > 1}
    data |= set(session.text.split())
    result = window.lessons_pane.result
    if result is not None:  # the lesson's example text and traced word (lesson data)
        data |= set(result.view.text.split()) | {result.view.trace_word}
    from app import resources

    for path in resources.resource_path("labeled").glob("*"):  # the bundled gold files
        data |= {str(path), path.name}
    return data


def shown_texts(window) -> list[tuple[str, str]]:
    """Every (where, text) the window shows, outside the ``PENDING`` widgets."""
    out = []
    for widget in [window, *window.findChildren(QWidget)]:
        if not _pending(widget):
            out += [(where, text) for where, text in _texts(widget) if text]
    for action in _actions(window):
        parent = action.parent()
        if isinstance(parent, QWidget) and _pending(parent):
            continue
        if action.objectName() == "language_en":
            continue  # "English" names the language in itself
        if "Add_" in action.objectName():
            continue  # the builder's "add a block" menus: library class names
        name = action.objectName() or action.text()
        out += [(f"action {name!r}.{where}", text) for where, text in (
            ("text", action.text()), ("toolTip", action.toolTip()),
            ("statusTip", action.statusTip())) if text]
    return out


def untranslated(window) -> list[str]:
    """Every ``where: text`` of the window with English left in it."""
    data = _data_strings(window)
    return [f"{where}: {text!r} -> {words}" for where, text in shown_texts(window)
            if (words := english_left(text, data))]


def test_korean_window_has_no_english_left(qtbot, korean):
    window = korean
    # every view once, so each pane has drawn what it shows in it
    for key in window.view_actions:
        window.show_view(key)
        qtbot.wait(50)
    window.show_view("explore")
    assert window.windowTitle() == "서브워드 탐색기"
    assert i18n.current_language() == "ko"
    assert len(shown_texts(window)) > 400  # the walk reached the panes, menus and headers
    problems = untranslated(window)
    assert not problems, "English left in the Korean interface:\n" + "\n".join(problems)


def test_korean_context_menus_and_dialogs_have_no_english_left(qtbot, korean, tmp_path):
    from app.widgets.copy_actions import table_menu
    from app.widgets.corpus_preview import CorpusPreviewDialog
    from app.widgets.open_options import OpenOptionsDialog
    from subword_core.corpus.file_preview import preview_files

    window = korean
    data = _data_strings(window)
    view = window.offsets_pane.table
    menu = table_menu(view, view.model().index(0, 0), window.offsets_pane._copy_encoding_actions)
    texts = [t for a in menu.actions() for t in (a.text(), a.toolTip())]
    assert texts and all(not english_left(t, data) for t in texts), texts
    path = tmp_path / "tokenizer.json"
    window.session.tokenizer.save(str(path))
    jsonl = tmp_path / "records.jsonl"
    jsonl.write_text('{"text": "a b", "id": 1}\n' * 3, encoding="utf-8")
    for dialog in (OpenOptionsDialog(str(path), window),
                   CorpusPreviewDialog(preview_files([str(jsonl)]), [str(jsonl)], window)):
        qtbot.addWidget(dialog)
        problems = [f"{where}: {text!r}" for w in (dialog, *dialog.findChildren(QWidget))
                    for where, text in _texts(w)
                    if english_left(text or "", data | {"text", jsonl.name, path.name})]
        assert not problems, problems


def test_english_words_are_found():
    # the check itself: English is caught, Korean and technical names are not
    assert english_left("Open corpus", set()) == ["Open", "corpus"]
    assert english_left("말뭉치 열기(&C)… tokenizer.json, BPE, id 3", set()) == []
    assert english_left("<b>윈도우 2개</b>", set()) == []
    assert english_left("bpe-60 통계", {"bpe-60"}) == []


def test_language_menu_switches_english_and_korean_at_once(qtbot, settings, sample_paths):
    from app import create_main_window
    from app_helpers import load_corpus

    # not the shared fixture: switching deletes the window it was given
    window = create_main_window(load_sample=False, settings=settings)
    load_corpus(qtbot, window, sample_paths[:1])
    window.session.set_text("hello 세계")
    window.show_view("vocab")
    session, selection = window.session, window.selection
    assert window.findChild(QAction, "language_system").isChecked()

    window.findChild(QAction, "language_ko").trigger()
    app = QApplication.instance()
    qtbot.waitUntil(lambda: getattr(app, "_subword_window", window) is not window, timeout=5000)
    korean = app._subword_window
    try:
        assert korean.windowTitle() == "서브워드 탐색기"
        assert korean.menuBar().actions()[0].text() == "파일(&F)"
        assert korean.docks["corpus"].windowTitle() == "말뭉치"
        # the same session and selection, the same view, the corpus table refilled
        assert korean.session is session and korean.selection is selection
        assert session.parent() is korean
        assert korean.views.current == "vocab"
        assert korean.corpus_pane.model.rowCount() == window_rows(session)
        assert korean.encoding_pane.input.toPlainText() == "hello 세계"
        assert korean.settings.value("language") == "ko"
        assert korean.findChild(QAction, "language_ko").isChecked()

        korean.findChild(QAction, "language_en").trigger()
        qtbot.waitUntil(lambda: app._subword_window is not korean, timeout=5000)
        english = app._subword_window
        assert english.windowTitle() == "Subword Explorer"
        assert english.menuBar().actions()[0].text() == "&File"
        assert english.session is session
        assert english.settings.value("language") == "en"
        english.shutdown()
        english.close()
        english.deleteLater()
    finally:
        i18n.install("en")
        app._subword_window = None


def window_rows(session) -> int:
    return len(session.corpus.word_counts)


def test_system_language_follows_the_locale(monkeypatch):
    from PySide6.QtCore import QLocale

    assert i18n.locale_language(QLocale(QLocale.Language.Korean)) == "ko"
    assert i18n.locale_language(QLocale(QLocale.Language.German)) == "en"
    monkeypatch.setenv(i18n.ENV_SYSTEM_LANGUAGE, "ko")
    assert i18n.resolve("system") == "ko" and i18n.resolve("en") == "en"
    try:
        assert i18n.install("system") == "ko"
        assert QCoreApplication.translate("TaskView", "Explore") == "탐색"
        # Qt's own strings (standard buttons) come from qtbase_ko
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "취소"
    finally:
        assert i18n.install("en") == "en"
    assert QCoreApplication.translate("TaskView", "Explore") == "Explore"


def _painted_texts(view, stops: int = 3) -> list[str]:
    """What a painted view says to assistive tools: its name and description, and the name,
    description of its first tokens (the values are the text itself)."""
    name, _value, description = view.a11y_texts(())
    out = [name, description]
    for path in view.a11y_stops()[:stops]:
        name, _value, description = view.a11y_texts(path)
        out += [name, description]
    return out


def test_korean_groupings_pages_and_painted_views(qtbot, korean, tmp_path):
    """The groupings pane's four pages filled in (gold labels with their whole-file figures,
    IOB alignment, the tiny model when torch is here), the trace and lattice captions, and
    what the painted views say: accessible names, descriptions and their tooltips."""
    from subword_core.analysis.compare import align_tokenizers
    from subword_core.models import Unigram

    from app import resources
    from app.widgets.compare_view import CompareView
    from app.widgets.trace_view import TraceView

    window = korean
    window.show_view("explore")
    pane = window.groupings_pane
    pane.mode_combo.setCurrentIndex(1)  # IOB labels aligned
    assert pane.iob_note.text()
    pane.mode_combo.setCurrentIndex(2)  # gold labels, whole-file figures in a worker
    page = pane.gold_page
    assert page.open_file(str(resources.resource_path("labeled") / "sample_spans.jsonl"))
    qtbot.waitUntil(lambda: page.figures_label.text().startswith("파일 전체"), timeout=20000)
    assert page.entities_model.rowCount() > 0
    entity_cells = [page.entities_model.index(r, c).data()
                    for r in range(page.entities_model.rowCount()) for c in (4, 5)]
    try:
        import torch  # noqa: F401 - the model page runs only with the ner extra
        import transformers  # noqa: F401
    except ImportError:
        model_loaded = False
    else:
        import sys

        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
        from ner_models import build_folder

        folder = build_folder(tmp_path / "bert", "wordpiece")
        pane.mode_combo.setCurrentIndex(3)
        with qtbot.waitSignal(pane.model_page.run_job.returned, timeout=60000):
            assert pane.model_page.open_folder(str(folder))
        qtbot.waitUntil(lambda: "그룹" in pane.model_page.status.text(), timeout=20000)
        model_loaded = True

    tokenizer = window.session.tokenizer
    trace = TraceView()
    qtbot.addWidget(trace)
    trace.show_trace("bpe", tokenizer.model.merge_trace("lowest"))
    unigram = Unigram([("<unk>", 0.0), ("한", -2.0), ("국", -2.0), ("어", -2.0), ("한국", -1.5),
                       ("한국어", -1.0)], unk_id=0)
    trace.show_trace("unigram", unigram.lattice("한국어x"))
    compare = CompareView()
    qtbot.addWidget(compare)
    names = [e.name for e in window.session.entries]
    alignment = align_tokenizers(window.session.text, {n: window.session.entry(n).tokenizer
                                                       for n in names})
    compare.set_alignment(alignment, names, [False] * len(names))
    windows = window.analysis_docks.windows
    window.show_view("windows")
    windows.max_length.setValue(4)  # 6 tokens: two windows and more
    windows.stride.setValue(1)
    qtbot.waitUntil(lambda: windows.windows is not None and len(windows.windows) > 1
                    and windows.windows.settings.max_length == 4, timeout=20000)

    data = _data_strings(window) | {"lowest", str(tmp_path / "bert")}
    texts = [(where, text) for w in (pane, trace, *pane.findChildren(QWidget),
                                     *trace.findChildren(QWidget), windows,
                                     *windows.findChildren(QWidget))
             for where, text in _texts(w) if text]
    assert any("iob_note" in w or "alignmentSummary" in w for w, _ in texts)
    assert any(w.startswith("modelStatus") for w, _ in texts) == model_loaded
    token_view = window.encoding_pane.view
    enc = window.session.encoding
    said = [*_painted_texts(token_view), *_painted_texts(trace.lattice_view),
            *_painted_texts(compare), *_painted_texts(windows.view),
            token_view.describe_tokens((0,)), token_view.describe_tokens(tuple(range(len(enc)))),
            compare.describe(0, 0), trace.lattice_view._tooltip(trace.lattice_view.edges[0]),
            *entity_cells]
    block = windows.view._blocks[1]
    said += [block.header, block.detail, *(windows.view.describe(1, cell)
                                           for cell in block.cells[:4])]
    problems = [f"{where}: {text!r}" for where, text in texts if english_left(text, data)]
    problems += [repr(text) for text in said if english_left(text or "", data)]
    assert not problems, "English left:\n" + "\n".join(problems)
