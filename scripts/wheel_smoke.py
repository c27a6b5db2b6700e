"""Smoke test of an installed wheel (run by scripts/wheel_smoke.sh with the fresh venv's python).

It runs from a temporary folder with ``-I`` (isolated mode), so nothing can come from the
checkout. It checks, offscreen:

1. the distribution installed ``subword_core`` and ``subword_explorer`` and no generic
   top-level ``app``;
2. the package data: the sample corpora, the five lessons, the labelled samples, the icon and
   the Korean catalogue;
3. the window opens, loads the bundled sample corpus and trains on it (a spawned worker
   process imports the installed package);
4. View ▸ Language switches the window to Korean.

Prints one line per check and exits 1 at the first that fails.
"""

from __future__ import annotations

import faulthandler
import importlib.util
import os
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

SITE = Path(sysconfig.get_paths()["purelib"]).resolve()
LESSONS = 5


START = time.monotonic()


def check(ok: object, what: str) -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what} [{time.monotonic() - START:.1f} s]", flush=True)
    if not ok:
        sys.exit(1)


def wait_until(condition, seconds: float) -> bool:
    from PySide6.QtCore import QCoreApplication

    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        QCoreApplication.processEvents()
        time.sleep(0.02)
    return True


def check_packages() -> None:
    import subword_core
    import subword_explorer

    for module in (subword_core, subword_explorer):
        where = Path(module.__file__).resolve()
        check(where.is_relative_to(SITE), f"{module.__name__} comes from the venv ({where})")
    check(importlib.util.find_spec("app") is None, "no top-level package 'app' is installed")


def check_data() -> None:
    from subword_core._util.bundled import bundled_root
    from subword_core.teaching.lessons import load_lessons
    from subword_explorer import desktop_entry, i18n, resources

    check(bundled_root().resolve().is_relative_to(SITE), f"bundled files in the venv ({bundled_root()})")
    corpora = [p.name for p in resources.sample_corpora()]
    check({"english.txt", "multilingual.txt"} <= set(corpora), f"sample corpora: {corpora}")
    lessons = load_lessons()
    check(len(lessons) == LESSONS, f"{len(lessons)} lessons: {[lesson.id for lesson in lessons]}")
    check(len(resources.labeled_samples()) >= 2, "labelled samples")
    check(desktop_entry.ICON.is_file(), "the icon")
    check(i18n.catalogue_path("ko").is_file(), "the Korean catalogue")


def check_window(settings_file: Path) -> None:
    from PySide6.QtCore import QSettings

    from subword_explorer import i18n, main_window
    from subword_explorer.main import create_main_window, ensure_app

    ensure_app([sys.argv[0], "-platform", "offscreen"])
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    settings.setValue(i18n.SETTINGS_KEY, "en")
    window = create_main_window(load_sample=True, settings=settings)
    window.show()
    check(window.windowTitle() == "Subword Explorer", "the window opens")
    session = window.session
    check(wait_until(lambda: session.corpus is not None, 120), "the sample corpus loads")
    paths = [Path(p).resolve() for p in session.corpus.paths]
    check(all(p.is_relative_to(SITE) for p in paths), f"from the venv: {[p.name for p in paths]}")
    check(wait_until(lambda: session.tokenizer is not None, 300),
          "a tokenizer trains on it (in a worker process)")
    check(len(window.lessons_pane.lessons) == LESSONS, "the Lessons view lists the five lessons")
    check(wait_until(lambda: not (window.training.is_training() or window.is_restoring
                                  or window.corpus_pane.is_loading()), 120),
          "the first training ends")  # switching now would ask first
    window = main_window.switch_language(window, "ko")
    check(window.windowTitle() == "서브워드 탐색기", f"Korean: {window.windowTitle()!r}")
    window.shutdown()


def watchdog(seconds: float) -> None:
    """Fail instead of hanging (a modal dialog, a worker that never ends)."""
    def expire() -> None:
        print(f"FAIL the smoke test did not finish within {seconds:.0f} s", flush=True)
        faulthandler.dump_traceback(all_threads=True)
        os._exit(1)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()


def main() -> int:
    watchdog(600)
    check(not (Path.cwd() / "app").exists(), f"not run from a checkout ({Path.cwd()})")
    check_packages()
    check_data()
    check_window(Path(tempfile.mkdtemp()) / "settings.ini")  # a first start: no saved session
    print("wheel smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
