"""Tokenizer: the pipeline normalizer → pre-tokenizer → model → post-processor, and back.

Encoding one text runs, as in HF ``tokenizers`` (``TokenizerImpl::encode``):

1. :class:`~subword_core.added_tokens.AddedVocabulary` cuts out added tokens, and
   normalizes the rest piece by piece;
2. the pre-tokenizer splits each piece into words;
3. the model turns each word into tokens, whose offsets are mapped back to the
   original text through the alignments;
4. truncation (leaving room for special tokens), then the post-processor (special
   tokens, type ids), then padding.

``decode`` maps ids back to token strings (dropping special tokens if asked) and
hands them to the decoder. ``explain`` exposes the intermediate stages for the app.
The Python API follows ``tokenizers.Tokenizer`` name for name.

Example:
    >>> from subword_core.models import WordLevel
    >>> from subword_core.pre_tokenizers import Whitespace
    >>> tok = Tokenizer(WordLevel({"hello": 0, "world": 1, "[UNK]": 2}, unk_token="[UNK]"))
    >>> tok.pre_tokenizer = Whitespace()
    >>> enc = tok.encode("hello big world")
    >>> enc.tokens, enc.offsets
    (['hello', '[UNK]', 'world'], [(0, 5), (6, 9), (10, 15)])
"""

from __future__ import annotations

import operator
import os
import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# Importing the component families registers every "type" name tokenizer.json may use.
from . import decoders, models, normalizers, pre_tokenizers, processors  # noqa: F401
from . import fastpath
from ._util.fileio import atomic_write_text
from ._util.gc import paused_gc
from ._util.hf_repr import Verbatim, hf_repr
from .models.digest_memo import IDENTITY, keep_digest, kept_digest
from .added_tokens import AddedToken, AddedVocabulary
from .components import (
    Decoder, Model, Normalizer, PostProcessor, PreTokenizer, component_from_dict,
)
from .encoding import Encoding, Offsets
from .errors import SubwordError, TokenizerFileError
from .text.packing import pack_offsets, pack_strings, unpack_offsets, unpack_strings
from .text.pretokenized import PreToken
from .serialization import (
    VERSION, decode_utf8, dumps, parse_added_tokens, parse_json, read_text,
)
from .truncation import PaddingParams, TruncationParams, pad_encodings, truncate_encodings

if TYPE_CHECKING:
    from .trainers.base import TrainerBase as Trainer
    from .trainers.events import TrainEvent
    from .trainers.history import TrainingHistory

_NO_LIMIT = 2**64  # subtle: HF subtracts special tokens from max_length in u64 and may wrap


@dataclass(frozen=True)
class Explanation:
    """Every stage of encoding one text, for display (see :meth:`Tokenizer.explain`).

    ``normalized`` is what the pre-tokenizer receives: added tokens cut out, each
    other piece normalized; ``alignments[i]`` is the original span of
    ``normalized[i]``. ``encoding.word_ids`` index ``pre_tokens``.

    A loaded (unpickled) explanation keeps ``alignments``, ``pre_tokens`` and ``encoding``
    packed until they are first read; :attr:`pre_token_count`, :meth:`pre_token` and
    :attr:`has_added_tokens` answer without unpacking them all (a view shows a screenful).
    """

    text: str
    normalized: str
    alignments: list[Offsets]
    pre_tokens: list[PreToken]
    encoding: Encoding

    def __reduce__(self) -> Any:
        # As Encoding: packed columns, not one object per character and pre-token, so
        # the window's process loads a 50,000-character explanation in a few ms.
        fields = self.__dict__
        packed = fields.get("_packed")
        if packed is None or "pre_tokens" in fields or "alignments" in fields:
            packed = (pack_offsets(self.alignments),
                      pack_strings([p.text for p in self.pre_tokens]),
                      pack_offsets(p.offsets for p in self.pre_tokens),
                      bytes(bool(p.added_token) for p in self.pre_tokens))
        # the model's encoding travels as a pickle of its own, loaded when first read:
        # the window's encoder sends the post-processed encoding beside it, and loading
        # both held the receiving thread's GIL twice as long
        encoding = fields.get("encoding")
        encoding = fields["_encoding"] if encoding is None else pickle.dumps(
            encoding, protocol=pickle.HIGHEST_PROTOCOL)
        return _explanation_from_packed, (self.text, self.normalized, *packed[:3], packed[3],
                                          encoding)

    def __getattr__(self, name: str) -> Any:
        # Only called for fields not set: those of a loaded explanation, unpacked on first read.
        fields = self.__dict__
        if name not in _PACKED_FIELDS or "_packed" not in fields:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        alignments, _, piece_offsets, added = fields["_packed"]
        if name == "encoding":
            value = pickle.loads(fields["_encoding"])
        elif name == "alignments":
            value = unpack_offsets(alignments)
        else:
            # subtle: PreToken is a frozen dataclass; its __init__ (object.__setattr__ per
            # field) would triple the load time, so instances get their fields directly.
            new, value = object.__new__, []
            for text_, offsets, flag in zip(self._piece_texts(), unpack_offsets(piece_offsets),
                                            added):
                piece = new(PreToken)
                piece.__dict__.update(text=text_, offsets=offsets, added_token=bool(flag))
                value.append(piece)
        return fields.setdefault(name, value)  # two threads may both unpack: one value wins

    def _piece_texts(self) -> list[str]:
        fields = self.__dict__
        texts = fields.get("_texts")
        if texts is None:
            _, piece_texts, _, added = fields["_packed"]
            texts = fields.setdefault("_texts", unpack_strings(piece_texts, len(added)))
        return texts

    @property
    def pre_token_count(self) -> int:
        """``len(pre_tokens)``, without unpacking them."""
        fields = self.__dict__
        return len(fields["pre_tokens"] if "pre_tokens" in fields else fields["_packed"][3])

    def pre_token(self, i: int) -> PreToken:
        """``pre_tokens[i]``, without unpacking the others."""
        fields = self.__dict__
        if "pre_tokens" in fields:
            return fields["pre_tokens"][i]
        _, _, piece_offsets, added = fields["_packed"]
        i = range(len(added))[i]  # negative indices and IndexError, as a list's
        return PreToken(self._piece_texts()[i], (piece_offsets[2 * i], piece_offsets[2 * i + 1]),
                        bool(added[i]))

    @property
    def has_added_tokens(self) -> bool:
        """Whether some pre-token is an added token matched whole (without unpacking them)."""
        fields = self.__dict__
        if "pre_tokens" in fields:
            return any(p.added_token for p in fields["pre_tokens"])
        return any(fields["_packed"][3])


