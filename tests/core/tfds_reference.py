r"""A test-side TFDS ``SubwordTextEncoder.encode``, written from its published algorithm.

tensorflow_datasets is not installable here (it needs TensorFlow), so this restates, step
by step, ``tensorflow_datasets/core/deprecated/text/subword_text_encoder.py`` and the
``Tokenizer`` of ``text_encoder.py`` (read at tensorflow/datasets, 2021-2022), keeping
TFDS's own quirks, without our pipeline's code:

1. ``Tokenizer(alphanum_only=False, reserved_tokens=...)``: reserved tokens are the
   subwords mixing ``\w`` and ``\W`` characters, plus ``\&undsc``; the text is split on
   the regex ``(tok1|tok2|...)`` (each escaped by TFDS's ``_re_escape``, which escapes
   ``(){}[].*?|^$\+-`` only), reserved pieces are kept, the rest is split by
   ``re.split(r"(\W+)")``; empty strings go.
2. ``_prepare_tokens_for_encode``: ``_`` becomes ``\&undsc``; a token followed by the
   token ``" "`` gets a final ``_`` and the space token is skipped; the token
   ``\&undsc`` itself becomes ``\&`` and ``undsc`` (the latter taking the ``_``), and
   there the space token is *not* skipped.
3. ``_token_to_subwords``: from the left, the longest candidate (at most
   ``max(7, longest subword)`` characters) that is a subword or ``\&undsc``; else one
   character.
4. ids: ``\&undsc`` -> the byte of ``_``; a subword -> its index (the last of equal
   subwords: a dict comprehension); else the UTF-8 bytes (a lone ``_``: the byte of a
   space), byte ``b`` at ``len(subwords) + b``; then every id + 1 (0 is padding).

Reserved tokens come from a Python ``set`` there, so where two of them start at one
place TFDS's choice changes from run to run; this reference tries them longest first,
as our pipeline does (the tests use vocabularies where it cannot matter).
"""

from __future__ import annotations

import re

ESCAPE = "\\&undsc"
_ALL = re.compile(r"(\W+)", flags=re.UNICODE)


def _tfds_re_escape(text: str) -> str:
    return re.sub(r"[(){}\[\].*?|^$\\+-]", r"\\\g<0>", text)


def _mixed(token: str) -> bool:
    return len([s for s in _ALL.split(token) if s]) > 1


class TfdsSubwordEncoder:
    """``SubwordTextEncoder(vocab_list=subwords).encode`` (see the module docstring)."""

    def __init__(self, subwords: list[str]) -> None:
        self.subwords = [s for s in subwords if s]
        self.ids = {s: i for i, s in enumerate(self.subwords)}
        self.longest = max(len(ESCAPE), max([len(s) for s in self.subwords] or [1]))
        reserved = sorted({ESCAPE} | {s for s in self.subwords if _mixed(s)},
                          key=lambda s: (-len(s), s))
        self.reserved = set(reserved)
        self.reserved_re = re.compile("(" + "|".join(map(_tfds_re_escape, reserved)) + ")",
                                      flags=re.UNICODE)

    def split(self, text: str) -> list[str]:
        tokens = []
        for piece in self.reserved_re.split(text):
            tokens.extend([piece] if piece in self.reserved else _ALL.split(piece))
        return [t for t in tokens if t]

    @staticmethod
    def prepare(tokens: list[str]) -> list[str]:
        out = []
        skip = False
        for token, following in zip(tokens, [*tokens[1:], None]):
            if skip:
                skip = False
                continue
            if token == ESCAPE:
                out.append(ESCAPE[:2])
                out.append(ESCAPE[2:] + ("_" if following == " " else ""))
                continue  # the space token stays
            token = token.replace("_", ESCAPE)
            if following == " ":
                token += "_"
                skip = True
            out.append(token)
        return out

    def pieces(self, token: str) -> list[str]:
        out, start = [], 0
        while start < len(token):
            for end in range(min(len(token), start + self.longest), start, -1):
                candidate = token[start:end]
                if candidate in self.ids or candidate == ESCAPE:
                    out.append(candidate)
                    start = end
                    break
            else:
                out.append(token[start])
                start += 1
        return out

    def token_ids(self, token: str) -> list[int]:
        base = len(self.subwords)
        ids = []
        for piece in self.pieces(token):
            if piece == ESCAPE:
                ids.append(base + ord("_"))
            elif piece in self.ids:
                ids.append(self.ids[piece])
            elif piece == "_":
                ids.append(base + ord(" "))
            else:
                ids.extend(base + b for b in piece.encode("utf-8"))
        return ids

    def encode(self, text: str) -> list[int]:
        ids = []
        for token in self.prepare(self.split(text)):
            ids.extend(self.token_ids(token))
        return [i + 1 for i in ids]
