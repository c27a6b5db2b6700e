"""The window's process lets a thread waiting for the GIL in after 1 ms, not CPython's 5 ms."""

import sys

from app.main import GIL_SWITCH_INTERVAL_S, ensure_app


def test_ensure_app_shortens_the_gil_switch_interval(qapp):
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)  # CPython's default, whatever an earlier test left
        ensure_app()
        assert sys.getswitchinterval() <= GIL_SWITCH_INTERVAL_S <= 0.001
    finally:
        sys.setswitchinterval(before)
