"""Settings for the whole suite: no display, strict CI, a reproducible hypothesis profile.

Under ``CI=true`` (``.ci/run``):

- a test oracle that cannot be imported (``tokenizers``, ``sentencepiece``, ``transformers``,
  ``tiktoken``) fails the tests that ``pytest.importorskip`` it, instead of skipping a thousand
  parity tests in silence; on a developer's machine those tests still skip;
- hypothesis runs the ``ci`` profile: derandomized (the same examples every run, no example
  database), no deadline (a loaded CI machine is slow), and the blob to reproduce a failure.
"""

import os
import re

import pytest

# Qt must never look for a display in tests; set before any Qt import (shared/QT_SETUP.md).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: The reference implementations the parity tests compare against (test extras).
ORACLES = ("tokenizers", "sentencepiece", "transformers", "tiktoken")
# what pytest.importorskip's skip says: "could not import 'tokenizers.models': No module ..."
_MISSING_ORACLE = re.compile(r"could not import '(" + "|".join(ORACLES) + r")(\.[\w.]+)?'")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1")


try:
    from hypothesis import settings
except ImportError:  # the app-only set-up has no hypothesis; its tests importorskip it
    pass
else:
    settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100,
                              database=None, print_blob=True)
    if in_ci():
        settings.load_profile("ci")


def _fail_missing_oracle(report) -> None:
    """Turn a skip for a missing oracle into a failure (CI only)."""
    if not (report.skipped and in_ci() and isinstance(report.longrepr, tuple)):
        return
    message = str(report.longrepr[2])
    if _MISSING_ORACLE.search(message):
        report.outcome = "failed"
        report.longrepr = (f"CI=true: a test oracle is missing, so this would only skip "
                           f"({message}); install the test extras (scripts/setup.sh test)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_missing_oracle(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield  # a module-level importorskip skips the whole module here
    _fail_missing_oracle(outcome.get_result())
