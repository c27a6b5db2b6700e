"""subword-nmt ``codes``: ours segments every word as ``subword_nmt.apply_bpe`` does.

apply_bpe's output ``lo@@ w`` is compared with ours read back through the offsets
(``text[start:end]`` of each token, ``@@`` after every token but a word's last); token
strings must be the segment (``w</w>`` for a word's last), characters never seen in the
codes included (they pass through, with the ``<unk>`` id). HF ``tokenizers`` loading our
``tokenizer.json`` must give the same ids and offsets, and the same tokens except that a
passed-through character reads ``<unk>`` there. The probe set and the random-text property
are in test_format_reference_subword_nmt.py.

Codes: learned with ``subword_nmt.learn_bpe`` on a generated corpus in the test, CLIP's
``bpe_simple_vocab_16e6.txt.gz`` (open_clip; its first 48,894 merges, as CLIP uses them),
and version 0.1 codes learned with the 0.1 algorithm (``</w>`` a separate symbol).
"""

from __future__ import annotations

import doctest
import gzip
import io
import random
from collections import Counter
from pathlib import Path

import pytest

from subword_core.errors import TokenizerFileError
from subword_core.formats import subword_nmt as module
from subword_core.formats.subword_nmt import (
    VocabularyBPE, fold_end_of_word, parse_codes, read_subword_nmt,
)
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file

apply_bpe = pytest.importorskip("subword_nmt.apply_bpe")
learn_bpe = pytest.importorskip("subword_nmt.learn_bpe")
hf = pytest.importorskip("tokenizers")

SYLLABLES = ["ka", "to", "ri", "mo", "ne", "sa", "lu", "pi", "ze", "qu", "an", "el", "ing",
             "tion", "é", "ß", "e", "s", "er", "日本", "한"]
TEXTS = {
    "prose": "the quick brown fox jumps over the lazy dog . it 's 3:45pm , is n't it ?",
    "precomposed": "naïve café résumé Zürich São Paulo El Niño façade Ångström",
    "combining": "nai\u0308ve cafe\u0301 re\u0301sume\u0301 A\u030angstro\u0308m",
    "nfkc": "ﬁnance ﬂower ①②③ Ｈｅｌｌｏ Ｗｏｒｌｄ！ x² H₂O ™ …",
    "cjk": "日本語のテキストです 。 中文测试 ， 汉字",
    "korean": "안녕하세요 세계 ! 한국어 토크나이저",
    "emoji": "family 👩\u200d👩\u200d👧 and 👩🏽\u200d💻 coder 🇫🇷",
    "space-runs": "  a  b   c    katori          e   ",
    "single-chars": "a b c é ß x 日",
    "empty": "",
    "only-spaces": "     ",
    "long-word": "katorimonesa" * 200,
    "marker-like": "</w> lo@@ <unk> [UNK] @@",
}
WHITESPACE = {  # apply_bpe splits on spaces only: compared with the spaces made plain
    "tabs": "\tindented\t\ttwice\tand\ttabs\t",
    "newlines": "line one\nline two\r\n\nline four\n",
    "nbsp": "non\u00a0breaking\u2009thin\u3000ideographic",
}


def generated_corpus(seed: int, syllables=SYLLABLES) -> list[str]:
    rng = random.Random(seed)
    words = ["".join(rng.choice(syllables) for _ in range(rng.randint(1, 4)))
             for _ in range(400)]
    return [" ".join(rng.choice(words) for _ in range(12)) for _ in range(300)]


def learn_codes(tmp_path: Path, lines: list[str], symbols: int = 300) -> Path:
    out = io.StringIO()
    learn_bpe.learn_bpe(io.StringIO("\n".join(lines)), out, symbols, min_frequency=2)
    path = tmp_path / "codes"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def nmt_for(path: Path, vocab=None):
    with open(path, encoding="utf-8") as codes:
        return apply_bpe.BPE(codes, vocab=vocab)


def ours_segmented(tokenizer: Tokenizer, text: str) -> str:
    """Our encoding written as apply_bpe writes a line: ``seg@@ seg@@ seg``."""
    encoding = tokenizer.encode(text)
    out = []
    for i, (start, end) in enumerate(encoding.offsets):
        last = i + 1 == len(encoding) or encoding.word_ids[i + 1] != encoding.word_ids[i]
        out.append(text[start:end] + ("" if last else "@@"))
    return " ".join(out)


