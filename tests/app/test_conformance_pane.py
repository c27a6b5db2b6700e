"""The Conformance view: two session tokenizers compared in the process pool, the report laid
out as :func:`subword_core.analysis.conformance.compare_tokenizers` computes it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.selection import SelectionModel
from app.session import Session, TokenizerEntry
from subword_core.analysis.conformance import compare_tokenizers
from subword_core.tokenizer import Tokenizer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import tokenizer_json  # noqa: E402


@pytest.fixture(scope="module")
def gpt2():
    try:
        return Tokenizer.from_str(tokenizer_json("gpt2"))
    except Exception as exc:  # noqa: BLE001 - the package that ships the files is missing
        pytest.skip(f"GPT-2 files not available: {exc}")


@pytest.fixture(scope="module")
def changed(gpt2):
    data = json.loads(gpt2.to_str())
    data["model"]["merges"].remove(["Ġ", "1"])
    return Tokenizer.from_str(json.dumps(data))


@pytest.fixture
def pane(qtbot, gpt2, changed):
    from app.panes.conformance_pane import ConformancePane

    session = Session()
    for name, tokenizer in (("gpt2", gpt2), ("gpt2 changed", changed), ("gpt2 again", gpt2)):
        session.add_tokenizer(TokenizerEntry(name, tokenizer, None, "file"))
    pane = ConformancePane(session, SelectionModel())
    pane.test_session = session
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show()
    qtbot.waitExposed(pane)
    yield pane
    pane.shutdown()


def _run(qtbot, pane, left: str, right: str):
    pane.report = None
    pane.pick(left, right)
    with qtbot.waitSignal(pane.job.returned, timeout=60000):
        pane.run_button.click()
    return pane.report


def test_a_changed_tokenizer_shows_where_it_parts(qtbot, pane, gpt2, changed):
    assert pane.left.count() == 3 and pane.run_button.isEnabled()
    report = _run(qtbot, pane, "gpt2", "gpt2 changed")
    assert report == compare_tokenizers(gpt2, changed, left_name="gpt2",
                                        right_name="gpt2 changed")
    assert f"{report.n_agree} of {report.n_texts} texts" in pane.summary.text()
    assert "Compared by ids" in pane.summary.text()
    assert pane.details["minimal"].text() == "«␣1»"
    assert pane.details["stage"].text() == "model output (before post-processing)"
    assert pane.details["origin"].text().startswith("built-in probe (numbers): In␣1994")
    assert pane.details["token"].text() == "#0: A ␣1 id 352 at 0–2 · B ␣ id 220 at 0–1"
    # the two encodings of the minimal text side by side, the differing row marked
    table = pane.table
    assert table.rowCount() == 2
    assert [table.item(0, c).text() for c in range(7)] == ["0", "␣1", "352", "0–2",
                                                            "␣", "220", "0–1"]
    assert [table.item(1, c).text() for c in range(7)] == ["1", "", "", "", "1", "16", "1–2"]
    assert table.item(0, 1).background().color() != table.item(1, 1).background().color()
    pane.show_text.click()  # the shortest text goes to the Encoding pane
    assert pane.test_session.text == " 1"


def test_the_same_model_twice_is_identical(qtbot, pane):
    report = _run(qtbot, pane, "gpt2", "gpt2 again")
    assert report.identical and "Identical on every text" in pane.summary.text()
    assert pane.table.rowCount() == 0 and pane.details["stage"].text() == ""
    assert not pane.show_text.isEnabled()


def test_it_is_a_view_of_its_own(qtbot, window):
    action = window.view_actions["conformance"]
    assert action.shortcut().toString() == "Ctrl+Shift+1" and action.text() == "Conformance"
    window.show_view("conformance")
    assert type(window.analysis_docks.conformance).__name__ == "ConformancePane"
    assert window.docks["conformance"].windowTitle() == "Conformance"
    assert not window.docks["conformance"].isHidden()
    assert window.docks["compare"].isHidden()
