"""Word counting shortcuts (``subword_core.corpus._word_counting``) on real tokenizers' pipelines.

Every shortcut must give exactly the words of the components,
``pre_tokenizer.pre_tokenize_str(normalizer.normalize_str(doc))``: checked on tricky
strings, on random text (hypothesis) and, for the pipelines people retrain (Llama 3,
Qwen2, tiktoken conversions, T5 / SentencePiece conversions, BERT), against HF
``tokenizers``' components. Also checked: that those pipelines really take a shortcut
(the offset-tracking components are not run per document), the tables the shortcuts
rest on (a space's grapheme-cluster neighbours, Python's whitespace vs Rust's), and that
Metaspace compiles no regex per split.
"""

from __future__ import annotations

import copy
import io
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import normalizers as N
from subword_core import pre_tokenizers as P
from subword_core.text._hf_unicode import _GRAPHEME, graphemes
from subword_core.text._unicode import WHITE_SPACE
from subword_core.corpus._word_counting import (
    count_characters,
    _PYTHON_ONLY_SPACE,
    _SPACE_GLUE,
    ChunkCounter,
    _segment_local,
    words_function,
)
from subword_core.corpus import as_corpus, count_words
from subword_core.text.onig import Regex

from spm_models import _protobuf_fields, spm_charsmap  # noqa: E402
from test_corpus import TRICKY as CORPUS_TRICKY  # noqa: E402

CORPORA = Path(__file__).resolve().parents[2] / "resources" / "corpora"

# Llama 3 (= tiktoken cl100k as transformers converts it), Qwen2, tiktoken's own cl100k
# (possessive quantifiers) and o200k (GPT-4o).
LLAMA3 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
          r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
QWEN2 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
         r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
CL100K = (r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+"
          r"| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s")
O200K = "|".join([
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"\p{N}{1,3}", r" ?[^\s\p{L}\p{N}]+[\r\n/]*", r"\s*[\r\n]+", r"\s+(?!\S)", r"\s+"])

# Spaces next to what shares their grapheme cluster (marks, ZWJ, Prepend, SpacingMark),
# the Python-only separators U+001C..U+001F, other whitespace, ▁, and the usual suspects.
EXTRA = [" \u0301a", "a \u0301", "e\u0301 \u0301 \u0301", "\u0600 x", "x \u0600y \u0600",
         "a \u200db", "👩 \u200d👩", "क \u093e", " \u093ek", "\u00b4 ´x", "a \u200b\u0301",
         "\x1cx\x1dy", "a\x1f b\x1e", "x\u00a0\u00a0y", "a\u3000 b\u2003c", "\u200b a",
         "▁a ▁ b▁", "  ▁", "▁", "▁▁x", "_x _", "\t\tx", "a\r\n\r\nb", "x\n", "\n\n",
         "ﬁ ﬁ ﬁx", "ＡＢＣ １２３", "'s 'S 're'll", "123456789 1234", "x" * 300,
         "Hello  World  ", "  ", " ", "", "``quoted'' text", "a\x01 \x01b", "\ufeffbom",
         "\U00011a3a x", "x \U00011f02", "🇫🇷🇫 🇷"]
TEXTS = CORPUS_TRICKY + EXTRA

# Hypothesis draws from these (and from any character).
# Beyond ASCII: letters of each kind (Lu Ll Lt Lm Lo, U+0295 whose category changed), and
# what the letters-only shortcut must leave alone: marks, digits and numbers (², ١, Ⅻ),
# spaces (U+00A0, U+3000), symbols, and letters newer than Python's Unicode (U+1E030).
BEYOND_ASCII = "éÉǅʰ한語жßʕ\u0301\u0308²١Ⅻ\u00a0\u3000€\U0001e030"
ALPHABET = "".join(sorted(set("".join(TEXTS)) | set("aAzZ09 .,!?'_\u0301\u0308\u200d\u0600▁")
                          | set("\x00\x08\t\x0b\x0c\r\x1c\x1f\x7f$+<=>^`|~")
                          | set(BEYOND_ASCII)))


# -- the pipelines -------------------------------------------------------------------------
def byte_level(add_prefix_space: bool = False, use_regex: bool = False) -> P.ByteLevel:
    return P.ByteLevel(add_prefix_space=add_prefix_space, use_regex=use_regex)


