"""Pre-tokenizers: cut normalized text into words and keep every offset (HF ``pre_tokenizers``).

Each component is a few lines on top of :meth:`PreTokenizedString.split`, given the
matches of a pattern and a :class:`SplitDelimiterBehavior`, exactly as in HF's Rust
sources. The character classes come from :mod:`subword_core.onig` and
:mod:`subword_core._unicode_tables`: they follow the Unicode versions frozen in the
``tokenizers`` wheel, not Python's, so pieces and offsets match HF on any script.

Most of them also offer ``fast_split(text)``: for a text aligned to itself, the
pieces (substrings) and where each starts, for the tokenizer's fast path
(``fastpath``); ``piece_transform`` is then applied to every piece (ByteLevel's bytes).

``ByteLevel`` also rewrites each piece as GPT-2 "byte characters". Every byte-char of
a character aligns to that whole original character, as in HF, so a token covering
part of a character reports the whole character. :func:`byte_level_words` gives the
same pieces without alignments, for the trainers' word counts.
"""

from __future__ import annotations

import codecs
import re
import string
from functools import cache, lru_cache
from itertools import accumulate, compress, pairwise
from operator import itemgetter, not_
from typing import Any

import regex

from ._unicode import WHITE_SPACE
from ._unicode_tables import (
    ADDED_AFTER_UNICODE_9,
    ADDED_AFTER_UNICODE_16,
    NUMBERS_ADDED_AFTER_UNICODE_17,
    PUNCTUATION_AFTER_UNICODE_8,
    PUNCTUATION_UNTIL_UNICODE_8,
    SCRIPT_CHANGES_AFTER_UNICODE_9,
    SCRIPTS_UNICODE_9,
    char_set,
    class_items,
)
from .components import MemberList, PreTokenizer, components_from_list, register
from .errors import EncodingError
from .normalized import NormalizedString, SplitDelimiterBehavior, invert_matches, split_pieces
from .onig import OnigPattern, Regex, compile_onig, find_matches
from .pretokenized import PreTokenizedString

__all__ = [
    "GPT2_PATTERN", "BertPreTokenizer", "ByteLevel", "CharDelimiterSplit", "Digits",
    "FixedLength", "Metaspace", "Punctuation", "Regex", "Sequence", "Split",
    "UnicodeScripts", "Whitespace", "WhitespaceSplit", "byte_level_words", "bytes_to_unicode",
]  # fmt: skip

GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"

B = SplitDelimiterBehavior
Pieces = tuple[list[str], list[int]]  # what fast_split returns: pieces and their starts

# ------------------------------------------------------------------ character classes
def _pattern(exact: str, fast: str, rare_ranges: str) -> OnigPattern:
    """A pattern in two forms that differ only on the ``rare_ranges`` characters."""
    flags = regex.VERSION1
    compiled = regex.compile(exact, flags), regex.compile(fast, flags)
    return OnigPattern(*compiled, char_set(rare_ranges))


def _char_class(base: str, removed: str, added: str = "") -> OnigPattern:
    """One-character pattern ``[base added]`` minus the ``removed`` ranges."""
    return _pattern(f"[[{base}--[{class_items(removed)}]]{added}]", f"[{base}{added}]", removed)


# Built on first use: compiling the exact classes takes a noticeable part of a second.
@cache
def _gpt2() -> OnigPattern:
    return compile_onig(GPT2_PATTERN)


@cache
def _words() -> OnigPattern:
    # Whitespace runs on the Rust regex crate (Unicode 16), whose \w is not onig's.
    w = f"[\\w--[{class_items(ADDED_AFTER_UNICODE_16)}]]"
    return _pattern(f"{w}+|[^{w}\\s]+", r"\w+|[^\w\s]+", ADDED_AFTER_UNICODE_16)


def whitespace_words_pattern() -> OnigPattern:
    r"""The exact pattern of :class:`Whitespace`, ``\w+|[^\w\s]+`` as the Rust regex crate
    reads it (its words are the matches; the rest is dropped)."""
    return _words()


