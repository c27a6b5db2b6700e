"""The corpus figures' cache of the window: in memory, and on disk in the app's data folder.

Compare and Statistics measure the whole corpus for each tokenizer
(:mod:`subword_core.analysis.corpus_profiles`); the results are kept in ``corpus-figures/`` beside
the app's saved tokenizers (:func:`app.session_store.data_dir`), so that after a restart
the restored tokenizers' figures come back from disk instead of from a corpus pass. An
edited corpus file or tokenizer is another key: it is measured again.

The panes' corpus passes run in the window's pool processes (:mod:`app.compare_jobs`):
they get :func:`figures_folder` and keep their own in-memory cache of it there
(:func:`app.compare_jobs.figures_cache_in`); :func:`figures_cache` is this process's.
"""

from __future__ import annotations

from pathlib import Path

from subword_core.analysis.corpus_profiles import ProfileCache

from .session_store import data_dir

_CACHES: dict[Path, ProfileCache] = {}


def figures_folder() -> Path:
    return data_dir().parent / "corpus-figures"


def figures_cache() -> ProfileCache:
    """The cache for the current data folder (one per folder: tests change it)."""
    folder = figures_folder()
    cache = _CACHES.get(folder)
    if cache is None:
        cache = _CACHES[folder] = ProfileCache(folder=folder)
    return cache
