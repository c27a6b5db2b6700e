"""The Korean catalogue is complete and compiled: every string the code marks is translated.

``pyside6-lupdate`` is run over ``app/`` into a temporary .ts; each (context, source) it
finds must have a finished translation in ``app/translations/subword_explorer_ko.ts`` with
the same placeholders, and the committed ``.qm`` must hold exactly what ``lrelease``
makes of that .ts (a stale .qm fails). A string passed to tr() as an f-string cannot be
found in any catalogue: the code is searched for those too.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"
TS = APP / "translations" / "subword_explorer_ko.ts"
QM = TS.with_suffix(".qm")
BIN = Path(sys.executable).parent
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%[0-9np%]")


def _tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if found is None:
            pytest.skip(f"{name} is not installed")
        return found
    return str(path)


def _messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            out[(name, message.findtext("source") or "")] = message.find("translation")
    return out


@pytest.fixture(scope="module")
def scanned(tmp_path_factory) -> dict[tuple[str, str], ET.Element]:
    """What lupdate finds in the code now."""
    out = tmp_path_factory.mktemp("ts") / "scan.ts"
    sources = sorted(str(p) for p in APP.rglob("*.py"))
    subprocess.run([_tool("pyside6-lupdate"), *sources, "-ts", str(out)], check=True,
                   capture_output=True)
    return _messages(out)


def test_every_string_of_the_code_is_translated(scanned):
    catalogue = _messages(TS)
    missing = [key for key in scanned if key not in catalogue]
    unfinished = [key for key, t in catalogue.items()
                  if key in scanned and (t.get("type") == "unfinished" or not (t.text or "").strip())]
    assert not missing, f"not in {TS.name} (run scripts/update_translations.sh): {missing[:20]}"
    assert not unfinished, f"untranslated in {TS.name}: {unfinished[:20]}"
    assert len(scanned) > 500  # the scan saw the app's strings


def test_translations_keep_the_placeholders():
    for (context, source), translation in _messages(TS).items():
        if translation.get("type") == "unfinished":
            continue  # reported by the test above
        assert sorted(PLACEHOLDER.findall(translation.text or "")) == sorted(
            PLACEHOLDER.findall(source)), (context, source, translation.text)


def test_the_committed_qm_is_compiled_from_the_ts(tmp_path):
    fresh = tmp_path / "fresh.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(TS), "-qm", str(fresh)], check=True,
                   capture_output=True)
    assert QM.read_bytes() == fresh.read_bytes(), (
        "the .qm is stale: run scripts/update_translations.sh")


def test_no_fstring_is_passed_to_tr():
    # tr(f"...") looks the formatted text up: it is never in the catalogue
    bad = []
    for path in APP.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                texts = node.args[1:2] if name in ("translate", "QT_TRANSLATE_NOOP") else (
                    node.args[:1] if name == "tr" else [])
                if any(isinstance(t, ast.JoinedStr) for t in texts):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad
