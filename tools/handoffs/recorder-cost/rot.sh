#!/bin/bash
# Runs of four threads spinning in Python, 3 s each, with nothing preloaded ("plain") and with each given shim
# (libV.so in this directory) in turn, the order rotating each round; one line per run: round, variant, the 1-minute
# load average, and spin4.py's JSON (the pooled round p50, p99 and max in ms).
#   N=25 PYV=3.12.1 bash rot.sh out.tsv A E E+cpu     (then: python3 compare.py out.tsv)
here=$(cd "$(dirname "$0")" && pwd)
PY=$(pyenv prefix "${PYV:-3.12.1}")/bin/python3
N=${N:-25}; OUT=$1; shift; VS=(plain "$@"); K=${#VS[@]}
: > "$OUT"
for i in $(seq 1 "$N"); do
  for j in $(seq 0 $((K - 1))); do
    v=${VS[$(( (i + j) % K ))]}
    if [ "$v" = plain ]; then r=$("$PY" "$here/spin4.py" 4 3)
    elif [ "${v%+cpu}" != "$v" ]; then  # V+cpu: libV.so with each call to wait's CPU stamped (GILSIM_HANDOFF_CPU)
      r=$(GILSIM_HANDOFF_CPU=1 GILSIM_HANDOFF_OUT=/dev/null LD_PRELOAD="$here/lib${v%+cpu}.so" "$PY" "$here/spin4.py" 4 3)
    else r=$(GILSIM_HANDOFF_OUT=/dev/null LD_PRELOAD="$here/lib$v.so" "$PY" "$here/spin4.py" 4 3); fi
    printf '%s\t%s\t%s\t%s\n' "$i" "$v" "$(cut -d' ' -f1 /proc/loadavg)" "$r" >> "$OUT"
  done
done
