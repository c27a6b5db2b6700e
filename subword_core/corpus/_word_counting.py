"""Word counting for :mod:`subword_core.corpus`: chunk counters, fast paths, a process pool.

A :class:`ChunkCounter` turns a chunk of documents into ``(word counts, character
counts)``: the words of ``pre_tokenizer.pre_tokenize_str(normalizer.normalize_str(doc))``.
The components track offsets, which counting does not need and which cost tens of
microseconds per document, so where it is provably the same result the counter takes
a shortcut:

- normalizing: a segment-local normalizer (char-local ones; SentencePiece's Precompiled
  where each space is a grapheme cluster of its own) normalizes each distinct
  space-separated segment once;
- byte-level, alone or last in a Sequence (GPT-2; Llama 3, Qwen2: Split then ByteLevel):
  count the raw text pieces (the members' ``fast_split``, the GPT-2 regex), byte-map
  each distinct one once;
- pre-tokenizers for which a space only separates (Whitespace, WhitespaceSplit,
  BertPreTokenizer, WhitespaceSplit + Metaspace as in T5), after a segment-local
  normalizer: find each distinct segment's words once;
- Metaspace, WhitespaceSplit + Metaspace, and pre-tokenizers that only cut (``fast_split``)
  on the normalized text: string operations without offsets.

The tests compare every shortcut with the components on tricky strings.
:func:`count_chunks_in_pool` spreads chunks over spawned worker processes.
"""

from __future__ import annotations

import codecs
import re
import signal
import string
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any

import numpy as np
import regex

from .. import normalizers, pre_tokenizers
from .._unicode import WHITE_SPACE
from ..normalized import find_matches
from ..onig import compile_onig
from ..spawning import ordered_pool_map

# -- counters ----------------------------------------------------------------------------
WordsOf = Callable[[str], Iterable[str]]
TextOf = Callable[[str], str]


def words_function(normalizer: Any = None, pre_tokenizer: Any = None) -> WordsOf:
    """The function ``document -> words`` for this normalizer and pre-tokenizer.

    ``pre_tokenizer=None`` splits on whitespace (``str.split``), a quick default for
    corpus statistics.
    """
    counter = ChunkCounter.for_components(normalizer, pre_tokenizer)
    if counter.key_map is None:
        return counter.words_of
    raw, key_map = counter.words_of, counter.key_map
    return lambda doc: [key_map(piece) for piece in raw(doc)]


class ChunkCounter:
    """Counts a chunk of documents: ``(word counts, character counts)``.

    Args:
        words_of: a document's words (or raw pieces, see ``key_map``).
        key_map: if set, applied once to each *distinct* counted piece; it must be
            one-to-one. The byte-level fast paths count raw text pieces this way and
            byte-map each distinct piece once instead of every occurrence.
    """

    def __init__(self, words_of: WordsOf, key_map: Callable[[str], str] | None = None) -> None:
        self.words_of = words_of
        self.key_map = key_map

    @classmethod
    def for_components(cls, normalizer: Any = None, pre_tokenizer: Any = None) -> ChunkCounter:
        """The counter for these components, taking an exact shortcut where one applies.

        Exact: the words are those of
        ``pre_tokenizer.pre_tokenize_str(normalizer.normalize_str(doc))``.
        """
        fast = _byte_level_fast_path(normalizer, pre_tokenizer)
        if fast is not None:
            return fast
        if pre_tokenizer is None:
            if normalizer is None:
                return cls(str.split)
            text_of = text_function(normalizer)
            return cls(lambda doc: text_of(doc).split())
        whole = _whole_text_words(normalizer, pre_tokenizer)
        return cls(_segment_fast_path(normalizer, pre_tokenizer, whole)
                   or _text_fast_path(normalizer, pre_tokenizer)
                   or whole)

    def __call__(self, docs: list[str]) -> tuple[Counter[str], Counter[str]]:
        """``(word counts, character counts)`` of a chunk of documents."""
        raw, chars = self.count_raw(docs)
        return self.words(raw), chars

    def count_raw(self, docs: list[str], into: Counter[str] | None = None
                  ) -> tuple[Counter[str], Counter[str]]:
        """``(raw piece counts, character counts)``: the words before ``key_map``.

        Counting loops add up raw counts and call :meth:`words` once at the end, so each
        distinct piece is mapped once per corpus rather than once per chunk. ``into``
        (returned) adds the pieces to a running total, in C, instead of a new Counter.
        """
        # 1. words: identical documents (blank lines, repeated code lines) are split once,
        # all in one call (a Counter.update per document costs). Words come in the order they
        # first occur, whatever the chunks: partitions merged in order give the same counts,
        # order included, as one pass (trainers break some ties by that order).
        documents = Counter(docs)
        words_of = self.words_of
        words: Counter[str] = Counter() if into is None else into
        words.update(chain.from_iterable(map(words_of, documents)))
        if len(documents) < len(docs):
            for doc, n in documents.items():
                if n > 1:
                    for word, count in Counter(words_of(doc)).items():
                        words[word] += count * (n - 1)
        return words, count_characters(docs)

    def words(self, raw: Counter[str]) -> Counter[str]:
        """Raw piece counts (from :meth:`count_raw`, possibly summed) as word counts."""
        if self.key_map is None:
            return raw
        key_map = self.key_map  # one-to-one, so the order and the counts carry over
        return Counter({key_map(piece): count for piece, count in raw.items()})


