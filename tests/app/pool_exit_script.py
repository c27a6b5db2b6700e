"""Run by tests/app/test_process_pool.py in a process of its own: a pool process running
``ordered_pool_map`` is shut down; prints the ids of the pool process's own workers as a
JSON list on the last line (stderr is the test's to read)."""

from __future__ import annotations

import json
import sys
import threading
import time

import pool_test_jobs as jobs
from app.process_pool import ProcessPool


def main() -> None:
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
    print(json.dumps(nested), flush=True)


if __name__ == "__main__":
    sys.exit(main())
