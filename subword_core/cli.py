"""The ``subword`` command: train, encode with, describe and convert tokenizers from a shell.

    subword train FILE... --algorithm {byte-bpe,bpe,wordpiece,unigram} --vocab-size N -o OUT.json
    subword train FILE... --like TOKENIZER --vocab-size N -o OUT.json
    subword count FILE... (--algorithm A | --like TOKENIZER) -o COUNTS.tsv.gz
                          [--workers N] [--dask ADDRESS | --dask local]
    subword train --counts COUNTS.tsv.gz --algorithm A --vocab-size N -o OUT.json
    subword train --algorithm parity-bpe --languages-dir DIR [--dev-dir DIR]
                  [--variant {base,window}] [--global-merges N] --vocab-size N -o OUT.json
    subword encode -t TOKENIZER [--json] (TEXT | --file PATH)
    subword info TOKENIZER
    subword audit TOKENIZER [--corpus FILE...] [--json] [--csv OUT.csv] [--limit N]
    subword prune TOKENIZER (--ids ID... | --category C --corpus FILE...) -o OUT
                  [--remap [--mapping MAP.json]] [--pretrained]
    subword extend TOKENIZER FILE... --vocab-size N -o OUT [--pretrained]
    subword merge TOKENIZER OTHER -o OUT [--pretrained]
    subword convert TOKENIZER -o OUT [--format F] [--encoding E] [--flavor F] [--pretrained]
    subword diff A B [--corpus FILE...] [--limit N] [--no-probes] [--json]
    subword languages CORPUS -t TOKENIZER... [--pivot eng_Latn] [--alpha 2.5]
                      [--denominator {observed,vocab}] [--limit N] [--json] [--csv OUT.csv]

TOKENIZER is anything :func:`subword_core.formats.open_tokenizer` opens: a ``tokenizer.json``,
a model folder, ``vocab.json`` + ``merges.txt``, a ``vocab.txt``, a SentencePiece model, a
tiktoken file, subword-nmt codes, TFDS subwords, Mistral's ``tekken.json``. ``convert`` writes it as ``tokenizer.json``,
or with ``--pretrained`` as a folder ``transformers.AutoTokenizer`` loads.

``diff`` encodes built-in probe texts and a corpus's lines with two tokenizers (any formats)
and reports the agreement rate, the first differing text shrunk to a shortest differing
substring, its first differing token and the pipeline stage where the two part
(:mod:`subword_core.analysis.conformance`). It exits 0 when they agree on every text, 1
when they differ.
``languages`` reads a parallel corpus (a folder of one file per language such as FLORES-200's
``eng_Latn.dev``, a TSV/CSV with a column per language, or JSONL with a language field) and
prints, per tokenizer and language, tokens, bytes and characters per token, tokens per word,
the premium against the pivot, vocabulary use, Rényi efficiency and the unknown rate, plus
each tokenizer's Gini across languages (:mod:`subword_core.analysis.languages`); ``--json``
prints one JSON object per tokenizer and line, ``--csv`` writes every number.
``--algorithm parity-bpe`` trains parity-aware BPE (:mod:`subword_core.training.parity`) on
``--languages-dir``, one file per language named by its code (``eng_Latn.txt``); the dev
texts that measure parity are in ``--dev-dir`` (default: its ``dev`` subfolder if there is
one; without dev texts, parity is measured by compression on the training texts).

``count`` writes the word counts of a preset's (or a tokenizer's) normalizer and
pre-tokenizer as a counts file; ``train --counts`` trains from it without reading the
corpus again, and refuses counts made with another pipeline. ``count`` runs in one
process, in ``--workers N`` processes, or on a Dask cluster (``--dask ADDRESS``, or
``--dask local`` for a local cluster of ``--workers`` processes); see docs/scale.md.

A thin layer over :func:`subword_core.training.presets.train_tokenizer`,
:func:`~subword_core.formats.open_tokenizer` and :class:`~subword_core.tokenizer.Tokenizer`.
Exit status: 0 success, 1 a data error
(any ``SubwordError``, or an ``OSError`` on a user's file) reported as one line
``subword: error: ...`` without a traceback, 2 a usage error (argparse), 130 on
Ctrl-C. Outputs are written atomically, so a failed or interrupted run leaves an
existing file untouched. A progress bar goes to stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from ._util.fileio import atomic_write_text
from ._util.progress import Progress, is_terminal
from .corpus import Corpus
from .corpus.counting import connect, iter_count, local_client
from .corpus.counts_file import corpus_files, write_counts
from .errors import SubwordError
from .formats import FORMATS, open_for_saving, open_tokenizer
from .formats.llama_pre_hash import describe_pre_hash
from .training.presets import counting_pipeline, train_tokenizer

PROG = "subword"
EXIT_OK, EXIT_DATA, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 1, 2, 130, 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (the console script exits with it)."""
    parser = build_parser()
    args = parser.parse_args(argv)  # exits with 2 on a usage error
    if args.command == "train":
        _check_train_args(parser, args)
    elif args.command == "count" and args.dask not in (None, "local") and args.workers:
        parser.error("--workers sets the size of a local cluster (--dask local); "
                     "a scheduler's cluster has its own workers")
    try:
        return args.run(args)
    except KeyboardInterrupt:
        _clear_progress()
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # `subword info x.json | head`: the reader left; say nothing, as shell tools do.
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except (SubwordError, OSError) as exc:
        _clear_progress()
        print(f"{PROG}: error: {_one_line(exc)}", file=sys.stderr)
        return EXIT_DATA


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with its subcommands."""
    parser = argparse.ArgumentParser(prog=PROG, description="Train, apply and inspect subword "
                                     "tokenizers (tokenizer.json compatible with HF tokenizers).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    train = sub.add_parser("train", help="train a tokenizer on text files")
    train.add_argument("files", nargs="*", metavar="FILE",
                       help="corpus files or directories (.txt .jsonl .json .csv .tsv, "
                            "optionally .gz .bz2 .xz; .parquet .arrow)")
    train.add_argument("--counts", metavar="COUNTS.tsv.gz",
                       help="train from the word counts `subword count` wrote, not from FILEs")
    recipe = train.add_mutually_exclusive_group(required=True)
    recipe.add_argument("--algorithm", "-a",
                        choices=("byte-bpe", "bpe", "wordpiece", "unigram", "parity-bpe"))
    recipe.add_argument("--like", metavar="TOKENIZER",
                        help="retrain this tokenizer's pipeline (its normalizer, pre-tokenizer, "
                             "model type, special tokens...) on the corpus")
    train.add_argument("--vocab-size", "-v", required=True, type=_positive_int, metavar="N")
    train.add_argument("--min-frequency", type=_non_negative_int, metavar="K",
                       help="minimum pair count to merge (BPE, WordPiece)")
    train.add_argument("--special-tokens", nargs="*", metavar="TOK",
                       help="special tokens, in id order (default: the algorithm's own); "
                            "with --like, added after the tokenizer's own")
    train.add_argument("--scoring", choices=("likelihood", "frequency"),
                       help="WordPiece pair score (default likelihood)")
    train.add_argument("--field", default="text", help="JSON field holding the text (default text)")
    train.add_argument("--column", help="CSV/TSV/Parquet/Arrow column: name or 0-based index "
                       "(default text, or the only column)")
    train.add_argument("--glob", help="file pattern inside directories (default **/*)")
    train.add_argument("--workers", type=_positive_int, metavar="N",
                       help="word-counting processes (default: automatic)")
    train.add_argument("--output", "-o", required=True, metavar="OUT.json")
    train.add_argument("--history", metavar="HIST.jsonl",
                       help="also save the training history (JSON lines)")
    parity = train.add_argument_group("parity-bpe (one corpus per language)")
    parity.add_argument("--languages-dir", metavar="DIR",
                        help="one training file per language, named by its code "
                             "(eng_Latn.txt, kor_Hang.txt, ...)")
    parity.add_argument("--dev-dir", metavar="DIR",
                        help="the parallel dev texts, named the same way (default DIR/dev)")
    parity.add_argument("--variant", choices=("base", "window"), default="base",
                        help="window: moving-window balancing (default base)")
    parity.add_argument("--global-merges", type=_non_negative_int, default=0, metavar="N",
                        help="the first N merges are plain BPE over all languages (hybrid)")
    parity.add_argument("--window-size", type=_positive_int, default=100, metavar="N",
                        help="merges in the moving window (default 100)")
    parity.add_argument("--alpha", type=float, default=2.0,
                        help="moving window: a language wins at most alpha/languages of "
                             "the window (default 2)")
    train.set_defaults(run=_train)

    count = sub.add_parser("count", help="count a corpus's words once, to train from later")
    count.add_argument("files", nargs="+", metavar="FILE",
                       help="corpus files or directories (as for train)")
    pipeline = count.add_mutually_exclusive_group(required=True)
    pipeline.add_argument("--algorithm", "-a", choices=("byte-bpe", "bpe", "wordpiece", "unigram"),
                          help="count with this preset's normalizer and pre-tokenizer")
    pipeline.add_argument("--like", metavar="TOKENIZER",
                          help="count with this tokenizer's normalizer and pre-tokenizer")
    count.add_argument("--field", default="text", help="JSON field holding the text (default text)")
    count.add_argument("--column", help="CSV/TSV/Parquet/Arrow column: name or 0-based index "
                       "(default text, or the only column)")
    count.add_argument("--glob", help="file pattern inside directories (default **/*)")
    count.add_argument("--workers", type=_positive_int, metavar="N",
                       help="counting processes, each reading its own parts of the files "
                            "(default: automatic, as for train); with --dask local, the "
                            "cluster's worker processes")
    count.add_argument("--dask", metavar="ADDRESS",
                       help="count on the Dask scheduler at ADDRESS (tcp://host:8786), or "
                            "'local' for a local cluster; needs pip install '.[dask]'")
    count.add_argument("--partition-mb", type=_positive_int, metavar="MB", default=64,
                       help="split plain-text and Parquet files into parts of about MB "
                            "megabytes (default 64)")
    count.add_argument("--output", "-o", required=True, metavar="COUNTS.tsv.gz")
    count.set_defaults(run=_count)

    encode = sub.add_parser("encode", help="encode text with a tokenizer")
    encode.add_argument("--tokenizer", "-t", required=True, metavar="TOKENIZER",
                        help="a tokenizer.json, a model folder or another tokenizer file")
    encode.add_argument("--json", action="store_true",
                        help="print JSON: ids, tokens, offsets, word_ids")
    source = encode.add_mutually_exclusive_group(required=True)
    source.add_argument("text", nargs="?", metavar="TEXT")
    source.add_argument("--file", "-f", metavar="PATH", help="encode this file's text (- = stdin)")
    encode.set_defaults(run=_encode)

    info = sub.add_parser("info", help="describe a tokenizer")
    info.add_argument("tokenizer", metavar="TOKENIZER",
                      help="a tokenizer.json, a model folder or another tokenizer file")
    info.set_defaults(run=_info)

    audit = sub.add_parser("audit", help="audit a vocabulary: unreachable, partial UTF-8, "
                                         "unused and residue tokens")
    audit.add_argument("tokenizer", metavar="TOKENIZER",
                       help="a tokenizer.json, a model folder or another tokenizer file")
    audit.add_argument("--corpus", nargs="+", metavar="FILE", default=None,
                       help="corpus files: adds counts, unused and residue tokens")
    audit.add_argument("--json", action="store_true",
                       help="print every token's categories as JSON")
    audit.add_argument("--csv", metavar="OUT", help="also write every token's row as CSV")
    audit.add_argument("--limit", type=_non_negative_int, default=10, metavar="N",
                       help="tokens listed per category in the table (default: %(default)s)")
    audit.set_defaults(run=_audit)

    _surgery_parsers(sub)

    convert = sub.add_parser("convert", help="convert a tokenizer file to tokenizer.json")
    convert.add_argument("tokenizer", metavar="TOKENIZER",
                         help="a model folder, vocab.json/merges.txt, vocab.txt, .model, "
                              ".tiktoken, subword-nmt codes, .subwords or tokenizer.json")
    convert.add_argument("--output", "-o", required=True, metavar="OUT",
                         help="tokenizer.json to write (a folder with --pretrained)")
    convert.add_argument("--format", choices=_formats(), help="the input's format "
                         "(default: detected)")
    convert.add_argument("--encoding", metavar="E",
                         help="tiktoken encoding name (e.g. cl100k_base)")
    convert.add_argument("--flavor", metavar="F",
                         help="SentencePiece flavor (e.g. t5, llama, llama-legacy)")
    convert.add_argument("--pretrained", action="store_true",
                         help="write a transformers folder: tokenizer.json, "
                              "tokenizer_config.json, special_tokens_map.json")
    convert.set_defaults(run=_convert)

    diff = sub.add_parser("diff", help="find where two tokenizers part (exit 1 if they do)")
    diff.add_argument("left", metavar="A", help="a tokenizer file or folder")
    diff.add_argument("right", metavar="B", help="the tokenizer to compare it with")
    diff.add_argument("--corpus", nargs="+", metavar="FILE", default=[],
                      help="also compare on each line of these text files")
    diff.add_argument("--limit", type=_positive_int, metavar="N",
                      help="at most N corpus lines")
    diff.add_argument("--no-probes", action="store_true",
                      help="skip the built-in probe texts")
    diff.add_argument("--json", action="store_true", help="print the report as JSON")
    diff.set_defaults(run=_diff)
    languages = sub.add_parser("languages", help="what each language of a parallel corpus "
                               "costs in tokens")
    languages.add_argument("corpus", metavar="CORPUS", help="a folder of one file per language "
                           "(eng_Latn.dev...), a .tsv/.csv with a column per language, or .jsonl")
    languages.add_argument("--tokenizer", "-t", required=True, action="append",
                           metavar="TOKENIZER", help="a tokenizer file or folder (repeatable)")
    languages.add_argument("--pivot", default="eng_Latn",
                           help="the language premiums are measured against (default eng_Latn)")
    languages.add_argument("--alpha", type=float, default=2.5, help="Rényi's α (default 2.5)")
    languages.add_argument("--denominator", choices=("observed", "vocab"), default="observed",
                           help="Rényi efficiency over the observed types or the vocabulary size")
    languages.add_argument("--limit", type=_positive_int, metavar="N",
                           help="only the first N sentences of each language")
    languages.add_argument("--json", action="store_true",
                           help="one JSON object per tokenizer and line")
    languages.add_argument("--csv", metavar="OUT", help="write every number as CSV")
    languages.set_defaults(run=_run_languages)
    return parser


def _formats() -> tuple[str, ...]:
    return FORMATS


def _positive_int(text: str) -> int:
    value = _int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return value


def _non_negative_int(text: str) -> int:
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {text!r}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def _check_train_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if (args.algorithm == "parity-bpe") != (args.languages_dir is not None):
        parser.error("--algorithm parity-bpe trains on --languages-dir DIR (and only it)"
                     if args.languages_dir is None
                     else "--languages-dir is for --algorithm parity-bpe")
    if args.languages_dir is not None:
        if args.files or args.counts:
            parser.error("parity-bpe reads --languages-dir, not FILEs or --counts")
        return
    # with --like the model type is only known once the file is read (train_tokenizer checks)
    if args.scoring is not None and args.like is None and args.algorithm != "wordpiece":
        parser.error("--scoring applies to --algorithm wordpiece only")
    if bool(args.files) == bool(args.counts):
        parser.error("give corpus FILEs or --counts, not both" if args.files
                     else "give corpus FILEs or --counts COUNTS.tsv.gz")


# -- train ------------------------------------------------------------------------------------
def _train(args: argparse.Namespace) -> int:
    # Imported here so that `info`, `encode` and `--help` do not load the trainers.
    from pathlib import Path

    # 1. run the shared training path, drawing progress from its events
    start = time.perf_counter()
    like = _open_like(args.like) if args.like is not None else None
    # --column "2" is a header name if there is one, else an index: corpus decides.
    gen = _run_parity(args) if args.languages_dir is not None else train_tokenizer([Path(f) for f in args.files] or None, args.algorithm, args.vocab_size,
                          min_frequency=args.min_frequency, special_tokens=args.special_tokens,
                          scoring=args.scoring, field=args.field, column=args.column,
                          glob=args.glob, n_workers=args.workers, like=like, counts=args.counts)
    progress = Progress(sys.stderr)
    tokenizer, history, report = progress.run(gen)
    for warning in report.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)

    # 2. write atomically; the history first, so that a failure there leaves OUT.json as it was
    if args.history:
        history.save(args.history)
    atomic_write_text(args.output, tokenizer.to_str(pretty=True))
    if progress.enabled:
        size = tokenizer.get_vocab_size(with_added_tokens=True)
        recipe = args.algorithm or f"like {args.like}"
        print(f"{PROG}: {recipe}, vocab {size:,}, from {report.summary()} "
              f"-> {args.output} ({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return EXIT_OK


def _run_parity(args: argparse.Namespace) -> Any:
    """``train --algorithm parity-bpe``: the training generator over a languages folder."""
    from .training.parity import language_files, train_parity_tokenizer

    files, dev = language_files(args.languages_dir, args.dev_dir)
    reading = {"field": args.field, "column": args.column, "glob": args.glob}
    languages = {lang: Corpus(paths, **reading) for lang, paths in files.items()}
    dev_sources = None if dev is None else {
        lang: Corpus(paths, **reading) for lang, paths in dev.items()}
    return train_parity_tokenizer(languages, args.vocab_size, dev=dev_sources,
                                  min_frequency=args.min_frequency,
                                  special_tokens=args.special_tokens, n_workers=args.workers,
                                  variant=args.variant, global_merges=args.global_merges,
                                  window_size=args.window_size, alpha=args.alpha)


# -- count ------------------------------------------------------------------------------------
def _count(args: argparse.Namespace) -> int:
    from contextlib import nullcontext
    from pathlib import Path

    start = time.perf_counter()
    # 1. the pipeline, then the corpus (both fail fast, before any cluster starts)
    like = _open_like(args.like) if args.like is not None else None
    preset = counting_pipeline(args.algorithm, like=like)
    corpus = Corpus([Path(f) for f in args.files], field=args.field, column=args.column,
                    glob=args.glob)
    # 2. count where asked, drawing progress from the events
    if args.dask == "local":
        cluster = local_client(args.workers or os.cpu_count() or 1)
    elif args.dask is not None:
        cluster = _closing(connect(args.dask))
    else:
        cluster = nullcontext()
    progress = Progress(sys.stderr)
    with cluster as client:
        gen = iter_count(corpus, preset.normalizer, preset.pre_tokenizer, client=client,
                         n_workers=None if client is not None else args.workers,
                         partition_bytes=args.partition_mb << 20)
        result = progress.run(gen)
    for warning in result.report.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    # 3. the files' sizes and SHA-256, then the counts file, written atomically
    write_counts(args.output, result, preset.normalizer, preset.pre_tokenizer,
                 files=corpus_files(corpus))
    if progress.enabled:
        print(f"{PROG}: {result.report.summary()} -> {args.output} "
              f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return EXIT_OK


def _closing(client: Any) -> Any:
    from contextlib import closing

    return closing(client)


def _open_like(path: str) -> Any:
    """The tokenizer ``--like`` names: anything :func:`~subword_core.formats.open_tokenizer`
    opens (tokenizer.json, a model folder, a SentencePiece .model, a .tiktoken file...)."""
    return open_tokenizer(path)


def _clear_progress() -> None:
    # After an error the cursor may sit at the end of a progress line: start a fresh one.
    if is_terminal(sys.stderr):
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


# -- encode -----------------------------------------------------------------------------------
def _encode(args: argparse.Namespace) -> int:
    tokenizer = _load(args.tokenizer)
    text = _read_text(args.file) if args.file is not None else args.text
    encoding = tokenizer.encode(text)
    if args.json:
        data = {"ids": encoding.ids, "tokens": encoding.tokens,
                "offsets": [list(o) for o in encoding.offsets], "word_ids": encoding.word_ids}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_encoding(text, encoding))
    return EXIT_OK


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, "rb") as fh:
        data = fh.read()
    text = data.decode("utf-8", "replace")
    if "\ufffd" in text and b"\xef\xbf\xbd" not in data:
        print(f"{PROG}: warning: {path}: invalid UTF-8 replaced by U+FFFD", file=sys.stderr)
    return text


def format_encoding(text: str, encoding: Any) -> str:
    """A readable table: index, id, token, character span, word id and the covered text."""
    rows = [("#", "id", "token", "span", "word", "text")]
    for i, (tid, tok, (start, end), word) in enumerate(
            zip(encoding.ids, encoding.tokens, encoding.offsets, encoding.word_ids, strict=True)):
        covered = _quote(text[start:end]) if end > start else ""
        rows.append((str(i), str(tid), _quote(tok), f"{start}:{end}",
                     "-" if word is None else str(word), covered))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [row[0].rjust(widths[0]), row[1].rjust(widths[1])]
        cells += [cell.ljust(w) for cell, w in zip(row[2:5], widths[2:], strict=True)]
        lines.append("  ".join(cells + [row[5]]).rstrip())
    lines.append(f"{len(encoding.ids)} tokens")
    return "\n".join(lines)


def _quote(s: str) -> str:
    # JSON quoting shows spaces at the edges and escapes control characters like \n.
    return json.dumps(s, ensure_ascii=False)


# -- info -------------------------------------------------------------------------------------
def _info(args: argparse.Namespace) -> int:
    tokenizer = _load(args.tokenizer)
    print(describe(tokenizer, args.tokenizer))
    return EXIT_OK


def _audit(args: argparse.Namespace) -> int:
    from .analysis.audit import CATEGORIES, iter_audit

    tokenizer = _load(args.tokenizer)
    documents = None
    if args.corpus:
        documents = Corpus(list(args.corpus)).iter_documents()
    report = _drive_with_progress(iter_audit(tokenizer, documents))
    if args.csv:
        atomic_write_text(args.csv, report.to_csv())
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
        return EXIT_OK
    counts = report.counts()
    print(f"{args.tokenizer}: {len(report.tokens):,} entries"
          + (" (with corpus counts)" if report.with_corpus else ""))
    for category in CATEGORIES:
        print(f"{category:<22}{counts[category]:>8,}")
    for category in CATEGORIES:
        listed = report.with_category(category)[: args.limit]
        if listed:
            print(f"\n{category}:")
        for token in listed:
            print("  " + _audit_line(token))
    return EXIT_OK


def _surgery_parsers(sub: Any) -> None:
    def output(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--output", "-o", required=True, metavar="OUT",
                            help="tokenizer.json to write (a folder with --pretrained)")
        parser.add_argument("--pretrained", action="store_true",
                            help="write a transformers folder (save_pretrained)")

    prune = sub.add_parser("prune", help="remove tokens (and, for BPE, the merges that need "
                                         "them)")
    prune.add_argument("tokenizer", metavar="TOKENIZER")
    chosen = prune.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--ids", nargs="+", type=_non_negative_int, metavar="ID")
    chosen.add_argument("--category", choices=("unreachable", "unused", "residue",
                                               "normalized_duplicate", "partial_utf8"),
                        help="the tokens the audit puts in this category (unused: only those "
                             "never formed on the corpus, not even inside a longer token, so "
                             "the corpus splits as before)")
    prune.add_argument("--corpus", nargs="+", metavar="FILE", default=None,
                       help="the corpus of the audit (unused, residue) and of the diff printed")
    prune.add_argument("--remap", action="store_true",
                       help="renumber the ids that stay (default: keep ids, leaving holes)")
    prune.add_argument("--mapping", metavar="MAP", help="with --remap: write old -> new ids "
                                                        "as JSON")
    output(prune)
    prune.set_defaults(run=_prune)
    extend = sub.add_parser("extend", help="continue training a BPE on new text")
    extend.add_argument("tokenizer", metavar="TOKENIZER")
    extend.add_argument("files", nargs="+", metavar="FILE")
    extend.add_argument("--vocab-size", type=_positive_int, required=True, metavar="N")
    output(extend)
    extend.set_defaults(run=_extend)
    merge = sub.add_parser("merge", help="join two BPE tokenizers (the first one's ids stay)")
    merge.add_argument("tokenizer", metavar="TOKENIZER")
    merge.add_argument("other", metavar="OTHER")
    output(merge)
    merge.set_defaults(run=_merge)


def _prune(args: argparse.Namespace) -> int:
    from .analysis.audit import audit, prunable
    from .analysis.surgery import prune

    if args.mapping and not args.remap:
        raise SubwordError("--mapping needs --remap (kept ids map to themselves)")
    if args.category in ("unused", "residue") and not args.corpus:
        raise SubwordError(f"--category {args.category} needs --corpus")
    tokenizer = _load(args.tokenizer)
    ids = args.ids
    if args.category:
        report = audit(tokenizer, _documents(args.corpus))
        ids = prunable(report, args.category)
    result = prune(tokenizer, ids, remap=args.remap)
    _write_edit(result.tokenizer, args)
    if args.mapping:
        atomic_write_text(args.mapping, result.mapping_json())
    print(f"removed {len(result.removed):,} tokens; {result.tokenizer.get_vocab_size():,} "
          f"remain")
    _print_diff(tokenizer, result.tokenizer, args.corpus)
    return EXIT_OK


def _extend(args: argparse.Namespace) -> int:
    from .analysis.surgery import extend

    tokenizer = _load(args.tokenizer)
    result = extend(tokenizer, _documents(args.files), args.vocab_size)
    _write_edit(result.tokenizer, args)
    print(f"added {len(result.added):,} tokens and {len(result.history.merges):,} merges; "
          f"{result.tokenizer.get_vocab_size():,} entries")
    return EXIT_OK


def _merge(args: argparse.Namespace) -> int:
    from .analysis.surgery import merge_bpe

    result = merge_bpe(_load(args.tokenizer), _load(args.other))
    _write_edit(result.tokenizer, args)
    print(f"added {len(result.added):,} tokens; {result.tokenizer.get_vocab_size():,} entries")
    for conflict in result.conflicts:
        print(f"conflict: {conflict}")
    return EXIT_OK


def _documents(files: list[str] | None) -> Any:
    return Corpus(list(files or [])).iter_documents()


def _write_edit(tokenizer: Any, args: argparse.Namespace) -> None:
    if args.pretrained:
        tokenizer.save_pretrained(args.output)
    else:
        tokenizer.save(args.output)


def _print_diff(before: Any, after: Any, corpus: list[str] | None, shown: int = 10) -> None:
    from .analysis.surgery import corpus_diff

    if not corpus:
        return
    diff = corpus_diff(before, after, _documents(corpus), shown)
    if diff.identical:
        print(f"corpus: every one of {diff.words:,} distinct words splits as before")
        return
    print(f"corpus: {diff.changed:,} of {diff.words:,} distinct words split differently; "
          f"tokens {diff.tokens_before:,} -> {diff.tokens_after:,}")
    for change in diff.changes:
        print(f"  {change.word} ({change.count:,}): {' '.join(change.before)} -> "
              f"{' '.join(change.after)}")


def _audit_line(token: Any) -> str:
    parts = [f"{token.id:>7}", token.readable]
    if token.witness is not None:
        parts.append(f"witness={_quote(token.witness)}")
    if token.count is not None:
        parts.append(f"count={token.count:,}")
    if token.inside:
        parts.append(f"inside={token.inside:,}")
    if token.duplicate_of is not None:
        parts.append(f"duplicate_of={token.duplicate_of}")
    return "  ".join(parts)


def _drive_with_progress(gen: Any) -> Any:
    """Run an event generator; a progress line on stderr when it is a terminal."""
    show = is_terminal(sys.stderr)
    while True:
        try:
            event = next(gen)
        except StopIteration as stop:
            _clear_progress()
            return stop.value
        if show:
            total = f"/{event.total:,}" if event.total else ""
            print(f"\r{event.stage}: {event.current:,}{total}", end="", file=sys.stderr)


def describe(tokenizer: Any, path: str = "") -> str:
    """A short description: where it came from, components, vocabulary size, special tokens."""
    model = tokenizer.model
    added = tokenizer.get_added_tokens_decoder()
    specials = [f"{tok.content} ({i})" for i, tok in sorted(added.items()) if tok.special]
    lines = [("file", path)] if path else []
    source = getattr(tokenizer, "source", None)
    if source is not None:
        lines += [("format", source.format), ("source", source.description)]
        lines += [("note", note) for note in source.notes]
    lines += [
        ("model", f"{type(model).__name__} ({model.get_vocab_size():,} entries)"),
        ("normalizer", _component(tokenizer.normalizer)),
        ("pre-tokenizer", _component(tokenizer.pre_tokenizer)),
        ("post-processor", _component(tokenizer.post_processor)),
        ("decoder", _component(tokenizer.decoder)),
        ("vocab size", f"{tokenizer.get_vocab_size(with_added_tokens=True):,} "
                       f"(with {len(added)} added tokens)"),
        ("special tokens", ", ".join(specials) or "none"),
    ]
    lines += _pretrained_lines(getattr(tokenizer, "pretrained", None))
    gguf = getattr(tokenizer, "gguf", None)
    lines += gguf.lines() if gguf is not None else []
    lines.append(("llama pre hash", _pre_hash(tokenizer)))  # llama.cpp's, see _pre_hash
    width = max(len(k) for k, _ in lines) + 1
    return "\n".join(f"{k + ':':<{width}} {v}" for k, v in lines)


def _pretrained_lines(pretrained: Any) -> list[tuple[str, str]]:
    """What a tokenizer_config.json said: roles and the model's maximum length."""
    if pretrained is None:
        return []
    roles = ", ".join(f"{role.removesuffix('_token')}={token}"
                      for role, token in pretrained.special_roles.items())
    lines = [("roles", roles or "none")]
    if pretrained.model_max_length is not None:
        lines.append(("max length", f"{pretrained.model_max_length:,}"))
    return lines


