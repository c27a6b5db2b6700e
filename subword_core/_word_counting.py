"""Word counting for :mod:`subword_core.corpus`: chunk counters, fast paths, a process pool.

A :class:`ChunkCounter` turns a chunk of documents into ``(word counts, character
counts)`` with the pipeline's normalizer and pre-tokenizer. The components track
offsets, which counting does not need and which cost tens of microseconds per
document, so where it is provably the same result the counter takes a shortcut:

- byte-level (no normalizer): count GPT-2 regex pieces, byte-map each distinct one once;
- pre-tokenizers for which a space only separates (Whitespace, WhitespaceSplit,
  BertPreTokenizer, after a char-local normalizer): split documents into segments and
  run the pipeline once per distinct segment;
- Metaspace after a char-local normalizer: normalize distinct segments once, then
  three string operations.

The tests compare every shortcut with the components on tricky strings.
:func:`count_chunks_in_pool` spreads chunks over spawned worker processes.
"""

from __future__ import annotations

import codecs
import re
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import normalizers, pre_tokenizers
from .onig import compile_onig
from .spawning import bare_main

# -- counters ----------------------------------------------------------------------------
WordsOf = Callable[[str], Iterable[str]]


def words_function(normalizer: Any = None, pre_tokenizer: Any = None) -> WordsOf:
    """The function ``document -> words`` for this normalizer and pre-tokenizer.

    ``pre_tokenizer=None`` splits on whitespace (``str.split``), a quick default for
    corpus statistics.
    """
    counter = ChunkCounter.for_components(normalizer, pre_tokenizer)
    if counter.key_map is None:
        return counter.words_of
    raw, key_map = counter.words_of, counter.key_map
    return lambda doc: [key_map(piece) for piece in raw(doc)]


class ChunkCounter:
    """Counts a chunk of documents: ``(word counts, character counts)``.

    Args:
        words_of: a document's words (or raw pieces, see ``key_map``).
        key_map: if set, applied once to each *distinct* counted piece; it must be
            one-to-one. The byte-level fast path counts raw text pieces this way and
            byte-maps each distinct piece once instead of every occurrence.
    """

    def __init__(self, words_of: WordsOf, key_map: Callable[[str], str] | None = None) -> None:
        self.words_of = words_of
        self.key_map = key_map

    @classmethod
    def for_components(cls, normalizer: Any = None, pre_tokenizer: Any = None) -> ChunkCounter:
        """The counter for these components, taking an exact shortcut where one applies."""
        fast = _byte_level_fast_path(normalizer, pre_tokenizer)
        if fast is not None:
            return fast
        normalize = normalizer.normalize_str if normalizer is not None else None
        if pre_tokenizer is None:
            return cls((lambda doc: normalize(doc).split()) if normalize else str.split)
        pre_tokenize = pre_tokenizer.pre_tokenize_str

        def words_of(doc: str) -> list[str]:
            text = normalize(doc) if normalize else doc
            return [piece for piece, _ in pre_tokenize(text)]

        if _space_separable(normalizer, pre_tokenizer):
            return cls(_memoized_by_segment(words_of, _segmenter(pre_tokenizer)))
        metaspace = _metaspace_fast_path(normalizer, pre_tokenizer)
        return cls(metaspace or words_of)

    def __call__(self, docs: list[str]) -> tuple[Counter[str], Counter[str]]:
        # 1. characters: one pass in C over the whole chunk
        chars = Counter("".join(docs))
        # 2. words: identical documents (blank lines, repeated code lines) are split once
        words: Counter[str] = Counter()
        words_of = self.words_of
        for doc, n in Counter(docs).items():
            if n == 1:
                words.update(words_of(doc))
            else:
                for word, count in Counter(words_of(doc)).items():
                    words[word] += count * n
        # 3. raw pieces to words, once per distinct piece
        if self.key_map is not None:
            key_map = self.key_map
            words = Counter({key_map(piece): count for piece, count in words.items()})
        return words, chars


#: Pre-tokenizers for which a space only separates: it is dropped, never part of a word,
#: and nothing on one side of it changes the words on the other.
_SPACE_SEPARATED_PRE_TOKENIZERS = ("Whitespace", "WhitespaceSplit", "BertPreTokenizer")
#: Normalizers that act on each character (and on combining sequences, which a space ends).
_CHAR_LOCAL_NORMALIZERS = ("BertNormalizer", "Lowercase", "NFC", "NFD", "NFKC", "NFKD",
                           "StripAccents")
_MEMO_LIMIT = 500_000


def _is_one_of(component: Any, module: Any, names: tuple[str, ...]) -> bool:
    return any(type(component) is getattr(module, name, None) for name in names)


def _char_local(normalizer: Any) -> bool:
    return normalizer is None or _is_one_of(normalizer, normalizers, _CHAR_LOCAL_NORMALIZERS)


def _space_separable(normalizer: Any, pre_tokenizer: Any) -> bool:
    """True when ``words(doc) == concat(words(seg) for seg in doc.split(" "))``."""
    return (_is_one_of(pre_tokenizer, pre_tokenizers, _SPACE_SEPARATED_PRE_TOKENIZERS)
            and _char_local(normalizer))


