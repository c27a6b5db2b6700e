"""HF ``tokenizers``' own Python binding tests, run against HF and against ``subword_core``.

How far is ``subword_core`` a drop-in for ``tokenizers``? This runs the tests HF ships in
``bindings/python/tests`` twice, offline, with pytest:

1. ``hf``:   against the real ``tokenizers`` installed in this Python;
2. ``ours``: against :mod:`subword_core.compat` imported under the name ``tokenizers``
   (a temporary folder first on ``PYTHONPATH`` holds a ``tokenizers`` package that only
   aliases ``subword_core.compat`` and its submodules).

The tests are extracted from a checkout of huggingface/tokenizers (a bare or normal git
repository: ``git archive``; or a plain folder holding ``bindings/python/tests``) into a
temporary folder, beside a ``tests/conftest.py`` (``bench/hf_binding_conftest.py``) that
closes the network, points HF's data fixtures at identical files shipped by installed
packages, and reports every test that would need the hub as skipped, "needs a download".

Output: pass/fail/skip per test file and in total for both runs, then the tests HF passes
and we fail, grouped by cause; written to a Markdown file whose path is printed (and a
JSON file of per-test outcomes beside it).

    python bench/hf_binding_tests.py [CHECKOUT] [--rev HEAD] [--out FILE] [--only hf|ours]
        [--timeout 180] [-k EXPR] [--keep]

CHECKOUT defaults to the mirror at /work/.mirror/huggingface+tokenizers/repo. Nothing of
HF's is copied into this project.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CHECKOUT = "/work/.mirror/huggingface+tokenizers/repo"
TESTS = "bindings/python"
#: What is taken from HF's checkout: the tests, and the pytest configuration beside them.
MEMBERS = ("bindings/python/tests", "bindings/python/conftest.py", "bindings/python/pytest.ini")
CONFTEST = Path(__file__).with_name("hf_binding_conftest.py")
NEEDS_DOWNLOAD = "needs a download"

SHIM = '''"""`tokenizers` is subword_core.compat (bench/hf_binding_tests.py wrote this): aliases."""
import importlib
import sys

import subword_core.compat as _compat

for _name in _compat.SUBMODULES:
    sys.modules[f"{__name__}.{_name}"] = importlib.import_module(f"subword_core.compat.{_name}")
sys.modules[__name__] = _compat
'''


# ---------------------------------------------------------------------------- extraction
def _git(checkout: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", checkout, *args], capture_output=True, check=False)


def extract(checkout: str, rev: str, dest: Path) -> str:
    """Put HF's binding tests under ``dest``; return the commit (or a description)."""
    resolved = _git(checkout, "rev-parse", "--verify", f"{rev}^{{commit}}")
    if resolved.returncode == 0:
        commit = resolved.stdout.decode().strip()
        archive = _git(checkout, "archive", "--format=tar", commit, *MEMBERS)
        if archive.returncode != 0:
            sys.exit(f"git archive failed: {archive.stderr.decode().strip()}")
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(dest, filter="data")
        return commit
    source = Path(checkout)
    if not (source / TESTS / "tests").is_dir():
        sys.exit(f"{checkout}: neither a git repository with {rev} nor a folder holding "
                 f"{TESTS}/tests")
    for member in MEMBERS:
        path = source / member
        if path.is_dir():
            shutil.copytree(path, dest / member)
        elif path.is_file():
            (dest / member).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / member)
    return f"working tree of {checkout} (not a git commit)"


def write_shim(folder: Path) -> None:
    package = folder / "tokenizers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(SHIM, encoding="utf-8")


