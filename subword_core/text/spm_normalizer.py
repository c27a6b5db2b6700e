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

import re
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
    _plain: _PlainChars = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.user_defined = tuple(self.user_defined)
        by_first: dict[str, list[str]] = {}
        for symbol in self.user_defined:
            if symbol:
                by_first.setdefault(symbol[0], []).append(symbol)
        for symbols in by_first.values():
            symbols.sort(key=len, reverse=True)
        self._by_first = by_first
        self._plain = _PlainChars(self)

    def user_symbol_at(self, text: str, start: int) -> str | None:
        """The longest user-defined symbol that ``text`` has at ``start``."""
        for symbol in self._by_first.get(text[start], ()):
            if text.startswith(symbol, start):
                return symbol
        return None


def spm_normalize(text: str, spec: SpmNormalizerSpec) -> SpmNormalized:
    """SentencePiece's ``Normalizer::Normalize`` of ``text`` (see the module docstring).

    The steps are taken in bulk where nothing can happen: a run of chars at which no
    user-defined symbol and no charsmap rule can start (:class:`_PlainChars`) is a run of
    one-char steps that write themselves, so its whitespace collapses with one regex and
    its sources are a range; only the other chars are looked up one by one. The result is
    exactly :func:`spm_normalize_by_steps`' (the tests hold the two together).
    """
    out, sources, end = _normalize(text, spec, keep_sources=True)
    return SpmNormalized(out, sources, end)


def spm_normalize_text(text: str, spec: SpmNormalizerSpec) -> str:
    """``spm_normalize(text, spec).text``, without the map back to the input."""
    return _normalize(text, spec, keep_sources=False)[0]


_SPACE_RUNS = re.compile("  +")
_SPACES = re.compile(" +")


def _normalize(text: str, spec: SpmNormalizerSpec,
               keep_sources: bool) -> tuple[str, list[int], int]:
    """The normalized text, the input position of each of its chars (when asked), and
    the input end: :func:`spm_normalize_by_steps`, its plain runs taken whole."""
    if not text:
        return "", [], 0
    collapse = spec.remove_extra_whitespaces
    pieces: list[str] = []
    sources: list[int] = []
    prev_space = leading = collapse  # leading: in the steps that write exactly one space
    lead_end = 0
    for start, run, replacement, taken in spec._plain.steps(text):
        if leading:
            spaces = len(run) - len(run.lstrip(" ")) if run is not None else \
                taken if replacement == " " else 0
            lead_end = start + spaces
            if spaces == (len(run) if run is not None else taken):
                continue  # all of it skipped as leading whitespace
            leading = False
        if run is not None:  # one-char steps writing themselves
            written = _written_run(run, start, prev_space, collapse, sources if keep_sources else None)
        else:
            written = replacement.lstrip(" ") if prev_space else replacement
            if keep_sources:
                sources.extend([start] * len(written))
        if written:
            pieces.append(written)
            prev_space = collapse and written.endswith(" ")
    if leading:  # every step wrote exactly one space: nothing at all, not even the prefix
        return "", [], len(text)
    space = SPACE_SYMBOL if spec.escape_whitespaces else " "
    body = "".join(pieces)
    if spec.escape_whitespaces:
        body = body.replace(" ", SPACE_SYMBOL)
    if spec.add_dummy_prefix and not spec.treat_whitespace_as_suffix:
        body = space + body
        if keep_sources:
            sources.insert(0, lead_end)
    end = len(text)
    if collapse:
        # subtle: a literal ▁ typed in the text counts as trailing space too
        kept = len(body.rstrip(space))
        if kept < len(body):
            body = body[:kept]
            if keep_sources:
                end = sources[kept]
                del sources[kept:]
    if spec.add_dummy_prefix and spec.treat_whitespace_as_suffix:
        body += space
        if keep_sources:
            sources.append(end)
    return body, sources, end