def count_characters(docs: list[str]) -> Counter[str]:
    """How often each character occurs in ``docs``, by code point order.

    A histogram of the UTF-32 code units in numpy: about 20 times faster than
    ``Counter`` over the characters. ``surrogatepass`` keeps lone surrogates, which an
    iterable corpus may hold, as their own code points.
    """
    text = "".join(docs)
    if not text:
        return Counter()
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    histogram = np.bincount(codes)
    found = np.flatnonzero(histogram)
    return Counter(dict(zip(map(chr, found.tolist()), histogram[found].tolist())))


def _whole_text_words(normalizer: Any, pre_tokenizer: Any) -> WordsOf:
    """Normalize the whole document, then pre-tokenize the text.

    The components' own ``pre_tokenize_str`` (with offsets: what every shortcut must
    equal) unless :func:`_text_words` has an exact shortcut for the pre-tokenizer.
    """
    text_words = _text_words(pre_tokenizer) or _pieces_of(pre_tokenizer)
    if normalizer is None:
        return text_words
    normalize = normalizer.normalize_str
    return lambda doc: text_words(normalize(doc))


def _pieces_of(pre_tokenizer: Any) -> WordsOf:
    """The pieces of ``pre_tokenizer.pre_tokenize_str(text)``, offsets dropped."""
    pre_tokenize = pre_tokenizer.pre_tokenize_str
    return lambda text: [piece for piece, _ in pre_tokenize(text)]


# -- normalizers that act on each space-separated segment alone ---------------------------
#: Normalizers that act on each character (and on combining sequences, which a space ends).
_CHAR_LOCAL_NORMALIZERS = ("BertNormalizer", "Lowercase", "NFC", "NFD", "NFKC", "NFKD",
                           "StripAccents")
_MEMO_LIMIT = 500_000

#: Where a space shares a grapheme cluster with a neighbour (UAX #29 rules GB9, GB9a, GB9b):
#: a space is its own cluster unless followed by Extend, ZWJ or SpacingMark, or preceded by
#: Prepend. ``regex`` knows a newer Unicode than HF's segmentation: its extra Extend chars
#: only make this test refuse more often (the tests check every code point).
_SPACE_GLUE = regex.compile(
    r" (?:[\p{Grapheme_Cluster_Break=Extend}\p{Grapheme_Cluster_Break=ZWJ}"
    r"\p{Grapheme_Cluster_Break=SpacingMark}]|(?<=\p{Grapheme_Cluster_Break=Prepend} ))")


