"""llama.cpp's ``.gguf`` files in the window: the open dialog, drops, every view, bad files.

The files are llama.cpp's own vocab test files (``reference_files``: fetched by
``scripts/fetch_references.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import load_corpus
from PySide6.QtCore import QCoreApplication, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app import file_actions

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from reference_files import reference_file  # noqa: E402

pytest.importorskip("gguf")


@pytest.fixture
def boxes(monkeypatch):
    shown: list[tuple[str, str]] = []
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(
            lambda _parent, title, text, *a, _k=kind, **k: shown.append((title, text))))
    return shown


def _drop(window, path: str) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(path)])
    window.dropEvent(QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                                Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))


def test_open_dialog_lists_gguf():
    text = file_actions.open_filter()
    assert "*.gguf" in text.split(";;")[0]
    assert "llama.cpp GGUF (*.gguf)" in file_actions.OPEN_FILTER


def test_a_gguf_file_opens_from_the_dialog_and_every_view_shows_it(qtbot, window, boxes,
                                                                    sample_paths, monkeypatch):
    path = reference_file("llama.cpp", "ggml-vocab-deepseek-coder.gguf")
    load_corpus(qtbot, window, sample_paths)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    window.open_tokenizer_action.trigger()
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=60000)
    entry = window.session.current
    assert entry.tokenizer.source.format == "gguf"
    assert entry.tokenizer.gguf.pre == "deepseek-coder"
    window.encoding_pane.input.setPlainText("def f(x):\n    return 42  # 数字 🙂")
    for key in ("explore", "compare", "oov", "stats", "vocab"):
        window.show_view(key)
        for dock in window.docks.values():
            pane = dock.widget().widget() if hasattr(dock.widget(), "widget") else dock.widget()
            if dock.isVisible() and hasattr(pane, "catch_up"):
                pane.catch_up()
        qtbot.wait(200)
    assert not boxes


def test_a_dropped_gguf_opens_as_a_tokenizer(qtbot, window, boxes, tmp_path):
    source = reference_file("llama.cpp", "ggml-vocab-bert-bge.gguf")
    assert file_actions.looks_like_tokenizer(str(source))
    renamed = tmp_path / "weights.bin"  # recognised by its content too
    renamed.write_bytes(source.read_bytes())
    assert file_actions.split_dropped([str(renamed)]) == ([str(renamed)], [])
    _drop(window, str(source))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=60000)
    assert window.session.current.tokenizer.source.format == "gguf"
    assert not boxes


def test_a_truncated_gguf_is_one_line_and_the_session_is_unchanged(qtbot, window, boxes,
                                                                   tmp_path):
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(reference_file("llama.cpp", "ggml-vocab-gpt-2.gguf").read_bytes()[:5000])
    assert window.open_tokenizer(str(cut))
    qtbot.waitUntil(lambda: bool(boxes), timeout=30000)
    title, text = boxes[0]
    assert title == QCoreApplication.translate("FileActions", "Cannot open tokenizer")
    assert "cut.gguf" in text and "cut short" in text and "Traceback" not in text
    assert window.session.entries == []


@pytest.fixture
def korean(qapp):
    from app import i18n

    assert i18n.install("ko") == "ko"
    yield
    i18n.install("en")


def test_gguf_description_in_korean(korean):
    from test_korean import english_left

    from app import wording

    text = ("llama-bpe: GGUF BPE tokenizer (model 'gpt2', pre 'llama-bpe'), 128,256 tokens, "
            "chat template")
    said = wording.source_description(text)
    assert said.startswith("llama-bpe: GGUF BPE 토크나이저 (모델 'gpt2', 사전 토크나이저 "
                           "'llama-bpe'), 토큰 128,256개, 채팅 템플릿"), said
    assert not english_left(said, {"llama", "bpe", "gpt2", "GGUF"}), said  # names stay
