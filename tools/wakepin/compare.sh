#!/bin/sh
# Alternating runs of stall.py (both threads pinned to one core), two arms:
#   compare.sh third [runs] [core] [python] [seconds]          without / with the third, unpinned thread
#   compare.sh slice [runs] [core] [python] [seconds]          with the third thread; main's slice default / 100 us
#   compare.sh glibc LIBDIR [runs] [core] [python] [seconds]   with the third thread; the system glibc / the glibc
#       unpacked in LIBDIR (e.g. dpkg-deb -x libc6_2.41-12+deb13u5_amd64.deb /tmp/glibc241, then
#       /tmp/glibc241/usr/lib/x86_64-linux-gnu), run through its own loader: nothing is installed
# One line per run, then per arm the runs where main had a round over 100 ms while the worker kept its pace.
set -eu
MODE=$1; shift
if [ "$MODE" = glibc ]; then G=$1; shift; fi
N=${1:-20}; CORE=${2:-0}; PY=${3:-$(pyenv prefix 3.12)/bin/python3.12}; DUR=${4:-2}
S=$(dirname "$0")/stall.py
PYLIB=$(dirname "$(dirname "$PY")")/lib
run() {   # arm name
    case "$MODE.$1" in
        third.without) "$PY" "$S" "$CORE" "$DUR" 0 ;;
        third.with | slice.default | glibc.system) "$PY" "$S" "$CORE" "$DUR" 1 ;;
        slice.100us) MAIN_SLICE_US=100 "$PY" "$S" "$CORE" "$DUR" 1 ;;
        glibc.unpacked) "$G/ld-linux-x86-64.so.2" --library-path "$G:$PYLIB:/lib/x86_64-linux-gnu" "$PY" "$S" "$CORE" "$DUR" 1 ;;
    esac
}
case "$MODE" in
    third) ARMS="without with" ;; slice) ARMS="default 100us" ;; glibc) ARMS="system unpacked" ;;
    *) echo "compare.sh: the first argument is third, slice or glibc" >&2; exit 2 ;;
esac
i=0
while [ $i -lt "$N" ]; do
    for arm in $ARMS; do echo "$arm $(run $arm) load=$(cut -d' ' -f1 /proc/loadavg)"; done
    i=$((i + 1))
done | tee /dev/stderr | awk '{ n[$1]++; for (f = 2; f <= NF; f++) { split($f, a, "="); v[a[1]] = a[2] }
        if (v["max_ms"] > 100) { if (v["worker_max_ms"] < 20) s[$1]++; else m[$1]++ } }
    END { for (k in n) printf "%s: %d of %d runs with a round of main over 100 ms while the worker kept its pace (and %d where both stalled)\n", k, s[k] + 0, n[k], m[k] + 0 }'
