"""Where two implementations of a tokenizer part: :func:`compare_tokenizers`.

Two tokenizers that should be the same model (a ``tokenizer.json`` and the ``.model`` it
was converted from, a ``.tiktoken`` file and its ``tokenizer.json``…) encode the built-in
probes (:data:`.probes.PROBES`) and the user's texts. The report says:

1. the agreement rate: texts whose final encodings agree;
2. the first text where they differ, and that text shrunk to a shortest differing
   substring (delta debugging: cut chunks off either end, halving the chunk, while the
   two still differ);
3. the first differing token of the shrunk text: index, both sides' tokens, ids, offsets;
4. the pipeline stage where they part, the first of: ``normalized`` (the normalizer's
   text), ``pre-tokens`` (the pre-tokenizer's pieces, by their spans in the text),
   ``model`` (the model's tokens, before post-processing), ``post-processing`` (the final
   ids, special tokens included). It uses :meth:`Tokenizer.explain` and two encodes.

Ids are compared when both vocabularies are the same (token -> id); otherwise ids mean
nothing across the two and tokens are compared by what they spell: a byte-level token by
its bytes, ``▁`` as a space, ``<0x41>`` as its byte (:func:`token_surface`). Metaspace's
``▁`` also counts as a space when the normalized texts are compared.

Example:
    >>> report = compare_tokenizers(a, b, corpus=["one more text"])  # doctest: +SKIP
    >>> report.agreement, report.first.minimal, report.first.stage  # doctest: +SKIP
    (0.96, '1994', 'model')
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import SubwordError
from . import byte_level_to_bytes, is_byte_level
from .probes import PROBES

#: The stages in pipeline order.
STAGES = ("normalized", "pre-tokens", "model", "post-processing")
#: Encodes the shrinking may spend on one text (each halving level costs a few).
MAX_SHRINK_STEPS = 2000
_BYTE_TOKEN = re.compile(r"<0x([0-9A-Fa-f]{2})>")


@dataclass(frozen=True)
class TokenRow:
    """One token of an encoding as the report shows it."""

    index: int
    id: int
    token: str
    offsets: tuple[int, int]
    special: bool = False


@dataclass(frozen=True)
class Difference:
    """The first text on which two tokenizers differ, shrunk, and where they part.

    Attributes:
        text: the differing text as found; ``origin`` says where (``"probe: korean"``,
            ``"corpus.txt:12"``).
        minimal: a shortest differing substring of ``text`` (no end can lose a char).
        stage: one of :data:`STAGES`: the first stage whose output differs on ``minimal``.
        stage_left / stage_right: that stage's output on each side, one line each (the
            normalized text, the pre-tokens, or the tokens with their ids).
        token_index: the first differing token of ``minimal``'s final encodings.
        left_token / right_token: that token on each side (None past the end).
        left_tokens / right_tokens: both final encodings of ``minimal``.
    """

    origin: str
    text: str
    minimal: str
    stage: str
    stage_left: str
    stage_right: str
    token_index: int
    left_token: TokenRow | None
    right_token: TokenRow | None
    left_tokens: tuple[TokenRow, ...]
    right_tokens: tuple[TokenRow, ...]


@dataclass(frozen=True)
class ConformanceReport:
    """What :func:`compare_tokenizers` found."""

    left_name: str
    right_name: str
    compared_by: str  # "ids" | "tokens"
    n_texts: int
    n_agree: int
    n_probes: int
    first: Difference | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def agreement(self) -> float:
        """Share of texts whose final encodings agree (1.0 for no texts)."""
        return self.n_agree / self.n_texts if self.n_texts else 1.0

    @property
    def identical(self) -> bool:
        return self.n_agree == self.n_texts

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values (what ``subword diff --json`` prints)."""
        data = asdict(self)
        data["agreement"] = self.agreement
        data["identical"] = self.identical
        return data


# ------------------------------------------------------------------------ comparing
def compare_tokenizers(left: Any, right: Any, corpus: Iterable[tuple[str, str]] | None = None,
                       *, probes: bool = True, left_name: str = "A",
                       right_name: str = "B", cancel: Callable[[], bool] | None = None
                       ) -> ConformanceReport | None:
    """Encode the probes and ``corpus`` with both tokenizers and report where they part.

    Args:
        left, right: tokenizers (anything with ``encode`` and ``explain``, as
            :class:`~subword_core.tokenizer.Tokenizer`).
        corpus: ``(origin, text)`` pairs after the probes (see :func:`corpus_lines`), or
            plain texts.
        probes: encode :data:`.probes.PROBES` first.
        left_name, right_name: how the report names the two.
        cancel: asked between texts; when it returns True the comparison stops and
            returns None (the window's pool jobs).

    A text one side fails to encode (an encoding error) counts as a difference.
    """
    side = _Sides(left, right)
    texts: list[tuple[str, str]] = [(f"probe: {p.kind}", p.text) for p in PROBES] if probes \
        else []
    n_probes = len(texts)
    for item in corpus or ():
        texts.append(item if isinstance(item, tuple) else ("text", item))
    n_agree, first = 0, None
    for origin, text in texts:
        if cancel is not None and cancel():
            return None
        if side.agree(text):
            n_agree += 1
        elif first is None:
            first = side.difference(origin, text)
    notes = () if side.by_ids else (
        "the vocabularies differ (token -> id), so ids are not comparable: tokens are "
        "compared by the text or bytes they spell",)
    return ConformanceReport(left_name, right_name, "ids" if side.by_ids else "tokens",
                             len(texts), n_agree, n_probes, first, notes)


