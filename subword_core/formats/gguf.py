"""Open llama.cpp's ``.gguf`` model files by their tokenizer metadata: :func:`read_gguf`.

A GGUF file is a header, key/value metadata and tensors. The tokenizer lives entirely in the
metadata (``tokenizer.ggml.*``): ``model`` (which algorithm), ``tokens``, ``token_type``,
``scores``, ``merges``, ``pre`` (the BPE pre-tokenizer's name), the special-token ids,
``add_bos_token`` / ``add_eos_token``, ``add_space_prefix``, ``remove_extra_whitespaces``,
``precompiled_charsmap`` and ``tokenizer.chat_template``. Only the metadata is read: the
file is memory-mapped and the walk stops where the tensor descriptions begin, so a 40 GB
model opens as fast as a vocabulary file. (The ``gguf`` package, the ``gguf`` extra, gives
the format's constants; its ``GGUFReader`` is not used because it builds a NumPy view per
array element: minutes for a 262k-token vocabulary.)

The tokenizer built is the one llama.cpp runs (``src/llama-vocab.cpp``), in our components:

=============  =====================================================================
``model``      pipeline
=============  =====================================================================
``llama``      SPM: ``" "`` -> ``"▁"`` with a ``▁`` in front of the text and after each
               special token (``add_space_prefix``); BPE merging by piece score with
               ``<0xXX>`` byte fallback
``gpt2``       BPE: llama.cpp's split for ``pre`` (:mod:`._llama_split`), GPT-2 byte
               characters, merges by rank (``ignore_merges`` for Llama 3-like ``pre``)
``gemma4``     BPE over raw UTF-8: ``" "`` -> ``"▁"``, lines split, ``<0xXX>`` fallback
``bert``       WPM: BERT's normalizer and splitting, longest-match WordPiece (the file's
               ``▁word`` / ``piece`` vocabulary read back as ``word`` / ``##piece``)
``t5``         UGM: the ``precompiled_charsmap``, ``▁`` for spaces, Unigram (Viterbi)
=============  =====================================================================

Control, unknown and user-defined tokens are added tokens matched in the raw text (control
and unknown ones special), as llama.cpp's ``tokenize(..., parse_special=true)``; its vocab
tests (``tests/test-tokenizer-0.cpp``) tokenize with ``add_special=false,
parse_special=false``, which differs only on texts that contain a control token's text:
``tokenizer.encode_special_tokens = True`` gives that (user-defined tokens still match).
``add_bos_token`` / ``add_eos_token`` (and llama.cpp's defaults per model) become the
post-processor. A ``pre`` that llama.cpp knows but that is not reproduced here (``kimi-k2``)
is an error naming it.

Checked: every ``ggml-vocab-*.gguf`` with ``.inp``/``.out`` that llama.cpp's CI tokenizes gives
its ids; every supported ``pre`` splits as llama.cpp's compiled ``unicode_regex_split`` does
(tests/core/test_format_gguf.py). Where ours can still depart from llama.cpp, on inputs those
checks do not reach:

* SPM merges are ranked by piece score as ``transformers``' converter ranks them; llama.cpp
  takes the leftmost of two equally scored candidates (two pieces with one score, or two
  splits of one piece in different places of a word), where the ranks decide here.
* Added tokens match leftmost-longest; llama.cpp cuts the longest token out first wherever
  it is (overlapping special tokens only).
* WPM normalizes as BERT's normalizer (full NFD for accents); llama.cpp keeps the first
  code point of a decomposition.
* UGM: control pieces stay in the Unigram lattice (llama.cpp leaves them out of its trie:
  it matters only with ``encode_special_tokens``); a text of spaces only gets one ``▁`` more.
* BPE merges whose result is not a token are left out (llama.cpp would make it and fall back
  to bytes); token texts that are not UTF-8 are read with U+FFFD.

Example:
    >>> opened = read_gguf("ggml-vocab-llama-bpe.gguf")  # doctest: +SKIP
    >>> opened.tokenizer.encode("Hello world", add_special_tokens=False).ids  # doctest: +SKIP
    [9906, 1917]
"""

from __future__ import annotations

import mmap
import os
import re
import struct
from array import array
from dataclasses import dataclass
from typing import Any

from .. import decoders, normalizers, pre_tokenizers, processors
from .._util.gc import paused_gc
from ..added_tokens import AddedToken
from ..errors import TokenizerFileError
from ..models import BPE, Unigram, WordPiece
from ..models.bpe import MergeColumns
from ..pre_tokenizers import PreTokenizer
from ..text.normalized import SplitDelimiterBehavior
from ..tokenizer import Tokenizer
from . import Opened, Source
from ._llama_split import UnsupportedRegex, split_lengths, splitter

FORMAT = "gguf"
EXTRA_HINT = "pip install 'subword-explorer[gguf]'"
MAGIC = b"GGUF"

# llama_token_type (llama.cpp's include/llama.h)
UNDEFINED, NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = range(7)
#: tokenizer.ggml.model -> llama.cpp's vocabulary type
MODEL_TYPES = {"llama": "SPM", "gpt2": "BPE", "gemma4": "BPE", "bert": "WPM", "t5": "UGM"}
_SPACE = "▁"