@cache
def _whitespace() -> OnigPattern:
    # Rust char::is_whitespace: the White_Space property, unchanged for many versions.
    ws = "[" + "".join(f"\\U{ord(c):08X}" for c in sorted(WHITE_SPACE)) + "]"
    return _pattern(ws, ws, "")


@cache
def _numeric() -> OnigPattern:
    # Rust char::is_numeric, with std's Unicode 17.
    return _char_class("\\p{N}", NUMBERS_ADDED_AFTER_UNICODE_17)


@cache
def _punctuation() -> OnigPattern:
    # HF: char::is_ascii_punctuation || unicode_categories' is_punctuation (Unicode 8).
    ascii_punctuation = regex.escape(string.punctuation, special_only=False)
    until_8 = class_items(PUNCTUATION_UNTIL_UNICODE_8)
    return _char_class("\\p{P}", PUNCTUATION_AFTER_UNICODE_8, ascii_punctuation + until_8)


@lru_cache(maxsize=64)
def _literal_regex(text: str) -> regex.Pattern[str]:
    """A compiled ``regex`` matching ``text`` literally (what a ``str`` pattern becomes)."""
    return regex.compile(regex.escape(text))


@lru_cache(maxsize=64)
def _literal(text: str) -> OnigPattern:
    """A pattern matching ``text`` literally."""
    return compile_onig(regex.escape(text))


@cache
def _bert_words() -> OnigPattern:
    """BertPreTokenizer's two splits in one regex: whitespace runs, single punctuation
    chars, and runs of anything else (whitespace goes first, as it is split off first)."""
    ws, punct = _whitespace(), _punctuation()

    def combined(w: regex.Pattern[str], p: regex.Pattern[str]) -> regex.Pattern[str]:
        return regex.compile(f"{w.pattern}+|{p.pattern}|[^{w.pattern}{p.pattern}]+", regex.VERSION1)

    return OnigPattern(combined(ws.exact, punct.exact), combined(ws.fast, punct.fast),
                       ws.rare | punct.rare)  # fmt: skip


# ASCII-only twins of the GPT-2 and BertPreTokenizer patterns, for ASCII text: Python's
# ``re`` runs them about twice as fast as ``regex`` runs the Unicode ones. On ASCII,
# \p{L} is [A-Za-z], \p{N} is [0-9], whitespace is [\t-\r ] and punctuation is
# string.punctuation; test_fastpath checks every ASCII char and random ASCII text.
_ASCII_SPACE, _ASCII_PUNCT = r"\t-\r ", re.escape(string.punctuation)
_GPT2_ASCII = re.compile(
    rf"'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^{_ASCII_SPACE}A-Za-z0-9]+"
    rf"|[{_ASCII_SPACE}]+(?![^{_ASCII_SPACE}])|[{_ASCII_SPACE}]+"
)
#: The GPT-2 pattern for ASCII text (the word counters use it too).
GPT2_ASCII_PATTERN = _GPT2_ASCII
_INFO_SEPARATORS = re.compile("[\x1c-\x1f]")  # str.isspace() is White_Space but for these
_BERT_ASCII = re.compile(
    rf"[{_ASCII_SPACE}]+|[{_ASCII_PUNCT}]|[^{_ASCII_SPACE}{_ASCII_PUNCT}]+"
)


@cache
def _bert_unicode() -> re.Pattern[str]:
    """``_bert_words()``'s exact classes as one ``re`` pattern (see ``_bert_classes``)."""
    from ._bert_classes import PUNCTUATION, WHITESPACE

    def ranges(table: str) -> str:
        return "".join("-".join(re.escape(chr(int(end, 16))) for end in item.split("-"))
                       for item in table.split())

    ws, punct = ranges(WHITESPACE), ranges(PUNCTUATION)
    return re.compile(f"[{ws}]+|[{punct}]|[^{ws}{punct}]+")


