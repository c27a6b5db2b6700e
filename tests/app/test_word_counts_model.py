"""WordCountsModel: sorting inside the model and filtering, on a large table."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from app.item_models import WordCountsModel, WordCountsTable
from app.item_models.word_counts_model import _sorted_by_word


def test_sorted_by_word_in_runs_matches_sorted():
    rng = random.Random(1)
    words = ["".join(rng.choice("abcdé한") for _ in range(rng.randint(1, 6))) for _ in range(5000)]
    assert _sorted_by_word(words, run=700) == sorted(range(len(words)), key=words.__getitem__)


def test_sort_and_filter_200k_rows(qtbot):
    counts = {f"w{i:06d}": (i * 7919) % 1000 + 1 for i in range(200_000)}
    model = WordCountsModel()
    model.set_table(WordCountsTable(counts))
    assert model.rowCount() == 200_000
    by_count = [model.word_at(r)[1] for r in range(50)]
    assert by_count == sorted(by_count, reverse=True)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert model.word_at(0)[0] == "w000000" and model.word_at(199_999)[0] == "w199999"
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert model.word_at(0)[0] == "w199999"
    model.set_text_filter("w19999")
    assert {model.word_at(r)[0] for r in range(model.rowCount())} == \
        {f"w19999{d}" for d in range(10)}
    assert model.data(model.index(0, 2)) > 0
