#!/bin/bash
# Holds gilsim's wrk arithmetic (Latencies.correctedPercentileNs, docs/model.md "Three p99s") against the real wrk:
# a local server answers in 6 ms and stalls one request a second for 700 ms; wrk drives it with 16 keep-alive
# connections and prints its percentiles; the latencies the server logged go through gilsim's arithmetic with wrk's
# interval and timeout.
# wrk's figures include the loopback and its own overhead (a few tenths of a millisecond). Needs Debian's wrk
# (apt-get install wrk), /usr/bin/python3 and the jar (mvn -q -B -ntp package -DskipTests).
#   bash tools/wrk/check.sh [SECONDS]   (under 60: wrk writes a longer run in minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
dir=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT
/usr/bin/python3 tools/wrk/stall_server.py "$dir/latencies.txt" 8089 &
server=$!
sleep 1
echo "$(wrk -v 2>&1 | head -1); load: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t2 -c16 -d"${seconds}s" --latency http://127.0.0.1:8089/ > "$dir/wrk.txt"
sleep 0.5
kill "$server"
wait "$server" 2>/dev/null || true
sed -n '/Latency Distribution/,/requests in/p' "$dir/wrk.txt"
completed=$(awk '/requests in/ {print $1}' "$dir/wrk.txt")
runtime=$(sed -nE 's/.*requests in ([0-9.]+)s.*/\1/p' "$dir/wrk.txt")
java -cp target/gilsim.jar tools/wrk/WrkPercentiles.java "$dir/latencies.txt" "$runtime" "$completed" 16
