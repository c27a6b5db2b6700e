"""HelpDialog: Help ▸ Views and panes, sized to the screen it opens on.

The help is a page of rich text (:mod:`app.help_text`). In a ``QMessageBox`` it grew to its
full height, 1,260 px, with its Close button below the bottom of an 800 px screen; here it
scrolls inside a text browser, and the dialog never outgrows the screen's available
geometry (the desktop less its panels).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

#: Share of the available screen the dialog may take at most (the window stays in sight).
SCREEN_SHARE = 0.85
#: The width the text reads best at, when the screen has room for it.
READING_WIDTH = 760


class HelpDialog(QDialog):
    """A scrollable page of help with a Close button, never larger than the screen."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("helpBox")
        self.setWindowTitle(title)
        self.browser = QTextBrowser(objectName="helpBrowser")
        self.browser.setOpenExternalLinks(True)
        self.browser.setHtml(html)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.buttons)
        self.resize(self.fitted_size(self._available()))

    def text(self) -> str:
        """The help as plain text (what tests and screen readers read)."""
        return self.browser.toPlainText()

    def fitted_size(self, available: QRect) -> QSize:
        """The whole page if it fits in ``SCREEN_SHARE`` of ``available``, else that much."""
        width = min(READING_WIDTH, int(available.width() * SCREEN_SHARE))
        document = self.browser.document().clone(self)
        document.setTextWidth(width - 40)  # the browser's frame, margins and scroll bar
        chrome = self.buttons.sizeHint().height() + 60  # button row, layout margins, frame
        height = min(int(document.size().height()) + chrome, int(available.height() * SCREEN_SHARE))
        document.deleteLater()
        return QSize(width, height)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        # the screen is known for sure once shown (the parent may sit on another monitor)
        available = self._available()
        size = self.fitted_size(available)
        if self.width() > size.width() or self.height() > size.height():
            self.resize(size)
        # the estimate leaves room to spare when the whole page fits: give it back
        spare = self.browser.viewport().height() - int(self.browser.document().size().height())
        if spare > 8 and self.browser.verticalScrollBar().maximum() == 0:
            self.resize(self.width(), self.height() - spare + 8)
        frame = self.frameGeometry()
        frame.moveCenter(available.center())
        self.move(frame.topLeft())

    def _available(self) -> QRect:
        widget = self.parentWidget() or self
        screen = widget.screen()
        return screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)


__all__ = ["HelpDialog"]
