"""Read a ``.tiktoken`` rank file (OpenAI ``tiktoken``, Llama 3, Qwen) as a byte-level BPE.

A ``.tiktoken`` file has one line per token, ``<base64 bytes> <rank>``; the rank is both
the token id and the merge priority. The pipeline built here is the one
``transformers``' ``TikTokenConverter`` builds (what the hub's ``tokenizer.json`` of
tiktoken models hold):

- model: BPE over GPT-2's byte characters (:func:`~..pre_tokenizers.bytes_to_unicode`),
  ``ignore_merges=True`` (a piece that is itself a token is never split, as in tiktoken),
  merges recovered from the ranks (:func:`merges_from_ranks`);
- pre-tokenizer: ``Split(pattern, "isolated")`` then ``ByteLevel(use_regex=False)``;
- decoder ``ByteLevel``, post-processor ``ByteLevel(trim_offsets=False)``.

The split pattern and the special tokens come from a named encoding (``encoding=``) or
are guessed from the number of ranks; the :class:`~.Source` notes say what was guessed.
Unlike the converter, special tokens keep tiktoken's ids (``<|endoftext|>`` is 100257 in
``cl100k_base``, not the next free id): they are entered in the model's vocabulary, so
the added token takes the model's id, as GPT-2's ``<|endoftext|>`` does in ``vocab.json``.

Example:
    >>> opened = read_tiktoken("cl100k_base.tiktoken")  # doctest: +SKIP
    >>> opened.tokenizer.encode("hello world").ids  # doctest: +SKIP
    [15339, 1917]
"""

from __future__ import annotations

import binascii
import codecs
import os
import re
from dataclasses import dataclass
from itertools import repeat
from operator import itemgetter

import numpy as np

from .. import decoders, processors
from .._util.gc import paused_gc
from ..errors import TokenizerFileError
from ..models.bpe import BPE, MergeColumns
from ..pre_tokenizers import ByteLevel, Regex, Sequence, Split
from ..text.gpt2_bytes import bytes_to_unicode
from ..serialization import read_text
from ..tokenizer import Tokenizer
from . import Opened, Source

FORMAT = "tiktoken"

# tiktoken_ext/openai_public.py (tiktoken 0.14): each encoding's split pattern.
_R50K_PATTERN = (
    r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
)
_CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+|"""
    r""" ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])  # fmt: skip
_ENDOFTEXT = "<|endoftext|>"
_ENDOFPROMPT = "<|endofprompt|>"


@dataclass(frozen=True)
class TiktokenEncoding:
    """A named tiktoken encoding: its split pattern and special tokens.

    Attributes:
        name: tiktoken's name (``"cl100k_base"``...).
        tiktoken_pattern: the pattern as tiktoken (fancy-regex) reads it.
        pattern: the same split for Oniguruma, which HF ``tokenizers`` uses: Ruby syntax
            reads ``{n,m}+`` as "repeat the interval", not as a possessive interval, so
            ``\\p{N}{1,3}+`` would keep any run of digits whole. Where the possessive
            closes its alternative it equals the greedy form, which is written instead.
        special_tokens: token -> tiktoken's id.
        n_ranks: how many ranks the encoding's own file has (to guess it from a file).
    """

    name: str
    tiktoken_pattern: str
    pattern: str
    special_tokens: dict[str, int]
    n_ranks: int


