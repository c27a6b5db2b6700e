"""llama.cpp's BPE pre-tokenization (``unicode_regex_split``), reproduced for GGUF files.

A GGUF file names its pre-tokenizer (``tokenizer.ggml.pre``, e.g. ``"llama-bpe"``); llama.cpp
maps the name to a list of regexes (``llm_tokenizer_bpe`` in ``src/llama-vocab.cpp``) and
applies them one after the other, each splitting the pieces the previous one left (matches
and the text between them both become pieces). It does not run them as the model's own
regex engine would:

1. A few exact regexes have hand-written splitters (``unicode_regex_split_custom_*`` in
   ``src/unicode.cpp``): GPT-2's, Llama 3's, Qwen2's, Qwen3.5's and the newline split.
   They are ported here line for line (:func:`_split_gpt2`...).
2. Any other regex runs through C++ ``std::regex`` (ECMAScript). One that uses ``\\p{L}``,
   ``\\p{N}``... is first "collapsed": every non-ASCII code point becomes one byte naming its
   category (0xD1 number, 0xD2 letter, 0xD3 punctuation, 0xD4 mark, 0xD5 symbol, 0xD0 other,
   0x0B whitespace) and each ``\\p{..}`` a class of that byte plus its ASCII members. Python's
   ``re`` with ``re.ASCII`` reads the collapsed regexes the same way (leftmost-first
   alternation, ASCII ``\\s``); ``$`` becomes ``\\Z`` (ECMAScript's ``$`` is the end only).

Categories come from llama.cpp's own table (``src/unicode-data.cpp``, Unicode 15.1): Python's
``unicodedata`` (Unicode 14 on 3.11) corrected by :data:`_ASSIGNED_AFTER_14`, the code points
Unicode 15.0/15.1 assigned (checked against the table of the version below, every code point).

Source: llama.cpp as vendored by llama-cpp-python 0.3.36 (``vendor/llama.cpp/src``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# unicode_cpt_flags (src/unicode.h)
UNDEFINED, NUMBER, LETTER, SEPARATOR, MARK, PUNCTUATION, SYMBOL, CONTROL = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80)
_BY_CATEGORY = {"N": NUMBER, "L": LETTER, "Z": SEPARATOR, "M": MARK, "P": PUNCTUATION,
                "S": SYMBOL, "C": CONTROL}
#: unicode_set_whitespace
WHITESPACE = frozenset([9, 10, 11, 12, 13, 32, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
                        0x2028, 0x2029, 0x202F, 0x205F, 0x3000])

# Code points unassigned in Unicode 14 (Python 3.11's unicodedata) that llama.cpp's table
# (Unicode 15.1) gives a category, by flag.
_ASSIGNED_AFTER_14 = {
    MARK: "0CF3 0ECE 10EFD-10EFF 11241 11F00-11F01 11F03 11F34-11F3A 11F3E-11F42 13440 "
          "13447-13455 1E08F 1E4EC-1E4EF",
    SYMBOL: "2FFC-2FFF 31EF 1F6DC 1F774-1F776 1F77B-1F77F 1F7D9 1FA75-1FA77 1FA87-1FA88 "
            "1FAAD-1FAAF 1FABB-1FABD 1FABF 1FACE-1FACF 1FADA-1FADB 1FAE8 1FAF7-1FAF8",
    LETTER: "1123F-11240 11F02 11F04-11F10 11F12-11F33 1342F 13441-13446 1B132 1B155 "
            "1DF25-1DF2A 1E030-1E06D 1E4D0-1E4EB 2B739 2EBF0-2EE5D 31350-323AF",
    PUNCTUATION: "11B00-11B09 11F43-11F4F",
    NUMBER: "11F50-11F59 1D2C0-1D2D3 1E4F0-1E4F9",
    CONTROL: "13439-1343F",
}


def _ranges(spec: str) -> list[tuple[int, int]]:
    out = []
    for item in spec.split():
        first, _, last = item.partition("-")
        out.append((int(first, 16), int(last or first, 16)))
    return out


_LATER = [(first, last, flag) for flag, spec in _ASSIGNED_AFTER_14.items()
          for first, last in _ranges(spec)]


@lru_cache(maxsize=1 << 16)
def category(cp: int) -> int:
    """llama.cpp's category flag of code point ``cp`` (one of NUMBER, LETTER...)."""
    cat = unicodedata.category(chr(cp))
    if cat == "Cn":
        for first, last, flag in _LATER:
            if first <= cp <= last:
                return flag
        return UNDEFINED
    return _BY_CATEGORY[cat[0]]


