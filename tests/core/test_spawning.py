"""Worker start method: fork only where it is safe (Linux, one thread, no GUI toolkit)."""

from __future__ import annotations

import os
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


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_the_workers_end_with_a_killed_caller(method):
    # killed outright, the caller never terminates its pool: its workers must not live on
    # (forked ones waited forever for work; spawned ones died on a broken pipe, a traceback each)
    import json
    import signal
    import time

    script = ("import json, multiprocessing, time\n"
              + ("from subword_core._util.spawning import forbid_fork; forbid_fork()\n"
                 if method == "spawn" else "")
              + "from subword_core._util.spawning import ordered_pool_map\n"
              "results = ordered_pool_map(time.sleep, [0.2] * 10000, 2)\n"
              "next(results)\n"
              "print(json.dumps([p.pid for p in multiprocessing.active_children()]), flush=True)\n"
              "time.sleep(60)\n")
    caller = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        workers = json.loads(caller.stdout.readline())
        assert len(workers) == 2
        caller.send_signal(signal.SIGKILL)
        caller.wait(30)
        deadline = time.monotonic() + 10
        while any(map(_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _running(pid)]
        time.sleep(0.5)  # a worker's last words would come now
    finally:
        caller.kill()
        for pid in workers if "workers" in locals() else []:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
    assert "Traceback" not in caller.stderr.read()


def test_lowered_children_run_at_the_niceness_asked_for_and_nested_ones_do_not_add_up():
    # in a child interpreter: the niceness and the module's setting stay out of this one
    script = ("import os\n"
              "from subword_core._util.spawning import at_least_niceness, lower_children, "
              "ordered_pool_map\n"
              "base = os.nice(0)\n"
              "lower_children(base + 3)\n"
              "print(base, *ordered_pool_map(os.nice, [0, 0, 0], 2))\n"
              "at_least_niceness(base + 3); at_least_niceness(base + 3); at_least_niceness(base)\n"
              "print(os.nice(0))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=120)
    first, second = done.stdout.splitlines()
    base, *workers = map(int, first.split())
    assert workers == [min(base + 3, 19)] * 3
    assert int(second) == min(base + 3, 19)
