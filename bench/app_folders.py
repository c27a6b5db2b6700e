"""The app's folders of a benchmark run: set before Qt starts, so that nothing a bench does
reaches the user's data, config or cache folders."""

from __future__ import annotations

import os
from pathlib import Path


def isolate(folder: str | Path) -> Path:
    """Point the app's data, config and cache folders (``XDG_*_HOME``) under ``folder``,
    offscreen and in English unless the caller's environment says otherwise."""
    folder = Path(folder)
    for kind in ("DATA", "CONFIG", "CACHE"):
        os.environ[f"XDG_{kind}_HOME"] = str(folder / kind.lower())
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("SUBWORD_EXPLORER_SYSTEM_LANGUAGE", "en")
    return folder
