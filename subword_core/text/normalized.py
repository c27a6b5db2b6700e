"""NormalizedString: a string being normalized that remembers where each character came from.

This is the one primitive through which text changes (Hugging Face ``tokenizers``'
``NormalizedString``). It keeps the ``original`` text, the ``normalized`` text and
``alignments``: for every normalized *character*, the ``(start, end)`` character span
of the original text it came from. Every edit goes through :meth:`transform_range`,
so offsets survive NFD, lowercasing, stripping, replacing and splitting.

Units: HF aligns UTF-8 bytes; we align characters (Python ``str`` indices). Because
HF assigns one alignment to all bytes of a character, the two agree whenever a range
covers whole characters, which is all a tokenizer ever asks for.

A slice (a pre-tokenizer split) keeps its own ``original`` substring, alignments
relative to it, and ``original_shift``: where that substring starts in the text the
user typed. ``offsets_original()`` therefore always answers in the user's text.

Most strings are never edited in a way that moves characters (no normalizer, or one
that maps each char to one char), so the identity alignment ``[(0, 1), (1, 2), ...]``
is not built until something needs it: ``_alignments is None`` stands for it. The
``alignments`` attribute always gives the full list, so this is invisible outside.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Union

import regex

from ._hf_unicode import compose, decompose, rust_lowercase
from ._unicode import count_leading_whitespace, count_trailing_whitespace
from .onig import Match, Regex, compile_onig

Offsets = tuple[int, int]
Change = tuple[str, int]  # (new char, change): 1 inserted, 0 replaces, -N replaces and removes N


class SplitDelimiterBehavior(str, Enum):
    """What a split does with the matched delimiter (HF ``SplitDelimiterBehavior``)."""

    REMOVED = "Removed"
    ISOLATED = "Isolated"
    MERGED_WITH_PREVIOUS = "MergedWithPrevious"
    MERGED_WITH_NEXT = "MergedWithNext"
    CONTIGUOUS = "Contiguous"

    @classmethod
    def _missing_(cls, value: object) -> SplitDelimiterBehavior | None:
        # HF's Python names: "removed", "merged_with_next"...
        if isinstance(value, str):
            name = value.upper()
            return cls.__members__.get(name)
        return None


# A pattern is a literal string, a compiled regex, or a per-character predicate.
Pattern = Union[str, "regex.Pattern[str]", Callable[[str], bool]]


def find_matches(pattern: Pattern, inside: str) -> list[Match]:
    """Cut ``inside`` into consecutive ``((start, end), is_match)`` pieces covering it all.

    Example:
        >>> find_matches("-", "a-b")
        [((0, 1), False), ((1, 2), True), ((2, 3), False)]
    """
    if isinstance(pattern, str):
        if not pattern:
            return [((0, len(inside)), False)]
        pattern = regex.compile(regex.escape(pattern))
    if not inside:
        return [((0, 0), False)]
    if callable(pattern) and not hasattr(pattern, "finditer"):
        return _find_char_matches(pattern, inside)
    matches: list[Match] = []
    prev = 0
    for start, end in _regex_spans(pattern, inside):
        if prev != start:
            matches.append(((prev, start), False))
        matches.append(((start, end), True))
        prev = end
    if prev != len(inside):
        matches.append(((prev, len(inside)), False))
    return matches


def _regex_spans(pattern: regex.Pattern[str], inside: str):
    """Match spans as Oniguruma's ``find_iter`` (HF) yields them.

    subtle: Python's ``finditer`` also yields an empty match right where the previous
    match ended ("x*" on "xxa" gives (0, 2), (2, 2), ...); Oniguruma skips it and resumes
    one char later, so e.g. ``Replace(Regex("x*"), "-")`` must not insert a "-" there.
    """
    last_end = None
    for m in pattern.finditer(inside):  # fast path: both agree until an empty match
        start, end = m.span()
        if start == end:
            break
        yield start, end
        last_end = end
    else:
        return
    pos = last_end or 0
    while pos <= len(inside):
        m = pattern.search(inside, pos)
        if m is None:
            return
        start, end = m.span()
        if start == end and end == last_end:
            pos = end + 1
            continue
        yield start, end
        pos = last_end = end


def _find_char_matches(predicate: Callable[[str], bool], inside: str) -> list[Match]:
    # Each matching character is its own match, as in HF's `impl Pattern for Fn(char)`.
    matches: list[Match] = []
    last = 0
    for i, c in enumerate(inside):
        if predicate(c):
            if last < i:
                matches.append(((last, i), False))
            matches.append(((i, i + 1), True))
            last = i + 1
    if len(inside) > last:
        matches.append(((last, len(inside)), False))
    return matches


def invert_matches(matches: list[Match]) -> list[Match]:
    return [(offsets, not is_match) for offsets, is_match in matches]


class NormalizedString:
    """A normalized string with per-character alignments to the original.

    Example:
        >>> n = NormalizedString("Héllo")
        >>> n.lowercase(); n.normalized
        'héllo'
        >>> n.convert_normalized_to_original(1, 2)
        (1, 2)
    """

    __slots__ = ("original", "normalized", "_alignments", "original_shift")

    def __init__(
        self,
        original: str,
        normalized: str | None = None,
        alignments: list[Offsets] | None = None,
        original_shift: int = 0,
    ) -> None:
        self.original = original
        self.normalized = original if normalized is None else normalized
        if alignments is None and len(self.normalized) != len(original):
            alignments = [(i, i + 1) for i in range(len(original))]
        # None: the identity alignment, built on demand (see the module docstring).
        self._alignments = alignments
        self.original_shift = original_shift

    @property
    def alignments(self) -> list[Offsets]:
        """The original span of every normalized char (relative to ``original``)."""
        if self._alignments is None:
            self._alignments = [(i, i + 1) for i in range(len(self.normalized))]
        return self._alignments

    @alignments.setter
    def alignments(self, value: list[Offsets]) -> None:
        self._alignments = value

    @property
    def is_identity(self) -> bool:
        """True when every normalized char is known to align with the original char at its index."""
        return self._alignments is None

    def set_local_text(self, normalized: str, sources: list[int] | None) -> None:
        """Replace the text of an identity-aligned string, char ``j`` coming from ``sources[j]``.

        For a char-local normalizer (see ``normalizers.fast_normalize``): the same as
        ``transform``, where each new char takes the alignment of the char it comes
        from. ``sources`` None: a text of the same length, each char from its own index.
        """
        if sources is None:
            if len(normalized) != len(self.normalized):
                raise ValueError("set_local_text needs sources when the length changes")
        else:
            current = self.alignments
            self._alignments = list(map(current.__getitem__, sources))
        self.normalized = normalized

    def __repr__(self) -> str:
        # HF's text: double quotes, nothing escaped
        return f'NormalizedString(original="{self.original}", normalized="{self.normalized}")'

    def __str__(self) -> str:
        return self.normalized

    def __len__(self) -> int:
        return len(self.normalized)

    def copy(self) -> NormalizedString:
        alignments = None if self._alignments is None else list(self._alignments)
        return NormalizedString(self.original, self.normalized, alignments, self.original_shift)

    def offsets_original(self) -> Offsets:
        """Where this (possibly sliced) string sits in the full original text."""
        return (self.original_shift, self.original_shift + len(self.original))

    # ----------------------------------------------------------------- offsets
    def convert_normalized_to_original(self, start: int, end: int) -> Offsets | None:
        """Map a normalized span to the original span it came from (relative to ``original``)."""
        if start == end:
            return (start, end)
        if start > end:
            return None
        if not self.normalized and (start, end) == (0, 0):
            return (0, len(self.original))
        alignments = self._alignments
        if alignments is None:
            return (start, end) if 0 <= start and end <= len(self.normalized) else None
        if start < 0 or end > len(alignments):
            return None
        return (alignments[start][0], alignments[end - 1][1])

    def convert_original_to_normalized(self, start: int, end: int) -> Offsets | None:
        """Map an original span (relative to ``original``) to the normalized span it became."""
        if start == end:
            return (start, end)
        if start > end:
            return None
        if not self.original and (start, end) == (0, 0):
            return (0, len(self.normalized))
        if self._alignments is None and 0 <= start < end <= len(self.normalized):
            return (start, end)  # what the loop below finds on the identity alignment
        first = last = None
        for i, (a_start, a_end) in enumerate(self.alignments):
            if end < a_end:
                break
            # subtle: zero-width alignments (chars inserted at the very start) never open a range
            if first is None and start <= a_start and a_start != a_end:
                first = i
            last = i + 1
        if first is not None and last is not None:
            return (first, last)
        if first is not None:
            return (first, first)
        if last is not None:
            return (last, last)
        return None

    def slice_normalized(self, start: int, end: int) -> NormalizedString | None:
        """The part of this string between two normalized indices, as its own NormalizedString."""
        original_range = self.convert_normalized_to_original(start, end)
        if original_range is None or start < 0 or end > len(self.normalized):
            return None
        o_start, o_end = original_range
        alignments = self._alignments
        if alignments is not None:
            alignments = [(a - o_start, b - o_start) for a, b in alignments[start:end]]
        return NormalizedString(
            self.original[o_start:o_end], self.normalized[start:end], alignments,
            self.original_shift + o_start,
        )

    # ---------------------------------------------------------------- the primitive
    def transform_range(
        self, start: int, end: int, dest: Iterable[Change], initial_offset: int = 0
    ) -> None:
        """Replace ``normalized[start:end]`` with ``dest``, updating the alignments.

        ``dest`` yields ``(char, change)``: ``1`` for an inserted char (aligned like the
        char before it), ``0`` for a char replacing the next old one, ``-N`` for a char
        replacing the next old one and removing the N after it. ``initial_offset`` old
        chars at the start of the range are removed before anything is emitted.
        """
        if self._alignments is None:
            dest = dest if isinstance(dest, list) else list(dest)
            if _keeps_identity(dest, end - start, initial_offset):
                replaced = "".join([c for c, _ in dest])
                self.normalized = self.normalized[:start] + replaced + self.normalized[end:]
                return
        old_alignments = self.alignments
        pos = start + initial_offset
        chars: list[str] = []
        alignments: list[Offsets] = []
        for c, change in dest:
            if change > 0:
                align = old_alignments[pos - 1] if pos >= 1 else (0, 0)
            else:
                align = old_alignments[pos]
                pos += 1 - change  # the replaced char, plus -change removed ones
            chars.append(c)
            alignments.append(align)
        self.normalized = self.normalized[:start] + "".join(chars) + self.normalized[end:]
        self.alignments = old_alignments[:start] + alignments + old_alignments[end:]

    def transform(self, dest: Iterable[Change], initial_offset: int = 0) -> None:
        """Apply :meth:`transform_range` to the whole string (HF ``transform``)."""
        n_range = self.convert_original_to_normalized(0, len(self.original))
        if n_range is None:
            return
        self.transform_range(n_range[0], n_range[1], dest, initial_offset)

    # -------------------------------------------------------- edits built on transform
    def map(self, fn: Callable[[str], str]) -> None:
        """Replace every char by ``fn(char)`` (its first char, as HF)."""
        message = "`map` expect a callable with the signature: `fn(char) -> char`"
        if not callable(fn):
            raise TypeError(message)
        changes = []
        for c in self.normalized:
            new = fn(c)
            if not isinstance(new, str) or not new:
                raise TypeError(message)
            changes.append((new[0], 0))
        self.transform(changes)

    def filter(self, keep: Callable[[str], bool]) -> None:
        """Drop every char for which ``keep`` is false."""
        if not callable(keep):
            raise TypeError("`filter` expect a callable with the signature: `fn(char) -> bool`")
        removed = 0
        removed_start = 0
        last: str | None = None
        changes: list[Change] = []
        for c in self.normalized:
            if keep(c):
                if last is not None:
                    changes.append((last, -removed))
                else:
                    removed_start = removed
                last = c
                removed = 0
            else:
                removed += 1
        if last is not None:
            changes.append((last, -removed))
        self.transform(changes, removed_start)

    def lowercase(self) -> None:
        # Rust's char::to_lowercase, whose Unicode may be newer than Python's unicodedata.
        self.transform(_case_changes(self.normalized, rust_lowercase))

    def uppercase(self) -> None:
        self.transform(_case_changes(self.normalized, str.upper))

    def prepend(self, s: str) -> None:
        """Insert ``s`` before the first char; it aligns with that first char."""
        if not self.normalized or not s:
            return
        first = self.normalized[0]
        changes = [(c, int(i != 0)) for i, c in enumerate(s)] + [(first, 1)]
        self.transform_range(0, 1, changes)

    def append(self, s: str) -> None:
        """Add ``s`` after the last char; it aligns with that last char."""
        if self.normalized:
            last = len(self.normalized) - 1
            self.transform_range(last, last + 1, [(self.normalized[-1], 0)] + [(c, 1) for c in s])
        else:
            self.transform_range(0, 0, [(c, 1) for c in s])

    def strip(self, left: bool = True, right: bool = True) -> None:
        text = self.normalized
        leading = count_leading_whitespace(text) if left else 0
        trailing = count_trailing_whitespace(text) if right else 0
        if leading == len(text):
            trailing = 0  # all whitespace: the left strip already takes everything
        if not leading and not trailing:
            return
        count = len(text)
        changes: list[Change] = []
        for i, c in enumerate(text):
            if i < leading or i >= count - trailing:
                continue
            changes.append((c, -trailing if i == count - trailing - 1 else 0))
        self.transform(changes, leading)

    def lstrip(self) -> None:
        self.strip(left=True, right=False)

    def rstrip(self) -> None:
        self.strip(left=False, right=True)

    def replace(self, pattern: Pattern, content: str) -> None:
        """Replace every match of ``pattern`` by ``content`` (HF ``NormalizedString::replace``).

        ``pattern``: a str (literal), a ``Regex`` (Oniguruma, as HF's), a compiled regex,
        or a predicate on one char.
        """
        pattern = _compiled(pattern, self.normalized)
        spans = [span for span, is_match in find_matches(pattern, self.normalized) if is_match]
        if not spans:
            return  # nothing to replace: text and alignments stay as they are
        if self._alignments is None and len(content) == 1 and all(e - s == 1 for s, e in spans):
            # One char for one char (Metaspace's " " -> "▁"): each replacement takes the
            # alignment of the char it replaces, so the identity alignment stays.
            chars = list(self.normalized)
            for start, _ in spans:
                chars[start] = content
            self.normalized = "".join(chars)
            return
        alignments = self.alignments
        new_chars: list[str] = []
        new_alignments: list[Offsets] = []
        last_end = 0
        for start, end in spans:
            new_chars.append(self.normalized[last_end:start])
            new_alignments.extend(alignments[last_end:start])
            # Every replacement char is an insertion after the removed match.
            align = alignments[end - 1] if end >= 1 else (0, 0)
            new_chars.append(content)
            new_alignments.extend([align] * len(content))
            last_end = end
        new_chars.append(self.normalized[last_end:])
        new_alignments.extend(alignments[last_end:])
        self.normalized = "".join(new_chars)
        self.alignments = new_alignments

    def clear(self) -> int:
        removed = len(self.normalized)
        self.transform([], removed)
        return removed

    # ------------------------------------------------------------------ splitting
    def split(self, pattern: Pattern | list[Match], behavior: SplitDelimiterBehavior | str):
        """Split on ``pattern`` (or precomputed matches) following ``behavior``.

        Example:
            >>> [p.normalized for p in NormalizedString("the-final--countdown").split("-", "Contiguous")]
            ['the', '-', 'final', '--', 'countdown']
        """
        matches = pattern if isinstance(pattern, list) else find_matches(
            _compiled(pattern, self.normalized), self.normalized)
        splits = _apply_behavior(matches, SplitDelimiterBehavior(behavior))
        pieces = []
        for (start, end), remove in splits:
            if remove:
                continue
            piece = self.slice_normalized(start, end)
            if piece is not None:
                pieces.append(piece)
        return pieces


    # ------------------------------------------------------ HF's Python-only helpers
    def __getitem__(self, index: int | tuple[int, int] | slice) -> NormalizedString | None:
        """``n[i]``, ``n[start:end]``, ``n[(start, end)]``: :meth:`slice`."""
        return self.slice(index)

    def slice(self, index: int | tuple[int, int] | slice) -> NormalizedString | None:
        """The part of the string at normalized char ``index`` (an int, ``(start, end)`` or a
        slice; the step is ignored), aligned to its original text; None if it is empty.

        As HF: an end past the string stops at its end, and an end before the start means
        "to the end". Negative indices count from the end in chars (HF counts UTF-8 bytes).
        """
        start, end = _char_range(index, len(self.normalized))
        size = len(self.normalized)
        if start == end:
            if (start, end) != (0, 0) and start >= size:
                return None
            return self.slice_normalized(start, end)
        end = size if end < start else min(end, size)
        if start >= end:
            return None
        return self.slice_normalized(start, end)

    def for_each(self, fn: Callable[[str], object]) -> None:
        """Call ``fn`` on every normalized char."""
        if not callable(fn):
            raise TypeError("`for_each` expect a callable with the signature: `fn(char)`")
        for c in self.normalized:
            fn(c)

    def nfc(self) -> None:
        self._unicode_form("NFC")

    def nfd(self) -> None:
        self._unicode_form("NFD")

    def nfkc(self) -> None:
        self._unicode_form("NFKC")

    def nfkd(self) -> None:
        self._unicode_form("NFKD")

    def _unicode_form(self, name: str) -> None:
        # What normalizers.NFC... do on a string that is not identity-aligned (their general
        # code): decompose, then compose for the C forms.
        decomposed = decompose(self.normalized, compat=name.startswith("NFK"))
        self.transform(compose(decomposed) if name.endswith("C") else decomposed)


def _char_range(index: int | tuple[int, int] | slice, size: int) -> tuple[int, int]:
    """HF's ``PyRange``: an int is one char, a pair is ``(start, end)``, a slice is a slice."""
    if isinstance(index, slice):
        start, stop, _ = index.indices(size)
        return start, stop
    if isinstance(index, tuple):
        if len(index) != 2 or not all(isinstance(i, int) and i >= 0 for i in index):
            raise TypeError("a range is an int, a (start, end) pair of non-negative ints "
                            "or a slice")
        return index[0], index[1]
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError("a range is an int, a (start, end) pair of non-negative ints or a slice")
    if index < 0:
        if -index > size:
            raise ValueError(f"{-index} is bigger than max len")
        index += size
    return index, index + 1


def _compiled(pattern: Pattern, text: str) -> Pattern:
    """An Oniguruma ``Regex`` compiled for ``text``; other patterns as they are."""
    if isinstance(pattern, Regex):
        return compile_onig(pattern.pattern).for_text(text)
    return pattern


def split_pieces(
    text: str, matches: list[Match], behavior: SplitDelimiterBehavior | str
) -> tuple[list[str], list[int]]:
    """The pieces ``split`` keeps, and where each starts, for a text aligned to itself.

    Each piece is ``text[start:start + len(piece)]``; empty pieces are left out, as
    ``PreTokenizedString.split`` leaves them out.

    Example:
        >>> split_pieces("a-b", find_matches("-", "a-b"), "Removed")
        (['a', 'b'], [0, 2])
    """
    splits = _apply_behavior(matches, SplitDelimiterBehavior(behavior))
    spans = [(s, e) for (s, e), remove in splits if not remove and s < e]
    return [text[s:e] for s, e in spans], [s for s, _ in spans]


def _keeps_identity(dest: list[Change], length: int, initial_offset: int) -> bool:
    # One replacing char (change 0) per old char: each new char takes its old char's
    # alignment, so an identity alignment stays the identity.
    return not initial_offset and len(dest) == length and all(c == 0 for _, c in dest)


def _case_changes(text: str, convert: Callable[[str], str]) -> list[Change]:
    changes: list[Change] = []
    for c in text:
        converted = convert(c)
        if len(converted) == 1:
            changes.append((converted, 0))
        else:
            changes.extend((x, int(i > 0)) for i, x in enumerate(converted))
    return changes


def _apply_behavior(matches: list[Match], behavior: SplitDelimiterBehavior) -> list[Match]:
    """Turn pattern matches into ``(offsets, should_remove)`` splits."""
    B = SplitDelimiterBehavior
    if behavior is B.ISOLATED:
        return [(offsets, False) for offsets, _ in matches]
    if behavior is B.REMOVED:
        return list(matches)
    if behavior is B.MERGED_WITH_NEXT:
        reversed_matches = [((e, s), m) for (s, e), m in reversed(matches)]
        merged = _merge_runs(reversed_matches, contiguous=False)
        return [((s, e), r) for (e, s), r in reversed(merged)]
    return _merge_runs(matches, contiguous=behavior is B.CONTIGUOUS)


def _merge_runs(matches: list[Match], contiguous: bool) -> list[Match]:
    # MergedWithPrevious glues a match onto the piece before it; Contiguous glues runs
    # of the same kind. MergedWithNext reuses this on reversed (end, start) pairs.
    acc: list[list] = []
    previous = False
    for offsets, is_match in matches:
        glue = (is_match == previous) if contiguous else (is_match and not previous)
        if glue and acc:
            acc[-1][0] = (acc[-1][0][0], offsets[1])
        else:
            acc.append([offsets, False])
        previous = is_match
    return [(tuple(o), r) for o, r in acc]
