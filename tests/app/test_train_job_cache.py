"""The training child's counts cache: retraining the same corpus skips the corpus pass."""

from __future__ import annotations

import pytest

from app.train_job import counts_cache_dir, finish_train_job, train_job
from subword_core.corpus import counting
from subword_core._util.progress import drive


def _request(path, vocab_size: int) -> dict:
    return {"paths": [str(path)], "reading": {}, "algorithm": "bpe", "scoring": None,
            "vocab_size": vocab_size, "min_frequency": None, "special_tokens": None}


def test_retraining_at_another_size_reuses_the_counts(sample_paths, tmp_path, monkeypatch):
    # conftest points XDG_CACHE_HOME into tmp_path: the real cache is never touched
    assert counts_cache_dir() == tmp_path / "cache" / "subword-explorer" / "counts"
    first = finish_train_job(drive(train_job(_request(sample_paths[0], 300), lambda: False)))
    assert len(list(counts_cache_dir().glob("*.tsv.gz"))) == 1

    def no_counting(*args, **kwargs):
        raise AssertionError("the corpus was read again")

    monkeypatch.setattr(counting, "iter_count", no_counting)
    again = finish_train_job(drive(train_job(_request(sample_paths[0], 400), lambda: False)))
    assert again.report == first.report
    assert again.vocab_size > first.vocab_size
    other = tmp_path / "other.txt"
    other.write_text("other words\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="read again"):  # another file: counted
        drive(train_job(_request(other, 400), lambda: False))