# ---------------------------------------------------------------------------- running
def run_pytest(label: str, tests_root: Path, junit: Path, shim: Path | None, home: Path,
               timeout: float, keyword: str | None) -> float:
    """One pytest run in a subprocess; returns its wall time."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
               HF_HOME=str(home), HF_HARNESS_TIMEOUT=str(timeout),
               PYTEST_DISABLE_PLUGIN_AUTOLOAD="1", PYTHONDONTWRITEBYTECODE="1")
    paths = [str(shim), str(ROOT)] if shim is not None else []
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    command = [sys.executable, "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider",
               "-o", "junit_family=xunit1", f"--junitxml={junit}", "-rN",
               "--continue-on-collection-errors"]
    try:
        import pytest_asyncio  # noqa: F401  (used when present; the conftest runs them otherwise)
        command += ["-p", "pytest_asyncio"]
    except ImportError:
        pass
    if keyword:
        command += ["-k", keyword]
    log = junit.with_suffix(".log")
    start = time.perf_counter()
    with open(log, "wb") as out:
        subprocess.run(command, cwd=tests_root, env=env, stdout=out, stderr=subprocess.STDOUT,
                       check=False)
    elapsed = time.perf_counter() - start
    print(f"  {label}: {elapsed:.0f}s (log {log})", flush=True)
    return elapsed


# ---------------------------------------------------------------------------- results
@dataclass
class Outcome:
    file: str
    test: str
    status: str  # passed, failed, skipped, download
    message: str


def _file_of(case: ET.Element) -> str:
    if case.get("file"):
        return case.get("file")
    # a collection error names the module in classname or name
    dotted = case.get("classname") or case.get("name") or ""
    parts = dotted.split(".")
    while parts and not parts[-1].startswith("test_"):
        parts.pop()
    return "/".join(parts) + ".py" if parts else dotted


def parse_junit(path: Path) -> dict[str, Outcome]:
    """Test id -> outcome, from a pytest junit (xunit1) file."""
    if not path.is_file():
        return {}
    outcomes: dict[str, Outcome] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        file = _file_of(case)
        name = case.get("name", "")
        classname = case.get("classname", "")
        cls = classname.rsplit(".", 1)[-1] if classname else ""
        test = f"{cls}::{name}" if cls and cls[:1].isupper() else name
        status, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                status, message = "failed", child.get("message") or (child.text or "")[:300]
                if not classname:  # collection error of a whole file: say why
                    test = "<collection>"
                    message = _last_error_line(child.text or "") or message
            elif child.tag == "skipped":
                message = child.get("message") or ""
                status = "download" if NEEDS_DOWNLOAD in message else "skipped"
        outcomes[f"{file}::{test}"] = Outcome(file, test, status, message)
    return outcomes


def _last_error_line(traceback: str) -> str:
    errors = [line[1:].strip() for line in traceback.splitlines() if line.startswith("E ")]
    return errors[-1] if errors else ""


def counts_by_file(outcomes: dict[str, Outcome]) -> dict[str, Counter]:
    table: dict[str, Counter] = defaultdict(Counter)
    for outcome in outcomes.values():
        table[outcome.file][outcome.status] += 1
    return table


_CAUSE_RULES = [
    (re.compile(r"has no attribute '([^']+)'"), lambda m, t: f"missing attribute {m[1]!r}"),
    (re.compile(r"cannot import name '([^']+)' from '([^']+)'"),
     lambda m, t: f"missing name {m[2]}.{m[1]}"),
    (re.compile(r"No module named '([^']+)'"), lambda m, t: f"missing module {m[1]}"),
    (re.compile(r"unexpected keyword argument '([^']+)'"),
     lambda m, t: f"unexpected keyword {m[1]!r}"),
    (re.compile(r"harness: test took more than"), lambda m, t: "timeout"),
    (re.compile(r"^(?:AssertionError: )?assert ", re.S), lambda m, t: "assertion (values differ)"),
    (re.compile(r"DID NOT RAISE|DID NOT WARN"), lambda m, t: "expected an exception/warning"),
    (re.compile(r"Regex pattern did not match"), lambda m, t: "different error message"),
]


#: HF tests that cannot pass on purpose: test name -> why.
DELIBERATE = {
    "test_multiprocessing_with_parallelism":
        "deliberate: HF's test expects a forked child to deadlock when TOKENIZERS_PARALLELISM "
        "is on (Rayon's thread pool); subword_core has no thread pool, so the child finishes",
    "test_normalizers.py::TestSequence::test_item_getters_and_setters":
        "deliberate: normalizers.Replace.pattern is readable (HF: 'Cannot get pattern'; "
        "setting it raises in both): subword_core's word-counting shortcuts read it",
}


def cause_of(message: str, test: str = "") -> str:
    """A short label grouping failures with the same cause."""
    deliberate = next((why for name, why in DELIBERATE.items() if name in test), None)
    if deliberate is not None:
        return deliberate
    first = message.strip().splitlines()[0] if message.strip() else "(no message)"
    for pattern, label in _CAUSE_RULES:
        match = pattern.search(message)
        if match:
            return label(match, first)
    first = re.sub(r"0x[0-9a-f]+", "0x…", first)
    return first[:120]


def compare(hf: dict[str, Outcome], ours: dict[str, Outcome]
            ) -> dict[str, list[tuple[str, str]]]:
    """Tests HF passes and we do not, grouped by cause: ``cause -> [(test, message)]``
    (a test that was not collected gets its file's import error)."""
    collection = {o.file: o.message for o in ours.values() if o.test == "<collection>"}
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key, outcome in sorted(hf.items()):
        if outcome.status != "passed":
            continue
        mine = ours.get(key)
        if mine is None:
            message = collection.get(outcome.file, "not run")
            groups[f"file not collected: {cause_of(message)}"].append((key, ""))
        elif mine.status == "failed":
            groups[cause_of(mine.message, key)].append((key, _first_line(mine.message)))
        elif mine.status != "passed":
            groups[f"{mine.status}: {cause_of(mine.message, key)}"].append(
                (key, _first_line(mine.message)))
    return dict(sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])))


def _first_line(message: str, width: int = 150) -> str:
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= width else line[:width - 1] + "…"


def _cell(counter: Counter | None) -> str:
    if counter is None:
        return "-"
    return f"{counter['passed']} / {counter['failed']} / {counter['skipped']} / " \
           f"{counter['download']}"


