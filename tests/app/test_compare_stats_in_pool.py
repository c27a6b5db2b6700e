"""Compare and Statistics run their heavy jobs in the window's pool processes (issue 20: a
worker thread of the window's process held its GIL), with the same results as the core
computed here, and the tokenizers sent to each process once."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pool_cache import mirror_of
from app.process_pool import PoolWorker, pool_for
from app.selection import SelectionModel
from app.session import CorpusState, Session, TokenizerEntry
from subword_core.analysis import unk_id
from subword_core.analysis.compare import (
    align_tokenizers,
    model_vocab,
    surface_form,
    text_metrics,
    vocab_overlap,
)
from subword_core.analysis.corpus_profiles import whole_corpus_profiles
from subword_core.analysis.stats import length_histogram, zipf, zipf_slope
from subword_core._util.progress import drive

DOCS = ["low lower newest widest the other", "theatre thesis lowest", "한국어 문장 🙂 café naïve",
        "the newest theatre is the lowest [UNK]"] * 5
SIZES = {"bpe": 90, "wordpiece": 90, "byte-bpe": 280, "unigram": 70}
TEXT = "the lowest 한국어 🙂 newer wider 42"
GOLD = Path(__file__).resolve().parents[2] / "resources" / "labeled" / "sample_spans.jsonl"


@pytest.fixture(scope="module")
def corpus_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "tiny.txt"
    path.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(corpus_file):
    from subword_core.training.presets import train_tokenizer

    return {alg: drive(train_tokenizer([corpus_file], alg, size)) for alg, size in SIZES.items()}


@pytest.fixture
def session(trained, corpus_file):
    s = Session()
    for alg, result in trained.items():
        s.add_tokenizer(TokenizerEntry(alg, result.tokenizer, result.history, alg, {}))
    s.set_corpus(CorpusState([str(corpus_file)], result.report, {}))
    s.set_text(TEXT)
    yield s
    s.shutdown()


def _shown(qtbot, pane):
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    qtbot.waitExposed(pane)
    return pane


def _in_pool(job) -> bool:
    return job._handle is not None and isinstance(job._handle.worker, PoolWorker)


def _overlap_as_before(a, tok_a, b, tok_b):
    """vocab_overlap as it was: every surface form asks whether its tokenizer is byte-level."""
    va, vb = model_vocab(tok_a), model_vocab(tok_b)
    sa = {surface_form(t, tok_a) for t in va}
    sb = {surface_form(t, tok_b) for t in vb}
    return len(va), len(vb), len(va & vb), len(sa), len(sb), len(sa & sb)


def test_compare_jobs_run_in_the_pool_with_the_cores_results(qtbot, session, trained,
                                                            corpus_file):
    from app.panes.compare_pane import ComparePane

    pane = _shown(qtbot, ComparePane(session, SelectionModel()))
    names = ["wordpiece", "bpe", "byte-bpe", "unigram"]
    tokenizers = {name: trained[name].tokenizer for name in names}
    with qtbot.waitSignals([pane.text_job.returned, pane.job.returned], timeout=60000):
        pane.set_compared(names)
        qtbot.waitUntil(lambda: _in_pool(pane.text_job), timeout=5000)  # once painted
        # the corpus pass a moment later (ComparePane._flush)
        with qtbot.waitSignal(pane.job.running_changed, timeout=5000):
            pass
        assert _in_pool(pane.job)
    qtbot.waitUntil(lambda: not pane.text_job.is_running() and not pane.job.is_running())
    # the text: rows, metrics and overlaps as the core computes them here
    assert pane.alignment == align_tokenizers(TEXT, tokenizers)
    for record in pane.metrics_model.records:
        tok = tokenizers[record["name"]]
        row = pane.alignment.row(record["name"])
        assert record["text"] == text_metrics(TEXT, row.encoding, unk_id(tok))
    pairs = pane.overlap_model.records
    assert [(o.a, o.b) for o in pairs] == [(a, b) for i, a in enumerate(names)
                                           for b in names[i + 1:]]
    for o in pairs:
        assert o == vocab_overlap(o.a, tokenizers[o.a], o.b, tokenizers[o.b])
        assert (o.size_a, o.size_b, o.shared, o.surface_size_a, o.surface_size_b,
                o.surface_shared) == _overlap_as_before(o.a, tokenizers[o.a], o.b,
                                                        tokenizers[o.b])
    # the corpus: the whole-corpus profiles, merged in the pool process
    expected = whole_corpus_profiles(corpus_file, tokenizers, n_workers=1, cache=None)
    assert list(pane._profiles) == names
    for name in names:
        got, want = pane._profiles[name], expected[name]
        assert got.metrics == want.metrics and got.documents == want.documents
        assert got.cut_agreement == want.cut_agreement
        assert not got.token_counts  # the id histogram stays in the pool process
    # each process that ran a job holds the tokenizers it was sent (app.pool_cache)
    pool = pool_for(pane)
    assert pool.process_count >= 1
    with qtbot.waitSignal(pane.gold_job.returned, timeout=60000):
        assert pane.open_gold(str(GOLD))
        assert _in_pool(pane.gold_job)
    pane.shutdown()


def test_stats_jobs_run_in_the_pool_with_the_cores_results(qtbot, session, trained,
                                                          corpus_file, monkeypatch):
    from app.panes import stats_pane

    monkeypatch.setattr(stats_pane, "WORKER_VOCAB", 0)  # the vocabulary's histogram too
    session.set_current("byte-bpe")
    tok = trained["byte-bpe"].tokenizer
    pane = stats_pane.StatsPane(session, SelectionModel())
    with qtbot.waitSignals([pane.job.returned, pane.vocab_job.returned], timeout=60000):
        _shown(qtbot, pane)
        assert _in_pool(pane.job) and _in_pool(pane.vocab_job)
    counts = whole_corpus_profiles(corpus_file, {"t": tok}, n_workers=1,
                                   cache=None)["t"].token_counts
    points = zipf(counts, tok)
    assert pane.zipf_points == points and len(points) > 20
    assert pane.zipf_points.slope == pytest.approx(zipf_slope(points))
    assert pane.zipf_plot.n_points == len(points)
    assert pane._weighted_bins == length_histogram(tok, counts)
    assert pane.bins == length_histogram(tok)
    # a selection is found among the points with numpy, as the list would give it
    wanted = {points[3].token_id, points[7].token_id}
    assert pane.zipf_points.indices_of(wanted) == [i for i, p in enumerate(points)
                                                   if p.token_id in wanted]
    pane.shutdown()


def test_the_compare_set_is_sent_once_to_a_process(qtbot, session):
    from app.panes.compare_pane import ComparePane

    pane = _shown(qtbot, ComparePane(session, SelectionModel()))
    with qtbot.waitSignal(pane.text_job.returned, timeout=60000):
        pane.set_compared(["bpe", "unigram"])
    qtbot.waitUntil(lambda: not pane.text_job.is_running() and not pane.job.is_running(),
                    timeout=60000)
    pool = pool_for(pane)
    held = [list(mirror_of(p).keys) for p in pool._idle]
    assert any(len(keys) == 2 for keys in held)
    pane.shutdown()


def test_a_keystroke_does_not_drop_the_overlaps_of_a_new_compare_set(qtbot, session):
    """The text-only request of a keystroke replaces the running job (latest wins): the
    overlaps that job was to compute must come with the next one."""
    from app.panes.compare_pane import ComparePane

    pane = _shown(qtbot, ComparePane(session, SelectionModel()))
    pane.set_compared(["bpe", "unigram"])
    session.set_text(TEXT + " more")  # at once, while the first job runs
    qtbot.waitUntil(lambda: pane.alignment is not None and pane.alignment.text.endswith("more")
                    and not pane.text_job.is_running(), timeout=60000)
    assert [(o.a, o.b) for o in pane.overlap_model.records] == [("bpe", "unigram")]
    pane.shutdown()