def _always(_: str) -> bool:
    return True


def _no_space_glue(doc: str) -> bool:
    # no ASCII char is Extend, ZWJ, SpacingMark or Prepend
    return doc.isascii() or _SPACE_GLUE.search(doc) is None


def _is_one_of(component: Any, module: Any, names: tuple[str, ...]) -> bool:
    return any(type(component) is getattr(module, name, None) for name in names)


def _members(normalizer: Any) -> list[Any]:
    if type(normalizer) is normalizers.Sequence:
        return list(normalizer.normalizers)
    return [normalizer]


def _char_local(normalizer: Any) -> bool:
    """None, a char-local normalizer, or a Sequence of them."""
    return normalizer is None or all(_is_one_of(member, normalizers, _CHAR_LOCAL_NORMALIZERS)
                                     for member in _members(normalizer))


def _always_segment_local(member: Any) -> bool:
    """A char-local normalizer, or a Replace of a literal that holds no space (no match
    can reach across a space, and the text around matches is kept)."""
    if _char_local(member):
        return True
    return (type(member) is normalizers.Replace and member.pattern_kind == "String"
            and member.pattern != "" and " " not in member.pattern)


def _keeps_spaces_apart(member: Any) -> bool:
    """Precompiled that leaves a space alone: segment-local where spaces are clusters."""
    return (type(member) is normalizers.Precompiled
            and member.charsmap.transform(" ") in (None, " "))


def _segment_local(normalizer: Any) -> Callable[[str], bool] | None:
    """A test of documents for which ``normalize(doc)`` is the space-join of
    ``normalize(segment) for segment in doc.split(" ")``; None if there is none.

    Char-local normalizers, and Replace of a literal without a space, pass every document
    (:func:`_always`). SentencePiece's Precompiled rewrites each grapheme cluster on its
    own (HF ``spm_precompiled``), so if it leaves a space alone it passes a document whose
    spaces are clusters of their own; the members of the first kind may follow it (they
    act on that space-join), not precede it (they could bring a mark next to a space).
    """
    members = _members(normalizer) if normalizer is not None else []
    if all(map(_always_segment_local, members)):
        return _always
    if _keeps_spaces_apart(members[0]) and all(map(_always_segment_local, members[1:])):
        return _no_space_glue
    return None


def _memoized(function: Callable[[str], Any]) -> Callable[[str], Any]:
    """``function`` with a bounded cache (its results must not be changed by callers)."""
    memo: dict[str, Any] = {}

    def cached(key: str) -> Any:
        value = memo.get(key)
        if value is None:
            if len(memo) > _MEMO_LIMIT:
                memo.clear()  # bound memory on corpora with huge vocabularies
            value = memo[key] = function(key)
        return value

    return cached


def text_function(normalizer: Any) -> TextOf:
    """``normalizer.normalize_str``, normalizing each distinct segment once where exact.

    A Sequence is cut into steps, each a run of segment-local members (see
    :func:`_segment_local`) or one other member, applied in turn: each member's output
    text depends on its input text alone (alignments only follow along).
    """
    if normalizer is None:
        return lambda doc: doc
    steps = [_step_function(group) for group in _step_groups(_members(normalizer))]
    if len(steps) == 1:
        return steps[0]

    def text_of(doc: str) -> str:
        for step in steps:
            doc = step(doc)
        return doc

    return text_of


def _step_groups(members: list[Any]) -> list[list[Any]]:
    """Runs of members that are segment-local together; any other member alone."""
    groups: list[list[Any]] = []
    for member in members:
        joins = groups and _always_segment_local(member) and _segment_local(
            normalizers.Sequence(groups[-1])) is not None
        if joins:
            groups[-1].append(member)
        else:
            groups.append([member])
    return groups


#: Rust's char::is_whitespace (what Strip strips), for str.strip.
_WHITE_SPACE_CHARS = "".join(sorted(WHITE_SPACE))


#: On ASCII text, Unicode normalization forms change nothing (in any Unicode version).
_ASCII_IDENTITY = ("NFC", "NFD", "NFKC", "NFKD")


