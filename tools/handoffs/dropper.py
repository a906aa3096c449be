# Where a forced dropper was between the take that ended its forced wait and its next call to wait for the GIL, from
# sched-record.sh's files: preempted or not (by the taker or another thread), whether it slept first, and on which
# CPU it ran again, by how long it took to come back (under 100 us, under 1 ms, longer). Prints last the scheduler
# events around the median one of those that took longer than 1 ms.
#   python3 dropper.py OUT_PREFIX
import bisect
import collections
import json
import sys

import shimcalls

prefix = sys.argv[1]
meta = json.load(open(prefix + ".json"))
names = {v: k for k, v in meta["threads"].items()}
_, calls = shimcalls.read(prefix + ".calls.txt")
cond, switch_cond = shimcalls.gil_conds(calls)
sched = [e for e in shimcalls.sched(prefix + ".sched.txt")[0] if e[1] != "K"]
times = [e[0] for e in sched]

# (back ns, dropper, take t, its next wait t, taker) for each take by another thread than the holder
holder, pending, out = None, None, []
for t, tid, kind, obj, rc in calls:
    if tid not in names or not meta["start_ns"] <= t <= meta["end_ns"]:
        continue
    if obj == switch_cond and kind == shimcalls.SIGNAL and tid != holder:
        if holder is not None:
            pending = (holder, t, tid)
        holder = tid
    elif obj == cond and kind == shimcalls.TIMED_WAIT and pending and tid == pending[0]:
        out.append((t - pending[1],) + pending[:2] + (t, pending[2]))
        pending = None


def band(ns):
    return "under 100 us" if ns < 100_000 else "under 1 ms" if ns < 1_000_000 else "1 ms or more"


ways = collections.Counter()
for back, dropper, t0, t1, taker in out:
    i = bisect.bisect_left(times, t0 - 50_000)  # the preemption can come just before the take
    mine = [e for e in sched[i:bisect.bisect_right(times, t1)] if e[1] == "S" and dropper in (e[3], e[5])]
    pre = next((e for e in mine if e[3] == dropper and e[4] in ("R", "R+")), None)
    slept = next((e for e in mine if e[3] == dropper and e[4] not in ("R", "R+")), None)
    again = [e for e in mine if e[5] == dropper]
    if pre is None:
        how = "not preempted" + (", slept first" if slept else "")
    else:
        how = "preempted by " + ("the taker" if pre[5] == taker else "another")
        how += ", back on " + ("its CPU" if again and again[-1][2] == pre[2] else "the other CPU" if again else "?")
    ways[(how, band(back))] += 1
print("%d takes by another thread after a forced drop: the dropper until its next call to wait" % len(out))
for (how, b), n in sorted(ways.items(), key=lambda kv: -kv[1]):
    print("  %-46s %-13s %5d" % (how, b, n))
slow = sorted(o for o in out if o[0] >= 1_000_000)
if slow:
    back, dropper, t0, t1, taker = slow[len(slow) // 2]
    print("the median of those 1 ms or more (%.0f us; dropper %d, taker %d), us from the take:" % (back / 1e3, dropper,
                                                                                                 taker))
    for e in sched[bisect.bisect_left(times, t0 - 30_000):bisect.bisect_right(times, t1 + 5_000)]:
        if e[1] == "S" or e[3] in names:
            print("  %9.1f %s" % ((e[0] - t0) / 1e3, e[1:]))