def _tiling_pieces(
    pattern: OnigPattern, text: str, ascii_twin: re.Pattern[str] | None = None
) -> Pieces | None:
    """The matches of ``pattern`` and their starts, if they cover ``text`` end to end.

    Then every piece is a match, so ``findall`` gives them all without match objects.
    None if there is a gap or an empty match (where onig and ``regex`` may differ).
    The pattern must have no capturing group (``findall`` would return the groups).
    """
    compiled = ascii_twin if ascii_twin is not None and text.isascii() else pattern.for_text(text)
    pieces = compiled.findall(text)
    starts = list(accumulate(map(len, pieces), initial=0))
    if starts.pop() != len(text) or "" in pieces:
        return None
    return pieces, starts


def _behavior(value: SplitDelimiterBehavior | str) -> SplitDelimiterBehavior:
    """Accept HF's Python names ("merged_with_next") and JSON names ("MergedWithNext")."""
    if isinstance(value, SplitDelimiterBehavior):
        return value
    key = str(value).replace("_", "").lower()
    for behavior in SplitDelimiterBehavior:
        if behavior.value.lower() == key:
            return behavior
    raise ValueError(f"unknown split behavior {value!r}")


def _split_on(pattern: OnigPattern, behavior: SplitDelimiterBehavior, invert: bool = False):
    """A split function for :meth:`PreTokenizedString.split` (HF ``normalized.split``)."""

    def split(_: int, normalized: NormalizedString) -> list[NormalizedString]:
        matches = find_matches(pattern, normalized.normalized)
        return normalized.split(invert_matches(matches) if invert else matches, behavior)

    return split


def _pieces_on(
    pattern: OnigPattern, behavior: SplitDelimiterBehavior, text: str, invert: bool = False
) -> Pieces:
    """The pieces the function of :func:`_split_on` cuts ``text`` into, and their starts."""
    matches = find_matches(pattern, text)
    return split_pieces(text, invert_matches(matches) if invert else matches, behavior)


def _one_char(value: str, name: str) -> str:
    # HF's messages (pyo3's char extraction): TypeError for a non-str, else ValueError
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str of one character, got {type(value).__name__}")
    if len(value) != 1:
        raise ValueError(f"expected a string of length 1 for {name}, got {value!r}")
    return value


