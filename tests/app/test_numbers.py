"""Counts in tables show thousands separators (English and Korean); copies stay plain numbers."""

from __future__ import annotations

import pytest
from app_helpers import load_corpus, show_dock
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QStyleOptionViewItem, QTableView

from app.session import TokenizerEntry
from app.widgets.copy_actions import table_tsv
from app.wording import count_text
from subword_core.models import WordPiece
from subword_core.tokenizer import Tokenizer


def _shown(view: QTableView, row: int, column: int) -> str:
    """The cell's text exactly as the view paints it (the view's own item options)."""
    index = view.model().index(row, column)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    view.itemDelegateForIndex(index).initStyleOption(option, index)
    return option.text


@pytest.fixture
def big_counts(tmp_path) -> str:
    path = tmp_path / "big.txt"
    path.write_text(("the cat sat " * 500 + "\n") * 4, encoding="utf-8")  # 2,000 of each
    return str(path)


def test_corpus_counts_show_separators_and_copy_plain(qtbot, window, big_counts):
    load_corpus(qtbot, window, [big_counts])
    view = window.corpus_pane.table
    column = 1  # count
    row = next(r for r in range(view.model().rowCount())
               if view.model().index(r, 0).data() == "the")
    assert view.model().index(row, column).data() == 2000
    assert _shown(view, row, column) == "2,000"
    assert "\t2000\t" in table_tsv(view, [row])  # the clipboard gets the plain number
    assert "c×2,000" in window.corpus_pane.report_label.text()  # "Top characters"


def test_vocabulary_ids_are_numbers_shown_with_separators(qtbot, window):
    vocab = {f"w{i}": i for i in range(1500)} | {"[UNK]": 1500}
    tokenizer = Tokenizer(WordPiece(vocab, unk_token="[UNK]"))
    window.session.add_tokenizer(TokenizerEntry("wp", tokenizer, algorithm="file"))
    show_dock(qtbot, window, "vocab")
    pane = window.vocab_pane
    qtbot.waitUntil(lambda: pane.model.rowCount() == 1501, timeout=20000)
    view = pane.table
    model = view.model()
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == 1234)
    assert _shown(view, row, 0) == "1,234"
    assert table_tsv(view, [row], header=False).split("\t")[0] == "1234"


def test_korean_interface_uses_its_locale():
    old = QLocale()
    try:
        QLocale.setDefault(QLocale(QLocale.Language.Korean, QLocale.Country.SouthKorea))
        assert count_text(1234567) == "1,234,567"
        QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
        assert count_text(1234567) == "1.234.567"  # whatever the language's separator is
    finally:
        QLocale.setDefault(old)


def test_delegate_answers_strings_and_ints_without_calling_back_into_qt(qtbot, monkeypatch):
    """A table asks the delegate for every cell it paints: strings and ints are answered in
    Python as Qt would, without a second call across into Qt's displayText."""
    from PySide6.QtWidgets import QStyledItemDelegate

    from app.widgets.numbers import ThousandsDelegate

    plain = QStyledItemDelegate()
    locale = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)  # as item views pass it
    expected = {"a\nb": plain.displayText("a\nb", locale), 1234567: "1.234.567"}
    calls = []
    original = QStyledItemDelegate.displayText
    monkeypatch.setattr(QStyledItemDelegate, "displayText",
                        lambda self, value, loc: calls.append(value) or original(self, value, loc))
    delegate = ThousandsDelegate()
    for value, shown in expected.items():
        assert delegate.displayText(value, locale) == shown
    assert calls == []
    assert delegate.displayText(1.5, locale) == "1,5" and calls == [1.5]  # others: Qt's