def summarize(commit: str, runs: dict[str, dict[str, Outcome]], times: dict[str, float]) -> str:
    """The Markdown report."""
    lines = ["# HF tokenizers binding tests: HF vs subword_core", "",
             f"HF tests from huggingface/tokenizers commit `{commit}`; HF `tokenizers` "
             f"{_hf_version()}; run offline. Cells: passed / failed / skipped / "
             f"{NEEDS_DOWNLOAD}.", ""]
    labels = [label for label in ("hf", "ours") if label in runs]
    tables = {label: counts_by_file(runs[label]) for label in labels}
    files = sorted({f for table in tables.values() for f in table})
    lines.append("| file | " + " | ".join(labels) + " |")
    lines.append("|---|" + "---|" * len(labels))
    totals = {label: Counter() for label in labels}
    for file in files:
        cells = []
        for label in labels:
            counter = tables[label].get(file)
            if counter:
                totals[label].update(counter)
            cells.append(_cell(counter))
        lines.append(f"| {file} | " + " | ".join(cells) + " |")
    lines.append("| **total** | " + " | ".join(_cell(totals[label]) for label in labels) + " |")
    lines.append("")
    for label in labels:
        total = totals[label]
        ran = total["passed"] + total["failed"]
        share = f"{100 * total['passed'] / ran:.1f}%" if ran else "-"
        lines.append(f"- {label}: {total['passed']} passed of {ran} run ({share}); "
                     f"{total['skipped']} skipped, {total['download']} {NEEDS_DOWNLOAD}; "
                     f"{times.get(label, 0):.0f}s")
    if "hf" in runs and "ours" in runs:
        hf_passed = [k for k, o in runs["hf"].items() if o.status == "passed"]
        ours_too = [k for k in hf_passed if runs["ours"].get(k, Outcome("", "", "", "")).status
                    == "passed"]
        lines.append(f"- of the {len(hf_passed)} tests HF passes offline, subword_core passes "
                     f"{len(ours_too)} ({100 * len(ours_too) / max(1, len(hf_passed)):.1f}%)")
        lines += ["", "## Tests HF passes and subword_core does not, by cause", ""]
        for cause, tests in compare(runs["hf"], runs["ours"]).items():
            lines.append(f"### {cause} ({len(tests)})")
            lines += [f"- `{key}`" + (f": {message}" if message else "")
                      for key, message in tests]
            lines.append("")
        downloads = sorted(k for k, o in runs["hf"].items() if o.status == "download")
        lines += ["## Needing a download (skipped for both)", ""]
        lines += [f"- `{key}`: {runs['hf'][key].message}" for key in downloads]
    return "\n".join(lines) + "\n"


def _hf_version() -> str:
    try:
        from importlib.metadata import version

        return version("tokenizers")
    except Exception:  # noqa: BLE001 (a report line; any failure means "unknown")
        return "(not installed)"


# ---------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", nargs="?", default=DEFAULT_CHECKOUT,
                        help="huggingface/tokenizers checkout (git dir or folder)")
    parser.add_argument("--rev", default="HEAD", help="commit to take the tests from")
    parser.add_argument("--out", default=None, help="Markdown summary file "
                        "(default: hf_binding_tests.md in the temporary folder's parent)")
    parser.add_argument("--only", choices=("hf", "ours"), help="run one side only")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per test")
    parser.add_argument("-k", dest="keyword", help="pytest -k expression")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="hf-binding-tests-"))
    out = Path(args.out) if args.out else Path(tempfile.gettempdir()) / "hf_binding_tests.md"
    try:
        commit = extract(args.checkout, args.rev, work / "tokenizers")
        print(f"HF tests from {args.checkout} at {commit}", flush=True)
        tests_root = work / "tokenizers" / TESTS  # ends in "python", as HF's data_dir wants
        shutil.copyfile(CONFTEST, tests_root / "tests" / "conftest.py")
        write_shim(work / "shim")
        runs: dict[str, dict[str, Outcome]] = {}
        times: dict[str, float] = {}
        for label in ("hf", "ours"):
            if args.only and args.only != label:
                continue
            junit = work / f"{label}.xml"
            home = work / f"hf-home-{label}"
            times[label] = run_pytest(label, tests_root, junit,
                                      work / "shim" if label == "ours" else None, home,
                                      args.timeout, args.keyword)
            runs[label] = parse_junit(junit)
            if label == "ours" or args.keep:
                shutil.copyfile(junit.with_suffix(".log"), out.with_suffix(f".{label}.log"))
        out.write_text(summarize(commit, runs, times), encoding="utf-8")
        per_test = {label: {k: [o.status, o.message[:300]] for k, o in sorted(r.items())}
                    for label, r in runs.items()}
        out.with_suffix(".json").write_text(json.dumps({"commit": commit, "runs": per_test},
                                                       indent=1, ensure_ascii=False),
                                            encoding="utf-8")
        print(f"summary: {out}")
        print("\n".join(line for line in out.read_text(encoding="utf-8").splitlines()
                        if line.startswith(("- hf", "- ours", "- of the", "| **total"))))
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
