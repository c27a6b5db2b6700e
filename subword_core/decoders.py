"""Decoders: turn a list of token strings back into text (HF ``tokenizers.decoders``).

Each decoder implements ``decode_chain(tokens) -> tokens``, HF's contract: it maps a
list of strings to a new list, so decoders compose in a :class:`Sequence` (e.g.
``Replace`` then ``ByteFallback`` then ``Fuse`` then ``Strip`` for Llama).
``decode`` joins the final list. Inputs are never modified.

Example:
    >>> Sequence([Replace("▁", " "), ByteFallback(), Fuse(), Strip(" ", 1, 0)]).decode(
    ...     ["▁Hi", "<0x21>"])
    'Hi!'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from functools import partial
from itertools import groupby
from typing import Any

from .components import Decoder, MemberList, OneChar, components_from_list, register
from .errors import DecodingError, TokenizerFileError
from .text import onig
from .text.gpt2_bytes import bytes_to_unicode

# str.translate table: byte-level char -> the Latin-1 char of its byte. Latin-1 chars that
# are NOT byte-level chars map above U+00FF so that encoding to Latin-1 fails on them.
_TO_LATIN1 = {ord(c): chr(b) for b, c in bytes_to_unicode().items()}
_TO_LATIN1.update({b: "\uffff" for b in range(256) if b not in _TO_LATIN1})


@register("decoder")
class ByteLevel(Decoder):
    """Map GPT-2's byte characters back to bytes and decode them as UTF-8 (lossy).

    Only ``decode_chain`` matters; the three options exist because HF writes them.

    Example:
        >>> ByteLevel().decode(["Hello", "Ġw", "Ã©"])
        'Hello wé'
    """

    def __init__(self, add_prefix_space: bool = True, trim_offsets: bool = True,
                 use_regex: bool = True, **_ignored: Any) -> None:
        # **_ignored: HF's `type` and unknown keys (``ByteLevel(**json_state)``)
        self.add_prefix_space = add_prefix_space
        self.trim_offsets = trim_offsets
        self.use_regex = use_regex

    def decode_chain(self, tokens: list[str]) -> list[str]:
        try:  # fast path: every character is a byte-level character
            data = "".join(tokens).translate(_TO_LATIN1).encode("latin-1")
        except UnicodeEncodeError:
            data = b"".join(_token_bytes(t) for t in tokens)
        return [data.decode("utf-8", errors="replace")]

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "ByteLevel",
            "add_prefix_space": self.add_prefix_space,
            "trim_offsets": self.trim_offsets,
            "use_regex": self.use_regex,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ByteLevel:
        return cls(
            bool(data.get("add_prefix_space", True)),
            bool(data.get("trim_offsets", True)),
            bool(data.get("use_regex", True)),
        )


def _token_bytes(token: str) -> bytes:
    # A token with any non byte-level character is taken as plain UTF-8 text, as in HF.
    try:
        return token.translate(_TO_LATIN1).encode("latin-1")
    except UnicodeEncodeError:
        return token.encode("utf-8", errors="surrogatepass")


def cleanup(text: str) -> str:
    """Undo BERT-style spacing around punctuation and English contractions (HF order)."""
    for dirty, clean in _CLEANUP:
        text = text.replace(dirty, clean)
    return text


_CLEANUP = (
    (" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
    (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re"),
)


@register("decoder")
class WordPiece(Decoder):
    """Glue ``prefix`` pieces to the previous token; put a space before the others.

    Example:
        >>> WordPiece().decode(["un", "##aff", "##able", "!"])
        'unaffable!'
    """

    def __init__(self, prefix: str = "##", cleanup: bool = True) -> None:
        self.prefix = prefix
        self.cleanup = cleanup

    def decode_chain(self, tokens: list[str]) -> list[str]:
        result = []
        for i, token in enumerate(tokens):
            if i:
                token = token[len(self.prefix):] if token.startswith(self.prefix) else " " + token
            result.append(cleanup(token) if self.cleanup else token)
        return result

    def to_dict(self) -> dict[str, Any]:
        return {"type": "WordPiece", "prefix": self.prefix, "cleanup": self.cleanup}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WordPiece:
        return cls(str(data.get("prefix", "##")), bool(data.get("cleanup", True)))


_PREPEND_SCHEMES = ("always", "never", "first")


@register("decoder")
class Metaspace(Decoder):
    """Turn ``replacement`` back into spaces; in the first token it is dropped instead.

    Example:
        >>> Metaspace().decode(["▁Hello", "▁world"])
        'Hello world'
    """

    replacement = OneChar()

    def __init__(self, replacement: str = "▁", prepend_scheme: str = "always", split: bool = True):
        self.replacement = replacement
        if prepend_scheme not in _PREPEND_SCHEMES:
            raise ValueError(f"Metaspace prepend_scheme must be one of {_PREPEND_SCHEMES}")
        self.prepend_scheme = prepend_scheme
        self.split = split

    def decode_chain(self, tokens: list[str]) -> list[str]:
        result = []
        for i, token in enumerate(tokens):
            # subtle: HF drops *every* replacement char of the first token, not just a leading one.
            drop = i == 0 and self.prepend_scheme != "never"
            result.append(token.replace(self.replacement, "" if drop else " "))
        return result

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "Metaspace",
            "replacement": self.replacement,
            "prepend_scheme": self.prepend_scheme,
            "split": self.split,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Metaspace:
        """Also reads the legacy ``add_prefix_space`` field (false means "never")."""
        scheme = data.get("prepend_scheme", "always")
        if data.get("add_prefix_space") is False:
            if "prepend_scheme" in data and scheme != "never":
                raise TokenizerFileError("Metaspace add_prefix_space does not match prepend_scheme")
            scheme = "never"
        return cls(data.get("replacement", "▁"), scheme, bool(data.get("split", True)))


@register("decoder")
class BPEDecoder(Decoder):
    """Replace the end-of-word ``suffix`` by a space (by nothing in the last token).

    Example:
        >>> BPEDecoder().decode(["hel", "lo</w>", "world</w>"])
        'hello world'
    """

    def __init__(self, suffix: str = "</w>") -> None:
        self.suffix = suffix

    def decode_chain(self, tokens: list[str]) -> list[str]:
        last = len(tokens) - 1
        return [t.replace(self.suffix, "" if i == last else " ") for i, t in enumerate(tokens)]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "BPEDecoder", "suffix": self.suffix}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BPEDecoder:
        return cls(str(data.get("suffix", "</w>")))


@register("decoder")
class ByteFallback(Decoder):
    """Turn runs of ``<0xNN>`` tokens into text; an invalid run gives one "�" per byte.

    Example:
        >>> ByteFallback().decode(["a", "<0xC3>", "<0xA9>", "b", "<0xFF>"])
        'aéb�'
    """

    def decode_chain(self, tokens: list[str]) -> list[str]:
        result: list[str] = []
        pending = bytearray()
        for token in tokens:
            byte = _byte_token(token)
            if byte is not None:
                pending.append(byte)
                continue
            _flush_bytes(pending, result)
            result.append(token)
        _flush_bytes(pending, result)
        return result

    def to_dict(self) -> dict[str, Any]:
        return {"type": "ByteFallback"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ByteFallback:
        return cls()


_HEX = frozenset("0123456789abcdefABCDEF")


def _byte_token(token: str) -> int | None:
    # HF: 6 UTF-8 bytes, "<0x" .. ">", and Rust's u8::from_str_radix(.., 16) on the middle,
    # which also accepts a "+" sign ("<0x+A>" is byte 10).
    if len(token) != 6 or not token.startswith("<0x") or not token.endswith(">"):
        return None
    digits = token[3:5]
    if digits[0] == "+":
        digits = digits[1:]
    if not all(c in _HEX for c in digits):
        return None
    return int(digits, 16)


def _flush_bytes(pending: bytearray, result: list[str]) -> None:
    if not pending:
        return
    try:
        result.append(pending.decode("utf-8"))
    except UnicodeDecodeError:
        result.extend(["\ufffd"] * len(pending))
    pending.clear()


@register("decoder")
class Fuse(Decoder):
    """Join all tokens into one (so that later decoders see the whole text).

    Example:
        >>> Fuse().decode_chain(["a", "b"])
        ['ab']
    """

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return ["".join(tokens)]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Fuse"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fuse:
        return cls()


@register("decoder")
class Strip(Decoder):
    """Remove up to ``left`` leading and ``right`` trailing ``content`` chars from each token.

    Example:
        >>> Strip(" ", 1, 0).decode_chain(["  a", " b "])
        [' a', 'b ']
    """

    def __init__(self, content: str = " ", left: int = 0, right: int = 0) -> None:
        if not isinstance(content, str) or len(content) != 1:
            raise ValueError(f"Strip content must be one character, got {content!r}")
        self.content = content
        self.left = left
        self.right = right

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return [self._strip(token) for token in tokens]

    def _strip(self, token: str) -> str:
        start = 0
        while start < min(self.left, len(token)) and token[start] == self.content:
            start += 1
        stop = len(token)
        # subtle: HF panics when `right` runs past a token made only of `content`
        # (or the two cuts cross); we stop at the token's edge and return "".
        while len(token) - stop < self.right and stop > start and token[stop - 1] == self.content:
            stop -= 1
        return token[start:stop]

    def to_dict(self) -> dict[str, Any]:
        # HF's JSON names the counts "start" and "stop".
        return {"type": "Strip", "content": self.content, "start": self.left, "stop": self.right}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Strip:
        return cls(data.get("content", " "), int(data.get("start", 0)), int(data.get("stop", 0)))


@register("decoder")
class Replace(Decoder):
    """Replace every match of ``pattern`` in each token by ``content``.

    Args:
        pattern: a literal string; a regex as :class:`subword_core.text.onig.Regex`, a compiled
            pattern, or HF's JSON form ``{"String": ...}`` / ``{"Regex": ...}``.
        content: the replacement text.

    Example:
        >>> Replace("▁", " ").decode(["▁Hello", "▁world"])
        ' Hello world'
    """

    def __init__(self, pattern: Any, content: str) -> None:
        self._pattern_json, self._find = _compile_pattern(pattern)
        self.content = content

    @property
    def pattern(self) -> dict[str, str]:
        return dict(self._pattern_json)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        return [self._replace(token) for token in tokens]

    def _replace(self, token: str) -> str:
        if not token:
            return token  # HF: no match in an empty token, even for an empty pattern
        literal = self._pattern_json.get("String")
        if literal is not None:
            # Leftmost non-overlapping matches, as HF's escaped regex finds them.
            return token.replace(literal, self.content)
        pieces = []
        for (start, end), is_match in self._find(token):
            pieces.append(self.content if is_match else token[start:end])
        return "".join(pieces)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Replace", "pattern": self.pattern, "content": self.content}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Replace:
        if "pattern" not in data or not isinstance(data.get("content"), str):
            raise TokenizerFileError("Replace decoder needs a pattern and a string content")
        return cls(data["pattern"], data["content"])


def _compile_pattern(pattern: Any):
    """HF's JSON form of ``pattern`` and a ``text -> matches`` function for it (regexes).

    A string matches literally; a regex (``{"Regex": ...}``, :class:`onig.Regex`, or any
    compiled pattern) is read as Oniguruma syntax, which is what HF compiles it with.
    """
    if isinstance(pattern, dict) and len(pattern) == 1:
        ((kind, source),) = pattern.items()
        if kind == "String" and isinstance(source, str):
            pattern = source
        elif kind == "Regex" and isinstance(source, str):
            return _compile_regex(source)
    if isinstance(pattern, str):
        return {"String": pattern}, None
    source = getattr(pattern, "pattern", None)
    if isinstance(source, str):
        return _compile_regex(source)
    raise TokenizerFileError(f"Replace pattern {pattern!r} is not a string or a regex")


def _compile_regex(source: str):
    try:
        compiled = onig.compile_onig(source)
    except ValueError as exc:
        raise TokenizerFileError(f"invalid Replace regex: {exc}") from None
    return {"Regex": source}, partial(onig.find_matches, compiled)


@register("decoder")
class CTC(Decoder):
    """Collapse repeated tokens, drop ``pad_token``, and turn the word delimiter into spaces.

    Example:
        >>> CTC().decode(["<pad>", "h", "h", "e", "l", "<pad>", "l", "o", "|", "y", "o"])
        'hello yo'
    """

    def __init__(self, pad_token: str = "<pad>", word_delimiter_token: str = "|", cleanup: bool = True):
        self.pad_token = pad_token
        self.word_delimiter_token = word_delimiter_token
        self.cleanup = cleanup

    def decode_chain(self, tokens: list[str]) -> list[str]:
        result = []
        for token, _ in groupby(tokens):  # collapse runs first, as HF's dedup does
            text = token.replace(self.pad_token, "")
            if self.cleanup:
                text = cleanup(text).replace(self.word_delimiter_token, " ")
            if text:
                result.append(text)
        return result

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "CTC",
            "pad_token": self.pad_token,
            "word_delimiter_token": self.word_delimiter_token,
            "cleanup": self.cleanup,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CTC:
        return cls(
            str(data.get("pad_token", "<pad>")),
            str(data.get("word_delimiter_token", "|")),
            bool(data.get("cleanup", True)),
        )


@register("decoder")
class Sequence(MemberList, Decoder):
    """Run decoders one after another, each on the previous one's token list.

    Example:
        >>> Sequence([BPEDecoder(), Fuse()]).decode_chain(["a</w>", "b</w>"])
        ['a b']
    """

    _members_attr = "decoders"
    _member_family = Decoder

    def __init__(self, decoders: list[Decoder]) -> None:
        self.decoders = list(decoders)

    def decode_chain(self, tokens: list[str]) -> list[str]:
        for decoder in self.decoders:
            tokens = decoder.decode_chain(tokens)
        return list(tokens)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Sequence", "decoders": [d.to_dict() for d in self.decoders]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sequence:
        return cls(components_from_list("decoder", data.get("decoders"), "decoders"))


class DecodeStream:
    """Decode ids as they arrive, one text chunk per step (HF ``decoders.DecodeStream``).

    Decoding each id alone would lose what depends on its neighbours: the space a
    Metaspace or WordPiece decoder puts between words, the bytes of a character split
    over several byte-level or ``<0xNN>`` tokens. The stream keeps the ids it still needs
    (HF's ``step_decode_stream``): it decodes them with the new ids, and when that text
    extends the previous decoding (its ``prefix``) and does not end in an incomplete
    character ("�"), returns the new part and forgets the ids before the prefix.

    Args:
        ids: ids already generated (a prompt), decoded as context, never returned.
        skip_special_tokens: as in :meth:`Tokenizer.decode`.

    Example:
        ``stream = DecodeStream(); [stream.step(tok, i) for i in tok.encode("Héllo").ids]``
        gives each new piece of text, or None while a character is incomplete.
    """

    def __init__(self, ids: Any = None, skip_special_tokens: bool | None = False) -> None:
        self.skip_special_tokens = bool(skip_special_tokens)
        self._ids = [] if ids is None else _stream_id_list(ids, "ids")
        self._prefix = ""
        self._prefix_index = 0

    def step(self, tokenizer: Any, id: Any) -> str | None:
        """Add one id (or a list of ids); the new text, or None if none is complete yet.

        Raises:
            TypeError: ``id`` is neither an id nor a list of ids.
            DecodingError: the decoded text no longer starts with the text already given.
        """
        new_ids = _stream_ids(id)
        skip = self.skip_special_tokens
        if not self._prefix and self._ids:
            prefix = tokenizer.decode(self._ids, skip)
            if not prefix.endswith("\ufffd"):
                self._prefix, self._prefix_index = prefix, len(self._ids)
        self._ids.extend(new_ids)
        text = tokenizer.decode(self._ids, skip)
        # HF compares UTF-8 lengths (Rust strings); the prefix test makes it exact.
        if _utf8_len(text) <= _utf8_len(self._prefix) or text.endswith("\ufffd"):
            return None
        if not text.startswith(self._prefix):
            raise DecodingError(
                f"Invalid prefix encountered while decoding stream. Token ID: {self._ids[-1]}, "
                f"Expected prefix: '{self._prefix}', Actual string: '{text}'")
        new_text = text[len(self._prefix):]
        new_index = len(self._ids) - self._prefix_index
        del self._ids[:self._prefix_index]
        self._prefix = tokenizer.decode(self._ids, skip)
        self._prefix_index = new_index
        return new_text

    def __copy__(self) -> DecodeStream:
        clone = DecodeStream(self._ids, self.skip_special_tokens)
        clone._prefix, clone._prefix_index = self._prefix, self._prefix_index
        return clone

    def __deepcopy__(self, memo: dict) -> DecodeStream:
        return self.__copy__()

    def __repr__(self) -> str:
        return (f"DecodeStream(ids={self._ids!r}, skip_special_tokens="
                f"{self.skip_special_tokens!r})")


def _utf8_len(text: str) -> int:
    return len(text.encode("utf-8", errors="surrogatepass"))


def _stream_ids(value: Any) -> list[int]:
    """HF's ``StreamInput``: one id (any integer-like) or a list of ids."""
    single = _stream_id(value)
    if single is not None:
        return [single]
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError("StreamInput must be either an integer or a list of integers")
    ids = [_stream_id(item) for item in value]
    if None in ids:
        raise TypeError("StreamInput must be either an integer or a list of integers")
    return ids  # type: ignore[return-value]


def _stream_id_list(value: Any, name: str) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a list of integers")
    ids = [_stream_id(item) for item in value]
    if None in ids:
        raise TypeError(f"{name} must be a list of integers")
    return ids  # type: ignore[return-value]


def _stream_id(value: Any) -> int | None:
    # An id is a u32, as HF extracts it: ints and integer-likes, never bools' text or floats.
    if isinstance(value, bool):
        return int(value)
    try:
        id_ = operator.index(value)
    except TypeError:
        return None
    return id_ if 0 <= id_ < 2**32 else None
