#!/usr/bin/env bash
# Checks that every tool a target uses is on this machine before the target starts, so that a
# missing one is named up front instead of failing as "command not found" halfway through.
# One line per missing tool, with how to get it (Debian apt / PyPI pip; .ci/run installs them all);
# exits 1 when any is missing.
#
#   tools/check-tools.sh test    what `make test` needs
#   tools/check-tools.sh wheel   what `make wheel` needs beyond the library
#   tools/check-tools.sh bench   what `make bench` needs beyond the library
#
# PYTHON names the interpreter the Makefile uses (python3 by default): its modules are checked.
set -u
what=${1:-test}
python=${PYTHON:-python3}
missing=0

# need NAME HOW COMMAND...: COMMAND (run quietly) succeeds when NAME is here.
need() {
  local name=$1 how=$2
  shift 2
  if ! "$@" >/dev/null 2>&1; then
    echo "make $what: missing $name: $how"
    missing=1
  fi
}
have() { command -v "$1"; }
py() { "$python" -c "$1"; }
cmark_for_python() { py "import cmarkgfm" || have cmark-gfm; }
compiles() { printf '%s\n' "$1" | "${CC:-cc}" -x c -fsyntax-only -; }

wheel_tools() {
  need "$python" "apt-get install python3 (or set PYTHON=)" have "$python"
  need pip "apt-get install python3-pip" "$python" -m pip --version
  need "setuptools >= 77" "$python -m pip install 'setuptools>=77'" \
    py "import setuptools, setuptools.command.bdist_wheel; assert int(setuptools.__version__.split('.')[0]) >= 77"
  need auditwheel "$python -m pip install auditwheel" py "import auditwheel.main"
}

case $what in
test)
  need swift "the Swift toolchain (swift.org/install), on PATH" have swift
  need cc "apt-get install gcc" have "${CC:-cc}"
  need gcc "apt-get install gcc" have gcc
  need g++ "apt-get install g++" have g++
  need clang "the Swift toolchain's clang, or apt-get install clang" have clang
  need clang++ "the Swift toolchain's clang++, or apt-get install clang" have clang++
  need "objcopy, strip, nm" "apt-get install binutils" have objcopy
  need valgrind "apt-get install valgrind" have valgrind
  need pkg-config "apt-get install pkg-config" have pkg-config
  need tmux "apt-get install tmux (make test-try drives the terminal composer in it)" have tmux
  need cargo "apt-get install cargo (or rustup)" have cargo
  wheel_tools
  need "$python venv and ensurepip" "apt-get install python3-venv" py "import venv, ensurepip"
  need pytest "$python -m pip install pytest" py "import pytest"
  need cmarkgfm "$python -m pip install cmarkgfm" py "import cmarkgfm"
  need "the cmark-gfm library (the receive-side check's second cmark-gfm version)" \
    "apt-get install libcmark-gfm-dev" py "import ctypes.util; assert ctypes.util.find_library('cmark-gfm-extensions')"
  need mypy "$python -m pip install mypy" py "import mypy.api"
  ;;
wheel)
  wheel_tools
  ;;
bench)
  need "$python" "apt-get install python3 (or set PYTHON=)" have "$python"
  need "cmark-gfm headers and library" "apt-get install libcmark-gfm-dev" \
    compiles "#include <cmark-gfm.h>
#include <cmark-gfm/cmark-gfm-extension_api.h>"
  need "cmarkgfm (or the cmark-gfm program)" "$python -m pip install cmarkgfm" cmark_for_python
  need valgrind "apt-get install valgrind" have valgrind
  ;;
*)
  echo "usage: $0 test|wheel|bench" >&2
  exit 2
  ;;
esac
exit $missing
