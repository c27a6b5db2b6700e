"""The app's words for figures the library reports in English sentences.

``subword_core`` describes some results in a sentence of its own (``CorpusReport.summary()``,
``OverallProgress.label``, ``format_eta``, ``UnknownStrategy.summary``, ``DecodedIds.problems``,
the notes of ``encode_windows`` and of a token-classification run); the library stays English.
These functions say the same figures in the interface language; the numbers are the
library's. A sentence the app does not know (a library change) is shown as the library wrote
it, so nothing is lost; tests/app/test_wording.py checks every known one is recognised.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QT_TRANSLATE_NOOP

#: ``training_progress.LABELS``' stages, in the words shown on the progress bar.
STAGE_LABELS = {
    "read": QT_TRANSLATE_NOOP("Wording", "Reading the corpus"),
    "count_words": QT_TRANSLATE_NOOP("Wording", "Counting words"),
    "count_pairs": QT_TRANSLATE_NOOP("Wording", "Counting pairs"),
    "merge": QT_TRANSLATE_NOOP("Wording", "Merging"),
    "seed": QT_TRANSLATE_NOOP("Wording", "Seeding pieces"),
    "em": QT_TRANSLATE_NOOP("Wording", "EM round"),
    "prune": QT_TRANSLATE_NOOP("Wording", "Pruning"),
    "finalize": QT_TRANSLATE_NOOP("Wording", "Finishing"),
}


def _tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP("Wording", …)``) in the interface language."""
    return QCoreApplication.translate("Wording", text)


def stage_label(progress: Any) -> str:
    """The stage of an ``OverallProgress`` in words (its own label for a stage we do not know)."""
    stage = getattr(progress, "stage", "")
    return _tr(STAGE_LABELS[stage]) if stage in STAGE_LABELS else progress.label