ENCODINGS: dict[str, TiktokenEncoding] = {
    encoding.name: encoding
    for encoding in (
        TiktokenEncoding("gpt2", _R50K_PATTERN, _R50K_PATTERN, {_ENDOFTEXT: 50256}, 50256),
        TiktokenEncoding("r50k_base", _R50K_PATTERN, _R50K_PATTERN, {_ENDOFTEXT: 50256}, 50256),
        TiktokenEncoding("p50k_base", _R50K_PATTERN, _R50K_PATTERN, {_ENDOFTEXT: 50256}, 50280),
        TiktokenEncoding(
            "cl100k_base", _CL100K_PATTERN,
            _CL100K_PATTERN.replace(r"\p{N}{1,3}+", r"\p{N}{1,3}"),
            {_ENDOFTEXT: 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259,
             "<|fim_suffix|>": 100260, _ENDOFPROMPT: 100276},
            100256,
        ),
        TiktokenEncoding("o200k_base", _O200K_PATTERN, _O200K_PATTERN,
                         {_ENDOFTEXT: 199999, _ENDOFPROMPT: 200018}, 199998),
    )
}
# Rank counts of no known encoding: GPT-2-sized vocabularies (Whisper's) split like
# r50k_base, larger ones (Llama 3, Qwen) like cl100k_base.
_SMALL_VOCAB = 75_000

_BYTE_CHARS = "".join(char for _, char in sorted(bytes_to_unicode().items()))
_TO_BYTE_VALUES = {ord(char): byte for byte, char in bytes_to_unicode().items()}
# A line that is neither blank nor "<base64> <rank>" (non-strict base64 would skip junk).
_BAD_LINE = re.compile(r"^(?![ \t]*[A-Za-z0-9+/]*={0,2}[ \t]+[0-9]+[ \t\r]*$|[ \t\r]*$).*", re.M)


def read_tiktoken(path: str | os.PathLike, *, encoding: str | None = None) -> Opened:
    """Open a ``.tiktoken`` rank file as a byte-level BPE tokenizer.

    Args:
        path: the rank file (``<base64 token> <rank>`` lines).
        encoding: one of :data:`ENCODINGS` (``"gpt2"``, ``"r50k_base"``, ``"p50k_base"``,
            ``"cl100k_base"``, ``"o200k_base"``): its split pattern and special tokens.
            None guesses it from the number of ranks (see the Source notes).

    Raises:
        TokenizerFileError: unreadable file, a line that is not ``base64 rank`` (with its
            line number), a repeated token or rank, a missing rank, an unknown encoding.
    """
    name = os.fspath(path)
    if encoding is not None and encoding not in ENCODINGS:
        raise TokenizerFileError(
            f"{name}: unknown tiktoken encoding {encoding!r} (one of {', '.join(ENCODINGS)})"
        )
    tokens, ranks = parse_ranks(read_text(path), name)
    chosen, notes = _choose_encoding(encoding, len(ranks))
    specials = chosen.special_tokens if chosen is not None else {}
    _check_ranks(ranks, specials, name)
    pattern = _pattern(chosen, len(ranks), notes)
    tokenizer = build_tokenizer(tokens, ranks, pattern, specials, name)
    label = f" ({chosen.name})" if chosen is not None else ""
    plural = "" if len(specials) == 1 else "s"
    description = (f"tiktoken byte-level BPE{label}, {len(ranks):,} ranks"
                   f" + {len(specials)} special token{plural}")
    return Opened(tokenizer, Source(name, FORMAT, description, tuple(notes)))


def _pattern(chosen: TiktokenEncoding | None, n_ranks: int, notes: list[str]) -> str:
    """The split pattern for HF, noting in ``notes`` what was guessed or rewritten."""
    if chosen is None:
        base = "r50k_base" if n_ranks < _SMALL_VOCAB else "cl100k_base"
        chosen = ENCODINGS[base]
        notes.append(f"no known encoding has {n_ranks:,} ranks: split like {base}, "
                     f"no special tokens (pass encoding= to choose)")
    if chosen.pattern != chosen.tiktoken_pattern:
        notes.append(r"split pattern: \p{N}{1,3}+ written \p{N}{1,3} (the same split; "
                     r"Oniguruma would repeat {n,m}+)")
    return chosen.pattern


