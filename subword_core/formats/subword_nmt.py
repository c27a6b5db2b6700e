r"""Read subword-nmt ``codes`` (Sennrich et al.'s BPE) as a classic ``</w>`` BPE tokenizer.

A codes file is an optional ``#version: 0.2`` header, then one merge per line, ``a b``,
in the order they were learned. ``subword_nmt.apply_bpe`` splits a word into characters,
the last one carrying ``</w>`` (version 0.2), and applies the merges lowest rank first;
a pair listed twice keeps its first rank. The tokenizer built here does the same with HF
pieces: ``BPE(end_of_word_suffix="</w>")``, a ``Split`` and ``BPEDecoder``.
apply_bpe's segment ``lo@@ w`` is our tokens ``lo`` and ``w</w>``.

The tokenizer follows ``subword-nmt apply-bpe`` reading standard input:

- *Words*: a line (ended by ``\n``, ``\r\n`` or ``\r``, Python's universal newlines)
  is split on spaces only, so a tab or a no-break space is a character inside a word, as
  there: the pre-tokenizer removes runs of ``[ \r\n]``.
- *Characters never seen in the codes*: apply_bpe passes them through as segments of
  their own. A vocabulary cannot hold every character, so :class:`CodesBPE` keeps the
  character as the token's string (``é``, or ``é</w>`` ending a word) with the unknown
  token's id, as a dictionary of the segments would number it. Saved as tokenizer.json
  (an HF ``BPE``), the same ids come back but such a token reads ``<unk>``.
- *Version 0.1 codes* (no header): there ``</w>`` is a symbol of its own that merges like
  any other, so a word-final symbol with and without it differ, which one suffix cannot
  express. :func:`fold_end_of_word` rewrites the merges for the 0.2 form; on codes
  learned by the 0.1 algorithm that the tests try, every word gets apply_bpe's
  segmentation (odd codes may still differ: see that function).
- *``vocabulary=``* (apply_bpe ``--vocabulary``): after BPE, apply_bpe splits every
  segment missing from that vocabulary back into the merges that built it. No HF model
  splits a token it produced, so the tokenizer gets :class:`VocabularyBPE`, which does
  exactly that, and which cannot be saved as ``tokenizer.json`` (it says why).
- *``glossaries=``* (apply_bpe ``--glossaries``, Python regexes): in each word, every
  match of each glossary in turn is cut out as a segment of its own, and a segment that
  a glossary matches whole is kept unsplit (:class:`GlossarySplit` and :class:`CodesBPE`).
  Each segment is then a word of its own here (its last token carries ``</w>``, as inside
  apply_bpe); the tokenizer cannot be saved as ``tokenizer.json``.

Checked against apply_bpe on the probe set and random text in
tests/core/test_format_reference_subword_nmt.py.
"""

from __future__ import annotations

import gzip
import os
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from ..decoders import BPEDecoder
from ..errors import TokenizerFileError
from ..models.bpe import BPE
from ..components import PreTokenizer
from ..pre_tokenizers import Sequence as PreSequence
from ..pre_tokenizers import Split
from ..serialization import decode_utf8, read_bytes
from ..text.onig import Regex
from ..text.normalized import NormalizedString, SplitDelimiterBehavior
from ..text.pretokenized import PreTokenizedString, Token
from ..tokenizer import Tokenizer
from . import Opened, Source

FORMAT = "subword-nmt"
SUFFIX = "</w>"
SEPARATOR = "@@"  # apply_bpe's mark of a non-final segment, as written in vocabulary files
_UNK_CANDIDATES = ("<unk>", "[UNK]", "<unk:subword-nmt>")
_VERSIONS = {(0, 1): "0.1", (0, 2): "0.2"}
_GZIP_MAGIC = b"\x1f\x8b"
#: What separates words for apply_bpe: spaces, and line ends (universal newlines).
WORD_SEPARATORS = r"[ \r\n]+"

Merge = tuple[str, str]


