"""MergeTreeView: how one token was built, merge by merge, down to base symbols.

Draws :meth:`subword_core.analysis.MergeGraph.lineage` as a tree (the same two
columns as the merge history pane's tree: the token in its readable form and the
rank of the merge that built it, or "base"). It computes nothing itself.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from subword_core.analysis import MergeGraph, MergeNode, visible_token


class MergeTreeView(QTreeWidget):
    """A token's merge tree; raw strings in the tooltips."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mergeTreeView")
        self.setHeaderLabels([self.tr("token"), self.tr("merge rank")])
        self.headerItem().setToolTip(0, self.tr("The token and the two parts each merge joined "
                                                "(␣ is a space, ⟨C3⟩ one byte)"))
        self.headerItem().setToolTip(1, self.tr("The rank of the merge that built this part "
                                                "(base: a symbol of the alphabet, built by no "
                                                "merge)"))
        self.setColumnWidth(0, 180)
        self.setToolTip(self.tr("How the selected token was built by merges, down to base symbols"))

    def show_token(self, graph: MergeGraph, token: str, byte_level: bool = False) -> None:
        self.clear()
        self.addTopLevelItem(self._item(graph.lineage(token), byte_level))
        self.expandAll()

    def _item(self, node: MergeNode, byte_level: bool) -> QTreeWidgetItem:
        item = QTreeWidgetItem([visible_token(node.token, byte_level),
                                self.tr("base") if node.rank is None else f"{node.rank:,}"])
        item.setToolTip(0, repr(node.token))
        if node.rank is not None:
            item.addChild(self._item(node.left, byte_level))
            item.addChild(self._item(node.right, byte_level))
        return item
