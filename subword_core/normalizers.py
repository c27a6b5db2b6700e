"""Normalizers: the first stage of the pipeline, each a few lines on top of ``transform``.

Every normalizer edits a :class:`~subword_core.normalized.NormalizedString` only through
``transform`` (or the helpers built on it: ``filter``, ``map``, ``lowercase``, ``strip``,
``prepend``, ``replace``), so each normalized character keeps pointing at the original
characters it came from, exactly as in HF ``tokenizers``. Names, constructor arguments
and ``tokenizer.json`` fields are HF's.

Unicode details (which Unicode version each HF test uses, the ``change`` values of the
normalization forms) live in :mod:`subword_core._hf_unicode`; SentencePiece's compiled
rules live in :mod:`subword_core.precompiled`.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Iterable
from typing import Any

import regex

from . import _hf_unicode as hfu
from ._unicode import is_whitespace
from .components import Normalizer, components_from_list, register
from .errors import TokenizerFileError
from .normalized import NormalizedString
from .onig import Regex, compile_onig
from .pre_tokenizers import bytes_to_unicode
from .precompiled import PrecompiledCharsMap, precompiled_changes

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


# ------------------------------------------------------------ char-for-char fast path
# ``fast_normalize(text)`` (on some normalizers) returns what ``normalize`` makes of
# ``text`` when that maps each char to exactly one char aligned with it, else None.
# The tokenizer's fast path (``fastpath``) and ``normalize`` itself then skip the
# per-char change lists.

_MAX_LEARNT_CHARS = 1 << 16  # bounds a _CharMap on texts that use a huge set of chars


class _CharMap:
    """What a char-by-char normalizer makes of each char, learnt as chars turn up.

    Only for normalizers whose result on a text is the concatenation of their results on
    its chars: if each char of ``text`` becomes exactly one char, the text becomes
    ``text.translate(table)``, each char aligned with the char it came from.
    """

    __slots__ = ("known", "table", "bad")

    def __init__(self) -> None:
        self.known: dict[str, str] = {}  # char -> the one char it becomes
        self.table: dict[int, str] = {}  # the same, keyed for str.translate
        self.bad: set[str] = set()  # chars that become zero or several chars

    def translate(self, text: str, one_char: Callable[[str], str | None]) -> str | None:
        """``text`` normalized char by char, or None if some char does not give one char."""
        new = set(text).difference(self.known)
        if len(self.known) + len(self.bad) + len(new) > _MAX_LEARNT_CHARS:
            self.__init__()  # forget, before learning: the table must hold all of text's chars
            new = set(text)
        for c in new:
            if c in self.bad:
                return None
            mapped = one_char(c)
            if mapped is None:
                self.bad.add(c)
                return None
            self.known[c] = mapped
            self.table[ord(c)] = mapped
        return text.translate(self.table)


def _single_char_result(normalize: Callable[[NormalizedString], None], c: str) -> str | None:
    """The one char ``normalize`` turns ``c`` into (aligned with ``c``), or None."""
    n = NormalizedString(c)
    normalize(n)
    if len(n.normalized) != 1 or n.alignments != [(0, 1)]:
        return None
    return n.normalized


def _normalize_in_place(normalizer: Normalizer, normalized: NormalizedString) -> bool:
    """Apply ``normalizer.fast_normalize`` to an identity-aligned string; False if it cannot."""
    if not normalized.is_identity:
        return False
    result = normalizer.fast_normalize(normalized.normalized)
    if result is None:
        return False
    normalized.set_identity_text(result)
    return True


# --------------------------------------------------------------------- Unicode forms
@register("normalizer")
class NFD(_NoField):
    """Canonical decomposition; the marks split off align with their base character.

    Example:
        >>> NFD().normalize_str("é") == "e\\u0301"
        True
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.transform(hfu.nfd(normalized.normalized))

    def fast_normalize(self, text: str) -> str | None:
        return text if text.isascii() else None  # ASCII is stable under every form


@register("normalizer")
class NFKD(_NoField):
    """Compatibility decomposition (``ﬁ`` → ``fi``, full-width → ASCII, accents split off).

    Example:
        >>> NFKD().normalize_str("ﬁ")
        'fi'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.transform(hfu.nfkd(normalized.normalized))

    def fast_normalize(self, text: str) -> str | None:
        return text if text.isascii() else None  # ASCII is stable under every form


@register("normalizer")
class NFC(_NoField):
    """Canonical decomposition then composition; a composed char spans its parts.

    Example:
        >>> NFC().normalize_str("e\\u0301")
        'é'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.transform(hfu.nfc(normalized.normalized))

    def fast_normalize(self, text: str) -> str | None:
        return text if text.isascii() else None  # ASCII is stable under every form


