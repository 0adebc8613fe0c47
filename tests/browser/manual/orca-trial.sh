#!/usr/bin/env bash
# A manual check of the accessible board with a real screen reader: Orca
# (Debian's orca, xvfb, dbus-x11; not installed by scripts/setup) listens on
# AT-SPI while orca-drive.mjs plays a few keys in a headful Chromium on Xvfb.
# What Orca would have said is in the debug log ("SPEECH OUTPUT:" lines):
#   tests/browser/manual/orca-trial.sh http://localhost:PORT/index.html?nosw&mode=solo&strength=easy
#   grep 'SPEECH OUTPUT' artifacts/orca/orca-debug.txt
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
url=${1:?usage: orca-trial.sh URL}
out="$root/artifacts/orca"
mkdir -p "$out"
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
DISPLAY=$display OUT=$out URL=$url ROOT=$root dbus-run-session -- bash -c '
  /usr/libexec/at-spi-bus-launcher --launch-immediately >"$OUT/atspi.log" 2>&1 &
  sleep 2
  gsettings set org.gnome.desktop.a11y.applications screen-reader-enabled true 2>/dev/null || true
  orca --debug-file "$OUT/orca-debug.txt" >"$OUT/orca.log" 2>&1 &
  orca=$!
  sleep 6
  (cd "$ROOT" && node tests/browser/manual/orca-drive.mjs "$URL") | tee "$OUT/drive.log"
  sleep 2
  kill $orca 2>/dev/null || true
'
echo "Orca said:"
grep -o "SPEECH OUTPUT: .*" "$out/orca-debug.txt" | sed "s/{'established': False}//" || true
