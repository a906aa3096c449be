#!/bin/sh
# Alternating runs of stall.py without and with the third (unpinned) thread that needs the GIL once.
#   usage: thirdcmp.sh [runs per arm] [core] [python] [seconds per run]
set -eu
N=${1:-20}; CORE=${2:-0}; PY=${3:-$(pyenv prefix 3.12)/bin/python3.12}; DUR=${4:-2}
S=$(dirname "$0")/stall.py
i=0
while [ $i -lt "$N" ]; do
    for third in 0 1; do echo "third=$third $("$PY" "$S" "$CORE" "$DUR" $third) load=$(cut -d' ' -f1 /proc/loadavg)"; done
    i=$((i + 1))
done | tee /dev/stderr | awk '{ n[$1]++; for (f = 2; f <= NF; f++) { split($f, a, "="); v[a[1]] = a[2] }
           if (v["max_ms"] > 100) { if (v["worker_max_ms"] < 20) s[$1]++; else m[$1]++ } }
    END { for (k in n) printf "%s: %d of %d runs with a round of main over 100 ms while the worker kept its pace (and %d where both stalled)\n", k, s[k] + 0, n[k], m[k] + 0 }'
