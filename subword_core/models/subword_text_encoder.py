r"""TensorFlow Datasets' ``SubwordTextEncoder``: greedy longest match with a byte fallback.

``tfds.deprecated.text.SubwordTextEncoder`` (from Tensor2Tensor's encoder) encodes text in
three steps, re-implemented here as three pipeline components:

1. :class:`SubwordTextSplit` (pre-tokenizer): cut out *reserved tokens* (every subword
   that mixes word and non-word characters, and the escape ``\&undsc``), then cut the
   rest into alternating runs of word characters (Python ``re``'s ``\w``: letters,
   digits, ``_``) and of other characters. A token followed by a token that is exactly
   one space takes that space along (TFDS appends ``_`` and drops the space).
2. :class:`SubwordTextEncoder` (model): escape each ``_`` as ``\&undsc``, write the taken
   space as a final ``_``, then from the left take the longest subword (at most the
   longest subword's length, and at least 7) or the escape; where nothing matches, one
   character. Ids: 0 is padding, subword ``i`` of the file is ``i + 1``, and the byte
   ``b`` is ``len(subwords) + 1 + b``. A character that is no subword becomes its UTF-8
   bytes, a lone ``_`` the byte of a space, the escape the byte of ``_``.
3. :class:`SubwordTextDecoder`: a subword ending in ``_`` gives its text and a space,
   runs of bytes are decoded as UTF-8 (invalid bytes as U+FFFD), padding is dropped.

Offsets map every token back to the characters it spells: the ``_`` of a taken space
covers that space, a part of an escape covers its ``_``, every byte of a character
covers the whole character.

The literal text ``\&undsc`` is encoded as TFDS does: as ``\&`` and ``undsc``, and a
single space after it both ends ``undsc`` (``undsc_``) and is encoded again on its own
(TFDS appends the ``_`` but keeps the space token): one piece here, its space covered by
two tokens.

Where this departs from TFDS: reserved tokens are matched longest first (TFDS tries them
in the order of a Python ``set``, which changes from run to run); decode skips padding
and unknown ids anywhere (TFDS drops trailing padding and raises on others).
Checked against a restatement of TFDS's code in tests/core/test_format_reference_tfds.py.

No HF ``tokenizers`` model does any of this, so none of the three components can be
written to ``tokenizer.json``: their ``to_dict`` raises :class:`TokenizerFileError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..components import Decoder, Model, PreTokenizer
from ..errors import TokenizerFileError
from ..text.normalized import NormalizedString, SplitDelimiterBehavior
from ..text.pretokenized import PreTokenizedString, Token
from ._vocab import CachedWords, WordCache, model_repr

ESCAPE = "\\&undsc"  # what "_" becomes inside a token (TFDS _UNDERSCORE_REPLACEMENT)
END_OF_WORD = "_"  # a final "_" stands for one space after the token
NUM_BYTES = 256
_CACHE_CAPACITY = 10000
_RUNS = re.compile(r"\w+|\W+")  # TFDS: re.split(r"(\W+)"), empty strings dropped
_WORD = re.compile(r"\w+")

Offsets = tuple[int, int]


def cannot_save() -> TokenizerFileError:
    """The error every component of this pipeline raises instead of writing JSON."""
    return TokenizerFileError(
        "cannot save as tokenizer.json: TFDS SubwordTextEncoder (its word splitting, greedy "
        "longest match and byte fallback) has no equivalent in HF tokenizers")


def is_mixed(token: str) -> bool:
    """Whether ``token`` holds both word and non-word characters (TFDS ``is_mixed_alphanum``)."""
    return len(_RUNS.findall(token)) > 1


def reserved_tokens(subwords: Iterable[str]) -> frozenset[str]:
    """The tokens TFDS cuts out of a text before splitting it: mixed subwords and the escape."""
    return frozenset(s for s in subwords if is_mixed(s)) | {ESCAPE}


# ---------------------------------------------------------------------- pre-tokenizer
class SubwordTextSplit(PreTokenizer):
    r"""TFDS ``SubwordTextEncoder``'s word splitting (see the module docstring).

    Args:
        reserved: tokens cut out whole, longest first where several start at one place.

    Example:
        >>> SubwordTextSplit({"<EOS>"}).pre_tokenize_str("Hi, you<EOS> x")
        [('Hi', (0, 2)), (', ', (2, 4)), ('you', (4, 7)), ('<EOS> ', (7, 13)), ('x', (13, 14))]
    """

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self.reserved = frozenset(reserved) | {ESCAPE}
        by_length = sorted(self.reserved, key=lambda t: (-len(t), t))
        self._reserved_re = re.compile("|".join(map(re.escape, by_length)))

    def spans(self, text: str) -> list[Offsets]:
        """The pieces of ``text`` as ``(start, end)``, covering it from end to end."""
        spans: list[Offsets] = []
        pos = 0
        for match in self._reserved_re.finditer(text):
            start, end = match.span()
            spans.extend(m.span() for m in _RUNS.finditer(text, pos, start))
            spans.append((start, end))  # a literal escape too: the model splits it
            pos = end
        spans.extend(m.span() for m in _RUNS.finditer(text, pos))
        return _take_single_spaces(text, spans)

    def pre_tokenize(self, pretokenized: PreTokenizedString) -> None:
        def split(_: int, normalized: NormalizedString) -> list[NormalizedString]:
            matches = [(span, True) for span in self.spans(normalized.normalized)]
            return normalized.split(matches, SplitDelimiterBehavior.ISOLATED)

        pretokenized.split(split)

    def fast_split(self, text: str) -> tuple[list[str], list[int]]:
        spans = self.spans(text)
        return [text[s:e] for s, e in spans], [s for s, _ in spans]

    def to_dict(self) -> dict[str, Any]:
        raise cannot_save()

    def __repr__(self) -> str:
        return f"SubwordTextSplit(<{len(self.reserved)} reserved tokens>)"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.reserved == self.reserved

    __hash__ = None  # type: ignore[assignment]


def _take_single_spaces(text: str, spans: list[Offsets]) -> list[Offsets]:
    """Each token that is exactly one space joins the token before it (if there is one)."""
    out: list[Offsets] = []
    for start, end in spans:
        if out and end - start == 1 and text[start] == " ":
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


# ---------------------------------------------------------------------- model
class SubwordTextEncoder(CachedWords, Model):
    r"""TFDS ``SubwordTextEncoder``'s encoding of one piece (see the module docstring).

    Args:
        subwords: the subwords in file order (empty ones are dropped, as TFDS does);
            a subword ending in ``_`` ends a word.

    Example:
        >>> model = SubwordTextEncoder(["hello_", "wor", "ld"])
        >>> [(t.id, t.value, t.offsets) for t in model.tokenize("hello ")]
        [(1, 'hello_', (0, 6))]
        >>> [(t.id, t.value) for t in model.tokenize("world!")]
        [(2, 'wor'), (3, 'ld'), (37, '<0x21>')]
    """

    def __init__(self, subwords: Iterable[str]) -> None:
        self.subwords = [s for s in subwords if s]
        n = len(self.subwords)
        # As TFDS: a repeated subword is encoded with its last id; both ids decode to it.
        self._subword_id = {s: i + 1 for i, s in enumerate(self.subwords)}
        self._max_length = max(len(ESCAPE), max(map(len, self.subwords), default=1))
        self.reserved = reserved_tokens(self.subwords)
        self.pad_token, byte_names = _free_names(set(self._subword_id))
        self._byte_names = byte_names
        self._byte_of_name = {name: b for b, name in enumerate(byte_names)}
        self._byte_base = n + 1
        self._cache = WordCache(_CACHE_CAPACITY)

    def __repr__(self) -> str:
        return model_repr("SubwordTextEncoder", self.get_vocab_size())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.subwords == self.subwords

    __hash__ = None  # type: ignore[assignment]

    # -- vocabulary ---------------------------------------------------------------------
    @property
    def byte_tokens(self) -> list[str]:
        """The names of the 256 byte tokens, by byte value (``<0x00>``...)."""
        return list(self._byte_names)

    def byte_id(self, byte: int) -> int:
        return self._byte_base + byte

    def token_to_id(self, token: str) -> int | None:
        found = self._subword_id.get(token)
        if found is not None:
            return found
        if token == self.pad_token:
            return 0
        byte = self._byte_of_name.get(token)
        return None if byte is None else self._byte_base + byte

    def id_to_token(self, id: int) -> str | None:
        if id == 0:
            return self.pad_token
        if 1 <= id < self._byte_base:
            return self.subwords[id - 1]
        if 0 <= id - self._byte_base < NUM_BYTES:
            return self._byte_names[id - self._byte_base]
        return None

    def get_vocab(self) -> dict[str, int]:
        vocab = {name: self._byte_base + b for b, name in enumerate(self._byte_names)}
        vocab[self.pad_token] = 0
        vocab.update(self._subword_id)
        return vocab

    def get_vocab_size(self) -> int:
        """TFDS's ``vocab_size``: padding, the subwords and the 256 bytes."""
        return 1 + len(self.subwords) + NUM_BYTES

    # -- encoding -----------------------------------------------------------------------
    def _tokenize(self, piece: str) -> list[Token]:
        """The tokens of one piece from :class:`SubwordTextSplit`, offsets into it (cached
        by :class:`CachedWords`)."""
        if piece == ESCAPE or (piece == ESCAPE + " " and piece not in self.reserved):
            return self._literal_escape(piece)
        escaped, owner = self.escaped(piece)
        tokens: list[Token] = []
        start, n = 0, len(escaped)
        while start < n:
            end = self._longest_match(escaped, start)
            subword = escaped[start:end]
            span = (owner[start], owner[end - 1] + 1)
            tokens.extend(Token(i, self.id_to_token(i) or "", span) for i in self._ids(subword))
            start = end
        return tokens

    def _literal_escape(self, piece: str) -> list[Token]:
        r"""The text ``\&undsc`` (and a single space after it) as TFDS encodes it: ``\&``,
        then ``undsc`` taking the space as its ``_``, then that space once more."""
        parts = [(0, self._tokenize("\\&")), (2, self._tokenize(piece[2:]))]
        if piece != ESCAPE:
            parts.append((len(ESCAPE), self._tokenize(" ")))
        return [Token(t.id, t.value, (t.offsets[0] + shift, t.offsets[1] + shift))
                for shift, tokens in parts for t in tokens]

    def escaped(self, piece: str) -> tuple[str, list[int]]:
        r"""The piece as TFDS matches it, and the index in ``piece`` of each of its chars.

        Example:
            >>> SubwordTextEncoder([]).escaped("a_b ")
            ('a\\&undscb_', [0, 1, 1, 1, 1, 1, 1, 1, 2, 3])
        """
        base, space = piece, False
        if piece not in self.reserved and len(piece) > 1 and piece[-1] == " ":
            head = piece[:-1]
            space = head in self.reserved or _WORD.fullmatch(head) is not None
            if space:
                base = head
        parts: list[str] = []
        owner: list[int] = []
        for i, char in enumerate(base):
            if char == "_":
                parts.append(ESCAPE)
                owner += [i] * len(ESCAPE)
            else:
                parts.append(char)
                owner.append(i)
        if space:
            parts.append(END_OF_WORD)
            owner.append(len(base))
        return "".join(parts), owner

    def _longest_match(self, escaped: str, start: int) -> int:
        """End of the longest subword (or escape) at ``start``; else just one character."""
        subword_id = self._subword_id
        for end in range(min(len(escaped), start + self._max_length), start, -1):
            candidate = escaped[start:end]
            if candidate in subword_id or candidate == ESCAPE:
                return end
        return start + 1

    def _ids(self, subword: str) -> list[int]:
        if subword == ESCAPE:  # checked first, as in TFDS: always the byte of "_"
            return [self._byte_base + ord("_")]
        found = self._subword_id.get(subword)
        if found is not None:
            return [found]
        if subword == END_OF_WORD:
            return [self._byte_base + ord(" ")]
        return [self._byte_base + b for b in subword.encode("utf-8", "surrogatepass")]

    def to_dict(self) -> dict[str, Any]:
        raise cannot_save()


