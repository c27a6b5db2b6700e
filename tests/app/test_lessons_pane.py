"""Lessons pane: every bundled lesson stepped to its end through the real pane; the numbers
shown checked against arithmetic done here; the pane's own views encode each step's text with
the step's tokenizer while the user's session (text, current tokenizer, tokenizer list) is
never touched; a step's tokenizer joins the session only through "Keep this tokenizer"; the
notes' slips are highlighted; Korean prose from the data, with no raw markup."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut, QTextDocument

from subword_core.teaching.lessons import load_lessons

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
        # the pane's own views encode the step's text with the step's tokenizer
        assert pane.step_view.text == result.view.text
        assert pane.step_view.tokenizer is result.view.tokenizer
        assert pane.step_view.token_view.encoding.tokens == result.view.tokenizer.encode(
            result.view.text).tokens
        assert pane.step_view.token_view.text == result.view.text
        assert pane.remarks_label.isVisibleTo(pane) == bool(result.remarks("en"))
        if k < len(lesson):
            qtbot.mouseClick(pane.next_button, Qt.MouseButton.LeftButton)
    assert not pane.next_button.isEnabled() and pane.back_button.isEnabled()
    # the user's session never saw the lesson
    assert window.session.entries == [] and window.session.text == ""
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
    # the pane's merge table lists the three merges of the lesson, with their counts
    assert [r[2] for r in pane.step_view.model.records] == ["##gs", "hu", "hugs"]
    assert not pane.step_view.table.isColumnHidden(3)


def test_unigram_lattice_and_losses(pane, window):
    pane.choose("hug-unigram", 2)
    assert pane.trace_view.currentIndex() == 2  # the lattice page
    lattice = pane.trace_view.lattice_view.lattice
    assert [lattice.nodes[i].piece for i in lattice.best_path] == ["un", "hug"]
    # P(un) P(hug) = 16/210 × 15/210
    assert lattice.best_score == pytest.approx(math.log(16 / 210) + math.log(15 / 210))
    rows = shown_rows(pane)
    assert rows["score(4)"]["Decimal"] == f"{16 * 15 / 210 ** 2:.6g}"
    assert pane.step_view.token_view.encoding.tokens == ["un", "hug"]
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
    # the step's tokenizer is the vocabulary without hug; its pieces are listed with scores
    assert "hug" not in pane.step_view.tokenizer.get_vocab()
    assert "hug" not in [r[1] for r in pane.step_view.model.records]
    assert pane.step_view.model.rowCount() == pane.step_view.tokenizer.get_vocab_size()
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


# -- the user's work is never touched --------------------------------------------------------
def _user_tokenizer():
    from subword_core.models import WordLevel
    from subword_core.pre_tokenizers import WhitespaceSplit
    from subword_core.tokenizer import Tokenizer

    tokenizer = Tokenizer(WordLevel({"[UNK]": 0, "My": 1, "text": 2}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = WhitespaceSplit()
    return tokenizer


@pytest.fixture
def user_work(window):
    """The user's text, two tokenizers (the second current), as typed and trained in Explore."""
    from app.session import TokenizerEntry

    session = window.session
    session.set_text("My text")
    # saved: a shown window asks about unsaved tokenizers when the test closes it
    for name in ("mine", "also mine"):
        session.add_tokenizer(TokenizerEntry(name, _user_tokenizer(), algorithm="bpe",
                                             saved_path=f"{name}.json"))
    return session


def _snapshot(session):
    return (session.text, session.current.name, [e.name for e in session.entries],
            [e.tokenizer for e in session.entries], session.encoding.tokens)


def test_lessons_never_change_the_users_work(qtbot, window, user_work):
    session = user_work
    before = _snapshot(session)
    signals = []
    for signal in (session.text_changed, session.tokenizer_changed, session.tokenizers_changed,
                   session.encoding_changed):
        signal.connect(lambda *args, s=signal: signals.append(s))
    window.show()
    window.show_view("lessons")
    pane = window.lessons_pane
    qtbot.wait(10)  # what the dock's coming into sight queues (catch_up calls) has run
    for lesson in pane.lessons:
        assert pane.choose(lesson.id)
        while pane.next():
            pass
        pane.back()
    pane.lesson_combo.activated.emit(1)
    window.show_view("explore")
    assert signals == []
    assert _snapshot(session) == before
    # autosave: the session kept for the next start holds no lesson
    from app.session_store import build_manifest, data_dir

    manifest = build_manifest(session, data_dir())
    assert [r["name"] for r in manifest["tokenizers"]] == ["mine", "also mine"]
    assert manifest["current"] == "also mine"


