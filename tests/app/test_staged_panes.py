"""Issue 20, views shown for the first time without a stall: the Build, Lessons, Conformance,
Vocabulary and Languages panes are built a step per event-loop turn (``lazy_panes.build_in_steps``), go
in their dock complete, and behave as a pane built at once; a pane asked for or left while it
is being built is finished at once or when seen again."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from app.lazy_panes import build_in_steps, staging, steps_of
from app.session import TokenizerEntry

STAGED = {"build": "builder", "lessons": "lessons", "conformance": "conformance",
          "vocab": "vocab", "languages": "languages"}


@pytest.fixture(scope="module")
def tokenizers():
    from subword_core._util.progress import drive
    from subword_core.training.presets import train_tokenizer

    corpus = ["low lower newest widest the other", "theatre thesis lowest lowering"] * 5
    return {alg: drive(train_tokenizer(corpus, alg, size)).tokenizer
            for alg, size in (("bpe", 60), ("unigram", 40))}


def _steps(log: list[str], name: str):
    log.append(f"{name} 1")
    yield
    log.append(f"{name} 2")


def test_steps_run_at_once_outside_staging_and_one_per_next_inside(qapp):
    log: list[str] = []
    pane, part = QWidget(), QWidget()
    build_in_steps(pane, _steps(log, "alone"))
    assert log == ["alone 1", "alone 2"]
    log.clear()
    with staging() as held:
        build_in_steps(part, _steps(log, "part"))  # a widget the pane makes on the way
        build_in_steps(pane, _steps(log, "pane"))
    assert log == []
    steps = steps_of(pane, held)
    assert log == ["part 1", "part 2"]  # only the pane's maker runs its steps later
    next(steps)
    assert log[2:] == ["pane 1"]
    assert next(steps, None) is None and log[3:] == ["pane 2"]


def _turns_until_built(window, key: str) -> int:
    turns = 0
    while not window.is_built(key):
        window._build_next()  # one turn of the build timer
        turns += 1
        assert turns < 50
    return turns


@pytest.mark.parametrize("view", list(STAGED))
def test_a_heavy_pane_is_built_over_several_turns_and_goes_in_its_dock_complete(
        qtbot, window, view):
    key = STAGED[view]
    window.show()
    qtbot.waitExposed(window)
    window.show_view(view)
    slot = window.docks[key].widget()
    window._build_next()
    window._build_next()
    # made, and its first steps run, but its dock still shows the empty slot
    assert key in window._constructions and not slot.is_built()
    assert _turns_until_built(window, key) >= 2
    assert slot.widget() is window.pane(key) and key not in window._constructions


def test_the_build_pane_built_in_steps_is_the_pane_built_at_once(qtbot, window):
    from app.panes.builder_pane import BuilderPane

    window.show()
    qtbot.waitExposed(window)
    window.session.set_text("Héllò wörld, 2024")
    window.show_view("build")
    _turns_until_built(window, "builder")
    pane = window.builder_pane
    alone = BuilderPane(window.session, window.selection, window.training, window.settings)
    qtbot.addWidget(alone)
    try:
        assert pane.spec() == alone.spec()
        assert pane.start_combo.currentData() == alone.start_combo.currentData()
        # the previews of the session's text come as before
        qtbot.waitUntil(lambda: pane.preview is not None and not pane.preview_job.is_running())
        assert pane.preview.original == "Héllò wörld, 2024"
        assert pane.norm_model.rowCount() > 0 and pane.pre_model.rowCount() > 0
    finally:
        alone.shutdown()


def test_a_pane_asked_for_while_being_built_is_finished_at_once_and_works(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    window.show_view("lessons")
    window._build_next()
    window._build_next()
    assert "lessons" in window._constructions
    pane = window.lessons_pane  # code needs it now: the rest of its steps run now
    assert window.is_built("lessons") and "lessons" not in window._constructions
    assert window.docks["lessons"].widget().widget() is pane
    assert pane.result is not None and pane.position_label.text().startswith("Step 1 of")
    assert pane.next() and pane.position_label.text().startswith("Step 2 of")
    # the timer has nothing left to do for it
    window._build_next()
    assert window.lessons_pane is pane


def test_a_view_left_half_built_finishes_its_pane_when_shown_again(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    window.show_view("build")
    window._build_next()
    window._build_next()
    window.show_view("explore")
    qtbot.waitUntil(lambda: window.is_built("encoding") and window.is_built("offsets"))
    qtbot.wait(50)
    assert not window.is_built("builder")  # paused while out of sight
    window.show_view("build")
    qtbot.waitUntil(lambda: window.is_built("builder"))
    assert window.docks["builder"].widget().widget() is window.builder_pane


def test_what_the_session_says_between_the_steps_reaches_the_pane(qtbot, window, tokenizers):
    session = window.session
    for name, tokenizer in tokenizers.items():  # "file": closing the window asks nothing
        session.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="file"), False)
    session.set_current("bpe")
    window.show()
    qtbot.waitExposed(window)
    window.show_view("vocab")
    window._build_next()
    window._build_next()
    assert "vocab" in window._constructions
    session.set_current("unigram")  # between two of its steps
    window.show_view("conformance")
    window._build_next()
    window._build_next()
    assert "conformance" in window._constructions
    session.add_tokenizer(TokenizerEntry("bpe again", tokenizers["bpe"], algorithm="file"),
                          False)
    qtbot.waitUntil(lambda: window.is_built("conformance"))
    pickers = window.analysis_docks.conformance.left
    assert [pickers.itemText(i) for i in range(pickers.count())] == [
        "bpe", "unigram", "bpe again"]
    window.show_view("vocab")
    qtbot.waitUntil(lambda: window.is_built("vocab"))
    vocab = window.vocab_pane
    qtbot.waitUntil(lambda: vocab.model.rowCount() == tokenizers["unigram"].get_vocab_size())
    assert vocab._entry.name == "unigram"


def test_a_window_closed_before_a_made_pane_is_in_its_dock_stops_that_pane(qtbot, window):
    window.show()
    qtbot.waitExposed(window)
    window.show_view("vocab")
    while "vocab" not in window._made:
        window._build_next()
    pane = window._made["vocab"]
    stopped: list[object] = []
    pane.shutdown = lambda: stopped.append(pane)
    window.shutdown()
    assert stopped == [pane]


def test_the_groupings_pane_is_built_over_several_turns(qtbot, window):
    """Explore's groupings pane (25-45 ms of widgets, a 120 ms stall in a busy session) is
    made in steps too: controls, the gold and model pages, then layout and wiring."""
    window.show()
    qtbot.waitExposed(window)
    window.show_view("explore")
    window.docks["groupings"].raise_()  # its tab, behind the offsets' at first
    turns = 0
    while "groupings" not in window._constructions:
        assert not window.is_built("groupings")
        window._build_next()
        turns += 1
        assert turns < 50
    assert _turns_until_built(window, "groupings") >= 3
    pane = window.pane("groupings")
    assert window.docks["groupings"].widget().widget() is pane
    assert pane.stack.count() == 4 and pane.gold_page.parent() is not None
