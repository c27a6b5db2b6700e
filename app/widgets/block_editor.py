"""Editors of pipeline blocks: one block's options, and an ordered list of blocks.

A block is the ``tokenizer.json`` object of a normalizer, pre-tokenizer, decoder or
post-processor (``{"type": "Digits", "individual_digits": true}``), as
:mod:`subword_core.teaching.builder` holds them. :class:`BlockOptionsForm` shows one editor
per field, chosen by the field's value (check box, spin box, choice, pattern, text);
:class:`BlockListEditor` is an ordered list with add / remove / move up / move down
and the form of the selected block. No checking here: the core validates the blocks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from subword_core.teaching.builder import block_label, default_block

#: Fields whose value is one of a few names.
CHOICES: dict[str, tuple[str, ...]] = {
    "behavior": ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous"),
    "prepend_scheme": ("always", "first", "never"),
}
#: BertNormalizer's strip_accents: None follows lowercase.
TRISTATE = ("strip_accents",)


class BlockOptionsForm(QWidget):
    """The options of one block; ``edited`` carries the block with the new values."""

    edited = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._block: dict[str, Any] | None = None
        self._form = QFormLayout(self)
        self._form.setContentsMargins(0, 0, 0, 0)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

    def block(self) -> dict[str, Any] | None:
        return copy.deepcopy(self._block)

    def set_block(self, block: dict[str, Any] | None) -> None:
        """Show ``block``'s fields (none for None or a block without options)."""
        self._block = copy.deepcopy(block)
        while self._form.rowCount():
            self._form.removeRow(0)
        if block is None:
            return
        for key, value in block.items():
            if key != "type":
                self._form.addRow(key, self._editor(key, value))

    def _editor(self, key: str, value: Any) -> QWidget:
        if key == "precompiled_charsmap":
            label = QLabel(self.tr("{0} bytes of SentencePiece rules").format(len(value) * 3 // 4))
            label.setObjectName("precompiledLabel")
            return label
        if key == "pattern" and isinstance(value, dict):
            return self._pattern_editor(key, value)
        if key in CHOICES or key in TRISTATE:
            return self._choice_editor(key, value)
        if isinstance(value, bool):
            box = QCheckBox(objectName=f"opt_{key}", checked=value)
            box.toggled.connect(lambda on, k=key: self._set(k, bool(on)))
            return box
        if isinstance(value, int):
            spin = QSpinBox(objectName=f"opt_{key}", minimum=0, maximum=1_000_000, value=value)
            spin.valueChanged.connect(lambda v, k=key: self._set(k, int(v)))
            return spin
        edit = QLineEdit("" if value is None else str(value), objectName=f"opt_{key}")
        edit.textEdited.connect(lambda text, k=key: self._set(k, text))
        return edit

    def _choice_editor(self, key: str, value: Any) -> QComboBox:
        combo = QComboBox(objectName=f"opt_{key}")
        if key in TRISTATE:
            items: Sequence[tuple[str, Any]] = ((self.tr("as lowercase"), None),
                                                (self.tr("yes"), True), (self.tr("no"), False))
        else:
            items = [(name, name) for name in CHOICES[key]]
        for text, data in items:
            combo.addItem(text, data)
        combo.setCurrentIndex(max(0, next((i for i, (_, d) in enumerate(items) if d == value), 0)))
        combo.currentIndexChanged.connect(lambda i, k=key, c=combo: self._set(k, c.itemData(i)))
        return combo

    def _pattern_editor(self, key: str, value: dict[str, str]) -> QWidget:
        (kind, text), = value.items() if len(value) == 1 else (("String", ""),)
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        combo = QComboBox(objectName="opt_pattern_kind")
        combo.addItems(["String", "Regex"])
        combo.setCurrentText(kind)
        combo.setToolTip(self.tr("A literal string, or an Oniguruma regular expression"))
        edit = QLineEdit(text, objectName="opt_pattern")

        def update() -> None:
            self._set(key, {combo.currentText(): edit.text()})

        combo.currentIndexChanged.connect(update)
        edit.textEdited.connect(update)
        layout.addWidget(combo)
        layout.addWidget(edit, 1)
        return row

    def _set(self, key: str, value: Any) -> None:
        if self._block is None:
            return
        self._block[key] = value
        self.edited.emit(copy.deepcopy(self._block))


class BlockListEditor(QWidget):
    """An ordered list of blocks of one kind, with the selected block's options."""

    changed = Signal()

    def __init__(self, kind: str, types: Sequence[str],
                 precompiled: Callable[[], dict[str, Any] | None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kind = kind
        self._blocks: list[dict[str, Any]] = []
        self._precompiled = precompiled
        self.list = QListWidget(objectName=f"{kind}List")
        self.list.setMinimumHeight(70)
        self.list.setMaximumHeight(120)
        self.add_button = QToolButton(objectName=f"{kind}Add", text=self.tr("Add"))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add_button)
        for name in types:
            if name == "Precompiled":
                action = self.add_menu.addAction(self.tr("Precompiled (from the current "
                                                         "tokenizer)"))
                action.setObjectName(f"{kind}Add_Precompiled")
                action.triggered.connect(self._add_precompiled)
                self._precompiled_action = action
            else:
                action = self.add_menu.addAction(name)
                action.setObjectName(f"{kind}Add_{name}")
                action.triggered.connect(lambda _=False, n=name: self.add_block(n))
        self.add_menu.aboutToShow.connect(self._on_menu_shown)
        self.add_button.setMenu(self.add_menu)
        self.remove_button = QToolButton(objectName=f"{kind}Remove", text=self.tr("Remove"))
        self.up_button = QToolButton(objectName=f"{kind}Up", text="↑")
        self.up_button.setToolTip(self.tr("Move the selected block up (it runs earlier)"))
        self.down_button = QToolButton(objectName=f"{kind}Down", text="↓")
        self.down_button.setToolTip(self.tr("Move the selected block down (it runs later)"))
        self.options = BlockOptionsForm()
        self.options.setObjectName(f"{kind}Options")

        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.up_button, self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        layout.addWidget(self.options)

        self.remove_button.clicked.connect(self.remove_selected)
        self.up_button.clicked.connect(lambda: self.move_selected(-1))
        self.down_button.clicked.connect(lambda: self.move_selected(1))
        self.list.currentRowChanged.connect(self._on_row_changed)
        self.options.edited.connect(self._on_block_edited)
        self._update_buttons()

    # -- the blocks ---------------------------------------------------------------------------
    def blocks(self) -> list[dict[str, Any]]:
        return copy.deepcopy(self._blocks)

    def set_blocks(self, blocks: Sequence[dict[str, Any]]) -> None:
        """Show these blocks (no ``changed``: the caller sets the whole pipeline)."""
        self._blocks = copy.deepcopy(list(blocks))
        self._refresh(0 if self._blocks else -1)

    def add_block(self, type_name: str) -> None:
        """Append a block of ``type_name`` with its default options and select it."""
        self._insert(default_block(self._kind, type_name))

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._blocks):
            del self._blocks[row]
            self._refresh(min(row, len(self._blocks) - 1))
            self.changed.emit()

    def move_selected(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if 0 <= row < len(self._blocks) and 0 <= target < len(self._blocks):
            blocks = self._blocks
            blocks[row], blocks[target] = blocks[target], blocks[row]
            self._refresh(target)
            self.changed.emit()

    def _insert(self, block: dict[str, Any]) -> None:
        self._blocks.append(block)
        self._refresh(len(self._blocks) - 1)
        self.changed.emit()

    @Slot()
    def _add_precompiled(self) -> None:
        block = self._precompiled() if self._precompiled is not None else None
        if block is not None:
            self._insert(block)

    @Slot()
    def _on_menu_shown(self) -> None:
        action = getattr(self, "_precompiled_action", None)
        if action is not None:
            available = self._precompiled is not None and self._precompiled() is not None
            action.setEnabled(available)
            action.setToolTip("" if available else self.tr(
                "The current tokenizer has no Precompiled normalizer (open a SentencePiece "
                "tokenizer such as T5 or ALBERT)"))

    # -- display ------------------------------------------------------------------------------
    def _refresh(self, select: int) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for n, block in enumerate(self._blocks, start=1):
            self.list.addItem(f"{n}. {block_label(block)}")
        self.list.setCurrentRow(select)
        self.list.blockSignals(False)
        self.options.set_block(self._blocks[select] if 0 <= select < len(self._blocks) else None)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.list.currentRow()
        self.remove_button.setEnabled(row >= 0)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(0 <= row < len(self._blocks) - 1)

    @Slot(int)
    def _on_row_changed(self, row: int) -> None:
        self.options.set_block(self._blocks[row] if 0 <= row < len(self._blocks) else None)
        self._update_buttons()

    @Slot(dict)
    def _on_block_edited(self, block: dict[str, Any]) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._blocks):
            self._blocks[row] = block
            item = self.list.item(row)
            item.setText(f"{row + 1}. {block_label(block)}")
            item.setToolTip(item.text())
            self.changed.emit()


class SingleBlockEditor(QWidget):
    """One optional block (a decoder, a post-processor): a type choice and its options."""

    changed = Signal()

    def __init__(self, kind: str, types: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kind = kind
        self.combo = QComboBox(objectName=f"{kind}Type")
        self.combo.addItem(self.tr("none"), None)
        for name in types:
            self.combo.addItem(name, name)
        self.options = BlockOptionsForm()
        self.options.setObjectName(f"{kind}Options")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.options)
        self.combo.currentIndexChanged.connect(self._on_type_changed)
        self.options.edited.connect(lambda _block: self.changed.emit())

    def block(self) -> dict[str, Any] | None:
        return self.options.block()

    def set_block(self, block: dict[str, Any] | None) -> None:
        self.combo.blockSignals(True)
        index = self.combo.findData(block.get("type") if block else None)
        self.combo.setCurrentIndex(max(0, index))
        self.combo.blockSignals(False)
        self.options.set_block(block)

    @Slot(int)
    def _on_type_changed(self, index: int) -> None:
        name = self.combo.itemData(index)
        self.options.set_block(None if name is None else default_block(self._kind, name))
        self.changed.emit()


__all__ = ["BlockListEditor", "BlockOptionsForm", "SingleBlockEditor"]
