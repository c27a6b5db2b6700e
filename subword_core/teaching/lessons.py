"""Guided lessons: the worked examples of the course notes, computed step by step.

A lesson is a JSON data file (``resources/lessons/*.json``, one per lesson), so
more can be added without code. It names an algorithm (``kind``), its data (a
word-count corpus, or a string to compress), and a list of steps. Each step has
a title and prose in every language of the app (``{"en": …, "ko": …}``), what to
compute (``{"op": …}``), and optionally the figures *the notes* state
(``"notes": [{"figure": key, "says": value, "why": {…}}]``).

Every figure a step shows is computed here with the library's real code — the
trainers (:class:`~subword_core.trainers.BpeTrainer`, the likelihood
:class:`~subword_core.trainers.WordPieceTrainer`), the models (BPE, WordPiece,
the Unigram lattice and Viterbi path), :mod:`subword_core.teaching.compression` — never
read from the file. The notes' figures are compared with them: where they
differ, the step carries a remark "the notes say X; the correct figure is Y"
(:meth:`Check.remark`), where the notes pick one of several equally good
answers (a tie) it says so instead.

Kinds, their ops and the figure keys each op computes (``<pair>`` is the two
symbols joined by a space, ``<word>`` a word of the corpus):

* ``compression`` (``"data": "aaabdaaabac"``): ``start`` and ``replace``
  (``"number": n``) give ``count:<pair>`` (non-overlapping, before the
  replacement), ``pair``, ``symbol``, ``text``; ``expand`` gives
  ``stands for:<symbol>`` and ``text``.
* ``sennrich`` (``"corpus"``, ``"end_of_word"``, ``"merges"``): ``start`` and
  ``merge`` (``"number"``) give ``count:<pair>``, ``merge`` and
  ``symbols:<word>``; ``segment`` (``"words"``) gives ``tokens:<word>``.
* ``bpe`` and ``wordpiece`` (``"corpus"``, ``"merges"``): as ``sennrich``, with
  ``tokenize`` for ``segment``; WordPiece adds ``freq:<symbol>`` and
  ``score:<pair>`` (an exact fraction).
* ``unigram`` (``"corpus"``; the vocabulary is every strict substring of the
  words, scored by frequency as in the notes): ``vocab`` gives ``freq:<token>``,
  ``total``, ``prob:<token>``; ``segmentations`` (``"word"``) gives
  ``segmentation:<tokens>`` and ``tokens:<word>``; ``viterbi`` (``"word"``)
  gives ``best:<i>`` and ``score:<i>`` for each position and ``tokens:<word>``;
  ``loss`` gives ``tokens:<word>``, ``score:<word>`` and ``loss``; ``removal``
  gives ``increase:<token>`` for every token longer than one character and, with
  ``"without": token``, ``tokens:<word>`` / ``score:<word>`` without it.

Use :class:`LessonState` to step forward and back; each :class:`StepResult`
also gives the step's own tokenizer (:class:`StepView`: a text and a tokenizer
built from the lesson's state at that step), which the app shows beside the step
without making it the user's.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..errors import SubwordError
from ..models import BPE, Unigram, WordPiece
from ..pre_tokenizers import WhitespaceSplit
from ..serialization import json_error
from ..tokenizer import Tokenizer
from ..trainers import BpeTrainer, WordPieceTrainer
from ..trainers.history import TrainingHistory
from .._util.bundled import bundled_path
from .compression import compress, sennrich_bpe, sennrich_segment

#: Languages every text of a lesson file is given in; the first is the fallback.
LANGUAGES = ("en", "ko")
FORMAT = 1
UNK = "[UNK]"
KIND_OPS: dict[str, tuple[str, ...]] = {
    "compression": ("start", "replace", "expand"),
    "sennrich": ("start", "merge", "segment"),
    "bpe": ("start", "merge", "tokenize"),
    "wordpiece": ("start", "merge", "tokenize"),
    "unigram": ("vocab", "segmentations", "viterbi", "loss", "removal"),
}
# Figure labels: (English, Korean) templates, filled with the key's argument.
LABELS: dict[str, tuple[str, str]] = {
    "count": ("count({arg})", "빈도({arg})"),
    "pair": ("pair replaced", "바꾼 쌍"),
    "symbol": ("new symbol", "새 기호"),
    "text": ("data", "데이터"),
    "stands for": ("{arg} stands for", "{arg}의 뜻"),
    "merge": ("merge", "병합"),
    "symbols": ("{arg} as symbols", "{arg}의 기호"),
    "tokens": ("tokens({arg})", "토큰({arg})"),
    "freq": ("freq({arg})", "빈도({arg})"),
    "score": ("score({arg})", "점수({arg})"),
    "total": ("sum of frequencies", "빈도 합계"),
    "prob": ("P({arg})", "P({arg})"),
    "segmentation": ("P([{arg}])", "P([{arg}])"),
    "best": ("best ending at {arg}", "{arg}에서 끝나는 최선"),
    "loss": ("loss", "손실"),
    "increase": ("loss increase without {arg}", "{arg} 제거 시 손실 증가"),
}
REMARKS = {
    "differs": ("The notes say {label} = {notes}; the correct figure is {value}.",
                "노트의 값은 {label} = {notes}이지만, 올바른 값은 {value}입니다."),
    "tie": ("The notes give {label} = {notes}; it ties with {value}, which the algorithm's "
            "tie-break picks: both are right.",
            "노트의 값은 {label} = {notes}입니다. {value}와(과) 동점이므로 둘 다 맞으며, 알고리즘의 "
            "동점 처리 규칙은 {value}을(를) 고릅니다."),
}


class LessonError(SubwordError):
    """A lesson file is missing, not JSON, or not a valid lesson."""


def text_in(value: Mapping[str, str] | str | None, language: str) -> str:
    """The text of ``value`` in ``language`` (``"ko"``, ``"ko_KR"``…), else in English."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    lang = language.split("_")[0].split("-")[0].lower()
    return value.get(lang) or value.get(LANGUAGES[0]) or ""


