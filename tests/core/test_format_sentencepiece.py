"""SentencePiece ``.model`` files opened by ``read_sentencepiece``, against transformers.

The reference for every (model, flavor) is the ``tokenizer.json`` that ``transformers`` 5
builds from the same file (``LlamaTokenizer``, ``T5Tokenizer``, ``XLMRobertaTokenizer``,
``AlbertTokenizer``, the legacy ``LlamaConverter``, the plain ``SpmConverter``), loaded in
HF ``tokenizers``. Ours must equal it as JSON, and encode every probe identically (ids,
tokens, offsets, word ids, type ids, masks, decode). On ordinary text our ids must also
equal what the ``sentencepiece`` library itself encodes.

Files: the Mistral models shipped in ``mistral-common`` (BPE with byte fallback), and
small Unigram and BPE models trained here with ``SentencePieceTrainer`` on a generated
multilingual corpus (normalization rules, dummy prefix, extra whitespace, byte fallback,
digit splitting, user-defined and control symbols, renamed special pieces).
"""

from __future__ import annotations

import io
import json
import random
import shutil
import tempfile
import warnings
from functools import cache
from pathlib import Path

import pytest

pytest.importorskip("google.protobuf")

from subword_core.errors import TokenizerFileError  # noqa: E402
from subword_core.formats import Opened, Source  # noqa: E402
from subword_core.formats import sentencepiece as spm_format  # noqa: E402
from subword_core.formats.sentencepiece import (  # noqa: E402
    read_sentencepiece, tokenizer_from_model_bytes,
)
from subword_core.tokenizer import Tokenizer  # noqa: E402
from wild_sources import package_file  # noqa: E402

MISTRAL = {"v1": "data/tokenizer.model.v1",
           "v3": "data/mistral_instruct_tokenizer_240323.model.v3",
           "v7": "data/mistral_instruct_tokenizer_241114.model.v7"}

TEXTS = [
    "", " ", "hello world", "Hello World", "  leading and trailing  ", "runs   of    spaces",
    "tab\there\tand\nnewline\r\nCRLF\n\n", "café naïve straße", "cafe\u0301 nai\u0308ve",
    "ﬁsh ① ＡＢＣ ｶﾀｶﾅ ㍿ x²", "東京 日本語のテキスト", "한국어 토크나이저 \u1112\u1161\u11ab",
    "👩\u200d👩\u200d👧 family 👍🏽 🎉", "data 2024 and 3.14159 ١٢٣", "x" * 300,
    "tokenizer" * 40, "<sep> and <ctl> ab </s><s> <unk> <pad> [MASK] [CLS] <extra_id_7>",
    "``quoted'' and 'single'", "control \x00\x07\u200b\ufeff chars", "ΣΑΣ İstanbul ǅ",
    "\u3000ideographic space", "a\u00a0b\u2009c", "▁already ▁spaced", "mixed 東京tokyo123",
]
PAIRS = [("hello world", "привет мир"), ("", "data 2024")]
# Text every trained model covers, where HF's pipelines and sentencepiece agree.
ORDINARY = ["hello world", "the naïve café in 東京", "data 2024 and 3.14", "tokenizer straße",
            "привет мир hello", "한국어 日本語"]
ORDINARY_LOWER_ASCII = ["hello world", "data 2024 and 3.14", "the tokenizer world"]

_WORDS = ("hello world the tokenizer data naïve café straße привет мир 東京 日本語 한국어 "
          "토크나이저 emoji👩\u200d👩\u200d👧 2024 3.14 ﬁsh ① ＡＢＣ tab\there ab and in of").split(" ")

