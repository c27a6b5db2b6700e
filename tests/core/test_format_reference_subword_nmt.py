"""subword-nmt codes against ``subword_nmt.apply_bpe`` itself, on the probe set and random text.

The reference is ``subword-nmt apply-bpe`` reading the text from standard input: its loop
over ``io.TextIOWrapper`` lines (universal newlines: a line ends at ``\n``, ``\r\n`` or
``\r``) calling ``BPE.process_line``, a line split on spaces. (``BPE.process_lines``, the
file API, refuses a lone ``\r``; the stdin path takes it as a line end.) Its
segments ``lo@@ w`` must be our tokens ``lo`` and ``w</w>`` exactly, each token's offsets
must cover its segment's text, and each id must be the vocabulary's id of the token, or
the ``<unk>`` id for a character never seen in the codes (apply_bpe passes it through).
Codes: learned by ``subword_nmt.learn_bpe`` from Python's ``argparse`` source, and CLIP's
real codes; with and without apply_bpe's ``--vocabulary`` (and threshold).
"""

from __future__ import annotations

import gzip
import io
import re
import sysconfig
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_probes import PROBES, random_texts, uncovered
from subword_core.errors import TokenizerFileError
from subword_core.formats.subword_nmt import read_subword_nmt
from subword_core.tokenizer import Tokenizer
from wild_sources import package_file

apply_bpe = pytest.importorskip("subword_nmt.apply_bpe")
learn_bpe = pytest.importorskip("subword_nmt.learn_bpe")


def apply_bpe_segments(nmt, text: str) -> list[str]:
    """apply_bpe's segments of ``text`` as stdin, ``@@`` kept on non-final ones."""
    stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    output = "".join(nmt.process_line(line) for line in stdin)  # apply_bpe.py's __main__
    return [s for s in re.split(r"[ \n]+", output) if s]


def our_segments(tokenizer: Tokenizer, text: str) -> list[str]:
    """Our tokens written as apply_bpe's segments; also checks their strings, offsets and ids.

    A token's segment is its text (``text[start:end]``); a piece's last token carries
    ``</w>`` (a piece is a word, or a glossary's segment of one); ``@@`` marks a token that
    the next one follows without a gap (the same word of apply_bpe's).
    """
    encoding = tokenizer.encode(text)
    unk = tokenizer.token_to_id("<unk>")
    out = []
    for i, (token, id_, (start, end)) in enumerate(zip(encoding.tokens, encoding.ids,
                                                        encoding.offsets)):
        last = i + 1 == len(encoding)
        piece_end = last or encoding.word_ids[i + 1] != encoding.word_ids[i]
        segment = text[start:end]
        assert token == segment + ("</w>" if piece_end else ""), (text, i, token, (start, end))
        known = tokenizer.token_to_id(token)
        assert id_ == (unk if known is None else known), (text, i, token)
        joined = not last and encoding.offsets[i + 1][0] == end
        out.append(segment + "@@" if joined else segment)
    return out


def mismatches(tokenizer: Tokenizer, nmt, texts) -> list[str]:
    return [text for text in texts
            if our_segments(tokenizer, text) != apply_bpe_segments(nmt, text)]


