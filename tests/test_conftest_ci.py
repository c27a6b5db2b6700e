"""tests/conftest.py under CI=true: a missing oracle fails, other skips stay skips; hypothesis's
profile. Each case runs pytest in a subprocess on a tiny test folder holding a copy of the
suite's conftest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

CONFTEST = Path(__file__).with_name("conftest.py")

# An oracle made unimportable (None in sys.modules), at module level and inside a test, and a
# skip for a module that is no oracle.
TESTS = '''
import sys

import pytest

sys.modules["tiktoken"] = None
sys.modules["sentencepiece"] = None


def test_inside_a_test():
    pytest.importorskip("sentencepiece")


def test_not_an_oracle():
    pytest.importorskip("no_such_extra_module")


def test_hypothesis_profile():
    from hypothesis import settings

    print("PROFILE", settings.default.derandomize, settings.default.deadline)
'''
MODULE_SKIP = '''
import sys

import pytest

sys.modules["tiktoken"] = None
tiktoken = pytest.importorskip("tiktoken")


def test_uses_the_oracle():
    assert tiktoken
'''


def run_pytest(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess:
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "test_oracle_inside.py").write_text(textwrap.dedent(TESTS), encoding="utf-8")
    (tmp_path / "test_oracle_module.py").write_text(MODULE_SKIP, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-rA", "-s", "-p", "no:cacheprovider",
         "--continue-on-collection-errors",
         str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
        check=False)


def test_ci_fails_on_a_missing_oracle(tmp_path):
    result = run_pytest(tmp_path, "true")
    out = result.stdout
    assert result.returncode != 0, out
    assert "ERROR test_oracle_module.py" in out and "could not import 'tiktoken'" in out
    assert "FAILED test_oracle_inside.py::test_inside_a_test" in out
    assert "CI=true: a test oracle is missing" in out
    assert "SKIPPED" in out and "no_such_extra_module" in out  # not an oracle: still a skip
    assert "PROFILE True None" in out  # the ci profile: derandomized, no deadline


def test_outside_ci_a_missing_oracle_skips(tmp_path):
    result = run_pytest(tmp_path, None)
    out = result.stdout
    assert result.returncode == 0, out
    assert "FAILED" not in out and "ERROR" not in out
    assert "could not import 'tiktoken'" in out and "could not import 'sentencepiece'" in out
    assert "PROFILE False" in out  # hypothesis's default profile