def read_subword_nmt(path: str | os.PathLike, *, vocabulary: str | os.PathLike | None = None,
                     vocabulary_threshold: int | None = None,
                     glossaries: Sequence[str] | None = None, merges: int | None = None,
                     separator: str = SEPARATOR) -> Opened:
    """Open a subword-nmt ``codes`` file (plain or gzipped) as a ``</w>`` BPE tokenizer.

    Args:
        path: the codes file written by ``subword-nmt learn-bpe``.
        vocabulary: a ``word count`` file (``subword-nmt get-vocab`` of BPE-segmented
            text), as apply_bpe's ``--vocabulary``: segments it lacks are split back.
        vocabulary_threshold: as ``--vocabulary-threshold``: words counted fewer times
            are treated as missing from ``vocabulary``.
        glossaries: as ``--glossaries``: Python regexes of text never split (nor joined
            to its neighbours); without capturing groups.
        merges: as ``--merges``: use only the first lines of merges (None: all).
        separator: as ``--separator``: how ``vocabulary`` writes non-final segments.

    Raises:
        TokenizerFileError: unreadable file, a line that is not two symbols (with its
            number), an unsupported version, a malformed vocabulary file, a glossary
            that is no regex or has a capturing group.
    """
    name = os.fspath(path)
    version, pairs = parse_codes(_read_text(name), name, merges)
    notes = ["characters never seen in the codes pass through with the <unk> id, as "
             "apply_bpe passes them; saved as tokenizer.json their tokens read <unk>"]
    if merges is not None:
        notes.append(f"only the first {merges:,} merge lines are used (apply_bpe --merges)")
    if version == (0, 1):
        pairs = fold_end_of_word(pairs)
        notes.append("version 0.1 codes (no #version header): '</w>' merges folded into "
                     "word-final symbols; odd codes may cut a few words unlike apply_bpe")
    restrict = None
    if vocabulary is not None:
        if version == (0, 1):
            raise TokenizerFileError(f"{name}: a vocabulary restriction needs version 0.2 "
                                     f"codes (apply_bpe's split-back of 0.1 codes is ill-defined)")
        restrict = read_vocabulary(vocabulary, vocabulary_threshold)
        notes.append(f"vocabulary {os.fspath(vocabulary)} ({len(restrict):,} entries): "
                     f"missing segments are split back; cannot be saved as tokenizer.json")
    if glossaries:
        notes.append(f"glossaries {', '.join(glossaries)}: kept whole and cut out of words; "
                     f"cannot be saved as tokenizer.json")
    tokenizer = build_tokenizer(pairs, restrict, glossaries, separator)
    description = (f"subword-nmt BPE codes v{_VERSIONS[version]}, {len(pairs):,} merges, "
                   f"{tokenizer.get_vocab_size():,} tokens")
    return Opened(tokenizer, Source(name, FORMAT, description, tuple(notes)))


def _read_text(name: str) -> str:
    data = read_bytes(name, "file")
    if data.startswith(_GZIP_MAGIC):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error):
            raise TokenizerFileError(f"{name}: damaged gzip data") from None
    return decode_utf8(data, name)


def parse_codes(text: str, name: str,
                limit: int | None = None) -> tuple[tuple[int, int], list[Merge]]:
    """The version and the merges of a codes file, as apply_bpe reads them.

    A repeated merge keeps its first rank (apply_bpe ignores later copies). With ``limit``
    (apply_bpe ``--merges``) only the first ``limit`` lines after the header are read.

    Raises:
        TokenizerFileError: a line that is not two space-separated symbols, an unknown
            ``#version``, no merges.
    """
    lines = text.split("\n")
    version = (0, 1)
    first_line = 1
    if lines[0].startswith("#version:"):
        version = _parse_version(lines[0], name)
        lines = lines[1:]
        first_line = 2
    body = "\n".join(lines).rstrip("\n")
    if not body:
        raise TokenizerFileError(f"{name}: no merges in the codes file")
    merges: dict[Merge, None] = {}
    for number, line in enumerate(body.split("\n")[:limit], start=first_line):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2:
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise TokenizerFileError(
                f"{name}, line {number}: expected two symbols separated by one space, "
                f"got {shown!r}")
        merges.setdefault((parts[0], parts[1]), None)
    return version, list(merges)


def _parse_version(line: str, name: str) -> tuple[int, int]:
    fields = line.split()
    text = re.sub(r"(\.0+)*$", "", fields[-1]) if len(fields) > 1 else ""
    try:
        version = tuple(int(x) for x in text.split("."))
    except ValueError:
        version = ()
    if version not in _VERSIONS:
        raise TokenizerFileError(f"{name}, line 1: unsupported subword-nmt codes version "
                                 f"{line.strip()!r} (0.1 and 0.2 are known)")
    return version  # type: ignore[return-value]