def _is_letter(cp: int) -> bool:
    return category(cp) == LETTER


def _is_number(cp: int) -> bool:
    return category(cp) == NUMBER


# ---------------------------------------------------------------- the hand-written splitters
# Each takes the code points of one piece and returns the lengths of its sub-pieces. Out of
# the piece, a position has no flags at all (llama.cpp's OUT_OF_RANGE), which is why the
# helpers below take the piece's end.
_OUT = -1


def _contraction(cps: list[int], pos: int, end: int, fold: bool) -> int:
    """Length of ``'s 't 'm 'd 're 've 'll`` at ``pos`` (case-folded when ``fold``), else 0."""
    if cps[pos] != 0x27 or pos + 1 >= end:
        return 0
    low = (lambda c: ord(chr(c).lower()[0]) if c < 0x110000 else c) if fold else (lambda c: c)
    nxt = low(cps[pos + 1])
    if nxt in (0x73, 0x74, 0x6D, 0x64):  # s t m d
        return 2
    if pos + 2 < end:
        nxt2 = low(cps[pos + 2])
        if (nxt, nxt2) in ((0x72, 0x65), (0x76, 0x65), (0x6C, 0x6C)):  # re ve ll
            return 3
    return 0


def _split_gpt2(cps: list[int]) -> list[int]:
    """``'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+``"""
    end = len(cps)

    def flag(p: int) -> int:
        return category(cps[p]) if 0 <= p < end else 0

    def space(p: int) -> bool:
        return 0 <= p < end and cps[p] in WHITESPACE

    lengths: list[int] = []
    prev = pos = 0

    def add(stop: int) -> int:
        nonlocal prev
        size = stop - prev
        if size > 0:
            lengths.append(size)
        prev = stop
        return size

    while pos < end:
        cpt = cps[pos]
        n = _contraction(cps, pos, end, fold=False)
        if n:
            pos += add(pos + n)
            continue
        look = pos + 1 if cpt == 0x20 else pos
        f2 = flag(look)
        if f2 == LETTER or f2 == NUMBER:
            pos = look
            while flag(pos) == f2:
                pos += 1
            add(pos)
            continue
        if f2 and not space(look):  # [^\s\p{L}\p{N}]
            pos = look
            while 0 <= pos < end and not space(pos) and flag(pos) not in (LETTER, NUMBER):
                pos += 1
            add(pos)
            continue
        spaces = 0
        while space(pos + spaces):
            spaces += 1
        if spaces > 1 and pos + spaces < end:  # \s+(?!\S)
            pos += spaces - 1
            add(pos)
            continue
        if spaces > 0:
            pos += spaces
            add(pos)
            continue
        pos += 1
        add(pos)
    return lengths


