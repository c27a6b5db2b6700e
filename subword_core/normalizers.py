"""Normalizers: the first stage of the pipeline, each a few lines on top of ``transform``.

Every normalizer edits a :class:`~subword_core.text.normalized.NormalizedString` only through
``transform`` (or the helpers built on it: ``filter``, ``map``, ``lowercase``, ``strip``,
``prepend``, ``replace``), so each normalized character keeps pointing at the original
characters it came from, exactly as in HF ``tokenizers``. Names, constructor arguments
and ``tokenizer.json`` fields are HF's.

Unicode details (which Unicode version each HF test uses, the ``change`` values of the
normalization forms) live in :mod:`subword_core.text._hf_unicode`; SentencePiece's compiled
rules live in :mod:`subword_core.text.precompiled`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from itertools import chain, repeat
from typing import Any

import regex

from .components import MemberList, Normalizer, components_from_list, register
from .errors import TokenizerFileError
from .text import _hf_unicode as hfu
from .text._unicode import is_whitespace
from .text.gpt2_bytes import bytes_to_unicode
from .text.normalized import NormalizedString
from .text.onig import Regex, compile_onig
from .text.precompiled import PrecompiledCharsMap, precompiled_changes, rewrites_whole
from .text.spm_normalizer import SpmNormalizerSpec, spm_normalize, spm_normalize_text

__all__ = [
    "NFC", "NFD", "NFKC", "NFKD", "BertNormalizer", "ByteLevel", "Lowercase", "Nmt",
    "Precompiled", "Prepend", "Replace", "Sequence", "Strip", "StripAccents",
]


class _NoField(Normalizer):
    """A normalizer without options: its JSON is just ``{"type": ...}``."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type_name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        return cls()


_REQUIRED = object()


def _field(data: dict[str, Any], key: str, kind: type | tuple, default: Any = _REQUIRED) -> Any:
    """Read ``data[key]`` with HF's (serde's) type strictness; a default makes it optional."""
    if key not in data and default is not _REQUIRED:
        return default
    value = data[key]  # KeyError: component_from_dict reports a missing field
    if not isinstance(value, kind):
        raise ValueError(f"field {key!r} has the wrong type ({type(value).__name__})")
    return value


# ------------------------------------------------------------------ char-local fast path
# ``fast_normalize(text)`` (on some normalizers) returns what ``normalize`` makes of
# ``text`` when that is "char-local": each char becomes a string (maybe empty, maybe
# several chars) that depends on that char alone, every char of which aligns with it.
# The result is ``(normalized, sources)``: ``sources[j]`` is the index in ``text`` of the
# char that normalized char ``j`` comes from, or ``sources`` is None when each char
# became exactly one char (the identity alignment). None when some char is not local.
# The tokenizer's fast path (``fastpath``) and ``normalize`` itself then skip the
# per-char change lists.

Local = tuple[str, list[int] | None]
_MAX_LEARNT_CHARS = 1 << 16  # bounds a _CharMap on texts that use a huge set of chars


class _Learnt:
    """What a _CharMap knows; replaced whole when it grows too big (see translate)."""

    __slots__ = ("known", "table", "uneven", "bad")

    def __init__(self) -> None:
        self.known: dict[str, str] = {}  # char -> what it becomes
        self.table: dict[int, str] = {}  # the same, keyed for str.translate
        self.uneven: dict[str, int] = {}  # char -> its output's length, when not 1
        self.bad: set[str] = set()  # chars that are not local

    def learn(self, c: str, local: Callable[[str], str | None]) -> bool:
        if c in self.bad:
            return False
        mapped = local(c)
        if mapped is None:
            self.bad.add(c)
            return False
        self.known[c] = mapped
        self.table[ord(c)] = mapped
        if len(mapped) != 1:
            self.uneven[c] = len(mapped)
        return True


