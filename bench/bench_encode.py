"""Encoding speed: ours vs HF ``tokenizers`` on the same lines, in one run.

Trains (in HF, once, cached under bench/data/) a 32k byte-level BPE and a 30k BERT
WordPiece on the CPython-stdlib corpus, loads the same tokenizer.json in both
libraries, and encodes the same text line by line (``Tokenizer.encode`` per line, reading
the ids; HF with ``RAYON_NUM_THREADS=1``). Prints MB/s for each and our share of HF's
throughput, the same share when the offsets are read too (``+offsets``: what the app reads;
ours builds offsets, word ids and masks only when first read), the p50/p95
latency of re-encoding a 2,000-character text (the app re-encodes on every keystroke;
caches warm) and of encoding 100 different 2,000-character texts with caches emptied,
the p95 of our ``explain`` on the same text (the app's pipeline view, also per keystroke),
and the time to load a large tokenizer.json.

    .venv/bin/python bench/bench_encode.py [--mb 2] [--json-file PATH]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.corpora import DATA, english_prose, head, python_stdlib  # noqa: E402


def train_hf(kind: str, corpus: Path) -> Path:
    out = DATA / f"hf_{kind}.json"
    if out.exists():
        return out
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers

    lines = head(corpus, 5)
    if kind == "bytebpe32k":
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tok.decoder = decoders.ByteLevel()
        tok.post_processor = processors.ByteLevel(trim_offsets=True)
        trainer = trainers.BpeTrainer(
            vocab_size=32000, special_tokens=["<|endoftext|>"],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False,
        )
    else:
        tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        tok.normalizer = normalizers.BertNormalizer(lowercase=True)
        tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        tok.decoder = decoders.WordPiece()
        trainer = trainers.WordPieceTrainer(
            vocab_size=30000, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"],
            show_progress=False,
        )
    tok.train_from_iterator(lines, trainer)
    if kind == "wordpiece30k":
        tok.post_processor = processors.TemplateProcessing(
            single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
            special_tokens=[("[CLS]", tok.token_to_id("[CLS]")), ("[SEP]", tok.token_to_id("[SEP]"))],
        )
    DATA.mkdir(parents=True, exist_ok=True)
    tok.save(str(out))
    return out


def multilingual_lines(mb: float) -> list[str]:
    """The bundled multilingual sample (accents, Korean, CJK, emoji...), repeated to ``mb``:
    a small text, so caches are warm on both sides; it shows the non-ASCII paths."""
    path = Path(__file__).resolve().parents[1] / "resources" / "corpora" / "multilingual.txt"
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    size = sum(len(line.encode("utf-8")) for line in lines)
    return lines * max(1, round(mb * 1e6 / size))


def reading_ids(encode):
    """``encode`` then read the ids, as a caller preparing model inputs does (HF converts
    them to a list on that read; ours may build its other columns only when read)."""
    return lambda line: encode(line).ids


def reading_offsets(encode):
    """``encode`` then read the ids and the offsets, as the app does."""
    def run(line: str):
        encoding = encode(line)
        return encoding.ids, encoding.offsets
    return run


def throughput(encode, lines: list[str]) -> float:
    n_bytes = sum(len(line.encode("utf-8")) for line in lines)
    start = time.perf_counter()
    for line in lines:
        encode(line)
    return n_bytes / (time.perf_counter() - start) / 1e6


def latency_ms(encode, text: str, repeats: int = 200) -> tuple[float, float, float]:
    times = []
    for i in range(repeats):
        edited = text[:-1] + "abcdefghij"[i % 10]  # a keystroke: cache mostly warm, like the app
        start = time.perf_counter()
        encode(edited)
        times.append((time.perf_counter() - start) * 1000)
    return (*_p50_p95(times), max(times))


def cold_latency_ms(encode, clear_cache, texts: list[str]) -> tuple[float, float]:
    """Each text new to the tokenizer: caches emptied first, as after loading a file."""
    times = []
    for text in texts:
        clear_cache()
        start = time.perf_counter()
        encode(text)
        times.append((time.perf_counter() - start) * 1000)
    return _p50_p95(times)


def _p50_p95(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[int(0.95 * len(times)) - 1]


def windows(lines: list[str], size: int = 2000, count: int = 100) -> list[str]:
    """``count`` different ``size``-char texts from the corpus."""
    joined = " ".join(lines)
    step = max(1, (len(joined) - size) // count)
    return [joined[i:i + size] for i in range(0, step * count, step)]


def load_time(path: Path) -> tuple[float, float]:
    import tokenizers

    from subword_core.tokenizer import Tokenizer

    start = time.perf_counter()
    Tokenizer.from_file(str(path))
    ours = time.perf_counter() - start
    start = time.perf_counter()
    tokenizers.Tokenizer.from_file(str(path))
    return ours, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0, help="megabytes of text to encode per corpus")
    parser.add_argument("--json-file", type=Path, help="a large tokenizer.json to time loading")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="gc.freeze() first, as the app does: no full collections mid-keystroke")
    args = parser.parse_args()

    import tokenizers

    from subword_core.tokenizer import Tokenizer

    if args.gc_freeze:
        gc.freeze()
    stdlib = python_stdlib(10)
    corpora = {"stdlib": head(stdlib, args.mb), "prose": head(english_prose(10), args.mb),
               "multi": multilingual_lines(args.mb / 4)}
    print(f"{'tokenizer':<14}{'corpus':<8}{'ours MB/s':>10}{'HF MB/s':>10}{'ours/HF':>9}"
          f"{'+offsets':>9}"
          f"{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}{'HF p95':>8}{'cold p95':>10}{'HF cold':>9}"
          f"{'explain p95':>13}")
    for kind in ("bytebpe32k", "wordpiece30k"):
        path = train_hf(kind, stdlib)
        ours = Tokenizer.from_file(str(path))
        theirs = tokenizers.Tokenizer.from_file(str(path))
        for name, lines in corpora.items():
            mb_ours = throughput(reading_ids(ours.encode), lines)
            mb_hf = throughput(reading_ids(theirs.encode), lines)
            with_offsets = (throughput(reading_offsets(ours.encode), lines)
                            / throughput(reading_offsets(theirs.encode), lines))
            text = " ".join(lines)[:2000]
            p50, p95, slowest = latency_ms(ours.encode, text)
            _, hf95, _ = latency_ms(theirs.encode, text)
            _, explain95, _ = latency_ms(ours.explain, text)  # the app's pipeline view
            fresh = windows(lines)
            _, cold95 = cold_latency_ms(ours.encode, ours.model.clear_cache, fresh)
            hf_clear = getattr(theirs.model, "_clear_cache", lambda: None)  # WordPiece has none
            _, hf_cold95 = cold_latency_ms(theirs.encode, hf_clear, fresh)
            print(f"{kind:<14}{name:<8}{mb_ours:>10.2f}{mb_hf:>10.2f}{mb_ours / mb_hf:>9.2f}"
                  f"{with_offsets:>9.2f}"
                  f"{p50:>8.2f}{p95:>8.2f}{slowest:>8.2f}{hf95:>8.2f}{cold95:>10.2f}{hf_cold95:>9.2f}"
                  f"{explain95:>13.2f}")
    json_file = args.json_file or train_hf("bytebpe32k", stdlib)
    ours_s, hf_s = load_time(json_file)
    size = json_file.stat().st_size / 1e6
    print(f"load {json_file.name} ({size:.1f} MB): ours {ours_s:.2f} s, HF {hf_s:.2f} s")


if __name__ == "__main__":
    main()