def _ascii_function(group: list[Any]) -> TextOf | None:
    """What the members do to ASCII text, where it is simple: the normalization forms
    nothing, Lowercase ``str.lower`` (ASCII stays ASCII); None for any other member."""
    kinds = [type(member).__name__ for member in group]
    if not all(kind in _ASCII_IDENTITY or kind == "Lowercase" for kind in kinds):
        return None
    if any(type(member) is not getattr(normalizers, type(member).__name__) for member in group):
        return None  # a subclass may do more
    return str.lower if "Lowercase" in kinds else (lambda text: text)


def _step_function(group: list[Any]) -> TextOf:
    """The text function of a group of :func:`_step_groups`."""
    normalizer = group[0] if len(group) == 1 else normalizers.Sequence(group)
    normalize = normalizer.normalize_str
    local = _segment_local(normalizer)
    if local is not None:
        segment_text = _memoized(normalize)
        ascii_text = _ascii_function(group)

        def by_segment(doc: str) -> str:
            if ascii_text is not None and doc.isascii():
                return ascii_text(doc)
            if local is not _always and not local(doc):
                return normalize(doc)
            return " ".join(map(segment_text, doc.split(" ")))

        return by_segment
    kind = type(normalizer)
    if kind is normalizers.Strip:
        # NormalizedString.strip: Rust whitespace from either end, all of it if all is
        strip = (str.strip if normalizer.left else str.rstrip) if normalizer.right else (
            str.lstrip if normalizer.left else lambda text, _: text)
        return lambda text: strip(text, _WHITE_SPACE_CHARS)
    if kind is normalizers.Prepend:
        prefix = normalizer.prepend
        return lambda text: prefix + text if text else text
    if kind is normalizers.Replace:
        return _replace_function(normalizer)
    return normalize


def _replace_function(replace: Any) -> TextOf:
    """``Replace.normalize_str`` from the same matches as ``NormalizedString.replace``."""
    content = replace.content
    if replace.pattern_kind == "String" and replace.pattern:
        literal = replace.pattern  # leftmost non-overlapping matches, as str.replace
        return lambda text: text.replace(literal, content) if literal in text else text
    compiled = replace.compiled_pattern

    def replaced(text: str) -> str:
        matches = find_matches(compiled.for_text(text), text)
        if len(matches) == 1 and not matches[0][1]:
            return text  # no match
        return "".join(content if is_match else text[start:end]
                       for (start, end), is_match in matches)

    return replaced


# -- pre-tokenizers for which a space only separates ---------------------------------------
#: Pre-tokenizers for which a space only separates: it is dropped, never part of a word,
#: and nothing on one side of it changes the words on the other.
_SPACE_SEPARATED_PRE_TOKENIZERS = ("Whitespace", "WhitespaceSplit", "BertPreTokenizer")
#: BERT isolates every ASCII punctuation character, and no char-local normalizer changes one.
_ASCII_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])| ")


def _whitespace_metaspace(pre_tokenizer: Any) -> Any:
    """The Metaspace of a ``Sequence[WhitespaceSplit, Metaspace]`` (T5, SpmConverter), or None."""
    if type(pre_tokenizer) is not pre_tokenizers.Sequence:
        return None
    members = pre_tokenizer.pretokenizers
    if (len(members) == 2 and type(members[0]) is pre_tokenizers.WhitespaceSplit
            and type(members[1]) is pre_tokenizers.Metaspace):
        return members[1]
    return None