def check_tokens(tokenizer: Tokenizer, text: str) -> None:
    """Each token is its segment (a word's last with ``</w>``), an unseen char's with the unk id."""
    encoding = tokenizer.encode(text)
    for i, (token, id_, (start, end)) in enumerate(zip(encoding.tokens, encoding.ids,
                                                        encoding.offsets)):
        last = i + 1 == len(encoding) or encoding.word_ids[i + 1] != encoding.word_ids[i]
        expected = text[start:end] + ("</w>" if last else "")
        assert token == expected, (text, i)
        known = tokenizer.token_to_id(expected)
        assert id_ == (0 if known is None else known), (text, i)
        if known is None:
            assert end - start == 1, "one token per unseen character"


def compare(tokenizer: Tokenizer, nmt, texts) -> int:
    """apply_bpe's segmentation of every text equals ours; returns how many were compared."""
    for text in texts:
        assert ours_segmented(tokenizer, text) == nmt.segment(text), text
        check_tokens(tokenizer, text)
    return len(texts)


def check_hf(tokenizer: Tokenizer, texts) -> None:
    theirs = hf.Tokenizer.from_str(tokenizer.to_str())
    for text in texts:
        mine, ref = tokenizer.encode(text), theirs.encode(text)
        tokens = [t if i else "<unk>" for t, i in zip(mine.tokens, mine.ids)]  # passed through
        assert (mine.ids, tokens, mine.offsets, mine.word_ids) == (
            ref.ids, ref.tokens, ref.offsets, ref.word_ids), text
        assert tokenizer.decode(mine.ids) == theirs.decode(ref.ids), text