# -- figures and checks ------------------------------------------------------------------
Value = int | float | str | Fraction | tuple


@dataclass(frozen=True)
class Figure:
    """One computed number (or merge, or segmentation) of a step.

    ``alternatives`` are other values exactly as good (a tie), ``formula`` how the
    value is made (``"10/(15×15)"``), for the table.
    """

    key: str
    value: Value
    alternatives: tuple[Value, ...] = ()
    formula: str = ""

    def label(self, language: str = "en") -> str:
        """The figure's name in ``language``, e.g. ``score(hu, ##g)``."""
        name, _, arg = self.key.partition(":")
        templates = LABELS.get(name, (name, name))
        template = templates[1] if language.startswith("ko") else templates[0]
        return template.format(arg=", ".join(arg.split(" ")))

    @property
    def shown(self) -> str:
        """The value as the table shows it (a fraction as ``a/b``, tokens as ``[a, b]``)."""
        return show_value(self.value)

    @property
    def decimal(self) -> float | None:
        """The value as a number (a fraction's decimal), None for text and tokens."""
        if isinstance(self.value, (int, float, Fraction)) and not isinstance(self.value, bool):
            return float(self.value)
        return None


def show_value(value: Any) -> str:
    """``value`` as text: fractions ``a/b``, floats to 6 significant digits, tokens ``[a, b]``."""
    if isinstance(value, Fraction):
        return str(value)  # "2/45", or "3" for a whole number
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


@dataclass(frozen=True)
class Check:
    """A figure as the notes state it, against the computed one.

    ``status`` is ``"agrees"``, ``"tie"`` (the notes pick another equally good
    answer) or ``"differs"``; ``why`` explains a known slip (per language).
    """

    figure: Figure
    says: Any
    status: str
    why: Mapping[str, str] | None = None

    @property
    def notes_shown(self) -> str:
        if isinstance(self.says, list):
            return show_value(tuple(self.says))
        return str(self.says)

    def remark(self, language: str = "en") -> str:
        """"The notes say X; the correct figure is Y." (empty when they agree)."""
        if self.status == "agrees":
            return ""
        en, ko = REMARKS[self.status]
        value = self.figure.shown
        if self.figure.formula and self.figure.formula != value:
            value = f"{value} = {self.figure.formula}"
        if isinstance(self.figure.value, Fraction):
            value += f" ≈ {float(self.figure.value):.6g}"
        text = (ko if language.startswith("ko") else en).format(
            label=self.figure.label(language), notes=self.notes_shown, value=value)
        why = text_in(self.why, language) if self.status == "differs" else ""
        return f"{text} {why}".strip()


def compare(figure: Figure, says: Any) -> str:
    """``"agrees"``, ``"tie"`` or ``"differs"``: the notes' ``says`` against ``figure``."""
    value = figure.value
    if isinstance(value, tuple):
        stated = tuple(says) if isinstance(says, list) else None
        if stated == value:
            return "agrees"
        return "tie" if stated in figure.alternatives else "differs"
    if isinstance(value, str):
        return "agrees" if says == value else "differs"
    return "agrees" if _same_number(value, says) else "differs"


def _same_number(value: int | float | Fraction, says: Any) -> bool:
    # a fraction must match exactly; a decimal to within one unit of its last place
    # (the notes round or cut: 0.071428 for 15/210 = 0.0714285…)
    if isinstance(says, bool) or not isinstance(says, (int, float, str)):
        return False
    text = str(says).strip()
    if "/" in text:
        try:
            return Fraction(text) == Fraction(value)
        except (ValueError, ZeroDivisionError):
            return False
    try:
        number = float(text)
    except ValueError:
        return False
    places = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
    if isinstance(value, int) and places == 0:
        return number == value
    return abs(float(value) - number) <= 10.0 ** -places * 1.0000001


