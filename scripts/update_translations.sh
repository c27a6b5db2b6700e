#!/usr/bin/env bash
# Update the Korean catalogue from the strings in app/ and compile it.
#
#   scripts/update_translations.sh
#
# 1. pyside6-lupdate collects every tr() / QCoreApplication.translate() / QT_TRANSLATE_NOOP()
#    string of app/**/*.py into app/translations/subword_explorer_ko.ts (translations already
#    there are kept; strings gone from the code are dropped with -no-obsolete).
# 2. Translate the new messages (type="unfinished") in the .ts: Qt Linguist
#    (pyside6-linguist), or edit the XML.
# 3. pyside6-lrelease compiles the .ts to the .qm the app loads (committed with it).
# tests/app/test_translations.py fails while a message is unfinished or the .qm is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${PYSIDE_BIN:-$(dirname "$(command -v python)")}
[ -x "$BIN/pyside6-lupdate" ] || BIN=.venv/bin
[ -x "$BIN/pyside6-lupdate" ] || BIN=/work/main/.venv/bin
TS=app/translations/subword_explorer_ko.ts
mapfile -t SOURCES < <(find app -name '*.py' | sort)
"$BIN/pyside6-lupdate" -no-obsolete -locations relative -target-language ko_KR \
    "${SOURCES[@]}" -ts "$TS"
"$BIN/pyside6-lrelease" "$TS" -qm "${TS%.ts}.qm"