# name: (SentencePieceTrainer arguments, flavors to check)
TRAINED = {
    "unigram-t5": (dict(model_type="unigram", pad_id=0, eos_id=1, unk_id=2, bos_id=-1,
                        user_defined_symbols=["<sep>"], control_symbols=["<ctl>"]),
                   ("t5", "generic", "xlm-roberta")),
    "unigram-identity": (dict(model_type="unigram", normalization_rule_name="identity",
                              add_dummy_prefix=False, remove_extra_whitespaces=False,
                              split_digits=True), ("t5", "generic", "xlm-roberta")),
    "unigram-nfkc-cf": (dict(model_type="unigram", normalization_rule_name="nfkc_cf",
                             remove_extra_whitespaces=False, pad_id=0, eos_id=1, unk_id=2,
                             bos_id=-1), ("t5", "generic")),
    "unigram-albert": (dict(model_type="unigram", pad_id=0, unk_id=1, bos_id=2, eos_id=3,
                            bos_piece="[CLS]", eos_piece="[SEP]", control_symbols=["[MASK]"],
                            user_defined_symbols=["(", ")"], byte_fallback=True,
                            vocab_size=450), ("albert", "t5", "generic")),
    "unigram-renamed": (dict(model_type="unigram", unk_piece="[UNK]", bos_piece="[BOS]",
                             eos_piece="[EOS]", pad_id=3, pad_piece="[PAD]",
                             control_symbols=["<mask>", "[CLS]"], user_defined_symbols=["</s>"]),
                        ("t5", "generic", "xlm-roberta")),
    "bpe-bytes": (dict(model_type="bpe", byte_fallback=True, split_digits=True, vocab_size=450),
                  ("llama", "llama-legacy", "generic")),
    "bpe-identity": (dict(model_type="bpe", normalization_rule_name="identity",
                          add_dummy_prefix=False, remove_extra_whitespaces=False,
                          user_defined_symbols=["<sep>", "ab"], control_symbols=["<ctl>"]),
                     ("llama", "llama-legacy", "generic")),
    "bpe-renamed": (dict(model_type="bpe", unk_piece="[UNK]", bos_piece="[BOS]",
                         eos_piece="[EOS]", pad_id=3, pad_piece="[PAD]",
                         control_symbols=["<mask>", "[CLS]"], user_defined_symbols=["</s>"]),
                    ("llama", "llama-legacy", "generic")),
}
CASES = [(name, flavor) for name, (_, flavors) in TRAINED.items() for flavor in flavors]
_ONE_A_FLAVOR = {("unigram-t5", "t5"), ("unigram-t5", "xlm-roberta"),
                 ("unigram-albert", "albert"), ("bpe-bytes", "llama"),
                 ("bpe-identity", "llama-legacy"), ("bpe-renamed", "generic")}
OPTION_CASES = [
    ("bpe-bytes", "llama", {"add_prefix_space": False, "add_eos_token": True}),
    ("bpe-bytes", "llama", {"add_bos_token": False}),
    ("bpe-identity", "llama-legacy", {"add_prefix_space": False, "add_eos_token": True}),
    ("unigram-t5", "t5", {"extra_ids": 3}),
    ("unigram-t5", "xlm-roberta", {"add_prefix_space": False}),
    ("unigram-albert", "albert", {"do_lower_case": False, "keep_accents": True}),
]


# ------------------------------------------------------------------ trained models
def _corpus(lines: int = 400) -> list[str]:
    rng = random.Random(7)
    return [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 10)))
            for _ in range(lines)]


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> dict[str, Path]:
    """Every model of TRAINED, trained once for the module (about 0.3 s in all)."""
    sentencepiece = pytest.importorskip("sentencepiece")
    folder = tmp_path_factory.mktemp("spm")
    corpus = _corpus()
    paths = {}
    for name, (arguments, _) in TRAINED.items():
        buffer = io.BytesIO()
        settings = dict(vocab_size=150, character_coverage=1.0, hard_vocab_limit=False,
                        minloglevel=2, num_threads=1)
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter(corpus), model_writer=buffer, **{**settings, **arguments})
        paths[name] = folder / f"{name}.model"
        paths[name].write_bytes(buffer.getvalue())
    return paths


def _mistral(version: str) -> Path:
    return package_file("mistral_common", MISTRAL[version], "mistral-common")


# ------------------------------------------------------------------ the references
def _class_reference(class_name: str, path: Path, file_name: str, **kwargs) -> str:
    """What ``Class.from_pretrained`` builds from a folder holding only the .model file."""
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("sentencepiece")
    transformers.logging.set_verbosity_error()
    cls = getattr(transformers, class_name)
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / file_name  # the class goes by the file name
        shutil.copyfile(path, target)
        # from_pretrained passes tokenizer_config.json's settings through this hook too
        tokenizer = cls(**cls.convert_to_native_format(vocab_file=str(target), **kwargs))
    return tokenizer.backend_tokenizer.to_str()


