"""Fill translations into a Qt .ts file from Python dictionaries (source text -> translation).

    python scripts/fill_translations.py app/translations/subword_explorer_ko.ts TABLE.py ...

Each TABLE.py defines ``T = {"source": "translation", ...}`` and optionally
``BY_CONTEXT = {("Context", "source"): "translation"}`` for a source that needs another
translation in one context. Only unfinished messages are filled (a finished translation
in the .ts is kept: edit the .ts itself to change one); the messages still unfinished are
listed. Placeholders ({name}, %p%) must be the same in source and translation.
"""

from __future__ import annotations

import re
import runpy
import sys
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%[0-9np%]")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def fill(ts_path: str, tables: list[str]) -> int:
    plain: dict[str, str] = {}
    by_context: dict[tuple[str, str], str] = {}
    for path in tables:
        values = runpy.run_path(path)
        plain.update(values.get("T", {}))
        by_context.update(values.get("BY_CONTEXT", {}))
    tree = ET.parse(ts_path)
    missing = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation.get("type") not in ("unfinished", None) or (
                    translation.get("type") is None and translation.text):
                continue
            text = by_context.get((name, source), plain.get(source))
            if text is None:
                missing += 1
                print(f"unfinished: [{name}] {source!r}")
                continue
            if placeholders(text) != placeholders(source):
                raise SystemExit(f"placeholders differ: {source!r} -> {text!r}")
            translation.text = text
            translation.attrib.pop("type", None)
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)
    _restore_doctype(ts_path)
    return missing


def _restore_doctype(ts_path: str) -> None:
    # ElementTree drops the DOCTYPE line lupdate writes; put it back so diffs stay small
    with open(ts_path, encoding="utf-8") as fh:
        text = fh.read()
    if "<!DOCTYPE TS>" not in text:
        text = text.replace("?>\n", "?>\n<!DOCTYPE TS>\n", 1)
    with open(ts_path, "w", encoding="utf-8") as fh:
        fh.write(text if text.endswith("\n") else text + "\n")


if __name__ == "__main__":
    sys.exit(1 if fill(sys.argv[1], sys.argv[2:]) else 0)