# -- steps --------------------------------------------------------------------------------
@dataclass
class StepView:
    """The step's own tokenizer and the text it is shown on: ``text`` encoded with ``tokenizer``.

    ``trace_word`` is the word whose merges, greedy matches or lattice are shown,
    ``trace_kind`` ``"bpe"``, ``"wordpiece"`` or ``"unigram"``; ``history`` the
    merges so far (with their counts), when the lesson trained them.
    """

    text: str
    tokenizer: Tokenizer
    trace_word: str = ""
    trace_kind: str = ""
    history: TrainingHistory | None = None

    def trace(self) -> Any:
        """The model's step-by-step view of :attr:`trace_word` (None without one)."""
        model = self.tokenizer.model
        if not self.trace_word:
            return None
        if self.trace_kind == "unigram":
            return model.lattice(self.trace_word)
        if self.trace_kind == "wordpiece":
            return model.match_trace(self.trace_word)
        return model.merge_trace(self.trace_word)


@dataclass
class StepResult:
    """One computed step: its texts, figures, the notes' checks and the panes' view."""

    number: int
    data: Mapping[str, Any]
    figures: list[Figure]
    checks: list[Check]
    view: StepView

    def title(self, language: str = "en") -> str:
        return text_in(self.data.get("title"), language)

    def prose(self, language: str = "en") -> str:
        return text_in(self.data.get("prose"), language)

    def figure(self, key: str) -> Figure:
        """The figure named ``key`` (KeyError if the step has none)."""
        for f in self.figures:
            if f.key == key:
                return f
        raise KeyError(key)

    def value(self, key: str) -> Value:
        return self.figure(key).value

    @property
    def slips(self) -> list[Check]:
        """The notes' figures that differ from the computed ones."""
        return [c for c in self.checks if c.status == "differs"]

    def remarks(self, language: str = "en") -> list[str]:
        """A remark for every notes figure that differs or is a tie."""
        return [c.remark(language) for c in self.checks if c.status != "agrees"]

    def check_for(self, key: str) -> Check | None:
        return next((c for c in self.checks if c.figure.key == key), None)


@dataclass
class _Computed:
    figures: list[Figure]
    view: StepView


class Lesson:
    """A lesson read from its file; :meth:`step` computes step ``i`` (cached)."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.id: str = data.get("id") or path.stem
        self.kind: str = data["kind"]
        self.steps: list[dict[str, Any]] = data["steps"]
        self._results: dict[int, StepResult] = {}

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return f"Lesson({self.id!r}, {self.kind}, {len(self)} steps)"

    def title(self, language: str = "en") -> str:
        return text_in(self.data.get("title"), language)

    def summary(self, language: str = "en") -> str:
        return text_in(self.data.get("summary"), language)

    def source(self, language: str = "en") -> str:
        return text_in(self.data.get("source"), language)

    @property
    def order(self) -> tuple[int, str]:
        return (int(self.data.get("order", 1000)), self.id)

    @cached_property
    def _engine(self) -> _Engine:
        return ENGINES[self.kind](self)

    def step(self, index: int) -> StepResult:
        """Compute step ``index`` (0-based) with the library's code and check the notes."""
        if not 0 <= index < len(self.steps):
            raise IndexError(f"{self.id} has {len(self.steps)} steps, not {index + 1}")
        if index not in self._results:
            self._results[index] = self._compute(index)
        return self._results[index]

    def _compute(self, index: int) -> StepResult:
        step = self.steps[index]
        try:
            computed = self._engine.compute(step)
        except SubwordError as exc:
            raise LessonError(f"{self.path}: step {index + 1}: {exc}") from exc
        figures = {f.key: f for f in computed.figures}
        checks = []
        for note in step.get("notes", []):
            figure = figures.get(note["figure"])
            if figure is None:
                raise LessonError(f"{self.path}: step {index + 1}: no figure "
                                  f"{note['figure']!r} (it computes {', '.join(figures)})")
            checks.append(Check(figure, note["says"], compare(figure, note["says"]),
                                note.get("why")))
        if step.get("text") is not None:
            computed.view.text = step["text"]
        return StepResult(index + 1, step, computed.figures, checks, computed.view)


