# Each variant's runs against the plain run of the same round: means, medians, the median of the paired p99
# differences, and in how many rounds the variant's figure was the shorter.
#   python3 compare.py out.tsv
import json
import statistics as st
import sys

rows = {}
for line in open(sys.argv[1]):
    i, v, load, js = line.rstrip("\n").split("\t")
    rows.setdefault(int(i), {})[v] = json.loads(js)
variants = sorted({v for r in rows.values() for v in r} - {"plain"})
for key in ["p50", "p99", "max"]:
    plain = [r["plain"][key] for r in rows.values()]
    print("%s plain mean %.1f median %.1f" % (key, st.mean(plain), st.median(plain)))
    for v in variants:
        xs = [r[v][key] for r in rows.values()]
        diff = st.median([r[v][key] - r["plain"][key] for r in rows.values()])
        shorter = sum(1 for r in rows.values() if r[v][key] < r["plain"][key])
        print("  %s mean %.1f median %.1f, paired difference median %+.1f, shorter in %d of %d"
              % (v, st.mean(xs), st.median(xs), diff, shorter, len(rows)))