def fold_end_of_word(merges: Iterable[Merge]) -> list[Merge]:
    """Version 0.1 merges rewritten for a word-final symbol that carries ``</w>`` throughout.

    In 0.1 ``</w>`` is a symbol: a word-final ``x`` stays bare until it absorbs ``</w>``,
    by the merge ``(x, </w>)`` or as part of a merge ``(a, y</w>)`` making ``x</w>``.
    A merge ``(a, x)`` also joins a final ``x`` (here ``x</w>``: ``(a, x</w>)`` is added
    at that rank) when a bare final ``x`` can exist then: ``x`` not yet seen absorbing
    ``</w>``, and either a character or itself built that way (``me`` built by ``(m, e)``
    after ``(e, </w>)`` never ends a word bare). ``(x, </w>)`` is dropped. Whether a final
    symbol has absorbed ``</w>`` depends in 0.1 on how it was built, which one suffix cannot
    tell in general; on codes learned by the 0.1 algorithm (the tests' corpora, Python's
    argparse source with 200-600 merges) every word gets apply_bpe's segmentation
    (tests/core/test_format_reference_subword_nmt.py).

    Example:
        >>> fold_end_of_word([("l", "o"), ("o", "w"), ("w", "</w>"), ("lo", "w</w>")])
        [('l', 'o'), ('l', 'o</w>'), ('o', 'w'), ('o', 'w</w>'), ('lo', 'w</w>')]
    """
    absorbed: set[str] = set()
    folded: dict[Merge, None] = {}
    formed: set[str] = set()  # symbols built while their right part could end a word bare
    for left, right in merges:
        if right == SUFFIX:
            absorbed.add(left)
            continue
        folded.setdefault((left, right), None)
        if right.endswith(SUFFIX):
            absorbed.add(left + right[:-len(SUFFIX)])
        elif right not in absorbed and (len(right) == 1 or right in formed):
            folded.setdefault((left, right + SUFFIX), None)
            formed.add(left + right)
    return list(folded)


def read_vocabulary(path: str | os.PathLike, threshold: int | None = None) -> frozenset[str]:
    """The words of a ``word count`` file counted at least ``threshold`` times (all if None).

    As apply_bpe's ``read_vocabulary``; non-final segments appear with ``@@``.

    Raises:
        TokenizerFileError: unreadable, or a line that is not ``word count`` (with its number).
    """
    name = os.fspath(path)
    words = set()
    for number, line in enumerate(_read_text(name).splitlines(), start=1):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2 or not parts[1].lstrip("-").isdigit():
            if not line.strip("\r\n "):
                continue  # a blank line, e.g. at the end
            raise TokenizerFileError(f"{name}, line {number}: expected 'word count', "
                                     f"got {line[:40]!r}")
        if threshold is None or int(parts[1]) >= threshold:
            words.add(parts[0])
    return frozenset(words)


def build_tokenizer(merges: list[Merge], vocabulary: frozenset[str] | None = None,
                    glossaries: Sequence[str] | None = None,
                    separator: str = SEPARATOR) -> Tokenizer:
    """The classic BPE pipeline for version 0.2 ``merges`` (see the module docstring).

    Ids: the unknown token 0, then every character seen in the merges (sorted), bare and
    with ``</w>``, then each merge's result in rank order.
    """
    vocab = _vocabulary(merges)
    unk = next(c for c in _UNK_CANDIDATES if c not in vocab)
    vocab = {unk: 0, **{token: i + 1 for i, token in enumerate(vocab)}}
    options = {"unk_token": unk, "end_of_word_suffix": SUFFIX}
    if vocabulary is None:
        model: CodesBPE = CodesBPE(vocab, merges, **options)
    else:
        model = VocabularyBPE(vocab, merges, vocabulary, separator=separator, **options)
    tokenizer = Tokenizer(model)
    words = Split(Regex(WORD_SEPARATORS), "removed")
    if glossaries:
        split = GlossarySplit(glossaries)
        model.glossary = split.whole
        tokenizer.pre_tokenizer = PreSequence([words, split])
    else:
        tokenizer.pre_tokenizer = words
    tokenizer.decoder = BPEDecoder(SUFFIX)
    return tokenizer


def _vocabulary(merges: list[Merge]) -> dict[str, None]:
    """Every token the merges need, in id order (without the unknown token)."""
    chars = set()
    for left, right in merges:
        chars.update(_bare(left))
        chars.update(_bare(right))
    tokens: dict[str, None] = {}
    for char in sorted(chars):
        tokens[char] = None
        tokens[char + SUFFIX] = None
    for left, right in merges:
        # Parts first: in odd codes a part may be built by a later merge, or by none.
        tokens.setdefault(left, None)
        tokens.setdefault(right, None)
        tokens.setdefault(left + right, None)
    return tokens


def _bare(symbol: str) -> str:
    return symbol[:-len(SUFFIX)] if symbol.endswith(SUFFIX) else symbol