def _pre_hash(tokenizer: Any) -> str:
    """llama.cpp's pre-tokenizer hash (convert_hf_to_gguf.py's) and the ``pre`` it names."""
    try:
        return describe_pre_hash(tokenizer)
    except SubwordError as exc:
        return f"cannot encode its check text ({exc})"


def _component(component: Any) -> str:
    if component is None:
        return "none"
    try:
        data = component.to_dict()
    except SubwordError:  # no tokenizer.json form (sentencepiece's own, TFDS, llama.cpp's splits...)
        return f"{type(component).__name__} (no tokenizer.json form)"
    fields = {k: v for k, v in data.items() if k != "type"}
    if type(component).__name__ == "TemplateProcessing":
        # The JSON form is long; the template strings say the same thing.
        fields = {"single": _template(fields["single"]), "pair": _template(fields["pair"])}
    return f"{type(component).__name__}" + (f" {json.dumps(fields, ensure_ascii=False)}"
                                            if fields else "")


def _template(pieces: list[dict[str, Any]]) -> str:
    """HF's template JSON back to its string form: ``[CLS] $A [SEP] $B:1 [SEP]:1``."""
    words = []
    for piece in pieces:
        (kind, spec), = piece.items()
        name = spec["id"] if kind == "SpecialToken" else f"${spec['id']}"
        words.append(name + (f":{spec['type_id']}" if spec.get("type_id") else ""))
    return " ".join(words)