def _free_names(subwords: set[str]) -> tuple[str, list[str]]:
    """Names for padding and the 256 bytes that no subword has (``<pad>``, ``<0x41>``...)."""
    pad, pattern = "<pad>", "<0x{:02X}>"
    while pad in subwords or any(pattern.format(b) in subwords for b in range(NUM_BYTES)):
        pad, pattern = f"<{pad}>", f"<{pattern}>"
    return pad, [pattern.format(b) for b in range(NUM_BYTES)]


# ---------------------------------------------------------------------- decoder
class SubwordTextDecoder(Decoder):
    """TFDS ``SubwordTextEncoder.decode`` on token strings (see the module docstring).

    Args:
        pad_token: dropped.
        byte_tokens: the 256 byte token names, by byte value.

    Example:
        >>> model = SubwordTextEncoder(["hello_", "wor", "ld"])
        >>> SubwordTextDecoder(model.pad_token, model.byte_tokens).decode(
        ...     ["hello_", "wor", "ld", "<0xC3>", "<0xA9>", "<0xC3>"])
        'hello worldé�'
    """

    def __init__(self, pad_token: str, byte_tokens: list[str]) -> None:
        self.pad_token = pad_token
        self.byte_tokens = list(byte_tokens)
        self._byte_of = {name: b for b, name in enumerate(self.byte_tokens)}

    def decode_chain(self, tokens: list[str]) -> list[str]:
        out: list[str] = []
        pending = bytearray()
        for token in tokens:
            byte = self._byte_of.get(token)
            if byte is not None:
                pending.append(byte)
                continue
            if token == self.pad_token:
                continue
            if pending:
                out.append(pending.decode("utf-8", "replace"))
                pending = bytearray()
            if token.endswith(END_OF_WORD):
                out += [token[:-1], " "]
            else:
                out.append(token)
        if pending:
            out.append(pending.decode("utf-8", "replace"))
        return out

    def to_dict(self) -> dict[str, Any]:
        raise cannot_save()

    def __repr__(self) -> str:
        return f"SubwordTextDecoder(pad_token={self.pad_token!r})"

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other.pad_token == self.pad_token
                and other.byte_tokens == self.byte_tokens)

    __hash__ = None  # type: ignore[assignment]


__all__ = ["ESCAPE", "SubwordTextDecoder", "SubwordTextEncoder", "SubwordTextSplit",
           "cannot_save", "is_mixed", "reserved_tokens"]