def eta_text(seconds: float | None) -> str:
    """``ETA 42 s`` / ``ETA 3 min 05 s`` in words; empty while unknown (as ``format_eta``)."""
    if seconds is None:
        return ""
    seconds = int(round(seconds))
    if seconds < 60:
        return QCoreApplication.translate("Wording", "ETA {s} s").format(s=seconds)
    return QCoreApplication.translate("Wording", "ETA {m} min {s} s").format(
        m=seconds // 60, s=f"{seconds % 60:02d}")


def count_text(n: int, locale: QLocale | None = None) -> str:
    """A count with the thousands separators of the interface language (``1,234,567``).

    Every count the app shows goes through here: the tables' numbers too (their delegate,
    :class:`app.widgets.numbers.ThousandsDelegate`), while what they copy stays a plain number.
    ``locale`` defaults to the interface language's (``i18n.install`` sets it); Qt's item
    views pass one that omits the separators, which this puts back.
    """
    shown = QLocale(locale) if locale is not None else QLocale()
    shown.setNumberOptions(QLocale.NumberOption.DefaultNumberOptions)
    return shown.toString(int(n))


def human_bytes(n: int) -> str:
    """A size as ``512 bytes`` / ``51.2 KB`` (binary units, as the library's reports)."""
    size = float(n)
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            if unit == "bytes":
                return QCoreApplication.translate("Wording", "{n} bytes").format(n=f"{size:,.0f}")
            return f"{size:,.1f} {unit}"
        size /= 1024
    return f"{n}"  # pragma: no cover


def corpus_summary(report: Any) -> str:
    """``CorpusReport.summary()`` in words: files, documents, size, characters, words."""
    n_files = len(report.files)
    parts = []
    if report.files:
        parts.append(QCoreApplication.translate("Wording", "1 file") if n_files == 1 else
                     QCoreApplication.translate("Wording", "{n} files").format(n=f"{n_files:,}"))
    parts += [
        QCoreApplication.translate("Wording", "{n} documents").format(n=f"{report.documents:,}"),
        human_bytes(report.bytes),
        QCoreApplication.translate("Wording", "{n} characters ({distinct} distinct)").format(
            n=f"{report.characters:,}", distinct=f"{len(report.alphabet):,}"),
        QCoreApplication.translate("Wording", "{n} words ({unique} unique)").format(
            n=f"{report.words:,}", unique=f"{report.unique_words:,}"),
    ]
    if report.invalid_utf8:
        parts.append(QCoreApplication.translate("Wording", "{n} invalid UTF-8 sequences").format(
            n=f"{report.invalid_utf8:,}"))
    if report.skipped_files:
        parts.append(QCoreApplication.translate("Wording", "{n} files skipped").format(
            n=len(report.skipped_files)))
    return ", ".join(parts)


#: ``UnknownStrategy.kind`` (and the model, where the sentence differs) -> the sentence.
STRATEGY_TEXTS = {
    "bytes": QT_TRANSLATE_NOOP("Wording", "byte-level: an unseen character is spelled with "
                                          "its UTF-8 bytes, so nothing is ever unknown"),
    "byte_fallback": QT_TRANSLATE_NOOP("Wording", "unseen characters become <0xNN> byte tokens"),
    ("byte_fallback", "Unigram"): QT_TRANSLATE_NOOP(
        "Wording", "unseen characters become <0xNN> byte pieces"),
    "unk_fused": QT_TRANSLATE_NOOP("Wording", "consecutive unseen characters fuse into one {unk}"),
    "unk_per_char": QT_TRANSLATE_NOOP("Wording", "one {unk} per unseen character"),
    "dropped": QT_TRANSLATE_NOOP("Wording", "no unknown token: unseen characters are dropped"),
    ("unk_whole_word", "WordPiece"): QT_TRANSLATE_NOOP(
        "Wording", "the whole word becomes {unk} as soon as a piece is missing"),
    ("unk_whole_word", "WordLevel"): QT_TRANSLATE_NOOP(
        "Wording", "the whole word becomes {unk} as soon as it is not in the vocabulary"),
    "unk_span": QT_TRANSLATE_NOOP("Wording", "a run of unseen characters becomes one {unk}"),
    ("error", "Unigram"): QT_TRANSLATE_NOOP(
        "Wording", "no unknown piece: an unseen character is an error"),
}


def unknown_strategy_text(strategy: Any, tokenizer: Any) -> str:
    """``UnknownStrategy.summary`` in words, from its ``kind`` and the model's unknown token."""
    model = getattr(tokenizer, "model", None)
    name = type(model).__name__
    unk = getattr(model, "unk_token", None)
    if name == "Unigram" and getattr(model, "unk_id", None) is not None:
        unk = model.id_to_token(model.unk_id)
    text = STRATEGY_TEXTS.get((strategy.kind, name), STRATEGY_TEXTS.get(strategy.kind))
    if text is None or ("{unk}" in text and not unk):
        return strategy.summary  # a kind or model the app has no words for
    return _tr(text).replace("{unk}", str(unk))


def decode_problems(result: Any) -> str:
    """``DecodedIds.problems`` in words: unknown ids, pieces that are not ids, a decode error
    (the error itself stays as the library says it)."""
    parts = []
    unknown, pieces = len(result.unknown_ids), len(result.not_numbers)
    if unknown == 1:
        parts.append(QCoreApplication.translate(
            "Wording", "1 id not in the vocabulary (left out): {ids}").format(
            ids=_listed(result.unknown_ids)))
    elif unknown:
        parts.append(QCoreApplication.translate(
            "Wording", "{n} ids not in the vocabulary (left out): {ids}").format(
            n=f"{unknown:,}", ids=_listed(result.unknown_ids)))
    if pieces == 1:
        parts.append(QCoreApplication.translate(
            "Wording", "1 piece not a token id (ignored): {pieces}").format(
            pieces=_listed(result.not_numbers)))
    elif pieces:
        parts.append(QCoreApplication.translate(
            "Wording", "{n} pieces not a token id (ignored): {pieces}").format(
            n=f"{pieces:,}", pieces=_listed(result.not_numbers)))
    if result.error:
        parts.append(QCoreApplication.translate("Wording", "cannot decode: {error}").format(
            error=result.error))
    return "; ".join(parts)


def _listed(values: Any, limit: int = 12) -> str:
    """Up to ``limit`` values, then how many more (as the library lists them)."""
    values = list(values)
    shown = ", ".join(str(v) for v in values[:limit])
    if len(values) > limit:
        shown += " " + QCoreApplication.translate("Wording", "… (+{n} more)").format(
            n=f"{len(values) - limit:,}")
    return shown


_WINDOW_NOTE = re.compile(r"max_length (\d+) is below the (\d+) special tokens: HF then does "
                          r"not truncate at all \(one window holds everything\)")
_TRUNCATED_NOTE = re.compile(r"The text is longer than the model's (\d+) tokens \((.*)\): "
                             r"only its first ([\d,]+) characters were classified\.")
#: Where a token-classification model's length limit comes from (library words -> ours).
_LIMIT_SOURCES = {
    "model_max_length in tokenizer_config.json": QT_TRANSLATE_NOOP(
        "Wording", "model_max_length in tokenizer_config.json"),
    "the size of its position table; no model_max_length is given, so transformers' pipeline "
    "would fail on this text": QT_TRANSLATE_NOOP(
        "Wording", "the size of its position table; no model_max_length is given, so "
        "transformers' pipeline would fail on this text"),
}


def window_note(note: str) -> str:
    """A note of ``encode_windows`` (HF quirks) in words."""
    match = _WINDOW_NOTE.fullmatch(note)
    if match is None:
        return note
    return QCoreApplication.translate(
        "Wording", "max_length {max} is below the {n} special tokens: HF then does not "
        "truncate at all (one window holds everything)").format(max=match[1], n=match[2])


def classification_note(note: str) -> str:
    """The note of a token-classification run (a text longer than the model) in words."""
    match = _TRUNCATED_NOTE.fullmatch(note)
    if match is None:
        return note
    source = match[2]
    if source in _LIMIT_SOURCES:
        source = _tr(_LIMIT_SOURCES[source])
    return QCoreApplication.translate(
        "Wording", "The text is longer than the model's {n} tokens ({source}): only its "
        "first {chars} characters were classified.").format(n=match[1], source=source,
                                                            chars=match[3])


#: Pieces of a format description (``Source.description``), in the order they are replaced:
#: the pattern of the library's words and the same words as a template of its groups.
_DESCRIPTION_PARTS = [
    (r"(\d[\d,]*) subwords \+ 256 bytes \(ids from 1; 0 is padding\)", QT_TRANSLATE_NOOP(
        "Wording", "{0} subwords + 256 bytes (ids from 1; 0 is padding)")),
    (r"\+ (\d[\d,]*) added", QT_TRANSLATE_NOOP("Wording", "+ {0} added")),
    (r"\+ (1) special token\b", QT_TRANSLATE_NOOP("Wording", "+ {0} special token")),
    (r"\+ (\d[\d,]*) special tokens", QT_TRANSLATE_NOOP("Wording", "+ {0} special tokens")),
    (r"(\d[\d,]*) tokens", QT_TRANSLATE_NOOP("Wording", "{0} tokens")),
    (r"(\d[\d,]*) merges", QT_TRANSLATE_NOOP("Wording", "{0} merges")),
    (r"(\d[\d,]*) ranks", QT_TRANSLATE_NOOP("Wording", "{0} ranks")),
    (r"(\d[\d,]*) pieces", QT_TRANSLATE_NOOP("Wording", "{0} pieces")),
    (r", with (tokenizer_config\.json)", QT_TRANSLATE_NOOP("Wording", ", with {0}")),
    (r"SentencePiece (\w+) model", QT_TRANSLATE_NOOP("Wording", "SentencePiece {0} model")),
    (r"BPE codes v([\d.]+)", QT_TRANSLATE_NOOP("Wording", "BPE codes v{0}")),
    (r" from (\S+(?: \+ \S+)?) \(", QT_TRANSLATE_NOOP("Wording", " from {0} (")),
    (r"\bbyte-level BPE", QT_TRANSLATE_NOOP("Wording", "byte-level BPE")),
    (r"\(uncased\)", QT_TRANSLATE_NOOP("Wording", "(uncased)")),
    (r"\(cased\)", QT_TRANSLATE_NOOP("Wording", "(cased)")),
    (r"\bbyte fallback\b", QT_TRANSLATE_NOOP("Wording", "byte fallback")),
    (r"GGUF (\w+) tokenizer \(model '([^']*)'", QT_TRANSLATE_NOOP(
        "Wording", "GGUF {0} tokenizer (model '{1}'")),
    (r", pre '([^']*)'\)", QT_TRANSLATE_NOOP("Wording", ", pre-tokenizer '{0}')")),
    (r", chat template$", QT_TRANSLATE_NOOP("Wording", ", chat template")),
]
_DESCRIPTION_RES = [(re.compile(pattern), template) for pattern, template in _DESCRIPTION_PARTS]


def source_description(text: str) -> str:
    """A format description (``Source.description``: ``tokenizer.json (BPE, 60 tokens)``,
    ``subword-nmt BPE codes v0.2, 10 merges, 40 tokens``…) in words, piece by piece; names,
    file names and figures stay as the library gives them."""
    for pattern, template in _DESCRIPTION_RES:
        words = _tr(template)
        text = pattern.sub(lambda m, words=words: words.format(*m.groups()), text)
    return text


__all__ = ["STAGE_LABELS", "classification_note", "corpus_summary", "decode_problems",
           "eta_text", "human_bytes", "source_description", "stage_label", "unknown_strategy_text",
           "window_note"]
