"""How long does one keystroke in a long text stall the explorer's event loop?

Builds the real window (``app.create_main_window``), opens a real tokenizer (GPT-2 and
BERT/all-MiniLM from ``tests/core/wild_sources.py``), puts a long multilingual text
(Latin, Korean, emoji) into the encoding pane's input box, waits until everything is
drawn, then types a few characters one at a time, as a user would: each keystroke goes
through the pane's debounce, the session's (background) encoder and every view of the
encoding. A 10 ms ``QTimer`` ticks on the GUI thread the whole time (the
``StallMeter`` of ``bench_gui_stall.py``); a *stall* is a gap between two ticks minus
the 10 ms period. Prints, per model and text length, the longest stall and the number
of token-view redraws per keystroke.

    python bench/bench_keystroke_stall.py [--chars 50000 200000] [--models gpt2 bert-base-uncased]
        [--keys 5] [--full] [--hide analysis_docks.compare]

Runs offscreen unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QTextCursor  # noqa: E402

from app.encode_options import EncodeOptions  # noqa: E402
from app.main import create_main_window, ensure_app  # noqa: E402
from app.session import TokenizerEntry  # noqa: E402
from bench.bench_gui_stall import StallMeter  # noqa: E402
from subword_core.tokenizer import Tokenizer  # noqa: E402

PARAGRAPH = ("The quick brown fox jumps over the lazy dog, isn't it? Tokenizers split text "
             "into subwords: café, naïve, 3:45pm. 한국어 문장도 잘 나뉘나요? 🙂 🇰🇷 "
             "👨‍👩‍👧 family emoji and a flag. ")


def long_text(n: int) -> str:
    out, size = [], 0
    i = 0
    while size < n:
        line = PARAGRAPH * (1 + i % 4)
        out.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(out)[:n]


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, nargs="+", default=[50_000, 200_000])
    parser.add_argument("--models", nargs="+", default=["gpt2", "bert-base-uncased"])
    parser.add_argument("--keys", type=int, default=5)
    parser.add_argument("--settle-ms", type=int, default=1500,
                        help="time measured after each keystroke")
    parser.add_argument("--full", action="store_true",
                        help="switch the file's truncation and padding off (all-MiniLM cuts "
                             "every text to 128 tokens otherwise)")
    parser.add_argument("--hide", nargs="*", default=[], metavar="PANE",
                        help="hide these panes (dotted attribute paths of the window, e.g. "
                             "analysis_docks.compare) "
                             "to measure the others alone")
    args = parser.parse_args()
    from wild_sources import tokenizer_json

    app = ensure_app()
    settings = QSettings(str(Path("/tmp") / "subword_keystroke.ini"), QSettings.Format.IniFormat)
    settings.clear()
    window = create_main_window(load_sample=False, settings=settings)
    window.resize(1280, 800)
    window.show()
    wait(300)
    for name in args.hide:
        obj = window
        for part in name.split("."):
            obj = getattr(obj, part)
        obj.hide()
    pane = window.encoding_pane
    views = [pane.view, window.merges_pane.replay_view]
    redraws = [0]
    for view in views:
        original = view.set_content

        def counting(*a, _original=original, **kw):
            redraws[0] += 1
            return _original(*a, **kw)
        view.set_content = counting
    if args.full:
        window.session.set_encode_options(EncodeOptions(truncation=False, padding=False))
    meter = StallMeter()
    print(f"platform {os.environ['QT_QPA_PLATFORM']}, load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")
    meter.start()
    wait(2000)
    idle = meter.stop()
    print(f"idle: longest stall {max(idle)} ms")
    for name in args.models:
        tokenizer = Tokenizer.from_str(tokenizer_json(name))
        window.session.add_tokenizer(TokenizerEntry(name, tokenizer, algorithm="file"))
        for n in args.chars:
            text = long_text(n)
            pane.input.setPlainText(text)
            wait(4000)  # debounce, encode, draw
            stalls, per_key = [], []
            for k in range(args.keys):
                redraws[0] = 0
                meter.start()
                cursor = pane.input.textCursor()
                cursor.movePosition(QTextCursor.MoveOperation.End)
                pane.input.setTextCursor(cursor)
                t0 = time.perf_counter()
                pane.input.insertPlainText("x" if k % 2 else " ")
                wait(args.settle_ms)
                gaps = meter.stop()
                stalls.append(max(gaps, default=0))
                per_key.append(redraws[0])
                _ = t0
            print(f"{name:18s} {n:>8,} chars  longest stall per keystroke (ms): {stalls}  "
                  f"token-view redraws per keystroke: {per_key}")
    window.session.shutdown()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
