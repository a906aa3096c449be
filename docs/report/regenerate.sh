#!/usr/bin/env bash
# Writes the built-ins' report pages and their screenshots (docs/report.md). Needs the jar (mvn package) and
# Debian's chromium for the screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
gilsim() { java -jar target/gilsim.jar "$@"; }
gilsim report short-release --compare pinned=true --compare policy=paused-budget --out docs/report/short-release.html
gilsim report slice-rotation --compare keep=true --out docs/report/slice-rotation.html
# Each screenshot opens its page at a moment (#t=FROM,TO in seconds): thirty milliseconds of the story.
shot() {
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$profile" --window-size=1400,1050 \
    --screenshot="$PWD/docs/report/$1.png" "file://$PWD/docs/report/$1.html#t=$2" >/dev/null 2>&1
  rm -rf "$profile"
}
shot short-release 1.0,1.03
shot slice-rotation 1.0,1.01
ls -l docs/report/
