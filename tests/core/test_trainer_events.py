"""The trainer protocol: event order, ranks, return value, cancellation, history files."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, fields

import pytest

from subword_core.trainers import (
    BpeTrainer,
    MergeAdded,
    StageProgress,
    StageStarted,
    TrainerBase,
    TrainingHistory,
    UnigramStep,
    WordPieceTrainer,
    _pairs,
    base,
    drive,
)
from subword_core.trainers.history import HistoryFileError

HUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
TRAINERS = {
    "bpe": lambda: BpeTrainer(vocab_size=60, end_of_word_suffix="</w>"),
    "wordpiece": lambda: WordPieceTrainer(vocab_size=60),
    "wordpiece-frequency": lambda: WordPieceTrainer(vocab_size=60, scoring="frequency"),
}


def corpus(n=3000):
    return {f"w{i % 97}x{i}": (i % 7) + 1 for i in range(n)}


def collect(trainer, counts):
    events = []
    result = drive(trainer.iter_train(counts), events.append)
    return events, result


@pytest.mark.parametrize("name", TRAINERS)
def test_event_order_and_contiguous_ranks(name):
    events, (model, history) = collect(TRAINERS[name](), corpus(400))
    stages = [e.stage for e in events if isinstance(e, StageStarted)]
    assert stages == ["count_words", "count_pairs", "merge", "finalize"]
    merges = [e for e in events if isinstance(e, MergeAdded)]
    first = events.index(merges[0])
    assert isinstance(events[first - 1], (StageStarted, StageProgress))
    assert all(e.stage == "merge" for e in events[first:-1] if not isinstance(e, MergeAdded))
    assert [m.rank for m in merges] == list(range(len(merges)))
    assert history.merges == merges and history.trainer == type(TRAINERS[name]()).__name__
    vocab = model.get_vocab()
    assert all(vocab[m.token] == m.token_id for m in merges)
    assert len(vocab) == 60


@pytest.mark.parametrize("name", TRAINERS)
def test_return_value_equals_train(name):
    counts = corpus(300)
    _, (model, history) = collect(TRAINERS[name](), counts)
    seen = []
    model2, history2 = TRAINERS[name]().train(counts, on_event=seen.append)
    assert model2.get_vocab() == model.get_vocab()
    assert history2.records == history.records
    assert [e for e in seen if isinstance(e, MergeAdded)] == history.merges


@pytest.mark.parametrize("name", TRAINERS)
def test_cancel_with_close_leaves_trainer_reusable(name):
    trainer = TRAINERS[name]()
    counts = corpus(300)
    gen = trainer.iter_train(counts)
    for event in gen:
        if isinstance(event, MergeAdded) and event.rank == 3:
            break
    gen.close()
    with pytest.raises(StopIteration):
        next(gen)
    assert counts == corpus(300)  # the input is untouched
    model, _ = trainer.train(counts)
    reference, _ = TRAINERS[name]().train(corpus(300))
    assert model.get_vocab() == reference.get_vocab()


def test_cancel_during_counting(monkeypatch):
    monkeypatch.setattr(base.Ticker, "due", lambda self: True)
    gen = BpeTrainer(vocab_size=100).iter_train(corpus(5000))
    first = next(gen)
    assert first == StageStarted("count_words", 5000)
    assert isinstance(next(gen), StageProgress)
    gen.close()


def test_progress_is_yielded_while_counting_and_merging(monkeypatch):
    monkeypatch.setattr(base.Ticker, "due", lambda self: True)
    monkeypatch.setattr(_pairs, "_MERGE_CHUNK", 50)
    events, _ = collect(BpeTrainer(vocab_size=400), corpus(5000))
    progress = [e for e in events if isinstance(e, StageProgress)]
    by_stage = {s: [e.current for e in progress if e.stage == s] for s in
                ("count_words", "count_pairs", "merge")}
    assert len(by_stage["count_words"]) >= 4 and len(by_stage["count_pairs"]) >= 4
    assert by_stage["count_words"] == sorted(by_stage["count_words"])
    assert by_stage["merge"]
    # a merge touching more words than one chunk reports progress before its MergeAdded
    first_merge = next(i for i, e in enumerate(events) if isinstance(e, MergeAdded))
    assert isinstance(events[first_merge - 1], StageProgress)


def test_garbage_collector_is_paused_only_while_training():
    import gc

    assert gc.isenabled()
    gen = BpeTrainer(vocab_size=50).iter_train(HUG)
    next(gen)
    assert not gc.isenabled()
    gen.close()
    assert gc.isenabled()
    gc.disable()
    try:
        BpeTrainer(vocab_size=50).train(HUG)
        assert not gc.isenabled()  # the previous state is restored, not forced on
    finally:
        gc.enable()


def test_drive_closes_the_generator_when_the_callback_fails():
    gen = BpeTrainer(vocab_size=50).iter_train(HUG)

    def boom(event):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        drive(gen, boom)
    assert gen.gi_frame is None  # closed


def test_trainer_base_is_abstract_and_options_are_documented():
    with pytest.raises(NotImplementedError):
        TrainerBase().train(HUG)
    for cls in (BpeTrainer, WordPieceTrainer):
        specs = cls.option_specs()
        names = [s["name"] for s in specs]
        assert names[:6] == ["vocab_size", "min_frequency", "special_tokens", "limit_alphabet",
                             "initial_alphabet", "show_progress"]
        assert all(s["help"] for s in specs)
        assert {s["name"]: s["min"] for s in specs}["vocab_size"] == 0
    wp = {s["name"]: s for s in WordPieceTrainer.option_specs()}
    assert wp["scoring"]["choices"] == ("likelihood", "frequency")
    assert wp["continuing_subword_prefix"]["default"] == "##"
    assert BpeTrainer(vocab_size=5).options()["vocab_size"] == 5
    with pytest.raises(TypeError):
        BpeTrainer(5)  # keyword-only, like HF's Python API


def test_events_are_frozen_and_picklable():
    event = MergeAdded(0, "a", "b", "ab", 3, 7, 2, ("c", "d"), 7, True, 7.0)
    with pytest.raises(FrozenInstanceError):
        event.count = 1
    assert pickle.loads(pickle.dumps(event)) == event and event.pair == ("a", "b")
    for value in (StageStarted("merge", 3), StageProgress("merge", 1, 3),
                  UnigramStep(0, 10, 1.5, (("ab", 0.25),))):
        assert pickle.loads(pickle.dumps(value)) == value


def test_history_round_trip(tmp_path):
    _, history = WordPieceTrainer(vocab_size=20).train(HUG)
    history.record(UnigramStep(0, 12, 3.5, (("hu", 0.5), ("pu", 0.25))))
    history.record(StageProgress("merge", 1, 2))  # not a record: ignored
    path = tmp_path / "history.jsonl"
    history.save(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(history.records)
    loaded = TrainingHistory.load(path)
    assert loaded == history
    assert loaded.steps[0].removed == (("hu", 0.5), ("pu", 0.25))
    assert loaded.merges[0].runner_up == history.merges[0].runner_up
    assert loaded.options["vocab_size"] == 20 and loaded.trainer == "WordPieceTrainer"
    assert all(isinstance(r, MergeAdded) for r in loaded.merges)
    assert {f.name for f in fields(MergeAdded)} <= set(__import__("json").loads(lines[1]))


def test_history_errors(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header"}\n{"type": "Nope"}\n', encoding="utf-8")
    with pytest.raises(HistoryFileError):
        TrainingHistory.load(bad)
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(HistoryFileError):
        TrainingHistory.load(bad)
    with pytest.raises(HistoryFileError):
        TrainingHistory.load(tmp_path / "missing.jsonl")
    # a failed save leaves an existing file untouched
    good = tmp_path / "good.jsonl"
    TrainingHistory("X").save(good)
    before = good.read_text(encoding="utf-8")
    broken = TrainingHistory("X", {"bad": object()})
    with pytest.raises(TypeError):
        broken.save(good)
    assert good.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