def _split_llama3_like(cps: list[int], digits: int, marks: bool) -> list[int]:
    """Llama 3's (``digits`` = 3), Qwen2's (1) and Qwen3.5's (1, letters take ``\\p{M}``):
    ``(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}|
    ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+``"""
    end = len(cps)

    def flag(p: int) -> int:
        return category(cps[p]) if 0 <= p < end else 0

    def space(p: int) -> bool:
        return 0 <= p < end and cps[p] in WHITESPACE

    def letter(p: int) -> bool:
        f = flag(p)
        return f == LETTER or (marks and f == MARK)

    def cpt_at(p: int) -> int:
        return cps[p] if 0 <= p < end else _OUT

    lengths: list[int] = []
    prev = pos = 0

    def add(stop: int) -> int:
        nonlocal prev
        size = stop - prev
        if size > 0:
            lengths.append(size)
        prev = stop
        return size

    while pos < end:
        cpt = cps[pos]
        f = flag(pos)
        n = _contraction(cps, pos, end, fold=True)
        if n:
            pos += add(pos + n)
            continue
        if not (cpt in (0x0D, 0x0A) or f == NUMBER):  # [^\r\n\p{L}\p{N}]?\p{L}+
            if letter(pos) or letter(pos + 1):
                pos += 1
                while letter(pos):
                    pos += 1
                add(pos)
                continue
        if f == NUMBER:  # \p{N}{1,digits}
            start = pos
            while flag(pos) == NUMBER:
                pos += 1
                if pos - start >= digits:
                    add(pos)
                    start = pos
            add(pos)
            continue
        look = pos + 1 if cpt == 0x20 else pos  # ' ?[^\s\p{L}\p{N}]+[\r\n]*'

        def other(p: int) -> bool:
            fp = flag(p)
            return bool(fp) and not space(p) and fp != NUMBER and not letter(p)

        if other(look):
            pos = look
            while other(pos):
                pos += 1
            while cpt_at(pos) in (0x0D, 0x0A):
                pos += 1
            add(pos)
            continue
        spaces = 0
        last_newline = 0
        while space(pos + spaces):
            if cps[pos + spaces] in (0x0D, 0x0A):
                last_newline = pos + spaces + 1
            spaces += 1
        if last_newline > 0:  # \s*[\r\n]+
            pos = last_newline
            add(pos)
            continue
        if spaces > 1 and pos + spaces < end:  # \s+(?!\S)
            pos += spaces - 1
            add(pos)
            continue
        if spaces > 0:
            pos += spaces
            add(pos)
            continue
        pos += 1
        add(pos)
    return lengths


def _split_newlines(cps: list[int]) -> list[int]:
    """``[^\\n]+|[\\n]+``: runs of newlines and runs of anything else."""
    lengths: list[int] = []
    pos, end = 0, len(cps)
    while pos < end:
        start, newline = pos, cps[pos] == 0x0A
        while pos < end and (cps[pos] == 0x0A) == newline:
            pos += 1
        lengths.append(pos - start)
    return lengths


def _split_afmoe_digits(cps: list[int]) -> list[int]:
    """AFMoE's digit grouping (also tiny_aya's ``\\d{1,3}(?=(?:\\d{3})*\\b)``): a run of
    digits is cut into groups of three from the right; the text before a run joins its first
    group (llama.cpp's splitter cuts only at the ends of groups)."""
    lengths: list[int] = []
    prev = pos = 0
    end = len(cps)

    def add(stop: int) -> None:
        nonlocal prev
        if stop > prev:
            lengths.append(stop - prev)
        prev = stop

    while pos < end:
        if category(cps[pos]) == NUMBER:
            start = pos
            while pos < end and category(cps[pos]) == NUMBER:
                pos += 1
            current = start + (pos - start) % 3
            if current > start:
                add(current)
            while current < pos:
                current += 3
                add(current)
            continue
        pos += 1
    if prev < end:
        add(end)
    return lengths


_CUSTOM = {
    "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)": _split_gpt2,
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+"
    "[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+": lambda c: _split_llama3_like(c, 3, False),
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|"
    "\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+":
        lambda c: _split_llama3_like(c, 3, False),
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|"
    "\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+":
        lambda c: _split_llama3_like(c, 1, False),
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?"
    "[\\p{L}\\p{M}]+|\\p{N}| ?[^\\s\\p{L}\\p{M}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+":
        lambda c: _split_llama3_like(c, 1, True),
    "[^\\n]+|[\\n]+": _split_newlines,
    "\\p{AFMoE_digits}": _split_afmoe_digits,
    "\\d{1,3}(?=(?:\\d{3})*\\b)": _split_afmoe_digits,
}

# ---------------------------------------------------------------- the std::regex path
# k_ucat_enum / k_ucat_cpt / k_ucat_map in unicode_regex_split
_UCAT = {"\\p{N}": NUMBER, "\\p{L}": LETTER, "\\p{P}": PUNCTUATION, "\\p{M}": MARK,
         "\\p{S}": SYMBOL, "\\p{Lu}": LETTER, "\\p{Ll}": LETTER, "\\p{Lt}": LETTER,
         "\\p{Lm}": LETTER, "\\p{Lo}": LETTER}
