#!/usr/bin/env bash
# wheel_smoke.sh — is the wheel a working app? Build it, install it into a fresh venv outside
# the checkout, and run scripts/wheel_smoke.py there offscreen (run by .ci/run).
#
#   scripts/wheel_smoke.sh [PYTHON]   PYTHON (with `build`) builds the wheel and makes the venv
#                                     (default .venv/bin/python, else python3)
#
# The wheel is built from the sdist (so the sdist is checked too) and must hold only
# subword_core/ and subword_explorer/ (the checkout's app/), never a top-level app/.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:-.venv/bin/python}
[ -x "$python" ] || python=python3
work=$(mktemp -d "${TMPDIR:-/tmp}/wheel-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "wheel smoke: building"
"$python" -m build --outdir "$work/dist" . >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
wheel=$(ls "$work"/dist/*.whl)
"$python" - "$wheel" <<'PY'
import sys, zipfile
tops = sorted({name.split("/")[0] for name in zipfile.ZipFile(sys.argv[1]).namelist()})
print("wheel smoke: top level of", sys.argv[1].rsplit("/", 1)[-1], "=", tops)
code = [t for t in tops if not t.endswith(".dist-info")]
sys.exit(0 if code == ["subword_core", "subword_explorer"] else "unexpected top-level names")
PY

echo "wheel smoke: installing into a fresh venv"
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$wheel" 2>&1 | grep -v "^WARNING: Location" || true
"$work/venv/bin/python" -m pip show -q subword-explorer >/dev/null  # the install worked

# a clean user: no settings, data, cache or desktop entries of the machine's user
mkdir -p "$work/run" "$work/home" "$work/tmp"
cp scripts/wheel_smoke.py "$work/run/"
cd "$work/run"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share \
       XDG_CACHE_HOME=$work/home/.cache TMPDIR=$work/tmp QT_QPA_PLATFORM=offscreen
version=$("$work/venv/bin/subword-explorer" --version)
[ "$version" = "subword-explorer $("$work/venv/bin/python" -c \
    'import importlib.metadata as m; print(m.version("subword-explorer"))')" ]
echo "ok   --version: $version"
"$work/venv/bin/subword-explorer" --install-desktop-entry
grep -qx "Exec=$work/venv/bin/subword-explorer" "$XDG_DATA_HOME/applications/subword-explorer.desktop"
[ -s "$XDG_DATA_HOME/icons/hicolor/scalable/apps/subword-explorer.svg" ]
echo "ok   --install-desktop-entry"
"$work/venv/bin/python" -I wheel_smoke.py
