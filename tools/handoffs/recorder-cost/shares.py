# The requester's share of the crowded forced drops in rot-shares.sh's rounds: each plain run (T) and recorded run
# (E) read from its scheduler trace (../schedshares.py), and the recorded runs from the shim's log too; then pooled,
# and the recorded minus the plain share round by round.
#   python3 shares.py DIR
import glob
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import schedshares  # noqa: E402
import shimcalls  # noqa: E402


def pct(won, drops):
    return 100.0 * won / max(1, drops)


rows = {}
for meta_path in sorted(glob.glob(os.path.join(sys.argv[1], "*-*.json"))):
    stem = meta_path[:-len(".json")]
    i, v = os.path.basename(stem).split("-")
    d = schedshares.drops(stem + ".sched.txt", json.load(open(meta_path)))
    row = [sum(r == k for _, r, k in d), len(d)]
    if v == "E":
        shim = shimcalls.crowded_drops(stem + ".calls.txt", meta_path, lambda t, *_: (t,))
        row += [sum(w for _, w in shim), len(shim)]
    rows.setdefault(int(i), {})[v] = row
total = {"T": [0, 0], "E (trace)": [0, 0], "E (shim)": [0, 0]}
diffs = []
for i in sorted(rows):
    t, e = rows[i]["T"], rows[i]["E"]
    for key, (w, n) in (("T", t[:2]), ("E (trace)", e[:2]), ("E (shim)", e[2:])):
        total[key][0] += w
        total[key][1] += n
    diffs.append(pct(*e[:2]) - pct(*t[:2]))
    print("%2d  T %5.1f %% of %4d   E (trace) %5.1f %% of %4d   E (shim) %5.1f %% of %4d"
          % (i, pct(*t[:2]), t[1], pct(*e[:2]), e[1], pct(*e[2:]), e[3]))
for key, (w, n) in total.items():
    print("%-10s %5.1f %% of %d" % (key, pct(w, n), n))
print("E - T, round by round: median %+.1f points, E the lower in %d of %d"
      % (statistics.median(diffs), sum(x < 0 for x in diffs), len(diffs)))
