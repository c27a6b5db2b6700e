"""Encoding options of the current tokenizer, and what they did to an encoding.

A ``tokenizer.json`` may carry truncation and padding (all-MiniLM: both at 128), and
its post-processor adds special tokens (``[CLS]``, ``[SEP]``). :class:`EncodeOptions`
lets the user keep each of these as the file says or switch it off, without touching
the shared :class:`~subword_core.tokenizer.Tokenizer` (other panes and threads use it):
:func:`encode_with_options` works on a shallow configured copy and reports, in an
:class:`EncodeResult`, how many tokens truncation cut and how many padding added, so
the views can say so in words.

Pure Python (no Qt): the session's background encoder runs it in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication


@dataclass(frozen=True)
class EncodeOptions:
    """How the session encodes its text.

    Args:
        add_special_tokens: let the post-processor add its special tokens.
        truncation: apply the tokenizer's own truncation settings (if it has any).
        padding: apply the tokenizer's own padding settings (if it has any).
    """

    add_special_tokens: bool = True
    truncation: bool = True
    padding: bool = True


@dataclass(frozen=True)
class EncodeResult:
    """An encoding and what truncation and padding did to it."""

    encoding: Any                       # subword_core.encoding.Encoding
    full_length: int                    # tokens before truncation (special tokens included)
    max_length: int | None = None       # the truncation limit that applied, if any
    padded: int = 0                     # padding tokens added
    pad_token: str = ""
    explanation: Any = None             # tokenizer.Explanation of the text (if asked for)
    layout: Any = None                  # app.encoding_layout.EncodingLayout (encoder process)

    @property
    def truncated(self) -> int:
        """Tokens cut off by truncation (0 when nothing was cut)."""
        return max(0, self.full_length + self.padded - len(self.encoding)) if self.max_length \
            is not None else 0

    def notices(self) -> list[str]:
        """What happened, in words (empty when the text was neither truncated nor padded)."""
        out = []
        if self.truncated:
            out.append(QCoreApplication.translate(
                "EncodeOptions", "truncated: {full} → {kept} tokens (max_length {max})").format(
                    full=f"{self.full_length:,}", kept=f"{len(self.encoding) - self.padded:,}",
                    max=f"{self.max_length:,}"))
        if self.padded:
            out.append(QCoreApplication.translate(
                "EncodeOptions",
                "padded with {n} {token}").format(
                n=f"{self.padded:,}", token=self.pad_token))
        return out


def configured(tokenizer: Any, options: EncodeOptions) -> Any:
    """``tokenizer`` itself, or a shallow copy with its truncation/padding switched off."""
    drop_truncation = not options.truncation and tokenizer.truncation is not None
    drop_padding = not options.padding and tokenizer.padding is not None
    if not (drop_truncation or drop_padding):
        return tokenizer
    # subtle: a shallow copy shares the model and components; only the copy's own
    # truncation/padding attributes change, the shared tokenizer stays as it was
    tok = tokenizer.shallow_copy()
    if drop_truncation:
        tok.no_truncation()
    if drop_padding:
        tok.no_padding()
    return tok


def encode_with_options(tokenizer: Any, text: str, options: EncodeOptions,
                        explain: bool = False) -> EncodeResult:
    """Encode ``text`` as the options say, and measure truncation and padding.

    Args:
        explain: also keep the pipeline stages (normalized text, pre-tokens) of the same
            pass in ``EncodeResult.explanation``, at no extra encoding cost.

    Example:
        ``encode_with_options(minilm, long_text, EncodeOptions()).notices()`` gives
        ``["truncated: 612 → 128 tokens (max_length 128)"]``.
    """
    tok = configured(tokenizer, options)
    add = options.add_special_tokens
    truncation, explanation = tok.truncation, None
    if truncation is None and not explain:
        encoding = tok.encode(text, add_special_tokens=add)
        full = len(encoding)
    else:
        # 1. the model's tokens without post-processing: the length before truncation
        bare = tok.shallow_copy()
        bare.post_processor = None
        bare.no_truncation()
        bare.no_padding()
        if explain:
            explanation = bare.explain(text)
            raw = explanation.encoding
        else:
            raw = bare.encode(text, add_special_tokens=add)
        full = len(raw) + (tok.num_special_tokens_to_add(False) if add else 0)
        # 2. truncate, add special tokens and pad, as encode() would
        encoding = tok.post_process(raw, None, add_special_tokens=add)
    padding = tok.padding
    padded = 0
    if padding is not None:
        padded = sum(1 for m in encoding.attention_mask if not m)
        full = len(encoding) - padded if truncation is None else full
    return EncodeResult(encoding, full,
                        None if truncation is None else truncation["max_length"],
                        padded, padding["pad_token"] if padding is not None else "", explanation)


def describe_settings(tokenizer: Any) -> tuple[str, str]:
    """Short descriptions of the tokenizer's own truncation and padding (for tooltips)."""
    t, p = tokenizer.truncation, tokenizer.padding
    trunc = (QCoreApplication.translate(
        "EncodeOptions", "the file truncates to max_length {n} ({direction})").format(
            n=f"{t['max_length']:,}", direction=t["direction"])
             if t is not None else QCoreApplication.translate("EncodeOptions",
                                                              "the file sets no truncation"))
    if p is None:
        pad = QCoreApplication.translate("EncodeOptions", "the file sets no padding")
    elif p["length"] is None:
        pad = QCoreApplication.translate(
            "EncodeOptions", "the file pads to the longest of a batch with {token}").format(
                token=p["pad_token"])
    else:
        pad = QCoreApplication.translate(
            "EncodeOptions", "the file pads to {n} tokens with {token}").format(
                n=f"{p['length']:,}", token=p["pad_token"])
    return trunc, pad
