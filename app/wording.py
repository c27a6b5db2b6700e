"""The app's words for figures the library reports in English sentences.

``subword_core`` describes some results in a sentence of its own (``CorpusReport.summary()``,
``OverallProgress.label``, ``format_eta``); the library stays English. These functions say
the same figures in the interface language; the numbers are the library's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

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


__all__ = ["STAGE_LABELS", "corpus_summary", "eta_text", "human_bytes", "stage_label"]
