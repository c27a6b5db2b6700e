"""Every pane builds alone from a Session fixture and survives selections; panes stay independent."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.selection import Selection, SelectionModel
from app.session import CorpusState, Session, TokenizerEntry

PANES = Path(__file__).resolve().parents[2] / "app" / "panes"


@pytest.fixture(scope="module")
def trained():
    from subword_core.training.presets import train_tokenizer
    from subword_core._util.progress import drive

    docs = ["low lower newest widest", "the other theatre", "한국어 🙂 café"] * 10
    return drive(train_tokenizer(docs, "byte-bpe", 300))


def _session(trained):
    session = Session()
    session.set_corpus(CorpusState(["<texts>"], trained.report, {"low": 3, "the": 2}))
    session.add_tokenizer(TokenizerEntry("t", trained.tokenizer, trained.history, "byte-bpe"))
    session.set_text("the lowest 🙂")
    return session


@pytest.mark.parametrize("name", ["corpus_pane.CorpusPane", "training_pane.TrainingPane",
                                  "encoding_pane.EncodingPane", "offsets_pane.OffsetsPane",
                                  "groupings_pane.GroupingsPane", "merges_pane.MergesPane",
                                  "tokenizers_pane.TokenizersPane"])
def test_pane_runs_alone(qtbot, trained, name):
    import importlib

    module, cls = name.split(".")
    pane_cls = getattr(importlib.import_module(f"app.panes.{module}"), cls)
    session, selection = _session(trained), SelectionModel()
    pane = pane_cls(session, selection)
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    enc = session.encoding
    assert enc is not None and len(enc.ids) > 2  # something to select
    # a slot that raises is only printed by Qt: collect what the pane's slots raise
    with qtbot.captureExceptions() as raised:
        for sel in (Selection(span=(0, 3)), Selection(token_index=1, span=tuple(enc.offsets[1]),
                                                      token_ids=frozenset({enc.ids[1]})),
                    Selection(token_ids=frozenset(enc.ids[:2]), merge_rank=0), Selection()):
            selection.set(sel)
            assert selection.current == sel
            assert not pane.grab().isNull()  # paints with the selection shown
        session.set_text("")
        session.set_text("newest lower")
        session.remove_tokenizer("t")
        assert not pane.grab().isNull()  # and without a tokenizer
        if hasattr(pane, "shutdown"):
            pane.shutdown()
    assert [f"{kind.__name__}: {value}" for kind, value, _ in raised] == []


def test_panes_never_import_each_other():
    for path in PANES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = (node.module or "")
                assert not target.startswith(("panes", "app.panes")) and \
                    not (node.level == 1 and target and (PANES / f"{target}.py").exists()), \
                    f"{path.name} imports {target}"
                assert "main_window" not in target, path.name
