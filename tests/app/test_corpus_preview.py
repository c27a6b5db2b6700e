"""Opening a corpus with a preview: the first records, fields and columns picked from lists,
several files at once, failures in words; the options are kept with the loaded corpus."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QProgressBar,
)

from app.panes.corpus_pane import CorpusPane
from app.selection import SelectionModel
from app.session import Session
from app.widgets.corpus_preview import CorpusPreviewDialog


@pytest.fixture
def pane(qtbot):
    widget = CorpusPane(Session(), SelectionModel())
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.shutdown()


@pytest.fixture
def records(tmp_path):
    path = tmp_path / "records.jsonl"
    rows = [{"id": i, "title": "ignoredheading", "content": f"zebra quagga okapi {i}"}
            for i in range(40)]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "sentences.tsv"
    path.write_text("id\tsentence\tlabel\n" + "".join(f"{i}\tgiraffe number {i}\tpositive\n"
                                                    for i in range(30)), encoding="utf-8")
    return str(path)


class _Shown(list):
    pick: dict


@pytest.fixture
def dialogs(monkeypatch):
    """Replace the modal loop: each shown dialog is recorded, then ``pick`` runs on it."""
    shown = _Shown()
    pick = {"do": lambda dialog: QDialog.DialogCode.Accepted}

    def exec_(dialog):
        shown.append(dialog)
        return pick["do"](dialog)

    monkeypatch.setattr(CorpusPreviewDialog, "exec", exec_)
    shown.pick = pick
    return shown


def _choose_files(monkeypatch, paths):
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: (list(paths), "")))


def _open(qtbot, pane):
    with qtbot.waitSignal(pane.loaded, timeout=20000) as blocker:
        qtbot.mouseClick(pane.open_button, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def _header_texts(dialog):
    return [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]


def test_jsonl_fields_are_listed_and_the_chosen_one_is_read(qtbot, pane, records, dialogs,
                                                            monkeypatch):
    def pick(dialog):
        combo = dialog.field_combo
        assert combo.isVisibleTo(dialog) and not dialog.column_combo.isVisibleTo(dialog)
        assert [combo.itemText(i) for i in range(combo.count())] == ["title", "content"]
        assert _header_texts(dialog) == ["id", "title", "content"]
        assert dialog.table.rowCount() == 20 and dialog.table.item(0, 2).text() == "zebra quagga okapi 0"
        dialog.choose(field="content")
        assert dialog.documents.toPlainText().startswith("1. zebra quagga okapi 0")
        bold = [dialog.table.horizontalHeaderItem(c).font().bold() for c in range(3)]
        assert bold == [False, False, True]
        return QDialog.DialogCode.Accepted

    dialogs.pick["do"] = pick
    _choose_files(monkeypatch, [records])
    state = _open(qtbot, pane)
    assert len(dialogs) == 1 and "JSON lines" in dialogs[0].files_label.text()
    assert state.options == {"field": "content"} == pane.loaded_options()
    assert "zebra" in state.word_counts and "ignoredheading" not in state.word_counts
    assert pane.options_label.isVisible() and "content" in pane.options_label.text()


def test_csv_columns_are_listed_and_the_chosen_one_is_read(qtbot, pane, table, dialogs,
                                                           monkeypatch):
    def pick(dialog):
        combo = dialog.column_combo
        assert [combo.itemText(i) for i in range(combo.count())] == ["id", "sentence", "label"]
        assert not dialog.open_button.isEnabled() or combo.currentText()  # no default column
        dialog.choose(column="sentence")
        assert dialog.open_button.isEnabled()
        assert "giraffe number 0" in dialog.documents.toPlainText()
        return QDialog.DialogCode.Accepted

    dialogs.pick["do"] = pick
    _choose_files(monkeypatch, [table])
    state = _open(qtbot, pane)
    assert state.options == {"column": "sentence"}
    assert "giraffe" in state.word_counts and "positive" not in state.word_counts


def test_several_files_at_once(qtbot, pane, records, table, sample_paths, dialogs, monkeypatch):
    def pick(dialog):
        assert dialog.field_combo.isVisibleTo(dialog) and dialog.column_combo.isVisibleTo(dialog)
        dialog.choose(field="content", column="sentence")
        return QDialog.DialogCode.Accepted

    dialogs.pick["do"] = pick
    paths = [sample_paths[0], records, table]
    _choose_files(monkeypatch, paths)
    state = _open(qtbot, pane)
    assert dialogs[0].files_label.text().startswith("3 files")
    assert state.paths == paths and state.report.files == paths
    assert {"zebra", "giraffe"} <= set(state.word_counts)
    assert state.options == {"field": "content", "column": "sentence"}


def test_cancel_in_the_preview_keeps_the_corpus(qtbot, pane, records, dialogs, monkeypatch):
    dialogs.pick["do"] = lambda dialog: QDialog.DialogCode.Rejected
    _choose_files(monkeypatch, [records])
    qtbot.mouseClick(pane.open_button, Qt.MouseButton.LeftButton)
    assert len(dialogs) == 1 and not pane.is_loading() and pane._session.corpus is None


def test_unreadable_file_is_reported_in_words(qtbot, pane, tmp_path, dialogs, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text: shown.append((title, text))))
    binary = tmp_path / "image.txt"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" * 20)
    _choose_files(monkeypatch, [str(binary)])
    qtbot.mouseClick(pane.open_button, Qt.MouseButton.LeftButton)
    assert dialogs == [] and not pane.is_loading()
    title, text = shown[0]
    assert title == "Cannot open the corpus" and "binary file" in text and "Error" not in text


def test_a_failed_load_is_reported_in_words_and_clears_the_status(qtbot, pane, tmp_path,
                                                                  monkeypatch):
    shown, messages = [], []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text: shown.append((title, text))))
    pane._session.message.connect(messages.append)
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n\n", encoding="utf-8")
    assert pane.load_paths([str(empty)])
    qtbot.waitUntil(lambda: not pane.is_loading(), timeout=10000)
    title, text = shown[0]
    assert "empty" in text and "CorpusError" not in text and messages[-1] == ""


def test_drop_asks_only_when_a_choice_is_needed(qtbot, pane, records, sample_paths, dialogs,
                                                monkeypatch):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    def drop(path):
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(path)])
        pane.dropEvent(QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                                  Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))

    shown = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text: shown.append((title, text))))
    with qtbot.waitSignal(pane.loaded, timeout=20000):
        drop(sample_paths[0])  # plain text: read at once
    assert dialogs == []
    qtbot.waitUntil(lambda: not pane.is_loading())
    dialogs.pick["do"] = lambda d: (d.choose(field="content"), QDialog.DialogCode.Accepted)[1]
    with qtbot.waitSignal(pane.loaded, timeout=20000) as blocker:
        drop(records)  # no "text" field: the user picks one
    assert len(dialogs) == 1 and blocker.args[0].options == {"field": "content"}
    assert shown == []


def test_load_paths_takes_the_options_as_keywords(qtbot, pane, records):
    with qtbot.waitSignal(pane.loaded, timeout=20000) as blocker:
        assert pane.load_paths([records], field="content", column=None, glob="")
    assert blocker.args[0].options == {"field": "content"}


def test_folder_preview_with_a_pattern(qtbot, tmp_path, dialogs, monkeypatch):
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha beta\n", encoding="utf-8")
    (folder / "b.jsonl").write_text('{"body": "gamma delta"}\n', encoding="utf-8")
    pane = CorpusPane(Session(), SelectionModel())
    qtbot.addWidget(pane)

    def pick(dialog):
        assert dialog.glob_edit.isVisibleTo(dialog) and dialog.field_combo.isVisibleTo(dialog)
        dialog.glob_edit.setText("*.txt")
        qtbot.mouseClick(dialog.glob_button, Qt.MouseButton.LeftButton)
        assert not dialog.field_combo.isVisibleTo(dialog)  # only the .txt file is left
        return QDialog.DialogCode.Accepted

    dialogs.pick["do"] = pick
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *a, **k: str(folder)))
    with qtbot.waitSignal(pane.loaded, timeout=20000) as blocker:
        qtbot.mouseClick(pane.folder_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].options == {"glob": "*.txt"}
    assert set(blocker.args[0].word_counts) == {"alpha", "beta"}
    pane.shutdown()


def test_tooltips_and_small_minimum_height(qtbot, pane, records):
    from subword_core.corpus.file_preview import preview_files

    dialog = CorpusPreviewDialog(preview_files([records]), [records])
    qtbot.addWidget(dialog)
    for widget in (pane, dialog):
        controls = [w for kind in (QComboBox, QLineEdit, QAbstractButton, QProgressBar)
                    for w in widget.findChildren(kind)
                    if not w.objectName().startswith("qt_") and w.isVisibleTo(widget)]
        assert controls and [w.objectName() or w.text() for w in controls if not w.toolTip()] == []
    assert pane.minimumSizeHint().height() <= 300
