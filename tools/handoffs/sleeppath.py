# A GIL waiter's way into and out of its futex sleep, and the forced droppers that were preempted before their
# switch_cond wait, from a recording of sched-record.sh (the shim's calls and the kernel's sched_switch events):
#   python3 sleeppath.py /tmp/four
# (1) each timed-out pass of a wait on gil->cond: from the switch that put the thread on its CPU to the wait's
# return, from the return to its next call to wait, and from that call to the switch that took it off (asleep);
# switches onto a CPU whose switches out of idle the trace omits (CPU 1 on this project's VM, see cores.py) are
# missing, so the first figure comes from the other CPU alone. (2) every drop (a signal of gil->cond by a thread that
# then waits or runs on): whether the dropper waited on switch_cond next and whether the kernel switched it out
# runnable (preempted, state R) between the drop and its next call. docs/model.md, "A waiter's way into and out of its
# sleep".
import bisect
import collections
import json
import re
import sys

import shimcalls

SWITCH = re.compile(r"\[(\d+)\].* (\d+)\.(\d+): sched_switch: .*prev_pid=(\d+) .*prev_state=(\S+) ==> "
                    r".*next_pid=(\d+)")
UNTIMED_WAIT = 5  # the shim's pthread_cond_wait (switch_cond's wait in drop_gil)


def quantiles(xs):
    xs = sorted(xs)
    if not xs:
        return "-"
    return " / ".join("%.1f" % xs[min(len(xs) - 1, int(p * len(xs)))] for p in (0.1, 0.5, 0.9))


base = sys.argv[1]
meta = json.load(open(base + ".json"))
names = {v: k for k, v in meta["threads"].items()}
_, calls = shimcalls.read(base + ".calls.txt")
cond, switch_cond = shimcalls.gil_conds(calls)
ins, outs = collections.defaultdict(list), collections.defaultdict(list)
for line in open(base + ".sched.txt"):
    m = SWITCH.search(line)
    if m:
        t = int(m.group(2)) * 10**9 + int(m.group(3)) * 1000  # the trace prints microseconds
        outs[int(m.group(4))].append((t, m.group(5)))
        ins[int(m.group(6))].append(t)

to_return, to_call, to_sleep = [], [], []
by_thread = collections.defaultdict(list)
for c in calls:
    if c[1] in names and c[3] in (cond, switch_cond):
        by_thread[c[1]].append(c)
for tid, own in by_thread.items():
    came = ins.get(tid, [])
    left = [t for t, state in outs.get(tid, []) if state == "S"]
    for (t, _, kind, obj, rc), nxt in zip(own, own[1:]):
        if not (obj == cond and kind == shimcalls.TIMED_WAIT_END and rc == 110 and nxt[3] == cond
                and nxt[2] == shimcalls.TIMED_WAIT):
            continue
        i = bisect.bisect_right(came, t) - 1
        if i >= 0 and t - came[i] < 300_000:
            to_return.append((t - came[i]) / 1000)
        to_call.append((nxt[0] - t) / 1000)
        j = bisect.bisect_left(left, nxt[0])
        if j < len(left) and left[j] - nxt[0] < 300_000:
            to_sleep.append((left[j] - nxt[0]) / 1000)
print("a timed-out pass of a wait on gil->cond, p10 / p50 / p90 us")
print("  switched onto its CPU to the wait's return   %s (n=%d)" % (quantiles(to_return), len(to_return)))
print("  the return to its next call to wait          %s (n=%d)" % (quantiles(to_call), len(to_call)))
print("  that call to being switched off, asleep      %s (n=%d)" % (quantiles(to_sleep), len(to_sleep)))

drops = collections.Counter()
for tid, own in by_thread.items():
    switched = outs.get(tid, [])
    times = [t for t, _ in switched]
    for (t, _, kind, obj, _), nxt in zip(own, own[1:]):
        if not (kind == shimcalls.SIGNAL and obj == cond):
            continue
        forced = nxt[2] == UNTIMED_WAIT and nxt[3] == switch_cond
        i = bisect.bisect_left(times, t - 2000)  # the trace's microseconds against the shim's nanoseconds
        between = [state for at, state in switched[i:] if at <= nxt[0]][:1]
        preempted = between == ["R"]
        drops[(forced, preempted)] += 1
total = sum(drops.values())
print("drops of the GIL (%d), by what the dropper did next" % total)
for (forced, preempted), label in (((True, False), "waited on switch_cond"),
                                   ((True, True), "waited on switch_cond after a preemption"),
                                   ((False, True), "preempted first, then did not wait (the switch was done)"),
                                   ((False, False), "did not wait, not preempted (a drop with no request)")):
    n = drops[(forced, preempted)]
    print("  %-58s %5d (%.0f %%)" % (label, n, 100.0 * n / total if total else 0))
