"""Lessons pane: every bundled lesson stepped to its end through the real pane; the numbers
shown checked against arithmetic done here; the session (text, current tokenizer, encoding)
follows each step; the notes' slips are highlighted; Korean prose from the data."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut

from subword_core.lessons import load_lessons

LESSON_IDS = [lesson.id for lesson in load_lessons()]


def shown_rows(pane) -> dict[str, dict[str, str]]:
    """Each table row by its first column: {column header: shown text}."""
    model = pane.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    rows = {}
    for r in range(model.rowCount()):
        cells = [model.data(model.index(r, c)) for c in range(model.columnCount())]
        rows[cells[0]] = dict(zip(headers, (str(c) if c is not None else "" for c in cells)))
    return rows


@pytest.fixture
def pane(window):
    window.show_view("lessons")
    return window.lessons_pane


def test_lessons_view_and_dock(window):
    assert "lessons" in window.docks
    assert "lessons" in [v.key for v in window.views.views]
    window.show_view("lessons")
    assert window.views.current == "lessons"
    assert window.docks["lessons"].isVisibleTo(window)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_step_each_lesson_to_its_end(qtbot, window, pane, lesson_id):
    assert pane.choose(lesson_id)
    lesson = pane.state.lesson
    assert not pane.back_button.isEnabled()
    for k in range(1, len(lesson) + 1):
        result = pane.result
        assert pane.position_label.text() == f"Step {k} of {len(lesson)}"
        assert pane.title_label.text() == result.title("en")
        # the table shows every figure the step computed, the notes' ones first
        rows = shown_rows(pane)
        assert pane.model.rowCount() == len(result.figures)
        for check in result.checks:
            row = rows[check.figure.label("en")]
            assert row["Value"] == check.figure.shown
            assert row["Check"] == {"agrees": "✓ agrees", "tie": "= tie",
                                    "differs": "✗ slip"}[check.status]
        first = pane.model.record_at(0)[0] if result.checks else None
        assert first is None or first.key == result.checks[0].figure.key
        # linked: the session encodes the step's text with the step's tokenizer
        session = window.session
        assert session.text == result.view.text
        assert session.current.name.startswith("Lesson: ")
        assert session.current.tokenizer is result.view.tokenizer
        assert session.encoding.tokens == result.view.tokenizer.encode(result.view.text).tokens
        assert pane.remarks_label.isVisibleTo(pane) == bool(result.remarks("en"))
        if k < len(lesson):
            qtbot.mouseClick(pane.next_button, Qt.MouseButton.LeftButton)
    assert not pane.next_button.isEnabled() and pane.back_button.isEnabled()
    # one tokenizer per lesson, updated in place
    assert sum(e.name.startswith("Lesson: ") for e in window.session.entries) == 1
    # the keyboard: the pane's shortcuts (offscreen no window is active, so Qt would not
    # dispatch the keys: trigger the shortcuts themselves)
    shortcuts = {s.key().toString(): s for s in pane.findChildren(QShortcut)}
    shortcuts["PgUp"].activated.emit()
    assert pane.state.index == len(lesson) - 2
    shortcuts["Alt+Right"].activated.emit()
    assert pane.state.index == len(lesson) - 1
    shortcuts["Alt+Left"].activated.emit()
    shortcuts["PgDown"].activated.emit()
    assert pane.state.index == len(lesson) - 1
    while pane.back():
        pass
    assert pane.state.index == 0 and pane.position_label.text().startswith("Step 1 of")


def test_wordpiece_slip_is_shown_and_highlighted(pane):
    pane.choose("hug-wordpiece", 3)
    rows = shown_rows(pane)
    # after two merges: hu 15, ##g 15 (hug 10 + pug 5), ##gs 5, ##u 21 (pug, pun, bun)
    hu_g = rows["score(hu, ##g)"]
    assert Fraction(hu_g["Value"]) == Fraction(10, 15 * 15)
    assert hu_g["The notes say"] == "1/15" and hu_g["Check"] == "✗ slip"
    assert Fraction(rows["score(hu, ##gs)"]["Value"]) == Fraction(5, 15 * 5)
    assert rows["score(hu, ##gs)"]["Check"] == "✓ agrees"
    assert Fraction(rows["score(##u, ##g)"]["Value"]) == Fraction(5, 21 * 15)
    assert rows["merge"]["Value"] == "[hu, ##gs]" and rows["merge"]["Check"] == "✗ slip"
    assert pane.remarks_label.isVisibleTo(pane)
    remarks = pane.remarks_label.text()
    assert "The notes say score(hu, ##g) = 1/15; the correct figure is 2/45" in remarks
    # the slipped rows are painted
    model = pane.model
    painted = [model.data(model.index(r, 0), Qt.ItemDataRole.BackgroundRole) is not None
               for r in range(model.rowCount())]
    labels = [model.data(model.index(r, 0)) for r in range(model.rowCount())]
    assert {l for l, p in zip(labels, painted) if p} == {"score(hu, ##g)", "score(##u, ##g)",
                                                         "merge"}
    # the merge history pane lists the three merges of the lesson
    history = pane._session.current.history
    assert [m.token for m in history.merges] == ["##gs", "hu", "hugs"]


def test_unigram_lattice_and_losses(pane, window):
    pane.choose("hug-unigram", 2)
    assert pane.trace_view.currentIndex() == 2  # the lattice page
    lattice = pane.trace_view.lattice_view.lattice
    assert [lattice.nodes[i].piece for i in lattice.best_path] == ["un", "hug"]
    # P(un) P(hug) = 16/210 × 15/210
    assert lattice.best_score == pytest.approx(math.log(16 / 210) + math.log(15 / 210))
    rows = shown_rows(pane)
    assert rows["score(4)"]["Decimal"] == f"{16 * 15 / 210 ** 2:.6g}"
    assert window.session.encoding.tokens == ["un", "hug"]
    pane.next()
    loss = (10 * -math.log(15 / 210) + 5 * -math.log(17 * 20 / 210 ** 2)
            + 12 * -math.log(17 * 16 / 210 ** 2) + 4 * -math.log(4 * 16 / 210 ** 2)
            + 5 * -math.log(15 * 5 / 210 ** 2))
    assert float(shown_rows(pane)["loss"]["Value"]) == pytest.approx(loss, rel=1e-5)
    pane.next()
    rows = shown_rows(pane)
    assert float(rows["loss increase without hug"]["Value"]) == pytest.approx(
        10 * math.log(10.5), rel=1e-5)
    assert rows["loss increase without hug"]["Check"] == "✓ agrees"
    # the session's tokenizer is the vocabulary without hug
    assert "hug" not in window.session.tokenizer.get_vocab()
    # clicking a word's row shows that word's lattice
    labels = list(rows)
    pane.table.selectRow(labels.index("tokens(hugs)"))
    assert pane.trace_view.lattice_view.lattice.sequence == "hugs"


def test_pug_slips_in_korean(pane):
    pane.set_language("ko")
    pane.choose("hug-unigram", 1)
    result = pane.result
    assert pane.title_label.text() == result.title("ko") == "pug의 분할들"
    assert pane.prose_label.text() == result.prose("ko")
    assert pane.lesson_combo.currentText() == "hug, pug, pun, bun, hugs: Unigram"
    remarks = pane.remarks_label.text()
    assert "노트의 값은 P([p, u, g]) = 0.000389이지만" in remarks and "17/210" in remarks
    rows = shown_rows(pane)
    assert Fraction(rows["P([p, u, g])"]["Value"]) == Fraction(17 * 36 * 20, 210 ** 3)
    pane.set_language("en")
    assert pane.title_label.text() == "The segmentations of pug"


def test_a_restored_lesson_tokenizer_is_reused(window, pane):
    from app.session import TokenizerEntry

    tokenizer = load_lessons()[2].step(0).view.tokenizer
    window.session.add_tokenizer(TokenizerEntry(
        "Lesson: restored", tokenizer, algorithm="lesson", options={"lesson": "hug-bpe",
                                                                    "step": 1}))
    pane.choose("hug-bpe", 2)
    lessons = [e for e in window.session.entries if e.algorithm == "lesson"]
    assert [e.name for e in lessons] == ["Lesson: restored"]
    assert window.session.current is lessons[0]
    assert lessons[0].options["step"] == 3 and lessons[0].tokenizer is pane.result.view.tokenizer
    assert window.session.encoding.tokens == ["h", "ug", "p", "ug", "p", "un", "b", "un",
                                              "h", "ug", "s"]


def test_catch_up_follows_the_lesson_once(window):
    pane = window.lessons_pane
    window.session.set_text("something else")
    pane.catch_up()
    assert window.session.text == pane.result.view.text
    window.session.set_text("typed later")
    pane.catch_up()  # already shown once: the user's text stays
    assert window.session.text == "typed later"
