"""Fixtures for the GUI tests: an isolated QSettings file, the real window, corpus helpers.

tests/conftest.py already forces QT_QPA_PLATFORM=offscreen before any Qt import.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "resources" / "corpora"


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    # QSettings() with no arguments must never touch the user's real configuration
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    # nor the user's data folder (trained tokenizers kept for the next session)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # nor its cache (word counts the training child keeps for retraining)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    # the tests read English labels whatever the machine's locale (test_korean sets its own)
    monkeypatch.setenv("SUBWORD_EXPLORER_SYSTEM_LANGUAGE", "en")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "heavy_on_gui_thread(reason): the test means the app to do heavy core work "
        "on the GUI thread (see tests/app/gui_thread_guard.py)")


@pytest.fixture(autouse=True)
def _gui_thread_guard(request, monkeypatch):
    """Fail a test whose app code ran a known heavy core call on the GUI thread."""
    from gui_thread_guard import Guard

    guard = Guard()
    guard.install(monkeypatch)
    yield guard
    if guard.violations and request.node.get_closest_marker("heavy_on_gui_thread") is None:
        pytest.fail("heavy work on the GUI thread:\n  " + "\n  ".join(
            dict.fromkeys(guard.violations)), pytrace=False)


@pytest.fixture(autouse=True)
def _end_process_pools():
    """Process pools a test made (app.process_pool) end with it, not with the session;
    so do the threads of stopped jobs."""
    yield
    from app import process_pool, workers

    process_pool._shutdown_all()
    # threads a stopped job left to notice its abort end before the next test
    assert workers.wait_for_orphans(60), "a worker thread ignored its abort for a minute"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def sample_paths(tmp_path) -> list[str]:
    """The bundled .txt corpora, or a small temporary one while they are missing."""
    paths = sorted(str(p) for p in CORPORA.glob("*.txt"))
    if paths:
        return paths
    path = tmp_path / "tiny.txt"
    path.write_text("low lower newest widest\n한국어 문장 🙂 café\n" * 50, encoding="utf-8")
    return [str(path)]


@pytest.fixture
def big_corpus(tmp_path) -> str:
    """A few MB of pseudo-words: long enough that a training can be cancelled midway."""
    rng = random.Random(7)
    syllables = ["ka", "to", "ri", "men", "sa", "lo", "ve", "qu", "ne", "ba", "di", "xo", "ul"]
    words = ["".join(rng.choice(syllables) for _ in range(rng.randint(1, 4))) for _ in range(30000)]
    path = tmp_path / "big.txt"
    with open(path, "w", encoding="utf-8") as fh:
        for _ in range(40000):
            fh.write(" ".join(rng.choice(words) for _ in range(12)) + "\n")
    return str(path)


@pytest.fixture
def window(qtbot, settings):
    from app import create_main_window

    win = create_main_window(load_sample=False, settings=settings)
    qtbot.addWidget(win)
    yield win
    win.shutdown()  # stop every worker before the QThreads are destroyed