def _legacy_reference(path: Path, add_prefix_space: bool = True, add_bos_token: bool = True,
                      add_eos_token: bool = False) -> str:
    """The legacy LlamaConverter + LlamaTokenizerFast (see wild_sources._build_llama_legacy)."""
    pytest.importorskip("transformers")
    sentencepiece = pytest.importorskip("sentencepiece")
    from tokenizers import AddedToken, processors
    from wild_sources import _legacy_llama_converter, _Original

    processor = sentencepiece.SentencePieceProcessor(model_file=str(path))
    id_to_token = {i: processor.id_to_piece(i) for i in range(3)}
    original = _Original(vocab_file=str(path), legacy=True, add_prefix_space=add_prefix_space,
                         id_to_token=id_to_token)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tokenizer = _legacy_llama_converter()(original).converted()
    tokenizer.add_special_tokens([AddedToken(id_to_token[i], special=True, normalized=False)
                                  for i in range(3)])
    bos, eos = id_to_token[1], id_to_token[2]  # LlamaTokenizerFast.update_post_processor
    single = f"{bos}:0 " * add_bos_token + "$A:0" + f" {eos}:0" * add_eos_token
    pair = single + f" {bos}:1" * add_bos_token + " $B:1" + f" {eos}:1" * add_eos_token
    specials = [(t, tokenizer.token_to_id(t)) for t, on in ((bos, add_bos_token),
                                                              (eos, add_eos_token)) if on]
    tokenizer.post_processor = processors.TemplateProcessing(single=single, pair=pair,
                                                             special_tokens=specials)
    return tokenizer.to_str()


def _generic_reference(path: Path) -> str:
    """transformers' plain SpmConverter; its BPE branch as in transformers 4 (see below)."""
    pytest.importorskip("transformers")
    from tokenizers import AddedToken
    from tokenizers import Tokenizer as HfTokenizer
    from tokenizers.models import BPE
    from transformers.convert_slow_tokenizer import SpmConverter, generate_merges

    class GenericConverter(SpmConverter):
        # transformers 5's SpmConverter passes the scores where its extractor now expects a
        # model class; this is the 4.x BPE branch it was written for (merges by score).
        def tokenizer(self, proto):
            if proto.trainer_spec.model_type != 2:
                return super().tokenizer(proto)
            vocab_scores = self.vocab(proto)
            vocab = {piece: i for i, (piece, _score) in enumerate(vocab_scores)}
            tokenizer = HfTokenizer(BPE(vocab, generate_merges(vocab, vocab_scores),
                                        unk_token=proto.trainer_spec.unk_piece, fuse_unk=True,
                                        byte_fallback=False, dropout=None))
            added = [(i, p.piece, p.type == 3) for i, p in enumerate(proto.pieces)
                     if p.type in (3, 4)]
            tokenizer.add_tokens([AddedToken(piece, normalized=False, special=special)
                                  for _i, piece, special in sorted(added)])
            return tokenizer

    class Original:
        vocab_file = str(path)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return GenericConverter(Original()).converted().to_str()


@cache
def reference_json(path: Path, flavor: str, options: tuple = ()) -> str:
    """transformers' tokenizer.json for ``path`` read as ``flavor`` with ``options``."""
    kwargs = dict(options)
    if flavor == "llama":
        kwargs.setdefault("add_bos_token", True)  # as Llama's and Mistral's configs say
        return _class_reference("LlamaTokenizer", path, "tokenizer.model", **kwargs)
    if flavor == "llama-legacy":
        return _legacy_reference(path, **kwargs)
    if flavor == "generic":
        return _generic_reference(path)
    class_name, file_name = {"t5": ("T5Tokenizer", "spiece.model"),
                             "xlm-roberta": ("XLMRobertaTokenizer", "sentencepiece.bpe.model"),
                             "albert": ("AlbertTokenizer", "spiece.model")}[flavor]
    return _class_reference(class_name, path, file_name, **kwargs)


def _hf(text: str):
    hf_tokenizers = pytest.importorskip("tokenizers")
    return hf_tokenizers.Tokenizer.from_str(text)