_PACKED_FIELDS = frozenset(("alignments", "pre_tokens", "encoding"))


def _explanation_from_packed(text: str, normalized: str, alignments: Any, piece_texts: Any,
                             piece_offsets: Any, added: bytes, encoding: Any) -> Explanation:
    explanation = object.__new__(Explanation)
    fields = explanation.__dict__
    fields.update(text=text, normalized=normalized,
                  _packed=(alignments, piece_texts, piece_offsets, added))
    if isinstance(encoding, Encoding):
        fields["encoding"] = encoding
    else:
        fields["_encoding"] = encoding
    return explanation


async def _in_thread(function: Any, *args: Any) -> Any:
    """``await function(*args)`` in a worker thread (HF's async methods run on a pool)."""
    import asyncio  # here, not at the top: it costs ~10 MB and 50 ms for four methods

    return await asyncio.to_thread(function, *args)


class Tokenizer:
    """A full tokenization pipeline around a model (HF ``tokenizers.Tokenizer``).

    Args:
        model: The model that splits words into tokens (BPE, WordPiece, Unigram, ...).
    """

    def __init__(self, model: Model) -> None:
        self.model = model
        self._normalizer: Normalizer | None = None
        self._pre_tokenizer: PreTokenizer | None = None
        self._post_processor: PostProcessor | None = None
        self._decoder: Decoder | None = None
        self._added = AddedVocabulary()
        self._truncation: TruncationParams | None = None
        self._padding: PaddingParams | None = None
        #: Where the tokenizer was opened from (:class:`subword_core.formats.Source`), or None.
        self.source: Any = None
        #: What a ``tokenizer_config.json`` said beside it (special-token roles,
        #: ``model_max_length``...; :mod:`subword_core.formats.pretrained`), or None.
        self.pretrained: Any = None
        #: The :class:`~subword_core.trainers.TrainingHistory` of the last :meth:`train` or
        #: :meth:`train_from_iterator`, or None.
        self.last_training_history: TrainingHistory | None = None

    def __repr__(self) -> str:
        """HF's ``repr``: every field of ``tokenizer.json``, 99 items of a list at most."""
        return hf_repr(self._repr_fields())

    def __str__(self) -> str:
        """HF's ``str``: as ``repr``, lists cut after 5 items and strings after 100 bytes."""
        return hf_repr(self._repr_fields(), short=True)

    def _repr_fields(self) -> dict[str, Any]:
        fields = {"type": "Tokenizer"}  # printed as the struct's name
        fields.update(self.to_dict(printable=True))
        return fields

    # HF's pickling: the state is tokenizer.json, compact, as bytes.
    def shallow_copy(self) -> Tokenizer:
        """A new tokenizer sharing this one's model, components and added tokens.

        Setting the copy's truncation, padding, components or model leaves this one as it
        is (mutating a shared component in place does not). For views that encode one way
        without touching a tokenizer other panes and threads use. ``copy.copy`` is not that:
        like HF's, it rebuilds every part (from :meth:`__reduce_ex__`'s compact state, a
        fraction of a second for a large vocabulary, but not free).
        """
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    def __getstate__(self) -> bytes | dict[str, Any]:
        """The tokenizer's JSON as bytes (HF's state); a tokenizer with a component that
        has no JSON form (subword-nmt's vocabulary, TFDS) pickles its attributes instead."""
        try:
            return self.to_str().encode("utf-8")
        except SubwordError:
            return dict(self.__dict__)

    def __setstate__(self, state: bytes | str | dict[str, Any]) -> None:
        """Become the tokenizer of ``state`` (``__getstate__``'s JSON bytes or text)."""
        if isinstance(state, dict):
            self.__dict__.update(state)
            return
        text = state.decode("utf-8") if isinstance(state, (bytes, bytearray)) else state
        loaded = Tokenizer.from_str(text)
        self.__dict__.clear()
        self.__dict__.update(loaded.__dict__)

    def __reduce_ex__(self, protocol: Any) -> tuple:
        """Pickle and copy through a compact state, not :meth:`__getstate__`'s whole JSON.

        ``__getstate__`` stays HF's (``tokenizer.json`` as bytes), but writing and parsing
        that text took seconds for Llama 3, and a process sending a tokenizer to another
        (the app's worker pool) or ``copy.copy`` does not need it: the components travel
        as their small JSON objects, the added tokens as their list, and a model with a
        ``compact_state`` (BPE) as flat columns. As with HF, the copy shares nothing
        with the original; it also keeps ``source`` and ``pretrained``. A component
        without a JSON form travels as itself (a custom one cannot be pickled, as in HF).
        """
        extra = {k: v for k, v in self.__dict__.items() if k not in _PIPELINE_FIELDS}
        state = {
            "model": _component_state(self._model),
            **{kind: _component_state(getattr(self, f"_{kind}")) for kind in _COMPONENTS},
            "truncation": None if self._truncation is None else self._truncation.to_json(),
            "padding": None if self._padding is None else self._padding.to_json(),
            "added_tokens": self._added.to_list(),
            "extra": extra,
        }
        digest = kept_digest(self._model)
        if digest is not None and not digest.startswith(IDENTITY):
            # a copy's tables equal these: it need not hash them again (models/digest_memo)
            state["tables_digest"] = digest
        return _rebuild_tokenizer, (type(self), state)

    # ------------------------------------------------------------ components
    @property
    def model(self) -> Model:
        return self._model

    @model.setter
    def model(self, model: Model) -> None:
        self._model = _checked(model, Model, "model", optional=False)

    @property
    def normalizer(self) -> Normalizer | None:
        return self._normalizer

    @normalizer.setter
    def normalizer(self, normalizer: Normalizer | None) -> None:
        self._normalizer = _checked(normalizer, Normalizer, "normalizer")
        # Normalized added tokens are matched by their normalized form: recompute it.
        self._added.refresh_normalized_tokens(self._normalizer)

    @property
    def pre_tokenizer(self) -> PreTokenizer | None:
        return self._pre_tokenizer

    @pre_tokenizer.setter
    def pre_tokenizer(self, pre_tokenizer: PreTokenizer | None) -> None:
        self._pre_tokenizer = _checked(pre_tokenizer, PreTokenizer, "pre_tokenizer")

    @property
    def post_processor(self) -> PostProcessor | None:
        return self._post_processor

    @post_processor.setter
    def post_processor(self, post_processor: PostProcessor | None) -> None:
        self._post_processor = _checked(post_processor, PostProcessor, "post_processor")

    @property
    def decoder(self) -> Decoder | None:
        return self._decoder

    @decoder.setter
    def decoder(self, decoder: Decoder | None) -> None:
        self._decoder = _checked(decoder, Decoder, "decoder")

    @property
    def encode_special_tokens(self) -> bool:
        """When true, special added tokens are not matched: they are encoded as plain text."""
        return self._added.encode_special_tokens

    @encode_special_tokens.setter
    def encode_special_tokens(self, value: bool) -> None:
        self._added.encode_special_tokens = bool(value)

    @property
    def added_vocabulary(self) -> AddedVocabulary:
        """The added tokens and their matchers (read-only: add tokens with :meth:`add_tokens`)."""
        return self._added

    @property
    def encodes_with_pipeline(self) -> bool:
        """Whether ``encode`` is this class's pipeline (no subclass replaces ``encode`` or
        the text step), so that pieces cut by the components encode as ``encode`` would."""
        kind = type(self)
        return kind.encode is Tokenizer.encode and kind._encode_text is Tokenizer._encode_text

    # ------------------------------------------------------------ vocabulary
    def get_vocab(self, with_added_tokens: bool = True) -> dict[str, int]:
        vocab = dict(self._model.get_vocab())
        if with_added_tokens:
            vocab.update(self._added.get_vocab())
        return vocab

    def get_vocab_size(self, with_added_tokens: bool = True) -> int:
        size = self._model.get_vocab_size()
        if with_added_tokens:
            # An added token that already exists in the model is counted once.
            size += sum(1 for t in self._added.get_vocab() if self._model.token_to_id(t) is None)
        return size

    def token_to_id(self, token: str) -> int | None:
        return self._added.token_to_id(token, self._model)

    def id_to_token(self, id: int) -> str | None:
        token = self._added.simple_id_to_token(id)
        return token if token is not None else self._model.id_to_token(id)

    def add_tokens(self, tokens: Iterable[str | AddedToken]) -> int:
        """Add tokens (``normalized=True`` unless given as AddedToken); returns how many were new."""
        return self._added.add_tokens(
            [_added_token(t, special=False) for t in tokens], self._model, self._normalizer
        )

    def add_special_tokens(self, tokens: Iterable[str | AddedToken]) -> int:
        """Add special tokens: never split, never normalized unless asked, skippable in decode."""
        return self._added.add_tokens(
            [_added_token(t, special=True) for t in tokens], self._model, self._normalizer
        )

    def get_added_tokens_decoder(self) -> dict[int, AddedToken]:
        return self._added.get_added_tokens_decoder()

    # ------------------------------------------------------------ truncation / padding
    def enable_truncation(self, max_length: int, stride: int = 0,
                          strategy: str = "longest_first", direction: str = "right") -> None:
        """Truncate encodings to ``max_length`` tokens, special tokens included.

        Raises:
            ValueError: unknown strategy/direction, or a stride that leaves no room.
        """
        params = TruncationParams(max_length, stride, strategy, direction)
        n_added = self.num_special_tokens_to_add(False)
        if max_length >= n_added and max_length - n_added < stride:
            raise ValueError(
                f"tokenizer stride set to {stride}, which is greater than or equal to its "
                f"effective max length of {max_length - n_added} (= {max_length} original max "
                f"length - {n_added} added special tokens)"
            )
        self._truncation = params

    def no_truncation(self) -> None:
        self._truncation = None

    @property
    def truncation(self) -> dict[str, Any] | None:
        """``{"max_length", "stride", "strategy", "direction"}``, or None when disabled."""
        return None if self._truncation is None else self._truncation.as_dict()

    def enable_padding(self, direction: str = "right", pad_id: int = 0, pad_type_id: int = 0,
                       pad_token: str = "[PAD]", length: int | None = None,
                       pad_to_multiple_of: int | None = None) -> None:
        """Pad to ``length``, or to the longest encoding of each batch when ``length`` is None."""
        self._padding = PaddingParams(length, direction, pad_to_multiple_of, pad_id,
                                      pad_type_id, pad_token)

    def no_padding(self) -> None:
        self._padding = None

    @property
    def padding(self) -> dict[str, Any] | None:
        """``{"length", "pad_to_multiple_of", "pad_id", "pad_token", "pad_type_id", "direction"}``."""
        return None if self._padding is None else self._padding.as_dict()

    def num_special_tokens_to_add(self, is_pair: bool) -> int:
        return self._post_processor.added_tokens(is_pair) if self._post_processor else 0

    # ------------------------------------------------------------ encoding
    def encode(self, sequence: str | Sequence[str], pair: str | Sequence[str] | None = None,
               is_pretokenized: bool = False, add_special_tokens: bool = True) -> Encoding:
        """Encode a text (or a list of words if ``is_pretokenized``), optionally with a pair.

        Example:
            ``encode("A sentence", "and its pair")``,
            ``encode(["A", "pre", "tokenized", "sentence"], is_pretokenized=True)``.
        """
        if (pair is None and not is_pretokenized and type(sequence) is str
                and self._truncation is None and self._padding is None):
            # One text, as most callers encode: the post-processor laid out on the fast path.
            encoding = fastpath.encode_single(
                self._added, self._normalizer, self._pre_tokenizer, self._model,
                self._post_processor, sequence, add_special_tokens)
            if encoding is not None:
                return encoding
        first = self._encode_sequence(sequence, 0, is_pretokenized)
        second = None if pair is None else self._encode_sequence(pair, 1, is_pretokenized)
        return self._post_process(first, second, add_special_tokens)

    def encode_batch(self, input: Sequence[Any], is_pretokenized: bool = False,
                     add_special_tokens: bool = True) -> list[Encoding]:
        """Encode many inputs; each is a sequence or a ``(sequence, pair)`` tuple."""
        if isinstance(input, str):
            raise TypeError("encode_batch expects a list of inputs, not a str")
        encodings = []
        for item in input:
            sequence, pair = _split_batch_item(item, is_pretokenized)
            encodings.append(self.encode(sequence, pair, is_pretokenized, add_special_tokens))
        if self._padding is not None:
            pad_encodings(encodings, self._padding)  # batch padding: to the longest of all
        return encodings

    def encode_batch_fast(self, input: Sequence[Any], is_pretokenized: bool = False,
                          add_special_tokens: bool = True) -> list[Encoding]:
        """:meth:`encode_batch` without alignment, as HF's: the model's tokens come back
        with their ids only (token strings ``""``, offsets ``(0, 0)``, word ids None, type
        id 0); the post-processor's special tokens, truncation and padding are as usual."""
        if isinstance(input, str):
            raise TypeError("encode_batch_fast expects a list of inputs, not a str")
        encodings = []
        for item in input:
            sequence, pair = _split_batch_item(item, is_pretokenized)
            first = _ids_only(self._encode_sequence(sequence, 0, is_pretokenized))
            second = None if pair is None else _ids_only(
                self._encode_sequence(pair, 1, is_pretokenized))
            encodings.append(self._post_process(first, second, add_special_tokens))
        if self._padding is not None:
            pad_encodings(encodings, self._padding)
        return encodings

    # HF runs these on a thread pool and returns awaitables; here a worker thread keeps the
    # event loop free while encoding (the GIL serializes the work itself).
    async def async_encode(self, sequence: str | Sequence[str],
                           pair: str | Sequence[str] | None = None,
                           is_pretokenized: bool = False,
                           add_special_tokens: bool = True) -> Encoding:
        """:meth:`encode`, awaitable (``await tok.async_encode("text")``)."""
        return await _in_thread(self.encode, sequence, pair, is_pretokenized,
                                       add_special_tokens)

    async def async_encode_batch(self, input: Sequence[Any], is_pretokenized: bool = False,
                                 add_special_tokens: bool = True) -> list[Encoding]:
        """:meth:`encode_batch`, awaitable."""
        return await _in_thread(self.encode_batch, input, is_pretokenized,
                                       add_special_tokens)

    async def async_encode_batch_fast(self, input: Sequence[Any], is_pretokenized: bool = False,
                                      add_special_tokens: bool = True) -> list[Encoding]:
        """:meth:`encode_batch_fast`, awaitable."""
        return await _in_thread(self.encode_batch_fast, input, is_pretokenized,
                                       add_special_tokens)

    async def async_decode_batch(self, sequences: Sequence[Sequence[int]],
                                 skip_special_tokens: bool = True) -> list[str]:
        """:meth:`decode_batch`, awaitable."""
        return await _in_thread(self.decode_batch, sequences, skip_special_tokens)

    def _encode_sequence(self, sequence: Any, type_id: int, is_pretokenized: bool) -> Encoding:
        if not is_pretokenized:
            if not isinstance(sequence, str):
                raise TypeError("TextInputSequence must be str")
            return self._encode_text(str(sequence), type_id, None)  # numpy's str_ too
        if not _is_word_list(sequence):
            raise TypeError("PreTokenizedInputSequence must be Union[List[str], Tuple[str]]")
        # Each word is its own text: offsets are relative to the word, word id = its index.
        return Encoding.merge(
            self._encode_text(str(word), type_id, i) for i, word in enumerate(sequence)
        )

    def _encode_text(self, text: str, type_id: int, word_index: int | None,
                     stages: list | None = None) -> Encoding:
        encoding = fastpath.encode_text(self._added, self._normalizer, self._pre_tokenizer,
                                        self._model, text, type_id, word_index, stages)
        if encoding is not None:
            return encoding
        pretokenized = self._added.extract_and_normalize(self._normalizer, text)
        if stages is not None:
            stages.append(_normalized_view(pretokenized))
        if self._pre_tokenizer is not None:
            self._pre_tokenizer.pre_tokenize(pretokenized)
        if stages is not None:
            stages.append([
                PreToken(s.normalized.normalized, s.normalized.offsets_original(),
                         s.tokens is not None)
                for s in pretokenized.splits
            ])
        pretokenized.tokenize(self._model.tokenize)
        return pretokenized.into_encoding(word_index, type_id)

    def post_process(self, encoding: Encoding, pair: Encoding | None = None,
                     add_special_tokens: bool = True) -> Encoding:
        """Truncate, add special tokens and pad, as ``encode`` does (inputs are not modified)."""
        return self._post_process(encoding.copy(), None if pair is None else pair.copy(),
                                  add_special_tokens)

    def _post_process(self, encoding: Encoding, pair: Encoding | None,
                      add_special_tokens: bool) -> Encoding:
        # 1. truncate, leaving room for the special tokens the post-processor will add
        if self._truncation is not None:
            params = self._truncation
            n_added = self.num_special_tokens_to_add(pair is not None)
            if add_special_tokens and n_added:
                limit = params.max_length - n_added
                if limit < 0:
                    limit += _NO_LIMIT  # HF's unsigned subtraction wraps: no truncation
                params = TruncationParams(limit, params.stride, params.strategy,
                                          params.direction)
            encoding, pair = truncate_encodings(encoding, pair, params)
        # 2. special tokens, type ids, sequence ids
        if self._post_processor is not None:
            final = self._post_processor.process(encoding, pair, add_special_tokens)
        elif pair is None:
            final = encoding
        else:
            encoding.set_sequence_id(0)
            pair.set_sequence_id(1)
            final = Encoding.merge([encoding, pair])
        # 3. pad
        if self._padding is not None:
            pad_encodings([final], self._padding)
        return final

    # ------------------------------------------------------------ decoding
    def decode(self, ids: Sequence[int], skip_special_tokens: bool = True) -> str:
        """Turn ids back into text; unknown ids are ignored, as in HF."""
        tokens = []
        for id_ in ids:
            id_ = _token_id(id_)
            token = self.id_to_token(id_)
            if token is None or (skip_special_tokens and self._added.is_special_token(token)):
                continue
            tokens.append(token)
        if self._decoder is not None:
            return self._decoder.decode(tokens)
        return " ".join(tokens)

    def decode_batch(self, sequences: Sequence[Sequence[int]],
                     skip_special_tokens: bool = True) -> list[str]:
        return [self.decode(ids, skip_special_tokens) for ids in sequences]

    # ------------------------------------------------------------ explaining
    def explain(self, text: str) -> Explanation:
        """Encode ``text`` and keep every intermediate stage (for the pipeline view).

        Example:
            ``tok.explain("Héllo").pre_tokens`` lists the words the model saw, each
            with its span in ``"Héllo"``.
        """
        if not isinstance(text, str):
            raise TypeError("TextInputSequence must be str")
        stages: list = []
        encoding = self._post_process(self._encode_text(text, 0, None, stages), None, True)
        (normalized, alignments), pre_tokens = stages
        return Explanation(text, normalized, alignments, pre_tokens, encoding)

    def train(self, files: Sequence[str | os.PathLike] | str | os.PathLike,
              trainer: Trainer | None = None, *,
              on_event: Callable[[TrainEvent], object] | None = None) -> None:
        """Train the model in place on text files (HF ``Tokenizer.train``).

        Every file is plain text, one line (line ending included) a sequence; each goes
        through the added tokens, normalizer and pre-tokenizer, the words are counted,
        ``trainer`` learns the vocabulary into :attr:`model`, and its special tokens are
        added. See :mod:`subword_core.training.hf_api` for what carries over.

        Args:
            files: paths (a single path is accepted too).
            trainer: a :mod:`subword_core.trainers` trainer of the model's type; None uses
                the model type's default trainer with HF's options (``model.get_trainer()``).
            on_event: sees every progress event (:mod:`subword_core.trainers.events`).

        Example:
            ``tok = Tokenizer(BPE(unk_token="[UNK]")); tok.pre_tokenizer = Whitespace();
            tok.train(["a.txt"], BpeTrainer(vocab_size=1000, special_tokens=["[UNK]"]))``;
            the merges' story is then ``tok.last_training_history``.

        Raises:
            TrainingError: a trainer for another model type, or bad options;
            CorpusError: a missing file, or no text.
        """
        from .training import hf_api as _hf_training  # training code loads only when training

        _hf_training.train(self, lambda: _hf_training.file_corpus(files), trainer, on_event)

    def train_from_iterator(self, iterator: Iterable[str | Iterable[str]],
                            trainer: Trainer | None = None, length: int | None = None, *,
                            on_event: Callable[[TrainEvent], object] | None = None) -> None:
        """Train the model in place on texts (HF ``Tokenizer.train_from_iterator``).

        Args:
            iterator: sequences, or batches (lists, tuples, any iterable) of sequences.
            trainer: as in :meth:`train`.
            length: the number of sequences, for HF's progress bar; unused here.
            on_event: sees every progress event.

        Example:
            ``tok.train_from_iterator((batch["text"] for batch in batches), trainer)``.

        Raises:
            TrainingError, CorpusError: as :meth:`train`; TypeError: an item that is neither
            a string nor a batch of strings.
        """
        from .training import hf_api as _hf_training
        from .corpus import Corpus

        _hf_training.train(self, lambda: Corpus(texts=_hf_training.sequences(iterator)),
                           trainer, on_event)

    def train_new_from_iterator(self, texts: Iterable[str | Sequence[str]], vocab_size: int, *,
                                length: int | None = None,
                                new_special_tokens: Iterable[str | AddedToken] | None = None,
                                min_frequency: int | None = None,
                                special_tokens_map: dict[str, str] | None = None,
                                **trainer_options: Any) -> tuple[Tokenizer, TrainingHistory]:
        """A tokenizer with this pipeline, trained on ``texts`` (``transformers``' method).

        Same normalizer, pre-tokenizer, decoder, special tokens and post-processor
        (special ids remapped); a new model of the same type (BPE, WordPiece, Unigram).
        See :func:`subword_core.training.presets.preset_like` for what carries over.

        Args:
            texts: documents, or batches (lists) of documents.
            vocab_size: size of the new vocabulary, special tokens included.
            length: the number of texts; only for progress in transformers, unused here.
            new_special_tokens, min_frequency, special_tokens_map, **trainer_options:
                see :func:`~subword_core.training.presets.preset_like`.

        Returns:
            ``(tokenizer, history)``: the new tokenizer and its
            :class:`~subword_core.trainers.TrainingHistory`.

        Raises:
            TrainingError: a model type with no trainer, a bad option or size;
            CorpusError: no text.
        """
        # imported here: presets imports this module, and encoding needs no training code
        from .corpus import Corpus, count_words
        from .training.presets import preset_like

        preset = preset_like(self, vocab_size, new_special_tokens=new_special_tokens,
                             min_frequency=min_frequency, special_tokens_map=special_tokens_map,
                             **trainer_options)
        # HF takes strings or batches of strings; a batch is a list or tuple
        documents = (doc for item in texts
                     for doc in (item if isinstance(item, (list, tuple)) else (item,)))
        counts, _ = count_words(Corpus(texts=documents), preset.normalizer, preset.pre_tokenizer)
        model, history = preset.trainer.train(counts)
        return preset.finish(model), history

    # ------------------------------------------------------------ serialization
    def to_dict(self, printable: bool = False) -> dict[str, Any]:
        """The ``tokenizer.json`` object, keys in HF's order.

        With ``printable``, a component with no JSON form (a Python one, from
        ``Normalizer.custom``...) stands as its ``repr`` instead of raising.
        """
        def part(component):
            if component is None:
                return None
            if not printable:
                return component.to_dict()
            try:
                return component.to_dict()
            except SubwordError:
                return Verbatim(repr(component))

        return {
            "version": VERSION,
            "truncation": None if self._truncation is None else self._truncation.to_json(),
            "padding": None if self._padding is None else self._padding.to_json(),
            "added_tokens": self._added.to_list(),
            "normalizer": part(self._normalizer),
            "pre_tokenizer": part(self._pre_tokenizer),
            "post_processor": part(self._post_processor),
            "decoder": part(self._decoder),
            "model": part(self._model),
        }

    def to_str(self, pretty: bool = False) -> str:
        return dumps(self.to_dict(), pretty)

    def save(self, path: str | os.PathLike, pretty: bool = True) -> None:
        """Write ``tokenizer.json`` atomically (the old file survives any failure)."""
        try:
            atomic_write_text(path, self.to_str(pretty))
        except OSError as exc:
            raise TokenizerFileError(
                f"cannot write {os.fspath(path)}: {exc.strerror or exc}"
            ) from None

    def save_pretrained(self, folder: str | os.PathLike) -> list:
        """Write a folder ``transformers.AutoTokenizer.from_pretrained`` loads: ``tokenizer.json``,
        ``tokenizer_config.json``, ``special_tokens_map.json`` (see
        :func:`subword_core.formats.pretrained.save_pretrained`); returns their paths."""
        from .formats.pretrained import save_pretrained

        return save_pretrained(self, folder)

    @classmethod
    def from_str(cls, json: str) -> Tokenizer:
        """Load a tokenizer from ``tokenizer.json`` text.

        Raises:
            TokenizerFileError: malformed JSON, a wrong shape or an unknown component type.
        """
        with paused_gc():
            data = parse_json(json)
            try:
                tokenizer = cls._from_parts(data)
            except RecursionError:
                raise TokenizerFileError("tokenizer.json is nested too deeply") from None
            del data  # the parsed JSON goes while the collector is paused: nothing to scan
        return tokenizer

    @classmethod
    def from_file(cls, path: str | os.PathLike) -> Tokenizer:
        return cls.from_str(read_text(path))

    @classmethod
    def from_buffer(cls, buffer: bytes) -> Tokenizer:
        return cls.from_str(decode_utf8(bytes(buffer)))

    @classmethod
    def from_pretrained(cls, identifier: str | os.PathLike, revision: str = "main",
                        token: str | None = None) -> Tokenizer:
        """A tokenizer from a local model folder or file (HF's hub loader, offline).

        ``identifier`` is opened with :func:`subword_core.formats.open_tokenizer`
        (``tokenizer.json``, a model folder, a SentencePiece ``.model``...). ``revision``
        and ``token`` only matter on the hub, which this library never contacts.

        Raises:
            TokenizerFileError: ``identifier`` is not an existing path (a hub name such as
                ``"bert-base-uncased"``), or the files cannot be read.
        """
        from .formats import open_tokenizer

        if not os.path.exists(identifier):
            raise TokenizerFileError(
                f"{os.fspath(identifier)!r} is not a local file or folder: from_pretrained "
                "works offline only; download the model's tokenizer.json (or its folder) and "
                "pass that path")
        return open_tokenizer(identifier)

    @classmethod
    def from_parsed(cls, data: dict[str, Any]) -> Tokenizer:
        """A tokenizer from the object of a ``tokenizer.json`` already parsed and checked
        (:func:`subword_core.serialization.parse_json`'s checks), for other JSON readers."""
        return cls._from_parts(data)

    @classmethod
    def _from_parts(cls, data: dict[str, Any]) -> Tokenizer:
        tokenizer = cls(component_from_dict("model", data["model"]))
        tokenizer.normalizer = component_from_dict("normalizer", data.get("normalizer"))
        tokenizer.pre_tokenizer = component_from_dict("pre_tokenizer", data.get("pre_tokenizer"))
        tokenizer.post_processor = component_from_dict("post_processor",
                                                       data.get("post_processor"))
        tokenizer.decoder = component_from_dict("decoder", data.get("decoder"))
        tokenizer._truncation = _read_params(TruncationParams, data.get("truncation"),
                                             "truncation")
        tokenizer._padding = _read_params(PaddingParams, data.get("padding"), "padding")
        # As in HF, added tokens are re-added: the ids in the file are not trusted.
        tokenizer._added.add_tokens(parse_added_tokens(data.get("added_tokens", [])),
                                    tokenizer._model, tokenizer._normalizer)
        return tokenizer