class OneChar:
    """An attribute holding one character, checked on every assignment (HF's setters check
    it too: ``Metaspace().replacement = ""`` raises ValueError)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.slot = name, "_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return self if obj is None else obj.__dict__[self.slot]

    def __set__(self, obj: Any, value: str) -> None:
        obj.__dict__[self.slot] = _one_char(value, self.name)


# ----------------------------------------------------------------- simple splitters
@register("pre_tokenizer")
class Whitespace(PreTokenizer):
    r"""Split on the regex ``\w+|[^\w\s]+``: words and runs of other symbols.

    Example:
        >>> Whitespace().pre_tokenize_str("Hey, you!")
        [('Hey', (0, 3)), (',', (3, 4)), ('you', (5, 8)), ('!', (8, 9))]
    """

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(_words(), B.REMOVED, invert=True))

    def fast_split(self, text: str) -> Pieces:
        return _pieces_on(_words(), B.REMOVED, text, invert=True)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Whitespace"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Whitespace:
        return cls()


@register("pre_tokenizer")
class WhitespaceSplit(PreTokenizer):
    """Split on whitespace (Unicode White_Space), dropping it.

    Example:
        >>> WhitespaceSplit().pre_tokenize_str("Hey, you!")
        [('Hey,', (0, 4)), ('you!', (5, 9))]
    """

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(_whitespace(), B.REMOVED))

    def fast_split(self, text: str) -> Pieces:
        return _pieces_on(_whitespace(), B.REMOVED, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "WhitespaceSplit"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WhitespaceSplit:
        return cls()


@register("pre_tokenizer")
class Punctuation(PreTokenizer):
    """Split on each punctuation character, following ``behavior``.

    Example:
        >>> Punctuation().pre_tokenize_str("Hey, you!")
        [('Hey', (0, 3)), (',', (3, 4)), (' you', (4, 8)), ('!', (8, 9))]
    """

    def __init__(self, behavior: SplitDelimiterBehavior | str = "isolated") -> None:
        self.behavior = _behavior(behavior)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(_punctuation(), self.behavior))

    def fast_split(self, text: str) -> Pieces:
        return _pieces_on(_punctuation(), self.behavior, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Punctuation", "behavior": self.behavior.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Punctuation:
        return cls(data.get("behavior", "Isolated"))


@register("pre_tokenizer")
class BertPreTokenizer(PreTokenizer):
    """Split on whitespace (dropped), then isolate every punctuation character.

    Example:
        >>> BertPreTokenizer().pre_tokenize_str("Hey, you!")
        [('Hey', (0, 3)), (',', (3, 4)), ('you', (5, 8)), ('!', (8, 9))]
    """

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(_whitespace(), B.REMOVED))
        pretokenized.split(_split_on(_punctuation(), B.ISOLATED))

    def fast_split(self, text: str) -> Pieces | None:
        # The three classes share no char, so their matches tile the text.
        pieces = (_BERT_ASCII if text.isascii() else _bert_unicode()).findall(text)
        starts = list(accumulate(map(len, pieces), initial=0))
        starts.pop()
        # Whitespace runs are removed: keep the pieces that do not start with whitespace.
        # str.isspace tells them apart unless \x1c-\x1f occur (spaces to Python only).
        if _INFO_SEPARATORS.search(text) is None:
            keep = list(map(not_, map(str.isspace, pieces)))
        else:
            keep = list(map(not_, map(WHITE_SPACE.__contains__, map(itemgetter(0), pieces))))
        return list(compress(pieces, keep)), list(compress(starts, keep))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "BertPreTokenizer"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BertPreTokenizer:
        return cls()


@register("pre_tokenizer")
class Digits(PreTokenizer):
    """Isolate numbers (runs of numeric characters), or every digit alone.

    Example:
        >>> Digits().pre_tokenize_str("Call 911!")
        [('Call ', (0, 5)), ('911', (5, 8)), ('!', (8, 9))]
        >>> [p for p, _ in Digits(individual_digits=True).pre_tokenize_str("911")]
        ['9', '1', '1']
    """

    def __init__(self, individual_digits: bool = False) -> None:
        self.individual_digits = bool(individual_digits)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(_numeric(), self._behavior()))

    def fast_split(self, text: str) -> Pieces:
        return _pieces_on(_numeric(), self._behavior(), text)

    def _behavior(self) -> SplitDelimiterBehavior:
        return B.ISOLATED if self.individual_digits else B.CONTIGUOUS

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Digits", "individual_digits": self.individual_digits}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Digits:
        return cls(data.get("individual_digits", False))


@register("pre_tokenizer")
class CharDelimiterSplit(PreTokenizer):
    """Split on one delimiter character, dropping it.

    Example:
        >>> CharDelimiterSplit("-").pre_tokenize_str("a-b")
        [('a', (0, 1)), ('b', (2, 3))]
    """

    delimiter = OneChar()

    def __init__(self, delimiter: str) -> None:
        self.delimiter = delimiter

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(lambda _, n: n.split(self.delimiter, B.REMOVED))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "CharDelimiterSplit", "delimiter": self.delimiter}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CharDelimiterSplit:
        return cls(data["delimiter"])


@register("pre_tokenizer")
class Split(PreTokenizer):
    r"""Split on a string or an Oniguruma regex, following ``behavior``.

    ``invert=True`` splits on what the pattern does *not* match.

    Example:
        >>> Split(Regex(r"\d+"), "isolated").pre_tokenize_str("ab12c")
        [('ab', (0, 2)), ('12', (2, 4)), ('c', (4, 5))]
    """

    def __init__(
        self,
        pattern: str | Regex,
        behavior: SplitDelimiterBehavior | str,
        invert: bool = False,
    ) -> None:
        if not isinstance(pattern, (str, Regex)):
            raise TypeError(f"pattern must be a str or a Regex, got {type(pattern).__name__}")
        self._pattern = pattern
        self.behavior = _behavior(behavior)
        self.invert = bool(invert)
        # HF compiles a string pattern as an escaped regex too; "" matches everywhere.
        source = pattern.pattern if isinstance(pattern, Regex) else regex.escape(pattern)
        self._compiled = compile_onig(source)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(self._compiled, self.behavior, self.invert))

    def fast_split(self, text: str) -> Pieces:
        if self.behavior is B.ISOLATED and not self._compiled.fast.groups:
            pieces = _tiling_pieces(self._compiled, text)  # the usual case: regexes that tile
            if pieces is not None:
                return pieces
        return _pieces_on(self._compiled, self.behavior, text, self.invert)

    @property
    def pattern(self) -> Any:
        """Not readable, as in HF (``to_dict()["pattern"]`` gives it)."""
        raise AttributeError("Cannot get pattern")

    @pattern.setter
    def pattern(self, value: Any) -> None:
        raise AttributeError("Cannot set pattern, please instantiate a new split pattern instead")

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self._pattern, Regex):
            pattern = {"Regex": self._pattern.pattern}
        else:
            pattern = {"String": self._pattern}
        return {"type": "Split", "pattern": pattern, "behavior": self.behavior.value,
                "invert": self.invert}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Split:
        pattern = data["pattern"]
        if not isinstance(pattern, dict) or len(pattern) != 1:
            raise ValueError('pattern must be {"String": ...} or {"Regex": ...}')
        (kind, value), = pattern.items()
        if kind not in ("String", "Regex"):
            raise ValueError(f"unknown pattern kind {kind!r}")
        return cls(Regex(value) if kind == "Regex" else value, data["behavior"],
                   data.get("invert", False))  # fmt: skip


@register("pre_tokenizer")
class FixedLength(PreTokenizer):
    """Cut every piece into chunks of ``length`` characters.

    Example:
        >>> FixedLength(3).pre_tokenize_str("abcdefg")
        [('abc', (0, 3)), ('def', (3, 6)), ('g', (6, 7))]
    """

    def __init__(self, length: int = 5) -> None:
        if int(length) < 1:  # HF panics on its first use instead
            raise ValueError(f"length must be at least 1, got {length!r}")
        self.length = int(length)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        size = self.length

        def chunks(_: int, n: NormalizedString) -> list[NormalizedString]:
            total = len(n.normalized)
            return [n.slice_normalized(i, min(i + size, total)) for i in range(0, total, size)]

        pretokenized.split(chunks)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "FixedLength", "length": self.length}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FixedLength:
        return cls(data.get("length", 5))


# ------------------------------------------------------------------- UnicodeScripts
@cache
def _scripts() -> tuple[frozenset[str], regex.Pattern[str]]:
    """Chars without a script in HF's table, and a regex naming a char's script."""
    groups = "|".join(f"(?P<{name}>\\p{{sc={name}}})" for name in SCRIPTS_UNICODE_9)
    return char_set(ADDED_AFTER_UNICODE_9), regex.compile(groups)


@lru_cache(maxsize=8192)
def _script(c: str) -> str:
    """HF ``fixed_script``: the Unicode 9 script, kana and U+30FC as Han, space as "Any"."""
    if c == " ":
        return "Any"
    if c == "\u30fc":
        return "Han"
    if c in SCRIPT_CHANGES_AFTER_UNICODE_9:
        return SCRIPT_CHANGES_AFTER_UNICODE_9[c]
    scriptless, script_of = _scripts()
    if c in scriptless:
        return "Any"  # unknown to HF's Unicode 9 table
    m = script_of.match(c)
    name = m.lastgroup if m else "Any"
    return "Han" if name in ("Hiragana", "Katakana") else name


def _script_runs(_: int, n: NormalizedString) -> list[NormalizedString]:
    # subtle: as in HF, a cut opens only at a char with a script; leading "Any"
    # chars (e.g. spaces) before the first cut are dropped.
    cuts: list[int] = []
    last = None
    for i, c in enumerate(n.normalized):
        script = _script(c)
        if script != "Any":
            if last != script:
                cuts.append(i)
            last = script
    cuts.append(len(n.normalized))
    return [n.slice_normalized(a, b) for a, b in pairwise(cuts)]


@register("pre_tokenizer")
class UnicodeScripts(PreTokenizer):
    """Split where the Unicode script changes (spaces and unknown chars join either side).

    Example:
        >>> UnicodeScripts().pre_tokenize_str("abc漢字")
        [('abc', (0, 3)), ('漢字', (3, 5))]
    """

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_script_runs)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "UnicodeScripts"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UnicodeScripts:
        return cls()


# ----------------------------------------------------------------------- Metaspace
@register("pre_tokenizer")
class Metaspace(PreTokenizer):
    """Replace spaces by ``replacement``, maybe prepend one, and split before each.

    ``prepend_scheme``: "always", "never", or "first" (only for the piece that starts
    the original text).

    Example:
        >>> Metaspace().pre_tokenize_str("Hey you")
        [('▁Hey', (0, 3)), ('▁you', (3, 7))]
    """

    replacement = OneChar()

    def __init__(
        self, replacement: str = "▁", prepend_scheme: str = "always", split: bool = True
    ) -> None:
        self.replacement = replacement
        if prepend_scheme not in ("always", "never", "first"):
            raise ValueError(f"prepend_scheme must be always, never or first: {prepend_scheme!r}")
        self.prepend_scheme = prepend_scheme
        self.split = bool(split)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(self._split)

    def _split(self, _: int, n: NormalizedString) -> list[NormalizedString]:
        rep = self.replacement
        # Compiled patterns, not strings: a string is compiled again on every call.
        if " " in n.normalized:
            n.replace(_literal_regex(" "), rep)
        # "first": only the piece that begins the original text (HF offsets_original)
        wanted = self.prepend_scheme == "always" or (
            self.prepend_scheme == "first" and n.original_shift == 0
        )
        if wanted and not n.normalized.startswith(rep):
            n.prepend(rep)
        return n.split(_literal_regex(rep), B.MERGED_WITH_NEXT) if self.split else [n]

    def fast_rewrite(self, text: str, at_start: bool) -> tuple[str, list[int] | None]:
        """``_split``'s replacing and prepending, for the fast path (``fastpath``).

        The new text and, when a char was prepended (it comes from the first char),
        where each char comes from; ``at_start``: the split starts the original text.
        """
        rep = self.replacement
        text = text.replace(" ", rep)
        wanted = self.prepend_scheme == "always" or (self.prepend_scheme == "first" and at_start)
        if wanted and text and not text.startswith(rep):
            return rep + text, [0, *range(len(text))]
        return text, None

    def fast_split(self, text: str) -> Pieces:
        if not self.split:
            return ([text], [0]) if text else ([], [])
        return _pieces_on(_literal(self.replacement), B.MERGED_WITH_NEXT, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Metaspace", "replacement": self.replacement,
                "prepend_scheme": self.prepend_scheme, "split": self.split}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Metaspace:
        # Older files wrote add_prefix_space (and str_rep) instead of prepend_scheme.
        scheme = data.get("prepend_scheme")
        if data.get("add_prefix_space") is False:
            if scheme not in (None, "never"):
                raise ValueError("add_prefix_space does not match declared prepend_scheme")
            scheme = "never"
        return cls(data["replacement"], scheme or "always", data.get("split", True))


# ----------------------------------------------------------------------- ByteLevel
def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's map from each byte to a printable character (``encoder.py``).

    Printable Latin-1 bytes map to themselves; the others to U+0100 and up, in order.

    Example:
        >>> m = bytes_to_unicode(); m[ord("a")], m[ord(" ")], m[ord("\\n")]
        ('a', 'Ġ', 'Ċ')
    """
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    chars = list(printable)
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {b: chr(c) for b, c in zip(printable, chars)}