# ------------------------------------------------------------------ comparing
def check_against_reference(path: Path, flavor: str | None, options: dict | None = None,
                            texts=TEXTS, pairs=PAIRS) -> Opened:
    """Ours equals transformers' tokenizer.json and encodes like it (2 probes a text, 1 a pair)."""
    from hf_parity import check_encode

    options = options or {}
    opened = read_sentencepiece(path, flavor=flavor, **options)
    flavor = flavor or opened.source.notes[0].split("'")[1]
    reference = reference_json(path, flavor, tuple(sorted(options.items())))
    assert json.loads(opened.tokenizer.to_str()) == json.loads(reference)
    theirs = _hf(reference)
    for text in texts:
        check_encode(theirs, opened.tokenizer, text)
        check_encode(theirs, opened.tokenizer, text, add_special_tokens=False)
    for first, second in pairs:
        check_encode(theirs, opened.tokenizer, first, second)
    return opened


def check_round_trip(tokenizer: Tokenizer, folder: Path) -> None:
    """Saved as tokenizer.json, reloaded (ours and HF's), it encodes the same."""
    path = folder / "tokenizer.json"
    tokenizer.save(path)
    again = Tokenizer.from_str(tokenizer.to_str())
    theirs = _hf(path.read_text(encoding="utf-8"))
    for text in TEXTS:
        expected = tokenizer.encode(text)
        for other in (again.encode(text), theirs.encode(text)):
            assert (other.ids, other.tokens, other.offsets, other.word_ids) == (
                expected.ids, expected.tokens, expected.offsets, expected.word_ids), text


def _to_spm_ids(flavor: str, ids: list[int]) -> list[int]:
    # XLM-R's fairseq layout: piece n (n >= 3) is id n + 1.
    return [i - 1 for i in ids] if flavor == "xlm-roberta" else ids


# ------------------------------------------------------------------ trained models
@pytest.mark.parametrize(("name", "flavor"), CASES)
def test_trained_model_matches_transformers(trained, name, flavor):
    check_against_reference(trained[name], flavor)


@pytest.mark.parametrize(("name", "flavor", "options"), OPTION_CASES)
def test_options_match_transformers(trained, name, flavor, options):
    check_against_reference(trained[name], flavor, options, texts=TEXTS[:12])


@pytest.mark.parametrize(("name", "flavor"), CASES)
def test_ordinary_text_matches_sentencepiece(trained, name, flavor):
    sentencepiece = pytest.importorskip("sentencepiece")
    arguments = TRAINED[name][0]
    if arguments.get("add_dummy_prefix") is False:
        pytest.skip("transformers prepends ▁ although the model has add_dummy_prefix=false")
    processor = sentencepiece.SentencePieceProcessor(model_file=str(trained[name]))
    tokenizer = read_sentencepiece(trained[name], flavor=flavor).tokenizer
    texts = ORDINARY_LOWER_ASCII if flavor == "albert" else ORDINARY
    for text in texts:
        ours = tokenizer.encode(text, add_special_tokens=False).ids
        assert _to_spm_ids(flavor, ours) == processor.encode(text), text


def test_default_flavors(trained):
    # a .model opens as the sentencepiece library encodes it (test_format_sentencepiece_
    # reference.py); hf_flavor names the transformers class that fits it otherwise
    for name in ("bpe-bytes", "unigram-t5"):
        notes = read_sentencepiece(trained[name]).source.notes
        assert notes[0].startswith("flavor 'sentencepiece'") and len(notes) == 1
    def fitting(name):
        return spm_format.hf_flavor(spm_format.parse_model(trained[name].read_bytes()))
    assert fitting("bpe-bytes") == "llama" and fitting("unigram-t5") == "t5"
    # the usual layout (<unk> first): T5's pipeline would take id 2 (</s>) as unknown
    assert fitting("unigram-identity") == "generic"


@pytest.mark.parametrize(("name", "flavor"), [
    pytest.param(name, flavor, marks=[] if (name, flavor) in _ONE_A_FLAVOR else [pytest.mark.slow])
    for name, flavor in CASES])
def test_round_trip_through_tokenizer_json(trained, tmp_path, name, flavor):
    check_round_trip(read_sentencepiece(trained[name], flavor=flavor).tokenizer, tmp_path)


