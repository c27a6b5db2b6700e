"""Test helpers: compare our encodings with HF ``tokenizers`` field by field.

Imported by the parity tests only after ``pytest.importorskip("tokenizers")``.
"""

from __future__ import annotations

import pytest

from subword_core import SubwordError, Tokenizer

FIELDS = ("ids", "tokens", "offsets", "word_ids", "type_ids", "special_tokens_mask",
          "attention_mask", "sequence_ids")


def view(encoding, depth: int = 0) -> dict:
    """Every public field of an encoding (ours or HF's), overflowing windows included."""
    fields = {name: [tuple(x) if isinstance(x, list) else x for x in getattr(encoding, name)]
              for name in FIELDS}
    fields["offsets"] = [tuple(o) for o in encoding.offsets]
    if depth < 3:
        fields["overflowing"] = [view(o, depth + 1) for o in encoding.overflowing]
    return fields


def assert_same(ours, theirs, context: object = "") -> None:
    mine, hf = view(ours), view(theirs)
    for name in (*FIELDS, "overflowing"):
        assert mine[name] == hf[name], f"{name} differs for {context!r}"


def ours_from(hf_tokenizer) -> Tokenizer:
    """Load HF's serialized tokenizer in ours (the main import path of the app)."""
    return Tokenizer.from_str(hf_tokenizer.to_str())


def check_encode(hf_tokenizer, ours: Tokenizer, *args, **kwargs) -> None:
    """Encode the same input with both and compare everything, decode included.

    Where HF fails (an error, or a Rust panic, which is a BaseException) we must
    raise a SubwordError.
    """
    try:
        theirs = hf_tokenizer.encode(*args, **kwargs)
    except (Exception, BaseException) as exc:  # pyo3's PanicException is a BaseException
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        with pytest.raises(SubwordError):
            ours.encode(*args, **kwargs)
        return
    mine = ours.encode(*args, **kwargs)
    assert_same(mine, theirs, args)
    for skip in (True, False):
        assert ours.decode(mine.ids, skip_special_tokens=skip) == hf_tokenizer.decode(
            theirs.ids, skip_special_tokens=skip
        ), (args, skip)


def check_batch(hf_tokenizer, ours: Tokenizer, batch, **kwargs) -> None:
    """``encode_batch`` on both: equal encodings, or both fail."""
    try:
        theirs = hf_tokenizer.encode_batch(batch, **kwargs)
    except Exception:
        with pytest.raises(SubwordError):
            ours.encode_batch(batch, **kwargs)
        return
    mine = ours.encode_batch(batch, **kwargs)
    assert len(mine) == len(theirs)
    for item, a, b in zip(batch, mine, theirs):
        assert_same(a, b, item)


# ------------------------------------------------------------ pipelines trained in HF
def hf_byte_level_bpe(lines: list[str], vocab_size: int):
    """A GPT-2-style byte-level BPE trained by HF on ``lines``."""
    import tokenizers as hf

    tok = hf.Tokenizer(hf.models.BPE())
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = hf.decoders.ByteLevel()
    tok.post_processor = hf.processors.ByteLevel(trim_offsets=True)
    trainer = hf.trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=["<|endoftext|>"], show_progress=False,
        initial_alphabet=hf.pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(lines, trainer)
    return tok


def hf_bert_wordpiece(lines: list[str], vocab_size: int):
    """A BERT-style WordPiece (lowercasing, [CLS] $A [SEP] template) trained by HF."""
    import tokenizers as hf

    tok = hf.Tokenizer(hf.models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = hf.normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = hf.pre_tokenizers.BertPreTokenizer()
    tok.decoder = hf.decoders.WordPiece()
    trainer = hf.trainers.WordPieceTrainer(
        vocab_size=vocab_size, show_progress=False,
        special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    tok.train_from_iterator(lines, trainer)
    tok.post_processor = hf.processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", tok.token_to_id("[CLS]")),
                        ("[SEP]", tok.token_to_id("[SEP]"))])
    return tok