class GlossarySplit(PreTokenizer):
    """apply_bpe's ``_isolate_glossaries``: glossary matches cut out of each word.

    For each glossary in order, each segment so far that the glossary neither matches
    whole nor fails to find is split by ``re.split`` around its matches (empty pieces
    dropped), as apply_bpe's ``isolate_glossary``. ``whole`` is apply_bpe's
    ``glossaries_regex``: the segments it matches are kept unsplit by the model.

    Raises:
        TokenizerFileError: a glossary that is not a regex, or has a capturing group
            (apply_bpe would then repeat text).
    """

    def __init__(self, glossaries: Sequence[str]) -> None:
        self.glossaries = list(glossaries)
        for glossary in self.glossaries:
            try:
                groups = re.compile(glossary).groups
            except re.error as exc:
                raise TokenizerFileError(f"glossary {glossary!r} is not a regex: {exc}") from None
            if groups:
                raise TokenizerFileError(f"glossary {glossary!r} has a capturing group; "
                                         f"write (?:...)")
        self.whole = re.compile("^({})$".format("|".join(self.glossaries)))

    def segments(self, word: str) -> list[str]:
        segments = [word]
        for glossary in self.glossaries:
            segments = [piece for segment in segments for piece in _isolated(segment, glossary)]
        return segments

    def spans(self, word: str) -> list[tuple[int, int]]:
        spans, start = [], 0
        for segment in self.segments(word):
            spans.append((start, start + len(segment)))
            start += len(segment)
        return spans

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        def split(_: int, normalized: NormalizedString) -> list[NormalizedString]:
            matches = [(span, True) for span in self.spans(normalized.normalized)]
            return normalized.split(matches, SplitDelimiterBehavior.ISOLATED)

        pretokenized.split(split)

    def fast_split(self, text: str) -> tuple[list[str], list[int]]:
        spans = self.spans(text)
        return [text[s:e] for s, e in spans], [s for s, _ in spans]

    def to_dict(self) -> dict[str, Any]:
        raise TokenizerFileError("cannot save as tokenizer.json: subword-nmt's glossaries "
                                 "have no HF tokenizers equivalent")

    def __repr__(self) -> str:
        return f"GlossarySplit({self.glossaries!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.glossaries == self.glossaries

    __hash__ = None  # type: ignore[assignment]


def _isolated(word: str, glossary: str) -> list[str]:
    """apply_bpe's ``isolate_glossary`` (a word here has no spaces or line ends to strip)."""
    if re.match("^" + glossary + "$", word) or not re.search(glossary, word):
        return [word]
    return [piece for piece in re.split(f"({glossary})", word) if piece]


class CodesBPE(BPE):
    """BPE as apply_bpe runs it: a character never seen in the codes passes through.

    Such a character is a segment of its own there (no merge can touch it); here it is a
    token whose string is the character (with ``</w>`` ending a word) and whose id is the
    unknown token's. Everything else is the plain ``BPE``, which is also what
    :meth:`to_dict` saves (there the passed-through tokens read as the unknown token).
    """

    glossary: re.Pattern | None = None  # segments kept whole (apply_bpe glossaries_regex)

    def tokenize(self, sequence: str) -> list[Token]:
        if self.glossary is not None and self.glossary.match(sequence):
            return [self._kept_whole(sequence)]
        tokens = super().tokenize(sequence)
        unk = self._vocab[self.unk_token]
        if all(t.id != unk for t in tokens):
            return tokens
        last = len(tokens) - 1
        return [Token(unk, self._passed(sequence, t.offsets[0], i == last), t.offsets)
                if t.id == unk else t for i, t in enumerate(tokens)]

    def tokenize_columns(self, sequence: str) -> tuple[tuple, tuple, tuple, tuple]:
        if self.glossary is not None and self.glossary.match(sequence):
            token = self._kept_whole(sequence)
            return (token.id,), (token.value,), (0,), (len(sequence),)
        ids, values, starts, ends = super().tokenize_columns(sequence)
        unk = self._vocab[self.unk_token]
        if unk in ids:
            last = len(ids) - 1
            values = tuple(self._passed(sequence, starts[i], i == last) if id_ == unk else value
                           for i, (id_, value) in enumerate(zip(ids, values)))
        return ids, values, starts, ends

    def _kept_whole(self, segment: str) -> Token:
        """A glossary segment: one token, as apply_bpe keeps it (the unk id if unknown)."""
        value = segment + SUFFIX
        found = self._vocab.get(value)
        return Token(self._vocab[self.unk_token] if found is None else found, value,
                     (0, len(segment)))

    def to_dict(self) -> dict[str, Any]:
        if self.glossary is not None:
            raise TokenizerFileError(
                "cannot save as tokenizer.json: subword-nmt's glossaries (Python regexes "
                "kept whole) have no HF tokenizers equivalent; open the codes without "
                "glossaries= to save")
        return super().to_dict()

    def _passed(self, sequence: str, start: int, final: bool) -> str:
        # Unknown characters are never merged and never fused: each token is one char.
        return sequence[start] + SUFFIX if final else sequence[start]


