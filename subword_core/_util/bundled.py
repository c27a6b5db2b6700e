"""Find the data files shipped with the explorer: sample corpora, lessons, labelled samples, icons.

The repository keeps them in its top-level ``resources/`` folder. A wheel (``pip install .``,
``pipx install``) installs that folder as the package data ``subword_core._resources``
(setuptools' ``package_dir`` in ``setup.py``), read here through :mod:`importlib.resources`.

Run from a source checkout, the folder beside the ``subword_core`` package is used first, even
when an editable install of another checkout is also on the path (one ``.venv`` shared by
several worktrees would otherwise read the other checkout's files).

Example:
    >>> (bundled_path("lessons") / "01_byte_pair_compression.json").is_file()
    True
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

#: The installed name of the repository's ``resources/`` folder.
PACKAGE = "subword_core._resources"


@functools.cache
def bundled_root() -> Path:
    """The folder holding the bundled files (``resources/`` in a checkout)."""
    checkout = _checkout_resources()
    if checkout is not None:
        return checkout
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:  # a checkout without its resources/ folder
        return Path(str(resources.files("subword_core"))).parent / "resources"
    # pip installs wheels unpacked, so the package data is a real folder, not a zip member
    return Path(str(root))


def bundled_path(*parts: str) -> Path:
    """A file or folder under :func:`bundled_root` (it may not exist)."""
    return bundled_root().joinpath(*parts)


def _checkout_resources() -> Path | None:
    # a checkout has pyproject.toml beside the package; site-packages never does
    top = Path(str(resources.files("subword_core"))).parent
    folder = top / "resources"
    return folder if (top / "pyproject.toml").is_file() and folder.is_dir() else None


__all__ = ["PACKAGE", "bundled_path", "bundled_root"]