# ------------------------------------------------------------------ learned codes (v0.2)
@pytest.fixture(scope="module")
def learned(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("snmt")
    lines = generated_corpus(0)
    path = learn_codes(tmp_path, lines)
    return path, lines


def test_learned_codes_segment_like_apply_bpe(learned):
    path, lines = learned
    opened = read_subword_nmt(path)
    nmt = nmt_for(path)
    words = sorted({w for line in lines for w in line.split()})
    rng = random.Random(1)
    unseen = ["".join(rng.choice(SYLLABLES + ["x", "Ω", "q"]) for _ in range(rng.randint(1, 9)))
              for _ in range(300)]
    compared = compare(opened.tokenizer, nmt, [*lines[:50], *words, *unseen, *TEXTS.values()])
    assert compared > 600


def test_learned_codes_equal_hf(learned):
    path, lines = learned
    opened = read_subword_nmt(path)
    check_hf(opened.tokenizer, [*lines[:20], *TEXTS.values(), *WHITESPACE.values()])


def test_source_and_pipeline(learned):
    path, _ = learned
    opened = read_subword_nmt(path)
    assert opened.source.format == "subword-nmt" and opened.source.path == str(path)
    assert opened.source.description.startswith("subword-nmt BPE codes v0.2, 300 merges")
    assert any("pass through" in note for note in opened.source.notes)
    data = opened.tokenizer.to_dict()
    assert data["pre_tokenizer"] == {"type": "Split", "pattern": {"Regex": "[ \\r\\n]+"},
                                     "behavior": "Removed", "invert": False}
    assert data["decoder"] == {"type": "BPEDecoder", "suffix": "</w>"}
    assert data["model"]["end_of_word_suffix"] == "</w>"
    assert data["model"]["unk_token"] == "<unk>" and data["model"]["vocab"]["<unk>"] == 0
    assert opened.tokenizer.get_added_tokens_decoder() == {}  # "<unk>" in text is plain text
    text = "katori mone sa"
    assert opened.tokenizer.decode(opened.tokenizer.encode(text).ids) == text


def test_words_are_split_on_spaces_and_line_ends_only(learned):
    """As apply_bpe reads a file: a tab or a no-break space is a character of a word."""
    path, _ = learned
    opened, nmt = read_subword_nmt(path), nmt_for(path)
    for text in WHITESPACE.values():
        lines = text.replace("\r\n", "\n").split("\n")
        assert ours_segmented(opened.tokenizer, text) == " ".join(
            filter(None, map(nmt.segment, lines))), text
    assert [t.value for t in opened.tokenizer.model.tokenize("ka\tto")][1] == "\t"


def test_repeated_merge_keeps_its_first_rank(tmp_path):
    codes = tmp_path / "codes"
    codes.write_text("#version: 0.2\nk a\nt o</w>\nka to</w>\nk a\nr i\n", encoding="utf-8")
    version, merges = parse_codes(codes.read_text(encoding="utf-8"), "codes")
    assert version == (0, 2) and merges == [("k", "a"), ("t", "o</w>"), ("ka", "to</w>"),
                                            ("r", "i")]
    opened = read_subword_nmt(codes)
    compare(opened.tokenizer, nmt_for(codes), ["kato", "karito", "ri", "kari"])


def test_gzipped_codes(tmp_path, learned):
    path, lines = learned
    packed = tmp_path / "codes.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    opened = read_subword_nmt(packed)
    assert opened.tokenizer.encode(lines[0]).ids == read_subword_nmt(path).tokenizer.encode(
        lines[0]).ids


# ------------------------------------------------------------------ vocabulary restriction
@pytest.fixture(scope="module")
def with_vocabulary(learned, tmp_path_factory):
    path, lines = learned
    nmt = nmt_for(path)
    counts = Counter(w for line in lines[:60] for w in nmt.segment(line).split(" "))
    vocab_file = tmp_path_factory.mktemp("vocab") / "vocab.txt"
    vocab_file.write_text("".join(f"{w} {c}\n" for w, c in counts.most_common()),
                          encoding="utf-8")
    return path, lines, vocab_file


@pytest.mark.parametrize("threshold", [None, 3, 10])
def test_vocabulary_restriction_equals_apply_bpe(with_vocabulary, threshold):
    path, lines, vocab_file = with_vocabulary
    with open(vocab_file, encoding="utf-8") as f:
        vocab = apply_bpe.read_vocabulary(f, threshold)
    nmt = nmt_for(path, vocab)
    opened = read_subword_nmt(path, vocabulary=vocab_file, vocabulary_threshold=threshold)
    assert isinstance(opened.tokenizer.model, VocabularyBPE)
    words = sorted({w for line in lines for w in line.split()})
    compare(opened.tokenizer, nmt, [*lines[60:120], *words, *TEXTS.values()])
    if threshold == 10:  # the restriction does split some words
        plain = read_subword_nmt(path).tokenizer
        assert any(plain.encode(w).ids != opened.tokenizer.encode(w).ids for w in words)


def test_vocabulary_tokenizer_cannot_be_saved(with_vocabulary, tmp_path):
    path, _, vocab_file = with_vocabulary
    opened = read_subword_nmt(path, vocabulary=vocab_file, vocabulary_threshold=10)
    assert any("cannot be saved" in note for note in opened.source.notes)
    with pytest.raises(TokenizerFileError, match="no HF tokenizers equivalent") as err:
        opened.tokenizer.to_str()
    assert "\n" not in str(err.value)
    with pytest.raises(TokenizerFileError):
        opened.tokenizer.save(tmp_path / "tokenizer.json")
    assert not (tmp_path / "tokenizer.json").exists()


def test_bad_vocabulary_file(learned, tmp_path):
    path, _ = learned
    bad = tmp_path / "vocab.txt"
    bad.write_text("ka 3\nto@@\n", encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"vocab\.txt, line 2: expected 'word count'"):
        read_subword_nmt(path, vocabulary=bad)


# ------------------------------------------------------------------ CLIP's real codes
@pytest.fixture(scope="module")
def clip_codes(tmp_path_factory) -> Path:
    packed = package_file("open_clip", "bpe_simple_vocab_16e6.txt.gz", "open-clip-torch")
    lines = gzip.decompress(packed.read_bytes()).decode("utf-8").split("\n")
    path = tmp_path_factory.mktemp("clip") / "codes"
    path.write_text("#version: 0.2\n" + "\n".join(lines[1:48895]) + "\n", encoding="utf-8")
    return path


def sample_words(count: int) -> list[str]:
    """Words of English prose and code (the standard library's sources), plus varied text."""
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    words: set[str] = set()
    for name in ("argparse.py", "textwrap.py", "inspect.py", "typing.py", "subprocess.py",
                 "pathlib.py", "tarfile.py", "difflib.py"):
        if len(words) < count and (stdlib / name).is_file():
            words.update((stdlib / name).read_text(encoding="utf-8").split())
    return sorted(words)[:count] + [w for t in TEXTS.values() for w in t.split()]


def test_clip_codes_segment_like_apply_bpe(clip_codes):
    opened = read_subword_nmt(clip_codes)
    assert opened.source.description.startswith("subword-nmt BPE codes v0.2, 48,894 merges")
    words = sample_words(600)
    nmt = nmt_for(clip_codes)
    compare(opened.tokenizer, nmt, [" ".join(words[i:i + 20]) for i in range(0, len(words), 20)])


@pytest.mark.slow
def test_clip_codes_many_words(clip_codes):
    opened = read_subword_nmt(clip_codes)
    words = sample_words(20000)
    assert compare(opened.tokenizer, nmt_for(clip_codes), words) > 5000
    check_hf(opened.tokenizer, [" ".join(words[i:i + 50]) for i in range(0, len(words), 50)])


# ------------------------------------------------------------------ version 0.1 codes
def learn_v01(counts: Counter, merges: int) -> list[tuple[str, str]]:
    """The original (0.1) algorithm: ``</w>`` is a symbol of its own; ties by the pair."""
    def merged(word: tuple, pair: tuple) -> tuple:
        out, i = [], 0
        while i < len(word):
            if word[i:i + 2] == pair:
                out.append(pair[0] + pair[1])
                i += 2
            else:
                out.append(word[i])
                i += 1
        return tuple(out)

    vocab = {(*word, "</w>"): count for word, count in counts.items()}
    learned = []
    for _ in range(merges):
        stats: Counter = Counter()
        for word, count in vocab.items():
            for pair in zip(word, word[1:]):
                stats[pair] += count
        best = max(stats, key=lambda pair: (stats[pair], pair), default=None)
        if best is None or stats[best] < 2:
            break
        learned.append(best)
        vocab = {merged(word, best): count for word, count in vocab.items()}
    return learned


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow),
                                  pytest.param(2, marks=pytest.mark.slow)])