def _metaspace_fast_path(normalizer: Any, pre_tokenizer: Any) -> WordsOf | None:
    """Metaspace after a char-local normalizer, without offsets.

    A char-local normalizer maps ``doc`` to the space-join of its normalized
    segments, so each distinct segment is normalized once; Metaspace itself is then
    three string operations: spaces to ``▁``, prepend one, cut before each ``▁``.
    """
    if type(pre_tokenizer) is not pre_tokenizers.Metaspace or not _char_local(normalizer):
        return None
    rep, scheme, split = (pre_tokenizer.replacement, pre_tokenizer.prepend_scheme,
                          pre_tokenizer.split)
    piece = re.compile(f"{re.escape(rep)}[^{re.escape(rep)}]*|[^{re.escape(rep)}]+")
    normalize = (_memoized_by_segment(lambda seg: [normalizer.normalize_str(seg)])
                 if normalizer is not None else None)

    def words_of(doc: str) -> list[str]:
        text = " ".join(normalize(doc)) if normalize else doc
        if not text:
            return []
        text = text.replace(" ", rep)
        # "first" equals "always" here: each document is one whole text.
        if scheme != "never" and not text.startswith(rep):
            text = rep + text
        return piece.findall(text) if split else [text]

    return words_of


#: BERT isolates every ASCII punctuation character, and no normalizer above changes one.
_ASCII_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])| ")


def _segmenter(pre_tokenizer: Any) -> Callable[[str], list[str]]:
    """How to cut a document into independently pre-tokenizable segments."""
    if type(pre_tokenizer) is pre_tokenizers.BertPreTokenizer:
        return lambda doc: [seg for seg in _ASCII_PUNCTUATION.split(doc) if seg]
    return lambda doc: doc.split(" ")


def _memoized_by_segment(words_of: WordsOf,
                         segments: Callable[[str], list[str]] = lambda doc: doc.split(" "),
                         ) -> WordsOf:
    """Cut documents into segments and compute each distinct segment's words once.

    Why: the offset-tracking pipeline costs tens of microseconds per document, while
    segments (words, punctuation) repeat with Zipf frequencies, so most are cache
    hits. Valid only where words never span a segment boundary (see callers).
    """
    memo: dict[str, list[str]] = {}

    def cached(doc: str) -> list[str]:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()  # bound memory on corpora with huge vocabularies
        out: list[str] = []
        for segment in segments(doc):
            words = memo.get(segment)
            if words is None:
                words = memo[segment] = list(words_of(segment))
            out += words
        return out

    return cached


def _byte_level_fast_path(normalizer: Any, pre_tokenizer: Any) -> ChunkCounter | None:
    """ByteLevel without a normalizer: count GPT-2 regex pieces, byte-map distinct ones.

    Same words as ``pre_tokenizers.byte_level_words`` (the tests check it), but that
    function maps every occurrence; here each distinct piece is mapped once.
    """
    if normalizer is not None or type(pre_tokenizer) is not pre_tokenizers.ByteLevel:
        return None
    pattern = compile_onig(pre_tokenizers.GPT2_PATTERN)
    byte_map = pre_tokenizers.bytes_to_unicode()
    table = "".join(byte_map[b] for b in range(256))
    add_prefix_space, use_regex = pre_tokenizer.add_prefix_space, pre_tokenizer.use_regex

    def raw_pieces(doc: str) -> list[str]:
        # HF prepends a space only when the text does not start with a literal space.
        if add_prefix_space and doc and not doc.startswith(" "):
            doc = " " + doc
        if not doc:
            return []
        return pattern.for_text(doc).findall(doc) if use_regex else [doc]

    def byte_chars(piece: str) -> str:
        # subtle: surrogatepass, as the pre-tokenizer does for lone surrogates
        return codecs.charmap_decode(piece.encode("utf-8", "surrogatepass"), "strict", table)[0]

    return ChunkCounter(raw_pieces, byte_chars)


# -- several processes ------------------------------------------------------------------------
_worker_counter: ChunkCounter | None = None  # set once per worker process by _init_worker


def _init_worker(normalizer: Any, pre_tokenizer: Any) -> None:
    global _worker_counter  # a worker process's own state, built once from the pickled components
    # Ctrl-C reaches the whole process group; the parent alone handles it (and stops the pool),
    # so workers do not each print a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_counter = ChunkCounter.for_components(normalizer, pre_tokenizer)


def _count_in_worker(docs: list[str]) -> tuple[Counter[str], Counter[str]]:
    assert _worker_counter is not None
    return _worker_counter(docs)


def count_chunks_in_pool(chunks: Iterator[list[str]], normalizer: Any, pre_tokenizer: Any,
                         n_workers: int) -> Iterator[tuple[Counter[str], Counter[str]]]:
    """Count chunks in ``n_workers`` spawned processes, in order, with a bounded backlog.

    subtle: ``Pool.imap`` would drain ``chunks`` as fast as the file reads, i.e. the
    whole corpus into memory when workers are slower than the disk; ``apply_async``
    with a window of ``2 * n_workers`` keeps at most that many chunks in flight.
    """
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with bare_main():
        pool = ctx.Pool(n_workers, initializer=_init_worker, initargs=(normalizer, pre_tokenizer))
    try:
        pending: deque = deque()
        for chunk in chunks:
            pending.append(pool.apply_async(_count_in_worker, (chunk,)))
            if len(pending) >= 2 * n_workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()
    finally:
        pool.terminate()
        pool.join()
