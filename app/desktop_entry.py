"""A Linux desktop entry for the explorer: ``subword-explorer --install-desktop-entry``.

Writes, as the XDG base directory, desktop entry and icon theme specifications say:

- ``$XDG_DATA_HOME/applications/subword-explorer.desktop`` (default ``~/.local/share``), whose
  ``Exec`` starts *this* installation (the venv's or pipx's console script, or ``python -m app``
  in a checkout);
- its icon, ``$XDG_DATA_HOME/icons/hicolor/scalable/apps/subword-explorer.svg``.

Each file is written atomically, so installing again (after moving the venv) simply replaces
them; ``--remove-desktop-entry`` deletes both. Menus notice the new entry by themselves.
No Qt here: the command runs without a display.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from subword_core._util.bundled import bundled_path
from subword_core._util.fileio import atomic_write_bytes, atomic_write_text

APP_ID = "subword-explorer"
ICON = bundled_path("icons", f"{APP_ID}.svg")


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or relative (spec: ignore it)."""
    value = environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_paths(home: Path) -> tuple[Path, Path]:
    """Where the desktop file and the icon go under an XDG data home."""
    return (home / "applications" / f"{APP_ID}.desktop",
            home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg")


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts this installation, and the folder it must start in (or None).

    Installed, the package is ``subword_explorer`` and its console script sits beside the
    interpreter (a venv's or pipx's ``bin/``); run from a checkout it is ``app``, started as
    ``python -m app`` from the checkout's root.
    """
    if __package__ == "app":
        return [sys.executable, "-m", "app"], Path(__file__).resolve().parent.parent
    script = Path(sys.executable).parent / APP_ID
    if script.is_file():
        return [str(script)], None
    return [sys.executable, "-m", __package__], None


def quote_exec_arg(arg: str) -> str:
    """One argument of an ``Exec`` key (desktop entry spec, "The Exec key")."""
    reserved = set(" \t\n\"'\\><~|&;$*?#()`=")
    arg = arg.replace("%", "%%")  # a lone % starts a field code
    if not reserved.intersection(arg):
        return arg
    inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
    # the whole value is also a string value, whose own escapes double each backslash
    return '"' + inner.replace("\\", "\\\\") + '"'


def desktop_entry(command: Sequence[str], cwd: Path | None = None) -> str:
    """The text of the ``.desktop`` file that runs ``command`` (in ``cwd`` if given)."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Subword Explorer",
        "Name[ko]=서브워드 탐색기",
        "GenericName=Tokenizer explorer",
        "Comment=Train, inspect and compare subword tokenizers",
        "Exec=" + " ".join(quote_exec_arg(arg) for arg in command),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Development;",
        "Keywords=tokenizer;BPE;WordPiece;Unigram;NLP;",
    ]
    if cwd is not None:
        lines.append(f"Path={cwd}")
    return "\n".join(lines) + "\n"


def install(home: Path | None = None) -> list[Path]:
    """Write the desktop file and its icon under ``home`` (default :func:`data_home`)."""
    desktop, icon = entry_paths(home if home is not None else data_home())
    command, cwd = launch_command()
    for path in (desktop, icon):
        path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(icon, ICON.read_bytes())
    atomic_write_text(desktop, desktop_entry(command, cwd))  # last: it names the icon
    return [desktop, icon]


def remove(home: Path | None = None) -> list[Path]:
    """Delete what :func:`install` wrote; returns the files that were there."""
    removed = []
    for path in entry_paths(home if home is not None else data_home()):
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


__all__ = ["APP_ID", "data_home", "desktop_entry", "entry_paths", "install", "launch_command",
           "quote_exec_arg", "remove"]