def _segment_fast_path(normalizer: Any, pre_tokenizer: Any, whole: WordsOf) -> WordsOf | None:
    """Find the words of each distinct segment of the documents once (with ``whole``).

    Valid when ``words(a + " " + b) == words(a) + words(b)``: the pre-tokenizer drops a
    space and looks no further than it, and the normalizer is segment-local for the
    document (else the document goes to ``whole``). Metaspace's "first" scheme prepends
    only to the first segment's first piece: the other segments are run with "never".
    """
    local = _segment_local(normalizer)
    if local is None:
        return None
    metaspace = _whitespace_metaspace(pre_tokenizer)
    rest = whole
    if type(pre_tokenizer) is pre_tokenizers.BertPreTokenizer and _char_local(normalizer):
        by_segment = _memoized_by_segment(whole, _bert_segments)
        return _ascii_bert_words(normalizer, by_segment) or by_segment
    if metaspace is not None and metaspace.prepend_scheme == "first":
        never = pre_tokenizers.Metaspace(metaspace.replacement, "never", metaspace.split)
        whitespace_split = pre_tokenizer.pretokenizers[0]
        rest = _whole_text_words(normalizer, pre_tokenizers.Sequence([whitespace_split, never]))
    elif metaspace is None and not _is_one_of(pre_tokenizer, pre_tokenizers,
                                              _SPACE_SEPARATED_PRE_TOKENIZERS):
        return None
    elif type(pre_tokenizer) is pre_tokenizers.Whitespace:
        return None  # its text path (re on whole documents) beats memoizing segments
    by_segment = _memoized_by_segment(rest, first=whole if rest is not whole else None)
    if local is _always:
        return by_segment
    return lambda doc: by_segment(doc) if local(doc) else whole(doc)


def _bert_segments(doc: str) -> list[str]:
    return [seg for seg in _ASCII_PUNCTUATION.split(doc) if seg]


#: BertPreTokenizer on ASCII text: whitespace runs dropped, each punctuation char alone.
_BERT_ASCII_WORDS = re.compile(
    rf"[{re.escape(string.punctuation)}]|[^\t-\r {re.escape(string.punctuation)}]+")
#: BertNormalizer's clean_text on ASCII: controls go (HF's is_control: Cc but \t \n \r),
#: then each whitespace character becomes a space.
_BERT_ASCII_CLEAN = {**{c: None for c in [*range(0x20), 0x7F] if chr(c) not in "\t\n\r"},
                     **{ord(c): " " for c in "\t\n\r"}}


def _ascii_bert_words(normalizer: Any, other: WordsOf) -> WordsOf | None:
    """BERT's words (no normalizer, or a BertNormalizer) of ASCII documents by one ``re``
    pass; ``other`` gives those of the rest.

    On ASCII, BertNormalizer is clean_text (``_BERT_ASCII_CLEAN``) and lowercase: NFD and
    accent stripping change nothing, and there is no Chinese character to space out.
    """
    if normalizer is not None and type(normalizer) is not normalizers.BertNormalizer:
        return None
    clean = normalizer is not None and normalizer.clean_text
    lower = normalizer is not None and normalizer.lowercase
    words = _BERT_ASCII_WORDS.findall

    def words_of(doc: str) -> list[str]:
        if not doc.isascii():
            return list(other(doc))
        if clean:
            doc = doc.translate(_BERT_ASCII_CLEAN)
        return words(doc.lower() if lower else doc)

    return words_of


def _memoized_by_segment(words_of: WordsOf,
                         segments: Callable[[str], list[str]] = lambda doc: doc.split(" "),
                         first: WordsOf | None = None) -> WordsOf:
    """Cut documents into segments and compute each distinct segment's words once.

    ``first``, if given, gives the words of a document's first segment.

    Why: the offset-tracking pipeline costs tens of microseconds per document, while
    segments (words, punctuation) repeat with Zipf frequencies, so most are cache
    hits. Valid only where words never span a segment boundary (see callers).
    """
    if first is None:
        memo: dict[str, list[str]] = {}  # the hits, looked up inline: the hot loop

        def cached(doc: str) -> list[str]:
            if len(memo) > _MEMO_LIMIT:
                memo.clear()
            out: list[str] = []
            for segment in segments(doc):
                words = memo.get(segment)
                if words is None:
                    words = memo[segment] = list(words_of(segment))
                out += words
            return out

        return cached
    segment_words = _memoized(lambda segment: list(words_of(segment)))
    first_words = _memoized(lambda segment: list(first(segment)))

    def cached_with_first(doc: str) -> list[str]:
        head, *tail = segments(doc) or [""]
        out = list(first_words(head))
        for segment in tail:
            out += segment_words(segment)
        return out

    return cached_with_first


