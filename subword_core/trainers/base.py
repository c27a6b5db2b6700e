"""What every trainer shares: the options, the generator protocol and its driver.

A trainer is a dataclass of options (HF/sentencepiece names, each field with
``metadata={"help": ..., "min": ...}`` so the GUI can build its form) and one
method, :meth:`TrainerBase.iter_train`, a generator that yields
:mod:`.events` and *returns* ``(model, history)``. :func:`drive` runs such a
generator to completion, handing each event to a callback; ``train`` is
``drive(iter_train(...))``.

Trainers take word counts (pre-tokenized, normalized words -> count), never raw
text: reading and counting a corpus is :mod:`subword_core.corpus`'s job.

Cancellation: the consumer stops iterating and calls ``gen.close()``. Trainers
build everything in locals and publish the model only at ``return``, so a
closed generator leaves nothing half-mutated.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from .._gc import paused_gc
from ..errors import TrainingError
from .events import TrainEvent
from .history import TrainingHistory

TrainResult = tuple[Any, TrainingHistory]
TrainGenerator = Generator[TrainEvent, None, TrainResult]
EventCallback = Callable[[TrainEvent], object]

#: Target maximum time between two yields, in seconds (keeps progress and cancel responsive).
PROGRESS_INTERVAL = 0.05


def drive(gen: Generator[TrainEvent, None, Any], on_event: EventCallback | None = None) -> Any:
    """Run a trainer generator to the end and return its return value.

    Args:
        gen: a generator from ``iter_train``.
        on_event: called with every event, in order; ``None`` ignores them.

    Returns:
        What the generator returned (for trainers, ``(model, history)``).
    """
    try:
        while True:
            event = next(gen)
            if on_event is not None:
                on_event(event)
    except StopIteration as stop:
        return stop.value
    finally:
        gen.close()


class Ticker:
    """Says when ``PROGRESS_INTERVAL`` has passed, so loops yield on a time budget.

    Call :meth:`due` every few hundred items; it reads the clock once per call.
    """

    __slots__ = ("_next", "interval")

    def __init__(self, interval: float = PROGRESS_INTERVAL) -> None:
        self.interval = interval
        self._next = time.perf_counter() + interval

    def due(self) -> bool:
        """True at most once per interval."""
        now = time.perf_counter()
        if now < self._next:
            return False
        self._next = now + self.interval
        return True


def option(default: Any = MISSING, *, help: str, min: float | None = None,
           default_factory: Any = MISSING, **extra: Any) -> Any:
    """A dataclass field with the ``help``/``min`` metadata the GUI form reads."""
    metadata = {"help": help, "min": min, **extra}
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(kw_only=True)
class TrainerBase:
    """Options shared by all trainers (HF ``tokenizers`` names and defaults).

    Subclasses add their own option fields and implement :meth:`iter_train`.
    """

    vocab_size: int = option(30000, help="Size of the final vocabulary, special tokens included.",
                             min=0)
    min_frequency: int = option(0, help="Minimum count for a pair (or piece) to be kept.", min=0)
    special_tokens: list[str] = option(default_factory=list,  # noqa: RUF009 (a field)
                                       help="Tokens added first to the vocabulary, in order.")
    limit_alphabet: int | None = option(None, help="Keep at most this many initial characters "
                                        "(the most frequent); None keeps all.", min=0)
    initial_alphabet: list[str] = option(default_factory=list,  # noqa: RUF009 (a field)
                                         help="Characters always in the alphabet, even if unseen.")
    show_progress: bool = option(True, help="Show a progress bar (CLI); events are always yielded.")

    def __setattr__(self, name: str, value: Any) -> None:
        # HF's trainers hold their special tokens as special AddedTokens, whether given as
        # str or AddedToken (`trainer.special_tokens == [AddedToken("[UNK]", special=True)]`).
        if name == "special_tokens":
            value = special_added_tokens(value)
        object.__setattr__(self, name, value)

    # -- protocol -------------------------------------------------------------------------
    def iter_train(self, word_counts: Mapping[str, int]) -> TrainGenerator:
        """Yield events while training; return ``(model, history)``."""
        raise NotImplementedError

    def train(self, word_counts: Mapping[str, int],
              on_event: EventCallback | None = None) -> TrainResult:
        """Train to completion; ``on_event`` sees every event. Returns ``(model, history)``."""
        return drive(self.iter_train(word_counts), on_event)

    # -- helpers for subclasses and the GUI ----------------------------------------------
    def options(self) -> dict[str, Any]:
        """The option values as a plain dict (stored in the history header)."""
        return {f.name: _copy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def option_specs(cls) -> list[dict[str, Any]]:
        """One dict per option: name, type (as written), default, help, min — for forms/docs."""
        specs = []
        for f in fields(cls):
            default = f.default_factory() if f.default_factory is not MISSING else f.default
            specs.append({"name": f.name, "type": f.type, "default": default,
                          **dict(f.metadata)})
        return specs

    def new_history(self) -> TrainingHistory:
        """An empty history stamped with this trainer's name and options."""
        return TrainingHistory(type(self).__name__, self.options())

    # -- HF's state: __getstate__ / __setstate__ ----------------------------------------
    def hf_state(self) -> dict[str, Any]:
        """HF's ``__getstate__`` object, ``{"BpeTrainer": {...}}`` (each trainer gives its own)."""
        raise NotImplementedError(f"{type(self).__name__} has no HF state")

    def __getstate__(self) -> bytes:
        """HF's state: :meth:`hf_state` as compact JSON bytes. (Pickling keeps every option,
        HF's or not: see ``__reduce_ex__``.)"""
        from ..serialization import dumps

        return dumps(self.hf_state()).encode("utf-8")

    def __setstate__(self, state: bytes | str | dict[str, Any]) -> None:
        """Take the options of HF's state (JSON bytes or text), or of our pickled state.

        Raises:
            TrainingError: the JSON is malformed or is another trainer's.
        """
        from ..serialization import unpickled_json

        if isinstance(state, dict):
            self.__dict__.update(state)
            return
        data = unpickled_json(self, state, TrainingError)
        options = _hf_options(data, self.hf_state())
        if options is None:
            raise TrainingError(f"Error while attempting to unpickle {type(self).__name__}: "
                                f"not its state")
        names = {f.name for f in fields(self)}
        for name, value in options.items():
            if name == "special_tokens" and isinstance(value, list):
                value = [_added_token(v) for v in value]
            if name in names:
                setattr(self, name, value)

    def __reduce_ex__(self, protocol: Any) -> tuple:
        # every attribute travels (our options beyond HF's too), not __getstate__'s JSON
        return (_new_trainer, (type(self),), dict(self.__dict__))

    def hf_special_tokens(self) -> list[dict[str, Any]]:
        """The special tokens as HF's trainer state writes them (one object per token)."""
        return [getattr(t, "to_dict", lambda t=t: {"content": str(t)})()
                for t in self.special_tokens]

    def hf_initial_alphabet(self) -> list[str]:
        """The initial alphabet as HF's trainer state writes it."""
        # HF keeps the first char of each string, as a set
        return list(dict.fromkeys(s[0] for s in self.initial_alphabet if s))

    def validate(self) -> None:
        """Check option values against their ``min`` metadata; raise TrainingError."""
        for f in fields(self):
            lo = f.metadata.get("min")
            value = getattr(self, f.name)
            if lo is not None and value is not None and value < lo:
                raise TrainingError(f"{f.name} must be >= {lo}, got {value!r}")
        contents = [getattr(t, "content", t) for t in self.special_tokens]  # str or AddedToken
        if any(not isinstance(t, str) or not t for t in contents):
            raise TrainingError("special_tokens must be non-empty strings (or AddedTokens)")
        if any(not isinstance(c, str) for c in self.initial_alphabet):
            raise TrainingError("initial_alphabet must hold strings")


