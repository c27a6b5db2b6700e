"""Test helpers: compare our tokenizers with what ``transformers`` builds from the same files.

``transformers`` is a test dependency only. It is imported once per test module (a
module-scoped fixture calls :func:`auto_tokenizer`), offline, quietly. The comparisons go
through transformers' public call: ``tok(text, return_offsets_mapping=True)`` for ids,
tokens, offsets and type ids, and ``word_ids()``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

#: Varied probes: accents (combining and precomposed), NFKC-sensitive characters, CJK,
#: Korean, emoji with ZWJ, tabs, newlines, runs of spaces, the empty string, long words,
#: and special-token spellings in running text.
TEXTS = (
    "Hello world",
    "Hello  world ﬁ",
    "",
    " ",
    "   leading and trailing   ",
    "Café, café, cafe\u0301 and naïve façades",
    "ﬁnance ① ² Ｆｕｌｌｗｉｄｔｈ ＡＢＣ １２３",
    "東京は日本の首都です。北京欢迎你",
    "안녕하세요 세계, 한국어 텍스트",
    "emoji 👩‍👩‍👧 family 👍🏽 and 🇫🇷 flags",
    "tabs\tand\nnewlines\r\nand\u2028separators",
    "don't you'll we've I'M SHE'S 1234567 3.14159",
    "a" * 120 + " " + "supercalifragilisticexpialidocious" * 4,
    "<|endoftext|> [CLS] <s> </s> <mask> [MASK] <pad> [UNK] <unk>",
    "x<|endoftext|>y [SEP][PAD] <|im_start|>user\nhi<|im_end|>",
    "\u00a0non\u00a0breaking\u3000ideographic space\u200bzero width",
    "Ünïcödé ÀÉÎÕÜ ß ẞ İstanbul ǅ ﬀ ℌ",
    "code: def f(x):\n    return x**2  # comment",
)
#: Pairs for the post-processors' pair templates (type ids, second special tokens).
PAIRS = (("Hello world", "and its pair"), ("", "second"),
         ("Café ①", "東京 👩‍👩‍👧"))


def auto_tokenizer():
    """``transformers.AutoTokenizer``, offline and quiet; skips without transformers."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    transformers = pytest.importorskip("transformers")
    transformers.logging.set_verbosity_error()
    return transformers.AutoTokenizer


def transformers_class(name: str):
    """A tokenizer class of ``transformers`` by name (``"GPT2Tokenizer"``...)."""
    import transformers

    return getattr(transformers, name)


def pipeline_json(tokenizer) -> dict:
    """The ``tokenizer.json`` object, ours or transformers' backend (merges as lists)."""
    if hasattr(tokenizer, "backend_tokenizer"):
        return json.loads(tokenizer.backend_tokenizer.to_str())
    data = tokenizer.to_dict()  # cheaper than to_str + loads for a large vocabulary
    model = data.pop("model")
    data = json.loads(json.dumps(data))
    if "merges" in model:
        model["merges"] = [list(m) for m in model["merges"]]
    data["model"] = model
    return data


def assert_same_pipeline(ours, theirs) -> None:
    """Every part of ``tokenizer.json`` is equal (model, added tokens, components)."""
    mine, ref = pipeline_json(ours), pipeline_json(theirs)
    for key in ref:
        assert same_json(mine.get(key), ref[key]), f"{key} differs"


def same_json(a, b) -> bool:
    """Equal JSON values, floats within 1e-12: serde_json's default float parser (which
    ``tokenizers`` reads with) can be one ulp off a correctly rounded one."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) <= 1e-12
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same_json, a, b))
    return a == b


def compare_encodings(ours, theirs, texts=TEXTS, pairs=PAIRS) -> int:
    """Encode each probe with both; assert ids, tokens, offsets, type ids and word ids are
    equal. Returns the number of probes compared."""
    ours = _unpadded(ours)
    probes = 0
    for text in texts:
        ref = theirs(text, return_offsets_mapping=True)
        mine = ours.encode(text)
        _assert_same(mine, ref, text)
        probes += 1
    for first, second in pairs:
        ref = theirs(first, second, return_offsets_mapping=True)
        mine = ours.encode(first, second)
        _assert_same(mine, ref, (first, second))
        probes += 1
    return probes


def _assert_same(mine, ref, probe) -> None:
    assert mine.ids == ref["input_ids"], probe
    assert mine.tokens == ref.tokens(), probe
    assert [tuple(o) for o in mine.offsets] == [tuple(o) for o in ref["offset_mapping"]], probe
    assert mine.word_ids == ref.word_ids(), probe
    if "token_type_ids" in ref:
        assert mine.type_ids == ref["token_type_ids"], probe


def _unpadded(tokenizer):
    """transformers' call pads and truncates only when asked: compare without either."""
    if tokenizer.padding is None and tokenizer.truncation is None:
        return tokenizer
    from subword_core import Tokenizer

    copy = Tokenizer.from_str(tokenizer.to_str())
    copy.no_padding()
    copy.no_truncation()
    return copy


def write_config(folder: Path, config: dict | None) -> None:
    if config is not None:
        (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")


def roles_of(theirs) -> dict[str, str]:
    """transformers' named special tokens, role -> text."""
    return dict(theirs.special_tokens_map)