def split_bytes(pattern: str, behavior: str = "isolated", invert: bool = False, *extra):
    return P.Sequence([P.Split(Regex(pattern), behavior, invert), *extra, byte_level()])


BYTE_LEVEL_PIPELINES = {
    "llama3": lambda: (None, split_bytes(LLAMA3)),
    "qwen2 nfc": lambda: (N.NFC(), split_bytes(QWEN2)),
    "cl100k possessive": lambda: (None, split_bytes(CL100K)),
    "o200k": lambda: (None, split_bytes(O200K)),
    "split removed, prefix space": lambda: (None, P.Sequence([
        P.Split(Regex(r"\s+"), "removed"), byte_level(add_prefix_space=True)])),
    "split merged with next, gpt2 regex": lambda: (N.Lowercase(), P.Sequence([
        P.Split(" ", "merged_with_next"), byte_level(True, use_regex=True)])),
    "split contiguous inverted": lambda: (None, split_bytes(r"\p{L}+", "contiguous", True)),
    "split merged with previous": lambda: (None, split_bytes(r"[.!?]", "merged_with_previous")),
    "split empty matches": lambda: (None, split_bytes("x*")),
    "split word boundaries": lambda: (None, split_bytes(r"\b", "merged_with_previous")),
    "split with a group": lambda: (N.NFKC(), split_bytes(r"(\p{N})|\s")),
    "split then digits": lambda: (None, split_bytes(LLAMA3, "isolated", False,
                                                    P.Digits(individual_digits=True))),
    "metaspace before byte-level": lambda: (None, P.Sequence([P.Metaspace(), byte_level()])),
    "byte-level after nfkc": lambda: (N.NFKC(), P.ByteLevel()),
    "gpt2 byte-level": lambda: (None, P.ByteLevel(add_prefix_space=False)),
}

OTHER_PIPELINES = {
    "bert chain": lambda: (N.Sequence([N.NFD(), N.Lowercase(), N.StripAccents()]),
                           P.BertPreTokenizer()),
    "nfkc whitespace-split metaspace first": lambda: (N.NFKC(), P.Sequence([
        P.WhitespaceSplit(), P.Metaspace(prepend_scheme="first")])),
    "whitespace-split metaspace underscore": lambda: (None, P.Sequence([
        P.WhitespaceSplit(), P.Metaspace(replacement="_")])),
    "llama non-legacy": lambda: (None, P.Metaspace(prepend_scheme="first", split=False)),
    "llama legacy": lambda: (N.Sequence([N.Prepend("▁"), N.Replace(" ", "▁")]),
                             P.Metaspace(prepend_scheme="never", split=False)),
    "strips and replaces": lambda: (N.Sequence([
        N.Strip(), N.Replace("é", "e "), N.NFD(), N.Replace("a b", "|"), N.Strip(left=False),
        N.Replace(Regex("x*"), "-"), N.Strip(right=False), N.Replace("", "+")]), P.Metaspace()),
    "literal replaces by segment": lambda: (N.Sequence([
        N.Replace("``", '"'), N.Lowercase(), N.Replace("ab", "a b")]), P.BertPreTokenizer()),
    "digits": lambda: (N.Lowercase(), P.Digits()),
    "whitespace": lambda: (None, P.Whitespace()),
    "bert": lambda: (N.BertNormalizer(), P.BertPreTokenizer()),
    "bert cased, no cleaning": lambda: (N.BertNormalizer(clean_text=False, lowercase=False),
                                        P.BertPreTokenizer()),
    "bert pre-tokenizer alone": lambda: (None, P.BertPreTokenizer()),
    "nfd whitespace": lambda: (N.NFD(), P.Whitespace()),
}