# ---------------------------------------------------------------- compact pickling
_COMPONENTS = ("normalizer", "pre_tokenizer", "post_processor", "decoder")
#: The pipeline's attributes, rebuilt by _rebuild_tokenizer; any other travels as it is.
_PIPELINE_FIELDS = frozenset(("_model", "_added", "_truncation", "_padding")) | frozenset(
    f"_{kind}" for kind in _COMPONENTS)


def _component_state(component: Any) -> tuple | None:
    """How a pipeline part travels: flat columns, its JSON object, or itself."""
    if component is None:
        return None
    compact = getattr(component, "compact_state", None)
    if compact is not None:
        return ("compact", type(component), compact())
    try:
        return ("json", component.to_dict())
    except SubwordError:  # no JSON form (subword-nmt, TFDS, custom components)
        return ("object", component)


def _component_from_state(kind: str, state: tuple | None) -> Any:
    if state is None:
        return None
    how, *rest = state
    if how == "compact":
        cls, data = rest
        return cls.from_compact_state(data)
    if how == "json":
        return component_from_dict(kind, rest[0])
    return rest[0]


def _rebuild_tokenizer(cls: type, state: dict[str, Any]) -> Tokenizer:
    """The tokenizer of a :meth:`Tokenizer.__reduce_ex__` state (the order of ``_from_parts``)."""
    with paused_gc():  # as from_str: a collection amid the new tables would walk them all
        return _rebuild_parts(cls, state)


