"""How long does the explorer's event loop stall while a large corpus is loaded and trained?

Builds the real window (``app.create_main_window``), loads a 10 MB corpus through the
corpus pane, then trains through the training pane, exactly as a user would. A 10 ms
``QTimer`` ticks on the GUI thread the whole time; a *stall* is a gap between two
ticks minus the 10 ms period. Prints the longest stall and the 99th percentile for the
loading phase and the training phase, and the wall times; and the same for 5 s of
idling first (the noise floor of a busy machine).

    python bench/bench_gui_stall.py [--algorithm byte-bpe] [--vocab-size 8000] [--mb 10]
        [--corpus PATH]

Runs offscreen unless QT_QPA_PLATFORM says otherwise (e.g. under Xvfb with ``xcb``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QElapsedTimer, QEventLoop, QObject, QSettings, QTimer, Slot  # noqa: E402

from app.main import create_main_window, ensure_app  # noqa: E402
from app.panes.training_pane import ALGORITHMS  # noqa: E402

TICK_MS = 10


class StallMeter(QObject):
    """Records the gaps between ticks of a 10 ms timer on the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = QElapsedTimer()
        self.timer = QTimer(self, interval=TICK_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.gaps: list[int] = []
        self.at: list[int] = []
        self._last = 0

    def start(self) -> None:
        self.gaps = []
        self.at: list[int] = []
        self.clock.start()
        self._last = 0
        self.timer.start()

    def stop(self) -> list[int]:
        self.timer.stop()
        return self.gaps

    @Slot()
    def _on_timer_timeout(self) -> None:
        now = self.clock.elapsed()
        self.gaps.append(now - self._last - TICK_MS)
        self.at.append(now)
        self._last = now


def summary(name: str, gaps: list[int], seconds: float) -> str:
    ordered = sorted(gaps) or [0]
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{name:9s} {seconds:7.1f} s  ticks {len(gaps):6d}  longest stall {max(ordered):5d} ms"
            f"  p99 {p99:4d} ms  stalls >100 ms: {sum(g > 100 for g in gaps)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--algorithm", default="byte-bpe",
                        choices=sorted({v[0] for v in ALGORITHMS.values()}))
    parser.add_argument("--vocab-size", type=int, default=8000)
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--corpus", help="use this file instead of generated English prose")
    args = parser.parse_args()
    if args.corpus:
        corpus = Path(args.corpus)
    else:
        from bench.corpora import english_prose
        corpus = english_prose(args.mb)
    print(f"corpus {corpus} ({corpus.stat().st_size / 1e6:.1f} MB), {args.algorithm} "
          f"vocab {args.vocab_size}, platform {os.environ['QT_QPA_PLATFORM']}")

    app = ensure_app()
    settings = QSettings(str(Path("/tmp") / "subword_stall.ini"), QSettings.Format.IniFormat)
    settings.clear()
    window = create_main_window(load_sample=False, settings=settings)
    window.show()
    # subtle: app.quit() would close the window (Qt 6); wait in local event loops instead
    loop = QEventLoop()
    # let the first paint of the window happen before measuring (it is not a worker's stall)
    QTimer.singleShot(500, loop.quit)
    loop.exec()
    meter = StallMeter()
    results = {}

    # 0. the noise floor: the same meter with nothing running (a shared machine's load
    # delays the GUI thread too, and that is not the worker's doing)
    t0 = time.perf_counter()
    meter.start()
    QTimer.singleShot(5000, loop.quit)
    loop.exec()
    results["idle"] = (meter.stop(), time.perf_counter() - t0)

    # 1. load the corpus through the corpus pane
    t0 = time.perf_counter()
    meter.start()
    window.corpus_pane.loaded.connect(loop.quit)
    window.corpus_pane.load_paths([str(corpus)])
    loop.exec()
    results["load"] = (meter.stop(), time.perf_counter() - t0)
    if os.environ.get("STALL_DEBUG"):
        print("worst load stalls (ms, ended at ms):",
              sorted(zip(meter.gaps, meter.at), reverse=True)[:6], "load ended at",
              meter.clock.elapsed())

    # 2. train through the training pane
    pane = window.training_pane
    label = next(k for k, v in ALGORITHMS.items() if v[0] == args.algorithm)
    pane.algorithm_combo.setCurrentText(label)
    pane.vocab_spin.setValue(args.vocab_size)
    pane.training_finished.connect(loop.quit)
    t0 = time.perf_counter()
    meter.start()
    pane.start_training()
    stages = []
    if os.environ.get("STALL_DEBUG"):
        from subword_core.trainers.events import StageStarted

        pane._handle.worker.yielded.connect(
            lambda batch: stages.extend((meter.clock.elapsed(), e.stage) for e in batch
                                        if isinstance(e, StageStarted)))
        pane._handle.worker.returned.connect(
            lambda _r: stages.append((meter.clock.elapsed(), "returned")))
    loop.exec()
    results["train"] = (meter.stop(), time.perf_counter() - t0)
    if os.environ.get("STALL_DEBUG"):
        worst = sorted(zip(meter.gaps, meter.at), reverse=True)[:8]
        print("worst train stalls (ms, ended at ms):", worst)
        print("stages seen (ms):", stages)
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load_avg:.1f} on {os.cpu_count()} CPUs")
    for name, (gaps, seconds) in results.items():
        print(summary(name, gaps, seconds))
    entry = window.session.current
    print("trained:", entry.name if entry else pane.last_error)
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
