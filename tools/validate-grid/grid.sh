#!/bin/bash
# The crowded grid of docs/validation.md ("Crowded GIL queues on 3.11, 3.12 and 3.13"): every cell run by `validate
# --repeat 5 --json` (REPEAT=N: N real runs) on 3.11, 3.12 and 3.13, first at the model's defaults (one call per cell,
# all three interpreters), then each interpreter with a profile `calibrate` wrote on that interpreter just before its
# cells (one call per cell and interpreter: the profile holds the interpreter's own reaction to a drop request, and
# the machine's race drifts over tens of minutes). Each call waits (up to 3 minutes) for the 1-minute load average to
# fall under 1.0 first, so that one cell's runs do not start in the tail of the last one's. About 50 minutes.
# --profile-only skips the defaults half, for a model change that leaves the defaults' figures as they were;
# --defaults-only skips the profile half, for another sitting of the defaults (about 20 minutes).
# Arguments after `--` go to every validate call of both halves (for example `-- --set wake_move_percent=75`, to
# try a model parameter before it becomes a default). --race also records the crowded cells' hand-offs
# (`validate --handoffs`: as many more real runs, about 10 minutes more for the profile half), so that their JSON
# holds the model at each cell's own recorded race (race_match; docs/validation.md).
#   bash tools/validate-grid/grid.sh OUT_DIR [JAR] [--profile-only | --defaults-only] [--race] [-- VALIDATE ARGS...]
#   python3 tools/validate-grid/table.py OUT_DIR
set -euo pipefail
out=$1; shift
jar=target/gilsim.jar
profile_only=
defaults_only=
race=
extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --profile-only) profile_only=$1 ;;
    --defaults-only) defaults_only=$1 ;;
    --race) race=$1 ;;
    --) shift; extra=("$@"); break ;;
    *) jar=$1 ;;
  esac
  shift
done
mkdir -p "$out"
# VERSIONS="3.11" keeps only the interpreters named (a sitting of one interpreter's profile half)
read -r -a versions <<< "${VERSIONS:-3.11 3.12 3.13}"
pys=()
for v in "${versions[@]}"; do pys+=(--python "$v"); done
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
# REPEAT sets the real runs of every cell (5 by default; the real tails move less between sittings at 20)
repeat=${REPEAT:-5}
# CELLS="latency-2 latency-3" keeps only the cells named (a sitting of the latency-sensitive cells alone)
if [ -n "${CELLS:-}" ]; then
  kept=()
  for cell in "${cells[@]}"; do
    [[ " $CELLS " == *" ${cell%% *} "* ]] && kept+=("$cell")
  done
  [ ${#kept[@]} -gt 0 ] || { echo "grid.sh: CELLS names no cell: $CELLS" >&2; exit 2; }
  cells=("${kept[@]}")
fi
# the cells where threads queue for the GIL beside a requester: those --race records
crowded=" latency-2 latency-3 cpu-bound-4 cpu-bound-8 "
race_args() { # CELL-NAME: --handoffs for a crowded cell under --race
  if [ -n "$race" ] && [[ $crowded == *" $1 "* ]]; then echo --handoffs; fi
}
quiet() {
  for _ in $(seq 1 36); do
    awk '{exit !($1 < 1.0)}' /proc/loadavg && return 0
    sleep 5
  done
}
run_cells() { # FILE_SUFFIX [MORE VALIDATE ARGS]: every cell, into OUT/CELL-NAME.json
  local name=$1; shift
  for cell in "${cells[@]}"; do
    read -r -a c <<< "$cell"
    quiet
    echo "$(date +%T) $name ${c[0]} (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    # exit 1 (a verdict disagrees) is a result here, not a failure
    java -jar "$jar" validate "${c[@]:1}" --repeat "$repeat" --json $(race_args "${c[0]}") "$@" \
      > "$out/$name-${c[0]}.json" || [ $? -eq 1 ]
  done
}
# the defaults half: one call per cell for all three interpreters (table.py reads OUT/defaults-CELL.json)
[ -n "$profile_only" ] || run_cells defaults "${pys[@]}" "${extra[@]}"
# the profile half: per interpreter, a profile calibrated on it, then its cells (OUT/profile-CELL-VERSION.json).
# CALIBRATE_ARGS go to calibrate; the default reads the race's share of fast seconds over two minutes and the
# sleeper's race over 48 s (docs/calibration.md, section 5).
[ -z "$defaults_only" ] || versions=()
for v in "${versions[@]}"; do
  quiet
  echo "$(date +%T) calibrate $v (load $(cut -d' ' -f1 /proc/loadavg))" >&2
  java -jar "$jar" calibrate --python "$v" ${CALIBRATE_ARGS:---race-runs 24 --rare-runs 12} --out "$out/machine-$v.yaml" \
    > "$out/calibrate-$v.txt"
  echo "$(date +%T) calibrated (load $(cut -d' ' -f1 /proc/loadavg))" >&2
  for cell in "${cells[@]}"; do
    read -r -a c <<< "$cell"
    quiet
    echo "$(date +%T) profile $v ${c[0]} (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    java -jar "$jar" validate "${c[@]:1}" --python "$v" --machine "$out/machine-$v.yaml" --repeat "$repeat" --json \
      $(race_args "${c[0]}") "${extra[@]}" > "$out/profile-${c[0]}-$v.json" || [ $? -eq 1 ]
  done
done
echo "$(date +%T) done" >&2