def _rebuild_parts(cls: type, state: dict[str, Any]) -> Tokenizer:
    tokenizer = cls.__new__(cls)
    Tokenizer.__init__(tokenizer, _component_from_state("model", state["model"]))
    for kind in _COMPONENTS:
        setattr(tokenizer, kind, _component_from_state(kind, state[kind]))
    tokenizer._truncation = _read_params(TruncationParams, state["truncation"], "truncation")
    tokenizer._padding = _read_params(PaddingParams, state["padding"], "padding")
    tokenizer._added.add_tokens(parse_added_tokens(state["added_tokens"]), tokenizer._model,
                                tokenizer._normalizer)
    tokenizer.__dict__.update(state["extra"])
    if state.get("tables_digest"):
        keep_digest(tokenizer._model, state["tables_digest"])
    return tokenizer


# ---------------------------------------------------------------- helpers
def _checked(component: Any, kind: type, name: str, optional: bool = True) -> Any:
    if component is None and optional:
        return None
    if not isinstance(component, kind):
        raise TypeError(f"{name} must be a {kind.__name__}, got {type(component).__name__}")
    return component


def _added_token(token: str | AddedToken, special: bool) -> AddedToken:
    if isinstance(token, str):
        return AddedToken(token, special=special)
    if not isinstance(token, AddedToken):
        raise TypeError("Input must be a List[Union[str, AddedToken]]")
    if special:
        # HF marks the caller's token itself special (an unset `normalized` then reads False);
        # the vocabulary keeps its own copy.
        token.special = True
    return token


