#!/bin/bash
# The recorder's cost to the requester's share, read by one reader: rounds of a plain run (T) and a run through the
# recorder (E, libE.so here; README), both with the kernel's scheduler traced (sched_switch, sched_waking into a
# tracefs instance of its own; root), their order alternating. Each run's JSON, scheduler trace and (E) shim log go to
# DIR as ROUND-V.json, ROUND-V.sched.txt and ROUND-E.calls.txt; shares.py reads them with ../schedshares.py (and the
# shim's reader for E). RUN is a script of ../ that prints its threads' ids (spinners.py).
#   N=12 RUN="spinners.py 4 4" bash rot-shares.sh DIR; python3 shares.py DIR
here=$(cd "$(dirname "$0")/.." && pwd)
PY=$(pyenv prefix "${PYV:-3.12.1}")/bin/python3
read -r -a run <<< "${RUN:-spinners.py 4 4}"
N=${N:-12}; KEEP=$1; mkdir -p "$KEEP"
I=/sys/kernel/tracing/instances/gilsim-rot-$$
mkdir "$I"; trap 'rmdir "$I"' EXIT
echo mono > "$I/trace_clock"; echo 65536 > "$I/buffer_size_kb"
for i in $(seq 1 "$N"); do
  if [ $((i % 2)) = 0 ]; then VS="T E"; else VS="E T"; fi
  for v in $VS; do
    echo > "$I/trace"
    for e in sched_switch sched_waking; do echo 1 > "$I/events/sched/$e/enable"; done
    echo 1 > "$I/tracing_on"
    if [ $v = T ]; then "$PY" "$here/${run[0]}" "${run[@]:1}" > "$KEEP/$i-$v.json"
    else GILSIM_HANDOFF_OUT="$KEEP/$i-$v.calls.txt" LD_PRELOAD="$here/recorder-cost/libE.so" \
        "$PY" "$here/${run[0]}" "${run[@]:1}" > "$KEEP/$i-$v.json"; fi
    echo 0 > "$I/tracing_on"
    for e in sched_switch sched_waking; do echo 0 > "$I/events/sched/$e/enable"; done
    cat "$I/trace" > "$KEEP/$i-$v.sched.txt"
  done
done