_KEY = "tokenizer.ggml."
_SPECIAL_KEYS = {"bos": "bos_token_id", "eos": "eos_token_id", "unk": "unknown_token_id",
                 "sep": "seperator_token_id", "pad": "padding_token_id", "cls": "cls_token_id",
                 "mask": "mask_token_id"}  # llama.cpp spells "seperator"


# ---------------------------------------------------------------- pre-tokenizers
# llm_tokenizer_bpe's regex lists (src/llama-vocab.cpp), by LLAMA_VOCAB_PRE_TYPE.
_GPT2 = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)"
_CONTRACTIONS = "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
_LLAMA3 = (_CONTRACTIONS + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+"
           "[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
_QWEN2 = (_CONTRACTIONS + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
          "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
_QWEN35 = (_CONTRACTIONS + "|[^\\r\\n\\p{L}\\p{N}]?[\\p{L}\\p{M}]+|\\p{N}| ?[^\\s\\p{L}\\p{M}"
           "\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")
_CJK = "[\u4e00-\u9fa5\u0800-\u4e00\uac00-\ud7ff]+"
_DEEPSEEK_LLM_LETTERS = (
    "\\s?[A-Za-z\u00b5\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u01ba\u01bc-\u01bf\u01c4-\u0293"
    "\u0295-\u02af\u0370-\u0373\u0376\u0377\u037b-\u037d\u037f\u0386\u0388-\u038a\u038c"
    "\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481\u048a-\u052f\u0531-\u0556\u10a0-\u10c5\u13a0"
    "-\u13f5\u13f8-\u13fd\u1c90-\u1cba\u1cbd-\u1cbf\u1d00-\u1d2b\u1d6b-\u1d77\u1d79-"
    "\u1d9a\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b"
    "\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-"
    "\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc\u2102\u2107\u210a-\u2113"
    "\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2134\u2139\u213c-\u213f"
    "\u2145-\u2149\u214e\u2183\u2184\u2c00-\u2c7b\u2c7e-\u2ce4\u2ceb-\u2cee\u2cf2\u2cf3"
    "\ua640-\ua66d\ua680-\ua69b\ua722-\ua76f\ua771-\ua787\ua78b-\ua78e\uab70-\uabbf\ufb00"
    "-\ufb06\ufb13-\ufb17\uff21-\uff3a\uff41-\uff5a\U00010400-\U0001044f\U000104b0-"
    "\U000104d3\U000104d8-\U000104fb\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U000118a0-"
    "\U000118df\U0001e900-\U0001e943]+")
_DEEPSEEK3_WORDS = ("[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?"
                    "[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+")
_DIGIT_THEN_GPT2 = ["\\p{N}", _GPT2]
_BLOOM = [" ?[^(\\s|.,!?\u2026\u3002\uff0c\u3001\u0964\u06d4\u060c)]+"]

# The regexes of llama.cpp's lookahead-based and multi-step splits, as its source writes them
# (non-ASCII as escapes).
_TEKKEN = ["[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))*((?=[\\p{L}])([^A-Z]))+|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))+((?=[\\p{L}])([^A-Z]))*|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_GPT4O = ["[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))*((?=[\\p{L}])([^A-Z]))+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))+((?=[\\p{L}])([^A-Z]))*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_GRANITE_EMB_MULTI = ["[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}\\p{M}])([^a-z]))*((?=[\\p{L}\\p{M}])([^A-Z]))+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}\\p{M}])([^a-z]))+((?=[\\p{L}\\p{M}])([^A-Z]))*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_YOUTU = ["[\uac00-\ud7a3\u3131-\u318e]+|[\uff01\u2026\u201c\u201d\u2018\u2019\u2014\uff1a\uff1b\uff0c\u3001-\u303f\ufe30-\ufe4f]+|[\u3105-\u312f]+|[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+", "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_SPARK2_5 = ["\\p{N}{1,3}", "[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+", "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+|[\r\n]|\\s+(?!\\S)|\\s+", "\\p{N}"]
_JAIS2 = ["(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s{512}(?!\\S)|\\s{256}(?!\\S)|\\s{128}(?!\\S)|\\s{64}(?!\\S)|\\s{32}(?!\\S)|\\s{16}(?!\\S)|\\s{8}(?!\\S)|\\s{4}(?!\\S)|\\s{1,2}(?!\\S)|\\s{1}"]
_LAGUNA = ["[^\\n]+|[\\n]+", "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_EXAONE_MOE = ["(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?(?:\\p{L}\\p{M}*(?: \\p{L}\\p{M}*)*)+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]?|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+"]
_CHAMELEON = ["<sentinel:[0-9]+>", "(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z", "([\\t\\n]|    |  )", "\\p{N}", "[\\p{P}!-/:-@\\[-`{-~]", "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)"]
_MINICPM5 = ["\\p{N}{1,3}", "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}+| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_SUPERBPE = ["\\p{N}+", "(?=(\\d{3})+(?!\\d))"]

_AFMOE = ["\\p{AFMoE_digits}", "[\u4e00-\u9fff\u3400-\u4dbf\u8c48-\ufaff\u3040-\u309f\u30a0-\u30ff\uff65-\uff9f\u2f00-\u2fdf\u0e40-\u0e7f\u0e80-\u0eff\u1780-\u17ff\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff\uac00-\ud7af\u1100-\u11ff]+", "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\\r\\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]
_TINY_AYA = ["\\d{1,3}(?=(?:\\d{3})*\\b)", "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]

@dataclass(frozen=True)
class PreType:
    """One of llama.cpp's BPE pre-tokenizers: its regexes and the flags ``load`` sets."""

    regexes: tuple[str, ...]
    ignore_merges: bool = False
    add_bos: bool | None = None  # llama.cpp's default when the file does not say
    byte_encode: bool = True
    escape_whitespaces: bool = False


def _pre(regexes: list[str], **flags: Any) -> PreType:
    return PreType(tuple(regexes), **flags)


_DEFAULT = _pre(["[\\p{P}\\$\\+<=>\\^~\\|]+", _GPT2, "\\p{N}+", "[0-9][0-9][0-9]"])
_LLAMA3_PRE = _pre([_LLAMA3], ignore_merges=True, add_bos=True)
#: tokenizer.ggml.pre -> pre-tokenizer (llama_vocab::impl::load's name table). Names llama.cpp
#: knows but whose splitters are not reproduced here are in :data:`UNSUPPORTED_PRE`.
PRE_TYPES: dict[str, PreType] = {
    "default": _DEFAULT,
    **dict.fromkeys(["llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral",
                     "midm-2.0", "lfm2", "jina-v5-nano"], _LLAMA3_PRE),
    "dbrx": _pre([_LLAMA3]), "smaug-bpe": _pre([_LLAMA3]),
    "deepseek-llm": _pre(["[\r\n]", _DEEPSEEK_LLM_LETTERS, "\\s?[!-/:-~\uff01-\uff0f\uff1a-\uff5e\u2018-\u201f\u3000-\u3002]+",
                          "\\s+$", _CJK, "\\p{N}+"]),
    **dict.fromkeys(["deepseek-v3", "hunyuan-dense", "joyai-llm", "hy_v4"],
                    _pre(["\\p{N}{1,3}", "[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+", _DEEPSEEK3_WORDS])),
    "deepseek-coder": _pre(["[\r\n]", "\\s?\\p{L}+", "\\s?\\p{P}+", _CJK, "\\p{N}"]),
    "falcon": _pre(["[\\p{P}\\$\\+<=>\\^~\\|`]+", _GPT2, "[0-9][0-9][0-9]"]),
    **dict.fromkeys(["starcoder", "refact", "command-r", "smollm", "codeshell", "exaone",
                     "minerva-7b", "mellum2"], _pre(_DIGIT_THEN_GPT2)),
    **dict.fromkeys(["gpt-2", "phi-2", "jina-es", "jina-de", "gigachat", "jina-v2-es",
                     "jina-v2-de", "a.x-4.0", "mellum", "modern-bert", "mpt", "olmo", "jais",
                     "trillion", "granite-docling", "exaone4", "jina-v1-en", "jina-v2-code",
                     "roberta-bpe"], _pre([_GPT2])),
    **dict.fromkeys(["qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2", "stablelm2", "megrez",
                     "hunyuan", "solar-open"], _pre([_QWEN2])),
    "grok-2": _pre([_QWEN2]),
    "qwen35": _pre([_QWEN35]),
    **dict.fromkeys(["poro-chat", "bloom", "gpt3-finnish"], _pre(_BLOOM)),
    "viking": _pre([*_BLOOM, "\\p{N}"]),
    "chatglm-bpe": _pre([_LLAMA3]),
    **dict.fromkeys(["glm4", "glm5"], _pre([_LLAMA3], ignore_merges=True)),
    "seed-coder": _pre([_CONTRACTIONS + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1}| ?[^\\s\\p{L}"
                        "\\p{N}\\r\\n]+|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]),
    "ufakzeka": _pre(["[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
                      "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"]),
    "bailingmoe": _pre(["'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\\r\\n\\p{L}\\p{N}]?"
                        "\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]|\\s+(?!\\S)|"
                        "\\s+"]),
    "gemma4": _pre(["[^\\n]+|[\\n]+"], add_bos=True, byte_encode=False,
                   escape_whitespaces=True),
    "granite-embed-multi-311m": _pre(["[^\\n]+|[\\n]+"], byte_encode=False,
                                     escape_whitespaces=True),
    "sarvam-moe": _pre(["[^\\n]+|[\\n]+"], byte_encode=False, escape_whitespaces=True),
    "whitespace": _pre(["\\S+"], byte_encode=False),
}
PRE_TYPES["bailingmoe2"] = PRE_TYPES["llada-moe"] = PRE_TYPES["bailingmoe"]
PRE_TYPES.update({
    "tekken": _pre(_TEKKEN, ignore_merges=True, add_bos=True),
    **dict.fromkeys(["gpt-4o", "llama4", "kanana2", "talkie", "minimax-m2"], _pre(_GPT4O)),
    "granite-embed-multi-97m": _pre(_GRANITE_EMB_MULTI, ignore_merges=True),
    "youtu": _pre(_YOUTU, ignore_merges=True),
    "spark2_5": _pre(_SPARK2_5), "jais-2": _pre(_JAIS2), "laguna": _pre(_LAGUNA),
    "exaone-moe": _pre(_EXAONE_MOE), "chameleon": _pre(_CHAMELEON, add_bos=True),
    "minicpm5": _pre(_MINICPM5, ignore_merges=True),
    "superbpe": _pre(_SUPERBPE),  # its empty matches make no pieces (nor tokens in llama.cpp)
    "afmoe": _pre(_AFMOE),
    **dict.fromkeys(["tiny_aya", "cohere2moe"], _pre(_TINY_AYA)),
})
#: Names llama.cpp knows whose splitting needs a hand-written splitter not reproduced here
#: (``unicode_regex_split_custom_kimi_k2``).
UNSUPPORTED_PRE = ("kimi-k2",)


class LlamaCppSplit(PreTokenizer):
    """llama.cpp's BPE pre-tokenization for one ``pre`` type (see :mod:`._llama_split`).

    No HF pre-tokenizer splits this way, so :meth:`to_dict` raises: a GGUF BPE tokenizer
    cannot be saved as ``tokenizer.json``. It pickles as its ``pre`` name.

    Example:
        >>> LlamaCppSplit("gpt-2").pre_tokenize_str("Hello world!")
        [('Hello', (0, 5)), (' world', (5, 11)), ('!', (11, 12))]
    """

    def __init__(self, pre: str) -> None:
        if pre not in PRE_TYPES:
            raise ValueError(f"unknown llama.cpp pre-tokenizer {pre!r}")
        self.pre = pre
        self._steps = [splitter(expr) for expr in PRE_TYPES[pre].regexes]

    def __getstate__(self) -> dict[str, Any]:
        return {"pre": self.pre}  # the compiled steps are rebuilt

    def __setstate__(self, state: Any) -> None:
        self.__init__(state["pre"])

    def __repr__(self) -> str:
        return f"LlamaCppSplit({self.pre!r})"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.pre == self.pre

    __hash__ = None  # type: ignore[assignment]

    def spans(self, text: str) -> list[tuple[int, int]]:
        spans, start = [], 0
        for size in split_lengths(self._steps, text):
            spans.append((start, start + size))
            start += size
        return spans

    def pre_tokenize(self, pretokenized: Any) -> None:
        def split(_: int, normalized: Any) -> list[Any]:
            matches = [(span, True) for span in self.spans(normalized.normalized)]
            return normalized.split(matches, SplitDelimiterBehavior.ISOLATED)

        pretokenized.split(split)

    def fast_split(self, text: str) -> tuple[list[str], list[int]]:
        spans = self.spans(text)
        return [text[s:e] for s, e in spans], [s for s, _ in spans]

    def to_dict(self) -> dict[str, Any]:
        raise TokenizerFileError(
            f"cannot save as tokenizer.json: llama.cpp's {self.pre!r} pre-tokenization has no "
            f"HF tokenizers equivalent")


# ---------------------------------------------------------------- the file's metadata
@dataclass(frozen=True)
class GGUFVocab:
    """A GGUF file's tokenizer metadata, as llama.cpp reads it (defaults applied)."""

    model: str
    pre: str
    tokens: list[str]
    types: list[int]
    scores: list[float]
    merges: list[str]
    special_ids: dict[str, int]
    add_bos: bool
    add_eos: bool
    add_space_prefix: bool
    remove_extra_whitespaces: bool
    precompiled_charsmap: bytes
    chat_template: str | None
    name: str
    architecture: str
    lowercase: bool = True
    strip_accents: bool = True

    @property
    def vocab_type(self) -> str:
        return MODEL_TYPES[self.model]


_SCALAR = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q",
           12: "d"}
_STRING, _ARRAY = 8, 9


class _Truncated(Exception):
    pass


def read_metadata(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The key/value metadata of the GGUF file at ``path`` (arrays of other keys than the
    tokenizer's are skipped: None).

    Raises:
        TokenizerFileError: not a GGUF file, an unsupported version, or cut short (one line
            naming the file).
    """
    _require_gguf()
    name = os.fspath(path)
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size < 24:
            raise TokenizerFileError(_bad_header(name, f.read(4), size))
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            if data[:4] != MAGIC:
                raise TokenizerFileError(_bad_header(name, data[:4], size))
            try:
                return _walk(data, name)
            except (_Truncated, struct.error, IndexError):
                raise TokenizerFileError(f"{name}: GGUF file cut short (the metadata ends "
                                         f"before its last key)") from None


def _require_gguf() -> None:
    try:
        import gguf  # noqa: F401  (the extra that says this version reads GGUF)
    except ImportError:
        raise TokenizerFileError(f"opening .gguf files needs the gguf package: "
                                 f"{EXTRA_HINT}") from None


def _bad_header(name: str, head: bytes, size: int) -> str:
    if head[:4] == MAGIC:
        return f"{name}: GGUF file cut short ({size} bytes)"
    return f"{name}: not a GGUF file (it starts with {head[:4]!r}, not b'GGUF')"


def _walk(data: Any, name: str) -> dict[str, Any]:
    (version,) = struct.unpack_from("<I", data, 4)
    order = "<"
    if version & 0xFFFF == 0 and version:  # a big-endian file
        order = ">"
        (version,) = struct.unpack_from(">I", data, 4)
    if version not in (2, 3):
        raise TokenizerFileError(f"{name}: GGUF version {version} is not supported "
                                 f"(versions 2 and 3 are)")
    _, n_kv = struct.unpack_from(order + "QQ", data, 8)
    pos = 24
    u64 = struct.Struct(order + "Q").unpack_from
    u32 = struct.Struct(order + "I").unpack_from
    end = len(data)

    def string(at: int) -> tuple[str, int]:
        (length,) = u64(data, at)
        stop = at + 8 + length
        if stop > end:
            raise _Truncated
        return data[at + 8:stop].decode("utf-8", "replace"), stop

    metadata: dict[str, Any] = {}
    for _ in range(n_kv):
        key, pos = string(pos)
        (kind,) = u32(data, pos)
        pos += 4
        if kind == _STRING:
            value, pos = string(pos)
        elif kind == _ARRAY:
            value, pos = _array(data, pos, order, keep=key.startswith("tokenizer."),
                                string=string)
        elif kind in _SCALAR:
            fmt = order + _SCALAR[kind]
            (value,) = struct.unpack_from(fmt, data, pos)
            pos += struct.calcsize(fmt)
        else:
            raise TokenizerFileError(f"{name}: GGUF metadata key {key!r} has unknown type "
                                     f"{kind}")
        metadata[key] = value
    return metadata


def _array(data: Any, pos: int, order: str, keep: bool, string: Any) -> tuple[Any, int]:
    elem, count = struct.unpack_from(order + "IQ", data, pos)
    pos += 12
    if elem == _STRING:
        values = [] if keep else None
        for _ in range(count):
            text, pos = string(pos)
            if keep:
                values.append(text)
        return values, pos
    if elem not in _SCALAR:
        raise _Truncated  # nested arrays: no tokenizer key has them
    width = struct.calcsize(_SCALAR[elem])
    stop = pos + width * count
    if stop > len(data):
        raise _Truncated
    if not keep:
        return None, stop
    if elem == 7:
        return [b != 0 for b in data[pos:stop]], stop
    numbers = array(_SCALAR[elem].replace("?", "B"))
    numbers.frombytes(data[pos:stop])
    if order == ">":
        numbers.byteswap()
    return numbers.tolist() if _SCALAR[elem] not in "Bb" else bytes(data[pos:stop]), stop


def parse_vocab(metadata: dict[str, Any], name: str) -> GGUFVocab:
    """The tokenizer metadata with llama.cpp's defaults (``llama_vocab::impl::load``).

    Raises:
        TokenizerFileError: no tokenizer in the file, a model or ``pre`` llama.cpp does not
            have or that is not reproduced here, arrays of the wrong length.
    """
    model = metadata.get(_KEY + "model")
    tokens = metadata.get(_KEY + "tokens")
    if model is None or tokens is None:
        raise TokenizerFileError(f"{name}: this GGUF file has no tokenizer (no "
                                 f"tokenizer.ggml.model / tokenizer.ggml.tokens metadata)")
    if model not in MODEL_TYPES:
        raise TokenizerFileError(f"{name}: GGUF tokenizer model {model!r} is not supported "
                                 f"(supported: {', '.join(MODEL_TYPES)})")
    if not isinstance(tokens, list) or not tokens:
        raise TokenizerFileError(f"{name}: tokenizer.ggml.tokens is not a list of strings")
    n = len(tokens)
    types = _numbers(metadata, "token_type", n, NORMAL, name)
    scores = _numbers(metadata, "scores", n, 0.0, name)
    merges = metadata.get(_KEY + "merges") or []
    pre = metadata.get(_KEY + "pre") or "default"
    if model == "gemma4":
        pre = "gemma4"
    vocab_type = MODEL_TYPES[model]
    if vocab_type == "BPE":
        if pre in UNSUPPORTED_PRE:
            raise TokenizerFileError(f"{name}: GGUF pre-tokenizer {pre!r} is not supported "
                                     f"yet (llama.cpp splits it with its own code)")
        if pre not in PRE_TYPES:
            raise TokenizerFileError(f"{name}: unknown GGUF pre-tokenizer {pre!r}")
        if not merges:
            raise TokenizerFileError(f"{name}: a BPE tokenizer without tokenizer.ggml.merges")
    defaults = _defaults(vocab_type, pre)
    ids = dict(defaults.pop("ids"))
    for role, key in _SPECIAL_KEYS.items():
        value = metadata.get(_KEY + key)
        if isinstance(value, int) and 0 <= value < n:
            ids[role] = value
    ids = {role: i for role, i in ids.items() if i is not None and 0 <= i < n}
    flags = {k: metadata.get(_KEY + key, v) for k, key, v in (
        ("add_bos", "add_bos_token", defaults["add_bos"]),
        ("add_eos", "add_eos_token", defaults["add_eos"]),
        ("add_space_prefix", "add_space_prefix", defaults["add_space_prefix"]),
        ("remove_extra_whitespaces", "remove_extra_whitespaces", False))}
    if pre == "gemma4":
        flags["add_bos"] = True  # llama.cpp's override for Gemma 4
    lowercase = bool(metadata.get(_KEY + "normalizer.lowercase", True))
    charsmap = metadata.get(_KEY + "precompiled_charsmap") or b""
    return GGUFVocab(
        model=model, pre=pre, tokens=tokens, types=types, scores=scores, merges=merges,
        special_ids=ids, **{k: bool(v) for k, v in flags.items()},
        precompiled_charsmap=bytes(charsmap) if not isinstance(charsmap, bytes) else charsmap,
        chat_template=metadata.get("tokenizer.chat_template"),
        name=str(metadata.get("general.name") or ""),
        architecture=str(metadata.get("general.architecture") or ""),
        lowercase=lowercase,
        strip_accents=bool(metadata.get(_KEY + "normalizer.strip_accents", lowercase)),
    )


def _numbers(metadata: dict[str, Any], key: str, n: int, default: Any, name: str) -> list:
    values = metadata.get(_KEY + key)
    if values is None:
        return [default] * n
    if not isinstance(values, list) or len(values) < n:
        raise TokenizerFileError(f"{name}: tokenizer.ggml.{key} has {len(values or [])} "
                                 f"entries for {n} tokens")
    return values[:n]


def _defaults(vocab_type: str, pre: str) -> dict[str, Any]:
    """llama.cpp's defaults per vocabulary type, before the file's own keys."""
    if vocab_type == "SPM":
        return {"ids": {"bos": 1, "eos": 2, "unk": 0}, "add_bos": True, "add_eos": False,
                "add_space_prefix": True}
    if vocab_type == "WPM":
        return {"ids": {"bos": 101, "unk": 100, "sep": 102, "pad": 0, "mask": 103},
                "add_bos": True, "add_eos": False, "add_space_prefix": False}
    if vocab_type == "UGM":
        return {"ids": {"eos": 1, "unk": 2, "pad": 0}, "add_bos": False, "add_eos": True,
                "add_space_prefix": True}
    pre_type = PRE_TYPES[pre]
    ids = {} if pre == "gemma4" else {"bos": 11, "eos": 11}
    if pre in ("chatglm-bpe", "glm4", "glm5"):
        del ids["bos"]  # llama.cpp: no bos unless the file names one
    return {"ids": ids, "add_bos": bool(pre_type.add_bos), "add_eos": False,
            "add_space_prefix": False}


@dataclass(frozen=True)
class GGUFInfo:
    """What ``subword info`` and the window show of a GGUF tokenizer (``tokenizer.gguf``)."""

    model: str
    vocab_type: str
    pre: str
    chat_template: str | None
    add_bos: bool
    add_eos: bool

    def lines(self) -> list[tuple[str, str]]:
        """``(label, value)`` lines for a description."""
        template = (f"yes ({len(self.chat_template):,} characters)" if self.chat_template
                    else "no")
        return [("gguf model", f"{self.model} ({self.vocab_type})"),
                ("gguf pre", self.pre if self.vocab_type == "BPE" else "-"),
                ("chat template", template)]


# ---------------------------------------------------------------- opening
def read_gguf(path: str | os.PathLike[str]) -> Opened:
    """Open the tokenizer in a llama.cpp ``.gguf`` file (its metadata only).

    Raises:
        TokenizerFileError: the ``gguf`` extra is missing, the file is not GGUF, is cut
            short, has no tokenizer, or uses a model or ``pre`` not supported (one line
            naming the file).
    """
    name = os.fspath(path)
    vocab = parse_vocab(read_metadata(path), name)
    try:
        tokenizer = build_tokenizer(vocab)
    except UnsupportedRegex as exc:
        raise TokenizerFileError(f"{name}: GGUF pre-tokenizer {vocab.pre!r} is not "
                                 f"supported ({exc})") from None
    return Opened(tokenizer, Source(name, FORMAT, describe(vocab), _notes(vocab)))


def describe(vocab: GGUFVocab) -> str:
    pre = f", pre {vocab.pre!r}" if vocab.vocab_type == "BPE" else ""
    # general.name is sometimes a commit hash (Gemma 4's vocab file): no name then
    named = vocab.name and not re.fullmatch(r"[0-9a-f]{32,64}", vocab.name)
    label = f"{vocab.name}: " if named else ""
    template = ", chat template" if vocab.chat_template else ""
    return (f"{label}GGUF {vocab.vocab_type} tokenizer (model {vocab.model!r}{pre}), "
            f"{len(vocab.tokens):,} tokens{template}")


def _notes(vocab: GGUFVocab) -> tuple[str, ...]:
    notes = ["control tokens are matched in the text as llama.cpp's parse_special=true does "
             "(encode_special_tokens=True: as parse_special=false)"]
    if len(set(vocab.tokens)) != len(vocab.tokens):
        notes.append("a token text appears more than once: the last id is used, as in "
                     "llama.cpp")
    return tuple(notes)


def build_tokenizer(vocab: GGUFVocab) -> Tokenizer:
    """Our pipeline for the GGUF tokenizer ``vocab`` (see the module docstring)."""
    builders = {"SPM": _spm, "BPE": _bpe, "WPM": _wpm, "UGM": _ugm}
    tokenizer = builders[vocab.vocab_type](vocab)
    _add_special_tokens(tokenizer, vocab)
    tokenizer.post_processor = _bos_eos(tokenizer, vocab)
    tokenizer.gguf = GGUFInfo(vocab.model, vocab.vocab_type, vocab.pre, vocab.chat_template,
                              vocab.add_bos, vocab.add_eos)
    return tokenizer


def _token_ids(tokens: list[str]) -> dict[str, int]:
    """text -> id; a repeated text keeps its last id (llama.cpp's ``token_to_id[word] = i``)."""
    return {text if text else f"[EMPTY_{i}]": i for i, text in enumerate(tokens)}


def _bpe_merges(merges: list[str], vocab: dict[str, int] | None = None) -> MergeColumns:
    """``"left right"`` lines as llama.cpp ranks them: split at the first space after the
    first character, the first occurrence of a pair keeps its rank. With ``vocab``, pairs
    whose parts or result are not tokens are left out (llama.cpp would make them and then
    fall back to the parts' bytes; our BPE needs every merge to make a token)."""
    if any(line[:1] == " " for line in merges) or len(set(merges)) != len(merges):
        cuts = [line.find(" ", 1) for line in merges]
        pairs = list(dict.fromkeys((line[:cut], line[cut + 1:])
                                   for line, cut in zip(merges, cuts) if cut > 0))
    else:  # the usual file: whole-list operations (a 500k-merge file in a second)
        split = [line.partition(" ") for line in merges]
        pairs = [(left, right) for left, space, right in split if space]
    if vocab is not None:
        pairs = [(left, right) for left, right in pairs
                 if left in vocab and right in vocab and left + right in vocab]
    return MergeColumns([left for left, _ in pairs], [right for _, right in pairs])


def _bpe(vocab: GGUFVocab) -> Tokenizer:
    pre = PRE_TYPES[vocab.pre]
    ids = _token_ids(vocab.tokens)
    options = {"ignore_merges": pre.ignore_merges, "byte_fallback": not pre.byte_encode}
    with paused_gc():
        try:
            model = BPE(ids, _bpe_merges(vocab.merges), **options)
        except TokenizerFileError:  # a merge that makes no token: leave those out
            model = BPE(ids, _bpe_merges(vocab.merges, ids), **options)
    tokenizer = Tokenizer(model)
    split = LlamaCppSplit(vocab.pre)
    if pre.byte_encode:
        tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
            split, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
        tokenizer.decoder = decoders.ByteLevel()
    else:
        tokenizer.pre_tokenizer = split
        tokenizer.decoder = decoders.Sequence([decoders.Replace(_SPACE, " "),
                                               decoders.ByteFallback(), decoders.Fuse()])
    if pre.escape_whitespaces:
        tokenizer.normalizer = normalizers.Replace(" ", _SPACE)
    return tokenizer


def _spm(vocab: GGUFVocab) -> Tokenizer:
    ids = _token_ids(vocab.tokens)
    unk = vocab.special_ids.get("unk")
    with paused_gc():
        merges = _merges_by_score(vocab.tokens, vocab.scores, ids)
    tokenizer = Tokenizer(BPE(ids, merges, byte_fallback=True, fuse_unk=True,
                              unk_token=vocab.tokens[unk] if unk is not None else None))
    steps: list[Any] = [normalizers.Prepend(_SPACE)] if vocab.add_space_prefix else []
    tokenizer.normalizer = normalizers.Sequence([*steps, normalizers.Replace(" ", _SPACE)])
    strip = [decoders.Strip(" ", 1, 0)] if vocab.add_space_prefix else []
    tokenizer.decoder = decoders.Sequence([decoders.Replace(_SPACE, " "),
                                           decoders.ByteFallback(), decoders.Fuse(), *strip])
    return tokenizer


def _merges_by_score(tokens: list[str], scores: list[float],
                     ids: dict[str, int]) -> MergeColumns:
    """llama.cpp's SPM merges by the score of the piece they make: every split of every
    piece (of any type: llama.cpp looks the joined text up among all tokens) into two
    pieces, highest score first (then longer left part: the order ``transformers``'
    converter gives, which llama.cpp's vocab tests agree with)."""
    found = []
    for token, score in zip(tokens, scores):
        if len(token) < 2:
            continue
        for cut in range(1, len(token)):
            left, right = token[:cut], token[cut:]
            if left in ids and right in ids:
                found.append((score, len(left), len(right), left, right))
    found.sort(key=lambda item: (item[0], item[1], item[2]), reverse=True)
    return MergeColumns([item[3] for item in found], [item[4] for item in found])


def _wpm(vocab: GGUFVocab) -> Tokenizer:
    """llama.cpp's WordPiece: the converter wrote ``▁word`` for word-initial pieces and
    ``piece`` for continuations; read back as BERT's ``word`` / ``##piece``."""
    specials = {CONTROL, UNKNOWN, USER_DEFINED}
    pieces = {}
    for i, (token, kind) in enumerate(zip(vocab.tokens, vocab.types)):
        if kind in specials or re.fullmatch(r"\[.*\]", token):
            text = token
        elif token.startswith(_SPACE):
            text = token[1:] or _SPACE
        else:
            text = "##" + token
        pieces[text] = i
    unk = vocab.special_ids.get("unk")
    # llama.cpp sets no length limit on a word (BERT's is 100 characters)
    tokenizer = Tokenizer(WordPiece(pieces, unk_token=vocab.tokens[unk] if unk is not None
                                    else "[UNK]", max_input_chars_per_word=1 << 30))
    tokenizer.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=vocab.strip_accents,
        lowercase=vocab.lowercase)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.decoder = decoders.WordPiece()
    return tokenizer


def _ugm(vocab: GGUFVocab) -> Tokenizer:
    """llama.cpp's UGM (T5): precompiled charsmap, then its whitespace rules (only ``" "``
    counts: tabs and newlines the charsmap keeps stay), ``" "`` -> ``"▁"``, Unigram over the
    whole text (no pre-tokenizer)."""
    unk = vocab.special_ids.get("unk")
    pieces = [(text if text else f"[EMPTY_{i}]", score if kind != USER_DEFINED else 0.0)
              for i, (text, score, kind) in enumerate(zip(vocab.tokens, vocab.scores,
                                                          vocab.types))]
    tokenizer = Tokenizer(Unigram(pieces, unk_id=unk, byte_fallback=False))
    steps: list[Any] = []
    if vocab.precompiled_charsmap:
        steps.append(normalizers.Precompiled(vocab.precompiled_charsmap))
    if vocab.remove_extra_whitespaces:
        # runs of spaces become one, none at the ends, and a "▁" always starts the text
        steps += [normalizers.Replace(pre_tokenizers.Regex(r"\A +| +\z"), ""),
                  normalizers.Replace(pre_tokenizers.Regex(" {2,}"), " "),
                  normalizers.Prepend(_SPACE)]
    elif vocab.add_space_prefix:
        steps.append(normalizers.Prepend(_SPACE))
    steps.append(normalizers.Replace(" ", _SPACE))
    tokenizer.normalizer = normalizers.Sequence(steps)
    tokenizer.decoder = decoders.Metaspace(
        _SPACE, prepend_scheme="always" if vocab.add_space_prefix else "never", split=False)
    return tokenizer


def _add_special_tokens(tokenizer: Tokenizer, vocab: GGUFVocab) -> None:
    """Control, unknown and user-defined tokens, matched in the raw text (llama.cpp's
    ``tokenizer_st_partition``), with llama.cpp's per-model strip attributes."""
    name = vocab.name.lower()
    phi3 = "phi-3" in name or "phi3" in name
    lstrip_mask = (any(tag in vocab.pre for tag in ("jina-v2-de", "jina-v2-es", "jina-v2-code"))
                   or vocab.architecture in ("nomic-bert-moe", "jina-bert-v3"))
    added = []
    for text, kind in zip(vocab.tokens, vocab.types):
        if kind not in (CONTROL, UNKNOWN, USER_DEFINED) or not text:
            continue
        rstrip = phi3 and text not in ("<unk>", "<s>", "<|endoftext|>")
        lstrip = (lstrip_mask and text == "<mask>") or ("modern-bert" in name
                                                         and text == "[MASK]")
        added.append(AddedToken(text, special=kind != USER_DEFINED, normalized=False,
                                rstrip=rstrip, lstrip=lstrip))
    if vocab.vocab_type == "SPM" and phi3 and "</s>" in vocab.tokens:
        added = [t if t.content != "</s>" else AddedToken("</s>", special=t.special,
                                                          normalized=False, rstrip=True)
                 for t in added]
    tokenizer.add_tokens(added)


def _bos_eos(tokenizer: Tokenizer, vocab: GGUFVocab) -> Any:
    """``add_bos`` / ``add_eos`` (WPM: ``[CLS] $A [SEP]``) as a template."""
    ids = vocab.special_ids
    bos = ids.get("bos", ids.get("cls")) if vocab.vocab_type == "WPM" else ids.get("bos")
    eos = ids.get("sep") if vocab.vocab_type == "WPM" else ids.get("eos")
    add_bos = vocab.add_bos and bos is not None
    add_eos = (vocab.add_eos or vocab.vocab_type == "WPM") and eos is not None
    if not (add_bos or add_eos):
        return None
    bos_text = vocab.tokens[bos] if add_bos else ""
    eos_text = vocab.tokens[eos] if add_eos else ""
    single = f"{bos_text}:0 " * add_bos + "$A:0" + f" {eos_text}:0" * add_eos
    pair = single + f" {bos_text}:1" * add_bos + " $B:1" + f" {eos_text}:1" * add_eos
    specials = [(text, i) for text, i, on in ((bos_text, bos, add_bos), (eos_text, eos, add_eos))
                if on]
    return processors.TemplateProcessing(single, pair, list(dict(specials).items()))


__all__ = ["FORMAT", "GGUFInfo", "GGUFVocab", "LlamaCppSplit", "PRE_TYPES", "UNSUPPORTED_PRE",
           "build_tokenizer", "describe", "parse_vocab", "read_gguf", "read_metadata"]