def spm_pipelines(charsmaps: dict[str, bytes]) -> dict:
    nmt, cf = N.Precompiled(charsmaps["nmt_nfkc"]), N.Precompiled(charsmaps["nfkc_cf"])
    glue, space = N.Precompiled(charsmaps["glue"]), N.Precompiled(charsmaps["space"])

    def t5(scheme="always", split=True):
        return P.Sequence([P.WhitespaceSplit(), P.Metaspace(prepend_scheme=scheme, split=split)])

    spm_tail = [N.Strip(left=False, right=True), N.Replace(Regex(" {2,}"), "▁")]
    albert = [N.Replace("``", '"'), N.Replace("''", '"'), N.NFKD(), N.StripAccents(),
              N.Lowercase(), nmt, N.Replace(Regex(" {2,}"), " ")]
    return {
        "t5": (nmt, t5()),
        "t5 first": (nmt, t5("first")),
        "t5 nfkc_cf never unsplit": (cf, t5("never", split=False)),
        "precompiled glue rule": (glue, t5()),
        "precompiled glue rule first": (glue, t5("first")),
        "precompiled space rule": (space, t5()),
        "precompiled then lowercase": (N.Sequence([glue, N.Lowercase()]), t5()),
        "precompiled metaspace": (nmt, P.Metaspace()),
        "precompiled glue metaspace": (glue, P.Metaspace(prepend_scheme="first")),
        "spm converter": (N.Sequence([nmt, *spm_tail]), P.Metaspace(prepend_scheme="first")),
        "spm converter glue": (N.Sequence([glue, *spm_tail]), t5()),
        "precompiled after replaces": (N.Sequence([N.Replace("\u200b", ""), N.NFKD(), glue,
                                                   N.Replace(" ", "  ")]), t5("first")),
        "albert": (N.Sequence(albert), P.Metaspace()),
        "precompiled bert": (glue, P.BertPreTokenizer()),
        "precompiled whitespace": (nmt, P.Whitespace()),
        "precompiled byte-level": (nmt, P.ByteLevel(add_prefix_space=False)),
    }


def custom_charsmap(tsv: str) -> bytes:
    """The precompiled_charsmap of a SentencePiece model trained with these rules."""
    spm = pytest.importorskip("sentencepiece")
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "rules.tsv"
        rules.write_text(tsv, encoding="utf-8")
        buffer = io.BytesIO()
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter(["hello world this is a test", "another line"] * 20),
            model_writer=buffer, vocab_size=30, normalization_rule_tsv=str(rules),
            minloglevel=2, hard_vocab_limit=False)
    for field, value in _protobuf_fields(buffer.getvalue()):
        if field == 3:  # ModelProto.normalizer_spec; its field 2 is precompiled_charsmap
            return next(v for f, v in _protobuf_fields(value) if f == 2)
    raise AssertionError("no normalizer_spec")


@pytest.fixture(scope="module")
def charsmaps() -> dict[str, bytes]:
    maps = {rule: spm_charsmap(rule) for rule in ("nmt_nfkc", "nfkc_cf")}
    # A rule for a space and the mark after it (one grapheme cluster), and one for a space.
    maps["glue"] = custom_charsmap("20 301\t58\n41\t61\n")
    maps["space"] = custom_charsmap("20\t5F\n41\t61\n")
    return maps


@pytest.fixture(scope="module")
def pipelines(charsmaps) -> dict:
    built = {name: make() for name, make in {**BYTE_LEVEL_PIPELINES, **OTHER_PIPELINES}.items()}
    return {**built, **spm_pipelines(charsmaps)}


def reference_words(normalizer, pre_tokenizer, text: str) -> list[str]:
    normalized = normalizer.normalize_str(text) if normalizer else text
    return [w for w, _ in pre_tokenizer.pre_tokenize_str(normalized)]


def corpus_docs(*names: str) -> list[str]:
    return list(as_corpus([CORPORA / name for name in names]).iter_documents())


# -- same words as the components ----------------------------------------------------------
def test_precompiled_charsmaps_behave_as_the_tests_assume(charsmaps):
    glue, space = N.Precompiled(charsmaps["glue"]), N.Precompiled(charsmaps["space"])
    assert glue.normalize_str("a \u0301b A") == "aXb a"  # the space and its mark as one
    assert space.normalize_str("a b") == "a_b"
    assert _segment_local(glue) is not None and _segment_local(space) is None
    assert _segment_local(N.Sequence([N.Lowercase(), glue])) is None  # not first: no proof


def check_words(pipelines: dict, texts: list[str]) -> None:
    for name, (normalizer, pre_tokenizer) in pipelines.items():
        fast = words_function(normalizer, pre_tokenizer)
        for text in texts:
            expected = reference_words(normalizer, pre_tokenizer, text)
            assert list(fast(text)) == expected, (name, text)
            assert list(fast(text)) == expected, (name, text)  # from the caches too