def parse_ranks(text: str, name: str) -> tuple[list[str], list[int]]:
    """Tokens (as GPT-2 byte characters) and ranks of a ``.tiktoken`` file, in file order.

    Blank lines are skipped, as tiktoken does.

    Raises:
        TokenizerFileError: naming the file and the first line that is not ``base64 rank``.
    """
    # One regex pass finds any malformed line; then a single split gives both columns.
    bad = _BAD_LINE.search(text)
    fields = text.split() if bad is None else []
    try:
        if bad is not None:
            raise ValueError
        raw = list(map(binascii.a2b_base64, fields[0::2]))
    except (ValueError, binascii.Error):
        _raise_bad_line(text.split("\n"), name)
    ranks = list(map(int, fields[1::2]))
    tokens = list(map(itemgetter(0), map(
        codecs.charmap_decode, raw, repeat("strict"), repeat(_BYTE_CHARS))))
    return tokens, ranks


def _raise_bad_line(lines: list[str], name: str) -> None:
    for line_no, line in enumerate(lines, start=1):
        if not line:
            continue
        try:
            if _BAD_LINE.search(line):
                raise ValueError
            binascii.a2b_base64(line.split()[0])
        except (ValueError, binascii.Error):
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise TokenizerFileError(
                f"{name}, line {line_no}: expected '<base64 token> <rank>', got {shown!r}"
            ) from None
    raise TokenizerFileError(f"{name}: not a tiktoken rank file")  # pragma: no cover


def _choose_encoding(encoding: str | None, n_ranks: int) -> tuple[TiktokenEncoding | None, list]:
    if encoding is not None:
        return ENCODINGS[encoding], []
    for name in ("r50k_base", "p50k_base", "cl100k_base", "o200k_base"):
        if ENCODINGS[name].n_ranks == n_ranks:
            also = " (= gpt2)" if name == "r50k_base" else ""
            return ENCODINGS[name], [f"encoding guessed from {n_ranks:,} ranks: {name}{also}"]
    return None, []


def _check_ranks(ranks: list[int], specials: dict[str, int], name: str) -> None:
    """Ranks must be unique and, with the special tokens' ids, fill 0..max without holes."""
    if len(set(ranks)) != len(ranks):
        seen: dict[int, int] = {}
        for index, rank in enumerate(ranks):
            if rank in seen:
                raise TokenizerFileError(
                    f"{name}: rank {rank} appears twice (entries {seen[rank] + 1:,} and "
                    f"{index + 1:,}); ranks must be distinct"
                )
            seen[rank] = index
    taken = set(ranks)
    for token, special_id in specials.items():
        if special_id in taken:
            raise TokenizerFileError(
                f"{name}: rank {special_id} is also the id of special token {token} "
                f"(wrong encoding for this file?)"
            )
    highest = max(ranks, default=-1)
    filled = taken | {i for i in specials.values() if i < highest}
    if len(filled) != highest + 1:
        missing = min(set(range(highest + 1)) - filled)
        raise TokenizerFileError(
            f"{name}: ranks are not contiguous: no token has rank {missing} "
            f"(highest rank {highest:,})"
        )


def build_tokenizer(tokens: list[str], ranks: list[int], pattern: str,
                    specials: dict[str, int], name: str = "tiktoken ranks", *,
                    match_specials: bool = True) -> Tokenizer:
    """The converter's pipeline around byte-character ``tokens`` with their ``ranks``.

    ``match_specials=False`` enters the special tokens in the vocabulary only: they have
    ids and decode, but text that spells them is encoded as text (Tekken's control tokens).

    Raises:
        TokenizerFileError: a token appears twice (``name`` says where).
    """
    vocab = dict(zip(tokens, ranks))
    if len(vocab) != len(tokens):
        _raise_repeated_token(tokens, name)
    rank_array = np.array(ranks, dtype=np.int64)
    if np.all(rank_array[1:] > rank_array[:-1]):
        by_rank = tokens  # the usual file: in rank order
    else:
        order = np.argsort(rank_array, kind="stable")
        by_rank, rank_array = [tokens[i] for i in order.tolist()], rank_array[order]
    vocab.update(specials)
    with paused_gc():  # building ~10^6 tuples would trigger many useless collections
        model = _bpe(vocab, rank_array, *_merge_indices(by_rank))
    tokenizer = Tokenizer(model)
    tokenizer.pre_tokenizer = Sequence([
        Split(Regex(pattern), "isolated", invert=False),
        ByteLevel(add_prefix_space=False, use_regex=False),
    ])
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.post_processor = processors.ByteLevel(trim_offsets=False)
    if match_specials:
        # The specials' ids are the model's (they are in its vocabulary): tiktoken's ids.
        tokenizer.add_special_tokens(sorted(specials, key=specials.__getitem__))
    return tokenizer


