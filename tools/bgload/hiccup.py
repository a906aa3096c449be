#!/usr/bin/env python3
"""How often the machine's own work takes a busy CPU from a spinning thread, and for how long.

On each CPU asked for (every CPU by default), a process pinned there spins reading the monotonic clock for the
given seconds, all at once; a gap between two readings is time the CPU ran something else (another task, the
kernel, or the host that runs the VM). Per CPU it prints the gaps of 0.5, 1 and 3 ms or more (count, rate, mean),
the longest and the share of the time lost, then the background load of the model's own shape that has the gaps
of 1 ms or more: `load_gap` their mean spacing per CPU, `load_run` their mean length (docs/model.md, "Background
load"). With one CPU left idle (`--cpus 0`) the work that may run anywhere goes there, which is what
`load_idle_first=true` models.

    python3 tools/bgload/hiccup.py 30            # every CPU busy, 30 s
    python3 tools/bgload/hiccup.py 30 --cpus 0   # only CPU 0 busy
"""
import argparse
import multiprocessing
import os
import time

THRESHOLDS_NS = (500_000, 1_000_000, 3_000_000)
RECORDED_NS = 200_000  # gaps shorter than this are not kept (a clock read takes well under a microsecond)
LOAD_NS = 1_000_000     # the gaps the suggested load stands for


def spin(cpu, seconds, out):
    os.sched_setaffinity(0, {cpu})
    clock = time.perf_counter_ns
    end = clock() + int(seconds * 1e9)
    last = clock()
    gaps = []
    while last < end:
        now = clock()
        if now - last >= RECORDED_NS:
            gaps.append(now - last)
        last = now
    out.put((cpu, gaps))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", type=float, nargs="?", default=30.0)
    parser.add_argument("--cpus", default=None, help="comma-separated CPUs to keep busy (default: every CPU)")
    args = parser.parse_args()
    cpus = sorted(int(c) for c in args.cpus.split(",")) if args.cpus else sorted(os.sched_getaffinity(0))
    out = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=spin, args=(c, args.seconds, out)) for c in cpus]
    for p in procs:
        p.start()
    results = dict(out.get() for _ in procs)
    for p in procs:
        p.join()
    print("load average %.2f, %d CPU(s) busy for %.0f s" % (os.getloadavg()[0], len(cpus), args.seconds))
    long_gaps = []
    for cpu in cpus:
        gaps = results[cpu]
        parts = []
        for t in THRESHOLDS_NS:
            g = [x for x in gaps if x >= t]
            mean = sum(g) / len(g) / 1e6 if g else 0.0
            parts.append("%g ms or more: %d (%.2f/s, mean %.2f ms)" % (t / 1e6, len(g), len(g) / args.seconds, mean))
        longest = max(gaps) / 1e6 if gaps else 0.0
        lost = 100.0 * sum(gaps) / (args.seconds * 1e9)
        print("cpu%d: %s; longest %.2f ms; %.2f %% of the time lost" % (cpu, "; ".join(parts), longest, lost))
        long_gaps += [x for x in gaps if x >= LOAD_NS]
    if long_gaps:
        gap_ms = args.seconds * len(cpus) / len(long_gaps) * 1e3
        run_us = sum(long_gaps) / len(long_gaps) / 1e3
        print("as the model's load: --set load_gap=%dms --set load_run=%dus" % (round(gap_ms), round(run_us)))
    else:
        print("no gap of 1 ms or more: no background load to model")


if __name__ == "__main__":
    main()
