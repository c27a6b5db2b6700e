"""Post-processors: special tokens, type ids, masks, offsets (0, 0), word/sequence ids.

Compared with HF ``tokenizers`` on single inputs, pairs, ``add_special_tokens=False``
and truncated inputs (the post-processor also wraps every overflowing window).
"""

from __future__ import annotations

import pytest

from subword_core import Tokenizer
from subword_core.components import component_from_dict
from subword_core.errors import EncodingError, TokenizerFileError
from subword_core.processors import (
    BertProcessing, ByteLevel, RobertaProcessing, Sequence, SequencePiece, SpecialPiece,
    TemplateProcessing, parse_piece, process_offsets,
)

hf = pytest.importorskip("tokenizers")
from hf_parity import check_encode, ours_from  # noqa: E402

WORDS = ["hello", "world", "my", "name", "is", "tok", "##en", "!", "[UNK]", "[CLS]", "[SEP]",
         "<s>", "</s>", "[X]", "[Y]"]
TEXTS = [("hello world!", None), ("hello world", "my name is!"), ("", None), ("", "my"),
         ("hello", ""), ("hello  world  ! my", "is name  hello")]


def word_level():
    tok = hf.Tokenizer(hf.models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tok.pre_tokenizer = hf.pre_tokenizers.Whitespace()
    return tok


def byte_level_bpe():
    alphabet = sorted(hf.pre_tokenizers.ByteLevel.alphabet())
    vocab = {c: i for i, c in enumerate(alphabet)}
    merges = [("Ġ", "h"), ("Ġh", "e"), ("l", "l"), ("Ġhe", "ll"), ("Ġhell", "o"), ("w", "o")]
    for a, b in merges:
        vocab[a + b] = len(vocab)
    for special in ("<s>", "</s>"):
        vocab[special] = len(vocab)
    tok = hf.Tokenizer(hf.models.BPE(vocab, merges))
    tok.decoder = hf.decoders.ByteLevel()
    return tok


PROCESSORS = {
    "bert": lambda: hf.processors.BertProcessing(("[SEP]", 10), ("[CLS]", 9)),
    "template": lambda: hf.processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", 9), ("[SEP]", 10)]),
    "template-multi": lambda: hf.processors.TemplateProcessing(
        single="[X]:3 $0 [Y]", pair="$A:2 [X] $B:5 [Y]:7 $B",
        special_tokens=[{"id": "[X]", "ids": [13, 11], "tokens": ["[X]", "<s>"]}, (14, "[Y]")]),
    "template-default": lambda: hf.processors.TemplateProcessing(),
    "roberta": lambda: hf.processors.RobertaProcessing(("</s>", 12), ("<s>", 11)),
    "roberta-raw": lambda: hf.processors.RobertaProcessing(
        ("</s>", 12), ("<s>", 11), trim_offsets=False, add_prefix_space=False),
    "sequence": lambda: hf.processors.Sequence([
        hf.processors.ByteLevel(trim_offsets=True),
        hf.processors.BertProcessing(("[SEP]", 10), ("[CLS]", 9))]),
}


@pytest.fixture(params=list(PROCESSORS))
def word_pair(request):
    tok = word_level()
    tok.post_processor = PROCESSORS[request.param]()
    return tok, ours_from(tok)


@pytest.mark.parametrize("add_special_tokens", [True, False])
@pytest.mark.parametrize("text,pair", TEXTS)
def test_processors_match_hf(word_pair, text, pair, add_special_tokens):
    hf_tok, ours = word_pair
    check_encode(hf_tok, ours, text, pair, add_special_tokens=add_special_tokens)
    for is_pair in (False, True):
        assert ours.num_special_tokens_to_add(is_pair) == hf_tok.num_special_tokens_to_add(is_pair)


@pytest.mark.parametrize("max_length,stride", [(5, 0), (6, 2), (8, 1)])
@pytest.mark.parametrize("text,pair", TEXTS[:2] + TEXTS[-1:])
def test_processors_wrap_overflowing_windows(word_pair, text, pair, max_length, stride):
    hf_tok, ours = word_pair
    hf_tok.enable_truncation(max_length, stride=stride)
    ours.enable_truncation(max_length, stride=stride)
    check_encode(hf_tok, ours, text, pair)


BYTE_LEVEL_TEXTS = ["hello world", " hello  world ", "héllo\twörld  ", "   ", "a", ""]


@pytest.mark.parametrize("add_prefix_space", [True, False])
@pytest.mark.parametrize("trim_offsets", [True, False])
@pytest.mark.parametrize("kind", ["byte_level", "roberta"])
def test_trim_offsets_on_byte_level(kind, add_prefix_space, trim_offsets):
    tok = byte_level_bpe()
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
    if kind == "byte_level":
        tok.post_processor = hf.processors.ByteLevel(trim_offsets=trim_offsets,
                                                     add_prefix_space=add_prefix_space)
    else:
        tok.post_processor = hf.processors.RobertaProcessing(
            ("</s>", tok.token_to_id("</s>")), ("<s>", tok.token_to_id("<s>")),
            trim_offsets=trim_offsets, add_prefix_space=add_prefix_space)
    ours = ours_from(tok)
    for text in BYTE_LEVEL_TEXTS:
        check_encode(tok, ours, text)
        check_encode(tok, ours, text, "hello world ")
        check_encode(tok, ours, [text, " world", "  "], is_pretokenized=True)


def test_post_process_of_given_encodings_matches_hf(word_pair):
    hf_tok, ours = word_pair
    for add in (True, False):
        theirs = hf_tok.post_process(hf_tok.encode("hello world", add_special_tokens=False),
                                     hf_tok.encode("my name", add_special_tokens=False), add)
        first = ours.encode("hello world", add_special_tokens=False)
        second = ours.encode("my name", add_special_tokens=False)
        mine = ours.post_process(first, second, add)
        assert (mine.ids, mine.type_ids, mine.sequence_ids) == (
            theirs.ids, theirs.type_ids, theirs.sequence_ids)
        assert second.type_ids == [0, 0]  # the caller's encodings are not modified


# ------------------------------------------------------------------ template parsing
@pytest.mark.parametrize("text,piece", [
    ("$A", SequencePiece("A", 0)), ("$a", SequencePiece("A", 0)), ("$", SequencePiece("A", 0)),
    ("$B", SequencePiece("B", 0)), ("$b:1", SequencePiece("B", 1)), ("$1", SequencePiece("A", 1)),
    ("$1:2", SequencePiece("A", 2)), ("[CLS]", SpecialPiece("[CLS]", 0)),
    ("[SEP]:1", SpecialPiece("[SEP]", 1)), ("[X]:+3", SpecialPiece("[X]", 3)),
])
def test_parse_piece(text, piece):
    assert parse_piece(text) == piece


@pytest.mark.parametrize("text", ["$C", "$A:x", "a:b:c", "[X]:-1", "$A:", ":"])
def test_parse_piece_errors(text):
    with pytest.raises(ValueError, match="Cannot build Piece"):
        parse_piece(text)


@pytest.mark.parametrize("kwargs,message", [
    ({"single": "[CLS] $A", "special_tokens": []}, "Missing SpecialToken"),
    ({"pair": "$A [SEP] $A", "special_tokens": [("[SEP]", 1)]}, "must use both sequences"),
    ({"special_tokens": [{"id": "x", "ids": [1, 2], "tokens": ["x"]}]}, "same length"),
    ({"special_tokens": [{"id": "x", "ids": [1]}]}, "`tokens` must be specified"),
])
def test_template_validation(kwargs, message):
    with pytest.raises(ValueError, match=message):
        TemplateProcessing(**kwargs)
    with pytest.raises(Exception):  # HF raises ValueError or a bare Exception
        hf.processors.TemplateProcessing(**kwargs)


def test_template_type_errors():
    with pytest.raises(TypeError):
        TemplateProcessing(single=3)
    with pytest.raises(TypeError):
        TemplateProcessing(special_tokens=[("a", "b")])
    with pytest.raises(TypeError):
        BertProcessing("[SEP]", ("[CLS]", 1))
    with pytest.raises(TypeError):
        Sequence([BertProcessing(("a", 1), ("b", 2)), "nope"])


def test_template_list_form_equals_string_form():
    a = TemplateProcessing(["[CLS]", "$A", "[SEP]"], ["$A", "$B:1"], [("[CLS]", 1), (2, "[SEP]")])
    b = TemplateProcessing("[CLS] $A [SEP]", "$A $B:1", [("[CLS]", 1), ("[SEP]", 2)])
    assert a == b and a.added_tokens(False) == 2 and a.added_tokens(True) == 0


@pytest.mark.parametrize("name", list(PROCESSORS))
def test_json_form_equals_hf(name):
    processor = PROCESSORS[name]()
    tok = word_level()
    tok.post_processor = processor
    import json

    data = json.loads(tok.to_str())["post_processor"]
    ours = component_from_dict("post_processor", data)
    assert ours.to_dict() == data


def test_python_constructors_equal_loaded_ones():
    built = Sequence([
        ByteLevel(trim_offsets=True),
        RobertaProcessing(("</s>", 12), ("<s>", 11), trim_offsets=False),
        BertProcessing(("[SEP]", 10), ("[CLS]", 9)),
        TemplateProcessing("[CLS] $A", special_tokens=[("[CLS]", 9)]),
    ])
    again = component_from_dict("post_processor", built.to_dict())
    assert again == built and len(again) == 4 and again[0] == built[0]
    hf_tok = word_level()
    hf_tok.post_processor = hf.processors.Sequence([
        hf.processors.ByteLevel(trim_offsets=True),
        hf.processors.RobertaProcessing(("</s>", 12), ("<s>", 11), trim_offsets=False),
        hf.processors.BertProcessing(("[SEP]", 10), ("[CLS]", 9)),
        hf.processors.TemplateProcessing("[CLS] $A", special_tokens=[("[CLS]", 9)]),
    ])
    ours = ours_from(word_level())
    ours.post_processor = built
    assert ours.to_str() == hf_tok.to_str()


def test_broken_template_files():
    bad_piece = {"type": "TemplateProcessing", "single": [{"Nope": {}}], "pair": [],
                 "special_tokens": {}}
    with pytest.raises(TokenizerFileError, match="template piece"):
        component_from_dict("post_processor", bad_piece)
    # Like HF, a template naming an unknown special token loads but cannot add it.
    missing = {"type": "TemplateProcessing", "special_tokens": {},
               "single": [{"SpecialToken": {"id": "[Z]", "type_id": 0}},
                          {"Sequence": {"id": "A", "type_id": 0}}],
               "pair": [{"Sequence": {"id": "A", "type_id": 0}},
                        {"Sequence": {"id": "B", "type_id": 0}}]}
    ours = ours_from(word_level())
    ours.post_processor = component_from_dict("post_processor", missing)
    assert ours.encode("hello", add_special_tokens=False).ids == [0]
    with pytest.raises(EncodingError, match=r"\[Z\]"):
        ours.encode("hello")
    with pytest.raises(TokenizerFileError, match="missing field"):
        component_from_dict("post_processor", {"type": "BertProcessing", "sep": ["a", 1]})


def test_process_offsets_keeps_the_added_prefix_space():
    from subword_core.encoding import Encoding

    enc = Encoding.from_rows([(0, "Ġhello", (0, 5), 0, 0), (1, "ĠĠ", (5, 7), 1, 0),
                              (2, "Ġworld", (7, 13), 2, 0)])
    process_offsets(enc, add_prefix_space=True)
    assert enc.offsets == [(0, 5), (7, 7), (8, 13)]
    assert isinstance(Tokenizer, type)


def test_template_errors_at_encode_and_load_time():
    ours = ours_from(word_level())
    ours.post_processor = TemplateProcessing(single="$B", pair="$A $B")
    with pytest.raises(EncodingError, match=r"\$B"):
        ours.encode("hello")
    assert TemplateProcessing().added_tokens(True) == 0  # defaults: "$0" and "$A:0 $B:1"
    with pytest.raises(EncodingError):
        TemplateProcessing().process_encodings([], True)
    pieces = [{"Sequence": {"id": "A", "type_id": 0}}]
    for bad in (
        {"single": [{"Sequence": {"id": "C", "type_id": 0}}], "pair": [], "special_tokens": {}},
        {"single": pieces, "pair": pieces, "special_tokens": []},
        {"single": pieces, "pair": pieces, "special_tokens": {"x": {"id": 1, "ids": [],
                                                                      "tokens": []}}},
    ):
        with pytest.raises(TokenizerFileError):
            component_from_dict("post_processor", {"type": "TemplateProcessing", **bad})
    with pytest.raises(TokenizerFileError, match="processors must be a JSON array"):
        component_from_dict("post_processor", {"type": "Sequence", "processors": {}})
    with pytest.raises(TokenizerFileError, match="unsupported post-processor type"):
        component_from_dict("post_processor", {"type": ["Sequence"]})


def test_roberta_with_lstrip_mask_token():
    tok = byte_level_bpe()
    tok.pre_tokenizer = hf.pre_tokenizers.ByteLevel(add_prefix_space=True)
    tok.add_special_tokens([hf.AddedToken("<mask>", lstrip=True)])
    tok.post_processor = hf.processors.RobertaProcessing(
        ("</s>", tok.token_to_id("</s>")), ("<s>", tok.token_to_id("<s>")))
    ours = ours_from(tok)
    for text in ["hello <mask> world", "  <mask>hello", "<mask>", "hello\t\t<mask>  <mask> "]:
        check_encode(tok, ours, text)
        check_encode(tok, ours, text, " <mask> world")
