"""Demo of the analysis docks (compare, unseen words, statistics) on the bundled corpora.

Trains the four presets on ``resources/corpora`` (a second or two), puts them in a
Session, and shows the encoding pane with the three analysis docks. Used for the
Xvfb screenshots::

    python scripts/demo_analysis.py [compare|oov|stats] [tab index]   # demo session
    python scripts/demo_analysis.py stats window                       # the real window + docks
    DEMO_DARK=1 python scripts/demo_analysis.py compare                # dark palette

``oov 2`` / ``oov 3 N`` select a word of the WordPiece / Unigram tokenizer (the lattice).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMainWindow

from app.analysis_docks import add_analysis_docks
from app.main import ensure_app
from app.panes.encoding_pane import EncodingPane
from app.resources import SAMPLE_TEXT, sample_corpora
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import drive

PRESETS = [("byte-bpe", 600), ("bpe", 900), ("wordpiece", 800), ("unigram", 800)]


def build(focus: str = "compare", tab: int = 0) -> QMainWindow:
    paths = [p for p in sample_corpora() if p.suffix == ".txt"]
    session, selection = Session(), SelectionModel()
    result = None
    for algorithm, size in PRESETS:
        result = drive(train_tokenizer(paths, algorithm, size))
        session.add_tokenizer(
            TokenizerEntry(
                f"{algorithm} {size}",
                result.tokenizer,
                result.history,
                algorithm,
                {"vocab_size": size},
                "sample",
            )
        )
    from subword_core.corpus import count_words

    counts, report = count_words(paths)
    session.set_corpus(CorpusState([str(p) for p in paths], report, counts))
    session.set_text(SAMPLE_TEXT)
    window = QMainWindow()
    window.setWindowTitle("Subword Explorer — analysis docks demo")
    window.setCentralWidget(EncodingPane(session, selection))
    docks = add_analysis_docks(window, session, selection)
    for entry in session.entries:
        docks.compare.add_entry(entry.name)
    window.resize(1400, 950)
    window.resizeDocks([docks.docks["compare"]], [620], Qt.Orientation.Vertical)
    docks.docks[focus].raise_()
    pane = getattr(docks, focus)
    if focus == "stats":
        session.set_current("byte-bpe 600")
        pane.tabs.setCurrentIndex(tab)
    if focus == "oov":
        pane.tabs.setCurrentIndex(1 if tab == 1 else 0)
        if tab == 1:
            QTimer.singleShot(300, pane.compute_heldout)
        elif tab >= 2:  # 2: WordPiece, 3: Unigram lattice of the word given as 3rd argument
            top = pane.tree.topLevelItem(tab)
            pane.tree.setCurrentItem(top.child(int(sys.argv[3]) if len(sys.argv) > 3 else 0))
    window._keep = (session, selection, docks)  # noqa: SLF001 - keep the Python objects alive
    return window


def real_window(focus: str) -> QMainWindow:
    """The explorer's own window (first start: sample corpus, one training) plus the docks."""
    from PySide6.QtCore import QSettings

    from app.main import create_main_window

    settings = QSettings("/tmp/subword-demo-settings.ini", QSettings.Format.IniFormat)
    window = create_main_window(load_sample=True, settings=settings)
    docks = add_analysis_docks(window, window.session, window.selection)
    docks.docks[focus].raise_()
    return window


def use_dark_palette(app) -> None:
    """A dark Fusion palette (to check the views follow a dark system theme)."""
    from PySide6.QtGui import QColor, QPalette

    from app import main as app_main

    app.setStyle("Fusion")
    palette = QPalette()
    colors = {"Window": "#2b2b2b", "Base": "#1e1e1e", "Text": "#e6e6e6", "WindowText": "#e6e6e6",
              "Button": "#3a3a3a", "ButtonText": "#e6e6e6", "AlternateBase": "#262626"}
    for role, color in colors.items():
        palette.setColor(getattr(QPalette.ColorRole, role), QColor(color))
    app.setPalette(palette)
    app_main._configure_pyqtgraph(app)  # noqa: SLF001 - plots follow the new palette


if __name__ == "__main__":
    import os

    app = ensure_app()
    if os.environ.get("DEMO_DARK"):
        use_dark_palette(app)
    if len(sys.argv) > 2 and sys.argv[2] == "window":
        w = real_window(sys.argv[1])
        w.show()
        sys.exit(app.exec())
    w = build(
        sys.argv[1] if len(sys.argv) > 1 else "compare",
        int(sys.argv[2]) if len(sys.argv) > 2 else 0,
    )
    w.show()
    sys.exit(app.exec())
