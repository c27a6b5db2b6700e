"""SentencePiece's own normalization (``normalizer.cc``), with its map back to the input.

HF's ``Precompiled`` normalizer applies a ``precompiled_charsmap`` per grapheme cluster
and leaves whitespace to other components. SentencePiece itself walks the text once,
and at each position:

1. takes a user-defined symbol that starts there as it is (longest first), else the
   charsmap rule of the *longest* matching byte prefix, else one character;
2. with ``remove_extra_whitespaces``, drops the spaces that open the replacement when
   the text so far ends with a space (and drops leading replacements that are exactly
   one space), so that runs of whitespace collapse to one;
3. writes spaces as ``▁`` (``escape_whitespaces``).

``add_dummy_prefix`` puts a ``▁`` in front (or at the end, with
``treat_whitespace_as_suffix``); with ``remove_extra_whitespaces`` trailing ``▁`` go.

Every output character records where, in the input, the step that wrote it started
(SentencePiece's ``norm_to_orig``). A token spanning output ``[b, e)`` covers input
``[source[b], source[e])`` (``end`` for the last), so input that vanished between two
output characters (collapsed spaces, characters a rule deletes) belongs to the token
after it, exactly as SentencePiece reports it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .precompiled import PrecompiledCharsMap

SPACE_SYMBOL = "\u2581"  # ▁, SentencePiece's visible space


@dataclass(frozen=True)
class SpmNormalized:
    """The normalized text, the input position of each of its chars, and the input end."""

    text: str
    sources: list[int]
    end: int


@dataclass
class SpmNormalizerSpec:
    """The ``NormalizerSpec`` fields that shape normalization, plus the model's symbols."""

    charsmap: PrecompiledCharsMap | None = None
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True
    escape_whitespaces: bool = True
    treat_whitespace_as_suffix: bool = False
    user_defined: Iterable[str] = ()
    _by_first: dict[str, list[str]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.user_defined = tuple(self.user_defined)
        by_first: dict[str, list[str]] = {}
        for symbol in self.user_defined:
            if symbol:
                by_first.setdefault(symbol[0], []).append(symbol)
        for symbols in by_first.values():
            symbols.sort(key=len, reverse=True)
        self._by_first = by_first

    def user_symbol_at(self, text: str, start: int) -> str | None:
        """The longest user-defined symbol that ``text`` has at ``start``."""
        for symbol in self._by_first.get(text[start], ()):
            if text.startswith(symbol, start):
                return symbol
        return None


def spm_normalize(text: str, spec: SpmNormalizerSpec) -> SpmNormalized:
    """SentencePiece's ``Normalizer::Normalize`` of ``text`` (see the module docstring)."""
    step = _Stepper(text, spec)
    size, consumed = len(text), 0
    if spec.remove_extra_whitespaces:  # leading whitespace goes
        while consumed < size:
            replacement, taken = step(consumed)
            if replacement != " ":
                break
            consumed += taken
    if consumed == size:
        return SpmNormalized("", [], consumed)
    space = SPACE_SYMBOL if spec.escape_whitespaces else " "
    out: list[str] = []
    sources: list[int] = []
    if spec.add_dummy_prefix and not spec.treat_whitespace_as_suffix:
        out.append(space)
        sources.append(consumed)
    prev_space = spec.remove_extra_whitespaces
    while consumed < size:
        replacement, taken = step(consumed)
        if prev_space:
            replacement = replacement.lstrip(" ")
        if replacement:
            for char in replacement:
                out.append(space if char == " " else char)
                sources.append(consumed)
            prev_space = replacement.endswith(" ")
        consumed += taken
        if not spec.remove_extra_whitespaces:
            prev_space = False
    if spec.remove_extra_whitespaces:
        # subtle: a literal ▁ typed in the text counts as trailing space too
        while out and out[-1] == space:
            out.pop()
            consumed = sources.pop()
    if spec.add_dummy_prefix and spec.treat_whitespace_as_suffix:
        out.append(space)
        sources.append(consumed)
    return SpmNormalized("".join(out), sources, consumed)


class _Stepper:
    """``NormalizePrefix``: the replacement at a position and how many chars it takes."""

    def __init__(self, text: str, spec: SpmNormalizerSpec) -> None:
        self.text, self.spec = text, spec
        self.charsmap = spec.charsmap
        if self.charsmap is not None:
            self.data = text.encode("utf-8", "surrogatepass")
            starts, position = [], 0
            for char in text:
                starts.append(position)
                position += len(char.encode("utf-8", "surrogatepass"))
            self.byte_starts = starts
            self.char_at_byte = {b: i for i, b in enumerate(starts)}
            self.char_at_byte[len(self.data)] = len(text)

    def __call__(self, start: int) -> tuple[str, int]:
        text = self.text
        symbol = self.spec.user_symbol_at(text, start) if self.spec.user_defined else None
        if symbol is not None:
            return symbol, len(symbol)
        if self.charsmap is not None:
            found = self.charsmap.longest_match(self.data, self.byte_starts[start])
            if found is not None:
                length, replacement = found
                end = self.char_at_byte.get(self.byte_starts[start] + length)
                if end is not None:  # a rule ending inside a character cannot apply
                    return replacement, end - start
        char = text[start]
        if "\ud800" <= char <= "\udfff":
            return "\ufffd", 1  # not UTF-8: SentencePiece's malformed-input replacement
        return char, 1


__all__ = ["SPACE_SYMBOL", "SpmNormalized", "SpmNormalizerSpec", "spm_normalize"]
