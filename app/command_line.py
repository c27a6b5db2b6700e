"""The ``subword-explorer`` command (and ``python -m app``): its options, then the window.

``--version``, ``--install-desktop-entry`` and ``--remove-desktop-entry`` answer without
importing Qt or opening a window (they work over ssh and in CI). Every other argument is left
for Qt (``-platform offscreen``, ``-style fusion``, ...), which reads them in ``QApplication``.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from . import desktop_entry

DISTRIBUTION = "subword-explorer"


def version() -> str:
    """The installed distribution's version (a bare checkout: the one in its pyproject.toml)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=DISTRIBUTION, allow_abbrev=False,
        description="Train, inspect and compare subword tokenizers.",
        epilog="Other arguments go to Qt (for example -platform offscreen).")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("--install-desktop-entry", action="store_true",
                   help="add the explorer to the desktop's application menu (with its icon) "
                        "under $XDG_DATA_HOME (~/.local/share), then exit")
    p.add_argument("--remove-desktop-entry", action="store_true",
                   help="remove what --install-desktop-entry wrote, then exit")
    return p


def main(argv: list[str] | None = None) -> int:
    """Handle our options; otherwise open the explorer with the arguments Qt should see."""
    argv = list(sys.argv if argv is None else argv)
    options, qt_args = parser().parse_known_args(argv[1:])
    if options.install_desktop_entry or options.remove_desktop_entry:
        return _desktop_entry(install=options.install_desktop_entry)
    from .main import main as open_window  # Qt and the window only from here on

    return open_window(argv[:1] + qt_args)


def _desktop_entry(install: bool) -> int:
    try:
        paths = desktop_entry.install() if install else desktop_entry.remove()
    except OSError as exc:
        print(f"{DISTRIBUTION}: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{'wrote' if install else 'removed'} {path}")
    return 0
