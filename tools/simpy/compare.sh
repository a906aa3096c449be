#!/bin/bash
# Times the SimPy model of short-release and gilsim on the same scenario, one after the other, and prints the ratio
# of their median wall time per 2 s simulated run. Needs Debian's python3-simpy (SimPy 2.3, for /usr/bin/python3)
# and the jar (mvn -q -B -ntp package -DskipTests). Run it on a quiet machine and note the load average.
#   bash tools/simpy/compare.sh [SIMPY_RUNS] [GILSIM_RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
simpy_runs=${1:-20}
gilsim_runs=${2:-1000}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
simpy=$(/usr/bin/python3 tools/simpy/short_release.py --runs "$simpy_runs")
echo "$simpy"
gilsim=$(java -jar target/gilsim.jar bench short-release --runs "$gilsim_runs" | grep '^short-release')
echo "gilsim: $gilsim"
simpy_ms=$(echo "$simpy" | sed -E 's/.* ([0-9.]+) ms a run.*/\1/')
gilsim_ms=$(echo "$gilsim" | awk '{print $6}')
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v s="$simpy_ms" -v g="$gilsim_ms" 'BEGIN { printf "SimPy %.3f ms, gilsim %.3f ms a run: gilsim is %.0f times faster\n", s, g, s / g }'