class LessonState:
    """Where a reader is in a lesson: step forward and back.

    Example:
        >>> state = LessonState(load_lessons()[0])
        >>> state.index, state.at_start
        (0, True)
        >>> state.next().number
        2
    """

    def __init__(self, lesson: Lesson, index: int = 0) -> None:
        self.lesson = lesson
        self.index = max(0, min(index, len(lesson) - 1))

    @property
    def step(self) -> StepResult:
        return self.lesson.step(self.index)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == len(self.lesson) - 1

    def next(self) -> StepResult:
        """Go one step forward (stays at the last) and return that step."""
        return self.go(self.index + 1)

    def back(self) -> StepResult:
        """Go one step back (stays at the first) and return that step."""
        return self.go(self.index - 1)

    def go(self, index: int) -> StepResult:
        self.index = max(0, min(index, len(self.lesson) - 1))
        return self.step


# -- reading and validating ------------------------------------------------------------------
def lessons_dir() -> Path:
    """The lessons shipped with the explorer (``resources/lessons``; package data installed)."""
    return bundled_path("lessons")


def load_lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every ``*.json`` lesson in ``folder`` (default :func:`lessons_dir`), in their order."""
    folder = Path(folder) if folder is not None else lessons_dir()
    if not folder.is_dir():
        return []
    return sorted((load_lesson(p) for p in folder.glob("*.json")), key=lambda l: l.order)


def load_lesson(path: str | Path) -> Lesson:
    """Read and validate one lesson file; a :class:`LessonError` names the file (and line)."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{path}: cannot read the lesson: {exc}") from exc
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise LessonError(f"{path}:{exc.lineno}: not JSON ({json_error(exc)})") from exc
    _validate(path, data)
    return Lesson(path, data)