def corpus_lines(paths: Iterable[str | os.PathLike], limit: int | None = None
                 ) -> Iterator[tuple[str, str]]:
    """``(origin, line)`` for each non-blank line of the files (``"file.txt:12"``), at
    most ``limit`` in all; invalid UTF-8 is replaced.

    Raises:
        SubwordError: a file cannot be read (one line naming it).
    """
    count = 0
    for path in paths:
        name = os.fspath(path)
        try:
            with open(name, encoding="utf-8", errors="replace", newline="") as fh:
                for number, line in enumerate(fh, start=1):
                    if limit is not None and count >= limit:
                        return
                    line = line.rstrip("\r\n")
                    if line.strip():
                        count += 1
                        yield f"{name}:{number}", line
        except OSError as exc:
            raise SubwordError(f"cannot read corpus {name}: {exc.strerror or exc}") from None


def token_surface(token: str, byte_level: bool) -> bytes:
    """What a token spells, as bytes, so that two vocabularies' tokens compare.

    Example:
        >>> token_surface("Ġworld", True), token_surface("▁world", False)
        (b' world', b' world')
        >>> token_surface("<0xE2>", False)
        b'\\xe2'
    """
    if byte_level:
        raw = byte_level_to_bytes(token)
        if raw is not None:
            return raw
    match = _BYTE_TOKEN.fullmatch(token)
    if match is not None:
        return bytes([int(match.group(1), 16)])
    return token.replace("▁", " ").encode("utf-8")


class _Sides:
    """The two tokenizers and how their outputs compare."""

    def __init__(self, left: Any, right: Any) -> None:
        self.left, self.right = left, right
        self.by_ids = _vocabulary(left) == _vocabulary(right)
        self.byte_level = (is_byte_level(left), is_byte_level(right))

    # -- one text
    def keys(self, which: int, text: str, add_special_tokens: bool = True) -> tuple:
        """The comparable form of a side's encoding of ``text``: ids, or token surfaces;
        an encoding error compares as its message."""
        tokenizer = (self.left, self.right)[which]
        try:
            encoding = tokenizer.encode(text, add_special_tokens=add_special_tokens)
        except (SubwordError, ValueError, TypeError) as exc:
            return ("error", str(exc))
        if self.by_ids:
            return tuple(encoding.ids)
        return tuple(token_surface(t, self.byte_level[which]) for t in encoding.tokens)

    def agree(self, text: str) -> bool:
        return self.keys(0, text) == self.keys(1, text)

    def difference(self, origin: str, text: str) -> Difference:
        minimal = shrink(text, lambda t: not self.agree(t))
        stage, stage_left, stage_right = self.stage(minimal)
        rows = (self.rows(0, minimal), self.rows(1, minimal))
        keys = (self.keys(0, minimal), self.keys(1, minimal))
        index = next((i for i, (a, b) in enumerate(zip(*keys)) if a != b),
                     min(len(keys[0]), len(keys[1])))
        picked = [r[index] if index < len(r) else None for r in rows]
        return Difference(origin, text, minimal, stage, stage_left, stage_right, index,
                          picked[0], picked[1], rows[0], rows[1])

    def rows(self, which: int, text: str) -> tuple[TokenRow, ...]:
        tokenizer = (self.left, self.right)[which]
        try:
            encoding = tokenizer.encode(text)
        except (SubwordError, ValueError, TypeError):
            return ()
        return tuple(TokenRow(i, id_, tok, tuple(off), bool(special)) for i, (id_, tok, off, special)
                     in enumerate(zip(encoding.ids, encoding.tokens, encoding.offsets,
                                      encoding.special_tokens_mask)))

    def stage(self, text: str) -> tuple[str, str, str]:
        """The first stage whose outputs differ on ``text``, and both outputs."""
        views = [_stages(t, text) for t in (self.left, self.right)]
        for stage in STAGES[:2]:
            if views[0][stage] != views[1][stage]:
                return stage, _show(views[0][stage]), _show(views[1][stage])
        add = self.keys(0, text, False) == self.keys(1, text, False)  # post-processing?
        return ("post-processing" if add else "model", self.shown(0, text, add),
                self.shown(1, text, add))

    def shown(self, which: int, text: str, add_special_tokens: bool) -> str:
        """A side's encoding of ``text`` on one line: each token and its id."""
        tokenizer = (self.left, self.right)[which]
        try:
            encoding = tokenizer.encode(text, add_special_tokens=add_special_tokens)
        except (SubwordError, ValueError, TypeError) as exc:
            return f"error: {exc}"
        return " ".join(f"{token!r} {id_}" for token, id_ in zip(encoding.tokens, encoding.ids))