def test_shortcuts_give_the_components_words(pipelines):
    check_words(pipelines, TEXTS + corpus_docs("multilingual.txt"))


@pytest.mark.slow
def test_shortcuts_give_the_components_words_on_the_sample_corpora(pipelines):
    check_words(pipelines, corpus_docs("english.txt", "code"))


def test_shortcuts_on_letters_and_what_is_not_a_letter(pipelines):
    texts = [f"x{ch}y {ch}z_ 1{ch}2 {ch}{ch} 'sé{ch}'ll" for ch in BEYOND_ASCII]
    texts += ["Привет, мир! 한국어 문장 語彙 Straße naïve", "ǅemal ʰa ʕb² Ⅻ١ é\u0301",
              "ASCII \x00con\x1ctrols\x7f, \ttabs\x0b\x0cand\r\nEnds $5+x<=y^`|~ ok"]
    check_words(pipelines, texts)


def test_chunk_counts_match_the_components(pipelines):
    texts = TEXTS[::3] * 2  # repeated documents are split once
    for name, (normalizer, pre_tokenizer) in pipelines.items():
        expected = Counter(w for t in texts for w in reference_words(normalizer, pre_tokenizer, t))
        words, chars = ChunkCounter.for_components(normalizer, pre_tokenizer)(texts)
        assert words == expected, name
        assert chars == Counter("".join(texts))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.text(st.sampled_from(ALPHABET) | st.characters(blacklist_categories=(
    "Cs",)), max_size=30), min_size=1, max_size=4))
def test_shortcuts_on_random_text(pipelines, texts):
    for name, (normalizer, pre_tokenizer) in pipelines.items():
        fast = words_function(normalizer, pre_tokenizer)
        for text in texts + [" ".join(texts)]:  # segments seen alone, then together
            assert list(fast(text)) == reference_words(normalizer, pre_tokenizer, text), (
                name, text)


# -- the real pipelines take a shortcut ------------------------------------------------------
def calls_while_counting(normalizer, pre_tokenizer, texts) -> tuple[int, int]:
    """How often the pre-tokenizer's pre_tokenize, and the normalizer's normalize (a
    Sequence's busiest member's), run while counting ``texts``."""
    calls = Counter()

    def spy(component, method):
        real = getattr(component, method)

        def counted(*args):
            calls[id(component)] += 1
            return real(*args)

        setattr(component, method, counted)  # an instance attribute hides the method

    for member in getattr(normalizer, "normalizers", [normalizer] if normalizer else []):
        spy(member, "normalize")
    spy(pre_tokenizer, "pre_tokenize")
    count_words(texts, normalizer, pre_tokenizer, n_workers=1)
    pre_tokenized = calls.pop(id(pre_tokenizer), 0)
    return max(calls.values(), default=0), pre_tokenized


@pytest.mark.parametrize("name", ["llama3", "qwen2 nfc", "o200k", "t5", "t5 first",
                                  "spm converter", "albert", "llama legacy",
                                  "precompiled metaspace", "bert"])
def test_real_pipelines_do_not_run_the_components_per_document(name, pipelines):
    if name == "bert":
        normalizer, pre_tokenizer = N.BertNormalizer(lowercase=True), P.BertPreTokenizer()
    else:
        normalizer, pre_tokenizer = copy.deepcopy(pipelines[name])  # spied on below
    rng = random.Random(5)
    words = "the a of café naïve ﬁne 中文 한국어 😀 don't 1234 x\u0301".split()
    texts = [" ".join(rng.choices(words, k=12)) for _ in range(2000)]
    normalized, pre_tokenized = calls_while_counting(normalizer, pre_tokenizer, texts)
    assert pre_tokenized == 0
    assert normalized <= len(words) * 2, normalized  # once per distinct segment


def test_a_document_with_glue_goes_through_the_whole_text(charsmaps):
    glue = N.Precompiled(charsmaps["glue"])
    pre_tokenizer = P.Sequence([P.WhitespaceSplit(), P.Metaspace()])
    counts, _ = count_words(["a \u0301b", "a b"], glue, pre_tokenizer)
    assert counts == Counter({"▁aXb": 1, "▁a": 1, "▁b": 1})


# -- HF tokenizers' components -----------------------------------------------------------
@pytest.mark.parametrize("name", ["llama3", "qwen2 nfc", "o200k", "t5", "t5 first",
                                  "spm converter", "albert"])