def _written_run(run: str, start: int, prev_space: bool, collapse: bool,
                 sources: list[int] | None) -> str:
    """What a run of one-char steps at input ``start`` writes (runs of spaces collapsed
    to one, a space right after written space dropped); each kept char's input position
    goes to ``sources`` when given."""
    drop_first = prev_space and run.startswith(" ")
    if not collapse or ("  " not in run and not drop_first):
        if sources is not None:
            sources.extend(range(start, start + len(run)))
        return run
    if sources is None:
        written = _SPACE_RUNS.sub(" ", run)
        return written[1:] if drop_first else written
    parts: list[str] = []
    position = 0
    for found in _SPACES.finditer(run):
        first, after = found.span()
        if first > position:
            parts.append(run[position:first])
            sources.extend(range(start + position, start + first))
        if not (first == 0 and drop_first):
            parts.append(" ")
            sources.append(start + first)
        position = after
    if position < len(run):
        parts.append(run[position:])
        sources.extend(range(start + position, start + len(run)))
    return "".join(parts)


def spm_normalize_by_steps(text: str, spec: SpmNormalizerSpec) -> SpmNormalized:
    """:func:`spm_normalize` one step at a time, as ``normalizer.cc`` walks the text:
    the reference the bulk path is checked against."""
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


class _PlainChars:
    """Where a normalization step can write something other than the char it starts at.

    Each distinct char is classified once:

    - *always* a step to look up: a user-defined symbol starts with it, it is a lone
      surrogate, or a charsmap rule is keyed by it alone;
    - a step to look up *when followed* by one of some chars: rules are keyed by it and
      more (``a`` + a combining acute is ``á``), the rest of the key starting with them;
    - otherwise written as itself wherever it stands.

    A char of the second kind followed by another char is written as itself too: a rule
    found there would end inside one of the two chars, and such a rule cannot apply.
    """

    def __init__(self, spec: SpmNormalizerSpec) -> None:
        self.spec = spec
        self.known: set[str] = set()
        self.always: set[str] = set()
        self.when_followed: set[str] = set()
        self.followers: set[str] = set()
        self.pattern: re.Pattern[str] | None = None
        self.width = max(8, max(map(len, spec.user_defined), default=0))

    def steps(self, text: str) -> Iterable[tuple[int, str | None, str, int]]:
        """``(start, run, "", len(run))`` for a run of chars written as themselves,
        ``(start, None, replacement, taken)`` for one looked-up step."""
        self._learn(text)
        start = 0
        if self.pattern is not None:
            for found in self.pattern.finditer(text):
                position = found.start()
                if position < start:
                    continue  # inside the previous step's rule
                if position > start:
                    yield start, text[start:position], "", position - start
                replacement, taken = self._step(text, position)
                yield position, None, replacement, taken
                start = position + taken
        if start < len(text):
            yield start, text[start:], "", len(text) - start

    def _learn(self, text: str) -> None:
        new = set(text) - self.known
        if not new:
            return
        self.known |= new
        grew = False
        for char in new:
            grew |= self._classify(char)
        if grew:
            self.pattern = self._compile()

    def _classify(self, char: str) -> bool:
        """Record what kind ``char`` is; whether the pattern must change."""
        spec, charsmap = self.spec, self.spec.charsmap
        if char in spec._by_first or "\ud800" <= char <= "\udfff":
            self.always.add(char)
            return True
        if charsmap is None:
            return False
        key = char.encode("utf-8")
        if charsmap.longest_match(key) is not None:
            self.always.add(char)
            return True
        followers = charsmap.next_chars(key)
        if not followers:
            return False
        self.when_followed.add(char)
        self.followers |= followers
        return True

    def _compile(self) -> re.Pattern[str]:
        def members(chars: set[str]) -> str:
            return "".join(sorted(map(re.escape, chars)))

        options = [f"[{members(self.always)}]"] if self.always else []
        if self.when_followed:
            options.append(f"[{members(self.when_followed)}](?=[{members(self.followers)}])")
        return re.compile("|".join(options))

    def _step(self, text: str, position: int) -> tuple[str, int]:
        """The step at ``position``, looked up in a window of the text that holds every
        candidate: one as long as the longest user-defined symbol, and grown while some
        charsmap key could still reach past its end."""
        spec, width = self.spec, self.width
        while True:
            window = text[position:position + width]
            if position + width >= len(text) or spec.charsmap is None \
                    or not spec.charsmap.extends(window.encode("utf-8", "surrogatepass")):
                return _Stepper(window, spec)(0)
            width *= 4


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


__all__ = ["SPACE_SYMBOL", "SpmNormalized", "SpmNormalizerSpec", "spm_normalize",
           "spm_normalize_by_steps", "spm_normalize_text"]