_COLLAPSED = {NUMBER: "\xd1", LETTER: "\xd2", PUNCTUATION: "\xd3", MARK: "\xd4", SYMBOL: "\xd5"}
_ASCII_MEMBERS = {NUMBER: "0-9", LETTER: "A-Za-z",
                  PUNCTUATION: "!-#%-*,-/:-;?-@\\[-\\]_\\{\\}", MARK: "",
                  SYMBOL: "\\$\\+<->^`\\|\\~"}


class UnsupportedRegex(ValueError):
    """A regex llama.cpp runs through a splitter not reproduced here."""


def _collapse_regex(expr: str) -> str:
    """The regex as llama.cpp rewrites it for the collapsed text."""
    if any(ord(c) >= 128 for c in expr):
        raise UnsupportedRegex("regex has both unicode categories and non-ASCII characters")
    out: list[str] = []
    inside = False
    i = 0
    while i < len(expr):
        c = expr[i]
        if c == "[" and (i == 0 or expr[i - 1] != "\\"):
            out.append("[")
            inside = True
            i += 1
            continue
        if inside and c == "]" and expr[i - 1] != "\\":
            out.append("]")
            inside = False
            i += 1
            continue
        if c == "\\" and i + 3 < len(expr) and expr[i + 1] == "p" and expr[i + 2] == "{":
            close = expr.find("}", i + 3)
            if close != -1 and close <= i + 10:
                name = expr[i:close + 1]
                if name in _UCAT:
                    flag = _UCAT[name]
                    body = _COLLAPSED[flag] + _ASCII_MEMBERS[flag]
                    out.append(body if inside else "[" + body + "]")
                    i = close + 1
                    continue
                raise UnsupportedRegex(f"unicode property {name}")
        out.append(c)
        i += 1
    return "".join(out)


def _python_regex(expr: str) -> str:
    """ECMAScript syntax llama.cpp's regexes use, for Python's ``re``."""
    if "\\p{" in expr:
        raise UnsupportedRegex("unicode property in a regex without categories")
    out: list[str] = []
    inside = escaped = False
    for c in expr:  # "$" outside a class is the end of the text only, as in ECMAScript
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == "[":
            inside = True
        elif c == "]":
            inside = False
        elif c == "$" and not inside:
            c = "\\Z"
        out.append(c)
    return "".join(out)


def _collapsed_text(cps: list[int]) -> str:
    chars = []
    for cp in cps:
        if cp < 128:
            chars.append(chr(cp))
        elif cp in WHITESPACE:
            chars.append("\x0b")
        else:
            chars.append(_COLLAPSED.get(category(cp), "\xd0"))
    return "".join(chars)


def _wide_text(cps: list[int]) -> str:
    return "".join("\x0b" if cp > 0x7F and cp in WHITESPACE else chr(cp) for cp in cps)


class _RegexStep:
    """One std::regex step: split each piece into matches and the text between them."""

    def __init__(self, expr: str) -> None:
        self.collapse = any(name in expr for name in _UCAT)
        source = _collapse_regex(expr) if self.collapse else expr
        self.pattern = re.compile(_python_regex(source), re.ASCII)

    def __call__(self, cps: list[int]) -> list[int]:
        text = _collapsed_text(cps) if self.collapse else _wide_text(cps)
        lengths: list[int] = []
        last = 0
        for match in self.pattern.finditer(text):
            if match.start() > last:
                lengths.append(match.start() - last)
            if match.end() > match.start():
                lengths.append(match.end() - match.start())
            last = match.end()
        if last < len(text):
            lengths.append(len(text) - last)
        return lengths


def splitter(expr: str):
    """The function that splits one piece's code points by ``expr`` as llama.cpp does."""
    return _CUSTOM.get(expr) or _RegexStep(expr)


def split_lengths(steps, text: str) -> list[int]:
    """Lengths (in code points) of the pieces ``steps`` (from :func:`splitter`) cut ``text``
    into, each step splitting the pieces of the one before."""
    cps = [ord(c) for c in text]
    lengths = [len(cps)] if cps else []
    for step in steps:
        new: list[int] = []
        start = 0
        for size in lengths:
            new.extend(step(cps[start:start + size]))
            start += size
        lengths = new
    return lengths
