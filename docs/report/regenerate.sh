#!/usr/bin/env bash
# Writes the built-ins' report pages and their screenshots (docs/report.md). Needs the jar (mvn package) and
# Debian's chromium for the screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
gilsim() { java -jar target/gilsim.jar "$@"; }
gilsim report short-release --machine none --compare pinned=true --compare policy=paused-budget --out docs/report/short-release.html
gilsim report slice-rotation --machine none --compare keep=true --out docs/report/slice-rotation.html
# Each screenshot opens its page at a moment (#t=FROM,TO in seconds): thirty milliseconds of the story.
# shot PAGE HASH [WIDTH HEIGHT [NAME]]
shot() {
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$profile" \
    --window-size="${3:-1400},${4:-1050}" --virtual-time-budget=10000 \
    --screenshot="$PWD/docs/report/${5:-$1}.png" "file://$PWD/docs/report/$1.html#t=$2" >/dev/null 2>&1
  rm -rf "$profile"
}
shot short-release 0.1,0.13
shot slice-rotation 0.1,0.11
# The state panel at a moment: short-release at a lost wake-up (the worker takes the GIL back while main, woken, has
# no core yet); slice-rotation at a rotation, t1 sent to the back of the queue behind t2 and t3.
for w in 640 1400; do
  h=$([ "$w" = 640 ] && echo 2600 || echo 1500)
  shot short-release '0.001,0.007&at=0.002047000' "$w" "$h" "short-release-state-$w"
  shot slice-rotation '0.0995,0.1012&at=0.100600000' "$w" "$h" "slice-rotation-state-$w"
done
ls -l docs/report/
