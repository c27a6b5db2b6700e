"""Compare pane: gold-label columns (share of entities split, tokens per entity) per tokenizer."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core.analysis.gold import iter_gold_figures, read_gold
from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import drive

SPANS = Path(__file__).resolve().parents[2] / "resources" / "labeled" / "sample_spans.jsonl"
CORPUS = ["Ada Lovelace met Charles Babbage in London", "the United Nations in New York"] * 5
SIZES = {"wordpiece": 80, "byte-bpe": 300}


@pytest.fixture(scope="module")
def tokenizers():
    return {alg: drive(train_tokenizer(CORPUS, alg, size)).tokenizer
            for alg, size in SIZES.items()}


@pytest.fixture
def pane(qtbot, tokenizers):
    from app.panes.compare_pane import ComparePane

    session = Session()
    for alg, tok in tokenizers.items():
        session.add_tokenizer(TokenizerEntry(alg, tok, algorithm=alg))
    session.set_text("Ada in London")
    widget = ComparePane(session, SelectionModel())
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_compared(list(SIZES))
    yield widget
    widget.shutdown()
    session.shutdown()


def _header(model) -> list[str]:
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_gold_columns_show_each_tokenizers_figures(qtbot, pane, tokenizers, tmp_path,
                                                   monkeypatch):
    table = pane.tabs.widget(0)
    split_col = _header(pane.metrics_model).index("gold entities split")
    assert table.isColumnHidden(split_col)  # no gold labels yet
    with qtbot.waitSignal(pane.gold_job.returned, timeout=20000):
        assert pane.open_gold(str(SPANS))
    assert not table.isColumnHidden(split_col)
    docs = read_gold(str(SPANS))
    qtbot.waitUntil(lambda: pane.metrics_model.rowCount() == 2, timeout=20000)
    for row in range(2):
        record = pane.metrics_model.record_at(row)
        expected = drive(iter_gold_figures(docs, tokenizers[record["name"]]))
        assert record["gold"] == expected
        cells = [pane.metrics_model.data(pane.metrics_model.index(row, c))
                 for c in (split_col, split_col + 1)]
        assert cells == [f"{expected.share_split:.1%}", f"{expected.tokens_per_entity:.2f}"]
    # the two tokenizers fragment the entities differently: the columns tell them apart
    assert len({pane.metrics_model.record_at(r)["gold"].tokens for r in range(2)}) == 2

    path = tmp_path / "metrics.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))
    qtbot.mouseClick(pane.findChild(QWidget, "compareExportButton"), Qt.MouseButton.LeftButton)
    header = next(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert header[-2:] == ["gold entities split", "gold tokens/entity"]


def test_a_bad_gold_file_shows_a_message(pane, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: shown.append(a[2]))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    assert not pane.open_gold(str(bad))
    assert shown and "bad.jsonl" in shown[0]
    assert pane.tabs.widget(0).isColumnHidden(len(pane.metric_columns) - 1)