# -- pre-tokenizers on the normalized text, without offsets -------------------------------
#: Python's str.split() also cuts at U+001C..U+001F, which are not White_Space (Rust's
#: char::is_whitespace, HF's WhitespaceSplit); elsewhere both agree (the tests check all).
_PYTHON_ONLY_SPACE = re.compile("[\x1c-\x1f]")


def _whitespace_split(text: str) -> list[str]:
    """``WhitespaceSplit().pre_tokenize_str(text)``'s pieces."""
    if _PYTHON_ONLY_SPACE.search(text) is None:
        return text.split()
    return pre_tokenizers.WhitespaceSplit().fast_split(text)[0]


def _text_words(pre_tokenizer: Any) -> WordsOf | None:
    """The words of a normalized text without offsets, where a shortcut is exact."""
    return (_whitespace_words(pre_tokenizer) or _metaspace_words(pre_tokenizer)
            or _whitespace_metaspace_words(pre_tokenizer) or _fast_split_words(pre_tokenizer))


def _whitespace_words(pre_tokenizer: Any) -> WordsOf | None:
    r"""Whitespace: the matches of ``\w+|[^\w\s]+`` (the rest is dropped), found by ``re``
    where the text is ASCII or its non-ASCII characters are letters, else by the exact
    pattern."""
    if type(pre_tokenizer) is not pre_tokenizers.Whitespace:
        return None
    exact = pre_tokenizers.whitespace_words_pattern()

    def words_of(text: str) -> list[str]:
        if text.isascii():
            return _WHITESPACE_ASCII.findall(text)
        if _letters_only(text):
            return _WHITESPACE_LETTERS.findall(text)
        return exact.for_text(text).findall(text)

    return words_of


def _text_fast_path(normalizer: Any, pre_tokenizer: Any) -> WordsOf | None:
    """Normalize the text (by segment where exact), then pre-tokenize it without offsets."""
    text_words = _text_words(pre_tokenizer)
    if text_words is None:
        return None
    text_of = text_function(normalizer)
    return lambda doc: text_words(text_of(doc))


def _metaspace_cutter(metaspace: Any) -> Callable[[str], list[str]]:
    """Metaspace's cut before each replacement char (``split=False``: no cut)."""
    rep = re.escape(metaspace.replacement)
    piece = re.compile(f"{rep}[^{rep}]*|[^{rep}]+")
    return piece.findall if metaspace.split else lambda text: [text]


def _metaspace_words(pre_tokenizer: Any) -> WordsOf | None:
    """Metaspace alone: spaces to ``▁``, prepend one, cut before each ``▁``."""
    if type(pre_tokenizer) is not pre_tokenizers.Metaspace:
        return None
    rep, scheme = pre_tokenizer.replacement, pre_tokenizer.prepend_scheme
    cut = _metaspace_cutter(pre_tokenizer)

    def words_of(text: str) -> list[str]:
        if not text:
            return []
        text = text.replace(" ", rep)
        # "first" equals "always" here: the whole text is one split, at offset 0.
        if scheme != "never" and not text.startswith(rep):
            text = rep + text
        return cut(text)

    return words_of


