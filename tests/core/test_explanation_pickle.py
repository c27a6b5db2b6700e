"""An Explanation pickles as packed columns and loads back equal, on varied text.

The window's process loads the explanation of a 50,000-character text from its encoder
process; field by field that was one object per character and pre-token.
"""

from __future__ import annotations

import pickle
import pickletools

import pytest

from subword_core.added_tokens import AddedToken
from subword_core.models import BPE
from subword_core.normalizers import NFKC
from subword_core.pre_tokenizers import Whitespace
from subword_core.tokenizer import Explanation, Tokenizer

TEXTS = ["", "café cafe\u0301 ﬁ ① 한국어 中文 👨‍👩‍👧 <mask>\t\tx\n\n  y",
         "a" * 5000, "<mask><mask> trailing "]


def tokenizer() -> Tokenizer:
    chars = sorted(set("".join(TEXTS)) | set("fi1"))
    tok = Tokenizer(BPE({c: i for i, c in enumerate(chars)}, [], unk_token="a"))
    tok.normalizer = NFKC()
    tok.pre_tokenizer = Whitespace()
    tok.add_special_tokens([AddedToken("<mask>", special=True)])
    return tok


@pytest.mark.parametrize("text", TEXTS)
def test_an_explanation_round_trips(text):
    explanation = tokenizer().explain(text)
    loaded = pickle.loads(pickle.dumps(explanation, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(loaded, Explanation)
    assert loaded == explanation
    assert [type(p.offsets) for p in loaded.pre_tokens] == [tuple] * len(loaded.pre_tokens)
    assert any(p.added_token for p in loaded.pre_tokens) == ("<mask>" in text)


def opcodes(obj) -> int:
    return sum(1 for _ in pickletools.genops(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)))


def test_the_pickle_does_not_grow_with_the_pieces():
    """Beyond the encoding (pickled as usual), no opcode per character or pre-token."""
    def beyond_encoding(text):
        explanation = tokenizer().explain(text)
        return opcodes(explanation) - opcodes(explanation.encoding)

    # (a few FRAME opcodes come with size; field by field it was thousands more)
    assert beyond_encoding(TEXTS[1] * 200) < beyond_encoding(TEXTS[1] * 10) + 20


@pytest.mark.parametrize("text", TEXTS)
def test_a_loaded_explanation_answers_a_screenful_without_unpacking(text):
    """The window shows a screenful of pre-tokens: a loaded explanation answers their count,
    any one of them and whether one is an added token, and unpacks its columns (and its
    encoding) only when they are read whole."""
    explanation = tokenizer().explain(text)
    loaded = pickle.loads(pickle.dumps(explanation, protocol=pickle.HIGHEST_PROTOCOL))
    assert loaded.pre_token_count == len(explanation.pre_tokens)
    assert [loaded.pre_token(i) for i in range(loaded.pre_token_count)] == explanation.pre_tokens
    if explanation.pre_tokens:
        assert loaded.pre_token(-1) == explanation.pre_tokens[-1]
    with pytest.raises(IndexError):
        loaded.pre_token(len(explanation.pre_tokens))
    assert loaded.has_added_tokens == ("<mask>" in text)
    assert not {"pre_tokens", "alignments", "encoding"} & set(vars(loaded))
    # pickled again before being read: the same explanation
    again = pickle.loads(pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == explanation
    assert loaded.encoding == explanation.encoding
    assert loaded.alignments == explanation.alignments
    assert loaded == explanation
    assert loaded.pre_token_count == len(explanation.pre_tokens)
    assert loaded.has_added_tokens == ("<mask>" in text)
