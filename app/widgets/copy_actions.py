"""Copy to the clipboard: token ids, tokens, a whole encoding as JSON, table rows as TSV.

Reusable by every pane:

- :func:`install_table_copy` gives any ``QTableView`` a context menu and Ctrl+C that
  copy the selected rows (or the cell under the mouse, or every row) as tab-separated
  text with a header line, as a spreadsheet pastes it.
- :func:`encoding_menu` is the menu of the token views: the ids, the tokens (readable
  ``␣``/``⟨C3⟩`` form or raw), the encoding as JSON, the selected text.
- ``copy_ids`` / ``copy_tokens`` / ``copy_encoding_json`` do one copy each; the text
  they put on the clipboard comes from ``ids_text`` / ``tokens_text`` / ``encoding_json``,
  which tests and other callers can use directly.

Ids and tokens are copied as JSON lists (``[101, 7592, 102]``), which paste unchanged
into Python, JavaScript or a notebook.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPoint, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QTableView, QWidget

from subword_core.analysis import visible_token

from .numbers import show_thousands


def copy_text(text: str) -> None:
    """Put ``text`` on the system clipboard."""
    QApplication.clipboard().setText(text)


# -- encodings ---------------------------------------------------------------------------------
def _indices(encoding: Any, indices: Sequence[int] | None) -> Sequence[int]:
    return range(len(encoding)) if indices is None else indices


def ids_text(encoding: Any, indices: Sequence[int] | None = None) -> str:
    """The ids as a JSON list."""
    return json.dumps([encoding.ids[i] for i in _indices(encoding, indices)])


def tokens_text(encoding: Any, indices: Sequence[int] | None = None, byte_level: bool = False,
                raw: bool = False) -> str:
    """The tokens as a JSON list, in the readable form (``␣``, ``⟨C3⟩``) or ``raw``."""
    tokens = [encoding.tokens[i] if raw else visible_token(encoding.tokens[i], byte_level)
              for i in _indices(encoding, indices)]
    return json.dumps(tokens, ensure_ascii=False)


def encoding_dict(encoding: Any, indices: Sequence[int] | None = None,
                  byte_level: bool = False) -> dict[str, Any]:
    """The fields of an encoding (HF's names), for the chosen tokens."""
    idx = list(_indices(encoding, indices))

    def pick(values: Sequence[Any]) -> list[Any]:
        return [values[i] for i in idx]

    return {
        "ids": pick(encoding.ids),
        "tokens": pick(encoding.tokens),
        "readable_tokens": [visible_token(encoding.tokens[i], byte_level) for i in idx],
        "offsets": [list(o) for o in pick(encoding.offsets)],
        "word_ids": pick(encoding.word_ids),
        "type_ids": pick(encoding.type_ids),
        "special_tokens_mask": pick(encoding.special_tokens_mask),
        "attention_mask": pick(encoding.attention_mask),
    }


def encoding_json(encoding: Any, indices: Sequence[int] | None = None,
                  byte_level: bool = False) -> str:
    return json.dumps(encoding_dict(encoding, indices, byte_level), ensure_ascii=False, indent=1)


def copy_ids(encoding: Any, indices: Sequence[int] | None = None) -> None:
    copy_text(ids_text(encoding, indices))


def copy_tokens(encoding: Any, indices: Sequence[int] | None = None, byte_level: bool = False,
                raw: bool = False) -> None:
    copy_text(tokens_text(encoding, indices, byte_level, raw))


def copy_encoding_json(encoding: Any, indices: Sequence[int] | None = None,
                       byte_level: bool = False) -> None:
    copy_text(encoding_json(encoding, indices, byte_level))


def encoding_actions(parent: QWidget, get_encoding: Callable[[], Any],
                     get_indices: Callable[[], Sequence[int] | None],
                     get_byte_level: Callable[[], bool]) -> list[QAction]:
    """Actions copying ids / tokens / raw tokens / JSON of ``get_indices()`` (None: all)."""
    def scope() -> str:
        enc, idx = get_encoding(), get_indices()
        if enc is None:
            return ""
        n = len(enc) if idx is None else len(idx)
        return (QCoreApplication.translate("CopyActions", "all {n} tokens")
                if idx is None or n == len(enc) else
                QCoreApplication.translate("CopyActions", "{n} selected tokens")).format(n=f"{n:,}")

    specs = [
        (QCoreApplication.translate(
            "CopyActions",
            "Copy ids"), QCoreApplication.translate(
            "CopyActions",
            "The token ids as a list, e.g. [101, 7592, 102]"),
         lambda: copy_ids(get_encoding(), get_indices())),
        (QCoreApplication.translate(
            "CopyActions",
            "Copy tokens"), QCoreApplication.translate(
            "CopyActions",
            "The tokens as a list, in the readable form (␣ for a space, ⟨C3⟩ for a byte that is "
            "part of a character)"),
         lambda: copy_tokens(get_encoding(), get_indices(), get_byte_level())),
        (QCoreApplication.translate(
            "CopyActions",
            "Copy raw tokens"), QCoreApplication.translate(
            "CopyActions",
            "The tokens as the vocabulary spells them (Ġ, ▁, ##)"),
         lambda: copy_tokens(get_encoding(), get_indices(), get_byte_level(), raw=True)),
        (QCoreApplication.translate(
            "CopyActions",
            "Copy encoding as JSON"), QCoreApplication.translate(
            "CopyActions",
            "ids, tokens, offsets, word ids, type ids, special tokens mask and attention mask, as "
            "JSON"),
         lambda: copy_encoding_json(get_encoding(), get_indices(), get_byte_level())),
    ]
    actions = []
    enabled = get_encoding() is not None
    what = scope()
    for label, tip, slot in specs:
        action = QAction(f"{label} ({what})" if what else label, parent)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setEnabled(enabled)
        action.triggered.connect(slot)
        actions.append(action)
    actions[0].setShortcut(QKeySequence.StandardKey.Copy)
    actions[1].setShortcut(QKeySequence("Ctrl+Shift+C"))
    return actions


def encoding_menu(parent: QWidget, get_encoding: Callable[[], Any],
                  get_indices: Callable[[], Sequence[int] | None],
                  get_byte_level: Callable[[], bool],
                  get_selected_text: Callable[[], str] | None = None) -> QMenu:
    """The context menu of a token view (built when shown: the labels say what is copied)."""
    menu = QMenu(parent)
    menu.setToolTipsVisible(True)
    for action in encoding_actions(menu, get_encoding, get_indices, get_byte_level):
        menu.addAction(action)
    if get_selected_text is not None:
        selected = get_selected_text().replace("\u2029", "\n")
        menu.addSeparator()
        action = menu.addAction(QCoreApplication.translate(
            "CopyActions",
            "Copy selected text (as drawn, with markers)"))
        action.setToolTip(QCoreApplication.translate(
            "CopyActions",
            "The selected characters as the view draws them"))
        action.setEnabled(bool(selected))
        action.triggered.connect(lambda: copy_text(selected))
    return menu


# -- tables ------------------------------------------------------------------------------------
def _cell(view: QTableView, row: int, column: int) -> str:
    value = view.model().index(row, column).data(Qt.ItemDataRole.DisplayRole)
    text = "" if value is None else str(value)
    return text.replace("\t", " ").replace("\n", " ")


def table_tsv(view: QTableView, rows: Sequence[int] | None = None, header: bool = True) -> str:
    """Rows of ``view`` (view order; all when ``rows`` is None) as TSV, visible columns only."""
    model = view.model()
    if model is None:
        return ""
    columns = [c for c in range(model.columnCount()) if not view.isColumnHidden(c)]
    rows = range(model.rowCount()) if rows is None else rows
    lines = []
    if header:
        lines.append("\t".join(str(model.headerData(c, Qt.Orientation.Horizontal,
                                                    Qt.ItemDataRole.DisplayRole) or "")
                               for c in columns))
    lines.extend("\t".join(_cell(view, r, c) for c in columns) for r in rows)
    return "\n".join(lines) + "\n"


def selected_rows(view: QTableView) -> list[int]:
    selection = view.selectionModel()
    if selection is None:
        return []
    return sorted({i.row() for i in selection.selectedIndexes()})


def copy_selected_rows(view: QTableView) -> None:
    """Copy the selected rows as TSV with a header (all rows when nothing is selected)."""
    rows = selected_rows(view)
    copy_text(table_tsv(view, rows or None))


def install_table_copy(view: QTableView,
                       extra_actions: Callable[[], list[QAction]] | None = None) -> QAction:
    """Give ``view`` Ctrl+C and a context menu that copy rows as TSV.

    Args:
        view: any table view (its model's DisplayRole is what gets copied).
        extra_actions: called when the menu opens; its actions are added on top
            (e.g. "Copy ids" for a table of tokens).

    Returns:
        The Ctrl+C action (added to the view, shortcut context: the view).
    """
    copy_action = QAction(QCoreApplication.translate("CopyActions", "Copy selected rows"), view)
    copy_action.setShortcut(QKeySequence.StandardKey.Copy)
    copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    copy_action.setToolTip(QCoreApplication.translate(
        "CopyActions",
        "Copy the selected rows as tab-separated text with a header line"))
    copy_action.triggered.connect(lambda: copy_selected_rows(view))
    view.addAction(copy_action)
    show_thousands(view)  # counts shown as 1,234; copied as 1234
    _take_copy_key(view, copy_action)
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def show_menu(pos: QPoint) -> None:
        table_menu(view, view.indexAt(pos), extra_actions).popup(
            view.viewport().mapToGlobal(pos))

    view.customContextMenuRequested.connect(show_menu)
    return copy_action


def _take_copy_key(view: QTableView, action: QAction) -> None:
    """Ctrl+C on ``view`` triggers ``action``.

    subtle: QAbstractItemView takes Ctrl+C itself (it accepts the shortcut override and
    copies the current cell only), so the action's shortcut never fires while the table has
    the focus. The view's key handler is replaced for that one key: Python then runs per
    key press, not per event as it would in an event filter.
    """
    previous = view.keyPressEvent

    def key_press(event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            action.trigger()
            event.accept()
            return
        previous(event)

    view.keyPressEvent = key_press  # an instance override of the virtual (PySide calls it)


def table_menu(view: QTableView, index: QModelIndex,
               extra_actions: Callable[[], list[QAction]] | None = None) -> QMenu:
    """The copy menu of a table, for a right click on ``index``."""
    menu = QMenu(view)
    menu.setToolTipsVisible(True)
    if extra_actions is not None:
        for action in extra_actions():
            action.setParent(menu)
            menu.addAction(action)
        menu.addSeparator()
    rows = selected_rows(view)
    n = len(rows)
    rows_action = menu.addAction(QCoreApplication.translate(
        "CopyActions", "Copy {n} selected rows (TSV)").format(n=f"{n:,}") if n
                                 else QCoreApplication.translate(
                                     "CopyActions",
                                     "Copy selected rows (TSV)"))
    rows_action.setShortcut(QKeySequence.StandardKey.Copy)
    rows_action.setToolTip(QCoreApplication.translate(
        "CopyActions",
        "Tab-separated, with a header line; pastes into a spreadsheet"))
    rows_action.setEnabled(bool(n))
    rows_action.triggered.connect(lambda: copy_text(table_tsv(view, rows)))
    total = view.model().rowCount() if view.model() is not None else 0
    all_action = menu.addAction(QCoreApplication.translate(
        "CopyActions", "Copy all {n} rows (TSV)").format(n=f"{total:,}"))
    all_action.setToolTip(QCoreApplication.translate(
        "CopyActions",
        "Every row in the current order and filter, tab-separated"))
    all_action.setEnabled(bool(total))
    all_action.triggered.connect(lambda: copy_text(table_tsv(view)))
    cell_action = menu.addAction(QCoreApplication.translate("CopyActions", "Copy cell"))
    cell_action.setToolTip(QCoreApplication.translate(
        "CopyActions",
        "The text of the cell under the mouse"))
    cell_action.setEnabled(index.isValid())
    if index.isValid():
        text = _cell(view, index.row(), index.column())
        cell_action.triggered.connect(lambda: copy_text(text))
    return menu
