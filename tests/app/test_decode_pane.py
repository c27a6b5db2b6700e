"""DecodePane through its real widgets: ids in, text and tokens out, problems in words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.panes.decode_pane import DecodePane
from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core import Tokenizer
from subword_core.analysis import visible_token
from subword_core._util.progress import drive

DOCS = ["low lower newest widest the other", "한국어 문장 🙂 café naïve"] * 5
TEXT = "the lowest 한국어 🙂"


@pytest.fixture(scope="module")
def byte_bpe(tmp_path_factory):
    from subword_core.training.presets import train_tokenizer

    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    return drive(train_tokenizer([path], "byte-bpe", 300))


@pytest.fixture(scope="module")
def bert():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from wild_sources import tokenizer_json

    return Tokenizer.from_str(tokenizer_json("bert-base-uncased"))


@pytest.fixture
def session():
    s = Session()
    yield s
    s.shutdown()


@pytest.fixture
def pane(qtbot, session):
    p = DecodePane(session, SelectionModel())
    qtbot.addWidget(p)
    p.resize(900, 500)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.shutdown()


def rows(pane) -> list[list[str]]:
    m = pane.tokens_model
    return [[str(m.data(m.index(r, c))) for c in range(m.columnCount())]
            for r in range(m.rowCount())]


def test_without_a_tokenizer_it_says_what_to_do(qtbot, pane):
    pane.ids_edit.setPlainText("1 2 3")
    pane.decode()
    assert pane.status.text() == "open or train a tokenizer to decode ids"
    assert not pane.from_text_button.isEnabled()


def test_pasted_ids_decode_and_bad_ids_are_reported_in_words(qtbot, pane, session, byte_bpe):
    tok = byte_bpe.tokenizer
    session.add_tokenizer(TokenizerEntry("byte-bpe", tok, byte_bpe.history, "byte-bpe"))
    ids = tok.encode(TEXT).ids
    pane.ids_edit.setPlainText(str(ids))  # as Python prints a list
    qtbot.waitUntil(lambda: pane.text_view.toPlainText() == TEXT)
    assert pane.problems.isHidden()
    assert [r[1] for r in rows(pane)] == [f"{i:,}" for i in ids]
    assert [r[2] for r in rows(pane)] == [visible_token(t, True) for t in tok.encode(TEXT).tokens]
    assert pane.status.text() == f"{len(ids)} tokens → {len(TEXT)} characters"
    # unknown ids and words: left out, named, never an exception
    pane.ids_edit.setPlainText(f"{ids[0]}, 99999, oops, {ids[1]}")
    qtbot.waitUntil(lambda: pane.text_view.toPlainText() == tok.decode([ids[0], ids[1]]))
    assert pane.problems.isVisible()
    assert pane.problems.text() == ("1 id not in the vocabulary (left out): 99999; "
                                    "1 piece not a token id (ignored): oops")
    assert len(rows(pane)) == 2
    # clicking a token selects its id for the other panes
    pane.tokens_table.selectRow(1)
    assert pane._selection.current.token_ids == frozenset({ids[1]})


def test_from_the_current_text_fills_in_its_ids(qtbot, pane, session, byte_bpe):
    session.add_tokenizer(TokenizerEntry("byte-bpe", byte_bpe.tokenizer, byte_bpe.history))
    session.set_text(TEXT)
    assert pane.from_text_button.isEnabled()
    qtbot.mouseClick(pane.from_text_button, Qt.MouseButton.LeftButton)
    assert pane.ids_edit.toPlainText() == str(session.encoding.ids)
    assert pane.text_view.toPlainText() == TEXT


def test_bert_file_with_and_without_special_tokens(qtbot, pane, session, bert):
    session.add_tokenizer(TokenizerEntry("bert-base-uncased", bert, algorithm="file"))
    pane.ids_edit.setPlainText("[101, 7592, 2088, 102]")
    pane.decode()
    assert pane.text_view.toPlainText() == "[CLS] hello world [SEP]"
    assert [r[2] for r in rows(pane)] == ["[CLS]", "hello", "world", "[SEP]"]
    pane.skip_special.setChecked(True)
    assert pane.text_view.toPlainText() == "hello world"
    assert pane.text_view.toPlainText() == bert.decode([101, 7592, 2088, 102])