def _token_id(value: Any) -> int:
    # Like HF's u32 conversion: any integer-like (numpy ints too), never negative.
    if isinstance(value, bool):
        raise TypeError(f"token ids must be integers, got {value!r}")
    try:
        id_ = operator.index(value)
    except TypeError:
        raise TypeError(f"token ids must be integers, got {value!r}") from None
    if id_ < 0:
        raise ValueError(f"token ids must be non-negative, got {id_}")
    return id_


def _ids_only(encoding: Encoding) -> Encoding:
    """HF's encoding without offsets (``OffsetType::None``): ids kept, nothing else."""
    return Encoding.from_rows((id_, "", (0, 0), None, 0) for id_ in encoding.ids)


def _is_word_list(value: Any) -> bool:
    """A pre-tokenized sequence: a list or tuple of str, or a 1-D numpy array of them."""
    if not (isinstance(value, (list, tuple)) or _numpy_ndim(value) == 1):
        return False
    return all(isinstance(w, str) for w in value)


def _numpy_ndim(value: Any) -> int | None:
    # numpy arrays are recognised without importing numpy (not a dependency here)
    if type(value).__module__ != "numpy":
        return None
    ndim = getattr(value, "ndim", None)
    return ndim if isinstance(ndim, int) else None


def _is_list_like(value: Any) -> bool:
    """What HF extracts as a Python sequence (``Vec``): never a str, any list-like else."""
    if isinstance(value, (str, bytes)):
        return False
    return isinstance(value, (list, tuple, Sequence)) or bool(_numpy_ndim(value))