def test_version_01_codes(tmp_path, seed):
    lines = generated_corpus(seed, SYLLABLES[:14])
    counts = Counter(w for line in lines for w in line.split())
    path = tmp_path / "codes-v0.1"
    path.write_text("".join(f"{a} {b}\n" for a, b in learn_v01(counts, 250)), encoding="utf-8")
    nmt = nmt_for(path)
    assert nmt.version == (0, 1)
    opened = read_subword_nmt(path)
    assert opened.source.description.startswith("subword-nmt BPE codes v0.1")
    assert any("0.1" in note for note in opened.source.notes)
    rng = random.Random(seed)
    words = sorted(counts) + ["".join(rng.choice(SYLLABLES[:14]) for _ in range(rng.randint(1, 7)))
                              for _ in range(500)]
    same = sum(ours_segmented(opened.tokenizer, w) == nmt.segment(w) for w in words)
    assert same == len(words)  # also test_format_reference_subword_nmt.py's codes
    check_hf(opened.tokenizer, words[:50])


def test_fold_end_of_word():
    merges = [("l", "o"), ("o", "w"), ("w", "</w>"), ("lo", "w</w>"), ("e", "w"), ("lo", "w")]
    assert fold_end_of_word(merges) == [
        ("l", "o"), ("l", "o</w>"), ("o", "w"), ("o", "w</w>"), ("lo", "w</w>"), ("e", "w"),
        ("lo", "w")]  # w took </w> before (e, w) and (lo, w): no final variants


def test_doctests():
    assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------------ bad files
@pytest.mark.parametrize(("text", "message"), [
    ("#version: 0.2\nk a\nt o x\n", r"codes, line 3: expected two symbols"),
    ("k a\n\nt o\n", r"codes, line 2: expected two symbols"),
    ("#version: 0.2\nk  a\n", r"codes, line 2: expected two symbols"),
    ("#version: 0.3\nk a\n", r"codes, line 1: unsupported subword-nmt codes version"),
    ("#version: two\nk a\n", r"unsupported subword-nmt codes version"),
    ("#version: 0.2\n\n\n", r"no merges"),
    ("", r"no merges"),
])  # fmt: skip
def test_bad_codes(tmp_path, text, message):
    path = tmp_path / "codes"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=message) as err:
        read_subword_nmt(path)
    assert "\n" not in str(err.value)


def test_unreadable_files(tmp_path, learned):
    with pytest.raises(TokenizerFileError, match="not found"):
        read_subword_nmt(tmp_path / "missing")
    (tmp_path / "binary").write_bytes(b"k a\n\xff\xfe\n")
    with pytest.raises(TokenizerFileError, match="not UTF-8"):
        read_subword_nmt(tmp_path / "binary")
    (tmp_path / "broken.gz").write_bytes(gzip.compress(b"k a\n")[:-6])
    with pytest.raises(TokenizerFileError, match="damaged gzip"):
        read_subword_nmt(tmp_path / "broken.gz")
    v01 = tmp_path / "v01"
    v01.write_text("k a\n", encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="needs version 0.2"):
        read_subword_nmt(v01, vocabulary=learned[0])
