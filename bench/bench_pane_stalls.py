"""Longest GUI stall of the analysis panes with real tokenizer files (a 10 ms QTimer's gaps).

Each scenario builds one pane alone on a Session holding opened real tokenizers (GPT-2,
Llama 3.2, Qwen3 from ``tests/core/wild_sources.py``) and measures the longest gap of a
10 ms timer on the GUI thread (``bench_gui_stall.StallMeter``) while the user acts:

    python bench/bench_pane_stalls.py compare     # add Llama 3.2 and Qwen3 to Compare
    python bench/bench_pane_stalls.py groupings   # corpus token frequencies (400k words)
    python bench/bench_pane_stalls.py merges      # open Llama 3.2; replay; select; search
    python bench/bench_pane_stalls.py stats       # open Qwen3 in Statistics
    python bench/bench_pane_stalls.py oov         # type in Unseen words

Run from the checkout root (offscreen unless QT_QPA_PLATFORM says otherwise). An optional
second argument is a Python file executed first (e.g. to patch in timing probes).
"""
import os
import sys
import time
import random
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.getcwd()); sys.path.insert(0, os.path.join(os.getcwd(), "tests/core"))
from wild_sources import tokenizer_json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from bench.bench_gui_stall import StallMeter
from app.session import Session, TokenizerEntry, CorpusState
from app.selection import SelectionModel
from subword_core.tokenizer import Tokenizer
scenario = sys.argv[1]
if len(sys.argv) > 2: exec(open(sys.argv[2]).read())
toks = {n: Tokenizer.from_str(tokenizer_json(n)) for n in ["gpt2", "llama-3.2", "qwen3"]}
s = Session(); sel = SelectionModel()
s.set_text("Hello world, naïve café 안녕하세요 🦜 tokenizerization. " * 20)
meter = StallMeter()
def run_for(sec, until=None):
    t = time.time()
    while time.time() - t < sec:
        app.processEvents()
        if until is not None and until():
            break
def measure(name, action, sec, until=None):
    meter.start(); run_for(0.1); t = time.time(); action(); run_for(sec, until); gaps = meter.stop()
    print(f"{scenario}/{name}: longest stall {max(gaps) if gaps else 0} ms, wall {time.time()-t:.1f} s")
if scenario == "compare":
    from app.panes.compare_pane import ComparePane
    for n in toks: s.add_tokenizer(TokenizerEntry(n, toks[n], algorithm="file"), make_current=(n == "gpt2"))
    p = ComparePane(s, sel); p.resize(1200, 700); p.show(); run_for(2)
    def add():
        for n in ["llama-3.2", "qwen3"]:
            p.combo.setCurrentText(n); p._on_add_clicked()
    measure("add llama-3.2+qwen3", add, 15, lambda: len(p.names) == 3 and getattr(p, "alignment", None) is not None and len(p.alignment.rows) == 3 and not (hasattr(p, "text_job") and p.text_job.is_running()))
elif scenario == "groupings":
    from app.panes.groupings_pane import GroupingsPane
    rng = random.Random(1); syl = ["ka","to","ri","men","sa","lo","ve","qu","ne","ba","di","xo","ul","ab","ze"]
    counts = {"".join(rng.choice(syl) for _ in range(rng.randint(2, 6))): rng.randint(1, 1000) for _ in range(400000)}
    s.add_tokenizer(TokenizerEntry("gpt2", toks["gpt2"], algorithm="file"))
    s.set_corpus(CorpusState(["<mem>"], None, counts))
    p = GroupingsPane(s, sel); p.resize(1200, 700); p.show(); run_for(1)
    measure("frequency count (400k words)", lambda: s.set_current("gpt2") or p.refresh(), 30, lambda: p.model.rowCount() > 0)
elif scenario == "merges":
    from app.panes.merges_pane import MergesPane
    p = MergesPane(s, sel); p.resize(1200, 700); p.show(); run_for(1)
    measure("open llama-3.2", lambda: s.add_tokenizer(TokenizerEntry("llama", toks["llama-3.2"], algorithm="file")), 15,
            lambda: p.merges_model.rowCount() > 0 and not getattr(p, "load_job", None) or (hasattr(p, "load_job") and not p.load_job.is_running() and p.merges_model.rowCount() > 0))
    measure("replay step 140k", lambda: p.slider.setValue(140000), 6)
    measure("select merge 0 (Ġ+Ġ)", lambda: p.table.selectRow(0), 3)
    measure("search 'ing' (until the rows are filtered)", lambda: p.search.setText("ing"), 20,
            lambda: "match" in p.caption.text())
    measure("select token elsewhere", lambda: sel.set(__import__("app.selection", fromlist=["Selection"]).Selection(token_ids=frozenset({toks["llama-3.2"].token_to_id("Ġworld")}))), 3)
elif scenario == "stats":
    from app.panes.stats_pane import StatsPane
    p = StatsPane(s, sel); p.resize(1200, 700); p.show(); run_for(1)
    measure("open qwen3", lambda: s.add_tokenizer(TokenizerEntry("qwen", toks["qwen3"], algorithm="file")), 25, lambda: p.profile is not None)
if scenario == "oov":
    from app.panes.oov_pane import OovPane
    for n in toks: s.add_tokenizer(TokenizerEntry(n, toks[n], algorithm="file"))
    p = OovPane(s, sel); p.resize(1200, 700); p.show(); run_for(1)
    measure("type a word", lambda: p.input.setText("unseen wordification 🦜 한국어 naïveté x"), 2)
    measure("refresh on tokenizer added", lambda: s.add_tokenizer(TokenizerEntry("g2", toks["gpt2"], algorithm="file")), 2)
for w in app.topLevelWidgets():
    if hasattr(w, "shutdown"): w.shutdown()
s.shutdown()
