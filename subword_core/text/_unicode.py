"""Character classes exactly as Rust defines them, which is what ``tokenizers`` uses.

Python's ``str.isspace`` and ``str.strip`` also treat U+001C..U+001F as space; Rust's
``char::is_whitespace`` (the Unicode White_Space property) does not. Parity needs Rust's.
"""

from __future__ import annotations

WHITE_SPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def is_whitespace(c: str) -> bool:
    """Rust ``char::is_whitespace``: the Unicode White_Space property."""
    return c in WHITE_SPACE


def count_leading_whitespace(text: str) -> int:
    n = 0
    for c in text:
        if c not in WHITE_SPACE:
            break
        n += 1
    return n


def count_trailing_whitespace(text: str) -> int:
    n = 0
    for c in reversed(text):
        if c not in WHITE_SPACE:
            break
        n += 1
    return n
