"""GPT-2's byte alphabet: each byte as a printable character (what byte-level BPE works on).

The ByteLevel pre-tokenizer, normalizer and decoder all use it, and so do the readers of GPT-2
style vocab files; it lives below them so that none of them imports another.
"""

from __future__ import annotations


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
