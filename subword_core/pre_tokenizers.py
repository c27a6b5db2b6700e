"""Pre-tokenizers: cut normalized text into words and keep every offset (HF ``pre_tokenizers``).

Each component is a few lines on top of :meth:`PreTokenizedString.split`, given the
matches of a pattern and a :class:`SplitDelimiterBehavior`, exactly as in HF's Rust
sources. The character classes come from :mod:`subword_core.onig` and
:mod:`subword_core._unicode_tables`: they follow the Unicode versions frozen in the
``tokenizers`` wheel, not Python's, so pieces and offsets match HF on any script.

``ByteLevel`` also rewrites each piece as GPT-2 "byte characters". Every byte-char of
a character aligns to that whole original character, as in HF, so a token covering
part of a character reports the whole character. :func:`byte_level_words` gives the
same pieces without alignments, for the trainers' word counts.
"""

from __future__ import annotations

import codecs
import string
from functools import cache, lru_cache
from itertools import pairwise
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
from .components import PreTokenizer, components_from_list, register
from .errors import EncodingError
from .normalized import NormalizedString, SplitDelimiterBehavior, invert_matches
from .onig import OnigPattern, Regex, compile_onig, find_matches
from .pretokenized import PreTokenizedString

__all__ = [
    "GPT2_PATTERN", "BertPreTokenizer", "ByteLevel", "CharDelimiterSplit", "Digits",
    "FixedLength", "Metaspace", "Punctuation", "Regex", "Sequence", "Split",
    "UnicodeScripts", "Whitespace", "WhitespaceSplit", "byte_level_words", "bytes_to_unicode",
]  # fmt: skip

GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"

B = SplitDelimiterBehavior

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


def _one_char(value: str, name: str) -> str:
    if not isinstance(value, str) or len(value) != 1:
        raise ValueError(f"{name} must be a single character, got {value!r}")
    return value


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
        behavior = B.ISOLATED if self.individual_digits else B.CONTIGUOUS
        pretokenized.split(_split_on(_numeric(), behavior))

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

    def __init__(self, delimiter: str) -> None:
        self.delimiter = _one_char(delimiter, "delimiter")

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
        self.pattern = pattern
        self.behavior = _behavior(behavior)
        self.invert = bool(invert)
        # HF compiles a string pattern as an escaped regex too; "" matches everywhere.
        source = pattern.pattern if isinstance(pattern, Regex) else regex.escape(pattern)
        self._compiled = compile_onig(source)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(_split_on(self._compiled, self.behavior, self.invert))

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self.pattern, Regex):
            pattern = {"Regex": self.pattern.pattern}
        else:
            pattern = {"String": self.pattern}
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

    def __init__(
        self, replacement: str = "▁", prepend_scheme: str = "always", split: bool = True
    ) -> None:
        self.replacement = _one_char(replacement, "replacement")
        if prepend_scheme not in ("always", "never", "first"):
            raise ValueError(f"prepend_scheme must be always, never or first: {prepend_scheme!r}")
        self.prepend_scheme = prepend_scheme
        self.split = bool(split)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        pretokenized.split(self._split)

    def _split(self, _: int, n: NormalizedString) -> list[NormalizedString]:
        rep = self.replacement
        n.replace(" ", rep)
        # "first": only the piece that begins the original text (HF offsets_original)
        wanted = self.prepend_scheme == "always" or (
            self.prepend_scheme == "first" and n.original_shift == 0
        )
        if wanted and not n.normalized.startswith(rep):
            n.prepend(rep)
        return n.split(rep, B.MERGED_WITH_NEXT) if self.split else [n]

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
        self, add_prefix_space: bool = True, trim_offsets: bool = True, use_regex: bool = True
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
class Sequence(PreTokenizer):
    """Apply several pre-tokenizers in order.

    Example:
        >>> Sequence([WhitespaceSplit(), Digits()]).pre_tokenize_str("ab12 c")
        [('ab', (0, 2)), ('12', (2, 4)), ('c', (5, 6))]
    """

    def __init__(self, pretokenizers: list[PreTokenizer]) -> None:
        self.pretokenizers = list(pretokenizers)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        for pretokenizer in self.pretokenizers:
            pretokenizer.pre_tokenize(pretokenized)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Sequence", "pretokenizers": [p.to_dict() for p in self.pretokenizers]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sequence:
        return cls(components_from_list("pre_tokenizer", data.get("pretokenizers"), "pretokenizers"))