@register("normalizer")
class NFKC(_NoField):
    """Compatibility decomposition then canonical composition.

    Example:
        >>> NFKC().normalize_str("ＡＢＣ①")
        'ABC1'
    """

    def normalize(self, normalized: NormalizedString) -> None:
        normalized.transform(hfu.nfkc(normalized.normalized))

    def fast_normalize(self, text: str) -> str | None:
        return text if text.isascii() else None  # ASCII is stable under every form


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

    def fast_normalize(self, text: str) -> str | None:
        return _LOWERCASE_CHARS.translate(text, _lowercase_char)


_LOWERCASE_CHARS = _CharMap()


def _lowercase_char(c: str) -> str | None:
    lowered = hfu.rust_lowercase(c)
    return lowered if len(lowered) == 1 else None


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

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Prepend", "prepend": self.prepend}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Prepend:
        return cls(_field(data, "prepend", str))


@register("normalizer")
class Replace(Normalizer):
    """Replace every match of ``pattern`` (a literal string or a regex) with ``content``.

    ``pattern`` is a ``str`` (matched literally), a :class:`~subword_core.onig.Regex`
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
        self.pattern_kind, self.pattern = _pattern_spec(pattern)
        self.content = content
        literal = self.pattern_kind == "String"
        self._compiled = compile_onig(_onig_escape(self.pattern) if literal else self.pattern)

    def normalize(self, normalized: NormalizedString) -> None:
        text = normalized.normalized
        normalized.replace(self._compiled.for_text(text), self.content)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "Replace",
            "pattern": {self.pattern_kind: self.pattern},
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

    def fast_normalize(self, text: str) -> str | None:
        options = (self.clean_text, self.handle_chinese_chars, self.strip_accents, self.lowercase)
        char_map = self._char_maps.get(options)
        if char_map is None:
            char_map = self._char_maps[options] = _CharMap()
        return char_map.translate(text, self._one_char)

    def _one_char(self, c: str) -> str | None:
        # Every step works char by char, except that NFD reorders combining marks across
        # chars: a char whose decomposition starts with a mark could move, so it is left out.
        strips = self.lowercase if self.strip_accents is None else self.strip_accents
        if strips and hfu.combining_class(hfu.nfd(c)[0][0]) != 0:
            return None
        return _single_char_result(self._normalize, c)

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
@register("normalizer")
class Precompiled(Normalizer):
    """SentencePiece's compiled normalization rules (``precompiled_charsmap`` bytes).

    Example:
        >>> Precompiled(charsmap_bytes).normalize_str("ﬁ①")  # doctest: +SKIP
        'fi1'
    """

    def __init__(self, precompiled_charsmap: bytes) -> None:
        self.charsmap = PrecompiledCharsMap(precompiled_charsmap)

    @property
    def precompiled_charsmap(self) -> bytes:
        return self.charsmap.data

    def normalize(self, normalized: NormalizedString) -> None:
        changes = precompiled_changes(normalized.normalized, self.charsmap)
        if changes is not None:
            normalized.transform(changes)

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
class Sequence(Normalizer):
    """Apply normalizers one after the other.

    Example:
        >>> Sequence([NFD(), StripAccents(), Lowercase()]).normalize_str("Héllo")
        'hello'
    """

    def __init__(self, normalizers: Iterable[Normalizer]) -> None:
        self.normalizers = list(normalizers)

    def normalize(self, normalized: NormalizedString) -> None:
        for normalizer in self.normalizers:
            normalizer.normalize(normalized)

    def fast_normalize(self, text: str) -> str | None:
        # One-char-per-char steps in a row still map each char to one char.
        steps = [getattr(normalizer, "fast_normalize", None) for normalizer in self.normalizers]
        if None in steps:
            return None  # before any work: some member never maps char for char
        for step in steps:
            text = step(text)
            if text is None:
                return None
        return text

    def __len__(self) -> int:
        return len(self.normalizers)

    def __getitem__(self, index: int) -> Normalizer:
        return self.normalizers[index]

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
