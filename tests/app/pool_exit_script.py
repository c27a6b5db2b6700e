"""Run by tests/app/test_process_pool.py in a process of its own: a pool process (or, with
``train``, the training child) running ``ordered_pool_map`` is ended; prints the ids of
that process's own workers as a JSON list on the last line (stderr is the test's to read)."""

from __future__ import annotations

import json
import sys
import threading
import time

import pool_test_jobs as jobs
from PySide6.QtCore import Qt
from app.process_pool import ProcessPool
from app.workers import ProcessGeneratorWorker


def in_pool() -> list[int]:
    pool = ProcessPool(size=1)
    process = pool.acquire(threading.Event())
    process.conn.send((jobs.nested_pool_job, (), 0.0))
    nested: list[int] = []
    while not nested:  # the first batch names the workers
        kind, value = process.conn.recv()
        if kind != "events":
            raise SystemExit(f"the job ended: {kind} {value}")
        nested = value[0]
    time.sleep(0.5)  # the workers are mid-item, as when the window closes during a pass
    pool.shutdown()  # as MainWindow.shutdown does: the busy process is terminated
    process.process.join(30)
    return nested


def in_training_child() -> list[int]:
    worker = ProcessGeneratorWorker(jobs.stuck_nested_pool_job, (), interval_s=0.0)
    worker.ABORT_GRACE_S = 0.5  # the job ignores the cancel: terminated after this
    batches: list[list] = []
    worker.yielded.connect(batches.append, Qt.ConnectionType.DirectConnection)  # no loop here
    driver = threading.Thread(target=worker._drive)
    driver.start()
    deadline = time.monotonic() + 60
    while not batches and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    worker.abort()
    driver.join(60)
    return batches[0][0] if batches else []


if __name__ == "__main__":
    nested = in_training_child() if sys.argv[1:] == ["train"] else in_pool()
    print(json.dumps(nested), flush=True)
