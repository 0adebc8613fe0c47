#!/usr/bin/env bash
# The outside references Hard is measured against, laid out and built in
# bench/anchors/ (ignored by git: nothing of theirs is committed).
#   bench/anchors/egaroucid/   Egaroucid's sources (src/web: its web engine)
#   bench/anchors/edax/        Edax's sources
#   bench/anchors/bin/egaroucid-web-nboard   our driver (bench/egaroucid_web_nboard.cpp)
#                              compiled against Egaroucid's web engine: NBoard
#                              with --level N, or --solve FILE.obf
#   bench/anchors/bin/edax     Edax (-nboard speaks NBoard), when its eval.dat is there
# usage: bench/anchors.sh [--force]
# The sources come from EGAROUCID_SRC and EDAX_SRC: each a git directory
# (a clone, or a bare snapshot: its HEAD is exported) or a folder of
# sources. By default /work/.mirror/Nyanyan+Egaroucid/repo and
# /work/.mirror/abulmo+edax-reversi/repo when they exist; otherwise clone
# them first, e.g.
#   git clone --depth 1 https://github.com/Nyanyan/Egaroucid /tmp/egaroucid
#   git clone --depth 1 https://github.com/abulmo/edax-reversi /tmp/edax
#   EGAROUCID_SRC=/tmp/egaroucid EDAX_SRC=/tmp/edax bench/anchors.sh
# Edax needs its evaluation weights, data/eval.dat, which are not in its
# repository but in its releases (eval.7z); EDAX_EVAL=PATH/eval.dat copies
# them in. Without them Edax is built but not installed in bin/, and the
# script says so. Compiled natively with -O2 -march=native (Edax with its
# own Makefile, ARCH=native).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
anchors="$root/bench/anchors"
EGAROUCID_SRC=${EGAROUCID_SRC:-/work/.mirror/Nyanyan+Egaroucid/repo}
EDAX_SRC=${EDAX_SRC:-/work/.mirror/abulmo+edax-reversi/repo}
CXX=${CXX:-g++}
CC=${CC:-gcc}
force=${1:-}
mkdir -p "$anchors/bin"

# lay SOURCE DEST PATHS...: DEST gets PATHS of SOURCE (a git directory's
# HEAD, or a plain folder), once (again with --force).
lay() {
  local source=$1 dest=$2
  shift 2
  if [ -d "$dest" ] && [ "$force" != --force ]; then return 0; fi
  [ -e "$source" ] || { echo "anchors.sh: no sources at $source (see the top of this script)" >&2; return 1; }
  rm -rf "$dest"
  mkdir -p "$dest"
  if git -C "$source" rev-parse -q --verify "HEAD^{commit}" >/dev/null 2>&1; then
    git -C "$source" archive HEAD "$@" | tar -x -C "$dest"
    git -C "$source" rev-parse HEAD >"$dest/COMMIT"
  else
    (cd "$source" && tar -c "$@") | tar -x -C "$dest"
  fi
}

# Egaroucid: only what the web engine needs (its repository also holds
# large application resources).
lay "$EGAROUCID_SRC" "$anchors/egaroucid" src/web src/Egaroucid_for_Web.cpp src/Egaroucid_for_Web_compile_cmd.txt LICENSE
driver="$anchors/bin/egaroucid-web-nboard"
if [ ! -x "$driver" ] || [ "$root/bench/egaroucid_web_nboard.cpp" -nt "$driver" ] || [ "$force" = --force ]; then
  echo "anchors.sh: building $driver" >&2
  "$CXX" -std=c++17 -O2 -march=native -w -I "$anchors/egaroucid/src/web" "$root/bench/egaroucid_web_nboard.cpp" \
    -o "$driver"
fi

lay "$EDAX_SRC" "$anchors/edax" src LICENSE README.md
edax_build="$anchors/edax/bin/lEdax-native"
if [ ! -x "$edax_build" ] || [ "$force" = --force ]; then
  echo "anchors.sh: building Edax" >&2
  mkdir -p "$anchors/edax/bin"
  make -C "$anchors/edax/src" build CC="$CC" ARCH=native OS=linux >&2
fi
if [ -n "${EDAX_EVAL:-}" ]; then
  mkdir -p "$anchors/edax/data"
  cp "$EDAX_EVAL" "$anchors/edax/data/eval.dat"
fi
if [ -f "$anchors/edax/data/eval.dat" ]; then
  # Edax reads data/eval.dat relative to where it runs: a wrapper runs it there.
  printf '#!/bin/sh\ncd "%s" && exec "%s" "$@"\n' "$anchors/edax" "$edax_build" >"$anchors/bin/edax"
  chmod +x "$anchors/bin/edax"
  echo "anchors.sh: Edax ready: $anchors/bin/edax -nboard" >&2
else
  rm -f "$anchors/bin/edax"
  echo "anchors.sh: Edax is built ($edax_build) but has no data/eval.dat: set EDAX_EVAL (see the top of this script)" >&2
fi
echo "anchors.sh: Egaroucid's web engine ready: $driver --level 15" >&2