def _load(path: str, **options: Any) -> Any:
    return open_tokenizer(path, **options)


# -- convert ----------------------------------------------------------------------------------
def _convert(args: argparse.Namespace) -> int:
    options = {name: getattr(args, name) for name in ("encoding", "flavor")
               if getattr(args, name) is not None}
    tokenizer = open_for_saving(args.tokenizer, format=args.format, **options)
    for note in tokenizer.source.notes:
        print(f"{PROG}: note: {note}", file=sys.stderr)
    if args.pretrained:
        tokenizer.save_pretrained(args.output)
    else:
        atomic_write_text(args.output, tokenizer.to_str(pretty=True))
    if is_terminal(sys.stderr):
        print(f"{PROG}: {tokenizer.source.description} -> {args.output}", file=sys.stderr)
    return EXIT_OK


# -- diff -------------------------------------------------------------------------------------
def _diff(args: argparse.Namespace) -> int:
    from .analysis import conformance  # loads only for this command

    if args.no_probes and not args.corpus:
        print(f"{PROG} diff: error: --no-probes needs --corpus (nothing to compare)",
              file=sys.stderr)
        return EXIT_USAGE
    left, right = _load(args.left), _load(args.right)
    report = conformance.compare_tokenizers(
        left, right, conformance.corpus_lines(args.corpus, args.limit),
        probes=not args.no_probes, left_name=_named(args.left, left),
        right_name=_named(args.right, right))
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(conformance.format_report(report))
    return EXIT_OK if report.identical else EXIT_DATA


def _named(path: str, tokenizer: Any) -> str:
    source = getattr(tokenizer, "source", None)
    return f"{path} ({source.description})" if source is not None else path
# -- languages --------------------------------------------------------------------------------
def _run_languages(args: argparse.Namespace) -> int:
    from .analysis.languages import figures_csv, format_table, language_figures
    from .corpus.parallel import read_parallel

    corpus = read_parallel(args.corpus, limit=args.limit)
    tokenizers = {path: _load(path) for path in dict.fromkeys(args.tokenizer)}
    figures = language_figures(tokenizers, corpus, pivot=args.pivot, alpha=args.alpha,
                               denominator=args.denominator)
    if args.csv:
        atomic_write_text(args.csv, figures_csv(figures.values()))
    if args.json:
        for fig in figures.values():
            print(json.dumps(fig.to_dict(), ensure_ascii=False))
    else:
        print(format_table(figures.values()))
    return EXIT_OK


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text


if __name__ == "__main__":  # pragma: no cover - `python -m subword_core` is the usual route
    sys.exit(main())