def _validate(path: Path, data: Any) -> None:
    def fail(message: str) -> None:
        raise LessonError(f"{path}: {message}")

    if not isinstance(data, dict):
        fail("a lesson is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        fail(f"lesson format {data.get('format')!r}; this explorer reads format {FORMAT}")
    kind = data.get("kind")
    if kind not in KIND_OPS:
        fail(f"kind must be one of {', '.join(KIND_OPS)}, not {kind!r}")
    _check_texts(fail, data, "title", "", required=True)
    for name in ("summary", "source"):
        _check_texts(fail, data, name, "")
    if kind == "compression":
        if not isinstance(data.get("data"), str) or len(data["data"]) < 2:
            fail("a compression lesson needs \"data\": a string of at least two characters")
    elif not _is_counts(data.get("corpus")):
        fail("\"corpus\" must be an object of words and positive whole counts")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        fail("\"steps\" must be a non-empty list")
    for i, step in enumerate(steps, 1):
        _validate_step(fail, kind, i, step)


def _check_texts(fail: Callable[[str], None], obj: dict, name: str, where: str,
                 required: bool = False) -> None:
    value = obj.get(name)
    if value is None and not required:
        return
    if not isinstance(value, dict) or not all(isinstance(value.get(l), str) and value[l]
                                              for l in LANGUAGES):
        fail(f"{where}\"{name}\" must give a text in each of {', '.join(LANGUAGES)}")


def _is_counts(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(
        isinstance(w, str) and w and not any(c.isspace() for c in w)
        and isinstance(n, int) and not isinstance(n, bool) and n > 0 for w, n in value.items())


def _validate_step(fail: Callable[[str], None], kind: str, i: int, step: Any) -> None:
    where = f"step {i}: "
    if not isinstance(step, dict):
        fail(f"{where}a step is a JSON object")
    for name in ("title", "prose"):
        _check_texts(fail, step, name, where, required=True)
    compute = step.get("compute")
    if not isinstance(compute, dict) or compute.get("op") not in KIND_OPS[kind]:
        fail(f"{where}\"compute\" must have an \"op\" among {', '.join(KIND_OPS[kind])}")
    number = compute.get("number", 1)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        fail(f"{where}\"number\" must be a whole number from 1")
    words = compute.get("words", [])
    if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
        fail(f"{where}\"words\" must be a list of words")
    for name in ("word", "without"):
        if name in compute and not (isinstance(compute[name], str) and compute[name]):
            fail(f"{where}\"{name}\" must be a non-empty string")
    if "text" in step and not isinstance(step["text"], str):
        fail(f"{where}\"text\" must be a string")
    notes = step.get("notes", [])
    if not isinstance(notes, list):
        fail(f"{where}\"notes\" must be a list")
    for note in notes:
        if not isinstance(note, dict) or not isinstance(note.get("figure"), str) \
                or "says" not in note:
            fail(f"{where}each note needs \"figure\" (a figure key) and \"says\"")
        if "why" in note:
            _check_texts(fail, note, "why", where)


# -- engines: one per kind -------------------------------------------------------------------
def _pair_key(name: str, pair: Sequence[str]) -> str:
    return f"{name}:{' '.join(pair)}"


def _word_tokenizer(model: Any) -> Tokenizer:
    tokenizer = Tokenizer(model)
    tokenizer.pre_tokenizer = WhitespaceSplit()
    return tokenizer


class _Engine:
    """Computes the figures of one lesson's steps (subclasses: one per kind)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.data = lesson.data

    def compute(self, step: Mapping[str, Any]) -> _Computed:
        compute = step["compute"]
        return getattr(self, "op_" + compute["op"])(compute)

    @property
    def corpus(self) -> dict[str, int]:
        return dict(self.data["corpus"])

    @property
    def corpus_text(self) -> str:
        return " ".join(self.corpus)


class _CompressionEngine(_Engine):
    """Gage's byte pair compression (:func:`subword_core.teaching.compression.compress`)."""

    @cached_property
    def result(self):
        return compress(self.data["data"])

    def _text_before(self, number: int) -> str:
        return self.result.steps[number - 2].text if number > 1 else self.data["data"]

    def _counts(self, text: str) -> list[Figure]:
        # what a replacement would save: non-overlapping occurrences, as compress() counts
        pairs = dict.fromkeys(text[i:i + 2] for i in range(len(text) - 1))
        return [Figure(f"count:{' '.join(p)}", text.count(p)) for p in pairs]

    def _tied(self, counts: list[Figure], chosen: str) -> tuple[str, ...]:
        best = max(f.value for f in counts)
        return tuple(f.key.split(":")[1].replace(" ", "") for f in counts
                     if f.value == best and f.key.split(":")[1].replace(" ", "") != chosen)

    def op_start(self, compute: Mapping[str, Any]) -> _Computed:
        text = self.data["data"]
        return _Computed([Figure("text", text), *self._counts(text)], self._view(0))

    def op_replace(self, compute: Mapping[str, Any]) -> _Computed:
        number = compute.get("number", 1)
        if number > len(self.result.steps):
            raise SubwordError(f"the data allows {len(self.result.steps)} replacements, "
                               f"not {number}")
        step = self.result.steps[number - 1]
        counts = self._counts(self._text_before(number))
        pair = step.left + step.right
        figures = [Figure("pair", pair, self._tied(counts, pair)), Figure("symbol", step.symbol),
                   Figure("text", step.text), *counts]
        return _Computed(figures, self._view(number))

    def op_expand(self, compute: Mapping[str, Any]) -> _Computed:
        figures = [Figure(f"stands for:{s.symbol}", self.result.expand(s.symbol))
                   for s in self.result.steps]
        figures.append(Figure("text", self.result.expand()))
        return _Computed(figures, self._view(len(self.result.steps)))

    def _view(self, number: int) -> StepView:
        # the replacements as BPE merges of what each symbol stands for: encoding the data
        # gives each symbol of the compressed text as the string it stands for
        vocab, merges = {UNK: 0}, []
        for ch in sorted(set(self.data["data"])):
            vocab[ch] = len(vocab)
        for s in self.result.steps[:number]:
            left, right = self.result.expand(s.left), self.result.expand(s.right)
            merges.append((left, right))
            vocab.setdefault(left + right, len(vocab))
        model = BPE(vocab, merges, unk_token=UNK)
        word = self.data["data"]
        return StepView(word, Tokenizer(model), word, "bpe")


class _SennrichEngine(_Engine):
    """Sennrich et al.'s loop with a separate end-of-word symbol (:func:`sennrich_bpe`)."""

    @property
    def eow(self) -> str:
        return self.data.get("end_of_word", "</w>")

    @cached_property
    def merges(self):
        return sennrich_bpe(self.corpus, int(self.data.get("merges", 10)), self.eow)

    def _symbols(self, number: int) -> list[Figure]:
        done = self.merges[:number]
        return [Figure(f"symbols:{w}", tuple(sennrich_segment(w, done, self.eow)))
                for w in self.corpus]

    def _counts(self, number: int) -> list[Figure]:
        counts: dict[tuple[str, str], int] = {}
        done = self.merges[:number]
        for word, n in self.corpus.items():
            for pair in pairwise(sennrich_segment(word, done, self.eow)):
                counts[pair] = counts.get(pair, 0) + n
        return [Figure(_pair_key("count", p), c) for p, c in counts.items()]

    def op_start(self, compute: Mapping[str, Any]) -> _Computed:
        return _Computed([*self._symbols(0), *self._counts(0)], self._view(0))

    def op_merge(self, compute: Mapping[str, Any]) -> _Computed:
        number = compute.get("number", 1)
        if number > len(self.merges):
            raise SubwordError(f"the corpus gives {len(self.merges)} merges, not {number}")
        merge = self.merges[number - 1]
        counts = self._counts(number - 1)
        pair = (merge.left, merge.right)
        tied = tuple(tuple(f.key.split(":")[1].split(" ")) for f in counts
                     if f.value == merge.count and f.key != _pair_key("count", pair))
        figures = [Figure("merge", pair, tied), *self._symbols(number), *counts]
        return _Computed(figures, self._view(number))

    def op_segment(self, compute: Mapping[str, Any]) -> _Computed:
        words = compute.get("words") or list(self.corpus)
        figures = [Figure(f"tokens:{w}", tuple(sennrich_segment(w, self.merges, self.eow)))
                   for w in words]
        view = self._view(len(self.merges))
        view.text, view.trace_word = " ".join(words), words[0]
        return _Computed(figures, view)

    def _view(self, number: int) -> StepView:
        return StepView(self.corpus_text, glued_bpe(self.corpus, self.merges[:number], self.eow),
                        next(iter(self.corpus)), "bpe")


def glued_bpe(corpus: Iterable[str], merges: Sequence[Any], eow: str) -> Tokenizer:
    """Sennrich merges as an HF BPE whose ``end_of_word_suffix`` is glued to the last symbol.

    HF has no separate end-of-word symbol: ``t</w>`` is one symbol. A merge
    ``(a, b)`` becomes ``(a, b)`` and, for words ending in ``b``, ``(a, b</w>)``
    unless ``(b, </w>)`` was learned before it (then Sennrich can no longer merge
    ``a`` with that ``b``); ``(x, </w>)`` itself needs no merge. Encodings equal
    :func:`sennrich_segment` with the ``</w>`` glued to the symbol before it.
    """
    vocab = {UNK: 0}
    for ch in sorted({c for w in corpus for c in w}):
        vocab.setdefault(ch, len(vocab))
        vocab.setdefault(ch + eow, len(vocab))
    glued: list[tuple[str, str]] = []
    ends: set[str] = set()  # symbols already merged with the end-of-word symbol
    for m in merges:
        left, right = (m.left, m.right) if hasattr(m, "left") else m
        if right == eow:
            ends.add(left)
            vocab.setdefault(left + eow, len(vocab))
            continue
        variants = [(left, right)]
        if not right.endswith(eow) and right not in ends:
            variants.append((left, right + eow))
        for a, b in variants:
            glued.append((a, b))
            vocab.setdefault(a + b, len(vocab))
    model = BPE(vocab, glued, unk_token=UNK, end_of_word_suffix=eow)
    return _word_tokenizer(model)


class _PairEngine(_Engine):
    """BPE (counts) and WordPiece (likelihood scores), trained by the library's trainers."""

    prefix: str | None = None

    @cached_property
    def trained(self) -> tuple[Any, TrainingHistory]:
        raise NotImplementedError

    @property
    def history(self) -> TrainingHistory:
        return self.trained[1]

    @cached_property
    def initial(self) -> list[str]:
        """The alphabet the trainer started from (its vocabulary before any merge)."""
        made = {m.token for m in self.history.merges}
        vocab = self.trained[0].get_vocab()
        return [t for t in sorted(vocab, key=vocab.__getitem__) if t not in made]

    def model_at(self, number: int) -> Any:
        raise NotImplementedError

    def splits_at(self, number: int) -> dict[str, tuple[str, ...]]:
        # the words as the model of that step cuts them
        model = self.splitter_at(number)
        return {w: tuple(t.value for t in model.tokenize(w)) for w in self.corpus}

    def splitter_at(self, number: int) -> BPE:
        merges = [m.pair for m in self.history.merges[:number]]
        vocab = {t: i for i, t in enumerate(self.initial + [m.token for m in
                                                            self.history.merges[:number]])}
        return BPE(vocab, merges, continuing_subword_prefix=self.prefix)

    def table(self, number: int) -> list[Figure]:
        """Every pair's count (and score) with the first ``number`` merges made."""
        counts: Counter[tuple[str, str]] = Counter()
        for word, symbols in self.splits_at(number).items():
            for pair in pairwise(symbols):
                counts[pair] += self.corpus[word]
        return [Figure(_pair_key("count", p), c) for p, c in counts.items()]

    def op_start(self, compute: Mapping[str, Any]) -> _Computed:
        splits = self.splits_at(0)
        figures = [Figure(f"symbols:{w}", s) for w, s in splits.items()]
        return _Computed(figures + self.table(0), self._view(0))

    def op_merge(self, compute: Mapping[str, Any]) -> _Computed:
        number = compute.get("number", 1)
        merges = self.history.merges
        if number > len(merges):
            raise SubwordError(f"the corpus gives {len(merges)} merges, not {number}")
        table = self.table(number - 1)
        merge = merges[number - 1]
        figures = [Figure("merge", merge.pair, self._tied(table, merge))]
        figures += [Figure(f"symbols:{w}", s) for w, s in self.splits_at(number).items()]
        view = self._view(number)
        return _Computed(figures + table, view)

    def _tied(self, table: list[Figure], merge: Any) -> tuple[tuple[str, ...], ...]:
        name = "score" if self.prefix else "count"
        best = next(f.value for f in table if f.key == _pair_key(name, merge.pair))
        return tuple(tuple(f.key.split(":")[1].split(" ")) for f in table
                     if f.key.startswith(name + ":") and f.value == best
                     and f.key != _pair_key(name, merge.pair))

    def op_tokenize(self, compute: Mapping[str, Any]) -> _Computed:
        number = len(self.history.merges)
        model = self.model_at(number)
        words = compute.get("words") or list(self.corpus)
        figures = [Figure(f"tokens:{w}", tuple(t.value for t in model.tokenize(w)))
                   for w in words]
        view = self._view(number)
        view.text, view.trace_word = " ".join(words), words[0]
        return _Computed(figures, view)

    def _view(self, number: int) -> StepView:
        history = TrainingHistory(self.history.trainer, dict(self.history.options),
                                  list(self.history.merges[:number]))
        return StepView(self.corpus_text, _word_tokenizer(self.model_at(number)),
                        next(iter(self.corpus)), self.trace_kind, history)

    trace_kind = "bpe"


class _BpeEngine(_PairEngine):
    """HF's BPE trainer (:class:`~subword_core.trainers.BpeTrainer`) on the corpus."""

    @cached_property
    def trained(self) -> tuple[Any, TrainingHistory]:
        alphabet = len({c for w in self.corpus for c in w})
        size = alphabet + int(self.data.get("merges", 3))
        return BpeTrainer(vocab_size=size, show_progress=False).train(self.corpus)

    def model_at(self, number: int) -> BPE:
        tokens = [UNK] + self.initial + [m.token for m in self.history.merges[:number]]
        return BPE({t: i for i, t in enumerate(tokens)},
                   [m.pair for m in self.history.merges[:number]], unk_token=UNK)


class _WordPieceEngine(_PairEngine):
    """The likelihood WordPiece trainer: best ``count(ab) / (count(a) × count(b))`` first."""

    prefix = "##"
    trace_kind = "wordpiece"

    @cached_property
    def trained(self) -> tuple[Any, TrainingHistory]:
        # HF's alphabet: every character, plus the ## form of those seen inside a word
        alphabet = {c for w in self.corpus for c in w}
        inner = {"##" + c for w in self.corpus for c in w[1:]}
        size = len(alphabet) + len(inner) + int(self.data.get("merges", 3))
        return WordPieceTrainer(vocab_size=size, show_progress=False).train(self.corpus)

    def model_at(self, number: int) -> WordPiece:
        tokens = [UNK] + self.initial + [m.token for m in self.history.merges[:number]]
        return WordPiece({t: i for i, t in enumerate(tokens)}, unk_token=UNK)

    def table(self, number: int) -> list[Figure]:
        splits = self.splits_at(number)
        freq: Counter[str] = Counter()
        for word, symbols in splits.items():
            for s in symbols:
                freq[s] += self.corpus[word]
        counts = super().table(number)
        scores = []
        for f in counts:
            left, right = f.key.split(":")[1].split(" ")
            scores.append(Figure(_pair_key("score", (left, right)),
                                 Fraction(f.value, freq[left] * freq[right]),
                                 formula=f"{f.value}/({freq[left]}×{freq[right]})"))
        return [*(Figure(f"freq:{s}", n) for s, n in freq.items()), *counts, *scores]


class _UnigramEngine(_Engine):
    """The notes' Unigram model: every strict substring, P(token) = frequency / total."""

    @cached_property
    def frequencies(self) -> dict[str, int]:
        return substring_frequencies(self.corpus)

    @cached_property
    def total(self) -> int:
        return sum(self.frequencies.values())

    def prob(self, token: str) -> Fraction:
        return Fraction(self.frequencies[token], self.total)

    def model(self, without: str | None = None) -> Unigram:
        """The Unigram model of the notes (log-probabilities), ``without`` one token."""
        pieces = [("<unk>", 0.0)] + [(t, math.log(self.prob(t))) for t in self.frequencies
                                     if t != without]
        return Unigram(pieces, unk_id=0)

    def segmentation(self, model: Unigram, word: str) -> Figure:
        """The model's best path through ``word``'s lattice; equally likely paths as ties."""
        lattice = model.lattice(word)
        best = tuple(lattice.nodes[i].piece for i in lattice.best_path)
        exact = self._exact(best)
        tied = tuple(tuple(s.pieces) for s in model.nbest(word, 64)
                     if tuple(s.pieces) != best and self._exact(tuple(s.pieces)) == exact)
        return Figure(f"tokens:{word}", best, tied)

    def _exact(self, tokens: Sequence[str]) -> Fraction:
        product = Fraction(1)
        for t in tokens:
            product *= self.prob(t)
        return product

    def _formula(self, tokens: Sequence[str]) -> str:
        return " × ".join(f"{self.frequencies[t]}/{self.total}" for t in tokens)

    def _score(self, key: str, tokens: Sequence[str]) -> Figure:
        return Figure(key, self._exact(tokens), formula=self._formula(tokens))

    def op_vocab(self, compute: Mapping[str, Any]) -> _Computed:
        figures = [Figure("total", self.total)]
        figures += [Figure(f"freq:{t}", n) for t, n in self.frequencies.items()]
        figures += [Figure(f"prob:{t}", self.prob(t), formula=f"{n}/{self.total}")
                    for t, n in self.frequencies.items()]
        return _Computed(figures, self._view(self.corpus_text, next(iter(self.corpus))))

    def op_segmentations(self, compute: Mapping[str, Any]) -> _Computed:
        word = compute["word"]
        model = self.model()
        figures = [self.segmentation(model, word)]
        for s in model.nbest(word, 64):
            figures.append(self._score("segmentation:" + " ".join(s.pieces), s.pieces))
        return _Computed(figures, self._view(word, word))

    def op_viterbi(self, compute: Mapping[str, Any]) -> _Computed:
        word = compute["word"]
        model = self.model()
        figures = [self.segmentation(model, word)]
        for end in range(1, len(word) + 1):
            best = self.segmentation(model, word[:end])
            figures.append(Figure(f"best:{end - 1}", best.value, best.alternatives))
            figures.append(self._score(f"score:{end - 1}", best.value))
        return _Computed(figures, self._view(word, word))

    def _loss_figures(self, model: Unigram) -> tuple[list[Figure], float]:
        figures, loss = [], 0.0
        for word, count in self.corpus.items():
            seg = self.segmentation(model, word)
            figures += [seg, self._score(f"score:{word}", seg.value)]
            loss -= count * model.lattice(word).best_score
        return figures, loss

    @cached_property
    def loss(self) -> float:
        return self._loss_figures(self.model())[1]

    def op_loss(self, compute: Mapping[str, Any]) -> _Computed:
        figures, loss = self._loss_figures(self.model())
        return _Computed([Figure("loss", loss), *figures], self._view(self.corpus_text,
                                                                      next(iter(self.corpus))))

    def op_removal(self, compute: Mapping[str, Any]) -> _Computed:
        figures = []
        for token in self.frequencies:
            if len(token) > 1:  # the notes never remove a base character
                without = self._loss_figures(self.model(without=token))[1]
                figures.append(Figure(f"increase:{token}", without - self.loss))
        without = compute.get("without")
        view = self._view(self.corpus_text, next(iter(self.corpus)))
        if without:
            if without not in self.frequencies:
                raise SubwordError(f"{without!r} is not in the vocabulary")
            model = self.model(without=without)
            figures = self._loss_figures(model)[0] + figures
            view = StepView(self.corpus_text, _word_tokenizer(model), view.trace_word, "unigram")
        return _Computed(figures, view)

    def _view(self, text: str, word: str) -> StepView:
        return StepView(text, _word_tokenizer(self.model()), word, "unigram")


def substring_frequencies(word_counts: Mapping[str, int]) -> dict[str, int]:
    """Every strict substring of the words (a whole word only inside a longer one), with its
    corpus frequency: occurrences in each word times the word's count (the notes' vocabulary).

    Example:
        >>> substring_frequencies({"hug": 10, "hugs": 5})["hug"]
        15
    """
    tokens: dict[str, None] = {}
    longest = max(map(len, word_counts), default=0)
    for length in range(1, longest):  # shortest first, each in order of first appearance
        for word in word_counts:
            if length < len(word):
                for i in range(len(word) - length + 1):
                    tokens.setdefault(word[i:i + length])
    freq = {}
    for token in tokens:
        freq[token] = sum(n * _occurrences(w, token) for w, n in word_counts.items())
    return freq


def _occurrences(word: str, token: str) -> int:
    return sum(1 for i in range(len(word) - len(token) + 1) if word.startswith(token, i))


ENGINES: dict[str, type[_Engine]] = {
    "compression": _CompressionEngine,
    "sennrich": _SennrichEngine,
    "bpe": _BpeEngine,
    "wordpiece": _WordPieceEngine,
    "unigram": _UnigramEngine,
}

__all__ = [
    "Check",
    "Figure",
    "LANGUAGES",
    "Lesson",
    "LessonError",
    "LessonState",
    "StepResult",
    "StepView",
    "compare",
    "glued_bpe",
    "lessons_dir",
    "load_lesson",
    "load_lessons",
    "show_value",
    "substring_frequencies",
    "text_in",
]