class _CharMap:
    """What a char-local normalizer makes of each char, learnt as chars turn up.

    If every char of ``text`` is local, the text becomes ``text.translate(table)``.
    """

    __slots__ = ("_learnt",)

    def __init__(self) -> None:
        self._learnt = _Learnt()

    def translate(self, text: str, local: Callable[[str], str | None],
                  accept: Callable[[str, dict[str, int]], bool] | None = None) -> Local | None:
        """``text`` normalized char by char, or None if some char is not local.

        ``accept(text, output lengths that are not 1)``, if given, may still refuse it.
        """
        chars = set(text)
        # One snapshot throughout: another thread may replace self._learnt meanwhile.
        learnt = self._learnt
        new = chars.difference(learnt.known)
        if len(learnt.known) + len(learnt.bad) + len(new) > _MAX_LEARNT_CHARS:
            # Forget before learning: the table must hold all of text's chars.
            learnt = self._learnt = _Learnt()
            new = chars
        for c in new:
            if not learnt.learn(c, local):
                return None
        uneven = learnt.uneven
        if accept is not None and not accept(text, uneven):
            return None
        normalized = text.translate(learnt.table)
        if uneven.keys().isdisjoint(chars):
            return normalized, None
        sizes = map(uneven.get, text, repeat(1))
        return normalized, list(chain.from_iterable(map(repeat, range(len(text)), sizes)))


def _char_result(normalize: Callable[[NormalizedString], None], c: str) -> str | None:
    """What ``normalize`` turns ``c`` into, if every resulting char aligns with ``c``."""
    n = NormalizedString(c, c, [(0, 1)])  # explicit alignments: the general code runs
    normalize(n)
    if n.alignments != [(0, 1)] * len(n.normalized):
        return None
    return n.normalized


def _local_by_general_code(normalize: Callable[[NormalizedString], None],
                           text: str) -> Local | None:
    """Run ``normalize`` on ``text``: a Local result if each char it gives aligns with one char.

    For normalizers that act on the whole text (Replace, Prepend, Strip) but whose
    general code is cheap: the alignments they build are turned into sources.
    """
    n = NormalizedString(text)
    normalize(n)
    if n.is_identity:
        return n.normalized, None
    alignments = n.alignments
    sources = [start for start, _ in alignments]
    if [(start, start + 1) for start in sources] != alignments:
        return None
    return n.normalized, sources


def _normalize_in_place(normalizer: Normalizer, normalized: NormalizedString) -> bool:
    """Apply ``normalizer.fast_normalize`` to an identity-aligned string; False if it cannot."""
    if not normalized.is_identity:
        return False
    result = normalizer.fast_normalize(normalized.normalized)
    if result is None:
        return False
    normalized.set_local_text(*result)
    return True


class _UnicodeForm(_NoField):
    """NFD, NFKD, NFC and NFKC: a char is local when nothing can move across its edges.

    Canonical reordering only moves marks (combining class > 0), and composition only
    glues a "second" char onto what precedes it; a char whose decomposition starts with
    a starter that is no composition second is therefore normalized on its own.
    """

    compat = composes = False

    def __init__(self) -> None:
        self._chars = _CharMap()

    def normalize(self, normalized: NormalizedString) -> None:
        if not _normalize_in_place(self, normalized):
            self._normalize(normalized)

    def _normalize(self, normalized: NormalizedString) -> None:
        decomposed = hfu.decompose(normalized.normalized, self.compat)
        normalized.transform(hfu.compose(decomposed) if self.composes else decomposed)

    def fast_normalize(self, text: str) -> Local | None:
        if text.isascii():
            return text, None  # ASCII is stable under every form
        return self._chars.translate(text, self._local)

    def _local(self, c: str) -> str | None:
        first = hfu.decompose(c, self.compat)[0][0]
        if hfu.combining_class(first) or (self.composes and first in _composition_seconds()):
            return None
        return _char_result(self._normalize, c)


@cache
def _composition_seconds() -> frozenset[str]:
    """Chars that compose with a char before them (with Python's data: a superset of HF's)."""
    seconds = {chr(c) for c in range(0x1161, 0x1176)} | {chr(c) for c in range(0x11A8, 0x11C3)}
    for code in chain(range(0x3400), range(0xA000, 0xAC00), range(0xD7A4, 0x20000)):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            seconds.add(chr(int(parts[1], 16)))
    return frozenset(seconds)


# --------------------------------------------------------------------- Unicode forms
@register("normalizer")
class NFD(_UnicodeForm):
    """Canonical decomposition; the marks split off align with their base character.

    Example:
        >>> NFD().normalize_str("é") == "e\\u0301"
        True
    """

    compat, composes = False, False


@register("normalizer")
class NFKD(_UnicodeForm):
    """Compatibility decomposition (``ﬁ`` → ``fi``, full-width → ASCII, accents split off).

    Example:
        >>> NFKD().normalize_str("ﬁ")
        'fi'
    """

    compat, composes = True, False


@register("normalizer")
class NFC(_UnicodeForm):
    """Canonical decomposition then composition; a composed char spans its parts.

    Example:
        >>> NFC().normalize_str("e\\u0301")
        'é'
    """

    compat, composes = False, True


