"""Demo of the vocabulary and decode panes with a real tokenizer and the bundled corpora.

Loads a tokenizer found by ``tests/core/wild_sources.py`` (default gpt2), counts the words
of ``resources/corpora/*.txt``, shows :class:`VocabPane` above :class:`DecodePane`,
then searches, selects a token and decodes the current text. Used for the Xvfb
screenshots::

    python scripts/demo_vocab.py [MODEL] [SEARCH] [MODE]
    python scripts/demo_vocab.py llama-3 한 substring
    python scripts/demo_vocab.py bert-base-uncased "^##ing" regex
    python scripts/demo_vocab.py unigram ▁th          # a preset trained on the bundled corpora
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QSplitter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from app.main import ensure_app  # noqa: E402
from app.panes.decode_pane import DecodePane  # noqa: E402
from app.panes.vocab_pane import VocabPane  # noqa: E402
from app.resources import sample_corpora  # noqa: E402
from app.selection import SelectionModel  # noqa: E402
from app.session import CorpusState, Session, TokenizerEntry  # noqa: E402
from subword_core import Tokenizer  # noqa: E402
from subword_core.corpus import count_words  # noqa: E402
from subword_core.training.presets import PRESETS, train_tokenizer  # noqa: E402
from subword_core._util.progress import drive  # noqa: E402


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "gpt2"
    query = sys.argv[2] if len(sys.argv) > 2 else "ing"
    mode = sys.argv[3] if len(sys.argv) > 3 else "substring"
    app = ensure_app()
    from wild_sources import tokenizer_json

    session, selection = Session(), SelectionModel()
    paths = [p for p in sample_corpora() if p.suffix == ".txt"]
    if name in PRESETS:  # trained here on the bundled corpora
        result = drive(train_tokenizer(paths, name, 800))
        session.add_tokenizer(TokenizerEntry(name, result.tokenizer, result.history, name))
    else:
        session.add_tokenizer(TokenizerEntry(name, Tokenizer.from_str(tokenizer_json(name)),
                                             algorithm="file"))
    words = count_words(paths)
    session.set_corpus(CorpusState([str(p) for p in paths], words.report, words.counts))
    session.set_text("Hello world, 한국어 텍스트 🇰🇷 café")
    window = QMainWindow()
    window.setWindowTitle(f"Vocabulary of {name}")
    splitter = QSplitter(Qt.Orientation.Vertical)
    vocab, decode = VocabPane(session, selection), DecodePane(session, selection)
    splitter.addWidget(vocab)
    splitter.addWidget(decode)
    splitter.setSizes([540, 260])
    window.setCentralWidget(splitter)
    window.resize(1280, 800)
    window.show()

    def search() -> None:
        vocab.mode_combo.setCurrentText(mode)
        vocab.search.setText(query)
        vocab.apply_search()
        decode.fill_from_text()

    def pick() -> None:
        vocab.table.sortByColumn(7, Qt.SortOrder.DescendingOrder)  # most frequent first
        if vocab.model.rowCount():
            vocab.table.selectRow(0)

    QTimer.singleShot(2500, search)
    QTimer.singleShot(5500, pick)
    app.aboutToQuit.connect(vocab.shutdown)
    app.exec()


if __name__ == "__main__":
    main()
