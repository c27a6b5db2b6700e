"""Test helper: the ``precompiled_charsmap`` of tiny SentencePiece models trained on the spot."""

from __future__ import annotations

import io

import pytest


def _protobuf_fields(data: bytes):
    """Minimal protobuf wire reader: yields (field number, value) of one message."""
    pos = 0

    def varint():
        nonlocal pos
        shift = result = 0
        while True:
            byte = data[pos]
            pos += 1
            result |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return result

    while pos < len(data):
        key = varint()
        field, wire = key >> 3, key & 7
        if wire == 0:
            yield field, varint()
        elif wire == 2:
            size = varint()
            yield field, data[pos : pos + size]
            pos += size
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            yield field, data[pos : pos + size]
            pos += size
        else:  # pragma: no cover - groups never appear in sentencepiece models
            raise ValueError(f"unsupported wire type {wire}")


def spm_charsmap(rule: str) -> bytes:
    """Train a tiny SentencePiece model with ``rule`` and return its precompiled_charsmap."""
    spm = pytest.importorskip("sentencepiece")
    buffer = io.BytesIO()
    corpus = ["hello world this is a test", "another line of text", "ﬁ ＡＢＣ ① café"] * 20
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus), model_writer=buffer, vocab_size=40,
        normalization_rule_name=rule, minloglevel=2, hard_vocab_limit=False,
    )
    # ModelProto.normalizer_spec is field 3; NormalizerSpec.precompiled_charsmap is field 2.
    for field, value in _protobuf_fields(buffer.getvalue()):
        if field == 3:
            return next((v for f, v in _protobuf_fields(value) if f == 2), b"")
    return b""
