"""Jobs for tests/app/test_process_pool.py, run in pool processes (no Qt, no pytest)."""

from __future__ import annotations

import os
import time


def count_job(n, cancel):
    """Yield 0..n-1, return (the process id, n)."""
    for i in range(n):
        yield i
    return os.getpid(), n


def failing_job(message, cancel):
    yield "starting"
    raise ValueError(message)


def slow_job(cancel):
    """Run until cancelled (checks ``cancel`` often); events go out in timed batches."""
    while not cancel():
        yield os.getpid()
        time.sleep(0.01)
    return "stopped"


def stubborn_job(cancel):
    """Never looks at ``cancel``: only ending its process stops it."""
    yield os.getpid()
    time.sleep(0.1)
    yield os.getpid()  # sends the batch
    time.sleep(3600)
    return "never"


def held_job(tokenizers, cancel):
    """What arrived: (pid, each tokenizer's vocabulary size, app.pool_cache.traffic())."""
    from app import pool_cache

    yield "held"
    sizes = {name: tok.get_vocab_size() for name, tok in tokenizers.items()}
    return os.getpid(), sizes, pool_cache.traffic()


def nested_pool_job(cancel):
    """Runs ``ordered_pool_map`` in worker processes of its own, as the corpus passes do
    (``app.compare_jobs.children_allowed``); yields those workers' ids, then keeps them
    busy until cancelled."""
    import multiprocessing

    from app.compare_jobs import children_allowed
    from subword_core._util.spawning import ordered_pool_map

    with children_allowed():
        # no ``cancelled``: only ending the process stops it (as a job past its grace period)
        results = ordered_pool_map(time.sleep, [0.2] * 10_000, 2)
        next(results)
        yield [p.pid for p in multiprocessing.active_children()]
        for _ in results:
            yield os.getpid()
    return "done"


def stuck_nested_pool_job(cancel):
    """As :func:`nested_pool_job`, but then waits for a 30 s item: it never sees the cancel,
    only ending its process stops it."""
    import multiprocessing

    from app.compare_jobs import children_allowed
    from subword_core._util.spawning import ordered_pool_map

    with children_allowed():
        results = ordered_pool_map(time.sleep, [0.1, 0.1] + [30] * 10, 2)
        next(results)
        yield [p.pid for p in multiprocessing.active_children()]
        for _ in results:
            yield os.getpid()
    return "done"


def parts_job(cancel):
    """Sends two parts ahead of its result (``app.workers.JobCancel.send_part``)."""
    yield "sending"
    cancel.send_part(("ahead", os.getpid()))
    cancel.send_part("second")
    return ("last",)


def niceness_job(cancel):
    """This pool process's niceness."""
    yield "asked"
    return os.nice(0)
