#!/bin/sh
# Alternating runs of tools/wakepin/stall.py (with its third thread) under the system glibc and under another glibc unpacked from a .deb
# (not installed: its dynamic loader is run directly). One line per run, then the count of runs per arm with a
# round of main over 100 ms.
#   usage: glibccmp.sh GLIBC_LIBDIR [runs per arm] [core] [python] [seconds per run]
#   e.g.   dpkg-deb -x libc6_2.41-12+deb13u5_amd64.deb /tmp/glibc241
#          tools/wakepin/glibccmp.sh /tmp/glibc241/usr/lib/x86_64-linux-gnu 20 0
set -eu
G=$1; N=${2:-20}; CORE=${3:-0}; PY=${4:-$(pyenv prefix 3.12)/bin/python3.12}; DUR=${5:-2}
S=$(dirname "$0")/stall.py   # with its third thread: the reproduction
PYLIB=$(dirname "$(dirname "$PY")")/lib
i=0
while [ $i -lt "$N" ]; do
    for arm in system new; do
        if [ $arm = system ]; then out=$("$PY" "$S" "$CORE" "$DUR" 1)
        else out=$("$G/ld-linux-x86-64.so.2" --library-path "$G:$PYLIB:/lib/x86_64-linux-gnu" "$PY" "$S" "$CORE" "$DUR" 1); fi
        echo "$arm $out load=$(cut -d' ' -f1 /proc/loadavg)"
    done
    i=$((i + 1))
done | tee /dev/stderr | awk '{ n[$1]++; for (f = 2; f <= NF; f++) { split($f, a, "="); v[a[1]] = a[2] }
           if (v["max_ms"] > 100) { if (v["worker_max_ms"] < 20) s[$1]++; else m[$1]++ } }
    END { for (k in n) printf "%s: %d of %d runs with a round of main over 100 ms while the worker kept its pace (and %d where both stalled)\n", k, s[k] + 0, n[k], m[k] + 0 }'
