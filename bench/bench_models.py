"""Model-level throughput: subword_core.models vs HF ``Model.tokenize``, word by word.

Trains (in HF, cached under bench/data/) a 32k byte-level BPE, a 30k WordPiece and a 16k
Unigram on the first MB of ``english_prose``, pre-tokenizes that MB with HF's matching
pre-tokenizer, and times ``tokenize`` on every word: with the default word cache (first
and second pass), without a cache over the distinct words (the merge / greedy / Viterbi
cost itself), and HF's model for reference (``RAYON_NUM_THREADS=1``). Times are process
CPU time, so that other load on the machine does not inflate them.

    .venv/bin/python bench/bench_models.py [corpus.txt]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from bench.corpora import DATA, english_prose
from subword_core.models import BPE, Unigram, WordPiece

MB = 1_000_000


def hf_trained(name: str, model, pre_tokenizer, trainer, lines: list[str], tag: str) -> Tokenizer:
    path = DATA / f"models_{name}_{tag}.json"
    if not path.exists():
        tokenizer = Tokenizer(model)
        tokenizer.pre_tokenizer = pre_tokenizer
        tokenizer.train_from_iterator(lines, trainer)
        tokenizer.save(str(path))
    return Tokenizer.from_file(str(path))


def seconds(fn, words: list[str]) -> float:
    start = time.process_time()
    for word in words:
        fn(word)
    return time.process_time() - start


def line(label: str, elapsed: float, count: int) -> str:
    return f"  {label:<26} {elapsed:6.2f}s {count / elapsed / 1e3:7.0f}k words/s {elapsed / count * 1e6:6.2f} us/word"


def report(name: str, ours, hf_model, words: list[str]) -> None:
    distinct = list(dict.fromkeys(words))
    ours.clear_cache()
    first, second = seconds(ours.tokenize, words), seconds(ours.tokenize, words)
    uncached = type(ours).from_dict(ours.to_dict())
    uncached._cache.capacity = 0  # measure the algorithm, not the cache
    print(f"{name}: {len(words)} words, {len(distinct)} distinct")
    print(line("ours, cache, 1st pass", first, len(words)))
    print(line("ours, cache, 2nd pass", second, len(words)))
    print(line("ours, no cache, distinct", seconds(uncached.tokenize, distinct), len(distinct)))
    print(line("HF Model.tokenize", seconds(hf_model.tokenize, words), len(words)))


def words_of(pre_tokenizer, lines: list[str]) -> list[str]:
    return [word for text in lines for word, _ in pre_tokenizer.pre_tokenize_str(text)]


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else english_prose(10)
    with source.open(encoding="utf-8") as f:
        lines = f.read(MB).splitlines()
    tag = source.stem
    print(f"corpus {source.name}: first {MB / 1e6:g} MB, {len(lines)} lines")

    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False)
    hf = hf_trained("bytebpe32k", models.BPE(), byte_level, trainers.BpeTrainer(
        vocab_size=32000, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False), lines, tag)
    start = time.perf_counter()
    bpe = BPE.from_dict(json.loads(hf.to_str())["model"])
    print(f"BPE.from_dict of {bpe!r}: {(time.perf_counter() - start) * 1e3:.0f} ms")
    words = words_of(byte_level, lines)
    report("byte-level BPE 32k", bpe, hf.model, words)
    long_word = "".join(words)[:10_000]
    bpe.clear_cache()
    print(line("ours, one 10,000-char word", seconds(bpe.tokenize, [long_word]), 1))

    bert = pre_tokenizers.BertPreTokenizer()
    hf = hf_trained("wordpiece30k", models.WordPiece(unk_token="[UNK]"), bert,
                    trainers.WordPieceTrainer(vocab_size=30000, special_tokens=["[UNK]"],
                                              show_progress=False), lines, tag)
    report("WordPiece 30k", WordPiece.from_dict(json.loads(hf.to_str())["model"]), hf.model,
           words_of(bert, lines))

    metaspace = pre_tokenizers.Metaspace()
    hf = hf_trained("unigram16k", models.Unigram(), metaspace, trainers.UnigramTrainer(
        vocab_size=16000, unk_token="<unk>", special_tokens=["<unk>"], show_progress=False),
        lines, tag)
    report("Unigram 16k", Unigram.from_dict(json.loads(hf.to_str())["model"]), hf.model,
           words_of(metaspace, lines))


if __name__ == "__main__":
    main()
