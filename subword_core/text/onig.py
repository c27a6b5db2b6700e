r"""Oniguruma-compatible regular expressions, for the patterns found in ``tokenizer.json``.

HF compiles the GPT-2 pattern and every ``Split`` / ``Replace`` regex with Oniguruma
(Ruby syntax, ``utils/onig.rs``). Python's ``regex`` module reads nearly the same
syntax; :func:`translate` bridges the differences that change real splits:

1. Unicode version: onig in the ``tokenizers`` wheel knows Unicode 16, ``regex``
   2026 knows 18, so every ``\p{..}``, ``\w``, ``\d`` and POSIX class leaves out the
   code points added since (and U+0295 stays a lowercase letter).
2. Onig's own classes: ``\w`` holds ``²³¹¼½¾`` but not the joiners U+200C/U+200D,
   ``[[:digit:]]`` is any decimal digit, ``[[:punct:]]`` is ``\p{P}`` plus ``\p{S}``;
   ``\b`` follows that ``\w``.
3. Ruby syntax: ``^``/``$`` are always line anchors, ``(?m)`` means "dot matches
   newline", ``\Z`` also matches before a final newline, ``\h`` is a hex digit,
   ``\x{HHHH}`` is a code point, a bare ``\p`` is a plain ``p``; classes nest
   (``[a-z&&[^c]]``), as in ``regex``'s VERSION1.
4. Empty matches: the ``onig`` crate skips an empty match only where the previous
   match ended (:func:`find_spans`); Python's ``finditer`` rules differ.

Not bridged (rare in tokenizer files): multi-character case folding (onig's
``(?i)ss`` matches ``ß``) and the POSIX classes other than alpha, digit, alnum, upper,
lower, space, punct and word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import regex

from ._unicode_tables import ADDED_AFTER_UNICODE_16, char_set, class_items

Match = tuple[tuple[int, int], bool]  # ((start, end), is_match); normalized.find_matches' too

FLAGS = regex.VERSION1 | regex.MULTILINE

_NEW = class_items(ADDED_AFTER_UNICODE_16)  # unassigned for onig
_RARE = char_set(ADDED_AFTER_UNICODE_16) | {"\u0295"}  # where pinning changes anything
_JOINERS = "\\u200c\\u200d"
_LATIN1_WORD = "\\u00b2\\u00b3\\u00b9\\u00bc-\\u00be"  # in onig's bare \w only

# Properties whose members changed after Unicode 16 beyond new code points:
# U+0295 went from Ll to Lo. Values: (onig has but regex lacks, regex has but onig lacks).
_LL = ("\\u0295", "")
_PROPERTY_CHANGES = {
    "ll": _LL, "lowercaseletter": _LL, "lowercase": _LL, "lower": _LL, "lc": _LL,
    "l&": _LL, "casedletter": _LL, "lo": ("", "\\u0295"), "otherletter": ("", "\\u0295"),
}  # fmt: skip
_UNASSIGNED = {"cn", "unassigned", "c", "other", "unknown", "zzzz"}
_UNCHANGED = {"any", "ascii"}

# POSIX bracket name -> (regex class items, onig members regex lacks, regex members onig lacks)
_POSIX = {
    "alpha": ("\\p{Alphabetic}", "", ""),
    "digit": ("\\p{Nd}", "", ""),
    "alnum": ("\\p{Alphabetic}\\p{Nd}", "", ""),
    "upper": ("\\p{Uppercase}", "", ""),
    "lower": ("\\p{Lowercase}", "\\u0295", ""),
    "space": ("\\s", "", ""),
    "punct": ("\\p{P}\\p{S}", "", ""),
    "word": ("\\w", "", _JOINERS),
}


def _set(items: str, extra: str = "", missing: str = "") -> str:
    """A class of ``items`` plus ``extra`` minus ``missing``, as one ``regex`` V1 set."""
    return f"[[{items}{extra}]--[{missing}]]" if missing else f"[{items}{extra}]"


def _onig_class(items: str, extra: str, missing: str, negated: bool, pin: bool) -> str:
    # extra/missing: what onig has that regex lacks and the reverse, new code points
    # aside; pinning then removes the code points onig does not know.
    if not pin:
        extra = extra.replace("\\u0295", "")
        missing = missing.replace("\\u0295", "")
    elif not negated:
        missing += _NEW
    if negated:
        return _set(items, missing + (_NEW if pin else ""), extra)
    return _set(items, extra, missing)


def _word(pin: bool, negated: bool = False, in_class: bool = False) -> str:
    # subtle: onig's Latin-1 table puts ²³¹¼½¾ in \w, but only outside brackets
    items = "\\W" if negated else "\\w"
    return _onig_class(items, "" if in_class else _LATIN1_WORD, _JOINERS, negated, pin)


class OnigPattern:
    """A compiled Oniguruma pattern: an exact form and a fast one.

    Subtle: pinning classes to Unicode 16 makes ``regex`` about 4x slower, and only
    matters for text holding one of the ``rare`` characters. :meth:`for_text` returns
    the unpinned form for any other text, where both forms match identically.

    ``exact`` may be given as a function that compiles it: it is then compiled on first
    use (its long pinned classes take tens of milliseconds to compile, and most texts
    never need it).
    """

    __slots__ = ("_exact", "_compile_exact", "fast", "rare")

    def __init__(
        self,
        exact: regex.Pattern[str] | Callable[[], regex.Pattern[str]],
        fast: regex.Pattern[str],
        rare: frozenset[str] = _RARE,
    ) -> None:
        lazy = callable(exact) and not isinstance(exact, regex.Pattern)
        self._exact = None if lazy else exact
        self._compile_exact = exact if lazy else None
        self.fast = fast
        self.rare = rare  # the only characters on which ``exact`` and ``fast`` disagree

    @property
    def exact(self) -> regex.Pattern[str]:
        exact = self._exact
        if exact is None:
            exact = self._exact = self._compile_exact()
        return exact

    def for_text(self, text: str) -> regex.Pattern[str]:
        if text.isascii() or self.rare.isdisjoint(text):
            return self.fast
        return self.exact


class Regex:
    """A regular expression in Oniguruma syntax, like HF's ``tokenizers.Regex``.

    Example:
        >>> Regex(r"\\p{L}+").compiled.for_text("ab1cd").findall("ab1cd")
        ['ab', 'cd']
    """

    __slots__ = ("compiled", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.compiled = compile_onig(pattern)

    def __repr__(self) -> str:
        return f"Regex({self.pattern!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Regex) and other.pattern == self.pattern

    def __hash__(self) -> int:
        return hash(self.pattern)


@lru_cache(maxsize=256)
def compile_onig(pattern: str) -> OnigPattern:
    """Compile an Oniguruma pattern; ``ValueError`` if it is invalid.

    The exact (pinned) form is compiled on first use: it differs from the fast form only
    inside character classes, so the fast form compiling shows that it compiles too.
    """
    exact = translate(pattern)
    try:
        fast = regex.compile(translate(pattern, pin_unicode=False), FLAGS)
    except regex.error as exc:
        raise ValueError(f"invalid regex {pattern!r}: {exc}") from None
    return OnigPattern(lambda: regex.compile(exact, FLAGS), fast)


def translate(pattern: str, pin_unicode: bool = True) -> str:
    """Rewrite an Oniguruma (Ruby syntax) pattern for ``regex`` with :data:`FLAGS`.

    With ``pin_unicode=False`` classes keep ``regex``'s Unicode version (see
    :class:`OnigPattern`).

    Example:
        >>> translate(r"(?m:a.b)\\Z\\h")
        '(?s:a.b)(?=\\\\n?\\\\z)[0-9a-fA-F]'
    """
    out: list[str] = []
    i, n, depth = 0, len(pattern), 0
    groups: list[int] = []  # where each open group starts in ``out``
    atom = 0  # where the last atom (the one a quantifier applies to) starts in ``out``
    while i < n:
        c, start = pattern[i], len(out)
        interval = _INTERVAL_PLUS.match(pattern, i) if not depth else None
        if interval:
            # Ruby syntax: "X{n,m}+" repeats "X{n,m}" (possessive only in Java/Perl syntax);
            # regex would read it as possessive
            out[atom:] = ["(?:" + "".join(out[atom:]) + interval.group(1) + ")"]
            i = interval.end(1)
            continue
        if c == "\\" and i + 1 < n:
            text, i = _escape(pattern, i, depth, pin_unicode)
        elif c == "[" and depth and pattern.startswith("[:", i):
            text, i = _posix(pattern, i, pin_unicode)
        elif c == "(" and not depth and pattern.startswith("(?", i):
            text, i = _options(pattern, i)
        else:
            depth += (c == "[") - (c == "]" and depth > 0)
            text, i = c, i + 1
        out.append(text)
        if not depth and c == "(":
            groups.append(start)
        elif not depth and c == ")" and groups:
            atom = groups.pop()
        elif (c == "[" and depth == 1) or (not depth and c not in "])*+?{},0123456789|"):
            atom = start  # (digits and commas: an interval's, as "a{2}{3}+" is rare)
    return "".join(out)


_INTERVAL_PLUS = regex.compile(r"(\{(?:\d+,?\d*|,\d+)\})\+")


def _escape(pattern: str, i: int, depth: int, pin: bool) -> tuple[str, int]:
    """Translate the escape at ``pattern[i] == "\\"``; return (text, next index)."""
    letter = pattern[i + 1]
    if letter in "pP":
        close = pattern.find("}", i + 3) if pattern.startswith("{", i + 2) else -1
        if close == -1:
            return letter, i + 2  # subtle: Ruby syntax reads a bare \p as a literal "p"
        return _property(pattern[i + 3 : close], letter == "P", pin), close + 1
    simple = {
        "w": lambda: _word(pin, in_class=depth > 0),
        "W": lambda: _word(pin, negated=True, in_class=depth > 0),
        "d": lambda: _onig_class("\\d", "", "", False, pin),
        "D": lambda: _onig_class("\\D", "", "", True, pin),
        "h": lambda: "[0-9a-fA-F]",
        "H": lambda: "[^0-9a-fA-F]",
    }
    if letter in simple:
        return simple[letter](), i + 2
    if letter in "bB" and not depth:
        w = _word(pin)
        if letter == "b":
            return f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))", i + 2
        return f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))", i + 2
    if letter == "Z" and not depth:
        return "(?=\\n?\\z)", i + 2
    if letter == "x" and pattern.startswith("{", i + 2):
        close = pattern.find("}", i + 3)
        if close != -1:
            return f"\\U{int(pattern[i + 3 : close], 16):08X}", close + 1
    return pattern[i : i + 2], i + 2


def _property(name: str, negated: bool, pin: bool) -> str:
    if name.startswith("^"):
        name, negated = name[1:], not negated
    prop = f"\\{'P' if negated else 'p'}{{{name}}}"
    key = name.replace("_", "").replace(" ", "").replace("-", "").lower()
    key = key.split("=", 1)[1] if key.startswith(("gc=", "generalcategory=")) else key
    if key in _UNCHANGED or not pin and key in _UNASSIGNED:
        return prop
    if key in _UNASSIGNED:
        # Code points added after Unicode 16 are unassigned (and script Unknown) for onig.
        return _set(prop, "", _NEW) if negated else _set(prop, _NEW)
    extra, missing = _PROPERTY_CHANGES.get(key, ("", ""))
    return _onig_class(prop, extra, missing, negated, pin)


def _posix(pattern: str, i: int, pin: bool) -> tuple[str, int]:
    # "[:name:]" or "[:^name:]" inside a bracket class.
    close = pattern.find(":]", i + 2)
    name = pattern[i + 2 : close] if close != -1 else ""
    negated = name.startswith("^")
    if name.lstrip("^") not in _POSIX:
        return "[", i + 1
    items, extra, missing = _POSIX[name.lstrip("^")]
    if negated:
        # complement of (items + extra - missing), written as one set
        inner = _onig_class(items, extra, missing, False, pin)
        return f"[^{inner}]", close + 2
    return _onig_class(items, extra, missing, False, pin), close + 2


def _options(pattern: str, i: int) -> tuple[str, int]:
    # "(?imx-imx)" or "(?imx-imx:": Ruby's m is Python's s (dot matches newline).
    j = i + 2
    while j < len(pattern) and pattern[j] in "imx-":
        j += 1
    if j == i + 2 or j == len(pattern) or pattern[j] not in ":)":
        return "(?", i + 2
    return "(?" + pattern[i + 2 : j].replace("m", "s"), j


def find_spans(pattern: OnigPattern, text: str) -> Iterator[tuple[int, int]]:
    """Match spans exactly as the ``onig`` crate's ``find_iter`` yields them.

    An empty match is dropped only when it ends where the previous match ended; the
    search then moves on by one character.

    Example:
        >>> list(find_spans(compile_onig("x*"), "axxb"))
        [(0, 0), (1, 3), (4, 4)]
    """
    compiled = pattern.for_text(text)
    # Fast path: finditer agrees with onig until it meets an empty match.
    last_end = -1
    for m in compiled.finditer(text):
        start, end = m.span()
        if start == end:
            break
        last_end = end
        yield start, end
    else:
        return
    search = compiled.search
    pos, n = max(last_end, 0), len(text)
    while pos <= n:
        m = search(text, pos)
        if m is None:
            return
        start, end = m.span()
        if start == end and end == last_end:
            pos += 1
            continue
        pos = last_end = end
        yield start, end


def find_matches(pattern: OnigPattern, text: str) -> list[Match]:
    """Cut ``text`` into ``((start, end), is_match)`` pieces, as HF's ``Pattern`` for onig.

    Example:
        >>> find_matches(compile_onig("-"), "a-b")
        [((0, 1), False), ((1, 2), True), ((2, 3), False)]
    """
    if not text:
        return [((0, 0), False)]
    matches: list[Match] = []
    prev = 0
    for start, end in find_spans(pattern, text):
        if prev != start:
            matches.append(((prev, start), False))
        matches.append(((start, end), True))
        prev = end
    if prev != len(text):
        matches.append(((prev, len(text)), False))
    return matches
