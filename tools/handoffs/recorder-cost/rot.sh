#!/bin/bash
# Runs of a workload with nothing preloaded ("plain") and with each given shim (libV.so in this directory) in turn,
# the order rotating each round; one line per run: round, variant, the 1-minute load average, and the workload's JSON
# (round p50, p99 and max in ms). The workload is RUN, by default four threads spinning in Python for 3 s
# ("spin4.py 4 3"); "sleeper.py 10 3" is a thread sleeping beside three spinners for 10 s. KEEP=DIR keeps each
# recorded run's log as DIR/ROUND-VARIANT.txt (for waitshares.py); without it the logs go to /dev/null. The variant
# T is a plain run with the kernel's scheduler traced (sched_switch, sched_waking into a tracefs instance; root),
# the trace kept as DIR/ROUND-T.sched.txt with KEEP.
#   N=25 PYV=3.12.1 bash rot.sh out.tsv A E E+cpu     (then: python3 compare.py out.tsv)
here=$(cd "$(dirname "$0")" && pwd)
PY=$(pyenv prefix "${PYV:-3.12.1}")/bin/python3
read -r -a run <<< "${RUN:-spin4.py 4 3}"
N=${N:-25}; OUT=$1; shift; VS=(plain "$@"); K=${#VS[@]}
[ -z "$KEEP" ] || mkdir -p "$KEEP"
I=/sys/kernel/tracing/instances/gilsim-rot-$$
if [[ " $* " == *" T "* ]]; then
  mkdir "$I"; trap 'rmdir "$I"' EXIT
  echo mono > "$I/trace_clock"; echo 65536 > "$I/buffer_size_kb"
fi
: > "$OUT"
for i in $(seq 1 "$N"); do
  for j in $(seq 0 $((K - 1))); do
    v=${VS[$(( (i + j) % K ))]}
    log=/dev/null; [ -z "$KEEP" ] || log="$KEEP/$i-$v.txt"
    if [ "$v" = plain ]; then r=$("$PY" "$here/${run[0]}" "${run[@]:1}")
    elif [ "$v" = T ]; then
      echo > "$I/trace"
      for e in sched_switch sched_waking; do echo 1 > "$I/events/sched/$e/enable"; done
      echo 1 > "$I/tracing_on"
      r=$("$PY" "$here/${run[0]}" "${run[@]:1}")
      echo 0 > "$I/tracing_on"
      for e in sched_switch sched_waking; do echo 0 > "$I/events/sched/$e/enable"; done
      [ -z "$KEEP" ] || cat "$I/trace" > "$KEEP/$i-T.sched.txt"
    elif [ "${v%+cpu}" != "$v" ]; then  # V+cpu: libV.so with each call to wait's CPU stamped (GILSIM_HANDOFF_CPU)
      r=$(GILSIM_HANDOFF_CPU=1 GILSIM_HANDOFF_OUT="$log" LD_PRELOAD="$here/lib${v%+cpu}.so" "$PY" "$here/${run[0]}" "${run[@]:1}")
    else r=$(GILSIM_HANDOFF_OUT="$log" LD_PRELOAD="$here/lib$v.so" "$PY" "$here/${run[0]}" "${run[@]:1}"); fi
    printf '%s\t%s\t%s\t%s\n' "$i" "$v" "$(cut -d' ' -f1 /proc/loadavg)" "$r" >> "$OUT"
  done
done
