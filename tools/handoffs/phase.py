# The timers' phase between two switches, from the Perfetto pair `validate --handoffs --handoff-trace` writes: for
# the real run and the simulated one, what happened between each take of the GIL and the next, by role: the holder's
# predecessor (P, the thread that held the GIL before it), the other waiters (O), the holder itself (H); each
# timeout that saw a switch (t) or asked for a drop (r), in order, then who took the GIL next (">P", ">O"). Then how
# long after a drop the predecessor began to wait, how long after the last drop the other waiters' timeouts came,
# and, where the other waiter's timeout came first and the predecessor's request next, how long apart (two timers
# fired by one interrupt come back microseconds apart, in deadline order; docs/model.md, "When a timer fires").
#   python3 phase.py /tmp/cb3.json
import collections
import json
import sys


def quantiles(xs, ps):
    xs = sorted(xs)
    return " / ".join("%.1f" % xs[min(len(xs) - 1, int(p / 100 * len(xs)))] for p in ps) if xs else "-"


events = json.load(open(sys.argv[1]))["traceEvents"]
names = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
for pid in sorted(names):
    calls = []
    for e in events:
        if e.get("pid") != pid:
            continue
        if e.get("ph") == "X" and e["name"] == "holds GIL":
            calls += [(e["ts"], "take", e["tid"]), (e["ts"] + e["dur"], "drop", e["tid"])]
        elif e.get("ph") == "X" and e["name"] == "waits for GIL":
            calls.append((e["ts"], "wait", e["tid"]))
        elif e.get("ph") == "i" and e["name"] in ("timed out", "timed out: drop request"):
            calls.append((e["ts"], "r" if "request" in e["name"] else "t", e["tid"]))
    calls.sort()
    holder = predecessor = last_drop = None
    between, between_ts, patterns = [], [], collections.Counter()
    wait_after_drop, other_timeouts_after_drop, other_to_request = [], [], []
    for ts, what, tid in calls:  # ts in microseconds
        if what == "take":
            if holder is not None:
                roles = "".join(("P" if x == predecessor else "H" if x == holder else "O") + k for k, x in between)
                patterns[roles + ">" + ("P" if tid == predecessor else "O")] += 1
                if roles == "OtPr":
                    other_to_request.append(between_ts[1] - between_ts[0])
            predecessor, holder, between, between_ts = holder, tid, [], []
        elif what == "drop":
            last_drop = ts
        elif what == "wait":
            if last_drop is not None and tid == predecessor:
                wait_after_drop.append(ts - last_drop)
        else:
            between.append((what, tid))
            between_ts.append(ts)
            if what == "t" and tid not in (predecessor, holder) and last_drop is not None:
                other_timeouts_after_drop.append(ts - last_drop)
    total = sum(patterns.values())
    print("%s: %d switches; between two, in order (P predecessor, O other, H holder; t a timeout that saw a switch,"
          " r one that asked for a drop; > who took next):" % (names[pid], total))
    for p, n in patterns.most_common(6):
        print("  %-10s %5.1f %%" % (p or "(nothing)", 100.0 * n / total))
    print("  the predecessor's wait began after the drop p10 / p50 / p90: %s us" % quantiles(wait_after_drop, (10, 50, 90)))
    print("  the other waiters' timeouts that saw a switch, after the last drop p1 / p10 / p50: %s us"
          % quantiles(other_timeouts_after_drop, (1, 10, 50)))
    print("  OtPr: from the other waiter's timeout to the predecessor's request p1 / p10 / p50 / p90: %s us"
          % quantiles(other_to_request, (1, 10, 50, 90)))
