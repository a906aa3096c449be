#!/bin/bash
# The crowded grid of docs/validation.md ("Crowded GIL queues on 3.11, 3.12 and 3.13"): every cell run by
# `validate --repeat 5 --json` on 3.11, 3.12 and 3.13, first at the model's defaults, then with a profile that
# `calibrate` writes between the two halves. Each call waits (up to 3 minutes) for the 1-minute load average to fall
# under 1.0 first, so that one cell's runs do not start in the tail of the last one's. About 40 minutes.
# --profile-only skips the defaults half, for a model change that leaves the defaults' figures as they were.
# Arguments after `--` go to every validate call of both halves (for example `-- --set wake_move_percent=75`, to
# try a model parameter before it becomes a default).
#   bash tools/validate-grid/grid.sh OUT_DIR [JAR] [--profile-only] [-- VALIDATE ARGS...]
#   python3 tools/validate-grid/table.py OUT_DIR
set -euo pipefail
out=$1; shift
jar=target/gilsim.jar
profile_only=
extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --profile-only) profile_only=$1 ;;
    --) shift; extra=("$@"); break ;;
    *) jar=$1 ;;
  esac
  shift
done
mkdir -p "$out"
pys=(--python 3.11 --python 3.12 --python 3.13)
cells=(
  "latency-1 scenarios/latency-1.yaml --duration 10s"
  "latency-2 scenarios/latency-2.yaml --duration 10s"
  "latency-3 scenarios/latency-3.yaml --duration 10s"
  "cpu-bound-4 scenarios/cpu-bound-4.yaml --duration 5s"
  "cpu-bound-8 scenarios/cpu-bound-8.yaml --duration 5s"
  "convoy scenarios/convoy.yaml --duration 5s"
  "short-release short-release --duration 5s"
  "short-release-pinned short-release --set pinned=true --duration 5s"
  "lock-contention scenarios/lock-contention.yaml --duration 5s"
)
quiet() {
  for _ in $(seq 1 36); do
    awk '{exit !($1 < 1.0)}' /proc/loadavg && return 0
    sleep 5
  done
}
half() { # NAME [MORE VALIDATE ARGS]
  local name=$1; shift
  for cell in "${cells[@]}"; do
    read -r -a c <<< "$cell"
    quiet
    echo "$(date +%T) $name ${c[0]} (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    # exit 1 (a verdict disagrees) is a result here, not a failure
    java -jar "$jar" validate "${c[@]:1}" "${pys[@]}" --repeat 5 --json "$@" > "$out/$name-${c[0]}.json" || [ $? -eq 1 ]
  done
}
[ -n "$profile_only" ] || half defaults "${extra[@]}"
quiet
echo "$(date +%T) calibrate (load $(cut -d' ' -f1 /proc/loadavg))" >&2
# CALIBRATE_ARGS go to calibrate (for example "--race-runs 24", a steadier share of the race's fast seconds)
java -jar "$jar" calibrate --python 3.12 ${CALIBRATE_ARGS:-} --out "$out/machine.yaml" > "$out/calibrate.txt"
echo "$(date +%T) calibrated (load $(cut -d' ' -f1 /proc/loadavg))" >&2
half profile --machine "$out/machine.yaml" "${extra[@]}"
echo "$(date +%T) done" >&2