_BYTE_CHARS = "".join(v for _, v in sorted(bytes_to_unicode().items()))  # charmap table


def _to_byte_chars(text: str) -> str:
    # subtle: lone surrogates cannot come from HF (Rust strings); encode them like WTF-8
    return codecs.charmap_decode(text.encode("utf-8", "surrogatepass"), "strict", _BYTE_CHARS)[0]


def _byte_alignments(text: str, alignments: list) -> list:
    """Repeat each char's alignment once per UTF-8 byte (HF: 1st byte change 0, others 1)."""
    out: list = []
    append = out.append
    for c, align in zip(text, alignments):
        o = ord(c)
        append(align)
        if o >= 0x80:
            out.extend((align,) * (1 if o < 0x800 else 2 if o < 0x10000 else 3))
    return out


def _byte_level_changes(text: str) -> list[tuple[str, int]]:
    """HF's transformations: each byte as a char, change 0 for a char's first byte, else 1."""
    return [(_BYTE_CHARS[b], int(i > 0)) for c in text
            for i, b in enumerate(c.encode("utf-8", "surrogatepass"))]  # fmt: skip


def _byte_level_normalize(n: NormalizedString) -> None:
    """Map ``n`` to byte-chars: ``n.transform(_byte_level_changes(n.normalized))``, fast.

    Why not ``transform``: this runs on every keystroke and over corpora, and a
    charmap decode plus one alignment list is many times faster than per-byte tuples.
    """
    text = n.normalized
    if n.is_identity:
        n_range = (0, len(text))  # what the conversion below gives on the identity
    else:
        n_range = n.convert_original_to_normalized(0, len(n.original))  # as transform() does
    if n_range is None:
        return
    if n_range != (0, len(text)):
        # Only when a normalizer inserted chars before the first original char: HF then
        # applies the whole string's changes to a shorter range and panics (index out
        # of bounds), or inserts them in front if the original is empty.
        if n_range[0] > 0 and n_range[1] == len(text):
            raise EncodingError("ByteLevel cannot map chars inserted before the text starts "
                                "(HF tokenizers fails here too)")  # fmt: skip
        n.transform(_byte_level_changes(text))
        return
    if not text.isascii():
        n.alignments = _byte_alignments(text, n.alignments)
    n.normalized = _to_byte_chars(text)


