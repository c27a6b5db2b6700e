"""Train all four at a size below the corpus's alphabet: one message box, one line per refusal.

The Build pane's "Train all four at" field goes down to 300; the sample corpus holds 706
symbols, so the character-level presets are refused with a VocabSizeError. That refusal is
said in a message box, in words (no traceback), and the run ends: no hang.
"""

from __future__ import annotations

from app_helpers import load_corpus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox


def test_train_all_four_below_the_alphabet_says_why_in_one_box(qtbot, window, sample_paths,
                                                                monkeypatch):
    boxes: list[tuple[str, str]] = []
    for name in ("critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(
            lambda parent, title, text, *a, **k: boxes.append((title, text))))
    load_corpus(qtbot, window, sample_paths)
    pane = window.builder_pane
    window.show_view("build")
    pane.four_spin.setValue(pane.four_spin.minimum())
    assert pane.four_spin.value() == 300
    qtbot.mouseClick(pane.four_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_busy() and not window.training_pane.is_training(),
                    timeout=180000)
    refusals = [text for _, text in boxes if "too small" in text]
    assert len(boxes) == 1 and len(refusals) == 1, boxes
    text = refusals[0]
    assert "Traceback" not in text and "Error" not in text
    # one line per preset refused, each the trainer's own sentence
    lines = [line for line in text.splitlines() if "too small" in line]
    assert lines and all("vocab size 300 is too small for" in line for line in lines)