def special_added_tokens(tokens: Any) -> Any:
    """``tokens`` as special AddedTokens (their options kept), as HF's trainers store them;
    anything else is left for :meth:`TrainerBase.validate` to report."""
    from ..added_tokens import AddedToken  # the trainers' foundation does not import it

    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, (list, tuple)):
        return tokens
    converted = []
    for token in tokens:
        if isinstance(token, str):
            token = AddedToken(token, special=True)
        elif isinstance(token, AddedToken):
            token.special = True  # HF marks the caller's token too; the trainer keeps a copy
            token = token.as_special()
        converted.append(token)
    return converted


def _new_trainer(cls: type) -> Any:
    """An empty trainer of ``cls`` for unpickling (its attributes come from the state)."""
    return cls.__new__(cls)


def _hf_options(data: Any, template: dict[str, Any]) -> dict[str, Any] | None:
    """The options object inside HF's state ``data``, shaped as ``template`` (our own state):
    ``{"BpeTrainer": {...}}`` or ``{"WordPieceTrainer": {"bpe_trainer": {...}}}``."""
    ((name, inner),) = template.items()
    options = data.get(name) if isinstance(data, dict) else None
    if not isinstance(options, dict):
        return None
    if set(inner) == {"bpe_trainer"}:
        options = options.get("bpe_trainer")
    return options if isinstance(options, dict) else None


def _added_token(value: Any) -> Any:
    from ..added_tokens import AddedToken  # the trainers' foundation does not import it

    if not isinstance(value, dict):
        return value
    return AddedToken(value.get("content", ""), bool(value.get("single_word", False)),
                      bool(value.get("lstrip", False)), bool(value.get("rstrip", False)),
                      value.get("normalized"), bool(value.get("special", True)))


def check_word_counts(word_counts: Mapping[str, int]) -> None:
    """Raise TrainingError unless ``word_counts`` maps strings to non-negative ints."""
    if not isinstance(word_counts, Mapping):
        raise TrainingError("word_counts must be a mapping of word -> count")
    # C-level passes (map/set/min): this runs before the first progress event
    if not all(issubclass(t, str) for t in set(map(type, word_counts))):
        raise TrainingError("word_counts keys must be strings")
    counts = word_counts.values()
    if not all(issubclass(t, int) for t in set(map(type, counts))):
        bad = next(c for c in counts if not isinstance(c, int))
        raise TrainingError(f"word counts must be integers, got {bad!r}")
    if counts and min(counts) < 0:
        raise TrainingError(f"word counts must be >= 0, got {min(counts)}")


def _copy(value: Any) -> Any:
    # lists are copied; AddedToken-like items become their content (JSON-able history)
    if isinstance(value, (list, tuple)):
        return [getattr(v, "content", v) for v in value]
    return value


__all__ = [
    "PROGRESS_INTERVAL",
    "EventCallback",
    "Ticker",
    "TrainGenerator",
    "TrainResult",
    "TrainerBase",
    "check_word_counts",
    "drive",
    "special_added_tokens",
    "option",
    "paused_gc",
]