def test_real_pipelines_count_as_hf_components(name, pipelines, charsmaps):
    hf = pytest.importorskip("tokenizers")
    from test_retrain import varied_lines

    normalizer, pre_tokenizer = pipelines[name]
    document = {"version": "1.0", "model": {"type": "WordLevel", "vocab": {"x": 0},
                                            "unk_token": "x"},
                "normalizer": normalizer.to_dict() if normalizer else None,
                "pre_tokenizer": pre_tokenizer.to_dict()}
    theirs = hf.Tokenizer.from_str(json.dumps(document))
    texts = varied_lines(150, seed=3) + TEXTS
    expected = Counter(w for t in texts
                       for w in reference_words(theirs.normalizer, theirs.pre_tokenizer, t))
    counts, _ = count_words(texts, normalizer, pre_tokenizer, n_workers=1)
    assert counts == expected


# -- the tables the shortcuts rest on ------------------------------------------------------------
def bound_to_space(chars: list[str]) -> tuple[set[str], set[str]]:
    """Chars sharing a grapheme cluster with a space after them, and before them.

    ``regex``'s ``\\X`` clusters, which :func:`graphemes` only cuts further.
    """
    after = "\n".join(" " + c for c in chars)  # a line break ends every cluster
    before = "\n".join(c + " " for c in chars)
    bound_after = {g[1] for g in _GRAPHEME.findall(after) if len(g) > 1 and g[0] == " "}
    bound_before = {g[0] for g in _GRAPHEME.findall(before) if len(g) > 1 and g[-1] == " "}
    return bound_after, bound_before


def check_space_glue(chars: list[str]) -> None:
    bound_after, bound_before = bound_to_space(chars)
    assert all(_SPACE_GLUE.search(" " + c) for c in bound_after)
    assert all(_SPACE_GLUE.search(c + " ") for c in bound_before)
    assert bound_after and bound_before
    for c in "\u0301\u200d\u093e\u0600":
        assert len(list(graphemes(f" {c}" if c != "\u0600" else f"{c} "))) == 1


def test_space_glue_covers_every_bmp_char():
    check_space_glue([chr(i) for i in range(0x10000) if not 0xD800 <= i < 0xE000])


@pytest.mark.slow
def test_space_glue_covers_every_char():
    check_space_glue([chr(i) for i in range(0x10000, sys.maxunicode + 1)])


def test_python_whitespace_is_rust_whitespace_plus_four_separators():
    python = {chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace()}
    only_python = python - WHITE_SPACE
    assert WHITE_SPACE <= python
    assert only_python == {"\x1c", "\x1d", "\x1e", "\x1f"}
    assert all(_PYTHON_ONLY_SPACE.fullmatch(c) for c in only_python)


def test_metaspace_compiles_no_regex_per_split(monkeypatch):
    metaspace = P.Sequence([P.WhitespaceSplit(), P.Metaspace()])
    text = "one two  three ▁four five"
    expected = metaspace.pre_tokenize_str(text)  # warms the caches
    compiled = []
    real = regex.compile
    monkeypatch.setattr(regex, "compile", lambda *a, **k: compiled.append(a) or real(*a, **k))
    assert metaspace.pre_tokenize_str(text) == expected
    assert compiled == []
    assert [w for w, _ in expected] == ["▁one", "▁two", "▁three", "▁four", "▁five"]


@settings(max_examples=200, deadline=None)
@given(docs=st.lists(st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF)),
                     max_size=5))
def test_character_histogram_is_a_counter_of_the_characters(docs):
    # numpy's histogram of UTF-32 code units, lone surrogates and U+10FFFF included
    assert count_characters(docs) == Counter("".join(docs))


def test_raw_counts_summed_then_mapped_equal_mapped_chunks():
    counter = ChunkCounter.for_components(None, P.ByteLevel(add_prefix_space=True))
    chunks = [["héllo wörld", "héllo"], ["🙂 wörld\n", "x"]]
    total: Counter[str] = Counter()
    for chunk in chunks:
        counter.count_raw(chunk, into=total)
    expected: Counter[str] = Counter()
    for chunk in chunks:
        expected.update(counter(chunk)[0])
    assert list(counter.words(total).items()) == list(expected.items())
