"""app.wording: the library's English sentences said in the interface language.

In English each function must give back exactly the library's sentence (so the app's
wording says what the library says, and a library change that breaks a pattern fails here);
in Korean it must give a translation that keeps the library's figures.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from subword_core.encoding import Encoding
from subword_core.models import BPE, Unigram, WordLevel, WordPiece
from subword_core.analysis.oov import unknown_strategy
from subword_core.pre_tokenizers import ByteLevel
from subword_core.processors import BertProcessing
from subword_core.tokenizer import Tokenizer
from subword_core.analysis.token_classification import TokenClassifier
from subword_core.analysis.vocabulary import decode_ids
from subword_core.analysis.windows import WindowSettings, encode_windows

from app import i18n, wording

VOCAB = {"[UNK]": 0, "[CLS]": 1, "[SEP]": 2, "a": 3, "b": 4, "ab": 5}


def _byte_level() -> Tokenizer:
    tok = Tokenizer(BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")]))
    tok.pre_tokenizer = ByteLevel()
    return tok


#: One tokenizer for every answer to unseen input the library knows.
TOKENIZERS = {
    "bytes": _byte_level,
    "bpe byte_fallback": lambda: Tokenizer(BPE(VOCAB, [("a", "b")], byte_fallback=True)),
    "unk_fused": lambda: Tokenizer(BPE(VOCAB, [("a", "b")], unk_token="[UNK]", fuse_unk=True)),
    "unk_per_char": lambda: Tokenizer(BPE(VOCAB, [("a", "b")], unk_token="[UNK]")),
    "dropped": lambda: Tokenizer(BPE(VOCAB, [("a", "b")])),
    "wordpiece": lambda: Tokenizer(WordPiece(VOCAB, unk_token="[UNK]")),
    "wordlevel": lambda: Tokenizer(WordLevel(VOCAB, unk_token="[UNK]")),
    "unigram unk": lambda: Tokenizer(Unigram([("<unk>", 0.0), ("a", -1.0)], unk_id=0)),
    "unigram bytes": lambda: Tokenizer(Unigram([("<unk>", 0.0), ("a", -1.0)], unk_id=0,
                                               byte_fallback=True)),
    "unigram error": lambda: Tokenizer(Unigram([("a", -1.0), ("b", -1.0)])),
}


@pytest.fixture
def korean(qapp):
    assert i18n.install("ko") == "ko"
    yield
    i18n.install("en")


def _strategies() -> list[tuple]:
    out = []
    for make in TOKENIZERS.values():
        tok = make()
        out.append((unknown_strategy(tok), tok))
    return out


def test_unknown_strategies_say_the_library_sentence_in_english(qapp):
    strategies = _strategies()
    assert len({s.kind for s, _ in strategies}) == 8  # every kind the library knows
    for strategy, tok in strategies:
        assert wording.unknown_strategy_text(strategy, tok) == strategy.summary


def test_unknown_strategies_in_korean(korean):
    for strategy, tok in _strategies():
        text = wording.unknown_strategy_text(strategy, tok)
        assert text != strategy.summary and any("가" <= c <= "힣" for c in text), text
        for token in ("[UNK]", "<unk>", "<0xNN>", "UTF-8"):
            assert (token in text) == (token in strategy.summary)


def _decoded():
    tok = Tokenizer(WordPiece(VOCAB, unk_token="[UNK]"))
    many = " ".join(str(100 + i) for i in range(14))
    return [decode_ids(tok, "3 4 99 x " + many), decode_ids(tok, "3, 5"),
            decode_ids(tok, "y z 7")]


def test_decode_problems_say_the_library_sentence_in_english(qapp):
    results = _decoded()
    assert results[1].problems == "" and "more" in results[0].problems
    for result in results:
        assert wording.decode_problems(result) == result.problems


def test_decode_problems_in_korean(korean):
    result = _decoded()[0]
    text = wording.decode_problems(result)
    assert "어휘" in text and "110" in text and "+3" in text and "x" in text
    assert "not in the vocabulary" not in text


def _window_note() -> str:
    tok = Tokenizer(WordPiece(VOCAB, unk_token="[UNK]"))
    tok.post_processor = BertProcessing(("[SEP]", 2), ("[CLS]", 1))
    windows = encode_windows(tok, "a b a b", settings=WindowSettings(max_length=1, stride=0))
    assert len(windows.notes) == 1
    return windows.notes[0]


def _classification_notes() -> list[str]:
    encoding = Encoding(ids=[1, 3, 2], tokens=["[CLS]", "a", "[SEP]"], offsets=[(0, 0), (0, 5),
                        (0, 0)], type_ids=[0] * 3, word_ids=[None, 0, None],
                        special_tokens_mask=[1, 0, 1], attention_mask=[1] * 3)
    sources = list(wording._LIMIT_SOURCES) + ["something new"]
    return [TokenClassifier._note(SimpleNamespace(max_length=3, _limit_source=source),
                                  encoding, True) for source in sources]


def test_notes_say_the_library_sentence_in_english(qapp):
    note = _window_note()
    assert wording.window_note(note) == note
    assert wording.window_note("another note") == "another note"
    for note in _classification_notes():
        assert wording.classification_note(note) == note


def test_notes_in_korean(korean):
    text = wording.window_note(_window_note())
    assert "max_length" in text and " 1" in text and " 2" in text and "윈도우" in text
    known, new = _classification_notes()[:-1], _classification_notes()[-1]
    for note in known:
        text = wording.classification_note(note)
        assert "토큰" in text and "5" in text and "The text" not in text
        assert "pipeline" not in text and "position table" not in text
    assert "something new" in wording.classification_note(new)  # shown as the library says


def _opened_descriptions(tmp_path) -> list[str]:
    """The descriptions of real files opened by the library: tokenizer.json, BERT's
    vocab.txt, subword-nmt codes."""
    from subword_core.formats import open_tokenizer

    tok = Tokenizer(WordPiece(VOCAB, unk_token="[UNK]"))
    (tmp_path / "첫째").mkdir()
    tok.save(str(tmp_path / "첫째" / "tokenizer.json"))
    (tmp_path / "둘째").mkdir()
    (tmp_path / "둘째" / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    (tmp_path / "codes").write_text("#version: 0.2\nl o\nlo w</w>\n", encoding="utf-8")
    paths = [tmp_path / "첫째" / "tokenizer.json", tmp_path / "둘째" / "vocab.txt",
             tmp_path / "codes"]
    return [open_tokenizer(path).source.description for path in paths]


def test_format_descriptions_say_the_library_sentence_in_english(qapp, tmp_path):
    for text in _opened_descriptions(tmp_path):
        assert wording.source_description(text) == text


def test_format_descriptions_in_korean(korean, tmp_path):
    from test_korean import english_left

    texts = _opened_descriptions(tmp_path)
    said = [wording.source_description(text) for text in texts]
    # figures and names stay; the words around them are translated
    assert "토큰 6개" in said[0] and "토큰 6개" in said[1] and "병합 2개" in said[2]
    for text in said:
        assert not english_left(text, {"codes", "subword-nmt"}), text
