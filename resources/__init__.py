"""The explorer's bundled data files (not code): sample corpora, lessons, labelled samples, icons.

A wheel installs this folder as the package ``subword_core._resources`` (see ``setup.py``), so
that :mod:`subword_core.bundled` finds it through :mod:`importlib.resources`.
"""
