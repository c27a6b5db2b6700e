"""SentencePiece's ``precompiled_charsmap``: the normalization rules baked into a ``.model``.

SentencePiece compiles its normalization rules (``nmt_nfkc``, ``nfkc_cf``, custom TSV
rules, ...) into one binary blob: a little-endian ``u32`` giving the byte size of a Darts
double-array trie, the trie's ``u32`` units, then the replacement strings, each ending
with a NUL byte. The trie maps UTF-8 byte sequences to offsets into those strings.

HF ``tokenizers`` reads the blob with its ``spm_precompiled`` crate and applies it per
grapheme cluster (see :func:`precompiled_changes`); the ``Precompiled`` normalizer in
:mod:`subword_core.normalizers` wraps this module.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

from ..errors import TokenizerFileError
from ._hf_unicode import graphemes

Change = tuple[str, int]

_MAX_WHOLE_GRAPHEME_BYTES = 6  # HF tries a whole grapheme only when shorter than this
_CACHE_LIMIT = 50_000


class PrecompiledCharsMap:
    """A parsed ``precompiled_charsmap``: ``transform(chunk)`` gives the rewrite of a chunk.

    Example:
        >>> cmap = PrecompiledCharsMap(charsmap_bytes)  # doctest: +SKIP
        >>> cmap.transform("ﬁ")  # doctest: +SKIP
        'fi'
    """

    def __init__(self, data: bytes) -> None:
        self.data = bytes(data)
        self._units, self._strings = _parse(self.data)
        self._cache: dict[str, str | None] = {}

    def transform(self, chunk: str) -> str | None:
        """The replacement of ``chunk``, or None when no rule applies.

        subtle: like HF (and unlike SentencePiece's longest match), the rule used is the
        one for the *shortest* prefix of ``chunk`` found in the trie, and it replaces the
        whole chunk.
        """
        if chunk in self._cache:
            return self._cache[chunk]
        values = self._common_prefix_search(chunk.encode("utf-8", "surrogatepass"))
        result = self._string_at(values[0]) if values else None
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[chunk] = result
        return result

    def longest_match(self, key: bytes, start: int = 0) -> tuple[int, str] | None:
        """SentencePiece's lookup: the rule for the *longest* prefix of ``key[start:]``.

        Returns ``(length in bytes, replacement)``, or None when no rule applies.
        """
        units = self._units
        if not units:
            return None
        best: tuple[int, int] | None = None
        node = _offset(units[0])
        for index in range(start, len(key)):
            byte = key[index]
            if byte == 0:
                break
            node ^= byte
            if node >= len(units) or _label(units[node]) != byte:
                break
            unit = units[node]
            node ^= _offset(unit)
            if _has_leaf(unit):
                if node >= len(units):
                    break
                best = (index + 1 - start, _value(units[node]))
        if best is None:
            return None
        replacement = self._string_at(best[1])
        return None if replacement is None else (best[0], replacement)

    def extends(self, key: bytes) -> bool:
        """Whether some rule's key starts with all of ``key`` (a NUL byte ends keys).

        A char whose bytes no key extends is never rewritten where it starts: any rule
        matching there would end inside it, and such a rule cannot apply.
        """
        return self._node_after(key) is not None

    def next_chars(self, key: bytes) -> set[str]:
        """The chars ``c`` for which some rule's key starts with ``key`` + ``c``'s bytes."""
        node = self._node_after(key)
        return set() if node is None else set(self._chars_below(node, b""))

    def _chars_below(self, node: int, head: bytes) -> Iterable[str]:
        """Every UTF-8 char (surrogates too) spelled by a path of the trie from ``node``,
        ``head`` being the bytes of it already walked."""
        if head:
            size = _utf8_length(head[0])
            if len(head) == size:
                try:
                    yield head.decode("utf-8", "surrogatepass")
                except UnicodeDecodeError:
                    pass  # not a char: a rule spelling it can never start at one
                return
            labels: Iterable[int] = range(0x80, 0xC0)
        else:
            labels = (*range(0x01, 0x80), *range(0xC2, 0xF5))
        for byte in labels:
            child = self._child(node, byte)
            if child is not None:
                yield from self._chars_below(child, head + bytes((byte,)))

    def _node_after(self, key: bytes) -> int | None:
        """The trie node reached by walking ``key`` from the root, None if it falls off."""
        if not self._units:
            return None
        node: int | None = _offset(self._units[0])
        for byte in key:
            node = self._child(node, byte)
            if node is None:
                return None
        return node

    def _child(self, node: int, byte: int) -> int | None:
        """The node below ``node`` along ``byte`` (the base of its children)."""
        if byte == 0:
            return None  # keys are NUL-terminated C strings in Darts
        units = self._units
        node ^= byte
        if node >= len(units) or _label(units[node]) != byte:
            return None
        return node ^ _offset(units[node])

    def _common_prefix_search(self, key: bytes) -> list[int]:
        """Values of every prefix of ``key`` stored in the trie, shortest first."""
        units = self._units
        if not units:
            return []  # HF panics on an empty trie; no rule can match, so nothing changes
        results: list[int] = []
        node = _offset(units[0])
        for byte in key:
            if byte == 0:
                break  # keys are NUL-terminated C strings in Darts
            node ^= byte
            if node >= len(units) or _label(units[node]) != byte:
                break
            unit = units[node]
            node ^= _offset(unit)
            if _has_leaf(unit):
                if node >= len(units):
                    break  # a malformed trie: HF would panic here
                results.append(_value(units[node]))
        return results

    def _string_at(self, start: int) -> str | None:
        end = self._strings.find(b"\0", start)
        raw = self._strings[start:] if end < 0 else self._strings[start:end]
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return None  # HF would panic on an offset inside a character


def _utf8_length(first: int) -> int:
    """How many bytes a UTF-8 char takes, from its first byte."""
    return 1 if first < 0x80 else 2 if first < 0xE0 else 3 if first < 0xF0 else 4


# A Darts unit packs, from the low bits: an 8-bit label, a has-leaf flag (bit 8), an
# offset-scale flag (bit 9) and the offset (bits 10+); a leaf unit holds a 31-bit value.
def _has_leaf(unit: int) -> bool:
    return (unit >> 8) & 1 == 1


def _value(unit: int) -> int:
    return unit & ((1 << 31) - 1)


def _label(unit: int) -> int:
    return unit & ((1 << 31) | 0xFF)


def _offset(unit: int) -> int:
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


def _parse(data: bytes) -> tuple[tuple[int, ...], bytes]:
    """Split a charsmap into trie units and the NUL-separated replacement strings."""
    if len(data) < 4:
        raise TokenizerFileError("cannot parse precompiled_charsmap: too short")
    (trie_size,) = struct.unpack_from("<I", data, 0)
    n_units = trie_size // 4
    if 4 + 4 * n_units > len(data):
        raise TokenizerFileError("cannot parse precompiled_charsmap: truncated trie")
    units = struct.unpack_from(f"<{n_units}I", data, 4)
    strings = data[4 + 4 * n_units :]
    try:
        strings.decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerFileError("precompiled_charsmap strings are not valid UTF-8") from None
    return units, strings


def precompiled_changes(text: str, charsmap: PrecompiledCharsMap) -> list[Change] | None:
    """HF's ``Precompiled`` rewrite of ``text`` as ``(char, change)`` pairs, None if unchanged.

    For each extended grapheme cluster: when it is shorter than 6 UTF-8 bytes and a rule
    applies to it, the rule replaces the whole cluster; otherwise each char is looked up
    on its own.
    """
    changes: list[Change] = []
    modified = False
    for grapheme in graphemes(text):
        if len(grapheme.encode("utf-8", "surrogatepass")) < _MAX_WHOLE_GRAPHEME_BYTES:
            norm = charsmap.transform(grapheme)
            if norm is not None:
                _replace(changes, grapheme, norm)
                modified = True
                continue
        for c in grapheme:
            norm = charsmap.transform(c)
            if norm is None:
                changes.append((c, 0))
            else:
                _replace(changes, c, norm)
                modified = True
    return changes if modified else None


def rewrites_whole(grapheme: str, charsmap: PrecompiledCharsMap) -> bool:
    """Whether :func:`precompiled_changes` rewrites ``grapheme`` as a whole."""
    short = len(grapheme.encode("utf-8", "surrogatepass")) < _MAX_WHOLE_GRAPHEME_BYTES
    return short and charsmap.transform(grapheme) is not None


def _replace(changes: list[Change], old: str, new: str) -> None:
    """Append the changes that turn ``old`` into ``new`` (HF precompiled.rs ``replace``)."""
    diff = len(new) - len(old)
    changes.extend((c, 0) for c in new)
    if diff > 0:
        # The extra chars are insertions after the ones that replace old chars.
        for i in range(len(changes) - diff, len(changes)):
            changes[i] = (changes[i][0], 1)
    elif diff < 0 and changes:
        # subtle: when ``new`` is empty this charges the removal to the char emitted
        # before (HF does the same); with nothing before, the removal is lost, as in HF.
        c, change = changes[-1]
        changes[-1] = (c, change + diff)
