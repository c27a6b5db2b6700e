"""The session's encoder process: long texts are encoded in another process, newest first.

A thread in the window's process held the GIL for the whole encoding of a long text and
starved the event loop; these tests pin that the work happens in the encoder process, that
its results are exactly the in-process ones, that stale requests lose, and that a failure
is reported without losing the next request.
"""

from __future__ import annotations

import os
import pickle

import pytest

from app.encode_options import EncodeOptions, encode_with_options
from app.encode_process import EncodeProcess
from app.session import Session, TokenizerEntry
from subword_core.added_tokens import AddedToken
from subword_core.models import BPE
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Tokenizer

TEXT = ("Tokenizers split café and naïve; 한국어 문장도 나뉩니다 🙂 👨‍👩‍👧\t tabs  and  spaces.\n"
        * 400)  # 30,000+ characters: above the session's at-once limit


def tokenizer(extra: str = "") -> Tokenizer:
    chars = sorted(set(TEXT) - {" ", "\t", "\n"} | set(extra))
    tok = Tokenizer(BPE({c: i for i, c in enumerate(chars)}, [], unk_token=chars[0]))
    tok.pre_tokenizer = Whitespace()
    tok.add_special_tokens([AddedToken("<s>", special=True)])
    return tok


@pytest.fixture
def encoder(qtbot):
    process = EncodeProcess()
    yield process
    process.shutdown()


def columns(encoding):
    return (encoding.ids, encoding.tokens, encoding.offsets, encoding.word_ids,
            encoding.special_tokens_mask)


def test_a_long_text_is_encoded_in_the_encoder_process_exactly(qtbot):
    session = Session()
    try:
        session.add_tokenizer(TokenizerEntry("chars", tokenizer(), None, "file"))
        with qtbot.waitSignal(session.encoding_changed, timeout=60000) as blocker:
            session.set_text(TEXT)
            assert session.encoding_pending
        process = session._encoder._process
        assert process is not None and process.pid != os.getpid()
        expected = encode_with_options(session.tokenizer, TEXT, EncodeOptions(), explain=True)
        assert columns(blocker.args[0]) == columns(expected.encoding)
        explanation = session.encode_result.explanation
        assert explanation.normalized == expected.explanation.normalized
        assert explanation.pre_tokens == expected.explanation.pre_tokens
        assert explanation.alignments == expected.explanation.alignments
    finally:
        session.shutdown()


def test_the_newest_request_wins(qtbot, encoder):
    results = []
    encoder.encoded.connect(lambda request_id, result: results.append(request_id))
    tok = tokenizer()
    for request_id in range(1, 6):
        encoder.submit(request_id, tok, EncodeOptions(), False, TEXT[: 20000 + request_id])
    qtbot.waitUntil(lambda: 5 in results, timeout=60000)
    assert results == sorted(results) and results[-1] == 5
    assert len(results) < 5  # overtaken requests were skipped, not all encoded in turn


def test_a_failure_is_reported_and_the_next_request_still_runs(qtbot, encoder):
    failures, results = [], []
    encoder.failed.connect(lambda request_id, message: failures.append((request_id, message)))
    encoder.encoded.connect(lambda request_id, result: results.append((request_id, result)))
    unpicklable = tokenizer()
    unpicklable.model.callback = lambda: None  # a model that cannot reach the process
    with pytest.raises(Exception):
        pickle.dumps(unpicklable)
    encoder.submit(1, unpicklable, EncodeOptions(), False, TEXT)
    qtbot.waitUntil(lambda: bool(failures), timeout=30000)
    assert failures[0][0] == 1 and failures[0][1]
    encoder.submit(2, tokenizer(), EncodeOptions(), False, "café 한국어")
    qtbot.waitUntil(lambda: bool(results), timeout=60000)
    assert results[0][0] == 2 and results[0][1].encoding.tokens


def test_a_crashed_process_is_reported_and_replaced(qtbot, encoder):
    failures, results = [], []
    encoder.failed.connect(lambda request_id, message: failures.append(request_id))
    encoder.encoded.connect(lambda request_id, result: results.append(request_id))
    tok = tokenizer()
    encoder.submit(1, tok, EncodeOptions(), False, "warm")
    qtbot.waitUntil(lambda: results == [1], timeout=60000)
    first = encoder._process
    encoder._sent_id = 2  # as if request 2 were in the process when it died
    first.kill()
    qtbot.waitUntil(lambda: failures == [2], timeout=30000)
    encoder.submit(3, tok, EncodeOptions(), False, "again")
    qtbot.waitUntil(lambda: results == [1, 3], timeout=60000)
    assert encoder._process is not first


def test_the_encoder_process_runs_niced(qtbot, encoder):
    import os

    from app.workers import HELPER_NICENESS

    results = []
    encoder.encoded.connect(lambda request_id, result: results.append(request_id))
    encoder.submit(1, tokenizer(), EncodeOptions(), False, "niced")
    qtbot.waitUntil(lambda: results == [1], timeout=60000)
    niceness = os.getpriority(os.PRIO_PROCESS, encoder._process.pid)
    assert niceness == max(HELPER_NICENESS, os.nice(0))