class VocabularyBPE(CodesBPE):
    """BPE followed by apply_bpe's ``--vocabulary`` check (``check_vocab_and_split``).

    Every token of a word that the vocabulary lacks (a non-final ``seg`` as ``seg@@``, the
    final one as ``seg``) is split back into the two symbols of the merge that made it,
    recursively, until each part is in the vocabulary or is a single character. A word
    of one character is left alone, as apply_bpe does.

    No HF model does this, so :meth:`to_dict` raises: the tokenizer cannot be saved as
    ``tokenizer.json``.
    """

    def __init__(self, vocab: dict[str, int], merges: list[Merge], vocabulary: frozenset[str],
                 separator: str = SEPARATOR, **options: Any) -> None:
        super().__init__(vocab, merges, **options)
        self.vocabulary = vocabulary
        self.separator = separator
        # apply_bpe's bpe_codes_reverse: the symbol -> its merge; where several merges
        # make one symbol, the lowest rank wins.
        self._made_by: dict[str, Merge] = {}
        for left, right in reversed(merges):
            self._made_by[left + right] = (left, right)

    def __repr__(self) -> str:
        return f"VocabularyBPE({super().__repr__()}, vocabulary=<{len(self.vocabulary)} words>)"

    def __eq__(self, other: object) -> bool:
        return other is self

    __hash__ = None  # type: ignore[assignment]

    def tokenize(self, sequence: str) -> list[Token]:
        tokens = super().tokenize(sequence)
        if len(sequence) == 1 or (self.glossary is not None and self.glossary.match(sequence)):
            return tokens
        out: list[Token] = []
        last = len(tokens) - 1
        for index, token in enumerate(tokens):
            out.extend(self._split_back(token, index == last))
        return out

    def tokenize_columns(self, sequence: str) -> tuple[tuple, tuple, tuple, tuple]:
        tokens = self.tokenize(sequence)
        return (tuple(t.id for t in tokens), tuple(t.value for t in tokens),
                tuple(t.offsets[0] for t in tokens), tuple(t.offsets[1] for t in tokens))

    def _split_back(self, token: Token, final: bool) -> list[Token]:
        if token.id == self._vocab[self.unk_token]:
            return [token]  # a character never seen in the codes: nothing to split
        segment = token.value[:-len(SUFFIX)] if final else token.value
        if (segment if final else segment + self.separator) in self.vocabulary:
            return [token]
        pieces = list(self._recursive_split(segment, final))
        out = []
        start = token.offsets[0]
        for i, piece in enumerate(pieces):
            value = piece + SUFFIX if final and i == len(pieces) - 1 else piece
            out.append(Token(self._vocab[value], value, (start, start + len(piece))))
            start += len(piece)
        return out

    def _recursive_split(self, segment: str, final: bool) -> Iterable[str]:
        """apply_bpe's ``recursive_split``: the parts of ``segment``, each in the vocabulary
        or not splittable."""
        made_by = self._made_by.get(segment + SUFFIX if final else segment)
        if made_by is None:
            yield segment
            return
        left, right = made_by
        if final:
            right = right[:-len(SUFFIX)]
        if left + self.separator in self.vocabulary:
            yield left
        else:
            yield from self._recursive_split(left, False)
        if (right if final else right + self.separator) in self.vocabulary:
            yield right
        else:
            yield from self._recursive_split(right, final)

    def to_dict(self) -> dict[str, Any]:
        raise TokenizerFileError(
            "cannot save as tokenizer.json: subword-nmt's vocabulary restriction (splitting "
            "segments back after BPE) has no HF tokenizers equivalent; open the codes "
            "without vocabulary= to save")


__all__ = ["SEPARATOR", "SUFFIX", "WORD_SEPARATORS", "CodesBPE", "GlossarySplit",
           "VocabularyBPE",
           "build_tokenizer", "fold_end_of_word", "parse_codes", "read_subword_nmt",
           "read_vocabulary"]
