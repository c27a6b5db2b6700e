"""Export a figure or table: PNG of a widget, or CSV of rows computed by the core.

One Save dialog (``QFileDialog.getSaveFileName``, so tests can substitute it)
offers both formats; the suffix, else the chosen filter, decides. Files are
written atomically through :mod:`subword_core._util.fileio`, so a failed export never
leaves half a file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from subword_core._util.fileio import atomic_write_bytes

PNG_FILTER = QT_TRANSLATE_NOOP("Export", "PNG image (*.png)")
CSV_FILTER = QT_TRANSLATE_NOOP("Export", "CSV table (*.csv)")


def png_bytes(widget: QWidget) -> bytes:
    """The widget as it is drawn now, encoded as PNG."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    widget.grab().save(buffer, "PNG")
    return bytes(buffer.data())


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def export_dialog(
    parent: QWidget,
    title: str,
    basename: str,
    figure: QWidget,
    header: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> str | None:
    """Ask where to save; write ``figure`` as PNG or ``header``/``rows`` as CSV; the path."""
    png_filter = QCoreApplication.translate("Export", PNG_FILTER)
    csv_filter = QCoreApplication.translate("Export", CSV_FILTER)
    path, chosen = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("Export", "Export {what}").format(what=title), basename,
        f"{png_filter};;{csv_filter}"
    )
    if not path:
        return None
    lower = path.lower()
    as_csv = lower.endswith(".csv") or (not lower.endswith(".png") and chosen == csv_filter)
    if not lower.endswith((".csv", ".png")):
        path += ".csv" if as_csv else ".png"
    try:
        data = csv_text(header, rows).encode("utf-8") if as_csv else png_bytes(figure)
        atomic_write_bytes(path, data)
    except OSError as exc:
        QMessageBox.critical(parent, QCoreApplication.translate("Export", "Cannot export"),
                             f"{path}\n\n{exc}")
        return None
    return path