def test_from_bytes_and_source(trained):
    path = trained["unigram-albert"]
    opened = tokenizer_from_model_bytes(path.read_bytes(), flavor="albert", name="albert.model")
    assert isinstance(opened, Opened) and isinstance(opened.source, Source)
    assert opened.source.path == "albert.model" and opened.source.format == "sentencepiece"
    model = spm_format.parse_model(path.read_bytes())
    assert opened.source.description == (
        f"SentencePiece Unigram model, {len(model.pieces):,} pieces (nmt_nfkc, byte fallback)")
    assert any("byte fallback is off" in note for note in opened.source.notes)
    assert model.kind == "Unigram" and model.byte_fallback and model.unk_id == 1
    assert model.pieces[:4] == ["<pad>", "<unk>", "[CLS]", "[SEP]"]
    assert model.count(spm_format.USER_DEFINED) == 2


def test_notes_name_departures_from_sentencepiece(trained):
    notes = " | ".join(read_sentencepiece(trained["unigram-identity"],
                                          flavor="generic").source.notes)
    assert "flavor 'generic'" in notes and "add_dummy_prefix=false" in notes
    notes = " | ".join(read_sentencepiece(trained["unigram-identity"], flavor="t5").source.notes)
    assert "T5Tokenizer takes id 2" in notes and "remove_extra_whitespaces=false" in notes
    notes = " | ".join(read_sentencepiece(trained["bpe-bytes"], flavor="llama").source.notes)
    assert "remove_extra_whitespaces" in notes and "not applied" in notes


@pytest.mark.parametrize("examples", [
    15, pytest.param(400, marks=pytest.mark.slow)])
def test_property_random_text(trained, examples):
    hypothesis = pytest.importorskip("hypothesis")
    from hf_parity import check_encode
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list("ab hélo\t\n  東京한국어👩\u200d👧ﬁ①Ａ123<>/s\u0301\x00") +
                               ["<sep>", "</s>", "<ctl>", "ab"])
    pairs = [(trained[name], flavor) for name, flavor in
             (("bpe-bytes", "llama"), ("unigram-t5", "t5"), ("bpe-identity", "llama-legacy"))]
    tokenizers = [(read_sentencepiece(p, flavor=f).tokenizer, _hf(reference_json(p, f)))
                  for p, f in pairs]

    @hypothesis.settings(max_examples=examples, deadline=None, derandomize=examples < 100)
    @hypothesis.given(st.lists(alphabet, max_size=30).map("".join))
    def run(text):
        for ours, theirs in tokenizers:
            check_encode(theirs, ours, text)

    run()


# ------------------------------------------------------------------ Mistral's files
def test_mistral_v1_llama():
    opened = check_against_reference(_mistral("v1"), "llama")
    assert opened.source.description == "SentencePiece BPE model, 32,000 pieces (byte fallback)"
    assert opened.tokenizer.encode("Hello world").tokens == ["<s>", "▁Hello", "▁world"]


@pytest.mark.slow
@pytest.mark.parametrize("version", ["v1", "v3", "v7"])
@pytest.mark.parametrize("flavor", ["llama", "llama-legacy", "generic"])
def test_mistral_models(version, flavor, tmp_path):
    path = _mistral(version)
    check_against_reference(path, flavor)
    check_round_trip(read_sentencepiece(path, flavor=flavor).tokenizer, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["v1", "v3", "v7"])
def test_mistral_ordinary_text_matches_sentencepiece(version):
    sentencepiece = pytest.importorskip("sentencepiece")
    path = _mistral(version)
    processor = sentencepiece.SentencePieceProcessor(model_file=str(path))
    for flavor in ("llama", "llama-legacy"):
        tokenizer = read_sentencepiece(path, flavor=flavor).tokenizer
        for text in [*ORDINARY, "Hello World! ﬁsh 👩\u200d👧 ①", "x" * 50]:
            assert tokenizer.encode(text, add_special_tokens=False).ids == \
                   processor.encode(text), (flavor, text)


# ------------------------------------------------------------------ bad input
def _proto_bytes(pieces=(("<unk>", 0.0, 2), ("a", -1.0, 1)), model_type: int = 1,
                 trainer: bool = True, raw_piece: bytes | None = None) -> bytes:
    proto = spm_format.model_proto_class()()
    for piece, score, kind in pieces:
        entry = proto.pieces.add()
        entry.piece, entry.score, entry.type = piece.encode(), score, kind
    if raw_piece is not None:
        proto.pieces.add().piece = raw_piece
    if trainer:
        proto.trainer_spec.model_type = model_type
    return proto.SerializeToString()


