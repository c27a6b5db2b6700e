"""Whole-corpus profiles in worker processes equal the single-process pass, and are cached."""

from __future__ import annotations

import gzip
import threading
from pathlib import Path

import pytest

from subword_core.analysis.compare import iter_corpus_profiles
from subword_core.corpus import Cancelled, Corpus
from subword_core.analysis.corpus_profiles import (
    ProfileCache,
    iter_whole_corpus_profiles,
    profile_documents,
    whole_corpus_profiles,
)
from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import drive

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "corpora"
TEXTS = [
    "The café's naïve façade — e\u0301 versus é.", "ﬁ ① ＡＢＣ full-width", "東京で寿司を食べた。",
    "한국어 형태소 분석기는 어렵다.", "family 👩‍👩‍👧 emoji", "tabs\tand\nnewlines   runs", "",
    "x" * 3000, "Hello world! " * 50,
]


@pytest.fixture(scope="module")
def tokenizers():
    english = RESOURCES / "english.txt"
    return {name: drive(train_tokenizer(english, name, size)).tokenizer
            for name, size in (("byte-bpe", 400), ("wordpiece", 300), ("unigram", 200))}


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("profiles") / "corpus.txt"
    english = (RESOURCES / "english.txt").read_text(encoding="utf-8")
    multi = (RESOURCES / "multilingual.txt").read_text(encoding="utf-8")
    path.write_text(english + "\n" + "\n".join(TEXTS) + "\n" + multi, encoding="utf-8")
    return path


def _same(a, b) -> None:
    assert a.keys() == b.keys()
    for name in a:
        assert a[name].metrics == b[name].metrics, name
        assert a[name].token_counts == b[name].token_counts, name
        assert (a[name].documents, a[name].shared_cuts, a[name].either_cuts) == \
            (b[name].documents, b[name].shared_cuts, b[name].either_cuts), name
        assert not a[name].truncated


def _reference(path: Path, tokenizers):
    return drive(iter_corpus_profiles(Corpus([path]).iter_documents(), tokenizers))


def test_chunked_in_process_equals_the_sequential_pass(corpus_file, tokenizers):
    expected = _reference(corpus_file, tokenizers)
    for chunk_chars in (1, 777, 10**9):
        got = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=None,
                                    chunk_chars=chunk_chars)
        _same(got, expected)


def test_worker_processes_equal_the_sequential_pass_on_gzip(corpus_file, tokenizers, tmp_path):
    gz = tmp_path / "corpus.txt.gz"
    gz.write_bytes(gzip.compress(corpus_file.read_bytes()))
    expected = _reference(corpus_file, tokenizers)
    got = whole_corpus_profiles(gz, tokenizers, n_workers=2, cache=None, chunk_chars=2_000)
    _same(got, expected)


def test_texts_are_profiled_but_not_cached(tokenizers):
    cache = ProfileCache()
    got = whole_corpus_profiles(TEXTS, tokenizers, n_workers=1, cache=cache)
    _same(got, profile_documents(TEXTS, tokenizers))
    assert cache.get(("anything",)) is None and not cache._items


def test_cache_hits_until_the_file_changes(corpus_file, tokenizers, tmp_path):
    path = tmp_path / "c.txt"
    path.write_text(corpus_file.read_text(encoding="utf-8"), encoding="utf-8")
    cache = ProfileCache()
    first = whole_corpus_profiles(path, tokenizers, n_workers=1, cache=cache)
    again = whole_corpus_profiles(path, tokenizers, n_workers=1, cache=cache)
    assert all(again[name] is first[name] for name in tokenizers)
    # another first tokenizer changes every row's cut agreement: not the same entries
    reordered = dict(reversed(list(tokenizers.items())))
    other = whole_corpus_profiles(path, reordered, n_workers=1, cache=cache)
    assert other["byte-bpe"] is not first["byte-bpe"]
    path.write_text(path.read_text(encoding="utf-8") + "\nmore text here\n", encoding="utf-8")
    changed = whole_corpus_profiles(path, tokenizers, n_workers=1, cache=cache)
    assert changed["byte-bpe"] is not first["byte-bpe"]
    assert changed["byte-bpe"].metrics.characters > first["byte-bpe"].metrics.characters


def test_cancel_stops_the_pass(corpus_file, tokenizers):
    stop = threading.Event()
    stop.set()
    gen = iter_whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=None,
                                     cancel=stop, chunk_chars=100)
    with pytest.raises(Cancelled):
        drive(gen)