def _bpe(vocab: dict[str, int], ids: np.ndarray, made: np.ndarray,
         left: np.ndarray, right: np.ndarray) -> BPE:
    """``BPE(vocab, merges, ignore_merges=True)`` for the merges ``left + right -> made``
    (indices into the tokens by rank, whose ids are ``ids``), built from ids.

    Why: BPE checks each merge by looking its three strings up (about a second for the
    500k merges of a 250k-rank file); these merges come from the ranks and are valid by
    construction, so :meth:`BPE.from_merge_ids` takes them as they are.
    """
    return BPE.from_merge_ids(vocab, ids[left].tolist(), ids[right].tolist(), ids[made].tolist(),
                              fuse_unk=False, ignore_merges=True)


def _raise_repeated_token(tokens: list[str], name: str) -> None:
    first: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if token in first:
            raw = token.translate(_TO_BYTE_VALUES).encode("latin-1")
            raise TokenizerFileError(f"{name}: token {raw!r} appears twice (entries "
                                     f"{first[token] + 1:,} and {index + 1:,})")
        first[token] = index


def merges_from_ranks(tokens: list[str]) -> MergeColumns:
    """The merges ``TikTokenConverter`` derives from the ranks, in its order.

    ``tokens`` are in rank order. Each token of two or more bytes yields one merge per
    way of cutting it into two tokens, ordered by the left part's rank; the merges are
    ordered by the rank of the token they make. Pieces are byte-character strings, so a
    cut between characters is a cut between bytes.

    Example:
        >>> merges_from_ranks(["a", "b", "c", "ab", "bc", "abc"])
        MergeColumns(lefts=['a', 'b', 'a', 'ab'], rights=['b', 'c', 'bc', 'c'])
    """
    _, left, right = _merge_indices(tokens)
    return MergeColumns([tokens[i] for i in left.tolist()], [tokens[i] for i in right.tolist()])


