"""The disk cache of corpus figures: hits after a restart, misses on any change, survives damage."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from subword_core.analysis import corpus_profiles
from subword_core.analysis.compare import CorpusProfile, Metrics
from subword_core.analysis.corpus_profiles import ProfileCache, whole_corpus_profiles
from subword_core.analysis.figures.cache import FiguresStore
from subword_core.analysis.figures.fingerprint import tokenizer_fingerprint
from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import drive

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "corpora"


@pytest.fixture(scope="module")
def tokenizers():
    english = RESOURCES / "english.txt"
    return {name: drive(train_tokenizer(english, name, size)).tokenizer
            for name, size in (("byte-bpe", 400), ("wordpiece", 300))}


@pytest.fixture
def corpus_file(tmp_path) -> Path:
    path = tmp_path / "corpus.txt"
    path.write_text((RESOURCES / "english.txt").read_text(encoding="utf-8")
                    + "\n[CLS] 한국어 café 👩‍👩‍👧\n", encoding="utf-8")
    return path


class Counting:
    """Counts the corpus passes (and the encoding passes) a call makes."""

    def __init__(self, monkeypatch) -> None:
        self.counted = self.encoded = 0
        count, model = corpus_profiles._count_pass, corpus_profiles._model_pass

        def counting(*args, **kwargs):
            self.counted += 1
            return (yield from count(*args, **kwargs))

        def modelling(*args, **kwargs):
            self.encoded += 1
            return (yield from model(*args, **kwargs))

        monkeypatch.setattr(corpus_profiles, "_count_pass", counting)
        monkeypatch.setattr(corpus_profiles, "_model_pass", modelling)


def _same(a, b) -> None:
    for name in a:
        assert a[name].metrics == b[name].metrics
        assert a[name].token_counts == b[name].token_counts
        assert (a[name].shared_cuts, a[name].either_cuts, a[name].documents) == \
            (b[name].shared_cuts, b[name].either_cuts, b[name].documents)
        assert a[name].cut_sample_chars == b[name].cut_sample_chars


def test_a_restart_reads_the_figures_from_disk(tokenizers, corpus_file, tmp_path, monkeypatch):
    folder = tmp_path / "corpus-figures"
    first = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                  cache=ProfileCache(folder=folder))
    assert any(folder.glob("*.profile.npz")) and any(folder.glob("*.counts.npz"))
    passes = Counting(monkeypatch)
    again = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                  cache=ProfileCache(folder=folder))  # a new process's cache
    assert (passes.counted, passes.encoded) == (0, 0)
    _same(again, first)


def test_a_changed_file_is_measured_again(tokenizers, corpus_file, tmp_path, monkeypatch):
    folder = tmp_path / "corpus-figures"
    first = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                  cache=ProfileCache(folder=folder))
    with open(corpus_file, "a", encoding="utf-8") as fh:
        fh.write("one more line of text\n")
    passes = Counting(monkeypatch)
    changed = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                    cache=ProfileCache(folder=folder))
    assert passes.counted == 1
    assert changed["wordpiece"].metrics.characters > first["wordpiece"].metrics.characters


def test_same_size_but_newer_file_is_measured_again(tokenizers, corpus_file, tmp_path,
                                                     monkeypatch):
    folder = tmp_path / "corpus-figures"
    whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=ProfileCache(folder=folder))
    text = corpus_file.read_text(encoding="utf-8")
    corpus_file.write_text(text.replace("the", "tha", 1), encoding="utf-8")
    stat = corpus_file.stat()
    os.utime(corpus_file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    passes = Counting(monkeypatch)
    whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=ProfileCache(folder=folder))
    assert passes.counted == 1


def test_reading_options_are_part_of_the_key(tokenizers, tmp_path, monkeypatch):
    path = tmp_path / "c.jsonl"
    path.write_text('{"a": "hello world", "b": "another text entirely"}\n', encoding="utf-8")
    folder = tmp_path / "corpus-figures"
    from subword_core.corpus import Corpus

    a = whole_corpus_profiles(Corpus([path], field="a"), tokenizers, n_workers=1,
                              cache=ProfileCache(folder=folder))
    b = whole_corpus_profiles(Corpus([path], field="b"), tokenizers, n_workers=1,
                              cache=ProfileCache(folder=folder))
    assert a["wordpiece"].metrics != b["wordpiece"].metrics


def test_a_new_tokenizer_with_the_same_pipeline_reuses_the_counts(tokenizers, corpus_file,
                                                                  tmp_path, monkeypatch):
    folder = tmp_path / "corpus-figures"
    whole_corpus_profiles(corpus_file, {"wp": tokenizers["wordpiece"]}, n_workers=1,
                          cache=ProfileCache(folder=folder))
    retrained = drive(train_tokenizer(RESOURCES / "english.txt", "wordpiece", 200)).tokenizer
    assert tokenizer_fingerprint(retrained) != tokenizer_fingerprint(tokenizers["wordpiece"])
    passes = Counting(monkeypatch)
    got = whole_corpus_profiles(corpus_file, {"wp": retrained}, n_workers=1,
                                cache=ProfileCache(folder=folder))
    assert (passes.counted, passes.encoded) == (0, 1)  # counts from disk, encoded again
    fresh = whole_corpus_profiles(corpus_file, {"wp": retrained}, n_workers=1, cache=None)
    _same(got, fresh)


@pytest.mark.parametrize("damage", [b"", b"not a zip file", None])
def test_a_damaged_entry_is_measured_again(tokenizers, corpus_file, tmp_path, monkeypatch, damage):
    folder = tmp_path / "corpus-figures"
    first = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                  cache=ProfileCache(folder=folder))
    for path in folder.iterdir():
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if damage is None else damage)
    passes = Counting(monkeypatch)
    again = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                  cache=ProfileCache(folder=folder))
    assert passes.counted == 1
    _same(again, first)
    # and the entries were written again, whole
    passes = Counting(monkeypatch)
    whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=ProfileCache(folder=folder))
    assert passes.counted == 0


def test_the_folder_is_kept_under_its_bound(tmp_path):
    store = FiguresStore(tmp_path, max_bytes=5_000)
    profile = CorpusProfile(Metrics(10, 2, 3, 0), Counter({i: i + 1 for i in range(100)}))
    for k in range(20):
        store.put_profile(("profile", k), profile)
    size = sum(p.stat().st_size for p in tmp_path.iterdir())
    assert size <= 5_000
    assert store.get_profile(("profile", 19)) is not None  # the newest stay
    assert store.get_profile(("profile", 0)) is None


def test_least_recently_used_goes_first(tmp_path):
    store = FiguresStore(tmp_path, max_bytes=10**9)
    profile = CorpusProfile(Metrics(10, 2, 3, 0), Counter({1: 2}))
    for k in range(3):
        store.put_profile(("profile", k), profile)
        path = store._path(("profile", k), ".profile.npz")
        os.utime(path, ns=(k * 10**9, k * 10**9))
    assert store.get_profile(("profile", 0)) is not None  # read: now the most recent
    one = store._path(("profile", 0), ".profile.npz").stat().st_size
    store.max_bytes = 2 * one
    store.prune()
    assert store.get_profile(("profile", 0)) is not None
    assert store.get_profile(("profile", 1)) is None


def test_counts_round_trip_any_string(tmp_path):
    store = FiguresStore(tmp_path)
    inputs = Counter({"a": 1, "": 2, "\x00": 3, "한국어": 4, "\ud800": 5, "👩‍👩‍👧": 6, "ĠĊ": 7})
    store.put_counts(("counts", "k"), {"characters": 1}, inputs, Counter({5: 2}))
    totals, back, added = store.get_counts(("counts", "k"))
    assert back == inputs and list(back) == list(inputs)
    assert totals == {"characters": 1} and added == Counter({5: 2})


def test_an_unwritable_folder_costs_nothing_but_the_cache(tokenizers, corpus_file, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    got = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1,
                                cache=ProfileCache(folder=blocker / "corpus-figures"))
    assert got["wordpiece"].metrics.tokens > 0