def _expect_error(tmp_path: Path, data: bytes, match: str, **kwargs) -> str:
    path = tmp_path / "bad.model"
    path.write_bytes(data)
    with pytest.raises(TokenizerFileError, match=match) as caught:
        read_sentencepiece(path, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(("data", "match"), [
    (b"", "is empty"),
    (bytes(random.Random(3).randrange(256) for _ in range(4096)), "not a SentencePiece model"),
    (b"hello world, this is a plain text file\n" * 20, "not a SentencePiece model"),
    (b"IQ== 0\nIg== 1\nIw== 2\nJA== 3\nJQ== 4\n", "not a SentencePiece model"),
    (b'{"version": "1.0", "model": {"type": "BPE"}}', "not a SentencePiece model"),
    (_proto_bytes(pieces=()), "no pieces"),
    (_proto_bytes(trainer=False), "no trainer_spec"),
    (_proto_bytes(model_type=3), "WORD models are not supported"),
    (_proto_bytes(model_type=4), "CHAR models are not supported"),
    (_proto_bytes(model_type=9), "unknown SentencePiece model_type 9"),
    (_proto_bytes(pieces=(("<unk>", 0.0, 2), ("a", 0.0, 1), ("a", 0.0, 1))), "defined twice"),
    (_proto_bytes(pieces=(("<unk>", 0.0, 2), ("", 0.0, 1))), "piece 1 is empty"),
    (_proto_bytes(pieces=(("a", 0.0, 1),)), "exactly one unknown piece"),
    (_proto_bytes(pieces=(("<unk>", 0.0, 2), ("a", 0.0, 7))), "unknown type 7"),
    (_proto_bytes(raw_piece=b"\xff\xfe"), "piece 2 is not valid UTF-8"),
])
def test_bad_files(tmp_path, data, match):
    assert "bad.model" in _expect_error(tmp_path, data, match)


def test_truncated_files(trained, tmp_path):
    data = trained["bpe-bytes"].read_bytes()
    for size in (1, 10, 100, len(data) // 3, len(data) // 2, len(data) - 3):
        _expect_error(tmp_path, data[:size], "not a SentencePiece model")


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(TokenizerFileError, match="not found: .*nothing.model"):
        read_sentencepiece(tmp_path / "nothing.model")
    with pytest.raises(TokenizerFileError, match="not a file"):
        read_sentencepiece(tmp_path)


def test_flavors_and_options_that_do_not_fit(trained, tmp_path):
    bpe, unigram = trained["bpe-bytes"].read_bytes(), trained["unigram-t5"].read_bytes()
    _expect_error(tmp_path, unigram, "unknown SentencePiece flavor 'bert'", flavor="bert")
    for data, match, options in [
        (bpe, "flavor 't5' does not fit a BPE model", {"flavor": "t5"}),
        (unigram, "flavor 'llama' does not fit a Unigram", {"flavor": "llama"}),
        (unigram, "has no option 'add_bos_token'", {"add_bos_token": True, "flavor": "t5"}),
        (bpe, "add_bos_token=1 must be true or false", {"add_bos_token": 1, "flavor": "llama"}),
        (bpe, "has no option 'add_bos_token'", {"add_bos_token": True}),
        (bpe, "add_bos=1 must be true or false", {"add_bos": 1}),
        (unigram, "extra_ids=-1 must be a non-negative", {"extra_ids": -1, "flavor": "t5"}),
        (bpe, "bos_token='' must be a non-blank string", {"bos_token": "", "flavor": "llama"}),
        (unigram, r"needs \[CLS\] and \[SEP\]", {"flavor": "albert"}),
    ]:
        assert "bad.model" in _expect_error(tmp_path, data, match, **options)


def test_protobuf_missing(monkeypatch, trained):
    import sys

    spm_format._model_proto_class_cached.cache_clear()
    monkeypatch.setitem(sys.modules, "google.protobuf", None)
    try:
        with pytest.raises(TokenizerFileError, match="pip install protobuf"):
            read_sentencepiece(trained["bpe-bytes"])
    finally:
        monkeypatch.undo()
        spm_format._model_proto_class_cached.cache_clear()
