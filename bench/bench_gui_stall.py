"""How long does the explorer's event loop stall while it works on large inputs?

Builds the real window (``app.create_main_window``) and drives it as a user would,
one *scenario* after another. A 10 ms ``QTimer`` ticks on the GUI thread the whole
time; a *stall* is a gap between two ticks minus the 10 ms period. For each scenario
the bench prints the longest stall and the 99th percentile, and the wall time.

Scenarios (``--scenarios``, comma-separated, in this order):

- ``idle``: 5 s of nothing (the noise floor of a busy machine);
- ``load``: load the ``--mb`` corpus through the corpus pane;
- ``train``: train through the training pane; ``handback`` is the part of the same
  run after the child's last progress event (rebuilding and handing back the result);
- ``stats``: corpus-wide counts of the statistics pane on the loaded corpus;
- ``oov``: held-out retraining in the unseen-words pane (90 % / 10 % split);
- ``keystroke``: one keystroke at the end of a 50,000-character text (5 keystrokes,
  each measured until the new encoding is shown);
- ``open``: open Llama 3 and Qwen 3 ``tokenizer.json`` files (tests/core/wild_sources.py;
  skipped when their packages are missing) through ``MainWindow.open_tokenizer``;
- ``compare``: add the opened tokenizers (and the trained one) to the Compare pane;
- ``pane``: the same training in a training pane alone (its own session, no other pane
  reacting to the new tokenizer): ``pane handback`` is the training's own hand-back.

    python bench/bench_gui_stall.py [--mb 10] [--algorithm byte-bpe] [--vocab-size 8000]
        [--corpus PATH] [--scenarios idle,load,train,stats,oov,keystroke,open,compare] [--blame]

``--blame`` says *what* stalls: a watchdog thread samples every thread's stack when the GUI
thread has not ticked for 120 ms (it runs when the GIL holder lets go, so the worker frames
show what just held it, the GUI frame what the GUI thread was doing).

Runs offscreen unless QT_QPA_PLATFORM says otherwise (e.g. under Xvfb with ``xcb``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from PySide6.QtCore import QElapsedTimer, QEventLoop, QObject, QSettings, QTimer, Slot  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from app.main import create_main_window, ensure_app  # noqa: E402
from app.panes.training_pane import ALGORITHMS  # noqa: E402

TICK_MS = 10
SCENARIOS = ("idle", "load", "train", "stats", "oov", "keystroke", "open", "compare", "pane")
#: the real tokenizer files opened by the ``open`` scenario (wild_sources names -> folder)
OPEN_MODELS = {"llama-3": "Meta-Llama-3-8B", "qwen3": "Qwen3-8B"}
KEYSTROKE_CHARS = 50_000


def cpu_seconds(stat: Path) -> float | None:
    """User + system CPU seconds in a Linux ``/proc/.../stat`` file (a process's or a
    thread's); None when it cannot be read (the process or thread has ended, not Linux)."""
    try:
        fields = stat.read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


class StallMeter(QObject):
    """Records the gaps between ticks of a 10 ms timer on the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = QElapsedTimer()
        self.timer = QTimer(self, interval=TICK_MS)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.gaps: list[int] = []
        self.at: list[int] = []
        self.started = 0.0  # perf_counter at start: what ``at`` counts from
        self._last = 0

    def start(self) -> None:
        self.gaps = []
        self.at = []
        self.started = time.perf_counter()
        self.clock.start()
        self._last = 0
        self.timer.start()

    def stop(self) -> list[int]:
        self.timer.stop()
        return self.gaps

    def longest(self) -> tuple[int, int] | None:
        """(start, end) in ms after :meth:`start` of the longest gap between ticks."""
        if not self.gaps:
            return None
        i = max(range(len(self.gaps)), key=self.gaps.__getitem__)
        return self.at[i] - self.gaps[i] - TICK_MS, self.at[i]

    @Slot()
    def _on_timer_timeout(self) -> None:
        Blame.beat = time.perf_counter()
        now = self.clock.elapsed()
        self.gaps.append(now - self._last - TICK_MS)
        self.at.append(now)
        self._last = now


class Blame:
    """Watchdog thread: the stacks of all threads during each GUI stall longer than 120 ms."""

    beat = time.perf_counter()
    THRESHOLD_S = 0.12
    DEPTH = 6
    ALL_THREADS = True

    def __init__(self) -> None:
        self.scenario = ""
        self.reports: list[tuple[str, int, dict[str, list[str]]]] = []
        self._gui = threading.get_ident()
        threading.Thread(target=self._watch, daemon=True, name="blame").start()

    def _watch(self) -> None:
        while True:
            time.sleep(0.005)
            if time.perf_counter() - Blame.beat < self.THRESHOLD_S or not self.scenario:
                continue
            # sampled every 30 ms while the stall lasts: a long stall is often several
            # pieces of work in a row, and one sample would name only the first
            samples: list[dict[str, list[str]]] = []
            while time.perf_counter() - Blame.beat >= self.THRESHOLD_S:
                samples.append(self._stacks())
                time.sleep(0.03)
            gap = int(1000 * (time.perf_counter() - Blame.beat))  # roughly: ended just now
            stacks: dict[str, list[str]] = {}
            for sample in samples:
                for who, frames in sample.items():
                    seen = stacks.setdefault(who, [])
                    if " > ".join(frames) not in seen:
                        seen.append(" > ".join(frames))
            self.reports.append((self.scenario, gap, stacks))

    def _stacks(self) -> dict[str, list[str]]:
        stacks = {}
        for ident, frame in sys._current_frames().items():
            if ident == threading.get_ident():
                continue
            frames = traceback.extract_stack(frame)[-self.DEPTH:]
            stacks["GUI" if ident == self._gui else f"thread {ident % 10000}"] = [
                f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames]
        return stacks

    def print(self) -> None:
        for scenario, gap, stacks in self.reports:
            print(f"  stall >{int(self.THRESHOLD_S * 1000)} ms ({gap} ms) in {scenario}:")
            for who, seen in stacks.items():
                if who != "GUI" and not self.ALL_THREADS:
                    continue
                for frames in seen:
                    print(f"    {who}: {frames}")


class SlowEvents:
    """Which Qt events take the GUI thread's time: a ``QApplication`` whose ``notify`` times
    every event it delivers and keeps those over ``threshold_ms`` (receiver class and object
    name, event type, nesting depth). Stalls with no Python frame in :class:`Blame`'s stacks
    are Qt's own work (layout, painting, text layout): this names the widget doing it.

    Must be made before any ``QApplication`` (``make_app``); costs a Python call per event.
    """

    def __init__(self, threshold_ms: float = 40.0) -> None:
        self.threshold_s = threshold_ms / 1000
        #: (nesting depth, ms spent, label, perf_counter at the event's end)
        self.records: list[tuple[int, float, str, float]] = []
        self.depth = 0

    def make_app(self, argv: list[str]):
        from PySide6.QtWidgets import QApplication

        timer = self

        class TimedApplication(QApplication):
            def notify(self, receiver, event):  # noqa: N802 - Qt's name
                timer.depth += 1
                t0 = time.perf_counter()
                try:
                    return super().notify(receiver, event)
                finally:
                    timer.depth -= 1
                    spent = time.perf_counter() - t0
                    if spent >= timer.threshold_s:
                        timer.record(timer.depth, spent, receiver, event)

        return TimedApplication(argv)

    def record(self, depth: int, spent: float, receiver, event) -> None:
        try:
            name = type(receiver).__name__
            object_name = receiver.objectName() if hasattr(receiver, "objectName") else ""
            if not object_name:  # a viewport or a plain QWidget: name it by its owner
                parent = receiver.parent() if hasattr(receiver, "parent") else None
                if parent is not None and hasattr(parent, "objectName"):
                    object_name = f"in {type(parent).__name__}#{parent.objectName()}"
            kind = event.type().name if hasattr(event.type(), "name") else str(event.type())
        except RuntimeError:  # the receiver was deleted while handling the event
            name, object_name, kind = "<deleted>", "", "?"
        label = f"{name}{'#' + object_name if object_name else ''} {kind}"
        self.records.append((depth, spent * 1000, label, time.perf_counter()))

    def print(self, origin: float | None = None) -> None:
        """The slow events since the last print: innermost first within a nest; with
        ``origin`` (a ``perf_counter`` time), each says when it began, in ms after it."""
        for depth, ms, label, end in self.records:
            at = f" at {1000 * (end - origin) - ms:7.0f} ms" if origin is not None else ""
            print(f"    event {ms:6.0f} ms{at} {'  ' * depth}{label}")
        self.records.clear()


def summary(name: str, gaps: list[int], seconds: float) -> str:
    ordered = sorted(gaps) or [0]
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{name:13s} {seconds:7.1f} s  ticks {len(gaps):6d}  longest stall {max(ordered):5d} ms"
            f"  p99 {p99:4d} ms  stalls >100 ms: {sum(g > 100 for g in gaps)}")


def wait(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(predicate: Callable[[], bool], timeout_s: float = 600.0) -> bool:
    """Run the event loop until ``predicate()`` holds (checked every 20 ms); False on timeout."""
    loop = QEventLoop()
    deadline = time.monotonic() + timeout_s
    poll = QTimer(interval=20)

    def check() -> None:
        if predicate() or time.monotonic() > deadline:
            loop.quit()

    poll.timeout.connect(check)
    poll.start()
    if not predicate():
        loop.exec()
    poll.stop()
    return predicate()


class Bench:
    def __init__(self, window, meter: StallMeter, args) -> None:
        self.window, self.meter, self.args = window, meter, args
        self.results: dict[str, tuple[list[int], float]] = {}
        self.notes: list[str] = []
        self.opened: list[str] = []
        self.trained: str | None = None
        self.blame = Blame() if args.blame else None
        self._tmp = tempfile.TemporaryDirectory()

    def measure(self, name: str, run: Callable[[], object]) -> None:
        if self.blame is not None:
            self.blame.scenario = name
        t0 = time.perf_counter()
        self.meter.start()
        try:
            run()
        except Exception as exc:  # noqa: BLE001 - a scenario the app cannot run is reported
            self.notes.append(f"{name}: failed: {exc!r}")
        self.results[name] = (self.meter.stop(), time.perf_counter() - t0)
        if self.blame is not None:
            self.blame.scenario = ""

    # -- scenarios --------------------------------------------------------------------------------
    def idle(self) -> None:
        self.measure("idle", lambda: wait(5000))

    def load(self, corpus: Path) -> None:
        pane = self.window.corpus_pane

        def run() -> None:
            pane.load_paths([str(corpus)])
            wait_until(lambda: not pane.is_loading() and self.window.session.corpus is not None)
        self.measure("load", run)

    def train(self) -> None:
        pane, args = self.window.training_pane, self.args
        label = next(k for k, v in ALGORITHMS.items() if v[0] == args.algorithm)
        pane.algorithm_combo.setCurrentText(label)
        pane.vocab_spin.setValue(args.vocab_size)
        last_event = [0]
        finished = []

        def run() -> None:
            pane.training_finished.connect(finished.append)
            pane.start_training()
            pane._handle.worker.yielded.connect(
                lambda _batch: last_event.__setitem__(0, self.meter.clock.elapsed()))
            wait_until(lambda: bool(finished) and not pane.is_training(), 3600)
            pane.training_finished.disconnect(finished.append)
        self.measure("train", run)
        gaps, seconds = self.results["train"]
        # the stalls that end after the last progress event: handing back the result
        after = [g for g, at in zip(gaps, self.meter.at) if at >= last_event[0]]
        self.results["handback"] = (after, seconds)
        entry = self.window.session.current
        self.trained = entry.name if entry is not None and finished == [True] else None
        self.notes.append(f"trained: {self.trained or pane.last_error}")

    def _show_dock(self, key: str):
        docks = self.window.docks
        dock = docks.get(key)
        if dock is not None:
            dock.show()
            dock.raise_()
        return dock

    def _current_trained(self) -> None:
        if self.trained:
            self.window.session.set_current(self.trained)
            wait(300)

    def stats(self) -> None:
        self._current_trained()
        stats = self.window.analysis_docks.stats

        def run() -> None:
            self._show_dock("stats")
            wait(200)
            wait_until(lambda: not stats.job.is_running())
        self.measure("stats", run)
        self.notes.append(f"stats: {stats.status.text()!r}")

    def oov(self) -> None:
        self._current_trained()
        oov = self.window.analysis_docks.oov

        def run() -> None:
            self._show_dock("oov")
            wait(200)
            oov.retrain_check.setChecked(True)
            oov.compute_heldout()
            wait_until(lambda: not oov.job.is_running())
        self.measure("oov", run)
        self.notes.append(f"oov: {oov.heldout_label.text()[:100]!r}")

    def keystroke(self) -> None:
        self._current_trained()
        window = self.window
        editor = window.encoding_pane.input
        words = "the quick brown fox 한국어 café 🙂 jumps over lazy dogs ".split(" ")
        text = " ".join(words[i % len(words)] for i in range(KEYSTROKE_CHARS // 4))
        text = text[:KEYSTROKE_CHARS]
        editor.setPlainText(text)
        wait_until(lambda: window.session.text == text and window.session.encoding is not None, 60)
        wait(500)

        def run() -> None:
            editor.setFocus()
            cursor = editor.textCursor()
            cursor.movePosition(cursor.MoveOperation.End)
            editor.setTextCursor(cursor)
            for key in "abcde":
                QTest.keyClick(editor, key)
                wait_until(lambda k=key: window.session.text.endswith(k)
                           and window.session.encoding is not None, 60)
                wait(300)  # the redraws that follow the new encoding
        self.measure("keystroke", run)
        editor.setPlainText("Hello, world! 한국어 café 🙂")  # the next scenarios use a short text
        wait(500)

    def pane(self, corpus: Path) -> None:
        from app.panes.training_pane import TrainingPane
        from app.selection import SelectionModel
        from app.session import CorpusState, Session

        session = Session()
        session.set_text(self.window.session.text or "Hello, world! 한국어 café 🙂")
        session.set_corpus(CorpusState([str(corpus)]))
        pane = TrainingPane(session, SelectionModel())
        pane.show()
        label = next(k for k, v in ALGORITHMS.items() if v[0] == self.args.algorithm)
        pane.algorithm_combo.setCurrentText(label)
        pane.vocab_spin.setValue(self.args.vocab_size)
        wait(300)
        last_event, finished = [0], []
        pane.training_finished.connect(finished.append)

        def run() -> None:
            pane.start_training()
            pane._handle.worker.yielded.connect(
                lambda _batch: last_event.__setitem__(0, self.meter.clock.elapsed()))
            wait_until(lambda: bool(finished) and not pane.is_training(), 3600)
            wait(300)
        self.measure("pane", run)
        gaps, seconds = self.results["pane"]
        self.results["pane handback"] = (
            [g for g, at in zip(gaps, self.meter.at) if at >= last_event[0]], seconds)
        self.notes.append(f"pane: trained {session.current.name if session.current else '-'}")
        pane.shutdown()
        pane.close()

    def open(self) -> None:
        import pytest
        from wild_sources import tokenizer_json

        window = self.window
        for model, folder in OPEN_MODELS.items():
            try:
                data = tokenizer_json(model)
            except pytest.skip.Exception as skipped:
                self.notes.append(f"open {model}: skipped ({skipped})")
                continue
            path = Path(self._tmp.name) / folder / "tokenizer.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(data, encoding="utf-8")
            before = len(window.session.entries)

            def run(path=path, before=before) -> None:
                window.open_tokenizer(str(path))
                # synchronous today; asynchronous after issue 10: wait for the entry either way
                wait_until(lambda: len(window.session.entries) > before, 120)
                wait(300)
            self.measure(f"open {model}", run)
            entry = window.session.current
            if entry is not None and len(window.session.entries) > before:
                self.opened.append(entry.name)
                self.notes.append(f"open {model}: named {entry.name!r}")

    def compare(self) -> None:
        compare = self.window.analysis_docks.compare
        names = self.opened + ([self.trained] if self.trained else [])

        def run() -> None:
            self._show_dock("compare")
            wait(200)
            for name in names:
                # ComparePane.add_entry(name) exists today; keep going if it changes shape
                add = getattr(compare, "add_entry", None)
                if add is None:
                    raise RuntimeError("ComparePane has no add_entry")
                add(name)
                wait(100)
            job = getattr(compare, "job", None)
            wait_until(lambda: job is None or not job.is_running(), 600)
            wait(300)
        self.measure("compare", run)
        self.notes.append(f"compare: {getattr(compare, 'names', '?')}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--algorithm", default="byte-bpe",
                        choices=sorted({v[0] for v in ALGORITHMS.values()}))
    parser.add_argument("--vocab-size", type=int, default=8000)
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--corpus", help="use this file instead of generated English prose")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help=f"comma-separated, from {','.join(SCENARIOS)}")
    parser.add_argument("--blame", action="store_true",
                        help="print the threads' stacks during each stall over 120 ms")
    args = parser.parse_args()
    wanted = [s for s in args.scenarios.split(",") if s]
    unknown = set(wanted) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios: {', '.join(sorted(unknown))}")
    if args.corpus:
        corpus = Path(args.corpus)
    else:
        from bench.corpora import english_prose
        corpus = english_prose(args.mb)
    print(f"corpus {corpus} ({corpus.stat().st_size / 1e6:.1f} MB), {args.algorithm} "
          f"vocab {args.vocab_size}, platform {os.environ['QT_QPA_PLATFORM']}", flush=True)

    app = ensure_app()
    settings = QSettings(str(Path("/tmp") / "subword_stall.ini"), QSettings.Format.IniFormat)
    settings.clear()
    window = create_main_window(load_sample=False, settings=settings)
    window.show()
    # let the first paint of the window happen before measuring (it is not a worker's stall)
    wait(500)
    bench = Bench(window, StallMeter(), args)
    needs_corpus = {"load", "train", "stats", "oov"}
    for name in SCENARIOS:
        if name not in wanted:
            continue
        if name in needs_corpus and name != "load" and window.session.corpus is None:
            bench.load(corpus)
        if name in ("stats", "oov", "keystroke") and bench.trained is None and \
                "train" not in wanted:
            bench.train()
        if name == "compare" and not bench.opened and "open" not in wanted:
            bench.open()
        done = set(bench.results)
        if name in ("load", "pane"):
            getattr(bench, name)(corpus)
        else:
            getattr(bench, name)()
        for key in bench.results:
            if key not in done:
                print(summary(key, *bench.results[key]), flush=True)
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nload average {load_avg:.1f} on {os.cpu_count()} CPUs")
    for name, (gaps, seconds) in bench.results.items():
        print(summary(name, gaps, seconds))
    for note in bench.notes:
        print("  ", note)
    if bench.blame is not None:
        bench.blame.print()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