def _merge_indices(tokens: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(made, left, right): indices into ``tokens`` of each merge, in the converter's order.

    Why numpy: the converter tests every cut of every token with two dict lookups, 1.6M
    cuts for 250k ranks (about 5 s in Python). Here every piece gets a key at once and
    is looked up among the tokens' keys by binary search. A key is the piece's bytes as a
    base-257 number modulo 2**64 (:func:`_span_keys`): exact for pieces of up to
    :data:`_EXACT` bytes; longer pieces that match are checked byte by byte, so a key
    collision never adds a merge (and two tokens with one key send us to string lookups).
    """
    n = len(tokens)
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=n)
    ends = np.cumsum(lengths)
    starts = ends - lengths
    data = np.frombuffer("".join(tokens).translate(_TO_BYTE_VALUES).encode("latin-1"),
                         dtype=np.uint8)
    span_keys = _span_keys(data)
    token_keys = span_keys(starts, ends)
    by_key = np.argsort(token_keys)
    sorted_keys = token_keys[by_key]
    if n == 0 or np.any(sorted_keys[1:] == sorted_keys[:-1]):
        return _merge_indices_slow(tokens)

    def find(keys: np.ndarray, size: np.ndarray) -> np.ndarray:
        # Sorted queries make the binary searches walk the table in order (cache-friendly).
        order = np.argsort(keys)
        pos = np.empty_like(order)
        pos[order] = np.searchsorted(sorted_keys, keys[order])
        np.minimum(pos, n - 1, out=pos)
        found = by_key[pos]
        return np.where((sorted_keys[pos] == keys) & (lengths[found] == size), found, -1)

    cuts_per = np.maximum(lengths - 1, 0)
    made = np.repeat(np.arange(n), cuts_per)
    cut = np.arange(made.size) - np.repeat(np.cumsum(cuts_per) - cuts_per, cuts_per) + 1
    middle = starts[made] + cut
    left = find(span_keys(starts[made], middle), cut)
    keep = left >= 0
    made, middle, left = made[keep], middle[keep], left[keep]
    right = find(span_keys(middle, ends[made]), ends[made] - middle)
    keep = right >= 0
    made, left, right = made[keep], left[keep], right[keep]
    long = np.flatnonzero(lengths[made] > _EXACT + 1)  # a piece may exceed _EXACT bytes
    wrong = ~_same_bytes(data, starts, lengths, made[long], left[long], right[long])
    if wrong.any():
        keep = np.ones(made.size, dtype=bool)
        keep[long[wrong]] = False
        made, left, right = made[keep], left[keep], right[keep]
    order = np.lexsort((left, made))
    return made[order], left[order], right[order]


_EXACT = 7  # 257**7 < 2**64: keys of pieces this short are their bytes, exactly


def _span_keys(data: np.ndarray):
    """``span_keys(starts, ends)``: each ``data[s:e]`` as ``sum((b+1) * 257**i)`` mod 2**64.

    Digits b+1 are 1..256, so up to :data:`_EXACT` bytes the key is the exact number and
    differs for any other bytes or length. Prefix sums of ``(b+1) * 257**j`` give any span
    at once: subtract, then multiply by the inverse of ``257**start`` (257 is odd).
    """
    size = data.size + 1
    powers = np.full(size, 257, dtype=np.uint64)
    powers[0] = 1
    powers = np.cumprod(powers, dtype=np.uint64)  # wraps modulo 2**64, as wanted
    inverse = np.full(size, pow(257, -1, 2**64), dtype=np.uint64)
    inverse[0] = 1
    inverse = np.cumprod(inverse, dtype=np.uint64)
    prefix = np.zeros(size, dtype=np.uint64)
    np.cumsum((data.astype(np.uint64) + np.uint64(1)) * powers[:-1], out=prefix[1:])

    def span_keys(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        return (prefix[ends] - prefix[starts]) * inverse[starts]

    return span_keys


def _same_bytes(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, made: np.ndarray,
                left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Whether each ``tokens[left] + tokens[right]`` is ``tokens[made]``, as a mask."""
    sizes = lengths[made]
    owner = np.repeat(np.arange(made.size), sizes)
    offset = np.arange(owner.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    cut = lengths[left][owner]
    whole = starts[made][owner] + offset
    parts = np.where(offset < cut, starts[left][owner] + offset,
                     starts[right][owner] + offset - cut)
    wrong = np.bincount(owner[data[whole] != data[parts]], minlength=made.size)
    return wrong == 0


def _merge_indices_slow(tokens: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_merge_indices` by string lookups (the converter's loop), for hash collisions."""
    index = {token: i for i, token in enumerate(tokens)}
    found = []
    for made, token in enumerate(tokens):
        cuts = [(index[token[:cut]], index[token[cut:]]) for cut in range(1, len(token))
                if token[:cut] in index and token[cut:] in index]
        found.extend((made, left, right) for left, right in sorted(cuts))
    columns = np.array(found, dtype=np.int64).reshape(-1, 3)
    return columns[:, 0], columns[:, 1], columns[:, 2]


__all__ = ["ENCODINGS", "TiktokenEncoding", "build_tokenizer", "merges_from_ranks",
           "parse_ranks", "read_tiktoken"]