@register("normalizer")
class NFKC(_UnicodeForm):
    """Compatibility decomposition then canonical composition.

    Example:
        >>> NFKC().normalize_str("ＡＢＣ①")
        'ABC1'
    """

    compat, composes = True, True


@register("normalizer")
class Lowercase(_NoField):
    """Rust's per-char lowercase: ``İ`` → ``i̇`` (two chars), no final-sigma rule.

    Example:
        >>> Lowercase().normalize_str("HÉLLO ΟΔΟΣ")
        'héllo οδοσ'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        if not _normalize_in_place(self, normalized):
            normalized.lowercase()

    def fast_normalize(self, text: str) -> Local | None:
        return _LOWERCASE_CHARS.translate(text, _lowercase_char)


_LOWERCASE_CHARS = _CharMap()


def _lowercase_char(c: str) -> str | None:
    return _char_result(NormalizedString.lowercase, c)


@register("normalizer")
class StripAccents(_NoField):
    """Remove combining marks (Mn, Mc, Me); usually placed after NFD or NFKD.

    Example:
        >>> StripAccents().normalize_str("e\\u0301te\\u0301")
        'ete'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.filter(lambda c: not hfu.is_combining_mark(c))


# Controls removed and separators turned into spaces by SentencePiece's ``nmt`` rules.
_NMT_REMOVED = frozenset(
    [chr(i) for i in range(0x01, 0x09)] + ["\x0b"] + [chr(i) for i in range(0x0E, 0x20)]
    + ["\x7f", "\x8f", "\x9f"]
)
_NMT_SPACES = frozenset(
    "\t\n\x0c\r\u1680\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u2581\ufeff\ufffd"
)


