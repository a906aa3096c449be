"""Summarises run-all.sh logs: per interpreter, placement and mode, the median wall and CPU seconds of the count
runs, the threaded/sequential ratio of the medians, and the range of the load average beside them.

    python3 tools/count/summarize.py tools/count/results/*.txt
"""
import re
import statistics
import sys

rows = {}
for path in sys.argv[1:]:
    placement = None
    for line in open(path):
        m = re.match(r"## (\S+) (on 2 cores|pinned to core 0)", line)
        if m:
            placement = "2 cores" if m.group(2) == "on 2 cores" else "pinned"
            continue
        m = re.match(r"python (\S+) mode (\S+) n (\d+) seconds (\S+) cpu_seconds (\S+)(?: vcsw (\d+) ivcsw (\d+))? "
                     r"load1 (\S+)", line)
        if m and placement:
            key = (m.group(1), placement, m.group(2), path.rsplit("/", 1)[-1])
            rows.setdefault(key, []).append((float(m.group(4)), float(m.group(5)), float(m.group(8))))

print("| run | python | placement | sequential s (cpu) | threaded s (cpu) | threaded / sequential | load1 |")
print("|---|---|---|---|---|---|---|")
for (version, placement, mode, run) in sorted(k for k in rows if k[2] == "sequential"):
    seq = rows[(version, placement, "sequential", run)]
    thr = rows.get((version, placement, "threaded", run), [])
    if not thr:
        continue
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    loads = [x[2] for x in seq + thr]
    print("| %s | %s | %s | %.2f (%.2f) | %.2f (%.2f) | %.2f (cpu %.2f) | %.2f-%.2f |" % (
        run, version, placement, med(seq, 0), med(seq, 1), med(thr, 0), med(thr, 1),
        med(thr, 0) / med(seq, 0), med(thr, 1) / med(seq, 1), min(loads), max(loads)))