def test_keep_this_tokenizer_adds_a_copy_on_request(qtbot, window, user_work):
    session = user_work
    pane = window.lessons_pane
    window.show_view("lessons")
    pane.choose("hug-bpe", 2)
    qtbot.mouseClick(pane.step_view.keep_button, Qt.MouseButton.LeftButton)
    kept = [e for e in session.entries if e.algorithm == "lesson"]
    assert len(kept) == 1
    entry = kept[0]
    assert entry.name == f"Lesson: {pane.state.lesson.title('en')}, step 3"
    assert entry.tokenizer is not pane.step_view.tokenizer  # a copy: the lesson keeps its own
    assert (entry.tokenizer.encode("hugs pun").tokens
            == pane.step_view.tokenizer.encode("hugs pun").tokens)
    assert not entry.unsaved  # rebuilt from its lesson file: no question on quit
    # the user's text and current tokenizer stay; keeping the same step again adds nothing
    assert session.text == "My text" and session.current.name == "also mine"
    pane.keep_tokenizer()
    assert len([e for e in session.entries if e.algorithm == "lesson"]) == 1
    pane.next()
    pane.keep_tokenizer()
    assert len([e for e in session.entries if e.algorithm == "lesson"]) == 2
    # kept tokenizers are the user's: they are saved with the session
    from app.session_store import build_manifest, data_dir

    names = [r["name"] for r in build_manifest(session, data_dir())["tokenizers"]]
    assert names[:2] == ["mine", "also mine"] and len(names) == 4


def test_restore_drops_step_tokenizers_an_older_version_saved(qtbot, window, settings, tmp_path):
    import json

    from app import create_main_window
    from app.session import Session, TokenizerEntry
    from app.session_store import build_manifest

    old = Session()
    lesson_tokenizer = load_lessons()[2].step(1).view.tokenizer
    old.add_tokenizer(TokenizerEntry("mine", _user_tokenizer(), algorithm="bpe"))
    old.add_tokenizer(TokenizerEntry("Lesson: auto", lesson_tokenizer, algorithm="lesson",
                                     options={"lesson": "hug-bpe", "step": 2}))
    old.add_tokenizer(TokenizerEntry("Lesson: kept", lesson_tokenizer, algorithm="lesson",
                                     options={"lesson": "hug-bpe", "step": 2, "kept": True}))
    settings.setValue("session", json.dumps(build_manifest(old, tmp_path / "stored")))
    again = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(again)
    try:
        assert again.restore_session()
        qtbot.waitUntil(lambda: not again.is_restoring, timeout=10000)
        assert [e.name for e in again.session.entries] == ["mine", "Lesson: kept"]
    finally:
        again.shutdown()


def test_typed_text_and_clicked_tokens(qtbot, pane):
    view = pane.step_view
    pane.choose("hug-bpe", 2)
    qtbot.keyClicks(view.text_edit, " pugs")
    assert view.text.endswith(" pugs")
    assert view.token_view.encoding.tokens == view.tokenizer.encode(view.text).tokens
    pane.next()  # the reader's text stays while stepping
    assert view.text.endswith(" pugs")
    assert view.token_view.encoding.tokens == view.tokenizer.encode(view.text).tokens
    # a click on a token shows how its word is cut
    last = len(view.token_view.encoding) - 1
    view.token_view.token_clicked.emit(last)
    assert pane.trace_view.currentIndex() == 1 and "'pugs'" in pane.trace_view.caption.text()
    view.text_edit.clear()
    view.text_edit.textEdited.emit("")  # emptied: the step's text again
    assert view.text == pane.result.view.text
    pane.choose("hug-unigram", 0)
    assert view.text == pane.result.view.text


@pytest.mark.parametrize("language", ["en", "ko"])
def test_summary_shows_no_raw_markup(pane, language):
    pane.set_language(language)
    pane.choose("classic-bpe", 1)
    lesson = pane.state.lesson
    label = pane.summary_label
    assert label.textFormat() == Qt.TextFormat.RichText
    doc = QTextDocument()
    doc.setHtml(label.text())
    shown = doc.toPlainText()
    assert "<i>" not in shown and "</i>" not in shown
    assert shown == f"{lesson.summary(language)} ({lesson.source(language)})"
    assert "</w>" in shown  # the data's own angle brackets are kept as text
    pane.set_language("en")
