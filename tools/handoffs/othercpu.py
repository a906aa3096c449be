# The crowded forced drops of recordings made with GILSIM_HANDOFF_CPU=1 (the shim then stamps each call to wait
# with its CPU), by where the other waiter went to sleep: on the CPU the requester calls wait again on, or on the
# holder's (two CPUs). With several other waiters, the one glibc's futex wake goes to: the longest asleep (its latest
# call to wait the oldest). Prints the requester's share of the drops by that and by the gap from the requester's new
# call to wait to the drop; then, at gaps of 0.25 to 1 us, by that and by how long before the drop the other waiter's
# latest call to wait came (docs/validation.md, "One profile per interpreter").
#   GILSIM_HANDOFF_CPU=1 GILSIM_HANDOFF_OUT=/tmp/c.calls.txt LD_PRELOAD=/tmp/shim.so python3.12 spinners.py 10 3 > /tmp/c.json
#   python3 othercpu.py /tmp/c [/tmp/d ...]
import collections
import json
import sys

import shimcalls

BINS = [(0, 250), (250, 500), (500, 750), (750, 1000), (1000, 1500), (1500, 2000), (2000, 3000)]
AGES = [(0, 200_000, "under 200 us"), (200_000, 1_000_000, "200 us to 1 ms"), (1_000_000, 3_000_000, "1 to 3 ms"),
        (3_000_000, 10 ** 12, "over 3 ms")]
table = collections.defaultdict(lambda: [0, 0])
by_age = collections.defaultdict(lambda: [0, 0])
for prefix in sys.argv[1:]:
    _, calls = shimcalls.read(prefix + ".calls.txt")
    cpu = {(tid, t): rc for t, tid, kind, obj, rc in calls if kind == shimcalls.TIMED_WAIT}
    if not any(cpu.values()):
        sys.exit("%s: no call to wait has a CPU but 0: record with GILSIM_HANDOFF_CPU=1" % prefix)
    names = json.load(open(prefix + ".json"))["threads"]

    def cpu_of(name, t):
        return cpu.get((names[name], t))

    def at_drop(t, requester, others, last_wait, in_wait, woken):
        other = min(others, key=lambda o: last_wait.get(o, t))
        if requester not in last_wait or other not in last_wait:
            return None
        same = cpu_of(requester, last_wait[requester]) == cpu_of(other, last_wait[other])
        return t - last_wait[requester], ("the requester's CPU" if same else "the holder's CPU", t - last_wait[other])

    for gap, (where, age), won in shimcalls.crowded_drops(prefix + ".calls.txt", prefix + ".json", at_drop):
        for lo, hi in BINS:
            if lo <= gap < hi:
                table[(where, lo, hi)][0] += 1
                table[(where, lo, hi)][1] += won
        for lo, hi, label in AGES:
            if 250 <= gap < 1000 and lo <= age < hi:
                by_age[(where, label)][0] += 1
                by_age[(where, label)][1] += won
print("crowded forced drops by where the other waiter slept: the requester's share, by its re-wait to the drop")
for where in ("the holder's CPU", "the requester's CPU"):
    cells = []
    for lo, hi in BINS:
        n, won = table[(where, lo, hi)]
        cells.append("%.2f-%.2f us %s" % (lo / 1e3, hi / 1e3, "%3.0f %% of %d" % (100.0 * won / n, n) if n else "-"))
    print("  other waiter on %-20s %s" % (where + ":", "; ".join(cells)))
print("at gaps of 0.25-1 us, by how long before the drop the other waiter's latest call to wait came")
for where in ("the holder's CPU", "the requester's CPU"):
    cells = []
    for _, _, label in AGES:
        n, won = by_age[(where, label)]
        cells.append("%s %s" % (label, "%3.0f %% of %d" % (100.0 * won / n, n) if n else "-"))
    print("  other waiter on %-20s %s" % (where + ":", "; ".join(cells)))