def _byte_level_piece(piece: str) -> str | NormalizedString:
    """``_byte_level_normalize`` of one split, for the fast path: the byte-chars alone
    while each still aligns with its own char (ASCII), else the NormalizedString."""
    if piece.isascii():
        return _to_byte_chars(piece)
    n = NormalizedString(piece)
    _byte_level_normalize(n)
    return n


@register("pre_tokenizer")
class ByteLevel(PreTokenizer):
    """GPT-2's pre-tokenizer: optional prefix space, GPT-2 regex split, bytes as chars.

    Example:
        >>> ByteLevel().pre_tokenize_str("Hello world")
        [('ĠHello', (0, 5)), ('Ġworld', (5, 11))]
        >>> ByteLevel(add_prefix_space=False).pre_tokenize_str("né")
        [('nÃ©', (0, 2))]
    """

    def __init__(
        self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True,
        **_ignored: Any,  # HF's `type` and unknown keys (``ByteLevel(**json_state)``)
    ) -> None:
        self.add_prefix_space = bool(add_prefix_space)
        self.trim_offsets = bool(trim_offsets)  # used by the ByteLevel post-processor
        self.use_regex = bool(use_regex)

    @staticmethod
    def alphabet() -> list[str]:
        """The 256 byte-chars, sorted."""
        return sorted(_BYTE_CHARS)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(self._split)
        pretokenized.normalize(_byte_level_normalize)

    def _split(self, _: int, n: NormalizedString) -> list[NormalizedString]:
        # HF checks for a literal space only: "\tx" still gets one.
        if self.add_prefix_space and not n.normalized.startswith(" "):
            n.prepend(" ")
        if not self.use_regex:
            return [n]
        return n.split(find_matches(_gpt2(), n.normalized), B.ISOLATED)

    # The fast path's byte mapping of each piece after the split (see fastpath).
    piece_transform = staticmethod(_byte_level_piece)

    def fast_split(self, text: str) -> Pieces | None:
        if self.add_prefix_space and not text.startswith(" "):
            return None  # the added space aligns with the first char: not a plain substring
        if not self.use_regex:
            return ([text], [0]) if text else ([], [])
        if text.isascii():  # most text: _tiling_pieces' ASCII case, written out
            pieces = _GPT2_ASCII.findall(text)
            starts = list(accumulate(map(len, pieces), initial=0))
            if starts.pop() == len(text):  # the twin has no empty match
                return pieces, starts
        pieces = _tiling_pieces(_gpt2(), text, _GPT2_ASCII)
        return pieces if pieces is not None else _pieces_on(_gpt2(), B.ISOLATED, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space,
                "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}  # fmt: skip

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ByteLevel:
        return cls(data.get("add_prefix_space", True), data.get("trim_offsets", True),
                   data.get("use_regex", True))  # fmt: skip


def byte_level_words(
    text: str, add_prefix_space: bool = False, use_regex: bool = True
) -> list[str]:
    """The byte-mapped pieces ``ByteLevel(...).pre_tokenize_str(text)`` returns, fast.

    For counting words when training: no offsets, and each distinct piece is mapped once.

    Example:
        >>> byte_level_words("it's déjà vu")
        ['it', "'s", 'ĠdÃ©jÃł', 'Ġvu']
    """
    if add_prefix_space and text and not text.startswith(" "):
        text = " " + text
    if not text:
        return []
    pieces = _gpt2().for_text(text).findall(text) if use_regex else [text]
    mapped: dict[str, str] = {}
    out = []
    for piece in pieces:
        word = mapped.get(piece)
        if word is None:
            word = mapped[piece] = _to_byte_chars(piece)
        out.append(word)
    return out


# ------------------------------------------------------------------------ Sequence
@register("pre_tokenizer")
class Sequence(MemberList, PreTokenizer):
    """Apply several pre-tokenizers in order.

    Example:
        >>> Sequence([WhitespaceSplit(), Digits()]).pre_tokenize_str("ab12 c")
        [('ab', (0, 2)), ('12', (2, 4)), ('c', (5, 6))]
    """

    _members_attr = "pretokenizers"
    _member_family = PreTokenizer

    def __init__(self, pretokenizers: list[PreTokenizer]) -> None:
        self.pretokenizers = list(pretokenizers)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        for pretokenizer in self.pretokenizers:
            pretokenizer.pre_tokenize(pretokenized)

    @property
    def piece_transform(self):
        last = self.pretokenizers[-1] if self.pretokenizers else None
        return getattr(last, "piece_transform", None)

    def fast_split(self, text: str) -> Pieces | None:
        """Each member splits the previous member's pieces; only the last may transform."""
        splits = [getattr(member, "fast_split", None) for member in self.pretokenizers]
        transforms = [getattr(m, "piece_transform", None) for m in self.pretokenizers[:-1]]
        rewrites = [getattr(m, "fast_rewrite", None) for m in self.pretokenizers]
        if None in splits or any(transforms) or any(rewrites):
            return None  # before any work: e.g. Metaspace rewrites each piece it gets
        pieces: Pieces = ([text], [0]) if text else ([], [])
        for fast_split in splits:
            pieces = _sub_pieces(fast_split, pieces)
            if pieces is None:
                return None
        return pieces

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Sequence", "pretokenizers": [p.to_dict() for p in self.pretokenizers]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sequence:
        return cls(components_from_list("pre_tokenizer", data.get("pretokenizers"), "pretokenizers"))


def _sub_pieces(fast_split, pieces: Pieces) -> Pieces | None:
    out_pieces: list[str] = []
    out_starts: list[int] = []
    for piece, start in zip(*pieces):
        sub = fast_split(piece)
        if sub is None:
            return None
        out_pieces += sub[0]
        out_starts += (start + s for s in sub[1])
    return out_pieces, out_starts