def _stages(tokenizer: Any, text: str) -> dict[str, Any]:
    """Normalized text (``▁`` read as a space) and pre-token spans, or the error."""
    try:
        explanation = tokenizer.explain(text)
    except (SubwordError, ValueError, TypeError, AttributeError) as exc:
        return {"normalized": ("error", str(exc)), "pre-tokens": ("error", str(exc))}
    return {"normalized": explanation.normalized.replace("▁", " "),
            "pre-tokens": tuple((text[s:e], (s, e)) for s, e in
                                (p.offsets for p in explanation.pre_tokens))}


def _show(value: Any) -> str:
    """A stage output on one line, for people."""
    if isinstance(value, str):
        return repr(value)
    if value and isinstance(value[0], tuple) and len(value[0]) == 2 \
            and isinstance(value[0][1], tuple):
        return " | ".join(repr(piece) for piece, _ in value)  # pre-tokens
    return " ".join(map(str, value))


def _vocabulary(tokenizer: Any) -> dict[str, int] | None:
    try:
        return tokenizer.get_vocab()
    except (AttributeError, TypeError):
        return None


# ------------------------------------------------------------------------ shrinking
def shrink(text: str, differs: Callable[[str], bool], max_steps: int = MAX_SHRINK_STEPS) -> str:
    """A shortest substring of ``text`` on which ``differs`` still holds, found by cutting
    chunks off either end while it holds, halving the chunk down to one character.

    The result is 1-minimal: neither end can lose one more character (it may be ``""``:
    two tokenizers that add different special tokens differ on every text).
    ``differs(text)`` must hold.

    Example:
        >>> shrink("the cat sat on the mat", lambda t: "cat" in t)
        'cat'
    """
    steps = 0
    chunk = max(1, len(text) // 2)
    while True:
        progressed = False
        for from_start in (True, False):
            while len(text) >= chunk and text and steps < max_steps:
                candidate = text[chunk:] if from_start else text[:-chunk]
                steps += 1
                if not differs(candidate):
                    break
                text, progressed = candidate, True
        if steps >= max_steps or (chunk == 1 and not progressed):
            return text
        if not progressed:
            chunk = max(1, math.ceil(chunk / 2))


# ------------------------------------------------------------------------ text report
def format_report(report: ConformanceReport) -> str:
    """The report for a terminal (what ``subword diff`` prints)."""
    lines = [f"A: {report.left_name}", f"B: {report.right_name}",
             f"compared by: {report.compared_by}"]
    lines += [f"note: {note}" for note in report.notes]
    lines.append(f"texts: {report.n_texts} ({report.n_probes} probes + "
                 f"{report.n_texts - report.n_probes} corpus); agree: {report.n_agree} "
                 f"({report.agreement:.1%})")
    first = report.first
    if first is None:
        lines.append("identical on every text")
        return "\n".join(lines)
    lines += [
        f"first difference: {first.origin}: {_clip(first.text)!r}",
        f"minimal text: {first.minimal!r}",
        f"stage: {first.stage}",
        f"  A: {_clip(first.stage_left, 200)}",
        f"  B: {_clip(first.stage_right, 200)}",
        f"first differing token: #{first.token_index}",
        f"  A: {_row(first.left_token)}",
        f"  B: {_row(first.right_token)}",
        f"tokens A: {' '.join(repr(r.token) for r in first.left_tokens)}",
        f"tokens B: {' '.join(repr(r.token) for r in first.right_tokens)}",
    ]
    return "\n".join(lines)


def _row(row: TokenRow | None) -> str:
    if row is None:
        return "(none: the encoding ends here)"
    return f"{row.token!r} id {row.id} at {row.offsets[0]}:{row.offsets[1]}"


def _clip(text: str, size: int = 80) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


__all__ = ["MAX_SHRINK_STEPS", "STAGES", "ConformanceReport", "Difference", "TokenRow",
           "compare_tokenizers", "corpus_lines", "format_report", "shrink", "token_surface"]