def _whitespace_metaspace_words(pre_tokenizer: Any) -> WordsOf | None:
    """``Sequence[WhitespaceSplit, Metaspace]``: Metaspace on each whitespace-free piece.

    A piece has no space to replace; "first" prepends only to a piece at offset 0.
    """
    metaspace = _whitespace_metaspace(pre_tokenizer)
    if metaspace is None:
        return None
    rep, scheme = metaspace.replacement, metaspace.prepend_scheme
    cut = _metaspace_cutter(metaspace)
    prepended = _memoized(lambda piece: cut(piece if piece.startswith(rep) else rep + piece))
    plain = _memoized(cut)
    if scheme == "never":
        return lambda text: [word for piece in _whitespace_split(text) for word in plain(piece)]
    if scheme == "always":
        return lambda text: [word for piece in _whitespace_split(text)
                             for word in prepended(piece)]

    def words_first(text: str) -> list[str]:
        pieces = _whitespace_split(text)
        out: list[str] = []
        for i, piece in enumerate(pieces):
            out += prepended(piece) if i == 0 and text.startswith(piece) else plain(piece)
        return out

    return words_first


def _fast_split_words(pre_tokenizer: Any) -> WordsOf | None:
    """A pre-tokenizer that only cuts its text into substrings (``fast_split``)."""
    fast_split = getattr(pre_tokenizer, "fast_split", None)
    if (fast_split is None or getattr(pre_tokenizer, "fast_rewrite", None) is not None
            or getattr(pre_tokenizer, "piece_transform", None) is not None):
        return None
    pieces_of = _pieces_of(pre_tokenizer)

    def words_of(text: str) -> list[str]:
        pieces = fast_split(text)
        return pieces_of(text) if pieces is None else pieces[0]

    return words_of


# -- byte-level pre-tokenizers -------------------------------------------------------------
# -- text whose non-ASCII characters are all letters ------------------------------------------
_NON_ASCII_RUNS = re.compile(r"[^\x00-\x7f]+")
_ASCII_SPACE = r"\t-\r "
#: The GPT-2 pattern run by ``re`` on text whose non-ASCII characters are letters: there
#: ``\p{L}`` is ``[^\W\d_]`` (letters), ``\p{N}`` is ``[0-9]``, the spaces are ASCII.
_GPT2_LETTERS = re.compile(
    rf"'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?[0-9]+| ?(?:[^{_ASCII_SPACE}\w]|_)+"
    rf"|[{_ASCII_SPACE}]+(?![^{_ASCII_SPACE}])|[{_ASCII_SPACE}]+")


#: Whitespace's pattern (the regex crate's ``\w`` and ``\s``) on ASCII text, and on text
#: whose non-ASCII characters are letters (``\w`` to both; no space among them).
_WHITESPACE_ASCII = re.compile(rf"[0-9A-Za-z_]+|[^0-9A-Za-z_{_ASCII_SPACE}]+")
_WHITESPACE_LETTERS = re.compile(rf"\w+|[^\w{_ASCII_SPACE}]+")


def _letters_only(text: str) -> bool:
    """Whether every non-ASCII character of ``text`` (which has some) is a letter.

    Such text (accented words, Cyrillic, CJK, Hangul) can be split by ``re``, about three
    times faster than ``regex``. Python's Unicode (14 for 3.11) is older than onig's and
    the regex crate's (16): a letter here is a letter there, and anything newer is no
    letter here, so it takes the exact path. Marks, digits, symbols and spaces beyond
    ASCII do too.
    """
    return "".join(_NON_ASCII_RUNS.findall(text)).isalpha()


