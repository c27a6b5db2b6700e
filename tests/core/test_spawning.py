"""Worker start method: fork only where it is safe (Linux, one thread, no GUI toolkit)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def start_method_in_child(prelude: str) -> str:
    script = (prelude + "\nfrom subword_core._util.spawning import start_method"
              "\nprint(start_method())")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=60)
    return done.stdout.strip()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux only")
def test_a_plain_process_forks():
    assert start_method_in_child("") == "fork"


def test_forbidden_threaded_or_gui_processes_spawn():
    assert start_method_in_child(
        "from subword_core._util.spawning import forbid_fork; forbid_fork()") == "spawn"
    assert start_method_in_child(
        "import threading, time\n"
        "threading.Thread(target=time.sleep, args=(5,), daemon=True).start()") == "spawn"
    assert start_method_in_child("import PySide6.QtCore") == "spawn"


def test_a_cancelled_pool_stops_waiting_for_a_busy_worker():
    # a worker busy for 30 s: the caller, told to stop, does not wait for it
    import time

    from subword_core._util.spawning import ordered_pool_map

    start = time.perf_counter()
    stop_at = start + 0.5
    results = list(ordered_pool_map(time.sleep, [30, 30], 1,
                                     cancelled=lambda: time.perf_counter() > stop_at))
    assert results == []
    assert time.perf_counter() - start < 10


def test_an_uncancelled_pool_yields_every_result_in_order():
    from subword_core._util.spawning import ordered_pool_map

    assert list(ordered_pool_map(abs, range(-5, 5), 2, cancelled=lambda: False)) == \
        [abs(i) for i in range(-5, 5)]