def _split_batch_item(item: Any, is_pretokenized: bool) -> tuple[Any, Any]:
    """A batch item is one sequence or a pair of them (HF's EncodeInput rules; rows of a
    numpy array too)."""
    is_sequence = _is_word_list if is_pretokenized else (lambda v: isinstance(v, str))
    if is_sequence(item):
        return item, None
    if _is_list_like(item) and len(item) == 2 and all(map(is_sequence, item)):
        return item[0], item[1]
    kind = "PreTokenizedEncodeInput" if is_pretokenized else "TextEncodeInput"
    raise TypeError(f"{kind} must be a sequence or a (sequence, pair) tuple")


def _read_params(kind: type, data: Any, name: str):
    if data is None:
        return None
    try:
        return kind.from_json(data)
    except KeyError as exc:
        raise TokenizerFileError(f"{name} has no {exc} field") from None
    except (TypeError, ValueError) as exc:
        raise TokenizerFileError(f"invalid {name}: {exc}") from None


def _normalized_view(pretokenized) -> tuple[str, list[Offsets]]:
    """The normalized text the pre-tokenizer receives, with original spans per char."""
    chars: list[str] = []
    alignments: list[Offsets] = []
    for split in pretokenized.splits:
        n = split.normalized
        shift = n.original_shift
        chars.append(n.normalized)
        alignments.extend((shift + s, shift + e) for s, e in n.alignments)
    return "".join(chars), alignments


__all__ = ["Explanation", "PreToken", "Tokenizer"]