def _byte_level_fast_path(normalizer: Any, pre_tokenizer: Any) -> ChunkCounter | None:
    """ByteLevel, alone or last in a Sequence (Llama 3, Qwen2): count raw text pieces,
    byte-map each distinct one once.

    The pieces: the normalized text (by segment where exact), cut by the members before
    ByteLevel (``fast_split``, else their components), then ByteLevel's prefix space and
    GPT-2 regex. Same words as the components, where every occurrence is byte-mapped;
    byte-mapping is one-to-one (UTF-8 is), as ``key_map`` must be.
    """
    byte_level, before = _byte_level_parts(pre_tokenizer)
    if byte_level is None:
        return None
    text_of = text_function(normalizer)
    cut = _pieces_function(before)
    pattern = compile_onig(pre_tokenizers.GPT2_PATTERN)
    # The same pattern for ASCII text, run by ``re`` about twice as fast (test_fastpath
    # checks it on every ASCII char and random ASCII text).
    ascii_pattern = pre_tokenizers.GPT2_ASCII_PATTERN
    byte_map = pre_tokenizers.bytes_to_unicode()
    table = "".join(byte_map[b] for b in range(256))
    add_prefix_space, use_regex = byte_level.add_prefix_space, byte_level.use_regex

    def byte_level_pieces(piece: str) -> list[str]:
        # HF prepends a space only when the text does not start with a literal space.
        if add_prefix_space and piece and not piece.startswith(" "):
            piece = " " + piece
        if not piece:
            return []
        if not use_regex:
            return [piece]
        if piece.isascii():
            return ascii_pattern.findall(piece)
        if _letters_only(piece):
            return _GPT2_LETTERS.findall(piece)
        return pattern.for_text(piece).findall(piece)

    if cut is None:
        def raw_pieces(doc: str) -> list[str]:
            return byte_level_pieces(text_of(doc))
    elif not add_prefix_space and not use_regex:
        def raw_pieces(doc: str) -> list[str]:
            return cut(text_of(doc))  # Llama 3: the members' pieces are the words
    else:
        def raw_pieces(doc: str) -> list[str]:
            return [raw for piece in cut(text_of(doc)) for raw in byte_level_pieces(piece)]

    def byte_chars(piece: str) -> str:
        # subtle: surrogatepass, as the pre-tokenizer does for lone surrogates
        return codecs.charmap_decode(piece.encode("utf-8", "surrogatepass"), "strict", table)[0]

    return ChunkCounter(raw_pieces, byte_chars)


def _byte_level_parts(pre_tokenizer: Any) -> tuple[Any, Any]:
    """``(ByteLevel, what comes before it)`` for ByteLevel alone (before: None) or last in
    a Sequence; ``(None, None)`` otherwise."""
    if type(pre_tokenizer) is pre_tokenizers.ByteLevel:
        return pre_tokenizer, None
    if type(pre_tokenizer) is not pre_tokenizers.Sequence:
        return None, None
    *before, last = pre_tokenizer.pretokenizers or [None]
    if type(last) is not pre_tokenizers.ByteLevel:
        return None, None
    if any(type(member) is pre_tokenizers.ByteLevel for member in before):
        return None, None  # an inner ByteLevel would map bytes twice
    if not before:
        return last, None
    return last, before[0] if len(before) == 1 else pre_tokenizers.Sequence(before)


def _pieces_function(pre_tokenizer: Any) -> Callable[[str], list[str]] | None:
    """The pieces ``pre_tokenizer`` cuts a text into (None for no pre-tokenizer)."""
    if pre_tokenizer is None:
        return None
    return _fast_split_words(pre_tokenizer) or _pieces_of(pre_tokenizer)


# -- several processes ------------------------------------------------------------------------
_worker_counter: ChunkCounter | None = None  # set once per worker process by _init_worker


def _init_worker(normalizer: Any, pre_tokenizer: Any) -> None:
    global _worker_counter  # a worker process's own state, built once from the pickled components
    # Ctrl-C reaches the whole process group; the parent alone handles it (and stops the pool),
    # so workers do not each print a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_counter = ChunkCounter.for_components(normalizer, pre_tokenizer)


def _count_in_worker(docs: list[str]) -> tuple[Counter[str], Counter[str]]:
    assert _worker_counter is not None
    return _worker_counter.count_raw(docs)


def count_chunks_in_pool(chunks: Iterator[list[str]], normalizer: Any, pre_tokenizer: Any,
                         n_workers: int) -> Iterator[tuple[Counter[str], Counter[str]]]:
    """Count chunks in ``n_workers`` spawned processes, in order, with a bounded backlog.

    Yields ``ChunkCounter.count_raw`` results: map the summed pieces with ``words``.
    """
    return ordered_pool_map(_count_in_worker, chunks, n_workers, initializer=_init_worker,
                            initargs=(normalizer, pre_tokenizer))
