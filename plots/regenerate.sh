#!/usr/bin/env bash
# Regenerates every picture under plots/ from the simulator: `plots/regenerate.sh`. Builds the jar if it is missing.
# The output is byte-for-byte the same on every run on one machine (the simulator is deterministic and neither
# encoder writes a time stamp); fonts come from the JVM's logical SansSerif, so another machine may draw the same
# chart with other glyphs. The heat maps' data, plots/data/*-search.csv, is written here by `gilsim search`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f target/gilsim.jar ] || mvn -q -B package -DskipTests
chart() { java -Djava.awt.headless=true -jar target/gilsim.jar chart "$@"; }

# Where short-release starves: every pair of work between releases and switch interval, 500 ms runs, two seeds
# each. The duration is "searched" over its one value so that the CSV records it and the heat map's title names it.
# The search exits 1 because it finds starving configurations; that is the point here.
mkdir -p plots/data
java -jar target/gilsim.jar search short-release --exhaustive --over work=500us,1ms,2ms,4ms,8ms \
    --over interval=1ms,2ms,5ms,10ms,20ms --over duration=500ms --seeds-per-config 2 \
    --csv plots/data/short-release-search.csv > /dev/null || [ $? -eq 1 ]
# The m0 pool's request latency p99 (corrected for coordinated omission, as wrk corrects it) over pool sizes and
# jobs a slice (2 s runs, three seeds).
java -jar target/gilsim.jar search slice-rotation --exhaustive --over threads=2..8 --over jobs=1..8 \
    --over duration=2s --property 'latency_p99 < 20ms' --csv plots/data/slice-rotation-search.csv \
    > /dev/null || [ $? -eq 1 ]

for ext in png svg; do
  # CPython #161868 as it is: main is woken every 2 ms and loses the GIL each time.
  chart short-release --kind timeline --window 1s..1030ms --out plots/short-release-timeline.$ext
  # ... and the two fixes: both threads on one core, and a wait budget paused instead of reset.
  chart short-release --kind compare --compare pinned=true --third policy=paused-budget \
      --window 1s..1030ms --out plots/short-release-fixes.$ext
  chart short-release --kind compare --of cdf --compare pinned=true --third policy=paused-budget \
      --out plots/short-release-cdf.$ext
  # The m0 pool: three drops to a slice against three waiters rotate two threads; the keep rule ends it.
  chart slice-rotation --kind compare --compare keep=true --window 100ms..108ms --out plots/slice-rotation-keep.$ext
  chart slice-rotation --kind compare --of cdf --compare keep=true --out plots/slice-rotation-cdf.$ext
  # The old GIL (python=2.7): the holder releases and re-takes every 101 ticks; each release that finds the waiter
  # asleep spends 15 us in the FUTEX_WAKE that wakes it, and the woken waiter nearly always finds the GIL taken again.
  chart scenarios/count-threads.yaml --set python=2.7 --set count=20ms --kind timeline --window 10ms..10300us \
      --out plots/count-threads-oldgil.$ext
  # Where short-release starves: work between releases against the switch interval.
  chart --kind heatmap --csv plots/data/short-release-search.csv --x work --y interval \
      --out plots/short-release-heatmap.$ext
  # Where the pool's p99 passes 20 ms: every cell that starves, and one job a slice from 6 threads on.
  chart --kind heatmap --csv plots/data/slice-rotation-search.csv --x jobs --y threads \
      --value latency_p99_ns \
      --out plots/slice-rotation-p99-heatmap.$ext
  # Request latency against offered load: four workers behind an accept thread on 3.12, on 3.13t, and with a 1 ms
  # switch interval.
  chart scenarios/thread-pool-service.yaml --kind load --over rate=100..900 --arm python=3.13t --arm interval=1ms \
      --out plots/thread-pool-service-load.$ext
done
echo "plots/: $(ls plots/*.png plots/*.svg | wc -l) pictures"
