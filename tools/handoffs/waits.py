# How GIL waits end, both sides of a `gilsim validate FILE --handoffs --handoff-trace T.json` pair, one process each:
#   python3 waits.py T.json
# For each side: how many other threads took the GIL during a thread's wait (a wait of four spinners that two others'
# holds cover is 2), whether each drop request came from the thread that held the GIL before the holder, how late the
# timed waits that ran out returned (the gap between a thread's successive timeouts in one wait, less the interval),
# how soon after a drop the next woken waiter's wait returned, and the wake-ups that found the GIL taken (by a thread
# whose own timed wait ran out meanwhile, or otherwise). docs/model.md, "A waiter's way into and out of its sleep".
# Last, the long waits (30 ms or more): per wait, how many of the thread's own timeouts saw a switch, how many asked
# for a drop (and so lost the drop they asked for, but the last), and the holds of others they covered
# (docs/validation.md, "Three spinners: long waits of another kind").
import collections
import json
import sys

INTERVAL_US = float(sys.argv[2]) if len(sys.argv) > 2 else 5000.0
ORDER = {"woken": 0, "timed out": 0, "timed out: drop request": 0, "TAKE": 1, "DROP": 2}


def q(xs, ps=(0.1, 0.5, 0.9, 0.99)):
    xs = sorted(xs)
    return " / ".join("%.1f" % xs[min(len(xs) - 1, int(p * len(xs)))] for p in ps) if xs else "-"


trace = json.load(open(sys.argv[1]))["traceEvents"]
sides = {e["pid"]: e["args"]["name"] for e in trace if e["ph"] == "M" and e["name"] == "process_name"}
for pid, side in sorted(sides.items()):
    seq, waits = [], []
    for e in trace:
        if e.get("pid") != pid or e["ph"] == "M":
            continue
        if e["name"] == "holds GIL":
            seq += [(e["ts"], e["tid"], "TAKE"), (e["ts"] + e["dur"], e["tid"], "DROP")]
        elif e["name"] == "waits for GIL":
            waits.append((e["ts"], e["ts"] + e["dur"], e["tid"]))
        elif e["ph"] == "i" and e["name"] in ORDER:
            seq.append((e["ts"], e["tid"], e["name"]))
    seq.sort(key=lambda s: (s[0], ORDER[s[2]]))
    takes = [s for s in seq if s[2] == "TAKE"]
    covered = collections.Counter()
    for start, end, _ in waits:
        if end - start >= 1000:  # a wait of a millisecond or more
            covered[sum(1 for t in takes if start < t[0] < end)] += 1
    holders, last_timeout = [], {}
    requests = collections.Counter()
    lateness, woken_after_drop, found_taken = [], [], collections.Counter()
    last_drop = None
    for i, (t, tid, what) in enumerate(seq):
        if what.startswith("timed out"):
            if tid in last_timeout:
                lateness.append(t - last_timeout[tid] - INTERVAL_US)
            last_timeout[tid] = t
            if what.endswith("request"):
                requests["the holder's predecessor" if len(holders) > 1 and holders[-2] == tid else "another"] += 1
        elif what == "DROP":
            last_drop = t
        elif what == "woken":
            if last_drop is not None:
                woken_after_drop.append(t - last_drop)
                last_drop = None
            following = next((s for s in seq[i + 1:] if s[1] == tid), None)
            if following and following[2] != "TAKE":  # woken, found the GIL taken, waits again
                taker = next((s for s in reversed(seq[:i]) if s[2] == "TAKE"), None)
                timed_out = taker and any(s[1] == taker[1] and s[2] == "timed out"
                                          for s in seq[max(0, i - 8):i] if s[0] <= taker[0])
                found_taken["by a thread whose wait ran out" if timed_out else "otherwise"] += 1
        elif what == "TAKE":
            holders.append(tid)
            last_timeout.pop(tid, None)
    long_waits = [(a, b, tid) for a, b, tid in waits if b - a >= 30000]
    own = collections.Counter()
    for start, end, tid in long_waits:
        for t, who, what in seq:
            if start < t <= end and (who == tid and what.startswith("timed out") or who != tid and what == "TAKE"):
                own["holds of others" if what == "TAKE" else what] += 1
    total = sum(covered.values())
    print(side)
    print("  waits of 1 ms or more, by the holds of others they covered: " + ", ".join(
        "%d: %.0f %%" % (k, 100.0 * v / total) for k, v in sorted(covered.items()) if k <= 8) + " (n=%d)" % total)
    print("  drop requests from: " + ", ".join("%s %d" % kv for kv in sorted(requests.items())))
    print("  a timed wait's lateness p10 / p50 / p90 / p99 us: " + q(lateness))
    print("  a drop to the next woken wait's return p10 / p50 / p90 / p99 us: " + q(woken_after_drop))
    print("  wake-ups that found the GIL taken: " + (", ".join("%s %d" % kv for kv in sorted(found_taken.items()))
                                                      or "none"))
    n = len(long_waits)
    print("  waits of 30 ms or more: %d" % n + ("; per wait, its own timeouts that saw a switch %.1f, that asked for a "
          "drop %.1f, holds of others %.1f" % (own["timed out"] / n, own["timed out: drop request"] / n,
                                               own["holds of others"] / n) if n else ""))