@register("normalizer")
class Nmt(_NoField):
    """SentencePiece's ``nmt`` cleanup: drop control chars, turn odd separators into spaces.

    Example:
        >>> Nmt().normalize_str("a\\x01b\\tc")
        'ab c'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.filter(lambda c: c not in _NMT_REMOVED)
        normalized.map(lambda c: " " if c in _NMT_SPACES else c)


# ------------------------------------------------------------------- simple edits
@register("normalizer")
class Strip(Normalizer):
    """Remove leading and/or trailing whitespace (Rust's ``char::is_whitespace``).

    Example:
        >>> Strip(right=False).normalize_str("  hi  ")
        'hi  '
    """

    def __init__(self, left: bool = True, right: bool = True) -> None:
        self.left = bool(left)
        self.right = bool(right)

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.strip(left=self.left, right=self.right)

    def fast_normalize(self, text: str) -> Local | None:
        return _local_by_general_code(self.normalize, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Strip", "strip_left": self.left, "strip_right": self.right}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Strip:
        return cls(_field(data, "strip_left", bool, True), _field(data, "strip_right", bool, True))


@register("normalizer")
class Prepend(Normalizer):
    """Put ``prepend`` before a non-empty string; it aligns with the first char.

    Example:
        >>> Prepend("▁").normalize_str("hi")
        '▁hi'
    """

    def __init__(self, prepend: str = "▁") -> None:
        self.prepend = prepend

    def normalize(self, normalized: NormalizedString) -> None:
        if normalized.normalized:
            normalized.prepend(self.prepend)

    def fast_normalize(self, text: str) -> Local | None:
        return _local_by_general_code(self.normalize, text)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Prepend", "prepend": self.prepend}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Prepend:
        return cls(_field(data, "prepend", str))


@register("normalizer")
class Replace(Normalizer):
    """Replace every match of ``pattern`` (a literal string or a regex) with ``content``.

    ``pattern`` is a ``str`` (matched literally), a :class:`~subword_core.text.onig.Regex`
    (Oniguruma syntax, as HF's ``tokenizers.Regex``), or HF's JSON form
    ``{"String": s}`` / ``{"Regex": r}``. Like HF, a literal is matched through an
    escaped regex, so an empty literal matches between every two chars.

    Example:
        >>> Replace(Regex(r"\\s+"), " ").normalize_str("a  \\t b")
        'a b'
    """

    def __init__(self, pattern: Any, content: str) -> None:
        if not isinstance(content, str):
            raise ValueError(f"content must be a str, got {type(content).__name__}")
        self.pattern_kind, self._pattern = _pattern_spec(pattern)
        self.content = content
        literal = self.pattern_kind == "String"
        self._compiled = compile_onig(_onig_escape(self._pattern) if literal else self._pattern)

    @property
    def pattern(self) -> str:
        """The pattern's text (``pattern_kind`` says "String" or "Regex").

        Deliberately readable, unlike HF's ("Cannot get pattern"): the word-counting
        shortcuts read it. Not settable, as in HF (the compiled pattern would go stale).
        """
        return self._pattern

    @pattern.setter
    def pattern(self, value: Any) -> None:
        raise AttributeError(
            "Cannot set pattern, please instantiate a new replace pattern instead")

    @property
    def compiled_pattern(self) -> Any:
        """The compiled pattern ``normalize`` replaces the matches of (a literal escaped):
        ``compiled_pattern.for_text(text)`` gives what to search ``text`` with."""
        return self._compiled

    def normalize(self, normalized: NormalizedString) -> None:
        text = normalized.normalized
        normalized.replace(self._compiled.for_text(text), self.content)

    def fast_normalize(self, text: str) -> Local | None:
        return _local_by_general_code(self.normalize, text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "Replace",
            "pattern": {self.pattern_kind: self._pattern},
            "content": self.content,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Replace:
        return cls(_field(data, "pattern", dict), _field(data, "content", str))


def _onig_escape(literal: str) -> str:
    # Only punctuation gets a backslash, so no escape means something else in Ruby syntax.
    return regex.escape(literal, special_only=True)


def _pattern_spec(pattern: Any) -> tuple[str, str]:
    """``("String", s)`` or ``("Regex", r)`` for any accepted way of giving a pattern."""
    if isinstance(pattern, str):
        return "String", pattern
    if isinstance(pattern, dict) and len(pattern) == 1:
        ((kind, value),) = pattern.items()
        if kind in ("String", "Regex") and isinstance(value, str):
            return kind, value
    if isinstance(pattern, Regex):
        return "Regex", pattern.pattern
    raise ValueError(f"pattern must be a str, a Regex or {{'String'|'Regex': str}}, got {pattern!r}")


# ------------------------------------------------------------------------ BERT
def _is_chinese_char(c: str) -> bool:
    # The CJK Unified Ideographs blocks BERT's original tokenizer lists (not all of CJK).
    cp = ord(c)
    return (
        0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
        or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B920 <= cp <= 0x2CEAF
        or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F
    )


def _bert_drops(c: str) -> bool:
    # NUL, U+FFFD and control chars; tab, newline and carriage return are kept (as spaces).
    if c in "\t\n\r":
        return False
    return c == "\0" or c == "\ufffd" or hfu.is_other(c)


@register("normalizer")
class BertNormalizer(Normalizer):
    """BERT's cleanup: drop controls, space out CJK, strip accents, lowercase.

    ``strip_accents=None`` follows ``lowercase`` (the original BERT behaviour).

    Example:
        >>> BertNormalizer().normalize_str("Héllo\\t世界")
        'hello  世  界 '
    """

    def __init__(
        self,
        clean_text: bool = True,
        handle_chinese_chars: bool = True,
        strip_accents: bool | None = None,
        lowercase: bool = True,
    ) -> None:
        self.clean_text = clean_text
        self.handle_chinese_chars = handle_chinese_chars
        self.strip_accents = strip_accents
        self.lowercase = lowercase
        self._char_maps: dict[tuple, _CharMap] = {}  # one per set of options

    def normalize(self, normalized: NormalizedString) -> None:
        if not _normalize_in_place(self, normalized):
            self._normalize(normalized)

    def fast_normalize(self, text: str) -> Local | None:
        options = (self.clean_text, self.handle_chinese_chars, self.strip_accents, self.lowercase)
        char_map = self._char_maps.get(options)
        if char_map is None:
            char_map = self._char_maps[options] = _CharMap()
        return char_map.translate(text, self._local)

    def _local(self, c: str) -> str | None:
        strips = self.lowercase if self.strip_accents is None else self.strip_accents
        if strips and not _marks_vanish(c):
            return None
        return _char_result(self._normalize, c)

    def _normalize(self, normalized: NormalizedString) -> None:
        if self.clean_text:
            # Order matters: controls such as \x0b and \x85 are whitespace too, but go first.
            normalized.filter(lambda c: not _bert_drops(c))
            normalized.map(lambda c: " " if c in "\t\n\r" or is_whitespace(c) else c)
        if self.handle_chinese_chars:
            normalized.transform(_space_out_chinese(normalized.normalized))
        strip_accents = self.lowercase if self.strip_accents is None else self.strip_accents
        if strip_accents:
            normalized.transform(hfu.nfd(normalized.normalized))
            normalized.filter(lambda c: not hfu.is_nonspacing_mark(c))
        if self.lowercase:
            normalized.lowercase()

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "BertNormalizer",
            "clean_text": self.clean_text,
            "handle_chinese_chars": self.handle_chinese_chars,
            "strip_accents": self.strip_accents,
            "lowercase": self.lowercase,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BertNormalizer:
        return cls(
            _field(data, "clean_text", bool, True),
            _field(data, "handle_chinese_chars", bool, True),
            _field(data, "strip_accents", (bool, type(None)), None),
            _field(data, "lowercase", bool, True),
        )


def _marks_vanish(c: str) -> bool:
    """Whether stripping accents treats ``c`` on its own: its NFD may reorder marks
    across chars, which only matters for marks that stay.

    Every step works char by char, except that NFD sorts runs of combining marks (class
    > 0) that may span several chars. When each mark of ``c``'s decomposition is a
    non-spacing one, which stripping removes, the order they took is gone with them;
    a char made only of marks must then vanish entirely (a later part could otherwise
    take the alignment of a mark moved in front of it).
    """
    parts = [part for part, _ in hfu.nfd(c)]
    marks = [part for part in parts if hfu.combining_class(part)]
    if not all(map(hfu.is_nonspacing_mark, marks)):
        return False
    return not hfu.combining_class(parts[0]) or len(marks) == len(parts)


def _space_out_chinese(text: str) -> list[tuple[str, int]]:
    # subtle: HF emits (" ", 0), (c, 1), (" ", 1): all three align with the ideograph.
    changes: list[tuple[str, int]] = []
    for c in text:
        if _is_chinese_char(c):
            changes.extend(((" ", 0), (c, 1), (" ", 1)))
        else:
            changes.append((c, 0))
    return changes


# ----------------------------------------------------------------- SentencePiece
def _removals_follow_one_char(text: str, sizes: dict[str, int]) -> bool:
    """Whether each char Precompiled removes comes after one that became a single char.

    subtle: HF charges a removal to the char emitted before it. That keeps its own
    alignment only if it replaced one char; after an expansion the last inserted char
    would take the removed char's alignment, and with nothing before it the next char
    would.
    """
    if all(sizes.get(c, 1) for c in set(text)):
        return True
    last = None  # output length of the last char that was not removed
    for c in text:
        size = sizes.get(c, 1)
        if size == 0 and last != 1:
            return False
        last = size or last
    return True


@register("normalizer")
class Precompiled(Normalizer):
    """SentencePiece's compiled normalization rules (``precompiled_charsmap`` bytes).

    Example:
        >>> Precompiled(charsmap_bytes).normalize_str("ﬁ①")  # doctest: +SKIP
        'fi1'
    """

    def __init__(self, precompiled_charsmap: bytes) -> None:
        self.charsmap = PrecompiledCharsMap(precompiled_charsmap)
        self._chars = _CharMap()

    @property
    def precompiled_charsmap(self) -> bytes:
        return self.charsmap.data

    def normalize(self, normalized: NormalizedString) -> None:
        if not _normalize_in_place(self, normalized):
            self._normalize(normalized)

    def _normalize(self, normalized: NormalizedString) -> None:
        changes = precompiled_changes(normalized.normalized, self.charsmap)
        if changes is not None:
            normalized.transform(changes)

    def fast_normalize(self, text: str) -> Local | None:
        # A cluster with a rule of its own is rewritten as a whole: not char-local.
        for cluster in hfu.multi_char_graphemes(text):
            if rewrites_whole(cluster, self.charsmap):
                return None
        return self._chars.translate(text, self._local, _removals_follow_one_char)

    def _local(self, c: str) -> str | None:
        return _char_result(self._normalize, c)

    def to_dict(self) -> dict[str, Any]:
        encoded = base64.b64encode(self.charsmap.data).decode("ascii")
        return {"type": "Precompiled", "precompiled_charsmap": encoded}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Precompiled:
        encoded = _field(data, "precompiled_charsmap", str)
        try:
            raw = base64.b64decode(encoded, validate=True)
        except (binascii.Error, TypeError, ValueError):
            raise TokenizerFileError("precompiled_charsmap is not valid base64") from None
        return cls(raw)


# ------------------------------------------------------------------- composition
@register("normalizer")
class Sequence(MemberList, Normalizer):
    """Apply normalizers one after the other.

    Example:
        >>> Sequence([NFD(), StripAccents(), Lowercase()]).normalize_str("Héllo")
        'hello'
    """

    _members_attr = "normalizers"
    _member_family = Normalizer

    def __init__(self, normalizers: Iterable[Normalizer]) -> None:
        self.normalizers = list(normalizers)

    def normalize(self, normalized: NormalizedString) -> None:
        for normalizer in self.normalizers:
            normalizer.normalize(normalized)

    def fast_normalize(self, text: str) -> Local | None:
        # Char-local steps in a row are char-local: each char's sources follow back.
        steps = [getattr(normalizer, "fast_normalize", None) for normalizer in self.normalizers]
        if None in steps:
            return None  # before any work: some member is never char-local
        sources = None
        for step in steps:
            result = step(text)
            if result is None:
                return None
            text, step_sources = result
            if step_sources is not None:
                sources = step_sources if sources is None else list(map(sources.__getitem__, step_sources))
        return text, sources

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Sequence", "normalizers": [n.to_dict() for n in self.normalizers]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sequence:
        return cls(components_from_list("normalizer", data.get("normalizers"), "normalizers"))


# One table for the normalizer and the pre-tokenizer (GPT-2's reversible byte -> char map).
_BYTE_TO_CHAR = bytes_to_unicode()


@register("normalizer")
class ByteLevel(_NoField):
    """Map every UTF-8 byte to a printable char (GPT-2's table); all align with the char.

    Example:
        >>> ByteLevel().normalize_str("é ")
        'Ã©Ġ'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        if not normalized.normalized:
            return
        changes: list[tuple[str, int]] = []
        for c in normalized.normalized:
            encoded = c.encode("utf-8", "surrogatepass")
            changes.extend((_BYTE_TO_CHAR[b], int(i > 0)) for i, b in enumerate(encoded))
        normalized.transform(changes)


class SentencePieceNormalizer(Normalizer):
    """The ``sentencepiece`` library's whole normalization, whitespace included.

    Its charsmap by longest match, user-defined symbols kept as typed, runs of
    whitespace collapsed and the ends stripped (``remove_extra_whitespaces``), spaces as
    ``▁`` and the dummy prefix (see :mod:`subword_core.text.spm_normalizer`). Offsets
    follow SentencePiece's: text that vanishes belongs to the next token. HF has no such
    normalizer, so it has no ``tokenizer.json`` form (``to_dict`` raises).

    Example:
        >>> SentencePieceNormalizer().normalize_str("  hello   world ")
        '▁hello▁world'
    """

    def __init__(self, precompiled_charsmap: bytes = b"", add_dummy_prefix: bool = True,
                 remove_extra_whitespaces: bool = True, escape_whitespaces: bool = True,
                 treat_whitespace_as_suffix: bool = False,
                 user_defined: Iterable[str] = ()) -> None:
        charsmap = PrecompiledCharsMap(precompiled_charsmap) if precompiled_charsmap else None
        self._settings = (bytes(precompiled_charsmap), add_dummy_prefix, remove_extra_whitespaces,
                          escape_whitespaces, treat_whitespace_as_suffix, tuple(user_defined))
        self.spec = SpmNormalizerSpec(charsmap, add_dummy_prefix, remove_extra_whitespaces,
                                      escape_whitespaces, treat_whitespace_as_suffix,
                                      user_defined)

    def normalize(self, normalized: NormalizedString) -> None:
        text = normalized.normalized
        result = spm_normalize(text, self.spec)
        old, size = normalized.alignments, len(text)
        tail = old[-1][1] if old else 0

        def original(position: int) -> int:
            return old[position][0] if position < size else tail

        bounds = [*map(original, result.sources), original(result.end)]
        normalized.normalized = result.text
        normalized.alignments = list(zip(bounds, bounds[1:]))

    def normalize_str(self, text: str) -> str:
        # the same text without following every char's source: the corpus counts' path
        return spm_normalize_text(text, self.spec)

    def settings_key(self) -> str:
        """A digest of the settings that shape its output: names it where a JSON form
        would (the corpus counts' cache keys)."""
        return hashlib.sha256(repr(self._settings).encode("utf-8", "surrogatepass")).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        raise TokenizerFileError(
            "cannot save as tokenizer.json: the sentencepiece library's normalization "
            "(whitespace collapsing, longest-match rules) has no HF tokenizers equivalent")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._settings == self._settings

    __hash__ = None  # type: ignore[assignment]