@pytest.fixture(scope="module")
def codes(tmp_path_factory) -> Path:
    source = Path(sysconfig.get_paths()["stdlib"]) / "argparse.py"
    lines = source.read_text(encoding="utf-8").split("\n")[:1500]
    out = io.StringIO()
    learn_bpe.learn_bpe(io.StringIO("\n".join(lines)), out, 500, min_frequency=2)
    path = tmp_path_factory.mktemp("snmt-ref") / "codes"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def clip_codes(tmp_path_factory) -> Path:
    packed = package_file("open_clip", "bpe_simple_vocab_16e6.txt.gz", "open-clip-torch")
    lines = gzip.decompress(packed.read_bytes()).decode("utf-8").split("\n")
    path = tmp_path_factory.mktemp("clip-ref") / "codes"
    path.write_text("#version: 0.2\n" + "\n".join(lines[1:48895]) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def vocabulary(codes, tmp_path_factory) -> Path:
    """A ``get-vocab`` file of apply_bpe's segments of the probe set and some prose."""
    with open(codes, encoding="utf-8") as f:
        nmt = apply_bpe.BPE(f)
    prose = (Path(sysconfig.get_paths()["stdlib"]) / "textwrap.py").read_text(encoding="utf-8")
    counts = Counter(s for line in [*prose.split("\n"), *PROBES.values()]
                     for s in nmt.segment(line).split(" ") if s)
    # a word a line: apply-bpe's reader (codecs) also ends lines at U+2028, U+0085 ...
    counts = Counter({s: c for s, c in counts.items() if s.splitlines() == [s]})
    path = tmp_path_factory.mktemp("snmt-vocab") / "vocab.txt"
    path.write_text("".join(f"{w} {c}\n" for w, c in counts.most_common()), encoding="utf-8")
    return path


def nmt_for(codes: Path, vocabulary: Path | None = None, threshold: int | None = None,
            glossaries: list[str] | None = None):
    vocab = None
    if vocabulary is not None:
        with open(vocabulary, encoding="utf-8") as f:
            vocab = apply_bpe.read_vocabulary(f, threshold)
    with open(codes, encoding="utf-8") as f:
        return apply_bpe.BPE(f, vocab=vocab, glossaries=glossaries)


#: apply_bpe --glossaries: words, a regex, characters, overlapping ones (order matters)
GLOSSARIES = ["USA", "[0-9]+", "é", "👩\u200d👩", "(?:ab)+c", "ar", "arg"]
GLOSSARY_TEXTS = {"glossary-words": "1934USABUSA is USA, USAUSA ababcabc parser argparse",
                  "glossary-digits": "x1y22z333 abc123def 4", **PROBES}


def test_probe_set_is_large_enough():
    assert len(PROBES) >= 40


def test_probes_equal_apply_bpe(codes):
    tokenizer = read_subword_nmt(codes).tokenizer
    assert mismatches(tokenizer, nmt_for(codes), PROBES.values()) == []
    # the probes do pass characters through, and split words at a tab
    assert tokenizer.encode("Café").tokens[-1] == "é</w>"
    assert tokenizer.encode("Café").ids[-1] == tokenizer.token_to_id("<unk>")
    assert "\t" in tokenizer.encode("a\tb").tokens


def test_clip_probes_equal_apply_bpe(clip_codes):
    tokenizer = read_subword_nmt(clip_codes).tokenizer
    assert mismatches(tokenizer, nmt_for(clip_codes), PROBES.values()) == []


@pytest.mark.parametrize("threshold", [None, 2, 5])
def test_probes_with_vocabulary_equal_apply_bpe(codes, vocabulary, threshold):
    tokenizer = read_subword_nmt(codes, vocabulary=vocabulary,
                                 vocabulary_threshold=threshold).tokenizer
    nmt = nmt_for(codes, vocabulary, threshold)
    assert mismatches(tokenizer, nmt, PROBES.values()) == []


@pytest.mark.parametrize("with_vocabulary", [False, True])
def test_probes_with_glossaries_equal_apply_bpe(codes, vocabulary, with_vocabulary):
    vocab, threshold = (vocabulary, 2) if with_vocabulary else (None, None)
    tokenizer = read_subword_nmt(codes, vocabulary=vocab, vocabulary_threshold=threshold,
                                 glossaries=GLOSSARIES).tokenizer
    nmt = nmt_for(codes, vocab, threshold, GLOSSARIES)
    assert mismatches(tokenizer, nmt, GLOSSARY_TEXTS.values()) == []
    assert tokenizer.encode("1934USAB").tokens == ["1934</w>", "USA</w>", "B</w>"]


def test_glossaries_cannot_be_saved_and_must_not_capture(codes):
    opened = read_subword_nmt(codes, glossaries=["USA"])
    assert any("glossaries USA" in note for note in opened.source.notes)
    with pytest.raises(TokenizerFileError, match="glossaries"):
        opened.tokenizer.to_str()
    with pytest.raises(TokenizerFileError, match="capturing group"):
        read_subword_nmt(codes, glossaries=["(ab)+"])
    with pytest.raises(TokenizerFileError, match="not a regex"):
        read_subword_nmt(codes, glossaries=["(ab"])


@pytest.fixture(scope="module")
def codes_v01(tmp_path_factory) -> Path:
    """0.1 codes (no header) learned by the 0.1 algorithm on the tests' generated corpus."""
    from test_format_subword_nmt import SYLLABLES, generated_corpus, learn_v01

    counts = Counter(w for line in generated_corpus(0, SYLLABLES[:14]) for w in line.split())
    path = tmp_path_factory.mktemp("snmt-v01") / "codes"
    path.write_text("".join(f"{a} {b}\n" for a, b in learn_v01(counts, 250)), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def pairs(codes, vocabulary, codes_v01):
    """(ours, apply_bpe) without and with the vocabulary (threshold 2), with glossaries,
    and on 0.1 codes."""
    return [(read_subword_nmt(codes_v01).tokenizer, nmt_for(codes_v01)),
            (read_subword_nmt(codes).tokenizer, nmt_for(codes)),
            (read_subword_nmt(codes, vocabulary=vocabulary, vocabulary_threshold=2).tokenizer,
             nmt_for(codes, vocabulary, 2)),
            (read_subword_nmt(codes, glossaries=GLOSSARIES).tokenizer,
             nmt_for(codes, glossaries=GLOSSARIES))]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=random_texts() | st.lists(st.sampled_from(["ka", "to", "ri", "mo", "ne", "sa", "lu",
                                                        "pi", "ze", "qu", "an", "el", "é", " "]),
                                     max_size=12).map("".join))
def test_random_text_equals_apply_bpe(pairs, text):
    for tokenizer, nmt in pairs:
        assert our_segments(tokenizer, text) == apply_bpe_segments(nmt, text)
        assert uncovered(text, tokenizer.encode(text).offsets, dropped=" \r\n") == []


@pytest.mark.parametrize("limit", [0, 1, 50, 499])
def test_merges_limit_equals_apply_bpe(codes, limit):
    """apply_bpe --merges N: only the first N lines of merges."""
    opened = read_subword_nmt(codes, merges=limit)
    assert any(f"first {limit:,} merge lines" in note for note in opened.source.notes)
    tokenizer = opened.tokenizer
    with open(codes, encoding="utf-8") as f:
        nmt = apply_bpe.BPE(f, merges=limit)
    assert mismatches(tokenizer, nmt, PROBES.values()) == []


def test_separator_with_vocabulary_equals_apply_bpe(codes, tmp_path):
    """apply_bpe --separator: the vocabulary file writes non-final segments with it."""
    with open(codes, encoding="utf-8") as f:
        segmenting = apply_bpe.BPE(f, separator="|")
    counts = Counter(s for text in PROBES.values() for s in segmenting.segment(text).split(" ")
                     if s and s.splitlines() == [s])
    vocab_file = tmp_path / "vocab.txt"
    vocab_file.write_text("".join(f"{w} {c}\n" for w, c in counts.items() if c >= 2),
                          encoding="utf-8")
    with open(vocab_file, encoding="utf-8") as f:
        vocab = apply_bpe.read_vocabulary(f, None)
    with open(codes, encoding="utf-8") as f:
        nmt = apply_bpe.BPE(f, separator="|", vocab=vocab)
    tokenizer = read_subword_nmt(codes, vocabulary=vocab_file, separator="|").tokenizer
    ours = [[s[:-1] + "@@" if s.endswith("|") else s for s in apply_bpe_segments(nmt, text)]
            for text in PROBES.values()]
    assert [our_segments(tokenizer, text) for text in PROBES.values()] == ours
    plain = read_subword_nmt(codes, vocabulary=vocab_file).tokenizer  # "@@": nothing known
    assert any(plain.encode(t).ids != tokenizer.encode(t).ids for t in PROBES.values())


def test_version_01_final_symbol_formed_after_its_end_was_absorbed(tmp_path):
    """0.1 codes: ``e`` takes ``</w>`` (rank 0) before ``m e`` (rank 1) could make a final
    ``me``, so ``na me`` never joins a word's end; ``m e</w>`` does, later."""
    path = tmp_path / "codes-v0.1"
    path.write_text("e </w>\nm e\nn a\nna me\nm e</w>\n", encoding="utf-8")
    tokenizer, nmt = read_subword_nmt(path).tokenizer, nmt_for(path)
    assert apply_bpe_segments(nmt, "name namex") == ["na@@", "me", "name@@", "x"]
    assert mismatches(tokenizer, nmt, ["name namex", "same", "mename", "e", "me"]) == []


@pytest.mark.slow
def test_version_01_codes_on_the_probes(tmp_path):
    """Codes without a header (``</w>`` a symbol of its own), learned by the 0.1 algorithm
    on Python's argparse source: the folded merges give apply_bpe's segments here too."""
    from test_format_subword_nmt import learn_v01

    text = (Path(sysconfig.get_paths()["stdlib"]) / "argparse.py").read_text(encoding="utf-8")
    counts = Counter(text.split())
    path = tmp_path / "codes-v0.1"
    path.write_text("".join(f"{a} {b}\n" for a, b in learn_v01(counts, 300)), encoding="utf-8")
    tokenizer, nmt = read_subword_nmt(path).tokenizer, nmt_for(path)
    assert nmt.version == (0, 1)
    assert mismatches(tokenizer, nmt, [*PROBES.values(), *sorted(counts)]) == []
