"""OverallProgress: one fraction across all stages of a real training, never going backwards."""

from __future__ import annotations

import pytest

from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import StageProgress, StageStarted
from subword_core.training.progress import OverallProgress, format_eta

TEXTS = ["the lower newest widest low lowest " * 3, "한국어 문장 café naïve 🙂 emoji"] * 40


@pytest.mark.parametrize("algorithm, size", [("byte-bpe", 400), ("bpe", 120),
                                             ("wordpiece", 150), ("unigram", 60)])
def test_fraction_is_monotone_over_a_real_run(algorithm, size):
    progress = OverallProgress(algorithm, target=size)
    fractions, labels = [], []
    gen = train_tokenizer(TEXTS, algorithm, size, special_tokens=[],
                          scoring="likelihood" if algorithm == "wordpiece" else None)
    try:
        while True:
            progress.update(next(gen))
            fractions.append(progress.fraction)
            labels.append(progress.label)
    except StopIteration:
        pass
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert fractions[-1] >= 0.97  # the finishing stage was reached
    assert labels[0] == "Reading the corpus" and labels[-1] == "Finishing"
    progress.finish()
    assert progress.percent == 100


def test_stage_restarts_do_not_move_the_bar_back():
    p = OverallProgress("byte-bpe", target=1000)
    p.update(StageStarted("count_words", 1000))
    p.update(StageProgress("count_words", 1000, 1000))
    read_done = p.fraction
    p.update(StageStarted("count_words", 50))  # the trainer's own word stage, new total
    p.update(StageProgress("count_words", 1, 50))
    assert p.fraction >= read_done and p.label == "Counting words"
    p.update(StageStarted("merge", 1000))
    p.update(StageProgress("merge", 300, 1000))  # merging starts at the alphabet size
    at_start = p.fraction
    p.update(StageProgress("merge", 650, 1000))
    assert 0.45 <= at_start < p.fraction < 0.97


def test_eta_from_elapsed_time():
    now = [0.0]
    p = OverallProgress("bpe", clock=lambda: now[0])
    assert p.eta_seconds() is None
    p.update(StageStarted("count_words", 100))
    now[0] = 7.0
    p.update(StageProgress("count_words", 100, 100))  # 35 % in 7 s: 13 s to go
    assert p.eta_seconds() == pytest.approx(13.0)
    assert format_eta(13.2) == "ETA 13 s" and format_eta(185) == "ETA 3 min 05 s"
    assert format_eta(None) == ""
