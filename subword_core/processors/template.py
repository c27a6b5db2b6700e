"""TemplateProcessing: lay out special tokens and sequences from a template string.

``"[CLS] $A [SEP]"`` / ``"[CLS] $A [SEP] $B:1 [SEP]:1"``: each item is a special token
or an input sequence, optionally followed by ``:type_id`` (HF ``processors/template.rs``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import regex

from ..components import PostProcessor, register
from ..encoding import Encoding
from ..errors import EncodingError
from ._util import is_id, special_encoding


class SequencePiece(NamedTuple):
    """``$A`` / ``$B:1`` in a template: an input sequence and the type id it gets."""

    id: str  # "A" or "B"
    type_id: int


class SpecialPiece(NamedTuple):
    """``[CLS]`` / ``[SEP]:1`` in a template: a special token id and its type id."""

    id: str
    type_id: int


class SpecialToken(NamedTuple):
    """What a special piece expands to: one or more ``(id, token)``."""

    id: str
    ids: list[int]
    tokens: list[str]


Piece = SequencePiece | SpecialPiece
_TYPE_ID = regex.compile(r"\+?[0-9]+")  # what Rust's `u32::from_str` accepts


def parse_piece(text: str) -> Piece:
    """Parse one template item: ``$A``, ``$b``, ``$1`` (A with type 1), ``$B:1``, ``[SEP]:1``."""
    parts = text.split(":")
    if len(parts) > 2 or (len(parts) == 2 and not _TYPE_ID.fullmatch(parts[1])):
        raise ValueError(f'Cannot build Piece from string "{text}"')
    name = parts[0]
    type_id = int(parts[1]) if len(parts) == 2 else None
    if not name.startswith("$"):
        return SpecialPiece(name, type_id or 0)
    rest = name[1:]
    if rest in ("", "A", "a", "B", "b"):
        return SequencePiece("B" if rest in ("B", "b") else "A", type_id or 0)
    if _TYPE_ID.fullmatch(rest):
        return SequencePiece("A", int(rest) if type_id is None else type_id)
    raise ValueError(f'Cannot build Piece from string "{text}"')


def parse_template(template: str | list[str]) -> list[Piece]:
    """A template string is split on single spaces, as HF does; a list is taken item by item."""
    if isinstance(template, str):
        return [parse_piece(p) for p in template.split(" ")]
    if isinstance(template, (list, tuple)) and all(isinstance(p, str) for p in template):
        return [parse_piece(p) for p in template]
    raise TypeError("Expected Union[str, List[str]]")


def _parse_special_token(value: Any) -> SpecialToken:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        first, second = value
        if isinstance(first, str) and is_id(second):
            return SpecialToken(first, [second], [first])
        if is_id(first) and isinstance(second, str):
            return SpecialToken(second, [first], [second])
    if isinstance(value, dict):
        for key in ("id", "ids", "tokens"):
            if key not in value:
                raise ValueError(f"`{key}` must be specified")
        id_, ids, tokens = value["id"], value["ids"], value["tokens"]
        if not isinstance(id_, str) or not isinstance(ids, list) or not isinstance(tokens, list):
            raise TypeError(f"invalid special token {value!r}")
        if not all(is_id(i) for i in ids) or not all(isinstance(t, str) for t in tokens):
            raise TypeError(f"invalid special token {value!r}")
        if len(ids) != len(tokens):
            raise ValueError("SpecialToken: ids and tokens must be of the same length")
        return SpecialToken(id_, list(ids), list(tokens))
    raise TypeError("Expected Union[Tuple[str, int], Tuple[int, str], dict]")


def _piece_to_json(piece: Piece) -> dict[str, Any]:
    kind = "Sequence" if isinstance(piece, SequencePiece) else "SpecialToken"
    return {kind: {"id": piece.id, "type_id": piece.type_id}}


def _piece_from_json(data: Any) -> Piece:
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"invalid template piece {data!r}")
    (kind, body), = data.items()
    if kind not in ("Sequence", "SpecialToken") or not isinstance(body, dict):
        raise ValueError(f"invalid template piece {data!r}")
    id_, type_id = body["id"], body["type_id"]
    if not is_id(type_id) or not isinstance(id_, str):
        raise ValueError(f"invalid template piece {data!r}")
    if kind == "Sequence":
        if id_ not in ("A", "B"):
            raise ValueError(f"invalid sequence id {id_!r} (expected 'A' or 'B')")
        return SequencePiece(id_, type_id)
    return SpecialPiece(id_, type_id)


@register("post_processor")
class TemplateProcessing(PostProcessor):
    """Lay out special tokens and sequences following a template (HF ``TemplateProcessing``).

    Args:
        single: Template for one sequence, e.g. ``"[CLS] $A [SEP]"`` (default ``"$0"``).
        pair: Template for two sequences, e.g. ``"[CLS] $A [SEP] $B:1 [SEP]:1"``.
        special_tokens: ``(token, id)`` / ``(id, token)`` tuples or
            ``{"id": ..., "ids": [...], "tokens": [...]}`` dicts for every special piece.

    Example:
        >>> TemplateProcessing("[CLS] $A [SEP]", special_tokens=[("[CLS]", 1), ("[SEP]", 2)]).single
        [SpecialPiece(id='[CLS]', type_id=0), SequencePiece(id='A', type_id=0), SpecialPiece(id='[SEP]', type_id=0)]
    """

    def __init__(self, single=None, pair=None, special_tokens=None) -> None:
        self.single = parse_template("$0" if single is None else single)
        self.pair = parse_template("$A:0 $B:1" if pair is None else pair)
        self.special_tokens = self._parse_tokens(special_tokens)
        self._validate()

    @staticmethod
    def _parse_tokens(special_tokens) -> dict[str, SpecialToken]:
        if special_tokens is None:
            return {}
        items = special_tokens.values() if isinstance(special_tokens, dict) else special_tokens
        tokens = {}
        for item in items:
            token = _parse_special_token(item)
            tokens[token.id] = token
        return tokens

    def _validate(self) -> None:
        ids = {p.id for p in self.pair if isinstance(p, SequencePiece)}
        if ids != {"A", "B"}:
            raise ValueError("Template for `pair` must use both sequences")
        missing = sorted(
            {p.id for p in self.single + self.pair if isinstance(p, SpecialPiece)}
            - set(self.special_tokens)
        )
        if missing:
            raise ValueError(f"Missing SpecialToken(s) with id(s) `{', '.join(missing)}`")

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type_name,
            "single": [_piece_to_json(p) for p in self.single],
            "pair": [_piece_to_json(p) for p in self.pair],
            "special_tokens": {
                k: {"id": t.id, "ids": list(t.ids), "tokens": list(t.tokens)}
                for k, t in sorted(self.special_tokens.items())
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TemplateProcessing:
        # Like HF, a file is not re-validated; a missing special token fails at encode time.
        self = cls.__new__(cls)
        self.single = [_piece_from_json(p) for p in data["single"]]
        self.pair = [_piece_from_json(p) for p in data["pair"]]
        tokens = data["special_tokens"]
        if not isinstance(tokens, dict):
            raise ValueError("special_tokens must be a JSON object")
        self.special_tokens = cls._parse_tokens(tokens)
        return self

    def _count_added(self, template: list[Piece]) -> int:
        return sum(
            len(self.special_tokens[p.id].ids)
            for p in template
            if isinstance(p, SpecialPiece) and p.id in self.special_tokens
        )

    def added_tokens(self, is_pair: bool) -> int:
        return self._count_added(self.pair if is_pair else self.single)

    def process_encodings(self, encodings: list[Encoding], add_special_tokens: bool):
        if len(encodings) not in (1, 2):
            raise EncodingError("TemplateProcessing takes one or two encodings")
        template = self.pair if len(encodings) == 2 else self.single
        result = []
        for piece in template:
            if isinstance(piece, SequencePiece):
                index = 0 if piece.id == "A" else 1
                if index >= len(encodings):
                    raise EncodingError("the single-sequence template uses $B")
                encoding = encodings[index]
                encoding.type_ids = [piece.type_id] * len(encoding)
                encoding.set_sequence_id(index)
                result.append(encoding.copy())
            elif add_special_tokens:
                token = self.special_tokens.get(piece.id)
                if token is None:
                    raise EncodingError(f"TemplateProcessing has no special token {piece.id!r}")
                result.append(special_encoding(token.ids, token.tokens, piece.type_id))
        return result
