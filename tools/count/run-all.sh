#!/bin/sh
# Runs Beazley's count experiment (count.py) on real CPython: 2.7.18, 3.12 and 3.13 from pyenv, on both cores and
# pinned to core 0, REPS repetitions of each (VERSIONS="3.12.1 3.13.0" picks others), then the cost
# microbenchmarks (ticks.py, semcost.c). Every line
# carries the 1-minute load average when it was printed. Usage: tools/count/run-all.sh [N] [REPS] > results.txt
set -e
N=${1:-50000000}
REPS=${2:-5}
here=$(dirname "$0")
uptime
for v in ${VERSIONS:-2.7.18 3.12.1 3.13.0}; do
    py=$(pyenv prefix $v)/bin/python
    echo "## $v on 2 cores"
    $py "$here/count.py" "$N" "$REPS"
    echo "## $v pinned to core 0"
    taskset -c 0 $py "$here/count.py" "$N" "$REPS"
done
echo "## ticks"
$(pyenv prefix 2.7.18)/bin/python "$here/ticks.py" 20000000 5
echo "## semcost"
gcc -O2 -Wall -pthread -o /tmp/semcost "$here/semcost.c"
/tmp/semcost 3000
/tmp/semcost 3000 cross 3
/tmp/semcost 3000 same
uptime
