#!/usr/bin/env bash
# Writes plots/data/short-release-work-interval.csv: short-release over work x interval, two seeds each, in the
# column layout of `gilsim search --csv` (index,seed,<keys>,verdict,starved_count,max_wait_ns,starved_threads).
# It stands in for a search CSV until `gilsim search` lands on main; it loops over `gilsim run --json` and needs jq.
# Each run is 500 ms of simulated time, so a wait can be at most 500 ms long.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f target/gilsim.jar ] || mvn -q -B package -DskipTests
out=plots/data/short-release-work-interval.csv
tmp="$out.part"
echo "index,seed,work,interval,verdict,starved_count,max_wait_ns,starved_threads" > "$tmp"
index=0
for work in 500us 1ms 2ms 4ms 8ms; do
  for interval in 1ms 2ms 5ms 10ms 20ms; do
    for seed in 1 2; do
      java -jar target/gilsim.jar run short-release --set work="$work" --set interval="$interval" \
          --set duration=500ms --seed "$seed" --json \
        | jq -r --arg i "$index" --arg w "$work" --arg iv "$interval" \
            '[$i, (.seed|tostring), $w, $iv, .verdict, (.starved_threads|length|tostring),
              ([.threads[].wait_max_ns]|max|tostring), (.starved_threads|join(" "))] | join(",")' >> "$tmp"
      index=$((index + 1))
    done
  done
done
mv "$tmp" "$out"
echo "wrote $out ($index runs)"
