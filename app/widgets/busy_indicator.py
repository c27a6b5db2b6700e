"""BusyIndicator: a small "working" mark that costs the GUI thread next to nothing.

An indeterminate ``QProgressBar`` (range 0-0) animates at 60 frames a second: each frame is a
style-animation event, a repaint of the window's backing store under the bar and the bar
drawn again (25-30 ms of GUI-thread CPU a second in the Languages view, for as long as a job
runs). On 2 cores busy with the pool's processes each of those 60 wake-ups waits for the CPU,
and issue 20's heavy session saw the bar's ``StyleAnimationUpdate`` events take 64-70 ms of
wall time.

The indicator is a label of fixed size whose dot steps along three places four times a
second while it is shown (a fixed size: a new text lays nothing else out again); nothing
runs while it is hidden.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QWidget

#: The frames, one per tick.
FRAMES = ("•··", "·•·", "··•", "·•·")
#: Milliseconds between two frames.
TICK_MS = 250


class BusyIndicator(QLabel):
    """Shown while work runs (``setVisible``); a dot moves along while it is in sight."""

    def __init__(self, parent: QWidget | None = None, object_name: str = "") -> None:
        super().__init__(FRAMES[0], parent)
        if object_name:
            self.setObjectName(object_name)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.font()
        font.setBold(True)
        self.setFont(font)
        self.setFixedSize(self.fontMetrics().horizontalAdvance("•••") + 12,
                          self.fontMetrics().height())
        self._frame = 0
        self._timer = QTimer(self, interval=TICK_MS)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self._frame = (self._frame + 1) % len(FRAMES)
        self.setText(FRAMES[self._frame])

    def is_ticking(self) -> bool:
        return self._timer.isActive()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._timer.start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        super().hideEvent(event)
        self._timer.stop()


__all__ = ["BusyIndicator", "FRAMES", "TICK_MS"]
